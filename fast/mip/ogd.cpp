#include "privoco/fast/mip/ogd.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "../numerics/norm.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/gaussian_draws.hpp"
#include "privoco/format.hpp"

namespace privoco::fast::mip {

using privoco::mip::Loss;
using privoco::mip::Shape;

void project(const OgdConfig& c, double* x) {
  const int d = c.d;
  if (c.shape == Shape::box) {  // MIP Alg 1 "Predict" on the box: the coordinatewise clip
    for (int j = 0; j < d; ++j) x[j] = std::clamp(x[j], c.c[j] - c.h[j], c.c[j] + c.h[j]);
    return;
  }
  // on the ball: c + (x - c) r/||x - c|| outside it
  for (int j = 0; j < d; ++j) x[j] -= c.c[j];
  const double n = numerics::norm2(x, d), r = c.h[0];
  const double s = n > r ? r / n : 1.0;
  for (int j = 0; j < d; ++j) x[j] = c.c[j] + s * x[j];
}

double loss_at(const OgdConfig& c, const double* g, const double* w) {
  double s = 0;
  if (c.loss == Loss::linear) {
    for (int j = 0; j < c.d; ++j) s += g[j] * w[j];  // f_t(w) = g_t.w
    return s;
  }
  for (int j = 0; j < c.d; ++j) s += (w[j] - g[j]) * (w[j] - g[j]);  // f_t(w) = ||w - g_t||^2/2
  return 0.5 * s;
}

PrivateOgd::PrivateOgd(OgdConfig c) : c_(std::move(c)), streams_(c_.seed) {
  if (c_.c.empty()) c_.c.assign(static_cast<std::size_t>(std::max(c_.d, 0)), 0.0);
  privoco::mip::validate(c_);
  const auto n = static_cast<std::size_t>(c_.d);
  theta_.assign(n, 0.0), w_.assign(n, 0.0), zt_.assign(n, 0.0), v_.assign(n, 0.0), e_.assign(n, 0.0), p_.assign(n, 0.0);
  draws_.assign(n + 1, 0.0);
  set_played();
}

void PrivateOgd::set_played() {
  if (t_ == 0 && c_.w1_reading == privoco::mip::W1Reading::given) {  // M2: the caller's w_1
    w_ = c_.w1;
    return;
  }
  for (int j = 0; j < c_.d; ++j) w_[j] = c_.eta * theta_[j];  // MIP Alg 1: w_{t+1} = argmin_S ||w - eta theta_{t+1}||
  project(c_, w_.data());
}

double PrivateOgd::update(const double* g, const double* noise, const double* direction) {
  const char* id = privoco::mip::ogd_id(c_.bandit);
  const int d = c_.d;
  if (t_ >= c_.T)
    throw DomainError(id, "T", std::to_string(c_.T), "at least the number of rounds (round " + std::to_string(t_ + 1) + " arrived)");
  const double lip = privoco::mip::lipschitz(c_, g);
  if (!(lip <= c_.L * (1 + 0x1p-50))) {
    for (int j = 0; j < d; ++j)
      if (!std::isfinite(g[j])) throw DomainError(id, "g_" + std::to_string(j + 1), text17(g[j]), "finite");
    throw ParamError(id, "L", text17(c_.L) + " is below f_t's Lipschitz constant on S" + (c_.bandit ? " + delta B, " : ", ") +
                                 text17(lip) + " (round " + std::to_string(t_ + 1) + ")");
  }
  const std::uint64_t t = ++t_;
  double charged;
  if (!c_.bandit) {
    charged = loss_at(c_, g, w_.data());  // f_t(w_t)
    // MIP Alg 1 "Pick a sub-gradient z_t": g_t (linear), w_t - g_t (quadratic)
    if (c_.loss == Loss::linear) for (int j = 0; j < d; ++j) zt_[j] = g[j];
    else for (int j = 0; j < d; ++j) zt_[j] = w_[j] - g[j];
  } else {
    // MIP Alg 2: e_t uniform on the unit sphere (a normal vector over its norm), p_t = w_t + delta e_t
    if (direction) {
      for (int j = 0; j < d; ++j) e_[j] = direction[j];
      const double n = numerics::norm2(e_.data(), d);
      if (!(std::fabs(n - 1) <= 0x1p-40))
        throw DomainError(id, "e_t", "a direction of norm " + text17(n) + " (round " + std::to_string(t) + ")", "unit vectors");
    } else {
      numerics::gaussian_pairs(streams_, privoco::mip::direction_stream(t), (d + 1) / 2, 1.0, draws_.data());
      const double n = numerics::norm2(draws_.data(), d);
      for (int j = 0; j < d; ++j) e_[j] = draws_[j] / n;
    }
    for (int j = 0; j < d; ++j) p_[j] = w_[j] + c_.delta * e_[j];
    const double phi = loss_at(c_, g, p_.data());  // phi_t = f_t(w_t + delta e_t)
    charged = c_.loss_point == privoco::mip::LossPoint::queried ? phi : loss_at(c_, g, w_.data());
    const double k = static_cast<double>(d) / c_.delta * phi;  // z_t = (d/delta) phi_t e_t
    for (int j = 0; j < d; ++j) zt_[j] = k * e_[j];
  }
  // MIP Alg 1, Alg 2: z~_t = z_t + v_t, v_t ~ N(0, sigma^2 I) (MIP.noise.gaussian)
  if (noise) {
    for (int j = 0; j < d; ++j) {
      if (!std::isfinite(noise[j]))
        throw DomainError(id, "v_" + std::to_string(j + 1), text17(noise[j]), "finite (round " + std::to_string(t) + ")");
      v_[j] = noise[j];
    }
  } else {
    numerics::gaussian_pairs(streams_, privoco::mip::noise_stream(t), (d + 1) / 2, c_.sigma, draws_.data());
    for (int j = 0; j < d; ++j) v_[j] = draws_[j];
  }
  for (int j = 0; j < d; ++j) zt_[j] += v_[j], theta_[j] -= zt_[j];  // theta_{t+1} = theta_t - z~_t
  set_played();
  return charged;
}

void PrivateOgd::restore(std::uint64_t t, const std::vector<double>& theta) {
  const char* id = privoco::mip::ogd_id(c_.bandit);
  if (t > c_.T) throw DomainError(id, "t", std::to_string(t), "[0, T] (T = " + std::to_string(c_.T) + ")");
  if (theta.size() != theta_.size())
    throw DomainError(id, "theta", std::to_string(theta.size()) + " values", std::to_string(c_.d) + " values (d)");
  for (std::size_t j = 0; j < theta.size(); ++j)
    if (!std::isfinite(theta[j])) throw DomainError(id, "theta_" + std::to_string(j + 1), text17(theta[j]), "finite");
  if (t == 0)
    for (double x : theta)
      if (x != 0) throw DomainError(id, "theta", "nonzero at t = 0", "theta_1 = 0 (MIP Alg 1)");
  t_ = t, theta_ = theta;
  set_played();
}

}  // namespace privoco::fast::mip
