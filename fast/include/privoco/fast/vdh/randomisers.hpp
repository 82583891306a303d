// VDH's randomisers as reproducible samplers (catalogue VDH.alg.local_laplace, VDH.alg.l2_mech), drawing from the
// counter-based streams of privoco/streams.hpp (their certified reference transforms the same uniforms:
// reference/include/privoco/reference/vdh/randomisers.hpp).
#pragma once
#include <cstdint>

#include "privoco/streams.hpp"

namespace privoco::fast {

using privoco::Streams;

namespace vdh {

// VDH §2.1 (000) = §3.2.1 (002): xi_j with density (tau_j/4) exp(-tau_j |z|/2), i.e. Laplace with scale 2/tau_j
// (normaliser derived: int exp(-tau|z|/2) dz = 4/tau). tau_j = +inf gives xi_j = 0 (reading A17(b)); tau_j must
// be > 0 (DomainError otherwise). Draws stream `round`, counters 0..d-1.
void local_laplace(const Streams& s, std::uint64_t round, const double* tau, int d, double* xi);

// VDH §2.1, §4: xi with density proportional to exp(-eps/2 ||z||_2) on R^d: xi = R U, U uniform on the sphere
// (d normals, normalised), R ~ Gamma(d, scale 2/eps) (polar coordinates: density of R ~ r^{d-1} e^{-eps r/2}),
// drawn as a sum of d exponentials. Stream `round`, counters 0..2d+1.
void l2_mech(const Streams& s, std::uint64_t round, double eps, int d, double* xi);

}  // namespace vdh
}  // namespace privoco::fast
