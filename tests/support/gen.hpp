// RapidCheck generators over the catalogue's sampling boxes.
#pragma once
#include <rapidcheck.h>

#include <cmath>

namespace privoco::testing {

// |x| log-uniform in [lo, hi].
inline rc::Gen<double> log_uniform(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange<long>(0, 1L << 40), [lo, hi](long k) {
    const double t = static_cast<double>(k) / static_cast<double>(1L << 40);
    return std::exp(std::log(lo) + t * (std::log(hi) - std::log(lo)));
  });
}

inline rc::Gen<double> signed_log_uniform(double lo, double hi) {
  return rc::gen::map(rc::gen::pair(log_uniform(lo, hi), rc::gen::arbitrary<bool>()),
                      [](std::pair<double, bool> p) { return p.second ? -p.first : p.first; });
}

}  // namespace privoco::testing
