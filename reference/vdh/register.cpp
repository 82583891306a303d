// VDH's IDs in the reference part: each ID's certified ball function, and the errata found in VDH (ERRATA.md holds
// the same entries in prose; `privoco report` evaluates them live).
#include "privoco/reference/registry.hpp"
#include "bounds.hpp"
#include "conj.hpp"
#include "cv.hpp"
#include "fstar.hpp"
#include "improper.hpp"

namespace privoco::reference::vdh {

void register_paper(Registry& r) {
  r.add("VDH.pred.conj", vdh::pred_conj);
  r.add("VDH.pred.conj_printed", vdh::pred_conj_printed);
  r.add("VDH.pot.conj", vdh::pot_conj);
  r.add("VDH.pot.Z", vdh::pot_Z);
  r.add("VDH.pred.uniform", vdh::pred_uniform);
  r.add("VDH.pot.uniform", vdh::pot_uniform);
  r.add("VDH.pred.improper", vdh::pred_improper);
  r.add("VDH.pot.improper", vdh::pot_improper);
  r.add("VDH.pred.cv", vdh::pred_cv);
  r.add("VDH.pot.cv", vdh::pot_cv);
  r.add("VDH.bound.thm1", vdh::bound_thm1);
  r.add("VDH.bound.thm2", vdh::bound_thm2_flat);
  r.add("VDH.bound.thm12", vdh::bound_thm12);
  r.add("VDH.bound.thm1_corrected", vdh::bound_thm1_corrected);
  r.add("VDH.conj.exp_linear", vdh::conj_exp_linear);
  r.add("VDH.conj.Fstar", vdh::fstar_conj);
  r.errata.insert(r.errata.end(), {
      {"E1", "VDH.pred.conj_printed", "VDH.pred.conj", "VDH eq (7) = (3.3.4)",
       "the printed closed form has the opposite sign and its second term lacks the factor sqrt(b/pi); corrected: "
       "w = [sqrt(b) L e^{(L+2CB)^2/(4B)} (erf((L+2CB)/(2 sqrt B)) - erf((L-2CB)/(2 sqrt B))) "
       "- 2 sqrt(bB/pi) (e^{2CL} - 1)] / [erf(C sqrt b) e^{C(L+CB)} 4 B^{3/2}]",
       {{"100", "9", "1", "1"}, {"1", "0", "1", "1"}, {"7", "0", "10", "0.05"}}},
  });
  r.claim_errata.insert(r.claim_errata.end(), {
      {"E2", "VDH Thm 12 (002), (3.8.2)",
       "as printed (A9(a)) the bound is ln 2 at u = 0, but Algorithm 1 with the improper prior loses ~(1/2) ln T "
       "against u = 0 (alternating stream, T = 1000: certified regret 2.136); the third term as the proof prints "
       "it (A9(b)) fails at small G (not scale-free); redone, |u| sqrt(2V) + 1 + 2 ln(1 + 2 sqrt(2V)/(5G)) (A9(c)), "
       "the violations move to where the second term (E3) is the maximum",
       "privoco prove VDH.bound.thm12 T=1000 (refuted with a certified counterexample; a9=b, a9=c: the stream search)"},
      {"E3", "VDH Thm 12 proof (002), the conjugate after (3.8.4)",
       "the conjugate of ln 2 (e^{L/(11G)} - 1) (reading A23(a)) is |u| 11G (ln(|u| 11G / ln 2) - 1) + ln 2; printed "
       "with ln(|u| 11G ln 2), which is smaller by |u| 11G ln(1/ln(2)^2) = 0.733 |u| 11G, so the printed value is "
       "not an upper bound of F_T^* from that step (it enters the second term of (3.8.2) the same way)",
       "u = 1, G = 1: printed 12.04, derived 20.10 (certified; tests/vdh/bounds_test.cpp E3)"},
      {"E4", "VDH (3.7.2), Thm 10 proof (002)",
       "the case-2 bound on F_T^* is below the conjugate it bounds (at eta = (5 - sqrt5)/(50G) Lemma 11 gives "
       "1/c = 100G/(7 - sqrt5) = 20.99G, not 11G, and nu = mu - eta with mu = 1/(5G)); Lemma 11 evaluated that way holds",
       "privoco prove VDH.conj.thm10_case2 (e.g. u = 0.1, V = 1e4, b = 100, G = 10: sup >= 28.705 > 16.276)"},
      {"E5", "VDH Thm 12 proof (002, §3.8), the three cases' lower bounds on the improper-prior potential",
       "each case bounds F by part of its integral and drops a part that is negative (the v > 0 half at L = 0, the "
       "v < 0 half for L > 0); corrected lines keep it, bounded by e^x >= 1 + x on [0, eps] and -1 beyond",
       "privoco prove VDH.lemma.thm12_small (e.g. F(0; V = 1e6, G = 1) = -11.174 < -1 - ln(1 + 2 sqrt(2e6)) = -8.948); "
       "also VDH.lemma.thm12_mid, VDH.lemma.thm12_large"},
      {"E6", "VDH (3.8.3), Thm 12 proof (002)",
       "the gamma-form of the conjugate of e^{(L/sqrt(2V) - 1)^2} - 1 lacks the +1 and has 8x the 1/gamma term and 2x "
       "the linear term; derived: inf_gamma gamma ln gamma - gamma + 1 + u^2 V/(2 gamma) + |u| sqrt(2V)",
       "privoco prove VDH.conj.thm12_cases (u = 0: printed inf -1, conjugate 0)"},
      {"E7", "VDH (3.7.3) and the lines after it, Lemma 11 proof (002)",
       "m*(y) = B y^2, so the 1/gamma term is u^2 B/gamma (printed 4u^2 B/gamma); stationarity gives "
       "gamma^ = sqrt(2H/W(2H e^{2S+1})) (printed e^{S^2+1/2}) and the minimum sqrt(2Hw) - sqrt(2H/w) + 1, "
       "w = W(2H e^{2S+1}), H = u^2 B (printed H(2W - 1)/sqrt(2HW) + 1 with W(2H e^{S+1/2}), H = 4u^2 B)",
       "privoco prove VDH.conj.lemma11_gamma (V = 1, b = 0.01, G = 0.1, L = 2.39623, u = 0.01: conjugate >= 0.892817, "
       "printed value 0.837435)"},
      {"E8", "VDH (3.7.1), Lemma 11 case 1 (002)",
       "below the case-1 sup it bounds where u^2 B is small and S = Z sqrt(2B) large (F + 1 tiny, uL - F ~ 1 + uL); "
       "corrected: the conjugate of Lemma 11's lower bound, sqrt(2Hw) - sqrt(2H/w) + 1, H = u^2 B, w = W(2H e^{2S+1})",
       "privoco prove VDH.conj.lemma11_case1 (search, seed 1: u = 5.557e-9, V = 3.31e10, b = 206.3, G = 3.97e-4, "
       "L = 535566.5: uL - F = 1.0022889 > 1.0016009)"},
      {"E9", "VDH Thm 1 (000) = Thm 10 (002), the proof's last step",
       "the right-hand side is below F_T^*(u), the conjugate it bounds, and below the regret itself (b = 0.14, "
       "G = 0.3, g_t = 0.01 for 500 rounds, u = -2: regret 6.9069 > 5.4536; Thm 2 at d = 1 with it); corrected: "
       "VDH.bound.thm1_corrected (E4, E8)",
       "privoco prove VDH.bound.thm1_corrected (search, seed 1: u = 0.0089458, L = 20659.47, V = 2e-10, b = 3.42e6, "
       "G = 663.6: uL - F = 149.968 > 141.063); privoco prove VDH.bound.thm1 (stream search) and VDH.bound.thm2"},
      {"E10", "VDH Lemma 5 (000) (= Lemma 8 (002)), its hypothesis",
       "000 assumes only E g~ <= G (also its §3 text); the step fails for symmetric g~ with E g~ far below -G, where "
       "v g~ leaves symmexp's range; 002's |E g~| <= G is needed (and suffices: certified by reduction)",
       "privoco prove VDH.lemma.potential_step mean_condition=one_sided (G = 1, L = -48, V = 0, g~ = -5: "
       "E F after the step = 141.766 > F - w E g~ = 78.098)"},
  });
}

}  // namespace privoco::reference::vdh
