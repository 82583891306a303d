// Standard normal draws from the counter-based streams of privoco/streams.hpp, one implementation for every Gaussian
// mechanism (JKT's tree nodes, MIP's noise and directions): coordinates 2p and 2p + 1 of a stream are Box-Muller's
// pair from the uniforms u1, u2 at counters 2p, 2p + 1, sqrt(-2 ln u1) cos(2 pi u2) and sqrt(-2 ln u1) sin(2 pi u2).
// The certified route forms the same values from the same uniforms (privoco/reference/numerics gaussian_draw).
#pragma once
#include <cstdint>

#include "privoco/streams.hpp"

namespace privoco::fast::numerics {

// coordinate `coord` of `stream`
double gaussian_draw(const Streams& s, std::uint64_t stream, std::uint64_t coord);
// sigma times coordinates 0 .. 2 pairs - 1 of `stream` into out (vectorised; the same bits as sigma * gaussian_draw)
void gaussian_pairs(const Streams& s, std::uint64_t stream, int pairs, double sigma, double* out);

}  // namespace privoco::fast::numerics
