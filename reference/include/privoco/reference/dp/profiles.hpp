// Exact privacy profiles, certified (catalogue DP.gauss.delta, DP.laplace.delta). params = {eps, mu}.
#pragma once
#include <arb.h>

namespace privoco::reference::dp {

// Balle and Wang (2018) Thm 8: delta(eps) = (1/2) erfc(a) - (1/2) e^eps erfc(b), a, b = eps/(mu sqrt2) -+ mu/(2 sqrt2)
// (Phi(x) = erfc(-x/sqrt2)/2). The two terms cancel by a relative mu^2/eps for small mu, large eps: the escalation
// of working precision in reference::evaluate recovers the digits.
void gauss_delta(arb_t res, arb_srcptr p, slong prec);
// delta(eps) = 1 - e^{(eps - mu)/2} for eps < mu, 0 otherwise (derived: the hockey-stick integral split at 0,
// (mu - eps)/2 and mu; tests/dp/profiles_test.cpp integrates it as the second route).
void laplace_delta(arb_t res, arb_srcptr p, slong prec);
// The composition of d Gaussian mechanisms, the flat layout {d, eps (or delta), mu_1..mu_d}: the privacy loss of
// the composition is that of one Gaussian mechanism with mu = sqrt(sum mu_j^2) (the losses are independent
// Gaussians), so DP.gauss.delta and DP.gauss.eps evaluate gauss_delta / gauss_eps there.
void gauss_delta_composed(arb_t res, arb_srcptr p, slong prec);
void gauss_eps_composed(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::dp

namespace privoco::reference::dp {

// DP.gauss.eps, params {delta, mu}: the smallest eps >= 0 with delta(eps; mu) <= delta (0 when delta(0) <= delta).
// Newton on ln delta(eps) (d delta/d eps = -e^eps Phi(-mu/2 - eps/mu)) from midpoints, then the root certified by
// a bracket [e - r, e + r] whose ends' delta are certainly on either side of the target.
void gauss_eps(arb_t res, arb_srcptr p, slong prec);
// DP.gauss.mu, params {eps, delta}: the largest mu with delta(eps; mu) <= delta (d delta/d mu = phi(mu/2 - eps/mu)
// > 0), certified the same way.
void gauss_mu(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::dp
