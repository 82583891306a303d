#include "run_support.hpp"

#include <fmt/core.h>

#include <cerrno>
#include <cmath>
#include <cstring>

#include "privoco/assignments.hpp"
#include "privoco/errors.hpp"

namespace privoco::oracle {

Input::Input(const std::string& path) : source(path == "-" ? "<stdin>" : path) {
  if (path != "-") {
    file.open(path);
    if (!file) throw FileError("cannot open '" + path + "': " + std::strerror(errno));
    in = &file;
  }
}

Output::Output(const std::string& path) {
  if (path == "-") return;
  owned = std::make_unique<AtomicFile>(path);
  out = owned->get();
  info = stdout;
}

Columns columns_of(const Row& row, bool scalar, bool want_w, const std::string& source) {
  Columns c;
  if (scalar) {
    c.g = {"g"};
    if (want_w) c.w = {"w"};
  } else {
    for (int j = 1;; ++j) {
      if (!row.find("g" + std::to_string(j))) break;
      c.g.push_back("g" + std::to_string(j));
      if (want_w) c.w.push_back("w" + std::to_string(j));
    }
  }
  for (const auto* names : {&c.g, &c.w})
    for (const std::string& n : *names)
      if (!row.find(n))
        throw FileError(fmt::format("{}:{}: no column '{}' (alg1: g{}; alg2/alg3: g1..gd{})", source, row.line, n,
                                    want_w ? ", w" : "", want_w ? ", w1..wd" : ""));
  if (c.g.empty()) throw FileError(fmt::format("{}:{}: no gradient columns g1..gd", source, row.line));
  return c;
}

double number(const Row& row, const std::string& name, const std::string& source, Decimal* dec) {
  const Field* f = row.find(name);
  if (!f) throw FileError(fmt::format("{}:{}: missing column '{}'", source, row.line, name));
  Decimal d;
  std::size_t pos = 0;
  std::string why;
  if (!parse_decimal(f->text, &d, &pos, &why))
    throw FileError(fmt::format("{}:{}:{}: '{}' is not a number ({})", source, row.line, f->column + pos, f->text, why));
  if (!std::isfinite(d.approx))
    throw FileError(fmt::format("{}:{}:{}: {} = {} is outside the double range", source, row.line, f->column, name,
                                f->text));
  if (dec) *dec = d;
  return d.approx;
}

std::vector<double> parse_number_list(const std::string& what, const std::string& text) {
  std::vector<double> v;
  for (const std::string& item : split_commas(text)) v.push_back(parse_param("run", what, item).approx);
  return v;
}

std::string hex(double x) { return fmt::format("{:a}", x); }

double unhex(const nlohmann::json& j, const char* key) {
  if (!j.contains(key) || !j[key].is_string()) throw ParamError("run", "--state-in", std::string("missing '") + key + "'");
  const std::string s = j[key];
  char* end = nullptr;
  const double x = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || *end) throw ParamError("run", "--state-in", "'" + s + "' is not a number");
  return x;
}

}  // namespace privoco::oracle
