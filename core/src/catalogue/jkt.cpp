// JKT: Jain, Kothari and Thakurta, "Differentially Private Online Learning" (COLT 2012). Entries in catalogue order;
// readings of ambiguous text (catalogue ambiguities J1, J4, J12) are parameters given by name (reading_param).
#include <cmath>
#include <utility>

#include "privoco/catalogue.hpp"

namespace privoco::jkt {

namespace {
const Domain kPos = domains::pos;
// Integers are checked by the implementations (a Domain is an interval); 2^53 keeps them exact in a double.
constexpr double kMaxInt = 9007199254740992.0;
}  // namespace

void register_paper(std::vector<Entry>& t) {
  // J1: the base of `log` in Alg 5 and Thm 9 (e: natural everywhere; 2: base 2 everywhere; mixed: base 2 where log T
  // counts tree levels or nodes, natural for the outer log of log(log T / delta)).
  const ParamSpec log_base = reading_param("log_base", {"e", "2", "mixed"}, "base of log in Alg 5, Lem 6, Thm 9 (J1)");
  // J12: the leaf of w_t. binary_t_minus_1 first: it is the reading under which l.13's strings cover w_1..w_t
  // (under binary_t they cover w_0..w_{t-1}; `privoco prove JKT.alg.tree_decomposition`).
  const ParamSpec leaf_label =
      reading_param("leaf_label", {"binary_t_minus_1", "binary_t"}, "leaf of w_t: the binary string of t - 1 or of t (J12)");
  // J3: the parse of c in Alg 1-3 l.7/l.8. ln_of_half_ln first: it is the solution of delta = 2 exp(-2 T^{2c}),
  // the definition in the proof of Thm 1 (the other parse makes c < 0 for every delta < 1).
  const ParamSpec c_parse = reading_param("c_parse", {"ln_of_half_ln", "ln_half_times_ln"},
                                          "parse of c: ln((1/2) ln(2/delta))/(2 ln T), or (ln 1/2) ln(2/delta)/(2 ln T) (J3)");
  // J23: the initial point, data-independent (given) or uniform on C, and whether x^_1 is the same draw
  const ParamSpec init_reading = reading_param("init_reading", {"given", "uniform"},
                                               "x_1: a given data-independent point, or uniform on C (J23)");
  const ParamSpec init_coupling = reading_param("init_coupling", {"independent", "same"},
                                                "x^_1 and x_1: independent draws (x_1 hidden), or the same draw (J23)");
  const ParamSpec T2{"T", {2, kMaxInt, true, true}, "horizon (an integer)", {2, 1e12, false, 0, true}};
  const ParamSpec delta{"delta", {0, 1, false, false}, "privacy parameter in (0, 1)", {1e-300, 0.9, false, 0}};
  const ParamSpec eps{"eps", kPos, "privacy parameter", {1e-6, 1e4, false, 0}};
  const char* kPocp = "reference/jkt/pocp.cpp fast/jkt/pocp.cpp proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp";
  t.push_back({"JKT.const.c_exponent", "const", "JKT Alg 1 l.7, Alg 2 l.8, Alg 3 l.8, Thm 1 (proof)",
               "c = ln((1/2) ln(2/delta))/(2 ln T) (from delta = 2 exp(-2 T^{2c})), or T^{0.5+c} = sqrt(T ln(2/delta)/2)",
               {T2, delta, c_parse, reading_param("which", {"c", "scale"}, "c, or the noise scale T^{0.5+c}")}, true, true,
               kPocp});
  t.push_back({"JKT.const.eps1_per_step", "const", "JKT Lem 1, Lem 3, Eq (7)",
               "per-step privacy eps_1 = sqrt(eps)/T^{0.5+c} (with delta_1 = delta/T)", {eps, delta, T2, c_parse}, true,
               true, kPocp});
  t.push_back({"JKT.noise.pocp_beta", "noise", "JKT Alg 1 l.7, Lem 1, Thm 2 (proof)",
               "POCP's noise scale: b_{t+1} ~ N(0, beta^2/t^2 I), beta = lambda_A T^{0.5+c} sqrt((2/eps)(ln(T/delta) + "
               "sqrt(eps)/T^{0.5+c}))",
               {{"lambda_A", kPos, "sensitivity constant of Eq (1)", {1e-3, 1e3, false, 0}}, eps, delta, T2, c_parse}, true,
               true, kPocp});
  t.push_back({"JKT.noise.chi_norm", "noise", "JKT Thm 2 (proof)",
               "||b|| for b ~ N(0, s^2 I_d), s = beta/t: mean s sqrt2 Gamma((d+1)/2)/Gamma(d/2), variance s^2 (d - 2 "
               "Gamma((d+1)/2)^2/Gamma(d/2)^2), or the printed variance s^2 (d - mu^2) with mu the scaled mean",
               {{"d", {1, kMaxInt, true, true}, "dimension (an integer)", {1, 1e9, false, 0, true}},
                {"s", kPos, "noise standard deviation per coordinate, beta/t", {1e-3, 1e3, false, 0}},
                reading_param("which", {"mean", "variance", "variance_printed"},
                              "the mean, the variance, or the printed variance s^2 (d - mu^2)")},
               true, true, kPocp});
  t.push_back({"JKT.bound.pocp_noise_sum", "bound", "JKT Eq (12)",
               "E sum_{t<T} ||b_{t+1}||: exact sqrt2 beta Gamma((d+1)/2)/Gamma(d/2) H_{T-1} (which=exact), or the printed "
               "lines: l.1 with int_1^{T-1} dt/t, l.2 with beta substituted, l.3 = 2 sqrt(d) lambda sqrt(T) ln^2(T/delta)/sqrt(eps)",
               {{"lambda_A", kPos, "sensitivity constant of Eq (1)", {1e-3, 1e3, false, 0}}, eps, delta, T2,
                {"d", {1, kMaxInt, true, true}, "dimension (an integer)", {1, 1e9, false, 0, true}}, c_parse,
                reading_param("which", {"exact", "line1", "line2", "line3"}, "the exact mean, or a printed line of Eq (12)")},
               true, true, kPocp});
  t.back().has_proof = true;  // privoco prove JKT.bound.pocp_noise_sum: each line against the exact mean
  // Thm 2 and Cor 1: POCP's regret bounds as printed, for C the ball of radius `radius` about 0 (||C|| per J5) and
  // R_A(T) the base algorithm's regret bound, a number given.
  const ParamSpec C_norm = reading_param("C_norm", {"diameter", "radius"}, "||C||_2: the diameter 2 radius, or the radius (J5)");
  const ParamSpec radius_b{"radius", kPos, "C: the ball of this radius about 0", {1e-3, 1e3, false, 0}};
  const ParamSpec L_b{"L", kPos, "largest Lipschitz constant of the f_t on C", {1e-3, 1e3, false, 0}};
  const ParamSpec d_b{"d", {1, kMaxInt, true, true}, "dimension (an integer)", {1, 1e6, false, 0, true}};
  const ParamSpec lambda_b{"lambda_A", kPos, "sensitivity constant of Eq (1)", {1e-3, 1e3, false, 0}};
  const ParamSpec RA{"R_A", {0, INFINITY, true, false}, "the base algorithm's regret bound R_A(T) (a number)", {1e-3, 1e6, false, 0}};
  t.push_back({"JKT.bound.pocp_expected", "bound", "JKT Thm 2",
               "E[sum_t f_t(x^_t)] - min_C sum_t f_t <= 2 sqrt(d) L (lambda_A + ||C||_2) sqrt(T) ln^2(T/delta)/sqrt(eps) + "
               "R_A(T)",
               {lambda_b, L_b, radius_b, C_norm, eps, delta, T2, d_b, RA}, true, true, kPocp});
  t.back().has_proof = true;  // privoco prove JKT.bound.pocp_expected: PIGD's runs against it
  t.push_back({"JKT.bound.pocp_hp", "bound", "JKT Cor 1",
               "with probability at least 1 - gamma: regret <= 2 sqrt(d) L (lambda_A + ||C||_2) sqrt(T) ln^2(T/delta)/"
               "sqrt(eps gamma) + R_A(T)",
               {lambda_b, L_b, radius_b, C_norm, eps, delta, T2, d_b, RA,
                {"gamma", {0, 1, false, false}, "failure probability in (0, 1)", {1e-6, 0.5, false, 0}}},
               true, true, kPocp});
  t.back().has_proof = true;  // privoco prove JKT.bound.pocp_hp: the fraction of PIGD's runs above it against gamma
  // Sec 2.2: "delta should be exponentially small in the problem parameters, i.e., in our case delta ~ exp(-T)".
  t.push_back({"JKT.const.delta_typical", "const", "JKT Sec 2.2",
               "the regime suggested for delta: delta = exp(-T) (below the double range from T = 709: status and "
               "ln delta = -T); `privoco prove` follows the noise scales along it",
               {T2}, true, true, kPocp});
  t.back().has_proof = true;  // privoco prove JKT.const.delta_typical: growth exponents of the noise along delta = e^{-T}
  // PIGD (Alg 2) and PGIGA (Alg 3): step sizes, the burn-in, the noise scales (beta of Alg 1 at their lambda).
  const char* kIg = "reference/jkt/igd_giga.cpp fast/jkt/igd_giga.cpp proofs-checks/jkt/igd_giga_checks.cpp "
                    "tests/jkt/igd_giga_test.cpp";
  const ParamSpec alpha{"alpha", kPos, "least strong convexity of the f_t (J18 (b))", {1e-4, 1e4, false, 0}};
  const ParamSpec t1{"t", {1, kMaxInt, true, true}, "round (an integer)", {1, 1e9, false, 0, true}};
  // J16: Alg 3 l.6 and the proofs of Lem 5 and Thm 6 use 2/(alpha t); Sec 3.4 calls 1/(alpha t) the standard step
  const ParamSpec giga_eta = reading_param("giga_eta", {"two_over_alpha_t", "one_over_alpha_t"},
                                           "GIGA step: 2/(alpha t) (Alg 3 l.6) or 1/(alpha t) (Sec 3.4) (J16)");
  // J17: Alg 3 l.8 prints 2G; Lem 5's sensitivity 2G/(alpha t) in the form of Eq (1) is lambda = 2G/alpha
  const ParamSpec pgiga_lambda = reading_param("pgiga_lambda", {"alg3", "lem5"},
                                               "lambda in PGIGA's beta: 2G (Alg 3 l.8) or 2G/alpha (Lem 5, Eq (1)) (J17)");
  t.push_back({"JKT.const.igd_step", "const", "JKT Alg 2 l.6, Alg 6 l.8", "IGD's learning rate eta_t = 1/(alpha t)",
               {alpha, t1}, true, true, kIg});
  t.push_back({"JKT.const.giga_step", "const", "JKT Alg 3 l.6, Sec 3.4, Lem 5 and Thm 6 (proofs)",
               "GIGA's step size eta_t = 2/(alpha t) or 1/(alpha t) (J16)", {alpha, t1, giga_eta}, true, true, kIg});
  // J6: ceil first, the least integer >= the printed 2 L_G^2/alpha^2 (Alg 3 l.2); the proof of Lem 5 adds 1
  const ParamSpec tq_rounding = reading_param("tq_rounding", {"ceil", "floor_plus_1", "ceil_plus_1"},
                                              "integer t_q: ceil(x), floor(x) + 1, ceil(x + 1), x = 2 L_G^2/alpha^2 (J6)");
  // J7: random_tq first (the proof of Lem 5's base case: x_1..x_{t_q} random)
  const ParamSpec tq_burnin = reading_param("tq_burnin", {"random_tq", "update_from_tq_minus_1"},
                                            "x_1..x_{t_q} random, or x_{t_q} from an update at t_q - 1 (J7)");
  t.push_back({"JKT.const.giga_tq", "const", "JKT Alg 3 l.2, Lem 5 and Thm 6 (proofs)",
               "PGIGA's burn-in t_q = 2 L_G^2/alpha^2 as an integer: ceil, floor + 1, or ceil(x + 1) (J6); L_G >= alpha",
               {{"L_G", kPos, "largest Lipschitz constant of the gradients (>= alpha)", {1e-3, 1e3, false, 0}},
                {"alpha", kPos, "least strong convexity of the f_t (J18 (b))", {1e-3, 1e3, false, 0, false, "L_G"}},
                tq_rounding},
               true, true, kIg});
  t.push_back({"JKT.noise.pigd_beta", "noise", "JKT Alg 2 l.8",
               "PIGD's noise scale: JKT.noise.pocp_beta at lambda_A = 2L",
               {{"L", kPos, "largest Lipschitz constant of the f_t on C", {1e-3, 1e3, false, 0}}, eps, delta, T2, c_parse},
               true, true, kIg});
  t.push_back({"JKT.noise.pgiga_beta", "noise", "JKT Alg 3 l.8, Lem 5, Thm 5",
               "PGIGA's noise scale: JKT.noise.pocp_beta at lambda = 2G (Alg 3 l.8) or 2G/alpha (Lem 5) (J17)",
               {{"G", kPos, "largest gradient norm on C (J19)", {1e-3, 1e3, false, 0}}, alpha, eps, delta, T2, c_parse,
                pgiga_lambda},
               true, true, kIg});
  // Thm 4 and Thm 6: PIGD's and PGIGA's regret bounds as printed, C the ball of radius `radius` (||C|| per J5).
  const ParamSpec C_norm_ig = reading_param("C_norm", {"diameter", "radius"}, "||C||_2: the diameter 2 radius, or the radius (J5)");
  const ParamSpec radius_ig{"radius", kPos, "C: the ball of this radius about 0", {1e-3, 1e3, false, 0}};
  const ParamSpec d_ig{"d", {1, kMaxInt, true, true}, "dimension (an integer)", {1, 1e6, false, 0, true}};
  t.push_back({"JKT.bound.igd_regret", "bound", "JKT Sec 3.3, Sec 3.2, Eq (38)",
               "IGD's regret (eta_t = 1/(alpha t)) on alpha-strongly convex L-Lipschitz f_t over C: derived (L^2/(2 alpha)) "
               "H_T + (alpha/2) ||C||^2 (which=derived; H_T the harmonic number), or the printed O(L^2/alpha log T + ||C||) "
               "with constant 1 (which=printed_o)",
               {{"L", kPos, "largest Lipschitz constant of the f_t on C", {1e-3, 1e3, false, 0}}, alpha, radius_ig, C_norm_ig,
                T2, reading_param("which", {"derived", "printed_o"}, "the derived bound, or the printed O-form at constant 1")},
               true, true, kIg});
  t.back().has_proof = true;  // privoco prove JKT.bound.igd_regret: the derivation beside IGD's certified runs
  t.push_back({"JKT.bound.pigd", "bound", "JKT Thm 4",
               "E regret of PIGD <= C ((L^2/alpha + ||C||_2) sqrt(d) ln^1.5(T/delta)/sqrt(eps)) sqrt(T), C the printed "
               "unspecified constant (a parameter, J28)",
               {{"L", kPos, "largest Lipschitz constant of the f_t on C", {1e-3, 1e3, false, 0}}, alpha, radius_ig,
                C_norm_ig, eps, delta, T2, d_ig,
                {"C_const", kPos, "the constant C of Thm 4 (unspecified in the paper, J28)", {1e-3, 1e3, false, 0}}},
               true, true, kIg});
  t.back().has_proof = true;  // privoco prove JKT.bound.pigd: the ratio of PIGD's runs to it over a grid
  t.push_back({"JKT.bound.pgiga", "bound", "JKT Thm 6",
               "E regret of PGIGA <= 4 sqrt(d) (G/alpha + ||C||_2) G ln^2(T/delta) sqrt(T)/sqrt(eps) + 2G^2/alpha (1 + log "
               "T) + 2 L_G^2 G ||C||_2/alpha^2",
               {{"G", kPos, "largest gradient norm on C (J19)", {1e-3, 1e3, false, 0}}, alpha,
                {"L_G", kPos, "Lipschitz constant of the gradients", {1e-3, 1e3, false, 0}}, radius_ig, C_norm_ig, eps,
                delta, T2, d_ig, reading_param("log_base_regret", {"e", "2"}, "base of log T in Thm 6 (J2)")},
               true, true, kIg});
  t.back().has_proof = true;  // privoco prove JKT.bound.pgiga: PGIGA's runs against it
  t.push_back({"JKT.const.pqftl_tree_params", "const", "JKT Alg 4 l.7, l.8",
               "the bound on ||w_t|| PQFTL passes to Alg 5: R^2 (V-tree) and R (u-tree) as printed; derived sup ||w_t|| "
               "over |y_t|, ||v_t|| <= R: R^2 for both",
               {{"R", kPos, "bound on ||v_t||_2 and |y_t| (J8 (b), public)", {1e-3, 1e3, false, 0}},
                reading_param("tree", {"V", "u"}, "the V-tree (w_t = v_t v_t^T) or the u-tree (w_t = y_t v_t)"),
                reading_param("which", {"printed", "derived"}, "the argument of Alg 4 as printed, or the derived sup")},
               true, true,
               "reference/jkt/pqftl.cpp fast/jkt/pqftl.cpp proofs-checks/jkt/tree_checks.cpp tests/jkt/tree_test.cpp"});
  // Thm 8's proof: the noise of both trees at round t is k_t sigma^2 per entry (k_t = popcount(t): the nodes summed,
  // JKT.noise.tree_output), so sigma cancels from the printed tails; J12 changes the mean, not k_t.
  t.push_back({"JKT.noise.pqftl_noise_norms", "noise", "JKT Thm 8 (proof, after Eq (30))",
               "the printed tails of PQFTL's noise at round t: P(||beta_t||_2 > 3 sigma sqrt d) exactly (beta_t ~ N(0, "
               "k_t sigma^2 I_d), a chi tail), a certified lower bound 1 - (1 - q)^d on P(||A_t||_2 > 3 sigma sqrt d) "
               "(A_t d x d with independent N(0, k_t sigma^2) entries; the largest of d independent column norms), or "
               "the printed probability exp(-d/2); k_t = popcount(t)",
               {{"d", {1, 1024, true, true}, "dimension (an integer, at most 1024)", {1, 1024, false, 0, true}},
                {"t", {1, kMaxInt, true, true}, "round (an integer)", {1, 1e9, false, 0, true}},
                reading_param("which", {"beta_tail", "A_tail_lower", "printed"},
                              "P(||beta_t|| > 3 sigma sqrt d), a lower bound on P(||A_t||_2 > 3 sigma sqrt d), or exp(-d/2)")},
               true, true, "reference/jkt/pqftl.cpp fast/jkt/pqftl.cpp proofs-checks/jkt/qftl_checks.cpp tests/jkt/qftl_test.cpp"});
  t.back().has_proof = true;  // privoco prove JKT.noise.pqftl_noise_norms: the printed tails against these values
  // PQFTL's regret analysis (Thm 8 proof): the iterate error of Eq (31) and the bound of Eq (32), as printed, with the
  // tree's sigma of the proof; `privoco prove` compares them with their derivation and with runs of the learner.
  const char* kPq = "reference/jkt/pqftl.cpp fast/jkt/pqftl.cpp proofs-checks/jkt/qftl_checks.cpp tests/jkt/qftl_test.cpp";
  const ParamSpec pq_R{"R", kPos, "bound on |y_t| and ||v_t|| (and the tree's R in sigma)", {1e-2, 1e2, false, 0}};
  const ParamSpec pq_alpha{"alpha", kPos, "the losses' alpha", {1e-2, 1e2, false, 0}};
  const ParamSpec pq_eps{"eps", kPos, "privacy parameter", {1e-3, 1e2, false, 0}};
  const ParamSpec pq_delta{"delta", {0, 1, false, false}, "privacy parameter in (0, 1)", {1e-12, 0.1, false, 0}};
  const ParamSpec pq_T{"T", {2, kMaxInt, true, true}, "horizon (an integer)", {2, 1e9, false, 0, true}};
  const ParamSpec pq_d{"d", {1, kMaxInt, true, true}, "dimension (an integer)", {1, 1e4, false, 0, true}};
  t.push_back({"JKT.bound.pqftl_iterate_error", "bound", "JKT Eq (31)",
               "||x^_{t+1} - x_{t+1}|| <= sigma sqrt(d)/t (3 + 6R/alpha)/|alpha - 6 sigma sqrt(d) R/(alpha t)| on the "
               "event of the proof's norm bounds, sigma = JKT.noise.tree_sigma(R, eps, delta, T) (Thm 8 proof)",
               {pq_R, pq_alpha, pq_eps, pq_delta, pq_T, pq_d,
                {"t", {1, kMaxInt, true, true}, "round (an integer, at most T)", {1, 1e9, false, 0, true, "T"}}, log_base},
               true, true, kPq});
  t.back().has_proof = true;  // privoco prove JKT.bound.pqftl_iterate_error: (31) against (30) and runs
  t.push_back({"JKT.bound.pqftl", "bound", "JKT Thm 8, Eq (32), Eq (22), Eq (23)",
               "R_PQFTL(T) <= R^4 (1 + 2R/alpha)^2/alpha log T + 3 sqrt(d) R (2R^2/alpha + R + 2)(1 + 2R/alpha)(1 + log T) "
               "sqrt(log T) log sqrt(log T/delta)/sqrt(eps), with probability at least 1 - exp(-d/2) (printed)",
               {pq_R, pq_alpha, pq_eps, pq_delta, pq_T, pq_d, log_base,
                reading_param("log_base_regret", {"e", "2"}, "base of log T in Eq (22), (32)'s first term and 1 + log T (J2)"),
                reading_param("which", {"total", "qftl_term", "perturbation_term"},
                              "the bound, its first term (QFTL's regret, Eq (22)) or its second (the perturbation)")},
               true, true, kPq});
  t.back().has_proof = true;  // privoco prove JKT.bound.pqftl: against its derivation and runs of Alg 4
  // POL (Alg 6): alpha, L' and beta; ||x*|| is the public bound of Alg 6 l.2 (J25: the only one the algorithm has)
  const char* kPol = "reference/jkt/pol.cpp fast/jkt/pol.cpp proofs-checks/jkt/pol_checks.cpp tests/jkt/pol_test.cpp";
  const ParamSpec eps_g{"eps_g", kPos, "generalisation-error parameter of Alg 6", {1e-4, 1e2, false, 0}};
  const ParamSpec x_star{"x_star_norm", kPos, "the public bound on ||x*||_2 (Alg 6 l.2, J25)", {1e-2, 1e2, false, 0}};
  t.push_back({"JKT.const.pol_alpha", "const", "JKT Alg 6 l.5, Thm 12 (proof)", "POL's strong convexity alpha = eps_g/||x*||^2",
               {eps_g, x_star}, true, true, kPol});
  const ParamSpec Lp{"L", kPos, "Lipschitz bound of the loss l", {1e-3, 1e3, false, 0}};
  t.push_back({"JKT.const.pol_Lprime", "const", "JKT Thm 10 (proof), Thm 11, Eq (37)",
               "L' = L + alpha ||x*|| = L + eps_g/||x*||, the Lipschitz constant of l + alpha/2 ||x||^2 on the ball of "
               "radius ||x*||", {Lp, eps_g, x_star}, true, true, kPol});
  t.push_back({"JKT.noise.pol_beta", "noise", "JKT Alg 6 l.13",
               "POL's noise scale beta = 2 sqrt2 (L + alpha ||x*||) ln T/(T eps_p) sqrt(ln(1/delta) + eps_p)",
               {Lp, eps_g, x_star, {"T", {2, kMaxInt, true, true}, "data set size (an integer)", {2, 1e12, false, 0, true}},
                {"eps_p", kPos, "privacy parameter of Alg 6", {1e-4, 1e2, false, 0}}, delta},
               true, true, kPol});
  // POL's utility analysis (Sec 4.2): Eq (37), Thm 11 (quoted from [23]), Thm 12, and the comparison with [3], as printed
  const ParamSpec d_pol{"d", {1, 1048576, true, true}, "dimension (an integer, at most 2^20)", {1, 1e4, false, 0, true}};
  const ParamSpec gamma_pol{"gamma", {0, 1, false, false}, "failure probability in (0, 1)", {1e-6, 0.5, false, 0}};
  const ParamSpec T_pol{"T", {2, kMaxInt, true, true}, "data set size (an integer)", {2, 1e12, false, 0, true}};
  const ParamSpec eps_p{"eps_p", kPos, "privacy parameter of Alg 6", {1e-4, 1e2, false, 0}};
  t.push_back({"JKT.bound.pol_noise_norm", "bound", "JKT Eq (37)",
               "with probability at least 1 - gamma/2, ||b|| <= 3 sqrt(d) beta sqrt(ln(1/gamma)) <= 12 sqrt(d) L' ln T/(T "
               "eps_p) sqrt(ln(1/gamma) ln(1/delta)) for b ~ N(0, beta^2 I_d) at Alg 6's beta: which=first|second, or "
               "the exact P(||b|| > first) = P(chi^2_d > 9 d ln(1/gamma)) (tail)",
               {d_pol, gamma_pol, Lp, eps_g, x_star, T_pol, eps_p, delta,
                reading_param("which", {"first", "second", "tail"}, "the first or second printed threshold, or the exact tail at the first")},
               true, true, kPol});
  t.back().has_proof = true;  // privoco prove JKT.bound.pol_noise_norm: the tail against gamma/2, the second step
  t.push_back({"JKT.bound.kt08_risk", "bound", "JKT Thm 11 (from [23])",
               "with probability at least 1 - gamma, the averaged iterate's excess risk <= alpha/2 ||x*||^2 + R_A/T + (4/T) "
               "sqrt(L'^2 R_A ln(4 ln T/gamma)/alpha) + max(16 L'^2/alpha, 6) ln(4 ln T/gamma)/T (Alg 6's alpha, L')",
               {gamma_pol, T_pol, Lp, eps_g, x_star,
                {"R_A", {0, INFINITY, true, false}, "the online algorithm's regret R_A(T) (a number)", {1e-3, 1e6, false, 0}}},
               true, true, kPol});
  t.back().has_proof = true;  // privoco prove JKT.bound.kt08_risk: IGD's runs with an exact risk against it
  t.push_back({"JKT.bound.pol_utility", "bound", "JKT Thm 12, Eq (36), Eq (38)",
               "POL's excess risk <= eps_g w.p. 1 - gamma when T >= C max(sqrt(d) L L' sqrt(ln(1/gamma) ln(1/delta))/(eps_g "
               "eps_p), L'^2 ||x*||^2 ln T ln(ln T/gamma)/eps_g^2) (which=condition), or the proof's final display at T",
               {d_pol, gamma_pol, Lp, eps_g, x_star, T_pol, eps_p, delta,
                {"C_const", kPos, "the global constant C of Thm 12 (unspecified, J28)", {1e-3, 1e3, false, 0}},
                reading_param("which", {"condition", "final_display"}, "the statement's condition on T, or the proof's last display")},
               true, true, kPol});
  t.back().has_proof = true;  // privoco prove JKT.bound.pol_utility: the condition against the proof, POL's runs
  t.push_back({"JKT.bound.cms11_sample", "bound", "JKT Sec 4.2 (Thm 18 of [3] as quoted)",
               "the sample size quoted from [3]: ||x*||^2 ln(1/delta)/eps_g^2 + d ||x*||/(eps_g eps_p) (its O's constant 1)",
               {x_star, delta, eps_g, eps_p, {"d", {1, kMaxInt, true, true}, "dimension (an integer)", {1, 1e6, false, 0, true}}},
               true, true, kPol});
  t.back().has_proof = true;  // privoco prove JKT.bound.cms11_sample: the comparison with Thm 12, by certified slopes
  t.push_back(claim_entry("JKT.const.experiments", "const", "proofs-checks/jkt/qftl_checks.cpp tests/jkt/qftl_test.cpp",
                          "JKT Sec 5.1, Fig 2 (a)",
                          "the synthetic online linear regression of Sec 5.1 reproduced (PQFTL and FTL, the unstated "
                          "set-up fixed and printed); Sec 5.2's data sets are not among privoco's inputs",
                          {reading_param("noise_scale_reading", {"std", "variance"},
                                         "Sec 5.1's \"standard variance 0.01\": a standard deviation or a variance (J26)"),
                           reading_param("quad_loss", {"sec51", "eq19", "alg4"},
                                         "the charged loss: Sec 5.1's, Eq (19)'s or Alg 4's (J14)")}));
  t.push_back(claim_entry("JKT.priv.sensitivity_def", "priv", "proofs-checks/jkt/qftl_checks.cpp tests/jkt/qftl_test.cpp",
                          "JKT Def 3", "S(A, t) = sup over neighbouring F, F' of ||A(F)_t - A(F')_t||_2, computed for IGD, "
                          "GIGA, QFTL and POL's average by their sensitivity checks",
                          {reading_param("neighbour", {"replace", "add_remove"},
                                         "neighbouring data: one entry replaced, or set to zero (J4; QFTL's search)"),
                           reading_param("iterate_index", {"next", "current"},
                                         "the t-th output: x_{t+1} (Def 3) or x_t (J10; IGD's and GIGA's searches)")}));
  t.push_back(claim_entry("JKT.priv.sensitivity_assumption", "priv", "proofs-checks/jkt/qftl_checks.cpp tests/jkt/qftl_test.cpp",
                          "JKT Eq (1), Sec 3.5", "Assumption 1, S(A, t) <= lambda_A/t, for QFTL (lambda derived)",
                          {reading_param("neighbour", {"replace", "add_remove"},
                                         "neighbouring data: one entry replaced, or set to zero (J4)")}));
  // J14: which quadratic loss; eq19 first, the loss of Sec 3.5 and Thm 8 where these claims are made
  const ParamSpec quad_loss_qftl = reading_param("quad_loss", {"eq19", "alg4", "sec51"},
                                                 "the quadratic loss: Eq (19)'s, Alg 4's or Sec 5.1's (J14)");
  t.push_back(claim_entry("JKT.bound.qftl_regret", "bound", "proofs-checks/jkt/qftl_checks.cpp tests/jkt/qftl_test.cpp",
                          "JKT Eq (22) (from [22] Thm 2)", "R_QFTL(T) <= R^4 (1 + 2R/alpha)^2/alpha log T",
                          {reading_param("log_base_regret", {"e", "2"}, "base of log T in Thm 6, Eq (22) (J2)"),
                           quad_loss_qftl}));
  t.push_back(claim_entry("JKT.lemma.pqftl_perturbation", "lemma", "proofs-checks/jkt/qftl_checks.cpp tests/jkt/qftl_test.cpp",
                          "JKT Eq (25)-(30)",
                          "(30): (||beta_t|| + ||A_t||_2 ||x_{t+1}||)/t >= |alpha - ||A_t||_2/t| ||x^_{t+1} - x_{t+1}||, from "
                          "(27)-(29)",
                          {}));
  t.push_back(claim_entry("JKT.lemma.qftl_iterate_norm", "lemma", "proofs-checks/jkt/qftl_checks.cpp tests/jkt/qftl_test.cpp",
                          "JKT Sec 3.5", "the QFTL iterate has ||x_{t+1}|| <= 2R/alpha when |y_t|, ||v_t|| <= R",
                          {quad_loss_qftl}));
  t.push_back(claim_entry("JKT.lemma.quadratic_smoothness", "lemma",
                          "proofs-checks/jkt/qftl_checks.cpp tests/jkt/qftl_test.cpp", "JKT Thm 8 (proof), Eq (24)",
                          "f_t is (R + alpha)-smooth; (24)'s gradient bound R(2R^2/alpha + R + 2)", {quad_loss_qftl}));
  t.push_back(claim_entry("JKT.priv.pol_sensitivity", "priv", "proofs-checks/jkt/pol_checks.cpp tests/jkt/pol_test.cpp",
                          "JKT Eq (35)", "the sensitivity of Alg 6's average of IGD iterates, <= 2L ln T/T", {}));
  t.push_back(claim_entry("JKT.priv.pol", "priv", "proofs-checks/jkt/pol_checks.cpp tests/jkt/pol_test.cpp", "JKT Thm 10",
                          "POL (Alg 6) is (eps_p, delta)-DP", {init_reading}));
  const char* kTree = "reference/jkt/tree.cpp fast/jkt/tree.cpp proofs-checks/jkt/tree_checks.cpp tests/jkt/tree_test.cpp";
  t.push_back({"JKT.noise.tree_sigma", "noise", "JKT Alg 5 l.3 (also Lem 6, Thm 9, Thm 8 proof)",
               "per-node noise standard deviation of the tree mechanism: sigma = sqrt(R^2/eps log^2 T log(log T/delta)), "
               "logarithms per log_base; defined where log(log T/delta) > 0",
               {{"R", kPos, "bound on ||w_t||_2", {1e-3, 1e3, false, 0}},
                {"eps", kPos, "privacy parameter", {1e-4, 1e2, false, 0}},
                {"delta", {0, 1, false, false}, "privacy parameter in (0, 1)", {1e-12, 0.1, false, 0}},
                {"T", {2, kMaxInt, true, true}, "horizon (an integer)", {2, 1e9, false, 0, true}},
                log_base},
               true, true, kTree});
  t.push_back({"JKT.const.tree_counts", "const", "JKT Alg 5, Fig 1, Thm 9 (proof); closed forms derived",
               "counts of Alg 5's binary tree at horizon T (and time t): k_t nodes summed at l.14, Gaussian draws up to "
               "t, nodes one entry affects, nodes populated by T, nodes of the complete tree, streaming registers, depth",
               {{"T", {1, kMaxInt, true, true}, "horizon (an integer)", {1, 1e15, false, 0, true}},
                {"t", {1, kMaxInt, true, true}, "time (an integer <= T; used by k_t and draws)", {1, 1e15, false, 0, true, "T"}},
                leaf_label,
                reading_param("count", {"k_t", "draws", "affected", "populated", "tree_nodes", "registers", "depth"},
                              "which count")},
               true, true, kTree});

  t.push_back({"JKT.alg.private_sum", "alg", "JKT Alg 5, Sec 3.5.1, Fig 1",
               "Private Sum (tree-based aggregation) as a streaming binary mechanism: W^_t = the noisy nodes of t's "
               "1-bits; `privoco run private_sum` (the full tree of Alg 5 releases the same W^_t, tested)",
               {{"R", kPos, "public bound on ||w_t||_2 (J8 (b); R_enforce = assert or clip)", {}},
                {"eps", kPos, "privacy parameter", {}},
                {"delta", {0, 1, false, false}, "privacy parameter in (0, 1)", {}},
                {"T", {1, kMaxInt, true, true}, "horizon: at most T rows (an integer)", {}},
                log_base},
               true, true,
               "fast/jkt/private_sum.cpp reference/jkt/private_sum.cpp oracle/jkt/private_sum.cpp tests/jkt/private_sum_test.cpp"});

  // PIGD (Alg 2) and PGIGA (Alg 3) as streaming learners on f_t(x) = alpha/2 ||x||^2 + g_t.x over a ball about 0, the
  // family on which IGD's and GIGA's steps are exact (privoco/jkt/ocp.hpp); `privoco run pigd|pgiga`.
  // J11: charge_last = yes first, the regret of Def 1 (and of Thm 2, Cor 1, Thm 4, Thm 6) sums over t = 1..T.
  const ParamSpec charge_last = reading_param("charge_last", {"yes", "no"},
                                              "f_T(x^_T) charged after the loop (Def 1's T rounds), or only the loop's T - 1 (J11)");
  const ParamSpec radius{"radius", kPos, "C: the ball of this radius about 0 (the box's half-width)", {}};
  const ParamSpec c_shape = reading_param("C_shape", {"ball", "box"},
                                          "C: the ball {|x| <= radius} or the box [-radius, radius]^d (projections exact)");
  // the loss family (privoco/jkt/ocp.hpp): IGD's step is exact for each (a scalar root for the phi families)
  const ParamSpec loss = reading_param("loss", {"quadratic", "logistic", "hinge", "absolute"},
                                       "f_t = alpha/2||x||^2 + g_t.x, or phi(g_t.x) + alpha/2||x||^2 with phi(z) = "
                                       "ln(1 + e^-z), max(0, 1 - z) or |1 - z|");
  const char* kLearners = "fast/jkt/learners.cpp reference/jkt/learners.cpp oracle/jkt/learners.cpp "
                          "tests/jkt/learners_test.cpp";
  t.push_back({"JKT.alg.igd_update", "alg", "JKT Eq (13), Alg 2",
               "PIGD (Alg 2) as a streaming learner: IGD's step argmin_C 1/2||x - x_t||^2 + f_t(x)/(alpha t) (exact: "
               "the projection of (t x_t - g_t/alpha)/(t + 1) on f_t = alpha/2||x||^2 + g_t.x; one certified scalar root "
               "on phi(g_t.x) + alpha/2||x||^2), noise N(0, beta^2/t^2 I) with beta = JKT.noise.pigd_beta, "
               "x^_{t+1} = Pi_C(x_{t+1} + b_{t+1}); `privoco run pigd`",
               {{"L", kPos, "Lipschitz bound of every f_t on C, ||g_t|| + alpha max_C |x| <= L (Alg 2 l.2; checked)", {}},
                {"alpha", kPos, "strong convexity of the f_t (the family's alpha)", {}}, radius, eps, delta, T2, c_parse,
                init_reading, init_coupling, charge_last, loss, c_shape},
               true, true, kLearners});
  t.push_back({"JKT.alg.giga_update", "alg", "JKT Sec 3.4, Alg 3",
               "PGIGA (Alg 3) as a streaming learner: burn-in to t_q (J6, J7), then GIGA's step Pi_C(x_t - eta_t "
               "grad f_t(x_t)) (J15 (a), J16) on f_t of `loss` (at a kink the least subgradient), noise with beta = "
               "JKT.noise.pgiga_beta; "
               "`privoco run pgiga`",
               {{"G", kPos, "bound on the gradients on C, ||g_t|| + alpha max_C |x| <= G (J19; checked)", {}},
                {"L_G", kPos, "Lipschitz constant of the gradients (>= alpha; the family's is alpha)", {}},
                {"alpha", kPos, "strong convexity of the f_t (the family's alpha)", {}}, radius, eps, delta, T2, c_parse,
                giga_eta, tq_rounding, tq_burnin, pgiga_lambda, init_reading, init_coupling, charge_last, loss, c_shape},
               true, true, kLearners});

  // POCP (Alg 1) around any OCP algorithm A: the caller's iterates x_{t+1} in, POCP's releases out
  // (privoco/fast/jkt/learners.hpp Pocp); Alg 1 has no catalogue ID of its own: named after Alg 2's and Alg 3's
  t.push_back({"JKT.alg.pocp", "alg", "JKT Alg 1",
               "POCP (Alg 1) around any OCP algorithm A: A's iterates x_{t+1} (t = 1..T-1) given, x^_{t+1} = Pi_C(x_{t+1} "
               "+ b_{t+1}), b_{t+1} ~ N(0, beta^2/t^2 I), beta = JKT.noise.pocp_beta at A's lambda_A; `privoco run pocp`",
               {{"lambda_A", kPos, "A's sensitivity constant of Eq (1) (2L for IGD, 2G for GIGA)", {}}, radius, eps, delta, T2,
                c_parse, init_reading, init_coupling, c_shape},
               true, true, "fast/jkt/learners.cpp reference/jkt/learners.cpp oracle/jkt/pocp.cpp tests/jkt/learners_test.cpp"});

  // PQFTL (Alg 4) as a streaming learner: QFTL's update on two Alg 5 trees (privoco/jkt/qftl.hpp); `privoco run pqftl`.
  // J8 (b): R is a public bound fixed before the run (a streaming learner cannot know the data's max); J14's loss
  // is the one charged and compared against, the update is Alg 4 l.9 as printed.
  t.push_back({"JKT.alg.qftl", "alg", "JKT Eq (21), Alg 4",
               "PQFTL (Alg 4) as a streaming learner: x^_1 = 0, x^_{t+1} = (t alpha I + V^_t)^{-1} u^_t with V^_t, u^_t "
               "the noisy sums of Alg 5's trees over v_t v_t^T and y_t v_t (sigma = JKT.noise.tree_sigma at the bound "
               "`tree_bound` reads, eps/2, delta/2, T); f_t = c (y_t - v_t.x)^2 + a alpha/2 ||x||^2 per quad_loss; "
               "`privoco run pqftl`",
               {{"alpha", kPos, "the loss's alpha and Alg 4 l.9's t alpha I", {}},
                {"R", kPos, "public bound on |y_t| and ||v_t|| (J8 (b); checked or clipped per R_enforce)", {}}, eps,
                delta, T2, log_base,
                reading_param("tree_bound", {"printed", "derived"},
                              "the trees' bound: R^2 (V) and R (u) as Alg 4 l.7, l.8 print, or the derived R^2 for both (E27)"),
                reading_param("quad_loss", {"eq19", "alg4", "sec51"}, "the charged loss: Eq (19)'s, Alg 4's or Sec 5.1's (J14)"),
                reading_param("R_enforce", {"assert", "clip"},
                              "data beyond R refused with an error, or clipped to it (|y| to R, v scaled to norm R) (J8)"),
                charge_last},
               true, true, "fast/jkt/qftl.cpp reference/jkt/qftl.cpp oracle/jkt/qftl.cpp tests/jkt/qftl_test.cpp"});

  // Eq (19)'s family at one point, the loss the learners above charge (J14)
  ParamSpec v_q{"v", domains::real, "the loss's v_t (||v|| <= R)", {1e-3, 1, true, 0}};
  v_q.per_coordinate = true;
  ParamSpec x_q{"x", domains::real, "the point", {1e-3, 1e3, true, 0}};
  x_q.per_coordinate = true;
  t.push_back({"JKT.alg.quadratic_loss", "alg", "JKT Eq (19), Alg 4 l.1, l.6, Sec 5.1, Thm 7, Thm 8",
               "f(x; y, v) = c (y - v.x)^2 + a alpha/2 ||x||^2 with (c, a) = (1/2, 1) (Eq (19)), (1, 1) (Alg 4 l.1, l.6), (1, 2) "
               "(Sec 5.1) per quad_loss (J14); |y|, ||v|| <= R (J8, refused otherwise)",
               {{"d", {1, kMaxDimension, true, true}, "dimension (the length of v and x)", {1, 8, false, 0}},
                {"alpha", kPos, "the losses' alpha", {1e-3, 1e3, false, 0}},
                {"R", kPos, "bound on |y| and ||v||", {10, 1e3, false, 0}},
                {"y", domains::real, "the loss's y_t (|y| <= R)", {1e-3, 10, true, 0}}, v_q, x_q,
                reading_param("quad_loss", {"eq19", "alg4", "sec51"}, "the loss: Eq (19)'s, Alg 4's or Sec 5.1's (J14)")},
               true, true, "reference/jkt/qftl.cpp fast/jkt/qftl.cpp proofs-checks/jkt/qftl_checks.cpp tests/jkt/qftl_test.cpp"});
  t.back().has_proof = true;  // privoco prove JKT.alg.quadratic_loss: Alg 4 l.9 against FTL of each reading's loss
  t.push_back({"JKT.alg.ftl", "alg", "JKT Eq (20)",
               "FTL as a streaming learner on Eq (19)'s family over C = R^d: x_1 = 0, x_{t+1} = argmin sum_{tau <= t} f_tau "
               "of the charged loss c (y - v.x)^2 + a alpha/2 ||x||^2, i.e. (V_t + t (a alpha/(2c)) I)^{-1} u_t (QFTL, "
               "Eq (21), under eq19 and sec51; alpha/2 under alg4); `privoco run ftl`",
               {{"alpha", kPos, "the losses' alpha", {}},
                {"R", kPos, "public bound on |y_t| and ||v_t|| (J8 (b); checked or clipped per R_enforce)", {}}, T2,
                reading_param("quad_loss", {"eq19", "alg4", "sec51"}, "the charged loss, whose FTL this is (J14)"),
                reading_param("R_enforce", {"assert", "clip"},
                              "data beyond R refused with an error, or clipped to it (|y| to R, v scaled to norm R) (J8)"),
                charge_last},
               true, true, "fast/jkt/qftl.cpp reference/jkt/qftl.cpp oracle/jkt/qftl.cpp tests/jkt/qftl_test.cpp"});

  t.push_back({"JKT.alg.pol", "alg", "JKT Alg 6, Sec 4.2",
               "POL (Alg 6) over data points given by losses l(x; z_t) = g_t.x or phi(g_t.x) (`loss`): IGD on l + alpha/2 ||x||^2, alpha = "
               "eps_g/||x*||^2, over the ball of radius ||x*|| (J25), the average of x_1..x_T, x^ = Pi_C(x-bar + b), b ~ "
               "N(0, beta^2 I) with beta = JKT.noise.pol_beta; `privoco run pol`",
               {{"eps_p", kPos, "privacy parameter of Alg 6", {}}, {"delta", {0, 1, false, false}, "privacy parameter in (0, 1)", {}},
                {"eps_g", kPos, "generalisation-error parameter", {}},
                {"L", kPos, "Lipschitz bound of l: ||g_t|| <= L (checked)", {}},
                {"x_star_norm", kPos, "the public bound ||x*|| (J25): C's radius", {}}, T2,
                reading_param("init_reading", {"given", "uniform"}, "x_1: the centre, or uniform on C (J23)"), loss},
               true, true, "fast/jkt/pol.cpp reference/jkt/learners.cpp oracle/jkt/pol.cpp tests/jkt/pol_test.cpp"});

  // Claims (proofs-checks/jkt/, `privoco prove`): parameters are the claim's readings and search ranges.
  auto claim = [&](const char* id, const char* kind, const char* cit, const char* sum, std::vector<ParamSpec> ps) {
    t.push_back(claim_entry(id, kind, "proofs-checks/jkt/tree_checks.cpp tests/jkt/tree_test.cpp", cit, sum, std::move(ps)));
  };
  t.push_back(claim_entry("JKT.alg.olr_objective", "alg", "proofs-checks/jkt/qftl_checks.cpp tests/jkt/qftl_test.cpp",
                          "JKT Sec 5.1",
                          "sum_t (y_t - g_t.x_t)^2 + alpha ||x_t||^2 (J14 sec51): twice Eq (19)'s loss, one minimiser; Alg 4's differs",
                          {}));
  t.push_back(claim_entry("JKT.bound.regret_def", "bound", "proofs-checks/jkt/qftl_checks.cpp tests/jkt/qftl_test.cpp",
                          "JKT Def 1, Eq (2)",
                          "regret = sum_t f_t(x_t) - min_C sum_t f_t; the minimum as privoco's runs compute it (rounds charged "
                          "per J11, `charge_last`)",
                          {}));
  t.push_back(claim_entry("JKT.alg.nonconvex_perturbation", "alg",
                          "proofs-checks/jkt/igd_giga_checks.cpp tests/jkt/igd_giga_test.cpp", "JKT Sec 4.1",
                          "f~_t = f_t + (alpha/sqrt t) ||x - x_0||_2 gives IGD a strongly convex sequence (norm as printed, or squared)",
                          {reading_param("norm_reading", {"printed", "squared"},
                                         "the perturbation's norm: as printed, or squared (what strong convexity needs)")}));
  t.push_back(claim_entry("JKT.lemma.lipschitz_defs", "lemma",
                          "proofs-checks/jkt/igd_giga_checks.cpp tests/jkt/igd_giga_test.cpp", "JKT Sec 2.3",
                          "L-Lipschitz and L_G-Lipschitz gradients as defined; the constants of privoco's families are the sups",
                          {}));
  t.push_back(claim_entry("JKT.priv.pocp_step", "priv", "proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp",
                          "JKT Lem 1, Eq (8)", "one POCP release is (sqrt(eps)/T^{0.5+c}, delta/T)-DP (exact Gaussian profile)",
                          {c_parse}));
  t.push_back(claim_entry("JKT.lemma.mills", "lemma", "proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp",
                          "JKT Lem 1 (proof), Lem 6 (proof)", "P[|V| >= z] <= e^{-z^2/2} for V ~ N(0, 1), z >= z_min",
                          {{"z_min", domains::real, "least z (printed: z > 0 in Lem 1, gamma > 1 in Lem 6)", {}}}));
  t.push_back(claim_entry("JKT.priv.dp_definition", "priv", "proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp",
                          "JKT Def 2", "(eps, delta)-DP as the sup over events; for Gaussian mechanisms it is DP.gauss.delta",
                          {}));
  t.push_back(claim_entry("JKT.lemma.gauss_density_ratio", "lemma", "proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp",
                          "JKT Eq (7), Eq (33)", "each printed line of the Gaussian log density ratio in the POCP and tree proofs",
                          {}));
  t.push_back(claim_entry("JKT.lemma.kl_dinf", "lemma", "proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp",
                          "JKT Lem 2", "both max-divergences <= eps imply KL <= k eps^2 (printed k = 2)",
                          {{"k", domains::pos, "the constant (printed 2)", {}}}));
  t.push_back(claim_entry("JKT.priv.pocp_goodset", "priv", "proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp",
                          "JKT Eq (3), (4), (5), (9)", "the good set G of the POCP proof and P[x~ not in G] <= delta/T",
                          {c_parse}));
  t.push_back(claim_entry("JKT.priv.pocp_step_kl", "priv", "proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp",
                          "JKT Lem 3", "one POCP step's expected log density ratio (KL) <= 2 eps/T^{1+2c}", {c_parse}));
  t.push_back(claim_entry("JKT.priv.pocp_naive_composition", "priv",
                          "proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp", "JKT Sec 3.1",
                          "basic composition of POCP's steps: (T^{0.5-c} sqrt(eps), delta); eps overall needs c = 0.5",
                          {c_parse}));
  t.push_back(claim_entry("JKT.priv.pocp_azuma", "priv", "proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp",
                          "JKT Thm 1 (proof)", "the Azuma-Hoeffding step of POCP's privacy proof and its choice of delta",
                          {c_parse}));
  t.push_back(claim_entry("JKT.priv.pocp_total", "priv", "proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp",
                          "JKT Thm 1", "POCP (Alg 1) is (3 eps, 2 delta)-DP (exact Gaussian profile of all releases)",
                          {c_parse}));
  t.push_back(claim_entry("JKT.lemma.harmonic_vs_integral", "lemma",
                          "proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp", "JKT Eq (12) l.1, Eq (35)",
                          "sum_{t<T} 1/t <= int_1^{T-1} dt/t and sum_{t=2}^T 1/(t - 1) <= ln T", {}));
  t.push_back(claim_entry("JKT.lemma.gamma_ratio", "lemma", "proofs-checks/jkt/pocp_checks.cpp tests/jkt/pocp_test.cpp",
                          "JKT Eq (12) l.2 -> l.3 (implicit)", "Gamma((d + 1)/2)/Gamma(d/2) <= c sqrt(d/2), c = 1",
                          {{"c", kPos, "the constant (1: the bound the step needs)", {}}}));
  const char* kIgc = "proofs-checks/jkt/igd_giga_checks.cpp tests/jkt/igd_giga_test.cpp";
  t.push_back(claim_entry("JKT.lemma.strong_convexity_def", "lemma", kIgc, "JKT Sec 2.3",
                          "the printed definition of alpha-strong convexity (no gamma (1 - gamma) factor)", {}));
  t.push_back(claim_entry("JKT.lemma.igd_contraction", "lemma", kIgc, "JKT Lem 4 (proof), Eq (14), (16)",
                          "a shared f_tau contracts IGD's iterates by tau/(tau + 1)", {}));
  t.push_back(claim_entry("JKT.priv.igd_sensitivity", "priv", kIgc, "JKT Lem 4", "S(IGD, t) <= 2L/t",
                          {reading_param("iterate_index", {"next", "current"},
                                         "the t-th iterate: x_{t+1} (Def 3) or x_t (J10)")}));
  t.push_back(claim_entry("JKT.priv.pigd", "priv", kIgc, "JKT Thm 3", "PIGD (Alg 2) is (3 eps, 2 delta)-DP",
                          {c_parse, init_reading, init_coupling}));
  t.push_back(claim_entry("JKT.lemma.giga_contraction", "lemma", kIgc, "JKT Lem 5 (proof), Eq (17), (18)",
                          "(18)'s factor carries 2G/(alpha (tau - 1)) to 2G/(alpha tau) for tau beyond the burn-in",
                          {giga_eta, tq_rounding, tq_burnin}));
  t.push_back(claim_entry("JKT.priv.giga_sensitivity", "priv", kIgc, "JKT Lem 5", "S(GIGA, t) <= 2G/(alpha t)",
                          {giga_eta, reading_param("iterate_index", {"next", "current"},
                                                   "the t-th iterate: x_{t+1} (Def 3) or x_t (J10)"),
                           tq_rounding, tq_burnin}));
  t.push_back(claim_entry("JKT.priv.pgiga", "priv", kIgc, "JKT Thm 5", "PGIGA (Alg 3) is (3 eps, 2 delta)-DP",
                          {c_parse, pgiga_lambda, giga_eta, tq_rounding, tq_burnin, init_reading, init_coupling}));
  t.push_back(claim_entry("JKT.lemma.lipschitz_regret_split", "lemma", kIgc, "JKT Eq (10), (11)",
                          "pathwise Lipschitz split of the regret of x^, the projection step, and (11) with ||C||_2",
                          {reading_param("C_norm", {"diameter", "radius"},
                                         "||C||_2: the diameter (Thm 2 as printed) or the radius (J5)"),
                           init_coupling}));
  t.push_back(claim_entry("JKT.alg.projection", "alg",
                          "reference/jkt/learners.cpp fast/jkt/learners.cpp proofs-checks/jkt/igd_giga_checks.cpp "
                          "tests/jkt/igd_giga_test.cpp",
                          "JKT Alg 1 l.8, Alg 2 l.9, Alg 3 l.9, Alg 6 l.14",
                          "Pi_C(z) = argmin_C |x - z| (ball: z r/|z| outside; box: a clip), non-expansive, and "
                          "|x - Pi_C(z)| <= |x - z| for x in C",
                          {}));
  t.push_back(claim_entry("JKT.lemma.igd_prox_strong_convexity", "lemma", kIgc, "JKT Lem 4 (proof), Eq (14)-(16)",
                          "1/2 |x - x_tau|^2 + f_tau(x)/(alpha tau) is (tau + 1)/tau-strongly convex; (14) at its minimiser",
                          {reading_param("sc_reading", {"gradient", "printed"},
                                         "alpha-strong convexity: the gradient form (Lem 5 proof) or Sec 2.3's printed "
                                         "inequality (J18)")}));
  // J2: the base of log T in the bounds imported from [20] and [22]; e first (the natural log of [20]'s H_T <= 1 + ln T)
  const ParamSpec log_base_regret = reading_param("log_base_regret", {"e", "2"}, "base of log T in Thm 6, Eq (22) (J2)");
  t.push_back(claim_entry("JKT.bound.giga_regret", "bound", kIgc, "JKT Thm 6 (proof; from [20] Thm 1)",
                          "GIGA's regret from round t_q on <= 2G^2/alpha (1 + log T) with eta_t = 2/(alpha t)",
                          {giga_eta, log_base_regret}));
  const ParamSpec neighbour = reading_param("neighbour", {"add_remove", "replace"},
                                            "neighbouring data sets: one entry set to zero, or replaced (J4)");
  claim("JKT.alg.tree_decomposition", "alg", "JKT Alg 5 l.13, Sec 3.5.1",
        "l.13's strings are the minimum set of populated nodes whose sum is sum_{tau<=t} w_tau, with Q <= log T",
        {leaf_label, log_base});
  claim("JKT.noise.tree_output", "noise", "JKT Thm 9 (utility) and proof",
        "W^_t ~ N(W_t, k sigma^2 I_d) with k <= ceil(log T) (k_t enumerated against ceil(log T))", {leaf_label, log_base});
  claim("JKT.priv.tree_nodes_affected", "priv", "JKT Thm 9 (proof)",
        "neighbouring data sets' trees differ in at most log T nodes", {leaf_label, log_base});
  claim("JKT.priv.partial_sum_sensitivity", "priv", "JKT Sec 3.5.1",
        "changing one w_tau changes a partial sum (or a node value) by at most 2R", {neighbour});
  claim("JKT.priv.pqftl", "priv", "JKT Thm 7, Alg 4 l.7, l.8",
        "PQFTL (Alg 4) is (eps, delta)-DP (the proof's step: both trees' outputs, exact Gaussian profile)",
        {log_base, neighbour, leaf_label});
  claim("JKT.priv.naive_vs_tree_noise", "priv", "JKT Sec 3.5.1 (text)",
        "the orders of the noise for private partial sums: one step, T steps by composition, the tree", {});
  claim("JKT.priv.tree_node", "priv", "JKT Lem 6, Eq (33)",
        "one node B^_s = B_s + N(0, sigma^2 I) is (eps/log T, delta/log T)-DP (exact Gaussian profile at the node "
        "sensitivity; J20 (a)), and the printed density inequality for every Theta (J20 (b))", {log_base, neighbour});
  claim("JKT.priv.tree_total", "priv", "JKT Thm 9 (privacy) and proof",
        "Alg 5 is (eps, delta)-DP: every single output W^_t, and all node values together (exact Gaussian profiles)",
        {log_base, neighbour});
}

}  // namespace privoco::jkt
