// Numbers and parameter points as text, one way everywhere: 17 significant digits (every double round-trips),
// "inf", "-inf" and "nan" spelled out.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"

namespace privoco {

std::string text17(double x);  // %.17g; inf, -inf, nan

// A point's values grouped by parameter, in table order: one string each, or d strings for a per-coordinate
// parameter (the flat layout of catalogue.hpp, d first).
using ParamTexts = std::vector<std::pair<std::string, std::vector<std::string>>>;
ParamTexts param_texts(const Entry& e, const std::vector<double>& point);
ParamTexts param_texts(const Entry& e, const std::vector<Decimal>& point);  // the user's decimals verbatim

std::string join_commas(const std::vector<std::string>& items);
// "L=1, V=2" (per-coordinate values comma-joined: "u=1,2,-3").
std::string params_text(const ParamTexts& p);

}  // namespace privoco
