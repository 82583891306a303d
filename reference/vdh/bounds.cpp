// VDH regret bounds, certified. Formulas cited in bounds.hpp.
#include "bounds.hpp"

namespace privoco::reference::vdh {

void bound_thm1(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr u = p + 0, V = p + 1, b = p + 2, G = p + 3;
  if (arb_is_zero(u)) {  // |u| max{...} -> 0 as u -> 0 (|u| ln|u| -> 0)
    arb_one(res);
    return;
  }
  arb_t au, B, t1, t2, x, sp;
  arb_init(au); arb_init(B); arb_init(t1); arb_init(t2); arb_init(x); arb_init(sp);
  arb_abs(au, u);
  arb_add(B, b, V, prec);
  arb_const_sqrt_pi(sp, prec);
  // t1 = 11G (ln(11G|u|) - 1 + ln(sqrt5 G sqrt(pi)/(4 sqrt b)))      VDH Thm 1 first term = (3.7.2)
  arb_mul_ui(t1, G, 11, prec);
  arb_mul(x, t1, au, prec);
  arb_log(x, x, prec);
  arb_sub_ui(x, x, 1, prec);
  arb_sqrt_ui(t2, 5, prec);
  arb_mul(t2, t2, G, prec);
  arb_mul(t2, t2, sp, prec);
  arb_mul_2exp_si(t2, t2, -2);
  arb_rsqrt(sp, b, prec);  // sp := 1/sqrt(b) from here on
  arb_mul(t2, t2, sp, prec);
  arb_log(t2, t2, prec);
  arb_add(x, x, t2, prec);
  arb_mul(t1, t1, x, prec);
  // t2 = sqrt(8 B ln(16 u^2 B^{3/2} sqrt(pi)/sqrt(b) + 1))              VDH Thm 1 second term (deterministic V)
  arb_sqr(x, au, prec);
  arb_mul_2exp_si(x, x, 4);
  arb_sqrt(t2, B, prec);
  arb_mul(t2, t2, B, prec);
  arb_mul(x, x, t2, prec);
  arb_mul(x, x, sp, prec);  // / sqrt(b)
  arb_const_sqrt_pi(t2, prec);
  arb_mul(x, x, t2, prec);
  arb_log1p(x, x, prec);
  arb_mul(x, x, B, prec);
  arb_mul_2exp_si(x, x, 3);
  arb_sqrt(t2, x, prec);
  arb_max(x, t1, t2, prec);
  arb_mul(x, x, au, prec);
  arb_add_ui(res, x, 1, prec);
  arb_clear(au); arb_clear(B); arb_clear(t1); arb_clear(t2); arb_clear(x); arb_clear(sp);
}

}  // namespace privoco::reference::vdh
