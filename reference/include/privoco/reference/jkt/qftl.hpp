// JKT's PQFTL (Alg 4), certified replay: the same run as privoco/fast/jkt/qftl.hpp (configuration and readings of
// privoco/jkt/qftl.hpp), the trees' inputs v_t v_t^T and y_t v_t formed exactly, the same node draws in ball
// arithmetic (privoco/reference/jkt/private_sum.hpp), and x^_{t+1} enclosed by a certified solve of Alg 4 l.9.
#pragma once
#include <cstdint>
#include <vector>

#include "privoco/jkt/qftl.hpp"
#include "privoco/reference/ball.hpp"
#include "privoco/reference/jkt/private_sum.hpp"

namespace privoco::reference::jkt {

using privoco::jkt::QftlConfig;

// JKT.alg.quadratic_loss {d, alpha, R, y, v_1..v_d, x_1..x_d, quad_loss}: c (y - v.x)^2 + a alpha/2 ||x||^2 (J14);
// DomainError where |y| or ||v|| exceeds R (J8)
void quadratic_loss_value(arb_t res, arb_srcptr p, slong prec);
// f(x) = c (y - v.x)^2 + a alpha/2 ||x||^2 (J14's coefficients), x balls, y and v doubles
void qftl_loss(arb_t res, const QftlConfig& c, double y, const double* v, const std::vector<Ball>& x, slong prec);

// min over R^d of N charged rounds' losses sum_t c (y_t - v_t.x)^2 + N a alpha/2 ||x||^2, from their sums S_vv
// (d x d, row-major), S_yv and S_yy: A = c S_vv + N a alpha/2 I, b = c S_yv, the minimum c S_yy - b.A^{-1}b
// (A is positive definite). DomainError if Arb cannot certify A invertible at 4096 bits.
void qftl_comparator(arb_t res, const QftlConfig& c, const std::vector<Ball>& Svv, const std::vector<Ball>& Syv,
                     const arb_t Syy, std::uint64_t N, slong prec);

class PrivateQftlReplay {
 public:
  // sigma_V, sigma_u: balls (the certified JKT.noise.tree_sigma, or the exact doubles a fast run used)
  PrivateQftlReplay(QftlConfig c, const arb_t sigma_V, const arb_t sigma_u, slong prec = 256);
  const std::vector<Ball>& played() const { return xhat_; }  // x^_t of the coming round
  std::uint64_t rounds() const { return t_; }
  // Round t: the data are taken as privoco::jkt::take_data takes them (refused or clipped, *clipped set); the cost
  // f_t(x^_t) into `cost`; for t <= T - 1 both trees and x^_{t+1}, solved at increasing precision until Arb
  // certifies the system non-singular (DomainError naming the round if 4096 bits do not). Vh, uh: the noisy sums
  // another program released in this round (d^2 row-major and d doubles, taken exactly) in place of privoco's draws.
  void update(double y, const double* v, arb_t cost, bool* clipped = nullptr, const double* Vh = nullptr,
              const double* uh = nullptr);
  // the largest precision a solve needed so far
  slong solve_prec() const { return solve_prec_; }
  // The size of the first-order rounding of a double evaluation of played(): ||M^{-1}||_inf (||u_terms||_inf +
  // ||M_terms||_inf ||x^||_inf), with M = t alpha I + V^_t and the terms' magnitudes those the trees' sums round
  // (privoco::reference::jkt::PrivateSumReplay's magnitude; t alpha added to M's diagonal). A backward-stable solve
  // from sums formed in double is off by a modest multiple of 2^-53 times it; 0 for x^_1 = 0. To about 3 digits.
  double rounding_scale() const { return scale_; }
  double condition() const { return cond_; }  // ||M||_inf ||M^{-1}||_inf of the same system (1 for x^_1)

 private:
  QftlConfig c_;
  PrivateSumReplay treeV_, treeU_;
  Ball alpha_;  // the update's alpha (privoco::jkt::step_alpha_of)
  slong prec_, solve_prec_;
  double cond_ = 1, scale_ = 0;
  std::uint64_t t_ = 0;
  std::vector<Ball> xhat_;
};

}  // namespace privoco::reference::jkt
