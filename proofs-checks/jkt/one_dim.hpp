// One-dimensional exact instances shared by JKT's IGD, GIGA and POL checks: C = [-r, r], f(x) = alpha/2 x^2 + g x,
// the learners' steps as rational maps and a clip, in ball arithmetic (certified) and in double (for searches).
#pragma once
#include <arb.h>

#include <algorithm>

#include "privoco/reference/ball.hpp"

namespace privoco::proofs::jkt {

// clip y to [-r, r] (an enclosure when y's ball straddles an end)
inline void clip(arb_t y, const arb_t r, slong prec) {
  reference::Ball nr;
  arb_neg(nr, r);
  arb_min(y, y, r, prec);
  arb_max(y, y, nr, prec);
}
inline double clip(double y, double r) { return std::min(r, std::max(-r, y)); }

// IGD (JKT Eq (13)) at round s, eta_s = 1/(alpha s), f = alpha/2 x^2 + g x on [-r, r]: the minimiser of
// 1/2 (x - x_s)^2 + eta_s f(x) is (s x_s - g/alpha)/(s + 1), clipped (one dimension: the constrained minimiser of a
// strictly convex function is the clipped unconstrained one).
inline void igd_step(arb_t x, double s, const arb_t g, const arb_t alpha, const arb_t r, slong prec) {
  reference::Ball q;
  arb_div(q, g, alpha, prec);
  arb_mul_si(x, x, static_cast<slong>(s), prec);
  arb_sub(x, x, q, prec);
  arb_div_si(x, x, static_cast<slong>(s + 1), prec);
  clip(x, r, prec);
}
inline double igd_step(double x, double s, double g, double alpha, double r) { return clip((s * x - g / alpha) / (s + 1), r); }

}  // namespace privoco::proofs::jkt
