#include "privoco/format.hpp"

#include <cmath>
#include <cstdio>

namespace privoco {

std::string text17(double x) {
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (std::isnan(x)) return "nan";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

namespace {
double approx_of(double x) { return x; }
double approx_of(const Decimal& x) { return x.approx; }
std::string text_of(const ParamSpec& p, double x) { return p.value_text(x); }
std::string text_of(const ParamSpec& p, const Decimal& x) { return p.choices.empty() ? x.text : p.value_text(x.approx); }

template <class T>
ParamTexts group(const Entry& e, const std::vector<T>& p) {
  ParamTexts out;
  if (p.empty()) return out;
  const std::size_t d = e.vector_layout ? static_cast<std::size_t>(std::llround(approx_of(p[0]))) : 1;
  std::size_t k = 0;
  for (const ParamSpec& ps : e.params) {
    std::vector<std::string> v;
    for (std::size_t j = 0; j < (ps.per_coordinate ? d : 1) && k < p.size(); ++j) v.push_back(text_of(ps, p[k++]));
    out.emplace_back(ps.name, std::move(v));
  }
  return out;
}
}  // namespace

ParamTexts param_texts(const Entry& e, const std::vector<double>& point) { return group(e, point); }
ParamTexts param_texts(const Entry& e, const std::vector<Decimal>& point) { return group(e, point); }

std::string join_commas(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& x : items) s += (s.empty() ? "" : ",") + x;
  return s;
}

std::string params_text(const ParamTexts& p) {
  std::string s;
  for (const auto& [name, v] : p) s += (s.empty() ? "" : ", ") + name + "=" + join_commas(v);
  return s;
}

}  // namespace privoco
