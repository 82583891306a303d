#include "profiles.hpp"

#include "../numerics/monotone.hpp"
#include "../numerics/scratch.hpp"

namespace privoco::reference::dp {

using numerics::Mono;

void gauss_delta(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr eps = p + 0, mu = p + 1;
  numerics::Scratch<5> t;
  arb_sqrt_ui(t[0], 2, prec);
  arb_mul(t[1], mu, t[0], prec);
  arb_div(t[1], eps, t[1], prec);           // eps/(mu sqrt2)
  arb_div(t[2], mu, t[0], prec);
  arb_mul_2exp_si(t[2], t[2], -1);          // mu/(2 sqrt2)
  arb_sub(t[3], t[1], t[2], prec);          // a
  arb_add(t[4], t[1], t[2], prec);          // b
  numerics::mono(t[1], t[3], Mono::erfc, prec);  // erfc(a)
  numerics::mono(t[2], t[4], Mono::erfc, prec);  // erfc(b)
  arb_exp(t[0], eps, prec);
  arb_mul(t[2], t[2], t[0], prec);          // e^eps erfc(b)
  arb_sub(res, t[1], t[2], prec);
  arb_mul_2exp_si(res, res, -1);
  if (arb_contains_negative(res)) arb_nonnegative_part(res, res);  // delta >= 0: clip a straddling enclosure
}

void laplace_delta(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr eps = p + 0, mu = p + 1;
  arb_t d;
  arb_init(d);
  arb_sub(d, eps, mu, prec);
  if (arb_is_nonnegative(d)) {
    arb_zero(res);                          // eps >= mu: the densities' ratio never exceeds e^eps
  } else {
    arb_mul_2exp_si(d, d, -1);
    arb_expm1(res, d, prec);
    arb_neg(res, res);                      // 1 - e^{(eps - mu)/2}
    if (!arb_is_negative(d)) arb_nonnegative_part(res, res);  // eps - mu straddles 0: delta in [0, ...]
  }
  arb_clear(d);
}

}  // namespace privoco::reference::dp
