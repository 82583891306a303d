// VDH conjugate prior in double. Reduction (as in reference/vdh/conj.cpp): v = C x with x in [-1, 1],
//   lambda = C|L|, mu = C^2 (b+V), mu_b = C^2 b, nu = C^2 V, C = 1/(5G)   (VDH eq (7): B = b + V);
//   i0 = int_{-1}^{1} e^{lambda x - mu x^2} dx, n = int x e^{...} dx, z = int e^{-mu_b x^2} dx;
//   w = sign(L) C n / z (VDH eq (5)), F = i0/z - 1 (VDH eq (4)), Z = C z (VDH eq (6)).
// Three regimes, each free of the cancellations of the printed eq (7):
//   R1  lambda <= kR1 = 6: series in lambda (double-double sum past 3) with the moments M_k(mu) = int_0^1 x^k e^{-mu x^2} dx (positive terms);
//   R2  kR1 < lambda < 2 mu (Gaussian peak inside [-1, 1]): completed square, erfc of non-negative arguments;
//   R3  lambda >= max(kR1, 2 mu) (peak at or beyond the edge x = 1): endpoint expansion with erfcx and
//       h(p) = 1 - sqrt(pi) p erfcx(p) by its continued fraction.
// Exponent arguments (lambda - mu, lambda^2/(4 mu)) are formed in double-double from the inputs.
// Accuracy against the certified reference: measured by `privoco report` / bench (see README).
#include "conj.hpp"

#include <cerf.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <limits>

#include "privoco/catalogue.hpp"
#include "privoco/fast/numerics/value_ops.hpp"
#include "privoco/fast/numerics/xd.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "conj_kernel.hpp"
#include "../numerics/erfcx.hpp"
#include "../numerics/workspace.hpp"
#include "../numerics/erfcx_table.hpp"
#include "../numerics/scaled.hpp"

namespace privoco::fast::vdh {
using namespace detail;
using namespace numerics;
namespace {

constexpr double kSqrtPi = 1.77245385090551602730;
constexpr int kMaxMoments = 48;  // M_0, M_2, ..., M_94
// 1/k and 1/((k)(k+1)) for the series and recurrences: a multiply instead of a divide (divides dominated the
// cost); the extra rounding of the reciprocal is measured in the report (no change in max ulp).
template <int N>
struct Recip {
  double inv[N]{};        // 1/k
  double inv_pair[N]{};   // 1/(k (k+1))
  constexpr Recip() {
    for (int k = 1; k < N; ++k) inv[k] = 1.0 / k, inv_pair[k] = 1.0 / (static_cast<double>(k) * (k + 1));
  }
};
constexpr Recip<256> kRecip;
// The same in double-double, for the double-double series and recurrences: a dd product instead of a dd
// division per term (those divisions were ~3/4 of the 4.7 us of a point in the band 3 < lambda <= 6).
// inv[k] = 1/k, inv_pair[j] = 1/((2j)(2j+1)); hi = 1/n rounded, lo = (1 - hi n)/n (the residual is exact by fma).
struct RecipDD {
  dd inv[256], inv_pair[kMaxMoments + 2];
  RecipDD() {
    auto r = [](double n) {
      const double hi = 1.0 / n;
      return dd{hi, std::fma(-hi, n, 1.0) / n};
    };
    for (int k = 1; k < 256; ++k) inv[k] = r(k);
    for (int j = 1; j < kMaxMoments + 2; ++j) inv_pair[j] = r(static_cast<double>(2 * j) * (2 * j + 1));
  }
};
const RecipDD& recip_dd() {
  static const RecipDD t;
  return t;
}
constexpr double kR1 = 6;        // lambda bound of the series regime R1 (report --n 100000: max 7.6 ulp at 6, 8.6 at 5, 9.9 at 8)

struct Reduced {
  dd C, lambda, mu, mu_b, nu;
};

// |L| is passed; everything in double-double so that e^{lambda - mu} keeps its accuracy near 700.
Reduced reduce(double absL, double V, double b, double G) {
  Reduced r;
  r.C = scale_C(G);
  r.lambda = r.C * absL;
  r.mu = (r.C * two_sum(b, V)) * r.C;  // (B C) C: no spurious overflow of C^2
  r.mu_b = (r.C * b) * r.C;
  r.nu = (r.C * V) * r.C;
  // mu below 1e-300 changes w and F by a relative 1e-300: clamping keeps 1/mu finite.
  if (r.mu.hi < 1e-300) r.mu = dd{1e-300, 0};
  return r;
}

// Inputs so extreme that lambda, mu or C overflow (e.g. G = 1e-300, L = 1e300): the Gaussian is then far
// narrower than [-C, C], and w = (L/(2B)) sqrt(b/B) e^{L^2/(4B)} / erf(C sqrt b), F = sqrt(b/B) e^{L^2/(4B)} - 1
// (completed square with negligible erfc tails), evaluated from L, B, b directly, with logs where needed.
bool extreme(const Reduced& r) {
  return !std::isfinite(r.C.hi) || !std::isfinite(r.lambda.hi) || !std::isfinite(r.mu.hi) || r.mu.hi > 1e300;
}

// Where that peak, x* = lambda/(2 mu), is not well inside (lambda, mu finite, mu > 1e300): at or past the edge x = 1
// (lambda >= 2 mu) int_{-1}^{1} e^{lambda x - mu x^2} dx = e^{lambda - mu} (sqrt(pi)/(2 sqrt mu)) erfcx(p), p = (lambda -
// 2 mu)/(2 sqrt mu) (the Gaussian's tail), and the mean of x is 1 to 1e-150; within a = (2 mu - lambda)/(2 sqrt mu) < 6
// of it, the Gaussian limit times (1 + erf(a))/2. (The Gaussian limit alone gave ln F = 2.25e305 where it is 2e305,
// at lambda = 3 mu = 3e305.) edge: the exponent E and the factor q = erfcx(p)/2 replace the limit's; q alone otherwise.
struct Peak {
  bool edge = false;
  dd E{0, 0};
  double q = 1;
};
Peak peak_of(const Reduced& r) {
  Peak k;
  if (!std::isfinite(r.lambda.hi) || !std::isfinite(r.mu.hi)) return k;
  const dd h = r.lambda * 0.5 - r.mu;  // (lambda - 2 mu)/2: 2 mu may overflow (NaN at mu = 1.4e308)
  const double sq = std::sqrt(r.mu.hi);
  if (h.hi < 0) {
    const double a = -to_double(h) / sq;
    if (a < 6) k.q = 0.5 * (1 + std::erf(a));
    return k;
  }
  k.edge = true;
  k.E = r.lambda - r.mu;
  k.q = 0.5 * erfcx(to_double(h) / sq);
  return k;
}

}  // namespace

// The improper prior's prediction at V = 0 with C = lambda/|L| (C may be past DBL_MAX): w = C 4 sinh^2(lambda/2)/lambda
// = 4 sinh^2(lambda/2)/|L|, an overflow with ln|value| from lambda where that is large (it was inf where ln w =
// 2.4e169). (The uniform prior's differs: uniform_v0_prediction.)
// lambda_lo: lambda's low part where it is known (its rounding moves sinh by lambda coth ulp: 243 ulp at lambda = 539).
Value v0_prediction(int sign, double absL, double lambda, double lambda_lo) {
  if (!std::isfinite(lambda)) return overflow(sign);
  if (lambda > 700) {
    Value out = overflow(sign);
    out.log_abs_out = lambda - std::log(absL) + 2 * std::log1p(-std::exp(-lambda)) + lambda_lo;
    return out;
  }
  const double sh = std::sinh(0.5 * lambda), ch = std::cosh(0.5 * lambda);
  Scaled m;
  m.m = 4 * sh * sh * (1 + (ch / sh) * lambda_lo);  // d ln(sinh^2(l/2)) = coth(l/2) dl
  m.renorm();
  m /= absL;
  return finish(sign, m);
}

namespace {

// VDH eq (5) with the uniform prior at V = 0 and C = lambda/|L| (C may be past DBL_MAX): n = int x e^{lambda x} dx =
// 2 (lambda cosh lambda - sinh lambda)/lambda^2, z = 2, so w = C n/z = g(lambda)/|L| with g = cosh lambda - sinh(lambda)/
// lambda = sum_{k>=1} 2k lambda^{2k}/(2k+1)! (the series below lambda = 2, where the difference loses up to 4 bits).
// (It took the improper prior's 4 sinh^2(lambda/2)/|L|, 3x too large at small lambda: pred.uniform L = 4.9e-324,
// V = 0, G = 5e-313 came out 7.9e299 where it is 2.6e299.)
Value uniform_v0_prediction(int sign, double absL, double lambda, double lambda_lo) {
  if (!std::isfinite(lambda)) return overflow(sign);
  if (lambda > 700) {  // g = e^lambda (1 - 1/lambda)/2 (1 + O(e^{-2 lambda}))
    Value out = overflow(sign);
    out.log_abs_out = lambda - std::log(2.0) + std::log1p(-1 / lambda) - std::log(absL) + lambda_lo;
    return out;
  }
  double g, dg;  // g and dg/dlambda (= sinh - g/lambda)
  if (lambda < 2) {
    const double l2 = lambda * lambda;
    double t = 1, sum = 0;  // t = lambda^{2k}/(2k+1)!
    for (int k = 1; k <= 20; ++k) {
      t *= l2 / ((2.0 * k) * (2.0 * k + 1));
      sum += 2.0 * k * t;
    }
    g = sum;
  } else {
    g = std::cosh(lambda) - std::sinh(lambda) / lambda;
  }
  dg = std::sinh(lambda) - g / lambda;
  Scaled m;
  m.m = g + dg * lambda_lo;
  m.renorm();
  m /= absL;
  return finish(sign, m);
}

// The uniform prior at V = 0 where C = 1/(5G) may pass DBL_MAX (G subnormal; 5G exact): lambda = |L|/(5G) in
// double-double, F = sinh(lambda)/lambda - 1 (VDH eq (4) with the uniform prior)
Value uniform_v0(int sign, double absL, double G, bool pred) {
  // lambda as a double-double: 5G exactly (two_prod), and both scaled up where G is subnormal (exact), since the
  // division's residual rounds to 2^-1074 there
  const double sc = G < 0x1p-900 && absL < 0x1p400 ? 0x1p600 : 1.0;
  const dd q = dd{absL * sc, 0} / two_prod(5.0, G * sc);
  const double lambda = q.hi, lambda_lo = q.lo;
  if (pred) return uniform_v0_prediction(sign, absL, lambda, lambda_lo);
  if (!std::isfinite(lambda)) return overflow(sign);
  if (lambda > 700) {  // F = sinh(lambda)/lambda - 1 by its logarithm (2 lambda may overflow)
    Value out = overflow(sign);
    out.log_abs_out = lambda - std::log(2.0) - std::log(lambda) + std::log1p(-std::exp(-2 * lambda)) + lambda_lo;
    return out;
  }
  if (lambda > 1) {  // S = sinh(l)/l, dS/dl = S (coth l - 1/l)
    const double S = std::sinh(lambda) / lambda;
    return plain((S - 1) + S * (1 / std::tanh(lambda) - 1 / lambda) * lambda_lo);
  }
  double t = 1, F = 0;  // sum_{k>=1} lambda^{2k}/(2k+1)!: 12 terms reach 1/25! at lambda = 1
  for (int k = 1; k <= 12; ++k) t *= lambda * lambda / ((2.0 * k) * (2.0 * k + 1)), F += t;
  return plain(F);
}

// |value| beyond any double, ln|value| included (e^{L^2/(4B)} with L^2/(4B) itself past DBL_MAX).
// F >= -1 always (F + 1 is an average of positive numbers); rounding must not push it below.
Value potential(double F) { return plain(F < -1 ? -1.0 : F); }


// erf(s) for s >= 0; erf(s) rounds to 1 for s >= 6 (erfc(6) = 2.2e-17), which saves the call.
inline double erf_pos(double s) { return s >= 6 ? 1.0 : std::erf(s); }

// P_j = M_{2j}(mu) for mu < 4, and the scaled P_j = mu^j M_{2j}(mu) for mu >= 4 (M_{2j} ~ mu^{-j-1/2} would
// underflow for large mu); j = 0..J. Returns whether the moments are scaled.
// mu >= 4: upward recurrence P_{j+1} = ((2j+1) P_j - e^{-mu} mu^j) / 2 (the lambda-series weights shrink
// faster than the error grows). mu < 4: downward M_k = (e^{-mu} + 2 mu M_{k+2}) / (k+1), errors damped by
// 2mu/(k+1), started far enough above that the start value 0 is harmless.
bool moments(double mu, int J, double* P) {
  if (mu >= 4) {
    const double s = std::sqrt(mu);
    P[0] = kSqrtPi * erf_pos(s) / (2 * s);
    if (mu > 700) {  // e^{-mu} mu^j < e^{-390} P_j for j < 48: drop it
      for (int j = 0; j < J; ++j) P[j + 1] = (2 * j + 1) * P[j] * 0.5;
      return true;
    }
    double t = std::exp(-mu);  // e^{-mu} mu^j
    for (int j = 0; j < J; ++j, t *= mu) P[j + 1] = ((2 * j + 1) * P[j] - t) * 0.5;
    return true;
  }
  const double em = std::exp(-mu);
  // The start value 0 at index `top` is damped by prod_{i <= top/2} 2mu/(2i+1) by the time it reaches M_0; that
  // product is below 1e-18 for top/2 >= 15 + 5.5 mu (mu <= 4; tabulated: 17 at mu = 0.59, 25 at 2, 35 at 4).
  // (10 + 5 mu steps above 2J left 4e-14 relative error in M_2 at mu = 0.59.)
  int top = 2 * (15 + static_cast<int>(5.5 * mu) + J / 2);
  double m = 0, two_mu = 2 * mu;
  for (int k = top; k > 2 * J; k -= 2) m = std::fma(two_mu, m, em) * kRecip.inv[k + 1];
  for (int k = 2 * J; k >= 0; k -= 2) P[k / 2] = m = std::fma(two_mu, m, em) * kRecip.inv[k + 1];
  return false;
}

// z(mu_b) = int_{-1}^{1} e^{-mu_b x^2} dx = sqrt(pi) erf(s)/s, s = sqrt(mu_b).
double z_of(double mu_b) {
  if (mu_b < 1e-8) return 2 * (1 - mu_b / 3);
  double s = std::sqrt(mu_b);
  return kSqrtPi * erf_pos(s) / s;
}

// Number of lambda-series terms: t_j = lambda^{2j}/(2j)! below 2^-57 relative.
int series_terms(double lambda) {
  double l2 = lambda * lambda, t = 1;
  int j = 0;
  while (t > 0x1p-57 && j < kMaxMoments - 2) {
    ++j;
    t *= l2 * kRecip.inv_pair[2 * j - 1];
  }
  return j;
}

bool moments_dd(dd mu, int J, dd* P);

// n = int_{-1}^{1} x e^{lambda x - mu x^2} dx in the three regimes, as a Scaled magnitude (n > 0 for lambda > 0).
Scaled n_scaled(const Reduced& r) {
  const double lambda = r.lambda.hi, mu = r.mu.hi;
  Scaled out;
  // R1 for every lambda <= 6, summed in double-double past lambda = 3. R3 was used for lambda in (3, 6] with the
  // peak far beyond the edge (p >= 3): its bracket cancels mildly when mu is small (8.7 ulp at lambda = 3.7,
  // mu = 0.115, p = 5.1); the double-double series gives max 3.3 ulp on 28603 points with lambda in [3, 6],
  // mu in [1e-3, 4] (was 8.7), 3.6 with mu in [4, 40] (unchanged), and 7.23 on 10^5 sampled points (was 7.51).
  if (lambda <= kR1) {  // R1: n = 2 lambda sum_j lambda^{2j}/(2j+1)! M_{2j+2}(mu); scaled: x = lambda^2/mu
    int J = series_terms(lambda);
    if (lambda > 3) {
      // ~20 positive terms: their accumulated rounding reached 9 ulp in w (report --n 1000000); sum in
      // double-double (about 1 us, for lambda in (3, 6] only).
      dd Pd[kMaxMoments];
      const bool sc = moments_dd(r.mu, J + 1, Pd);
      const dd x = sc ? (r.lambda / r.mu) * r.lambda : r.lambda * r.lambda;
      const RecipDD& rd = recip_dd();
      dd t{1, 0}, sum = Pd[1];
      for (int j = 1; j <= J; ++j) {
        t = (t * x) * rd.inv_pair[j];
        sum = sum + t * Pd[j + 1];
      }
      dd nd = sum * r.lambda * 2.0;
      if (sc && !(nd.hi / r.mu.hi > 0x1p-960)) {  // n below the range (mu = 3e271: n = 6e-407 came out 0, sign 0)
        out *= to_double(nd);
        out /= r.mu.hi;
        out.m *= 1 - r.mu.lo / r.mu.hi;
        return out;
      }
      if (sc) nd = nd / r.mu;
      out *= to_double(nd);
      return out;
    }
    double P[kMaxMoments];
    const bool scaled = moments(mu, J + 1, P);
    const double x = scaled ? lambda * (lambda / mu) : lambda * lambda;
    double t = 1, sum = P[1];
    for (int j = 1; j <= J; ++j) {
      t *= x * kRecip.inv_pair[2 * j];
      sum += t * P[j + 1];
    }
    out *= 2 * sum;
    out *= to_double(r.lambda);
    if (scaled) out /= mu;
    return out;
  }
  const double sq = std::sqrt(mu);
  if (lambda < 2 * mu) {
    // R2: n = e^{lambda^2/(4mu)} / (2mu) [lambda sqrt(pi) D / (2 sqrt mu) - e^{-a^2} (1 - e^{-2 lambda})],
    // D = 2 - erfc(a) - erfc(b'), a = (2mu - lambda)/(2 sqrt mu) >= 0, b' = (2mu + lambda)/(2 sqrt mu).
    out.E = (r.lambda / r.mu) * r.lambda * 0.25;
    const double a = to_double(r.mu * 2.0 - r.lambda) / (2 * sq), bb = (2 * mu + lambda) / (2 * sq);
    const double br = lambda * kSqrtPi / (2 * sq) * ((2 - std::erfc(a)) - std::erfc(bb)) +
                      std::exp(-a * a) * std::expm1(-2 * lambda);
    out *= br;
    out /= 2 * mu;
    return out;
  }
  // R3: n = e^{lambda - mu} (1/(2mu)) [sqrt(pi mu)(erfcx(p) + E2 erfcx(p2)) - h(p) + E2 h(p2)]
  const double p = to_double(r.lambda - r.mu * 2.0) / (2 * sq);
  const double p2 = (lambda + 2 * mu) / (2 * sq);
  const double E2 = std::exp(-2 * lambda);
  out.E = r.lambda - r.mu;
  if (p >= ErfcxTable::kEnd) {
    // sqrt(pi) erfcx(p) = 1/(p + t), h(p) = t/(p + t), t = cf_tail(p) = c/(2p): the bracket over 2mu is
    // (1 - c/d)/(d + 2mu c/d), d = lambda - 2mu = 2 sqrt(mu) p (c/d <= 1/6 here), the E2 term likewise with
    // d2 = lambda + 2mu. Nothing underflows when mu is tiny (sqrt(mu)/(p + t) did: w = 0 with status ok at
    // lambda = 1e24, mu = 1e-300); p past 1e150 has c = 1 to the last bit (p = inf: mu tiny, lambda huge).
    const double d = to_double(r.lambda - r.mu * 2.0), d2 = lambda + 2 * mu;
    const double c = p < 1e150 ? 2 * p * cf_tail(p) : 1.0, c2 = p2 < 1e150 ? 2 * p2 * cf_tail(p2) : 1.0;
    const double first = (1 - c / d) / (d + 2 * mu * (c / d));
    const double second = E2 == 0 ? 0.0 : E2 * (1 + c2 / d2) / (d2 + 2 * mu * (c2 / d2));
    out *= first + second;
    return out;
  }
  // sqrt(pi) erfcx(p) carries the bracket: below p = 3.0625 from the double-double Taylor table (libcerf's <= 2.4
  // ulp gave 7.5 ulp at p = 0.73, report --n 1000000); beyond it the continued fraction above (libcerf's erfcx left
  // 8.35 ulp at p = 9700, compare --n 1000000).
  static const dd sqrt_pi{0x1.c5bf891b4ef6bp+0, -0x1.618f13eb7ca89p-54};
  const dd s = erfcx_dd2(p) * sqrt_pi;
  const double spx = to_double(s), hp = to_double(dd{1, 0} - s * p);  // sqrt(pi) erfcx(p), h(p)
  const double br = sq * (spx + E2 * kSqrtPi * erfcx(p2)) - hp + E2 * h_of(p2);
  out *= br;
  out /= 2 * mu;
  return out;
}

// i0 = m e^E (same regimes), for the potential.
dd i0_scaled(const Reduced& r, dd* E) {
  const double lambda = r.lambda.hi, mu = r.mu.hi;
  static const dd sqrt_pi{0x1.c5bf891b4ef6bp+0, -0x1.618f13eb7ca89p-54};
  const dd two_sq = sqrt_dd(r.mu) * 2.0;  // mu's low part counts: dropping it cost up to 0.5 ulp
  if (lambda < 2 * mu) {  // i0 = e^{lambda^2/(4mu)} sqrt(pi)/(2 sqrt mu) (2 - erfc(alpha) - erfc(beta))
    *E = (r.lambda / r.mu) * r.lambda * 0.25;
    const double a = to_double(r.mu * 2.0 - r.lambda) / two_sq.hi, bb = (2 * mu + lambda) / two_sq.hi;
    const dd D = (dd{2, 0} - dd{std::erfc(a), 0}) - dd{std::erfc(bb), 0};
    return (sqrt_pi / two_sq) * D;
  }
  // i0 = e^{lambda - mu} (sqrt(pi) erfcx(p) - e^{-2 lambda} sqrt(pi) erfcx(p2))/(2 sqrt mu). sqrt(pi) erfcx(p) from
  // the double-double table below p = 3.0625, with p's low part to first order (d/dp sqrt(pi) erfcx = 2p sqrt(pi)
  // erfcx - 2), else from the continued fraction: libcerf's erfcx (<= 2.4 ulp) left 9.7 ulp in F at p = 0.29
  // (lambda = 30.2, mu = 14; compare --n 1000000, seed 2). The e^{-2 lambda} term is below 6e-6 of the sum here
  // (lambda > kR1 = 6), so libcerf is enough for it.
  // From p >= 3.0625 on, sqrt(pi) erfcx(p)/(2 sqrt mu) = 1/(2 sqrt mu (p + r)) = 1/(d + 2 sqrt(mu) r), d = lambda - 2mu,
  // r = cf_tail(p): no p itself, which overflows when mu is tiny (lambda = 2e286, mu = 3e-119 gave NaN after 9 s).
  const dd d = r.lambda - r.mu * 2.0;
  // p = d / (2 sqrt mu) overflows to +inf when mu is tiny (then first = 1/d); its double-double form only below 4
  const dd pd = d.hi / two_sq.hi < 4 ? d / two_sq : dd{d.hi / two_sq.hi, 0};
  const double p = pd.hi;
  dd first;
  if (p < ErfcxTable::kEnd) {
    dd S = erfcx_dd2(pd.hi) * sqrt_pi;
    S = S + dd{(2 * pd.hi * S.hi - 2) * pd.lo, 0};
    first = S / two_sq;
  } else {
    first = dd{1, 0} / (d + two_sq * cf_tail(p));
  }
  // the second term, below e^{-2 lambda} <= 6e-6 of the first here: sqrt(pi) erfcx(p2)/(2 sqrt mu) in the same way
  const double p2 = (lambda + 2 * mu) / two_sq.hi;
  const double second = p2 < ErfcxTable::kEnd ? kSqrtPi * erfcx(p2) / two_sq.hi
                                              : 1 / ((lambda + 2 * mu) + two_sq.hi * cf_tail(p2));
  *E = r.lambda - r.mu;
  return first - dd{std::exp(-2 * lambda) * second, 0};
}

// M_0(mu_b) - M_0(mu_b + nu) >= 0, the part of (z - i0)/2 that does not depend on lambda.
// The same expansion in double-double, for the points where the orders of the expansion cancel each other
// (second-order crossing: a_1 M_2 and a_2 M_4 of opposite signs and equal size; the condition number of F there
// is ~1e4, and double terms left ~1e3 ulp).
bool moments_dd(dd mu, int J, dd* P) {
  if (mu.hi >= 4) {
    const dd two_over_sqrt_pi{0x1.20dd750429b6dp+0, 0x1.1ae3a914fed8p-56};
    const dd s = sqrt_dd(mu);
    // erf(s) = 1 - erfc(s) with erfc(s) <= erfc(2) = 0.0047 taken in double (error <= 5e-19 of erf), and e^{-mu}
    // in double (its error reaches the moments through the upward recurrence only): the double-double erf and
    // exp were half the cost of Algorithm 3's predictions. Accuracy unchanged where it was measured: 30000
    // points with lambda in [3, 6], mu in [4, 40]: VDH.pred.conj max 3.56 ulp, VDH.pot.conj max 15.5 ulp,
    // before and after; 10^5 sampled points (seed 5): max 7.51 and 9.36 ulp, as before.
    const bool far = mu.hi >= 4;
    P[0] = (far ? dd{1, 0} - dd{std::erfc(s.hi), 0} : erf_dd(s)) / (two_over_sqrt_pi * s);  // sqrt(pi) erf(s) / (2 s)
    dd t = mu.hi > 700 ? dd{0, 0} : (far ? dd{std::exp(-mu.hi) * (1 - mu.lo), 0} : exp_dd(-mu));  // e^{-mu} mu^j
    for (int j = 0; j < J; ++j, t = t * mu) P[j + 1] = (P[j] * static_cast<double>(2 * j + 1) - t) * 0.5;
    return true;
  }
  const dd em = exp_dd(-mu), two_mu = mu * 2.0;
  const int top = 2 * (15 + static_cast<int>(5.5 * mu.hi) + J / 2 + 8);
  const RecipDD& rd = recip_dd();
  dd m{0, 0};
  for (int k = top; k > 2 * J; k -= 2) m = (em + two_mu * m) * rd.inv[k + 1];
  for (int k = 2 * J; k >= 0; k -= 2) P[k / 2] = m = (em + two_mu * m) * rd.inv[k + 1];
  return false;
}

// s - d0 in double-double, for F = 2 (s - d0)/z where the two cancel (|s - d0| < 0.8 (s + d0); at 0.5, 8.01 ulp remained): the
// double terms carry ~2.5 ulp each, which the cancellation multiplied to 10.2 ulp in F (compare --n 200000,
// seed 3: F = -0.114 at lambda = 1.15, mu = nu = 0.975). s = sum_{j>=1} lambda^{2j}/(2j)! M_{2j}(mu); d0 as in d0().
double s_minus_d0_dd(const Reduced& r, int J) {
  const RecipDD& rd = recip_dd();
  dd P[kMaxMoments];
  const bool sc = moments_dd(r.mu, J, P);
  const dd x = sc ? (r.lambda / r.mu) * r.lambda : r.lambda * r.lambda;
  dd t{1, 0}, s{0, 0};
  for (int j = 1; j <= J; ++j) {
    t = ((t * x) * rd.inv[2 * j - 1]) * rd.inv[2 * j];
    s = s + t * P[j];
  }
  dd d{0, 0};
  // the series also where nu > 1 but nu/mu_b <= 1/8 (mu_b >= 4: scaled moments): the difference of the two moments
  // below cancelled to nu/(2 mu_b) of their size (1.9e-13 relative left in F = -1.2e-20 at V/b = 2.5e-20, mu = 3e253)
  const bool series = r.nu.hi > 0 && (r.nu.hi <= 1 || (r.mu_b.hi >= 4 && r.nu.hi <= 0.125 * r.mu_b.hi));
  if (series) {  // sum_{k>=1} (-1)^{k+1} nu^k/k! M_{2k}(mu_b)
    // K terms: the k-th is below 2^-62 of the first from there (scaled moments, mu_b >= 4: terms ~ y^k with
    // y = nu/mu_b <= 1/4; else ~ nu^k/k!); 28 at most, as before
    constexpr int kMaxK = 28;
    const double yh = r.mu_b.hi >= 4 ? r.nu.hi / r.mu_b.hi : r.nu.hi;
    int K = 1;
    for (double tk = 1; tk > 0x1p-62 && K < kMaxK;) {
      ++K;
      tk *= r.mu_b.hi >= 4 ? yh : yh / K;
    }
    dd Pb[kMaxK + 1];
    const bool scb = moments_dd(r.mu_b, K, Pb);
    const dd y = scb ? r.nu / r.mu_b : r.nu;
    dd u{1, 0};
    for (int k = 1; k <= K; ++k) {
      u = -((u * y) * rd.inv[k]);
      d = d - u * Pb[k];
    }
  } else if (r.nu.hi > 0) {
    dd Pb[1], Pm[1];
    moments_dd(r.mu_b, 0, Pb);
    moments_dd(r.mu, 0, Pm);
    d = Pb[0] - Pm[0];
  }
  return to_double(s - d);
}

double d0(const Reduced& r) {
  const double nu = r.nu.hi, mb = r.mu_b.hi, mu = r.mu.hi;
  if (nu == 0) return 0;
  // The alternating series loses ~log2(e^nu / nu) bits, the direct difference ~log2(3 / nu): series up to nu = 1,
  // and where nu/mu_b <= 1/8 (scaled moments: terms ~ (nu/mu_b)^k; the direct form's product overflowed at mu = 3e253)
  if (nu <= 1 || (mb >= 4 && nu <= 0.125 * mb)) {  // sum_{k>=1} (-1)^{k+1} nu^k/k! M_{2k}(mu_b): first term dominates
    double P[kMaxMoments];
    const int K = 24;
    const bool scaled = moments(mb, K, P);
    const double y = scaled ? nu / mb : nu;
    double t = 1, s = 0;
    for (int k = 1; k <= K; ++k) {
      t *= -y * kRecip.inv[k];
      s -= t * P[k];
      if (std::fabs(t * P[k]) < 0x1p-60 * std::fabs(s)) break;
    }
    return s;
  }
  if (mb >= 4) {  // (sqrt(pi)/2) [nu/(s s_b (s+s_b)) - (erfc(s_b)/s_b - erfc(s)/s)]; nu > 1: no cancellation
    double s = std::sqrt(mu), sb = std::sqrt(mb);
    return kSqrtPi / 2 * (nu / (s * sb * (s + sb)) - (std::erfc(sb) / sb - std::erfc(s) / s));
  }
  const double m0b = z_of(mb) / 2, m0 = z_of(mu) / 2;
  // The difference loses log2(m0b / d0) bits; past one bit take both M_0 in double-double (hard cases file:
  // 20.1 ulp in F at nu = 1.5, mu_b = 2.5).
  if (m0b > 2 * (m0b - m0)) {
    dd Pb[1], P[1];
    moments_dd(r.mu_b, 0, Pb);
    moments_dd(r.mu, 0, P);
    return to_double(Pb[0] - P[0]);
  }
  return m0b - m0;
}

// F for lambda <= 2 near its zero crossing (L^2/2 ~ V): with e^{lambda x - mu x^2} = e^{-mu_b x^2}
// (cosh(lambda x) e^{-nu x^2} - 1 + 1), i0 - z = 2 sum_{n>=1} a_n M_{2n}(mu_b),
// a_n = sum_{j+k=n} lambda^{2j}/(2j)! (-nu)^k/k!, and a_1 = C^2 (L^2/2 - V) is formed exactly from the inputs.
double pot_crossing_dd(const Reduced& r, double absL, double V, double b) {
  constexpr int N = 30;
  dd P[N + 1];
  const bool scaled = moments_dd(r.mu_b, N, P);
  const dd L2 = two_prod(absL, absL);
  const dd x = scaled ? L2 / dd{b, 0} : r.lambda * r.lambda;  // lambda^2/mu_b = L^2/b
  const dd y = scaled ? dd{V, 0} / dd{b, 0} : r.nu;           // nu/mu_b = V/b
  dd X[N + 1], Y[N + 1];
  X[0] = Y[0] = dd{1, 0};
  for (int j = 1; j <= N; ++j) {
    X[j] = X[j - 1] * x / static_cast<double>((2 * j - 1) * (2 * j));
    Y[j] = -(Y[j - 1] * y / static_cast<double>(j));
  }
  int e2;  // L^2/2 - V scaled by 2^-e2 (subnormal V, or L^2 and C^2 past the range: NaN from 0 * inf)
  const dd q = half_l2_minus_v(absL, V, &e2);
  const dd a1s = scaled ? q / dd{b, 0} : (q * r.C) * r.C;
  const dd a1{std::ldexp(a1s.hi, e2), std::ldexp(a1s.lo, e2)};
  dd sum = a1 * P[1];
  for (int n = 2; n <= N; ++n) {
    dd an{0, 0};
    for (int j = 0; j <= n; ++j) an = an + X[j] * Y[n - j];
    sum = sum + an * P[n];
  }
  return to_double(sum / P[0]);
}

double pot_crossing(const Reduced& r, double absL, double V, double b) {
  const double mb = r.mu_b.hi;
  double P[kMaxMoments];
  constexpr int N = 30;
  const bool scaled = moments(mb, N, P);
  const double x = scaled ? r.lambda.hi * (r.lambda.hi / mb) : r.lambda.hi * r.lambda.hi;
  const double y = scaled ? V / b : r.nu.hi;
  double X[N + 1], Y[N + 1];
  X[0] = Y[0] = 1;
  for (int j = 1; j <= N; ++j) X[j] = X[j - 1] * x * kRecip.inv_pair[2 * j - 1], Y[j] = -Y[j - 1] * y * kRecip.inv[j];
  int e2;  // L^2/2 - V scaled by 2^-e2 (C^2 overflowed against a subnormal V: NaN at L = 3.1e-162, V = 9.9e-324)
  const dd q = half_l2_minus_v(absL, V, &e2);
  const double a1 = std::ldexp(to_double(scaled ? q / dd{b, 0} : (q * r.C) * r.C), e2);
  double sum = a1 * P[1], bound = 0;  // bound = sum_{n>=2} sum_j |X_j Y_{n-j}| P_n: what the double terms' roundings scale
  for (int n = 2; n <= N; ++n) {
    double an = 0, an_abs = 0;
    for (int j = 0; j <= n; ++j) an += X[j] * Y[n - j], an_abs += std::fabs(X[j] * Y[n - j]);
    sum += an * P[n];
    bound += an_abs * P[n];
  }
  // Double-double where the terms' roundings (a few ulp of `bound`) would exceed ~2 ulp of the sum: the test
  // |sum| < |a1 P_1|/4 alone left 16 ulp at F = -7.2e-4 (compare --n 1000000, seed 1), where a_1 P_1 and a_2 P_2
  // cancel each other.
  if (std::fabs(sum) < 0.25 * std::fabs(a1 * P[1]) || std::fabs(sum) < 2 * bound) return pot_crossing_dd(r, absL, V, b);
  return sum / P[0];  // (i0 - z)/z with z = 2 P_0
}

const privoco::Entry& pred_entry() {
  static const privoco::Entry& e = entry("VDH.pred.conj");
  return e;
}
const privoco::Entry& pot_entry() {
  static const privoco::Entry& e = entry("VDH.pot.conj");
  return e;
}

void check4(const privoco::Entry& e, double L, double V, double b, double G) {
  const double x[4] = {L, V, b, G};
  check_params(e, x);
}

}  // namespace

// L^2/(4B) in double-double without overflow of L^2.
// The same order as the callers' finiteness test (|L|/B) (|L|/4): ((|L|/B) |L|)/4 overflowed where that test
// passed (L = 3.2e253, B = 1.4e198 gave NaN).
dd gauss_exponent(double absL, double V, double b) {
  const dd B = two_sum(b, V);
  // |L|/B past DBL_MAX (B subnormal): (r/2)^2 with r = |L|/sqrt B (inf where L^2/(4B) was 5.3e304)
  if (std::isfinite(B.hi) && B.hi > 0 && !(absL / B.hi < 0x1p1020)) {
    const dd r = dd{absL, 0} / sqrt_dd(B) * 0.5;
    return r * r;
  }
  // halves near the top of the range: b + V past DBL_MAX, or the division's product q B rounding past it (|L| = DBL_MAX)
  if (!std::isfinite(B.hi) || absL > 0x1p1000 || B.hi > 0x1p1000)
    return (dd{0.5 * absL, 0} / two_sum(0.5 * b, 0.5 * V)) * (absL * 0.25);
  return (dd{absL, 0} / B) * (absL * 0.25);
}

// ln(b + V) and ln|L| without overflow of b + V or the rounding of a subnormal |L|/2 to 0
double log_B(double b, double V) {
  const double B = b + V;
  return std::isfinite(B) ? std::log(B) : std::log(0.5 * b + 0.5 * V) + M_LN2;
}

// The four inputs' scaling: VDH eq (5)-(7) see (L, V, b, G) only through lambda = C|L|, mu = C^2 (b + V), mu_b =
// C^2 b, C = 1/(5G), and w = sign(L) C n/z carries one factor C, so w(L, V, b, G) = 2^k w(2^k L, 2^2k V, 2^2k b,
// 2^k G) and F(L, V, b, G) = F(2^k L, 2^2k V, 2^2k b, 2^k G), exactly while nothing under- or overflows. The shift
// that brings G below 2^1000 (5G overflows past 3.6e307) and b, V, |L| below 2^1020 (b + V past DBL_MAX); 0 where
// none is needed or G is below 2^-1000 (the extreme branches' logarithms take that: C overflows).
int top_shift(double L, double V, double b, double G) {
  if (G > 0x1p1000) return 998 - std::ilogb(G);  // (C^2 b below 2^-2000 for any b whose bits the shift takes)
  // not where the shift would take b's bits (b/16 subnormal): b = 4.9e-324 became 0, the uniform prior, and w, F
  // came out wrong by 49 orders of magnitude at V = DBL_MAX, G = 6e-212; the routes take such inputs as they are
  // (the Gaussian limit in logarithms)
  if ((b > 0x1p1020 || V > 0x1p1020 || std::fabs(L) > 0x1p1020) && G >= 0x1p-1000 && !(b > 0 && b < 0x1p-1018))
    return -2;
  return 0;
}

// The shift up for G below 2^-1000 where C = 1/(5G) passes DBL_MAX (G < 1.1e-309) and the peak lies past the edge
// (lambda >= 2 mu, i.e. 2.5 |L| G >= b + V, from logarithms): lambda and mu are then no doubles, and the peak's side and
// E = lambda - mu came from neither (ln w = inf where it is 1.0e308 at L = 0.5, V = 1e-320, G = 1e-309). There w >=
// e^{lambda/2} is far above the range, so 2^-k w' loses nothing; with the peak inside, the Gaussian limit takes L, V, G
// as they are (a shift there took w' below the range: 360 ulp). 0 where |L|, V or b would leave the range.
int bottom_shift(double L, double V, double b, double G) {
  if (std::isfinite(1 / (5 * G)) || V + b == 0) return 0;
  if (!(std::log(std::fabs(L)) + std::log(G) + std::log(2.5) >= log_B(b, V))) return 0;
  const int k = -1000 - std::ilogb(G);
  const bool fits = std::fabs(L) < std::ldexp(1.0, 1020 - k) && V < std::ldexp(1.0, 1020 - 2 * k) &&
                    b < std::ldexp(1.0, 1020 - 2 * k);
  return fits ? k : 0;
}

// b = 0 is the uniform prior (z = 2); the public functions check the domain first.
static Value pred_core(double L, double V, double b, double G) {
  if (L == 0) return plain(0.0);  // w(0, V) = 0: odd in L
  const int sign = L > 0 ? 1 : -1;
  if (const int k = bottom_shift(L, V, b, G); k != 0)  // w = 2^k w(2^k L, 4^k V, 4^k b, 2^k G)
    return rescale(pred_core(std::ldexp(L, k), std::ldexp(V, 2 * k), std::ldexp(b, 2 * k), std::ldexp(G, k)), k);
  Reduced r = reduce(std::fabs(L), V, b, G);
  if (extreme(r) && b == 0) {
    // uniform: V = 0 leaves e^{lambda} with lambda past the double range; otherwise the Gaussian limit
    // w = e^{L^2/(4V)} |L| sqrt(pi) 5G / (4 V^{3/2})
    if (V == 0) return uniform_v0(sign, std::fabs(L), G, true);
    const Peak pk = peak_of(r);
    if (pk.edge) {  // w = C (1 + F) = e^{lambda - mu} sqrt(pi) q/sqrt(V)
      Scaled m;
      m.m = kSqrtPi * pk.q;
      m.renorm();
      m /= std::sqrt(V);
      m.E = pk.E;
      return finish(sign, m);
    }
    const dd E = gauss_exponent(std::fabs(L), V, 0);
    if (!std::isfinite(E.hi)) return overflow(sign);
    // the factor as a scaled magnitude, one rounding per factor (its logarithm's exp lost |ln w| ulp: 1000 ulp)
    Scaled m;
    m.m = std::fabs(L);
    m.renorm();  // before the first product: a subnormal |L| sqrt(pi) rounded to 2 ulp (13%)
    m *= kSqrtPi, m *= G, m *= 5.0, m /= 4.0, m /= V, m /= std::sqrt(V), m *= pk.q;
    m.E = E;
    return finish(sign, m);
  }
  if (extreme(r)) {  // w = (|L|/(2B)) sqrt(b/B) e^{L^2/(4B)}/erf(C sqrt b), B = b + V as 2 Bh (b + V may overflow)
    const double e = std::erf(std::sqrt(b) / (5 * G));
    // B itself where it is a double (halving subnormal b and V rounded: 0.5% at b = 3.1e-321), else its halves
    const double Bs = std::isfinite(b + V) ? b + V : 0.5 * b + 0.5 * V, B2 = std::isfinite(b + V) ? 1.0 : 2.0;
    const Peak pk = peak_of(r);
    if (pk.edge) {  // w = C (1 + F) = C e^{lambda - mu} sqrt(b/B) q/erf(C sqrt b)
      Scaled m;
      m.m = std::sqrt(b);
      m.renorm();
      m /= std::sqrt(Bs), m /= std::sqrt(B2), m *= pk.q, m /= e, m *= r.C.hi;
      m.E = pk.E;
      return finish(sign, m);
    }
    const dd E = gauss_exponent(std::fabs(L), V, b);
    if (!std::isfinite(E.hi)) return overflow(sign);
    Scaled m;  // (the factor's logarithm lost |ln w| ulp: 484 ulp at w = 7.8e-264)
    m.m = std::fabs(L);
    m.renorm();
    m /= Bs, m /= 2 * B2, m *= std::sqrt(b), m /= std::sqrt(Bs), m /= std::sqrt(B2), m /= e;  // (b/B may underflow)
    m *= pk.q;
    m.E = E;
    return finish(sign, m);
  }
  // lambda so small that w is linear in L (relative error lambda^2: n(lambda, mu) = lambda M_2(mu) 2 + O(lambda^3)):
  // evaluated at L 2^j, where lambda 2^j ~ 1e-70 keeps every bit, and scaled back exactly (lambda subnormal lost them)
  if (r.lambda.hi < 1e-250 && r.C.hi > 0) {
    const int j = tiny_scale_bits(r.lambda.hi);
    return rescale(pred_core(std::ldexp(L, j), V, b, G), -j);
  }
  Scaled n = n_scaled(r);
  n *= r.C.hi;
  n /= z_of(r.mu_b.hi);
  return finish(sign, n);
}

// ln(2 erf(C sqrt b)) for b > 0 as a double-double, from C sqrt b itself, not from mu_b = C^2 b: that underflowed
// (subnormal or 0 from b ~ 1e-156 at G = 3.6e75: F = 0.206 where it is 0.186, NaN from b = 1e-200). Where C sqrt b
// < 1e-150, erf(s) = 2s/sqrt(pi) to 1e-300, from logarithms (C sqrt b may underflow); b below 2^-900 scaled by 2^600
// first (exact). erf_out, where given: erf(C sqrt b) itself, rounded to double (0 where C sqrt b underflows).
static dd ln_two_erf_c_sqrt_b(const dd& C, double b, double* erf_out = nullptr) {
  const bool tiny_b = b < 0x1p-900;
  const double sc = tiny_b ? 0x1p600 : 1.0;
  const int k = tiny_b ? 300 : 0;  // sqrt(sc) = 2^k
  const dd rb = sqrt_dd(dd{b * sc, 0});  // sqrt(b) 2^k, normal
  const dd sk = C * rb, s{std::ldexp(sk.hi, -k), std::ldexp(sk.lo, -k)};
  const dd four_over_sqrt_pi{0x1.20dd750429b6dp+1, 0x1.1ae3a914fed80p-55};
  if (!(sk.hi <= DBL_MAX)) {  // C sqrt b past the double range (inf, or NaN from inf - inf): erf = 1
    if (erf_out) *erf_out = 1;
    return kLn2dd;
  }
  if (s.hi > 1e-150) {
    const dd e = erf_dd(s);
    if (erf_out) *erf_out = e.hi;
    return log_dd(e * 2.0);
  }
  if (erf_out) *erf_out = std::ldexp(0.5 * four_over_sqrt_pi.hi * sk.hi, -k);  // 2 s/sqrt(pi)
  return log_dd(four_over_sqrt_pi) + log_dd(C) + log_dd(rb) - kLn2dd * static_cast<double>(k);
}

// ln(B/b) = ln((b + V)/b) for b > 0 as a double-double. B/b past DBL_MAX (V = 1.3e111, b = 8.9e-298: inf - inf, NaN):
// ln B - ln b. A b below 2^-900 is scaled up first (exact; not where V 2^600 could overflow): the division's residual
// rounded to 2^-1074 and left 3e-7 relative in F = -V/(2b) = -1.3e-10 at b = 1.87e-314, V = 4.9e-324. Past 2^1000
// both halved (exact: a V whose halving rounds is below b 2^-2000, beyond ln(B/b)'s bits): b + V passed DBL_MAX at
// b = 1.8e308, V = 3.5e299, NaN, and F = sqrt(b/B) - 1 was formed by subtraction, 7e-8 relative off.
static dd ln_B_over_b(double b, double V) {
  const double sv = b > 0x1p1000 || V > 0x1p1000 ? 0.5 : b < 0x1p-900 && V < 0x1p400 ? 0x1p600 : 1.0;
  const dd Bb = two_sum(b * sv, V * sv) / dd{b * sv, 0};
  return std::isfinite(Bb.hi) ? log_dd(Bb) : log_dd(two_sum(b, V)) - log_dd(dd{b, 0});
}

// F by the completed square, given E = lambda^2/(4 mu) (any lambda >= 0; used near F's zero crossing):
// 1 + F = e^E G0/z with
// G0/z = sqrt(mu_b/mu) D/(2 erf(s_b)), D = erf(alpha) + erf(beta), alpha = (2mu - lambda)/(2 sqrt mu),
// beta = (2mu + lambda)/(2 sqrt mu), s_b = sqrt(mu_b). So ln(1 + F) = E - ln(B/b)/2 + ln D - ln(2 erf(s_b)),
// all in double-double, since near F = 0 these terms cancel
// (condition number E/F), and so are the erf's (dd_math.hpp): this branch runs only near the crossing.
static double pot_peak_inside(const Reduced& r, dd E, double V, double b) {
  const dd sq = sqrt_dd(r.mu), two_sq = sq * 2.0;
  const dd a = (r.mu * 2.0 - r.lambda) / two_sq, bb = (r.mu * 2.0 + r.lambda) / two_sq;
  // D = erf(a) + erf(b'); with the peak beyond the edge (a < 0) it is erfc(-a) - erfc(b') without cancellation
  // of numbers near 1.
  const dd D = a.hi >= 0 ? erf_dd(a) + erf_dd(bb) : erfc_dd(-a) - erfc_dd(bb);
  dd x;
  if (b > 0) {
    x = (E + ln_B_over_b(b, V) * -0.5) + (log_dd(D) - ln_two_erf_c_sqrt_b(r.C, b));
  } else {  // uniform prior, z = 2: 1 + F = e^E sqrt(pi) D / (4 sqrt mu)
    const dd pi{0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53};
    x = E + (log_dd(pi / r.mu) * 0.5 - kLn2dd * 2.0) + log_dd(D);
  }
  if (x.hi > 0.7) {  // 1 + F = e^x: F = e^x - 1 without cancellation; e^x may leave the double range
    Value P = finish(1, 1.0, x);
    return P.status == Status::overflow ? P.value : P.value - 1;
  }
  const double e1 = std::expm1(x.hi);
  return std::fma(e1 + 1, x.lo, e1);  // expm1(hi + lo) = expm1(hi) + e^hi lo
}

// F where lambda and nu are tiny: i0 = 2 M_0(mu) + lambda^2 M_2(mu) + ..., M_0(mu_b + nu) = M_0(mu_b) - nu M_2(mu_b) +
// ..., so F = K (L^2/2 - V) (1 + O(lambda^2, nu)) with K = C^2 M_2(mu_b)/M_0(mu_b): C^2/3 for tiny mu_b, P_1/(b P_0)
// with the scaled moments for mu_b >= 4, past mu_b = 700 exactly 1/(2b); K and F carried as xd, so F may lie far below
// the double range (it underflowed to 0 with status ok at L = -1.9e-287, V = 2.2e-303, b = 4e182, G = 3.1e9, where
// F = -V/(2b) = -2.8e-486; and at L = 0, V = 1.8e-87, b = 1e239, G = 1.5e-25, where lambda = 0 but nu = 3e-39). False
// where it does not apply, or where L^2/2 = V exactly (F is then of order C^4).
xd tiny_K(double b, double G) {
  const double ln_mub = b == 0 ? -INFINITY : std::log(b) - 2 * std::log(5.0) - 2 * std::log(G);
  const xd C2 = xd_of(1.0) / (xd_of(25.0) * xd_of(G) * xd_of(G));
  if (ln_mub < -230) return C2 / xd_of(3.0);
  if (ln_mub > 6.6) return xd_of(0.5) / xd_of(b);  // mu_b > 735: M_2/M_0 = 1/(2 mu_b)
  const int k = G > 0x1p1000 ? std::ilogb(G) - 998 : 0;
  const double Cs = scale_C(std::ldexp(G, -k)).hi, mub = std::ldexp((Cs * b) * Cs, -2 * k);
  double P[2];
  if (moments(mub, 1, P)) return xd_of(P[1] / P[0]) / xd_of(b);
  return C2 * xd_of(P[1] / P[0]);
}

// ln(lambda^2 + nu) in logarithms (C may overflow); -inf where L = V = 0
double ln_tiny(double L, double V, double G) {
  const double lnC = -std::log(5.0) - std::log(G);
  const double l2 = L == 0 ? -INFINITY : 2 * (std::log(std::fabs(L)) + lnC), ln_nu = V == 0 ? -INFINITY : std::log(V) + 2 * lnC;
  return std::isinf(l2) && std::isinf(ln_nu) ? -INFINITY : log_add(l2, ln_nu);
}

// The expansion's terms beyond the first are O((lambda^2 + nu)^2/m) against C^2 |L^2/2 - V|, m = max(1, mu_b): it is
// used where their ratio is below 1e-20 (and (lambda^2 + nu)/m < 1e-10), or in small_C's limits
bool pot_tiny(double L, double V, double b, double G, Value* out) {
  {  // cheap refusal first (every potential call passes here): (lambda^2 + nu)/m in plain doubles, finite and far
     // above the threshold e^-23 = 1.03e-10 (roundings and a factor 2 of margin cannot bring it below)
    const double C = 0.2 / G, l = C * L, C2 = C * C, s = l * l + C2 * V, m = C2 * b;
    if (s < INFINITY && m < INFINITY && s >= 2.1e-10 * std::fmax(1.0, m)) return false;
  }
  int e2;
  const dd D = half_l2_minus_v(L, V, &e2);
  if (D.hi == 0) return false;
  if (!small_C(L, V, G)) {
    // relative to max(1, mu_b): for a concentrated prior the expansion's parameter is (lambda^2 + nu)/mu_b = (L^2 +
    // V)/b (the Gaussian limit; F = -1.8e-147 came out 0, and -1.4e-120 positive, at mu_b = 2e166 and 4e130)
    const double lnC = -std::log(5.0) - std::log(G), lnm = b > 0 ? std::fmax(0.0, std::log(b) + 2 * lnC) : 0;
    const double t = ln_tiny(L, V, G) - lnm;
    const double ln_d = std::log(std::fabs(D.hi)) + e2 * 0.69314718055994530942 + 2 * lnC - lnm;
    if (!(t < -23 && 2 * t < ln_d - 46)) return false;
  }
  *out = to_value(xd_scale2(xd_of(D), e2) * tiny_K(b, G));
  return true;
}

static Value pot_core(double L, double V, double b, double G) {
  if (Value F; pot_tiny(L, V, b, G, &F)) return F;
  if (const int k = top_shift(L, V, b, G) + bottom_shift(L, V, b, G); k != 0)  // F is unchanged by the shifts
    return pot_core(std::ldexp(L, k), std::ldexp(V, 2 * k), std::ldexp(b, 2 * k), std::ldexp(G, k));
  Reduced r = reduce(std::fabs(L), V, b, G);
  if (extreme(r) && b == 0) {  // uniform: F = e^{L^2/(4V)} sqrt(pi) 5G / (2 sqrt V) - 1 (Gaussian limit)
    if (V == 0) return uniform_v0(1, std::fabs(L), G, false);
    const Peak pk = peak_of(r);
    const dd E0 = pk.edge ? pk.E : gauss_exponent(std::fabs(L), V, 0);
    if (!std::isfinite(E0.hi)) return overflow(1);
    dd E = E0 + dd{0.5 * std::log(M_PI) + std::log(5 * G) - std::log(2.0) - 0.5 * std::log(V) + std::log(pk.q), 0};
    if (E.hi < 0.7) return potential(std::expm1(to_double(E)));
    Scaled m;  // 1 + F with its factor scaled, not through its logarithm (|ln| ulp lost)
    m.m = kSqrtPi;
    m *= G, m *= 5.0, m /= 2.0, m /= std::sqrt(V), m *= pk.q;
    m.E = E0;
    Value P = finish(1, m);
    return P.status == Status::overflow ? P : potential(P.value - 1);
  }
  if (extreme(r)) {  // F = sqrt(b/B) e^{L^2/(4B)}/erf(C sqrt b) - 1
    // = L^2/(4B) - V/(2b) = (L^2/2 - V)/(2b) to a relative 1e-150 where both terms are below 1e-150: scaled (the
    // double-double exponent underflowed, F = 0 with status ok where F = 3.0e-595)
    if (2 * std::log(std::fabs(L)) - std::log(4.0) - log_B(b, V) < -345 && (V == 0 || std::log(V) - std::log(b) < -345))
      if (Value F; half_l2_minus_v_times(L, V, 0.5, b, &F)) return F;
    const Peak pk = peak_of(r);
    const dd E0 = pk.edge ? pk.E : gauss_exponent(std::fabs(L), V, b);
    if (!std::isfinite(E0.hi)) return overflow(1);
    // ln(B/b) (V/b itself may overflow: V = 1.7e71, b = 1e-300 gave NaN through log1p(inf) = inf in a dd sum) and
    // ln erf(C sqrt b) (far from 0 where b is tiny: it was left out, ln F off by 181 at b = 4.9e-324) as double-doubles:
    // in double (449.7 and -61.8 at L = 4.8e94, V = 1.5e186, b = 4.4e-205, G = 1.0e-76) their roundings stayed in
    // E = -0.31, 76 ulp of F
    double es;  // erf(C sqrt b), for the scaled product below
    dd E = E0 + (ln_B_over_b(b, V) * -0.5 - (ln_two_erf_c_sqrt_b(r.C, b, &es) - kLn2dd)) + dd{std::log(pk.q), 0};
    if (E.hi < 0.7) return potential(std::expm1(to_double(E)));
    Scaled m;  // 1 + F = sqrt(b/B) e^{E0}/erf(C sqrt b), the factor scaled (b/B may underflow: sqrt(b)/sqrt(B))
    m.m = std::sqrt(b);
    m.renorm();
    const bool Bf = std::isfinite(b + V);  // B itself where it is a double (halving subnormals rounds)
    m /= std::sqrt(Bf ? b + V : 0.5 * b + 0.5 * V), m /= std::sqrt(Bf ? 1.0 : 2.0), m /= es, m *= pk.q;
    m.E = E0;
    Value P = finish(1, m);
    return P.status == Status::overflow ? P : potential(P.value - 1);
  }
  // z/2 = M_0(mu_b) from the kernels' z: mu_b's low part included (z_of drops it), ~0.5 ulp
  double zh;
  z_half_kernel(z_class(r.mu_b.hi), &r.mu_b.hi, &r.mu_b.lo, 1, &zh);
  const double z = 2 * zh;
  if (r.lambda.hi <= kR1) {
    const double y = r.mu_b.hi >= 4 ? r.nu.hi / r.mu_b.hi : r.nu.hi;
    const double half_l2 = 0.5 * L * L;
    if (y <= 0.25 && V > 0 && std::fabs(half_l2 - V) < 0.5 * (half_l2 + V))
      return potential(pot_crossing(r, std::fabs(L), V, b));
    // F = (i0 - z)/z = (2 sum_{j>=1} lambda^{2j}/(2j)! M_{2j}(mu) - 2 d0) / z, no cancellation away from L^2/2 = V
    int J = series_terms(r.lambda.hi);
    double P[kMaxMoments];
    const bool scaled = moments(r.mu.hi, J, P);
    const double x = scaled ? r.lambda.hi * (r.lambda.hi / r.mu.hi) : r.lambda.hi * r.lambda.hi;
    double t = 1, s = 0;
    for (int j = 1; j <= J; ++j) {
      t *= x * kRecip.inv_pair[2 * j - 1];
      s += t * P[j];
    }
    const double d = d0(r);
    // F near 0 with large nu (L^2/(4B) ~ ln(B/b)/2): the difference s - d cancels; the peak-inside form
    // carries the cancelling parts in double-double.
    // the completed square needs erfc(-alpha) representable: peak at most ~20 widths beyond the edge
    if (std::fabs(s - d) < 0.5 * s && r.lambda.hi - 2 * r.mu.hi < 40 * std::sqrt(r.mu.hi))
      return potential(pot_peak_inside(r, (r.lambda / r.mu) * r.lambda * 0.25, V, b));
    // Past lambda = 3 the ~20 positive double terms of s carry up to ~10 ulp (11.6 ulp in F at lambda = 4.8,
    // compare --n 1000000, seed 1), as in the prediction: double-double there too.
    // Elsewhere too: the double moments and sums left up to 9.4 ulp in F with no cancellation at all (s alone at
    // lambda = 0.67, d0 alone at nu = 0.61, mu_b = 10; compare --n 1000000, seeds 1-6); double-double everywhere
    // gives max 5.7 ulp over those 6e6 points. Six more terms where s and d0 cancel: the tail is then far below
    // the cancellation.
    const bool cancel = std::fabs(s - d) < 0.8 * (s + d) || r.lambda.hi > 3;
    return potential(2 * s_minus_d0_dd(r, std::min(cancel ? J + 6 : J, kMaxMoments - 2)) / z);
  }
  dd E;
  // 1 + F = m e^E, m's low part folded into E (m_hi (1 + m_lo/m_hi) = m_hi e^{m_lo/m_hi} to first order)
  const dd md = i0_scaled(r, &E) / dd{2 * zh, 0};
  const double m = md.hi, m_rel = m > 0 && std::isfinite(m) ? md.lo / m : 0;
  double lnP = std::log(m) + E.hi;
  if (std::fabs(lnP) < 0.7) {
    if (r.lambda.hi < 2 * r.mu.hi) return potential(pot_peak_inside(r, E, V, b));  // E = lambda^2/(4 mu) here
    return potential(std::expm1(std::log(m) + E.hi + (E.lo + m_rel)));
  }
  Value P = finish(1, m, E + dd{m_rel, 0});
  if (P.status == Status::overflow) return P;  // F = P - 1 ~ P out of range
  return potential(P.value - 1);
}

// Predictions of up to ReducedPoints::kMax points, domain already checked: the vectorised kernels
// (conj_kernel.hpp: quadrature, peak inside, peak beyond the edge) where they apply, pred_core elsewhere.
// Scalar and batch calls both come here, so they return the same bits.
// sign * x for a normal x > 0 (plain() without its checks).
// w = sign(L) x for x > 0, L != 0; branch-free (the signs of consecutive points are unpredictable)
static inline Value normal_signed_by(double L, double x) {
  Value o;
  o.value = std::copysign(x, L);
  o.sign = 1 - 2 * static_cast<int>(std::signbit(L));
  return o;
}

// The points top_shift moves (|L|, V, b > 2^1020 or G > 2^1000) lie outside this open box (the ends one double
// outward; the inputs were checked, so no NaN).
static const double kNoShift[8] = {-std::nextafter(0x1p1020, INFINITY), -INFINITY, -INFINITY, -INFINITY,
                                   std::nextafter(0x1p1020, INFINITY), std::nextafter(0x1p1020, INFINITY),
                                   std::nextafter(0x1p1020, INFINITY), std::nextafter(0x1p1000, INFINITY)};

// The shift box and an open domain box (8 doubles, or null: every double) as reduce_kernel takes them.
struct Boxes {
  double b[16];
  explicit Boxes(const double* domain) {
    std::copy_n(kNoShift, 8, b);
    std::copy_n(domain ? domain : kWholeBoxes, 8, b + 8);
  }
};

// Each class's second list appended to its first (lists of a block's two halves)
template <int K, int N, int N2>
static void append_lists(int (&idx)[K][N], int (&cnt)[K], const int (&idx2)[K][N2], const int (&cnt2)[K]) {
  for (int c = 0; c < K; ++c) {
    std::copy_n(idx2[c], cnt2[c], idx[c] + cnt[c]);
    cnt[c] += cnt2[c];
  }
}

// The lists of each class (cls[i] < K) and of each z class (zcls[i] < Z) in increasing order; a point joins its z
// class's list where z_needed(cls[i]). The two halves of the block fill separate lists in one loop (idx2, zidx2:
// half-size scratch): each count is a load-add-store chain through memory, and two independent chains run at twice
// the rate.
template <int K, int Z, int N, int N2, class ZNeeded>
static void fill_lists(const int* cls, const int* zcls, int n, int (&idx)[K][N], int (&cnt)[K], int (&idx2)[K][N2],
                       int (&zidx)[Z][N], int (&zcnt)[Z], int (&zidx2)[Z][N2], ZNeeded z_needed) {
  const int h = (n + 1) / 2;
  int cnt2[K] = {}, zcnt2[Z] = {};
  auto add = [&](int i, auto& ix, int* ct, auto& zix, int* zct) {
    const int c = cls[i], zc = zcls[i];
    ix[c][ct[c]++] = i;
    zix[zc][zct[zc]] = i;
    zct[zc] += z_needed(c);
  };
  for (int i = 0; i < n - h; ++i) {
    add(i, idx, cnt, zidx, zcnt);
    add(h + i, idx2, cnt2, zidx2, zcnt2);
  }
  if (n - h < h) add(h - 1, idx, cnt, zidx, zcnt);
  append_lists(idx, cnt, idx2, cnt2);
  append_lists(zidx, zcnt, zidx2, zcnt2);
}

// L_lo, V_lo: the low parts of L and V as double-doubles (the learners' sums), or null. domain: the open box of the
// parameters' domains (as Box4 below), checked in the reduction's pass: false, with nothing written, when a row lies
// outside it; null for rows already checked.
static bool pred_chunk(const double* L, const double* V, const double* b, const double* G, Value* out, int n,
                       const double* L_lo = nullptr, const double* V_lo = nullptr, const double* domain = nullptr) {
  constexpr int kMax = ReducedPoints::kMax, kStride = ReducedPoints::kStride, kPad = ReducedPoints::kPad;
  // One block's workspace, per thread (about 1.4 MB at 4096 points).
  struct Workspace {
    ReducedPoints all, packed;  // packed: one class's points, contiguous (the kernels vectorise over them)
    // padded as ReducedPoints' arrays (kStride), so that no two arrays alias in the cache
    double zhalf[kStride], zpacked[kStride], v[kStride], m[kStride], Eh[kStride], El[kStride];
    int cls[kStride], zcls[kStride], index[kClasses][kStride], zindex[kZClasses][kStride];
    int index2[kClasses][kMax / 2 + kPad], zindex2[kZClasses][kMax / 2 + kPad];  // the second half's lists, appended
  };
  Workspace& ws = thread_workspace<Workspace>();
  ReducedPoints &all = ws.all, &packed = ws.packed;
  double *zhalf = ws.zhalf, *zpacked = ws.zpacked, *v = ws.v, *m = ws.m, *Eh = ws.Eh, *El = ws.El;
  int *cls = ws.cls, *zcls = ws.zcls;
  auto& index = ws.index;
  auto& zindex = ws.zindex;
  int count[kClasses] = {}, zcount[kZClasses] = {};
  // the points top_shift moves (outside kNoShift) are counted in the same pass
  // the classes branch-free (those of consecutive points are unpredictable)
  const Boxes boxes(domain);
  int outside_domain;
  const int outside = L_lo ? reduce_kernel_dd(boxes.b, L, L_lo, V, V_lo, b, G, n, all, cls, zcls, &outside_domain)
                           : reduce_kernel(boxes.b, L, V, b, G, n, all, cls, zcls, &outside_domain);
  if (outside_domain > 0) return false;
  fill_lists(cls, zcls, n, ws.index, count, ws.index2, ws.zindex, zcount, ws.zindex2,
             [](int c) { return (c < kClassCore) & !is_tiny_class(c); });  // (the tiny kernel needs no z)
  for (int j = 0; j < count[kClassZero]; ++j) out[index[kClassZero][j]] = plain(0.0);
  for (int j = 0; j < count[kClassCore]; ++j) {
    const int i = index[kClassCore][j];
    out[i] = pred_core(L[i], V[i], b[i], G[i]);
  }
  for (int zc = 0; zc < kZClasses; ++zc) {
    const int k = zcount[zc];
    if (k == 0) continue;
    pack_mub_kernel(all, zindex[zc], k, packed.mub_hi, packed.mub_lo);
    z_half_kernel(zc, packed.mub_hi, packed.mub_lo, k, zpacked);
    for (int j = 0; j < k; ++j) zhalf[zindex[zc][j]] = zpacked[j];
  }
  for (int c = 0; c < kClassCore; ++c) {
    const int k = count[c];
    if (k == 0) continue;
    const int* idx = index[c];
    pack_kernel(all, zhalf, idx, k, packed, zpacked);
    if (c < kClassInside || is_tiny_class(c)) {
      if (is_tiny_class(c)) {
        pack_mub_kernel(all, idx, k, packed.mub_hi, packed.mub_lo);
        tiny_pred_kernel(c == kClassTinySmallMu, packed, k, v);
      } else {
        gl_pred_kernel(8 + 4 * (c % 3), c >= 3, packed, zpacked, k, v);
      }
      for (int j = 0; j < k; ++j) {
        const int i = idx[j];
        out[i] = v[j] >= DBL_MIN ? normal_signed_by(L[i], v[j]) : pred_core(L[i], V[i], b[i], G[i]);
      }
      continue;
    }
    if (c == kClassInside || c == kClassInsideFar) inside_pred_kernel(c == kClassInsideFar, packed, zpacked, k, m, Eh, El, v);
    else if (c >= kClassEdgeInside && c < kClassEdgeBeyond + 3)
      edge_pred_kernel(c < kClassEdgeBeyond, (c - kClassEdgeInside) % 3, packed, zpacked, k, m, Eh, El, v);
    else beyond_pred_kernel(c == kClassBeyondFast, packed, zpacked, k, m, Eh, El, v);
    for (int j = 0; j < k; ++j) {
      const int i = idx[j];
      if (v[j] >= DBL_MIN && v[j] <= DBL_MAX) out[i] = normal_signed_by(L[i], v[j]);
      else if (m[j] >= 1e-304 && m[j] <= 1e300) out[i] = finish(L[i] > 0 ? 1 : -1, m[j], dd{Eh[j], El[j]});  // m normal (its low
                                                                                      // part's subnormal error <= 1e-19)
      else out[i] = pred_core(L[i], V[i], b[i], G[i]);
    }
  }
  // the points the kernels cannot take (top_shift), each again at its shifted inputs; where the shift would take L's
  // bits (|2^k L| < 2^-1000), w is linear in L (lambda^2/max(1, mu) < 2^-1900 there, the relative error of the
  // linear term): w = 2^k w'(2^k L) = 2^(2k + 1000) |L| w'(sign(L) 2^-1000)
  // one vectorised pass (such points are rare): the points outside |L|, V, b <= 2^1020, G <= 2^1000 (as open
  // boxes: the ends one double outward; the inputs were checked, so no NaN)
  for (int i = 0; outside > 0 && i < n; ++i) {
    const int k = top_shift(L[i], V[i], b[i], G[i]);
    if (k == 0) continue;
    double Ls = std::ldexp(L[i], k), f = 1;
    const double Vs = std::ldexp(V[i], 2 * k), bs = std::ldexp(b[i], 2 * k), Gs = std::ldexp(G[i], k);
    double Llo = L_lo ? std::ldexp(*(L_lo + i), k) : 0, Vlo = V_lo ? std::ldexp(*(V_lo + i), 2 * k) : 0;
    long shift = k;
    if (L[i] != 0 && std::fabs(Ls) < 0x1p-1000) {
      f = std::fabs(L[i]), shift = 2L * k + 1000, Ls = std::copysign(0x1p-1000, L[i]), Llo = 0;
    }
    Value w;
    pred_chunk(&Ls, &Vs, &bs, &Gs, &w, 1, L_lo ? &Llo : nullptr, V_lo ? &Vlo : nullptr);
    out[i] = rescale(w, shift, f);
  }
  return true;
}

// Potentials of up to ReducedPoints::kMax points, domain already checked: the quadrature kernel (gl_pot_kernel) for
// the prediction's quadrature and tiny classes where its parts do not cancel, pot_core elsewhere. Scalar and batch
// calls both come here, so they return the same bits.
static bool pot_chunk(const double* L, const double* V, const double* b, const double* G, Value* out, int n,
                      const double* domain = nullptr) {
  constexpr int kMax = ReducedPoints::kMax, kStride = ReducedPoints::kStride, kPad = ReducedPoints::kPad;
  constexpr int kGroups = kPotGroups, kGroupInside = kPotGroupInside, kGroupEdge = kPotGroupEdge,
                kGroupRule = kPotGroupRule, kGroupScalar = kPotGroupScalar;
  struct Workspace {
    ReducedPoints all, packed;
    // padded (kStride) as pred_chunk's workspace
    double zhalf[kStride], zpacked[kStride], mub_hi[kStride], mub_lo[kStride], Vp[kStride], F[kStride],
        bound[kStride], m[kStride], Eh[kStride], El[kStride];
    double F2[kStride], bound2[kStride], m2[kStride], Eh2[kStride], El2[kStride];  // the inside kernel's second pass
    int cls[kStride], zcls[kStride], grp[kStride], index[kGroups + 1][kStride], zindex[kZClasses][kStride];
    int rest[kStride];
    int index2[kGroups + 1][kMax / 2 + kPad], zindex2[kZClasses][kMax / 2 + kPad];  // the second half's lists
  };
  Workspace& ws = thread_workspace<Workspace>();
  ReducedPoints &all = ws.all, &packed = ws.packed;
  int count[kGroups + 1] = {}, zcount[kZClasses] = {};
  const Boxes boxes(domain);
  int outside_domain;
  const int outside = reduce_kernel(boxes.b, L, V, b, G, n, all, ws.cls, ws.zcls, &outside_domain);
  if (outside_domain > 0) return false;
  pot_group_kernel(all, ws.cls, n, ws.grp);  // each point's group
  fill_lists(ws.grp, ws.zcls, n, ws.index, count, ws.index2, ws.zindex, zcount, ws.zindex2,
             [](int g) { return g != kGroupScalar; });
  for (int zc = 0; zc < kZClasses; ++zc) {
    const int k = zcount[zc];
    if (k == 0) continue;
    pack_mub_kernel(all, ws.zindex[zc], k, packed.mub_hi, packed.mub_lo);
    z_half_kernel(zc, packed.mub_hi, packed.mub_lo, k, ws.zpacked);
    for (int j = 0; j < k; ++j) ws.zhalf[ws.zindex[zc][j]] = ws.zpacked[j];
  }
  // the peak-inside kernel in two passes: the P-form over all k packed points, then both forms over the points it
  // leaves (bound 0), compacted in place and scattered back (the same bits as one pass over both forms)
  auto inside_two_pass = [&](bool far, int k) {
    inside_pot_kernel(far, true, packed, ws.mub_hi, ws.mub_lo, ws.Vp, ws.zpacked, k, ws.F, ws.bound, ws.m, ws.Eh,
                      ws.El);
    int k2 = 0;
    for (int j = 0; j < k; ++j) {
      ws.rest[k2] = j;
      k2 += ws.bound[j] == 0;
    }
    if (k2 == 0) return;
    for (int s = 0; s < k2; ++s) {
      const int j = ws.rest[s];
      packed.lam_hi[s] = packed.lam_hi[j], packed.lam_lo[s] = packed.lam_lo[j];
      packed.mu_hi[s] = packed.mu_hi[j], packed.mu_lo[s] = packed.mu_lo[j];
      packed.C_hi[s] = packed.C_hi[j], packed.C_lo[s] = packed.C_lo[j];
      ws.mub_hi[s] = ws.mub_hi[j], ws.mub_lo[s] = ws.mub_lo[j], ws.Vp[s] = ws.Vp[j], ws.zpacked[s] = ws.zpacked[j];
    }
    inside_pot_kernel(far, false, packed, ws.mub_hi, ws.mub_lo, ws.Vp, ws.zpacked, k2, ws.F2, ws.bound2, ws.m2,
                      ws.Eh2, ws.El2);
    for (int s = 0; s < k2; ++s) {
      const int j = ws.rest[s];
      ws.F[j] = ws.F2[s], ws.bound[j] = ws.bound2[s], ws.m[j] = ws.m2[s], ws.Eh[j] = ws.Eh2[s], ws.El[j] = ws.El2[s];
    }
  };
  int* scalar = ws.index[kGroupScalar];  // the points a kernel refuses join the scalar route's list
  for (int grp = 0; grp < kGroups; ++grp) {
    const int k = count[grp];
    if (k == 0) continue;
    const int* idx = ws.index[grp];
    pack_kernel(all, ws.zhalf, idx, k, packed, ws.zpacked);
    // the quadrature's groups and the peak's (inside, well inside, beyond, far beyond, edge)
    const bool quadrature = grp < kGroupInside || grp >= kGroupRule;
    if (quadrature || grp < kGroupInside + 2) {  // these kernels take mu_b and V too
      pack_mub_kernel(all, idx, k, ws.mub_hi, ws.mub_lo);
      for (int j = 0; j < k; ++j) ws.Vp[j] = V[idx[j]];
    }
    if (quadrature) {
      const int m = grp >= kGroupRule ? kPotRuleM[grp - kGroupRule] : 8 + 4 * (grp % 3);
      gl_pot_kernel(m, grp >= 3, packed, ws.mub_hi, ws.mub_lo, ws.Vp, ws.zpacked, k, ws.F, ws.bound);
      for (int j = 0; j < k; ++j) {
        const int i = idx[j];
        const double F = ws.F[j];
        if (std::fabs(F) >= DBL_MIN && ws.bound[j] <= 16 * std::fabs(F)) out[i] = potential(F);
        else scalar[count[kGroupScalar]++] = i;
      }
      continue;
    }
    if (grp < kGroupInside + 2)
      inside_two_pass(grp == kGroupInside + 1, k);
    else if (grp < kGroupEdge)
      beyond_pot_kernel(grp == kGroupInside + 3, packed, ws.zpacked, k, ws.F, ws.bound, ws.m, ws.Eh, ws.El);
    else
      edge_pot_kernel(grp < kGroupEdge + 3, (grp - kGroupEdge) % 3, packed, ws.zpacked, k, ws.F, ws.bound, ws.m, ws.Eh,
                      ws.El);
    for (int j = 0; j < k; ++j) {
      const int i = idx[j];
      // past e^700: F = 1 + F = m e^E to 1e-54 relative where m >= 1e-250 (then ln(1 + F) > 124), scaled
      const double F = std::fabs(ws.F[j]);  // normal, else the scaled forms below
      if (ws.bound[j] != 0 && F >= DBL_MIN && F <= DBL_MAX) out[i] = potential(ws.F[j]);
      else if (ws.Eh[j] > 700 && ws.m[j] >= 1e-250 && ws.m[j] <= 1e300) out[i] = finish(1, ws.m[j], dd{ws.Eh[j], ws.El[j]});
      else scalar[count[kGroupScalar]++] = i;
    }
  }
  for (int j = 0; j < count[kGroupScalar]; ++j) {
    const int i = scalar[j];
    out[i] = pot_core(L[i], V[i], b[i], G[i]);
  }
  // the points top_shift moves (rare: one vectorised test first) take the scalar route, which shifts them
  if (outside > 0)
    for (int i = 0; i < n; ++i)
      if (top_shift(L[i], V[i], b[i], G[i]) != 0) out[i] = pot_core(L[i], V[i], b[i], G[i]);
  return true;
}

Value pred_conj(double L, double V, double b, double G) {
  check4(pred_entry(), L, V, b, G);
  Value out;
  pred_chunk(&L, &V, &b, &G, &out, 1);
  return out;
}

Value pot_conj(double L, double V, double b, double G) {
  check4(pot_entry(), L, V, b, G);
  Value out;
  pot_chunk(&L, &V, &b, &G, &out, 1);
  return out;
}

// Uniform prior (VDH prior list after eq (6)): the conjugate prior at b = 0.
Value pred_uniform(double L, double V, double G) {
  static const privoco::Entry& e = entry("VDH.pred.uniform");
  const double x[3] = {L, V, G};
  check_params(e, x);
  const double b = 0;
  Value out;
  pred_chunk(&L, &V, &b, &G, &out, 1);
  return out;
}

Value pred_conj_dd(double L, double L_lo, double V, double V_lo, double b, double G) {
  check4(pred_entry(), L, V, b, G);
  Value out;
  pred_chunk(&L, &V, &b, &G, &out, 1, &L_lo, &V_lo);
  return out;
}

Value pred_uniform_dd(double L, double L_lo, double V, double V_lo, double G) {
  static const privoco::Entry& e = entry("VDH.pred.uniform");
  const double x[3] = {L, V, G};
  check_params(e, x);
  const double b = 0;
  Value out;
  pred_chunk(&L, &V, &b, &G, &out, 1, &L_lo, &V_lo);
  return out;
}

Value pot_uniform(double L, double V, double G) {
  static const privoco::Entry& e = entry("VDH.pot.uniform");
  const double x[3] = {L, V, G};
  check_params(e, x);
  const double b = 0;
  Value out;
  pot_chunk(&L, &V, &b, &G, &out, 1);
  return out;
}

Value pot_Z(double b, double G) {
  const double x[2] = {b, G};
  check_params(entry("VDH.pot.Z"), x);
  if (G > 0x1p1000) {  // C = 1/(5G) subnormal or 0 (Z came out 0 with status ok): C = 2^-k C', C' = 1/(5 G 2^-k)
    const int k = std::ilogb(G) - 998;
    const double Cs = 1 / (5 * std::ldexp(G, -k)), mub = std::ldexp(Cs * (Cs * b), -2 * k);  // mu_b = C^2 b
    if (!(mub < 36)) return plain(kSqrtPi / std::sqrt(b));
    Scaled z;
    z.m = Cs * z_of(mub);
    z.e2 = -k;
    z.renorm();
    return finish(1, z);
  }
  Reduced r = reduce(0, 0, b, G);
  // mu_b >= 36 (erf(C sqrt b) = 1 to 2e-17), or C^2 b past the double range (it was NaN there: b = 6e-261,
  // G = 1e-300): Z = C sqrt(pi) erf(s)/s = sqrt(pi/b)
  if (!(r.mu_b.hi < 36)) return plain(kSqrtPi / std::sqrt(b));
  return plain(r.C.hi * z_of(r.mu_b.hi));
}

// The domains of e's four parameters as an open box (lo', hi'): a closed end moves one double outward, so x in D <=>
// lo' < x < hi' (false for NaN). The chunks check it in their reduction's pass and refuse a block with a bad row;
// good_rows then finds the rows before the first bad one.
struct Box4 {
  std::array<privoco::Domain, 4> dom;
  std::array<double, 8> open;
  explicit Box4(const privoco::Entry& e) {
    for (int k = 0; k < 4; ++k) {
      dom[k] = e.params[k].domain;
      open[k] = dom[k].lo_closed ? std::nextafter(dom[k].lo, -INFINITY) : dom[k].lo;
      open[4 + k] = dom[k].hi_closed ? std::nextafter(dom[k].hi, INFINITY) : dom[k].hi;
    }
  }
  // the rows before the first one outside the domains, at most m
  int good_rows(const double* L, const double* V, const double* b, const double* G, int m) const {
    int good = 0;
    while (good < m && dom[0].contains(L[good]) && dom[1].contains(V[good]) && dom[2].contains(b[good]) && dom[3].contains(G[good]))
      ++good;
    return good;
  }
};

// Blocks of ReducedPoints::kMax rows through chunk(L, V, b, G, out, n, domain box); a block with a bad row again
// up to that row, then DomainError for it (the rows before it written).
template <class Chunk>
static void in_blocks(const privoco::Entry& e, const Box4& box, Chunk chunk, const double* L, const double* V,
                      const double* b, const double* G, Value* out, std::size_t n) {
  for (std::size_t start = 0; start < n; start += ReducedPoints::kMax) {
    const int m = static_cast<int>(std::min<std::size_t>(ReducedPoints::kMax, n - start));
    const double *l = L + start, *v = V + start, *bb = b + start, *g = G + start;
    if (chunk(l, v, bb, g, out + start, m, box.open.data(), start)) continue;
    const int good = box.good_rows(l, v, bb, g, m);
    chunk(l, v, bb, g, out + start, good, nullptr, start);
    if (good < m) check4(e, l[good], v[good], bb[good], g[good]);  // throws DomainError naming the bad row's parameter
  }
}

static void pred_batch(const double* L, const double* V, const double* b, const double* G, Value* out, std::size_t n,
                       const double* L_lo, const double* V_lo) {
  static const Box4 box(pred_entry());
  in_blocks(pred_entry(), box, [&](const double* l, const double* v, const double* bb, const double* g, Value* o,
                                   int m, const double* domain, std::size_t start) {
    return pred_chunk(l, v, bb, g, o, m, L_lo ? L_lo + start : nullptr, V_lo ? V_lo + start : nullptr, domain);
  }, L, V, b, G, out, n);
}

void pred_conj(const double* L, const double* V, const double* b, const double* G, Value* out, std::size_t n) {
  pred_batch(L, V, b, G, out, n, nullptr, nullptr);
}

void pred_conj_dd(const double* L, const double* L_lo, const double* V, const double* V_lo, const double* b,
                  const double* G, Value* out, std::size_t n) {
  pred_batch(L, V, b, G, out, n, L_lo, V_lo);
}

// The uniform prior in batch: the conjugate prior's chunk at b = 0, rows before the first bad one written.
template <class Chunk>
static void uniform_batch(const privoco::Entry& e, Chunk chunk, const double* L, const double* V, const double* G,
                          Value* out, std::size_t n) {
  static const double zeros[ReducedPoints::kMax] = {};
  for (std::size_t start = 0; start < n; start += ReducedPoints::kMax) {
    const int m = static_cast<int>(std::min<std::size_t>(ReducedPoints::kMax, n - start));
    int good = 0;
    while (good < m && e.params[0].domain.contains(L[start + good]) && e.params[1].domain.contains(V[start + good]) &&
           e.params[2].domain.contains(G[start + good]))
      ++good;
    chunk(L + start, V + start, zeros, G + start, out + start, good);
    if (good < m) {
      const double x[3] = {L[start + good], V[start + good], G[start + good]};
      check_params(e, x);
    }
  }
}

void pred_uniform(const double* L, const double* V, const double* G, Value* out, std::size_t n) {
  static const privoco::Entry& e = entry("VDH.pred.uniform");
  uniform_batch(e, [](const double* l, const double* v, const double* b, const double* g, Value* o, int k) {
    pred_chunk(l, v, b, g, o, k);
  }, L, V, G, out, n);
}

void pot_uniform(const double* L, const double* V, const double* G, Value* out, std::size_t n) {
  static const privoco::Entry& e = entry("VDH.pot.uniform");
  uniform_batch(e, [](const double* l, const double* v, const double* b, const double* g, Value* o, int k) {
    pot_chunk(l, v, b, g, o, k);
  }, L, V, G, out, n);
}

void pot_conj(const double* L, const double* V, const double* b, const double* G, Value* out, std::size_t n) {
  static const Box4 box(pot_entry());
  in_blocks(pot_entry(), box, [](const double* l, const double* v, const double* bb, const double* g, Value* o, int m,
                                 const double* domain, std::size_t) { return pot_chunk(l, v, bb, g, o, m, domain); },
            L, V, b, G, out, n);
}

}  // namespace privoco::fast::vdh
