// JKT's learners in the report: seeded runs of PIGD, PGIGA (three loss families, both shapes of C), POCP around IGD
// and PQFTL (fast) against their certified replay from the same draws, every released point's coordinates in ulp of
// the scale check --stream judges them at: the radius of C (PIGD, PGIGA, POCP), the rounding scale of a solve from
// sums (PQFTL).
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
  // PIGD and PGIGA on the quadratic family over the ball, PIGD on the logistic family over the box and on the hinge
  // family over the ball (the steps by a scalar root), and POCP around IGD's iterates (generic A)
  struct OcpPart {
    privoco::jkt::OcpUpdate update;
    privoco::jkt::OcpLoss loss;
    privoco::jkt::OcpDomain domain;
    bool pocp;
  };
  using privoco::jkt::OcpDomain;
  using privoco::jkt::OcpLoss;
  using privoco::jkt::OcpUpdate;
  for (const OcpPart part : {OcpPart{OcpUpdate::igd, OcpLoss::quadratic, OcpDomain::ball, false},
                             OcpPart{OcpUpdate::giga, OcpLoss::quadratic, OcpDomain::ball, false},
                             OcpPart{OcpUpdate::igd, OcpLoss::logistic, OcpDomain::box, false},
                             OcpPart{OcpUpdate::igd, OcpLoss::hinge, OcpDomain::ball, false},
                             OcpPart{OcpUpdate::igd, OcpLoss::quadratic, OcpDomain::ball, true}}) {
    const bool igd = part.update == OcpUpdate::igd;
    const bool plain = part.loss == OcpLoss::quadratic && part.domain == OcpDomain::ball && !part.pocp;
    const double L = part.domain == OcpDomain::box ? 0.5 + std::sqrt(3.0) : 1.5;  // ||g|| + alpha max_C |x|
    PartTally t;
    const char* loss_name = part.loss == OcpLoss::logistic ? "logistic" : (part.loss == OcpLoss::hinge ? "hinge" : "");
    t.a = {part.pocp ? "JKT.alg.pocp" : privoco::jkt::ocp_id(part.update),
           fmt::format("{}{} rounds, d = 3, unit {}, alpha = 1, uniform start, eps = 1, delta = 1e-5 (printed beta{}), "
                       "g_t uniform in the ball of radius 0.5{}",
                       part.pocp ? "around IGD's iterates (lambda_A = 2L), " : "", steps,
                       part.domain == OcpDomain::box ? "box" : "ball",
                       igd ? fmt::format(", L = {:.6g}", L) : ", G = 1.5, L_G = 1.5: t_q = 5",
                       plain || part.pocp ? "" : fmt::format(", loss = {}", loss_name)),
           "ulp of the scale"};
    privoco::jkt::OcpConfig c;
    c.update = part.update, c.loss = part.loss, c.domain = part.domain, c.d = 3, c.T = steps + 1, c.alpha = 1,
    c.radius = 1, c.seed = derive_seed(seed, plain ? t.a.id : t.a.id + t.a.setup);
    c.init = privoco::jkt::InitReading::uniform;
    const double T = static_cast<double>(c.T);
    double beta;
    if (igd) {
      beta = fast::jkt::pigd_beta(L, 1, 1e-5, T, fast::jkt::CParse::ln_of_half_ln).value;
    } else {
      c.tq = static_cast<std::uint64_t>(fast::jkt::giga_tq(1.5, 1, fast::jkt::TqRounding::ceil).value);
      beta = fast::jkt::pgiga_beta(1.5, 1, 1, 1e-5, T, fast::jkt::CParse::ln_of_half_ln, fast::jkt::PgigaLambda::alg3).value;
    }
    fast::jkt::PrivateOcp f(c, beta);
    fast::jkt::Pocp pocp(c, beta);  // used by the POCP row: releases of f's hidden iterates
    reference::Ball bb(beta), cost;
    reference::jkt::PrivateOcpReplay r(c, bb.get());
    reference::jkt::PocpReplay rp(c, bb.get());
    std::mt19937_64 rng(derive_seed(seed, plain ? t.a.id + "/g" : t.a.id + t.a.setup + "/g"));
    std::uniform_real_distribution<double> u(-1, 1);
    const double ulp_r = std::ldexp(1.0, -52);  // ulp(1), the radius
    for (std::size_t s = 0; s < steps; ++s) {
      for (int j = 0; j < 3; ++j) {
        const double fv = part.pocp ? pocp.released()[j] : f.played()[j];
        const double ref = arf_get_d(arb_midref((part.pocp ? rp.released() : r.played())[j].get()), ARF_RND_NEAR);
        t.add(std::fabs(fv - ref) / ulp_r, fmt::format("round {}, coordinate {}", s + 1, j + 1));
      }
      double g[3], n = 0;
      for (double& x : g) x = u(rng), n += x * x;
      const double scale = 0.5 * std::cbrt(std::fabs(u(rng))) / std::sqrt(n);
      for (double& x : g) x *= scale;
      f.update(g);
      if (part.pocp) pocp.release(f.state().x.data()), rp.release(f.state().x.data());  // A's x_{t+1}
      else r.update(g, cost);
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
