#include "profile_scan.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

#include "privoco/reference/dp/profiles.hpp"

namespace privoco::proofs::jkt {

std::string text_g(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.7g", x);
  return b;
}

std::string failure_set(const std::function<int(double eps)>& sign_at) {
  std::vector<double> grid;
  for (int i = 0; i <= 240; ++i) grid.push_back(std::pow(10.0, -12 + 0.1 * i));
  auto refine = [&](double lo, double hi, int sign_lo) {  // the sign change in [lo, hi]: its failing end
    while (hi / lo > 1 + 1e-7) {
      const double mid = std::sqrt(lo * hi);
      const int sg = sign_at(mid);
      if (sg == 0) break;
      (sg == sign_lo ? lo : hi) = mid;
    }
    return sign_lo > 0 ? lo : hi;
  };
  std::string out;
  int prev = sign_at(grid[0]);
  double start = 0;  // 0: the failure reaches below the scan
  auto interval = [&](double a, const std::string& b) {
    out += (out.empty() ? "" : " and ") + ("(" + (a ? text_g(a) : std::string("below 1e-12")) + ", " + b + ")");
  };
  for (std::size_t i = 1; i < grid.size(); ++i) {
    const int sg = sign_at(grid[i]);
    if (sg == 0 || prev == 0 || sg == prev) {
      if (sg != 0) prev = sg;
      continue;
    }
    const double x = refine(grid[i - 1], grid[i], prev);
    if (sg > 0) start = x;
    else interval(start, text_g(x));
    prev = sg;
  }
  if (prev > 0) interval(start, "beyond 1e12");
  return out.empty() ? "nowhere in [1e-12, 1e12]" : "for eps in " + out;
}

int gauss_delta_sign(const std::function<void(arb_t, arb_t, arb_t, slong)>& setup, double* exact, double* target) {
  for (slong prec : {128, 256, 1024}) {
    reference::Ball e, mu, tgt, d;
    setup(e, mu, tgt, prec);
    arb_ptr p = _arb_vec_init(2);
    arb_set(p + 0, e);
    arb_set(p + 1, mu);
    reference::dp::gauss_delta(d, p, prec);
    _arb_vec_clear(p, 2);
    *exact = arf_get_d(arb_midref(d.get()), ARF_RND_NEAR);
    *target = arf_get_d(arb_midref(tgt.get()), ARF_RND_NEAR);
    if (arb_gt(d, tgt)) return 1;
    if (arb_lt(d, tgt)) return -1;
  }
  return 0;
}

}  // namespace privoco::proofs::jkt
