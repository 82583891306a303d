// Decimal strings as exact real numbers: "0.2" means 1/5, never the nearest double.
#pragma once
#include <string>
#include <string_view>

namespace privoco {

struct Decimal {
  std::string text;   // the user's string, verbatim (after trimming blanks)
  double approx = 0;  // nearest double (may be 0 or +-inf for extreme exponents)
  int sign = 0;       // exact sign of the real number: -1, 0, +1
};

// Parses [+-]digits[.digits][e[+-]digits]. Returns false and sets *err_pos (0-based offset of the first
// bad character) and *why for anything else, including inf and nan.
bool parse_decimal(std::string_view s, Decimal* out, std::size_t* err_pos, std::string* why);

// Throwing form for parameters: ParamError naming the id and parameter.
Decimal parse_param(std::string_view id, std::string_view param, std::string_view s);

struct Entry;
struct ParamSpec;
// A parameter's value from the user's text: a reading's choice name becomes its index (as a decimal), anything else
// is parsed as a decimal. The non-throwing form sets *why (and *err_pos for a malformed number).
bool parse_value(const ParamSpec& p, std::string_view s, Decimal* out, std::size_t* err_pos, std::string* why);
// Throwing form: ParamError naming the id and parameter (a reading's error lists its choices).
Decimal parse_param(std::string_view id, const ParamSpec& p, std::string_view s);

// Exact domain check of a decimal against the entry's table (sign exact; other bounds via the double).
void check_param(const Entry& e, std::size_t i, const Decimal& x);

}  // namespace privoco
