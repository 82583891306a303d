// JSON of the commands' outputs: one way to write a point's parameters and a number that may not be finite.
#pragma once
#include <nlohmann/json.hpp>

#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/format.hpp"

namespace privoco::oracle {

using json = nlohmann::ordered_json;

// {"L": "1", "u": ["1", "2"], ...}: per-coordinate parameters as arrays of strings, others as strings.
json values_json(const Entry& e, const ParamTexts& p);
json params_json(const Entry& e, const std::vector<double>& point);  // values_json of the doubles' text17
json num_or_inf(double x);  // the number, or "inf", "-inf", "nan"

}  // namespace privoco::oracle
