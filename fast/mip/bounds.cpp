#include "privoco/fast/mip/bounds.hpp"

#include <cmath>
#include <cstring>
#include <string>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/value_ops.hpp"
#include "privoco/fast/numerics/xd.hpp"
#include "privoco/format.hpp"
#include "../numerics/vec_math.hpp"
#include "../numerics/xd_batch.hpp"

namespace privoco::fast::mip {

namespace {
const dd kLog2e{0x1.71547652b82fep0, 0x1.777d0ffda0d24p-56};  // 1/ln 2

// the entry, its parameters checked (domains, and d and T integers where the entry has them)
const Entry& checked(const char* id, const double* p) {
  const Entry& e = entry(id);
  check_params(e, p);
  if (!e.vector_layout && e.index_of("d") != std::size_t(-1)) check_integer(e, "d", p[e.index_of("d")]);
  return e;
}
void check_T(const Entry& e, double T) { check_integer(e, "T", T); }

// C in nats (log_base = 1: C in bits), and a value in nats in the base asked for
PRIVOCO_DD_INLINE xd nats(double C, double log_base) { return xd_select(log_base == 1, xd_of(C) * xd_of(kLn2dd), xd_of(C)); }
PRIVOCO_DD_INLINE xd in_base(xd nats_value, double log_base) {
  return xd_select(log_base == 1, nats_value * xd_of(kLog2e), nats_value);
}
// The functions of xd.hpp with branches (kSelect false: scalar code) or with selects (true: the kernels); the same
// results
template <bool kSelect>
PRIVOCO_DD_INLINE xd log1p_of(xd q) {
  if constexpr (kSelect) return xd_log1p_select(q); else return xd_log1p(q);
}
template <bool kSelect>
PRIVOCO_DD_INLINE xd expm1_of(xd x) {
  if constexpr (kSelect) return xd_expm1_select(x); else return xd_expm1(x);
}
template <bool kSelect>
PRIVOCO_DD_INLINE xd neg_expm1_neg_of(xd x) {
  if constexpr (kSelect) return xd_neg_expm1_neg_select(x); else return xd_neg_expm1_neg(x);
}

// MIP Thm 2, Thm 4 (M1): sup_S ||w|| or diam S of the ball (c, h_1) or the box c +- h
xd B_value(int d, const double* c, const double* h, double shape, double reading) {
  xd s;
  if (shape == 0) {
    if (reading == 1) return xd_scale2(xd_of(h[0]), 1);  // diam = 2r
    for (int j = 0; j < d; ++j) s = s + xd_of(c[j]) * xd_of(c[j]);
    return xd_sqrt(s) + xd_of(h[0]);  // ||c|| + r
  }
  for (int j = 0; j < d; ++j) {
    const xd a = reading == 1 ? xd_of(h[j]) : xd_of(std::fabs(c[j])) + xd_of(h[j]);
    s = s + a * a;
  }
  return reading == 1 ? xd_scale2(xd_sqrt(s), 1) : xd_sqrt(s);  // 2 ||h||, or the farthest vertex's norm
}
// the first j with h_j != h_1 where S is a ball (every h_j is its radius), else d
int unequal_radius(int d, const double* h, double shape) {
  if (shape != 0) return d;
  for (int j = 1; j < d; ++j)
    if (h[j] != h[0]) return j;
  return d;
}
xd B_of(const Entry& e, int d, const double* c, const double* h, double shape, double reading) {
  if (const int j = unequal_radius(d, h, shape); j < d)
    throw DomainError(e.id, "h_" + std::to_string(j + 1), text17(h[j]),
                      "h_1 = " + text17(h[0]) + " (S_shape = ball: every h_j is the radius)");
  return B_value(d, c, h, shape, reading);
}
// B of a flat point whose S_shape is p[k], followed by c, h and B_reading
xd B_at(const Entry& e, const double* p, int d, int k) { return B_of(e, d, p + k + 1, p + k + 1 + d, p[k], p[k + 1 + 2 * d]); }

// L^2 + d sigma^2, the second moment of a noisy subgradient z + v with ||z|| = L (MIP Thm 2)
PRIVOCO_DD_INLINE xd second_moment(double d, double L, double sigma) {
  return xd_of(L) * xd_of(L) + xd_of(d) * xd_of(sigma) * xd_of(sigma);
}

// (d/2) ln(1 + q) (nats): the Gaussian channel's capacity at q per coordinate (MIP Thm 1, Thm 3)
template <bool kSelect>
PRIVOCO_DD_INLINE xd capacity(double d, xd q) { return xd_of(0.5 * d) * log1p_of<kSelect>(q); }

// (d/2) log(1 + L^2/(d sigma^2)) (MIP Thm 1)
template <bool kSelect>
PRIVOCO_DD_INLINE xd thm1_core(double d, double L, double sigma, double log_base) {
  const xd r = xd_of(L) / xd_of(sigma);
  return in_base(capacity<kSelect>(d, r * r / xd_of(d)), log_base);
}
// (d/2) log(1 + d (F/delta + L)^2/sigma^2) (MIP Thm 3)
template <bool kSelect>
PRIVOCO_DD_INLINE xd thm3_core(double d, double F, double delta, double L, double sigma, double log_base) {
  const xd a = (xd_of(F) / xd_of(delta) + xd_of(L)) / xd_of(sigma);
  return in_base(capacity<kSelect>(d, xd_of(d) * a * a), log_base);
}
// 2C'/d (C' = C in nats)
PRIVOCO_DD_INLINE xd two_C_over_d(double C, double d, double log_base) { return xd_scale2(nats(C, log_base), 1) / xd_of(d); }
// sigma = L/sqrt(d expm1(2C'/d)): Thm 1 solved for sigma (x = 2C'/d)
template <bool kSelect>
PRIVOCO_DD_INLINE xd sigma_for_C_core(xd x, double d, double L) { return xd_of(L) / xd_sqrt(xd_of(d) * expm1_of<kSelect>(x)); }
// Thm 2 at eta* and sigma(C): B L sqrt(T/(1 - e^{-2C'/d})) (L^2 + d sigma^2 = L^2/(1 - e^{-2C'/d}))
template <bool kSelect>
PRIVOCO_DD_INLINE xd fixed_C_core(xd B, double C, double L, double T, double d, double log_base) {
  return B * xd_of(L) * xd_sqrt(xd_of(T) / neg_expm1_neg_of<kSelect>(two_C_over_d(C, d, log_base)));
}
}  // namespace

Value B(const double* p) {
  const Entry& e = checked("MIP.const.B", p);
  const int d = static_cast<int>(p[0]);
  return to_value(B_at(e, p, d, 1));
}

Value thm1(const double* p) {
  checked("MIP.priv.thm1", p);
  return to_value(thm1_core<false>(p[0], p[1], p[2], p[3]));
}

Value sigma_for_C(const double* p) {
  checked("MIP.priv.sigma_for_C", p);
  const double d = p[1], L = p[2];
  const xd x = two_C_over_d(p[0], d, p[3]);
  if (x.e > 60)  // e^{x} beyond any exponent: ln sigma = ln L - (ln d + x)/2 (the rest below 2^-1e18 relative)
    // (x/2 formed from x's exponent: x itself may pass DBL_MAX where x/2 does not, ln -inf where it is -1.2e308)
    return value_from_log(std::log(L) - 0.5 * std::log(d) - std::ldexp(to_double(x.m), static_cast<int>(std::min<std::int64_t>(x.e - 1, 2000))));
  return to_value(sigma_for_C_core<false>(x, d, L));
}

Value thm3(const double* p) {
  checked("MIP.priv.thm3", p);
  return to_value(thm3_core<false>(p[0], p[1], p[2], p[3], p[4], p[5]));
}

// The closed forms of the IDs with batch paths, shared by the scalar functions and the vectorised kernels (the
// same operations, so the same bits): branch-free xd arithmetic, readings by selects.
namespace {
// B^2/(2 eta) + (eta/2) T (L^2 + d sigma^2) (MIP Thm 2)
PRIVOCO_DD_INLINE xd thm2_core(xd B, double eta, double T, double L, double sigma, double d) {
  const xd m = second_moment(d, L, sigma);
  return xd_scale2(B * B / xd_of(eta), -1) + xd_scale2(xd_of(eta) * xd_of(T) * m, -1);
}
// eta* = B/sqrt((L^2 + d sigma^2) T) (which = 0), the bound at eta*, B sqrt(...) (which = 1)
PRIVOCO_DD_INLINE xd eta_opt_core(xd B, double T, double L, double sigma, double d, double which) {
  const xd s = xd_sqrt(second_moment(d, L, sigma) * xd_of(T));
  return xd_select(which == 0, B / s, B * s);
}
// B^2/(2 eta) + (eta/2) T (d^2 (X + L)^2 + d sigma^2) + 3 T L delta (MIP Thm 4); X = F/eta printed (reading 0),
// F/delta corrected
PRIVOCO_DD_INLINE xd thm4_core(xd B, double eta, double delta, double T, double L, double sigma, double F, double d,
                               double reading) {
  const xd a = xd_of(F) / xd_of(reading == 0 ? eta : delta) + xd_of(L);
  const xd dd_ = xd_of(d);
  const xd inner = dd_ * dd_ * a * a + dd_ * xd_of(sigma) * xd_of(sigma);
  return xd_scale2(B * B / xd_of(eta), -1) + xd_scale2(xd_of(eta) * xd_of(T) * inner, -1) +
         xd_of(3.0) * xd_of(T) * xd_of(L) * xd_of(delta);
}
// MIP Thm 4: eta ~ T^{-3/4} (which = 0), delta ~ T^{-1/4}
PRIVOCO_DD_INLINE xd eta_delta_bandit_core(double eta0, double delta0, double T, double which) {
  const xd q = xd_of(1.0) / xd_sqrt(xd_sqrt(xd_of(T)));  // T^{-1/4}
  return xd_select(which == 0, xd_of(eta0) * q * q * q, xd_of(delta0) * q);
}
}  // namespace

Value thm2(const double* p) {
  const Entry& e = checked("MIP.bound.thm2", p);
  const int d = static_cast<int>(p[0]);
  check_T(e, p[2]);
  return to_value(thm2_core(B_at(e, p, d, 5), p[1], p[2], p[3], p[4], d));
}

Value eta_opt(const double* p) {
  const Entry& e = checked("MIP.const.eta_opt", p);
  const int d = static_cast<int>(p[0]);
  check_T(e, p[1]);
  return to_value(eta_opt_core(B_at(e, p, d, 4), p[1], p[2], p[3], d, p[6 + 2 * d]));
}

Value thm4(const double* p) {
  const Entry& e = checked("MIP.bound.thm4", p);
  const int d = static_cast<int>(p[0]);
  check_T(e, p[3]);
  return to_value(thm4_core(B_at(e, p, d, 7), p[1], p[2], p[3], p[4], p[5], p[6], d, p[9 + 2 * d]));
}

Value eta_delta_bandit(const double* p) {
  const Entry& e = checked("MIP.const.eta_delta_bandit", p);
  check_T(e, p[2]);
  return to_value(eta_delta_bandit_core(p[0], p[1], p[2], p[3]));
}

Value fixed_C_tradeoff(const double* p) {
  const Entry& e = checked("MIP.bound.fixed_C_tradeoff", p);
  const int d = static_cast<int>(p[0]);
  check_T(e, p[3]);
  return to_value(fixed_C_core<false>(B_at(e, p, d, 4), p[1], p[2], p[3], d, p[6 + 2 * d]));
}

}  // namespace privoco::fast::mip

// Batch paths: the inputs of a block's points into XdBlock columns (B over the coordinates column by column), then
// the cores above in vectorised loops.
namespace privoco::fast::mip {
namespace {
using numerics::XdBlock;

// B (B_value's operations, in its order for each point's shape and reading) for points [start, start + k) of the
// flat columns, S_shape at column sc, then c, h, B_reading: into xd input 0, the sum of squares (c_j^2 for a ball,
// a_j^2 for a box: the term selected per point) in xd input 1
struct BColumns {
  const double* const* cols;
  std::size_t start;
  int sc, d;
};
PRIVOCO_KERNEL_INLINE void B_columns_body(const BColumns& q, int k, XdBlock& b) {
  const std::size_t s0 = q.start;
  const double* __restrict shape = q.cols[q.sc] + s0;
  const double* __restrict reading = q.cols[q.sc + 1 + 2 * q.d] + s0;
  for (int i = 0; i < k; ++i) b.set_input(1, i, xd{});
  for (int j = 0; j < q.d; ++j) {
    const double* __restrict c = q.cols[q.sc + 1 + j] + s0;
    const double* __restrict h = q.cols[q.sc + 1 + q.d + j] + s0;
    for (int i = 0; i < k; ++i) {
      const xd a = xd_select(reading[i] == 1, xd_of(h[i]), xd_of(std::fabs(c[i])) + xd_of(h[i]));
      const xd x = xd_select(shape[i] == 0, xd_of(c[i]), a);
      b.set_input(1, i, b.input(1, i) + x * x);
    }
  }
  const double* __restrict h0 = q.cols[q.sc + 1 + q.d] + s0;
  for (int i = 0; i < k; ++i) {
    const bool twice = reading[i] == 1;
    const xd r = xd_sqrt(b.input(1, i));
    const xd ball = xd_select(twice, xd_scale2(xd_of(h0[i]), 1), r + xd_of(h0[i]));
    const xd box = xd_select(twice, xd_scale2(r, 1), r);
    b.set_input(0, i, xd_select(shape[i] == 0, ball, box));
  }
}
PRIVOCO_VARIANTS(isa, void, B_columns, (const BColumns& q, int k, XdBlock& b), (q, k, b))

// B into xd input 0 for points [start, start + k) (stopping before a ball whose h_j differ: the scalar function's
// error), then the columns `take` (in order) into in[0..)
template <int N>
int prepare_with_B(const double* const* cols, std::size_t start, int k, XdBlock& b, int shape_col, const int (&take)[N]) {
  const BColumns q{cols, start, shape_col, static_cast<int>(cols[0][start])};
  for (int j = 1; j < q.d; ++j) {
    const double* shape = cols[shape_col] + start;
    const double* h0 = cols[shape_col + 1 + q.d] + start;
    const double* h = cols[shape_col + 1 + q.d + j] + start;
    int bad = k;
    for (int i = 0; i < k; ++i) bad = (shape[i] == 0 && h[i] != h0[i] && i < bad) ? i : bad;
    k = bad;
  }
  B_columns(q, k, b);
  for (int c = 0; c < N; ++c) std::memcpy(b.in[c], cols[take[c]] + start, sizeof(double) * static_cast<std::size_t>(k));
  return k;
}

PRIVOCO_KERNEL_INLINE void B_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) b.set(i, b.input(0, i));
}
PRIVOCO_KERNEL_INLINE void thm2_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) b.set(i, thm2_core(b.input(0, i), b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], b.in[4][i]));
}
PRIVOCO_KERNEL_INLINE void eta_opt_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) b.set(i, eta_opt_core(b.input(0, i), b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], b.in[4][i]));
}
PRIVOCO_KERNEL_INLINE void thm4_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i)
    b.set(i, thm4_core(b.input(0, i), b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], b.in[4][i], b.in[5][i],
                       b.in[6][i], b.in[7][i]));
}
PRIVOCO_KERNEL_INLINE void eta_delta_bandit_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) b.set(i, eta_delta_bandit_core(b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i]));
}
PRIVOCO_KERNEL_INLINE void thm1_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) b.set(i, thm1_core<true>(b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i]));
}
PRIVOCO_KERNEL_INLINE void thm3_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i)
    b.set(i, thm3_core<true>(b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], b.in[4][i], b.in[5][i]));
}
PRIVOCO_KERNEL_INLINE void sigma_for_C_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) {
    const xd x = two_C_over_d(b.in[0][i], b.in[1][i], b.in[3][i]);
    b.scalar[i] = x.e > 50;  // (xd_expm1_select's range; the scalar function's logarithm beyond 2^60)
    b.set(i, sigma_for_C_core<true>(x, b.in[1][i], b.in[2][i]));
  }
}
PRIVOCO_KERNEL_INLINE void fixed_C_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i)
    b.set(i, fixed_C_core<true>(b.input(0, i), b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], b.in[4][i]));
}
PRIVOCO_VARIANTS(isa, void, thm1_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, thm3_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, sigma_for_C_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, fixed_C_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, B_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, thm2_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, eta_opt_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, thm4_kernel, (XdBlock& b, int k), (b, k))
PRIVOCO_VARIANTS(isa, void, eta_delta_bandit_kernel, (XdBlock& b, int k), (b, k))

// flat columns at one d (cols[0] = d): thm2 {d, eta, T, L, sigma, S_shape, c, h, B_reading}; eta_opt {d, T, L,
// sigma, S_shape, c, h, B_reading, which}; thm4 {d, eta, delta, T, L, sigma, F, S_shape, c, h, B_reading, X_reading};
// B {d, S_shape, c, h, B_reading}. In the kernels' input order.
int B_prepare(const double* const* c, std::size_t s, int k, XdBlock& b) {
  return prepare_with_B(c, s, k, b, 1, {0});
}
int thm2_prepare(const double* const* c, std::size_t s, int k, XdBlock& b) {
  return prepare_with_B(c, s, k, b, 5, {1, 2, 3, 4, 0});
}
int eta_opt_prepare(const double* const* c, std::size_t s, int k, XdBlock& b) {
  const int d = static_cast<int>(c[0][s]);
  return prepare_with_B(c, s, k, b, 4, {1, 2, 3, 0, 6 + 2 * d});
}
int thm4_prepare(const double* const* c, std::size_t s, int k, XdBlock& b) {
  const int d = static_cast<int>(c[0][s]);
  return prepare_with_B(c, s, k, b, 7, {1, 2, 3, 4, 5, 6, 0, 9 + 2 * d});
}
int fixed_C_prepare(const double* const* c, std::size_t s, int k, XdBlock& b) {
  const int d = static_cast<int>(c[0][s]);  // {d, C, L, T, S_shape, c, h, B_reading, log_base}
  return prepare_with_B(c, s, k, b, 4, {1, 2, 3, 0, 6 + 2 * d});
}
constexpr std::uint64_t bit(int i) { return std::uint64_t{1} << i; }
}  // namespace

void thm1_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("MIP.priv.thm1"), thm1, thm1_kernel, nullptr, bit(0)};
  numerics::xd_batch(how, cols, out, n);
}
void thm3_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("MIP.priv.thm3"), thm3, thm3_kernel, nullptr, bit(0)};
  numerics::xd_batch(how, cols, out, n);
}
void sigma_for_C_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("MIP.priv.sigma_for_C"), sigma_for_C, sigma_for_C_kernel, nullptr, bit(1)};
  numerics::xd_batch(how, cols, out, n);
}
void fixed_C_tradeoff_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("MIP.bound.fixed_C_tradeoff"), fixed_C_tradeoff, fixed_C_kernel,
                                     fixed_C_prepare, bit(0) | bit(3)};
  numerics::xd_batch(how, cols, out, n);
}
void B_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("MIP.const.B"), B, B_kernel, B_prepare, bit(0)};
  numerics::xd_batch(how, cols, out, n);
}
void thm2_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("MIP.bound.thm2"), thm2, thm2_kernel, thm2_prepare, bit(0) | bit(2)};
  numerics::xd_batch(how, cols, out, n);
}
void eta_opt_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("MIP.const.eta_opt"), eta_opt, eta_opt_kernel, eta_opt_prepare, bit(0) | bit(1)};
  numerics::xd_batch(how, cols, out, n);
}
void thm4_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("MIP.bound.thm4"), thm4, thm4_kernel, thm4_prepare, bit(0) | bit(3)};
  numerics::xd_batch(how, cols, out, n);
}
void eta_delta_bandit_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("MIP.const.eta_delta_bandit"), eta_delta_bandit, eta_delta_bandit_kernel,
                                     nullptr, bit(2)};
  numerics::xd_batch(how, cols, out, n);
}

}  // namespace privoco::fast::mip
