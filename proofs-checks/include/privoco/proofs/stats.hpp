// Distribution tests with a stated false-positive rate, for the checks and tests of samplers: the Kolmogorov distance
// of a sample to a CDF, and the threshold of the Dvoretzky-Kiefer-Wolfowitz inequality with Massart's constant,
// P(sup |F_n - F| > eps) <= 2 exp(-2 n eps^2) for every continuous F (Massart 1990).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace privoco::proofs {

// sup_x |F_n(x) - F(x)| of the sample x (sorted in place)
template <class Cdf>
double ks_distance(std::vector<double>& x, Cdf F) {
  std::sort(x.begin(), x.end());
  const double n = static_cast<double>(x.size());
  double D = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double p = F(x[i]);
    D = std::max({D, static_cast<double>(i + 1) / n - p, p - static_cast<double>(i) / n});
  }
  return D;
}
// the eps with 2 exp(-2 n eps^2) = alpha: a sample of the law exceeds it with probability at most alpha
inline double dkw_threshold(std::size_t n, double alpha) {
  return std::sqrt(std::log(2 / alpha) / (2.0 * static_cast<double>(n)));
}
// the standard normal CDF
inline double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

}  // namespace privoco::proofs
