// Minimal double-double arithmetic (error-free transforms with fma) for exponent arguments: an exponent
// near 700 rounded to a double already carries ~700 * 2^-53 relative error into exp().
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

namespace privoco::fast {

// Forced inlining of the basic operations: loops over points in double-double (and xd.hpp's extended exponent)
// are vectorised only when no call is left in their bodies.
#define PRIVOCO_DD_INLINE inline __attribute__((always_inline))

struct dd {
  double hi = 0, lo = 0;
};

// ln 2 = kLn2Hi + kLn2Lo (hi the double nearest ln 2, the pair within 2^-107 relative), for every double-double
// and vectorised logarithm and exponential of the fast part
inline constexpr double kLn2Hi = 0x1.62e42fefa39efp-1, kLn2Lo = 0x1.abc9e3b39803fp-56;
inline constexpr dd kLn2dd{kLn2Hi, kLn2Lo};

// v 2^k: a product with the power of two built from its bits where 2^k is a normal double (the same result as
// std::ldexp, which is a library call: frexp and ldexp were a quarter of log_dd's time), ldexp beyond
inline double mul_pow2(double v, int k) {
  if (k < -1022 || k > 1023) return std::ldexp(v, k);
  const std::uint64_t bits = static_cast<std::uint64_t>(k + 1023) << 52;
  double s;
  std::memcpy(&s, &bits, sizeof s);
  return v * s;
}
inline dd mul_pow2(dd v, int k) { return {mul_pow2(v.hi, k), mul_pow2(v.lo, k)}; }
// frexp's exponent (x = m 2^k, m in [1/2, 1)) from the bits where x is normal, frexp itself for 0, subnormals, inf, NaN
inline int frexp_exponent(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const int be = static_cast<int>((bits >> 52) & 0x7ff);
  int k = be - 1022;
  if (be == 0 || be == 0x7ff) std::frexp(x, &k);
  return k;
}

// Branch-free forms (no calls: loops over points that use them vectorise). 2^k from its bits, -1022 <= k <= 1023.
PRIVOCO_DD_INLINE double pow2_from_bits(std::int64_t k) {
  const std::uint64_t bits = static_cast<std::uint64_t>(k + 1023) << 52;
  double s;
  std::memcpy(&s, &bits, sizeof s);
  return s;
}
// v 2^k for |k| <= 2044 as two exact scalings by normal powers of two and at most one rounding (where the result is
// subnormal): std::ldexp's result
PRIVOCO_DD_INLINE double scale2_bits(double v, std::int64_t k) {
  const std::int64_t k1 = k >> 1;
  return v * pow2_from_bits(k1) * pow2_from_bits(k - k1);
}
// k as a double (rounded as the cast rounds), from the bits of 1.5 2^52 plus each 32-bit half of k (AVX-512F and AVX2
// have no vector int64 -> double conversion; the cast kept loops from vectorising): both halves exact, one rounding
PRIVOCO_DD_INLINE double int64_to_double(std::int64_t k) {
  const std::uint64_t hi = 0x4338000000000000ULL + static_cast<std::uint64_t>(k >> 32),
                      lo = 0x4338000000000000ULL + (static_cast<std::uint64_t>(k) & 0xffffffffULL);
  double h, l;
  std::memcpy(&h, &hi, sizeof h);
  std::memcpy(&l, &lo, sizeof l);
  return (h - 0x1.8p52) * 0x1p32 + (l - 0x1.8p52);
}
// The biased exponent field of x (0 for zero and subnormals)
PRIVOCO_DD_INLINE std::int64_t biased_exponent(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return static_cast<std::int64_t>((bits >> 52) & 0x7ff);
}

PRIVOCO_DD_INLINE dd two_sum(double a, double b) {
  double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
PRIVOCO_DD_INLINE dd quick_two_sum(double a, double b) {
  double s = a + b;
  return {s, b - (s - a)};
}
PRIVOCO_DD_INLINE dd two_prod(double a, double b) {
  double p = a * b;
  return {p, std::fma(a, b, -p)};
}
PRIVOCO_DD_INLINE dd operator+(dd a, dd b) {
  dd s = two_sum(a.hi, b.hi);
  s.lo += a.lo + b.lo;
  return quick_two_sum(s.hi, s.lo);
}
PRIVOCO_DD_INLINE dd operator-(dd a) { return {-a.hi, -a.lo}; }
PRIVOCO_DD_INLINE dd operator-(dd a, dd b) { return a + (-b); }
PRIVOCO_DD_INLINE dd operator*(dd a, dd b) {
  dd p = two_prod(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return quick_two_sum(p.hi, p.lo);
}
PRIVOCO_DD_INLINE dd operator*(dd a, double b) {
  dd p = two_prod(a.hi, b);
  p.lo += a.lo * b;
  return quick_two_sum(p.hi, p.lo);
}
PRIVOCO_DD_INLINE dd operator/(dd a, dd b) {
  double q1 = a.hi / b.hi;
  dd r = a - b * q1;
  double q2 = r.hi / b.hi;
  r = r - b * q2;
  double q3 = r.hi / b.hi;
  dd q = quick_two_sum(q1, q2);
  return q + dd{q3, 0};
}
PRIVOCO_DD_INLINE dd operator/(double a, dd b) { return dd{a, 0} / b; }
PRIVOCO_DD_INLINE double to_double(dd a) { return a.hi + a.lo; }

// ln(x) for x > 0 to about 2^-100 relative: x = 2^k m, m in [1/sqrt2, sqrt2), c = j/256 nearest to m (exact),
// ln x = k ln2 + ln c + 2 atanh(t), t = (m - c)/(m + c), |t| < 2^-9.5; atanh(t)/t = 1 + t^2 (1/3 + t^2 (1/5 + t^2 D)),
// D = 1/7 + t^2/9 + t^4/11 in double (truncation below 2^-114), the two outer steps in double-double, 1/5 + t^2 D with
// t^2's high part only (its weight t^4 keeps those roundings under 2^-106); ln c from a table (mpmath). The table of
// j/64 needed seven steps, four in double-double: a third more operations on the longest chain. For the branches
// where a logarithm cancels against another quantity.
PRIVOCO_DD_INLINE dd log_dd(dd x) {
  // ln(j/256), j = 181..362, as hi and lo (two arrays: a vectorised loop gathers from each)
  static constexpr double kLnCHi[182] = {
      -0x1.630030b3aac49p-2, -0x1.5d5bddf595f30p-2, -0x1.57bf753c8d1fbp-2, -0x1.522ae0738a3d8p-2,
      -0x1.4c9e09e172c3cp-2, -0x1.4718dc271c41bp-2, -0x1.419b423d5e8c7p-2, -0x1.3c25277333184p-2,
      -0x1.36b6776be1117p-2, -0x1.314f1e1d35ce4p-2, -0x1.2bef07cdc9354p-2, -0x1.269621134db92p-2,
      -0x1.214456d0eb8d4p-2, -0x1.1bf99635a6b95p-2, -0x1.16b5ccbacfb73p-2, -0x1.1178e8227e47cp-2,
      -0x1.0c42d676162e3p-2, -0x1.07138604d5862p-2, -0x1.01eae5626c691p-2, -0x1.f991c6cb3b379p-3,
      -0x1.ef5ade4dcffe6p-3, -0x1.e530effe71012p-3, -0x1.db13db0d48940p-3, -0x1.d1037f2655e7bp-3,
      -0x1.c6ffbc6f00f71p-3, -0x1.bd087383bd8adp-3, -0x1.b31d8575bce3dp-3, -0x1.a93ed3c8ad9e3p-3,
      -0x1.9f6c407089664p-3, -0x1.95a5adcf7017fp-3, -0x1.8beafeb38fe8cp-3, -0x1.823c16551a3c2p-3,
      -0x1.7898d85444c73p-3, -0x1.6f0128b756abcp-3, -0x1.6574ebe8c133ap-3, -0x1.5bf406b543db2p-3,
      -0x1.527e5e4a1b58dp-3, -0x1.4913d8333b561p-3, -0x1.3fb45a59928ccp-3, -0x1.365fcb0159016p-3,
      -0x1.2d1610c86813ap-3, -0x1.23d712a49c202p-3, -0x1.1aa2b7e23f72ap-3, -0x1.1178e8227e47cp-3,
      -0x1.08598b59e3a07p-3, -0x1.fe89139dbd566p-4, -0x1.ec739830a1120p-4, -0x1.da727638446a2p-4,
      -0x1.c885801bc4b23p-4, -0x1.b6ac88dad5b1cp-4, -0x1.a4e7640b1bc38p-4, -0x1.9335e5d594989p-4,
      -0x1.8197e2f40e3f0p-4, -0x1.700d30aeac0e1p-4, -0x1.5e95a4d9791cbp-4, -0x1.4d3115d207eacp-4,
      -0x1.3bdf5a7d1ee64p-4, -0x1.2aa04a44717a5p-4, -0x1.1973bd1465567p-4, -0x1.08598b59e3a07p-4,
      -0x1.eea31c006b87cp-5, -0x1.ccb73cdddb2ccp-5, -0x1.aaef2d0fb10fcp-5, -0x1.894aa149fb343p-5,
      -0x1.67c94f2d4bb58p-5, -0x1.466aed42de3eap-5, -0x1.252f32f8d183fp-5, -0x1.0415d89e74444p-5,
      -0x1.c63d2ec14aaf2p-6, -0x1.8492528c8cabfp-6, -0x1.432a925980cc1p-6, -0x1.0205658935847p-6,
      -0x1.82448a388a2aap-7, -0x1.010157588de71p-7, -0x1.0080559588b35p-8, 0x0.0p+0, 0x1.ff00aa2b10bc0p-9,
      0x1.fe02a6b106789p-8, 0x1.7dc475f810a77p-7, 0x1.fc0a8b0fc03e4p-7, 0x1.3cea44346a575p-6, 0x1.7b91b07d5b11bp-6,
      0x1.b9fc027af9198p-6, 0x1.f829b0e783300p-6, 0x1.1b0d98923d980p-5, 0x1.39e87b9febd60p-5, 0x1.58a5bafc8e4d5p-5,
      0x1.77458f632dcfcp-5, 0x1.95c830ec8e3ebp-5, 0x1.b42dd711971bfp-5, 0x1.d276b8adb0b52p-5, 0x1.f0a30c01162a6p-5,
      0x1.075983598e471p-4, 0x1.16536eea37ae1p-4, 0x1.253f62f0a1417p-4, 0x1.341d7961bd1d1p-4, 0x1.42edcbea646f0p-4,
      0x1.51b073f06183fp-4, 0x1.60658a93750c4p-4, 0x1.6f0d28ae56b4cp-4, 0x1.7da766d7b12cdp-4, 0x1.8c345d6319b21p-4,
      0x1.9ab42462033adp-4, 0x1.a926d3a4ad563p-4, 0x1.b78c82bb0eda1p-4, 0x1.c5e548f5bc743p-4, 0x1.d4313d66cb35dp-4,
      0x1.e27076e2af2e6p-4, 0x1.f0a30c01162a6p-4, 0x1.fec9131dbeabbp-4, 0x1.0671512ca596ep-3, 0x1.0d77e7cd08e59p-3,
      0x1.14785846742acp-3, 0x1.1b72ad52f67a0p-3, 0x1.2266f190a5acbp-3, 0x1.29552f81ff523p-3, 0x1.303d718e47fd3p-3,
      0x1.371fc201e8f74p-3, 0x1.3dfc2b0ecc62ap-3, 0x1.44d2b6ccb7d1ep-3, 0x1.4ba36f39a55e5p-3, 0x1.526e5e3a1b438p-3,
      0x1.59338d9982086p-3, 0x1.5ff3070a793d4p-3, 0x1.66acd4272ad51p-3, 0x1.6d60fe719d21dp-3, 0x1.740f8f54037a5p-3,
      0x1.7ab890210d909p-3, 0x1.815c0a14357ebp-3, 0x1.87fa06520c911p-3, 0x1.8e928de886d41p-3, 0x1.9525a9cf456b4p-3,
      0x1.9bb362e7dfb83p-3, 0x1.a23bc1fe2b563p-3, 0x1.a8becfc882f19p-3, 0x1.af3c94e80bff3p-3, 0x1.b5b519e8fb5a4p-3,
      0x1.bc286742d8cd6p-3, 0x1.c2968558c18c1p-3, 0x1.c8ff7c79a9a22p-3, 0x1.cf6354e09c5dcp-3, 0x1.d5c216b4fbb91p-3,
      0x1.dc1bca0abec7dp-3, 0x1.e27076e2af2e6p-3, 0x1.e8c0252aa5a60p-3, 0x1.ef0adcbdc5936p-3, 0x1.f550a564b7b37p-3,
      0x1.fb9186d5e3e2bp-3, 0x1.00e6c45ad501dp-2, 0x1.0402594b4d041p-2, 0x1.071b85fcd590dp-2, 0x1.0a324e27390e3p-2,
      0x1.0d46b579ab74bp-2, 0x1.1058bf9ae4ad5p-2, 0x1.136870293a8b0p-2, 0x1.1675cababa60ep-2, 0x1.1980d2dd4236fp-2,
      0x1.1c898c16999fbp-2, 0x1.1f8ff9e48a2f3p-2, 0x1.22941fbcf7966p-2, 0x1.2596010df763ap-2, 0x1.2895a13de86a3p-2,
      0x1.2b9303ab89d25p-2, 0x1.2e8e2bae11d31p-2, 0x1.31871c9544185p-2, 0x1.347dd9a987d55p-2, 0x1.3772662bfd85bp-2,
      0x1.3a64c556945eap-2, 0x1.3d54fa5c1f710p-2, 0x1.404308686a7e4p-2, 0x1.432ef2a04e814p-2, 0x1.4618bc21c5ec2p-2,
      0x1.49006804009d1p-2, 0x1.4be5f957778a1p-2, 0x1.4ec973260026ap-2, 0x1.51aad872df82dp-2, 0x1.548a2c3add263p-2,
      0x1.5767717455a6cp-2, 0x1.5a42ab0f4cfe2p-2, 0x1.5d1bdbf5809cap-2, 0x1.5ff3070a793d4p-2, 0x1.62c82f2b9c795p-2};
  static constexpr double kLnCLo[182] = {
      -0x1.dc18ce51fff99p-57, 0x1.6541148cbb8a2p-56, 0x1.0908d15f88b63p-57, 0x1.8f7e9b38a6979p-57,
      0x1.123615b147a5dp-58, -0x1.8fb4c14c56eefp-60, -0x1.0dbb243827392p-57, 0x1.2ad27e50a8ec6p-56,
      0x1.324f0e883858ep-58, 0x1.3d69909e5c3dcp-56, 0x1.82dad7fd86088p-56, -0x1.e0efadd9db02bp-56,
      -0x1.f7ae91aeba60ap-57, 0x1.12aeb84249223p-57, -0x1.66fbd28b40935p-56, 0x1.0e63a5f01c691p-57,
      -0x1.162c79d5d11eep-58, -0x1.cdb16ed4e9138p-56, 0x1.18290bd2932e2p-59, -0x1.f665066f980a2p-57,
      0x1.08ab2ddc708a0p-58, -0x1.2276041f43042p-59, -0x1.aa11d49f96cb9p-58, -0x1.60629242471a2p-57,
      0x1.8e58b2c57a4a5p-57, -0x1.dd355f6a516d7p-60, 0x1.6353ab386a94dp-57, -0x1.bcafa9de97203p-57,
      -0x1.35a19605e67efp-59, -0x1.142c507fb7a3dp-58, -0x1.55aa8b6997a40p-58, 0x1.1232ce70be781p-57,
      -0x1.ef8f6ebcfb201p-58, 0x1.8de59c21e166cp-57, 0x1.d34f0f4621bedp-60, 0x1.1f5b44c0df7e7p-61,
      0x1.71a9682395bfdp-61, 0x1.0d5604930f135p-58, 0x1.d87e6a354d056p-57, -0x1.7d411a5b944adp-58,
      0x1.499a3f25af95fp-58, 0x1.6e38161051d69p-57, 0x1.c6ef1d9b2ef7ep-59, 0x1.0e63a5f01c691p-58,
      0x1.dd7009902bf32p-57, 0x1.ac9f4215f9393p-58, 0x1.a2bf991780d3fp-59, -0x1.401fa71733019p-58,
      -0x1.a38cb559a6706p-58, 0x1.0057eed1ca59fp-59, 0x1.5b5ca203e4259p-58, 0x1.478a85704ccb7p-58,
      -0x1.b9f2dffbeed43p-60, 0x1.72566212cdd05p-61, -0x1.f38745c5c450ap-58, -0x1.769f42c7842ccp-58,
      -0x1.7a976d3b5b45fp-59, 0x1.d15d38d2fa3f7p-58, 0x1.7558367a6acf6p-59, 0x1.dd7009902bf32p-58,
      0x1.3e4fc93b7b66cp-59, 0x1.e48fb0500efd4p-59, -0x1.a353bb42e0addp-61, -0x1.a8be97660a23dp-60,
      -0x1.0413e6505e603p-59, 0x1.cdd6f7f4a137ep-59, 0x1.947f792615916p-59, -0x1.c05cf1d753622p-59,
      0x1.ce030a686bd86p-60, 0x1.d192d0619fa67p-60, 0x1.8cdaf39004192p-60, -0x1.27c8e8416e71fp-60,
      -0x1.04b16137f09a0p-62, -0x1.46662d417ced0p-62, -0x1.f96638cf63677p-62, 0x0.0p+0, 0x1.2821ad5a6d353p-63,
      -0x1.e44b7e3711ebfp-67, -0x1.16d7687d3df21p-62, -0x1.83092c59642a1p-62, -0x1.0cb5a902b3a1cp-62,
      -0x1.5b602ace3a510p-60, -0x1.0ae69229dc868p-64, 0x1.33e3f04f1ef23p-60, -0x1.e9ae889bac481p-60,
      -0x1.5bfa937f551bbp-59, -0x1.ce55c2b4e2b72p-59, 0x1.18d3ca87b9296p-59, 0x1.f5a0e80520bf2p-59,
      -0x1.eb9759c130499p-60, 0x1.1e3c53257fd47p-61, 0x1.85f325c5bbacdp-59, 0x1.80da5333c45b8p-59,
      -0x1.79da3e8c22cdap-60, -0x1.c125963fc4cfdp-62, -0x1.b599f227becbbp-58, 0x1.ddd4f935996c9p-59,
      0x1.a49e39a1a8be4p-58, -0x1.388458ec21b6ap-58, -0x1.906d99184b992p-58, -0x1.eeedfcdd94131p-58,
      -0x1.4a697ab3424a9p-61, -0x1.2099e1c184e8ep-59, 0x1.942f48aa70ea9p-58, 0x1.0878cf0327e21p-61,
      0x1.5d617ef8161b1p-60, 0x1.790dd951d90fap-58, -0x1.61578001e0162p-60, 0x1.85f325c5bbacdp-58,
      -0x1.5746b9981b36cp-58, 0x1.50c647eb86499p-58, 0x1.9a5dc5e9030acp-57, 0x1.a28813e3a7f07p-57,
      0x1.483023472cd74p-58, 0x1.f547bf1809e88p-57, 0x1.301771c407dbfp-57, -0x1.6b9c7d96091fap-63,
      0x1.de6cb62af18a0p-58, -0x1.ab3a8e7d81017p-58, 0x1.9f4f6543e1f88p-57, 0x1.68981bcc36756p-57,
      -0x1.746ff8a470d3ap-57, -0x1.65d22aa8ad7cfp-58, -0x1.bc60efafc6f6ep-58, -0x1.0900e4e1ea8b2p-58,
      -0x1.caae268ecd179p-57, -0x1.b264062a84cdbp-58, 0x1.be36b2d6a0608p-59, -0x1.4be48073a0564p-58,
      -0x1.bf7fdbfa08d9ap-57, -0x1.569d851a56770p-57, 0x1.d904c1d4e2e26p-57, 0x1.575e31f003e0cp-57,
      0x1.93711b07a998cp-59, -0x1.e8c37918c39ebp-58, -0x1.398cff3641985p-58, 0x1.ba27fdc19e1a0p-57,
      0x1.4fce744870f55p-58, -0x1.73dee38a3fb6bp-57, -0x1.4f689f8434012p-57, 0x1.239a07d55b695p-57,
      0x1.6e443597e4d40p-57, 0x1.834c51998b6fcp-57, -0x1.61578001e0162p-59, -0x1.6e03a39bfc89bp-59,
      0x1.48637950dc20dp-57, 0x1.c5f6dfd018c37p-61, -0x1.caaae64f21acbp-57, -0x1.cb9568ff6feadp-57,
      -0x1.28ec217a5022dp-57, 0x1.d1707f97bde80p-58, 0x1.7dcfde8061c03p-56, 0x1.03ec81c3cbd92p-57,
      0x1.89fa0ab4cb31dp-58, 0x1.7b66298edd24ap-56, 0x1.ce63eab883717p-61, 0x1.9d3d1b0e4d147p-56,
      -0x1.0e5c62aff1c44p-60, -0x1.c9fdf9a0c4b07p-56, -0x1.76f5eb09628afp-56, -0x1.0f76c57075e9ep-58,
      0x1.7ad24c13f040ep-56, -0x1.896b5fd852ad4p-56, -0x1.8f4cdb95ebdf9p-56, -0x1.51acc4c09b379p-60,
      -0x1.4dd4c580919f8p-57, -0x1.b5629d8117de7p-59, -0x1.c68651945f97cp-57, -0x1.e3265c6a1c98dp-56,
      -0x1.0bcfb6082ce6dp-56, -0x1.29931715ac903p-56, 0x1.f42decdeccf1dp-56, -0x1.9ffc341f177dcp-57,
      -0x1.259b35b04813dp-57, -0x1.42a87d977dc5ep-56, 0x1.3927ac19f55e3p-59, -0x1.819cf7e308ddbp-57,
      0x1.526adb283660cp-56, -0x1.8ebcb7dee9a3dp-56, 0x1.4236383dc7fe1p-56, -0x1.bc60efafc6f6ep-57,
      0x1.7b7af915300e5p-57};
  // 0, negative, inf, NaN: log's value (-inf, NaN, inf, NaN), selected at the end; the steps below run on them too
  // (no branch, and the table index clamped: a select of constant inputs let GCC split the loop bodies into paths)
  const bool ok = (x.hi > 0) & (x.hi <= 1.7976931348623157e308);
  const double bad = x.hi == 0 ? -HUGE_VAL : (x.hi == HUGE_VAL ? HUGE_VAL : __builtin_nan(""));
  const bool sub = std::fabs(x.hi) < 0x1p-1022;  // subnormal: scaled by 2^64 first (exact)
  const double xh = sub ? x.hi * 0x1p64 : x.hi, xl = sub ? x.lo * 0x1p64 : x.lo;
  std::int64_t k = biased_exponent(xh) - 1022;  // xh = 2^k m, m in [1/2, 1), then [1/sqrt2, sqrt2)
  k = scale2_bits(xh, -k) < 0.70710678118654752 ? k - 1 : k;
  const dd xm{scale2_bits(xh, -k), scale2_bits(xl, -k)};  // exact scalings
  k -= sub ? 64 : 0;
  // j = round(256 xm) (181..362) from the low bits of 256 xm + 1.5 2^52 as an index (a double -> int conversion kept
  // loops from vectorising), and c = j/256
  const double jd = xm.hi * 256 + 0x1.8p52;
  std::uint64_t jbits;
  std::memcpy(&jbits, &jd, sizeof jbits);
  const std::uint64_t j0 = jbits & 0x1ff, j = j0 < 181 ? 181 : (j0 > 362 ? 362 : j0);
  const double c = (jd - 0x1.8p52) * (1.0 / 256);
  // t = (xm - c)/(xm + c) to ~2^-103 relative (xm.hi - c is exact: Sterbenz): two quotient digits from one reciprocal
  const dd num = two_sum(xm.hi - c, xm.lo), den0 = two_sum(xm.hi, c), den = quick_two_sum(den0.hi, den0.lo + xm.lo);
  const double inv = 1.0 / den.hi, q1 = num.hi * inv;
  const dd t = quick_two_sum(q1, (num - den * q1).hi * inv), t2 = t * t;
  const double D = 1.0 / 7 + t2.hi * (1.0 / 9 + t2.hi * (1.0 / 11));
  const dd C = quick_two_sum(0x1.999999999999ap-3, t2.hi * D + -0x1.999999999999ap-57);  // 1/5 + t^2 D
  dd P = two_prod(t2.hi, C.hi);                                                             // t^2 C
  P.lo += t2.hi * C.lo + t2.lo * C.hi;
  const dd B0 = quick_two_sum(0x1.5555555555555p-2, P.hi);  // 1/3 + t^2 C
  const dd B = quick_two_sum(B0.hi, B0.lo + P.lo + 0x1.5555555555555p-56);
  dd A = two_prod(t2.hi, B.hi);  // t^2 B
  A.lo += t2.hi * B.lo + t2.lo * B.hi;
  const dd S0 = quick_two_sum(1.0, A.hi), S = quick_two_sum(S0.hi, S0.lo + A.lo);  // atanh(t)/t
  const dd lnc{kLnCHi[j - 181], kLnCLo[j - 181]};
  const dd r = kLn2dd * int64_to_double(k) + lnc + (t * S) * 2.0;
  return {ok ? r.hi : bad, ok ? r.lo : 0.0};
}

}  // namespace privoco::fast
