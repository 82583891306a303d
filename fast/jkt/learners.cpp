#include "privoco/fast/jkt/learners.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "privoco/errors.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/gaussian_draws.hpp"
#include "privoco/format.hpp"
#include "privoco/jkt/qftl.hpp"

namespace privoco::fast::jkt {

using namespace privoco::jkt;

double norm2(const double* z, int d) { return privoco::jkt::norm2(z, d); }

bool exceeds_bound(const OcpConfig& c, const double* g, double bound, double* lip) {
  *lip = norm2(g, c.d) + c.alpha * ocp_max_norm(c);
  return *lip > bound * (1 + 0x1p-50);
}

double ocp_normal(const Streams& s, DrawKind kind, std::uint64_t coord, std::uint64_t counter) {
  const std::uint64_t stream = ocp_stream(kind, coord);
  return numerics::keyed_normal(s.key(stream), s.key(stream | 1), counter);
}

OcpNoiseKeys::OcpNoiseKeys(const Streams& s, int d) : u1(static_cast<std::size_t>(d)), u2(static_cast<std::size_t>(d)) {
  for (int j = 0; j < d; ++j) {
    const std::uint64_t stream = ocp_stream(DrawKind::noise, static_cast<std::uint64_t>(j));
    u1[static_cast<std::size_t>(j)] = s.key(stream), u2[static_cast<std::size_t>(j)] = s.key(stream | 1);
  }
}

double ocp_radius_factor(const Streams& s, DrawKind kind, std::uint64_t counter, int d) {
  const double u = s.uniform(ocp_radius_stream(kind), counter);
  return d == 1 ? u : std::exp(std::log(u) / d);
}

double quadratic_loss(int d, double alpha, const double* g, const double* x) {
  double q = 0, l = 0;
  for (int j = 0; j < d; ++j) q = std::fma(x[j], x[j], q), l = std::fma(g[j], x[j], l);
  return 0.5 * alpha * q + l;  // JKT: f_t(x) = alpha/2 ||x||^2 + g_t.x (the isotropic quadratic family)
}

double ocp_loss(const OcpConfig& c, const double* g, const double* x) {
  if (c.loss == OcpLoss::quadratic) return quadratic_loss(c.d, c.alpha, g, x);
  double q = 0, z = 0;
  for (int j = 0; j < c.d; ++j) q = std::fma(x[j], x[j], q), z = std::fma(g[j], x[j], z);
  return ocp_phi(c.loss, z) + 0.5 * c.alpha * q;  // JKT Alg 2 l.5: f_t(x) = phi(g_t.x) + alpha/2 ||x||^2
}

void linear_model_igd(OcpLoss loss, int d, double alpha, double t, double r, const double* x, const double* v,
                      double* out) {
  // JKT Eq (13) with eta = 1/(alpha t) for f = phi(v.x) + alpha/2 ||x||^2 on the ball of radius r. With u = v/||v||,
  // a = u.x and p = x - a u, KKT gives out = p/K + w u, where w = u.out solves the monotone equation
  //   H(w) = w K(w) + eta ||v|| phi'(||v|| w) - a = 0 on [-r, r],  K(w) = max(k, ||p||/sqrt(r^2 - w^2)), k = 1 + 1/t
  // (K = k + the ball's multiplier; K > k exactly where ||out|| = r). The root is clamped to [-r, r] when p = 0.
  const double nu = norm2(v, d), k = 1 + 1 / t;
  if (nu == 0) {  // phi(0) is constant: the ridge step
    for (int j = 0; j < d; ++j) out[j] = x[j] / k;
    return;
  }
  double a = 0;
  for (int j = 0; j < d; ++j) a = std::fma(v[j] / nu, x[j], a);
  for (int j = 0; j < d; ++j) out[j] = d == 1 ? 0.0 : x[j] - a * (v[j] / nu);  // p (0 in one dimension)
  const double P = norm2(out, d), en = nu / (alpha * t);
  const auto K = [&](double w) {
    const double q = (r - w) * (r + w);
    return q > 0 ? std::max(k, P / std::sqrt(q)) : (P > 0 ? INFINITY : k);
  };
  double w, slope;
  if (loss == OcpLoss::logistic) {
    const auto H = [&](double y) { return y * K(y) - en / (1 + std::exp(nu * y)) - a; };
    double lo = -r, hi = r;
    w = std::clamp(a / k, lo, hi);
    for (int it = 0; it < 400; ++it) {  // Newton's step kept inside the bracket, else bisection
      const double h = H(w);
      if (h == 0) break;
      (h < 0 ? lo : hi) = w;
      if (!(lo < hi) || std::nextafter(lo, hi) >= hi) break;
      const double q = (r - w) * (r + w), Kw = K(w), sg = 1 / (1 + std::exp(-nu * w));
      const double dh = Kw + (Kw > k ? P * w * w / (q * std::sqrt(q)) : 0.0) + en * nu * sg * (1 - sg);
      double wn = w - h / dh;
      if (!std::isfinite(dh) || !(wn > lo && wn < hi)) wn = lo + 0.5 * (hi - lo);
      if (std::fabs(wn - w) <= 0x1p-53 * std::fabs(w)) {
        w = wn;
        break;
      }
      w = wn;
    }
    slope = -1 / (1 + std::exp(nu * w));
  } else {
    // phi' is constant on each side of the kink ||v|| w = 1: a closed form there, w = c/max(k, hypot(||p||, c)/r) with
    // c = a - eta ||v|| phi'; if neither side's solution lies on its side, the root is the kink itself
    const auto side = [&](double sl) {
      const double c = a - (sl == 0 ? 0.0 : en * sl);
      if (!std::isfinite(c)) return std::copysign(r, c);
      return c / std::max(k, std::hypot(P, c) / r);
    };
    const double above = loss == OcpLoss::hinge ? 0.0 : 1.0;
    const double left = side(-1), right = side(above);
    if (nu * left < 1) w = left, slope = -1;
    else if (nu * right > 1) w = right, slope = above;
    else {  // the kink w = 1/||v||: out = p/K + w u
      w = 1 / nu;
      const double Kw = K(w);
      for (int j = 0; j < d; ++j) out[j] = out[j] / Kw + w * (v[j] / nu);
      return;
    }
  }
  // with the slope s at the solution known, the step is the isotropic one: y = x - eta s v, out = y/max(k, ||y||/r)
  // (p/K(w) + w u in a form that stays accurate where w is close to +-r and sqrt(r^2 - w^2) is ill-conditioned)
  const double es = slope == 0 ? 0.0 : en * slope;
  if (!std::isfinite(es)) {  // eta ||v|| beyond the double range: the step lands on the sphere at -sign(s) u
    for (int j = 0; j < d; ++j) out[j] = -std::copysign(r, es) * (v[j] / nu);
    return;
  }
  for (int j = 0; j < d; ++j) out[j] = x[j] - es * (v[j] / nu);
  const double scale = std::max(k, norm2(out, d) / r);
  for (int j = 0; j < d; ++j) out[j] /= scale;
}

void box_igd(OcpLoss loss, int d, double alpha, double t, double r, const double* x, const double* v, double* out) {
  // JKT Eq (13) with eta = 1/(alpha t) for f = phi(v.x) + alpha/2 ||x||^2 on the box [-r, r]^d. With the slope s of
  // phi at the solution fixed the objective is separable: out = clip((x - q v)/k, -r, r), q = eta s, k = 1 + 1/t. So
  // q solves the monotone inclusion q in eta dphi(v.out(q)) (v.out(q) falls as q grows, dphi rises): bisection on q.
  // The parametrisation by q (not s) is well conditioned: a coordinate not clipped has |q v_j| <= k r + |x_j|, so an
  // ulp of q moves it by about an ulp of r. z = v.out(q) is formed in double-double: at a kink with clipped
  // coordinates of large |v_j| (their terms cancel in z) a double z would put q, and the free coordinates, off by
  // (sum |v_j out_j|)/|v_free| ulps.
  const dd k = dd{t + 1, 0} / dd{t, 0};
  const double eta = 1 / (alpha * t);
  const auto point = [&](double q, double* y) {
    dd z{0, 0};
    for (int j = 0; j < d; ++j) {
      const dd yj = (dd{x[j], 0} - two_prod(q, v[j])) / k;
      const dd c = yj.hi > r ? dd{r, 0} : (yj.hi < -r ? dd{-r, 0} : yj);
      y[j] = to_double(c);
      z = z + c * v[j];
    }
    return z;
  };
  // -1 if q lies below eta dphi(z) (q must grow), +1 above, 0 inside (a solution)
  const auto side = [&](double q, dd z) {
    double lo, hi;  // dphi(z) = [lo, hi]
    const double zd = to_double(z), above = loss == OcpLoss::hinge ? 0.0 : 1.0;
    const int cmp = z.hi < 1 || (z.hi == 1 && z.lo < 0) ? -1 : (z.hi > 1 || z.lo > 0 ? 1 : 0);  // z against 1, exactly
    if (loss == OcpLoss::logistic) lo = hi = -1 / (1 + std::exp(zd));
    else if (cmp < 0) lo = hi = -1;
    else if (cmp > 0) lo = hi = above;
    else lo = -1, hi = above;
    return q < eta * lo ? -1 : (q > eta * hi ? 1 : 0);
  };
  double lo = -eta, hi = loss == OcpLoss::absolute ? eta : 0.0, vmax = 0;
  for (int j = 0; j < d; ++j) vmax = std::max(vmax, std::fabs(v[j]));
  // q to 2^-60 of its size, or of r/max|v_j| (a coordinate's q v_j then moves by 2^-60 r)
  const double floor_scale = vmax > 0 ? r / vmax : eta;
  double q = side(hi, point(hi, out)) == 0 ? hi : (side(lo, point(lo, out)) == 0 ? lo : 0.5 * (lo + hi));
  for (int it = 0; it < 200 && q != lo && q != hi; ++it) {
    const int sd = side(q, point(q, out));
    if (sd == 0) break;
    (sd < 0 ? lo : hi) = q;
    if (!(hi - lo > 0x1p-60 * std::max({std::fabs(lo), std::fabs(hi), floor_scale}))) break;
    q = lo + 0.5 * (hi - lo);
  }
  point(q, out);
}

void project_onto(const OcpConfig& c, double* z) {
  if (c.domain == OcpDomain::box) {  // JKT Alg 1 l.8 on the box: the coordinatewise clip (JKT.alg.projection)
    for (int j = 0; j < c.d; ++j) z[j] = std::clamp(z[j], -c.radius, c.radius);
    return;
  }
  const double n = norm2(z, c.d);  // JKT Alg 1 l.8: Pi_C(z) = z r/||z|| outside the ball (JKT.alg.projection)
  if (n > c.radius) {
    const double s = c.radius / n;
    for (int j = 0; j < c.d; ++j) z[j] *= s;
  }
}

void pocp_release(const OcpNoiseKeys& k, const OcpConfig& c, double beta, std::uint64_t t, const double* x_next,
                  double* out) {
  // JKT Alg 1 l.7-l.8: x~_{t+1} = x_{t+1} + b_{t+1}, b_{t+1} ~ N(0, beta^2/t^2 I); x^_{t+1} = Pi_C(x~_{t+1})
  numerics::add_keyed_normals(k.u1.data(), k.u2.data(), t, c.d, beta / static_cast<double>(t), x_next, out);
  project_onto(c, out);
}

Pocp::Pocp(OcpConfig c, double beta) : c_(std::move(c)), beta_(beta), streams_(c_.seed) {
  c_.update = OcpUpdate::external;
  validate(c_);
  if (!(beta >= 0) || !std::isfinite(beta)) throw DomainError("JKT.alg.pocp", "beta", text17(beta), "[0, inf)");
  // x^_1: the released start point (J23), drawn as PrivateOcp draws it
  PrivateOcp start(c_, beta_);
  xhat_.assign(start.played(), start.played() + c_.d);
  keys_ = OcpNoiseKeys(streams_, c_.d);
}

void Pocp::release(const double* x_next) {
  if (t_ + 1 >= c_.T)
    throw DomainError("JKT.alg.pocp", "T", std::to_string(c_.T), "more than the rounds released (round " +
                                                                   std::to_string(t_ + 1) + " is the last, T, which releases nothing)");
  for (int j = 0; j < c_.d; ++j)
    if (!std::isfinite(x_next[j])) throw DomainError("JKT.alg.pocp", "x_" + std::to_string(j + 1), text17(x_next[j]), "finite");
  ++t_;
  pocp_release(keys_, c_, beta_, t_, x_next, xhat_.data());
}

void Pocp::restore(std::uint64_t t, const std::vector<double>& xhat) {
  if (t + 1 > c_.T) throw DomainError("JKT.alg.pocp", "t", std::to_string(t), "[0, T - 1] (T = " + std::to_string(c_.T) + ")");
  OcpState s;  // validated as PrivateOcp's state (sizes, finite values, points of C)
  s.t = t, s.x = xhat, s.xhat = xhat;
  OcpConfig c = c_;
  c.update = OcpUpdate::igd;
  PrivateOcp check(c, beta_);
  check.restore(s);
  t_ = t, xhat_ = xhat;
}

PrivateOcp::PrivateOcp(OcpConfig c, double beta) : c_(std::move(c)), beta_(beta), streams_(c_.seed) {
  validate(c_);
  if (!(beta >= 0) || !std::isfinite(beta)) throw DomainError(ocp_id(c_.update), "beta", text17(beta), "[0, inf)");
  const auto d = static_cast<std::size_t>(c_.d);
  st_.x.assign(d, 0.0), st_.xhat.assign(d, 0.0), next_.assign(d, 0.0);
  keys_ = OcpNoiseKeys(streams_, c_.d);
  draw_point(DrawKind::hidden, 1, st_.x.data());  // JKT Alg 2 l.3, Alg 3 l.3: x_1 and x^_1 from C (J23)
  if (c_.coupling == InitCoupling::same) st_.xhat = st_.x;
  else draw_point(DrawKind::released, 1, st_.xhat.data());
}

void PrivateOcp::draw_point(DrawKind kind, std::uint64_t counter, double* out) const {
  const int d = c_.d;
  if (c_.init == InitReading::given) {  // every data-independent point is the given x1
    std::copy(c_.x1.begin(), c_.x1.end(), out);
    return;
  }
  if (c_.domain == OcpDomain::box) {  // uniform on the box: r (2u - 1) per coordinate
    for (int j = 0; j < d; ++j) out[j] = c_.radius * (2 * streams_.uniform(ocp_stream(kind, static_cast<std::uint64_t>(j)), counter) - 1);
    return;
  }
  // uniform on the ball: a Gaussian direction, radius r u^{1/d}
  for (int j = 0; j < d; ++j) out[j] = ocp_normal(streams_, kind, static_cast<std::uint64_t>(j), counter);
  const double scale = c_.radius * ocp_radius_factor(streams_, kind, counter, d) / norm2(out, d);
  for (int j = 0; j < d; ++j) out[j] *= scale;
}

void PrivateOcp::project(double* z) const { project_onto(c_, z); }

double PrivateOcp::update(const double* g) {
  const char* id = ocp_id(c_.update);
  if (c_.update == OcpUpdate::external)
    throw DomainError(id, "update", "a learner without its own step", "igd or giga (Pocp releases a caller's steps)");
  if (st_.t >= c_.T)
    throw DomainError(id, "T", std::to_string(c_.T), "at least the number of rounds (round " + std::to_string(st_.t + 1) + " arrived)");
  for (int j = 0; j < c_.d; ++j)
    if (!std::isfinite(g[j])) throw DomainError(id, "g_" + std::to_string(j + 1), text17(g[j]), "finite");
  const int d = c_.d;
  const std::uint64_t t = ++st_.t;
  const double cost = ocp_loss(c_, g, st_.xhat.data());  // l.5: f_t(x^_t)
  if (t >= c_.T) return cost;                                          // round T: cost only (J11)
  if (!ocp_steps_at(c_, t)) {
    draw_point(DrawKind::hidden, t + 1, st_.x.data());
    if (c_.coupling == InitCoupling::same) st_.xhat = st_.x;
    else draw_point(DrawKind::released, t + 1, st_.xhat.data());
    return cost;
  }
  const double td = static_cast<double>(t);
  if (c_.update == OcpUpdate::igd && c_.loss != OcpLoss::quadratic && c_.domain == OcpDomain::box) {
    box_igd(c_.loss, d, c_.alpha, td, c_.radius, st_.x.data(), g, next_.data());  // JKT Eq (13), in C
  } else if (c_.update == OcpUpdate::igd && c_.loss != OcpLoss::quadratic) {
    linear_model_igd(c_.loss, d, c_.alpha, td, c_.radius, st_.x.data(), g, next_.data());  // JKT Eq (13), in C
  } else if (c_.update == OcpUpdate::igd) {
    // JKT Eq (13), Alg 2 l.6-l.7 with eta_t = 1/(alpha t): argmin 1/2||x - x_t||^2 + eta_t f_t(x) over C
    for (int j = 0; j < d; ++j) next_[j] = (td * st_.x[j] - g[j] / c_.alpha) / (td + 1);
  } else {
    // JKT Alg 3 l.6-l.7 (J15 (a), J16): x_t - eta_t grad f_t(x_t) with eta_t = k/(alpha t), k = 2 or 1; the
    // gradient is alpha x_t + s g_t, s = 1 (quadratic) or phi'(g_t.x_t)
    double s = 1, z = 0;
    if (c_.loss != OcpLoss::quadratic) {
      for (int j = 0; j < d; ++j) z = std::fma(g[j], st_.x[j], z);
      s = ocp_phi_slope(c_.loss, z);
    }
    const double k = c_.giga_eta == GigaEta::two_over_alpha_t ? 2 : 1;
    for (int j = 0; j < d; ++j) next_[j] = ((td - k) * st_.x[j] - k * (s * g[j] / c_.alpha)) / td;
  }
  project(next_.data());
  std::swap(st_.x, next_);
  pocp_release(keys_, c_, beta_, t, st_.x.data(), st_.xhat.data());  // l.8-l.9 (Alg 1 l.7-l.8)
  return cost;
}

void PrivateOcp::restore(const OcpState& s) {
  const char* id = ocp_id(c_.update);
  const auto d = static_cast<std::size_t>(c_.d);
  if (s.t > c_.T) throw DomainError(id, "t", std::to_string(s.t), "[0, T] (T = " + std::to_string(c_.T) + ")");
  if (s.x.size() != d || s.xhat.size() != d)
    throw DomainError(id, "state", std::to_string(s.x.size()) + " and " + std::to_string(s.xhat.size()) + " values",
                      std::to_string(d) + " values each");
  for (const auto* v : {&s.x, &s.xhat}) {
    for (double x : *v)
      if (!std::isfinite(x)) throw DomainError(id, "state", text17(x), "finite values");
    if (c_.domain == OcpDomain::box) {
      for (double x : *v)
        if (std::fabs(x) > c_.radius) throw DomainError(id, "state", text17(x), "points of C (coordinates in [-radius, radius])");
    } else if (norm2(v->data(), c_.d) > c_.radius * (1 + 0x1p-50)) {  // a projection's result may exceed it by rounding
      throw DomainError(id, "state", "a point of norm " + text17(norm2(v->data(), c_.d)), "points of C");
    }
  }
  st_ = s;
}

}  // namespace privoco::fast::jkt
