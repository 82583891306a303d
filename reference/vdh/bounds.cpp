// VDH regret bounds, certified. Formulas cited in bounds.hpp.
#include "bounds.hpp"

#include <string>

#include "conj.hpp"
#include "privoco/errors.hpp"

namespace privoco::reference::vdh {

// VDH Thm 2 (000) = Thm 11 (002): the sum of Thm 1 per coordinate (formula in bounds.hpp).
void bound_thm2(arb_t res, arb_srcptr u, arb_srcptr V, arb_srcptr b, slong d, const arb_t G, slong prec) {
  if (d < 1) throw ParamError("VDH.bound.thm2", "d", std::to_string(d) + " coordinates (at least 1)");
  arb_ptr q = _arb_vec_init(4);
  arb_t t;
  arb_init(t);
  arb_zero(res);
  for (slong j = 0; j < d; ++j) {
    arb_set(q + 0, u + j);
    arb_set(q + 1, V + j);
    arb_set(q + 2, b + j);
    arb_set(q + 3, G);
    bound_thm1(t, q, prec);
    arb_add(res, res, t, prec);
  }
  arb_clear(t);
  _arb_vec_clear(q, 4);
}

void bound_thm2_flat(arb_t res, arb_srcptr p, slong prec) {
  const slong d = arf_get_si(arb_midref(p), ARF_RND_NEAR);  // exact: the caller checked d is an integer
  bound_thm2(res, p + 1, p + 1 + d, p + 1 + 2 * d, d, p + 1 + 3 * d, prec);
}

void bound_thm1(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr u = p + 0, V = p + 1, b = p + 2, G = p + 3;
  if (arb_is_zero(u)) {  // |u| max{...} -> 0 as u -> 0 (|u| ln|u| -> 0)
    arb_one(res);
    return;
  }
  arb_t au, B, t1, t2, x, sp;
  arb_init(au); arb_init(B); arb_init(t1); arb_init(t2); arb_init(x); arb_init(sp);
  arb_abs(au, u);
  arb_add(B, b, V, prec);
  arb_const_sqrt_pi(sp, prec);
  // t1 = 11G (ln(11G|u|) - 1 + ln(sqrt5 G sqrt(pi)/(4 sqrt b)))      VDH Thm 1 first term = (3.7.2)
  arb_mul_ui(t1, G, 11, prec);
  arb_mul(x, t1, au, prec);
  arb_log(x, x, prec);
  arb_sub_ui(x, x, 1, prec);
  arb_sqrt_ui(t2, 5, prec);
  arb_mul(t2, t2, G, prec);
  arb_mul(t2, t2, sp, prec);
  arb_mul_2exp_si(t2, t2, -2);
  arb_rsqrt(sp, b, prec);  // sp := 1/sqrt(b) from here on
  arb_mul(t2, t2, sp, prec);
  arb_log(t2, t2, prec);
  arb_add(x, x, t2, prec);
  arb_mul(t1, t1, x, prec);
  // t2 = sqrt(8 B ln(16 u^2 B^{3/2} sqrt(pi)/sqrt(b) + 1))              VDH Thm 1 second term (deterministic V)
  arb_sqr(x, au, prec);
  arb_mul_2exp_si(x, x, 4);
  arb_sqrt(t2, B, prec);
  arb_mul(t2, t2, B, prec);
  arb_mul(x, x, t2, prec);
  arb_mul(x, x, sp, prec);  // / sqrt(b)
  arb_const_sqrt_pi(t2, prec);
  arb_mul(x, x, t2, prec);
  arb_log1p(x, x, prec);
  arb_mul(x, x, B, prec);
  arb_mul_2exp_si(x, x, 3);
  arb_sqrt(t2, x, prec);
  arb_max(x, t1, t2, prec);
  arb_mul(x, x, au, prec);
  arb_add_ui(res, x, 1, prec);
  arb_clear(au); arb_clear(B); arb_clear(t1); arb_clear(t2); arb_clear(x); arb_clear(sp);
}

namespace {
// reading 'a' (as printed), 'b' (the third term as the proof prints it), 'c' (the proof's first case redone)
void thm12(arb_t res, arb_srcptr p, slong prec, char reading) {
  arb_srcptr u = p + 0, V = p + 1, G = p + 2;
  arb_t au, a, b, c, x, l2;
  arb_init(au); arb_init(a); arb_init(b); arb_init(c); arb_init(x); arb_init(l2);
  arb_const_log2(l2, prec);
  if (arb_is_zero(u) && reading == 'a') {  // the first and third terms vanish, the second tends to ln 2
    arb_set(res, l2);
    arb_clear(au); arb_clear(a); arb_clear(b); arb_clear(c); arb_clear(x); arb_clear(l2);
    return;
  }
  arb_abs(au, u);
  // x = the third term's logarithm: ln(1 + 2 sqrt(2V)) (A9(a), A9(b)) or 2 ln(1 + 2 sqrt(2V)/(5G)) (A9(c))
  arb_mul_2exp_si(x, V, 1);
  arb_sqrt(x, x, prec);
  arb_mul_2exp_si(x, x, 1);
  if (reading == 'c') {
    arb_mul_ui(c, G, 5, prec);
    arb_div(x, x, c, prec);
  }
  arb_log1p(x, x, prec);
  if (reading == 'c') arb_mul_2exp_si(x, x, 1);
  if (arb_is_zero(u)) {  // A9(b), A9(c) at u = 0: max{0, ln 2, 1 + x} = the third
    arb_add_ui(res, x, 1, prec);
    arb_clear(au); arb_clear(a); arb_clear(b); arb_clear(c); arb_clear(x); arb_clear(l2);
    return;
  }
  arb_t lg;
  arb_init(lg);
  arb_swap(lg, x);
  // a = |u| sqrt(8V) (sqrt(ln(8u^2 V + 1)) + 1)                      (3.8.2) first term (deterministic V)
  arb_sqr(x, au, prec);
  arb_mul(x, x, V, prec);
  arb_mul_2exp_si(x, x, 3);
  arb_log1p(x, x, prec);
  arb_sqrt(x, x, prec);
  arb_add_ui(x, x, 1, prec);
  arb_mul_2exp_si(a, V, 3);
  arb_sqrt(a, a, prec);
  arb_mul(a, a, x, prec);
  arb_mul(a, a, au, prec);
  // b = |u| 11G (ln(|u| 11G ln 2) - 1) + ln 2                          (3.8.2) second term
  arb_mul_ui(b, G, 11, prec);
  arb_mul(b, b, au, prec);
  arb_mul(x, b, l2, prec);
  arb_log(x, x, prec);
  arb_sub_ui(x, x, 1, prec);
  arb_mul(b, b, x, prec);
  arb_add(b, b, l2, prec);
  // c = |u| (sqrt(2V) + 1 + lg) (3.8.2) third term, reading A9(a); |u| sqrt(2V) + 1 + lg for A9(b), A9(c)
  arb_mul_2exp_si(c, V, 1);
  arb_sqrt(c, c, prec);
  if (reading != 'a') {
    arb_mul(c, c, au, prec);
    arb_add(c, c, lg, prec);
    arb_add_ui(c, c, 1, prec);
  } else {
    arb_add(c, c, lg, prec);
    arb_add_ui(c, c, 1, prec);
    arb_mul(c, c, au, prec);
  }
  arb_clear(lg);
  arb_max(res, a, b, prec);
  arb_max(res, res, c, prec);
  arb_clear(au); arb_clear(a); arb_clear(b); arb_clear(c); arb_clear(x); arb_clear(l2);
}
}  // namespace

void bound_thm12(arb_t res, arb_srcptr p, slong prec) { thm12(res, p, prec, 'a'); }
void bound_thm12_a9b(arb_t res, arb_srcptr p, slong prec) { thm12(res, p, prec, 'b'); }
void bound_thm12_a9c(arb_t res, arb_srcptr p, slong prec) { thm12(res, p, prec, 'c'); }

void conj_exp_linear(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr A = p + 0, c = p + 1, K = p + 2, u = p + 3;
  arb_t x, y;
  arb_init(x); arb_init(y);
  arb_mul(x, A, c, prec);
  arb_div(x, u, x, prec);
  arb_log(x, x, prec);
  arb_sub_ui(x, x, 1, prec);
  arb_div(y, u, c, prec);
  arb_mul(x, x, y, prec);
  arb_add(res, x, K, prec);  // (u/c)(ln(u/(Ac)) - 1) + K
  arb_clear(x); arb_clear(y);
}

void conj_exp_linear_at(arb_t res, arb_srcptr p, const arb_t L, slong prec) {
  arb_srcptr A = p + 0, c = p + 1, K = p + 2, u = p + 3;
  arb_t x;
  arb_init(x);
  arb_mul(x, c, L, prec);
  arb_exp(x, x, prec);
  arb_mul(x, x, A, prec);     // A e^{cL}
  arb_mul(res, u, L, prec);
  arb_sub(res, res, x, prec);
  arb_add(res, res, K, prec);  // uL - A e^{cL} + K
  arb_clear(x);
}

void thm12_conj_printed(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr u = p + 0, G = p + 1;
  arb_t k, x, l2;
  arb_init(k); arb_init(x); arb_init(l2);
  arb_const_log2(l2, prec);
  arb_abs(k, u);
  arb_mul(k, k, G, prec);
  arb_mul_ui(k, k, 11, prec);  // |u| 11G
  arb_mul(x, k, l2, prec);
  arb_log(x, x, prec);
  arb_sub_ui(x, x, 1, prec);
  arb_mul(x, x, k, prec);
  arb_add(res, x, l2, prec);   // |u| 11G (ln(|u| 11G ln 2) - 1) + ln 2, as printed
  arb_clear(k); arb_clear(x); arb_clear(l2);
}

void bound_thm1_corrected_terms(arb_t r0, arb_t r1, arb_t r2, arb_srcptr p, slong prec) {
  arb_srcptr u = p + 0, V = p + 1, b = p + 2, G = p + 3;
  arb_t au, B, Z, x, y;
  arb_init(au); arb_init(B); arb_init(Z); arb_init(x); arb_init(y);
  arb_abs(au, u);
  arb_add(B, b, V, prec);
  pot_Z(Z, p + 2, prec);                    // Z = sqrt(pi/b) erf(C sqrt b), params {b, G}
  // r0 = |u| sqrt(2B) + 1
  arb_mul_2exp_si(x, B, 1);
  arb_sqrt(x, x, prec);                     // sqrt(2B)
  arb_mul(r0, au, x, prec);
  arb_add_ui(r0, r0, 1, prec);
  // r1 = sqrt(2Hw) - sqrt(2H/w) + 1, H = u^2 B, w = W(2H e^{2S+1}) = W(4e H B Z^2), S = ln(Z sqrt(2B)): the conjugate
  // of Lemma 11 case 1's lower bound (ERRATA.md E7, E8; the printed sqrt(8u^2 B ln(16u^2 B S + 1)) + 1 is below it)
  if (arb_is_zero(au)) {
    arb_one(r1);                            // u = 0: r0 = 1 is the max
  } else {
    arb_sqr(y, au, prec);
    arb_mul(y, y, B, prec);                 // H = u^2 B
    arb_sqr(r1, Z, prec);
    arb_mul(r1, r1, B, prec);
    arb_mul(r1, r1, y, prec);
    arb_mul_2exp_si(r1, r1, 2);
    arb_const_e(r2, prec);
    arb_mul(r1, r1, r2, prec);              // 4e H B Z^2
    arb_lambertw(r1, r1, 0, prec);          // w
    arb_mul(r2, y, r1, prec);
    arb_mul_2exp_si(r2, r2, 1);
    arb_sqrt(r2, r2, prec);                 // sqrt(2Hw)
    arb_div(r1, y, r1, prec);
    arb_mul_2exp_si(r1, r1, 1);
    arb_sqrt(r1, r1, prec);                 // sqrt(2H/w)
    arb_sub(r1, r2, r1, prec);
    arb_add_ui(r1, r1, 1, prec);
  }
  // r2 = (|u|/c)(ln(|u|/c) - 1 + ln(Z/(mu - eta))) + 1, 1/c = 100G/(7 - sqrt5), mu - eta = (5 + sqrt5)/(50G)
  if (arb_is_zero(au)) {
    arb_one(r2);
  } else {
    arb_sqrt_ui(x, 5, prec);
    arb_neg(y, x);
    arb_add_ui(y, y, 7, prec);
    arb_mul_ui(r2, G, 100, prec);
    arb_div(r2, r2, y, prec);
    arb_mul(r2, r2, au, prec);              // |u|/c
    arb_add_ui(x, x, 5, prec);
    arb_mul_ui(y, G, 50, prec);
    arb_div(x, x, y, prec);                 // nu = mu - eta
    arb_div(x, Z, x, prec);
    arb_log(x, x, prec);                    // ln(Z/nu)
    arb_log(y, r2, prec);
    arb_add(x, x, y, prec);
    arb_sub_ui(x, x, 1, prec);
    arb_mul(r2, r2, x, prec);
    arb_add_ui(r2, r2, 1, prec);
  }
  arb_clear(au); arb_clear(B); arb_clear(Z); arb_clear(x); arb_clear(y);
}

void bound_thm1_corrected(arb_t res, arb_srcptr p, slong prec) {
  arb_t r0, r1, r2;
  arb_init(r0); arb_init(r1); arb_init(r2);
  bound_thm1_corrected_terms(r0, r1, r2, p, prec);
  arb_max(res, r0, r1, prec);
  arb_max(res, res, r2, prec);
  arb_clear(r0); arb_clear(r1); arb_clear(r2);
}

}  // namespace privoco::reference::vdh
