#include "privoco/mip/ogd.hpp"

#include <cmath>
#include <string>

#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/jkt/qftl.hpp"

namespace privoco::mip {

namespace {
void check_pos(const char* id, const char* name, double x, bool zero_ok = false) {
  if (!(zero_ok ? x >= 0 : x > 0) || !std::isfinite(x)) throw DomainError(id, name, text17(x), zero_ok ? "[0, inf)" : "(0, inf)");
}
void check_vec(const char* id, const char* name, const std::vector<double>& v, int d) {
  if (static_cast<int>(v.size()) != d)
    throw DomainError(id, name, std::to_string(v.size()) + " values", std::to_string(d) + " values (one per coordinate, d)");
  for (std::size_t j = 0; j < v.size(); ++j)
    if (!std::isfinite(v[j])) throw DomainError(id, std::string(name) + "_" + std::to_string(j + 1), text17(v[j]), "finite");
}
}  // namespace

void validate(const OgdConfig& c) {
  const char* id = ogd_id(c.bandit);
  if (c.d < 1) throw DomainError(id, "d", std::to_string(c.d), "integers >= 1");
  if (c.T < 1) throw DomainError(id, "T", std::to_string(c.T), "integers >= 1");
  check_pos(id, "eta", c.eta), check_pos(id, "sigma", c.sigma, true), check_pos(id, "L", c.L);
  if (c.bandit) check_pos(id, "delta", c.delta);
  check_vec(id, "c", c.c, c.d), check_vec(id, "h", c.h, c.d);
  for (int j = 0; j < c.d; ++j) {
    if (!(c.h[j] > 0)) throw DomainError(id, "h_" + std::to_string(j + 1), text17(c.h[j]), "(0, inf)");
    if (c.shape == Shape::ball && c.h[j] != c.h[0])
      throw DomainError(id, "h_" + std::to_string(j + 1), text17(c.h[j]),
                        "equal to h_1 = " + text17(c.h[0]) + " (S_shape=ball: every h_j is the radius)");
  }
  if (c.w1_reading != W1Reading::given) return;
  check_vec(id, "w1", c.w1, c.d);
  if (c.shape == Shape::box) {
    for (int j = 0; j < c.d; ++j)
      if (std::fabs(c.w1[j] - c.c[j]) > c.h[j] * (1 + 0x1p-50))
        throw DomainError(id, "w1_" + std::to_string(j + 1), text17(c.w1[j]), "S (the box c +- h)");
  } else {
    std::vector<double> z(static_cast<std::size_t>(c.d));
    for (int j = 0; j < c.d; ++j) z[j] = c.w1[j] - c.c[j];
    if (jkt::norm2(z.data(), c.d) > c.h[0] * (1 + 0x1p-50))
      throw DomainError(id, "w1", "a point at distance " + text17(jkt::norm2(z.data(), c.d)) + " from c",
                        "S (the ball of radius " + text17(c.h[0]) + " about c)");
  }
}

double lipschitz(const OgdConfig& c, const double* g) {
  // ||a|| without overflow or underflow (scaled by the largest |a_j|), a_j = |g_j| (linear) or, for the quadratic,
  // sup over S of |w_j - g_j| in the box (|c_j - g_j| + h_j) and |c_j - g_j| for the ball (its radius added after)
  const bool quad = c.loss == Loss::quadratic, box = c.shape == Shape::box;
  auto a = [&](int j) { return quad ? std::fabs(c.c[j] - g[j]) + (box ? c.h[j] : 0.0) : std::fabs(g[j]); };
  double q = 0;
  for (int j = 0; j < c.d; ++j) q += a(j) * a(j);
  double n = std::sqrt(q);
  if (!(q < 0x1p1000 && q > 0x1p-1000)) {  // the squares may have overflowed or underflowed: scale by the largest
    double m = 0;
    for (int j = 0; j < c.d; ++j) m = std::fmax(m, a(j));
    n = m;  // 0, inf or nan (refused by the caller)
    if (m > 0 && std::isfinite(m)) {
      q = 0;
      for (int j = 0; j < c.d; ++j) q += (a(j) / m) * (a(j) / m);
      n = m * std::sqrt(q);
    }
  }
  if (quad && !box) n += c.h[0];
  if (quad && c.bandit) n += c.delta;  // S + delta B
  return n * (1 + 0x1p-50);
}

}  // namespace privoco::mip
