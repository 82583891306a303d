// MIP: Zhang and Venkatasubramaniam, "Mutual-Information-Private Online Gradient Descent Algorithm" (poster, 2018).
// Entries in catalogue order; readings of ambiguous text (B undefined, the base of log, Thm 4's F/eta) are parameters
// given by name (reading_param). The hypothesis space S is a ball or an axis-aligned box, given by its centre c and
// half-widths h (a ball of radius r: every h_j = r).
#include <utility>

#include "privoco/catalogue.hpp"

namespace privoco::mip {

namespace {
const Domain kPos = domains::pos, kReal = domains::real;
constexpr double kMaxInt = 9007199254740992.0;  // 2^53: integers stay exact in a double
const char* kFiles = "reference/mip/bounds.cpp fast/mip/bounds.cpp proofs-checks/mip/checks.cpp tests/mip/bounds_test.cpp";
const char* kMiFiles =
    "reference/mip/bounds.cpp reference/mip/mutual_info.cpp fast/mip/bounds.cpp proofs-checks/mip/checks.cpp "
    "tests/mip/bounds_test.cpp";
}  // namespace

void register_paper(std::vector<Entry>& t) {
  // M1: B is never defined; sup ||w|| over S (radius about the origin) or diam S
  const ParamSpec B_reading =
      reading_param("B_reading", {"radius", "diameter"}, "B of Thm 2 and Thm 4: sup_S ||w|| or diam S (undefined, M1)");
  // M3: the base of log in Thm 1 and Thm 3 (nats or bits)
  const ParamSpec log_base = reading_param("log_base", {"e", "2"}, "base of log in Thm 1 and Thm 3 (nats or bits, M3)");
  const ParamSpec S_shape = reading_param("S_shape", {"ball", "box"}, "the hypothesis space S: a ball or an axis-aligned box");
  // a scalar ID's dimension, and the first parameter of an ID with per-coordinate S
  const ParamSpec d{"d", {1, kMaxInt, true, true}, "dimension (an integer)", {1, 1e4, false, 0, true}};
  const ParamSpec d_vec{"d", {1, kMaxDimension, true, true}, "dimension: the length of c and h", {1, 8, false, 0}};
  ParamSpec c{"c", kReal, "centre of S (per coordinate)", {1e-3, 1e3, true, 0.3}};
  ParamSpec h{"h", kPos, "half-width of S in coordinate j (a ball: every h_j is its radius)", {1e-3, 1e3, false, 0}};
  c.per_coordinate = h.per_coordinate = true;
  h.sampling.equal_when = "S_shape", h.sampling.equal_when_choice = 0;  // a ball: every h_j is its radius
  const ParamSpec L{"L", kPos, "Lipschitz constant of the f_t; bound on ||z_t|| (MIP Alg 1)", {1e-3, 1e3, false, 0}};
  const ParamSpec sigma{"sigma", kPos, "standard deviation of each coordinate of the noise v_t", {1e-3, 1e3, false, 0}};
  const ParamSpec eta{"eta", kPos, "step size", {1e-6, 1e3, false, 0}};
  const ParamSpec T{"T", {1, kMaxInt, true, true}, "rounds (an integer)", {1, 1e12, false, 0, true}};
  const ParamSpec delta{"delta", kPos, "exploration radius of Alg 2", {1e-4, 1e2, false, 0}};
  const ParamSpec F{"F", kReal, "F = max over S and t of f_t (MIP Thm 3; may be negative as printed)", {1e-3, 1e3, true, 0.1}};
  const ParamSpec C{"C", kPos, "per-round mutual-information budget, in units of log_base", {1e-6, 1e4, false, 0}};

  t.push_back(claim_entry("MIP.const.regret_def", "const", "proofs-checks/mip/regret.cpp tests/mip/ogd_test.cpp",
                          "MIP Sec \"Full Information OCO\"",
                          "Regret_T = sum_t f_t(w_t) - min_{w in S} sum_t f_t(w), w_t from f_1..f_{t-1} (the comparator in "
                          "closed form for privoco's loss families)"));
  t.push_back({"MIP.const.B", "const", "MIP Thm 2, Thm 4 (B undefined, M1)",
               "B = sup_{w in S} ||w||_2 (radius about the origin) or diam S, for S a ball (c, r) or a box c +- h",
               {d_vec, S_shape, c, h, B_reading}, true, true, kFiles});
  // the learners (privoco/mip/ogd.hpp): S is c and h given by name (lists, or one value for every coordinate; d from
  // the file), w1 likewise; the family's f_t by its vector g_t per row
  const ParamSpec w1_reading =
      reading_param("w1_reading", {"proj_zero", "given"}, "w_1 = Pi_S(0) (theta_1 = 0), or the point w1 in S (M2)");
  const ParamSpec loss = reading_param("loss", {"linear", "quadratic"},
                                       "f_t(w) = g_t.w (z_t = g_t: any run replays from its subgradients), or ||w - g_t||^2/2");
  const ParamSpec L_run{"L", kPos, "Lipschitz bound of every f_t on S (Alg 2: on S + delta B); checked per round", {}};
  const ParamSpec sigma_run{"sigma", domains::nonneg, "standard deviation of each coordinate of v_t (0: noiseless)", {}};
  const ParamSpec eta_run{"eta", kPos, "step size (w_{t+1} = Pi_S(eta theta_{t+1}))", {}};
  const char* kOgdFiles =
      "fast/mip/ogd.cpp reference/mip/ogd.cpp oracle/mip/ogd.cpp tests/mip/ogd_test.cpp core/src/mip_ogd.cpp";
  t.push_back({"MIP.alg.full_info", "alg", "MIP Alg 1",
               "private OGD, full information, as a streaming learner: z~_t = z_t + v_t (z_t in the subdifferential of f_t "
               "at w_t, v_t ~ N(0, sigma^2 I)), theta_{t+1} = theta_t - z~_t, w_{t+1} = Pi_S(eta theta_{t+1}); "
               "`privoco run mip_ogd`",
               {eta_run, sigma_run, L_run, T, S_shape, w1_reading, loss}, true, true, kOgdFiles});
  t.push_back(claim_entry("MIP.noise.gaussian", "noise", "proofs-checks/mip/noise.cpp tests/mip/ogd_test.cpp",
                          "MIP Alg 1, Alg 2 (\"v_t ~ N(0, sigma^2 I) i.i.d.\")",
                          "v_t = sigma N(0, I_d), i.i.d. over t: Box-Muller pairs of keyed uniforms (privoco's draws)"));
  t.push_back({"MIP.alg.bandit", "alg", "MIP Alg 2",
               "private OGD, bandit, as a streaming learner: e_t uniform on the unit sphere, phi_t = f_t(w_t + delta e_t), "
               "z_t = (d/delta) phi_t e_t, then as Alg 1; `privoco run mip_bandit`",
               {eta_run, sigma_run, L_run, T, delta, S_shape, w1_reading, loss,
                reading_param("bandit_loss_point", {"queried", "center"}, "the charged loss: f_t(w_t + delta e_t) or f_t(w_t) (M7)")},
               true, true, kOgdFiles});
  t.push_back(claim_entry("MIP.pred.bandit_estimator", "pred", "proofs-checks/mip/estimator.cpp tests/mip/ogd_test.cpp",
                          "MIP Alg 2 (z_t); behind MIP Thm 3, Thm 4",
                          "z_t = (d/delta) f_t(w_t + delta e_t) e_t: its mean (the smoothed gradient), its norm against "
                          "d (F/delta + L), its second moment with the noise"));
  t.push_back(claim_entry("MIP.lemma.data_processing", "lemma", "proofs-checks/mip/checks.cpp tests/mip/bounds_test.cpp",
                          "not printed (the step behind MIP Thm 1 and Thm 3)",
                          "I(f_k; z~_k) <= I(f_k, w_k; z~_k) <= I(z_k; z~_k): v_k is independent of (f_k, w_k, z_k)"));
  t.push_back({"MIP.priv.thm1", "priv", "MIP Thm 1",
               "C = (d/2) log(1 + L^2/(d sigma^2)): the printed per-round mutual-information bound of Alg 1",
               {d, L, sigma, log_base}, true, true, kMiFiles});
  t.back().has_proof = true;  // privoco prove MIP.priv.thm1: the argument, and the sphere input's certified MI below C
  // not printed: the check route of Thm 1 (the sphere input meets ||z|| <= L with equality); reference only
  t.push_back({"MIP.priv.sphere_mi", "priv", "MIP Thm 1 (check route; not printed)",
               "I(z; z + v) for z uniform on the sphere ||z|| = L (d = 1: the points +-L), v ~ N(0, sigma^2 I_d), by "
               "certified quadrature: s^2 - E log 0F1(; d/2; s^2 R^2/4), s = L/sigma, R the output's radius/sigma",
               {{"d", {1, 1e4, true, true}, "dimension (an integer)", {1, 100, false, 0, true}}, L, sigma, log_base}, true,
               false, kMiFiles});
  t.push_back({"MIP.priv.sigma_for_C", "priv", "MIP Thm 1 inverted in sigma (not printed)",
               "the sigma with (d/2) log(1 + L^2/(d sigma^2)) = C: sigma = L/sqrt(d expm1(2C/d)) (C in nats)",
               {C, d, L, log_base}, true, true, kFiles});
  t.back().has_proof = true;  // privoco prove MIP.priv.sigma_for_C: the round trip and a root solve
  t.push_back({"MIP.priv.thm3", "priv", "MIP Thm 3",
               "C = (d/2) log(1 + d (F/delta + L)^2/sigma^2): the printed per-round mutual-information bound of Alg 2",
               {d, F, delta, L, sigma, log_base}, true, true, kMiFiles});
  t.back().has_proof = true;  // privoco prove MIP.priv.thm3: refuted for losses with negative values (F = max f)
  t.push_back({"MIP.bound.thm2", "bound", "MIP Thm 2",
               "B^2/(2 eta) + (eta/2) T (L^2 + d sigma^2): the printed regret bound of Alg 1",
               {d_vec, eta, T, L, sigma, S_shape, c, h, B_reading}, true, true, kFiles});
  t.back().has_proof = true;  // privoco prove MIP.bound.thm2: in expectation with B = sup ||w||; refuted otherwise (M1, M4)
  t.push_back({"MIP.const.eta_opt", "const", "MIP Thm 2 (\"by setting eta = ...\")",
               "eta* = B/sqrt((L^2 + d sigma^2) T), or the bound there, B sqrt((L^2 + d sigma^2) T)",
               {d_vec, T, L, sigma, S_shape, c, h, B_reading,
                reading_param("which", {"eta", "bound"}, "the step eta*, or Thm 2's bound at eta*")},
               true, true, kFiles});
  t.back().has_proof = true;  // privoco prove MIP.const.eta_opt: the minimiser and the minimum, certified
  // the printed F/eta; Thm 3's F/delta (the estimator's norm d (F/delta + L)) is the corrected form (ERRATA.md)
  t.push_back({"MIP.bound.thm4", "bound", "MIP Thm 4",
               "B^2/(2 eta) + (eta/2) T (d^2 (F/eta + L)^2 + d sigma^2) + 3 T L delta as printed, or with F/delta "
               "for F/eta (corrected)",
               {d_vec, eta, delta, T, L, sigma, F, S_shape, c, h, B_reading,
                reading_param("which", {"printed", "corrected"}, "the printed F/eta, or F/delta")},
               true, true, kFiles});
  t.back().has_proof = true;  // privoco prove MIP.bound.thm4: corrected, in expectation; printed undecided; not pathwise
  t.push_back({"MIP.const.eta_delta_bandit", "const", "MIP Thm 4 (\"eta ~ T^{-3/4} and delta ~ T^{-1/4}\")",
               "eta = eta_scale T^{-3/4} or delta = delta_scale T^{-1/4} (the constants are free, M8)",
               {{"eta_scale", kPos, "eta = eta_scale T^{-3/4} (M8)", {1e-3, 1e3, false, 0}},
                {"delta_scale", kPos, "delta = delta_scale T^{-1/4} (M8)", {1e-3, 1e3, false, 0}}, T,
                reading_param("which", {"eta", "delta"}, "the step eta, or the exploration radius delta")},
               true, true, kFiles});
  t.back().has_proof = true;  // privoco prove MIP.const.eta_delta_bandit: the printed bound's growth at the schedule
  t.push_back({"MIP.bound.fixed_C_tradeoff", "bound", "MIP Thm 1 with Thm 2 at a fixed budget (not printed)",
               "full information: Thm 2's bound at eta* and sigma = sigma(C), B L sqrt(T/(1 - e^{-2C/d})) (C in nats)",
               {d_vec, C, L, T, S_shape, c, h, B_reading, log_base}, true, true, kFiles});
}

}  // namespace privoco::mip
