// Tests' helper: evaluate a reference ball function at double parameters (exact balls) and fixed precision.
#pragma once
#include <arb.h>

#include <cmath>
#include <vector>

#include "privoco/reference/ball.hpp"

namespace privoco::testing {

inline reference::Ball eval_fn(void (*f)(arb_t, arb_srcptr, slong), std::vector<double> x, slong prec = 128) {
  arb_ptr p = _arb_vec_init(static_cast<slong>(x.size()));
  for (std::size_t i = 0; i < x.size(); ++i) arb_set_d(p + i, x[i]);
  reference::Ball r;
  f(r.get(), p, prec);
  _arb_vec_clear(p, static_cast<slong>(x.size()));
  return r;
}

// The nearest double to a ball's midpoint, and a double's distance to it in units of that midpoint's ulp
inline double mid(const reference::Ball& b) { return arf_get_d(arb_midref(b.get()), ARF_RND_NEAR); }
inline double ulps(double x, const reference::Ball& exact) {
  const double m = mid(exact);
  return std::fabs(x - m) / (std::nextafter(std::fabs(m), INFINITY) - std::fabs(m));
}

}  // namespace privoco::testing
