// BANCO's full update (Alg 1) in double as a streaming learner: the magnitude bet m_t (fast::banco::m_at at X_{t-1},
// y = (t - 1) c) times the direction q_t (projected scale-free OGD on the unit ball), fed g^_t = g_t + xi_t. O(d)
// state, no allocation per round; the noise is keyed by round (privoco/banco/learner.hpp), so a state is (t, X, S,
// W, q) and nothing else. X, S and W are kept as double-double sums (two_sum): a run of 10^6 rounds loses no digit
// to their accumulation.
#pragma once
#include <cstdint>
#include <vector>

#include "privoco/banco/learner.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/value.hpp"
#include "privoco/streams.hpp"

namespace privoco::fast::banco {

using privoco::banco::BancoConfig;

// The constants a run uses, in double: the noise's (sigma^2, sigma_1D^2, b: the config's, or the Thm 2 instance's
// scaled by G: 4 d (d + 1) G^2/eps^2 (BANCO.noise.second_moment), sigma1d2_mode's value times G^2
// (BANCO.noise.subexp_params), b = G 4/eps or G eps/4 (R5)), then a (BANCO.const.a) and c (BANCO.const.c).
// DomainError naming the parameter where one is out of its domain or a constant leaves the double range.
struct Constants {
  double sigma2, sigma1d2, b, a, c;
};
Constants constants(const BancoConfig& c);

class Banco {
 public:
  explicit Banco(BancoConfig c);  // DomainError naming the parameter
  const BancoConfig& config() const { return c_; }
  const Constants& constants() const { return k_; }
  std::uint64_t rounds() const { return t_; }
  // w_t = m_t q_t of the coming round t = rounds() + 1, and its parts. m_t can leave the double range (after many
  // rounds of aligned gradients): bet() carries its status and ln|m_t|, and played() is then +-inf where q_t,j != 0.
  const double* played() const { return w_.data(); }
  const Value& bet() const { return m_; }
  const double* direction() const { return q_.data(); }
  // Round t with the true negative subgradient g (d doubles, ||g|| <= G): xi_t drawn (or `noise`, another program's
  // xi_t, d finite doubles), g^_t = g + xi_t, s_t = <g^_t, q_t>, X_t = X_{t-1} + s_t, W_t = W_{t-1} + m_t s_t, the
  // direction step, then m_{t+1}. Returns s_t. DomainError: a non-finite g or noise, ||g|| > G (naming G), a round
  // past T.
  double update(const double* g, const double* noise = nullptr);
  const double* noise() const { return xi_.data(); }      // the last round's xi_t
  const double* released() const { return gh_.data(); }   // the last round's g^_t
  dd X() const { return X_; }  // sum of the coins s_t
  dd S() const { return S_; }  // sum of ||g^_t||^2
  dd W() const { return W_; }  // the bettor's wealth 1 + sum m_t s_t (BANCO.pot.wealth)
  // the whole state, validated: t <= T; finite sums, S >= 0; ||q|| <= 1 + 2^-40; q = 0, X = S = 0, W = 1 at t = 0
  void restore(std::uint64_t t, dd X, dd S, dd W, const std::vector<double>& q);

 private:
  void set_played();
  BancoConfig c_;
  Constants k_;
  Streams streams_;
  std::uint64_t t_ = 0;
  dd X_{0, 0}, S_{0, 0}, W_{1, 0};
  Value m_;
  std::vector<double> q_, w_, xi_, gh_;
};

}  // namespace privoco::fast::banco
