// Result type of every fast (double) evaluation: a double when the true value is one, otherwise the status
// and ln|value| with the sign, so nothing is lost when the value leaves the double range.
#pragma once
#include <cmath>

namespace privoco::fast {

enum class Status { ok, overflow, underflow };

struct Value {
  double value = 0;      // the result; +-inf on overflow, the (subnormal or zero) double on underflow
  Status status = Status::ok;
  int sign = 0;          // -1, 0, +1
  double log_abs_out = 0;  // ln|true value| when status != ok (set by the implementation)

  // ln|value|: from `value` when it is a normal double, else the implementation's own ln|true value|.
  double log_abs() const { return status == Status::ok ? std::log(std::fabs(value)) : log_abs_out; }
};

// A positive-or-negative value known by ln|value|: the double when it is a normal double, else the status with
// ln|value| kept (exp(ln) is the subnormal or zero double on underflow).
inline Value value_from_log(double ln_abs, int sign = 1) {
  Value v;
  v.sign = sign;
  // the status from the double itself (ln DBL_MIN = -708.396..., ln DBL_MAX = 709.782...: a rounded threshold would
  // call a normal double near either end out of range)
  const double e = std::exp(ln_abs);
  v.value = sign * e;
  if (std::isinf(e)) v.status = Status::overflow, v.log_abs_out = ln_abs;
  else if (e < 0x1p-1022) v.status = Status::underflow, v.log_abs_out = ln_abs;
  return v;
}

inline const char* to_string(Status s) {
  switch (s) {
    case Status::ok: return "ok";
    case Status::overflow: return "overflow";
    case Status::underflow: return "underflow";
  }
  return "?";
}

}  // namespace privoco::fast
