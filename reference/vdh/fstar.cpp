// VDH.conj.Fstar (conjugate prior), certified; the bracketing argument is in fstar.hpp.
#include "fstar.hpp"

#include "conj.hpp"

namespace privoco::reference::vdh {

namespace {
// w(L) or F(L) at an exact L (params V, b, G from p + 1..3)
void at(void (*f)(arb_t, arb_srcptr, slong), arb_t res, const arf_t L, arb_srcptr p, slong prec) {
  arb_ptr q = _arb_vec_init(4);
  arb_set_arf(q + 0, L);
  arb_set(q + 1, p + 1);
  arb_set(q + 2, p + 2);
  arb_set(q + 3, p + 3);
  f(res, q, prec);
  _arb_vec_clear(q, 4);
}
// w's enclosure says nothing at this precision: not finite, or wider than its value
bool unresolved(const arb_t w) { return !arb_is_finite(w) || arb_rel_accuracy_bits(w) < 4; }
}  // namespace

void fstar_conj(arb_t res, arb_srcptr p, slong prec) {
  arb_t a, w, phi, t, lo_val, hi_val;
  arb_init(a); arb_init(w); arb_init(phi); arb_init(t); arb_init(lo_val); arb_init(hi_val);
  arb_abs(a, p + 0);
  arf_t La, Lb, mid;
  arf_init(La); arf_init(Lb); arf_init(mid);
  if (arb_is_zero(a)) {  // F*(0) = -F(0; V)
    arf_zero(La);
    at(pot_conj, t, La, p, prec);
    arb_neg(res, t);
  } else {
    // bracket: La = 0 (w(0) = 0 < |u|) and Lb = 2^e with e = 0, 1, 2, 4, 8, ... until w(Lb) > |u| is certified, each
    // Lb with w(Lb) < |u| certified becoming La; where w(2^e) has no useful enclosure at this precision (its exponent
    // L^2/(4B) past what the precision holds: 2^8192 at V = 1e2500), e is bisected between the last certified La and
    // it. Then the exponent is bisected until Lb = 2 La. (A fixed 4000 doublings left Lb = 2^4000 short of the
    // maximiser from V ~ 1e2400 on, and the tangent bounds, valid on [La, Lb] only, certified phi(2^4000) =
    // 1.318e1204 as F*(-1) at V = 1e2500, b = G = 1; it is 1.5165e1252.) Undecided at this precision (a finite
    // enclosure of w that contains |u|, or no certified Lb): an indeterminate result, so the caller raises it.
    // w(1) > |u| at once (L* < 1): La = 2^e for e = -1, -2, -4, ... until w(La) < |u| is certified, each such
    // point with w > |u| becoming Lb, then the same exponent bisection (bisection from [0, 1] alone stopped 4 prec
    // steps short of L* = 2e-999700 at u = -1e-1000000, b = 1e300, V = 1e-1000000: a refusal after 2.4 s).
    arf_zero(La);
    arf_one(Lb);
    bool has_lo = false, has_inf = false;  // La = 2^e_lo (else 0), Lb = 2^e_hi; w(2^e_inf) not resolved
    slong e_lo = 0, e_hi = 0, e_inf = 0;
    bool bracketed = false, undecided = false;
    while (!bracketed && !undecided) {
      at(pred_conj, w, Lb, p, prec);
      if (unresolved(w) && e_hi > 0) {  // (a finite ball as wide as its value: w = e^{2e78 +- 3e23} at 182 bits)
        has_inf = true, e_inf = e_hi;
      } else if (arb_gt(w, a)) {
        bracketed = true;
        break;
      } else if (arb_lt(w, a)) {
        has_lo = true, e_lo = e_hi, arf_set(La, Lb);
      } else {
        undecided = true;
        break;
      }
      if (!has_inf) e_hi = e_hi == 0 ? 1 : 2 * e_hi;
      else e_hi = e_lo + (e_inf - e_lo) / 2;
      if (e_hi <= e_lo || e_hi >= (WORD(1) << 40)) undecided = true;
      arf_one(Lb), arf_mul_2exp_si(Lb, Lb, e_hi);
    }
    for (slong step = 1; bracketed && !has_lo; step *= 2) {
      arf_one(mid), arf_mul_2exp_si(mid, mid, -step);
      at(pred_conj, w, mid, p, prec);
      if (arb_lt(w, a)) {
        has_lo = true, e_lo = -step, arf_set(La, mid);
      } else if (arb_gt(w, a) && step < (WORD(1) << 40)) {
        e_hi = -step, arf_set(Lb, mid);
      } else {
        bracketed = false;
      }
    }
    while (bracketed && e_hi - e_lo > 1) {
      const slong e_mid = e_lo + (e_hi - e_lo) / 2;
      arf_one(mid), arf_mul_2exp_si(mid, mid, e_mid);
      at(pred_conj, w, mid, p, prec);
      if (arb_lt(w, a)) e_lo = e_mid, arf_set(La, mid);
      else if (arb_gt(w, a)) e_hi = e_mid, arf_set(Lb, mid);
      else bracketed = false;  // (a certified Lb exists, so mid's w is resolved here)
    }
    if (!bracketed) {
      arb_indeterminate(res);
      arf_clear(La); arf_clear(Lb); arf_clear(mid);
      arb_clear(a); arb_clear(w); arb_clear(phi); arb_clear(t); arb_clear(lo_val); arb_clear(hi_val);
      return;
    }
    // bisection on exact binary midpoints until the bracket is 2^-(prec+8) relative, or undecidable at prec
    const slong wp = prec + 16;
    for (int k = 0; k < 4 * wp; ++k) {
      arf_add(mid, La, Lb, wp, ARF_RND_DOWN);
      arf_mul_2exp_si(mid, mid, -1);
      at(pred_conj, w, mid, p, prec);
      if (arb_lt(w, a)) arf_set(La, mid);
      else if (arb_gt(w, a)) arf_set(Lb, mid);
      else break;  // w(mid) straddles |u| at this precision: keep the certified bracket
      arf_sub(mid, Lb, La, wp, ARF_RND_UP);
      if (arf_cmpabs_2exp_si(mid, arf_abs_bound_lt_2exp_si(Lb) - prec - 8) < 0) break;
    }
    // phi(La), phi(Lb) and the tangent bounds
    at(pot_conj, t, La, p, prec);
    arb_set_arf(phi, La);
    arb_mul(phi, phi, a, prec);
    arb_sub(lo_val, phi, t, prec);                 // phi(La)
    at(pot_conj, t, Lb, p, prec);
    arb_set_arf(phi, Lb);
    arb_mul(phi, phi, a, prec);
    arb_sub(hi_val, phi, t, prec);                 // phi(Lb)
    arb_t width, upA, upB, lower;
    arb_init(width); arb_init(upA); arb_init(upB); arb_init(lower);
    arb_set_arf(width, Lb);
    arb_sub_arf(width, width, La, prec);           // Lb - La
    at(pred_conj, w, La, p, prec);
    arb_sub(upA, a, w, prec);
    arb_mul(upA, upA, width, prec);
    arb_add(upA, upA, lo_val, prec);               // phi(La) + (|u| - w(La))(Lb - La)
    at(pred_conj, w, Lb, p, prec);
    arb_sub(upB, w, a, prec);
    arb_mul(upB, upB, width, prec);
    arb_add(upB, upB, hi_val, prec);               // phi(Lb) + (w(Lb) - |u|)(Lb - La)
    arb_max(lower, lo_val, hi_val, prec);
    arb_max(upA, upA, upB, prec);
    // the sup lies between the lower end of `lower` and the upper end of `upA`
    arf_t l, h;
    arf_init(l); arf_init(h);
    arb_get_lbound_arf(l, lower, prec);
    arb_get_ubound_arf(h, upA, prec);
    arb_set_interval_arf(res, l, h, prec);
    arf_clear(l); arf_clear(h);
    arb_clear(width); arb_clear(upA); arb_clear(upB); arb_clear(lower);
  }
  arf_clear(La); arf_clear(Lb); arf_clear(mid);
  arb_clear(a); arb_clear(w); arb_clear(phi); arb_clear(t); arb_clear(lo_val); arb_clear(hi_val);
}

}  // namespace privoco::reference::vdh
