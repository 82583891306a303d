// privoco run olr: JKT Sec 5.1's synthetic online linear regression (Fig 2 (a)) as a runnable preset: the average
// regret of FTL and PQFTL against eps over several seeds (mean +- standard error), a table, JSON and a plot (log-log,
// as the paper's figure). The set-up, with the choices the paper leaves open, is privoco/proofs/jkt/olr.hpp's.
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "output.hpp"
#include "plot.hpp"
#include "privoco/assignments.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/proofs/jkt/olr.hpp"
#include "run_support.hpp"

namespace privoco::oracle::jkt {

int run_olr(const RunArgs& a) {
  const char* kId = "JKT.const.experiments";
  const std::vector<std::string> names = {"eps", "noise_scale_reading", "quad_loss"};
  const auto m = parse_named(kId, a.assignments, {{"eps", "0.01,0.1,1,10"}, {"noise_scale_reading", "std"}, {"quad_loss", "sec51"}},
                             &names);
  const std::vector<double> eps = positive_list(kId, "eps", m.at("eps"));
  long T = 100000;  // --T: the horizon (one value; the paper's 100000 by default)
  if (a.T_given) {
    const auto Ts = parse_number_list("--T", a.T_list);
    if (Ts.size() != 1 || Ts[0] < 2 || Ts[0] > 1e7 || Ts[0] != std::floor(Ts[0]))
      throw ParamError("run olr", "--T", "'" + a.T_list + "' (one horizon, an integer in [2, 1e7])");
    T = static_cast<long>(Ts[0]);
  }
  bool seeds_given = false;
  for (const auto& o : a.given) seeds_given |= o == "--seeds";
  const long n = seeds_given ? a.seeds : 3;
  // runs: seed s of the data and the trees is a.seed + s
  std::vector<std::vector<double>> pq(eps.size());
  std::vector<double> ftl;
  double R = 0, sd = 0;
  for (long s = 0; s < n; ++s) {
    const proofs::jkt::OlrExperiment ex(T, m.at("noise_scale_reading"), m.at("quad_loss"), a.seed + static_cast<std::uint64_t>(s));
    R = std::max(R, ex.R()), sd = ex.noise_sd();
    ftl.push_back(ex.run(0).average_regret);
    for (std::size_t i = 0; i < eps.size(); ++i) pq[i].push_back(ex.run(eps[i]).average_regret);
  }
  double fm, fs;
  mean_stderr(ftl, &fm, &fs);
  std::vector<double> pm(eps.size()), ps(eps.size());
  for (std::size_t i = 0; i < eps.size(); ++i) mean_stderr(pq[i], &pm[i], &ps[i]);
  const std::string setup = fmt::format(
      "JKT Sec 5.1 synthetic OLR: d = 10, alpha = 1, T = {}; g_t ~ N(0, I/d), x* = (1, ..., 1)/sqrt(d), eta sd {:g} "
      "(noise_scale_reading = {}), delta = 1e-6, R from the data (largest {:.6g}), trees' arguments (R^2, R), log_base "
      "mixed, quad_loss = {}", T, sd, m.at("noise_scale_reading"), R, m.at("quad_loss"));
  if (a.json) {
    json rows = json::array();
    for (std::size_t i = 0; i < eps.size(); ++i) rows.push_back({{"eps", eps[i]}, {"mean", pm[i]}, {"stderr", ps[i]}});
    print_line(summary_line("run", {{"id", kId}, {"description", setup}, {"seed", a.seed}, {"seeds", n},
                                    {"ftl", {{"mean", fm}, {"stderr", fs}}}, {"pqftl", rows}}, 0));
  } else {
    fmt::print("privoco run olr: {}\n  seeds {}..{}; average regret (sum_t f_t(x^_t) - min sum_t f_t)/T, mean +- "
               "standard error\n  FTL (non-private): {:.6g} +- {:.3g}\n  {:>10}  {:>26}\n",
               setup, a.seed, a.seed + static_cast<std::uint64_t>(n) - 1, fm, fs, "eps", "PQFTL: mean +- s.e.");
    for (std::size_t i = 0; i < eps.size(); ++i) fmt::print("  {:>10g}  {:>16.6g} +- {:<7.3g}\n", eps[i], pm[i], ps[i]);
  }
  if (!a.plot.empty()) {
    const std::vector<Series> ser = {{"PQFTL (Alg 4)", "#d40", eps, pm, ps},
                                     {"FTL, non-private", "#259", eps, std::vector<double>(eps.size(), fm),
                                      std::vector<double>(eps.size(), fs)}};
    write_lines_svg(a.plot, fmt::format("JKT Fig 2 (a): synthetic OLR, T = {} ({} seeds)", T, n), "privacy eps",
                    "average regret", ser, true);
    if (!a.json) fmt::print("  plot: {}\n", a.plot);
  }
  return 0;
}

}  // namespace privoco::oracle::jkt
