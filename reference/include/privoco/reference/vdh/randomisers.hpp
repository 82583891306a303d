// Certified reference of VDH's randomisers (catalogue VDH.alg.local_laplace, VDH.alg.l2_mech): the exact transforms
// of the same uniforms the fast samplers draw (privoco/streams.hpp), in Arb ball arithmetic with precision
// escalation, so that each fast draw can be checked to its last bits. The uniforms are exact doubles; only the
// transforms differ between the two parts.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "privoco/decimal.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/streams.hpp"

namespace privoco::reference::vdh {

// A per-coordinate scale of the local Laplace randomiser: an exact decimal > 0, or infinite (A17(b): no noise).
struct Tau {
  Decimal value;
  bool infinite = false;
};
// "inf" or a decimal; DomainError (parameter tau_j) unless > 0.
Tau parse_tau(const std::string& text, std::size_t j);

// VDH §2.1 (000) = §3.2.1 (002): xi_j = (2/tau_j) sign(u_j - 1/2) (-ln(1 - 2|u_j - 1/2|)), u_j = s.uniform(round, j)
// (inverse CDF of the density (tau_j/4) e^{-tau_j |z|/2}); tau_j = inf gives exactly 0. opt.digits per coordinate.
std::vector<Certified> local_laplace(const Streams& s, std::uint64_t round, const std::vector<Tau>& tau,
                                     const Options& opt = {});

// VDH §2.1, §4: xi = R n/||n||, R = -(2/eps) sum_{k<d} ln u_k (Gamma(d, 2/eps) as d exponentials) and n_j by
// Box-Muller, n_j = sqrt(-2 ln u1) cos(2 pi u2), n_{j+1} = ... sin(...), with u1, u2 the uniforms of counters
// d + j, d + j + 1 (j even), as the fast sampler draws them; the angle is 2 pi u2 exactly (the fast sampler rounds
// 2 pi to a double).
struct L2Draw {
  std::vector<Certified> xi;
  Certified radius;  // R = ||xi||
};
L2Draw l2_mech(const Streams& s, std::uint64_t round, const Decimal& eps, int d, const Options& opt = {});

}  // namespace privoco::reference::vdh
