// Accuracy of the fast learners and samplers (catalogue kind alg) against their certified reference, for the
// report: a seeded run of each, every fast output compared with the certified value of the same step or draw.
// Each paper measures its own (registry.hpp: report_parts, called with the rounds per run and the master seed).
#pragma once
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

}  // namespace privoco::oracle
