#include "privoco/fast/jkt/pocp.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/format.hpp"
#include "privoco/fast/jkt/igd_giga.hpp"
#include "privoco/fast/numerics/value_ops.hpp"
#include "chi_core.hpp"
#include "pocp_core.hpp"

namespace privoco::fast::jkt {

namespace {

void check_T(const Entry& e, double T) {
  if (T != std::floor(T)) throw DomainError(e.id, "T", text17(T), "integers in " + e.params[e.index_of("T")].domain.text());
}
// ln T^{0.5+c} (J3): (a) (ln T + ln ln(2/delta) - ln 2)/2; (b) (ln T - ln 2 ln(2/delta))/2
double ln_scale(double T, double delta, CParse parse) {
  const double l2d = kLn2Hi - std::log(delta);  // ln(2/delta) > ln 2: no cancellation
  return parse == CParse::ln_of_half_ln ? 0.5 * (std::log(T) + std::log(l2d) - kLn2Hi) : 0.5 * (std::log(T) - kLn2Hi * l2d);
}
dd scale_dd(double T, double delta, CParse parse) { return detail::scale_dd<false>(T, delta, static_cast<double>(parse)); }
}  // namespace

Value c_exponent(double T, double delta, CParse parse, CWhich which) {
  static const Entry& e = entry("JKT.const.c_exponent");
  const double x[4] = {T, delta, static_cast<double>(parse), static_cast<double>(which)};
  check_params(e, x);
  check_T(e, T);
  if (which == CWhich::scale) {
    const dd S = scale_dd(T, delta, parse);
    if (S.hi >= 0x1p-1022) {
      Value v;
      v.sign = 1;
      v.value = to_double(S);
      return v;
    }
    return value_from_log(ln_scale(T, delta, parse));
  }
  Value v;
  v.value = detail::c_value<false>(T, delta, static_cast<double>(parse));
  v.sign = v.value > 0 ? 1 : (v.value < 0 ? -1 : 0);
  return v;
}

Value eps1_per_step(double eps, double delta, double T, CParse parse) {
  static const Entry& e = entry("JKT.const.eps1_per_step");
  const double x[4] = {eps, delta, T, static_cast<double>(parse)};
  check_params(e, x);
  check_T(e, T);
  const dd S = scale_dd(T, delta, parse);
  const double se = std::sqrt(eps);
  if (S.hi >= 0x1p-1000 && se > 0x1p-1000) {
    Value v;
    v.value = to_double(dd{se, 0} / S);  // sqrt(eps) one rounding, the quotient in double-double
    v.sign = 1;
    if (v.value >= 0x1p-1022 && std::isfinite(v.value)) return v;
  }
  return value_from_log(0.5 * std::log(eps) - ln_scale(T, delta, parse));
}

Value pocp_beta(double lambda_A, double eps, double delta, double T, CParse parse) {
  static const Entry& e = entry("JKT.noise.pocp_beta");
  const double x[5] = {lambda_A, eps, delta, T, static_cast<double>(parse)};
  check_params(e, x);
  check_T(e, T);
  return to_value(pocp_beta_xd(lambda_A, eps, delta, T, parse));
}

xd pocp_beta_xd(double lambda_A, double eps, double delta, double T, CParse parse) {
  return detail::pocp_beta_xd<false>(lambda_A, eps, delta, T, static_cast<double>(parse));
}

}  // namespace privoco::fast::jkt

namespace privoco::fast::jkt {

Value chi_norm(double d, double s, ChiWhich which) {
  static const Entry& e = entry("JKT.noise.chi_norm");
  const double x[3] = {d, s, static_cast<double>(which)};
  check_params(e, x);
  if (d != std::floor(d)) throw DomainError(e.id, "d", text17(d), "integers in " + e.params[0].domain.text());
  // mean / s = sqrt2 R; variance / s^2 = d - 2 R^2; the printed variance / s^2 = d - s^2 (2 R^2)
  dd m2, vd;
  detail::chi_moments_dd<false>(d, &m2, &vd);
  const double m = to_double(sqrt_dd(m2)), v = to_double(vd), p = detail::chi_printed_p(m2, vd, s);
  if (which != ChiWhich::variance_printed || std::isfinite(p))  // (s^2 underflowed: 0 with sign 0)
    return to_value(detail::chi_norm_xd(s, static_cast<double>(which), m, v, p));
  Value out;
  out.sign = 1;
  const double ls = std::log(s);
  out.value = s * s * p;
  out.sign = out.value > 0 ? 1 : (out.value < 0 ? -1 : 0);
  if (!std::isfinite(out.value) || (out.value != 0 && std::fabs(out.value) < 0x1p-1022)) {
    // |s^2 d - s^4 m^2|: the larger term dominates outside the double range
    const double la = std::log(d) + 2 * ls, lb = 2 * std::log(m) + 4 * ls;
    return value_from_log(std::max(la, lb), la >= lb ? 1 : -1);
  }
  return out;
}

namespace {
// H_n = sum_{k<=n} 1/k in double-double (one rounding of the exact value: mpmath at 300 bits) for n = 0..64, as hi and
// lo (the sum of up to 64 double-double quotients it replaces cost a microsecond per point)
constexpr double kHarmonicHi[65] = {
    0x0.0p+0, 0x1.0000000000000p+0, 0x1.8000000000000p+0, 0x1.d555555555555p+0, 0x1.0aaaaaaaaaaabp+1,
    0x1.2444444444444p+1, 0x1.399999999999ap+1, 0x1.4be2be2be2be3p+1, 0x1.5be2be2be2be3p+1, 0x1.6a1ba1ba1ba1cp+1,
    0x1.76e86e86e86e8p+1, 0x1.828b574116fa3p+1, 0x1.8d3601ebc1a4dp+1, 0x1.970e9f759a426p+1, 0x1.a03331bebed4ap+1,
    0x1.a8bbba47475d3p+1, 0x1.b0bbba47475d3p+1, 0x1.b84341cecee4bp+1, 0x1.bf5fb395eb568p+1, 0x1.c61c554513c25p+1,
    0x1.cc82bbab7a28bp+1, 0x1.d29b1d31928a3p+1, 0x1.d86c918ea9d00p+1, 0x1.ddfd43a4ec986p+1, 0x1.e35298fa41edbp+1,
    0x1.e871514c2d72dp+1, 0x1.ed5da01119c1ap+1, 0x1.f21b4140820d7p+1, 0x1.f6ad8a6514569p+1, 0x1.fb1778bd5af58p+1,
    0x1.ff5bbd019f39cp+1, 0x1.01be62a1d7defp+2, 0x1.03be62a1d7defp+2, 0x1.05aedec0dfa0ep+2, 0x1.0790c0a2c182cp+2,
    0x1.0964dde495a00p+2, 0x1.0b2bfa565cbc7p+2, 0x1.0ce6c9e7a8d82p+2, 0x1.0e95f25372f31p+2, 0x1.103a0c95170d6p+2,
    0x1.11d3a62eb0a6fp+2, 0x1.13634247aa688p+2, 0x1.14e95aa93080ep+2, 0x1.1666609d48514p+2, 0x1.17dabdb48e22bp+2,
    0x1.1946d475fa397p+2, 0x1.1aab00fb8aeb9p+2, 0x1.1c07997e441c9p+2, 0x1.1d5ceed39971fp+2, 0x1.1eab4cde0c624p+2,
    0x1.1ff2faf287438p+2, 0x1.21343c33c884cp+2, 0x1.226f4fe503987p+2, 0x1.23a471b4b6500p+2, 0x1.24d3da0090630p+2,
    0x1.25fdbe132ea42p+2, 0x1.2722505c53367p+2, 0x1.2841c0a42f486p+2, 0x1.295c3c3a40f02p+2, 0x1.2a71ee2038429p+2,
    0x1.2b82ff314953ap+2, 0x1.2c8f964645214p+2, 0x1.2d97d856c9425p+2, 0x1.2e9be897cd529p+2, 0x1.2f9be897cd529p+2};
constexpr double kHarmonicLo[65] = {
    0x0.0p+0, 0x0.0p+0, 0x0.0p+0, 0x1.5555555555555p-54, -0x1.5555555555555p-53, 0x1.1111111111111p-53,
    -0x1.999999999999ap-53, -0x1.0750750750750p-53, -0x1.0750750750750p-53, -0x1.7917917917918p-53,
    0x1.ba1ba1ba1ba1cp-53, -0x1.8bb5d2a2fba41p-53, 0x1.1ef4d807af069p-53, -0x1.ab8f1608a65bep-55,
    0x1.de40ccc6fafb5p-53, 0x1.8bbba47475d30p-63, 0x1.8bbba47475d30p-63, 0x1.e244d0cafeff5p-53,
    -0x1.5a7af5b7923b9p-55, -0x1.cfe21bbebc232p-53, -0x1.b2441129144bfp-56, 0x1.4fcfdf60f5d80p-53,
    0x1.ace725326a352p-53, -0x1.05081c27466b5p-57, 0x1.4504d392e0eeap-53, 0x1.e6329ce851397p-54,
    -0x1.d1d30050c3b21p-53, 0x1.65d541bd49339p-54, 0x1.d77cea0336e2fp-53, -0x1.8ed134cd6eeabp-54,
    0x1.26a1daa9666eep-55, 0x1.1771f596c3bb9p-54, 0x1.1771f596c3bb9p-54, 0x1.9390fd58b437bp-54,
    0x1.bab96f9d4b0cdp-53, 0x1.52640843acd6ep-52, 0x1.c42b24b573f35p-52, 0x1.0270552427d7ap-52,
    0x1.a41f7d8ff1f29p-52, -0x1.f2d9f207077d0p-52, 0x1.ce31d17d7ba58p-54, 0x1.6a4acb3f0b41ap-54,
    0x1.7831966291d19p-53, 0x1.18f0195c9db9cp-53, 0x1.a3bdde22abf42p-52, 0x1.fec38e7db1a48p-52,
    -0x1.c2296cfe1809dp-54, 0x1.d81c4ef356060p-53, -0x1.be9c8330ffa7bp-52, -0x1.b177b803f4dc6p-53,
    0x1.12c942b6577d5p-52, 0x1.63199306a7cdap-52, 0x1.b1de7f556cb9fp-52, 0x1.6d660d286f304p-53,
    -0x1.a81d911fee54fp-52, 0x1.a1ce2ce0b8484p-53, -0x1.cbe8ae8cfe933p-53, 0x1.b6563202b990cp-53,
    -0x1.991c90323d9b7p-53, -0x1.30f9d9f57eb12p-53, -0x1.50e2a2d9ec513p-54, 0x1.2d97134bb1b5ep-53,
    -0x1.58b05551e5149p-52, -0x1.17ac4510e1045p-52, -0x1.17ac4510e1045p-52};
}  // namespace

dd harmonic_dd(double n) {
  if (n <= 64) {
    const int j = n < 1 ? 0 : static_cast<int>(n);
    return {kHarmonicHi[j], kHarmonicLo[j]};
  }
  // H_n = ln n + gamma + 1/(2n) - 1/(12n^2) + 1/(120n^4) - 1/(252n^6) + 1/(240n^8) - ..., error < 1/(132 n^10)
  static const dd kGamma{0x1.2788cfc6fb619p-1, -0x1.6cb90701fbfabp-58};
  const double y = 1 / (n * n);
  const double tail = y * (-1.0 / 12 + y * (1.0 / 120 + y * (-1.0 / 252 + y * (1.0 / 240))));
  return log_dd(dd{n, 0}) + kGamma + dd{1, 0} / dd{2 * n, 0} + dd{tail, 0};
}

Value pocp_noise_sum(double lambda_A, double eps, double delta, double T, double d, CParse parse, NoiseSumWhich which) {
  static const Entry& e = entry("JKT.bound.pocp_noise_sum");
  const double x[7] = {lambda_A, eps, delta, T, d, static_cast<double>(parse), static_cast<double>(which)};
  check_params(e, x);
  check_T(e, T);
  if (d != std::floor(d)) throw DomainError(e.id, "d", text17(d), "integers in " + e.params[4].domain.text());
  const double Ld = std::log(T) - std::log(delta);  // ln(T/delta) > 0: ln T >= ln 2, ln delta < 0
  // each line as a product of factors, each within an ulp or two (product_of: no intermediate leaves the range)
  if (which == NoiseSumWhich::line3)  // JKT Eq (12) l.3: 2 sqrt(d) lambda sqrt(T) ln^2(T/delta)/sqrt(eps)
    return product_of({2 * std::sqrt(d), lambda_A, std::sqrt(T), Ld, Ld}, {std::sqrt(eps)});
  const Value chi = chi_norm(d, 1, ChiWhich::mean);  // sqrt2 R(d)
  if (which == NoiseSumWhich::line2) {  // l.2, with R(d) = chi/sqrt2
    const double l2 = kLn2Hi - std::log(delta);
    // sqrt((2/eps) l2 (...)) as sqrt(2 l2 (...))/sqrt(eps): 2/eps overflowed for a subnormal eps (overflow status
    // where the bound is 1.2e113)
    const double w = std::sqrt(2 * l2 * (Ld + std::sqrt(eps) / std::sqrt(0.5 * T * l2)));
    return product_of({chi.value * 0.70710678118654752, lambda_A, std::sqrt(T), std::log(T), w}, {std::sqrt(eps)});
  }
  const Value beta = pocp_beta(lambda_A, eps, delta, T, parse);
  const double h = which == NoiseSumWhich::exact ? to_double(harmonic_dd(T - 1)) : std::log1p(T - 2);  // H_{T-1} or ln(T - 1)
  if (h == 0) return Value{};  // l.1 at T = 2: ln 1 = 0 (value 0, sign 0)
  if (beta.status != Status::ok) return product_of({chi.value, pocp_beta_xd(lambda_A, eps, delta, T, parse), h});
  return product_of({chi.value, beta.value, h});
}

Value delta_typical(double T) {
  static const Entry& e = entry("JKT.const.delta_typical");
  check_params(e, &T);
  if (T != std::floor(T)) throw DomainError(e.id, "T", text17(T), "integers in " + e.params[0].domain.text());
  return value_from_log(-T);  // ln delta = -T exactly; exp rounds once
}

namespace {
// JKT Thm 2 (gamma = 1) and Cor 1: 2 sqrt(d) L (lambda_A + ||C||) sqrt(T) ln^2(T/delta)/sqrt(eps gamma) + R_A
Value pocp_regret_bound(const Entry& e, const double* x, double gamma) {
  const double lambda = x[0], L = x[1], r = x[2], eps = x[4], delta = x[5], T = x[6], d = x[7], RA = x[8];
  check_T(e, T);
  check_integer(e, "d", d);
  const xd C = detail::c_norm_xd(r, x[3]);  // J5
  const double Ld = std::log(T) - std::log(delta);
  const xd w = xd_of(lambda) + C;
  const Value first = product_of({2.0, std::sqrt(d), L, w, std::sqrt(T), Ld, Ld}, {std::sqrt(eps), std::sqrt(gamma)});
  Value ra;
  ra.value = RA, ra.sign = RA > 0 ? 1 : 0;
  if (std::isinf(RA)) ra.status = Status::overflow, ra.log_abs_out = INFINITY;
  return sum_same_sign(first, ra);
}
}  // namespace

Value pocp_expected(double lambda_A, double L, double radius, CNorm cn, double eps, double delta, double T, double d,
                    double R_A) {
  static const Entry& e = entry("JKT.bound.pocp_expected");
  const double x[9] = {lambda_A, L, radius, static_cast<double>(cn), eps, delta, T, d, R_A};
  check_params(e, x);
  return pocp_regret_bound(e, x, 1);
}

Value pocp_hp(double lambda_A, double L, double radius, CNorm cn, double eps, double delta, double T, double d,
              double R_A, double gamma) {
  static const Entry& e = entry("JKT.bound.pocp_hp");
  const double x[10] = {lambda_A, L, radius, static_cast<double>(cn), eps, delta, T, d, R_A, gamma};
  check_params(e, x);
  return pocp_regret_bound(e, x, gamma);
}

}  // namespace privoco::fast::jkt
