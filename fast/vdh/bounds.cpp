// VDH regret bounds in double, in log space where the terms could leave the double range.
#include "bounds.hpp"

#include <algorithm>
#include <initializer_list>
#include <cmath>

#include "../numerics/lambertw.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/dd.hpp"

namespace privoco::fast::vdh {

Value bound_thm1(double u, double V, double b, double G) {
  static const Entry& e = entry("VDH.bound.thm1");
  const double x[4] = {u, V, b, G};
  check_params(e, x);
  Value out;
  out.sign = 1;
  if (u == 0) {  // |u| max{...} -> 0
    out.value = 1;
    return out;
  }
  static const double kLnSqrt5PiOver4 = 0.5 * std::log(5 * M_PI) - 2 * std::log(2.0);  // ln(sqrt(5 pi)/4)
  constexpr double kLnSqrtPi = 0.57236494292470008707;     // ln(sqrt(pi))
  const double au = std::fabs(u), B = b + V;
  // ln B from the halves where b + V passes DBL_MAX (ln inf made the bound an overflow where it is 1)
  const double lnB = std::isfinite(B) ? std::log(B) : std::log(0.5 * b + 0.5 * V) + 0.69314718055994530942;
  const double lnb = std::log(b), lnau = std::log(au);
  // t1 = 11G (ln(11G|u|) - 1 + ln(sqrt5 G sqrt(pi)/(4 sqrt b)))                VDH Thm 1 first term = (3.7.2)
  // (11G past DBL_MAX: ln(11G) from the sum of logs, ln t1 from the bracket; it was inf, 7.1e620 at G = DBL_MAX)
  const double ln11G = std::isfinite(11 * G) ? std::log(11 * G) : std::log(11.0) + std::log(G);
  const double br = (ln11G + lnau) - 1 + (kLnSqrt5PiOver4 + std::log(G) - 0.5 * lnb);
  const double t1 = 11 * G * br;
  // t2 = sqrt(8 B ln(1 + 16 u^2 B^{3/2} sqrt(pi)/sqrt(b)))                       VDH Thm 1 second term
  const double ln_arg = std::log(16.0) + 2 * lnau + 1.5 * lnB + kLnSqrtPi - 0.5 * lnb;  // ln of the log's argument
  const double l = ln_arg < 700 ? std::log1p(std::exp(ln_arg)) : ln_arg + std::log1p(std::exp(-ln_arg));
  // ln t2 = (ln 8 + ln B + ln l)/2, kept in logs: B up to DBL_MAX makes 8 B l overflow
  const double ln_t2 = 0.5 * (std::log(8.0) + lnB + std::log(l));
  const double ln_t1 = br > 0 ? (std::isfinite(t1) ? std::log(t1) : ln11G + std::log(br)) : -INFINITY;
  const double ln_m = std::max(ln_t1, ln_t2);  // t2 > 0 always, so max{t1, t2} > 0
  const double ln_um = lnau + ln_m;            // ln(|u| max{...})
  if (ln_um > 709.7) {
    out.value = INFINITY;
    out.status = Status::overflow;
    out.log_abs_out = ln_um + std::log1p(std::exp(-ln_um));
    return out;
  }
  // within range: the direct products (exp of a logarithm near 10 would cost ~10 ulp)
  const double arg = 16 * au * au * B * std::sqrt(B) * (1.7724538509055160273 / std::sqrt(b));
  const double t2 = std::isfinite(arg) && std::isfinite(8 * B * std::log1p(arg)) ? std::sqrt(8 * B * std::log1p(arg))
                                                                               : std::exp(ln_t2);
  // |u| t1 with 11G past DBL_MAX but |u| G not: the product in the other order (t1 itself is inf)
  const double um = ln_t1 > ln_t2 ? (std::isfinite(t1) ? au * t1 : 11 * (G * au) * br) : au * t2;
  out.value = 1 + um;
  return out;
}

// VDH Thm 2 (000) = Thm 11 (002): Theorem 1 per coordinate, summed.
Value bound_thm2(const double* u, const double* V, const double* b, int d, double G) {
  if (d < 1) throw ParamError("VDH.bound.thm2", "d", std::to_string(d) + " coordinates (at least 1)");
  Value out;
  out.sign = 1;
  out.value = 0;
  double ls = -INFINITY;  // ln of the sum, accumulated in log space for the overflow case (terms are >= 1)
  bool over = false;
  for (int j = 0; j < d; ++j) {
    const Value t = bound_thm1(u[j], V[j], b[j], G);
    over |= t.status == Status::overflow;
    if (!over) out.value += t.value;
    const double l = t.log_abs();
    ls = ls == -INFINITY || std::isinf(l) ? std::max(ls, l) : std::max(ls, l) + std::log1p(std::exp(-std::fabs(ls - l)));
  }
  if (over || !std::isfinite(out.value)) {
    out.value = INFINITY;
    out.status = Status::overflow;
    out.log_abs_out = ls;
  }
  return out;
}

namespace {
// reading: 'a' (A9(a), as printed), 'b' (A9(b), the third term as the proof prints it), 'c' (A9(c), the proof's first
// case redone: both halves of the prior and eps <= 1/(5G) kept; ERRATA.md E2)
Value thm12(double u, double V, double G, char reading) {
  static const Entry& e = entry("VDH.bound.thm12");
  const double x[3] = {u, V, G};
  check_params(e, x);
  constexpr double kLn2 = 0.69314718055994530942;
  Value out;
  out.sign = 1;
  const double sv = std::sqrt(2.0) * std::sqrt(V);  // sqrt(2V) without overflow of 2V
  // A9(c)'s logarithm 2 ln(1 + 2 sqrt(2V)/(5G)) (the ratio may overflow for tiny G: then in logs)
  const double r5 = 2 * sv / (5 * G);
  const double lc = 2 * (std::isfinite(r5) ? std::log1p(r5) : std::log(2 * sv) - std::log(5 * G));
  const double third_log = reading == 'c' ? lc : std::log1p(2 * sv);
  if (u == 0) {  // A9(a): max{0, ln 2, 0}; A9(b), A9(c): max{0, ln 2, 1 + the logarithm}
    out.value = reading == 'a' ? kLn2 : 1 + third_log;
    return out;
  }
  const double au = std::fabs(u);
  // logs of the three terms (all > 0 except the second, which may be negative: it is then not the max)
  const double ln_arg1 = std::log(8.0) + 2 * std::log(au) + std::log(V);  // ln(8 u^2 V), -inf at V = 0
  const double l1 = ln_arg1 < 700 ? std::log1p(std::exp(ln_arg1)) : ln_arg1 + std::log1p(std::exp(-ln_arg1));
  const double ln_a = std::log(au) + 0.5 * (std::log(8.0) + std::log(V)) + std::log1p(std::sqrt(l1));
  const double c_direct = reading != 'a' ? au * sv + 1 + third_log : au * (sv + 1 + third_log);
  const double ln_c = std::isfinite(c_direct) ? std::log(c_direct) : std::log(au) + std::log(sv + 1 + third_log);
  const double k = 11 * G * au;  // may overflow for huge u G
  double bterm = -INFINITY, ln_b = -INFINITY;
  if (std::isfinite(k)) {
    // k (ln(k ln 2) - 1) + ln 2 crosses zero (k ~ 0.5 and ~3.1): in double-double, one rounding at the end
    // (67 ulp at u = 0.035, G = 8.3 in double)
    const dd ln2{0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56};
    const dd kd = (dd{11, 0} * G) * au;
    bterm = to_double(kd * (log_dd(kd * ln2) - dd{1, 0}) + ln2);
    if (bterm > 0) ln_b = std::log(bterm);
  } else {
    ln_b = std::log(11 * G) + std::log(au) + std::log(std::log(11 * G) + std::log(au) + std::log(kLn2) - 1);
  }
  const double ln_m = std::max({ln_a, ln_b, ln_c});
  if (ln_m > 709.7) {
    out.value = INFINITY;
    out.status = Status::overflow;
    out.log_abs_out = ln_m;
    return out;
  }
  // in range: the winning term directly (exp of its logarithm would cost ulps)
  if (ln_m == ln_b && std::isfinite(bterm)) {
    out.value = bterm;
  } else if (ln_m == ln_c) {
    out.value = c_direct;
  } else {
    out.value = au * std::sqrt(8.0) * std::sqrt(V) * (std::sqrt(std::log1p(8 * au * au * V)) + 1);
  }
  if (!std::isfinite(out.value) || out.value < kLn2 * 0.5) out.value = std::exp(ln_m);  // products past range
  return out;
}
}  // namespace

Value bound_thm12(double u, double V, double G) { return thm12(u, V, G, 'a'); }
Value bound_thm12_a9b(double u, double V, double G) { return thm12(u, V, G, 'b'); }
Value bound_thm12_a9c(double u, double V, double G) { return thm12(u, V, G, 'c'); }

Value conj_exp_linear(double A, double c, double K, double u) {
  static const Entry& e = entry("VDH.conj.exp_linear");
  const double x[4] = {A, c, K, u};
  check_params(e, x);
  // (u/c)(ln u - ln A - ln c - 1) + K: logs separately (u/(Ac) may overflow); the bracket and the sum with K
  // can cancel, so both in double-double
  const dd l = log_dd(dd{u, 0}) - log_dd(dd{A, 0}) - log_dd(dd{c, 0}) - dd{1, 0};
  // u, |K| or u/c near DBL_MAX: everything times 2^-k (exact), so that neither the quotient u/c, its product q c nor
  // the sum overflows on the way (inf where the value is 1e75; u/c = 5e308 with the value 4.2e307 a normal double)
  const int lq = u > 0 ? std::ilogb(u) - std::ilogb(c) : 0;  // u/c within a factor 2 of 2^lq
  const bool big = u > 0x1p1000 || std::fabs(K) > 0x1p1000 || lq > 1000;
  const double s = big ? std::ldexp(1.0, -std::min(1000, std::max(64, lq - 1000 + 64))) : 1;
  const dd q = dd{u * s, 0} / dd{c, 0};
  const dd r = q * l + dd{K * s, 0};
  Value out;
  const double rs = to_double(r);
  out.value = rs / s;
  out.sign = out.value > 0 ? 1 : (out.value < 0 ? -1 : 0);
  if (std::isfinite(rs) && !std::isfinite(out.value)) {  // the value past DBL_MAX, its scaled form within
    out.status = Status::overflow;
    out.log_abs_out = std::log(std::fabs(rs)) - std::log(s);
  } else if (!std::isfinite(out.value)) {  // u/c beyond double range (the dd product then gives inf + NaN: value set here)
    out.status = Status::overflow;
    out.log_abs_out = std::log(u) - std::log(c) + std::log(std::fabs(l.hi));
    out.sign = l.hi > 0 ? 1 : -1;
    out.value = out.sign * INFINITY;
  }
  return out;
}

Value bound_thm1_corrected(double u, double V, double b, double G) {
  static const Entry& e = entry("VDH.bound.thm1_corrected");
  const double x[4] = {u, V, b, G};
  check_params(e, x);
  const double au = std::fabs(u), B = b + V, C = 1 / (5 * G);
  const double Z = std::sqrt(M_PI / b) * std::erf(C * std::sqrt(b));
  // b + V past DBL_MAX: sqrt(B) and ln B from the halves (0 * sqrt(inf) was NaN at u = 0)
  const double s2B = std::isfinite(B) ? std::sqrt(2.0) * std::sqrt(B) : 2 * std::sqrt(0.5 * b + 0.5 * V),
               lnB = std::isfinite(B) ? std::log(B) : std::log(0.5 * b + 0.5 * V) + std::log(2.0);
  const double r0 = au * s2B + 1;                                   // |L| <= sqrt(2B)
  // Lemma 11 case 1's lower bound's conjugate (E7, E8): sqrt(2Hw) - sqrt(2H/w) + 1, H = u^2 B, w = W(4e H B Z^2)
  double r1 = 1;
  if (au > 0) {
    const double lnx = std::log(4 * M_E) + 2 * std::log(au) + 2 * lnB + 2 * std::log(Z);  // no overflow
    const double w = numerics::lambertw_of_log(lnx), H = au * au * B;
    r1 = std::sqrt(2 * H * w) - std::sqrt(2 * H / w) + 1;
    if (!std::isfinite(r1)) r1 = au * std::sqrt(2 * B * w) + 1;  // H beyond doubles: the first term dominates
  }
  double r2 = 1;                                                    // Lemma 11 case 2 at the proof's eta
  if (au > 0) {
    // (|u|/c)(ln(|u|/c) - 1 + ln(Z/nu)) + 1: the bracket can cancel, so the logarithms in double-double
    const dd k = dd{au, 0} * (dd{100, 0} * G / dd{7 - std::sqrt(5.0), 0});
    const dd nu = dd{5 + std::sqrt(5.0), 0} / (dd{50, 0} * G);
    const dd br = log_dd(k) - dd{1, 0} + log_dd(dd{Z, 0} / nu);
    r2 = to_double(k * br + dd{1, 0});
  }
  Value out;
  out.value = std::max({r0, r1, r2});
  out.sign = 1;
  if (!std::isfinite(out.value)) {
    out.status = Status::overflow;
    out.log_abs_out = INFINITY;
  }
  return out;
}

}  // namespace privoco::fast::vdh
