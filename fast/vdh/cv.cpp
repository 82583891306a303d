// VDH CV prior dP/dv = 1/(Z |v| ln^2|v|) on [-C, C], C = 1/(5G) < 1, Z = 2/ln(5G) (prior list after VDH eq (6)), in
// double. With v = C x = C e^{-u} (u in [0, inf)) the prior becomes dP = l du/(l + u)^2 on each side, l = ln(5G)
// (the reference's s = 1/(l + u)), so
//   w = C l int_0^inf x sinh(lambda x) e^{-mu x^2} du/(l + u)^2          (VDH eq (5), odd in L)
//   F = l int_0^inf (cosh(lambda x) e^{-mu x^2} - 1) du/(l + u)^2         (VDH eq (4), even in L)
// with lambda = C|L|, mu = C^2 V. F = E - D, E = l int (cosh(lambda x) - 1) e^{-mu x^2} du/(l+u)^2 >= 0 and
// D = l int (1 - e^{-mu x^2}) du/(l+u)^2 in [0, 1]. The exponential parts are integrated scaled by e^{-E0}, E0 the
// largest exponent of lambda x - mu x^2 on [0, 1], with the exponent formed from the offset to its maximiser
// (as in fast/vdh/improper.cpp); composite 16-point Gauss-Legendre in u on exactly tiled panels, no wider than the
// local scale: (l + u)/4 (the weight's pole at u = -l), 1, and near the peak 0.3 Gaussian or 8 exponential lengths (x = e^{-u} makes
// the Gaussian double-exponential on one side: 2.5 widths left 6e-15).
#include "cv.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "../numerics/quadrature.hpp"
#include "../numerics/scaled.hpp"

namespace privoco::fast::vdh {
using namespace numerics;

namespace {

struct Setup {
  dd C, lam, mu;  // C = 1/(5G) as C 2^c_e2 (c_e2 = -64 for G past 2^1000, where 5G overflows or C is subnormal)
  long c_e2 = 0;
  double ell;     // ln(5G) > 0 (and its low part)
  double ell_lo;
  double lambda, m;
  bool inside;    // maximiser x* = lambda/(2 mu) < 1
  dd E0, xs;      // largest exponent and its maximiser
  double us;      // -ln(x*) rounded; Xs = e^{-us} in double-double, dxs = Xs - x* (inside)
  dd Xs;
  double dxs, p;  // p = lambda - 2 mu (edge)
};

Setup setup(double L, double V, double G) {
  Setup s;
  // G past 2^1000: C, lambda and mu from G 2^-64 with the powers of two applied last (5G overflowed past 3.6e307 and
  // C was subnormal from 4.5e306: F an overflow where it is 1.4e-5 at L = G = DBL_MAX; w of sign 0)
  const bool huge = G > 0x1p1000;
  const double Gs = huge ? std::ldexp(G, -64) : G;
  const dd g5 = two_prod(5.0, Gs);
  s.C = scale_C(Gs);
  s.c_e2 = huge ? -64 : 0;
  // l in double-double: its rounding alone shifted the weight l/(l + u)^2 by 1e-16
  const dd l = huge ? log_dd(g5) + kLn2dd * 64.0 : log_dd(g5);
  s.ell = l.hi;
  s.ell_lo = l.lo;
  s.lam = s.C * std::fabs(L);
  s.mu = (s.C * V) * s.C;
  if (huge) {  // exact unless they leave the normal range (then lambda, mu below 2^-958: the tiny regimes)
    s.lam = dd{std::ldexp(s.lam.hi, -64), std::ldexp(s.lam.lo, -64)};
    s.mu = dd{std::ldexp(s.mu.hi, -128), std::ldexp(s.mu.lo, -128)};
  }
  s.lambda = s.lam.hi, s.m = s.mu.hi;
  s.inside = s.lambda < 2 * s.m;
  if (s.inside) {
    s.xs = s.lam / (s.mu * 2.0);
    s.E0 = (s.lam / s.mu) * s.lam * 0.25;
    s.us = -std::log(s.xs.hi);
    s.Xs = exp_dd(dd{-s.us, 0});
    s.dxs = to_double(s.Xs - s.xs);
    s.p = 0;
  } else {
    s.xs = dd{1, 0};
    s.E0 = s.lam - s.mu;
    s.us = 0;
    s.Xs = dd{1, 0};
    s.dxs = 0;
    s.p = to_double(s.lam - s.mu * 2.0);
  }
  return s;
}

// lambda x - mu x^2 - E0 at x = e^{-u}, from the offset to the maximiser
double exponent(const Setup& s, double u) {
  if (s.inside) {
    // x - x*: from the offset u - u* near the maximiser (where x - x* cancels); a factor e or more away directly
    // (there u - u* carried the rounding of u* = 155: 18 ulp of w at lambda = 3.9e-140, mu = 2.3)
    const double v = u - s.us;
    const double d = std::fabs(v) > 1 ? (std::exp(-u) - s.xs.hi) - s.xs.lo : s.dxs + s.Xs.hi * std::expm1(-v);
    return -(s.m * d * d + s.mu.lo * d * d);  // mu's low part: a systematic 1e-16 of the exponent otherwise
  }
  const double y = -std::expm1(-u);  // 1 - x
  return -y * (s.p + s.m * y);
}

// the prior's weight l/(l + u)^2, with the first-order term of l's low part: d/dl = (u - l)/(l + u)^3
double weight(const Setup& s, double u) {
  const double a = s.ell + u;
  return s.ell / (a * a) * (1 + s.ell_lo * (u - s.ell) / (s.ell * a));
}

// Exactly tiled composite Gauss-Legendre of f over [a, b], panel widths <= width(u) at the panel's left end.
template <class F, class W>
double integrate(double a, double b, F f, W width) {
  const Gauss16& gl = gauss16();
  dd sum{0, 0};
  double lo = a;
  while (lo < b) {
    double hi = std::min(b, lo + width(lo));
    if (hi <= lo) hi = b;  // width below the spacing of doubles: one last panel
    const dd c = two_sum(lo, hi) * 0.5, r = two_sum(hi, -lo) * 0.5;
    dd ps{0, 0};  // compensated: the panels' sums are the only rounding that does not average out
    for (int i = 0; i < 16; ++i) {
      const double fi = f(c.hi + std::fma(r.hi, gl.x[i], c.lo + r.lo * gl.x[i]));
      ps = ps + two_prod(gl.w[i], fi) + dd{gl.w_lo[i] * fi, 0};
    }
    sum = sum + ps * r;
    lo = hi;
  }
  return to_double(sum);
}

// The u-range where the exponent is within 60 of E0.
struct Peak {
  double ua, ub;
};
Peak peak(const Setup& s, double U) {
  Peak k;
  if (s.inside) {
    const double r = std::sqrt(60 / s.m), x_hi = std::min(1.0, s.xs.hi + r), x_lo = s.xs.hi - r;
    k.ua = -std::log(x_hi);
    k.ub = x_lo > 0 ? -std::log(x_lo) : U;
  } else {
    // (1 - x)(p + mu (1 - x)) = 60; hypot: p^2 overflowed from p = 1.3e154 (d = 0, an empty peak range, w = 0 with
    // status ok at L = 1e300, V = 1, G = 1e100)
    const double d = 120 / (s.p + std::hypot(s.p, std::sqrt(240 * s.m)));
    k.ua = 0;
    k.ub = d < 1 ? -std::log1p(-d) : U;
  }
  k.ub = std::min(k.ub, U);
  return k;
}

// int over u of g(u) e^{exponent} l/(l + u)^2, g the non-exponential factor; scaled by e^{-E0}.
template <class G>
double scaled_part(const Setup& s, G g) {
  // beyond U the integrand is ~ (lambda x)^2 e^{-mu x^2} <= e^{-44} of its value at u = max(0, ln lambda) and, for
  // large mu, of its mass around x = 1/sqrt(mu): U = ln lambda + 22 alone cut that off (pred.cv 7% low at
  // L = 50, V = 2.5e21, G = 1)
  const double U = std::max(std::log(std::max(s.lambda, 1.0)), 0.5 * std::log(std::max(s.m, 1.0))) + 22;
  const Peak k = peak(s, U);
  const bool far = s.E0.hi > 60;  // outside the peak range the integrand is below e^{-60} of its top
  auto f = [&](double u) { return g(u) * std::exp(exponent(s, u)) * weight(s, u); };
  auto wide = [&](double u) { return std::min(2.0, 0.25 * (s.ell + u)); };
  // in the peak range also 8 lengths of the exponent's local rate |d/du| (x = e^{-u} turns the Gaussian's flank
  // towards x = 1 double-exponential: 2.5e-15 with the Gaussian width alone)
  // and 0.3 of the Gaussian's local width in u, 1/(x sqrt(2 mu)) (0.15 where x^2 e^{-mu x^2} peaks, x sqrt(2 mu) in
  // [1/4, 2]; free below, where e^{-mu x^2} is flat)
  auto fine = [&](double u) {
    const double xx = std::exp(-u), gx = xx * std::sqrt(2 * s.m);
    const double rate = s.inside ? 2 * s.m * std::fabs(xx - s.xs.hi) * xx : xx * (s.p + 2 * s.m * (1 - xx));
    const double wg = gx > 2 ? 0.3 / gx : gx > 0.25 ? 0.15 : 2.0;
    return std::min({wide(u), wg, rate > 0 ? 8 / rate : 2.0});
  };
  // three ranges, so that no wide panel reaches into the peak range
  return (far ? 0 : integrate(0, k.ua, f, wide)) + integrate(k.ua, k.ub, f, fine) +
         (far ? 0 : integrate(k.ub, U, f, wide));
}

// D = l int_0^inf (1 - e^{-mu e^{-2u}}) du/(l + u)^2 in [0, 1]: exactly aD/(l + aD) over [0, aD], where
// mu e^{-2u} >= 45 (e^{-45} dropped), then quadrature.
double d_part(const Setup& s) {
  if (s.m == 0) return 0;
  const double aD = std::max(0.0, 0.5 * std::log(s.m / 45));
  const double U = std::max(0.0, 0.5 * std::log(s.m)) + 22;  // the integrand ~ mu e^{-2u} beyond ln sqrt(mu)
  return aD / (s.ell + aD) +  // U > aD always (22 > ln sqrt(45))
         integrate(
             aD, U,
             [&](double u) { return -std::expm1(-s.m * std::exp(-2 * u)) * weight(s, u); },
             [&](double u) { return std::min(1.0, 0.25 * (s.ell + u)); });  // e^{-2u} mu and the weight
}

// The linear regime at large mu (mu >= 1e4, lambda^2 < 1e-18 mu): x sinh(lambda x) = lambda x^2 and cosh(lambda x) - 1 =
// (lambda x)^2/2 to 1e-19 where e^{-mu x^2} lives, and with v = mu x^2 (u = (ln mu - ln v)/2)
//   w = C l lambda/(2 mu) J,  E = l lambda^2/(4 mu) J,  J = 4 int_0^mu e^{-v} dv/(A - ln v)^2,  A = 2l + ln mu,
// J by v = e^{-t}, t in [-ln 60, 45] (e^{-60} and e^{-45} of the mass dropped), composite 16-point Gauss-Legendre
// on panels of width 1. The u-quadrature underflowed there (x ~ 1/sqrt(mu) down to 1e-154: NaN at mu = 6e279).
bool linear_large_mu(const Setup& s) { return s.m >= 1e4 && s.lambda * s.lambda < 1e-18 * s.m; }

// J as above, and its relative first-order corrections folded in (l's and mu's low parts through A)
double j_integral(const Setup& s) {
  const double lnmu = std::log(s.m);
  const dd A = two_sum(2 * s.ell, lnmu) + dd{2 * s.ell_lo + s.mu.lo / s.m, 0};
  const Gauss16& gl = gauss16();
  const double t0 = -std::log(60.0), t1 = 45;
  dd sum{0, 0};
  for (double lo = t0; lo < t1; lo += 1) {
    const double hi = std::min(lo + 1, t1), c = 0.5 * (lo + hi), r = 0.5 * (hi - lo);
    dd ps{0, 0};
    for (int i = 0; i < 16; ++i) {
      const double t = c + r * gl.x[i], et = std::exp(-t), a = A.hi + t;
      const double fi = std::exp(-et) * et / (a * a) * (1 - 2 * A.lo / a);
      ps = ps + two_prod(gl.w[i], fi) + dd{gl.w_lo[i] * fi, 0};
    }
    sum = sum + ps * r;
  }
  return 4 * to_double(sum);
}

// factor * J * lambda^k / mu as a Scaled magnitude (nothing underflows: mu up to DBL_MAX, lambda down to 1e-100)
Scaled linear_part(const Setup& s, double factor, int k) {
  Scaled out;
  out.m = j_integral(s) * factor * s.ell * (1 + s.ell_lo / s.ell) * (1 - s.mu.lo / s.m);
  out.renorm();
  for (int i = 0; i < k; ++i) {
    out *= s.lambda;
    out.m *= 1 + s.lam.lo / s.lambda;
  }
  out /= s.m;
  return out;
}

// mu = C^2 V near DBL_MAX with the peak inside: 2 mu overflows in the panel widths and the quadrature gives NaN
// (L = -7.5e237, V = 1.8e308, G = 0.27); refused by name rather than answered NaN (the reference does not reach
// these points within its time limit either)
OutOfReach unresolved_peak(const char* id, double L, double V, double G) {
  return OutOfReach(std::string(id) + ": at L = " + text17(L) + ", V = " + text17(V) + ", G = " + text17(G) +
                    " the fast quadrature does not resolve the prior's peak (mu = C^2 V near the top of the double "
                    "range)");
}

// J2(l) = l int_0^inf e^{-2u} du/(l + u)^2 = 1 - 2l e^{2l} E_1(2l), for l >= 50 by its asymptotic series
// sum_k (-1)^{k+1} k!/(2l)^k: 40 terms, the next below 1e-30 of the first
double j2_large(double l) {
  const double x = 2 * l;
  double t = 1, sum = 0;
  for (int k = 1; k <= 40; ++k) {
    t *= k / x;
    sum += k % 2 ? t : -t;
  }
  return sum;
}

// lambda and mu = C^2 V tiny (scaled.hpp's small_C): x sinh(lambda x) = lambda x^2,
// cosh(lambda x) - 1 = (lambda x)^2/2 and 1 - e^{-mu x^2} = mu x^2 to a relative e^{-460}, so w = C^2 L J2(l) and
// F = C^2 (L^2/2 - V) J2(l); C^2 as powers of two and factors (the quadrature's C q underflowed: w = 0 with status
// ok at G = 1e300 where it is 2.9e-605, and 5G overflowed past G = 3.6e307: inf with status overflow)
// Below l = 50 J2 by quadrature over u in [0, 40] (e^{-80} of it dropped), panels no wider than 1 or (l + u)/4: the
// limit holds for any l (the general route with mu = C^2 V underflowed to 0 took F's sign from L alone: +1 where it
// is -1 at L = 5.2e-298, V = 8.1e-320, G = 1.7e14).
bool small_C_large_l(double L, double V, double G, double* j2) {
  const double l = std::log(5.0) + std::log(G);
  if (!small_C(L, V, G)) return false;
  *j2 = l >= 50 ? j2_large(l)
                : integrate(0.0, 40.0, [l](double u) { return l * std::exp(-2 * u) / ((l + u) * (l + u)); },
                            [l](double u) { return std::min(1.0, (l + u) / 4); });
  return true;
}

bool too_large(const Setup& s) { return !std::isfinite(s.lambda) || !std::isfinite(s.m) || !std::isfinite(s.C.hi); }


}  // namespace

Value pred_cv(double L, double V, double G) {
  static const Entry& e = entry("VDH.pred.cv");
  const double x[3] = {L, V, G};
  check_params(e, x);
  if (L == 0) return plain(0);
  const int sign = L > 0 ? 1 : -1;
  if (double j2; small_C_large_l(L, V, G, &j2)) return c2_scaled(sign, std::fabs(L), 0, 0, G, 1 / j2);
  const Setup s = setup(L, V, G);
  if (too_large(s)) return overflow(sign);
  if (s.lambda < kTinyLambda) {  // w is linear in lambda here: w(L) = w(L 2^k) 2^-k (scaled.hpp)
    const int k = tiny_scale_bits(s.lambda);
    return scaled_down(pred_cv(std::ldexp(L, k), V, G), k);
  }
  if (linear_large_mu(s)) {  // w = C l lambda/(2 mu) J
    Scaled w = linear_part(s, 0.5, 1);
    w *= s.C.hi;
    w.m *= 1 + s.C.lo / s.C.hi;
    w.e2 += s.c_e2;
    return finish(sign, w);
  }
  // x sinh(lambda x) = x e^{lambda x} (1 - e^{-2 lambda x})/2, with the first-order term of lambda's low part
  // (w is linear in lambda when it is small: rounding lambda alone was a systematic 1e-16)
  const double q = scaled_part(s, [&](double u) {
    const double xx = std::exp(-u), t = 2 * s.lambda * xx, em = -std::expm1(-t);
    return em > 0 ? 0.5 * xx * em * (1 + 2 * s.lam.lo * xx * std::exp(-t) / em) : 0.0;  // em = 0: t underflowed
  });
  // w = C q e^{E0}, C and q apart (their product in double underflowed: w of sign 0, or ln w 2e-3 off, near 1e-321)
  Scaled ws;
  ws.m = q * (1 + s.C.lo / s.C.hi);
  ws.E = s.E0;
  ws.renorm();
  ws *= s.C.hi;
  ws.e2 += s.c_e2;
  const Value w = finish(sign, ws);
  if (std::isnan(w.log_abs())) throw unresolved_peak("VDH.pred.cv", L, V, G);
  return w;
}

Value pot_cv(double L, double V, double G) {
  static const Entry& e = entry("VDH.pot.cv");
  const double x[3] = {L, V, G};
  check_params(e, x);
  if (L == 0 && V == 0) return plain(0);  // F(0; 0) = 0
  if (double j2; small_C_large_l(L, V, G, &j2))
    if (Value F; c2_times_half_l2_minus_v(L, V, G, 1 / j2, &F)) return F;
  const Setup s = setup(L, V, G);
  if (too_large(s)) return overflow(1);
  const double D = d_part(s);
  if (L == 0) return plain(-D);
  if (s.lambda < kTinyLambda) {  // E = F + D is quadratic in lambda here, E(L) = E(L 2^k) 4^-k, below 1e-200: F = -D
                                 // unless D is 0 too (scaled.hpp), or tiny too
    if (D > 0 && s.lambda * s.lambda < 0x1p-60 * D) return plain(-D);
    const int k = tiny_scale_bits(s.lambda);
    if (D == 0) return scaled_down(pot_cv(std::ldexp(L, k), 0, G), 2 * k);
    // E not negligible beside D (it was dropped: 5e-13 relative at lambda = 3.4e-105, D = 1.1e-200): E(L 2^k) = F(L 2^k)
    // + D, with D far below it (D <= 2^60 lambda^2 and E(L 2^k) ~ (lambda 2^k)^2 ~ 1e-140)
    const double E = std::ldexp(pot_cv(std::ldexp(L, k), V, G).value + D, -2 * k);
    return plain(E - D);
  }
  if (linear_large_mu(s)) {  // E = l lambda^2/(4 mu) J, below 1e-17 of D here
    const Value E = finish(1, linear_part(s, 0.25, 2));
    return plain(E.value - D);
  }
  // (cosh(lambda x) - 1) e^{-mu x^2} = e^{lambda x - mu x^2} (1 - e^{-lambda x})^2 / 2
  const double q = scaled_part(s, [&](double u) {
    const double xx = std::exp(-u), t = s.lambda * xx, y = -std::expm1(-t);
    return y > 0 ? 0.5 * y * y * (1 + 2 * s.lam.lo * xx * std::exp(-t) / y) : 0.0;  // lambda's low part, as in pred_cv
  });
  const Value E = finish(1, q, s.E0);
  if (std::isnan(E.log_abs())) throw unresolved_peak("VDH.pot.cv", L, V, G);
  if (E.status == Status::overflow) return E;
  return plain(E.value - D);
}

}  // namespace privoco::fast::vdh
