// BANCO's full update (Alg 1), certified replay: the run of privoco/fast/banco/learner.hpp with X_t, W_t, the bet
// m_t (BANCO.pred.m_compact in ball arithmetic), the direction q_t (DirectionReplay) and w_t = m_t q_t as Arb balls,
// the noise formed from the same uniforms (VDH's certified l2 randomiser) or another program's, taken exactly.
#pragma once
#include <arb.h>

#include <cstdint>
#include <vector>

#include "privoco/banco/learner.hpp"
#include "privoco/reference/ball.hpp"
#include "privoco/reference/banco/magnitude.hpp"
#include "privoco/streams.hpp"

namespace privoco::reference::banco {

using privoco::banco::BancoConfig;

// The run's constants as balls (as fast::banco::constants, exactly: sigma^2 = 4 d (d + 1) G^2/eps^2, sigma_1D^2
// printed 18 d^2 G^2/eps^2 or sigma1d2_min at the reading's b times G^2, b = G 4/eps or G eps/4; then a and c)
struct ConstantBalls {
  Ball sigma2, sigma1d2, b, a, c;
};
void constants(ConstantBalls* k, const BancoConfig& c, slong prec);

class BancoReplay {
 public:
  explicit BancoReplay(BancoConfig c, slong prec = 256);  // DomainError as the fast learner's
  const BancoConfig& config() const { return c_; }
  const ConstantBalls& constants() const { return k_; }
  std::uint64_t rounds() const { return t_; }
  const std::vector<Ball>& played() const { return w_; }  // w_t of the coming round
  const Ball& bet() const { return m_; }                   // m_t
  const std::vector<Ball>& direction() const { return dir_.q(); }
  const std::vector<Ball>& noise() const { return xi_; }   // the last round's xi_t
  const Ball& X() const { return X_; }
  const Ball& W() const { return W_; }
  const Ball& S() const { return dir_.S(); }
  // The scale a double run's w_t carries its rounding at: a first-order bound of |w_t(double) - w_t| over the unit
  // roundoff 2^-53, accumulated from the worst cases of every step (the noise's transform, the sums S and X in plain
  // double, the direction step and projection, the bet's 8-ulp accuracy and its sensitivity to X, y and a: |dm/dx|
  // <= a (|m| + a), |dm/dy| <= a^2 (|m| + a)). A correct double run is within one ulp of it; a wrong reading, sign or
  // step is off by a relative O(1) from the second round on. check --stream judges in ulps of it.
  double rounding_scale() const { return scale_; }
  // Round t as Banco::update; noise: another program's xi_t (d doubles, exact) or null for privoco's draw.
  void update(const double* g, const double* noise = nullptr);

 private:
  void set_played();
  BancoConfig c_;
  ConstantBalls k_;
  Streams streams_;
  slong prec_;
  std::uint64_t t_ = 0;
  Ball X_, W_, m_;
  DirectionReplay dir_;
  std::vector<Ball> w_, xi_;
  double eq_ = 0, eX_ = 0, eS_ = 0, scale_ = 0;  // error bounds over 2^-53: ||q||, X, S (absolute)
};

}  // namespace privoco::reference::banco
