// Vectorised kernels of VDH eq (5) = (3.3.2) with the conjugate prior, w = C n / z with
//   n = int_{-1}^{1} x e^{lambda x - mu x^2} dx,  z = int_{-1}^{1} e^{-mu_b x^2} dx = 2 M_0(mu_b).
// Quadrature (lambda <= 6, mu <= 14): n = 2 sum_i w_i x_i sinh(lambda x_i) e^{-mu x_i^2} over the positive nodes;
//   every term positive; the rounding of each argument (lambda x_i, mu x_i^2) would cost up to 3 ulp at lambda = 6
//   (sinh's condition number is lambda x coth(lambda x)), so it is restored to first order from the
//   double-double inputs and nodes; sums compensated.
// Peak inside (a >= 3.3): completed square, n = e^E/sqrt(mu) [c sqrt(pi) D/2 - e^{-a^2} (1 - e^{-2 lambda})/(2 sqrt mu)],
//   E = lambda^2/(4mu), c = lambda/(2mu), D = 2 - erfc(a) - erfc(b'), b'^2 = a^2 + 2 lambda; erfc(a) <= 3.1e-6 is
//   needed to 1e-12 only.
// Peak beyond the edge (lambda >= 20, p >= 3): with d = lambda - 2mu = 2 p sqrt(mu) and F the continued fraction
//   below, sqrt(pi) erfcx(p) = 1/(p + r), h(p) = r/(p + r), r = 1/(2pF), so the endpoint form
//   n = e^{lambda - mu}/(2mu) [sqrt(mu) sqrt(pi) erfcx(p) - h(p)] becomes n = e^{lambda - mu} (dF - 1)/(d^2 F + 2mu)
//   (the e^{-2 lambda} terms are below 4e-18 relative for lambda >= 20).
// The loops over points are what the compiler vectorises (branch-free bodies, no calls), in AVX-512, AVX2 and
// baseline variants, dispatched at each call (PRIVOCO_VARIANTS, privoco/fast/simd.hpp).
#include "conj_kernel.hpp"

#include <cmath>
#include <cstdint>

#include "../numerics/erfcx_kernel.hpp"
#include "../numerics/gauss_half.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "../numerics/scaled.hpp"
#include "../numerics/vec_math.hpp"

namespace privoco::fast::vdh::detail {
using namespace numerics;
namespace {


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
PRIVOCO_KERNEL_INLINE double m0_kummer(double mh, double ml) {
  const double y = 2 * mh;
  double s = kInvOddFact[K - 1];
#pragma GCC unroll 64
  for (int k = K - 2; k >= 0; --k) s = std::fma(s, y, kInvOddFact[k]);
  const double e = exp_k(-mh);
  return std::fma(-e * s, ml, e * s);
}

// min(x, 700) and min(x, 300) as selects (std::fmin's NaN rules keep loops from vectorising). Terms that are
// corrections below e^{-300} of the result are capped there: at e^{-700} their products became subnormal, and
// subnormal arithmetic made the kernels 2-3x slower on the report's sample.
PRIVOCO_KERNEL_INLINE double cap700(double x) { return x < 700 ? x : 700.0; }
PRIVOCO_KERNEL_INLINE double cap300(double x) { return x < 300 ? x : 300.0; }

// 1 - e^{-y} for y >= 0 to ~1e-15 relative (it multiplies terms below 1e-5 of the result): series below 0.1.
PRIVOCO_KERNEL_INLINE double one_minus_exp_neg(double y) {
  const double series = y * (1 - y * (0.5 - y * (1.0 / 6 - y * (1.0 / 24 - y * (1.0 / 120 - y * (1.0 / 720 - y / 5040))))));
  const double direct = 1 - exp_k(-cap300(y));
  return y < 0.1 ? series : direct;
}

// m = hi + lo times e^{E}: the value when E_hi <= 700 (exp_k's range), else 0 (the caller then scales with finish).
PRIVOCO_KERNEL_INLINE double times_exp(double m_hi, double m_lo, double E_hi, double E_lo) {
  const double e = exp_k(cap700(E_hi));
  const double v = m_hi * e;
  return E_hi <= 700 ? v + (std::fma(m_hi, e, -v) + e * (m_lo + m_hi * E_lo)) : 0.0;
}

// s = sqrt(x_hi) rounded, and rel = sqrt(x_hi + x_lo)/s - 1 to first order
PRIVOCO_KERNEL_INLINE double sqrt_rel(double xh, double xl, double* rel) {
  const double s = std::sqrt(xh);
  *rel = -std::fma(-s, s, xh) / (2 * xh) - xl / (2 * xh);
  return s;
}

// C / sqrt(mu) as hi * (1 + rel) to first order (C, mu double-doubles).
PRIVOCO_KERNEL_INLINE double c_over_sqrt_mu(double Ch, double Cl, double mh, double ml, double* rel) {
  const double s = std::sqrt(mh), q = Ch / s;
  *rel = std::fma(-q, s, Ch) / Ch + Cl / Ch - std::fma(-s, s, mh) / (2 * mh) - ml / (2 * mh);
  return q;
}

// kSmall: every lambda of the call is <= 1.5, so sinh takes its series only (no exp, no division).
template <int M, bool kSmall>
PRIVOCO_KERNEL_INLINE
void gl_kernel(const GaussHalf<M>& g, const ReducedPoints& __restrict p, const double* __restrict zhalf, int n,
               double* __restrict out) {
  for (int i = 0; i < n; ++i) {
    const double lh = p.lam_hi[i], ll = p.lam_lo[i], mh = p.mu_hi[i], ml = p.mu_lo[i];
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
    // |w| = C (ns + nc)/zhalf, in double-double to the last rounding.
    const double zs = zhalf[i];
    const double q1 = ns / zs;
    const double q2 = (std::fma(-q1, zs, ns) + nc) / zs;
    const double v = p.C_hi[i] * q1;
    out[i] = v + (std::fma(p.C_hi[i], q1, -v) + p.C_hi[i] * q2 + p.C_lo[i] * q1);
  }
}

// Beyond the edge: d = lambda - 2 mu and the fraction F at 1/p^2 = 4 mu/d^2 (floored: F = 1 to 1e-200), d F and
// den = d^2 F + 2 mu, each as hi + lo (the prediction's and the potential's kernels share them).
struct BeyondParts {
  double dh, dl, F, dFh, dFl, den, den_lo;
};
template <bool kFast>
PRIVOCO_KERNEL_INLINE BeyondParts beyond_parts(double lh, double ll, double mh, double ml) {
  BeyondParts r;
  const double dh0 = lh - 2 * mh, dl0 = two_sum_err(lh, -2 * mh) + (ll - 2 * ml);
  r.dh = dh0 + dl0, r.dl = two_sum_err(dh0, dl0);
  const double y0 = 4 * mh / (r.dh * r.dh), y = y0 > 1e-200 ? y0 : 1e-200;
  r.F = kFast ? cf_F<16>(y) : cf_F<48>(y);
  r.dFh = r.dh * r.F, r.dFl = std::fma(r.dh, r.F, -r.dFh) + r.dl * r.F;
  double d2h, d2l;
  mul_dd(r.dh, r.dl, r.dh, r.dl, &d2h, &d2l);
  const double dfh = d2h * r.F, dfl = std::fma(d2h, r.F, -dfh) + d2l * r.F;
  r.den = dfh + 2 * mh, r.den_lo = two_sum_err(dfh, 2 * mh) + dfl + 2 * ml;
  return r;
}

// 1/(2k)!, k = 2..13 (correctly rounded): cosh t - 1 - t^2/2 = t^4 sum_k t^{2k-4}/(2k)!.
constexpr double kInvEvenFact[12] = {
    0x1.5555555555555p-5, 0x1.6c16c16c16c17p-10, 0x1.a01a01a01a01ap-16, 0x1.27e4fb7789f5cp-22,
    0x1.1eed8eff8d898p-29, 0x1.93974a8c07c9dp-37, 0x1.ae7f3e733b81fp-45, 0x1.6827863b97d97p-53,
    0x1.e542ba4020225p-62, 0x1.0ce396db7f853p-70, 0x1.f2cf01972f578p-80, 0x1.88e85fc6a4e5ap-89};

// VDH eq (4) = (3.3.1) with the conjugate prior by the same rule: F = (i0 - z)/z = S/zhalf with
//   S = int_0^1 e^{-mu_b x^2} g(x) dx,  g = (cosh(lambda x) - 1) e^{-nu x^2} + expm1(-nu x^2),  nu = C^2 V
// (e^{lambda x - mu x^2} over [-1, 1] is 2 cosh(lambda x) e^{-mu x^2} over [0, 1], and mu = mu_b + nu). The quotient
// i0/z - 1 lost the bits of 1/|F|; here each part of g is formed to ~2^-55 relative (cosh t - 1 by its series with
// t^2/2 in double-double below t = 1.5, e^{-nu x^2} and e^{-mu_b x^2} by exp_dd_k, expm1 by exp_k's series below
// ln 2 / 2) and g as a double-double sum, so only where the two parts cancel does F lose accuracy: bound[i] is
// int e^{-mu_b x^2} (|first part| + |second part|) / zhalf, which the caller compares with |F| (taken where it is
// <= 16 |F|: at 9.8 |F| the kernel's F was still within 1 ulp, the double-double g keeps most of the cancelled bits).
// exp_dd_k's pair renormalised (its hi is (1 + r) 2^k, with e^r - 1 - r left in lo).
PRIVOCO_KERNEL_INLINE void exp_dd_norm(double x, double x_lo, double* hi, double* lo) {
  double h, l;
  exp_dd_k(x, x_lo, &h, &l);
  *hi = h + l;
  *lo = l - (*hi - h);
}

template <int M, bool kSmall>
PRIVOCO_KERNEL_INLINE
void gl_pot(const GaussHalf<M>& g, const ReducedPoints& __restrict p, const double* __restrict mub_hi,
            const double* __restrict mub_lo, const double* __restrict V, const double* __restrict zhalf, int n,
            double* __restrict out, double* __restrict bound) {
  for (int i = 0; i < n; ++i) {
    const double lh = p.lam_hi[i], ll = p.lam_lo[i], bh = mub_hi[i], bl = mub_lo[i], Ch = p.C_hi[i], Cl = p.C_lo[i];
    // nu = C (C V) as hi + lo; C V below 2^-960 (its rounding no longer relative): bound = inf (the scalar route)
    double cvh, cvl, nh, nl;
    mul_dd(Ch, Cl, V[i], 0, &cvh, &cvl);
    mul_dd(Ch, Cl, cvh, cvl, &nh, &nl);
    const bool nu_ok = (V[i] == 0) | (cvh >= 0x1p-960);
    double ss = 0, sc = 0, parts = 0;
#pragma GCC unroll 16
    for (int k = 0; k < M; ++k) {
      double th, te, qh, qe, sh, se;
      mul_dd(lh, ll, g.x[k], g.x_lo[k], &th, &te);    // t = lambda x
      mul_dd(bh, bl, g.x2[k], g.x2_lo[k], &qh, &qe);  // mu_b x^2
      mul_dd(nh, nl, g.x2[k], g.x2_lo[k], &sh, &se);  // s = nu x^2
      // cosh t - 1: t^2/2 + t^4 P(t^2) below 1.5 (positive terms), (e^t + e^-t)/2 - 1 above
      double yh, yl;
      mul_dd(th, te, th, te, &yh, &yl);
      double c_hi = 0.5 * yh, c_lo = 0.5 * yl + yh * yh * horner(kInvEvenFact, yh);
      if constexpr (!kSmall) {
        double eh, el;
        exp_dd_norm(th, te, &eh, &el);
        const double big_hi = 0.5 * eh - 1.0, big_lo = two_sum_err(0.5 * eh, -1.0) + 0.5 * el + 0.5 / eh;
        const bool series = th < 1.5;
        c_hi = series ? c_hi : big_hi;
        c_lo = series ? c_lo : big_lo;
      }
      // e^{-s} and expm1(-s): the series of exp_k for s <= ln2/2, e^{-s} - 1 above (exact by Sterbenz to s = ln 2)
      double Eh, El;
      exp_dd_norm(-sh, -se, &Eh, &El);
      const double r = -sh;
      const double m_series_lo = r * r * horner(kExpCoeffs, r) + (-se) * (1.0 + r);
      const double m_direct_hi = Eh - 1.0, m_direct_lo = two_sum_err(Eh, -1.0) + El;
      const bool small_s = sh <= 0x1.62e42fefa39efp-2;
      const double m_hi = small_s ? r : m_direct_hi, m_lo = small_s ? m_series_lo : m_direct_lo;
      // g = (cosh t - 1) e^{-s} + expm1(-s) as hi + lo
      const double ph = c_hi * Eh, pl = std::fma(c_hi, Eh, -ph) + (c_hi * El + c_lo * Eh);
      const double gh = ph + m_hi, gl = two_sum_err(ph, m_hi) + (pl + m_lo);
      // times e^{-mu_b x^2}
      double Qh, Ql;
      exp_dd_norm(-qh, -qe, &Qh, &Ql);
      const double hh = Qh * gh, hl = std::fma(Qh, gh, -hh) + (Qh * gl + Ql * gh);
      const double t = g.w[k] * hh;
      sc += two_sum_err(ss, t) + std::fma(g.w[k], hh, -t) + (g.w_lo[k] * hh + g.w[k] * hl);
      ss += t;
      parts += g.w[k] * Qh * (std::fabs(ph) + std::fabs(m_hi));
    }
    const double zs = zhalf[i];
    const double q1 = ss / zs;
    const double q2 = (std::fma(-q1, zs, ss) + sc) / zs;
    out[i] = q1 + q2;
    bound[i] = nu_ok ? parts / zs : INFINITY;
  }
}

// VDH eq (4) with the Gaussian peak inside, a >= kInsideAMin (kFar: a >= kInsideFarAMin, the erfc terms <= 4e-23
// dropped in the P-form): 1 + F = i0/z = P = R e^E (1 - t), R = sqrt(pi)/(2 sqrt(mu) zhalf), E = lambda^2/(4 mu),
// t = (erfc(a) + erfc(b'))/2 (as the prediction's kernel). Two forms, ok[i] = 0 where neither holds:
// - F = (P_hi - 1) + P_lo with P a double-double, where P >= 2 or P <= 1/2 (|F| >= P/2: zhalf's rounding, the
//   largest of P's errors, is at most doubled);
// - F = expm1(x), x = E - log1p(nu/mu_b)/2 + log1p(-t) - log1p(-erfc(sqrt mu_b)) (zhalf = sqrt(pi) erf(sqrt mu_b)/(2
//   sqrt mu_b), mu = mu_b (1 + nu/mu_b)), where mu_b >= 9 (the erfcs by 48 terms of the continued fraction, 4e-22
//   relative from 3 on; the table's lookup kept GCC from vectorising the loop) and |x| <= ln 2: F near 0 without
//   the quotient's cancellation. E and log1p(nu/mu_b) in double-double (they cancel where F is near 0: in double,
//   the form had to be refused wherever they exceeded 1.5 |x|, 3% of the points), the erfc terms ~1 ulp; taken
//   where 2^-10 (E + log1p/2) + 4 (t + erfc) <= 1.5 |x|.
// kPOnly: the P-form alone (ok[i] = 0 where it does not hold): the caller's first pass; the points it leaves take
// both forms in a second pass, with the same bits as one pass over all (the P-form takes 45-56% of the sampled points
// of these classes, and the x-form's erfc terms and logarithms are most of the kernel's time).
template <bool kFar, bool kPOnly>
PRIVOCO_KERNEL_INLINE
void inside_pot(const ReducedPoints& __restrict p, const double* __restrict mub_hi,
                const double* __restrict mub_lo, const double* __restrict V, const double* __restrict zhalf, int n,
                double* __restrict out, double* __restrict ok, double* __restrict m_out, double* __restrict E_hi,
                double* __restrict E_lo) {
  for (int i = 0; i < n; ++i) {
    const double lh = p.lam_hi[i], ll = p.lam_lo[i], mh = p.mu_hi[i], ml = p.mu_lo[i], bh = mub_hi[i], bl = mub_lo[i];
    const double q1 = lh / mh, q2 = (std::fma(-q1, mh, lh) + ll - q1 * ml) / mh;
    double Eh, El;
    mul_dd(q1, q2, lh, ll, &Eh, &El);
    Eh *= 0.25, El *= 0.25;
    // t (the P-form drops it where kFar; the x-form needs it against erfc(sqrt mu_b) of the same size at V = 0)
    // a^2 = mu - lambda + E and b'^2 = a^2 + 2 lambda as double-doubles: the exponents of e^{-a^2} (their rounding,
    // up to 49 ulp-relative at a = 7, went into t, and t may not be small beside x)
    const double A = mh - lh, A2 = A + Eh;
    const double A2_lo = two_sum_err(mh, -lh) + two_sum_err(A, Eh) + ((ml - ll) + El);
    const double a2 = A2 + A2_lo, a2_lo = two_sum_err(A2, A2_lo);
    const double b2 = a2 + 2 * lh, b2_lo = two_sum_err(a2, 2 * lh) + (a2_lo + 2 * ll);
    const double ea = exp_k(-cap700(a2)) * (1 - a2_lo), eb = exp_k(-cap700(b2)) * (1 - b2_lo);
    // (0 past a^2 = 700: e^{-700} stands in for smaller values, and is not small against every x; such x are
    // refused below unless |x| >= 1e-280, where e^{-700} < 2^-60 |x|)
    const double t = a2 > 700 ? 0.0 : 0.5 * (ea * sqrtpi_erfcx_k<48>(std::sqrt(a2)) + eb * sqrtpi_erfcx_k<48>(std::sqrt(b2))) / kSqrtPiHi;
    const double tP = kFar ? 0.0 : t;
    // P = R e^E (1 - t); 1/sqrt(mu) = r (1 + eps - delta), r = 1/s, s = sqrt(mu_hi) rounded
    const double sq = std::sqrt(mh), r = 1.0 / sq;
    const double rel = std::fma(-r, sq, 1.0) - (std::fma(-sq, sq, mh) + ml) / (2 * mh);
    double Ah, Al, Rh, Rl, eh, el, Ph, Pl;
    mul_dd(0.5 * kSqrtPiHi, 0.5 * kSqrtPiLo, r, r * rel, &Ah, &Al);
    div_dd(Ah, Al, zhalf[i], 0, &Rh, &Rl);
    exp_dd_norm(cap700(Eh), El, &eh, &el);
    mul_dd(Rh, Rl, eh, el, &Ph, &Pl);
    Pl -= Ph * tP;
    const double FP = (Ph - 1.0) + (two_sum_err(Ph, -1.0) + Pl);
    const bool okP = (Eh <= 700) & ((Ph >= 2) | (Ph <= 0.5));
    m_out[i] = Rh * (1 - tP), E_hi[i] = Eh, E_lo[i] = El;
    if constexpr (kPOnly) {
      out[i] = FP;
      ok[i] = okP ? 1.0 : 0.0;
      continue;
    }
    // x-form: nu = C (C V); erfc(sqrt mu_b) = e^{-mu_b} S/sqrt(pi), S from the table below 3.0625, else the fraction
    double cvh, cvl, nh, nl;
    mul_dd(p.C_hi[i], p.C_lo[i], V[i], 0, &cvh, &cvl);
    mul_dd(p.C_hi[i], p.C_lo[i], cvh, cvl, &nh, &nl);
    const bool nu_ok = (V[i] == 0) | (cvh >= 0x1p-960);
    double yh, yl;
    div_dd(nh, nl, bh, bl, &yh, &yl);  // nu/mu_b
    double L1, L1_lo;  // ln(1 + nu/mu_b)/2 as a double-double: E - L1 may cancel (F near 0)
    log1p_dd_k(yh, yl, &L1, &L1_lo);
    L1 *= 0.5, L1_lo *= 0.5;
    const double sb = std::sqrt(bh);
    const double ec = bh > 700 ? 0.0 : exp_k(-cap700(bh)) * (1 - bl) * sqrtpi_erfcx_k<48>(sb > 3.0 ? sb : 3.0) / kSqrtPiHi;
    const double Lr = log1p_k(-t) - log1p_k(-ec);
    const double s1 = Eh - L1, e1 = two_sum_err(Eh, -L1) + (El - L1_lo);
    const double x0 = s1 + Lr, x0_lo = two_sum_err(s1, Lr) + e1;
    const double xh = x0 + x0_lo, xl = two_sum_err(x0, x0_lo);
    const double Fx = expm1_k(xh, xl);
    // E and L1 to 2^-66 (they may cancel 2^10-fold: 2^-56 of x); t and ec to ~2 ulp each, and they cancel each
    // other where a ~ sqrt(mu_b) (weighted 2 with a^2 in double: 6.4 ulp at F = -8.9e-10, mu_b = 20, t, ec ~ 2e-10)
    const double parts = 0x1p-10 * (Eh + L1) + 4 * (t + ec);
    const bool okx = nu_ok & (bh >= 9) & (std::fabs(xh) <= 0.69) & (parts <= 1.5 * std::fabs(xh)) &
                     ((a2 <= 700) | (std::fabs(xh) >= 1e-280));
    out[i] = okP ? FP : Fx;
    ok[i] = (okP | okx) ? 1.0 : 0.0;
  }
}

// VDH eq (4) with the peak beyond the edge, lambda > 6, p = -a >= kBeyondPMin (kFast: p >= kBeyondPFast): as the
// prediction's kernel, with d = lambda - 2 mu and the fraction F at 1/p^2, sqrt(pi) erfcx(p)/(2 sqrt mu) =
// dF/(d^2 F + 2 mu), so i0 = e^{lambda - mu} [dF/(d^2 F + 2 mu) - e^{-2 lambda}/((lambda + 2mu) rho)] and
// P = 1 + F = i0/(2 zhalf) as a double-double times e^{lambda - mu}; F = (P_hi - 1) + P_lo where P >= 2 or P <= 1/2
// and |lambda - mu| <= 700 (ok[i] = 0 elsewhere).
template <bool kFast>
PRIVOCO_KERNEL_INLINE
void beyond_pot(const ReducedPoints& __restrict p, const double* __restrict zhalf, int n, double* __restrict out,
                double* __restrict ok, double* __restrict m_out, double* __restrict E_hi, double* __restrict E_lo) {
  for (int i = 0; i < n; ++i) {
    const double lh = p.lam_hi[i], ll = p.lam_lo[i], mh = p.mu_hi[i], ml = p.mu_lo[i];
    const BeyondParts b = beyond_parts<kFast>(lh, ll, mh, ml);
    const double den = b.den, den_lo = b.den_lo, nh = b.dFh, nl = b.dFl;  // num = d F
    const double R = nh / den, R_lo = (std::fma(-R, den, nh) + nl - R * den_lo) / den;
    const double l2m = lh + 2 * mh, y2 = 4 * mh / (l2m * l2m);
    const double F2 = cf_F<16>(y2 > 1e-200 ? y2 : 1e-200), rho1 = 1 + 2 * mh / (l2m * l2m * F2);
    const double corr = exp_k(-cap300(2 * lh)) / (l2m * rho1);
    double mh_, m_lo;
    div_dd(R, R_lo - corr, 2 * zhalf[i], 0, &mh_, &m_lo);
    const double Eh0 = lh - mh, El0 = two_sum_err(lh, -mh) + (ll - ml);
    const double Eh = Eh0 + El0, El = two_sum_err(Eh0, El0);
    double eh, el, Ph, Pl;
    exp_dd_norm(Eh < 700 ? (Eh > -700 ? Eh : -700.0) : 700.0, El, &eh, &el);
    mul_dd(mh_, m_lo, eh, el, &Ph, &Pl);
    out[i] = (Ph - 1.0) + (two_sum_err(Ph, -1.0) + Pl);
    ok[i] = ((Eh <= 700) & (Eh >= -700) & ((Ph >= 2) | (Ph <= 0.5))) ? 1.0 : 0.0;
    m_out[i] = mh_ + m_lo, E_hi[i] = Eh, E_lo[i] = El;
  }
}

template <int zclass>
PRIVOCO_KERNEL_INLINE
void z_kernel(const ErfcxTable& __restrict t, const double* __restrict mub_hi, const double* __restrict mub_lo, int n,
              double* __restrict zhalf) {
  for (int i = 0; i < n; ++i) {
    const double bh = mub_hi[i], bl = mub_lo[i];
    if constexpr (zclass == 0) {
      zhalf[i] = m0_kummer<24>(bh, bl);
    } else if constexpr (zclass == 3) {  // M_0 = sqrt(pi)/(2s), s = sqrt(mu_b): erfc(s) below 3.8e-19 relative
      double rel;
      const double s = sqrt_rel(bh, bl, &rel);
      const double f = kSqrtPiHi / (2 * s), f_err = std::fma(-f, 2 * s, kSqrtPiHi) / (2 * s);
      zhalf[i] = f + (f_err + f * (kSqrtPiLo / kSqrtPiHi - rel));
    } else {  // M_0 = sqrt(pi)/(2s) (1 - erfc(s)), s = sqrt(mu_b) > 1.22: erfc(s) = e^{-mu_b} S(s)/sqrt(pi) <= 0.085
              // with S = sqrt(pi) erfcx from the table (s < 3.0625) or 24 continued-fraction terms (6e-15 of erfc <= 1e-5)
      double rel;
      const double s = sqrt_rel(bh, bl, &rel);
      double S, S_lo = 0;
      if constexpr (zclass == 1) sqrtpi_erfcx_table(t, s, &S, &S_lo);
      else S = sqrtpi_erfcx_k<24>(s);
      const double erfc_s = exp_k(-cap300(bh)) * (1 - bl) * (S + S_lo) / kSqrtPiHi;
      const double f = kSqrtPiHi / (2 * s), f_err = std::fma(-f, 2 * s, kSqrtPiHi) / (2 * s);
      zhalf[i] = f + (f_err + f * (kSqrtPiLo / kSqrtPiHi - rel - erfc_s));
    }
  }
}

// m = g B / (4 zhalf) as hi + lo, with g = C/sqrt(mu) (relative correction rel) and B = Bh + Bl.
// g/(4 zhalf) first (<= C, no overflow): B g underflowed to a subnormal where B ~ lambda/mu is tiny (w 0.5% low at
// lambda = 1.1e-66, mu = 1.5e187).
PRIVOCO_KERNEL_INLINE void scale_out(double Bh, double Bl, double g, double rel, double zh, double* m_hi, double* m_lo) {
  const double z4 = 4 * zh, zr = 1 / z4, ez = std::fma(-zr, z4, 1.0);
  const double p1 = g * zr, e1 = std::fma(g, zr, -p1);
  const double p2 = p1 * Bh, e2 = std::fma(p1, Bh, -p2);
  *m_hi = p2;
  *m_lo = e2 + e1 * Bh + p2 * (rel + ez) + Bl * p1;
}

// kFar (a >= 7): the erfc's and the e^{-a^2} term are below 1e-20 of the result (second/first term <= 4a e^{-a^2}
// /sqrt(pi) for lambda <= mu, <= 2 e^{-a^2}/sqrt(pi mu) above), so D = 2 and the bracket is c sqrt(pi).
template <bool kFar>
PRIVOCO_KERNEL_INLINE
void inside_kernel(const ReducedPoints& __restrict p, const double* __restrict zhalf, int n,
                   double* __restrict m_out, double* __restrict E_hi, double* __restrict E_lo,
                   double* __restrict v_out) {
  for (int i = 0; i < n; ++i) {
    const double lh = p.lam_hi[i], ll = p.lam_lo[i], mh = p.mu_hi[i], ml = p.mu_lo[i];
    // q = lambda/mu, E = q lambda/4, a^2 = mu - lambda + E, all double-double
    const double q1 = lh / mh, q2 = (std::fma(-q1, mh, lh) + ll - q1 * ml) / mh;
    double Eh, El;
    mul_dd(q1, q2, lh, ll, &Eh, &El);
    Eh *= 0.25, El *= 0.25;
    double delta = 0, t2 = 0;
    if constexpr (!kFar) {
      const double a2 = ((mh - lh) + Eh) + ((ml - ll) + El + two_sum_err(mh, -lh));  // a^2 to ~1e-16 absolute
      const double b2 = a2 + 2 * lh;
      const double a = std::sqrt(a2), bb = std::sqrt(b2);
      const double ea = exp_k(-cap300(a2)), eb = exp_k(-cap300(b2));
      delta = 0.5 * (ea * sqrtpi_erfcx_k<24>(a) + eb * sqrtpi_erfcx_k<24>(bb)) / kSqrtPiHi;  // 1 - D/2
      t2 = ea * one_minus_exp_neg(2 * lh);  // e^{-a^2} (1 - e^{-2 lambda}), times 1/(2 sqrt mu) below
    }
    // bracket * sqrt(mu) = c sqrt(pi) (1 - delta) sqrt(mu) - t2/2, c = q/2: in (hi, lo)
    double x1h, x1l;
    mul_dd(0.5 * q1, 0.5 * q2, kSqrtPiHi, kSqrtPiLo, &x1h, &x1l);  // c sqrt(pi)
    double rel;
    const double g = c_over_sqrt_mu(p.C_hi[i], p.C_lo[i], mh, ml, &rel);  // C/sqrt(mu)
    const double t = std::fma(-x1h, delta, -t2 / (2 * std::sqrt(mh)));
    const double br = x1h + t, br_lo = two_sum_err(x1h, t) + x1l;
    double mh_, m_lo;
    scale_out(2 * br, 2 * br_lo, g, rel, zhalf[i], &mh_, &m_lo);  // m = br g / (2 zhalf)
    m_out[i] = mh_ + m_lo, E_hi[i] = Eh, E_lo[i] = El;
    v_out[i] = times_exp(mh_, m_lo, Eh, El);
  }
}

template <bool kFast>
PRIVOCO_KERNEL_INLINE
void beyond_kernel(const ReducedPoints& __restrict p, const double* __restrict zhalf, int n,
                   double* __restrict m_out, double* __restrict E_hi, double* __restrict E_lo,
                   double* __restrict v_out) {
  for (int i = 0; i < n; ++i) {
    const double lh = p.lam_hi[i], ll = p.lam_lo[i], mh = p.mu_hi[i], ml = p.mu_lo[i];
    const BeyondParts b = beyond_parts<kFast>(lh, ll, mh, ml);
    const double den = b.den, den_lo = b.den_lo;
    const double nh = b.dFh - 1, nl = two_sum_err(b.dFh, -1.0) + b.dFl;  // num = dF - 1
    // R = num/den, then + the e^{-2 lambda} terms (below 4e-18 past lambda = 20, up to 6e-6 at lambda = 6):
    // E2 [1/((lambda + 2mu)(1 + rho)) + 1/((lambda + 2mu)^2 F2 (1 + rho))], rho = 2mu/((lambda + 2mu)^2 F2),
    // F2 = F at p2 = (lambda + 2mu)/(2 sqrt mu) >= p (the same endpoint form at x = -1; no division by mu).
    const double R = nh / den, R_lo = (std::fma(-R, den, nh) + nl - R * den_lo) / den;
    const double l2m = lh + 2 * mh, y2 = 4 * mh / (l2m * l2m);
    const double F2 = cf_F<16>(y2 > 1e-200 ? y2 : 1e-200), rho1 = 1 + 2 * mh / (l2m * l2m * F2);
    const double corr = exp_k(-cap300(2 * lh)) * (1 + 1 / (l2m * F2)) / (l2m * rho1);
    // m = C (R + corr) / (2 zhalf)
    const double z2 = 2 * zhalf[i], zr = 1 / z2, ez = std::fma(-zr, z2, 1.0);
    const double r1 = R * zr, r_lo = std::fma(R, zr, -r1) + (R_lo + corr) * zr + r1 * ez;
    const double mh_ = p.C_hi[i] * r1, m_lo = std::fma(p.C_hi[i], r1, -mh_) + p.C_hi[i] * r_lo + p.C_lo[i] * r1;
    const double Eh0 = lh - mh, El0 = two_sum_err(lh, -mh) + (ll - ml);  // E = lambda - mu
    const double Eh = Eh0 + El0, El = two_sum_err(Eh0, El0);
    m_out[i] = mh_ + m_lo, E_hi[i] = Eh, E_lo[i] = El;
    v_out[i] = times_exp(mh_, m_lo, Eh, El);
  }
}

// c[j][i] = 1/((2j+3)(2j+5)...(2j+2i+3)), correctly rounded: M_{2j+2}(mu) = int_0^1 x^{2j+2} e^{-mu x^2} dx
// = e^{-mu} sum_i c[j][i] (2mu)^i (repeated integration by parts; positive terms; 21 terms reach 2^-60 at mu = 1.5).
constexpr double kMomentSeries[5][24] = {
    {0x1.5555555555555p-2, 0x1.1111111111111p-4, 0x1.3813813813814p-7, 0x1.1566abc011567p-10, 0x1.937e11175f095p-14, 0x1.f09b28ba4d955p-18, 0x1.08db48ebe51c7p-21, 0x1.f28db670be53bp-26, 0x1.a3d5a71b92cd3p-30, 0x1.3fdfbc45c52eap-34, 0x1.bd0ac3296b624p-39, 0x1.1cd3b01a822a6p-43, 0x1.519297d390c9fp-48, 0x1.747e72912d023p-53, 0x1.808286c768445p-58, 0x1.74dba97b8be52p-63, 0x1.54e6174c62a5ap-68, 0x1.26d4d5e132b8cp-73, 0x1.e3d36c1c38faap-79, 0x1.799ec4c4db4d0p-84, 0x1.19050980a3336p-89, 0x1.8fac24452c5fdp-95, 0x1.101e0dcd0ddf3p-100, 0x1.636b2c25f2c57p-106},
    {0x1.999999999999ap-3, 0x1.d41d41d41d41dp-6, 0x1.a01a01a01a01ap-9, 0x1.2e9e8cd187470p-12, 0x1.74745e8bba300p-16, 0x1.8d48ed61d7aabp-20, 0x1.75ea48d48ebecp-24, 0x1.3ae03d54ae19ep-28, 0x1.dfcf9a68a7c5fp-33, 0x1.4dc8125f1089bp-37, 0x1.ab3d8827c33fap-42, 0x1.fa5be3bd592efp-47, 0x1.175ed5ece1c1ap-51, 0x1.2061e5158e334p-56, 0x1.17a4bf1ca8ebep-61, 0x1.ff5922f293f87p-67, 0x1.ba3f40d1cc152p-72, 0x1.6ade91152abc0p-77, 0x1.1b371393a479cp-82, 0x1.a5878e40f4cd0p-88, 0x1.2bc11b33e147dp-93, 0x1.982d14b394cecp-99, 0x1.0a90611c76141p-104, 0x1.4e82fc5ff38cbp-110},
    {0x1.2492492492492p-3, 0x1.0410410410410p-6, 0x1.7a463005e918cp-10, 0x1.d191762ea8bc0p-14, 0x1.f09b28ba4d955p-18, 0x1.d364db09b26e7p-22, 0x1.89984ca9d9a06p-26, 0x1.2be1c08168dbbp-30, 0x1.a13a16f6d4ac2p-35, 0x1.0b067518da07cp-39, 0x1.3c796e5657bd5p-44, 0x1.5d368b681a320p-49, 0x1.687a5e5af1c00p-54, 0x1.5d8deee3d326dp-59, 0x1.3f97b5d79c7b4p-64, 0x1.146788831f8d3p-69, 0x1.c596355a756b0p-75, 0x1.6204d8788d983p-80, 0x1.0774b8e899002p-85, 0x1.76b16200d999dp-91, 0x1.fe3859e07a027p-97, 0x1.4d34796393992p-102, 0x1.a223bb77f06fdp-108, 0x1.f8ec5b21bce7ap-114},
    {0x1.c71c71c71c71cp-4, 0x1.4afd6a052bf5bp-7, 0x1.975f4768d3a48p-11, 0x1.b287c3a303e2bp-15, 0x1.98f83fa87c20ap-19, 0x1.586543149e6c5p-23, 0x1.066588713bc04p-27, 0x1.6d12d417fa16ap-32, 0x1.d34b4ceb7d8d9p-37, 0x1.14ea408b8cc5bp-41, 0x1.318fb9fb16ebcp-46, 0x1.3b6b128f93880p-51, 0x1.31dc310758c1fp-56, 0x1.17a4bf1ca8ebep-61, 0x1.e3b52ee577371p-67, 0x1.8ce36eaf26bdap-72, 0x1.35c43d697be53p-77, 0x1.cd0c43970bc04p-83, 0x1.47db35c0be669p-88, 0x1.be714ea46ac22p-94, 0x1.238dea3721260p-99, 0x1.6ddf4408f261ep-105, 0x1.b9cecfbd854abp-111, 0x1.010d45aac691ep-116},
    {0x1.745d1745d1746p-4, 0x1.ca4b3055ee191p-8, 0x1.e8d8bc17645f0p-12, 0x1.cc17479d8ba4bp-16, 0x1.8371eb773239ep-20, 0x1.2732397f63384p-24, 0x1.9ab52e9af9597p-29, 0x1.06da5b44769fap-33, 0x1.3787889cfe5e6p-38, 0x1.57c1b13a79c94p-43, 0x1.62d874e185f90p-48, 0x1.5817b72843da3p-53, 0x1.3a9957003e095p-58, 0x1.1015ea61130f0p-63, 0x1.be7fdc850b955p-69, 0x1.5c7cc516ab61dp-74, 0x1.0356e604f69c2p-79, 0x1.70d69c78d6336p-85, 0x1.f63f7878f81a7p-91, 0x1.47ffa77e054abp-96, 0x1.9b9b2c8a10ae1p-102, 0x1.f108a9b535f40p-108, 0x1.212eee601f641p-113, 0x1.44b272f2a9fbap-119}
};

// Tiny lambda (<= 0.05) and mu <= 1.5: n/2 = sum_j lambda^{2j+1}/(2j+1)! M_{2j+2}(mu), five terms (the sixth is
// below 2.4e-21), each moment by its positive series. About a third of the quadrature's operations for the same
// points. Reads mu_b (z is its own here).
template <int K>
PRIVOCO_KERNEL_INLINE
void tiny_kernel(const ReducedPoints& __restrict p, int n, double* __restrict out) {
  for (int i = 0; i < n; ++i) {
    const double lh = p.lam_hi[i], ll = p.lam_lo[i], mh = p.mu_hi[i], ml = p.mu_lo[i];
    const double y = 2 * mh, l2 = lh * lh;
    double P[5];
#pragma GCC unroll 5
    for (int j = 0; j < 5; ++j) {
      double acc = kMomentSeries[j][K - 1];
#pragma GCC unroll 24
      for (int k = K - 2; k >= 0; --k) acc = std::fma(acc, y, kMomentSeries[j][k]);
      P[j] = acc;
    }
    // S/lambda = P0 + l2/6 (P1 + l2/20 (P2 + l2/42 (P3 + l2/72 P4)))
    double s = P[3] + l2 * (1.0 / 72) * P[4];
    s = P[2] + l2 * (1.0 / 42) * s;
    s = P[1] + l2 * (1.0 / 20) * s;
    s = P[0] + l2 * (1.0 / 6) * s;
    // z/2 = e^{-mu_b} Sb (the same series, j = -1): |w| = C lambda e^{-nu} s / Sb, nu = mu - mu_b = C^2 V, one
    // exponential instead of the two of e^{-mu} / zhalf (overall median 0.534 -> 0.514 ulp, 2e5 points, seed 5)
    const double bh = p.mub_hi[i], bl = p.mub_lo[i], yb = 2 * bh;
    double sb = kInvOddFact[K - 1];
#pragma GCC unroll 24
    for (int k = K - 2; k >= 0; --k) sb = std::fma(sb, yb, kInvOddFact[k]);
    const double nu = mh - bh, nu_lo = two_sum_err(mh, -bh) + (ml - bl);
    const double e = exp_k(-nu);
    const double q1 = s / sb, q = e * q1;
    const double v = p.C_hi[i] * lh;
    const double vl = std::fma(p.C_hi[i], lh, -v) + p.C_hi[i] * ll + p.C_lo[i] * lh;
    const double w = v * q;
    out[i] = w + (std::fma(v, q, -w) + vl * q + w * (std::fma(-q1, sb, s) / s - nu_lo));
  }
}

// The Gaussian peak's exponents as double-doubles: inside, E = lambda^2/(4 mu) (and q = lambda/mu); beyond the edge,
// E = lambda - mu.
PRIVOCO_KERNEL_INLINE void inside_E(double lh, double ll, double mh, double ml, double* q1, double* q2, double* Eh,
                                    double* El) {
  *q1 = lh / mh, *q2 = (std::fma(-*q1, mh, lh) + ll - *q1 * ml) / mh;
  mul_dd(*q1, *q2, lh, ll, Eh, El);
  *Eh *= 0.25, *El *= 0.25;
}
PRIVOCO_KERNEL_INLINE void beyond_E(double lh, double ll, double mh, double ml, double* Eh, double* El) {
  const double Eh0 = lh - mh, El0 = two_sum_err(lh, -mh) + (ll - ml);
  *Eh = Eh0 + El0, *El = two_sum_err(Eh0, El0);
}

// The edge classes' error functions (the prediction's and the potential's kernels), s = sqrt(mu_hi), rel_s =
// sqrt(mu)/s - 1, e2 = e^{-2 lambda}. Inside: a = (2 mu - lambda)/(2 sqrt mu) linearly from the double-double
// difference (a = sqrt(mu - lambda + E) lost its accuracy where the terms cancel: 12 ulp in w at a = 0, mu = 49.5;
// a^2 from a is accurate enough for e^{-a^2}, which only enters through erfc(a) and the second term), ea = e^{-a^2}
// and D = erf a + erf b' = 2 - erfc a - erfc b' as a double-double. Beyond: p = (lambda - 2 mu)/(2 sqrt mu),
// p2 = (lambda + 2 mu)/(2 sqrt mu), S(p) = sqrt(pi) erfcx(p) as a double-double and S(p2) (0 for kSecond = 0).
// a and p come as hi + lo (edge_offset), the error functions at hi corrected to first order in lo.
// d/(2 sqrt mu) as hi + lo (d = dh + dl): the error functions' arguments near the edge, whose rounding (1-2 ulp)
// the erfcx table's double-double values would otherwise carry (~1.2x at p = 2.4: 5 ulp of the potential there)
PRIVOCO_KERNEL_INLINE void edge_offset(double dh0, double dl0, double s, double rel_s, double* hi, double* lo) {
  const double dh = dh0 + dl0, dl = two_sum_err(dh0, dl0);
  const double q = dh / (2 * s);
  *hi = q;
  *lo = (std::fma(-q, 2 * s, dh) + dl) / (2 * s) - q * rel_s;
}
template <int kSecond>
PRIVOCO_KERNEL_INLINE void edge_inside_D(const ErfcxTable& t, double lh, double ll, double mh, double ml, double s,
                                         double rel_s, double e2, double* ea, double* Dh, double* Dl) {
  double a, a_lo;
  edge_offset(2 * mh - lh, two_sum_err(2 * mh, -lh) + (2 * ml - ll), s, rel_s, &a, &a_lo);
  const double a2 = a * a, bb = std::sqrt(a2 + 2 * lh);
  double Sa, Sa_lo, Sb_t_lo;
  sqrtpi_erfcx_table(t, a, &Sa, &Sa_lo);
  double Sb = 0;
  if constexpr (kSecond == 1) sqrtpi_erfcx_table(t, bb, &Sb, &Sb_t_lo);
  if constexpr (kSecond == 2) Sb = sqrtpi_erfcx_k<24>(bb);
  *ea = exp_k(-a2);
  const double erfc_a = *ea * (Sa + Sa_lo) / kSqrtPiHi, erfc_b = *ea * e2 * Sb / kSqrtPiHi;
  // erfc(a + a_lo) = erfc(a) - 2 e^{-a^2} a_lo/sqrt(pi)
  *Dh = 2 - erfc_a, *Dl = two_sum_err(2.0, -erfc_a) - erfc_b + 2 * *ea * a_lo / kSqrtPiHi;
}
template <int kSecond>
PRIVOCO_KERNEL_INLINE void edge_beyond_S(const ErfcxTable& t, double lh, double ll, double mh, double ml, double s,
                                         double rel_s, double* pp, double* pp_lo, double* Sp, double* Sp_lo,
                                         double* p2, double* S2) {
  edge_offset(lh - 2 * mh, two_sum_err(lh, -2 * mh) + (ll - 2 * ml), s, rel_s, pp, pp_lo);  // d = lambda - 2mu
  *p2 = (lh + 2 * mh) / (2 * s);
  double S2_t_lo;
  sqrtpi_erfcx_table(t, *pp, Sp, Sp_lo);
  *Sp_lo += (2 * *pp * *Sp - 2) * *pp_lo;  // S(p + p_lo) = S(p) + S'(p) p_lo, S' = 2 p S - 2
  *S2 = 0;
  if constexpr (kSecond == 1) sqrtpi_erfcx_table(t, *p2, S2, &S2_t_lo);
  if constexpr (kSecond == 2) *S2 = sqrtpi_erfcx_k<24>(*p2);
}

// Near the edge. Inside (0 <= a < 3.0625): w = C e^E/(2mu) [lambda sqrt(pi) D/(2 sqrt mu) - e^{-a^2}(1 - e^{-2 lambda})]
// / z, D = 2 - e^{-a^2} (erfcx(a) + e^{-2 lambda} erfcx(b')) (b'^2 = a^2 + 2 lambda), i.e.
// m = g/(4 zhalf) [q sqrt(pi) D/2 - e^{-a^2}(1 - e^{-2 lambda})/sqrt(mu)], q = lambda/mu.
// Beyond (0 < p < 3, lambda > 6): w = C e^{lambda - mu}/(2mu) [sqrt(mu)(S(p) + E2 S(p2)) - h(p) + E2 h(p2)] / z,
// S = sqrt(pi) erfcx, h(x) = 1 - x S(x) (from the table in double-double: it cancels towards p = 3), E2 = e^{-2 lambda},
// i.e. m = g/(4 zhalf) [S(p) + E2 S(p2) - (h(p) - E2 h(p2))/sqrt(mu)].
// S at b' or p2 beyond the table: 24 terms of the continued fraction (6e-15; it is multiplied by E2 <= 6e-6 or
// e^{-b'^2} <= 8e-5).
template <bool kInside, int kSecond>
PRIVOCO_KERNEL_INLINE
void edge_kernel(const ErfcxTable& __restrict t, const ReducedPoints& __restrict p, const double* __restrict zhalf,
                 int n, double* __restrict m_out, double* __restrict E_hi, double* __restrict E_lo,
                 double* __restrict v_out) {
  for (int i = 0; i < n; ++i) {
    const double lh = p.lam_hi[i], ll = p.lam_lo[i], mh = p.mu_hi[i], ml = p.mu_lo[i];
    double rel_s;
    const double s = sqrt_rel(mh, ml, &rel_s);
    double rel;
    const double g = c_over_sqrt_mu(p.C_hi[i], p.C_lo[i], mh, ml, &rel);
    const double e2 = exp_k(-cap300(2 * lh));
    double Bh, Bl, Eh, El;
    if constexpr (kInside) {
      double q1, q2, ea, Dh, Dl;
      inside_E(lh, ll, mh, ml, &q1, &q2, &Eh, &El);
      edge_inside_D<kSecond>(t, lh, ll, mh, ml, s, rel_s, e2, &ea, &Dh, &Dl);
      double x1h, x1l, yh, yl;
      mul_dd(q1, q2, kSqrtPiHi, kSqrtPiLo, &x1h, &x1l);  // q sqrt(pi)
      mul_dd(x1h, x1l, Dh, Dl, &yh, &yl);
      const double tt = -ea * one_minus_exp_neg(2 * lh) / s * (1 - rel_s);
      Bh = 0.5 * yh + tt;
      Bl = two_sum_err(0.5 * yh, tt) + 0.5 * yl;
    } else {
      double pp, pp_lo, Sp, Sp_lo, p2, S2;
      edge_beyond_S<kSecond>(t, lh, ll, mh, ml, s, rel_s, &pp, &pp_lo, &Sp, &Sp_lo, &p2, &S2);
      // h(p) = 1 - p S(p) and h(p2), in double-double / double
      const double ph = Sp * pp;
      const double hp = (1 - ph) + (two_sum_err(1.0, -ph) - std::fma(Sp, pp, -ph) - Sp_lo * pp - Sp * pp_lo);
      const double hp2 = kSecond == 0 ? 0.0 : std::fma(-S2, p2, 1.0);  // (dropped with S2 past lambda = 21)
      const double tt = -(hp - e2 * hp2) / s * (1 - rel_s);
      const double u = Sp + e2 * S2;
      Bh = u + tt;
      Bl = two_sum_err(u, tt) + Sp_lo + two_sum_err(Sp, e2 * S2);
      beyond_E(lh, ll, mh, ml, &Eh, &El);
    }
    double mh_, m_lo;
    scale_out(Bh, Bl, g, rel, zhalf[i], &mh_, &m_lo);
    m_out[i] = mh_ + m_lo, E_hi[i] = Eh, E_lo[i] = El;
    v_out[i] = times_exp(mh_, m_lo, Eh, El);
  }
}

// VDH eq (4) for the edge classes (the peak near x = 1, as edge_kernel): 1 + F = P = i0/(2 zhalf) = m e^E with, inside,
// i0 = e^{lambda^2/(4 mu)} sqrt(pi) D/(2 sqrt mu), and beyond, i0 = e^{lambda - mu} (S(p) - e^{-2 lambda} S(p2))/(2
// sqrt mu) (x = 1 - y: the integral over y in [0, 2] of e^{lambda - mu - d y - mu y^2}, d = lambda - 2 mu, as the one
// over [0, inf) less the one over [2, inf)). F = (P_hi - 1) + P_lo where P >= 2 or P <= 1/2 and |E| <= 700, ok[i] = 0
// elsewhere (as beyond_pot).
template <bool kInside, int kSecond>
PRIVOCO_KERNEL_INLINE
void edge_pot(const ErfcxTable& __restrict t, const ReducedPoints& __restrict p, const double* __restrict zhalf, int n,
              double* __restrict out, double* __restrict ok, double* __restrict m_out, double* __restrict E_hi,
              double* __restrict E_lo) {
  for (int i = 0; i < n; ++i) {
    const double lh = p.lam_hi[i], ll = p.lam_lo[i], mh = p.mu_hi[i], ml = p.mu_lo[i];
    double rel_s;
    const double s = sqrt_rel(mh, ml, &rel_s);
    double rel;
    const double g = c_over_sqrt_mu(1.0, 0.0, mh, ml, &rel);  // 1/sqrt(mu)
    const double e2 = exp_k(-cap300(2 * lh));
    double Bh, Bl, Eh, El;
    if constexpr (kInside) {  // B = sqrt(pi) D
      double q1, q2, ea, Dh, Dl;
      inside_E(lh, ll, mh, ml, &q1, &q2, &Eh, &El);
      edge_inside_D<kSecond>(t, lh, ll, mh, ml, s, rel_s, e2, &ea, &Dh, &Dl);
      mul_dd(kSqrtPiHi, kSqrtPiLo, Dh, Dl, &Bh, &Bl);
    } else {  // B = S(p) - e^{-2 lambda} S(p2)
      double pp, pp_lo, Sp, Sp_lo, p2, S2;
      edge_beyond_S<kSecond>(t, lh, ll, mh, ml, s, rel_s, &pp, &pp_lo, &Sp, &Sp_lo, &p2, &S2);
      Bh = Sp - e2 * S2;
      Bl = two_sum_err(Sp, -e2 * S2) + Sp_lo;
      beyond_E(lh, ll, mh, ml, &Eh, &El);
    }
    double mh_, m_lo, eh, el, Ph, Pl;
    scale_out(Bh, Bl, g, rel, zhalf[i], &mh_, &m_lo);  // B/(4 sqrt(mu) zhalf)
    exp_dd_norm(Eh < 700 ? (Eh > -700 ? Eh : -700.0) : 700.0, El, &eh, &el);
    mul_dd(mh_, m_lo, eh, el, &Ph, &Pl);
    out[i] = (Ph - 1.0) + (two_sum_err(Ph, -1.0) + Pl);
    ok[i] = ((Eh <= 700) & (Eh >= -700) & ((Ph >= 2) | (Ph <= 0.5))) ? 1.0 : 0.0;
    m_out[i] = mh_ + m_lo, E_hi[i] = Eh, E_lo[i] = El;
  }
}

}  // namespace

// mu and mu_b below 1e-150 become 0 (w changes by a relative 1e-150): their products with the nodes and
// corrections would otherwise be subnormal, which is slow.
// Point i from C, lambda = C|L| and B = b + V: mu = C^2 B, mu_b = C^2 b (below 1e-150: 0).
// The class of a point from its reduced values (classify_kernel's rule; branch-free), and its z class.
PRIVOCO_KERNEL_INLINE void classify_one(double lh, double mh, double Ch, double mb, double L, int* cls, int* zcls) {
  // the kernels' magnitudes stay far inside the double range for these reduced values
  // ... and lambda/mu, the peak's position, not subnormal (it was at lambda = 8e-157, mu = 1.2e162: w off by 3e-6)
  const bool ok = (lh >= 1e-250) & (lh <= 1e150) & (mh <= 1e250) & (Ch >= 1e-250) & (Ch <= 1e250) &
                  (lh >= 1e-280 * mh);
  const bool gl = (lh <= kGlLambdaMax) & (mh <= kGlMuMax16);
  const int gl_class = (mh > kGlMuMax8) + (mh > kGlMuMax12) + 3 * (lh <= kGlLambdaSmall);
  // mu = 0 (V = b = 0, or C^2 (b + V) below 1e-150): the peak is beyond the edge, a = -lambda/0 = -inf (lambda = 0
  // is L = 0, the zero class); the beyond kernel's form tends to n = e^lambda (lambda - 1)/lambda^2 there (the
  // scalar endpoint form's bracket underflowed to 0). No select on mu > 0: GCC 12 then leaves the loop scalar.
  // a = d/s2 with d = 2 mu - lambda, s2 = 2 sqrt(mu) > 0 (or 0: then a = -inf), compared as a >= t <=> d >= t s2
  // (no division: it and the square root dominated this loop)
  const double d = 2 * mh - lh, s2 = 2 * std::sqrt(mh);
  const bool big_lambda = lh > kBeyondLambdaMin;
  const bool second_in_table = lh + 2 * mh < ErfcxTable::kEnd * s2;  // b' = p2 = (lambda + 2 mu)/s2 in the table
  const int second = lh >= kEdgeDropLambda ? 0 : (second_in_table ? 1 : 2);
  int c = big_lambda & (d < 0) ? kClassEdgeBeyond + second : kClassCore;
  c = big_lambda & (-d >= kBeyondPMin * s2) ? (-d >= kBeyondPFast * s2 ? kClassBeyondFast : kClassBeyond) : c;
  c = d >= 0 ? kClassEdgeInside + second : c;
  c = d >= kInsideAMin * s2 ? kClassInside : c;
  c = d >= kInsideFarAMin * s2 ? kClassInsideFar : c;
  c = gl ? gl_class : c;
  c = (lh <= kTinyLambdaMax) & (mh <= kGlMuMax8) ? (mh <= kTinyMuSmall ? kClassTinySmallMu : kClassTiny) : c;
  c = ok ? c : kClassCore;
  *cls = L == 0 ? kClassZero : c;
  *zcls = z_class(mb);
}

// The reduction classifies each strip of kStrip points right after reducing it (two loops, each vectorised, the
// strip's values still in L1).
constexpr int kStrip = 256;
PRIVOCO_KERNEL_INLINE void classify_strip(const ReducedPoints& __restrict p, const double* __restrict L, int s, int e,
                                          int* __restrict cls, int* __restrict zcls) {
  for (int i = s; i < e; ++i) classify_one(p.lam_hi[i], p.mu_hi[i], p.C_hi[i], p.mub_hi[i], L[i], cls + i, zcls + i);
}

PRIVOCO_KERNEL_INLINE void store_reduced(const dd& C, const dd& lambda, const dd& B, double b, int i,
                                         ReducedPoints& out) {
  dd mu = (C * B) * C;
  dd mu_b = (C * b) * C;
  mu = mu.hi < 1e-150 ? dd{0, 0} : mu;
  mu_b = mu_b.hi < 1e-150 ? dd{0, 0} : mu_b;
  out.C_hi[i] = C.hi, out.C_lo[i] = C.lo, out.lam_hi[i] = lambda.hi, out.lam_lo[i] = lambda.lo;
  out.mu_hi[i] = mu.hi, out.mu_lo[i] = mu.lo, out.mub_hi[i] = mu_b.hi, out.mub_lo[i] = mu_b.lo;
}

// 1 where x lies outside the open box lo_hi[k] < x_k < lo_hi[4 + k] (NaN counts as outside), else 0.
PRIVOCO_KERNEL_INLINE int outside_box(const double* __restrict lo_hi, double x0, double x1, double x2, double x3) {
  return !((x0 > lo_hi[0]) & (x0 < lo_hi[4]) & (x1 > lo_hi[1]) & (x1 < lo_hi[5]) & (x2 > lo_hi[2]) &
           (x2 < lo_hi[6]) & (x3 > lo_hi[3]) & (x3 < lo_hi[7]));
}

// Both reductions: L and V as doubles (kDD false: L_lo, V_lo unused) or as double-doubles.
template <bool kDD>
PRIVOCO_KERNEL_INLINE int reduce_strips(const double* __restrict boxes, const double* __restrict L,
                                        const double* __restrict L_lo, const double* __restrict V,
                                        const double* __restrict V_lo, const double* __restrict b,
                                        const double* __restrict G, int n, ReducedPoints& __restrict out,
                                        int* __restrict cls, int* __restrict zcls, int* __restrict outside_domain) {
  double box[16];
  for (int k = 0; k < 16; ++k) box[k] = boxes[k];
  int bad = 0, bad_domain = 0;
  for (int s = 0; s < n; s += kStrip) {
    const int e = s + kStrip < n ? s + kStrip : n;
    for (int i = s; i < e; ++i) {
      const dd C = scale_C(G[i]);
      if constexpr (kDD) {
        const double sg = L[i] < 0 ? -1.0 : 1.0;  // |L| as a double-double
        store_reduced(C, C * dd{sg * L[i], sg * L_lo[i]}, two_sum(b[i], V[i]) + dd{V_lo[i], 0}, b[i], i, out);
      } else {
        store_reduced(C, C * std::fabs(L[i]), two_sum(b[i], V[i]), b[i], i, out);
      }
      bad += outside_box(box, L[i], V[i], b[i], G[i]);
      bad_domain += outside_box(box + 8, L[i], V[i], b[i], G[i]);
    }
    classify_strip(out, L, s, e, cls, zcls);
  }
  *outside_domain = bad_domain;
  return bad;
}
PRIVOCO_KERNEL_INLINE int reduce_kernel_body(const double* boxes, const double* L, const double* V, const double* b,
                                             const double* G, int n, ReducedPoints& out, int* cls, int* zcls,
                                             int* outside_domain) {
  return reduce_strips<false>(boxes, L, nullptr, V, nullptr, b, G, n, out, cls, zcls, outside_domain);
}
PRIVOCO_KERNEL_INLINE int reduce_kernel_dd_body(const double* boxes, const double* L, const double* L_lo,
                                                const double* V, const double* V_lo, const double* b, const double* G,
                                                int n, ReducedPoints& out, int* cls, int* zcls, int* outside_domain) {
  return reduce_strips<true>(boxes, L, L_lo, V, V_lo, b, G, n, out, cls, zcls, outside_domain);
}
PRIVOCO_VARIANTS(flt, int, reduce_kernel,
                 (const double* __restrict boxes, const double* __restrict L, const double* __restrict V,
                  const double* __restrict b, const double* __restrict G, int n, ReducedPoints& __restrict out,
                  int* __restrict cls, int* __restrict zcls, int* __restrict outside_domain),
                 (boxes, L, V, b, G, n, out, cls, zcls, outside_domain))
PRIVOCO_VARIANTS(flt, int, reduce_kernel_dd,
                 (const double* __restrict boxes, const double* __restrict L, const double* __restrict L_lo,
                  const double* __restrict V, const double* __restrict V_lo, const double* __restrict b,
                  const double* __restrict G, int n, ReducedPoints& __restrict out, int* __restrict cls,
                  int* __restrict zcls, int* __restrict outside_domain),
                 (boxes, L, L_lo, V, V_lo, b, G, n, out, cls, zcls, outside_domain))

PRIVOCO_KERNEL_INLINE void classify_kernel_body(const ReducedPoints& __restrict p, const double* __restrict L, int n,
                                                int* __restrict cls, int* __restrict zcls) {
  classify_strip(p, L, 0, n, cls, zcls);
}
PRIVOCO_VARIANTS(flt, void, classify_kernel,
                 (const ReducedPoints& __restrict p, const double* __restrict L, int n, int* __restrict cls,
                  int* __restrict zcls),
                 (p, L, n, cls, zcls))

PRIVOCO_KERNEL_INLINE void pack_kernel_body(const ReducedPoints& __restrict all, const double* __restrict zhalf,
                                            const int* __restrict idx, int n, ReducedPoints& __restrict packed,
                                            double* __restrict zpacked) {
  for (int j = 0; j < n; ++j) {
    const int i = idx[j];
    packed.lam_hi[j] = all.lam_hi[i], packed.lam_lo[j] = all.lam_lo[i], packed.mu_hi[j] = all.mu_hi[i];
    packed.mu_lo[j] = all.mu_lo[i], packed.C_hi[j] = all.C_hi[i], packed.C_lo[j] = all.C_lo[i];
    zpacked[j] = zhalf[i];
  }
}
PRIVOCO_VARIANTS(flt, void, pack_kernel,
                 (const ReducedPoints& __restrict all, const double* __restrict zhalf, const int* __restrict idx, int n,
                  ReducedPoints& __restrict packed, double* __restrict zpacked),
                 (all, zhalf, idx, n, packed, zpacked))

// (int arithmetic in place of nested selects: GCC left the loop scalar, "control flow in loop")
PRIVOCO_KERNEL_INLINE int pot_group_one(int c, double lh, double mh, double Ch) {
  static_assert(kClassEdgeBeyond == kClassEdgeInside + 3 && kPotGroupInside + 4 == kPotGroupEdge);
  // 0-5 as they are; the tiny classes 3; inside, well inside, beyond, far beyond; the six edge classes; else scalar
  const int quad = c < kClassInside, tiny = (c == kClassTiny) | (c == kClassTinySmallMu);
  const int peak = (c == kClassInside) * 1 + (c == kClassInsideFar) * 2 + (c == kClassBeyond) * 3 +
                   (c == kClassBeyondFast) * 4;  // 1 + (group - kPotGroupInside), or 0
  const int edge = (c >= kClassEdgeInside) & (c < kClassEdgeBeyond + 3);
  int g = quad * c + tiny * 3 + (peak > 0) * (kPotGroupInside - 1 + peak) + edge * (kPotGroupEdge + c - kClassEdgeInside);
  const int other = !(quad | tiny | (peak > 0) | edge | (c == kClassZero));
  g += other * kPotGroupScalar;
  // L = 0
  const int in_range = (Ch >= 1e-250) & (Ch <= 1e250) & (mh <= 1e250), gl = mh <= kGlMuMax16;
  const int zero_gl = 3 + (mh > kGlMuMax8) + (mh > kGlMuMax12);
  const int zero_peak = kPotGroupInside + (mh >= kInsideFarAMin * kInsideFarAMin);  // sqrt(mu) >= 3.74 for the peak
  const int zero_in = zero_peak + gl * (zero_gl - zero_peak);
  g += (c == kClassZero) * (kPotGroupScalar + in_range * (zero_in - kPotGroupScalar));
  const int rule = pot_rule(lh, mh), smaller = (g == 3) & (rule < 3);
  return g + smaller * (kPotGroupRule + rule - 3);
}
PRIVOCO_KERNEL_INLINE void pot_group_kernel_body(const ReducedPoints& __restrict p, const int* __restrict cls, int n,
                                                 int* __restrict grp) {
  for (int i = 0; i < n; ++i) grp[i] = pot_group_one(cls[i], p.lam_hi[i], p.mu_hi[i], p.C_hi[i]);
}
PRIVOCO_VARIANTS(flt, void, pot_group_kernel, (const ReducedPoints& p, const int* cls, int n, int* grp),
                 (p, cls, n, grp))

PRIVOCO_KERNEL_INLINE void pack_mub_kernel_body(const ReducedPoints& __restrict all, const int* __restrict idx, int n,
                                                double* __restrict hi, double* __restrict lo) {
  for (int j = 0; j < n; ++j) hi[j] = all.mub_hi[idx[j]], lo[j] = all.mub_lo[idx[j]];
}
PRIVOCO_VARIANTS(flt, void, pack_mub_kernel,
                 (const ReducedPoints& __restrict all, const int* __restrict idx, int n, double* __restrict hi,
                  double* __restrict lo),
                 (all, idx, n, hi, lo))

PRIVOCO_KERNEL_INLINE void z_half_kernel_body(int zclass, const double* mub_hi, const double* mub_lo, int n,
                                              double* zhalf) {
  const ErfcxTable& t = erfcx_table();
  if (zclass == 0) z_kernel<0>(t, mub_hi, mub_lo, n, zhalf);
  else if (zclass == 1) z_kernel<1>(t, mub_hi, mub_lo, n, zhalf);
  else if (zclass == 2) z_kernel<2>(t, mub_hi, mub_lo, n, zhalf);
  else z_kernel<3>(t, mub_hi, mub_lo, n, zhalf);
}
PRIVOCO_VARIANTS(flt, void, z_half_kernel,
                 (int zclass, const double* mub_hi, const double* mub_lo, int n, double* zhalf),
                 (zclass, mub_hi, mub_lo, n, zhalf))

PRIVOCO_KERNEL_INLINE void tiny_pred_kernel_body(bool small_mu, const ReducedPoints& p, int n, double* out) {
  small_mu ? tiny_kernel<12>(p, n, out) : tiny_kernel<24>(p, n, out);
}
PRIVOCO_VARIANTS(flt, void, tiny_pred_kernel, (bool small_mu, const ReducedPoints& p, int n, double* out),
                 (small_mu, p, n, out))

PRIVOCO_KERNEL_INLINE void gl_pred_kernel_body(int m, bool small, const ReducedPoints& p, const double* zhalf, int n,
                                               double* out) {
  if (m == 8) small ? gl_kernel<8, true>(kGauss16, p, zhalf, n, out) : gl_kernel<8, false>(kGauss16, p, zhalf, n, out);
  else if (m == 12) small ? gl_kernel<12, true>(kGauss24, p, zhalf, n, out) : gl_kernel<12, false>(kGauss24, p, zhalf, n, out);
  else small ? gl_kernel<16, true>(kGauss32, p, zhalf, n, out) : gl_kernel<16, false>(kGauss32, p, zhalf, n, out);
}
PRIVOCO_VARIANTS(flt, void, gl_pred_kernel,
                 (int m, bool small, const ReducedPoints& p, const double* zhalf, int n, double* out),
                 (m, small, p, zhalf, n, out))

PRIVOCO_KERNEL_INLINE void gl_pot_kernel_body(int m, bool small, const ReducedPoints& p, const double* mub_hi,
                                              const double* mub_lo, const double* V, const double* zhalf, int n,
                                              double* out, double* bound) {
  if (m == 3) {
    gl_pot<3, true>(kGauss6, p, mub_hi, mub_lo, V, zhalf, n, out, bound);
  } else if (m == 4) {
    gl_pot<4, true>(kGauss8, p, mub_hi, mub_lo, V, zhalf, n, out, bound);
  } else if (m == 6) {
    gl_pot<6, true>(kGauss12, p, mub_hi, mub_lo, V, zhalf, n, out, bound);
  } else if (m == 8) {
    if (small) gl_pot<8, true>(kGauss16, p, mub_hi, mub_lo, V, zhalf, n, out, bound);
    else gl_pot<8, false>(kGauss16, p, mub_hi, mub_lo, V, zhalf, n, out, bound);
  } else if (m == 12) {
    if (small) gl_pot<12, true>(kGauss24, p, mub_hi, mub_lo, V, zhalf, n, out, bound);
    else gl_pot<12, false>(kGauss24, p, mub_hi, mub_lo, V, zhalf, n, out, bound);
  } else {
    if (small) gl_pot<16, true>(kGauss32, p, mub_hi, mub_lo, V, zhalf, n, out, bound);
    else gl_pot<16, false>(kGauss32, p, mub_hi, mub_lo, V, zhalf, n, out, bound);
  }
}
PRIVOCO_VARIANTS(flt, void, gl_pot_kernel,
                 (int m, bool small, const ReducedPoints& p, const double* mub_hi, const double* mub_lo,
                  const double* V, const double* zhalf, int n, double* out, double* bound),
                 (m, small, p, mub_hi, mub_lo, V, zhalf, n, out, bound))

PRIVOCO_KERNEL_INLINE void inside_pot_kernel_body(bool far, bool p_only, const ReducedPoints& p,
                                                  const double* mub_hi, const double* mub_lo, const double* V,
                                                  const double* zhalf, int n, double* out, double* ok, double* m,
                                                  double* E_hi, double* E_lo) {
  if (p_only) {
    if (far) inside_pot<true, true>(p, mub_hi, mub_lo, V, zhalf, n, out, ok, m, E_hi, E_lo);
    else inside_pot<false, true>(p, mub_hi, mub_lo, V, zhalf, n, out, ok, m, E_hi, E_lo);
  } else {
    if (far) inside_pot<true, false>(p, mub_hi, mub_lo, V, zhalf, n, out, ok, m, E_hi, E_lo);
    else inside_pot<false, false>(p, mub_hi, mub_lo, V, zhalf, n, out, ok, m, E_hi, E_lo);
  }
}
PRIVOCO_VARIANTS(flt, void, inside_pot_kernel,
                 (bool far, bool p_only, const ReducedPoints& p, const double* mub_hi, const double* mub_lo,
                  const double* V, const double* zhalf, int n, double* out, double* ok, double* m, double* E_hi,
                  double* E_lo),
                 (far, p_only, p, mub_hi, mub_lo, V, zhalf, n, out, ok, m, E_hi, E_lo))

PRIVOCO_KERNEL_INLINE void beyond_pot_kernel_body(bool fast, const ReducedPoints& p, const double* zhalf, int n,
                                                  double* out, double* ok, double* m, double* E_hi, double* E_lo) {
  if (fast) beyond_pot<true>(p, zhalf, n, out, ok, m, E_hi, E_lo);
  else beyond_pot<false>(p, zhalf, n, out, ok, m, E_hi, E_lo);
}
PRIVOCO_VARIANTS(flt, void, beyond_pot_kernel,
                 (bool fast, const ReducedPoints& p, const double* zhalf, int n, double* out, double* ok, double* m,
                  double* E_hi, double* E_lo),
                 (fast, p, zhalf, n, out, ok, m, E_hi, E_lo))

PRIVOCO_KERNEL_INLINE void inside_pred_kernel_body(bool far, const ReducedPoints& p, const double* zhalf, int n,
                                                   double* m, double* E_hi, double* E_lo, double* v) {
  far ? inside_kernel<true>(p, zhalf, n, m, E_hi, E_lo, v) : inside_kernel<false>(p, zhalf, n, m, E_hi, E_lo, v);
}
PRIVOCO_VARIANTS(flt, void, inside_pred_kernel,
                 (bool far, const ReducedPoints& p, const double* zhalf, int n, double* m, double* E_hi, double* E_lo,
                  double* v),
                 (far, p, zhalf, n, m, E_hi, E_lo, v))

PRIVOCO_KERNEL_INLINE void beyond_pred_kernel_body(bool fast, const ReducedPoints& p, const double* zhalf, int n,
                                                   double* m, double* E_hi, double* E_lo, double* v) {
  fast ? beyond_kernel<true>(p, zhalf, n, m, E_hi, E_lo, v) : beyond_kernel<false>(p, zhalf, n, m, E_hi, E_lo, v);
}
PRIVOCO_VARIANTS(flt, void, beyond_pred_kernel,
                 (bool fast, const ReducedPoints& p, const double* zhalf, int n, double* m, double* E_hi, double* E_lo,
                  double* v),
                 (fast, p, zhalf, n, m, E_hi, E_lo, v))

PRIVOCO_KERNEL_INLINE void edge_pred_kernel_body(bool inside, int second, const ReducedPoints& p, const double* zhalf,
                                                 int n, double* m, double* E_hi, double* E_lo, double* v) {
  const ErfcxTable& t = erfcx_table();
  if (inside) {
    if (second == 0) edge_kernel<true, 0>(t, p, zhalf, n, m, E_hi, E_lo, v);
    else if (second == 1) edge_kernel<true, 1>(t, p, zhalf, n, m, E_hi, E_lo, v);
    else edge_kernel<true, 2>(t, p, zhalf, n, m, E_hi, E_lo, v);
  } else {
    if (second == 0) edge_kernel<false, 0>(t, p, zhalf, n, m, E_hi, E_lo, v);
    else if (second == 1) edge_kernel<false, 1>(t, p, zhalf, n, m, E_hi, E_lo, v);
    else edge_kernel<false, 2>(t, p, zhalf, n, m, E_hi, E_lo, v);
  }
}
PRIVOCO_VARIANTS(flt, void, edge_pred_kernel,
                 (bool inside, int second, const ReducedPoints& p, const double* zhalf, int n, double* m, double* E_hi,
                  double* E_lo, double* v),
                 (inside, second, p, zhalf, n, m, E_hi, E_lo, v))

PRIVOCO_KERNEL_INLINE void edge_pot_kernel_body(bool inside, int second, const ReducedPoints& p, const double* zhalf,
                                                int n, double* out, double* ok, double* m, double* E_hi,
                                                double* E_lo) {
  const ErfcxTable& t = erfcx_table();
  if (inside) {
    if (second == 0) edge_pot<true, 0>(t, p, zhalf, n, out, ok, m, E_hi, E_lo);
    else if (second == 1) edge_pot<true, 1>(t, p, zhalf, n, out, ok, m, E_hi, E_lo);
    else edge_pot<true, 2>(t, p, zhalf, n, out, ok, m, E_hi, E_lo);
  } else {
    if (second == 0) edge_pot<false, 0>(t, p, zhalf, n, out, ok, m, E_hi, E_lo);
    else if (second == 1) edge_pot<false, 1>(t, p, zhalf, n, out, ok, m, E_hi, E_lo);
    else edge_pot<false, 2>(t, p, zhalf, n, out, ok, m, E_hi, E_lo);
  }
}
PRIVOCO_VARIANTS(flt, void, edge_pot_kernel,
                 (bool inside, int second, const ReducedPoints& p, const double* zhalf, int n, double* out, double* ok,
                  double* m, double* E_hi, double* E_lo),
                 (inside, second, p, zhalf, n, out, ok, m, E_hi, E_lo))

}  // namespace privoco::fast::vdh::detail
