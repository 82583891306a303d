// Gauss-Legendre rule shared by the fast quadratures (VDH.pot.improper, the CV prior).
#pragma once
#include <cmath>

namespace privoco::fast::numerics {

// 16-point Gauss-Legendre nodes and weights on [-1, 1], by Newton's method on P_16 in long double (once).
struct Gauss16 {
  double x[16], w[16], w_lo[16];  // w + w_lo: the long double weight (its rounding to double biased every sum by ~1e-16)
  Gauss16() {
    for (int i = 0; i < 16; ++i) {
      long double z = std::cos(3.14159265358979323846264338327950288L * (i + 0.75L) / 16.5L), dp = 0;
      for (int it = 0; it < 100; ++it) {
        long double p0 = 1, p1 = z;
        for (int k = 2; k <= 16; ++k) {
          const long double p2 = ((2 * k - 1) * z * p1 - (k - 1) * p0) / k;
          p0 = p1, p1 = p2;
        }
        dp = 16 * (z * p1 - p0) / (z * z - 1);
        const long double dz = p1 / dp;
        z -= dz;
        if (std::fabs(static_cast<double>(dz)) < 1e-19) break;
      }
      x[i] = static_cast<double>(z);
      const long double wl = 2 / ((1 - z * z) * dp * dp);
      w[i] = static_cast<double>(wl);
      w_lo[i] = static_cast<double>(wl - w[i]);
    }
  }
};

inline const Gauss16& gauss16() {
  static const Gauss16 g;
  return g;
}

}  // namespace privoco::fast::numerics
