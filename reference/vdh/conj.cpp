// VDH conjugate prior: prediction, potential, normaliser, and the printed eq (7), in Arb ball arithmetic.
// Ball arithmetic certifies whatever it returns; the arrangement below keeps the radius small so that the
// escalation in evaluate.cpp rarely has to raise the precision (TOOLCHAIN.md: the erf-difference form of
// eq (7) needs >= 65536 bits at L = 1000, while this form needs ~128).
#include "conj.hpp"
#include "common.hpp"

#include <acb_calc.h>
#include <arb_hypgeom.h>

#include <algorithm>
#include <cmath>

#include "../numerics/monotone.hpp"
#include "../numerics/scratch.hpp"

namespace privoco::reference::vdh {
using namespace numerics;
using namespace detail;
namespace {

using Tmp = numerics::Scratch<8>;  // scratch balls, freed on scope exit

// C = 1/(5G), lambda = C L, mu = C^2 (b + V), mu_b = C^2 b.    (VDH eq (7): B = b + V, C = 1/(5G))
void reduce(arb_t C, arb_t lambda, arb_t mu, arb_t mu_b, arb_srcptr L, arb_srcptr V, arb_srcptr b,
            arb_srcptr G, slong prec) {
  arb_mul_ui(C, G, 5, prec);
  arb_inv(C, C, prec);
  arb_mul(lambda, C, L, prec);
  arb_sqr(mu_b, C, prec);
  arb_add(mu, b, V, prec);
  arb_mul(mu, mu, mu_b, prec);
  arb_mul(mu_b, mu_b, b, prec);
}

// z(mu_b) = int_{-1}^{1} exp(-mu_b x^2) dx = sqrt(pi/mu_b) erf(sqrt(mu_b)).
void z_of(arb_t z, const arb_t mu_b, slong prec) {
  if (arb_is_zero(mu_b)) { arb_set_ui(z, 2); return; }  // uniform prior: int_{-1}^{1} dx
  if (arf_cmp_2exp_si(arb_midref(mu_b), -4) <= 0 && arb_is_nonnegative(mu_b)) {
    // mu_b <= 1/16: z = 2 sum_k (-mu_b)^k/(k! (2k+1)) (expand e^{-mu_b x^2}); alternating with decreasing terms,
    // so the tail is at most the first omitted term. A third of the cost of Arb's erf at 91 bits (callgrind).
    arb_t t, sum;
    arb_init(t); arb_init(sum);
    arb_one(t);
    arb_one(sum);
    const double lm = std::log2(arf_get_d(arb_midref(mu_b), ARF_RND_UP) + 1e-300);
    double lt = 0;  // log2 of the current term's magnitude
    for (ulong k = 1;; ++k) {
      arb_mul(t, t, mu_b, prec);
      if (arb_srcptr r = reciprocal(static_cast<slong>(k), prec)) arb_mul(t, t, r, prec);
      else arb_div_ui(t, t, k, prec);
      arb_neg(t, t);
      lt += lm - std::log2(static_cast<double>(k));
      if (lt < -static_cast<double>(prec) - 8) {  // |term_k| < 2^-(prec+8): bound the tail by it
        mag_t m;
        mag_init(m);
        arb_get_mag(m, t);
        arb_add_error_mag(sum, m);
        mag_clear(m);
        break;
      }
      if (arb_srcptr r = reciprocal(static_cast<slong>(2 * k + 1), prec)) {
        arb_addmul(sum, t, r, prec);
      } else {
        arb_t q;
        arb_init(q);
        arb_div_ui(q, t, 2 * k + 1, prec);
        arb_add(sum, sum, q, prec);
        arb_clear(q);
      }
    }
    arb_mul_2exp_si(z, sum, 1);
    arb_clear(t); arb_clear(sum);
    return;
  }
  arb_t s, t;
  arb_init(s); arb_init(t);
  arb_sqrt(s, mu_b, prec);
  if (arf_cmp_si(arb_midref(mu_b), 64) >= 0 && arf_cmp_si(arb_midref(mu_b), prec) > 0 && arb_is_positive(s)) {
    // erf(s) = 1 - erfc(s), 0 < erfc(s) < e^{-s^2} <= e^{-mu_lo} < 2^-prec: erf(s) in [1 - e^{-mu_lo}, 1]
    // without evaluating erfc (Arb's erf costs ~20k instructions at 91 bits)
    arb_get_lbound_arf(arb_midref(t), mu_b, 64);
    mag_t m;
    mag_init(m);
    arf_get_mag_lower(m, arb_midref(t));
    mag_expinv(m, m);                      // >= e^{-mu_lo}
    arb_one(z);
    arb_add_error_mag(z, m);               // [1 - e, 1 + e] contains erf(s)
    mag_clear(m);
  } else {
    mono(z, s, Mono::erf, prec);
  }
  arb_const_sqrt_pi(t, prec);
  arb_mul(z, z, t, prec);
  arb_div(z, z, s, prec);
  arb_clear(s); arb_clear(t);
}

// i0(lambda, mu) for lambda >= 0, alpha = (2mu - lambda)/(2 sqrt mu), beta = (2mu + lambda)/(2 sqrt mu).
// Peak inside (alpha >= 0): i0 = sqrt(pi)/(2 sqrt mu) e^{lambda^2/(4mu)} (erf(alpha) + erf(beta)), no cancellation.
// Peak outside (alpha < 0): e^{lambda^2/(4mu)} erfc(-alpha) = e^{lambda - mu} erfcx(-alpha), so
//   i0 = sqrt(pi)/(2 sqrt mu) e^{lambda - mu} (erfcx(-alpha) - e^{-2 lambda} erfcx(beta)),
// which avoids e^{huge} * erfc(huge) (their product is moderate, but each ball's radius is not).
void i0_of(arb_t i0, const arb_t lambda, const arb_t mu, slong prec) {
  Tmp t;
  if (arb_is_zero(mu)) {  // i0 = int e^{lambda x} dx = 2 sinh(lambda)/lambda (2 at lambda = 0)
    if (arb_is_zero(lambda)) { arb_set_ui(i0, 2); return; }
    arb_sinh(t[0], lambda, prec);
    arb_div(t[0], t[0], lambda, prec);
    arb_mul_2exp_si(i0, t[0], 1);
    return;
  }
  arb_sqrt(t[0], mu, prec);                 // s
  arb_mul_2exp_si(t[1], mu, 1);             // 2 mu
  arb_sub(t[2], t[1], lambda, prec);        // 2mu - lambda
  arb_add(t[3], t[1], lambda, prec);        // 2mu + lambda
  arb_mul_2exp_si(t[4], t[0], 1);           // 2s
  arb_div(t[2], t[2], t[4], prec);          // alpha
  arb_div(t[3], t[3], t[4], prec);          // beta
  if (arf_sgn(arb_midref(t[2])) >= 0) {
    mono(t[5], t[2], Mono::erf, prec);
    mono(t[6], t[3], Mono::erf, prec);
    arb_add(t[5], t[5], t[6], prec);
    arb_sqr(t[6], lambda, prec);            // lambda^2 / (4 mu)
    arb_div(t[6], t[6], mu, prec);
    arb_mul_2exp_si(t[6], t[6], -2);
  } else {
    arb_neg(t[2], t[2]);
    mono(t[5], t[2], Mono::erfcx, prec);
    mono(t[6], t[3], Mono::erfcx, prec);
    arb_mul_2exp_si(t[7], lambda, 1);
    arb_neg(t[7], t[7]);
    arb_exp(t[7], t[7], prec);
    arb_mul(t[6], t[6], t[7], prec);
    arb_sub(t[5], t[5], t[6], prec);
    arb_sub(t[6], lambda, mu, prec);        // lambda - mu
  }
  arb_exp(t[6], t[6], prec);
  arb_mul(t[5], t[5], t[6], prec);
  arb_const_sqrt_pi(t[6], prec);
  arb_mul(t[5], t[5], t[6], prec);
  arb_div(i0, t[5], t[4], prec);
}

// n = (lambda i0 - 2 exp(-mu) sinh(lambda)) / (2 mu): integrate x e^{lambda x - mu x^2} by parts,
// d/dx e^{...} = (lambda - 2 mu x) e^{...}.
void n_of(arb_t n, const arb_t lambda, const arb_t mu, slong prec) {
  Tmp t;
  // n0 = int x e^{lambda x} dx = 2 (lambda cosh lambda - sinh lambda)/lambda^2: n at mu = 0 (uniform prior, V = 0)
  auto n0 = [&](arb_t out) {
    arb_sinh_cosh(t[1], t[2], lambda, prec);
    arb_mul(t[2], t[2], lambda, prec);
    arb_sub(t[2], t[2], t[1], prec);
    arb_sqr(t[3], lambda, prec);
    arb_div(t[2], t[2], t[3], prec);
    arb_mul_2exp_si(out, t[2], 1);
  };
  if (arb_is_zero(mu)) return n0(n);
  // mu tiny against the precision: n = n0 + E with
  // |E| <= mu int |x|^3 e^{lambda x} dx <= mu e^{|lambda|}/2 (|e^{-mu x^2} - 1| <= mu x^2). The form below divides
  // a difference that cancels to O(mu) by 2 mu: it lost log2(1/mu) bits (mu = 8e-1002: 5824 bits for 17 digits).
  if (arb_is_positive(lambda)) {
    arf_t m;
    arf_init(m);
    arb_get_ubound_arf(m, mu, 64);
    const bool tiny = arf_cmpabs_2exp_si(m, -(prec + 20)) < 0;
    arf_clear(m);
    if (tiny) {
      n0(t[2]);
      arb_abs(t[3], lambda);
      arb_exp(t[3], t[3], prec);
      arb_mul(t[3], t[3], mu, prec);
      arb_mul_2exp_si(t[3], t[3], -1);  // mu e^{|lambda|}/2
      mag_t e;
      mag_init(e);
      arb_get_mag(e, t[3]);
      arb_add_error_mag(t[2], e);
      mag_clear(e);
      // less the bits e^{lambda} costs any route (lambda's rounding: log2 lambda)
      const slong lost = std::max<slong>(0, arf_abs_bound_lt_2exp_si(arb_midref(lambda)));
      if (arb_rel_accuracy_bits(t[2]) >= prec - 16 - lost) {
        arb_set(n, t[2]);
        return;
      }
    }
  }
  i0_of(t[0], lambda, mu, prec);
  arb_mul(t[0], t[0], lambda, prec);
  // 2 e^{-mu} sinh(lambda) = e^{lambda - mu} - e^{-lambda - mu}: sinh(lambda) alone has no finite enclosure below
  // the bits of lambda's exponent (lambda = 6e5001: 16600 bits), though e^{-mu} makes the product tiny
  arb_sub(t[1], lambda, mu, prec);
  arb_exp(t[1], t[1], prec);
  arb_add(t[2], lambda, mu, prec);
  arb_neg(t[2], t[2]);
  arb_exp(t[2], t[2], prec);
  arb_sub(t[1], t[1], t[2], prec);
  arb_sub(t[0], t[0], t[1], prec);
  arb_div(t[0], t[0], mu, prec);
  arb_mul_2exp_si(n, t[0], -1);
}

}  // namespace

namespace detail {
// ---- series route for lambda <= 6, mu <= 8: no cancellation, no special functions ----

// M_k(mu) = int_0^1 x^k e^{-mu x^2} dx satisfies M_k = (e^{-mu} + 2 mu M_{k+2}) / (k+1) and
// e^{-mu}/(k+1) <= M_k <= 1/(k+1); M[j] = M_{2j+odd}. Starting from that enclosure of M_{2n} and recurring down, ball arithmetic
// carries the start's uncertainty, damped by prod 2mu/(k+1); n is chosen so the damping reaches 2^-(prec+20).
void moments_ball(arb_ptr M, slong J, const arb_t mu, slong prec, int odd) {
  const double mu_hi = arf_get_d(arb_midref(mu), ARF_RND_UP) + 1e-300;
  double log_prod = 0;
  slong n = 0;
  const double target = -(static_cast<double>(prec) + 20) * 0.6931471805599453;
  while (log_prod > target || n < J + 4) {
    ++n;
    log_prod += std::log(2 * mu_hi / (2.0 * static_cast<double>(n) + 1));
  }
  arb_t em, m, lo, t;
  arb_init(em); arb_init(m); arb_init(lo); arb_init(t);
  arb_neg(em, mu);
  arb_exp(em, em, prec);
  const ulong top = static_cast<ulong>(2 * n + odd + 1);
  arb_one(m);
  arb_div_ui(m, m, top, prec);
  arb_div_ui(lo, em, top, prec);
  arb_union(m, m, lo, prec);  // enclosure of M_{2n+odd}
  arb_mul_2exp_si(lo, mu, 1);  // 2 mu
  for (slong k = 2 * n - 2 + odd; k >= odd; k -= 2) {
    arb_fma(t, m, lo, em, prec);
    if (arb_srcptr r = reciprocal(k + 1, prec)) arb_mul(m, t, r, prec);
    else arb_div_ui(m, t, static_cast<ulong>(k + 1), prec);
    if ((k - odd) / 2 <= J) arb_set(M + (k - odd) / 2, m);
  }
  arb_clear(em); arb_clear(m); arb_clear(lo); arb_clear(t);
}

// Number of series terms J >= first and the tail bound: sum_{j>J} c_j with c_j = lambda^{2j}/(2j+odd)!, where
// c_{j+1}/c_j <= lambda^2/((2j+1+odd)(2j+2+odd)) < 1/2 from J on, so the tail is <= 2 c_{J+1}; J makes the tail
// 2^-(prec+20) of c_first, the sum's first term (first = 1: a sum without its constant term, whose tail was
// measured against 1: no term at all below lambda = 2^-(prec/2), and the bound's double underflowed to 0 there, so
// (i0 - z)/2 was certified as exactly 0 at L = 1, V = 0, G = 1e308).
slong series_terms_ball(const arb_t lambda, slong prec, int odd, arb_t tail, int first) {
  double l;  // an upper bound of |lambda| over its ball (at least 1e-300)
  arf_t u;
  arf_init(u);
  arb_get_abs_ubound_arf(u, lambda, 64);
  l = arf_get_d(u, ARF_RND_UP) + 1e-300;
  auto log_c_ratio = [&](slong j) {  // log c_{j+1}/c_j
    return 2 * std::log(l) - std::log((2.0 * static_cast<double>(j) + 1 + odd) * (2.0 * static_cast<double>(j) + 2 + odd));
  };
  double target = -(static_cast<double>(prec) + 20) * 0.6931471805599453;
  for (slong j = 0; j < first; ++j) target += log_c_ratio(j);
  double lc = 0;  // log c_j
  slong j = 0;
  for (;;) {
    const double r = log_c_ratio(j);
    if (j >= first && lc + r < target && l * l < 0.5 * (2.0 * j + 1 + odd) * (2.0 * j + 2 + odd)) break;
    lc += r;
    ++j;
  }
  // tail <= 2 u^{2J+2} / (2J+2+odd)!: in double through logarithms (lgamma, log, exp: relative errors ~1e-15),
  // enlarged by 1e-6 relative so that it stays an upper bound; in balls where the double would underflow.
  const double log_tail = static_cast<double>(2 * j + 2) * std::log(l) -
                          std::lgamma(static_cast<double>(2 * j + 3 + odd)) + 0.6931471805599453;
  if (log_tail > -700) {
    arb_set_d(tail, std::exp(log_tail) * (1 + 1e-6));
  } else {
    arb_t f;
    arb_init(f);
    arb_set_arf(tail, u);
    arb_pow_ui(tail, tail, static_cast<ulong>(2 * j + 2), 64);
    arb_fac_ui(f, static_cast<ulong>(2 * j + 2 + odd), 64);
    arb_div(tail, tail, f, 64);
    arb_mul_2exp_si(tail, tail, 1);
    arb_get_ubound_arf(arb_midref(f), tail, 64);
    arb_set_arf(tail, arb_midref(f));
    arb_clear(f);
  }
  arf_clear(u);
  return j;
}

bool series_applies(const arb_t lambda, const arb_t mu) {
  return arf_cmp_si(arb_midref(lambda), 6) <= 0 &&
         arf_cmp_si(arb_midref(mu), 8) <= 0;
}

// n(lambda, mu) = 2 lambda sum_j lambda^{2j}/(2j+1)! M_{2j+2}(mu), lambda >= 0; tail <= 2 lambda M_2 * tail(c).
void n_series(arb_t res, const arb_t lambda, const arb_t mu, slong prec) {
  arb_t tail, term, l2, sum;
  arb_init(tail); arb_init(term); arb_init(l2); arb_init(sum);
  const slong J = series_terms_ball(lambda, prec, 1, tail);
  arb_ptr M = _arb_vec_init(J + 2);
  moments_ball(M, J + 1, mu, prec);
  arb_sqr(l2, lambda, prec);
  arb_one(term);
  arb_set(sum, M + 1);
  for (slong j = 1; j <= J; ++j) {
    arb_mul(term, term, l2, prec);
    if (arb_srcptr r = reciprocal_pair(2 * j, prec)) arb_mul(term, term, r, prec);
    else arb_div_ui(term, term, static_cast<ulong>((2 * j) * (2 * j + 1)), prec);
    arb_addmul(sum, term, M + j + 1, prec);
  }
  arb_mul(tail, tail, M + 1, prec);  // M_{2j+2} <= M_2
  arb_get_abs_ubound_arf(arb_midref(term), tail, prec);
  mag_zero(arb_radref(term));
  arb_add_error(sum, term);
  arb_mul(res, sum, lambda, prec);
  arb_mul_2exp_si(res, res, 1);
  _arb_vec_clear(M, J + 2);
  arb_clear(tail); arb_clear(term); arb_clear(l2); arb_clear(sum);
}

// M_0(mu_b) - M_0(mu) = int_0^1 e^{-mu_b x^2} (1 - e^{-mu_V x^2}) dx, mu_V = mu - mu_b = C^2 V.
// mu_V <= 1/16: sum_{k>=1} (-1)^{k+1} mu_V^k/k! M_{2k}(mu_b), alternating with decreasing terms (ratio
// <= mu_V/(k+1)), so the tail is at most the first omitted term. The difference of the two moments lost the bits of
// 1/mu_V (3.3 million at V = 1e-1000000, b = 1e300, G = 1e300: F(0) = -1e-1000602 no longer resolved).
void m0_difference(arb_t res, const arb_t mu, const arb_t mu_b, const arb_t mu_V, slong prec) {
  if (arf_cmp_2exp_si(arb_midref(mu_V), -4) > 0 || !arb_is_nonnegative(mu_V)) {
    arb_t m;
    arb_init(m);
    moments_ball(res, 0, mu_b, prec);
    moments_ball(m, 0, mu, prec);
    arb_sub(res, res, m, prec);
    arb_clear(m);
    return;
  }
  // terms k = 1..K with |term_{K+1}| < 2^-(prec+8) |term_1| (log2 mu_V < lm; log2 k! >= 0)
  const slong lm = arf_abs_bound_lt_2exp_si(arb_midref(mu_V));
  slong K = 1;
  for (double l2f = 0; static_cast<double>(K) * static_cast<double>(lm) - l2f > -static_cast<double>(prec + 8);) {
    ++K;
    l2f += std::log2(static_cast<double>(K));
  }
  arb_ptr M = _arb_vec_init(K + 2);
  moments_ball(M, K + 1, mu_b, prec);
  arb_t term, sum;
  arb_init(term); arb_init(sum);
  arb_one(term);
  arb_zero(sum);
  for (slong k = 1; k <= K + 1; ++k) {
    arb_mul(term, term, mu_V, prec);
    arb_div_ui(term, term, static_cast<ulong>(k), prec);
    if (k == K + 1) {
      mag_t e;
      mag_init(e);
      arb_get_mag(e, term);
      arb_add_error_mag(sum, e);  // M_{2k} <= 1
      mag_clear(e);
    } else if (k % 2) {
      arb_addmul(sum, term, M + k, prec);
    } else {
      arb_submul(sum, term, M + k, prec);
    }
  }
  arb_swap(res, sum);
  _arb_vec_clear(M, K + 2);
  arb_clear(term); arb_clear(sum);
}

// (i0 - z)/2 = sum_{j>=1} lambda^{2j}/(2j)! M_{2j}(mu) - (M_0(mu_b) - M_0(mu)), the numerator of F.
// M_{2j}(mu) <= M_0(mu) bounds the tail. V = 0 makes mu = mu_b and the bracket exactly 0.
void half_i0_minus_z_series(arb_t res, const arb_t lambda, const arb_t mu, const arb_t mu_b, const arb_t mu_V,
                            bool V_zero, slong prec) {
  arb_t tail, term, l2, sum, mb0;
  arb_init(tail); arb_init(term); arb_init(l2); arb_init(sum); arb_init(mb0);
  const slong J = series_terms_ball(lambda, prec, 0, tail, 1);
  arb_ptr M = _arb_vec_init(J + 1);
  moments_ball(M, J, mu, prec);
  arb_sqr(l2, lambda, prec);
  arb_one(term);
  arb_zero(sum);
  for (slong j = 1; j <= J; ++j) {
    arb_mul(term, term, l2, prec);
    if (arb_srcptr r = reciprocal_pair(2 * j - 1, prec)) arb_mul(term, term, r, prec);
    else arb_div_ui(term, term, static_cast<ulong>((2 * j - 1) * (2 * j)), prec);
    arb_addmul(sum, term, M + j, prec);
  }
  arb_mul(tail, tail, M + 0, prec);
  arb_get_abs_ubound_arf(arb_midref(term), tail, prec);
  mag_zero(arb_radref(term));
  arb_add_error(sum, term);
  if (!V_zero) {
    m0_difference(mb0, mu, mu_b, mu_V, prec);
    arb_sub(sum, sum, mb0, prec);
  }
  arb_set(res, sum);
  _arb_vec_clear(M, J + 1);
  arb_clear(tail); arb_clear(term); arb_clear(l2); arb_clear(sum); arb_clear(mb0);
}

// Extra working bits so that evaluate.cpp's first attempt (32 bits above the bits it needs) usually succeeds:
// - lambda and mu are rounded once (C = 1/(5G) is inexact) and then appear in exponents up to max(|lambda|, mu)
//   (e^{lambda - mu}, e^{lambda^2/(4mu)} with lambda <= 2mu): the result's relative error is that times 2^-prec;
// - in n_of with the peak outside (lambda > 2 mu), lambda i0 and 2 e^{-mu} sinh(lambda) agree to
//   ~log2(lambda/(2mu)) leading bits (n ~ e^{lambda-mu}/(lambda-2mu), lambda i0/(2mu) ~ that times lambda/(2mu)),
//   and the balls of mu-dependent factors add ~log2(1/mu) - 3 more (measured at lambda = 1e3, mu = 1e-1..1e-11);
// Only the part of the predicted loss beyond ~22 bits is added.
slong hint_bits(const arb_t lambda, const arb_t mu, bool n_closed) {
  const double l = std::fabs(arf_get_d(arb_midref(lambda), ARF_RND_NEAR));
  const double m = std::fabs(arf_get_d(arb_midref(mu), ARF_RND_NEAR));
  double loss = std::log2(std::max({1.0, l, m}));
  if (n_closed && l > 2 * m) loss += std::log2(l / (2 * m)) + std::max(0.0, std::log2(1 / m) - 3);
  return (loss > 22 && std::isfinite(loss)) ? static_cast<slong>(std::ceil(loss)) - 20 : 0;
}

// VDH eq (5) = (3.3.2) with the conjugate prior: w = C n(|lambda|, mu) / z(mu_b), odd in L.
// series = false forces the erf/erfcx closed forms (a route of its own for the tests).
void pred_impl(arb_t res, arb_srcptr p, slong prec, bool series) {
  int sL = sign_of(p + 0);
  if (sL == 0) { arb_zero(res); return; }  // w(0, V) = 0 exactly (odd integrand)
  Tmp t;
  reduce(t[0], t[1], t[2], t[3], p + 0, p + 1, p + 2, p + 3, prec);
  if (sL == -1) arb_neg(t[1], t[1]);
  const bool use_series = series && sL != 2 && series_applies(t[1], t[2]);
  if (slong extra = use_series ? 0 : hint_bits(t[1], t[2], true)) {
    prec += extra;
    reduce(t[0], t[1], t[2], t[3], p + 0, p + 1, p + 2, p + 3, prec);
    if (sL == -1) arb_neg(t[1], t[1]);
  }
  if (use_series) n_series(t[4], t[1], t[2], prec);
  else n_of(t[4], t[1], t[2], prec);
  z_of(t[5], t[3], prec);  // one erf: cheaper than the moment recurrence at every mu_b (measured, 91 bits)
  arb_mul(t[4], t[4], t[0], prec);
  arb_div(res, t[4], t[5], prec);
  if (sL == -1) arb_neg(res, res);
}

// erfc(s) for s >= 0; [0, e^{-s_lo^2}] once that bound is below 2^-(prec+64) (erfc(s) < e^{-s^2}), so that no
// e^{-s^2} with an exponent of thousands of bits is evaluated.
void erfc_nonneg(arb_t res, const arb_t s, slong prec) {
  arf_t lo;
  arf_init(lo);
  arb_get_lbound_arf(lo, s, 64);
  const double d = arf_get_d(lo, ARF_RND_DOWN);
  if (arf_cmp_si(lo, 4) > 0 && d * d > 0.6931471805599453 * static_cast<double>(prec + 64)) {
    mag_t m;
    mag_init(m);
    arf_get_mag_lower(m, lo);
    mag_mul_lower(m, m, m);
    mag_expinv(m, m);
    set_zero_to(res, m);
    mag_clear(m);
  } else {
    mono(res, s, Mono::erfc, prec);
  }
  arf_clear(lo);
}

// log((erf x + erf y)/2) for 0 <= x <= y: log1p(-(erfc x + erfc y)/2) from x >= 1 on (no cancellation in the
// erfc terms, which may be far below 2^-prec), the logarithm of the erfs below (erf x ~ 2x/sqrt(pi) relative to
// its size, where 1 - erfc x had lost the bits of 1/x: not finite at mu_b = 4e-999402).
void log_mean_erf(arb_t res, const arb_t x, const arb_t y, slong prec) {
  arb_t a, b;
  arb_init(a); arb_init(b);
  arb_get_lbound_arf(arb_midref(a), x, 30);
  if (arf_cmp_si(arb_midref(a), 1) >= 0) {
    erfc_nonneg(a, x, prec);
    erfc_nonneg(b, y, prec);
    arb_add(a, a, b, prec);
    arb_mul_2exp_si(a, a, -1);
    arb_neg(a, a);
    arb_log1p(res, a, prec);
  } else {
    mono(a, x, Mono::erf, prec);
    mono(b, y, Mono::erf, prec);
    arb_add(a, a, b, prec);
    arb_mul_2exp_si(a, a, -1);
    arb_log(res, a, prec);
  }
  arb_clear(a); arb_clear(b);
}

// F = i0/z - 1 with the peak inside (alpha >= 0) and b > 0, as the Gaussian limit times the truncation's ratio:
//   i0/z = (1 + V/b)^{-1/2} e^{L^2/(4(b+V))} (erf alpha + erf beta)/(2 erf sqrt(mu_b))   (VDH eq (4), i0_of, z_of)
//   F = expm1(L^2/(4(b+V)) - log1p(V/b)/2 + log1p(-(erfc alpha + erfc beta)/2) - log1p(-erfc sqrt(mu_b))).
// i0/z - 1 loses the bits of 1/|F| (F(0) = -V/(2b) + ...: 3.3 million bits at V/b = 1e-1000300); this form none
// beyond the erfc terms' (which are below e^{-mu_b}). false: the form does not apply.
bool pot_gaussian_limit(arb_t res, arb_srcptr p, const arb_t lambda, const arb_t mu, const arb_t mu_b, slong prec) {
  if (!arb_is_positive(p + 2) || !arb_is_positive(mu_b) || !arb_is_nonnegative(lambda)) return false;
  Tmp t;
  arb_sqrt(t[0], mu, prec);
  arb_mul_2exp_si(t[1], mu, 1);
  arb_sub(t[2], t[1], lambda, prec);
  arb_mul_2exp_si(t[3], t[0], 1);
  arb_div(t[2], t[2], t[3], prec);           // alpha = (2mu - lambda)/(2 sqrt mu)
  if (!arb_is_nonnegative(t[2])) return false;
  arb_add(t[1], t[1], lambda, prec);
  arb_div(t[1], t[1], t[3], prec);           // beta
  log_mean_erf(t[4], t[2], t[1], prec);
  arb_sqrt(t[0], mu_b, prec);
  log_mean_erf(t[5], t[0], t[0], prec);
  arb_sub(t[4], t[4], t[5], prec);           // log((erf alpha + erf beta)/2) - log erf sqrt(mu_b)
  arb_add(t[6], p + 2, p + 1, prec);
  arb_sqr(t[7], p + 0, prec);
  arb_div(t[7], t[7], t[6], prec);
  arb_mul_2exp_si(t[7], t[7], -2);           // L^2/(4(b+V))
  arb_div(t[6], p + 1, p + 2, prec);
  arb_log1p(t[6], t[6], prec);
  arb_mul_2exp_si(t[6], t[6], -1);           // log1p(V/b)/2
  arb_sub(t[7], t[7], t[6], prec);
  arb_add(t[7], t[7], t[4], prec);
  arb_expm1(res, t[7], prec);
  return true;
}

// VDH eq (4) = (3.3.1) with the conjugate prior: F = i0(|lambda|, mu) / z(mu_b) - 1, even in L.
void pot_impl(arb_t res, arb_srcptr p, slong prec, bool series) {
  if (arb_is_zero(p + 0) && arb_is_zero(p + 1)) { arb_zero(res); return; }  // F(0; 0) = 0 exactly
  Tmp t;
  reduce(t[0], t[1], t[2], t[3], p + 0, p + 1, p + 2, p + 3, prec);
  if (slong extra = hint_bits(t[1], t[2], false)) {
    prec += extra;
    reduce(t[0], t[1], t[2], t[3], p + 0, p + 1, p + 2, p + 3, prec);
  }
  const int sL = sign_of(p + 0);
  if (sL == -1) arb_neg(t[1], t[1]);
  if (series && sL != 2 && series_applies(t[1], t[2]) && arf_cmp_si(arb_midref(t[3]), 8) <= 0) {
    arb_sqr(t[6], t[0], prec);
    arb_mul(t[6], t[6], p + 1, prec);  // mu_V = C^2 V
    half_i0_minus_z_series(t[4], t[1], t[2], t[3], t[6], arb_is_zero(p + 1), prec);  // F = (i0 - z)/z
    z_of(t[5], t[3], prec);
    arb_mul_2exp_si(t[4], t[4], 1);
    arb_div(res, t[4], t[5], prec);
    return;
  }
  // the Gaussian-limit form where it applies; the quotient form (intersected) where that form lost bits
  const bool gauss = sL != 2 && pot_gaussian_limit(t[6], p, t[1], t[2], t[3], prec);
  if (gauss && arb_rel_accuracy_bits(t[6]) >= prec - 16) {
    arb_swap(res, t[6]);
    return;
  }
  i0_of(t[4], t[1], t[2], prec);
  z_of(t[5], t[3], prec);
  arb_div(t[4], t[4], t[5], prec);
  arb_sub_ui(res, t[4], 1, prec);
  if (gauss && arb_is_finite(t[6])) arb_intersection(res, res, t[6], prec);
}

}  // namespace detail

// The uniform prior is the conjugate prior at b = 0 (density 1/(2C) on [-C, C]): the same functions with
// mu_b = 0 and z = 2 exactly (VDH prior list after eq (6); catalogue A5(b)). params = {L, V, G}.
namespace {
arb_ptr with_b0(arb_srcptr p) {
  arb_ptr q = _arb_vec_init(4);
  arb_set(q + 0, p + 0);
  arb_set(q + 1, p + 1);
  arb_zero(q + 2);
  arb_set(q + 3, p + 2);
  return q;
}
}  // namespace

void pred_uniform(arb_t res, arb_srcptr p, slong prec) {
  arb_ptr q = with_b0(p);
  pred_impl(res, q, prec, true);
  _arb_vec_clear(q, 4);
}

void pot_uniform(arb_t res, arb_srcptr p, slong prec) {
  arb_ptr q = with_b0(p);
  pot_impl(res, q, prec, true);
  _arb_vec_clear(q, 4);
}

void pred_uniform_integral(arb_t res, arb_srcptr p, slong prec) {
  arb_ptr q = with_b0(p);
  pred_conj_integral(res, q, prec);
  _arb_vec_clear(q, 4);
}

void pot_uniform_integral(arb_t res, arb_srcptr p, slong prec) {
  arb_ptr q = with_b0(p);
  pot_conj_integral(res, q, prec);
  _arb_vec_clear(q, 4);
}

void pred_conj(arb_t res, arb_srcptr p, slong prec) { pred_impl(res, p, prec, true); }
void pot_conj(arb_t res, arb_srcptr p, slong prec) { pot_impl(res, p, prec, true); }
void pred_conj_closed(arb_t res, arb_srcptr p, slong prec) { pred_impl(res, p, prec, false); }
void pot_conj_closed(arb_t res, arb_srcptr p, slong prec) { pot_impl(res, p, prec, false); }

// VDH eq (6) = (3.3.3): Z = int_{-C}^{C} e^{-b v^2} dv = C z(C^2 b) = sqrt(pi/b) erf(C sqrt b).
void pot_Z(arb_t res, arb_srcptr p, slong prec) {
  Tmp t;
  arb_mul_ui(t[0], p + 1, 5, prec);
  arb_inv(t[0], t[0], prec);             // C
  arb_sqr(t[1], t[0], prec);
  arb_mul(t[1], t[1], p + 0, prec);      // mu_b
  z_of(t[2], t[1], prec);
  arb_mul(res, t[2], t[0], prec);
}

// VDH eq (7) = (3.3.4), literally:
// [sqrt(b) L e^{(L+2CB)^2/(4B)} (erf((L-2CB)/(2 sqrt B)) - erf((L+2CB)/(2 sqrt B))) + 2 sqrt(B) (e^{2CL} - 1)]
//   / [erf(C sqrt b) e^{C(L + CB)} 4 B^{3/2}],  B = b + V, C = 1/(5G).
namespace {
void eq7(arb_t res, arb_srcptr p, slong prec, bool corrected) {
  arb_srcptr L = p + 0, V = p + 1, b = p + 2, G = p + 3;
  Tmp t;
  arb_t B, C, sB, num;
  arb_init(B); arb_init(C); arb_init(sB); arb_init(num);
  arb_add(B, b, V, prec);
  arb_mul_ui(C, G, 5, prec);
  arb_inv(C, C, prec);
  arb_sqrt(sB, B, prec);
  arb_mul(t[0], C, B, prec);
  arb_mul_2exp_si(t[0], t[0], 1);            // 2CB
  arb_add(t[1], L, t[0], prec);              // L + 2CB
  arb_sub(t[2], L, t[0], prec);              // L - 2CB
  arb_mul_2exp_si(t[3], sB, 1);              // 2 sqrt B
  arb_div(t[6], t[2], t[3], prec);
  mono(t[4], t[6], Mono::erf, prec);
  arb_div(t[6], t[1], t[3], prec);
  mono(t[5], t[6], Mono::erf, prec);
  arb_sub(t[4], t[4], t[5], prec);           // erf(.) - erf(.)
  arb_sqr(t[5], t[1], prec);
  arb_div(t[5], t[5], B, prec);
  arb_mul_2exp_si(t[5], t[5], -2);
  arb_exp(t[5], t[5], prec);                 // e^{(L+2CB)^2/(4B)}
  arb_mul(t[4], t[4], t[5], prec);
  arb_mul(t[4], t[4], L, prec);
  arb_sqrt(t[5], b, prec);
  arb_mul(num, t[4], t[5], prec);            // first term of the numerator
  arb_mul(t[4], C, L, prec);
  arb_mul_2exp_si(t[4], t[4], 1);
  arb_expm1(t[4], t[4], prec);               // e^{2CL} - 1
  arb_mul(t[4], t[4], sB, prec);
  arb_mul_2exp_si(t[4], t[4], 1);
  if (corrected) {  // ERRATA.md E1: the second term carries sqrt(b/pi), and the whole expression flips sign
    arb_sqrt(t[5], b, prec);
    arb_mul(t[4], t[4], t[5], prec);
    arb_const_sqrt_pi(t[5], prec);
    arb_div(t[4], t[4], t[5], prec);
    arb_add(num, num, t[4], prec);
    arb_neg(num, num);
  } else {
    arb_add(num, num, t[4], prec);
  }
  arb_sqrt(t[5], b, prec);
  arb_mul(t[7], t[5], C, prec);
  mono(t[5], t[7], Mono::erf, prec);         // erf(C sqrt b)
  arb_mul(t[6], C, B, prec);
  arb_add(t[6], t[6], L, prec);
  arb_mul(t[6], t[6], C, prec);
  arb_exp(t[6], t[6], prec);                 // e^{C(L + CB)}
  arb_mul(t[5], t[5], t[6], prec);
  arb_mul(t[6], B, sB, prec);
  arb_mul_2exp_si(t[6], t[6], 2);            // 4 B^{3/2}
  arb_mul(t[5], t[5], t[6], prec);
  arb_div(res, num, t[5], prec);
  arb_clear(B); arb_clear(C); arb_clear(sB); arb_clear(num);
}
}  // namespace

void pred_conj_printed(arb_t res, arb_srcptr p, slong prec) { eq7(res, p, prec, false); }
void pred_conj_printed_corrected(arb_t res, arb_srcptr p, slong prec) { eq7(res, p, prec, true); }

// ---- second route: rigorous quadrature of the defining integrals over x in [-1, 1] ----
namespace detail {

struct Integrand {
  arb_t lambda, mu, shift;  // integrand x^k exp(lambda x - mu x^2 - shift); shift is an exact number
  int k;
};

int integrand(acb_ptr out, const acb_t x, void* param, slong /*order*/, slong prec) {
  auto* q = static_cast<Integrand*>(param);
  acb_t e, t;
  acb_init(e); acb_init(t);
  acb_mul_arb(e, x, q->lambda, prec);
  acb_sqr(t, x, prec);
  acb_mul_arb(t, t, q->mu, prec);
  acb_sub(e, e, t, prec);
  acb_sub_arb(e, e, q->shift, prec);
  acb_exp(e, e, prec);
  if (q->k == 1) acb_mul(e, e, x, prec);
  acb_set(out, e);
  acb_clear(e); acb_clear(t);
  return 0;
}

// int_{lo}^{1} x^k exp(lambda x - mu x^2) dx (lo = -1 or 0); the integrand is scaled by its maximum (an exact shift M,
// lambda^2/(4mu) or |lambda| - mu) so that it is O(1), then multiplied back by exp(M).
void integral(arb_t res, const arb_t lambda, const arb_t mu, int k, slong prec, int lo) {
  Integrand q;
  arb_init(q.lambda); arb_init(q.mu); arb_init(q.shift);
  arb_set(q.lambda, lambda);
  arb_set(q.mu, mu);
  q.k = k;
  {
    arb_t m, l;
    arb_init(m); arb_init(l);
    arb_get_mid_arb(l, lambda);
    arb_abs(l, l);
    arb_get_mid_arb(m, mu);
    arb_mul_2exp_si(m, m, 1);
    if (arb_is_positive(m) && arb_le(l, m)) {  // peak inside [-1, 1] (mu = 0: the maximum is at an end)
      arb_sqr(q.shift, l, prec);
      arb_div(q.shift, q.shift, m, prec);
      arb_mul_2exp_si(q.shift, q.shift, -1);
    } else {
      arb_mul_2exp_si(m, m, -1);
      arb_sub(q.shift, l, m, prec);
    }
    arb_get_mid_arb(q.shift, q.shift);
    arb_clear(m); arb_clear(l);
  }
  acb_t a, b;
  acb_init(a); acb_init(b);
  acb_set_si(a, lo);
  acb_set_si(b, 1);
  mag_t none;
  mag_init(none);
  scaled_integral(res, integrand, &q, a, b, q.shift, none, 1000000, prec);
  mag_clear(none);
  acb_clear(a); acb_clear(b);
  arb_clear(q.lambda); arb_clear(q.mu); arb_clear(q.shift);
}

void peak_shift(arb_t shift, double lambda, double mu) {
  const double e = (lambda < 2 * mu) ? lambda * lambda / (4 * mu) : lambda - mu;
  if (e > 1 && std::isfinite(e)) arb_set_d(shift, std::floor(e));
  else arb_zero(shift);
}

}  // namespace detail

void pred_conj_integral(arb_t res, arb_srcptr p, slong prec) {
  Tmp t;
  reduce(t[0], t[1], t[2], t[3], p + 0, p + 1, p + 2, p + 3, prec);
  integral(t[4], t[1], t[2], 1, prec);
  arb_zero(t[6]);
  integral(t[5], t[6], t[3], 0, prec);
  arb_mul(t[4], t[4], t[0], prec);
  arb_div(res, t[4], t[5], prec);
}

void pot_conj_integral(arb_t res, arb_srcptr p, slong prec) {
  Tmp t;
  reduce(t[0], t[1], t[2], t[3], p + 0, p + 1, p + 2, p + 3, prec);
  integral(t[4], t[1], t[2], 0, prec);
  arb_zero(t[6]);
  integral(t[5], t[6], t[3], 0, prec);
  arb_div(t[4], t[4], t[5], prec);
  arb_sub_ui(res, t[4], 1, prec);
}

void pot_Z_integral(arb_t res, arb_srcptr p, slong prec) {
  Tmp t;
  arb_mul_ui(t[0], p + 1, 5, prec);
  arb_inv(t[0], t[0], prec);
  arb_sqr(t[1], t[0], prec);
  arb_mul(t[1], t[1], p + 0, prec);
  arb_zero(t[2]);
  integral(t[3], t[2], t[1], 0, prec);
  arb_mul(res, t[3], t[0], prec);
}

}  // namespace privoco::reference::vdh
