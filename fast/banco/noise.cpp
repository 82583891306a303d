#include <cmath>
#include <string>

#include "../numerics/vec_math.hpp"
#include "../numerics/xd_batch.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/banco/magnitude.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/xd.hpp"
#include "privoco/format.hpp"

namespace privoco::fast::banco {

namespace {
// k/eps^2 for an exact k (< 2^53): eps^2 with its own exponent (it may leave the double range), rounded once
PRIVOCO_DD_INLINE xd over_eps2_xd(dd k, double eps) { return xd_of(k) / (xd_of(eps) * xd_of(eps)); }
// ln(1/(1 - x)) for 0 <= x < 1 as log1p(x/(1 - x)) (no cancellation as x -> 0 or 1)
template <bool kSelect>
PRIVOCO_DD_INLINE xd log_inv_one_minus(xd x) {
  const xd y = x / (xd_of(1.0) - x);
  return kSelect ? xd_log1p_select(y) : xd_log1p(y);
}
constexpr dd kLn4Over3{0x1.269621134db92p-2, 0x1.e0efadd9db02bp-56};  // ln(4/3) in double-double
// E R^2, R ~ Gamma(d, 2/eps): d (d + 1) (2/eps)^2 (BANCO Sec 3's bound)
PRIVOCO_DD_INLINE xd second_moment_xd(double d, double eps) { return over_eps2_xd(dd{4 * d * (d + 1), 0}, eps); }
}  // namespace

Value second_moment(const double* p) {
  check_params(entry("BANCO.noise.second_moment"), p);
  return to_value(second_moment_xd(p[0], p[1]));
}

namespace {
// M(beta) = (1 - (2 beta/eps)^2)^{-(d+1)/2}: the projection of an isotropic density ~ e^{-c ||z||} (c = eps/2) has the
// mgf (1 - beta^2/c^2)^{-(d+1)/2} (its Fourier transform (1 + k^2/c^2)^{-(d+1)/2}, continued to real beta), as
// e^E, E = (d + 1)/2 ln(1/(1 - x)), x = (2 beta/eps)^2, all with the exponent kept apart, one rounding. in_domain:
// x < 1 (beyond, the mgf is infinite: the caller's error). kSelect: the branch-free forms (the batch kernel).
template <bool kSelect>
PRIVOCO_DD_INLINE xd mgf_xd(double d, double eps, double beta, bool& in_domain) {
  const xd q = xd_of(2 * std::fabs(beta)) / xd_of(eps), x = q * q;
  in_domain = xd_to_double_clamped(x) < 1;
  const xd y = x / (xd_of(1.0) - x), l = kSelect ? xd_log1p_select(y) : xd_log1p(y);
  const xd E = l * xd_of(0.5 * (d + 1));  // below 2^27 (1 - x >= 2^-107, d <= 2^20): exp_small's range
  return xd_detail::exp_small(xd_detail::unscaled(E, -1000, 50));
}
}  // namespace

Value mgf(const double* p) {
  check_params(entry("BANCO.noise.mgf"), p);
  const double eps = p[1], beta = p[2];
  bool in_domain = false;
  const xd m = mgf_xd<false>(p[0], eps, beta, in_domain);
  if (!in_domain)
    throw DomainError("BANCO.noise.mgf", "beta", text17(beta),
                      "(-eps/2, eps/2) = (-" + text17(eps) + "/2, " + text17(eps) + "/2): the mgf is infinite beyond");
  return to_value(m);
}

namespace {
// sigma_1D^2 {d, eps, b_reading, sigma1d2_mode} (0, 0: four_over_eps, printed). in_domain: eps^4 > 64 where b = eps/4
// (beyond, M is infinite at 1/b: the caller's error). kSelect: every reading formed, then selected (the kernel).
template <bool kSelect>
PRIVOCO_DD_INLINE xd subexp_xd(double d, double eps, double b_reading, double mode, bool& in_domain) {
  const bool four_over_eps = b_reading == 0, printed = mode == 0;
  // BANCO Sec 3 quoting JO19 Lemma 7: 18 d^2/eps^2
  const xd pr = over_eps2_xd(dd{18 * d * d, 0}, eps);
  // the smallest sigma_1D^2 with M(beta) <= e^{beta^2 sigma^2/2} on |beta| <= 1/b: 2 ln M(beta)/beta^2 increases in
  // |beta|, so it is its value at 1/b, -(d+1) b^2 ln(1 - 4/(b^2 eps^2)); b = 4/eps: 4/(b^2 eps^2) = 1/4, sigma^2 =
  // 16 (d + 1) ln(4/3)/eps^2
  const xd four = over_eps2_xd(kLn4Over3 * (16 * (d + 1)), eps);
  // b = eps/4: 1/b = 4/eps must be below eps/2 (eps^4 > 64), sigma^2 = (d + 1) (eps^2/16) ln(1/(1 - 64/eps^4))
  const xd e2 = xd_of(eps) * xd_of(eps), y = xd_of(64.0) / (e2 * e2);
  const double yv = xd_to_double_clamped(y);
  in_domain = printed | four_over_eps | (yv < 1);
  if constexpr (!kSelect) {
    if (printed) return pr;
    if (four_over_eps) return four;
    if (!in_domain) return pr;  // (unused: the caller's error)
  }
  const xd quarter = xd_of(d + 1) * e2 / xd_of(16.0) * log_inv_one_minus<kSelect>(y);
  return xd_select(printed, pr, xd_select(four_over_eps, four, quarter));
}
}  // namespace

Value subexp_params(const double* p) {
  check_params(entry("BANCO.noise.subexp_params"), p);
  bool in_domain = false;
  const xd v = subexp_xd<false>(p[0], p[1], p[2], p[3], in_domain);
  if (!in_domain)
    throw DomainError("BANCO.noise.subexp_params", "eps", text17(p[1]),
                      "(2 sqrt 2, inf) with b_reading=eps_over_four: below it 1/b = 4/eps >= eps/2, where M is infinite, "
                      "and no sigma_1D^2 satisfies eq (2)");
  return to_value(v);
}

// second_moment's and mgf's batch paths: their closed forms in vectorised loops (fast/numerics/xd_batch.hpp), the same bits
namespace {
using numerics::XdBlock;
PRIVOCO_KERNEL_INLINE void second_moment_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) b.set(i, second_moment_xd(b.in[0][i], b.in[1][i]));
}
PRIVOCO_VARIANTS(isa, void, second_moment_kernel, (XdBlock& b, int k), (b, k))
// mgf {d, eps, beta}: |beta| >= eps/2 to the scalar function (its domain error)
PRIVOCO_KERNEL_INLINE void mgf_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) {
    bool in_domain;
    b.set(i, mgf_xd<true>(b.in[0][i], b.in[1][i], b.in[2][i], in_domain));
    b.scalar[i] = !in_domain;
  }
}
PRIVOCO_VARIANTS(isa, void, mgf_kernel, (XdBlock& b, int k), (b, k))
// subexp_params {d, eps, b_reading, sigma1d2_mode}: eps^4 <= 64 with b = eps/4 to the scalar function (its error)
PRIVOCO_KERNEL_INLINE void subexp_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) {
    bool in_domain;
    b.set(i, subexp_xd<true>(b.in[0][i], b.in[1][i], b.in[2][i], b.in[3][i], in_domain));
    b.scalar[i] = !in_domain;
  }
}
PRIVOCO_VARIANTS(isa, void, subexp_kernel, (XdBlock& b, int k), (b, k))
}  // namespace

void second_moment_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("BANCO.noise.second_moment"), second_moment, second_moment_kernel};
  numerics::xd_batch(how, cols, out, n);
}
void mgf_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("BANCO.noise.mgf"), mgf, mgf_kernel};
  numerics::xd_batch(how, cols, out, n);
}
void subexp_params_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("BANCO.noise.subexp_params"), subexp_params, subexp_kernel};
  numerics::xd_batch(how, cols, out, n);
}

}  // namespace privoco::fast::banco
