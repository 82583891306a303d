// JKT Eq (1) for QFTL: the derived lambda holds under both neighbour relations (certified argument; the search's
// best instances reach within 1e-3 of it and never above), and a tenth of it (the mutant) is exceeded.
#include <gtest/gtest.h>

#include <string>

#include "privoco/errors.hpp"
#include "privoco/proofs/check.hpp"

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
