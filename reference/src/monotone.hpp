// Arb's erf/erfc propagate the radius of an inexact argument crudely: erfc of a ball around 5e5 with relative
// radius 2^-91 came back with relative radius 2^3061. erf, erfc and erfcx are monotone, so the image of
// [lo, hi] is enclosed by evaluating at the two exact endpoints and taking the union.
#pragma once
#include <arb_hypgeom.h>

namespace privoco::reference {

enum class Mono { erf, erfc, erfcx };

// erfcx(x) = e^{x^2} erfc(x) for an exact x: x^2 is formed exactly, so each factor is accurate to the working
// precision even where e^{x^2} and erfc(x) are astronomically large and small.
inline void erfcx_exact(arb_t res, const arb_t x, slong prec) {
  arb_t z;
  arb_init(z);
  arb_sqr(z, x, ARF_PREC_EXACT);
  arb_exp(z, z, prec);
  arb_hypgeom_erfc(res, x, prec);
  arb_mul(res, res, z, prec);
  arb_clear(z);
}

inline void mono_point(arb_t res, const arb_t x, Mono f, slong prec) {
  switch (f) {
    case Mono::erf: arb_hypgeom_erf(res, x, prec); break;
    case Mono::erfc: arb_hypgeom_erfc(res, x, prec); break;
    case Mono::erfcx: erfcx_exact(res, x, prec); break;
  }
}

// f(x) for a ball x (erfcx is decreasing only for x >= 0: callers pass x >= 0).
inline void mono(arb_t res, const arb_t x, Mono f, slong prec) {
  // Exact points, and small arguments where Arb's own propagation is tight (it degrades with |x|^2 radius
  // amplification only for large |x|), take one evaluation.
  if (arb_is_exact(x) || (f != Mono::erfcx && mag_cmp_2exp_si(arb_radref(x), -prec / 2) < 0 &&
                          arf_cmpabs_2exp_si(arb_midref(x), 2) < 0)) {
    mono_point(res, x, f, prec);
    return;
  }
  arb_t lo, hi, a, b;
  arb_init(lo); arb_init(hi); arb_init(a); arb_init(b);
  arf_t t;
  arf_init(t);
  arb_get_lbound_arf(t, x, prec);
  arb_set_arf(lo, t);
  arb_get_ubound_arf(t, x, prec);
  arb_set_arf(hi, t);
  mono_point(a, lo, f, prec);
  mono_point(b, hi, f, prec);
  arb_union(res, a, b, prec);
  arf_clear(t);
  arb_clear(lo); arb_clear(hi); arb_clear(a); arb_clear(b);
}

}  // namespace privoco::reference
