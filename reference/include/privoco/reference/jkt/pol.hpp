// JKT's Private Offline Learning (Alg 6) constants, certified, as printed.
#pragma once
#include <arb.h>

namespace privoco::reference::jkt {

void pol_alpha(arb_t res, arb_srcptr p, slong prec);   // {eps_g, x_star_norm}: eps_g/||x*||^2
void pol_Lprime(arb_t res, arb_srcptr p, slong prec);  // {L, eps_g, x_star_norm}: L + alpha ||x*||
void pol_beta(arb_t res, arb_srcptr p, slong prec);    // {L, eps_g, x_star_norm, T, eps_p, delta}

// JKT.bound.pol_noise_norm {d, gamma, L, eps_g, x_star_norm, T, eps_p, delta, which}: Eq (37)'s thresholds (which 0,
// 1) or the exact tail P(chi^2_d > 9 d ln(1/gamma)) of ||b|| at the first (2)
void pol_noise_norm(arb_t res, arb_srcptr p, slong prec);
// JKT.bound.kt08_risk {gamma, T, L, eps_g, x_star_norm, R_A}: Thm 11's right side at Alg 6's alpha and L'
void kt08_risk(arb_t res, arb_srcptr p, slong prec);
// JKT.bound.pol_utility {d, gamma, L, eps_g, x_star_norm, T, eps_p, delta, C_const, which}: Thm 12's condition on T
// (which 0) or the proof's final display (1)
void pol_utility(arb_t res, arb_srcptr p, slong prec);
// JKT.bound.cms11_sample {x_star_norm, delta, eps_g, eps_p, d}: Sec 4.2's quoted sample size, constant 1
void cms11_sample(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::jkt
