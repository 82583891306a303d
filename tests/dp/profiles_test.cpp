// The exact privacy profiles (DP.gauss.delta, DP.laplace.delta): each closed form against its defining hockey-stick
// integral by rigorous quadrature (the second route), with a wrong variant that the same comparison rejects; known
// values; certified evaluation far out (small mu, large eps), where the two terms of the Gaussian form cancel.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <acb_calc.h>
#include <arb_hypgeom.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/reference/dp/profiles.hpp"
#include "support/ball_eval.hpp"
#include "support/gen.hpp"
#include "support/reference_match.hpp"
#include "fast/dp/gauss_kernel.hpp"
#include "privoco/fast/dp/profiles.hpp"
#include "privoco/fast/simd.hpp"

namespace ref = privoco::reference;
using privoco::testing::eval_fn;

namespace {
struct Hockey {
  double eps, mu, k;  // integrand p(x) - e^{k eps} q(x); k = 1 for the definition (a sibling uses another k)
  bool laplace;
};
// e^{k eps} as a ball (the double e^eps would differ from the closed form's exact factor by a rounding)
void factor(arb_t f, const Hockey& h, slong prec) {
  arb_set_d(f, h.eps);
  arb_mul(f, f, ref::Ball(h.k).get(), prec);
  arb_exp(f, f, prec);
}

// The crossing point where p = e^eps q, as an exact-input ball: eps/mu + mu/2 (Gaussian), (mu - eps)/2 (Laplace).
void crossing(arb_t xc, const Hockey& h, slong prec) {
  if (h.laplace) {
    arb_set_d(xc, h.mu);
    arb_sub(xc, xc, ref::Ball(h.eps).get(), prec);
    arb_mul_2exp_si(xc, xc, -1);
  } else {
    arb_set_d(xc, h.eps);
    arb_div(xc, xc, ref::Ball(h.mu).get(), prec);
    arb_add(xc, xc, ref::Ball(h.mu / 2).get(), prec);
  }
}

// p(x) - e^eps q(x) on a piece where it is analytic and non-negative, in a variable whose limits are exact:
// Gaussian N(mu, 1) vs N(0, 1), x = x_c + y for y in [0, 40]; Laplace(0, 1) vs Laplace(mu, 1), x = x_c y for y in
// [0, 1] (times dx/dy = x_c).
int integrand(acb_ptr out, const acb_t y, void* param, slong order, slong prec) {
  if (order > 1) return 0;
  const auto* h = static_cast<const Hockey*>(param);
  acb_t p, q, t, x;
  acb_init(p), acb_init(q), acb_init(t), acb_init(x);
  ref::Ball xc;
  crossing(xc.get(), *h, prec);
  if (h->laplace) acb_mul_arb(x, y, xc.get(), prec);
  else acb_add_arb(x, y, xc.get(), prec);
  if (!h->laplace) {  // phi(x - mu) - c phi(x), phi(x) = e^{-x^2/2}/sqrt(2 pi)
    acb_set_d(p, h->mu);
    acb_sub(p, x, p, prec);
    acb_sqr(p, p, prec);
    acb_mul_2exp_si(p, p, -1);
    acb_neg(p, p);
    acb_exp(p, p, prec);
    acb_sqr(q, x, prec);
    acb_mul_2exp_si(q, q, -1);
    acb_neg(q, q);
    acb_exp(q, q, prec);
    ref::Ball fac;
    factor(fac.get(), *h, prec);
    acb_mul_arb(q, q, fac.get(), prec);
    acb_sub(out, p, q, prec);
    arb_t s;
    arb_init(s);
    arb_const_pi(s, prec);
    arb_mul_2exp_si(s, s, 1);
    arb_rsqrt(s, s, prec);
    acb_mul_arb(out, out, s, prec);
    arb_clear(s);
  } else {  // on [0, (mu - eps)/2]: e^{-x}/2 - c e^{x - mu}/2 (the pieces left of 0 are integrated in closed form)
    acb_neg(p, x);
    acb_exp(p, p, prec);
    acb_set_d(t, h->mu);
    acb_sub(q, x, t, prec);
    acb_exp(q, q, prec);
    ref::Ball fac;
    factor(fac.get(), *h, prec);
    acb_mul_arb(q, q, fac.get(), prec);
    acb_sub(out, p, q, prec);
    acb_mul_2exp_si(out, out, -1);
    acb_mul_arb(out, out, xc.get(), prec);
  }
  acb_clear(p), acb_clear(q), acb_clear(t), acb_clear(x);
  return 0;
}

// scale: the integral's expected magnitude (the closed form's), so that the tolerance is relative: 2^-80 of it.
ref::Ball integrate(const Hockey& h, double a, double b, const ref::Ball& scale) {
  acb_t r, lo, hi;
  acb_init(r), acb_init(lo), acb_init(hi);
  acb_set_d(lo, a);
  acb_set_d(hi, b);
  mag_t tol;
  mag_init(tol);
  arb_get_mag(tol, scale.get());
  mag_mul_2exp_si(tol, tol, -80);
  acb_calc_integrate(r, integrand, const_cast<Hockey*>(&h), lo, hi, 128, tol, nullptr, 128);
  ref::Ball out;
  arb_set(out.get(), acb_realref(r));
  mag_clear(tol);
  acb_clear(r), acb_clear(lo), acb_clear(hi);
  return out;
}

// The Gaussian hockey-stick integral over [x_c, x_c + 40] plus its tail (<= int_{x_c+40} phi(x - mu) <= e^{-700}).
ref::Ball gauss_route(double eps, double mu, double k, const ref::Ball& scale) {
  ref::Ball r = integrate({eps, mu, k, false}, 0, 40, scale);
  // the tail: int_{x_c+40}^inf phi(x - mu) dx <= e^{-z^2/2}, z = x_c + 40 - mu > 0
  ref::Ball z;
  crossing(z.get(), {eps, mu, k, false}, 128);
  arb_add_ui(z.get(), z.get(), 40, 128);
  arb_sub(z.get(), z.get(), ref::Ball(mu).get(), 128);
  arb_sqr(z.get(), z.get(), 128);
  arb_mul_2exp_si(z.get(), z.get(), -1);
  arb_neg(z.get(), z.get());
  arb_exp(z.get(), z.get(), 128);
  mag_t tail;
  mag_init(tail);
  arb_get_mag(tail, z.get());
  arb_add_error_mag(r.get(), tail);
  mag_clear(tail);
  return r;
}

// The Laplace hockey-stick integral: (1 - c e^{-mu})/2 over x <= 0 (closed form of a pure exponential), the
// quadrature over [0, (mu - eps)/2], nothing beyond (p <= c q there for c = e^eps).
ref::Ball laplace_route(double eps, double mu, double k, const ref::Ball& scale) {
  ref::Ball left(1), q(-mu), fac;
  arb_exp(q.get(), q.get(), 128);
  factor(fac.get(), {eps, mu, k, true}, 128);
  arb_mul(q.get(), q.get(), fac.get(), 128);
  arb_sub(left.get(), left.get(), q.get(), 128);
  arb_mul_2exp_si(left.get(), left.get(), -1);
  ref::Ball mid = integrate({eps, mu, k, true}, 0, 1, scale);
  arb_add(left.get(), left.get(), mid.get(), 128);
  return left;
}
}  // namespace

RC_GTEST_PROP(DpProfiles, GaussianClosedFormAgreesWithTheHockeyStickIntegral, ()) {
  const double mu = *privoco::testing::log_uniform(0.05, 5), eps = *rc::gen::inRange(0, 5000) / 1000.0;
  const ref::Ball closed = eval_fn(ref::dp::gauss_delta, {eps, mu});
  const ref::Ball quad = gauss_route(eps, mu, 1, closed);
  if (!arb_overlaps(closed.get(), quad.get()))
    RC_FAIL("mu = " + privoco::text17(mu) + ", eps = " + privoco::text17(eps) + ": closed " +
            ref::ball_text(closed.get(), 40) + ", quadrature " + ref::ball_text(quad.get(), 40));
  RC_ASSERT(arb_rel_accuracy_bits(quad.get()) > 40);
  // sibling: e^{eps/2} in place of e^eps (a wrong composition of the ratio) is rejected by the same comparison
  if (eps > 0.1) RC_ASSERT(!arb_overlaps(closed.get(), gauss_route(eps, mu, 0.5, closed).get()));
}

RC_GTEST_PROP(DpProfiles, LaplaceClosedFormAgreesWithTheHockeyStickIntegral, ()) {
  const double mu = *privoco::testing::log_uniform(0.05, 20), eps = mu * (*rc::gen::inRange(0, 999) / 1000.0);
  const ref::Ball closed = eval_fn(ref::dp::laplace_delta, {eps, mu});
  const ref::Ball quad = laplace_route(eps, mu, 1, closed);
  RC_ASSERT(arb_overlaps(closed.get(), quad.get()));
  // sibling: 1 - e^{eps - mu} (the exponent not halved) is rejected
  ref::Ball wrong(eps - mu);
  arb_expm1(wrong.get(), wrong.get(), 128);
  arb_neg(wrong.get(), wrong.get());
  if (mu - eps > 0.01) RC_ASSERT(!arb_overlaps(wrong.get(), quad.get()));
}

TEST(DpProfiles, KnownValues) {
  // delta(0) = 2 Phi(mu/2) - 1 = erf(mu/(2 sqrt2)) (total variation); Laplace: 1 - e^{-mu/2}; eps >= mu: 0
  for (double mu : {0.01, 1.0, 7.0}) {
    ref::Ball e(mu), s;
    arb_sqrt_ui(s.get(), 8, 128);
    arb_div(e.get(), e.get(), s.get(), 128);  // mu/(2 sqrt2), exactly as a ball
    arb_hypgeom_erf(e.get(), e.get(), 128);
    EXPECT_TRUE(arb_overlaps(eval_fn(ref::dp::gauss_delta, {0, mu}).get(), e.get())) << mu;
    EXPECT_NEAR(arf_get_d(arb_midref(eval_fn(ref::dp::laplace_delta, {0, mu}).get()), ARF_RND_NEAR),
                -std::expm1(-mu / 2), 1e-15);
    EXPECT_TRUE(arb_is_zero(eval_fn(ref::dp::laplace_delta, {mu, mu}).get())) << mu;
  }
}

TEST(DpProfiles, CertifiedWhereTheTwoTermsCancel) {
  // mu = 1e-4, eps = 1e4: the terms agree to ~mu^2/eps = 1e-12 relative; delta is far below the double range
  const auto& e = privoco::entry("DP.gauss.delta");
  const double x1[3] = {1, 1e4, 1e-4}, x2[3] = {1, 1.5e4, 1e-4};  // flat {d, eps, mu}
  const ref::Certified d1 = ref::evaluate(e, x1), d2 = ref::evaluate(e, x2);
  EXPECT_GE(d1.digits, 17);
  EXPECT_EQ(d1.sign(), 1);
  EXPECT_TRUE(arb_gt(d1.ball.get(), d2.ball.get()));  // decreasing in eps
  EXPECT_LT(d1.log_abs(), -1e15);                       // ~ -eps^2/(2 mu^2)
}

// Far out (eps/mu up to 1e308) the reference certifies delta, far below any double: it once returned "exactly 1"
// there (an infinite ball clipped to [0, 1]), then nothing (erfc's slope bound took |a| to 64 bits: 4 below a =
// 7e19, a factor e^{8a} too large); the fast part's ln delta agrees.
TEST(DpProfiles, CertifiedFarOutAndTheFastLogAgrees) {
  const auto& e = privoco::entry("DP.gauss.delta");
  for (const auto& [eps, mu] : std::vector<std::pair<double, double>>{{1e20, 1}, {1e100, 1}, {1.7e308, 1.8e154}}) {
    const double x[3] = {1, eps, mu};
    const ref::Certified c = ref::evaluate(e, x);
    EXPECT_GE(c.digits, 17) << eps;
    EXPECT_EQ(c.sign(), 1) << eps;
    const privoco::fast::Value v = privoco::fast::evaluate(e, x);
    EXPECT_EQ(v.status, privoco::fast::Status::underflow) << eps;
    EXPECT_NEAR(v.log_abs() / c.log_abs(), 1.0, 1e-15) << eps;
  }
}

// The fast part within 8 ulp of the certified value wherever that is a normal double (mu log-uniform in [1e-4, 1e4],
// eps in [0, 1e4] with log-uniform magnitudes), the status and ln(delta) right where it is not; the sibling: the
// naive difference of the two normal-CDF terms in double fails the same tolerance where they cancel.
RC_GTEST_PROP(DpProfilesFast, GaussianWithin8UlpOverTheBox, ()) {
  const double mu = *privoco::testing::log_uniform(1e-4, 1e4), eps = *privoco::testing::log_uniform(1e-6, 1e4);
  const auto& e = privoco::entry("DP.gauss.delta");
  const double x[3] = {1, eps, mu};
  const ref::Certified c = ref::evaluate(e, x);
  const privoco::fast::Value v = privoco::fast::evaluate(e, x);
  const double t = c.nearest();
  if (std::isnormal(t)) {
    RC_ASSERT(v.status == privoco::fast::Status::ok);
    RC_ASSERT(ref::ulp_error(c, v.value) <= 8.0);
  } else {
    RC_ASSERT(v.status == privoco::fast::Status::underflow);
    RC_ASSERT(std::fabs(v.log_abs() - c.log_abs()) <= 1e-12 * std::fabs(c.log_abs()));
  }
}

TEST(DpProfilesFast, NaiveDifferenceFailsWhereTheTermsCancel) {
  const auto& e = privoco::entry("DP.gauss.delta");
  double worst_naive = 0;
  for (double mu : {1e-2, 3e-3, 1e-3})
    for (double eps : {1e-2, 3e-2, 1e-1}) {  // delta normal; the two terms agree to ~mu^2/eps
      const double x[3] = {1, eps, mu};
      const ref::Certified c = ref::evaluate(e, x);
      if (!std::isnormal(c.nearest())) continue;
      const double s2 = std::sqrt(2.0), a = eps / (mu * s2) - mu / (2 * s2), b = a + mu / s2;
      const double naive = 0.5 * std::erfc(a) - 0.5 * std::exp(eps) * std::erfc(b);
      worst_naive = std::max(worst_naive, ref::ulp_error(c, naive));
      EXPECT_LE(ref::ulp_error(c, privoco::fast::evaluate(e, x).value), 8.0) << eps << " " << mu;
    }
  EXPECT_GT(worst_naive, 1e3);  // the sibling: the same tolerance rejects the naive difference
}

RC_GTEST_PROP(DpProfilesFast, LaplaceWithin2Ulp, ()) {
  const double mu = *privoco::testing::log_uniform(1e-4, 1e4), eps = *privoco::testing::log_uniform(1e-6, 1e4);
  const auto& e = privoco::entry("DP.laplace.delta");
  const double x[2] = {eps, mu};
  const ref::Certified c = ref::evaluate(e, x);
  const privoco::fast::Value v = privoco::fast::evaluate(e, x);
  if (c.exact) RC_ASSERT(v.value == 0 && v.status == privoco::fast::Status::ok);
  else RC_ASSERT(ref::ulp_error(c, v.value) <= 2.0);
}

// DP.gauss.eps and DP.gauss.mu: the certified root brackets the target (delta at the enclosure's ends lies on
// either side of it); the sibling: the classical calibration mu = eps / sqrt(2 ln(1.25/delta)) meets delta but is
// not the largest mu (the analytic calibration is certainly larger), and a mu above the certified one exceeds delta.
RC_GTEST_PROP(DpInverses, CertifiedRootsBracketTheTarget, ()) {
  const double mu = *privoco::testing::log_uniform(1e-3, 1e3), target = *privoco::testing::log_uniform(1e-200, 0.4);
  const auto& ee = privoco::entry("DP.gauss.eps");
  const double x[3] = {1, target, mu};
  const ref::Certified eps = ref::evaluate(ee, x);
  if (eps.exact) {  // eps = 0: the mechanism meets delta at eps = 0
    RC_ASSERT(arb_le(eval_fn(ref::dp::gauss_delta, {0, mu}).get(), ref::Ball(target).get()));
    return;
  }
  ref::Ball lo, hi, d;
  arb_get_lbound_arf(arb_midref(lo.get()), eps.ball.get(), 128);
  arb_get_ubound_arf(arb_midref(hi.get()), eps.ball.get(), 128);
  arb_ptr p = _arb_vec_init(2);
  arb_set(p + 1, ref::Ball(mu).get());
  arb_set(p, lo.get());
  ref::dp::gauss_delta(d.get(), p, 256);
  RC_ASSERT(arb_ge(d.get(), ref::Ball(target).get()));
  arb_set(p, hi.get());
  ref::dp::gauss_delta(d.get(), p, 256);
  RC_ASSERT(arb_le(d.get(), ref::Ball(target).get()));
  _arb_vec_clear(p, 2);
  // the fast inverse agrees to a tolerance set by the condition number (delta's 8 ulp through the root)
  const double f = privoco::fast::evaluate(ee, x).value, t = eps.nearest();
  RC_ASSERT(std::fabs(f - t) <= 1e-12 * t + 1e-300);
}

TEST(DpInverses, AnalyticCalibrationBeatsTheClassicalOne) {
  const auto& em = privoco::entry("DP.gauss.mu");
  for (double eps : {0.1, 0.5, 0.9})
    for (double delta : {1e-5, 1e-10}) {
      const double x[2] = {eps, delta};
      const ref::Certified mu = ref::evaluate(em, x);
      const double classical = eps / std::sqrt(2 * std::log(1.25 / delta));  // Dwork and Roth (2014) Thm A.1
      EXPECT_LE(arf_get_d(arb_midref(eval_fn(ref::dp::gauss_delta, {eps, classical}).get()), ARF_RND_UP), delta);
      EXPECT_TRUE(arb_gt(mu.ball.get(), ref::Ball(classical).get())) << eps << " " << delta;  // not the largest
      const double above = mu.nearest() * (1 + 1e-9);  // mutant: a slightly larger mu violates delta
      EXPECT_TRUE(arb_gt(eval_fn(ref::dp::gauss_delta, {eps, above}).get(), ref::Ball(delta).get()));
    }
}

// The inverses far out, where delta's two terms cancel by ~1000 bits and the decimal parameters' balls limit its
// accuracy: certified in bounded time. For tiny eps and mu, delta is homogeneous of degree 1 (delta(c e; c m) ~
// c delta(e; m)), so mu(1e-300, 1e-300) has the digits of mu(1e-20, 1e-20); at eps = 0, mu = sqrt(2 pi) delta to
// first order. mu's search runs in ln mu, so roots below the double range are found: mu(1e-300, 1e-1000000) =
// 4.66062938911529021775e-304 (bisection of Balle and Wang's delta in mpmath at 1500 digits; the search in mu itself
// refused it, its start being 1e-300); where delta itself cannot be resolved at 4096 bits on the way (eps = 0,
// delta = 1e-100000: the two terms cancel by 332,000 bits), refused by name, not searched for ever.
TEST(DpInverses, FarOutInBoundedTime) {
  auto eval = [](const char* id, const char* a, const char* b) {
    const privoco::Entry& e = privoco::entry(id);
    std::vector<privoco::Decimal> x;
    if (e.params[0].name == "d") x.push_back(privoco::parse_param(e.id, e.params[0], "1"));  // DP.gauss.eps: d = 1
    x.push_back(privoco::parse_param(e.id, e.params[e.params.size() - 2], a));
    x.push_back(privoco::parse_param(e.id, e.params.back(), b));
    return ref::evaluate(e, x);
  };
  const ref::Certified far = eval("DP.gauss.mu", "1e-300", "1e-300"), near = eval("DP.gauss.mu", "1e-20", "1e-20");
  EXPECT_EQ(far.value.substr(0, 16), near.value.substr(0, 16)) << far.value << " " << near.value;
  EXPECT_EQ(far.value.substr(far.value.size() - 5), "e-300");
  const ref::Certified other = eval("DP.gauss.mu", "1e-300", "2e-300");  // sibling: another delta, other digits
  EXPECT_NE(other.value.substr(0, 16), far.value.substr(0, 16));
  EXPECT_EQ(eval("DP.gauss.mu", "0", "1e-300").value.substr(0, 12), "2.5066282746");  // sqrt(2 pi) = 2.50662827463
  EXPECT_EQ(eval("DP.gauss.eps", "1e-1000000", "1e-300").value.substr(0, 8), "2.145636");
  const ref::Certified tiny = eval("DP.gauss.mu", "1e-300", "1e-1000000");
  EXPECT_EQ(tiny.value.substr(0, 17), "4.660629389115290") << tiny.value;
  EXPECT_EQ(tiny.value.substr(tiny.value.size() - 5), "e-304");
  // sibling: eps = 0 there would be mu = sqrt(2 pi) delta = 2.5e-1000000, beyond the resolvable range: refused
  EXPECT_THROW(eval("DP.gauss.mu", "0", "1e-100000"), privoco::OutOfReach);
}

// A root between two adjacent doubles of mu across which delta jumps from e^-8799 to 1 (eps = 1.4e41: the
// transition is narrower than mu's ulp, 65536): the full-precision Newton step from the end at delta = 1 was
// 2.5e897895834 (a slope near e^{-2 10^9}), and the root was never certified; the steps are now kept near the double
// bracket. The fast part's double is the bracket's lower end. The sibling: delta at the two doubles is e^-8799 and
// 1, far on either side of the target 1e-202: no double of mu gives the target's delta.
TEST(DpInverses, RootBetweenAdjacentDoubles) {
  const auto& em = privoco::entry("DP.gauss.mu");
  const double x[2] = {1.3829825980210701e+41, 1.011764738862992e-202};
  const ref::Certified c = ref::evaluate(em, x);
  EXPECT_EQ(c.value.substr(0, 17), "5.259244428662866") << c.value;
  EXPECT_LE(ref::ulp_error(c, privoco::fast::evaluate(em, x).value), 4.0);
  const auto& ed = privoco::entry("DP.gauss.delta");
  const double mu = privoco::fast::evaluate(em, x).value;
  const double at_lo[3] = {1, x[0], mu}, at_hi[3] = {1, x[0], std::nextafter(mu, INFINITY)};
  EXPECT_LT(ref::evaluate(ed, at_lo).log_abs(), -8000);
  EXPECT_EQ(ref::evaluate(ed, at_hi).value.substr(0, 6), "1.0000");
}

// Large eps, where Arb's e^eps is not finite at the first precisions (eps ~ 1e100 on): delta's second term as
// e^{-a^2} erfcx(b). mu's root at eps = 1e104, delta = 1e-10 lies 6 beyond sqrt(2 eps) = 1.4e52, between two doubles
// 2e36 apart (it was not certified: e^eps, and Newton's halving steps on ln delta from far below). The fast part's
// double is the lower of the two. The sibling: delta at those two doubles is e^-(3.7e70) and 1, neither the target.
TEST(DpInverses, RootsWithEpsPastArbsExponential) {
  const auto& em = privoco::entry("DP.gauss.mu");
  const double x[2] = {1e104, 1e-10};
  const ref::Certified c = ref::evaluate(em, x);
  const double mu = privoco::fast::evaluate(em, x).value;
  EXPECT_LE(ref::ulp_error(c, mu), 1.0);
  const auto& ed = privoco::entry("DP.gauss.delta");
  const double at_lo[3] = {1, x[0], mu}, at_hi[3] = {1, x[0], std::nextafter(mu, INFINITY)};
  EXPECT_LT(ref::evaluate(ed, at_lo).log_abs(), -1e60);
  EXPECT_EQ(ref::evaluate(ed, at_hi).value.substr(0, 6), "1.0000");
  // DP.gauss.mu at the largest eps, and eps's root past DBL_MAX (searched in ln eps): certified, the fast part's
  // ln within 1e-15; the sibling: delta at eps = DBL_MAX is still above the target (no double is the root)
  privoco::testing::expect_matches_reference("DP.gauss.mu", {DBL_MAX, 1e-10}, 2);
  privoco::testing::expect_matches_reference("DP.gauss.eps", {1, 6.285950565141012e-164, 2.4700570048006344e+253}, 2,
                                             1e-15);
  privoco::testing::expect_matches_reference("DP.gauss.eps", {1, 1e-10, DBL_MAX}, 2, 1e-15);
  const double at_max[3] = {1, DBL_MAX, 2.4700570048006344e+253};
  EXPECT_GT(ref::evaluate(ed, at_max).log_abs(), std::log(6.285950565141012e-164));
}

// Small mu with ln delta ~ -p^2 near -DBL_MAX (p = eps/(mu sqrt2)): the small-mu limit's cut at p = 1e154 answered
// ln delta = -inf where it is -1.4377e308 (p = 1.2e154; found by the seed-30 sweep). The sibling: from p^2 past DBL_MAX
// (p = 3.2e154) -inf is right, the certified ln|delta| is below -DBL_MAX.
TEST(DpProfiles, SmallMuWithLnDeltaNearMinusDblMax) {
  privoco::testing::expect_matches_reference("DP.gauss.delta", {2, 3.7731085625031975e-154, 8.0947715414629834e-320,
                                                                2.2250738585072014e-308}, 8, 1e-15);
  privoco::testing::expect_matches_reference("DP.gauss.delta", {1, 3.7e-154, 2.2250738585072014e-308}, 8, 1e-15);
  const double far[3] = {1, 1e-153, 2.2250738585072014e-308};
  EXPECT_EQ(privoco::fast::evaluate(privoco::entry("DP.gauss.delta"), far).log_abs(), -INFINITY);
  EXPECT_LT(ref::evaluate(privoco::entry("DP.gauss.delta"), far).log_abs(), -DBL_MAX);
}

// The composed mu past DBL_MAX (each mu_j a double): eps = 0 was returned where it is 1.6e616 (the composition
// taken for inf); now its ln from the composition's scaled form. The sibling: 0 is not within any bound of the
// certified value.
TEST(DpComposition, ComposedMuPastTheDoubleRange) {
  const std::vector<double> p = {3, 2.4676546023072419e-183, 1.4469949242545045e+302, 8.7878870506539223e-310,
                                 1.7976931348623155e+308};
  privoco::testing::expect_matches_reference("DP.gauss.eps", p, 2, 1e-15);
  const ref::Certified c = ref::evaluate(privoco::entry("DP.gauss.eps"), p.data());
  EXPECT_GT(c.log_abs(), 1418);
  EXPECT_EQ(c.sign(), 1);
}

// Heterogeneous composition: DP.gauss.delta with a list mu_1..mu_d equals the single mechanism at
// sqrt(sum mu_j^2) (enclosures overlap); the sibling: the linear sum of the mu_j (a wrong composition) does not.
// The fast part agrees within 8 ulp at lists.
TEST(DpComposition, ListsComposeAsTheRootSumOfSquares) {
  const auto& e = privoco::entry("DP.gauss.delta");
  const double x[5] = {3, 1.5, 0.3, 0.4, 1.2};  // d = 3, eps = 1.5, mu = (0.3, 0.4, 1.2): sqrt(sum) = 1.3
  const ref::Certified c = ref::evaluate(e, x);
  const ref::Ball single = eval_fn(ref::dp::gauss_delta, {1.5, 1.3});  // 1.3 is not a double: compare loosely
  EXPECT_NEAR(c.nearest(), arf_get_d(arb_midref(single.get()), ARF_RND_NEAR), 1e-15);
  ref::Ball exact13(13);
  arb_div_ui(exact13.get(), exact13.get(), 10, 256);
  arb_ptr p = _arb_vec_init(2);
  arb_set_d(p, 1.5);
  arb_set(p + 1, exact13.get());
  ref::Ball at13;
  ref::dp::gauss_delta(at13.get(), p, 256);
  _arb_vec_clear(p, 2);
  // the double 0.3, 0.4, 1.2 are not the decimals: the composition of the doubles differs from 1.3 by ~1e-16
  EXPECT_NEAR(c.nearest(), arf_get_d(arb_midref(at13.get()), ARF_RND_NEAR), 1e-15);
  const ref::Ball linear = eval_fn(ref::dp::gauss_delta, {1.5, 0.3 + 0.4 + 1.2});
  EXPECT_FALSE(arb_overlaps(c.ball.get(), linear.get()));
  EXPECT_LE(ref::ulp_error(c, privoco::fast::evaluate(e, x).value), 8.0);
  EXPECT_THROW(privoco::fast::evaluate(e, std::vector<double>{2.5, 1, 1, 1}.data()), privoco::DomainError);
}

// The fast kernels region by region (fast/dp/gauss_kernel.hpp): points drawn by (a, h) inside each region, so that
// every kernel is reached up to its boundaries (eps = mu (a sqrt2 + mu/2), mu = h sqrt2; the region is confirmed on
// the rounded inputs), each within 4 ulp of the certified value (ln delta to 1e-12 relative where it underflows).
namespace {
namespace kd = privoco::fast::dp::detail;

struct Drawn {
  double eps, mu;
};
Drawn from_a_h(double a, double h) {
  const double mu = h * std::sqrt(2.0);
  return {mu * (a * std::sqrt(2.0) + mu / 2), mu};
}
int region_of(double eps, double mu) {
  static kd::GaussPoints p;
  const double zero = 0;
  int r = -1;
  kd::reduce_kernel(&eps, &mu, &zero, 1, p, &r);
  return r;
}

// (a, h) generators, one per region.
rc::Gen<std::pair<double, double>> in_region(int r) {
  using privoco::testing::log_uniform;
  auto u = [](double lo, double hi) {
    return rc::gen::map(rc::gen::inRange<long>(0, 1L << 40),
                        [lo, hi](long k) { return lo + (hi - lo) * static_cast<double>(k) / static_cast<double>(1L << 40); });
  };
  using P = std::pair<double, double>;
  switch (r) {
    case kd::kNegFar:
      return rc::gen::map(rc::gen::pair(log_uniform(3, 1e3), u(2, 200)), [](P x) { return P{-x.first, x.first * x.second}; });
    case kd::kNegNear:  // b = a + h < 3.0625
      return rc::gen::map(rc::gen::pair(u(0.0625, 3), u(0, 1)),
                          [](P x) { return P{-x.first, 2 * x.first + x.second * (kd::kTableEnd - x.first)}; });
    case kd::kNegNearCf:
      return rc::gen::map(rc::gen::pair(u(0.0625, 3), log_uniform(1, 1e4)),
                          [](P x) { return P{-x.first, kd::kTableEnd + x.first + x.second}; });
    case kd::kSmallH:
      return rc::gen::map(rc::gen::pair(log_uniform(1e-12, kd::kSmallHMax), u(0, 1)),
                          [](P x) { return P{-x.first / 2 + x.second * (3 + x.first / 2), x.first}; });
    case kd::kTable:  // h > 1/8, b < 3.0625
      return rc::gen::map(rc::gen::pair(u(-0.0625, 2.9), u(0, 1)), [](P x) {
        return P{x.first, kd::kSmallHMax + x.second * (kd::kTableEnd - x.first - kd::kSmallHMax)};
      });
    case kd::kTableCf:
      return rc::gen::map(rc::gen::pair(u(-0.0625, 3), log_uniform(1e-3, 1e4)),
                          [](P x) { return P{x.first, kd::kTableEnd - x.first + x.second}; });
    case kd::kCf36: return rc::gen::pair(u(3, 3.5), log_uniform(1e-12, 1e4));
    case kd::kCf28: return rc::gen::pair(u(3.5, 5), log_uniform(1e-12, 1e4));
    case kd::kCf20: return rc::gen::pair(u(5, 8), log_uniform(1e-12, 1e4));
    default: return rc::gen::pair(log_uniform(8, 1e6), log_uniform(1e-12, 1e4));
  }
}

// ulp error of a fast value against the certified one (nan when the true value is not a normal double and the
// status and ln delta are right; +inf when they are wrong).
double fast_error(const ref::Certified& c, const privoco::fast::Value& v) {
  if (std::isnormal(c.nearest())) return v.status == privoco::fast::Status::ok ? ref::ulp_error(c, v.value) : INFINITY;
  const bool ok = v.status == privoco::fast::Status::underflow &&
                  std::fabs(v.log_abs() - c.log_abs()) <= 1e-12 * std::fabs(c.log_abs());
  return ok ? NAN : INFINITY;
}

ref::Certified certified_delta(double eps, double mu) {
  const double x[3] = {1, eps, mu};
  return ref::evaluate(privoco::entry("DP.gauss.delta"), x);
}
}  // namespace

TEST(DpProfilesFast, EveryKernelRegionWithin4Ulp) {
  for (int r = kd::kNegFar; r < kd::kRegions; ++r)  // 100 cases per region (RC_PARAMS sets the seed and count)
    EXPECT_TRUE(rc::check("region " + std::to_string(r), [r] {
      const auto [a, h] = *in_region(r);
      const Drawn d = from_a_h(a, h);
      RC_PRE(d.eps >= 0 && std::isfinite(d.eps) && region_of(d.eps, d.mu) == r);
      const double err = fast_error(certified_delta(d.eps, d.mu), privoco::fast::dp::gauss_delta(d.eps, d.mu));
      RC_ASSERT(!(err > 4.0));
    }));
}

// The sibling: each kernel run outside its region (on points of another) misses the same tolerance somewhere, so
// the region boundaries are where accuracy needs them: fewer continued-fraction levels below their a, the
// divided difference beyond its h, the table difference where it cancels, the short fractions of neg_far at |a| < 3.
TEST(DpProfilesFast, KernelsOutsideTheirRegionsFail) {
  struct Case {
    int kernel, drawn_from;
  };
  const Case cases[] = {{kd::kCf12, kd::kCf36}, {kd::kCf20, kd::kCf36}, {kd::kSmallH, kd::kTable},
                        {kd::kTable, kd::kSmallH}, {kd::kNegFar, kd::kNegNear}};
  for (const Case& cs : cases) {
    static kd::GaussPoints all, packed;
    double eps[64], mu[64], zero[64] = {}, v[64], m1[64], m2[64];
    int region[64], idx[64];
    std::mt19937_64 rng(17 + cs.kernel);
    int n = 0;
    for (int tries = 0; n < 64 && tries < 10000; ++tries) {
      const auto g = in_region(cs.drawn_from);
      const auto ah = g(rc::Random(rng()), 30).value();  // a fixed seed: reproducible
      const Drawn d = from_a_h(ah.first, ah.second);
      if (!(d.eps >= 0 && std::isfinite(d.eps)) || region_of(d.eps, d.mu) != cs.drawn_from) continue;
      eps[n] = d.eps, mu[n] = d.mu, ++n;
    }
    ASSERT_GE(n, 32);
    kd::reduce_kernel(eps, mu, zero, n, all, region);
    for (int i = 0; i < n; ++i) idx[i] = i;
    kd::pack_kernel(all, idx, n, packed);
    kd::region_kernel(cs.kernel, packed, n, v, m1, m2);
    double worst = 0;
    for (int i = 0; i < n; ++i) {
      const ref::Certified c = certified_delta(eps[i], mu[i]);
      if (v[i] > 0 && std::isnormal(c.nearest())) worst = std::max(worst, ref::ulp_error(c, v[i]));
    }
    EXPECT_GT(worst, 4.0) << "kernel " << cs.kernel << " on region " << cs.drawn_from;
  }
}

// Batch and scalar calls give the same bits (three blocks, the last partial, every region mixed); a bad row
// throws DomainError after the rows before it are written.
TEST(DpProfilesFast, BatchEqualsScalarBitForBit) {
  const int n = 2 * kd::GaussPoints::kMax + 300;
  std::vector<double> eps(n), mu(n);
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(0, 1);
  for (int i = 0; i < n; ++i) {
    mu[i] = std::exp(std::log(1e-6) + u(rng) * std::log(1e14));
    eps[i] = i % 50 == 0 ? 0 : std::exp(std::log(1e-8) + u(rng) * std::log(1e16));
  }
  std::vector<privoco::fast::Value> out(n);
  privoco::fast::dp::gauss_delta(eps.data(), mu.data(), out.data(), n);
  auto bits = [](double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
  };
  for (int i = 0; i < n; ++i) {
    const privoco::fast::Value s = privoco::fast::dp::gauss_delta(eps[i], mu[i]);
    ASSERT_EQ(bits(s.value), bits(out[i].value)) << i;
    ASSERT_EQ(s.status, out[i].status) << i;
    ASSERT_EQ(bits(s.log_abs()), bits(out[i].log_abs())) << i;
  }
  mu[n - 5] = -1;
  out.assign(n, privoco::fast::Value{});
  EXPECT_THROW(privoco::fast::dp::gauss_delta(eps.data(), mu.data(), out.data(), n), privoco::DomainError);
  // the rows before the bad one (same block) are written: sign 0 is the unwritten row's (delta > 0 there)
  EXPECT_EQ(out[n - 6].sign, 1);
  EXPECT_EQ(bits(out[n - 6].log_abs()), bits(privoco::fast::dp::gauss_delta(eps[n - 6], mu[n - 6]).log_abs()));
}

// The composed forms' batches (the flat layout's columns at one d): the scalar calls' bits over more than one block,
// the points the scalar call takes by its limit forms included (a composition past DBL_MAX, one below 2^-1000); a
// bad mu_j is reported by its name, and a batch whose d differs between points is refused naming d.
TEST(DpCompositionFast, FlatBatchesEqualScalarBitForBit) {
  const int n = 2 * kd::GaussPoints::kMax + 300, d = 3;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<std::vector<double>> cols(2 + d, std::vector<double>(n));
  for (int i = 0; i < n; ++i) {
    cols[0][i] = d;
    cols[1][i] = std::exp(std::log(1e-8) + u(rng) * std::log(1e16));
    for (int j = 0; j < d; ++j) cols[2 + j][i] = std::exp(std::log(1e-6) + u(rng) * std::log(1e14));
  }
  for (int j = 0; j < d; ++j) cols[2 + j][7] = 1.5e308, cols[2 + j][9] = 1e-305;  // past DBL_MAX; below 2^-1000
  std::vector<const double*> cp;
  for (const auto& c : cols) cp.push_back(c.data());
  auto bits = [](double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
  };
  for (const char* id : {"DP.gauss.delta", "DP.gauss.eps"}) {
    const auto& e = privoco::entry(id);
    const bool is_eps = std::string(id) == "DP.gauss.eps";
    if (is_eps)
      for (int i = 0; i < n; ++i) cols[1][i] = std::exp(std::log(1e-12) + u(rng) * std::log(1e11));  // delta
    const privoco::fast::BatchFn bf = privoco::fast::batch(e);
    ASSERT_NE(bf, nullptr) << id;
    std::vector<privoco::fast::Value> out(n);
    bf(cp.data(), out.data(), n);
    std::vector<double> x(2 + d);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < 2 + d; ++j) x[j] = cols[j][i];
      const privoco::fast::Value s = privoco::fast::evaluate(e, x.data());
      ASSERT_EQ(bits(s.value), bits(out[i].value)) << id << " " << i;
      ASSERT_EQ(s.status, out[i].status) << id << " " << i;
      ASSERT_EQ(bits(s.log_abs()), bits(out[i].log_abs())) << id << " " << i;
    }
    EXPECT_GT(out[7].log_abs(), is_eps ? 1418 : -1) << id;  // the limit forms ran (eps ~ mu^2/2 past DBL_MAX)
    cols[3][n - 5] = -1;
    try {
      bf(cp.data(), out.data(), n);
      ADD_FAILURE() << id << ": a negative mu_2 was not refused";
    } catch (const privoco::DomainError& err) {
      EXPECT_NE(std::string(err.what()).find("mu_2"), std::string::npos) << err.what();
    }
    cols[3][n - 5] = 1, cols[0][n - 3] = 2;
    try {
      bf(cp.data(), out.data(), n);
      ADD_FAILURE() << id << ": a batch with two dimensions was not refused";
    } catch (const privoco::ParamError& err) {
      EXPECT_NE(std::string(err.what()).find("'d'"), std::string::npos) << err.what();
    }
    cols[0][n - 3] = d;
  }
}

// The fast inverses: DP.gauss.mu within 4 ulp of the certified root (eps = 0 included, delta down to 1e-12); the
// bisection compares delta with the target as values, not as logarithms. The sibling: the same bisection on ln delta
// (|ln delta| ulp of ln are 16 ulp of delta at delta = 3.5e-10) misses 4 ulp at eps = 0.
RC_GTEST_PROP(DpInversesFast, MuWithin4Ulp, ()) {
  const double eps = *rc::gen::inRange(0, 5) == 0 ? 0.0 : *privoco::testing::log_uniform(1e-6, 1e2);
  const double delta = *privoco::testing::log_uniform(1e-12, 0.5);
  const auto& e = privoco::entry("DP.gauss.mu");
  const double x[2] = {eps, delta};
  const ref::Certified c = ref::evaluate(e, x);
  RC_ASSERT(ref::ulp_error(c, privoco::fast::evaluate(e, x).value) <= 4.0);
}

TEST(DpInversesFast, BisectionOnLogsLosesDigits) {
  const double eps = 0, delta = 3.4585270732698376e-10;
  const auto& ed = privoco::entry("DP.gauss.delta");
  auto ln_delta = [&](double mu) {
    const double x[3] = {1, eps, mu};
    return privoco::fast::evaluate(ed, x).log_abs();
  };
  double lo = 1e-12, hi = 1;  // ln delta increasing in mu
  for (int i = 0; i < 200 && std::nextafter(lo, hi) < hi; ++i) {
    const double m = 0.5 * (lo + hi);
    (ln_delta(m) < std::log(delta) ? lo : hi) = m;
  }
  const double x[2] = {eps, delta};
  const ref::Certified c = ref::evaluate(privoco::entry("DP.gauss.mu"), x);
  EXPECT_GT(ref::ulp_error(c, lo), 4.0);  // the sibling
  EXPECT_LE(ref::ulp_error(c, privoco::fast::evaluate(privoco::entry("DP.gauss.mu"), x).value), 4.0);
}

// DP.gauss.eps within 4 ulp (d = 1..3 composed, delta down to 1e-12). Where the target lies just below delta(0) the
// root comes from Newton on the gap delta(0) - target (double-double) against int_0^eps e^s Phi(-mu/2 - s/mu) ds;
// the sibling: a bisection on the fast delta there (its ulp divided by the 0.4% gap) misses 8 ulp.
RC_GTEST_PROP(DpInversesFast, EpsWithin4Ulp, ()) {
  const int d = *rc::gen::inRange(1, 4);
  std::vector<double> x{static_cast<double>(d), *privoco::testing::log_uniform(1e-12, 0.5)};
  for (int j = 0; j < d; ++j) x.push_back(*privoco::testing::log_uniform(1e-4, 1e2));
  const auto& e = privoco::entry("DP.gauss.eps");
  const ref::Certified c = ref::evaluate(e, x.data());
  RC_ASSERT(ref::ulp_error(c, privoco::fast::evaluate(e, x.data()).value) <= 4.0);
}

TEST(DpInversesFast, BisectionNearDeltaZeroLosesDigits) {
  const std::vector<double> x{2, 0.15399365109238899, 0.39018990789377589, 0.00014195139694447484};
  const auto& ed = privoco::entry("DP.gauss.delta");
  auto delta_at = [&](double eps) {
    const std::vector<double> p{2, eps, x[2], x[3]};
    return privoco::fast::evaluate(ed, p.data()).value;
  };
  double lo = 0, hi = 1;  // delta decreasing in eps
  for (int i = 0; i < 200 && std::nextafter(lo, hi) < hi; ++i) {
    const double m = 0.5 * (lo + hi);
    (delta_at(m) > x[1] ? lo : hi) = m;
  }
  const auto& e = privoco::entry("DP.gauss.eps");
  const ref::Certified c = ref::evaluate(e, x.data());
  EXPECT_GT(ref::ulp_error(c, hi), 8.0);  // the sibling
  EXPECT_LE(ref::ulp_error(c, privoco::fast::evaluate(e, x.data()).value), 4.0);
}

// The inverses at the top of the double range: no overflow on the way (2 eps, mu^2/2, the bisection's midpoints), and
// an eps beyond the doubles reported as overflow with ln eps = 2 ln mu - ln 2 (eps = mu^2/2 - mu Phi^{-1}(delta)).
TEST(DpInversesFast, TopOfTheDoubleRange) {
  const auto e1 = privoco::fast::dp::gauss_eps(1e-10, 1e154);
  EXPECT_EQ(e1.status, privoco::fast::Status::ok);
  EXPECT_NEAR(e1.value / 5e307, 1.0, 1e-14);
  const auto e2 = privoco::fast::dp::gauss_eps(1e-10, 1.9e154);
  EXPECT_EQ(e2.status, privoco::fast::Status::overflow);
  EXPECT_NEAR(e2.log_abs(), 2 * std::log(1.9e154) - std::log(2.0), 1e-12);
  const auto m = privoco::fast::dp::gauss_mu(1.7e308, 0.5);  // Phi(mu/2 - eps/mu) = 1/2: mu = sqrt(2 eps)
  EXPECT_EQ(m.status, privoco::fast::Status::ok);
  EXPECT_NEAR(m.value / (std::sqrt(2.0) * std::sqrt(1.7e308)), 1.0, 1e-14);
}

// eps/mu past the double range: delta > 0 with ln delta beyond -DBL_MAX, so the value underflows with ln -inf, and its
// sign stays +1 (it was 0, as if delta were exactly 0, at eps = 1.5e280, mu = 2.7e-186); the sibling: a moderate
// underflow keeps a finite ln
TEST(DpGaussFast, DeltaBeyondTheLogarithmsRangeKeepsItsSign) {
  const auto& e = privoco::entry("DP.gauss.delta");
  const double far[3] = {1, 1.4551031769796622e+280, 2.6681903417022814e-186};
  const auto v = privoco::fast::evaluate(e, far);
  EXPECT_EQ(v.status, privoco::fast::Status::underflow);
  EXPECT_EQ(v.sign, 1);
  EXPECT_EQ(v.log_abs(), -INFINITY);
  const double near[3] = {1, 1e3, 1};
  const auto w = privoco::fast::evaluate(e, near);
  EXPECT_EQ(w.status, privoco::fast::Status::underflow);
  EXPECT_EQ(w.sign, 1);
  EXPECT_TRUE(std::isfinite(w.log_abs()));
}

// Below mu = 2^-500 the inverses solve the profile's limit delta = mu (phi(s) - s Phi(-s)), s = eps/mu, and give
// ln eps (ln mu) from ln mu + ln s: a subnormal root carries too few bits for its own logarithm. At the whole-range
// point d = 1, delta = 1.87e-321, mu = 8.09e-320 the bisection's subnormal eps came back with status ok, 1.6e-5
// relative off (its log 1.6e-5 off, about 10^8 ulp of ln); now the underflow status with ln eps to an ulp of ln.
TEST(DpInversesFast, SubnormalRootsGiveTheirLogarithm) {
  using privoco::fast::Status;
  const auto& e = privoco::entry("DP.gauss.eps");
  const double x[3] = {1, 1.8675681412799119e-321, 8.0947715414629834e-320};
  const ref::Certified c = ref::evaluate(e, x);
  const auto v = privoco::fast::evaluate(e, x);
  EXPECT_EQ(v.status, Status::underflow);
  EXPECT_EQ(v.sign, 1);
  const double ulp_ln = std::nextafter(std::fabs(c.log_abs()), INFINITY) - std::fabs(c.log_abs());
  EXPECT_LE(std::fabs(v.log_abs() - c.log_abs()), 2 * ulp_ln);
  EXPECT_GT(std::fabs(std::log(1.2977128253666180e-319) - c.log_abs()), 1e6 * ulp_ln);  // the sibling: ln of a subnormal

  // DP.gauss.mu: at eps = 0, mu = sqrt(2 pi) delta to O(delta^2); at
  // eps = 1e-315, delta = 1e-320 ln mu = -726.60051309216991 (bisection of Balle and Wang's delta in mpmath at 1600
  // bits: erfc(a) - e^eps erfc(b) cancels 1050 bits there)
  const auto m0 = privoco::fast::dp::gauss_mu(0, 1e-320);
  EXPECT_EQ(m0.status, Status::underflow);
  EXPECT_NEAR(m0.log_abs(), std::log(1e-320) + 0.5 * std::log(2 * M_PI), 2e-13);
  const auto m1 = privoco::fast::dp::gauss_mu(1e-315, 1e-320);
  EXPECT_EQ(m1.status, Status::underflow);
  EXPECT_NEAR(m1.log_abs(), -726.60051309216991, 2e-13);
  // the certified reference (its search in ln mu) finds the same subnormal root: ln within 2 ulp of ln
  const double sub_root[2] = {1e-315, 1e-320};
  const ref::Certified cm = ref::evaluate(privoco::entry("DP.gauss.mu"), sub_root);
  const double ulp_lnm = std::nextafter(std::fabs(cm.log_abs()), INFINITY) - std::fabs(cm.log_abs());
  EXPECT_LE(std::fabs(m1.log_abs() - cm.log_abs()), 2 * ulp_lnm);
  EXPECT_GT(std::fabs(m1.log_abs() + 1e-12 - cm.log_abs()), 2 * ulp_lnm);  // sibling: 1e-12 off in ln fails it
  // a normal root below the old search's start (1e-300): mu(1e-320, 1e-305) = 2.5066282746310018e-305
  const double low_root[2] = {1e-320, 1e-305};
  EXPECT_LE(ref::ulp_error(ref::evaluate(privoco::entry("DP.gauss.mu"), low_root),
                           privoco::fast::evaluate(privoco::entry("DP.gauss.mu"), low_root).value), 4.0);
  // normal roots below 2^-500 take the same route and agree with the reference's bisection
  const double y[3] = {1, 3.98e-301, 1e-200};
  EXPECT_LE(ref::ulp_error(ref::evaluate(e, y), privoco::fast::evaluate(e, y).value), 4.0);
  const auto& em = privoco::entry("DP.gauss.mu");
  const double z[2] = {1e-290, 1e-292};
  EXPECT_LE(ref::ulp_error(ref::evaluate(em, z), privoco::fast::evaluate(em, z).value), 4.0);
}

// The inverses' batch forms give the scalar calls' bits in every kernel variant: three blocks (the last partial) of
// points from every route (mu below 2^-500, delta(0) <= delta, the near-zero form, Newton with the bracket, mu past
// 1.8e154 for eps; eps = 0 and tiny roots for mu); a bad row throws after the rows before it are written.
TEST(DpInversesFast, BatchEqualsScalarBitForBit) {
  const int n = 2 * kd::GaussPoints::kMax + 300;
  std::vector<double> delta(n), mu(n), eps(n);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(0, 1);
  for (int i = 0; i < n; ++i) {
    delta[i] = std::exp(std::log(1e-300) + u(rng) * std::log(1e300 * 0.9));
    mu[i] = std::exp(std::log(1e-6) + u(rng) * std::log(1e14));
    eps[i] = i % 37 == 0 ? 0 : std::exp(std::log(1e-8) + u(rng) * std::log(1e16));
    if (i % 41 == 0) mu[i] = 1e-320 * (1 + i % 7);                                   // the small-mu limit
    if (i % 43 == 0) mu[i] = 1e160;                                                   // eps beyond DBL_MAX
    if (i % 47 == 0) delta[i] = std::erf(mu[i] / (2 * std::sqrt(2.0))) * (1 - 1e-9);  // near delta(0)
    if (i % 53 == 0) eps[i] = 1e-315, delta[i] = 1e-320;                              // a subnormal mu
  }
  auto bits = [](double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
  };
  const std::string in_use = privoco::fast::kernel_variant();
  for (const std::string& variant : privoco::fast::kernel_variants()) {
    privoco::fast::use_kernel_variant(variant);
    std::vector<privoco::fast::Value> oe(n), om(n);
    privoco::fast::dp::gauss_eps(delta.data(), mu.data(), oe.data(), n);
    privoco::fast::dp::gauss_mu(eps.data(), delta.data(), om.data(), n);
    for (int i = 0; i < n; ++i) {
      const privoco::fast::Value se = privoco::fast::dp::gauss_eps(delta[i], mu[i]);
      ASSERT_EQ(bits(se.value), bits(oe[i].value)) << variant << " eps " << i;
      ASSERT_EQ(se.status, oe[i].status) << variant << " eps " << i;
      ASSERT_EQ(bits(se.log_abs()), bits(oe[i].log_abs())) << variant << " eps " << i;
      const privoco::fast::Value sm = privoco::fast::dp::gauss_mu(eps[i], delta[i]);
      ASSERT_EQ(bits(sm.value), bits(om[i].value)) << variant << " mu " << i;
      ASSERT_EQ(sm.status, om[i].status) << variant << " mu " << i;
      ASSERT_EQ(bits(sm.log_abs()), bits(om[i].log_abs())) << variant << " mu " << i;
    }
  }
  privoco::fast::use_kernel_variant(in_use);
  delta[n - 5] = 1.5;
  std::vector<privoco::fast::Value> out(n);
  EXPECT_THROW(privoco::fast::dp::gauss_eps(delta.data(), mu.data(), out.data(), n), privoco::DomainError);
  // the rows before the bad one (same block) are written: the scalar call's bits
  EXPECT_EQ(bits(out[n - 6].log_abs()), bits(privoco::fast::dp::gauss_eps(delta[n - 6], mu[n - 6]).log_abs()));
  out.assign(n, privoco::fast::Value{});
  EXPECT_THROW(privoco::fast::dp::gauss_mu(eps.data(), delta.data(), out.data(), n), privoco::DomainError);
  EXPECT_NE(out[n - 6].value, 0.0);
}

// mu below 2^-1000 (given, or a composition below DBL_MIN): delta from the limit mu (phi(s) - s Phi(-s)) with mu as
// r 2^k, so ln delta keeps its digits (whole-range points where the kernels' subnormal a and mu/sqrt2, or the rounded
// composition, put ln delta 2.8e-8 to 4e-5 relative off). The sibling: the composition as a double-double rounded to
// a subnormal is 1e-6 relative off at the second point.
TEST(DpGaussFast, SubnormalMuKeepsLnDelta) {
  for (const std::vector<double>& p : {std::vector<double>{1, 8.0947715414629834e-320, 8.0947715414629834e-320},
                                       std::vector<double>{2, 1.5434976320349457e-185, 8.0947715414629834e-320, 8.0947715414629834e-320},
                                       std::vector<double>{2, 2.2250738585072014e-308, 8.0947715414629834e-320, 4.9406564584124654e-324},
                                       std::vector<double>{1, 0, 1e-310}, std::vector<double>{1, 1e-320, 1e-310}}) {
    privoco::testing::expect_matches_reference("DP.gauss.delta", p, 4, 4e-16);
  }
  const double two = std::sqrt(2.0) * 8.0947715414629834e-320;  // the composition of two equal mu, in double
  EXPECT_GT(std::fabs(two * 0x1p1000 / (std::sqrt(2.0) * (8.0947715414629834e-320 * 0x1p1000)) - 1), 1e-6) << "the sibling";
}
