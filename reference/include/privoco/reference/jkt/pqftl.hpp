// JKT's PQFTL (Alg 4): the bound arguments of its calls to Alg 5 and the tails of its noise, certified
// (privoco/fast/jkt/pqftl.hpp).
#pragma once
#include <arb.h>

namespace privoco::reference::jkt {

void pqftl_tree_bound(arb_t res, arb_srcptr p, slong prec);  // {R, tree (V, u), which (printed, derived)}
// JKT.noise.pqftl_noise_norms {d, t, which}: with k = popcount(t) and q = Q(d/2, 9d/(2k)) = P(chi^2_d > 9d/k) (the
// regularized upper incomplete gamma): q = P(||beta_t|| > 3 sigma sqrt d), 1 - (1 - q)^d <= P(||A_t||_2 > 3 sigma
// sqrt d), or exp(-d/2) (JKT Thm 8 proof).
void pqftl_noise_norms(arb_t res, arb_srcptr p, slong prec);

// JKT.bound.pqftl_iterate_error {R, alpha, eps, delta, T, d, t, log_base}: Eq (31), sigma sqrt(d)/t (3 + 6R/alpha)/
// |alpha - 6 sigma sqrt(d) R/(alpha t)| with sigma = JKT.noise.tree_sigma(R, eps, delta, T, log_base) (Thm 8 proof);
// t an integer in [1, T] (Alg 4 forms x^_{t+1} for t < T).
void pqftl_iterate_error(arb_t res, arb_srcptr p, slong prec);
// JKT.bound.pqftl {R, alpha, eps, delta, T, d, log_base, log_base_regret, which}: Eq (32), A + B with
// A = R^4 (1 + 2R/alpha)^2/alpha log T (Eq (22)) and B = 3 sqrt(d) R (2R^2/alpha + R + 2)(1 + 2R/alpha)(1 + log T)
// sqrt(log T) log sqrt(log T/delta)/sqrt(eps): log T in A and in 1 + log T per log_base_regret (J2); sqrt(log T) and
// log sqrt(log T/delta) from sigma, per log_base (J1: mixed takes log T in base 2, the outer log natural).
// which: 0 total, 1 A, 2 B.
void pqftl_regret_bound(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::jkt
