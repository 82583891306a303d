// VDH improper prior dP/dv = 1/|v| on [-C, C] (Thm 12 (002), §3.8), certified. No normaliser (A7):
//   w(L, V) = int_{-C}^{C} sign(v) e^{vL - v^2 V} dv = C [h(lambda) - h(-lambda)],  h(l) = int_0^1 e^{l x - mu x^2} dx,
//   lambda = C L, mu = C^2 V, C = 1/(5G). params = {L, V, G}.
#pragma once
#include <arb.h>

namespace privoco::reference::vdh {

void pred_improper(arb_t res, arb_srcptr p, slong prec);           // VDH (3.8.1) by the definition
void pred_improper_printed(arb_t res, arb_srcptr p, slong prec);   // VDH (3.8.1) literally (erf differences; V > 0)
void pred_improper_integral(arb_t res, arb_srcptr p, slong prec);  // quadrature of the definition

}  // namespace privoco::reference::vdh
