// JKT's tree mechanism (Alg 5) in double: the per-node noise and the tree's counts in closed form (derived; the
// enumeration of the tree is the reference's route, privoco/reference/jkt/tree.hpp).
#pragma once
#include "privoco/fast/numerics/xd.hpp"
#include <cstdint>

#include "privoco/fast/value.hpp"

namespace privoco::fast::jkt {

enum class LogBase { e = 0, two = 1, mixed = 2 };                  // J1 (the order of the table's choices)
enum class LeafLabel { binary_t_minus_1 = 0, binary_t = 1 };       // J12
enum class TreeCount { k_t = 0, draws, affected, populated, tree_nodes, registers, depth };

// JKT.noise.tree_sigma: sigma = sqrt(R^2/eps log^2 T log(log T/delta)) (JKT Alg 5 l.3), logarithms per J1. T an
// integer >= 2; DomainError (naming T, delta and log_base) where log(log T/delta) <= 0. Overflow and underflow of
// sigma are reported with ln sigma.
Value tree_sigma(double R, double eps, double delta, double T, LogBase base);
// The same without the parameter checks (a DomainError where log(log T/delta) <= 0), over the whole range
xd tree_sigma_xd(double R, double eps, double delta, double T, LogBase base);

// JKT.const.tree_counts at horizon T and time t <= T (integers >= 1, below 2^53), closed forms derived from Alg 5
// (k = bitlen(T) levels below the root under both readings of J12; b(x) = bitlen, p(x) = popcount):
//   k_t = p(t);  draws up to t: 2t - p(t) (binary_t_minus_1), 2(t+1) - p(t+1) - b(t+1) (binary_t: the block holding
//   leaf 0 never fills);  affected (one entry's nodes populated within T): b(T), resp. the max over j of
//   min(j, floor(log2(T + 1 - 2^j))) + 1;  populated by T: draws at t = T;  tree_nodes: 2^{k+1} - 1;
//   registers of the streaming form: b(T);  depth: k = b(T).
std::uint64_t tree_count(std::uint64_t T, std::uint64_t t, LeafLabel leaf, TreeCount c);
// The same on the table's doubles (checked: integers, t <= T); tree_nodes beyond 2^53 is reported as overflow.
Value tree_counts(double T, double t, double leaf, double count);

}  // namespace privoco::fast::jkt
