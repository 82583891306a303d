// VDH.pred.uniform, VDH.pot.uniform (the conjugate prior at b = 0): reference against quadrature, the b -> 0+
// limit of the conjugate prior, fast against reference, symmetries, F(0; 0) = 0, domain errors; with siblings.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <arb.h>

#include <cmath>
#include <vector>

#include "support/ball_eval.hpp"
#include "fast/vdh/conj.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/reference/evaluate.hpp"
#include "reference/vdh/conj.hpp"
#include "support/gen.hpp"

namespace ref = privoco::reference;
using privoco::testing::eval_fn;
namespace rv = privoco::reference::vdh;
namespace fv = privoco::fast::vdh;
using privoco::entry;
using privoco::testing::log_uniform;
using privoco::testing::signed_log_uniform;

namespace {
double rel_diff(const ref::Ball& a, const ref::Ball& b) {
  const double x = arf_get_d(arb_midref(a.get()), ARF_RND_NEAR), y = arf_get_d(arb_midref(b.get()), ARF_RND_NEAR);
  return std::fabs(x - y) / std::max(std::fabs(x), 1e-300);
}
}  // namespace

RC_GTEST_PROP(VdhUniform, ReferenceMatchesQuadrature, ()) {
  const double L = *signed_log_uniform(1e-6, 1e4), V = *rc::gen::oneOf(rc::gen::just(0.0), log_uniform(1e-6, 1e5)),
               G = *log_uniform(1e-3, 1e3);
  for (auto [f, g] : {std::pair{rv::pred_uniform, rv::pred_uniform_integral}, {rv::pot_uniform, rv::pot_uniform_integral}}) {
    ref::Ball a = eval_fn(f, {L, V, G}), b = eval_fn(g, {L, V, G});
    RC_LOG() << "L=" << L << " V=" << V << " G=" << G;
    RC_ASSERT(arb_overlaps(a.get(), b.get()));
    RC_ASSERT(arb_rel_accuracy_bits(a.get()) >= 30);  // both narrow: a NaN ball overlaps everything
    RC_ASSERT(arb_rel_accuracy_bits(b.get()) >= 30);
  }
}

// The uniform prior is the b -> 0+ limit of the conjugate prior (catalogue route; A5(b)); b = 1e-3 is visibly not.
RC_GTEST_PROP(VdhUniform, IsTheLimitOfTheConjugatePrior, ()) {
  const double L = *signed_log_uniform(1e-3, 1e2), V = *log_uniform(1e-3, 1e2), G = *log_uniform(1e-1, 1e1);
  ref::Ball u = eval_fn(rv::pred_uniform, {L, V, G}, 256);
  ref::Ball c = eval_fn(rv::pred_conj, {L, V, 1e-40, G}, 256);
  RC_ASSERT(rel_diff(u, c) < 1e-30);
  ref::Ball far = eval_fn(rv::pred_conj, {L, V, 1.0, G}, 256);  // sibling: a real width changes w
  RC_ASSERT(rel_diff(u, far) > 1e-12);
}

RC_GTEST_PROP(VdhUniform, FastWithinUlpBound, ()) {
  const double L = *rc::gen::oneOf(rc::gen::just(0.0), signed_log_uniform(1e-8, 1e5));
  const double V = *rc::gen::oneOf(rc::gen::just(0.0), log_uniform(1e-8, 1e6)), G = *log_uniform(1e-3, 1e3);
  const double x[3] = {L, V, G};
  auto c = ref::evaluate(entry("VDH.pred.uniform"), x);
  auto f = fv::pred_uniform(L, V, G);
  const double t = std::fabs(c.nearest());
  RC_LOG() << "L=" << L << " V=" << V << " G=" << G;
  if (c.sign() == 0 || (t > 2.3e-308 && t < 1.7e308)) RC_ASSERT(ref::ulp_error(c, f.value) <= 16);
  else RC_ASSERT(f.sign == c.sign() && f.status != privoco::fast::Status::ok);
  auto cp = ref::evaluate(entry("VDH.pot.uniform"), x);
  auto fp = fv::pot_uniform(L, V, G);
  const double tp = std::fabs(cp.nearest());
  const double kappa = (L * (L / (4 * std::max(V, 1e-300))) + 1) / std::max(std::fabs(fp.value), 1e-300);
  if (cp.sign() == 0 || (tp > 2.3e-308 && tp < 1.7e308))
    RC_ASSERT(ref::ulp_error(cp, fp.value) <= std::max(32.0, 4 * kappa));
}

TEST(VdhUniform, SymmetryOriginAndDomain) {
  for (double L : {1e-6, 0.5, 30.0})
    for (double V : {0.0, 1.0, 1e4}) {
      EXPECT_EQ(fv::pred_uniform(L, V, 0.2).value, -fv::pred_uniform(-L, V, 0.2).value);
      EXPECT_EQ(fv::pot_uniform(L, V, 0.2).value, fv::pot_uniform(-L, V, 0.2).value);
    }
  EXPECT_EQ(fv::pot_uniform(0, 0, 0.2).value, 0.0);
  const double x[3] = {0, 0, 0.2};
  EXPECT_TRUE(ref::evaluate(entry("VDH.pot.uniform"), x).exact);
  EXPECT_LT(fv::pot_uniform(0, 1, 0.2).value, 0);  // sibling: V > 0 moves F below 0
  EXPECT_THROW(fv::pred_uniform(1, -1, 1), privoco::DomainError);
  EXPECT_THROW(fv::pot_uniform(1, 0, 0), privoco::DomainError);
}

// V = 0 with C = 1/(5G) past DBL_MAX (G below ~1e-309): w = (cosh lambda - sinh(lambda)/lambda)/|L| (VDH eq (5),
// n = 2 (lambda cosh lambda - sinh lambda)/lambda^2, z = 2), lambda = |L|/(5G) as a double-double. Property: within
// 8 ulp of the reference over lambda from 1e-12 to 600 (or the overflow status with ln|w| to 1e-14). Sibling: the
// improper prior's form 4 sinh^2(lambda/2)/|L|, which this path once took, is 3x too large at small lambda.
RC_GTEST_PROP(VdhUniformFast, PredictionAtZeroVWithCPastTheRange, ()) {
  const double G = std::ldexp(*log_uniform(1, 32), -1030), lambda = *log_uniform(1e-12, 600);  // G ~ 1e-310
  const double L = lambda * 5 * G;
  const auto f = fv::pred_uniform(L, 0, G);
  const double x[3] = {L, 0, G};
  const auto c = ref::evaluate(entry("VDH.pred.uniform"), x);
  RC_LOG() << "L=" << L << " G=" << G << " fast " << f.value;
  if (c.log_abs() < 709) {
    RC_ASSERT(ref::ulp_error(c, f.value) <= 8);
  } else {
    RC_ASSERT(f.status == privoco::fast::Status::overflow);
    RC_ASSERT(std::fabs(f.log_abs() - c.log_abs()) <= 1e-14 * c.log_abs());
  }
}

TEST(VdhUniformFast, PredictionAtZeroVIsNotTheImproperPriors) {
  const double L = 4.9406564584124654e-324, G = 4.994506452233687e-313, x[3] = {L, 0, G};
  const auto c = ref::evaluate(entry("VDH.pred.uniform"), x);
  EXPECT_LE(ref::ulp_error(c, fv::pred_uniform(L, 0, G).value), 8);
  const double lambda = L / (5 * G), improper = 4 * std::sinh(lambda / 2) * std::sinh(lambda / 2) / L;
  EXPECT_GT(ref::ulp_error(c, improper), 1e15);  // 3x
}
