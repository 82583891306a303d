#include "privoco/jkt/qftl.hpp"

#include <cmath>
#include <string>
#include <utility>

#include "privoco/errors.hpp"
#include "privoco/format.hpp"

namespace privoco::jkt {

void validate(const QftlConfig& c) {
  const char* id = "JKT.alg.qftl";
  if (c.d < 1 || c.d > 46340) throw DomainError(id, "d", std::to_string(c.d), "integers in [1, 46340] (d^2 tree coordinates)");
  if (c.T < 2) throw DomainError(id, "T", std::to_string(c.T), "integers >= 2");
  for (auto [name, v] : {std::pair<const char*, double>{"alpha", c.alpha}, {"R", c.R}})
    if (!(v > 0) || !std::isfinite(v)) throw DomainError(id, name, text17(v), "(0, inf)");
  if (!(c.step_alpha >= 0) || !std::isfinite(c.step_alpha))
    throw DomainError(id, "step_alpha", text17(c.step_alpha), "[0, inf) (0: alpha)");
}

double norm2(const double* z, int d) {
  double m = 0;
  for (int j = 0; j < d; ++j) m = std::fabs(z[j]) > m ? std::fabs(z[j]) : m;  // NaN entries skipped, as fmax would
  if (m == 0 || !std::isfinite(m)) return m;
  const double inv = 1 / m;
  double s = 0;
  for (int j = 0; j < d; ++j) {
    const double y = z[j] * inv;
    s = std::fma(y, y, s);
  }
  return m * std::sqrt(s);
}

bool take_data(const QftlConfig& c, double y, const double* v, double* y_out, double* v_out) {
  const char* id = "JKT.alg.qftl";
  if (!std::isfinite(y)) throw DomainError(id, "y_t", text17(y), "finite");
  for (int j = 0; j < c.d; ++j)
    if (!std::isfinite(v[j])) throw DomainError(id, "v_" + std::to_string(j + 1), text17(v[j]), "finite");
  const double nv = norm2(v, c.d), slack = c.R * (1 + 0x1p-50);
  bool clip = false;
  *y_out = y;
  for (int j = 0; j < c.d; ++j) v_out[j] = v[j];
  if (std::fabs(y) > slack) {
    if (c.enforce == REnforce::refuse) throw DomainError(id, "y_t", text17(y), "[-R, R] (R = " + text17(c.R) + ")");
    *y_out = std::copysign(c.R, y), clip = true;
  }
  if (nv > slack) {
    if (c.enforce == REnforce::refuse)
      throw DomainError(id, "v_t", "a vector of norm " + text17(nv), "norms <= R (R = " + text17(c.R) + ")");
    const double f = c.R / nv;
    for (int j = 0; j < c.d; ++j) v_out[j] = v[j] * f;
    clip = true;
  }
  return clip;
}

}  // namespace privoco::jkt
