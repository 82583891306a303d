// privoco sample ID: inputs covering an ID's domain, in the format check reads.
#include "commands.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include "output.hpp"
#include "privoco/errors.hpp"
#include "rows.hpp"
#include "sampling.hpp"

namespace privoco::oracle {

int cmd_sample(const SampleArgs& a) {
  const Entry& e = entry(a.id);
  if (e.is_learner()) throw UnknownId(e.id, "an algorithm, not a function: use privoco run for");
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
  // a per-coordinate parameter is one field of comma-separated values (quoted in CSV), as check reads it
  for (const auto& p : pts) {
    const ParamTexts t = param_texts(e, p);
    if (a.format == "csv") {
      *out << e.id;
      for (std::size_t i = 0; i < t.size(); ++i)
        *out << "," << (e.params[i].per_coordinate ? "\"" + join_commas(t[i].second) + "\"" : join_commas(t[i].second));
      *out << ",\n";
    } else {
      json j;
      j["id"] = e.id;
      for (const auto& [name, v] : t) j[name] = join_commas(v);
      j["value"] = "";
      *out << j.dump() << "\n";
    }
  }
  if (!*out) throw FileError("error writing '" + a.out + "'");
  return 0;
}

}  // namespace privoco::oracle
