// Branch-free exp, sinh and double-double pieces for the vectorised kernels (loops the compiler turns into SIMD
// code): no calls, no special cases, valid on the stated argument ranges only (the callers classify points first).
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

#include "privoco/fast/numerics/dd.hpp"  // kLn2Hi, kLn2Lo

// Forced inlining: a call left in a kernel's loop body stops the loop from being vectorised (GCC's inliner
// gave up on the larger kernels).
#define PRIVOCO_KERNEL_INLINE inline __attribute__((always_inline))

// AVX-512, AVX2 and baseline versions of a kernel, dispatched by hand (privoco/fast/simd.hpp): by default the
// widest the CPU supports, or the one a user forces, so that every variant can be tested on one machine. (GCC's
// target_clones cannot be steered, and picks an "arch=haswell" clone only on that processor type.)
// PRIVOCO_VARIANTS(family, ret, name, (params), (args)) defines `ret name(params)`, which calls the always-inline
// `name##_body(args)` compiled three times: family flt targets "avx512f" and "avx2,fma" (floating-point kernels),
// family isa targets the ISA levels x86-64-v4 and v3 (the integer-heavy ones, which need AVX-512DQ's or AVX2's
// 64-bit multiplies, and the xd_batch kernels, whose exponents are 64-bit integers: with "avx512f" alone GCC
// vectorised those at half width, and the x86-64-v4 variants ran 1.3-2.2x faster on most of them). Only the body's inlined code changes with the target, so no out-of-line function built for
// a wider ISA can be picked by the linker for baseline code. Built with -DPRIVOCO_SIMD_VARIANTS=0 (the fuzz
// build), `name` is the baseline alone.
#ifndef PRIVOCO_SIMD_VARIANTS
#define PRIVOCO_SIMD_VARIANTS 1
#endif
#define PRIVOCO_TARGET2_flt "avx512f"
#define PRIVOCO_TARGET1_flt "avx2,fma"
#define PRIVOCO_TARGET2_isa "arch=x86-64-v4"
#define PRIVOCO_TARGET1_isa "arch=x86-64-v3"
#if PRIVOCO_SIMD_VARIANTS
#define PRIVOCO_VARIANTS(family, ret, name, params, args)                                                   \
  __attribute__((target(PRIVOCO_TARGET2_##family))) static ret name##_v2 params { return name##_body args; } \
  __attribute__((target(PRIVOCO_TARGET1_##family))) static ret name##_v1 params { return name##_body args; } \
  static ret name##_v0 params { return name##_body args; }                                                   \
  ret name params {                                                                                          \
    switch (::privoco::fast::numerics::kernel_level_##family()) {                                            \
      case 2: return name##_v2 args;                                                                         \
      case 1: return name##_v1 args;                                                                         \
      default: return name##_v0 args;                                                                        \
    }                                                                                                        \
  }
#else
#define PRIVOCO_VARIANTS(family, ret, name, params, args) \
  ret name params { return name##_body args; }
#endif

namespace privoco::fast::numerics {

// The level in use (2 AVX-512, 1 AVX2, 0 baseline) of each family of kernels (fast/src/simd.cpp).
int kernel_level_flt();
int kernel_level_isa();

PRIVOCO_KERNEL_INLINE double bits_to_double(std::uint64_t u) {
  double x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}
inline std::uint64_t double_to_bits(double x) {
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

// c[First] + x (c[First + 1] + ... + x c[Last]), unrolled; horner(c, x) the whole table.
template <int First, int Last, int N>
PRIVOCO_KERNEL_INLINE double horner_range(const double (&c)[N], double x) {
  static_assert(0 <= First && First <= Last && Last < N);
  double p = c[Last];
#pragma GCC unroll 32
  for (int k = Last - 1; k >= First; --k) p = std::fma(p, x, c[k]);
  return p;
}
template <int N>
PRIVOCO_KERNEL_INLINE double horner(const double (&c)[N], double x) {
  return horner_range<0, N - 1>(c, x);
}

// 1/2!, 1/3!, ..., 1/13! and 1/3!, 1/5!, ..., 1/25! (correctly rounded).
inline constexpr double kExpCoeffs[12] = {
    0.5, 0x1.5555555555555p-3, 0x1.5555555555555p-5, 0x1.1111111111111p-7, 0x1.6c16c16c16c17p-10,
    0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-16, 0x1.71de3a556c734p-19, 0x1.27e4fb7789f5cp-22,
    0x1.ae64567f544e4p-26, 0x1.1eed8eff8d898p-29, 0x1.6124613a86d09p-33};
inline constexpr double kSinhCoeffs[12] = {
    0x1.5555555555555p-3, 0x1.1111111111111p-7, 0x1.a01a01a01a01ap-13, 0x1.71de3a556c734p-19,
    0x1.ae64567f544e4p-26, 0x1.6124613a86d09p-33, 0x1.ae7f3e733b81fp-41, 0x1.952c77030ad4ap-49,
    0x1.2f49b46814157p-57, 0x1.71b8ef6dcf572p-66, 0x1.761b41316381ap-75, 0x1.3f3ccdd165fa9p-84};

// e^x for |x| <= 700: x = k ln2 + r, |r| <= ln2/2 (k by the 1.5 2^52 shifter, whose low mantissa bits then hold
// k); e^r = 1 + q, q = r + r^2 sum_{j>=2} r^{j-2}/j! to degree 13 (truncation 4e-18 relative), the final 1 + q
// the only rounding of size 1/2 ulp; 2^k from the bits.
PRIVOCO_KERNEL_INLINE double exp_k(double x) {
  constexpr double kShifter = 0x1.8p52, kLog2e = 0x1.71547652b82fep0;
  const double kd_shifted = std::fma(x, kLog2e, kShifter);
  const std::uint64_t ki = double_to_bits(kd_shifted);
  const double kd = kd_shifted - kShifter;
  double r = std::fma(kd, -kLn2Hi, x);
  r = std::fma(kd, -kLn2Lo, r);
  const double p = horner(kExpCoeffs, r);  // sum_{j>=2} r^{j-2}/j!
  const double q = std::fma(p, r * r, r);
  const double scale = bits_to_double((ki + 1023) << 52);
  return (1.0 + q) * scale;
}

// sinh t and (roughly) cosh t for 0 <= t <= 700. t < 1.5: the odd Taylor series to t^25 (truncation below
// 1e-21 of sinh), positive terms; otherwise (e^t - e^-t)/2, whose subtraction magnifies errors by coth t <= 1.11.
// cosh is only needed to first order (it multiplies a correction of relative size 1e-16).
PRIVOCO_KERNEL_INLINE void sinh_series_k(double t, double* sh, double* ch);
PRIVOCO_KERNEL_INLINE void sinh_cosh_k(double t, double* sh, double* ch) {
  double s_series, unused;
  sinh_series_k(t, &s_series, &unused);
  const double e = exp_k(t), ei = 1.0 / e;
  const double s_exp = 0.5 * (e - ei);
  *sh = t < 1.5 ? s_series : s_exp;
  *ch = 0.5 * (e + ei);
}

// sinh t by the series of sinh_cosh_k alone, for 0 <= t < 1.5; cosh to first order (1 + t^2/2 + t^4/24).
PRIVOCO_KERNEL_INLINE void sinh_series_k(double t, double* sh, double* ch) {
  const double t2 = t * t;
  const double p = horner(kSinhCoeffs, t2);  // sum_{j>=1} t^{2j-2}/(2j+1)!
  *sh = std::fma(p * t2, t, t);
  *ch = std::fma(t2, std::fma(t2, 1.0 / 24, 0.5), 1.0);
}

// a*b as hi + lo exactly (fma), then the exact product of double-doubles to first order.
PRIVOCO_KERNEL_INLINE void mul_dd(double ah, double al, double bh, double bl, double* hi, double* lo) {
  const double h = ah * bh;
  *hi = h;
  *lo = std::fma(ah, bh, -h) + (ah * bl + al * bh);
}

// The rounding error of a + b (Knuth's TwoSum: no ordering assumption).
PRIVOCO_KERNEL_INLINE double two_sum_err(double a, double b) {
  const double s = a + b, bb = s - a;
  return (a - (s - bb)) + (b - bb);
}

// (ah + al)/(bh + bl) as hi + lo to first order.
PRIVOCO_KERNEL_INLINE void div_dd(double ah, double al, double bh, double bl, double* hi, double* lo) {
  const double q = ah / bh;
  *hi = q;
  *lo = (std::fma(-q, bh, ah) + al - q * bl) / bh;
}

// e^{x + x_lo} for |x| <= 700 as hi + lo (~1e-17 relative): exp_k's reduction with r = x + x_lo - k ln2 kept as
// r_hi + r_lo (k ln2_hi exact by fma), e^r = 1 + r_hi + r_hi^2 P(r_hi) + r_lo (1 + ...) summed in double-double.
// For exponents whose rounding matters: e^{-a^2} of the Gaussian profile, where a^2 reaches 700.
PRIVOCO_KERNEL_INLINE void exp_dd_k(double x, double x_lo, double* hi, double* lo) {
  constexpr double kShifter = 0x1.8p52, kLog2e = 0x1.71547652b82fep0;
  const double kd_shifted = std::fma(x, kLog2e, kShifter);
  const std::uint64_t ki = double_to_bits(kd_shifted);
  const double kd = kd_shifted - kShifter;
  const double p = kd * kLn2Hi, p_lo = std::fma(kd, kLn2Hi, -p);
  const double r = x - p;  // exact: x and k ln2_hi are within a factor 2 (or k = 0)
  const double r_lo = x_lo - p_lo - kd * kLn2Lo;
  const double q = horner(kExpCoeffs, r) * (r * r);  // e^r - 1 - r
  const double s = 1.0 + r, s_err = two_sum_err(1.0, r);
  const double scale = bits_to_double((ki + 1023) << 52);
  const double l = s_err + q + r_lo * (1.0 + r + q);
  *hi = s * scale;
  *lo = l * scale;
}

// ln(1 + y) for -1/2 <= y <= 1e300, ~1 ulp: w = 1 + y rounded, plus its rounding's share (y - (w - 1))/w; ln w =
// k ln 2 + 2 atanh(s), w = 2^k m with m in [sqrt(1/2), sqrt 2), s = (m - 1)/(m + 1), |s| <= 0.1716: the odd series
// 2 (s + s^3/3 + ... + s^23/23) (truncation below 4e-19 relative).
// (1/25 .. 1/31 for log1p_dd_k's longer series)
inline constexpr double kAtanhCoeffs[15] = {1.0 / 3,  1.0 / 5,  1.0 / 7,  1.0 / 9,  1.0 / 11, 1.0 / 13, 1.0 / 15,
                                            1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23, 1.0 / 25, 1.0 / 27, 1.0 / 29,
                                            1.0 / 31};
PRIVOCO_KERNEL_INLINE double log1p_k(double y) {
  const double w = 1.0 + y;
  const double c = (y - (w - 1.0)) / w;
  const std::uint64_t bits = double_to_bits(w);
  const std::uint64_t mant = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;  // m in [1, 2)
  const double m1 = bits_to_double(mant);
  const bool high = m1 > 1.4142135623730951;
  const double m = high ? 0.5 * m1 : m1;
  // the exponent field as a double by the 2^52 trick (an int64 -> double conversion has no AVX2 / AVX-512F form,
  // and stopped GCC from vectorising the loops that call this)
  const double field = bits_to_double(0x4330000000000000ULL | (bits >> 52)) - 0x1p52;
  const double k = field - (high ? 1022.0 : 1023.0);
  const double s = (m - 1.0) / (m + 1.0), s2 = s * s;
  const double tail = 2 * s * s2 * horner_range<0, 10>(kAtanhCoeffs, s2);  // 1/3 .. 1/23
  return std::fma(k, kLn2Hi, 2 * s + (tail + std::fma(k, kLn2Lo, c)));
}

// ln(1 + y) for y = yh + yl, yh >= -1/2, as hi + lo to 2^-66 relative (2^-67.9 the largest seen near w = sqrt 2)
// (log1p_k's ~1 ulp, where ln(1 + y) cancels against a term of its size, lost a factor of that cancellation):
// w = 1 + y as a double-double, w = 2^k m with m in [sqrt(1/2), sqrt 2) (m/w an exact power of two),
// s = (m - 1)/(m + 1) as a double-double (m - 1 = y itself where k = 0), ln m = 2 (s + s^3/3 + s^5/5) in
// double-double plus 2 s^7 (1/7 + s^2/9 + ...) in double (at most 2^-19 of ln m: its rounding ~2^-71 of it; the
// series to s^31/31, truncated below 2^-80 relative).
PRIVOCO_KERNEL_INLINE void log1p_dd_k(double yh, double yl, double* hi, double* lo) {
  const double w0 = 1.0 + yh, w0_lo = two_sum_err(1.0, yh) + yl;
  const double w = w0 + w0_lo, w_lo = two_sum_err(w0, w0_lo);
  const std::uint64_t bits = double_to_bits(w);
  const double m1 = bits_to_double((bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL);  // [1, 2)
  const bool high = m1 > 1.4142135623730951;
  const double m = high ? 0.5 * m1 : m1, m_lo = w_lo * (m / w);
  const double field = bits_to_double(0x4330000000000000ULL | (bits >> 52)) - 0x1p52;  // as in log1p_k
  const double k = field - (high ? 1022.0 : 1023.0);
  // m - 1 and m + 1; where k = 0, m - 1 = y itself (w's low part rounded y's bits away where y is tiny)
  const double nh0 = m - 1.0;  // exact (Sterbenz)
  const double nh1 = nh0 + m_lo, nl1 = two_sum_err(nh0, m_lo);
  const bool k0 = k == 0;
  const double nh = k0 ? yh : nh1, nl = k0 ? yl : nl1;
  const double dh = k0 ? 2.0 + yh : m + 1.0, dl = k0 ? two_sum_err(2.0, yh) + yl : two_sum_err(m, 1.0) + m_lo;
  double sh, sl, s2h, s2l, s3h, s3l, s5h, s5l;
  div_dd(nh, nl, dh, dl, &sh, &sl);
  mul_dd(sh, sl, sh, sl, &s2h, &s2l);
  mul_dd(sh, sl, s2h, s2l, &s3h, &s3l);
  mul_dd(s3h, s3l, s2h, s2l, &s5h, &s5l);
  const double t3h = s3h / 3.0, t3l = (std::fma(-t3h, 3.0, s3h) + s3l) / 3.0;
  const double t5h = s5h / 5.0, t5l = (std::fma(-t5h, 5.0, s5h) + s5l) / 5.0;
  const double tail = s5h * s2h * horner_range<2, 14>(kAtanhCoeffs, s2h);  // 1/7 .. 1/31
  const double a3 = t3h + t5h, a3l = two_sum_err(t3h, t5h) + (t3l + t5l + tail);  // s^3/3 + s^5/5 + ...
  const double ah = sh + a3, al = two_sum_err(sh, a3) + (sl + a3l);              // ln m / 2
  const double p = k * kLn2Hi, pl = std::fma(k, kLn2Hi, -p) + k * kLn2Lo;
  const double h = p + 2 * ah;
  *hi = h;
  *lo = two_sum_err(p, 2 * ah) + (pl + 2 * al);
}

// e^{x + x_lo} - 1 for |x| <= ln 2, ~1 ulp: exp_k's series q = e^h - 1 at h = x (|x| <= ln2/2) or h = x/2, then
// q (q + 2) (the subtraction e^x - 1 would magnify exp's error up to 3.4x there); x_lo to first order.
PRIVOCO_KERNEL_INLINE double expm1_k(double x, double x_lo) {
  const bool half = std::fabs(x) > 0x1.62e42fefa39efp-2;
  const double h = half ? 0.5 * x : x;
  const double q = std::fma(horner(kExpCoeffs, h), h * h, h);
  const double e = half ? q * (q + 2.0) : q;
  return std::fma(x_lo, 1.0 + e, e);
}

}  // namespace privoco::fast::numerics
