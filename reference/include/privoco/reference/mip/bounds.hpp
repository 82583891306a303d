// MIP's quantities, certified (Arb): the geometric constant B, the mutual-information bounds of Thm 1 and Thm 3 and
// the noise for a budget, the regret bounds of Thm 2 and Thm 4, the step sizes, and the privacy/regret trade-off.
// Parameters in the catalogue's table order; an ID with per-coordinate c, h takes the flat layout {d, ..., S_shape,
// c_1..c_d, h_1..h_d, B_reading, ...}. Readings are the indices of their choices (log_base 0 = e, 1 = 2; B_reading 0 = radius, 1 =
// diameter; S_shape 0 = ball, 1 = box).
#pragma once
#include <arb.h>

namespace privoco::reference::mip {

// MIP.const.B {d, S_shape, c, h, B_reading}: sup_S ||w|| (ball: ||c|| + r; box: ||(|c_j| + h_j)_j||) or diam S
// (ball: 2r; box: 2 ||h||). A ball needs equal h_j (its radius): DomainError naming h otherwise.
void B(arb_t res, arb_srcptr p, slong prec);
// B from a flat point's pieces (the IDs with per-coordinate S): id names the entry in errors
void B_of(arb_t res, const char* id, slong d, arb_srcptr c, arb_srcptr h, int shape, int reading, slong prec);
// B of the flat point p whose S_shape is p[k], followed by c, h and B_reading
void B_at(arb_t res, const char* id, arb_srcptr p, slong d, slong k, slong prec);
// MIP.priv.thm1 {d, L, sigma, log_base}: (d/2) log(1 + L^2/(d sigma^2)) (MIP Thm 1)
void thm1(arb_t res, arb_srcptr p, slong prec);
// MIP.priv.sigma_for_C {C, d, L, log_base}: L/sqrt(d expm1(2 C'/d)), C' = C in nats (Thm 1 solved for sigma)
void sigma_for_C(arb_t res, arb_srcptr p, slong prec);
// MIP.priv.thm3 {d, F, delta, L, sigma, log_base}: (d/2) log(1 + d (F/delta + L)^2/sigma^2) (MIP Thm 3)
void thm3(arb_t res, arb_srcptr p, slong prec);
// MIP.bound.thm2 {d, eta, T, L, sigma, S_shape, c, h, B_reading}: B^2/(2 eta) + (eta/2) T (L^2 + d sigma^2)
void thm2(arb_t res, arb_srcptr p, slong prec);
// MIP.const.eta_opt {d, T, L, sigma, S_shape, c, h, B_reading, which}: B/sqrt((L^2 + d sigma^2) T) (which 0) or
// B sqrt((L^2 + d sigma^2) T) (which 1)
void eta_opt(arb_t res, arb_srcptr p, slong prec);
// MIP.bound.thm4 {d, eta, delta, T, L, sigma, F, S_shape, c, h, B_reading, which}: B^2/(2 eta) + (eta/2) T (d^2 (X +
// L)^2 + d sigma^2) + 3 T L delta, X = F/eta (which 0, printed) or F/delta (which 1, corrected)
void thm4(arb_t res, arb_srcptr p, slong prec);
// MIP.const.eta_delta_bandit {eta_scale, delta_scale, T, which}: eta_scale T^{-3/4} (which 0) or delta_scale T^{-1/4}
void eta_delta_bandit(arb_t res, arb_srcptr p, slong prec);
// MIP.bound.fixed_C_tradeoff {d, C, L, T, S_shape, c, h, B_reading, log_base}: B L sqrt(T/(1 - e^{-2C'/d})), C' in nats
void fixed_C_tradeoff(arb_t res, arb_srcptr p, slong prec);

// MIP.priv.sphere_mi {d, L, sigma, log_base}: I(z; z + v) for z uniform on the sphere ||z|| = L in R^d and v ~ N(0,
// sigma^2 I_d) (the two points +-L for d = 1), by certified quadrature (mutual_info.cpp)
void sphere_mi(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::mip
