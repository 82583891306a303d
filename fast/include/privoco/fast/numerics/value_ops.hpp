// Shared by the papers' fast bounds: integer parameters, and products and sums of factors that may leave the double range
// (the value as a double where it is one, else status and ln|value|, privoco/fast/value.hpp).
#pragma once
#include <cmath>
#include <initializer_list>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/xd.hpp"
#include "privoco/fast/value.hpp"
#include "privoco/format.hpp"

namespace privoco::fast {

inline void check_integer(const Entry& e, const char* name, double x) {
  if (x != std::floor(x))
    throw DomainError(e.id, name, text17(x), "integers in " + e.params[e.index_of(name)].domain.text());
}

// A nonzero factor of a product: its double (possibly inf or 0 where it leaves the range) and ln|factor| (exact to
// rounding whatever the range), or the factor as an xd. ln is taken only where the double does not carry the factor
// (NaN until then: the logarithms taken for every factor were a fifth of a bound's time).
struct Factor {
  double v, ln = NAN;
  xd w;               // the factor itself where it is known beyond the double range
  bool has_xd = false;
  Factor(double x) : v(x) {}  // NOLINT: a double is a factor
  Factor(double x, double log_abs) : v(x), ln(log_abs) {}
  Factor(const xd& x) : v(0), w(x), has_xd(true) {}  // NOLINT
  double log_abs() const { return std::isnan(ln) ? std::log(std::fabs(v)) : ln; }
};

// ln(e^a + e^b), without overflow
inline double log_add(double a, double b) { return std::fmax(a, b) + std::log1p(std::exp(-std::fabs(a - b))); }

// The arithmetic of product_of below for factors that are normal doubles (or xd with a nonzero mantissa): the
// running product as a mantissa m in [1/2, 1) and a binary exponent, one rounding per factor (m times or over the
// factor's mantissa), the mantissas and exponents from the bits (frexp's, without a call). Branch-free, so a loop over
// points that uses it vectorises; ok turns false where product_of takes another route (a factor 0, subnormal, inf or
// NaN, or the product outside the normal range), and the result is then to be ignored.
struct ProductLane {
  double m = 1, sign = 1;
  std::int64_t e = 0;
  bool ok = true;
  PRIVOCO_DD_INLINE void renorm() {  // m = m' 2^k, m' in [1/2, 1): exact (m normal here, or garbage already not ok)
    const std::int64_t k = biased_exponent(m) - 1022;
    m = scale2_bits(m, -k);
    e += k;
  }
  PRIVOCO_DD_INLINE void take(double f, bool divide) {
    const double a = std::fabs(f);
    ok &= (a >= 0x1p-1022) & (a <= 1.7976931348623157e308);
    const std::int64_t k = biased_exponent(a) - 1022;
    const double fm = scale2_bits(a, -k);
    sign = f < 0 ? -sign : sign;
    m = divide ? m / fm : m * fm;
    e += divide ? -k : k;
    renorm();
  }
  PRIVOCO_DD_INLINE void take(const xd& f, bool divide) {  // f's mantissa rounded to a double, in [1/2, 1]
    ok &= f.m.hi != 0;
    take_nonzero(f, divide);
  }
  // a factor that cannot be 0 (a sum of positive terms): no test (in a kernel, the test of a sum with a constant
  // term, 1 + 2R/alpha, became a select of flags through xd's sum, which kept GCC from vectorising the loop)
  PRIVOCO_DD_INLINE void take_nonzero(const xd& f, bool divide) {
    const double fm = std::fabs(to_double(f.m));
    sign = f.m.hi < 0 ? -sign : sign;
    m = divide ? m / fm : m * fm;
    e += divide ? -f.e : f.e;
    renorm();
  }
  // sign m 2^e where that is a normal double (ok), exact
  PRIVOCO_DD_INLINE double value() {
    ok &= (e > -1022) & (e <= 1024);
    return sign * scale2_bits(m, e < -1100 ? -1100 : (e > 1100 ? 1100 : e));
  }
};

// prod num / prod den as a mantissa in [1/2, 1) and a binary exponent: one rounding per factor, the same bits as the
// product in double wherever that stays normal, and no overflow or underflow on the way (a product through a
// subnormal or infinite intermediate, taken from the factors' logarithms before, lost |ln| ulp: 650 ulp at 1e300, or
// came out 0 with status ok). A factor that is itself 0 or inf in double enters by its logarithm. The value as a
// double where it is a normal one, else status and ln|value|.
inline Value product_of(std::initializer_list<Factor> num, std::initializer_list<Factor> den = {}) {
  ProductLane p;
  double beyond = 0;  // a factor whose logarithm is infinite (0 or inf beyond any scale): the product's ln
  auto take = [&](const Factor& f, bool divide) {
    if (f.has_xd) {
      if (f.w.m.hi == 0) {
        beyond += divide ? INFINITY : -INFINITY;
        return;
      }
      p.take(f.w, divide);
      return;
    }
    const double a = std::fabs(f.v);
    if (a >= 0x1p-1022 && a <= 1.7976931348623157e308 && !(std::fabs(f.ln) == INFINITY)) {
      p.take(f.v, divide);
      return;
    }
    if (f.v < 0) p.sign = -p.sign;
    int e;
    double fm;
    if (std::isfinite(f.v) && f.v != 0 && !(std::fabs(f.ln) == INFINITY)) {  // subnormal
      fm = std::frexp(a, &e);
    } else {  // |f| = e^ln = 2^k e^(ln - k ln 2)
      const double ln = f.log_abs();
      if (!std::isfinite(ln)) {
        beyond += divide ? -ln : ln;
        return;
      }
      const double k = std::floor(ln / kLn2Hi);
      fm = std::frexp(std::exp(ln - k * kLn2Hi), &e);
      p.e += divide ? -static_cast<long>(k) : static_cast<long>(k);
    }
    p.m = divide ? p.m / fm : p.m * fm;
    p.e += divide ? -e : e;
    p.renorm();
  };
  for (const Factor& f : num) take(f, false);
  for (const Factor& f : den) take(f, true);
  const int sign = p.sign < 0 ? -1 : 1;
  if (beyond != 0 || std::isnan(beyond)) return value_from_log(beyond, sign);  // inf - inf: NaN, as before
  const double m = p.m;
  const long e2 = static_cast<long>(p.e);
  if (e2 > -1022 && e2 <= 1024) {
    Value v;
    v.value = sign * std::ldexp(m, static_cast<int>(e2)), v.sign = sign;
    return v;
  }
  Value v = value_from_log(std::log(m) + static_cast<double>(e2) * kLn2Hi, sign);
  // below the normal range: the subnormal double by one rounding of m 2^e2, not e^ln, which is off by up to |ln| ulp
  // of the value (hundreds of units of 2^-1074) and carried that into a normal sum (49 ulp of JKT.bound.igd_regret's
  // printed form at L^2 ln T/alpha = 1.66e-308 plus ||C|| = 5.95e-308)
  if (v.status == Status::underflow && e2 > -1100) v.value = sign * std::ldexp(m, static_cast<int>(e2));
  return v;
}

// a + b for values of the same sign (bounds: sums of positive terms), in logs where either is outside the range
inline Value sum_same_sign(const Value& a, const Value& b) {
  if (a.sign == 0) return b;
  if (b.sign == 0) return a;
  if (a.status == Status::ok && b.status == Status::ok) {
    const double s = a.value + b.value;
    Value v;
    if (std::isfinite(s)) {
      v.value = s, v.sign = s > 0 ? 1 : (s < 0 ? -1 : 0);
      return v;
    }
    // two doubles whose sum passes DBL_MAX: ln of the halves' sum (exact to rounding), not the sum from logarithms,
    // whose rounding (709 ulp of the value) came back as a finite double with status ok (JKT.bound.igd_regret at
    // L^2 ln T/alpha = 5e293 plus ||C|| = DBL_MAX)
    v.sign = a.sign, v.status = Status::overflow, v.value = a.sign * INFINITY;
    v.log_abs_out = std::log(std::fabs(0.5 * a.value + 0.5 * b.value)) + kLn2Hi;
    return v;
  }
  // one term below the range, the other a normal double: the sum is that double plus at most a subnormal (the small
  // one's double, or e^{ln} where that is not set), not e^{log_add} (which lost |ln| ulp of the normal term)
  const Value* tiny = a.status == Status::underflow ? &a : (b.status == Status::underflow ? &b : nullptr);
  const Value* normal = tiny == &a ? &b : &a;
  if (tiny && normal->status == Status::ok && std::fabs(normal->value) >= 0x1p-1022) {
    Value v;
    v.value = normal->value + (tiny->value != 0 ? tiny->value : tiny->sign * std::exp(tiny->log_abs()));
    v.sign = normal->sign;
    return v;
  }
  return value_from_log(log_add(a.log_abs(), b.log_abs()), a.sign);
}

// a + b for values of any signs: the double sum where both are doubles and it is finite, else the difference from
// the logarithms with the larger's sign (inf - inf was NaN, a term beyond the range gave inf with status ok); 0 where
// the logarithms are equal (no sign to stand behind)
inline Value sum_of(const Value& a, const Value& b) {
  if (a.sign == 0) return b;
  if (b.sign == 0) return a;
  if (a.sign == b.sign) return sum_same_sign(a, b);
  if (a.status == Status::ok && b.status == Status::ok && std::isfinite(a.value + b.value)) {
    Value v;
    v.value = a.value + b.value;
    v.sign = v.value > 0 ? 1 : (v.value < 0 ? -1 : 0);
    return v;
  }
  const double la = a.log_abs(), lb = b.log_abs(), hi = std::fmax(la, lb);
  if (la == lb) return Value{};
  return value_from_log(hi + std::log1p(-std::exp(std::fmin(la, lb) - hi)), la > lb ? a.sign : b.sign);
}

}  // namespace privoco::fast
