// BANCO's machine checks: k1 (the printed four digits against the certified root) and the inequality behind it,
// exp(x - x^2) <= 1 + x for x >= -k1: the same claim as VDH.lemma.cbl24, whose prover runs at x_min = -k1 here.
#include <chrono>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "checks.hpp"
#include "privoco/errors.hpp"
#include "privoco/proofs/cases.hpp"
#include "privoco/proofs/check.hpp"
#include "privoco/reference/ball.hpp"
#include "privoco/reference/banco/magnitude.hpp"

namespace privoco::proofs::banco {

namespace {
using Params = std::map<std::string, std::string>;
using reference::Ball;
constexpr slong kPrec = 256;

std::string k1_reading(const char* id, const Params& given) {
  for (const auto& [k, v] : given)
    if (k != "k1_value") throw ParamError(id, k, "unknown parameter (k1_value)");
  const std::string v = given.count("k1_value") ? given.at("k1_value") : "printed";
  if (v != "printed" && v != "root") throw ParamError(id, "k1_value", "'" + v + "' (one of printed, root)");
  return v;
}

// BANCO Alg 1 line 4, "k1 = 0.6838": the root -x* of ln(1 + x) = x - x^2 on (-1, 0), certified, against the printed
// digits: 0.6838 is the root rounded down to four digits (0.6838 <= k1 < 0.68385), so [-0.6838, inf) lies inside the
// range where the inequality holds.
RegretOutcome k1(const Params& given, std::uint64_t seed) {
  const auto t0 = std::chrono::steady_clock::now();
  RegretOutcome out;
  out.seed = seed;
  for (const auto& [k, v] : given) throw ParamError("BANCO.const.k1", k, "unknown parameter (the check has none)");
  Ball r, printed(0.6838), upper(0.68385);
  reference::banco::k1_root(r, kPrec);
  arb_neg(r, r);
  arb_set_ui(printed, 6838), arb_div_ui(printed, printed, 10000, kPrec);
  arb_set_ui(upper, 68385), arb_div_ui(upper, upper, 100000, kPrec);
  const bool below = arb_le(printed, r), within = arb_lt(r, upper);
  out.cases.push_back(line("k1 = -x*, x* the root in (-1, 0) of ln(1 + x) = x - x^2 (certified)", d_of(r), 0.6838,
                           !below, !below ? "the printed value exceeds the root" : ""));
  out.cases.push_back(line("printed 0.6838 <= k1 < 0.68385: the root truncated to four digits", d_of(r), 0.68385, !within,
                           !within ? "the printed digits are not the root's" : ""));
  return finish(out,
                "k1 = " + reference::ball_text(r, 20) +
                    " (certified enclosure: g(x) = ln(1 + x) - x + x^2 changes sign across it and increases on (-1, "
                    "-1/2)); the printed 0.6838 is its first four digits, below it, so the inequality's printed range "
                    "[-0.6838, inf) is inside the true one",
                t0, below && within);
}

// exp(x - x^2) <= 1 + x for all x >= -k1 <=> g(x) = ln(1 + x) - x + x^2 >= 0 there. g'(x) = x (1 + 2x)/(1 + x): g
// increases on (-1, -1/2], decreases on [-1/2, 0] to g(0) = 0, increases on [0, inf), so g >= 0 exactly on [x*, inf),
// x* the root of g in (-1, -1/2) (g(-1/2) = 3/4 - ln 2 > 0). Beside the argument, VDH.lemma.cbl24's branch-and-bound
// prover at x_min = -0.6838 (printed) and its threshold search, which finds x* from the other side.
RegretOutcome k1_ineq(const Params& given, std::uint64_t seed) {
  const char* id = "BANCO.lemma.k1_ineq";
  const bool printed = k1_reading(id, given) == "printed";
  const auto t0 = std::chrono::steady_clock::now();
  RegretOutcome out;
  out.seed = seed;
  Ball r, g;
  reference::banco::k1_root(r, kPrec);
  arb_set_d(g, -0.5);  // g(-1/2) = 3/4 - ln 2
  Ball l;
  arb_log1p(l, g, kPrec);
  arb_set_d(g, 0.75);
  arb_add(g, g, l, kPrec);
  const bool hump = arb_is_positive(g);
  out.cases.push_back(line("g(-1/2) = 3/4 - ln 2 > 0 (so g has one root in (-1, -1/2) and one at 0)", d_of(g), 0, !hump,
                           hump ? "" : "g(-1/2) not positive"));
  if (printed) {
    RunOptions opt;
    opt.seed = seed;
    const CheckResult vdh = check("VDH.lemma.cbl24").run({{"x_min", "-0.6838"}}, opt);
    const bool ok = vdh.verdict == Verdict::certified;
    out.cases.push_back(line("VDH.lemma.cbl24's prover at x_min = -0.6838 (the same claim)", ok ? 1 : 0, 1, false,
                             ok ? "" : "the prover did not certify it"));
    Ball k(0.6838);
    arb_set_ui(k, 6838), arb_div_ui(k, k, 10000, kPrec);
    arb_neg(k, k);
    const bool inside = arb_ge(k, r);
    out.cases.push_back(line("-0.6838 >= x* (the printed range inside [x*, inf))", -0.6838, d_of(r), !inside,
                             inside ? "" : "the printed range reaches below the root: the inequality fails there"));
    return finish(out, "certified for x >= -0.6838: by the argument (g >= 0 exactly on [x*, inf), x* = " +
                           reference::ball_text(r, 12) + ") and by VDH.lemma.cbl24's prover at that x_min",
                  t0, hump && ok && inside);
  }
  out.cases.push_back(line("x* = -k1 certified (sign change of g across the enclosure)", d_of(r), d_of(r), false));
  return finish(out, "certified for x >= -k1 with k1 the root: g >= 0 exactly on [x*, inf) by the monotonicity of g "
                     "(g' = x (1 + 2x)/(1 + x)) and g(x*) = g(0) = 0; equality at x = -k1 and x = 0",
                t0, hump);
}
}  // namespace

void register_paper(Registry& r) {
  static const std::vector<RegretCheck> c = {
      {"BANCO.const.noisy_oracle", "BANCO Sec 2, Alg 1 line 3", "g^_t = g_t + xi_t, E_t xi_t = 0, ||g_t|| <= G",
       "the noise's symmetry; sample means of the Laplace-l2 draws against Chebyshev's bound (FPR 1e-6)", {}, noisy_oracle, {}},
      {"BANCO.const.eq1_variance", "BANCO eq (1)", "E_t ||xi_t||^2 <= sigma^2",
       "the second moments of the Thm 2 noise and the Gaussian example in closed form", {}, eq1_variance, {}},
      {"BANCO.const.eq2_subexp", "BANCO eq (2)", "E_t exp(beta <xi_t, e>) <= exp(beta^2 sigma_1D^2/2), |beta| <= 1/b, ||e|| <= 1",
       "the mgf's monotone ratio; certified margins at |beta| = 1/b for the Thm 2 instance", {}, eq2_subexp, {}},
      {"BANCO.const.k1", "BANCO Alg 1 line 4", "k1 = 0.6838",
       "the root of ln(1 + x) = x - x^2 in (-1, 0) certified; the printed digits against it", {}, k1, {}},
      {"BANCO.lemma.k1_ineq", "not printed (behind BANCO Alg 1 line 4's k1; VDH.lemma.cbl24)",
       "exp(x - x^2) <= 1 + x for all x >= -k1",
       "the argument (the monotonicity of ln(1 + x) - x + x^2) with the certified root; VDH.lemma.cbl24's prover at "
       "x_min = -0.6838",
       {"k1_value"}, k1_ineq, {{"k1_value", "printed"}}},
      {"BANCO.noise.gaussian_example", "BANCO Sec 2 (remark after eq (2))",
       "xi ~ N(0, s^2 I) gives sigma_1D^2 = s^2 and sigma^2 = d s^2 (b = 0)",
       "the Gaussian mgf and second moment; certified values of 2 ln M(beta)/beta^2", {}, gaussian_example, {}},
      {"BANCO.lemma.sigma_relation", "BANCO Sec 2 (remark after eq (2))",
       "(a) equality in (2) gives sigma_1D^2 <= sigma^2; (b) for d = 1, sigma^2 = sigma_1D^2",
       "(a) the second-order expansion of (2) summed over a basis; (b) the smallest constants of the d = 1 Laplace-l2 "
       "noise, certified", {}, sigma_relation, {}},
      {"BANCO.priv.laplace_ldp", "BANCO Sec 3 (Song et al. 2015); Thm 2 (one pass)",
       "g -> g + xi, xi ~ exp(-(eps/2) ||z||), is eps-LDP for ||g|| <= 1 (and BANCO with one pass)",
       "the triangle inequality on the log density ratio; certified ratios approaching eps", {}, laplace_ldp, {}},
      {"BANCO.priv.tuning_cost", "BANCO Sec 1 and abstract (motivation)",
       "k tuning runs cost k eps per individual; at a fixed budget each run uses eps/k",
       "basic composition of the runs' density ratios, tight for the Laplace-l2 mechanism; the second moment at eps/k",
       {}, tuning_cost, {}},
      {"BANCO.pot.wealth", "not printed (the coin-betting reduction)", "W_t = 1 + sum m_s s_s; R^M_T(v) = v X_T - (W_T - 1)",
       "the algebra; BANCO's certified trajectory recomputed", {}, wealth, {}},
      {"BANCO.lemma.per_beta", "not printed (BANCO's magnitude analysis, behind Alg 1 line 4)",
       "E exp(beta (g + zeta) - beta^2 c) <= 1 + beta g for |beta| <= a, |g| <= G, zeta meeting eqs (1), (2)",
       "the argument (eq (2) and the k1 inequality) under c = sigma_1D^2/2 + G^2; certified margins on a grid of "
       "(beta, g) for the Thm 2 instance and the Gaussian example under every reading",
       {"c_reading", "a_reading", "k1_value"}, per_beta,
       {{"c_reading", "sigma1d2"}, {"a_reading", "inv_b"}, {"k1_value", "printed"}}},
      {"BANCO.lemma.potential_step", "not printed (BANCO's magnitude analysis: the potential's supermartingale step)",
       "E_t Psi_t(X_{t-1} + s_t) <= Psi_{t-1}(X_{t-1}) + m_t E_t s_t for every X_{t-1}, ||q_t|| <= 1, ||g_t|| <= G",
       "BANCO.lemma.per_beta integrated against the prior's positive weight (Fubini); both sides by certified quadrature "
       "on a grid of (t, X, g~) under every reading",
       {"c_reading", "a_reading", "k1_value"}, potential_step,
       {{"c_reading", "sigma1d2"}, {"a_reading", "inv_b"}, {"k1_value", "printed"}}},
      {"BANCO.lemma.wealth_lower", "not printed (BANCO's magnitude analysis)",
       "E Psi_T(X_T) <= E W_T = 1 + E sum m_t s_t",
       "telescoping BANCO.lemma.potential_step; Monte Carlo means of both sides with the fast learner on three "
       "gradient sequences (evidence only)",
       {"c_reading", "a_reading", "k1_value"}, wealth_lower,
       {{"c_reading", "sigma1d2"}, {"a_reading", "inv_b"}, {"k1_value", "printed"}}},
      {"BANCO.alg.direction", "BANCO Alg 1 lines 5-6", "the direction learner: projected scale-free OGD on the unit ball",
       "the fast learner against its certified replay; the unit ball kept; the mirror under the sign", {}, direction, {}},
      {"BANCO.bound.direction_pathwise", "not printed (BANCO Alg 1 lines 5-6; Orabona and Pal 2018)",
       "sum <dir_sign g^_t, u - q_t> <= (2/lambda + lambda) sqrt(S_T) for every sequence and ||u|| <= 1",
       "the projected-OGD argument; certified iterates on constant, alternating, rotating and random sequences",
       {"dir_sign", "lambda"}, direction_pathwise, {{"dir_sign", "+1"}, {"lambda", "1"}}},
      {"BANCO.lemma.decomposition", "BANCO Thm 3",
       "E Regret_T(u) = E sum <g^_t, u - m_t q_t> <= E R^M_T(||u||) + ||u|| E R^D_T(u/||u||)",
       "the tower rule and a pathwise identity; BANCO's certified trajectory (bet, direction, Laplace-l2 noise) at "
       "several u under both direction signs", {}, decomposition, {}},
      {"BANCO.bound.magnitude_exact", "not printed (the magnitude learner's explicit bound)",
       "E R^M_T(v) <= 1 + Psi_T*(v), Psi_T*(v) = sup_x (v x - Psi_T(x))",
       "BANCO.lemma.wealth_lower and Fenchel-Young; simulated mean magnitude regrets of the fast learner against the "
       "certified bound (evidence)",
       {"c_reading", "a_reading", "k1_value"}, magnitude_exact,
       {{"c_reading", "sigma1d2"}, {"a_reading", "inv_b"}, {"k1_value", "printed"}}},
      {"BANCO.bound.direction_O", "BANCO Sec 3.1 (display with \"(a)\")",
       "E R^D_T(u/||u||) = O(E sqrt(sum ||g^_t||^2)) = O(sqrt(sum (E||g_t||^2 + sigma^2))), (a) by Jensen and "
       "E||g^_t||^2 = E||g_t||^2 + sigma^2",
       "the step (a) as an inequality (the cross term vanishes, eq (1)), the pathwise bound for the first O; simulated "
       "E sqrt(S_T) and direction regrets", {}, direction_O, {}},
      {"BANCO.bound.magnitude_O", "BANCO Sec 3.1 (last display)",
       "E R^M_T(v) = O(|v| max{(1 + b) ln(|v| (1 + b)), sqrt((1 + sigma_1D^2) T ln(|v| (1 + sigma_1D^2) T + 1))} + 1)",
       "the explicit magnitude bound against the O-form over a grid (the ratio's range)", {}, magnitude_O, {}},
      {"BANCO.bound.regret_explicit", "not printed (the explicit form behind BANCO Thm 2 and Thm 3)",
       "E Regret_T(u) <= 1 + Psi_T*(||u||) + ||u|| (2/lambda + lambda) sqrt(T (G^2 + sigma^2))",
       "Thm 3's decomposition, the magnitude bound, the direction learner's pathwise bound and Jensen; simulated mean "
       "regrets of the fast learner against the certified bound (evidence)",
       {"c_reading"}, regret_explicit, {{"c_reading", "sigma1d2"}}},
      {"BANCO.bound.thm2", "BANCO Thm 2",
       "E R(w-bar_T) - R(w) <= O(d ||w||/(eps sqrt T) sqrt(ln(1 + d^2 ||w||^2 T/eps^2)) + 1/T)",
       "the explicit bound over T (online-to-batch) against the O-form over a grid of (d, eps, ||w||, T), under the "
       "readings of R9; its growth in eps",
       {}, thm2, {}},
      {"BANCO.bound.sgd_baseline", "BANCO Sec 1 (introduction)",
       "LDP-SGD: O(||w*||^2/(eta T) + d^2 eta/eps^2); eta = eps/(d sqrt T) gives O(d ||w*||^2/(eps sqrt T)), the oracle "
       "eta O(d ||w*||/(eps sqrt T))",
       "the algebra of the display at both steps, certified at points", {}, sgd_baseline, {}},
      {"BANCO.noise.laplace_l2", "BANCO Sec 3, Thm 2", "xi ~ exp(-(eps/2) ||z||_2)",
       "the polar decomposition; the sampler's direction by Kolmogorov distance (DKW, FPR 1e-6), a wrong sampler rejected",
       {}, laplace_l2, {}},
      {"BANCO.priv.ldp_def", "BANCO Def 1", "sup_S sup_{x, x'} P[U in S | x]/P[U in S | x'] <= e^eps",
       "the density-ratio reduction; certified half-line ratios of the d = 1 mechanism", {}, ldp_def, {}},
      {"BANCO.noise.second_moment", "BANCO Sec 3 (Song et al. 2015)", "E||xi_t||^2 <= 4(d^2 + d)/eps^2",
       "the Gamma radius's second moment (equality); Monte Carlo with VDH's l2 randomiser within Chebyshev's bound at "
       "FPR 1e-6, a wrong moment rejected", {}, second_moment, {}},
      {"BANCO.noise.subexp_params", "BANCO Sec 3 (JO19 Lemma 7)",
       "the noise satisfies eq (2) with sigma_1D^2 = 18 d^2/eps^2 and b = 4/eps (or eps/4 as extracted, R5)",
       "the projection's mgf in closed form; the smallest admissible sigma_1D^2 at 1/b certified against the printed one "
       "on a grid; under eps/4, exact and certified counterexamples and the threshold eps*",
       {"b_reading"}, subexp_params, {{"b_reading", "four_over_eps"}}},
  };
  for (const RegretCheck& k : c) r.add(k);
}

}  // namespace privoco::proofs::banco
