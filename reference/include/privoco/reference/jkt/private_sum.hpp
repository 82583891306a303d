// JKT Alg 5 (Private Sum), certified replay: the exact partial sums of the inputs (exact sums of doubles) and the
// same node draws as privoco/fast/jkt/private_sum.hpp (the same uniforms, Box-Muller in ball arithmetic), so every
// released W^_t of a fast run is enclosed.
#pragma once
#include <arb.h>

#include <cstdint>
#include <vector>

#include "privoco/reference/ball.hpp"
#include "privoco/streams.hpp"

namespace privoco::reference::jkt {

// Box-Muller's cosine branch in ball arithmetic from two exact uniforms: z = sqrt(-2 ln u1) cos(2 pi u2).
void box_muller(arb_t z, double u1, double u2, slong prec);
// z = sqrt(-2 ln u1) cos(2 pi u2) for node (h, q), coordinate `coord` (the fast node_draw's uniforms), at prec.
void node_draw(arb_t z, const Streams& s, std::uint64_t tree, int h, std::uint64_t q, std::uint64_t coord, slong prec);

class PrivateSumReplay {
 public:
  // sigma: a ball (the certified JKT.noise.tree_sigma, or an exact decimal given by the user)
  PrivateSumReplay(int d, std::uint64_t T, const arb_t sigma, std::uint64_t seed, std::uint64_t tree = 0,
                   slong prec = 256);
  // w_t in; W^_t (noisy) and the exact partial sum W_t out, d balls each
  void add(const double* w, std::vector<Ball>* noisy, std::vector<Ball>* exact);
  std::uint64_t t() const { return t_; }

 private:
  int d_, K_;
  std::uint64_t T_, tree_, t_ = 0;
  Ball sigma_;
  Streams streams_;
  slong prec_;
  std::vector<Ball> a_;  // exact node sums, height-major (registers of the streaming form)
};

}  // namespace privoco::reference::jkt
