// delta(eps) = (1/2)(erfc(a) - e^eps erfc(b)), a = eps/(mu sqrt2) - mu/(2 sqrt2), b = a + mu/sqrt2 (Balle and Wang
// 2018, Thm 8). With b^2 - a^2 = eps, e^eps erfc(b) = e^{-a^2} erfcx(b), so delta = (1/2) e^{-a^2} (erfcx(a) -
// erfcx(b)), evaluated without cancellation by the vectorised kernels of gauss_kernel.cpp in blocks of 4096
// points; a scalar call is a block of one (the same bits). Values below the normal range get ln delta here.
#include "privoco/fast/dp/profiles.hpp"

#include <cerf.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "gauss_kernel.hpp"
#include "../numerics/erfcx.hpp"
#include "../numerics/quadrature.hpp"
#include "../numerics/scaled.hpp"
#include "../numerics/workspace.hpp"

namespace privoco::fast::dp {

using detail::GaussPoints;
using numerics::gauss16;
using numerics::Gauss16;

namespace {
constexpr double kLn2SqrtPi = 0x1.43f89a3f0edd6p+0;  // ln(2 sqrt(pi))
constexpr double kLnSqrt2Pi = 0x1.d67f1c864beb5p-1;  // ln sqrt(2 pi)
constexpr double kSqrt2Pi = 0x1.40d931ff62706p+1;    // sqrt(2 pi)

Value underflow(double log_abs) {
  Value v;
  v.status = Status::underflow;
  v.sign = 1;  // delta > 0 for mu > 0, even where ln delta passes -DBL_MAX (e^{-a^2}, a = 1.6e285)
  v.log_abs_out = log_abs;
  v.value = log_abs < -745.2 ? 0 : std::exp(log_abs);  // the subnormal (or zero) double
  return v;
}

Value normal(double x) {
  Value v;
  v.value = x;
  v.sign = 1;
  return v;
}

// -a^2 for a = hi + lo (-inf where a^2 passes the double range).
double minus_a2(double hi, double lo) {
  const dd a2 = dd{hi, lo} * dd{hi, lo};
  return std::isfinite(a2.hi) ? -(a2.hi + a2.lo) : -INFINITY;
}

// delta for mu = r 2^k below 2^-1000 (r in [1/2, sqrt d)): the profile's limit delta = mu (phi(s) - s Phi(-s)),
// s = eps/mu (Balle and Wang's delta expanded in mu at fixed s; the relative remainder is O(mu s^4), below 1e-290),
// = mu e^{-p^2} h(p)/sqrt(2 pi), p = s/sqrt2, h(p) = 1 - sqrt(pi) p erfcx(p), with ln delta = ln r + k ln 2 - p^2 +
// ln h(p) - ln sqrt(2 pi) (the kernels' a and h = mu/sqrt2 were subnormal there: ln delta 2.8e-8 relative off at eps =
// mu = 8.1e-320).
Value tiny_mu_delta(double eps, double r, int k) {
  int ke = 0;
  const double em = eps == 0 ? 0 : std::frexp(eps, &ke);
  const double ln_mu = std::log(r) + k * kLn2Hi + k * kLn2Lo;
  if (eps > 0 && ke - k > 1000) return underflow(-INFINITY);  // s = eps/mu past 2^999: ln delta ~ -s^2/2 < -DBL_MAX
  const double sv = std::ldexp(em / r, ke - k);          // s, one rounding
  const double p = sv * 0.70710678118654752440;          // s/sqrt2 (the relative error of p^2 is a few ulp of p^2)
  const dd p2 = two_prod(p, p);
  // ln delta ~ -p^2 below -DBL_MAX only where p^2 itself is (the cut at p = 1e154 gave -inf for ln delta = -1.44e308
  // at eps = 3.8e-154, mu = 2.2e-308)
  if (!(p2.hi <= DBL_MAX)) return underflow(-INFINITY);
  const double h = numerics::h_of(p);
  // ln h: h ~ 1/(2 p^2) is subnormal from p ~ 1e154 (its logarithm then from that form, exact to 1e-300 there)
  const double ln_h = h >= DBL_MIN ? std::log(h) : -kLn2Hi - 2 * std::log(p);
  const double ld = ln_mu - p2.hi - p2.lo + ln_h - kLnSqrt2Pi;
  const double g = std::exp(-p2.hi) * (1 - p2.lo) * h / kSqrt2Pi;  // e^{-p^2} h/sqrt(2 pi)
  const double v = std::ldexp(r * g, k);
  if (g > 0 && std::isfinite(v) && v >= DBL_MIN) return normal(v);
  return underflow(ld);
}

// delta at points i < n (eps[i], mu = mu_hi[i] + mu_lo[i], parameters already checked) into out.
void delta_block(const double* eps, const double* mu_hi, const double* mu_lo, Value* out, int n) {
  using namespace detail;
  constexpr int kStride = GaussPoints::kStride;
  struct Workspace {  // one block's workspace, per thread (about 0.6 MB); padded as GaussPoints
    GaussPoints all, packed;
    double v[kStride], m1[kStride], m2[kStride];
    int region[kStride], index[kRegions][kStride];
  };
  Workspace& ws = numerics::thread_workspace<Workspace>();
  reduce_kernel(eps, mu_hi, mu_lo, n, ws.all, ws.region);
  int count[kRegions] = {};
  for (int i = 0; i < n; ++i) {
    const int r = ws.region[i];
    ws.index[r][count[r]++] = i;
  }
  const GaussPoints& all = ws.all;
  // eps/mu infinite: delta = 0 exactly at mu = 0, else positive with ln delta ~ -(eps/mu)^2/2 past -DBL_MAX (the
  // sign stays +1: it was 0, as if delta were exactly 0, at eps = 1.5e280, mu = 2.7e-186)
  for (int j = 0; j < count[kZero]; ++j) {
    const int i = ws.index[kZero][j];
    out[i] = underflow(-INFINITY);
    out[i].sign = mu_hi[i] > 0 ? 1 : 0;
  }
  for (int j = 0; j < count[kHuge]; ++j) {  // sqrt(pi) D = h/(a b) (1 + O(1/a^2))
    const int i = ws.index[kHuge][j];
    const double a = all.a_hi[i], h = all.h_hi[i];
    out[i] = underflow(minus_a2(a, all.a_lo[i]) + std::log(h) - std::log(a) - std::log(a + h) - kLn2SqrtPi);
  }
  for (int r = kNegFar; r < kRegions; ++r) {
    const int k = count[r];
    if (k == 0) continue;
    const int* idx = ws.index[r];
    pack_kernel(all, idx, k, ws.packed);
    region_kernel(r, ws.packed, k, ws.v, ws.m1, ws.m2);
    for (int j = 0; j < k; ++j) {
      const int i = idx[j];
      out[i] = ws.v[j] > 0 ? normal(ws.v[j])
                           : underflow(minus_a2(all.a_hi[i], all.a_lo[i]) + std::log(ws.m1[j]) + std::log(ws.m2[j]) -
                                       kLn2SqrtPi);
    }
  }
  for (int i = 0; i < n; ++i) {  // mu below 2^-1000: the limit form (the kernels' a and h lose bits there)
    if (mu_hi[i] < 0x1p-1000 && mu_hi[i] > 0) {
      int k;
      const double r = std::frexp(mu_hi[i], &k);
      out[i] = tiny_mu_delta(eps[i], r + std::ldexp(mu_lo[i], -k), k);
    }
  }
}

Value gauss_delta_at(double eps, dd mu) {
  Value v;
  delta_block(&eps, &mu.hi, &mu.lo, &v, 1);
  return v;
}
}  // namespace

namespace {
// sqrt(sum mu_j^2) as a double-double, the terms scaled by a power of two (exact) so that no square overflows.
// As r 2^k (r a normal double-double): below the normal range the double-double of the composition has lost bits.
dd composed_scaled(const double* mu, int d, int* k) {
  double m = 0;
  for (int j = 0; j < d; ++j) m = std::max(m, mu[j]);
  *k = frexp_exponent(m);
  dd s{0, 0};
  for (int j = 0; j < d; ++j) {
    const double x = mul_pow2(mu[j], -*k);
    s = s + two_prod(x, x);
  }
  return sqrt_dd(s);
}
dd composed(const double* mu, int d) {
  int k = 0;
  const dd r = composed_scaled(mu, d, &k);  // (k set here: not in the same call's arguments)
  return mul_pow2(r, k);
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
  const dd m = checked_composed(e, eps, mu, d);
  if (m.hi < 0x1p-1000 && d > 1) {  // the composition's own scale (its double-double lost bits below DBL_MIN)
    int k;
    const dd r = composed_scaled(mu, d, &k);
    return tiny_mu_delta(eps, to_double(r), k);
  }
  // the composed mu past DBL_MAX: delta = Phi(mu/2 - eps/mu) - e^eps Phi(-mu/2 - eps/mu) = 1 - O(e^{-mu^2/8}), with
  // eps/mu <= 1 (an underflow status where it is 1)
  if (!std::isfinite(m.hi)) return normal(1.0);
  return gauss_delta_at(eps, m);
}

void gauss_delta(const double* eps, const double* mu, Value* out, std::size_t n) {
  static const Entry& e = entry("DP.gauss.delta");
  static const double zeros[GaussPoints::kMax] = {};
  for (std::size_t start = 0; start < n; start += GaussPoints::kMax) {
    const int m = static_cast<int>(std::min<std::size_t>(GaussPoints::kMax, n - start));
    for (int j = 0; j < m; ++j) {  // eps in [0, inf), mu in (0, inf): the first bad row is reported by name
      const double x = eps[start + j], y = mu[start + j];
      if (!(x >= 0 && x <= DBL_MAX && y > 0 && y <= DBL_MAX)) {
        delta_block(eps + start, mu + start, zeros, out + start, j);  // the rows before it, then the error
        const double p[3] = {1, x, y};
        check_params(e, p);
      }
    }
    delta_block(eps + start, mu + start, zeros, out + start, m);
  }
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
    // mu - eps is exact there (both below 2^-1021); halving it may round (ln off 2.5% at mu = 2.0e-322)
    v.log_abs_out = std::log(mu - eps) - kLn2Hi;
  }
  return v;
}

namespace {
// The sign of delta - target: the values themselves where delta is a normal double (the logs' roundings, |ln delta|
// ulp of ln, cost up to 16 ulp of the root: DP.gauss.mu at eps = 0, delta = 3.5e-10), else the logs.
int cmp_delta(const Value& v, double target, double ln_target) {
  if (v.status == Status::ok && target >= DBL_MIN) return (v.value > target) - (v.value < target);
  const double l = v.log_abs();
  return (l > ln_target) - (l < ln_target);
}

Value plain(double x) {
  Value v;
  v.value = x;
  v.sign = x > 0 ? 1 : 0;
  return v;
}
}  // namespace

namespace {
// Where the target lies just below delta(0) = erf(mu/(2 sqrt2)), eps is the root of
//   F(eps) = delta(0) - delta(eps) = int_0^eps e^s Phi(-mu/2 - s/mu) ds = gap,  gap = delta(0) - target
// (d delta/d eps = -e^eps Phi(-mu/2 - eps/mu), Balle and Wang 2018): the gap formed in double-double, F by 16-point
// Gauss-Legendre (F nearly linear in eps here), Newton from gap/Phi(-mu/2). On the bisection of delta the rounding of
// delta (an ulp of delta(0)) is divided by the gap: 161 ulp of eps where the gap was 0.4% of delta. 0 when it does
// not apply (the gap above 25% of the target, eps above 1 or 2 mu: there the integrand varies too much for 16 nodes).
double eps_near_zero(double target, dd mu) {
  const dd inv_2sqrt2{0x1.6a09e667f3bcdp-2, -0x1.bdd3413b26456p-56};
  const dd gap = erf_dd(mu * inv_2sqrt2) - dd{target, 0};
  if (!(gap.hi > 0 && gap.hi < 0.25 * target)) return 0;
  const double m = mu.hi + mu.lo;
  auto Phi = [](double x) { return 0.5 * std::erfc(-x * 0.70710678118654752440); };
  const Gauss16& g = gauss16();
  double eps = to_double(gap) / Phi(-m / 2);
  for (int it = 0; it < 30; ++it) {
    if (!(eps > 0 && eps <= 1 && eps / m <= 2)) return 0;
    double F = 0;  // int_0^eps e^s Phi(-m/2 - s/m) ds
    for (int i = 0; i < 16; ++i) {
      const double sv = 0.5 * eps * (1 + g.x[i]);
      F += (g.w[i] + g.w_lo[i]) * std::exp(sv) * Phi(-m / 2 - sv / m);
    }
    F *= 0.5 * eps;
    const double step = to_double(dd{F, 0} - gap) / (std::exp(eps) * Phi(-m / 2 - eps / m));
    eps -= step;
    if (std::fabs(step) <= 1e-17 * eps) break;
  }
  return eps > 0 && eps <= 1 && eps / m <= 2 ? eps : 0;
}

// Below mu = 2^-500 the profile is linear in mu at fixed s = eps/mu: with p = s/sqrt2 (expanding Balle and Wang's
// delta in mu at fixed s; the relative remainder is O(mu p^4), below 1e-140 here)
//   delta = mu g(s),  g(s) = phi(s) - s Phi(-s) = e^{-p^2} h(p)/sqrt(2 pi),  h(p) = 1 - sqrt(pi) p erfcx(p),
// so eps = mu s and mu = eps/s come from one equation in p, and their logarithms from ln mu + ln s: the doubles eps
// and mu are subnormal there and carry too few bits (the bisection's subnormal eps was 1.6e-5 off at mu = 8.1e-320).
constexpr double kTinyMu = 0x1p-500;

// x f 2^k as a Value (x >= 0, f >= 0 and moderate, x f 2^k at most DBL_MAX): the underflow status with
// ln x + k ln 2 + ln f where the product is subnormal.
Value times(double x, double f, int k = 0) {
  const double v = std::ldexp(x * f, k);
  if (x * f == 0 || v >= DBL_MIN) return plain(v);
  Value out = underflow(std::log(x) + k * kLn2Hi + k * kLn2Lo + std::log(f));
  out.value = v;
  return out;
}

// The root in [lo, hi] of a decreasing f (a Newton step from x where it stays inside the bracket, else bisection),
// to 2^-60 relative plus `tol`: f returns the value and its derivative.
template <class F>
double decreasing_root(F f, double x, double lo, double hi, double tol = 0) {
  for (int i = 0; i < 300; ++i) {
    const auto [v, d] = f(x);
    if (v == 0) return x;
    (v > 0 ? lo : hi) = x;
    double next = x - v / d;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (std::fabs(next - x) <= 0x1p-60 * std::fabs(x) + tol || next == lo || next == hi) return next;
    x = next;
  }
  return x;
}

// DP.gauss.eps for mu < 2^-500: g(s) = delta/mu, in p. Where the gap 1 - sqrt(2 pi) delta/mu (double-double) is at
// most 1/2, from G(p) = -expm1(-p^2) + sqrt(pi) p erfc(p) = gap (the two terms positive; G' = sqrt(pi) erfc(p));
// otherwise from -p^2 + ln h(p) = ln(sqrt(2 pi) delta/mu) (derivative -(1 - h)/(p h)).
Value gauss_eps_tiny_mu(double delta, double mr, int mk) {  // mu = mr 2^mk
  // exact, and normal: an exact remainder
  const double ds = std::ldexp(delta, 600), ms = std::ldexp(mr, mk + 600);
  const double q = ds / ms;
  if (q >= 1) return plain(0);  // delta/mu > g(0) = 1/sqrt(2 pi)
  const dd r = quick_two_sum(q, std::fma(-q, ms, ds) / ms);
  const dd sqrt_2pi{0x1.40d931ff62706p+1, -0x1.a6a0d6f814637p-53};
  const dd gap = dd{1, 0} - sqrt_2pi * r;
  if (!(gap.hi > 0)) return plain(0);
  constexpr double kSqrtPi = 0x1.c5bf891b4ef6bp+0;
  double p;
  if (gap.hi <= 0.5) {
    const double g = to_double(gap);
    p = decreasing_root([g](double x) {
      return std::pair{g - (-std::expm1(-x * x) + kSqrtPi * x * std::erfc(x)), -kSqrtPi * std::erfc(x)};
    }, g / kSqrtPi, 0, 40);
  } else {
    const double t = std::log(q) + kLnSqrt2Pi;
    p = decreasing_root([t](double x) {
      const double h = numerics::h_of(x);
      return std::pair{-x * x + std::log(h) - t, -(1 - h) / (x * h)};
    }, std::sqrt(-t) + 0.5, 0, 40);
  }
  return times(mr, std::sqrt(2.0) * p, mk);
}

// DP.gauss.mu where the root is below 2^-500 (tried for delta, eps < 2^-450; false where the root is larger):
// delta/eps = g(s)/s, in u = ln p: -p^2 + ln h(p) - u = ln(2 sqrt(pi) delta/eps) (derivative -1/h); eps = 0 gives
// mu = sqrt(2 pi) delta.
bool gauss_mu_tiny(double eps, double delta, Value& out) {
  if (!(delta < 0x1p-450 && eps < 0x1p-450)) return false;
  if (eps == 0) {
    out = times(delta, kSqrt2Pi);  // (its rounding is 0.2 ulp)
    return true;
  }
  // delta/eps lies in [2^-624, 2^572]: ln p in [-400, 4]
  const double t = std::log(std::ldexp(delta, 600) / std::ldexp(eps, 600)) + kLn2SqrtPi;
  const double u = decreasing_root([t](double v) {
    const double x = std::exp(v), h = numerics::h_of(x);
    return std::pair{-x * x + std::log(h) - v - t, -1 / h};
  }, -std::max(t, 0.0), -400, 4, 0x1p-60);
  // mu = eps/(sqrt2 p) = sqrt(2 pi) delta e^{p^2}/h(p): the second where p < 1 (p from ln p had |ln p| ulp: 126 ulp
  // at eps = 4.9e-324, delta = 8.9e-165), the first beyond (the second's factor e^{p^2} multiplies p's error by 2p^2)
  const double p = std::exp(u);
  const double f = p < 1 ? kSqrt2Pi * std::exp(p * p) / numerics::h_of(p) : 1 / (std::sqrt(2.0) * p);
  const double x = p < 1 ? delta : eps;
  if (!(x * f < kTinyMu)) return false;
  out = times(x, f);
  return true;
}

// The roots of delta = target for a block of points at once: x is eps (mu fixed, decreasing, side -1) or mu (eps
// fixed, increasing, side +1). Newton steps on ln delta with the derivative in closed form (Balle and Wang 2018:
// d delta/d eps = -e^eps Phi(-mu/2 - eps/mu) = -(1/2) e^{-a^2} erfcx(b), d delta/d mu = phi(mu/2 - eps/mu) =
// e^{-a^2}/sqrt(2 pi)), every evaluation of delta for all unsettled points in one call of the vectorised kernels;
// every evaluation also narrows a bracket [lo, hi] by the sign of delta - target (cmp_delta), and a step that leaves
// it, or stalls within an ulp, is replaced by the bracket's midpoint or the next double towards the root. Done when
// lo and hi are adjacent doubles: the end on the side where delta <= target, as the bisection gave it (which took
// ~70 evaluations one point at a time; this takes 6-12 per point, vectorised). hi = +inf where the root passes
// DBL_MAX.
struct RootBlock {
  static constexpr int kMax = GaussPoints::kMax;
  double x[kMax], lo[kMax], hi[kMax], lt[kMax], fixed_hi[kMax], fixed_lo[kMax], target[kMax];
  double e[kMax], mh[kMax], ml[kMax];  // the evaluation points as delta_block takes them
  Value v[kMax];
  int active[kMax];
};

double ulp_of(double x) { return std::nextafter(x, INFINITY) - x; }

// p = Phi^{-1}(1 - t) to ~5e-4 (Abramowitz and Stegun 26.2.23): a starting point only.
double upper_quantile(double t) {
  const double q = t < 0.5 ? t : 1 - t;
  const double w = std::sqrt(-2 * std::log(std::max(q, 1e-300)));
  const double z = w - (2.515517 + w * (0.802853 + w * 0.010328)) / (1 + w * (1.432788 + w * (0.189269 + w * 0.001308)));
  return t < 0.5 ? z : -z;
}

void newton_roots(bool for_eps, RootBlock& b, int n) {
  const int side = for_eps ? -1 : +1;
  constexpr double kSqrt2Inv = 0.70710678118654752440;
  int na = n;
  for (int i = 0; i < n; ++i) b.active[i] = i;
  for (int iter = 0; iter < 2000 && na > 0; ++iter) {  // (Newton, then bracket steps: ~1100 at most)
    for (int j = 0; j < na; ++j) {
      const int i = b.active[j];
      if (for_eps) b.e[j] = b.x[i], b.mh[j] = b.fixed_hi[i], b.ml[j] = b.fixed_lo[i];
      else b.e[j] = b.fixed_hi[i], b.mh[j] = b.x[i], b.ml[j] = 0;
    }
    delta_block(b.e, b.mh, b.ml, b.v, na);
    int keep = 0;
    for (int j = 0; j < na; ++j) {
      const int i = b.active[j];
      const double x = b.x[i];
      const int c = side * cmp_delta(b.v[j], b.target[i], b.lt[i]);
      (c < 0 ? b.lo[i] : b.hi[i]) = x;
      const double lo = b.lo[i], hi = b.hi[i];
      if (hi < INFINITY && !(std::nextafter(lo, INFINITY) < hi)) continue;  // adjacent: settled
      if (lo >= DBL_MAX) { b.hi[i] = INFINITY; continue; }                   // the root passes DBL_MAX
      double next = NAN;
      if (iter < 60) {  // Newton on ln delta
        const double m = b.mh[j] + b.ml[j], a = (b.e[j] / m - 0.5 * m) * kSqrt2Inv;
        const double ld = b.v[j].log_abs();
        double lg;  // ln |d delta/dx|
        if (for_eps) {
          const double bb = a + m * kSqrt2Inv;
          lg = -0.69314718055994531 - a * a + (bb > -26 ? std::log(erfcx(bb)) : bb * bb + 0.69314718055994531);
        } else {
          lg = -a * a - kLnSqrt2Pi;
        }
        const double slope = side * std::exp(lg - ld);  // d ln delta/dx
        const double step = (ld - b.lt[i]) / slope;
        next = x - step;
        // within an ulp of x: the next double towards the root (it settles the bracket where x was the root's end)
        if (std::fabs(step) < ulp_of(x)) next = c < 0 ? std::nextafter(x, INFINITY) : std::nextafter(x, -INFINITY);
      }
      if (!(next > lo && next < hi)) {
        // (growth by squaring past 2: from 4x + 1 it took ~500 evaluations to reach a root near 1e300)
        if (hi == INFINITY) next = lo < 2 ? lo * 4 + 1 : (lo < 1.3e154 ? lo * lo : DBL_MAX);
        else next = (lo > 0 && hi / lo > 4) ? std::sqrt(lo) * std::sqrt(hi) : lo + 0.5 * (hi - lo);
        if (!(next > lo && next < hi)) next = std::nextafter(lo, INFINITY);
      }
      b.x[i] = next;
      b.active[keep++] = i;
    }
    na = keep;
  }
}

// eps for the points i < n (mu composed, already checked): the small-mu limit, 0, the near-zero form, or the roots.
void eps_block(const double* delta, const dd* mu, Value* out, int n) {
  struct Blocks {
    RootBlock b;
    Value at0[RootBlock::kMax];
  };
  Blocks& blocks = numerics::thread_workspace<Blocks>();
  RootBlock& b = blocks.b;
  Value* at0 = blocks.at0;
  for (int i = 0; i < n; ++i) b.e[i] = 0, b.mh[i] = mu[i].hi, b.ml[i] = mu[i].lo;
  delta_block(b.e, b.mh, b.ml, at0, n);
  int k = 0;
  int idx[RootBlock::kMax];
  for (int i = 0; i < n; ++i) {
    const double t = delta[i];
    if (mu[i].hi < kTinyMu) {
      int k;
      const double r = std::frexp(mu[i].hi, &k);
      out[i] = gauss_eps_tiny_mu(t, r, k);
      continue;
    }
    if (!(cmp_delta(at0[i], t, std::log(t)) > 0)) { out[i] = plain(0); continue; }  // delta(0) <= target
    // the near-zero form applies only where delta(0) < 1.25 target (its gap in double-double cost 3/4 of the time)
    if (at0[i].value < 1.3 * t) {
      if (const double e = eps_near_zero(t, mu[i]); e > 0) { out[i] = plain(e); continue; }
    }
    const double m = mu[i].hi;
    b.fixed_hi[k] = mu[i].hi, b.fixed_lo[k] = mu[i].lo, b.target[k] = t, b.lt[k] = std::log(t);
    b.lo[k] = 0, b.hi[k] = INFINITY;
    const double guess = m * (0.5 * m + upper_quantile(t));  // delta ~ Phi(mu/2 - eps/mu)
    b.x[k] = guess > 0 && guess < DBL_MAX ? guess : (guess > 0 ? DBL_MAX : std::min(m, 1.0));
    idx[k++] = i;
  }
  newton_roots(true, b, k);
  for (int j = 0; j < k; ++j) {
    const int i = idx[j];
    if (b.hi[j] < INFINITY) { out[i] = plain(b.hi[j]); continue; }
    // beyond DBL_MAX (mu > 1.8e154): delta(eps) ~ Phi(mu/2 - eps/mu), so eps = mu^2/2 - mu Phi^{-1}(delta), whose
    // second term is below 1e-150 of the first there: ln eps = 2 ln mu - ln 2
    out[i] = value_from_log(2 * std::log(mu[i].hi) - std::log(2.0));
  }
}

Value gauss_eps_at(double delta, dd mu) {
  Value v;
  eps_block(&delta, &mu, &v, 1);
  return v;
}

// mu for the points i < n (parameters checked): the small-root limit or the roots.
void mu_block(const double* eps, const double* delta, Value* out, int n) {
  RootBlock& b = numerics::thread_workspace<RootBlock>();
  int k = 0;
  int idx[RootBlock::kMax];
  for (int i = 0; i < n; ++i) {
    if (gauss_mu_tiny(eps[i], delta[i], out[i])) continue;
    // delta ~ Phi(mu/2 - eps/mu): mu^2/2 + z mu - eps = 0, the root without cancellation (-z + sqrt(z^2 + 2 eps) was
    // 0 for eps = 3.7e-50: 40 evaluations from delta sqrt(2 pi)) and without overflow (2 eps, z + r); and mu >= sqrt(2 pi) delta
    const double z = upper_quantile(delta[i]), r = std::sqrt(2.0) * std::sqrt(0.5 * z * z + eps[i]);
    const double guess = std::max(z > 0 ? eps[i] / (0.5 * z + 0.5 * r) : r - z, kSqrt2Pi * delta[i]);
    b.fixed_hi[k] = eps[i], b.fixed_lo[k] = 0, b.target[k] = delta[i], b.lt[k] = std::log(delta[i]);
    b.lo[k] = std::numeric_limits<double>::denorm_min(), b.hi[k] = INFINITY;
    b.x[k] = guess > b.lo[k] && guess < DBL_MAX ? guess : 1.0;
    idx[k++] = i;
  }
  newton_roots(false, b, k);
  for (int j = 0; j < k; ++j) out[idx[j]] = plain(b.lo[j]);
}
}  // namespace

Value gauss_eps(double delta, double mu) { return gauss_eps(delta, &mu, 1); }

Value gauss_eps(double delta, const double* mu, int d) {
  static const Entry& e = entry("DP.gauss.eps");
  const dd m = checked_composed(e, delta, mu, d);
  if (m.hi < 0x1p-1000 && d > 1) {  // the composition's own scale (its double-double lost bits below DBL_MIN)
    int k;
    const dd r = composed_scaled(mu, d, &k);
    return gauss_eps_tiny_mu(delta, to_double(r), k);
  }
  // the composed mu past DBL_MAX (it was taken for inf, delta(0) misjudged and eps = 0 returned where it is 1.6e616,
  // at mu = (1.4e302, 8.8e-310, 1.8e308)): ln eps = 2 ln mu - ln 2 as for mu > 1.8e154 (eps_block), mu = r 2^k
  if (!std::isfinite(m.hi)) {
    int k;
    const dd r = composed_scaled(mu, d, &k);
    return value_from_log(2 * (std::log(r.hi) + r.lo / r.hi) + (2.0 * k - 1) * kLn2Hi);
  }
  return gauss_eps_at(delta, m);
}

void gauss_eps(const double* delta, const double* mu, Value* out, std::size_t n) {
  static const Entry& e = entry("DP.gauss.eps");
  dd m[GaussPoints::kMax];
  for (std::size_t start = 0; start < n; start += GaussPoints::kMax) {
    const int k = static_cast<int>(std::min<std::size_t>(GaussPoints::kMax, n - start));
    for (int j = 0; j < k; ++j) {  // delta in (0, 1), mu in (0, inf): the first bad row is reported by name
      const double x = delta[start + j], y = mu[start + j];
      if (!(x > 0 && x < 1 && y > 0 && y <= DBL_MAX)) {
        eps_block(delta + start, m, out + start, j);  // the rows before it, then the error
        const double p[3] = {1, x, y};
        check_params(e, p);
      }
      m[j] = dd{y, 0};
    }
    eps_block(delta + start, m, out + start, k);
  }
}

namespace {
// The flat layout's columns at one d (c[0] = d at every point, c[1] = eps or delta, c[2 + j] = mu_{j+1}), block by
// block: each point's composition as the scalar call forms it, `block` (the kernels) over the points the scalar call
// also gives to them (a composed mu that is a double, not below 2^-1000 for d > 1), the scalar call (`scalar`, after
// the point's check: a bad row throws by name, the first of its block) for the rest. The same bits as point by point.
template <class Block, class Scalar>
void flat_batch(const Entry& e, const double* const* c, Value* out, std::size_t n, double placeholder, Block block,
                Scalar scalar) {
  if (n == 0) return;
  const double d0 = c[0][0];
  const int d = static_cast<int>(flat_dimension(e, d0));
  std::vector<double> x(static_cast<std::size_t>(d) + 2);  // one flat point (once per call, not per point)
  constexpr int kMax = GaussPoints::kMax;
  struct Workspace {
    double first[kMax];
    dd m[kMax];
    int special[kMax];
  };
  Workspace& ws = numerics::thread_workspace<Workspace>();
  const ParamSpec& first_param = e.params[1];
  for (std::size_t start = 0; start < n; start += kMax) {
    const int k = static_cast<int>(std::min<std::size_t>(kMax, n - start));
    int specials = 0;
    for (int j = 0; j < k; ++j) {
      const std::size_t i = start + static_cast<std::size_t>(j);
      if (c[0][i] != d0)
        throw ParamError(e.id, "d", "the same dimension at every point of a batch (" + text17(d0) + "), not " +
                                        text17(c[0][i]) + " (point " + std::to_string(i + 1) + ")");
      bool ok = first_param.domain.contains(c[1][i]);
      for (int q = 0; q < d; ++q) x[2 + q] = c[2 + q][i], ok &= x[2 + q] > 0 && x[2 + q] <= DBL_MAX;
      const dd m = ok ? composed(x.data() + 2, d) : dd{1, 0};
      ok &= std::isfinite(m.hi) && !(m.hi < 0x1p-1000 && d > 1);
      ws.first[j] = ok ? c[1][i] : placeholder, ws.m[j] = ok ? m : dd{1, 0};
      if (!ok) ws.special[specials++] = j;
    }
    block(ws.first, ws.m, out + start, k);
    for (int s2 = 0; s2 < specials; ++s2) {
      const std::size_t i = start + static_cast<std::size_t>(ws.special[s2]);
      x[0] = d0, x[1] = c[1][i];
      for (int q = 0; q < d; ++q) x[2 + q] = c[2 + q][i];
      check_params(e, x.data());
      out[i] = scalar(x[1], x.data() + 2, d);
    }
  }
}
}  // namespace

void gauss_delta_flat(const double* const* c, Value* out, std::size_t n) {
  static const Entry& e = entry("DP.gauss.delta");
  flat_batch(e, c, out, n, 1.0, [](const double* eps, const dd* m, Value* o, int k) {
    double hi[GaussPoints::kMax], lo[GaussPoints::kMax];
    for (int j = 0; j < k; ++j) hi[j] = m[j].hi, lo[j] = m[j].lo;
    delta_block(eps, hi, lo, o, k);
  }, [](double eps, const double* mu, int d) { return gauss_delta(eps, mu, d); });
}

void gauss_eps_flat(const double* const* c, Value* out, std::size_t n) {
  static const Entry& e = entry("DP.gauss.eps");
  flat_batch(e, c, out, n, 0.5, [](const double* delta, const dd* m, Value* o, int k) { eps_block(delta, m, o, k); },
             [](double delta, const double* mu, int d) { return gauss_eps(delta, mu, d); });
}

void gauss_mu(const double* eps, const double* delta, Value* out, std::size_t n) {
  static const Entry& e = entry("DP.gauss.mu");
  for (std::size_t start = 0; start < n; start += GaussPoints::kMax) {
    const int k = static_cast<int>(std::min<std::size_t>(GaussPoints::kMax, n - start));
    for (int j = 0; j < k; ++j) {  // eps in [0, inf), delta in (0, 1)
      const double x = eps[start + j], y = delta[start + j];
      if (!(x >= 0 && x <= DBL_MAX && y > 0 && y < 1)) {
        mu_block(eps + start, delta + start, out + start, j);
        const double p[2] = {x, y};
        check_params(e, p);
      }
    }
    mu_block(eps + start, delta + start, out + start, k);
  }
}

Value gauss_mu(double eps, double delta) {
  static const Entry& e = entry("DP.gauss.mu");
  const double x[2] = {eps, delta};
  check_params(e, x);
  Value v;
  mu_block(&eps, &delta, &v, 1);
  return v;
}

}  // namespace privoco::fast::dp

