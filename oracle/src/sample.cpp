// privoco sample ID: inputs covering an ID's domain, in the format check reads.
#include "commands.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "output.hpp"
#include "privoco/errors.hpp"
#include "rows.hpp"
#include "sampling.hpp"

namespace privoco::oracle {

int cmd_sample(const SampleArgs& a) {
  const Entry& e = entry(a.id);
  if (e.is_learner()) throw UnknownId(e.id, "an algorithm, not a function: use privoco run for");
  if (!e.has_reference && !e.has_fast)
    throw UnknownId(e.id, "a claim, proved rather than sampled: use privoco prove for");
  if (a.format != "csv" && a.format != "jsonl") throw ParamError("sample", "--format", "'" + a.format + "' (csv, jsonl)");
  // a quarter of the rows (at most all of them) are corners of the sampling box, spread evenly; the rest random
  // the random points are drawn one at a time as they are written (constant memory), the corners last
  const auto corners = sample_points(e, 0, a.seed, true);
  const std::size_t kc = std::min(corners.size(), a.n / 4);
  PointSampler sampler(e, a.seed);
  std::unique_ptr<AtomicFile> file;
  std::FILE* out = stdout;
  if (a.out != "-") {
    file = std::make_unique<AtomicFile>(a.out);
    out = file->get();
  }
  if (a.format == "csv") {
    std::string h = "id";
    for (const auto& p : e.params) h += "," + p.name;
    std::fprintf(out, "%s,value\n", h.c_str());
  }
  // a per-coordinate parameter is one field of comma-separated values (quoted in CSV), as check reads it
  for (std::size_t row = 0; row < a.n; ++row) {
    const std::vector<double> p = row < a.n - kc ? sampler.next() : corners[(row - (a.n - kc)) * corners.size() / kc];
    const ParamTexts t = param_texts(e, p);
    std::string line;
    if (a.format == "csv") {
      line = e.id;
      for (std::size_t i = 0; i < t.size(); ++i)
        line += "," + (e.params[i].per_coordinate ? "\"" + join_commas(t[i].second) + "\"" : join_commas(t[i].second));
      line += ",";
    } else {
      // numbers as JSON numbers (17 significant digits: the same doubles); readings by name and per-coordinate
      // lists as strings (one field, as check reads them); the value to fill in is null
      json j;
      j["id"] = e.id;
      for (std::size_t i = 0; i < t.size(); ++i) {
        const auto& [name, v] = t[i];
        if (e.params[i].per_coordinate || !e.params[i].choices.empty()) j[name] = join_commas(v);
        else {
          const double x = std::strtod(v[0].c_str(), nullptr);
          if (x == std::floor(x) && std::fabs(x) < 0x1p53) j[name] = static_cast<long long>(x);  // an integer
          else j[name] = x;
        }
      }
      j["value"] = nullptr;
      line = json_text(j);
    }
    std::fprintf(out, "%s\n", line.c_str());
  }
  if (file) file->commit();
  // provenance goes to stderr, once the rows are written: the file itself is plain CSV / JSON Lines that standard readers parse
  std::fprintf(stderr, "privoco sample %s --n %zu --seed %llu: %zu rows, %zu of them corners of the sampling box (last); "
                       "fill in value, then: privoco check FILE\n",
               e.id.c_str(), a.n, static_cast<unsigned long long>(a.seed), a.n, kc);
  return 0;
}

}  // namespace privoco::oracle
