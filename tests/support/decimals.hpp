// Exact decimal inputs for an ID, in its table order: decimals("VDH.conj.Fstar", {"-1", "1e2500", "1", "1"}).
#pragma once
#include <initializer_list>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"

namespace privoco::testing {

inline std::vector<Decimal> decimals(const char* id, std::initializer_list<const char*> values) {
  const Entry& e = entry(id);
  std::vector<Decimal> d;
  std::size_t k = 0;
  for (const char* v : values) d.push_back(parse_param(id, e.params[k++], v));
  return d;
}

}  // namespace privoco::testing
