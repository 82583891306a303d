// JKT's Private Offline Learning (Alg 6) constants in double: alpha, L' and the noise scale beta.
#pragma once
#include <cstdint>
#include <vector>

#include "privoco/fast/jkt/learners.hpp"
#include "privoco/jkt/ocp.hpp"
#include "privoco/fast/value.hpp"

namespace privoco::fast::jkt {

// JKT.const.pol_alpha: alpha = eps_g/||x*||^2 (JKT Alg 6 l.5), ||x*|| the public bound x_star_norm (J25).
Value pol_alpha(double eps_g, double x_star_norm);
// JKT.const.pol_Lprime: L' = L + alpha ||x*|| = L + eps_g/||x*|| (JKT Thm 10 proof, Thm 11, Eq (37)).
Value pol_Lprime(double L, double eps_g, double x_star_norm);
// JKT.noise.pol_beta: beta = 2 sqrt2 (L + alpha ||x*||) ln T/(T eps_p) sqrt(ln(1/delta) + eps_p) (JKT Alg 6 l.13).
Value pol_beta(double L, double eps_g, double x_star_norm, double T, double eps_p, double delta);

// JKT Alg 6 (POL) as a streaming learner: IGD (JKT.alg.igd_update's exact step) on l(x; z_t) + alpha/2 ||x||^2 with
// the linear losses l(x; z_t) = g_t.x, alpha = eps_g/||x*||^2 (JKT.const.pol_alpha) and C the ball of radius ||x*||
// (J25); the average of x_1..x_T kept as it runs (double-double sums, O(d) state); release(): x^ = Pi_C(x-bar + b),
// b ~ N(0, beta^2 I) at the draw keys of privoco/jkt/ocp.hpp (kind noise, counter T + 1), beta = JKT.noise.pol_beta.
class PrivatePol {
 public:
  // c: update igd, d, T (the number of data points), alpha, radius = ||x*||, init (J23), seed; beta >= 0 finite
  PrivatePol(privoco::jkt::OcpConfig c, double beta);
  void add(const double* g);                 // z_t's linear term; DomainError past T rows or for a non-finite g
  std::uint64_t rows() const { return t_; }
  const std::vector<double>& average() const;  // x-bar = (1/t) sum_{s <= t} x_s, the rows so far
  std::vector<double> release() const;       // Alg 6 l.13-l.14 (after T rows; DomainError before)

 private:
  privoco::jkt::OcpConfig c_;
  double beta_;
  std::uint64_t t_ = 0;
  PrivateOcp igd_;                   // IGD without noise (JKT.alg.igd_update): its hidden iterate is x_{t+1}
  std::vector<double> hi_, lo_;      // the sum of x_1..x_t in double-double
  mutable std::vector<double> avg_;
};

enum class PolNoiseWhich { first = 0, second = 1, tail = 2 };
// JKT.bound.pol_noise_norm: Eq (37)'s thresholds for ||b||, b ~ N(0, beta^2 I_d) at Alg 6's beta: 3 sqrt(d) beta
// sqrt(ln(1/gamma)) (first), 12 sqrt(d) L' ln T/(T eps_p) sqrt(ln(1/gamma) ln(1/delta)) (second), or the exact
// P(||b|| > first) = P(chi^2_d > 9 d ln(1/gamma)) (tail; the printed claim is that it is at most gamma/2).
Value pol_noise_norm(double d, double gamma, double L, double eps_g, double x_star_norm, double T, double eps_p,
                     double delta, PolNoiseWhich which);
// JKT.bound.kt08_risk: Thm 11's right side, eps_g/2 + R_A/T + (4/T) sqrt(L'^2 R_A ln(4 ln T/gamma)/alpha) +
// max(16 L'^2/alpha, 6) ln(4 ln T/gamma)/T at Alg 6's alpha = eps_g/||x*||^2 and L'.
Value kt08_risk(double gamma, double T, double L, double eps_g, double x_star_norm, double R_A);
enum class PolUtilityWhich { condition = 0, final_display = 1 };
// JKT.bound.pol_utility: Thm 12's sample-size condition C max(sqrt(d) L L' sqrt(ln(1/gamma) ln(1/delta))/(eps_g
// eps_p), L'^2 ||x*||^2 ln T ln(ln T/gamma)/eps_g^2), or the proof's final display of the excess risk at T.
Value pol_utility(double d, double gamma, double L, double eps_g, double x_star_norm, double T, double eps_p,
                  double delta, double C_const, PolUtilityWhich which);
// JKT.bound.cms11_sample: the sample size Sec 4.2 quotes from [3], ||x*||^2 ln(1/delta)/eps_g^2 + d ||x*||/(eps_g
// eps_p) (the O's constant 1).
Value cms11_sample(double x_star_norm, double delta, double eps_g, double eps_p, double d);

}  // namespace privoco::fast::jkt
