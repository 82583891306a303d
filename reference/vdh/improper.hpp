// VDH improper prior dP/dv = 1/|v| on [-C, C] (Thm 12 (002), §3.8), certified. No normaliser (A7):
//   w(L, V) = int_{-C}^{C} sign(v) e^{vL - v^2 V} dv = C [h(lambda) - h(-lambda)],  h(l) = int_0^1 e^{l x - mu x^2} dx,
//   lambda = C L, mu = C^2 V, C = 1/(5G). params = {L, V, G}.
#pragma once
#include <arb.h>

namespace privoco::reference::vdh {

void pred_improper(arb_t res, arb_srcptr p, slong prec);           // VDH (3.8.1) by the definition
void pred_improper_printed(arb_t res, arb_srcptr p, slong prec);   // VDH (3.8.1) literally (erf differences; V > 0)
void pred_improper_integral(arb_t res, arb_srcptr p, slong prec);  // quadrature of the definition

// Potential F(L; V) = int_{-C}^{C} (e^{vL - v^2 V} - 1) dv/|v| = int_0^1 (e^{lambda x - mu x^2} + e^{-lambda x - mu x^2} - 2)/x dx
// (A7(a): the -1 inside the integrand; no closed form). Even in L.
void pot_improper(arb_t res, arb_srcptr p, slong prec);           // series (lambda <= 6, mu <= 8), else quadrature
void pot_improper_series(arb_t res, arb_srcptr p, slong prec);    // -Ein(mu) + 2 sum_{j>=1} lambda^{2j}/(2j)! M_{2j-1}(mu)
void pot_improper_integral(arb_t res, arb_srcptr p, slong prec);  // rigorous quadrature with an entire integrand
// Far out (the exponent's maximum s over [0, 1] above ~2 prec ln 2): quadrature over the window around the peak where
// the exponent is within K of s, rigorous bounds elsewhere (bounded time up to lambda = 1e300 and beyond);
// indeterminate where not applicable. pot_improper uses it there.
void pot_improper_far(arb_t res, arb_srcptr p, slong prec);
// For mu = C^2 V >= 64 short of that: -Ein(mu) + sum_j lambda^{2j}/(2j)! gamma(j, mu)/mu^j (any mu up to 1e1000000).
void pot_improper_large_mu(arb_t res, arb_srcptr p, slong prec);
// Special values, independent routes: F(0; V) = -Ein(C^2 V) = -(gamma + ln mu + E1(mu)); F(L; 0) = 2 (Chi(lambda) - gamma - ln lambda).
void pot_improper_L0(arb_t res, arb_srcptr p, slong prec);
void pot_improper_V0(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::vdh
