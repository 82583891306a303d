#include <vector>

#include "privoco/errors.hpp"
#include "privoco/reference/banco/magnitude.hpp"

namespace privoco::reference::banco {

DirectionReplay::DirectionReplay(int d, int dir_sign, const arb_t lambda, slong prec)
    : d_(d), sign_(dir_sign), prec_(prec), q_(static_cast<std::size_t>(d)), mid_(static_cast<std::size_t>(d)) {
  mag_init(rho_), mag_init(rho2_);
  if (d < 1) throw DomainError("BANCO.alg.direction", "d", std::to_string(d), "integers >= 1");
  if (dir_sign != 1 && dir_sign != -1) throw DomainError("BANCO.alg.direction", "dir_sign", std::to_string(dir_sign), "{-1, +1}");
  arb_set(lambda_, lambda);
}

void DirectionReplay::update(const double* g) {
  std::vector<Ball> b(static_cast<std::size_t>(d_));
  for (int j = 0; j < d_; ++j) arb_set_d(b[j], g[j]);
  update(b);
}

void DirectionReplay::update(const std::vector<Ball>& g) {
  Ball n, k, one(1.0);
  for (int j = 0; j < d_; ++j) arb_addmul(S_, g[j], g[j], prec_);  // BANCO Alg 1 line 5: sum ||g^_s||^2
  if (arb_is_zero(S_)) return;                                                       // no step before the first nonzero g^
  arb_rsqrt(k, S_, prec_);
  arb_mul(k, k, lambda_, prec_);
  if (sign_ < 0) arb_neg(k, k);
  // q_{t+1/2} = mid + k g^ (mid_: the tracked point; rho_: its l2 distance bound to the exact iterate). The
  // projection (line 6) is 1-Lipschitz in l2: it is taken at the midpoints and the l2 radius carried apart (balls
  // coordinate by coordinate would grow the error by sqrt(d), and q/||q|| by 2, at every projected step).
  mag_t t;
  mag_init(t);
  for (int j = 0; j < d_; ++j) {
    arb_addmul(mid_[j], g[j], k, prec_);
    mag_mul(t, arb_radref(mid_[j].get()), arb_radref(mid_[j].get()));
    mag_add(rho2_, rho2_, t);  // this step's roundings, as an l2 norm (squares summed, then the square root)
    mag_zero(arb_radref(mid_[j].get()));
    arb_addmul(n, mid_[j], mid_[j], prec_);
  }
  mag_sqrt(t, rho2_);
  mag_add(rho_, rho_, t);
  mag_zero(rho2_);
  arb_sqrtpos(n, n, prec_);
  if (!arb_le(n, one)) {
    Ball s;
    arb_inv(s, n, prec_);
    const bool outside = arb_gt(n, one);
    for (int j = 0; j < d_; ++j) {
      Ball w;
      arb_mul(w, mid_[j], s, prec_);
      if (outside) arb_swap(mid_[j], w);
      else arb_union(mid_[j], mid_[j], w, prec_);
    }
  }
  for (int j = 0; j < d_; ++j) {
    arb_set(q_[j], mid_[j]);
    arb_add_error_mag(q_[j].get(), rho_);
  }
  mag_clear(t);
}

}  // namespace privoco::reference::banco
