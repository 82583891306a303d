#include "privoco/reference/jkt/pqftl.hpp"

#include <arb_hypgeom.h>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"

namespace privoco::reference::jkt {

void pqftl_tree_bound(arb_t res, arb_srcptr p, slong prec) {
  const bool u = arf_get_si(arb_midref(p + 1), ARF_RND_NEAR) == 1, printed = arf_get_si(arb_midref(p + 2), ARF_RND_NEAR) == 0;
  if (u && printed) arb_set(res, p + 0);  // JKT Alg 4 l.8: R
  else arb_sqr(res, p + 0, prec);         // l.7: R^2; derived sup ||w_t|| = R^2 for both trees
}

void pqftl_noise_norms(arb_t res, arb_srcptr p, slong prec) {
  for (int i = 0; i < 2; ++i)  // d and t are integers (the domains are intervals)
    if (!arb_is_exact(p + i) || !arb_is_int(p + i)) {
      const Entry& e = entry("JKT.noise.pqftl_noise_norms");
      throw DomainError(e.id, e.params[i].name, text17(arf_get_d(arb_midref(p + i), ARF_RND_NEAR)),
                        "integers in " + e.params[i].domain.text());
    }
  const slong d = arf_get_si(arb_midref(p + 0), ARF_RND_NEAR), which = arf_get_si(arb_midref(p + 2), ARF_RND_NEAR);
  const double t = arf_get_d(arb_midref(p + 1), ARF_RND_NEAR);
  if (which == 2) {  // the printed probability exp(-d/2)
    arb_set_si(res, -d);
    arb_mul_2exp_si(res, res, -1);
    arb_exp(res, res, prec);
    return;
  }
  const int k = __builtin_popcountll(static_cast<unsigned long long>(t));  // k_t (JKT.noise.tree_output)
  arb_t a, x;
  arb_init(a), arb_init(x);
  arb_set_si(a, d);
  arb_mul_2exp_si(a, a, -1);  // d/2
  arb_set_si(x, 9 * d);
  arb_div_si(x, x, 2 * k, prec);  // (3 sqrt d)^2 / (2 k): ||beta_t||^2/(k sigma^2) ~ chi^2_d
  arb_hypgeom_gamma_upper(res, a, x, 1, prec);
  if (which == 1) {  // 1 - (1 - q)^d: the largest of d independent column norms exceeds the threshold
    arb_neg(x, res);
    arb_log1p(x, x, prec);
    arb_mul_si(x, x, d, prec);
    arb_expm1(res, x, prec);
    arb_neg(res, res);
  }
  arb_clear(a), arb_clear(x);
}

}  // namespace privoco::reference::jkt
