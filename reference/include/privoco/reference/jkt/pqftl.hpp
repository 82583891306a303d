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

}  // namespace privoco::reference::jkt
