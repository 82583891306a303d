// Accuracy of the fast learners and samplers (catalogue kind alg) against their certified reference, for the
// report: a seeded run of each, every fast output compared with the certified value of the same step or draw.
// Each paper measures its own (registry.hpp: report_parts, called with the rounds per run and the master seed).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace privoco::oracle {

struct PartAccuracy {
  std::string id, setup;  // what was run
  std::string metric;     // "ulp" (of each value) or "ulp of the scale" (normwise: |fast - ref| / ulp(scale))
  std::size_t values = 0;
  double median = 0, p99 = 0, max = 0;
  std::string worst;      // where the max was reached
};

// The errors of one run as they come: the largest with where it was reached; done() fills the median and the 99th
// percentile.
struct PartTally {
  PartAccuracy a;
  std::vector<double> e;
  void add(double err, const std::string& where) {
    if (e.empty() || err > a.max) a.max = err, a.worst = where;
    e.push_back(err);
  }
  PartAccuracy done() {
    a.values = e.size();
    if (!e.empty()) {
      std::sort(e.begin(), e.end());
      a.median = e[e.size() / 2];
      a.p99 = e[std::min(e.size() - 1, static_cast<std::size_t>(0.99 * static_cast<double>(e.size())))];
    }
    return a;
  }
};

}  // namespace privoco::oracle
