// --shard i/n and privoco merge.
#include "shard.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>

#include "accuracy.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "judge.hpp"
#include "privoco/errors.hpp"
#include "privoco/proofs/check.hpp"
#include "rows.hpp"

namespace privoco::oracle {

Shard parse_shard(const std::string& command, const std::string& text) {
  const std::size_t slash = text.find('/');
  auto digits = [](const std::string& s) {
    return !s.empty() && s.size() <= 7 && s.find_first_not_of("0123456789") == std::string::npos;
  };
  const std::string i = slash == std::string::npos ? "" : text.substr(0, slash);
  const std::string n = slash == std::string::npos ? "" : text.substr(slash + 1);
  Shard s;
  s.given = true;
  if (digits(i) && digits(n)) s.index = std::stoul(i), s.count = std::stoul(n);
  if (!digits(i) || !digits(n) || s.count < 1 || s.count > 1000000 || s.index >= s.count)
    throw ParamError(command, "--shard",
                     "'" + text + "' is not i/n with 0 <= i < n <= 1000000 (shards 0/4, 1/4, 2/4, 3/4 make one run)");
  return s;
}

json shard_json(const Shard& s, json extra) {
  json j{{"index", s.index}, {"count", s.count}};
  for (auto& [k, v] : extra.items()) j[k] = v;
  return j;
}

namespace {

struct Line {
  std::string text;  // verbatim: merge writes the records as the shard wrote them
  json j;
};

struct ShardFile {
  std::string path;
  std::vector<Line> records;
  json summary;  // the summary object (command, ..., shard, exit)
};

ShardFile read_shard(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw FileError("cannot open '" + path + "': " + std::strerror(errno));
  ShardFile s;
  s.path = path;
  std::string line;
  for (std::size_t no = 1; std::getline(f, line); ++no) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (!s.summary.is_null())
      throw FileError(fmt::format("{}:{}: a line after the summary (not one shard's --json output)", path, no));
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object())
      throw FileError(fmt::format("{}:{}:1: not a JSON object (a shard's output is JSON Lines)", path, no));
    if (j.contains("summary") && !j.contains("record")) s.summary = j["summary"];
    else s.records.push_back({line, j});
  }
  if (s.summary.is_null() || !s.summary.contains("shard") || !s.summary.contains("command"))
    throw FileError(path + ": no summary with a shard object at its end (the output of a command run with --shard, "
                           "and complete)");
  return s;
}

// The fields every shard of a run must agree on (the run's parameters), for the message that names the first
// that differs.
void require_same(const std::vector<ShardFile>& shards, const std::vector<std::string>& keys, bool in_shard) {
  for (const auto& k : keys) {
    const json& a = in_shard ? shards[0].summary["shard"].value(k, json()) : shards[0].summary.value(k, json());
    for (const auto& s : shards) {
      const json& b = in_shard ? s.summary["shard"].value(k, json()) : s.summary.value(k, json());
      if (a != b)
        throw FileError(fmt::format("{} and {}: '{}' differs ({} and {}): shards of different runs", shards[0].path,
                                    s.path, k, json_text(a), json_text(b)));
    }
  }
}

std::size_t claim_order(const std::string& id) {
  const auto& checks = proofs::checks();
  for (std::size_t k = 0; k < checks.size(); ++k)
    if (checks[k].id == id) return k;
  return checks.size();
}

void print_records(std::vector<const Line*> lines) {
  for (const Line* l : lines) std::printf("%s\n", l->text.c_str());
}

std::vector<const Line*> of_type(const std::vector<ShardFile>& shards, const std::string& type) {
  std::vector<const Line*> out;
  for (const auto& s : shards)
    for (const auto& l : s.records)
      if (l.j.value("record", "") == type) out.push_back(&l);
  return out;
}

// Claims in catalogue order, and their counts.
json merge_claims(const std::vector<ShardFile>& shards, std::map<std::string, int>* count) {
  auto claims = of_type(shards, "claim");
  std::stable_sort(claims.begin(), claims.end(), [](const Line* a, const Line* b) {
    return claim_order(a->j.value("id", "")) < claim_order(b->j.value("id", ""));
  });
  print_records(claims);
  json verdicts = json::array();
  for (const Line* l : claims) {
    const std::string v = l->j.value("verdict", "undecided");
    ++(*count)[v], verdicts.push_back(v);
  }
  return verdicts;
}

int merge_check(const std::vector<ShardFile>& shards) {
  require_same(shards, {"tolerance", "claim", "inputs"}, false);
  require_same(shards, {"read", "source", "expect_rows"}, true);
  auto rows = of_type(shards, "verdict");
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Line* a, const Line* b) { return a->j.value("line", 0) < b->j.value("line", 0); });
  print_records(rows);
  std::size_t passed = 0, failed = 0, invalid = 0;
  const json* worst = nullptr;
  auto ulps = [](const json& v) {
    const json& u = v.value("ulps", json(0.0));
    return u.is_number() ? u.get<double>() : std::numeric_limits<double>::infinity();
  };
  std::string worst_verdict;
  for (const Line* l : rows) {
    const std::string v = l->j.value("verdict", "");
    passed += v == "pass" || v == "sound", failed += v == "fail" || v == "UNSOUND", invalid += v == "invalid";
    if (replaces_worst(v, ulps(l->j), worst ? &worst_verdict : nullptr, worst ? ulps(*worst) : 0))
      worst = &l->j, worst_verdict = v;
  }
  const json& s0 = shards[0].summary;
  const json& sh = s0["shard"];
  const std::string incomplete = check_incomplete(sh.value("source", ""), sh.value("read", std::size_t{0}),
                                                  sh.value("expect_rows", -1LL));
  const int code = (failed || invalid || !incomplete.empty()) ? kAgainst : kOk;
  json j{{"rows", rows.size()}, {"passed", passed}, {"failed", failed}, {"invalid", invalid},
         {"tolerance", s0["tolerance"]}, {"claim", s0["claim"]}, {"inputs", s0["inputs"]}};
  if (worst) j["worst"] = *worst;
  if (!incomplete.empty()) j["incomplete"] = incomplete;
  print_line(summary_line("check", j, code));
  if (!incomplete.empty()) std::fprintf(stderr, "privoco: %s\n", incomplete.c_str());
  return code;
}

int merge_prove(const std::vector<ShardFile>& shards) {
  require_same(shards, {"fail_on"}, false);
  std::map<std::string, int> count;
  const json verdicts = merge_claims(shards, &count);
  const std::string fail_on = shards[0].summary.value("fail_on", "undecided");
  const int code = prove_all_exit(verdicts.get<std::vector<std::string>>(), fail_on);
  print_line(summary_line("prove", {{"claims", verdicts.size()}, {"certified", count["certified"]},
                                    {"refuted", count["refuted"]}, {"undecided", count["undecided"]},
                                    {"fail_on", fail_on}}, code));
  return code;
}

int merge_compare(const std::vector<ShardFile>& shards) {
  require_same(shards, {"id"}, false);
  require_same(shards, {"points", "seed", "file", "rows_skipped"}, true);
  const Entry& e = entry(shards[0].summary.value("id", ""));
  auto pts = of_type(shards, "point");
  std::stable_sort(pts.begin(), pts.end(), [](const Line* a, const Line* b) {
    return a->j.value("index", std::size_t{0}) < b->j.value("index", std::size_t{0});
  });
  const std::size_t total = shards[0].summary["shard"].value("points", std::size_t{0});
  if (pts.size() != total)
    throw FileError(fmt::format("the shards hold {} of the run's {} points", pts.size(), total));
  std::vector<PointResult> results;
  std::vector<FileValue> values;
  for (const Line* l : pts) results.push_back(point_from_json(l->j)), values.push_back(file_value_from_json(l->j));
  json j = compare_json(e, results);
  const json& run = shards[0].summary["shard"];
  if (run.contains("file")) j["file"] = run["file"], add_file_errors(&j, values, run.value("rows_skipped", std::size_t{0}));
  else j["seed"] = run["seed"];
  print_line(j);
  return kOk;
}

int merge_report(const std::vector<ShardFile>& shards) {
  require_same(shards, {"seed", "n"}, false);
  require_same(shards, {"ids"}, true);
  const json& ids = shards[0].summary["shard"]["ids"];
  auto acc = of_type(shards, "accuracy");
  auto id_order = [&](const Line* l) {
    const std::string id = l->j.value("id", "");
    for (std::size_t k = 0; k < ids.size(); ++k)
      if (ids[k] == id) return k;
    return ids.size();
  };
  std::stable_sort(acc.begin(), acc.end(), [&](const Line* a, const Line* b) { return id_order(a) < id_order(b); });
  print_records(acc);
  // learners: each shard's part_accuracy records, in file order, belong to its parts [[j, records], ...]
  std::map<std::size_t, std::vector<const Line*>> parts;
  for (const auto& s : shards) {
    std::vector<const Line*> mine;
    for (const auto& l : s.records)
      if (l.j.value("record", "") == "part_accuracy") mine.push_back(&l);
    std::size_t next = 0;
    for (const auto& p : s.summary["shard"].value("parts", json::array())) {
      const std::size_t j = p.at(0).get<std::size_t>(), n = p.at(1).get<std::size_t>();
      if (next + n > mine.size()) throw FileError(s.path + ": fewer learner records than its summary lists");
      parts[j].assign(mine.begin() + static_cast<long>(next), mine.begin() + static_cast<long>(next + n));
      next += n;
    }
  }
  for (const auto& [j, lines] : parts) print_records(lines);
  std::size_t errata = 0;
  for (const auto& s : shards)
    if (s.summary["shard"].value("index", std::size_t{1}) == 0)
      for (const auto& l : s.records)
        if (l.j.value("record", "") == "erratum") std::printf("%s\n", l.text.c_str()), ++errata;
  std::map<std::string, int> count;
  const json verdicts = merge_claims(shards, &count);
  const json& s0 = shards[0].summary;
  print_line(summary_line("report", {{"seed", s0["seed"]}, {"n", s0["n"]}, {"ids", ids.size()}, {"errata", errata},
                                     {"claims", verdicts.size()}, {"certified", count["certified"]},
                                     {"refuted", count["refuted"]}, {"undecided", count["undecided"]}},
                          0));
  return kOk;
}

}  // namespace

int cmd_merge(const MergeArgs& a) {
  std::vector<ShardFile> shards;
  for (const auto& f : a.files) shards.push_back(read_shard(f));
  require_same(shards, {"command"}, false);
  require_same(shards, {"count"}, true);
  const std::size_t n = shards[0].summary["shard"].value("count", std::size_t{0});
  std::vector<std::string> seen(n);
  for (const auto& s : shards) {
    const std::size_t i = s.summary["shard"].value("index", n);
    if (i >= n) throw FileError(s.path + ": a shard index outside 0.." + std::to_string(n - 1));
    if (!seen[i].empty()) throw FileError(fmt::format("{} and {}: both are shard {}/{}", seen[i], s.path, i, n));
    seen[i] = s.path;
  }
  std::string missing;
  for (std::size_t i = 0; i < n; ++i)
    if (seen[i].empty()) missing += (missing.empty() ? "" : ", ") + fmt::format("{}/{}", i, n);
  if (!missing.empty()) throw FileError("shards missing: " + missing);
  const std::string command = shards[0].summary.value("command", "");
  if (command == "check") return merge_check(shards);
  if (command == "prove") return merge_prove(shards);
  if (command == "compare") return merge_compare(shards);
  if (command == "report") return merge_report(shards);
  throw FileError(shards[0].path + ": shards of '" + command + "' are not merged");
}

}  // namespace privoco::oracle
