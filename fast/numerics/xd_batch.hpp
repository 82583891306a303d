// Batch paths for the closed forms evaluated in xd (fast/include/privoco/fast/numerics/xd.hpp): a block of points'
// inputs as columns, a vectorised kernel (PRIVOCO_VARIANTS, family isa) that evaluates the same inline formula as
// the ID's scalar function, and one rounding per point into a Value. Same bits as the scalar calls, since both run
// the same branch-free operations.
#pragma once
#include <cstddef>
#include <cstdint>

#include "privoco/catalogue.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/fast/numerics/xd.hpp"

namespace privoco::fast::numerics {

// One block: up to kCols double inputs per point (the ID's parameters, or values a prepare step derived from
// them), kXdCols xd inputs, and the xd results.
struct XdBlock {
  static constexpr int kMax = 512, kCols = 10, kXdCols = 2;
  double in[kCols][kMax];
  double xd_hi[kXdCols][kMax], xd_lo[kXdCols][kMax];
  std::int64_t xd_e[kXdCols][kMax];
  double hi[kMax], lo[kMax];
  std::int64_t e[kMax];
  unsigned char scalar[kMax];  // set by a kernel where the point takes the scalar function instead (cleared per block)
  xd input(int c, int i) const { return {{xd_hi[c][i], xd_lo[c][i]}, xd_e[c][i]}; }
  void set_input(int c, int i, xd v) { xd_hi[c][i] = v.m.hi, xd_lo[c][i] = v.m.lo, xd_e[c][i] = v.e; }
  void set(int i, xd v) { hi[i] = v.m.hi, lo[i] = v.m.lo, e[i] = v.e; }
};

// How an ID's batch runs over the columns of its points (scalar layout, or the flat layout at one d):
//   kernel   the results b.hi/lo/e[0..k) from b.in (and b's xd inputs), k <= XdBlock::kMax, and b.scalar[i] = 1
//            where the kernel's forms do not hold (a rare range the scalar function treats apart);
//   prepare  optional: fills b's inputs for points [start, start + k) of cols and returns how many of them (from
//            the first) it could (a point where the scalar function would throw for a reason the column checks
//            do not see ends the run); without it, b.in[c] is column c;
//   integers the parameters (table order) that must be integers (the scalar functions' check_integer).
// Parameters outside their domains are found column by column; at the first point the batch cannot take, the
// points before it are written and the ID's scalar function is called on it (it throws the error by name; if it
// returns, its value is used).
struct XdBatch {
  const Entry* entry;
  Fn scalar;
  void (*kernel)(XdBlock& b, int k);
  int (*prepare)(const double* const* cols, std::size_t start, int k, XdBlock& b) = nullptr;
  std::uint64_t integers = 0;  // bit i: parameter i
};
void xd_batch(const XdBatch& how, const double* const* cols, Value* out, std::size_t n);

// The points of a block that the checks pass, from the first: parameter domains and integers (column-wise, no
// branch per point). For the flat layout, cols[0] is d at every point.
int valid_prefix(const Entry& e, std::uint64_t integers, const double* const* cols, std::size_t start, int k);

}  // namespace privoco::fast::numerics
