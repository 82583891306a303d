// VDH.bound.thm1: fast against the certified reference, u = 0, evenness in u, growth in V, range; with siblings.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "fast/vdh/bounds.hpp"
#include "privoco/reference/bounds.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/reference/evaluate.hpp"
#include "support/gen.hpp"

namespace ref = privoco::reference;
namespace fv = privoco::fast::vdh;
using privoco::testing::log_uniform;
using privoco::testing::signed_log_uniform;

namespace {
ref::Certified thm1(double u, double V, double b, double G) {
  const double x[4] = {u, V, b, G};
  return ref::evaluate(privoco::entry("VDH.bound.thm1"), x);
}
}  // namespace

RC_GTEST_PROP(VdhBoundThm1, FastWithin8UlpOfReference, ()) {
  const double u = *signed_log_uniform(1e-6, 1e6).as("u"), V = *log_uniform(1e-8, 1e12).as("V");
  const double b = *log_uniform(1e-4, 1e4).as("b"), G = *log_uniform(1e-4, 1e4).as("G");
  const privoco::fast::Value f = fv::bound_thm1(u, V, b, G);
  RC_ASSERT(f.status == privoco::fast::Status::ok);
  RC_ASSERT(ref::ulp_error(thm1(u, V, b, G), f.value) <= 8.0);
}

TEST(VdhBoundThm1, SiblingDroppedOneFails) {
  // the bound without its leading 1 is far from the certified value where |u| max{...} is small
  const double u = 1e-3, V = 1, b = 1, G = 1;
  EXPECT_LE(ref::ulp_error(thm1(u, V, b, G), fv::bound_thm1(u, V, b, G).value), 8.0);
  EXPECT_GT(ref::ulp_error(thm1(u, V, b, G), fv::bound_thm1(u, V, b, G).value - 1), 1e6);
}

TEST(VdhBoundThm1, ZeroComparatorEvenGrowth) {
  EXPECT_EQ(fv::bound_thm1(0, 10, 1, 1).value, 1.0);
  EXPECT_TRUE(thm1(0, 10, 1, 1).exact);
  for (double u : {1e-3, 0.7, 20.0, 3e4}) {
    EXPECT_EQ(fv::bound_thm1(u, 10, 0.5, 2).value, fv::bound_thm1(-u, 10, 0.5, 2).value);
    double prev = 0;
    for (double V : {0.0, 1.0, 10.0, 1e3, 1e6}) {  // non-decreasing in V = sum g^2 (t1 is constant in V)
      const double x = fv::bound_thm1(u, V, 0.5, 2).value;
      EXPECT_GE(x, prev) << u << " " << V;
      prev = x;
    }
    EXPECT_GT(prev, fv::bound_thm1(u, 0, 0.5, 2).value);  // and the V term wins eventually
  }
}

TEST(VdhBoundThm1, OutOfRangeAndErrors) {
  const privoco::fast::Value f = fv::bound_thm1(1e300, 1e300, 1e-300, 1);
  EXPECT_EQ(f.status, privoco::fast::Status::overflow);
  const ref::Certified c = thm1(1e300, 1e300, 1e-300, 1);
  EXPECT_NEAR(f.log_abs(), c.log_abs(), 1e-13 * c.log_abs());
  EXPECT_THROW(fv::bound_thm1(1, -1, 1, 1), privoco::DomainError);
  EXPECT_THROW(fv::bound_thm1(1, 1, 0, 1), privoco::DomainError);
  EXPECT_THROW(fv::bound_thm1(std::nan(""), 1, 1, 1), privoco::DomainError);
}

namespace {
ref::Certified thm12(double u, double V, double G) {
  const double x[3] = {u, V, G};
  return ref::evaluate(privoco::entry("VDH.bound.thm12"), x);
}
}  // namespace

RC_GTEST_PROP(VdhBoundThm12, FastWithin8UlpOfReference, ()) {
  const double u = *signed_log_uniform(1e-6, 1e6).as("u"), V = *log_uniform(1e-8, 1e12).as("V");
  const double G = *log_uniform(1e-4, 1e4).as("G");
  const privoco::fast::Value f = fv::bound_thm12(u, V, G);
  RC_ASSERT(f.status == privoco::fast::Status::ok);
  RC_ASSERT(ref::ulp_error(thm12(u, V, G), f.value) <= 8.0);
}

TEST(VdhBoundThm12, ZeroComparatorAndReadingA9) {
  EXPECT_EQ(fv::bound_thm12(0, 10, 1).value, std::log(2.0));
  EXPECT_LE(ref::ulp_error(thm12(0, 10, 1), std::log(2.0)), 0.5);
  // where the third term wins, reading A9(b) (|u| sqrt(2V) + 1 + ln(1 + 2 sqrt(2V))) differs from the printed
  // A9(a): the sibling value is not the certified one
  const double u = 0.01, V = 1e6, G = 0.001, s = std::sqrt(2 * V);
  const double a9b = u * s + 1 + std::log1p(2 * s);
  EXPECT_LE(ref::ulp_error(thm12(u, V, G), fv::bound_thm12(u, V, G).value), 8.0);
  EXPECT_GT(ref::ulp_error(thm12(u, V, G), a9b), 1e6);
  // the A9(b) function itself: fast against its certified counterpart (both outside the ID table)
  for (double uu : {0.0, 0.01, 1.0, -30.0}) {
    const double x[3] = {uu, V, G};
    arb_ptr p = _arb_vec_init(3);
    for (int i = 0; i < 3; ++i) arb_set_d(p + i, x[i]);
    ref::Ball r;
    privoco::reference::vdh::bound_thm12_a9b(r.get(), p, 128);
    _arb_vec_clear(p, 3);
    const double f = fv::bound_thm12_a9b(uu, V, G).value;
    EXPECT_LT(std::fabs(f - arf_get_d(arb_midref(r.get()), ARF_RND_NEAR)), 8 * std::ldexp(1.0, std::ilogb(f) - 52)) << uu;
  }
  EXPECT_NEAR(fv::bound_thm12_a9b(0, V, G).value, 1 + std::log1p(2 * s), 1e-15 * (1 + std::log1p(2 * s)));
  EXPECT_THROW(fv::bound_thm12(1, -1, 1), privoco::DomainError);
  EXPECT_THROW(fv::bound_thm12(1, 1, 0), privoco::DomainError);
}
