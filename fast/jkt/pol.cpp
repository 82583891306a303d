#include "privoco/fast/jkt/pol.hpp"

#include <cmath>

#include "pol_tree_core.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/format.hpp"
#include "privoco/fast/jkt/pqftl.hpp"
#include "privoco/fast/jkt/learners.hpp"
#include "privoco/streams.hpp"
#include "privoco/fast/numerics/value_ops.hpp"

namespace privoco::fast::jkt {

namespace {
Value plain(double v) {
  Value r;
  r.sign = v > 0 ? 1 : (v < 0 ? -1 : 0);
  r.value = v;
  return r;
}
bool normal(double v) { return std::isfinite(v) && std::fabs(v) >= 0x1p-1022; }
using detail::alpha_xd;
using detail::lprime_xd;
using detail::pol_beta_xd;
}  // namespace

Value pol_alpha(double eps_g, double x_star_norm) {
  static const Entry& e = entry("JKT.const.pol_alpha");
  const double x[2] = {eps_g, x_star_norm};
  check_params(e, x);
  const dd n2 = two_prod(x_star_norm, x_star_norm), a = dd{eps_g, 0} / n2;  // JKT Alg 6 l.5
  if (normal(n2.hi) && normal(to_double(a))) return plain(to_double(a));
  return to_value(alpha_xd(eps_g, x_star_norm));
}

Value pol_Lprime(double L, double eps_g, double x_star_norm) {
  static const Entry& e = entry("JKT.const.pol_Lprime");
  const double x[3] = {L, eps_g, x_star_norm};
  check_params(e, x);
  const dd q = dd{eps_g, 0} / dd{x_star_norm, 0}, s = dd{L, 0} + q;  // L + alpha ||x*|| = L + eps_g/||x*||
  if (normal(q.hi) && normal(to_double(s))) return plain(to_double(s));
  return to_value(lprime_xd(L, eps_g, x_star_norm));
}

Value pol_beta(double L, double eps_g, double x_star_norm, double T, double eps_p, double delta) {
  static const Entry& e = entry("JKT.noise.pol_beta");
  const double x[6] = {L, eps_g, x_star_norm, T, eps_p, delta};
  check_params(e, x);
  if (T != std::floor(T)) throw DomainError(e.id, "T", text17(T), "integers in " + e.params[3].domain.text());
  // beta = 2 sqrt2 L' ln T/(T eps_p) sqrt(ln(1/delta) + eps_p), JKT Alg 6 l.13
  // with the exponent kept apart throughout: a double-double chain had a subnormal intermediate (52 ulp at
  // beta = 1.3e-211)
  return to_value(pol_beta_xd(L, eps_g, x_star_norm, T, eps_p, delta));
}

Value pol_noise_norm(double d, double gamma, double L, double eps_g, double x_star_norm, double T, double eps_p,
                     double delta, PolNoiseWhich which) {
  static const Entry& e = entry("JKT.bound.pol_noise_norm");
  const double x[9] = {d, gamma, L, eps_g, x_star_norm, T, eps_p, delta, static_cast<double>(which)};
  check_params(e, x);
  check_integer(e, "d", d), check_integer(e, "T", T);
  const double lg = -std::log(gamma);  // ln(1/gamma) > 0
  if (which == PolNoiseWhich::tail) {  // P(||b|| > 3 sqrt(d) beta sqrt(ln(1/gamma))) = P(chi^2_d > 9 d ln(1/gamma))
    Value q = chi_square_tail(static_cast<int>(d), -log_dd(dd{gamma, 0}) * (4.5 * d));  // 4.5 d exact (d <= 2^20)
    if (q.status == Status::ok && q.value > 1) q.value = 1;  // a probability
    return q;
  }
  if (which == PolNoiseWhich::first) {  // JKT Eq (37): 3 sqrt(d) beta sqrt(ln(1/gamma))
    const Value beta = pol_beta(L, eps_g, x_star_norm, T, eps_p, delta);
    const Factor bf = beta.status == Status::ok ? Factor(beta.value) : Factor(pol_beta_xd(L, eps_g, x_star_norm, T, eps_p, delta));
    return product_of({3.0, std::sqrt(d), bf, std::sqrt(lg)});
  }
  // Eq (37), second: 12 sqrt(d) L' ln T/(T eps_p) sqrt(ln(1/gamma) ln(1/delta))
  pol_Lprime(L, eps_g, x_star_norm);
  return product_of({12.0, std::sqrt(d), lprime_xd(L, eps_g, x_star_norm), std::log(T), std::sqrt(lg), std::sqrt(-std::log(delta))},
                    {T, eps_p});
}

Value kt08_risk(double gamma, double T, double L, double eps_g, double x_star_norm, double R_A) {
  static const Entry& e = entry("JKT.bound.kt08_risk");
  const double x[6] = {gamma, T, L, eps_g, x_star_norm, R_A};
  check_params(e, x);
  check_integer(e, "T", T);
  // JKT Thm 11: alpha/2 ||x*||^2 + R/T + (4/T) sqrt(L'^2 R ln(4 ln T/gamma)/alpha) + max(16 L'^2/alpha, 6)
  // ln(4 ln T/gamma)/T, alpha = eps_g/||x*||^2 (so alpha/2 ||x*||^2 = eps_g/2), L' = L + alpha ||x*||
  const xd lp = lprime_xd(L, eps_g, x_star_norm), al = alpha_xd(eps_g, x_star_norm);
  const double ll = std::log(4 * std::log(T)) - std::log(gamma);  // > 0: 4 ln T >= 4 ln 2 > 1 > gamma
  Value sum = product_of({0.5, eps_g});
  if (R_A > 0) {
    sum = sum_same_sign(sum, product_of({R_A}, {T}));
    sum = sum_same_sign(sum, product_of({4.0, lp, std::sqrt(R_A), std::sqrt(ll)}, {T, xd_sqrt(al)}));
  }
  const xd m = xd_of(16.0) * lp * lp / al;
  const xd mf = to_double(xd_log(m)) > std::log(6.0) ? m : xd_of(6.0);
  return sum_same_sign(sum, product_of({mf, ll}, {T}));
}

Value pol_utility(double d, double gamma, double L, double eps_g, double x_star_norm, double T, double eps_p,
                  double delta, double C_const, PolUtilityWhich which) {
  static const Entry& e = entry("JKT.bound.pol_utility");
  const double x[10] = {d, gamma, L, eps_g, x_star_norm, T, eps_p, delta, C_const, static_cast<double>(which)};
  check_params(e, x);
  check_integer(e, "d", d), check_integer(e, "T", T);
  const xd lpf = lprime_xd(L, eps_g, x_star_norm);
  const double lnT = std::log(T), lg = -std::log(gamma), ld = -std::log(delta);
  const double llg = std::log(lnT) - std::log(gamma);  // ln(ln T/gamma): negative where ln T < gamma
  // the two terms of Thm 12's max (or, over T, of the proof's final display)
  const Value a1 = product_of({C_const, std::sqrt(d), L, lpf, std::sqrt(lg), std::sqrt(ld)}, {eps_g, eps_p});
  const Value a2 = llg == 0 ? Value{} : product_of({C_const, lpf, lpf, x_star_norm, x_star_norm, lnT, llg}, {eps_g, eps_g});
  if (which == PolUtilityWhich::condition) {  // JKT Thm 12: T >= C max(a1, a2)
    if (a2.sign <= 0) return a1;
    return a1.log_abs() >= a2.log_abs() ? a1 : a2;
  }
  // the proof's final display: eps_g/2 + C sqrt(d) L L' ln T sqrt(ln(1/gamma) ln(1/delta))/(eps_p T)
  // + C L'^2 ||x*||^2 ln T ln(ln T/gamma)/(eps_g T)
  // the three terms and their sum with the exponents kept apart (in doubles, eps_g/2 below the normal range entered
  // the sum by exp(ln): 23 ulp of a sum 1.9e-307); ln T < gamma makes the last term negative
  const xd b1 = xd_of(C_const) * xd_of(std::sqrt(d)) * xd_of(L) * lpf * xd_of(lnT) * xd_of(std::sqrt(lg)) *
                xd_of(std::sqrt(ld)) / (xd_of(eps_p) * xd_of(T));
  const xd b2 = xd_of(C_const) * lpf * lpf * xd_of(x_star_norm) * xd_of(x_star_norm) * xd_of(lnT) * xd_of(llg) /
                (xd_of(eps_g) * xd_of(T));
  return to_value(xd_scale2(xd_of(eps_g), -1) + b1 + b2);
}

Value cms11_sample(double x_star_norm, double delta, double eps_g, double eps_p, double d) {
  static const Entry& e = entry("JKT.bound.cms11_sample");
  const double x[5] = {x_star_norm, delta, eps_g, eps_p, d};
  check_params(e, x);
  check_integer(e, "d", d);
  // JKT Sec 4.2 (Thm 18 of [3] as quoted, constant 1): ||x*||^2 ln(1/delta)/eps_g^2 + d ||x*||/(eps_g eps_p)
  return sum_same_sign(product_of({x_star_norm, x_star_norm, -std::log(delta)}, {eps_g, eps_g}),
                       product_of({d, x_star_norm}, {eps_g, eps_p}));
}

namespace {
privoco::jkt::OcpConfig igd_config(privoco::jkt::OcpConfig c) {
  c.update = privoco::jkt::OcpUpdate::igd;
  if (c.T < 1) throw DomainError("JKT.alg.pol", "T", std::to_string(c.T), "integers >= 1 (data points)");
  c.T += 1;  // the OCP learner's horizon: T updates
  return c;
}
}  // namespace

PrivatePol::PrivatePol(privoco::jkt::OcpConfig c, double beta) : c_(c), beta_(beta), igd_(igd_config(c), 0.0) {
  if (!(beta >= 0) || !std::isfinite(beta)) throw DomainError("JKT.alg.pol", "beta", text17(beta), "[0, inf)");
  const std::size_t d = static_cast<std::size_t>(c_.d);
  hi_.assign(d, 0.0), lo_.assign(d, 0.0), avg_.assign(d, 0.0);
}

void PrivatePol::add(const double* g) {
  if (t_ >= c_.T) throw DomainError("JKT.alg.pol", "T", std::to_string(c_.T), "at least the number of rows");
  for (int j = 0; j < c_.d; ++j)
    if (!std::isfinite(g[j])) throw DomainError("JKT.alg.pol", "g_" + std::to_string(j + 1), text17(g[j]), "finite");
  // x_t enters the average (JKT Alg 6: x-bar = (1/T) sum_{t=1}^T x_t), then IGD's exact step (Alg 6 l.8, Eq (13))
  const std::vector<double>& x = igd_.state().x;
  for (int j = 0; j < c_.d; ++j) {
    const dd s = dd{hi_[j], lo_[j]} + dd{x[j], 0};
    hi_[j] = s.hi, lo_[j] = s.lo;
  }
  ++t_;
  igd_.update(g);
}

const std::vector<double>& PrivatePol::average() const {
  for (int j = 0; j < c_.d; ++j) avg_[j] = t_ ? to_double(dd{hi_[j], lo_[j]} / dd{static_cast<double>(t_), 0}) : 0.0;
  return avg_;
}

std::vector<double> PrivatePol::release() const {
  if (t_ < c_.T)
    throw DomainError("JKT.alg.pol", "rows", std::to_string(t_), "T = " + std::to_string(c_.T) + " rows before the release");
  std::vector<double> out = average();
  const Streams s(c_.seed);
  for (int j = 0; j < c_.d; ++j)  // JKT Alg 6 l.13: x-bar + b, b ~ N(0, beta^2 I)
    out[j] += beta_ * ocp_normal(s, privoco::jkt::DrawKind::noise, static_cast<std::uint64_t>(j), c_.T + 1);
  const double n = norm2(out.data(), c_.d);  // l.14: Pi_C
  if (n > c_.radius)
    for (double& v : out) v *= c_.radius / n;
  return out;
}

}  // namespace privoco::fast::jkt
