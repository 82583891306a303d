#include "privoco/reference/jkt/igd_giga.hpp"

#include "../numerics/params.hpp"

#include <flint/fmpz.h>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/ball.hpp"
#include "privoco/reference/jkt/pocp.hpp"

namespace privoco::reference::jkt {

namespace {
// the exact double at the centre of a parameter ball
double mid(arb_srcptr x) { return arf_get_d(arb_midref(x), ARF_RND_NEAR); }
}  // namespace

void igd_step(arb_t res, arb_srcptr p, slong prec) {
  integer_param("JKT.const.igd_step", "t", p + 1);
  arb_mul(res, p + 0, p + 1, prec);  // JKT Alg 2 l.6: 1/(alpha t)
  arb_inv(res, res, prec);
}

void giga_step(arb_t res, arb_srcptr p, slong prec) {
  integer_param("JKT.const.giga_step", "t", p + 1);
  arb_mul(res, p + 0, p + 1, prec);  // JKT Alg 3 l.6: 2/(alpha t); Sec 3.4: 1/(alpha t) (J16)
  arb_ui_div(res, mid(p + 2) == 0 ? 2 : 1, res, prec);
}

void giga_tq(arb_t res, arb_srcptr p, slong) {
  static const Entry& e = entry("JKT.const.giga_tq");
  if (arb_lt(p + 0, p + 1))
    throw DomainError(e.id, "L_G", text17(mid(p + 0)), "L_G >= alpha (a gradient's Lipschitz constant is at "
                                                                "least the strong convexity)");
  // x = 2 L_G^2/alpha^2 = (m_L/m_a)^2 2^{2(e_L - e_a) + 1} exactly (JKT Alg 3 l.2); floor and ceil in integers
  fmpz_t mL, eL, ma, ea, num, den, s, q;
  fmpz_init(mL); fmpz_init(eL); fmpz_init(ma); fmpz_init(ea); fmpz_init(num); fmpz_init(den); fmpz_init(s);
  fmpz_init(q);
  arf_get_fmpz_2exp(mL, eL, arb_midref(p + 0));
  arf_get_fmpz_2exp(ma, ea, arb_midref(p + 1));
  fmpz_mul(num, mL, mL);
  fmpz_mul(den, ma, ma);
  fmpz_sub(s, eL, ea);
  fmpz_mul_2exp(s, s, 1);
  fmpz_add_ui(s, s, 1);
  const slong sh = fmpz_get_si(s);  // |sh| <= 2 * 2200: doubles' exponents
  if (sh >= 0) fmpz_mul_2exp(num, num, sh);
  else fmpz_mul_2exp(den, den, -sh);
  const int rounding = static_cast<int>(mid(p + 2));  // J6: 0 ceil, 1 floor + 1, 2 ceil(x + 1) = ceil + 1
  if (rounding == 1) {
    fmpz_fdiv_q(q, num, den);
    fmpz_add_ui(q, q, 1);
  } else {
    fmpz_cdiv_q(q, num, den);
    if (rounding == 2) fmpz_add_ui(q, q, 1);
  }
  arb_set_fmpz(res, q);
  fmpz_clear(mL); fmpz_clear(eL); fmpz_clear(ma); fmpz_clear(ea); fmpz_clear(num); fmpz_clear(den); fmpz_clear(s);
  fmpz_clear(q);
}

void pigd_beta(arb_t res, arb_srcptr p, slong prec) {
  integer_param("JKT.noise.pigd_beta", "T", p + 3);
  arb_ptr q = _arb_vec_init(5);  // JKT Alg 2 l.8: beta of Alg 1 at lambda_A = 2L
  _arb_vec_set(q, p, 5);
  arb_mul_2exp_si(q + 0, q + 0, 1);
  pocp_beta(res, q, prec);
  _arb_vec_clear(q, 5);
}

void pgiga_beta(arb_t res, arb_srcptr p, slong prec) {
  integer_param("JKT.noise.pgiga_beta", "T", p + 4);
  arb_ptr q = _arb_vec_init(5);  // JKT Alg 3 l.8 (lambda = 2G), or Lem 5 with Eq (1) (lambda = 2G/alpha): J17
  arb_mul_2exp_si(q + 0, p + 0, 1);
  if (mid(p + 6) == 1) arb_div(q + 0, q + 0, p + 1, prec);
  _arb_vec_set(q + 1, p + 2, 4);
  pocp_beta(res, q, prec);
  _arb_vec_clear(q, 5);
}

void pigd_bound(arb_t res, arb_srcptr p, slong prec) {
  const char* id = "JKT.bound.pigd";
  arb_srcptr L = p + 0, alpha = p + 1, r = p + 2, eps = p + 4, delta = p + 5, T = p + 6, d = p + 7, C_const = p + 8;
  integer_param(id, "T", T), integer_param(id, "d", d);
  Ball C, Ld, q;
  arb_mul_2exp_si(C, r, arf_get_si(arb_midref(p + 3), ARF_RND_NEAR) == 0 ? 1 : 0);  // J5
  arb_div(Ld, T, delta, prec);
  arb_log(Ld, Ld, prec);
  // JKT Thm 4: C ((L^2/alpha + ||C||) sqrt(d) ln^1.5(T/delta)/sqrt(eps)) sqrt(T)
  arb_sqr(res, L, prec);
  arb_div(res, res, alpha, prec);
  arb_add(res, res, C, prec);
  arb_sqrt(q, d, prec);
  arb_mul(res, res, q, prec);
  arb_sqrt(q, Ld, prec);
  arb_mul(q, q, Ld, prec);
  arb_mul(res, res, q, prec);
  arb_div(q, T, eps, prec);
  arb_sqrt(q, q, prec);
  arb_mul(res, res, q, prec);
  arb_mul(res, res, C_const, prec);
}

void pgiga_bound(arb_t res, arb_srcptr p, slong prec) {
  const char* id = "JKT.bound.pgiga";
  arb_srcptr G = p + 0, alpha = p + 1, LG = p + 2, r = p + 3, eps = p + 5, delta = p + 6, T = p + 7, d = p + 8;
  integer_param(id, "T", T), integer_param(id, "d", d);
  Ball C, Ld, q, a, b, c;
  arb_mul_2exp_si(C, r, arf_get_si(arb_midref(p + 4), ARF_RND_NEAR) == 0 ? 1 : 0);  // J5
  arb_div(Ld, T, delta, prec);
  arb_log(Ld, Ld, prec);
  // JKT Thm 6: 4 sqrt(d) (G/alpha + ||C||) G ln^2(T/delta) sqrt(T)/sqrt(eps) + 2G^2/alpha (1 + log T) + 2 L_G^2 G ||C||/alpha^2
  arb_div(a, G, alpha, prec);
  arb_add(a, a, C, prec);
  arb_mul(a, a, G, prec);
  arb_mul_2exp_si(a, a, 2);
  arb_sqrt(q, d, prec);
  arb_mul(a, a, q, prec);
  arb_sqr(q, Ld, prec);
  arb_mul(a, a, q, prec);
  arb_div(q, T, eps, prec);
  arb_sqrt(q, q, prec);
  arb_mul(a, a, q, prec);
  arb_log(q, T, prec);  // J2
  if (arf_get_si(arb_midref(p + 9), ARF_RND_NEAR) == 1) {
    Ball l2;
    arb_const_log2(l2, prec);
    arb_div(q, q, l2, prec);
  }
  arb_add_ui(q, q, 1, prec);
  arb_sqr(b, G, prec);
  arb_mul_2exp_si(b, b, 1);
  arb_div(b, b, alpha, prec);
  arb_mul(b, b, q, prec);
  arb_sqr(c, LG, prec);
  arb_mul(c, c, G, prec);
  arb_mul(c, c, C, prec);
  arb_mul_2exp_si(c, c, 1);
  arb_sqr(q, alpha, prec);
  arb_div(c, c, q, prec);
  arb_add(res, a, b, prec);
  arb_add(res, res, c, prec);
}

void igd_regret_bound(arb_t res, arb_srcptr p, slong prec) {
  const char* id = "JKT.bound.igd_regret";
  arb_srcptr L = p + 0, alpha = p + 1, r = p + 2, T = p + 4;
  integer_param(id, "T", T);
  Ball C, q;
  arb_mul_2exp_si(C, r, arf_get_si(arb_midref(p + 3), ARF_RND_NEAR) == 0 ? 1 : 0);  // J5
  if (arf_get_si(arb_midref(p + 5), ARF_RND_NEAR) == 1) {  // the printed O(L^2/alpha log T + ||C||), constant 1
    arb_sqr(res, L, prec);
    arb_div(res, res, alpha, prec);
    arb_log(q, T, prec);
    arb_mul(res, res, q, prec);
    arb_add(res, res, C, prec);
    return;
  }
  // derived (proximal-point argument): (L^2/(2 alpha)) H_T + (alpha/2) ||C||^2
  harmonic_number(q, T, prec);
  arb_sqr(res, L, prec);
  arb_div(res, res, alpha, prec);
  arb_mul(res, res, q, prec);
  arb_sqr(q, C, prec);
  arb_mul(q, q, alpha, prec);
  arb_add(res, res, q, prec);
  arb_mul_2exp_si(res, res, -1);
}

}  // namespace privoco::reference::jkt
