// delta(eps) = (1/2)(erfc(a) - e^eps erfc(b)), a = eps/(mu sqrt2) - mu/(2 sqrt2), b = a + mu/sqrt2 (Balle and Wang
// 2018, Thm 8). With b^2 - a^2 = eps, e^eps erfc(b) = e^{-a^2} erfcx(b), so delta = (1/2) e^{-a^2} (erfcx(a) -
// erfcx(b)). The difference cancels when erfcx(b) is close to erfcx(a) (small mu, large eps); there it is
// -int_a^b erfcx' = (2/sqrt(pi)) int_a^b h(x) dx with h(x) = 1 - sqrt(pi) x erfcx(x) > 0 (no cancellation: h from the
// double-double erfcx table or its continued fraction), by composite Gauss-Legendre. a and a^2 are double-doubles:
// e^{-a^2} at a = 27 would otherwise carry 1500 ulp from a's rounding.
#include "privoco/fast/dp/profiles.hpp"

#include <cerf.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "../numerics/erfcx.hpp"
#include "../numerics/quadrature.hpp"

namespace privoco::fast::dp {

using namespace numerics;

namespace {
constexpr double kSqrtPi = 1.77245385090551602730;
const dd kInvSqrt2{0x1.6a09e667f3bcdp-1, -0x1.bdd3413b26456p-55};

// h(x) = 1 - sqrt(pi) x erfcx(x): for x < 0 both terms are positive; for x >= 0 numerics::h_of.
double h_all(double x) { return x >= 0 ? h_of(x) : 1 - kSqrtPi * x * erfcx(x); }

// int_a^{a+len} h by composite 16-point Gauss-Legendre; panels no wider than 1/2 + max(0, x)/2 (h varies on the
// scale of 1 near 0 and of x beyond). The length is given, not b - a: where it is small (small mu) the rounding
// of a and b would make their difference inexact.
double integral_h(double a, double len) {
  const Gauss16& g = gauss16();
  double sum = 0, off = 0;
  for (int panels = 0; off < len && panels < 4096; ++panels) {
    const double x = a + off, w = std::min(len - off, 0.5 + std::max(0.0, x) / 2);
    const double c = x + 0.5 * w, r = 0.5 * w;
    double s = 0;
    for (int i = 0; i < 16; ++i) s += (g.w[i] + g.w_lo[i]) * h_all(c + r * g.x[i]);
    sum += r * s;
    off += w;
  }
  return sum;
}

// erfcx(p) for p >= 0: the double-double table below its end (~1e-18 relative), libcerf (<= 2.4 ulp) beyond.
dd erfcx_acc(double p) { return p < ErfcxTable::kEnd ? erfcx_dd2(p) : dd{erfcx(p), 0}; }

// (1/2) e^{-a^2} D as a Value (D > 0): underflow below the normal range, with ln delta.
Value scaled(dd a, double D) {
  const dd a2 = a * a;
  Value v;
  v.sign = D > 0 ? 1 : 0;
  if (a2.hi < 780) {  // e^{-a^2 + 64 ln 2} stays normal; the factor 2^-64 is applied last, exactly or as one rounding
    const dd ln2x64{0x1.62e42fefa39efp+5, 0x1.abc9e3b39803fp-50};
    const dd e = exp_dd(ln2x64 - a2);
    v.value = std::ldexp(0.5 * to_double(e * D), -64);
    if (v.value >= DBL_MIN) return v;
  }
  v.status = Status::underflow;
  // a^2 past the double range (a ~ 1e154 and more: eps/mu huge) leaves a2.lo NaN; D may underflow to 0 there too.
  // ln delta is then below -1.8e308: -inf
  const double a2s = std::isfinite(a2.lo) ? a2.hi + a2.lo : a2.hi;
  v.log_abs_out = std::isfinite(a2s) && D > 0 ? -a2s + std::log(D) - std::log(2.0) : -INFINITY;
  v.value = v.log_abs_out < -745.2 ? 0 : std::exp(v.log_abs_out);  // the subnormal (or zero) double
  return v;
}
}  // namespace

namespace {
// The profile at mu = mu_dd (a double-double: the composition's sqrt(sum mu_j^2)); parameters checked.
Value gauss_delta_at(double eps, dd mu) {
  const dd em = dd{eps, 0} / mu;
  const dd a = (em - mu * 0.5) * kInvSqrt2, h = mu * kInvSqrt2, b = a + h;
  const double ah = a.hi, bh = b.hi;
  if (!std::isfinite(bh) || !std::isfinite(ah)) {  // eps/mu beyond doubles: delta = 0 to every digit here
    Value v;
    v.status = Status::underflow;
    v.log_abs_out = -std::numeric_limits<double>::infinity();
    return v;
  }
  const dd Eb = erfcx_acc(bh);
  if (ah >= 0) {
    const dd Ea = erfcx_acc(ah);
    // erfcx(a) - erfcx(b) directly where it keeps at least half of erfcx(a): the operands' errors (~1e-18 from the
    // table, <= 2.4 ulp of erfcx(b) from libcerf) are then amplified at most 2x
    if (Eb.hi <= 0.5 * Ea.hi) return scaled(a, to_double(Ea - Eb));
    return scaled(a, 2 / kSqrtPi * integral_h(ah, h.hi));
  }
  // a < 0: erfc(a) = 2 - e^{-a^2} erfcx(-a), so delta = 1 - X/2 with X = e^{-a^2} (erfcx(-a) + erfcx(b))
  const double X = std::exp(-ah * ah) * (erfcx(-ah) + Eb.hi);
  if (X <= 1) {
    Value v;
    v.value = 1 - 0.5 * X;
    v.sign = 1;
    return v;
  }
  return scaled(a, 2 / kSqrtPi * integral_h(ah, h.hi));
}

// sqrt(sum mu_j^2) as a double-double, the terms scaled by a power of two (exact) so that no square overflows.
dd composed(const double* mu, int d) {
  double m = 0;
  for (int j = 0; j < d; ++j) m = std::max(m, mu[j]);
  int k = 0;
  std::frexp(m, &k);
  dd s{0, 0};
  for (int j = 0; j < d; ++j) {
    const double x = std::ldexp(mu[j], -k);
    s = s + two_prod(x, x);
  }
  const dd r = sqrt_dd(s);
  return {std::ldexp(r.hi, k), std::ldexp(r.lo, k)};
}

// The composed mu of the flat parameters {d, first, mu_1..mu_d} of `id`, after checking them.
dd checked_composed(const Entry& e, double first, const double* mu, int d) {
  double small[8];  // no allocation for the common short lists
  std::vector<double> large;
  double* x = small;
  if (d + 2 > 8) large.resize(static_cast<std::size_t>(d) + 2), x = large.data();
  x[0] = d, x[1] = first;
  std::copy(mu, mu + d, x + 2);
  check_params(e, x);
  return composed(mu, d);
}
}  // namespace

Value gauss_delta(double eps, double mu) { return gauss_delta(eps, &mu, 1); }

Value gauss_delta(double eps, const double* mu, int d) {
  static const Entry& e = entry("DP.gauss.delta");
  return gauss_delta_at(eps, checked_composed(e, eps, mu, d));
}

Value laplace_delta(double eps, double mu) {
  static const Entry& e = entry("DP.laplace.delta");
  const double x[2] = {eps, mu};
  check_params(e, x);
  Value v;
  if (eps >= mu) return v;  // 0, exactly
  const double d = 0.5 * (eps - mu);
  v.value = -std::expm1(std::isfinite(d) ? d : -INFINITY);
  v.sign = 1;
  if (v.value < DBL_MIN) {  // 1 - e^{d} ~ -d underflows only for |d| < DBL_MIN
    v.status = Status::underflow;
    v.log_abs_out = std::log(-d);
  }
  return v;
}

namespace {
// ln delta(eps; mu) from the fast profile (its ln on underflow).
double ln_delta(double eps, dd mu) { return gauss_delta_at(eps, mu).log_abs(); }

// The root of ln delta(x) = lt for delta monotone in x (side +1 increasing, -1 decreasing) on (lo, inf): a bracket
// grown from x0, then bisection (geometric where the ends differ by orders of magnitude) until the ends are
// adjacent doubles. 64-bit ends: the result is the end at which the profile meets the target's side.
template <class F>
double root(F ln_delta_of, double lt, int side, double x0, double lo) {
  auto f = [&](double x) { return side * (ln_delta_of(x) - lt); };  // increasing in x
  double xl = x0, xh = x0;
  for (int i = 0; i < 4000 && !(f(xl) < 0); ++i) xl = xl / 4 > lo ? xl / 4 : lo;
  for (int i = 0; i < 4000 && !(f(xh) > 0); ++i) xh = xh * 4 + 1;
  for (int i = 0; i < 2200; ++i) {
    const double m = (xl > 0 && xh / xl > 4) ? std::sqrt(xl * xh) : 0.5 * (xl + xh);
    if (!(m > xl && m < xh)) break;
    (f(m) < 0 ? xl : xh) = m;
  }
  return side < 0 ? xh : xl;  // the end on the side where delta <= target
}

Value plain(double x) {
  Value v;
  v.value = x;
  v.sign = x > 0 ? 1 : 0;
  return v;
}
}  // namespace

namespace {
Value gauss_eps_at(double delta, dd mu) {
  const double lt = std::log(delta);
  if (!(ln_delta(0, mu) > lt)) return plain(0);  // delta(0) <= target
  return plain(root([mu](double t) { return ln_delta(t, mu); }, lt, -1, mu.hi * (mu.hi / 2 + 4), 0));
}
}  // namespace

Value gauss_eps(double delta, double mu) { return gauss_eps(delta, &mu, 1); }

Value gauss_eps(double delta, const double* mu, int d) {
  static const Entry& e = entry("DP.gauss.eps");
  return gauss_eps_at(delta, checked_composed(e, delta, mu, d));
}

Value gauss_mu(double eps, double delta) {
  static const Entry& e = entry("DP.gauss.mu");
  const double x[2] = {eps, delta};
  check_params(e, x);
  return plain(root([eps](double m) { return ln_delta(eps, dd{m, 0}); }, std::log(delta), +1, std::sqrt(2 * eps) + 1,
                    std::numeric_limits<double>::denorm_min()));
}

}  // namespace privoco::fast::dp

