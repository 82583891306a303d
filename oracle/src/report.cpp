// privoco report: fast against the certified reference for every ID and learner, the errata, every claim's verdict.
#include "commands.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "accuracy.hpp"
#include "output.hpp"
#include "privoco/errors.hpp"
#include "privoco/reference/errata.hpp"
#include "privoco/reference/evaluate.hpp"
#include "registry.hpp"
#include "sampling.hpp"

namespace privoco::oracle {

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
                    {"fast", text17(acc.worst.fast_value)}, {"ulp", acc.worst.ulp}};
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
    fmt::print("\n  worst: {}\n         reference {}  fast {}  ({:.3g} ulp)\n", params_text(param_texts(*e, acc.worst.params)),
               acc.worst.ref_value, text17(acc.worst.fast_value), acc.worst.ulp);
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
    for (const MeasureParts measure : registry().report_parts)
    for (const PartAccuracy& p : measure(steps, a.seed)) {
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
      for (std::size_t i = 0; i < pstr.size(); ++i) dec.push_back(parse_param(pe.id, pe.params[i], pstr[i]));
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
    fmt::print("{}\n", json_text(jr, 2));
  }
  return 0;
}

}  // namespace privoco::oracle
