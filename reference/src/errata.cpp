#include "privoco/reference/errata.hpp"

namespace privoco::reference {

const std::vector<Erratum>& errata() {
  static const std::vector<Erratum> list = {
      {"E1", "VDH.pred.conj_printed", "VDH.pred.conj", "VDH eq (7) = (3.3.4)",
       "the printed closed form has the opposite sign and its second term lacks the factor sqrt(b/pi); corrected: "
       "w = [sqrt(b) L e^{(L+2CB)^2/(4B)} (erf((L+2CB)/(2 sqrt B)) - erf((L-2CB)/(2 sqrt B))) "
       "- 2 sqrt(bB/pi) (e^{2CL} - 1)] / [erf(C sqrt b) e^{C(L+CB)} 4 B^{3/2}]",
       {{"100", "9", "1", "1"}, {"1", "0", "1", "1"}, {"7", "0", "10", "0.05"}}},
  };
  return list;
}

const std::vector<ClaimErratum>& claim_errata() {
  static const std::vector<ClaimErratum> list = {
      {"E2", "VDH Thm 12 (002), (3.8.2)",
       "as printed (A9(a)) the bound is ln 2 at u = 0, but Algorithm 1 with the improper prior loses ~(1/2) ln T "
       "against u = 0 (alternating stream, T = 1000: certified regret 2.136); corrected third term (A9(b)): "
       "|u| sqrt(2V) + 1 + ln(1 + 2 sqrt(2V))",
       "privoco prove VDH.bound.thm12 T=1000 (refuted with a certified counterexample; claims table below)"},
      {"E3", "VDH Thm 12 proof (002), the conjugate after (3.8.4)",
       "the conjugate of ln 2 (e^{L/(11G)} - 1) (reading A23(a)) is |u| 11G (ln(|u| 11G / ln 2) - 1) + ln 2; printed "
       "with ln(|u| 11G ln 2), which is smaller by |u| 11G ln(1/ln(2)^2) = 0.733 |u| 11G, so the printed value is "
       "not an upper bound of F_T^* from that step (it enters the second term of (3.8.2) the same way)",
       "u = 1, G = 1: printed 12.04, derived 20.10 (certified; tests/vdh/bounds_test.cpp E3)"},
      {"E4", "VDH (3.7.2), Thm 10 proof (002)",
       "the case-2 bound on F_T^* is below the conjugate it bounds (at eta = (5 - sqrt5)/(50G) Lemma 11 gives "
       "1/c = 100G/(7 - sqrt5) = 20.99G, not 11G, and nu = mu - eta with mu = 1/(5G)); Lemma 11 evaluated that way holds",
       "privoco prove VDH.conj.thm10_case2 (e.g. u = 0.1, V = 1e4, b = 100, G = 10: sup >= 28.705 > 16.276)"},
  };
  return list;
}

}  // namespace privoco::reference
