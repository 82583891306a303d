// Batch paths of JKT's noise scales (privoco/fast/evaluate.hpp's BatchFn): the closed forms of pocp_core.hpp and
// pol_tree_core.hpp in vectorised loops (fast/numerics/xd_batch.hpp), the same bits as the scalar functions; the
// points whose values those functions take from logarithms (T^{0.5+c} or eps_1 outside the normal range), c itself
// (libm's logarithms) and the tree's sigma where it has none go to the scalar functions.
#include "privoco/fast/jkt/batch.hpp"

#include <cmath>

#include "../numerics/vec_math.hpp"
#include "../numerics/xd_batch.hpp"
#include "chi_core.hpp"
#include "pocp_core.hpp"
#include "pol_tree_core.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/fast/jkt/igd_giga.hpp"
#include "privoco/fast/jkt/pocp.hpp"
#include "privoco/fast/numerics/value_ops.hpp"
#include "privoco/fast/jkt/pol.hpp"
#include "privoco/fast/jkt/pqftl.hpp"
#include "privoco/fast/jkt/tree.hpp"

namespace privoco::fast::jkt {

Value chi_norm_flat(const double* p) { return chi_norm(p[0], p[1], ChiWhich(static_cast<int>(p[2]))); }
Value c_exponent_flat(const double* p) { return c_exponent(p[0], p[1], CParse(static_cast<int>(p[2])), CWhich(static_cast<int>(p[3]))); }
Value eps1_per_step_flat(const double* p) { return eps1_per_step(p[0], p[1], p[2], CParse(static_cast<int>(p[3]))); }
Value pocp_beta_flat(const double* p) { return pocp_beta(p[0], p[1], p[2], p[3], CParse(static_cast<int>(p[4]))); }
Value pigd_beta_flat(const double* p) { return pigd_beta(p[0], p[1], p[2], p[3], CParse(static_cast<int>(p[4]))); }
Value pol_beta_flat(const double* p) { return pol_beta(p[0], p[1], p[2], p[3], p[4], p[5]); }
Value tree_sigma_flat(const double* p) { return tree_sigma(p[0], p[1], p[2], p[3], LogBase(static_cast<int>(p[4]))); }
Value pocp_expected_flat(const double* p) {
  return pocp_expected(p[0], p[1], p[2], CNorm(static_cast<int>(p[3])), p[4], p[5], p[6], p[7], p[8]);
}
Value pocp_hp_flat(const double* p) {
  return pocp_hp(p[0], p[1], p[2], CNorm(static_cast<int>(p[3])), p[4], p[5], p[6], p[7], p[8], p[9]);
}
Value pigd_flat(const double* p) {
  return pigd_bound(p[0], p[1], p[2], CNorm(static_cast<int>(p[3])), p[4], p[5], p[6], p[7], p[8]);
}
Value pgiga_flat(const double* p) {
  return pgiga_bound(p[0], p[1], p[2], p[3], CNorm(static_cast<int>(p[4])), p[5], p[6], p[7], p[8],
                     LogBase2(static_cast<int>(p[9])));
}
Value igd_regret_flat(const double* p) {
  return igd_regret_bound(p[0], p[1], p[2], CNorm(static_cast<int>(p[3])), p[4], IgdRegretWhich(static_cast<int>(p[5])));
}
Value pqftl_iterate_error_flat(const double* p) {
  return pqftl_iterate_error(p[0], p[1], p[2], p[3], p[4], p[5], p[6], LogBase(static_cast<int>(p[7])));
}
Value pqftl_flat(const double* p) {
  return pqftl_regret_bound(p[0], p[1], p[2], p[3], p[4], p[5], LogBase(static_cast<int>(p[6])),
                            LogBase(static_cast<int>(p[7])), PqftlBoundWhich(static_cast<int>(p[8])));
}
Value kt08_risk_flat(const double* p) { return kt08_risk(p[0], p[1], p[2], p[3], p[4], p[5]); }
Value cms11_sample_flat(const double* p) { return cms11_sample(p[0], p[1], p[2], p[3], p[4]); }
Value pgiga_beta_flat(const double* p) {
  return pgiga_beta(p[0], p[1], p[2], p[3], p[4], CParse(static_cast<int>(p[5])), PgigaLambda(static_cast<int>(p[6])));
}

namespace {
using numerics::XdBlock;

// c_exponent {T, delta, parse, which}: T^{0.5+c} (which = scale) or c, both formed and selected, where the result is a
// normal double (or c = 0), else the scalar route
// (two loops: the first one's table gathers vectorise only without the block's stores beside them)
PRIVOCO_KERNEL_INLINE void c_exponent_kernel_body(XdBlock& b, int k) {
  // (both readings stored: a value used on one side of a select only became a masked gather GCC cannot vectorise)
  double S[XdBlock::kMax], S_hi[XdBlock::kMax], C[XdBlock::kMax];
  for (int i = 0; i < k; ++i) {
    const dd s = detail::scale_dd<true>(b.in[0][i], b.in[1][i], b.in[2][i]);
    S[i] = to_double(s), S_hi[i] = s.hi, C[i] = detail::c_value<true>(b.in[0][i], b.in[1][i], b.in[2][i]);
  }
  for (int i = 0; i < k; ++i) {
    // T^{0.5+c} a normal double; c a normal double or 0 (its sign 0, as the scalar function's)
    const bool scale = b.in[3][i] == 1;
    const double ac = std::fabs(C[i]);
    b.scalar[i] = scale ? !(S_hi[i] >= 0x1p-1022) : !(((ac >= 0x1p-1022) & (ac <= 1.7976931348623157e308)) | (C[i] == 0));
    b.set(i, xd_of(scale ? S[i] : C[i]));
  }
}
// eps1_per_step {eps, delta, T, parse}: sqrt(eps)/T^{0.5+c} in double-double where it and its parts are normal
PRIVOCO_KERNEL_INLINE void eps1_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) {
    const dd S = detail::scale_dd<true>(b.in[2][i], b.in[1][i], b.in[3][i]);
    const double se = std::sqrt(b.in[0][i]), v = to_double(dd{se, 0} / S);
    b.scalar[i] = !((S.hi >= 0x1p-1000) & (se > 0x1p-1000) & (v >= 0x1p-1022) & (v <= 1.7976931348623157e308));
    b.set(i, xd_of(b.scalar[i] ? 1.0 : v));
  }
}
PRIVOCO_KERNEL_INLINE void pocp_beta_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i)
    b.set(i, detail::pocp_beta_xd<true>(b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], b.in[4][i]));
}
PRIVOCO_KERNEL_INLINE void pigd_beta_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i)
    b.set(i, detail::pigd_beta_xd<true>(b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], b.in[4][i]));
}
PRIVOCO_KERNEL_INLINE void pgiga_beta_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i)
    b.set(i, detail::pgiga_beta_xd<true>(b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], b.in[4][i], b.in[5][i],
                                         b.in[6][i]));
}
// pol_beta {L, eps_g, x_star_norm, T, eps_p, delta}
PRIVOCO_KERNEL_INLINE void pol_beta_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i)
    b.set(i, detail::pol_beta_xd(b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], b.in[4][i], b.in[5][i]));
}
// tree_sigma {R, eps, delta, T, log_base}: where log(log T/delta) <= 0, the scalar function (its domain error)
PRIVOCO_KERNEL_INLINE void tree_sigma_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) {
    double lo;
    b.set(i, detail::tree_sigma_core<true>(b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], b.in[4][i], lo));
    b.scalar[i] = !(lo > 0);
  }
}
// chi_norm {d, s, which}: the three readings formed and selected; a printed variance that is not a finite double
// takes the scalar function
// (two loops: GCC vectorises the first one's table gathers only without the block's stores beside them)
PRIVOCO_KERNEL_INLINE void chi_norm_kernel_body(XdBlock& b, int k) {
  double m[XdBlock::kMax], v[XdBlock::kMax], p[XdBlock::kMax];
  for (int i = 0; i < k; ++i) {
    dd m2, vd;
    detail::chi_moments_dd<true>(b.in[0][i], &m2, &vd);
    m[i] = to_double(sqrt_dd(m2)), v[i] = to_double(vd), p[i] = detail::chi_printed_p(m2, vd, b.in[1][i]);
  }
  for (int i = 0; i < k; ++i) {
    b.scalar[i] = (b.in[2][i] == 2) & !(std::fabs(p[i]) <= 1.7976931348623157e308);
    b.set(i, detail::chi_norm_xd(b.in[1][i], b.in[2][i], m[i], v[i], p[i]));
  }
}
PRIVOCO_VARIANTS(isa, void, c_exponent_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, chi_norm_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, eps1_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, pocp_beta_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, pigd_beta_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, pgiga_beta_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, pol_beta_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, tree_sigma_kernel, (XdBlock& b, int k), (b, k))

// The bounds' products of factors (JKT Thms 2, 4, 6, Sec 4.2 as the scalar functions state them) by product_of's own
// arithmetic (ProductLane: the same roundings, no branch), and their sums where both terms are doubles. A first
// loop forms the factors that come from libm's logarithms (as the scalar functions take them), in place of the
// column they replace; points where product_of or the sums take another route (a term outside the normal range)
// go to the scalar function.
using fast::ProductLane;
using detail::c_norm_xd;
// the sum of two same-sign terms as sum_same_sign gives it where both are normal doubles and the sum is finite
PRIVOCO_DD_INLINE double sum_lanes(double a, double b, bool& ok) {
  const double s = a + b;
  ok &= std::fabs(s) <= 1.7976931348623157e308;
  return s;
}
// pocp_expected / pocp_hp {lambda_A, L, radius, c_norm, eps, delta, T, d, R_A[, gamma]} (gamma = 1 without it): JKT
// Thm 2 (2 sqrt(d) L (lambda + ||C||) sqrt(T) ln^2(T/delta)/(sqrt(eps) sqrt(gamma))) + R_A
template <bool kHp>
PRIVOCO_KERNEL_INLINE void pocp_regret_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) b.in[5][i] = std::log(b.in[6][i]) - std::log(b.in[5][i]);  // ln(T/delta)
  for (int i = 0; i < k; ++i) {
    const double Ld = b.in[5][i], RA = b.in[8][i];
    ProductLane p;
    p.take(2.0, false), p.take(std::sqrt(b.in[7][i]), false), p.take(b.in[1][i], false);
    p.take(xd_of(b.in[0][i]) + c_norm_xd(b.in[2][i], b.in[3][i]), false);
    p.take(std::sqrt(b.in[6][i]), false), p.take(Ld, false), p.take(Ld, false);
    p.take(std::sqrt(b.in[4][i]), true), p.take(std::sqrt(kHp ? b.in[9][i] : 1.0), true);
    const double first = p.value();
    bool ok = p.ok & (RA <= 1.7976931348623157e308);
    const double v = sum_lanes(first, RA, ok);
    b.scalar[i] = !ok;
    b.set(i, xd_of(ok ? v : 1.0));
  }
}
PRIVOCO_KERNEL_INLINE void pocp_expected_kernel_body(XdBlock& b, int k) { pocp_regret_kernel_body<false>(b, k); }
PRIVOCO_KERNEL_INLINE void pocp_hp_kernel_body(XdBlock& b, int k) { pocp_regret_kernel_body<true>(b, k); }
// pigd {L, alpha, radius, c_norm, eps, delta, T, d, C_const}: JKT Thm 4
PRIVOCO_KERNEL_INLINE void pigd_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) b.in[5][i] = std::log(b.in[6][i]) - std::log(b.in[5][i]);  // ln(T/delta)
  for (int i = 0; i < k; ++i) {
    const double L = b.in[0][i], Ld = b.in[5][i];
    ProductLane p;
    p.take(b.in[8][i], false);
    p.take(xd_of(L) * xd_of(L) / xd_of(b.in[1][i]) + c_norm_xd(b.in[2][i], b.in[3][i]), false);
    p.take(std::sqrt(b.in[7][i]), false), p.take(Ld, false), p.take(std::sqrt(Ld), false);
    p.take(std::sqrt(b.in[6][i]), false), p.take(std::sqrt(b.in[4][i]), true);
    const double v = p.value();
    b.scalar[i] = !p.ok;
    b.set(i, xd_of(p.ok ? v : 1.0));
  }
}
// pgiga {G, alpha, L_G, radius, c_norm, eps, delta, T, d, log_base}: JKT Thm 6's three terms
PRIVOCO_KERNEL_INLINE void pgiga_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) {
    const double T = b.in[7][i];
    b.in[6][i] = std::log(T) - std::log(b.in[6][i]);                // ln(T/delta)
    b.in[9][i] = b.in[9][i] == 1 ? std::log2(T) : std::log(T);     // J2
  }
  for (int i = 0; i < k; ++i) {
    const double G = b.in[0][i], alpha = b.in[1][i], LG = b.in[2][i], Ld = b.in[6][i];
    const xd C = c_norm_xd(b.in[3][i], b.in[4][i]);
    ProductLane a, c, d;
    a.take(4.0, false), a.take(std::sqrt(b.in[8][i]), false), a.take(xd_of(G) / xd_of(alpha) + C, false);
    a.take(G, false), a.take(Ld, false), a.take(Ld, false), a.take(std::sqrt(b.in[7][i]), false);
    a.take(std::sqrt(b.in[5][i]), true);
    c.take(2.0, false), c.take(G, false), c.take(G, false), c.take(1 + b.in[9][i], false), c.take(alpha, true);
    d.take(2.0, false), d.take(LG, false), d.take(LG, false), d.take(G, false), d.take(C, false);
    d.take(alpha, true), d.take(alpha, true);
    const double va = a.value(), vc = c.value(), vd = d.value();
    bool ok = a.ok & c.ok & d.ok;
    const double v = sum_lanes(sum_lanes(va, vc, ok), vd, ok);
    b.scalar[i] = !ok;
    b.set(i, xd_of(ok ? v : 1.0));
  }
}
// igd_regret {L, alpha, radius, c_norm, T, which}: L^2/alpha ln T + ||C|| (printed_o) or (L^2/(2 alpha)) H_T +
// (alpha/2) ||C||^2 (derived)
PRIVOCO_KERNEL_INLINE void igd_regret_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i)
    b.in[6][i] = b.in[5][i] == 1 ? std::log(b.in[4][i]) : to_double(harmonic_dd(b.in[4][i]));
  // (which is 1 for printed_o, 0 for derived: the factor 1 or 1/2 from it, since a select between constants made GCC
  // split the loop into paths; the terms in two loops, the first's flag carried as a double, and the readings' flags
  // combined with & and |: a select of flags, or reading the flag bytes back, kept GCC from vectorising)
  for (int i = 0; i < k; ++i) {  // the first term, into b.hi
    const double L = b.in[0][i], which = b.in[5][i];
    ProductLane a;
    a.take(0.5 + 0.5 * which, false), a.take(L, false), a.take(L, false), a.take(b.in[6][i], false);
    a.take(b.in[1][i], true);
    b.hi[i] = a.value();
    b.lo[i] = a.ok;
  }
  for (int i = 0; i < k; ++i) {  // the second term by both readings (printed_o {C}, derived {1/2, alpha, C, C})
    const double which = b.in[5][i];
    const xd C = c_norm_xd(b.in[2][i], b.in[3][i]);
    ProductLane cp, cd;
    cp.take(C, false);
    cd.take(0.5, false), cd.take(b.in[1][i], false), cd.take(C, false), cd.take(C, false);
    const double vp = cp.value(), vd = cd.value();
    const bool printed = which == 1;
    bool ok = ((printed & cp.ok) | (!printed & cd.ok)) & (b.lo[i] != 0);
    const double v = sum_lanes(b.hi[i], printed ? vp : vd, ok);
    b.scalar[i] = !ok;
    b.set(i, xd_of(ok ? v : 1.0));
  }
}
// pqftl_iterate_error {R, alpha, eps, delta, T, d, t, log_base}: where the tree has no sigma, t > T or at the pole,
// the scalar function (its error, or its value there)
PRIVOCO_KERNEL_INLINE void pqftl_iterate_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) {
    const double R = b.in[0][i], T = b.in[4][i], t = b.in[6][i];
    double lo;
    bool pole;
    const xd sigma = detail::tree_sigma_core<true>(R, b.in[2][i], b.in[3][i], T, b.in[7][i], lo);
    b.set(i, detail::pqftl_iterate_xd(sigma, R, b.in[1][i], b.in[5][i], t, pole));
    b.scalar[i] = !(lo > 0) | (t > T) | pole;
  }
}
// pqftl {R, alpha, eps, delta, T, d, log_base, log_base_regret, which}: JKT Eq (32), A = R^4 (1 + 2R/alpha)^2 lr/alpha
// and B = 3 sqrt(d) R (2R^2/alpha + R + 2)(1 + 2R/alpha)(1 + lr) sqrt(li) lo/sqrt(eps), their sum (which = total), A
// (qftl_term) or B (perturbation_term); B = 0 (lo = 0), and a sum below the normal range, go to the scalar function.
PRIVOCO_KERNEL_INLINE void pqftl_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) {
    const double R = b.in[0][i], alpha = b.in[1][i], which = b.in[8][i];
    double lr, li, lo;
    detail::pqftl_logs<true>(b.in[4][i], b.in[3][i], b.in[6][i], b.in[7][i], lr, li, lo);
    const xd u = detail::one_plus_two_r_over_alpha(R, alpha);
    const xd wf = xd_scale2(xd_of(R) * xd_of(R) / xd_of(alpha), 1) + xd_of(R) + xd_of(2.0);
    ProductLane A, B;
    A.take(R, false), A.take(R, false), A.take(R, false), A.take(R, false);
    A.take_nonzero(u, false), A.take_nonzero(u, false), A.take(lr, false), A.take(alpha, true);
    B.take(3.0, false), B.take(std::sqrt(b.in[5][i]), false), B.take(R, false), B.take_nonzero(wf, false);
    B.take_nonzero(u, false), B.take(1 + lr, false), B.take(std::sqrt(li), false), B.take(lo, false);
    B.take(std::sqrt(b.in[2][i]), true);
    const double va = A.value(), vb = B.value(), s = va + vb;
    // (which's cases as flags combined with & and |, the value by arithmetic: selects of flags kept GCC from
    // vectorising)
    const bool total = which == 0, qftl = which == 1, pert = which == 2;
    const bool ok = (qftl & A.ok) | (pert & B.ok) |
                    (total & A.ok & B.ok & (std::fabs(s) <= 1.7976931348623157e308) & (std::fabs(s) >= 0x1p-1022));
    const double v = qftl ? va : (pert ? vb : s);
    b.scalar[i] = !ok;
    b.set(i, xd_of(ok ? v : 1.0));
  }
}
// kt08_risk {gamma, T, L, eps_g, x_star_norm, R_A}: JKT Thm 11's eps_g/2 + R_A/T + (4/T) sqrt(L'^2 R_A ll/alpha) +
// max(16 L'^2/alpha, 6) ll/T, ll = ln(4 ln T/gamma); the two R_A terms only where R_A > 0 (as the scalar function)
PRIVOCO_KERNEL_INLINE void kt08_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) b.in[6][i] = std::log(4 * std::log(b.in[1][i])) - std::log(b.in[0][i]);
  const double kLn6 = std::log(6.0);
  for (int i = 0; i < k; ++i) {
    const double T = b.in[1][i], eg = b.in[3][i], RA = b.in[5][i], ll = b.in[6][i];
    const xd lp = detail::lprime_xd(b.in[2][i], eg, b.in[4][i]), al = detail::alpha_xd(eg, b.in[4][i]);
    const xd m = xd_of(16.0) * lp * lp / al;
    const bool big = to_double(xd_log(m)) > kLn6;  // max(16 L'^2/alpha, 6): both products formed, then selected
    ProductLane t1, t2, t3, t4, t6;
    t1.take(0.5, false), t1.take(eg, false);
    t2.take(RA, false), t2.take(T, true);
    t3.take(4.0, false), t3.take(lp, false), t3.take(std::sqrt(RA), false), t3.take(std::sqrt(ll), false);
    t3.take(T, true), t3.take(xd_sqrt(al), true);
    t4.take(m, false), t4.take(ll, false), t4.take(T, true);
    t6.take(6.0, false), t6.take(ll, false), t6.take(T, true);
    const double v1 = t1.value(), v2 = t2.value(), v3 = t3.value(), v4m = t4.value(), v46 = t6.value();
    const double v4 = big ? v4m : v46;
    const bool with_RA = RA > 0;
    bool ok = t1.ok & ((big & t4.ok) | ((!big) & t6.ok)) & ((!with_RA) | (t2.ok & t3.ok));
    const double s3 = sum_lanes(sum_lanes(v1, v2, ok), v3, ok);
    const double v = sum_lanes(with_RA ? s3 : v1, v4, ok);
    b.scalar[i] = !ok;
    b.set(i, xd_of(ok ? v : 1.0));
  }
}
// cms11_sample {x_star_norm, delta, eps_g, eps_p, d}: ||x*||^2 ln(1/delta)/eps_g^2 + d ||x*||/(eps_g eps_p)
PRIVOCO_KERNEL_INLINE void cms11_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) b.in[1][i] = -std::log(b.in[1][i]);
  for (int i = 0; i < k; ++i) {
    const double xs = b.in[0][i], eg = b.in[2][i];
    ProductLane a, c;
    a.take(xs, false), a.take(xs, false), a.take(b.in[1][i], false), a.take(eg, true), a.take(eg, true);
    c.take(b.in[4][i], false), c.take(xs, false), c.take(eg, true), c.take(b.in[3][i], true);
    const double va = a.value(), vc = c.value();
    bool ok = a.ok & c.ok;
    const double v = sum_lanes(va, vc, ok);
    b.scalar[i] = !ok;
    b.set(i, xd_of(ok ? v : 1.0));
  }
}
PRIVOCO_VARIANTS(isa, void, pocp_expected_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, pocp_hp_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, pigd_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, pgiga_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, igd_regret_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, pqftl_iterate_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, pqftl_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, kt08_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, cms11_kernel, (XdBlock& b, int k), (b, k))

constexpr std::uint64_t bit(int i) { return std::uint64_t{1} << i; }  // a parameter that must be an integer (T, d)
}  // namespace

void chi_norm_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.noise.chi_norm"), chi_norm_flat, chi_norm_kernel, nullptr, bit(0)};
  numerics::xd_batch(how, c, out, n);
}
void c_exponent_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.const.c_exponent"), c_exponent_flat, c_exponent_kernel, nullptr, bit(0)};
  numerics::xd_batch(how, c, out, n);
}
void eps1_per_step_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.const.eps1_per_step"), eps1_per_step_flat, eps1_kernel, nullptr, bit(2)};
  numerics::xd_batch(how, c, out, n);
}
void pocp_beta_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.noise.pocp_beta"), pocp_beta_flat, pocp_beta_kernel, nullptr, bit(3)};
  numerics::xd_batch(how, c, out, n);
}
void pigd_beta_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.noise.pigd_beta"), pigd_beta_flat, pigd_beta_kernel, nullptr, bit(3)};
  numerics::xd_batch(how, c, out, n);
}
void pgiga_beta_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.noise.pgiga_beta"), pgiga_beta_flat, pgiga_beta_kernel, nullptr, bit(4)};
  numerics::xd_batch(how, c, out, n);
}
void pol_beta_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.noise.pol_beta"), pol_beta_flat, pol_beta_kernel, nullptr, bit(3)};
  numerics::xd_batch(how, c, out, n);
}
void tree_sigma_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.noise.tree_sigma"), tree_sigma_flat, tree_sigma_kernel, nullptr, bit(3)};
  numerics::xd_batch(how, c, out, n);
}
void pocp_expected_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.bound.pocp_expected"), pocp_expected_flat, pocp_expected_kernel, nullptr,
                                     bit(6) | bit(7)};
  numerics::xd_batch(how, c, out, n);
}
void pocp_hp_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.bound.pocp_hp"), pocp_hp_flat, pocp_hp_kernel, nullptr, bit(6) | bit(7)};
  numerics::xd_batch(how, c, out, n);
}
void pigd_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.bound.pigd"), pigd_flat, pigd_kernel, nullptr, bit(6) | bit(7)};
  numerics::xd_batch(how, c, out, n);
}
void pgiga_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.bound.pgiga"), pgiga_flat, pgiga_kernel, nullptr, bit(7) | bit(8)};
  numerics::xd_batch(how, c, out, n);
}
void igd_regret_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.bound.igd_regret"), igd_regret_flat, igd_regret_kernel, nullptr, bit(4)};
  numerics::xd_batch(how, c, out, n);
}
void pqftl_iterate_error_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.bound.pqftl_iterate_error"), pqftl_iterate_error_flat,
                                     pqftl_iterate_kernel, nullptr, bit(4) | bit(5) | bit(6)};
  numerics::xd_batch(how, c, out, n);
}
void pqftl_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.bound.pqftl"), pqftl_flat, pqftl_kernel, nullptr, bit(4) | bit(5)};
  numerics::xd_batch(how, c, out, n);
}
void kt08_risk_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.bound.kt08_risk"), kt08_risk_flat, kt08_kernel, nullptr, bit(1)};
  numerics::xd_batch(how, c, out, n);
}
void cms11_sample_batch(const double* const* c, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("JKT.bound.cms11_sample"), cms11_sample_flat, cms11_kernel, nullptr, bit(4)};
  numerics::xd_batch(how, c, out, n);
}

}  // namespace privoco::fast::jkt
