// Shared by the papers' fast bounds: integer parameters, and products and sums of factors that may leave the double range
// (the value as a double where it is one, else status and ln|value|, privoco/fast/value.hpp).
#pragma once
#include <cmath>
#include <initializer_list>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/value.hpp"
#include "privoco/format.hpp"

namespace privoco::fast {

inline void check_integer(const Entry& e, const char* name, double x) {
  if (x != std::floor(x))
    throw DomainError(e.id, name, text17(x), "integers in " + e.params[e.index_of(name)].domain.text());
}

// A nonzero factor of a product: its double (possibly inf or 0 where it leaves the range) and ln|factor| (exact to
// rounding whatever the range).
struct Factor {
  double v, ln;
  Factor(double x) : v(x), ln(std::log(std::fabs(x))) {}  // NOLINT: a double is a factor
  Factor(double x, double log_abs) : v(x), ln(log_abs) {}
};

// ln(e^a + e^b), without overflow
inline double log_add(double a, double b) { return std::fmax(a, b) + std::log1p(std::exp(-std::fabs(a - b))); }

// prod num / prod den: in double (one rounding per factor) where every factor and the result are normal doubles,
// else from the factors' logarithms (status and ln|value|).
inline Value product_of(std::initializer_list<Factor> num, std::initializer_list<Factor> den = {}) {
  double p = 1, lp = 0;
  int sign = 1;
  bool finite = true;
  for (const Factor& f : num) {
    p *= f.v, lp += f.ln, finite &= std::isfinite(f.v) && f.v != 0;
    if (f.v < 0) sign = -sign;
  }
  for (const Factor& f : den) {
    p /= f.v, lp -= f.ln, finite &= std::isfinite(f.v) && f.v != 0;
    if (f.v < 0) sign = -sign;
  }
  if (finite && std::isfinite(p) && std::fabs(p) >= 0x1p-1022) {
    Value v;
    v.value = p, v.sign = sign;
    return v;
  }
  return value_from_log(lp, sign);
}

// a + b for values of the same sign (bounds: sums of positive terms), in logs where either is outside the range
inline Value sum_same_sign(const Value& a, const Value& b) {
  if (a.sign == 0) return b;
  if (b.sign == 0) return a;
  if (a.status == Status::ok && b.status == Status::ok) {
    const double s = a.value + b.value;
    if (std::isfinite(s)) {
      Value v;
      v.value = s, v.sign = s > 0 ? 1 : (s < 0 ? -1 : 0);
      return v;
    }
  }
  return value_from_log(log_add(a.log_abs(), b.log_abs()), a.sign);
}

}  // namespace privoco::fast
