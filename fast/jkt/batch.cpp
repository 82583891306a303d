// Batch paths of JKT's noise scales (privoco/fast/evaluate.hpp's BatchFn): the closed forms of pocp_core.hpp and
// pol_tree_core.hpp in vectorised loops (fast/numerics/xd_batch.hpp), the same bits as the scalar functions; the
// points whose values those functions take from logarithms (T^{0.5+c} or eps_1 outside the normal range), c itself
// (libm's logarithms) and the tree's sigma where it has none go to the scalar functions.
#include "privoco/fast/jkt/batch.hpp"

#include <cmath>

#include "../numerics/vec_math.hpp"
#include "../numerics/xd_batch.hpp"
#include "pocp_core.hpp"
#include "pol_tree_core.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/fast/jkt/igd_giga.hpp"
#include "privoco/fast/jkt/pocp.hpp"
#include "privoco/fast/jkt/pol.hpp"
#include "privoco/fast/jkt/tree.hpp"

namespace privoco::fast::jkt {

Value c_exponent_flat(const double* p) { return c_exponent(p[0], p[1], CParse(static_cast<int>(p[2])), CWhich(static_cast<int>(p[3]))); }
Value eps1_per_step_flat(const double* p) { return eps1_per_step(p[0], p[1], p[2], CParse(static_cast<int>(p[3]))); }
Value pocp_beta_flat(const double* p) { return pocp_beta(p[0], p[1], p[2], p[3], CParse(static_cast<int>(p[4]))); }
Value pigd_beta_flat(const double* p) { return pigd_beta(p[0], p[1], p[2], p[3], CParse(static_cast<int>(p[4]))); }
Value pol_beta_flat(const double* p) { return pol_beta(p[0], p[1], p[2], p[3], p[4], p[5]); }
Value tree_sigma_flat(const double* p) { return tree_sigma(p[0], p[1], p[2], p[3], LogBase(static_cast<int>(p[4]))); }
Value pgiga_beta_flat(const double* p) {
  return pgiga_beta(p[0], p[1], p[2], p[3], p[4], CParse(static_cast<int>(p[5])), PgigaLambda(static_cast<int>(p[6])));
}

namespace {
using numerics::XdBlock;

// c_exponent {T, delta, parse, which}: T^{0.5+c} where it is a normal double (which = scale), else the scalar route
PRIVOCO_KERNEL_INLINE void c_exponent_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) {
    const dd S = detail::scale_dd<true>(b.in[0][i], b.in[1][i], b.in[2][i]);
    b.scalar[i] = (b.in[3][i] != 1) | !(S.hi >= 0x1p-1022);
    b.set(i, xd_of(to_double(S)));
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
PRIVOCO_VARIANTS(flt, void, c_exponent_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(flt, void, eps1_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(flt, void, pocp_beta_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(flt, void, pigd_beta_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(flt, void, pgiga_beta_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(flt, void, pol_beta_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(flt, void, tree_sigma_kernel, (XdBlock& b, int k), (b, k))

constexpr std::uint64_t bit(int i) { return std::uint64_t{1} << i; }  // the parameter that must be an integer (T)
}  // namespace

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

}  // namespace privoco::fast::jkt
