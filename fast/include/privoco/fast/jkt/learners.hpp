// JKT's private OCP learners in double as streaming learners: PIGD (Alg 2: POCP over IGD, Eq (13)) and PGIGA (Alg 3:
// POCP over GIGA, with its burn-in), on the loss families of privoco/jkt/ocp.hpp over the ball C = {||x|| <= radius}
// (the configuration, readings and draws both parts share). IGD's step is exact: for the isotropic quadratic the
// projection of (t x_t - g_t/alpha)/(t + 1) (the objective is isotropic, so the constrained minimiser is the projected
// unconstrained one); for phi(g_t.x) + alpha/2 ||x||^2 one scalar root (linear_model_igd). GIGA's is the projection
// of x_t - eta_t grad f_t(x_t) (J15 (a)).
// O(d) state, no allocation per round.
#pragma once
#include <cstdint>
#include <vector>

#include "privoco/jkt/ocp.hpp"
#include "privoco/streams.hpp"

namespace privoco::fast::jkt {

using privoco::jkt::DrawKind;
using privoco::jkt::OcpConfig;

// The draws of privoco/jkt/ocp.hpp in double (Box-Muller by privoco/fast/numerics/gaussian_draws.hpp).
double ocp_normal(const Streams& s, DrawKind kind, std::uint64_t coord, std::uint64_t counter);
// The keys of the noise's streams, coordinate by coordinate (u1's and u2's), formed once per learner: a round's
// draws are then one hash per uniform, vectorised (Streams::key is two more per stream).
struct OcpNoiseKeys {
  OcpNoiseKeys() = default;
  OcpNoiseKeys(const Streams& s, int d);  // d >= 1 (a validated configuration's)
  std::vector<std::uint64_t> u1, u2;
};
double ocp_radius_factor(const Streams& s, DrawKind kind, std::uint64_t counter, int d);  // u^{1/d}
// f(x) = alpha/2 ||x||^2 + g.x
double quadratic_loss(int d, double alpha, const double* g, const double* x);
// f_t(x) of the configuration's family (privoco/jkt/ocp.hpp): alpha/2 ||x||^2 + g.x or phi(g.x) + alpha/2 ||x||^2
double ocp_loss(const OcpConfig& c, const double* g, const double* x);
// IGD's step (JKT Eq (13), eta = 1/(alpha t)) for f = phi(v.x) + alpha/2 ||x||^2 on the ball of radius r: the exact
// minimiser up to one scalar root (closed form for hinge and absolute; safeguarded Newton for logistic). out != x.
void linear_model_igd(privoco::jkt::OcpLoss loss, int d, double alpha, double t, double r, const double* x,
                      const double* v, double* out);
// The same step on the box [-r, r]^d: out = clip((x - q v)/k) with q the root of q in eta dphi(v.out(q)), by bisection
// on q (alpha t >= 1/DBL_MAX: eta finite). out != x.
void box_igd(privoco::jkt::OcpLoss loss, int d, double alpha, double t, double r, const double* x, const double* v,
             double* out);
// ||z||_2 without overflow or underflow (scaled by the largest |z_j|)
double norm2(const double* z, int d);
// JKT Alg 2 l.2 (L), Alg 3 (G, J19): does f_t break the bound the noise is calibrated to, ||g|| + alpha max_C ||x||
// <= bound (max_C ||x|| = radius, or radius sqrt(d) for the box; decided in double, with a relative slack of 2^-50)?
// *lip: the left side.
bool exceeds_bound(const OcpConfig& c, const double* g, double bound, double* lip);

struct OcpState {
  std::uint64_t t = 0;             // rounds seen
  std::vector<double> x, xhat;     // x_{t+1} (hidden) and x^_{t+1} (released: the point played next)
};

// JKT Alg 1 l.7-l.8, POCP's release for any OCP algorithm A: x^_{t+1} = Pi_C(x_{t+1} + b_{t+1}), b_{t+1} ~
// N(0, beta^2/t^2 I) from the keyed draws of privoco/jkt/ocp.hpp (the same bits as PrivateOcp's); out may be x_next.
void pocp_release(const OcpNoiseKeys& k, const OcpConfig& c, double beta, std::uint64_t t, const double* x_next,
                  double* out);
// Pi_C(z) in place (JKT.alg.projection): the ball's scaling or the box's clip
void project_onto(const OcpConfig& c, double* z);

// JKT Alg 1 (POCP) around a caller's OCP algorithm A (its update, its state, its costs): released() is x^_t of the
// coming round, release(x_next) takes A's x_{t+1} after round t (t = rounds() + 1 <= T - 1) and forms x^_{t+1}.
// x^_1 is the data-independent start (J23: x1, or uniform on C). PIGD and PGIGA are this with A = IGD, GIGA.
class Pocp {
 public:
  Pocp(OcpConfig c, double beta);  // DomainError as PrivateOcp's
  const double* released() const { return xhat_.data(); }
  std::uint64_t rounds() const { return t_; }
  void release(const double* x_next);  // DomainError: a non-finite coordinate, or a round past T - 1
  const OcpConfig& config() const { return c_; }
  // the whole state: the rounds released and x^_{t+1} (the draws are keyed by round, nothing else is kept);
  // restore validates t <= T - 1, d finite values in C
  std::uint64_t state_t() const { return t_; }
  void restore(std::uint64_t t, const std::vector<double>& xhat);

 private:
  OcpConfig c_;
  double beta_;
  Streams streams_;
  OcpNoiseKeys keys_;
  std::uint64_t t_ = 0;
  std::vector<double> xhat_;
};

class PrivateOcp {
 public:
  // beta: the noise scale, b_{t+1} ~ N(0, beta^2/t^2 I) (JKT.noise.pigd_beta or pgiga_beta); DomainError naming
  // the parameter for a configuration privoco::jkt::validate refuses or beta not in [0, inf).
  PrivateOcp(OcpConfig c, double beta);
  const OcpConfig& config() const { return c_; }
  double beta() const { return beta_; }
  const double* played() const { return st_.xhat.data(); }  // x^_t of the coming round t = rounds() + 1
  std::uint64_t rounds() const { return st_.t; }
  // Round t: f_t (of the family, given by its vector g) arrives; returns f_t(x^_t) (the cost of l.5; whether round T is charged
  // is the caller's reading, J11), then forms x_{t+1} and x^_{t+1} (t <= T - 1). DomainError for a non-finite g or
  // a round past T.
  double update(const double* g);
  const OcpState& state() const { return st_; }
  void restore(const OcpState& s);  // validated: t <= T, sizes, finite values, both points in C (to rounding)

 private:
  void draw_point(DrawKind kind, std::uint64_t counter, double* out) const;
  void project(double* z) const;  // onto C, in place
  OcpConfig c_;
  double beta_;
  Streams streams_;
  OcpNoiseKeys keys_;
  OcpState st_;
  std::vector<double> next_;
};

}  // namespace privoco::fast::jkt
