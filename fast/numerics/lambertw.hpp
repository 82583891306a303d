// The principal branch of Lambert's W in double, from the logarithm of its argument (so that x may lie beyond the
// double range): used where a bound or a conjugate has W in closed form (VDH Lemma 11's conjugate).
#pragma once
#include <cmath>

namespace privoco::fast::numerics {

// W(x) for x = e^{lnx} (x may be beyond doubles): t = ln W by Newton on e^t + t = lnx, then Newton in W itself,
// w <- w (1 + lnx - ln w)/(1 + w), which converges quadratically to the double nearest W.
inline double lambertw_of_log(double lnx) {
  if (lnx < -40) return std::exp(lnx);  // W(x) = x (1 - x + ...), x < 5e-18
  double t = lnx < 1 ? lnx : std::log(lnx);
  for (int i = 0; i < 100; ++i) {
    const double et = std::exp(t), step = (et + t - lnx) / (et + 1);
    t -= step;
    if (std::fabs(step) < 1e-12 * (1 + std::fabs(t))) break;
  }
  double w = std::exp(t);
  for (int i = 0; i < 3; ++i) w = w / (1 + w) * (1 + lnx - std::log(w));
  return w;
}

}  // namespace privoco::fast::numerics
