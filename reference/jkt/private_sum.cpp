#include "privoco/reference/jkt/private_sum.hpp"

#include <cmath>
#include <string>

#include "privoco/errors.hpp"

namespace privoco::reference::jkt {

namespace {
int bitlen(std::uint64_t x) { return x == 0 ? 0 : 64 - __builtin_clzll(x); }
}  // namespace

void node_draw(arb_t z, const Streams& s, std::uint64_t tree, int h, std::uint64_t q, std::uint64_t coord, slong prec) {
  // privoco/fast/jkt/private_sum.hpp's keys: the node's stream, the coordinate pair's counters 2p, 2p + 1
  gaussian_draw(z, s, (tree << 59) | (q << 6) | static_cast<std::uint64_t>(h), coord, prec);
}

PrivateSumReplay::PrivateSumReplay(int d, std::uint64_t T, const arb_t sigma, std::uint64_t seed, std::uint64_t tree,
                                   slong prec)
    : d_(d), K_(bitlen(T)), T_(T), tree_(tree), streams_(seed), prec_(prec) {
  if (d < 1) throw DomainError("JKT.alg.private_sum", "d", std::to_string(d), "integers >= 1");
  arb_set(sigma_, sigma);
  a_.resize(static_cast<std::size_t>(K_) * d_);
  ahat_.resize(static_cast<std::size_t>(K_) * d_);
  abs_.assign(static_cast<std::size_t>(d_), 0.0);
}

void PrivateSumReplay::add(const double* w, std::vector<Ball>* noisy, std::vector<Ball>* exact) {
  std::vector<Ball> wb(static_cast<std::size_t>(d_));
  for (int j = 0; j < d_; ++j) arb_set_d(wb[j], w[j]);
  add(wb, noisy, exact);
}

void PrivateSumReplay::add(const std::vector<Ball>& w, std::vector<Ball>* noisy, std::vector<Ball>* exact,
                           std::vector<double>* magnitude) {
  if (t_ >= T_)
    throw DomainError("JKT.alg.private_sum", "T", std::to_string(T_), "at least the number of rows (row " +
                                                                          std::to_string(t_ + 1) + " arrived)");
  const std::uint64_t t = ++t_;
  const int i = __builtin_ctzll(t);
  for (int j = 0; j < d_; ++j) {
    Ball cur(w[j]);
    for (int h = 0; h < i; ++h) {  // exact for exact inputs: sums at ARF_PREC_EXACT
      Ball& r = a_[static_cast<std::size_t>(h) * d_ + j];
      arb_add(cur, cur, r, ARF_PREC_EXACT);
      arb_zero(r);
      arb_zero(ahat_[static_cast<std::size_t>(h) * d_ + j]);
    }
    const std::size_t k = static_cast<std::size_t>(i) * d_ + j;
    arb_set(a_[k], cur);
    node_draw(ahat_[k], streams_, tree_, i, (t >> i) - 1, static_cast<std::uint64_t>(j), prec_);  // JKT Alg 5 l.8
    arb_mul(ahat_[k], ahat_[k], sigma_, prec_);
    arb_add(ahat_[k], ahat_[k], cur, prec_);
  }
  noisy->assign(static_cast<std::size_t>(d_), Ball());
  exact->assign(static_cast<std::size_t>(d_), Ball());
  for (int j = 0; j < d_; ++j) abs_[j] += std::fabs(arf_get_d(arb_midref(w[j].get()), ARF_RND_NEAR));
  if (magnitude) *magnitude = abs_;
  for (int j = 0; j < d_; ++j)  // l.13-l.14: the nodes of t's 1-bits
    for (int h = K_ - 1; h >= 0; --h)
      if ((t >> h) & 1) {
        const std::size_t k = static_cast<std::size_t>(h) * d_ + j;
        arb_add((*noisy)[j], (*noisy)[j], ahat_[k], prec_);
        arb_add((*exact)[j], (*exact)[j], a_[k], ARF_PREC_EXACT);
        if (magnitude) (*magnitude)[j] += std::fabs(arf_get_d(arb_midref(ahat_[k].get()), ARF_RND_NEAR));
      }
}

}  // namespace privoco::reference::jkt
