// Building blocks shared by the VDH priors' certified evaluations (defined in conj.cpp).
#pragma once
#include <acb_calc.h>
#include <arb.h>

namespace privoco::reference::vdh::detail {

// -1, +1 when the ball has that sign; 0 when it is exactly zero; 2 when it straddles 0 (not exact).
int sign_of(arb_srcptr x);
// 1/k as a ball at >= prec bits for 1 <= k < 512 and prec <= 300 (a table built once), else nullptr.
arb_srcptr reciprocal(slong k, slong prec);
// M[j] = int_0^1 x^{2j+odd} e^{-mu x^2} dx for j = 0..J (mu >= 0), by the downward recurrence.
void moments_ball(arb_ptr M, slong J, const arb_t mu, slong prec, int odd = 0);
// Terms J of sum_j lambda^{2j}/(2j+odd)! and a bound of the tail (sum_{j>J}).
slong series_terms_ball(const arb_t lambda, slong prec, int odd, arb_t tail);
// int_{lo}^{1} x^k exp(lambda x - mu x^2) dx by rigorous quadrature (acb_calc_integrate), lo = -1 or 0.
void integral(arb_t res, const arb_t lambda, const arb_t mu, int k, slong prec, int lo = -1);

// e^{shift} int_a^b f(x) dx by acb_calc_integrate (absolute tolerance 2^-prec on the scaled integrand f, which the
// caller has divided by e^{shift} so that it is O(1) at its peak), plus `tail` as an error term before the rescaling.
void scaled_integral(arb_t res, acb_calc_func_t f, void* param, const acb_t a, const acb_t b, const arb_t shift,
                     const mag_t tail, slong eval_limit, slong prec);
// The largest exponent of lambda x - mu x^2 over x in [0, 1] (lambda, mu >= 0): lambda^2/(4mu) with the peak inside,
// lambda - mu beyond it; as an exact integer shift (floor, 0 when <= 1 or not finite), from doubles.
void peak_shift(arb_t shift, double lambda, double mu);

}  // namespace privoco::reference::vdh::detail
