// Reproducible randomness: one master seed; every (stream, counter) pair gives an independent 64-bit draw (a
// counter-based generator: SplitMix64's finaliser over seed, stream and counter), so round t, coordinate j of a run
// is the same draw whatever else the run does, and runs can be replayed, split across processes, or transformed
// by both the fast samplers and their certified reference from the same uniforms.
#pragma once
#include <cstdint>

namespace privoco {

class Streams {
 public:
  explicit Streams(std::uint64_t master_seed) : seed_(master_seed) {}
  std::uint64_t seed() const { return seed_; }
  std::uint64_t bits(std::uint64_t stream, std::uint64_t counter) const;
  // Uniform on (0, 1): never 0 or 1 (53 random bits, offset by half a step): u = (k + 1/2) 2^-53, k < 2^53, an
  // exact double.
  double uniform(std::uint64_t stream, std::uint64_t counter) const {
    return (static_cast<double>(bits(stream, counter) >> 11) + 0.5) * 0x1p-53;
  }

 private:
  std::uint64_t seed_;
};

}  // namespace privoco
