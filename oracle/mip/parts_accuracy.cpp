// MIP's learners in the report: seeded runs of Alg 1 and Alg 2 (fast; both shapes of S, both loss families) against
// their certified replay from the same draws, every played point's coordinates in ulp of the rounding scale check
// --stream judges them at (S's size, or eta n sum_s max_j |z~_s,j| after n rounds), the replay conditional on the fast
// run's points as check --stream's default.
#include <fmt/format.h>

#include <cmath>
#include <random>
#include <vector>

#include "commands.hpp"
#include "parts_accuracy.hpp"
#include "privoco/fast/mip/ogd.hpp"
#include "privoco/reference/mip/ogd.hpp"
#include "sampling.hpp"

namespace privoco::oracle::mip {

std::vector<PartAccuracy> measure_parts(std::size_t steps, std::uint64_t seed) {
  std::vector<PartAccuracy> out;
  using privoco::mip::Loss;
  using privoco::mip::Shape;
  struct Part {
    bool bandit;
    Shape shape;
    Loss loss;
  };
  for (const Part part : {Part{false, Shape::ball, Loss::linear}, Part{false, Shape::box, Loss::quadratic},
                          Part{true, Shape::ball, Loss::linear}, Part{true, Shape::box, Loss::quadratic}}) {
    PartTally t;
    const std::string id = privoco::mip::ogd_id(part.bandit);
    t.a = {id,
           fmt::format("{} rounds, d = 3, {} {}, eta = 0.1, sigma = 0.5{}, f_t = {} with g_t uniform in [-1, 1]^3", steps,
                       part.shape == Shape::ball ? "ball of radius 1 about" : "box of half-widths (1, 1.5, 2) about",
                       "(0.3, 0, -0.2)", part.bandit ? ", delta = 0.2" : "",
                       part.loss == Loss::linear ? "g_t.w" : "|w - g_t|^2/2"),
           "ulp of the rounding scale"};
    privoco::mip::OgdConfig c;
    c.bandit = part.bandit, c.d = 3, c.T = steps, c.eta = 0.1, c.sigma = 0.5, c.delta = 0.2, c.L = 100;
    c.shape = part.shape, c.loss = part.loss, c.c = {0.3, 0, -0.2};
    c.h = part.shape == Shape::ball ? std::vector<double>{1, 1, 1} : std::vector<double>{1, 1.5, 2};
    c.seed = derive_seed(seed, id + t.a.setup);
    fast::mip::PrivateOgd f(c);
    reference::mip::PrivateOgdReplay r(c);
    reference::Ball cost;
    std::mt19937_64 rng(derive_seed(seed, id + t.a.setup + "/g"));
    std::uniform_real_distribution<double> u(-1, 1);
    double w[3];
    for (std::size_t s = 0; s < steps; ++s) {
      const double unit = std::ldexp(1.0, std::ilogb(r.rounding_scale()) - 52);
      for (int j = 0; j < 3; ++j) {
        w[j] = f.played()[j];
        const double ref = arf_get_d(arb_midref(r.played()[j].get()), ARF_RND_NEAR);
        t.add(std::fabs(w[j] - ref) / unit, fmt::format("round {}, coordinate {}", s + 1, j + 1));
      }
      double g[3];
      for (double& x : g) x = u(rng);
      f.update(g);
      r.update(g, cost, nullptr, nullptr, w);
    }
    out.push_back(t.done());
  }
  return out;
}

}  // namespace privoco::oracle::mip
