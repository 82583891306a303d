// JKT Eq (1) for QFTL: the derived lambda holds under both neighbour relations (certified argument; the search's
// best instances reach within 1e-3 of it and never above), and a tenth of it (the mutant) is exceeded. JKT Thm 8's
// noise tails (JKT.noise.pqftl_noise_norms): the incomplete gamma against its finite sums (second route), fast
// against certified, the printed tails refuted where k_t >= 3 and the corrected threshold holding.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <arb_hypgeom.h>

#include <cmath>
#include <string>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/proofs/check.hpp"
#include "privoco/reference/ball.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/reference/jkt/pqftl.hpp"

TEST(JktQftl, SensitivityAssumptionHoldsWithTheDerivedLambda) {
  const auto* k = privoco::proofs::find_regret_check("JKT.priv.sensitivity_assumption");
  ASSERT_NE(k, nullptr);
  for (const char* nb : {"replace", "add_remove"}) {
    const auto o = k->run({{"neighbour", nb}, {"evaluations", "20000"}}, 1);
    EXPECT_EQ(o.verdict, "certified") << o.note;
    EXPECT_NE(o.note.find("0 violations"), std::string::npos) << o.note;
    EXPECT_NE(o.note.find("the mutant, is exceeded"), std::string::npos) << o.note;
    EXPECT_GT(o.worst.ratio, 0.99) << nb;  // the derived lambda is nearly attained
    EXPECT_LE(o.worst.ratio, 1.0) << nb;
  }
  EXPECT_THROW(k->run({{"neighbour", "swap"}}, 1), privoco::ParamError);
}

namespace {
namespace ref = privoco::reference;
// Q(d/2, x) by the finite forms: e^{-x} sum_{j<n} x^j/j! (d = 2n), erfc(sqrt x) + e^{-x} sum_{j<n} x^{j+1/2}/Gamma(j
// + 3/2) (d = 2n + 1); `drop_erfc` leaves out the erfc term (the sibling).
void q_by_sums(arb_t res, long d, const arb_t x, slong prec, bool drop_erfc = false) {
  ref::Ball term, sum, e, r;
  const long n = d / 2;
  if (d % 2 == 0) {
    arb_one(term);
    for (long j = 0; j < n; ++j) {
      if (j > 0) arb_mul(term, term, x, prec), arb_div_si(term, term, j, prec);
      arb_add(sum, sum, term, prec);
    }
  } else {
    arb_sqrt(r, x, prec);
    arb_const_sqrt_pi(term, prec);
    arb_div(term, r, term, prec);
    arb_mul_2exp_si(term, term, 1);  // x^{1/2}/Gamma(3/2)
    for (long j = 0; j < n; ++j) {
      if (j > 0) {
        ref::Ball den;
        arb_set_si(den, 2 * j + 1);
        arb_mul_2exp_si(den, den, -1);
        arb_mul(term, term, x, prec), arb_div(term, term, den, prec);
      }
      arb_add(sum, sum, term, prec);
    }
  }
  arb_neg(e, x);
  arb_exp(e, e, prec);
  arb_mul(res, sum, e, prec);
  if (d % 2 == 1 && !drop_erfc) {
    arb_hypgeom_erfc(r, r, prec);
    arb_add(res, res, r, prec);
  }
}
}  // namespace

TEST(JktPqftlNoise, IncompleteGammaAgreesWithItsFiniteSums) {
  int overlaps = 0, sibling_apart = 0, odd = 0;
  for (long d : {1L, 2L, 3L, 10L, 11L, 100L, 101L, 1024L})
    for (double t : {1.0, 7.0, 1023.0, 1048575.0}) {
      arb_ptr p = _arb_vec_init(3);
      arb_set_si(p, d), arb_set_d(p + 1, t), arb_zero(p + 2);
      ref::Ball q, x, s, s_bad;
      ref::jkt::pqftl_noise_norms(q, p, 256);
      _arb_vec_clear(p, 3);
      arb_set_si(x, 9 * d);
      arb_div_si(x, x, 2 * __builtin_popcountll(static_cast<unsigned long long>(t)), 256);
      q_by_sums(s, d, x, 256);
      EXPECT_TRUE(arb_overlaps(q, s)) << d << " " << t;
      overlaps += arb_overlaps(q, s);
      if (d % 2 == 1) {
        ++odd;
        q_by_sums(s_bad, d, x, 256, true);
        sibling_apart += !arb_overlaps(q, s_bad);
      }
    }
  EXPECT_EQ(overlaps, 32);
  EXPECT_EQ(sibling_apart, odd);  // the sum without its erfc term is told apart at every odd d
}

RC_GTEST_PROP(JktPqftlNoise, FastWithin4UlpOfCertified, ()) {
  const double d = *rc::gen::inRange<int>(1, 1025), t = *rc::gen::inRange<long>(1, 1L << 40);
  const int which = *rc::gen::inRange<int>(0, 3);
  const auto& e = privoco::entry("JKT.noise.pqftl_noise_norms");
  const double x[3] = {d, t, static_cast<double>(which)};
  const ref::Certified c = ref::evaluate(e, x);
  const privoco::fast::Value v = privoco::fast::evaluate(e, x);
  if (std::isnormal(c.nearest())) {
    RC_ASSERT(v.status == privoco::fast::Status::ok);
    RC_ASSERT(ref::ulp_error(c, v.value) <= 4.0);
    RC_ASSERT(v.value <= 1.0);
  } else {
    RC_ASSERT(v.status == privoco::fast::Status::underflow);
    RC_ASSERT(std::fabs(v.log_abs() - c.log_abs()) <= 1e-13 * std::fabs(c.log_abs()));
  }
}

TEST(JktPqftlNoise, PrintedTailsRefutedCorrectedThresholdHolds) {
  const auto* k = privoco::proofs::find_regret_check("JKT.noise.pqftl_noise_norms");
  ASSERT_NE(k, nullptr);
  const auto o = k->run({}, 1);
  EXPECT_EQ(o.verdict, "refuted") << o.note;
  EXPECT_NE(o.note.find("42 of 42"), std::string::npos) << o.note;  // the corrected threshold at every grid point
  int rows_k_le_2 = 0;
  for (const auto& c : o.cases) {
    const bool small_k = c.stream.find("(k_t=1)") != std::string::npos || c.stream.find("(k_t=2)") != std::string::npos;
    if (!small_k) continue;
    EXPECT_FALSE(c.violated) << c.stream;  // the sibling: where k_t <= 2 it holds
    ++rows_k_le_2;
  }
  EXPECT_GT(rows_k_le_2, 0);
  EXPECT_THROW(k->run({{"d", "3"}}, 1), privoco::ParamError);
  const auto& e = privoco::entry("JKT.noise.pqftl_noise_norms");
  EXPECT_THROW(privoco::fast::evaluate(e, std::vector<double>{3, 2.5, 0}.data()), privoco::DomainError);
  EXPECT_THROW(privoco::fast::evaluate(e, std::vector<double>{1025, 1, 0}.data()), privoco::DomainError);
}

// JKT Def 3 as the sup over neighbouring pairs: each algorithm's sensitivity check computed under the given readings;
// the printed bounds of IGD, GIGA and POL fall below the sup's instances (ratio > 1: those checks refute them), and
// QFTL's derived bound is nearly attained.
TEST(JktQftl, SensitivityDefinitionAsComputedByEachCheck) {
  const auto* k = privoco::proofs::find_regret_check("JKT.priv.sensitivity_def");
  ASSERT_NE(k, nullptr);
  const auto o = k->run({{"evaluations", "5000"}}, 1);
  EXPECT_EQ(o.verdict, "certified") << o.note;
  ASSERT_EQ(o.cases.size(), 4u);
  for (int i : {0, 1, 3}) {
    EXPECT_NE(o.cases[i].stream.find(": refuted)"), std::string::npos) << o.cases[i].stream;
    EXPECT_GT(o.cases[i].ratio, 1.0) << o.cases[i].stream;
  }
  EXPECT_NE(o.cases[2].stream.find(": certified)"), std::string::npos) << o.cases[2].stream;
  EXPECT_GT(o.cases[2].ratio, 0.9);
  EXPECT_LE(o.cases[2].ratio, 1.0);
  EXPECT_THROW(k->run({{"T", "3"}}, 1), privoco::ParamError);
}

// JKT Sec 5.1 reproduced: FTL's average regret is tiny against the ridge comparator (the harness's sibling: a wrong
// comparator or update would show here), PQFTL's at eps = 0.01 is far above the printed order 1e-2 on this set-up;
// a simulation of an open set-up: undecided.
TEST(JktQftl, ExperimentsReproduced) {
  const auto* k = privoco::proofs::find_regret_check("JKT.const.experiments");
  ASSERT_NE(k, nullptr);
  const auto o = k->run(k->defaults, 1);
  EXPECT_EQ(o.verdict, "undecided") << o.note;
  ASSERT_EQ(o.cases.size(), 5u);
  EXPECT_LT(o.cases[0].realised, 1e-3) << o.cases[0].stream;  // FTL
  EXPECT_GT(o.cases[1].realised, 1e-2) << o.cases[1].stream;  // PQFTL, eps = 0.01
  EXPECT_NE(o.note.find("R = "), std::string::npos);
  EXPECT_THROW(k->run({{"quad_loss", "l1"}}, 1), privoco::ParamError);
  EXPECT_THROW(k->run({{"T", "5"}}, 1), privoco::ParamError);
}

// ERRATA.md E32: the QFTL iterate leaves the ball of radius 2R/alpha (R = 10, alpha = 100, v = y = 10: x = 0.5 > 0.2,
// exact), under every reading of the loss; never where alpha <= 16 on the grid (eq19); the search stays below the
// one-direction value (the derived supremum).
TEST(JktQftlLemmas, IterateNormExceeds2ROverAlpha) {
  const auto* k = privoco::proofs::find_regret_check("JKT.lemma.qftl_iterate_norm");
  ASSERT_NE(k, nullptr);
  for (const char* q : {"eq19", "alg4", "sec51"}) EXPECT_EQ(k->run({{"quad_loss", q}}, 1).verdict, "refuted") << q;
  const auto out = k->run({}, 1);
  bool found = false;
  for (const auto& c : out.cases) {
    if (c.stream.find("alpha = 0.01:") != std::string::npos || c.stream.find("alpha = 1:") != std::string::npos ||
        c.stream.find("alpha = 16:") != std::string::npos)
      EXPECT_FALSE(c.violated) << c.stream;
    if (c.stream.find("R = 10, alpha = 100:") != std::string::npos) found = c.violated && c.realised == 0.5;
  }
  EXPECT_TRUE(found);
  const auto pos = out.note.find("reached ");
  ASSERT_NE(pos, std::string::npos);
  EXPECT_LE(std::stod(out.note.substr(pos + 8)), 1.0);
}

// ERRATA.md E33: the curvature of f_t along v is 2c R^2 + a alpha, above the printed R + alpha exactly where R > 1
// (eq19); the gradient bound fails at an iterate beyond 2R/alpha (200 > 140).
TEST(JktQftlLemmas, SmoothnessConstantIsRSquaredPlusAlpha) {
  const auto* k = privoco::proofs::find_regret_check("JKT.lemma.quadratic_smoothness");
  ASSERT_NE(k, nullptr);
  const auto out = k->run({}, 1);
  EXPECT_EQ(out.verdict, "refuted");
  for (const auto& c : out.cases) {
    if (c.stream.rfind("Hessian", 0) != 0) {
      EXPECT_TRUE(c.violated && c.realised == 200 && c.bound == 140) << c.stream;
      continue;
    }
    const bool big_R = c.stream.find("R = 2)") != std::string::npos || c.stream.find("R = 10)") != std::string::npos;
    EXPECT_EQ(c.violated, big_R) << c.stream;  // R = 0.5 and R = 1 hold (R^2 <= R)
  }
}

// ERRATA.md E35: Eq (22)'s c log T fails at small T (certified replay: R = 0.1, alpha = 100, alternating y, T = 2:
// 1.4999e-6 > 6.959e-7) under both log bases; with Eq (19)'s loss the bound with 1 + log T holds at every case, never
// at T = 1000 is the printed one exceeded; under Alg 4's loss it is exceeded at T = 1000 too (the sibling reading).
TEST(JktQftlLemmas, QftlRegretBoundLacksItsConstant) {
  const auto* k = privoco::proofs::find_regret_check("JKT.bound.qftl_regret");
  ASSERT_NE(k, nullptr);
  for (const char* base : {"e", "2"}) {
    const auto out = k->run({{"log_base_regret", base}}, 1);
    EXPECT_EQ(out.verdict, "refuted") << base;
    EXPECT_NE(out.note.find("holds at every case (certified)"), std::string::npos) << out.note;
    for (const auto& c : out.cases)
      if (c.T == 1000) EXPECT_FALSE(c.violated) << c.stream;
  }
  bool late = false;
  for (const auto& c : k->run({{"quad_loss", "alg4"}}, 1).cases) late |= c.violated && c.T == 1000;
  EXPECT_TRUE(late);
}
