#include "privoco/assignments.hpp"

#include <algorithm>
#include <cctype>

#include "privoco/errors.hpp"

namespace privoco {

std::pair<std::string, std::string> split_assignment(const std::string& id, const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos) throw ParamError(id, text, "expected name=value");
  const std::string name = text.substr(0, eq), value = text.substr(eq + 1);
  // on the command line a value is exactly what follows '=': " 1" is refused rather than read as 1
  for (const std::string& part : {name, value})
    if (!part.empty() && (std::isspace(static_cast<unsigned char>(part.front())) ||
                          std::isspace(static_cast<unsigned char>(part.back()))))
      throw ParamError(id, name, "'" + text + "': whitespace around the name or value");
  return {name, value};
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> v;
  std::size_t start = 0;
  for (;;) {
    const auto comma = text.find(',', start);
    v.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return v;
    start = comma + 1;
  }
}

namespace {

// The index of parameter `name`, marked as seen; ParamError if the entry has no such parameter or it was seen.
std::size_t claim_param(const Entry& e, const std::string& name, std::vector<bool>& seen) {
  const std::size_t i = e.index_of(name);
  if (i == static_cast<std::size_t>(-1)) {
    std::string names;
    std::vector<std::string> all;
    for (const auto& p : e.params) names += (names.empty() ? "" : ", ") + p.name, all.push_back(p.name);
    const std::string near = closest(name, all);
    throw ParamError(e.id, name, "unknown parameter (" + (near.empty() ? "" : "did you mean " + near + "? ") +
                                     "this ID takes " + names + ")");
  }
  if (seen[i]) throw ParamError(e.id, name, "given twice");
  seen[i] = true;
  return i;
}

std::vector<Decimal> parse_vector_assignments(const Entry& e, const std::vector<std::string>& as) {
  std::vector<std::vector<Decimal>> vals(e.params.size());
  std::vector<bool> seen(e.params.size(), false);
  std::size_t d = 0;
  std::string d_from;
  for (const std::string& a : as) {
    const auto [name, text] = split_assignment(e.id, a);
    const std::size_t i = claim_param(e, name, seen);
    if (!e.params[i].per_coordinate) {
      vals[i] = {parse_param(e.id, e.params[i], text)};
      continue;
    }
    for (const std::string& item : split_commas(text))  // every item is one coordinate; an empty one is malformed
      vals[i].push_back(parse_param(e.id, name + "_" + std::to_string(vals[i].size() + 1), item));
    if (d == 0) d = vals[i].size(), d_from = name;
    else if (vals[i].size() != d)
      throw ParamError(e.id, name, std::to_string(vals[i].size()) + " values, but " + d_from + " has " +
                                       std::to_string(d) + " (one per coordinate)");
  }
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (!seen[i] && !(i == 0 && d > 0))  // d may be left out: the lists' length
      throw ParamError(e.id, e.params[i].name, "missing (domain " + e.params[i].domain_text() +
                                                   (e.params[i].per_coordinate ? ", comma-separated, one per coordinate)" : ")"));
  if (d == 0) throw ParamError(e.id, e.params[1].name, "no per-coordinate values");
  if (seen[0]) {
    const double given = vals[0][0].approx;
    if (given != static_cast<double>(d))
      throw ParamError(e.id, "d", "'" + vals[0][0].text + "' but the lists have " + std::to_string(d) + " values");
  } else {
    vals[0] = {parse_param(e.id, "d", std::to_string(d))};
  }
  std::vector<Decimal> out;
  for (const auto& v : vals) out.insert(out.end(), v.begin(), v.end());
  return out;
}

}  // namespace

std::vector<Decimal> parse_assignments(const Entry& e, const std::vector<std::string>& as) {
  if (e.vector_layout) return parse_vector_assignments(e, as);
  std::vector<Decimal> out(e.params.size());
  std::vector<bool> seen(e.params.size(), false);
  for (const std::string& a : as) {
    const auto [name, text] = split_assignment(e.id, a);
    const std::size_t i = claim_param(e, name, seen);
    out[i] = parse_param(e.id, e.params[i], text);
  }
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (!seen[i]) throw ParamError(e.id, e.params[i].name, "missing (domain " + e.params[i].domain_text() + ")");
  return out;
}

std::map<std::string, std::string> parse_named(const std::string& id, const std::vector<std::string>& assignments,
                                               std::map<std::string, std::string> values,
                                               const std::vector<std::string>* names,
                                               const std::vector<std::string>& required) {
  std::map<std::string, bool> given;
  for (const auto& a : assignments) {
    const auto [name, text] = split_assignment(id, a);
    if (names && std::find(names->begin(), names->end(), name) == names->end())
      throw ParamError(id, name, "unknown parameter (this takes " + [&] {
        std::string all;
        for (const auto& x : *names) all += (all.empty() ? "" : ", ") + x;
        return all;
      }() + ")");
    if (given[name]) throw ParamError(id, name, "given twice");
    given[name] = true;
    values[name] = text;
  }
  for (const auto& n : required)
    if (!values.count(n)) throw ParamError(id, n, "missing");
  return values;
}

}  // namespace privoco
