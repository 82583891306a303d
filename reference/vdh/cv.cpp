// VDH CV prior, certified by rigorous quadrature (acb_calc_integrate); formulas in cv.hpp.
#include "cv.hpp"

#include "common.hpp"

#include <acb_calc.h>

#include <cmath>

namespace privoco::reference::vdh {

namespace {
enum class Kind { pred, pot, z };

struct Param {
  arb_t L, V, shift;
  Kind kind;
  bool in_v;  // integrate in v (second route) instead of s
};

// s-route integrand: v = e^{-1/s}; pred: 2 v sinh(vL) e^{-v^2 V}; pot: 2 cosh(vL) e^{-v^2 V} - 2; times e^{-shift}.
// v-route integrand: pred: 2 sinh(vL) e^{-v^2 V} / ln(v)^2; z: 2 / (v ln(v)^2).
int integrand(acb_ptr out, const acb_t x, void* param, slong order, slong prec) {
  auto* q = static_cast<Param*>(param);
  acb_t v, a, b, e;
  acb_init(v); acb_init(a); acb_init(b); acb_init(e);
  if (q->in_v) {
    if (order == 1 && !arb_is_positive(acb_realref(x))) {  // the log's branch cut: not holomorphic there
      acb_indeterminate(out);
      acb_clear(v); acb_clear(a); acb_clear(b); acb_clear(e);
      return 0;
    }
    acb_set(v, x);
  } else {
    acb_inv(v, x, prec);
    acb_neg(v, v);
    acb_exp(v, v, prec);  // e^{-1/s}
  }
  if (q->kind == Kind::z) {
    acb_log(a, v, prec);
    acb_sqr(a, a, prec);
    acb_mul(a, a, v, prec);
    acb_inv(a, a, prec);
    acb_mul_2exp_si(out, a, 1);
    acb_clear(v); acb_clear(a); acb_clear(b); acb_clear(e);
    return 0;
  }
  acb_mul_arb(a, v, q->L, prec);  // vL
  acb_sqr(b, v, prec);
  acb_mul_arb(b, b, q->V, prec);  // v^2 V
  // e^{vL - v^2 V - shift} and e^{-vL - v^2 V - shift}
  acb_sub(e, a, b, prec);
  acb_sub_arb(e, e, q->shift, prec);
  acb_exp(e, e, prec);
  acb_neg(a, a);
  acb_sub(a, a, b, prec);
  acb_sub_arb(a, a, q->shift, prec);
  acb_exp(a, a, prec);
  if (q->kind == Kind::pred) {
    acb_sub(e, e, a, prec);  // 2 sinh(vL) e^{-v^2 V - shift}
    if (q->in_v) {
      acb_log(b, v, prec);
      acb_sqr(b, b, prec);
      acb_div(e, e, b, prec);
    } else {
      acb_mul(e, e, v, prec);
    }
  } else {  // pot: e^{..} + e^{..} - 2 e^{-shift}
    acb_add(e, e, a, prec);
    arb_t t;
    arb_init(t);
    arb_neg(t, q->shift);
    arb_exp(t, t, prec);
    arb_mul_2exp_si(t, t, 1);
    acb_sub_arb(e, e, t, prec);
    arb_clear(t);
  }
  acb_set(out, e);
  acb_clear(v); acb_clear(a); acb_clear(b); acb_clear(e);
  return 0;
}

// int over [lo, hi] (s or v), times e^{shift}; the piece [0, lo] is bounded by `tail` (added as error).
void integrate(arb_t res, Param& q, const arb_t lo, const arb_t hi, const mag_t tail, slong prec) {
  acb_t a, b;
  acb_init(a); acb_init(b);
  acb_set_arb(a, lo);
  acb_set_arb(b, hi);
  detail::scaled_integral(res, integrand, &q, a, b, q.shift, tail, 4000000, prec);
  acb_clear(a); acb_clear(b);
}

// s_C = 1/ln(5G) and C = 1/(5G).
void consts(arb_t sC, arb_t C, arb_srcptr G, slong prec) {
  arb_mul_ui(C, G, 5, prec);
  arb_log(sC, C, prec);
  arb_inv(sC, sC, prec);
  arb_inv(C, C, prec);
}

// Shift = the largest exponent of vL - v^2 V over v in [0, C] (from midpoints; exact), so the integrand is O(1).
void set_shift(Param& q, const arb_t C) {
  const double c = arf_get_d(arb_midref(C), ARF_RND_NEAR), l = std::fabs(arf_get_d(arb_midref(q.L), ARF_RND_NEAR));
  detail::peak_shift(q.shift, c * l, c * c * arf_get_d(arb_midref(q.V), ARF_RND_NEAR));
}

void pred_or_pot(arb_t res, arb_srcptr p, slong prec, Kind kind, bool in_v) {
  Param q;
  arb_init(q.L); arb_init(q.V); arb_init(q.shift);
  arb_set(q.L, p + 0);
  arb_set(q.V, p + 1);
  q.kind = kind;
  q.in_v = in_v;
  arb_t sC, C, lo, hi, vz;
  arb_init(sC); arb_init(C); arb_init(lo); arb_init(hi); arb_init(vz);
  consts(sC, C, p + 2, prec);
  set_shift(q, C);
  // cut at v0 = C e^{-(prec + 60)}, s0 = 1/ln(1/v0): the integrand over [0, s0] (or [0, v0]) is bounded
  // by 2 v0 sinh(v0 |L|) (pred, s-route), 2 (cosh(v0 L) - 1) + 2 v0^2 V (pot), 2 sinh(v0 |L|)/ln(v0)^2 (pred,
  // v-route); times the interval length, times e^{-shift} <= 1.
  const slong k = prec + 60;
  arb_set_si(vz, -k);
  arb_exp(vz, vz, prec);
  arb_mul(vz, vz, C, prec);  // v0 = C e^{-k} (C < 1 for G > 1/5): the cut relative to C, so that v0 |L| <= lambda e^{-k}
                             // (with v0 = e^{-k}, C = 2e-1000001 lay below the cut and sinh(v0 |L|) overflowed at
                             // L = 1e1000000: a non-finite enclosure after 6 s)
  mag_t tail;
  mag_init(tail);
  {
    arb_t t, u;
    arb_init(t); arb_init(u);
    arb_abs(u, q.L);
    arb_mul(u, u, vz, prec);
    if (kind == Kind::pot) {
      arb_cosh(t, u, prec);
      arb_sub_ui(t, t, 1, prec);
      arb_sqr(u, vz, prec);
      arb_mul(u, u, q.V, prec);
      arb_add(t, t, u, prec);
      arb_mul_2exp_si(t, t, 1);
    } else {
      arb_sinh(t, u, prec);
      arb_mul_2exp_si(t, t, 1);
      if (!in_v) arb_mul(t, t, vz, prec);
      else arb_div_ui(t, t, static_cast<ulong>(k * k), prec);  // 1/ln(v)^2 <= 1/k^2 for v <= v0
    }
    if (in_v) arb_mul(t, t, vz, prec);
    else arb_div_ui(t, t, static_cast<ulong>(k), prec);  // s0 <= 1/k
    arb_get_mag(tail, t);
    arb_clear(t); arb_clear(u);
  }
  if (in_v) {
    arb_set(lo, vz);
    arb_set(hi, C);
  } else {
    arb_log(lo, vz, prec);
    arb_neg(lo, lo);
    arb_inv(lo, lo, prec);  // s0 = 1/ln(1/v0) = 1/(k + ln 5G) <= 1/k
    arb_set(hi, sC);
  }
  integrate(res, q, lo, hi, tail, prec);
  arb_mul_2exp_si(sC, sC, 1);  // Z = 2 s_C
  arb_div(res, res, sC, prec);
  mag_clear(tail);
  arb_clear(sC); arb_clear(C); arb_clear(lo); arb_clear(hi); arb_clear(vz);
  arb_clear(q.L); arb_clear(q.V); arb_clear(q.shift);
}
}  // namespace

void pred_cv(arb_t res, arb_srcptr p, slong prec) {
  if (arb_is_zero(p + 0)) { arb_zero(res); return; }
  pred_or_pot(res, p, prec, Kind::pred, false);
}
void pot_cv(arb_t res, arb_srcptr p, slong prec) {
  if (arb_is_zero(p + 0) && arb_is_zero(p + 1)) { arb_zero(res); return; }
  pred_or_pot(res, p, prec, Kind::pot, false);
}
void pred_cv_v(arb_t res, arb_srcptr p, slong prec) {
  if (arb_is_zero(p + 0)) { arb_zero(res); return; }
  pred_or_pot(res, p, prec, Kind::pred, true);
}

void pot_Z_cv(arb_t res, arb_srcptr p, slong prec) {  // Z = 2 s_C = 2/ln(5G)
  arb_mul_ui(res, p + 0, 5, prec);
  arb_log(res, res, prec);
  arb_inv(res, res, prec);
  arb_mul_2exp_si(res, res, 1);
}

void pot_Z_cv_v(arb_t res, arb_srcptr p, slong prec) {  // int_{v0}^{C} 2/(v ln^2 v) dv + [0, 2/(prec + 60)]
  Param q;
  arb_init(q.L); arb_init(q.V); arb_init(q.shift);
  q.kind = Kind::z;
  q.in_v = true;
  arb_t sC, C, lo;
  arb_init(sC); arb_init(C); arb_init(lo);
  consts(sC, C, p + 0, prec);
  const slong k = prec + 60;
  arb_set_si(lo, -k);
  arb_exp(lo, lo, prec);
  mag_t tail;
  mag_init(tail);  // zero: the piece [0, v0] is added exactly below
  integrate(res, q, lo, C, tail, prec);
  arb_set_ui(sC, 2);
  arb_div_ui(sC, sC, static_cast<ulong>(k), prec);  // int_0^{v0} 2/(v ln^2 v) dv = [-2/ln v]_0^{v0} = 2/k
  arb_add(res, res, sC, prec);
  arb_clear(sC); arb_clear(C); arb_clear(lo);
  mag_clear(tail);
  arb_clear(q.L); arb_clear(q.V); arb_clear(q.shift);
}

}  // namespace privoco::reference::vdh
