// VDH randomisers: derivations in randomisers.hpp.
#include "privoco/format.hpp"
#include "privoco/fast/vdh/randomisers.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include "privoco/errors.hpp"

namespace privoco::fast {


namespace vdh {

void local_laplace(const Streams& s, std::uint64_t round, const double* tau, int d, double* xi) {
  for (int j = 0; j < d; ++j) {
    if (!(tau[j] > 0))
      throw DomainError("VDH.alg.local_laplace", "tau" + std::to_string(j + 1), text17(tau[j]), "(0, inf]");
    if (std::isinf(tau[j])) {  // A17(b): infinite tau_j, no noise on coordinate j
      xi[j] = 0;
      continue;
    }
    // inverse CDF of Laplace(scale 2/tau): u in (0,1), xi = -scale sign(u - 1/2) ln(1 - 2|u - 1/2|)
    const double u = s.uniform(round, static_cast<std::uint64_t>(j)) - 0.5;
    const double m = -std::log1p(-2 * std::fabs(u));
    xi[j] = (2 / tau[j]) * (u < 0 ? -m : m);
  }
}

void l2_mech(const Streams& s, std::uint64_t round, double eps, int d, double* xi) {
  if (!(eps > 0) || std::isinf(eps)) throw DomainError("VDH.alg.l2_mech", "eps", text17(eps), "(0, inf)");
  if (d < 1) throw DomainError("VDH.alg.l2_mech", "d", std::to_string(d), "[1, inf)");
  double r = 0;  // Gamma(d, 2/eps) as a sum of d exponentials
  for (int k = 0; k < d; ++k) r -= std::log(s.uniform(round, static_cast<std::uint64_t>(k)));
  r *= 2 / eps;
  double n2 = 0;  // d standard normals by Box-Muller, counters d, d+1, ...
  for (int j = 0; j < d; j += 2) {
    const double u1 = s.uniform(round, static_cast<std::uint64_t>(d + j));
    const double u2 = s.uniform(round, static_cast<std::uint64_t>(d + j + 1));
    const double rad = std::sqrt(-2 * std::log(u1)), ang = 6.283185307179586 * u2;
    xi[j] = rad * std::cos(ang);
    if (j + 1 < d) xi[j + 1] = rad * std::sin(ang);
  }
  for (int j = 0; j < d; ++j) n2 += xi[j] * xi[j];
  const double f = r / std::sqrt(n2);  // n2 > 0: u1 < 1 always, so rad > 0; a zero norm would need cos = sin = 0
  for (int j = 0; j < d; ++j) xi[j] *= f;
}

}  // namespace vdh
}  // namespace privoco::fast
