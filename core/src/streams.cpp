#include "privoco/streams.hpp"

namespace privoco {

namespace {
inline std::uint64_t mix(std::uint64_t z) {  // SplitMix64 finaliser (Steele, Lea, Flood 2014)
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
}  // namespace

std::uint64_t Streams::bits(std::uint64_t stream, std::uint64_t counter) const {
  // three rounds of the finaliser over the (seed, stream, counter) triple, each folded in with the golden gamma
  return mix(mix(mix(seed_ + 0x9e3779b97f4a7c15ULL) ^ (stream * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL)) ^
             (counter * 0xd1b54a32d192ed03ULL + 0x8cb92ba72f3d8dd7ULL));
}

}  // namespace privoco
