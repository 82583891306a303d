// The mutual information of MIP's channel z -> z + v, v ~ N(0, sigma^2 I_d), for z uniform on the sphere of radius L
// (for d = 1 the two points +-L), by rigorous quadrature. With s = L/sigma and R = ||y||/sigma the output's radius,
// I = h(Y) - h(V) = s^2 - E log Psi_d(s R), Psi_d(k) = E_u e^{k u_1} = 0F1(; d/2; k^2/4) (the output density is
// (2 pi)^{-d/2} e^{-(r^2 + s^2)/2} Psi_d(s r); E R^2 = s^2 + d), and R has the noncentral chi density
// f(r) = r^{d-1} e^{-(r^2 + s^2)/2} Psi_d(s r)/(2^{d/2-1} Gamma(d/2)).
#include <acb_hypgeom.h>
#include <arb_hypgeom.h>

#include <cmath>

#include "../numerics/balls.hpp"
#include "../numerics/params.hpp"
#include "../numerics/scratch.hpp"
#include "privoco/reference/mip/bounds.hpp"

namespace privoco::reference::mip {

namespace {
struct SphereParams {
  slong d;
  acb_t a, s, lnorm_shift, lgamma_a;  // d/2; s; ln(2^{d/2-1} Gamma(d/2)) + the integral's shift; lgamma(d/2)
  double bessel_from;  // k = s r from which log Psi_d goes through the scaled Bessel function
};

// f(r) log Psi_d(s r) / e^{shift}, holomorphic near the positive axis (checked through the logarithms' analytic
// flags); 0 <= log Psi_d(k) <= k for real k >= 0 (Jensen; u_1 <= 1). From k = s r = bessel_from on through the scaled
// Bessel function, log Psi_d(k) = k + lgamma(nu + 1) - nu log(k/2) + log(e^{-k} I_nu(k)), nu = d/2 - 1: its phase e^{i s Im r}
// stays out of the logarithm (else every ball wider than pi/s in Im r straddles the branch cut) and the exponent
// -(r^2 + s^2)/2 + k is formed as -(r - s)^2/2 (no cancellation of s^2)
int integrand(acb_ptr out, const acb_t r, void* param, slong order, slong prec) {
  if (order > 1) flint_abort();
  const auto* q = static_cast<const SphereParams*>(param);
  acb_t k, lpsi, e;
  acb_init(k), acb_init(lpsi), acb_init(e);
  acb_mul(k, q->s, r, prec);
  if (arf_cmp_d(arb_midref(acb_realref(k)), q->bessel_from) < 0) {
    acb_sqr(e, k, prec);
    acb_mul_2exp_si(e, e, -2);  // (s r)^2/4
    acb_hypgeom_0f1(lpsi, q->a, e, 0, prec);
    acb_log_analytic(lpsi, lpsi, order != 0, prec);  // log Psi_d(s r)
    acb_sqr(e, r, prec);
    acb_sqr(k, q->s, prec);
    acb_add(e, e, k, prec);
    acb_mul_2exp_si(e, e, -1);
    acb_sub(e, lpsi, e, prec);  // -(r^2 + s^2)/2 + log Psi
  } else {
    acb_t nu, w;
    acb_init(nu), acb_init(w);
    acb_sub_ui(nu, q->a, 1, prec);
    acb_hypgeom_bessel_i_scaled(w, nu, k, prec);
    acb_log_analytic(w, w, order != 0, prec);
    acb_add(lpsi, w, q->lgamma_a, prec);
    acb_mul_2exp_si(w, k, -1);
    acb_log_analytic(w, w, order != 0, prec);
    acb_submul(lpsi, nu, w, prec);  // log Psi_d(k) - k
    acb_sub(w, r, q->s, prec);
    acb_sqr(w, w, prec);
    acb_mul_2exp_si(w, w, -1);
    acb_sub(e, lpsi, w, prec);  // -(r - s)^2/2 + log Psi - k
    acb_add(lpsi, lpsi, k, prec);
    acb_clear(nu), acb_clear(w);
  }
  acb_sub(e, e, q->lnorm_shift, prec);
  acb_exp(e, e, prec);
  acb_pow_ui(k, r, static_cast<ulong>(q->d - 1), prec);
  acb_mul(e, e, k, prec);
  acb_mul(out, e, lpsi, prec);
  acb_clear(k), acb_clear(lpsi), acb_clear(e);
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
  // 0F1's series up to k = nu^2, where the Bessel function's asymptotic expansion becomes cheap; for s > 16 from k = 2:
  // 0F1's phase e^{i s Im r} then makes every ball wider than pi/s straddle the logarithm's branch cut (measured: d = 100
  // fails at s = 30 with the series and at s = 3, 10 with the Bessel function)
  const double nu = static_cast<double>(d) / 2 - 1, sd0 = arf_get_d(arb_midref(t[0]), ARF_RND_NEAR);
  q.bessel_from = sd0 > 16 ? 2.0 : std::fmax(2.0, nu * nu);
  acb_init(q.a), acb_init(q.s), acb_init(q.lnorm_shift), acb_init(q.lgamma_a);
  arb_mul_2exp_si(acb_realref(q.a), dd, -1);
  arb_set(acb_realref(q.s), t[0]);
  arb_mul_2exp_si(t[3], dd, -1);
  arb_lgamma(t[3], t[3], prec);
  arb_set(acb_realref(q.lgamma_a), t[3]);
  arb_const_log2(t[4], prec);
  arb_mul_2exp_si(t[5], dd, -1);
  arb_sub_ui(t[5], t[5], 1, prec);
  arb_addmul(t[3], t[4], t[5], prec);  // ln(2^{d/2-1} Gamma(d/2))
  arb_add(acb_realref(q.lnorm_shift), t[3], t[2], prec);
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
    numerics::Scratch<3> u;
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
      arb_sqr(u[1], u[1], prec);  // e^{-x}
      arb_set_d(u[0], a);
      arb_addmul(t[5], u[0], u[1], prec);
    }
    arb_mul(t[5], t[5], t[0], prec);
  }
  arb_div(t[5], t[5], t[1], prec);  // the tails, scaled by e^{-shift}
  mag_t tail;
  mag_init(tail);
  arb_get_mag(tail, t[5]);
  // at most 2^15 evaluations (a few seconds): where the special functions lose their complex balls the result is a
  // non-finite enclosure, reported as such, not minutes of subdivision. The working precision grows with d: Arb's 0F1
  // and Bessel functions of order d/2 - 1 keep their complex balls tight only with guard bits of the order of d (at
  // d = 100, s = 10: non-finite at 64 bits, tight at 244)
  numerics::scaled_integral(t[4], integrand, &q, lo, hi, t[2], tail, 1L << 15, prec + 2 * d);
  arb_sub(res, t[1], t[4], prec);  // I = s^2 - E log Psi_d(s R) (nats)
  if (reading_index(p + 3) == 1) {
    arb_const_log2(t[4], prec);
    arb_div(res, res, t[4], prec);
  }
  mag_clear(tail);
  acb_clear(lo), acb_clear(hi);
  acb_clear(q.a), acb_clear(q.s), acb_clear(q.lnorm_shift), acb_clear(q.lgamma_a);
}

}  // namespace privoco::reference::mip
