#include "commands.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>

#include "accuracy.hpp"
#include "parts_accuracy.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/errata.hpp"
#include "privoco/reference/evaluate.hpp"
#include "sample.hpp"

namespace privoco::oracle {

using json = nlohmann::ordered_json;

namespace {

std::string d17(double x) {
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (std::isnan(x)) return "nan";
  return fmt::format("{:.17g}", x);
}

double approx_of(double x) { return x; }
double approx_of(const Decimal& x) { return x.approx; }

// A point's values grouped by parameter: one string each, or d for a per-coordinate parameter (flat layout).
template <class T, class Str>
std::vector<std::pair<std::string, std::vector<std::string>>> by_param(const Entry& e, const std::vector<T>& p, Str str) {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  if (p.empty()) return out;
  const std::size_t d = e.vector_layout ? static_cast<std::size_t>(std::llround(static_cast<double>(approx_of(p[0])))) : 1;
  std::size_t k = 0;
  for (const ParamSpec& ps : e.params) {
    std::vector<std::string> v;
    for (std::size_t j = 0; j < (ps.per_coordinate ? d : 1) && k < p.size(); ++j) v.push_back(str(p[k++]));
    out.emplace_back(ps.name, std::move(v));
  }
  return out;
}
std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ",") + x;
  return s;
}

std::string params_text(const Entry& e, const std::vector<double>& p) {
  std::string s;
  for (const auto& [name, v] : by_param(e, p, d17)) s += (s.empty() ? "" : ", ") + name + "=" + join(v);
  return s;
}

json values_json(const Entry& e, const std::vector<std::pair<std::string, std::vector<std::string>>>& g) {
  json j = json::object();
  for (std::size_t i = 0; i < g.size(); ++i)
    if (e.params[i].per_coordinate) j[g[i].first] = g[i].second;
    else j[g[i].first] = g[i].second.empty() ? "" : g[i].second[0];
  return j;
}

json params_json(const Entry& e, const std::vector<double>& p) { return values_json(e, by_param(e, p, d17)); }

// The index of parameter `name`, marked as seen; ParamError if the entry has no such parameter or it was seen.
std::size_t claim_param(const Entry& e, const std::string& name, std::vector<bool>& seen) {
  const std::size_t i = e.index_of(name);
  if (i == static_cast<std::size_t>(-1)) {
    std::string names;
    for (const auto& p : e.params) names += (names.empty() ? "" : ", ") + p.name;
    throw ParamError(e.id, name, "unknown parameter (this ID takes " + names + ")");
  }
  if (seen[i]) throw ParamError(e.id, name, "given twice");
  seen[i] = true;
  return i;
}

// name=value assignments -> decimals in table order; every missing, unknown, repeated or malformed one is an error.
// Per-coordinate parameters take comma-separated lists of one length d (d= may be given; it must agree); the
// result is then the flat layout {d, u_1..u_d, ...} of catalogue.hpp.
std::vector<Decimal> parse_vector_assignments(const Entry& e, const std::vector<std::string>& as) {
  std::vector<std::vector<Decimal>> vals(e.params.size());
  std::vector<bool> seen(e.params.size(), false);
  std::size_t d = 0;
  std::string d_from;
  for (const std::string& a : as) {
    auto eq = a.find('=');
    if (eq == std::string::npos) throw ParamError(e.id, a, "expected name=value");
    const std::string name = a.substr(0, eq), text = a.substr(eq + 1);
    const std::size_t i = claim_param(e, name, seen);
    if (!e.params[i].per_coordinate) {
      vals[i] = {parse_param(e.id, name, text)};
      continue;
    }
    std::size_t start = 0;
    for (;;) {  // every comma-separated item is one coordinate; an empty item is malformed
      const std::size_t comma = text.find(',', start);
      const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      vals[i].push_back(parse_param(e.id, name + "_" + std::to_string(vals[i].size() + 1), item));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (d == 0) d = vals[i].size(), d_from = name;
    else if (vals[i].size() != d)
      throw ParamError(e.id, name, std::to_string(vals[i].size()) + " values, but " + d_from + " has " +
                                       std::to_string(d) + " (one per coordinate)");
  }
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (!seen[i] && !(i == 0 && d > 0))  // d may be left out: the lists' length
      throw ParamError(e.id, e.params[i].name, "missing (domain " + e.params[i].domain.text() +
                                                   (e.params[i].per_coordinate ? ", comma-separated, one per coordinate)" : ")"));
  if (d == 0) throw ParamError(e.id, e.params[1].name, "no per-coordinate values");
  if (seen[0]) {
    const double given = vals[0][0].approx;
    if (given != static_cast<double>(d))
      throw ParamError(e.id, "d", "'" + vals[0][0].text + "' but the lists have " + std::to_string(d) + " values");
  } else {
    vals[0] = {parse_param(e.id, "d", std::to_string(d))};
  }
  std::vector<Decimal> out;
  for (const auto& v : vals) out.insert(out.end(), v.begin(), v.end());
  return out;
}

std::vector<Decimal> parse_assignments(const Entry& e, const std::vector<std::string>& as) {
  if (e.vector_layout) return parse_vector_assignments(e, as);
  std::vector<Decimal> out(e.params.size());
  std::vector<bool> seen(e.params.size(), false);
  for (const std::string& a : as) {
    auto eq = a.find('=');
    if (eq == std::string::npos) throw ParamError(e.id, a, "expected name=value");
    std::string name = a.substr(0, eq);
    const std::size_t i = claim_param(e, name, seen);
    out[i] = parse_param(e.id, name, a.substr(eq + 1));
  }
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (!seen[i]) throw ParamError(e.id, e.params[i].name, "missing (domain " + e.params[i].domain.text() + ")");
  return out;
}

}  // namespace

int cmd_list(bool as_json) {
  json all = json::array();
  for (const Entry& e : catalogue()) {
    if (as_json) {
      json j;
      j["id"] = e.id;
      j["kind"] = e.kind;
      j["citation"] = e.citation;
      j["summary"] = e.summary;
      json ps = json::array();
      for (const auto& p : e.params)
        ps.push_back({{"name", p.name}, {"domain", p.domain.text()}, {"meaning", p.meaning}, {"per_coordinate", p.per_coordinate}});
      j["params"] = ps;
      j["reference"] = e.has_reference;
      j["fast"] = e.has_fast;
      j["proof"] = e.has_proof;
      j["files"] = e.files;
      all.push_back(j);
      continue;
    }
    fmt::print("{}  [{}]  {}\n", e.id, e.kind, e.citation);
    fmt::print("    {}\n", e.summary);
    for (const auto& p : e.params)
      fmt::print("    {:<3} in {:<12} {}{}\n", p.name, p.domain.text(), p.meaning,
                 p.per_coordinate ? " (comma-separated, one per coordinate)" : "");
    fmt::print("    implementations: {}{}{}   files: {}\n", e.has_reference ? "reference " : "", e.has_fast ? "fast " : "",
               e.has_proof ? "proof" : "", e.files);
  }
  if (as_json) fmt::print("{}\n", all.dump(2));
  return 0;
}

int cmd_eval(const EvalArgs& a) {
  const Entry& e = entry(a.id);
  if (!e.has_reference && !e.has_fast && !e.is_learner())
    throw UnknownId(e.id, "a machine-checked claim or definition, not a function: use privoco prove for");
  std::vector<Decimal> dec = parse_assignments(e, a.assignments);
  json out;
  out["id"] = e.id;
  out["impl"] = a.impl;
  const auto text_of = [](const Decimal& x) { return x.text; };
  out["params"] = values_json(e, by_param(e, dec, text_of));
  std::string call = e.id + "(";
  for (const auto& [name, v] : by_param(e, dec, text_of)) call += (call.back() == '(' ? "" : ", ") + name + "=" + join(v);
  call += ")";

  if (e.is_learner()) throw UnknownId(e.id, "an algorithm, not a function: use privoco run for");
  if (a.impl == "reference") {
    if (!e.has_reference) throw UnknownId(e.id, "no reference implementation for this ID");
    reference::Options opt;
    opt.digits = a.digits;
    opt.max_prec = a.max_prec;
    reference::Certified c = reference::evaluate(e, dec, opt);
    if (a.json) {
      out["value"] = c.value;
      out["status"] = "ok";
      out["lo"] = c.lo;
      out["hi"] = c.hi;
      out["digits"] = c.digits;
      out["exact"] = c.exact;
      out["prec_bits"] = c.prec_bits;
      fmt::print("{}\n", out.dump());
    } else {
      fmt::print("{} = {}\n", call, c.value);
      if (c.exact) fmt::print("  reference: exact\n");
      else
        fmt::print("  reference: {} certified digits, enclosure [{}, {}], {} bits\n", c.digits, c.lo, c.hi,
                   c.prec_bits);
    }
    return 0;
  }

  if (!e.has_fast || !fast::implements(e.id)) throw UnknownId(e.id, "no fast implementation for this ID");
  std::vector<double> x(dec.size());
  for (std::size_t i = 0; i < dec.size(); ++i) {
    x[i] = dec[i].approx;
    if ((dec[i].sign != 0 && x[i] == 0) || std::isinf(x[i])) {
      const std::size_t pi = e.vector_layout ? e.param_of_flat(i, static_cast<std::size_t>(x[0])) : i;
      throw ParamError(e.id, e.params[pi].name,
                       "'" + dec[i].text + "' is outside the double range of the fast implementation; use --impl reference");
    }
  }
  const json as_double = params_json(e, x);
  fast::Value v = fast::evaluate(e, x.data());
  if (a.json) {
    out["params_as_double"] = as_double;
    out["value"] = d17(v.value);
    out["status"] = fast::to_string(v.status);
    out["log_abs"] = d17(v.log_abs());
    out["sign"] = v.sign;
    fmt::print("{}\n", out.dump());
  } else if (v.status == fast::Status::ok) {
    fmt::print("{} = {}\n  fast (double)\n", call, d17(v.value));
  } else {
    fmt::print("{} = {} ({})\n  fast (double): ln|value| = {}, sign {:+d}\n", call, d17(v.value),
               fast::to_string(v.status), d17(v.log_abs()), v.sign);
  }
  return 0;
}

json prove_all(bool print_text);

int cmd_report(const ReportArgs& a) {
  std::vector<const Entry*> ids;
  if (a.ids.empty()) {
    for (const Entry& e : catalogue())
      if (e.has_reference && e.has_fast && !e.is_learner()) ids.push_back(&e);
  } else {
    for (const auto& id : a.ids) ids.push_back(&entry(id));
  }
  json jr;
  jr["seed"] = a.seed;
  jr["n"] = a.n;
  jr["ids"] = json::array();
  if (!a.json) {
    fmt::print("privoco report: fast (double) against the certified reference (17 digits)\n");
    fmt::print("master seed {}  ({} random points per ID plus the corners of the sampling box; rerun with --seed {})\n\n",
               a.seed, a.n, a.seed);
  }
  for (const Entry* e : ids) {
    auto pts = sample_points(*e, a.n, a.seed);
    Accuracy acc = measure(*e, pts);
    if (a.json) {
      json j;
      j["id"] = acc.id;
      j["points"] = acc.points;
      j["normal"] = acc.normal;
      j["ulp"] = {{"median", acc.median_ulp}, {"p90", acc.p90_ulp}, {"p99", acc.p99_ulp}, {"max", acc.max_ulp}};
      j["rel"] = {{"median", acc.median_rel}, {"max", acc.max_rel}};
      json h = json::object();
      for (std::size_t i = 0; i < acc.histogram.size(); ++i) h[kHistogramLabels[i]] = acc.histogram[i];
      j["histogram"] = h;
      j["worst"] = {{"params", params_json(*e, acc.worst.params)}, {"reference", acc.worst.ref_value},
                    {"fast", d17(acc.worst.fast_value)}, {"ulp", acc.worst.ulp}};
      j["out_of_range"] = acc.out_of_range;
      j["status_mismatch"] = acc.status_mismatch;
      j["max_log_abs_rel_err"] = acc.max_log_err;
      jr["ids"].push_back(j);
      continue;
    }
    fmt::print("{}  ({} points: {} with a normal-double true value, {} outside double range)\n", acc.id, acc.points,
               acc.normal, acc.out_of_range);
    fmt::print("  ulp   median {:.3g}  p90 {:.3g}  p99 {:.3g}  max {:.3g}\n", acc.median_ulp, acc.p90_ulp, acc.p99_ulp,
               acc.max_ulp);
    fmt::print("  rel   median {:.3g}  max {:.3g}\n", acc.median_rel, acc.max_rel);
    fmt::print("  histogram (ulp):");
    for (std::size_t i = 0; i < acc.histogram.size(); ++i)
      fmt::print("  {} {:.1f}%", kHistogramLabels[i],
                 acc.normal ? 100.0 * static_cast<double>(acc.histogram[i]) / static_cast<double>(acc.normal) : 0.0);
    fmt::print("\n  worst: {}\n         reference {}  fast {}  ({:.3g} ulp)\n", params_text(*e, acc.worst.params),
               acc.worst.ref_value, d17(acc.worst.fast_value), acc.worst.ulp);
    if (acc.out_of_range)
      fmt::print("  out of double range: {} points, {} with a wrong status or sign, max rel. error of ln|value| {:.3g}\n",
                 acc.out_of_range, acc.status_mismatch, acc.max_log_err);
    fmt::print("\n");
  }
  // The learners and samplers (kind alg), fast against their certified reference on a seeded run each.
  if (a.ids.empty()) {
    const std::size_t steps = std::min<std::size_t>(std::max<std::size_t>(a.n, 20), 2000);
    json jp = json::array();
    if (!a.json)
      fmt::print("Learners and samplers: fast against the certified replay of the same run (same gradients, same "
                 "uniforms; master seed {})\n", a.seed);
    for (const PartAccuracy& p : measure_parts(steps, a.seed)) {
      if (a.json) {
        jp.push_back({{"id", p.id}, {"setup", p.setup}, {"metric", p.metric}, {"values", p.values},
                      {"median", p.median}, {"p99", p.p99}, {"max", p.max}, {"worst", p.worst}});
        continue;
      }
      fmt::print("{}  ({}; {} values)\n  {:<16} median {:.3g}  p99 {:.3g}  max {:.3g}  (worst: {})\n\n", p.id, p.setup,
                 p.values, p.metric, p.median, p.p99, p.max, p.worst);
    }
    jr["learners_and_samplers"] = jp;
  }
  // Errata, evaluated live from their evidence.
  json je = json::array();
  if (!a.json) fmt::print("Errata (ERRATA.md), evaluated now:\n");
  for (const auto& er : reference::errata()) {
    const Entry& pe = entry(er.printed_id);
    const Entry& de = entry(er.defined_id);
    json ev = json::array();
    if (!a.json) fmt::print("  {} {}: {}\n", er.key, er.where, er.summary);
    for (const auto& pstr : er.evidence) {
      std::vector<Decimal> dec;
      for (std::size_t i = 0; i < pstr.size(); ++i) dec.push_back(parse_param(pe.id, pe.params[i].name, pstr[i]));
      auto printed = reference::evaluate(pe, dec);
      auto defined = reference::evaluate(de, dec);
      std::string call;
      for (std::size_t i = 0; i < pstr.size(); ++i) call += (i ? ", " : "") + pe.params[i].name + "=" + pstr[i];
      if (!a.json) fmt::print("     at {}: printed {}, definition {}\n", call, printed.value, defined.value);
      ev.push_back({{"params", call}, {"printed", printed.value}, {"definition", defined.value}});
    }
    je.push_back({{"key", er.key}, {"where", er.where}, {"summary", er.summary}, {"evidence", ev}});
  }
  for (const auto& ce : reference::claim_errata()) {
    if (!a.json) fmt::print("  {} {}: {}\n     evidence: {}\n", ce.key, ce.where, ce.summary, ce.evidence);
    je.push_back({{"key", ce.key}, {"where", ce.where}, {"summary", ce.summary}, {"evidence", ce.evidence}});
  }
  if (!a.json) fmt::print("\nClaims (privoco prove --all):\n");
  json claims = prove_all(!a.json);
  if (a.json) {
    jr["errata"] = je;
    jr["claims"] = claims;
    fmt::print("{}\n", jr.dump(2));
  }
  return 0;
}

}  // namespace privoco::oracle

// ---------------------------------------------------------------- check, sample, compare (issue 4)

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>

#include "check.hpp"
#include "plot.hpp"
#include "rows.hpp"

namespace privoco::oracle {

namespace {

json num_or_inf(double x) {
  if (std::isfinite(x)) return x;
  return std::isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf");
}

json verdict_json(const Verdict& v) {
  json j;
  j["line"] = v.line;
  j["id"] = v.id;
  j["verdict"] = v.verdict;
  if (v.verdict == "invalid") {
    j["column"] = v.column;
    j["reason"] = v.reason;
    return j;
  }
  j["params"] = v.params;
  j["claimed"] = v.claimed;
  j["rel_err"] = num_or_inf(v.rel_err);
  j["ulps"] = num_or_inf(v.ulps);
  j["wrong_sign"] = v.wrong_sign;
  if (v.verdict == "fail") {
    j["certified"] = v.certified;
    j["digits"] = v.digits;
    j["reason"] = v.reason;
  }
  return j;
}

std::string verdict_text(const Verdict& v, const std::string& source) {
  if (v.verdict == "invalid")
    return fmt::format("{}:{}:{}: invalid: {}", source, v.line, v.column, v.reason);
  std::string s = fmt::format("{}:{}: {} {}({}) claimed {}", source, v.line, v.verdict, v.id, v.params, v.claimed);
  if (v.verdict == "fail")
    s += fmt::format(": certified {} ({} digits), rel. error {:.3g}, {:.3g} ulp{}", v.certified, v.digits, v.rel_err,
                     v.ulps, v.wrong_sign ? ", WRONG SIGN" : (v.reason == "outside tolerance" ? "" : ", " + v.reason));
  else
    s += fmt::format(" ({:.3g} ulp)", v.ulps);
  return s;
}

}  // namespace

int cmd_check(const CheckArgs& a) {
  Tolerance tol;
  if (a.ulps >= 0 && a.rel >= 0) throw ParamError("check", "--ulps/--rel", "give one tolerance, not both");
  if (a.rel >= 0) tol.kind = Tolerance::Kind::rel, tol.value = a.rel;
  else if (a.ulps >= 0) tol.value = a.ulps;
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
    fmt::print("privoco check {} ({}): tolerance {}, reference certified to {} digits, inputs {}\n", source,
               reader.format(), tol.text(), a.digits,
               inputs == Inputs::exact ? "taken as exact decimals" : "rounded to the nearest double");
  const bool progress = !a.json && isatty(STDERR_FILENO);
  auto t0 = std::chrono::steady_clock::now(), last = t0;
  std::size_t count = 0;
  CheckSummary s = check_stream(reader, tol, a.digits, inputs, [&](const Verdict& v) {
    ++count;
    if (a.json) fmt::print("{}\n", verdict_json(v).dump());
    else if (a.all || v.verdict != "pass") fmt::print("{}\n", verdict_text(v, source));
    if (progress && (count & 1023) == 0) {
      auto now = std::chrono::steady_clock::now();
      if (now - last > std::chrono::milliseconds(500)) {
        last = now;
        double secs = std::chrono::duration<double>(now - t0).count();
        std::fprintf(stderr, "\r  %zu rows checked (%.0f rows/s)...", count, count / secs);
        std::fflush(stderr);
      }
    }
  });
  if (progress && count >= 1024) std::fprintf(stderr, "\r%60s\r", "");
  if (a.json) {
    json j;
    j["rows"] = s.rows;
    j["passed"] = s.passed;
    j["failed"] = s.failed;
    j["invalid"] = s.invalid;
    j["tolerance"] = tol.text();
    j["inputs"] = a.inputs;
    if (s.has_worst) j["worst"] = verdict_json(s.worst);
    fmt::print("{}\n", json{{"summary", j}}.dump());
  } else {
    fmt::print("summary: {} rows, {} passed, {} failed, {} invalid", s.rows, s.passed, s.failed, s.invalid);
    if (s.has_worst)
      fmt::print("; worst: line {}{}", s.worst.line,
                 s.worst.verdict == "fail" ? fmt::format(" ({:.3g} ulp{})", s.worst.ulps,
                                                         s.worst.wrong_sign ? ", wrong sign" : "")
                                           : " (invalid)");
    fmt::print("\n");
  }
  return (s.failed || s.invalid) ? 1 : 0;
}

int cmd_sample(const SampleArgs& a) {
  const Entry& e = entry(a.id);
  if (e.is_learner()) throw UnknownId(e.id, "an algorithm, not a function: use privoco run for");
  if (e.vector_layout)  // check does not read them yet
    throw ParamError(e.id, "sample", "per-coordinate parameters: files of them are not written yet (compare and report sample them)");
  if (a.format != "csv" && a.format != "jsonl") throw ParamError("sample", "--format", "'" + a.format + "' (csv, jsonl)");
  // a quarter of the rows (at most all of them) are corners of the sampling box, spread evenly; the rest random
  auto corners = sample_points(e, 0, a.seed, true);
  const std::size_t kc = std::min(corners.size(), a.n / 4);
  auto pts = sample_points(e, a.n - kc, a.seed, false);
  for (std::size_t i = 0; i < kc; ++i) pts.push_back(corners[i * corners.size() / kc]);
  std::ofstream file;
  std::ostream* out = &std::cout;
  if (a.out != "-") {
    file.open(a.out);
    if (!file) throw FileError("cannot write '" + a.out + "': " + std::strerror(errno));
    out = &file;
  }
  *out << "# privoco sample " << e.id << " --n " << a.n << " --seed " << a.seed
       << " (fill in value; then: privoco check FILE)\n";
  if (a.format == "csv") {
    *out << "id";
    for (const auto& p : e.params) *out << "," << p.name;
    *out << ",value\n";
  }
  for (const auto& p : pts) {
    if (a.format == "csv") {
      *out << e.id;
      for (double x : p) *out << "," << d17(x);
      *out << ",\n";
    } else {
      json j;
      j["id"] = e.id;
      for (std::size_t i = 0; i < p.size(); ++i) j[e.params[i].name] = d17(p[i]);
      j["value"] = "";
      *out << j.dump() << "\n";
    }
  }
  if (!*out) throw FileError("error writing '" + a.out + "'");
  return 0;
}

int cmd_compare(const CompareArgs& a) {
  const Entry& e = entry(a.id);
  if (!e.has_fast || !e.has_reference || e.is_learner())
    throw UnknownId(e.id, "compare needs both a fast and a reference implementation of a function");
  std::vector<std::vector<double>> pts;
  std::vector<Verdict> claims;  // from --points with values
  Tolerance tol;
  tol.value = a.ulps;
  if (!a.points.empty()) {
    if (e.vector_layout)
      throw ParamError(e.id, "--points", "files of points are not read for per-coordinate parameters yet; use the sample");
    std::ifstream f(a.points);
    if (!f) throw FileError("cannot open '" + a.points + "': " + std::strerror(errno));
    RowReader reader(f, a.points);
    Row row;
    while (reader.next(&row)) {
      const Field* idf = row.find("id");
      if (!row.error.empty() || !idf || idf->text != e.id) continue;
      std::vector<double> p(e.params.size());
      bool ok = true;
      for (std::size_t i = 0; i < e.params.size() && ok; ++i) {
        const Field* fld = row.find(e.params[i].name);
        Decimal d;
        std::size_t pos;
        std::string why;
        ok = fld && parse_decimal(fld->text, &d, &pos, &why) && std::isfinite(d.approx) && e.params[i].domain.contains(d.approx);
        if (ok) p[i] = d.approx;
      }
      if (!ok) continue;
      const Field* vf = row.find("value");
      Verdict v;
      if (vf && !vf->text.empty()) v = judge(row, tol);
      claims.push_back(v);
      pts.push_back(p);
    }
    if (pts.empty()) throw FileError(a.points + ": no valid rows for " + e.id);
  } else {
    pts = sample_points(e, a.n, a.seed);
  }
  auto results = evaluate_points(e, pts);
  Accuracy acc = summarize(e, results);
  std::vector<std::size_t> order(results.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
    double ui = results[i].normal ? results[i].ulp : -1, uj = results[j].normal ? results[j].ulp : -1;
    return ui > uj;
  });
  const std::size_t k = std::min<std::size_t>(5, order.size());
  std::size_t claim_fail = 0;
  for (const auto& v : claims) claim_fail += v.verdict == "fail";
  if (!a.plot.empty()) {
    std::size_t xi = a.x.empty() ? 0 : e.index_of(a.x);
    if (xi == static_cast<std::size_t>(-1)) throw ParamError(e.id, a.x, "unknown parameter for --x");
    std::vector<PlotPoint> pp;
    for (std::size_t i = 0; i < results.size(); ++i) {
      if (!results[i].normal) continue;
      // flat layout: the first value of parameter xi at this point's d
      const std::size_t k = e.vector_layout ? e.flat_offset(xi, static_cast<std::size_t>(results[i].params[0])) : xi;
      pp.push_back({results[i].params[k], results[i].ulp, false});
      if (i < claims.size() && claims[i].verdict == "fail") pp.push_back({results[i].params[k], claims[i].ulps, true});
    }
    write_svg(a.plot,
              fmt::format("{}: fast vs certified reference, {} points{}", e.id, results.size(),
                          claims.empty() ? "" : fmt::format(" (red: {} failing rows of {})", claim_fail, a.points)),
              e.params[xi].name, pp, a.ulps);
  }
  if (a.json) {
    json j;
    j["id"] = e.id;
    j["points"] = acc.points;
    if (a.points.empty()) j["seed"] = a.seed;
    else j["file"] = a.points;
    j["ulp"] = {{"median", acc.median_ulp}, {"p90", acc.p90_ulp}, {"p99", acc.p99_ulp}, {"max", acc.max_ulp}};
    j["rel"] = {{"median", acc.median_rel}, {"max", acc.max_rel}};
    json w = json::array();
    for (std::size_t i = 0; i < k; ++i) {
      const auto& r = results[order[i]];
      w.push_back({{"params", params_json(e, r.params)}, {"reference", r.ref_value}, {"fast", d17(r.fast_value)},
                   {"ulp", r.ulp}});
    }
    j["worst"] = w;
    j["out_of_range"] = acc.out_of_range;
    j["status_mismatch"] = acc.status_mismatch;
    if (!claims.empty()) j["file_failing_rows"] = claim_fail;
    if (!a.plot.empty()) j["plot"] = a.plot;
    fmt::print("{}\n", j.dump(2));
    return 0;
  }
  fmt::print("privoco compare {}: fast against the certified reference over {}\n", e.id,
             a.points.empty() ? fmt::format("{} sampled points (seed {})", acc.points, a.seed)
                              : fmt::format("{} points of {}", acc.points, a.points));
  fmt::print("  ulp   median {:.3g}  p90 {:.3g}  p99 {:.3g}  max {:.3g}\n", acc.median_ulp, acc.p90_ulp, acc.p99_ulp,
             acc.max_ulp);
  fmt::print("  rel   median {:.3g}  max {:.3g}\n", acc.median_rel, acc.max_rel);
  if (acc.out_of_range)
    fmt::print("  outside double range: {} points, {} with a wrong status or sign\n", acc.out_of_range,
               acc.status_mismatch);
  fmt::print("  worst inputs:\n");
  for (std::size_t i = 0; i < k; ++i) {
    const auto& r = results[order[i]];
    if (!r.normal) break;
    fmt::print("    {:8.3g} ulp  {}  reference {}  fast {}\n", r.ulp, params_text(e, r.params), r.ref_value,
               d17(r.fast_value));
  }
  if (!claims.empty()) fmt::print("  {} of the file's rows fail the tolerance of {:g} ulp\n", claim_fail, a.ulps);
  if (!a.plot.empty()) fmt::print("  plot written to {}\n", a.plot);
  return 0;
}

}  // namespace privoco::oracle

// ---------------------------------------------------------------- prove (issue 5)

#include "privoco/proofs/claims.hpp"
#include "privoco/proofs/privacy.hpp"
#include "privoco/proofs/regret.hpp"

namespace privoco::oracle {

namespace {

std::string fmt_const(double x) { return fmt::format("{:.10g}", x); }

json outcome_json(const proofs::Claim& c, const proofs::Constants& k, const proofs::Outcome& o) {
  json j;
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
    for (std::size_t i = 0; i < c.vars.size() && i < 2; ++i) ce[c.vars[i]] = d17(o.counterexample[i]);
    ce["h"] = o.value;
    j["counterexample"] = ce;
  }
  if (!o.reason.empty()) j["reason"] = o.reason;
  return j;
}

json threshold_json(const proofs::Threshold& t) {
  json j{{"param", t.param}, {"printed", t.printed}, {"direction", t.direction}, {"lo", d17(t.lo)}, {"hi", d17(t.hi)},
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

json privacy_json(const proofs::PrivacyCheck& pc, const std::map<std::string, std::string>& ps,
                  const proofs::PrivacyOutcome& o) {
  json j{{"id", pc.id}, {"citation", pc.citation}, {"verdict", o.verdict}, {"params", ps}, {"quantity", o.quantity},
         {"exact", o.exact}, {"claimed", o.claimed}, {"method", pc.method}, {"note", o.note}};
  if (!o.second_route.empty()) j["second_route"] = o.second_route;
  if (o.seed) j["search"] = {{"best", o.search_best}, {"seed", o.seed}, {"what", o.search_what}};
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
    json j{{"stream", c.stream}, {"T", c.T}, {"u", c.u}, {"realised", c.realised}, {"bound", c.bound},
           {o.excess ? "excess" : "ratio", c.ratio}, {"violated", c.violated}};
    if (c.stderr_ > 0) j["stderr"] = c.stderr_;
    if (!c.evidence.empty()) j["evidence"] = c.evidence;
    cases.push_back(j);
  }
  json j{{"id", rc.id}, {"citation", rc.citation}, {"verdict", o.verdict}, {"params", ps}, {"method", rc.method},
         {"seed", o.seed}, {"seeds", o.seeds}, {"false_positive_rate", o.fpr}, {"seconds", o.seconds},
         {o.excess ? "max_excess" : "max_ratio", o.worst.ratio}, {"note", o.note}, {"cases", cases}};
  if (o.verdict == "refuted") {
    for (const auto& c : o.cases)
      if (c.violated) {
        j["counterexample"] = {{"stream", c.stream}, {"T", c.T}, {"u", c.u}, {"realised", c.realised},
                               {"bound", c.bound}, {"evidence", c.evidence}};
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
  if (o.excess)
    fmt::print("  {:<34} {:>6} {:>8} {:>14} {:>14} {:>9}\n", "line", "", "L", "line", "F", "line - F");
  else
    fmt::print("  {:<34} {:>6} {:>8} {:>14} {:>14} {:>9}\n", "stream", "T", "u", "realised", "bound", "ratio");
  for (const auto& c : o.cases)
    fmt::print("  {:<34} {:>6} {:>8g} {:>14.6g} {:>14.6g} {:>9.3g}{}\n", c.stream.substr(0, 34), c.T, c.u, c.realised,
               c.bound, c.ratio, c.violated ? "  VIOLATED: " + c.evidence : "");
  fmt::print("  verdict: {} ({}; {:.2f} s)\n", o.verdict, o.note, o.seconds);
}

json prove_all(bool print_text) {
  json all = json::array();
  if (print_text) fmt::print("{:<31} {:<10} {:>9}  {}\n", "claim", "verdict", "time", "thresholds (found vs printed)");
  for (const auto& c : proofs::claims()) {
    auto k = proofs::constants_for(c, {});
    auto o = proofs::run(c, k);
    json j = outcome_json(c, k, o);
    std::vector<std::string> ts;
    json jt = json::array();
    for (const auto& spec : c.constants) {
      auto t = proofs::threshold(c, spec.name, {});
      ts.push_back(threshold_text(t));
      jt.push_back(threshold_json(t));
    }
    j["thresholds"] = jt;
    all.push_back(j);
    if (print_text) {
      fmt::print("{:<31} {:<10} {:>8.2f}s  {}\n", c.id, o.verdict, o.seconds, ts.empty() ? "-" : ts[0]);
      for (std::size_t i = 1; i < ts.size(); ++i) fmt::print("{:<53}{}\n", "", ts[i]);
      fmt::print("{:<53}({})\n", "", c.citation);
    }
  }
  for (const auto& pc : proofs::privacy_checks()) {
    auto o = pc.run(pc.defaults, 1);
    all.push_back(privacy_json(pc, pc.defaults, o));
    if (print_text) {
      std::string p;
      for (const auto& [k, v] : pc.defaults) p += (p.empty() ? "" : ", ") + k + "=" + v;
      fmt::print("{:<31} {:<10} {:>9}  at {}: exact {} vs claimed {}\n", pc.id, o.verdict, "", p,
                 o.exact, o.claimed);
    }
  }
  for (const proofs::RegretCheck* r : proofs::all_regret_checks()) {
    const proofs::RegretCheck& rc = *r;
    auto o = rc.run(rc.defaults, 1);
    all.push_back(regret_json(rc, rc.defaults, o));
    if (print_text)
      fmt::print("{:<31} {:<10} {:>8.2f}s  {}: {}\n", rc.id, o.verdict, o.seconds,
                 o.seeds ? fmt::format("simulation (seed 1, {} runs per noisy case)", o.seeds)
                         : (o.excess ? "certified lines" : "computed"),
                 o.note);
  }
  return all;
}

// name=value assignments over a check's defaults: ParamError for a malformed or repeated one.
std::map<std::string, std::string> with_assignments(const std::string& id, std::map<std::string, std::string> ps,
                                                    const std::vector<std::string>& assignments) {
  std::map<std::string, bool> given;
  for (const auto& s : assignments) {
    auto eq = s.find('=');
    if (eq == std::string::npos) throw ParamError(id, s, "expected name=value");
    if (given[s.substr(0, eq)]) throw ParamError(id, s.substr(0, eq), "given twice");
    given[s.substr(0, eq)] = true;
    ps[s.substr(0, eq)] = s.substr(eq + 1);
  }
  return ps;
}

int cmd_prove(const ProveArgs& a) {
  if (a.all) {
    json all = prove_all(!a.json);
    if (a.json) fmt::print("{}\n", all.dump(2));
    return 0;
  }
  const Entry& e = entry(a.id);
  if (!e.has_proof) throw UnknownId(e.id, "no machine check for this ID");
  if (const auto* rc = proofs::find_regret_check(e.id)) {
    const auto ps = with_assignments(e.id, rc->defaults, a.assignments);
    auto o = rc->run(ps, a.seed);
    if (a.json) fmt::print("{}\n", regret_json(*rc, ps, o).dump());
    else print_regret(*rc, ps, o);
    return o.verdict == "certified" ? 0 : (o.verdict == "refuted" ? 1 : 3);
  }
  if (const auto* pc = proofs::find_privacy_check(e.id)) {
    const auto ps = with_assignments(e.id, pc->defaults, a.assignments);
    auto o = pc->run(ps, a.seed);
    json j = privacy_json(*pc, ps, o);
    if (a.json) fmt::print("{}\n", j.dump());
    else print_privacy(*pc, ps, o);
    return o.verdict == "certified" ? 0 : 1;
  }
  const auto& c = proofs::claim(e.id);
  std::map<std::string, std::string> overrides;
  for (const auto& s : a.assignments) {
    auto eq = s.find('=');
    if (eq == std::string::npos) throw ParamError(e.id, s, "expected name=value");
    if (overrides.count(s.substr(0, eq))) throw ParamError(e.id, s.substr(0, eq), "given twice");
    overrides[s.substr(0, eq)] = s.substr(eq + 1);
  }
  auto k = proofs::constants_for(c, overrides);
  auto o = proofs::run(c, k);
  json j = outcome_json(c, k, o);
  std::vector<proofs::Threshold> ts;
  if (a.threshold) {
    for (const auto& spec : c.constants) {
      if (overrides.count(spec.name) && c.constants.size() > 1) continue;  // held fixed at the given value
      ts.push_back(proofs::threshold(c, spec.name, overrides));
    }
    if (ts.size() == 1) j["threshold"] = threshold_json(ts[0]);
    json jt = json::array();
    for (const auto& t : ts) jt.push_back(threshold_json(t));
    j["thresholds"] = jt;
  }
  if (a.json) {
    fmt::print("{}\n", j.dump());
  } else {
    std::string ks;
    for (const auto& [name, v] : k) ks += (ks.empty() ? "" : ", ") + name + "=" + v.text;
    fmt::print("{}  ({})\n  claim: {}\n", c.id, c.citation, c.statement);
    if (!ks.empty()) fmt::print("  constants: {}\n", ks);
    fmt::print("  reduction: {}\n  tail: {}\n", c.reduction, c.tail);
    fmt::print("  verdict: {} ({} boxes, depth {}, {:.3f} s)\n", o.verdict, o.boxes, o.depth, o.seconds);
    if (o.verdict == "refuted") {
      std::string at;
      for (std::size_t i = 0; i < c.vars.size() && i < 2; ++i)
        at += (at.empty() ? "" : ", ") + c.vars[i] + "=" + d17(o.counterexample[i]);
      fmt::print("  counterexample: {}: h = {} < 0\n", at, o.value);
    }
    if (!o.reason.empty()) fmt::print("  note: {}\n", o.reason);
    for (const auto& t : ts) fmt::print("  threshold {}\n", threshold_text(t));
  }
  return o.verdict == "certified" ? 0 : (o.verdict == "refuted" ? 1 : 3);
}

}  // namespace privoco::oracle
