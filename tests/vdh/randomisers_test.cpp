// VDH.alg.local_laplace, VDH.alg.l2_mech: reproducible streams, the sampled laws against the derived ones.
// Every statistical test here has a false-positive rate <= 1e-6, stated beside it, and a sibling that fails:
//   - Kolmogorov-Smirnov with the Dvoretzky-Kiefer-Wolfowitz-Massart bound P(sup|F_n - F| > e) <= 2 exp(-2 n e^2);
//   - moments by median-of-means over k = 111 groups: each group mean is off by more than 2 sigma sqrt(k/n) with
//     probability <= 1/4 (Chebyshev), so the median is with probability <= exp(-k/8) = 9.4e-7 (Hoeffding).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "privoco/format.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/vdh/randomisers.hpp"
#include "privoco/reference/vdh/randomisers.hpp"

using privoco::fast::Streams;
namespace fv = privoco::fast::vdh;

namespace {
constexpr double kFpr = 1e-6;
constexpr std::uint64_t kSeed = 20261122;  // printed by the test names' output below

double ks(std::vector<double> x, const std::function<double(double)>& cdf) {
  std::sort(x.begin(), x.end());
  const double n = static_cast<double>(x.size());
  double d = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double f = cdf(x[i]);
    d = std::max({d, f - i / n, (i + 1) / n - f});
  }
  return d;
}
double dkw_threshold(std::size_t n) { return std::sqrt(std::log(2 / kFpr) / (2.0 * static_cast<double>(n))); }

// median of k = 111 group means
double median_of_means(const std::vector<double>& x) {
  const std::size_t k = 111, m = x.size() / k;
  std::vector<double> means(k);
  for (std::size_t g = 0; g < k; ++g) {
    double s = 0;
    for (std::size_t i = 0; i < m; ++i) s += x[g * m + i];
    means[g] = s / static_cast<double>(m);
  }
  std::nth_element(means.begin(), means.begin() + k / 2, means.end());
  return means[k / 2];
}
double mom_threshold(double sigma, std::size_t n) { return 2 * sigma * std::sqrt(111.0 / static_cast<double>(n)); }

double laplace_cdf(double z, double scale) {
  return z < 0 ? 0.5 * std::exp(z / scale) : 1 - 0.5 * std::exp(-z / scale);
}
}  // namespace

TEST(VdhRandomisers, StreamsAreReproducibleAndDistinct) {
  std::printf("master seed %llu\n", static_cast<unsigned long long>(kSeed));
  Streams a(kSeed), b(kSeed), c(kSeed + 1);
  EXPECT_EQ(a.bits(3, 7), b.bits(3, 7));
  EXPECT_NE(a.bits(3, 7), c.bits(3, 7));
  EXPECT_NE(a.bits(3, 7), a.bits(7, 3));
  EXPECT_NE(a.bits(3, 7), a.bits(3, 8));
  for (int i = 0; i < 1000; ++i) {
    const double u = a.uniform(i, 0);
    ASSERT_GT(u, 0);
    ASSERT_LT(u, 1);
  }
}

// The map from 64 bits to (0, 1) at its ends: the top 53 bits all ones round (k + 1/2) 2^-53 to 1 unless mapped
// below it (a Laplace draw would be infinite there); the unclamped formula is the wrong variant.
TEST(VdhRandomisers, UnitNeverReachesZeroOrOne) {
  EXPECT_EQ(Streams::unit(~0ULL), 1 - 0x1p-53);
  EXPECT_EQ(Streams::unit(0), 0x1p-54);
  EXPECT_EQ((static_cast<double>(~0ULL >> 11) + 0.5) * 0x1p-53, 1.0);  // what the clamp prevents
  for (std::uint64_t k : {0ULL, 1ULL, (1ULL << 52) - 1, 1ULL << 52, (1ULL << 53) - 2, (1ULL << 53) - 1}) {
    const double u = Streams::unit(k << 11);
    EXPECT_GT(u, 0);
    EXPECT_LT(u, 1);
  }
}

TEST(VdhRandomisers, LocalLaplaceLawAndMoment) {
  const Streams s(kSeed);
  const double tau[3] = {0.7, 4.0, INFINITY};
  const std::size_t n = 999000;  // 111 * 9000
  std::vector<double> x0(n), x1(n), sq(n);
  double xi[3];
  for (std::size_t t = 0; t < n; ++t) {
    fv::local_laplace(s, t, tau, 3, xi);
    x0[t] = xi[0], x1[t] = xi[1];
    ASSERT_EQ(xi[2], 0.0);  // tau = inf: no noise (A17(b))
    sq[t] = xi[0] * xi[0];
  }
  const double scale0 = 2 / 0.7;  // density (tau/4) e^{-tau|z|/2}
  EXPECT_LE(ks(x0, [&](double z) { return laplace_cdf(z, scale0); }), dkw_threshold(n));
  EXPECT_LE(ks(x1, [&](double z) { return laplace_cdf(z, 0.5); }), dkw_threshold(n));
  // sibling: the law with scale 1/tau (exp(-tau|z|), the normaliser read without the 1/2) is rejected
  EXPECT_GT(ks(x0, [&](double z) { return laplace_cdf(z, 1 / 0.7); }), dkw_threshold(n));
  // E xi^2 = 2 scale^2 = 8/tau^2 (VDH.priv.local_laplace_moment); Var(xi^2) = 20 scale^4
  const double exact = 8 / (0.7 * 0.7), sigma = std::sqrt(20.0) * scale0 * scale0;
  EXPECT_LE(std::fabs(median_of_means(sq) - exact), mom_threshold(sigma, n));
  EXPECT_GT(std::fabs(median_of_means(sq) - 4 / (0.7 * 0.7)), mom_threshold(sigma, n));  // sibling: 4/tau^2
}

TEST(VdhRandomisers, L2MechanismRadiusDirectionMoment) {
  const Streams s(kSeed);
  const int d = 4;
  const double eps = 1.5, theta = 2 / eps;
  const std::size_t n = 333000;  // 111 * 3000
  std::vector<double> r(n), r2(n), u1sq(n);
  double xi[d];
  for (std::size_t t = 0; t < n; ++t) {
    fv::l2_mech(s, t, eps, d, xi);
    double q = 0;
    for (double v : xi) q += v * v;
    r[t] = std::sqrt(q), r2[t] = q, u1sq[t] = xi[0] * xi[0] / q;
  }
  // R ~ Gamma(d, theta): CDF 1 - e^{-x} sum_{k<d} x^k/k!, x = r/theta
  auto gamma_cdf = [&](double rr, double th) {
    const double x = rr / th;
    double term = 1, sum = 0;
    for (int k = 0; k < d; ++k) sum += term, term *= x / (k + 1);
    return 1 - std::exp(-x) * sum;
  };
  EXPECT_LE(ks(r, [&](double x) { return gamma_cdf(x, theta); }), dkw_threshold(n));
  EXPECT_GT(ks(r, [&](double x) { return gamma_cdf(x, 1 / eps); }), dkw_threshold(n));  // sibling: scale 1/eps
  // E||xi||^2 = theta^2 d (d+1) = 4 d (d+1)/eps^2 (VDH.priv.l2_moment); Var = theta^4 d (d+1)(4d+6)
  const double exact = theta * theta * d * (d + 1), sigma = theta * theta * std::sqrt(d * (d + 1.0) * (4 * d + 6));
  EXPECT_LE(std::fabs(median_of_means(r2) - exact), mom_threshold(sigma, n));
  EXPECT_GT(std::fabs(median_of_means(r2) - (4 + exact)), mom_threshold(sigma, n));  // sibling: the printed 4 + ...
  // isotropy: E U_1^2 = 1/d, Var(U_1^2) <= 1/4 (a variable in [0, 1])
  EXPECT_LE(std::fabs(median_of_means(u1sq) - 1.0 / d), mom_threshold(0.5, n));
  EXPECT_GT(std::fabs(median_of_means(u1sq) - 1.0 / (d - 1)), mom_threshold(0.5, n));  // sibling: wrong dimension
}

TEST(VdhRandomisers, BadParameters) {
  const Streams s(1);
  double xi[2];
  const double bad[2] = {1.0, 0.0};
  EXPECT_THROW(fv::local_laplace(s, 0, bad, 2, xi), privoco::DomainError);
  EXPECT_THROW(fv::l2_mech(s, 0, -1, 2, xi), privoco::DomainError);
  EXPECT_THROW(fv::l2_mech(s, 0, 1, 0, xi), privoco::DomainError);
}

// ---- fast against the certified reference: the same uniforms, the transforms compared draw by draw ----
namespace rv = privoco::reference::vdh;
namespace ref = privoco::reference;

namespace {
std::vector<rv::Tau> taus(const std::vector<std::string>& t) {
  std::vector<rv::Tau> out;
  for (std::size_t j = 0; j < t.size(); ++j) out.push_back(rv::parse_tau(t[j], j));
  return out;
}
}  // namespace

// Local Laplace: each fast coordinate within 4 ulp of the certified transform of its uniform (measured: <= 2);
// tau = inf is exactly 0 in both. Sibling: the scale 1/tau (instead of 2/tau) is off by a factor 2.
RC_GTEST_PROP(VdhRandomisersReference, LocalLaplaceMatchesTheCertifiedTransform, ()) {
  const std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>(), round = *rc::gen::inRange<std::uint64_t>(0, 1000000);
  const int d = *rc::gen::inRange(1, 8);
  std::vector<std::string> t;
  std::vector<double> td;
  for (int j = 0; j < d; ++j) {
    const bool inf = *rc::gen::inRange(0, 10) == 0;
    const double x = std::exp(*rc::gen::inRange(-700, 700) / 100.0);
    t.push_back(inf ? "inf" : privoco::text17(x));
    td.push_back(inf ? INFINITY : x);
  }
  const Streams s(seed);
  std::vector<double> xi(d);
  fv::local_laplace(s, round, td.data(), d, xi.data());
  const auto c = rv::local_laplace(s, round, taus(t));
  for (int j = 0; j < d; ++j) {
    if (std::isinf(td[j])) {
      RC_ASSERT(xi[j] == 0.0);
      RC_ASSERT(c[j].exact);
      continue;
    }
    RC_ASSERT(ref::ulp_error(c[j], xi[j]) <= 4);
    RC_ASSERT(ref::ulp_error(c[j], xi[j] / 2) > 1e10);  // sibling: scale 1/tau
  }
}

// l2 mechanism: every fast coordinate within 16 ulp of the radius R = ||xi|| of the certified draw (normwise: a
// coordinate near 0 carries the angle's absolute error, which the fast sampler's rounded 2 pi makes ~1e-16);
// the radius itself within 8 ulp. Sibling: 2 pi taken as 6.28 misses the normwise bound.
RC_GTEST_PROP(VdhRandomisersReference, L2MechanismMatchesTheCertifiedTransform, ()) {
  const std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>(), round = *rc::gen::inRange<std::uint64_t>(0, 1000000);
  const int d = *rc::gen::inRange(1, 9);
  const double eps = std::exp(*rc::gen::inRange(-500, 500) / 100.0);
  const Streams s(seed);
  std::vector<double> xi(d);
  fv::l2_mech(s, round, eps, d, xi.data());
  privoco::Decimal e = privoco::parse_param("VDH.alg.l2_mech", "eps", privoco::text17(eps));
  const auto c = rv::l2_mech(s, round, e, d);
  const double R = c.radius.nearest(), tol = 16 * std::ldexp(1.0, std::ilogb(R) - 52);
  double n2 = 0, worst_wrong = 0;
  for (int j = 0; j < d; ++j) {
    RC_ASSERT(std::fabs(xi[j] - c.xi[j].nearest()) <= tol);
    n2 += xi[j] * xi[j];
  }
  RC_ASSERT(std::fabs(std::sqrt(n2) - R) <= 8 * std::ldexp(1.0, std::ilogb(R) - 52) * std::sqrt(d));
  // sibling: the same draw with the angle 6.28 u2 is off far beyond the bound on some coordinate (d >= 2)
  for (int j = 0; j + 1 < d; j += 2) {
    const double u1 = s.uniform(round, d + j), u2 = s.uniform(round, d + j + 1);
    const double rad = std::sqrt(-2 * std::log(u1));
    worst_wrong = std::max(worst_wrong, std::fabs(rad * std::cos(6.28 * u2) - rad * std::cos(6.283185307179586 * u2)));
  }
  if (d >= 2) RC_ASSERT(worst_wrong * R > tol);
}

TEST(VdhRandomisersReference, BadParameters) {
  EXPECT_THROW(rv::parse_tau("0", 0), privoco::DomainError);
  EXPECT_THROW(rv::parse_tau("-1", 2), privoco::DomainError);
  EXPECT_THROW(rv::parse_tau("x", 0), privoco::ParamError);
  EXPECT_TRUE(rv::parse_tau("inf", 0).infinite);
  const Streams s(1);
  EXPECT_THROW(rv::l2_mech(s, 1, privoco::parse_param("t", "eps", "0"), 2), privoco::DomainError);
  EXPECT_THROW(rv::l2_mech(s, 1, privoco::parse_param("t", "eps", "1"), 0), privoco::DomainError);
}
