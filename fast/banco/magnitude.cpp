#include "privoco/fast/banco/magnitude.hpp"

#include <cmath>
#include <limits>

#include "../numerics/erfcx.hpp"
#include "../numerics/gauss_half.hpp"
#include "../numerics/scaled.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/fast/numerics/xd.hpp"

namespace privoco::fast::banco {



namespace {
// k1 = -x*, x* the root in (-1, 0) of ln(1 + x) = x - x^2, rounded to the nearest double (the certified root:
// reference/banco/magnitude.cpp; the test checks this double against it)
constexpr double kK1Root = 0x1.5e1b60a3de2b0p-1;
constexpr double kK1Printed = 0.6838;
constexpr double kRegion = 8;  // lambda, nu <= 8: Gauss-Legendre (error below 1e-18 relative: see m_at)
const dd kSqrtPi{0x1.c5bf891b4ef6bp+0, -0x1.618f13eb7ca89p-54};

// sqrt(pi) erfcx(p) for p >= 0: the double-double table below 3.0625, else 1/(p + r(p)) (the continued fraction)
double spe(double p) {
  return p < numerics::ErfcxTable::kEnd ? to_double(numerics::erfcx_dd2(p) * kSqrtPi) : 1 / (p + numerics::cf_tail(p));
}

// r(z) (sqrt(pi) erfcx(z) = 1/(z + r)) as s r and r/s for z = Z/s >= 1.25; beyond z = 1e8, r = 1/(2z) to 1e-16
// relative (z may overflow there: s r = s^2/(2Z), r/s = 1/(2Z))
void r_parts(dd Z, double s, double* sr, double* ros) {
  const double z = to_double(Z) / s;
  if (!(z < 1e8)) {
    *sr = (s * s) / (2 * to_double(Z)), *ros = 0.5 / to_double(Z);
    return;
  }
  const double r = numerics::cf_tail(z);
  *sr = s * r, *ros = r / s;
}

// sqrt(pi) erfcx(z)/(4 s) with z = Z/s, without dividing by a small s: 1/(4 (Z + s r(z))) for z >= 1.25. Both
// this and bet_piece return their value times 2^k (k > 0 where Z is near DBL_MAX: 4 Z overflowed, the value 0)
double A(dd Z, double s, int k = 0) {
  const double z = to_double(Z) / s;
  if (z >= 1.25) {
    double sr, ros;
    r_parts(Z, s, &sr, &ros);
    return std::ldexp(1.0, k - 2) / (to_double(Z) + sr);
  }
  return std::ldexp(spe(z) / (4 * s), k);
}
// (sqrt(pi) erfcx(z) -+ h(z)/s)/(4 s), h = 1 - sqrt(pi) z erfcx(z): the pieces of the bet (sign -1: T(z); +1: P(z))
double bet_piece(dd Z, double s, int sign, int k = 0) {
  const double z = to_double(Z) / s;
  if (z >= 1.25) {  // sqrt(pi) erfcx = 1/(z + r), h = r/(z + r): (1 -+ r/s)/(4 (Z + s r))
    double sr, ros;
    r_parts(Z, s, &sr, &ros);
    return std::ldexp(1 + sign * ros, k - 2) / (to_double(Z) + sr);
  }
  return std::ldexp((spe(z) + sign * numerics::h_of(z) / s) / (4 * s), k);
}

// nu = a^2 y in double-double; +inf where it leaves the double range (the product's low part is then NaN)
dd nu_of(double a, double y) {
  int ea, ey;
  // a^2 alone may under- or overflow where a^2 y does not; y's mantissa too (a subnormal y times ma^2 < 1/2 rounded
  // to 0: nu = 0 and m an overflow where it is 1.2e113, at y = 4.9e-324, a = 2.1e208)
  const double ma = std::frexp(a, &ea), my = std::frexp(y, &ey);
  dd n = two_prod(ma, ma) * my;
  n = dd{std::ldexp(n.hi, 2 * ea + ey), std::ldexp(n.lo, 2 * ea + ey)};
  return std::isfinite(n.hi) && std::isfinite(n.lo) ? n : dd{INFINITY, 0};
}

constexpr int kPsi = 0, kBet = 1, kPsiM1 = 2;  // Psi, m/a, Psi - 1 (GL region only)

// sinh(t)/l for t = l u: u (1 + t^2/6 (1 + t^2/20)) below t = 0.005 (the next term, t^6/5040, is below 3e-18)
double sinh_over(double t, double u, double l) {
  if (t < 0.005) {
    const double t2 = t * t;
    return u + u * (t2 / 6 * (1 + t2 / 20));
  }
  return std::sinh(t) / l;
}

// w = |x|/(2 sqrt y) in double-double, the peak of the Gaussian in u: e^{w^2} amplifies w's rounding by 2 w^2 (two
// roundings in double, sqrt and quotient, were 413 ulp of m at w = 18, y = DBL_MAX)
dd peak_of(double x, double y) { return dd{std::fabs(x), 0} / (sqrt_dd(dd{y, 0}) * 2.0); }

// Psi (which = kPsi) or M = m/a (kBet) for lambda = a|x| >= 0, nu = a^2 y >= 0: Psi = int_0^1 cosh(lambda u) e^{-nu u^2} du,
// M = int_0^1 u sinh(lambda u) e^{-nu u^2} du (the definitions with beta = a u, folded by symmetry). Returns the
// magnitude as mantissa times e^E.
Value magnitude(int which, int sign, double fm, long fe2, double xv, double yv, double av, dd lam, dd nu) {
  // the result: sign mant e^E times the factor fm 2^fe2 (the bet's a lambda, kept apart from the double range)
  // div^reps: a divisor kept apart too; e2: a further factor 2^e2
  auto done = [&](double mant, dd E, double div = 1, int reps = 1, long e2 = 0) {
    numerics::Scaled r;
    r.m = mant * fm, r.e2 = fe2 + e2, r.E = E;
    if (r.m == 0) return numerics::finish(0, r);
    r.renorm();
    for (int k = 0; k < reps && div != 1; ++k) r /= div;
    return numerics::finish(sign, r);
  };
  const double l = lam.hi, n = nu.hi;
  // s = a sqrt(y) past 2^1000 (4s, s^2 overflow; it was NaN there) with w = lambda/(2s) = |x|/(2 sqrt y) below s/2
  // (lambda <= DBL_MAX gives w < 2^23; lambda itself past DBL_MAX, |x| < a y: ln Psi was inf where it is 8.2e108),
  // so erf(s + w) = erf(s - w) = 1 and e^{-q^2} = 0: Psi = (sqrt(pi)/(2s)) e^{w^2}, M = lambda Psi/(2 nu) =
  // (sqrt(pi)/(4 s^3)) lambda e^{w^2}, with s divided out factor by factor (a, sqrt y) as a Scaled value
  if (!std::isfinite(n) && which != kPsiM1 && !(av * std::sqrt(yv) < 0x1p1000) &&
      (std::isfinite(l) || std::fabs(xv) < av * yv)) {
    const double ry = std::sqrt(yv);
    const dd w = peak_of(xv, yv);
    // ln Psi ~ w^2 past DBL_MAX (it was NaN); w^2 up to DBL_MAX is kept (w < 1e154 was asked: ln m = 1.19e308 came
    // out as an overflow of ln)
    if (!(w.hi < 1.35e154) || !std::isfinite((w * w).hi)) return numerics::overflow(sign);
    numerics::Scaled r;
    r.m = which == kPsi ? kSqrtPi.hi / 2 : kSqrtPi.hi / 4 * fm;
    r.e2 = which == kPsi ? 0 : fe2;
    r.E = w * w;
    r.renorm();
    for (int k = 0; k < (which == kPsi ? 1 : 3); ++k) {
      r /= av;
      r /= ry;
    }
    return numerics::finish(sign, r);
  }
  // lambda past DBL_MAX: beyond the range, unless nu is too and the peak w = |x|/(2 sqrt y) lies inside (|x| < a y,
  // i.e. w < s/2), where the completed square below holds (ln Psi = w^2 + ..., 1e223 where inf was returned)
  if (!std::isfinite(l) && !(!std::isfinite(n) && std::fabs(xv) < av * yv)) return numerics::overflow(sign);
  if (l <= kRegion && n <= kRegion) {
    // 32-point Gauss-Legendre on [-1, 1] (even integrands: the positive half counted once with its weight). The
    // integrands are entire; on the Bernstein ellipse rho = 3 they are below e^{lambda (rho + 1/rho)/2 + nu ((rho -
    // 1/rho)/2)^2} <= e^{28}, so the error is below e^{28} 3^{-64} ~ 1e-18 of Psi >= int_0^1 e^{-8 u^2} = 0.31 (and of
    // M relative to lambda int u^2 e^{-nu u^2}, its factor lambda shared by the integrand).
    // The bet is returned over lambda (the caller multiplies by a lambda = a^2 |x|, which may leave the range):
    // sinh(lambda u)/lambda as u sinh(t)/t, t = lambda u, by its series below t = 0.005 (one rounding fewer).
    // The arguments lambda u and nu u^2 in double-double (nodes with their low parts): cosh, sinh and exp amplify an
    // argument's rounding by the argument (up to 8 here), which alone cost 4-5 ulp.
    const auto& g = numerics::kGauss32;
    double s = 0;
    for (int i = 0; i < 16; ++i) {
      const dd t = two_prod(l, g.x[i]) + dd{l * g.x_lo[i] + lam.lo * g.x[i], 0};       // lambda u
      const dd q = two_prod(n, g.x2[i]) + dd{n * g.x2_lo[i] + nu.lo * g.x2[i], 0};     // nu u^2
      const double eh = std::exp(-q.hi), e = eh - eh * q.lo;                          // e^{-nu u^2}
      if (which == kPsi) {
        s += g.w[i] * ((std::cosh(t.hi) + std::sinh(t.hi) * t.lo) * e);
      } else if (which == kPsiM1) {
        // cosh(t) e^{-q} - 1 = 2 sinh^2(t/2) e^{-q} + expm1(-q): no cancellation where Psi is near 1
        const double sh = std::sinh(t.hi / 2) + std::cosh(t.hi / 2) * t.lo / 2;
        s += g.w[i] * (2 * sh * sh * e + (std::expm1(-q.hi) - eh * q.lo));
      } else {
        const double u = g.x[i];
        s += g.wx[i] * ((t.hi < 0.005 ? sinh_over(t.hi, u, l) : (std::sinh(t.hi) + std::cosh(t.hi) * t.lo) / l) * e);
      }
    }
    return done(s, dd{0, 0});
  }
  if (!(n > 0x1p-960)) {
    // nu = 0 (y = 0), or nu < 1e-289 (its effect on Psi and M is a factor within nu of 1, and its square root would be
    // near the subnormal range): Psi = sinh(l)/l, M = (l cosh l - sinh l)/l^2, l > 8
    const double e2 = std::exp(-2 * l);
    if (which == kPsi) return done(-std::expm1(-2 * l) / 2, lam, l);
    return done(((l - 1) + (l + 1) * e2) / 2, lam, l, 3);  // M/lambda = (l cosh l - sinh l)/l^3
  }
  // s = sqrt(nu) = a sqrt(y), w = lambda/(2s) = |x|/(2 sqrt y) (s2, wd: double-double; from a, x, y directly where
  // a^2 y leaves the double range)
  dd s2, wd;
  const dd twonu = nu * 2.0;
  // q = s - w < 0 exactly when lambda > 2 nu (decided on lambda and nu: w = lambda/(2s) may overflow there)
  const bool q_negative = std::isfinite(n) && (l > twonu.hi || (l == twonu.hi && lam.lo > twonu.lo));
  if (std::isfinite(n)) {
    s2 = sqrt_dd(nu);
    if (!q_negative) wd = lam / (s2 * 2.0);
  } else {
    s2 = sqrt_dd(dd{yv, 0}) * av;
    wd = peak_of(xv, yv);
  }
  const double s = s2.hi;
  if (q_negative) {
    // q = s - w < 0: z = w - s, p = w + s (Z = s z = (lambda - 2 nu)/2, P = s p). Completing the square:
    // Psi = e^{lambda - nu} (A(z) - e^{-2 lambda} A(p)), M = e^{lambda - nu} (T(z) + e^{-2 lambda} P(p)); lambda > 8
    // here, so the e^{-2 lambda} terms are below 1e-7 of the leading ones (no cancellation)
    const dd Z = lam * 0.5 - nu, P = lam * 0.5 + nu;  // (lambda + 2 nu overflowed near DBL_MAX: NaN)
    const double e2 = std::exp(-2 * l);
    const int k = Z.hi > 0x1p900 ? 64 : 0;
    if (which == kPsi) return done(A(Z, s, k) - e2 * A(P, s, k), lam - nu, 1, 1, -k);
    return done(bet_piece(Z, s, -1, k) + e2 * bet_piece(P, s, 1, k), lam - nu, l, 1, -k);
  }
  // q = s - w >= 0 (lambda <= 2 nu): Psi = (sqrt(pi)/(4 s)) e^{w^2} (erf(s + w) + erf(s - w)) (no cancellation: both
  // >= 0); M = (lambda Psi - e^{-nu} sinh lambda)/(2 nu) = e^{w^2} [w (sqrt(pi)/2) (erf + erf) - e^{-q^2} (1 -
  // e^{-2 lambda})/2]/(2 s^2), the subtracted part at most 1/(s sqrt(pi) erf(2s)) <= 0.28 of the first (nu >= 4 here)
  const dd E = wd * wd, qd = s2 - wd;  // q in double-double: s and w are close where lambda is near 2 nu
  if (!std::isfinite(E.hi)) return numerics::overflow(sign);
  const double erfs = std::erf(to_double(s2 + wd)) + std::erf(to_double(qd));
  const dd head = kSqrtPi * erfs / (s2 * 4.0);  // (sqrt(pi)/(4s)) (erf + erf), one rounding to come
  if (which == kPsi) return done(to_double(head), E);
  // over lambda (w = lambda/(2s)): [(sqrt(pi)/(4s)) (erf + erf) - e^{-q^2} (1 - e^{-2 lambda})/(2 lambda)]/(2 nu),
  // (1 - e^{-2 lambda})/(2 lambda) -> 1 as lambda -> 0
  // e^{-q^2}: 0 beyond q = 27 (below 1e-316 of a head >= e^{-w^2}/(4 s) there; q^2 may overflow)
  const double eq = qd.hi > 27 ? 0.0 : to_double(exp_dd(-(qd * qd)));
  const double ratio = l < 1e-300 ? 1.0 : -std::expm1(-2 * l) / (2 * l);
  if (!std::isfinite(n)) return done(to_double(head - dd{eq * ratio, 0}), E, s, 2, -1);  // / (2 s^2), s apart
  // / (2 nu) with 2 nu's binary exponent kept apart (for large nu the quotient alone would underflow)
  const int en = std::ilogb(n) + 1;  // from nu: 2 nu itself overflows past DBL_MAX/2
  const dd tn{std::ldexp(nu.hi, 1 - en), std::ldexp(nu.lo, 1 - en)};
  return done(to_double((head - dd{eq * ratio, 0}) / tn), E, 1, 1, -en);
}

int reading(double x) { return static_cast<int>(x); }
}  // namespace

Value psi_at(double x, double y, double a) {
  return magnitude(kPsi, 1, 1.0, 0, x, y, a, two_prod(a, std::fabs(x)), nu_of(a, y));
}

Value psi_m1_at(double x, double y, double a) {
  const dd lam = two_prod(a, std::fabs(x)), nu = nu_of(a, y);
  if (lam.hi < 1e-4 && nu.hi < 1e-8) {
    // the double series sum_{j,k} lambda^{2j} (-nu)^k/((2j)! k! (2j + 2k + 1)) to second order (the rest below 1e-19
    // of the first-order terms): the quadrature's sixteen roundings would come to several ulp here
    const double l2 = lam.hi * lam.hi, n = nu.hi;
    const double second = l2 * l2 / 120 - l2 * n / 10 + n * n / 10;
    return numerics::plain(std::fma(l2, 1.0 / 6, std::fma(-n, 1.0 / 3, second)));
  }
  if (lam.hi <= kRegion && nu.hi <= kRegion) return magnitude(kPsiM1, 1, 1.0, 0, x, y, a, lam, nu);
  // outside the region Psi - 1 is Psi less one: |Psi - 1| >= 0.68 where nu > 8 and lambda <= 2 nu (Psi <= 0.32), and
  // where lambda > 8 its callers add terms that dominate it (see magnitude_exact)
  const Value p = psi_at(x, y, a);
  if (p.status == Status::overflow) return p;
  return numerics::plain(p.value - 1);
}

Value m_at(double x, double y, double a) {
  const int sign = x > 0 ? 1 : (x < 0 ? -1 : 0);
  if (sign == 0) return numerics::plain(0.0);  // m is odd in x
  // m = a lambda (M/lambda), a lambda = a^2 |x| as a mantissa and a binary exponent (it may leave the double range
  // while m does not, or the other way round)
  int ea, ex;
  const double ma = numerics::frexp_fast(a, &ea), mx = numerics::frexp_fast(std::fabs(x), &ex);
  const double fm = to_double(two_prod(ma, ma) * mx);
  return magnitude(kBet, sign, fm, 2L * ea + ex, x, y, a, two_prod(a, std::fabs(x)), nu_of(a, y));
}

// v when it is a finite double, else the value of logarithm lv (the overflow status)
static Value value_from_log_or_plain(double v, double lv) { return std::isfinite(v) ? numerics::plain(v) : value_from_log(lv); }

Value k1(const double* p) {
  check_params(entry("BANCO.const.k1"), p);
  return numerics::plain(reading(p[0]) == 0 ? kK1Printed : kK1Root);  // BANCO Alg 1 line 4
}

Value a(const double* p) {
  check_params(entry("BANCO.const.a"), p);
  const double G = p[0], b = p[1], k = reading(p[2]) == 0 ? kK1Printed : kK1Root;
  // BANCO Alg 1 line 4 (R1): a = min(k1/G, 1/b) or min(k1/G, 1/(2b)); b = 0 places no limit
  // past DBL_MAX (G or b subnormal) the smaller quotient by its logarithm, with the overflow status
  // (the logarithms only where a quotient is not a double: they were half of this function's time)
  const double q = k / G;
  const auto lk = [&] { return std::log(k) - std::log(G); };
  if (b == 0) return std::isfinite(q) ? numerics::plain(q) : value_from_log(lk());
  const double num = reading(p[3]) == 0 ? 1 : 0.5, inv = num / b;
  if (std::isfinite(q) && std::isfinite(inv)) return numerics::plain(q <= inv ? q : inv);
  const double li = std::log(num) - std::log(b);
  return lk() <= li ? value_from_log_or_plain(q, lk()) : value_from_log_or_plain(inv, li);
}

Value c(const double* p) {
  check_params(entry("BANCO.const.c"), p);
  // BANCO Alg 1 line 4, Sec 3 (R2): sigma_1D^2/2 + G^2 or sigma^2/2 + G^2 (as extracted), one rounding (fma)
  const double G = p[0], s2 = reading(p[3]) == 0 ? p[2] : p[1];
  const double v = std::fma(G, G, 0.5 * s2);
  if (std::isfinite(v) && v >= 0x1p-1022) return numerics::plain(v);
  if (v < 0x1p-1022) return to_value(xd_of(G) * xd_of(G) + xd_scale2(xd_of(s2), -1));  // below the range (0 with sign 0)
  // past DBL_MAX: ln(G^2 + s2/2) = max + log1p(e^(min - max)) of the two terms' logarithms
  const double l1 = 2 * std::log(G), l2 = std::log(s2) - std::log(2.0);
  return value_from_log(std::fmax(l1, l2) + std::log1p(std::exp(-std::fabs(l1 - l2))));
}

Value psi(const double* p) {
  check_params(entry("BANCO.pot.psi"), p);
  return psi_at(p[0], p[1], p[2]);  // BANCO Alg 1 line 4's potential
}

Value m(const double* p) {
  check_params(entry("BANCO.pred.m_compact"), p);
  return m_at(p[0], p[1], p[2]);  // BANCO Alg 1 line 4
}

}  // namespace privoco::fast::banco
