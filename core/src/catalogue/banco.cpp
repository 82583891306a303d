// BANCO: Jun and Orabona, "Parameter-Free Locally Differentially Private Stochastic Subgradient Descent" (2019).
// Entries in catalogue order. The seed's text is garbled: every formula is a reading of its fragments, and every
// reading that changes numbers is a parameter given by name (k1_value, a_reading, c_reading). The magnitude learner's
// potential and bet are functions of (x, y, a): x the sum of the coins, y = t c, a the prior's half-width.
#include <utility>

#include "privoco/catalogue.hpp"

namespace privoco::banco {

namespace {
const Domain kPos = domains::pos, kReal = domains::real, kNonNeg = domains::nonneg;
const char* kConst = "reference/banco/magnitude.cpp fast/banco/magnitude.cpp tests/banco/magnitude_test.cpp";
const char* kMag = "reference/banco/magnitude.cpp fast/banco/magnitude.cpp tests/banco/magnitude_test.cpp";
const char* kNoise = "reference/banco/noise.cpp fast/banco/noise.cpp proofs-checks/banco/noise_checks.cpp tests/banco/noise_test.cpp";
}  // namespace

void register_paper(std::vector<Entry>& t) {
  // k1: the printed four digits, or the root that defines them (the same inequality as VDH.lemma.cbl24)
  const ParamSpec k1_value = reading_param("k1_value", {"printed", "root"},
                                           "k1 = 0.6838 as printed, or the root of ln(1 + x) = x - x^2 in (-1, 0), negated");
  // R1: a = min(k1/G, 1/b) or min(k1/G, 1/(2b))
  const ParamSpec a_reading = reading_param("a_reading", {"inv_b", "inv_2b"}, "a = min(k1/G, 1/b) or min(k1/G, 1/(2b)) (R1)");
  // R2: the beta^2 coefficient sigma^2/2 + G^2, or sigma_1D^2/2 + G^2 (a lost "1D" subscript)
  // (the reading under which the magnitude analysis holds first: the default; ERRATA.md E50)
  const ParamSpec c_reading =
      reading_param("c_reading", {"sigma1d2", "sigma2"}, "c = sigma_1D^2/2 + G^2 or sigma^2/2 + G^2 as extracted (R2)");
  const ParamSpec G{"G", kPos, "bound on the true subgradients, ||g_t|| <= G", {1e-3, 1e3, false, 0}};
  const ParamSpec x{"x", kReal, "the sum of the coins X_t = sum_s <g^_s, q_s>", {1e-4, 1e4, true, 0.02}};
  const ParamSpec y{"y", kNonNeg, "y = t c (t rounds; 0 at t = 0)", {1e-4, 1e6, false, 0.02}};
  const ParamSpec a{"a", kPos, "half-width of the uniform prior on the betting parameter", {1e-3, 1e1, false, 0}};

  const char* kDef = "proofs-checks/banco/definition_checks.cpp tests/banco/learner_test.cpp";
  t.push_back(claim_entry("BANCO.const.noisy_oracle", "const", kDef, "BANCO Sec 2 (\"Assumptions\"), Alg 1 line 3",
                          "g^_t = g_t + xi_t with E_t xi_t = 0 and ||g_t|| <= G (checked per round by privoco run banco)"));
  t.push_back(claim_entry("BANCO.const.eq1_variance", "const", kDef, "BANCO eq (1)",
                          "E_t ||xi_t||^2 <= sigma^2 (the Thm 2 noise and the Gaussian example: with equality)"));
  t.push_back(claim_entry("BANCO.const.eq2_subexp", "const", kDef, "BANCO eq (2)",
                          "max_{||e|| <= 1} E_t exp(beta <xi_t, e>) <= exp(beta^2 sigma_1D^2/2) for |beta| <= 1/b"));
  t.push_back({"BANCO.const.k1", "const", "BANCO Alg 1 line 4 (\"k1 = 0.6838\")",
               "k1 = 0.6838 as printed, or -x* with x* the root in (-1, 0) of ln(1 + x) = x - x^2 (where exp(x - x^2) "
               "<= 1 + x begins to hold: VDH.lemma.cbl24's threshold)",
               {k1_value}, true, true, kConst});
  t.back().has_proof = true;  // privoco prove BANCO.const.k1: the certified root against the printed digits
  t.push_back(claim_entry("BANCO.lemma.k1_ineq", "lemma", "proofs-checks/banco/checks.cpp tests/banco/magnitude_test.cpp",
                          "not printed (the inequality behind k1; VDH.lemma.cbl24 is the same claim)",
                          "exp(x - x^2) <= 1 + x for all x >= -k1", {k1_value}));
  t.push_back({"BANCO.const.a", "const", "BANCO Alg 1 line 4 (\"where a = min ...\")",
               "a = min(k1/G, 1/b) (a_reading=inv_b) or min(k1/G, 1/(2b)) (inv_2b); b = 0: k1/G",
               {G, {"b", kNonNeg, "range parameter of eq (2); 0: no restriction on beta", {1e-3, 1e3, false, 0.1}}, k1_value,
                a_reading},
               true, true, kConst});
  t.push_back({"BANCO.const.c", "const", "BANCO Alg 1 line 4, Sec 3 (\"y = t(sigma^2/2 + G^2)\")",
               "c = sigma_1D^2/2 + G^2 (c_reading=sigma1d2) or sigma^2/2 + G^2 (sigma2, as extracted): the beta^2 coefficient "
               "per round",
               {G, {"sigma2", kPos, "variance bound of eq (1)", {1e-3, 1e3, false, 0}},
                {"sigma1d2", kPos, "sub-exponential variance parameter of eq (2)", {1e-3, 1e3, false, 0}}, c_reading},
               true, true, kConst});
  t.push_back({"BANCO.pot.psi", "pot", "implicit in BANCO Alg 1 line 4 (m_{t+1} is its derivative)",
               "Psi(x, y, a) = (1/(2a)) int_{-a}^{a} exp(beta x - beta^2 y) d beta: the magnitude learner's potential "
               "(VDH.pot.uniform + 1 at L = x, V = y, C = a)",
               {x, y, a}, true, true, kMag});
  t.push_back({"BANCO.pred.m_integral", "pred", "BANCO Alg 1 line 4 (\"Update magnitude\")",
               "m = (1/(2a)) int_{-a}^{a} beta exp(beta x - beta^2 y) d beta: the bet m_{t+1} at x = X_t, y = t c "
               "(VDH.pred.uniform at L = x, V = y, C = a); reference: certified quadrature of the definition",
               {x, y, a}, true, true, kMag});
  t.push_back({"BANCO.pred.m_closed", "pred", "BANCO Sec 3 (\"m_{t+1} has a closed form\")",
               "the printed closed form e^{-a(ay+x)} [sqrt(pi) x e^{(2ay+x)^2/(4y)} (erf((2ay+x)/(2 sqrt y)) + "
               "erf((2ay-x)/(2 sqrt y))) + 2 sqrt(y) (1 - e^{2ax})] / (8 a y^{3/2}) (y > 0), in ball arithmetic; it "
               "cancels catastrophically in double (no fast evaluation)",
               {x, {"y", kPos, "y = t c > 0", {1e-4, 1e6, false, 0}}, a}, true, false, kMag});
  t.push_back({"BANCO.pred.m_compact", "pred", "BANCO Sec 3 (not printed: the double-precision form of m_{t+1})",
               "m by the derived forms without cancellation: Gauss-Legendre on a int_0^1 u sinh(lambda u) e^{-nu u^2} du "
               "for lambda = a|x| <= 8, nu = a^2 y <= 8; scaled complementary error functions elsewhere",
               {x, y, a}, true, true, kMag});

  t.push_back(claim_entry("BANCO.pot.wealth", "pot", kDef, "not printed (the coin-betting reduction)",
                          "W_t = 1 + sum_{s <= t} m_s s_s (privoco run banco prints W_T); R^M_T(v) = v X_T - (W_T - 1)"));
  t.push_back(claim_entry("BANCO.lemma.per_beta", "lemma", "proofs-checks/banco/magnitude_checks.cpp tests/banco/noise_test.cpp",
                          "not printed (the one-round inequality of BANCO's magnitude analysis)",
                          "E exp(beta (g + zeta) - beta^2 c) <= 1 + beta g for |beta| <= a, |g| <= G",
                          {c_reading, a_reading, k1_value}));
  const char* kPot = "proofs-checks/banco/potential_checks.cpp tests/banco/learner_test.cpp";
  t.push_back(claim_entry("BANCO.lemma.potential_step", "lemma", kPot,
                          "not printed (the supermartingale step of BANCO's magnitude analysis)",
                          "E_t Psi_t(X_{t-1} + s_t) <= Psi_{t-1}(X_{t-1}) + m_t E_t s_t", {c_reading, a_reading, k1_value}));
  t.push_back(claim_entry("BANCO.lemma.wealth_lower", "lemma", kPot, "not printed (BANCO's magnitude analysis)",
                          "E Psi_T(X_T) <= E W_T = 1 + E sum_t m_t s_t", {c_reading, a_reading, k1_value}));
  t.push_back(claim_entry("BANCO.alg.direction", "alg", kDef, "BANCO Alg 1 lines 5-6",
                          "q_{t+1} = Pi_ball(q_t + dir_sign lambda g^_t/sqrt(S_t)), S_t = sum ||g^_s||^2 (the direction "
                          "learner inside privoco run banco; prove: fast against certified, mirror under the sign)"));
  t.push_back(claim_entry("BANCO.bound.direction_pathwise", "bound",
                          "reference/banco/direction.cpp proofs-checks/banco/direction_checks.cpp tests/banco/noise_test.cpp",
                          "not printed (BANCO Alg 1 lines 5-6; Orabona and Pal 2018)",
                          "sum <dir_sign g^_t, u - q_t> <= (2/lambda + lambda) sqrt(S_T) for every sequence, ||u|| <= 1",
                          {reading_param("dir_sign", {"+1", "-1"}, "the sign of Alg 1 line 5's step (R3; -1 as extracted)"),
                           {"lambda", kPos, "the step's coefficient (R4: 1, sqrt 2 or 1/sqrt 2)", {}}}));
  t.push_back(claim_entry("BANCO.lemma.decomposition", "lemma", "proofs-checks/banco/direction_checks.cpp tests/banco/noise_test.cpp",
                          "BANCO Thm 3",
                          "E Regret_T(u) <= E R^M_T(||u||) + ||u|| E R^D_T(u/||u||) (magnitude and direction regrets)"));

  t.push_back({"BANCO.bound.magnitude_exact", "bound", "not printed (the magnitude learner's explicit bound)",
               "1 + Psi*(v), Psi*(v) = sup_x (v x - Psi(x, y, a)) at y = T c: E R^M_T(v) <= it (wealth bound and Fenchel-Young); "
               "by the root of m(x) = |v|",
               {{"v", kReal, "the magnitude learner's comparator", {1e-4, 1e4, true, 0.02}},
                {"y", kPos, "y = T c > 0", {1e-2, 1e6, false, 0}}, a},
               true, true, "reference/banco/bounds.cpp fast/banco/bounds.cpp proofs-checks/banco/potential_checks.cpp "
               "tests/banco/magnitude_test.cpp"});
  t.back().has_proof = true;  // privoco prove BANCO.bound.magnitude_exact: the argument and simulated regrets

  const char* kReg = "proofs-checks/banco/regret_checks.cpp tests/banco/learner_test.cpp";
  t.push_back(claim_entry("BANCO.bound.direction_O", "bound", kReg, "BANCO Sec 3.1 (display with \"(a)\")",
                          "E R^D_T = O(E sqrt(sum ||g^_t||^2)) = O(sqrt(sum (E||g_t||^2 + sigma^2)))"));
  t.push_back(claim_entry("BANCO.bound.magnitude_O", "bound", kReg, "BANCO Sec 3.1 (last display)",
                          "E R^M_T(v) = O(|v| max{(1 + b) ln(|v|(1 + b)), sqrt((1 + sigma_1D^2) T ln(|v|(1 + sigma_1D^2) T + 1))} + 1)"));
  t.push_back(claim_entry("BANCO.bound.regret_explicit", "bound", kReg,
                          "not printed (the explicit form behind BANCO Thm 2 and Thm 3)",
                          "E Regret_T(u) <= 1 + Psi_T*(||u||) + ||u|| (2/lambda + lambda) sqrt(T (G^2 + sigma^2))", {c_reading}));
  t.push_back(claim_entry("BANCO.bound.thm2", "bound", kReg,
                          "BANCO Thm 2",
                          "E R(w-bar_T) - R(w) <= O(d ||w||/(eps sqrt T) sqrt(ln(1 + d^2 ||w||^2 T/eps^2)) + 1/T) "
                          "(readings R9 of the display)"));
  t.push_back(claim_entry("BANCO.bound.sgd_baseline", "bound", kReg, "BANCO Sec 1 (introduction)",
                          "LDP-SGD: O(||w*||^2/(eta T) + d^2 eta/eps^2); eta = eps/(d sqrt T): O(d ||w*||^2/(eps sqrt T)); "
                          "oracle eta: O(d ||w*||/(eps sqrt T))"));

  // the Laplace-l2 mechanism rho(z) ~ exp(-(eps/2) ||z||) (VDH.alg.l2_mech draws it): R ~ Gamma(d, 2/eps) times a
  // uniform direction. d up to 1e6; sampling boxes where the mgf is finite (|beta| < eps/2) and, for the literal b of
  // R5, where some sigma_1D^2 is admissible (eps > 2 sqrt 2)
  const ParamSpec d{"d", {1, 1e6, true, true}, "dimension (an integer)", {1, 1e4, false, 0, true}};
  const ParamSpec eps{"eps", kPos, "privacy level of the Laplace-l2 mechanism", {1e-1, 1e3, false, 0}};
  t.push_back(claim_entry("BANCO.noise.gaussian_example", "noise", "proofs-checks/banco/noise_checks.cpp tests/banco/noise_test.cpp",
                          "BANCO Sec 2 (remark after eq (2))", "xi ~ N(0, s^2 I): sigma_1D^2 = s^2, sigma^2 = d s^2 (b = 0)"));
  t.push_back(claim_entry("BANCO.lemma.sigma_relation", "lemma", "proofs-checks/banco/noise_checks.cpp tests/banco/noise_test.cpp",
                          "BANCO Sec 2 (remark after eq (2))",
                          "(a) equality in eq (2) gives sigma_1D^2 <= sigma^2; (b) d = 1: sigma^2 = sigma_1D^2"));
  t.push_back(claim_entry("BANCO.noise.laplace_l2", "noise", kDef, "BANCO Sec 3 (\"Laplace sanitization mechanism\"), Thm 2",
                          "xi ~ exp(-(eps/2) ||z||): R Theta, R ~ Gamma(d, 2/eps), Theta uniform on the sphere (drawn by "
                          "VDH.alg.l2_mech; privoco run banco scales it by G)"));
  t.push_back({"BANCO.noise.second_moment", "noise", "BANCO Sec 3 (\"E||xi_t||^2 <= 4(d^2 + d)/eps^2\", Song et al. 2015)",
               "E||xi||^2 = 4 d (d + 1)/eps^2 for xi ~ exp(-(eps/2) ||z||) (the Gamma(d, 2/eps) radius's second moment)",
               {d, eps}, true, true, kNoise});
  t.back().has_proof = true;  // privoco prove BANCO.noise.second_moment: the printed bound holds with equality
  t.push_back({"BANCO.noise.mgf", "noise", "not printed (what eq (2) needs for the Laplace-l2 mechanism)",
               "M(beta) = E exp(beta <xi, e>) = (1 - 4 beta^2/eps^2)^{-(d+1)/2} for |beta| < eps/2 (infinite beyond: "
               "refused by name), ||e|| = 1",
               {d, eps, {"beta", kReal, "the mgf's argument, |beta| < eps/2", {1e-4, 1e-2, true, 0.02}}}, true, true,
               kNoise});
  // R5: b = eps/4 as extracted, or 4/eps; the reading under which the quoted pair is admissible first (the default)
  const ParamSpec b_reading = reading_param("b_reading", {"four_over_eps", "eps_over_four"},
                                            "b of eq (2) quoted from JO19 Lemma 7: 4/eps, or eps/4 as extracted (R5)");
  t.push_back({"BANCO.noise.subexp_params", "noise", "BANCO Sec 3 (\"sigma_1D^2 = 18 d^2/eps^2 and b = ...\", JO19 Lemma 7)",
               "sigma_1D^2 for eq (2): the printed 18 d^2/eps^2, or the smallest admissible for the reading's b, "
               "-(d+1) b^2 ln(1 - 4/(b^2 eps^2)) (none where 1/b >= eps/2: refused by name)",
               {d, {"eps", kPos, "privacy level", {3, 1e3, false, 0}}, b_reading,
                reading_param("sigma1d2_mode", {"printed", "minimal"}, "the printed 18 d^2/eps^2, or the smallest admissible")},
               true, true, kNoise});
  t.back().has_proof = true;  // privoco prove BANCO.noise.subexp_params: the printed pair under each reading of b
  t.push_back(claim_entry("BANCO.priv.ldp_def", "priv", kDef, "BANCO Def 1",
                          "sup_S sup_{x, x'} P[U_i in S | X_i = x]/P[U_i in S | X_i = x'] <= e^eps (for densities: the "
                          "sup of the density ratio)"));
  t.push_back(claim_entry("BANCO.priv.laplace_ldp", "priv", "proofs-checks/banco/noise_checks.cpp tests/banco/noise_test.cpp",
                          "BANCO Sec 3 (Song et al. 2015), Thm 2",
                          "g -> g + xi with xi ~ exp(-(eps/2) ||z||) is eps-LDP for ||g|| <= 1; BANCO with one pass too"));
  t.push_back(claim_entry("BANCO.priv.tuning_cost", "priv", "proofs-checks/banco/noise_checks.cpp tests/banco/noise_test.cpp",
                          "BANCO Sec 1 and abstract (motivation)",
                          "k tuning runs over the same individuals cost k eps (basic composition); at a fixed budget eps/k each"));
  // Alg 1 whole: the learner of `privoco run banco` (the readings above are its parameters; R3 changes no iterate)
  const ParamSpec T{"T", {1, 9007199254740992.0, true, true}, "rounds (an integer): at most T rows", {}};
  t.push_back({"BANCO.alg.banco", "alg", "BANCO Alg 1",
               "BANCO as a streaming learner: g^_t = g_t + xi_t (xi_t ~ exp(-(eps/(2G)) ||z||)), w_t = m_t q_t with the "
               "bet m_t = dPsi/dx at X_{t-1}, y = (t - 1) c (line 4) and the direction q_t by projected scale-free OGD "
               "(lines 5-6); `privoco run banco`, `check --stream banco`",
               {T, {"G", kPos, "bound on ||g_t|| (checked per round; Thm 2: 1); the noise scales with it", {}},
                {"eps", kPos, "the Laplace-l2 mechanism's level (per-round eps-LDP)", {}},
                {"lambda", kPos, "the direction step's coefficient (R4: 1, sqrt 2 or 1/sqrt 2)", {}},
                reading_param("dir_sign", {"+1", "-1"}, "the sign of Alg 1 line 5's step (R3; changes no w_t)"), k1_value,
                a_reading, c_reading, b_reading,
                reading_param("sigma1d2_mode", {"printed", "minimal"}, "the printed 18 d^2/eps^2, or the smallest admissible")},
               true, true,
               "fast/banco/learner.cpp reference/banco/learner.cpp oracle/banco/learner.cpp tests/banco/learner_test.cpp "
               "core/src/banco_learner.cpp"});
}

}  // namespace privoco::banco
