// JKT's private OCP learners (PIGD, Alg 2; PGIGA, Alg 3) as both parts run them: the configuration with its readings,
// the rule of PGIGA's burn-in, and the keys of the counter-based draws (the fast part forms them in double, the
// certified replay in ball arithmetic, from the same uniforms). The losses are alpha-strongly convex families on
// C (a ball or a box about 0, OcpDomain) whose IGD step is exact: the isotropic quadratic f_t(x) = alpha/2 ||x||^2 + g_t.x,
// and phi(g_t.x) + alpha/2 ||x||^2 for a convex 1-Lipschitz phi (logistic, hinge, absolute; OcpLoss).
#pragma once
#include <cstdint>
#include <vector>

namespace privoco::jkt {

enum class GigaEta { two_over_alpha_t = 0, one_over_alpha_t = 1 };     // J16, the catalogue's order
enum class OcpUpdate { igd = 0, giga = 1, external = 2 };  // Alg 2 (PIGD), Alg 3 (PGIGA), Alg 1 around a caller's A
enum class TqBurnin { random_tq = 0, update_from_tq_minus_1 = 1 };     // J7
enum class InitReading { given = 0, uniform = 1 };                     // J23: x1 given, or uniform on C
enum class InitCoupling { independent = 0, same = 1 };                 // J23: x^_1 and x_1 independent, or one draw
// The loss family (the catalogue's order): f_t = alpha/2 ||x||^2 + g_t.x, or phi(g_t.x) + alpha/2 ||x||^2 with
// phi(z) = ln(1 + e^-z) (logistic), max(0, 1 - z) (hinge), |1 - z| (absolute: piecewise linear with two slopes).
// Each phi is convex with |phi'| <= 1, so ||g_t|| + alpha radius bounds the Lipschitz constant on C for every family.
enum class OcpLoss { quadratic = 0, logistic = 1, hinge = 2, absolute = 3 };
// C: the ball {||x|| <= radius} or the box [-radius, radius]^d (both centred at 0, projections exact: the scaling
// onto the sphere, the coordinatewise clip)
enum class OcpDomain { ball = 0, box = 1 };

struct OcpConfig {
  OcpUpdate update = OcpUpdate::igd;
  int d = 1;
  std::uint64_t T = 2;      // horizon: updates for t = 1..T-1 (JKT Alg 2 l.4, Alg 3 l.4); round T only costs
  double alpha = 1;         // the family's strong convexity, and the steps' alpha (JKT Alg 2 l.6, Alg 3 l.6)
  double radius = 1;        // C: the ball of this radius about 0
  GigaEta giga_eta = GigaEta::two_over_alpha_t;
  std::uint64_t tq = 1;     // PGIGA's integer burn-in t_q (JKT.const.giga_tq); 1 for PIGD
  TqBurnin burnin = TqBurnin::random_tq;
  InitReading init = InitReading::uniform;
  std::vector<double> x1;   // init = given: the data-independent point (in C), also every burn-in point
  InitCoupling coupling = InitCoupling::independent;
  OcpLoss loss = OcpLoss::quadratic;
  OcpDomain domain = OcpDomain::ball;
  std::uint64_t seed = 1;
};

// The largest norm of a point of C: radius (ball), radius sqrt(d) (box); the Lipschitz bounds use it.
double ocp_max_norm(const OcpConfig& c);

// The families' phi and the derivative GIGA steps with (at a kink the subgradient of least magnitude, 0), in double.
double ocp_phi(OcpLoss loss, double z);
double ocp_phi_slope(OcpLoss loss, double z);

// The ID whose name a learner's errors carry: JKT.alg.igd_update, JKT.alg.giga_update or JKT.alg.pocp.
const char* ocp_id(OcpUpdate u);
// DomainError naming the parameter: d < 1, T < 2, alpha or radius not in (0, inf), tq < 1, a given x1 of the wrong
// size, not finite or outside C (its norm computed exactly enough to decide: |x1|^2 <= radius^2 by long sums).
void validate(const OcpConfig& c);

// Does round t form its successor by the OCP step, or by a draw (PGIGA's burn-in, JKT Alg 3 l.3-l.4, J7: random
// points up to x_{t_q} under random_tq, up to x_{t_q - 1} with x_{t_q} from one update at t_q - 1)?
inline bool ocp_steps_at(const OcpConfig& c, std::uint64_t t) {
  const std::uint64_t first = c.burnin == TqBurnin::random_tq ? c.tq : (c.tq > 2 ? c.tq - 1 : 1);
  return t >= first;
}

// The draws: noise b_{t+1} (counter t), hidden points x_k and released points x^_k (counter k) of the start and
// the burn-in. A standard normal is Box-Muller's cosine branch sqrt(-2 ln u1) cos(2 pi u2) of the uniforms at
// (ocp_stream(kind, coord), counter) and (ocp_stream(kind, coord) | 1, counter); a uniform point of the d-ball is a
// normal direction with radius r u^{1/d}, u at (ocp_radius_stream(kind), counter); of the box, r (2u - 1) per
// coordinate with u the first of the coordinate's two uniforms.
enum class DrawKind : std::uint64_t { noise = 0, hidden = 1, released = 2 };
inline std::uint64_t ocp_stream(DrawKind kind, std::uint64_t coord) {
  return (std::uint64_t{1} << 40) | (static_cast<std::uint64_t>(kind) << 33) | (coord << 1);
}
inline std::uint64_t ocp_radius_stream(DrawKind kind) {
  return (std::uint64_t{1} << 40) | (static_cast<std::uint64_t>(kind) << 33) | (std::uint64_t{1} << 32);
}

}  // namespace privoco::jkt
