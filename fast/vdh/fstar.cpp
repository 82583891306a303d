// VDH.conj.Fstar (VDH §2 notation, Lemma 2 (000) = Lemma 5 (002)), conjugate prior, in double: F is even and convex
// with F' = w increasing and unbounded (w grows like e^{CL}), so for u != 0 the sup of phi(L) = |u| L - F(L) is at
// w(L*) = |u|; L* by bracketing (doubling) and bisection on the fast w until the bracket stops shrinking, then
// F*(u) = |u| L* - F(L*). phi is flat at L*: an error d in L* moves the value by F''(L*) d^2/2 only, so the result
// carries the errors of F(L*) and of |u| L* (condition number (|u L*| + |F(L*)|)/F*). u = 0: F*(0) = -F(0; V).
#include "fstar.hpp"

#include "privoco/fast/numerics/value_ops.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "conj.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "../numerics/scaled.hpp"

namespace privoco::fast::vdh {
using namespace numerics;

Value fstar_conj(double u, double V, double b, double G) {
  static const Entry& e = entry("VDH.conj.Fstar");
  const double x[4] = {u, V, b, G};
  check_params(e, x);
  const double a = std::fabs(u);
  if (a == 0) {  // F*(0) = -F(0), its status and ln|value| included (F(0) may lie below the range)
    Value F = pot_conj(0, V, b, G);
    F.value = -F.value, F.sign = -F.sign;
    return F;
  }
  // F* is invariant under (u, V, b, G) -> (u/s, s^2 V, s^2 b, s G) (L* -> s L*, F unchanged): past G = 2^900, C = 1/(5G)
  // is so small that L* can pass DBL_MAX (w stayed below |u| for every double L: a DomainError at L = inf), so G is
  // taken to 2^900 while |u| 2^k stays finite (b enters only through mu_b = C^2 b < 1e-230 there, negligible, so its
  // low bits lost to a subnormal do not count, nor b 2^-2k below the smallest double: it is replaced by that; the
  // shift refused such b, and C = 1/(5G) subnormal cost 1e-9 of F* at G = DBL_MAX, b = 2.7e-292)
  if (G > 0x1p900) {
    const int k = std::ilogb(G) - 899;  // G 2^-k in [2^899, 2^900): no second shift
    const double us = std::ldexp(u, k), bs = std::max(std::ldexp(b, -2 * k), std::numeric_limits<double>::denorm_min());
    if (std::isfinite(us)) return fstar_conj(us, std::ldexp(V, -2 * k), bs, std::ldexp(G, -k));
  }
  // where F(L) = K (L^2/2 - V) holds up to L* = |u|/K: F* = u^2/(2K) + K V exactly from it, far below the double
  // range too (the bracket's u L - F(L) rounded to 0 with sign 0 at F* = 8.8e-327). It holds in conj.cpp's quadratic
  // regime (lambda*^2 + nu < 1e-20), and in the Gaussian limit of a concentrated prior (mu_b > 735, K = 1/(2b)) with
  // L*^2/b + V/b < 1e-20 and the tilted peak L*/(2CB) inside: F = sqrt(b/B) e^{L^2/(4B)} - 1
  {
    const xd K = tiny_K(b, G), Ls = xd_of(a) / K;
    const double ln_Ls = to_double(xd_log(Ls)), lnG = std::log(G), lnb = std::log(b), ln5 = std::log(5.0);
    const double lnB = std::isfinite(b + V) ? std::log(b + V) : std::log(0.5 * b + 0.5 * V) + std::log(2.0);
    const bool gauss = lnb - 2 * (ln5 + lnG) > 6.6 && log_add(2 * ln_Ls, V > 0 ? std::log(V) : -INFINITY) - lnb < -46 &&
                       ln_Ls + ln5 + lnG - std::log(2.0) - lnB < -7;
    if (ln_Ls < 700 && (gauss || ln_tiny(std::exp(ln_Ls), V, G) < -46))
      return to_value(xd_of(a) * xd_of(a) / xd_scale2(K, 1) + K * xd_of(V));
  }
  auto w = [&](double L) { return pred_conj(L, V, b, G); };  // increasing in L, w(0) = 0
  double lo = 0, hi = 1;
  while (true) {  // w(hi) >= a; w is unbounded, but L* may lie past DBL_MAX where the shift above could not apply
    const Value v = w(hi);
    if (v.status == Status::overflow || v.value >= a) break;
    if (!(hi < 0x1p1022))
      throw OutOfReach("VDH.conj.Fstar: the maximiser L* lies beyond the double range at u = " + text17(u) +
                       ", G = " + text17(G) + ", where the fast evaluation does not reach (the reference evaluates it)");
    lo = hi;
    hi *= 2;
  }
  for (int k = 0; k < 2100; ++k) {
    const double mid = 0.5 * (lo + hi);
    if (!(mid > lo && mid < hi)) break;  // the bracket is two adjacent doubles
    const Value v = w(mid);
    (v.status != Status::overflow && v.value < a ? lo : hi) = mid;
  }
  // the better end of the bracket (phi is concave: the larger value is the closer to the sup)
  const Value Flo = pot_conj(lo, V, b, G), Fhi = pot_conj(hi, V, b, G);
  if (Flo.status == Status::overflow && Fhi.status == Status::overflow) {
    // F(L*) past DBL_MAX (ln F* was inf): ln F* = ln|u| + ln L* + ln(1 - F/(|u| L*)), F/(|u| L*) from logarithms
    const double lu = std::log(a) + std::log(lo), r = std::exp(Flo.log_abs() - lu);
    if (!(r < 1)) return overflow(1);  // F/(|u| L*) rounds to 1: no digit of the difference is left
    Value out = overflow(1);
    out.log_abs_out = lu + std::log1p(-r);
    if (out.log_abs_out < 709.78) return plain(std::exp(out.log_abs_out));
    return out;
  }
  if (!std::isfinite(a * hi) && Flo.status == Status::ok) {
    // |u| L* past DBL_MAX (it gave inf - F = NaN through the double-double product: u = 6.3e109, G = 8e194):
    // F* = |u| L* (1 - F(L*)/(|u| L*)), F* > 0, so ln F* = ln|u| + ln L* + ln(1 - (F/|u|)/L*)
    const double ln = std::log(a) + std::log(lo) + std::log1p(-(Flo.value / a) / lo);
    if (ln < 709.78) return plain(std::exp(ln));  // just below DBL_MAX: the product overflowed, the difference not
    Value out = overflow(1);
    out.log_abs_out = ln;
    return out;
  }
  const dd plo = two_prod(a, lo) - dd{Flo.value, 0}, phi = two_prod(a, hi) - dd{Fhi.value, 0};
  return plain(to_double(Fhi.status == Status::overflow || plo.hi > phi.hi ? plo : phi));
}

}  // namespace privoco::fast::vdh
