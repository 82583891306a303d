// JKT Alg 5 (Private Sum) as a streaming mechanism: the binary mechanism with one register per node height, O(d log T)
// state, no allocation per step. Each node's noise is a counter-based draw keyed by (tree, height, block index,
// coordinate), so the streaming form and Alg 5's full tree (privoco/reference/jkt/tree.hpp, leaf_label =
// binary_t_minus_1) release the same Ŵ_t bit for bit, and the reference replays the same draws in ball arithmetic.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "privoco/streams.hpp"

namespace privoco::fast::jkt {

// The node noise's standard normal draws: the node of height h covering leaves q 2^h .. (q + 1) 2^h - 1 of tree
// `tree` (< 32) is the stream node_stream(tree, h, q) = (tree << 59) | (q << 6) | h; coordinates 2p and 2p + 1 are
// Box-Muller's pair from the uniforms u1, u2 at counters 2p, 2p + 1 of that stream: sqrt(-2 ln u1) cos(2 pi u2)
// and sqrt(-2 ln u1) sin(2 pi u2).
std::uint64_t node_stream(std::uint64_t tree, int h, std::uint64_t q);
double node_draw(const Streams& s, std::uint64_t tree, int h, std::uint64_t q, std::uint64_t coord);

struct PrivateSumState {
  std::uint64_t t = 0;
  std::vector<double> a, ahat;  // registers: height-major, d values each (exact node sums and their noisy values)
};

class PrivateSum {
 public:
  // d >= 1 coordinates, horizon T >= 1 (at most T rows), node noise sigma >= 0, the run's master seed and tree id
  PrivateSum(int d, std::uint64_t T, double sigma, std::uint64_t seed, std::uint64_t tree = 0);
  // w_t in, W^_t out (both d values); also the noiseless node sum of the same nodes (exact_out may be null).
  // DomainError when more than T rows arrive or w has a non-finite entry.
  void add(const double* w, double* out, double* exact_out = nullptr);
  std::uint64_t t() const { return st_.t; }
  int registers() const { return K_; }
  const PrivateSumState& state() const { return st_; }
  void restore(const PrivateSumState& s);  // validated: t <= T, sizes, finite values, cleared registers above t

 private:
  int d_, K_;
  std::uint64_t T_, tree_;
  double sigma_;
  Streams streams_;
  PrivateSumState st_;
  std::vector<double> cur_, draws_;
  // pre_[h d + j]: for each set bit h of t, the sum of the noisy registers of t's set bits from the highest down to h,
  // added in that order (so the release, pre_ at t's lowest set bit, has the bits of the highest-first sum of l.13)
  std::vector<double> pre_;
  void rebuild_prefix();
};

}  // namespace privoco::fast::jkt
