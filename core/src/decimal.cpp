#include "privoco/decimal.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"

namespace privoco {

bool parse_decimal(std::string_view s, Decimal* out, std::size_t* err_pos, std::string* why) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  auto fail = [&](std::size_t pos, const char* msg) {
    if (err_pos) *err_pos = pos;
    if (why) *why = msg;
    return false;
  };
  if (b == e) return fail(b, "empty number");
  std::size_t i = b;
  int sign = 1;
  if (s[i] == '+' || s[i] == '-') sign = (s[i++] == '-') ? -1 : 1;
  bool nonzero = false, digits = false;
  while (i < e && std::isdigit(static_cast<unsigned char>(s[i]))) nonzero |= s[i++] != '0', digits = true;
  if (i < e && s[i] == '.') {
    ++i;
    while (i < e && std::isdigit(static_cast<unsigned char>(s[i]))) nonzero |= s[i++] != '0', digits = true;
  }
  if (!digits) {
    std::string_view rest = s.substr(i, e - i);
    bool special = false;
    for (const char* w : {"inf", "infinity", "nan"}) {
      if (rest.size() == std::string_view(w).size()) {
        bool eq = true;
        for (std::size_t k = 0; k < rest.size(); ++k)
          eq &= std::tolower(static_cast<unsigned char>(rest[k])) == w[k];
        special |= eq;
      }
    }
    return fail(i, special ? "inf and nan are not valid parameter values" : "expected a decimal number");
  }
  if (i < e && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < e && (s[i] == '+' || s[i] == '-')) ++i;
    bool exp_digits = false;
    while (i < e && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, exp_digits = true;
    if (!exp_digits) return fail(i, "expected exponent digits");
  }
  if (i != e) return fail(i, "unexpected character in number");
  out->text = std::string(s.substr(b, e - b));
  out->approx = std::strtod(out->text.c_str(), nullptr);
  out->sign = nonzero ? sign : 0;
  return true;
}

namespace {
// A parameter's decimal exponent is capped at +-10^6 (kMaxExponent): beyond it the exact value is far outside every
// domain's double range and the certified evaluation would spend its time on the exponent alone.
constexpr long kMaxExponent = 1000000;
bool exponent_within_cap(const std::string& text, std::size_t* pos) {
  const std::size_t e = text.find_first_of("eE");
  if (e == std::string::npos) return true;
  std::size_t i = e + 1;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  while (i + 1 < text.size() && text[i] == '0') ++i;  // leading zeros of the exponent
  *pos = e + 1;
  return text.size() - i <= 7 && std::stol(text.substr(i)) <= kMaxExponent;
}
}  // namespace

Decimal parse_param(std::string_view id, std::string_view param, std::string_view s) {
  Decimal d;
  std::size_t pos = 0;
  std::string why;
  if (!parse_decimal(s, &d, &pos, &why))
    throw ParamError(std::string(id), std::string(param),
                     "'" + std::string(s) + "' is not a number (" + why + " at column " + std::to_string(pos + 1) + ")");
  if (!exponent_within_cap(d.text, &pos))
    throw ParamError(std::string(id), std::string(param),
                     "'" + std::string(s).substr(0, 40) + (s.size() > 40 ? "...'" : "'") +
                         ": decimal exponents are limited to +-1000000");
  return d;
}

bool parse_value(const ParamSpec& p, std::string_view s, Decimal* out, std::size_t* err_pos, std::string* why) {
  if (p.choices.empty()) {
    if (!parse_decimal(s, out, err_pos, why)) return false;
    if (!exponent_within_cap(out->text, err_pos)) {
      *why = "decimal exponents are limited to +-1000000";
      return false;
    }
    return true;
  }
  for (std::size_t k = 0; k < p.choices.size(); ++k)
    if (s == p.choices[k]) {
      out->text = std::to_string(k);
      out->approx = static_cast<double>(k);
      out->sign = k > 0;
      return true;
    }
  *err_pos = 0;
  *why = "not one of " + p.domain_text();
  return false;
}

Decimal parse_param(std::string_view id, const ParamSpec& p, std::string_view s) {
  if (p.choices.empty()) return parse_param(id, p.name, s);
  Decimal d;
  std::size_t pos = 0;
  std::string why;
  if (!parse_value(p, s, &d, &pos, &why))
    throw ParamError(std::string(id), p.name, "'" + std::string(s) + "' is " + why + " (a reading)");
  return d;
}

void check_param(const Entry& e, std::size_t i, const Decimal& x) {
  const Domain& d = e.params[i].domain;
  auto bad = [&] { throw DomainError(e.id, e.params[i].name, x.text, e.params[i].domain_text()); };
  // A bound at 0 is decided by the exact sign; others by the double (they are all 0 or infinite today).
  auto below = [&](double bound, bool closed) {
    if (bound == 0) return closed ? x.sign < 0 : x.sign <= 0;
    return closed ? x.approx < bound : x.approx <= bound;
  };
  auto above = [&](double bound, bool closed) {
    if (bound == 0) return closed ? x.sign > 0 : x.sign >= 0;
    return closed ? x.approx > bound : x.approx >= bound;
  };
  if (std::isfinite(d.lo) && below(d.lo, d.lo_closed)) bad();
  if (std::isfinite(d.hi) && above(d.hi, d.hi_closed)) bad();
}

}  // namespace privoco
