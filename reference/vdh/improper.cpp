// VDH improper prior, certified: series (lambda <= 6, mu <= 8), erf/erfcx closed forms elsewhere, quadrature as
// the independent route. Definitions in improper.hpp.
#include "improper.hpp"

#include <algorithm>
#include <cmath>

#include <acb_calc.h>
#include <arb_hypgeom.h>

#include "../numerics/monotone.hpp"
#include "../numerics/scratch.hpp"
#include "common.hpp"

namespace privoco::reference::vdh {
using namespace numerics;
using namespace detail;

namespace {
using Tmp = numerics::Scratch<10>;  // scratch balls, freed on scope exit

// C = 1/(5G), lambda = C |L|, mu = C^2 V.
void reduce(arb_t C, arb_t lambda, arb_t mu, arb_srcptr L, arb_srcptr V, arb_srcptr G, slong prec) {
  arb_mul_ui(C, G, 5, prec);
  arb_inv(C, C, prec);
  arb_mul(lambda, C, L, prec);
  arb_abs(lambda, lambda);
  arb_sqr(mu, C, prec);
  arb_mul(mu, mu, V, prec);
}

// h(lambda) - h(-lambda) = 2 sum_j lambda^{2j+1}/(2j+1)! M_{2j+1}(mu) (expand sinh(lambda x); positive terms);
// the tail after J terms is <= 2 lambda M_1 * (tail of sum lambda^{2j}/(2j+1)!), as M_{2j+1} <= M_1.
void odd_series(arb_t res, const arb_t lambda, const arb_t mu, slong prec) {
  arb_t tail, term, l2, sum;
  arb_init(tail); arb_init(term); arb_init(l2); arb_init(sum);
  const slong J = series_terms_ball(lambda, prec, 1, tail);
  arb_ptr M = _arb_vec_init(J + 1);
  moments_ball(M, J, mu, prec, 1);
  arb_sqr(l2, lambda, prec);
  arb_one(term);
  arb_set(sum, M + 0);
  for (slong j = 1; j <= J; ++j) {
    arb_mul(term, term, l2, prec);
    arb_div_ui(term, term, static_cast<ulong>((2 * j) * (2 * j + 1)), prec);
    arb_addmul(sum, term, M + j, prec);
  }
  arb_mul(tail, tail, M + 0, prec);
  arb_get_abs_ubound_arf(arb_midref(term), tail, prec);
  mag_zero(arb_radref(term));
  arb_add_error(sum, term);
  arb_mul(res, sum, lambda, prec);
  arb_mul_2exp_si(res, res, 1);
  _arb_vec_clear(M, J + 1);
  arb_clear(tail); arb_clear(term); arb_clear(l2); arb_clear(sum);
}

// h(lambda) - h(-lambda) for lambda > 0, mu > 0 by erf/erfcx, with s = sqrt(mu), k = sqrt(pi)/(2s),
// c = lambda/(2s), beta = (lambda + 2mu)/(2s), a = (lambda - 2mu)/(2s):
//   h(-lambda) = k [erfcx(c) - e^{-lambda-mu} erfcx(beta)]                       (complete the square; e^{c^2} erfc)
//   h(lambda)  = k e^{lambda^2/(4mu)} (erf(-a) + erf(c))            if a < 0 (peak inside [0, 1])
//              = k [e^{lambda-mu} erfcx(a) - erfcx(c)]               if a >= 0 (peak beyond x = 1)
void odd_closed(arb_t res, const arb_t lambda, const arb_t mu, slong prec) {
  Tmp t;
  arb_sqrt(t[0], mu, prec);              // s
  arb_mul_2exp_si(t[1], t[0], 1);        // 2s
  arb_div(t[2], lambda, t[1], prec);     // c
  arb_mul_2exp_si(t[3], mu, 1);          // 2mu
  arb_add(t[4], lambda, t[3], prec);
  arb_div(t[4], t[4], t[1], prec);       // beta
  arb_sub(t[5], lambda, t[3], prec);
  arb_div(t[5], t[5], t[1], prec);       // a
  mono(t[6], t[2], Mono::erfcx, prec);   // erfcx(c)
  mono(t[7], t[4], Mono::erfcx, prec);   // erfcx(beta)
  arb_add(t[8], lambda, mu, prec);
  arb_neg(t[8], t[8]);
  arb_exp(t[8], t[8], prec);
  arb_mul(t[7], t[7], t[8], prec);       // e^{-lambda-mu} erfcx(beta)
  arb_sub(t[7], t[7], t[6], prec);       // -h(-lambda)/k
  if (arf_sgn(arb_midref(t[5])) < 0) {
    arb_neg(t[5], t[5]);
    mono(t[8], t[5], Mono::erf, prec);
    mono(t[9], t[2], Mono::erf, prec);
    arb_add(t[8], t[8], t[9], prec);
    arb_sqr(t[9], lambda, prec);
    arb_div(t[9], t[9], mu, prec);
    arb_mul_2exp_si(t[9], t[9], -2);
    arb_exp(t[9], t[9], prec);
    arb_mul(t[8], t[8], t[9], prec);     // h(lambda)/k
  } else {
    mono(t[8], t[5], Mono::erfcx, prec);
    arb_sub(t[9], lambda, mu, prec);
    arb_exp(t[9], t[9], prec);
    arb_mul(t[8], t[8], t[9], prec);
    arb_sub(t[8], t[8], t[6], prec);     // h(lambda)/k
  }
  arb_add(t[8], t[8], t[7], prec);
  arb_const_sqrt_pi(t[9], prec);
  arb_mul(t[8], t[8], t[9], prec);
  arb_div(res, t[8], t[1], prec);
}

// Extra bits beyond evaluate.cpp's slack: exponents up to max(lambda, mu), and the difference h(lambda) -
// h(-lambda) when the peak is inside and lambda^2/(4mu) is small (relative size ~ lambda/sqrt(mu)).
slong hint_bits(const arb_t lambda, const arb_t mu) {
  const double l = arf_get_d(arb_midref(lambda), ARF_RND_NEAR), m = arf_get_d(arb_midref(mu), ARF_RND_NEAR);
  double loss = std::log2(std::max({1.0, l, m}));
  if (l < 2 * m && l > 0) loss += std::max(0.0, std::log2(2 * std::sqrt(m) / l));
  return (loss > 22 && std::isfinite(loss)) ? static_cast<slong>(std::ceil(loss)) - 20 : 0;
}
}  // namespace

void pred_improper(arb_t res, arb_srcptr p, slong prec) {
  const int sL = sign_of(p + 0);
  if (sL == 0) { arb_zero(res); return; }  // odd in L
  Tmp t;
  reduce(t[0], t[1], t[2], p + 0, p + 1, p + 2, prec);
  if (arb_is_zero(p + 1)) {  // V = 0: int_{-1}^{1} sign(x) e^{lambda x} dx = 2 (cosh lambda - 1)/lambda = 4 sinh^2(lambda/2)/lambda
    arb_mul_2exp_si(t[3], t[1], -1);
    arb_sinh(t[3], t[3], prec);
    arb_sqr(t[3], t[3], prec);
    arb_mul_2exp_si(t[3], t[3], 2);
    arb_div(t[3], t[3], t[1], prec);
  } else if (sL != 2 && arf_cmp_si(arb_midref(t[1]), 6) <= 0 && arf_cmp_si(arb_midref(t[2]), 8) <= 0) {
    odd_series(t[3], t[1], t[2], prec);
  } else {
    if (slong extra = hint_bits(t[1], t[2])) {
      prec += extra;
      reduce(t[0], t[1], t[2], p + 0, p + 1, p + 2, prec);
    }
    odd_closed(t[3], t[1], t[2], prec);
  }
  arb_mul(res, t[3], t[0], prec);
  if (sL == -1) arb_neg(res, res);
}

// VDH (3.8.1) literally: sqrt(pi) e^{L^2/(4B)} (2 erf(L/(2 sqrt B)) - erf((L+2CB)/(2 sqrt B)) - erf((L-2CB)/(2 sqrt B)))
// / (2 sqrt B), B = V (no b, §3.8), with Arb's erf on the balls as they come (no rearrangement).
void pred_improper_printed(arb_t res, arb_srcptr p, slong prec) {
  Tmp t;
  arb_srcptr L = p + 0, B = p + 1;
  arb_mul_ui(t[0], p + 2, 5, prec);
  arb_inv(t[0], t[0], prec);             // C
  arb_sqrt(t[1], B, prec);
  arb_mul_2exp_si(t[1], t[1], 1);        // 2 sqrt B
  arb_div(t[2], L, t[1], prec);
  arb_hypgeom_erf(t[2], t[2], prec);
  arb_mul_2exp_si(t[2], t[2], 1);        // 2 erf(L/(2 sqrt B))
  arb_mul(t[3], t[0], B, prec);
  arb_mul_2exp_si(t[3], t[3], 1);        // 2CB
  arb_add(t[4], L, t[3], prec);
  arb_div(t[4], t[4], t[1], prec);
  arb_hypgeom_erf(t[4], t[4], prec);
  arb_sub(t[5], L, t[3], prec);
  arb_div(t[5], t[5], t[1], prec);
  arb_hypgeom_erf(t[5], t[5], prec);
  arb_sub(t[2], t[2], t[4], prec);
  arb_sub(t[2], t[2], t[5], prec);
  arb_sqr(t[6], L, prec);
  arb_div(t[6], t[6], B, prec);
  arb_mul_2exp_si(t[6], t[6], -2);
  arb_exp(t[6], t[6], prec);
  arb_mul(t[2], t[2], t[6], prec);
  arb_const_sqrt_pi(t[7], prec);
  arb_mul(t[2], t[2], t[7], prec);
  arb_div(res, t[2], t[1], prec);
}

// Quadrature: C [int_0^1 e^{lambda x - mu x^2} dx - int_0^1 e^{-lambda x - mu x^2} dx], each by acb_calc_integrate.
void pred_improper_integral(arb_t res, arb_srcptr p, slong prec) {
  Tmp t;
  reduce(t[0], t[1], t[2], p + 0, p + 1, p + 2, prec);
  integral(t[3], t[1], t[2], 0, prec, 0);
  arb_neg(t[4], t[1]);
  integral(t[5], t[4], t[2], 0, prec, 0);
  arb_sub(t[3], t[3], t[5], prec);
  arb_mul(res, t[3], t[0], prec);
  if (sign_of(p + 0) == -1) arb_neg(res, res);
}

// ---- potential ----
namespace {
// Ein(mu) = int_0^mu (1 - e^{-s})/s ds = sum_{k>=1} (-1)^{k+1} mu^k/(k k!), by the series for mu <= 8 (ball
// arithmetic absorbs the alternation), else gamma + ln mu + E1(mu).
void ein(arb_t res, const arb_t mu, slong prec) {
  if (arb_is_zero(mu)) { arb_zero(res); return; }
  if (arf_cmp_si(arb_midref(mu), 8) > 0) {
    arb_t s, t;
    arb_init(s); arb_init(t);
    arb_one(s);
    arb_hypgeom_expint(t, s, mu, prec);  // E1(mu)
    arb_log(s, mu, prec);
    arb_add(t, t, s, prec);
    arb_const_euler(s, prec);
    arb_add(res, t, s, prec);
    arb_clear(s); arb_clear(t);
    return;
  }
  const slong wp = prec + 16;  // the alternating terms reach mu^mu/mu! <= e^8: 12 bits of cancellation
  arb_t term, sum, q;
  arb_init(term); arb_init(sum); arb_init(q);
  arb_one(term);
  arb_zero(sum);
  const double m = arf_get_d(arb_midref(mu), ARF_RND_UP);
  double lt = 0;
  for (ulong k = 1;; ++k) {
    arb_mul(term, term, mu, wp);
    arb_div_ui(term, term, k, wp);         // mu^k/k!
    arb_div_ui(q, term, k, wp);
    if (k % 2) arb_add(sum, sum, q, wp);
    else arb_sub(sum, sum, q, wp);
    lt += std::log2(m + 1e-300) - std::log2(static_cast<double>(k));
    if (k > 2 * m && lt < -static_cast<double>(wp) - 10) {  // decreasing terms: the tail is below the next term
      mag_t e;
      mag_init(e);
      arb_get_mag(e, term);
      arb_add_error_mag(sum, e);
      mag_clear(e);
      break;
    }
  }
  arb_set_round(res, sum, prec);
  arb_clear(term); arb_clear(sum); arb_clear(q);
}

// 2 sum_{j>=1} lambda^{2j}/(2j)! M_{2j-1}(mu) (expand cosh(lambda x) - 1), positive terms; tail bounded with
// M_{2j-1} <= M_1 and the tail of sum lambda^{2j}/(2j)!.
void even_series(arb_t res, const arb_t lambda, const arb_t mu, slong prec) {
  arb_t tail, term, l2, sum;
  arb_init(tail); arb_init(term); arb_init(l2); arb_init(sum);
  const slong J = series_terms_ball(lambda, prec, 0, tail, 1);
  arb_ptr M = _arb_vec_init(J + 1);
  moments_ball(M, J, mu, prec, 1);  // M[j] = M_{2j+1}
  arb_sqr(l2, lambda, prec);
  arb_one(term);
  arb_zero(sum);
  for (slong j = 1; j <= J; ++j) {
    arb_mul(term, term, l2, prec);
    arb_div_ui(term, term, static_cast<ulong>((2 * j - 1) * (2 * j)), prec);
    arb_addmul(sum, term, M + (j - 1), prec);
  }
  arb_mul(tail, tail, M + 0, prec);
  arb_get_abs_ubound_arf(arb_midref(term), tail, prec);
  mag_zero(arb_radref(term));
  arb_add_error(sum, term);
  arb_mul_2exp_si(res, sum, 1);
  _arb_vec_clear(M, J + 1);
  arb_clear(tail); arb_clear(term); arb_clear(l2); arb_clear(sum);
}

// Entire functions for the quadrature: c1(y) = (cosh y - 1)/y and e1(q) = (1 - e^{-q})/q, by their Taylor series
// with a remainder bound where |arg| <= 1/2 (a ball around 0 cannot be divided by), directly elsewhere.
void c1(acb_t res, const acb_t y, slong prec) {
  mag_t m;
  mag_init(m);
  acb_get_mag(m, y);
  if (mag_cmp_2exp_si(m, -1) <= 0) {
    acb_t y2, t;
    acb_init(y2); acb_init(t);
    acb_sqr(y2, y, prec);
    acb_zero(res);
    acb_set(t, y);
    acb_mul_2exp_si(t, t, -1);                          // y/2!
    const slong K = prec / 2 + 4;                       // |y|^{2k+1}/(2k+2)! < 2^{-2k-1}/(2k+2)!
    for (slong k = 1; k <= K; ++k) {
      acb_add(res, res, t, prec);
      acb_mul(t, t, y2, prec);
      acb_div_ui(t, t, static_cast<ulong>((2 * k + 1) * (2 * k + 2)), prec);
    }
    mag_t e;
    mag_init(e);
    acb_get_mag(e, t);
    mag_mul_2exp_si(e, e, 1);                           // geometric tail, ratio <= 1/4
    acb_add_error_mag(res, e);
    mag_clear(e);
    acb_clear(y2); acb_clear(t);
  } else {
    acb_cosh(res, y, prec);
    acb_sub_ui(res, res, 1, prec);
    acb_div(res, res, y, prec);
  }
  mag_clear(m);
}

void e1(acb_t res, const acb_t q, slong prec) {
  mag_t m;
  mag_init(m);
  acb_get_mag(m, q);
  if (mag_cmp_2exp_si(m, -1) <= 0) {
    acb_t t;
    acb_init(t);
    acb_one(t);
    acb_zero(res);
    const slong K = prec + 4;
    for (slong k = 0; k <= K; ++k) {                   // sum (-q)^k/(k+1)!
      acb_div_ui(t, t, static_cast<ulong>(k + 1), prec);
      acb_add(res, res, t, prec);
      acb_mul(t, t, q, prec);
      acb_neg(t, t);
    }
    mag_t e;
    mag_init(e);
    acb_get_mag(e, t);
    mag_mul_2exp_si(e, e, 1);
    acb_add_error_mag(res, e);
    mag_clear(e);
    acb_clear(t);
  } else {
    acb_neg(res, q);
    acb_exp(res, res, prec);
    acb_sub_ui(res, res, 1, prec);
    acb_neg(res, res);
    acb_div(res, res, q, prec);
  }
  mag_clear(m);
}

struct PotIntegrand {
  arb_t lambda, mu, shift;  // integrand e^{-shift} 2 [lambda e^{-mu x^2} c1(lambda x) - mu x e1(mu x^2)]
};

// (e^{lambda x - mu x^2} + e^{-lambda x - mu x^2} - 2)/x = 2 [lambda e^{-mu x^2} c1(lambda x) - mu x e1(mu x^2)]
int pot_integrand(acb_ptr out, const acb_t x, void* param, slong /*order*/, slong prec) {
  auto* q = static_cast<PotIntegrand*>(param);
  acb_t y, a, b, x2;
  acb_init(y); acb_init(a); acb_init(b); acb_init(x2);
  acb_mul_arb(y, x, q->lambda, prec);
  c1(a, y, prec);
  acb_mul_arb(a, a, q->lambda, prec);
  acb_sqr(x2, x, prec);
  acb_mul_arb(x2, x2, q->mu, prec);                     // mu x^2
  acb_neg(b, x2);
  acb_exp(b, b, prec);
  acb_mul(a, a, b, prec);                               // lambda e^{-mu x^2} c1(lambda x)
  e1(b, x2, prec);
  acb_mul(b, b, x, prec);
  acb_mul_arb(b, b, q->mu, prec);                       // mu x e1(mu x^2)
  acb_sub(a, a, b, prec);
  acb_mul_2exp_si(a, a, 1);
  if (!arb_is_zero(q->shift)) {
    arb_t s;
    arb_init(s);
    arb_neg(s, q->shift);
    arb_exp(s, s, prec);
    acb_mul_arb(a, a, s, prec);
    arb_clear(s);
  }
  acb_set(out, a);
  acb_clear(y); acb_clear(a); acb_clear(b); acb_clear(x2);
  return 0;
}
}  // namespace

void pot_improper_series(arb_t res, arb_srcptr p, slong prec) {
  Tmp t;
  reduce(t[0], t[1], t[2], p + 0, p + 1, p + 2, prec);
  even_series(t[3], t[1], t[2], prec);
  ein(t[4], t[2], prec);
  arb_sub(res, t[3], t[4], prec);
}

void pot_improper_integral(arb_t res, arb_srcptr p, slong prec) {
  Tmp t;
  reduce(t[0], t[1], t[2], p + 0, p + 1, p + 2, prec);
  PotIntegrand q;
  arb_init(q.lambda); arb_init(q.mu); arb_init(q.shift);
  arb_set(q.lambda, t[1]);
  arb_set(q.mu, t[2]);
  // scale by the largest exponent of e^{lambda x - mu x^2} on [0, 1] (exact, from midpoints), so the integrand is
  // O(1) at its peak; the absolute tolerance 2^-prec then is relative to the scale
  peak_shift(q.shift, arf_get_d(arb_midref(t[1]), ARF_RND_NEAR), arf_get_d(arb_midref(t[2]), ARF_RND_NEAR));
  acb_t a, b;
  acb_init(a); acb_init(b);
  acb_zero(a);
  acb_one(b);
  mag_t none;
  mag_init(none);
  scaled_integral(res, pot_integrand, &q, a, b, q.shift, none, 2000000, prec);
  mag_clear(none);
  acb_clear(a); acb_clear(b);
  arb_clear(q.lambda); arb_clear(q.mu); arb_clear(q.shift);
}

namespace {
// The integrand (e^{E(v)} - e^{-s})/(c0 + c1 v), E(v) = -(a2 v^2 + a1 v + a0): e^{f(x) - s}/x less the -1/x term,
// in v = t = 1 - x (c0 = 1, c1 = -1) or v = y = x - x_c around an inner peak (c0 = x_c, c1 = 1, E = -mu y^2: no
// cancellation between lambda x and mu x^2, which ball arithmetic over a complex ball cannot see).
struct WindowIntegrand {
  arb_t a2, a1, a0, s, c0;
  int c1;
};

void window_exponent(arb_t e, const arb_t v, const WindowIntegrand& q, slong prec) {  // E(v), balls
  arb_mul(e, q.a2, v, prec);
  arb_add(e, e, q.a1, prec);
  arb_mul(e, e, v, prec);
  arb_add(e, e, q.a0, prec);
  arb_neg(e, e);
}

int window_integrand(acb_ptr out, const acb_t v, void* param, slong /*order*/, slong prec) {
  auto* q = static_cast<WindowIntegrand*>(param);
  acb_t e, d;
  acb_init(e); acb_init(d);
  acb_mul_arb(e, v, q->a2, prec);
  acb_add_arb(e, e, q->a1, prec);
  acb_mul(e, e, v, prec);
  acb_add_arb(e, e, q->a0, prec);
  acb_neg(e, e);
  acb_exp(e, e, prec);
  arb_t es;
  arb_init(es);
  arb_neg(es, q->s);
  arb_exp(es, es, prec);
  acb_sub_arb(e, e, es, prec);
  acb_mul_si(d, v, q->c1, prec);
  acb_add_arb(d, d, q->c0, prec);
  acb_div(out, e, d, prec);
  arb_clear(es);
  acb_clear(e); acb_clear(d);
  return 0;
}

// res += an unknown value in [lo, hi].
void add_interval(arb_t res, const arb_t lo, const arb_t hi, slong prec) {
  arb_t m;
  arb_init(m);
  arb_union(m, lo, hi, prec);
  arb_add(res, res, m, prec);
  arb_clear(m);
}
}  // namespace

// F = G1 + G2 with G1 = int_0^1 (e^{f} - 1)/x dx, f = lambda x - mu x^2, G2 = int_0^1 (e^{-lambda x - mu x^2} - 1)/x dx.
// Where f's maximum s over [0, 1] exceeds 2K (K = (prec + 40) ln 2), G1 is integrated only over the window
// [x_lo, x_hi] where f > s - K (in t = 1 - x when the peak is in the upper half, else in x), and the rest is bounded:
// on [0, x_lo] (f increasing, f <= f(x_lo)) by |e^f - 1|/x <= (lambda + mu) e^{max(0, f(x_lo))}; on [x_hi, 1] (f
// decreasing) int (e^f - 1)/x = ln x_hi + [0, (1 - x_hi) e^{f(x_hi)}/x_hi]; G2 in [-Ein(lambda + mu), 0] with
// Ein(z) <= 1 + ln max(z, 1). (Quadrature over all of [0, 1] needs intervals of width 1/lambda near the peak and
// does not finish for lambda >~ 1e15.) False: not applicable.
static bool pot_improper_window(arb_t res, const arb_t lambda, const arb_t mu, slong prec) {
  Tmp t;
  arb_ptr two_mu = t[0], s = t[1], K = t[2], xc = t[6], xlo = t[7], xhi = t[8];
  arb_set_d(K, static_cast<double>(prec + 40) * 0.6931471805599453 + 8);
  arb_mul_2exp_si(two_mu, mu, 1);
  // the peak inside (lambda < 2 mu), else at x = 1; where the balls cannot tell, the edge form (its shift f(1) need
  // not be the maximum; its bounds only need x_lo <= x_c, checked below)
  const bool edge = !arb_lt(lambda, two_mu);
  if (edge) {
    arb_sub(s, lambda, mu, prec);                 // s = f(1)
    if (arb_ge(lambda, two_mu)) arb_one(xc);
    else arb_div(xc, lambda, two_mu, prec);       // ~1
  } else {
    arb_sqr(s, lambda, prec);                     // s = lambda^2/(4 mu) at x_c = lambda/(2 mu)
    arb_div(s, s, mu, prec);
    arb_mul_2exp_si(s, s, -2);
    arb_div(xc, lambda, two_mu, prec);
  }
  arb_mul_2exp_si(t[5], K, 1);
  if (!arb_gt(s, t[5])) return false;             // applicable: s > 2K (then the window is inside (0, 1])
  // from here on this is the route: where the balls are too wide to place the window, the result is indeterminate
  // and the caller's precision rises (the quadrature over [0, 1] would not finish)
  WindowIntegrand q;
  arb_init(q.a2); arb_init(q.a1); arb_init(q.a0); arb_init(q.s); arb_init(q.c0);
  arb_set(q.s, s);
  arb_set(q.a2, mu);
  arf_t lo, hi;
  arf_init(lo); arf_init(hi);
  arb_div(t[4], K, mu, prec);
  arb_sqrt(t[4], t[4], prec);                     // r = sqrt(K/mu): f(x_c -+ r) = s - K for an inner peak
  arb_add(t[3], xc, t[4], prec);
  const bool upper = edge || arf_cmp_si(arb_midref(t[3]), 1) >= 0;  // the window reaches x = 1
  if (upper) {  // v = t = 1 - x: E(t) = -(mu t^2 + (lambda - 2 mu) t + a0), magnitudes <= ~K (t <= 2r or edge)
    arb_one(q.c0);
    q.c1 = -1;
    arb_sub(q.a1, lambda, two_mu, prec);
    if (edge) {  // E(delta) = -K: delta = 2K / ((lambda - 2mu) + sqrt((lambda - 2mu)^2 + 4 mu K))
      arb_zero(q.a0);
      arb_sqr(t[3], q.a1, prec);
      arb_mul(t[4], mu, K, prec);
      arb_mul_2exp_si(t[4], t[4], 2);
      arb_add(t[3], t[3], t[4], prec);
      arb_sqrt(t[3], t[3], prec);
      arb_add(t[3], t[3], q.a1, prec);
      arb_mul_2exp_si(t[4], K, 1);
      arb_div(t[3], t[4], t[3], prec);
      arf_zero(lo);
      arf_set(hi, arb_midref(t[3]));
    } else {  // a0 = (2mu - lambda)^2/(4mu); window t_c -+ r, t_c = 1 - x_c
      arb_sub(t[3], two_mu, lambda, prec);
      arb_sqr(q.a0, t[3], prec);
      arb_div(q.a0, q.a0, mu, prec);
      arb_mul_2exp_si(q.a0, q.a0, -2);
      arb_div(t[3], t[3], two_mu, prec);
      arb_add(t[5], t[3], t[4], prec);
      arf_set(hi, arb_midref(t[5]));
      arb_sub(t[5], t[3], t[4], prec);
      if (arf_sgn(arb_midref(t[5])) > 0) arf_set(lo, arb_midref(t[5]));
      else arf_zero(lo);
    }
    arb_set_arf(xlo, hi);
    arb_sub_ui(xlo, xlo, 1, prec);
    arb_neg(xlo, xlo);                            // x_lo = 1 - hi
    arb_set_arf(xhi, lo);
    arb_sub_ui(xhi, xhi, 1, prec);
    arb_neg(xhi, xhi);                            // x_hi = 1 - lo
  } else {  // v = y = x - x_c in [-r, r]: E(y) = -mu y^2
    arb_set(q.c0, xc);
    q.c1 = 1;
    arb_zero(q.a1);
    arb_zero(q.a0);
    arf_set(hi, arb_midref(t[4]));
    arf_neg(lo, hi);
    arb_set_arf(t[5], lo);
    arb_add(xlo, xc, t[5], prec);
    arb_set_arf(t[5], hi);
    arb_add(xhi, xc, t[5], prec);
  }
  // the bounds need 0 < x_lo <= x_c <= x_hi <= 1 (f increasing below the window, decreasing above it)
  arb_one(t[5]);
  const bool ok = arb_is_positive(xlo) && arb_le(xlo, xc) && ((upper && arf_is_zero(lo)) || arb_ge(xhi, xc)) &&
                  arb_le(xhi, t[5]);  // x_hi >= x_c matters only below x = 1
  if (!ok) arb_indeterminate(res);
  if (ok) {
    acb_t a, b;
    acb_init(a); acb_init(b);
    arb_set_arf(acb_realref(a), lo);
    arb_set_arf(acb_realref(b), hi);
    mag_t none;
    mag_init(none);
    scaled_integral(res, window_integrand, &q, a, b, s, none, 200000, prec);  // e^s int_lo^hi ...
    mag_clear(none);
    acb_clear(a); acb_clear(b);
    // [0, x_lo]: |.| <= x_lo (lambda + mu) e^{max(0, f(x_lo))}, f(x_lo) = s + E(v at x_lo)
    arb_set_arf(t[3], upper ? hi : lo);
    window_exponent(t[4], t[3], q, prec);
    arb_add(t[4], t[4], s, prec);
    arb_nonnegative_part(t[4], t[4]);
    arb_exp(t[4], t[4], prec);
    arb_add(t[5], lambda, mu, prec);
    arb_mul(t[4], t[4], t[5], prec);
    arb_mul(t[4], t[4], xlo, prec);
    arb_neg(t[5], t[4]);
    add_interval(res, t[5], t[4], prec);
    if (!(upper && arf_is_zero(lo))) {  // [x_hi, 1]: ln x_hi + [0, (1 - x_hi) e^{f(x_hi)}/x_hi]
      arb_set_arf(t[3], upper ? lo : hi);
      window_exponent(t[4], t[3], q, prec);
      arb_add(t[4], t[4], s, prec);
      arb_exp(t[4], t[4], prec);
      arb_sub_ui(t[3], xhi, 1, prec);
      arb_neg(t[3], t[3]);
      arb_mul(t[4], t[4], t[3], prec);
      arb_div(t[4], t[4], xhi, prec);
      arb_log(t[3], xhi, prec);
      arb_add(res, res, t[3], prec);
      arb_zero(t[3]);
      add_interval(res, t[3], t[4], prec);
    }
    arb_add(t[3], lambda, mu, prec);              // G2 in [-(1 + ln(lambda + mu)), 0]; lambda + mu > s > 2K > 1
    arb_log(t[3], t[3], prec);
    arb_add_ui(t[3], t[3], 1, prec);
    arb_neg(t[4], t[3]);
    arb_zero(t[5]);
    add_interval(res, t[4], t[5], prec);
  }
  arf_clear(lo); arf_clear(hi);
  arb_clear(q.a2); arb_clear(q.a1); arb_clear(q.a0); arb_clear(q.s); arb_clear(q.c0);
  return true;
}

// For large mu (>= 64) where the window does not apply (the exponent's maximum s <= 2K): F = H - Ein(mu),
// H = 2 int_0^1 (cosh(lambda x) - 1) e^{-mu x^2}/x dx = sum_{j>=1} lambda^{2j}/(2j)! gamma(j, mu)/mu^j (expand cosh;
// int_0^1 x^{2j-1} e^{-mu x^2} dx = gamma(j, mu)/(2 mu^j)); positive terms, with U_k = lambda^{2k} (k-1)!/((2k)! mu^k)
// >= term k and U_{k+1}/U_k <= lambda^2/(4 mu k): past k = lambda^2/(2 mu) the tail after J is <= 2 U_{J+1}.
// (The quadrature needs intervals of width 1/sqrt(mu) and does not finish for mu >~ 1e30.)
// g = gamma(j, mu)/mu^j = 2 int_0^1 x^{2j-1} e^{-mu x^2} dx. Arb's lower incomplete gamma for j <= mu; above, where
// it subtracts nearly equal numbers, the series e^{-mu} sum_k mu^k/(j (j+1) ... (j+k)) (ratios mu/(j+k+1) < 1,
// decreasing: the tail after term N is <= term_N r_N/(1 - r_N)).
static void gamma_lower_scaled(arb_t g, slong j, const arb_t mu, slong prec) {
  Tmp t;
  if (arf_cmp_si(arb_midref(mu), j) >= 0) {
    arb_set_si(t[0], j);
    arb_hypgeom_gamma_lower(t[1], t[0], mu, 0, prec);
    arb_pow_ui(t[2], mu, static_cast<ulong>(j), prec);
    arb_div(g, t[1], t[2], prec);
    return;
  }
  arb_set_si(t[0], j);
  arb_inv(t[0], t[0], prec);                      // term_0 = 1/j
  arb_set(t[1], t[0]);                            // sum
  for (slong k = 1;; ++k) {
    arb_mul(t[0], t[0], mu, prec);
    arb_div_si(t[0], t[0], j + k, prec);
    arb_add(t[1], t[1], t[0], prec);
    arb_div_si(t[2], mu, j + k + 1, prec);        // r_k
    arb_sub_ui(t[3], t[2], 1, prec);
    arb_neg(t[3], t[3]);
    arb_div(t[3], t[2], t[3], prec);
    arb_mul(t[3], t[3], t[0], prec);              // tail bound
    arb_mul_2exp_si(t[4], t[1], -prec - 4);
    if (arb_lt(t[3], t[4]) || k > 10 * prec + 100000) {
      arb_get_abs_ubound_arf(arb_midref(t[4]), t[3], prec);
      mag_zero(arb_radref(t[4]));
      arb_add_error(t[1], t[4]);
      break;
    }
  }
  arb_neg(t[2], mu);
  arb_exp(t[2], t[2], prec);
  arb_mul(g, t[1], t[2], prec);
}

static void pot_improper_gamma_series(arb_t res, const arb_t lambda, const arb_t mu, slong prec) {
  Tmp t;
  arb_sqr(t[0], lambda, prec);
  arb_div(t[8], t[0], mu, prec);                  // lambda^2/mu
  const double q = arf_get_d(arb_midref(t[8]), ARF_RND_UP) / 4;  // s_int = lambda^2/(4 mu)
  arb_one(t[1]);                                  // p_j = lambda^{2j}/(2j)!, term j = p_j gamma(j, mu)/mu^j
  arb_zero(t[2]);                                 // H
  for (slong j = 1;; ++j) {
    arb_mul(t[1], t[1], t[0], prec);
    arb_div_ui(t[1], t[1], static_cast<ulong>((2 * j - 1) * (2 * j)), prec);
    gamma_lower_scaled(t[4], j, mu, prec);
    arb_addmul(t[2], t[1], t[4], prec);
    if (j > 2 * q + 2 || j > 100000) {
      // U_{j+1} = p_{j+1} j!/mu^{j+1}
      arb_mul(t[5], t[1], t[0], prec);
      arb_div_ui(t[5], t[5], static_cast<ulong>((2 * j + 1) * (2 * j + 2)), prec);
      arb_fac_ui(t[6], static_cast<ulong>(j), prec);
      arb_mul(t[5], t[5], t[6], prec);
      arb_pow_ui(t[6], mu, static_cast<ulong>(j + 1), prec);
      arb_div(t[5], t[5], t[6], prec);
      arb_mul_2exp_si(t[5], t[5], 1);
      arb_mul_2exp_si(t[6], t[2], -prec - 4);
      if (arb_lt(t[5], t[6]) || j > 100000) {
        arb_get_abs_ubound_arf(arb_midref(t[6]), t[5], prec);
        mag_zero(arb_radref(t[6]));
        arb_add_error(t[2], t[6]);
        break;
      }
    }
  }
  ein(t[7], mu, prec);
  arb_sub(res, t[2], t[7], prec);
}

void pot_improper_far(arb_t res, arb_srcptr p, slong prec) {
  Tmp t;
  reduce(t[0], t[1], t[2], p + 0, p + 1, p + 2, prec);
  if (!pot_improper_window(res, t[1], t[2], prec)) arb_indeterminate(res);
}

void pot_improper_large_mu(arb_t res, arb_srcptr p, slong prec) {
  Tmp t;
  reduce(t[0], t[1], t[2], p + 0, p + 1, p + 2, prec);
  pot_improper_gamma_series(res, t[1], t[2], prec);
}

void pot_improper(arb_t res, arb_srcptr p, slong prec) {
  if (arb_is_zero(p + 0) && arb_is_zero(p + 1)) { arb_zero(res); return; }  // F(0; 0) = 0
  Tmp t;
  reduce(t[0], t[1], t[2], p + 0, p + 1, p + 2, prec);
  if (arf_cmp_si(arb_midref(t[1]), 6) <= 0 && arf_cmp_si(arb_midref(t[2]), 8) <= 0) pot_improper_series(res, p, prec);
  else if (arb_is_zero(p + 0)) pot_improper_L0(res, p, prec);
  else if (pot_improper_window(res, t[1], t[2], prec)) return;
  else if (arf_cmp_si(arb_midref(t[2]), 64) >= 0) pot_improper_gamma_series(res, t[1], t[2], prec);
  else pot_improper_integral(res, p, prec);
}

void pot_improper_L0(arb_t res, arb_srcptr p, slong prec) {
  Tmp t;
  reduce(t[0], t[1], t[2], p + 0, p + 1, p + 2, prec);
  ein(t[3], t[2], prec);
  arb_neg(res, t[3]);
}

void pot_improper_V0(arb_t res, arb_srcptr p, slong prec) {
  Tmp t;
  reduce(t[0], t[1], t[2], p + 0, p + 1, p + 2, prec);
  if (arb_is_zero(t[1])) { arb_zero(res); return; }
  arb_hypgeom_chi(t[3], t[1], prec);
  arb_log(t[4], t[1], prec);
  arb_sub(t[3], t[3], t[4], prec);
  arb_const_euler(t[4], prec);
  arb_sub(t[3], t[3], t[4], prec);
  arb_mul_2exp_si(res, t[3], 1);
}

}  // namespace privoco::reference::vdh
