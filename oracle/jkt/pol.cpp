// privoco run pol: JKT Alg 6 (POL) over a file of data points given by the vectors g_t of l(x; z_t) = g_t.x or
// phi(g_t.x) (`loss`; columns g, or g1..gd): IGD on l + alpha/2 ||x||^2 over the ball of radius ||x*||, the average of its iterates, one
// Gaussian perturbation, one projection; the average and the released point, fast or certified.
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "output.hpp"
#include "privoco/assignments.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/jkt/pol.hpp"
#include "privoco/format.hpp"
#include "privoco/jkt/qftl.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/reference/jkt/learners.hpp"
#include "run_support.hpp"

namespace privoco::oracle::jkt {

int run_pol(const RunArgs& a) {
  const Entry& e = entry("JKT.alg.pol");
  if (a.gradients.empty()) throw ParamError("run", "--gradients", "required for " + e.id + " (the data's g_t)");
  if (a.impl != "fast" && a.impl != "reference") throw ParamError("run", "--impl", "'" + a.impl + "' (fast, reference)");
  if (!a.state_in.empty() || !a.state_out.empty())
    throw ParamError("run", "--state-in", "not for pol (one pass over the data, one release)");
  RunParams parsed = parse_run_params(e, a);
  const std::map<std::string, std::string>& m = parsed.m;
  std::map<std::string, Decimal>& num = parsed.num;
  const double Td = num["T"].approx;
  if (Td != std::floor(Td)) throw DomainError(e.id, "T", num["T"].text, "integers >= 2");
  const double L = num["L"].approx, eps_g = num["eps_g"].approx, xs = num["x_star_norm"].approx;
  privoco::jkt::OcpConfig c;
  c.update = privoco::jkt::OcpUpdate::igd, c.T = static_cast<std::uint64_t>(Td), c.seed = a.seed;
  c.alpha = fast::jkt::pol_alpha(eps_g, xs).value, c.radius = xs;  // JKT Alg 6 l.5; C the ball of radius ||x*|| (J25)
  c.init = privoco::jkt::InitReading(reading(e, m, "init_reading"));
  c.loss = privoco::jkt::OcpLoss(reading(e, m, "loss"));
  // JKT Alg 6 l.13: beta (double for the fast run; certified for the reference, from the exact parameters)
  const double beta = fast::jkt::pol_beta(L, eps_g, xs, Td, num["eps_p"].approx, num["delta"].approx).value;
  if (!std::isfinite(beta)) throw DomainError(e.id, "beta", text17(beta), "a finite double (the noise overflows here)");
  reference::Ball beta_ball;
  if (a.impl == "reference") {
    const Entry& be = entry("JKT.noise.pol_beta");
    arb_set(beta_ball, reference::evaluate(be, {num["L"], num["eps_g"], num["x_star_norm"], num["T"], num["eps_p"],
                                                num["delta"]}).ball.get());
  }
  Input input(a.gradients);
  RowReader reader(*input.in, input.source, "auto", "g|g1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no data rows");
  std::vector<std::string> cols = vector_columns(row, "g");
  if (cols.empty()) throw FileError(fmt::format("{}:{}: no columns of the data's g (g, or g1..gd)", input.source, row.line));
  const int d = static_cast<int>(cols.size());
  c.d = d;
  if (c.init == privoco::jkt::InitReading::given) c.x1.assign(static_cast<std::size_t>(d), 0.0);
  std::unique_ptr<fast::jkt::PrivatePol> f;
  std::unique_ptr<reference::jkt::PrivatePolReplay> r;
  if (a.impl == "fast") f = std::make_unique<fast::jkt::PrivatePol>(c, beta);
  else r = std::make_unique<reference::jkt::PrivatePolReplay>(c, beta_ball.get());
  std::vector<double> g(static_cast<std::size_t>(d));
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    for (int j = 0; j < d; ++j) g[j] = number(row, cols[j], input.source);
    // l(x; z) = g.x and phi(g.x) (|phi'| <= 1) are ||g||-Lipschitz: the L beta is calibrated to must bound it
    const double ng = privoco::jkt::norm2(g.data(), d);
    if (ng > L * (1 + 0x1p-50))
      throw FileError(fmt::format("{}:{}: ||g_t|| = {} exceeds L = {} (the bound beta is calibrated to)", input.source,
                                  row.line, text17(ng), text17(L)));
    if ((f ? f->rows() : r->rows()) >= c.T)
      throw FileError(fmt::format("{}:{}: more than T = {} rows (T is the size beta is calibrated to)", input.source, row.line, c.T));
    if (f) f->add(g.data());
    else r->add(g.data());
  } while (reader.next(&row));
  const std::uint64_t rows = f ? f->rows() : r->rows();
  if (rows != c.T)
    throw FileError(fmt::format("{}: {} rows for T = {} (Alg 6 averages exactly T iterates)", input.source, rows, c.T));
  Output output(a.out);
  std::fprintf(output.out, "j,xbar,xhat\n");
  if (f) {
    const std::vector<double> avg = f->average(), rel = f->release();
    for (int j = 0; j < d; ++j) std::fprintf(output.out, "%d,%s,%s\n", j + 1, text17(avg[j]).c_str(), text17(rel[j]).c_str());
  } else {
    const auto avg = r->average(), rel = r->release();
    for (int j = 0; j < d; ++j)
      std::fprintf(output.out, "%d,%s,%s\n", j + 1, reference::value_string(avg[j].get(), a.digits).c_str(),
                   reference::value_string(rel[j].get(), a.digits).c_str());
  }
  output.commit();
  std::string readings;
  for (const auto& p : e.params)
    if (!p.choices.empty()) readings += (readings.empty() ? "" : ", ") + p.name + " = " + m.at(p.name);
  if (a.json) {
    nlohmann::json j{{"id", e.id}, {"impl", a.impl}, {"params", m}, {"rows", rows}, {"d", d},
                     {"alpha", text17(c.alpha)}, {"beta", text17(beta)}, {"seed", a.seed}};
    std::fprintf(output.info, "%s\n", json_text(summary_line("run", j, 0)).c_str());
  } else {
    std::fprintf(output.info,
                 "privoco run %s (%s): %llu rows, d = %d; alpha = %s (eps_g/||x*||^2), beta = %s; C the ball of radius "
                 "||x*|| = %s; IGD on %s, x-bar of x_1..x_T, x^ = Pi_C(x-bar + b); %s; seed %llu\n",
                 e.id.c_str(), a.impl.c_str(), static_cast<unsigned long long>(rows), d, text17(c.alpha).c_str(),
                 text17(beta).c_str(), text17(xs).c_str(), loss_text(c.loss), readings.c_str(), static_cast<unsigned long long>(a.seed));
  }
  return 0;
}

}  // namespace privoco::oracle::jkt
