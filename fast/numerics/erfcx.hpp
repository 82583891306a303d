// erfcx near and beyond the double-double table's range, and h(p) = 1 - sqrt(pi) p erfcx(p) = -(sqrt(pi)/2) erfcx'(p)
// without cancellation: shared by the conjugate prior (VDH) and the Gaussian privacy profile (DP).
#pragma once
#include <cmath>

#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "erfcx_table.hpp"

namespace privoco::fast::numerics {

// h(p) = 1 - sqrt(pi) p erfcx(p) for p >= 0. For p >= 1.25 the continued fraction
// sqrt(pi) erfcx(p) = 1/(p + (1/2)/(p + 1/(p + (3/2)/(p + ...)))) gives h = r/(p + r), r = (1/2)/(p + ...),
// without the cancellation of the direct form.
// Measured against Arb: the direct form loses ~1e-15 relative for p in [0.8, 2]; the fraction with
// 20 + 300/p^2 terms is exact to rounding for p >= 1.25 (needs ~200 terms at 1.25, 60 at 2).
inline dd erfcx_dd2(double p) {
  const ErfcxTable& t = erfcx_table();
  const int k = static_cast<int>(std::nearbyint(p * 8));
  const double d = p - k / 8.0;  // exact: |d| <= 1/16, and p and k/8 are close
  double tail = 0;
  for (int n = ErfcxTable::kTerms - 1; n >= 1; --n) tail = std::fma(tail, d, t.c[k][n]);
  return t.c0[k] + dd{tail * d, 0};
}


// r(p) = (1/2)/(p + 1/(p + (3/2)/(p + ...))) for p >= 1.25, so that sqrt(pi) erfcx(p) = 1/(p + r) and
// h(p) = r/(p + r): both from one continued fraction (20 + 300/p^2 terms, backwards).
inline double cf_tail(double p) {
  // callers have p >= 1.25 (at most 212 terms); the clamp keeps a NaN or tiny p from an out-of-range int (4e9
  // iterations of the loop below were seen with p = NaN)
  const double extra = 300 / (p * p);
  const int terms = 20 + (extra < 1000 ? static_cast<int>(extra) : 1000);
  double t = p;
  for (int k = terms; k >= 2; --k) t = p + (0.5 * k) / t;
  return 0.5 / t;
}

inline double h_of(double p) {
  if (p < ErfcxTable::kEnd) {  // h = 1 - sqrt(pi) p erfcx(p) in double-double: libcerf's erfcx error (<= 2.4 ulp)
                               // was amplified 2-3x by the subtraction (11.5 ulp in w at p = 0.73, 10^6 points), more
                               // towards p = 3 (h ~ 1/(2p^2)); the continued fraction needs 20 + 300/p^2 terms
    static const dd sqrt_pi{0x1.c5bf891b4ef6bp+0, -0x1.618f13eb7ca89p-54};
    return to_double(dd{1, 0} - (erfcx_dd2(p) * sqrt_pi) * p);
  }
  const double r = cf_tail(p);
  return r / (p + r);
}

}  // namespace privoco::fast::numerics
