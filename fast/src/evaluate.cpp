#include "privoco/fast/evaluate.hpp"

#include "privoco/errors.hpp"
#include "privoco/registered.hpp"

namespace privoco::fast {

void register_papers(Registry& r);  // papers.cpp, generated from PRIVOCO_PAPERS

namespace {
const Registry& registry() {
  return registered<Registry, register_papers>();
}
}  // namespace

bool implements(const std::string& id) {
  for (const auto& [rid, fn] : registry().functions)
    if (id == rid) return true;
  return false;
}

Fn function(const Entry& e) {
  for (const auto& [rid, fn] : registry().functions)
    if (e.id == rid) return fn;
  throw UnknownId(e.id, "no fast implementation for this ID");
}

BatchFn batch(const Entry& e) {
  for (const auto& [rid, fn] : registry().batches)
    if (e.id == rid) return fn;
  return nullptr;
}

Value evaluate(const Entry& e, const double* params) { return function(e)(params); }

}  // namespace privoco::fast
