// MIP's private OGD (Alg 1, full information; Alg 2, bandit) as both parts run it: the configuration with its
// readings, the loss families of runs from a file, and the keys of the noise and direction draws (the fast part
// forms them in double, the certified replay in ball arithmetic, from the same uniforms).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace privoco::mip {

enum class Shape { ball = 0, box = 1 };             // S: the ball about c of radius h_j (all equal), or the box c +- h
enum class W1Reading { proj_zero = 0, given = 1 };  // M2: w_1 = Pi_S(0), or the caller's w1 in S
enum class LossPoint { queried = 0, center = 1 };   // M7: Alg 2 charges f_t(w_t + delta e_t), or f_t(w_t)
// The families of a run from a file, f_t given by its vector g_t: linear f_t(w) = g_t.w (z_t = g_t; a run with any
// losses is replayed from the subgradients it used), and quadratic f_t(w) = ||w - g_t||^2/2 (z_t = w_t - g_t).
enum class Loss { linear = 0, quadratic = 1 };

struct OgdConfig {
  bool bandit = false;  // Alg 2
  int d = 1;
  std::uint64_t T = 1;  // horizon: at most T rounds
  double eta = 1, sigma = 1, L = 1, delta = 1;  // delta: Alg 2 only
  Shape shape = Shape::ball;
  std::vector<double> c, h;  // S's centre and half-widths (a ball: every h_j its radius)
  W1Reading w1_reading = W1Reading::proj_zero;
  std::vector<double> w1;  // w1_reading = given
  LossPoint loss_point = LossPoint::queried;
  Loss loss = Loss::linear;
  std::uint64_t seed = 1;
};

// MIP.alg.bandit or MIP.alg.full_info: the ID a learner's errors carry
inline const char* ogd_id(bool bandit) { return bandit ? "MIP.alg.bandit" : "MIP.alg.full_info"; }
// DomainError naming the parameter: d < 1, T < 1, eta, sigma, L, delta not in (0, inf) (sigma in [0, inf): 0 runs
// the noiseless learner), c or h of the wrong size or not finite, h_j <= 0, a ball with unequal h_j, a given w1 of
// the wrong size, not finite or outside S (decided in double with a relative slack of 2^-50).
void validate(const OgdConfig& c);

// The Lipschitz constant of f_t on S (Alg 1) or on S + delta B (Alg 2), in double, rounded up: ||g|| (linear),
// sup ||w - g|| (quadratic). A run refuses an f_t whose constant exceeds L (MIP.const.L).
double lipschitz(const OgdConfig& c, const double* g);

// The draws of round t: v_t = sigma N(0, I_d) from coordinates 0..d-1 of noise_stream(t), e_t = N/||N|| from
// direction_stream(t) (privoco/fast/numerics/gaussian_draws.hpp: Box-Muller pairs over each stream's counters).
inline std::uint64_t noise_stream(std::uint64_t t) { return (std::uint64_t{3} << 62) | (t << 1); }
inline std::uint64_t direction_stream(std::uint64_t t) { return (std::uint64_t{3} << 62) | (t << 1) | 1; }

}  // namespace privoco::mip
