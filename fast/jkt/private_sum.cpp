#include "privoco/fast/jkt/private_sum.hpp"

#include <cmath>
#include <string>

#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/fast/numerics/gaussian_draws.hpp"
#include "../numerics/vec_math.hpp"

namespace privoco::fast::jkt {

namespace {
int bitlen(std::uint64_t x) { return x == 0 ? 0 : 64 - __builtin_clzll(x); }
inline std::uint64_t bits_of(double x) { return numerics::double_to_bits(x); }
}  // namespace

std::uint64_t node_stream(std::uint64_t tree, int h, std::uint64_t q) {
  return (tree << 59) | (q << 6) | static_cast<std::uint64_t>(h);
}

double node_draw(const Streams& s, std::uint64_t tree, int h, std::uint64_t q, std::uint64_t coord) {
  return numerics::gaussian_draw(s, node_stream(tree, h, q), coord);
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
  draws_.assign(static_cast<std::size_t>(d_ + 1), 0.0);
  pre_.assign(static_cast<std::size_t>(K_) * d_, 0.0);
  if (tree >= 32) throw DomainError("JKT.alg.private_sum", "tree", std::to_string(tree), "integers < 32 (node keys)");
}

void PrivateSum::add(const double* w, double* out, double* exact_out) {
  if (st_.t >= T_)
    throw DomainError("JKT.alg.private_sum", "T", std::to_string(T_), "at least the number of rows (row " +
                                                                          std::to_string(st_.t + 1) + " arrived)");
  // any w_j infinite or NaN: its exponent field all ones, which carries into the top bit when 2^52 is added (an
  // integer reduction without exits, so that it vectorises)
  std::uint64_t acc = 0;
  for (int j = 0; j < d_; ++j) acc |= (bits_of(w[j]) & 0x7ff0000000000000ULL) + 0x0010000000000000ULL;
  if (acc >> 63)
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
  double* a = st_.a.data() + static_cast<std::size_t>(i) * d_;
  double* ahat = st_.ahat.data() + static_cast<std::size_t>(i) * d_;
  for (int j = 0; j < d_; ++j) a[j] = cur_[j];
  numerics::gaussian_pairs(streams_, node_stream(tree_, i, q), (d_ + 1) / 2, sigma_, draws_.data());
  for (int j = 0; j < d_; ++j) ahat[j] = cur_[j] + draws_[j];
  // l.13-l.14: the nodes of t's 1-bits, highest first (left to right), each coordinate summed in that order. The
  // bits above i are t - 1's, so their running sum is kept (pre_): one pass of d additions per row, same bits
  const std::uint64_t up = t >> (i + 1);
  const double* above = up ? pre_.data() + static_cast<std::size_t>(i + 1 + __builtin_ctzll(up)) * d_ : nullptr;
  double* p = pre_.data() + static_cast<std::size_t>(i) * d_;
  for (int j = 0; j < d_; ++j) p[j] = (above ? above[j] : 0.0) + ahat[j];
  for (int j = 0; j < d_; ++j) out[j] = p[j];
  if (exact_out) {
    for (int j = 0; j < d_; ++j) exact_out[j] = 0;
    for (int h = K_ - 1; h >= 0; --h) {
      if (!((t >> h) & 1)) continue;
      const double* eh = st_.a.data() + static_cast<std::size_t>(h) * d_;
      for (int j = 0; j < d_; ++j) exact_out[j] += eh[j];
    }
  }
}

void PrivateSum::rebuild_prefix() {
  const double* above = nullptr;
  for (int h = K_ - 1; h >= 0; --h) {
    if (!((st_.t >> h) & 1)) continue;
    double* p = pre_.data() + static_cast<std::size_t>(h) * d_;
    const double* rh = st_.ahat.data() + static_cast<std::size_t>(h) * d_;
    for (int j = 0; j < d_; ++j) p[j] = (above ? above[j] : 0.0) + rh[j];
    above = p;
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
  rebuild_prefix();
}

}  // namespace privoco::fast::jkt
