#include "privoco/fast/jkt/private_sum.hpp"

#include <cmath>
#include <string>

#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "../numerics/vec_math.hpp"

namespace privoco::fast::jkt {

namespace {
int bitlen(std::uint64_t x) { return x == 0 ? 0 : 64 - __builtin_clzll(x); }

// Branch-free forms of the node draw's pieces, so that the loop over a node's coordinates vectorises; plain
// IEEE operations only (no fma, no contraction in this file), so every clone below gives the same bits.
inline double from_bits(std::uint64_t b) { return numerics::bits_to_double(b); }
inline std::uint64_t bits_of(double x) { return numerics::double_to_bits(x); }
// Streams::unit: k = b >> 11 < 2^53 converted exactly in two 32-bit halves (2^52 + h is exact in a double)
inline double unit(std::uint64_t b) {
  const std::uint64_t k = b >> 11;
  const double hi = from_bits(0x4330000000000000ULL | (k >> 32)) - 0x1p52;
  const double lo = from_bits(0x4330000000000000ULL | (k & 0xffffffffULL)) - 0x1p52;
  const std::uint64_t ub = bits_of((hi * 0x1p32 + lo + 0.5) * 0x1p-53);
  return from_bits(ub - ((ub + 0x0010000000000000ULL) >> 62));  // 1 (only from k = 2^53 - 1) to 1 - 2^-53
}
// ln u for u in (0, 1] (normal): fdlibm's __ieee754_log (Sun Microsystems, 1993) with its exponent and mantissa
// split done by bit operations; error below 1 ulp.
inline double log_unit(double u) {
  const std::uint64_t b = bits_of(u), mant = b & 0x000fffffffffffffULL;
  // fdlibm's normalisation: i = 2^52 when the mantissa is at least about sqrt(2), then m halves and k grows by one
  const std::uint64_t i = (mant + 0x00095f6400000000ULL) & 0x0010000000000000ULL;
  const double m = from_bits(mant | (i ^ 0x3ff0000000000000ULL));                        // [sqrt(2)/2, sqrt(2))
  const double k = from_bits(0x4330000000000000ULL | ((b >> 52) + (i >> 52))) - 0x1p52 - 1023;  // exactly
  const double f = m - 1, hfsq = 0.5 * f * f, s = f / (2 + f), z = s * s, w = z * z;
  const double t1 = w * (3.999999999940941908e-01 + w * (2.222219843214978396e-01 + w * 1.531383769920937332e-01));
  const double t2 = z * (6.666666666666735130e-01 +
                         w * (2.857142874366239149e-01 + w * (1.818357216161805012e-01 + w * 1.479819860511658591e-01)));
  const double R = t2 + t1;
  return k * 6.93147180369123816490e-01 - ((hfsq - (s * (hfsq + R) + k * 1.90821492927058770002e-10)) - f);
}
// cos(2 pi u) and sin(2 pi u) for u in (0, 1): the quadrant from the exact 4u rounded to an integer q (0..4),
// theta = (4u - q) pi/2 in [-pi/4, pi/4], Taylor polynomials of cos and sin there (truncation below 1e-17
// relative); a few ulp relative even where the value is near 0.
inline void sincos_two_pi_unit(double u, double* c_out, double* s_out) {
  // 1.5 2^52 + q holds q in its low mantissa bits: the quadrant without a conversion to integer
  const double v = 4 * u, r = v + 0x1.8p52, q = r - 0x1.8p52, th = (v - q) * 1.5707963267948966, t2 = th * th;
  const std::uint64_t qb = bits_of(r) & 3;
  const double c = 1 + t2 * (-1.0 / 2 + t2 * (1.0 / 24 + t2 * (-1.0 / 720 + t2 * (1.0 / 40320 + t2 * (-1.0 / 3628800 +
                   t2 * (1.0 / 479001600 + t2 * (-1.0 / 87178291200 + t2 * (1.0 / 20922789888000))))))));
  const double sn = th * (1 + t2 * (-1.0 / 6 + t2 * (1.0 / 120 + t2 * (-1.0 / 5040 + t2 * (1.0 / 362880 + t2 * (
                   -1.0 / 39916800 + t2 * (1.0 / 6227020800 + t2 * (-1.0 / 1307674368000 + t2 * (1.0 / 355687428096000)))))))));
  // by quadrant qb: cos = cos, -sin, -cos, sin and sin = sin, cos, -sin, -cos (theta's); by bit masks
  const std::uint64_t odd = 0 - (qb & 1), cb = bits_of(c), sb = bits_of(sn);
  *c_out = from_bits(((cb & ~odd) | (sb & odd)) ^ (((qb + 1) & 2) << 62));
  *s_out = from_bits(((sb & ~odd) | (cb & odd)) ^ ((qb & 2) << 62));
}

// sigma times the standard normal draws of one node's d coordinates, pairs (2p, 2p + 1) from one Box-Muller pair,
// into out[0 .. 2 ceil(d/2)); one clone per vector width, chosen by the CPU's features
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
void node_draws(const Streams& s, std::uint64_t stream, int pairs, double sigma, double* out) {
  const std::uint64_t key = s.key(stream);
  for (int p = 0; p < pairs; ++p) {
    const double u1 = unit(Streams::keyed_bits(key, 2 * static_cast<std::uint64_t>(p)));
    const double u2 = unit(Streams::keyed_bits(key, 2 * static_cast<std::uint64_t>(p) + 1));
    double c, sn;
    sincos_two_pi_unit(u2, &c, &sn);
    const double r = std::sqrt(-2 * log_unit(u1));
    out[2 * p] = sigma * (r * c);  // sigma times node_draw, bit for bit
    out[2 * p + 1] = sigma * (r * sn);
  }
}
}  // namespace

std::uint64_t node_stream(std::uint64_t tree, int h, std::uint64_t q) {
  return (tree << 59) | (q << 6) | static_cast<std::uint64_t>(h);
}

double node_draw(const Streams& s, std::uint64_t tree, int h, std::uint64_t q, std::uint64_t coord) {
  const std::uint64_t stream = node_stream(tree, h, q), p = coord >> 1;
  double c, sn;
  sincos_two_pi_unit(s.uniform(stream, 2 * p + 1), &c, &sn);
  return std::sqrt(-2 * log_unit(s.uniform(stream, 2 * p))) * ((coord & 1) ? sn : c);
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
  node_draws(streams_, node_stream(tree_, i, q), (d_ + 1) / 2, sigma_, draws_.data());
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
