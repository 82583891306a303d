// Seeded samples of a catalogue entry's domain: one master seed, an independent stream per ID.
#pragma once
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "privoco/catalogue.hpp"

namespace privoco::oracle {

// splitmix64: derives independent stream seeds from (master seed, label).
std::uint64_t derive_seed(std::uint64_t master, const std::string& label);

// The corners of the sampling box (each parameter at its min, max, -max when signed, 0 when allowed),
// then `n` random points: |x| log-uniform in [min_abs, max_abs], random sign when signed, 0 with zero_prob.
std::vector<std::vector<double>> sample_points(const Entry& e, std::size_t n, std::uint64_t master_seed,
                                               bool with_corners = true);

// The random points of sample_points(e, n, seed, false), one at a time (the same sequence): for streaming.
class PointSampler {
 public:
  PointSampler(const Entry& e, std::uint64_t master_seed);
  std::vector<double> next();

 private:
  const Entry& e_;
  std::mt19937_64 rng_;
};

}  // namespace privoco::oracle
