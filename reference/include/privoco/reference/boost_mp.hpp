// A certified result as Boost.Multiprecision numbers, for Boost.Math users who continue in their own
// multiprecision code. Header-only: include it where Boost (libboost-dev) is available; the library itself does
// not depend on Boost.
//
//   privoco::reference::Options opt;
//   opt.digits = 50;
//   const double x[2] = {1, 0.5};                   // DP.gauss.delta at eps = 1, mu = 0.5
//   auto c = privoco::reference::evaluate(privoco::entry("DP.gauss.delta"), x, opt);
//   auto m = privoco::reference::to_mpfr(c, 50);    // m.lo <= true value <= m.hi, each with 50 decimal digits
#pragma once
#include <arb.h>
#include <mpfr.h>

#include <boost/multiprecision/mpfr.hpp>

#include "privoco/errors.hpp"
#include "privoco/reference/ball.hpp"

namespace privoco::reference {

// value: the enclosure's midpoint rounded to nearest; lo, hi: its ends rounded outward, so lo <= t <= hi for the
// true value t at any precision (the enclosure is never narrowed by the conversion). All three carry `digits10`
// decimal digits of precision (Boost's unit for mpfr_float; about 3.32 * digits10 bits).
struct MpfrEnclosure {
  boost::multiprecision::mpfr_float value, lo, hi;
};

// Whether x (nonzero) has an exponent MPFR can hold (Arb's exponents are unbounded; MPFR's are not).
inline bool fits_mpfr(const arf_t x) {
  return arf_is_zero(x) || (arf_cmpabs_2exp_si(x, mpfr_get_emax()) < 0 && arf_cmpabs_2exp_si(x, mpfr_get_emin()) >= 0);
}

inline MpfrEnclosure to_mpfr(const Certified& c, unsigned digits10) {
  if (digits10 == 0) throw Error("to_mpfr: digits10 = 0 is outside its range [1, inf)");
  if (!arb_is_finite(c.ball.get())) throw Error("to_mpfr: the enclosure is not finite");
  MpfrEnclosure m;
  for (auto* x : {&m.value, &m.lo, &m.hi}) x->precision(digits10);
  arf_t lo, hi;
  arf_init(lo), arf_init(hi);
  arb_get_lbound_arf(lo, c.ball.get(), ARF_PREC_EXACT);
  arb_get_ubound_arf(hi, c.ball.get(), ARF_PREC_EXACT);
  const bool fits = fits_mpfr(lo) && fits_mpfr(hi) && fits_mpfr(arb_midref(c.ball.get()));
  if (fits) {
    arf_get_mpfr(m.value.backend().data(), arb_midref(c.ball.get()), MPFR_RNDN);
    arf_get_mpfr(m.lo.backend().data(), lo, MPFR_RNDD);
    arf_get_mpfr(m.hi.backend().data(), hi, MPFR_RNDU);
  }
  arf_clear(lo), arf_clear(hi);
  if (!fits) throw Error("to_mpfr: the value " + c.value + " is beyond MPFR's exponent range");
  return m;
}

}  // namespace privoco::reference
