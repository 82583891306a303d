// VDH.pred.cv, VDH.pot.cv (CV prior, reference): quadrature in s = -1/ln v against quadrature in v, Z = 2/ln(5G)
// against its integral, dF/dL = w, oddness/evenness, the domain G > 1/5; with siblings.
#include <gtest/gtest.h>

#include <arb.h>

#include <cmath>
#include <vector>

#include "support/ball_eval.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/reference/evaluate.hpp"
#include "reference/vdh/cv.hpp"

namespace ref = privoco::reference;
using privoco::testing::eval_fn;
namespace rv = privoco::reference::vdh;

namespace {
const std::vector<std::vector<double>> kPts = {{1, 1, 1},       {-3, 2, 0.5},       {5, 0, 1},       {100, 1, 0.3},
                                               {1000, 10, 1},   {40, 4000, 0.25},   {1e-3, 1e4, 2}, {0.3, 0.2, 0.201},
                                               {-20, 50, 7.5}};
}  // namespace

TEST(VdhCv, NormaliserClosedFormMatchesQuadrature) {
  for (double G : {0.2001, 0.21, 0.5, 1.0, 10.0, 1e3}) {
    const ref::Ball a = eval_fn(rv::pot_Z_cv, {G}), q = eval_fn(rv::pot_Z_cv_v, {G});
    EXPECT_TRUE(arb_overlaps(a.get(), q.get())) << G;
    EXPECT_GT(arb_rel_accuracy_bits(q.get()), 60) << G;
  }
  // sibling: the closed form with log base 10 (another reading of "ln") disagrees
  ref::Ball q = eval_fn(rv::pot_Z_cv_v, {1.0}), w;
  arb_set_d(w.get(), 2 / std::log10(5.0));
  EXPECT_FALSE(arb_overlaps(w.get(), q.get()));
}

TEST(VdhCv, PredictionTwoQuadraturesAgree) {
  for (const auto& x : kPts) {
    const ref::Ball s = eval_fn(rv::pred_cv, x), v = eval_fn(rv::pred_cv_v, x);
    ASSERT_TRUE(arb_is_finite(s.get())) << x[0];
    EXPECT_TRUE(arb_overlaps(s.get(), v.get())) << x[0] << " " << x[1] << " " << x[2];
    EXPECT_GT(arb_rel_accuracy_bits(s.get()), 60);
    const ref::Ball m = eval_fn(rv::pred_cv, {-x[0], x[1], x[2]});  // odd in L
    ref::Ball n;
    arb_neg(n.get(), m.get());
    EXPECT_TRUE(arb_overlaps(n.get(), s.get()));
  }
}

TEST(VdhCv, PotentialDerivativeIsThePrediction) {
  const auto& pot = privoco::entry("VDH.pot.cv");
  const auto& pred = privoco::entry("VDH.pred.cv");
  for (const auto& x : kPts) {
    if (x[0] == 0) continue;
    // central difference in ball arithmetic (no rounding of the two values): truncation O(h^2) only
    const double h = 1e-5 * std::max(1.0, std::fabs(x[0]));
    const ref::Ball f1 = eval_fn(rv::pot_cv, {x[0] + h, x[1], x[2]}), f0 = eval_fn(rv::pot_cv, {x[0] - h, x[1], x[2]});
    ref::Ball d;
    arb_sub(d.get(), f1.get(), f0.get(), 128);
    const double fd = arf_get_d(arb_midref(d.get()), ARF_RND_NEAR) / (2 * h);
    const double w = ref::evaluate(pred, x.data()).nearest();
    EXPECT_NEAR(fd, w, 1e-6 * std::fabs(w)) << x[0] << " " << x[1] << " " << x[2];
  }
  const double z[3] = {0, 0, 1};
  EXPECT_TRUE(ref::evaluate(pot, z).exact);  // F(0; 0) = 0
  const double e1[3] = {7, 3, 0.4}, e2[3] = {-7, 3, 0.4};
  EXPECT_EQ(ref::evaluate(pot, e1).value, ref::evaluate(pot, e2).value);  // even
}

TEST(VdhCv, DomainNeedsGAboveOneFifth) {
  const auto& pred = privoco::entry("VDH.pred.cv");
  const double bad[3] = {1, 1, 0.2};
  EXPECT_THROW(ref::evaluate(pred, bad), privoco::DomainError);
  const double ok[3] = {1, 1, 0.2000001};
  EXPECT_NO_THROW(ref::evaluate(pred, ok));
}
