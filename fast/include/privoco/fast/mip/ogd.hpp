// MIP's private OGD in double as a streaming learner: Alg 1 (full information) and Alg 2 (bandit) over the loss
// families of privoco/mip/ogd.hpp on S (a ball or a box). The learner keeps theta_t = -(sum of the released z~_s) and
// plays w_t = Pi_S(eta theta_t) (MIP Alg 1 "Learner", the lazy projection as printed). O(d) state, no allocation
// per round; the draws are keyed by round (privoco/mip/ogd.hpp), so a state is (t, theta) and nothing else.
#pragma once
#include <cstdint>
#include <vector>

#include "privoco/mip/ogd.hpp"
#include "privoco/streams.hpp"

namespace privoco::fast::mip {

using privoco::mip::OgdConfig;

// Pi_S(x) in place (MIP Alg 1 "Predict"): the ball's scaling about c, or the box's clip
void project(const OgdConfig& c, double* x);
// f(w) of the family (privoco/mip/ogd.hpp): g.w, or ||w - g||^2/2
double loss_at(const OgdConfig& c, const double* g, const double* w);

class PrivateOgd {
 public:
  explicit PrivateOgd(OgdConfig c);  // DomainError naming the parameter (privoco::mip::validate)
  const OgdConfig& config() const { return c_; }
  const double* played() const { return w_.data(); }  // w_t of the coming round t = rounds() + 1
  std::uint64_t rounds() const { return t_; }
  // Round t: f_t of the family by its vector g. Alg 1: z_t in the subdifferential at w_t; Alg 2: e_t, the query
  // p_t = w_t + delta e_t, phi_t = f_t(p_t), z_t = (d/delta) phi_t e_t. Then z~_t = z_t + v_t, theta -= z~_t, w_{t+1} =
  // Pi_S(eta theta). Returns the charged loss: f_t(w_t) (Alg 1), f_t(p_t) or f_t(w_t) (Alg 2, M7).
  // noise (if not null): the v_t another program drew (d doubles), in place of privoco's draw; direction likewise
  // the e_t (taken as given, unit norm checked to 2^-40). DomainError: a non-finite g, f_t's Lipschitz constant above
  // L (MIP.const.L), a round past T.
  double update(const double* g, const double* noise = nullptr, const double* direction = nullptr);
  // the last round's z~_t, v_t and (Alg 2) e_t and p_t
  const double* released() const { return zt_.data(); }
  const double* noise() const { return v_.data(); }
  const double* direction() const { return e_.data(); }
  const double* query() const { return p_.data(); }
  const std::vector<double>& theta() const { return theta_; }
  // the whole state: the rounds seen and theta (w follows from them); validated: t <= T, d finite values
  void restore(std::uint64_t t, const std::vector<double>& theta);

 private:
  void set_played();
  OgdConfig c_;
  Streams streams_;
  std::uint64_t t_ = 0;
  std::vector<double> theta_, w_, zt_, v_, e_, p_, draws_;
};

}  // namespace privoco::fast::mip
