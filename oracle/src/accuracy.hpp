// Accuracy of the fast implementation against the certified reference over a set of points.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "privoco/catalogue.hpp"

namespace privoco::oracle {

struct PointResult {
  std::vector<double> params;
  std::string ref_value;   // certified, 17 digits
  int ref_digits = 0;
  double fast_value = 0;
  std::string fast_status;
  bool normal = false;     // true value is a normal double: ulp/rel statistics apply
  double ulp = 0, rel = 0; // for normal points
  bool status_ok = true;   // out-of-range points: fast reported the right status and sign
  double log_err = 0;      // out-of-range points: |log_abs(fast) - ln|true|| / max(1, ln|true|)
};

struct Accuracy {
  std::string id;
  std::size_t points = 0, normal = 0, out_of_range = 0, status_mismatch = 0;
  double median_ulp = 0, p90_ulp = 0, p99_ulp = 0, max_ulp = 0, median_rel = 0, max_rel = 0, max_log_err = 0;
  // histogram of ulp errors: <=0.5, <=1, <=2, <=4, <=8, <=16, <=1e3, >1e3
  std::vector<std::size_t> histogram;
  PointResult worst;       // largest ulp error (normal points)
  PointResult worst_range; // worst out-of-range point (status mismatch first, then log error)
};

extern const std::vector<std::string> kHistogramLabels;

// The q-quantile of v (the element at rank round(q (n - 1))); 0 for an empty v.
double quantile(std::vector<double> v, double q);

class Progress;

// Fast and reference at each point (17 certified digits), on `threads` threads (the same results for any number);
// each point counted on `progress` when given.
std::vector<PointResult> evaluate_points(const Entry& e, const std::vector<std::vector<double>>& points,
                                         int digits = 17, unsigned threads = 1, Progress* progress = nullptr);
Accuracy summarize(const Entry& e, const std::vector<PointResult>& results);
Accuracy measure(const Entry& e, const std::vector<std::vector<double>>& points, int digits = 17,
                 unsigned threads = 1, Progress* progress = nullptr);

// compare --points: the file's own value at a point, judged against the certified reference.
struct FileValue {
  std::string verdict;  // pass, fail, invalid (a value that is not a number); empty: the row has no value
  std::string defect;   // failing values without a finite error: nan, inf, wrong_sign, zero; else empty
  double ulps = 0;      // upper bound of the error in ulps
};

// compare's JSON of its points (the one "accuracy" record, the five worst points in it), and one point as a "point"
// record of a --shard's output and back (privoco merge): every double as its exact %.17g text; `file`: the file's
// value at the point (compare --points), written where the row has one.
nlohmann::ordered_json compare_json(const Entry& e, const std::vector<PointResult>& results);
nlohmann::ordered_json point_json(const Entry& e, const PointResult& r, std::size_t index, const FileValue* file = nullptr);
PointResult point_from_json(const nlohmann::ordered_json& j);
FileValue file_value_from_json(const nlohmann::ordered_json& point);
// compare --points --json: the distribution of the file's errors (file_failing_rows, file_rows_with_value,
// file_errors where the file has values; file_rows_skipped), added to compare's object.
void add_file_errors(nlohmann::ordered_json* j, const std::vector<FileValue>& values, std::size_t skipped);

// The "accuracy" record of report and compare (oracle/privoco.schema.json); `worst`: the largest errors, worst first.
nlohmann::ordered_json accuracy_json(const Entry& e, const Accuracy& acc, const std::vector<const PointResult*>& worst);

}  // namespace privoco::oracle
