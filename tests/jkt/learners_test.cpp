// JKT's PIGD (Alg 2) and PGIGA (Alg 3) as streaming learners: every released point and cost of the fast run within a
// stated number of ulps of the certified replay (seeded runs over both algorithms and every reading), with the
// sibling a step of the wrong size fails; IGD's step is the argmin of Eq (13) (its optimality conditions, and GIGA's
// step fails them); the burn-in of J7 under both readings; the comparator's optimality; exact state save and
// restore; cos(2 pi u) against the certified value; the CLI's refusals.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "oracle/cli_support.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/jkt/learners.hpp"
#include "privoco/fast/numerics/gaussian_draws.hpp"
#include "privoco/reference/jkt/learners.hpp"
#include "privoco/streams.hpp"

namespace fj = privoco::fast::jkt;
namespace rj = privoco::reference::jkt;
namespace pj = privoco::jkt;
using privoco::reference::Ball;

namespace {

// g_t uniform in the ball of radius gmax (counter-based: the same data for the same seed)
std::vector<double> data_row(const privoco::Streams& s, std::uint64_t t, int d, double gmax) {
  std::vector<double> g(static_cast<std::size_t>(d));
  for (int j = 0; j < d; ++j) g[j] = 2 * s.uniform(7000 + static_cast<std::uint64_t>(j), t) - 1;
  const double n = fj::norm2(g.data(), d);
  const double r = gmax * s.uniform(6999, t);
  for (double& x : g) x *= r / std::max(n, 1e-300);
  return g;
}

// |fast - certified| in ulps of `scale`. Points are measured at the scale of C, its radius: every iterate is formed
// from terms of that size (t x_t/(t + 1) and g_t/(alpha (t + 1)) cancel where the step lands near the centre, and a
// coordinate near 0 of a point on the sphere carries the point's rounding, not its own); costs at the size of f's
// terms on C, alpha r^2/2 + |g| r (+ 1 for the phi families).
double ulps_of_scale(double fast, const Ball& ref, double scale) {
  const double mid = arf_get_d(arb_midref(ref.get()), ARF_RND_NEAR);
  const double rad = mag_get_d(arb_radref(ref.get()));
  const double ulp = std::ldexp(1.0, std::ilogb(std::max(scale, 1e-300)) - 52);
  return (std::fabs(fast - mid) + rad) / ulp;
}

struct Worst {
  double point = 0, cost = 0;
};

// One seeded run of both parts; the largest deviation of released points (in ulps of the radius) and of costs (in
// ulps of alpha r^2/2 + |g| r). `offset` perturbs the fast run's step (the sibling).
Worst compare_run(pj::OcpConfig c, double beta, std::uint64_t data_seed, double gmax, std::uint64_t rounds,
                  double offset = 0) {
  fj::PrivateOcp f(c, beta);
  Ball beta_b(beta);
  rj::PrivateOcpReplay r(c, beta_b.get());
  privoco::Streams data(data_seed);
  Worst w;
  Ball cost;
  for (std::uint64_t t = 1; t <= rounds; ++t) {
    const std::vector<double> xh(f.played(), f.played() + c.d);
    for (int j = 0; j < c.d; ++j) w.point = std::max(w.point, ulps_of_scale(xh[j], r.played()[j], c.radius));
    std::vector<double> g = data_row(data, t, c.d, gmax);
    const double fc = f.update(g.data());
    r.update(g.data(), cost);
    // phi(z) of a phi family is O(1) (phi(0) = ln 2 or 1) whatever the size of alpha, r and g
    const double terms = 0.5 * c.alpha * c.radius * c.radius + fj::norm2(g.data(), c.d) * c.radius +
                         (c.loss == pj::OcpLoss::quadratic ? 0.0 : 1.0);
    if (terms > 0) w.cost = std::max(w.cost, ulps_of_scale(fc, cost, terms));
    if (offset != 0 && t == 2) {  // the sibling: the hidden iterate moved inwards, as a wrong step would leave it
      // (after round 2: GIGA with eta = 2/(alpha t) forgets x_2 in its step at t = 2)
      fj::OcpState s = f.state();
      s.x[0] -= std::copysign(offset * c.radius, s.x[0]);
      f.restore(s);
    }
  }
  return w;
}

pj::OcpConfig config(pj::OcpUpdate u, int d, std::uint64_t T, double alpha, double radius, std::uint64_t seed) {
  pj::OcpConfig c;
  c.update = u, c.d = d, c.T = T, c.alpha = alpha, c.radius = radius, c.seed = seed;
  c.init = pj::InitReading::uniform;
  return c;
}

}  // namespace

// The fast learners' released points within 8 ulps of the radius, and costs within 8 ulps of alpha r^2/2 + |g| r, of
// the certified replay: both algorithms, every loss family, both shapes of C, d = 1..12, every reading of J7, J16, J23, noise from none
// to dominant.
RC_GTEST_PROP(JktLearners, FastWithin8UlpOfReplay, ()) {
  const auto u = *rc::gen::element(pj::OcpUpdate::igd, pj::OcpUpdate::giga);
  const int d = *rc::gen::inRange(1, 13);
  const double alpha = std::exp(*rc::gen::inRange(-4000, 4000) / 1000.0);
  const double radius = std::exp(*rc::gen::inRange(-3000, 3000) / 1000.0);
  pj::OcpConfig c = config(u, d, 60, alpha, radius, *rc::gen::inRange<std::uint64_t>(1, 1u << 30));
  c.giga_eta = *rc::gen::element(pj::GigaEta::two_over_alpha_t, pj::GigaEta::one_over_alpha_t);
  c.burnin = *rc::gen::element(pj::TqBurnin::random_tq, pj::TqBurnin::update_from_tq_minus_1);
  c.coupling = *rc::gen::element(pj::InitCoupling::independent, pj::InitCoupling::same);
  c.loss = *rc::gen::element(pj::OcpLoss::quadratic, pj::OcpLoss::logistic, pj::OcpLoss::hinge, pj::OcpLoss::absolute);
  c.domain = *rc::gen::element(pj::OcpDomain::ball, pj::OcpDomain::box);
  if (u == pj::OcpUpdate::giga) c.tq = *rc::gen::inRange<std::uint64_t>(1, 6);
  const double beta = *rc::gen::element(0.0, 1e-3, 1.0, 300.0) * radius;
  const Worst w = compare_run(c, beta, *rc::gen::inRange<std::uint64_t>(1, 1000), 3 * alpha * radius, 60);
  RC_TAG(w.point > 4 ? "point > 4 ulp" : "point <= 4 ulp");
  RC_ASSERT(w.point <= 8);
  RC_ASSERT(w.cost <= 8);
}

// The sibling: a hidden iterate off by one part in 10^12 after the first step (what a slightly wrong step size
// leaves) is seen at once.
TEST(JktLearners, PerturbedStepFailsTheTolerance) {
  for (auto u : {pj::OcpUpdate::igd, pj::OcpUpdate::giga}) {
    const pj::OcpConfig c = config(u, 3, 40, 1, 1, 11);
    EXPECT_LE(compare_run(c, 1e-3, 5, 0.5, 40).point, 8);
    EXPECT_GT(compare_run(c, 1e-3, 5, 0.5, 40, 1e-12).point, 8);
  }
}

// IGD's step is the minimiser of Eq (13) over the ball: the gradient of 1/2|x - x_t|^2 + eta f(x) at the result is
// -mu x with mu >= 0, and mu = 0 inside (the KKT conditions, exact in ball arithmetic at the replay's iterates). GIGA's
// step at the same point does not satisfy them (the sibling).
TEST(JktLearners, IgdStepIsTheArgmin) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    for (auto u : {pj::OcpUpdate::igd, pj::OcpUpdate::giga}) {
      pj::OcpConfig c = config(u, 3, 10, 0.7, 1.3, seed);
      Ball beta(0.0);
      rj::PrivateOcpReplay r(c, beta.get());  // beta = 0: x^ = x, so the released point shows the step
      privoco::Streams data(seed);
      Ball cost;
      bool kkt_everywhere = true;
      for (std::uint64_t t = 1; t < 9; ++t) {
        const std::vector<Ball> xt = r.hidden();
        std::vector<double> g = data_row(data, t, 3, 3);
        r.update(g.data(), cost);
        if (!pj::ocp_steps_at(c, t)) continue;
        // residual grad = (x - x_t) + (alpha x + g)/(alpha t) must be parallel to -x, pointing inwards or zero
        const std::vector<Ball>& x = r.hidden();
        double gr[3], xs[3], gn = 0, xn = 0, dot = 0;
        for (int j = 0; j < 3; ++j) {
          Ball v, w, a(0.7), gj(g[j]);
          arb_sub(v, x[j], xt[j], 256);
          arb_mul(w, x[j], a, 256);
          arb_add(w, w, gj, 256);
          arb_div(w, w, a, 256);
          arb_div_si(w, w, static_cast<slong>(t), 256);
          arb_add(v, v, w, 256);
          gr[j] = arf_get_d(arb_midref(v.get()), ARF_RND_NEAR), xs[j] = arf_get_d(arb_midref(x[j].get()), ARF_RND_NEAR);
          gn += gr[j] * gr[j], xn += xs[j] * xs[j], dot += gr[j] * xs[j];
        }
        gn = std::sqrt(gn), xn = std::sqrt(xn);
        const bool inside = xn < 1.3 * (1 - 1e-12);
        const bool ok = inside ? gn < 1e-12 : (dot <= 0 && std::fabs(std::fabs(dot) - gn * xn) <= 1e-12 * (1 + gn * xn));
        kkt_everywhere &= ok;
      }
      if (u == pj::OcpUpdate::igd) {
        EXPECT_TRUE(kkt_everywhere) << "seed " << seed;
      } else if (seed == 1) {
        EXPECT_FALSE(kkt_everywhere);  // GIGA's explicit step is not IGD's implicit one
      }
    }
  }
}

// J7: the first round that steps is t_q (random_tq) or t_q - 1 (update_from_tq_minus_1); before it, the successor
// points are fresh draws (the released point does not follow the data).
TEST(JktLearners, BurnInReadings) {
  pj::OcpConfig c = config(pj::OcpUpdate::giga, 2, 20, 1, 1, 3);
  c.tq = 5;
  EXPECT_FALSE(pj::ocp_steps_at(c, 4));
  EXPECT_TRUE(pj::ocp_steps_at(c, 5));
  c.burnin = pj::TqBurnin::update_from_tq_minus_1;
  EXPECT_FALSE(pj::ocp_steps_at(c, 3));
  EXPECT_TRUE(pj::ocp_steps_at(c, 4));
  c.tq = 1;
  EXPECT_TRUE(pj::ocp_steps_at(c, 1));
  // burn-in points do not depend on g: two data sets, the same points up to round t_q
  c.tq = 5, c.burnin = pj::TqBurnin::random_tq;
  fj::PrivateOcp a(c, 0.5), b(c, 0.5);
  for (std::uint64_t t = 1; t <= 6; ++t) {
    const double ga[2] = {0.1, -0.2}, gb[2] = {-0.3, 0.25};
    if (t <= 5) {
      EXPECT_EQ(a.played()[0], b.played()[0]) << t;
    } else {
      EXPECT_NE(a.played()[0], b.played()[0]) << t;  // x^_6 follows the step at t = 5
    }
    a.update(ga), b.update(gb);
  }
}

// The comparator: N alpha/2 |x|^2 + S.x is minimised over the ball at Pi_C(-S/(N alpha)); no point of a fine grid of
// the disc does better (inside and on the boundary). Over the box at the clip of the same point: no grid point of the
// square does better, and the ball's answer (the sibling) is not the box's where the clip and the scaling differ.
TEST(JktLearners, ComparatorIsTheMinimum) {
  {
    Ball alpha(0.9), radius(1.1), best, ball_best;
    std::vector<Ball> S = {Ball(5.0), Ball(-0.5)}, arg;
    rj::quadratic_comparator(best, &arg, S, 4, alpha, radius, 256, true);
    rj::quadratic_comparator(ball_best, nullptr, S, 4, alpha, radius, 256, false);
    const double b = arf_get_d(arb_midref(best.get()), ARF_RND_NEAR);
    double grid_min = INFINITY;
    for (int i = -400; i <= 400; ++i)
      for (int k = -400; k <= 400; ++k) {
        const double x = 1.1 * i / 400, y = 1.1 * k / 400;
        grid_min = std::min(grid_min, 4 * 0.9 / 2 * (x * x + y * y) + 5 * x - 0.5 * y);
      }
    EXPECT_LE(b, grid_min + 1e-15);
    EXPECT_GE(b, grid_min - 1e-4);
    EXPECT_TRUE(arb_lt(best, ball_best));  // the square holds points the disc does not
  }
  for (const auto& S2 : {std::vector<double>{0.3, -0.1}, std::vector<double>{5, 7}}) {
    Ball alpha(0.9), radius(1.1), best;
    std::vector<Ball> S = {Ball(S2[0]), Ball(S2[1])}, arg;
    rj::quadratic_comparator(best, &arg, S, 4, alpha, radius, 256);
    const double b = arf_get_d(arb_midref(best.get()), ARF_RND_NEAR);
    double grid_min = INFINITY;
    for (int i = -200; i <= 200; ++i)
      for (int k = -200; k <= 200; ++k) {
        const double x = 1.1 * i / 200, y = 1.1 * k / 200;
        if (x * x + y * y > 1.21) continue;
        grid_min = std::min(grid_min, 4 * 0.9 / 2 * (x * x + y * y) + S2[0] * x + S2[1] * y);
      }
    for (int k = 0; k < 100000; ++k) {  // and the boundary circle
      const double x = 1.1 * std::cos(k * 6.283185307179586 / 100000), y = 1.1 * std::sin(k * 6.283185307179586 / 100000);
      grid_min = std::min(grid_min, 4 * 0.9 / 2 * (x * x + y * y) + S2[0] * x + S2[1] * y);
    }
    EXPECT_LE(b, grid_min + 1e-15);
    EXPECT_GE(b, grid_min - 1e-4);  // the grid comes close to it
  }
}

// A run saved after 17 rounds and restored continues with the same bits as the run that never stopped.
TEST(JktLearners, StateRoundTripIsExact) {
  for (auto u : {pj::OcpUpdate::igd, pj::OcpUpdate::giga})
  for (auto dom : {pj::OcpDomain::ball, pj::OcpDomain::box}) {
    pj::OcpConfig c = config(u, 4, 50, 2, 1, 9);
    c.tq = 3, c.domain = dom, c.loss = dom == pj::OcpDomain::box ? pj::OcpLoss::hinge : pj::OcpLoss::quadratic;
    fj::PrivateOcp whole(c, 2.5), first(c, 2.5);
    privoco::Streams data(4);
    for (std::uint64_t t = 1; t <= 17; ++t) {
      auto g = data_row(data, t, 4, 3);
      whole.update(g.data()), first.update(g.data());
    }
    fj::PrivateOcp second(c, 2.5);
    second.restore(first.state());
    for (std::uint64_t t = 18; t <= 50; ++t) {
      auto g = data_row(data, t, 4, 3);
      EXPECT_EQ(whole.update(g.data()), second.update(g.data()));
      for (int j = 0; j < 4; ++j) ASSERT_EQ(whole.played()[j], second.played()[j]) << t;
    }
    fj::OcpState bad = first.state();
    bad.xhat[0] = 3;  // outside the ball and the box
    EXPECT_THROW(second.restore(bad), privoco::DomainError);
    bad = first.state();
    bad.xhat = {0.9, 0.9, 0.9, 0.9};  // in the box, not in the ball
    if (dom == pj::OcpDomain::ball) EXPECT_THROW(second.restore(bad), privoco::DomainError);
    else EXPECT_NO_THROW(second.restore(bad));
    bad = first.state();
    bad.t = 51;
    EXPECT_THROW(second.restore(bad), privoco::DomainError);
  }
}

// cos(2 pi u) within 2 ulp relative of the certified value for u near the zeros (1/4, 3/4) and elsewhere; the
// rounded product 2 pi u (the sibling) loses every digit near the zeros.
TEST(JktLearners, CosTwoPi) {
  double worst = 0, worst_naive = 0;
  for (int k = -2000; k <= 2000; ++k)
    for (double c : {0.25, 0.75, 0.5, 0.1}) {
      const double u = c + k * 0x1p-40;
      Ball x(u), y;
      arb_mul_2exp_si(x, x, 1);
      arb_cos_pi(y, x, 128);
      const double exact = arf_get_d(arb_midref(y.get()), ARF_RND_NEAR);
      if (exact == 0) continue;
      const double ulp = std::ldexp(1.0, std::ilogb(exact) - 52);
      worst = std::max(worst, std::fabs(privoco::fast::numerics::cos_two_pi(u) - exact) / ulp);
      worst_naive = std::max(worst_naive, std::fabs(std::cos(6.283185307179586 * u) - exact) / ulp);
    }
  EXPECT_LE(worst, 2);
  EXPECT_GT(worst_naive, 1e6);
}

// The CLI: a row whose f_t breaks the Lipschitz bound the noise is calibrated to is refused by line; more rows than
// T are refused; x1 outside C and x1 with init_reading=uniform are refused by name; the run prints its readings.
TEST(JktLearners, CliRefusals) {
  using privoco::testing::run_cli;
  const std::string g = privoco::testing::test_dir() + "jkt_learners_g.csv";
  const std::string g3 = privoco::testing::test_dir() + "jkt_learners_g3.csv";
  privoco::testing::spit(g, "g1,g2\n0.1,0.2\n3,4\n");
  privoco::testing::spit(g3, "g\n0.1\n0.2\n0.3\n");
  const std::string pigd = "run pigd alpha=1 radius=1 eps=1 delta=1e-5 ";
  auto r = run_cli(pigd + "L=2 T=10 --gradients " + g);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(":3: ||g_t|| + alpha max_C |x| = 6 exceeds L = 2"), std::string::npos) << r.err;
  r = run_cli(pigd + "L=20 T=2 --gradients " + g3);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("more than T = 2 rounds"), std::string::npos) << r.err;
  r = run_cli(pigd + "L=20 T=10 x1=1,1 --gradients " + g);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("x1"), std::string::npos) << r.err;
  const std::string pgiga = "run pgiga G=20 L_G=1 alpha=1 radius=1 eps=1 delta=1e-5 T=10 ";
  r = run_cli(pgiga + "x1=0,0 init_reading=uniform --gradients " + g);
  EXPECT_EQ(r.code, 2);
  r = run_cli(pgiga + "--gradients " + g);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("tq_burnin = random_tq"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("realised regret"), std::string::npos) << r.err;
}

// check --stream of another program's PIGD run (written here as a user would: the IGD step as (x_t - eta g)/(1 +
// eta alpha), its own Gaussian noise written in columns b1, b2): every released point passes; the same program with
// the step 1/(alpha (t + 1)) (an off-by-one schedule, the sibling) is caught at its second release. Without the
// noise columns, privoco's own run replays at its seed and fails at another.
TEST(JktLearners, StreamCheckOfAnotherProgramsRun) {
  using privoco::testing::run_cli;
  auto write_run = [](const std::string& path, bool off_by_one) {
    std::mt19937_64 rng(17);
    std::normal_distribution<double> normal(0, 0.05);
    std::uniform_real_distribution<double> unif(-0.4, 0.4);
    const double alpha = 0.5, r = 1;
    double x[2] = {0.1, -0.2}, xh[2] = {0.1, -0.2};  // init_reading=given, x1 = (0.1, -0.2), the same for x^_1
    std::string text = "t,g1,g2,xhat1,xhat2,b1,b2\n";
    char buf[256];
    for (int t = 1; t <= 30; ++t) {
      const double g[2] = {unif(rng), unif(rng)};
      const double eta = 1 / (alpha * (off_by_one ? t + 1 : t));
      double b[2] = {normal(rng), normal(rng)};
      std::snprintf(buf, sizeof buf, "%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", t, g[0], g[1], xh[0], xh[1], b[0], b[1]);
      text += buf;
      for (int j = 0; j < 2; ++j) x[j] = (x[j] - eta * g[j]) / (1 + eta * alpha);
      double n = std::hypot(x[0], x[1]);
      if (n > r) x[0] *= r / n, x[1] *= r / n;
      for (int j = 0; j < 2; ++j) xh[j] = x[j] + b[j];
      n = std::hypot(xh[0], xh[1]);
      if (n > r) xh[0] *= r / n, xh[1] *= r / n;
    }
    privoco::testing::spit(path, text);
  };
  const std::string good = privoco::testing::test_dir() + "jkt_pigd_other.csv",
                    bad = privoco::testing::test_dir() + "jkt_pigd_other_bad.csv";
  write_run(good, false);
  write_run(bad, true);
  const std::string args = " --stream pigd L=2 alpha=0.5 radius=1 eps=1 delta=1e-5 T=30 x1=0.1,-0.2 init_coupling=same --json";
  auto r = run_cli("check " + good + args);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\"noise\":\"file\""), std::string::npos) << r.out;
  r = run_cli("check " + bad + args);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"first_disagreement\":{\"step\":2,"), std::string::npos) << r.out;
  // privoco's own run (the file run writes, g beside the points) replays at its seed, not at another
  const std::string g = privoco::testing::test_dir() + "jkt_pigd_g.csv", out = privoco::testing::test_dir() + "jkt_pigd_run.csv";
  privoco::testing::spit(g, "g1,g2,g3\n0.1,0.2,0.3\n-0.3,0.1,0\n0.2,0.2,-0.2\n0,0,0.4\n0.1,-0.1,0.1\n");
  const std::string params = " L=3 alpha=1 radius=2 eps=2 delta=1e-6 T=6 init_reading=uniform";
  r = run_cli("run pigd" + params + " --seed 9 --gradients " + g + " --out " + out);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(run_cli("check " + out + " --stream pigd" + params + " seed=9").code, 0);
  EXPECT_EQ(run_cli("check " + out + " --stream pigd" + params + " seed=10").code, 1);
}

// IGD's step on the phi families (logistic, hinge, absolute + alpha/2|x|^2) is the minimiser of Eq (13) over the
// ball and over the box: certified, the objective at the replay's step is no larger than at any point of a cloud around it (projected
// into C), and the fast step lies within 8 ulp of the radius of it. The sibling: minimising without the ball and then
// projecting, the right step for the isotropic quadratic, is certainly worse for these families in most cases where
// the constraint binds (on the ball: wherever x_t is not parallel to v).
TEST(JktLearners, PhiFamilyStepIsTheArgmin) {
  for (const bool box : {false, true}) {
  std::mt19937_64 rng(20261127);
  std::normal_distribution<double> normal(0, 1);
  int sibling_worse = 0, binding = 0;
  const auto project = [&](std::vector<Ball>* z, const Ball& rb) {
    if (box) rj::project_box(z, rb, 256);
    else rj::project_ball(z, rb, 256);
  };
  for (int trial = 0; trial < 300; ++trial) {
    const auto loss = static_cast<pj::OcpLoss>(1 + trial % 3);
    const int d = 1 + trial % 4;
    const double r = std::exp(normal(rng)), alpha = std::exp(normal(rng)), t = 1 + trial % 7;
    std::vector<double> x(d), v(d), fx(d), fproj(d);
    for (int j = 0; j < d; ++j) x[j] = normal(rng), v[j] = 2 * normal(rng);
    const double n = fj::norm2(x.data(), d), s = r * std::pow(std::uniform_real_distribution<double>(0, 1)(rng), 1.0 / d);
    for (double& xj : x) xj *= s / n;  // x_t in the ball, so in the box too
    const auto objective = [&](const std::vector<Ball>& y, Ball& res) {  // 1/2|y - x_t|^2 + (phi(v.y) + alpha/2|y|^2)/(alpha t)
      pj::OcpConfig c;
      c.loss = loss, c.d = d;
      Ball a(alpha), f, q, tmp;
      rj::ocp_loss(f, c, y, v.data(), a, 256);
      arb_div(f, f, a, 256);
      arb_div_ui(f, f, static_cast<ulong>(t), 256);
      for (int j = 0; j < d; ++j) {
        Ball xj(x[j]);
        arb_sub(tmp, y[j], xj, 256);
        arb_addmul(q, tmp, tmp, 256);
      }
      arb_mul_2exp_si(q, q, -1);
      arb_add(res, f, q, 256);
    };
    std::vector<Ball> y(d);
    for (int j = 0; j < d; ++j) arb_set_d(y[j], x[j]);
    Ball a(alpha), rb(r), best;
    if (box) rj::box_igd(&y, loss, v.data(), a, static_cast<std::uint64_t>(t), rb, 256);
    else rj::linear_model_igd(&y, loss, v.data(), a, static_cast<std::uint64_t>(t), rb, 256);
    objective(y, best);
    if (box) fj::box_igd(loss, d, alpha, t, r, x.data(), v.data(), fx.data());
    else fj::linear_model_igd(loss, d, alpha, t, r, x.data(), v.data(), fx.data());
    for (int j = 0; j < d; ++j) ASSERT_LE(ulps_of_scale(fx[j], y[j], r), 8) << "trial " << trial << " j " << j;
    std::vector<double> ymid(d);
    for (int j = 0; j < d; ++j) ymid[j] = arf_get_d(arb_midref(y[j].get()), ARF_RND_NEAR);
    for (int k = 0; k < 40; ++k) {  // a cloud of feasible points about the step
      std::vector<Ball> z(d);
      for (int j = 0; j < d; ++j) arb_set_d(z[j], ymid[j] + r * 1e-3 * std::pow(10.0, -(k % 4)) * normal(rng));
      project(&z, rb);
      Ball fz;
      objective(z, fz);
      ASSERT_FALSE(arb_lt(fz, best)) << "trial " << trial;  // no feasible point certainly better
    }
    // the sibling: the unconstrained minimiser projected
    std::vector<Ball> u(d);
    for (int j = 0; j < d; ++j) arb_set_d(u[j], x[j]);
    Ball huge(1e6), fu;
    rj::linear_model_igd(&u, loss, v.data(), a, static_cast<std::uint64_t>(t), huge, 256);
    std::vector<Ball> before = u;
    project(&u, rb);
    bool moved = false;  // the constraint binds: the projection moved the unconstrained step
    for (int j = 0; j < d; ++j) moved |= !arb_overlaps(before[j], u[j]);
    if (!moved) continue;
    ++binding;
    objective(u, fu);
    sibling_worse += arb_gt(fu, best);
  }
  EXPECT_GT(binding, 30) << (box ? "box" : "ball");
  // on the box the clipped unconstrained step is right where the clip leaves phi's slope unchanged
  EXPECT_GT(sibling_worse, box ? binding / 3 : binding / 2) << "of " << binding << (box ? " (box)" : " (ball)");
  }
}

// The phi families' comparator: lower <= min <= upper with a gap below 1e-9 relative, and no feasible point of a
// random cloud certainly below the lower bound (weak duality holds); a lower bound taken 1e-6 too high (the sibling)
// is contradicted by the cloud's best point.
TEST(JktLearners, PhiComparatorEnclosesTheMinimum) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal(0, 1);
  for (auto loss : {pj::OcpLoss::logistic, pj::OcpLoss::hinge, pj::OcpLoss::absolute}) {
    const int d = 2, N = 60;
    const double alpha = 0.3, r = 1.5;
    std::vector<double> rows(static_cast<std::size_t>(N * d));
    for (double& v : rows) v = normal(rng);
    Ball lower, upper, gap;
    std::vector<double> arg;
    rj::family_comparator(lower, upper, &arg, rows, d, loss, alpha, r, 256);
    ASSERT_TRUE(arb_le(lower, upper));
    arb_sub(gap, upper, lower, 256);
    EXPECT_LT(arf_get_d(arb_midref(gap.get()), ARF_RND_UP), 1e-9 * std::fabs(arf_get_d(arb_midref(upper.get()), ARF_RND_NEAR)))
        << static_cast<int>(loss);
    pj::OcpConfig c;
    c.loss = loss, c.d = d;
    double cloud_min = INFINITY;
    for (int k = 0; k < 4000; ++k) {
      std::vector<Ball> z(d);
      const double sc = k < 2000 ? r : 1e-3;
      for (int j = 0; j < d; ++j) arb_set_d(z[j], (k < 2000 ? 0.0 : arg[j]) + sc * normal(rng));
      Ball rb(r), a(alpha), f, sum;
      rj::project_ball(&z, rb, 256);
      for (int i = 0; i < N; ++i) rj::ocp_loss(f, c, z, &rows[static_cast<std::size_t>(i * d)], a, 256), arb_add(sum, sum, f, 256);
      ASSERT_FALSE(arb_lt(sum, lower));
      cloud_min = std::min(cloud_min, arf_get_d(arb_midref(sum.get()), ARF_RND_NEAR));
    }
    Ball wrong;
    arb_mul_2exp_si(wrong, upper, 0);
    arb_add(wrong, wrong, Ball(1e-6 * std::fabs(cloud_min)), 256);
    EXPECT_GT(arf_get_d(arb_midref(wrong.get()), ARF_RND_NEAR), cloud_min);  // the sibling is above a feasible value
  }
}

// run pigd and pgiga on a phi family: fast and reference print the same regret (the reference's certified digits),
// the fast run replays under its own loss and fails under another.
TEST(JktLearners, PhiFamilyRunsAndChecks) {
  using privoco::testing::run_cli;
  const std::string g = privoco::testing::test_dir() + "jkt_phi_g.csv", out = privoco::testing::test_dir() + "jkt_phi_run.csv";
  std::string text = "g1,g2\n";
  std::mt19937_64 rng(3);
  std::normal_distribution<double> normal(0, 1);
  for (int t = 0; t < 40; ++t) text += std::to_string(normal(rng)) + "," + std::to_string(normal(rng)) + "\n";
  privoco::testing::spit(g, text);
  for (const std::string alg : {"pigd L=6", "pgiga G=6 L_G=0.6"}) {
    const std::string params = " " + alg + " alpha=0.5 radius=2 eps=4 delta=1e-6 T=40 loss=logistic";
    auto f = run_cli("run" + params + " --seed 4 --gradients " + g + " --out " + out + " --json");
    ASSERT_EQ(f.code, 0) << f.err;
    EXPECT_NE(f.out.find("\"regret\""), std::string::npos) << f.out;
    EXPECT_NE(f.out.find("\"bounds\":{\"R_A\""), std::string::npos) << f.out;  // the printed bounds beside it
    EXPECT_EQ(run_cli("check " + out + " --stream" + params + " seed=4").code, 0) << alg;
    std::string other = params;
    other.replace(other.find("loss=logistic"), 13, "loss=absolute");
    EXPECT_EQ(run_cli("check " + out + " --stream" + other + " seed=4").code, 1)
        << alg;
  }
}

// check --stream pol of another program's POL run (written here as a user would: IGD as (t x_t - g/alpha)/(t + 1)
// projected, a running average, its own noise b in the last row): every iterate, the average and the release pass;
// the same program averaging x_2..x_{T+1} (the sibling) fails at xbar only; one whose step is 1/(alpha (t + 1))
// fails from the second iterate, x_2.
TEST(JktLearners, PolStreamCheckOfAnotherProgramsRun) {
  using privoco::testing::run_cli;
  const double eps_g = 0.5, xs = 1.5, alpha = eps_g / (xs * xs);
  const int T = 40;
  auto write_run = [&](const std::string& path, int variant) {
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> unif(-0.6, 0.6);
    double x[2] = {0, 0}, sum[2] = {0, 0};
    std::string text = "g1,g2,x1,x2,xbar1,xbar2,xhat1,xhat2,b1,b2\n";
    char buf[512];
    for (int t = 1; t <= T; ++t) {
      const double g[2] = {unif(rng), unif(rng)};
      const double x_t[2] = {x[0], x[1]};
      const double s = variant == 2 ? t + 1.0 : t;  // variant 2: the off-by-one step
      for (int j = 0; j < 2; ++j) x[j] = (s * x[j] - g[j] / alpha) / (s + 1);
      const double n = std::hypot(x[0], x[1]);
      if (n > xs) x[0] *= xs / n, x[1] *= xs / n;
      for (int j = 0; j < 2; ++j) sum[j] += variant == 1 ? x[j] : x_t[j];  // variant 1: x_2..x_{T+1}
      std::snprintf(buf, sizeof buf, "%.17g,%.17g,%.17g,%.17g", g[0], g[1], x_t[0], x_t[1]);
      text += buf;
      if (t < T) {
        text += ",,,,,,\n";
        continue;
      }
      const double b[2] = {0.03, -0.02}, xb[2] = {sum[0] / T, sum[1] / T};
      double xh[2] = {xb[0] + b[0], xb[1] + b[1]};
      const double nh = std::hypot(xh[0], xh[1]);
      if (nh > xs) xh[0] *= xs / nh, xh[1] *= xs / nh;
      std::snprintf(buf, sizeof buf, ",%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", xb[0], xb[1], xh[0], xh[1], b[0], b[1]);
      text += buf;
    }
    privoco::testing::spit(path, text);
  };
  const std::string dir = privoco::testing::test_dir();
  write_run(dir + "jkt_pol_other.csv", 0);
  write_run(dir + "jkt_pol_shifted.csv", 1);
  write_run(dir + "jkt_pol_offbyone.csv", 2);
  const std::string args = " --stream pol eps_p=1 delta=1e-6 eps_g=0.5 L=1 x_star_norm=1.5 T=40 --json";
  auto r = run_cli("check " + dir + "jkt_pol_other.csv" + args);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\"noise\":\"file\""), std::string::npos) << r.out;
  r = run_cli("check " + dir + "jkt_pol_shifted.csv" + args);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"first_disagreement\":{\"step\":41,"), std::string::npos) << r.out;
  r = run_cli("check " + dir + "jkt_pol_offbyone.csv" + args);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"first_disagreement\":{\"step\":2,"), std::string::npos) << r.out;
  // a file without values to judge is refused by name
  privoco::testing::spit(dir + "jkt_pol_nothing.csv", "g1,g2\n0.1,0.2\n0.2,0.1\n");
  r = run_cli("check " + dir + "jkt_pol_nothing.csv --stream pol eps_p=1 delta=1e-6 eps_g=0.5 L=1 x_star_norm=1.5 T=2");
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("nothing to judge"), std::string::npos) << r.err;
}

// POCP (Alg 1) around a caller's A: fed IGD's (GIGA's) hidden iterates, it releases PIGD's (PGIGA's) points bit for
// bit (the same draws and projection), on both shapes of C; every release within 2 ulp of the radius of the certified
// replay; a release
// after round T - 1 is refused. The sibling: POCP at another seed releases other points.
TEST(JktLearners, PocpAroundAnyAIsPigdAroundIgd) {
  for (auto u : {pj::OcpUpdate::igd, pj::OcpUpdate::giga})
    for (auto dom : {pj::OcpDomain::ball, pj::OcpDomain::box}) {
      pj::OcpConfig c = config(u, 3, 30, 0.8, 1.2, 21);
      c.domain = dom, c.tq = 1, c.loss = pj::OcpLoss::logistic;
      fj::PrivateOcp learner(c, 0.7);
      fj::Pocp pocp(c, 0.7), other([&] { pj::OcpConfig o = c; o.seed = 22; return o; }(), 0.7);
      Ball beta(0.7);
      rj::PocpReplay replay(c, beta.get());
      privoco::Streams data(6);
      for (int j = 0; j < 3; ++j) ASSERT_EQ(learner.played()[j], pocp.released()[j]);
      bool differs = false;
      for (std::uint64_t t = 1; t < c.T; ++t) {
        auto g = data_row(data, t, 3, 1);
        learner.update(g.data());
        const std::vector<double> x = learner.state().x;  // A's x_{t+1}
        pocp.release(x.data()), other.release(x.data()), replay.release(x.data());
        for (int j = 0; j < 3; ++j) {
          ASSERT_EQ(learner.played()[j], pocp.released()[j]) << "t " << t;
          ASSERT_LE(ulps_of_scale(pocp.released()[j], replay.released()[j], c.radius), 2) << "t " << t;
          differs |= other.released()[j] != pocp.released()[j];
        }
      }
      EXPECT_TRUE(differs);
      const double x[3] = {0, 0, 0};
      EXPECT_THROW(pocp.release(x), privoco::DomainError);  // round T releases nothing
    }
}

// run pocp and check --stream pocp: a run's releases replay at its seed and lambda_A, not at another lambda_A; a
// program that scales the noise by beta/(t + 1) (the sibling) is caught at its first release.
TEST(JktLearners, PocpRunAndStreamCheck) {
  using privoco::testing::run_cli;
  const std::string dir = privoco::testing::test_dir(), xs = dir + "jkt_pocp_x.csv", out = dir + "jkt_pocp_run.csv";
  privoco::testing::spit(xs, "x1,x2\n0.1,0.2\n-0.3,0.1\n0.2,0.25\n0.5,-0.4\n");
  const std::string params = " lambda_A=0.5 radius=1 eps=4 delta=1e-6 T=5 C_shape=box";
  auto r = run_cli("run pocp" + params + " --seed 3 --gradients " + xs + " --out " + out);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(run_cli("check " + out + " --stream pocp" + params + " seed=3").code, 0);
  EXPECT_EQ(run_cli("check " + out + " --stream pocp lambda_A=0.6 radius=1 eps=4 delta=1e-6 T=5 C_shape=box seed=3").code, 1);
  // another program with its own noise: x^ = clip(x + b), b written beside; the sibling adds b (t/(t + 1))
  std::string good = "t,x1,x2,xhat1,xhat2,b1,b2\n", bad = good;
  const double X[4][2] = {{0.1, 0.2}, {-0.3, 0.1}, {0.2, 0.25}, {0.5, -0.4}}, B[4][2] = {{0.4, -0.1}, {0.9, 0.3}, {-0.2, 0.1}, {0.05, 0.02}};
  char buf[256];
  for (int t = 1; t <= 4; ++t) {
    double h[2], w[2];
    for (int j = 0; j < 2; ++j) {
      h[j] = std::clamp(X[t - 1][j] + B[t - 1][j], -1.0, 1.0);
      w[j] = std::clamp(X[t - 1][j] + B[t - 1][j] * t / (t + 1.0), -1.0, 1.0);
    }
    std::snprintf(buf, sizeof buf, "%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", t, X[t - 1][0], X[t - 1][1], h[0], h[1],
                  B[t - 1][0], B[t - 1][1]);
    good += buf;
    std::snprintf(buf, sizeof buf, "%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", t, X[t - 1][0], X[t - 1][1], w[0], w[1],
                  B[t - 1][0], B[t - 1][1]);
    bad += buf;
  }
  privoco::testing::spit(dir + "jkt_pocp_good.csv", good);
  privoco::testing::spit(dir + "jkt_pocp_bad.csv", bad);
  EXPECT_EQ(run_cli("check " + dir + "jkt_pocp_good.csv --stream pocp" + params).code, 0);
  r = run_cli("check " + dir + "jkt_pocp_bad.csv --stream pocp" + params + " --json");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("\"first_disagreement\":{\"step\":1,"), std::string::npos) << r.out;
  // more iterates than T - 1 rounds release
  EXPECT_EQ(run_cli("run pocp lambda_A=0.5 radius=1 eps=4 delta=1e-6 T=4 --gradients " + xs).code, 2);
  // a run stopped after two iterates and continued from its state file releases the same bits; a state of another
  // lambda_A is refused
  privoco::testing::spit(dir + "jkt_pocp_xa.csv", "x1,x2\n0.1,0.2\n-0.3,0.1\n");
  privoco::testing::spit(dir + "jkt_pocp_xb.csv", "x1,x2\n0.2,0.25\n0.5,-0.4\n");
  const std::string whole = run_cli("run pocp" + params + " --seed 3 --gradients " + xs).out;
  ASSERT_EQ(run_cli("run pocp" + params + " --seed 3 --gradients " + dir + "jkt_pocp_xa.csv --state-out " + dir +
                    "jkt_pocp_state.json").code, 0);
  r = run_cli("run pocp" + params + " --seed 3 --gradients " + dir + "jkt_pocp_xb.csv --state-in " + dir + "jkt_pocp_state.json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(whole.find(r.out.substr(r.out.find('\n') + 1, r.out.find("privoco run") - r.out.find('\n') - 1)), std::string::npos)
      << whole << "\n" << r.out;
  EXPECT_EQ(run_cli("run pocp lambda_A=0.6 radius=1 eps=4 delta=1e-6 T=5 C_shape=box --seed 3 --gradients " + dir +
                    "jkt_pocp_xb.csv --state-in " + dir + "jkt_pocp_state.json").code, 2);
}

// run olc (JKT Sec 5.2's set-up on supplied data): on separable data non-private IGD classifies the held-out rows
// better than chance and the printed accuracies stand beside the measured ones; a third label value, or a file
// without labels, is refused naming the line.
TEST(JktLearners, OlcPresetRunsAndRefuses) {
  using privoco::testing::run_cli;
  const std::string dir = privoco::testing::test_dir();
  std::string text = "y,v1,v2,v3\n";
  std::mt19937_64 rng(8);
  std::normal_distribution<double> normal(0, 1);
  for (int i = 0; i < 600; ++i) {
    const double v[3] = {normal(rng), normal(rng), normal(rng)};
    text += std::string(v[0] - 0.5 * v[2] > 0 ? "1" : "0") + "," + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," +
            std::to_string(v[2]) + "\n";
  }
  privoco::testing::spit(dir + "jkt_olc.csv", text);
  auto r = run_cli("run olc --gradients " + dir + "jkt_olc.csv --seeds 2 alpha=0.01 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out.substr(0, r.out.find('\n')));
  EXPECT_GT(j["summary"]["igd"]["mean"].get<double>(), 80) << r.out;
  EXPECT_EQ(j["summary"]["pigd"][0]["printed"].get<double>(), 66.3) << r.out;
  privoco::testing::spit(dir + "jkt_olc_bad.csv", "y,v1\n1,0.5\n0,0.2\n2,0.1\n");
  r = run_cli("run olc --gradients " + dir + "jkt_olc_bad.csv");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("jkt_olc_bad.csv:4: a third label value 2"), std::string::npos) << r.err;
  privoco::testing::spit(dir + "jkt_olc_nolabel.csv", "v1,v2\n1,0.5\n");
  r = run_cli("run olc --gradients " + dir + "jkt_olc_nolabel.csv");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("no header with the column 'y'"), std::string::npos) << r.err;
}

// The bounds beside a run's regret: R_A is the noiseless base run's regret on the same rows, so a run whose released
// points are its hidden ones (eps = 1e300: beta ~ 1e-150, below the iterates' rounding; init_coupling=same, x1 = 0)
// realises R_A to every printed digit; the sibling, a run with noise (eps = 1), realises another regret.
TEST(JktLearners, RunPrintsRaBesideTheRegret) {
  using privoco::testing::run_cli;
  const std::string g = privoco::testing::test_dir() + "jkt_ra_g.csv";
  privoco::testing::spit(g, "g1,g2\n0.1,0.2\n-0.3,0.1\n0.2,0.2\n0,0.4\n0.1,-0.1\n0.3,0.3\n");
  const auto field = [](const std::string& out, const std::string& key) {
    const auto p = out.find("\"" + key + "\":\"");
    return p == std::string::npos ? std::string() : out.substr(p + key.size() + 4, out.find('"', p + key.size() + 4) - p - key.size() - 4);
  };
  auto r = run_cli("run pigd L=2 alpha=1 radius=1 eps=1e300 delta=1e-5 T=6 init_coupling=same --json --impl reference "
                   "--gradients " + g + " --out /dev/null");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(field(r.out, "R_A"), field(r.out, "regret")) << r.out;
  r = run_cli("run pigd L=2 alpha=1 radius=1 eps=1 delta=1e-5 T=6 init_coupling=same --json --impl reference --gradients " +
              g + " --out /dev/null");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(field(r.out, "R_A"), field(r.out, "regret")) << r.out;
}
