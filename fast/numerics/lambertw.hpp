// The principal branch of Lambert's W in double, from the logarithm of its argument (so that x may lie beyond the
// double range): used where a bound or a conjugate has W in closed form (VDH Lemma 11's conjugate).
#pragma once
#include <cmath>

namespace privoco::fast::numerics {

// W(x) for x = e^{lnx} (x may be beyond doubles). A first approximation, de Bruijn's asymptotic series (DLMF 4.13.10,
// to L2^2/L1^2; 0.7% at lnx = 2, better above) or Winitzki's ln(1 + x)(1 - ln(1 + ln(1 + x))/(2 + ln(1 + x))) below;
// two steps of Fritsch, Shafer and Crowley's fourth-order iteration on ln w + w = lnx; then Newton, where lnx < 1 (W < 1)
// on w e^w = x itself (lnx - ln w cancels there: 30 ulp at lnx = -39), above in W, w <- w (1 + lnx - ln w)/(1 + w),
// twice. Within 1.8 ulp of mpmath's W at 6000 points with lnx from -40 to 5000 (the Newton-in-t start it replaces:
// 30 ulp below lnx = -10, 1.8 above; 1.4x faster, 80 against 110 ns per call on the README's machine).
inline double lambertw_of_log(double lnx) {
  if (lnx < -40) return std::exp(lnx);  // W(x) = x (1 - x + ...), x < 5e-18
  double w;
  if (lnx >= 2) {
    const double L1 = lnx, L2 = std::log(L1);
    w = L1 - L2 + L2 / L1 + L2 * (L2 - 2) / (2 * L1 * L1);
  } else {
    const double l = std::log1p(std::exp(lnx));
    w = l * (1 - std::log1p(l) / (2 + l));
  }
  for (int i = 0; i < 2; ++i) {
    const double z = lnx - std::log(w) - w, q = 2 * (1 + w) * (1 + w + 2 * z / 3);
    w *= 1 + z / (1 + w) * (q - z) / (q - 2 * z);
  }
  if (lnx < 1) {
    const double x = std::exp(lnx), ew = std::exp(w);
    return w - std::fma(w, ew, -x) / (ew * (1 + w));
  }
  for (int i = 0; i < 2; ++i) w = w / (1 + w) * (1 + lnx - std::log(w));
  return w;
}

}  // namespace privoco::fast::numerics
