// VDH regret bounds as functions of their parameters, certified (Arb balls).
#pragma once
#include <arb.h>

namespace privoco::reference::vdh {

// VDH Thm 1 (000) = Thm 10 (002), as printed; params = {u, V, b, G}, V = sum_t g_t^2 (deterministic reading, A10):
//   1 + |u| max{ 11G (ln(11G|u|) - 1 + ln(sqrt5 G sqrt(pi) / (4 sqrt b))),
//                sqrt(8 (b+V) ln(16 u^2 (b+V)^{3/2} sqrt(pi)/sqrt(b) + 1)) };  u = 0 gives 1 (|u| ln|u| -> 0).
void bound_thm1(arb_t res, arb_srcptr p, slong prec);

// VDH Thm 2 (000) = Thm 11 (002), as printed, for Algorithm 3 in d dimensions ("applying Theorem 1 per
// dimension"): d + sum_j |u_j| max{...} = sum_j bound_thm1(u_j, V_j, b_j, G), V_j = sum_t g_{t,j}^2 (A10
// deterministic). u, V, b: d balls each.
void bound_thm2(arb_t res, arb_srcptr u, arb_srcptr V, arb_srcptr b, slong d, const arb_t G, slong prec);
// The same on the catalogue's flat layout (Entry::vector_layout): p = {d, u_1..u_d, V_1..V_d, b_1..b_d, G}.
void bound_thm2_flat(arb_t res, arb_srcptr p, slong prec);

// VDH Thm 12 (002), (3.8.2), as printed (reading A9(a): the third term is |u| (sqrt(2V) + 1 + ln(1 + 2 sqrt(2V))));
// params = {u, V, G}, V = sum_t g_t^2 (deterministic reading, A10):
//   max{ |u| sqrt(8V) (sqrt(ln(8 u^2 V + 1)) + 1),  |u| 11G (ln(|u| 11G ln 2) - 1) + ln 2,
//        |u| (sqrt(2V) + 1 + ln(1 + 2 sqrt(2V))) };  u = 0 gives ln 2 (|u| ln|u| -> 0).
void bound_thm12(arb_t res, arb_srcptr p, slong prec);
// The same with reading A9(b), the third term as it arises in the proof's first case:
//   |u| sqrt(2V) + 1 + ln(1 + 2 sqrt(2V))   (ERRATA.md E2: the printed reading fails at u = 0).
void bound_thm12_a9b(arb_t res, arb_srcptr p, slong prec);
// Reading A9(c), the proof's first case redone (both halves of the prior, 5G kept; ERRATA.md E2):
//   |u| sqrt(2V) + 1 + 2 ln(1 + 2 sqrt(2V)/(5G)).
void bound_thm12_a9c(arb_t res, arb_srcptr p, slong prec);

// VDH.bound.thm1_corrected (not printed; built from the Theorem 10 proof (002) with every step computed), params
// {u, V, b, G}, B = b + V, C = 1/(5G), Z = sqrt(pi/b) erf(C sqrt b):
//   max{ |u| sqrt(2B) + 1,                                               |L| <= sqrt(2B): F >= -1
//        sqrt(2Hw) - sqrt(2H/w) + 1, H = u^2 B, w = W(2H e^{2S+1}),         Lemma 11 case 1's lower bound's exact
//                                                                          conjugate, e^S = Z/nu = Z sqrt(2B) (E7, E8)
//        (|u|/c)(ln(|u|/c) - 1 + ln(Z/(mu - eta))) + 1 }                  Lemma 11 case 2 at the proof's
//   eta = (5 - sqrt5)/(50G), mu = 1/(5G) (A12(ii)(b)), nu = mu - eta (A12(i)(b)), 1/c = 100G/(7 - sqrt5) (ERRATA E4).
void bound_thm1_corrected(arb_t res, arb_srcptr p, slong prec);
// Its three terms, one per region of L (r0: |L| <= sqrt(2B), r1: Lemma 11 case 1, r2: case 2); the bound is their max.
void bound_thm1_corrected_terms(arb_t r0, arb_t r1, arb_t r2, arb_srcptr p, slong prec);

// VDH.conj.exp_linear: the convex conjugate of f(L) = A e^{cL} - K, f*(u) = sup_L (uL - f(L)), for A, c, u > 0.
// Derived (not printed): the sup is at e^{cL} = u/(Ac), f*(u) = (u/c)(ln(u/(Ac)) - 1) + K. params = {A, c, K, u}.
void conj_exp_linear(arb_t res, arb_srcptr p, slong prec);
// uL - (A e^{cL} - K) at a given L: every L gives a certified lower bound of f*(u) (the second route).
void conj_exp_linear_at(arb_t res, arb_srcptr p, const arb_t L, slong prec);
// The instance printed after (3.8.4) in the Thm 12 proof (002): |u| 11G (ln(|u| 11G ln 2) - 1) + ln 2, params {u, G}
// (ERRATA.md E3: the conjugate of the lower bound ln 2 (e^{L/(11G)} - 1) has ln(|u| 11G / ln 2)).
void thm12_conj_printed(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::vdh
