#include "xd_batch.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "workspace.hpp"

namespace privoco::fast::numerics {

namespace {
// ok[i] &= (x[i] in dom) and, where integer, x[i] is one (a loop the compiler vectorises)
void check_column(const Domain& dom, bool integer, const double* x, int k, unsigned char* ok) {
  const double lo = dom.lo, hi = dom.hi;
  const bool lc = dom.lo_closed, hc = dom.hi_closed;
  for (int i = 0; i < k; ++i) {  // (bitwise: no branch per point; NaN fails every comparison)
    const double v = x[i];
    ok[i] &= ((v > lo) | (lc & (v == lo))) & ((v < hi) | (hc & (v == hi))) & (!integer | (v == std::floor(v)));
  }
}
}  // namespace

int valid_prefix(const Entry& e, std::uint64_t integers, const double* const* cols, std::size_t start, int k) {
  unsigned char ok[XdBlock::kMax];
  std::memset(ok, 1, static_cast<std::size_t>(k));
  std::size_t d = 0;
  if (e.vector_layout) {  // d first: an integer in [1, kMaxDimension], the same at every point of the call
    d = flat_dimension(e, cols[0][0]);
    for (int i = 0; i < k; ++i) ok[i] &= cols[0][start + static_cast<std::size_t>(i)] == static_cast<double>(d);
  }
  std::size_t c = e.vector_layout ? 1 : 0;
  for (std::size_t p = c; p < e.params.size(); ++p)  // (the flat layout: parameter p's columns in turn)
    for (std::size_t w = e.vector_layout && e.params[p].per_coordinate ? d : 1; w > 0; --w, ++c)
      check_column(e.params[p].domain, (integers >> p) & 1, cols[c] + start, k, ok);
  int j = 0;
  while (j < k && ok[j]) ++j;
  return j;
}

void xd_batch(const XdBatch& how, const double* const* cols, Value* out, std::size_t n) {
  const Entry& e = *how.entry;
  XdBlock& b = thread_workspace<XdBlock>();
  const std::size_t ncols = e.vector_layout && n ? e.flat_size(flat_dimension(e, cols[0][0])) : e.params.size();
  if (!how.prepare && ncols > static_cast<std::size_t>(XdBlock::kCols))
    throw std::logic_error(e.id + ": a batch over more than XdBlock::kCols columns needs a prepare step");
  std::vector<double> point;  // (only for a point the batch cannot take)
  for (std::size_t start = 0; start < n;) {
    const int k = static_cast<int>(std::min<std::size_t>(XdBlock::kMax, n - start));
    int good = valid_prefix(e, how.integers, cols, start, k);
    if (how.prepare) {
      good = how.prepare(cols, start, good, b);
    } else {
      for (std::size_t c = 0; c < ncols; ++c) std::memcpy(b.in[c], cols[c] + start, sizeof(double) * static_cast<std::size_t>(good));
    }
    std::memset(b.scalar, 0, static_cast<std::size_t>(good));
    how.kernel(b, good);
    auto scalar_at = [&](std::size_t r) {  // the scalar function on point r: its value, or its error
      point.resize(ncols);
      for (std::size_t c = 0; c < ncols; ++c) point[c] = cols[c][r];
      return how.scalar(point.data());
    };
    for (int i = 0; i < good; ++i) {
      const std::size_t r = start + static_cast<std::size_t>(i);
      out[r] = b.scalar[i] ? scalar_at(r) : to_value(xd{{b.hi[i], b.lo[i]}, b.e[i]});
    }
    start += static_cast<std::size_t>(good);
    if (good < k) {  // the point the batch could not take
      out[start] = scalar_at(start);
      ++start;
    }
  }
}

}  // namespace privoco::fast::numerics
