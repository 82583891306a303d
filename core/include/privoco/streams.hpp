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
  // three rounds of SplitMix64's finaliser (Steele, Lea, Flood 2014) over (seed, stream, counter), each folded in
  // with the golden gamma; inline: the samplers call it once per uniform. The first two rounds depend on the
  // stream only: key(stream), so that a sampler drawing many counters of one stream pays one round per draw.
  std::uint64_t bits(std::uint64_t stream, std::uint64_t counter) const { return keyed_bits(key(stream), counter); }
  std::uint64_t key(std::uint64_t stream) const {
    return mix(mix(seed_ + 0x9e3779b97f4a7c15ULL) ^ (stream * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL));
  }
  static std::uint64_t keyed_bits(std::uint64_t key, std::uint64_t counter) {
    return keyed_bits_at(key, counter * kCounterMul + kCounterAdd);
  }
  // keyed_bits with the counter's term t = counter * kCounterMul + kCounterAdd (mod 2^64) already formed: a sampler
  // drawing consecutive counters steps t by kCounterMul instead of multiplying (64-bit products are slow in vectors)
  static constexpr std::uint64_t kCounterMul = 0xd1b54a32d192ed03ULL, kCounterAdd = 0x8cb92ba72f3d8dd7ULL;
  static std::uint64_t keyed_bits_at(std::uint64_t key, std::uint64_t t) { return mix(key ^ t); }
  double uniform(std::uint64_t stream, std::uint64_t counter) const { return unit(bits(stream, counter)); }
  static double unit(std::uint64_t b) {
    const double u = (static_cast<double>(b >> 11) + 0.5) * 0x1p-53;
    return u < 1 ? u : 1 - 0x1p-53;
  }

 private:
  static std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t seed_;
};

}  // namespace privoco
