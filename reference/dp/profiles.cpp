#include "privoco/reference/dp/profiles.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include <fmt/core.h>

#include "../numerics/monotone.hpp"
#include "privoco/errors.hpp"
#include "../numerics/scratch.hpp"

namespace privoco::reference::dp {

using numerics::Mono;

namespace {
// eps from which the second term e^eps erfc(b) is taken as e^{-a^2} erfcx(b) (equal, since b^2 - a^2 = eps): Arb's
// e^eps is not finite from eps ~ 1e100 at the first precisions (its exponent's own size), and DP.gauss.eps and
// DP.gauss.mu had no certified value there (with the root finder's sqrt(-ln delta) steps below: 38 of 120 whole-range
// points of DP.gauss.mu at one seed, all with eps > 1e41, went from unsettled to certified).
constexpr double kErfcxFromEps = 0x1p64;
bool erfcx_form(const arb_t eps) { return arf_cmp_d(arb_midref(eps), kErfcxFromEps) >= 0; }

// a = (eps/mu - mu/2)/sqrt2 and b = (eps/mu + mu/2)/sqrt2, the error functions' arguments (delta = (erfc(a) -
// e^eps erfc(b))/2, the Gaussian profile of Balle-Wang 2018 Thm 8 with Phi(x) = erfc(-x/sqrt2)/2)
void gauss_args(arb_t a, arb_t b, const arb_t eps, const arb_t mu, slong prec) {
  arb_t s, u;
  arb_init(s), arb_init(u);
  arb_sqrt_ui(s, 2, prec);
  arb_mul(u, mu, s, prec);
  arb_div(u, eps, u, prec);  // eps/(mu sqrt2)
  arb_div(s, mu, s, prec);
  arb_mul_2exp_si(s, s, -1);  // mu/(2 sqrt2)
  arb_sub(a, u, s, prec);
  arb_add(b, u, s, prec);
  arb_clear(s), arb_clear(u);
}

// e^eps erfc(b), as e^{-a^2} erfcx(b) from eps = kErfcxFromEps on
void scaled_tail(arb_t r, const arb_t eps, const arb_t a, const arb_t b, slong prec) {
  arb_t e;
  arb_init(e);
  if (erfcx_form(eps)) {
    numerics::mono(r, b, Mono::erfcx, prec);
    arb_sqr(e, a, prec);
    arb_neg(e, e);
  } else {
    numerics::mono(r, b, Mono::erfc, prec);
    arb_set(e, eps);
  }
  arb_exp(e, e, prec);
  arb_mul(r, r, e, prec);
  arb_clear(e);
}
}  // namespace

void gauss_delta(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr eps = p + 0, mu = p + 1;
  numerics::Scratch<4> t;
  gauss_args(t[0], t[1], eps, mu, prec);
  numerics::mono(t[2], t[0], Mono::erfc, prec);  // erfc(a)
  scaled_tail(t[3], eps, t[0], t[1], prec);      // e^eps erfc(b)
  arb_sub(res, t[2], t[3], prec);
  arb_mul_2exp_si(res, res, -1);
  // a ball that is not finite (the error functions' or exponential's enclosures at too low a precision) is not
  // decided here (the clipping below would have turned its bounds into "exactly 1")
  if (!arb_is_finite(res)) {
    arb_indeterminate(res);
    return;
  }
  // delta is in [0, 1] (a difference of probabilities): clip an enclosure that reaches outside
  if (arb_contains_negative(res)) arb_nonnegative_part(res, res);
  arb_t unit;
  arb_init(unit);
  arb_one(unit);
  if (!arb_le(res, unit) && arb_overlaps(res, unit)) {
    // The upper end beyond 1: a ball whose upper end is exactly 1, [1 - 2^e, 1] with 2^e >= 1 - lo (the lower end
    // lowered to a power-of-two distance from 1, so that midpoint and radius are exact), e >= -prec.
    arf_t lo, t;
    arf_init(lo), arf_init(t);
    arb_get_lbound_arf(lo, res, prec);
    arf_one(t);
    arf_sub(t, t, lo, ARF_PREC_EXACT, ARF_RND_DOWN);  // 1 - lo >= 0, exact
    if (arf_sgn(t) <= 0) {
      arb_one(res);  // the enclosure's lower end is 1: delta = 1
    } else {
      const slong e = std::max<slong>(arf_abs_bound_lt_2exp_si(t), -prec);  // 1 - lo < 2^e
      arf_one(arb_midref(res));
      arf_set_si_2exp_si(t, 1, e - 1);
      arf_sub(arb_midref(res), arb_midref(res), t, ARF_PREC_EXACT, ARF_RND_DOWN);  // 1 - 2^{e-1}, exact
      mag_set_ui_2exp_si(arb_radref(res), 1, e - 1);
    }
    arf_clear(lo), arf_clear(t);
  }
  arb_clear(unit);
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
    // 1 - e^{(eps - mu)/2}: expm1 where (eps - mu)/2 > -1 (no cancellation); 1 - exp below, where Arb's expm1
    // sizes its working precision by the exponent and asks for 2^60 bytes at (eps - mu)/2 = -5e299
    if (arf_cmp_si(arb_midref(d), -1) > 0) {
      arb_expm1(res, d, prec);
      arb_neg(res, res);
    } else {
      arb_exp(res, d, prec);
      arb_sub_ui(res, res, 1, prec);
      arb_neg(res, res);
    }
    if (!arb_is_negative(d)) arb_nonnegative_part(res, res);  // eps - mu straddles 0: delta in [0, ...]
  }
  arb_clear(d);
}

namespace {

// delta(eps; mu) at balls eps, mu.
void delta_at(arb_t d, const arb_t eps, const arb_t mu, slong prec) {
  arb_t q[2];
  arb_init(q[0]), arb_init(q[1]);
  arb_set(q[0], eps), arb_set(q[1], mu);
  gauss_delta(d, q[0], prec);
  arb_clear(q[0]), arb_clear(q[1]);
}

// phi(x) = e^{-x^2/2}/sqrt(2 pi) at a ball x.
void phi(arb_t r, const arb_t x, slong prec) {
  arb_t s;
  arb_init(s);
  arb_sqr(r, x, prec);
  arb_mul_2exp_si(r, r, -1);
  arb_neg(r, r);
  arb_exp(r, r, prec);
  arb_const_pi(s, prec);
  arb_mul_2exp_si(s, s, 1);
  arb_rsqrt(s, s, prec);
  arb_mul(r, r, s, prec);
  arb_clear(s);
}

// The root x of f(x) = ln delta(x) - ln target, delta monotone in x (side: +1 increasing, -1 decreasing), x > lo.
// A bracket is grown from x0, then safeguarded Newton (bisection when a step leaves the bracket; geometric when
// positive ends differ by orders of magnitude) at 64 bits, Newton at prec + 20 bits from there; finally the bracket
// [x - r, x + r], r = 2^-(prec-8) |x|, is certified by the signs of delta - target at its ends. res = that bracket,
// or indeterminate when it cannot be certified at prec.
// log_search: a root below lo (LogSearch::below) or above DBL_MAX (LogSearch::above) is searched in y = ln x (x = e^y
// an exact ball), so that roots beyond the double range are found too, down to e^-kLogRootRange or up to
// e^kLogRootRange; within the double range the search in x itself (y's ulps are |y| 2^-52 of x).
enum class LogSearch { none, below, above };
constexpr double kLogRootRange = 1e6;
// Newton's step on ln delta, times this, is Newton's step on sqrt(-ln delta) (lnd = ln delta < lnt = ln target < 0):
// far below the target ln delta is quadratic in the root's variable (-a^2, a linear in it), its Newton steps halve
// the distance, and from eps = 1e104, delta = 1e-10 (mu's root 6 beyond sqrt(2 eps) = 1.4e52, between two doubles
// 2e36 apart) 80 of them ended 1e12 short of the root; sqrt(-ln delta) is nearly linear there.
double sqrt_newton_factor(double lnd, double lnt) {
  if (!(lnd < lnt && lnt < 0)) return 1;
  const double g = std::sqrt(-lnd), f = 2 * g / (g + std::sqrt(-lnt));
  return std::isfinite(f) ? f : 2;
}
// x = e^y at the variable's value v, as an exact point (a radius would cost delta's bits); x = v itself outside the
// log search
void point_at(arb_t x, double v, bool in_log, slong prec) {
  arb_set_d(x, v);
  if (in_log) arb_exp(x, x, prec), arb_get_mid_arb(x, x);
}
template <class Delta, class Slope>
void certified_root(arb_t res, double x0, double lo, const arb_t target, int side, Delta delta, Slope slope,
                    slong prec, LogSearch log_search = LogSearch::none) {
  arb_t x, d, s, lt, step, a, b, da, db;
  arb_init(x), arb_init(d), arb_init(s), arb_init(lt), arb_init(step), arb_init(a), arb_init(b), arb_init(da),
      arb_init(db);
  arb_log(lt, target, prec + 20);
  const double ltd = arf_get_d(arb_midref(lt), ARF_RND_NEAR);
  // delta to `want` bits of relative accuracy: its two terms cancel (e.g. at eps = 0 and small mu, by ~log2(1/mu)
  // bits), so the working precision rises until the value has them, up to 16 times want, or until more precision
  // stops helping (the parameters' own balls limit it: then the bracket below widens instead)
  auto delta_acc = [&](arb_t out, const arb_t at, slong want) {
    slong last = -ARF_PREC_EXACT;
    for (slong wp = want + 40;; wp *= 2) {
      delta(out, at, wp);
      const slong acc = arb_rel_accuracy_bits(out);
      if (acc >= want || wp > 16 * want || (last > 0 && acc < last + 16)) break;
      last = acc;
    }
  };
  bool in_log = false;  // the variable of f_at and the search: x itself, or y = ln x (set below)
  auto f_at = [&](double v) {  // sign-adjusted: increasing in v
    point_at(x, v, in_log, 64);
    // 64 bits, more where delta's two terms cancel: a midpoint without correct bits sends Newton astray
    for (slong wp = 64; wp <= 4096; wp *= 2) {
      delta(d, x, wp);
      if (arb_rel_accuracy_bits(d) >= 40) break;
    }
    arb_log(step, d, 64);
    const double fv = arf_get_d(arb_midref(step), ARF_RND_NEAR) - ltd;
    return side > 0 ? fv : -fv;
  };
  // grow a bracket [xl, xh] with f(xl) < 0 < f(xh), in x from x0 down to lo and up to DBL_MAX
  double xl = x0, xh = x0;
  double fl = f_at(xl), fh = fl;
  double last_above = fl > 0 ? x0 : NAN, last_below = fl < 0 ? x0 : NAN;  // the smallest x seen with f > 0, the
                                                                            // largest with f < 0
  for (int i = 0; i < 2000 && !(fl < 0) && xl != lo; ++i) {
    xl = xl > 1e-280 ? xl / 4 : lo, fl = f_at(xl);
    if (fl > 0) last_above = xl;
  }
  for (int i = 0; i < 2000 && !(fh > 0) && xh < DBL_MAX; ++i) {
    xh = std::min(xh * 4 + 1, DBL_MAX), fh = f_at(xh);
    if (fh < 0) last_below = xh;
  }
  // the log search: in y = ln x, from ln lo (or the smallest point above the target) down, or from ln DBL_MAX (or
  // the largest point below it) up, steps of ln 4, doubling after 600, to -+kLogRootRange, until f has the sign dir
  // (the root passed). past_unresolved: NaN (delta not resolved at 4096 bits) counts as not past the root (the
  // parameters' balls can leave delta without a digit between the start and the root); otherwise it ends the search.
  // NaN at the range's end with balls of 4096 bits is f_at's own ceiling, refused.
  auto search_in_log = [&](double& y, double& f, int dir, bool past_unresolved, const std::string& range) {
    const double end = dir * kLogRootRange;
    for (int i = 0; i < 2000 && !(dir * f > 0) && (past_unresolved || !std::isnan(f)) && y != end; ++i) {
      const double step = i < 600 ? 1.4 : std::ldexp(1.4, std::min(i - 600, 30));
      y = dir > 0 ? std::min(y + step, end) : std::max(y - step, end), f = f_at(y);
    }
    if (y == end && ((!(dir * f > 0) && !std::isnan(f)) || (std::isnan(f) && prec >= 4096)))
      throw OutOfReach(fmt::format("no point of [{}] has delta {} the target with 40 certified bits at 4096-bit "
                                   "precision (the root finder's range)", range,
                                   (side > 0) == (dir < 0) ? "below" : "above"));
  };
  if (log_search == LogSearch::below && xl == lo && !(fl < 0) && last_above > 0) {
    in_log = true;
    xh = std::log(last_above), fh = f_at(xh);
    xl = std::log(lo);
    search_in_log(xl, fl, -1, true, fmt::format("e^-{:g}, {:g}", kLogRootRange, lo));
  } else if (log_search == LogSearch::above && xh == DBL_MAX && fh <= 0 && last_below > 0) {
    // (eps's root past DBL_MAX: eps ~ mu^2/2 with mu up to DBL_MAX. Only from a delta resolved at DBL_MAX, and on
    // while resolved: where eps/mu is large and mu small, delta's two terms cancel, and 2000 unresolved points
    // searched up to e^1e6 took the time limit before the precision rose)
    in_log = true;
    xl = std::log(last_below), fl = f_at(xl);
    xh = std::log(DBL_MAX);
    search_in_log(xh, fh, 1, false, fmt::format("{:g}, e^{:g}", lo, kLogRootRange));
  } else if ((xl == lo && fl >= 0) || (xh == DBL_MAX && fh <= 0)) {  // (NaN: not resolved yet at this precision)
    throw OutOfReach(fmt::format("the root lies beyond [{:g}, 1.8e308], where the root finder's search starts in "
                                 "double precision", lo));
  }
  if (fl < 0 && fh > 0) {
    // safeguarded Newton in the current variable from the bracket [xl, xh], narrowing it
    double xm = xl + 0.5 * (xh - xl);  // (xl + xh and xl xh overflow near DBL_MAX)
    for (int it = 0; it < 300; ++it) {
      const double fm = f_at(xm);
      if (fm == 0) break;
      (fm < 0 ? xl : xh) = xm;
      // Newton step from xm, kept when inside the bracket
      // delta/slope in Arb: each alone leaves the double range where eps is large (e^eps in the slope), and a
      // NaN step turned Newton into 30 more bisection steps
      slope(s, x, 64);
      arb_div(s, d, s, 64);
      if (in_log) arb_div(s, s, x, 64);  // dy = dx/x
      const double ratio = arf_get_d(arb_midref(s), ARF_RND_NEAR);
      double next = xm - (side > 0 ? fm : -fm) * ratio;
      // converged before the safeguard: a step of an ulp lands on the bracket's end (xm itself) and was taken
      // for a step outside it, which sent the search into 30 bisection steps (in y: y's own ulps, |y| up to 1e6)
      const double scale = in_log ? std::max(1.0, std::fabs(xm)) : std::fabs(xm);
      if (std::fabs(next - xm) <= 4e-16 * scale) break;
      if (!(next > xl && next < xh))
        next = (!in_log && xl > 0 && xh / xl > 16) ? std::sqrt(xl) * std::sqrt(xh) : xl + 0.5 * (xh - xl);
      const double width_scale = in_log ? std::max(1.0, std::fabs(xh)) : std::fabs(xh);
      if (std::fabs(next - xm) <= 1e-16 * scale || xh - xl <= 1e-16 * width_scale) {
        xm = next;
        break;
      }
      xm = next;
    }
    point_at(x, xm, in_log, prec + 20);
    // Newton at full precision from a double-accurate start, kept near the double bracket [bl, bh] (each step
    // narrows it by the side f lies on, where that is certain); a step far outside it bisects it. (The root may lie
    // between two adjacent doubles across which delta jumps from e^-8799 to 1, eps = 1.4e41, delta = 1e-202: the
    // step from the end at delta = 1, divided by a slope near e^{-2 10^9}, was 2.5e897895834, and the root was never
    // certified.)
    arb_t bl, bh;
    arb_init(bl), arb_init(bh);
    point_at(bl, xl, in_log, prec + 20), point_at(bh, xh, in_log, prec + 20);
    for (int it = 0; it < 80; ++it) {
      const slong wp = prec + 20;
      delta_acc(d, x, prec - 12);
      slope(s, x, wp);
      arb_log(step, d, wp);
      const double lnd = arf_get_d(arb_midref(step), ARF_RND_NEAR);
      arb_sub(step, step, lt, wp);  // ln delta - ln target: its sign says the side
      if (arb_is_negative(step) || arb_is_positive(step)) arb_set(side > 0 ? (arb_is_negative(step) ? bl : bh)
                                                                           : (arb_is_negative(step) ? bh : bl), x);
      arb_set_d(a, sqrt_newton_factor(lnd, ltd));
      arb_mul(step, step, a, wp);
      arb_mul(step, step, d, wp);
      arb_div(step, step, s, wp);
      arb_get_mid_arb(step, step);
      if (!arb_is_finite(step)) break;
      arb_sub(step, x, step, wp);
      arb_get_mid_arb(step, step);
      // far outside the bracket (by more than its width and 2^-30 |x|: its ends are from 40-bit values of delta, and
      // may lie within 1e-12 of the root on its wrong side): its midpoint
      arb_sub(s, bh, bl, wp);
      arb_abs(a, x);
      arb_mul_2exp_si(a, a, -30);
      arb_max(s, s, a, wp);
      arb_sub(a, bl, s, wp), arb_add(b, bh, s, wp);
      if (!(arb_gt(step, a) && arb_lt(step, b))) {
        arb_add(step, bl, bh, wp);
        arb_mul_2exp_si(step, step, -1);
        arb_get_mid_arb(step, step);
      }
      arb_sub(step, x, step, wp);  // the move
      arb_sub(x, x, step, wp);
      arb_get_mid_arb(x, x);
      mag_t ms, mx;
      mag_init(ms), mag_init(mx);
      arb_get_mag(ms, step);
      arb_get_mag(mx, x);
      mag_mul_2exp_si(mx, mx, -(prec + 4));
      const bool done = mag_cmp(ms, mx) <= 0;
      mag_clear(ms), mag_clear(mx);
      if (done) break;
    }
    arb_clear(bl), arb_clear(bh);
  } else {
    arb_indeterminate(x);
  }
  // the bracket: r from 2^-(prec-8) |x| up, doubling while an end's delta is not yet certainly on its side
  // (delta's own certified accuracy is below the working precision by the cancellation and the sensitivity to x)
  mag_t r;
  mag_init(r);
  arb_get_mag(r, x);
  mag_mul_2exp_si(r, r, -(prec - 8));
  arf_t ra;
  arf_init(ra);
  bool ok = false;
  // widening up to r = 2^-(prec/2) |x| (enough: the caller doubles prec until the digits it wants are certified)
  mag_t rmax;
  mag_init(rmax);
  arb_get_mag(rmax, x);
  mag_mul_2exp_si(rmax, rmax, -(prec / 2));
  for (int k = 0; arb_is_finite(x) && mag_cmp(r, rmax) <= 0; ++k, mag_mul_2exp_si(r, r, k < 8 ? 1 : 4)) {
    arf_set_mag(ra, r);
    arb_set(a, x), arb_set(b, x);
    arb_sub_arf(a, a, ra, ARF_PREC_EXACT);
    arb_add_arf(b, b, ra, ARF_PREC_EXACT);
    if (!(arf_cmp_d(arb_midref(a), in_log ? 0.0 : lo) > 0)) break;  // (below lo: the root was searched in ln x)
    delta_acc(da, a, prec - 12);  // the ends differ from the target by ~2^-(prec-8) relative (r widens if short)
    delta_acc(db, b, prec - 12);
    const bool a_ok = side < 0 ? arb_gt(da, target) : arb_lt(da, target);
    const bool b_ok = side < 0 ? arb_lt(db, target) : arb_gt(db, target);
    const bool a_wrong = side < 0 ? arb_le(da, target) : arb_ge(da, target);
    const bool b_wrong = side < 0 ? arb_ge(db, target) : arb_le(db, target);
    if (a_ok && b_ok) {
      ok = true;
      break;
    }
    if (a_wrong || b_wrong) break;  // the root is not within this bracket: Newton did not converge
  }
  if (ok) {
    arb_set(res, x);
    arb_add_error_mag(res, r);
  } else {
    arb_indeterminate(res);
  }
  arf_clear(ra);
  mag_clear(r);
  mag_clear(rmax);
  arb_clear(x), arb_clear(d), arb_clear(s), arb_clear(lt), arb_clear(step), arb_clear(a), arb_clear(b), arb_clear(da),
      arb_clear(db);
}
}  // namespace

void gauss_eps(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr target = p + 0, mu = p + 1;
  arb_t d0, z;
  arb_init(d0), arb_init(z);
  arb_zero(z);
  delta_at(d0, z, mu, prec);
  if (arb_le(d0, target)) {  // delta(0) <= target: eps = 0
    arb_zero(res);
  } else if (!arb_gt(d0, target)) {
    arb_indeterminate(res);  // not decided at this precision
  } else {
    const double m = arf_get_d(arb_midref(mu), ARF_RND_NEAR);
    // start: delta ~ Phi(mu/2 - eps/mu) for large eps, so eps ~ mu (mu/2 + 4) as a first guess
    certified_root(
        res, std::min(m * (m / 2 + 4), DBL_MAX), 0, target, -1, [&](arb_t d, const arb_t e, slong wp) { delta_at(d, e, mu, wp); },
        [&](arb_t s, const arb_t e, slong wp) {  // -e^eps Phi(-mu/2 - eps/mu) = -e^eps erfc(b)/2
          arb_t a, b;
          arb_init(a), arb_init(b);
          gauss_args(a, b, e, mu, wp);
          scaled_tail(s, e, a, b, wp);
          arb_mul_2exp_si(s, s, -1);
          arb_neg(s, s);
          arb_clear(a), arb_clear(b);
        },
        prec, LogSearch::above);
  }
  arb_clear(d0), arb_clear(z);
}

void gauss_mu(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr eps = p + 0, target = p + 1;
  const double e = arf_get_d(arb_midref(eps), ARF_RND_NEAR);
  certified_root(
      res, std::sqrt(2.0) * std::sqrt(e) + 1, 1e-300, target, +1, [&](arb_t d, const arb_t m, slong wp) { delta_at(d, eps, m, wp); },
      [&](arb_t s, const arb_t m, slong wp) {  // phi(mu/2 - eps/mu)
        arb_t x;
        arb_init(x);
        arb_div(x, eps, m, wp);
        arb_mul_2exp_si(s, m, -1);
        arb_sub(x, s, x, wp);
        phi(s, x, wp);
        arb_clear(x);
      },
      prec, LogSearch::below);
}

namespace {
// {x, sqrt(sum mu_j^2)} from the flat {d, x, mu_1..mu_d}.
void compose(arb_ptr q, arb_srcptr p, slong prec) {
  const slong d = arf_get_si(arb_midref(p), ARF_RND_NEAR);
  arb_set(q, p + 1);
  arb_zero(q + 1);
  for (slong j = 0; j < d; ++j) arb_addmul(q + 1, p + 2 + j, p + 2 + j, prec);
  arb_sqrt(q + 1, q + 1, prec);
}
}  // namespace

void gauss_delta_composed(arb_t res, arb_srcptr p, slong prec) {
  arb_ptr q = _arb_vec_init(2);
  compose(q, p, prec);
  gauss_delta(res, q, prec);
  _arb_vec_clear(q, 2);
}

void gauss_eps_composed(arb_t res, arb_srcptr p, slong prec) {
  arb_ptr q = _arb_vec_init(2);
  compose(q, p, prec);
  gauss_eps(res, q, prec);
  _arb_vec_clear(q, 2);
}

}  // namespace privoco::reference::dp
