// VDH improper prior dP/dv = 1/|v| in double: w = C [h(lambda) - h(-lambda)], h(l) = int_0^1 e^{l x - mu x^2} dx,
// lambda = C|L|, mu = C^2 V (VDH (3.8.1) (002) by the definition; odd in L). Regimes:
//   V = 0         w = C 4 sinh^2(lambda/2)/lambda (exp in double-double beyond lambda = 1);
//   series        lambda <= 3 or lambda^2/mu <= 4: 2 sum_j lambda^{2j+1}/(2j+1)! M_{2j+1}(mu), positive terms,
//                 M_k(mu) = int_0^1 x^k e^{-mu x^2} dx (see series() for how each moment is formed);
//   closed forms  otherwise, erf/erfcx of non-negative arguments (derivation in reference/vdh/improper.cpp; lambda^2/(4mu) > 1 there keeps the subtracted terms below ~1/3), the
//                 large exponential in double-double and carried as a scaled magnitude (overflow reported).
#include "improper.hpp"
#include "conj.hpp"

#include <cerf.h>

#include <algorithm>
#include <cmath>

#include "privoco/catalogue.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "../numerics/quadrature.hpp"
#include "../numerics/scaled.hpp"

namespace privoco::fast::vdh {
using namespace numerics;

namespace {
constexpr double kSqrtPi = 1.77245385090551602730;
constexpr int kMaxTerms = 90;

// The bracket S of w/C = 2 lambda S (unscaled, mu < 4) or (lambda/mu) S (scaled, mu >= 4), with
//   unscaled S = sum_j lambda^{2j} M_{2j+1}(mu)/(2j+1)!,  M by the downward recurrence M_k = (e^{-mu} + 2mu M_{k+2})/(k+1)
//            (every factor 2mu/(k+1) < 1 past k = 8: start errors and roundings are damped);
//   scaled   S = sum_j (lambda^2/mu)^j P_j/(2j+1)!,  P_j = 2 mu^{j+1} M_{2j+1}(mu) = gamma(j+1, mu), each from a
//            positive form: j! (1 - e^{-mu} sum_{i<=j} mu^i/i!) for j+1 <= mu (the sum is <= ~1/2 of the whole),
//            mu^{j+1} e^{-mu} sum_n mu^n/((j+1)...(j+1+n)) for j+1 > mu (DLMF 8.7.1). No long recurrence: the
//            downward one over ~5 mu steps accumulated 14.7 ulp at mu = 71.
// shift = 0: S = sum_j y^j P_j/(2j+1)! (the prediction); shift = 1: S = sum_j y^j P_j/(2j+2)! (the potential's
// E/(2 lambda^2), unscaled; E/(lambda^2/mu), scaled).
double series(double lambda, double mu, bool* scaled, int shift = 0) {
  const double x2 = lambda * lambda;
  *scaled = mu >= 4;
  const double y = *scaled ? x2 / mu : x2;
  double M[kMaxTerms];
  if (!*scaled) {
    const double em = std::exp(-mu), two_mu = 2 * mu;
    const int J = kMaxTerms - 1, top = 2 * (J + 40);
    double m = 0;
    for (int k = top + 1; k > 2 * J + 1; k -= 2) m = (em + two_mu * m) / (k + 1);
    for (int k = 2 * J + 1; k >= 1; k -= 2) M[(k - 1) / 2] = m = (em + two_mu * m) / (k + 1);
  }
  const double em = std::exp(-mu);
  double fact = 1, q_term = em, q_sum = em;  // j!, e^{-mu} mu^j/j!, e^{-mu} sum_{i<=j} mu^i/i!
  double t = shift ? 0.5 : 1, sum = 0;
  for (int j = 0; j < kMaxTerms; ++j) {
    double Pj;
    if (!*scaled) {
      Pj = M[j];
    } else if (j + 1 <= mu) {
      Pj = fact * (1 - q_sum);
    } else {  // mu^{j+1} e^{-mu} sum_n mu^n / ((j+1)...(j+1+n)), ratio mu/(j+1+n) < 1
      double r = 1.0 / (j + 1), s = r;
      for (int n = 1; n < 200 && r > 0x1p-60 * s; ++n) s += (r *= mu / (j + 1 + n));
      Pj = std::pow(mu, j + 1) * em * s;
    }
    const double term = t * Pj;
    sum += term;
    if (j > 0 && term < 0x1p-60 * sum) break;
    t *= y / ((2.0 * j + 2 + shift) * (2.0 * j + 3 + shift));
    fact *= (j + 1);
    q_term *= mu / (j + 1);
    q_sum += q_term;
  }
  return sum;
}
// erfcx(p) for p >= 0: libcerf's (<= 2.4 ulp, measured) except near 0, where the leading factor e^{lambda-mu}
// erfcx(a) carries the whole result: there e^{p^2} erfc(p) in double-double, rounded once.
double erfcx_lead(double p) {
  if (p >= 1.25) return erfcx(p);
  const dd pd{p, 0};
  return to_double(erfc_dd(pd) * exp_dd(pd * pd));
}
// Ein(mu) = int_0^mu (1 - e^{-s})/s ds >= 0: the alternating series sum (-1)^{k+1} mu^k/(k k!) for mu <= 1.5
// (the absolute sum is at most 2.2 Ein: one bit), else gamma + ln mu + E1(mu) (positive terms), E1 by its continued
// fraction E1(x) = e^{-x}/(x + 1 - 1/(x + 3 - 4/(x + 5 - ...))) evaluated backwards (DLMF 6.9.1 even form).
double ein(double mu) {
  if (mu == 0) return 0;
  if (mu <= 1.5) {
    double t = 1, s = 0, c = 0;  // compensated sum
    for (int k = 1; k <= 40; ++k) {
      t *= mu / k;
      const double term = (k % 2 ? t : -t) / k;
      const double y = term - c, u = s + y;
      c = (u - s) - y;
      s = u;
      if (t < 0x1p-60 * s) break;
    }
    return s;
  }
  constexpr double kEuler = 0.57721566490153286061;
  const int n = 12 + static_cast<int>(80 / mu);
  double f = mu + 2 * n + 1;
  for (int k = n; k >= 1; --k) f = mu + 2 * k - 1 - static_cast<double>(k) * k / f;
  return kEuler + std::log(mu) + std::exp(-mu) / f;
}

// F near its zero crossing L^2/2 ~ V for small lambda, mu: expanding e^{lambda x - mu x^2} - 1 and integrating
// x^{2n-1} over [0, 1], F = sum_{n>=1} a_n/n with a_n = sum_{j+k=n} lambda^{2j}/(2j)! (-mu)^k/k!; the cancelling
// a_1 = lambda^2/2 - mu = C^2 (L^2/2 - V) is formed in double-double from the inputs (condition number of F there is
// (lambda^2/2 + mu)/|F|; the terms a_n, n >= 2, do not cancel at the crossing).
double crossing(double L, double V, const dd& C, double lambda, double mu) {
  int e2;  // L^2/2 - V scaled by 2^-e2 (L^2 past DBL_MAX gave NaN at L = 2.6e154, V = DBL_MAX)
  const dd q = (half_l2_minus_v(L, V, &e2) * C) * C;
  const dd a1{std::ldexp(q.hi, e2), std::ldexp(q.lo, e2)};
  constexpr int N = 40;
  double X[N + 1], Y[N + 1];
  X[0] = Y[0] = 1;
  const double l2 = lambda * lambda;
  for (int j = 1; j <= N; ++j) X[j] = X[j - 1] * l2 / ((2.0 * j - 1) * (2.0 * j)), Y[j] = -Y[j - 1] * mu / j;
  double sum = 0;
  for (int n = N; n >= 2; --n) {
    double an = 0;
    for (int j = 0; j <= n; ++j) an += X[j] * Y[n - j];
    sum += an / n;
  }
  return to_double(a1 + dd{sum, 0});
}

// E e^{-E0} = int_0^1 e^{lambda x - mu x^2 - E0} (1 - e^{-lambda x})^2 / x dx, E0 the largest exponent on [0, 1],
// for lambda > 3 and lambda^2 > 4 mu (the rest is the series): composite 16-point Gauss-Legendre over the part of
// [0, 1] where the exponent is within 60 of E0, panels narrow against the decay (below): positive weights and
// integrand, so the sum keeps its
// relative accuracy. The exponent is formed from the offset t = x - x0 to the maximiser x0 (x0 = 1 at the edge,
// lambda/(2 mu) inside, in double-double), -mu (t - x0.lo)^2 or t (p - mu t), never as lambda x - mu x^2 - E0 (which
// cancels: 1e-10 relative at lambda = 7e5).
double e_quadrature(const dd& lam, const dd& mud) {
  const Gauss16& gl = gauss16();
  const double lambda = lam.hi, mu = mud.hi;
  const bool inside = lambda < 2 * mu;
  const dd x0 = inside ? lam / (mud * 2.0) : dd{1, 0};
  const double p = inside ? 0 : to_double(lam - mud * 2.0);
  double ta, tb;  // offsets from x0.hi
  if (inside) {
    const double r = std::sqrt(60 / mu);
    ta = std::max(-x0.hi, -r), tb = std::min(1 - x0.hi, r);
  } else {
    const double d = 120 / (p + std::sqrt(p * p + 240 * mu));  // d (p + mu d) = 60, without cancellation
    ta = -std::min(1.0, d), tb = 0;
  }
  // panel widths: 2.5 Gaussian widths (the u^32 coefficient of e^{-(1.25 u)^2/2} is ~1e-15 of the panel's mass),
  // 8 exponential lengths 1/p, and 8/lambda when the panels reach x = 0 ((1 - e^{-lambda x})^2/x varies there)
  const double hmax = std::min({0.125, mu > 0 ? 2.5 / std::sqrt(2 * mu) : 1.0, p > 0 ? 8 / p : 1.0,
                                x0.hi + ta > 0 ? 1.0 : 8 / lambda});
  const int panels = std::max(1, static_cast<int>(std::ceil((tb - ta) / hmax)));
  const double h = (tb - ta) / panels;
  // Panels tile [ta, tb] exactly: boundaries are doubles, each panel's centre and half-width are their exact
  // (double-double) mean and half-difference. (With c and r rounded, neighbouring panels overlapped or left gaps
  // of an ulp, a relative p ulp(t) of the integral: 5e-15 at p = 104.)
  double sum = 0, lo = ta;
  for (int k = 0; k < panels; ++k) {
    const double hi = k + 1 == panels ? tb : ta + (k + 1) * h;
    const dd c = two_sum(lo, hi) * 0.5, r = two_sum(hi, -lo) * 0.5;
    lo = hi;
    double ps = 0;
    for (int i = 0; i < 16; ++i) {
      const double t = c.hi + std::fma(r.hi, gl.x[i], c.lo + r.lo * gl.x[i]), x = x0.hi + t;
      const double ex = inside ? -mu * (t - x0.lo) * (t - x0.lo) : t * (p - mu * t);
      const double q = -std::expm1(-lambda * x);
      ps += gl.w[i] * std::exp(ex) * (q * q) / x;
    }
    sum += ps * to_double(r);
  }
  return sum;
}
}  // namespace

// VDH eq (4) = (3.3.1) with the improper prior (A7(a), the -1 inside): F = int_{-1}^{1} (e^{lambda x - mu x^2} - 1)
// dx/|x| = E - Ein(mu), E = 2 int_0^1 (cosh(lambda x) - 1) e^{-mu x^2} dx/x >= 0 (series of positive terms for
// lambda <= 3 or lambda^2 <= 4 mu, else quadrature scaled by e^{E0}); even in L, independent of the scale C.
Value pot_reduced(double L, double V, double G, const dd& C, const dd& lam, const dd& mud);
constexpr double kEulerGamma = 0.57721566490153286061;

// r = a/sqrt(V) in double-double, a >= 0; a past 2^1000 divided by 2^64 first (the quotient's check product near
// DBL_MAX overflowed: r was NaN and ln w inf at L = DBL_MAX, V = 5e307)
dd ratio_r(double a, double V) {
  if (!(a > 0x1p1000)) return dd{a, 0} / sqrt_dd(dd{V, 0});
  const dd q = dd{std::ldexp(a, -64), 0} / sqrt_dd(dd{V, 0});
  return {std::ldexp(q.hi, 64), std::ldexp(q.lo, 64)};
}

// Beyond mu = 1e250 (or where C^2 V leaves the double range): the improper prior dv/|v| is scale-invariant, so
// E = F + Ein(mu) = int_0^1 (cosh(lambda x) - 1) e^{-mu x^2} dx/x depends on r = lambda/sqrt(mu) = |L|/sqrt(V) alone
// once e^{-mu} and the edge are negligible: E(lambda, mu) = E(r sqrt(M), M) with M = max(1e4, 4 r^2) (x = y sqrt(M/mu);
// the part y in [1, sqrt(mu/M)] is below e^{-50} of E), and Ein(mu) = ln mu + gamma + E1(mu) with ln mu = 2 ln C + ln V.
// (The direct forms gave inf with status ok at lambda = 2.7e154, mu = 1.8e308, and NaN once that was mended.)
Value pot_large_mu(double L, double V, double G, const dd& C) {
  // r in double-double: F ~ e^{r^2/4}, so r's rounding (2 ulp) cost r^2/2 ulp (260 ulp at r = 22)
  const dd rd = ratio_r(std::fabs(L), V);
  const double r = rd.hi;
  if (r > 1e100) {  // ln F = r^2/4 + O(ln r), as in pred_large_mu
    Value out = overflow(1);
    out.log_abs_out = (0.5 * r) * (0.5 * r);  // (r^2 itself overflows from r = 1.3e154)
    return out;
  }
  const double M = std::max(1e4, 4 * r * r);
  const dd lam = rd * sqrt_dd(dd{M, 0}), mud{M, 0};
  const double ln_C = std::isfinite(C.hi) ? std::log(C.hi) + C.lo / C.hi : -std::log(5.0) - std::log(G);  // G subnormal
  const double ln_mu = 2 * ln_C + std::log(V);
  const Value Fp = pot_reduced(1, 1, 1, dd{1, 0}, lam, mud);  // F' = E - Ein(M) (L, V, G unused: M > 1)
  if (Fp.status == Status::overflow) return Fp;            // E far beyond double: F ~ E
  return plain((Fp.value + ein(M)) - (ln_mu + kEulerGamma));
}

// Where lambda and mu are both tiny (any G; the general forms lost the logarithm of an F far below the double range,
// and past G = 3.6e307, where 5G overflows, C was 0 and both values wrong with status ok): w = 2C int_0^1 sinh(lambda x) e^{-mu x^2} dx = C^2 L (1 + O(lambda^2, mu))
// and F = E - Ein(mu) = lambda^2/2 - mu + ... = C^2 (L^2/2 - V) (1 + O(lambda^2, mu)), as Scaled values with
// C = 2^-k C', G 2^-k below 2^1000 (false where this does not apply, or L^2/2 = V exactly). Elsewhere, for G past
// 2^1000, the prior dv/|v| is scale invariant: w(L, V, G) = 2^k w(2^k L, 2^2k V, 2^k G) and F is unchanged, exactly.
bool improper_far(double L, double V, double G, bool pot, Value* out) {
  if (small_C(L, V, G)) {
    // (L^2/2 = V exactly, e.g. L = V = 0, falls through: the shift below keeps 5G finite; returning false here left
    // C = 1/(5G) NaN past G = 3.6e307, and F an overflow where it is 0)
    if (pot && c2_times_half_l2_minus_v(L, V, G, 1, out)) return true;
    if (!pot && L != 0) {
      *out = c2_times_L(L, G);
      return true;
    }
  }
  const int k = std::max(0, std::ilogb(G) - 998);
  const double aL = std::fabs(L);
  if (k == 0) return false;
  const double Ls = std::ldexp(L, -k), Vs = std::ldexp(V, -2 * k), Gs = std::ldexp(G, -k);
  if (pot) {
    *out = pot_improper(Ls, Vs, Gs);
    return true;
  }
  // where the shift would take L's bits, w is linear in L (lambda tiny, or lambda^2 << mu): w = 2^(1000 - 2k) |L|
  // w'(sign(L) 2^-1000)
  if (L != 0 && std::fabs(Ls) < 0x1p-1000) {
    *out = rescale(pred_improper(std::copysign(0x1p-1000, L), Vs, Gs), 1000 - 2L * k, aL);
    return true;
  }
  *out = rescale(pred_improper(Ls, Vs, Gs), -k);
  return true;
}

Value pot_improper(double L, double V, double G) {
  static const Entry& e = entry("VDH.pot.improper");
  const double x[3] = {L, V, G};
  check_params(e, x);
  if (Value F; improper_far(L, V, G, true, &F)) return F;
  const dd C = scale_C(G);
  // C past DBL_MAX (G subnormal; 5G is exact): lambda and mu from |L|/(5G) (ln F was inf where it is 9.9e204)
  const dd G5 = dd{5 * G, 0};
  const dd lam = std::isfinite(C.hi) ? C * std::fabs(L) : dd{std::fabs(L), 0} / G5;
  const dd mud = std::isfinite(C.hi) ? (C * V) * C : (dd{V, 0} / G5) / G5;
  // (the scale-invariant form assumes the peak inside: past the edge, lambda >= 2 mu, the closed forms answer; ln F
  // was lambda^2/(4 mu) there)
  if (V > 0 && !(mud.hi < 1e250) && !(0.5 * lam.hi >= mud.hi)) return pot_large_mu(L, V, G, C);
  return pot_reduced(L, V, G, C, lam, mud);
}

// F at the reduced lambda = C|L|, mu = C^2 V (L, V, C for the crossing form, used only for mu <= 1)
Value pot_reduced(double L, double V, double G, const dd& C, const dd& lam, const dd& mud) {
  const double lambda = lam.hi, mu = mud.hi;
  // (C enters only the crossing form, which needs V > 0; with C past DBL_MAX, V > 0 makes mu so large that
  // pot_large_mu answers)
  if (!std::isfinite(lambda) || (!std::isfinite(C.hi) && V > 0) || !std::isfinite(mu)) {
    return overflow(1);  // e^{lambda} or e^{lambda^2/(4 mu)} far beyond double (F > 0 there)
  }
  const double ein_mu = ein(mu);
  if (L == 0) return plain(-ein_mu);
  if (lambda < kTinyLambda) {  // E = F + Ein(mu) is quadratic in lambda here (scaled.hpp): F = -Ein(mu) unless mu = 0
    // ... or unless mu is tiny too: E = lambda^2 M_1(mu) (1 + O(lambda^2)) is then not below 2^-60 of Ein(mu), and the
    // crossing form gives F (it was -Ein(mu), 3960 ulp off, at lambda = 3.4e-105, mu = 1.2e-197)
    if (ein_mu > 0 && !(lambda * lambda < 0x1p-60 * ein_mu) && mu <= 1) return plain(crossing(L, V, C, lambda, mu));
    if (ein_mu > 0) return plain(-ein_mu);
    const int k = tiny_scale_bits(lambda);
    return scaled_down(pot_improper(std::ldexp(L, k), 0, G), 2 * k);
  }
  if (lambda <= 3 || lambda <= 2 * std::sqrt(mu)) {  // lambda^2 <= 4 mu without overflowing (lambda = 2.7e154,
                                                      // mu = 1.8e308 gave inf <= inf and F = inf)
    bool scaled = false;
    const double S = series(lambda, mu, &scaled, 1);
    const double E = scaled ? S * (lambda * (lambda / mu)) : 2 * S * (lambda * lambda);
    if (std::fabs(E - ein_mu) < 0.5 * E && lambda <= 3 && mu <= 1) return plain(crossing(L, V, C, lambda, mu));
    return plain(E - ein_mu);
  }
  const dd E0 = lambda < 2 * mu ? (lam / mud) * lam * 0.25 : lam - mud;
  if (E0.hi >= 1e12) {
    // F is far beyond double range and its peak narrower than 1.4e-6 (the quadrature gave NaN from ~1e20 on, e.g.
    // lambda = 1.1e47): ln F from Laplace's method, whose relative corrections O(peak width) shift ln F by < 1e-5,
    // i.e. < 1e-17 of it; Ein(mu) < ln(mu) + 1 is negligible. Inside (a = (2mu - lambda)/(2 sqrt mu) >= 0, peak at
    // x* = lambda/(2mu)): F ~ e^{E0} (sqrt(pi)/(2 sqrt mu)) (1 + erf(a))/x*. At the edge: F ~ e^{lambda - mu}
    // (sqrt(pi)/(2 sqrt mu)) erfcx((lambda - 2mu)/(2 sqrt mu)), which tends to e^{lambda}/lambda as mu -> 0.
    double ln_q;
    const double sq = std::sqrt(mu);
    if (lambda < 2 * mu) {
      const double a = to_double(mud * 2.0 - lam) / (2 * sq);
      ln_q = std::log(kSqrtPi / (2 * sq)) + std::log1p(std::erf(a)) - std::log(lambda / (2 * mu));
    } else if (mu < 1e-200) {
      ln_q = -std::log(lambda);
    } else {  // sqrt(pi) erfcx(z) = 1/z (1 - 1/(2z^2) + ...): past z = 1e8 ln q = -ln(lambda - 2mu) (erfcx underflowed)
      const double d = to_double(lam - mud * 2.0), z = d / (2 * sq);
      ln_q = z > 1e8 ? -std::log(d) : std::log(kSqrtPi / (2 * sq)) + std::log(erfcx(z));
    }
    Value out = overflow(1);
    out.log_abs_out = E0.hi + ln_q;
    return out;
  }
  const double q = e_quadrature(lam, mud) * (1 + E0.lo);  // e^{E0.lo} ~ 1 + E0.lo
  if (E0.hi > 40) {  // Ein(mu) < ln(mu) + 1 is below 2^-50 of e^{E0} q: F = e^{E0} q (1 - tiny)
    const Value big = finish(1, q, dd{E0.hi, 0});
    if (big.status != Status::ok) return big;
    return plain(big.value - ein_mu);
  }
  return plain(q * std::exp(E0.hi) - ein_mu);
}

Value pred_reduced(int sign, double L, double V, double G, const dd& C, const dd& lam, const dd& mu);

// Beyond mu = 1e250 (or where C^2 V leaves the double range), by the scale invariance of dv/|v| (as pot_large_mu):
// w = 2C int_0^1 sinh(lambda x) e^{-mu x^2} dx = sqrt(M/V) W(r sqrt(M), M) with r = |L|/sqrt(V) and W the same
// integral with C = 1 (C cancels), M = max(1e4, 4 r^2); tiny r through the linear scaling (scaled.hpp).
Value pred_large_mu(int sign, double L, double V) {
  // r scaled by 2^bits up to 1e-70 first where it is smaller (|L|/sqrt(V) may underflow: 1e-200/1e145)
  const double log2_r = std::log2(std::fabs(L)) - 0.5 * std::log2(V);
  const int bits = log2_r < -232.5 ? static_cast<int>(std::ceil(-232.5 - log2_r)) : 0;  // 2^-232.5 = 1e-70
  // r in double-double: w ~ e^{r^2/4}, so r's rounding (2 ulp) cost r^2/2 ulp (20 ulp at r = 7.7)
  const dd rd = ratio_r(std::ldexp(std::fabs(L), bits), V);
  const double r = rd.hi;
  if (r > 1e100) {  // ln w = r^2/4 + O(ln r): the rest is below 1e-190 of it (M = 4 r^2 would overflow)
    Value out = overflow(sign);
    out.log_abs_out = (0.5 * r) * (0.5 * r);  // (r^2 itself overflows from r = 1.3e154)
    return out;
  }
  const double M = std::max(1e4, 4 * r * r);
  const Value W = pred_reduced(1, 1, 1, 1, dd{1, 0}, rd * sqrt_dd(dd{M, 0}), dd{M, 0});  // L, V, G unused: lambda, mu > 0
  const double ln_factor = 0.5 * (std::log(M) - std::log(V)) - bits * kLn2Hi;
  if (W.status != Status::ok || W.value == 0) {
    if (W.sign == 0) return plain(0.0);
    // W outside the range: the factor sqrt(M/V) 2^-bits may bring w back into it (W = e^{756}, w = -3.3e213 was
    // reported as an overflow). Where that factor is a moderate double it enters the evaluation as its C (a factor
    // only), so w is formed from its mantissa and exponent; from W's logarithm w had |ln w| ulp (106 ulp at r = 54,
    // w = 3.8e305)
    const dd c = sqrt_dd(dd{M, 0}) / sqrt_dd(dd{V, 0});
    const dd cb{std::ldexp(c.hi, -bits), std::ldexp(c.lo, -bits)};
    if (cb.hi >= 1e-250 && cb.hi <= 1e250) return pred_reduced(sign, 1, 1, 1, cb, rd * sqrt_dd(dd{M, 0}), dd{M, 0});
    return value_from_log(W.log_abs() + ln_factor, sign);
  }
  Scaled sc;
  sc.m = W.value;
  sc.renorm();
  sc *= std::sqrt(M);
  sc /= std::sqrt(V);
  sc.e2 -= bits;
  return finish(sign, sc);
}

Value pred_improper(double L, double V, double G) {
  static const Entry& e = entry("VDH.pred.improper");
  const double x[3] = {L, V, G};
  check_params(e, x);
  if (L == 0) return plain(0);
  if (Value w; improper_far(L, V, G, false, &w)) return w;
  const int sign = L > 0 ? 1 : -1;
  // C, lambda, mu in double-double (exponents near 700 keep their accuracy)
  const dd C = scale_C(G);
  // C past DBL_MAX (G subnormal; 5G is exact): lambda and mu from |L|/(5G) (ln w was inf where it is 2e117)
  const dd G5 = dd{5 * G, 0};
  const dd lam = std::isfinite(C.hi) ? C * std::fabs(L) : dd{std::fabs(L), 0} / G5;
  const dd mu = std::isfinite(C.hi) ? (C * V) * C : (dd{V, 0} / G5) / G5;
  // (the scale-invariant form assumes the peak inside: past the edge, lambda >= 2 mu, the closed forms answer; ln w
  // was r^2/4 = 1.8e308 there where it is lambda - mu = 4.5e295)
  // past the edge, lambda >= 2 mu, i.e. 2.5 |L| G >= V: from logarithms where lambda or mu overflow (inf >= inf said
  // past the edge at L = DBL_MAX, V = 5e307, G = 1.6e-99, where the peak is inside)
  const bool past_edge = std::isfinite(lam.hi) && std::isfinite(mu.hi)
                             ? 0.5 * lam.hi >= mu.hi
                             : std::log(std::fabs(L)) + std::log(G) + std::log(2.5) >= std::log(V);
  if (V > 0 && !(mu.hi < 1e250) && !past_edge) return pred_large_mu(sign, L, V);
  if (!std::isfinite(C.hi) && V == 0 && std::isfinite(lam.hi)) return v0_prediction(sign, std::fabs(L), lam.hi);
  if (!std::isfinite(C.hi) && V > 0 && std::isfinite(lam.hi) && 0.5 * lam.hi >= mu.hi) {
    // the peak past the edge with C past DBL_MAX (then lambda > 4e293): w = (C/d) e^{lambda - mu} (1 - 1/(2a^2) + ...),
    // d = lambda - 2 mu, a = d/(2 sqrt mu), as pred_reduced's far-edge form, by its logarithm (ln w was inf)
    const double d = to_double(lam - mu * 2.0), a = d / (2 * std::sqrt(mu.hi));
    Value out = overflow(sign);
    out.log_abs_out = to_double(lam - mu) - std::log(5.0) - std::log(G) - std::log(d) + std::log1p(-0.5 / (a * a));
    return out;
  }
  return pred_reduced(sign, L, V, G, C, lam, mu);
}

// w at the reduced lambda = C|L|, mu = C^2 V
Value pred_reduced(int sign, double L, double V, double G, const dd& C, const dd& lam, const dd& mu) {
  const double lambda = lam.hi, m = mu.hi;
  if (!std::isfinite(lambda) || !std::isfinite(C.hi) || !std::isfinite(m)) {
    // C or lambda beyond double (G tiny) with V = 0 or mu finite: e^{lambda}-sized, beyond double
    return overflow(sign);
  }
  if (lambda < kTinyLambda)  // w is linear in lambda here (scaled.hpp); 4 sinh^2(lambda/2)/lambda was 0/0 at lambda = 0
    return scaled_down(pred_improper(std::ldexp(L, tiny_scale_bits(lambda)), V, G), tiny_scale_bits(lambda));
  if (V == 0 || m < 1e-300) {  // 4 sinh^2(lambda/2)/lambda
    if (lambda <= 1) {
      const double s = std::sinh(0.5 * lambda);
      Scaled sc;
      sc.m = 4 * s * s / lambda;
      sc.renorm();
      sc *= to_double(C);
      return finish(sign, sc);
    }
    // e^{lambda} (1 - e^{-lambda})^2 / lambda
    const double q = -std::expm1(-lambda);
    return finish(sign, q * q / lambda * to_double(C), lam);
  }
  if (lambda <= 3 || lambda <= 2 * std::sqrt(m)) {  // lambda^2 <= 4 mu without overflowing
    bool scaled = false;
    const double s = series(lambda, m, &scaled);
    Scaled sc;
    sc.m = s;
    sc.renorm();
    sc *= lambda;
    if (scaled) sc /= m;
    else sc *= 2.0;
    sc *= to_double(C);
    return finish(sign, sc);
  }
  const double sq = std::sqrt(m);
  // a from lambda - 2mu in double-double: near the edge the difference cancels, and erfc(-a) passes its error
  // on (13.5 ulp at lambda = 1346, mu = 681 with the double difference)
  const double cc = lambda / (2 * sq), beta = (lambda + 2 * m) / (2 * sq), a = to_double(lam - mu * 2.0) / (2 * sq);
  const double k = kSqrtPi / (2 * sq) * to_double(C);
  // small terms relative to the leading exponential: -erfcx(c) (twice in the endpoint case) + e^{-lambda-mu} erfcx(beta)
  const double tail = std::exp(-lambda - m) * erfcx(beta);
  if (a > 1e8) {
    // the same with sqrt(pi) a erfcx(a) = 1 - 1/(2a^2) (to 5e-17) and the erfcx ratios a/c = d/lambda, a/beta = d/(lambda
    // + 2mu), d = lambda - 2mu: k erfcx(a) = C/d (1 - 1/(2a^2)). a itself overflows when mu is tiny (it gave w = 0 with
    // sign 0 and status ok at lambda = 2.6e214, mu = 2.7e-197)
    const dd E = lam - mu;
    const double d = to_double(lam - mu * 2.0);
    const double rel = E.hi < 700 ? (2 * (d / lambda) - std::exp(-lambda - m) * (d / (lambda + 2 * m))) * std::exp(-E.hi) : 0;
    return finish(sign, to_double(C) / d * (1 - 0.5 / (a * a)) * (1 - rel), E);
  }
  if (a >= 0) {
    // w/C = k' [e^{lambda-mu} erfcx(a) - 2 erfcx(c) + tail]: leading term times (1 - (2 erfcx(c) - tail) e^{mu-lambda}/erfcx(a))
    const dd E = lam - mu;
    const double lead = erfcx_lead(a);
    const double rel = E.hi < 700 ? (2 * erfcx(cc) - tail) * std::exp(-E.hi) / lead : 0;
    return finish(sign, k * lead * (1 - rel), E);
  }
  // peak inside: w/C = k [e^{lambda^2/(4mu)} (2 - erfc(-a) - erfc(c)) - erfcx(c) + tail], lambda^2/(4mu) > 1
  const dd E = (lam / mu) * lam * 0.25;
  const double lead = (2 - std::erfc(-a)) - std::erfc(cc);
  const double rel = E.hi < 700 ? (erfcx(cc) - tail) * std::exp(-E.hi) / lead : 0;
  return finish(sign, k * lead * (1 - rel), E);
}

}  // namespace privoco::fast::vdh
