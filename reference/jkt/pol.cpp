#include "privoco/reference/jkt/pol.hpp"

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/ball.hpp"

namespace privoco::reference::jkt {

void pol_alpha(arb_t res, arb_srcptr p, slong prec) {
  arb_sqr(res, p + 1, prec);  // JKT Alg 6 l.5: alpha = eps_g/||x*||^2
  arb_div(res, p + 0, res, prec);
}

void pol_Lprime(arb_t res, arb_srcptr p, slong prec) {
  Ball a;
  pol_alpha(a, p + 1, prec);  // JKT Thm 10 proof: L' = L + alpha ||x*||
  arb_mul(a, a, p + 2, prec);
  arb_add(res, p + 0, a, prec);
}

void pol_beta(arb_t res, arb_srcptr p, slong prec) {
  if (!arb_is_exact(p + 3) || !arb_is_int(p + 3)) {
    const Entry& e = entry("JKT.noise.pol_beta");
    throw DomainError(e.id, "T", text17(arf_get_d(arb_midref(p + 3), ARF_RND_NEAR)),
                      "integers in " + e.params[3].domain.text());
  }
  Ball lp, t;
  pol_Lprime(lp, p, prec);  // JKT Alg 6 l.13: 2 sqrt2 L' ln T/(T eps_p) sqrt(ln(1/delta) + eps_p)
  arb_log(t, p + 3, prec);
  arb_mul(lp, lp, t, prec);
  arb_div(lp, lp, p + 3, prec);
  arb_div(lp, lp, p + 4, prec);
  arb_log(t, p + 5, prec);
  arb_sub(t, p + 4, t, prec);
  arb_sqrt(t, t, prec);
  arb_mul(lp, lp, t, prec);
  arb_sqrt_ui(t, 8, prec);
  arb_mul(res, lp, t, prec);
}

}  // namespace privoco::reference::jkt
