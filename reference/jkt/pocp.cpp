#include "privoco/reference/jkt/pocp.hpp"

#include "../numerics/params.hpp"

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/ball.hpp"

namespace privoco::reference::jkt {

namespace {
void check_T(const char* id, arb_srcptr T) { integer_param(id, "T", T); }
}  // namespace

void c_of(arb_t c, arb_srcptr T, arb_srcptr delta, int parse, slong prec) {
  Ball l2d, lnT, half;
  arb_set_ui(l2d, 2);
  arb_div(l2d, l2d, delta, prec);
  arb_log(l2d, l2d, prec);              // ln(2/delta)
  arb_log(lnT, T, prec);
  arb_mul_2exp_si(lnT, lnT, 1);         // 2 ln T
  if (parse == 0) {                     // JKT Alg 1 l.7, J3 (a): ln((1/2) ln(2/delta)) / (2 ln T)
    arb_mul_2exp_si(l2d, l2d, -1);
    arb_log(c, l2d, prec);
  } else {                              // J3 (b): (ln 1/2) ln(2/delta) / (2 ln T)
    arb_const_log2(half, prec);
    arb_neg(half, half);
    arb_mul(c, half, l2d, prec);
  }
  arb_div(c, c, lnT, prec);
}

void scale_of(arb_t s, arb_srcptr T, arb_srcptr delta, int parse, slong prec) {
  Ball c, lnT;
  c_of(c, T, delta, parse, prec);
  arb_set_d(lnT, 0.5);
  arb_add(c, c, lnT, prec);
  arb_log(lnT, T, prec);
  arb_mul(c, c, lnT, prec);
  arb_exp(s, c, prec);                  // T^{0.5+c} as printed
}

void c_exponent(arb_t res, arb_srcptr p, slong prec) {
  check_T("JKT.const.c_exponent", p + 0);
  if (reading_index(p + 3) == 0) c_of(res, p + 0, p + 1, reading_index(p + 2), prec);
  else scale_of(res, p + 0, p + 1, reading_index(p + 2), prec);
}

void eps1_per_step(arb_t res, arb_srcptr p, slong prec) {
  check_T("JKT.const.eps1_per_step", p + 2);
  Ball S;
  scale_of(S, p + 2, p + 1, reading_index(p + 3), prec);
  arb_sqrt(res, p + 0, prec);
  arb_div(res, res, S, prec);           // JKT Lem 1, Eq (7): sqrt(eps) / T^{0.5+c}
}

void pocp_beta(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr lambda = p + 0, eps = p + 1, delta = p + 2, T = p + 3;
  check_T("JKT.noise.pocp_beta", T);
  Ball S, L, se;
  scale_of(S, T, delta, reading_index(p + 4), prec);
  arb_div(L, T, delta, prec);
  arb_log(L, L, prec);                  // ln(T/delta)
  arb_sqrt(se, eps, prec);
  arb_div(se, se, S, prec);
  arb_add(L, L, se, prec);              // ln(T/delta) + sqrt(eps)/T^{0.5+c}
  arb_mul_2exp_si(L, L, 1);
  arb_div(L, L, eps, prec);
  arb_sqrt(L, L, prec);
  arb_mul(res, lambda, S, prec);
  arb_mul(res, res, L, prec);           // JKT Alg 1 l.7: beta
}

}  // namespace privoco::reference::jkt

namespace privoco::reference::jkt {

void chi_norm(arb_t res, arb_srcptr p, slong prec) {
  integer_param("JKT.noise.chi_norm", "d", p + 0);
  // R = Gamma((d+1)/2)/Gamma(d/2) by exp(lgamma - lgamma) (JKT Thm 2 proof: the chi law, scaled by s)
  Ball a, b, r;
  arb_add_ui(a, p + 0, 1, prec);
  arb_mul_2exp_si(a, a, -1);
  arb_mul_2exp_si(b, p + 0, -1);
  arb_lgamma(a, a, prec);
  arb_lgamma(b, b, prec);
  arb_sub(r, a, b, prec);
  arb_exp(r, r, prec);
  const int which = reading_index(p + 2);
  Ball m;  // the scaled mean s sqrt2 R
  arb_sqrt_ui(m, 2, prec);
  arb_mul(m, m, r, prec);
  arb_mul(m, m, p + 1, prec);
  if (which == 0) {
    arb_set(res, m);
    return;
  }
  Ball s2, t;
  arb_sqr(s2, p + 1, prec);
  if (which == 1) {
    arb_sqr(t, r, prec);  // s^2 (d - 2 R^2)
    arb_mul_2exp_si(t, t, 1);
    arb_sub(t, p + 0, t, prec);
  } else {
    arb_sqr(t, m, prec);  // printed: s^2 (d - mu^2), mu the scaled mean
    arb_sub(t, p + 0, t, prec);
  }
  arb_mul(res, s2, t, prec);
}

void harmonic_number(arb_t res, arb_srcptr n, slong prec) {
  if (arf_cmpabs_2exp_si(arb_midref(n), 10) < 0) {  // n < 1024: the sum itself
    const slong m = arf_get_si(arb_midref(n), ARF_RND_NEAR);
    arb_zero(res);
    for (slong k = 1; k <= m; ++k) {
      Ball q;
      arb_set_si(q, 1);
      arb_div_si(q, q, k, prec);
      arb_add(res, res, q, prec);
    }
    return;
  }
  Ball e;
  arb_add_ui(res, n, 1, prec);
  arb_digamma(res, res, prec);
  arb_const_euler(e, prec);
  arb_add(res, res, e, prec);
}

void pocp_noise_sum(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr lambda = p + 0, eps = p + 1, delta = p + 2, T = p + 3, d = p + 4;
  const char* id = "JKT.bound.pocp_noise_sum";
  check_T(id, T);
  integer_param(id, "d", d);
  const int which = reading_index(p + 6);
  Ball sT, Ld;  // sqrt(T), ln(T/delta)
  arb_sqrt(sT, T, prec);
  arb_div(Ld, T, delta, prec);
  arb_log(Ld, Ld, prec);
  if (which == 3) {  // JKT Eq (12) l.3: 2 sqrt(d) lambda sqrt(T) ln^2(T/delta)/sqrt(eps)
    Ball se;
    arb_sqrt(res, d, prec);
    arb_mul(res, res, lambda, prec);
    arb_mul(res, res, sT, prec);
    arb_mul_2exp_si(res, res, 1);
    arb_sqr(se, Ld, prec);
    arb_mul(res, res, se, prec);
    arb_sqrt(se, eps, prec);
    arb_div(res, res, se, prec);
    return;
  }
  Ball R, a, b;  // Gamma((d+1)/2)/Gamma(d/2)
  arb_add_ui(a, d, 1, prec);
  arb_mul_2exp_si(a, a, -1);
  arb_mul_2exp_si(b, d, -1);
  arb_lgamma(a, a, prec);
  arb_lgamma(b, b, prec);
  arb_sub(R, a, b, prec);
  arb_exp(R, R, prec);
  if (which == 2) {  // l.2: R lambda sqrt(T) ln T sqrt((2/eps) ln(2/delta) (ln(T/delta) + sqrt(eps)/sqrt((T/2) ln(2/delta))))
    Ball l2, q, w;
    arb_set_ui(l2, 2);
    arb_div(l2, l2, delta, prec);
    arb_log(l2, l2, prec);          // ln(2/delta)
    arb_mul(q, T, l2, prec);
    arb_mul_2exp_si(q, q, -1);
    arb_sqrt(q, q, prec);           // sqrt((T/2) ln(2/delta))
    arb_sqrt(w, eps, prec);
    arb_div(w, w, q, prec);
    arb_add(w, w, Ld, prec);
    arb_mul(w, w, l2, prec);
    arb_mul_2exp_si(w, w, 1);
    arb_div(w, w, eps, prec);
    arb_sqrt(w, w, prec);
    arb_log(q, T, prec);
    arb_mul(res, R, lambda, prec);
    arb_mul(res, res, sT, prec);
    arb_mul(res, res, q, prec);
    arb_mul(res, res, w, prec);
    return;
  }
  Ball beta, s2, h;  // exact (which 0) and l.1 (which 1): sqrt2 beta R times H_{T-1} or ln(T - 1)
  arb_ptr v = _arb_vec_init(5);  // pocp_beta's parameters {lambda_A, eps, delta, T, c_parse}
  for (int k = 0; k < 4; ++k) arb_set(v + k, p + k);
  arb_set(v + 4, p + 5);
  pocp_beta(beta, v, prec);
  _arb_vec_clear(v, 5);
  arb_sqrt_ui(s2, 2, prec);
  arb_sub_ui(h, T, 1, prec);
  if (which == 0) harmonic_number(h, h, prec);  // E sum_t ||b_{t+1}|| = sum_t (beta/t) sqrt2 R (JKT.noise.chi_norm)
  else arb_log(h, h, prec);                     // l.1: the integral int_1^{T-1} dt/t
  arb_mul(res, s2, beta, prec);
  arb_mul(res, res, R, prec);
  arb_mul(res, res, h, prec);
}

void delta_typical(arb_t res, arb_srcptr p, slong prec) {
  check_T("JKT.const.delta_typical", p + 0);
  arb_neg(res, p + 0);
  arb_exp(res, res, prec);  // JKT Sec 2.2: delta ~ exp(-T)
}

namespace {
// 2 sqrt(d) L (lambda_A + ||C||) sqrt(T) ln^2(T/delta)/sqrt(eps * gamma) + R_A (JKT Thm 2; Cor 1 with gamma)
void pocp_regret_bound(arb_t res, arb_srcptr p, const arb_t gamma, const char* id, slong prec) {
  arb_srcptr lambda = p + 0, L = p + 1, r = p + 2, eps = p + 4, delta = p + 5, T = p + 6, d = p + 7, RA = p + 8;
  check_T(id, T);
  integer_param(id, "d", d);
  Ball C, Ld, q;
  arb_mul_2exp_si(C, r, reading_index(p + 3) == 0 ? 1 : 0);  // J5: the diameter 2r or the radius r
  arb_div(Ld, T, delta, prec);
  arb_log(Ld, Ld, prec);
  arb_add(res, lambda, C, prec);
  arb_mul(res, res, L, prec);
  arb_mul_2exp_si(res, res, 1);
  arb_sqrt(q, d, prec);
  arb_mul(res, res, q, prec);
  arb_sqrt(q, T, prec);
  arb_mul(res, res, q, prec);
  arb_sqr(q, Ld, prec);
  arb_mul(res, res, q, prec);
  arb_mul(q, eps, gamma, prec);
  arb_sqrt(q, q, prec);
  arb_div(res, res, q, prec);
  arb_add(res, res, RA, prec);
}
}  // namespace

void pocp_expected(arb_t res, arb_srcptr p, slong prec) {
  Ball one(1.0);
  pocp_regret_bound(res, p, one, "JKT.bound.pocp_expected", prec);  // JKT Thm 2
}

void pocp_hp(arb_t res, arb_srcptr p, slong prec) {
  pocp_regret_bound(res, p, p + 9, "JKT.bound.pocp_hp", prec);  // JKT Cor 1: sqrt(eps gamma)
}

}  // namespace privoco::reference::jkt
