#include "privoco/reference/jkt/learners.hpp"

#include <string>

#include "privoco/errors.hpp"
#include "privoco/reference/jkt/private_sum.hpp"

namespace privoco::reference::jkt {

using namespace privoco::jkt;

void ocp_normal(arb_t z, const Streams& s, DrawKind kind, std::uint64_t coord, std::uint64_t counter, slong prec) {
  const std::uint64_t stream = ocp_stream(kind, coord);
  box_muller(z, s.uniform(stream, counter), s.uniform(stream | 1, counter), prec);
}

namespace {
void norm_ball(arb_t n, const std::vector<Ball>& z, slong prec) {
  arb_zero(n);
  for (const Ball& v : z) arb_addmul(n, v, v, prec);
  arb_sqrtpos(n, n, prec);
}
}  // namespace

void project_ball(std::vector<Ball>* z, const arb_t r, slong prec) {
  Ball n;
  norm_ball(n, *z, prec);
  if (arb_le(n, r)) return;  // inside: Pi_C(z) = z (JKT.alg.projection)
  Ball s;
  arb_div(s, r, n, prec);
  const bool outside = arb_gt(n, r);
  for (Ball& v : *z) {
    Ball w;
    arb_mul(w, v, s, prec);
    if (outside) arb_swap(v, w);
    else arb_union(v, v, w, prec);
  }
}

void quadratic_loss(arb_t res, const std::vector<Ball>& x, const double* g, const arb_t alpha, slong prec) {
  Ball q, l, gj;
  for (std::size_t j = 0; j < x.size(); ++j) {
    arb_addmul(q, x[j], x[j], prec);
    arb_set_d(gj, g[j]);
    arb_addmul(l, gj, x[j], prec);
  }
  arb_mul(q, q, alpha, prec);
  arb_mul_2exp_si(q, q, -1);
  arb_add(res, q, l, prec);  // JKT: f_t(x) = alpha/2 ||x||^2 + g_t.x
}

void quadratic_comparator(arb_t res, std::vector<Ball>* argmin, const std::vector<Ball>& S, std::uint64_t N,
                          const arb_t alpha, const arb_t radius, slong prec) {
  // N alpha/2 ||x||^2 + S.x is isotropic about -S/(N alpha): its minimiser over the ball is that point projected
  std::vector<Ball> x(S.size());
  Ball na;
  arb_mul_ui(na, alpha, N, prec);
  for (std::size_t j = 0; j < S.size(); ++j) {
    arb_div(x[j], S[j], na, prec);
    arb_neg(x[j], x[j]);
  }
  project_ball(&x, radius, prec);
  Ball q, l;
  for (std::size_t j = 0; j < S.size(); ++j) arb_addmul(q, x[j], x[j], prec), arb_addmul(l, S[j], x[j], prec);
  arb_mul(q, q, na, prec);
  arb_mul_2exp_si(q, q, -1);
  arb_add(res, q, l, prec);
  if (argmin) *argmin = x;
}

PrivateOcpReplay::PrivateOcpReplay(OcpConfig c, const arb_t beta, slong prec)
    : c_(std::move(c)), streams_(c_.seed), prec_(prec) {
  validate(c_);
  if (!arb_is_nonnegative(beta) || !arb_is_finite(beta))
    throw DomainError(ocp_id(c_.update), "beta", "a ball not certainly in [0, inf)", "[0, inf)");
  arb_set(beta_, beta);
  arb_set_d(alpha_, c_.alpha);
  arb_set_d(radius_, c_.radius);
  draw_point(DrawKind::hidden, 1, &x_);  // JKT Alg 2 l.3, Alg 3 l.3 (J23)
  if (c_.coupling == InitCoupling::same) xhat_ = x_;
  else draw_point(DrawKind::released, 1, &xhat_);
}

void PrivateOcpReplay::draw_point(DrawKind kind, std::uint64_t counter, std::vector<Ball>* out) const {
  out->assign(static_cast<std::size_t>(c_.d), Ball());
  if (c_.init == InitReading::given) {
    for (int j = 0; j < c_.d; ++j) arb_set_d((*out)[j], c_.x1[j]);
    return;
  }
  for (int j = 0; j < c_.d; ++j) ocp_normal((*out)[j], streams_, kind, static_cast<std::uint64_t>(j), counter, prec_);
  Ball n, u, s;  // uniform on the ball: the normal direction, radius r u^{1/d}
  norm_ball(n, *out, prec_);
  arb_set_d(u, streams_.uniform(ocp_radius_stream(kind), counter));
  arb_root_ui(u, u, static_cast<ulong>(c_.d), prec_);
  arb_mul(s, radius_, u, prec_);
  arb_div(s, s, n, prec_);
  for (Ball& v : *out) arb_mul(v, v, s, prec_);
}

void PrivateOcpReplay::update(const double* g, arb_t cost, const double* noise) {
  if (t_ >= c_.T)
    throw DomainError(ocp_id(c_.update), "T", std::to_string(c_.T),
                      "at least the number of rounds (round " + std::to_string(t_ + 1) + " arrived)");
  const std::uint64_t t = ++t_;
  quadratic_loss(cost, xhat_, g, alpha_, prec_);  // l.5: f_t(x^_t)
  if (t >= c_.T) return;
  if (!ocp_steps_at(c_, t)) {
    draw_point(DrawKind::hidden, t + 1, &x_);
    if (c_.coupling == InitCoupling::same) xhat_ = x_;
    else draw_point(DrawKind::released, t + 1, &xhat_);
    return;
  }
  const slong ts = static_cast<slong>(t);
  for (int j = 0; j < c_.d; ++j) {
    Ball ga;
    arb_set_d(ga, g[j]);
    arb_div(ga, ga, alpha_, prec_);
    Ball& x = x_[j];
    if (c_.update == OcpUpdate::igd) {  // JKT Eq (13), eta_t = 1/(alpha t): (t x_t - g/alpha)/(t + 1), projected
      arb_mul_si(x, x, ts, prec_);
      arb_sub(x, x, ga, prec_);
      arb_div_si(x, x, ts + 1, prec_);
    } else {  // JKT Alg 3 l.7 (J15 (a)), eta_t = k/(alpha t): ((t - k) x_t - k g/alpha)/t, projected
      const slong k = c_.giga_eta == GigaEta::two_over_alpha_t ? 2 : 1;
      arb_mul_si(x, x, ts - k, prec_);
      arb_submul_si(x, ga, k, prec_);
      arb_div_si(x, x, ts, prec_);
    }
  }
  project_ball(&x_, radius_, prec_);
  Ball s;  // l.8-l.9: x^_{t+1} = Pi_C(x_{t+1} + (beta/t) z)
  arb_div_si(s, beta_, ts, prec_);
  xhat_ = x_;
  for (int j = 0; j < c_.d; ++j) {
    Ball z;
    if (noise) {
      arb_set_d(z, noise[j]);
      arb_add(xhat_[j], xhat_[j], z, prec_);
      continue;
    }
    ocp_normal(z, streams_, DrawKind::noise, static_cast<std::uint64_t>(j), t, prec_);
    arb_addmul(xhat_[j], s, z, prec_);
  }
  project_ball(&xhat_, radius_, prec_);
}

namespace {
OcpConfig pol_igd_config(OcpConfig c) {
  c.update = privoco::jkt::OcpUpdate::igd;
  if (c.T < 1) throw DomainError("JKT.alg.pol", "T", std::to_string(c.T), "integers >= 1 (data points)");
  c.T += 1;
  return c;
}
}  // namespace

PrivatePolReplay::PrivatePolReplay(OcpConfig c, const arb_t beta, slong prec)
    : c_(c), prec_(prec), igd_(pol_igd_config(c), Ball().get(), prec), sum_(static_cast<std::size_t>(c.d)) {
  arb_set(beta_, beta);
}

void PrivatePolReplay::add(const double* g) {
  if (t_ >= c_.T) throw DomainError("JKT.alg.pol", "T", std::to_string(c_.T), "at least the number of rows");
  for (int j = 0; j < c_.d; ++j) arb_add(sum_[j], sum_[j], igd_.hidden()[j], prec_);  // x_t (JKT Alg 6)
  ++t_;
  Ball cost;
  igd_.update(g, cost);
}

std::vector<Ball> PrivatePolReplay::average() const {
  std::vector<Ball> a(sum_.size());
  for (std::size_t j = 0; j < a.size(); ++j) arb_div_ui(a[j], sum_[j], t_ ? t_ : 1, prec_);
  return a;
}

std::vector<Ball> PrivatePolReplay::release() const {
  if (t_ < c_.T)
    throw DomainError("JKT.alg.pol", "rows", std::to_string(t_), "T = " + std::to_string(c_.T) + " rows before the release");
  std::vector<Ball> out = average();
  const Streams s(c_.seed);
  for (int j = 0; j < c_.d; ++j) {  // JKT Alg 6 l.13: x-bar + b, b ~ N(0, beta^2 I)
    Ball z;
    ocp_normal(z, s, DrawKind::noise, static_cast<std::uint64_t>(j), c_.T + 1, prec_);
    arb_mul(z, z, beta_, prec_);
    arb_add(out[j], out[j], z, prec_);
  }
  Ball r(c_.radius);
  project_ball(&out, r, prec_);  // l.14
  return out;
}

}  // namespace privoco::reference::jkt
