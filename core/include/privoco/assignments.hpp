// name=value arguments of the command line, read one way everywhere: every missing, unknown, repeated or
// malformed assignment is a ParamError naming the ID and the parameter.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"

namespace privoco {

// "name=value" -> {name, value}; ParamError(id, text, "expected name=value") without '='.
std::pair<std::string, std::string> split_assignment(const std::string& id, const std::string& text);
// "a,b,,c" -> {"a", "b", "", "c"} (an empty item stays, for the caller to reject by name).
std::vector<std::string> split_commas(const std::string& text);

// An entry's parameters as exact decimals in table order (for per-coordinate parameters: comma-separated lists of
// one length d, d= optional and checked, result in the flat layout {d, u_1..u_d, ...}). Domains are not checked.
std::vector<Decimal> parse_assignments(const Entry& e, const std::vector<std::string>& assignments);

// name=value pairs over `defaults`: with `names`, only those names are accepted; a name given twice is an error;
// every name in `required` must end up with a value.
std::map<std::string, std::string> parse_named(const std::string& id, const std::vector<std::string>& assignments,
                                               std::map<std::string, std::string> defaults = {},
                                               const std::vector<std::string>* names = nullptr,
                                               const std::vector<std::string>& required = {});

}  // namespace privoco
