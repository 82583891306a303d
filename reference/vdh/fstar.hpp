// VDH.conj.Fstar for the conjugate prior: F*(u) = sup_L (uL - F(L; V, b, G)), certified (VDH §2 notation,
// Lemma 2 (000) = Lemma 5 (002)). params = {u, V, b, G}.
#pragma once
#include <arb.h>

namespace privoco::reference::vdh {

// F is even and convex with F' = w increasing, so for u != 0 the sup is at w(L*) = |u|. Bisection on exact
// binary L at the working precision brackets L* in [La, Lb] with w(La) < |u| < w(Lb) certified; phi(L) = |u| L - F(L)
// is concave, so sup phi lies in [max(phi(La), phi(Lb)), max(phi(La) + (|u| - w(La))(Lb - La),
// phi(Lb) + (w(Lb) - |u|)(Lb - La))] (tangent bounds). u = 0: F*(0) = -F(0; V) (the minimum of an even convex F).
void fstar_conj(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::vdh
