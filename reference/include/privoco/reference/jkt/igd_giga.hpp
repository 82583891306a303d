// JKT's constants of PIGD (Alg 2) and PGIGA (Alg 3), certified: step sizes, the burn-in t_q (exact integer by
// rational arithmetic on the doubles' mantissas), the noise scales as JKT.noise.pocp_beta at their lambda.
#pragma once
#include <arb.h>

namespace privoco::reference::jkt {

void igd_step(arb_t res, arb_srcptr p, slong prec);     // {alpha, t}: 1/(alpha t)
void giga_step(arb_t res, arb_srcptr p, slong prec);    // {alpha, t, giga_eta}: 2/(alpha t) or 1/(alpha t)
void giga_tq(arb_t res, arb_srcptr p, slong prec);      // {L_G, alpha, tq_rounding}: 2 L_G^2/alpha^2 rounded (J6)
void pigd_beta(arb_t res, arb_srcptr p, slong prec);    // {L, eps, delta, T, c_parse}: pocp_beta at lambda_A = 2L
void pgiga_beta(arb_t res, arb_srcptr p, slong prec);   // {G, alpha, eps, delta, T, c_parse, pgiga_lambda}

// JKT.bound.pigd {L, alpha, radius, C_norm, eps, delta, T, d, C_const}: Thm 4's right side,
// C_const ((L^2/alpha + ||C||) sqrt(d) ln^1.5(T/delta)/sqrt(eps)) sqrt(T), ||C|| per J5.
void pigd_bound(arb_t res, arb_srcptr p, slong prec);
// JKT.bound.igd_regret {L, alpha, radius, C_norm, T, which}: derived (L^2/(2 alpha)) H_T + (alpha/2) ||C||^2, or the
// printed O-form L^2/alpha ln T + ||C|| at constant 1
void igd_regret_bound(arb_t res, arb_srcptr p, slong prec);
// JKT.bound.pgiga {G, alpha, L_G, radius, C_norm, eps, delta, T, d, log_base_regret}: Thm 6's right side.
void pgiga_bound(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::jkt
