// JKT's Private Offline Learning (Alg 6) constants in double: alpha, L' and the noise scale beta.
#pragma once
#include "privoco/fast/value.hpp"

namespace privoco::fast::jkt {

// JKT.const.pol_alpha: alpha = eps_g/||x*||^2 (JKT Alg 6 l.5), ||x*|| the public bound x_star_norm (J25).
Value pol_alpha(double eps_g, double x_star_norm);
// JKT.const.pol_Lprime: L' = L + alpha ||x*|| = L + eps_g/||x*|| (JKT Thm 10 proof, Thm 11, Eq (37)).
Value pol_Lprime(double L, double eps_g, double x_star_norm);
// JKT.noise.pol_beta: beta = 2 sqrt2 (L + alpha ||x*||) ln T/(T eps_p) sqrt(ln(1/delta) + eps_p) (JKT Alg 6 l.13).
Value pol_beta(double L, double eps_g, double x_star_norm, double T, double eps_p, double delta);

}  // namespace privoco::fast::jkt
