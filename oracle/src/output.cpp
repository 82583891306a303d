#include "output.hpp"

#include <cmath>

namespace privoco::oracle {

json values_json(const Entry& e, const ParamTexts& g) {
  json j = json::object();
  for (std::size_t i = 0; i < g.size(); ++i)
    if (e.params[i].per_coordinate) j[g[i].first] = g[i].second;
    else j[g[i].first] = g[i].second.empty() ? "" : g[i].second[0];
  return j;
}

json params_json(const Entry& e, const std::vector<double>& p) { return values_json(e, param_texts(e, p)); }

json num_or_inf(double x) {
  if (std::isfinite(x)) return x;
  return std::isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf");
}

}  // namespace privoco::oracle
