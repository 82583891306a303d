#include <cmath>
#include <string>

#include "../numerics/scaled.hpp"
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
Value over_eps2(dd k, double eps) { return to_value(over_eps2_xd(k, eps)); }
// ln(1/(1 - x)) for 0 <= x < 1 as log1p(x/(1 - x)) (no cancellation as x -> 0 or 1)
xd log_inv_one_minus(xd x) { return xd_log1p(x / (xd_of(1.0) - x)); }
dd to_dd(xd a) { return {std::ldexp(a.m.hi, static_cast<int>(a.e)), std::ldexp(a.m.lo, static_cast<int>(a.e))}; }
const dd kLn4Over3{0x1.269621134db92p-2, 0x1.e0efadd9db02bp-56};  // ln(4/3) in double-double
// E R^2, R ~ Gamma(d, 2/eps): d (d + 1) (2/eps)^2 (BANCO Sec 3's bound)
PRIVOCO_DD_INLINE xd second_moment_xd(double d, double eps) { return over_eps2_xd(dd{4 * d * (d + 1), 0}, eps); }
}  // namespace

Value second_moment(const double* p) {
  check_params(entry("BANCO.noise.second_moment"), p);
  return to_value(second_moment_xd(p[0], p[1]));
}

Value mgf(const double* p) {
  check_params(entry("BANCO.noise.mgf"), p);
  const double d = p[0], eps = p[1], beta = p[2];
  // M(beta) = (1 - (2 beta/eps)^2)^{-(d+1)/2}: the projection of an isotropic density ~ e^{-c ||z||} (c = eps/2) has
  // the mgf (1 - beta^2/c^2)^{-(d+1)/2} (its Fourier transform (1 + k^2/c^2)^{-(d+1)/2}, continued to real beta)
  const xd q = xd_of(2 * std::fabs(beta)) / xd_of(eps), x = q * q;
  if (!(to_double(x.m) * std::ldexp(1.0, static_cast<int>(std::min<std::int64_t>(x.e, 1000))) < 1))
    throw DomainError("BANCO.noise.mgf", "beta", text17(beta),
                      "(-eps/2, eps/2) = (-" + text17(eps) + "/2, " + text17(eps) + "/2): the mgf is infinite beyond");
  if (beta == 0) return numerics::plain(1.0);
  const dd E = to_dd(log_inv_one_minus(x)) * (0.5 * (d + 1));
  return numerics::finish(1, 1.0, E);
}

Value subexp_params(const double* p) {
  check_params(entry("BANCO.noise.subexp_params"), p);
  const double d = p[0], eps = p[1];
  const bool four_over_eps = p[2] == 0, printed = p[3] == 0;
  if (printed) return over_eps2(dd{18 * d * d, 0}, eps);  // BANCO Sec 3 quoting JO19 Lemma 7: 18 d^2/eps^2
  // the smallest sigma_1D^2 with M(beta) <= e^{beta^2 sigma^2/2} on |beta| <= 1/b: 2 ln M(beta)/beta^2 increases in
  // |beta|, so it is its value at 1/b, -(d+1) b^2 ln(1 - 4/(b^2 eps^2))
  if (four_over_eps) {  // b = 4/eps: 4/(b^2 eps^2) = 1/4, sigma^2 = 16 (d + 1) ln(4/3)/eps^2
    return over_eps2(kLn4Over3 * (16 * (d + 1)), eps);
  }
  // b = eps/4: 1/b = 4/eps must be below eps/2 (eps^4 > 64), sigma^2 = (d + 1) (eps^2/16) ln(1/(1 - 64/eps^4))
  const xd e2 = xd_of(eps) * xd_of(eps), y = xd_of(64.0) / (e2 * e2);
  if (!(to_double(y.m) * std::ldexp(1.0, static_cast<int>(std::min<std::int64_t>(y.e, 1000))) < 1))
    throw DomainError("BANCO.noise.subexp_params", "eps", text17(eps),
                      "(2 sqrt 2, inf) with b_reading=eps_over_four: below it 1/b = 4/eps >= eps/2, where M is infinite, "
                      "and no sigma_1D^2 satisfies eq (2)");
  return to_value(xd_of(d + 1) * e2 / xd_of(16.0) * log_inv_one_minus(y));
}

// second_moment's batch path: its closed form in a vectorised loop (fast/numerics/xd_batch.hpp), the same bits
namespace {
using numerics::XdBlock;
PRIVOCO_KERNEL_INLINE void second_moment_kernel_body(XdBlock& b, int k) {
  for (int i = 0; i < k; ++i) b.set(i, second_moment_xd(b.in[0][i], b.in[1][i]));
}
PRIVOCO_VARIANTS(flt, void, second_moment_kernel, (XdBlock& b, int k), (b, k))
}  // namespace

void second_moment_batch(const double* const* cols, Value* out, std::size_t n) {
  static const numerics::XdBatch how{&entry("BANCO.noise.second_moment"), second_moment, second_moment_kernel};
  numerics::xd_batch(how, cols, out, n);
}

}  // namespace privoco::fast::banco
