// VDH.bound.thm1: fast against the certified reference, u = 0, evenness in u, growth in V, range; with siblings.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <vector>

#include "fast/vdh/bounds.hpp"
#include "fast/vdh/conj.hpp"
#include "fast/vdh/fstar.hpp"
#include "privoco/reference/vdh/bounds.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/evaluate.hpp"
#include "support/decimals.hpp"
#include "support/gen.hpp"
#include "support/reference_match.hpp"

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

// The top of the bounds' direct forms (every step a normal double, the largest term taken directly): a point whose
// bound is a double just below DBL_MAX and one past it (the logarithms' route: overflow with ln|value|), both against
// the reference, and the batch path gives the scalar calls' bits there. The sibling: the two points do straddle the
// edge.
TEST(VdhBounds, DirectFormsAtTheTopOfTheRange) {
  // Theorem 1: the bound 1.7976931348623156e308, and two doubles of u up 1.797693134862316e308 (between them, the
  // bound 1.79769313486231574e308 rounds to DBL_MAX, status ok)
  const std::vector<std::vector<double>> thm1_points{{1.5155454408784289e+156, 1e300, 1, 1},
                                                     {1.5155454408784293e+156, 1e300, 1, 1}};
  // Theorem 12 (its second term wins): 1.7976931348623154e308, and the next u 1.7976931348623159e308
  const std::vector<std::vector<double>> thm12_points{{2.328471137198671e+304, 1, 1}, {2.3284711371986716e+304, 1, 1}};
  privoco::testing::expect_batch_matches("VDH.bound.thm1", thm1_points, 4, 1e-15);
  privoco::testing::expect_batch_matches("VDH.bound.thm12", thm12_points, 4, 1e-15);
  const auto status = [](const char* id, const std::vector<double>& p) {
    return privoco::fast::evaluate(privoco::entry(id), p.data()).status;
  };
  for (const auto& [id, pts] : {std::pair{"VDH.bound.thm1", thm1_points}, std::pair{"VDH.bound.thm12", thm12_points}}) {
    EXPECT_EQ(status(id, pts[0]), privoco::fast::Status::ok) << "the sibling: " << id;
    EXPECT_EQ(status(id, pts[1]), privoco::fast::Status::overflow) << "the sibling: " << id;
  }
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
  // the A9(b) and A9(c) functions: fast against their certified counterparts (both outside the ID table), down to
  // G = 1e-300 where A9(c)'s ratio 2 sqrt(2V)/(5G) overflows
  for (double GG : {G, 1.0, 1e-300})
    for (double uu : {0.0, 0.01, 1.0, -30.0}) {
      const double x[3] = {uu, V, GG};
      arb_ptr p = _arb_vec_init(3);
      for (int i = 0; i < 3; ++i) arb_set_d(p + i, x[i]);
      ref::Ball rb, rc;
      privoco::reference::vdh::bound_thm12_a9b(rb.get(), p, 128);
      privoco::reference::vdh::bound_thm12_a9c(rc.get(), p, 128);
      _arb_vec_clear(p, 3);
      for (const auto& [f, r] : {std::pair{fv::bound_thm12_a9b(uu, V, GG).value, rb.get()},
                                 std::pair{fv::bound_thm12_a9c(uu, V, GG).value, rc.get()}})
        EXPECT_LT(std::fabs(f - arf_get_d(arb_midref(r), ARF_RND_NEAR)), 8 * std::ldexp(1.0, std::ilogb(f) - 52))
            << uu << " G=" << GG;
    }
  EXPECT_NEAR(fv::bound_thm12_a9b(0, V, G).value, 1 + std::log1p(2 * s), 1e-15 * (1 + std::log1p(2 * s)));
  // A9(c) at u = 0: 1 + 2 ln(1 + 2 sqrt(2V)/(5G)); the sibling A9(b) value is not it
  const double c0 = 1 + 2 * std::log1p(2 * s / (5 * G));
  EXPECT_NEAR(fv::bound_thm12_a9c(0, V, G).value, c0, 4e-16 * c0);
  EXPECT_GT(std::fabs(fv::bound_thm12_a9b(0, V, G).value - c0), 1.0);
  EXPECT_THROW(fv::bound_thm12(1, -1, 1), privoco::DomainError);
  EXPECT_THROW(fv::bound_thm12(1, 1, 0), privoco::DomainError);
}

// VDH.conj.exp_linear: the derived closed form against its definition as a sup (every L gives a certified lower
// bound; the stationary point attains it), the Lemma 11 (002) printed instance, and ERRATA.md E3.
namespace {
ref::Ball ball_of(std::vector<double> x, void (*f)(arb_t, arb_srcptr, slong)) {
  arb_ptr p = _arb_vec_init(static_cast<slong>(x.size()));
  for (std::size_t i = 0; i < x.size(); ++i) arb_set_d(p + i, x[i]);
  ref::Ball r;
  f(r.get(), p, 128);
  _arb_vec_clear(p, static_cast<slong>(x.size()));
  return r;
}
ref::Certified cert(const ref::Ball& b) {
  ref::Certified c;
  c.ball = b;
  return c;
}
double mid(const ref::Ball& b) { return arf_get_d(arb_midref(b.get()), ARF_RND_NEAR); }
ref::Ball at_L(std::vector<double> x, double L) {
  arb_ptr p = _arb_vec_init(4);
  for (int i = 0; i < 4; ++i) arb_set_d(p + i, x[i]);
  ref::Ball l, r;
  arb_set_d(l.get(), L);
  privoco::reference::vdh::conj_exp_linear_at(r.get(), p, l.get(), 128);
  _arb_vec_clear(p, 4);
  return r;
}
}  // namespace

RC_GTEST_PROP(VdhConjExpLinear, ClosedFormIsTheSup, ()) {
  const double A = *log_uniform(1e-3, 1e3).as("A"), c = *log_uniform(1e-3, 1e3).as("c");
  const double K = *signed_log_uniform(1e-3, 1e3).as("K"), u = *log_uniform(1e-3, 1e3).as("u");
  const std::vector<double> x = {A, c, K, u};
  const ref::Ball f = ball_of(x, privoco::reference::vdh::conj_exp_linear);
  const double Ls = std::log(u / (A * c)) / c;  // the stationary point (in double: the sup is flat there)
  const ref::Ball at = at_L(x, Ls);
  // attained to second order at the rounded L*: 0 <= f - value(L*) <= (u c / 2) dL^2, far below 1e-9 relative
  RC_ASSERT(!arb_gt(at.get(), f.get()));
  RC_ASSERT(std::fabs(mid(f) - mid(at)) <= 1e-9 * (1 + std::fabs(mid(f)) + u * std::fabs(Ls)));
  const double L = *rc::gen::map(rc::gen::inRange(-1000, 1001), [&](int k) { return Ls + k * 0.01 / c; }).as("L");
  const ref::Ball lower = at_L(x, L);  // any L: uL - f(L) <= f*(u)
  RC_ASSERT(!arb_gt(lower.get(), f.get()));
  RC_ASSERT(ref::ulp_error(cert(f), fv::conj_exp_linear(A, c, K, u).value) <= 1.0);
}

TEST(VdhConjExpLinear, Lemma11InstanceAgreesAndE3Thm12InstanceDoesNot) {
  // Lemma 11 (002) case 2: A = nu/Z, c = eta - eta^2 (5/2) G, K = 1, printed (u/c)(ln(u/c) - 1 + ln(Z/nu)) + 1
  const double nuZ = 0.3, c = 0.07, u = 2.5;
  const double printed11 = (u / c) * (std::log(u / c) - 1 + std::log(1 / nuZ)) + 1;
  EXPECT_LE(ref::ulp_error(cert(ball_of({nuZ, c, 1, u}, privoco::reference::vdh::conj_exp_linear)),
                           printed11), 64.0);
  // E3: Thm 12 (002) after (3.8.4): A = ln 2, c = 1/(11G), K = ln 2 (reading A23(a)); printed with ln(|u| 11G ln 2)
  for (double G : {0.2, 1.0, 7.0}) {
    for (double uu : {0.1, 1.0, 30.0}) {
      const ref::Ball printed = ball_of({uu, G}, privoco::reference::vdh::thm12_conj_printed);
      arb_ptr p = _arb_vec_init(4);
      arb_const_log2(p + 0, 128);
      arb_set_ui(p + 1, 11);
      arb_mul_ui(p + 1, p + 1, 1, 128);
      arb_set_d(p + 2, G);
      arb_mul(p + 1, p + 1, p + 2, 128);
      arb_inv(p + 1, p + 1, 128);          // c = 1/(11G)
      arb_const_log2(p + 2, 128);          // K = ln 2
      arb_set_d(p + 3, uu);
      ref::Ball derived;
      privoco::reference::vdh::conj_exp_linear(derived.get(), p, 128);
      _arb_vec_clear(p, 4);
      EXPECT_TRUE(arb_lt(printed.get(), derived.get())) << "u=" << uu << " G=" << G;  // certified: printed is smaller
      // the gap is exactly |u| 11G ln(1/ln(2)^2)
      const double gap = mid(derived) - mid(printed);
      EXPECT_NEAR(gap, uu * 11 * G * std::log(1 / (std::log(2.0) * std::log(2.0))), 1e-12 * (1 + gap));
    }
  }
}

RC_GTEST_PROP(VdhBoundThm1Corrected, FastWithin8UlpOfReference, ()) {
  const double u = *signed_log_uniform(1e-6, 1e6).as("u"), V = *log_uniform(1e-8, 1e10).as("V");
  const double b = *log_uniform(1e-4, 1e4).as("b"), G = *log_uniform(1e-3, 1e3).as("G");
  const double x[4] = {u, V, b, G};
  const ref::Certified c = ref::evaluate(privoco::entry("VDH.bound.thm1_corrected"), x);
  RC_ASSERT(ref::ulp_error(c, fv::bound_thm1_corrected(u, V, b, G).value) <= 8.0);
}

// The corrected Theorem 1's batch path (erf and Lambert W in scalar loops, the rest vectorised) gives the scalar
// calls' bits and agrees with the reference: a point where |u| sqrt(2B) underflows to 0 while w = W(x) = 0 makes
// (w - 1)/sqrt(w) = -inf (the direct form once returned 1 there for 1.2e11: 0 * -inf is NaN, and a max that met the
// NaN first kept 1), t = C sqrt b below 1e-8, b + V past DBL_MAX, u = 0, an overflow, and ordinary points. The sibling:
// the product is NaN at that point.
TEST(VdhBounds, CorrectedThm1BatchAtItsEdges) {
  const std::vector<std::vector<double>> pts{{1.9339327470060335e-273, 0, 7.4506019697165797e-179, 1.3343385997295504e+281},
                                             {2.2250738585072014e-308, 1.0783450423320628e-62, 1.416480836702796e-222,
                                              1.7976931348623157e+308},
                                             {0.3, 2, 1e-20, 1e5},
                                             {-7, 1.5e308, 1e308, 0.5},
                                             {0, 1, 1, 1},
                                             {1e300, 1e300, 1e-300, 1e300},
                                             {2.5, 40, 1, 1},
                                             {-1e-3, 1e-8, 1e3, 1e-2}};
  privoco::testing::expect_batch_matches("VDH.bound.thm1_corrected", pts, 4, 1e-14);
  const double m0 = 1.9339327470060335e-273 * (std::sqrt(2.0) * std::sqrt(7.4506019697165797e-179));
  EXPECT_EQ(m0, 0.0);
  EXPECT_TRUE(std::isnan(m0 * -INFINITY)) << "the sibling: the product the direct form must not take";
}

// VDH.conj.Fstar (conjugate prior), certified by bracketing: Fenchel-Young F(x) + F*(u) >= ux at any x (the
// catalogue's VDH.conj.fenchel_young), tight at the maximiser; F*(0) = -F(0); the scaling F depends on CL, C^2(b+V),
// C^2 b only; consistent with the certified lower bound of ERRATA E4. Sibling: F* lowered by 1e-6 fails Young.
namespace {
ref::Certified fstar(double u, double V, double b, double G) {
  const double x[4] = {u, V, b, G};
  return ref::evaluate(privoco::entry("VDH.conj.Fstar"), x);
}
ref::Certified pot(double L, double V, double b, double G) {
  const double x[4] = {L, V, b, G};
  return ref::evaluate(privoco::entry("VDH.pot.conj"), x);
}
}  // namespace

RC_GTEST_PROP(VdhConjFstar, FenchelYoung, ()) {
  const double u = *signed_log_uniform(1e-3, 1e3).as("u"), V = *log_uniform(1e-3, 1e4).as("V");
  const double b = *log_uniform(1e-2, 1e2).as("b"), G = *log_uniform(1e-1, 1e1).as("G");
  const double x = *signed_log_uniform(1e-3, 1e3).as("x");
  const ref::Certified s = fstar(u, V, b, G), f = pot(x, V, b, G);
  ref::Ball r, ux;
  arb_add(r.get(), s.ball.get(), f.ball.get(), 128);
  arb_set_d(ux.get(), x);
  ref::Ball ub;
  arb_set_d(ub.get(), u);
  arb_mul(ux.get(), ux.get(), ub.get(), 128);
  arb_sub(r.get(), r.get(), ux.get(), 128);  // F(x) + F*(u) - ux
  RC_ASSERT(!arb_is_negative(r.get()));
}

TEST(VdhConjFstar, SpecialValuesScalingAndSibling) {
  // u = 0: -F(0; V)
  const ref::Certified z = fstar(0, 100, 1, 1), p0 = pot(0, 100, 1, 1);
  ref::Ball n;
  arb_neg(n.get(), p0.ball.get());
  EXPECT_TRUE(arb_overlaps(z.ball.get(), n.get()));
  // scaling: (u, V, b, G) = (1, 100, 1, 1) and (1/2, 400, 4, 2) have the same C^2 B, C^2 b and u/C (exact binary)
  EXPECT_TRUE(arb_overlaps(fstar(1, 100, 1, 1).ball.get(), fstar(0.5, 400, 4, 2).ball.get()));
  // even in u
  EXPECT_TRUE(arb_overlaps(fstar(-3, 7, 0.5, 2).ball.get(), fstar(3, 7, 0.5, 2).ball.get()));
  // E4's certified lower bound of the restricted sup lies below the whole sup
  EXPECT_GT(fstar(0.1, 1e4, 100, 10).nearest(), 28.70496939);
  // Young is tight at the maximiser; F* - 1e-6 violates it there (sibling)
  const double u = 2.5, V = 3, b = 0.7, G = 0.8;
  const ref::Certified s = fstar(u, V, b, G);
  double lo = 0, hi = 1e3;  // the maximiser: w(L*) = u
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi), x[4] = {mid, V, b, G};
    (ref::evaluate(privoco::entry("VDH.pred.conj"), x).nearest() < u ? lo : hi) = mid;
  }
  const ref::Certified f = pot(lo, V, b, G);
  const double gap = s.nearest() + f.nearest() - u * lo;
  EXPECT_GE(gap, -1e-12);
  EXPECT_LT(gap, 1e-9);
  EXPECT_LT(gap - 1e-6, 0);
}

// Maximisers beyond 2^4000 (V = 1e2500, 1e10000, b = G = 1, u = -1: L* ~ sqrt(V) times a logarithm): the bracket
// reaches them (with a fixed 4000 doublings the reference certified phi(2^4000) = 1.318e1204 at V = 1e2500). The
// certified F* is at least phi(L) = |u| L - F(L) at L = 1.5e1252 (a certified lower bound of the sup). The sibling:
// the old value is below phi(1.5e1252).
TEST(VdhConjFstar, MaximiserFarOut) {
  const char* id = "VDH.conj.Fstar";
  auto dec = [&](const char* u, const char* V) {
    return std::vector<privoco::Decimal>{privoco::parse_param(id, "u", u), privoco::parse_param(id, "V", V),
                                         privoco::parse_param(id, "b", "1"), privoco::parse_param(id, "G", "1")};
  };
  const ref::Certified f = ref::evaluate(privoco::entry(id), dec("-1", "1e2500"));
  EXPECT_EQ(f.value.substr(0, 8), "1.516526") << f.value;
  EXPECT_NE(f.value.find("e1252"), std::string::npos) << f.value;
  const char* pid = "VDH.pot.conj";
  const ref::Certified F = ref::evaluate(privoco::entry(pid), {privoco::parse_param(pid, "L", "1.5e1252"),
                                                             privoco::parse_param(pid, "V", "1e2500"),
                                                             privoco::parse_param(pid, "b", "1"),
                                                             privoco::parse_param(pid, "G", "1")});
  ref::Ball phi, L;
  arb_set_str(L.get(), "1.5e1252", 256);
  arb_sub(phi.get(), L.get(), F.ball.get(), 256);  // |u| L - F(L)
  EXPECT_TRUE(arb_ge(f.ball.get(), phi.get()) || arb_overlaps(f.ball.get(), phi.get()));
  ref::Ball old;
  arb_one(old.get());
  arb_mul_2exp_si(old.get(), old.get(), 4000);  // ~ phi(2^4000) = 1.318e1204
  EXPECT_TRUE(arb_lt(old.get(), phi.get()));
  const ref::Certified g = ref::evaluate(privoco::entry(id), dec("-1", "1e10000"));
  EXPECT_NE(g.value.find("e5002"), std::string::npos) << g.value;
  // C = 1/(5G) tiny (u = -1e1000, V = b = G = 1e1000, and the same at 1e1000000): w's enclosure at the doubling's
  // far ends is finite but wider than its value (taken as "too far" now, not as undecided), and mu = C^2 (b + V)
  // below 2^-prec (the prediction from mu = 0 plus a bound); answered at 91 bits (was 5824 bits; a refusal after 4 s)
  auto all = [&](const char* x) {
    return std::vector<privoco::Decimal>{privoco::parse_param(id, "u", std::string("-") + x), privoco::parse_param(id, "V", x),
                                         privoco::parse_param(id, "b", x), privoco::parse_param(id, "G", x)};
  };
  const ref::Certified h = ref::evaluate(privoco::entry(id), all("1e1000"));
  EXPECT_EQ(h.value.substr(0, 15), "2.3074550177114") << h.value;
  EXPECT_LE(h.prec_bits, 200) << h.value;
  const ref::Certified k = ref::evaluate(privoco::entry(id), all("1e1000000"));
  EXPECT_NE(k.value.find("e2000007"), std::string::npos) << k.value;
}

// Maximisers far below 1 (u = -1e-1000000, V = 1e-1000000, b = 1e300, G = 1e-300: L* = 2 (b + V) |u| = 2e-999700):
// the bracket searches down from 1 by exponent doubling as it searches up (bisection from [0, 1] ran its 4 (prec + 16)
// steps and stopped at Lb = 2^-428 at 91 bits: a refusal after 2.4 s at 5824 bits), and F(L) = -V/(2b) + ... comes
// from the Gaussian limit without the quotient's cancellation. F* = -F(0) + (b + V) u^2 + ... = V/(2b) (1 + 1e-999700).
// Sibling: the tangent bound of the old bracket, -F(0) + |u| 2^-428, is not within 17 digits of it.
TEST(VdhConjFstar, MaximiserFarIn) {
  const char* id = "VDH.conj.Fstar";
  using privoco::testing::decimals;
  const ref::Certified f = ref::evaluate(privoco::entry(id), decimals(id, {"-1e-1000000", "1e-1000000", "1e300", "1e-300"}));
  EXPECT_EQ(f.value, "5.0000000000000000e-1000301");
  EXPECT_LE(f.prec_bits, 200);
  ref::Ball bound, v, tol;
  arb_set_str(bound.get(), "1e-1000000", 128);
  arb_mul_2exp_si(bound.get(), bound.get(), -428);  // |u| (Lb - La)
  arb_div(v.get(), bound.get(), f.ball.get(), 128);
  arb_set_str(tol.get(), "1e-17", 128);
  EXPECT_TRUE(arb_gt(v.get(), tol.get()));
  // u tiny, b tiny against V (F(L) ~ sqrt(pi/mu) e^{...} - 1 ~ -1): F* = 1 - 4.4e-300 + ...
  const ref::Certified g = ref::evaluate(privoco::entry(id), decimals(id, {"1e-300", "1", "1e-1000000", "1e-300"}));
  EXPECT_EQ(g.value, "1.0000000000000000");
  EXPECT_LE(g.prec_bits, 200);
}

// VDH Thm 2 = Thm 1 per coordinate, summed: the certified sum against fast (ulp of the sum, not of the terms), and
// the sibling that drops the d (one 1 per coordinate) fails.
RC_GTEST_PROP(VdhBoundThm2, FastSumAgreesWithCertifiedSum, ()) {
  const int d = *rc::gen::inRange(1, 6).as("d");
  const double G = *log_uniform(1e-3, 1e3).as("G");
  std::vector<double> u(d), V(d), b(d);
  arb_ptr ub = _arb_vec_init(d), Vb = _arb_vec_init(d), bb = _arb_vec_init(d);
  double sum_terms = 0;
  for (int j = 0; j < d; ++j) {
    u[j] = *signed_log_uniform(1e-4, 1e4).as("u_j");
    V[j] = *log_uniform(1e-6, 1e8).as("V_j");
    b[j] = *log_uniform(1e-3, 1e3).as("b_j");
    arb_set_d(ub + j, u[j]);
    arb_set_d(Vb + j, V[j]);
    arb_set_d(bb + j, b[j]);
    sum_terms += fv::bound_thm1(u[j], V[j], b[j], G).value;
  }
  ref::Ball Gb, r;
  arb_set_d(Gb, G);
  ref::vdh::bound_thm2(r, ub, Vb, bb, d, Gb, 256);
  const privoco::fast::Value f = fv::bound_thm2(u.data(), V.data(), b.data(), d, G);
  RC_ASSERT(f.status == privoco::fast::Status::ok);
  const double mid = arf_get_d(arb_midref(r.get()), ARF_RND_NEAR);
  RC_ASSERT(std::fabs(f.value - mid) <= 8 * d * std::ldexp(1.0, std::ilogb(mid) - 52));
  RC_ASSERT(f.value == sum_terms);
  // sibling: without the d leading ones the certified sum is missed by at least 1
  RC_ASSERT(std::fabs((f.value - d) - mid) >= 0.999 * d);
  _arb_vec_clear(ub, d);
  _arb_vec_clear(Vb, d);
  _arb_vec_clear(bb, d);
}

// The catalogue's flat layout {d, u_1..u_d, V_1..V_d, b_1..b_d, G} (what eval, report and compare use): fast and
// reference through the table agree with the vector functions; the sibling reads the layout with V and b swapped
// and misses the certified value.
RC_GTEST_PROP(VdhBoundThm2, FlatLayoutThroughTheTable, ()) {
  const auto& e = privoco::entry("VDH.bound.thm2");
  const int d = *rc::gen::inRange(1, 6).as("d");
  std::vector<double> p{static_cast<double>(d)}, u(d), V(d), b(d), swapped{static_cast<double>(d)};
  for (int j = 0; j < d; ++j) u[j] = *signed_log_uniform(1e-3, 1e3).as("u_j");
  for (int j = 0; j < d; ++j) V[j] = *log_uniform(1e-6, 1e6).as("V_j");
  for (int j = 0; j < d; ++j) b[j] = *log_uniform(1e-3, 1e3).as("b_j");
  const double G = *log_uniform(1e-3, 1e3).as("G");
  for (auto* v : {&u, &V, &b}) p.insert(p.end(), v->begin(), v->end());
  p.push_back(G);
  for (auto* v : {&u, &b, &V}) swapped.insert(swapped.end(), v->begin(), v->end());
  swapped.push_back(G);
  RC_ASSERT(e.flat_size(d) == p.size());
  RC_ASSERT(e.param_of_flat(1 + 2 * d, d) == e.index_of("b"));
  const privoco::fast::Value f = privoco::fast::evaluate(e, p.data());
  RC_ASSERT(f.value == fv::bound_thm2(u.data(), V.data(), b.data(), d, G).value);
  const auto c = ref::evaluate(e, p.data());
  RC_ASSERT(ref::ulp_error(c, f.value) <= 8.0 * d);
  RC_ASSERT(ref::ulp_error(c, privoco::fast::evaluate(e, swapped.data()).value) > 8.0 * d || V == b);
}

TEST(VdhBoundThm2, FlatLayoutChecksDimensionAndNamesTheCoordinate) {
  const auto& e = privoco::entry("VDH.bound.thm2");
  const double bad_d[] = {2.5, 1, 1, 1, 1, 1, 1, 1};
  EXPECT_THROW(privoco::fast::evaluate(e, bad_d), privoco::DomainError);
  const double bad_b[] = {2, 1, 1, 0, 0, 1, -1, 1};  // b_2 = -1
  try {
    privoco::fast::evaluate(e, bad_b);
    ADD_FAILURE() << "no error";
  } catch (const privoco::DomainError& err) {
    EXPECT_EQ(err.param, "b_2");
    EXPECT_EQ(err.id, "VDH.bound.thm2");
  }
}

TEST(VdhBoundThm2, OverflowGivesTheLogOfTheSum) {
  const double u[2] = {1e300, 1e300}, V[2] = {1e300, 1e300}, b[2] = {1, 1};
  const privoco::fast::Value one = fv::bound_thm1(u[0], V[0], b[0], 1);
  const privoco::fast::Value f = fv::bound_thm2(u, V, b, 2, 1);
  ASSERT_EQ(one.status, privoco::fast::Status::overflow);
  EXPECT_EQ(f.status, privoco::fast::Status::overflow);
  EXPECT_NEAR(f.log_abs(), one.log_abs() + std::log(2.0), 1e-12 * one.log_abs());
  const double bad[2] = {1, -1};
  EXPECT_THROW(fv::bound_thm2(u, V, bad, 2, 1), privoco::DomainError);
  EXPECT_THROW(fv::bound_thm2(u, V, b, 0, 1), privoco::ParamError);
}

// fast VDH.conj.Fstar (bisection on the fast w, then |u| L* - F(L*)) against the certified bracketing: within 16
// ulp over the sampling box (compare --n 3000: max 4.8); the sibling that drops the -F(L*) term (u L* alone) fails.
RC_GTEST_PROP(VdhConjFstarFast, WithinSixteenUlpOfReference, ()) {
  const double u = *signed_log_uniform(1e-3, 1e3).as("u"), V = *log_uniform(1e-6, 1e6).as("V");
  const double b = *log_uniform(1e-3, 1e3).as("b"), G = *log_uniform(1e-3, 1e3).as("G");
  const privoco::fast::Value f = privoco::fast::vdh::fstar_conj(u, V, b, G);
  RC_ASSERT(f.status == privoco::fast::Status::ok);
  const double x[4] = {u, V, b, G};
  const ref::Certified c = ref::evaluate(privoco::entry("VDH.conj.Fstar"), x);
  RC_ASSERT(ref::ulp_error(c, f.value) <= 16.0);
  RC_ASSERT(privoco::fast::vdh::fstar_conj(-u, V, b, G).value == f.value);  // even in u
}

TEST(VdhConjFstarFast, ZeroAndSibling) {
  namespace fv = privoco::fast::vdh;
  EXPECT_EQ(fv::fstar_conj(0, 1, 1, 1).value, -fv::pot_conj(0, 1, 1, 1).value);  // F*(0) = -F(0; V)
  const double x[4] = {1, 1, 1, 1};
  const ref::Certified c = ref::evaluate(privoco::entry("VDH.conj.Fstar"), x);
  EXPECT_LE(ref::ulp_error(c, fv::fstar_conj(1, 1, 1, 1).value), 16.0);
  // the sibling: u L* without -F(L*) (L* from the same bisection would give F* + F(L*)); F(L*) is not small here
  EXPECT_GT(ref::ulp_error(c, fv::fstar_conj(1, 1, 1, 1).value + fv::pot_conj(10, 1, 1, 1).value), 1e6);
  EXPECT_THROW(fv::fstar_conj(std::nan(""), 1, 1, 1), privoco::DomainError);
  EXPECT_THROW(fv::fstar_conj(1, -1, 1, 1), privoco::DomainError);
}

// Inputs near DBL_MAX that gave inf (the quotient's product u/c * c rounding past DBL_MAX, 11 G) or NaN (0 * sqrt(b + V)
// with b + V past DBL_MAX, a sum of logarithms with inf), against the reference: within 8 ulp, or the overflow status with ln|value|
TEST(VdhBoundsWholeRange, NearDblMaxAgainstReference) {
  const double M = 1.7976931348623157e308;
  const struct {
    const char* id;
    std::vector<double> p;
  } cases[] = {{"VDH.conj.exp_linear", {1.37e233, 1e235, 3.06e-308, M}},
               {"VDH.conj.exp_linear", {1.15e32, 2.73e128, -4.94e-324, M}},
               {"VDH.conj.exp_linear", {4.94e-324, 4.06e-25, M, 1.84e266}},
               // u/c = 5.3e308 past DBL_MAX, the value 4.2e307 not (it was inf with status overflow)
               {"VDH.conj.exp_linear", {1.7976931348623155e+308, 1.8351707753546712e-12, 1.934069329204002e-261,
                                        9.7075868571285759e+296}},
               {"VDH.bound.thm1_corrected", {0, M, M, 3.96e234}},
               // 11G past DBL_MAX: Thm 1's first term was inf (ln inf; 7.1e620), or inf with status ok (1.26e242),
               // and Thm 2's log-sum then NaN
               // F* with G past 2^900: L* beyond DBL_MAX (a DomainError at L = inf), and F(L*) past it (ln inf)
               {"VDH.conj.Fstar", {2.3917984651225108e+35, 7.9319455182146696e-41, 1.1876286599345451e+213,
                                   1.1235582092889474e+307}},
               {"VDH.bound.thm1", {1.7976931348623155e+308, 7.3673565061753715e+241, 1.8907690587331418e+113, M}},
               // b + V past DBL_MAX with u tiny: ln B was inf and the bound an overflow where it is 1
               {"VDH.bound.thm1", {-4.5214310836754891e-290, M, 1.7976931348623155e+308, 4.8264967728570234e-178}},
               {"VDH.bound.thm1", {3.9600133541595901e-71, 1.6449845356091212e-58, 2.2250738585072014e-308, M}},
               {"VDH.bound.thm2", {3, 3.9600133541595901e-71, 1.7976931348623155e+308, 0, 1.6449845356091212e-58,
                                   7.3673565061753715e+241, 2.2250738585072014e-308, 2.2250738585072014e-308,
                                   1.8907690587331418e+113, 6.0304145879138164e-59, M}}};
  for (const auto& c : cases) privoco::testing::expect_matches_reference(c.id, c.p, 8, 1e-15);
}

// Whole-range points where the bounds' double forms failed: Thm 1's direct form with 16 u^2 underflowed to 0 (the
// bound 1 where it is 1 + 6.2e-14; Thm 2 sums it), Thm 12's ln(1 + 8 u^2 V) from logarithms that cancel (47 and 69
// ulp), and a Thm 2 sum of 1.7485e308 called an overflow (threshold e^709.7). Each now within 4 ulp; the siblings
// show what failed.
TEST(BoundsFast, WholeRangePointsOfTheDoubleForms) {
  using privoco::testing::expect_matches_reference;
  expect_matches_reference("VDH.bound.thm1", {7.8150412463956086e-169, 1.9028973507626831e+306, 6.620783351524226e-111,
                                              4.1636387636171682e-198}, 4);
  EXPECT_EQ(16 * 7.8150412463956086e-169 * 7.8150412463956086e-169, 0.0) << "the sibling: 16 u^2 in double";
  for (const std::vector<double>& p : {std::vector<double>{3.6698046312750497e-138, 7.1070226038107201e+274, 2.0518089893343056e-78},
                                       std::vector<double>{5.0973020915152397e-138, 4.8463682853145881e+273, 6.2748042954710405e+80}}) {
    expect_matches_reference("VDH.bound.thm12", p, 4);
    const double via_logs = std::log1p(std::exp(std::log(8.0) + 2 * std::log(p[0]) + std::log(p[1])));
    const double direct = std::log1p(8 * p[0] * p[0] * p[1]);  // in range at these points: 8 u^2 V ~ 7.6 and 1.0
    EXPECT_GT(std::fabs(via_logs - direct), 8 * 0x1p-52 * direct) << "the sibling: the logarithms' form";
  }
  expect_matches_reference("VDH.bound.thm2", {2, 2.7603139237071628e+217, -1.2060646133592103e+138, 1.758019620700276e-195,
                                              5.4303164677511636e+168, 2.132961806864935e-287, 7.9234235362218198e-222,
                                              4.677182632244443e+86}, 4);
  EXPECT_GT(std::log(1.7485466676147425e308), 709.7) << "the sibling: the old threshold";
  // Thm 12's winning term past DBL_MAX (e^709.96, k = 11 G |u| = 3e305) is the overflow status, not the next term;
  // just past DBL_MAX (1.7976931348623182e308) it is too (exp(ln) gave a double 226 ulp below); the corrected Thm 1 at
  // 1.7069e308 is a value (the threshold e^709.7 called it an overflow)
  expect_matches_reference("VDH.bound.thm12", {3.6503502783111568e+248, 1.7678398947681566e-231, 7.5939758669013096e+55}, 4);
  expect_matches_reference("VDH.bound.thm12", {1.7976931348623155e+308, 1.2486836895243693e-31, 1.5487707175519459e-252}, 4, 1e-15);
  expect_matches_reference("VDH.bound.thm1_corrected", {-6.1951467228553348e+285, 6.2821339745251113e-170,
                                                        5.7620726309668297e-310, 1.8665690883551892e+18}, 4);
  EXPECT_LT(std::exp(std::log(1.7976931348623155e+308) + 1.4e-15), INFINITY) << "the sibling: exp(ln) stays finite";
}

// More whole-range points (seed 9): Thm 1's 8 B l below the normal range (B subnormal) rounded to 2e-9 of t2, and
// Thm 12's products below ln 2/2 replaced by the exponential of their logarithm (25 and 125 ulp). The siblings: 8 B l
// is subnormal there, and exp(ln x) is off by more than 16 ulp of x = 1.3565e-107.
TEST(BoundsFast, WholeRangePointsBelowTheNormalRange) {
  using privoco::testing::expect_matches_reference;
  expect_matches_reference("VDH.bound.thm1", {4.6849914372706212e+299, 8.0947715414629834e-320, 1.0375378562666177e-322,
                                              1.5832871335766739e-180}, 4);
  EXPECT_LT(8 * (8.0947715414629834e-320 + 1.0375378562666177e-322) * 1000, DBL_MIN) << "the sibling: 8 B l subnormal";
  expect_matches_reference("VDH.bound.thm12", {3.3244840168934857e-162, 2.0812477289360026e+108, 1.926380151744754e+160}, 4);
  expect_matches_reference("VDH.bound.thm12", {2.2250738585072014e-308, 5.6076450802981483e-321, 1.1235582092889474e+307}, 4);
  const double x = 1.3565353992485504e-107;
  EXPECT_GT(std::fabs(std::exp(std::log(x) * (1 + 0x1p-52)) - x), 16 * 0x1p-52 * x) << "the sibling: an ulp of ln x";
}

// Theorem 1's bracket ln(11 G |u|) - 1 + ln(sqrt5 G sqrt(pi)/(4 sqrt b)) with ln G beside (ln b)/2 (G = 1.6e149,
// b = 1.1e298): as one product's logarithm it is within 8 ulp of the certified bound; the sibling, the sum of
// separate logarithms, moves the bracket (7.3) by more than 16 ulp.
TEST(BoundsFast, Thm1BracketWhereLnGAndLnBCancel) {
  const double u = -2.0782193185736003e-146, V = 1974479.9008097451, b = 1.1390080192580142e+298,
               G = 1.6449858668190669e+149;
  privoco::testing::expect_matches_reference("VDH.bound.thm1", {u, V, b, G});
  const double logs = (std::log(11 * G) + std::log(-u)) - 1 +
                      (0.5 * std::log(5 * M_PI) - 2 * std::log(2.0) + std::log(G) - 0.5 * std::log(b));
  const double one = std::log(11 * G * -u * (G / std::sqrt(b)) * std::sqrt(5 * M_PI) / 4) - 1;
  EXPECT_GT(std::fabs(logs - one) / (std::nextafter(one, INFINITY) - one), 16) << "the sibling: separate logarithms";
}

// F* at G = DBL_MAX with b so small that b 2^-2k (the shift that takes G to 2^900) underflows to 0: b only enters
// through mu_b = C^2 b, negligible there, so the shift takes the smallest double for it; without the shift C = 1/(5G)
// is subnormal and F* 1e-9 off. The siblings: b 2^-2k is 0, and that C is subnormal.
TEST(VdhConjFstarFast, GAtTheTopWithBBelowTheShiftedRange) {
  privoco::testing::expect_matches_reference(
      "VDH.conj.Fstar", {8.0947715414629834e-320, 4.9390978698416947e-111, 2.6590931130069932e-292, DBL_MAX});
  privoco::testing::expect_matches_reference(
      "VDH.conj.Fstar", {-1.644052843101332e-318, 3.7219541902331501e+144, 4.8584146001667862e-294, DBL_MAX});
  EXPECT_EQ(std::ldexp(2.6590931130069932e-292, -248), 0.0) << "the sibling: b 2^-2k underflows";
  EXPECT_LT(1 / (5 * (DBL_MAX / 8)) * 0x1p-3, 0x1p-1022) << "the sibling: C is subnormal at G = DBL_MAX";
}
