// privoco prove ID | --all: certify or refute the papers' claims.
#include "commands.hpp"
#include "exit_codes.hpp"

#include <algorithm>
#include <fmt/core.h>

#include <cmath>
#include <map>
#include <optional>
#include <mutex>
#include <condition_variable>

#include "output.hpp"
#include "parallel.hpp"
#include "progress.hpp"
#include "shard.hpp"
#include "privoco/errors.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/assignments.hpp"
#include "privoco/proofs/check.hpp"

namespace privoco::oracle {

namespace {

std::string fmt_const(double x) { return fmt::format("{:.10g}", x); }

json outcome_json(const proofs::Claim& c, const proofs::Constants& k, const proofs::Outcome& o) {
  json j = record("claim");
  j["id"] = c.id;
  j["citation"] = c.citation;
  j["verdict"] = o.verdict;
  json ks = json::object();
  for (const auto& [name, v] : k) ks[name] = v.text;
  j["constants"] = ks;
  j["boxes"] = o.boxes;
  j["depth"] = o.depth;
  j["seconds"] = o.seconds;
  if (o.verdict == "refuted") {
    json ce = json::object();
    for (std::size_t i = 0; i < c.vars.size() && i < 2; ++i) ce[c.vars[i]] = text17(o.counterexample[i]);
    ce["h"] = o.value;
    j["counterexample"] = ce;
  }
  if (!o.reason.empty()) j["reason"] = o.reason;
  return j;
}

json threshold_json(const proofs::Threshold& t) {
  json j{{"param", t.param}, {"printed", t.printed}, {"direction", t.direction}, {"lo", text17(t.lo)}, {"hi", text17(t.hi)},
         {"whole_range", t.whole_range}, {"steps", t.steps}, {"seconds", t.seconds}};
  if (!t.stopped.empty()) j["stopped"] = t.stopped;
  return j;
}

std::string threshold_text(const proofs::Threshold& t) {
  const double printed = std::strtod(t.printed.c_str(), nullptr);
  std::string s;
  if (!t.stopped.empty() && t.lo == t.hi) return fmt::format("{}: search not started ({})", t.param, t.stopped);
  if (t.whole_range)
    s = fmt::format("{}: holds on the whole range searched, {} up to {} (printed {})", t.param, t.printed,
                    fmt_const(t.direction == "max" ? t.hi : t.lo), t.printed);
  else
    s = fmt::format("{}: best {} in [{}, {}] (printed {}{})", t.param, t.direction == "max" ? "(greatest)" : "(least)",
                    fmt_const(t.lo), fmt_const(t.hi), t.printed,
                    (t.direction == "max" ? printed < t.lo : printed > t.hi) ? ": valid, not the best" : "");
  if (!t.stopped.empty()) s += "; search stopped: " + t.stopped;
  return s;
}

}  // namespace

namespace {
// A check's parameters as an object (output.hpp): a comma-separated list (one value per coordinate) as an array.
json params_object(const std::map<std::string, std::string>& ps) {
  json j = json::object();
  for (const auto& [k, v] : ps) j[k] = v.find(',') == std::string::npos ? json(v) : json(split_commas(v));
  return j;
}
}  // namespace

json privacy_json(const proofs::PrivacyCheck& pc, const std::map<std::string, std::string>& ps,
                  const proofs::PrivacyOutcome& o) {
  json j{{"record", "claim"}, {"id", pc.id}, {"citation", pc.citation}, {"verdict", o.verdict}, {"params", params_object(ps)}, {"quantity", o.quantity},
         {"exact", o.exact}, {"claimed", o.claimed}, {"method", pc.method}, {"note", o.note}};
  if (!o.second_route.empty()) j["second_route"] = o.second_route;
  if (o.seed) j["search"] = {{"best", num_or_inf(o.search_best)}, {"seed", o.seed}, {"what", o.search_what}};
  return j;
}

void print_privacy(const proofs::PrivacyCheck& pc, const std::map<std::string, std::string>& ps,
                   const proofs::PrivacyOutcome& o) {
  std::string p;
  for (const auto& [k, v] : ps) p += (p.empty() ? "" : ", ") + k + "=" + v;
  fmt::print("{}  ({})\n  claim: {}\n  parameters: {}\n  {}: {} (certified)\n", pc.id, pc.citation, pc.statement, p,
             o.quantity, o.exact);
  if (!o.second_route.empty()) fmt::print("  second route: {}\n", o.second_route);
  fmt::print("  claimed: {}\n", o.claimed);
  if (o.seed) fmt::print("  seed {}: {} {:.17g}\n", o.seed, o.search_what, o.search_best);
  fmt::print("  verdict: {} ({})\n", o.verdict, o.note);
}

json regret_json(const proofs::RegretCheck& rc, const std::map<std::string, std::string>& ps,
                const proofs::RegretOutcome& o) {
  json cases = json::array();
  for (const auto& c : o.cases) {
    json j{{"stream", c.stream}, {"T", c.T}, {"u", num_or_inf(c.u)}, {"realised", num_or_inf(c.realised)},
           {"bound", num_or_inf(c.bound)}, {o.excess ? "excess" : "ratio", num_or_inf(c.ratio)}, {"violated", c.violated}};
    if (c.stderr_ > 0) j["stderr"] = num_or_inf(c.stderr_);
    if (!c.evidence.empty()) j["evidence"] = c.evidence;
    cases.push_back(j);
  }
  json j{{"record", "claim"}, {"id", rc.id}, {"citation", rc.citation}, {"verdict", o.verdict}, {"params", params_object(ps)}, {"method", rc.method},
         {"seed", o.seed}, {"seeds", o.seeds}, {"false_positive_rate", o.fpr}, {"seconds", o.seconds},
         {o.excess ? "max_excess" : "max_ratio", num_or_inf(o.worst.ratio)}, {"note", o.note}, {"cases", cases}};
  if (o.verdict == "refuted") {
    for (const auto& c : o.cases)
      if (c.violated) {
        j["counterexample"] = {{"stream", c.stream}, {"T", c.T}, {"u", num_or_inf(c.u)},
                               {"realised", num_or_inf(c.realised)}, {"bound", num_or_inf(c.bound)},
                               {"evidence", c.evidence}};
        break;
      }
  }
  return j;
}

void print_regret(const proofs::RegretCheck& rc, const std::map<std::string, std::string>& ps,
                  const proofs::RegretOutcome& o) {
  std::string p;
  for (const auto& [k, v] : ps) p += (p.empty() ? "" : ", ") + k + "=" + v;
  fmt::print("{}  ({})\n  claim: {}\n  method: {}\n  parameters: {} (master seed {})\n", rc.id, rc.citation,
             rc.statement, rc.method, p, o.seed);
  std::size_t w = 34;  // the case column: as wide as the longest name, up to 80 characters
  for (const auto& c : o.cases) w = std::max(w, std::min<std::size_t>(c.stream.size(), 80));
  if (o.excess)
    fmt::print("  {:<{}} {:>6} {:>8} {:>14} {:>14} {:>9}\n", "line", w, "", "L", "line", "F", "line - F");
  else
    fmt::print("  {:<{}} {:>6} {:>8} {:>14} {:>14} {:>9}\n", "stream", w, "T", "u", "realised", "bound", "ratio");
  for (const auto& c : o.cases)
    fmt::print("  {:<{}} {:>6} {:>8g} {:>14.6g} {:>14.6g} {:>9.3g}{}\n", c.stream.substr(0, w), w, c.T, c.u, c.realised,
               c.bound, c.ratio, c.violated ? "  VIOLATED: " + c.evidence : "");
  fmt::print("  verdict: {} ({}; {:.2f} s)\n", o.verdict, o.note, o.seconds);
}

namespace {
// One line (or, with thresholds, a few) of the prove --all table for a check's result.
void print_row(const proofs::Check& c, const proofs::CheckResult& r, const std::vector<std::string>& thresholds) {
  const char* verdict = proofs::to_string(r.verdict);
  if (r.prover) {
    fmt::print("{:<31} {:<10} {:>8.2f}s  {}\n", c.id, verdict, r.seconds, thresholds.empty() ? "-" : thresholds[0]);
    for (std::size_t i = 1; i < thresholds.size(); ++i) fmt::print("{:<53}{}\n", "", thresholds[i]);
    fmt::print("{:<53}({})\n", "", c.citation);
  } else if (r.privacy) {
    std::string p;
    for (const auto& [k, v] : r.params) p += (p.empty() ? "" : ", ") + k + "=" + v;
    fmt::print("{:<31} {:<10} {:>9}  at {}: exact {} vs claimed {}\n", c.id, verdict, "", p, r.privacy->exact,
               r.privacy->claimed);
  } else {
    const proofs::RegretOutcome& o = *r.regret;
    fmt::print("{:<31} {:<10} {:>8.2f}s  {}: {}\n", c.id, verdict, o.seconds,
               o.seeds ? fmt::format("simulation (seed 1, {} runs per noisy case)", o.seeds)
                       : (o.excess ? "certified lines" : "computed"),
               o.note);
  }
}

// The JSON of a check's result; `all`: as in prove --all (a claim's thresholds always listed, no single
// "threshold"); `thresholds`: they were searched.
json result_json(const proofs::Check& c, const proofs::CheckResult& r, bool all, bool thresholds) {
  if (r.privacy) return privacy_json(*c.privacy, r.params, *r.privacy);
  if (r.regret) return regret_json(*c.regret, r.params, *r.regret);
  json j = outcome_json(*c.claim, r.prover->constants, r.prover->outcome);
  const auto& ts = r.prover->thresholds;
  if (!all && !thresholds) return j;
  if (!all && ts.size() == 1) j["threshold"] = threshold_json(ts[0]);
  json jt = json::array();
  for (const auto& t : ts) jt.push_back(threshold_json(t));
  j["thresholds"] = jt;
  return j;
}

// The detailed text of one claim's branch-and-bound run.
void print_prover(const proofs::Claim& c, const proofs::ProverRun& p) {
  const proofs::Outcome& o = p.outcome;
  std::string ks;
  for (const auto& [name, v] : p.constants) ks += (ks.empty() ? "" : ", ") + name + "=" + v.text;
  fmt::print("{}  ({})\n  claim: {}\n", c.id, c.citation, c.statement);
  if (!ks.empty()) fmt::print("  constants: {}\n", ks);
  fmt::print("  reduction: {}\n  tail: {}\n", c.reduction, c.tail);
  fmt::print("  verdict: {} ({} boxes, depth {}, {:.3f} s)\n", o.verdict, o.boxes, o.depth, o.seconds);
  if (o.verdict == "refuted") {
    std::string at;
    for (std::size_t i = 0; i < c.vars.size() && i < 2; ++i)
      at += (at.empty() ? "" : ", ") + c.vars[i] + "=" + text17(o.counterexample[i]);
    fmt::print("  counterexample: {}: h = {} < 0\n", at, o.value);
  }
  if (!o.reason.empty()) fmt::print("  note: {}\n", o.reason);
  for (const auto& t : p.thresholds) fmt::print("  threshold {}\n", threshold_text(t));
}
}  // namespace

json prove_all(bool print_text, unsigned threads, const std::function<bool(std::size_t)>& take) {
  const auto& all_checks = proofs::checks();
  std::vector<const proofs::Check*> checks;
  for (std::size_t k = 0; k < all_checks.size(); ++k)
    if (!take || take(k)) checks.push_back(&all_checks[k]);
  json all = json::array();
  if (print_text) fmt::print("{:<31} {:<10} {:>9}  {}\n", "claim", "verdict", "time", "thresholds (found vs printed)");
  // each claim on a worker from empty caches; this thread prints them in catalogue order as they end
  struct Slot {
    bool done = false;
    std::optional<proofs::CheckResult> result;
    std::exception_ptr error;
  };
  std::vector<Slot> slots(checks.size());
  std::mutex mu;
  std::condition_variable ready;
  Progress progress("prove --all", checks.size(), "claims", progress_wanted());
  WorkerPool pool(std::max(1u, threads));
  pool.submit(checks.size(), [&](std::size_t i) {
    Slot s;
    try {
      reference::reset_caches();
      s.result = checks[i]->run({}, {1, true});
    } catch (...) {
      s.error = std::current_exception();
    }
    s.done = true;
    {
      std::lock_guard<std::mutex> lock(mu);
      slots[i] = std::move(s);
      ready.notify_all();
    }
    progress.add();
  });
  for (std::size_t i = 0; i < checks.size(); ++i) {
    {
      std::unique_lock<std::mutex> lock(mu);
      ready.wait(lock, [&] { return slots[i].done; });
    }
    if (slots[i].error) std::rethrow_exception(slots[i].error);  // the pool finishes its claims first
    const proofs::Check& c = *checks[i];
    const proofs::CheckResult& r = *slots[i].result;
    all.push_back(result_json(c, r, true, true));
    if (!print_text) continue;
    std::vector<std::string> ts;
    if (r.prover)
      for (const auto& t : r.prover->thresholds) ts.push_back(threshold_text(t));
    print_row(c, r, ts);
    std::fflush(stdout);
  }
  pool.wait();
  return all;
}

JUnitCase claim_case(const json& j, const std::string& fail_on) {
  JUnitCase c;
  const std::string id = j.value("id", "");
  c.classname = "privoco.prove." + id.substr(0, id.find('.'));
  c.name = id;
  const std::string verdict = j.value("verdict", "undecided");
  const bool fails = verdict == "refuted" ? fail_on != "none" : verdict != "certified" && fail_on == "undecided";
  c.outcome = verdict == "certified" ? JUnitCase::Outcome::pass
              : fails                ? JUnitCase::Outcome::failure
              : verdict == "refuted" ? JUnitCase::Outcome::pass
                                     : JUnitCase::Outcome::skipped;
  std::string why;
  for (const char* k : {"reason", "note"})
    if (why.empty() && j.contains(k) && j[k].is_string()) why = j[k].get<std::string>();
  if (why.size() > 300) why = why.substr(0, 297) + "...";
  c.message = verdict + (why.empty() ? "" : ": " + why);
  c.detail = json_text(j, 2);
  if (j.contains("seconds") && j["seconds"].is_number()) c.seconds = j["seconds"].get<double>();
  c.properties = {{"verdict", verdict}, {"citation", j.value("citation", "")}};
  return c;
}

// The machine check of one ID and its result at the given constants (prove ID, and the Python module's prove).
std::pair<const proofs::Check*, proofs::CheckResult> run_check(const std::string& id,
                                                              const std::vector<std::string>& constants,
                                                              std::uint64_t seed, bool thresholds) {
  const Entry& e = entry(id);
  if (!e.has_proof) throw UnknownId(e.id, "no machine check for this ID");
  const proofs::Check& c = proofs::check(e.id);
  return {&c, c.run(parse_named(e.id, constants), {seed, thresholds})};
}

json prove_one(const std::string& id, const std::vector<std::string>& constants, std::uint64_t seed,
               bool thresholds) {
  const auto [c, r] = run_check(id, constants, seed, thresholds);
  return result_json(*c, r, false, thresholds);
}

int prove_all_exit(const std::vector<std::string>& verdicts, const std::string& fail_on) {
  if (fail_on == "none") return kOk;
  bool refuted = false, undecided = false;
  for (const auto& v : verdicts) refuted |= v == "refuted", undecided |= v != "refuted" && v != "certified";
  if (refuted) return kAgainst;
  return undecided && fail_on == "undecided" ? kUndecided : kOk;
}

int cmd_prove(const ProveArgs& given) {
  ProveArgs a = given;
  if (a.all) {
    const Shard shard = a.shard.empty() ? Shard{} : parse_shard("prove", a.shard);
    a.json |= shard.given;
    json all = prove_all(!a.json, resolve_threads(a.threads),
                         shard.selector());
    std::vector<std::string> verdicts;
    std::map<std::string, int> count;
    for (const auto& j : all) verdicts.push_back(j.value("verdict", "undecided")), ++count[verdicts.back()];
    const int code = prove_all_exit(verdicts, a.fail_on);
    JUnitWriter junit(a.junit);
    for (const auto& j : all) junit.add("privoco prove --all", claim_case(j, a.fail_on));
    junit.write();
    if (a.json) {  // JSON Lines as check writes them: one object per claim (as prove ID --json), then the summary
      for (const auto& j : all) print_line(j);
      json fields = {{"claims", all.size()}, {"certified", count["certified"]}, {"refuted", count["refuted"]},
                     {"undecided", count["undecided"]}, {"fail_on", a.fail_on}};
      if (shard.given) fields["shard"] = shard_json(shard);
      print_line(summary_line("prove", fields, code));
    }
    return code;
  }
  const auto [check, r] = run_check(a.id, a.assignments, a.seed, a.threshold);
  const proofs::Check& c = *check;
  JUnitWriter junit(a.junit);
  junit.add("privoco prove " + c.id, claim_case(result_json(c, r, false, a.threshold), "undecided"));
  junit.write();
  if (a.json) fmt::print("{}\n", json_text(result_json(c, r, false, a.threshold)));
  else if (r.privacy) print_privacy(*c.privacy, r.params, *r.privacy);
  else if (r.regret) print_regret(*c.regret, r.params, *r.regret);
  else print_prover(*c.claim, *r.prover);
  return proofs::exit_status(r.verdict);
}

}  // namespace privoco::oracle
