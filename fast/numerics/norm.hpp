// The l2 norm of a vector of doubles without spurious overflow or underflow: the plain sum of squares where it is
// safely inside the range, else scaled by the largest |y_j| (the learners' gradients, noise and directions).
#pragma once
#include <cmath>

namespace privoco::fast::numerics {

inline double norm2(const double* y, int d) {
  double q = 0;
  for (int j = 0; j < d; ++j) q += y[j] * y[j];
  if (q < 0x1p1000 && q > 0x1p-1000) return std::sqrt(q);
  double m = 0;
  for (int j = 0; j < d; ++j) m = std::fmax(m, std::fabs(y[j]));
  if (!(m > 0) || !std::isfinite(m)) return m;  // 0, inf or nan
  q = 0;
  for (int j = 0; j < d; ++j) q += (y[j] / m) * (y[j] / m);
  return m * std::sqrt(q);
}

}  // namespace privoco::fast::numerics
