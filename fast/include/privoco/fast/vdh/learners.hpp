// VDH Algorithms 1-3 as streaming learners in double (catalogue IDs VDH.alg.alg1, VDH.alg.alg2, VDH.alg.alg3,
// VDH.alg.md_direction). O(1) state per coordinate, no allocation per step.
//
// Readings (the catalogue's ambiguities A1-A28 of VDH; `privoco list` names them), fixed here and named in `privoco run`'s output:
//   A1(a)  the sum in Alg 1 line 2 covers both terms: w_t = E_v[v exp(v L_t - v^2 V_t)];
//   A3     w_t uses L_t = -sum_{s<t} g_s, V_t = sum_{s<t} g_s^2 (so w_1 = w(0, 0) = 0 for every symmetric prior);
//   A5(b)  b = 0 means the uniform prior (Prior::uniform);
//   A20(a) predictions by the definition (the certified-accurate VDH.pred.* functions), not eq (7) as printed;
//   A21(a) Alg 3 runs one Alg 1 instance per coordinate (002), w_1 = 0 under both readings;
//   A28(a) the direction learner skips its update while sum ||g||^2 = 0 and starts at z_1 = 0.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "privoco/fast/value.hpp"

namespace privoco::fast::vdh {

enum class Prior { conjugate, uniform, improper };
const char* to_string(Prior p);
Prior parse_prior(const std::string& name);  // "conjugate" | "uniform" | "improper"; throws ParamError

// The prior of Algorithm 1 with its parameters (b is used by the conjugate prior only; improper: 1/|v|, A7).
struct PriorSpec {
  Prior prior = Prior::conjugate;
  double b = 1;
  double G = 1;
};

// Sums L = -sum g and V = sum g^2 kept as double-double, so that a run of 10^6 steps gives the double nearest
// to the exact sums (the reference replays with exact sums).
struct Alg1State {
  double L_hi = 0, L_lo = 0, V_hi = 0, V_lo = 0;
  std::uint64_t t = 0;  // gradients received so far
};

// VDH Alg 1 (000) = Alg 1 (002): one-dimensional potential learner.
class Alg1 {
 public:
  explicit Alg1(const PriorSpec& p);  // checks b and G against the catalogue domains (DomainError)
  Value predict() const;              // w_{t+1} = w(L, V): VDH eq (5) = (3.3.2)
  void update(double g);              // receive g~_t; DomainError if g is not finite
  double L() const { return s_.L_hi + s_.L_lo; }
  double V() const { return s_.V_hi + s_.V_lo; }
  const Alg1State& state() const { return s_; }
  void restore(const Alg1State& s);   // exact: predict() after restore equals predict() before save
  const PriorSpec& prior() const { return p_; }

 private:
  PriorSpec p_;
  Alg1State s_;
};

// VDH Alg 3 (000) = Alg 3 (002): coordinate-wise Alg 1 with the conjugate prior, widths b_j.
class Alg3 {
 public:
  Alg3(const Eigen::VectorXd& b, double G, Prior prior = Prior::conjugate);
  Eigen::Index dim() const { return b_.size(); }
  // w_t into w (size d, preallocated); returns how many coordinates left the double range (their entries are
  // +-inf or 0, as Value::value).
  int predict(Eigen::Ref<Eigen::VectorXd> w) const;
  void update(const Eigen::Ref<const Eigen::VectorXd>& g);  // DomainError on a non-finite entry
  std::vector<Alg1State> state() const;
  void restore(const std::vector<Alg1State>& s);
  double L(Eigen::Index j) const { return L_hi_[j] + L_lo_[j]; }
  double V(Eigen::Index j) const { return V_hi_[j] + V_lo_[j]; }

 private:
  Eigen::VectorXd b_;
  double G_;
  Prior prior_;
  Eigen::ArrayXd L_hi_, L_lo_, V_hi_, V_lo_;
  std::uint64_t t_ = 0;
};

// VDH §3.1 (000) = §3.3.1 (002): projected gradient descent on the unit ball with eta_t = 1/sqrt(sum ||g_s||^2)
// (Orabona and Pal 2018), the default direction learner of Alg 2.
class MdDirection {
 public:
  explicit MdDirection(Eigen::Index d);
  const Eigen::VectorXd& z() const { return z_; }
  void update(const Eigen::Ref<const Eigen::VectorXd>& g);
  double sum_sq() const { return sum_sq_; }
  void restore(const Eigen::VectorXd& z, double sum_sq);

 private:
  Eigen::VectorXd z_;
  double sum_sq_ = 0;
};

// VDH Alg 2: w_t = v_t z_t with v_t from Alg 1 fed s_t = <z_t, g~_t>, z_t from MdDirection.
class Alg2 {
 public:
  Alg2(Eigen::Index d, const PriorSpec& p);
  Value predict(Eigen::Ref<Eigen::VectorXd> w) const;  // returns v_t (status/sign when it leaves double range)
  double last_scalar() const { return last_s_; }        // s_t fed to Alg 1 at the last update
  void update(const Eigen::Ref<const Eigen::VectorXd>& g);
  const Alg1& scalar() const { return alg1_; }
  const MdDirection& direction() const { return md_; }
  // exact: the scalar learner's sums and the direction learner's z and sum of squared norms
  void restore(const Alg1State& scalar, const Eigen::VectorXd& z, double sum_sq);

 private:
  Alg1 alg1_;
  MdDirection md_;
  double last_s_ = 0;
};

}  // namespace privoco::fast::vdh
