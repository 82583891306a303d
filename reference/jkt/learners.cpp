#include "privoco/reference/jkt/learners.hpp"

#include <algorithm>
#include <cmath>
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

void project_box(std::vector<Ball>* z, const arb_t r, slong prec) {
  Ball neg_r;
  arb_neg(neg_r, r);
  for (Ball& v : *z) arb_min(v, v, r, prec), arb_max(v, v, neg_r, prec);  // clip (JKT.alg.projection)
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
                          const arb_t alpha, const arb_t radius, slong prec, bool box) {
  // N alpha/2 ||x||^2 + S.x is isotropic about -S/(N alpha): its minimiser over the ball is that point projected
  // (over the box too: the objective is separable, each coordinate clipped)
  std::vector<Ball> x(S.size());
  Ball na;
  arb_mul_ui(na, alpha, N, prec);
  for (std::size_t j = 0; j < S.size(); ++j) {
    arb_div(x[j], S[j], na, prec);
    arb_neg(x[j], x[j]);
  }
  if (box) project_box(&x, radius, prec);
  else project_ball(&x, radius, prec);
  Ball q, l;
  for (std::size_t j = 0; j < S.size(); ++j) arb_addmul(q, x[j], x[j], prec), arb_addmul(l, S[j], x[j], prec);
  arb_mul(q, q, na, prec);
  arb_mul_2exp_si(q, q, -1);
  arb_add(res, q, l, prec);
  if (argmin) *argmin = x;
}

void ocp_phi(arb_t res, OcpLoss loss, const arb_t z, slong prec) {
  Ball one(1.0), y;
  switch (loss) {
    case OcpLoss::logistic:  // ln(1 + e^-z)
      arb_neg(y, z);
      arb_exp(y, y, prec);
      arb_log1p(res, y, prec);
      return;
    case OcpLoss::hinge:  // max(0, 1 - z)
      arb_sub(y, one, z, prec);
      arb_max(res, y, Ball(0.0), prec);
      return;
    case OcpLoss::absolute:  // |1 - z|
      arb_sub(y, one, z, prec);
      arb_abs(res, y);
      return;
    default: arb_set(res, z);
  }
}

namespace {
// phi'(z) (JKT's families, privoco/jkt/ocp.hpp); at a kink the subdifferential (kink_least: its least-magnitude
// element 0, GIGA's choice); where z's ball straddles a kink, the union of the sides' values.
void phi_slope(arb_t s, OcpLoss loss, const arb_t z, bool kink_least, slong prec) {
  if (loss == OcpLoss::logistic) {  // -1/(1 + e^z)
    Ball e;
    arb_exp(e, z, prec);
    arb_add_ui(e, e, 1, prec);
    arb_inv(s, e, prec);
    arb_neg(s, s);
    return;
  }
  const double above = loss == OcpLoss::hinge ? 0.0 : 1.0;
  Ball one(1.0);
  if (arb_lt(z, one)) arb_set_si(s, -1);
  else if (arb_gt(z, one)) arb_set_d(s, above);
  else if (arb_is_exact(z) && kink_least) arb_zero(s);
  else {
    Ball lo(-1.0), hi(above);
    arb_union(s, lo, hi, prec);  // the subdifferential at the kink [-1, above] (or either side's value)
  }
}
}  // namespace

namespace {
// The root of an increasing (possibly set-valued) function between the exact ends lo0 < hi0 (midpoints of the balls;
// the solution is known to lie in [lo0, hi0]), by bisection on exact points: sign_at(y) = -1 (+1) when the function
// is certainly negative (positive) at y, so the solution is above (below) y; 0 undecided. res: [lo, hi].
template <class SignAt>
void certified_root(arb_t res, const arb_t lo0, const arb_t hi0, const SignAt& sign_at, slong prec) {
  arf_t lo, hi, mid;
  arf_init(lo), arf_init(hi), arf_init(mid);
  arf_set(lo, arb_midref(lo0)), arf_set(hi, arb_midref(hi0));
  const auto at = [&](const arf_t y) {
    Ball yb;
    arb_set_arf(yb, y);
    return sign_at(yb);
  };
  const auto halve = [&](arf_t m, const arf_t a0, const arf_t b0) {
    arf_add(m, a0, b0, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(m, m, -1);
    return !arf_equal(m, a0) && !arf_equal(m, b0);
  };
  for (slong it = 0; it < prec + 64 && halve(mid, lo, hi); ++it) {
    const int sg = at(mid);
    if (sg < 0) arf_set(lo, mid);
    else if (sg > 0) arf_set(hi, mid);
    else {  // the inputs' uncertainty reaches mid: tighten each side separately
      arf_t a0, b0;
      arf_init(a0), arf_init(b0);
      arf_set(a0, mid), arf_set(b0, hi);  // hi down towards mid while certainly positive
      for (slong i = 0; i < prec + 64 && halve(mid, a0, b0); ++i) (at(mid) > 0 ? arf_set(b0, mid) : arf_set(a0, mid));
      arf_set(hi, b0);
      arf_set(a0, lo), arf_set(b0, hi);  // lo up while certainly negative
      for (slong i = 0; i < prec + 64 && halve(mid, a0, b0); ++i) (at(mid) < 0 ? arf_set(a0, mid) : arf_set(b0, mid));
      arf_set(lo, a0);
      arf_clear(a0), arf_clear(b0);
      break;
    }
  }
  arb_set_interval_arf(res, lo, hi, prec);
  arf_clear(lo), arf_clear(hi), arf_clear(mid);
}

// x's enclosure for a 1/k-Lipschitz step: the l2 radius rho (given, or of x's coordinate radii) taken off before the
// step at the midpoints and added back as rho/k after (see linear_model_igd); `out` receives the result's l2 radius
struct LipschitzStep {
  std::vector<Ball>* x;
  std::uint64_t t;
  mag_ptr out;
  mag_t rho;
  LipschitzStep(std::vector<Ball>* x_, std::uint64_t t_, mag_ptr l2_radius) : x(x_), t(t_), out(l2_radius) {
    mag_init(rho);
    for (Ball& xj : *x) {
      if (!l2_radius) mag_addmul(rho, arb_radref(xj.get()), arb_radref(xj.get()));
      mag_zero(arb_radref(xj.get()));
    }
    if (l2_radius) mag_set(rho, l2_radius);
    else mag_sqrt(rho, rho);
  }
  ~LipschitzStep() {
    mag_t tight;
    mag_init(tight);
    mag_mul_ui(rho, rho, t);
    mag_div_ui(rho, rho, t + 1);  // rho/k, k = (t + 1)/t, rounded up
    for (Ball& xj : *x) {
      mag_addmul(tight, arb_radref(xj.get()), arb_radref(xj.get()));
      arb_add_error_mag(xj.get(), rho);
    }
    mag_sqrt(tight, tight);
    if (out) mag_add(out, rho, tight);  // the result's l2 radius about its midpoints
    mag_clear(rho), mag_clear(tight);
  }
  LipschitzStep(const LipschitzStep&) = delete;
  LipschitzStep& operator=(const LipschitzStep&) = delete;
};
}  // namespace

void box_igd(std::vector<Ball>* x, OcpLoss loss, const double* v, const arb_t alpha, std::uint64_t t, const arb_t r,
             slong prec, mag_ptr l2_radius) {
  // JKT Eq (13) on the box (the derivation beside the fast part's box_igd): out = clip((x - q v)/k, -r, r) with q
  // the root of q in eta dphi(v.out(q)); certified bisection on q between -eta and 0 (eta for absolute), the step's
  // enclosure carried through its 1/k-Lipschitz map as for the ball.
  const LipschitzStep step(x, t, l2_radius);
  const std::size_t d = x->size();
  Ball k, eta, lo_b, hi_b, q;
  arb_set_ui(k, t + 1);
  arb_div_ui(k, k, t, prec);
  arb_mul_ui(eta, alpha, t, prec);
  arb_inv(eta, eta, prec);
  std::vector<Ball> y(d);
  Ball neg_r;
  arb_neg(neg_r, r);
  const auto point = [&](const arb_t qb, std::vector<Ball>* out, arb_t z) {
    arb_zero(z);
    for (std::size_t j = 0; j < d; ++j) {
      Ball vj(v[j]);
      arb_set(y[j], (*x)[j]);
      arb_submul(y[j], qb, vj, prec);
      arb_div(y[j], y[j], k, prec);
      arb_min(y[j], y[j], r, prec);
      arb_max(y[j], y[j], neg_r, prec);
      arb_addmul(z, vj, y[j], prec);
    }
    if (out) *out = y;
  };
  // the ends: q = eta s at s's extreme slopes, -eta and 0 (eta for absolute), as exact points outside eta's ball
  arf_t e;
  arf_init(e);
  arb_get_ubound_arf(e, eta, prec);
  arb_set_arf(hi_b, e);
  arb_neg(lo_b, hi_b);
  if (loss != OcpLoss::absolute) arb_zero(hi_b);
  arf_clear(e);
  certified_root(q, lo_b, hi_b, [&](const arb_t qb) {
    Ball z, s, bound;
    point(qb, nullptr, z);
    phi_slope(s, loss, z, false, prec);  // at a kink the subdifferential
    arb_mul(bound, eta, s, prec);        // eta dphi(z)
    return arb_lt(qb, bound) ? -1 : (arb_gt(qb, bound) ? 1 : 0);
  }, prec);
  Ball z;
  point(q, x, z);
}

void linear_model_igd(std::vector<Ball>* x, OcpLoss loss, const double* v, const arb_t alpha, std::uint64_t t,
                      const arb_t r, slong prec, mag_ptr l2_radius) {
  // JKT Eq (13) for phi(v.x) + alpha/2 ||x||^2 on the ball (the derivation beside the fast part's linear_model_igd):
  // out = p/K(w) + w u with u = v/||v||, a = u.x, p = x - a u, and w the root in [-r, r] of the increasing
  //   H(w) = w K(w) + eta ||v|| phi'(||v|| w) - a,  K(w) = max(k, ||p||/sqrt(r^2 - w^2)), k = (t + 1)/t.
  // Certified bisection on exact points of (-r, r): a point where H is certainly negative (positive) has the
  // solution above (below) it, so [lo, hi] encloses it (a solution clamped to +-r included) without evaluating H at
  // the ends.
  // The step is taken at x's midpoint (exact inputs: a tight root) and x's own uncertainty added after: the map
  // x_t -> argmin_C 1/2||x - x_t||^2 + eta f(x) is the prox of a (eta alpha)-strongly convex function, hence
  // 1/k-Lipschitz in the l2 norm, so an l2 ball of radius rho about the midpoint goes into one of radius rho/k.
  // (Ball arithmetic through p, a and w directly widens the enclosure 2-3 times per round; coordinate radii alone
  // would lose sqrt(d) per round, hence the l2 radius the caller may carry.)
  const LipschitzStep step(x, t, l2_radius);
  const std::size_t d = x->size();
  Ball nu, k, en;
  for (std::size_t j = 0; j < d; ++j) {
    Ball vj(v[j]);
    arb_addmul(nu, vj, vj, prec);
  }
  arb_set_ui(k, t + 1);
  arb_div_ui(k, k, t, prec);
  if (arb_is_zero(nu)) {  // phi(0) constant: the ridge step x/k
    for (Ball& xj : *x) arb_div(xj, xj, k, prec);
    return;
  }
  arb_sqrtpos(nu, nu, prec);
  std::vector<Ball> u(d), p(d);
  Ball a, P;
  for (std::size_t j = 0; j < d; ++j) {
    arb_set_d(u[j], v[j]);
    arb_div(u[j], u[j], nu, prec);
    arb_addmul(a, u[j], (*x)[j], prec);
  }
  if (d > 1)
    for (std::size_t j = 0; j < d; ++j) {
      arb_set(p[j], (*x)[j]);
      arb_submul(p[j], a, u[j], prec);
      arb_addmul(P, p[j], p[j], prec);
    }
  arb_sqrtpos(P, P, prec);
  arb_div(en, nu, alpha, prec);
  arb_div_ui(en, en, t, prec);
  const auto H = [&](arb_t h, const arb_t w) {  // w strictly inside (-r, r)
    Ball q, m, K, z, s;
    arb_sub(q, r, w, prec), arb_add(m, r, w, prec);
    arb_mul(q, q, m, prec);
    arb_sqrtpos(q, q, prec);
    arb_div(K, P, q, prec);
    arb_max(K, K, k, prec);
    arb_mul(h, w, K, prec);
    arb_mul(z, nu, w, prec);
    phi_slope(s, loss, z, false, prec);
    arb_addmul(h, en, s, prec);
    arb_sub(h, h, a, prec);
  };
  Ball w, lo_b, hi_b;
  arb_set(hi_b, r);
  arb_neg(lo_b, r);
  certified_root(w, lo_b, hi_b, [&](const arb_t y) {
    Ball h;
    H(h, y);
    return arb_is_negative(h) ? -1 : (arb_is_positive(h) ? 1 : 0);
  }, prec);
  Ball q, m, invK;
  arb_sub(q, r, w, prec), arb_add(m, r, w, prec);
  arb_mul(q, q, m, prec);
  if (arb_is_positive(q)) {
    arb_sqrtpos(q, q, prec);
    arb_div(invK, P, q, prec);
    arb_max(invK, invK, k, prec);
    arb_inv(invK, invK, prec);
  } else {  // w reaches the sphere: K in [k, inf]
    Ball zero(0.0), ik;
    arb_inv(ik, k, prec);
    arb_union(invK, zero, ik, prec);
  }
  for (std::size_t j = 0; j < d; ++j) {
    arb_mul((*x)[j], p[j], invK, prec);
    arb_addmul((*x)[j], w, u[j], prec);
  }
}

void ocp_loss(arb_t res, const OcpConfig& c, const std::vector<Ball>& x, const double* g, const arb_t alpha, slong prec) {
  if (c.loss == OcpLoss::quadratic) return quadratic_loss(res, x, g, alpha, prec);
  Ball q, z, gj;
  for (std::size_t j = 0; j < x.size(); ++j) {
    arb_addmul(q, x[j], x[j], prec);
    arb_set_d(gj, g[j]);
    arb_addmul(z, gj, x[j], prec);
  }
  ocp_phi(res, c.loss, z, prec);
  arb_mul(q, q, alpha, prec);
  arb_mul_2exp_si(q, q, -1);
  arb_add(res, res, q, prec);  // JKT Alg 2 l.5: phi(g_t.x) + alpha/2 ||x||^2
}

namespace {
// phi's Moreau envelope with parameter mu (hinge, absolute; logistic itself): its derivative at z, which lies in
// phi*'s domain ([-1, 0] or [-1, 1]) and tends to phi'(z) as mu -> 0
double smooth_slope(OcpLoss loss, double z, double mu) {
  if (loss == OcpLoss::logistic) return -1 / (1 + std::exp(z));
  const double y = z - 1;  // the kink at z = 1
  if (loss == OcpLoss::hinge) return y >= 0 ? 0.0 : std::max(-1.0, y / mu);
  return std::clamp(y / mu, -1.0, 1.0);
}

// phi*(s) (convex conjugate): s for hinge and absolute, (-s) ln(-s) + (1 + s) ln(1 + s) for logistic
void phi_conjugate(arb_t res, OcpLoss loss, double s, slong prec) {
  arb_set_d(res, s);
  if (loss != OcpLoss::logistic) return;
  Ball m(-s), p, l;
  arb_add_ui(p, res, 1, prec);
  arb_zero(res);
  if (!arb_is_zero(m)) arb_log(l, m, prec), arb_addmul(res, m, l, prec);
  if (!arb_is_zero(p)) arb_log(l, p, prec), arb_addmul(res, p, l, prec);
}
}  // namespace

void family_comparator(arb_t lower, arb_t upper, std::vector<double>* argmin, const std::vector<double>& rows, int d,
                       OcpLoss loss, double alpha, double radius, slong prec, bool box) {
  const std::size_t N = rows.size() / static_cast<std::size_t>(d);
  // an approximate minimiser of F/N = mean phi(v.x) + alpha/2 ||x||^2 on the ball: accelerated projected gradient on
  // the smoothed phi, mu shrinking (the approximation only chooses the points the certificates are taken at)
  std::vector<double> x(static_cast<std::size_t>(d), 0.0), y = x, xn = x, grad = x;
  double mean_v2 = 0;
  for (double v : rows) mean_v2 += v * v;
  mean_v2 /= static_cast<double>(N);
  const auto project = [&](std::vector<double>& z) {
    if (box) {
      for (double& v : z) v = std::clamp(v, -radius, radius);
      return;
    }
    double n = 0;
    for (double v : z) n += v * v;
    n = std::sqrt(n);
    if (n > radius)
      for (double& v : z) v *= radius / n * (1 - 0x1p-52);
  };
  // work per stage capped at ~2e8 multiply-adds (N d per iteration)
  const int iterations = static_cast<int>(std::clamp(2e8 / (static_cast<double>(N) * d), 200.0, 40000.0));
  double mu = loss == OcpLoss::logistic ? 1.0 : 1e-2;
  for (;; mu *= 1e-2) {
    const double Lc = alpha + mean_v2 * (loss == OcpLoss::logistic ? 0.25 : 1 / mu), q = alpha / Lc;
    const double mom = (1 - std::sqrt(q)) / (1 + std::sqrt(q));  // the strongly convex momentum
    for (int it = 0; it < iterations; ++it) {
      for (int j = 0; j < d; ++j) grad[j] = alpha * y[j];
      for (std::size_t i = 0; i < N; ++i) {
        const double* v = &rows[i * static_cast<std::size_t>(d)];
        double z = 0;
        for (int j = 0; j < d; ++j) z += v[j] * y[j];
        const double sl = smooth_slope(loss, z, mu) / static_cast<double>(N);
        for (int j = 0; j < d; ++j) grad[j] += sl * v[j];
      }
      double step = 0;
      for (int j = 0; j < d; ++j) xn[j] = y[j] - grad[j] / Lc;
      project(xn);
      for (int j = 0; j < d; ++j) {
        step = std::max(step, std::fabs(xn[j] - x[j]));
        y[j] = xn[j] + mom * (xn[j] - x[j]);
      }
      x.swap(xn);
      if (step <= 1e-15 * radius) break;
    }
    if (loss == OcpLoss::logistic || mu < 1e-9) break;
  }
  // upper: F(x~) at the feasible point x~ (certified: projected in balls where rounding left it outside C)
  std::vector<Ball> xb(static_cast<std::size_t>(d));
  for (int j = 0; j < d; ++j) arb_set_d(xb[j], x[j]);
  Ball r(radius), al(alpha), f, sum, S, conj, q, tmp;
  if (box) project_box(&xb, r, prec);
  else project_ball(&xb, r, prec);
  std::vector<Ball> Sv(static_cast<std::size_t>(d));
  OcpConfig c;
  c.loss = loss, c.d = d;
  for (std::size_t i = 0; i < N; ++i) {
    const double* v = &rows[i * static_cast<std::size_t>(d)];
    ocp_loss(f, c, xb, v, al, prec);  // phi(v.x) + alpha/2 ||x||^2
    arb_add(sum, sum, f, prec);
    // lower (weak duality, phi(z) >= s z - phi*(s)): F(x) >= S.x + N alpha/2 ||x||^2 - sum phi*(s_i), S = sum s_i v_i
    double z = 0;
    for (int j = 0; j < d; ++j) z += v[j] * x[j];
    const double si = smooth_slope(loss, z, mu);  // the slopes of the last stage: (x~, s) nearly a saddle point
    const Ball sb(si);
    for (int j = 0; j < d; ++j) {
      arb_set_d(tmp, v[j]);
      arb_mul(tmp, tmp, sb, prec);
      arb_add(Sv[j], Sv[j], tmp, prec);
    }
    phi_conjugate(tmp, loss, si, prec);
    arb_add(conj, conj, tmp, prec);
  }
  arb_set(upper, sum);
  quadratic_comparator(lower, nullptr, Sv, N, al, r, prec, box);
  arb_sub(lower, lower, conj, prec);
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
  if (c_.domain == OcpDomain::box) {  // uniform on the box: r (2u - 1) per coordinate
    for (int j = 0; j < c_.d; ++j) {
      arb_set_d((*out)[j], 2 * streams_.uniform(ocp_stream(kind, static_cast<std::uint64_t>(j)), counter) - 1);  // exact
      arb_mul((*out)[j], (*out)[j], radius_, prec_);
    }
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
  if (c_.update == OcpUpdate::external)
    throw DomainError(ocp_id(c_.update), "update", "a learner without its own step", "igd or giga");
  if (t_ >= c_.T)
    throw DomainError(ocp_id(c_.update), "T", std::to_string(c_.T),
                      "at least the number of rounds (round " + std::to_string(t_ + 1) + " arrived)");
  const std::uint64_t t = ++t_;
  ocp_loss(cost, c_, xhat_, g, alpha_, prec_);  // l.5: f_t(x^_t)
  if (t >= c_.T) return;
  if (!ocp_steps_at(c_, t)) {
    l2_valid_ = false;
    draw_point(DrawKind::hidden, t + 1, &x_);
    if (c_.coupling == InitCoupling::same) xhat_ = x_;
    else draw_point(DrawKind::released, t + 1, &xhat_);
    return;
  }
  const slong ts = static_cast<slong>(t);
  const bool prox = c_.update == OcpUpdate::igd && c_.loss != OcpLoss::quadratic;  // IGD by its scalar root
  Ball slope(1.0);  // GIGA's gradient alpha x_t + slope g_t: slope 1 (quadratic) or phi'(g_t.x_t)
  if (c_.update == OcpUpdate::giga && c_.loss != OcpLoss::quadratic) {
    Ball z, gj;
    for (int j = 0; j < c_.d; ++j) arb_set_d(gj, g[j]), arb_addmul(z, gj, x_[j], prec_);
    phi_slope(slope, c_.loss, z, true, prec_);
  }
  for (int j = 0; j < c_.d && !prox; ++j) {
    Ball ga;
    arb_set_d(ga, g[j]);
    arb_mul(ga, ga, slope, prec_);
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
  if (prox) {  // JKT Eq (13): in C already; x_'s l2 radius carried from the previous step
    if (!l2_valid_) {
      mag_zero(l2_);
      for (const Ball& xj : x_) mag_addmul(l2_, arb_radref(xj.get()), arb_radref(xj.get()));
      mag_sqrt(l2_, l2_);
    }
    if (c_.domain == OcpDomain::box) box_igd(&x_, c_.loss, g, alpha_, t, radius_, prec_, l2_);
    else linear_model_igd(&x_, c_.loss, g, alpha_, t, radius_, prec_, l2_);
    l2_valid_ = true;
  }
  else if (c_.domain == OcpDomain::box)
    project_box(&x_, radius_, prec_);
  else
    project_ball(&x_, radius_, prec_);
  pocp_release(&xhat_, streams_, c_, beta_, t, x_, noise, prec_);  // l.8-l.9 (Alg 1 l.7-l.8)
}

void pocp_release(std::vector<Ball>* out, const Streams& s, const OcpConfig& c, const arb_t beta, std::uint64_t t,
                  const std::vector<Ball>& x_next, const double* noise, slong prec) {
  Ball sc, r(c.radius);  // JKT Alg 1 l.7-l.8: x^_{t+1} = Pi_C(x_{t+1} + (beta/t) z), or + the caller's b
  arb_div_ui(sc, beta, t, prec);
  *out = x_next;
  for (int j = 0; j < c.d; ++j) {
    Ball z;
    if (noise) {
      arb_set_d(z, noise[j]);
      arb_add((*out)[j], (*out)[j], z, prec);
      continue;
    }
    ocp_normal(z, s, DrawKind::noise, static_cast<std::uint64_t>(j), t, prec);
    arb_addmul((*out)[j], sc, z, prec);
  }
  if (c.domain == OcpDomain::box) project_box(out, r, prec);
  else project_ball(out, r, prec);
}

PocpReplay::PocpReplay(OcpConfig c, const arb_t beta, slong prec)
    : c_((c.update = OcpUpdate::external, c)), streams_(c_.seed), prec_(prec), xhat_(PrivateOcpReplay(c_, beta, prec).played()) {
  arb_set(beta_, beta);
}

void PocpReplay::release(const double* x_next, const double* noise) {
  if (t_ + 1 >= c_.T)
    throw DomainError("JKT.alg.pocp", "T", std::to_string(c_.T), "more than the rounds released (round " +
                                                                   std::to_string(t_ + 1) + " releases nothing)");
  std::vector<Ball> x(static_cast<std::size_t>(c_.d));
  for (int j = 0; j < c_.d; ++j) arb_set_d(x[j], x_next[j]);  // A's iterate, exactly as given
  pocp_release(&xhat_, streams_, c_, beta_, ++t_, x, noise, prec_);
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

std::vector<Ball> PrivatePolReplay::release(const double* noise) const {
  if (t_ < c_.T)
    throw DomainError("JKT.alg.pol", "rows", std::to_string(t_), "T = " + std::to_string(c_.T) + " rows before the release");
  std::vector<Ball> out = average();
  const Streams s(c_.seed);
  for (int j = 0; j < c_.d; ++j) {  // JKT Alg 6 l.13: x-bar + b, b ~ N(0, beta^2 I)
    Ball z;
    if (noise) {
      arb_set_d(z, noise[j]);
    } else {
      ocp_normal(z, s, DrawKind::noise, static_cast<std::uint64_t>(j), c_.T + 1, prec_);
      arb_mul(z, z, beta_, prec_);
    }
    arb_add(out[j], out[j], z, prec_);
  }
  Ball r(c_.radius);
  project_ball(&out, r, prec_);  // l.14
  return out;
}

}  // namespace privoco::reference::jkt
