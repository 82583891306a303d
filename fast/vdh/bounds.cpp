// VDH regret bounds in double, in log space where the terms could leave the double range.
#include "bounds.hpp"

#include <algorithm>
#include <initializer_list>
#include <cfloat>
#include <cmath>

#include "../numerics/lambertw.hpp"
#include "../numerics/vec_math.hpp"
#include "../numerics/xd_batch.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/xd.hpp"

namespace privoco::fast::vdh {

namespace {
// Theorem 1's two logarithms' arguments, with the exponent kept apart (B = b + V as an xd: it may pass DBL_MAX):
// X = 11 G^2 |u| sqrt5 sqrt(pi)/(4 sqrt b), whose ln less 1 is t1's bracket; 16 u^2 B^{3/2} sqrt(pi)/sqrt(b), t2's
// (the constants 11 sqrt5 sqrt(pi)/4 and 16 sqrt(pi) in double-double, mpmath at 300 bits)
PRIVOCO_DD_INLINE xd thm1_X(double au, double b, double G) {
  constexpr dd c{0x1.5cc5d65d4171fp+3, 0x1.c8975447a4ed5p-52};
  return xd_of(G) * xd_of(G) * xd_of(au) / xd_sqrt(xd_of(b)) * xd_of(c);
}
PRIVOCO_DD_INLINE xd thm1_t2_arg(double au, xd B, double b) {
  constexpr dd c{0x1.c5bf891b4ef6bp+4, -0x1.618f13eb7ca89p-50};
  return xd_of(au) * xd_of(au) * B * xd_sqrt(B / xd_of(b)) * xd_of(c);
}

// x as a double where that is a normal one (to_value's value there), ok cleared elsewhere; no branch
PRIVOCO_DD_INLINE double normal_value(xd x, bool& ok) {
  const double v = xd_to_double_clamped(x);
  ok &= (std::fabs(v) >= 0x1p-1022) & (std::fabs(v) <= DBL_MAX);
  return v;
}

// VDH Thm 1 (= (3.7.2)) where every step is a normal double: 1 + |u| max{t1, t2} with the terms as bound_thm1 forms
// them below, the larger taken directly (bound_thm1's logarithms of the terms are needed only outside this range);
// ok cleared where a step leaves it (u = 0, b + V or 11G or a term or the value past DBL_MAX, l or 8Bl tiny)
template <bool kSelect>
PRIVOCO_DD_INLINE double thm1_direct(double u, double V, double b, double G, bool& ok) {
  const double au = std::fabs(u), B = b + V, G11 = 11 * G;
  // t1 = 11G (ln(11G|u|) - 1 + ln(sqrt5 G sqrt(pi)/(4 sqrt b)))                VDH Thm 1 first term
  const double t1 = G11 * to_double(xd_log(thm1_X(au, b, G)) - dd{1, 0});
  // t2 = sqrt(8 B ln(1 + 16 u^2 B^{3/2} sqrt(pi)/sqrt(b)))                       VDH Thm 1 second term
  const xd argx = thm1_t2_arg(au, xd_of(B), b);
  const double l = normal_value(kSelect ? xd_log1p_select(argx) : xd_log1p(argx), ok);
  const double s = 8 * B * l, t2 = std::sqrt(s);
  const double v = 1 + au * (t1 > t2 ? t1 : t2);
  ok &= (au > 0) & (B <= DBL_MAX) & (G11 <= DBL_MAX) & (std::fabs(t1) <= DBL_MAX) & (s <= DBL_MAX) &
        (s >= 0x1p-900) & (v <= DBL_MAX);
  return v;
}
}  // namespace

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
  {
    bool ok = true;
    const double v = thm1_direct<false>(u, V, b, G, ok);
    if (ok) {
      out.value = v;
      return out;
    }
  }
  const double au = std::fabs(u), B = b + V;
  // ln B from the halves where b + V passes DBL_MAX (ln inf made the bound an overflow where it is 1)
  const double lnB = std::isfinite(B) ? std::log(B) : std::log(0.5 * b + 0.5 * V) + kLn2Hi;
  const double lnau = std::log(au);
  // t1 = 11G (ln(11G|u|) - 1 + ln(sqrt5 G sqrt(pi)/(4 sqrt b)))                VDH Thm 1 first term = (3.7.2)
  // (11G past DBL_MAX: ln(11G) from the sum of logs, ln t1 from the bracket; it was inf, 7.1e620 at G = DBL_MAX)
  // (the bracket as ln of one product in xd, less 1: from separate logarithms ln G - (ln b)/2 cancelled, 31.5 ulp at
  // G = 1.6e149, b = 1.1e298)
  const double ln11G = std::isfinite(11 * G) ? std::log(11 * G) : std::log(11.0) + std::log(G);
  const double br = to_double(xd_log(thm1_X(au, b, G)) - dd{1, 0});
  const double t1 = 11 * G * br;
  // t2 = sqrt(8 B ln(1 + 16 u^2 B^{3/2} sqrt(pi)/sqrt(b)))                       VDH Thm 1 second term
  // the log's argument with its exponent kept apart, l = ln(1 + arg) from it (from ln arg, l lost 41 ulp where B^{3/2}
  // overflowed and arg was near 1)
  const xd Bx = std::isfinite(B) ? xd_of(B) : xd_scale2(xd_of(0.5 * b + 0.5 * V), 1);
  const double l = to_value(xd_log1p(thm1_t2_arg(au, Bx, b))).value;
  // ln t2 = (ln 8 + ln B + ln l)/2, kept in logs: B up to DBL_MAX makes 8 B l overflow
  const double ln_t2 = 0.5 * (std::log(8.0) + lnB + std::log(l));
  const double ln_t1 = br > 0 ? (std::isfinite(t1) ? std::log(t1) : ln11G + std::log(br)) : -INFINITY;
  const double ln_m = std::max(ln_t1, ln_t2);  // t2 > 0 always, so max{t1, t2} > 0
  const double ln_um = lnau + ln_m;            // ln(|u| max{...})
  // past e^710 certainly beyond DBL_MAX (e^709.78); between e^709.7 and DBL_MAX the direct value below is still a
  // double (the threshold 709.7 called 1.7485e308 an overflow)
  auto overflow = [&] {
    out.value = INFINITY;
    out.status = Status::overflow;
    out.log_abs_out = ln_um + std::log1p(std::exp(-ln_um));
    return out;
  };
  if (ln_um > 710) return overflow();
  // within range: the direct products (exp of a logarithm near 10 would cost ~10 ulp; past the range of the
  // log's argument, t2 = sqrt(8) sqrt(B) sqrt(l) from l itself: exp(ln t2) lost 147 ulp at t2 = 5e123)
  // (l from the argument with its exponent apart: 16 u^2 in double underflowed to 0 at u = 7.8e-169, so t2 = 0 and
  // the bound 1 where it is 1 + 6.2e-14)
  const double sB = std::isfinite(B) ? std::sqrt(B) : std::sqrt(2.0) * std::sqrt(0.5 * b + 0.5 * V);
  // (8 B l below the normal range, B subnormal: its rounding was 2e-9 of t2; there sqrt B apart)
  const double t2 = std::isfinite(8 * B * l) && 8 * B * l >= 0x1p-900 ? std::sqrt(8 * B * l)
                                                                       : 2 * std::sqrt(2.0) * sB * std::sqrt(l);
  // |u| t1 with 11G past DBL_MAX but |u| G not: the product in the other order (t1 itself is inf)
  const double um = ln_t1 > ln_t2 ? (std::isfinite(t1) ? au * t1 : 11 * (G * au) * br) : au * t2;
  out.value = 1 + um;
  if (!std::isfinite(out.value)) return overflow();
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
// Theorem 12's second term k (ln(k ln 2) - 1) + ln 2, k = 11 G |u|: it crosses zero (k ~ 0.5 and ~3.1), so in
// double-double with one rounding at the end (67 ulp at u = 0.035, G = 8.3 in double), with k's exponent kept apart
// (11G |u| may overflow: from logarithms the term lost 611 ulp at G = DBL_MAX)
PRIVOCO_DD_INLINE xd thm12_b(double au, double G) {
  const xd k = xd_of(11.0) * xd_of(G) * xd_of(au);
  return k * xd_of(xd_log(k) + log_dd(kLn2dd) - dd{1, 0}) + xd_of(kLn2dd);
}
// VDH Thm 12 (3.8.2) where its terms are normal doubles: the largest of the three taken directly (thm12 compares
// their logarithms only outside this range); sv = sqrt(2V), third_log the third term's logarithm by the reading
// (libm's, formed by the caller), in_sum: the third term is |u| sqrt(2V) + 1 + third_log (A9(b), A9(c)) rather than
// |u| (sqrt(2V) + 1 + third_log) (A9(a)). ok cleared where a term or the value leaves the normal range, or u = 0.
template <bool kSelect>
PRIVOCO_DD_INLINE double thm12_direct(double u, double V, double G, double sv, double third_log, bool in_sum,
                                      bool& ok) {
  const double au = std::fabs(u);
  // |u| sqrt(8V) (sqrt(ln(1 + 8 u^2 V)) + 1), the logarithm of the argument with its exponent apart (l1 below the
  // normal range leaves sqrt(l1) + 1 = 1, however it is rounded)
  const xd q = xd_of(8.0) * xd_of(au) * xd_of(au) * xd_of(V), lq = kSelect ? xd_log1p_select(q) : xd_log1p(q);
  const double l1 = xd_to_double_clamped(lq);
  const double a = au * std::sqrt(8.0) * std::sqrt(V) * (std::sqrt(l1) + 1);
  const xd bx = thm12_b(au, G);
  const double bv = xd_to_double_clamped(bx);
  const double c = in_sum ? au * sv + 1 + third_log : au * (sv + 1 + third_log);
  // (v bounds all three: a, c and bv are never NaN; a comparison of bv itself, which is a select with the constant
  // ln 2 inside xd's sum, became a select of flags that kept GCC from vectorising the loop)
  const double ac = a > c ? a : c, v = bv > ac ? bv : ac;
  ok &= (au > 0) & (v <= DBL_MAX) & (v >= 0x1p-1022);
  return v;
}

// reading: 'a' (A9(a), as printed), 'b' (A9(b), the third term as the proof prints it), 'c' (A9(c), the proof's first
// case redone: both halves of the prior and eps <= 1/(5G) kept; ERRATA.md E2)
Value thm12(double u, double V, double G, char reading) {
  static const Entry& e = entry("VDH.bound.thm12");
  const double x[3] = {u, V, G};
  check_params(e, x);
  Value out;
  out.sign = 1;
  const double sv = std::sqrt(2.0) * std::sqrt(V);  // sqrt(2V) without overflow of 2V
  // A9(c)'s logarithm 2 ln(1 + 2 sqrt(2V)/(5G)) (the ratio may overflow for tiny G: then in logs)
  const double r5 = 2 * sv / (5 * G);
  const double lc = 2 * (std::isfinite(r5) ? std::log1p(r5) : std::log(2 * sv) - std::log(5 * G));
  const double third_log = reading == 'c' ? lc : std::log1p(2 * sv);
  if (u == 0) {  // A9(a): max{0, ln 2, 0}; A9(b), A9(c): max{0, ln 2, 1 + the logarithm}
    out.value = reading == 'a' ? kLn2Hi : 1 + third_log;
    return out;
  }
  {
    bool ok = true;
    const double v = thm12_direct<false>(u, V, G, sv, third_log, reading != 'a', ok);
    if (ok) {
      out.value = v;
      return out;
    }
  }
  const double au = std::fabs(u);
  // logs of the three terms (all > 0 except the second, which may be negative: it is then not the max)
  // l1 = ln(1 + 8 u^2 V) from the argument with its exponent apart (from ln(8 u^2 V) = ln 8 + 2 ln|u| + ln V the
  // logarithms' roundings, up to 1e-13 where they cancel, cost 69 ulp at u = 5e-138, V = 4.8e273)
  const double l1 = to_value(xd_log1p(xd_of(8.0) * xd_of(au) * xd_of(au) * xd_of(V))).value;
  const double ln_a = std::log(au) + 0.5 * (std::log(8.0) + std::log(V)) + std::log1p(std::sqrt(l1));
  const double c_direct = reading != 'a' ? au * sv + 1 + third_log : au * (sv + 1 + third_log);
  const double ln_c = std::isfinite(c_direct) ? std::log(c_direct) : std::log(au) + std::log(sv + 1 + third_log);
  double bterm = -INFINITY, ln_b = -INFINITY;
  const xd bx = thm12_b(au, G);
  {
    if (bx.m.hi > 0) {
      ln_b = to_double(xd_log(bx));
      const Value bv = to_value(bx);
      if (bv.status == Status::ok) bterm = bv.value;
    }
  }
  const double ln_m = std::max({ln_a, ln_b, ln_c});
  auto overflow = [&] {
    out.value = INFINITY;
    out.status = Status::overflow;
    out.log_abs_out = ln_m;
    return out;
  };
  if (ln_m > 710) return overflow();  // certainly beyond DBL_MAX (e^709.78); below, the direct value decides
  // in range: the winning term directly (exp of its logarithm would cost ulps)
  if (ln_m == ln_b) {  // (bterm is not a double where it passes DBL_MAX: then so does the max, e^709.96 at k = 3e305)
    if (!std::isfinite(bterm) && ln_b > 0) return overflow();
    out.value = bterm;  // (-inf where it is below the normal range: from its logarithm below)
  } else if (ln_m == ln_c) {
    out.value = c_direct;
  } else {
    out.value = au * std::sqrt(8.0) * std::sqrt(V) * (std::sqrt(l1) + 1);  // (8u^2 V may overflow: 272 ulp from logs)
  }
  // products past the range: the winning term with its exponent kept apart (from the logarithm, exp(ln_m) came out
  // 226 ulp below a value just past DBL_MAX, and below ln 2/2 it cost 25-125 ulp of values the products held)
  if (!std::isfinite(out.value) || out.value < DBL_MIN) {
    const xd term = ln_m == ln_b   ? bx
                    : ln_m == ln_c ? (reading != 'a' ? xd_of(au) * xd_of(sv) + xd_of(1 + third_log)
                                                     : xd_of(au) * xd_of(sv + 1 + third_log))
                                   : xd_of(au) * xd_of(std::sqrt(8.0)) * xd_of(std::sqrt(V)) * xd_of(std::sqrt(l1) + 1);
    const Value v = to_value(term);
    out.value = v.value, out.status = v.status, out.log_abs_out = v.log_abs_out;
  }
  return out;
}
}  // namespace

Value bound_thm12(double u, double V, double G) { return thm12(u, V, G, 'a'); }
Value bound_thm12_a9b(double u, double V, double G) { return thm12(u, V, G, 'b'); }
Value bound_thm12_a9c(double u, double V, double G) { return thm12(u, V, G, 'c'); }

namespace {
// (u/c)(ln u - ln A - ln c - 1) + K (VDH Lemma 11 case 2's conjugate, after (3.8.4)): the logarithms separately and the
// bracket in double-double (u/(Ac) may overflow, and the bracket and the sum with K can cancel), u/c and the rest with
// the exponent kept apart (u/c or the value past DBL_MAX or below the normal range), one rounding. Branch-free: the
// scalar function and the batch kernel run it alike.
PRIVOCO_DD_INLINE xd conj_exp_linear_xd(double A, double c, double K, double u) {
  const dd l = log_dd(dd{u, 0}) - log_dd(dd{A, 0}) - log_dd(dd{c, 0}) - dd{1, 0};
  return xd_of(u) / xd_of(c) * xd_of(l) + xd_of(K);
}
Value conj_exp_linear_flat(const double* p) {
  static const Entry& e = entry("VDH.conj.exp_linear");
  check_params(e, p);
  return to_value(conj_exp_linear_xd(p[0], p[1], p[2], p[3]));
}
using numerics::XdBlock;
PRIVOCO_KERNEL_INLINE void exp_linear_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) b.set(i, conj_exp_linear_xd(b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i]));
}
PRIVOCO_VARIANTS(isa, void, exp_linear_kernel, (XdBlock& b, int k), (b, k))
// Theorem 1 {u, V, b, G} where thm1_direct holds; elsewhere bound_thm1 (its logarithms)
PRIVOCO_KERNEL_INLINE void thm1_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) {
    bool ok = true;
    const double v = thm1_direct<true>(b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], ok);
    b.scalar[i] = !ok;
    b.set(i, xd_of(ok ? v : 1.0));
  }
}
PRIVOCO_VARIANTS(isa, void, thm1_kernel, (XdBlock& b, int k), (b, k))
// Theorem 12 as printed (A9(a)) {u, V, G} where thm12_direct holds: a first loop forms sqrt(2V) and libm's
// ln(1 + 2 sqrt(2V)) as thm12 does (into columns 3 and 4); elsewhere thm12 (its logarithms)
PRIVOCO_KERNEL_INLINE void thm12_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) {
    b.in[3][i] = std::sqrt(2.0) * std::sqrt(b.in[1][i]);
    b.in[4][i] = std::log1p(2 * b.in[3][i]);
  }
  for (int i = 0; i < k; ++i) {
    bool ok = true;
    const double v = thm12_direct<true>(b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], b.in[4][i], false, ok);
    b.scalar[i] = !ok;
    b.set(i, xd_of(ok ? v : 1.0));
  }
}
PRIVOCO_VARIANTS(isa, void, thm12_kernel, (XdBlock& b, int k), (b, k))
Value bound_thm12_flat(const double* p) { return bound_thm12(p[0], p[1], p[2]); }
Value bound_thm1_flat(const double* p) { return bound_thm1(p[0], p[1], p[2], p[3]); }
}  // namespace

Value conj_exp_linear(double A, double c, double K, double u) {
  const double p[4] = {A, c, K, u};
  return conj_exp_linear_flat(p);
}
// the batch path: the same inline form in a vectorised loop (fast/numerics/xd_batch.hpp), the same bits
void conj_exp_linear_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("VDH.conj.exp_linear"), conj_exp_linear_flat, exp_linear_kernel};
  numerics::xd_batch(how, cols, out, n);
}

void bound_thm1_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("VDH.bound.thm1"), bound_thm1_flat, thm1_kernel};
  numerics::xd_batch(how, cols, out, n);
}

void bound_thm12_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("VDH.bound.thm12"), bound_thm12_flat, thm12_kernel};
  numerics::xd_batch(how, cols, out, n);
}

namespace {
// Corrected Theorem 1's pieces (VDH.bound.thm1_corrected), shared by the scalar function and the batch kernel.
// Constants in double-double (mpmath, 300 bits): ln(100/(7 - sqrt5)), 100/(7 - sqrt5), c_nu = 50/(5 + sqrt5)'s
// ln c_nu and ln(0.4 c_nu).
constexpr dd kLnK{0x1.85a4f6cca55ebp+1, -0x1.6116eda56d1b6p-56};
constexpr dd kK{0x1.4fdb657d6ce3bp+4, 0x1.2d32077f1e1dep-50};
constexpr dd kLnCnu{0x1.eed57c8330e4bp+0, -0x1.12ca37426253dp-54};
constexpr dd kLnCnuSmall{0x1.044374fc29e0fp+0, -0x1.4f3e70fb07529p-56};

// Z = sqrt(pi/b) erf(C sqrt b), C = 1/(5G) (VDH eq (6) with the conjugate prior), for t = C sqrt b >= 1e-8; below,
// Z = 2C (1 - t^2/3 + ...) = 2C to 1e-17 and small_t (Z G = 0.4 is used instead; Z itself is then 0). libm's erf:
// the batch kernel's scalar loop.
inline double thm1c_Z(double b, double G, bool& small_t) {
  constexpr double kSqrtPi = 1.7724538509055160273;
  const double t = std::sqrt(b) / 5 / G;
  small_t = t < 1e-8;
  return small_t ? 0 : kSqrtPi / std::sqrt(b) * std::erf(t);
}
// ln x, x = 4e (|u| B Z)^2 with the exponent kept apart (Z G = 0.4 where small_t; Zc is Z, any positive value there)
PRIVOCO_DD_INLINE double thm1c_lnx(double au, xd Bx, double G, double Zc, bool small_t) {
  const xd uBZ = xd_of(au) * Bx * xd_select(small_t, xd_of(0.4) / xd_of(G), xd_of(Zc));
  return to_double(xd_log(xd_of(4 * M_E) * uBZ * uBZ));
}
// 1 + max(m0, m1, m2) where every step is a normal double (w = W(x) given; Zc as above): the three terms directly,
// as bound_thm1_corrected forms them; ok cleared where a step leaves that range (u = 0, b + V or a term past DBL_MAX).
// r1 where w <= 1 and r2 where its bracket is <= 0 are at most 1 <= r0, so r0 stands in for them.
PRIVOCO_DD_INLINE double thm1c_direct(double au, double B, double G, double Zc, bool small_t, double w, bool& ok) {
  const double s2B = std::sqrt(2.0) * std::sqrt(B);
  const double f1 = (w - 1) / std::sqrt(w);
  const dd ln_G = log_dd(dd{G, 0});
  const dd ln_k = log_dd(dd{au, 0}) + ln_G + kLnK;
  const dd ln_znu_t = log_dd(dd{Zc, 0}) + ln_G + kLnCnu;
  const dd ln_znu{small_t ? kLnCnuSmall.hi : ln_znu_t.hi, small_t ? kLnCnuSmall.lo : ln_znu_t.lo};
  const dd br = ln_k - dd{1, 0} + ln_znu;
  const double m0 = au * s2B, r0 = m0 + 1, r1 = f1 > 0 ? m0 * f1 + 1 : r0;  // (f1 <= 0: r1 <= 1; m0 f1 may be 0 inf)
  const double r2k = xd_to_double_clamped(xd_of(au) * xd_of(G) * xd_of(kK) * xd_of(br) + xd_of(1.0));
  const double r2 = br.hi > 0 ? r2k : r0;
  const double v = std::max(r0, std::max(r1, r2));
  ok &= (au > 0) & (B <= DBL_MAX) & (m0 <= DBL_MAX) & (v <= DBL_MAX);
  return v;
}
}  // namespace

// Each of the three terms r_i = 1 + m_i is carried as ln m_i, so that any of them may leave the double range (m_i
// overflowed: inf, NaN from the dd product, or a value 35 orders too small with status ok), and evaluated directly
// where the largest is within it (thm1c_direct).
Value bound_thm1_corrected(double u, double V, double b, double G) {
  static const Entry& e = entry("VDH.bound.thm1_corrected");
  const double x[4] = {u, V, b, G};
  check_params(e, x);
  const double au = std::fabs(u);
  // b + V past DBL_MAX: sqrt(B) from the halves (0 * sqrt(inf) was NaN at u = 0)
  const double B = b + V;
  const double s2B = std::isfinite(B) ? std::sqrt(2.0) * std::sqrt(B) : 2 * std::sqrt(0.5 * b + 0.5 * V);
  Value out;
  out.sign = 1;
  if (au == 0) {  // every term is 1
    out.value = 1;
    return out;
  }
  bool small_t;
  const double Z = thm1c_Z(b, G, small_t);
  const double ln_au = std::log(au);
  // r0 = |u| sqrt(2B) + 1                                                       (|L| <= sqrt(2B))
  const double ln_m0 = ln_au + std::log(s2B);
  // r1 = sqrt(2Hw) - sqrt(2H/w) + 1 = |u| sqrt(2B) (w - 1)/sqrt(w) + 1, H = u^2 B, w = W(4e H B Z^2): Lemma 11 case
  // 1's lower bound's conjugate (ERRATA.md E7, E8); the product form keeps the 1/w the overflow fallback dropped
  // ln x from x = 4e (|u| B Z)^2 with the exponent kept apart (the sum of logarithms carried 2 ln B's rounding: 41 ulp
  // at ln x = 8.5)
  const xd Bx = std::isfinite(B) ? xd_of(B) : xd_scale2(xd_of(0.5 * b + 0.5 * V), 1);
  const double lnx = thm1c_lnx(au, Bx, G, Z, small_t);
  const double w = numerics::lambertw_of_log(lnx), f1 = (w - 1) / std::sqrt(w);
  {
    bool ok = true;
    const double v = thm1c_direct(au, B, G, small_t ? 1.0 : Z, small_t, w, ok);
    if (ok) {
      out.value = v;
      return out;
    }
  }
  const double ln_m1 = f1 > 0 ? ln_m0 + std::log(f1) : -INFINITY;
  // r2 = k (ln k - 1 + ln(Z/nu)) + 1, k = |u| 100G/(7 - sqrt5), nu = (5 + sqrt5)/(50G): Lemma 11 case 2 at the proof's
  // eta. The bracket can cancel, so it is formed from logarithms in double-double (k itself may overflow).
  // Z/nu = Z G c_nu; for small t Z G = 0.4 (G cancels)
  const dd ln_G = log_dd(dd{G, 0});
  const dd ln_k = log_dd(dd{au, 0}) + ln_G + kLnK;
  const dd ln_znu = small_t ? kLnCnuSmall : log_dd(dd{Z, 0}) + ln_G + kLnCnu;
  const dd br = ln_k - dd{1, 0} + ln_znu;
  const double ln_m2 = br.hi > 0 ? ln_k.hi + std::log(br.hi) : -INFINITY;
  const double ln_m = std::max({ln_m0, ln_m1, ln_m2});
  auto overflow = [&] {
    out.value = INFINITY;
    out.status = Status::overflow;
    out.log_abs_out = ln_m + std::log1p(std::exp(-ln_m));
    return out;
  };
  if (ln_m > 710) return overflow();  // certainly past DBL_MAX (e^709.78); below, the terms themselves decide (the
                                      // threshold 709.7 called 1.7069e308 an overflow)
  // within range: each term directly (exp of a logarithm would cost |ln| ulp); products in an order that stays finite
  const double m0 = au * s2B;
  const double r0 = m0 + 1;
  const double r1 = f1 > 0 ? (std::isfinite(m0) ? m0 * f1 : (au * f1) * s2B) + 1 : r0;  // (f1 <= 0: r1 <= 1 <= r0)
  double r2;
  if (br.hi <= 0) {
    r2 = r0;  // k br + 1 <= 1 <= r0: not the max
  } else {  // k's exponent kept apart (100G may overflow: exp(ln r2) lost 170 ulp)
    r2 = to_value(xd_of(au) * xd_of(G) * xd_of(kK) * xd_of(br) + xd_of(1.0)).value;
  }
  out.value = std::max({r0, r1, r2});
  if (!std::isfinite(out.value)) return overflow();
  return out;
}

namespace {
using numerics::XdBlock;
// Corrected Theorem 1 {u, V, b, G}: Z by libm's erf and w by the Lambert W iteration in scalar loops (columns 4-7:
// Z or 1, small_t, ln x, w), ln x and the direct form vectorised; elsewhere bound_thm1_corrected
PRIVOCO_KERNEL_INLINE void thm1c_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) {
    bool small_t;
    const double Z = thm1c_Z(b.in[2][i], b.in[3][i], small_t);
    b.in[4][i] = small_t ? 1.0 : Z;
    b.in[5][i] = small_t;
  }
  for (int i = 0; i < k; ++i)
    b.in[6][i] = thm1c_lnx(std::fabs(b.in[0][i]), xd_of(b.in[2][i] + b.in[1][i]), b.in[3][i], b.in[4][i], b.in[5][i] != 0);
  for (int i = 0; i < k; ++i) b.in[7][i] = numerics::lambertw_of_log(b.in[6][i]);
  for (int i = 0; i < k; ++i) {
    bool ok = true;
    const double v = thm1c_direct(std::fabs(b.in[0][i]), b.in[2][i] + b.in[1][i], b.in[3][i], b.in[4][i],
                                  b.in[5][i] != 0, b.in[7][i], ok);
    b.scalar[i] = !ok;
    b.set(i, xd_of(ok ? v : 1.0));
  }
}
PRIVOCO_VARIANTS(isa, void, thm1c_kernel, (XdBlock& b, int k), (b, k))
Value bound_thm1_corrected_flat(const double* p) { return bound_thm1_corrected(p[0], p[1], p[2], p[3]); }
}  // namespace

void bound_thm1_corrected_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("VDH.bound.thm1_corrected"), bound_thm1_corrected_flat, thm1c_kernel};
  numerics::xd_batch(how, cols, out, n);
}

}  // namespace privoco::fast::vdh
