#include "privoco/reference/jkt/tree.hpp"

#include "../numerics/params.hpp"

#include <algorithm>
#include <string>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/ball.hpp"

namespace privoco::reference::jkt {

namespace {
int bitlen(std::uint64_t x) {
  int b = 0;
  while (x) ++b, x >>= 1;
  return b;
}
// an exact integer parameter (the table has checked its interval: in [1, 2^53] here)
std::uint64_t uint_param(const char* id, const char* name, arb_srcptr x) {
  integer_param(id, name, x);
  return static_cast<std::uint64_t>(arf_get_si(arb_midref(x), ARF_RND_NEAR));
}
}  // namespace

void tree_sigma(arb_t res, arb_srcptr p, slong prec) {
  arb_srcptr R = p + 0, eps = p + 1, delta = p + 2, T = p + 3;
  const int base = static_cast<int>(arf_get_si(arb_midref(p + 4), ARF_RND_NEAR));
  const std::uint64_t Tn = uint_param("JKT.noise.tree_sigma", "T", T);
  Ball L, lo, l2;
  arb_const_log2(l2, prec);
  arb_log(L, T, prec);                          // log T: natural (J1 (a)) or base 2 (J1 (b), (c))
  if (base != 0) arb_div(L, L, l2, prec);
  arb_div(lo, L, delta, prec);
  arb_log(lo, lo, prec);                        // log(log T/delta): natural (J1 (a), (c)) or base 2 (J1 (b))
  if (base == 1) arb_div(lo, lo, l2, prec);
  if (arb_is_nonpositive(lo))
    throw DomainError("JKT.noise.tree_sigma", "T", std::to_string(Tn),
                      "integers with log(log T/delta) > 0 at this delta and log_base (here log(log T/delta) <= 0)");
  if (!arb_is_positive(lo)) {  // undecided at this precision: the caller escalates
    arb_indeterminate(res);
    return;
  }
  arb_div(lo, lo, eps, prec);
  arb_sqrt(lo, lo, prec);
  arb_mul(res, R, L, prec);
  arb_mul(res, res, lo, prec);                  // R log T sqrt(log(log T/delta)/eps), JKT Alg 5 l.3
}

void tree_counts(arb_t res, arb_srcptr p, slong prec) {
  (void)prec;
  const char* id = "JKT.const.tree_counts";
  const std::uint64_t T = uint_param(id, "T", p + 0), t = uint_param(id, "t", p + 1);
  if (t > T) throw DomainError(id, "t", std::to_string(t), "[1, T] (T = " + std::to_string(T) + ")");
  const bool minus1 = arf_get_si(arb_midref(p + 2), ARF_RND_NEAR) == 0;
  const int count = static_cast<int>(arf_get_si(arb_midref(p + 3), ARF_RND_NEAR));
  const int k = bitlen(T);
  // leaves that have arrived by time s: [lo, hi] (binary_t_minus_1: 0 .. s-1; binary_t: 1 .. s)
  auto arrived_blocks = [&](std::uint64_t s, int h) -> std::uint64_t {  // blocks of 2^h leaves inside them
    const std::uint64_t lo = minus1 ? 0 : 1, hi = minus1 ? s - 1 : s;
    const std::uint64_t first = (lo + (std::uint64_t{1} << h) - 1) >> h;  // first block starting at or after lo
    const std::uint64_t end = (hi + 1) >> h;                              // blocks ending at or before hi
    return end > first ? end - first : 0;
  };
  auto draws = [&](std::uint64_t s) {
    std::uint64_t n = 0;
    for (int h = 0; h <= k; ++h) n += arrived_blocks(s, h);  // every populated node was one draw
    return n;
  };
  fmpz_t v;
  fmpz_init(v);
  switch (count) {
    case 0: {  // k_t: the strings of l.13, one per 1-bit of s_t
      std::uint64_t q = 0;
      for (int i = 1; i <= k; ++i) q += (t >> (k - i)) & 1;
      fmpz_set_ui(v, q);
      break;
    }
    case 1: fmpz_set_ui(v, draws(t)); break;
    case 2: {  // affected: the most nodes (leaf and ancestors) one leaf has populated within T. A leaf's count
               // only grows with the block it sits in arriving early, so the maximiser is the first leaf of the
               // least block of each size: leaf lo (binary_t_minus_1), leaf 2^j for each j (binary_t)
      std::uint64_t best = 0;
      std::vector<std::uint64_t> cand;
      if (minus1) cand.push_back(0);
      else
        for (int j = 0; (std::uint64_t{1} << j) <= T; ++j) cand.push_back(std::uint64_t{1} << j);
      for (std::uint64_t leaf : cand) {
        std::uint64_t n = 0;
        for (int h = 0; h <= k; ++h) {
          const std::uint64_t s = (leaf >> h) << h, e = s + (std::uint64_t{1} << h) - 1;
          n += (minus1 || s >= 1) && e <= (minus1 ? T - 1 : T);
        }
        best = std::max(best, n);
      }
      fmpz_set_ui(v, best);
      break;
    }
    case 3: fmpz_set_ui(v, draws(T)); break;
    case 4: {  // the complete tree of depth k: sum over levels of 2^i
      fmpz_zero(v);
      for (int i = 0; i <= k; ++i) {
        fmpz_t q;
        fmpz_init(q);
        fmpz_setbit(q, i);
        fmpz_add(v, v, q);
        fmpz_clear(q);
      }
      break;
    }
    case 5: {  // registers: 1 + the most trailing zeros of any t <= T
      int m = 0;
      for (int j = 0; (std::uint64_t{1} << j) <= T; ++j) m = j;
      fmpz_set_ui(v, static_cast<unsigned long>(m + 1));
      break;
    }
    default: fmpz_set_ui(v, static_cast<unsigned long>(k)); break;  // depth
  }
  arb_set_fmpz(res, v);
  fmpz_clear(v);
}

TreeSim::TreeSim(std::uint64_t T, bool binary_t_minus_1) : T_(T), k_(bitlen(T)), minus1_(binary_t_minus_1) {
  pop_.resize(static_cast<std::size_t>(k_) + 1);
  for (int i = 0; i <= k_; ++i) pop_[i].assign(std::size_t{1} << i, false);
}

void TreeSim::step(std::vector<Node>* fresh) {
  ++t_;
  std::uint64_t leaf = leaf_of(t_);
  // l.6: the leaf; l.8: ancestors whose subtrees are complete (checked through both children, leaf upwards)
  pop_[k_][leaf] = true;
  ++draws_;
  if (fresh) fresh->push_back({k_, leaf});
  for (int i = k_ - 1; i >= 0; --i) {
    leaf >>= 1;
    if (pop_[i][leaf] || !pop_[i + 1][2 * leaf] || !pop_[i + 1][2 * leaf + 1]) break;
    pop_[i][leaf] = true;
    ++draws_;
    if (fresh) fresh->push_back({i, leaf});
  }
}

bool TreeSim::populated(const Node& n) const { return pop_[n.level][n.index]; }

std::vector<Node> TreeSim::query() const {
  std::vector<Node> out;
  for (int i = 1; i <= k_; ++i)
    if ((t_ >> (k_ - i)) & 1) out.push_back({i, (t_ >> (k_ - i)) - 1});  // s_t(1..i-1) followed by 0
  return out;
}

}  // namespace privoco::reference::jkt
