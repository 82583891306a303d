#include "privoco/fast/jkt/igd_giga.hpp"

#include <array>
#include <cmath>
#include <string>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/format.hpp"
#include "privoco/fast/jkt/pocp.hpp"
#include "privoco/fast/numerics/value_ops.hpp"
#include "pocp_core.hpp"

namespace privoco::fast::jkt {

namespace {

// c/(alpha t) in double-double, or as a product of factors outside the double range
Value c_over(double c, double alpha, double t) {
  const dd q = dd{c, 0} / (dd{alpha, 0} * t);
  if (std::isfinite(q.hi) && q.hi >= 0x1p-1022 && alpha * t < INFINITY && alpha * t > 0x1p-1000) {
    Value v;
    v.sign = 1;
    v.value = to_double(q);
    return v;
  }
  return product_of({c}, {alpha, t});  // (its logarithms' exp lost 636 ulp at 4.5e307)
}
// The exact sign of a sum of doubles (Shewchuk's grow-expansion: the components stay exact and non-overlapping, the
// largest is last; the sum's sign is that of the largest non-zero component).
template <std::size_t N>
int exact_sign(const std::array<double, N>& terms) {
  std::array<double, N> e{};
  std::size_t n = 0;
  for (double b : terms) {
    double q = b;
    std::size_t m = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const dd s = two_sum(q, e[i]);
      q = s.hi;
      if (s.lo != 0) e[m++] = s.lo;
    }
    e[m++] = q;
    n = m;
  }
  for (std::size_t i = n; i-- > 0;)
    if (e[i] != 0) return e[i] > 0 ? 1 : -1;
  return 0;
}
// sign(2 l^2 - k a^2), exact (a in [1, 2), l < 2^27, 0 <= k <= 2^53 an integer: every product below is exact by fma)
int sign_tq(double l, double a, double k) {
  const dd l2 = two_prod(l, l), a2 = two_prod(a, a), u = two_prod(k, a2.hi), w = two_prod(k, a2.lo);
  return exact_sign(std::array<double, 6>{2 * l2.hi, 2 * l2.lo, -u.hi, -u.lo, -w.hi, -w.lo});
}
}  // namespace

Value igd_step(double alpha, double t) {
  static const Entry& e = entry("JKT.const.igd_step");
  const double x[2] = {alpha, t};
  check_params(e, x);
  check_integer(e, "t", t);
  return c_over(1, alpha, t);  // JKT Alg 2 l.6
}

Value giga_step(double alpha, double t, GigaEta eta) {
  static const Entry& e = entry("JKT.const.giga_step");
  const double x[3] = {alpha, t, static_cast<double>(eta)};
  check_params(e, x);
  check_integer(e, "t", t);
  return c_over(eta == GigaEta::two_over_alpha_t ? 2 : 1, alpha, t);  // JKT Alg 3 l.6 / Sec 3.4 (J16)
}

Value giga_tq(double L_G, double alpha, TqRounding r) {
  static const Entry& e = entry("JKT.const.giga_tq");
  const double x[3] = {L_G, alpha, static_cast<double>(r)};
  check_params(e, x);
  if (L_G < alpha)
    throw DomainError(e.id, "L_G", text17(L_G),
                      "L_G >= alpha = " + text17(alpha) + " (a gradient's Lipschitz constant is at least the strong convexity)");
  // t_q = 2 L_G^2/alpha^2 (JKT Alg 3 l.2), rounded per J6; both scaled by 2^-e (exact) so that a = alpha 2^-e is in [1, 2)
  const int ex = std::ilogb(alpha);
  const double a = std::ldexp(alpha, -ex), l = std::ldexp(L_G, -ex);
  if (!(l < 0x1p500)) {  // (below, x < 2^1001: no overflow, and the logarithms are not needed)
    const double ln_x = kLn2Hi + 2 * (std::log(L_G) - std::log(alpha));
    if (ln_x > 709.78 || !(l < 0x1p600)) return value_from_log(ln_x);
  }
  const dd ratio = dd{l, 0} / dd{a, 0}, xd = ratio * ratio * 2.0;
  if (xd.hi >= 0x1p53) {  // the +1 and the rounding to an integer are below the double's resolution
    Value v;
    v.sign = 1;
    v.value = to_double(r == TqRounding::ceil ? xd : xd + dd{1, 0});
    return v;
  }
  // here l < 2^27: the products in sign_tq are exact. xd is x to 2^-100 relative (< 2^-47 absolute): where it is
  // farther than 2^-40 from an integer, floor and ceil are certain; nearer, the exact signs decide
  double k = std::floor(to_double(xd));
  const dd frac = xd - dd{k, 0};
  bool integer = false;
  if (!(frac.hi > 0x1p-40 && frac.hi < 1 - 0x1p-40)) {
    while (sign_tq(l, a, k) < 0) k -= 1;       // now 2 l^2 >= k a^2: k <= x
    while (sign_tq(l, a, k + 1) >= 0) k += 1;  // and x < k + 1: k = floor(x)
    integer = sign_tq(l, a, k) == 0;
  }
  const double fl = k, ce = integer ? k : k + 1;
  Value v;
  v.sign = 1;
  v.value = r == TqRounding::ceil ? ce : (r == TqRounding::floor_plus_1 ? fl + 1 : ce + 1);
  return v;
}

Value pigd_beta(double L, double eps, double delta, double T, CParse parse) {
  static const Entry& e = entry("JKT.noise.pigd_beta");
  const double x[5] = {L, eps, delta, T, static_cast<double>(parse)};
  check_params(e, x);
  check_integer(e, "T", T);
  return to_value(detail::pigd_beta_xd<false>(L, eps, delta, T, static_cast<double>(parse)));
}

Value pgiga_beta(double G, double alpha, double eps, double delta, double T, CParse parse, PgigaLambda lambda) {
  static const Entry& e = entry("JKT.noise.pgiga_beta");
  const double x[7] = {G, alpha, eps, delta, T, static_cast<double>(parse), static_cast<double>(lambda)};
  check_params(e, x);
  check_integer(e, "T", T);
  return to_value(detail::pgiga_beta_xd<false>(G, alpha, eps, delta, T, static_cast<double>(parse), static_cast<double>(lambda)));
}

namespace {
xd c_size(double r, CNorm n) { return detail::c_norm_xd(r, static_cast<double>(n)); }
}  // namespace

Value pigd_bound(double L, double alpha, double radius, CNorm cn, double eps, double delta, double T, double d,
                 double C_const) {
  static const Entry& e = entry("JKT.bound.pigd");
  const double x[9] = {L, alpha, radius, static_cast<double>(cn), eps, delta, T, d, C_const};
  check_params(e, x);
  check_integer(e, "T", T), check_integer(e, "d", d);
  const double Ld = std::log(T) - std::log(delta);  // ln(T/delta) > 0
  // JKT Thm 4: C_const ((L^2/alpha + ||C||) sqrt(d) ln^1.5(T/delta)/sqrt(eps)) sqrt(T)
  const xd w = xd_of(L) * xd_of(L) / xd_of(alpha) + c_size(radius, cn);
  return product_of({C_const, w, std::sqrt(d), Ld, std::sqrt(Ld), std::sqrt(T)}, {std::sqrt(eps)});
}

Value pgiga_bound(double G, double alpha, double L_G, double radius, CNorm cn, double eps, double delta, double T,
                  double d, LogBase2 base) {
  static const Entry& e = entry("JKT.bound.pgiga");
  const double x[10] = {G, alpha, L_G, radius, static_cast<double>(cn), eps, delta, T, d, static_cast<double>(base)};
  check_params(e, x);
  check_integer(e, "T", T), check_integer(e, "d", d);
  const double Ld = std::log(T) - std::log(delta);
  const xd C = c_size(radius, cn);
  const double lg = base == LogBase2::two ? std::log2(T) : std::log(T);  // J2
  // JKT Thm 6: 4 sqrt(d) (G/alpha + ||C||) G ln^2(T/delta) sqrt(T)/sqrt(eps) + 2G^2/alpha (1 + log T)
  // + 2 L_G^2 G ||C||/alpha^2
  const xd w = xd_of(G) / xd_of(alpha) + C;
  const Value a = product_of({4.0, std::sqrt(d), w, G, Ld, Ld, std::sqrt(T)}, {std::sqrt(eps)});
  const Value b = product_of({2.0, G, G, 1 + lg}, {alpha});
  const Value c = product_of({2.0, L_G, L_G, G, C}, {alpha, alpha});
  return sum_same_sign(sum_same_sign(a, b), c);
}

Value igd_regret_bound(double L, double alpha, double radius, CNorm cn, double T, IgdRegretWhich which) {
  static const Entry& e = entry("JKT.bound.igd_regret");
  const double x[6] = {L, alpha, radius, static_cast<double>(cn), T, static_cast<double>(which)};
  check_params(e, x);
  check_integer(e, "T", T);
  const xd C = c_size(radius, cn);
  if (which == IgdRegretWhich::printed_o)  // L^2/alpha ln T + ||C||
    return sum_same_sign(product_of({L, L, std::log(T)}, {alpha}), product_of({C}));
  // (L^2/(2 alpha)) H_T + (alpha/2) ||C||^2 (derived)
  const double H = to_double(harmonic_dd(T));
  return sum_same_sign(product_of({0.5, L, L, H}, {alpha}), product_of({0.5, alpha, C, C}));
}

}  // namespace privoco::fast::jkt
