// RAII wrapper of an Arb ball, and the certified result type of the reference.
#pragma once
#include <arb.h>

#include <string>

namespace privoco::reference {

class Ball {
 public:
  Ball() { arb_init(x_); }
  explicit Ball(double d) { arb_init(x_); arb_set_d(x_, d); }  // exact
  ~Ball() { arb_clear(x_); }
  Ball(const Ball& o) { arb_init(x_); arb_set(x_, o.x_); }
  Ball& operator=(const Ball& o) { arb_set(x_, o.x_); return *this; }
  arb_ptr get() { return x_; }
  arb_srcptr get() const { return x_; }
  operator arb_ptr() { return x_; }
  operator arb_srcptr() const { return x_; }

 private:
  arb_t x_;
};

// A certified value: the true value lies in [lo, hi] (decimal strings rounded outward).
struct Certified {
  Ball ball;              // the enclosure itself
  std::string value;      // midpoint to `digits` significant digits, rounded to nearest
  std::string lo, hi;     // outward-rounded decimal bounds
  int digits = 0;         // significant decimal digits certified (relative radius <= 10^-digits)
  bool exact = false;     // the enclosure is a single point (e.g. w(L=0) = 0)
  long prec_bits = 0;     // working precision that reached the accuracy
  double nearest() const; // the double nearest to the midpoint (+-inf / 0 outside double range)
  double log_abs() const; // ln|value| as a double (-inf for 0)
  int sign() const;       // -1, 0, +1 (0 only when the ball is exactly 0)
};

// Upper bound of |x - t| / ulp(t) over t in the ball, with ulp the spacing of doubles at t
// (the denormal spacing below DBL_MIN). Infinite when the ball leaves the double range and x is finite.
double ulp_error(const Certified& c, double x);

// The certified value of a ball computed elsewhere (a learner's replay: digits and decimal strings as evaluate gives
// them); throws PrecisionCeiling naming `what` when the ball does not carry `digits` digits.
Certified certify_ball(const Ball& x, int digits, const std::string& what);
// Upper bound of |x - t| / |t| over t in the ball.
double rel_error(const Certified& c, double x);

// How far another program's claimed value lies from the certified value: bounds that hold for every point of
// the enclosure. `claimed` is a decimal string (taken exactly), "inf", "-inf" or "nan" (any case).
// ulp(t) is the spacing of doubles at |t| with the exponent range extended (2^-1074 below DBL_MIN), so values
// beyond double range still get an ulp measure.
struct ClaimError {
  bool parsed = true;          // false: claimed is not a number (see parse_decimal)
  bool claimed_nan = false, claimed_inf = false;
  bool true_zero = false;      // the certified value is exactly 0
  bool true_overflows = false; // |t| > DBL_MAX for every t in the ball
  bool wrong_sign = false;   // claimed and true value nonzero with opposite signs
  bool claimed_zero = false;  // claimed (+-)0 where the true value is not zero (its own reason, not a sign error)
  double rel_lo = 0, rel_hi = 0;
  double ulp_lo = 0, ulp_hi = 0;
};
ClaimError claim_error(const Certified& c, const std::string& claimed);

namespace detail {
enum class DecimalRound { nearest, down, up };  // to nearest (ties to even), towards -inf, towards +inf
// `digits` significant decimals of x ("d.ddd", "e<exponent>" unless it is 0, "0" for 0; mpfr_get_str's digits): by exact
// integer arithmetic ("" where |x| is past 2^+-4000 or digits past 60), and by MPFR (any x). The first serves, the
// second is its fallback and its test's second route.
std::string decimal_by_integers(const arf_t x, int digits, DecimalRound rnd);
std::string decimal_by_mpfr(const arf_t x, int digits, DecimalRound rnd);
}  // namespace detail

// Decimal string of an arf-rounded bound: `digits` significant digits, rounding down (up = false) or up.
std::string arb_bound_string(arb_srcptr x, bool upper, int digits);
std::string arb_mid_string(arb_srcptr x, int digits);
// An exact integer (at most 256 bits) in its own digits, "" for anything else.
std::string exact_integer_string(arb_srcptr x);
// exact_integer_string where it applies, else arb_mid_string.
std::string value_string(arb_srcptr x, int digits);
// Arb's own text of a ball, "[mid +/- rad]" with `digits` significant digits of the midpoint (reports, evidence).
std::string ball_text(arb_srcptr x, int digits);

}  // namespace privoco::reference
