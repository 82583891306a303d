// BANCO's magnitude bound, certified: 1 + Psi*(v), Psi*(v) = sup_x (v x - Psi(x, y, a)). It depends on (V, nu) =
// (|v|/a, a^2 y) only (lambda = a x: Psi(x, y, a) = Psi(lambda, nu, 1)), so the root of the bet m(lambda, nu, 1) = V is
// found by Newton's method on ln m, certified by a bracket, and the concave V lambda - Psi is enclosed on it.
#include <algorithm>
#include <cmath>
#include <string>

#include "privoco/errors.hpp"
#include "privoco/reference/ball.hpp"
#include "privoco/reference/banco/magnitude.hpp"

namespace privoco::reference::banco {

namespace {
// Psi and m at (lambda, nu, 1)
void psi_at(arb_t res, const arb_t x, const arb_t nu, slong prec) {
  arb_ptr p = _arb_vec_init(3);
  arb_set(p, x), arb_set(p + 1, nu), arb_one(p + 2);
  psi(res, p, prec);
  _arb_vec_clear(p, 3);
}
void m_at(arb_t res, const arb_t x, const arb_t nu, slong prec) {
  arb_ptr p = _arb_vec_init(3);
  arb_set(p, x), arb_set(p + 1, nu), arb_one(p + 2);
  m_compact(res, p, prec);
  _arb_vec_clear(p, 3);
}
// phi(lambda) = 1 + V lambda - Psi(lambda)
void phi(arb_t res, const arb_t V, const arb_t x, const arb_t nu, slong prec) {
  Ball ps;
  psi_at(ps, x, nu, prec);
  arb_mul(res, V, x, prec);
  arb_sub(res, res, ps, prec);
  arb_add_ui(res, res, 1, prec);
}
double mid(const arb_t x) { return arf_get_d(arb_midref(x), ARF_RND_NEAR); }
// the bound at V = 0: 1 - Psi(0, nu, 1) = int_0^1 (1 - e^{-nu u^2}) du; below nu = 1/2 by its alternating series
// sum_{k >= 1} (-1)^{k+1} nu^k/(k! (2k + 1)) with the first term left out as the error (no cancellation as nu -> 0)
void bound_at_zero(arb_t res, const arb_t nu, const arb_t V, slong prec) {
  if (!(mid(nu) < 0.5)) {
    Ball zero;
    return phi(res, V, zero, nu, prec);
  }
  Ball term, sum, t;
  arb_set(term, nu);  // nu^k/k!
  for (ulong k = 1; k < 100000; ++k) {
    arb_div_ui(t, term, 2 * k + 1, prec);
    if (k > 1 && arf_cmpabs_2exp_si(arb_midref(t.get()), arf_abs_bound_lt_2exp_si(arb_midref(sum.get())) - prec - 4) < 0) {
      mag_t m;
      mag_init(m);
      arb_get_mag(m, t);
      arb_add_error_mag(sum.get(), m);
      mag_clear(m);
      break;
    }
    if (k % 2) arb_add(sum, sum, t, prec);
    else arb_sub(sum, sum, t, prec);
    arb_mul(term, term, nu, prec);
    arb_div_ui(term, term, k + 1, prec);
  }
  arb_set(res, sum);
}
// nu >= 1e299, in closed form. Psi(lambda, nu, 1) = int_0^1 cosh(lambda u) e^{-nu u^2} du is Psi_full = (sqrt(pi)/2)
// e^z/sqrt(nu), z = lambda^2/(4 nu) (the integral to infinity), less the part beyond u = 1, which is in [0, e^{-nu/2}/nu]
// for lambda <= nu/2 (e^{lambda u - nu u^2} <= e^{-nu u/2} there). V lambda - Psi is concave, and its slope at nu/2,
// V - m(nu/2) < V - e^{nu/16}/nu, is negative for every double v, a (V < 2^2100), so the sup lies in [0, nu/2], where it
// is that of V lambda - Psi_full plus [0, e^{-nu/2}/nu]: at m = V, sqrt(z) e^z = K = 2 V nu/sqrt(pi), 2z = W(2K^2), and
// the sup is V sqrt(nu/z) (2z - 1) (-(sqrt(pi)/2)/sqrt(nu) at V = 0). e^{-nu/2}/nu < 2^-1000000 is added as error.
void huge_nu_bound(arb_t res, const arb_t V, const arb_t nu, slong prec) {
  Ball K, z, t, s;
  arb_const_sqrt_pi(t, prec);
  if (arb_is_zero(V)) {
    arb_mul_2exp_si(t, t, -1);
    arb_rsqrt(s, nu, prec);
    arb_mul(t, t, s, prec);
    arb_one(res);
    arb_sub(res, res, t, prec);
  } else {
    arb_mul(K, V, nu, prec);
    arb_mul_2exp_si(K, K, 1);
    arb_div(K, K, t, prec);  // K
    arb_sqr(z, K, prec);
    arb_mul_2exp_si(z, z, 1);
    arb_lambertw(z, z, 0, prec);
    arb_mul_2exp_si(z, z, -1);  // z
    arb_div(s, nu, z, prec);
    arb_sqrt(s, s, prec);
    arb_mul(s, s, V, prec);
    arb_mul_2exp_si(t, z, 1);
    arb_sub_ui(t, t, 1, prec);
    arb_mul(s, s, t, prec);
    arb_add_ui(res, s, 1, prec);
  }
  mag_t e;
  mag_init(e);
  mag_set_ui_2exp_si(e, 1, -1000000);
  arb_add_error_mag(res, e);
  mag_clear(e);
}
}  // namespace

void magnitude_exact(arb_t res, arb_srcptr p, slong prec) {
  Ball V, nu, x, mv, ps, t, u, lv;
  arb_abs(V, p);  // Psi is even: Psi*(v) = Psi*(|v|)
  arb_div(V, V, p + 2, prec);
  arb_sqr(nu, p + 2, prec);
  arb_mul(nu, nu, p + 1, prec);
  {
    Ball lim;
    arb_set_d(lim, 1e299);  // (the root search below takes nu < 1e300: the two overlap)
    if (arb_ge(nu, lim)) return huge_nu_bound(res, V, nu, prec);
  }
  if (arb_is_zero(V)) return bound_at_zero(res, nu, V, prec);  // lambda* = 0
  if (arb_contains_zero(V)) return arb_indeterminate(res);
  {
    // small V: Psi'' >= M2 = int_0^1 u^2 e^{-nu u^2} du >= e^{-nu}/3 everywhere and Psi'(0) = 0, so Psi(l) - Psi(0) >=
    // M2 l^2/2 and B in [B(0), B(0) + V^2/(2 M2)] within [B(0), B(0) + 3 V^2 e^{nu}/2]; taken where that is tight
    Ball B0, W;
    bound_at_zero(B0, nu, V, prec);
    arb_sqr(W, V, prec);
    arb_exp(t, nu, prec);
    arb_mul(W, W, t, prec);
    arb_mul_ui(W, W, 3, prec);
    arb_mul_2exp_si(W, W, -1);
    Ball rel;
    arb_div(rel, W, B0, prec);
    if (arb_is_positive(B0) && arf_cmpabs_2exp_si(arb_midref(rel.get()), -prec - 2) < 0) {
      arb_mul_2exp_si(W, W, -1);
      arb_add(res, B0, W, prec);  // the interval's midpoint, radius W/2 added below
      mag_t m;
      mag_init(m);
      arb_get_mag(m, W);
      arb_add_error_mag(res, m);
      mag_clear(m);
      return;
    }
  }
  const double nud = mid(nu), Vd = mid(V);
  arb_log(lv, V, prec);
  const double lvd = mid(lv);
  if (!(nud < 1e300) || !std::isfinite(lvd))
    throw OutOfReach("BANCO.bound.magnitude_exact: |v|/a beyond the double range (the root search runs in double "
                     "brackets)");
  // the bracket: lambda* in (0, 2 nu + 2|ln V| + 64) (beyond 2 nu the bet grows like e^{lambda - nu}); Newton's method
  // on ln m(lambda) = ln V from min(hi/2, 3 V) (m(lambda) <= lambda/3), kept inside the bracket (bisected
  // geometrically once lo > 0), with Psi'' = (lambda m + Psi - cosh(lambda) e^{-nu})/(2 nu) (two integrations by parts)
  double lo = 0, hi = 2 * nud + 2 * std::fabs(lvd) + 64;
  auto split = [&] { return lo > 0 ? std::sqrt(lo) * std::sqrt(hi) : 0.5 * hi; };
  arb_set_d(x, std::min(split(), Vd > 0 ? 3 * Vd : split()));
  for (int k = 0; k < 400; ++k) {
    m_at(mv, x, nu, prec);
    Ball lm, f, d2;
    arb_log(lm, mv, prec);
    arb_sub(f, lm, lv, prec);  // ln m(lambda) - ln V
    const double xm = mid(x), fd = mid(f);
    if (fd > 0) hi = std::min(hi, xm);
    else lo = std::max(lo, xm);
    if (nud < 1e-10) {
      // the Psi'' formula cancels as nu -> 0: Newton with its limit's slope Psi''/m = ((l^2 + 2) tanh l - 2 l)/(l (l -
      // tanh l)) (within nu of the true one; the bracket certifies the root, not the slope)
      const double l = xm, th = std::tanh(l);
      const double s0 = l < 1e-3 ? 1 / l : ((l * l + 2) * th - 2 * l) / (l * (l - th));
      arb_set_d(t, s0);
      arb_div(u, f, t, prec);
      arb_sub(u, x, u, prec);
      arb_get_mid_arb(u, u);
      const double xn = mid(u);
      if (!arb_is_finite(u) || (!(xn > lo && xn < hi) && hi - lo > 0x1p-40 * hi)) arb_set_d(u, split());
    } else {
      psi_at(ps, x, nu, prec);
      arb_cosh(t, x, prec);
      arb_neg(u, nu);
      arb_exp(u, u, prec);
      arb_mul(t, t, u, prec);
      arb_mul(d2, x, mv, prec);
      arb_add(d2, d2, ps, prec);
      arb_sub(d2, d2, t, prec);
      arb_div(d2, d2, nu, prec);
      arb_mul_2exp_si(d2, d2, -1);  // Psi''
      arb_div(u, mv, d2, prec);
      arb_mul(u, u, f, prec);
      arb_sub(u, x, u, prec);  // the Newton step on ln m
      arb_get_mid_arb(u, u);
      const double xn = mid(u);
      // outside the bracket while it is wide: bisect (near the root the bracket's doubles are coarser than lambda)
      if (!arb_is_finite(u) || (!(xn > lo && xn < hi) && hi - lo > 0x1p-40 * hi)) arb_set_d(u, split());
    }
    Ball diff;
    arb_sub(diff, u, x, prec);
    arb_swap(x, u);
    arf_t dm;
    arf_init(dm);
    arf_set_mag(dm, arb_radref(diff.get()));
    arf_add(dm, dm, arb_midref(diff.get()), prec, ARF_RND_UP);
    arf_abs(dm, dm);
    const bool done = arf_cmpabs_2exp_si(dm, arf_abs_bound_lt_2exp_si(arb_midref(x.get())) - prec + 8) < 0;
    arf_clear(dm);
    if (done) break;
  }
  // a certified bracket [l, h] about lambda: m(l) < V < m(h); phi is concave with phi'(lambda*) = 0, so on it
  // max(phi(l), phi(h)) <= phi(lambda*) <= phi(l) + (V - m(l)) (h - l) (the tangent at l)
  for (slong k = 0; k < 6; ++k) {
    Ball l, h, w, ml, mh;
    arb_get_mid_arb(w, x);
    arb_abs(w, w);
    arb_mul_2exp_si(w, w, -(prec / 2) + 20 * k);
    arb_get_mid_arb(l, x), arb_get_mid_arb(h, x);
    arb_sub(l, l, w, prec), arb_add(h, h, w, prec);
    arb_get_mid_arb(l, l), arb_get_mid_arb(h, h);
    m_at(ml, l, nu, prec), m_at(mh, h, nu, prec);
    if (!(arb_lt(ml, V) && arb_gt(mh, V))) continue;
    Ball pl, ph, lower, upper;
    phi(pl, V, l, nu, prec), phi(ph, V, h, nu, prec);
    arb_max(lower, pl, ph, prec);
    arb_sub(upper, V, ml, prec);
    arb_sub(w, h, l, prec);
    arb_mul(upper, upper, w, prec);
    arb_add(upper, upper, pl, prec);
    arf_t lo_e, hi_e;
    arf_init(lo_e), arf_init(hi_e);
    arb_get_lbound_arf(lo_e, lower, prec);
    arb_get_ubound_arf(hi_e, upper, prec);
    if (arf_cmp(lo_e, hi_e) <= 0) arb_set_interval_arf(res, lo_e, hi_e, prec);
    else arb_indeterminate(res);
    arf_clear(lo_e), arf_clear(hi_e);
    return;
  }
  arb_indeterminate(res);  // no certified bracket at this precision: the caller escalates
}

}  // namespace privoco::reference::banco
