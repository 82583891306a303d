// Privacy checks: exact losses and moments against closed forms, the adversarial search agreeing with the
// exact loss (never above it), second routes agreeing, and deliberately smaller claims refuted.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <string>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/proofs/check.hpp"
#include "support/gen.hpp"

using namespace privoco::proofs;

namespace {
double lead(const std::string& s) {  // the number at the start of "[x +/- r]" or "x"
  std::size_t i = s.find_first_of("-0123456789");
  return std::stod(s.substr(i));
}
PrivacyOutcome run_check(const char* id, std::map<std::string, std::string> p, std::uint64_t seed = 1) {
  return find_privacy_check(id)->run(p, seed);
}
}  // namespace

TEST(Privacy, EveryCheckIsInTheTable) {
  for (const Check& k : checks())
    if (k.privacy) {
      EXPECT_TRUE(privoco::entry(k.privacy->id).has_proof) << k.id;
    }
  EXPECT_EQ(find_privacy_check("VDH.priv.nope"), nullptr);
}

RC_GTEST_PROP(Privacy, LaplaceLossIsSumOfTauAndSearchAgrees, ()) {
  const auto n = *rc::gen::inRange(1, 6);
  std::string tau;
  double sum = 0;
  for (int j = 0; j < n; ++j) {
    const double t = *privoco::testing::log_uniform(0.05, 10);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", t);
    tau += (j ? "," : "") + std::string(buf);
    sum += std::stod(buf);
  }
  auto o = run_check("VDH.priv.local_laplace_eps", {{"tau", tau}}, 7);
  RC_ASSERT(o.verdict == "certified");
  RC_ASSERT(std::fabs(lead(o.exact) - sum) <= 1e-12 * sum);
  RC_ASSERT(o.search_best <= sum * (1 + 1e-12));  // never above the exact supremum
  RC_ASSERT(o.search_best >= 0.99 * sum);         // and finds it
}

TEST(Privacy, L2LossIsEpsAndSearchAgrees) {
  for (const char* d : {"1", "3", "20"}) {
    auto o = run_check("VDH.priv.l2_eps", {{"eps", "1.5"}, {"d", d}}, 3);
    EXPECT_EQ(o.verdict, "certified");
    EXPECT_DOUBLE_EQ(lead(o.exact), 1.5);
    EXPECT_LE(o.search_best, 1.5 * (1 + 1e-12));
    EXPECT_GE(o.search_best, 0.99 * 1.5) << d;
  }
}

TEST(Privacy, MomentsAgreeWithSecondRoutes) {
  for (auto [eps, d] : {std::pair<double, int>{0.5, 1}, {1.0, 3}, {2.0, 10}, {0.25, 40}}) {
    char e[32], dd[16];
    std::snprintf(e, sizeof e, "%g", eps);
    std::snprintf(dd, sizeof dd, "%d", d);
    auto o = run_check("VDH.priv.l2_moment", {{"eps", e}, {"d", dd}});
    const double exact = 4.0 * d * (d + 1) / (eps * eps);
    EXPECT_NEAR(lead(o.exact), exact, 1e-12 * exact);
    EXPECT_NEAR(lead(o.second_route), exact, 1e-9 * exact) << o.second_route;
    EXPECT_EQ(o.verdict, "certified");  // the printed bound 4 + 4(d^2+d)/eps^2 holds
  }
  auto m = run_check("VDH.priv.local_laplace_moment", {{"tau", "0.1,3"}});
  EXPECT_NEAR(lead(m.exact), 8 / 0.01 + 8 / 9.0, 1e-10);
  EXPECT_NEAR(lead(m.second_route), 8 / 0.01 + 8 / 9.0, 1e-8);
}

// Siblings: a claim smaller than the exact value is refuted.
TEST(Privacy, SmallerClaimsAreRefuted) {
  EXPECT_EQ(run_check("VDH.priv.local_laplace_eps", {{"tau", "0.5,1,2"}, {"claimed", "3"}}).verdict, "refuted");
  EXPECT_EQ(run_check("VDH.priv.local_laplace_eps", {{"tau", "0.5,1,2"}, {"claimed", "3.5"}}).verdict, "certified");
  EXPECT_EQ(run_check("VDH.priv.l2_eps", {{"eps", "1"}, {"d", "2"}, {"claimed", "0.99"}}).verdict, "refuted");
  // dropping the "+ d" of the printed bound: 4 + 4 d^2/eps^2 < 4 d (d+1)/eps^2 when d > eps^2
  EXPECT_EQ(run_check("VDH.priv.l2_moment", {{"eps", "0.5"}, {"d", "10"}, {"claimed", "1604"}}).verdict, "refuted");
}

TEST(Privacy, BadParametersAreTypedErrors) {
  EXPECT_THROW(run_check("VDH.priv.local_laplace_eps", {{"tau", "1,-2"}}), privoco::DomainError);
  EXPECT_THROW(run_check("VDH.priv.local_laplace_eps", {{"tau", "1,x"}}), privoco::ParamError);
  EXPECT_THROW(run_check("VDH.priv.l2_eps", {{"eps", "1"}, {"d", "2.5"}}), privoco::DomainError);
  EXPECT_THROW(run_check("VDH.priv.l2_eps", {{"eps", "1"}}), privoco::ParamError);
  EXPECT_THROW(run_check("VDH.priv.l2_eps", {{"eps", "1"}, {"d", "2"}, {"q", "1"}}), privoco::ParamError);
}

// VDH Definition 1: the event form of the privacy loss equals the density form (sum tau_j); eps below it is refuted
// (the sibling), and the search over boxes never exceeds it.
TEST(Privacy, LdpDefinitionEventFormEqualsDensityForm) {
  const PrivacyOutcome o = run_check("VDH.priv.ldp_def", {{"tau", "0.5,1,2"}, {"eps", "3.5"}});
  EXPECT_EQ(o.verdict, "certified") << o.note;
  EXPECT_NEAR(lead(o.exact), 3.5, 1e-18);
  EXPECT_LE(o.search_best, 3.5 * (1 + 1e-6));
  EXPECT_GT(o.search_best, 3.4);  // the search finds (nearly) the sup: it has teeth
  const PrivacyOutcome bad = run_check("VDH.priv.ldp_def", {{"tau", "0.5,1,2"}, {"eps", "3.49"}});
  EXPECT_EQ(bad.verdict, "refuted");
  EXPECT_THROW(run_check("VDH.priv.ldp_def", {{"tau", "1"}}), privoco::ParamError);
}

// The derived normaliser: each factor integrates to 1 (certified quadrature), the sampler passes DKW at FPR 1e-6;
// a sampler with the wrong scale (tau doubled) is caught by the same test (the sibling).
TEST(Privacy, LocalLaplaceDensityNormalisedAndSampled) {
  const PrivacyOutcome o = run_check("VDH.priv.local_laplace_density", {{"tau", "0.5,1,2"}}, 7);
  EXPECT_EQ(o.verdict, "certified") << o.note;
  EXPECT_NEAR(lead(o.exact), 0.5 * 1 * 2 / 64, 1e-18);
  EXPECT_NE(o.second_route.find("[1.00000000000000000 +/-"), std::string::npos) << o.second_route;
  EXPECT_EQ(o.seed, 7u);
  EXPECT_LT(o.search_best, 0.0198);
  const double wrong = std::stod(o.second_route.substr(o.second_route.find("distance >= ") + 12));
  EXPECT_GT(wrong, 0.0198);  // the sibling: the same threshold rejects the law with tau doubled
}

// E||g + xi||^2 = E||g||^2 + E||xi||^2 exactly (Monte Carlo agrees); c = 3 holds, c < 1 is refuted.
TEST(Privacy, NoisyGradientMomentExactAndMonteCarlo) {
  const PrivacyOutcome lap = run_check("VDH.priv.noisy_grad_moment",
                                       {{"noise", "laplace"}, {"tau", "1,2"}, {"eps", "1"}, {"d", "3"}, {"G", "1"}, {"c", "3"}});
  EXPECT_EQ(lap.verdict, "certified") << lap.note;
  EXPECT_NEAR(lead(lap.exact), 1 + 8 + 2, 1e-15);  // G^2 + 8/1 + 8/4
  const PrivacyOutcome l2 = run_check("VDH.priv.noisy_grad_moment",
                                      {{"noise", "l2"}, {"tau", "1"}, {"eps", "2"}, {"d", "2"}, {"G", "0.5"}, {"c", "3"}});
  EXPECT_EQ(l2.verdict, "certified") << l2.note;
  EXPECT_NEAR(lead(l2.exact), 0.25 + 4.0 * 2 * 3 / 4, 1e-15);
  EXPECT_NEAR(l2.search_best, 6.25, 0.5);
  const PrivacyOutcome bad = run_check("VDH.priv.noisy_grad_moment",
                                       {{"noise", "laplace"}, {"tau", "1"}, {"eps", "1"}, {"d", "3"}, {"G", "1"}, {"c", "0.99"}});
  EXPECT_EQ(bad.verdict, "refuted");
  EXPECT_THROW(run_check("VDH.priv.noisy_grad_moment", {{"noise", "gauss"}, {"tau", "1"}, {"G", "1"}, {"c", "3"}}),
               privoco::ParamError);
}
