// VDH.pred.cv, VDH.pot.cv (CV prior, reference): quadrature in s = -1/ln v against quadrature in v, Z = 2/ln(5G)
// against its integral, dF/dL = w, oddness/evenness, the domain G > 1/5; fast against the certified reference
// (w within 8 ulp; F within max(16, 4 kappa) ulp, kappa its condition number); with siblings.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <arb.h>

#include <cfloat>
#include <cmath>
#include <vector>

#include "support/ball_eval.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/evaluate.hpp"
#include "reference/vdh/cv.hpp"
#include "fast/vdh/cv.hpp"
#include "support/gen.hpp"
#include "support/reference_match.hpp"

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

// The peak far beyond the edge (a = |L| - 2CV, a C >= 2^10): the s-route's boundary-layer enclosure at v = C (the
// quadrature cannot resolve a layer of width 1/a) against the v-route's quadrature where that still answers, at
// 64 and 128 bits (the layer is taken where its enclosure keeps the precision less 16 bits: here from L = 1e10 at 64
// bits); the potential even in L. Far out (L = -1e30, -1e1000) only the layer answers: its value carries
// e^{C|L| - C^2 V}, so ln|w| is compared with C|L| - C^2 V + ln(1/(2 a ln^2 C)) + ln|ln C|, the layer's leading term.
// The sibling: the layer without its phi' correction misses the quadrature.
TEST(VdhCv, BoundaryLayerAgreesWithTheQuadrature) {
  int compared = 0;
  for (double L : {3e4, 1e6, 3e7, 1e10, 1e12, 1e14}) {
    for (double V : {0.0, 1.0, 1e3}) {
      for (double G : {1.0, 3.0}) {
        for (slong prec : {64, 128}) {
          const ref::Ball s = eval_fn(rv::pred_cv, {L, V, G}, prec), v = eval_fn(rv::pred_cv_v, {L, V, G}, prec);
          ASSERT_TRUE(arb_is_finite(s.get())) << L << " " << V << " " << G;
          // less what the exponent C|L| takes from the precision (its rounding enters e^E)
          EXPECT_GT(arb_rel_accuracy_bits(s.get()), prec - 12 - std::log2(L / (5 * G))) << L << " " << V << " " << G;
          if (!arb_is_finite(v.get())) continue;
          ++compared;
          EXPECT_TRUE(arb_overlaps(s.get(), v.get())) << L << " " << V << " " << G << " at " << prec;
          const ref::Ball p = eval_fn(rv::pot_cv, {L, V, G}, prec), q = eval_fn(rv::pot_cv, {-L, V, G}, prec);
          EXPECT_TRUE(arb_overlaps(p.get(), q.get())) << "even: " << L;
        }
      }
    }
  }
  std::printf("layer against quadrature: %d comparisons\n", compared);
  EXPECT_GE(compared, 12);
  // the potential: the layer at 64 bits against the quadrature at 128 (where the layer keeps too few bits)
  for (double L : {1e10, -1e12, 1e14}) {
    const ref::Ball p64 = eval_fn(rv::pot_cv, {L, 1, 1}, 64), p128 = eval_fn(rv::pot_cv, {L, 1, 1}, 128);
    EXPECT_TRUE(arb_overlaps(p64.get(), p128.get())) << L;
    EXPECT_GT(arb_rel_accuracy_bits(p64.get()), 10) << L;
  }
  for (double L : {-1e30, -1e300}) {
    const double C = 0.2, a = -L - 2 * C, lnC = std::log(C);
    const slong prec = L < -1e100 ? 1200 : 128;  // e^{2e299} needs its exponent to 1000 bits
    const ref::Ball w = eval_fn(rv::pred_cv, {L, 1, 1}, prec);
    ASSERT_TRUE(arb_is_finite(w.get())) << L;
    EXPECT_LT(arf_sgn(arb_midref(w.get())), 0);
    ref::Ball lw;
    arb_neg(lw.get(), w.get());
    arb_log(lw.get(), lw.get(), prec);
    const double want = C * -L - C * C + std::log(1 / (2 * a * lnC * lnC)) + std::log(-lnC);
    EXPECT_NEAR(arf_get_d(arb_midref(lw.get()), ARF_RND_NEAR), want, 1e-9 * std::fabs(want)) << L;
  }
  // sibling: phi(C)/a alone (no phi' term, no e^{-V t^2}) is off by a relative ~1/(aC) at L = 3e4
  const double L = 3e4, V = 1, G = 1, C = 0.2, a = L - 2 * C * V, lnC = std::log(C);
  const ref::Ball v = eval_fn(rv::pred_cv_v, {L, V, G}, 128);
  ref::Ball crude;
  arb_set_d(crude.get(), C * L - C * C * V);
  arb_exp(crude.get(), crude.get(), 128);
  ref::Ball f;
  arb_set_d(f.get(), -lnC / (2 * a * lnC * lnC));
  arb_mul(crude.get(), crude.get(), f.get(), 128);
  EXPECT_FALSE(arb_overlaps(crude.get(), v.get()));
}

// Large V (C^2 V >= 2^31): the s-route's closed reduction to two y-integrals (t = v^2 V, y = ln t) against the
// v-route's quadrature for the prediction, and the potential against the fast part (an independent double
// quadrature, within 16 ulp) and its derivative; at V = 1e1000000 (refusals after 5-10 s before) against the
// leading forms w ~ L |ln C| int 4 e^{y - e^y}/(M - y)^2 dy/(2V) ~ 2 L |ln C|/(V M^2) and F ~ -1 + 2|ln C|/M
// (M = ln V; relative corrections O(1/M)). The sibling: w with the Gaussian's mass put at v = C (1/ln^2 C instead of
// 4/M^2) is far off.
TEST(VdhCv, LargeVAgreesWithTheQuadratureAndTheFastPart) {
  int compared = 0;
  for (double V : {1e60, 1e100, 1e250})
    for (double L : {-3.0, 30.0})  // L^2/V small enough for the reduction's 112 bits at 128
      for (double G : {0.21, 1.0, 10.0}) {
        const ref::Ball s = eval_fn(rv::pred_cv, {L, V, G}, 128), v = eval_fn(rv::pred_cv_v, {L, V, G}, 128);
        EXPECT_GT(arb_rel_accuracy_bits(s.get()), 100) << L << " " << V << " " << G;
        compared += arb_is_finite(v.get());
        EXPECT_TRUE(!arb_is_finite(v.get()) || arb_overlaps(s.get(), v.get())) << L << " " << V << " " << G;
        privoco::testing::expect_matches_reference("VDH.pot.cv", {L, V, G});
        privoco::testing::expect_matches_reference("VDH.pred.cv", {L, V, G});
      }
  const char* id = "VDH.pred.cv";
  auto at = [](const char* id, const char* L, const char* V, const char* G) {
    return ref::evaluate(privoco::entry(id), {privoco::parse_param(id, "L", L), privoco::parse_param(id, "V", V),
                                              privoco::parse_param(id, "G", G)});
  };
  std::printf("large V against the v-route's quadrature: %d comparisons\n", compared);
  EXPECT_GE(compared, 6);
  const double M = 1e6 * std::log(10.0), lnC = std::log(5.0);  // G = 1: C = 1/5
  const ref::Certified w = at(id, "1", "1e1000000", "1");
  const double lead = 2 * lnC / (M * M);  // 2 L |ln C|/(V M^2), without V's 10^-1000000
  EXPECT_NE(w.value.find("e-1000013"), std::string::npos) << w.value;
  const double mant = std::stod(w.value.substr(0, w.value.find('e')));
  EXPECT_NEAR(mant * 1e-13, lead, 5 * lead / M) << w.value;
  const ref::Certified F = at("VDH.pot.cv", "-1", "1e1000000", "1");
  EXPECT_NEAR(F.nearest(), -1 + 2 * lnC / M, 10 * lnC / (M * M));
  // sibling: the mass at v = C
  EXPECT_GT(std::fabs(2 / (lnC * lnC) / 2 - lead) / lead, 1e6);
}

// C|L| <= 1 (the s-route's integrand scaled by its size C^2 |L|, sinh taken directly): w is linear in L there
// (relative lambda^2), so w(-1e-1000000)/(-1e-1000000) and w(1e-300)/1e-300 have the same digits; w = 2.9e-905 at
// G = 1e300 took 5824 bits and 4.4 s before, L = -1e-1000000 ran into the time limit. Also against the v-route.
// The sibling: the linear term with the prior's weight at v = C alone (2 C^2 L/(2 ln^2 C)... as C^2 L/ln^2 C) differs.
TEST(VdhCv, TinyLambdaIsLinearInL) {
  auto at = [](const char* L, const char* G) {
    const char* id = "VDH.pred.cv";
    return ref::evaluate(privoco::entry(id), {privoco::parse_param(id, "L", L), privoco::parse_param(id, "V", "1"),
                                              privoco::parse_param(id, "G", G)});
  };
  for (const char* G : {"1", "1e300"}) {
    const ref::Certified a = at("-1e-1000000", G), b = at("1e-300", G);
    EXPECT_EQ("-" + b.value.substr(0, 17), a.value.substr(0, 18)) << a.value << " " << b.value;
  }
  for (double L : {-1e-20, 0.5})
    for (double G : {1.0, 1e10}) {  // the v-route's absolute tolerance needs the bits of w's size: 400
      const ref::Ball s = eval_fn(rv::pred_cv, {L, 1, G}, 128), v = eval_fn(rv::pred_cv_v, {L, 1, G}, 400);
      EXPECT_GT(arb_rel_accuracy_bits(s.get()), 100) << L << " " << G;
      EXPECT_TRUE(arb_overlaps(s.get(), v.get())) << L << " " << G;
    }
  const double C = 0.2, lnC = std::log(C);
  const ref::Certified w = at("1e-300", "1");
  EXPECT_GT(std::fabs(w.nearest() - C * C * 1e-300 / (lnC * lnC)) / std::fabs(w.nearest()), 0.01);
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

namespace {
ref::Certified cert(const char* id, double L, double V, double G) {
  const double x[3] = {L, V, G};
  return ref::evaluate(privoco::entry(id), x);
}
}  // namespace

// fast VDH.pred.cv within 8 ulp of the certified value over the catalogue's sampling box (L in [1e-8, 1e3],
// V in [1e-8, 1e4] and 0, G in (0.2, 1e3]); out of range: the same ln|w| and sign. The sibling with the prior's
// weight l/(l + u)^2 replaced by its value at u = 0 (a prior of the wrong shape) is far off.
RC_GTEST_PROP(VdhCvFast, PredictionWithin8UlpOfReference, ()) {
  const double L = *privoco::testing::signed_log_uniform(1e-8, 1e3).as("L");
  const double V = *rc::gen::weightedOneOf<double>({{1, rc::gen::just(0.0)},
                                                    {9, privoco::testing::log_uniform(1e-8, 1e4)}}).as("V");
  const double G = 0.2 + *privoco::testing::log_uniform(1e-4, 1e3).as("G - 0.2");
  const privoco::fast::Value f = privoco::fast::vdh::pred_cv(L, V, G);
  const ref::Certified c = cert("VDH.pred.cv", L, V, G);
  RC_ASSERT(f.sign == c.sign());
  if (f.status != privoco::fast::Status::ok) {
    RC_ASSERT(std::fabs(f.log_abs() - c.log_abs()) <= 1e-13 * std::fabs(c.log_abs()));
    return;
  }
  RC_ASSERT(ref::ulp_error(c, f.value) <= 8.0);
}

// fast VDH.pot.cv: F = E - D with E, D >= 0 and D = -F(0; V); kappa = (F + 2D)/|F|.
RC_GTEST_PROP(VdhCvFast, PotentialWithinConditionBound, ()) {
  const double L = *privoco::testing::signed_log_uniform(1e-8, 1e3).as("L");
  const double V = *rc::gen::weightedOneOf<double>({{1, rc::gen::just(0.0)},
                                                    {9, privoco::testing::log_uniform(1e-8, 1e4)}}).as("V");
  const double G = 0.2 + *privoco::testing::log_uniform(1e-4, 1e3).as("G - 0.2");
  const privoco::fast::Value f = privoco::fast::vdh::pot_cv(L, V, G);
  const ref::Certified c = cert("VDH.pot.cv", L, V, G);
  RC_ASSERT(f.sign == c.sign());
  if (f.status != privoco::fast::Status::ok) {
    RC_ASSERT(std::fabs(f.log_abs() - c.log_abs()) <= 1e-13 * std::fabs(c.log_abs()));
    return;
  }
  const double D = V == 0 ? 0 : -cert("VDH.pot.cv", 0, V, G).nearest();
  const double F = c.nearest(), kappa = F == 0 ? 1e300 : (std::fabs(F) + 2 * D) / std::fabs(F);
  RC_ASSERT(ref::ulp_error(c, f.value) <= std::max(16.0, 4 * kappa));
}

TEST(VdhCvFast, SymmetryZerosDomainAndSibling) {
  namespace fv = privoco::fast::vdh;
  EXPECT_EQ(fv::pred_cv(0, 3, 1).value, 0.0);
  EXPECT_EQ(fv::pot_cv(0, 0, 1).value, 0.0);
  EXPECT_EQ(fv::pred_cv(-2, 3, 1).value, -fv::pred_cv(2, 3, 1).value);  // odd
  EXPECT_EQ(fv::pot_cv(-2, 3, 1).value, fv::pot_cv(2, 3, 1).value);    // even
  EXPECT_THROW(fv::pred_cv(1, 1, 0.2), privoco::DomainError);
  EXPECT_THROW(fv::pot_cv(1, -1, 1), privoco::DomainError);
  // sibling: the uniform prior's prediction (same lambda, mu, no 1/(|v| ln^2|v|) weight) is not the CV one
  const double w = fv::pred_cv(3, 2, 1).value;
  const ref::Certified c = cert("VDH.pred.cv", 3, 2, 1);
  EXPECT_LE(ref::ulp_error(c, w), 8.0);
  const double x[3] = {3, 2, 1};
  const double u = ref::evaluate(privoco::entry("VDH.pred.uniform"), x).nearest();
  EXPECT_GT(ref::ulp_error(c, u), 1e6);
}

// Large mu (fast: the linear regime's J integral, and the u-range reaching x = 1/sqrt(mu)): an earlier version of the fast
// w was 7% low at L = 50, V = 2.5e21, G = 1 (the quadrature stopped at u = ln(lambda) + 22) and NaN at mu = 6e279;
// now within 8 ulp, and below the double range with the right status and ln|w|. (A probe of 500 points with V up to
// 1e300 gave max 4.3 ulp for w, 2.5 for F.)
TEST(VdhCvFast, LargeMuAgainstReference) {
  struct P { double L, V, G; };
  for (const P& p : {P{50, 2.5e21, 1}, P{5000, 2.5e15, 1}, P{0.003, 1e6, 0.3}, P{3, 1e4, 2}, P{-0.0667, 3.94e271, 95.6},
                     P{1e5, 1e200, 0.5}}) {
    const std::vector<double> x = {p.L, p.V, p.G};
    for (const char* id : {"VDH.pred.cv", "VDH.pot.cv"}) {
      const auto c = privoco::reference::evaluate(privoco::entry(id), x.data());
      const auto f = privoco::fast::evaluate(privoco::entry(id), x.data());
      EXPECT_LE(privoco::reference::ulp_error(c, f.value), 8) << id << " L=" << p.L << " V=" << p.V << " G=" << p.G;
    }
  }
  const std::vector<double> tiny = {-5.01e-74, 3.85e292, 5.35e5};  // w = -8.47e-371
  const auto c = privoco::reference::evaluate(privoco::entry("VDH.pred.cv"), tiny.data());
  const auto f = privoco::fast::evaluate(privoco::entry("VDH.pred.cv"), tiny.data());
  EXPECT_EQ(f.status, privoco::fast::Status::underflow);
  EXPECT_EQ(f.sign, -1);
  EXPECT_NEAR(f.log_abs(), c.log_abs(), 1e-14 * std::fabs(c.log_abs()));
}

// The peak far beyond the edge with p = lambda - 2 mu past 1.3e154 (p^2 overflowed in the peak range's width: an
// empty range, w = F = 0 with status ok at L = 1e300, V = 1, G = 1e100), against the reference's boundary layer: status
// overflow and ln|w| to 4e-16. The sibling: the value 0 is not what the reference says.
TEST(VdhCvFast, PeakFarBeyondTheEdgeAgainstReference) {
  for (const std::vector<double>& p : {std::vector<double>{1e300, 1, 1e100}, {-1.1235582092889474e307, 4e-75, 3.75e100},
                                       {1e200, 1e-300, 1e50}}) {
    for (const char* id : {"VDH.pred.cv", "VDH.pot.cv"}) {
      const auto c = privoco::reference::evaluate(privoco::entry(id), p.data());
      const auto f = privoco::fast::evaluate(privoco::entry(id), p.data());
      EXPECT_EQ(f.status, privoco::fast::Status::overflow) << id << " L=" << p[0];
      EXPECT_EQ(f.sign, c.sign()) << id << " L=" << p[0];
      EXPECT_NEAR(f.log_abs(), c.log_abs(), 4e-16 * std::fabs(c.log_abs())) << id << " L=" << p[0];
      EXPECT_NE(c.sign(), 0);  // sibling
    }
  }
}

// C = 1/(5G) tiny: w = C^2 L J2(l), F = C^2 (L^2/2 - V) J2(l), J2 = 1 - 2l e^{2l} E_1(2l), l = ln(5G) (the quadrature's
// C q underflowed to 0 with status ok at G = 1e300, and 5G overflowed past 3.6e307: inf with status overflow), against
// the reference; G = 1e25 stays on the quadrature (lambda = 4e-26 is not tiny), the sibling region
TEST(VdhCvFast, TinyCAgainstReference) {
  for (double G : {1e25, 1e100, 1e300, 1e307, 1e308, DBL_MAX})
    for (const std::vector<double>& p : {std::vector<double>{1, 1, G}, {-1e-200, 1e-300, G}, {3, 0, G}}) {
      privoco::testing::expect_matches_reference("VDH.pred.cv", p);
      privoco::testing::expect_matches_reference("VDH.pot.cv", p);
    }
}

// C = 1/(5G) far below e^{-(prec + 60)} with lambda = C|L| moderate (L = -1e1000000, G = 1e1000000: lambda = 0.2): the
// quadrature's cut is relative to C now (with the cut at e^{-(prec + 60)} the tail bound sinh(v0 |L|) overflowed: a
// refusal after 9 s). Against the leading form F ~ (lambda^2/2 + lambda^4/48)/(2 ln 5G) (ln(Ct) ~ ln C on the whole
// range, relative error ~ 1/ln 5G = 4e-7); the sibling: without the lambda^4 term it is off by more than that.
TEST(VdhCv, PotentialAtCFarBelowTheCut) {
  const privoco::Entry& e = privoco::entry("VDH.pot.cv");
  std::vector<privoco::Decimal> x;
  const char* text[] = {"-1e1000000", "1", "1e1000000"};
  for (int i = 0; i < 3; ++i) x.push_back(privoco::parse_param(e.id, e.params[i], text[i]));
  privoco::reference::Options opt;
  opt.max_seconds = 2;
  const auto c = privoco::reference::evaluate(e, x, opt);
  const double F = std::strtod(c.value.c_str(), nullptr), l5G = 1000000 * std::log(10.0) + std::log(5.0), lam = 0.2;
  const double lead = (lam * lam / 2 + lam * lam * lam * lam / 48) / (2 * l5G);
  EXPECT_NEAR(F, lead, 2e-6 * lead) << c.value;
  EXPECT_GT(std::fabs(F - lam * lam / 2 / (2 * l5G)), 2e-6 * lead);
}

// G past 2^1000 and products C q below the normal range: whole-range points where 5G overflowed (F an overflow where
// it is 1.4e-5 at L = G = DBL_MAX), C was subnormal (w of sign 0), or C q underflowed in double (ln w 2e-3 off near
// 1e-321). Each now matches the reference (8 ulp, or status, sign and ln); the siblings show the double forms.
TEST(CvFast, HugeGAndTinyProducts) {
  using privoco::testing::expect_matches_reference;
  expect_matches_reference("VDH.pred.cv", {-4.5763502459366854e+167, 4.0233380933295072e+213, 1.6721945577600228e+242});
  expect_matches_reference("VDH.pred.cv", {-7.8948579844190097e+248, 2.2250738585072014e-308, 1.1235582092889474e+307});
  expect_matches_reference("VDH.pred.cv", {1.1630501588328486e+262, 1.1235582092889474e+307, 1.0799119956161618e+295});
  expect_matches_reference("VDH.pot.cv", {1.7976931348623157e+308, 0, 1.7976931348623155e+308});
  expect_matches_reference("VDH.pot.cv", {2.171598501112118e+257, 46563398661500.516, 1.7976931348623155e+308});
  EXPECT_TRUE(std::isinf(5 * 1.7976931348623155e+308)) << "the sibling: 5G";
  EXPECT_LT(1 / (5 * 1.1235582092889474e+307), DBL_MIN) << "the sibling: C subnormal";
}

// lambda and mu = C^2 V tiny with l = ln 5G below 50: the limit F = C^2 (L^2/2 - V) J2(l), J2 by quadrature (the
// general route with mu underflowed to 0 gave F the sign of L^2 alone). The sibling: mu in double is 0 there.
TEST(CvFast, TinyLambdaAndMuAtModerateG) {
  using privoco::testing::expect_matches_reference;
  expect_matches_reference("VDH.pot.cv", {5.1999383609247421e-298, 8.0947715414629834e-320, 166936000130287.47});
  expect_matches_reference("VDH.pot.cv", {-7.6755020695855409e-180, 7.8208981648051676e-290, 19570274590659.488});
  expect_matches_reference("VDH.pred.cv", {-7.6755020695855409e-180, 7.8208981648051676e-290, 19570274590659.488});
  const double C = 1 / (5 * 166936000130287.47);
  EXPECT_EQ(C * 8.0947715414629834e-320 * C, 0.0) << "the sibling: mu in double";
}

// lambda below 1e-100 with D tiny too (lambda = 3.4e-105, mu = 1.2e-197): E is 5e-13 of D, so F = -D alone is
// thousands of ulp off (the sibling: F at L = 0 is exactly that form).
TEST(VdhCvFast, TinyLambdaBesideTinyMu) {
  const double L = 2.8430331329977817e+136, V = 8.1262557843235493e+284, G = 1.6574951721537933e+240;
  for (double l : {L, -L, 3.6e136, 1e130}) privoco::testing::expect_matches_reference("VDH.pot.cv", {l, V, G});
  const ref::Ball exact = eval_fn(rv::pot_cv, {L, V, G});
  EXPECT_GT(privoco::testing::ulps(privoco::fast::vdh::pot_cv(0, V, G).value, exact), 1000) << "the sibling: F = -D";
}

// The peak's offset x - x* far from the maximiser (lambda = 3.9e-140 beside mu = 2.3: x* = 8e-141, u* = 322): formed
// from u - u* it carried u*'s rounding into e^{-mu x^2} (18 ulp of w); directly it is within 8 ulp. The sibling: one
// ulp of u* moves x = e^{-(u - u*)} x* by more than 16 ulp.
TEST(VdhCvFast, PeakOffsetFarFromTheMaximiser) {
  for (double L : {4.53903506611898e-103, 1e-60, 1e-30})
    privoco::testing::expect_matches_reference("VDH.pred.cv", {L, 3.0566176205850963e+74, 2.2978950167068974e+36});
  privoco::testing::expect_matches_reference("VDH.pot.cv", {1e-60, 3.0566176205850963e+74, 2.2978950167068974e+36});
  const double us = 322.0;
  EXPECT_GT(std::exp(std::nextafter(us, INFINITY) - us) - 1, 16 * 0x1p-53) << "the sibling: u*'s ulp";
}
