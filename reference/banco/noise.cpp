#include <string>

#include "../numerics/params.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/ball.hpp"
#include "privoco/reference/banco/magnitude.hpp"

namespace privoco::reference::banco {

namespace {
slong dim(arb_srcptr d, const char* id) {
  integer_param(id, "d", d);
  return arf_get_si(arb_midref(d), ARF_RND_NEAR);
}
std::string text_of(const arb_t x) { return text17(arf_get_d(arb_midref(x), ARF_RND_NEAR)); }
}  // namespace

void second_moment(arb_t res, arb_srcptr p, slong prec) {
  const slong d = dim(p, "BANCO.noise.second_moment");
  // E R^2 for R ~ Gamma(d, scale 2/eps): d (d + 1) (2/eps)^2 (BANCO Sec 3, "E||xi||^2 <= 4(d^2 + d)/eps^2")
  Ball e2;
  arb_sqr(e2, p + 1, prec);
  arb_set_si(res, d);
  arb_mul_si(res, res, d + 1, prec);
  arb_mul_2exp_si(res, res, 2);
  arb_div(res, res, e2, prec);
}

void mgf(arb_t res, arb_srcptr p, slong prec) {
  const slong d = dim(p, "BANCO.noise.mgf");
  // (1 - x)^{-(d+1)/2}, x = (2 beta/eps)^2: the mgf of a projection of the isotropic density ~ e^{-(eps/2) ||z||}
  Ball x, e;
  arb_mul_2exp_si(x, p + 2, 1);
  arb_div(x, x, p + 1, prec);
  arb_sqr(x, x, prec);
  arb_sub_ui(x, x, 1, prec);
  arb_neg(x, x);  // 1 - x
  if (!arb_is_positive(x)) {
    if (arb_is_nonpositive(x))
      throw DomainError("BANCO.noise.mgf", "beta", text_of(p + 2),
                        "(-eps/2, eps/2) = (-" + text_of(p + 1) + "/2, " + text_of(p + 1) + "/2): the mgf is infinite beyond");
    arb_indeterminate(res);  // straddles eps/2 at this precision: more bits decide
    return;
  }
  // as exp(-(d+1)/2 log1p(-(2 beta/eps)^2)): 1 - x itself would lose x's digits where x is tiny
  arb_sub_ui(x, x, 1, prec);  // -(2 beta/eps)^2
  arb_log1p(x, x, prec);
  arb_set_si(e, d + 1);
  arb_mul_2exp_si(e, e, -1);
  arb_mul(x, x, e, prec);
  arb_neg(x, x);
  arb_exp(res, x, prec);
}

void sigma1d2_min(arb_t res, slong d, const arb_t eps, const arb_t b, slong prec) {
  Ball y, t;
  arb_mul(y, b, eps, prec);
  arb_sqr(y, y, prec);
  arb_ui_div(y, 4, y, prec);  // 4/(b^2 eps^2): the beta = 1/b end of (2 beta/eps)^2
  arb_sub_ui(t, y, 1, prec);
  arb_neg(t, t);
  if (!arb_is_positive(t)) {
    if (arb_is_nonpositive(t))
      throw DomainError("BANCO.noise.subexp_params", "eps", text_of(eps),
                        "(2 sqrt 2, inf) with b_reading=eps_over_four: below it 1/b = 4/eps >= eps/2, where M is infinite, "
                        "and no sigma_1D^2 satisfies eq (2)");
    arb_indeterminate(res);
    return;
  }
  arb_neg(t, y);
  arb_log1p(t, t, prec);  // ln(1 - y) < 0, without forming 1 - y
  arb_sqr(y, b, prec);
  arb_mul(res, t, y, prec);
  arb_mul_si(res, res, -(d + 1), prec);
}

void subexp_params(arb_t res, arb_srcptr p, slong prec) {
  const slong d = dim(p, "BANCO.noise.subexp_params");
  const bool four_over_eps = reading_index(p + 2) == 0, printed = reading_index(p + 3) == 0;
  Ball e2;
  arb_sqr(e2, p + 1, prec);
  if (printed) {  // BANCO Sec 3 quoting JO19 Lemma 7: 18 d^2/eps^2
    arb_set_si(res, d);
    arb_sqr(res, res, prec);
    arb_mul_ui(res, res, 18, prec);
    arb_div(res, res, e2, prec);
    return;
  }
  Ball b;
  if (four_over_eps) arb_ui_div(b, 4, p + 1, prec);  // R5: b = 4/eps
  else arb_mul_2exp_si(b, p + 1, -2);                 // R5: b = eps/4, as extracted
  sigma1d2_min(res, d, p + 1, b, prec);
}

}  // namespace privoco::reference::banco
