// JKT's PQFTL (Alg 4): the bound arguments of its calls to Alg 5, certified (privoco/fast/jkt/pqftl.hpp).
#pragma once
#include <arb.h>

namespace privoco::reference::jkt {

void pqftl_tree_bound(arb_t res, arb_srcptr p, slong prec);  // {R, tree (V, u), which (printed, derived)}

}  // namespace privoco::reference::jkt
