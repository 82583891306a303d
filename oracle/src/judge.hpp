// privoco check: verdicts on another program's results, one row at a time.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "privoco/reference/ball.hpp"
#include "rows.hpp"

namespace privoco::oracle {

// What a claimed value asserts: equal (within the tolerance), or a bound: upper (claimed >= the true value, as a
// privacy accountant's delta or eps must be) or lower. A bound is judged sound or UNSOUND by certified comparison;
// the tolerance does not apply to it. A row's column `claim` (equal, upper, lower) overrides the option.
enum class Claim { equal, upper, lower };
const char* to_string(Claim c);
bool claim_from(const std::string& text, Claim* out);  // false for anything but equal, upper, lower

struct Tolerance {
  enum class Kind { ulps, rel } kind = Kind::ulps;
  double value = 16;  // default: 16 ulp of double
  Claim claim = Claim::equal;  // the default claim of the rows (check --claim)
  std::string text() const;
  // From the options --ulps and --rel (negative: not given; default 16 ulp); ParamError when both are given.
  static Tolerance from_options(double ulps, double rel);
};

// How the file's parameter strings are taken: `double` (default) rounds each to the nearest double, as a
// double-precision program reads them (%.17g text is not the double's exact value, and an ill-conditioned
// quantity moves by many ulps between the two); `exact` takes each decimal as the exact real number, for
// programs that compute in higher precision from the decimal text.
enum class Inputs { double_, exact };

struct Verdict {
  std::size_t line = 0;
  std::string id;
  std::string verdict;      // pass, fail, invalid; for bounds: sound, UNSOUND (counted as pass, fail)
  std::string reason;       // fail/invalid: why
  std::size_t column = 0;   // invalid: where
  std::string params;       // name=value, ... as given
  std::vector<std::pair<std::string, std::string>> param_fields;  // the same, name and text (JSON: an object)
  std::string claimed;      // the other program's value, as given
  std::string certified;    // certified value (17 significant digits or more)
  int digits = 0;           // certified significant digits of `certified`
  double rel_err = 0, ulps = 0;  // upper bounds
  bool wrong_sign = false;
  // equal claims: a value with no finite error (the reason says the same in words)
  enum class Defect { none, nan, inf, wrong_sign, zero } defect = Defect::none;
  Claim claim = Claim::equal;
  double slack = 0;         // bounds: claimed / true value (midpoint), >= 1 for a sound upper bound
};

// Judges one row. digits: certified digits of the reference (escalated when the verdict is not yet decided).
Verdict judge(const Row& row, const Tolerance& tol, int digits = 17, Inputs inputs = Inputs::double_);

// Judges v.claimed (read from column claimed_column) against eval(digits), a certified evaluation; escalates
// the digits while the enclosure straddles the tolerance. Shared by function rows and learner streams.
Verdict judge_claim(Verdict v, std::size_t claimed_column, const Tolerance& tol, int digits,
                    const std::function<reference::Certified(int digits)>& eval);

struct CheckSummary {
  std::size_t rows = 0, passed = 0, failed = 0, invalid = 0;
  std::size_t read = 0;     // rows in the file (rows judged, plus those of other shards)
  Verdict worst;            // the failing row with the largest ulp error (or the first invalid row)
  bool has_worst = false;
};

// Counts v into s (and keeps the worst row).
void tally(CheckSummary* s, const Verdict& v);
// The rule of the summary's worst row: the failing row with the largest ulp error, else the first invalid row. Does
// a row (verdict, ulps) replace the worst so far (worst_verdict null: none yet)? privoco merge applies it too.
bool replaces_worst(const std::string& verdict, double ulps, const std::string* worst_verdict, double worst_ulps);

// Streams the file, calling on_row for each verdict in file order with render(verdict) (its output text, formed on
// the judging thread; empty if render is empty); returns the summary. threads > 1: rows are judged and rendered in
// blocks on that many threads, with the same verdicts, texts and order. take_run (if given) selects the runs of
// kPointsPerRun rows that are judged (--shard); the others are read and counted in `read` only.
using RenderRow = std::function<std::string(const Verdict&)>;
CheckSummary check_stream(RowReader& reader, const Tolerance& tol, int digits, Inputs inputs,
                          const std::function<void(const Verdict&, const std::string& text)>& on_row,
                          unsigned threads = 1, const RenderRow& render = {},
                          const std::function<bool(std::size_t run)>& take_run = {});

}  // namespace privoco::oracle
