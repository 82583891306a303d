#include "privoco/reference/ball.hpp"

#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"

#include <mpfr.h>

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <cmath>
#include <limits>
#include <vector>

namespace privoco::reference {

using detail::DecimalRound;

namespace {
// mpfr_get_str digits with exponent -> "d.ddddde+XX"
std::string mpfr_to_string(mpfr_srcptr m, int digits, mpfr_rnd_t rnd) {
  if (mpfr_zero_p(m)) return "0";
  if (mpfr_inf_p(m)) return mpfr_sgn(m) > 0 ? "inf" : "-inf";
  mpfr_exp_t e;
  char* s = mpfr_get_str(nullptr, &e, 10, static_cast<size_t>(digits), m, rnd);
  std::string d(s);
  mpfr_free_str(s);
  std::string sign;
  if (!d.empty() && d[0] == '-') sign = "-", d.erase(0, 1);
  std::string out = sign + d.substr(0, 1);
  if (d.size() > 1) out += "." + d.substr(1);
  long ex = static_cast<long>(e) - 1;
  if (ex != 0) out += "e" + std::to_string(ex);
  return out;
}

std::string huge_to_string(const arf_t x, int digits, mpfr_rnd_t rnd);

mpfr_rnd_t rnd_of(DecimalRound r) {
  return r == DecimalRound::nearest ? MPFR_RNDN : (r == DecimalRound::down ? MPFR_RNDD : MPFR_RNDU);
}

std::string arf_to_string(const arf_t x, int digits, mpfr_rnd_t rnd) {
  if (arf_is_zero(x)) return "0";
  const DecimalRound r = rnd == MPFR_RNDN ? DecimalRound::nearest : (rnd == MPFR_RNDD ? DecimalRound::down : DecimalRound::up);
  if (std::string s = detail::decimal_by_integers(x, digits, r); !s.empty()) return s;
  return detail::decimal_by_mpfr(x, digits, r);
}

// Exponents beyond MPFR's range (|log2 x| past ~1e9: F = e^{2e29} at L = 1e30, V = b = G = 1 printed "inf"):
// x = m 10^d with d = floor(log10 |x|) and m = 10^{log10 |x| - d} a ball near [1, 10) computed rigorously in Arb
// (fmpz exponents); the digits come from m's midpoint (RNDN) or from its lower / upper bound (RNDD / RNDU), so a
// bound string stays on the right side of x. log10 |x| ~ 2^e (e the bits of x's exponent) is needed to an absolute
// 2^-(4 digits + 64): e + 4 digits + 96 bits. (m = x / 10^d by binary powering took 14 s for x = 1.3e(8.7e9998).)
std::string huge_to_string(const arf_t x, int digits, mpfr_rnd_t rnd) {
  const slong prec = 4 * digits + 96 + static_cast<slong>(fmpz_bits(ARF_EXPREF(x)));
  arb_t a, t, l10, m;
  arb_init(a), arb_init(t), arb_init(l10), arb_init(m);
  fmpz_t d;
  fmpz_init(d);
  arb_set_arf(a, x);
  arb_abs(t, a);
  arb_log(t, t, prec);
  arb_log_ui(l10, 10, prec);
  arb_div(t, t, l10, prec);
  arf_get_fmpz(d, arb_midref(t), ARF_RND_FLOOR);
  arb_sub_fmpz(t, t, d, prec);
  arb_mul(t, t, l10, prec);
  arb_exp(m, t, prec);
  if (arf_sgn(x) < 0) arb_neg(m, m);
  arf_t b;
  arf_init(b);
  if (rnd == MPFR_RNDD) arb_get_lbound_arf(b, m, prec);
  else if (rnd == MPFR_RNDU) arb_get_ubound_arf(b, m, prec);
  else arf_set(b, arb_midref(m));
  mpfr_t mm;
  mpfr_init2(mm, std::max<slong>(arf_bits(b), 2));
  arf_get_mpfr(mm, b, MPFR_RNDN);  // exact: m is near [1, 10)
  std::string s = mpfr_to_string(mm, digits, rnd);  // "d.ddd" or "d.ddde1" / "e-1" at the ends
  mpfr_clear(mm);
  arf_clear(b);
  const auto epos = s.find('e');
  if (epos != std::string::npos) {
    fmpz_add_si(d, d, std::strtol(s.c_str() + epos + 1, nullptr, 10));
    s.erase(epos);
  }
  char* ds = fmpz_get_str(nullptr, 10, d);
  s += std::string("e") + ds;
  flint_free(ds);
  fmpz_clear(d);
  arb_clear(a), arb_clear(t), arb_clear(l10), arb_clear(m);
  return s;
}

}  // namespace

namespace detail {
// x = M 2^E rounded to `digits` significant decimals: q = x 10^s as an integer with s = digits - 1 - D, D = floor(log10
// |x|), from M 5^s 2^(E+s) (s >= 0) or M 2^(E+s) / 5^-s, one exact division, the rounding decided by the remainder.
// D's estimate from the binary exponent is at most one too small; a q of digits + 1 digits corrects it. The format
// of mpfr_to_string. About 4x faster than mpfr_get_str at 17-20 digits (three strings were 1.9 us of a 6.7 us
// certified VDH.pred.conj evaluation).
std::string decimal_by_integers(const arf_t x, int digits, DecimalRound rnd) {
  if (arf_is_zero(x)) return "0";
  if (!arf_is_finite(x) || digits < 1 || digits > 60) return "";
  if (!fmpz_fits_si(ARF_EXPREF(x))) return "";
  const slong top = fmpz_get_si(ARF_EXPREF(x));  // 2^(top-1) <= |x| < 2^top
  if (top < -4000 || top > 4000) return "";
  struct Work {  // this thread's integers and powers of 5 (no allocation once they have grown)
    fmpz_t m, e, num, den, q, r;
    std::vector<fmpz> pow5;
    Work() { fmpz_init(m), fmpz_init(e), fmpz_init(num), fmpz_init(den), fmpz_init(q), fmpz_init(r); }
    ~Work() {
      fmpz_clear(m), fmpz_clear(e), fmpz_clear(num), fmpz_clear(den), fmpz_clear(q), fmpz_clear(r);
      for (fmpz& f : pow5) fmpz_clear(&f);
    }
    const fmpz* five_to(std::size_t k) {
      while (pow5.size() <= k) {
        pow5.emplace_back();
        fmpz_init(&pow5.back());
        if (pow5.size() == 1) fmpz_one(&pow5.back());
        else fmpz_mul_ui(&pow5.back(), &pow5[pow5.size() - 2], 5);
      }
      return &pow5[k];
    }
  };
  static thread_local Work w;
  arf_get_fmpz_2exp(w.m, w.e, x);
  const int sign = fmpz_sgn(w.m);
  fmpz_abs(w.m, w.m);
  const slong E = fmpz_get_si(w.e);
  // log10 2 (top - 1) is never within 1e-12 of an integer for 0 < |top - 1| <= 4000, so the floor is exact
  long D = static_cast<long>(std::floor(0.30102999566398119521 * static_cast<double>(top - 1)));
  char text[80];
  int len = 0;
  for (int attempt = 0; attempt < 2; ++attempt) {
    const long s = digits - 1 - D, t = E + s;
    if (s >= 0) fmpz_mul(w.num, w.m, w.five_to(static_cast<std::size_t>(s))), fmpz_one(w.den);
    else fmpz_set(w.den, w.five_to(static_cast<std::size_t>(-s))), fmpz_set(w.num, w.m);
    if (t >= 0) fmpz_mul_2exp(w.num, w.num, static_cast<ulong>(t));
    else fmpz_mul_2exp(w.den, w.den, static_cast<ulong>(-t));
    fmpz_fdiv_qr(w.q, w.r, w.num, w.den);
    bool up = false;
    if (!fmpz_is_zero(w.r)) {
      if (rnd == DecimalRound::nearest) {
        fmpz_mul_2exp(w.r, w.r, 1);
        const int c = fmpz_cmp(w.r, w.den);
        up = c > 0 || (c == 0 && fmpz_is_odd(w.q));
      } else {
        up = (rnd == DecimalRound::up) == (sign > 0);  // away from zero
      }
    }
    if (up) fmpz_add_ui(w.q, w.q, 1);
    if (fmpz_abs_fits_ui(w.q)) {
      len = std::snprintf(text, sizeof text, "%lu", fmpz_get_ui(w.q));
    } else {
      if (fmpz_sizeinbase(w.q, 10) > 70) return "";
      fmpz_get_str(text, 10, w.q);
      len = static_cast<int>(std::strlen(text));
    }
    if (len == digits) break;
    if (len == digits + 1 && attempt == 0) {
      // D was one too small (the truncated q has digits + 1 digits), or rounding carried into a new digit: q is
      // 10^digits, whose digits are those of 10^(digits - 1) at D + 1 either way
      ++D;
      if (text[0] == '1' && std::strspn(text + 1, "0") == static_cast<std::size_t>(digits)) {
        len = digits;
        break;
      }
      continue;
    }
    return "";
  }
  if (len != digits) return "";
  std::string out = sign < 0 ? "-" : "";
  out += text[0];
  if (digits > 1) out += '.', out.append(text + 1, static_cast<std::size_t>(digits - 1));
  if (D != 0) out += 'e', out += std::to_string(D);
  return out;
}

std::string decimal_by_mpfr(const arf_t x, int digits, DecimalRound rnd) {
  if (arf_is_zero(x)) return "0";
  mpfr_t m;
  slong bits = arf_bits(x);
  mpfr_init2(m, bits < 2 ? 2 : bits);
  arf_get_mpfr(m, x, MPFR_RNDN);  // exact: enough bits, unless the exponent is beyond MPFR's range
  const bool out_of_range = mpfr_inf_p(m) || mpfr_zero_p(m);
  std::string s = out_of_range ? huge_to_string(x, digits, rnd_of(rnd)) : mpfr_to_string(m, digits, rnd_of(rnd));
  mpfr_clear(m);
  return s;
}
}  // namespace detail

namespace {
// ulp of doubles at magnitude |t| (t a double, finite): denormal spacing below DBL_MIN.
double ulp_at(double t) {
  t = std::fabs(t);
  if (t < DBL_MIN) return std::ldexp(1.0, -1074);
  int e;
  std::frexp(t, &e);
  return std::ldexp(1.0, e - 53);
}
}  // namespace

std::string arb_mid_string(arb_srcptr x, int digits) {
  return arf_to_string(arb_midref(x), digits, MPFR_RNDN);
}

std::string exact_integer_string(arb_srcptr x) {
  if (!arb_is_exact(x) || !arf_is_int(arb_midref(x)) || arf_bits(arb_midref(x)) > 256) return "";
  fmpz_t z;
  fmpz_init(z);
  arf_get_fmpz(z, arb_midref(x), ARF_RND_NEAR);
  char* c = fmpz_get_str(nullptr, 10, z);
  std::string s = c;
  flint_free(c);
  fmpz_clear(z);
  return s;
}

std::string value_string(arb_srcptr x, int digits) {
  std::string s = exact_integer_string(x);
  return s.empty() ? arb_mid_string(x, digits) : s;
}

std::string arb_bound_string(arb_srcptr x, bool upper, int digits) {
  arf_t b;
  arf_init(b);
  // rounded outward at a few bits past the digits printed (exactly, 1 - 2^-7e299 would take 2^60 bytes)
  const slong bp = static_cast<slong>(digits * 3.33) + 64;
  if (upper) arb_get_ubound_arf(b, x, bp);
  else arb_get_lbound_arf(b, x, bp);
  std::string s = arf_to_string(b, digits, upper ? MPFR_RNDU : MPFR_RNDD);
  arf_clear(b);
  return s;
}

double Certified::nearest() const { return arf_get_d(arb_midref(ball.get()), ARF_RND_NEAR); }

int Certified::sign() const {
  if (arb_is_zero(ball.get())) return 0;
  return arf_sgn(arb_midref(ball.get()));
}

double Certified::log_abs() const {
  if (arb_is_zero(ball.get())) return -std::numeric_limits<double>::infinity();
  arb_t t;
  arb_init(t);
  arb_abs(t, ball.get());
  arb_log(t, t, 64);
  double r = arf_get_d(arb_midref(t), ARF_RND_NEAR);
  arb_clear(t);
  return r;
}

double ulp_error(const Certified& c, double x) {
  if (c.sign() == 0) return x == 0 ? 0.0 : std::numeric_limits<double>::infinity();
  if (!std::isfinite(x)) return std::numeric_limits<double>::infinity();
  // ulp at the smaller end of the ball (conservative near a power of two)
  arf_t lo;
  arf_init(lo);
  arb_get_abs_lbound_arf(lo, c.ball.get(), 64);
  double tl = arf_get_d(lo, ARF_RND_DOWN);
  arf_clear(lo);
  if (!std::isfinite(tl) || tl > DBL_MAX) return std::numeric_limits<double>::infinity();
  double u = ulp_at(tl);
  arb_t d;
  arb_init(d);
  arb_set_d(d, x);
  arb_sub(d, d, c.ball.get(), arb_bits(c.ball.get()) + 64);
  arb_abs(d, d);
  arf_t ub;
  arf_init(ub);
  arb_get_ubound_arf(ub, d, 64);
  double r = arf_get_d(ub, ARF_RND_UP);
  arf_clear(ub);
  arb_clear(d);
  return r / u;  // u is a power of two: exact scaling (overflow to inf is an honest answer)
}

double rel_error(const Certified& c, double x) {
  if (c.sign() == 0) return x == 0 ? 0.0 : std::numeric_limits<double>::infinity();
  arb_t d;
  arb_init(d);
  arb_set_d(d, x);
  slong prec = arb_bits(c.ball.get()) + 64;
  arb_sub(d, d, c.ball.get(), prec);
  arb_div(d, d, c.ball.get(), prec);
  arb_abs(d, d);
  arf_t u;
  arf_init(u);
  arb_get_ubound_arf(u, d, 64);
  double r = arf_get_d(u, ARF_RND_UP);
  arf_clear(u);
  arb_clear(d);
  return r;
}

namespace {
// Bounds of |x| as doubles: upper (inf when it does not fit) or lower.
double abs_bound(const arb_t x, bool upper) {
  arf_t u;
  arf_init(u);
  if (upper) arb_get_abs_ubound_arf(u, x, 64);
  else arb_get_abs_lbound_arf(u, x, 64);
  double r = arf_get_d(u, upper ? ARF_RND_UP : ARF_RND_DOWN);
  arf_clear(u);
  return r;
}
double to_double_up(const arb_t x) { return abs_bound(x, true); }
double to_double_down(const arb_t x) { return abs_bound(x, false); }
}  // namespace

// A decimal (already validated by parse_decimal) as a ball: digits as an integer times a cached 10^e, one
// multiplication instead of arb_set_str's power computation (10% of `privoco check`'s instructions).
void decimal_ball(arb_t out, const std::string& text, slong prec) {
  std::uint64_t mant = 0;
  int ndig = 0, frac = 0;
  long exp10 = 0;
  bool neg = false, seen_dot = false;
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) neg = text[i++] == '-';
  for (; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '.') {
      seen_dot = true;
      continue;
    }
    if (ch == 'e' || ch == 'E') {
      exp10 = std::strtol(text.c_str() + i + 1, nullptr, 10);
      break;
    }
    if (mant == 0 && ch == '0') {  // leading zeros carry no digits
      if (seen_dot) ++frac;
      continue;
    }
    if (++ndig > 19) {
      arb_set_str(out, text.c_str(), prec);
      return;
    }
    mant = mant * 10 + static_cast<std::uint64_t>(ch - '0');
    if (seen_dot) ++frac;
  }
  const long e = exp10 - frac;
  if (mant == 0 || e < -400 || e > 400 || prec > 300) {
    arb_set_str(out, text.c_str(), prec);
    return;
  }
  // 10^k, k in [-400, 400], at 320 bits, filled on first use; one cache per thread (check --threads)
  struct Pow10 {
    arb_ptr v = _arb_vec_init(801);
    bool filled[801] = {};
    ~Pow10() { _arb_vec_clear(v, 801); }
  };
  static thread_local Pow10 pow10;
  arb_ptr p = pow10.v + (e + 400);
  if (!pow10.filled[e + 400]) {
    arb_ui_pow_ui(p, 10, static_cast<ulong>(e < 0 ? -e : e), 320);
    if (e < 0) arb_inv(p, p, 320);
    pow10.filled[e + 400] = true;
  }
  arb_set_ui(out, mant);
  arb_mul(out, out, p, prec);
  if (neg) arb_neg(out, out);
}

ClaimError claim_error(const Certified& c, const std::string& claimed) {
  ClaimError r;
  const double inf = std::numeric_limits<double>::infinity();
  std::string low;
  for (char ch : claimed) low += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  while (!low.empty() && low.back() == ' ') low.pop_back();
  while (!low.empty() && low.front() == ' ') low.erase(0, 1);
  arb_srcptr t = c.ball.get();
  r.true_zero = arb_is_zero(t);
  {
    arb_t big;
    arb_init(big);
    arb_set_d(big, DBL_MAX);
    arb_t at;
    arb_init(at);
    arb_abs(at, t);
    r.true_overflows = arb_gt(at, big);
    arb_clear(at);
    arb_clear(big);
  }
  if (low == "nan" || low == "+nan" || low == "-nan") {
    r.claimed_nan = true;
    r.rel_lo = r.rel_hi = r.ulp_lo = r.ulp_hi = inf;
    return r;
  }
  if (low == "inf" || low == "+inf" || low == "-inf" || low == "infinity" || low == "+infinity" || low == "-infinity") {
    r.claimed_inf = true;
    const int s = low[0] == '-' ? -1 : 1;
    r.wrong_sign = !r.true_zero && s != c.sign();
    if (r.true_overflows && !r.wrong_sign) return r;  // both say: beyond double range, same sign
    r.rel_lo = r.rel_hi = r.ulp_lo = r.ulp_hi = inf;
    return r;
  }
  Decimal d;
  std::size_t pos;
  std::string why;
  if (!parse_decimal(claimed, &d, &pos, &why)) {
    r.parsed = false;
    return r;
  }
  if (r.true_zero) {
    if (d.sign == 0) return r;
    r.rel_lo = r.rel_hi = inf;
    arb_t x;
    arb_init(x);
    arb_set_str(x, d.text.c_str(), 128);
    arb_mul_2exp_si(x, x, 1074);
    r.ulp_lo = to_double_down(x);
    r.ulp_hi = to_double_up(x);
    arb_clear(x);
    return r;
  }
  r.claimed_zero = d.sign == 0;
  r.wrong_sign = d.sign != 0 && d.sign != c.sign();
  const slong prec = std::max<slong>(128, arb_bits(t) + 64);
  arb_t x, diff, q;
  arb_init(x); arb_init(diff); arb_init(q);
  decimal_ball(x, d.text, prec);
  arb_sub(diff, x, t, prec);
  arb_abs(diff, diff);
  arb_div(q, diff, t, prec);
  r.rel_lo = to_double_down(q);
  r.rel_hi = to_double_up(q);
  // ulp at |t|: 2^(e-53) with |t| in [2^(e-1), 2^e), at least 2^-1074; bounds over the ball's ends.
  auto ulp_exp = [&](bool upper) {
    arf_t b;
    arf_init(b);
    if (upper) arb_get_abs_ubound_arf(b, t, 64);
    else arb_get_abs_lbound_arf(b, t, 64);
    slong e = arf_is_zero(b) ? -2000 : arf_abs_bound_lt_2exp_si(b);
    arf_clear(b);
    return std::max<slong>(e - 53, -1074);
  };
  arb_mul_2exp_si(q, diff, -ulp_exp(false));  // smallest ulp -> largest error
  r.ulp_hi = to_double_up(q);
  arb_mul_2exp_si(q, diff, -ulp_exp(true));
  r.ulp_lo = to_double_down(q);
  arb_clear(x); arb_clear(diff); arb_clear(q);
  return r;
}

std::string ball_text(arb_srcptr x, int digits) {
  char* s = arb_get_str(x, digits, 0);
  std::string r(s);
  flint_free(s);
  return r;
}

Certified certify_ball(const Ball& x, int digits, const std::string& what) {
  constexpr double kLog2_10 = 3.32192809488736234787;
  Certified c;
  arb_set(c.ball, x);
  if (arb_is_zero(x)) {
    c.exact = true;
    c.digits = digits;
    c.value = c.lo = c.hi = "0";
    return c;
  }
  const slong acc = arb_rel_accuracy_bits(x);
  if (!arb_is_finite(x) || acc < static_cast<slong>(std::ceil(digits * kLog2_10)) + 2)
    throw PrecisionCeiling(what + ": " + std::to_string(digits) + " certified digits not carried by the replay (" +
                           std::to_string(acc) + " bits); ask for fewer digits");
  c.exact = arb_is_exact(x);
  c.digits = std::max(digits, static_cast<int>(std::floor((acc - 1) / kLog2_10)));
  c.value = arb_mid_string(x, digits);
  c.lo = arb_bound_string(x, false, digits + 3);
  c.hi = arb_bound_string(x, true, digits + 3);
  return c;
}

}  // namespace privoco::reference
