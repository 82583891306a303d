#include <cmath>
#include <string>

#include "../numerics/lambertw.hpp"
#include "../numerics/scaled.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/banco/magnitude.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/xd.hpp"
#include "privoco/format.hpp"

namespace privoco::fast::banco {

namespace {
// Psi''/m at nu = 0 (Psi = sinh(l)/l): ((l^2 + 2) tanh l - 2 l)/(l (l - tanh l)); 1/l below l = 1e-3 (its limit)
double slope0(double l) {
  if (l < 1e-3) return 1 / l;
  const double th = std::tanh(l);
  return ((l * l + 2) * th - 2 * l) / (l * (l - th));
}
}  // namespace

namespace {
// The bound for nu = a^2 y >= 2^1000 (also past DBL_MAX) in closed form. Psi(lambda, nu, 1) = int_0^1 cosh(lambda u)
// e^{-nu u^2} du is (sqrt(pi)/2) e^z/sqrt(nu), z = lambda^2/(4 nu), to a relative e^{-nu/4} where lambda <= nu (the
// integral to infinity; beyond u = 1 the Gaussian about lambda/(2 nu) <= 1/2 is below e^{-nu/4}), and the sup of
// V lambda - Psi is at m = V: sqrt(z) e^z = K = 2 V nu/sqrt(pi) = (2/sqrt(pi)) |v| a y, so 2z = W(2K^2) (lambda* =
// 2 sqrt(nu z) <= nu: z is below ln K ~ 10^3 while nu >= 2^1000). The value V lambda* - Psi(lambda*) from that
// lambda* directly (its error in z enters to second order: the sup is stationary there), with the exponent kept apart.
Value huge_nu_bound(double av, double y, double a) {
  constexpr dd kTwoOverSqrtPi{0x1.20dd750429b6dp+0, 0x1.1ae3a914fed8p-56}, kHalfSqrtPi{0x1.c5bf891b4ef6bp-1, -0x1.618f13eb7ca89p-55};
  const xd sqrt_nu = xd_of(a) * xd_sqrt(xd_of(y));
  const double z = av > 0 ? 0.5 * numerics::lambertw_of_log(  // ln(2 K^2); v = 0: lambda* = 0
                                      kLn2Hi + 2 * to_double(xd_log(xd_of(kTwoOverSqrtPi) * xd_of(av) * xd_of(a) * xd_of(y))))
                           : 0;
  const xd lambda = xd_scale2(sqrt_nu * xd_of(std::sqrt(z)), 1);
  const xd t1 = xd_of(av) / xd_of(a) * lambda, t2 = xd_of(kHalfSqrtPi) * xd_exp(dd{z, 0}) / sqrt_nu;
  return to_value(xd_of(1.0) + (t1 - t2));
}
}  // namespace

// 1 + sup_x (v x - Psi(x, y, a)) depends on (V, nu) = (|v|/a, a^2 y) only: with lambda = a x, Psi(x, y, a) =
// Psi(lambda, nu, 1) (the definition with beta = a u), so the bound is 1 + sup_lambda (V lambda - Psi(lambda, nu, 1)).
// The root lambda* of m(lambda, nu, 1) = V lies below 2 nu + 2|ln V| + 64 (beyond 2 nu the bet grows like
// e^{lambda - nu}), so it is a double wherever nu is.
Value magnitude_exact_at(double v, double y, double a) {
  const double av = std::fabs(v);  // Psi even: Psi*(v) = Psi*(|v|)
  int ea, ey;
  const double ma = std::frexp(a, &ea), my = std::frexp(y, &ey);  // a^2 or a subnormal y's product may underflow
  const xd nux = xd_scale2(xd_of(two_prod(ma, ma) * my), 2 * ea + ey);
  const double nu = std::ldexp(to_double(two_prod(ma, ma) * my), 2 * ea + ey);
  if (!(nu < 0x1p1000)) return huge_nu_bound(av, y, a);  // (nu past DBL_MAX included: inf here)
  // the bound at v = 0: 1 - Psi(0) (= nu/3 (1 - 3 nu/10 + ...) below nu = 2^-600, to the last bit)
  // (nu/3 as an xd: nu below the range came out 0 with sign 0)
  const Value B0v = nu < 0x1p-600 ? to_value(nux / xd_of(3.0)) : numerics::plain(-psi_m1_at(0, nu, 1).value);
  if (av == 0) return B0v;
  const double V = av / a, lnV = (V > 0x1p-1000 && V < 0x1p1000) ? std::log(V) : std::log(av) - std::log(a);
  if (!(V > 0x1p-500) && nu < 1) {
    // lambda* = V/M2 + O(V^3), M2 = m'(0) = int_0^1 u^2 e^{-nu u^2} du in (e^{-nu}/3, 1/3]: B = B0 + V^2/(2 M2) (1 +
    // O(V^2)), the second term below 2^-999 B0 unless nu is below 2^-900 too: then B = nu/3 + 3 V^2/2 to first order.
    // (Only for nu < 1: for large nu, M2 ~ nu^{-3/2} and lambda* is not small; B = 1 was returned where it is
    // 1 + 6.7e-12, at V = 7.4e-163, nu = 6.6e298.)
    if (nu > 0x1p-900 || V == 0) return B0v;
    const double r = nu / 3 + 1.5 * V * V;  // a normal double: its terms are exact to an ulp of it
    if (r >= 0x1p-1022) return numerics::plain(r);
    const double l1 = std::log(1.0 / 3) + 2 * std::log(a) + std::log(y), l2 = std::log(1.5) + 2 * lnV;
    const double hi = std::fmax(l1, l2);
    return value_from_log(hi + std::log1p(std::exp(std::fmin(l1, l2) - hi)));
  }
  // Newton's method on ln m(lambda) = ln V (m grows like an exponential far out, where Newton on m itself creeps),
  // with Psi''/m = (lambda + Psi/m - cosh(lambda) e^{-nu}/m)/(2 nu) (two integrations by parts; its nu -> 0 limit below
  // nu = 1e-10, where the formula cancels); a step outside the bracket bisects it (geometrically
  // once lo > 0). The bound's error is quadratic in lambda's (phi'(lambda*) = 0): lambda to 1e-13 is more than enough.
  // a step outside the bracket splits it geometrically, from 1e-300 while no lower end is known (halving from hi
  // = 2 nu + ... took 400 steps from nu = 1.6e244 down to lambda* = 4e123 and ended above the root: NaN)
  double lo = 0, hi = 2 * nu + 2 * std::fabs(lnV) + 64;  // (finite: nu < 2^1000)
  // Below the root where ln m is near-linear in ln lambda the steps are Newton's in ln lambda (ln m is ln lambda + const
  // near 0, m = M2 lambda + O(lambda^3), where a step in lambda from far below only multiplied it by
  // 1 + |ln(lambda/lambda*)|: 81 steps per --table point from the bracket's old 1e-150 start, about 9.5 now)
  auto split = [&] { return std::sqrt(std::fmax(lo, 1e-300)) * std::sqrt(hi); };
  // the start: the least of 3 V (lambda* for small V and nu: m = M2 lambda, M2 = m'(0) <= 1/3), 2 sqrt(nu (|ln V| +
  // ln(1 + nu)/2 + 1)) (near lambda* where ln m ~ lambda^2/(4 nu), below 2 nu) and the bracket's middle
  const double xg = 2 * std::sqrt(nu) * std::sqrt(std::fabs(lnV) + 0.5 * std::log1p(nu) + 1);
  double x = std::fmin(std::fmin(3 * V, 0.5 * hi), xg);
  for (int k = 0; k < 400; ++k) {
    const Value mv = m_at(x, nu, 1);  // (its status: the slope's regime below)
    const double lm = mv.log_abs();
    if (lm > lnV) hi = x;
    else lo = x;
    if (lm == lnV) break;
    double d2m;
    if (mv.status != Status::ok) {
      // m beyond the double range: Psi/m from two logarithms of size |ln m| would carry their absolute error; the
      // slope of ln m in its regimes instead, 1/l + l/(2 nu) (Gaussian, l < 2 nu) or 1 (exponential, beyond)
      d2m = x < 2 * nu ? 1 / x + x / (2 * nu) : 1.0;
    } else if (nu > 1e-10) {
      const Value p = psi_at(x, nu, 1);
      const double ch = std::exp(x - nu - lm) + std::exp(-x - nu - lm);
      d2m = (x + std::exp(p.log_abs() - lm) - 0.5 * ch) / (2 * nu);
    } else {
      d2m = slope0(x);  // the formula above cancels as nu -> 0: its limit (a slope within nu of the true one)
    }
    // below the root where ln m is near-linear in ln lambda (slope x d2m <= 4): the step in ln lambda, not past the
    // Gaussian estimate xg from below (the linear regime ends before it; beyond, steps in lambda from far above the
    // root only halve it: 1e266 with the root near 1e141 ran out of steps, NaN); else the step in lambda
    const double slope_s = x * d2m, ds = -(lm - lnV) / slope_s;
    double xn = x - (lm - lnV) / d2m;
    if (lm < lnV && slope_s <= 4) {
      xn = ds < 700 ? x * std::exp(ds) : split();
      if (x < xg && xn > xg) xn = xg;
    }
    if (!(xn > lo && xn < hi) || !std::isfinite(xn)) xn = split();
    const bool done = std::fabs(xn - x) <= 1e-13 * x || hi - lo <= 1e-13 * hi;
    x = xn;
    if (done) break;
  }
  // BANCO magnitude bound: 1 + V lambda* - Psi(lambda*) = V lambda* - (Psi(lambda*) - 1)
  const Value pm = psi_m1_at(x, nu, 1);
  const double vx = V * x;
  if (pm.status == Status::ok && std::isfinite(vx) && V > 0x1p-1000) return numerics::plain(vx - pm.value);
  const double ln_vx = lnV + std::log(x);
  if (pm.status == Status::ok) {
    // V below 2^-1000 (V lambda* from (|v| lambda*)/a, or its logarithm): 1 - Psi stays (the logarithmic form below
    // dropped it: an underflow where the bound is 1)
    const double p = (av * x) / a;
    const double w = std::isfinite(p) && p >= 0x1p-1022 ? p : (ln_vx < 709 ? std::exp(ln_vx) : INFINITY);
    if (std::isfinite(w - pm.value)) return numerics::plain(w - pm.value);
    // V lambda* past DBL_MAX: ln(V lambda* - (Psi - 1)), Psi - 1 a double (near DBL_MAX it is not negligible: ln B
    // was off by 1.4e-3 with Psi = 1.001 V)
    return value_from_log(pm.value > 0 ? ln_vx + std::log1p(-std::exp(std::log(pm.value) - ln_vx)) : ln_vx);
  }
  // Psi beyond the double range: ln(V lambda* - Psi) = ln V + ln(lambda* - Psi/V), Psi/V = e^{ln Psi - ln V} < lambda*
  return value_from_log(lnV + std::log(x - std::exp(pm.log_abs() - lnV)));
}

Value magnitude_exact(const double* p) {
  check_params(entry("BANCO.bound.magnitude_exact"), p);
  return magnitude_exact_at(p[0], p[1], p[2]);
}

}  // namespace privoco::fast::banco
