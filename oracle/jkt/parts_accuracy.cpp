// JKT's learners in the report: seeded runs of PIGD, PGIGA and PQFTL (fast) against their certified replay from the
// same draws, every released point's coordinates in ulp of the scale check --stream judges them at: the radius of C
// (PIGD, PGIGA), the rounding scale of a solve from sums (PQFTL).
#include <fmt/format.h>

#include <cmath>
#include <random>
#include <vector>

#include "commands.hpp"
#include "parts_accuracy.hpp"
#include "privoco/fast/jkt/igd_giga.hpp"
#include "privoco/fast/jkt/learners.hpp"
#include "privoco/fast/jkt/qftl.hpp"
#include "privoco/fast/jkt/tree.hpp"
#include "privoco/reference/jkt/learners.hpp"
#include "privoco/reference/jkt/qftl.hpp"
#include "sampling.hpp"

namespace privoco::oracle::jkt {

std::vector<PartAccuracy> measure_parts(std::size_t steps, std::uint64_t seed) {
  std::vector<PartAccuracy> out;
  for (const auto update : {privoco::jkt::OcpUpdate::igd, privoco::jkt::OcpUpdate::giga}) {
    const bool igd = update == privoco::jkt::OcpUpdate::igd;
    PartTally t;
    t.a = {privoco::jkt::ocp_id(update),
           fmt::format("{} rounds, d = 3, unit ball, alpha = 1, uniform start, eps = 1, delta = 1e-5 (printed beta{}), "
                       "g_t uniform in the ball of radius 0.5",
                       steps, igd ? ", L = 1.5" : ", G = 1.5, L_G = 1.5: t_q = 5"),
           "ulp of the scale"};
    privoco::jkt::OcpConfig c;
    c.update = update, c.d = 3, c.T = steps + 1, c.alpha = 1, c.radius = 1, c.seed = derive_seed(seed, t.a.id);
    c.init = privoco::jkt::InitReading::uniform;
    const double T = static_cast<double>(c.T);
    double beta;
    if (igd) {
      beta = fast::jkt::pigd_beta(1.5, 1, 1e-5, T, fast::jkt::CParse::ln_of_half_ln).value;
    } else {
      c.tq = static_cast<std::uint64_t>(fast::jkt::giga_tq(1.5, 1, fast::jkt::TqRounding::ceil).value);
      beta = fast::jkt::pgiga_beta(1.5, 1, 1, 1e-5, T, fast::jkt::CParse::ln_of_half_ln, fast::jkt::PgigaLambda::alg3).value;
    }
    fast::jkt::PrivateOcp f(c, beta);
    reference::Ball bb(beta), cost;
    reference::jkt::PrivateOcpReplay r(c, bb.get());
    std::mt19937_64 rng(derive_seed(seed, t.a.id + "/g"));
    std::uniform_real_distribution<double> u(-1, 1);
    const double ulp_r = std::ldexp(1.0, -52);  // ulp(1), the radius
    for (std::size_t s = 0; s < steps; ++s) {
      for (int j = 0; j < 3; ++j) {
        const double ref = arf_get_d(arb_midref(r.played()[j].get()), ARF_RND_NEAR);
        t.add(std::fabs(f.played()[j] - ref) / ulp_r, fmt::format("round {}, coordinate {}", s + 1, j + 1));
      }
      double g[3], n = 0;
      for (double& x : g) x = u(rng), n += x * x;
      const double scale = 0.5 * std::cbrt(std::fabs(u(rng))) / std::sqrt(n);
      for (double& x : g) x *= scale;
      f.update(g);
      r.update(g, cost);
    }
    out.push_back(t.done());
  }
  {  // PQFTL (Alg 4): x^_{t+1} is a solve from sums, judged in ulp of its rounding scale (as check --stream)
    PartTally t;
    t.a = {"JKT.alg.qftl",
           fmt::format("{} rounds, d = 4, alpha = 1, R = 1, eps = 1, delta = 1e-5 (printed sigmas, log_base e), v_t "
                       "uniform in the ball of radius 1, y_t = v_t.(1, 1, 1, 1)/2 + N(0, 0.01)",
                       steps),
           "ulp of the rounding scale"};
    privoco::jkt::QftlConfig c;
    c.d = 4, c.T = steps + 1, c.alpha = 1, c.R = 1, c.seed = derive_seed(seed, t.a.id);
    const double T = static_cast<double>(c.T);
    const double sV = fast::jkt::tree_sigma(1, 0.5, 0.5e-5, T, fast::jkt::LogBase::e).value;  // R^2 = R = 1
    fast::jkt::PrivateQftl f(c, sV, sV);
    reference::Ball sb(sV), cost;
    reference::jkt::PrivateQftlReplay r(c, sb.get(), sb.get());
    std::mt19937_64 rng(derive_seed(seed, t.a.id + "/data"));
    std::uniform_real_distribution<double> u(-1, 1);
    std::normal_distribution<double> noise(0, 0.1);
    for (std::size_t s = 0; s < steps; ++s) {
      const double unit = std::ldexp(1.0, std::ilogb(std::fmax(0x1p-1022, r.rounding_scale())) - 52);
      for (int j = 0; j < 4; ++j) {
        const double ref = arf_get_d(arb_midref(r.played()[j].get()), ARF_RND_NEAR);
        t.add(std::fabs(f.played()[j] - ref) / unit, fmt::format("round {}, coordinate {}", s + 1, j + 1));
      }
      double v[4], n = 0;
      for (double& x : v) x = u(rng), n += x * x;
      const double k = std::cbrt(std::fabs(u(rng))) / std::sqrt(n);
      for (double& x : v) x *= k;
      const double y = std::fmax(-1.0, std::fmin(1.0, (v[0] + v[1] + v[2] + v[3]) / 2 + noise(rng)));
      f.update(y, v);
      r.update(y, v, cost);
    }
    out.push_back(t.done());
  }
  return out;
}

}  // namespace privoco::oracle::jkt
