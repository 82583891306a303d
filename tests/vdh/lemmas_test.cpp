// proofs-checks: each VDH claim's verdict at its printed constants, thresholds against known values, false
// variants refuted with certified counterexamples, the prover never certifying a false claim, and the tail
// arguments checked beyond the boxes.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/proofs/check.hpp"
#include "support/gen.hpp"

using namespace privoco::proofs;
using privoco::testing::log_uniform;

namespace {
// The branch-and-bound claims among the registered checks.
std::vector<Claim> claims() {
  std::vector<Claim> v;
  for (const Check& k : checks())
    if (k.claim) v.push_back(*k.claim);
  return v;
}
Outcome run_with(const char* id, std::map<std::string, std::string> k) {
  const Claim& c = claim(id);
  return run(c, constants_for(c, k));
}
double lower(const Ball& b) { return arf_get_d(arb_midref(b.get()), ARF_RND_DOWN) - mag_get_d(arb_radref(b.get())); }
}  // namespace

TEST(Proofs, EveryCatalogueClaimHasAProverAndViceVersa) {
  for (const auto& e : privoco::catalogue()) {
    if (e.has_proof && e.kind == "lemma" && !find_regret_check(e.id)) {  // scalar claims; the others run as checks
      EXPECT_NO_THROW(claim(e.id)) << e.id;
    }
  }
  for (const auto& c : claims()) EXPECT_TRUE(privoco::entry(c.id).has_proof) << c.id;
  EXPECT_THROW(claim("VDH.lemma.nope"), privoco::UnknownId);
  EXPECT_THROW(constants_for(claim("VDH.lemma.lncosh"), {{"q", "1"}}), privoco::ParamError);
  EXPECT_THROW(constants_for(claim("VDH.lemma.lncosh"), {{"y", "abc"}}), privoco::ParamError);
}

TEST(Proofs, PrintedClaimsAreCertified) {
  for (const auto& c : claims()) {
    Outcome o = run(c, constants_for(c, {}));
    EXPECT_EQ(o.verdict, "certified") << c.id << " " << o.reason;
    EXPECT_LT(o.seconds, 10) << c.id;
  }
}

// False variants: constants nudged past their thresholds, and a dropped term; each refuted with a point inside
// the stated domain whose violation is certified (the enclosure of h there is negative).
TEST(Proofs, FalseVariantsAreRefuted) {
  struct Case {
    const char* id;
    std::map<std::string, std::string> k;
  } cases[] = {{"VDH.lemma.lncosh", {{"y", "1.42"}}},
               {"VDH.lemma.lncosh", {{"y", "-1.5"}}},
               {"VDH.lemma.cbl24", {{"x_min", "-0.7"}}},
               {"VDH.lemma.symmexp", {{"mean_lo", "-0.3"}}},
               {"VDH.lemma.sq3", {{"c", "1.99"}}}};
  for (const auto& cs : cases) {
    Outcome o = run_with(cs.id, cs.k);
    ASSERT_EQ(o.verdict, "refuted") << cs.id;
    EXPECT_NE(o.value.find("-"), std::string::npos) << o.value;
  }
  // symmexp's counterexample lies in the claim's domain: m >= -0.3 exactly
  Outcome s = run_with("VDH.lemma.symmexp", {{"mean_lo", "-0.3"}});
  EXPECT_GE(s.counterexample[0], -0.3);
  // a dropped term: W(x) <= ln(x) (the 1 dropped) is, with w = W(x), ln(w e^w) - w = ln w >= 0: false on (0, 1)
  Problem p;
  p.box = {{{1e-3, 1.0}, {0.0, 0.0}}};
  p.h = [](const J2& w, const J2&) { return log(w * exp(w)) - w; };
  EXPECT_EQ(prove(p).verdict, "refuted");
  // the true claim in the same form certifies (sibling)
  p.h = [](const J2& w, const J2&) { return log(J2::constant(1.0) + w * exp(w)) - w; };
  p.touch = {};
  EXPECT_EQ(prove(p).verdict, "certified");
}

RC_GTEST_PROP(Proofs, NeverCertifiesPastTheThreshold, ()) {
  const double y = *rc::gen::map(log_uniform(1e-3, 1.0), [](double t) { return 1.41422 + t; });
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", y);
  RC_ASSERT(run_with("VDH.lemma.lncosh", {{"y", buf}}).verdict != "certified");
  const double x = -0.6839 - *log_uniform(1e-4, 0.5);
  std::snprintf(buf, sizeof buf, "%.17g", x);
  RC_ASSERT(run_with("VDH.lemma.cbl24", {{"x_min", buf}}).verdict != "certified");
}

RC_GTEST_PROP(Proofs, CertifiesInsideTheThreshold, ()) {
  const double y = 1.41421 * *rc::gen::map(rc::gen::inRange(0, 1000), [](int k) { return k / 1000.0; });
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", y);
  RC_ASSERT(run_with("VDH.lemma.lncosh", {{"y", buf}}).verdict == "certified");
}

TEST(Proofs, ThresholdsAreCertifiedIntervalsAroundTheKnownValues) {
  Threshold t = threshold(claim("VDH.lemma.lncosh"), "y", {});
  EXPECT_TRUE(t.stopped.empty()) << t.stopped;
  EXPECT_LE(t.lo, std::sqrt(2.0));  // analytically sup |y| = sqrt 2 (h''(0) = 2 - y^2)
  EXPECT_GE(t.hi, std::sqrt(2.0));
  EXPECT_LE(t.hi - t.lo, 1e-6);
  Threshold c = threshold(claim("VDH.lemma.cbl24"), "x_min", {});
  auto phi = [](double x) { return std::log1p(x) - x + x * x; };  // the claim's ln form: root x* in (-1, -1/2)
  EXPECT_LE(phi(c.lo), 0);
  EXPECT_GE(phi(c.hi), 0);
  EXPECT_LE(c.hi - c.lo, 1e-6);
  Threshold m = threshold(claim("VDH.lemma.symmexp"), "mean_lo", {});
  EXPECT_LE(m.hi - m.lo, 1e-6);
  EXPECT_LT(m.hi, -0.2);  // the printed -1/5 is valid and not the best
  Threshold h = threshold(claim("VDH.lemma.symmexp"), "mean_hi", {});
  EXPECT_TRUE(h.whole_range);
  Threshold q = threshold(claim("VDH.lemma.sq3"), "c", {});  // (a + b)^2 <= c (a^2 + b^2): least c = 2
  EXPECT_LE(q.lo, 2.0);
  EXPECT_GE(q.hi, 2.0);
  EXPECT_LE(q.hi - q.lo, 1e-6);
  EXPECT_EQ(run_with("VDH.lemma.sq3", {{"c", "2"}}).verdict, "certified");  // the touching case, closed exactly
}

// The tail arguments, checked with certified evaluations beyond each box.
TEST(Proofs, TailArgumentsHoldBeyondTheBoxes) {
  for (double y : {0.5, 1.0, 1.4}) {
    for (double x = y; x < 200; x *= 1.7) {
      // lncosh: for x >= |y|, x^2 - ln cosh(y x) >= x^2 - |y| x >= 0
      Ball h = eval_point([y](const J2& a, const J2&) { return a * a - log(cosh(a * y)); }, x, 0);
      EXPECT_GE(lower(h), 0) << y << " " << x;
    }
  }
  for (double x = 0.5; x < 50; x *= 1.3) {  // cbl24: h' >= 1 on [1/2, inf)
    J2 j = J2::constant(0.0);
    j = (J2::constant(1.0) + J2::variable(Ball(x), 0)) - exp(J2::variable(Ball(x), 0) - J2::variable(Ball(x), 0) * J2::variable(Ball(x), 0));
    EXPECT_GE(lower(j.g[0]), 1.0 - 1e-12) << x;
  }
  for (double w = 1; w < 600; w *= 1.5) {  // lambertw: h(w) = 1 - e^w (1 - w) >= 1 for w >= 1
    Ball h = eval_point([](const J2& a, const J2&) { return J2::constant(1.0) - exp(a) * (J2::constant(1.0) - a); }, w, 0);
    EXPECT_GE(lower(h), 1.0) << w;
  }
  // symmexp: for z >= Z = max|y| + 3, e^{-z^2} cosh(y z) <= e^{-3Z}
  for (double m : {-0.2, 0.0, 0.2}) {
    const double Z = std::ceil(std::max(std::fabs(1 - 2 * -0.2), std::fabs(1 - 2 * 0.2)) + 3);
    for (double z = Z; z < 40; z += 1.3) {
      Ball lhs = eval_point([m](const J2& a, const J2&) { return exp(a * a * -1.0) * cosh(a * (1 - 2 * m)); }, z, 0);
      Ball rhs = eval_point([Z](const J2&, const J2&) { return exp(J2::constant(-3 * Z)); }, 0, 0);
      EXPECT_TRUE(arb_le(lhs.get(), rhs.get())) << m << " " << z;
    }
  }
}
