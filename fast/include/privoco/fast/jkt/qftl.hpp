// JKT's PQFTL (Alg 4) in double as a streaming learner: QFTL's update (Eq (21), Alg 4 l.9) on the noisy sums of two
// Alg 5 trees (privoco/fast/jkt/private_sum.hpp), the V-tree over v_t v_t^T (d^2 coordinates) and the u-tree over
// y_t v_t, each at its own node noise sigma (JKT.noise.tree_sigma at the bound Alg 4 l.7, l.8 pass, eps/2, delta/2).
// Configuration and readings: privoco/jkt/qftl.hpp. O(d^2 log T) state, no allocation per round; x^_{t+1} depends
// on the round's sums only (no recursion through the iterates), so its error is the solve's: about cond(t alpha I
// + V^_t) times the rounding of the sums.
#pragma once
#include <Eigen/Dense>

#include <cstdint>
#include <vector>

#include "privoco/fast/jkt/private_sum.hpp"
#include "privoco/fast/value.hpp"
#include "privoco/jkt/qftl.hpp"

namespace privoco::fast::jkt {

using privoco::jkt::QftlConfig;

// JKT.alg.quadratic_loss at the flat layout {d, alpha, R, y, v_1..v_d, x_1..x_d, quad_loss}: c (y - v.x)^2 +
// a alpha/2 ||x||^2 (J14), the residual and ||x||^2 in double-double; DomainError where |y| or ||v|| exceeds R (J8).
Value quadratic_loss(const double* p);

struct QftlState {
  std::uint64_t t = 0;        // rounds seen
  std::vector<double> xhat;   // x^_{t+1}, the point played next
  PrivateSumState V, u;       // the trees' registers
};

class PrivateQftl {
 public:
  // sigma_V, sigma_u: the trees' node noise (>= 0, finite); DomainError naming the parameter otherwise or for a
  // configuration privoco::jkt::validate refuses
  PrivateQftl(QftlConfig c, double sigma_V, double sigma_u);
  const QftlConfig& config() const { return c_; }
  const double* played() const { return xhat_.data(); }  // x^_t of the coming round t = rounds() + 1
  std::uint64_t rounds() const { return t_; }
  // Round t: (y_t, v_t) arrive; data beyond R are refused (DomainError naming y_t or v_t) or clipped (|y| to R, v
  // scaled to norm R; *clipped set), per c.enforce. Returns f_t(x^_t) of the data as taken (J14's coefficients);
  // for t <= T - 1 the rows enter both trees and x^_{t+1} = (t alpha I + V^_t)^{-1} u^_t (Alg 4 l.7-l.9).
  // DomainError for a non-finite input, a round past T, or a system that has no finite solution.
  double update(double y, const double* v, bool* clipped = nullptr);
  double taken_y() const { return y_; }                  // the last round's data as the learner took them
  const double* taken_v() const { return v_.data(); }
  QftlState state() const;
  void restore(const QftlState& s);  // validated: t <= T, sizes, finite values, the trees' own checks

 private:
  QftlConfig c_;
  PrivateSum treeV_, treeU_;
  std::uint64_t t_ = 0;
  double y_ = 0;
  Eigen::VectorXd xhat_, v_, yv_, uh_;
  Eigen::MatrixXd w_;
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> Vh_;  // V^_t
  std::vector<double> lu_;  // the solve's working rows [M | u], padded to a multiple of 8 doubles
};

}  // namespace privoco::fast::jkt
