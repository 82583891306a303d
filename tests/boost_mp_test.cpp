// The Boost.Multiprecision view of a certified result (privoco/reference/boost_mp.hpp): the converted ends still
// enclose the true value, checked against Boost.Math's own erfc at a higher precision.
#include <gtest/gtest.h>

#include <boost/math/special_functions/erf.hpp>
#include <boost/multiprecision/mpfr.hpp>

#include "privoco/assignments.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/reference/boost_mp.hpp"
#include "privoco/reference/evaluate.hpp"

namespace {

namespace mp = boost::multiprecision;
using Real = mp::number<mp::mpfr_float_backend<0>, mp::et_off>;  // variable precision, no expression templates

// DP.gauss.delta (Balle and Wang 2018, Thm 8) in Boost.Math at `digits10` digits: Phi(mu/2 - eps/mu) -
// e^eps Phi(-mu/2 - eps/mu), Phi(x) = erfc(-x/sqrt 2)/2.
Real gauss_delta_boost(const char* eps_text, const char* mu_text, unsigned digits10) {
  Real::default_precision(digits10);
  const Real eps(eps_text), mu(mu_text), r2 = sqrt(Real(2));
  auto Phi = [&](const Real& x) { return boost::math::erfc(-x / r2) / 2; };
  return Phi(mu / 2 - eps / mu) - exp(eps) * Phi(-mu / 2 - eps / mu);
}

privoco::reference::Certified gauss_delta(const char* eps, const char* mu, int digits) {
  const privoco::Entry& e = privoco::entry("DP.gauss.delta");
  privoco::reference::Options opt;
  opt.digits = digits;
  return privoco::reference::evaluate(
      e, privoco::parse_assignments(e, {"d=1", std::string("eps=") + eps, std::string("mu=") + mu}), opt);
}

const char* const kPoints[][2] = {{"1", "0.5"}, {"0.1", "3"}, {"5", "2"}, {"2", "0.75"}, {"0.01", "0.01"},
                                  {"3", "1.5"}, {"0.5", "0.3"}, {"7", "4"}};

TEST(BoostMp, EnclosesBoostMathsValueAtTheRequestedPrecision) {
  for (const auto& p : kPoints) {
    const auto c = gauss_delta(p[0], p[1], 50);
    const auto m = privoco::reference::to_mpfr(c, 50);
    EXPECT_EQ(m.value.precision(), 50u);
    EXPECT_EQ(m.lo.precision(), 50u);
    const Real t = gauss_delta_boost(p[0], p[1], 80);
    // Boost.Math's erfc is accurate to a few ulps at 80 digits: far inside the 50-digit enclosure
    EXPECT_LE(Real(m.lo), t) << p[0] << " " << p[1];
    EXPECT_GE(Real(m.hi), t) << p[0] << " " << p[1];
    EXPECT_LE(m.lo, m.value);
    EXPECT_LE(m.value, m.hi);
    EXPECT_LT(Real(m.hi - m.lo), abs(t) * Real("1e-48"));
  }
}

// The sibling: ends rounded to nearest (what mpfr_float(c.lo) does at a lower precision) leave the enclosure on
// some of the same points, where to_mpfr's outward rounding never does.
TEST(BoostMp, NearestRoundedEndsWouldNotEnclose) {
  int escaped = 0;
  for (const auto& p : kPoints) {
    const auto c = gauss_delta(p[0], p[1], 50);
    const Real t = gauss_delta_boost(p[0], p[1], 80);
    const auto m = privoco::reference::to_mpfr(c, 4);
    EXPECT_LE(Real(m.lo), t);
    EXPECT_GE(Real(m.hi), t);
    mp::mpfr_float lo_nearest;
    lo_nearest.precision(4);
    lo_nearest = mp::mpfr_float(c.lo, 4);
    mp::mpfr_float hi_nearest(c.hi, 4);
    escaped += Real(lo_nearest) > t || Real(hi_nearest) < t;
  }
  EXPECT_GT(escaped, 0);
}

TEST(BoostMp, RefusesWhatMpfrCannotHold) {
  privoco::reference::Certified c;
  arb_one(c.ball.get());
  EXPECT_THROW(privoco::reference::to_mpfr(c, 0), privoco::Error);
  arb_mul_2exp_si(c.ball.get(), c.ball.get(), 1L << 40);  // 2^(2^40): beyond MPFR's default exponent range
  EXPECT_THROW(privoco::reference::to_mpfr(c, 20), privoco::Error);
  arb_indeterminate(c.ball.get());
  EXPECT_THROW(privoco::reference::to_mpfr(c, 20), privoco::Error);
}

}  // namespace
