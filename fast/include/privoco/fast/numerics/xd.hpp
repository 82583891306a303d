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

inline xd xd_norm(dd m, std::int64_t e) {
  if (m.hi == 0) return {};
  // (frexp and two ldexp calls were a fifth of some bounds' time: the exponent and the scaling from the bits)
  const int k = frexp_exponent(m.hi);
  return {mul_pow2(m, -k), e + k};
}
inline xd xd_of(double x) { return xd_norm({x, 0}, 0); }
inline xd xd_of(dd x) { return xd_norm(x, 0); }
inline xd operator*(xd a, xd b) { return xd_norm(a.m * b.m, a.e + b.e); }
inline xd operator/(xd a, xd b) { return xd_norm(a.m / b.m, a.e - b.e); }
inline xd operator-(xd a) { return {{-a.m.hi, -a.m.lo}, a.e}; }
inline xd operator+(xd a, xd b) {
  if (a.m.hi == 0) return b;
  if (b.m.hi == 0) return a;
  if (a.e < b.e) std::swap(a, b);
  const std::int64_t shift = a.e - b.e;
  if (shift > 220) return a;  // b below a's last bit
  const int s = static_cast<int>(shift);
  return xd_norm(a.m + mul_pow2(b.m, -s), a.e);
}
inline xd operator-(xd a, xd b) { return a + (-b); }
inline xd xd_sqrt(xd a) {  // a >= 0
  if (a.m.hi <= 0) return {};
  dd m = a.m;
  std::int64_t e = a.e;
  if (e & 1) m = m * 2.0, e -= 1;  // exact
  return xd_norm(sqrt_dd(m), e / 2);
}
inline xd xd_abs(xd a) { return a.m.hi < 0 ? -a : a; }
inline xd xd_scale2(xd a, std::int64_t k) { return a.m.hi == 0 ? a : xd{a.m, a.e + k}; }  // a 2^k, exact
// ln|a| (a != 0) in double-double
inline dd xd_log(xd a) {
  const dd m = a.m.hi < 0 ? dd{-a.m.hi, -a.m.lo} : a.m;
  return log_dd(m) + kLn2dd * static_cast<double>(a.e);
}
// e^x for a double-double x, as an xd (no overflow or underflow: the exponent is kept apart); |x| < 2^62 ln 2
inline xd xd_exp(dd x) {
  const double k = std::nearbyint(x.hi / kLn2Hi);
  const dd r = x - kLn2dd * k;  // |r| <= ln2/2 (plus k's rounding)
  return xd_scale2(xd_of(exp_dd(r)), static_cast<std::int64_t>(k));
}
// ln(1 + q) for q >= 0: the series below 2^-30, ln(1 + q) in double-double up to 2^100, ln q + 1/q beyond
inline xd xd_log1p(xd q) {
  if (q.m.hi == 0) return q;
  if (q.e <= -30) {
    const xd q2 = q * q, q3 = q2 * q, q4 = q3 * q;
    return q - xd_scale2(q2, -1) + q3 / xd_of(3.0) - xd_scale2(q4, -2);  // next term q^5/5 < 2^-150 relative
  }
  if (q.e <= 100) {
    const int e = static_cast<int>(q.e);
    return xd_of(log_dd(dd{1, 0} + mul_pow2(q.m, e)));
  }
  return xd_of(xd_log(q)) + xd_of(1.0) / q;
}
// e^x - 1 for 0 <= x < 2^60: the series below 2^-30, e^x - 1 above (at most 30 bits cancel), e^x past 2^10
inline xd xd_expm1(xd x) {
  if (x.m.hi == 0) return x;
  if (x.e <= -30) {
    const xd x2 = x * x, x3 = x2 * x, x4 = x3 * x, x5 = x4 * x;
    return x + xd_scale2(x2, -1) + x3 / xd_of(6.0) + x4 / xd_of(24.0) + x5 / xd_of(120.0);
  }
  const int e = static_cast<int>(x.e);
  const xd ex = xd_exp(mul_pow2(x.m, e));
  return x.e <= 11 ? ex - xd_of(1.0) : ex;  // x >= 1024: e^{-x} below 2^-1400 relative
}
// 1 - e^{-x} for x >= 0: the series below 2^-30, in double-double up to 64, 1 - e^{-x} with e^{-x} in double beyond
inline xd xd_neg_expm1_neg(xd x) {
  if (x.m.hi == 0) return x;
  if (x.e <= -30) {
    const xd x2 = x * x, x3 = x2 * x, x4 = x3 * x, x5 = x4 * x;
    return x - xd_scale2(x2, -1) + x3 / xd_of(6.0) - x4 / xd_of(24.0) + x5 / xd_of(120.0);
  }
  if (x.e <= 6) {
    const int e = static_cast<int>(x.e);
    return xd_of(dd{1, 0} - exp_dd(-mul_pow2(x.m, e)));
  }
  return xd_of(dd{1, 0} - dd{x.e > 11 ? 0.0 : std::exp(-std::ldexp(x.m.hi, static_cast<int>(x.e))), 0});
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
