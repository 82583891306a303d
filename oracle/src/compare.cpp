// privoco compare ID: fast against the certified reference: error distribution, worst inputs, plot.
#include "commands.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>

#include "accuracy.hpp"
#include "judge.hpp"
#include "output.hpp"
#include "parallel.hpp"
#include "shard.hpp"
#include "plot.hpp"
#include "progress.hpp"
#include "privoco/errors.hpp"
#include "rows.hpp"
#include "sampling.hpp"

namespace privoco::oracle {

namespace {
// The error distribution of a file's own values (compare --points).
struct FileErrors {
  std::size_t valued = 0;  // rows with a value (a number or not)
  std::size_t rows = 0, failing = 0, finite = 0, inf = 0, nan = 0, wrong_sign = 0, zero = 0, invalid = 0;
  double median = 0, p90 = 0, p99 = 0, max = 0;  // ulps over the values with a finite error
};

FileErrors file_errors(const std::vector<FileValue>& values) {
  FileErrors fe;
  std::vector<double> finite_ulps;
  for (const auto& v : values) {
    fe.valued += !v.verdict.empty();
    if (v.verdict == "invalid") ++fe.invalid;
    if (v.verdict != "pass" && v.verdict != "fail") continue;  // no value, or a value that is not a number
    ++fe.rows;
    fe.failing += v.verdict == "fail";
    if (v.defect == "nan") ++fe.nan;
    else if (v.defect == "inf") ++fe.inf;
    else if (v.defect == "wrong_sign") ++fe.wrong_sign;
    else if (v.defect == "zero") ++fe.zero;
    else finite_ulps.push_back(v.ulps);
  }
  fe.finite = finite_ulps.size();
  fe.median = quantile(finite_ulps, 0.5), fe.p90 = quantile(finite_ulps, 0.9), fe.p99 = quantile(finite_ulps, 0.99);
  fe.max = quantile(finite_ulps, 1);
  return fe;
}

FileValue file_value(const Verdict& v) {
  static const char* const names[] = {"", "nan", "inf", "wrong_sign", "zero"};
  return {v.verdict, names[static_cast<int>(v.defect)], v.ulps};
}
}  // namespace

void add_file_errors(json* j, const std::vector<FileValue>& values, std::size_t skipped) {
  const FileErrors fe = file_errors(values);
  if (fe.valued) {
    (*j)["file_failing_rows"] = fe.failing, (*j)["file_rows_with_value"] = fe.valued;
    (*j)["file_errors"] = {{"rows", fe.rows}, {"failing", fe.failing}, {"finite", fe.finite},
                           {"ulp", {{"median", num_or_inf(fe.median)}, {"p90", num_or_inf(fe.p90)},
                                    {"p99", num_or_inf(fe.p99)}, {"max", num_or_inf(fe.max)}}},
                           {"inf", fe.inf}, {"nan", fe.nan}, {"wrong_sign", fe.wrong_sign}, {"zero", fe.zero},
                           {"invalid", fe.invalid}};
  }
  (*j)["file_rows_skipped"] = skipped;
}

namespace {
// The points in decreasing order of ulp error (points outside the double range last).
std::vector<std::size_t> by_error(const std::vector<PointResult>& results) {
  std::vector<std::size_t> order(results.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
    double ui = results[i].normal ? results[i].ulp : -1, uj = results[j].normal ? results[j].ulp : -1;
    return ui > uj;
  });
  return order;
}
}  // namespace

json compare_json(const Entry& e, const std::vector<PointResult>& results) {
  const Accuracy acc = summarize(e, results);
  const std::vector<std::size_t> order = by_error(results);
  std::vector<const PointResult*> worst;
  for (std::size_t i = 0; i < std::min<std::size_t>(5, order.size()); ++i) worst.push_back(&results[order[i]]);
  return accuracy_json(e, acc, worst);
}

json point_json(const Entry& e, const PointResult& r, std::size_t index, const FileValue* file) {
  json j = record("point");
  j["index"] = index;
  j["params"] = params_json(e, r.params);
  j["x"] = json::array();  // the point as the doubles evaluated (flat layout), exactly
  for (double x : r.params) j["x"].push_back(text17(x));
  j["reference"] = r.ref_value, j["digits"] = r.ref_digits;
  j["fast"] = text17(r.fast_value), j["status"] = r.fast_status;
  j["normal"] = r.normal, j["ulp"] = text17(r.ulp), j["rel"] = text17(r.rel);
  j["status_ok"] = r.status_ok, j["log_err"] = text17(r.log_err);
  if (file && !file->verdict.empty()) {
    j["file"] = {{"verdict", file->verdict}, {"ulps", text17(file->ulps)}};
    if (!file->defect.empty()) j["file"]["defect"] = file->defect;
  }
  return j;
}

FileValue file_value_from_json(const json& point) {
  FileValue v;
  if (!point.contains("file")) return v;
  const json& f = point["file"];
  v.verdict = f.at("verdict").get<std::string>();
  v.defect = f.value("defect", "");
  v.ulps = std::strtod(f.at("ulps").get<std::string>().c_str(), nullptr);
  return v;
}

PointResult point_from_json(const json& j) {
  PointResult r;
  auto num = [](const json& x) { return std::strtod(x.get<std::string>().c_str(), nullptr); };
  for (const auto& x : j.at("x")) r.params.push_back(num(x));
  r.ref_value = j.at("reference").get<std::string>(), r.ref_digits = j.at("digits").get<int>();
  r.fast_value = num(j.at("fast")), r.fast_status = j.at("status").get<std::string>();
  r.normal = j.at("normal").get<bool>(), r.ulp = num(j.at("ulp")), r.rel = num(j.at("rel"));
  r.status_ok = j.at("status_ok").get<bool>(), r.log_err = num(j.at("log_err"));
  return r;
}

int cmd_compare(const CompareArgs& a) {
  const Entry& e = entry(a.id);
  if (!e.has_fast || !e.has_reference || e.is_learner())
    throw UnknownId(e.id, "compare needs both a fast and a reference implementation of a function");
  if (!a.x.empty() && a.plot.empty()) throw ParamError(e.id, "--x", "applies to --plot only");
  if (!a.x.empty() && e.index_of(a.x) == static_cast<std::size_t>(-1))
    throw ParamError(e.id, a.x, "unknown parameter for --x");
  std::vector<std::vector<double>> pts;
  std::vector<FileValue> values;  // --points: the file's value at each point, judged (verdict "" where it has none)
  std::size_t skipped = 0;        // rows of other IDs, invalid or outside the domain
  const Tolerance tol = Tolerance::from_options(a.ulps, -1);
  const Shard shard = a.shard.empty() ? Shard{} : parse_shard("compare", a.shard);
  if (shard.given && !a.plot.empty())
    throw ParamError("compare", "--shard", "does not draw --plot (privoco merge writes the one run's JSON)");
  auto mine = [&](std::size_t i) { return !shard.given || shard.mine(i / kPointsPerRun); };  // whole runs of points
  if (!a.points.empty()) {
    if (e.vector_layout)
      throw ParamError(e.id, "--points", "files of points are not read for per-coordinate parameters yet; use the sample");
    std::ifstream f(a.points);
    if (!f) throw FileError("cannot open '" + a.points + "': " + std::strerror(errno));
    RowReader reader(f, a.points);
    Row row;
    std::string text;
    std::size_t line = 0;
    std::vector<std::pair<std::string, std::size_t>> to_judge;  // per point: the row's text if it has a value, its line
    while (reader.next_text(&text, &line)) {
      reader.parse(text, line, &row);
      const Field* idf = row.find("id");
      if (!row.error.empty() || !idf || idf->text != e.id) {
        ++skipped;
        continue;
      }
      std::vector<double> p(e.params.size());
      bool ok = true;
      for (std::size_t i = 0; i < e.params.size() && ok; ++i) {
        const Field* fld = row.find(e.params[i].name);
        Decimal d;
        std::size_t pos;
        std::string why;
        ok = fld && parse_value(e.params[i], fld->text, &d, &pos, &why) && std::isfinite(d.approx) && e.params[i].domain.contains(d.approx);
        if (ok) p[i] = d.approx;
      }
      if (!ok) {
        ++skipped;
        continue;
      }
      const Field* vf = row.find("value");
      const bool has_value = vf && !vf->text.empty() && mine(pts.size());
      to_judge.emplace_back(has_value ? text : std::string(), line);
      pts.push_back(p);
    }
    if (pts.empty()) throw FileError(a.points + ": no valid rows for " + e.id);
    // the file's values judged in runs of points, each from empty caches: the same for any --threads and --shard
    values.resize(pts.size());
    for_each_in_runs(pts.size(), resolve_threads(a.threads), [&](std::size_t i) {
      if (to_judge[i].first.empty()) return;
      Row r;
      reader.parse(to_judge[i].first, to_judge[i].second, &r);
      values[i] = file_value(judge(r, tol));
    });
  } else {
    pts = sample_points(e, a.n, a.seed);
  }
  if (shard.given) {  // this shard's runs of points, as records for privoco merge
    std::vector<std::size_t> picked;
    for (std::size_t i = 0; i < pts.size(); ++i)
      if (mine(i)) picked.push_back(i);
    std::vector<std::vector<double>> sub;
    for (std::size_t i : picked) sub.push_back(pts[i]);
    const auto results = evaluate_points(e, sub, 17, resolve_threads(a.threads));  // whole runs: the same bits
    for (std::size_t k = 0; k < picked.size(); ++k)
      print_line(point_json(e, results[k], picked[k], values.empty() ? nullptr : &values[picked[k]]));
    json run{{"points", pts.size()}};
    if (a.points.empty()) run["seed"] = a.seed;
    else run["file"] = a.points, run["rows_skipped"] = skipped;
    print_line(summary_line("compare", {{"id", e.id}, {"shard", shard_json(shard, run)}}, 0));
    return 0;
  }
  std::vector<PointResult> results;
  {
    Progress progress("compare " + e.id, pts.size(), "points", progress_wanted());
    results = evaluate_points(e, pts, 17, resolve_threads(a.threads), &progress);
  }
  Accuracy acc = summarize(e, results);
  const std::vector<std::size_t> order = by_error(results);
  const std::size_t k = std::min<std::size_t>(5, order.size());
  // the file's own values against the certified reference: their error distribution and the values without a
  // finite error, by kind
  const FileErrors fe = file_errors(values);
  if (!a.plot.empty()) {
    std::size_t xi = a.x.empty() ? 0 : e.index_of(a.x);
    if (xi == static_cast<std::size_t>(-1)) throw ParamError(e.id, a.x, "unknown parameter for --x");
    auto x_of = [&](const PointResult& r) {  // flat layout: the first value of parameter xi at this point's d
      return r.params[e.vector_layout ? e.flat_offset(xi, static_cast<std::size_t>(r.params[0])) : xi];
    };
    ErrorPlot plot;
    plot.xname = e.params[xi].name;
    plot.tol_ulps = a.ulps;
    std::vector<PlotPoint> fast_pts;
    for (const auto& r : results)
      if (r.normal) fast_pts.push_back({x_of(r), r.ulp, r.ulp <= a.ulps ? Mark::within : Mark::outside});
    if (fe.rows) {  // the file's values in front, fast's errors behind them for scale
      const std::string name = a.points.substr(a.points.find_last_of('/') + 1);
      plot.title = fmt::format("{}: values of {} against the certified reference ({} rows, {} fail)", e.id, name,
                               fe.rows, fe.failing);
      plot.yname = "error of " + name + ", ulp";
      plot.label = name;
      for (std::size_t i = 0; i < values.size(); ++i) {
        const FileValue& v = values[i];
        if (v.verdict != "pass" && v.verdict != "fail") continue;
        const Mark m = v.defect == "nan" ? Mark::nan : v.defect == "inf" ? Mark::inf
                       : v.defect == "wrong_sign" ? Mark::wrong_sign : v.defect == "zero" ? Mark::zero
                       : v.verdict == "fail" ? Mark::outside : Mark::within;
        plot.points.push_back({x_of(results[i]), v.ulps, m});
      }
      plot.background_label = "privoco fast on the same inputs";
      for (auto& p : fast_pts) p.mark = Mark::within;
      plot.background = fast_pts;
    } else {
      plot.title = fmt::format("{}: fast against the certified reference, {} points", e.id, results.size());
      plot.yname = "error of fast, ulp";
      plot.label = "fast";
      plot.points = fast_pts;
    }
    write_error_svg(a.plot, plot);
  }
  if (a.json) {
    json j = compare_json(e, results);
    if (a.points.empty()) j["seed"] = a.seed;
    else j["file"] = a.points, add_file_errors(&j, values, skipped);
    if (!a.plot.empty()) j["plot"] = a.plot;
    print_line(j);
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
    fmt::print("    {:8.3g} ulp  {}  reference {}  fast {}\n", r.ulp, params_text(param_texts(e, r.params)), r.ref_value,
               text17(r.fast_value));
  }
  if (!a.points.empty()) {
    if (fe.valued) {
      fmt::print("  the file's values against the certified reference: {} of {} rows fail the tolerance of {:g} ulp{}\n",
                 fe.failing, fe.rows, a.ulps,
                 fe.invalid ? fmt::format(" ({} more rows have a value that is not a number)", fe.invalid) : "");
      if (fe.finite)
        fmt::print("    ulp   median {:.3g}  p90 {:.3g}  p99 {:.3g}  max {:.3g}  ({} values with a finite error)\n",
                   fe.median, fe.p90, fe.p99, fe.max, fe.finite);
      if (fe.inf + fe.nan + fe.wrong_sign + fe.zero)
        fmt::print("    without a finite error: {} infinite, {} NaN, {} of the wrong sign, {} zero where the true "
                   "value is not\n", fe.inf, fe.nan, fe.wrong_sign, fe.zero);
    }
    else fmt::print("  the file's rows carry no values: only fast against the reference is shown\n");
    if (skipped) fmt::print("  {} rows skipped (another ID, invalid, or outside the domain)\n", skipped);
  }
  if (!a.plot.empty()) fmt::print("  plot written to {}\n", a.plot);
  return 0;
}

}  // namespace privoco::oracle
