#include "privoco/reference/jkt/pqftl.hpp"

namespace privoco::reference::jkt {

void pqftl_tree_bound(arb_t res, arb_srcptr p, slong prec) {
  const bool u = arf_get_si(arb_midref(p + 1), ARF_RND_NEAR) == 1, printed = arf_get_si(arb_midref(p + 2), ARF_RND_NEAR) == 0;
  if (u && printed) arb_set(res, p + 0);  // JKT Alg 4 l.8: R
  else arb_sqr(res, p + 0, prec);         // l.7: R^2; derived sup ||w_t|| = R^2 for both trees
}

}  // namespace privoco::reference::jkt
