// Points of a check-format file (CSV or JSON Lines: id, the parameters by name, value), read with the oracle's own
// reader, so the tests read files exactly as privoco check does.
#pragma once
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "privoco/catalogue.hpp"
#include "rows.hpp"

namespace privoco::testing {

// The parameters (table order, as doubles) of the rows of `path` whose id is e.id.
inline std::vector<std::vector<double>> read_points(const std::string& path, const Entry& e) {
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot open " + path);
  oracle::RowReader reader(f, path);
  std::vector<std::vector<double>> out;
  oracle::Row row;
  while (reader.next(&row)) {
    const oracle::Field* id = row.find("id");
    if (!row.error.empty() || !id || id->text != e.id) continue;
    std::vector<double> p;
    for (const ParamSpec& ps : e.params) p.push_back(std::stod(row.find(ps.name)->text));
    out.push_back(p);
  }
  return out;
}

}  // namespace privoco::testing
