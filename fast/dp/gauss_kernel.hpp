// Vectorised kernels of the Gaussian privacy profile (internal to fast/dp; profiles.cpp's delta_block classifies
// the points and finishes the ones whose value leaves the normal range).
//   delta = (1/2) e^{-a^2} (erfcx(a) - erfcx(b)),  a = (eps/mu - mu/2)/sqrt2,  h = mu/sqrt2,  b = a + h
// (Balle and Wang 2018, Thm 8, with b^2 - a^2 = eps). Where the difference cancels (h small beside the scale of
// erfcx) it is formed without subtracting the two values; see gauss_kernel.cpp.
#pragma once

namespace privoco::fast::dp::detail {

// One block's points as structure of arrays: a and h as double-doubles.
// Each array padded by kPad doubles (3 cache lines): arrays 2^k bytes apart map the same index to the same L1 set.
struct GaussPoints {
  static constexpr int kMax = 4096, kPad = 24, kStride = kMax + kPad;
  double a_hi[kStride], a_lo[kStride], h_hi[kStride], h_lo[kStride];
};

// The regions (the class of a point), by a and h:
//   zero      a = +inf (eps/mu beyond the double range): delta = 0 to every digit, ln delta = -inf;
//   huge      a >= 1e100: underflow, ln delta from D = h/(sqrt(pi) a b) (relative corrections O(1/a^2));
//   neg_far   a < -3: delta = 1 - X/2, X = e^{-a^2} (erfcx(|a|) + erfcx(b)) <= 4.4e-5 (needed to 1e-12);
//   neg_near  -3 <= a < -1/16: the same in double-double (delta >= 0.07 there: cancellation at most 13x);
//   small_h   h <= 1/8, a < 3: the difference of the table polynomial at a and b as a divided difference;
//   table     -1/16 <= a < 3, h > 1/8: the difference of table values (cancellation at most ~30x of ~1e-18);
//   cf_K      a >= 3: the difference of the continued fractions level by level (K levels by a).
// neg_near and table come in two: b in the table, or b by the continued fraction (_cf).
enum Region : int {
  kZero, kHuge, kNegFar, kNegNear, kNegNearCf, kSmallH, kTable, kTableCf, kCf36, kCf28, kCf20, kCf12, kRegions
};
inline constexpr double kHugeA = 1e100, kSmallHMax = 1.0 / 8, kTableEnd = 3.0625;

// a, h of points i < n from eps and mu = mu_hi + mu_lo (a double-double: a composition's sqrt(sum mu_j^2)), and
// their regions.
void reduce_kernel(const double* eps, const double* mu_hi, const double* mu_lo, int n, GaussPoints& out, int* region);

// The points idx[0..n) of `all` into the first n places of `packed`.
void pack_kernel(const GaussPoints& all, const int* idx, int n, GaussPoints& packed);

// The packed points of one region (not zero, huge): v[i] = delta when it is a normal double, else 0; then
// sqrt(pi) (erfcx(a) - erfcx(b)) = m1[i] m2[i] (both normal where the point is finite: the caller forms ln delta
// from them and a^2 when v is 0).
void region_kernel(int region, const GaussPoints& p, int n, double* v, double* m1, double* m2);

}  // namespace privoco::fast::dp::detail
