// Vectorised kernels of the fast VDH conjugate-prior prediction (internal to fast/vdh; conj.cpp's pred_chunk
// classifies the points and sends the rest to the scalar regimes).
#pragma once

namespace privoco::fast::vdh::detail {

// The points of one block as structure of arrays: conj.cpp's reduction as double-doubles.
// Each array is padded by kPad doubles (3 cache lines): arrays 2^k bytes apart map the same index to the same L1
// set and alias at 4 KiB, and a loop touching 8-16 of them at once then misses in an 8-way cache.
struct ReducedPoints {
  static constexpr int kMax = 4096, kPad = 24, kStride = kMax + kPad;
  double lam_hi[kStride], lam_lo[kStride], mu_hi[kStride], mu_lo[kStride], mub_hi[kStride], mub_lo[kStride],
      C_hi[kStride], C_lo[kStride];
};

// The regions of the kernels (see conj_kernel.cpp for the measured reasons):
//   tiny          lambda <= 0.05, mu <= 1.5: five terms of the lambda series, moments by their positive series
//                 (24 terms, 12 for mu <= 0.1);
//   quadrature    lambda <= 6, mu <= 14, rule 16/24/32 points for mu <= 1.5/6/14 (rule error < 5e-19, mpmath);
//   peak inside   a = (2mu - lambda)/(2 sqrt mu) >= 3.0625 (erfc(a) <= 1e-5, its continued fraction to 6e-15;
//                 from a >= 7 the erfc terms are dropped: below 1e-20);
//   peak beyond   lambda > 6, p = (lambda - 2mu)/(2 sqrt mu) >= 3 (then lambda - 2mu > 4);
//   edge          0 <= a < 3.0625, or lambda > 6 and 0 < p < 3: erfcx from the double-double Taylor table;
//   z/2 = M_0(mu_b) by the erf series (mu_b <= 1.5), then sqrt(pi) erf(s)/(2s), s = sqrt(mu_b), with erfc from the
//   erfcx table (s < 3.0625) or erfcx's continued fraction, and without erfc from mu_b >= 40.
inline constexpr double kTinyLambdaMax = 0.05, kGlMuMax8 = 1.5, kGlMuMax12 = 6, kGlMuMax16 = 14, kGlLambdaMax = 6, kGlLambdaSmall = 1.5;
inline constexpr double kInsideAMin = 3.0625, kInsideFarAMin = 7, kBeyondLambdaMin = 6, kBeyondPMin = 3, kBeyondPFast = 6.5;
inline constexpr double kZSeriesMax = 1.5, kZTableEnd = 3.0625 * 3.0625, kZFarMin = 40;
// How z/2 = M_0(mu_b) is computed: 0 series, 1 table, 2 continued fraction, 3 sqrt(pi)/(2 sqrt mu_b) alone
// (mu_b >= 40: erfc(sqrt mu_b) <= e^{-40}/(sqrt(40 pi)) = 3.8e-19 relative). Branch-free: classify_kernel uses it.
inline int z_class(double mub_hi) { return (mub_hi > kZSeriesMax) + (mub_hi >= kZTableEnd) + (mub_hi >= kZFarMin); }
inline constexpr int kZClasses = 4;

// Classes: 0-5 quadrature (rule 8/12/16 points, +3 when lambda <= kGlLambdaSmall), then the others.
// Edge classes come in threes by how the second argument b' (inside) or p2 (beyond) is treated: + 0 not at all
// (lambda >= kEdgeDropLambda: e^{-2 lambda} <= 5.7e-19), + 1 from the table, + 2 by the continued fraction.
inline constexpr int kClassInside = 6, kClassBeyond = 7, kClassBeyondFast = 8, kClassTiny = 9, kClassInsideFar = 10,
                     kClassEdgeInside = 11, kClassEdgeBeyond = 14, kClassTinySmallMu = 17, kClassCore = 18,
                     kClassZero = 19, kClasses = 20;
// The tiny kernel's series: 24 terms for mu <= 1.5, 12 for mu <= kTinyMuSmall (tail below 5e-22 of the sum).
inline constexpr double kTinyMuSmall = 0.1;
inline bool is_tiny_class(int c) { return c == kClassTiny || c == kClassTinySmallMu; }
inline constexpr double kEdgeDropLambda = 21;

// conj.cpp's reduction for points i < n (|L| is taken here): C = 1/(5G), lambda = C|L|, mu = C^2 (b + V),
// mu_b = C^2 b as double-doubles, by the same operations as conj.cpp's reduce (vectorised), and the points' classes
// as classify_kernel gives them. boxes: two open boxes of 8 doubles each, lo[0..4) then hi[0..4) for (L, V, b, G), a
// point inside when lo[k] < x_k < hi[k] (NaN: outside); returns how many points lie outside the first, and
// *outside_domain how many outside the second. One pass: the inputs and the
// reduced values are each read once.
int reduce_kernel(const double* boxes, const double* L, const double* V, const double* b, const double* G, int n,
                  ReducedPoints& out, int* cls, int* zcls, int* outside_domain);
// The same with L and V given as double-doubles (L + L_lo, V + V_lo, normalised: the learners' exact-ish sums).
int reduce_kernel_dd(const double* boxes, const double* L, const double* L_lo, const double* V, const double* V_lo,
                     const double* b, const double* G, int n, ReducedPoints& out, int* cls, int* zcls,
                     int* outside_domain);
// Two boxes that hold every double but NaN.
inline constexpr double kWholeBoxes[16] = {
    -__builtin_inf(), -__builtin_inf(), -__builtin_inf(), -__builtin_inf(), __builtin_inf(), __builtin_inf(),
    __builtin_inf(),  __builtin_inf(),  -__builtin_inf(), -__builtin_inf(), -__builtin_inf(), -__builtin_inf(),
    __builtin_inf(),  __builtin_inf(),  __builtin_inf(),  __builtin_inf()};
// The reduction alone (the tests' entry; n <= kMax).
inline void reduce_kernel(const double* L, const double* V, const double* b, const double* G, int n,
                          ReducedPoints& out) {
  int cls[ReducedPoints::kMax], zcls[ReducedPoints::kMax], outside_domain;
  reduce_kernel(kWholeBoxes, L, V, b, G, n, out, cls, zcls, &outside_domain);
}


// cls[i]: the class of point i (kClassCore: none of the kernels; kClassZero: L = 0); zcls[i]: how z is computed.
void classify_kernel(const ReducedPoints& p, const double* L, int n, int* cls, int* zcls);

// The points idx[0..n) of `all` (and their zhalf) into the first n places of `packed` / `zpacked` (mu_b not
// copied), and their mu_b into hi, lo: vectorised gathers.
void pack_kernel(const ReducedPoints& all, const double* zhalf, const int* idx, int n, ReducedPoints& packed,
                 double* zpacked);
void pack_mub_kernel(const ReducedPoints& all, const int* idx, int n, double* hi, double* lo);

// The kernels read and write contiguous arrays (the caller packs each class's points): index i < n throughout.
// zhalf[i] = M_0(mu_b) = z/2; zclass as z_class gives it.
void z_half_kernel(int zclass, const double* mub_hi, const double* mub_lo, int n, double* zhalf);

// out[i] = C n / z = |w| for the tiny classes (z from mu_b: the caller packs mu_b too); small_mu: every mu <=
// kTinyMuSmall (12 series terms instead of 24).
void tiny_pred_kernel(bool small_mu, const ReducedPoints& p, int n, double* out);

// out[i] = C n / z = |w| by the rule with 2 m points (m = 8, 12, 16); small: every lambda <= kGlLambdaSmall (sinh
// by its series alone).
void gl_pred_kernel(int m, bool small, const ReducedPoints& p, const double* zhalf, int n, double* out);

// out[i] = F = (i0 - z)/z (VDH eq (4)) for the quadrature and tiny classes, by the rule with 2 m points (small as
// above); mub_hi/lo and V packed like p. bound[i]: what the parts of the integrand that cancel add up to, over zhalf
// (inf where nu = C^2 V is not formed to its relative accuracy); F is taken only where bound[i] <= 16 |F|.
// m = 3, 4, 6 (small only) where every point of the call has mu <= kPotRuleMu[k] and lambda <= kPotRuleLambda[k]
// (k = 0, 1, 2): the 6/8/12-point rules' error there, relative to each part of the integrand, below 2^-60 (tested
// against the 32-point rule at the boxes' corners).
void gl_pot_kernel(int m, bool small, const ReducedPoints& p, const double* mub_hi, const double* mub_lo,
                   const double* V, const double* zhalf, int n, double* out, double* bound);
// The potential's groups of points (pot_chunk runs each through one kernel call): 0-5 the quadrature's classes (the
// tiny ones join 3), kPotGroupInside + 0..3 inside, well inside, beyond, far beyond, kPotGroupEdge + 0..5 the edge
// classes, kPotGroupRule + k group 3's points where the k-th smaller rule holds, kPotGroupScalar the scalar route.
inline constexpr int kPotGroups = 19, kPotGroupInside = 6, kPotGroupEdge = 10, kPotGroupRule = 16,
                     kPotGroupScalar = kPotGroups;
// grp[i] for points i < n of their classes (branch-free; L = 0 by mu: the quadrature's groups for mu <= kGlMuMax16,
// else the peak at the centre, a = sqrt(mu))
void pot_group_kernel(const ReducedPoints& p, const int* cls, int n, int* grp);
inline constexpr int kPotRuleM[3] = {3, 4, 6};
inline constexpr double kPotRuleMu[3] = {1e-3, 0.02, 0.3}, kPotRuleLambda[3] = {0.05, 0.2, 1.0};
// The smallest of those rules that holds at (lambda, mu), as its index k, or 3 (the 16-point rule, m = 8)
inline int pot_rule(double lambda, double mu) {  // branch-free (the points' rules are unpredictable)
  return ((lambda > kPotRuleLambda[0]) | (mu > kPotRuleMu[0])) + ((lambda > kPotRuleLambda[1]) | (mu > kPotRuleMu[1])) +
         ((lambda > kPotRuleLambda[2]) | (mu > kPotRuleMu[2]));
}

// out[i] = F for the classes kClassInside (far = false) and kClassInsideFar, and kClassBeyond / kClassBeyondFast;
// ok[i] = 1 where out[i] is taken, else 0 (see conj_kernel.cpp); 1 + F = m[i] e^{E} with E = E_hi + E_lo, for the
// caller's scaled form where E_hi > 700 (F = 1 + F there). p_only: the inside kernel's first form alone (a first
// pass; ok[i] = 0 where the second form may hold).
void inside_pot_kernel(bool far, bool p_only, const ReducedPoints& p, const double* mub_hi, const double* mub_lo,
                       const double* V, const double* zhalf, int n, double* out, double* ok, double* m, double* E_hi,
                       double* E_lo);
void beyond_pot_kernel(bool fast, const ReducedPoints& p, const double* zhalf, int n, double* out, double* ok,
                       double* m, double* E_hi, double* E_lo);
// The same for the edge classes (inside: kClassEdgeInside + second, else kClassEdgeBeyond + second).
void edge_pot_kernel(bool inside, int second, const ReducedPoints& p, const double* zhalf, int n, double* out,
                     double* ok, double* m, double* E_hi, double* E_lo);

// |w| = m[i] e^{E} (E = E_hi + E_lo), and v[i] = that product when E_hi <= 700 (else 0): the Gaussian peak inside
// [-1, 1] (E = lambda^2/(4 mu)) or beyond its edge (E = lambda - mu; fast: p >= kBeyondPFast, which needs fewer
// continued-fraction terms).
void inside_pred_kernel(bool far, const ReducedPoints& p, const double* zhalf, int n, double* m, double* E_hi,
                        double* E_lo, double* v);  // far: a >= kInsideFarAMin (D = 2)
void beyond_pred_kernel(bool fast, const ReducedPoints& p, const double* zhalf, int n, double* m, double* E_hi,
                        double* E_lo, double* v);
// The same near the edge x = 1 (|a| < 3.0625 inside, p < 3 beyond), where erfc is O(1).
void edge_pred_kernel(bool inside, int second, const ReducedPoints& p, const double* zhalf, int n, double* m,
                      double* E_hi, double* E_lo, double* v);  // second: 0, 1, 2 as in the edge classes

}  // namespace privoco::fast::vdh::detail
