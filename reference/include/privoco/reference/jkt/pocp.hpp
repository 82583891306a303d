// JKT's POCP constants (Alg 1 l.7, Lem 1), certified, evaluated as printed: c by its spelling under each parse of
// J3 and T^{0.5+c} as exp((0.5 + c) ln T) (the fast part uses the closed form derived from delta = 2 exp(-2 T^{2c});
// the two routes are compared in tests/jkt/pocp_test.cpp).
#pragma once
#include <arb.h>

namespace privoco::reference::jkt {

void c_exponent(arb_t res, arb_srcptr p, slong prec);     // {T, delta, c_parse, which}: c or T^{0.5+c}
void eps1_per_step(arb_t res, arb_srcptr p, slong prec);  // {eps, delta, T, c_parse}: sqrt(eps)/T^{0.5+c}
void pocp_beta(arb_t res, arb_srcptr p, slong prec);      // {lambda_A, eps, delta, T, c_parse}
// c (J3: 0 ln_of_half_ln, 1 ln_half_times_ln) and T^{0.5+c} for exact T, delta balls
void c_of(arb_t c, arb_srcptr T, arb_srcptr delta, int parse, slong prec);
void scale_of(arb_t s, arb_srcptr T, arb_srcptr delta, int parse, slong prec);

// JKT.bound.pocp_expected {lambda_A, L, radius, C_norm, eps, delta, T, d, R_A}: Thm 2's right side,
// 2 sqrt(d) L (lambda_A + ||C||) sqrt(T) ln^2(T/delta)/sqrt(eps) + R_A, ||C|| = 2 radius (C_norm 0) or radius (1).
void pocp_expected(arb_t res, arb_srcptr p, slong prec);
// JKT.bound.pocp_hp {..., gamma}: Cor 1, the same with sqrt(eps gamma).
void pocp_hp(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::jkt

namespace privoco::reference::jkt {
// JKT.noise.chi_norm {d, s, which}: E||b||, Var||b|| for b ~ N(0, s^2 I_d), or the printed s^2 (d - mu^2).
void chi_norm(arb_t res, arb_srcptr p, slong prec);
// JKT.bound.pocp_noise_sum {lambda_A, eps, delta, T, d, c_parse, which}: E sum_{t<T} ||b_{t+1}|| exactly
// (sqrt2 beta Gamma((d+1)/2)/Gamma(d/2) H_{T-1}), or the printed lines 1-3 of Eq (12).
void pocp_noise_sum(arb_t res, arb_srcptr p, slong prec);
// H_n: the sum up to n = 1000 (exact where it is an integer), psi(n + 1) + gamma beyond
void harmonic_number(arb_t res, arb_srcptr n, slong prec);
// JKT.const.delta_typical {T}: delta = exp(-T) (JKT Sec 2.2).
void delta_typical(arb_t res, arb_srcptr p, slong prec);
// JKT.bound.pocp_expected {lambda_A, L, radius, C_norm, eps, delta, T, d, R_A}: Thm 2's right side,
// 2 sqrt(d) L (lambda_A + ||C||) sqrt(T) ln^2(T/delta)/sqrt(eps) + R_A, ||C|| = 2 radius (C_norm 0) or radius (1).
void pocp_expected(arb_t res, arb_srcptr p, slong prec);
// JKT.bound.pocp_hp {..., gamma}: Cor 1, the same with sqrt(eps gamma).
void pocp_hp(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::jkt
