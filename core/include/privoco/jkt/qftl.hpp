// JKT's PQFTL (Alg 4) as both parts run it: the configuration with its readings and the trees' identities (the fast
// learner forms its noise in double, the certified replay in ball arithmetic, from the same uniforms of Alg 5's
// node draws). The costs are Eq (19)'s family f_t(x) = c (y_t - v_t.x)^2 + a alpha/2 ||x||^2 on C = R^d, the
// coefficients (c, a) the charged loss's reading (J14); the update is Alg 4 l.9 as printed whatever the reading.
#pragma once
#include <cstdint>

namespace privoco::jkt {

enum class QuadLoss { eq19 = 0, alg4 = 1, sec51 = 2 };  // J14, the catalogue's order
enum class REnforce { refuse = 0, clip = 1 };           // J8 (b): data beyond the public R refused, or clipped to it

// J14: f_t = c (y - v.x)^2 + a alpha/2 ||x||^2: Eq (19) (1/2, 1), Alg 4 l.1, l.6 (1, 1), Sec 5.1 (1, 2)
struct QuadCoefficients {
  double c, a;
};
inline QuadCoefficients quad_coefficients(QuadLoss q) {
  return q == QuadLoss::eq19 ? QuadCoefficients{0.5, 1} : q == QuadLoss::alg4 ? QuadCoefficients{1, 1} : QuadCoefficients{1, 2};
}

struct QftlConfig {
  int d = 1;
  std::uint64_t T = 2;      // horizon: updates for t = 1..T-1 (JKT Alg 4 l.5), both trees' T; round T only costs
  double alpha = 1;         // Alg 4 l.9's t alpha I (and the charged loss's alpha)
  double R = 1;             // the public bound on |y_t| and ||v_t|| (J8 (b): fixed before the run)
  REnforce enforce = REnforce::refuse;
  QuadLoss loss = QuadLoss::eq19;
  // the update's t alpha I: Alg 4 l.9 prints alpha (0 here means alpha); FTL (Eq (20)) of the charged loss c (y -
  // v.x)^2 + a alpha/2 ||x||^2 solves (V + t (a alpha/(2c)) I) x = u (ftl_step_alpha)
  double step_alpha = 0;
  std::uint64_t seed = 1;
};

// FTL's alpha for the charged loss (J14): a alpha/(2c), which is alpha under Eq (19) and Sec 5.1, alpha/2 under Alg 4
inline double ftl_step_alpha(const QftlConfig& c) {
  const QuadCoefficients k = quad_coefficients(c.loss);
  return k.a * c.alpha / (2 * k.c);
}
inline double step_alpha_of(const QftlConfig& c) { return c.step_alpha > 0 ? c.step_alpha : c.alpha; }

// Alg 5 tree ids of the two trees (privoco/fast/jkt/private_sum.hpp's `tree`): the V-tree over v_t v_t^T (d^2
// coordinates, row concatenation) and the u-tree over y_t v_t
constexpr std::uint64_t kQftlTreeV = 10, kQftlTreeU = 11;

// ||z||_2 in double without overflow or underflow (scaled by the largest |z_j|)
double norm2(const double* z, int d);
// J8 (b): the round's data as the learner takes them, the same doubles in both parts: non-finite values refused;
// beyond R (with a relative slack of 2^-50, for decimals on the sphere) refused (DomainError naming y_t or v_t) or
// clipped (|y| to R, v scaled by R/||v||, in double). Returns whether anything was clipped.
bool take_data(const QftlConfig& c, double y, const double* v, double* y_out, double* v_out);

// DomainError naming the parameter: d < 1, T < 2, alpha or R not in (0, inf), d^2 beyond 2^31 - 1.
void validate(const QftlConfig& c);

}  // namespace privoco::jkt
