// BANCO's learner in the report: seeded runs of Alg 1 (fast) against its certified replay from the same draws (the
// replay takes the fast run's noise as another program's, so that the comparison is of the update, not of the
// randomiser, which VDH's rows measure), every played point's coordinates in ulp of the rounding scale check --stream
// judges them at (BancoReplay::rounding_scale).
#include <fmt/format.h>

#include <cmath>
#include <random>
#include <vector>

#include "commands.hpp"
#include "parts_accuracy.hpp"
#include "privoco/fast/banco/learner.hpp"
#include "privoco/reference/banco/learner.hpp"
#include "sampling.hpp"

namespace privoco::oracle::banco {

std::vector<PartAccuracy> measure_parts(std::size_t steps, std::uint64_t seed) {
  std::vector<PartAccuracy> out;
  // the Thm 2 instance at eps = 4 (noise comparable to the gradients) and at eps = 400 (little noise: the bet grows)
  for (const double eps : {4.0, 400.0}) {
    PartTally t;
    const std::string id = "BANCO.alg.banco";
    t.a = {id,
           fmt::format("{} rounds, d = 3, G = 1, eps = {}, lambda = 1, default readings, g_t = 0.9 (0.6, 0.3 u, -0.3)/|.| "
                       "with u uniform in [-1, 1]",
                       steps, eps),
           "ulp of the rounding scale"};
    privoco::banco::BancoConfig c;
    c.d = 3, c.T = steps, c.eps = eps;
    c.seed = derive_seed(seed, id + t.a.setup);
    fast::banco::Banco f(c);
    reference::banco::BancoReplay r(c);
    std::mt19937_64 rng(derive_seed(seed, id + t.a.setup + "/g"));
    std::uniform_real_distribution<double> u(-1, 1);
    for (std::size_t s = 0; s < steps; ++s) {
      const double unit = std::ldexp(1.0, std::ilogb(r.rounding_scale()) - 52);
      for (int j = 0; j < 3; ++j) {
        const double ref = arf_get_d(arb_midref(r.played()[j].get()), ARF_RND_NEAR);
        t.add(std::fabs(f.played()[j] - ref) / unit, fmt::format("round {}, coordinate {}", s + 1, j + 1));
      }
      double g[3] = {0.6, 0.3 * u(rng), -0.3};
      const double n = std::sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
      for (double& x : g) x *= 0.9 / n;
      f.update(g);
      r.update(g, f.noise());
    }
    out.push_back(t.done());
  }
  return out;
}

}  // namespace privoco::oracle::banco
