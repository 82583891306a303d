// Checks whose evidence is a table of cases: regret bounds against simulation (a learner run on defined loss
// sequences, the realised regret against the printed bound, the ratio realised/bound reported), and bounds or
// lower bounds against a certified computation (realised = the certified side, bound = the printed side).
//
// A simulation cannot certify a bound; it can refute one. Verdicts: `refuted` when a deterministic stream's
// regret exceeds the bound with both sides certified (replay with certified predictions, Arb), or when a noisy
// stream's mean regret exceeds the bound by more than the test's margin; otherwise `undecided`, with the largest
// ratio realised/bound seen as the evidence.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace privoco::proofs {

struct RegretCase {
  std::string stream;       // e.g. "alternating +-G", "mean 0.5 + Laplace(2/tau)"
  long T = 0;
  double u = 0;
  double realised = 0;      // regret (deterministic) or its mean over the seeds
  double stderr_ = 0;       // noisy streams: standard error of the mean
  double bound = 0;         // printed bound (times `scale`), at the realised V (mean of the V term for noisy streams)
  double ratio = 0;         // realised / bound
  bool violated = false;
  std::string evidence;     // how a violation was established
};

struct RegretOutcome {
  std::string verdict;      // refuted or undecided
  std::vector<RegretCase> cases;
  RegretCase worst;         // largest ratio
  std::uint64_t seed = 0;
  long seeds = 0;           // runs per noisy case
  double fpr = 0;           // family-wise false-positive rate of the noisy tests
  double seconds = 0;
  std::string note;
  bool excess = false;      // lower-bound lines (realised = the line, bound = F): ratio holds line - F, not a ratio
};

struct RegretCheck {
  std::string id, citation, statement, method;
  std::vector<std::string> params;
  RegretOutcome (*run)(const std::map<std::string, std::string>& params, std::uint64_t seed);
  std::map<std::string, std::string> defaults;
};

}  // namespace privoco::proofs
