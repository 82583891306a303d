// Second-order forward differentiation over Arb balls: evaluating a formula on a box gives enclosures of the
// function, its gradient and its Hessian over the whole box (interval extension of each derivative).
#pragma once
#include <arb.h>

#include <array>

#include "privoco/reference/ball.hpp"

namespace privoco::proofs {

using reference::Ball;  // the one ball type

constexpr slong kPrec = 128;

// f, df/dx_i (N of them), d^2 f/dx_i dx_j (upper triangle, N(N+1)/2) over a box.
template <int N>
struct Jet {
  Ball v;
  std::array<Ball, N> g;
  std::array<Ball, N*(N + 1) / 2> h;
  static constexpr int idx(int i, int j) { return i <= j ? i * N - i * (i - 1) / 2 + (j - i) : idx(j, i); }

  static Jet constant(const Ball& c) {
    Jet r;
    r.v = c;
    for (auto& x : r.g) arb_zero(x.get());
    for (auto& x : r.h) arb_zero(x.get());
    return r;
  }
  static Jet constant(double c) { return constant(Ball(c)); }
  static Jet variable(const Ball& x, int i) {
    Jet r = constant(x);
    arb_one(r.g[i].get());
    return r;
  }
};

template <int N>
Jet<N> operator+(const Jet<N>& a, const Jet<N>& b) {
  Jet<N> r;
  arb_add(r.v.get(), a.v.get(), b.v.get(), kPrec);
  for (int i = 0; i < N; ++i) arb_add(r.g[i].get(), a.g[i].get(), b.g[i].get(), kPrec);
  for (std::size_t k = 0; k < r.h.size(); ++k) arb_add(r.h[k].get(), a.h[k].get(), b.h[k].get(), kPrec);
  return r;
}

template <int N>
Jet<N> operator*(const Jet<N>& a, double c) {
  Jet<N> r = a;
  Ball cb(c);
  arb_mul(r.v.get(), r.v.get(), cb.get(), kPrec);
  for (auto& x : r.g) arb_mul(x.get(), x.get(), cb.get(), kPrec);
  for (auto& x : r.h) arb_mul(x.get(), x.get(), cb.get(), kPrec);
  return r;
}

template <int N>
Jet<N> operator-(const Jet<N>& a, const Jet<N>& b) { return a + b * -1.0; }

template <int N>
Jet<N> operator*(const Jet<N>& a, const Jet<N>& b) {
  Jet<N> r;
  Ball t;
  arb_mul(r.v.get(), a.v.get(), b.v.get(), kPrec);
  for (int i = 0; i < N; ++i) {
    arb_mul(r.g[i].get(), a.v.get(), b.g[i].get(), kPrec);
    arb_addmul(r.g[i].get(), a.g[i].get(), b.v.get(), kPrec);
  }
  for (int i = 0; i < N; ++i)
    for (int j = i; j < N; ++j) {
      const int k = Jet<N>::idx(i, j);
      arb_mul(r.h[k].get(), a.v.get(), b.h[k].get(), kPrec);
      arb_addmul(r.h[k].get(), b.v.get(), a.h[k].get(), kPrec);
      arb_addmul(r.h[k].get(), a.g[i].get(), b.g[j].get(), kPrec);
      arb_addmul(r.h[k].get(), a.g[j].get(), b.g[i].get(), kPrec);
    }
  return r;
}

// phi(a) given phi(v), phi'(v), phi''(v) (balls over the box): chain rule.
template <int N>
Jet<N> chain(const Jet<N>& a, const Ball& f0, const Ball& f1, const Ball& f2) {
  Jet<N> r;
  r.v = f0;
  for (int i = 0; i < N; ++i) arb_mul(r.g[i].get(), f1.get(), a.g[i].get(), kPrec);
  for (int i = 0; i < N; ++i)
    for (int j = i; j < N; ++j) {
      const int k = Jet<N>::idx(i, j);
      Ball t;
      arb_mul(r.h[k].get(), f1.get(), a.h[k].get(), kPrec);
      arb_mul(t.get(), a.g[i].get(), a.g[j].get(), kPrec);
      arb_addmul(r.h[k].get(), f2.get(), t.get(), kPrec);
    }
  return r;
}

template <int N>
Jet<N> exp(const Jet<N>& a) {
  Ball e;
  arb_exp(e.get(), a.v.get(), kPrec);
  return chain(a, e, e, e);
}

template <int N>
Jet<N> log(const Jet<N>& a) {  // a > 0 on the box (otherwise the enclosure is indeterminate: never certifies)
  Ball l, d1, d2;
  arb_log(l.get(), a.v.get(), kPrec);
  arb_inv(d1.get(), a.v.get(), kPrec);
  arb_sqr(d2.get(), d1.get(), kPrec);
  arb_neg(d2.get(), d2.get());
  return chain(a, l, d1, d2);
}

template <int N>
Jet<N> cosh(const Jet<N>& a) {
  Ball c, s;
  arb_sinh_cosh(s.get(), c.get(), a.v.get(), kPrec);
  return chain(a, c, s, c);
}

}  // namespace privoco::proofs
