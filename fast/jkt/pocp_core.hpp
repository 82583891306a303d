// JKT's POCP noise scales as inline closed forms, shared by the scalar functions (pocp.cpp, igd_giga.cpp) and the
// vectorised batch kernels (batch.cpp): the same operations, so the same bits. kSelect: both readings of c formed,
// then selected (no branch: the kernels); false: the reading's branch alone (scalar code).
#pragma once
#include <cmath>

#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/fast/numerics/xd.hpp"

namespace privoco::fast::jkt::detail {

// ||C||_2 of the ball of radius r: the diameter 2r (c_norm = 0) or the radius (J5), as an extended-range number (2r
// may overflow: r near DBL_MAX gave NaN in the bounds; sums of factors from their logarithms lost 513 ulp)
PRIVOCO_DD_INLINE xd c_norm_xd(double r, double c_norm) { return xd_scale2(xd_of(r), c_norm == 0 ? 1 : 0); }

// T^{0.5+c} in double-double (J3, parse = 0: ln_of_half_ln): (a) sqrt(T (ln 2 - ln delta)/2); (b) sqrt(T)
// e^{-ln 2 (ln 2 - ln delta)/2} (the exponent reaches -250 for delta = 1e-300: in double its rounding would cost
// hundreds of ulps)
template <bool kSelect>
PRIVOCO_DD_INLINE dd scale_dd(double T, double delta, double parse) {
  const dd l2d = kLn2dd - log_dd(dd{delta, 0});
  if constexpr (!kSelect) {
    if (parse == 0) return sqrt_dd(dd{T, 0} * l2d * 0.5);
    return sqrt_dd(dd{T, 0}) * exp_dd(kLn2dd * l2d * -0.5);
  } else {
    const dd a = sqrt_dd(dd{T, 0} * l2d * 0.5), b = sqrt_dd(dd{T, 0}) * exp_dd(kLn2dd * l2d * -0.5);
    return {parse == 0 ? a.hi : b.hi, parse == 0 ? a.lo : b.lo};
  }
}

// c (J3) in double-double logarithms: ln x/(2 ln T) with x = (ln 2 - ln delta)/2 (parse = 0: ln_of_half_ln; log_dd
// keeps its digits near x = 1, delta ~ 2/e^2, where the numerator crosses 0), or (ln 1/2) ln(2/delta)/(2 ln T)
// (parse = 1), one rounding at the end (JKT Alg 1 l.7)
template <bool kSelect>
PRIVOCO_DD_INLINE double c_value(double T, double delta, double parse) {
  const dd l2d = kLn2dd - log_dd(dd{delta, 0}), lnT2 = log_dd(dd{T, 0}) * 2.0;
  if constexpr (!kSelect) {
    if (parse == 0) return to_double(log_dd(l2d * 0.5) / lnT2);
    return to_double(kLn2dd * l2d / lnT2) * -1;
  } else {
    const double a = to_double(log_dd(l2d * 0.5) / lnT2), b = to_double(kLn2dd * l2d / lnT2) * -1;
    return parse == 0 ? a : b;
  }
}

// beta^2 = lambda^2 (2/eps) S (S L + sqrt(eps)), S = T^{0.5+c} (normal: T^{c} >= e^{-258}), L = ln(T/delta) > 0: the
// bracket in double-double, then 1/eps, sqrt and lambda with the exponent kept apart (from logarithms: 232 ulp lost)
// (JKT Alg 1 l.7)
template <bool kSelect>
PRIVOCO_DD_INLINE xd pocp_beta_xd(double lambda_A, double eps, double delta, double T, double parse) {
  const dd S = scale_dd<kSelect>(T, delta, parse), Ld = log_dd(dd{T, 0}) - log_dd(dd{delta, 0});
  const dd inner = (S * Ld + dd{std::sqrt(eps), 0}) * S * 2.0;
  return xd_of(lambda_A) * xd_sqrt(xd_of(inner) / xd_of(eps));
}
// lambda_A = 2L (JKT Alg 2 l.8): doubled exactly
template <bool kSelect>
PRIVOCO_DD_INLINE xd pigd_beta_xd(double L, double eps, double delta, double T, double parse) {
  return xd_scale2(pocp_beta_xd<kSelect>(L, eps, delta, T, parse), 1);
}
// lambda_A = 2G (JKT Alg 3 l.8, lambda = 0) or 2G/alpha (Lem 5 in the form of Eq (1), lambda = 1), J17; 2G with its
// own exponent (it may overflow)
template <bool kSelect>
PRIVOCO_DD_INLINE xd pgiga_beta_xd(double G, double alpha, double eps, double delta, double T, double parse, double lambda) {
  const xd lam = xd_scale2(xd_select(lambda == 1, xd_of(G) / xd_of(alpha), xd_of(G)), 1);
  return lam * pocp_beta_xd<kSelect>(1, eps, delta, T, parse);
}

}  // namespace privoco::fast::jkt::detail
