// JKT's Private Offline Learning (Alg 6) constants, certified, as printed.
#pragma once
#include <arb.h>

namespace privoco::reference::jkt {

void pol_alpha(arb_t res, arb_srcptr p, slong prec);   // {eps_g, x_star_norm}: eps_g/||x*||^2
void pol_Lprime(arb_t res, arb_srcptr p, slong prec);  // {L, eps_g, x_star_norm}: L + alpha ||x*||
void pol_beta(arb_t res, arb_srcptr p, slong prec);    // {L, eps_g, x_star_norm, T, eps_p, delta}

}  // namespace privoco::reference::jkt
