// JKT's tree mechanism (Alg 5), certified: the per-node noise sigma and the tree's counts, and the tree itself
// simulated node by node (the enumeration route R-enum that the closed forms of privoco/fast/jkt/tree.hpp and the
// claims about Alg 5 are checked against).
#pragma once
#include <arb.h>

#include <cstdint>
#include <vector>

namespace privoco::reference::jkt {

// JKT.noise.tree_sigma, params {R, eps, delta, T, log_base}: sigma = sqrt(R^2/eps log^2 T log(log T/delta))
// (JKT Alg 5 l.3), logarithms per J1 (log_base 0 = e, 1 = 2, 2 = mixed). DomainError unless T is an integer and
// log(log T/delta) > 0.
void tree_sigma(arb_t res, arb_srcptr p, slong prec);
// JKT.const.tree_counts, params {T, t, leaf_label, count}: the counts by the definition, level by level (for each
// level h of the tree, the dyadic blocks of 2^h leaves that have arrived by time t, or the nodes one leaf's
// ancestors populate within T); exact integers.
void tree_counts(arb_t res, arb_srcptr p, slong prec);

// A node: level i below the root (0 = root) and its index j among the 2^i nodes of that level, i.e. the string of
// i bits whose value is j (Sec 3.5.1); it covers the leaves j 2^{k-i} .. (j + 1) 2^{k-i} - 1.
struct Node {
  int level = 0;
  std::uint64_t index = 0;
};

// Alg 5's tree over T leaves (depth k = bitlen(T): under both readings of J12 the strings of l.13 for t = T need
// bitlen(T) bits), every node kept: which are populated (l.6, l.8: all leaves of its subtree have arrived), and at
// each time t the strings of l.13. binary_t_minus_1: the leaf of w_t is t - 1; otherwise t (J12).
class TreeSim {
 public:
  TreeSim(std::uint64_t T, bool binary_t_minus_1);
  int depth() const { return k_; }
  std::uint64_t time() const { return t_; }
  // w_{t+1} arrives (l.5-l.12): its leaf and the ancestors whose subtrees are now complete are populated (in
  // that order, the nodes appended to `fresh` if given: one Gaussian draw each).
  void step(std::vector<Node>* fresh = nullptr);
  bool populated(const Node& n) const;
  std::uint64_t draws() const { return draws_; }  // nodes populated so far
  // l.13 at the current time: for each bit position i (1-based from the left, k bits) of s_t = binary(t) with
  // s_t(i) = 1, the node s_t(1) .. s_t(i-1) 0 (level i).
  std::vector<Node> query() const;
  // the leaves node n covers, [first, last]
  std::uint64_t first_leaf(const Node& n) const { return n.index << (k_ - n.level); }
  std::uint64_t last_leaf(const Node& n) const { return ((n.index + 1) << (k_ - n.level)) - 1; }
  std::uint64_t leaf_of(std::uint64_t t) const { return minus1_ ? t - 1 : t; }  // the leaf of w_t

 private:
  std::uint64_t T_, t_ = 0, draws_ = 0;
  int k_;
  bool minus1_;
  std::vector<std::vector<bool>> pop_;  // pop_[i][j]: node (i, j) populated
};

}  // namespace privoco::reference::jkt
