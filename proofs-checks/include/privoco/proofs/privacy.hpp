// Privacy claims of additive-noise randomisers: the exact worst-case privacy loss (certified), an adversarial
// numeric search over neighbouring inputs and outputs that must agree with it, and exact noise moments against
// the printed bounds.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace privoco::proofs {

struct PrivacyOutcome {
  std::string verdict;        // certified (the claim holds), refuted (it does not)
  std::string quantity;       // what was computed
  std::string exact;          // certified value (decimal enclosure)
  std::string second_route;   // independent route's value (quadrature), where there is one
  std::string claimed;        // the paper's value or bound at these parameters
  double search_best = 0;     // adversarial search: the largest privacy loss found
  std::uint64_t seed = 0;     // of the search (or the sampling)
  std::string search_what = "adversarial search: largest loss found";  // what search_best is
  std::string note;
};

struct PrivacyCheck {
  std::string id, citation, statement, method;
  std::vector<std::string> params;  // names; `tau` is a comma-separated list
  PrivacyOutcome (*run)(const std::map<std::string, std::string>& params, std::uint64_t seed);
  std::map<std::string, std::string> defaults;  // used by `prove --all` and when a parameter is not given
};


}  // namespace privoco::proofs
