// One point of a fast function against the certified reference, as the tests of extreme inputs check it.
#pragma once
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/evaluate.hpp"

namespace privoco::testing {

// Within max_ulp where the true value is a normal double; else the overflow or underflow status, the sign and
// ln|value| to log_rel (relative). A NaN fails either way.
inline void expect_matches_reference(const char* id, const std::vector<double>& p, double max_ulp = 8,
                                     double log_rel = 1e-14) {
  const auto& e = privoco::entry(id);
  const auto f = privoco::fast::evaluate(e, p.data());
  const auto r = privoco::reference::evaluate(e, p.data());
  std::string at;
  for (double x : p) at += " " + std::to_string(x);
  const double t = std::fabs(r.nearest());
  if (t >= DBL_MIN && t <= DBL_MAX) {
    EXPECT_LE(privoco::reference::ulp_error(r, f.value), max_ulp) << id << " at" << at;
  } else {
    EXPECT_EQ(f.status, t > DBL_MAX ? privoco::fast::Status::overflow : privoco::fast::Status::underflow) << id << at;
    EXPECT_EQ(f.sign, r.sign()) << id << " at" << at;
    EXPECT_NEAR(f.log_abs(), r.log_abs(), log_rel * std::fabs(r.log_abs())) << id << " at" << at;
  }
}

}  // namespace privoco::testing
