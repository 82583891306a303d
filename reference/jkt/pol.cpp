#include "privoco/reference/jkt/pol.hpp"

#include "../numerics/params.hpp"

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/ball.hpp"

#include <arb_hypgeom.h>

#include <initializer_list>

namespace privoco::reference::jkt {

void pol_alpha(arb_t res, arb_srcptr p, slong prec) {
  arb_sqr(res, p + 1, prec);  // JKT Alg 6 l.5: alpha = eps_g/||x*||^2
  arb_div(res, p + 0, res, prec);
}

void pol_Lprime(arb_t res, arb_srcptr p, slong prec) {
  Ball a;
  pol_alpha(a, p + 1, prec);  // JKT Thm 10 proof: L' = L + alpha ||x*||
  arb_mul(a, a, p + 2, prec);
  arb_add(res, p + 0, a, prec);
}

void pol_beta(arb_t res, arb_srcptr p, slong prec) {
  if (!arb_is_exact(p + 3) || !arb_is_int(p + 3)) {
    const Entry& e = entry("JKT.noise.pol_beta");
    throw DomainError(e.id, "T", text17(arf_get_d(arb_midref(p + 3), ARF_RND_NEAR)),
                      "integers in " + e.params[3].domain.text());
  }
  Ball lp, t;
  pol_Lprime(lp, p, prec);  // JKT Alg 6 l.13: 2 sqrt2 L' ln T/(T eps_p) sqrt(ln(1/delta) + eps_p)
  arb_log(t, p + 3, prec);
  arb_mul(lp, lp, t, prec);
  arb_div(lp, lp, p + 3, prec);
  arb_div(lp, lp, p + 4, prec);
  arb_log(t, p + 5, prec);
  arb_sub(t, p + 4, t, prec);
  arb_sqrt(t, t, prec);
  arb_mul(lp, lp, t, prec);
  arb_sqrt_ui(t, 8, prec);
  arb_mul(res, lp, t, prec);
}

namespace {
void check_integers(const char* id, arb_srcptr p, std::initializer_list<int> at) {
  const Entry& e = entry(id);
  for (int i : at) integer_param(id, e.params[i].name.c_str(), p + i);
}
}  // namespace

void pol_noise_norm(arb_t res, arb_srcptr p, slong prec) {
  check_integers("JKT.bound.pol_noise_norm", p, {0, 5});
  arb_srcptr d = p + 0, gamma = p + 1, T = p + 5, eps_p = p + 6, delta = p + 7;
  const int which = reading_index(p + 8);
  Ball lg, q;
  arb_log(lg, gamma, prec);
  arb_neg(lg, lg);  // ln(1/gamma)
  if (which == 2) {  // P(chi^2_d > 9 d ln(1/gamma)) = Q(d/2, 9 d ln(1/gamma)/2)
    arb_mul_2exp_si(q, d, -1);
    Ball x;
    arb_mul(x, d, lg, prec);
    arb_mul_ui(x, x, 9, prec);
    arb_mul_2exp_si(x, x, -1);
    arb_hypgeom_gamma_upper(res, q, x, 1, prec);
    return;
  }
  if (which == 0) {  // JKT Eq (37): 3 sqrt(d) beta sqrt(ln(1/gamma)), beta of Alg 6 l.13
    pol_beta(res, p + 2, prec);  // {L, eps_g, x*, T, eps_p, delta} are p[2..7]
    arb_sqrt(q, d, prec);
    arb_mul(res, res, q, prec);
    arb_sqrt(q, lg, prec);
    arb_mul(res, res, q, prec);
    arb_mul_ui(res, res, 3, prec);
    return;
  }
  // the second: 12 sqrt(d) L' ln T/(T eps_p) sqrt(ln(1/gamma) ln(1/delta))
  pol_Lprime(res, p + 2, prec);
  arb_sqrt(q, d, prec);
  arb_mul(res, res, q, prec);
  arb_log(q, T, prec);
  arb_mul(res, res, q, prec);
  arb_div(res, res, T, prec);
  arb_div(res, res, eps_p, prec);
  arb_log(q, delta, prec);
  arb_mul(q, q, lg, prec);
  arb_neg(q, q);
  arb_sqrt(q, q, prec);
  arb_mul(res, res, q, prec);
  arb_mul_ui(res, res, 12, prec);
}

void kt08_risk(arb_t res, arb_srcptr p, slong prec) {
  check_integers("JKT.bound.kt08_risk", p, {1});
  arb_srcptr gamma = p + 0, T = p + 1, RA = p + 5;
  Ball v[3], lp, al, ll, a, b, c;
  arb_set(v[0], p + 2), arb_set(v[1], p + 3), arb_set(v[2], p + 4);  // {L, eps_g, x*}
  arb_ptr w = _arb_vec_init(3);
  for (int k = 0; k < 3; ++k) arb_set(w + k, v[k]);
  pol_Lprime(lp, w, prec);
  pol_alpha(al, w + 1, prec);
  _arb_vec_clear(w, 3);
  arb_log(ll, T, prec);  // ln(4 ln T/gamma)
  arb_mul_ui(ll, ll, 4, prec);
  arb_div(ll, ll, gamma, prec);
  arb_log(ll, ll, prec);
  // JKT Thm 11: alpha/2 ||x*||^2 + R/T + (4/T) sqrt(L'^2 R ln(4 ln T/gamma)/alpha) + max(16 L'^2/alpha, 6) ln(..)/T
  arb_sqr(a, p + 4, prec);
  arb_mul(a, a, al, prec);
  arb_mul_2exp_si(a, a, -1);
  arb_div(b, RA, T, prec);
  arb_add(a, a, b, prec);
  arb_sqr(b, lp, prec);
  arb_mul(b, b, RA, prec);
  arb_mul(b, b, ll, prec);
  arb_div(b, b, al, prec);
  arb_sqrt(b, b, prec);
  arb_mul_ui(b, b, 4, prec);
  arb_div(b, b, T, prec);
  arb_add(a, a, b, prec);
  arb_sqr(c, lp, prec);
  arb_mul_ui(c, c, 16, prec);
  arb_div(c, c, al, prec);
  Ball six;
  arb_set_ui(six, 6);
  arb_max(c, c, six, prec);
  arb_mul(c, c, ll, prec);
  arb_div(c, c, T, prec);
  arb_add(res, a, c, prec);
}

void pol_utility(arb_t res, arb_srcptr p, slong prec) {
  check_integers("JKT.bound.pol_utility", p, {0, 5});
  arb_srcptr d = p + 0, gamma = p + 1, L = p + 2, eps_g = p + 3, xs = p + 4, T = p + 5, eps_p = p + 6, delta = p + 7,
             C = p + 8;
  const int which = reading_index(p + 9);
  Ball lp, lnT, r1, r2, q;
  pol_Lprime(lp, p + 2, prec);
  arb_log(lnT, T, prec);
  // sqrt(d) L L' sqrt(ln(1/gamma) ln(1/delta)) and L'^2 ||x*||^2 ln T ln(ln T/gamma), each times C
  arb_log(q, gamma, prec);
  arb_log(r1, delta, prec);
  arb_mul(q, q, r1, prec);
  arb_sqrt(q, q, prec);
  arb_sqrt(r1, d, prec);
  arb_mul(r1, r1, L, prec);
  arb_mul(r1, r1, lp, prec);
  arb_mul(r1, r1, q, prec);
  arb_mul(r1, r1, C, prec);
  arb_div(q, lnT, gamma, prec);
  arb_log(q, q, prec);
  arb_mul(r2, lp, xs, prec);
  arb_sqr(r2, r2, prec);
  arb_mul(r2, r2, lnT, prec);
  arb_mul(r2, r2, q, prec);
  arb_mul(r2, r2, C, prec);
  if (which == 0) {  // JKT Thm 12: C max(r1/(eps_g eps_p), r2/eps_g^2)
    arb_div(r1, r1, eps_g, prec);
    arb_div(r1, r1, eps_p, prec);
    arb_div(r2, r2, eps_g, prec);
    arb_div(r2, r2, eps_g, prec);
    arb_max(res, r1, r2, prec);
    return;
  }
  // the proof's final display: eps_g/2 + r1 ln T/(eps_p T) + r2/(eps_g T)
  arb_mul(r1, r1, lnT, prec);
  arb_div(r1, r1, eps_p, prec);
  arb_div(r1, r1, T, prec);
  arb_div(r2, r2, eps_g, prec);
  arb_div(r2, r2, T, prec);
  arb_mul_2exp_si(res, eps_g, -1);
  arb_add(res, res, r1, prec);
  arb_add(res, res, r2, prec);
}

void cms11_sample(arb_t res, arb_srcptr p, slong prec) {
  check_integers("JKT.bound.cms11_sample", p, {4});
  Ball a, b;
  arb_sqr(a, p + 0, prec);  // JKT Sec 4.2 ([3] Thm 18 as quoted): ||x*||^2 ln(1/delta)/eps_g^2 + d ||x*||/(eps_g eps_p)
  arb_log(b, p + 1, prec);
  arb_mul(a, a, b, prec);
  arb_neg(a, a);
  arb_div(a, a, p + 2, prec);
  arb_div(a, a, p + 2, prec);
  arb_mul(b, p + 4, p + 0, prec);
  arb_div(b, b, p + 2, prec);
  arb_div(b, b, p + 3, prec);
  arb_add(res, a, b, prec);
}

}  // namespace privoco::reference::jkt
