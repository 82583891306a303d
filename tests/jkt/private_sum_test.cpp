// JKT Alg 5 as a streaming mechanism: bit for bit the full tree of Alg 5 with the same keyed node noise (the
// implementation strategy is allowed only where this holds), with a sibling whose keys are off by one; exact partial
// sums at sigma = 0; the certified replay; state save and restore; the output's noise variance k_t sigma^2 by a test
// with false-positive rate 1e-7 (and the sibling variance sigma^2 rejected).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "privoco/errors.hpp"
#include "privoco/fast/jkt/private_sum.hpp"
#include "privoco/reference/jkt/private_sum.hpp"
#include "privoco/reference/jkt/tree.hpp"
#include "privoco/streams.hpp"
#include "oracle/cli_support.hpp"

namespace fj = privoco::fast::jkt;
namespace rj = privoco::reference::jkt;

namespace {
// Alg 5 literally: the tree of depth k = bitlen(T) with every node, B_s = B_{s0} + B_{s1} (l.10) when populated, the
// noisy value drawn once per node (l.7, l.11) with the key of its height and block index (q_shift: a wrong key for
// the sibling), and W^_t the sum of l.13's nodes left to right (l.14).
struct FullTree {
  rj::TreeSim sim;
  int d;
  double sigma;
  privoco::Streams s;
  std::uint64_t q_shift;
  std::vector<std::vector<std::vector<double>>> B, Bhat;  // [level][index][coordinate]
  FullTree(std::uint64_t T, int d_, double sigma_, std::uint64_t seed, std::uint64_t shift = 0)
      : sim(T, true), d(d_), sigma(sigma_), s(seed), q_shift(shift) {
    B.resize(static_cast<std::size_t>(sim.depth()) + 1);
    Bhat.resize(B.size());
    for (int i = 0; i <= sim.depth(); ++i) {
      B[i].assign(std::size_t{1} << i, std::vector<double>(d, 0.0));
      Bhat[i] = B[i];
    }
  }
  std::vector<double> add(const std::vector<double>& w) {
    std::vector<rj::Node> fresh;
    sim.step(&fresh);
    const int k = sim.depth();
    for (const rj::Node& n : fresh) {  // the leaf first, then the ancestors upwards
      for (int j = 0; j < d; ++j) {
        double& b = B[n.level][n.index][j];
        b = n.level == k ? w[j] : B[n.level + 1][2 * n.index][j] + B[n.level + 1][2 * n.index + 1][j];
        Bhat[n.level][n.index][j] =
            b + sigma * fj::node_draw(s, 0, k - n.level, n.index + q_shift, static_cast<std::uint64_t>(j));
      }
    }
    std::vector<double> out(d, 0.0);
    for (const rj::Node& n : sim.query())
      for (int j = 0; j < d; ++j) out[j] += Bhat[n.level][n.index][j];
    return out;
  }
};

std::vector<double> data(const privoco::Streams& s, std::uint64_t t, int d) {
  std::vector<double> w(d);
  for (int j = 0; j < d; ++j) w[j] = 2 * s.uniform(99 + j, t) - 1;
  return w;
}
}  // namespace

TEST(JktPrivateSum, StreamingFormIsAlg5BitForBit) {
  const privoco::Streams in(5);
  for (std::uint64_t T : {1, 2, 3, 7, 8, 13, 64, 100, 257})
    for (int d : {1, 3}) {
      fj::PrivateSum f(d, T, 1.5, 42);
      FullTree tree(T, d, 1.5, 42), wrong(T, d, 1.5, 42, 1);
      bool sibling_differs = false;
      std::vector<double> out(d);
      for (std::uint64_t t = 1; t <= T; ++t) {
        const auto w = data(in, t, d);
        f.add(w.data(), out.data());
        const auto lit = tree.add(w), bad = wrong.add(w);
        for (int j = 0; j < d; ++j) {
          ASSERT_EQ(out[j], lit[j]) << "T=" << T << " t=" << t << " j=" << j;
          sibling_differs |= out[j] != bad[j];
        }
      }
      EXPECT_TRUE(sibling_differs) << T;
      EXPECT_EQ(f.registers(), T == 1 ? 1 : static_cast<int>(std::floor(std::log2(static_cast<double>(T)))) + 1);
    }
}

TEST(JktPrivateSum, ExactAtZeroNoiseAndCertifiedReplay) {
  const std::uint64_t T = 200;
  fj::PrivateSum f(2, T, 0.0, 1);
  std::vector<double> out(2), ex(2);
  double W0 = 0, W1 = 0;
  for (std::uint64_t t = 1; t <= T; ++t) {
    const double w[2] = {static_cast<double>(t % 7), -static_cast<double>(t)};
    W0 += w[0], W1 += w[1];
    f.add(w, out.data(), ex.data());
    ASSERT_EQ(out[0], W0);
    ASSERT_EQ(out[1], W1);
    ASSERT_EQ(ex[0], W0);
  }
  // the certified replay of a noisy run: same draws, exact sums; the fast values within rounding of sigma's scale
  privoco::reference::Ball sigma;
  arb_set_d(sigma, 2.5);
  rj::PrivateSumReplay r(3, T, sigma.get(), 9);
  fj::PrivateSum g(3, T, 2.5, 9);
  const privoco::Streams in(6);
  std::vector<privoco::reference::Ball> rn, re;
  std::vector<double> o(3), e(3);
  double worst = 0;
  for (std::uint64_t t = 1; t <= T; ++t) {
    const auto w = data(in, t, 3);
    g.add(w.data(), o.data(), e.data());
    r.add(w.data(), &rn, &re);
    for (int j = 0; j < 3; ++j) {
      const double m = arf_get_d(arb_midref(rn[j].get()), ARF_RND_NEAR);
      worst = std::max(worst, std::fabs(o[j] - m) / (2.5 * 8 + std::fabs(m)));
      EXPECT_LT(mag_cmp_2exp_si(arb_radref(rn[j].get()), -150), 0);  // certified to far beyond double
      // the exact partial sum against the double node sums (log2 t roundings of values below t)
      EXPECT_NEAR(arf_get_d(arb_midref(re[j].get()), ARF_RND_NEAR), e[j], 1e-15 * static_cast<double>(t));
    }
  }
  EXPECT_LT(worst, 1e-14);
}

TEST(JktPrivateSum, StateSaveAndRestoreContinueTheRun) {
  const std::uint64_t T = 50;
  const privoco::Streams in(3);
  fj::PrivateSum whole(2, T, 1.0, 7), first(2, T, 1.0, 7);
  std::vector<double> a(2), b(2);
  for (std::uint64_t t = 1; t <= 21; ++t) {
    const auto w = data(in, t, 2);
    whole.add(w.data(), a.data());
    first.add(w.data(), b.data());
  }
  fj::PrivateSum second(2, T, 1.0, 7);
  second.restore(first.state());
  for (std::uint64_t t = 22; t <= T; ++t) {
    const auto w = data(in, t, 2);
    whole.add(w.data(), a.data());
    second.add(w.data(), b.data());
    ASSERT_EQ(a, b) << t;
  }
  const double w[2] = {0, 0};
  EXPECT_THROW(second.add(w, b.data()), privoco::DomainError);  // row T + 1
  fj::PrivateSumState bad = first.state();
  bad.a[0] = 1;  // t = 21 = 10101b: height 0 holds a node, height 1 must be empty
  bad.a[2] = 1;
  EXPECT_THROW(second.restore(bad), privoco::DomainError);
  bad = first.state();
  bad.t = 51;
  EXPECT_THROW(second.restore(bad), privoco::DomainError);
  const double inf[2] = {INFINITY, 0};
  fj::PrivateSum fresh(2, T, 1.0, 7);
  EXPECT_THROW(fresh.add(inf, b.data()), privoco::DomainError);
  // every non-finite value in any position of a wide row is refused (the vectorised check), the largest finite is not
  std::vector<double> wide(37, 1.0), out(37);
  for (double bad_value : {-INFINITY, NAN}) {
    for (int j : {0, 17, 36}) {
      fj::PrivateSum w(37, T, 1.0, 7);
      wide[j] = bad_value;
      EXPECT_THROW(w.add(wide.data(), out.data()), privoco::DomainError) << j;
      wide[j] = 1.0;
    }
  }
  fj::PrivateSum big(37, T, 1.0, 7);
  wide[5] = 1.7976931348623157e308;
  EXPECT_NO_THROW(big.add(wide.data(), out.data()));
}

// W^_t - W_t ~ N(0, k_t sigma^2): over n = 4000 seeds, the mean of ((W^_t - W_t)/sigma)^2 / k_t has mean 1 and
// standard deviation sqrt(2/n); |z| > 5.33 has probability 1e-7 under the claim (normal approximation of a chi-square
// mean with 4000 degrees of freedom), per t tested (3 values of t: family-wise 3e-7). The sibling k = 1 is rejected.
TEST(JktPrivateSum, OutputNoiseHasVarianceKSigmaSquared) {
  const int n = 4000;
  for (std::uint64_t t : {7u, 8u, 13u}) {
    const double k = __builtin_popcountll(t);
    double sum = 0;
    for (int i = 0; i < n; ++i) {
      fj::PrivateSum f(1, 16, 2.0, 1000 + static_cast<std::uint64_t>(i));
      double out = 0;
      const double w = 0.5;
      for (std::uint64_t s = 1; s <= t; ++s) f.add(&w, &out);
      const double e = (out - 0.5 * static_cast<double>(t)) / 2.0;
      sum += e * e;
    }
    const double mean = sum / n, se = std::sqrt(2.0 / n);
    EXPECT_LT(std::fabs(mean / k - 1) / se, 5.33) << "t=" << t << " mean " << mean;
    if (k > 1) {
      EXPECT_GT(std::fabs(mean - 1) / se, 5.33) << "sibling variance sigma^2 at t=" << t;
    }
  }
}

// privoco run private_sum: the printed sigma and the readings in the summary, R as a public bound (assert names the
// line, clip scales), more than T rows refused, a saved state continues the run exactly and refuses another seed.
TEST(JktPrivateSumCli, RunClipAssertAndState) {
  using privoco::testing::run_cli;
  const std::string dir = privoco::testing::test_dir();
  std::string rows = "w1,w2\n";
  for (int t = 1; t <= 12; ++t) rows += std::to_string(t % 3) + "," + std::to_string(-t % 4) + "\n";
  privoco::testing::spit(dir + "w.csv", rows);
  auto r = run_cli("run private_sum R=4 eps=1 delta=1e-6 T=16 --gradients " + dir + "w.csv --out " + dir + "all.csv");
  ASSERT_EQ(r.code, 0) << r.err;
  // with --out FILE the summary goes to standard output
  EXPECT_NE(r.out.find("sigma = 62.383187312652964 (JKT.noise.tree_sigma, log_base = mixed)"), std::string::npos) << r.out;
  EXPECT_EQ(privoco::testing::count_lines(privoco::testing::slurp(dir + "all.csv")), 13);
  r = run_cli("run private_sum R=3 eps=1 delta=1e-6 T=16 --gradients " + dir + "w.csv --out /dev/null");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("w.csv:8: ||w_t||_2 = 3.1622776601683795 exceeds R = 3"), std::string::npos) << r.err;
  r = run_cli("run private_sum R=3 eps=1 delta=1e-6 T=16 R_enforce=clip --gradients " + dir + "w.csv --out /dev/null");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("clip: 2 rows clipped"), std::string::npos) << r.out;
  r = run_cli("run private_sum R=4 eps=1 delta=1e-6 T=10 --gradients " + dir + "w.csv --out /dev/null");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("w.csv:12: more than T = 10 rows"), std::string::npos) << r.err;
  // the run in two halves through a state file: the same rows as the whole run
  std::string h1 = "w1,w2\n", h2 = "w1,w2\n";
  for (int t = 1; t <= 12; ++t) (t <= 5 ? h1 : h2) += std::to_string(t % 3) + "," + std::to_string(-t % 4) + "\n";
  privoco::testing::spit(dir + "h1.csv", h1);
  privoco::testing::spit(dir + "h2.csv", h2);
  ASSERT_EQ(run_cli("run private_sum R=4 eps=1 delta=1e-6 T=16 --gradients " + dir + "h1.csv --out " + dir + "o1.csv --state-out " +
                    dir + "s.json").code, 0);
  r = run_cli("run private_sum R=4 eps=1 delta=1e-6 T=16 --gradients " + dir + "h2.csv --out " + dir + "o2.csv --state-in " +
              dir + "s.json");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string all = privoco::testing::slurp(dir + "all.csv"), o2 = privoco::testing::slurp(dir + "o2.csv");
  EXPECT_NE(all.find(o2.substr(o2.find('\n') + 1)), std::string::npos) << o2;  // rows 6..12 identical
  r = run_cli("run private_sum R=4 eps=1 delta=1e-6 T=16 --seed 2 --gradients " + dir + "h2.csv --out /dev/null --state-in " +
              dir + "s.json");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("seed = 1; this run has"), std::string::npos) << r.err;
  r = run_cli("run private_sum R=4 eps=1 delta=1e-6 T=16 log_base=3 --gradients " + dir + "w.csv");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("not one of {e, 2, mixed}"), std::string::npos) << r.err;
}
