// Certified replay of VDH Algorithms 1, 2 and 3 (catalogue VDH.alg.alg1, VDH.alg.alg2, VDH.alg.alg3): the same learners as
// fast/include/privoco/fast/vdh/learners.hpp (same readings), with L_t and V_t kept as exact sums of the gradients
// (each a double) and every prediction certified, so that each step of a fast or foreign run can be checked.
#pragma once
#include <string>
#include <vector>

#include "privoco/decimal.hpp"
#include "privoco/reference/ball.hpp"
#include "privoco/reference/evaluate.hpp"

namespace privoco::reference::vdh {

class Alg1Replay {
 public:
  // prior: "conjugate" (b used), "uniform" (A5(b)) or "improper" (1/|v|, A7); b and G exact decimals, checked.
  Alg1Replay(const std::string& prior, const Decimal& b, const Decimal& G, const Options& opt = {});
  Certified predict(int digits = -1) const;  // w(L_t, V_t): VDH eq (5) = (3.3.2), certified (digits: -1 = opt's)
  void update(double g);      // exact: L -= g, V += g^2 (DomainError if g is not finite)
  void update(const Ball& s, slong prec);  // a ball gradient (Alg 2 feeds <z_t, g~_t>): L -= s, V += s^2 at prec
  const Ball& L() const { return L_; }
  const Ball& V() const { return V_; }

 private:
  const Entry* pred_;
  Decimal b_, G_;
  Ball L_, V_;
  Options opt_;
};

// VDH.alg.md_direction, VDH §3.1 (000) = §3.3.1 (002): projected gradient descent on the unit ball, z_{t+1} =
// Pi(z_t - eta_t g~_t), eta_t = 1/sqrt(sum_{s<=t} ||g~_s||^2), z_1 = 0, no step while the sum is 0 (A28(a)), in
// ball arithmetic at `prec` bits with the gradients as exact doubles: the ideal learner's z_t is enclosed. Where
// the norm of z_t - eta_t g~_t is not certainly on one side of 1 the projection's two branches are joined
// (x -> x / max(1, ||x||) is continuous).
class MdDirectionReplay {
 public:
  explicit MdDirectionReplay(std::size_t d, slong prec = 640);
  void update(const std::vector<double>& g);  // size d, finite entries (DomainError naming g_j otherwise)
  const Ball& z(std::size_t j) const { return z_[j]; }
  Certified predict_z(std::size_t j, int digits = 17) const;  // z_{t,j}, certified (PrecisionCeiling if the
                                                              // replay's precision does not carry `digits`)
  const Ball& sum_sq() const { return sum_sq_; }               // exact: a sum of squares of doubles
  std::size_t dim() const { return z_.size(); }

 private:
  std::vector<Ball> z_;
  Ball sum_sq_;
  slong prec_;
};

// VDH Alg 2 (000, "Figure 2") = Alg 2 (002): w_t = v_t z_t, v_t from Alg 1 fed s_t = <z_t, g~_t>, z_t from the
// direction learner above (MdDirectionReplay), all in ball arithmetic at `prec` bits: the ideal algorithm's z_t,
// s_t and v_t are enclosed.
class Alg2Replay {
 public:
  Alg2Replay(std::size_t d, const std::string& prior, const Decimal& b, const Decimal& G, const Options& opt = {},
             slong prec = 640);
  Certified predict_v(int digits = -1) const;                // v_t, certified
  Certified predict_w(std::size_t j, int digits = -1) const;  // w_{t,j} = v_t z_{t,j}, certified
  void update(const std::vector<double>& g);                  // size d, finite entries (DomainError otherwise)
  const Ball& z(std::size_t j) const { return md_.z(j); }
  std::size_t dim() const { return md_.dim(); }

 private:
  Alg1Replay alg1_;
  MdDirectionReplay md_;
  Options opt_;
  slong prec_;
  // v_t is the same for every coordinate of a step: certified once per step and digits (cleared by update)
  mutable Certified v_cache_;
  mutable int v_cache_digits_ = 0;
};


}  // namespace privoco::reference::vdh
