// The pieces of a check whose evidence is a table of lines (regret.hpp): one line's realised value against its bound,
// the end of such a check (verdict, worst line, note, time), and the certified numbers the lines print.
#pragma once
#include <arb.h>

#include <chrono>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <utility>

#include "privoco/proofs/regret.hpp"
#include "privoco/reference/ball.hpp"

namespace privoco::proofs {

inline std::string text_g(double x) {  // %.7g
  char b[32];
  std::snprintf(b, sizeof b, "%.7g", x);
  return b;
}

// The nearest double to a ball's midpoint (the tables' numbers), and products and quotients of a ball by an exact double
inline double d_of(arb_srcptr x) { return arf_get_d(arb_midref(x), ARF_RND_NEAR); }
inline void arb_mul_d(arb_t res, const arb_t x, double d, slong prec) {
  reference::Ball b(d);
  arb_mul(res, x, b, prec);
}
inline void arb_div_d(arb_t res, const arb_t x, double d, slong prec) {
  reference::Ball b(d);
  arb_div(res, x, b, prec);
}

// A reference function of a parameter vector (privoco/reference/PAPER/*.hpp) at exact doubles
inline void eval_at(arb_t res, void (*fn)(arb_t, arb_srcptr, slong), std::initializer_list<double> x, slong prec) {
  const slong n = static_cast<slong>(x.size());
  arb_ptr v = _arb_vec_init(n);
  slong k = 0;
  for (double xi : x) arb_set_d(v + k++, xi);
  fn(res, v, prec);
  _arb_vec_clear(v, n);
}

// One line of a check's table: realised against bound, the ratio, and how a violation was established.
inline RegretCase line(const std::string& what, double realised, double bound, bool violated, std::string evidence = {}) {
  RegretCase c{what, 0, 0, realised, 0, bound, 0, violated, std::move(evidence)};
  c.ratio = bound != 0 ? realised / bound : 0;
  return c;
}

// The end of a check with a table of lines: refuted if a line is violated, else certified when the argument beside
// the check holds (`certified`), else undecided; the worst line by ratio, the note and the seconds.
inline RegretOutcome finish(RegretOutcome out, const std::string& note, std::chrono::steady_clock::time_point t0,
                            bool certified) {
  bool any = false;
  for (const auto& c : out.cases) any |= c.violated;
  out.verdict = any ? "refuted" : (certified ? "certified" : "undecided");
  for (const auto& c : out.cases)
    if (out.worst.stream.empty() || c.ratio > out.worst.ratio) out.worst = c;
  out.note = note;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace privoco::proofs
