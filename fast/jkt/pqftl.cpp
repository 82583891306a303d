#include "privoco/fast/jkt/pqftl.hpp"

#include "pol_tree_core.hpp"

#include <cmath>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/format.hpp"
#include "../numerics/erfcx.hpp"
#include "../numerics/scaled.hpp"
#include "privoco/fast/numerics/value_ops.hpp"

namespace privoco::fast::jkt {

Value pqftl_tree_bound(double R, PqftlTree tree, PqftlArg which) {
  static const Entry& e = entry("JKT.const.pqftl_tree_params");
  const double x[3] = {R, static_cast<double>(tree), static_cast<double>(which)};
  check_params(e, x);
  // printed l.8 passes R; every other case is R^2 (||v v^T||_F = ||v||^2, |y| ||v|| <= R^2)
  if (tree == PqftlTree::u && which == PqftlArg::printed) return to_value(xd_of(R));  // (a subnormal R: underflow status)
  return to_value(xd_of(R) * xd_of(R));
}

namespace {
// q = Q(d/2, x) = P(chi^2_d > 2x) as m 2^e2 e^{-x} (Scaled): Q(n, x) = e^{-x} sum_{j<n} x^j/j! for d = 2n, and
// Q(n + 1/2, x) = e^{-x} (erfcx(sqrt x) + sum_{j<n} x^{j+1/2}/Gamma(j + 3/2)) for d = 2n + 1 (the finite forms of
// the regularized upper incomplete gamma at integer and half-integer order). Positive terms, each from the last in
// double-double; the sum rescaled by 2^-600 when it grows past 2^600 (the terms reach e^x, x up to 4608).
// O(d): for small d, and where the sums from the peak below do not settle before their last term.
numerics::Scaled chi_tail_finite(int d, dd x) {
  const int n = d / 2;
  dd u{1, 0}, S{0, 0};
  long e = 0;
  double offset = 0;  // the first term's order j0: u_j = x^{j + j0}/Gamma(j + j0 + 1)
  if (d % 2 == 1) {
    const dd r = sqrt_dd(x);
    const double p = r.hi;
    // erfcx(p): the double-double table below its end, else 1/(sqrt(pi) (p + cf_tail(p))) (positive addend: double)
    S = p < numerics::ErfcxTable::kEnd ? numerics::erfcx_dd2(p)
                                       : dd{1 / (1.7724538509055160273 * (p + numerics::cf_tail(p))), 0};
    const dd two_over_sqrt_pi{0x1.20dd750429b6dp+0, 0x1.1ae3a914fed8p-56};
    u = r * two_over_sqrt_pi;  // x^{1/2}/Gamma(3/2)
    offset = 0.5;
  }
  for (int j = 0; j < n; ++j) {
    if (j > 0) u = u * x / (j + offset);
    S = S + u;
    if (S.hi > 0x1p600) S = S * 0x1p-600, u = u * 0x1p-600, e += 600;
  }
  numerics::Scaled s;
  s.m = S.hi + S.lo;
  s.e2 = e;
  s.E = -x;
  s.renorm();
  return s;
}

// ln Gamma(z) for z >= 26 by Stirling's series to z^-13 (the next term is below 3e-23 at z = 26), in double-double
// (DLMF 5.11.1); 1/(12 z) in double-double, its smaller terms in double
dd lgamma_stirling_dd(double z) {
  static const dd kHalfLn2Pi{0x1.d67f1c864beb5p-1, -0x1.65b5a1b7ff5dfp-55};
  const double y = 1 / (z * z);
  const double rest = y * (-1.0 / 360 + y * (1.0 / 1260 + y * (-1.0 / 1680 + y * (1.0 / 1188 + y * (-691.0 / 360360 + y * (1.0 / 156))))));
  return log_dd(dd{z, 0}) * (z - 0.5) - dd{z, 0} + kHalfLn2Pi + dd{1, 0} / dd{12 * z, 0} + dd{rest / z, 0};
}

// Q(a, x), a = d/2 >= 25, summed from the largest terms outwards (the terms e^{-x} x^c/Gamma(c + 1) of both finite
// and infinite sums peak at c near x): t = e^{-x} x^a/Gamma(a + 1) from logarithms in double-double, then
// x >= a: Q = t sum_{k>=0} (a/x)((a-1)/x)...((a-k)/x), down the finite sum, ratios (a - k)/x <= 1 falling;
// x < a:  Q = 1 - P, P = t sum_{k>=0} x^k/((a+1)...(a+k)) (DLMF 8.7.1), ratios x/(a + k) < 1 falling, P < 0.6.
// Each stops once the geometric bound on the rest is below 2^-64 of the sum. Returns false where the sum from above
// would reach its last term (then the finite form above is as cheap and exact).
bool chi_tail_from_peak(int d, dd x, numerics::Scaled& s) {
  const double a = 0.5 * d;
  const dd log_t = log_dd(x) * a - x - lgamma_stirling_dd(a + 1);  // ln t
  const dd inv_x = dd{1, 0} / x;
  dd S{0, 0};
  if (x.hi >= a) {
    dd u = inv_x * a;  // the top term t a/x of the finite sum, relative to t
    for (double c = a - 1;; c -= 1) {
      S = S + u;
      if (c <= 0) {  // the finite sum's last term added: exact for even d; odd d lacks erfc(sqrt x)
        if (d % 2 == 1) return false;
        break;
      }
      const double r = c * inv_x.hi;  // the next ratio; the ones after it are smaller
      if (u.hi * r <= 0x1p-64 * S.hi * (1 - r)) break;
      u = u * c * inv_x;
    }
    s.m = S.hi + S.lo;
    s.e2 = 0;
    s.E = log_t;
    s.renorm();
    return true;
  }
  dd u{1, 0};
  for (double c = a + 1;; c += 1) {
    S = S + u;
    const double r = x.hi / c;
    if (u.hi * r <= 0x1p-64 * S.hi * (1 - r)) break;
    u = u * x / c;
  }
  const dd P = log_t.hi < -800 ? dd{0, 0} : exp_dd(log_t) * S;  // (t < e^-800: P below 1e-340)
  const dd Q = dd{1, 0} - P;
  s.m = Q.hi + Q.lo;
  s.e2 = 0;
  s.E = dd{0, 0};
  s.renorm();
  return true;
}

numerics::Scaled chi_tail(int d, dd x) {
  numerics::Scaled s;
  if (d >= 50 && chi_tail_from_peak(d, x, s)) return s;
  return chi_tail_finite(d, x);
}
}  // namespace

Value chi_square_tail(int d, dd x) { return numerics::finish(1, chi_tail(d, x)); }

Value pqftl_noise_norms(double d, double t, NoiseTail which) {
  static const Entry& e = entry("JKT.noise.pqftl_noise_norms");
  const double p[3] = {d, t, static_cast<double>(which)};
  check_params(e, p);
  for (int i = 0; i < 2; ++i)
    if (p[i] != std::floor(p[i])) throw DomainError(e.id, e.params[i].name, text17(p[i]), "integers in " + e.params[i].domain.text());
  if (which == NoiseTail::printed) return numerics::finish(1, numerics::Scaled{1, 0, dd{-0.5 * d, 0}});
  const int k = __builtin_popcountll(static_cast<unsigned long long>(t));  // k_t (JKT.noise.tree_output)
  const dd x = dd{9 * d, 0} / dd{2.0 * k, 0};
  const numerics::Scaled q = chi_tail(static_cast<int>(d), x);
  const Value qv = numerics::finish(1, q);
  if (which == NoiseTail::beta_tail) {  // a probability: the last rounding may not carry it past 1
    Value v = qv;
    if (v.status == Status::ok && v.value > 1) v.value = 1;
    return v;
  }
  // 1 - (1 - q)^d = -expm1(d ln(1 - q)); where q is below 1e-300 the value is d q to 1e-297 relative
  if (qv.status != Status::ok || qv.value < 1e-300) {
    numerics::Scaled dq = q;
    dq *= d;
    return numerics::finish(1, dq);
  }
  if (d == 1) return qv;  // 1 - (1 - q) = q
  const dd qd = exp_dd(q.E + dd{static_cast<double>(q.e2), 0} * kLn2dd) * q.m;
  const dd P = dd{1, 0} - qd;  // 1 - q to ~1e-30 absolute
  if (P.hi <= 1e-15) {         // (1 - q)^d <= 1e-30 (d >= 2): 1 - (1 - q)^d rounds to 1
    Value v;
    v.value = 1, v.sign = 1;
    return v;
  }
  const dd r = log_dd(P) * d;  // <= 0
  dd one_minus;  // 1 - e^r
  if (r.hi > -1e-3) {  // -expm1(r) by its series (12 terms: |r|^13/13! < 1e-48)
    dd term = r, sum = r;
    for (int j = 2; j <= 12; ++j) term = term * r / static_cast<double>(j), sum = sum + term;
    one_minus = -sum;
  } else {
    one_minus = dd{1, 0} - exp_dd(r);
  }
  Value v;
  v.value = to_double(one_minus);
  v.sign = 1;
  return v;
}

using detail::one_plus_two_r_over_alpha;

Value pqftl_iterate_error(double R, double alpha, double eps, double delta, double T, double d, double t, LogBase base) {
  static const Entry& e = entry("JKT.bound.pqftl_iterate_error");
  const double x[8] = {R, alpha, eps, delta, T, d, t, static_cast<double>(base)};
  check_params(e, x);
  check_integer(e, "T", T), check_integer(e, "d", d), check_integer(e, "t", t);
  if (t > T) throw DomainError(e.id, "t", text17(t), "integers in [1, T] (T = " + text17(T) + ")");
  tree_sigma(R, eps, delta, T, base);  // its checks
  const xd sigma = tree_sigma_xd(R, eps, delta, T, base);
  bool pole = false;
  const xd v = detail::pqftl_iterate_xd(sigma, R, alpha, d, t, pole);  // JKT Eq (31)
  if (pole) return value_from_log(INFINITY);
  return to_value(v);
}

Value pqftl_regret_bound(double R, double alpha, double eps, double delta, double T, double d, LogBase base,
                         LogBase base_regret, PqftlBoundWhich which) {
  static const Entry& e = entry("JKT.bound.pqftl");
  const double x[9] = {R, alpha, eps, delta, T, d, static_cast<double>(base), static_cast<double>(base_regret),
                       static_cast<double>(which)};
  check_params(e, x);
  check_integer(e, "T", T), check_integer(e, "d", d);
  double lr, li, lo;
  detail::pqftl_logs<false>(T, delta, static_cast<double>(base), static_cast<double>(base_regret), lr, li, lo);
  const xd u = one_plus_two_r_over_alpha(R, alpha);
  // JKT Eq (32): A = R^4 (1 + 2R/alpha)^2/alpha log T, B = 3 sqrt(d) R (2R^2/alpha + R + 2)(1 + 2R/alpha)
  // (1 + log T) sqrt(log T) log sqrt(log T/delta)/sqrt(eps)
  const Value A = product_of({R, R, R, R, u, u, lr}, {alpha});
  const xd wf = xd_scale2(xd_of(R) * xd_of(R) / xd_of(alpha), 1) + xd_of(R) + xd_of(2.0);
  const Value B = lo == 0 ? Value{} : product_of({3.0, std::sqrt(d), R, wf, u, 1 + lr, std::sqrt(li), lo}, {std::sqrt(eps)});
  if (which == PqftlBoundWhich::qftl_term) return A;
  if (which == PqftlBoundWhich::perturbation_term) return B;
  return sum_of(A, B);  // B < 0 where li/delta < 1 (base e, delta near 1; inf - inf was NaN at R = 1.1e293)
}

}  // namespace privoco::fast::jkt
