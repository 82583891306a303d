// VDH's catalogue entries (van der Hoeven 2019 and its thesis chapter): IDs, parameters, domains, citations, files.
#include <utility>

#include "privoco/catalogue.hpp"

namespace privoco::vdh {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
const Domain kReal = domains::real, kNonNeg = domains::nonneg, kPos = domains::pos;

// Sampling boxes: the accuracy figures are stated over L in [-1e5, 1e5], V in [0, 1e6],
// b and G in [1e-3, 1e3], log-uniform; tiny |L| and V reach the regimes where w and F are small.
ParamSpec L() { return {"L", kReal, "minus the sum of the noisy gradients so far", {1e-8, 1e5, true, 0.01}}; }
ParamSpec V() { return {"V", kNonNeg, "sum of squared noisy gradients so far (excludes b)", {1e-8, 1e6, false, 0.05}}; }
ParamSpec b() { return {"b", kPos, "conjugate-prior width, prior density ~ exp(-b v^2)", {1e-3, 1e3, false, 0}}; }
ParamSpec G() {
  return {"G", kPos, "bound on the gradient mean; the prior lives on [-C, C], C = 1/(5G)", {1e-3, 1e3, false, 0}};
}

}  // namespace

void register_paper(std::vector<Entry>& t) {
  t.push_back({"VDH.pred.conj", "pred", "VDH eq (5) = (3.3.2) with the conjugate prior of eq (6) = (3.3.3)",
               "conjugate-prior prediction w = (1/Z) int_{-C}^{C} v exp(vL - v^2 (b+V)) dv",
               {L(), V(), b(), G()}, true, true,
               "reference/vdh/conj.cpp fast/vdh/conj.cpp fast/vdh/conj_kernel.cpp tests/vdh/conj_test.cpp "
               "tests/vdh/conj_fast_test.cpp"});
  t.push_back({"VDH.pred.conj_printed", "pred", "VDH eq (7) = (3.3.4), as printed",
               "the printed closed form of eq (7), evaluated literally (see ERRATA.md E1)",
               {L(), V(), b(), G()}, true, false,
               "reference/vdh/conj.cpp fast/vdh/conj.cpp tests/vdh/conj_test.cpp"});
  t.push_back({"VDH.pot.conj", "pot", "VDH eq (4) = (3.3.1) with eq (6); written out in Lemma 11 proof (002)",
               "conjugate-prior potential F = (1/Z) int_{-C}^{C} exp(vL - v^2 (b+V)) dv - 1",
               {L(), V(), b(), G()}, true, true,
               "reference/vdh/conj.cpp fast/vdh/conj.cpp tests/vdh/conj_test.cpp"});
  t.push_back({"VDH.pot.Z", "pot", "VDH eq (6) = (3.3.3), conjugate prior",
               "conjugate-prior normaliser Z = int_{-C}^{C} exp(-b v^2) dv",
               {b(), G()}, true, true,
               "reference/vdh/conj.cpp fast/vdh/conj.cpp tests/vdh/conj_test.cpp"});
  t.push_back({"VDH.pred.uniform", "pred", "VDH eq (5) = (3.3.2) with the uniform prior (prior list after eq (6))",
               "uniform-prior prediction w = (1/(2C)) int_{-C}^{C} v exp(vL - v^2 V) dv",
               {L(), V(), G()}, true, true,
               "reference/vdh/conj.cpp fast/vdh/conj.cpp fast/vdh/conj_kernel.cpp tests/vdh/uniform_test.cpp"});
  t.push_back({"VDH.pot.uniform", "pot", "VDH eq (4) = (3.3.1) with the uniform prior (prior list after eq (6))",
               "uniform-prior potential F = (1/(2C)) int_{-C}^{C} exp(vL - v^2 V) dv - 1",
               {L(), V(), G()}, true, true,
               "reference/vdh/conj.cpp fast/vdh/conj.cpp tests/vdh/uniform_test.cpp"});
  t.push_back({"VDH.pred.improper", "pred", "VDH (3.8.1) (002), Thm 12 (002) §3.8: improper prior dP/dv = 1/|v|",
               "improper-prior prediction w = int_{-C}^{C} sign(v) exp(vL - v^2 V) dv (no normaliser, A7)",
               {L(), V(), G()}, true, true,
               "reference/vdh/improper.cpp fast/vdh/improper.cpp tests/vdh/improper_test.cpp"});
  t.push_back({"VDH.pot.improper", "pot", "VDH eq (4) = (3.3.1) with the improper prior; Thm 12 proof (002) §3.8",
               "improper-prior potential F = int_{-C}^{C} (exp(vL - v^2 V) - 1) dv/|v| (A7(a), -1 inside)",
               {L(), V(), G()}, true, true,
               "reference/vdh/improper.cpp fast/vdh/improper.cpp tests/vdh/improper_test.cpp"});
  {
    // CV prior: printed "for G > 1/5" (C = 1/(5G) < 1; the density 1/(|v| ln^2|v|) is not integrable up to v = 1)
    const ParamSpec Gcv{"G", {0.2, kInf, false, false}, "bound on the gradient mean; the CV prior needs G > 1/5",
                        {0.21, 1e3, false, 0}};
    const ParamSpec Vcv{"V", kNonNeg, "sum of squared noisy gradients so far", {1e-8, 1e4, false, 0.05}};
    const ParamSpec Lcv{"L", kReal, "minus the sum of the noisy gradients so far", {1e-8, 1e3, true, 0.01}};
    t.push_back({"VDH.pred.cv", "pred", "VDH eq (5) = (3.3.2) with the CV prior (prior list after eq (6))",
                 "CV-prior prediction w = (1/Z) int_{-C}^{C} v exp(vL - v^2 V) / (|v| ln^2|v|) dv, Z = 2/ln(5G)",
                 {Lcv, Vcv, Gcv}, true, true, "reference/vdh/cv.cpp fast/vdh/cv.cpp tests/vdh/cv_test.cpp"});
    t.push_back({"VDH.pot.cv", "pot", "VDH eq (4) = (3.3.1) with the CV prior (prior list after eq (6))",
                 "CV-prior potential F = (1/Z) int_{-C}^{C} exp(vL - v^2 V) / (|v| ln^2|v|) dv - 1",
                 {Lcv, Vcv, Gcv}, true, true, "reference/vdh/cv.cpp fast/vdh/cv.cpp tests/vdh/cv_test.cpp"});
  }
  t.push_back({"VDH.bound.thm1", "bound", "VDH Thm 1 (000) = Thm 10 (002), as printed",
               "1 + |u| max{11G(ln(11G|u|) - 1 + ln(sqrt5 G sqrt(pi)/(4 sqrt b))), "
               "sqrt(8(b+V) ln(16u^2 (b+V)^{3/2} sqrt(pi)/sqrt(b) + 1))}; V = sum g^2 (A10 deterministic)",
               {{"u", kReal, "comparator", {1e-3, 1e3, true, 0.02}}, V(), b(), G()}, true, true,
               "reference/vdh/bounds.cpp fast/vdh/bounds.cpp proofs-checks/vdh/regret.cpp tests/vdh/bounds_test.cpp"});
  t.back().has_proof = true;  // privoco prove VDH.bound.thm1: Algorithm 1 against the bound by simulation
  t.push_back({"VDH.bound.thm1_corrected", "bound", "not printed; built from the Thm 10 proof (002) with its steps computed",
               "max{|u| sqrt(2B) + 1, sqrt(2Hw) - sqrt(2H/w) + 1, (|u|/c)(ln(|u|/c) - 1 + ln(Z/(mu-eta))) + 1}, "
               "H = u^2 B, w = W(4e H B Z^2), 1/c = 100G/(7 - sqrt5), Z exact (ERRATA.md E4, E8, E9)",
               {{"u", kReal, "comparator", {1e-3, 1e3, true, 0.02}}, V(), b(), G()}, true, true,
               "reference/vdh/bounds.cpp fast/vdh/bounds.cpp proofs-checks/vdh/conj_checks.cpp tests/vdh/bounds_test.cpp"});
  t.back().has_proof = true;  // privoco prove VDH.bound.thm1_corrected: against the computed conjugate
  t.push_back({"VDH.bound.thm12", "bound", "VDH Thm 12 (002), (3.8.2), as printed (reading A9(a))",
               "max{|u| sqrt(8V)(sqrt(ln(8u^2 V + 1)) + 1), |u| 11G(ln(|u| 11G ln 2) - 1) + ln 2, "
               "|u|(sqrt(2V) + 1 + ln(1 + 2 sqrt(2V)))}; V = sum g^2 (A10 deterministic)",
               {{"u", kReal, "comparator", {1e-3, 1e3, true, 0.02}}, V(), G()}, true, true,
               "reference/vdh/bounds.cpp fast/vdh/bounds.cpp proofs-checks/vdh/regret.cpp tests/vdh/bounds_test.cpp"});
  t.back().has_proof = true;  // privoco prove VDH.bound.thm12: Algorithm 1 (improper prior) by simulation
  // Per-coordinate parameters u_j, V_j, b_j (comma-separated on the command line; d is their common length).
  {
    ParamSpec u{"u", kReal, "comparator", {1e-3, 1e3, true, 0.02}};
    ParamSpec Vj = V(), bj = b();
    u.per_coordinate = Vj.per_coordinate = bj.per_coordinate = true;
    Vj.meaning = "sum of squared noisy gradients of coordinate j (excludes b_j)";
    bj.meaning = "conjugate-prior width of coordinate j";
    const ParamSpec d{"d", {1, kMaxDimension, true, true}, "dimension: the common length of u, V, b", {1, 8, false, 0}};
    t.push_back({"VDH.bound.thm2", "bound", "VDH Thm 2 (000) = Thm 11 (002), as printed",
                 "d + sum_j |u_j| max{11G(ln(11G|u_j|) - 1 + ln(sqrt5 G sqrt(pi)/(4 sqrt b_j))), sqrt(8(b_j+V_j) "
                 "ln(16u_j^2 (b_j+V_j)^{3/2} sqrt(pi)/sqrt(b_j) + 1))} = sum_j Thm 1 per coordinate (Algorithm 3)",
                 {d, u, Vj, bj, G()}, true, true,
                 "reference/vdh/bounds.cpp fast/vdh/bounds.cpp proofs-checks/vdh/regret.cpp tests/vdh/bounds_test.cpp "
                 "tests/vdh/regret_test.cpp"});
  }
  t.back().has_proof = true;  // privoco prove VDH.bound.thm2: Algorithm 3 by simulation
  t.push_back({"VDH.bound.rates", "bound", "VDH eqs (1), (2), (8), §4 (000) = (3.1.1), (3.1.2), (3.3.5), §3.4 (002)",
               "O(.) regret rates (no constants): shape against simulation (ratio realised/rate over T)", {}, false, false,
               "proofs-checks/vdh/regret.cpp oracle/vdh/scenarios.cpp tests/vdh/regret_test.cpp"});
  t.back().has_proof = true;  // privoco prove VDH.bound.rates: fitted growth of realised/rate
  t.push_back({"VDH.conj.Fstar", "conj", "VDH §2 notation, Lemma 2 (000) = §3.2, Lemma 5 (002); conjugate prior",
               "F*(u) = sup_L (uL - F(L; V, b, G)) for the conjugate-prior potential (computed; certified by bracketing)",
               {{"u", kReal, "argument", {1e-3, 1e3, true, 0.02}}, V(), b(), G()}, true, true,
               "reference/vdh/fstar.cpp fast/vdh/fstar.cpp tests/vdh/bounds_test.cpp"});
  t.push_back({"VDH.conj.exp_linear", "conj", "VDH Lemma 11 case 2 and Thm 12 proofs (002), after (3.8.4); derived",
               "conjugate of A e^{cL} - K: sup_L (uL - A e^{cL} + K) = (u/c)(ln(u/(Ac)) - 1) + K (not printed; derived)",
               {{"A", kPos, "factor", {1e-3, 1e3, false, 0}}, {"c", kPos, "rate", {1e-3, 1e3, false, 0}},
                {"K", kReal, "offset", {1e-3, 1e3, true, 0.05}}, {"u", kPos, "argument (|u|)", {1e-3, 1e3, false, 0}}},
               true, true, "reference/vdh/bounds.cpp fast/vdh/bounds.cpp tests/vdh/bounds_test.cpp"});
  {
    Entry e1{"VDH.conj.lemma11_case1", "conj", "VDH Lemma 11 (002) case 1, (3.7.1)",
             "printed bound on sup{uL - F(L) : sqrt(2B) < L <= 2CB} (conjugate prior), checked against the computed sup",
             {}, false, false, "proofs-checks/vdh/conj_checks.cpp tests/vdh/regret_test.cpp"};
    e1.has_proof = true;
    t.push_back(e1);
    Entry e{"VDH.conj.thm10_case2", "conj", "VDH (3.7.2), Thm 10 proof (002); the first term of Thm 1 (000)",
            "printed bound on sup{uL - F(L) : L >= 2C(V+b)} (conjugate prior), checked against the computed sup",
            {}, false, false, "proofs-checks/vdh/conj_checks.cpp tests/vdh/regret_test.cpp"};
    e.has_proof = true;
    t.push_back(e);
  }
  // Algorithms (kind alg): streaming learners, run by `privoco run`; their parameters are the learner's
  // (gradients come from a file). Readings A1(a), A3, A5(b), A20(a), A21(a), A28(a): fast/include/privoco/fast/vdh/learners.hpp.
  const ParamSpec b_alg{"b", kPos, "conjugate-prior width (ignored with --prior uniform)", {}};
  const ParamSpec d_alg{"d", {1, kInf, true, false}, "dimension (integer; from the gradient file)", {}};
  t.push_back({"VDH.alg.alg1", "alg", "VDH Alg 1 (000) = Alg 1 (002), prediction eq (5) = (3.3.2)",
               "one-dimensional potential learner: w_t = E_v[v exp(v L_t - v^2 V_t)]", {b_alg, G()}, true, true,
               "fast/vdh/learners.cpp reference/vdh/learners.cpp tests/vdh/learners_test.cpp"});
  t.push_back({"VDH.alg.alg2", "alg", "VDH Alg 2 (000, 'Figure 2') = Alg 2 (002)",
               "black-box reduction: w_t = v_t z_t, v_t from Alg 1 fed <z_t, g_t>, z_t from VDH.alg.md_direction",
               {b_alg, G(), d_alg}, true, true,
               "fast/vdh/learners.cpp reference/vdh/learners.cpp tests/vdh/learners_test.cpp"});
  t.push_back({"VDH.alg.alg3", "alg", "VDH Alg 3 (000) = Alg 3 (002)",
               "coordinate-wise Alg 1 with the conjugate prior, one instance per coordinate (A21(a))",
               {b_alg, G(), d_alg}, true, true,
               "fast/vdh/learners.cpp reference/vdh/learners.cpp tests/vdh/learners_test.cpp"});
  t.push_back({"VDH.alg.md_direction", "alg", "VDH §3.1 (000) = §3.3.1 (002); Orabona and Pal 2018",
               "projected gradient descent on the unit ball, eta_t = 1/sqrt(sum_{s<=t} ||g_s||^2), z_1 = 0 (A28(a))",
               {d_alg}, true, true, "fast/vdh/learners.cpp reference/vdh/learners.cpp tests/vdh/learners_test.cpp"});
  t.push_back({"VDH.alg.local_laplace", "alg", "VDH §2.1 (000) = §3.2.1 (002)",
               "sampler: xi_j ~ (tau_j/4) exp(-tau_j |z|/2) (Laplace, scale 2/tau_j); tau_j = inf: xi_j = 0 (A17(b))",
               {{"tau", {0, kInf, false, true}, "per-coordinate scales (comma-separated)", {}}}, true, true,
               "fast/vdh/randomisers.cpp reference/vdh/randomisers.cpp tests/vdh/randomisers_test.cpp"});
  t.push_back({"VDH.alg.l2_mech", "alg", "VDH §2.1, §4 (000) = §3.2.1, §3.4 (002); Song et al. 2015",
               "sampler: xi ~ exp(-eps/2 ||z||_2) on R^d as R U, R ~ Gamma(d, 2/eps), U uniform on the sphere",
               {{"eps", kPos, "privacy parameter", {}}, d_alg}, true, true,
               "fast/vdh/randomisers.cpp reference/vdh/randomisers.cpp tests/vdh/randomisers_test.cpp"});
  // Claims (proofs-checks/, `privoco prove`): their parameters are the claim's constants or readings;
  // `privoco prove ID name=value` overrides them.
  auto claim = [&](const char* id, const char* kind, const char* files, const char* cit, const char* sum,
                   std::vector<ParamSpec> ps = {}) { t.push_back(claim_entry(id, kind, files, cit, sum, std::move(ps))); };
  const char* kLemmas = "proofs-checks/vdh/lemmas.cpp tests/vdh/lemmas_test.cpp";
  const char* kConj = "proofs-checks/vdh/conj_checks.cpp tests/vdh/regret_test.cpp";
  const char* kLower = "proofs-checks/vdh/lower_bounds.cpp tests/vdh/regret_test.cpp";
  const char* kPriv = "proofs-checks/vdh/privacy.cpp tests/vdh/privacy_test.cpp";
  claim("VDH.lemma.symmexp", "lemma", kLemmas, "VDH Lemma 4 (000) = Lemma 7 (002)",
        "E[exp(X - X^2)] <= 1 + E[X] for X symmetric about its mean, mean_lo <= E[X] <= mean_hi",
        {{"mean_lo", kReal, "least mean (printed -1/5)", {}}, {"mean_hi", kReal, "greatest mean (printed 1/5)", {}}});
  claim("VDH.lemma.lncosh", "lemma", kLemmas, "VDH Lemma 10 (002)", "ln cosh(y x) - x^2 <= 0 for all x",
        {{"y", kReal, "the constant (printed |y| <= 1.4)", {}}});
  claim("VDH.lemma.cbl24", "lemma", kLemmas, "VDH Lemma 7 proof (002); Cesa-Bianchi and Lugosi (2006) Lemma 2.4",
        "exp(x - x^2) <= 1 + x for x >= x_min", {{"x_min", kReal, "left end of the domain (printed -1/2)", {}}});
  claim("VDH.lemma.sq3", "lemma", kLemmas, "VDH §1 (000) = §3.1 (002), from eq (2) to eq (1)",
        "E||g + xi||^2 <= c E||xi||^2 + c E||g||^2 (pointwise: (a + b)^2 <= c (a^2 + b^2))",
        {{"c", kReal, "the constant (printed 3)", {}}});
  claim("VDH.lemma.potential_step", "lemma", kConj, "VDH Lemma 5 (000) = Lemma 8 (002)",
        "E[F(L - g; V + g^2)] <= F(L; V) - w(L, V) E[g] for symmetric g, |E g| <= G (supermartingale step)");
  claim("VDH.lemma.induction", "lemma", kConj, "VDH Lemma 3 (000) = Lemma 6 (002)",
        "E[-sum_t w_t g_t] >= E[F_T(-sum_t g_t)] for symmetric g_t, |E g_t| <= G");
  claim("VDH.lemma.decomp", "lemma", kConj, "VDH Lemma 6 (000) = Lemma 9 (002)",
        "Algorithm 2's regret = regret of Alg 1 on <z_t, g_t> at ||u|| + ||u|| x regret of the direction learner");
  claim("VDH.lemma.duality", "lemma", kConj, "VDH Lemma 2 (000) = Lemma 5 (002)",
        "E[R_T(u)] <= E[F_T^*(u)] (reward-regret duality)");
  claim("VDH.lemma.cv_integrable", "lemma",
        "proofs-checks/vdh/conj_checks.cpp reference/vdh/cv.cpp tests/vdh/regret_test.cpp",
        "VDH prior list after eq (6) (000) = (3.3.3) (002)", "the CV prior is normalisable iff G > 1/5 (Z = 2/ln(5G))");
  // The definitions (proofs-checks/vdh/definitions.cpp): their properties for every prior, and the protocol's
  // conditions on the noise the runs draw. `prior=` selects one prior.
  const char* kDefs = "proofs-checks/vdh/definitions.cpp tests/vdh/regret_test.cpp";
  claim("VDH.pot.def", "pot", kDefs, "VDH eq (4) (000) = (3.3.1) (002)",
        "F(L; V) = E_{v~P}[exp(vL - v^2 V) - 1] for any prior (per prior: VDH.pot.conj, .uniform, .improper, .cv)");
  claim("VDH.pred.def", "pred", kDefs, "VDH eq (5), Alg 1 line 2 (000) = (3.3.2) (002)",
        "w(L, V) = E_{v~P}[v exp(vL - v^2 V)] = dF/dL for any prior (per prior: VDH.pred.conj, .uniform, ...)");
  claim("VDH.alg.protocol", "alg", kDefs, "VDH §2.2 steps 1-3, eq (3) (000) = §3.2.2, (3.2.1) (002)",
        "OCO with noisy subgradients g~_t = g_t + xi_t, xi_t zero-mean symmetric independent; ||g_t|| <= G");
  // Printed lower bounds on a potential and the conjugates built on them (Lemma 11 and Theorem 12 proofs).
  claim("VDH.conj.fenchel_young", "conj",
        "proofs-checks/vdh/lower_bounds.cpp tests/vdh/bounds_test.cpp tests/vdh/regret_test.cpp",
        "VDH Lemma 2 proof (000) = Lemma 5 proof (002)",
        "F(x) + F*(u) >= ux (conjugate prior), with F* = VDH.conj.Fstar certified");
  claim("VDH.conj.thm12_cases", "conj", kLower, "VDH (3.8.3) and the two displays after it, Thm 12 proof (002)",
        "printed conjugate of exp((L/sqrt(2V) - 1)^2) - 1 via inf over gamma, against the direct conjugate and the "
        "derived form");
  claim("VDH.conj.lemma11_gamma", "conj", kLower, "VDH (3.7.3) and the lines after it, Lemma 11 proof (002)",
        "printed conjugate of exp(L^2/(4B) - 1/2 - S) - 1 via inf over gamma, its minimiser (Lambert W) and the "
        "bounds after it, against the direct conjugate and the derived form (reading A27: a27=a|b)");
  claim("VDH.conj.lemma11_case2", "conj", kLower, "VDH Lemma 11 (002), second case",
        "F(L) >= (nu([eta, mu])/Z) exp((eta - eta^2 (5/2) G) L) - 1 for L >= (2/(5G)) B, and its conjugate "
        "(u/c)(ln(u/c) - 1 + ln(Z/nu)) + 1 (conjugate prior)");
  claim("VDH.lemma.conj_lower", "lemma", kLower, "VDH Lemma 11 proof (002)",
        "F(L) >= ((mu - eta)/Z) exp(eta L - eta^2 B) - 1 for [eta, mu] in [-C, C] left of L/(2B) (conjugate prior)");
  claim("VDH.lemma.thm12_small", "lemma", kLower, "VDH Thm 12 proof (002), case L <= sqrt(2V)",
        "F(L) >= -1 - ln(1 + 2 sqrt(2V)) for 0 <= L <= sqrt(2V), with its intermediate lines (improper prior)");
  claim("VDH.lemma.thm12_mid", "lemma", kLower, "VDH Thm 12 proof (002), case sqrt(2V) < L, eta^ <= 1/(5G)",
        "F(L) >= exp((L/sqrt(2V) - 1)^2/2) - 1, with its intermediate lines (improper prior; A14, A24)");
  claim("VDH.lemma.thm12_large", "lemma", kLower, "VDH Thm 12 proof (002), (3.8.4), case eta^ > 1/(5G)",
        "F(L) >= (exp(L/(11G)) - 1) ln 2 for L > (2/(5G)) V, with its intermediate line (improper prior; A23)");
  claim("VDH.lemma.lambertw", "lemma", kLemmas, "VDH Lemma 11, Thm 12 proofs (002); Orabona and Pal (2016) Lemma 17",
        "W0(x) <= ln(1 + x) for x >= -1/e");
  // Privacy claims and quantities (kind priv); `tau` is a comma-separated list, each entry in (0, inf).
  const Domain kDim{1, kInf, true, false};
  const ParamSpec tau{"tau", kPos, "per-coordinate scales tau_1,...,tau_d (comma-separated)", {}};
  const ParamSpec eps{"eps", kPos, "privacy parameter of the norm-based density", {}};
  const ParamSpec dim{"d", kDim, "dimension (integer)", {}};
  claim("VDH.priv.local_laplace_eps", "priv", kPriv, "VDH Lemma 1 (000) = Lemma 4 (002)",
        "exact privacy loss of the local Laplace randomiser vs eps_t = sum tau_j", {tau});
  claim("VDH.priv.l2_eps", "priv", kPriv, "VDH §2.1 (000) = §3.2.1 (002); Song et al. 2015 Thm 1",
        "exact privacy loss of rho ~ exp(-eps/2 ||z||_2) vs eps", {eps, dim});
  claim("VDH.priv.l2_moment", "priv", kPriv, "VDH §4 (000) = §3.4 (002)",
        "E||xi||^2 = 4d(d+1)/eps^2 vs the printed 4 + 4(d^2+d)/eps^2", {eps, dim});
  claim("VDH.priv.local_laplace_moment", "priv", kPriv, "VDH §4 (000) = §3.4 (002)",
        "E||xi||^2 = sum 8/tau_j^2 (not printed)", {tau});
  claim("VDH.priv.ldp_def", "priv", kPriv, "VDH Definition 1 (000) = Definition 1 (002); Duchi et al. 2014",
        "eps-LDP over events S equals the density-ratio form for additive noise (local Laplace: sum tau_j <= eps)",
        {tau, eps});
  claim("VDH.priv.local_laplace_density", "priv", kPriv, "VDH §2.1 (000) = §3.2.1 (002)",
        "normaliser prod_j tau_j/4 of rho_t ~ exp(-sum tau_j/2 |z_j|); coordinates Laplace(2/tau_j) (derived)", {tau});
  claim("VDH.priv.noisy_grad_moment", "priv", kPriv, "VDH §1 (000) = §3.1 (002), from eq (2) to eq (1)",
        "E||g + xi||^2 = E||g||^2 + E||xi||^2 <= 3 E||xi||^2 + 3 E||g||^2 for the randomisers (holds iff c >= 1; "
        "noise=laplace|l2 selects tau or eps, d)",
        {tau, eps, dim, {"G", kPos, "bound on ||g||_2", {}},
         {"c", kReal, "the constant (printed 3)", {}}});
}

}  // namespace privoco::vdh
