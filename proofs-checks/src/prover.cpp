#include "privoco/proofs/prover.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace privoco::proofs {

namespace {

struct Box {
  std::array<std::array<double, 2>, 2> iv;
  int depth;
};

Ball interval(double a, double b) {
  Ball r;
  arf_t lo, hi;
  arf_init(lo);
  arf_init(hi);
  arf_set_d(lo, a);
  arf_set_d(hi, b);
  arb_set_interval_arf(r.get(), lo, hi, kPrec);
  arf_clear(lo);
  arf_clear(hi);
  return r;
}

bool lower_nonneg(const Ball& x) { return arb_is_nonnegative(x.get()); }
bool upper_nonpos(const Ball& x) { return arb_is_nonpositive(x.get()); }
bool positive(const Ball& x) { return arb_is_positive(x.get()); }

// Interval Hessian [[a, b], [b, c]] positive definite for every matrix in it (sufficient test):
// a > 0, c > 0 and lower(a) lower(c) > max |b|^2. For a 1-D problem only a matters.
bool hessian_pd(const J2& j, bool two_d) {
  const Ball& a = j.h[J2::idx(0, 0)];
  if (!positive(a)) return false;
  if (!two_d) return true;
  const Ball& c = j.h[J2::idx(1, 1)];
  const Ball& b = j.h[J2::idx(0, 1)];
  if (!positive(c)) return false;
  Ball alo, clo, bmax, prod;
  arf_t t;
  arf_init(t);
  arb_get_lbound_arf(t, a.get(), kPrec);
  arb_set_arf(alo.get(), t);
  arb_get_lbound_arf(t, c.get(), kPrec);
  arb_set_arf(clo.get(), t);
  arb_get_abs_ubound_arf(t, b.get(), kPrec);
  arb_set_arf(bmax.get(), t);
  arf_clear(t);
  arb_mul(prod.get(), alo.get(), clo.get(), kPrec);
  arb_sqr(bmax.get(), bmax.get(), kPrec);
  return arb_gt(prod.get(), bmax.get());
}

}  // namespace

Ball eval_point(const Fn& h, double x, double y) {
  return h(J2::variable(Ball(x), 0), J2::variable(Ball(y), 1)).v;
}

Outcome prove(const Problem& p, const Budget& budget) {
  Outcome out;
  const auto t0 = std::chrono::steady_clock::now();
  const bool two_d = p.box[1][0] != p.box[1][1];
  std::vector<Box> stack{{p.box, 0}};
  while (!stack.empty()) {
    Box bx = stack.back();
    stack.pop_back();
    ++out.boxes;
    out.depth = std::max(out.depth, bx.depth);
    if ((out.boxes & 1023) == 0) {
      out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (out.seconds > budget.max_seconds) {
        out.verdict = "undecided";
        out.reason = "time budget exhausted";
        return out;
      }
    }
    if (out.boxes > budget.max_boxes) {
      out.verdict = "undecided";
      out.reason = "box budget exhausted";
      break;
    }
    const J2 x = J2::variable(interval(bx.iv[0][0], bx.iv[0][1]), 0);
    const J2 y = J2::variable(interval(bx.iv[1][0], bx.iv[1][1]), 1);
    const J2 j = p.h(x, y);
    if (lower_nonneg(j.v)) continue;  // h >= 0 on the whole box
    // Monotone in a coordinate: the minimum lies on a face; continue with that face.
    bool reduced = false;
    for (int i = 0; i < 2 && !reduced; ++i) {
      if (bx.iv[i][0] == bx.iv[i][1]) continue;
      if (lower_nonneg(j.g[i])) bx.iv[i][1] = bx.iv[i][0], reduced = true;
      else if (upper_nonpos(j.g[i])) bx.iv[i][0] = bx.iv[i][1], reduced = true;
    }
    if (reduced) {
      stack.push_back(bx);
      continue;
    }
    // Around a touching point: h = (1/2) d^T H(xi) d >= 0 when H is positive definite over the box.
    bool closed = false;
    for (const auto& t : p.touch) {
      bool inside = true;
      for (int i = 0; i < 2; ++i) inside &= bx.iv[i][0] <= t[i] && t[i] <= bx.iv[i][1];
      if (inside && hessian_pd(j, two_d)) closed = true;
    }
    if (!closed && p.taylor4 && !two_d) {
      for (const auto& t : p.touch) {
        if (!(bx.iv[0][0] <= t[0] && t[0] <= bx.iv[0][1])) continue;
        arb_ptr at = _arb_vec_init(5), over = _arb_vec_init(5);
        Ball tb(t[0]);
        p.taylor4(at, tb.get());
        Ball xb = interval(bx.iv[0][0], bx.iv[0][1]);
        p.taylor4(over, xb.get());
        closed = arb_is_nonnegative(at + 2) && arb_is_nonnegative(over + 4);
        _arb_vec_clear(at, 5);
        _arb_vec_clear(over, 5);
      }
    }
    if (closed) continue;
    // A counterexample at the centre, certified by its own enclosure.
    double cx = 0.5 * (bx.iv[0][0] + bx.iv[0][1]), cy = 0.5 * (bx.iv[1][0] + bx.iv[1][1]);
    if (p.has_inner) {
      cx = std::clamp(cx, p.inner[0][0], p.inner[0][1]);
      cy = std::clamp(cy, p.inner[1][0], p.inner[1][1]);
    }
    Ball hc = eval_point(p.h, cx, cy);
    if (arb_is_negative(hc.get())) {
      out.verdict = "refuted";
      out.counterexample = {cx, cy};
      char* s = arb_get_str(hc.get(), 20, 0);
      out.value = s;
      flint_free(s);
      out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      return out;
    }
    if (bx.depth >= budget.max_depth) {
      out.verdict = "undecided";
      out.reason = "depth limit reached near (" + std::to_string(cx) + ", " + std::to_string(cy) + ")";
      out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      return out;
    }
    // Bisect the wider coordinate (relative to the problem's box).
    int k = 0;
    if (two_d) {
      const double w0 = (bx.iv[0][1] - bx.iv[0][0]) / std::max(1e-300, p.box[0][1] - p.box[0][0]);
      const double w1 = (bx.iv[1][1] - bx.iv[1][0]) / std::max(1e-300, p.box[1][1] - p.box[1][0]);
      k = w1 > w0 ? 1 : 0;
    }
    const double m = 0.5 * (bx.iv[k][0] + bx.iv[k][1]);
    if (!(m > bx.iv[k][0] && m < bx.iv[k][1])) {
      out.verdict = "undecided";
      out.reason = "boxes reached double resolution";
      out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      return out;
    }
    Box lo = bx, hi = bx;
    lo.iv[k][1] = m;
    hi.iv[k][0] = m;
    lo.depth = hi.depth = bx.depth + 1;
    stack.push_back(hi);
    stack.push_back(lo);
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (out.verdict.empty()) out.verdict = "certified";
  return out;
}

}  // namespace privoco::proofs
