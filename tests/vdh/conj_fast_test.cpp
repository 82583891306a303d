// fast/vdh/conj.cpp against the certified reference: ulp bounds over random inputs (seeded, printed by the test
// main), out-of-range status, exact symmetries, never NaN, domain errors. Mutation siblings included.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cfloat>
#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <cmath>
#include <random>
#include <limits>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/evaluate.hpp"
#include "support/gen.hpp"
#include "support/points.hpp"
#include "support/reference_match.hpp"
#include "fast/vdh/conj.hpp"
#include "fast/vdh/conj_kernel.hpp"
#include "fast/vdh/fstar.hpp"

namespace fv = privoco::fast::vdh;
namespace ref = privoco::reference;
using privoco::entry;
using privoco::fast::Status;
using privoco::testing::log_uniform;
using privoco::testing::signed_log_uniform;

namespace {

// The accuracy target for the prediction (measured: 6.7 ulp max over 10^6 points, README "Accuracy"); the potential's
// plain bound (measured 7.9 ulp max over 10^6 points) with room for this test's wider draw (L, V down to 1e-8).
constexpr double kPredMaxUlp = 8;
constexpr double kPotMaxUlp = 8;  // the target (measured max 5.4 ulp over 10^6 points, seeds 1 and 2)

std::vector<double> draw_point() {
  const double L = *rc::gen::oneOf(rc::gen::just(0.0), signed_log_uniform(1e-8, 1e5));
  const double V = *rc::gen::oneOf(rc::gen::just(0.0), log_uniform(1e-8, 1e6));
  const double b = *log_uniform(1e-3, 1e3), G = *log_uniform(1e-3, 1e3);
  return {L, V, b, G};
}

// ulp error of `x` when the true value is a normal double; -1 when it is not (status checked instead).
double check_value(const char* id, const std::vector<double>& p, const privoco::fast::Value& f) {
  auto c = ref::evaluate(entry(id), p.data());
  const double t = std::fabs(c.nearest());
  if (c.sign() == 0 || (t >= DBL_MIN && t <= DBL_MAX)) return ref::ulp_error(c, f.value);
  RC_ASSERT(f.sign == c.sign());
  RC_ASSERT(f.status == (t > DBL_MAX ? Status::overflow : Status::underflow));
  RC_ASSERT(std::fabs(f.log_abs() - c.log_abs()) <= 1e-14 * std::fabs(c.log_abs()));
  return -1;
}

}  // namespace

RC_GTEST_PROP(VdhConjFast, PredWithinUlpBound, ()) {
  auto p = draw_point();
  auto f = fv::pred_conj(p[0], p[1], p[2], p[3]);
  double u = check_value("VDH.pred.conj", p, f);
  RC_LOG() << "L=" << p[0] << " V=" << p[1] << " b=" << p[2] << " G=" << p[3] << " ulp=" << u;
  RC_ASSERT(u <= kPredMaxUlp);
}

// F crosses zero where L^2/(4B) ~ ln(1 + V/b)/2 (Gaussian limit); there its condition number
// kappa = (L^2/(4B) + ln(1 + V/b)/2) / |F| multiplies the double erf/erfc errors the fast form still carries
// (measured up to ~2 kappa ulp; README "Accuracy"). Away from the crossing the bound is kPotMaxUlp.
RC_GTEST_PROP(VdhConjFast, PotWithinConditionedUlpBound, ()) {
  auto p = draw_point();
  auto f = fv::pot_conj(p[0], p[1], p[2], p[3]);
  double u = check_value("VDH.pot.conj", p, f);
  const double B = p[2] + p[1];
  const double kappa = (p[0] * (p[0] / (4 * B)) + 0.5 * std::log1p(p[1] / p[2])) / std::fabs(f.value);
  RC_LOG() << "L=" << p[0] << " V=" << p[1] << " b=" << p[2] << " G=" << p[3] << " ulp=" << u << " kappa=" << kappa;
  RC_ASSERT(u <= std::max(kPotMaxUlp, 4 * kappa));
}

// Sibling: the conditioned bound is not vacuous: far from the crossing it is the plain bound, and a result
// perturbed by 1e-13 there fails it.
TEST(VdhConjFast, ConditionedBoundIsTightAwayFromTheCrossing) {
  const double L = 10, V = 0.5, b = 1, G = 0.01;
  auto f = fv::pot_conj(L, V, b, G);
  const double kappa = (L * L / (4 * (b + V)) + 0.5 * std::log1p(V / b)) / std::fabs(f.value);
  EXPECT_LT(4 * kappa, kPotMaxUlp);
  auto c = ref::evaluate(entry("VDH.pot.conj"), std::vector<double>{L, V, b, G}.data());
  EXPECT_LE(ref::ulp_error(c, f.value), kPotMaxUlp);
  EXPECT_GT(ref::ulp_error(c, f.value * (1 + 1e-13)), kPotMaxUlp);
}

RC_GTEST_PROP(VdhConjFast, ZWithinUlpBound, ()) {
  const double b = *log_uniform(1e-3, 1e3), G = *log_uniform(1e-3, 1e3);
  std::vector<double> p = {b, G};
  RC_ASSERT(check_value("VDH.pot.Z", p, fv::pot_Z(b, G)) <= 4);
}

// Sibling: a result off by 1e-13 relative (about 450-900 ulp) must fail the same bound.
RC_GTEST_PROP(VdhConjFast, PerturbedResultFailsUlpBound, ()) {
  const double L = *signed_log_uniform(1e-3, 1e2), V = *log_uniform(1e-3, 1e2), b = *log_uniform(1e-2, 1e2),
               G = *log_uniform(1e-2, 1e2);
  std::vector<double> p = {L, V, b, G};
  auto f = fv::pred_conj(L, V, b, G);
  f.value *= 1 + 1e-13;
  RC_ASSERT(check_value("VDH.pred.conj", p, f) > kPredMaxUlp);
}

RC_GTEST_PROP(VdhConjFast, ExactSymmetry, ()) {
  auto p = draw_point();
  auto a = fv::pred_conj(p[0], p[1], p[2], p[3]), b = fv::pred_conj(-p[0], p[1], p[2], p[3]);
  RC_ASSERT(a.value == -b.value);
  RC_ASSERT(a.sign == -b.sign);
  auto c = fv::pot_conj(p[0], p[1], p[2], p[3]), d = fv::pot_conj(-p[0], p[1], p[2], p[3]);
  RC_ASSERT(c.value == d.value);
}

TEST(VdhConjFast, PotentialVanishesAtOrigin) {
  for (double b : {1e-3, 1.0, 1e3})
    for (double G : {1e-3, 1.0, 1e3}) {
      EXPECT_EQ(fv::pot_conj(0, 0, b, G).value, 0.0);
      EXPECT_LT(fv::pot_conj(0, 1e-3, b, G).value, 0.0);  // sibling: V > 0 moves it below 0
    }
}

RC_GTEST_PROP(VdhConjFast, NeverNaNOnWideInputs, ()) {
  const double L = *rc::gen::oneOf(rc::gen::just(0.0), signed_log_uniform(1e-300, 1e300));
  const double V = *rc::gen::oneOf(rc::gen::just(0.0), log_uniform(1e-300, 1e300));
  const double b = *log_uniform(1e-300, 1e300), G = *log_uniform(1e-300, 1e300);
  auto w = fv::pred_conj(L, V, b, G), F = fv::pot_conj(L, V, b, G);
  RC_LOG() << "L=" << L << " V=" << V << " b=" << b << " G=" << G << " w=" << w.value << " F=" << F.value;
  RC_ASSERT(!std::isnan(w.value) && !std::isnan(w.log_abs()));
  RC_ASSERT(!std::isnan(F.value) && !std::isnan(F.log_abs()));
  RC_ASSERT(F.value >= -1.0);
}

// Found by NeverNaNOnWideInputs at 10^5 cases (both gave NaN before): V/b overflowing in the potential's
// Gaussian limit, and the exponent L^2/(4B) just below DBL_MAX formed in an order that overflowed.
TEST(VdhConjFast, WideInputRegressions) {
  auto F = fv::pot_conj(1e-300, 1.68122e71, 1e-300, 1e-300);
  EXPECT_FALSE(std::isnan(F.value));
  EXPECT_GE(F.value, -1.0);
  auto w = fv::pred_conj(3.20036e253, 1.42437e198, 1e-300, 1e-300);
  EXPECT_EQ(w.status, Status::overflow);
  EXPECT_EQ(w.sign, 1);
  EXPECT_TRUE(std::isfinite(w.log_abs()));
  EXPECT_GT(w.log_abs(), 1e307);
  // mu = C^2 (b + V) underflowing to 0 with lambda = 2.5e104: the scalar endpoint form returned 0 (status ok);
  // the peak is beyond the edge, w = e^lambda (lambda - 1)/lambda^2 C/z, far past DBL_MAX
  auto w0 = fv::pred_conj(1e300, 1e-300, 1e-300, 7.9694329996088389e194);
  EXPECT_EQ(w0.status, Status::overflow);
  EXPECT_GT(w0.log_abs(), 1e104);
  // F*(u) with |u| L* just past DBL_MAX: was inf - F = NaN
  auto f = fv::fstar_conj(6.3499154776328917e109, 1e-300, 1e-300, 7.9694329996088389e194);
  EXPECT_FALSE(std::isnan(f.value));
  EXPECT_FALSE(std::isnan(f.log_abs()));
  EXPECT_GT(f.log_abs(), 709);
}

// The whole double range, subnormals and DBL_MAX included (the test above stops at 1e+-300): G past 3.6e307 (5G
// overflows: C was 0 and w, F NaN), b + V past DBL_MAX, |L| = DBL_MAX (the exponent's quotient overflowed), L
// subnormal. Never NaN, status and sign consistent with the value.
RC_GTEST_PROP(VdhConjFast, NeverNaNOverTheWholeDoubleRange, ()) {
  const auto mag = [] {
    return *rc::gen::oneOf(rc::gen::just(DBL_TRUE_MIN), rc::gen::just(DBL_MAX), rc::gen::just(DBL_MIN),
                           log_uniform(DBL_TRUE_MIN, DBL_MAX), log_uniform(DBL_TRUE_MIN, DBL_MAX));
  };
  const double L = *rc::gen::oneOf(rc::gen::just(0.0), rc::gen::just(1.0)) == 0 ? 0.0
                                                                               : (*rc::gen::arbitrary<bool>() ? -1 : 1) * mag();
  const double V = *rc::gen::arbitrary<bool>() ? 0.0 : mag(), b = mag(), G = mag();
  RC_LOG() << "L=" << L << " V=" << V << " b=" << b << " G=" << G;
  for (const auto& v : {fv::pred_conj(L, V, b, G), fv::pot_conj(L, V, b, G), fv::pred_uniform(L, V, G),
                        fv::pot_uniform(L, V, G)}) {
    RC_ASSERT(!std::isnan(v.value) && !std::isnan(v.log_abs()));
    RC_ASSERT(v.sign == (v.value > 0 ? 1 : (v.value < 0 ? -1 : v.sign)));
    if (v.status == Status::ok) RC_ASSERT(std::isfinite(v.value));
    if (v.status == Status::overflow) RC_ASSERT(std::isinf(v.value) && v.log_abs() > 709);
  }
  RC_ASSERT(fv::pot_conj(L, V, b, G).value >= -1.0);
}

// Points at the ends of the double range, each once NaN (or 0 with status ok), against the reference: within the
// ulp bound where the value is a normal double, else the status and ln|value| to 1e-14
TEST(VdhConjFast, WholeRangeAgainstReference) {
  const struct {
    const char* id;
    std::vector<double> p;
  } cases[] = {
      {"VDH.pred.conj", {1, 100, 1, 1e308}},           // 1.33e-618: C^2 L/3
      {"VDH.pred.uniform", {1, 100, 1e308}},
      {"VDH.pot.uniform", {1, 1, 1e308}},               // -6.67e-619: C^2 (L^2/2 - V)/3
      {"VDH.pot.conj", {1, 1, 1, 1e120}},               // the same limit inside the double range
      {"VDH.pot.conj", {3e100, 1e200, 1, 1e200}},
      {"VDH.pred.conj", {1e308, 1e308, 1e308, 5e-324}},  // e^{L^2/(4B)}: ln|w| = 1.25e307
      {"VDH.pred.conj", {-5e-324, 4.96, 3.09e104, 5.19e-309}},
      {"VDH.pred.conj", {2.25e-262, 5.31e-269, 1.22e-213, DBL_MAX}},
      {"VDH.pot.conj", {4.9, 7.16e139, DBL_MAX, 1.15e308}},
      // the peak far beyond the edge with mu = C^2 (b + V) tiny: w = e^{lambda - mu}/lambda (1 + ...); the bracket
      // sqrt(mu)/(p + t) - h(p) underflowed, 0 with status ok (lambda = 1.2e24, 1e-300)
      {"VDH.pred.conj", {1e302, 3.9e-105, 1.95e80, 1.7e277}},
      {"VDH.pred.conj", {-DBL_MAX, 3.9e-105, 1.95e80, 1.7e277}},
      // F = C^2 (L^2/2 - V)/3 with L^2 below the range and V subnormal (ln F was off by 6e-5)
      {"VDH.pot.uniform", {4.0203996752648405e-237, 8.0947715414629834e-320, 1.146432605298162e+279}},
      // F = C^2 (L^2/2 - V) M_2(mu_b)/M_0(mu_b) with lambda, nu tiny and mu_b not (F was 0 with status ok):
      // mu_b past 735 (F = -V/(2b)), mu_b = 2e-200 b in [4, 735] and below 4
      {"VDH.pot.conj", {-1.8946285767151625e-287, 2.2185983522422616e-303, 4.0198193002511564e+182, 3146671798.4879351}},
      {"VDH.pot.conj", {3e-200, 1e-250, 1e201, 1e100}},
      {"VDH.pot.conj", {1e-200, 1e-250, 2, 1e100}},
      {"VDH.pot.conj", {1e-200, 1e-250, 1e202, 1e100}},
      // mu_b past the range with L^2/(4B) and V/b both far below it: F = (L^2/2 - V)/(2b) (was 0 with status ok)
      {"VDH.pot.conj", {1.4788944799072749e-143, 5.4432145892256775e-300, 1.7976931348623155e+308, 5.0732976353723322e-285}},
      // the Gaussian limit's factor as a scaled magnitude, not through its logarithm (484 and 1000 ulp before)
      {"VDH.pred.conj", {19232704.401511595, 0, 1.2378263848924581e+270, 2.5375975178458802e-185}},
      {"VDH.pred.uniform", {1.8606391100788793e-110, 1.0565224262464719e-186, 3.4357284343610074e-293}},
  };
  for (const auto& c : cases) {
    const auto& p = c.p;
    const bool pred = std::string(c.id).find("pred") != std::string::npos, uni = p.size() == 3;
    const privoco::fast::Value v = uni ? (pred ? fv::pred_uniform(p[0], p[1], p[2]) : fv::pot_uniform(p[0], p[1], p[2]))
                                       : (pred ? fv::pred_conj(p[0], p[1], p[2], p[3]) : fv::pot_conj(p[0], p[1], p[2], p[3]));
    EXPECT_LE(check_value(c.id, p, v), 8) << c.id << " at " << p[0] << ", " << p[1] << ", " << p[2];
  }
}

// Z = C z(mu_b) with C = 1/(5G) subnormal or 0 (G past 2^1000): it was 0 with status ok; now the underflow status
// with ln Z (and the value itself where Z is still normal)
TEST(VdhConjFast, NormaliserNearTheTopOfG) {
  for (double G : {1e300, 0x1p1000, 1e307, 1.7976931348623155e+308, DBL_MAX})
    for (double b : {1e-300, 1.0, 9.0291927238760759e+120, DBL_MAX})
      privoco::testing::expect_matches_reference("VDH.pot.Z", {b, G});
}

// The potential's worst inputs over six 10^6-point samples (compare, seeds 1-6) before the double-double sums and
// the table erfcx: 9.67 ulp beyond the edge at p = 0.29 (libcerf's erfcx), 9.43 ulp with d0 alone (nu = 0.61),
// 8.69 and 7.88 ulp with s alone (lambda = 0.62, 0.67; double moments).
TEST(VdhConjFast, PotFormerWorstInputs) {
  const std::vector<std::vector<double>> pts = {
      {-1.5993693935784368, 0.000132688515362269, 0.039008538411512757, 0.01057421456252953},
      {0.00013209301409406265, 1.4608512792018074, 24.554175773915048, 0.30871175533343997},
      {-0.48303703446501961, 0.0094955336203784765, 0.0039194955441802567, 0.15660347128924923},
      {-21.398782197131048, 5.1549841238436125e-07, 774.44990991173006, 6.4318019162736881}};
  for (const auto& p : pts) EXPECT_LE(check_value("VDH.pot.conj", p, fv::pot_conj(p[0], p[1], p[2], p[3])), 6) << p[0];
}

TEST(VdhConjFast, OverflowReportsLogAndSign) {
  auto w = fv::pred_conj(-1e5, 1e6, 1e-3, 1e-3);
  EXPECT_EQ(w.status, Status::overflow);
  EXPECT_EQ(w.sign, -1);
  EXPECT_NEAR(w.log_abs(), 2486.6426323064729, 1e-9);
}

TEST(VdhConjFast, DomainErrorsNameTheParameter) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  struct Case {
    double L, V, b, G;
    const char* param;
  } cases[] = {{1, -1, 1, 1, "V"}, {1, 0, 0, 1, "b"}, {1, 0, 1, -2, "G"}, {nan, 0, 1, 1, "L"},
               {1, 0, 1, std::numeric_limits<double>::infinity(), "G"}};
  for (const auto& c : cases) {
    try {
      fv::pred_conj(c.L, c.V, c.b, c.G);
      ADD_FAILURE() << "no error for " << c.param;
    } catch (const privoco::DomainError& e) {
      EXPECT_EQ(e.param, c.param);
      EXPECT_EQ(e.id, "VDH.pred.conj");
      EXPECT_NE(std::string(e.what()).find(c.param), std::string::npos);
    }
    EXPECT_THROW(fv::pot_conj(c.L, c.V, c.b, c.G), privoco::DomainError);
  }
  EXPECT_THROW(fv::pot_Z(0, 1), privoco::DomainError);
}

// The quadrature and tiny kernels' regions (lambda <= 6, mu <= 14; conj_kernel.hpp), drawn in (lambda, mu, mu_b)
// so that every rule (8, 12, 16 nodes), both sinh forms and both tiny series are reached, their boundaries included.
RC_GTEST_PROP(VdhConjFast, KernelRegionWithinUlpBound, ()) {
  const double G = *log_uniform(1e-2, 1e2), C = 1 / (5 * G);
  const double lambda = *rc::gen::oneOf(log_uniform(1e-6, 6.0), rc::gen::element(0.05, 1.5, 6.0));
  const double mu = *rc::gen::oneOf(log_uniform(1e-6, 14.0), rc::gen::element(0.1, 1.5, 6.0, 14.0));
  const double share = *rc::gen::inRange(0, 101) / 100.0;  // mu_b / mu
  const double L = lambda / C, b = std::max(share * mu / (C * C), 1e-3), V = std::max(mu / (C * C) - b, 0.0);
  std::vector<double> p = {L, V, b, G};
  const double u = check_value("VDH.pred.conj", p, fv::pred_conj(L, V, b, G));
  RC_LOG() << "L=" << L << " V=" << V << " b=" << b << " G=" << G << " ulp=" << u;
  RC_ASSERT(u <= kPredMaxUlp);
}

// Sibling: the rule must follow mu. The 8-node rule (good to mu = 1.5) applied at mu = 14 is off by far more than
// the bound, and the 16-node rule the kernel picks there is within it.
TEST(VdhConjFast, KernelRuleTooSmallForMuFailsTheBound) {
  namespace d = privoco::fast::vdh::detail;
  const double L = 3.0 * 5 * 0.5, V = 13 * 25 * 0.25, b = 1 * 25 * 0.25, G = 0.5;  // lambda = 3, mu = 14, mu_b = 1
  static d::ReducedPoints pts;
  static double zhalf[d::ReducedPoints::kMax];
  d::reduce_kernel(&L, &V, &b, &G, 1, pts);
  ASSERT_DOUBLE_EQ(pts.mu_hi[0], 14);
  d::z_half_kernel(d::z_class(pts.mub_hi[0]), pts.mub_hi, pts.mub_lo, 1, zhalf);  // mu_b = 1: the series
  auto c = ref::evaluate(entry("VDH.pred.conj"), std::vector<double>{L, V, b, G}.data());
  double w8, w16;
  d::gl_pred_kernel(8, false, pts, zhalf, 1, &w8);
  d::gl_pred_kernel(16, false, pts, zhalf, 1, &w16);
  EXPECT_GT(ref::ulp_error(c, w8), 1000);
  EXPECT_LE(ref::ulp_error(c, w16), kPredMaxUlp);
  EXPECT_EQ(w16, fv::pred_conj(L, V, b, G).value);
}

// Sibling for the tiny-lambda kernel (five terms of the lambda series): at lambda = 0.05 it is within the bound,
// at lambda = 1 (the sixth term ~ 2e-8 of the sum) far outside it.
TEST(VdhConjFast, TinyKernelNeedsTinyLambda) {
  namespace d = privoco::fast::vdh::detail;
  static d::ReducedPoints pts;
  for (double lambda : {0.05, 1.0}) {
    const double G = 0.5, C = 1 / (5 * G), L = lambda / C, b = 0.5 / (C * C), V = 0.5 / (C * C);  // mu = 1, mu_b = 0.5
    d::reduce_kernel(&L, &V, &b, &G, 1, pts);
    double w;
    d::tiny_pred_kernel(false, pts, 1, &w);
    auto c = ref::evaluate(entry("VDH.pred.conj"), std::vector<double>{L, V, b, G}.data());
    if (lambda <= d::kTinyLambdaMax) {
      EXPECT_LE(ref::ulp_error(c, w), kPredMaxUlp);
      EXPECT_EQ(w, fv::pred_conj(L, V, b, G).value);
    } else {
      EXPECT_GT(ref::ulp_error(c, w), 1000);
    }
  }
}

// Sibling for the tiny kernel's short series (12 terms, mu <= kTinyMuSmall = 0.1): within the bound there, and
// the pick of pred_conj; at mu = 1.5 the dropped terms (~6e-8 of the sum) put it far outside.
TEST(VdhConjFast, TinyKernelShortSeriesNeedsSmallMu) {
  namespace d = privoco::fast::vdh::detail;
  static d::ReducedPoints pts;
  for (double mu : {0.0999, 1.5}) {
    const double G = 0.5, C = 1 / (5 * G), L = 0.04 / C, b = 0.5 * mu / (C * C), V = 0.5 * mu / (C * C);
    d::reduce_kernel(&L, &V, &b, &G, 1, pts);
    ASSERT_EQ(pts.mu_hi[0] <= d::kTinyMuSmall, mu < 0.1);
    double w;
    d::tiny_pred_kernel(true, pts, 1, &w);
    auto c = ref::evaluate(entry("VDH.pred.conj"), std::vector<double>{L, V, b, G}.data());
    if (pts.mu_hi[0] <= d::kTinyMuSmall) {
      EXPECT_LE(ref::ulp_error(c, w), kPredMaxUlp);
      EXPECT_EQ(w, fv::pred_conj(L, V, b, G).value);
    } else {
      EXPECT_GT(ref::ulp_error(c, w), 1000);
    }
  }
}

// Sibling for z/2 without erfc (z class 3, mu_b >= kZFarMin = 40): there it agrees with the continued-fraction
// class to 1 ulp; at mu_b = 20 the dropped erfc(sqrt 20) (2.6e-10 relative) shows as more than 1e5 ulp.
TEST(VdhConjFast, ZWithoutErfcNeedsLargeMub) {
  namespace d = privoco::fast::vdh::detail;
  for (double mub : {40.0, 20.0}) {
    double hi[1] = {mub}, lo[1] = {0}, z3, z2;
    d::z_half_kernel(3, hi, lo, 1, &z3);
    d::z_half_kernel(2, hi, lo, 1, &z2);
    const double ulps = std::fabs(z3 - z2) / (std::nextafter(z2, INFINITY) - z2);
    if (mub >= d::kZFarMin) {
      EXPECT_EQ(d::z_class(mub), 3);
      EXPECT_LE(ulps, 1) << mub;
    } else {
      EXPECT_EQ(d::z_class(mub), 2);
      EXPECT_GT(ulps, 1e5) << mub;
    }
  }
}

// Sibling for the far-inside variant (erfc terms dropped from a >= 7): at a = 4 they are 8e-9 of the result.
TEST(VdhConjFast, FarInsideKernelNeedsLargeA) {
  namespace d = privoco::fast::vdh::detail;
  static d::ReducedPoints pts;
  static double zhalf[d::ReducedPoints::kMax];
  for (double a : {7.0, 4.0}) {
    const double mu = 400, lambda = 2 * mu - 2 * a * std::sqrt(mu), G = 1, C = 0.2;
    const double L = lambda / C, b = 0.5 * mu / (C * C), V = 0.5 * mu / (C * C);
    d::reduce_kernel(&L, &V, &b, &G, 1, pts);
    d::z_half_kernel(d::z_class(pts.mub_hi[0]), pts.mub_hi, pts.mub_lo, 1, zhalf);  // mu_b = 200
    double m, Eh, El, v;
    d::inside_pred_kernel(true, pts, zhalf, 1, &m, &Eh, &El, &v);
    auto c = ref::evaluate(entry("VDH.pred.conj"), std::vector<double>{L, V, b, G}.data());
    if (a >= d::kInsideFarAMin) {
      EXPECT_LE(ref::ulp_error(c, v), kPredMaxUlp);
      EXPECT_EQ(v, fv::pred_conj(L, V, b, G).value);
    } else {
      EXPECT_GT(ref::ulp_error(c, v), 1000);
    }
  }
}

// Inputs with given reduced values (conj.cpp's reduction): C = 1/(5G), L = lambda/C, b + V = mu/C^2, b = share (b + V).
std::vector<double> from_reduced(double lambda, double mu, double share, double G) {
  const double C = 1 / (5 * G), B = mu / (C * C), b = std::max(share * B, 1e-3);
  return {lambda / C, std::max(B - b, 0.0), b, G};
}

// The other kernels' regions (conj_kernel.hpp), drawn in a = (2mu - lambda)/(2 sqrt mu) (or p = -a) and mu, the
// thresholds included: peak inside (a >= 3.0625), edge inside (0 <= a < 3.0625), edge beyond (0 < p < 3, lambda
// > 6), beyond (p >= 3, lambda > 6).
RC_GTEST_PROP(VdhConjFast, GaussianKernelRegionsWithinUlpBound, ()) {
  const double G = *log_uniform(1e-2, 1e2), mu = *log_uniform(4.0, 1e8), share = *rc::gen::inRange(0, 101) / 100.0;
  const int region = *rc::gen::inRange(0, 4);
  double a;  // signed: p = -a beyond the edge
  if (region == 0) a = *rc::gen::oneOf(log_uniform(3.0625, 1e4), rc::gen::just(3.0625));
  else if (region == 1) a = *rc::gen::oneOf(log_uniform(1e-6, 3.0625), rc::gen::element(0.0, 3.06));
  else if (region == 2) a = -*rc::gen::oneOf(log_uniform(1e-6, 3.0), rc::gen::element(1e-9, 2.99));
  else a = -*rc::gen::oneOf(log_uniform(3.0, 1e6), rc::gen::just(3.0));
  const double lambda = 2 * mu - 2 * a * std::sqrt(mu);
  RC_PRE(lambda > 6);
  const auto p = from_reduced(lambda, mu, share, G);
  const double u = check_value("VDH.pred.conj", p, fv::pred_conj(p[0], p[1], p[2], p[3]));
  RC_LOG() << "region " << region << " a=" << a << " L=" << p[0] << " V=" << p[1] << " b=" << p[2] << " G=" << p[3]
           << " ulp=" << u;
  RC_ASSERT(u <= kPredMaxUlp);
}

// Sibling: the regions' thresholds matter. Near the edge (a = 1, p = 1) the continued fractions of the inside and
// beyond kernels are far from converged: those kernels are off by far more than the bound, the edge kernel is not.
TEST(VdhConjFast, GaussianKernelsOutsideTheirRegionFailTheBound) {
  namespace d = privoco::fast::vdh::detail;
  static d::ReducedPoints pts;
  static double zhalf[d::ReducedPoints::kMax];
  for (double a : {1.0, -1.0}) {
    const double mu = 100, lambda = 2 * mu - 2 * a * std::sqrt(mu);
    const auto p = from_reduced(lambda, mu, 0.5, 1.0);
    d::reduce_kernel(&p[0], &p[1], &p[2], &p[3], 1, pts);
    d::z_half_kernel(d::z_class(pts.mub_hi[0]), pts.mub_hi, pts.mub_lo, 1, zhalf);  // mu_b = 50
    auto c = ref::evaluate(entry("VDH.pred.conj"), p.data());
    double m, Eh, El, v_wrong, v_edge;
    if (a > 0) d::inside_pred_kernel(false, pts, zhalf, 1, &m, &Eh, &El, &v_wrong);
    else d::beyond_pred_kernel(false, pts, zhalf, 1, &m, &Eh, &El, &v_wrong);
    d::edge_pred_kernel(a > 0, 0, pts, zhalf, 1, &m, &Eh, &El, &v_edge);  // lambda >= 21: b', p2 dropped
    const double sign = p[0] > 0 ? 1 : -1;
    EXPECT_GT(ref::ulp_error(c, sign * v_wrong), 1000) << a;
    EXPECT_LE(ref::ulp_error(c, sign * v_edge), kPredMaxUlp) << a;
    EXPECT_EQ(sign * v_edge, fv::pred_conj(p[0], p[1], p[2], p[3]).value) << a;
  }
}

// Batches longer than one kernel block, mixing the kernel's points with the others: the same bits as the
// scalar calls.
TEST(VdhConjFast, LongBatchEqualsScalar) {
  std::vector<double> L, V, b, G;
  const int n = 2 * privoco::fast::vdh::detail::ReducedPoints::kMax + 300;  // three blocks, the last one partial
  for (int i = 0; i < n; ++i) {
    const double t = i / static_cast<double>(n);
    L.push_back((i % 2 ? -1 : 1) * std::pow(10.0, -6 + 11 * t)), V.push_back(std::pow(10.0, -3 + 9 * std::fmod(7 * t, 1.0)));
    b.push_back(std::pow(10.0, -3 + 6 * std::fmod(3 * t, 1.0))), G.push_back(std::pow(10.0, -3 + 6 * std::fmod(5 * t, 1.0)));
  }
  std::vector<privoco::fast::Value> out(L.size());
  fv::pred_conj(L.data(), V.data(), b.data(), G.data(), out.data(), L.size());
  for (std::size_t i = 0; i < L.size(); ++i) EXPECT_EQ(out[i].value, fv::pred_conj(L[i], V[i], b[i], G[i]).value) << i;
}

// The batch form's documented error behaviour: a bad row in a later block throws a DomainError naming the
// parameter, after the rows before it were written; the rows after it are not touched.
TEST(VdhConjFast, BatchBadRowThrowsAfterWritingTheRowsBeforeIt) {
  const std::size_t n = privoco::fast::vdh::detail::ReducedPoints::kMax + 10, bad = n - 5;
  std::vector<double> L(n, 1.0), V(n, 2.0), b(n, 1.0), G(n, 1.0);
  G[bad] = -1;  // G must be positive
  std::vector<privoco::fast::Value> out(n);
  out[bad + 1].value = 12345;
  try {
    fv::pred_conj(L.data(), V.data(), b.data(), G.data(), out.data(), n);
    FAIL() << "no exception";
  } catch (const privoco::DomainError& e) {
    EXPECT_NE(std::string(e.what()).find("G"), std::string::npos) << e.what();
  }
  const double w = fv::pred_conj(1.0, 2.0, 1.0, 1.0).value;
  EXPECT_EQ(out[0].value, w);
  EXPECT_EQ(out[bad - 1].value, w);
  EXPECT_EQ(out[bad + 1].value, 12345);
}

TEST(VdhConjFast, BatchEqualsScalar) {
  std::vector<double> L = {0, 1, -3, 1e5, 1e-8}, V = {0, 2, 1e6, 0, 1}, b = {1, 1e-3, 1e3, 1, 1}, G = {1, 1, 1e-3, 1, 1e3};
  std::vector<privoco::fast::Value> out(L.size());
  fv::pred_conj(L.data(), V.data(), b.data(), G.data(), out.data(), L.size());
  for (std::size_t i = 0; i < L.size(); ++i) EXPECT_EQ(out[i].value, fv::pred_conj(L[i], V[i], b[i], G[i]).value);
  fv::pot_conj(L.data(), V.data(), b.data(), G.data(), out.data(), L.size());
  for (std::size_t i = 0; i < L.size(); ++i) EXPECT_EQ(out[i].value, fv::pot_conj(L[i], V[i], b[i], G[i]).value);
}

// The committed hard cases (tests/data/*_hard.csv: worst points of earlier 10^6-point reports): the
// 8-ulp target holds on every one of VDH.pred.conj's; VDH.pot.conj's are checked against the plain bound.

TEST(VdhConjFast, HardCases) {
  auto pred = privoco::testing::read_points(std::string(PRIVOCO_SOURCE_DIR) + "/tests/data/vdh_pred_conj_hard.csv", entry("VDH.pred.conj"));
  ASSERT_GE(pred.size(), 5u);
  for (const auto& p : pred) {
    auto c = ref::evaluate(entry("VDH.pred.conj"), p.data());
    EXPECT_LE(ref::ulp_error(c, fv::pred_conj(p[0], p[1], p[2], p[3]).value), 8) << p[0] << " " << p[1];
  }
  auto pot = privoco::testing::read_points(std::string(PRIVOCO_SOURCE_DIR) + "/tests/data/vdh_pot_conj_hard.csv", entry("VDH.pot.conj"));
  ASSERT_GE(pot.size(), 6u);
  for (const auto& p : pot) {
    auto c = ref::evaluate(entry("VDH.pot.conj"), p.data());
    EXPECT_LE(ref::ulp_error(c, fv::pot_conj(p[0], p[1], p[2], p[3]).value), kPotMaxUlp) << p[0] << " " << p[1];
  }
}

// Points the whole-range test found (NaN, or a status that disagreed with the value), against the reference to
// their documented accuracy: the completed square with B/b past DBL_MAX near F's zero crossing (condition ~1e3, so
// 1e-12 relative), and the improper prior brought back into range from W = e^756 by sqrt(M/V) (its logarithm's
// absolute error, |ln w| = 492 ulp: 1e-12 relative)
TEST(VdhConjFast, WholeRangeTestFindings) {
  const struct {
    const char* id;
    std::vector<double> p;
  } cases[] = {
      {"VDH.pot.conj", {1.1015393094342775e+57, 1.2564472075983644e+111, 8.9216335941035455e-298, 5.7843477634004739e-51}},
      {"VDH.pot.conj", {1.1040786197946828e+57, 1.2564472075983644e+111, 8.9216335941035455e-298, 5.7843477634004739e-51}},
      {"VDH.pred.improper", {-5.1866233520458275e+118, 8.8443633034378648e+233, 6.32221852746945e-154}},
  };
  for (const auto& c : cases) {
    const auto& e = entry(c.id);
    const auto f = privoco::fast::evaluate(e, c.p.data());
    const auto r = ref::evaluate(e, c.p.data());
    EXPECT_EQ(f.status, Status::ok) << c.id;
    EXPECT_LE(std::fabs(f.value - r.nearest()), 1e-12 * std::fabs(r.nearest())) << c.id << " " << f.value << " " << r.value;
  }
}

// The potential's vectorised kernels, called directly on points of their classes: the quadrature of
// e^{-mu_b x^2} ((cosh(lambda x) - 1) e^{-nu x^2} + expm1(-nu x^2)) (lambda <= 6, mu <= 14) where its parts cancel
// by at most 16x; with the peak inside, 1 + F = P = sqrt(pi) e^{lambda^2/(4mu)} (1 - t)/(2 sqrt(mu) zhalf) where
// P >= 2 or P <= 1/2, else expm1 of its logarithm where that has no cancellation; beyond the edge the same P form:
// within kPotMaxUlp of the certified value wherever the batch path takes them. Points are drawn in the reduced
// variables (lambda, mu_b, nu, C) and mapped back, a third with the peak beyond the edge, half of the others near
// the crossing L^2/2 = V.
namespace {
struct KernelPot {
  double F = 0;
  bool taken = false;
  double m = 0, Eh = 0, El = 0;  // 1 + F = m e^{Eh + El} (the peak's kernels)
};
KernelPot kernel_pot(double L, double V, double b, double G) {
  namespace d = privoco::fast::vdh::detail;
  static d::ReducedPoints rp;
  d::reduce_kernel(&L, &V, &b, &G, 1, rp);
  int cls = 0, zcls = 0;
  d::classify_kernel(rp, &L, 1, &cls, &zcls);
  double zh = 0, F = 0, B = 0;
  d::z_half_kernel(zcls, rp.mub_hi, rp.mub_lo, 1, &zh);
  if (cls < d::kClassInside || d::is_tiny_class(cls)) {
    // as the batch path: rule 8 (small) gives way to the smallest rule that holds
    const int rule = d::pot_rule(rp.lam_hi[0], rp.mu_hi[0]);
    const int m = d::is_tiny_class(cls) || cls == 3 ? (rule < 3 ? d::kPotRuleM[rule] : 8) : 8 + 4 * (cls % 3);
    d::gl_pot_kernel(m, d::is_tiny_class(cls) || cls >= 3, rp, rp.mub_hi, rp.mub_lo, &V, &zh, 1, &F, &B);
    return {F, std::fabs(F) >= DBL_MIN && B <= 16 * std::fabs(F)};
  }
  double m = 0, Eh = 0, El = 0;
  if (cls == d::kClassInside || cls == d::kClassInsideFar) {
    d::inside_pot_kernel(cls == d::kClassInsideFar, false, rp, rp.mub_hi, rp.mub_lo, &V, &zh, 1, &F, &B, &m, &Eh, &El);
    // the batch path's first pass (the P-form alone): where it takes the point, the same bits as both forms
    double F1 = 0, B1 = 0, m1 = 0, Eh1 = 0, El1 = 0;
    d::inside_pot_kernel(cls == d::kClassInsideFar, true, rp, rp.mub_hi, rp.mub_lo, &V, &zh, 1, &F1, &B1, &m1, &Eh1,
                         &El1);
    if (B1 != 0) RC_ASSERT(F1 == F && B != 0);
    RC_ASSERT(m1 == m && Eh1 == Eh && El1 == El);
    return {F, B != 0};
  }
  if (cls == d::kClassBeyond || cls == d::kClassBeyondFast) {
    d::beyond_pot_kernel(cls == d::kClassBeyondFast, rp, &zh, 1, &F, &B, &m, &Eh, &El);
    return {F, B != 0, m, Eh, El};
  }
  if (cls >= d::kClassEdgeInside && cls < d::kClassEdgeBeyond + 3) {
    d::edge_pot_kernel(cls < d::kClassEdgeBeyond, (cls - d::kClassEdgeInside) % 3, rp, &zh, 1, &F, &B, &m, &Eh, &El);
    return {F, B != 0, m, Eh, El};
  }
  return {};
}
}  // namespace

// The inside kernel's two passes (conj.cpp's pot_chunk): the P-form alone, then both forms on the points it leaves.
// Near the crossing L^2/2 = V (F near 0) only the second form holds: the first pass leaves the point, the full kernel
// takes it (a batch path with the first pass alone would send it to the scalar route, or lose it); far from the
// crossing the first pass takes it with the full kernel's bits. Peak inside: mu_b = 100, C = 1; lambda = 10 at the
// crossing (nu = 50, F = -0.035), lambda = 40 far from it (nu = 1e-3, F = 53.6).
TEST(VdhConjFast, InsidePotentialKernelInTwoPasses) {
  namespace d = privoco::fast::vdh::detail;
  for (const double nu : {50.0, 1e-3}) {
    double L = nu == 50.0 ? 10 : 40, V = nu, b = 100, G = 0.2;  // C = 1/(5G) = 1
    static d::ReducedPoints rp;
    d::reduce_kernel(&L, &V, &b, &G, 1, rp);
    int cls = 0, zcls = 0;
    d::classify_kernel(rp, &L, 1, &cls, &zcls);
    ASSERT_TRUE(cls == d::kClassInside || cls == d::kClassInsideFar) << cls;
    double zh = 0;
    d::z_half_kernel(zcls, rp.mub_hi, rp.mub_lo, 1, &zh);
    double F[2], B[2], m[2], Eh[2], El[2];
    for (int p_only = 0; p_only < 2; ++p_only)
      d::inside_pot_kernel(cls == d::kClassInsideFar, p_only == 1, rp, rp.mub_hi, rp.mub_lo, &V, &zh, 1, F + p_only,
                           B + p_only, m + p_only, Eh + p_only, El + p_only);
    EXPECT_NE(B[0], 0) << nu;  // the full kernel takes both points
    if (nu == 50.0) {
      EXPECT_EQ(B[1], 0);  // the P-form alone does not: the second pass is needed
      EXPECT_LT(std::fabs(F[0]), 0.5);
    } else {
      EXPECT_NE(B[1], 0);
      EXPECT_EQ(F[1], F[0]);
    }
    privoco::testing::expect_matches_reference("VDH.pot.conj", {L, V, b, G}, kPotMaxUlp);
  }
}

RC_GTEST_PROP(VdhConjFast, PotKernelsWithinUlpBoundWhereTaken, ()) {
  const double C = *log_uniform(1e-3, 1e3);
  const int region = *rc::gen::inRange(0, 4);  // 0 quadrature, 1 peak inside, 2 beyond the edge, 3 near the edge
  const double lambda = region == 0 ? *log_uniform(1e-4, 6) : region == 1 ? *log_uniform(1e-3, 60) : *log_uniform(7, 600);
  // near the edge: a = (2 mu - lambda)/(2 sqrt mu) in (-3, 3), i.e. sqrt(mu) = (a + sqrt(a^2 + 2 lambda))/2
  const double a = *rc::gen::inRange(-2990, 3000) / 1000.0, sq = (a + std::sqrt(a * a + 2 * lambda)) / 2;
  const double edge_mu = sq * sq, edge_nu = edge_mu * *log_uniform(1e-8, 0.5);
  const double mu_b = region == 0 ? *log_uniform(1e-4, 7) : region == 1 ? *log_uniform(10, 1e4)
                    : region == 2 ? *log_uniform(1e-3, 1) * lambda / 40 : edge_mu - edge_nu;
  const bool crossing = *rc::gen::arbitrary<bool>();
  const double nu = region == 3 ? edge_nu
                  : crossing ? lambda * lambda / 2 * *rc::gen::inRange(900, 1100) / 1000 : *log_uniform(1e-6, 7);
  const double L = lambda / C, b = mu_b / (C * C), V = nu / (C * C), G = 1 / (5 * C);
  const KernelPot k = kernel_pot(L, V, b, G);
  RC_PRE(k.taken);
  RC_TAG(region);  // the distribution over the regions is printed: every kernel is reached
  std::vector<double> p = {L, V, b, G};
  const double u = ref::ulp_error(ref::evaluate(entry("VDH.pot.conj"), p.data()), k.F);
  RC_LOG() << "L=" << L << " V=" << V << " b=" << b << " G=" << G << " ulp=" << u;
  RC_ASSERT(u <= kPotMaxUlp);
  RC_ASSERT(fv::pot_conj(L, V, b, G).value == k.F);  // the batch path took the kernel's value
}

// The potential's 6/8/12-point rules (m = 3, 4, 6) within their boxes (lambda <= kPotRuleLambda, mu <= kPotRuleMu):
// against the certified reference as accurate as the 32-point rule up to the kernel's rounding (two rules' F may
// round to neighbouring doubles: 1 ulp apart, as the 16-point rule they replace), at random points (a quarter near
// the crossing lambda^2/2 = nu, where F cancels down to the guard's 1/16 of the parts) and at the boxes' corners.
// Their truncation is far below that: near the crossing at twice the corners they were within 1.05 ulp, at four
// times 4.6 ulp (m = 4) and 6000 ulp (m = 6). The sibling: the next smaller rule at the corner of the boxes of m = 4
// and 6 is hundreds of ulp off.
TEST(VdhConjFast, PotSmallerRulesAsAccurateAsThe32PointRule) {
  namespace d = privoco::fast::vdh::detail;
  static d::ReducedPoints rp;
  auto F_by = [&](int m, const std::vector<double>& p, bool* taken) {
    double L = p[0], V = p[1], b = p[2], G = p[3];
    d::reduce_kernel(&L, &V, &b, &G, 1, rp);
    double zh = 0, F = 0, bound = 0;
    d::z_half_kernel(d::z_class(rp.mub_hi[0]), rp.mub_hi, rp.mub_lo, 1, &zh);
    d::gl_pot_kernel(m, m < 12, rp, rp.mub_hi, rp.mub_lo, &V, &zh, 1, &F, &bound);
    *taken = std::fabs(F) >= DBL_MIN && bound <= 16 * std::fabs(F);
    return F;
  };
  const auto& e = entry("VDH.pot.conj");
  std::mt19937_64 rng(20261128);
  std::uniform_real_distribution<double> u(0, 1);
  for (int k = 0; k < 3; ++k) {
    const double lmax = d::kPotRuleLambda[k], mmax = d::kPotRuleMu[k];
    double worst = 0, worst_m = 0;
    int compared = 0;
    for (int t = 0; t < 1500; ++t) {
      const bool corner = t < 8;
      const double lambda = corner ? lmax : lmax * std::pow(1e-6, u(rng));
      const double mu = corner ? mmax : mmax * std::pow(1e-6, u(rng));
      const double nu = t % 4 == 3 ? std::min(mu, lambda * lambda / 2 * (0.95 + 0.1 * u(rng))) : mu * u(rng);
      const std::vector<double> p = {lambda, nu, std::max(mu - nu, mu * 1e-3), 0.2};  // C = 1/(5G) ~ 1, b > 0
      bool taken_m = false, taken_16 = false;
      const double Fm = F_by(d::kPotRuleM[k], p, &taken_m), F16 = F_by(16, p, &taken_16);
      if (!taken_16) continue;  // the guard refuses both: the scalar route
      ASSERT_TRUE(taken_m);
      const auto r = ref::evaluate(e, p.data());
      const double um = ref::ulp_error(r, Fm), u16 = ref::ulp_error(r, F16);
      worst = std::max(worst, um - u16), worst_m = std::max(worst_m, um);
      ++compared;
    }
    std::printf("m = %d: %d points, largest ulp error %.3g, at most %.3g ulp beyond the 32-point rule's\n",
                d::kPotRuleM[k], compared, worst_m, worst);
    EXPECT_GT(compared, 500);
    EXPECT_LE(worst, 1.25) << "m = " << d::kPotRuleM[k];
    if (k > 0) {  // the sibling, near the crossing (F ~ parts/10)
      const double l = std::min(lmax, std::sqrt(mmax)), nu = 0.9 * l * l / 2;
      const std::vector<double> p = {l, nu, mmax - nu, 0.2};
      bool taken = false;
      const auto r = ref::evaluate(e, p.data());
      const double us = ref::ulp_error(r, F_by(d::kPotRuleM[k - 1], p, &taken)), u16 = ref::ulp_error(r, F_by(16, p, &taken));
      std::printf("  sibling m = %d at that corner: %.3g ulp (the 32-point rule %.3g)\n", d::kPotRuleM[k - 1], us, u16);
      EXPECT_GT(us - u16, 100) << "m = " << d::kPotRuleM[k - 1] << " at the corner of m = " << d::kPotRuleM[k];
    }
  }
}

// The edge kernel at the sampled point where its error functions' arguments, rounded, cost 5.07 ulp (p = 2.36 beyond
// the edge; now carried as hi + lo: 3.07). The sibling: its 1 + F = m e^E with E = lambda - mu = 517 in double only (the
// low part dropped) misses the same bound.
TEST(VdhConjFast, PotEdgeKernel) {
  const std::vector<double> p = {-200.93022415473027, 0.0088318637159880403, 19.301858393779955, 0.042858748097921569};
  const KernelPot k = kernel_pot(p[0], p[1], p[2], p[3]);
  ASSERT_TRUE(k.taken);
  const auto r = ref::evaluate(entry("VDH.pot.conj"), p.data());
  EXPECT_LE(ref::ulp_error(r, k.F), 4);
  EXPECT_EQ(fv::pot_conj(p[0], p[1], p[2], p[3]).value, k.F);
  EXPECT_GT(ref::ulp_error(r, k.m * std::exp(k.Eh) - 1), 4) << "the sibling";
}

// Siblings: the kernels are not taken where their guards say no (F = 0 at the second-order crossing has no bound
// but infinity; with the peak inside, P = 1 + F near 1 and its logarithm's parts cancelling more than 2^10-fold),
// and the batch value then is the scalar route's, within its own bound. Where they cancel less (8-fold here), the
// double-double parts keep the kernel within the plain bound (the kernel refused it while they were doubles).
TEST(VdhConjFast, PotKernelGuardsRefuseWhereTheyWouldLoseBits) {
  // peak well inside, P near 1: x = L^2/(4B) - log1p(V/b)/2 = 1.76e-3 - 2.25e-3 (F = -4.8e-4)
  const std::vector<double> p8 = {1.2531446967075499, 0.99891298248990734, 221.83336475002758, 0.059504534573600373};
  const KernelPot k8 = kernel_pot(p8[0], p8[1], p8[2], p8[3]);
  EXPECT_TRUE(k8.taken);
  EXPECT_LE(ref::ulp_error(ref::evaluate(entry("VDH.pot.conj"), p8.data()), k8.F), kPotMaxUlp);
  // the same with V moved near the zero of x: 1.7635e-3 - 1.7635e-3 = -9.0e-10 (2e6-fold)
  const std::vector<double> p = {1.2531446967075499, 0.7838031402331608, 221.83336475002758, 0.059504534573600373};
  const KernelPot k = kernel_pot(p[0], p[1], p[2], p[3]);
  EXPECT_FALSE(k.taken) << k.F;
  const auto f = fv::pot_conj(p[0], p[1], p[2], p[3]);
  const double kappa = (p[0] * p[0] / (4 * (p[1] + p[2])) + 0.5 * std::log1p(p[1] / p[2])) / std::fabs(f.value);
  EXPECT_LE(check_value("VDH.pot.conj", p, f), std::max(kPotMaxUlp, 4 * kappa));
  // the same P near 1 without the cancellation (V/b tiny, F = L^2/(4B) - V/(2b) + ... = 6.3e-4) is taken, right
  const KernelPot x = kernel_pot(0.5, 1e-9, 100, 0.01);
  EXPECT_TRUE(x.taken);
  EXPECT_LE(ref::ulp_error(ref::evaluate(entry("VDH.pot.conj"), std::vector<double>{0.5, 1e-9, 100, 0.01}.data()), x.F),
            kPotMaxUlp);
  // F(1, V; b = 1, G = 0.1) changes sign between V = 0.4 and 0.5 (the second-order crossing): the points around
  // its zero, where the quadrature's parts cancel by more than 16x, are refused, and F = 0 has no bound but inf
  int refused = 0;
  for (int i = 0; i <= 1000; ++i) {
    const double V = 0.4 + i * 1e-4;
    if (!kernel_pot(1, V, 1, 0.1).taken) {
      ++refused;
      std::vector<double> q = {1, V, 1, 0.1};
      const auto f = fv::pot_conj(1, V, 1, 0.1);
      const double kappa = (0.25 / (1 + V) + 0.5 * std::log1p(V)) / std::fabs(f.value);
      EXPECT_LE(check_value("VDH.pot.conj", q, f), std::max(kPotMaxUlp, 4 * kappa)) << V;
    }
  }
  EXPECT_GT(refused, 0);
  EXPECT_LT(refused, 1001);  // the ends of the range, away from the zero, are taken
}

// L = 0 goes to the same kernels (the quadrature with lambda = 0 for mu <= 14, the peak at the centre beyond):
// F(0; V) = M_0(mu)/M_0(mu_b) - 1 < 0 has no zero crossing for V > 0, so the plain bound holds.
RC_GTEST_PROP(VdhConjFast, PotAtZeroWithinUlpBound, ()) {
  const double V = *log_uniform(1e-8, 1e4), b = *log_uniform(1e-4, 1e4), G = *log_uniform(1e-3, 1e2);
  std::vector<double> p = {0, V, b, G};
  const auto f = fv::pot_conj(0, V, b, G);
  const double u = check_value("VDH.pot.conj", p, f);
  RC_LOG() << "V=" << V << " b=" << b << " G=" << G << " ulp=" << u;
  RC_ASSERT(u <= kPotMaxUlp);
}

// Whole-range points (seed 12): the R1 series' n = (sum) 2 lambda/mu below the double range at mu = 3e271 (it came out
// 0 with sign 0), and the Gaussian limit's exponent L^2/(4V) with |L|/V past DBL_MAX (V subnormal; ln inf where it is
// 5.3e304). The siblings: the double-double quotient underflows, and |L|/V overflows, at these points.
TEST(ConjFastWholeRange, TinySeriesAndSubnormalVExponent) {
  using privoco::testing::expect_matches_reference;
  expect_matches_reference("VDH.pred.conj", {-2.8279229755465466e-40, 8.7031777913458406e+190, 4.9694167113487886e-316,
                                             1.0754531862424549e-41});
  expect_matches_reference("VDH.pot.uniform", {-1.3110966672191612e-07, 8.0947715414629834e-320, 4.9406564584124654e-324});
  expect_matches_reference("VDH.pred.uniform", {-1.3110966672191612e-07, 8.0947715414629834e-320, 4.9406564584124654e-324});
  EXPECT_EQ(1e-136 / 3e271, 0.0) << "the sibling: n/mu in double";
  EXPECT_TRUE(std::isinf(1.3110966672191612e-07 / 8.0947715414629834e-320)) << "the sibling: |L|/V";
}

// G below 1.1e-309 (C = 1/(5G) past DBL_MAX) with the peak past the edge and lambda - mu below DBL_MAX: evaluated at
// (2^k L, 4^k V, 4^k b, 2^k G), where C is a double (ln w was inf where it is 1.0e308). The sibling: C itself is
// not a double there.
TEST(ConjFastWholeRange, SubnormalGPeakPastTheEdge) {
  using privoco::testing::expect_matches_reference;
  expect_matches_reference("VDH.pred.uniform", {0.5, 1e-320, 1e-309}, 8, 1e-15);
  expect_matches_reference("VDH.pot.uniform", {0.5, 1e-320, 1e-309}, 8, 1e-15);
  expect_matches_reference("VDH.pred.conj", {0.5, 1e-320, 1e-320, 1e-309}, 8, 1e-15);
  expect_matches_reference("VDH.pot.conj", {0.5, 1e-320, 1e-320, 1e-309}, 8, 1e-15);
  EXPECT_TRUE(std::isinf(1 / (5 * 1e-309))) << "the sibling: C";
}

// The potential's peak-inside form with mu_b = C^2 b below the double range (b = 1.8e-313 .. 1e-160 at G = 3.6e75):
// ln(2 erf(C sqrt b)) from C sqrt b, so F is the uniform prior's to the last digits (it was 0.206 where it is 0.186 at
// b = 1e-170, NaN with status ok from b = 1e-200). The sibling: mu_b itself is 0 there.
TEST(ConjFastWholeRange, PotentialWithMuBBelowTheRange) {
  const double L = 8.221713800834301e+118, V = 1.7687547588929279e+235, G = 3.6123035071234323e+75;
  for (double b : {1.764571516690224e-313, 1e-200, 1e-170, 1e-160, 1e-100})
    privoco::testing::expect_matches_reference("VDH.pot.conj", {L, V, b, G});
  const double C = 1 / (5 * G);
  EXPECT_EQ(C * C * 1e-200, 0.0) << "the sibling: mu_b underflows";
}

// The Gaussian limit of the potential (mu = C^2 B past the kernels' range) with ln(B/b) = 899 and ln erf(C sqrt b) =
// -61.8 where E = -0.31 (seed 27): they were doubles, and their roundings were 76 ulp of F = -0.266; now
// double-doubles. The sibling: the same E from the double logarithms is tens of ulp off.
TEST(ConjFastWholeRange, PotentialGaussianLimitLogarithmsCancel) {
  const double L = 4.8059416244494294e+94, V = 1.4900472357110313e+186, b = 4.4357851020377559e-205,
               G = 1.0161233962214806e-76;
  privoco::testing::expect_matches_reference("VDH.pot.conj", {L, V, b, G});
  const double F = fv::pot_conj(L, V, b, G).value, x = std::log1p(F);  // x = E, to ~1 ulp of F
  const double ln_Bb = std::log(V) - std::log(b), ln_es = std::log(std::erf(std::sqrt(b) / (5 * G)));
  const double x_double = (x + 0.5 * ln_Bb + ln_es) - 0.5 * ln_Bb - ln_es;  // the same terms, rounded in double
  EXPECT_GT(std::fabs(std::expm1(x_double) - F) / (std::fabs(F) * DBL_EPSILON), 16) << "the sibling";
}

// b + V past DBL_MAX in the Gaussian limit (seed 28: b = 1.8e308, V = 3.5e299, G = DBL_MIN): ln(B/b) from the
// halves of b and V (it was NaN, and F = sqrt(b/B) - 1 came from the subtraction, 7e-8 relative off, as did F* at
// tiny u). F = -V/(2b) to first order. The sibling: sqrt(b/B) - 1 formed in double is millions of ulp off.
TEST(ConjFastWholeRange, PotentialWithBPastTheRange) {
  const double V = 3.463688405662035e+299, b = 1.7976931348623155e+308, G = 2.2250738585072014e-308;
  EXPECT_FALSE(std::isfinite(b + V));
  for (double L : {0.0, 1e-300, 1.0, 1e150, -1e150})
    privoco::testing::expect_matches_reference("VDH.pot.conj", {L, V, b, G});
  privoco::testing::expect_matches_reference("VDH.conj.Fstar", {4.9406564584124654e-324, V, b, G});
  const double F = fv::pot_conj(0, V, b, G).value;
  const double by_subtraction = std::sqrt(b / (0.5 * b + 0.5 * V)) / std::sqrt(2.0) - 1;
  EXPECT_GT(std::fabs(by_subtraction - F) / (std::fabs(F) * DBL_EPSILON), 1e6) << "the sibling";
}
