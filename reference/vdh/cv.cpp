// VDH CV prior, certified by rigorous quadrature (acb_calc_integrate); formulas in cv.hpp.
#include "cv.hpp"

#include "common.hpp"

#include <acb_calc.h>

#include <algorithm>
#include <cmath>

namespace privoco::reference::vdh {

namespace {
enum class Kind { pred, pot, z };

struct Param {
  arb_t L, V, shift;
  Kind kind;
  bool in_v;  // integrate in v (second route) instead of s
  bool small = false;  // pred, s-route, C|L| <= 1: sinh(vL) itself, and a shift below 0 (the integrand's size)
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
  if (q->small) {  // 2 v sinh(vL) e^{-v^2 V - shift}: sinh of a small argument without the difference of two exps
    acb_mul_arb(a, v, q->L, prec);
    acb_sinh(a, a, prec);
    acb_sqr(b, v, prec);
    acb_mul_arb(b, b, q->V, prec);
    acb_neg(b, b);
    acb_sub_arb(b, b, q->shift, prec);
    acb_exp(b, b, prec);
    acb_mul(e, a, b, prec);
    acb_mul(e, e, v, prec);
    acb_mul_2exp_si(out, e, 1);
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

// The integrand's largest exponent E = max over v in [0, C] of v|L| - v^2 V (lambda - mu past the edge, lambda^2/(4mu)
// inside; lambda = C|L|, mu = C^2 V) at least 2^(prec - 8): the value carries e^E, which needs E to an absolute
// 2^-60 and so about log2 E + 60 bits; a quadrature at fewer (each level of it, up to the precision ceiling) only
// returns a non-finite enclosure after seconds (L = -1e1000000: 6 s per level). True then, and the caller's
// escalation goes on to the precision E needs, or refuses at its ceiling at once.
bool exponent_beyond(const Param& q, const arb_t C, slong prec) {
  arb_t lam, mu, E, t;
  arb_init(lam); arb_init(mu); arb_init(E); arb_init(t);
  arb_abs(lam, q.L);
  arb_mul(lam, lam, C, 64);
  arb_sqr(mu, C, 64);
  arb_mul(mu, mu, q.V, 64);
  arb_mul_2exp_si(t, mu, 1);
  if (arb_le(t, lam)) {
    arb_sub(E, lam, mu, 64);
  } else {  // (lambda/2)^2/mu (mu > 0 here)
    arb_mul_2exp_si(t, lam, -1);
    arb_sqr(t, t, 64);
    arb_div(E, t, mu, 64);
  }
  arf_t lo;
  arf_init(lo);
  arb_get_lbound_arf(lo, E, 64);
  const bool beyond = arf_cmp_2exp_si(lo, prec - 8) >= 0;
  arf_clear(lo);
  arb_clear(lam); arb_clear(mu); arb_clear(E); arb_clear(t);
  return beyond;
}

// The peak far beyond the edge (a = |L| - 2CV > 0, a C large): the integral in v, int_0^C e^{v|L| - v^2 V} phi(v) dv
// with phi = (1 - e^{-2v|L|})/ln^2 v (pred, times sign L) or (1 + e^{-2v|L|})/(v ln^2 v) (pot, whose integral also
// has -int_0^C 2/(v ln^2 v) dv = -2/|ln C|), lives in a layer of width ~1/a at v = C that the quadrature cannot
// resolve (L = -1e30: no finite enclosure at any precision; L = -1e1000: 656 s at one level). With v = C - t the
// exponent is E - a t - V t^2, E = C|L| - C^2 V, decreasing in t. On [0, tau], phi(C - t) = phi(C) - t phi'(xi) with
// phi' over [C - tau, C] as a ball, and e^{-(a + V tau) t} <= e^{-at - Vt^2} <= e^{-at}: int_0^tau e^{..} dt in
// [(1 - e^{-(a + V tau) tau})/(a + V tau), (1 - e^{-a tau})/a], int_0^tau t e^{..} dt in [0, 1/a^2]. Below C - tau the
// integrand is at most e^{E - a tau} times 1/ln^2 C (pred: phi <= 1/ln^2 v <= 1/ln^2 C for v <= C < 1) over a length
// <= C, or (pot) times int_0^C 2/(v ln^2 v) dv = 2/|ln C|. tau = ((prec + 20) ln 2 + ln(C a) + 1)/a. False (nothing
// written) unless tau < C/8 and the enclosure (before e^E) has prec - 16 bits, or a C >= 2^64 (where no quadrature
// gets any); then the quadrature runs.
bool boundary_layer(arb_t res, const Param& q, const arb_t C, slong prec) {
  const slong wp = prec + 30;
  arb_t l, a, Ca, tau, x, e2, phi, dphi, J, J2, t, u, lv;
  arb_init(l); arb_init(a); arb_init(Ca); arb_init(tau); arb_init(x); arb_init(e2); arb_init(phi); arb_init(dphi);
  arb_init(J); arb_init(J2); arb_init(t); arb_init(u); arb_init(lv);
  mag_t m;
  mag_init(m);
  bool ok = false;
  const bool pred = q.kind == Kind::pred;
  arb_abs(l, q.L);
  arb_mul(a, C, q.V, wp);
  arb_mul_2exp_si(a, a, 1);
  arb_sub(a, l, a, wp);  // a = |L| - 2CV
  arb_mul(Ca, C, a, wp);
  if (arb_is_positive(a) && arf_cmp_2exp_si(arb_midref(Ca), 10) > 0) {
    arb_log(u, Ca, 64);
    arb_set_d(tau, (static_cast<double>(prec) + 20) * 0.6931471805599453 + arf_get_d(arb_midref(u), ARF_RND_UP) + 1);
    arb_div(tau, tau, a, wp);
    arb_mul_2exp_si(t, C, -3);
    if (arb_lt(tau, t)) {
      // e^{-2v|L|} over v in [C - tau, C]: in [0, e^{-2 (C - tau)|L|}] (a mag: 2v|L| may have a million digits)
      arb_sub(x, C, tau, wp);
      arb_mul(t, x, l, wp);
      arb_mul_2exp_si(t, t, 1);
      arb_get_mag_lower(m, t);
      mag_expinv(m, m);
      numerics::set_zero_to(e2, m);
      // phi(C), with e^{-2C|L|} in the same bound
      arb_log(lv, C, wp);
      if (pred) arb_sub_ui(phi, e2, 1, wp), arb_neg(phi, phi);
      else arb_add_ui(phi, e2, 1, wp);
      arb_sqr(t, lv, wp);
      arb_div(phi, phi, t, wp);
      if (!pred) arb_div(phi, phi, C, wp);
      // phi' over the hull of [C - tau, C]:
      //   pred: 2|L| e2/ln^2 v - 2 (1 - e2)/(v ln^3 v); pot: -2|L| e2/(v ln^2 v) - (1 + e2)(ln v + 2)/(v^2 ln^3 v)
      arb_union(x, x, C, wp);
      arb_log(lv, x, wp);
      arb_sqr(u, lv, wp);  // ln^2 v
      arb_mul(t, l, e2, wp);
      arb_mul_2exp_si(t, t, 1);
      arb_div(t, t, u, wp);
      arb_mul(u, u, lv, wp);
      arb_mul(u, u, x, wp);  // v ln^3 v
      if (pred) {
        arb_sub_ui(dphi, e2, 1, wp);  // -(1 - e2)
        arb_mul_2exp_si(dphi, dphi, 1);
        arb_div(dphi, dphi, u, wp);
        arb_add(dphi, dphi, t, wp);
      } else {
        arb_add_ui(dphi, e2, 1, wp);
        arb_add_ui(J, lv, 2, wp);
        arb_mul(dphi, dphi, J, wp);
        arb_mul(u, u, x, wp);  // v^2 ln^3 v
        arb_div(dphi, dphi, u, wp);
        arb_div(t, t, x, wp);
        arb_add(dphi, dphi, t, wp);
        arb_neg(dphi, dphi);
      }
      // J = int_0^tau e^{-at - Vt^2} dt, the bracket's ends as one ball
      arb_mul(t, a, tau, wp);
      arb_neg(t, t);
      arb_expm1(t, t, wp);
      arb_neg(t, t);
      arb_div(J, t, a, wp);
      arb_mul(u, q.V, tau, wp);
      arb_add(u, u, a, wp);  // a + V tau
      arb_mul(t, u, tau, wp);
      arb_neg(t, t);
      arb_expm1(t, t, wp);
      arb_neg(t, t);
      arb_div(J2, t, u, wp);
      arb_union(J, J, J2, wp);
      arb_mul(res, phi, J, wp);
      // - phi'(xi) int t e^{..}: phi' times [0, 1/a^2]
      arb_sqr(t, a, wp);
      arb_inv(t, t, wp);
      arb_get_mag(m, t);
      numerics::set_zero_to(t, m);
      arb_mul(t, t, dphi, wp);
      arb_sub(res, res, t, wp);
      // the rest below C - tau, relative to e^E
      arb_mul(t, a, tau, wp);
      arb_neg(t, t);
      arb_exp(t, t, wp);
      arb_log(u, C, wp);
      if (pred) {
        arb_sqr(u, u, wp);
        arb_div(t, t, u, wp);
        arb_mul(t, t, C, wp);
      } else {
        arb_abs(u, u);
        arb_div(t, t, u, wp);
        arb_mul_2exp_si(t, t, 1);
      }
      arb_get_mag(m, t);
      numerics::set_zero_to(t, m);
      arb_add(res, res, t, wp);
      ok = arb_rel_accuracy_bits(res) >= prec - 16 || arf_cmp_2exp_si(arb_midref(Ca), 64) >= 0;
      if (ok) {  // times e^E, E = C|L| - C^2 V
        arb_mul(u, C, l, wp);
        arb_sqr(t, C, wp);
        arb_mul(t, t, q.V, wp);
        arb_sub(u, u, t, wp);
        arb_exp(u, u, wp);
        arb_mul(res, res, u, wp);
        if (pred) {
          if (arf_sgn(arb_midref(q.L)) < 0) arb_neg(res, res);
        } else {  // - 2/|ln C|
          arb_log(u, C, wp);
          arb_abs(u, u);
          arb_inv(u, u, wp);
          arb_mul_2exp_si(u, u, 1);
          arb_sub(res, res, u, wp);
        }
      }
    }
  }
  mag_clear(m);
  arb_clear(l); arb_clear(a); arb_clear(Ca); arb_clear(tau); arb_clear(x); arb_clear(e2); arb_clear(phi);
  arb_clear(dphi); arb_clear(J); arb_clear(J2); arb_clear(t); arb_clear(u); arb_clear(lv);
  return ok;
}

// Large V (C^2 V >= 2^24 T): the Gaussian e^{-v^2 V} lives at v ~ 1/sqrt(V), far below C. With t = v^2 V, M = ln V,
// ln^2 v = (M - ln t)^2/4 and then y = ln t:
//   K = int_0^C v e^{-v^2 V}/ln^2 v dv = (1/(2V)) int 4 e^{y - e^y}/(M - y)^2 dy,
//   H = int_0^C 2 e^{-v^2 V}/(v ln^2 v) dv = int 4 e^{-e^y}/(M - y)^2 dy    (y up to ln(C^2 V) < M).
// pred: P = 2 L K + err (2 sinh(vL) against 2vL); pot: Q = E - 2/|ln C| + H with E = int 2 (cosh(vL) - 1) e^{-v^2 V}/
// (v ln^2 v) dv >= 0; both bounded below, by the Gaussian's width (edge_bound).
// The y-integrals: quadrature on [Y0, ln T] of the integrand times M^2/4 (O(1)); below Y0, e^{-e^y} in
// [1 - e^{Y0}, 1] (H: 4/(M - Y0) times that; K: at most 4 e^{Y0}/(M - Y0)^2); above ln T, e^{-e^y} <= e^{-T} and
// 1/(M - y)^2 <= 1/(4 ln^2 C) (K: at most e^{-T}/ln^2 C; H: at most e^{-T} 2/|ln C|). The quadratures in v and s
// cannot find a peak at v = 1/sqrt(V) = 1e-500000 (V = 1e1000000: refusals after 5-10 s). False (nothing written)
// outside the regime or below prec - 16 bits; then the quadrature runs.
struct LogGauss {
  arb_struct M;
  bool k;  // K's integrand (e^{y - e^y}) or H's (e^{-e^y})
};
int log_gauss_integrand(acb_ptr out, const acb_t y, void* param, slong order, slong prec) {
  (void)order;  // meromorphic: the pole at y = M makes acb_div non-finite on a ball that reaches it
  const auto* q = static_cast<const LogGauss*>(param);
  acb_t e, d;
  acb_init(e); acb_init(d);
  acb_exp(e, y, prec);
  acb_neg(e, e);
  if (q->k) acb_add(e, e, y, prec);
  acb_exp(e, e, prec);
  acb_sub_arb(d, y, &q->M, prec);
  acb_div_arb(d, d, &q->M, prec);  // (y - M)/M
  acb_sqr(d, d, prec);
  acb_div(out, e, d, prec);  // e^{..} M^2/(M - y)^2
  acb_clear(e); acb_clear(d);
  return 0;
}

// b = 2 |L|^3 e^{L^2/(2V)}/(3 V^2 ln^2 C) (k = 3) or L^2 e^{L^2/(2V)}/(V ln^2 C) (k = 2): large_v's bounds
void edge_bound(arb_t b, const Param& q, const arb_t lnC, int k, slong prec) {
  arb_t t;
  arb_init(t);
  arb_sqr(t, q.L, prec);
  arb_div(t, t, q.V, prec);
  arb_mul_2exp_si(t, t, -1);
  arb_exp(b, t, prec);  // e^{L^2/(2V)}
  arb_abs(t, q.L);
  arb_pow_ui(t, t, static_cast<ulong>(k), prec);
  arb_mul(b, b, t, prec);
  arb_pow_ui(t, q.V, static_cast<ulong>(k - 1), prec);
  arb_div(b, b, t, prec);
  arb_sqr(t, lnC, prec);
  arb_div(b, b, t, prec);
  if (k == 3) arb_mul_2exp_si(b, b, 1), arb_div_ui(b, b, 3, prec);
  arb_clear(t);
}

bool large_v(arb_t res, const Param& q, const arb_t C, slong prec) {
  const slong wp = prec + 30;
  arb_t M, lnC, T, Y0, t, u, I;
  arb_init(M); arb_init(lnC); arb_init(T); arb_init(Y0); arb_init(t); arb_init(u); arb_init(I);
  bool ok = false;
  arb_sqr(t, C, 64);
  arb_mul(t, t, q.V, 64);  // C^2 V
  const double bits = static_cast<double>(prec) + 40;
  if (arf_cmp_2exp_si(arb_midref(t), 24 + static_cast<slong>(std::log2(bits))) >= 0 && arb_is_positive(q.V)) {
    arb_log(M, q.V, wp);
    arb_log(lnC, C, wp);
    arb_abs(lnC, lnC);  // |ln C|
    const double lm = std::log(std::max(1.0, arf_get_d(arb_midref(M), ARF_RND_UP)));
    const double lc = -std::log(std::min(1.0, arf_get_d(arb_midref(lnC), ARF_RND_DOWN)));
    arb_set_d(T, bits * 0.6931471805599453 + 2 * lm + 2 * lc + 5);
    arb_set_d(Y0, -(bits * 0.6931471805599453 + 2 * lm + 5));
    if (arb_lt(T, t) && arb_is_positive(M)) {
      LogGauss lg{*M, q.kind == Kind::pred};
      acb_t a, b, r;
      acb_init(a); acb_init(b); acb_init(r);
      acb_set_arb(a, Y0);
      arb_log(acb_realref(b), T, wp);
      mag_t tol, tail;
      mag_init(tol); mag_init(tail);
      mag_set_ui_2exp_si(tol, 1, -(prec + 20));
      acb_calc_integrate_opt_t opt;
      acb_calc_integrate_opt_init(opt);
      opt->eval_limit = 200000;
      acb_calc_integrate(r, log_gauss_integrand, &lg, a, b, prec + 20, tol, opt, wp);
      arb_set(I, acb_realref(r));
      arb_sqr(u, M, wp);
      arb_div(I, I, u, wp);
      arb_mul_2exp_si(I, I, 2);  // the quadrature's part of the y-integral: 4/M^2 times the scaled one
      // e^{-T} (as a mag) for the piece above ln T
      arb_get_mag_lower(tail, T);
      mag_expinv(tail, tail);
      arb_sub(u, M, Y0, wp);  // M - Y0
      if (q.kind == Kind::pred) {
        // K: + [0, 4 e^{Y0}/(M - Y0)^2] + [0, e^{-T}/ln^2 C]
        arb_exp(t, Y0, wp);
        arb_mul_2exp_si(t, t, 2);
        arb_div(t, t, u, wp);
        arb_div(t, t, u, wp);
        arb_sqr(u, lnC, wp);
        arb_inv(u, u, wp);  // 1/ln^2 C
        arb_get_mag(tol, u);
        mag_mul(tail, tail, tol);
        arb_get_mag(tol, t);
        mag_add(tail, tail, tol);
        numerics::set_zero_to(t, tail);
        arb_add(I, I, t, wp);
        arb_div(I, I, q.V, wp);
        arb_mul_2exp_si(I, I, -1);  // K
        // P = 2 L K + err: |2 sinh(vL) - 2vL| <= (v|L|)^3 e^{v|L|}/3 and v|L| - v^2 V <= L^2/(2V) - v^2 V/2, so
        // |err| <= (|L|^3/(3 ln^2 C)) e^{L^2/(2V)} int_0^inf v^3 e^{-v^2 V/2} dv = 2 |L|^3 e^{L^2/(2V)}/(3 V^2 ln^2 C)
        arb_mul(I, I, q.L, wp);
        arb_mul_2exp_si(res, I, 1);
        edge_bound(t, q, lnC, 3, wp);
        arb_get_mag(tol, t);
        arb_add_error_mag(res, tol);
      } else {
        // H: + 4/(M - Y0) (1 - [0, e^{Y0}]) + [0, e^{-T} 2/|ln C|]
        arb_one(t);
        arb_mul_2exp_si(t, t, 2);
        arb_div(t, t, u, wp);  // 4/(M - Y0)
        arb_exp(u, Y0, wp);
        arb_get_mag(tol, u);
        arb_one(u);
        arb_add_error_mag(u, tol);  // 1 +- e^{Y0} contains 1 - [0, e^{Y0}]
        arb_mul(t, t, u, wp);
        arb_add(I, I, t, wp);
        arb_inv(u, lnC, wp);
        arb_mul_2exp_si(u, u, 1);  // 2/|ln C|
        arb_get_mag(tol, u);
        mag_mul(tail, tail, tol);
        numerics::set_zero_to(t, tail);
        arb_add(I, I, t, wp);  // H
        arb_sub(I, I, u, wp);  // H - 2/|ln C|
        // + E: 2 (cosh(vL) - 1) <= (vL)^2 e^{v|L|}, so 0 <= E <= (L^2/ln^2 C) e^{L^2/(2V)} int_0^inf v e^{-v^2 V/2} dv
        //   = L^2 e^{L^2/(2V)}/(V ln^2 C)
        edge_bound(t, q, lnC, 2, wp);
        arb_get_mag(tol, t);
        numerics::set_zero_to(t, tol);
        arb_add(res, I, t, wp);
      }
      // less the bits |ln C| < 1 costs any route (G near 1/5: ln C = -2.2e-16 from C's rounding alone)
      ok = arb_rel_accuracy_bits(res) >= prec - 16 - static_cast<slong>(std::max(0.0, std::ceil(lc / 0.6931471805599453)));
      mag_clear(tol); mag_clear(tail);
      acb_clear(a); acb_clear(b); acb_clear(r);
    }
  }
  arb_clear(M); arb_clear(lnC); arb_clear(T); arb_clear(Y0); arb_clear(t); arb_clear(u); arb_clear(I);
  return ok;
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
  if (exponent_beyond(q, C, prec)) {
    arb_indeterminate(res);
    arb_clear(sC); arb_clear(C); arb_clear(lo); arb_clear(hi); arb_clear(vz);
    arb_clear(q.L); arb_clear(q.V); arb_clear(q.shift);
    return;
  }
  set_shift(q, C);
  // C|L| <= 1 (pred, s-route): the integrand is at most 2C sinh(C|L|) <= 2.4 C^2 |L|, down to 1e-1000000 and below,
  // and the quadrature's tolerance is absolute: the shift is ln(C^2 |L|) rounded down (w = 2.9e-905 at L = 1e-300,
  // G = 1e300 needed 5824 bits and 4.4 s; L = -1e-1000000 ran into the time limit)
  {
    arb_t lam;
    arb_init(lam);
    arb_abs(lam, q.L);
    arb_mul(lam, lam, C, 64);
    if (kind == Kind::pred && !in_v && arb_is_positive(lam) && arf_cmp_si(arb_midref(lam), 1) <= 0) {
      q.small = true;
      arb_mul(lam, lam, C, 64);
      arb_log(lam, lam, 64);
      const double sh = std::floor(arf_get_d(arb_midref(lam), ARF_RND_DOWN));
      if (std::isfinite(sh) && sh < 0) arb_set_d(q.shift, sh);
      else arb_zero(q.shift);
    }
    arb_clear(lam);
  }
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
    if (arb_is_negative(q.shift)) {  // the tail is added to the scaled integral: times e^{-shift} > 1 here
      arb_neg(u, q.shift);
      arb_exp(u, u, prec);
      arb_mul(t, t, u, prec);
    }
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
  // the v-route: the quadrature always
  if (in_v || (!boundary_layer(res, q, C, prec) && !large_v(res, q, C, prec))) integrate(res, q, lo, hi, tail, prec);
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
