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
#include "plot.hpp"
#include "privoco/errors.hpp"
#include "rows.hpp"
#include "sampling.hpp"

namespace privoco::oracle {

int cmd_compare(const CompareArgs& a) {
  const Entry& e = entry(a.id);
  if (!e.has_fast || !e.has_reference || e.is_learner())
    throw UnknownId(e.id, "compare needs both a fast and a reference implementation of a function");
  std::vector<std::vector<double>> pts;
  std::vector<Verdict> claims;  // from --points: one per point (judged where the row has a value)
  std::size_t skipped = 0, valued = 0;  // rows of other IDs, invalid or outside the domain; rows with a value
  const Tolerance tol = Tolerance::from_options(a.ulps, -1);
  if (!a.points.empty()) {
    if (e.vector_layout)
      throw ParamError(e.id, "--points", "files of points are not read for per-coordinate parameters yet; use the sample");
    std::ifstream f(a.points);
    if (!f) throw FileError("cannot open '" + a.points + "': " + std::strerror(errno));
    RowReader reader(f, a.points);
    Row row;
    while (reader.next(&row)) {
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
      Verdict v;
      if (vf && !vf->text.empty()) v = judge(row, tol), ++valued;
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
    std::vector<const PointResult*> worst;
    for (std::size_t i = 0; i < k; ++i) worst.push_back(&results[order[i]]);
    json j = accuracy_json(e, acc, worst);
    if (a.points.empty()) j["seed"] = a.seed;
    else j["file"] = a.points;
    if (valued) j["file_failing_rows"] = claim_fail, j["file_rows_with_value"] = valued;
    if (!a.points.empty()) j["file_rows_skipped"] = skipped;
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
    if (valued) fmt::print("  {} of the file's {} rows with a value fail the tolerance of {:g} ulp\n", claim_fail, valued, a.ulps);
    else fmt::print("  the file's rows carry no values: only fast against the reference is shown\n");
    if (skipped) fmt::print("  {} rows skipped (another ID, invalid, or outside the domain)\n", skipped);
  }
  if (!a.plot.empty()) fmt::print("  plot written to {}\n", a.plot);
  return 0;
}

}  // namespace privoco::oracle
