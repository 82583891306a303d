#include "privoco/jkt/ocp.hpp"

#include <cmath>
#include <string>
#include <utility>

#include "privoco/errors.hpp"
#include "privoco/format.hpp"

namespace privoco::jkt {

double ocp_phi(OcpLoss loss, double z) {
  switch (loss) {
    case OcpLoss::logistic:  // ln(1 + e^-z) without overflow: -z + ln(1 + e^z) for z < 0
      return z >= 0 ? std::log1p(std::exp(-z)) : -z + std::log1p(std::exp(z));
    case OcpLoss::hinge: return z < 1 ? 1 - z : 0.0;
    case OcpLoss::absolute: return std::fabs(1 - z);
    default: return z;
  }
}

double ocp_phi_slope(OcpLoss loss, double z) {
  switch (loss) {
    case OcpLoss::logistic: return -1 / (1 + std::exp(z));  // -sigma(-z); exp overflow gives -0
    case OcpLoss::hinge: return z < 1 ? -1.0 : 0.0;
    case OcpLoss::absolute: return z < 1 ? -1.0 : (z > 1 ? 1.0 : 0.0);
    default: return 1;
  }
}

const char* ocp_id(OcpUpdate u) {
  return u == OcpUpdate::igd ? "JKT.alg.igd_update" : (u == OcpUpdate::giga ? "JKT.alg.giga_update" : "JKT.alg.pocp");
}

double ocp_max_norm(const OcpConfig& c) {
  return c.domain == OcpDomain::box ? c.radius * std::sqrt(static_cast<double>(c.d)) : c.radius;
}

void validate(const OcpConfig& c) {
  const char* id = ocp_id(c.update);
  if (c.d < 1) throw DomainError(id, "d", std::to_string(c.d), "integers >= 1");
  if (c.T < 2) throw DomainError(id, "T", std::to_string(c.T), "integers >= 2");
  for (auto [name, v] : {std::pair<const char*, double>{"alpha", c.alpha}, {"radius", c.radius}})
    if (!(v > 0) || !std::isfinite(v)) throw DomainError(id, name, text17(v), "(0, inf)");
  if (c.tq < 1) throw DomainError(id, "t_q", std::to_string(c.tq), "integers >= 1");
  if (c.domain == OcpDomain::box && c.loss != OcpLoss::quadratic && !std::isfinite(1 / c.alpha))
    throw DomainError(id, "alpha", text17(c.alpha), "values whose IGD step 1/alpha is finite (the box's phi step)");
  if (c.init != InitReading::given) return;
  if (c.x1.size() != static_cast<std::size_t>(c.d))
    throw DomainError(id, "x1", std::to_string(c.x1.size()) + " values", std::to_string(c.d) + " values (one per coordinate)");
  if (c.domain == OcpDomain::box) {
    for (double v : c.x1)
      if (!std::isfinite(v) || std::fabs(v) > c.radius)
        throw DomainError(id, "x1", text17(v), "points of C (coordinates in [-radius, radius], radius = " + text17(c.radius) + ")");
    return;
  }
  long double s = 0;  // |x1/radius|^2 in extended precision, against 1 with a margin of 2^-50: a point on the sphere
                      // written in decimals is in C
  for (double v : c.x1) {
    if (!std::isfinite(v)) throw DomainError(id, "x1", text17(v), "finite values");
    const long double y = static_cast<long double>(v) / c.radius;
    s += y * y;
  }
  if (s > 1.0L + 0x1p-50L)
    throw DomainError(id, "x1", "a point of norm " + text17(c.radius * std::sqrt(static_cast<double>(s))),
                      "points of C (norm <= radius = " + text17(c.radius) + ")");
}

}  // namespace privoco::jkt
