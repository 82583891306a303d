#include "privoco/catalogue.hpp"

#include <algorithm>
#include <cctype>

#include <cmath>
#include <sstream>
#include <string_view>
#include <unordered_map>

#include "privoco/errors.hpp"
#include "privoco/format.hpp"

namespace privoco {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

std::string num(double x) {
  if (x == kInf) return "inf";
  if (x == -kInf) return "-inf";
  std::ostringstream os;
  os << x;
  return os.str();
}

}  // namespace

void register_papers(std::vector<Entry>& table);  // papers.cpp, generated from PRIVOCO_PAPERS

Entry claim_entry(const char* id, const char* kind, const char* files, const char* citation, const char* summary,
                  std::vector<ParamSpec> params) {
  Entry e{id, kind, citation, summary, std::move(params), false, false, files};
  e.has_proof = true;
  return e;
}

std::string Domain::text() const {
  return std::string(lo_closed ? "[" : "(") + num(lo) + ", " + num(hi) + (hi_closed ? "]" : ")");
}


std::string ParamSpec::domain_text() const {
  if (choices.empty()) return domain.text();
  std::string s = "{";
  for (const auto& c : choices) s += (s.size() > 1 ? ", " : "") + c;
  return s + "}";
}

std::string ParamSpec::value_text(double x) const {
  if (!choices.empty() && x >= 0 && x < static_cast<double>(choices.size()) && x == std::floor(x))
    return choices[static_cast<std::size_t>(x)];
  return text17(x);
}

ParamSpec reading_param(std::string name, std::vector<std::string> choices, std::string meaning) {
  ParamSpec p;
  p.name = std::move(name);
  p.domain = {0, static_cast<double>(choices.size()) - 1, true, true};
  p.meaning = std::move(meaning);
  p.sampling = {0, static_cast<double>(choices.size()) - 1, false, 0};
  p.choices = std::move(choices);
  return p;
}

std::size_t Entry::index_of(std::string_view p) const {
  for (std::size_t i = 0; i < params.size(); ++i)
    if (params[i].name == p) return i;
  return static_cast<std::size_t>(-1);
}

const std::vector<Entry>& catalogue() {
  static const std::vector<Entry> table = [] {
    std::vector<Entry> t;
    register_papers(t);
    for (Entry& e : t)
      for (const ParamSpec& p : e.params) e.vector_layout = e.vector_layout || p.per_coordinate;
    return t;
  }();
  return table;
}

std::size_t Entry::flat_size(std::size_t d) const {
  std::size_t n = 0;
  for (const ParamSpec& p : params) n += p.per_coordinate ? d : 1;
  return n;
}

std::size_t Entry::flat_offset(std::size_t i, std::size_t d) const {
  std::size_t k = 0;
  for (std::size_t j = 0; j < i; ++j) k += params[j].per_coordinate ? d : 1;
  return k;
}

std::size_t Entry::param_of_flat(std::size_t k, std::size_t d) const {
  for (std::size_t i = 0; i < params.size(); ++i) {
    const std::size_t w = params[i].per_coordinate ? d : 1;
    if (k < w) return i;
    k -= w;
  }
  return static_cast<std::size_t>(-1);
}

std::size_t flat_dimension(const Entry& e, double d) {
  if (!(d >= 1 && d <= kMaxDimension && d == std::floor(d))) {
    throw DomainError(e.id, "d", text17(d), "an integer in [1, " + num(kMaxDimension) + "]");
  }
  return static_cast<std::size_t>(d);
}

void check_flat_params(const Entry& e, const double* x) {
  const std::size_t d = flat_dimension(e, x[0]);
  std::size_t k = 1;
  for (std::size_t i = 1; i < e.params.size(); ++i) {
    const ParamSpec& p = e.params[i];
    const std::size_t w = p.per_coordinate ? d : 1;
    for (std::size_t j = 0; j < w; ++j, ++k)
      if (!p.domain.contains(x[k])) {
        throw DomainError(e.id, p.per_coordinate ? p.name + "_" + std::to_string(j + 1) : p.name, text17(x[k]),
                          p.domain.text());
      }
  }
}

std::string closest(std::string_view word, const std::vector<std::string>& candidates) {
  auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  std::string best;
  std::size_t best_d = static_cast<std::size_t>(-1);
  for (const std::string& c : candidates) {
    // Levenshtein distance, one row
    std::vector<std::size_t> row(c.size() + 1);
    for (std::size_t j = 0; j <= c.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= word.size(); ++i) {
      std::size_t diag = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= c.size(); ++j) {
        const std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (lower(word[i - 1]) == lower(c[j - 1]) ? 0 : 1)});
        diag = up;
      }
    }
    if (row[c.size()] < best_d) best_d = row[c.size()], best = c;
  }
  return best_d <= std::max<std::size_t>(1, word.size() / 3) ? best : std::string();
}

const Entry& entry(std::string_view id) {
  // a hash index built once (the fast part looks entries up on every evaluation; a scan of the table with string
  // compares cost some IDs a tenth of their time)
  static const std::unordered_map<std::string_view, const Entry*> index = [] {
    std::unordered_map<std::string_view, const Entry*> m;
    for (const Entry& e : catalogue()) m.emplace(e.id, &e);
    return m;
  }();
  if (const auto it = index.find(id); it != index.end()) return *it->second;
  std::vector<std::string> ids;
  for (const Entry& e : catalogue()) ids.push_back(e.id);
  const std::string near = closest(id, ids);
  throw UnknownId(std::string(id), "unknown ID", near.empty() ? "" : "did you mean " + near + "?");
}

void check_param(const Entry& e, std::size_t i, double x) {
  if (!e.params[i].domain.contains(x)) {
    throw DomainError(e.id, e.params[i].name, e.params[i].value_text(x), e.params[i].domain_text());
  }
}


}  // namespace privoco
