// VDH regret bounds in double, in log space where the terms could leave the double range.
#include "bounds.hpp"

#include <algorithm>
#include <cmath>

#include "privoco/catalogue.hpp"

namespace privoco::fast::vdh {

Value bound_thm1(double u, double V, double b, double G) {
  static const Entry& e = entry("VDH.bound.thm1");
  const double x[4] = {u, V, b, G};
  check_params(e, x);
  Value out;
  out.sign = 1;
  if (u == 0) {  // |u| max{...} -> 0
    out.value = 1;
    return out;
  }
  static const double kLnSqrt5PiOver4 = 0.5 * std::log(5 * M_PI) - 2 * std::log(2.0);  // ln(sqrt(5 pi)/4)
  constexpr double kLnSqrtPi = 0.57236494292470008707;     // ln(sqrt(pi))
  const double au = std::fabs(u), B = b + V;
  const double lnB = std::log(B), lnb = std::log(b), lnau = std::log(au);
  // t1 = 11G (ln(11G|u|) - 1 + ln(sqrt5 G sqrt(pi)/(4 sqrt b)))                VDH Thm 1 first term = (3.7.2)
  const double t1 = 11 * G * ((std::log(11 * G) + lnau) - 1 + (kLnSqrt5PiOver4 + std::log(G) - 0.5 * lnb));
  // t2 = sqrt(8 B ln(1 + 16 u^2 B^{3/2} sqrt(pi)/sqrt(b)))                       VDH Thm 1 second term
  const double ln_arg = std::log(16.0) + 2 * lnau + 1.5 * lnB + kLnSqrtPi - 0.5 * lnb;  // ln of the log's argument
  const double l = ln_arg < 700 ? std::log1p(std::exp(ln_arg)) : ln_arg + std::log1p(std::exp(-ln_arg));
  // ln t2 = (ln 8 + ln B + ln l)/2, kept in logs: B up to DBL_MAX makes 8 B l overflow
  const double ln_t2 = 0.5 * (std::log(8.0) + lnB + std::log(l));
  const double ln_t1 = t1 > 0 ? std::log(t1) : -INFINITY;
  const double ln_m = std::max(ln_t1, ln_t2);  // t2 > 0 always, so max{t1, t2} > 0
  const double ln_um = lnau + ln_m;            // ln(|u| max{...})
  if (ln_um > 709.7) {
    out.value = INFINITY;
    out.status = Status::overflow;
    out.log_abs_out = ln_um + std::log1p(std::exp(-ln_um));
    return out;
  }
  // within range: the direct products (exp of a logarithm near 10 would cost ~10 ulp)
  const double arg = 16 * au * au * B * std::sqrt(B) * (1.7724538509055160273 / std::sqrt(b));
  const double t2 = std::isfinite(arg) && std::isfinite(8 * B * std::log1p(arg)) ? std::sqrt(8 * B * std::log1p(arg))
                                                                               : std::exp(ln_t2);
  const double m = ln_t1 > ln_t2 ? t1 : t2;
  out.value = 1 + au * m;
  return out;
}

}  // namespace privoco::fast::vdh
