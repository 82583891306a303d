// privoco report: fast against the certified reference for every ID and learner, the errata, every claim's verdict.
#include "commands.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "accuracy.hpp"
#include "output.hpp"
#include "parallel.hpp"
#include "progress.hpp"
#include "shard.hpp"
#include "privoco/errors.hpp"
#include "privoco/reference/errata.hpp"
#include "privoco/reference/evaluate.hpp"
#include "registry.hpp"
#include "sampling.hpp"

namespace privoco::oracle {

int cmd_report(const ReportArgs& given) {
  ReportArgs a = given;
  const Shard shard = a.shard.empty() ? Shard{} : parse_shard("report", a.shard);
  a.json |= shard.given;  // a shard's output is JSON Lines for privoco merge
  std::vector<const Entry*> ids;
  std::vector<std::string> learners;  // --id of learners and samplers: their seeded runs only
  if (a.ids.empty()) {
    for (const Entry& e : catalogue())
      if (e.has_reference && e.has_fast && !e.is_learner()) ids.push_back(&e);
  } else {
    for (const auto& id : a.ids) {
      const Entry& e = entry(id);
      if (e.is_learner()) learners.push_back(e.id);
      else ids.push_back(&e);
    }
  }
  if (!a.json) {
    fmt::print("privoco report: fast (double) against the certified reference (17 digits)\n");
    fmt::print("master seed {}  ({} random points per ID plus the corners of the sampling box; rerun with --seed {})\n\n",
               a.seed, a.n, a.seed);
  }
  // --json: JSON Lines, one record per ID ("accuracy", as compare), learner ("part_accuracy"), erratum and claim, then
  // the summary
  // --junit: one case per ID (fails when fast gave a wrong status or sign outside the double range: its contract),
  // per learner, per erratum (fails when the evidence no longer shows the disagreement), per claim (as prove --all
  // --fail-on refuted). The report's own exit stays 0: it is a measurement.
  JUnitWriter junit(a.junit);
  json part_records = json::array();  // --shard: [part index, records] of the learners measured here
  const bool show = progress_wanted();
  for (std::size_t k = 0; k < ids.size(); ++k) {
    const Entry* e = ids[k];
    if (!shard.mine(k)) continue;
    auto pts = sample_points(*e, a.n, a.seed);
    Progress progress(fmt::format("report: {} (ID {} of {})", e->id, k + 1, ids.size()), pts.size(), "points", show);
    Accuracy acc = measure(*e, pts, 17, resolve_threads(a.threads), &progress);
    if (junit.active()) {
      JUnitCase c;
      c.classname = "privoco.report.accuracy", c.name = e->id;
      c.properties = {{"points", std::to_string(acc.points)},      {"median_ulp", text17(acc.median_ulp)},
                      {"p99_ulp", text17(acc.p99_ulp)},             {"max_ulp", text17(acc.max_ulp)},
                      {"out_of_range", std::to_string(acc.out_of_range)},
                      {"status_mismatch", std::to_string(acc.status_mismatch)}};
      if (acc.status_mismatch) {
        c.outcome = JUnitCase::Outcome::failure;
        c.message = fmt::format("{} of {} points outside the double range with a wrong status or sign",
                                acc.status_mismatch, acc.out_of_range);
        c.detail = json_text(accuracy_json(*e, acc, {&acc.worst_range}), 2);
      }
      junit.add("privoco report: accuracy", c);
    }
    if (a.json) {
      print_line(accuracy_json(*e, acc, {&acc.worst}));
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
  if (a.ids.empty() || !learners.empty()) {
    const std::size_t steps = std::min<std::size_t>(std::max<std::size_t>(a.n, 20), 2000);
    std::vector<std::string> found;
    if (!a.json)
      fmt::print("Learners and samplers: fast against the certified replay of the same run (same gradients, same "
                 "uniforms; master seed {})\n", a.seed);
    const auto& parts = registry().report_parts;
    Progress progress("report: learners' seeded runs", parts.size(), "papers", show);
    for (std::size_t j = 0; j < parts.size(); ++j) {
    if (!shard.mine(j)) continue;
    std::vector<PartAccuracy> measured;
    for (PartAccuracy& p : parts[j](steps, a.seed))
      if (learners.empty() || std::find(learners.begin(), learners.end(), p.id) != learners.end())
        found.push_back(p.id), measured.push_back(std::move(p));
    part_records.push_back(json::array({j, measured.size()}));
    progress.add();
    for (const PartAccuracy& p : measured) {
      if (junit.active()) {
        JUnitCase c;
        c.classname = "privoco.report.learners", c.name = p.id + " (" + p.setup + ")";
        c.properties = {{"metric", p.metric}, {"values", std::to_string(p.values)}, {"median", text17(p.median)},
                        {"p99", text17(p.p99)}, {"max", text17(p.max)}};
        c.detail = "worst: " + p.worst;
        junit.add("privoco report: learners", c);
      }
      if (a.json) {
        print_line({{"record", "part_accuracy"}, {"id", p.id}, {"setup", p.setup}, {"metric", p.metric},
                    {"values", p.values}, {"median", num_or_inf(p.median)}, {"p99", num_or_inf(p.p99)},
                    {"max", num_or_inf(p.max)}, {"worst", p.worst}});
        continue;
      }
      fmt::print("{}  ({}; {} values)\n  {:<16} median {:.3g}  p99 {:.3g}  max {:.3g}  (worst: {})\n\n", p.id, p.setup,
                 p.values, p.metric, p.median, p.p99, p.max, p.worst);
    }
    }
    if (!shard.given)
      for (const auto& id : learners)
        if (std::find(found.begin(), found.end(), id) == found.end())
          throw UnknownId(id, "no seeded run in the report for this algorithm (privoco list --json shows what each ID has)");
  }
  // Errata, evaluated live from their evidence (on shard 0).
  std::size_t errata = 0;
  if (!a.json) fmt::print("Errata (ERRATA.md), evaluated now:\n");
  for (const auto& er : shard.index == 0 ? reference::errata() : std::vector<reference::Erratum>{}) {
    const Entry& pe = entry(er.printed_id);
    const Entry& de = entry(er.defined_id);
    json ev = json::array();
    bool reproduced = true;
    if (!a.json) fmt::print("  {} {}: {}\n", er.key, er.where, er.summary);
    for (const auto& pstr : er.evidence) {
      std::vector<Decimal> dec;
      for (std::size_t i = 0; i < pstr.size(); ++i) dec.push_back(parse_param(pe.id, pe.params[i], pstr[i]));
      auto printed = reference::evaluate(pe, dec);
      auto defined = reference::evaluate(de, dec);
      std::string call;
      json params = json::object();
      for (std::size_t i = 0; i < pstr.size(); ++i) {
        call += (i ? ", " : "") + pe.params[i].name + "=" + pstr[i];
        params[pe.params[i].name] = pstr[i];
      }
      if (!a.json) fmt::print("     at {}: printed {}, definition {}\n", call, printed.value, defined.value);
      ev.push_back({{"params", params}, {"printed", printed.value}, {"definition", defined.value}});
      reproduced &= !arb_overlaps(printed.ball.get(), defined.ball.get());  // certified apart
    }
    if (junit.active()) {
      JUnitCase c;
      c.classname = "privoco.report.errata", c.name = er.key + " " + er.where;
      c.detail = er.summary + "\n" + json_text(ev, 2);
      if (!reproduced) {
        c.outcome = JUnitCase::Outcome::failure;
        c.message = "the printed form and the definition are no longer certified apart at every evidence point";
      }
      junit.add("privoco report: errata", c);
    }
    if (a.json) print_line({{"record", "erratum"}, {"key", er.key}, {"where", er.where}, {"summary", er.summary},
                            {"printed_id", er.printed_id}, {"defined_id", er.defined_id}, {"evidence", ev}});
    ++errata;
  }
  for (const auto& ce : shard.index == 0 ? reference::claim_errata() : std::vector<reference::ClaimErratum>{}) {
    if (junit.active()) {
      JUnitCase c;
      c.classname = "privoco.report.errata", c.name = ce.key + " " + ce.where;
      c.detail = ce.summary + "\n" + ce.evidence;
      junit.add("privoco report: errata", c);
    }
    if (!a.json) fmt::print("  {} {}: {}\n     evidence: {}\n", ce.key, ce.where, ce.summary, ce.evidence);
    else print_line({{"record", "erratum"}, {"key", ce.key}, {"where", ce.where}, {"summary", ce.summary},
                     {"evidence", ce.evidence}});
    ++errata;
  }
  if (!a.json) fmt::print("\nClaims (privoco prove --all):\n");
  const json claims =
      prove_all(!a.json, resolve_threads(a.threads),
                shard.selector());
  for (const auto& j : claims) junit.add("privoco report: claims", claim_case(j, "refuted"));
  junit.write();
  if (a.json) {
    std::map<std::string, int> count;
    for (const auto& j : claims) print_line(j), ++count[j.value("verdict", "undecided")];
    json fields = {{"seed", a.seed}, {"n", a.n}, {"ids", ids.size()}, {"errata", errata},
                   {"claims", claims.size()}, {"certified", count["certified"]}, {"refuted", count["refuted"]},
                   {"undecided", count["undecided"]}};
    if (shard.given) {
      json id_list = json::array();
      for (const Entry* e : ids) id_list.push_back(e->id);
      fields["shard"] = shard_json(shard, {{"ids", id_list}, {"parts", part_records}});
    }
    print_line(summary_line("report", fields, 0));
  }
  return 0;
}

}  // namespace privoco::oracle
