#include "ocp_runs.hpp"

#include <cmath>
#include <vector>

#include "privoco/fast/jkt/igd_giga.hpp"
#include "privoco/fast/jkt/learners.hpp"
#include "privoco/reference/ball.hpp"
#include "privoco/reference/jkt/learners.hpp"
#include "privoco/streams.hpp"

namespace privoco::proofs::jkt {

namespace {
// the regret of one run: its charged costs against min over C of the sum of the losses (at Pi_C(-S/(T alpha)))
double run_regret(fast::jkt::PrivateOcp& f, const std::vector<double>& g, const privoco::jkt::OcpConfig& c,
                  double best) {
  double cost = 0;
  for (std::uint64_t t = 0; t < c.T; ++t) cost += f.update(g.data() + t * static_cast<std::size_t>(c.d));
  return cost - best;
}
}  // namespace

OcpRunStats simulate_ocp(privoco::jkt::OcpConfig c, double beta, double gmax, long n, std::uint64_t seed, double level) {
  const int d = c.d;
  const std::uint64_t T = c.T;
  const Streams data(seed);
  std::vector<double> g(static_cast<std::size_t>(d) * T), S(static_cast<std::size_t>(d), 0.0);
  for (std::uint64_t t = 0; t < T; ++t) {  // g_t uniform in the ball of radius gmax
    double nn = 0;
    for (int j = 0; j < d; ++j) {
      const double u1 = data.uniform(2 * static_cast<std::uint64_t>(j), t), u2 = data.uniform(2 * static_cast<std::uint64_t>(j) + 1, t);
      g[t * d + j] = std::sqrt(-2 * std::log(u1)) * std::cos(6.283185307179586 * u2);
      nn += g[t * d + j] * g[t * d + j];
    }
    const double r = gmax * std::pow(data.uniform(1u << 20, t), 1.0 / d) / std::sqrt(nn);
    for (int j = 0; j < d; ++j) g[t * d + j] *= r, S[j] += g[t * d + j];
  }
  // the comparator: sum_t f_t(x) = T alpha/2 ||x||^2 + S.x, minimised over C at Pi_C(-S/(T alpha))
  double sn = 0;
  for (double s : S) sn += s * s;
  sn = std::sqrt(sn);
  const double Ta = static_cast<double>(T) * c.alpha, free = sn / Ta, rad = free <= c.radius ? free : c.radius;
  const double best = 0.5 * Ta * rad * rad - sn * rad;  // x = -rad S/|S|
  OcpRunStats st;
  st.g = g;
  {
    privoco::jkt::OcpConfig b = c;  // the base algorithm: no noise, x_1 = 0
    b.init = privoco::jkt::InitReading::given, b.x1.assign(static_cast<std::size_t>(d), 0.0), b.seed = seed;
    fast::jkt::PrivateOcp f(b, 0.0);
    st.base_regret = run_regret(f, g, b, best);
  }
  double m = 0, m2 = 0;
  for (long k = 0; k < n; ++k) {
    c.init = privoco::jkt::InitReading::given, c.x1.assign(static_cast<std::size_t>(d), 0.0);
    c.seed = seed * 1000003 + static_cast<std::uint64_t>(k) + 1;
    fast::jkt::PrivateOcp f(c, beta);
    const double r = run_regret(f, g, c, best);
    st.regrets.push_back(r);
    const double delta = r - m;  // Welford
    m += delta / static_cast<double>(k + 1);
    m2 += delta * (r - m);
  }
  st.n = n, st.mean = m, st.var = n > 1 ? m2 / static_cast<double>(n - 1) : 0;
  st.width = 4 * c.radius * (gmax + c.alpha * c.radius) * static_cast<double>(T);
  const double l = std::log(2 / level);
  st.lcb = m - std::sqrt(2 * st.var * l / static_cast<double>(n)) - 7 * st.width * l / (3.0 * static_cast<double>(n - 1));
  return st;
}

void certified_base_regret(arb_t res, privoco::jkt::OcpConfig c, const std::vector<double>& g) {
  const int d = c.d;
  c.init = privoco::jkt::InitReading::given, c.x1.assign(static_cast<std::size_t>(d), 0.0);
  reference::Ball zero, cost, total, alpha(c.alpha), radius(c.radius), best;
  reference::jkt::PrivateOcpReplay r(c, zero.get());
  std::vector<reference::Ball> S(static_cast<std::size_t>(d));
  for (std::uint64_t t = 0; t < c.T; ++t) {
    r.update(g.data() + t * static_cast<std::size_t>(d), cost);
    arb_add(total, total, cost, 256);
    for (int j = 0; j < d; ++j) {
      reference::Ball gj(g[t * d + j]);
      arb_add(S[j], S[j], gj, ARF_PREC_EXACT);
    }
  }
  reference::jkt::quadratic_comparator(best, nullptr, S, c.T, alpha, radius, 256);
  arb_sub(res, total, best, 256);
}

void ocp_grid(bool giga, const std::vector<int>& ds, const std::vector<std::uint64_t>& Ts, const std::vector<double>& epss,
              long n, double level, const std::function<std::uint64_t(int d, std::uint64_t T)>& run_seed,
              const std::function<void(const OcpGridPoint&)>& each) {
  for (int d : ds)
    for (std::uint64_t T : Ts)
      for (double eps : epss) {
        privoco::jkt::OcpConfig c;
        c.update = giga ? privoco::jkt::OcpUpdate::giga : privoco::jkt::OcpUpdate::igd;
        c.d = d, c.T = T, c.alpha = kGridAlpha, c.radius = kGridRadius, c.tq = giga ? 2 : 1;
        const double Td = static_cast<double>(T);
        const auto parse = fast::jkt::CParse::ln_of_half_ln;
        const double beta = giga ? fast::jkt::pgiga_beta(kGridL, kGridAlpha, eps, kGridDelta, Td, parse,
                                                         fast::jkt::PgigaLambda::alg3).value  // JKT Alg 3 l.8
                                 : fast::jkt::pigd_beta(kGridL, eps, kGridDelta, Td, parse).value;  // JKT Alg 2 l.8
        const OcpRunStats st = simulate_ocp(c, beta, kGridGmax, n, run_seed(d, T), level);
        each(OcpGridPoint{d, T, eps, c, st});
      }
}

}  // namespace privoco::proofs::jkt
