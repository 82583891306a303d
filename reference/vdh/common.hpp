// Building blocks shared by the VDH priors' certified evaluations (defined in conj.cpp; the paper-neutral ones in
// reference/numerics/balls.hpp).
#pragma once
#include <acb_calc.h>
#include <arb.h>

#include "../numerics/balls.hpp"

namespace privoco::reference::vdh::detail {

using numerics::reciprocal;
using numerics::reciprocal_pair;
using numerics::scaled_integral;
using numerics::sign_of;
// M[j] = int_0^1 x^{2j+odd} e^{-mu x^2} dx for j = 0..J (mu >= 0), by the downward recurrence.
void moments_ball(arb_ptr M, slong J, const arb_t mu, slong prec, int odd = 0);
// Terms J >= first of sum_j lambda^{2j}/(2j+odd)! and a bound of the tail (sum_{j>J}), 2^-(prec+20) of term first.
slong series_terms_ball(const arb_t lambda, slong prec, int odd, arb_t tail, int first = 0);
// int_{lo}^{1} x^k exp(lambda x - mu x^2) dx by rigorous quadrature (acb_calc_integrate), lo = -1 or 0.
void integral(arb_t res, const arb_t lambda, const arb_t mu, int k, slong prec, int lo = -1);

// The largest exponent of lambda x - mu x^2 over x in [0, 1] (lambda, mu >= 0): lambda^2/(4mu) with the peak inside,
// lambda - mu beyond it; as an exact integer shift (floor, 0 when <= 1 or not finite), from doubles.
void peak_shift(arb_t shift, double lambda, double mu);

}  // namespace privoco::reference::vdh::detail
