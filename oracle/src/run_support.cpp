#include "run_support.hpp"

#include <fmt/core.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <iterator>
#include <fstream>

#include "privoco/assignments.hpp"
#include "privoco/errors.hpp"
#include "output.hpp"

namespace privoco::oracle {

void mean_stderr(const std::vector<double>& x, double* mean, double* se) {
  double s = 0, s2 = 0;
  for (double v : x) s += v;
  *mean = s / static_cast<double>(x.size());
  for (double v : x) s2 += (v - *mean) * (v - *mean);
  *se = x.size() > 1 ? std::sqrt(s2 / static_cast<double>(x.size() - 1) / static_cast<double>(x.size())) : 0;
}

std::vector<double> positive_list(const char* id, const char* name, const std::string& text) {
  std::vector<double> out;
  for (const auto& s : split_commas(text)) {
    const Decimal d = parse_param(id, name, s);
    if (!(d.approx > 0) || !std::isfinite(d.approx)) throw DomainError(id, name, d.text, "(0, inf)");
    out.push_back(d.approx);
  }
  return out;
}

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

namespace {
constexpr const char* kStateFormat = "privoco state";
// version 2: the checksum is FNV-1a 64 as specified (offset basis 14695981039346656037); version 1 files carry the
// same hash from a basis missing its last digit (1469598103934665603), still read, so that their runs continue
constexpr int kStateVersion = 2;

// detects changed or lost bytes (not a defence against forgery)
std::string fnv1a64(const std::string& s, int version = kStateVersion) {
  std::uint64_t h = version == 1 ? 1469598103934665603ULL : 14695981039346656037ULL;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return fmt::format("fnv1a64:{:016x}", h);
}

nlohmann::ordered_json state_body(const std::string& alg, const nlohmann::ordered_json& params,
                                  const nlohmann::ordered_json& state, int version = kStateVersion) {
  return {{"format", kStateFormat}, {"version", version}, {"alg", alg}, {"params", params}, {"state", state}};
}
}  // namespace

void write_state_file(const std::string& path, const std::string& alg, const nlohmann::ordered_json& params,
                      const nlohmann::ordered_json& state) {
  nlohmann::ordered_json j = state_body(alg, params, state);
  j["checksum"] = fnv1a64(json_text(j));
  write_text_file(path, json_text(j, 1) + "\n");
}

nlohmann::ordered_json read_state_file(const std::string& path, const std::string& alg,
                                       const nlohmann::ordered_json& params) {
  std::ifstream f(path);
  if (!f) throw FileError("cannot open '" + path + "': " + std::strerror(errno));
  const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const auto j = nlohmann::ordered_json::parse(text, nullptr, false);
  auto refuse = [&](const std::string& why) { throw FileError(path + ": " + why); };
  if (j.is_discarded() || !j.is_object()) refuse("not a privoco state file (not a JSON object)");
  // (value() with a string default threw a JSON type error on "format": 2: exit 70, found by fuzz_state)
  if (!j.contains("format") || j["format"] != kStateFormat)
    refuse("not a privoco state file (no \"format\": \"privoco state\")");
  if (!j.contains("version") || !j["version"].is_number_integer()) refuse("a state file without a version");
  const long long version = j["version"].get<long long>();
  if (version > kStateVersion)
    refuse(fmt::format("a state file of version {}, newer than this privoco reads ({})", version, kStateVersion));
  if (version < 1) refuse(fmt::format("a state file of version {} (versions start at 1)", version));
  for (const char* k : {"alg", "params", "state", "checksum"})
    if (!j.contains(k)) refuse(std::string("a state file without '") + k + "'");
  if (!j["alg"].is_string() || !j["params"].is_object() || !j["state"].is_object() || !j["checksum"].is_string())
    refuse("a state file with a field of the wrong type");
  if (j["alg"] != alg) refuse("the state is of " + json_text(j["alg"]) + ", this run is " + alg);
  if (j["checksum"] != state_checksum(j)) refuse("the checksum does not match: the file was changed or damaged after it was written");
  for (const auto& [k, v] : params.items())
    if (!j["params"].contains(k) || j["params"][k] != v)
      refuse(fmt::format("the state is of a run with {} = {}; this run has {} = {} (a state continues only its own run)",
                         k, j["params"].contains(k) ? json_text(j["params"][k]) : "(none)", k, json_text(v)));
  for (const auto& [k, v] : j["params"].items())
    if (!params.contains(k)) refuse("the state is of a run with " + k + " = " + json_text(v) + "; this run has none");
  return j["state"];
}

std::string state_checksum(const nlohmann::ordered_json& j) {
  if (!j.is_object() || !j.contains("version") || !j["version"].is_number_integer() || !j.contains("alg") ||
      !j["alg"].is_string() || !j.contains("params") || !j.contains("state"))
    return {};
  const long long v = j["version"].get<long long>();
  if (v < 1 || v > kStateVersion) return {};
  return fnv1a64(json_text(state_body(j["alg"].get<std::string>(), j["params"], j["state"], static_cast<int>(v))),
                 static_cast<int>(v));
}

std::vector<double> unhex_array(const nlohmann::json& a, const std::string& field) {
  if (!a.is_array()) throw ParamError("run", "--state-in", "'" + field + "' is not an array of numbers");
  std::vector<double> v;
  v.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string s = a[i].is_string() ? a[i].get<std::string>() : std::string();
    char* end = nullptr;
    const double x = std::strtod(s.c_str(), &end);
    if (s.empty() || end == s.c_str() || *end)
      throw ParamError("run", "--state-in", fmt::format("'{}' entry {} is not a number", field, i + 1));
    v.push_back(x);
  }
  return v;
}

double unhex(const nlohmann::json& j, const char* key) {
  if (!j.contains(key) || !j[key].is_string()) throw ParamError("run", "--state-in", std::string("missing '") + key + "'");
  const std::string s = j[key];
  char* end = nullptr;
  const double x = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || *end) throw ParamError("run", "--state-in", "'" + s + "' is not a number");
  return x;
}

}  // namespace privoco::oracle
