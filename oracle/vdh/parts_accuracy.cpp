// The learners (Algorithms 1-3, the direction learner) and the randomisers, fast against the certified reference
// (see parts_accuracy.hpp). Gradients: Gaussian with a per-coordinate drift, seeded from the master seed and the
// ID (derive_seed), so the report's seed reproduces every row.
#include "commands.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <random>

#include <Eigen/Core>

#include "privoco/decimal.hpp"
#include "privoco/fast/vdh/learners.hpp"
#include "privoco/fast/vdh/randomisers.hpp"
#include "privoco/reference/vdh/learners.hpp"
#include "privoco/reference/vdh/randomisers.hpp"
#include "sampling.hpp"

namespace privoco::oracle::vdh {

namespace {
namespace fv = fast::vdh;
namespace rv = reference::vdh;

double ulp_of(double x) {
  const double a = std::fabs(x);
  return a < DBL_MIN ? std::ldexp(1.0, -1074) : std::ldexp(1.0, std::ilogb(a) - 52);
}

using Tally = PartTally;
}  // namespace

std::vector<PartAccuracy> measure_parts(std::size_t steps, std::uint64_t seed) {
  std::vector<PartAccuracy> out;
  const Decimal b = parse_param("report", "b", "1"), G = parse_param("report", "G", "0.5");
  const fv::PriorSpec spec{fv::Prior::conjugate, 1, 0.5};

  // Algorithms 1 and 3 end to end: the fast learner keeps L_t, V_t as double-double sums and predicts from them,
  // the replay from the exact sums. (Predicting from their doubles cost up to 97 ulp here: w's condition number
  // is ~ lambda = C|L|, hundreds after 2000 rounds.)
  {  // Algorithm 1: each prediction in ulp of the certified one
    Tally t;
    t.a = {"VDH.alg.alg1", fmt::format("{} rounds, conjugate prior b = 1, G = 0.5, g ~ N(0.3, 1); end to end", steps), "ulp"};
    std::mt19937_64 rng(derive_seed(seed, t.a.id));
    std::normal_distribution<double> n(0.3, 1.0);
    fv::Alg1 f(spec);
    rv::Alg1Replay r("conjugate", b, G);
    for (std::size_t s = 0; s < steps; ++s) {
      const reference::Certified c = r.predict();
      t.add(reference::ulp_error(c, f.predict().value), fmt::format("round {}", s + 1));
      const double g = n(rng);
      f.update(g);
      r.update(g);
    }
    out.push_back(t.done());
  }
  {  // Algorithm 3, d = 4, b_j = 0.25, 1, 4, 16: per coordinate, in ulp
    Tally t;
    const int d = 4;
    t.a = {"VDH.alg.alg3", fmt::format("{} rounds, d = 4, b_j = 0.25, 1, 4, 16, G = 0.5, g_j ~ N(0.2 j - 0.3, 1); end to end", steps),
           "ulp"};
    std::mt19937_64 rng(derive_seed(seed, t.a.id));
    std::normal_distribution<double> n(0.0, 1.0);
    Eigen::VectorXd bj(d), w(d), g(d);
    bj << 0.25, 1, 4, 16;
    fv::Alg3 f(bj, 0.5);
    std::vector<rv::Alg1Replay> r;
    for (const char* bs : {"0.25", "1", "4", "16"}) r.emplace_back("conjugate", parse_param("report", "b", bs), G);
    for (std::size_t s = 0; s < steps; ++s) {
      f.predict(w);
      for (int j = 0; j < d; ++j)
        t.add(reference::ulp_error(r[j].predict(), w[j]), fmt::format("round {}, coordinate {}", s + 1, j + 1));
      for (int j = 0; j < d; ++j) g[j] = n(rng) + 0.2 * (j + 1) - 0.3;
      f.update(g);
      for (int j = 0; j < d; ++j) r[j].update(g[j]);
    }
    out.push_back(t.done());
  }
  // The direction learner and Algorithm 2 accumulate rounding in z_t (a conditioning property: z_{t,j} crosses 0),
  // so they are measured normwise: |fast - reference| in ulp of the step's scale (1 for z, |v_t| for w = v z).
  const std::size_t short_steps = std::min<std::size_t>(steps, 500);  // 640-bit balls: ~0.2 ms a step
  {
    Tally t;
    const int d = 3;
    t.a = {"VDH.alg.md_direction", fmt::format("{} rounds, d = 3, g_j ~ N(0.3, 1)", short_steps), "ulp of the scale"};
    std::mt19937_64 rng(derive_seed(seed, t.a.id));
    std::normal_distribution<double> n(0.3, 1.0);
    fv::MdDirection f(d);
    rv::MdDirectionReplay r(d);
    Eigen::VectorXd g(d);
    std::vector<double> gv(d);
    for (std::size_t s = 0; s < short_steps; ++s) {
      for (int j = 0; j < d; ++j) g[j] = gv[j] = n(rng);
      f.update(g);
      r.update(gv);
      for (int j = 0; j < d; ++j)
        t.add(std::fabs(f.z()[j] - r.predict_z(j).nearest()) / ulp_of(1.0), fmt::format("round {}, coordinate {}", s + 1, j + 1));
    }
    out.push_back(t.done());
  }
  {
    Tally t;
    const int d = 3;
    t.a = {"VDH.alg.alg2", fmt::format("{} rounds, d = 3, conjugate prior b = 1, G = 0.5, g_j ~ N(0.2, 1)", short_steps),
           "ulp of the scale"};
    std::mt19937_64 rng(derive_seed(seed, t.a.id));
    std::normal_distribution<double> n(0.2, 1.0);
    fv::Alg2 f(d, spec);
    rv::Alg2Replay r(d, "conjugate", b, G);
    Eigen::VectorXd g(d), w(d);
    std::vector<double> gv(d);
    for (std::size_t s = 0; s < short_steps; ++s) {
      f.predict(w);
      const double scale = std::fabs(r.predict_v().nearest());
      for (int j = 0; j < d; ++j)
        t.add(std::fabs(w[j] - r.predict_w(j).nearest()) / ulp_of(scale), fmt::format("round {}, coordinate {}", s + 1, j + 1));
      for (int j = 0; j < d; ++j) g[j] = gv[j] = n(rng);
      f.update(g);
      r.update(gv);
    }
    out.push_back(t.done());
  }
  {  // local Laplace: every coordinate of every draw in ulp (the same uniforms)
    Tally t;
    t.a = {"VDH.alg.local_laplace", fmt::format("{} draws, tau = 0.01, 0.5, 1, 30, inf", steps), "ulp"};
    const Streams st(derive_seed(seed, t.a.id));
    std::vector<rv::Tau> tau;
    const char* taus[] = {"0.01", "0.5", "1", "30", "inf"};
    for (std::size_t j = 0; j < 5; ++j) tau.push_back(rv::parse_tau(taus[j], j));
    const double td[] = {0.01, 0.5, 1, 30, INFINITY};
    double xi[5];
    for (std::size_t s = 0; s < steps; ++s) {
      fv::local_laplace(st, s + 1, td, 5, xi);
      const auto c = rv::local_laplace(st, s + 1, tau);
      for (int j = 0; j < 5; ++j) t.add(reference::ulp_error(c[j], xi[j]), fmt::format("draw {}, coordinate {}", s + 1, j + 1));
    }
    out.push_back(t.done());
  }
  {  // l2 mechanism: normwise, in ulp of the radius (the fast sampler's rounded 2 pi moves the angle)
    Tally t;
    const int d = 5;
    t.a = {"VDH.alg.l2_mech", fmt::format("{} draws, eps = 0.5, d = 5", steps), "ulp of the scale"};
    const Streams st(derive_seed(seed, t.a.id));
    const Decimal eps = parse_param("report", "eps", "0.5");
    double xi[d];
    for (std::size_t s = 0; s < steps; ++s) {
      fv::l2_mech(st, s + 1, 0.5, d, xi);
      const auto c = rv::l2_mech(st, s + 1, eps, d);
      const double u = ulp_of(c.radius.nearest());
      for (int j = 0; j < d; ++j) t.add(std::fabs(xi[j] - c.xi[j].nearest()) / u, fmt::format("draw {}, coordinate {}", s + 1, j + 1));
    }
    out.push_back(t.done());
  }
  return out;
}

}  // namespace privoco::oracle::vdh
