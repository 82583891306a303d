// BANCO's full update (Alg 1) as both parts run it: the configuration with its readings, the Thm 2 instance's noise
// constants, and the key of the noise draws (the fast part forms them in double, the certified replay in ball
// arithmetic, from the same uniforms). The learner receives g_t (the true negative subgradient, ||g_t|| <= G), adds
// the Laplace-l2 noise xi_t (or takes another program's) and plays w_t = m_t q_t.
#pragma once
#include <cmath>
#include <cstdint>

namespace privoco::banco {

// Readings as the indices of their choices in the catalogue (core/src/catalogue/banco.cpp): k1_value {printed,
// root}, a_reading {inv_b, inv_2b}, c_reading {sigma1d2, sigma2}, b_reading {four_over_eps, eps_over_four},
// sigma1d2_mode {printed, minimal}; dir_sign +1 or -1.
struct BancoConfig {
  int d = 1;
  std::uint64_t T = 1;  // horizon: at most T rounds
  double G = 1;         // ||g_t|| <= G, checked per round (BANCO Sec 2); the noise scales with it
  double eps = 1;       // the Laplace-l2 mechanism's level: xi ~ exp(-(eps/(2G)) ||z||) (BANCO Sec 3; G = 1 in Thm 2)
  double lambda = 1;    // R4: the direction step's coefficient
  int dir_sign = 1;     // R3
  int k1_value = 0, a_reading = 0, c_reading = 0, b_reading = 0, sigma1d2_mode = 0;
  // the noise constants (sigma^2 of eq (1); sigma_1D^2, b of eq (2)); NaN: the Thm 2 instance's, scaled by G (see
  // noise_constants); a value: the caller's (another noise law, or a deliberate choice)
  double sigma2 = NAN, sigma1d2 = NAN, b = NAN;
  std::uint64_t seed = 1;
};

inline const char* kBancoId = "BANCO.alg.banco";

// DomainError naming the parameter: d < 1, T < 1, G, eps, lambda not in (0, inf), dir_sign not +-1, a reading
// index out of range, a given sigma2 or sigma1d2 not in (0, inf) or b not in [0, inf).
void validate(const BancoConfig& c);

// The draws of round t: xi_t = G xi' with xi' from VDH's l2 randomiser at eps (privoco/fast/vdh/randomisers.hpp:
// R ~ Gamma(d, 2/eps) as d exponentials, a Box-Muller direction) on stream noise_stream(t).
inline std::uint64_t noise_stream(std::uint64_t t) { return (std::uint64_t{2} << 62) | t; }

}  // namespace privoco::banco
