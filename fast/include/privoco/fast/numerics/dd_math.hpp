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

// 2^{j/64}, j = 0..63, as double-doubles (mpmath, 300 bits), for exp_dd
namespace dd_detail {
inline constexpr double kTwoJ64Hi[64] = {
    0x1.0000000000000p+0, 0x1.02c9a3e778061p+0, 0x1.059b0d3158574p+0, 0x1.0874518759bc8p+0, 0x1.0b5586cf9890fp+0,
    0x1.0e3ec32d3d1a2p+0, 0x1.11301d0125b51p+0, 0x1.1429aaea92de0p+0, 0x1.172b83c7d517bp+0, 0x1.1a35beb6fcb75p+0,
    0x1.1d4873168b9aap+0, 0x1.2063b88628cd6p+0, 0x1.2387a6e756238p+0, 0x1.26b4565e27cddp+0, 0x1.29e9df51fdee1p+0,
    0x1.2d285a6e4030bp+0, 0x1.306fe0a31b715p+0, 0x1.33c08b26416ffp+0, 0x1.371a7373aa9cbp+0, 0x1.3a7db34e59ff7p+0,
    0x1.3dea64c123422p+0, 0x1.4160a21f72e2ap+0, 0x1.44e086061892dp+0, 0x1.486a2b5c13cd0p+0, 0x1.4bfdad5362a27p+0,
    0x1.4f9b2769d2ca7p+0, 0x1.5342b569d4f82p+0, 0x1.56f4736b527dap+0, 0x1.5ab07dd485429p+0, 0x1.5e76f15ad2148p+0,
    0x1.6247eb03a5585p+0, 0x1.6623882552225p+0, 0x1.6a09e667f3bcdp+0, 0x1.6dfb23c651a2fp+0, 0x1.71f75e8ec5f74p+0,
    0x1.75feb564267c9p+0, 0x1.7a11473eb0187p+0, 0x1.7e2f336cf4e62p+0, 0x1.82589994cce13p+0, 0x1.868d99b4492edp+0,
    0x1.8ace5422aa0dbp+0, 0x1.8f1ae99157736p+0, 0x1.93737b0cdc5e5p+0, 0x1.97d829fde4e50p+0, 0x1.9c49182a3f090p+0,
    0x1.a0c667b5de565p+0, 0x1.a5503b23e255dp+0, 0x1.a9e6b5579fdbfp+0, 0x1.ae89f995ad3adp+0, 0x1.b33a2b84f15fbp+0,
    0x1.b7f76f2fb5e47p+0, 0x1.bcc1e904bc1d2p+0, 0x1.c199bdd85529cp+0, 0x1.c67f12e57d14bp+0, 0x1.cb720dcef9069p+0,
    0x1.d072d4a07897cp+0, 0x1.d5818dcfba487p+0, 0x1.da9e603db3285p+0, 0x1.dfc97337b9b5fp+0, 0x1.e502ee78b3ff6p+0,
    0x1.ea4afa2a490dap+0, 0x1.efa1bee615a27p+0, 0x1.f50765b6e4540p+0, 0x1.fa7c1819e90d8p+0};
inline constexpr double kTwoJ64Lo[64] = {
    0x0.0p+0, -0x1.19083535b085dp-56, 0x1.d73e2a475b465p-55, 0x1.186be4bb284ffp-57, 0x1.8a62e4adc610bp-54,
    0x1.03a1727c57b53p-59, -0x1.6c51039449b3ap-54, -0x1.32fbf9af1369ep-54, -0x1.19041b9d78a76p-55,
    0x1.e5b4c7b4968e4p-55, 0x1.e016e00a2643cp-54, 0x1.dc775814a8495p-55, 0x1.9b07eb6c70573p-54,
    0x1.2bd339940e9d9p-55, 0x1.612e8afad1255p-55, 0x1.0024754db41d5p-54, 0x1.6f46ad23182e4p-55,
    0x1.32721843659a6p-54, -0x1.63aeabf42eae2p-54, -0x1.5e436d661f5e3p-56, 0x1.ada0911f09ebcp-55,
    -0x1.ef3691c309278p-58, 0x1.89b7a04ef80d0p-59, 0x1.3c1a3b69062f0p-56, 0x1.d4397afec42e2p-56,
    -0x1.4b309d25957e3p-54, -0x1.07abe1db13cadp-55, 0x1.9bb2c011d93adp-54, 0x1.6324c054647adp-54,
    0x1.ba6f93080e65ep-54, -0x1.383c17e40b497p-54, -0x1.bb60987591c34p-54, -0x1.bdd3413b26456p-54,
    -0x1.bbe3a683c88abp-57, -0x1.16e4786887a99p-55, -0x1.0245957316dd3p-54, -0x1.41577ee04992fp-55,
    0x1.05d02ba15797ep-56, -0x1.d4c1dd41532d8p-54, -0x1.fc6f89bd4f6bap-54, 0x1.6e9f156864b27p-54,
    0x1.5cc13a2e3976cp-55, -0x1.75fc781b57ebcp-57, -0x1.d185b7c1b85d1p-54, 0x1.c7c46b071f2bep-56,
    -0x1.359495d1cd533p-54, -0x1.d2f6edb8d41e1p-54, 0x1.0fac90ef7fd31p-54, 0x1.7a1cd345dcc81p-54,
    -0x1.2805e3084d708p-57, -0x1.5584f7e54ac3bp-56, 0x1.23dd07a2d9e84p-55, 0x1.11065895048ddp-55,
    0x1.2884dff483cadp-54, 0x1.503cbd1e949dbp-56, -0x1.cbc3743797a9cp-54, 0x1.2ed02d75b3707p-55,
    0x1.c2300696db532p-54, -0x1.1a5cd4f184b5cp-54, 0x1.39e8980a9cc8fp-55, -0x1.e9c23179c2893p-54,
    0x1.dc7f486a4b6b0p-54, 0x1.9d3e12dd8a18bp-54, 0x1.74853f3a5931ep-55};
}  // namespace dd_detail

// e^x to about 2^-104 relative: x = (64 m + j) ln2/64 + r (N = 64 m + j = round(64 x/ln 2) from the bits of
// 64 x/ln 2 + 1.5 2^52; N ln2/64 in three parts, the first with 36 bits so that N times it is exact for |N| < 2^17),
// |r| <= ln2/128 as a double-double; e^r - 1 = r + r^2 (1/2 + r (1/6 + r (1/24 + r (1/120 + r w)))) in double-double,
// w = 1/720 + r/5040 + ... + r^5/11! in double (its share below 2^-54: rounding 2^-107; truncation 2^-110);
// e^x = 2^m 2^{j/64} (1 + (e^r - 1)) with 2^{j/64} from a table of double-doubles. inf above
// 709.7, 0 below -745.2, NaN for NaN (selected: no branch). (The previous form, (1 + s)^(2^10) by ten squarings after a Taylor
// series at r/1024, took three times as many operations.)
PRIVOCO_DD_INLINE dd exp_dd(dd x) {
  constexpr double kC1 = 0x1.62e42fefa0000p-1, kC2 = 0x1.cf79abc9e3b3ap-40, kC3 = -0x1.ff0342542fc33p-94;  // ln 2
  constexpr double k64OverLn2 = 0x1.71547652b82fep+6;
  // (the steps run on every argument, out of range ones too, and the result is selected at the end: a select of
  // constant inputs let GCC split the loop bodies into paths it could not vectorise; the table index is masked)
  const bool over = x.hi > 709.7, under = x.hi < -745.2;
  const double xh = x.hi, xl = x.lo;
  const double nd = xh * k64OverLn2 + 0x1.8p52, n = nd - 0x1.8p52;
  std::uint64_t nbits;
  std::memcpy(&nbits, &nd, sizeof nbits);
  const std::int64_t N = static_cast<std::int64_t>(nbits - 0x4338000000000000ULL);
  const std::uint64_t j = static_cast<std::uint64_t>(N) & 63;
  // r = x - N ln2/64: the first part exactly (Sterbenz), the second as an exact product, x's low part in double-double
  // too (it reaches 2^-44 at x = 700: in a double sum its rounding alone was 2^-97 of the result)
  const double r0 = xh - n * (kC1 / 64);
  const dd p2 = two_prod(n, kC2 / 64);
  const dd r = two_sum(r0, -p2.hi) + (two_sum(xl, -p2.lo) + dd{-n * (kC3 / 64), 0});
  const double t = r.hi;
  const double w = 0x1.6c16c16c16c17p-10 + t * (0x1.a01a01a01a01ap-13 + t * (0x1.a01a01a01a01ap-16 +
                   t * (0x1.71de3a556c734p-19 + t * (0x1.27e4fb7789f5cp-22 + t * 0x1.ae64567f544e4p-26))));
  dd s = dd{0x1.1111111111111p-7, 0x1.1111111111111p-63} + r * w;
  s = dd{0x1.5555555555555p-5, 0x1.5555555555555p-59} + r * s;
  s = dd{0x1.5555555555555p-3, 0x1.5555555555555p-57} + r * s;
  s = dd{0.5, 0} + r * s;
  const dd q = r + (r * r) * s;  // e^r - 1
  const dd T{dd_detail::kTwoJ64Hi[j], dd_detail::kTwoJ64Lo[j]};
  const dd e = T + T * q;
  const std::int64_t m = N >> 6;
  const double h = scale2_bits(e.hi, m), l = scale2_bits(e.lo, m);
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
