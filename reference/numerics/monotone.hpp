// Arb's erf/erfc propagate the radius of an inexact argument crudely: erfc of a ball around 5e5 with relative
// radius 2^-91 came back with relative radius 2^3061. mono() below evaluates at the exact midpoint instead and
// adds the radius times a bound of the derivative.
#pragma once
#include <algorithm>
#include <arb_hypgeom.h>

namespace privoco::reference::numerics {

enum class Mono { erf, erfc, erfcx };

// erfcx(x) for an exact x >= 32 by its asymptotic series (DLMF 7.12.1): x sqrt(pi) erfcx(x) = sum_{k<N} (-1)^k
// (2k-1)!!/(2x^2)^k + R_N, with |R_N| at most the first omitted term for real x (DLMF 7.12(ii)). Summed while the
// terms at least halve, until one is below 2^-(prec+10); false (nothing written) when they stop halving first. The
// route through erfc needs e^{-x^2}, whose exponent alone has as many bits as x^2 has digits (x = 1e10000: 10^20000).
inline bool erfcx_asymptotic(arb_t res, const arb_t x, slong prec) {
  if (!arb_is_exact(x) || arf_sgn(arb_midref(x)) <= 0 || arf_cmpabs_2exp_si(arb_midref(x), 5) < 0) return false;
  const slong wp = prec + 20;
  arb_t u, t, s;
  arb_init(u); arb_init(t); arb_init(s);
  arb_sqr(u, x, wp);
  arb_mul_2exp_si(u, u, 1);
  arb_inv(u, u, wp);  // 1/(2x^2)
  const double ud = arf_get_d(arb_midref(u), ARF_RND_UP);
  arb_one(t);
  arb_one(s);
  bool ok = false;
  mag_t m;
  mag_init(m);
  for (ulong k = 1;; ++k) {
    arb_mul_ui(t, t, 2 * k - 1, wp);
    arb_mul(t, t, u, wp);
    arb_neg(t, t);  // term k
    arb_get_mag(m, t);
    if (mag_cmp_2exp_si(m, -(prec + 10)) < 0) {  // the first omitted term bounds the remainder
      arb_add_error_mag(s, m);
      ok = true;
      break;
    }
    // the next term is (2k+1)/(2x^2) times this one: stop where that ratio reaches 1/2
    // (a stopping rule only: the remainder bound holds at every N)
    if ((2.0 * static_cast<double>(k) + 1) * ud >= 0.5) break;
    arb_add(s, s, t, wp);
  }
  if (ok) {
    arb_const_sqrt_pi(t, wp);
    arb_mul(t, t, x, wp);
    arb_div(res, s, t, prec);
  }
  mag_clear(m);
  arb_clear(u); arb_clear(t); arb_clear(s);
  return ok;
}

// erfcx(x) = e^{x^2} erfc(x) for an exact x: x^2 is formed exactly, so each factor is accurate to the working
// precision even where e^{x^2} and erfc(x) are astronomically large and small; the asymptotic series where it
// converges fast enough.
inline void erfcx_exact(arb_t res, const arb_t x, slong prec) {
  if (erfcx_asymptotic(res, x, prec)) return;
  arb_t z;
  arb_init(z);
  arb_sqr(z, x, ARF_PREC_EXACT);
  arb_exp(z, z, prec);
  arb_hypgeom_erfc(res, x, prec);
  arb_mul(res, res, z, prec);
  arb_clear(z);
}

inline void mono_point(arb_t res, const arb_t x, Mono f, slong prec) {
  switch (f) {
    case Mono::erf: arb_hypgeom_erf(res, x, prec); break;
    case Mono::erfc: arb_hypgeom_erfc(res, x, prec); break;
    case Mono::erfcx: erfcx_exact(res, x, prec); break;
  }
}

// Upper bound of |f'| over the ball x (erfcx: x >= -1).
//   erf, erfc: |f'(t)| = (2/sqrt(pi)) e^{-t^2} <= 1.1284 e^{-m^2}, m = min |t| over the ball.
//   erfcx, t >= 0: -f'(t) = 2/sqrt(pi) - 2t erfcx(t) < (4/sqrt(pi)) / (t + sqrt(t^2 + 2))^2 by the lower bound
//     erfcx(t) > 2/(sqrt(pi) (t + sqrt(t^2 + 2))) (Abramowitz-Stegun 7.1.13), so |f'| <= min(1.1284, 0.5642/t^2).
//   erfcx, -1 <= t < 0: |f'| <= 2/sqrt(pi) + 2 |t| erfcx(t) <= 1.13 + 2 erfcx(-1) < 12.
inline void mono_slope(mag_t d, const arb_t x, Mono f, slong prec) {
  arf_t t;
  arf_init(t);
  mag_t m, c;
  mag_init(m); mag_init(c);
  if (f == Mono::erfcx) {
    arb_get_lbound_arf(t, x, 64);
    if (arf_sgn(t) < 0) {
      mag_set_ui(d, 12);
    } else {
      arf_get_mag_lower(m, t);
      mag_mul_lower(m, m, m);                 // t^2, rounded down
      mag_set_d(c, 0.5642);                   // >= 1/sqrt(pi)
      mag_div(c, c, m);                       // 0.5642/t^2 rounded up (inf at t = 0)
      mag_set_d(d, 1.1284);                   // >= 2/sqrt(pi)
      mag_min(d, d, c);
    }
  } else {
    // e^{-m^2} in a ball: m^2 as a mag (30-bit mantissa) would be off by ~2^-30 m^2 in the exponent, which for
    // |x| ~ 1e8 (m^2 ~ 1e16) is millions of orders of magnitude; so is m itself rounded to 64 bits where |x| ~ 1e20
    // (m 4 below |x|: e^{8|x|} too large a bound, and the Gaussian profile never resolved at eps = 1e20), and Arb's
    // exp at 64 bits bounds e^{-m^2} by 2^{-2^128} once m^2 passes that. So m, m^2 (exact) and the exp carry
    // 64 + 2 log2|x| bits: the bound then holds to ~2^-60 relative (prec only caps it)
    // (both clamped first: the bound is WORD_MAX for a non-finite midpoint, and prec + 64 overflowed a slong at
    // the precision ceiling: UndefinedBehaviorSanitizer, DP.gauss.mu's root search)
    const slong cap = WORD_MAX / 4;
    const slong ex = std::min<slong>(std::max<slong>(arf_abs_bound_lt_2exp_si(arb_midref(x)), 0), cap);
    const slong wp = 64 + std::min<slong>(std::min<slong>(prec, cap), 2 * ex);
    arb_get_abs_lbound_arf(t, x, wp);
    arb_t s;
    arb_init(s);
    arb_set_arf(s, t);
    arb_sqr(s, s, ARF_PREC_EXACT);
    arb_neg(s, s);
    arb_exp(s, s, wp);
    arb_get_mag(d, s);                        // >= e^{-m^2}
    arb_clear(s);
    mag_set_d(c, 1.1284);
    mag_mul(d, d, c);
  }
  mag_clear(m); mag_clear(c);
  arf_clear(t);
}

// f(x) for a ball x (erfcx: callers pass x >= 0 up to rounding). Arb propagates the radius of an inexact
// argument crudely for large |x| (header note), so: f at the exact midpoint, plus radius * sup |f'| (mean value
// theorem). One evaluation instead of the two a union of the endpoint values needs.
inline void mono(arb_t res, const arb_t x, Mono f, slong prec) {
  if (f == Mono::erf) {  // |x| >= m with e^{-m^2} < 2^-prec: erf(x) = sign(x) (1 - erfc|x|), 0 < erfc|x| < e^{-m^2}
    arf_t lo;
    arf_init(lo);
    arb_get_abs_lbound_arf(lo, x, 64);
    if (arf_cmp_si(lo, 4) > 0 && !arb_contains_zero(x) &&
        arf_get_d(lo, ARF_RND_DOWN) * arf_get_d(lo, ARF_RND_DOWN) > 0.6931471805599453 * static_cast<double>(prec + 4)) {
      mag_t m;
      mag_init(m);
      arf_get_mag_lower(m, lo);
      mag_mul_lower(m, m, m);
      mag_expinv(m, m);  // >= e^{-m^2} >= erfc|x|
      arb_set_si(res, arb_is_positive(x) ? 1 : -1);
      arb_add_error_mag(res, m);
      mag_clear(m);
      arf_clear(lo);
      return;
    }
    arf_clear(lo);
  }
  if (arb_is_exact(x)) {
    mono_point(res, x, f, prec);
    return;
  }
  if (f == Mono::erfcx && arf_cmp_si(arb_midref(x), -1) < 0) {  // outside the slope bound's range: never hit
    arb_indeterminate(res);
    return;
  }
  mag_t d;
  mag_init(d);
  mono_slope(d, x, f, prec);
  mag_mul(d, d, arb_radref(x));
  arb_t m;
  arb_init(m);
  arf_set(arb_midref(m), arb_midref(x));
  mono_point(res, m, f, prec);
  arb_add_error_mag(res, d);
  arb_clear(m);
  mag_clear(d);
}

}  // namespace privoco::reference::numerics
