// Minimal double-double arithmetic (error-free transforms with fma) for exponent arguments: an exponent
// near 700 rounded to a double already carries ~700 * 2^-53 relative error into exp().
#pragma once
#include <cmath>

namespace privoco::fast {

struct dd {
  double hi = 0, lo = 0;
};

inline dd two_sum(double a, double b) {
  double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
inline dd quick_two_sum(double a, double b) {
  double s = a + b;
  return {s, b - (s - a)};
}
inline dd two_prod(double a, double b) {
  double p = a * b;
  return {p, std::fma(a, b, -p)};
}
inline dd operator+(dd a, dd b) {
  dd s = two_sum(a.hi, b.hi);
  s.lo += a.lo + b.lo;
  return quick_two_sum(s.hi, s.lo);
}
inline dd operator-(dd a) { return {-a.hi, -a.lo}; }
inline dd operator-(dd a, dd b) { return a + (-b); }
inline dd operator*(dd a, dd b) {
  dd p = two_prod(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return quick_two_sum(p.hi, p.lo);
}
inline dd operator*(dd a, double b) {
  dd p = two_prod(a.hi, b);
  p.lo += a.lo * b;
  return quick_two_sum(p.hi, p.lo);
}
inline dd operator/(dd a, dd b) {
  double q1 = a.hi / b.hi;
  dd r = a - b * q1;
  double q2 = r.hi / b.hi;
  r = r - b * q2;
  double q3 = r.hi / b.hi;
  dd q = quick_two_sum(q1, q2);
  return q + dd{q3, 0};
}
inline dd operator/(double a, dd b) { return dd{a, 0} / b; }
inline double to_double(dd a) { return a.hi + a.lo; }

// ln(x) for x > 0 to about 2^-100 relative: x = 2^k m, m in [1/sqrt2, sqrt2), ln x = k ln2 + 2 atanh(t),
// t = (m-1)/(m+1), |t| < 0.172, atanh by its series (21 terms). For the rare branches where a logarithm of
// size ~1 cancels against another quantity and double precision would lose the result.
inline dd log_dd(dd x) {
  int k;
  double m = std::frexp(x.hi, &k);
  if (m < 0.70710678118654752) m *= 2, --k;
  dd xm{std::ldexp(x.hi, -k), std::ldexp(x.lo, -k)};  // exact scaling by a power of two (2^-k itself overflows for
                                                      // subnormal x: k down to -1074)
  dd t = (xm - dd{1, 0}) / (xm + dd{1, 0});
  dd t2 = t * t, sum{0, 0};
  for (int n = 41; n >= 1; n -= 2) sum = sum * t2 + dd{1, 0} / dd{static_cast<double>(n), 0};
  const dd ln2{0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56};
  return ln2 * static_cast<double>(k) + (t * sum) * 2.0;
}

}  // namespace privoco::fast
