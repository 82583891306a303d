// The paper-neutral modules every paper uses, each against an independent route (Arb at high precision), with a
// sibling showing that a wrong variant fails: double-double arithmetic, the erfcx table, the Gauss-Legendre rule,
// the vectorised Gaussian pairs (fast/numerics); the monotone erf/erfc enclosures and ball text (reference/numerics, ball.hpp); numbers as text
// and name=value assignments (core); the one verdict type of the machine checks (proofs-checks).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <arb_hypgeom.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <vector>

#include "privoco/assignments.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/fast/numerics/gaussian_draws.hpp"
#include "privoco/fast/numerics/value_ops.hpp"
#include "privoco/format.hpp"
#include "privoco/proofs/check.hpp"
#include "privoco/reference/ball.hpp"
#include "fast/numerics/erfcx_table.hpp"
#include "fast/numerics/lambertw.hpp"
#include "fast/numerics/quadrature.hpp"
#include "fast/numerics/scaled.hpp"
#include "fast/numerics/vec_math.hpp"
#include "reference/numerics/balls.hpp"
#include "reference/numerics/monotone.hpp"
#include "reference/numerics/scratch.hpp"
#include "support/gen.hpp"

using privoco::reference::Ball;
namespace fn = privoco::fast::numerics;
namespace rn = privoco::reference::numerics;

namespace {
// An upper bound of |x - (hi + lo)| / |x|, x a ball (exact when x is an exact sum of doubles).
double rel_diff(const Ball& x, double hi, double lo) {
  Ball y, d;
  arb_set_d(y.get(), hi);
  arb_add(y.get(), y.get(), Ball(lo).get(), ARF_PREC_EXACT);  // a sum of two doubles, exactly
  arb_sub(d.get(), x.get(), y.get(), ARF_PREC_EXACT);
  arb_div(d.get(), d.get(), x.get(), 300);
  arb_abs(d.get(), d.get());
  return arf_get_d(arb_midref(d.get()), ARF_RND_UP) + mag_get_d(arb_radref(d.get()));
}
}  // namespace

RC_GTEST_PROP(Numerics, TwoSumAndTwoProdAreExact, ()) {
  const double a = *privoco::testing::signed_log_uniform(1e-100, 1e100), b = *privoco::testing::signed_log_uniform(1e-100, 1e100);
  Ball s, p;
  arb_set_d(s.get(), a);
  arb_add(s.get(), s.get(), Ball(b).get(), ARF_PREC_EXACT);
  arb_set_d(p.get(), a);
  arb_mul(p.get(), p.get(), Ball(b).get(), ARF_PREC_EXACT);
  const auto ts = privoco::fast::two_sum(a, b), tp = privoco::fast::two_prod(a, b);
  RC_ASSERT(rel_diff(s, ts.hi, ts.lo) == 0 || arb_is_zero(s.get()));
  RC_ASSERT(rel_diff(p, tp.hi, tp.lo) == 0);
  // sibling: dropping the low part is not exact in general
  if (ts.lo != 0) RC_ASSERT(rel_diff(s, ts.hi, 0) > 0);
}

TEST(Numerics, ErfcxTableIsDoubleDoubleAccurate) {
  const auto& t = fn::erfcx_table();
  for (int k = 0; k < fn::ErfcxTable::kCentres; ++k) {
    Ball x(k / 8.0), r;
    rn::erfcx_exact(r.get(), x.get(), 300);
    // measured: 4.6e-27 at x0 = 3 (the recurrence's double-double roundings grow with x0), < 1e-29 up to x0 = 1.75
    EXPECT_LT(rel_diff(r, t.c0[k].hi, t.c0[k].lo), 1e-26) << "x0 = " << k / 8.0;
    // sibling: a centre value one double ulp off misses the double-double target
    EXPECT_GT(rel_diff(r, t.c0[k].hi * (1 + 0x1p-52), t.c0[k].lo), 1e-26) << "x0 = " << k / 8.0;
  }
}

// erfcx by its asymptotic series (x >= 32) against e^{x^2} erfc(x) through Arb: the enclosures overlap and the
// series' is as narrow as the precision asks. The sibling: the series with every term added (no alternation) is
// disjoint from the erfc route's enclosure.
TEST(Numerics, ErfcxAsymptoticSeriesAgreesWithTheErfcRoute) {
  for (double xd : {32.0, 40.5, 1000.0, 1e6}) {
    for (slong prec : {64, 200, 600}) {
      Ball x(xd), a, e, z;
      const bool used = rn::erfcx_asymptotic(a.get(), x.get(), prec);
      if (xd >= 40 || prec == 64) {
        EXPECT_TRUE(used) << xd << " at " << prec;
      }
      if (!used) continue;
      arb_sqr(z.get(), x.get(), ARF_PREC_EXACT);
      arb_exp(z.get(), z.get(), prec + 20);
      arb_hypgeom_erfc(e.get(), x.get(), prec + 20);
      arb_mul(e.get(), e.get(), z.get(), prec + 20);
      EXPECT_TRUE(arb_overlaps(a.get(), e.get())) << xd << " at " << prec;
      EXPECT_GE(arb_rel_accuracy_bits(a.get()), prec - 4) << xd << " at " << prec;
      // sibling: 1 + 1/(2x^2) + 3/(4x^4) + ... (the signs dropped) over x sqrt(pi)
      Ball u, w, t, sp;
      arb_mul(u.get(), x.get(), x.get(), prec + 20);
      arb_mul_2exp_si(u.get(), u.get(), 1);
      arb_inv(u.get(), u.get(), prec + 20);
      arb_one(w.get());
      arb_one(t.get());
      for (ulong k = 1; k <= 3; ++k) {
        arb_mul_ui(t.get(), t.get(), 2 * k - 1, prec + 20);
        arb_mul(t.get(), t.get(), u.get(), prec + 20);
        arb_add(w.get(), w.get(), t.get(), prec + 20);
      }
      arb_const_sqrt_pi(sp.get(), prec + 20);
      arb_mul(sp.get(), sp.get(), x.get(), prec + 20);
      arb_div(w.get(), w.get(), sp.get(), prec + 20);
      EXPECT_FALSE(arb_overlaps(w.get(), e.get())) << xd << " at " << prec;
    }
  }
  // far out, where the erfc route would need e^{-x^2} with an exponent of 2000 digits: 1/(x sqrt(pi)) to the
  // precision asked
  Ball x, a, r;
  fmpz_t big;
  fmpz_init(big);
  fmpz_ui_pow_ui(big, 10, 1000);
  arb_set_fmpz(x.get(), big);
  fmpz_clear(big);
  ASSERT_TRUE(rn::erfcx_asymptotic(a.get(), x.get(), 200));
  arb_const_sqrt_pi(r.get(), 300);
  arb_mul(r.get(), r.get(), x.get(), 300);
  arb_inv(r.get(), r.get(), 300);
  EXPECT_TRUE(arb_overlaps(a.get(), r.get()));
  EXPECT_GE(arb_rel_accuracy_bits(a.get()), 196);
  // below 32 the series is not used
  Ball small(31.5), out;
  EXPECT_FALSE(rn::erfcx_asymptotic(out.get(), small.get(), 64));
}

// Decimal strings of values whose binary exponent is beyond MPFR's range (2^(10^10), 2^(10^30), 2^(-10^10)), as
// mpmath gives them (10^(e log10 2) = m 10^d at 60 digits, rounded to 24). The sibling: the last digit changed is not what is printed.
TEST(Numerics, HugeExponentsPrintTheirDigits) {
  struct Case {
    const char* e;  // the binary exponent, as a decimal integer
    const char* want;
  };
  const Case cases[] = {{"10000000000", "4.36326863455624289885829e3010299956"},
                        {"1000000000000000000000000000000", "3.11190813687387055730723e301029995663981195213738894724"},
                        {"-10000000000", "2.29185980455155474585878e-3010299957"}};
  for (const Case& c : cases) {
    Ball x;
    fmpz_t e;
    fmpz_init(e);
    fmpz_set_str(e, c.e, 10);
    arb_one(x.get());
    arb_mul_2exp_fmpz(x.get(), x.get(), e);
    fmpz_clear(e);
    const std::string got = privoco::reference::arb_mid_string(x.get(), 24);
    EXPECT_EQ(got, c.want) << c.e;
    std::string wrong = c.want;
    wrong[24] = wrong[24] == '9' ? '8' : static_cast<char>(wrong[24] + 1);
    EXPECT_NE(got, wrong);
  }
}

TEST(Numerics, GaussLegendre16IntegratesPolynomialsOfDegree31) {
  const auto& g = fn::gauss16();
  for (int deg : {0, 2, 10, 30}) {  // int_{-1}^{1} x^deg dx = 2/(deg + 1)
    long double s = 0;
    for (int i = 0; i < 16; ++i) s += static_cast<long double>(g.w[i] + g.w_lo[i]) * std::pow(static_cast<long double>(g.x[i]), deg);
    EXPECT_NEAR(static_cast<double>(s), 2.0 / (deg + 1), 1e-15) << deg;
  }
  long double s = 0;  // sibling: degree 32 is beyond the rule
  for (int i = 0; i < 16; ++i) s += static_cast<long double>(g.w[i]) * std::pow(static_cast<long double>(g.x[i]), 32);
  EXPECT_GT(std::fabs(static_cast<double>(s) - 2.0 / 33), 1e-12);  // 7.2e-10
}

RC_GTEST_PROP(Numerics, MonotoneErfEnclosesTheValue, ()) {
  const double m = *privoco::testing::signed_log_uniform(1e-3, 30);
  Ball x(m), r, exact;
  mag_set_d(arb_radref(x.get()), std::fabs(m) * 1e-20);  // an inexact argument
  rn::mono(r.get(), x.get(), rn::Mono::erf, 200);
  arb_hypgeom_erf(exact.get(), Ball(m).get(), 400);  // the value at the midpoint is inside
  RC_ASSERT(arb_contains(r.get(), exact.get()));
}

// A ball whose midpoint Arb cannot bound (infinite, or a huge exponent) with a radius: the slope bound's working
// precision was 64 + 2 log2|x| with log2|x| = WORD_MAX, a signed overflow (UndefinedBehaviorSanitizer, in DP.gauss.mu's
// root search); now it returns, for erfc and erf alike at any precision up to the cap, a ball that is either not finite
// or inside the function's range ([0, 2] for erfc, [-1, 1] for erf).
TEST(Numerics, MonotoneFunctionsOfUnboundableBalls) {
  for (rn::Mono f : {rn::Mono::erfc, rn::Mono::erf}) {
    for (slong prec : {64L, 1L << 17, WORD_MAX / 8}) {
      Ball inf_mid, huge, r;
      arf_pos_inf(arb_midref(inf_mid.get()));
      mag_one(arb_radref(inf_mid.get()));
      arf_one(arb_midref(huge.get()));
      fmpz_t e;
      fmpz_init(e);
      fmpz_set_str(e, "1000000000000000000000000", 10);
      arf_mul_2exp_fmpz(arb_midref(huge.get()), arb_midref(huge.get()), e);
      fmpz_clear(e);
      mag_one(arb_radref(huge.get()));
      const double lo = f == rn::Mono::erfc ? 0 : -1, hi = f == rn::Mono::erfc ? 2 : 1;
      auto in_range = [&](const Ball& b) {
        if (!arb_is_finite(b.get())) return true;
        Ball range;
        arf_set_d(arb_midref(range.get()), (lo + hi) / 2);
        mag_set_d(arb_radref(range.get()), (hi - lo) / 2 * (1 + 1e-15));
        return static_cast<bool>(arb_contains(range.get(), b.get()));
      };
      rn::mono(r.get(), inf_mid.get(), f, prec);
      EXPECT_TRUE(in_range(r)) << prec;
      rn::mono(r.get(), huge.get(), f, std::min<slong>(prec, 256));
      EXPECT_TRUE(in_range(r)) << prec;
    }
  }
}

namespace {
int gauss(acb_ptr out, const acb_t x, void*, slong, slong prec) {  // e^{-x^2}
  acb_sqr(out, x, prec);
  acb_neg(out, out);
  acb_exp(out, out, prec);
  return 0;
}
}  // namespace

TEST(Numerics, BallHelpers) {
  EXPECT_EQ(rn::sign_of(Ball(-2).get()), -1);
  EXPECT_EQ(rn::sign_of(Ball(0).get()), 0);
  Ball straddle(0);
  mag_set_d(arb_radref(straddle.get()), 1e-10);
  EXPECT_EQ(rn::sign_of(straddle.get()), 2);
  for (slong k : {1, 3, 511}) {
    Ball prod;
    arb_mul_si(prod.get(), rn::reciprocal(k, 200), k, 300);
    EXPECT_TRUE(arb_contains_si(prod.get(), 1)) << k;
    EXPECT_GE(arb_rel_accuracy_bits(rn::reciprocal(k, 200)), 300);  // the table is at 320 bits
  }
  EXPECT_EQ(rn::reciprocal(512, 200), nullptr);  // outside the table
  EXPECT_EQ(rn::reciprocal(3, 400), nullptr);    // beyond its precision
  // int_{-inf}^{inf} e^{-x^2} dx = sqrt(pi): integrated on [-8, 8] with the tail e^{-64}/8 as the error term,
  // scaled by e^{shift} with shift = 0
  acb_t a, b;
  acb_init(a), acb_init(b);
  acb_set_si(a, -8), acb_set_si(b, 8);
  mag_t tail;
  mag_init(tail);
  mag_set_d(tail, 2 * std::exp(-64.0) / 8);
  Ball r, pi, shift(0);
  rn::scaled_integral(r.get(), gauss, nullptr, a, b, shift.get(), tail, 100000, 128);
  arb_const_sqrt_pi(pi.get(), 128);
  EXPECT_TRUE(arb_overlaps(r.get(), pi.get()));
  arb_add_ui(pi.get(), pi.get(), 1, 128);  // sibling: a value off by 1 is excluded
  EXPECT_FALSE(arb_overlaps(r.get(), pi.get()));
  mag_clear(tail);
  acb_clear(a), acb_clear(b);
}

TEST(Numerics, BallTextAndText17) {
  Ball third;
  arb_set_ui(third.get(), 1);
  arb_div_ui(third.get(), third.get(), 3, 128);
  EXPECT_EQ(privoco::reference::ball_text(third.get(), 5).rfind("[0.33333", 0), 0u);
  EXPECT_EQ(privoco::text17(0.1), "0.10000000000000001");
  EXPECT_EQ(privoco::text17(-INFINITY), "-inf");
  EXPECT_EQ(privoco::text17(NAN), "nan");
  for (double x : {1e-300, 3.0, -2.5e17, 5e-324}) EXPECT_EQ(std::strtod(privoco::text17(x).c_str(), nullptr), x);
}

TEST(Numerics, Assignments) {
  using privoco::ParamError;
  EXPECT_EQ(privoco::split_commas("1,,2"), (std::vector<std::string>{"1", "", "2"}));
  const std::vector<std::string> names{"tau"};
  auto m = privoco::parse_named("X", {"tau=1,2"}, {}, &names, names);
  EXPECT_EQ(m.at("tau"), "1,2");
  EXPECT_THROW(privoco::parse_named("X", {"tau=1", "tau=2"}), ParamError);          // given twice
  EXPECT_THROW(privoco::parse_named("X", {"eps=1"}, {}, &names), ParamError);        // unknown name
  EXPECT_THROW(privoco::parse_named("X", {}, {}, &names, names), ParamError);        // missing
  EXPECT_THROW(privoco::parse_named("X", {"tau"}), ParamError);                      // no '='
  const auto& e = privoco::entry("VDH.bound.thm2");
  auto p = privoco::parse_assignments(e, {"u=1,2", "V=3,4", "b=1,1", "G=1"});
  EXPECT_EQ(p.size(), 8u);  // d, u1, u2, V1, V2, b1, b2, G
  EXPECT_EQ(privoco::params_text(privoco::param_texts(e, p)), "d=2, u=1,2, V=3,4, b=1,1, G=1");
  EXPECT_THROW(privoco::parse_assignments(e, {"u=1,2", "V=3", "b=1,1", "G=1"}), ParamError);  // lengths differ
}

TEST(Numerics, OneVerdictType) {
  using privoco::proofs::Verdict;
  for (Verdict v : {Verdict::certified, Verdict::refuted, Verdict::undecided})
    EXPECT_EQ(privoco::proofs::verdict_from(privoco::proofs::to_string(v)), v);
  EXPECT_EQ(privoco::proofs::exit_status(Verdict::certified), 0);
  EXPECT_EQ(privoco::proofs::exit_status(Verdict::refuted), 1);
  EXPECT_EQ(privoco::proofs::exit_status(Verdict::undecided), 3);
  EXPECT_EQ(privoco::proofs::verdict_from("not refuted"), Verdict::undecided);  // never success by accident
  // every check of every paper has a catalogue entry, and the registry finds each by ID
  for (const auto& c : privoco::proofs::checks()) {
    EXPECT_TRUE(privoco::entry(c.id).has_proof) << c.id;
    EXPECT_EQ(privoco::proofs::find_check(c.id), &c);
    EXPECT_EQ((c.claim != nullptr) + (c.privacy != nullptr) + (c.regret != nullptr), 1) << c.id;
  }
}

// log_dd over the whole positive double range: the scaling 2^-k itself overflowed for subnormal x (k down to -1074),
// which made it NaN there (and JKT's c exponent, POL's noise norm with it). Against Arb's logarithm, to 2^-100
// relative; the sibling: ln of the rounded-to-double result misses that bound where the low part matters
TEST(Numerics, LogDoubleDoubleOverTheWholeRange) {
  for (double x : {DBL_TRUE_MIN, 3 * DBL_TRUE_MIN, 1e-310, DBL_MIN, 0.7, 1.0, 1.5, 1e300, DBL_MAX}) {
    const privoco::fast::dd l = privoco::fast::log_dd(privoco::fast::dd{x, 0});
    Ball exact, got, diff;
    arb_set_d(exact.get(), x);
    arb_log(exact.get(), exact.get(), 256);
    const Ball hi(l.hi), lo(l.lo);
    arb_add(got.get(), hi.get(), lo.get(), 256);
    arb_sub(diff.get(), got.get(), exact.get(), 256);
    arb_div(diff.get(), diff.get(), exact.get(), 256);
    if (x == 1.0) {
      EXPECT_EQ(l.hi, 0.0);
      continue;
    }
    EXPECT_LT(std::fabs(arf_get_d(arb_midref(diff.get()), ARF_RND_NEAR)), 0x1p-100) << x;
  }
  // the sibling: the double logarithm alone is off by ~2^-53 relative
  Ball exact, got;
  arb_set_d(exact.get(), 1e-310);
  arb_log(exact.get(), exact.get(), 256);
  arb_set_d(got.get(), std::log(1e-310));
  arb_sub(got.get(), got.get(), exact.get(), 256);
  EXPECT_GT(std::fabs(arf_get_d(arb_midref(got.get()), ARF_RND_NEAR)), 0x1p-100 * 713);
}

// log_dd at random double-doubles (a low part up to half an ulp of the high one): the table of ln(j/256) and the short
// series hold 2^-100 relative everywhere, near 1 (where ln x is small), near the table's points and at its cell edges
// (the largest |t|) alike; 0, inf and negative arguments give -inf, inf and NaN. The sibling: the double logarithm of
// the high part alone misses it.
RC_GTEST_PROP(Numerics, LogDoubleDoubleAtRandomPoints, ()) {
  const int kind = *rc::gen::inRange(0, 4);
  const double near = *rc::gen::inRange(-100, 101) * 0x1p-30;
  const double x = kind == 0 ? *privoco::testing::log_uniform(DBL_TRUE_MIN, DBL_MAX)
                 : kind == 1 ? 1 + *privoco::testing::signed_log_uniform(1e-17, 0.4)
                 : kind == 2 ? (*rc::gen::inRange(181, 363) + near) / 256
                             : (*rc::gen::inRange(181, 362) + 0.5 + near) / 256;
  const double lo = x >= 0x1p-960 ? x * 0x1p-54 * (*rc::gen::inRange(-1000, 1001) / 1000.0) : 0;
  const privoco::fast::dd l = privoco::fast::log_dd(privoco::fast::dd{x, lo});
  Ball exact, got, diff;
  arb_set_d(exact.get(), x);
  arb_add(exact.get(), exact.get(), Ball(lo).get(), 256);
  arb_log(exact.get(), exact.get(), 256);
  arb_add(got.get(), Ball(l.hi).get(), Ball(l.lo).get(), 256);
  arb_sub(diff.get(), got.get(), exact.get(), 256);
  arb_div(diff.get(), diff.get(), exact.get(), 256);
  if (arb_is_zero(exact.get())) RC_ASSERT(l.hi == 0.0);
  else RC_ASSERT(std::fabs(arf_get_d(arb_midref(diff.get()), ARF_RND_NEAR)) < 0x1p-100);
}
// The kernels' ln(1 + y) as a double-double (log1p_dd_k) at random y = yh + yl: 2^-66 relative from y = -1/2 to 1e300,
// tiny y included (ln(1 + y) = y there). The sibling, the kernels' double log1p_k plus yl/(1 + yh), misses that
// bound (it is ~1 ulp, 2^-53).
// |hi + lo - f(xh + xl)| / |f(xh + xl)| with f Arb's function at 256 bits (the argument exact)
double dd_rel_err(void (*f)(arb_t, const arb_t, slong), double xh, double xl, double hi, double lo) {
  Ball exact, got, diff;
  arb_set_d(exact.get(), xh);
  arb_add(exact.get(), exact.get(), Ball(xl).get(), ARF_PREC_EXACT);
  f(exact.get(), exact.get(), 256);
  arb_add(got.get(), Ball(hi).get(), Ball(lo).get(), 256);
  arb_sub(diff.get(), got.get(), exact.get(), 256);
  arb_div(diff.get(), diff.get(), exact.get(), 256);
  return std::fabs(arf_get_d(arb_midref(diff.get()), ARF_RND_NEAR));
}
double log1p_dd_rel_err(double yh, double yl, double hi, double lo) { return dd_rel_err(arb_log1p, yh, yl, hi, lo); }

// exp_dd at random double-doubles over its range (x >= -670: below, the low part of the result is subnormal and keeps
// fewer bits): 2^-103 relative against Arb, near 0 (where e^x - 1 is small) and at the table's cell edges alike;
// past 709.7 inf, below -745.2 0. The sibling: the double exponential of the high part (with the low part to first
// order) misses it.
RC_GTEST_PROP(Numerics, ExpDoubleDoubleAtRandomPoints, ()) {
  const int kind = *rc::gen::inRange(0, 3);
  const double x = kind == 0 ? *rc::gen::inRange(-670000000, 709700000) * 1e-6 + *rc::gen::inRange(0, 1000) * 1e-15
                 : kind == 1 ? *privoco::testing::signed_log_uniform(1e-300, 1.0)
                             : (*rc::gen::inRange(-3000, 3000) + 0.5 + *rc::gen::inRange(-100, 101) * 0x1p-40) * (M_LN2 / 64);
  const double lo = x * 0x1p-54 * (*rc::gen::inRange(-1000, 1001) / 1000.0);
  const privoco::fast::dd e = privoco::fast::exp_dd(privoco::fast::dd{x, lo});
  RC_ASSERT(dd_rel_err(arb_exp, x, lo, e.hi, e.lo) < 0x1p-103);
}
TEST(Numerics, ExpDoubleDoubleSiblingAndLimits) {
  int missed = 0;
  for (double x = -670; x < 709; x += 13.37) {
    const double lo = x * 0x1p-56;
    EXPECT_LT(dd_rel_err(arb_exp, x, lo, privoco::fast::exp_dd({x, lo}).hi, privoco::fast::exp_dd({x, lo}).lo), 0x1p-103) << x;
    const double d = std::exp(x);
    missed += dd_rel_err(arb_exp, x, lo, d, d * lo) >= 0x1p-103;
  }
  EXPECT_GT(missed, 90);
  EXPECT_EQ(privoco::fast::exp_dd({709.8, 0}).hi, INFINITY);
  EXPECT_EQ(privoco::fast::exp_dd({-745.3, 0}).hi, 0.0);
  EXPECT_EQ(privoco::fast::exp_dd({0.0, 0}).hi, 1.0);
  EXPECT_EQ(privoco::fast::exp_dd({0.0, 0}).lo, 0.0);
}
RC_GTEST_PROP(Numerics, Log1pDoubleDoubleKernelAtRandomPoints, ()) {
  const int kind = *rc::gen::inRange(0, 3);
  const double yh = kind == 0 ? *privoco::testing::signed_log_uniform(1e-300, 0.5)
                  : kind == 1 ? *privoco::testing::log_uniform(0.5, 1e300)
                              : std::sqrt(2.0) * (1 + *rc::gen::inRange(-1000, 1001) * 0x1p-40) - 1;
  const double yl = yh * 0x1p-54 * (*rc::gen::inRange(-1000, 1001) / 1000.0);
  double hi, lo;
  fn::log1p_dd_k(yh, yl, &hi, &lo);
  RC_ASSERT(log1p_dd_rel_err(yh, yl, hi, lo) < 0x1p-66);
}
TEST(Numerics, Log1pDoubleDoubleKernelSibling) {
  int missed = 0;
  for (double y : {0.3, 0.7, 1.9, 3.3, 17.0, 1e5, -0.3}) {
    const double yl = y * 0x1p-55;
    double hi, lo;
    fn::log1p_dd_k(y, yl, &hi, &lo);
    EXPECT_LT(log1p_dd_rel_err(y, yl, hi, lo), 0x1p-66) << y;
    missed += log1p_dd_rel_err(y, yl, fn::log1p_k(y) + yl / (1 + y), 0) >= 0x1p-66;
  }
  EXPECT_GT(missed, 0) << "the sibling";
}

// erf_dd and erfc_dd (the scalar routes' error functions in double-double) at random double-doubles from 1e-270 to
// 27 (below, the low parts of the products are subnormal: a double-double's 2^-100 needs them normal) against Arb: 2^-100 relative for erf, and for erfc where its continued fraction runs (x >= 3.5; below it erfc
// is 1 - erf and loses up to 21 bits, 2^-80). The series' reciprocal table and the fraction's forward recurrences
// are what they test. The sibling: erf in double misses 2^-100.
double erf_rel_err(double x, double lo, privoco::fast::dd got, bool complement) {
  return dd_rel_err(complement ? arb_hypgeom_erfc : arb_hypgeom_erf, x, lo, got.hi, got.lo);
}
RC_GTEST_PROP(Numerics, ErfDoubleDoubleAtRandomPoints, ()) {
  const int kind = *rc::gen::inRange(0, 3);
  const double x = kind == 0 ? *privoco::testing::log_uniform(1e-270, 27.0)
                 : kind == 1 ? *privoco::testing::log_uniform(2.0, 27.0)
                             : 3.5 * (1 + *rc::gen::inRange(-1000, 1001) * 0x1p-40);
  const double lo = x * 0x1p-54 * (*rc::gen::inRange(-1000, 1001) / 1000.0);
  RC_ASSERT(erf_rel_err(x, lo, privoco::fast::erf_dd({x, lo}), false) < 0x1p-100);
  RC_ASSERT(erf_rel_err(x, lo, privoco::fast::erfc_dd({x, lo}), true) <
            (x >= 3.5 ? 0x1p-100 * std::max(1.0, x * x / 8) : 0x1p-80));
}
TEST(Numerics, ErfDoubleDoubleSibling) {
  int missed = 0;
  for (double x : {1e-3, 0.4, 1.7, 3.0, 3.6, 5.0}) {
    EXPECT_LT(erf_rel_err(x, 0, privoco::fast::erf_dd({x, 0}), false), 0x1p-100) << x;
    EXPECT_LT(erf_rel_err(x, 0, privoco::fast::erfc_dd({x, 0}), true),
              x >= 3.5 ? 0x1p-100 * std::max(1.0, x * x / 8) : 0x1p-80) << x;
    missed += erf_rel_err(x, 0, {std::erf(x), 0}, false) >= 0x1p-100;
  }
  EXPECT_GT(missed, 0) << "the sibling";
}

// Lambert's W from ln x (fast/numerics/lambertw.hpp) against Arb's at lnx from -40 (x = 4e-18) to 5000 (x beyond
// doubles): within 2 ulp. The sibling: below lnx = 1 a final Newton step in W, w (1 + lnx - ln w)/(1 + w), takes
// the rounding of ln w (up to ulp(39)/2 = 3.6e-15 relative at lnx = -39); the step on w e^w = x that replaced it does
// not.
namespace {
double lambertw_ulps(double lnx, double w) {
  arb_t t;
  arb_init(t);
  arb_set_d(t, lnx);
  arb_exp(t, t, 256);
  arb_lambertw(t, t, 0, 256);
  arf_t a;
  arf_init(a);
  arf_set_d(a, w);
  arb_sub_arf(t, t, a, 256);  // W - w, to ~2^-200 relative
  arf_clear(a);
  const double err = std::fabs(arf_get_d(arb_midref(t), ARF_RND_NEAR));
  arb_clear(t);
  return err / std::ldexp(1.0, std::ilogb(w) - 52);
}
}  // namespace
RC_GTEST_PROP(Numerics, LambertWOfLogWithin2Ulp, ()) {
  const bool low = *rc::gen::arbitrary<bool>();
  const double lnx = low ? -40 + 42 * (*rc::gen::inRange(0, 1 << 20) / double(1 << 20))
                         : *privoco::testing::log_uniform(2.0, 5000.0);
  RC_ASSERT(lambertw_ulps(lnx, fn::lambertw_of_log(lnx)) <= 2.0);
}
TEST(Numerics, LambertWOfLogSibling) {
  int off = 0;
  for (int i = 0; i < 200; ++i) {
    const double lnx = -39 + i * 0.0437;
    const double w = fn::lambertw_of_log(lnx);
    EXPECT_LE(lambertw_ulps(lnx, w), 2.0) << lnx;
    const double p = w / (1 + w) * (1 + lnx - std::log(w));  // the step in W from the same w
    off += lambertw_ulps(lnx, p) > 4.0;
  }
  std::printf("the step in W off by more than 4 ulp at %d of 200 points with lnx in [-39, -30.3]\n", off);
  EXPECT_GT(off, 20) << "the sibling";
}

TEST(Numerics, LogDoubleDoubleSpecialValuesAndSibling) {
  EXPECT_EQ(privoco::fast::log_dd({0.0, 0}).hi, -INFINITY);
  EXPECT_EQ(privoco::fast::log_dd({INFINITY, 0}).hi, INFINITY);
  EXPECT_TRUE(std::isnan(privoco::fast::log_dd({-1.0, 0}).hi));
  EXPECT_TRUE(std::isnan(privoco::fast::log_dd({NAN, 0}).hi));
  // the sibling: at x = 1.3 + 2^-54 the double logarithm of the high part is off by more than 2^-100 relative
  Ball exact, diff;
  arb_set_d(exact.get(), 1.3);
  arb_add(exact.get(), exact.get(), Ball(0x1p-54).get(), 256);
  arb_log(exact.get(), exact.get(), 256);
  arb_sub(diff.get(), Ball(std::log(1.3)).get(), exact.get(), 256);
  arb_div(diff.get(), diff.get(), exact.get(), 256);
  EXPECT_GT(std::fabs(arf_get_d(arb_midref(diff.get()), ARF_RND_NEAR)), 0x1p-100);
}

// The vectorised Gaussian pairs for every count up to 40 (whole blocks of 8, a remainder of 1 or 2 pairs drawn one by
// one, 3 to 7 as a block into a buffer): the scalar draws bit for bit, sigma applied, and nothing written past
// 2 pairs values (sentinels). The sibling: a stream one off gives other values.
TEST(Numerics, GaussianPairsEqualTheScalarDraws) {
  const privoco::Streams s(77);
  for (int pairs = 1; pairs <= 40; ++pairs) {
    std::vector<double> out(2 * pairs + 16, 123.0);
    fn::gaussian_pairs(s, 5, pairs, 2.5, out.data());
    for (int j = 0; j < 2 * pairs; ++j) ASSERT_EQ(out[j], 2.5 * fn::gaussian_draw(s, 5, j)) << pairs << " pairs, " << j;
    for (std::size_t j = 2 * pairs; j < out.size(); ++j) ASSERT_EQ(out[j], 123.0) << pairs << " pairs wrote " << j;
    fn::gaussian_pairs(s, 6, pairs, 2.5, out.data());
    int same = 0;
    for (int j = 0; j < 2 * pairs; ++j) same += out[j] == 2.5 * fn::gaussian_draw(s, 5, j);
    EXPECT_EQ(same, 0) << pairs << " pairs";
  }
}

// JKT's per-coordinate draws, vectorised (add_keyed_normals) for every length to 40: add[j] + sigma times the scalar
// keyed_normal bit for bit, in place too, and the scalar one is Box-Muller's cosine branch at the streams' uniforms
// (within 4 ulp of the long double sqrtl(-2 logl u1) cosl(2 pi u2) where that is above 1e-3, at 10,000 coordinates).
// The sibling: u1 and u2 swapped differ.
TEST(Numerics, KeyedNormalsEqualTheScalarDraws) {
  const privoco::Streams s(78);
  std::vector<std::uint64_t> k1(40), k2(40);
  for (std::uint64_t j = 0; j < 40; ++j) k1[j] = s.key(2 * j + 100), k2[j] = s.key(2 * j + 101);
  for (int n = 1; n <= 40; ++n) {
    std::vector<double> add(n + 8), out(n + 8, 123.0);
    for (int j = 0; j < n; ++j) add[j] = 0.1 * j - 1;
    fn::add_keyed_normals(k1.data(), k2.data(), 9, n, 0.5, add.data(), out.data());
    for (int j = 0; j < n; ++j) ASSERT_EQ(out[j], add[j] + 0.5 * fn::keyed_normal(k1[j], k2[j], 9)) << n << ", " << j;
    for (int j = n; j < n + 8; ++j) ASSERT_EQ(out[j], 123.0) << n << " wrote " << j;
    fn::add_keyed_normals(k1.data(), k2.data(), 9, n, 0.5, add.data(), add.data());
    for (int j = 0; j < n; ++j) ASSERT_EQ(add[j], out[j]);
    int same = 0;
    for (int j = 0; j < n; ++j) same += fn::keyed_normal(k2[j], k1[j], 9) == fn::keyed_normal(k1[j], k2[j], 9);
    EXPECT_EQ(same, 0);
  }
  double worst = 0;
  for (std::uint64_t j = 0; j < 10000; ++j) {
    const double u1 = s.uniform(2 * j + 100, 5), u2 = s.uniform(2 * j + 101, 5);
    const long double libm = std::sqrt(-2 * std::log(static_cast<long double>(u1))) *
                             std::cos(6.283185307179586476925286766559L * u2);
    const double z = fn::keyed_normal(s.key(2 * j + 100), s.key(2 * j + 101), 5);
    if (std::fabs(libm) > 1e-3)
      worst = std::max(worst, static_cast<double>(std::fabs(z - libm) / (std::fabs(libm) * 0x1p-52L)));
  }
  EXPECT_LE(worst, 4);
}

// The bounds' products through intermediates outside the double range: the same bits as exact scaling by powers of
// two (1e300 1e300 / 1e300 is 1e300 rounded twice), not the 650 ulp of exp(sum of logs), the sibling; 0 and inf
// factors still give 0 and overflow; results outside the range carry ln|value|.
TEST(Numerics, ProductsThroughIntermediatesOutsideTheRange) {
  using privoco::fast::product_of;
  EXPECT_EQ(product_of({1e300, 1e300}, {1e300}).value, (1e300 * 0x1p-1000 * 1e300) / 1e300 * 0x1p1000);
  EXPECT_EQ(product_of({1e-300, 1e-100}, {1e-300}).value, (1e-300 * 0x1p1000 * 1e-100) / 1e-300 * 0x1p-1000);
  EXPECT_EQ(product_of({3.0, 7.0}, {2.0}).value, 10.5);
  const double via_logs = std::exp(3 * std::log(1e300) - std::log(1e300) - std::log(1e300));
  EXPECT_GT(std::fabs(via_logs - 1e300) / (1e300 * 0x1p-52), 16) << "the sibling: the route through logarithms";
  const auto big = product_of({1e300, 1e300});
  EXPECT_EQ(big.status, privoco::fast::Status::overflow);
  EXPECT_NEAR(big.log_abs(), 600 * std::log(10.0), 1e-12);
  EXPECT_EQ(product_of({0.0, 5.0}).value, 0.0);
  EXPECT_EQ(product_of({2.0}, {0.0}).status, privoco::fast::Status::overflow);
  EXPECT_EQ(product_of({-2.0, 3.0}).value, -6.0);
}

// ProductLane (product_of's arithmetic for vectorised loops) gives product_of's bits wherever it calls itself ok, at
// random factors over the whole range (three multiplied, two divided, signs mixed, one an xd beyond the double range),
// and is not ok exactly where product_of's value is not a normal double. The sibling: the plain double product,
// which passes through an overflow or underflow, differs at some of the same points.
RC_GTEST_PROP(Numerics, ProductLaneGivesProductOfBits, ()) {
  using privoco::fast::xd;
  double f[5];
  for (double& x : f) x = *privoco::testing::signed_log_uniform(1e-300, 1e300);
  const xd w = privoco::fast::xd_scale2(privoco::fast::xd_of(f[0]), *rc::gen::inRange(-3000, 3001));
  privoco::fast::ProductLane lane;
  lane.take(f[1], false), lane.take(w, false), lane.take(f[2], false), lane.take(f[3], true), lane.take(f[4], true);
  const double v = lane.value();
  const privoco::fast::Value p = privoco::fast::product_of({f[1], w, f[2]}, {f[3], f[4]});
  RC_ASSERT(lane.ok == (p.status == privoco::fast::Status::ok && std::fabs(p.value) >= 0x1p-1022));
  if (lane.ok) RC_ASSERT(v == p.value);
}
TEST(Numerics, ProductLaneSibling) {
  const double f[4] = {1e300, 1e200, 1e-250, 1e-240};
  privoco::fast::ProductLane lane;
  for (int i = 0; i < 4; ++i) lane.take(f[i], false);
  const double v = lane.value();
  ASSERT_TRUE(lane.ok);
  EXPECT_EQ(v, privoco::fast::product_of({f[0], f[1], f[2], f[3]}).value);
  EXPECT_NE(v, f[0] * f[1] * f[2] * f[3]) << "the sibling: the double product overflows on the way";
}

// A sum of a term below the range and a normal one is the normal one (plus at most a subnormal), exactly; the route
// through the logarithms (the sibling) is off by hundreds of ulp at 1e300.
TEST(Numerics, SumWithATermBelowTheRange) {
  using privoco::fast::product_of;
  using privoco::fast::sum_same_sign;
  const auto tiny = product_of({1e-300, 1e-300});
  ASSERT_EQ(tiny.status, privoco::fast::Status::underflow);
  EXPECT_EQ(sum_same_sign(product_of({1e300}), tiny).value, 1e300);
  EXPECT_EQ(sum_same_sign(tiny, product_of({0.75})).value, 0.75);
  const double via_logs = privoco::fast::value_from_log(privoco::fast::log_add(std::log(1e300), tiny.log_abs())).value;
  EXPECT_GT(std::fabs(via_logs - 1e300) / (1e300 * 0x1p-52), 16) << "the sibling";
}

// A product below the normal range keeps its subnormal double (one rounding of m 2^e), so a normal term plus it is
// exact where the sum is a double: 2^-1020 + 15 2^-1040. The sibling, the subnormal as e^ln (as it was), is off by
// units of 2^-1074, and so was JKT.bound.igd_regret's printed form (49 ulp at 7.6e-308).
TEST(Numerics, SumWithASubnormalTerm) {
  using privoco::fast::product_of;
  using privoco::fast::sum_same_sign;
  const auto tiny = product_of({3 * 0x1p-540, 5 * 0x1p-500});
  ASSERT_EQ(tiny.status, privoco::fast::Status::underflow);
  EXPECT_EQ(tiny.value, 15 * 0x1p-1040);
  EXPECT_EQ(sum_same_sign(product_of({0x1p-1020}), tiny).value, 0x1p-1020 + 15 * 0x1p-1040);
  EXPECT_EQ(sum_same_sign(product_of({-0x1p-1020}), product_of({-3 * 0x1p-540, 5 * 0x1p-500})).value,
            -(0x1p-1020 + 15 * 0x1p-1040));
  int exp_route_off = 0;
  for (int k = 1; k <= 20; ++k) {  // mantissas with many bits: the product's one rounding, then the sum's
    const double a = 1 + k / 7.0, bb = 1 + k / 11.0;
    const auto t = product_of({a * 0x1p-540, bb * 0x1p-500});
    const double want = 0x1p-1020 + std::ldexp(a * bb, -1040);
    EXPECT_EQ(sum_same_sign(product_of({0x1p-1020}), t).value, want) << k;
    exp_route_off += 0x1p-1020 + std::exp(t.log_abs()) != want;
  }
  EXPECT_GT(exp_route_off, 0) << "the sibling";
}

// Two doubles whose sum passes DBL_MAX: the overflow status with ln of the sum to rounding (at JKT.bound.igd_regret's
// whole-range point, 5.1e293 + DBL_MAX, the sum from the logarithms came back as 1.7976931348622732e308 with status
// ok: the sibling).
TEST(Numerics, SumPastTheTopOfTheRange) {
  using privoco::fast::product_of;
  using privoco::fast::sum_same_sign;
  const double big = 5.1e293, top = 1.7976931348623157e308;
  const auto s = sum_same_sign(product_of({big}), product_of({top}));
  EXPECT_EQ(s.status, privoco::fast::Status::overflow);
  EXPECT_EQ(s.sign, 1);
  const double ln_true = std::log(top) + std::log1p(big / top);  // big/top exact to rounding: ln to an ulp
  EXPECT_NEAR(s.log_abs(), ln_true, 2 * 0x1p-52 * 710);
  EXPECT_EQ(sum_same_sign(product_of({-big}), product_of({-top})).sign, -1);
  const auto via_logs = privoco::fast::value_from_log(privoco::fast::log_add(std::log(big), std::log(top)));
  EXPECT_EQ(via_logs.status, privoco::fast::Status::ok) << "the sibling";
}

// The certified values' decimal strings by exact integer arithmetic (the fast path) give exactly MPFR's digits
// (mpfr_get_str, the second route) for every rounding direction: random mantissas of 1-256 bits, binary exponents
// across and past the fast path's +-4000, 1-60 digits, values next to powers of ten (carries into a new digit) and
// exact ties; the fast path must answer inside its range. Ties rounded away from zero fail it (checked by hand).
RC_GTEST_PROP(Numerics, DecimalStringsByIntegersAreMpfrs, ()) {
  using privoco::reference::detail::DecimalRound;
  namespace rd = privoco::reference::detail;
  // a third of the cases short binary fractions (m 2^-k, m < 2^12, k <= 12) one digit short of exact: ties at RNDN
  const bool short_fraction = *rc::gen::inRange(0, 3) == 0;
  const int bits = short_fraction ? *rc::gen::inRange(1, 13) : *rc::gen::inRange(1, 257);
  const long exp2 = short_fraction ? *rc::gen::inRange(-12L, 1L) : *rc::gen::inRange(-4100L, 4100L);
  int digits = *rc::gen::inRange(1, 61);
  const auto rnd = *rc::gen::element(DecimalRound::nearest, DecimalRound::down, DecimalRound::up);
  const bool near_power_of_ten = !short_fraction && *rc::gen::arbitrary<bool>();
  fmpz_t m;
  fmpz_init(m);
  for (int i = 0; i < bits; i += 32) {  // a random odd-or-even mantissa of `bits` bits
    fmpz_mul_2exp(m, m, 32);
    fmpz_add_ui(m, m, *rc::gen::inRange<unsigned long>(0, 1UL << 32));
  }
  fmpz_fdiv_q_2exp(m, m, static_cast<ulong>((bits + 31) / 32 * 32 - bits));
  arf_t x;
  arf_init(x);
  if (near_power_of_ten) {  // 10^k times (1 - 2^-bits) or (1 + 2^-bits): digits carry into a new leading digit
    const long k = *rc::gen::inRange(-1200L, 1200L);
    arb_t t;
    arb_init(t);
    arb_set_ui(t, 10);
    arb_pow_ui(t, t, static_cast<ulong>(std::labs(k)), 400);
    if (k < 0) arb_inv(t, t, 400);
    arf_set(x, arb_midref(t));
    arf_t eps;
    arf_init(eps);
    arf_mul_2exp_si(eps, x, -bits);
    if (*rc::gen::arbitrary<bool>()) arf_neg(eps, eps);
    arf_add(x, x, eps, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_clear(eps);
    arb_clear(t);
  } else {
    arf_set_fmpz(x, m);
    arf_mul_2exp_si(x, x, exp2);
  }
  if (short_fraction && !fmpz_is_zero(m) && exp2 < 0) {  // one digit fewer than m 5^k (x = m 5^k 10^-k) has
    fmpz_t t;
    fmpz_init(t);
    fmpz_ui_pow_ui(t, 5, static_cast<ulong>(-exp2));
    fmpz_mul(t, t, m);
    char* c = fmpz_get_str(nullptr, 10, t);
    std::string text = c;
    flint_free(c);
    digits = std::max(1, static_cast<int>(text.find_last_not_of('0')));  // the significant digits less one
    fmpz_clear(t);
  }
  if (*rc::gen::arbitrary<bool>()) arf_neg(x, x);
  const std::string fast = rd::decimal_by_integers(x, digits, rnd), slow = rd::decimal_by_mpfr(x, digits, rnd);
  const bool in_range = arf_is_zero(x) || (fmpz_cmp_si(ARF_EXPREF(x), 4000) <= 0 && fmpz_cmp_si(ARF_EXPREF(x), -4000) >= 0);
  RC_ASSERT(fast.empty() == !in_range);
  if (!fast.empty()) RC_ASSERT(fast == slow);
  arf_clear(x);
  fmpz_clear(m);
}

// Ties go to the even digit, directed roundings away from or towards zero by the sign; the sibling: the digits of
// the nearest double (printf) are not the value's where it has more bits than a double.
TEST(Numerics, DecimalStringsRoundAsAsked) {
  using privoco::reference::detail::DecimalRound;
  namespace rd = privoco::reference::detail;
  arf_t x;
  arf_init(x);
  arf_set_d(x, 0.125);
  EXPECT_EQ(rd::decimal_by_integers(x, 2, DecimalRound::nearest), "1.2e-1");
  arf_set_d(x, 0.375);
  EXPECT_EQ(rd::decimal_by_integers(x, 2, DecimalRound::nearest), "3.8e-1");
  arf_set_d(x, -0.125);
  EXPECT_EQ(rd::decimal_by_integers(x, 2, DecimalRound::down), "-1.3e-1");
  EXPECT_EQ(rd::decimal_by_integers(x, 2, DecimalRound::up), "-1.2e-1");
  arf_set_d(x, 9.96);
  EXPECT_EQ(rd::decimal_by_integers(x, 2, DecimalRound::nearest), "1.0e1");  // the carry into a new digit
  arf_set_d(x, 1e300);
  EXPECT_EQ(rd::decimal_by_integers(x, 17, DecimalRound::nearest), "1.0000000000000001e300");  // 1.00000000000000005e300
  arf_set_ui(x, 1);
  arf_mul_2exp_si(x, x, 100);
  arf_add_ui(x, x, 1, ARF_PREC_EXACT, ARF_RND_DOWN);  // 2^100 + 1 = 1267650600228229401496703205377
  EXPECT_EQ(rd::decimal_by_integers(x, 31, DecimalRound::nearest), "1.267650600228229401496703205377e30");
  char via_double[64];
  std::snprintf(via_double, sizeof via_double, "%.30e", arf_get_d(x, ARF_RND_NEAR));
  EXPECT_NE(std::string(via_double), "1.267650600228229401496703205377e+30") << "the sibling";
  arf_clear(x);
}

// ln of m 2^e2 e^E where E and e2 ln 2 nearly cancel: in double-double, to an ulp of the result (the chi-square
// tail at d = 2^20 lost 17 ulp of ln in double); the sibling: the sum in double is 27 ulp off here. Expected value by
// mpmath at 200 bits: -630401.5 + 2^-40 + 900000 ln 2 + ln 0.6.
TEST(Numerics, ScaledLogarithmWhereTheExponentsCancel) {
  privoco::fast::numerics::Scaled s;
  s.m = 0.6, s.e2 = 900000, s.E = privoco::fast::dd{-630401.5, 0x1p-40};
  const double expected = -0x1.9a98c5ecf252ap+12;
  EXPECT_LE(std::fabs(privoco::fast::numerics::log_of(s) - expected), 0x1p-52 * 6570);
  const double in_double = std::log(s.m) + static_cast<double>(s.e2) * privoco::fast::kLn2Hi + s.E.hi + s.E.lo;
  EXPECT_GT(std::fabs(in_double - expected), 16 * 0x1p-52 * 6570) << "the sibling";
}
