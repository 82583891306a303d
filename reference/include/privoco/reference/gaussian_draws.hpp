// The standard normal draws of privoco/fast/numerics/gaussian_draws.hpp in ball arithmetic, from the same uniforms:
// coordinates 2p and 2p + 1 of a stream are sqrt(-2 ln u1) cos(2 pi u2) and sqrt(-2 ln u1) sin(2 pi u2), u1 and u2
// the uniforms at counters 2p and 2p + 1. Every certified replay of a Gaussian mechanism draws through these.
#pragma once
#include <arb.h>

#include <cstdint>

#include "privoco/streams.hpp"

namespace privoco::reference {

// Box-Muller from two exact uniforms: z = sqrt(-2 ln u1) cos(2 pi u2), or sin(2 pi u2) (sine)
void box_muller(arb_t z, double u1, double u2, slong prec, bool sine = false);
// coordinate `coord` of `stream` (the fast gaussian_draw's value, enclosed)
void gaussian_draw(arb_t z, const Streams& s, std::uint64_t stream, std::uint64_t coord, slong prec);

}  // namespace privoco::reference
