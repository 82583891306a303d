#include "privoco/reference/jkt/private_sum.hpp"

#include <string>

#include "privoco/errors.hpp"

namespace privoco::reference::jkt {

namespace {
int bitlen(std::uint64_t x) { return x == 0 ? 0 : 64 - __builtin_clzll(x); }
}  // namespace

void node_draw(arb_t z, const Streams& s, std::uint64_t tree, int h, std::uint64_t q, std::uint64_t coord, slong prec) {
  const std::uint64_t stream = (tree << 32) | (coord << 1), counter = (q << 6) | static_cast<std::uint64_t>(h);
  box_muller(z, s.uniform(stream, counter), s.uniform(stream | 1, counter), prec);
}

void box_muller(arb_t z, double u1d, double u2d, slong prec) {
  Ball u1, c;
  arb_set_d(u1, u1d);
  arb_set_d(c, u2d);
  arb_mul_2exp_si(c, c, 1);
  arb_cos_pi(c, c, prec);  // cos(2 pi u2), no rounding of 2 pi
  arb_log(u1, u1, prec);
  arb_mul_si(u1, u1, -2, prec);
  arb_sqrt(u1, u1, prec);
  arb_mul(z, u1, c, prec);
}

PrivateSumReplay::PrivateSumReplay(int d, std::uint64_t T, const arb_t sigma, std::uint64_t seed, std::uint64_t tree,
                                   slong prec)
    : d_(d), K_(bitlen(T)), T_(T), tree_(tree), streams_(seed), prec_(prec) {
  if (d < 1) throw DomainError("JKT.alg.private_sum", "d", std::to_string(d), "integers >= 1");
  arb_set(sigma_, sigma);
  a_.resize(static_cast<std::size_t>(K_) * d_);
}

void PrivateSumReplay::add(const double* w, std::vector<Ball>* noisy, std::vector<Ball>* exact) {
  if (t_ >= T_)
    throw DomainError("JKT.alg.private_sum", "T", std::to_string(T_), "at least the number of rows (row " +
                                                                          std::to_string(t_ + 1) + " arrived)");
  const std::uint64_t t = ++t_;
  const int i = __builtin_ctzll(t);
  for (int j = 0; j < d_; ++j) {
    Ball cur;
    arb_set_d(cur, w[j]);
    for (int h = 0; h < i; ++h) {  // exact: sums of doubles at ARF_PREC_EXACT
      Ball& r = a_[static_cast<std::size_t>(h) * d_ + j];
      arb_add(cur, cur, r, ARF_PREC_EXACT);
      arb_zero(r);
    }
    arb_set(a_[static_cast<std::size_t>(i) * d_ + j], cur);
  }
  noisy->assign(static_cast<std::size_t>(d_), Ball());
  exact->assign(static_cast<std::size_t>(d_), Ball());
  for (int j = 0; j < d_; ++j)
    for (int h = K_ - 1; h >= 0; --h)
      if ((t >> h) & 1) {
        const Ball& node = a_[static_cast<std::size_t>(h) * d_ + j];
        Ball z;
        node_draw(z, streams_, tree_, h, (t >> h) - 1, static_cast<std::uint64_t>(j), prec_);
        arb_mul(z, z, sigma_, prec_);
        arb_add(z, z, node, prec_);
        arb_add((*noisy)[j], (*noisy)[j], z, prec_);
        arb_add((*exact)[j], (*exact)[j], node, ARF_PREC_EXACT);
      }
}

}  // namespace privoco::reference::jkt
