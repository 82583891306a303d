// JKT's constants of PIGD (Alg 2) and PGIGA (Alg 3) in double: step sizes, the burn-in t_q, the noise scales.
#pragma once
#include "privoco/fast/jkt/pocp.hpp"
#include "privoco/jkt/ocp.hpp"
#include "privoco/fast/value.hpp"

namespace privoco::fast::jkt {

using GigaEta = privoco::jkt::GigaEta;                                       // J16
enum class TqRounding { ceil = 0, floor_plus_1 = 1, ceil_plus_1 = 2 };       // J6
enum class PgigaLambda { alg3 = 0, lem5 = 1 };                              // J17: 2G, or 2G/alpha

// JKT.const.igd_step: eta_t = 1/(alpha t) (JKT Alg 2 l.6, Alg 6 l.8).
Value igd_step(double alpha, double t);
// JKT.const.giga_step: eta_t = 2/(alpha t) (Alg 3 l.6) or 1/(alpha t) (Sec 3.4).
Value giga_step(double alpha, double t, GigaEta eta);
// JKT.const.giga_tq: the integer burn-in of Alg 3 l.2 (t_q = 2 L_G^2/alpha^2 rounded per J6), exact below 2^53
// (the rounding decided by an exact sign of 2 L_G^2 - k alpha^2); DomainError when L_G < alpha (no function has them).
Value giga_tq(double L_G, double alpha, TqRounding r);
// JKT.noise.pigd_beta: Alg 2 l.8, JKT.noise.pocp_beta at lambda_A = 2L.
Value pigd_beta(double L, double eps, double delta, double T, CParse parse);
// JKT.noise.pgiga_beta: Alg 3 l.8, JKT.noise.pocp_beta at lambda_A = 2G (alg3) or 2G/alpha (lem5).
Value pgiga_beta(double G, double alpha, double eps, double delta, double T, CParse parse, PgigaLambda lambda);

enum class CNorm { diameter = 0, radius = 1 };  // J5: ||C||_2 of the ball
enum class LogBase2 { e = 0, two = 1 };          // J2: log_base_regret
// JKT.bound.pigd: Thm 4's right side, C_const ((L^2/alpha + ||C||) sqrt(d) ln^1.5(T/delta)/sqrt(eps)) sqrt(T), C the
// ball of radius `radius` (||C|| per J5), C_const the printed unspecified constant (J28).
Value pigd_bound(double L, double alpha, double radius, CNorm cn, double eps, double delta, double T, double d,
                 double C_const);
enum class IgdRegretWhich { derived = 0, printed_o = 1 };
// JKT.bound.igd_regret: IGD's regret bound (eta_t = 1/(alpha t)), derived (L^2/(2 alpha)) H_T + (alpha/2) ||C||^2, or
// the printed O(L^2/alpha log T + ||C||) at constant 1 (Sec 3.3).
Value igd_regret_bound(double L, double alpha, double radius, CNorm cn, double T, IgdRegretWhich which);
// JKT.bound.pgiga: Thm 6's right side, 4 sqrt(d)(G/alpha + ||C||) G ln^2(T/delta) sqrt(T)/sqrt(eps) + 2G^2/alpha
// (1 + log T) + 2 L_G^2 G ||C||/alpha^2 (log per J2).
Value pgiga_bound(double G, double alpha, double L_G, double radius, CNorm cn, double eps, double delta, double T,
                  double d, LogBase2 base);

}  // namespace privoco::fast::jkt
