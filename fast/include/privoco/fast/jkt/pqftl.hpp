// JKT's PQFTL (Alg 4): the bound arguments with which it calls Alg 5, as printed and as derived.
#pragma once
#include "privoco/fast/value.hpp"

namespace privoco::fast::jkt {

enum class PqftlTree { V = 0, u = 1 };
enum class PqftlArg { printed = 0, derived = 1 };
// JKT.const.pqftl_tree_params: the bound on ||w_t|| passed to Alg 5 (Alg 4 l.7: R^2 for w_t = v_t v_t^T; l.8: R for
// w_t = y_t v_t), or the derived sup ||w_t|| over |y_t|, ||v_t|| <= R (R^2 for both trees).
Value pqftl_tree_bound(double R, PqftlTree tree, PqftlArg which);

}  // namespace privoco::fast::jkt
