// Uses the installed privoco: the certified reference and the fast part of VDH.pred.conj at one point must agree
// (the fast value within 4 ulp of the certified one); prints both. Exit 1 if not.
#include <cmath>
#include <cstdio>

#include "privoco/catalogue.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/evaluate.hpp"

int main() {
  const privoco::Entry& e = privoco::entry("VDH.pred.conj");
  const double x[4] = {100, 9, 1, 1};
  const privoco::reference::Certified c = privoco::reference::evaluate(e, x);
  const privoco::fast::Value v = privoco::fast::evaluate(e, x);
  std::printf("reference %s (%d digits), fast %.17g\n", c.value.c_str(), c.digits, v.value);
  const double t = c.nearest();
  return std::fabs(v.value - t) <= 4 * std::ldexp(1.0, std::ilogb(t) - 52) ? 0 : 1;
}
