// The privoco CLI's commands, one file each in oracle/src/ (list.cpp, eval.cpp, ...). Each returns the process exit
// status; errors are thrown as privoco::Error.
#pragma once
#include <cstdint>
#include <functional>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "junit.hpp"

namespace privoco::oracle {

int cmd_list(bool json);

struct EvalArgs {
  std::string id;
  std::vector<std::string> assignments;  // name=value
  std::string impl = "reference";
  int digits = 17;
  long max_prec = 1L << 17;
  double max_seconds = 10;  // per evaluation: the precision is not raised past it
  bool json = false;
  std::string points;  // a file of points (the sample format): every row evaluated
};
int cmd_eval(const EvalArgs& a);

struct ReportArgs {
  std::size_t n = 2000;
  std::uint64_t seed = 1;
  bool json = false;
  std::vector<std::string> ids;  // empty: every ID implemented by both parts
  std::string junit;             // JUnit XML file (empty: none)
  unsigned threads = 0;          // 0: every core (the output does not depend on it)
  std::string shard;             // "i/n" (empty: all)
};
int cmd_report(const ReportArgs& a);

struct CheckArgs {
  std::string file;          // "-" for standard input
  std::string format = "auto", inputs = "double";
  std::string claim = "equal";  // equal, upper, lower (a column `claim` overrides per row)
  double ulps = -1, rel = -1;  // at most one; default 16 ulp
  int digits = 17;
  bool json = false, all = false;
  long long expect_rows = -1;  // -1: any number of rows but at least one
  std::string junit;           // JUnit XML file: one test case per row (empty: none)
  unsigned threads = 0;        // 0: every core (the output does not depend on it)
  std::string shard;           // "i/n": judge that part of the rows, JSON for privoco merge (empty: all)
};
int cmd_check(const CheckArgs& a);
// Why a file of `rows` data rows is not a complete check (none, or not --expect-rows of them), or "".
std::string check_incomplete(const std::string& source, std::size_t rows, long long expect_rows);

struct SampleArgs {
  std::string id, out = "-", format = "csv";
  std::size_t n = 1000;
  std::uint64_t seed = 1;
};
int cmd_sample(const SampleArgs& a);

struct CompareArgs {
  std::string id, points, plot, x;
  std::size_t n = 2000;
  std::uint64_t seed = 1;
  bool json = false;
  double ulps = 16;
  unsigned threads = 0;  // 0: every core (the output does not depend on it)
  std::string shard;     // "i/n" (empty: all)
};
int cmd_compare(const CompareArgs& a);

struct ProveArgs {
  std::string id;
  std::vector<std::string> assignments;
  bool threshold = false, all = false, json = false;
  std::uint64_t seed = 1;  // adversarial searches
  std::string fail_on = "undecided";  // --all: undecided (refuted or undecided fail), refuted, none
  std::string junit;                  // JUnit XML file: one test case per claim (empty: none)
  unsigned threads = 0;               // --all: claims on this many threads (0: every core)
  std::string shard;                  // --all: "i/n" (empty: all)
};
// prove --all's exit: 1 if a claim is refuted (unless fail_on is none), else 3 if one is undecided and fail_on is
// undecided, else 0.
int prove_all_exit(const std::vector<std::string>& verdicts, const std::string& fail_on);
int cmd_prove(const ProveArgs& a);

// Every claim's verdict (prove --all; the report's last part): printed as a table when print_text, always as JSON.
// Claims run on `threads` threads, each from empty Arb caches; the table is printed in catalogue order as they end.
// take(k): whether claim k (in catalogue order) is run (--shard); empty: all.
nlohmann::ordered_json prove_all(bool print_text, unsigned threads = 1,
                                 const std::function<bool(std::size_t)>& take = {});

// One claim's record, as prove ID --json writes it: constants (name=value) override the claim's defaults; seed of
// adversarial searches; thresholds: also search the best value of each constant. UnknownId for an ID without a
// machine check.
nlohmann::ordered_json prove_one(const std::string& id, const std::vector<std::string>& constants,
                                 std::uint64_t seed = 1, bool thresholds = false);

// A claim record (prove's JSON) as a JUnit test case: certified passes; refuted fails unless fail_on is none;
// undecided fails when fail_on is undecided and is skipped otherwise (the exit codes' rule).
JUnitCase claim_case(const nlohmann::ordered_json& claim, const std::string& fail_on);

}  // namespace privoco::oracle
