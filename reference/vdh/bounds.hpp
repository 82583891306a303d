// VDH regret bounds as functions of their parameters, certified (Arb balls).
#pragma once
#include <arb.h>

namespace privoco::reference::vdh {

// VDH Thm 1 (000) = Thm 10 (002), as printed; params = {u, V, b, G}, V = sum_t g_t^2 (deterministic reading, A10):
//   1 + |u| max{ 11G (ln(11G|u|) - 1 + ln(sqrt5 G sqrt(pi) / (4 sqrt b))),
//                sqrt(8 (b+V) ln(16 u^2 (b+V)^{3/2} sqrt(pi)/sqrt(b) + 1)) };  u = 0 gives 1 (|u| ln|u| -> 0).
void bound_thm1(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::vdh
