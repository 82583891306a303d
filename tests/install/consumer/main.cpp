// Uses the installed privoco: the certified reference and the fast part of VDH.pred.conj at one point must agree
// (the fast value within 4 ulp of the certified one), and the certified value converted to Boost.Multiprecision
// must lie within one ulp of the double nearest to it; prints both. Exit 1 if not.
#include <cmath>
#include <cstdio>

#include "privoco/catalogue.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/boost_mp.hpp"
#include "privoco/reference/evaluate.hpp"

int main() {
  const privoco::Entry& e = privoco::entry("VDH.pred.conj");
  const double x[4] = {100, 9, 1, 1};
  const privoco::reference::Certified c = privoco::reference::evaluate(e, x);
  const privoco::fast::Value v = privoco::fast::evaluate(e, x);
  std::printf("reference %s (%d digits), fast %.17g\n", c.value.c_str(), c.digits, v.value);
  const double t = c.nearest();
  const privoco::reference::MpfrEnclosure m = privoco::reference::to_mpfr(c, 30);
  std::printf("as mpfr_float (30 digits): [%s, %s]\n", m.lo.str().c_str(), m.hi.str().c_str());
  const double ulp = std::ldexp(1.0, std::ilogb(t) - 52);
  if (!(m.lo <= m.value && m.value <= m.hi) || abs(m.value - t) > ulp) return 1;
  return std::fabs(v.value - t) <= 4 * ulp ? 0 : 1;
}
