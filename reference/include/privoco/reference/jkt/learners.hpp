// JKT's private OCP learners (PIGD, Alg 2; PGIGA, Alg 3), certified replay: the same run as
// privoco/fast/jkt/learners.hpp (configuration, readings and draws of privoco/jkt/ocp.hpp) with every iterate,
// release and cost an Arb ball, the draws formed from the same uniforms, so each released point and charged cost of
// a fast run (or of another program that used the same draws) is enclosed.
#pragma once
#include <arb.h>

#include <cstdint>
#include <vector>

#include "privoco/jkt/ocp.hpp"
#include "privoco/reference/ball.hpp"
#include "privoco/streams.hpp"

namespace privoco::reference::jkt {

using privoco::jkt::DrawKind;
using privoco::jkt::OcpConfig;

// The standard normal draw of privoco/jkt/ocp.hpp in ball arithmetic.
void ocp_normal(arb_t z, const Streams& s, DrawKind kind, std::uint64_t coord, std::uint64_t counter, slong prec);
// Pi_C(z) for the ball of radius r about 0 (JKT.alg.projection), in place; where the enclosure of ||z|| contains r,
// each coordinate is the union of z and z r/||z|| (both enclose the projection there).
void project_ball(std::vector<Ball>* z, const arb_t r, slong prec);
// f(x) = alpha/2 ||x||^2 + g.x with x balls, g doubles
void quadratic_loss(arb_t res, const std::vector<Ball>& x, const double* g, const arb_t alpha, slong prec);
// phi(z) of a loss family (privoco/jkt/ocp.hpp; z for the quadratic)
void ocp_phi(arb_t res, privoco::jkt::OcpLoss loss, const arb_t z, slong prec);
// f(x) of the configuration's family: alpha/2 ||x||^2 + g.x or phi(g.x) + alpha/2 ||x||^2
void ocp_loss(arb_t res, const OcpConfig& c, const std::vector<Ball>& x, const double* g, const arb_t alpha, slong prec);
// IGD's step (JKT Eq (13), eta = 1/(alpha t)) for phi(v.x) + alpha/2 ||x||^2 on the ball of radius r, in place,
// certified (one monotone scalar root by bisection on exact points; the enclosure as tight as x's balls allow).
// l2_radius (if not null): in, a radius about x's midpoints in the l2 norm known to enclose x (tighter than its
// coordinate radii); out, the same for the result.
void linear_model_igd(std::vector<Ball>* x, privoco::jkt::OcpLoss loss, const double* v, const arb_t alpha,
                      std::uint64_t t, const arb_t r, slong prec, mag_ptr l2_radius = nullptr);
// The same step on the box [-r, r]^d, certified (bisection on the step's multiplier q; see the fast part's box_igd).
void box_igd(std::vector<Ball>* x, privoco::jkt::OcpLoss loss, const double* v, const arb_t alpha, std::uint64_t t,
             const arb_t r, slong prec, mag_ptr l2_radius = nullptr);
// Pi_C(z) for the box [-r, r]^d (JKT.alg.projection): the coordinatewise clip, in place
void project_box(std::vector<Ball>* z, const arb_t r, slong prec);
// min over C of N alpha/2 ||x||^2 + S.x (the sum of N rounds' losses, S the sum of their g): attained at
// Pi_C(-S/(N alpha)). res: the minimum; argmin (if not null): the minimiser.
// box: C the box [-radius, radius]^d (the clip of the same point)
void quadratic_comparator(arb_t res, std::vector<Ball>* argmin, const std::vector<Ball>& S, std::uint64_t N,
                          const arb_t alpha, const arb_t radius, slong prec, bool box = false);

// min over C of sum_i phi(v_i.x) + N alpha/2 ||x||^2 (N rounds of a phi family; rows: their v_i, d per row),
// certified from both sides: upper = F at an approximate minimiser (argmin, if not null), lower = the weak-duality
// bound S.x + N alpha/2 ||x||^2 - sum phi*(s_i) minimised over C (exact, quadratic_comparator) with the s_i the
// (smoothed) slopes there. The gap upper - lower is what the approximation leaves, ~1e-12 relative or less.
void family_comparator(arb_t lower, arb_t upper, std::vector<double>* argmin, const std::vector<double>& rows, int d,
                       privoco::jkt::OcpLoss loss, double alpha, double radius, slong prec, bool box = false);

class PrivateOcpReplay {
 public:
  // beta: a ball (the certified pigd_beta / pgiga_beta, or the exact double a fast run used)
  PrivateOcpReplay(OcpConfig c, const arb_t beta, slong prec = 256);
  const std::vector<Ball>& played() const { return xhat_; }  // x^_t of the coming round
  const std::vector<Ball>& hidden() const { return x_; }
  std::uint64_t rounds() const { return t_; }
  // Round t: cost f_t(x^_t) into `cost`, then x_{t+1}, x^_{t+1} (t <= T - 1). noise: the b_{t+1} another program
  // drew (d doubles, taken exactly) for a round that steps; null: the draws of privoco/jkt/ocp.hpp.
  void update(const double* g, arb_t cost, const double* noise = nullptr);
  bool steps_at(std::uint64_t t) const { return privoco::jkt::ocp_steps_at(c_, t) && t < c_.T; }

 private:
  void draw_point(DrawKind kind, std::uint64_t counter, std::vector<Ball>* out) const;
  OcpConfig c_;
  Ball beta_, alpha_, radius_;
  Streams streams_;
  slong prec_;
  std::uint64_t t_ = 0;
  std::vector<Ball> x_, xhat_;
  // x_'s enclosure as an l2 ball about its midpoints (valid after an IGD step on a phi family; see linear_model_igd)
  struct L2Radius {
    mag_t m;
    L2Radius() { mag_init(m); }
    L2Radius(const L2Radius& o) { mag_init(m), mag_set(m, o.m); }
    L2Radius& operator=(const L2Radius& o) { mag_set(m, o.m); return *this; }
    ~L2Radius() { mag_clear(m); }
    operator mag_ptr() { return m; }
  } l2_;
  bool l2_valid_ = false;
};

// JKT Alg 1 l.7-l.8 in balls: out = Pi_C(x_next + (beta/t) z) with the keyed draws z, or x_next + noise (a caller's b,
// d doubles taken exactly)
void pocp_release(std::vector<Ball>* out, const Streams& s, const OcpConfig& c, const arb_t beta, std::uint64_t t,
                  const std::vector<Ball>& x_next, const double* noise, slong prec);

// JKT Alg 1 (POCP) around any OCP algorithm A, certified replay of privoco/fast/jkt/learners.hpp's Pocp: A's
// iterates x_{t+1} taken exactly as given, the same draws, the projection.
class PocpReplay {
 public:
  PocpReplay(OcpConfig c, const arb_t beta, slong prec = 256);
  const std::vector<Ball>& released() const { return xhat_; }  // x^_t of the coming round
  std::uint64_t rounds() const { return t_; }
  void release(const double* x_next, const double* noise = nullptr);  // DomainError past round T - 1

 private:
  OcpConfig c_;
  Streams streams_;
  slong prec_;
  Ball beta_;
  std::uint64_t t_ = 0;
  std::vector<Ball> xhat_;
};

// JKT Alg 6 (POL), certified replay of privoco/fast/jkt/pol.hpp's PrivatePol: IGD without noise (PrivateOcpReplay at
// beta 0), the exact average of x_1..x_T, the same noise draw, the projection.
class PrivatePolReplay {
 public:
  PrivatePolReplay(OcpConfig c, const arb_t beta, slong prec = 256);
  void add(const double* g);
  std::uint64_t rows() const { return t_; }
  const std::vector<Ball>& iterate() const { return igd_.hidden(); }  // x_t, the point the next row's add() averages
  std::vector<Ball> average() const;
  // DomainError before T rows. noise: another program's b (d doubles, taken exactly); null: privoco's draw
  std::vector<Ball> release(const double* noise = nullptr) const;

 private:
  OcpConfig c_;
  Ball beta_;
  slong prec_;
  std::uint64_t t_ = 0;
  PrivateOcpReplay igd_;
  std::vector<Ball> sum_;
};

}  // namespace privoco::reference::jkt
