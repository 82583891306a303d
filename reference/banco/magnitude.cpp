#include "privoco/reference/banco/magnitude.hpp"

#include <acb_calc.h>
#include <cmath>
#include <arb_hypgeom.h>

#include "../numerics/balls.hpp"
#include "../numerics/params.hpp"
#include "privoco/reference/ball.hpp"

namespace privoco::reference::banco {

namespace {


// g(x) = ln(1 + x) - x + x^2, whose root in (-1, 0) defines k1
void g_of(arb_t r, const arb_t x, slong prec) {
  Ball t;
  arb_log1p(r, x, prec);
  arb_sub(r, r, x, prec);
  arb_sqr(t, x, prec);
  arb_add(r, r, t, prec);
}

// s = a sqrt(y), w = |x|/(2 sqrt y), lambda = a |x|, nu = a^2 y (y > 0)
struct Reduced {
  Ball s, w, lam, nu;
  Reduced(arb_srcptr x, arb_srcptr y, arb_srcptr a, slong prec) {
    Ball ry, ax;
    arb_sqrt(ry, y, prec);
    arb_mul(s, a, ry, prec);
    arb_abs(ax, x);
    arb_div(w, ax, ry, prec);
    arb_mul_2exp_si(w, w, -1);
    arb_mul(lam, a, ax, prec);
    arb_sqr(nu, s, prec);
  }
};

// sum_{n >= from} (-1)^n (2n - 1)!!/(2z^2)^n for z > 2^10 (the asymptotic series of sqrt(pi) z erfcx(z)), to 2^-prec of
// its size: the series alternates with terms decreasing while n < z^2, so the remainder is below the first term left
// out, which is added as the error
void erfc_series(arb_t res, const arb_t z, ulong from, slong prec) {
  Ball t, term, sum;
  arb_sqr(t, z, prec);
  arb_mul_2exp_si(t, t, 1);
  arb_inv(t, t, prec);  // 1/(2z^2)
  arb_one(term);
  for (ulong n = 1; n <= from; ++n) arb_mul_ui(term, term, 2 * n - 1, prec), arb_mul(term, term, t, prec), arb_neg(term, term);
  arb_set(sum, term);
  for (ulong n = from + 1; n < 100000; ++n) {
    arb_mul_ui(term, term, 2 * n - 1, prec);
    arb_mul(term, term, t, prec);
    arb_neg(term, term);
    if (arf_cmpabs_2exp_si(arb_midref(term.get()), arf_abs_bound_lt_2exp_si(arb_midref(sum.get())) - prec - 4) < 0) break;
    arb_add(sum, sum, term, prec);
  }
  mag_t m;
  mag_init(m);
  arb_get_mag(m, term);
  arb_add_error_mag(sum.get(), m);
  mag_clear(m);
  arb_set(res, sum);
}

// sqrt(pi) erfcx(z) = sqrt(pi) e^{z^2} erfc(z)
void spe(arb_t r, const arb_t z, slong prec) {
  Ball e, sp;
  arb_set_ui(e, 1);
  arb_mul_2exp_si(e, e, 10);
  if (arb_gt(z, e)) {
    // z > 2^10: (1/z) sum_{n >= 0} (-1)^n (2n - 1)!!/(2z^2)^n (Abramowitz and Stegun 7.1.24); e^{z^2} and erfc(z)
    // apart would need the precision of z^2's integer part
    Ball sum;
    erfc_series(sum, z, 0, prec);
    arb_div(r, sum, z, prec);
    return;
  }
  arb_sqr(e, z, prec);  // before r is written: r may be z
  arb_hypgeom_erfc(r, z, prec);
  arb_exp(e, e, prec);
  arb_mul(r, r, e, prec);
  arb_const_sqrt_pi(sp, prec);
  arb_mul(r, r, sp, prec);
}

// h(z) = 1 - sqrt(pi) z erfcx(z): beyond z = 2^10 by the same alternating series from its second term, sum_{n >= 1}
// (-1)^{n+1} (2n - 1)!!/(2z^2)^n (1 - z spe(z) would cancel to 1/(2z^2) and need twice z's binary exponent in bits)
void h_of(arb_t r, const arb_t z, slong prec) {
  Ball e;
  arb_set_ui(e, 1);
  arb_mul_2exp_si(e, e, 10);
  if (!arb_gt(z, e)) {
    spe(e, z, prec);
    arb_mul(e, e, z, prec);
    arb_sub_ui(e, e, 1, prec);
    arb_neg(r, e);
    return;
  }
  erfc_series(r, z, 1, prec);  // h = -sum_{n >= 1} (-1)^n (2n - 1)!!/(2z^2)^n
  arb_neg(r, r);
}

// is w <= s certainly (q >= 0), certainly not (-1), or undecided (0)?
int q_sign(const Reduced& r) {
  if (arb_le(r.w, r.s)) return 1;
  if (arb_gt(r.w, r.s)) return -1;
  return 0;
}

// the quadrature routes: (1/a) int_0^a K(beta |x|) e^{-beta^2 y} d beta, K = cosh (Psi) or beta sinh(beta |x|)/|x|
// (the bet over x), scaled by e^{shift}, shift = max over [0, a] of beta |x| - beta^2 y
struct QuadParam {
  const arb_struct *x, *y;
  arb_struct shift;
  bool bet;
};
int integrand(acb_ptr res, const acb_t b, void* param, slong order, slong prec) {
  (void)order;  // entire in beta
  const QuadParam* q = static_cast<const QuadParam*>(param);
  acb_t t, u, ax;
  acb_init(t), acb_init(u), acb_init(ax);
  acb_set_arb(ax, q->x);
  arb_abs(acb_realref(ax), acb_realref(ax));
  acb_mul(t, b, ax, prec);  // beta |x|
  if (q->bet) {
    acb_sinh(u, t, prec);
    if (arb_is_zero(acb_realref(ax))) acb_set(u, b);  // sinh(beta |x|)/|x| -> beta
    else acb_div(u, u, ax, prec);
    acb_mul(u, u, b, prec);
  } else {
    acb_cosh(u, t, prec);
  }
  acb_sqr(t, b, prec);
  acb_mul_arb(t, t, q->y, prec);
  acb_neg(t, t);
  acb_sub_arb(t, t, &q->shift, prec);
  acb_exp(t, t, prec);
  acb_mul(res, u, t, prec);
  acb_clear(t), acb_clear(u), acb_clear(ax);
  return 0;
}
// A Gaussian far narrower than [0, a] (a^2 y >= 2^32) whose centre beta* = c/(2y) (c = |x|) lies inside it: the
// integral over [0, inf) in closed form, int_0^inf cosh(beta c) e^{-beta^2 y} = (1/2) sqrt(pi/y) e^{c^2/(4y)} and
// int_0^inf beta sinh(beta c)/c e^{-beta^2 y} = sqrt(pi)/(4 y^{3/2}) e^{c^2/(4y)} (the odd parts of the full-line
// Gaussian moments), less the piece beyond a: with cosh z <= e^z, sinh z/z <= e^z and beta c - beta^2 y = c^2/(4y) -
// y u^2 (u = beta - beta*, u >= d = a - beta* > 0 there), that piece is at most e^{c^2/(4y)} e^{-y d^2} times
// 1/(2yd) (psi) or d/y + 1/(2 y^2 d) + beta*^2/(y d) (the bet: beta^2 <= 2u^2 + 2 beta*^2, int_d^inf e^{-yu^2} <=
// e^{-yd^2}/(2yd), int_d^inf u^2 e^{-yu^2} <= e^{-yd^2}(d/(2y) + 1/(4y^2 d))). The quadrature has to find a peak
// of width 1/sqrt(y) in [0, a] (x = -1e-300, y = a = 1e1000000: no finite enclosure after 7 s; x = 1, y = 1e-300,
// a = 1e300: 6 s). False (nothing written) outside that regime or below prec - 8 bits less those e^{c^2/(4y)}
// costs; an indeterminate result where it needs more bits than prec.
bool narrow_gaussian(arb_t res, arb_srcptr x, arb_srcptr y, arb_srcptr a, bool bet, slong prec) {
  if (!arb_is_positive(y) || !arb_is_positive(a)) return false;
  const slong wp = prec + 20;
  Ball c, bs, d, t, u, E;
  arb_abs(c, x);
  arb_sqr(t, a, 64);
  arb_mul(t, t, y, 64);  // a^2 y
  arb_div(bs, c, y, wp);
  arb_mul_2exp_si(bs, bs, -1);  // beta*
  arb_sub(d, a, bs, wp);        // d = a - beta*
  arb_sqr(u, d, 64);
  arb_mul(u, u, y, 64);  // y d^2
  if (arf_cmp_2exp_si(arb_midref(t.get()), 32) < 0 || !arb_is_positive(d) || arf_cmp_si(arb_midref(u.get()), 32) < 0)
    return false;
  // e^{x^2/(4y)} with x^2/(4y) >= 2^(prec - 8): no digit of it at this precision (x = -1e1000000, y = a = 1e1000000:
  // 2.5e999999): indeterminate at once, so that the caller's escalation reaches the bits it needs or its ceiling
  arb_sqr(E, c, wp);
  arb_div(E, E, y, wp);
  arb_mul_2exp_si(E, E, -2);  // c^2/(4y)
  if (arf_cmp_2exp_si(arb_midref(E.get()), prec - 8) >= 0) {
    arb_indeterminate(res);
    return true;
  }
  mag_t e, m;
  mag_init(e), mag_init(m);
  arb_get_mag_lower(e, u);
  mag_expinv(e, e);  // e^{-y d^2}: its exponent may have a million digits
  if (bet) {  // d/y + 1/(2 y^2 d) + beta*^2/(y d)
    arb_div(t, d, y, 64);
    arb_sqr(u, y, 64);
    arb_mul(u, u, d, 64);
    arb_mul_2exp_si(u, u, 1);
    arb_inv(u, u, 64);
    arb_add(t, t, u, 64);
    arb_sqr(u, bs, 64);
    arb_div(u, u, y, 64);
    arb_div(u, u, d, 64);
    arb_add(t, t, u, 64);
  } else {  // 1/(2yd)
    arb_mul(t, y, d, 64);
    arb_mul_2exp_si(t, t, 1);
    arb_inv(t, t, 64);
  }
  arb_get_mag(m, t);
  mag_mul(e, e, m);
  // the half-line integral without e^{c^2/(4y)}, less [0, e], then times it
  arb_const_sqrt_pi(t, wp);
  arb_sqrt(u, y, wp);
  arb_div(t, t, u, wp);
  if (bet) {
    arb_div(t, t, y, wp);
    arb_mul_2exp_si(t, t, -2);
  } else {
    arb_mul_2exp_si(t, t, -1);
  }
  numerics::set_zero_to(u, e);
  arb_sub(t, t, u, wp);
  Ball E0;
  arb_set(E0, E);
  arb_exp(E, E, wp);
  arb_mul(t, t, E, wp);
  mag_clear(e), mag_clear(m);
  // less the bits e^{c^2/(4y)} takes from any route (its exponent's rounding: log2 of c^2/(4y))
  const slong lost = std::max<slong>(0, arf_abs_bound_lt_2exp_si(arb_midref(E0.get())));
  if (arb_rel_accuracy_bits(t) < prec - 8 - lost) return false;
  arb_div(res, t, a, prec);
  if (bet) arb_mul(res, res, x, prec);
  return true;
}

// The largest exponent of beta |x| - beta^2 y over [0, a] (c^2/(4y) at beta* = c/(2y) < a, else a c - a^2 y) at
// least 2^(prec - 8): the value carries e^{that}, which this precision cannot hold (x = 1e1000000, y = a = 1e300:
// the quadrature ran 5 s to a refusal).
bool exponent_beyond(arb_srcptr x, arb_srcptr y, arb_srcptr a, slong prec) {
  Ball c, t, E;
  arb_abs(c, x);
  arb_mul(t, a, y, 64);
  arb_mul_2exp_si(t, t, 1);  // 2 a y
  if (arb_le(t, c)) {        // beyond the edge: a c - a^2 y >= a c/2
    arb_mul(E, a, c, 64);
    arb_mul_2exp_si(E, E, -1);
  } else if (arb_is_positive(y)) {
    arb_sqr(E, c, 64);
    arb_div(E, E, y, 64);
    arb_mul_2exp_si(E, E, -2);
  } else {
    return false;
  }
  arf_t lo;
  arf_init(lo);
  arb_get_lbound_arf(lo, E, 64);
  const bool beyond = arf_cmp_2exp_si(lo, prec - 8) >= 0;
  arf_clear(lo);
  return beyond;
}

void quad(arb_t res, arb_srcptr p, bool bet, slong prec) {
  arb_srcptr x = p, y = p + 1, a = p + 2;
  if (exponent_beyond(x, y, a, prec)) return arb_indeterminate(res);
  if (narrow_gaussian(res, x, y, a, bet, prec)) return;
  Ball ax, bstar, shift;
  arb_abs(ax, x);
  // beta* = clamp(|x|/(2y), 0, a) at the midpoints (any beta gives a valid scale; the maximiser keeps it O(1))
  const double xm = arf_get_d(arb_midref(ax.get()), ARF_RND_NEAR), ym = arf_get_d(arb_midref(y), ARF_RND_NEAR),
               am = arf_get_d(arb_midref(a), ARF_RND_NEAR);
  double bs = ym > 0 ? xm / (2 * ym) : am;
  if (!(bs < am)) bs = am;
  arb_set_d(bstar, bs);
  arb_mul(shift, bstar, ax, prec);
  Ball t;
  arb_sqr(t, bstar, prec);
  arb_submul(shift, t, y, prec);
  QuadParam q{x, y, *shift.get(), bet};
  acb_t lo, hi;
  acb_init(lo), acb_init(hi);
  acb_set_arb(hi, a);
  mag_t tail;
  mag_init(tail);
  numerics::scaled_integral(res, integrand, &q, lo, hi, shift, tail, 1 << 16, prec);
  mag_clear(tail);
  acb_clear(lo), acb_clear(hi);
  arb_div(res, res, a, prec);
  if (bet) arb_mul(res, res, x, prec);  // the sign and the |x| taken out of the integrand
}
}  // namespace

void k1_root(arb_t res, slong prec) {
  // Newton from -0.6838 at the working precision, then a certified sign change of g across [r - e, r + e]
  const slong wp = prec + 30;
  Ball x, gx, d, t;
  arb_set_d(x, -0.6838026);
  for (slong bits = 60; ; bits = bits * 2 < wp ? bits * 2 : wp) {
    for (int it = 0; it < 2; ++it) {
      g_of(gx, x, bits);
      // g'(x) = x (1 + 2x)/(1 + x)
      arb_mul_2exp_si(d, x, 1);
      arb_add_ui(d, d, 1, bits);
      arb_mul(d, d, x, bits);
      arb_add_ui(t, x, 1, bits);
      arb_div(d, d, t, bits);
      arb_div(gx, gx, d, bits);
      arb_sub(x, x, gx, bits);
      mag_zero(arb_radref(x.get()));
    }
    if (bits == wp) break;
  }
  Ball lo, hi, e;
  arb_set(lo, x), arb_set(hi, x);
  arf_t eps;
  arf_init(eps);
  arf_set_si_2exp_si(eps, 1, -prec - 2);
  arf_sub(arb_midref(lo.get()), arb_midref(lo.get()), eps, wp, ARF_RND_DOWN);
  arf_add(arb_midref(hi.get()), arb_midref(hi.get()), eps, wp, ARF_RND_UP);
  g_of(gx, lo, wp);
  g_of(t, hi, wp);
  if (arb_is_negative(gx) && arb_is_positive(t)) {  // g increasing on (-1, -1/2): the root is in [lo, hi]
    arb_union(res, lo, hi, wp);
  } else {
    arb_set_d(res, -0.68);  // not reached: an enclosure that cannot be trusted
    arb_add_error_2exp_si(res, -2);
  }
  arf_clear(eps);
}

void k1(arb_t res, arb_srcptr p, slong prec) {
  if (reading_index(p) == 0) {  // BANCO Alg 1 line 4: "k1 = 0.6838", an exact decimal
    arb_set_ui(res, 6838);
    arb_div_ui(res, res, 10000, prec);
    return;
  }
  k1_root(res, prec);
  arb_neg(res, res);
}

void a(arb_t res, arb_srcptr p, slong prec) {
  Ball k, inv;
  k1(k, p + 2, prec);
  arb_div(res, k, p, prec);  // k1/G
  if (arb_is_zero(p + 1)) return;  // b = 0: no limit on beta
  arb_inv(inv, p + 1, prec);
  if (reading_index(p + 3) == 1) arb_mul_2exp_si(inv, inv, -1);  // R1: 1/(2b)
  arb_min(res, res, inv, prec);  // BANCO Alg 1 line 4: a = min(k1/G, 1/b)
}

void c(arb_t res, arb_srcptr p, slong prec) {
  Ball g2;
  arb_sqr(g2, p, prec);
  arb_mul_2exp_si(res, reading_index(p + 3) == 0 ? p + 2 : p + 1, -1);  // R2: sigma_1D^2/2 or sigma^2/2
  arb_add(res, res, g2, prec);  // + G^2 (BANCO Alg 1 line 4, Sec 3)
}

void psi_closed(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr x = p, y = p + 1, a = p + 2;
  if (arb_is_zero(y)) {  // Psi = sinh(lambda)/lambda, lambda = a x
    Ball l;
    arb_mul(l, a, x, prec);
    if (arb_is_zero(l)) return arb_one(res);
    arb_sinh(res, l, prec);
    arb_div(res, res, l, prec);
    return;
  }
  Reduced r(x, y, a, prec);
  Ball sp, u, v, e;
  arb_const_sqrt_pi(sp, prec);
  if (q_sign(r) >= 0) {  // (sqrt(pi)/(4s)) e^{w^2} (erf(s + w) + erf(s - w))
    arb_add(u, r.s, r.w, prec);
    arb_hypgeom_erf(u, u, prec);
    arb_sub(v, r.s, r.w, prec);
    arb_hypgeom_erf(v, v, prec);
    arb_add(u, u, v, prec);
    arb_sqr(e, r.w, prec);
    arb_exp(e, e, prec);
    arb_mul(u, u, e, prec);
  } else {  // e^{lambda - nu} (sqrt(pi)/(4s)) (erfcx(w - s) - e^{-2 lambda} erfcx(w + s)), times sqrt(pi)/sqrt(pi)
    arb_sub(u, r.w, r.s, prec);
    spe(u, u, prec);
    arb_add(v, r.w, r.s, prec);
    spe(v, v, prec);
    arb_mul_2exp_si(e, r.lam, 1);
    arb_neg(e, e);
    arb_exp(e, e, prec);
    arb_submul(u, v, e, prec);
    arb_sub(e, r.lam, r.nu, prec);
    arb_exp(e, e, prec);
    arb_mul(u, u, e, prec);
    arb_div(u, u, sp, prec);
  }
  arb_mul(u, u, sp, prec);
  arb_div(u, u, r.s, prec);
  arb_mul_2exp_si(res, u, -2);
}

void psi_quad(arb_t res, arb_srcptr p, slong prec) { quad(res, p, false, prec); }

void m_integral(arb_t res, arb_srcptr p, slong prec) {
  if (arb_is_zero(p)) return arb_zero(res);  // odd in x
  quad(res, p, true, prec);  // BANCO Alg 1 line 4: (1/(2a)) int_{-a}^{a} beta exp(beta x - beta^2 y) d beta
}

void m_closed(arb_t res, arb_srcptr p, slong prec) {
  // BANCO Sec 3, as printed (reading R8): e^{-a(ay + x)} [sqrt(pi) x e^{(2ay + x)^2/(4y)} (erf((2ay + x)/(2 sqrt y))
  // + erf((2ay - x)/(2 sqrt y))) + 2 sqrt(y) (1 - e^{2ax})] / (8 a y^{3/2})
  arb_srcptr x = p, y = p + 1, a = p + 2;
  Ball ay2, ry, u, v, e, t, num;
  arb_mul(ay2, a, y, prec);
  arb_mul_2exp_si(ay2, ay2, 1);  // 2ay
  arb_sqrt(ry, y, prec);
  arb_add(u, ay2, x, prec);       // 2ay + x
  arb_sqr(e, u, prec);
  arb_div(e, e, y, prec);
  arb_mul_2exp_si(e, e, -2);
  arb_exp(e, e, prec);            // e^{(2ay + x)^2/(4y)}
  arb_div(u, u, ry, prec);
  arb_mul_2exp_si(u, u, -1);
  arb_hypgeom_erf(u, u, prec);
  arb_sub(v, ay2, x, prec);
  arb_div(v, v, ry, prec);
  arb_mul_2exp_si(v, v, -1);
  arb_hypgeom_erf(v, v, prec);
  arb_add(u, u, v, prec);
  arb_mul(u, u, e, prec);
  arb_mul(u, u, x, prec);
  arb_const_sqrt_pi(t, prec);
  arb_mul(num, u, t, prec);
  arb_mul(t, a, x, prec);
  arb_mul_2exp_si(t, t, 1);
  arb_exp(t, t, prec);
  arb_sub_ui(t, t, 1, prec);
  arb_neg(t, t);                  // 1 - e^{2ax}
  arb_mul(t, t, ry, prec);
  arb_mul_2exp_si(t, t, 1);
  arb_add(num, num, t, prec);
  arb_mul(t, a, y, prec);
  arb_add(t, t, x, prec);
  arb_mul(t, t, a, prec);
  arb_neg(t, t);
  arb_exp(t, t, prec);            // e^{-a(ay + x)}
  arb_mul(num, num, t, prec);
  arb_mul(t, y, ry, prec);
  arb_mul(t, t, a, prec);
  arb_mul_2exp_si(t, t, 3);       // 8 a y^{3/2}
  arb_div(res, num, t, prec);
}

void m_forms(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr x = p, y = p + 1, a = p + 2;
  if (arb_is_zero(x)) return arb_zero(res);
  Ball u, v, e, t, sp;
  if (arb_is_zero(y)) {  // a (lambda cosh lambda - sinh lambda)/lambda^2, lambda = a x (odd)
    Ball l, ch, sh;
    arb_mul(l, a, x, prec);
    arb_sinh_cosh(sh, ch, l, prec);
    arb_mul(u, l, ch, prec);
    arb_sub(u, u, sh, prec);
    arb_sqr(t, l, prec);
    arb_div(u, u, t, prec);
    arb_mul(res, u, a, prec);
    return;
  }
  Reduced r(x, y, a, prec);
  arb_const_sqrt_pi(sp, prec);
  if (q_sign(r) >= 0) {
    // e^{w^2} [w (sqrt(pi)/2) (erf(s + w) + erf(s - w)) - e^{-q^2} (1 - e^{-2 lambda})/2]/(2 s^2), q = s - w
    arb_add(u, r.s, r.w, prec);
    arb_hypgeom_erf(u, u, prec);
    arb_sub(v, r.s, r.w, prec);
    arb_sqr(e, v, prec);
    arb_neg(e, e);
    arb_exp(e, e, prec);  // e^{-q^2}
    arb_hypgeom_erf(v, v, prec);
    arb_add(u, u, v, prec);
    arb_mul(u, u, r.w, prec);
    arb_mul(u, u, sp, prec);
    arb_mul_2exp_si(u, u, -1);
    arb_mul_2exp_si(t, r.lam, 1);
    arb_neg(t, t);
    arb_expm1(t, t, prec);
    arb_mul(t, t, e, prec);  // -(1 - e^{-2 lambda}) e^{-q^2}
    arb_mul_2exp_si(t, t, -1);
    arb_add(u, u, t, prec);
    arb_sqr(e, r.w, prec);
    arb_exp(e, e, prec);
    arb_mul(u, u, e, prec);
    arb_div(u, u, r.nu, prec);
    arb_mul_2exp_si(u, u, -1);
  } else {
    // e^{lambda - nu} [T(z) + e^{-2 lambda} P(p)], z = w - s, p = w + s, T = (sqrt(pi) erfcx(z) - h(z)/s)/(4s),
    // P = (sqrt(pi) erfcx(p) + h(p)/s)/(4s), h(z) = 1 - sqrt(pi) z erfcx(z)
    auto piece = [&](arb_t out, const arb_t z, int sign) {
      Ball se, h;
      spe(se, z, prec);
      h_of(h, z, prec);
      arb_div(h, h, r.s, prec);
      if (sign > 0) arb_add(out, se, h, prec);
      else arb_sub(out, se, h, prec);
      arb_div(out, out, r.s, prec);
      arb_mul_2exp_si(out, out, -2);
    };
    Ball z, pp;
    arb_sub(z, r.w, r.s, prec);
    arb_add(pp, r.w, r.s, prec);
    piece(u, z, -1);
    piece(v, pp, 1);
    arb_mul_2exp_si(e, r.lam, 1);
    arb_neg(e, e);
    arb_exp(e, e, prec);
    arb_addmul(u, v, e, prec);
    arb_sub(e, r.lam, r.nu, prec);
    arb_exp(e, e, prec);
    arb_mul(u, u, e, prec);
  }
  arb_mul(u, u, a, prec);
  if (arb_is_negative(x)) arb_neg(u, u);
  arb_set(res, u);
}

namespace {
// lambda = a |x| <= 8 and nu = a^2 y <= 8 (at the midpoints): the region where the closed forms subtract nearly equal
// terms and both parts integrate instead (the fast part by Gauss-Legendre)
bool quadrature_region(arb_srcptr p) {
  const double x = std::fabs(arf_get_d(arb_midref(p), ARF_RND_NEAR)), y = arf_get_d(arb_midref(p + 1), ARF_RND_NEAR),
               a = arf_get_d(arb_midref(p + 2), ARF_RND_NEAR);
  return a * x <= 8 && a * a * y <= 8;
}
}  // namespace

void psi(arb_t res, arb_srcptr p, slong prec) {
  if (quadrature_region(p)) return psi_quad(res, p, prec);
  psi_closed(res, p, prec);
}

void m_compact(arb_t res, arb_srcptr p, slong prec) {
  if (arb_is_zero(p)) return arb_zero(res);
  if (quadrature_region(p)) return quad(res, p, true, prec);
  m_forms(res, p, prec);
}

}  // namespace privoco::reference::banco
