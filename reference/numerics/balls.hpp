// Ball helpers any paper's certified functions use: the sign of a ball, cached reciprocals, and a rigorous integral
// of an integrand scaled by its maximum.
#pragma once
#include <acb_calc.h>
#include <arb.h>

namespace privoco::reference::numerics {

// res = the ball [0, m]: an error term known only by an upper bound m of a nonnegative quantity.
inline void set_zero_to(arb_t res, const mag_t m) {
  arb_zero(res);
  arb_add_error_mag(res, m);
  arb_nonnegative_part(res, res);
}
// -1, +1 when the ball has that sign; 0 when it is exactly zero; 2 when it straddles 0 (not exact).
int sign_of(arb_srcptr x);
// 1/k (1 <= k < 512) and 1/(k (k+1)) (1 <= k < 256) as balls at >= prec bits for prec <= 300 (tables built once),
// else nullptr: a multiplication instead of arb_div_ui in series loops.
arb_srcptr reciprocal(slong k, slong prec);
arb_srcptr reciprocal_pair(slong k, slong prec);
// e^{shift} int_a^b f(x) dx by acb_calc_integrate (absolute tolerance 2^-prec on the scaled integrand f, which the
// caller has divided by e^{shift} so that it is O(1) at its peak), plus `tail` as an error term before the rescaling.
// work_prec (0: prec) is the integrand's working precision where it needs guard bits beyond the tolerance's.
void scaled_integral(arb_t res, acb_calc_func_t f, void* param, const acb_t a, const acb_t b, const arb_t shift,
                     const mag_t tail, slong eval_limit, slong prec, slong work_prec = 0);

}  // namespace privoco::reference::numerics
