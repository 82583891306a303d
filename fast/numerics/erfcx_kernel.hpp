// Branch-free erfcx for the vectorised kernels (VDH's conjugate prior, DP's Gaussian
// profile): forced inline, no calls, valid on the stated ranges only (the callers classify points first).
#pragma once
#include <cmath>
#include <cstdint>

#include "erfcx_table.hpp"
#include "vec_math.hpp"

namespace privoco::fast::numerics {

inline constexpr double kSqrtPiHi = 0x1.c5bf891b4ef6bp+0, kSqrtPiLo = -0x1.618f13eb7ca89p-54;

// F = 1 + (2 y/2)/(1 + (3 y/2)/(1 + ... (K y/2)/1)), y = 1/x^2: the tail of sqrt(pi) erfcx(x) = 1/(x + r),
// r = 1/(2 x F), h(x) = 1 - sqrt(pi) x erfcx(x) = r/(x + r). Forward (Wallis) recurrence of positive terms, one
// division. Relative error for x >= 3 (mpmath): K = 16: 8e-12 at 3, 1e-12 at 3.3, 3e-20 at 6.5; K = 48: 4e-22 at 3.
template <int K>
PRIVOCO_KERNEL_INLINE double cf_F(double y) {
  double p0 = 1, p1 = 1, q0 = 0, q1 = 1;  // P_{k-2}, P_{k-1}, Q_{k-2}, Q_{k-1}
#pragma GCC unroll 64
  for (int k = 2; k <= K; ++k) {
    const double c = 0.5 * k * y;
    const double p2 = std::fma(c, p0, p1), q2 = std::fma(c, q0, q1);
    p0 = p1, p1 = p2, q0 = q1, q1 = q2;
  }
  return p1 / q1;
}

// sqrt(pi) erfcx(x) for x >= 3 by K terms (K = 16: 8e-12 relative at 3, 1e-12 at 3.3; K = 24: 6e-15 at 3).
template <int K>
PRIVOCO_KERNEL_INLINE double sqrtpi_erfcx_k(double x) {
  const double u = 1 / x;
  return 1 / (x + u / (2 * cf_F<K>(u * u)));
}

// sqrt(pi) erfcx(x) = 1/(x + r) for x + x_lo >= 3 as hi + lo: r by K terms (its relative error, ~1e-16 from
// rounding, enters the result times r/x <= 1/18), the sum and the reciprocal in double-double.
template <int K>
PRIVOCO_KERNEL_INLINE void sqrtpi_erfcx_cf_dd(double x, double x_lo, double* hi, double* lo) {
  const double u = 1 / x, r = u / (2 * cf_F<K>(u * u));
  const double t = x + r, t_lo = two_sum_err(x, r) + x_lo;
  div_dd(1.0, 0.0, t, t_lo, hi, lo);
}

// The cell of the double-double Taylor table (erfcx_table.hpp) nearest to x and its centre x0 = k/8: k = round(8x)
// from the low bits of 8x + 1.5 2^52 as a 64-bit index (double -> int conversions of the AVX-512F clone kept GCC
// from vectorising the loop). x is clamped to [-1/16, 3] first, so that lanes whose x is outside the table read
// valid memory (their result is not used); on [-1/16, 3.0625) |x - x0| <= 1/16.
PRIVOCO_KERNEL_INLINE std::uint64_t erfcx_cell_of(double x, double* x0) {
  const double xc = x < 3.0 ? (x > -0.0625 ? x : -0.0625) : 3.0, kd = std::fma(xc, 8.0, 0x1.8p52);
  *x0 = (kd - 0x1.8p52) * 0.125;
  return double_to_bits(kd) & 0xff;
}

// The same with the offset d = x - x0.
PRIVOCO_KERNEL_INLINE std::uint64_t erfcx_cell(double x, double* d) {
  double x0;
  const std::uint64_t k = erfcx_cell_of(x, &x0);
  *d = x - x0;
  return k;
}

// sqrt(pi) erfcx(k/8 + d) from cell k of the table, as hi + lo (~1e-18 relative for |d| <= 1/16).
PRIVOCO_KERNEL_INLINE void sqrtpi_erfcx_at_cell(const ErfcxTable& t, std::uint64_t k, double d, double* hi, double* lo) {
  double tail = t.c[k][ErfcxTable::kTerms - 1];
#pragma GCC unroll 16
  for (int j = ErfcxTable::kTerms - 2; j >= 1; --j) tail = std::fma(tail, d, t.c[k][j]);
  const double td = tail * d, e = t.c0[k].hi + td;
  mul_dd(e, two_sum_err(t.c0[k].hi, td) + t.c0[k].lo, kSqrtPiHi, kSqrtPiLo, hi, lo);
}

// sqrt(pi) erfcx(x) for -1/16 <= x < 3.0625 from the table, as hi + lo (~1e-18 relative).
PRIVOCO_KERNEL_INLINE void sqrtpi_erfcx_table(const ErfcxTable& t, double x, double* hi, double* lo) {
  double d;
  const std::uint64_t k = erfcx_cell(x, &d);
  sqrtpi_erfcx_at_cell(t, k, d, hi, lo);
}

// The same at x + x_lo (a double-double argument: its low part moves erfcx by up to ~|x| ulp).
PRIVOCO_KERNEL_INLINE void sqrtpi_erfcx_table_dd(const ErfcxTable& t, double x, double x_lo, double* hi, double* lo) {
  double d;
  const std::uint64_t k = erfcx_cell(x, &d);
  sqrtpi_erfcx_at_cell(t, k, d + x_lo, hi, lo);
}

}  // namespace privoco::fast::numerics
