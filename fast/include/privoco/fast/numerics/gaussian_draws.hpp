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

// Box-Muller's cosine branch sqrt(-2 ln u1) cos(2 pi u2) with u1, u2 the uniforms at `counter` of the streams whose
// keys (Streams::key) are key1, key2: JKT's draws, one pair of streams per coordinate (privoco/jkt/ocp.hpp).
double keyed_normal(std::uint64_t key1, std::uint64_t key2, std::uint64_t counter);
// out[j] = add[j] + sigma * keyed_normal(key1[j], key2[j], counter) for j < n: vectorised, the same bits; out may be add
void add_keyed_normals(const std::uint64_t* key1, const std::uint64_t* key2, std::uint64_t counter, int n, double sigma,
                       const double* add, double* out);
// cos(2 pi u) for u in [0, 1], a few ulp relative everywhere (the draws' cosine, for its test)
double cos_two_pi(double u);

}  // namespace privoco::fast::numerics
