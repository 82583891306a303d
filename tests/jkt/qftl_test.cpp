// JKT Eq (1) for QFTL: the derived lambda holds under both neighbour relations (certified argument; the search's
// best instances reach within 1e-3 of it and never above), and a tenth of it (the mutant) is exceeded. JKT Thm 8's
// noise tails (JKT.noise.pqftl_noise_norms): the incomplete gamma against its finite sums (second route), fast
// against certified, the printed tails refuted where k_t >= 3 and the corrected threshold holding.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <arb_hypgeom.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

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

// The fast chi tail Q(d/2, x) sums from its largest term outwards for d >= 50 (t = e^{-x} x^a/Gamma(a + 1) by
// Stirling's series, then down the finite sum where x >= a or the complement's series where x < a) and falls back to
// the finite sums where the sum from above would reach its last term: points on every side of those switches (d =
// 49/50, x = a exactly at k_t = 9, x just above and below a, odd d near x = a, d = 2^20 for POL's tail) within 4 ulp
// of the certified value (ln|value| to 1e-13 where it underflows). The sibling: the tolerance tells the value at d
// from the one at d + 1 at every point where the tail is below 1/2 (nearer 1 a neighbour may round alike).
TEST(JktPqftlNoise, TailFromThePeakInEveryRegime) {
  int points = 0, below_half = 0, apart = 0;
  double worst = 0;
  auto check = [&](const char* id, std::vector<double> x, std::vector<double> x_next) {
    const auto& e = privoco::entry(id);
    const ref::Certified c = ref::evaluate(e, x.data()), c_next = ref::evaluate(e, x_next.data());
    const privoco::fast::Value v = privoco::fast::evaluate(e, x.data());
    ++points;
    if (!std::isnormal(c.nearest())) {
      EXPECT_EQ(v.status, privoco::fast::Status::underflow) << id << " d=" << x[0];
      EXPECT_LE(std::fabs(v.log_abs() - c.log_abs()), 1e-13 * std::fabs(c.log_abs())) << id << " d=" << x[0];
      ++below_half;
      apart += std::fabs(v.log_abs() - c_next.log_abs()) > 1e-13 * std::fabs(c.log_abs());
      return;
    }
    ASSERT_EQ(v.status, privoco::fast::Status::ok) << id << " d=" << x[0];
    const double u = ref::ulp_error(c, v.value);
    worst = std::max(worst, u);
    EXPECT_LE(u, 4.0) << id << " d=" << x[0] << " x[1]=" << x[1];
    if (c.nearest() < 0.5) ++below_half, apart += ref::ulp_error(c_next, v.value) > 4.0;
  };
  for (double d : {48.0, 49.0, 50.0, 51.0, 100.0, 101.0, 511.0, 512.0, 1023.0})
    for (int k : {1, 8, 9, 10, 30}) {  // x = 9d/(2k) against a = d/2: above, equal (k = 9), below
      const double t = std::ldexp(1.0, k) - 1;
      for (double which : {0.0, 1.0}) check("JKT.noise.pqftl_noise_norms", {d, t, which}, {d + 1, t, which});
    }
  const double g_eq = std::exp(-1.0 / 9);  // x = 4.5 d ln(1/gamma) near a = d/2
  for (double d : {50.0, 51.0, 1001.0, 65537.0, 1048575.0})
    for (double gamma : {1e-6, 0.5, std::nextafter(g_eq, 0.0), g_eq, std::nextafter(g_eq, 1.0), 0.9, 0.999}) {
      const double p = d == 1048575.0 ? d - 1 : d + 1;
      check("JKT.bound.pol_noise_norm", {d, gamma, 1, 1, 1, 100, 1, 0.5, 2}, {p, gamma, 1, 1, 1, 100, 1, 0.5, 2});
    }
  std::printf("chi tails: %d points, worst %.2f ulp; told apart from d + 1 at %d of the %d below 1/2\n", points, worst,
              apart, below_half);
  EXPECT_EQ(apart, below_half);
  EXPECT_GE(below_half, 60);  // of the 125
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
        c.stream.find("alpha = 16:") != std::string::npos) {
      EXPECT_FALSE(c.violated) << c.stream;
    }
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
    for (const auto& c : out.cases) {
      if (c.T == 1000) {
        EXPECT_FALSE(c.violated) << c.stream;
      }
    }
  }
  bool late = false;
  for (const auto& c : k->run({{"quad_loss", "alg4"}}, 1).cases) late |= c.violated && c.T == 1000;
  EXPECT_TRUE(late);
}

// ---- PQFTL (Alg 4) as a streaming learner: fast against its certified replay, state, data bounds, the CLI ----
#include <random>
#include <vector>

#include "oracle/cli_support.hpp"
#include "support/reference_match.hpp"
#include "privoco/fast/jkt/private_sum.hpp"
#include "privoco/fast/jkt/qftl.hpp"
#include "privoco/reference/jkt/private_sum.hpp"
#include "privoco/reference/jkt/learners.hpp"
#include "privoco/reference/jkt/qftl.hpp"
#include "privoco/streams.hpp"

namespace {
namespace fj = privoco::fast::jkt;
namespace rj = privoco::reference::jkt;
namespace pj = privoco::jkt;

// (y_t, v_t) with ||v_t|| <= R and |y_t| <= R (counter-based: the same data for the same seed)
void data_row(const privoco::Streams& s, std::uint64_t t, int d, double R, double* y, double* v) {
  double n = 0;
  for (int j = 0; j < d; ++j) v[j] = 2 * s.uniform(100 + static_cast<std::uint64_t>(j), t) - 1, n += v[j] * v[j];
  const double k = R * s.uniform(99, t) / std::max(std::sqrt(n), 1e-300);
  for (int j = 0; j < d; ++j) v[j] *= k;
  *y = R * (2 * s.uniform(98, t) - 1);
}

// The largest |fast - certified| of the released points over a run, in ulps of the replay's rounding scale (the
// scale check --stream judges at). `offset` adds a relative error of that size to one coordinate of
// the fast run's x^_3 (through its state: what a wrong solve leaves), the sibling.
double worst_ulps(pj::QftlConfig c, double sV, double su, std::uint64_t data_seed, double offset = 0) {
  fj::PrivateQftl f(c, sV, su);
  ref::Ball bV(sV), bu(su), cost;
  rj::PrivateQftlReplay r(c, bV.get(), bu.get());
  privoco::Streams data(data_seed);
  std::vector<double> v(static_cast<std::size_t>(c.d));
  double worst = 0, y;
  for (std::uint64_t t = 1; t <= c.T; ++t) {
    const double ulp = std::ldexp(1.0, std::ilogb(std::max(r.rounding_scale(), 0x1p-1022)) - 52);
    for (int j = 0; j < c.d; ++j) {
      const double mid = arf_get_d(arb_midref(r.played()[j].get()), ARF_RND_NEAR);
      worst = std::max(worst, (std::fabs(f.played()[j] - mid) + mag_get_d(arb_radref(r.played()[j].get()))) / ulp);
    }
    data_row(data, t, c.d, c.R, &y, v.data());
    f.update(y, v.data());
    r.update(y, v.data(), cost);
    if (offset != 0 && t == 2) {
      fj::QftlState s = f.state();
      s.xhat[0] *= 1 + offset;
      f.restore(s);
    }
  }
  return worst;
}
}  // namespace

// Fast PQFTL within 16 ulps of the rounding scale of the certified replay (the default tolerance of check --stream): d = 1..6, alpha and R over decades, node noise from none to dominant (where t alpha I + V^_t is far from
// well conditioned), every reading of the charged loss.
RC_GTEST_PROP(JktPqftlLearner, FastWithin16UlpOfTheRoundingScale, ()) {
  pj::QftlConfig c;
  c.d = *rc::gen::inRange(1, 7);
  c.T = *rc::gen::inRange<std::uint64_t>(2, 50);
  c.alpha = std::exp(*rc::gen::inRange(-3000, 3000) / 1000.0);
  c.R = std::exp(*rc::gen::inRange(-2000, 2000) / 1000.0);
  c.loss = *rc::gen::element(pj::QuadLoss::eq19, pj::QuadLoss::alg4, pj::QuadLoss::sec51);
  c.seed = *rc::gen::inRange<std::uint64_t>(1, 1u << 30);
  const double s = *rc::gen::element(0.0, 1e-3, 1.0, 30.0);
  const double w = worst_ulps(c, s * c.R * c.R, s * c.R, *rc::gen::inRange<std::uint64_t>(1, 1000));
  RC_TAG(w > 4 ? "> 4" : "<= 4");
  RC_ASSERT(w <= 16);
}

// The sibling: one released coordinate off by one part in 10^10 is seen.
TEST(JktPqftlLearner, PerturbedSolveFailsTheTolerance) {
  pj::QftlConfig c;
  c.d = 3, c.T = 20, c.alpha = 1, c.R = 1, c.seed = 4;
  EXPECT_LE(worst_ulps(c, 0.5, 0.5, 3), 16);
  EXPECT_GT(worst_ulps(c, 0.5, 0.5, 3, 1e-10), 16);
}

// Without noise x^_{t+1} is FTL's minimiser of Eq (19)'s cumulative loss (Eq (20), (21)): its gradient
// sum_tau (v.x - y) v + t alpha x contains 0 (certified, at the replay's point); the minimiser of Alg 4 l.1's loss
// (twice the squared term) does not, so the update is Eq (19)'s whatever loss is charged (J14).
TEST(JktPqftlLearner, NoiselessUpdateIsTheFtlMinimiser) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    pj::QftlConfig c;
    c.d = 1 + static_cast<int>(seed % 4), c.T = 12, c.alpha = 0.3, c.R = 2, c.seed = seed;
    ref::Ball zero, cost;
    rj::PrivateQftlReplay r(c, zero.get(), zero.get());
    privoco::Streams data(seed + 100);
    std::vector<std::vector<double>> vs;
    std::vector<double> ys, v(static_cast<std::size_t>(c.d));
    for (std::uint64_t t = 1; t < c.T; ++t) {
      double y;
      data_row(data, t, c.d, c.R, &y, v.data());
      r.update(y, v.data(), cost);
      ys.push_back(y), vs.push_back(v);
      for (double factor : {1.0, 2.0}) {  // Eq (19)'s gradient, and Alg 4 l.1's (the sibling)
        bool zero_in_all = true;
        for (int i = 0; i < c.d; ++i) {
          ref::Ball g, a, res, k(factor), tal(0.3);
          arb_mul_ui(tal, tal, t, 256);
          arb_mul(g, tal, r.played()[i].get(), 256);
          for (std::size_t tau = 0; tau < ys.size(); ++tau) {
            ref::Ball dot, yy(ys[tau]);
            for (int j = 0; j < c.d; ++j) {
              ref::Ball vj(vs[tau][j]);
              arb_addmul(dot, vj, r.played()[j].get(), 256);
            }
            arb_sub(res, dot, yy, 256);
            ref::Ball vi(vs[tau][i]);
            arb_mul(res, res, vi, 256);
            arb_mul(res, res, k, 256);
            arb_add(g, g, res, 256);
          }
          zero_in_all &= arb_contains_zero(g) != 0;
        }
        if (factor == 1) EXPECT_TRUE(zero_in_all) << "seed " << seed << " t " << t;
        else EXPECT_FALSE(zero_in_all) << "seed " << seed << " t " << t;
      }
    }
  }
}

// State save and restore continue the run bit for bit; refused states change nothing.
TEST(JktPqftlLearner, StateRoundTripIsExact) {
  pj::QftlConfig c;
  c.d = 3, c.T = 40, c.alpha = 0.5, c.R = 1, c.seed = 8;
  fj::PrivateQftl a(c, 0.7, 0.4), b(c, 0.7, 0.4);
  privoco::Streams data(5);
  std::vector<double> v(3);
  double y;
  for (std::uint64_t t = 1; t <= 17; ++t) {
    data_row(data, t, 3, 1, &y, v.data());
    a.update(y, v.data());
  }
  const fj::QftlState s = a.state();
  b.restore(s);
  for (std::uint64_t t = 18; t <= 40; ++t) {
    data_row(data, t, 3, 1, &y, v.data());
    EXPECT_EQ(a.update(y, v.data()), b.update(y, v.data()));
    for (int j = 0; j < 3; ++j) EXPECT_EQ(a.played()[j], b.played()[j]);
  }
  fj::PrivateQftl e(c, 0.7, 0.4);
  fj::QftlState bad = s;
  bad.V.t = 16;  // the trees out of step with t
  EXPECT_THROW(e.restore(bad), privoco::DomainError);
  bad = s;
  bad.xhat[1] = NAN;
  EXPECT_THROW(e.restore(bad), privoco::DomainError);
  bad = s;
  bad.u.ahat.pop_back();
  EXPECT_THROW(e.restore(bad), privoco::DomainError);
  EXPECT_EQ(e.rounds(), 0u);
  EXPECT_EQ(e.state().V.t, 0u);  // the V-tree was restored, then the u-tree refused: nothing kept
}

// J8 (b): data beyond the public R refused by name (assert) or clipped (|y| to R, v to norm R), in both parts.
TEST(JktPqftlLearner, DataBeyondRRefusedOrClipped) {
  pj::QftlConfig c;
  c.d = 2, c.T = 5, c.alpha = 1, c.R = 1;
  fj::PrivateQftl f(c, 0.1, 0.1);
  const double v_big[2] = {3, 4}, v_ok[2] = {0.6, 0.8};
  try {
    f.update(0.5, v_big);
    ADD_FAILURE() << "no error";
  } catch (const privoco::DomainError& e) {
    EXPECT_NE(std::string(e.what()).find("v_t"), std::string::npos) << e.what();
  }
  EXPECT_THROW(f.update(1.5, v_ok), privoco::DomainError);
  EXPECT_EQ(f.rounds(), 0u);
  bool clipped = true;
  f.update(-1, v_ok, &clipped);  // on the sphere: taken as given
  EXPECT_FALSE(clipped);
  c.enforce = pj::REnforce::clip;
  fj::PrivateQftl g(c, 0.1, 0.1);
  g.update(-7, v_big, &clipped);
  EXPECT_TRUE(clipped);
  EXPECT_EQ(g.taken_y(), -1);
  EXPECT_NEAR(g.taken_v()[0], 0.6, 3e-16);  // 3 (1/5) and 4 (1/5) in double
  EXPECT_NEAR(g.taken_v()[1], 0.8, 3e-16);
  ref::Ball s(0.1), cost;
  rj::PrivateQftlReplay r(c, s.get(), s.get());
  r.update(-7, v_big, cost, &clipped);
  EXPECT_TRUE(clipped);
  arb_t gap;  // both parts took the same clipped data: the fast point lies in (or within rounding of) the replay's
  arb_init(gap);
  for (int j = 0; j < 2; ++j) {
    arb_set_d(gap, g.played()[j]);
    arb_sub(gap, gap, r.played()[j].get(), 256);
    EXPECT_LT(std::fabs(arf_get_d(arb_midref(gap), ARF_RND_NEAR)), 1e-15);
  }
  arb_clear(gap);
}

// The comparator is the minimum of the charged rounds' loss: no point of a random cloud around it does better, and
// the objective at its argmin equals it (certified); N alpha/2 for Sec 5.1's N alpha (the wrong coefficient) misses.
TEST(JktPqftlLearner, ComparatorIsTheMinimum) {
  pj::QftlConfig c;
  c.d = 2, c.alpha = 0.8, c.R = 1, c.loss = pj::QuadLoss::sec51;
  privoco::Streams data(21);
  std::vector<ref::Ball> Svv(4), Syv(2);
  ref::Ball Syy, best, p;
  std::vector<std::pair<double, std::vector<double>>> rows;
  for (std::uint64_t t = 1; t <= 9; ++t) {
    double y;
    std::vector<double> v(2);
    data_row(data, t, 2, 1, &y, v.data());
    rows.push_back({y, v});
    ref::Ball yb(y);
    arb_addmul(Syy, yb, yb, 256);
    for (int i = 0; i < 2; ++i) {
      ref::Ball vi(v[i]);
      arb_addmul(Syv[i], yb, vi, 256);
      for (int j = 0; j < 2; ++j) {
        ref::Ball vj(v[j]);
        arb_addmul(Svv[i * 2 + j], vi, vj, 256);
      }
    }
  }
  rj::qftl_comparator(best, c, Svv, Syv, Syy, rows.size(), 256);
  auto objective = [&](double x0, double x1) {  // sec51: sum (y - v.x)^2 + alpha ||x||^2, in double
    double s = 0;
    for (const auto& [y, v] : rows) s += (y - v[0] * x0 - v[1] * x1) * (y - v[0] * x0 - v[1] * x1) + 0.8 * (x0 * x0 + x1 * x1);
    return s;
  };
  const double b = arf_get_d(arb_midref(best.get()), ARF_RND_NEAR);
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-2, 2);
  for (int k = 0; k < 2000; ++k) EXPECT_GE(objective(u(rng), u(rng)), b * (1 - 1e-12));
  pj::QftlConfig wrong = c;
  wrong.loss = pj::QuadLoss::alg4;  // alpha/2: a smaller minimum than Sec 5.1's loss has
  ref::Ball other;
  rj::qftl_comparator(other, wrong, Svv, Syv, Syy, rows.size(), 256);
  EXPECT_LT(arf_get_d(arb_midref(other.get()), ARF_RND_NEAR), b * (1 - 1e-6));
}

// The vectorised node draws (streaming tree) and the scalar node_draw: the same bits, and within 4 ulp of the
// certified Box-Muller pair (cosine for even coordinates, sine for odd), including near the zeros of cos and sin.
TEST(JktPqftlLearner, NodeDrawsAreBoxMullerPairs) {
  privoco::Streams s(12345);
  double worst = 0;
  for (std::uint64_t q = 0; q < 200; ++q)
    for (std::uint64_t j = 0; j < 9; ++j) {
      const double f = fj::node_draw(s, 3, 2, q, j);
      ref::Ball z;
      rj::node_draw(z, s, 3, 2, q, j, 256);
      const double m = arf_get_d(arb_midref(z.get()), ARF_RND_NEAR);
      worst = std::max(worst, std::fabs(f - m) / std::ldexp(1.0, std::ilogb(std::fabs(m)) - 52));
      ref::Ball zc;  // the sibling: odd coordinates are not the cosine branch
      if (j & 1) {
        const std::uint64_t stream = fj::node_stream(3, 2, q);
        privoco::reference::box_muller(zc, s.uniform(stream, j - 1), s.uniform(stream, j), 256, false);
        EXPECT_GT(std::fabs(arf_get_d(arb_midref(zc.get()), ARF_RND_NEAR) - f), 1e-6 * std::fabs(f) + 1e-300);
      }
    }
  std::printf("fast node draws within %.2f ulp of the certified Box-Muller values\n", worst);
  EXPECT_LE(worst, 4);
  // one node's coordinates from the streaming tree at sigma = 1 equal node_draw bit for bit
  fj::PrivateSum tree(5, 4, 1.0, 12345, 3);
  double w[5] = {0, 0, 0, 0, 0}, out[5];
  tree.add(w, out);
  for (std::uint64_t j = 0; j < 5; ++j) EXPECT_EQ(out[j], fj::node_draw(s, 3, 0, 0, j));
}

namespace {
// Another program's PQFTL with its own noise: the noisy sums V^_t, u^_t formed in double (Gaussian node noise of its
// own, one draw per row here), written beside its points in columns Vh1..Vh{d^2}, uh1..uhd, and x^_{t+1} by its own
// Gaussian elimination. `shift` = 1 solves with (t + 1) alpha I (an off-by-one round count, the sibling).
std::string other_pqftl_run(int shift) {
  const int T = 25;  // d = 2
  const double alpha = 0.7;
  std::mt19937_64 rng(29);
  std::uniform_real_distribution<double> u(-0.6, 0.6);
  std::normal_distribution<double> noise(0, 0.05);
  double V[4] = {0, 0, 0, 0}, U[2] = {0, 0}, x[2] = {0, 0};
  std::string text = "t,y,v1,v2,xhat1,xhat2,Vh1,Vh2,Vh3,Vh4,uh1,uh2\n";
  char buf[512];
  for (int t = 1; t <= T; ++t) {
    const double v[2] = {u(rng), u(rng)}, y = u(rng);
    for (int i = 0; i < 2; ++i) {
      U[i] += y * v[i];
      for (int j = 0; j < 2; ++j) V[i * 2 + j] += v[i] * v[j];
    }
    double Vh[4], uh[2];
    for (int k = 0; k < 4; ++k) Vh[k] = V[k] + noise(rng);
    for (int k = 0; k < 2; ++k) uh[k] = U[k] + noise(rng);
    std::snprintf(buf, sizeof buf, "%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", t, y, v[0],
                  v[1], x[0], x[1], Vh[0], Vh[1], Vh[2], Vh[3], uh[0], uh[1]);
    text += buf;
    const double a = Vh[0] + (t + shift) * alpha, b = Vh[1], c = Vh[2], dd = Vh[3] + (t + shift) * alpha;
    const double det = a * dd - b * c;  // the 2 x 2 solve by Cramer's rule
    x[0] = (uh[0] * dd - b * uh[1]) / det, x[1] = (a * uh[1] - c * uh[0]) / det;
  }
  return text;
}
}  // namespace

// privoco run pqftl: both parts, the readings in the summary, data refused or clipped, state files that continue the
// run exactly; check --stream pqftl: privoco's own run passes at its seed and fails at another, another program
// with its own noisy sums passes, and the same program with (t + 1) alpha is caught at its second release.
TEST(JktPqftlCli, RunStateAndStreamCheck) {
  using privoco::testing::run_cli;
  const std::string dir = privoco::testing::test_dir();
  std::string data = "y,v1,v2\n";
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-0.6, 0.6);
  char buf[128];
  for (int t = 0; t < 30; ++t) {
    std::snprintf(buf, sizeof buf, "%.17g,%.17g,%.17g\n", u(rng), u(rng), u(rng));
    data += buf;
  }
  privoco::testing::spit(dir + "pqftl_data.csv", data);
  const std::string params = " alpha=0.7 R=1 eps=2 delta=1e-6 T=30 ";
  auto r = run_cli("run pqftl" + params + "--seed 4 --gradients " + dir + "pqftl_data.csv --out " + dir + "pqftl_run.csv");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE((r.out + r.err).find("R_enforce = assert"), std::string::npos) << r.out << r.err;
  EXPECT_NE((r.out + r.err).find("realised regret"), std::string::npos) << r.out << r.err;
  r = run_cli("run pqftl" + params + "--seed 4 --impl reference --json --gradients " + dir + "pqftl_data.csv");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("\"regret\""), std::string::npos) << r.err;
  // state: the first 12 rows, then the rest from the state file, gives the uninterrupted run's points
  const std::string full = privoco::testing::slurp(dir + "pqftl_run.csv");
  std::string first = "y,v1,v2\n", rest = "y,v1,v2\n";
  {
    std::size_t pos = data.find('\n') + 1;
    for (int t = 0; t < 30; ++t) {
      const std::size_t e = data.find('\n', pos) + 1;
      (t < 12 ? first : rest) += data.substr(pos, e - pos);
      pos = e;
    }
  }
  privoco::testing::spit(dir + "pqftl_first.csv", first);
  privoco::testing::spit(dir + "pqftl_rest.csv", rest);
  r = run_cli("run pqftl" + params + "--seed 4 --gradients " + dir + "pqftl_first.csv --state-out " + dir +
              "pqftl_state.json --out " + dir + "pqftl_a.csv");
  ASSERT_EQ(r.code, 0) << r.err;
  r = run_cli("run pqftl" + params + "--seed 4 --gradients " + dir + "pqftl_rest.csv --state-in " + dir +
              "pqftl_state.json --out " + dir + "pqftl_b.csv");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string a = privoco::testing::slurp(dir + "pqftl_a.csv"), b = privoco::testing::slurp(dir + "pqftl_b.csv");
  EXPECT_EQ(a + b.substr(b.find('\n') + 1), full);
  EXPECT_NE((r.out + r.err).find("30 rounds"), std::string::npos) << r.out << r.err;
  r = run_cli("run pqftl" + params + "--seed 5 --gradients " + dir + "pqftl_rest.csv --state-in " + dir + "pqftl_state.json");
  EXPECT_EQ(r.code, 2) << r.err;  // another seed's run: refused
  // data beyond R: the row named (assert), or clipped and counted
  privoco::testing::spit(dir + "pqftl_big.csv", "y,v\n0.5,0.5\n0.5,1.5\n");
  r = run_cli("run pqftl alpha=1 R=1 eps=1 delta=1e-6 T=5 --gradients " + dir + "pqftl_big.csv");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("pqftl_big.csv:3:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("v_t"), std::string::npos) << r.err;
  r = run_cli("run pqftl alpha=1 R=1 eps=1 delta=1e-6 T=5 R_enforce=clip --gradients " + dir + "pqftl_big.csv");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("1 clipped"), std::string::npos) << r.err;
  // check --stream: privoco's own run at its seed, not at another
  r = run_cli("check " + dir + "pqftl_run.csv --stream pqftl" + params + "seed=4 --json");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  r = run_cli("check " + dir + "pqftl_run.csv --stream pqftl" + params + "seed=3 --json");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  // another program with its own noisy sums; the off-by-one sibling fails at its second release
  privoco::testing::spit(dir + "pqftl_other.csv", other_pqftl_run(0));
  privoco::testing::spit(dir + "pqftl_other_bad.csv", other_pqftl_run(1));
  const std::string oparams = " --stream pqftl alpha=0.7 R=1 eps=1 delta=1e-6 T=25 --json";
  r = run_cli("check " + dir + "pqftl_other.csv" + oparams);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\"noise\":\"file\""), std::string::npos) << r.out;
  r = run_cli("check " + dir + "pqftl_other_bad.csv" + oparams);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"first_disagreement\":{\"step\":2,"), std::string::npos) << r.out;
  // FTL (Eq (20)): its own run replays, with no noise named
  r = run_cli("run ftl alpha=0.7 R=1 T=30 quad_loss=alg4 --gradients " + dir + "pqftl_data.csv --out " + dir + "ftl_run.csv");
  ASSERT_EQ(r.code, 0) << r.err;
  r = run_cli("check " + dir + "ftl_run.csv --stream ftl alpha=0.7 R=1 T=30 quad_loss=alg4 --json");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\"noise\":\"none\""), std::string::npos) << r.out;
  r = run_cli("check " + dir + "ftl_run.csv --stream ftl alpha=0.7 R=1 T=30 quad_loss=eq19 --json");  // another loss
  EXPECT_EQ(r.code, 1) << r.out << r.err;
}

// ---- PQFTL's analysis: Eq (31), Eq (32) as functions, and the prover's verdicts ----
namespace {
double fast_value(const char* id, std::vector<double> x) { return privoco::fast::evaluate(privoco::entry(id), x.data()).value; }
void ref_value(arb_t res, const char* id, const std::vector<double>& x) {
  arb_set(res, privoco::reference::evaluate(privoco::entry(id), x.data()).ball.get());
}
}  // namespace

// Eq (31) and (32) in fast within a few ulp of the certified value (Eq (31) up to its condition alpha/|alpha - q|
// near the pole), and the certified value against a second route: the same expressions rearranged, (31) as
// 3 sigma sqrt(d) (1 + 2R/alpha)/|alpha t - 6 sigma sqrt(d) R/alpha| and (32) as (22)'s bound plus the product of
// sigma-free factors.
TEST(JktPqftlBounds, FastAndSecondRoute) {
  std::mt19937_64 rng(41);
  std::uniform_real_distribution<double> u(0, 1);
  double worst31 = 0, worst32 = 0;
  for (int k = 0; k < 400; ++k) {
    const double R = std::exp(4 * u(rng) - 2), alpha = std::exp(4 * u(rng) - 2), eps = std::exp(6 * u(rng) - 4);
    const double delta = std::exp(-1 - 25 * u(rng)), T = std::floor(std::exp(2 + 12 * u(rng))), d = 1 + std::floor(20 * u(rng));
    const double t = 1 + std::floor((T - 1) * u(rng) * u(rng)), base = k % 3, base_r = k % 2;
    // (31)
    ref::Ball c31, s31, sigma, q, den;
    ref_value(c31, "JKT.bound.pqftl_iterate_error", {R, alpha, eps, delta, T, d, t, base});
    {
      ref::Ball sd(d);
      arb_sqrt(sd, sd, 256);
      ref_value(sigma, "JKT.noise.tree_sigma", {R, eps, delta, T, base});
      arb_mul(sigma, sigma, sd, 256);
    }
    ref::Ball Rb(R), ab(alpha), tb(t), num;
    arb_mul(q, sigma, Rb, 256);
    arb_mul_ui(q, q, 6, 256);
    arb_div(q, q, ab, 256);
    arb_mul(den, ab, tb, 256);
    arb_sub(den, den, q, 256);
    arb_abs(den, den);
    arb_div(num, Rb, ab, 256);
    arb_mul_2exp_si(num, num, 1);
    arb_add_ui(num, num, 1, 256);
    arb_mul(num, num, sigma, 256);
    arb_mul_ui(num, num, 3, 256);
    arb_div(s31, num, den, 256);
    EXPECT_TRUE(arb_overlaps(c31, s31)) << "R " << R << " alpha " << alpha << " t " << t;
    const double f31 = fast_value("JKT.bound.pqftl_iterate_error", {R, alpha, eps, delta, T, d, t, base});
    const double m31 = arf_get_d(arb_midref(c31.get()), ARF_RND_NEAR);
    // condition of (31) at the pole: alpha t/|alpha t - q|
    ref::Ball cond;
    arb_mul(cond, ab, tb, 256);
    arb_div(cond, cond, den, 256);
    const double ulps31 = std::fabs(f31 - m31) / std::ldexp(1.0, std::ilogb(m31) - 52) /
                          std::max(1.0, arf_get_d(arb_midref(cond.get()), ARF_RND_NEAR));
    worst31 = std::max(worst31, ulps31);
    // (32)
    ref::Ball c32, A, B, sum;
    ref_value(c32, "JKT.bound.pqftl", {R, alpha, eps, delta, T, d, base, base_r, 0});
    ref_value(A, "JKT.bound.pqftl", {R, alpha, eps, delta, T, d, base, base_r, 1});
    ref_value(B, "JKT.bound.pqftl", {R, alpha, eps, delta, T, d, base, base_r, 2});
    arb_add(sum, A, B, 256);
    EXPECT_TRUE(arb_overlaps(c32, sum));
    {  // A = R^4 (1 + 2R/alpha)^2/alpha log T, as ((R^2 (alpha + 2R))/alpha^1.5)^2 log T
      ref::Ball a2, lT(T);
      arb_mul_2exp_si(a2, Rb, 1);
      arb_add(a2, a2, ab, 256);
      arb_mul(a2, a2, Rb, 256);
      arb_mul(a2, a2, Rb, 256);
      ref::Ball ap;
      arb_sqrt(ap, ab, 256);
      arb_mul(ap, ap, ab, 256);
      arb_div(a2, a2, ap, 256);
      arb_sqr(a2, a2, 256);
      arb_log(lT, lT, 256);
      if (base_r == 1) {
        ref::Ball l2;
        arb_const_log2(l2, 256);
        arb_div(lT, lT, l2, 256);
      }
      arb_mul(a2, a2, lT, 256);
      EXPECT_TRUE(arb_overlaps(a2, A)) << "A at R " << R << " alpha " << alpha;
    }
    const double f32 = fast_value("JKT.bound.pqftl", {R, alpha, eps, delta, T, d, base, base_r, 0});
    const double m32 = arf_get_d(arb_midref(c32.get()), ARF_RND_NEAR);
    worst32 = std::max(worst32, std::fabs(f32 - m32) / std::ldexp(1.0, std::ilogb(m32) - 52));
  }
  std::printf("fast Eq (31) within %.2f ulp (over its condition at the pole), Eq (32) within %.2f ulp\n", worst31, worst32);
  EXPECT_LE(worst31, 16);
  EXPECT_LE(worst32, 16);
  // the sibling: (31) with the derived denominator alpha t - 3 sigma sqrt d is another function
  EXPECT_NE(fast_value("JKT.bound.pqftl_iterate_error", {0.2, 1, 1, 1e-6, 1024, 1, 1000, 0}),
            fast_value("JKT.bound.pqftl_iterate_error", {1, 2, 1, 1e-6, 1024, 1, 1000, 0}) * 0.2);
  EXPECT_THROW(fast_value("JKT.bound.pqftl_iterate_error", {1, 1, 1, 1e-6, 100, 1, 101, 0}), privoco::DomainError);
}

// Eq (32)'s batch path where B is negative (log sqrt(log T/delta) < 0: base e, T = 2, delta = 0.9): the total, each
// term, a total that is negative (B dominating at d = 10^6, eps = 10^-6), and B = 0 (delta = ln 2 = log T: the
// scalar function's route); against the reference and the scalar calls bit for bit. The sibling: the total there is
// not A + |B|.
TEST(JktPqftlBounds, BatchWhereThePerturbationTermIsNegative) {
  std::vector<std::vector<double>> pts;
  for (double which : {0.0, 1.0, 2.0}) {
    pts.push_back({1, 1, 1, 0.9, 2, 1, 0, 0, which});
    pts.push_back({0.3, 2, 1e-6, 0.9, 2, 1e6, 0, 1, which});
    pts.push_back({1, 1, 1, std::log(2.0), 2, 1, 0, 0, which});
  }
  privoco::testing::expect_batch_matches("JKT.bound.pqftl", pts, 8);
  EXPECT_LT(fast_value("JKT.bound.pqftl", pts[1]), 0);
  EXPECT_NE(fast_value("JKT.bound.pqftl", pts[0]),
            fast_value("JKT.bound.pqftl", pts[3]) + std::fabs(fast_value("JKT.bound.pqftl", pts[6])))
      << "the sibling";
}

// The prover's verdicts: (30) refuted by the exact instance and by random instances only where ||A||/t > alpha;
// (31) refuted on the proof's event; (32) against seeded runs certified by replay.
TEST(JktPqftlBounds, ProverVerdicts) {
  const auto* p = privoco::proofs::find_regret_check("JKT.lemma.pqftl_perturbation");
  ASSERT_NE(p, nullptr);
  auto o = p->run({}, 1);
  EXPECT_EQ(o.verdict, "refuted") << o.note;
  ASSERT_GE(o.cases.size(), 3u);
  EXPECT_TRUE(o.cases[0].violated);   // the exact instance
  EXPECT_FALSE(o.cases[1].violated);  // ||A||/t < alpha: (30) holds
  EXPECT_TRUE(o.cases[2].violated);   // ||A||/t > alpha
  EXPECT_NE(o.note.find("(28), (29): 0 violations"), std::string::npos) << o.note;
  const auto* q = privoco::proofs::find_regret_check("JKT.bound.pqftl_iterate_error");
  ASSERT_NE(q, nullptr);
  o = q->run(q->defaults, 1);
  EXPECT_EQ(o.verdict, "refuted") << o.note;
  const auto* r = privoco::proofs::find_regret_check("JKT.bound.pqftl");
  ASSERT_NE(r, nullptr);
  o = r->run(r->defaults, 1);
  std::printf("JKT.bound.pqftl: %s; %s\n", o.verdict.c_str(), o.note.c_str());
  EXPECT_NE(o.verdict, "certified");
  EXPECT_THROW(r->run({{"log_base", "10"}}, 1), privoco::ParamError);
  // ERRATA.md E42: Alg 4 l.9 is FTL of Eq (19)'s and Sec 5.1's loss, not of l.1's
  const auto* ql = privoco::proofs::find_regret_check("JKT.alg.quadratic_loss");
  ASSERT_NE(ql, nullptr);
  o = ql->run({}, 1);
  EXPECT_EQ(o.verdict, "refuted") << o.note;
  ASSERT_EQ(o.cases.size(), 4u);
  EXPECT_FALSE(o.cases[1].violated);
  EXPECT_EQ(o.cases[1].realised, 0);  // eq19: l.9 is its FTL
  EXPECT_EQ(o.cases[2].realised, 200);  // alg4: never
  EXPECT_EQ(o.cases[3].realised, 0);  // sec51
}

// JKT.alg.ftl: the noiseless learner with step_alpha = a alpha/(2c) is FTL of the charged loss under every reading
// of J14 (the gradient sum_tau 2c (v.x - y) v + t a alpha x contains 0 at the replay's point, certified); Alg 4 l.9's
// alpha (PQFTL's update) is that minimiser under eq19 and sec51 only, not under alg4 (the sibling).
TEST(JktPqftlLearner, FtlIsTheMinimiserOfTheChargedLoss) {
  for (auto loss : {pj::QuadLoss::eq19, pj::QuadLoss::alg4, pj::QuadLoss::sec51})
    for (bool printed_step : {false, true}) {
      pj::QftlConfig c;
      c.d = 2, c.T = 8, c.alpha = 0.7, c.R = 1, c.loss = loss, c.seed = 3;
      c.step_alpha = printed_step ? 0 : pj::ftl_step_alpha(c);
      const auto k = pj::quad_coefficients(loss);
      ref::Ball zero, cost;
      rj::PrivateQftlReplay r(c, zero.get(), zero.get());
      privoco::Streams data(77);
      std::vector<std::vector<double>> vs;
      std::vector<double> ys, v(2);
      bool all_zero = true;
      for (std::uint64_t t = 1; t < c.T; ++t) {
        double y;
        data_row(data, t, 2, 1, &y, v.data());
        r.update(y, v.data(), cost);
        ys.push_back(y), vs.push_back(v);
        for (int i = 0; i < 2; ++i) {
          ref::Ball g, ta(k.a * c.alpha), kc(2 * k.c);
          arb_mul_ui(ta, ta, t, 256);
          arb_mul(g, ta, r.played()[i].get(), 256);
          for (std::size_t tau = 0; tau < ys.size(); ++tau) {
            ref::Ball res, yy(ys[tau]), vi(vs[tau][i]);
            for (int j = 0; j < 2; ++j) {
              ref::Ball vj(vs[tau][j]);
              arb_addmul(res, vj, r.played()[j].get(), 256);
            }
            arb_sub(res, res, yy, 256);
            arb_mul(res, res, vi, 256);
            arb_addmul(g, res, kc, 256);
          }
          all_zero &= arb_contains_zero(g) != 0;
        }
      }
      const bool minimiser = !printed_step || loss != pj::QuadLoss::alg4;
      EXPECT_EQ(all_zero, minimiser) << "loss " << static_cast<int>(loss) << " printed step " << printed_step;
    }
}

// JKT Def 1: the minimum privoco's runs report equals the definition's (certified on random streams of both families);
// the sibling: the ball family's unconstrained minimiser -S/(N alpha), outside the ball, is not in C and is lower.
TEST(JktPqftlBounds, RegretDefinitionAsComputed) {
  const auto* k = privoco::proofs::find_regret_check("JKT.bound.regret_def");
  ASSERT_NE(k, nullptr);
  const auto o = k->run({}, 1);
  EXPECT_EQ(o.verdict, "certified") << o.note;
  // d = 1, N = 1, alpha = 1, S = 3, radius 1: the minimum over C is at -1 (1/2 - 3 = -2.5); -S/alpha = -3 gives -4.5
  std::vector<ref::Ball> S(1);
  arb_set_d(S[0], 3);
  ref::Ball best, a(1.0), r(1.0);
  std::vector<ref::Ball> x;
  rj::quadratic_comparator(best, &x, S, 1, a, r, 256);
  EXPECT_EQ(arf_get_d(arb_midref(best.get()), ARF_RND_NEAR), -2.5);
  EXPECT_NE(arf_get_d(arb_midref(best.get()), ARF_RND_NEAR), -4.5);
}

// Sec 5.1's objective is twice Eq (19)'s (certified on random points and FTL runs); the sibling: Alg 4 l.1's loss is
// not a fixed multiple of it in any run.
TEST(JktPqftlBounds, OlrObjectiveIsTwiceEq19) {
  const auto* k = privoco::proofs::find_regret_check("JKT.alg.olr_objective");
  ASSERT_NE(k, nullptr);
  const auto o = k->run({}, 1);
  EXPECT_EQ(o.verdict, "certified") << o.note;
  EXPECT_NE(o.note.find("multiple of Eq (19)'s in 0 of 10 runs"), std::string::npos) << o.note;
}

// Entries near the top of the double range (v_j, x_j up to 1e274, alpha up to 1e271): the double-double residual and
// square norm overflowed on the way and gave NaN; now the scaled form, against the reference (the overflow status
// and ln f, or 8 ulp)
TEST(JktQuadraticLoss, EntriesNearTheTopOfTheRangeAgainstReference) {
  const std::vector<std::vector<double>> pts = {
      {2, 8.08e271, 2.59e259, 2.52e-192, -3.96e-308, -7.71e216, 1.27e-152, -5.28e183, 1},
      {1, 3.26e-192, 3.76e124, 2.31e-282, -6.78e-127, -4.96e273, 2},
      {1, 1, 1e300, 1e300, 1e300, 1e-10, 0},
      {1, 1e-300, 1, 0.5, 0.5, 1e300, 1}};
  for (const auto& p : pts) privoco::testing::expect_matches_reference("JKT.alg.quadratic_loss", p);
}

// The loss where its residual or its square leaves the range: each product v_j x_j at its own scale (a small v_j
// beside a huge x_j underflowed when v was scaled by its largest entry: 1.1e288 with status ok where the loss is
// 5.8e337), and no product term where x = 0 (y = 4.9e-324 became 0). The siblings: the old scaling's product, and
// y at the products' scale, underflow to 0.
TEST(QuadraticLossFast, ResidualTermsAtTheirOwnScale) {
  using privoco::testing::expect_matches_reference;
  expect_matches_reference("JKT.alg.quadratic_loss",
                           {4, 8.0947715414629834e-320, 1.755786214748599e+305, -1.8261590946478629e-259,
                            -4.7650919631761045e+79, -1.9724182270697161e-16, 6.9272962878941846e+269, 2.057430408381933e-135,
                            2.9529494699170704e-178, -1.6518250928198789e-308, -2.8190133615385157e-119,
                            -5.2227303301436537e+303, 0});
  expect_matches_reference("JKT.alg.quadratic_loss", {1, 1.8548615484280878e-299, 1.7976931348623157e+308,
                                                      4.9406564584124654e-324, 8.5260834040454706e+158, 0, 2});
  EXPECT_EQ(std::ldexp(2.057430408381933e-135, -(std::ilogb(6.9272962878941846e+269) - 250)), 0.0) << "the sibling";
  EXPECT_EQ(std::ldexp(4.9406564584124654e-324, -(std::ilogb(8.5260834040454706e+158) - 250)), 0.0) << "the sibling";
}
