// privoco run scenario1 | scenario2: the two motivating examples of VDH §4 (000) = §3.4 (002), as runnable
// experiments. Each compares the realised regret of the paper's algorithm when providers choose their own privacy
// with the maximum-privacy baseline (every provider at the strictest level), over several horizons T and seeds
// from one printed master seed.
//
// The loss sequence (not specified in §4; chosen so that a finite comparator is optimal and the regret is the
// quantity of §1, R_T(u) = sum_t l_t(w_t) - l_t(u), reading A15(b)): absolute loss l_t(w) = |<a_t, w - u*>| with
// ||a_t||_2 <= 1, so that l_t(u*) = 0, R_T(u*) = sum_t l_t(w_t), and the subgradient g_t = sign(<a_t, w_t - u*>) a_t
// has ||g_t||_2 <= 1 (the paper's assumption). The providers send g_t + xi_t.
// scenario1 (Algorithm 2, conjugate prior b = 1, G = 1, direction learner VDH.alg.md_direction): a_t uniform on
//   the unit sphere of R^d, u* = D e, e = (1,...,1)/sqrt(d); ceil(ln T) providers, at rounds drawn without
//   replacement, add xi_t ~ exp(-eps/2 ||z||_2) (VDH.alg.l2_mech), the others send g_t; baseline: every provider
//   adds xi_t.
// scenario2 (Algorithm 3, conjugate prior b_j = 1, G = 1, local Laplace randomiser VDH.alg.local_laplace):
//   a_t has s non-zero attributes (the first s; uniform on the unit sphere of R^s), u*_j = D there and 0 elsewhere;
//   providers choose tau_j = eps/s on those attributes and tau_j = inf (no noise, sparse xi, A17(b)) on the others;
//   baseline: tau_j = eps/d on every attribute (eps-LDP for all of them).
// Both settings of a scenario use the same a_t and the same uniform draws (common random numbers).
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <vector>

#include <Eigen/Core>

#include "plot.hpp"
#include "output.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/vdh/learners.hpp"
#include "privoco/fast/vdh/randomisers.hpp"
#include "commands.hpp"
#include "run_support.hpp"

namespace privoco::oracle::vdh {

namespace {
using json = nlohmann::json;
namespace fv = fast::vdh;

struct Params {
  double eps = 10, D = 1;  // defaults chosen so that the difference shows within T = 10^4 (section 4 is asymptotic)
  int d = 10, s = 5;
};

Params parse(const RunArgs& a, bool two) {
  Params p;
  if (two) p.d = 50;
  for (const std::string& as : a.assignments) {
    const auto eq = as.find('=');
    if (eq == std::string::npos) throw ParamError(a.alg, as, "expected name=value");
    const std::string n = as.substr(0, eq);
    const double v = parse_param(a.alg, n, as.substr(eq + 1)).approx;
    if (n == "eps") {
      if (!(v > 0 && std::isfinite(v))) throw DomainError(a.alg, n, as.substr(eq + 1), "(0, inf)");
      p.eps = v;
    } else if (n == "D") {
      if (!(v >= 0 && std::isfinite(v))) throw DomainError(a.alg, n, as.substr(eq + 1), "[0, inf)");
      p.D = v;
    } else if (n == "d" || (two && n == "s")) {
      if (!(v >= 1 && v <= 100000 && v == std::floor(v))) throw DomainError(a.alg, n, as.substr(eq + 1), "integers in [1, 100000]");
      (n == "d" ? p.d : p.s) = static_cast<int>(v);
    } else {
      throw ParamError(a.alg, n, two ? "not a parameter (eps, d, s, D)" : "not a parameter (eps, d, D)");
    }
  }
  if (two && p.s > p.d) throw DomainError(a.alg, "s", std::to_string(p.s), "[1, d]");
  return p;
}

std::vector<long> horizons(const std::string& text) {
  std::vector<long> T;
  std::size_t start = 0;
  for (;;) {
    const auto comma = text.find(',', start);
    const double v = parse_param("run", "--T", text.substr(start, comma - start)).approx;
    if (!(v >= 1 && v <= 1e7 && v == std::floor(v))) throw DomainError("run", "--T", text, "integers in [1, 1e7]");
    T.push_back(static_cast<long>(v));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return T;
}

// stream ids: one per (purpose, run, round); counters index coordinates
std::uint64_t sid(std::uint64_t purpose, long run, long t) {
  return (purpose << 56) ^ (static_cast<std::uint64_t>(run) << 32) ^ static_cast<std::uint64_t>(t);
}

// a uniform direction in R^m: m normals from Box-Muller on stream id, normalised
void direction(const fast::Streams& st, std::uint64_t id, int m, double* a) {
  double n2 = 0;
  for (int j = 0; j < m; j += 2) {
    const double r = std::sqrt(-2 * std::log(st.uniform(id, j))), th = 6.283185307179586 * st.uniform(id, j + 1);
    a[j] = r * std::cos(th);
    if (j + 1 < m) a[j + 1] = r * std::sin(th);
  }
  for (int j = 0; j < m; ++j) n2 += a[j] * a[j];
  for (int j = 0; j < m; ++j) a[j] /= std::sqrt(n2);
}

// One round for a learner (Alg2 or Alg3): play w, suffer |<a, w - u*>|, send the subgradient sign(.) a plus the
// provider's noise (none when `noise` is null). Returns the loss; w and g are the caller's buffers (no allocation).
template <class Learner>
double play(Learner& learner, const Eigen::VectorXd& a, const Eigen::VectorXd& ustar, const Eigen::VectorXd* noise,
            Eigen::VectorXd& w, Eigen::VectorXd& g) {
  learner.predict(w);
  const double r = a.dot(w - ustar);
  g = (r > 0 ? 1.0 : r < 0 ? -1.0 : 0.0) * a;
  if (noise) g += *noise;
  learner.update(g);
  return std::fabs(r);
}

// One run of scenario 1 for horizon T; returns {user-chosen, baseline} regret.
std::pair<double, double> scenario1(const fast::Streams& st, const Params& p, long T, long run) {
  const int d = p.d;
  const Eigen::VectorXd ustar = Eigen::VectorXd::Constant(d, p.D / std::sqrt(static_cast<double>(d)));
  // ceil(ln T) private rounds, drawn without replacement (Floyd's algorithm over a seeded stream)
  const long k = std::min<long>(T, static_cast<long>(std::ceil(std::log(static_cast<double>(T)))));
  std::vector<char> priv(static_cast<std::size_t>(T), 0);
  for (long j = T - k, c = 0; j < T; ++j, ++c) {
    const long r = static_cast<long>(st.bits(sid(3, run, T), static_cast<std::uint64_t>(c)) % static_cast<std::uint64_t>(j + 1));
    priv[static_cast<std::size_t>(priv[r] ? j : r)] = 1;
  }
  fv::Alg2 user(d, {fv::Prior::conjugate, 1, 1}), base(d, {fv::Prior::conjugate, 1, 1});
  Eigen::VectorXd a(d), xi(d), w(d), g(d);
  double Ru = 0, Rb = 0;
  for (long t = 0; t < T; ++t) {
    direction(st, sid(1, run, t), d, a.data());
    fv::l2_mech(st, sid(2, run, t), p.eps, d, xi.data());
    Ru += play(user, a, ustar, priv[static_cast<std::size_t>(t)] ? &xi : nullptr, w, g);
    Rb += play(base, a, ustar, &xi, w, g);
  }
  return {Ru, Rb};
}

// One run of scenario 2 up to max T; regret recorded at each horizon of Ts (prefixes of one run).
void scenario2(const fast::Streams& st, const Params& p, const std::vector<long>& Ts, long run,
               std::vector<double>* Ru, std::vector<double>* Rb) {
  const int d = p.d, s = p.s;
  Eigen::VectorXd ustar = Eigen::VectorXd::Zero(d), b = Eigen::VectorXd::Ones(d);
  ustar.head(s).setConstant(p.D);
  std::vector<double> tau_user(static_cast<std::size_t>(d), INFINITY), tau_base(static_cast<std::size_t>(d), p.eps / d);
  for (int j = 0; j < s; ++j) tau_user[static_cast<std::size_t>(j)] = p.eps / s;
  fv::Alg3 user(b, 1), base(b, 1);
  Eigen::VectorXd a = Eigen::VectorXd::Zero(d), xu(d), xb(d), w(d), g(d);
  long Tmax = 0;
  for (long T : Ts) Tmax = std::max(Tmax, T);
  double ru = 0, rb = 0;
  for (long t = 0; t < Tmax; ++t) {
    direction(st, sid(1, run, t), s, a.data());
    // the same uniform draws feed both randomisers (common random numbers): stream sid(2, run, t)
    fv::local_laplace(st, sid(2, run, t), tau_user.data(), d, xu.data());
    fv::local_laplace(st, sid(2, run, t), tau_base.data(), d, xb.data());
    ru += play(user, a, ustar, &xu, w, g);
    rb += play(base, a, ustar, &xb, w, g);
    for (std::size_t i = 0; i < Ts.size(); ++i)
      if (Ts[i] == t + 1) (*Ru)[i] = ru, (*Rb)[i] = rb;
  }
}
}  // namespace

int run_scenario(const RunArgs& a) {
  const bool two = a.alg == "scenario2";
  if (!two && a.alg != "scenario1") throw UnknownId(a.alg, "not a preset (scenario1, scenario2)");
  const Params p = parse(a, two);
  const std::vector<long> Ts = horizons(a.T_list);  // default 100,1000,10000 (RunArgs)
  const fast::Streams st(a.seed);
  const long n = a.seeds;
  std::vector<double> mu(Ts.size()), mb(Ts.size()), su(Ts.size()), sb(Ts.size());
  std::vector<std::vector<double>> RU(Ts.size()), RB(Ts.size());
  for (long r = 0; r < n; ++r) {
    if (two) {
      std::vector<double> ru(Ts.size()), rb(Ts.size());
      scenario2(st, p, Ts, r, &ru, &rb);
      for (std::size_t i = 0; i < Ts.size(); ++i) RU[i].push_back(ru[i]), RB[i].push_back(rb[i]);
    } else {
      for (std::size_t i = 0; i < Ts.size(); ++i) {
        auto [ru, rb] = scenario1(st, p, Ts[i], r);
        RU[i].push_back(ru), RB[i].push_back(rb);
      }
    }
  }
  for (std::size_t i = 0; i < Ts.size(); ++i) mean_stderr(RU[i], &mu[i], &su[i]), mean_stderr(RB[i], &mb[i], &sb[i]);

  const std::string what = two ? fmt::format("VDH §4 scenario 2: Algorithm 3, local Laplace, d = {}, s = {} non-zero "
                                             "attributes, eps = {:g}, u* = {:g} on them", p.d, p.s, p.eps, p.D)
                               : fmt::format("VDH §4 scenario 1: Algorithm 2, ceil(ln T) providers with "
                                             "exp(-eps/2 ||z||), d = {}, eps = {:g}, u* = {:g} e", p.d, p.eps, p.D);
  const std::string user_name = two ? "tau_j = eps/s on non-zero attributes" : "ceil(ln T) private providers";
  const std::string base_name = two ? "maximum privacy: tau_j = eps/d" : "maximum privacy: every provider";
  if (a.json) {
    json rows = json::array();
    for (std::size_t i = 0; i < Ts.size(); ++i)
      rows.push_back({{"T", Ts[i]}, {"user_chosen", {{"mean", mu[i]}, {"stderr", su[i]}}},
                      {"maximum_privacy", {{"mean", mb[i]}, {"stderr", sb[i]}}}});
    print_line(summary_line("run", {{"scenario", a.alg}, {"description", what}, {"seed", a.seed}, {"seeds", n},
                                    {"regret", "sum_t |<a_t, w_t - u*>| (absolute loss, l_t(u*) = 0)"},
                                    {"horizons", rows}}, 0));
  } else {
    fmt::print("privoco run {}: {}\n  master seed {}, {} runs per horizon; regret sum_t |<a_t, w_t - u*>| (absolute "
               "loss, l_t(u*) = 0), mean +- standard error\n",
               a.alg, what, a.seed, n);
    fmt::print("  A: {}\n  B: {}\n", user_name, base_name);  // in full: the columns are named A and B
    fmt::print("  {:>8}  {:>26}  {:>26}\n", "T", "A: mean +- s.e.", "B: mean +- s.e.");
    for (std::size_t i = 0; i < Ts.size(); ++i)
      fmt::print("  {:>8}  {:>16.6g} +- {:<7.3g}  {:>16.6g} +- {:<7.3g}\n", Ts[i], mu[i], su[i], mb[i], sb[i]);
  }
  if (a.log_log && a.plot.empty()) throw ParamError("run", "--log-log", "applies to --plot only");
  if (!a.plot.empty()) {
    std::vector<double> x(Ts.begin(), Ts.end());
    const std::vector<Series> ser = {{user_name, "#259", x, mu, su}, {base_name, "#d40", x, mb, sb}};
    write_lines_svg(a.plot, fmt::format("{} (seed {}, {} runs)", two ? "VDH §4 scenario 2" : "VDH §4 scenario 1",
                                        a.seed, n),
                    "horizon T", "mean realised regret", ser, a.log_log);
    if (!a.json) fmt::print("  plot: {}\n", a.plot);
  }
  return 0;
}

}  // namespace privoco::oracle::vdh
