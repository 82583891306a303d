// VDH CV prior ("a variant of the CV prior", printed for G > 1/5), certified. Density 1/(Z |v| ln(|v|)^2) on
// [-C, C], C = 1/(5G) < 1. With s = -1/ln v (v = e^{-1/s}), dv/(v ln^2 v) = ds, so, with s_C = 1/ln(5G):
//   Z = 2 s_C,   w = (1/Z) int_0^{s_C} 2 v sinh(vL) e^{-v^2 V} ds,   F = (1/Z) int_0^{s_C} (2 cosh(vL) e^{-v^2 V} - 2) ds.
// (Derived, not printed.) params = {L, V, G} (pred, pot) and {G} (Z). Implemented in reference/vdh/cv.cpp.
#pragma once
#include <arb.h>

namespace privoco::reference::vdh {

void pred_cv(arb_t res, arb_srcptr p, slong prec);           // VDH eq (5) with the CV prior, quadrature in s
void pot_cv(arb_t res, arb_srcptr p, slong prec);            // VDH eq (4) with the CV prior, quadrature in s
void pot_Z_cv(arb_t res, arb_srcptr p, slong prec);          // Z = 2/ln(5G)
void pred_cv_v(arb_t res, arb_srcptr p, slong prec);         // second route: quadrature in v itself
void pot_Z_cv_v(arb_t res, arb_srcptr p, slong prec);        // second route for Z: quadrature in v

}  // namespace privoco::reference::vdh
