// JKT's private online learner's noise scale (Alg 6), the tree mechanism's sigma (Alg 5) and PQFTL's iterate error
// (Eq (31)) as inline closed forms, shared by the scalar functions (pol.cpp, tree.cpp, pqftl.cpp) and the vectorised
// batch kernels (batch.cpp): the same
// operations, so the same bits. kSelect: every reading formed, then selected (no branch: the kernels); false: the
// reading's branch alone (scalar code).
#pragma once
#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/fast/numerics/xd.hpp"

namespace privoco::fast::jkt::detail {

// alpha = eps_g/||x*||^2 and L' = L + eps_g/||x*|| (JKT Alg 6 l.5) with the exponent kept apart (from logarithms they
// lost 97 and 125 ulp near the ends of the range)
PRIVOCO_DD_INLINE xd alpha_xd(double eps_g, double xs) { return xd_of(eps_g) / (xd_of(xs) * xd_of(xs)); }
PRIVOCO_DD_INLINE xd lprime_xd(double L, double eps_g, double xs) { return xd_of(L) + xd_of(eps_g) / xd_of(xs); }
// beta = 2 sqrt2 L' ln T/(T eps_p) sqrt(ln(1/delta) + eps_p) (JKT Alg 6 l.13)
PRIVOCO_DD_INLINE xd pol_beta_xd(double L, double eps_g, double xs, double T, double eps_p, double delta) {
  const dd r2{2.8284271247461903, -1.9334586626905827e-16};  // 2 sqrt 2
  return xd_of(r2) * lprime_xd(L, eps_g, xs) * xd_of(log_dd(dd{T, 0})) / (xd_of(T) * xd_of(eps_p)) *
         xd_sqrt(xd_of(dd{eps_p, 0} - log_dd(dd{delta, 0})));
}

// sigma = R log T sqrt(log(log T/delta)/eps) (JKT Alg 5 l.3), log T base 2 unless log_base = e (0), the outer log
// natural unless log_base = 2 (1), both logarithms in double-double (lo -> 0 near L = delta amplifies the rounding of
// ln T, not an input error), the rest with the exponent kept apart (from logarithms near the ends of the range this
// lost 1770 ulp; a subnormal R times L kept only R's few bits). lo_hi: log(log T/delta), rounded; where it is <= 0
// there is no sigma (the caller's domain error).
// ln(L/delta) in double-double for L >= 0 and any delta in (0, 1): the quotient with its exponent kept apart (as a
// double-double it overflowed to NaN below delta ~ 1e-306, where sigma was refused as undefined), its logarithm as
// log_dd of the quotient itself where that is within 2^1000 (full relative accuracy where L/delta is near 1), of
// the mantissa plus e ln 2 beyond (no cancellation there)
PRIVOCO_DD_INLINE dd log_ratio(dd L, double delta) {
  const xd q = xd_of(L) / xd_of(delta);
  const bool far = q.e > 1000;
  const dd near = xd_detail::unscaled(q, -1000, 1000);
  const dd l = log_dd(dd{far ? q.m.hi : near.hi, far ? q.m.lo : near.lo});
  const dd lf = l + kLn2dd * int64_to_double(q.e);
  return {far ? lf.hi : l.hi, far ? lf.lo : l.lo};
}
// The tree's log T (L) and log(log T/delta) (lo) by J1's reading from Le = ln T, in double-double: shared with Eq
// (32)'s log sqrt(log T/delta) = lo/2 (from libm's logarithms, lo lost all its digits where log T is near delta)
template <bool kSelect>
PRIVOCO_DD_INLINE void tree_logs(dd Le, double delta, double log_base, dd& L, dd& lo) {
  if constexpr (!kSelect) {
    L = log_base != 0 ? Le / kLn2dd : Le;
    lo = log_ratio(L, delta);
    if (log_base == 1) lo = lo / kLn2dd;
  } else {
    const dd L2 = Le / kLn2dd;
    L = {log_base != 0 ? L2.hi : Le.hi, log_base != 0 ? L2.lo : Le.lo};
    const dd loe = log_ratio(L, delta), lo2 = loe / kLn2dd;
    lo = {log_base == 1 ? lo2.hi : loe.hi, log_base == 1 ? lo2.lo : loe.lo};
  }
}
template <bool kSelect>
PRIVOCO_DD_INLINE xd tree_sigma_core(double R, double eps, double delta, double T, double log_base, double& lo_hi) {
  dd L, lo;
  tree_logs<kSelect>(log_dd(dd{T, 0}), delta, log_base, L, lo);
  lo_hi = lo.hi;
  return xd_of(R) * xd_of(L) * xd_sqrt(xd_of(lo) / xd_of(eps));
}

// Eq (32)'s logarithms: lr = log T by J2's reading (log_base_regret 2 (1): base 2, else e), li = the tree's log T and
// lo = log sqrt(li/delta) by J1's (tree_logs), each rounded once from double-double
template <bool kSelect>
PRIVOCO_DD_INLINE void pqftl_logs(double T, double delta, double log_base, double log_base_regret, double& lr,
                                  double& li, double& lo) {
  const dd Le = log_dd(dd{T, 0}), L2 = Le / kLn2dd;
  dd L, l;
  tree_logs<kSelect>(Le, delta, log_base, L, l);
  lr = log_base_regret == 1 ? to_double(L2) : to_double(Le);
  li = to_double(L);
  lo = 0.5 * to_double(l);
}

// 1 + 2R/alpha with the exponent kept apart (R/alpha may overflow; from its logarithm it lost |ln| ulp)
PRIVOCO_DD_INLINE xd one_plus_two_r_over_alpha(double R, double alpha) {
  return xd_of(1.0) + xd_scale2(xd_of(R) / xd_of(alpha), 1);
}
// JKT Eq (31): sigma sqrt(d)/t (3 + 6R/alpha)/|alpha - q|, q = 6 sigma sqrt(d) R/(alpha t), with the exponent kept apart
// (q from logarithms lost 2000 ulp where q >> alpha and the value is 1 - tiny). pole: alpha = q (no value).
PRIVOCO_DD_INLINE xd pqftl_iterate_xd(const xd& sigma, double R, double alpha, double d, double t, bool& pole) {
  const xd sd = sigma * xd_sqrt(xd_of(d));
  const xd q = xd_of(6.0) * sd * (xd_of(R) / xd_of(alpha)) / xd_of(t);
  const xd den = xd_of(alpha) - q;
  pole = den.m.hi == 0;
  return xd_of(3.0) * sd * one_plus_two_r_over_alpha(R, alpha) / (xd_of(t) * xd_abs(den));
}

}  // namespace privoco::fast::jkt::detail
