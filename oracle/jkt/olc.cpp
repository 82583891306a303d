// privoco run olc: JKT Sec 5.2's online logistic classification (Fig 2 (c)) as a runnable preset on data the user
// supplies (the paper's Forest cover-type set is not among privoco's inputs): PIGD (Alg 2) on the logistic family
// ln(1 + exp(-y v.x)) + alpha/2 |x|^2 against non-private IGD, classification accuracy on a held-out fraction, mean
// +- standard error over seeds, beside the accuracies the paper prints; a table, JSON and a plot. Every choice the
// paper leaves open (alpha, C, L, the normalisation, the split, which point classifies) is a parameter or stated.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "output.hpp"
#include "plot.hpp"
#include "privoco/assignments.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/jkt/igd_giga.hpp"
#include "privoco/fast/jkt/learners.hpp"
#include "privoco/format.hpp"
#include "privoco/streams.hpp"
#include "run_support.hpp"

namespace privoco::oracle::jkt {

namespace {
using nlohmann::json;
// JKT Sec 5.2, Fig 2 (c): accuracies (%) printed for non-private IGD and PIGD at delta = 0.01
constexpr double kPrintedIgd = 68.1;
const std::vector<std::pair<double, double>> kPrintedPigd = {{20, 66.3}, {10, 62.7}, {1, 59.4}, {0.1, 58.3}};
}  // namespace

int run_olc(const RunArgs& a) {
  const char* kId = "JKT.const.experiments";
  if (a.gradients.empty())
    throw ParamError("run olc", "--gradients", "required: the data (a label column y and features v or v1..vd; the "
                                               "paper's Forest cover-type set is not shipped)");
  const std::vector<std::string> names = {"eps", "delta", "alpha", "radius", "normalise", "test_fraction", "c_parse"};
  const auto m = parse_named(kId, a.assignments,
                             {{"eps", "20,10,1,0.1"}, {"delta", "0.01"}, {"alpha", "0.001"}, {"radius", "10"},
                              {"normalise", "row"}, {"test_fraction", "0.1"}, {"c_parse", "ln_of_half_ln"}},
                             &names);
  const std::vector<double> eps = positive_list(kId, "eps", m.at("eps"));
  const auto positive = [&](const char* name, double hi) {
    const Decimal d = parse_param(kId, name, m.at(name));
    if (!(d.approx > 0) || !(d.approx < hi)) throw DomainError(kId, name, d.text, hi < INFINITY ? "(0, 1)" : "(0, inf)");
    return d.approx;
  };
  const double delta = positive("delta", 1), alpha = positive("alpha", INFINITY), radius = positive("radius", INFINITY),
               test_fraction = positive("test_fraction", 1);
  if (m.at("normalise") != "row" && m.at("normalise") != "none")
    throw ParamError(kId, "normalise", "'" + m.at("normalise") + "' (row: each v scaled to norm 1, or none)");
  if (m.at("c_parse") != "ln_of_half_ln" && m.at("c_parse") != "ln_half_times_ln")
    throw ParamError(kId, "c_parse", "'" + m.at("c_parse") + "' (ln_of_half_ln, ln_half_times_ln)");
  const bool normalise = m.at("normalise") == "row";
  const auto parse = m.at("c_parse") == "ln_of_half_ln" ? fast::jkt::CParse::ln_of_half_ln : fast::jkt::CParse::ln_half_times_ln;

  // the data: labels y (two values: the smaller read as -1, the larger as +1) and features v
  Input input(a.gradients);
  RowReader reader(*input.in, input.source, "auto", "y");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no data rows");
  if (!row.find("y")) throw FileError(fmt::format("{}:{}: no label column y", input.source, row.line));
  const std::vector<std::string> vc = vector_columns(row, "v");
  if (vc.empty()) throw FileError(fmt::format("{}:{}: no feature columns (v, or v1..vd)", input.source, row.line));
  const int d = static_cast<int>(vc.size());
  std::vector<double> V, labels;
  double y_lo = NAN, y_hi = NAN;
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    const double y = number(row, "y", input.source);
    if (std::isnan(y_lo)) y_lo = y;
    else if (y != y_lo && std::isnan(y_hi)) y_hi = y;
    else if (y != y_lo && y != y_hi)
      throw FileError(fmt::format("{}:{}: a third label value {} (two classes: {} and {})", input.source, row.line,
                                  text17(y), text17(y_lo), text17(y_hi)));
    labels.push_back(y);
    const std::size_t at = V.size();
    for (int j = 0; j < d; ++j) V.push_back(number(row, vc[j], input.source));
    if (normalise) {
      const double n = fast::jkt::norm2(V.data() + at, d);
      if (n > 0)
        for (int j = 0; j < d; ++j) V[at + j] /= n;
    }
  } while (reader.next(&row));
  if (std::isnan(y_hi)) throw FileError(input.source + ": one label value only (two classes needed)");
  if (y_hi < y_lo) std::swap(y_lo, y_hi);
  const std::size_t N = labels.size();
  const auto n_test = static_cast<std::size_t>(std::ceil(test_fraction * static_cast<double>(N)));
  if (n_test < 1 || N - n_test < 2)
    throw FileError(fmt::format("{}: {} rows: too few for a test fraction of {} and two training rows", input.source, N,
                                text17(test_fraction)));
  const std::uint64_t T = N - n_test;
  double vmax = 0;
  for (std::size_t i = 0; i < N; ++i) vmax = std::max(vmax, fast::jkt::norm2(V.data() + i * d, d));
  const double L = vmax + alpha * radius;  // JKT Alg 2 l.2: ||y v|| + alpha radius bounds the Lipschitz constant

  bool seeds_given = false;
  for (const auto& o : a.given) seeds_given |= o == "--seeds";
  const long n = seeds_given ? a.seeds : 10;  // "averaged over 10 runs"
  // run s: the split and the order from stream (a.seed + s); the same split for every method of the run
  std::vector<std::vector<double>> acc(eps.size() + 1);  // [0]: IGD, [1 + i]: PIGD at eps[i]
  std::vector<std::size_t> order(N);
  std::vector<double> g(static_cast<std::size_t>(d));
  for (long s = 0; s < n; ++s) {
    const std::uint64_t run_seed = a.seed + static_cast<std::uint64_t>(s);
    const Streams st(run_seed);
    std::iota(order.begin(), order.end(), std::size_t{0});
    for (std::size_t i = N - 1; i > 0; --i)  // Fisher-Yates from the run's stream
      std::swap(order[i], order[static_cast<std::size_t>(st.uniform(1u << 30, i) * static_cast<double>(i + 1))]);
    for (std::size_t k = 0; k <= eps.size(); ++k) {
      privoco::jkt::OcpConfig c;
      c.update = privoco::jkt::OcpUpdate::igd, c.d = d, c.T = T, c.alpha = alpha, c.radius = radius;
      c.loss = privoco::jkt::OcpLoss::logistic, c.init = privoco::jkt::InitReading::given;
      c.x1.assign(static_cast<std::size_t>(d), 0.0), c.seed = run_seed * 1000 + k;
      const double beta = k == 0 ? 0.0 : fast::jkt::pigd_beta(L, eps[k - 1], delta, static_cast<double>(T), parse).value;
      if (!std::isfinite(beta)) throw DomainError(kId, "beta", text17(beta), "a finite double (eps too small here)");
      fast::jkt::PrivateOcp learner(c, beta);
      for (std::uint64_t t = 0; t < T; ++t) {
        const std::size_t i = order[n_test + t];
        const double y = labels[i] == y_hi ? 1.0 : -1.0;
        for (int j = 0; j < d; ++j) g[j] = y * V[i * d + j];  // phi(g.x) = ln(1 + exp(-y v.x))
        learner.update(g.data());
      }
      // the released point after the last training row classifies: sign(v.x^) (0 counts as wrong)
      std::size_t right = 0;
      for (std::size_t q = 0; q < n_test; ++q) {
        const std::size_t i = order[q];
        double z = 0;
        for (int j = 0; j < d; ++j) z += V[i * d + j] * learner.played()[j];
        right += (z > 0) == (labels[i] == y_hi) && z != 0;
      }
      acc[k].push_back(100.0 * static_cast<double>(right) / static_cast<double>(n_test));
    }
  }
  std::vector<double> mean(acc.size()), se(acc.size());
  for (std::size_t k = 0; k < acc.size(); ++k) mean_stderr(acc[k], &mean[k], &se[k]);
  const auto printed = [](double e) -> double {
    for (const auto& [pe, pa] : kPrintedPigd)
      if (pe == e) return pa;
    return NAN;
  };
  const std::string setup = fmt::format(
      "JKT Sec 5.2 online logistic classification on {} ({} rows, d = {}, labels {} -> -1, {} -> +1): PIGD (Alg 2) on "
      "ln(1 + exp(-y v.x)) + alpha/2 |x|^2, alpha = {}, C the ball of radius {}, x_1 = 0, normalise = {}, L = max |v| + "
      "alpha radius = {:.6g}, delta = {}, c_parse = {}, T = {} training rows in a random order, {} held out (test_fraction "
      "{}), accuracy of sign(v.x^_T)",
      input.source, N, d, text17(y_lo), text17(y_hi), m.at("alpha"), m.at("radius"), m.at("normalise"), L, m.at("delta"),
      m.at("c_parse"), T, n_test, m.at("test_fraction"));
  if (a.json) {
    json rows = json::array();
    for (std::size_t i = 0; i < eps.size(); ++i) {
      json r{{"eps", eps[i]}, {"mean", mean[1 + i]}, {"stderr", se[1 + i]}};
      if (!std::isnan(printed(eps[i]))) r["printed"] = printed(eps[i]);
      rows.push_back(r);
    }
    print_line(summary_line("run", {{"id", kId}, {"description", setup}, {"seed", a.seed}, {"seeds", n},
                                    {"igd", {{"mean", mean[0]}, {"stderr", se[0]}, {"printed", kPrintedIgd}}},
                                    {"pigd", rows}}, 0));
  } else {
    fmt::print("privoco run olc: {}\n  seeds {}..{}; test accuracy (%), mean +- standard error; JKT Fig 2 (c) prints "
               "the last column (on Forest cover-type)\n  {:>22}  {:>20}  {:>8}\n",
               setup, a.seed, a.seed + static_cast<std::uint64_t>(n) - 1, "", "accuracy", "printed");
    fmt::print("  {:>22}  {:>11.2f} +- {:<5.2f}  {:>8.1f}\n", "IGD (non-private)", mean[0], se[0], kPrintedIgd);
    for (std::size_t i = 0; i < eps.size(); ++i)
      fmt::print("  {:>22}  {:>11.2f} +- {:<5.2f}  {:>8}\n", fmt::format("PIGD eps = {:g}", eps[i]), mean[1 + i], se[1 + i],
                 std::isnan(printed(eps[i])) ? std::string("-") : fmt::format("{:.1f}", printed(eps[i])));
  }
  if (!a.plot.empty()) {
    std::vector<double> px, py;
    for (const auto& [pe, pa] : kPrintedPigd) px.push_back(pe), py.push_back(pa);
    std::vector<double> pm(mean.begin() + 1, mean.end()), ps(se.begin() + 1, se.end());
    const std::vector<Series> ser = {{"PIGD (Alg 2)", "#d40", eps, pm, ps},
                                     {"IGD, non-private", "#259", eps, std::vector<double>(eps.size(), mean[0]),
                                      std::vector<double>(eps.size(), se[0])},
                                     {"PIGD as JKT Fig 2 (c) prints (Forest cover-type)", "#888", px, py,
                                      std::vector<double>(px.size(), 0.0)}};
    const std::string base = input.source.substr(input.source.find_last_of('/') + 1);
    write_lines_svg(a.plot, fmt::format("JKT Fig 2 (c)'s set-up on {} ({} seeds)", base, n), "privacy eps",
                    "test accuracy (%)", ser, false);
    if (!a.json) fmt::print("  plot: {}\n", a.plot);
  }
  return 0;
}

}  // namespace privoco::oracle::jkt
