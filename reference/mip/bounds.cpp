#include "privoco/reference/mip/bounds.hpp"

#include <string>

#include "../numerics/params.hpp"
#include "../numerics/scratch.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"

namespace privoco::reference::mip {

namespace {
using numerics::Scratch;

slong dim_of(const char* id, arb_srcptr d) {
  integer_param(id, "d", d);
  return arf_get_si(arb_midref(d), ARF_RND_NEAR);
}

// C' = C in nats from C in units of log_base (M3): C ln 2 for bits
void to_nats(arb_t res, arb_srcptr C, int log_base, slong prec) {
  if (log_base == 1) {
    arb_t l;
    arb_init(l);
    arb_const_log2(l, prec);
    arb_mul(res, C, l, prec);
    arb_clear(l);
  } else {
    arb_set(res, C);
  }
}
void from_nats(arb_t res, int log_base, slong prec) {
  if (log_base != 1) return;
  arb_t l;
  arb_init(l);
  arb_const_log2(l, prec);
  arb_div(res, res, l, prec);
  arb_clear(l);
}

// (d/2) log(1 + q) in units of log_base: the Gaussian channel's capacity at signal-to-noise ratio q per coordinate
void half_d_log1p(arb_t res, slong d, const arb_t q, int log_base, slong prec) {
  arb_log1p(res, q, prec);
  arb_mul_si(res, res, d, prec);
  arb_mul_2exp_si(res, res, -1);
  from_nats(res, log_base, prec);
}

// L^2 + d sigma^2, the second moment of a noisy subgradient z + v with ||z|| = L (MIP Thm 2)
void second_moment(arb_t res, slong d, arb_srcptr L, arb_srcptr sigma, slong prec) {
  arb_t t;
  arb_init(t);
  arb_sqr(t, sigma, prec);
  arb_mul_si(t, t, d, prec);
  arb_sqr(res, L, prec);
  arb_add(res, res, t, prec);
  arb_clear(t);
}
}  // namespace

void B_of(arb_t res, const char* id, slong d, arb_srcptr c, arb_srcptr h, int shape, int reading, slong prec) {
  Scratch<2> t;
  if (shape == 0) {  // ball of radius h_1: every h_j must be it
    for (slong j = 1; j < d; ++j)
      if (!arb_equal(h + j, h)) {
        throw DomainError(id, "h_" + std::to_string(j + 1), text17(arf_get_d(arb_midref(h + j), ARF_RND_NEAR)),
                          "h_1 = " + text17(arf_get_d(arb_midref(h), ARF_RND_NEAR)) +
                              " (S_shape = ball: every h_j is the radius)");
      }
    if (reading == 1) {
      arb_mul_2exp_si(res, h, 1);  // diam = 2r
      return;
    }
    arb_zero(t[0]);
    for (slong j = 0; j < d; ++j) arb_addmul(t[0], c + j, c + j, prec);
    arb_sqrtpos(t[0], t[0], prec);
    arb_add(res, t[0], h, prec);  // sup ||w|| = ||c|| + r
    return;
  }
  arb_zero(t[0]);
  for (slong j = 0; j < d; ++j) {
    if (reading == 1) {
      arb_addmul(t[0], h + j, h + j, prec);  // diam = 2 ||h|| (opposite vertices)
    } else {
      arb_abs(t[1], c + j);
      arb_add(t[1], t[1], h + j, prec);  // the vertex farthest from 0 in coordinate j
      arb_addmul(t[0], t[1], t[1], prec);
    }
  }
  arb_sqrtpos(res, t[0], prec);
  if (reading == 1) arb_mul_2exp_si(res, res, 1);
}

void B_at(arb_t res, const char* id, arb_srcptr p, slong d, slong k, slong prec) {
  B_of(res, id, d, p + k + 1, p + k + 1 + d, reading_index(p + k), reading_index(p + k + 1 + 2 * d), prec);
}

void B(arb_t res, arb_srcptr p, slong prec) {
  const slong d = dim_of("MIP.const.B", p);
  B_at(res, "MIP.const.B", p, d, 1, prec);
}

void thm1(arb_t res, arb_srcptr p, slong prec) {
  const slong d = dim_of("MIP.priv.thm1", p);
  Scratch<1> q;
  arb_div(q[0], p + 1, p + 2, prec);
  arb_sqr(q[0], q[0], prec);
  arb_div_si(q[0], q[0], d, prec);  // L^2/(d sigma^2)
  half_d_log1p(res, d, q[0], reading_index(p + 3), prec);  // MIP Thm 1
}

void sigma_for_C(arb_t res, arb_srcptr p, slong prec) {
  const slong d = dim_of("MIP.priv.sigma_for_C", p + 1);
  Scratch<1> x;
  to_nats(x[0], p, reading_index(p + 3), prec);
  arb_mul_2exp_si(x[0], x[0], 1);
  arb_div_si(x[0], x[0], d, prec);
  arb_expm1(x[0], x[0], prec);  // e^{2C'/d} - 1 = L^2/(d sigma^2) (Thm 1 solved for sigma)
  arb_mul_si(x[0], x[0], d, prec);
  arb_rsqrt(x[0], x[0], prec);
  arb_mul(res, p + 2, x[0], prec);
}

void thm3(arb_t res, arb_srcptr p, slong prec) {
  const slong d = dim_of("MIP.priv.thm3", p);
  Scratch<1> q;
  arb_div(q[0], p + 1, p + 2, prec);
  arb_add(q[0], q[0], p + 3, prec);  // F/delta + L
  arb_div(q[0], q[0], p + 4, prec);
  arb_sqr(q[0], q[0], prec);
  arb_mul_si(q[0], q[0], d, prec);  // d (F/delta + L)^2/sigma^2
  half_d_log1p(res, d, q[0], reading_index(p + 5), prec);  // MIP Thm 3
}

void thm2(arb_t res, arb_srcptr p, slong prec) {
  const char* id = "MIP.bound.thm2";
  const slong d = dim_of(id, p);
  arb_srcptr eta = p + 1, T = p + 2, L = p + 3, sigma = p + 4;
  integer_param(id, "T", T);
  Scratch<3> t;
  B_at(t[0], id, p, d, 5, prec);
  arb_sqr(t[0], t[0], prec);
  arb_div(t[0], t[0], eta, prec);
  arb_mul_2exp_si(t[0], t[0], -1);  // B^2/(2 eta)
  second_moment(t[1], d, L, sigma, prec);
  arb_mul(t[1], t[1], T, prec);
  arb_mul(t[1], t[1], eta, prec);
  arb_mul_2exp_si(t[1], t[1], -1);  // (eta/2) T (L^2 + d sigma^2)
  arb_add(res, t[0], t[1], prec);   // MIP Thm 2
}

void eta_opt(arb_t res, arb_srcptr p, slong prec) {
  const char* id = "MIP.const.eta_opt";
  const slong d = dim_of(id, p);
  arb_srcptr T = p + 1, L = p + 2, sigma = p + 3;
  integer_param(id, "T", T);
  Scratch<2> t;
  B_at(t[0], id, p, d, 4, prec);
  second_moment(t[1], d, L, sigma, prec);
  arb_mul(t[1], t[1], T, prec);
  arb_sqrtpos(t[1], t[1], prec);  // sqrt((L^2 + d sigma^2) T)
  if (reading_index(p + 6 + 2 * d) == 0)
    arb_div(res, t[0], t[1], prec);  // eta* = B/sqrt((L^2 + d sigma^2) T) (MIP Thm 2)
  else
    arb_mul(res, t[0], t[1], prec);  // the bound there, B sqrt((L^2 + d sigma^2) T) (MIP Thm 2)
}

void thm4(arb_t res, arb_srcptr p, slong prec) {
  const char* id = "MIP.bound.thm4";
  const slong d = dim_of(id, p);
  arb_srcptr eta = p + 1, delta = p + 2, T = p + 3, L = p + 4, sigma = p + 5, F = p + 6;
  integer_param(id, "T", T);
  const int which = reading_index(p + 9 + 2 * d);
  Scratch<4> t;
  B_at(t[0], id, p, d, 7, prec);
  arb_sqr(t[0], t[0], prec);
  arb_div(t[0], t[0], eta, prec);
  arb_mul_2exp_si(t[0], t[0], -1);  // B^2/(2 eta)
  arb_div(t[1], F, which == 0 ? eta : delta, prec);  // F/eta as printed, F/delta corrected
  arb_add(t[1], t[1], L, prec);
  arb_sqr(t[1], t[1], prec);
  arb_mul_si(t[1], t[1], d, prec);
  arb_mul_si(t[1], t[1], d, prec);  // d^2 (X + L)^2
  arb_sqr(t[2], sigma, prec);
  arb_addmul_si(t[1], t[2], d, prec);  // + d sigma^2
  arb_mul(t[1], t[1], T, prec);
  arb_mul(t[1], t[1], eta, prec);
  arb_mul_2exp_si(t[1], t[1], -1);
  arb_mul(t[3], T, L, prec);
  arb_mul(t[3], t[3], delta, prec);
  arb_mul_ui(t[3], t[3], 3, prec);  // 3 T L delta
  arb_add(res, t[0], t[1], prec);
  arb_add(res, res, t[3], prec);  // MIP Thm 4
}

void eta_delta_bandit(arb_t res, arb_srcptr p, slong prec) {
  integer_param("MIP.const.eta_delta_bandit", "T", p + 2);
  const int which = reading_index(p + 3);
  Scratch<1> e;
  arb_set_si(e[0], which == 0 ? -3 : -1);
  arb_mul_2exp_si(e[0], e[0], -2);
  arb_pow(e[0], p + 2, e[0], prec);
  arb_mul(res, which == 0 ? p : p + 1, e[0], prec);  // eta_scale T^{-3/4}, delta_scale T^{-1/4} (MIP Thm 4)
}

void fixed_C_tradeoff(arb_t res, arb_srcptr p, slong prec) {
  const char* id = "MIP.bound.fixed_C_tradeoff";
  const slong d = dim_of(id, p);
  arb_srcptr C = p + 1, L = p + 2, T = p + 3;
  integer_param(id, "T", T);
  Scratch<2> t;
  B_at(t[0], id, p, d, 4, prec);
  // L^2 + d sigma(C)^2 = L^2 (1 + 1/expm1(2C'/d)) = L^2/(1 - e^{-2C'/d}): Thm 2 at eta* with sigma = sigma(C)
  to_nats(t[1], C, reading_index(p + 6 + 2 * d), prec);
  arb_mul_2exp_si(t[1], t[1], 1);
  arb_div_si(t[1], t[1], d, prec);
  arb_neg(t[1], t[1]);
  arb_expm1(t[1], t[1], prec);
  arb_neg(t[1], t[1]);  // 1 - e^{-2C'/d}
  arb_div(t[1], T, t[1], prec);
  arb_sqrtpos(t[1], t[1], prec);
  arb_mul(res, t[0], L, prec);
  arb_mul(res, res, t[1], prec);
}

}  // namespace privoco::reference::mip
