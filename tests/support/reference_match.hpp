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

// The ID's batch path (it must have one) at these points, one point per row in the ID's parameter order: each
// result the scalar call's value, status and ln|value|, and each within the reference as above.
inline void expect_batch_matches(const char* id, const std::vector<std::vector<double>>& points, double max_ulp = 8,
                                 double log_rel = 1e-14) {
  const auto& e = privoco::entry(id);
  const privoco::fast::BatchFn bf = privoco::fast::batch(e);
  ASSERT_NE(bf, nullptr) << id;
  const std::size_t n = points.size(), np = points.at(0).size();
  std::vector<std::vector<double>> cols(np, std::vector<double>(n));
  std::vector<const double*> cp(np);
  for (std::size_t j = 0; j < np; ++j) {
    for (std::size_t i = 0; i < n; ++i) cols[j][i] = points[i].at(j);
    cp[j] = cols[j].data();
  }
  std::vector<privoco::fast::Value> out(n);
  bf(cp.data(), out.data(), n);
  for (std::size_t i = 0; i < n; ++i) {
    expect_matches_reference(id, points[i], max_ulp, log_rel);
    const privoco::fast::Value s = privoco::fast::evaluate(e, points[i].data());
    EXPECT_EQ(out[i].status, s.status) << id << " point " << i;
    EXPECT_EQ(out[i].value, s.value) << id << " point " << i;
    EXPECT_EQ(out[i].log_abs(), s.log_abs()) << id << " point " << i;
  }
}

}  // namespace privoco::testing
