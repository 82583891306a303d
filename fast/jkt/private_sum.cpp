#include "privoco/fast/jkt/private_sum.hpp"

#include <cmath>
#include <string>

#include "privoco/errors.hpp"
#include "privoco/format.hpp"

namespace privoco::fast::jkt {

namespace {
constexpr double kTwoPi = 6.283185307179586477;
int bitlen(std::uint64_t x) { return x == 0 ? 0 : 64 - __builtin_clzll(x); }
}  // namespace

double node_draw(const Streams& s, std::uint64_t tree, int h, std::uint64_t q, std::uint64_t coord) {
  const std::uint64_t stream = (tree << 32) | (coord << 1), counter = (q << 6) | static_cast<std::uint64_t>(h);
  const double u1 = s.uniform(stream, counter), u2 = s.uniform(stream | 1, counter);
  return std::sqrt(-2 * std::log(u1)) * std::cos(kTwoPi * u2);
}

PrivateSum::PrivateSum(int d, std::uint64_t T, double sigma, std::uint64_t seed, std::uint64_t tree)
    : d_(d), K_(bitlen(T)), T_(T), tree_(tree), sigma_(sigma), streams_(seed) {
  if (d < 1) throw DomainError("JKT.alg.private_sum", "d", std::to_string(d), "integers >= 1");
  if (T < 1) throw DomainError("JKT.alg.private_sum", "T", std::to_string(T), "integers >= 1");
  if (!(sigma >= 0) || !std::isfinite(sigma))
    throw DomainError("JKT.alg.private_sum", "sigma", text17(sigma), "[0, inf)");
  st_.a.assign(static_cast<std::size_t>(K_) * d_, 0.0);
  st_.ahat.assign(static_cast<std::size_t>(K_) * d_, 0.0);
  cur_.assign(static_cast<std::size_t>(d_), 0.0);
}

void PrivateSum::add(const double* w, double* out, double* exact_out) {
  if (st_.t >= T_)
    throw DomainError("JKT.alg.private_sum", "T", std::to_string(T_), "at least the number of rows (row " +
                                                                          std::to_string(st_.t + 1) + " arrived)");
  for (int j = 0; j < d_; ++j)
    if (!std::isfinite(w[j])) throw DomainError("JKT.alg.private_sum", "w_" + std::to_string(j + 1), text17(w[j]), "finite");
  const std::uint64_t t = ++st_.t;
  const int i = __builtin_ctzll(t);
  // the node of height i ending at w_t: left children (registers below i) plus the new leaf, pairwise as Alg 5
  // l.10 forms B_s = B_{s0} + B_{s1} (JKT Alg 5 l.6-l.11); the registers below i are then no longer needed
  for (int j = 0; j < d_; ++j) cur_[j] = w[j];
  for (int h = 0; h < i; ++h)
    for (int j = 0; j < d_; ++j) {
      double& r = st_.a[static_cast<std::size_t>(h) * d_ + j];
      cur_[j] = r + cur_[j];
      r = 0;
      st_.ahat[static_cast<std::size_t>(h) * d_ + j] = 0;
    }
  const std::uint64_t q = (t >> i) - 1;  // block index of the new node (leaves t - 2^i .. t - 1)
  for (int j = 0; j < d_; ++j) {
    st_.a[static_cast<std::size_t>(i) * d_ + j] = cur_[j];
    st_.ahat[static_cast<std::size_t>(i) * d_ + j] =
        cur_[j] + sigma_ * node_draw(streams_, tree_, i, q, static_cast<std::uint64_t>(j));
  }
  // l.13-l.14: the nodes of t's 1-bits, highest first (left to right)
  for (int j = 0; j < d_; ++j) {
    double s = 0, e = 0;
    for (int h = K_ - 1; h >= 0; --h)
      if ((t >> h) & 1) s += st_.ahat[static_cast<std::size_t>(h) * d_ + j], e += st_.a[static_cast<std::size_t>(h) * d_ + j];
    out[j] = s;
    if (exact_out) exact_out[j] = e;
  }
}

void PrivateSum::restore(const PrivateSumState& s) {
  const std::size_t n = static_cast<std::size_t>(K_) * d_;
  if (s.t > T_) throw DomainError("JKT.alg.private_sum", "t", std::to_string(s.t), "[0, T] (T = " + std::to_string(T_) + ")");
  if (s.a.size() != n || s.ahat.size() != n)
    throw DomainError("JKT.alg.private_sum", "registers", std::to_string(s.a.size()) + " and " + std::to_string(s.ahat.size()),
                      std::to_string(n) + " values each (log T heights times d)");
  for (std::size_t k = 0; k < n; ++k) {
    const int h = static_cast<int>(k / d_);
    if (!std::isfinite(s.a[k]) || !std::isfinite(s.ahat[k]))
      throw DomainError("JKT.alg.private_sum", "registers", text17(s.a[k]) + ", " + text17(s.ahat[k]), "finite values");
    // a register holds a node only while its height's bit of t is set (it is cleared when a higher node forms)
    if (!((s.t >> h) & 1) && (s.a[k] != 0 || s.ahat[k] != 0))
      throw DomainError("JKT.alg.private_sum", "registers", "height " + std::to_string(h) + " set at t = " + std::to_string(s.t),
                        "zero where t's bit is 0");
  }
  st_ = s;
}

}  // namespace privoco::fast::jkt
