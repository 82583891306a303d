// Privacy checks: exact losses and moments against closed forms, the adversarial search agreeing with the
// exact loss (never above it), second routes agreeing, and deliberately smaller claims refuted.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <string>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/proofs/privacy.hpp"
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
  for (const auto& c : privacy_checks()) EXPECT_TRUE(privoco::entry(c.id).has_proof) << c.id;
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
