// The adversarial search (proofs-checks/search.hpp): it finds a violation planted at scales a grid around 1 never
// visits, within its budget; a search with a tiny budget does not (the sibling: the test can fail); it is
// reproducible from its seed; it never returns a point outside the domain; it spends exactly its budget.
#include <gtest/gtest.h>

#include <cmath>

#include "privoco/errors.hpp"
#include "privoco/proofs/search.hpp"

using namespace privoco::proofs;

namespace {
// Negative only within ~0.05 decades of (x, y) = (1e9, 1e-11) in a box of 24 decades each; the NaN half-plane
// x < y is outside the domain.
SearchSpec planted(long budget, std::uint64_t seed) {
  SearchSpec s;
  s.params = {{"x", 1e-12, 1e12, true}, {"y", 1e-12, 1e12, true}};
  s.margin = [](const double* p) {
    if (p[0] < p[1]) return std::nan("");
    const double dx = std::log10(p[0]) - 9, dy = std::log10(p[1]) + 11;
    return 1 - 2 * std::exp(-(dx * dx + dy * dy) / 0.005) + 1e-3 * (dx * dx + dy * dy);
  };
  s.evaluations = budget;
  s.seed = seed;
  return s;
}
}  // namespace

TEST(Search, FindsAViolationFarFromOne) {
  for (std::uint64_t seed : {1, 2, 3}) {
    const SearchSpec s = planted(100000, seed);
    const SearchResult r = adversarial_search(s);
    ASSERT_FALSE(r.best.empty());
    EXPECT_LT(r.best[0].margin, 0) << r.describe(s);
    EXPECT_NEAR(std::log10(r.best[0].x[0]), 9, 0.1) << r.describe(s);
    EXPECT_NEAR(std::log10(r.best[0].x[1]), -11, 0.1) << r.describe(s);
    EXPECT_EQ(r.evaluations, 100000);
    EXPECT_LE(r.best.size(), s.keep);
  }
}

TEST(Search, ATinyBudgetMissesIt) {  // sibling
  const SearchSpec s = planted(60, 1);
  EXPECT_GT(adversarial_search(s).best[0].margin, 0);
}

TEST(Search, ReproducibleAndInsideTheDomain) {
  const SearchSpec s = planted(20000, 7);
  const SearchResult a = adversarial_search(s), b = adversarial_search(s);
  ASSERT_EQ(a.best.size(), b.best.size());
  for (std::size_t i = 0; i < a.best.size(); ++i) {
    EXPECT_EQ(a.best[i].x, b.best[i].x);
    EXPECT_GE(a.best[i].x[0], a.best[i].x[1]);  // never a NaN (outside-the-domain) point
    if (i) {
      EXPECT_LE(a.best[i - 1].margin, a.best[i].margin);
    }
  }
  EXPECT_LT(a.feasible, a.evaluations);
  EXPECT_NE(a.describe(s).find("seed 7"), std::string::npos);
}

TEST(Search, RejectsABadBox) {
  SearchSpec s = planted(10, 1);
  s.params[0].lo = 0;  // log scale needs lo > 0
  EXPECT_THROW(adversarial_search(s), privoco::ParamError);
}
