// Benchmarks (Google Benchmark): fast throughput, and the certified reference's time per evaluation.
//   privoco_bench [--points=FILE] [--google-only] [google benchmark flags]
//   privoco_bench --extremes[=N] [--max-time=S]: the worst time per ID of a certified evaluation over its domain
//   privoco_bench --table[=N] [--json=FILE] [--dump=DIR] [--ids=PREFIX,...]: every fast ID, scalar and batch
//   privoco_bench --reference-curve: the certified cost of VDH.pred.conj by digits and by |L|
// FILE holds n x 4 little-endian float64 (L, V, b, G), e.g. written by scripts/bench_numpy.py so that numpy and
// privoco time the same points. Without it, points come from the report's seeded sampler (seed 1).
#include <benchmark/benchmark.h>

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <vector>

#include "parallel.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/jkt/learners.hpp"
#include "privoco/fast/jkt/private_sum.hpp"
#include "privoco/fast/jkt/qftl.hpp"
#include "privoco/fast/mip/ogd.hpp"
#include "privoco/fast/banco/learner.hpp"
#include "privoco/fast/vdh/learners.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/fast/simd.hpp"
#include "privoco/fast/value.hpp"
#include "privoco/reference/evaluate.hpp"
#include "judge.hpp"
#include "privoco/proofs/check.hpp"
#include "rows.hpp"
#include "sampling.hpp"
#include "privoco/fast/vdh/conj.hpp"
#include "privoco/fast/dp/profiles.hpp"

namespace {

struct Points {
  std::vector<double> L, V, b, G;
  std::size_t size() const { return L.size(); }
};

Points g_points;

Points sampled(std::size_t n) {
  Points p;
  for (const auto& x : privoco::oracle::sample_points(privoco::entry("VDH.pred.conj"), n, 1, false)) {
    p.L.push_back(x[0]), p.V.push_back(x[1]), p.b.push_back(x[2]), p.G.push_back(x[3]);
  }
  return p;
}

Points from_file(const char* path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "privoco_bench: error: cannot read %s\n", path);
    std::exit(2);
  }
  std::vector<double> raw;
  double x;
  while (f.read(reinterpret_cast<char*>(&x), sizeof x)) raw.push_back(x);
  Points p;
  for (std::size_t i = 0; i + 3 < raw.size(); i += 4)
    p.L.push_back(raw[i]), p.V.push_back(raw[i + 1]), p.b.push_back(raw[i + 2]), p.G.push_back(raw[i + 3]);
  return p;
}

void BM_FastPredConj(benchmark::State& state) {
  const Points& p = g_points;
  std::vector<privoco::fast::Value> out(p.size());
  for (auto _ : state) {
    privoco::fast::vdh::pred_conj(p.L.data(), p.V.data(), p.b.data(), p.G.data(), out.data(), p.size());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * p.size()));
}
BENCHMARK(BM_FastPredConj)->Unit(benchmark::kMillisecond);

void BM_FastPotConj(benchmark::State& state) {
  const Points& p = g_points;
  std::vector<privoco::fast::Value> out(p.size());
  for (auto _ : state) {
    privoco::fast::vdh::pot_conj(p.L.data(), p.V.data(), p.b.data(), p.G.data(), out.data(), p.size());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * p.size()));
}
BENCHMARK(BM_FastPotConj)->Unit(benchmark::kMillisecond);

// VDH Alg 3 (fast, conjugate prior), d = 1000, coordinate-steps per second. One benchmark
// iteration is a fresh learner run for T = 1000 rounds of a fixed seeded gradient table (noisy, with a per-coordinate
// drift, so that the state spreads over the regimes), so the figure does not depend on how many iterations the
// library chooses (with one learner kept across iterations, its state and hence the cost kept drifting).
void BM_Alg3(benchmark::State& state) {
  const Eigen::Index d = 1000;
  const int rounds = 1000;
  Eigen::VectorXd b = Eigen::VectorXd::Constant(d, 1.0);
  Eigen::MatrixXd g(d, rounds);
  std::mt19937_64 rng(1);
  std::normal_distribution<double> n(0.0, 1.0);
  for (Eigen::Index j = 0; j < d; ++j)
    for (int t = 0; t < rounds; ++t) g(j, t) = n(rng) + 0.2 * static_cast<double>(j % 7 - 3);
  Eigen::VectorXd w(d);
  for (auto _ : state) {
    privoco::fast::vdh::Alg3 alg(b, 1.0);
    for (int t = 0; t < rounds; ++t) {
      alg.predict(w);
      benchmark::DoNotOptimize(w.data());
      alg.update(g.col(t));
    }
  }
  state.SetItemsProcessed(state.iterations() * d * rounds);
}
BENCHMARK(BM_Alg3)->Unit(benchmark::kMillisecond);

// JKT PIGD / PGIGA (fast), d = 1000, a fresh learner over T = 1000 rounds of f_t = alpha/2|x|^2 + g_t.x on the unit
// ball, noise at a beta of 1 (every round draws d normals and projects twice).
void BM_JktOcp(benchmark::State& state) {
  const int d = 1000, rounds = 1000;
  std::vector<double> g(static_cast<std::size_t>(d) * rounds);
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(-1e-3, 1e-3);
  for (double& x : g) x = u(rng);
  privoco::jkt::OcpConfig c;
  c.update = state.range(0) ? privoco::jkt::OcpUpdate::giga : privoco::jkt::OcpUpdate::igd;
  c.d = d, c.T = rounds + 1, c.alpha = 1, c.radius = 1, c.tq = 2;
  for (auto _ : state) {
    privoco::fast::jkt::PrivateOcp alg(c, 1.0);
    for (int t = 0; t < rounds; ++t) benchmark::DoNotOptimize(alg.update(g.data() + static_cast<std::size_t>(t) * d));
  }
  state.SetItemsProcessed(state.iterations() * d * rounds);
  state.SetLabel(state.range(0) ? "PGIGA" : "PIGD");
}
BENCHMARK(BM_JktOcp)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// JKT Alg 5 (fast PrivateSum), d = 1000, a fresh tree over T = 1024 rows at sigma = 1: coordinate-steps per second.
void BM_JktPrivateSum(benchmark::State& state) {
  const int d = 1000, rows = 1024;
  std::vector<double> w(static_cast<std::size_t>(d) * rows), out(d);
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(-1, 1);
  for (double& x : w) x = u(rng);
  for (auto _ : state) {
    privoco::fast::jkt::PrivateSum tree(d, rows, 1.0, 1);
    for (int t = 0; t < rows; ++t) {
      tree.add(w.data() + static_cast<std::size_t>(t) * d, out.data());
      benchmark::DoNotOptimize(out.data());
    }
  }
  state.SetItemsProcessed(state.iterations() * d * rows);
}
BENCHMARK(BM_JktPrivateSum)->Unit(benchmark::kMillisecond);

// JKT PQFTL (fast, Alg 4 with both Alg 5 trees), d = 10, a fresh learner over T = 4096 rounds at sigma = 1 for both
// trees, v_t uniform in the unit ball's cube [-0.3, 0.3]^10, y_t in [-1, 1]: rounds per second.
void BM_JktPqftl(benchmark::State& state) {
  const int d = 10, rounds = 4096;
  std::vector<double> v(static_cast<std::size_t>(d) * rounds), y(rounds);
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(-0.3, 0.3), uy(-1, 1);
  for (double& x : v) x = u(rng);
  for (double& x : y) x = uy(rng);
  privoco::jkt::QftlConfig c;
  c.d = d, c.T = rounds, c.alpha = 1, c.R = 1;
  for (auto _ : state) {
    privoco::fast::jkt::PrivateQftl alg(c, 1.0, 1.0);
    for (int t = 0; t < rounds; ++t)
      benchmark::DoNotOptimize(alg.update(y[t], v.data() + static_cast<std::size_t>(t) * d));
  }
  state.SetItemsProcessed(state.iterations() * rounds);
}
BENCHMARK(BM_JktPqftl)->Unit(benchmark::kMillisecond);

// MIP Alg 1 (full information) and Alg 2 (bandit), fast, d = 1000, a fresh learner over T = 1000 rounds of linear
// losses g_t.w (|g_t| about 0.6, within L = 1) on the unit ball about 0, sigma = 1: coordinate-steps per second (every
// round draws d normals, and Alg 2 d more for its direction).
void BM_MipOgd(benchmark::State& state) {
  const int d = 1000, rounds = 1000;
  std::vector<double> g(static_cast<std::size_t>(d) * rounds);
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(-1e-3, 1e-3);
  for (double& x : g) x = u(rng);
  privoco::mip::OgdConfig c;
  c.bandit = state.range(0) != 0;
  c.d = d, c.T = rounds, c.eta = 0.05, c.sigma = 1, c.L = 1, c.delta = 0.1;
  c.c.assign(d, 0.0), c.h.assign(d, 1.0);
  for (auto _ : state) {
    privoco::fast::mip::PrivateOgd alg(c);
    for (int t = 0; t < rounds; ++t) benchmark::DoNotOptimize(alg.update(g.data() + static_cast<std::size_t>(t) * d));
  }
  state.SetItemsProcessed(state.iterations() * d * rounds);
  state.SetLabel(c.bandit ? "Alg 2 (bandit)" : "Alg 1 (full information)");
}
BENCHMARK(BM_MipOgd)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// BANCO Alg 1, fast, d = 1000, a fresh learner over T = 1000 rounds (the Thm 2 instance: G = 1, eps = 1; g_t of norm
// about 0.6): coordinate-steps per second. Every round draws the Laplace-l2 noise (d exponentials for its radius, d
// normals for its direction: VDH's l2 randomiser), takes the coin, the direction step and projection, and the bet.
void BM_Banco(benchmark::State& state) {
  const int d = 1000, rounds = 1000;
  std::vector<double> g(static_cast<std::size_t>(d) * rounds);
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(-0.03, 0.03);
  for (double& x : g) x = u(rng);
  privoco::banco::BancoConfig c;
  c.d = d, c.T = rounds, c.G = 1, c.eps = 1;
  for (auto _ : state) {
    privoco::fast::banco::Banco alg(c);
    for (int t = 0; t < rounds; ++t) benchmark::DoNotOptimize(alg.update(g.data() + static_cast<std::size_t>(t) * d));
  }
  state.SetItemsProcessed(state.iterations() * d * rounds);
}
BENCHMARK(BM_Banco)->Unit(benchmark::kMillisecond);

// DP.gauss.delta (fast, scalar calls over the report's sampling box: mu in [1e-4, 1e4], eps in [1e-4, 1e4]).
std::vector<std::vector<double>> g_dp;
// Flat points {d, x, mu_1..mu_d} as one mechanism each: x and mu = sqrt(sum mu_j^2) (in double).
void one_mechanism(const std::vector<std::vector<double>>& pts, std::vector<double>* x, std::vector<double>* mu) {
  for (const auto& p : pts) {
    double s = 0;
    for (int j = 0; j < static_cast<int>(p[0]); ++j) s += p[2 + j] * p[2 + j];
    x->push_back(p[1]), mu->push_back(std::sqrt(s));
  }
}

void BM_FastGaussDelta(benchmark::State& state) {
  if (g_dp.empty()) g_dp = privoco::oracle::sample_points(privoco::entry("DP.gauss.delta"), 1 << 16, 1, false);
  double acc = 0;
  for (auto _ : state) {
    for (const auto& x : g_dp)  // the flat layout {d, eps, mu_1..mu_d}
      acc += privoco::fast::dp::gauss_delta(x[1], x.data() + 2, static_cast<int>(x[0])).value;
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * g_dp.size()));
}
BENCHMARK(BM_FastGaussDelta)->Unit(benchmark::kMillisecond);

// The batch form on the same points, each composition's mu = sqrt(sum mu_j^2) formed once beforehand (in double).
void BM_FastGaussDeltaBatch(benchmark::State& state) {
  if (g_dp.empty()) g_dp = privoco::oracle::sample_points(privoco::entry("DP.gauss.delta"), 1 << 16, 1, false);
  std::vector<double> eps, mu;
  one_mechanism(g_dp, &eps, &mu);
  std::vector<privoco::fast::Value> out(eps.size());
  for (auto _ : state) {
    privoco::fast::dp::gauss_delta(eps.data(), mu.data(), out.data(), eps.size());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * eps.size()));
}
BENCHMARK(BM_FastGaussDeltaBatch)->Unit(benchmark::kMillisecond);

// DP.gauss.eps / DP.gauss.mu (the inverses: roots of delta, Newton steps with every delta vectorised over the
// block), scalar calls over their sampling boxes and the batch forms on the same points (eps: each composition's mu
// formed once beforehand, in double).
std::vector<std::vector<double>> g_dp_eps, g_dp_mu;
void BM_FastGaussEps(benchmark::State& state) {
  if (g_dp_eps.empty()) g_dp_eps = privoco::oracle::sample_points(privoco::entry("DP.gauss.eps"), 1 << 14, 1, false);
  double acc = 0;
  for (auto _ : state) {
    for (const auto& x : g_dp_eps)  // {d, delta, mu_1..mu_d}
      acc += privoco::fast::dp::gauss_eps(x[1], x.data() + 2, static_cast<int>(x[0])).value;
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * g_dp_eps.size()));
}
BENCHMARK(BM_FastGaussEps)->Unit(benchmark::kMillisecond);

void BM_FastGaussEpsBatch(benchmark::State& state) {
  if (g_dp_eps.empty()) g_dp_eps = privoco::oracle::sample_points(privoco::entry("DP.gauss.eps"), 1 << 14, 1, false);
  std::vector<double> delta, mu;
  one_mechanism(g_dp_eps, &delta, &mu);
  std::vector<privoco::fast::Value> out(delta.size());
  for (auto _ : state) {
    privoco::fast::dp::gauss_eps(delta.data(), mu.data(), out.data(), delta.size());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * delta.size()));
}
BENCHMARK(BM_FastGaussEpsBatch)->Unit(benchmark::kMillisecond);

void BM_FastGaussMu(benchmark::State& state) {
  if (g_dp_mu.empty()) g_dp_mu = privoco::oracle::sample_points(privoco::entry("DP.gauss.mu"), 1 << 14, 1, false);
  double acc = 0;
  for (auto _ : state) {
    for (const auto& x : g_dp_mu) acc += privoco::fast::dp::gauss_mu(x[0], x[1]).value;
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * g_dp_mu.size()));
}
BENCHMARK(BM_FastGaussMu)->Unit(benchmark::kMillisecond);

void BM_FastGaussMuBatch(benchmark::State& state) {
  if (g_dp_mu.empty()) g_dp_mu = privoco::oracle::sample_points(privoco::entry("DP.gauss.mu"), 1 << 14, 1, false);
  std::vector<double> eps, delta;
  for (const auto& x : g_dp_mu) eps.push_back(x[0]), delta.push_back(x[1]);
  std::vector<privoco::fast::Value> out(eps.size());
  for (auto _ : state) {
    privoco::fast::dp::gauss_mu(eps.data(), delta.data(), out.data(), eps.size());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * eps.size()));
}
BENCHMARK(BM_FastGaussMuBatch)->Unit(benchmark::kMillisecond);

// The plain C++ loop of the printed closed form on the same (eps, mu) (Balle and Wang 2018, Thm 8: delta =
// Phi(mu/2 - eps/mu) - e^eps Phi(-mu/2 - eps/mu), Phi(x) = erfc(-x/sqrt 2)/2; std::erfc, std::exp, project flags),
// the peer the batch kernel is measured against in the same run (and with PRIVOCO_SIMD, per variant).
void BM_NaiveGaussDelta(benchmark::State& state) {
  if (g_dp.empty()) g_dp = privoco::oracle::sample_points(privoco::entry("DP.gauss.delta"), 1 << 16, 1, false);
  std::vector<double> eps, mu, out(g_dp.size());
  one_mechanism(g_dp, &eps, &mu);
  for (auto _ : state) {
    for (std::size_t i = 0; i < eps.size(); ++i) {
      const double a = mu[i] / 2 - eps[i] / mu[i], b = -mu[i] / 2 - eps[i] / mu[i];
      out[i] = 0.5 * std::erfc(-a * M_SQRT1_2) - std::exp(eps[i]) * 0.5 * std::erfc(-b * M_SQRT1_2);
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * eps.size()));
  std::size_t bad = 0;  // results outside [0, 1] or not finite (the privacy profile is a probability)
  for (double v : out) bad += !(v >= 0 && v <= 1);
  state.counters["outside_0_1"] = static_cast<double>(bad);
}
BENCHMARK(BM_NaiveGaussDelta)->Unit(benchmark::kMillisecond);

// Median and 90th percentile of the time of one certified 17-digit evaluation at an ID's sampled points.
void reference_timing_sampled(const char* id, std::size_t n) {
  const auto& e = privoco::entry(id);
  std::vector<double> t;
  for (const auto& x : privoco::oracle::sample_points(e, n, 1, false)) {
    auto t0 = std::chrono::steady_clock::now();
    auto c = privoco::reference::evaluate(e, x.data());
    auto t1 = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(c.digits);
    t.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  std::sort(t.begin(), t.end());
  std::printf("reference %s, 17 certified digits, %zu points: median %.1f us, p90 %.1f us, max %.1f us\n", id,
              t.size(), t[t.size() / 2], t[t.size() * 9 / 10], t.back());
}

// Median and 90th percentile of the time of one certified 17-digit evaluation (escalation included).
void reference_timing(const char* id, std::size_t n) {
  const auto& e = privoco::entry(id);
  std::vector<double> t;
  const std::size_t m = std::min(n, g_points.size());
  for (std::size_t i = 0; i < m; ++i) {
    const double x[4] = {g_points.L[i], g_points.V[i], g_points.b[i], g_points.G[i]};
    auto t0 = std::chrono::steady_clock::now();
    auto c = privoco::reference::evaluate(e, x);
    auto t1 = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(c.digits);
    t.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  std::sort(t.begin(), t.end());
  std::printf("reference %s, 17 certified digits, %zu points: median %.1f us, p90 %.1f us, max %.1f us\n", id, m,
              t[t.size() / 2], t[t.size() * 9 / 10], t.back());
}

// MIP.priv.sphere_mi certified to 10 digits over a (d, L/sigma) grid (sigma = 1, nats): the time of one evaluation
// (escalation included; the best of 3, after emptying Arb's caches, so each point pays for its own nodes), per point
// and as one JSON line.
void sphere_mi_timing() {
  const auto& e = privoco::entry("MIP.priv.sphere_mi");
  privoco::reference::Options opt;
  opt.digits = 10;
  const double ds[] = {1, 2, 10, 30, 100}, ss[] = {0.1, 1, 3, 10, 30, 100, 1000};
  std::printf("reference MIP.priv.sphere_mi, 10 certified digits, ms per point (rows d, columns L/sigma):\n%6s", "d");
  for (double s : ss) std::printf(" %8g", s);
  std::printf("\n");
  std::vector<double> all;
  std::string grid;
  for (double d : ds) {
    std::printf("%6g", d);
    for (double s : ss) {
      double best = 1e300;
      for (int rep = 0; rep < 3; ++rep) {
        privoco::reference::reset_caches();
        const double x[4] = {d, s, 1, 0};
        const auto t0 = std::chrono::steady_clock::now();
        auto c = privoco::reference::evaluate(e, x, opt);
        const auto t1 = std::chrono::steady_clock::now();
        benchmark::DoNotOptimize(c.digits);
        best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
      }
      all.push_back(best);
      std::printf(" %8.2f", best);
      char buf[96];
      std::snprintf(buf, sizeof buf, "%s{\"d\": %g, \"s\": %g, \"ms\": %.3f}", grid.empty() ? "" : ", ", d, s, best);
      grid += buf;
    }
    std::printf("\n");
  }
  std::sort(all.begin(), all.end());
  std::printf("{\"sphere_mi\": {\"digits\": 10, \"median_ms\": %.3f, \"max_ms\": %.3f, \"grid\": [%s]}}\n",
              all[all.size() / 2], all.back(), grid.c_str());
  std::fflush(stdout);
}

// privoco check throughput: rows of VDH.pred.conj with the fast part's values (the typical file: mostly
// passing rows), 17 certified digits, parsed from CSV text as check reads it.
void check_throughput(std::size_t n) {
  std::ostringstream csv;
  csv << "id,L,V,b,G,value\n";
  char buf[160];
  const std::size_t m = std::min(n, g_points.size());
  for (std::size_t i = 0; i < m; ++i) {
    auto v = privoco::fast::vdh::pred_conj(g_points.L[i], g_points.V[i], g_points.b[i], g_points.G[i]);
    std::snprintf(buf, sizeof buf, "VDH.pred.conj,%.17g,%.17g,%.17g,%.17g,%.17g\n", g_points.L[i], g_points.V[i],
                  g_points.b[i], g_points.G[i], v.value);
    csv << buf;
  }
  // Five passes each on 1 and on all threads, alternating: the VM's clock speed drifts by up to 2x between
  // minutes, so the median and the best pass are both printed, and the ratio is of the medians. Each row is
  // rendered to a short line on the judging thread, as check renders its output.
  const unsigned all = privoco::oracle::default_threads();
  std::vector<double> rate[2];
  privoco::oracle::CheckSummary s{};
  std::size_t bytes = 0;
  for (int rep = 0; rep < 10; ++rep) {
    const unsigned threads = rep % 2 ? all : 1;
    std::istringstream in(csv.str());
    privoco::oracle::RowReader reader(in, "bench");
    privoco::oracle::Tolerance tol;
    auto t0 = std::chrono::steady_clock::now();
    s = privoco::oracle::check_stream(
        reader, tol, 17, privoco::oracle::Inputs::double_,
        [&](const privoco::oracle::Verdict&, const std::string& text) { bytes += text.size(); }, threads,
        [](const privoco::oracle::Verdict& v) { return std::to_string(v.line) + "," + v.verdict + "," + v.certified; });
    auto t1 = std::chrono::steady_clock::now();
    rate[rep % 2].push_back(s.rows / std::chrono::duration<double>(t1 - t0).count());
  }
  for (auto& r : rate) std::sort(r.begin(), r.end());
  std::printf("check VDH.pred.conj, 17 certified digits, %zu rows x 5 passes: median %.0f rows/s, best %.0f rows/s "
              "(%zu passed, %zu failed)\n", s.rows, rate[0][2], rate[0][4], s.passed, s.failed);
  std::printf("check --threads %u: median %.0f rows/s, best %.0f rows/s; %.2fx one thread (medians)\n", all,
              rate[1][2], rate[1][4], rate[1][2] / rate[0][2]);
}

// The prover's figures: each scalar lemma certified on its printed domain, each threshold's width.
void proof_timings() {
  for (const auto& check : privoco::proofs::checks()) {
    if (!check.claim) continue;
    const auto& c = *check.claim;
    auto k = privoco::proofs::constants_for(c, {});
    auto o = privoco::proofs::run(c, k);
    std::printf("prove %s: %s in %.3f s (%ld boxes, depth %d)\n", c.id.c_str(), o.verdict.c_str(), o.seconds, o.boxes,
                o.depth);
    for (const auto& spec : c.constants) {
      auto t = privoco::proofs::threshold(c, spec.name, {});
      std::printf("  threshold %s: [%.12g, %.12g] width %.2g%s, %d steps, %.2f s\n", spec.name.c_str(), t.lo, t.hi,
                  t.hi - t.lo, t.whole_range ? " (holds on the whole range searched)" : "", t.steps, t.seconds);
    }
  }
}

// Extremes: every ID with a reference part at exact decimals across its whole domain, 17 digits, with the time limit
// of one evaluation (privoco eval's --max-time). Each parameter takes values from a set of extremes in its domain
// (0; +-1e-1000000, +-1e-300, +-1, +-1e300, +-1e1000000; just inside finite open ends; both ends of integer ranges and
// 1000; every choice of a reading); per ID the all-first and all-last combinations and `per_id` more drawn with a
// seeded generator. Prints per ID the worst time, with its parameters and outcome (answered, or refused with the
// reason), and one JSON line; returns non-zero if an evaluation crashed with anything but privoco's typed errors.
std::vector<std::string> extreme_values(const privoco::ParamSpec& p) {
  if (!p.choices.empty()) return p.choices;
  const privoco::Domain& d = p.domain;
  std::vector<std::string> v;
  if (p.sampling.integer || (std::isfinite(d.lo) && std::isfinite(d.hi) && d.lo >= 1 && d.hi >= 2 && d.lo == std::floor(d.lo))) {
    const double lo = d.lo_closed ? d.lo : std::floor(d.lo) + 1, hi = std::min(d.hi_closed ? d.hi : std::ceil(d.hi) - 1, 9007199254740992.0);
    for (double x : {lo, hi, 1000.0})
      if (d.contains(x)) v.push_back(fmt::format("{:.0f}", x));
    return v;
  }
  for (const char* x : {"0", "1e-1000000", "-1e-1000000", "1e-300", "-1e-300", "1", "-1", "1e300", "-1e300", "1e1000000",
                        "-1e1000000", "0.5", "0.9999999999999999"}) {
    const bool neg = x[0] == '-';
    const double approx = std::strtod(x, nullptr);  // 1e1000000 -> inf, 1e-1000000 -> 0 with its sign
    bool in = false;
    if (std::string(x) == "0") in = d.contains(0);
    else if (approx == 0) in = neg ? d.lo < 0 : d.hi > 0 && (d.lo < 0 || (d.lo == 0));
    else if (std::isinf(approx)) in = neg ? std::isinf(d.lo) : std::isinf(d.hi);
    else in = d.contains(approx) && (std::fabs(approx) != 0.5 && approx != 0.9999999999999999 ? true : d.hi <= 1);
    if (in) v.push_back(x);
  }
  if (std::isfinite(d.lo) && !d.lo_closed && d.lo != 0) v.push_back(fmt::format("{:.17g}", std::nextafter(d.lo, INFINITY)));
  if (std::isfinite(d.hi) && !d.hi_closed && d.hi != 1) v.push_back(fmt::format("{:.17g}", std::nextafter(d.hi, -INFINITY)));
  return v;
}

// --ids=PREFIX,...: only IDs beginning with one of them (all when empty)
bool wanted(const std::string& id, const std::string& ids) {
  bool w = ids.empty();
  for (std::size_t b = 0; b < ids.size() && !w;) {
    const std::size_t c = std::min(ids.find(',', b), ids.size());
    w = c > b && id.compare(0, c - b, ids, b, c - b) == 0;
    b = c + 1;
  }
  return w;
}

int extremes(std::size_t per_id, double max_seconds, const std::string& ids) {
  std::printf("extremes: %zu combinations per ID (plus two corners), 17 digits, time limit %g s per evaluation\n",
              per_id, max_seconds);
  std::printf("%-32s %5s %8s %8s %9s  %s\n", "id", "n", "answered", "refused", "worst s", "worst at");
  std::mt19937_64 rng(1);
  int crashed = 0;
  double worst_all = 0;
  std::string worst_all_id;
  for (const privoco::Entry& e : privoco::catalogue()) {
    if (!e.has_reference || e.is_learner()) continue;
    std::vector<std::vector<std::string>> vals;
    for (std::size_t i = 0; i < e.params.size(); ++i)
      vals.push_back(e.vector_layout && i == 0 ? std::vector<std::string>{"1"} : extreme_values(e.params[i]));
    std::vector<std::vector<std::string>> combos;
    for (int corner : {0, 1}) {
      std::vector<std::string> c;
      for (const auto& v : vals) c.push_back(corner ? v.back() : v.front());
      combos.push_back(c);
    }
    for (std::size_t k = 0; k < per_id; ++k) {
      std::vector<std::string> c;
      for (const auto& v : vals) c.push_back(v[rng() % v.size()]);
      combos.push_back(c);
    }
    if (!wanted(e.id, ids)) continue;  // after its draws: the other IDs' combinations stay the same
    std::size_t answered = 0, refused = 0;
    double worst = -1;
    std::string worst_at, worst_outcome;
    for (const auto& c : combos) {
      std::string at;
      for (std::size_t i = 0; i < c.size(); ++i) at += (i ? " " : "") + e.params[i].name + "=" + c[i];
      privoco::reference::Options opt;
      opt.max_seconds = max_seconds;
      std::string outcome;
      const auto t0 = std::chrono::steady_clock::now();
      try {
        std::vector<privoco::Decimal> dec;
        for (std::size_t i = 0; i < c.size(); ++i) dec.push_back(privoco::parse_param(e.id, e.params[i], c[i]));
        const auto r = privoco::reference::evaluate(e, dec, opt);
        outcome = "answered " + r.value.substr(0, 24);
        ++answered;
      } catch (const privoco::Error& x) {
        outcome = std::string("refused: ") + x.what();
        ++refused;
      } catch (const std::exception& x) {
        outcome = std::string("CRASHED: ") + x.what();
        ++crashed;
      }
      const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (dt > worst) worst = dt, worst_at = at, worst_outcome = outcome;
    }
    if (worst > worst_all) worst_all = worst, worst_all_id = e.id;
    std::printf("%-32s %5zu %8zu %8zu %9.3f  %s\n      -> %s\n", e.id.c_str(), combos.size(), answered, refused, worst,
                worst_at.substr(0, 100).c_str(), worst_outcome.substr(0, 150).c_str());
    std::fflush(stdout);
  }
  std::printf("{\"extremes\": {\"per_id\": %zu, \"max_seconds\": %g, \"worst_seconds\": %.3f, \"worst_id\": \"%s\", "
              "\"crashed\": %d}}\n", per_id, max_seconds, worst_all, worst_all_id.c_str(), crashed);
  return crashed ? 1 : 0;
}

// The CPU's name (/proc/cpuinfo) and the widest vector extension it has, for every figure printed.
std::string cpu_name() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}
const char* vector_width() {
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx512f")) return "AVX-512";
  if (__builtin_cpu_supports("avx2")) return "AVX2";
  return "SSE2";
#else
  return "no x86-64 vector extension";
#endif
}

std::string json_text(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// The plain C++ loop a user would write for some IDs: the printed closed form with <cmath>, no care for the range,
// compiled with the project's flags (the same formulas as scripts/bench_table.py's numpy alternatives). Columns in
// table order; point i.
using NaiveFn = double (*)(const double* const* c, std::size_t i);
double naive_i0(double L, double B, double C) {  // int_{-C}^{C} e^{vL - v^2 B} dv (VDH eq (4))
  const double sB = std::sqrt(B);
  return std::sqrt(M_PI / B) / 2 * std::exp(L * L / (4 * B)) *
         (std::erf((2 * B * C - L) / (2 * sB)) + std::erf((2 * B * C + L) / (2 * sB)));
}
double naive_scale(double T, double delta, double parse) {  // T^{0.5+c} under J3's two readings
  return parse == 0 ? std::sqrt(T * std::log(2 / delta) / 2) : std::sqrt(T) * std::pow(2 / delta, -M_LN2 / 2);
}
double naive_beta(double lambda, double eps, double delta, double T, double parse) {  // JKT Alg 1 l.7
  const double S = naive_scale(T, delta, parse);
  return lambda * S * std::sqrt(2 / eps * (std::log(T / delta) + std::sqrt(eps) / S));
}
const std::vector<std::pair<std::string, NaiveFn>>& naive_loops() {
  static const std::vector<std::pair<std::string, NaiveFn>> v = {
      {"VDH.pred.conj", [](const double* const* c, std::size_t i) {  // corrected eq (7) (ERRATA.md E1)
         const double L = c[0][i], b = c[2][i], B = b + c[1][i], C = 1 / (5 * c[3][i]), sB = std::sqrt(B);
         const double first = std::sqrt(b) * L * std::exp((L + 2 * C * B) * (L + 2 * C * B) / (4 * B)) *
                              (std::erf((L + 2 * C * B) / (2 * sB)) - std::erf((L - 2 * C * B) / (2 * sB)));
         const double second = 2 * std::sqrt(b * B / M_PI) * std::expm1(2 * C * L);
         return (first - second) / (std::erf(C * std::sqrt(b)) * std::exp(C * (L + C * B)) * 4 * B * sB);
       }},
      {"VDH.pot.conj", [](const double* const* c, std::size_t i) {
         const double b = c[2][i], C = 1 / (5 * c[3][i]);
         return naive_i0(c[0][i], b + c[1][i], C) / (std::sqrt(M_PI / b) * std::erf(C * std::sqrt(b))) - 1;
       }},
      {"VDH.pot.Z", [](const double* const* c, std::size_t i) {
         return std::sqrt(M_PI / c[0][i]) * std::erf(std::sqrt(c[0][i]) / (5 * c[1][i]));
       }},
      {"VDH.pred.uniform", [](const double* const* c, std::size_t i) {
         const double L = c[0][i], V = c[1][i], C = 1 / (5 * c[2][i]);
         return (L * naive_i0(L, V, C) - 2 * std::exp(-C * C * V) * std::sinh(C * L)) / (2 * V) / (2 * C);
       }},
      {"VDH.pot.uniform", [](const double* const* c, std::size_t i) {
         const double C = 1 / (5 * c[2][i]);
         return naive_i0(c[0][i], c[1][i], C) / (2 * C) - 1;
       }},
      {"VDH.bound.thm1", [](const double* const* c, std::size_t i) {  // as printed
         const double u = std::fabs(c[0][i]), B = c[2][i] + c[1][i], b = c[2][i], G = c[3][i];
         const double first = 11 * G * (std::log(11 * G * u) - 1 + std::log(std::sqrt(5.0) * G * std::sqrt(M_PI) / (4 * std::sqrt(b))));
         const double second = std::sqrt(8 * B * std::log(16 * u * u * std::pow(B, 1.5) * std::sqrt(M_PI) / std::sqrt(b) + 1));
         return 1 + u * std::max(first, second);
       }},
      {"VDH.conj.exp_linear", [](const double* const* c, std::size_t i) {
         return (c[3][i] / c[1][i]) * (std::log(c[3][i] / (c[0][i] * c[1][i])) - 1) + c[2][i];
       }},
      {"DP.laplace.delta", [](const double* const* c, std::size_t i) {
         return std::max(0.0, 1 - std::exp((c[0][i] - c[1][i]) / 2));
       }},
      {"JKT.const.delta_typical", [](const double* const* c, std::size_t i) { return std::exp(-c[0][i]); }},
      {"JKT.const.igd_step", [](const double* const* c, std::size_t i) { return 1 / (c[0][i] * c[1][i]); }},
      // T^{0.5+c} (J3: c_parse 0 or 1), c itself, and the POCP noise scales built on it (JKT Alg 1 l.7, Alg 2, 3 l.8)
      {"JKT.const.c_exponent", [](const double* const* c, std::size_t i) {
         const double T = c[0][i], l2d = std::log(2 / c[1][i]);
         if (c[3][i] == 1) return c[2][i] == 0 ? std::sqrt(T * l2d / 2) : std::sqrt(T) * std::pow(2 / c[1][i], -M_LN2 / 2);
         return c[2][i] == 0 ? std::log(0.5 * l2d) / (2 * std::log(T)) : -M_LN2 * l2d / (2 * std::log(T));
       }},
      {"JKT.const.eps1_per_step", [](const double* const* c, std::size_t i) {
         return std::sqrt(c[0][i]) / naive_scale(c[2][i], c[1][i], c[3][i]);
       }},
      {"JKT.noise.pocp_beta", [](const double* const* c, std::size_t i) {
         return naive_beta(c[0][i], c[1][i], c[2][i], c[3][i], c[4][i]);
       }},
      {"JKT.noise.pigd_beta", [](const double* const* c, std::size_t i) {
         return naive_beta(2 * c[0][i], c[1][i], c[2][i], c[3][i], c[4][i]);
       }},
      {"JKT.noise.pgiga_beta", [](const double* const* c, std::size_t i) {
         const double lambda = c[6][i] == 0 ? 2 * c[0][i] : 2 * c[0][i] / c[1][i];
         return naive_beta(lambda, c[2][i], c[3][i], c[4][i], c[5][i]);
       }},
      // MIP Thm 1, Thm 1 solved for sigma, Thm 3 (log_base 1: bits), Thm 4's schedules
      {"MIP.priv.thm1", [](const double* const* c, std::size_t i) {
         const double d = c[0][i], r = c[1][i] / c[2][i];
         return d / 2 * std::log(1 + r * r / d) / (c[3][i] == 1 ? M_LN2 : 1);
       }},
      {"MIP.priv.sigma_for_C", [](const double* const* c, std::size_t i) {
         const double d = c[1][i], C = c[0][i] * (c[3][i] == 1 ? M_LN2 : 1);
         return c[2][i] / std::sqrt(d * std::expm1(2 * C / d));
       }},
      {"MIP.priv.thm3", [](const double* const* c, std::size_t i) {
         const double d = c[0][i], a = (c[1][i] / c[2][i] + c[3][i]) / c[4][i];
         return d / 2 * std::log(1 + d * a * a) / (c[5][i] == 1 ? M_LN2 : 1);
       }},
      {"MIP.const.eta_delta_bandit", [](const double* const* c, std::size_t i) {
         return c[3][i] == 0 ? c[0][i] * std::pow(c[2][i], -0.75) : c[1][i] * std::pow(c[2][i], -0.25);
       }},
  };
  return v;
}

// Seconds of one pass of f over the first k points: the median of 5 passes, after k has grown (doubling) until one
// pass takes 20 ms or covers all points (so that slow IDs cost seconds, not minutes).
template <class F>
double pass_seconds(F f, std::size_t n, std::size_t* k) {
  using clock = std::chrono::steady_clock;
  *k = std::min<std::size_t>(n, 256);
  for (;;) {
    const auto t0 = clock::now();
    f(*k);
    const double dt = std::chrono::duration<double>(clock::now() - t0).count();
    if (dt >= 0.02 || *k == n) break;
    *k = std::min(n, *k * 2);
  }
  std::vector<double> t;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = clock::now();
    f(*k);
    t.push_back(std::chrono::duration<double>(clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[2];
}

// The batch path's input: the points grouped by d (one group for an ID without per-coordinate parameters), each
// group as the flat layout's columns (a batch kernel takes one d); `order` lists the points group after group.
struct BatchGroups {
  struct Group {
    std::vector<std::vector<double>> cols;
    std::vector<const double*> ptr;
    std::size_t begin = 0;  // its first point's place in `order`
  };
  std::vector<Group> groups;
  std::vector<std::size_t> order;
  // the first k points of `order` through bf, into out[0..k) in that order
  void run(privoco::fast::BatchFn bf, privoco::fast::Value* out, std::size_t k) const {
    for (const Group& g : groups) {
      if (g.begin >= k) break;
      bf(g.ptr.data(), out + g.begin, std::min(k - g.begin, g.cols[0].size()));
    }
  }
};
BatchGroups group_points(const privoco::Entry& e, const std::vector<std::vector<double>>& pts) {
  std::map<double, std::vector<std::size_t>> by_d;
  for (std::size_t i = 0; i < pts.size(); ++i) by_d[e.vector_layout ? pts[i][0] : 0].push_back(i);
  BatchGroups out;
  for (const auto& [d, idx] : by_d) {
    BatchGroups::Group g;
    g.begin = out.order.size();
    g.cols.assign(pts[idx[0]].size(), std::vector<double>(idx.size()));
    for (std::size_t r = 0; r < idx.size(); ++r)
      for (std::size_t j = 0; j < g.cols.size(); ++j) g.cols[j][r] = pts[idx[r]][j];
    for (const auto& c : g.cols) g.ptr.push_back(c.data());
    out.order.insert(out.order.end(), idx.begin(), idx.end());
    out.groups.push_back(std::move(g));
  }
  return out;
}

// One row per point: the parameters, the fast value (17 digits) and its status. A per-coordinate parameter p takes
// the columns p_1..p_D, D the largest d among the points; a point of dimension d leaves p_{d+1}..p_D empty.
void write_dump(std::FILE* f, const privoco::Entry& e, const std::vector<std::vector<double>>& pts,
                const std::vector<privoco::fast::Value>& values) {
  std::size_t D = 0;
  if (e.vector_layout)
    for (const auto& p : pts) D = std::max(D, privoco::flat_dimension(e, p[0]));
  for (const auto& p : e.params) {
    if (!p.per_coordinate) std::fprintf(f, "%s,", p.name.c_str());
    else
      for (std::size_t j = 1; j <= D; ++j) std::fprintf(f, "%s_%zu,", p.name.c_str(), j);
  }
  std::fprintf(f, "value,status\n");
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const auto& x = pts[i];
    if (!e.vector_layout) {
      for (double v : x) std::fprintf(f, "%.17g,", v);
    } else {
      const std::size_t d = privoco::flat_dimension(e, x[0]);
      for (std::size_t pi = 0; pi < e.params.size(); ++pi) {
        const std::size_t at = e.flat_offset(pi, d);
        if (!e.params[pi].per_coordinate) {
          std::fprintf(f, "%.17g,", x[at]);
          continue;
        }
        for (std::size_t j = 0; j < D; ++j) j < d ? std::fprintf(f, "%.17g,", x[at + j]) : std::fprintf(f, ",");
      }
    }
    std::fprintf(f, "%.17g,%s\n", values[i].value, privoco::fast::to_string(values[i].status));
  }
}

// --table: every fast ID of the table (learners excluded) at the report's sampled points (seed 1): scalar calls
// (the ID's function point by point) and the batch path (its vectorised kernel where it has one, else none), in
// evaluations per second on one core; NaN counts and whether batch and scalar agree bit for bit. dump_dir, when
// given, receives each ID's points and fast values as DIR/ID.csv (write_dump), for the side-by-side alternatives of
// scripts/bench_table.py.
int table(std::size_t n, const char* json_path, const char* dump_dir, const std::string& ids) {
  std::printf("fast throughput per ID, one core; %s (%s); %zu sampled points per ID (seed 1); kernel variant %s, "
              "the others on the rows below each batch ID\n", cpu_name().c_str(), vector_width(), n,
              privoco::fast::kernel_variant());
  std::printf("%-34s %12s %12s %8s %5s %9s %12s %8s\n", "id", "scalar M/s", "batch M/s", "points", "NaN", "bitwise",
              "C++ loop M/s", "ratio");
  std::string rows;
  int bad = 0;
  for (const privoco::Entry& e : privoco::catalogue()) {
    if (!e.has_fast || e.is_learner() || !privoco::fast::implements(e.id)) continue;
    if (!wanted(e.id, ids)) continue;
    const auto pts = privoco::oracle::sample_points(e, n, 1, false);
    const privoco::fast::Fn fn = privoco::fast::function(e);
    const privoco::fast::BatchFn bf = privoco::fast::batch(e);
    const BatchGroups groups = group_points(e, pts);
    std::vector<privoco::fast::Value> scalar(pts.size()), batch(pts.size()), grouped(pts.size());
    std::size_t ks = 0, kb = 0;
    const double ts = pass_seconds([&](std::size_t k) {
      for (std::size_t i = 0; i < k; ++i) scalar[i] = fn(pts[i].data());
      benchmark::DoNotOptimize(scalar.data());
    }, pts.size(), &ks);
    for (std::size_t i = ks; i < pts.size(); ++i) scalar[i] = fn(pts[i].data());
    std::size_t nan = 0, mismatch = 0;
    for (const auto& v : scalar) nan += std::isnan(v.value) || std::isnan(v.log_abs());
    double tb = 0;
    std::vector<std::vector<double>> cols(e.vector_layout ? 0 : e.params.size(), std::vector<double>(pts.size()));
    for (std::size_t i = 0; i < pts.size(); ++i)
      for (std::size_t j = 0; j < cols.size(); ++j) cols[j][i] = pts[i][j];
    std::vector<const double*> cp;
    for (const auto& c : cols) cp.push_back(c.data());
    // the plain C++ loop of the closed form, where the ID has one, on the same points in the same run
    NaiveFn naive = nullptr;
    for (const auto& [id, f] : naive_loops())
      if (id == e.id) naive = f;
    double rn = 0;
    if (naive) {
      std::vector<double> nv(pts.size());
      std::size_t kn = 0;
      const double tn = pass_seconds([&](std::size_t k) {
        for (std::size_t i = 0; i < k; ++i) nv[i] = naive(cp.data(), i);
        benchmark::DoNotOptimize(nv.data());
      }, pts.size(), &kn);
      rn = kn / tn;
    }
    // the batch path in every kernel variant this CPU runs (the one in use first), each compared bit for bit
    // with the scalar calls
    const std::string in_use = privoco::fast::kernel_variant();
    std::vector<std::string> variants{in_use};
    for (const std::string& v : privoco::fast::kernel_variants())
      if (v != in_use) variants.push_back(v);
    std::vector<double> variant_rate;
    std::vector<std::size_t> variant_mismatch;
    for (std::size_t vi = 0; bf && vi < variants.size(); ++vi) {
      privoco::fast::use_kernel_variant(variants[vi]);
      std::size_t kv = 0, mv = 0;
      const double tv = pass_seconds([&](std::size_t k) {
        groups.run(bf, grouped.data(), k);
        benchmark::DoNotOptimize(grouped.data());
      }, pts.size(), &kv);
      groups.run(bf, grouped.data(), pts.size());
      for (std::size_t r = 0; r < pts.size(); ++r) batch[groups.order[r]] = grouped[r];
      for (std::size_t i = 0; i < pts.size(); ++i)
        mv += std::memcmp(&scalar[i].value, &batch[i].value, sizeof(double)) != 0 || scalar[i].status != batch[i].status;
      variant_rate.push_back(kv / tv);
      variant_mismatch.push_back(mv);
      if (vi == 0) tb = tv, kb = kv;
      mismatch += mv;
    }
    privoco::fast::use_kernel_variant(in_use);
    const double rs = ks / ts, rb = bf ? kb / tb : 0;
    bad += nan > 0 || mismatch > 0;
    const double best = bf ? rb : rs;
    std::printf("%-34s %12.3f %12s %8zu %5zu %9s %12s %8s\n", e.id.c_str(), rs / 1e6,
                bf ? fmt::format("{:.3f}", rb / 1e6).c_str() : "-", pts.size(), nan,
                bf ? (mismatch ? fmt::format("{} differ", mismatch).c_str() : "same") : "-",
                naive ? fmt::format("{:.3f}", rn / 1e6).c_str() : "-", naive ? fmt::format("{:.2f}x", best / rn).c_str() : "-");
    std::string by_variant;
    for (std::size_t vi = 0; vi < variant_rate.size(); ++vi) {
      if (vi > 0)
        std::printf("  %-32s %12s %12.3f %8zu %5s %9s %12s %8s\n", ("variant " + variants[vi]).c_str(), "",
                    variant_rate[vi] / 1e6, pts.size(), "",
                    variant_mismatch[vi] ? fmt::format("{} differ", variant_mismatch[vi]).c_str() : "same", "",
                    naive ? fmt::format("{:.2f}x", variant_rate[vi] / rn).c_str() : "-");
      by_variant += fmt::format("{}{}: {:.6g}", vi ? ", " : "", json_text(variants[vi]), variant_rate[vi]);
    }
    std::fflush(stdout);
    rows += fmt::format("{}\n  {{\"id\": {}, \"points\": {}, \"scalar_per_s\": {:.6g}, \"batch_per_s\": {}, \"nan\": {}, "
                        "\"batch_differs\": {}, \"cpp_loop_per_s\": {}, \"batch_per_s_by_variant\": {}}}",
                        rows.empty() ? "" : ",", json_text(e.id), pts.size(), rs,
                        bf ? fmt::format("{:.6g}", rb) : "null", nan, bf ? std::to_string(mismatch) : "null",
                        naive ? fmt::format("{:.6g}", rn) : "null", bf ? "{" + by_variant + "}" : "null");
    if (dump_dir) {
      const std::string path = std::string(dump_dir) + "/" + e.id + ".csv";
      std::FILE* f = std::fopen(path.c_str(), "w");
      if (!f) {
        std::fprintf(stderr, "privoco_bench: error: cannot write %s: %s\n", path.c_str(), std::strerror(errno));
        return 2;
      }
      write_dump(f, e, pts, scalar);
      if (std::fclose(f) != 0) {
        std::fprintf(stderr, "privoco_bench: error: cannot write %s: %s\n", path.c_str(), std::strerror(errno));
        return 2;
      }
    }
  }
  if (json_path) {
    std::FILE* f = std::fopen(json_path, "w");
    const std::string doc = fmt::format("{{\"cpu\": {}, \"vector\": {}, \"kernel_variant\": {}, \"seed\": 1, \"points\": {}, \"fast\": [{}\n]}}\n",
                                        json_text(cpu_name()), json_text(vector_width()),
                                        json_text(privoco::fast::kernel_variant()), n, rows);
    if (!f || std::fputs(doc.c_str(), f) < 0 || std::fclose(f) != 0) {
      std::fprintf(stderr, "privoco_bench: error: cannot write %s\n", json_path);
      return 2;
    }
  }
  return bad ? 1 : 0;
}

// --reference-curve: the certified reference's cost curve for VDH.pred.conj (escalation included): the median time of
// one evaluation at 17, 50, 100 and 1000 certified digits on the report's sampled points, and at 17 digits with |L|
// set to 1, 1e10, 1e30, 1e100 and 1e300 (V, b, G and the sign of L as sampled); text, then one JSON line.
void reference_curve() {
  const auto& e = privoco::entry("VDH.pred.conj");
  const auto pts = privoco::oracle::sample_points(e, 2000, 1, false);
  auto median_us = [&](int digits, double absL, std::size_t n, std::size_t* used) {
    privoco::reference::Options opt;
    opt.digits = digits;
    opt.max_seconds = 60;
    std::vector<double> t;
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < std::min(n, pts.size()); ++i) {
      double x[4] = {pts[i][0], pts[i][1], pts[i][2], pts[i][3]};
      if (absL > 0) x[0] = std::copysign(absL, x[0]);
      const auto t0 = std::chrono::steady_clock::now();
      auto c = privoco::reference::evaluate(e, x, opt);
      const auto t1 = std::chrono::steady_clock::now();
      benchmark::DoNotOptimize(c.digits);
      t.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
      if (std::chrono::duration<double>(t1 - start).count() > 20) break;  // the 1000-digit row: a time budget
    }
    std::sort(t.begin(), t.end());
    *used = t.size();
    return t[t.size() / 2];
  };
  std::string digits_json, mag_json;
  std::printf("reference VDH.pred.conj, median time per certified evaluation (sampled points, seed 1):\n");
  for (int d : {17, 50, 100, 1000}) {
    std::size_t used;
    const double m = median_us(d, 0, d >= 1000 ? 400 : 2000, &used);
    std::printf("  %5d digits: %10.1f us (%zu points)\n", d, m, used);
    digits_json += fmt::format("{}{{\"digits\": {}, \"median_us\": {:.2f}, \"points\": {}}}", digits_json.empty() ? "" : ", ", d, m, used);
  }
  for (double L : {1.0, 1e10, 1e30, 1e100, 1e300}) {
    std::size_t used;
    const double m = median_us(17, L, 500, &used);
    std::printf("  |L| = %-6g 17 digits: %10.1f us (%zu points)\n", L, m, used);
    mag_json += fmt::format("{}{{\"abs_L\": {:g}, \"median_us\": {:.2f}, \"points\": {}}}", mag_json.empty() ? "" : ", ", L, m, used);
  }
  std::printf("{\"reference_curve\": {\"id\": \"VDH.pred.conj\", \"by_digits\": [%s], \"by_magnitude\": [%s]}}\n",
              digits_json.c_str(), mag_json.c_str());
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  try {  // PRIVOCO_SIMD=VARIANT: the kernels' variant for every figure (--table times the others as well)
    privoco::fast::use_kernel_variant_from_env();
  } catch (const privoco::Error& e) {
    std::fprintf(stderr, "privoco_bench: error: %s\n", e.what());
    return 2;
  }
  std::vector<char*> args;
  const char* file = nullptr;
  bool google_only = false;  // skip the reference, check and prover timings
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--points=", 9) == 0) file = argv[i] + 9;
    else if (std::strcmp(argv[i], "--google-only") == 0) google_only = true;
    else if (std::strncmp(argv[i], "--table", 7) == 0) {
      // --table[=N]: only the per-ID table, N points per ID (default 16384); --json=FILE, --dump=DIR,
      // --ids=PREFIX,... (IDs beginning with one of them)
      const std::size_t n = argv[i][7] == '=' ? std::strtoul(argv[i] + 8, nullptr, 10) : 16384;
      const char *json = nullptr, *dump = nullptr;
      std::string ids;
      for (int j = 0; j < argc; ++j) {
        if (std::strncmp(argv[j], "--json=", 7) == 0) json = argv[j] + 7;
        if (std::strncmp(argv[j], "--dump=", 7) == 0) dump = argv[j] + 7;
        if (std::strncmp(argv[j], "--ids=", 6) == 0) ids = argv[j] + 6;
      }
      if (n == 0 || n > 100000000) {
        std::fprintf(stderr, "privoco_bench: error: --table=N must be between 1 and 10^8\n");
        return 2;
      }
      return table(n, json, dump, ids);
    }
    else if (std::strcmp(argv[i], "--reference-curve") == 0) {
      reference_curve();
      return 0;
    }
    else if (std::strcmp(argv[i], "--sphere-mi") == 0) {  // only MIP.priv.sphere_mi's grid
      sphere_mi_timing();
      return 0;
    }
    else if (std::strncmp(argv[i], "--extremes", 10) == 0) {
      // --extremes[=N]: only the extremes sweep, N drawn combinations per ID (default 24); --ids=PREFIX,...
      const std::size_t n = argv[i][10] == '=' ? std::strtoul(argv[i] + 11, nullptr, 10) : 24;
      double max_s = 10;
      std::string ids;
      for (int j = 0; j < argc; ++j) {
        if (std::strncmp(argv[j], "--max-time=", 11) == 0) max_s = std::strtod(argv[j] + 11, nullptr);
        if (std::strncmp(argv[j], "--ids=", 6) == 0) ids = argv[j] + 6;
      }
      return extremes(n, max_s, ids);
    } else if (std::strncmp(argv[i], "--max-time=", 11) != 0 && std::strncmp(argv[i], "--ids=", 6) != 0)
      args.push_back(argv[i]);
  }
  g_points = file ? from_file(file) : sampled(1 << 16);
  std::printf("points: %zu (%s)\n", g_points.size(), file ? file : "seeded sampler, seed 1");
  int ac = static_cast<int>(args.size());
  benchmark::Initialize(&ac, args.data());
  benchmark::RunSpecifiedBenchmarks();
  if (google_only) return 0;
  reference_timing("VDH.pred.conj", 20000);
  reference_timing("VDH.pot.conj", 20000);
  reference_timing_sampled("DP.gauss.delta", 20000);
  reference_timing_sampled("DP.gauss.eps", 2000);
  reference_timing_sampled("DP.gauss.mu", 2000);
  sphere_mi_timing();
  check_throughput(20000);
  proof_timings();
  benchmark::Shutdown();
  return 0;
}
