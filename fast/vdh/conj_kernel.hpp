// Vectorised kernel of the fast VDH conjugate-prior prediction for lambda <= 6, mu <= 14 (internal to fast/vdh).
#pragma once

namespace privoco::fast::vdh::detail {

// The points of one kernel call, as structure of arrays (double-double lambda, mu, mu_b, C of conj.cpp's reduction).
struct GlPoints {
  static constexpr int kMax = 256;
  double lam_hi[kMax], lam_lo[kMax], mu_hi[kMax], mu_lo[kMax], mub_hi[kMax], mub_lo[kMax], C_hi[kMax], C_lo[kMax];
};

// Largest mu each rule serves (Gauss-Legendre error below 5e-19 relative in n and z for lambda <= 6; mpmath).
inline constexpr double kGlMuMax8 = 1.5, kGlMuMax12 = 6, kGlMuMax16 = 14, kGlLambdaMax = 6, kGlLambdaSmall = 1.5;

// out[i] = C n / z = |w| for points i < n, with n = int x e^{lambda x - mu x^2}, z = int e^{-mu_b x^2} over
// [-1, 1]: n by the Gauss-Legendre rule with 2 m nodes (m = 8, 12, 16), z by its series.
// conj.cpp's reduction for points i < n (|L| is taken here): C = 1/(5G), lambda = C|L|, mu = C^2 (b + V),
// mu_b = C^2 b as double-doubles, by the same operations as conj.cpp's reduce (vectorised).
void reduce_kernel(const double* L, const double* V, const double* b, const double* G, int n, GlPoints& out);

// small: every point has lambda <= kGlLambdaSmall (sinh by its series alone).
void gl_pred_kernel(int m, bool small, const GlPoints& p, int n, double* out);

}  // namespace privoco::fast::vdh::detail
