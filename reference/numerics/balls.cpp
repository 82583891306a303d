#include "balls.hpp"

namespace privoco::reference::numerics {

// -1, +1 when the ball has that sign; 0 when it is exactly zero; 2 when it straddles 0 (not exact).
int sign_of(arb_srcptr x) {
  if (arb_is_zero(x)) return 0;
  if (arb_is_positive(x)) return 1;
  if (arb_is_negative(x)) return -1;
  return 2;
}

namespace {
// Balls 1/d(i), i in [1, N), at 320 bits, built once (function-local static): a multiplication instead of
// arb_div_ui, which was a fifth of all reference time. nullptr where the table does not apply.
template <slong N, ulong (*D)(slong)>
arb_srcptr inverse(slong i, slong prec) {
  struct Table {
    arb_ptr v;
    Table() {
      v = _arb_vec_init(N);
      for (slong k = 1; k < N; ++k) {
        arb_one(v + k);
        arb_div_ui(v + k, v + k, D(k), 320);
      }
    }
  };
  static const Table t;
  return (prec <= 300 && i >= 1 && i < N) ? t.v + i : nullptr;
}
ulong identity(slong k) { return static_cast<ulong>(k); }
ulong pair(slong k) { return static_cast<ulong>(k * (k + 1)); }
}  // namespace

arb_srcptr reciprocal(slong k, slong prec) { return inverse<512, identity>(k, prec); }      // 1/k
arb_srcptr reciprocal_pair(slong k, slong prec) { return inverse<256, pair>(k, prec); }    // 1/(k (k+1))

void scaled_integral(arb_t res, acb_calc_func_t f, void* param, const acb_t a, const acb_t b, const arb_t shift,
                     const mag_t tail, slong eval_limit, slong prec, slong work_prec) {
  const slong wp = work_prec > 0 ? work_prec : prec;
  acb_t r;
  acb_init(r);
  mag_t tol;
  mag_init(tol);
  mag_set_ui_2exp_si(tol, 1, -prec);
  acb_calc_integrate_opt_t opt;
  acb_calc_integrate_opt_init(opt);
  opt->eval_limit = eval_limit;
  acb_calc_integrate(r, f, param, a, b, prec, tol, opt, wp);
  arb_set(res, acb_realref(r));
  arb_add_error_mag(res, tail);
  arb_t e;
  arb_init(e);
  arb_exp(e, shift, prec);
  arb_mul(res, res, e, prec);
  arb_clear(e);
  mag_clear(tol);
  acb_clear(r);
}

}  // namespace privoco::reference::numerics
