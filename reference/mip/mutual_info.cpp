// The mutual information of MIP's channel z -> z + v, v ~ N(0, sigma^2 I_d), for z uniform on the sphere of radius L
// (for d = 1 the two points +-L), by rigorous quadrature. With s = L/sigma and R = ||y||/sigma the output's radius,
// I = h(Y) - h(V) = s^2 - E log Psi_d(s R), Psi_d(k) = E_u e^{k u_1} = 0F1(; d/2; k^2/4) (the output density is
// (2 pi)^{-d/2} e^{-(r^2 + s^2)/2} Psi_d(s r); E R^2 = s^2 + d), and R has the noncentral chi density
// f(r) = r^{d-1} e^{-(r^2 + s^2)/2} Psi_d(s r)/(2^{d/2-1} Gamma(d/2)).
#include <acb.h>
#include <arb_hypgeom.h>

#include <algorithm>
#include <cmath>

#include "../numerics/balls.hpp"
#include "../numerics/params.hpp"
#include "../numerics/scratch.hpp"
#include "privoco/reference/mip/bounds.hpp"

namespace privoco::reference::mip {

namespace {
struct SphereParams {
  slong d;
  arb_t a, nu, s, lnorm_shift, lgamma_a;  // d/2; d/2 - 1; s; ln(2^{d/2-1} Gamma(d/2)) + the integral's shift; lgamma(d/2)
  double series_below;  // k = s r below which Psi_d goes through its series, above through the scaled Bessel function
};

// Psi_d(x) = 0F1(; d/2; x^2/4) = sum_n T_n, T_n = T_{n-1} x^2/(2n(2n + d - 2)), and (unless null) x Psi_d'(x) = sum_n 2n T_n,
// for real x, by the positive series with a certified tail: once r_N = x^2/(2(N+1)(2N + d)) (the ratio of every later
// pair of terms, decreasing in n) is below 1/4, sum_{n>N} T_n <= 2 T_N r_N and sum_{n>N} n T_n <= 2 N T_N (2 r_N).
// Faster than Arb's 0F1 below x ~ max(80, nu^2/8) (measured at 88 bits: d = 100, x = 100: 13 us against 21 us, and Arb's
// 0F1 non-finite at d = 1000, x = 300), where Arb goes through the asymptotic series
// psi - 1 = sum_{n>=1} T_n is summed apart and its tail bounded relative to it (psi_m1): log Psi_d = log1p(psi - 1)
// keeps its relative accuracy at tiny x, where log(psi) lost it (x = 1e-1000000 needed millions of bits: 96 s).
void psi_series(arb_t psi, arb_t xdpsi, const arb_t x, slong d, slong prec, arb_t psi_m1) {
  arb_t z, term, r;
  arb_init(z), arb_init(term), arb_init(r);
  arb_sqr(z, x, prec);
  arb_one(term);
  arb_zero(psi_m1);
  if (xdpsi != nullptr) arb_zero(xdpsi);
  mag_t tail, tail1;
  mag_init(tail), mag_init(tail1);
  for (ulong n = 1;; ++n) {
    arb_mul(term, term, z, prec);
    arb_div_ui(term, term, 2 * n * (2 * n + static_cast<ulong>(d) - 2), prec);
    arb_add(psi_m1, psi_m1, term, prec);
    if (xdpsi != nullptr) arb_addmul_ui(xdpsi, term, 2 * n, prec);
    arb_div_ui(r, z, 2 * (n + 1) * (2 * n + static_cast<ulong>(d)), prec);
    if (arf_cmp_2exp_si(arb_midref(r), -2) >= 0) continue;
    arb_mul(r, r, term, prec);
    arb_get_mag(tail, r);
    mag_mul_2exp_si(tail, tail, 1);  // 2 T_N r_N
    if (arb_is_zero(psi_m1) || mag_cmp_2exp_si(tail, arf_abs_bound_lt_2exp_si(arb_midref(psi_m1)) - prec - 2) < 0) {
      arb_add_error_mag(psi_m1, tail);
      if (xdpsi != nullptr) {
        mag_mul_ui(tail1, tail, 4 * n);  // 2 N T_N (2 r_N)
        arb_add_error_mag(xdpsi, tail1);
      }
      break;
    }
  }
  arb_add_ui(psi, psi_m1, 1, prec);
  mag_clear(tail), mag_clear(tail1);
  arb_clear(z), arb_clear(term), arb_clear(r);
}

// At real x > 0: phi(x) = log(e^{-x} Psi_d(x)) <= 0 and, unless null, lpsi = log Psi_d(x) and rho(x) = Psi_d'(x)/Psi_d(x)
// in [0, 1). By the series (log Psi_d formed directly, without the cancellation of x + phi at small x) or by the scaled
// Bessel functions (Psi_d(x) = Gamma(nu + 1) (x/2)^{-nu} I_nu(x), rho = I_{nu+1}(x)/I_nu(x))
void tilt_route(arb_t phi, arb_t lpsi, arb_t rho, const arb_t x, const SphereParams& q, bool series, slong prec) {
  arb_t h, g;
  arb_init(h), arb_init(g);
  if (series) {
    psi_series(g, rho, x, q.d, prec, h);
    if (rho != nullptr) {
      arb_div(rho, rho, g, prec);
      arb_div(rho, rho, x, prec);
    }
    arb_log1p(g, h, prec);  // log Psi_d = log1p(Psi_d - 1)
    arb_sub(phi, g, x, prec);
    if (lpsi != nullptr) arb_swap(lpsi, g);
  } else {
    arb_hypgeom_bessel_i_scaled(g, q.nu, x, prec);
    if (rho != nullptr) {
      arb_add_ui(h, q.nu, 1, prec);
      arb_hypgeom_bessel_i_scaled(rho, h, x, prec);
      arb_div(rho, rho, g, prec);
    }
    arb_log(phi, g, prec);
    arb_add(phi, phi, q.lgamma_a, prec);
    arb_mul_2exp_si(h, x, -1);
    arb_log(h, h, prec);
    arb_submul(phi, q.nu, h, prec);
    if (lpsi != nullptr) arb_add(lpsi, phi, x, prec);
  }
  arb_clear(h), arb_clear(g);
}

// The series below series_below, the Bessel functions above; the other route where the first loses half the bits of
// phi (Arb's scaled Bessel function near x ~ 2 nu: nu = 49, x = 100), unless the series would be long
void tilt_at(arb_t phi, arb_t lpsi, arb_t rho, const arb_t x, const SphereParams& q, slong prec) {
  const bool series = arf_cmp_d(arb_midref(x), q.series_below) < 0;
  tilt_route(phi, lpsi, rho, x, q, series, prec);
  if (arb_is_finite(phi) && mag_cmp_2exp_si(arb_radref(phi), -prec / 2) < 0) return;
  if (!series && arf_cmp_d(arb_midref(x), 8 * q.series_below) > 0) return;  // the series would take > 8x the terms
  arb_t phi2, lpsi2, rho2;
  arb_init(phi2), arb_init(lpsi2), arb_init(rho2);
  tilt_route(phi2, lpsi == nullptr ? nullptr : lpsi2, rho == nullptr ? nullptr : rho2, x, q, !series, prec);
  if (arb_is_finite(phi2) && (!arb_is_finite(phi) || mag_cmp(arb_radref(phi2), arb_radref(phi)) < 0)) {
    arb_swap(phi, phi2);
    if (lpsi != nullptr) arb_swap(lpsi, lpsi2);
    if (rho != nullptr) arb_swap(rho, rho2);
  }
  arb_clear(phi2), arb_clear(lpsi2), arb_clear(rho2);
}

// whether the ball lies below 1/2 (finite; false for a wide or non-finite ball)
bool below_half(const arb_t v) {
  arf_t ub;
  arf_init(ub);
  arb_get_ubound_arf(ub, v, 64);
  const bool below = arb_is_finite(v) && arf_cmp_2exp_si(ub, -1) < 0;
  arf_clear(ub);
  return below;
}

bool ball_bound(mag_t out, const acb_t r, const SphereParams& q) {
  // E t^2 ~ d^2/k^2 is formed from rho ~ 1 - d/(2k): 2 log2 k guard bits
  const slong lk = arf_abs_bound_lt_2exp_si(arb_midref(acb_realref(r))) + arf_abs_bound_lt_2exp_si(arb_midref(q.s));
  const slong wp = 64 + 2 * std::max<slong>(0, std::min<slong>(lk, 4096));
  arb_t x1, x2, y, ra, t, quad, u, v, w;
  arb_init(x1), arb_init(x2), arb_init(y), arb_init(ra), arb_init(t), arb_init(quad), arb_init(u), arb_init(v), arb_init(w);
  arb_get_lbound_arf(arb_midref(x1), acb_realref(r), wp);
  arb_get_ubound_arf(arb_midref(x2), acb_realref(r), wp);
  arb_get_abs_ubound_arf(arb_midref(y), acb_imagref(r), wp);
  acb_get_abs_ubound_arf(arb_midref(ra), r, wp);  // |r| <= ra
  arb_log(t, ra, wp);
  arb_mul_si(t, t, q.d - 1, wp);
  arb_sub(t, t, q.lnorm_shift, wp);  // (d - 1) log|r| - lnorm_shift
  arb_sqr(quad, y, wp);  // y^2 - (the real part's square), halved below
  bool ok = false;
  arb_mul(u, q.s, ra, wp);  // |k| <= s ra
  arb_sqr(v, u, wp);
  arb_div(v, v, q.a, wp);
  arb_mul_2exp_si(v, v, -2);
  arb_expm1(v, v, wp);  // q
  if (below_half(v) && arf_cmpabs_2exp_si(arb_midref(x1), 30) < 0) {  // (A)
    // |e^{-(r^2 + s^2)/2}| = e^{(y^2 - x^2 - s^2)/2} <= e^{(y^2 - xm^2 - s^2)/2}, xm = min |x| on [x1, x2]
    if (arf_sgn(arb_midref(x1)) > 0) arb_set(w, x1);
    else if (arf_sgn(arb_midref(x2)) < 0) arb_neg(w, x2);
    else arb_zero(w);
    arb_sqr(w, w, wp);
    arb_addmul(w, q.s, q.s, wp);
    arb_sub(quad, quad, w, wp);
    arb_mul_2exp_si(quad, quad, -1);
    arb_add(t, t, quad, wp);
    arb_log1p(w, v, wp);
    arb_add(t, t, w, wp);  // |Psi| <= 1 + q
    arb_neg(w, v);
    arb_log1p(w, w, wp);
    arb_neg(w, w);  // |log Psi| <= -log(1 - q)
    arb_exp(t, t, wp);
    arb_mul(t, t, w, wp);
    ok = arb_is_finite(t);
  } else if (arf_sgn(arb_midref(x1)) > 0) {  // (B)
    // |e^{-(r - s)^2/2}| = e^{(y^2 - (x - s)^2)/2} at the x of [x1, x2] nearest s
    if (arb_lt(q.s, x1)) arb_sub(w, x1, q.s, wp);
    else if (arb_gt(q.s, x2)) arb_sub(w, q.s, x2, wp);
    else arb_zero(w);
    arb_submul(quad, w, w, wp);
    arb_mul_2exp_si(quad, quad, -1);
    arb_add(t, t, quad, wp);
    arb_t k1, k2, phi1, rho1, phi2, rho2;
    arb_init(k1), arb_init(k2), arb_init(phi1), arb_init(rho1), arb_init(phi2), arb_init(rho2);
    arb_mul(k1, q.s, x1, wp);
    arb_mul(k2, q.s, x2, wp);
    const bool flat = arb_is_zero(y);
    tilt_at(phi1, nullptr, flat ? nullptr : rho1, k1, q, wp);
    tilt_at(phi2, nullptr, flat ? nullptr : rho2, k2, q, wp);
    arb_zero(u);  // -log(1 - delta) + |Im k| m_{x1}
    arb_zero(v);  // delta
    if (!flat) {
      arb_mul_si(w, rho1, -(q.d - 1), wp);
      arb_div(w, w, k1, wp);
      arb_submul_ui(w, rho1, 2, wp);
      arb_add_ui(w, w, 2, wp);  // E_{x1} t^2
      arb_sub_ui(v, rho2, 1, wp);
      arb_submul(w, v, v, wp);  // >= Var_x t
      arb_get_ubound_arf(arb_midref(w), w, wp);
      mag_zero(arb_radref(w));
      if (arf_sgn(arb_midref(w)) < 0) arb_zero(w);
      arb_mul(u, q.s, y, wp);  // |Im k| <= s y
      arb_sqr(v, u, wp);
      arb_mul(v, v, w, wp);
      arb_mul_2exp_si(v, v, -1);  // delta
      arb_sub_ui(w, rho1, 1, wp);
      arb_mul(u, u, w, wp);
      arb_neg(u, u);  // |Im k| m_{x1}
      arb_neg(w, v);
      arb_log1p(w, w, wp);
      arb_sub(u, u, w, wp);
    }
    if (below_half(v) && arb_is_finite(u)) {
      arb_sub(u, u, phi2, wp);  // |phi(k)| <= |phi(x2)| + |Im k| m - log(1 - delta)
      arb_mul(w, q.s, ra, wp);
      arb_add(u, u, w, wp);  // |log Psi| <= |k| + |phi(k)|
      arb_add(t, t, phi1, wp);  // |e^{-k} Psi| <= e^{phi(x1)}
      arb_exp(t, t, wp);
      arb_mul(t, t, u, wp);
      ok = arb_is_finite(t);
    }
    arb_clear(k1), arb_clear(k2), arb_clear(phi1), arb_clear(rho1), arb_clear(phi2), arb_clear(rho2);
  }
  if (ok) arb_get_mag(out, t);
  arb_clear(x1), arb_clear(x2), arb_clear(y), arb_clear(ra), arb_clear(t), arb_clear(quad), arb_clear(u), arb_clear(v),
      arb_clear(w);
  return ok;
}

// f(r) log Psi_d(s r) / e^{shift}. At the quadrature's nodes (real points) by Arb's real functions; on complex balls and
// wide segments by ball_bound. Arb's complex 0F1 and Bessel functions enclose e^{-k} Psi_d(k) on a ball as the product
// of two factors that each vary like e^{|Re k - mid|} (measured: non-finite from a radius of about 4 in k), and its
// general scaled Bessel function integrates numerically on wide real balls (0.25 s for one evaluation at k = 1124 +- 87)
int integrand(acb_ptr out, const acb_t r, void* param, slong order, slong prec) {
  if (order > 1) flint_abort();
  const auto* q = static_cast<const SphereParams*>(param);
  const arb_struct* x = acb_realref(r);
  if (arb_is_zero(acb_imagref(r)) && arf_sgn(arb_midref(x)) > 0 &&
      mag_cmp_2exp_si(arb_radref(x), arf_abs_bound_lt_2exp_si(arb_midref(x)) - prec / 2) < 0) {
    arb_t k, phi, lpsi, e;
    arb_init(k), arb_init(phi), arb_init(lpsi), arb_init(e);
    arb_mul(k, q->s, x, prec);
    tilt_at(phi, lpsi, nullptr, k, *q, prec);
    arb_sub(e, x, q->s, prec);
    arb_sqr(e, e, prec);
    arb_mul_2exp_si(e, e, -1);
    arb_sub(e, phi, e, prec);  // -(r - s)^2/2 + phi(k) (no cancellation of s^2)
    arb_sub(e, e, q->lnorm_shift, prec);
    arb_exp(e, e, prec);
    arb_pow_ui(k, x, static_cast<ulong>(q->d - 1), prec);
    arb_mul(e, e, k, prec);
    arb_mul(acb_realref(out), e, lpsi, prec);
    arb_zero(acb_imagref(out));
    arb_clear(k), arb_clear(phi), arb_clear(lpsi), arb_clear(e);
    return 0;
  }
  mag_t m;
  mag_init(m);
  if (ball_bound(m, r, *q)) {
    acb_zero(out);
    mag_set(arb_radref(acb_realref(out)), m);
    mag_set(arb_radref(acb_imagref(out)), m);
  } else {
    acb_indeterminate(out);
  }
  mag_clear(m);
  return 0;
}
}  // namespace

void sphere_mi(arb_t res, arb_srcptr p, slong prec) {
  const char* id = "MIP.priv.sphere_mi";
  integer_param(id, "d", p);
  const slong d = arf_get_si(arb_midref(p), ARF_RND_NEAR);
  numerics::Scratch<6> t;
  arb_srcptr dd = p;
  arb_div(t[0], p + 1, p + 2, prec);  // s = L/sigma
  // the integral of f log Psi is about s^2 (E s R): integrate it divided by e^{shift} = s^2
  arb_sqr(t[1], t[0], prec);
  arb_log(t[2], t[1], prec);  // shift
  SphereParams q;
  q.d = d;
  // the series below k = max(80, nu^2/8), the Bessel functions' asymptotic series above (psi_series)
  const double nu = static_cast<double>(d) / 2 - 1;
  q.series_below = std::fmax(80.0, nu * nu / 8);
  arb_init(q.a), arb_init(q.nu), arb_init(q.s), arb_init(q.lnorm_shift), arb_init(q.lgamma_a);
  arb_mul_2exp_si(q.a, dd, -1);
  arb_sub_ui(q.nu, q.a, 1, prec);
  arb_set(q.s, t[0]);
  arb_lgamma(q.lgamma_a, q.a, prec);
  arb_set(t[3], q.lgamma_a);
  arb_const_log2(t[4], prec);
  arb_addmul(t[3], t[4], q.nu, prec);  // ln(2^{d/2-1} Gamma(d/2))
  arb_add(q.lnorm_shift, t[3], t[2], prec);
  // the window [a, b] holding all but e^{-x} of R^2's law at each end (Birge 2001, Lemma 8.1, for the noncentral
  // chi-square R^2 with d degrees of freedom and noncentrality s^2: P(R^2 >= d + s^2 + 2 sqrt((d + 2s^2) x) + 2x) <=
  // e^{-x}, P(R^2 <= d + s^2 - 2 sqrt((d + 2s^2) x)) <= e^{-x}). With 0 <= log Psi_d(s r) <= s r the parts outside
  // are below s a e^{-x} (below a) and s E[R; R > b] <= s sqrt(E R^2) e^{-x/2} = s sqrt(d + s^2) e^{-x/2} (above b)
  const double sd = arf_get_d(arb_midref(t[0]), ARF_RND_UP), dd_ = static_cast<double>(d);
  const double x = 2 * (static_cast<double>(prec) * 0.6931471805599453 + std::log(2 + sd * std::sqrt(dd_ + sd * sd)) + 10);
  const double lam = sd * sd, spread = 2 * std::sqrt((dd_ + 2 * lam) * x);
  const double b2 = dd_ + lam + spread + 2 * x, a2 = dd_ + lam - spread;
  acb_t lo, hi;
  acb_init(lo), acb_init(hi);
  // b above the bound and a below it by a margin far beyond the double rounding of b2, a2 and of s
  arb_set_d(acb_realref(hi), std::sqrt(b2) * (1 + 0x1p-40));
  {
    numerics::Scratch<4> u;  // u[0] = a, u[1] = e^{-x/2}, u[3] = e^{-x}: shared by both bounds below
    arb_set_d(u[1], x);
    arb_mul_2exp_si(u[1], u[1], -1);
    arb_neg(u[1], u[1]);
    arb_exp(u[1], u[1], prec);  // e^{-x/2}
    arb_add_ui(u[2], dd, 0, prec);
    arb_addmul(u[2], t[0], t[0], prec);
    arb_sqrtpos(u[2], u[2], prec);
    arb_mul(t[5], u[2], u[1], prec);  // sqrt(d + s^2) e^{-x/2}
    if (a2 > 0) {
      const double a = std::sqrt(a2) * (1 - 0x1p-40);
      arb_set_d(acb_realref(lo), a);
      arb_sqr(u[3], u[1], prec);  // e^{-x}
      arb_set_d(u[0], a);
      arb_addmul(t[5], u[0], u[3], prec);
    }
    arb_mul(t[5], t[5], t[0], prec);
    // for small s the tighter bound from log Psi_d(s r) <= s^2 r^2/(2d) (0F1(; a; z) <= e^{z/a}): above b,
    // (s^2/(2d)) E[R^2; R > b] <= (s^2/(2d)) sqrt(E R^4) e^{-x/2}, E R^4 = (d + s^2)^2 + 2(d + 2 s^2); below a,
    // (s^2/(2d)) a^2 e^{-x}. (The first bound over s^2 grew like 1/s: s = 1e-1000300 needed 3e6 bits.)
    numerics::Scratch<3> v;
    arb_add_ui(v[0], t[1], static_cast<ulong>(d), prec);
    arb_sqr(v[0], v[0], prec);
    arb_add_ui(v[1], t[1], 0, prec);
    arb_mul_2exp_si(v[1], v[1], 1);
    arb_add_ui(v[1], v[1], static_cast<ulong>(d), prec);
    arb_mul_2exp_si(v[1], v[1], 1);
    arb_add(v[0], v[0], v[1], prec);
    arb_sqrtpos(v[0], v[0], prec);  // sqrt(E R^4)
    arb_mul(v[0], v[0], u[1], prec);  // sqrt(E R^4) e^{-x/2}
    if (a2 > 0) {
      arb_sqr(v[2], u[0], prec);  // a^2
      arb_addmul(v[0], v[2], u[3], prec);
    }
    arb_mul(v[0], v[0], t[1], prec);
    arb_div_ui(v[0], v[0], 2 * static_cast<ulong>(d), prec);
    if (arb_is_finite(v[0]) && (!arb_is_finite(t[5]) || arf_cmpabs(arb_midref(v[0]), arb_midref(t[5])) < 0) &&
        arb_is_nonnegative(v[0]))
      arb_swap(t[5], v[0]);  // (both are upper bounds of the same tails: the smaller is taken)
  }
  arb_div(t[5], t[5], t[1], prec);  // the tails, scaled by e^{-shift}
  mag_t tail;
  mag_init(tail);
  arb_get_mag(tail, t[5]);
  // at most 2^15 evaluations: where no bound is found the result is a non-finite enclosure, reported as such, not
  // minutes of subdivision. Tolerance 2^-(prec + 8) on the scaled integral; the nodes are real points, evaluated with
  // 20 guard bits
  numerics::scaled_integral(t[4], integrand, &q, lo, hi, t[2], tail, 1L << 15, prec + 8, prec + 20);
  arb_sub(res, t[1], t[4], prec);  // I = s^2 - E log Psi_d(s R) (nats)
  if (reading_index(p + 3) == 1) {
    arb_const_log2(t[4], prec);
    arb_div(res, res, t[4], prec);
  }
  mag_clear(tail);
  acb_clear(lo), acb_clear(hi);
  arb_clear(q.a), arb_clear(q.nu), arb_clear(q.s), arb_clear(q.lnorm_shift), arb_clear(q.lgamma_a);
}

}  // namespace privoco::reference::mip
