// privoco check FILE: verdicts on another program's values, row by row, against the certified reference.
#include "commands.hpp"
#include "exit_codes.hpp"

#include <fmt/core.h>

#include <cstring>
#include <fstream>
#include <iostream>

#include "judge.hpp"
#include "output.hpp"
#include "parallel.hpp"
#include "progress.hpp"
#include "shard.hpp"
#include "privoco/errors.hpp"
#include "run_support.hpp"

namespace privoco::oracle {

namespace {

// A row's verdict record (one per row, formed on the judging thread: text, no json document).
std::string verdict_json(const Verdict& v) {
  JsonLine j("verdict");
  j.count("line", v.line).str("id", v.id).str("verdict", v.verdict);
  if (v.verdict == "invalid") return std::move(j.count("column", v.column).str("reason", v.reason)).done();
  j.object("params", v.param_fields);  // as in eval and compare: an object of the row's texts
  j.str("claimed", v.claimed);
  if (v.claim != Claim::equal) {  // a bound: sound or UNSOUND, with the slack claimed/true
    j.str("claim", to_string(v.claim)).num("slack", v.slack).str("certified", v.certified).integer("digits", v.digits);
    if (v.verdict != "sound") j.str("reason", v.reason);
    return std::move(j).done();
  }
  j.num("rel_err", v.rel_err).num("ulps", v.ulps).boolean("wrong_sign", v.wrong_sign);
  j.str("certified", v.certified);  // on passing rows too: the certified value of every row checked
  j.integer("digits", v.digits);
  if (v.verdict == "fail") j.str("reason", v.reason);
  return std::move(j).done();
}

std::string verdict_text(const Verdict& v, const std::string& source) {
  if (v.verdict == "invalid")
    return fmt::format("{}:{}:{}: invalid: {}", source, v.line, v.column, v.reason);
  std::string s = fmt::format("{}:{}: {} {}({}) claimed {}", source, v.line, v.verdict, v.id, v.params, v.claimed);
  if (v.claim != Claim::equal) {
    s += fmt::format(" as an {} bound", to_string(v.claim));
    if (v.verdict == "sound") return s + fmt::format(" (slack claimed/true {:.6g}; certified {})", v.slack, v.certified);
    return s + fmt::format(": certified {} ({} digits), {}", v.certified, v.digits, v.reason);
  }
  if (v.verdict == "fail")
    s += fmt::format(": certified {} ({} digits), rel. error {:.3g}, {:.3g} ulp{}", v.certified, v.digits, v.rel_err,
                     v.ulps, v.wrong_sign ? ", WRONG SIGN" : (v.reason == "outside tolerance" ? "" : ", " + v.reason));
  else
    s += fmt::format(" ({:.3g} ulp; certified {})", v.ulps, v.certified);
  return s;
}

// A row as a JUnit test case: pass/sound pass, fail/UNSOUND fail, invalid rows are errors.
JUnitCase verdict_case(const Verdict& v, const std::string& source) {
  JUnitCase c;
  c.classname = "privoco.check." + (v.id.empty() ? std::string("row") : v.id);
  c.name = v.verdict == "invalid" ? fmt::format("line {}", v.line) : fmt::format("line {}: {}({})", v.line, v.id, v.params);
  const bool passed = v.verdict == "pass" || v.verdict == "sound";
  c.outcome = passed ? JUnitCase::Outcome::pass
              : v.verdict == "invalid" ? JUnitCase::Outcome::error
                                       : JUnitCase::Outcome::failure;
  if (!passed) {
    c.message = v.verdict + ": " + v.reason;
    if (v.verdict == "fail") c.message += fmt::format(" ({:.3g} ulp)", v.ulps);
    c.detail = verdict_text(v, source);
  }
  return c;
}

}  // namespace

std::string check_incomplete(const std::string& source, std::size_t rows, long long expect_rows) {
  if (rows == 0) return source + ": no data rows (a header only, or an empty file)";
  if (expect_rows >= 0 && rows != static_cast<std::size_t>(expect_rows))
    return fmt::format("{}: {} data rows, expected {} (--expect-rows)", source, rows, expect_rows);
  return {};
}

int cmd_check(const CheckArgs& given) {
  CheckArgs a = given;
  const Shard shard = a.shard.empty() ? Shard{} : parse_shard("check", a.shard);
  a.json |= shard.given;  // a shard's output is JSON Lines for privoco merge
  Tolerance tol = Tolerance::from_options(a.ulps, a.rel);
  if (!claim_from(a.claim, &tol.claim)) throw ParamError("check", "--claim", "'" + a.claim + "' (equal, upper, lower)");
  std::ifstream file;
  std::istream* in = &std::cin;
  const std::string source = a.file == "-" ? "<stdin>" : a.file;
  if (a.file != "-") {
    file.open(a.file);
    if (!file) throw FileError("cannot open '" + a.file + "': " + std::strerror(errno));
    in = &file;
  }
  RowReader reader(*in, source, a.format);
  const Inputs inputs = a.inputs == "exact" ? Inputs::exact : Inputs::double_;
  if (!a.json)
    fmt::print("privoco check {} ({}): {}, reference certified to {} digits, inputs {}\n", source, reader.format(),
               tol.claim == Claim::equal ? "tolerance " + tol.text()
                                         : std::string("values are ") + to_string(tol.claim) + " bounds (sound or UNSOUND)",
               a.digits,
               inputs == Inputs::exact ? "taken as exact decimals" : "rounded to the nearest double");
  // text output names only the rows that fail: progress beside it on a terminal
  Progress progress("check " + source, 0, "rows judged", progress_wanted(!a.json));
  std::size_t count = 0;
  JUnitWriter junit(a.junit);
  const std::string suite = "privoco check " + source;
  // each row's output line is formed on the thread that judged it
  const RenderRow render = [&](const Verdict& v) -> std::string {
    if (a.json) return verdict_json(v);
    if (a.all || (v.verdict != "pass" && v.verdict != "sound")) return verdict_text(v, source);
    return {};
  };
  CheckSummary s = check_stream(reader, tol, a.digits, inputs, [&](const Verdict& v, const std::string& text) {
    ++count;
    if (junit.active()) junit.add(suite, verdict_case(v, source));
    if (!text.empty()) {
      progress.clear();
      std::fwrite(text.data(), 1, text.size(), stdout), std::fputc('\n', stdout);
      std::fflush(stdout);
    }
    progress.add();
  }, resolve_threads(a.threads), render,
  shard.selector());
  progress.clear();
  // a file with nothing to judge, or not the rows promised (a truncated file), fails the check
  const std::string incomplete = check_incomplete(source, s.read, a.expect_rows);
  const int code = (s.failed || s.invalid || !incomplete.empty()) ? kAgainst : kOk;
  if (!incomplete.empty()) {  // the missing rows as one failing case, so the JUnit file fails as the exit does
    JUnitCase c;
    c.classname = "privoco.check", c.name = "rows", c.outcome = JUnitCase::Outcome::failure;
    c.message = c.detail = incomplete;
    junit.add(suite, c);
  }
  junit.write();
  if (a.json) {
    json j;
    j["rows"] = s.rows;
    j["passed"] = s.passed;
    j["failed"] = s.failed;
    j["invalid"] = s.invalid;
    j["tolerance"] = tol.text();
    j["claim"] = to_string(tol.claim);
    j["inputs"] = a.inputs;
    if (s.has_worst) j["worst"] = json::parse(verdict_json(s.worst));
    if (!incomplete.empty()) j["incomplete"] = incomplete;
    if (shard.given)
      j["shard"] = shard_json(shard, {{"read", s.read}, {"source", source}, {"expect_rows", a.expect_rows}});
    print_line(summary_line("check", j, code));
  } else {
    fmt::print("summary: {} rows, {} passed, {} failed, {} invalid", s.rows, s.passed, s.failed, s.invalid);
    if (s.has_worst)
      fmt::print("; worst: line {}{}", s.worst.line,
                 s.worst.verdict == "UNSOUND" ? std::string(" (UNSOUND)")
                 : s.worst.verdict == "fail" ? fmt::format(" ({:.3g} ulp{})", s.worst.ulps,
                                                         s.worst.wrong_sign ? ", wrong sign" : "")
                                           : " (invalid)");
    fmt::print("\n");
  }
  if (!incomplete.empty()) std::fprintf(stderr, "privoco: %s\n", incomplete.c_str());
  return code;
}

}  // namespace privoco::oracle
