// Certified branch-and-bound for claims h(x) >= 0 over a box (one or two coordinates), in Arb ball arithmetic.
// Verdicts: certified (every box closed by a sound argument), refuted (a point where h < 0, certified by its
// enclosure), undecided (budget exhausted; never reported as success).
#pragma once
#include <arb.h>

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "privoco/proofs/jet.hpp"

namespace privoco::proofs {

using J2 = Jet<2>;
using Fn = std::function<J2(const J2& x, const J2& y)>;

struct Problem {
  std::array<std::array<double, 2>, 2> box{};  // [lo, hi] per coordinate, finite; a 1-D claim has box[1] = {0, 0}
  // The claim's exact domain rounded inward (box is rounded outward when an end is not a double): a
  // counterexample is moved into it and re-certified, so it always lies in the stated domain.
  std::array<std::array<double, 2>, 2> inner{};
  bool has_inner = false;
  Fn h;                                        // the claim is h >= 0 on the box
  // Points where h = 0 and grad h = 0 (stated analytically beside the claim): a box around one is closed when
  // the Hessian enclosure over the box is positive definite (Taylor with Lagrange remainder).
  std::vector<std::array<double, 2>> touch;
  // 1-D claims that touch with h'' -> 0 (a threshold): the Taylor coefficients c_0..c_4 of h at a ball x, i.e.
  // enclosures of h^(k)(xi)/k! over x. With h(t) = h'(t) = h^(3)(t) = 0 stated beside the claim, a box around t
  // closes when h''(t) >= 0 and h^(4)(box) >= 0: h(x) = h''(t)(x-t)^2/2 + h^(4)(xi)(x-t)^4/24.
  std::function<void(arb_ptr coeffs, const arb_t x)> taylor4;
};

struct Budget {
  long max_boxes = 2000000;
  double max_seconds = 20;
  int max_depth = 200;
};

struct Outcome {
  std::string verdict;  // certified, refuted, undecided
  long boxes = 0;
  int depth = 0;
  double seconds = 0;
  std::array<double, 2> counterexample{};  // refuted: the point
  std::string value;                        // refuted: enclosure of h there (certified < 0)
  std::string reason;                       // undecided: why
};

Outcome prove(const Problem& p, const Budget& b = {});

// h at a point (a ball), for reports.
Ball eval_point(const Fn& h, double x, double y);

}  // namespace privoco::proofs
