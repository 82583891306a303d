// BANCO's constants and its magnitude learner, certified (Arb): k1 as a certified root, a and c under their readings,
// the potential Psi(x, y, a) and the bet m(x, y, a) by three routes: certified quadrature of the definition
// (m_integral), the printed closed form (m_closed) and the derived forms without cancellation (m_compact, the
// fast part's). Parameters in the catalogue's table order; readings as their indices.
#pragma once
#include <arb.h>

#include <vector>

#include "privoco/reference/ball.hpp"

namespace privoco::reference::banco {

// BANCO.const.k1 {k1_value}: 0.6838 (printed), or -x* with x* the root in (-1, 0) of ln(1 + x) = x - x^2 (root)
void k1(arb_t res, arb_srcptr p, slong prec);
// the root x* itself, enclosed (g(x) = ln(1 + x) - x + x^2 changes sign across the ball; g increases on (-1, -1/2))
void k1_root(arb_t res, slong prec);
void a(arb_t res, arb_srcptr p, slong prec);           // BANCO.const.a {G, b, k1_value, a_reading}
void c(arb_t res, arb_srcptr p, slong prec);           // BANCO.const.c {G, sigma2, sigma1d2, c_reading}
// BANCO.pot.psi {x, y, a}: certified quadrature where lambda = a|x| <= 8 and nu = a^2 y <= 8, the closed forms elsewhere
void psi(arb_t res, arb_srcptr p, slong prec);
void psi_closed(arb_t res, arb_srcptr p, slong prec);  // the closed forms alone (erf where lambda <= 2 nu, erfc beyond)
void psi_quad(arb_t res, arb_srcptr p, slong prec);    // certified quadrature of the definition alone
void m_integral(arb_t res, arb_srcptr p, slong prec);  // BANCO.pred.m_integral {x, y, a}: certified quadrature
void m_closed(arb_t res, arb_srcptr p, slong prec);    // BANCO.pred.m_closed {x, y, a}: the printed closed form
// BANCO.pred.m_compact {x, y, a}: as the fast part, quadrature where lambda, nu <= 8, the derived forms elsewhere
void m_compact(arb_t res, arb_srcptr p, slong prec);
void m_forms(arb_t res, arb_srcptr p, slong prec);     // the derived forms alone
// BANCO.bound.magnitude_exact {v, y, a}: 1 + sup_x (v x - Psi(x, y, a)) (y = T c > 0): the root of m(x) = |v| by
// Newton's method, certified by a bracket on which the concave v x - Psi(x) is enclosed (bounds.cpp)
void magnitude_exact(arb_t res, arb_srcptr p, slong prec);

}  // namespace privoco::reference::banco

namespace privoco::reference::banco {

// BANCO's Laplace-l2 noise rho(z) ~ exp(-(eps/2) ||z||) (noise.cpp)
void second_moment(arb_t res, arb_srcptr p, slong prec);  // BANCO.noise.second_moment {d, eps}: 4 d (d + 1)/eps^2
void mgf(arb_t res, arb_srcptr p, slong prec);            // BANCO.noise.mgf {d, eps, beta}: (1 - 4 beta^2/eps^2)^{-(d+1)/2}
void subexp_params(arb_t res, arb_srcptr p, slong prec);  // BANCO.noise.subexp_params {d, eps, b_reading, sigma1d2_mode}
// the smallest admissible sigma_1D^2 of eq (2) for a ball b: -(d+1) b^2 ln(1 - 4/(b^2 eps^2)); DomainError where some
// beta in [-1/b, 1/b] has M infinite (1/b >= eps/2)
void sigma1d2_min(arb_t res, slong d, const arb_t eps, const arb_t b, slong prec);

}  // namespace privoco::reference::banco

namespace privoco::reference::banco {

// BANCO's direction learner (Alg 1 lines 5-6, readings R3 dir_sign, R4 lambda, R7), certified: S_t = S_{t-1} +
// ||g^_t||^2; q_{t+1/2} = q_t + dir_sign lambda g^_t/sqrt(S_t) (the step skipped while S_t = 0); q_{t+1} = q_{t+1/2}
// min(1, 1/||q_{t+1/2}||) (where the enclosure of the norm contains 1, each coordinate is the union of both cases).
class DirectionReplay {
 public:
  DirectionReplay(int d, int dir_sign, const arb_t lambda, slong prec = 256);
  ~DirectionReplay() { mag_clear(rho_), mag_clear(rho2_); }
  DirectionReplay(const DirectionReplay&) = delete;
  DirectionReplay& operator=(const DirectionReplay&) = delete;
  const std::vector<Ball>& q() const { return q_; }  // q_t of the coming round
  const Ball& S() const { return S_; }
  void update(const double* g);          // g^_t, d doubles (exact)
  void update(const std::vector<Ball>& g);  // g^_t as d balls (a drawn noise's enclosure)

 private:
  int d_, sign_;
  Ball lambda_, S_;
  slong prec_;
  std::vector<Ball> q_, mid_;  // q_t, and the tracked point whose l2 distance to q_t is at most rho_
  mag_t rho_, rho2_;
};

}  // namespace privoco::reference::banco
