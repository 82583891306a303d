#include "privoco/fast/mip/bounds.hpp"

#include <cmath>
#include <string>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/value_ops.hpp"
#include "privoco/fast/numerics/xd.hpp"
#include "privoco/format.hpp"

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

xd nats(double C, double log_base) { return log_base == 1 ? xd_of(C) * xd_of(kLn2dd) : xd_of(C); }
Value in_base(xd nats_value, double log_base) {
  return to_value(log_base == 1 ? nats_value * xd_of(kLog2e) : nats_value);
}

// MIP Thm 2, Thm 4 (M1): sup_S ||w|| or diam S of the ball (c, h_1) or the box c +- h
xd B_of(const Entry& e, int d, const double* c, const double* h, double shape, double reading) {
  xd s;
  if (shape == 0) {
    for (int j = 1; j < d; ++j)
      if (h[j] != h[0])
        throw DomainError(e.id, "h_" + std::to_string(j + 1), text17(h[j]),
                          "h_1 = " + text17(h[0]) + " (S_shape = ball: every h_j is the radius)");
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

// B of a flat point whose S_shape is p[k], followed by c, h and B_reading
xd B_at(const Entry& e, const double* p, int d, int k) { return B_of(e, d, p + k + 1, p + k + 1 + d, p[k], p[k + 1 + 2 * d]); }

// L^2 + d sigma^2, the second moment of a noisy subgradient z + v with ||z|| = L (MIP Thm 2)
xd second_moment(double d, double L, double sigma) {
  return xd_of(L) * xd_of(L) + xd_of(d) * xd_of(sigma) * xd_of(sigma);
}

// (d/2) ln(1 + q) (nats): the Gaussian channel's capacity at q per coordinate (MIP Thm 1, Thm 3)
xd capacity(double d, xd q) { return xd_of(0.5 * d) * xd_log1p(q); }
}  // namespace

Value B(const double* p) {
  const Entry& e = checked("MIP.const.B", p);
  const int d = static_cast<int>(p[0]);
  return to_value(B_at(e, p, d, 1));
}

Value thm1(const double* p) {
  checked("MIP.priv.thm1", p);
  const double d = p[0];
  const xd r = xd_of(p[1]) / xd_of(p[2]);
  return in_base(capacity(d, r * r / xd_of(d)), p[3]);  // (d/2) log(1 + L^2/(d sigma^2)) (MIP Thm 1)
}

Value sigma_for_C(const double* p) {
  checked("MIP.priv.sigma_for_C", p);
  const double d = p[1], L = p[2];
  const xd x = xd_scale2(nats(p[0], p[3]), 1) / xd_of(d);  // 2C'/d
  if (x.e > 60)  // e^{x} beyond any exponent: ln sigma = ln L - (ln d + x)/2 (the rest below 2^-1e18 relative)
    // (x/2 formed from x's exponent: x itself may pass DBL_MAX where x/2 does not, ln -inf where it is -1.2e308)
    return value_from_log(std::log(L) - 0.5 * std::log(d) - std::ldexp(to_double(x.m), static_cast<int>(std::min<std::int64_t>(x.e - 1, 2000))));
  // sigma = L/sqrt(d expm1(2C'/d)): Thm 1 solved for sigma
  return to_value(xd_of(L) / xd_sqrt(xd_of(d) * xd_expm1(x)));
}

Value thm3(const double* p) {
  checked("MIP.priv.thm3", p);
  const double d = p[0];
  const xd a = (xd_of(p[1]) / xd_of(p[2]) + xd_of(p[3])) / xd_of(p[4]);  // (F/delta + L)/sigma
  return in_base(capacity(d, xd_of(d) * a * a), p[5]);  // (d/2) log(1 + d (F/delta + L)^2/sigma^2) (MIP Thm 3)
}

Value thm2(const double* p) {
  const Entry& e = checked("MIP.bound.thm2", p);
  const int d = static_cast<int>(p[0]);
  const double eta = p[1], T = p[2], L = p[3], sigma = p[4];
  check_T(e, T);
  const xd B = B_at(e, p, d, 5);
  const xd m = second_moment(static_cast<double>(d), L, sigma);
  // B^2/(2 eta) + (eta/2) T (L^2 + d sigma^2) (MIP Thm 2)
  return to_value(xd_scale2(B * B / xd_of(eta), -1) + xd_scale2(xd_of(eta) * xd_of(T) * m, -1));
}

Value eta_opt(const double* p) {
  const Entry& e = checked("MIP.const.eta_opt", p);
  const int d = static_cast<int>(p[0]);
  const double T = p[1], L = p[2], sigma = p[3];
  check_T(e, T);
  const xd B = B_at(e, p, d, 4);
  const xd m = second_moment(static_cast<double>(d), L, sigma);
  const xd s = xd_sqrt(m * xd_of(T));
  return to_value(p[6 + 2 * d] == 0 ? B / s : B * s);  // eta* = B/sqrt((L^2 + d sigma^2) T), the bound B sqrt(...)
}

Value thm4(const double* p) {
  const Entry& e = checked("MIP.bound.thm4", p);
  const int d = static_cast<int>(p[0]);
  const double eta = p[1], delta = p[2], T = p[3], L = p[4], sigma = p[5], F = p[6];
  check_T(e, T);
  const xd B = B_at(e, p, d, 7);
  const xd a = xd_of(F) / xd_of(p[9 + 2 * d] == 0 ? eta : delta) + xd_of(L);  // F/eta printed, F/delta corrected
  const xd dd_ = xd_of(static_cast<double>(d));
  const xd inner = dd_ * dd_ * a * a + dd_ * xd_of(sigma) * xd_of(sigma);
  // B^2/(2 eta) + (eta/2) T (d^2 (X + L)^2 + d sigma^2) + 3 T L delta (MIP Thm 4)
  return to_value(xd_scale2(B * B / xd_of(eta), -1) + xd_scale2(xd_of(eta) * xd_of(T) * inner, -1) +
                  xd_of(3.0) * xd_of(T) * xd_of(L) * xd_of(delta));
}

Value eta_delta_bandit(const double* p) {
  const Entry& e = checked("MIP.const.eta_delta_bandit", p);
  check_T(e, p[2]);
  const xd q = xd_of(1.0) / xd_sqrt(xd_sqrt(xd_of(p[2])));  // T^{-1/4}
  return to_value(p[3] == 0 ? xd_of(p[0]) * q * q * q : xd_of(p[1]) * q);  // MIP Thm 4: eta ~ T^{-3/4}, delta ~ T^{-1/4}
}

Value fixed_C_tradeoff(const double* p) {
  const Entry& e = checked("MIP.bound.fixed_C_tradeoff", p);
  const int d = static_cast<int>(p[0]);
  const double C = p[1], L = p[2], T = p[3];
  check_T(e, T);
  const xd B = B_at(e, p, d, 4);
  const xd x = xd_scale2(nats(C, p[6 + 2 * d]), 1) / xd_of(static_cast<double>(d));  // 2C'/d
  // Thm 2 at eta* and sigma(C): L^2 + d sigma^2 = L^2/(1 - e^{-2C'/d})
  return to_value(B * xd_of(L) * xd_sqrt(xd_of(T) / xd_neg_expm1_neg(x)));
}

}  // namespace privoco::fast::mip
