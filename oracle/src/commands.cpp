#include "commands.hpp"

#include <fmt/core.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "accuracy.hpp"
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

std::string params_text(const Entry& e, const std::vector<double>& p) {
  std::string s;
  for (std::size_t i = 0; i < p.size(); ++i) s += (i ? ", " : "") + e.params[i].name + "=" + d17(p[i]);
  return s;
}

json params_json(const Entry& e, const std::vector<double>& p) {
  json j = json::object();
  for (std::size_t i = 0; i < p.size(); ++i) j[e.params[i].name] = d17(p[i]);
  return j;
}

// name=value assignments -> decimals in table order; every missing, unknown, repeated or malformed one is an error.
std::vector<Decimal> parse_assignments(const Entry& e, const std::vector<std::string>& as) {
  std::vector<Decimal> out(e.params.size());
  std::vector<bool> seen(e.params.size(), false);
  for (const std::string& a : as) {
    auto eq = a.find('=');
    if (eq == std::string::npos) throw ParamError(e.id, a, "expected name=value");
    std::string name = a.substr(0, eq);
    std::size_t i = e.index_of(name);
    if (i == static_cast<std::size_t>(-1)) {
      std::string names;
      for (const auto& p : e.params) names += (names.empty() ? "" : ", ") + p.name;
      throw ParamError(e.id, name, "unknown parameter (this ID takes " + names + ")");
    }
    if (seen[i]) throw ParamError(e.id, name, "given twice");
    seen[i] = true;
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
      for (const auto& p : e.params) ps.push_back({{"name", p.name}, {"domain", p.domain.text()}, {"meaning", p.meaning}});
      j["params"] = ps;
      j["reference"] = e.has_reference;
      j["fast"] = e.has_fast;
      j["files"] = e.files;
      all.push_back(j);
      continue;
    }
    fmt::print("{}  [{}]  {}\n", e.id, e.kind, e.citation);
    fmt::print("    {}\n", e.summary);
    for (const auto& p : e.params) fmt::print("    {:<3} in {:<12} {}\n", p.name, p.domain.text(), p.meaning);
    fmt::print("    implementations: {}{}   files: {}\n", e.has_reference ? "reference " : "", e.has_fast ? "fast" : "",
               e.files);
  }
  if (as_json) fmt::print("{}\n", all.dump(2));
  return 0;
}

int cmd_eval(const EvalArgs& a) {
  const Entry& e = entry(a.id);
  std::vector<Decimal> dec = parse_assignments(e, a.assignments);
  json out;
  out["id"] = e.id;
  out["impl"] = a.impl;
  json params = json::object();
  for (std::size_t i = 0; i < dec.size(); ++i) params[e.params[i].name] = dec[i].text;
  out["params"] = params;
  std::string call = e.id + "(";
  for (std::size_t i = 0; i < dec.size(); ++i) call += (i ? ", " : "") + e.params[i].name + "=" + dec[i].text;
  call += ")";

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
  json as_double = json::object();
  for (std::size_t i = 0; i < dec.size(); ++i) {
    x[i] = dec[i].approx;
    if ((dec[i].sign != 0 && x[i] == 0) || std::isinf(x[i]))
      throw ParamError(e.id, e.params[i].name,
                       "'" + dec[i].text + "' is outside the double range of the fast implementation; use --impl reference");
    as_double[e.params[i].name] = d17(x[i]);
  }
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

int cmd_report(const ReportArgs& a) {
  std::vector<const Entry*> ids;
  if (a.ids.empty()) {
    for (const Entry& e : catalogue())
      if (e.has_reference && e.has_fast) ids.push_back(&e);
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
  if (a.json) {
    jr["errata"] = je;
    fmt::print("{}\n", jr.dump(2));
  }
  return 0;
}

}  // namespace privoco::oracle
