// Certified replay of VDH Algorithms 1 and 3 (catalogue VDH.alg.alg1, VDH.alg.alg3): the same learners as
// fast/include/privoco/fast/learners.hpp (same readings), with L_t and V_t kept as exact sums of the gradients
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
  const Ball& L() const { return L_; }
  const Ball& V() const { return V_; }

 private:
  const Entry* pred_;
  Decimal b_, G_;
  Ball L_, V_;
  Options opt_;
};

}  // namespace privoco::reference::vdh
