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

}  // namespace privoco::reference::jkt
