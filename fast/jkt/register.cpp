// JKT's IDs in the fast part.
#include "privoco/fast/evaluate.hpp"
#include "privoco/fast/jkt/tree.hpp"

namespace privoco::fast::jkt {

void register_paper(Registry& r) {
  r.add("JKT.noise.tree_sigma", [](const double* p) {
    return tree_sigma(p[0], p[1], p[2], p[3], static_cast<LogBase>(static_cast<int>(p[4])));
  });
  r.add("JKT.const.tree_counts", [](const double* p) { return tree_counts(p[0], p[1], p[2], p[3]); });
}

}  // namespace privoco::fast::jkt
