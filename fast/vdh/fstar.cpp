// VDH.conj.Fstar (VDH §2 notation, Lemma 2 (000) = Lemma 5 (002)), conjugate prior, in double: F is even and convex
// with F' = w increasing and unbounded (w grows like e^{CL}), so for u != 0 the sup of phi(L) = |u| L - F(L) is at
// w(L*) = |u|; L* bracketed on the fast w and narrowed to two adjacent doubles by false position (below), then
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
  // L* from the bracket [lo, hi], f(lo) < 0 <= f(hi) with f(L) = w(L) - |u| (increasing; the side of L* decided by the
  // values, w's overflow counting as above), narrowed to two adjacent doubles by false position on g = ln w - ln|u|
  // (w grows like e^{CL}: ln w is close to linear there, and ln L + const near 0), with the Anderson-Bjorck factor on
  // an end kept twice in a row and a bisection step where an end was kept four times. (Bisection alone took ~55
  // evaluations of w; false position on w itself ~25.)
  const double ln_a = std::log(a);
  double g_lo = -INFINITY, g_hi;
  auto above = [&](double L, double* g) {  // L past L* (f(L) >= 0), and g(L) with that sign
    const Value v = pred_conj(L, V, b, G);
    const bool up = v.status == Status::overflow || v.value >= a;
    const double gv = v.log_abs() - ln_a;
    *g = up ? std::max(gv, 0.0) : std::min(gv, -DBL_MIN);
    return up;
  };
  // The bracket's upper end from L = 1 up: the next trial at most hi |u|/w(hi) (w convex with w(0) = 0, so w(L) >=
  // (L/hi) w(hi) beyond hi: L* lies below it), the chord's zero through the last two trials (g is convex where w
  // grows like e^{CL} or e^{L^2/(4B)}: the zero lies beyond L* there) and 16 hi, and at least 2 hi; up to 2^1022.
  // (Doubling from 1 took ~9 evaluations of w; the bound alone left brackets too wide for false position.)
  double lo = 0, hi = 1;
  while (!above(hi, &g_hi)) {  // w is unbounded, but L* may lie past DBL_MAX where the shift above could not apply
    if (!(hi < 0x1p1022))
      throw OutOfReach("VDH.conj.Fstar: the maximiser L* lies beyond the double range at u = " + text17(u) +
                       ", G = " + text17(G) + ", where the fast evaluation does not reach (the reference evaluates it)");
    double next = hi * std::exp(-g_hi);
    if (lo > 0) {
      const double chord = hi - g_hi * ((hi - lo) / (g_hi - g_lo));
      if (chord < next) next = chord;
    }
    lo = hi, g_lo = g_hi;
    hi = std::min(std::max(std::min(next, 16 * hi), 2 * hi), 0x1p1022);
  }
  int kept = 0;  // > 0: hi kept that many times in a row, < 0: lo
  for (int k = 0; k < 2100; ++k) {
    // from lo = 0: w convex with w(0) = 0 gives w(L) <= (L/hi) w(hi), so L* >= hi |u|/w(hi)
    double x = lo == 0 ? hi * std::exp(-g_hi) : lo - g_lo * ((hi - lo) / (g_hi - g_lo));
    // a step that rounds onto an end (g there is 0 or at the level of its rounding): L* lies within an ulp or so of
    // it, so the next double inward is tried (bisection from there took ~30 steps)
    if (!(x > lo)) x = std::nextafter(lo, INFINITY);
    if (!(x < hi)) x = std::nextafter(hi, 0.0);
    if (kept >= 4 || kept <= -4) x = lo > 0 && hi > 4 * lo ? std::sqrt(lo) * std::sqrt(hi) : 0.5 * (lo + hi), kept = 0;
    if (!(x > lo && x < hi)) break;  // the bracket is two adjacent doubles
    double gx;
    if (!above(x, &gx)) {
      const double m = 1 - gx / g_lo;  // Anderson-Bjorck's factor for the kept end
      lo = x, g_lo = gx;
      kept = kept > 0 ? kept + 1 : 1;
      if (kept >= 2) g_hi *= m > 0 ? m : 0.5;
    } else {
      const double m = 1 - gx / g_hi;
      hi = x, g_hi = gx;
      kept = kept < 0 ? kept - 1 : -1;
      if (kept <= -2) g_lo *= m > 0 ? m : 0.5;
    }
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
