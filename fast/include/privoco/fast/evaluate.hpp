// Fast evaluation of any catalogue ID by name (for the oracle). Each paper registers its IDs' functions from its
// own folder (fast/PAPER/register.cpp); the functions themselves are in fast/PAPER/.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/fast/value.hpp"

namespace privoco::fast {

// One ID's function: its parameters in table order (or the flat layout of catalogue.hpp).
using Fn = Value (*)(const double* params);

// An ID's batch kernel: cols[i] points to parameter i's n values (table order); the same bits as Fn point by point.
// For an ID with per-coordinate parameters: the flat layout's columns at one d (cols[0] = d at every point, then each
// parameter's column, d columns for a per-coordinate one).
using BatchFn = void (*)(const double* const* cols, Value* out, std::size_t n);

// What a paper registers (fast/PAPER/register.cpp: void PAPER::register_paper(Registry&)).
struct Registry {
  std::vector<std::pair<std::string, Fn>> functions;
  std::vector<std::pair<std::string, BatchFn>> batches;  // IDs with a vectorised kernel
  void add(std::string id, Fn fn) { functions.emplace_back(std::move(id), fn); }
  void add_batch(std::string id, BatchFn fn) { batches.emplace_back(std::move(id), fn); }
};

// Throws UnknownId when fast/ lacks the ID, DomainError on bad parameters (table order).
Value evaluate(const Entry& e, const double* params);
bool implements(const std::string& id);
// The ID's function itself, for loops over many points (evaluate looks it up by name on every call); UnknownId.
Fn function(const Entry& e);
// The ID's batch kernel, or nullptr where it has none (then Fn point by point).
BatchFn batch(const Entry& e);

}  // namespace privoco::fast
