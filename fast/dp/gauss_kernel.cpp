// Vectorised kernels of the Gaussian privacy profile delta = (1/2) e^{-a^2} (erfcx(a) - erfcx(b)) (Balle and Wang
// 2018, Thm 8; gauss_kernel.hpp). With S(x) = sqrt(pi) erfcx(x) and D = S(a) - S(b):
// - Continued-fraction difference (a >= 3): S(x) = 1/T_1(x), T_k(x) = x + (k/2)/T_{k+1}(x), so
//   D = Delta_1/(T_1(a) T_1(b)) with Delta_k = T_k(b) - T_k(a) = h - (k/2) Delta_{k+1}/(T_{k+1}(a) T_{k+1}(b)):
//   no difference of nearly equal values at any level (each correction is a fraction < 1 of h). Started at level
//   K from T_K(x) ~ (x + sqrt(x^2 + 2K))/2; truncation (mpmath, every h) below 1e-18 with K = 36 from a = 3, 28
//   from 3.5, 20 from 5, 12 from 8.
// - Divided difference (h <= 1/8, a < 3): erfcx(a) - erfcx(b) = -h sum_{n>=1} c_n q_n, c_n the table cell's
//   Taylor coefficients about the cell of (a + b)/2, q_n = (d_b^n - d_a^n)/(d_b - d_a) by q_{n+1} = d_b q_n + d_a^n;
//   |d| <= 1/8, where the 16-term polynomials' differences are exact to 8.3e-18 (mpmath, every cell).
// - Table difference (h > 1/8, -1/16 <= a < 3): S(a) - S(b) from double-double values (~1e-18): it keeps at
//   least 1/30 of S(a).
// - a < -1/16: delta = 1 - X/2, X = e^{-a^2} (S(|a|) + S(b))/sqrt(pi) <= 2 - 2 delta (eps >= 0 forces a >= -h/2,
//   b >= |a|; delta >= 0.07 there).
// e^{-a^2} from a^2 in double-double (a^2 reaches 744, where a's rounding alone would cost 1500 ulp) times
// 2^64, so that it stays normal wherever delta is.
// The loops over points are what the compiler vectorises (branch-free bodies, no calls), in AVX-512, AVX2 and
// baseline variants, dispatched at each call (PRIVOCO_VARIANTS, privoco/fast/simd.hpp).
#include "gauss_kernel.hpp"

#include <cfloat>
#include <cmath>
#include <cstdint>

#include "../numerics/erfcx_kernel.hpp"

namespace privoco::fast::dp::detail {
using namespace numerics;
namespace {

constexpr double kInvSqrt2Hi = 0x1.6a09e667f3bcdp-1, kInvSqrt2Lo = -0x1.bdd3413b26456p-55;
constexpr double kInv2SqrtPiHi = 0x1.20dd750429b6dp-2, kInv2SqrtPiLo = 0x1.1ae3a914fed80p-58;  // 1/(2 sqrt pi)
constexpr double k64Ln2Hi = 0x1.62e42fefa39efp+5, k64Ln2Lo = 0x1.abc9e3b39803fp-50;

// delta = e^{-a^2} D/(2 sqrt pi) from D = Dh + Dl, rounded once; 0 when it is not a normal double (a^2 > 744 or
// the product below DBL_MIN: the caller then forms ln delta).
PRIVOCO_KERNEL_INLINE double finish(double ah, double al, double Dh, double Dl) {
  double a2h, a2l;
  mul_dd(ah, al, ah, al, &a2h, &a2l);
  const double E0 = k64Ln2Hi - a2h, E0l = two_sum_err(k64Ln2Hi, -a2h) + (k64Ln2Lo - a2l);
  const double E = E0 + E0l, El = two_sum_err(E0, E0l);
  double eh, el;
  exp_dd_k(E > -700 ? E : -700.0, El, &eh, &el);
  double ph, pl, fh, fl;
  mul_dd(eh, el, Dh, Dl, &ph, &pl);
  mul_dd(ph, pl, kInv2SqrtPiHi, kInv2SqrtPiLo, &fh, &fl);
  const double v = (fh + fl) * 0x1p-64;
  return (E > -700) & (v >= DBL_MIN) ? v : 0.0;
}

// b = a + h, normalised.
PRIVOCO_KERNEL_INLINE void b_of(double ah, double al, double hh, double hl, double* bh, double* bl) {
  const double b = ah + hh, b_lo = two_sum_err(ah, hh) + (al + hl);
  *bh = b + b_lo;
  *bl = two_sum_err(b, b_lo);
}

template <int K>
PRIVOCO_KERNEL_INLINE
void cf_kernel(const GaussPoints& __restrict p, int n, double* __restrict v, double* __restrict m1,
               double* __restrict m2) {
  for (int i = 0; i < n; ++i) {
    const double ah = p.a_hi[i], al = p.a_lo[i], hh = p.h_hi[i], hl = p.h_lo[i];
    double bh, bl;
    b_of(ah, al, hh, hl, &bh, &bl);
    // b up to ~1.3e154 (eps near DBL_MAX): b^2 + 2K would overflow, and sqrt(b^2 + 2K) = b there
    const double bc = bh < 1e150 ? bh : 1e150, sb0 = std::sqrt(std::fma(bc, bc, 2.0 * K));
    const double sa = std::sqrt(std::fma(ah, ah, 2.0 * K)), sb = bh < 1e150 ? sb0 : bh;
    double ta = 0.5 * (ah + sa), tb = 0.5 * (bh + sb), dl = 0.5 * hh * (1 + (ah + bh) / (sa + sb));
#pragma GCC unroll 64
    for (int k = K - 1; k >= 2; --k) {
      const double q = (0.5 * k) / (ta * tb);
      const double nta = std::fma(tb, q, ah), ntb = std::fma(ta, q, bh), ndl = std::fma(-dl, q, hh);
      ta = nta, tb = ntb, dl = ndl;
    }
    // level 1 in double-double
    const double q = 0.5 / (ta * tb), ca = tb * q, cb = ta * q, cd = -dl * q;
    const double T1a = ah + ca, T1a_lo = two_sum_err(ah, ca) + al;
    const double T1b = bh + cb, T1b_lo = two_sum_err(bh, cb) + bl;
    const double Del = hh + cd, Del_lo = two_sum_err(hh, cd) + hl;
    double Ph, Pl, Dh, Dl;
    mul_dd(T1a, T1a_lo, T1b, T1b_lo, &Ph, &Pl);
    div_dd(Del, Del_lo, Ph, Pl, &Dh, &Dl);
    m1[i] = Del, m2[i] = 1 / Ph;
    v[i] = finish(ah, al, Dh, Dl);
  }
}

PRIVOCO_KERNEL_INLINE
void small_h_kernel(const ErfcxTable& __restrict t, const GaussPoints& __restrict p, int n, double* __restrict v,
                    double* __restrict m1, double* __restrict m2) {
  for (int i = 0; i < n; ++i) {
    const double ah = p.a_hi[i], al = p.a_lo[i], hh = p.h_hi[i], hl = p.h_lo[i];
    double x0;
    const std::uint64_t k = erfcx_cell_of(ah + 0.5 * hh, &x0);
    const double da = (ah - x0) + al, db = da + hh;
    double qn = 1, pw = da, tail = 0;
#pragma GCC unroll 16
    for (int j = 2; j < ErfcxTable::kTerms; ++j) {
      qn = std::fma(db, qn, pw);
      pw *= da;
      tail = std::fma(t.c[k][j], qn, tail);
    }
    const double c1 = t.c[k][1], s = c1 + tail, sl = two_sum_err(c1, tail) + t.c1_lo[k];  // sum c_n q_n < 0
    double ph, pl, Dh, Dl;
    mul_dd(hh, hl, s, sl, &ph, &pl);
    mul_dd(ph, pl, -kSqrtPiHi, -kSqrtPiLo, &Dh, &Dl);
    m1[i] = hh, m2[i] = -kSqrtPiHi * s;
    v[i] = finish(ah, al, Dh, Dl);
  }
}

// S(x + x_lo) for x >= -1/16 from the table (x < 3.0625) or the continued fraction (kCf: x >= 3).
template <bool kCf>
PRIVOCO_KERNEL_INLINE void S_of(const ErfcxTable& t, double x, double x_lo, double* hi, double* lo) {
  if constexpr (kCf) sqrtpi_erfcx_cf_dd<48>(x, x_lo, hi, lo);
  else sqrtpi_erfcx_table_dd(t, x, x_lo, hi, lo);
}

template <bool kBcf>
PRIVOCO_KERNEL_INLINE
void table_kernel(const ErfcxTable& __restrict t, const GaussPoints& __restrict p, int n, double* __restrict v,
                  double* __restrict m1, double* __restrict m2) {
  for (int i = 0; i < n; ++i) {
    const double ah = p.a_hi[i], al = p.a_lo[i];
    double bh, bl, sah, sal, sbh, sbl;
    b_of(ah, al, p.h_hi[i], p.h_lo[i], &bh, &bl);
    sqrtpi_erfcx_table_dd(t, ah, al, &sah, &sal);
    S_of<kBcf>(t, bh, bl, &sbh, &sbl);
    const double Dh = sah - sbh, Dl = two_sum_err(sah, -sbh) + (sal - sbl);
    m1[i] = Dh + Dl, m2[i] = 1;
    v[i] = finish(ah, al, Dh, Dl);
  }
}

template <bool kBcf>
PRIVOCO_KERNEL_INLINE
void neg_near_kernel(const ErfcxTable& __restrict t, const GaussPoints& __restrict p, int n, double* __restrict v) {
  for (int i = 0; i < n; ++i) {
    const double ah = p.a_hi[i], al = p.a_lo[i];
    double bh, bl, s1h, s1l, sbh, sbl;
    b_of(ah, al, p.h_hi[i], p.h_lo[i], &bh, &bl);
    sqrtpi_erfcx_table_dd(t, -ah, -al, &s1h, &s1l);
    S_of<kBcf>(t, bh, bl, &sbh, &sbl);
    const double sh = s1h + sbh, sl = two_sum_err(s1h, sbh) + (s1l + sbl);
    double a2h, a2l, eh, el, xh, xl, yh, yl;
    mul_dd(ah, al, ah, al, &a2h, &a2l);
    exp_dd_k(-a2h, -a2l, &eh, &el);
    mul_dd(eh, el, sh, sl, &xh, &xl);
    mul_dd(xh, xl, kInv2SqrtPiHi, kInv2SqrtPiLo, &yh, &yl);  // X/2
    v[i] = (1 - yh) + (two_sum_err(1.0, -yh) - yl);
  }
}

PRIVOCO_KERNEL_INLINE
void neg_far_kernel(const GaussPoints& __restrict p, int n, double* __restrict v) {
  for (int i = 0; i < n; ++i) {
    const double ah = p.a_hi[i], bh = ah + p.h_hi[i];
    const double a2 = ah * ah, e = exp_k(-(a2 < 700 ? a2 : 700.0));
    v[i] = 1 - e * (sqrtpi_erfcx_k<24>(-ah) + sqrtpi_erfcx_k<24>(bh)) * kInv2SqrtPiHi;
  }
}

}  // namespace

PRIVOCO_KERNEL_INLINE void reduce_kernel_body(const double* __restrict eps, const double* __restrict mu_hi,
                                              const double* __restrict mu_lo, int n, GaussPoints& __restrict out,
                                              int* __restrict region) {
  for (int i = 0; i < n; ++i) {
    const double e = eps[i], mh = mu_hi[i], ml = mu_lo[i];
    const double q = e / mh, q_lo = (std::fma(-q, mh, e) - q * ml) / mh;  // eps/mu
    const double x = q - 0.5 * mh, x_lo = two_sum_err(q, -0.5 * mh) + (q_lo - 0.5 * ml);
    double ah, al, hh, hl;
    mul_dd(x, x_lo, kInvSqrt2Hi, kInvSqrt2Lo, &ah, &al);
    mul_dd(mh, ml, kInvSqrt2Hi, kInvSqrt2Lo, &hh, &hl);
    const double a = ah + al, h = hh + hl;
    out.a_hi[i] = a, out.a_lo[i] = two_sum_err(ah, al);
    out.h_hi[i] = h, out.h_lo[i] = two_sum_err(hh, hl);
    const double b = a + h;
    const int cf = a < 3.5 ? kCf36 : (a < 5 ? kCf28 : (a < 8 ? kCf20 : kCf12));
    int r = a < 3 ? (h <= kSmallHMax ? kSmallH : (b < kTableEnd ? kTable : kTableCf)) : cf;
    r = a < -0.0625 ? (b < kTableEnd ? kNegNear : kNegNearCf) : r;
    r = a < -3 ? kNegFar : r;
    r = a >= kHugeA ? kHuge : r;
    region[i] = a < INFINITY ? r : kZero;  // a = NaN: eps/mu = inf
  }
}
PRIVOCO_VARIANTS(flt, void, reduce_kernel,
                 (const double* __restrict eps, const double* __restrict mu_hi, const double* __restrict mu_lo, int n,
                  GaussPoints& __restrict out, int* __restrict region),
                 (eps, mu_hi, mu_lo, n, out, region))

PRIVOCO_KERNEL_INLINE void pack_kernel_body(const GaussPoints& __restrict all, const int* __restrict idx, int n,
                                            GaussPoints& __restrict packed) {
  for (int j = 0; j < n; ++j) {
    const int i = idx[j];
    packed.a_hi[j] = all.a_hi[i], packed.a_lo[j] = all.a_lo[i];
    packed.h_hi[j] = all.h_hi[i], packed.h_lo[j] = all.h_lo[i];
  }
}
PRIVOCO_VARIANTS(flt, void, pack_kernel,
                 (const GaussPoints& __restrict all, const int* __restrict idx, int n, GaussPoints& __restrict packed),
                 (all, idx, n, packed))

PRIVOCO_KERNEL_INLINE void region_kernel_body(int region, const GaussPoints& p, int n, double* v, double* m1,
                                              double* m2) {
  const ErfcxTable& t = erfcx_table();
  switch (region) {
    case kNegFar: return neg_far_kernel(p, n, v);
    case kNegNear: return neg_near_kernel<false>(t, p, n, v);
    case kNegNearCf: return neg_near_kernel<true>(t, p, n, v);
    case kSmallH: return small_h_kernel(t, p, n, v, m1, m2);
    case kTable: return table_kernel<false>(t, p, n, v, m1, m2);
    case kTableCf: return table_kernel<true>(t, p, n, v, m1, m2);
    case kCf36: return cf_kernel<36>(p, n, v, m1, m2);
    case kCf28: return cf_kernel<28>(p, n, v, m1, m2);
    case kCf20: return cf_kernel<20>(p, n, v, m1, m2);
    case kCf12: return cf_kernel<12>(p, n, v, m1, m2);
    default: return;
  }
}
PRIVOCO_VARIANTS(flt, void, region_kernel, (int region, const GaussPoints& p, int n, double* v, double* m1, double* m2),
                 (region, p, n, v, m1, m2))

}  // namespace privoco::fast::dp::detail
