#include "privoco/reference/jkt/pqftl.hpp"

#include "../numerics/params.hpp"
#include "privoco/reference/jkt/tree.hpp"

#include <arb_hypgeom.h>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/ball.hpp"

namespace privoco::reference::jkt {

void pqftl_tree_bound(arb_t res, arb_srcptr p, slong prec) {
  const bool u = arf_get_si(arb_midref(p + 1), ARF_RND_NEAR) == 1, printed = arf_get_si(arb_midref(p + 2), ARF_RND_NEAR) == 0;
  if (u && printed) arb_set(res, p + 0);  // JKT Alg 4 l.8: R
  else arb_sqr(res, p + 0, prec);         // l.7: R^2; derived sup ||w_t|| = R^2 for both trees
}

void pqftl_noise_norms(arb_t res, arb_srcptr p, slong prec) {
  for (int i = 0; i < 2; ++i)  // d and t are integers (the domains are intervals)
    if (!arb_is_exact(p + i) || !arb_is_int(p + i)) {
      const Entry& e = entry("JKT.noise.pqftl_noise_norms");
      throw DomainError(e.id, e.params[i].name, text17(arf_get_d(arb_midref(p + i), ARF_RND_NEAR)),
                        "integers in " + e.params[i].domain.text());
    }
  const slong d = arf_get_si(arb_midref(p + 0), ARF_RND_NEAR), which = arf_get_si(arb_midref(p + 2), ARF_RND_NEAR);
  const double t = arf_get_d(arb_midref(p + 1), ARF_RND_NEAR);
  if (which == 2) {  // the printed probability exp(-d/2)
    arb_set_si(res, -d);
    arb_mul_2exp_si(res, res, -1);
    arb_exp(res, res, prec);
    return;
  }
  const int k = __builtin_popcountll(static_cast<unsigned long long>(t));  // k_t (JKT.noise.tree_output)
  arb_t a, x;
  arb_init(a), arb_init(x);
  arb_set_si(a, d);
  arb_mul_2exp_si(a, a, -1);  // d/2
  arb_set_si(x, 9 * d);
  arb_div_si(x, x, 2 * k, prec);  // (3 sqrt d)^2 / (2 k): ||beta_t||^2/(k sigma^2) ~ chi^2_d
  arb_hypgeom_gamma_upper(res, a, x, 1, prec);
  if (which == 1) {  // 1 - (1 - q)^d: the largest of d independent column norms exceeds the threshold
    arb_neg(x, res);
    arb_log1p(x, x, prec);
    arb_mul_si(x, x, d, prec);
    arb_expm1(res, x, prec);
    arb_neg(res, res);
  }
  arb_clear(a), arb_clear(x);
}

namespace {
double mid(arb_srcptr x) { return arf_get_d(arb_midref(x), ARF_RND_NEAR); }
// log x in base e (base_is_2 false) or 2
void log_in(arb_t res, arb_srcptr x, bool base_is_2, slong prec) {
  arb_log(res, x, prec);
  if (base_is_2) {
    Ball l2;
    arb_const_log2(l2, prec);
    arb_div(res, res, l2, prec);
  }
}
}  // namespace

void pqftl_iterate_error(arb_t res, arb_srcptr p, slong prec) {
  const char* id = "JKT.bound.pqftl_iterate_error";
  arb_srcptr R = p + 0, alpha = p + 1, T = p + 4, d = p + 5, t = p + 6;
  integer_param(id, "T", T), integer_param(id, "d", d), integer_param(id, "t", t);
  if (arb_gt(t, T)) throw DomainError(id, "t", text17(mid(t)), "integers in [1, T] (T = " + text17(mid(T)) + ")");
  Ball sigma, sd, num, den, q;
  arb_ptr v = _arb_vec_init(5);  // JKT.noise.tree_sigma's parameters {R, eps, delta, T, log_base}
  const int from[5] = {0, 2, 3, 4, 7};
  for (int k = 0; k < 5; ++k) arb_set(v + k, p + from[k]);
  try {
    tree_sigma(sigma, v, prec);
  } catch (...) {
    _arb_vec_clear(v, 5);
    throw;
  }
  _arb_vec_clear(v, 5);
  arb_sqrt(sd, d, prec);
  arb_mul(sd, sd, sigma, prec);  // sigma sqrt(d)
  arb_div(num, R, alpha, prec);  // 3 + 6R/alpha
  arb_mul_ui(num, num, 6, prec);
  arb_add_ui(num, num, 3, prec);
  arb_mul(q, sd, R, prec);       // |alpha - 6 sigma sqrt(d) R/(alpha t)|
  arb_mul_ui(q, q, 6, prec);
  arb_div(q, q, alpha, prec);
  arb_div(q, q, t, prec);
  arb_sub(den, alpha, q, prec);
  arb_abs(den, den);
  arb_div(res, sd, t, prec);     // JKT Eq (31)
  arb_mul(res, res, num, prec);
  arb_div(res, res, den, prec);
}

void pqftl_regret_bound(arb_t res, arb_srcptr p, slong prec) {
  const char* id = "JKT.bound.pqftl";
  arb_srcptr R = p + 0, alpha = p + 1, eps = p + 2, delta = p + 3, T = p + 4, d = p + 5;
  integer_param(id, "T", T), integer_param(id, "d", d);
  const int base = reading_index(p + 6), base_regret = reading_index(p + 7), which = reading_index(p + 8);
  Ball u, lr, A, B, li, lo, w;
  arb_div(u, R, alpha, prec);  // 1 + 2R/alpha
  arb_mul_2exp_si(u, u, 1);
  arb_add_ui(u, u, 1, prec);
  log_in(lr, T, base_regret == 1, prec);  // J2
  // A = R^4 (1 + 2R/alpha)^2/alpha log T (JKT Eq (22), Eq (32) first term)
  arb_pow_ui(A, R, 4, prec);
  arb_mul(A, A, u, prec);
  arb_mul(A, A, u, prec);
  arb_div(A, A, alpha, prec);
  arb_mul(A, A, lr, prec);
  // B = 3 sqrt(d) R (2R^2/alpha + R + 2)(1 + 2R/alpha)(1 + log T) sqrt(log T) log sqrt(log T/delta)/sqrt(eps)
  log_in(li, T, base != 0, prec);  // J1: the tree's log T (base 2 under 2 and mixed)
  arb_div(lo, li, delta, prec);
  arb_sqrt(lo, lo, prec);
  log_in(lo, lo, base == 1, prec);  // the outer log (natural under e and mixed)
  arb_sqr(w, R, prec);
  arb_mul_2exp_si(w, w, 1);
  arb_div(w, w, alpha, prec);
  arb_add(w, w, R, prec);
  arb_add_ui(w, w, 2, prec);
  arb_sqrt(B, d, prec);
  arb_mul_ui(B, B, 3, prec);
  arb_mul(B, B, R, prec);
  arb_mul(B, B, w, prec);
  arb_mul(B, B, u, prec);
  arb_add_ui(w, lr, 1, prec);
  arb_mul(B, B, w, prec);
  arb_sqrt(w, li, prec);
  arb_mul(B, B, w, prec);
  arb_mul(B, B, lo, prec);
  arb_sqrt(w, eps, prec);
  arb_div(B, B, w, prec);  // JKT Eq (32)
  if (which == 1) arb_set(res, A);
  else if (which == 2) arb_set(res, B);
  else arb_add(res, A, B, prec);
}

}  // namespace privoco::reference::jkt
