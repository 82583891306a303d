// JKT's POCP constants (Alg 1 l.7, Lem 1) in double, by the closed form of T^{0.5+c} derived from the definition of
// c in the proof of Thm 1 (delta = 2 exp(-2 T^{2c})): under c_parse = ln_of_half_ln, T^{0.5+c} = sqrt(T ln(2/delta)/2);
// under ln_half_times_ln, T^{0.5+c} = sqrt(T) (2/delta)^{-ln(2)/2}. Never pow(T, 0.5 + c) from a rounded c.
#pragma once
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/xd.hpp"
#include "privoco/fast/value.hpp"

namespace privoco::fast::jkt {

enum class CParse { ln_of_half_ln = 0, ln_half_times_ln = 1 };  // J3, the table's order
enum class CWhich { c = 0, scale = 1 };                         // c, or T^{0.5+c}

// JKT.const.c_exponent: c = ln((1/2) ln(2/delta)) / (2 ln T) (ln_of_half_ln; near delta = 2/e^2, where the
// numerator crosses 0, from ln delta in double-double) or (ln 1/2) ln(2/delta) / (2 ln T); or T^{0.5+c}.
Value c_exponent(double T, double delta, CParse parse, CWhich which);
// JKT.const.eps1_per_step: eps_1 = sqrt(eps) / T^{0.5+c}.
Value eps1_per_step(double eps, double delta, double T, CParse parse);
// JKT.noise.pocp_beta: beta = lambda_A T^{0.5+c} sqrt((2/eps)(ln(T/delta) + sqrt(eps)/T^{0.5+c})), in logarithms
// where it would overflow (status overflow with ln beta).
Value pocp_beta(double lambda_A, double eps, double delta, double T, CParse parse);
// The same without the domain checks, over the whole range (for the bounds built on it)
xd pocp_beta_xd(double lambda_A, double eps, double delta, double T, CParse parse);

}  // namespace privoco::fast::jkt

namespace privoco::fast::jkt {

enum class ChiWhich { mean = 0, variance = 1, variance_printed = 2 };
// JKT.noise.chi_norm: for b ~ N(0, s^2 I_d) (s = beta/t, JKT Thm 2 proof), E||b|| = s sqrt2 Gamma((d+1)/2)/Gamma(d/2)
// and Var||b|| = s^2 (d - 2 Gamma((d+1)/2)^2/Gamma(d/2)^2) (the chi law with d degrees of freedom, scaled), or the
// printed variance s^2 (d - mu^2) with mu the scaled mean. The Gamma ratio by its recurrence in double-double (d <=
// 200) or the asymptotic series of its logarithm; d - 2 ratio^2 without cancellation.
Value chi_norm(double d, double s, ChiWhich which);
enum class NoiseSumWhich { exact = 0, line1 = 1, line2 = 2, line3 = 3 };
// JKT.bound.pocp_noise_sum: E sum_{t=1}^{T-1} ||b_{t+1}|| = sqrt2 beta R(d) H_{T-1} (R(d) = Gamma((d+1)/2)/Gamma(d/2);
// the chi mean of JKT.noise.chi_norm, H_{T-1} in double-double: a table to 64 terms, ln n + gamma + Bernoulli terms
// beyond), or Eq (12)'s printed lines 1-3; beyond the double range status with ln|value|.
Value pocp_noise_sum(double lambda_A, double eps, double delta, double T, double d, CParse parse, NoiseSumWhich which);
// H_n in double-double
dd harmonic_dd(double n);
// JKT.const.delta_typical: delta = exp(-T) (JKT Sec 2.2); below the normal range from T = 709 (status, ln = -T).
Value delta_typical(double T);

enum class CNorm;  // privoco/fast/jkt/igd_giga.hpp (J5)
// JKT.bound.pocp_expected: Thm 2's right side, 2 sqrt(d) L (lambda_A + ||C||) sqrt(T) ln^2(T/delta)/sqrt(eps) + R_A,
// C the ball of radius `radius` (||C|| per J5), R_A the base algorithm's regret bound (a number).
Value pocp_expected(double lambda_A, double L, double radius, CNorm cn, double eps, double delta, double T, double d,
                    double R_A);
// JKT.bound.pocp_hp: Cor 1, the same with sqrt(eps gamma).
Value pocp_hp(double lambda_A, double L, double radius, CNorm cn, double eps, double delta, double T, double d,
              double R_A, double gamma);

}  // namespace privoco::fast::jkt
