#include "privoco/fast/numerics/gaussian_draws.hpp"

#include <cmath>

#include "vec_math.hpp"

namespace privoco::fast::numerics {

namespace {
// Branch-free forms of the draw's pieces, so that the loop over a node's coordinates vectorises; plain
// IEEE operations only (no fma, no contraction in this file), so every variant below gives the same bits.
inline double from_bits(std::uint64_t b) { return bits_to_double(b); }
inline std::uint64_t bits_of(double x) { return double_to_bits(x); }
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

// sigma times the pairs p0 .. p0 + n - 1 of the stream with this key into dst[0 .. 2n - 1]
inline __attribute__((always_inline)) void pair_range(std::uint64_t key, std::uint64_t p0, int n, double sigma,
                                                      double* dst) {
  // counter 2p's term, stepped by two counters per pair (the same integers as keyed_bits forms)
  std::uint64_t t = 2 * p0 * Streams::kCounterMul + Streams::kCounterAdd;
  for (int q = 0; q < n; ++q, t += 2 * Streams::kCounterMul) {
    const double u1 = unit(Streams::keyed_bits_at(key, t));
    const double u2 = unit(Streams::keyed_bits_at(key, t + Streams::kCounterMul));
    double c, sn;
    sincos_two_pi_unit(u2, &c, &sn);
    const double r = std::sqrt(-2 * log_unit(u1));
    dst[2 * q] = sigma * (r * c);  // sigma times gaussian_draw, bit for bit
    dst[2 * q + 1] = sigma * (r * sn);
  }
}

}  // namespace

// one variant per vector width (PRIVOCO_VARIANTS). Three or more pairs past the last multiple of 8 as a
// whole block of 8 (one AVX-512 vector, two AVX2 ones) into a local buffer: the vectorised loop's scalar remainder
// cost about 20 ns a pair, a block about 50 ns (5 pairs took 102 ns, 8 pairs 52 ns)
PRIVOCO_KERNEL_INLINE void gaussian_pairs_body(const Streams& s, std::uint64_t stream, int pairs, double sigma,
                                               double* out) {
  const std::uint64_t key = s.key(stream);
  const int full = pairs & ~7;
  pair_range(key, 0, full, sigma, out);
  if (pairs - full < 3) return pair_range(key, static_cast<std::uint64_t>(full), pairs - full, sigma, out + 2 * full);
  double block[16];
  pair_range(key, static_cast<std::uint64_t>(full), 8, sigma, block);
  for (int j = 0; j < 2 * (pairs - full); ++j) out[2 * full + j] = block[j];
}
PRIVOCO_VARIANTS(isa, void, gaussian_pairs,
                 (const Streams& s, std::uint64_t stream, int pairs, double sigma, double* out),
                 (s, stream, pairs, sigma, out))

namespace {
PRIVOCO_KERNEL_INLINE double keyed_normal_at(std::uint64_t key1, std::uint64_t key2, std::uint64_t t) {
  double c, sn;
  sincos_two_pi_unit(unit(Streams::keyed_bits_at(key2, t)), &c, &sn);
  return std::sqrt(-2 * log_unit(unit(Streams::keyed_bits_at(key1, t)))) * c;
}
}  // namespace

double keyed_normal(std::uint64_t key1, std::uint64_t key2, std::uint64_t counter) {
  return keyed_normal_at(key1, key2, counter * Streams::kCounterMul + Streams::kCounterAdd);
}

PRIVOCO_KERNEL_INLINE void add_keyed_normals_body(const std::uint64_t* key1, const std::uint64_t* key2,
                                                  std::uint64_t counter, int n, double sigma, const double* add,
                                                  double* out) {
  const std::uint64_t t = counter * Streams::kCounterMul + Streams::kCounterAdd;  // one counter for every coordinate
  for (int j = 0; j < n; ++j) out[j] = add[j] + sigma * keyed_normal_at(key1[j], key2[j], t);
}
PRIVOCO_VARIANTS(isa, void, add_keyed_normals,
                 (const std::uint64_t* key1, const std::uint64_t* key2, std::uint64_t counter, int n, double sigma,
                  const double* add, double* out),
                 (key1, key2, counter, n, sigma, add, out))

double cos_two_pi(double u) {
  double c, sn;
  sincos_two_pi_unit(u, &c, &sn);
  return c;
}

double gaussian_draw(const Streams& s, std::uint64_t stream, std::uint64_t coord) {
  const std::uint64_t p = coord >> 1;
  double c, sn;
  sincos_two_pi_unit(s.uniform(stream, 2 * p + 1), &c, &sn);
  return std::sqrt(-2 * log_unit(s.uniform(stream, 2 * p))) * ((coord & 1) ? sn : c);
}

}  // namespace privoco::fast::numerics
