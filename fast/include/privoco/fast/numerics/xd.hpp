// A double-double with its own binary exponent (value = (m.hi + m.lo) 2^e, |m.hi| in [1/2, 1) or m = 0): products,
// quotients, square roots and sums of quantities far outside the double range (sigma = 1e-300 with L = 1e300) keep
// about 2^-100 relative accuracy, and the result is rounded once into a Value (status and ln|value| where it leaves
// the double range). For closed forms whose intermediate quantities overflow or underflow while the result does not.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>

#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/fast/value.hpp"

namespace privoco::fast {

struct xd {
  dd m{0, 0};
  std::int64_t e = 0;
};

// The arithmetic below has no branches and no calls (selects, bit operations and forced inlining), so that a loop
// over points evaluating a closed form in xd is vectorised by the compiler (the bounds' batch kernels) and gives
// the same bits as the same closed form evaluated point by point.
namespace xd_detail {
// m 2^e normalised where |m.hi| is 0 or in [2^-1000, 2^1000] (the results of the operations on mantissas: one
// scaling by a power of two, exact)
PRIVOCO_DD_INLINE xd renorm(dd m, std::int64_t e) {
  const std::int64_t k = biased_exponent(m.hi) - 1022;
  const double s = pow2_from_bits(-k);
  xd r;
  r.m.hi = m.hi * s;
  r.m.lo = m.lo * s;
  r.e = m.hi == 0 ? 0 : e + k;
  return r;
}
}  // namespace xd_detail

// Any finite m (subnormal included): scaled by 2^64 first where |m.hi| is below the normal range, then by 2^-k.
PRIVOCO_DD_INLINE xd xd_norm(dd m, std::int64_t e) {
  const bool sub = std::fabs(m.hi) < 0x1p-1022;
  const double h = sub ? m.hi * 0x1p64 : m.hi, l = sub ? m.lo * 0x1p64 : m.lo;
  const std::int64_t k = biased_exponent(h) - 1022;
  xd r;
  r.m.hi = scale2_bits(h, -k);
  r.m.lo = scale2_bits(l, -k);
  r.e = m.hi == 0 ? 0 : e + k - (sub ? 64 : 0);
  return r;
}
PRIVOCO_DD_INLINE xd xd_of(double x) { return xd_norm({x, 0}, 0); }
PRIVOCO_DD_INLINE xd xd_of(dd x) { return xd_norm(x, 0); }
PRIVOCO_DD_INLINE xd operator*(xd a, xd b) { return xd_detail::renorm(a.m * b.m, a.e + b.e); }
PRIVOCO_DD_INLINE xd operator/(xd a, xd b) { return xd_detail::renorm(a.m / b.m, a.e - b.e); }
PRIVOCO_DD_INLINE xd operator-(xd a) { return {{-a.m.hi, -a.m.lo}, a.e}; }
// (selects field by field: a select of whole structs left branches that stopped the loops from vectorising)
PRIVOCO_DD_INLINE xd operator+(xd a, xd b) {
  const bool swap = a.e < b.e;  // x the larger exponent, y the other
  const double xh = swap ? b.m.hi : a.m.hi, xl = swap ? b.m.lo : a.m.lo;
  const double yh = swap ? a.m.hi : b.m.hi, yl = swap ? a.m.lo : b.m.lo;
  const std::int64_t xe = swap ? b.e : a.e, shift = xe - (swap ? a.e : b.e);
  const double s = pow2_from_bits(-(shift < 300 ? shift : 300));
  const xd sum = xd_detail::renorm(dd{xh, xl} + dd{yh * s, yl * s}, xe);
  const bool far = shift > 220, a0 = a.m.hi == 0, b0 = b.m.hi == 0;  // far: y below x's last bit
  double h = far ? xh : sum.m.hi, l = far ? xl : sum.m.lo;
  std::int64_t e = far ? xe : sum.e;
  h = b0 ? a.m.hi : h, l = b0 ? a.m.lo : l, e = b0 ? a.e : e;
  h = a0 ? b.m.hi : h, l = a0 ? b.m.lo : l, e = a0 ? b.e : e;
  return {{h, l}, e};
}
PRIVOCO_DD_INLINE xd operator-(xd a, xd b) { return a + (-b); }
// a >= 0 (0 for a <= 0): sqrt_dd's step, with the exponent made even first (m doubled exactly)
PRIVOCO_DD_INLINE xd xd_sqrt(xd a) {
  const bool odd = a.e & 1, pos = !(a.m.hi <= 0);  // (NaN stays NaN)
  const double mh = odd ? 2 * a.m.hi : a.m.hi, ml = odd ? 2 * a.m.lo : a.m.lo;
  // (no select with a constant operand: GCC turned those into paths that kept some loops from vectorising; zero is
  // 0 where it is used, mh being finite there)
  const double s = std::sqrt(std::fabs(mh)), zero = mh - mh;
  const dd s2 = two_prod(s, s);
  const dd r = quick_two_sum(s, (((mh - s2.hi) - s2.lo) + ml) / (2 * s));
  return xd_detail::renorm({pos ? r.hi : zero, pos ? r.lo : zero}, (a.e - odd) >> 1);
}
PRIVOCO_DD_INLINE xd xd_scale2(xd a, std::int64_t k) { return {a.m, a.m.hi == 0 ? a.e : a.e + k}; }  // a 2^k, exact
// a rounded to a double with its exponent clamped to [-1100, 1100] (no branch): the double where that is a normal
// one (to_value's value there), else 0, a subnormal or inf of the right sign, for range tests and comparisons
PRIVOCO_DD_INLINE double xd_to_double_clamped(xd a) {
  return scale2_bits(to_double(a.m), a.e < -1100 ? -1100 : (a.e > 1100 ? 1100 : a.e));
}
PRIVOCO_DD_INLINE xd xd_select(bool c, xd a, xd b) {  // c ? a : b, field by field
  return {{c ? a.m.hi : b.m.hi, c ? a.m.lo : b.m.lo}, c ? a.e : b.e};
}
PRIVOCO_DD_INLINE xd xd_abs(xd a) {
  const bool neg = a.m.hi < 0;
  return {{neg ? -a.m.hi : a.m.hi, neg ? -a.m.lo : a.m.lo}, a.e};
}
// ln|a| (a != 0) in double-double
PRIVOCO_DD_INLINE dd xd_log(xd a) {
  const bool neg = a.m.hi < 0;
  const dd m{neg ? -a.m.hi : a.m.hi, neg ? -a.m.lo : a.m.lo};
  return log_dd(m) + kLn2dd * int64_to_double(a.e);
}
// The functions below come in two forms with the same results: the plain one (branches: for scalar code) and
// *_select, which forms every case and selects (for vectorised loops; its extra work runs on clamped arguments).
namespace xd_detail {
// xd_exp for |x| < 2^50: k from the bits of x/ln 2 + 1.5 2^52 (nearbyint's k, without a conversion)
PRIVOCO_DD_INLINE xd exp_small(dd x) {
  const double kd = x.hi / kLn2Hi + 0x1.8p52, k = kd - 0x1.8p52;
  std::uint64_t kbits;
  std::memcpy(&kbits, &kd, sizeof kbits);
  const dd r = x - kLn2dd * k;
  return xd_scale2(xd_of(exp_dd(r)), static_cast<std::int64_t>(kbits - 0x4338000000000000ULL));
}
// x 2^e as a double-double, e clamped to [lo_e, hi_e] (within [-1000, 1000]: exact scalings)
PRIVOCO_DD_INLINE dd unscaled(xd x, std::int64_t lo_e, std::int64_t hi_e) {
  const std::int64_t e = x.e < lo_e ? lo_e : (x.e > hi_e ? hi_e : x.e);
  return {scale2_bits(x.m.hi, e), scale2_bits(x.m.lo, e)};
}
PRIVOCO_DD_INLINE xd log1p_series(xd q) {  // q < 2^-30: the next term q^5/5 below 2^-150 relative
  const xd q2 = q * q, q3 = q2 * q, q4 = q3 * q;
  return q - xd_scale2(q2, -1) + q3 / xd_of(3.0) - xd_scale2(q4, -2);
}
PRIVOCO_DD_INLINE xd log1p_direct(xd q) { return xd_of(log_dd(dd{1, 0} + unscaled(q, -1000, 100))); }  // q < 2^100
PRIVOCO_DD_INLINE xd log1p_far(xd q) { return xd_of(xd_log(q)) + xd_of(1.0) / q; }  // ln q + 1/q
PRIVOCO_DD_INLINE xd exp_series_m1(xd x, double sign) {  // x < 2^-30: e^{sign x} - 1 to x^5
  const xd x2 = x * x, x3 = x2 * x, x4 = x3 * x, x5 = x4 * x;
  const xd s = xd_of(sign);
  return s * x + xd_scale2(x2, -1) + s * x3 / xd_of(6.0) + x4 / xd_of(24.0) + s * x5 / xd_of(120.0);
}
// 1 - e^{-x} for 64 <= x: e^{-x} below 2^-92 of 1, from exp_dd in double (0 past 745: x's exponent clamped to 11
// keeps y >= 1024 there; no select of a constant, which made GCC compute exp_dd under a mask it could not vectorise)
PRIVOCO_DD_INLINE xd neg_expm1_far(xd x) {
  const double y = scale2_bits(x.m.hi, x.e < 0 ? 0 : (x.e > 11 ? 11 : x.e));
  return xd_of(dd{1, 0} - dd{exp_dd(dd{-y, 0}).hi, 0});
}
}  // namespace xd_detail

// e^x for a double-double x, as an xd (no overflow or underflow: the exponent is kept apart); |x| < 2^62 ln 2.
// Below 2^50 it is exp_small (the same k); beyond, k by nearbyint and a conversion.
inline xd xd_exp(dd x) {
  if (std::fabs(x.hi) < 0x1p50) return xd_detail::exp_small(x);
  const double k = std::nearbyint(x.hi / kLn2Hi);
  const dd r = x - kLn2dd * k;  // |r| <= ln2/2 (plus k's rounding)
  return xd_scale2(xd_of(exp_dd(r)), static_cast<std::int64_t>(k));
}

// ln(1 + q) for q >= 0: the series below 2^-30, ln(1 + q) in double-double up to 2^100, ln q + 1/q beyond
inline xd xd_log1p(xd q) {
  if (q.m.hi == 0) return q;
  if (q.e <= -30) return xd_detail::log1p_series(q);
  if (q.e <= 100) return xd_detail::log1p_direct(q);
  return xd_detail::log1p_far(q);
}
// (one log_dd for both of its cases: log1p_direct's argument or log1p_far's mantissa, selected first; the same
// operations as those functions, so the same bits)
PRIVOCO_DD_INLINE xd xd_log1p_select(xd q) {
  using namespace xd_detail;
  const bool far = q.e > 100;
  const dd near_arg = dd{1, 0} + unscaled(q, -1000, 100);
  const dd l = log_dd(dd{far ? q.m.hi : near_arg.hi, far ? q.m.lo : near_arg.lo});
  const xd far_v = xd_of(l + kLn2dd * int64_to_double(q.e)) + xd_of(1.0) / q;  // log1p_far for q >= 0
  const xd r = xd_select(q.e <= -30, log1p_series(q), xd_select(far, far_v, xd_of(l)));
  return xd_select(q.m.hi == 0, q, r);
}
// e^x - 1 for 0 <= x < 2^60: the series below 2^-30, e^x - 1 above (at most 30 bits cancel), e^x past 2^10
inline xd xd_expm1(xd x) {
  if (x.m.hi == 0) return x;
  if (x.e <= -30) return xd_detail::exp_series_m1(x, 1);
  const xd ex = xd_exp(xd_detail::unscaled(x, -1000, 1000));
  return x.e <= 11 ? ex - xd_of(1.0) : ex;  // x >= 1024: e^{-x} below 2^-1400 relative
}
// The same for 0 <= x < 2^50 (larger x: the caller's other route)
PRIVOCO_DD_INLINE xd xd_expm1_select(xd x) {
  using namespace xd_detail;
  const xd ex = exp_small(unscaled(x, -30, 50));
  const xd r = xd_select(x.e <= -30, exp_series_m1(x, 1), xd_select(x.e <= 11, ex - xd_of(1.0), ex));
  return xd_select(x.m.hi == 0, x, r);
}
// 1 - e^{-x} for x >= 0: the series below 2^-30, in double-double up to 64, 1 - e^{-x} with e^{-x} in double beyond
inline xd xd_neg_expm1_neg(xd x) {
  if (x.m.hi == 0) return x;
  if (x.e <= -30) return -xd_detail::exp_series_m1(x, -1);
  if (x.e <= 6) return xd_of(dd{1, 0} - exp_dd(-xd_detail::unscaled(x, -1000, 1000)));
  return xd_detail::neg_expm1_far(x);
}
PRIVOCO_DD_INLINE xd xd_neg_expm1_neg_select(xd x) {
  using namespace xd_detail;
  const xd mid = xd_of(dd{1, 0} - exp_dd(-unscaled(x, -30, 6)));
  const xd r = xd_select(x.e <= -30, -exp_series_m1(x, -1), xd_select(x.e <= 6, mid, neg_expm1_far(x)));
  return xd_select(x.m.hi == 0, x, r);
}
// The value rounded once to double where it is a normal double; status and ln|value| otherwise, the status from the
// exponent (from exp of the logarithm, a value just past DBL_MAX came back as a double 461 ulp below it, status ok)
inline Value to_value(xd a) {
  Value v;
  if (a.m.hi == 0) return v;
  v.sign = a.m.hi > 0 ? 1 : -1;
  const double m = to_double(a.m);
  if (a.e <= 1024 && a.e >= -1021) {
    const double x = mul_pow2(m, static_cast<int>(a.e));
    if (std::isfinite(x) && std::fabs(x) >= 0x1p-1022) {
      v.value = x;
      return v;
    }
  }
  v.log_abs_out = to_double(xd_log(a));
  v.status = a.e > 0 ? Status::overflow : Status::underflow;
  v.value = a.e > 0 ? v.sign * INFINITY : std::ldexp(m, static_cast<int>(std::max<std::int64_t>(a.e, -2000)));
  return v;
}

}  // namespace privoco::fast
