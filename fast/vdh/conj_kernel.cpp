// VDH eq (5) = (3.3.2) with the conjugate prior, by quadrature: w = C n / z with
//   n = int_{-1}^{1} x e^{lambda x - mu x^2} dx = 2 sum_i w_i x_i sinh(lambda x_i) e^{-mu x_i^2},
//   z = int_{-1}^{1} e^{-mu_b x^2} dx          = 2 e^{-mu_b} sum_k (2 mu_b)^k/(2k+1)!!  (positive nodes x_i).
// Every term is positive: no cancellation. The rounding of each argument (lambda x_i, mu x_i^2) would cost up to
// 3 ulp at lambda = 6 (sinh's condition number is lambda x coth(lambda x)); it is restored to first order from the
// double-double inputs and nodes. Sums are compensated. The loop over points is what the compiler vectorises;
// target_clones builds AVX-512, AVX2 and baseline versions and picks one at load time.
#include "conj_kernel.hpp"

#include <cmath>

#include "gauss_half.hpp"
#include "privoco/fast/dd.hpp"
#include "scaled.hpp"
#include "vec_math.hpp"

namespace privoco::fast::vdh::detail {
namespace {

// a*b as hi + lo exactly (fma), then the exact product of double-doubles to first order.
inline void mul_dd(double ah, double al, double bh, double bl, double* hi, double* lo) {
  const double h = ah * bh;
  *hi = h;
  *lo = std::fma(ah, bh, -h) + (ah * bl + al * bh);
}

// The rounding error of a + b (Knuth's TwoSum: no ordering assumption).
inline double two_sum_err(double a, double b) {
  const double s = a + b, bb = s - a;
  return (a - (s - bb)) + (b - bb);
}

// 1/(2k+1)!!, k = 0..23, correctly rounded.
constexpr double kInvOddFact[24] = {
    0x1.0000000000000p+0, 0x1.5555555555555p-2, 0x1.1111111111111p-4, 0x1.3813813813814p-7,
    0x1.1566abc011567p-10, 0x1.937e11175f095p-14, 0x1.f09b28ba4d955p-18, 0x1.08db48ebe51c7p-21,
    0x1.f28db670be53bp-26, 0x1.a3d5a71b92cd3p-30, 0x1.3fdfbc45c52eap-34, 0x1.bd0ac3296b624p-39,
    0x1.1cd3b01a822a6p-43, 0x1.519297d390c9fp-48, 0x1.747e72912d023p-53, 0x1.808286c768445p-58,
    0x1.74dba97b8be52p-63, 0x1.54e6174c62a5ap-68, 0x1.26d4d5e132b8cp-73, 0x1.e3d36c1c38faap-79,
    0x1.799ec4c4db4d0p-84, 0x1.19050980a3336p-89, 0x1.8fac24452c5fdp-95, 0x1.101e0dcd0ddf3p-100
};

// M_0(mu) = int_0^1 e^{-mu x^2} dx = e^{-mu} sum_{k>=0} (2mu)^k/(2k+1)!! (positive terms; the erf series) with K
// terms (tail below 2^-60 of the sum for mu <= 1.5 at K = 24; mpmath). mu_lo enters to first order. Horner's
// roundings add up to ~mu ulp (the sum's mass sits at k ~ 2 mu), so only for mu <= 1.5.
template <int K>
inline double m0_kummer(double mh, double ml) {
  const double y = 2 * mh;
  double s = kInvOddFact[K - 1];
#pragma GCC unroll 64
  for (int k = K - 2; k >= 0; --k) s = std::fma(s, y, kInvOddFact[k]);
  const double e = exp_k(-mh);
  return std::fma(-e * s, ml, e * s);
}

// kSmall: every lambda of the call is <= 1.5, so sinh takes its series only (no exp, no division).
template <int M, bool kSmall>
__attribute__((target_clones("avx512f", "arch=haswell", "default")))
void kernel(const GaussHalf<M>& g, const GlPoints& p, int n, double* out) {
  for (int i = 0; i < n; ++i) {
    const double lh = p.lam_hi[i], ll = p.lam_lo[i], mh = p.mu_hi[i], ml = p.mu_lo[i];
    const double bh = p.mub_hi[i], bl = p.mub_lo[i];
    double ns = 0, nc = 0;  // n/2 and its compensation
#pragma GCC unroll 16
    for (int k = 0; k < M; ++k) {
      double th, te, ah, ae;
      mul_dd(lh, ll, g.x[k], g.x_lo[k], &th, &te);      // lambda x_k
      mul_dd(mh, ml, g.x2[k], g.x2_lo[k], &ah, &ae);    // mu x_k^2
      double sh, ch;
      if constexpr (kSmall) {
        sinh_series_k(th, &sh, &ch);
      } else {
        sinh_cosh_k(th, &sh, &ch);
      }
      const double ga = exp_k(-ah);
      const double base = sh * ga;                            // sinh(lambda x) e^{-mu x^2}, to first order
      const double corr = std::fma(ch * ga, te, -base * ae);  // + (cosh te - sinh ae) e^{-mu x^2}
      const double t = g.wx[k] * base;
      nc += two_sum_err(ns, t) + std::fma(g.wx[k], base, -t) + (g.wx_lo[k] * base + g.wx[k] * corr);
      ns += t;
    }
    double zs, zc = 0;  // z/2 and its compensation
    if constexpr (M == 8) {
      zs = m0_kummer<24>(bh, bl);
    } else {  // Horner's roundings in the series grow with mu (11 ulp in w at mu = 11.7): the rule instead
      zs = 0;
#pragma GCC unroll 16
      for (int k = 0; k < M; ++k) {
        double ah, ae;
        mul_dd(bh, bl, g.x2[k], g.x2_lo[k], &ah, &ae);  // mu_b x_k^2
        const double gb = exp_k(-ah), u = g.w[k] * gb;
        zc += two_sum_err(zs, u) + std::fma(g.w[k], gb, -u) + (g.w_lo[k] * gb - u * ae);
        zs += u;
      }
    }
    // |w| = C (ns + nc)/(zs + zc), in double-double to the last rounding.
    const double q1 = ns / zs;
    const double rem = std::fma(-q1, zs, ns) + nc - q1 * zc;
    const double q2 = rem / zs;
    const double v = p.C_hi[i] * q1;
    out[i] = v + (std::fma(p.C_hi[i], q1, -v) + p.C_hi[i] * q2 + p.C_lo[i] * q1);
  }
}

}  // namespace

__attribute__((target_clones("avx512f", "arch=haswell", "default")))
void reduce_kernel(const double* L, const double* V, const double* b, const double* G, int n, GlPoints& out) {
  for (int i = 0; i < n; ++i) {
    const dd C = scale_C(G[i]);
    const dd lambda = C * std::fabs(L[i]);
    const dd mu = (C * two_sum(b[i], V[i])) * C;
    const dd mu_b = (C * b[i]) * C;
    out.C_hi[i] = C.hi, out.C_lo[i] = C.lo, out.lam_hi[i] = lambda.hi, out.lam_lo[i] = lambda.lo;
    out.mu_hi[i] = mu.hi, out.mu_lo[i] = mu.lo, out.mub_hi[i] = mu_b.hi, out.mub_lo[i] = mu_b.lo;
  }
}

void gl_pred_kernel(int m, bool small, const GlPoints& p, int n, double* out) {
  if (m == 8) small ? kernel<8, true>(kGauss16, p, n, out) : kernel<8, false>(kGauss16, p, n, out);
  else if (m == 12) small ? kernel<12, true>(kGauss24, p, n, out) : kernel<12, false>(kGauss24, p, n, out);
  else small ? kernel<16, true>(kGauss32, p, n, out) : kernel<16, false>(kGauss32, p, n, out);
}

}  // namespace privoco::fast::vdh::detail
