// JKT's IDs in the reference part.
#include "privoco/reference/jkt/igd_giga.hpp"
#include "privoco/reference/jkt/pocp.hpp"
#include "privoco/reference/jkt/pol.hpp"
#include "privoco/reference/jkt/pqftl.hpp"
#include "privoco/reference/jkt/qftl.hpp"
#include "privoco/reference/jkt/tree.hpp"
#include "privoco/reference/registry.hpp"

namespace privoco::reference::jkt {

void register_paper(Registry& r) {
  r.add("JKT.noise.tree_sigma", tree_sigma);
  r.add("JKT.const.tree_counts", tree_counts);
  r.add("JKT.const.c_exponent", c_exponent);
  r.add("JKT.const.eps1_per_step", eps1_per_step);
  r.add("JKT.noise.pocp_beta", pocp_beta);
  r.add("JKT.noise.chi_norm", chi_norm);
  r.add("JKT.const.delta_typical", delta_typical);
  r.add("JKT.bound.pocp_noise_sum", pocp_noise_sum);
  r.add("JKT.bound.pocp_expected", pocp_expected);
  r.add("JKT.bound.pocp_hp", pocp_hp);
  r.add("JKT.bound.pigd", pigd_bound);
  r.add("JKT.bound.igd_regret", igd_regret_bound);
  r.add("JKT.bound.pgiga", pgiga_bound);
  r.add("JKT.const.igd_step", igd_step);
  r.add("JKT.const.giga_step", giga_step);
  r.add("JKT.const.giga_tq", giga_tq);
  r.add("JKT.noise.pigd_beta", pigd_beta);
  r.add("JKT.noise.pgiga_beta", pgiga_beta);
  r.add("JKT.const.pqftl_tree_params", pqftl_tree_bound);
  r.add("JKT.noise.pqftl_noise_norms", pqftl_noise_norms);
  r.add("JKT.bound.pqftl_iterate_error", pqftl_iterate_error);
  r.add("JKT.bound.pqftl", pqftl_regret_bound);
  r.add("JKT.alg.quadratic_loss", quadratic_loss_value);
  r.add("JKT.const.pol_alpha", pol_alpha);
  r.add("JKT.const.pol_Lprime", pol_Lprime);
  r.add("JKT.noise.pol_beta", pol_beta);
  r.add("JKT.bound.pol_noise_norm", pol_noise_norm);
  r.add("JKT.bound.kt08_risk", kt08_risk);
  r.add("JKT.bound.pol_utility", pol_utility);
  r.add("JKT.bound.cms11_sample", cms11_sample);
  r.claim_errata.insert(r.claim_errata.end(), {
      {"E11", "JKT Lem 6, Thm 9 (privacy), Alg 5 l.3",
       "sigma^2 = (R^2/eps) log^2 T log(log T/delta) scales like 1/eps, not 1/eps^2: the exact Gaussian profile exceeds "
       "the printed delta on an interval of eps below about 1 (one node, one output, all nodes)",
       "privoco prove JKT.priv.tree_node (T = 1024, delta = 1e-6, eps = 0.1: exact delta 3.84e-4 > delta/log T = 1e-7); "
       "privoco prove JKT.priv.tree_total"},
      {"E12", "JKT Thm 9 (proof)",
       "one entry changes floor(log2 T) + 1 populated nodes, not at most log T (the first leaf's blocks of every size fill)",
       "privoco prove JKT.priv.tree_nodes_affected (T = 2: 2 nodes > log2 2 = 1; enumerated for every T <= 1e6)"},
      {"E14", "JKT Thm 1 (POCP privacy)",
       "at the printed beta the exact Gaussian profile of all releases exceeds 2 delta at 3 eps for small eps (one step, "
       "Lem 1, is not refuted)",
       "privoco prove JKT.priv.pocp_total (T = 1000, delta = 1e-6, eps = 1e-4: exact delta 1.104e-4 > 2e-6; fails for "
       "eps in (7.65e-9, 3.01e-3))"},
      {"E15", "JKT Eq (3)", "the good set's inequality is reversed: as printed Pr[x~ not in G] = 1 - erfc(z/sqrt2), not <= delta/T",
       "privoco prove JKT.priv.pocp_goodset (T = 1e9, delta = 1e-6: 1.0 > 1e-15; reversed: 9.47e-17)"},
      {"E16", "JKT Sec 3.1", "c = 0.5 gives total privacy sqrt(eps) under basic composition, not eps (eps < 1)",
       "privoco prove JKT.priv.pocp_naive_composition (eps = 0.25: sqrt(eps) = 0.5 > 0.25)"},
      {"E17", "JKT Thm 1 (proof), the Azuma-Hoeffding step",
       "Hoeffding with summands in [-a, a] gives exp(-eps T^{2c}/2); the printed 2 exp(-2 eps T^{2c}) drops the range's "
       "factor 4, and <= 2 exp(-2 T^{2c}) needs eps >= 1",
       "privoco prove JKT.priv.pocp_azuma (T = 1000, delta = 1e-6, eps = 1: Hoeffding 0.0266, printed 1e-6)"},
      {"E18", "JKT Sec 2.3", "the printed strong convexity inequality lacks gamma (1 - gamma): no function satisfies it",
       "privoco prove JKT.lemma.strong_convexity_def (f = x^2/2, x = 1, y = 0, gamma = 1/2: 0.125 > -0.25)"},
      {"E19", "JKT Lem 4", "IGD's sensitivity is 2L/(alpha t): the proof drops eta_tau = 1/(alpha tau)",
       "privoco prove JKT.priv.igd_sensitivity (alpha = 0.1, t = 1: distance 6.667 > 2L/t = 2)"},
      {"E20", "JKT Thm 3", "PIGD's beta is calibrated to 2L/t, so for alpha < 1 the releases are not (3 eps, 2 delta)-DP",
       "privoco prove JKT.priv.pigd (alpha = 0.1, T = 1000, delta = 1e-6, eps = 0.01: the released x^ has delta >= "
       "0.006535 > 2e-6, certified from its signs; before the projection exact 0.01027)"},
      {"E21", "JKT Lem 5", "with Alg 3's step 2/(alpha t) GIGA's sensitivity is 4G/(alpha t), not 2G/(alpha t)",
       "privoco prove JKT.priv.giga_sensitivity (G = alpha = 1, t = 3: distance 0.8 > 0.6667)"},
      {"E22", "JKT Thm 5", "Alg 3's beta (lambda = 2G) misses the 1/alpha of Lem 5 and E21's factor 2: not (3 eps, 2 delta)-DP for small alpha",
       "privoco prove JKT.priv.pgiga (alpha = 0.01, T = 1000, delta = 1e-6, eps = 1: the released x^ has delta >= 0.9073 "
       "> 2e-6; before the projection exact 0.9837)"},
      {"E23", "JKT Eq (7), Eq (33)", "sign errors in the log density ratio lines (the final upper bounds hold)",
       "privoco prove JKT.lemma.gauss_density_ratio (Eq (7)'s middle equals the log ratio at 0 of 200 points)"},
      {"E24", "JKT Sec 3.5.1", "the printed noise orders scale with 1/sqrt(eps) (and sqrt(T) under basic composition) where 1/eps (and T) is needed",
       "privoco prove JKT.priv.naive_vs_tree_noise (one step, delta = 1e-256, eps = 1/ln(1/delta): exact/printed 33.8)"},
      {"E25", "JKT Eq (35)", "POL's sensitivity lacks 1/alpha (Lem 4, E19) and its last step 2L' H_{T-1}/T <= 2L ln T/T is false",
       "privoco prove JKT.priv.pol_sensitivity (eps_g = 0.1, T = 1000: Delta 0.02594 > 2L ln T/T = 0.01382)"},
      {"E26", "JKT Thm 10", "at Alg 6's beta POL is not (eps_p, delta)-DP when eps_g/||x*||^2 is small",
       "privoco prove JKT.priv.pol (eps_g = 0.01, T = 1000, delta = 1e-6, eps_p = 1: the released x^ = Pi_C(x-bar) has "
       "exact delta 2.73e-4 > 1e-6)"},
      {"E27", "JKT Alg 4 l.8, Thm 7 (proof)", "the u-tree gets bound argument R where its inputs y_t v_t reach R^2",
       "privoco prove JKT.priv.pqftl (R = 10, T = 1024, delta = 1e-6, eps = 1: both trees' nodes exact delta 0.01524 > 1e-6)"},
      {"E28", "JKT Thm 2 (proof)", "the variance of ||b|| is s^2 (d - mu_1^2); the printed s^2 (d - mu^2) uses the scaled mean",
       "privoco eval JKT.noise.chi_norm d=3 s=2 which=variance_printed (-28.74; the variance is 1.814)"},
      {"E29", "JKT Thm 8 (proof, after Eq (30))",
       "the entries of A_t and beta_t are N(0, k_t sigma^2), k_t = popcount(t): the threshold 3 sigma sqrt d fails with "
       "probability above exp(-d/2) once k_t >= 3; 3 sigma sqrt(k_t d) holds",
       "privoco prove JKT.noise.pqftl_noise_norms (d = 10, t = 15: P(||beta_t|| > 3 sigma sqrt d) = 0.01275 > exp(-5) = "
       "0.006738)"},
      {"E36", "JKT Eq (30)", "|alpha - ||A_t||/t| holds only where ||A_t||/t <= alpha; beyond it t alpha I + V^_t can be singular",
       "privoco prove JKT.lemma.pqftl_perturbation (d = 1, V = 1, alpha = t = 1, A = -15/8: sides 15/16 < 105/16, exact)"},
      {"E37", "JKT Eq (31)", "the iterate error bound fails on the proof's event while t alpha <= 3 sigma sqrt d",
       "privoco prove JKT.bound.pqftl_iterate_error (t = 1, R = alpha = 1, T = 1024, eps = 1: ||e|| = 15/2 > (31) = 1.506)"},
      {"E38", "JKT Thm 8, Eq (32)", "PQFTL's regret exceeds (32) in most seeded runs, not with probability exp(-d/2)",
       "privoco prove JKT.bound.pqftl (d = 4, T = 256, eps = 1: 19 of 20 runs certified above (32) = 13291)"},
      {"E39", "JKT Thm 2", "PIGD's expected regret exceeds Thm 2's right side at large eps and d (beta falls like eps^{-1/4})",
       "privoco prove JKT.bound.pocp_expected (d = 1000, T = 2, eps = 1e8: mean regret 0.625, lower confidence bound "
       "0.461 > 0.285)"},
      {"E40", "JKT Thm 4", "no constant C bounds PIGD's regret for all eps: the bound tends to 0, the regret to IGD's",
       "privoco prove JKT.bound.pigd (d = 1, T = 3: IGD's regret 0.122245 > 0, certified)"},
      {"E41", "JKT Eq (37)", "the norm tail exceeds gamma/2 as gamma -> 1, and the second step needs eps_p <= ln(1/delta)",
       "privoco prove JKT.bound.pol_noise_norm (d = 1, gamma = 0.99: P = 0.7636 > 0.495; delta = 0.5, eps_p = 1: 0.40258 > "
       "0.36428)"},
      {"E42", "JKT Alg 4 l.1, l.6, l.9", "l.9's update is FTL of Eq (19)'s loss, not of the (y - v.x)^2 + alpha/2 ||x||^2 l.1 charges",
       "privoco prove JKT.alg.quadratic_loss (d = 1, (y, v) = (1, 1), alpha = t = 1: l.9 gives 1/2, FTL of l.1's loss 2/3)"},
      {"E43", "JKT Sec 4.1", "the perturbation (alpha/sqrt t) ||x - x_0||_2 adds no strong convexity (linear along rays)",
       "privoco prove JKT.alg.nonconvex_perturbation (x_0 = 0, x = 1, y = 2: midpoint defect exactly 0)"},
      {"E44", "JKT Cor 1", "PIGD's regret exceeds the high-probability bound in most runs at large eps and d",
       "privoco prove JKT.bound.pocp_hp (gamma = 0.1, d = 1000, T = 2, eps = 1e8: 2000 of 2000 runs above 0.5635)"},
      {"E45", "JKT Sec 4.2", "the sample size quoted from [3] differs from Thm 12's in ||x*||, L, ln(1/delta), ln(1/gamma), not only by sqrt(d)",
       "privoco prove JKT.bound.cms11_sample (certified slopes of the ratio: 1.067 in ||x*||, -0.4995 in ln(1/delta); 0.49997 in d)"},
      {"E46", "JKT Thm 12", "the condition on T drops the ln T of the proof's first term: the final display exceeds eps_g there",
       "privoco prove JKT.bound.pol_utility (C = 1, d = 1e4, eps_p = 0.01, T = 707665: display 1.39826 > eps_g = 0.1)"},
      {"E13", "JKT Alg 5 l.13",
       "Q = popcount(t) exceeds log T (T = t = 3: Q = 2 > log2 3); Thm 9's k <= ceil(log2 T) holds",
       "privoco prove JKT.alg.tree_decomposition (certified comparison, every t <= 1e6)"},
  });
}

}  // namespace privoco::reference::jkt
