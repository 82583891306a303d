// Seeded runs of JKT's private OCP learners (PIGD, PGIGA; privoco/fast/jkt/learners.hpp) on one fixed loss stream
// f_t = alpha/2 ||x||^2 + g_t.x over the ball of radius r, for the regret bounds' checks: the non-private run's
// regret (the base algorithm's R_A on the same stream) and a confidence bound on the private runs' mean regret.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include <arb.h>

#include "privoco/jkt/ocp.hpp"

namespace privoco::proofs::jkt {

struct OcpRunStats {
  long n = 0;              // private runs (each with its own noise and start)
  double mean = 0, var = 0;  // of the realised regret over T rounds (every round charged: Def 1)
  double width = 0;        // the range every run's regret lies in: 4 r L T (each round's cost difference <= 2 r L)
  double lcb = 0;          // empirical Bernstein lower confidence bound on the expected regret at level `level`
  double base_regret = 0;  // the same stream's regret without noise, from x_1 = 0 (R_A of Thm 2)
  std::vector<double> g;   // the stream, g_1..g_T (d values each)
  std::vector<double> regrets;  // each private run's regret (in double; rounding far below 1e-12 relative)
};

// The noiseless run's regret on st.g certified: the replay (privoco/reference/jkt/learners.hpp) at beta = 0 from
// x_1 = 0, against the exact comparator.
void certified_base_regret(arb_t res, privoco::jkt::OcpConfig c, const std::vector<double>& g);

// c: the learner (update, d, T, alpha, radius, tq, readings); every run starts at x_1 = x^_1 = 0 (J23 given, also the
// burn-in's points), so the hidden iterates are the noiseless run's and regret - base_regret is the noise's cost; the
// private runs' seeds derive from `seed`. g_t uniform in the ball of radius gmax (stream from `seed`); L = gmax +
// alpha r. lcb = mean - sqrt(2 var ln(2/level)/n) - 7 width ln(2/level)/(3(n - 1))
// (Maurer and Pontil 2009, Thm 4): P(E regret < lcb) <= level.
OcpRunStats simulate_ocp(privoco::jkt::OcpConfig c, double beta, double gmax, long n, std::uint64_t seed, double level);

// The set-up the regret bounds' checks share (JKT Thm 2, Cor 1, Thm 4, Thm 6): PIGD or PGIGA on f_t = alpha/2
// ||x||^2 + g_t.x over the unit ball, alpha = 1, ||g_t|| <= 1/2 (L = G = 3/2), delta = 0.5, c_parse = ln_of_half_ln,
// the printed beta (PGIGA: lambda = 2G, L_G = alpha: t_q = 2), x_1 = x^_1 = 0, every round charged. For each (d, T,
// eps) of the grid, n runs (simulate_ocp at run_seed(d, T) and `level`), handed to `each` with their configuration.
constexpr double kGridAlpha = 1, kGridRadius = 1, kGridGmax = 0.5, kGridL = kGridGmax + kGridAlpha * kGridRadius,
                 kGridDelta = 0.5;
struct OcpGridPoint {
  int d;
  std::uint64_t T;
  double eps;
  const privoco::jkt::OcpConfig& config;
  const OcpRunStats& runs;
};
void ocp_grid(bool giga, const std::vector<int>& ds, const std::vector<std::uint64_t>& Ts, const std::vector<double>& epss,
              long n, double level, const std::function<std::uint64_t(int d, std::uint64_t T)>& run_seed,
              const std::function<void(const OcpGridPoint&)>& each);

}  // namespace privoco::proofs::jkt
