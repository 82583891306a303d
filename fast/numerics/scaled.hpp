// Internal to fast/vdh: positive magnitudes m 2^e2 e^E with a double-double exponent, and their conversion to
// a Value (overflow/underflow status with ln|value|). Shared by the priors' implementations.
#pragma once
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/value.hpp"

namespace privoco::fast::numerics {


// A positive magnitude m 2^e2 e^E: products of factors that may each under- or overflow stay exact
// (frexp/ldexp are exact), and the exponent E stays in double-double.
// frexp for normal doubles by bit manipulation (libm's frexp is an out-of-line call); others go to std::frexp.
inline double frexp_fast(double x, int* e) {
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  const int be = static_cast<int>((u >> 52) & 0x7ff);
  if (be == 0 || be == 0x7ff) return std::frexp(x, e);
  *e = be - 1022;
  u = (u & ~(0x7ffull << 52)) | (0x3feull << 52);
  std::memcpy(&x, &u, sizeof u);
  return x;
}

struct Scaled {
  double m = 1;
  long e2 = 0;
  dd E{};
  void renorm() {
    int e;
    m = frexp_fast(m, &e);
    e2 += e;
  }
  Scaled& operator*=(double x) {
    int e;
    m *= frexp_fast(x, &e);
    e2 += e;
    renorm();
    return *this;
  }
  Scaled& operator/=(double x) {
    int e;
    m /= frexp_fast(x, &e);
    e2 -= e;
    renorm();
    return *this;
  }
};

// ln(m 2^e2 e^E) = E + e2 ln 2 + ln m in double-double: E and e2 ln 2 may nearly cancel (a chi-square tail at d =
// 2^20: e^{-630401} times a sum near 2^896000; their sum in double lost 3.6e-11 of ln = -9484, 17 ulp of ln).
inline double log_of(const Scaled& s) {
  return to_double(s.E + dd{kLn2Hi, kLn2Lo} * static_cast<double>(s.e2) + dd{std::log(s.m), 0});
}

// sign * s as a Value. E = k ln2 + r, so the result is m e^r 2^(k + e2): nothing overflows on the way.
inline Value finish(int sign, const Scaled& s) {
  Value out;
  out.sign = sign;
  if (sign == 0 || s.m == 0) {
    out.value = 0;
    out.sign = 0;
    return out;
  }
  const double approx = static_cast<double>(s.e2) * kLn2Hi + s.E.hi;  // ln|value| within 0.7
  if (approx > 711.5 || approx < -746.5) {  // far outside the double range (incl. subnormals)
    out.log_abs_out = log_of(s);
    out.status = approx > 0 ? Status::overflow : Status::underflow;
    const double v = approx > 0 ? std::numeric_limits<double>::infinity() : 0.0;
    out.value = sign < 0 ? -v : v;
    return out;
  }
  double v;
  if (s.E.hi == 0 && s.E.lo == 0) {
    v = std::ldexp(s.m, static_cast<int>(s.e2));
  } else {
    double k = std::nearbyint(s.E.hi / kLn2Hi);
    dd r = s.E - dd{kLn2Hi, kLn2Lo} * k;
    double er = std::exp(r.hi);
    v = s.m * std::fma(er, r.lo, er);
    v = std::ldexp(v, static_cast<int>(k + static_cast<double>(s.e2)));
  }
  if (std::isinf(v) || std::fabs(v) < DBL_MIN) {
    out.status = std::isinf(v) ? Status::overflow : Status::underflow;
    out.log_abs_out = log_of(s);
  }
  out.value = sign < 0 ? -v : v;
  return out;
}

inline Value finish(int sign, double m, dd E) {
  Scaled s;
  s.m = m;
  s.E = E;
  s.renorm();
  return finish(sign, s);
}


// v 2^k (exact) times f > 0 (one rounding), out of the double range with status and ln|value| as finish gives them
inline Value rescale(const Value& v, long k, double f = 1) {
  if (v.sign == 0 || (v.status == Status::ok && v.value == 0)) return v;
  Scaled s;
  if (v.status == Status::ok) {
    s.m = std::fabs(v.value);
    s.renorm();
  } else {
    if (!std::isfinite(v.log_abs_out)) return v;
    s.E = dd{v.log_abs_out, 0};
  }
  s.e2 += k;
  s *= f;
  return finish(v.sign, s);
}

// |value| beyond any double with ln|value| not computed either (inputs so extreme that C, lambda or mu overflow).
inline Value overflow(int sign) {
  Value out;
  out.status = Status::overflow;
  out.sign = sign;
  out.value = sign * std::numeric_limits<double>::infinity();
  out.log_abs_out = std::numeric_limits<double>::infinity();
  return out;
}

// C = 1/(5G) in double-double with one division: c + c (1 - c 5G) (VDH eq (6): the prior lives on [-C, C]).
inline dd scale_C(double G) {
  const dd g5 = two_prod(5.0, G);
  const double c = 1.0 / g5.hi;
  return quick_two_sum(c, c * (std::fma(-c, g5.hi, 1.0) - c * g5.lo));
}

// Priors whose w is linear and E quadratic in lambda near 0 (improper, CV): below kTinyLambda they are evaluated at
// L 2^k with lambda 2^k ~ 1e-70 (still far inside that regime: the next terms are 1e-140 relative) and scaled back
// exactly by scaled_down; their quadratures and ratios broke down for tiny lambda (NaN at L = 1e-300, G = 4.6e13,
// and at lambda = 2.5e-223, mu = 5.8e112). lambda = 0 after underflow: 2^600, then again.
inline constexpr double kTinyLambda = 1e-100;
inline int tiny_scale_bits(double lambda) {
  return lambda > 0 ? static_cast<int>(std::ceil(std::log2(1e-70 / lambda))) : 600;
}

// v 2^-bits as a Value: exact unless it leaves the normal range (status underflow, ln|value| from v's).
inline Value scaled_down(const Value& v, int bits) {
  if (v.sign == 0) return v;
  Value out;
  out.sign = v.sign;
  out.value = std::ldexp(v.value, -bits);
  if (std::fabs(out.value) < DBL_MIN) {
    out.status = Status::underflow;
    out.log_abs_out = v.log_abs() - bits * kLn2Hi;
  }
  return out;
}

inline Value plain(double x) {
  Value out;
  out.value = x;
  out.sign = x > 0 ? 1 : (x < 0 ? -1 : 0);
  if (x != 0 && std::fabs(x) < DBL_MIN) {
    out.status = Status::underflow;
    out.log_abs_out = std::log(std::fabs(x));
  }
  return out;
}

// The small-C limits of the VDH priors (C = 1/(5G) far below 1/|L| and 1/sqrt V): whether lambda = C|L| < 1e-100 and
// C^2 V < 1e-200 (decided in logarithms: C, lambda may be subnormal or C 0 in double), and x C^2 / div as a Value for
// x = L (c2_times_L) or x = L^2/2 - V (c2_times_half_l2_minus_v; false where L^2/2 = V exactly). C = 2^-k C' with G 2^-k
// below 2^1000 (5G finite); L^2/2 - V in double-double, scaled by 2^-600 or 2^1000 near the ends of the range;
// C^2 applied factor by factor (it may underflow): exact powers of two, no logarithm (an in-range value keeps its bits)
inline bool small_C(double L, double V, double G) {
  const double lnC = -std::log(5.0) - std::log(G);
  return (L == 0 || std::log(std::fabs(L)) + lnC < -230) && (V == 0 || std::log(V) + 2 * lnC < -460);
}
inline Value c2_scaled(int sign, double m, double rel, long e2, double G, double div) {
  const int k = G > 0x1p1000 ? std::ilogb(G) - 998 : 0;
  const dd C = scale_C(std::ldexp(G, -k));
  Scaled s;
  s.m = m;
  s.e2 = e2 - 2L * k;
  s.renorm();  // before the factors: a subnormal m (L = 4.9e-324) divided by div came out 0
  s.m *= 1 + rel + 2 * C.lo / C.hi;
  s /= div;
  s *= C.hi;
  s *= C.hi;
  return finish(sign, s);
}
inline Value c2_times_L(double L, double G) { return c2_scaled(L > 0 ? 1 : -1, std::fabs(L), 0, 0, G, 1); }
// L^2/2 - V = 2^e2 D, D in double-double: scaled by 2^-600 near the top of the range, by 2^1000 or more near the
// bottom (L^2 underflowed, and a subnormal V divided by 3 kept 14 bits: ln F off by 6e-5 at L = 4e-237, V = 8e-320)
inline dd half_l2_minus_v(double L, double V, int* e2) {
  const double aL = std::fabs(L);
  const bool big = aL > 0x1p500 || V > 0x1p1000, tiny = !big && aL < 0x1p-450 && V < 0x1p-900;
  // tiny: by 2^2k, k >= 500 and large enough that (L 2^k)^2 is normal (a subnormal L's square still underflowed at
  // 2^1000: 3e13 ulp at L = -1.1e-311), small enough that V 2^2k stays below 2^1000
  int k = 500;
  if (tiny && aL > 0) k = std::max(k, -250 - std::ilogb(aL));
  if (tiny && V > 0) k = std::min(k, (1000 - std::ilogb(V)) / 2);
  *e2 = big ? 600 : (tiny ? -2 * k : 0);
  const double Ls = std::ldexp(aL, -*e2 / 2), Vs = std::ldexp(V, -*e2);
  return two_prod(Ls, Ls) * 0.5 - dd{Vs, 0};
}
inline bool c2_times_half_l2_minus_v(double L, double V, double G, double div, Value* out) {
  int e2;
  const dd D = half_l2_minus_v(L, V, &e2);
  if (D.hi == 0) return false;
  *out = c2_scaled(D.hi > 0 ? 1 : -1, std::fabs(D.hi), D.lo / D.hi, e2, G, div);
  return true;
}
// (L^2/2 - V) f/b without C (false where L^2/2 = V exactly)
inline bool half_l2_minus_v_times(double L, double V, double f, double b, Value* out) {
  int e2;
  const dd D = half_l2_minus_v(L, V, &e2);
  if (D.hi == 0) return false;
  Scaled s;
  s.m = std::fabs(D.hi) * (1 + D.lo / D.hi);
  s.e2 = e2;
  s.renorm();
  s *= f;
  s /= b;
  *out = finish(D.hi > 0 ? 1 : -1, s);
  return true;
}

}  // namespace privoco::fast::numerics
