#include "privoco/fast/jkt/pol.hpp"

#include <cmath>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/format.hpp"

namespace privoco::fast::jkt {

namespace {
Value plain(double v) {
  Value r;
  r.sign = v > 0 ? 1 : (v < 0 ? -1 : 0);
  r.value = v;
  return r;
}
bool normal(double v) { return std::isfinite(v) && std::fabs(v) >= 0x1p-1022; }
}  // namespace

Value pol_alpha(double eps_g, double x_star_norm) {
  static const Entry& e = entry("JKT.const.pol_alpha");
  const double x[2] = {eps_g, x_star_norm};
  check_params(e, x);
  const dd n2 = two_prod(x_star_norm, x_star_norm), a = dd{eps_g, 0} / n2;  // JKT Alg 6 l.5
  if (normal(n2.hi) && normal(to_double(a))) return plain(to_double(a));
  return value_from_log(std::log(eps_g) - 2 * std::log(x_star_norm));
}

Value pol_Lprime(double L, double eps_g, double x_star_norm) {
  static const Entry& e = entry("JKT.const.pol_Lprime");
  const double x[3] = {L, eps_g, x_star_norm};
  check_params(e, x);
  const dd q = dd{eps_g, 0} / dd{x_star_norm, 0}, s = dd{L, 0} + q;  // L + alpha ||x*|| = L + eps_g/||x*||
  if (normal(q.hi) && normal(to_double(s))) return plain(to_double(s));
  // one term outside the double range: the sum is the larger within rounding, or beyond the range itself
  const double la = std::log(L), lb = std::log(eps_g) - std::log(x_star_norm);
  return value_from_log(std::max(la, lb) + std::log1p(std::exp(-std::fabs(la - lb))));
}

Value pol_beta(double L, double eps_g, double x_star_norm, double T, double eps_p, double delta) {
  static const Entry& e = entry("JKT.noise.pol_beta");
  const double x[6] = {L, eps_g, x_star_norm, T, eps_p, delta};
  check_params(e, x);
  if (T != std::floor(T)) throw DomainError(e.id, "T", text17(T), "integers in " + e.params[3].domain.text());
  // beta = 2 sqrt2 L' ln T/(T eps_p) sqrt(ln(1/delta) + eps_p), JKT Alg 6 l.13
  const Value lp = pol_Lprime(L, eps_g, x_star_norm);
  const double lnT = std::log(T), inner = eps_p - std::log(delta);  // ln(1/delta) + eps_p > 0: no cancellation
  const double ln_beta = 1.5 * 0.69314718055994530942 + lp.log_abs() + std::log(lnT) - std::log(T) - std::log(eps_p) +
                         0.5 * std::log(inner);
  if (lp.status == Status::ok && ln_beta < 700 && ln_beta > -700 && eps_p > 0x1p-1000 && eps_p < 0x1p1000) {
    const dd lnTd = log_dd(dd{T, 0}), in = dd{eps_p, 0} - log_dd(dd{delta, 0});
    const dd b = dd{2.8284271247461903, -1.9334586626905827e-16} * lp.value * lnTd / (dd{T, 0} * eps_p) * sqrt_dd(in);
    if (normal(to_double(b))) return plain(to_double(b));
  }
  return value_from_log(ln_beta);
}

}  // namespace privoco::fast::jkt
