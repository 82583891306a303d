#include "privoco/reference/mip/ogd.hpp"

#include <cmath>
#include <string>

#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/gaussian_draws.hpp"
#include "privoco/reference/jkt/learners.hpp"

namespace privoco::reference::mip {

using privoco::mip::Loss;
using privoco::mip::Shape;

void project(std::vector<Ball>* x, const OgdConfig& c, slong prec) {
  const int d = c.d;
  Ball lo, hi;
  if (c.shape == Shape::box) {  // MIP Alg 1 "Predict" on the box: the coordinatewise clip
    for (int j = 0; j < d; ++j) {
      Ball cj(c.c[j]), hj(c.h[j]);
      arb_add(hi, cj, hj, prec), arb_sub(lo, cj, hj, prec);
      arb_min((*x)[j], (*x)[j], hi, prec), arb_max((*x)[j], (*x)[j], lo, prec);
    }
    return;
  }
  Ball cj, r(c.h[0]);
  for (int j = 0; j < d; ++j) arb_set_d(cj, c.c[j]), arb_sub((*x)[j], (*x)[j], cj, prec);
  reference::jkt::project_ball(x, r, prec);  // the ball about 0 (JKT.alg.projection's scaling)
  for (int j = 0; j < d; ++j) arb_set_d(cj, c.c[j]), arb_add((*x)[j], (*x)[j], cj, prec);
}

void loss_at(arb_t res, const OgdConfig& c, const double* g, const std::vector<Ball>& w, slong prec) {
  Ball s, gj, u;
  for (int j = 0; j < c.d; ++j) {
    arb_set_d(gj, g[j]);
    if (c.loss == Loss::linear) {
      arb_addmul(s, gj, w[j], prec);  // f_t(w) = g_t.w
    } else {
      arb_sub(u, w[j], gj, prec);
      arb_addmul(s, u, u, prec);  // f_t(w) = ||w - g_t||^2/2
    }
  }
  if (c.loss == Loss::quadratic) arb_mul_2exp_si(s, s, -1);
  arb_set(res, s);
}

void comparator(arb_t res, const OgdConfig& c, const std::vector<Ball>& Y, std::uint64_t N, const arb_t Q, slong prec) {
  const int d = c.d;
  Ball s, cj, hj, a;
  if (c.loss == Loss::linear) {
    if (c.shape == Shape::box) {  // each coordinate at the end of [c_j - h_j, c_j + h_j] against G_j's sign
      for (int j = 0; j < d; ++j) {
        arb_set_d(cj, c.c[j]), arb_set_d(hj, c.h[j]);
        arb_addmul(s, Y[j], cj, prec);
        arb_abs(a, Y[j]);
        arb_submul(s, a, hj, prec);
      }
    } else {  // at c - r G/||G||
      Ball n;
      for (int j = 0; j < d; ++j) arb_set_d(cj, c.c[j]), arb_addmul(s, Y[j], cj, prec), arb_addmul(n, Y[j], Y[j], prec);
      arb_sqrtpos(n, n, prec);
      arb_set_d(hj, c.h[0]);
      arb_submul(s, n, hj, prec);
    }
    arb_set(res, s);
    return;
  }
  std::vector<Ball> w(static_cast<std::size_t>(d));
  Ball Nb(static_cast<double>(N));
  for (int j = 0; j < d; ++j) arb_div(w[j], Y[j], Nb, prec);
  project(&w, c, prec);
  Ball q, l;
  for (int j = 0; j < d; ++j) arb_addmul(q, w[j], w[j], prec), arb_addmul(l, w[j], Y[j], prec);
  arb_mul(q, q, Nb, prec);
  arb_add(q, q, Q, prec);
  arb_mul_2exp_si(q, q, -1);
  arb_sub(res, q, l, prec);  // N/2 ||w||^2 + Q/2 - w.Y
}

PrivateOgdReplay::PrivateOgdReplay(OgdConfig c, slong prec) : c_(std::move(c)), streams_(c_.seed), prec_(prec) {
  if (c_.c.empty()) c_.c.assign(static_cast<std::size_t>(c_.d > 0 ? c_.d : 0), 0.0);
  privoco::mip::validate(c_);
  arb_set_d(eta_, c_.eta), arb_set_d(delta_, c_.delta), arb_set_d(sigma_, c_.sigma);
  const auto n = static_cast<std::size_t>(c_.d);
  theta_.resize(n), w_.resize(n), p_.resize(n), z_.resize(n);
  set_played();
}

double PrivateOgdReplay::rounding_scale() const {
  double s = 0;
  for (int j = 0; j < c_.d; ++j) s = std::fmax(s, std::fabs(c_.c[j]) + c_.h[j]);
  return std::fmax(s, c_.eta * static_cast<double>(t_) * abs_sum_);
}

void PrivateOgdReplay::set_played() {
  if (t_ == 0 && c_.w1_reading == privoco::mip::W1Reading::given) {  // M2: the caller's w_1
    for (int j = 0; j < c_.d; ++j) arb_set_d(w_[j], c_.w1[j]);
    return;
  }
  for (int j = 0; j < c_.d; ++j) arb_mul(w_[j], eta_, theta_[j], prec_);  // w = Pi_S(eta theta) (MIP Alg 1)
  project(&w_, c_, prec_);
}

void PrivateOgdReplay::update(const double* g, arb_t cost, const double* noise, const double* direction,
                              const double* played) {
  const char* id = privoco::mip::ogd_id(c_.bandit);
  const int d = c_.d;
  if (t_ >= c_.T)
    throw DomainError(id, "T", std::to_string(c_.T), "at least the number of rounds (round " + std::to_string(t_ + 1) + " arrived)");
  const double lip = privoco::mip::lipschitz(c_, g);
  if (!(lip <= c_.L * (1 + 0x1p-50)))
    throw ParamError(id, "L", text17(c_.L) + " is below f_t's Lipschitz constant on S" + (c_.bandit ? " + delta B, " : ", ") +
                                 text17(lip) + " (round " + std::to_string(t_ + 1) + ")");
  const std::uint64_t t = ++t_;
  if (played)
    for (int j = 0; j < d; ++j) arb_set_d(w_[j], played[j]);
  Ball gj;
  if (!c_.bandit) {
    loss_at(cost, c_, g, w_, prec_);
    for (int j = 0; j < d; ++j) {  // z_t: g_t, or w_t - g_t
      arb_set_d(gj, g[j]);
      if (c_.loss == Loss::linear) arb_set(z_[j], gj);
      else arb_sub(z_[j], w_[j], gj, prec_);
    }
  } else {
    std::vector<Ball> e(static_cast<std::size_t>(d));
    if (direction) {
      for (int j = 0; j < d; ++j) arb_set_d(e[j], direction[j]);
    } else {  // a normal vector over its norm (MIP Alg 2: e_t ~ U_Sp)
      Ball n;
      for (int j = 0; j < d; ++j) {
        gaussian_draw(e[j], streams_, privoco::mip::direction_stream(t), static_cast<std::uint64_t>(j), prec_);
        arb_addmul(n, e[j], e[j], prec_);
      }
      arb_sqrtpos(n, n, prec_);
      for (int j = 0; j < d; ++j) arb_div(e[j], e[j], n, prec_);
    }
    for (int j = 0; j < d; ++j) arb_set(p_[j], w_[j]), arb_addmul(p_[j], delta_, e[j], prec_);
    Ball phi, k;
    loss_at(phi, c_, g, p_, prec_);  // phi_t = f_t(w_t + delta e_t)
    if (c_.loss_point == privoco::mip::LossPoint::queried) arb_set(cost, phi);
    else loss_at(cost, c_, g, w_, prec_);
    arb_set_si(k, d);
    arb_div(k, k, delta_, prec_);
    arb_mul(k, k, phi, prec_);  // z_t = (d/delta) phi_t e_t
    for (int j = 0; j < d; ++j) arb_mul(z_[j], k, e[j], prec_);
  }
  Ball v;
  double m = 0;
  for (int j = 0; j < d; ++j) {  // z~_t = z_t + v_t; theta_{t+1} = theta_t - z~_t
    if (noise) arb_set_d(v, noise[j]);
    else gaussian_draw(v, streams_, privoco::mip::noise_stream(t), static_cast<std::uint64_t>(j), prec_), arb_mul(v, v, sigma_, prec_);
    arb_add(z_[j], z_[j], v, prec_);
    arb_sub(theta_[j], theta_[j], z_[j], prec_);
    m = std::fmax(m, std::fabs(arf_get_d(arb_midref(z_[j].get()), ARF_RND_NEAR)));
  }
  abs_sum_ += m;
  set_played();
}

}  // namespace privoco::reference::mip
