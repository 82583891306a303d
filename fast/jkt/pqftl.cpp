#include "privoco/fast/jkt/pqftl.hpp"

#include <cmath>

#include "privoco/catalogue.hpp"

namespace privoco::fast::jkt {

Value pqftl_tree_bound(double R, PqftlTree tree, PqftlArg which) {
  static const Entry& e = entry("JKT.const.pqftl_tree_params");
  const double x[3] = {R, static_cast<double>(tree), static_cast<double>(which)};
  check_params(e, x);
  // printed l.8 passes R; every other case is R^2 (||v v^T||_F = ||v||^2, |y| ||v|| <= R^2)
  if (tree == PqftlTree::u && which == PqftlArg::printed) {
    Value v;
    v.sign = 1, v.value = R;
    return v;
  }
  const double r2 = R * R;
  if (std::isfinite(r2) && r2 >= 0x1p-1022) {
    Value v;
    v.sign = 1, v.value = r2;
    return v;
  }
  return value_from_log(2 * std::log(R));
}

}  // namespace privoco::fast::jkt
