#include "accuracy.hpp"

#include "progress.hpp"
#include "parallel.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "output.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/evaluate.hpp"

namespace privoco::oracle {

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::size_t k = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
  std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
  return v[k];
}

const std::vector<std::string> kHistogramLabels = {"<=0.5", "<=1", "<=2", "<=4", "<=8", "<=16", "<=1e3", ">1e3"};

namespace {
std::size_t bucket(double ulp) {
  const double edges[] = {0.5, 1, 2, 4, 8, 16, 1e3};
  for (std::size_t i = 0; i < 7; ++i)
    if (ulp <= edges[i]) return i;
  return 7;
}
}  // namespace

std::vector<PointResult> evaluate_points(const Entry& e, const std::vector<std::vector<double>>& points,
                                         int digits, unsigned threads, Progress* progress) {
  std::vector<PointResult> out(points.size());
  reference::Options opt;
  opt.digits = digits;
  for_each_in_runs(points.size(), threads, [&](std::size_t i) {
    const auto& p = points[i];
    PointResult& r = out[i];
    r.params = p;
    fast::Value f = fast::evaluate(e, p.data());
    reference::Certified c = reference::evaluate(e, p.data(), opt);
    r.ref_value = c.value;
    r.ref_digits = c.digits;
    r.fast_value = f.value;
    r.fast_status = fast::to_string(f.status);
    const double t = std::fabs(c.nearest());
    r.normal = c.sign() == 0 || (t >= DBL_MIN && t <= DBL_MAX);
    if (r.normal) {
      r.ulp = reference::ulp_error(c, f.value);
      r.rel = reference::rel_error(c, f.value);
    } else {
      const bool over = t > DBL_MAX;
      r.status_ok = (over ? f.status == fast::Status::overflow : f.status == fast::Status::underflow) &&
                    f.sign == c.sign();
      const double la = c.log_abs();
      r.log_err = std::fabs(f.log_abs() - la) / std::max(1.0, std::fabs(la));
    }
    if (progress) progress->add();
  });
  return out;
}

Accuracy summarize(const Entry& e, const std::vector<PointResult>& results) {
  Accuracy a;
  a.id = e.id;
  a.histogram.assign(8, 0);
  std::vector<double> ulps, rels;
  double worst_range_score = -1;
  for (const PointResult& r : results) {
    ++a.points;
    if (r.normal) {
      ++a.normal;
      ulps.push_back(r.ulp);
      rels.push_back(r.rel);
      ++a.histogram[bucket(r.ulp)];
      if (ulps.size() == 1 || r.ulp > a.worst.ulp) a.worst = r;
    } else {
      ++a.out_of_range;
      if (!r.status_ok) ++a.status_mismatch;
      a.max_log_err = std::max(a.max_log_err, r.log_err);
      double score = (r.status_ok ? 0 : 1e300) + r.log_err;
      if (score > worst_range_score) worst_range_score = score, a.worst_range = r;
    }
  }
  a.median_ulp = quantile(ulps, 0.5);
  a.p90_ulp = quantile(ulps, 0.9);
  a.p99_ulp = quantile(ulps, 0.99);
  a.max_ulp = ulps.empty() ? 0 : *std::max_element(ulps.begin(), ulps.end());
  a.median_rel = quantile(rels, 0.5);
  a.max_rel = rels.empty() ? 0 : *std::max_element(rels.begin(), rels.end());
  return a;
}

Accuracy measure(const Entry& e, const std::vector<std::vector<double>>& points, int digits, unsigned threads,
                 Progress* progress) {
  return summarize(e, evaluate_points(e, points, digits, threads, progress));
}

nlohmann::ordered_json accuracy_json(const Entry& e, const Accuracy& acc, const std::vector<const PointResult*>& worst) {
  json j = record("accuracy");
  j["id"] = acc.id;
  j["points"] = acc.points;
  j["normal"] = acc.normal;
  j["ulp"] = {{"median", acc.median_ulp}, {"p90", acc.p90_ulp}, {"p99", acc.p99_ulp}, {"max", acc.max_ulp}};
  j["rel"] = {{"median", acc.median_rel}, {"max", acc.max_rel}};
  json h = json::object();
  for (std::size_t i = 0; i < acc.histogram.size(); ++i) h[kHistogramLabels[i]] = acc.histogram[i];
  j["histogram"] = h;
  json w = json::array();
  for (const PointResult* r : worst)
    w.push_back({{"params", params_json(e, r->params)}, {"reference", r->ref_value}, {"fast", text17(r->fast_value)},
                 {"ulp", num_or_inf(r->ulp)}});
  j["worst"] = w;
  j["out_of_range"] = acc.out_of_range;
  j["status_mismatch"] = acc.status_mismatch;
  j["max_log_abs_rel_err"] = num_or_inf(acc.max_log_err);
  return j;
}

}  // namespace privoco::oracle
