// VDH.pred.improper (improper prior 1/|v|, VDH (3.8.1) (002)): reference against quadrature of the definition,
// the printed (3.8.1) against the definition, fast against reference, oddness, V = 0; VDH.pot.improper (reference
// routes, fast against reference within its condition bound); with siblings.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <arb.h>

#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "support/ball_eval.hpp"
#include "fast/numerics/scaled.hpp"
#include "fast/vdh/improper.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/evaluate.hpp"
#include "reference/vdh/improper.hpp"
#include "support/gen.hpp"
#include "support/reference_match.hpp"

namespace ref = privoco::reference;
using privoco::testing::eval_fn;
namespace rv = privoco::reference::vdh;
namespace fv = privoco::fast::vdh;
using privoco::testing::log_uniform;
using privoco::testing::signed_log_uniform;

namespace {
ref::Certified certified(double L, double V, double G) {
  const double x[3] = {L, V, G};
  return ref::evaluate(privoco::entry("VDH.pred.improper"), x);
}
}  // namespace

RC_GTEST_PROP(VdhImproper, ReferenceMatchesQuadrature, ()) {
  const double L = *signed_log_uniform(1e-6, 1e4).as("L"), V = *log_uniform(1e-6, 1e5).as("V");
  const double G = *log_uniform(1e-2, 1e2).as("G");
  const ref::Ball a = eval_fn(rv::pred_improper, {L, V, G}), q = eval_fn(rv::pred_improper_integral, {L, V, G});
  RC_ASSERT(arb_is_finite(a.get()));
  RC_ASSERT(arb_overlaps(a.get(), q.get()));
  RC_ASSERT(arb_rel_accuracy_bits(a.get()) > 60);
}

// Sibling: the prediction normalised like a proper prior (divided by int_{-C}^{C} dv/|v| cut at C e^{-1}, any
// finite mass) or without the factor C disagrees with the quadrature.
TEST(VdhImproper, SiblingMissingFactorFails) {
  const ref::Ball a = eval_fn(rv::pred_improper, {3, 2, 0.5}), q = eval_fn(rv::pred_improper_integral, {3, 2, 0.5});
  EXPECT_TRUE(arb_overlaps(a.get(), q.get()));
  ref::Ball wrong;
  arb_mul_ui(wrong.get(), a.get(), 5, 128);  // times 1/C = 5G / ... : the factor C dropped (C = 0.4 here)
  arb_mul_2exp_si(wrong.get(), wrong.get(), -1);
  EXPECT_FALSE(arb_overlaps(wrong.get(), q.get()));
}

// The printed (3.8.1) is the definition (no erratum): equal wherever its literal evaluation resolves, and it
// needs far more precision than the stable form once L^2/(4V) is large (the erf difference cancels).
TEST(VdhImproper, PrintedFormAgreesWithDefinition) {
  for (auto x : std::vector<std::vector<double>>{{1, 1, 1}, {-5, 2, 0.2}, {10, 100, 0.2}, {-7, 3e3, 0.05}, {1e-6, 1e3, 1}}) {
    const ref::Ball a = eval_fn(rv::pred_improper, x), p = eval_fn(rv::pred_improper_printed, x);
    ASSERT_TRUE(arb_is_finite(p.get()));
    EXPECT_GT(arb_rel_accuracy_bits(p.get()), 60) << x[0];
    EXPECT_TRUE(arb_overlaps(a.get(), p.get())) << x[0];
  }
  const ref::Ball p = eval_fn(rv::pred_improper_printed, {100, 1, 0.2}), a = eval_fn(rv::pred_improper, {100, 1, 0.2});
  EXPECT_LT(arb_rel_accuracy_bits(p.get()), 8);   // at 128 bits the literal form has no correct digit left
  EXPECT_GT(arb_rel_accuracy_bits(a.get()), 100);
  EXPECT_TRUE(arb_overlaps(a.get(), p.get()));
}

TEST(VdhImproper, OddnessZeroAndVZero) {
  const ref::Certified c = certified(0, 3, 1);
  EXPECT_TRUE(c.exact);
  EXPECT_EQ(fv::pred_improper(0, 3, 1).value, 0.0);
  for (double L : {1e-8, 0.3, 7.0, 300.0}) {
    EXPECT_EQ(fv::pred_improper(L, 0.5, 0.7).value, -fv::pred_improper(-L, 0.5, 0.7).value);
    // V = 0: w = C 4 sinh^2(lambda/2)/lambda, lambda = CL
    const double C = 1 / (5 * 0.7), l = C * L;
    EXPECT_NEAR(fv::pred_improper(L, 0, 0.7).value, C * 4 * std::sinh(l / 2) * std::sinh(l / 2) / l,
                1e-12 * std::fabs(fv::pred_improper(L, 0, 0.7).value));  // the double formula itself: ~lambda u
    EXPECT_LE(ref::ulp_error(certified(L, 0, 0.7), fv::pred_improper(L, 0, 0.7).value), 4.0);
  }
}

RC_GTEST_PROP(VdhImproper, FastWithin8UlpOfReference, ()) {
  const double L = *signed_log_uniform(1e-8, 1e5).as("L"), V = *rc::gen::weightedOneOf<double>(
      {{1, rc::gen::just(0.0)}, {9, log_uniform(1e-8, 1e6)}}).as("V");
  const double G = *log_uniform(1e-3, 1e3).as("G");
  const privoco::fast::Value f = fv::pred_improper(L, V, G);
  const ref::Certified c = certified(L, V, G);
  RC_ASSERT(f.sign == c.sign());
  if (f.status == privoco::fast::Status::ok) RC_ASSERT(ref::ulp_error(c, f.value) <= 8.0);
  else RC_ASSERT(std::fabs(f.log_abs() - c.log_abs()) <= 1e-13 * std::fabs(c.log_abs()));
}

TEST(VdhImproper, Domain) {
  EXPECT_THROW(fv::pred_improper(1, -1, 1), privoco::DomainError);
  EXPECT_THROW(fv::pred_improper(1, 1, 0), privoco::DomainError);
  EXPECT_THROW(fv::pred_improper(std::nan(""), 1, 1), privoco::DomainError);
}

// VDH.pot.improper (reference): the series route, the quadrature route with an entire integrand, and the special
// values F(0; V) = -Ein(C^2 V), F(L; 0) = 2 (Chi(CL) - gamma - ln(CL)); even in L; dF/dL = w (VDH.pred.improper).
TEST(VdhImproperPot, RoutesAgree) {
  const std::vector<std::vector<double>> pts = {{1, 1, 1},     {-3, 2, 0.2},  {5, 0, 1},       {0, 50, 0.1},
                                                {2, 10, 0.3},  {100, 1, 0.2}, {40, 4000, 0.05}, {1e-3, 1e4, 0.01},
                                                {7, 30, 0.08}, {-60, 2e3, 0.03}};
  for (const auto& x : pts) {
    const ref::Ball s = eval_fn(rv::pot_improper_series, x), q = eval_fn(rv::pot_improper_integral, x);
    ASSERT_TRUE(arb_is_finite(s.get()) && arb_is_finite(q.get())) << x[0];
    EXPECT_TRUE(arb_overlaps(s.get(), q.get())) << x[0] << " " << x[1] << " " << x[2];
    EXPECT_GT(arb_rel_accuracy_bits(q.get()), 60) << x[0];
    if (x[0] == 0) {
      EXPECT_TRUE(arb_overlaps(s.get(), eval_fn(rv::pot_improper_L0, x).get()));
    }
    if (x[1] == 0) {
      EXPECT_TRUE(arb_overlaps(s.get(), eval_fn(rv::pot_improper_V0, x).get()));
    }
    const ref::Ball m = eval_fn(rv::pot_improper, {-x[0], x[1], x[2]});  // even in L
    EXPECT_TRUE(arb_overlaps(m.get(), s.get())) << x[0];
  }
  // sibling: without the -Ein(mu) term (the V-dependent constant) the series disagrees with the quadrature
  const ref::Ball q = eval_fn(rv::pot_improper_integral, {2, 10, 0.3});
  ref::Ball wrong = eval_fn(rv::pot_improper_series, {2, 10, 0.3}), l0 = eval_fn(rv::pot_improper_L0, {0, 10, 0.3});
  arb_sub(wrong.get(), wrong.get(), l0.get(), 128);
  EXPECT_FALSE(arb_overlaps(wrong.get(), q.get()));
}

// Far out, the window route (quadrature around the peak, bounds elsewhere) against the quadrature over [0, 1] where
// both run: the peak at x = 1 (lambda >= 2 mu), just beyond it, and inside; then up to lambda = 2e299 it answers
// with the value's decimal exponent lambda/ln 10 (F ~ e^{lambda}/lambda at V = 0 up to a factor near 1).
TEST(VdhImproperPot, FarRouteAgrees) {
  const std::vector<std::vector<double>> pts = {{1500, 1, 1}, {7000, 17250, 1}, {10000, 24750, 1}, {20000, 52500, 1},
                                                {3000, 7250, 1}, {2e5, 1e7, 1}, {5e5, 1e8, 1},
                                                {-2000, 0, 1}, {80, 2, 0.05}};
  for (const auto& x : pts) {
    ref::Ball w = eval_fn(rv::pot_improper_far, x);
    const ref::Ball q = eval_fn(rv::pot_improper_integral, x);
    ASSERT_TRUE(arb_is_finite(w.get())) << x[0] << " " << x[1];
    EXPECT_GT(arb_rel_accuracy_bits(w.get()), 60) << x[0] << " " << x[1];
    EXPECT_TRUE(arb_overlaps(w.get(), q.get())) << x[0] << " " << x[1] << " " << x[2];
    // sibling: 1e-15 relative off no longer overlaps (the enclosures are tight enough to tell)
    ref::Ball off = eval_fn(rv::pot_improper_far, x);
    arb_mul_2exp_si(w.get(), w.get(), -50);
    arb_add(off.get(), off.get(), w.get(), 256);
    EXPECT_FALSE(arb_overlaps(off.get(), q.get())) << x[0];
  }
  EXPECT_FALSE(arb_is_finite(eval_fn(rv::pot_improper_far, {1, 1, 1}).get()));  // not applicable: indeterminate
  // large mu: the incomplete-gamma series against the quadrature, and against the window route where both apply
  for (const auto& x : std::vector<std::vector<double>>{{100, 2500, 1}, {750, 2500, 1}, {2500, 25000, 1},
                                                        {1e4, 75000, 1}, {-30, 1e5, 0.5}}) {
    const ref::Ball g = eval_fn(rv::pot_improper_large_mu, x);
    const ref::Ball q = x[0] == 1e4 ? eval_fn(rv::pot_improper_far, x) : eval_fn(rv::pot_improper_integral, x);
    ASSERT_TRUE(arb_is_finite(g.get())) << x[0] << " " << x[1];
    EXPECT_GT(arb_rel_accuracy_bits(g.get()), 60) << x[0] << " " << x[1];
    EXPECT_TRUE(arb_overlaps(g.get(), q.get())) << x[0] << " " << x[1];
  }
  // mu = 4e999998 (V = 1e1000000): F = -Ein(mu) + O(lambda^2/mu), answered at once
  const char* far[3] = {"1", "1e1000000", "1"};
  std::vector<privoco::Decimal> dec;
  const privoco::Entry& pe = privoco::entry("VDH.pot.improper");
  for (int i = 0; i < 3; ++i) dec.push_back(privoco::parse_param(pe.id, pe.params[static_cast<std::size_t>(i)], far[i]));
  const ref::Certified fm = ref::evaluate(pe, dec);
  EXPECT_EQ(fm.value.substr(0, 14), "-2.30258245133") << fm.value;  // -(ln(4e999998) + gamma) = -2302582.4513338857
  for (double L : {1e16, 1e40, 1e300}) {
    const double y[3] = {L, 0, 1};
    const ref::Certified c = ref::evaluate(privoco::entry("VDH.pot.improper"), y);
    const double exponent = std::stod(c.value.substr(c.value.find('e') + 1));
    EXPECT_NEAR(exponent / (0.2 * L / std::log(10.0)), 1.0, 1e-12) << c.value.substr(0, 40);
  }
}

TEST(VdhImproperPot, DerivativeIsThePrediction) {
  for (const auto& x : std::vector<std::vector<double>>{{1.5, 2, 0.4}, {-20, 300, 0.05}, {60, 5, 0.2}}) {
    const double h = 1e-6 * std::max(1.0, std::fabs(x[0]));
    const ref::Certified fp = [&] { const double y[3] = {x[0] + h, x[1], x[2]}; return ref::evaluate(privoco::entry("VDH.pot.improper"), y); }();
    const ref::Certified fm = [&] { const double y[3] = {x[0] - h, x[1], x[2]}; return ref::evaluate(privoco::entry("VDH.pot.improper"), y); }();
    const ref::Certified w = certified(x[0], x[1], x[2]);
    const double fd = (fp.nearest() - fm.nearest()) / (2 * h);  // central difference: O(h^2) error
    EXPECT_NEAR(fd, w.nearest(), 1e-6 * std::fabs(w.nearest())) << x[0];
  }
}

// fast VDH.pot.improper against the certified reference: within max(16, 4 kappa) ulp, kappa = (F + 2 Ein(mu))/|F|
// the condition number of F = E - Ein(mu) (E >= 0, Ein(mu) = -F(0; V) >= 0); out of range: the same ln|F|.
RC_GTEST_PROP(VdhImproperPot, FastWithinConditionBoundOfReference, ()) {
  const double L = *signed_log_uniform(1e-8, 1e5).as("L"), V = *rc::gen::weightedOneOf<double>(
      {{1, rc::gen::just(0.0)}, {9, log_uniform(1e-8, 1e6)}}).as("V");
  const double G = *log_uniform(1e-3, 1e3).as("G");
  const privoco::fast::Value f = fv::pot_improper(L, V, G);
  const double x[3] = {L, V, G}, x0[3] = {0, V, G};
  const ref::Certified c = ref::evaluate(privoco::entry("VDH.pot.improper"), x);
  RC_ASSERT(f.sign == c.sign());
  if (f.status != privoco::fast::Status::ok) {
    RC_ASSERT(std::fabs(f.log_abs() - c.log_abs()) <= 1e-13 * std::fabs(c.log_abs()));
    return;
  }
  const double ein = -ref::evaluate(privoco::entry("VDH.pot.improper"), x0).nearest();
  const double F = c.nearest(), kappa = F == 0 ? 1e300 : (std::fabs(F) + 2 * ein) / std::fabs(F);
  RC_ASSERT(ref::ulp_error(c, f.value) <= std::max(16.0, 4 * kappa));
  // sibling: dropping the -Ein(mu) part (the E term alone) misses wherever Ein is not negligible
  if (ein > 1e-6 * std::fabs(F)) RC_ASSERT(ref::ulp_error(c, f.value + ein) > std::max(16.0, 4 * kappa));
}

TEST(VdhImproperPot, FastSpecialValuesAndDomain) {
  EXPECT_EQ(fv::pot_improper(0, 0, 1).value, 0.0);                 // F(0; 0) = 0
  EXPECT_EQ(fv::pot_improper(3, 2, 0.5).value, fv::pot_improper(-3, 2, 0.5).value);  // even in L
  const privoco::fast::Value big = fv::pot_improper(1e5, 0, 1e-3);  // lambda = 2e7: F ~ e^{lambda}/lambda
  EXPECT_EQ(big.status, privoco::fast::Status::overflow);
  EXPECT_EQ(big.sign, 1);
  EXPECT_NEAR(big.log_abs(), 2e7, 1e-6 * 2e7);
  EXPECT_THROW(fv::pot_improper(1, -1, 1), privoco::DomainError);
  EXPECT_THROW(fv::pot_improper(std::nan(""), 1, 1), privoco::DomainError);
}

// Beyond mu = 1e250 (or C^2 V past DBL_MAX) both forms use the scale invariance of dv/|v| (improper.cpp): in
// an earlier version these gave F = inf with status ok (lambda = 2.7e154, mu = 1.8e308), then NaN, and w = overflow where it is
// 1e-490. Certified values from the reference.
TEST(VdhImproperFast, HugeMuByScaleInvariance) {
  struct P { double L, V, G; };
  for (const P& p : {P{3.4147593354505392e-90, 2.9151453253893009e-180, 2.546843864054141e-245}, P{1, 1e300, 1},
                     P{1e-100, 1e300, 1e-250}, P{5, 1e260, 0.2}, P{3, 1e252, 1}, P{-1e-200, 1e290, 3e-300}}) {
    for (const char* id : {"VDH.pred.improper", "VDH.pot.improper"}) {
      // the reference's potential takes 7-16 s at the three points with C >= 1e240: their values are below
      if (std::string(id) == "VDH.pot.improper" && p.G < 1e-200) continue;
      privoco::testing::expect_matches_reference(id, {p.L, p.V, p.G});
    }
  }
  // privoco eval VDH.pot.improper at those points (17 certified digits)
  struct Q { double L, V, G, F; };
  for (const Q& q : {Q{3.4147593354505392e-90, 2.9151453253893009e-180, 2.546843864054141e-245, -7.0746943732378538e2},
                     Q{1e-100, 1e300, 1e-250, -1.8394264142352699e3}, Q{-1e-200, 1e290, 3e-300, -2.0444618480273978e3}}) {
    const double f = privoco::fast::vdh::pot_improper(q.L, q.V, q.G).value;
    EXPECT_LE(std::fabs(f - q.F), 8 * std::ldexp(1.0, std::ilogb(q.F) - 52)) << q.L;
  }
}

// G past 3.6e307, where 5G overflows: C was 0 and both values wrong with status ok (w = 1.18 at L = V = 1, G = 1e308;
// the true value is 4e-618). The tiny-lambda limits C^2 L and C^2 (L^2/2 - V), and the scale invariance beyond them,
// against the reference
TEST(VdhImproperFast, GNearTheTopOfTheDoubleRange) {
  struct P { double L, V, G; };
  for (const P& p : {P{1, 1, 1e308}, P{1, 0, 1e308}, P{-1e300, 1e300, 1e308}, P{1e-300, 1e-300, DBL_MAX},
                     P{3e200, 1e300, 5e307}, P{1e150, 0, 1e307}}) {
    for (const char* id : {"VDH.pred.improper", "VDH.pot.improper"}) {
      if (std::string(id) == "VDH.pred.improper" && p.L == 0) continue;
      privoco::testing::expect_matches_reference(id, {p.L, p.V, p.G});
    }
  }
}

// The peak far beyond the edge with mu = C^2 V tiny: a = (lambda - 2mu)/(2 sqrt mu) overflowed and w came out 0 with
// sign 0 and status ok (L = -1e220, V = 4.1e-186, G = 77592: ln|w| = lambda - mu = 2.6e214)
TEST(VdhImproperFast, PeakFarBeyondTheEdgeWithTinyMu) {
  for (double L : {-1e200, -1e220, -3.5893121388996694e+231, 1e10})
    privoco::testing::expect_matches_reference("VDH.pred.improper", {L, 4.0578029243163569e-186, 77591.856923419546});
}

// L = DBL_MAX, V = 5e307, G = 1.6e-99: lambda and mu overflow, the peak is inside (2.5 |L| G < V, decided from
// logarithms), and ln w = ln F = r^2/4 = 1.62e308 with r = |L|/sqrt V formed below the top of the range (it was NaN,
// and r^2 overflows: ln inf). The siblings: inf >= inf, and r^2 in double.
TEST(ImproperFast, PeakInsideWithLambdaAndMuPastTheRange) {
  using privoco::testing::expect_matches_reference;
  expect_matches_reference("VDH.pred.improper", {1.7976931348623157e+308, 4.9885030401081291e+307, 1.6280834272447577e-99});
  expect_matches_reference("VDH.pot.improper", {1.7976931348623157e+308, 4.9885030401081291e+307, 1.6280834272447577e-99});
  EXPECT_TRUE(0.5 * INFINITY >= INFINITY) << "the sibling: the edge test on overflowed lambda and mu";
  const double r = 1.7976931348623157e+308 / std::sqrt(4.9885030401081291e+307);
  EXPECT_TRUE(std::isinf(r * r)) << "the sibling: r^2";
}

// lambda below 1e-100 with mu tiny too (lambda = 3.4e-105, mu = 1.2e-197): E = lambda^2 M_1(mu) is 5e-13 of Ein(mu),
// so F = -Ein(mu) alone is thousands of ulp off (the sibling: F at L = 0 is exactly that form); and L = V = 0 at
// G = DBL_MAX, where 5G overflows: F = 0 (it was an overflow; the sibling: C = 1/(5G) from that G is not finite).
TEST(VdhImproperFast, TinyLambdaBesideTinyMuAndZeroAtTheTopOfG) {
  const double L = 2.8430331329977817e+136, V = 8.1262557843235493e+284, G = 1.6574951721537933e+240;
  privoco::testing::expect_matches_reference("VDH.pot.improper", {L, V, G});
  const ref::Ball exact = eval_fn(rv::pot_improper, {L, V, G});
  EXPECT_GT(privoco::testing::ulps(fv::pot_improper(0, V, G).value, exact), 1000) << "the sibling: F = -Ein(mu)";
  const privoco::fast::Value z = fv::pot_improper(0, 0, DBL_MAX);
  EXPECT_EQ(z.status, privoco::fast::Status::ok);
  EXPECT_EQ(z.value, 0.0);
  EXPECT_TRUE(std::isnan(privoco::fast::numerics::scale_C(DBL_MAX).hi)) << "the sibling: C = 1/(5G) at that G";
}

// The prediction past mu = 1e250 (scale-invariant form) with W = e^{729}-sized at the reduced point and w = 3.8e305:
// w from the evaluation with the factor sqrt(M/V) as its C, within 8 ulp; the sibling: from W's logarithm, one ulp of
// ln w (703) is more than 16 ulp of w.
TEST(VdhImproperFast, LargeMuWhereTheReducedValueOverflows) {
  privoco::testing::expect_matches_reference("VDH.pred.improper",
                                             {2593007055964.23, 2.310106536285482e+21, 4.4464636340233153e-200});
  const double l = std::log(3.7665663330355256e305);
  EXPECT_GT(std::exp(std::nextafter(l, INFINITY)) / std::exp(l) - 1, 16 * 0x1p-52) << "the sibling: exp of ln w";
}
