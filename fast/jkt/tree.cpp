#include "privoco/fast/jkt/tree.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "pol_tree_core.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/fast/numerics/value_ops.hpp"

namespace privoco::fast::jkt {

namespace {

int bitlen(std::uint64_t x) { return x == 0 ? 0 : 64 - __builtin_clzll(x); }
std::uint64_t popcount(std::uint64_t x) { return static_cast<std::uint64_t>(__builtin_popcountll(x)); }
}  // namespace

Value tree_sigma(double R, double eps, double delta, double T, LogBase base) {
  static const Entry& e = entry("JKT.noise.tree_sigma");
  const double x[5] = {R, eps, delta, T, static_cast<double>(base)};
  check_params(e, x);
  check_integer(e, "T", T);
  return to_value(tree_sigma_xd(R, eps, delta, T, base));
}

xd tree_sigma_xd(double R, double eps, double delta, double T, LogBase base) {
  static const Entry& e = entry("JKT.noise.tree_sigma");
  double lo = 0;
  const xd sigma = detail::tree_sigma_core<false>(R, eps, delta, T, static_cast<double>(base), lo);
  if (!(lo > 0)) {
    const double x4 = static_cast<double>(base);
    throw DomainError(e.id, "T", text17(T),
                      "integers with log(log T/delta) > 0 at this delta and log_base (delta = " + text17(delta) +
                          ", log_base = " + e.params[4].value_text(x4) + " gives " + text17(lo) + ")");
  }
  return sigma;
}

std::uint64_t tree_count(std::uint64_t T, std::uint64_t t, LeafLabel leaf, TreeCount c) {
  const bool b = leaf == LeafLabel::binary_t_minus_1;
  const int k = bitlen(T);
  auto draws = [&](std::uint64_t s) -> std::uint64_t {
    return b ? 2 * s - popcount(s) : 2 * (s + 1) - popcount(s + 1) - bitlen(s + 1);
  };
  switch (c) {
    case TreeCount::k_t: return popcount(t);
    case TreeCount::draws: return draws(t);
    case TreeCount::populated: return draws(T);
    case TreeCount::affected: {
      if (b) return static_cast<std::uint64_t>(k);
      std::uint64_t m = 0;
      for (int j = 0; (std::uint64_t{1} << j) <= T; ++j) {
        const std::uint64_t rest = T + 1 - (std::uint64_t{1} << j);  // >= 1
        const std::uint64_t h = std::min<std::uint64_t>(j, bitlen(rest) - 1);
        m = std::max(m, h + 1);
      }
      return m;
    }
    case TreeCount::tree_nodes: return k >= 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (k + 1)) - 1;
    case TreeCount::registers:
    case TreeCount::depth: return static_cast<std::uint64_t>(k);
  }
  return 0;
}

Value tree_counts(double T, double t, double leaf, double count) {
  static const Entry& e = entry("JKT.const.tree_counts");
  const double x[4] = {T, t, leaf, count};
  check_params(e, x);
  check_integer(e, "T", T);
  check_integer(e, "t", t);
  if (t > T) throw DomainError(e.id, "t", text17(t), "[1, T] (T = " + text17(T) + ")");
  Value out;
  const auto c = static_cast<TreeCount>(static_cast<int>(count));
  const std::uint64_t n = tree_count(static_cast<std::uint64_t>(T), static_cast<std::uint64_t>(t),
                                     static_cast<LeafLabel>(static_cast<int>(leaf)), c);
  if (c == TreeCount::tree_nodes && n > (std::uint64_t{1} << 53)) {  // 2^{k+1} - 1 needs more than 53 bits
    const int k = bitlen(static_cast<std::uint64_t>(T));
    out.value = std::ldexp(1.0, k + 1);  // the nearest double (exact value 2^{k+1} - 1)
    out.status = Status::ok;
    out.sign = 1;
    if (k + 1 > 1023) out.status = Status::overflow, out.log_abs_out = (k + 1) * kLn2Hi;
    return out;
  }
  out.value = static_cast<double>(n);
  out.sign = n > 0;
  return out;
}

}  // namespace privoco::fast::jkt
