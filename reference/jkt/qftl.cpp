#include "privoco/reference/jkt/qftl.hpp"

#include <arb_mat.h>

#include <cmath>

#include "privoco/format.hpp"
#include <string>

#include "privoco/errors.hpp"

namespace privoco::reference::jkt {

void quadratic_loss_value(arb_t res, arb_srcptr p, slong prec) {
  const char* id = "JKT.alg.quadratic_loss";
  const slong d = arf_get_si(arb_midref(p + 0), ARF_RND_NEAR);
  arb_srcptr alpha = p + 1, R = p + 2, y = p + 3, v = p + 4, x = p + 4 + d;
  const int loss = static_cast<int>(arf_get_si(arb_midref(p + 4 + 2 * d), ARF_RND_NEAR));
  Ball r, q, nv, t;
  arb_set(r, y);
  for (slong j = 0; j < d; ++j) {
    arb_submul(r, v + j, x + j, prec);
    arb_addmul(q, x + j, x + j, prec);
    arb_addmul(nv, v + j, v + j, ARF_PREC_EXACT);  // exact: squares of doubles summed
  }
  arb_sqr(t, R, ARF_PREC_EXACT);
  if (arb_gt(nv, t))  // J8: the family's data
    throw DomainError(id, "v", "a vector of norm " + text17(std::sqrt(arf_get_d(arb_midref(nv.get()), ARF_RND_NEAR))),
                      "norms <= R (R = " + text17(arf_get_d(arb_midref(R), ARF_RND_NEAR)) + ")");
  arb_abs(t, y);
  if (arb_gt(t, R)) throw DomainError(id, "y", text17(arf_get_d(arb_midref(y), ARF_RND_NEAR)), "[-R, R]");
  const auto k = privoco::jkt::quad_coefficients(privoco::jkt::QuadLoss(loss));
  const Ball kc(k.c), ka(0.5 * k.a);
  arb_sqr(r, r, prec);  // JKT Eq (19), Alg 4 l.6, Sec 5.1 (J14): c (y - v.x)^2 + a alpha/2 ||x||^2
  arb_mul(r, r, kc, prec);
  arb_mul(q, q, alpha, prec);
  arb_mul(q, q, ka, prec);
  arb_add(res, r, q, prec);
}

void qftl_loss(arb_t res, const QftlConfig& c, double y, const double* v, const std::vector<Ball>& x, slong prec) {
  Ball r(y), q, vj, t;
  for (int j = 0; j < c.d; ++j) {  // r = y - v.x, q = ||x||^2
    arb_set_d(vj, v[j]);
    arb_submul(r, vj, x[j], prec);
    arb_sqr(t, x[j], prec);
    arb_add(q, q, t, prec);
  }
  const auto k = privoco::jkt::quad_coefficients(c.loss);
  arb_sqr(r, r, prec);
  Ball kc(k.c), ka(0.5 * k.a);  // exact
  arb_mul(r, r, kc, prec);  // JKT Eq (19), Alg 4 l.6, Sec 5.1 (J14): c (y - v.x)^2 + a alpha/2 ||x||^2
  arb_set_d(t, c.alpha);
  arb_mul(q, q, t, prec);
  arb_mul(q, q, ka, prec);
  arb_add(res, r, q, prec);
}

namespace {
// x = M^{-1} U (d x d, d x 1 balls, row-major M), doubling the precision until Arb certifies M invertible
bool certified_solve(std::vector<Ball>* x, const std::vector<Ball>& M, const std::vector<Ball>& U, const arb_t diag,
                     int d, slong prec0, slong* used, double* cond = nullptr, double* inv_norm = nullptr) {
  for (slong prec = prec0; prec <= 4096; prec *= 2) {
    arb_mat_t A, B, X;
    arb_mat_init(A, d, d), arb_mat_init(B, d, 1), arb_mat_init(X, d, 1);
    for (int i = 0; i < d; ++i) {
      for (int j = 0; j < d; ++j) arb_set(arb_mat_entry(A, i, j), M[static_cast<std::size_t>(i) * d + j]);
      arb_add(arb_mat_entry(A, i, i), arb_mat_entry(A, i, i), diag, prec);
      arb_set(arb_mat_entry(B, i, 0), U[i]);
    }
    const int ok = arb_mat_solve(X, A, B, prec);
    if (ok)
      for (int i = 0; i < d; ++i) arb_set((*x)[i], arb_mat_entry(X, i, 0));
    if (ok && cond) {  // ||A||_inf ||A^{-1}||_inf from the midpoints at 64 bits (an estimate: it scales a tolerance)
      arb_mat_t Am, Ai;
      arb_mat_init(Am, d, d), arb_mat_init(Ai, d, d);
      arb_mat_get_mid(Am, A);
      *cond = INFINITY;
      if (arb_mat_inv(Ai, Am, 64)) {
        double na = 0, ni = 0;
        for (int i = 0; i < d; ++i) {
          double ra = 0, ri = 0;
          for (int j = 0; j < d; ++j) {
            ra += std::fabs(arf_get_d(arb_midref(arb_mat_entry(Am, i, j)), ARF_RND_NEAR));
            ri += std::fabs(arf_get_d(arb_midref(arb_mat_entry(Ai, i, j)), ARF_RND_NEAR));
          }
          na = std::fmax(na, ra), ni = std::fmax(ni, ri);
        }
        *cond = na * ni;
        if (inv_norm) *inv_norm = ni;
      }
      arb_mat_clear(Am), arb_mat_clear(Ai);
    }
    arb_mat_clear(A), arb_mat_clear(B), arb_mat_clear(X);
    if (ok) {
      if (used) *used = prec;
      return true;
    }
  }
  return false;
}
}  // namespace

void qftl_comparator(arb_t res, const QftlConfig& c, const std::vector<Ball>& Svv, const std::vector<Ball>& Syv,
                     const arb_t Syy, std::uint64_t N, slong prec) {
  const int d = c.d;
  const auto k = privoco::jkt::quad_coefficients(c.loss);
  const Ball kc(k.c);
  std::vector<Ball> A(Svv.size()), b(static_cast<std::size_t>(d)), x(static_cast<std::size_t>(d));
  for (std::size_t i = 0; i < Svv.size(); ++i) arb_mul(A[i], Svv[i], kc, prec);
  for (int i = 0; i < d; ++i) arb_mul(b[i], Syv[i], kc, prec);
  Ball diag(c.alpha);  // N a alpha/2
  arb_mul_ui(diag, diag, N, prec);
  const Ball half_a(0.5 * k.a);
  arb_mul(diag, diag, half_a, prec);
  if (!certified_solve(&x, A, b, diag, d, prec, nullptr))
    throw DomainError("JKT.alg.qftl", "comparator", "c S_vv + N a alpha/2 I", "a system Arb certifies at 4096 bits");
  arb_mul(res, Syy, kc, prec);
  for (int i = 0; i < d; ++i) arb_submul(res, b[i], x[i], prec);
}

PrivateQftlReplay::PrivateQftlReplay(QftlConfig c, const arb_t sigma_V, const arb_t sigma_u, slong prec)
    : c_((privoco::jkt::validate(c), c)),
      treeV_(c.d * c.d, c.T, sigma_V, c.seed, privoco::jkt::kQftlTreeV, prec),
      treeU_(c.d, c.T, sigma_u, c.seed, privoco::jkt::kQftlTreeU, prec),
      alpha_(privoco::jkt::step_alpha_of(c)),
      prec_(prec),
      solve_prec_(prec),
      xhat_(static_cast<std::size_t>(c.d)) {}  // JKT Alg 4 l.3: x^_1 = 0

void PrivateQftlReplay::update(double y_in, const double* v_in, arb_t cost, bool* clipped, const double* Vh_given,
                               const double* uh_given) {
  const int d = c_.d;
  if (t_ >= c_.T) throw DomainError("JKT.alg.qftl", "T", std::to_string(c_.T), "at least the number of rounds (round " +
                                                                                   std::to_string(t_ + 1) + " arrived)");
  double y;
  std::vector<double> v(static_cast<std::size_t>(d));
  const bool clip = privoco::jkt::take_data(c_, y_in, v_in, &y, v.data());
  if (clipped) *clipped = clip;
  qftl_loss(cost, c_, y, v.data(), xhat_, prec_);
  const std::uint64_t t = ++t_;
  if (t >= c_.T) return;
  // JKT Alg 4 l.7, l.8: the trees' rows v v^T (row concatenation) and y v, exact products of doubles
  std::vector<Ball> w(static_cast<std::size_t>(d) * d), yv(static_cast<std::size_t>(d)), Vh, V, uh, u;
  for (int i = 0; i < d; ++i) {
    Ball vi(v[i]);
    for (int j = 0; j < d; ++j) {
      Ball vj(v[j]);
      arb_mul(w[static_cast<std::size_t>(i) * d + j], vi, vj, ARF_PREC_EXACT);
    }
    Ball yb(y);
    arb_mul(yv[i], yb, vi, ARF_PREC_EXACT);
  }
  std::vector<double> magV, magU;
  treeV_.add(w, &Vh, &V, &magV);
  treeU_.add(yv, &uh, &u, &magU);
  if (Vh_given && uh_given) {
    for (std::size_t i = 0; i < Vh.size(); ++i) arb_set_d(Vh[i], Vh_given[i]), magV[i] = std::fabs(Vh_given[i]);
    for (int i = 0; i < d; ++i) arb_set_d(uh[i], uh_given[i]), magU[i] = std::fabs(uh_given[i]);  // taken exactly
  }
  // l.9: (t alpha I + V^_t) x = u^_t, certified; the precision doubles until Arb proves the matrix invertible
  Ball ta;
  arb_mul_ui(ta, alpha_, t, prec_);
  slong used = prec_;
  double inv_norm = INFINITY;
  if (!certified_solve(&xhat_, Vh, uh, ta, d, prec_, &used, &cond_, &inv_norm))
    throw DomainError("JKT.alg.qftl", "round", std::to_string(t),
                      "rounds whose system (t alpha I + V^_t) x = u^_t is certified non-singular at 4096 bits");
  if (used > solve_prec_) solve_prec_ = used;
  double mu = 0, mM = 0, mx = 0;  // the rounding scale (header)
  for (int i = 0; i < d; ++i) {
    mu = std::fmax(mu, magU[i]);
    double row = static_cast<double>(t) * c_.alpha;
    for (int j = 0; j < d; ++j) row += magV[static_cast<std::size_t>(i) * d + j];
    mM = std::fmax(mM, row);
    mx = std::fmax(mx, std::fabs(arf_get_d(arb_midref(xhat_[i].get()), ARF_RND_NEAR)));
  }
  scale_ = inv_norm * (mu + mM * mx);
}

}  // namespace privoco::reference::jkt
