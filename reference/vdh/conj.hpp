// VDH conjugate prior, certified (Arb balls). Reduction used throughout: v = C x, x in [-1, 1],
//   lambda = C L, mu = C^2 (b + V), mu_b = C^2 b, C = 1/(5G);
//   i0 = int_{-1}^{1} exp(lambda x - mu x^2) dx,  n = int_{-1}^{1} x exp(lambda x - mu x^2) dx,
//   z = int_{-1}^{1} exp(-mu_b x^2) dx;   Z = C z,  w = C n / z,  F = i0 / z - 1.
#pragma once
#include <arb.h>

namespace privoco::reference::vdh {

// Closed forms (stable arrangement; see conj.cpp). params = {L, V, b, G} or {b, G}.
void pred_conj(arb_t res, arb_srcptr p, slong prec);          // VDH eq (5) = (3.3.2), conjugate prior
void pot_conj(arb_t res, arb_srcptr p, slong prec);           // VDH eq (4) = (3.3.1), conjugate prior
void pot_Z(arb_t res, arb_srcptr p, slong prec);              // VDH eq (6) = (3.3.3), Z of the conjugate prior
void pred_conj_printed(arb_t res, arb_srcptr p, slong prec);  // VDH eq (7) = (3.3.4), literally as printed
// ERRATA.md E1: eq (7) with its sign and the sqrt(b/pi) factor of the second term corrected, evaluated as literally.
void pred_conj_printed_corrected(arb_t res, arb_srcptr p, slong prec);

// Uniform prior (the conjugate prior at b = 0), params = {L, V, G}: VDH prior list after eq (6) = (3.3.3).
void pred_uniform(arb_t res, arb_srcptr p, slong prec);
void pot_uniform(arb_t res, arb_srcptr p, slong prec);
void pred_uniform_integral(arb_t res, arb_srcptr p, slong prec);
void pot_uniform_integral(arb_t res, arb_srcptr p, slong prec);

// The closed forms alone (pred_conj and pot_conj use a cancellation-free series for lambda <= 6, mu <= 8).
void pred_conj_closed(arb_t res, arb_srcptr p, slong prec);
void pot_conj_closed(arb_t res, arb_srcptr p, slong prec);

// Second route: rigorous quadrature (acb_calc_integrate) of the defining integrals, same signatures.
void pred_conj_integral(arb_t res, arb_srcptr p, slong prec);
void pot_conj_integral(arb_t res, arb_srcptr p, slong prec);
void pot_Z_integral(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::vdh
