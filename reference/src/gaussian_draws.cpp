#include "privoco/reference/gaussian_draws.hpp"

#include "privoco/reference/ball.hpp"

namespace privoco::reference {

void box_muller(arb_t z, double u1d, double u2d, slong prec, bool sine) {
  Ball u1, c;
  arb_set_d(u1, u1d);
  arb_set_d(c, u2d);
  arb_mul_2exp_si(c, c, 1);
  if (sine) arb_sin_pi(c, c, prec);  // sin(2 pi u2), no rounding of 2 pi
  else arb_cos_pi(c, c, prec);
  arb_log(u1, u1, prec);
  arb_mul_si(u1, u1, -2, prec);
  arb_sqrt(u1, u1, prec);
  arb_mul(z, u1, c, prec);
}

void gaussian_draw(arb_t z, const Streams& s, std::uint64_t stream, std::uint64_t coord, slong prec) {
  const std::uint64_t p = coord >> 1;
  box_muller(z, s.uniform(stream, 2 * p), s.uniform(stream, 2 * p + 1), prec, (coord & 1) != 0);
}

}  // namespace privoco::reference
