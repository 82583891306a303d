// Minimal double-double arithmetic (error-free transforms with fma) for exponent arguments: an exponent
// near 700 rounded to a double already carries ~700 * 2^-53 relative error into exp().
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

namespace privoco::fast {

// Forced inlining of the basic operations: loops over points in double-double (and xd.hpp's extended exponent)
// are vectorised only when no call is left in their bodies.
#define PRIVOCO_DD_INLINE inline __attribute__((always_inline))

struct dd {
  double hi = 0, lo = 0;
};

// ln 2 = kLn2Hi + kLn2Lo (hi the double nearest ln 2, the pair within 2^-107 relative), for every double-double
// and vectorised logarithm and exponential of the fast part
inline constexpr double kLn2Hi = 0x1.62e42fefa39efp-1, kLn2Lo = 0x1.abc9e3b39803fp-56;
inline constexpr dd kLn2dd{kLn2Hi, kLn2Lo};

// v 2^k: a product with the power of two built from its bits where 2^k is a normal double (the same result as
// std::ldexp, which is a library call: frexp and ldexp were a quarter of log_dd's time), ldexp beyond
inline double mul_pow2(double v, int k) {
  if (k < -1022 || k > 1023) return std::ldexp(v, k);
  const std::uint64_t bits = static_cast<std::uint64_t>(k + 1023) << 52;
  double s;
  std::memcpy(&s, &bits, sizeof s);
  return v * s;
}
inline dd mul_pow2(dd v, int k) { return {mul_pow2(v.hi, k), mul_pow2(v.lo, k)}; }
// frexp's exponent (x = m 2^k, m in [1/2, 1)) from the bits where x is normal, frexp itself for 0, subnormals, inf, NaN
inline int frexp_exponent(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const int be = static_cast<int>((bits >> 52) & 0x7ff);
  int k = be - 1022;
  if (be == 0 || be == 0x7ff) std::frexp(x, &k);
  return k;
}

// Branch-free forms (no calls: loops over points that use them vectorise). 2^k from its bits, -1022 <= k <= 1023.
PRIVOCO_DD_INLINE double pow2_from_bits(std::int64_t k) {
  const std::uint64_t bits = static_cast<std::uint64_t>(k + 1023) << 52;
  double s;
  std::memcpy(&s, &bits, sizeof s);
  return s;
}
// v 2^k for |k| <= 2044 as two exact scalings by normal powers of two and at most one rounding (where the result is
// subnormal): std::ldexp's result
PRIVOCO_DD_INLINE double scale2_bits(double v, std::int64_t k) {
  const std::int64_t k1 = k >> 1;
  return v * pow2_from_bits(k1) * pow2_from_bits(k - k1);
}
// k as a double (rounded as the cast rounds), from the bits of 1.5 2^52 plus each 32-bit half of k (AVX-512F and AVX2
// have no vector int64 -> double conversion; the cast kept loops from vectorising): both halves exact, one rounding
PRIVOCO_DD_INLINE double int64_to_double(std::int64_t k) {
  const std::uint64_t hi = 0x4338000000000000ULL + static_cast<std::uint64_t>(k >> 32),
                      lo = 0x4338000000000000ULL + (static_cast<std::uint64_t>(k) & 0xffffffffULL);
  double h, l;
  std::memcpy(&h, &hi, sizeof h);
  std::memcpy(&l, &lo, sizeof l);
  return (h - 0x1.8p52) * 0x1p32 + (l - 0x1.8p52);
}
// The biased exponent field of x (0 for zero and subnormals)
PRIVOCO_DD_INLINE std::int64_t biased_exponent(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return static_cast<std::int64_t>((bits >> 52) & 0x7ff);
}

PRIVOCO_DD_INLINE dd two_sum(double a, double b) {
  double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
PRIVOCO_DD_INLINE dd quick_two_sum(double a, double b) {
  double s = a + b;
  return {s, b - (s - a)};
}
PRIVOCO_DD_INLINE dd two_prod(double a, double b) {
  double p = a * b;
  return {p, std::fma(a, b, -p)};
}
PRIVOCO_DD_INLINE dd operator+(dd a, dd b) {
  dd s = two_sum(a.hi, b.hi);
  s.lo += a.lo + b.lo;
  return quick_two_sum(s.hi, s.lo);
}
PRIVOCO_DD_INLINE dd operator-(dd a) { return {-a.hi, -a.lo}; }
PRIVOCO_DD_INLINE dd operator-(dd a, dd b) { return a + (-b); }
PRIVOCO_DD_INLINE dd operator*(dd a, dd b) {
  dd p = two_prod(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return quick_two_sum(p.hi, p.lo);
}
PRIVOCO_DD_INLINE dd operator*(dd a, double b) {
  dd p = two_prod(a.hi, b);
  p.lo += a.lo * b;
  return quick_two_sum(p.hi, p.lo);
}
PRIVOCO_DD_INLINE dd operator/(dd a, dd b) {
  double q1 = a.hi / b.hi;
  dd r = a - b * q1;
  double q2 = r.hi / b.hi;
  r = r - b * q2;
  double q3 = r.hi / b.hi;
  dd q = quick_two_sum(q1, q2);
  return q + dd{q3, 0};
}
PRIVOCO_DD_INLINE dd operator/(double a, dd b) { return dd{a, 0} / b; }
PRIVOCO_DD_INLINE double to_double(dd a) { return a.hi + a.lo; }

// ln(x) for x > 0 to about 2^-100 relative: x = 2^k m, m in [1/sqrt2, sqrt2), c = j/64 nearest to m (exact),
// ln x = k ln2 + ln c + 2 atanh(t), t = (m - c)/(m + c), |t| < 0.0056; atanh(t)/t = sum_i t^{2i}/(2i+1) to i = 7
// (truncation below 2^-120), i <= 3 in double-double, the rest in double (below 2^-60 of the sum: its rounding stays
// under 2^-112); ln c from a table (mpmath). The plain series (|t| < 0.172, 21 double-double divisions) was a third
// of some bounds' time. For the branches where a logarithm cancels against another quantity.
PRIVOCO_DD_INLINE dd log_dd(dd x) {
  // ln(j/64), j = 45..91, as hi and lo (two arrays: a vectorised loop gathers from each)
  static constexpr double kLnCHi[47] = {
      -0x1.68ac83e9c6a14p-2, -0x1.522ae0738a3d8p-2, -0x1.3c25277333184p-2, -0x1.269621134db92p-2,
      -0x1.1178e8227e47cp-2, -0x1.f991c6cb3b379p-3, -0x1.d1037f2655e7bp-3, -0x1.a93ed3c8ad9e3p-3,
      -0x1.823c16551a3c2p-3, -0x1.5bf406b543db2p-3, -0x1.365fcb0159016p-3, -0x1.1178e8227e47cp-3,
      -0x1.da727638446a2p-4, -0x1.9335e5d594989p-4, -0x1.4d3115d207eacp-4, -0x1.08598b59e3a07p-4,
      -0x1.894aa149fb343p-5, -0x1.0415d89e74444p-5, -0x1.0205658935847p-6, 0x0.0p+0, 0x1.fc0a8b0fc03e4p-7,
      0x1.f829b0e783300p-6, 0x1.77458f632dcfcp-5, 0x1.f0a30c01162a6p-5, 0x1.341d7961bd1d1p-4, 0x1.6f0d28ae56b4cp-4,
      0x1.a926d3a4ad563p-4, 0x1.e27076e2af2e6p-4, 0x1.0d77e7cd08e59p-3, 0x1.29552f81ff523p-3, 0x1.44d2b6ccb7d1ep-3,
      0x1.5ff3070a793d4p-3, 0x1.7ab890210d909p-3, 0x1.9525a9cf456b4p-3, 0x1.af3c94e80bff3p-3, 0x1.c8ff7c79a9a22p-3,
      0x1.e27076e2af2e6p-3, 0x1.fb9186d5e3e2bp-3, 0x1.0a324e27390e3p-2, 0x1.1675cababa60ep-2, 0x1.22941fbcf7966p-2,
      0x1.2e8e2bae11d31p-2, 0x1.3a64c556945eap-2, 0x1.4618bc21c5ec2p-2, 0x1.51aad872df82dp-2, 0x1.5d1bdbf5809cap-2,
      0x1.686c81e9b14afp-2};
  static constexpr double kLnCLo[47] = {
      -0x1.a64eadd740178p-58, 0x1.8f7e9b38a6979p-57, 0x1.2ad27e50a8ec6p-56, -0x1.e0efadd9db02bp-56,
      0x1.0e63a5f01c691p-57, -0x1.f665066f980a2p-57, -0x1.60629242471a2p-57, -0x1.bcafa9de97203p-57,
      0x1.1232ce70be781p-57, 0x1.1f5b44c0df7e7p-61, -0x1.7d411a5b944adp-58, 0x1.0e63a5f01c691p-58,
      -0x1.401fa71733019p-58, 0x1.478a85704ccb7p-58, -0x1.769f42c7842ccp-58, 0x1.dd7009902bf32p-58,
      -0x1.a8be97660a23dp-60, -0x1.c05cf1d753622p-59, -0x1.27c8e8416e71fp-60, 0x0.0p+0, -0x1.83092c59642a1p-62,
      0x1.33e3f04f1ef23p-60, 0x1.18d3ca87b9296p-59, 0x1.85f325c5bbacdp-59, -0x1.b599f227becbbp-58,
      -0x1.906d99184b992p-58, 0x1.942f48aa70ea9p-58, -0x1.61578001e0162p-60, 0x1.9a5dc5e9030acp-57,
      0x1.301771c407dbfp-57, 0x1.9f4f6543e1f88p-57, -0x1.bc60efafc6f6ep-58, 0x1.be36b2d6a0608p-59,
      0x1.d904c1d4e2e26p-57, -0x1.398cff3641985p-58, -0x1.4f689f8434012p-57, -0x1.61578001e0162p-59,
      -0x1.caaae64f21acbp-57, 0x1.7dcfde8061c03p-56, 0x1.ce63eab883717p-61, -0x1.76f5eb09628afp-56,
      -0x1.8f4cdb95ebdf9p-56, -0x1.c68651945f97cp-57, 0x1.f42decdeccf1dp-56, 0x1.3927ac19f55e3p-59,
      0x1.4236383dc7fe1p-56, -0x1.ddea0f7f58e3dp-57};
  static constexpr dd kInvOdd[4] = {{0x1.0000000000000p+0, 0x0.0p+0}, {0x1.5555555555555p-2, 0x1.5555555555555p-56},
                                    {0x1.999999999999ap-3, -0x1.999999999999ap-57},
                                    {0x1.2492492492492p-3, 0x1.2492492492492p-57}};  // 1/(2i+1), i = 0..3
  // 0, negative, inf, NaN: log's value (-inf, NaN, inf, NaN), selected at the end; the steps below run on them too
  // (no branch, and the table index clamped: a select of constant inputs let GCC split the loop bodies into paths)
  const bool ok = (x.hi > 0) & (x.hi <= 1.7976931348623157e308);
  const double bad = x.hi == 0 ? -HUGE_VAL : (x.hi == HUGE_VAL ? HUGE_VAL : __builtin_nan(""));
  const bool sub = std::fabs(x.hi) < 0x1p-1022;  // subnormal: scaled by 2^64 first (exact)
  const double xh = sub ? x.hi * 0x1p64 : x.hi, xl = sub ? x.lo * 0x1p64 : x.lo;
  std::int64_t k = biased_exponent(xh) - 1022;  // xh = 2^k m, m in [1/2, 1), then [1/sqrt2, sqrt2)
  k = scale2_bits(xh, -k) < 0.70710678118654752 ? k - 1 : k;
  const dd xm{scale2_bits(xh, -k), scale2_bits(xl, -k)};  // exact scalings
  k -= sub ? 64 : 0;
  // j = round(64 xm) (45..91) from the low bits of 64 xm + 1.5 2^52 as an index (a double -> int conversion kept
  // loops from vectorising), and c = j/64
  const double jd = xm.hi * 64 + 0x1.8p52;
  std::uint64_t jbits;
  std::memcpy(&jbits, &jd, sizeof jbits);
  const std::uint64_t j0 = jbits & 0xff, j = j0 < 45 ? 45 : (j0 > 91 ? 91 : j0);
  const dd c{(jd - 0x1.8p52) * (1.0 / 64), 0};
  // t = (xm - c)/(xm + c) to ~2^-103 relative: two quotient digits from one reciprocal (the double-double division's
  // third digit and its three divisions were a quarter of log_dd's time; the terms below keep 2^-100)
  const dd num = xm - c, den = xm + c;
  const double inv = 1.0 / den.hi, q1 = num.hi * inv;
  const dd t = quick_two_sum(q1, (num - den * q1).hi * inv), t2 = t * t;
  const double tail = 1.0 / 9 + t2.hi * (1.0 / 11 + t2.hi * (1.0 / 13 + t2.hi * (1.0 / 15)));
  dd sum{tail, 0};
#pragma GCC unroll 4
  for (int i = 3; i >= 0; --i) sum = sum * t2 + kInvOdd[i];
  const dd lnc{kLnCHi[j - 45], kLnCLo[j - 45]};
  const dd r = kLn2dd * int64_to_double(k) + lnc + (t * sum) * 2.0;
  return {ok ? r.hi : bad, ok ? r.lo : 0.0};
}

}  // namespace privoco::fast
