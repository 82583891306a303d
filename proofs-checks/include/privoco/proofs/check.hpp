// One kind of machine check. Every claim of every paper — a lemma's inequality (certified branch-and-bound), a
// privacy claim (exact loss and an adversarial search), a regret, conjugate or lower bound (certified computation or
// simulation), a definition's properties — is a Check with one verdict type, and each paper registers its checks
// (proofs-checks/PAPER/register.cpp). `privoco prove`, the report, the JSON output and the tests walk this one list.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "privoco/proofs/claims.hpp"
#include "privoco/proofs/privacy.hpp"
#include "privoco/proofs/regret.hpp"

namespace privoco::proofs {

// certified: every case closed by a sound argument; refuted: a certified counterexample in the stated domain;
// undecided: neither (budget exhausted, or a simulation, which cannot certify) — never reported as success.
enum class Verdict { certified, refuted, undecided };
const char* to_string(Verdict v);
Verdict verdict_from(const std::string& text);  // "certified", "refuted"; anything else is undecided
int exit_status(Verdict v);                     // 0 certified, 1 refuted, 3 undecided (privoco prove)

using Params = std::map<std::string, std::string>;  // name -> exact decimal text (or a reading: a9=b)

struct RunOptions {
  std::uint64_t seed = 1;   // of adversarial searches and simulations (printed)
  bool thresholds = false;  // branch-and-bound claims: also search the best value of each constant
};

// A branch-and-bound run: the constants used, the prover's outcome, the thresholds searched.
struct ProverRun {
  Constants constants;
  Outcome outcome;
  std::vector<Threshold> thresholds;
};

struct CheckResult {
  Verdict verdict = Verdict::undecided;
  Params params;        // what it ran at: the defaults with the given values
  double seconds = 0;
  // The method's own record, for its detailed output: exactly one is set.
  std::shared_ptr<const ProverRun> prover;
  std::shared_ptr<const PrivacyOutcome> privacy;
  std::shared_ptr<const RegretOutcome> regret;
};

struct Check {
  std::string id, citation, statement;
  Params defaults;  // every parameter the check takes, with the value `prove --all` uses
  // The definition of the method (exactly one is set): the claim for the prover, or a privacy or regret check.
  const Claim* claim = nullptr;
  const PrivacyCheck* privacy = nullptr;
  const RegretCheck* regret = nullptr;
  // Runs at the defaults overridden by `given` (ParamError for a name a claim does not have).
  CheckResult run(const Params& given, const RunOptions& opt = {}) const;
};

// What a paper registers (proofs-checks/PAPER/register.cpp: void PAPER::register_paper(Registry&)); the lists it
// points into are the paper's own and live as long as the program.
struct Registry {
  std::vector<Check> checks;
  void add(const Claim& c);
  void add(const PrivacyCheck& c);
  void add(const RegretCheck& c);
};

const std::vector<Check>& checks();                 // every paper's, in registration order
const Check* find_check(const std::string& id);     // nullptr when no check has this ID
const Check& check(const std::string& id);          // UnknownId when none
// Typed lookups for the tests and the report: the definition behind a check of that method, or nullptr.
const Claim& claim(const std::string& id);          // UnknownId unless a branch-and-bound claim
const PrivacyCheck* find_privacy_check(const std::string& id);
const RegretCheck* find_regret_check(const std::string& id);

}  // namespace privoco::proofs
