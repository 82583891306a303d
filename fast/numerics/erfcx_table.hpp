// The double-double Taylor table of erfcx on [0, 3.0625), shared by the conjugate prior (VDH) and the Gaussian
// privacy profile (DP), scalar and vectorised. Internal to fast/.
#pragma once
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/dd_math.hpp"

namespace privoco::fast::numerics {

// erfcx(p) = e^{p^2} erfc(p) for 0 <= p < 3.0625 in double-double (to ~1e-18 relative), from Taylor expansions
// about x0 = k/8, k = 0..24 (|p - x0| <= 1/16): erfcx solves y' = 2xy - 2/sqrt(pi), so its Taylor coefficients obey
// c1 = 2 x0 c0 - 2/sqrt(pi), (n+1) c_{n+1} = 2 x0 c_n + 2 c_{n-1}, run in double-double (in double the recurrence
// feeds rounding into the growing e^{x^2} solution: 0.5 ulp at x0 = 3); c0 = erfc(x0) e^{x0^2} by erfc_dd, exp_dd.
// Built once (erfc_dd and exp_dd on every call were 60% of Algorithm 3's time on a drifting stream). 16 terms:
// the next is below 1e-20 of c0 for |p - x0| <= 1/16.
struct ErfcxTable {
  static constexpr int kCentres = 25, kTerms = 16;
  static constexpr double kEnd = (kCentres - 0.5) / 8;  // 3.0625
  dd c0[kCentres];
  double c[kCentres][kTerms];
  double c1_lo[kCentres];  // c[k][1]'s rounding error: the leading term of differences (fast/dp's small-h form)
  ErfcxTable() {
    const dd two_over_sqrt_pi{0x1.20dd750429b6dp+0, 0x1.1ae3a914fed8p-56};
    for (int k = 0; k < kCentres; ++k) {
      const double x0 = k / 8.0;
      const dd xd{x0, 0};
      c0[k] = erfc_dd(xd) * exp_dd(xd * xd);
      dd cm = c0[k], cn = c0[k] * (2 * x0) - two_over_sqrt_pi;  // c0, c1
      c[k][0] = to_double(cm);
      c[k][1] = to_double(cn);
      c1_lo[k] = (cn.hi - c[k][1]) + cn.lo;
      for (int n = 1; n + 1 < kTerms; ++n) {
        const dd next = (cn * (2 * x0) + cm * 2.0) / static_cast<double>(n + 1);
        cm = cn, cn = next;
        c[k][n + 1] = to_double(next);
      }
    }
  }
};


inline const ErfcxTable& erfcx_table() {
  static const ErfcxTable t;
  return t;
}

}  // namespace privoco::fast::numerics
