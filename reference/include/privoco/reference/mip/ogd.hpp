// MIP's private OGD (Alg 1, Alg 2), certified replay: the run of privoco/fast/mip/ogd.hpp with theta_t, w_t, the
// query points and the charged losses as Arb balls, the draws formed from the same uniforms (or another program's
// noise and directions, taken exactly), so every iterate of a fast or foreign run is enclosed.
#pragma once
#include <arb.h>

#include <cstdint>
#include <vector>

#include "privoco/mip/ogd.hpp"
#include "privoco/reference/ball.hpp"
#include "privoco/streams.hpp"

namespace privoco::reference::mip {

using privoco::mip::OgdConfig;

// Pi_S(x) in place: the box's clip, or the ball's scaling about c (where the enclosure of ||x - c|| contains the
// radius, each coordinate is the union of both cases)
void project(std::vector<Ball>* x, const OgdConfig& c, slong prec);
// f(w) of the family at balls w: g.w, or ||w - g||^2/2
void loss_at(arb_t res, const OgdConfig& c, const double* g, const std::vector<Ball>& w, slong prec);
// min over S of the sum of N rounds' losses of the family, from the exact sums Y = sum g_t and (quadratic) Q =
// sum ||g_t||^2: G.c - r ||G|| (linear, ball), sum_j G_j c_j - h_j |G_j| (linear, box); N/2 ||w||^2 - w.Y + Q/2 at
// w = Pi_S(Y/N) (quadratic: the sum is N/2 ||w - Y/N||^2 plus a constant, isotropic about Y/N). N >= 1.
void comparator(arb_t res, const OgdConfig& c, const std::vector<Ball>& Y, std::uint64_t N, const arb_t Q, slong prec);

class PrivateOgdReplay {
 public:
  explicit PrivateOgdReplay(OgdConfig c, slong prec = 256);  // DomainError as the fast learner's
  const OgdConfig& config() const { return c_; }
  const std::vector<Ball>& played() const { return w_; }  // w_t of the coming round
  const std::vector<Ball>& query() const { return p_; }   // the last round's p_t (Alg 2)
  std::uint64_t rounds() const { return t_; }
  // The scale a double run's w_t carries its rounding at: the larger of S's (max_j |c_j| + h_j) and eta n sum_s
  // max_j |z~_s,j| over the n rounds so far. theta is a sum of n terms: recursive summation in any order errs by at
  // most (n - 1) u sum |terms| (Higham, Accuracy and Stability of Numerical Algorithms, Sec 4.2), so a correct double
  // run stays within about one ulp of it. check --stream judges in ulps of it.
  double rounding_scale() const;
  // Round t as PrivateOgd::update: the charged loss into `cost`. noise, direction: another program's v_t, e_t (d
  // doubles each, exact), or null for privoco's draws. played (conditional replay): the w_t that program played,
  // taken exactly in place of the replay's own, so that z_t, the cost and theta_{t+1} follow from its own history;
  // null: the exact run throughout. DomainError for a round past T or f_t above L.
  void update(const double* g, arb_t cost, const double* noise = nullptr, const double* direction = nullptr,
              const double* played = nullptr);

 private:
  void set_played();
  OgdConfig c_;
  Streams streams_;
  slong prec_;
  std::uint64_t t_ = 0;
  Ball eta_, delta_, sigma_;
  std::vector<Ball> theta_, w_, p_, z_;
  double abs_sum_ = 0;  // sum_s max_j |z~_s,j| (midpoints)
};

}  // namespace privoco::reference::mip
