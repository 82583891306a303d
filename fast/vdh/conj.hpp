// The conjugate prior in double: the public header (batch and scalar forms).
#pragma once
#include "privoco/fast/vdh/conj.hpp"
#include "privoco/fast/numerics/xd.hpp"

namespace privoco::fast::vdh {
// The potential's quadratic regime (conj.cpp): F = K (L^2/2 - V) (1 + O(lambda^2 + nu)), ln(lambda^2 + nu) and K
double ln_tiny(double L, double V, double G);
xd tiny_K(double b, double G);
// The improper prior's prediction at V = 0 with lambda = C|L| (C may be past DBL_MAX): 4 sinh^2(lambda/2)/|L|
Value v0_prediction(int sign, double absL, double lambda, double lambda_lo = 0);
}  // namespace privoco::fast::vdh
