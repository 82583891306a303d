// exp, sqrt, erf in double-double (about 2^-100 relative) for the rare branches where the rounding errors of
// the double functions are multiplied by a large condition number (the zero crossing of VDH.pot.conj).
// Slow (tens of double-double operations per call): never on the common path.
#pragma once
#include <cmath>
#include <limits>

#include "privoco/fast/numerics/dd.hpp"

namespace privoco::fast {

inline dd operator/(dd a, double b) { return a / dd{b, 0}; }

PRIVOCO_DD_INLINE dd sqrt_dd(dd x) {  // 0 for x <= 0 (NaN stays NaN)
  const bool pos = !(x.hi <= 0);
  const double s = std::sqrt(pos ? x.hi : 1.0);
  const dd s2 = two_prod(s, s);
  const double corr = (((x.hi - s2.hi) - s2.lo) + x.lo) / (2 * s);
  const dd r = quick_two_sum(s, corr);
  return {pos ? r.hi : 0.0, pos ? r.lo : 0.0};
}

// e^x: x = k ln2 + r, e^r = (1 + s)^(2^10) with s = e^{r/1024} - 1 by Taylor (|r/1024| < 3.4e-4, 10 terms),
// squared as s <- 2s + s^2 so that the small part keeps its relative accuracy. inf above 709.7, 0 below -745.2
// (selected: no branch).
PRIVOCO_DD_INLINE dd exp_dd(dd x) {
  const bool over = x.hi > 709.7, under = x.hi < -745.2;
  const dd y{over || under ? 0.0 : x.hi, over || under ? 0.0 : x.lo};
  // k = round(y/ln 2) from the low bits of y/ln 2 + 1.5 2^52 (as nearbyint, without a double -> integer conversion)
  const double kd = y.hi / kLn2Hi + 0x1.8p52, k = kd - 0x1.8p52;
  dd r = (y - kLn2dd * k) * 0x1p-10;
  // 1/n as double-doubles: products instead of the divisions that made this a third of the potential's time
  static constexpr dd kInv[11] = {{0, 0}, {1, 0}, {0.5, 0}, {0x1.5555555555555p-2, 0x1.5555555555555p-56},
                                  {0.25, 0}, {0x1.999999999999ap-3, -0x1.999999999999ap-57},
                                  {0x1.5555555555555p-3, 0x1.5555555555555p-57},
                                  {0x1.2492492492492p-3, 0x1.2492492492492p-57}, {0.125, 0},
                                  {0x1.c71c71c71c71cp-4, 0x1.c71c71c71c71cp-58},
                                  {0x1.999999999999ap-4, -0x1.999999999999ap-58}};
  dd term = r, s = r;
#pragma GCC unroll 16
  for (int n = 2; n <= 10; ++n) {
    term = (term * r) * kInv[n];
    s = s + term;
  }
#pragma GCC unroll 16
  for (int i = 0; i < 10; ++i) s = s * 2.0 + s * s;
  const dd e = s + dd{1, 0};
  std::uint64_t kbits;
  std::memcpy(&kbits, &kd, sizeof kbits);
  const std::int64_t ki = static_cast<std::int64_t>(kbits - 0x4338000000000000ULL);  // (the bits of 1.5 2^52)
  const double h = scale2_bits(e.hi, ki), l = scale2_bits(e.lo, ki);
  return {over ? HUGE_VAL : (under ? 0.0 : h), over || under ? 0.0 : l};
}

// 1/(2n + 1) as double-doubles, n < 200 (hi the rounded quotient, lo its remainder's quotient: ~2^-106 relative), for
// erf_dd's series: products instead of a double-double division per term
struct OddReciprocals {
  dd v[200];
  OddReciprocals() {
    for (int n = 0; n < 200; ++n) {
      const double k = 2 * n + 1, hi = 1 / k;
      v[n] = quick_two_sum(hi, std::fma(-hi, k, 1.0) / k);
    }
  }
};
inline const OddReciprocals& odd_reciprocals() {  // on first use (a static table in another file may need erf_dd)
  static const OddReciprocals r;
  return r;
}

// x + (1/2)/(x + 1/(x + (3/2)/(x + ... (K/2)/x))), the continued fraction of sqrt(pi) e^{x^2} erfc(x), as A_K/B_K by
// the forward recurrences A_k = x A_{k-1} + (k/2) A_{k-2} (positive terms: no cancellation; x >= 3.5 keeps them below
// x^K (x + sqrt(K))^K, far inside the range for K <= 102) and one division at the end, instead of a division per level
inline dd erfc_cf_dd(dd x, int K) {
  dd a0{1, 0}, a1 = x, b0{0, 0}, b1{1, 0};  // A_{-1}, A_0 = x; B_{-1}, B_0 = 1 (read bottom-up: the same fraction)
  for (int k = 1; k <= K; ++k) {
    const dd a2 = x * a1 + a0 * (0.5 * k), b2 = x * b1 + b0 * (0.5 * k);
    a0 = a1, a1 = a2, b0 = b1, b1 = b2;
  }
  return a1 / b1;
}

// erf(x) for x >= 0. x < 3.5: erf(x) = (2/sqrt(pi)) e^{-x^2} sum_n 2^n x^{2n+1} / (2n+1)!! (positive terms);
// otherwise 1 - erfc(x) with erfc(x) = e^{-x^2}/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))).
inline dd erf_dd(dd x) {
  const dd two_over_sqrt_pi{0x1.20dd750429b6dp+0, 0x1.1ae3a914fed8p-56};
  if (x.hi <= 0) return {0, 0};
  if (x.hi > 27) return {1, 0};
  const dd x2 = x * x;
  const dd g = exp_dd(-x2);
  if (x.hi < 3.5) {
    dd term = x, sum = x;
    const dd two_x2 = x2 * 2.0;
    const dd* inv = odd_reciprocals().v;
    for (int n = 1; n < 200; ++n) {
      term = (term * two_x2) * inv[n];
      sum = sum + term;
      if (term.hi < 1e-34 * sum.hi) break;
    }
    return two_over_sqrt_pi * g * sum;
  }
  const dd t = erfc_cf_dd(x, 20 + static_cast<int>(1000 / x2.hi));
  const dd erfc = (two_over_sqrt_pi * 0.5) * g / t;
  return dd{1, 0} - erfc;
}

// erfc(x) for x >= 0: 1 - erf(x) below 3.5 (erfc(3.5) = 7e-7: at most 21 of 106 bits lost), the continued
// fraction above.
inline dd erfc_dd(dd x) {
  if (x.hi < 3.5) return dd{1, 0} - erf_dd(x);
  if (x.hi > 27) return {0, 0};
  const dd two_over_sqrt_pi{0x1.20dd750429b6dp+0, 0x1.1ae3a914fed8p-56};
  const dd x2 = x * x;
  const dd t = erfc_cf_dd(x, 20 + static_cast<int>(1000 / x2.hi));
  return (two_over_sqrt_pi * 0.5) * exp_dd(-x2) / t;
}

}  // namespace privoco::fast
