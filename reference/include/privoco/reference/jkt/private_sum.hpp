// JKT Alg 5 (Private Sum), certified replay: the exact partial sums of the inputs (exact sums of doubles) and the
// same node draws as privoco/fast/jkt/private_sum.hpp (the same uniforms, Box-Muller in ball arithmetic), so every
// released W^_t of a fast run is enclosed.
#pragma once
#include <arb.h>

#include <cstdint>
#include <vector>

#include "privoco/reference/ball.hpp"
#include "privoco/reference/gaussian_draws.hpp"
#include "privoco/streams.hpp"

namespace privoco::reference::jkt {

// the fast node_draw's value for node (h, q) of tree `tree`, coordinate `coord` (the same uniforms), at prec.
void node_draw(arb_t z, const Streams& s, std::uint64_t tree, int h, std::uint64_t q, std::uint64_t coord, slong prec);

class PrivateSumReplay {
 public:
  // sigma: a ball (the certified JKT.noise.tree_sigma, or an exact decimal given by the user)
  PrivateSumReplay(int d, std::uint64_t T, const arb_t sigma, std::uint64_t seed, std::uint64_t tree = 0,
                   slong prec = 256);
  // w_t in; W^_t (noisy) and the exact partial sum W_t out, d balls each
  void add(const double* w, std::vector<Ball>* noisy, std::vector<Ball>* exact);
  // the same with w_t given as balls (e.g. exact products of doubles); exact partial sums stay exact for exact w.
  // magnitude (if not null): per coordinate, sum_{tau <= t} |w_tau| + sum over the released nodes of |noisy node|,
  // the size of the terms a double evaluation of W^_t rounds (a scale for judging one, not an enclosure)
  void add(const std::vector<Ball>& w, std::vector<Ball>* noisy, std::vector<Ball>* exact,
           std::vector<double>* magnitude = nullptr);
  std::uint64_t t() const { return t_; }

 private:
  int d_, K_;
  std::uint64_t T_, tree_, t_ = 0;
  Ball sigma_;
  Streams streams_;
  slong prec_;
  std::vector<double> abs_;  // sum_{tau <= t} |w_tau| per coordinate
  std::vector<Ball> a_, ahat_;  // node sums and their noisy values, height-major (the streaming form's registers):
                                // each node's draw is formed once, when the node completes
};

}  // namespace privoco::reference::jkt
