// privoco run pol: JKT Alg 6 (POL) over a file of data points given by the vectors g_t of l(x; z_t) = g_t.x or
// phi(g_t.x) (`loss`; columns g, or g1..gd): IGD on l + alpha/2 ||x||^2 over the ball of radius ||x*||, the average of its iterates, one
// Gaussian perturbation, one projection; the average and the released point, fast or certified. check --stream pol
// judges another program's iterates, average and release against the certified replay.
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
#include "stream_check.hpp"

namespace privoco::oracle::jkt {

namespace {
// Alg 6's numbers and readings from a run's assignments: the configuration (d set by the caller), beta in double and
// (reference) certified
struct PolRun {
  privoco::jkt::OcpConfig config;
  double L = 0, beta = 0;
  reference::Ball beta_ball;
  std::map<std::string, std::string> m;
};

PolRun configure_pol(const Entry& e, const RunArgs& a) {
  PolRun r;
  RunParams parsed = parse_run_params(e, a);
  r.m = parsed.m;
  std::map<std::string, Decimal>& num = parsed.num;
  const double Td = num["T"].approx;
  if (Td != std::floor(Td)) throw DomainError(e.id, "T", num["T"].text, "integers >= 2");
  const double eps_g = num["eps_g"].approx, xs = num["x_star_norm"].approx;
  r.L = num["L"].approx;
  privoco::jkt::OcpConfig& c = r.config;
  c.update = privoco::jkt::OcpUpdate::igd, c.T = static_cast<std::uint64_t>(Td), c.seed = a.seed;
  c.alpha = fast::jkt::pol_alpha(eps_g, xs).value, c.radius = xs;  // JKT Alg 6 l.5; C the ball of radius ||x*|| (J25)
  c.init = privoco::jkt::InitReading(reading(e, r.m, "init_reading"));
  c.loss = privoco::jkt::OcpLoss(reading(e, r.m, "loss"));
  // JKT Alg 6 l.13: beta (double for the fast run; certified for the reference, from the exact parameters)
  r.beta = fast::jkt::pol_beta(r.L, eps_g, xs, Td, num["eps_p"].approx, num["delta"].approx).value;
  if (!std::isfinite(r.beta)) throw DomainError(e.id, "beta", text17(r.beta), "a finite double (the noise overflows here)");
  if (a.impl == "reference") {
    const Entry& be = entry("JKT.noise.pol_beta");
    arb_set(r.beta_ball, reference::evaluate(be, {num["L"], num["eps_g"], num["x_star_norm"], num["T"], num["eps_p"],
                                                  num["delta"]}).ball.get());
  }
  return r;
}

// l(x; z) = g.x and phi(g.x) (|phi'| <= 1) are ||g||-Lipschitz: the L beta is calibrated to must bound it
void check_lipschitz(const std::vector<double>& g, double L, const std::string& source, std::size_t line) {
  const double ng = privoco::jkt::norm2(g.data(), static_cast<int>(g.size()));
  if (ng > L * (1 + 0x1p-50))
    throw FileError(fmt::format("{}:{}: ||g_t|| = {} exceeds L = {} (the bound beta is calibrated to)", source, line,
                                text17(ng), text17(L)));
}
}  // namespace

int run_pol(const RunArgs& a) {
  const Entry& e = entry("JKT.alg.pol");
  if (a.gradients.empty()) throw ParamError("run", "--gradients", "required for " + e.id + " (the data's g_t)");
  if (a.impl != "fast" && a.impl != "reference") throw ParamError("run", "--impl", "'" + a.impl + "' (fast, reference)");
  if (!a.state_in.empty() || !a.state_out.empty())
    throw ParamError("run", "--state-in", "not for pol (one pass over the data, one release)");
  PolRun run = configure_pol(e, a);
  privoco::jkt::OcpConfig& c = run.config;
  const std::map<std::string, std::string>& m = run.m;
  const double beta = run.beta, xs = c.radius;
  reference::Ball& beta_ball = run.beta_ball;
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
    check_lipschitz(g, run.L, input.source, row.line);
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

// check FILE --stream pol: another program's POL run against the certified replay. The file has the data g (or
// g1..gd) and the program's IGD iterate x (or x1..xd), the x_t that row t enters the average with; its last row
// may carry the average xbar (xbar1..), the release xhat (xhat1..) and its own noise b (b1..; else privoco's draw
// at seed=). Every value is judged at the scale of C (its radius ||x*||); the first disagreeing row is named.
int check_pol_stream(const StreamCheckArgs& a) {
  const Entry& e = entry("JKT.alg.pol");
  const RunArgs ra = replay_args(e, a);
  PolRun run = configure_pol(e, ra);
  privoco::jkt::OcpConfig& c = run.config;
  const Tolerance tol = Tolerance::from_options(a.ulps, a.rel);
  Input input(a.file);
  RowReader reader(*input.in, input.source, a.format, "g|g1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no rows");
  const std::vector<std::string> gc = vector_columns(row, "g"), xc = vector_columns(row, "x"),
                                 mc = vector_columns(row, "xbar"), hc = vector_columns(row, "xhat"),
                                 bc = vector_columns(row, "b");
  if (gc.empty()) throw FileError(fmt::format("{}:{}: no columns of the data's g (g, or g1..gd)", input.source, row.line));
  const int d = static_cast<int>(gc.size());
  for (const auto* cols : {&xc, &mc, &hc, &bc})
    if (!cols->empty() && cols->size() != gc.size())
      throw FileError(fmt::format("{}:{}: {} columns of {} for d = {}", input.source, row.line, cols->size(),
                                  cols->front().substr(0, cols->front().find_first_of("0123456789")), d));
  if (xc.empty() && mc.empty() && hc.empty())
    throw FileError(fmt::format("{}:{}: nothing to judge (columns x, xbar or xhat, or x1.., xbar1.., xhat1..)",
                                input.source, row.line));
  c.d = d;
  if (c.init == privoco::jkt::InitReading::given) c.x1.assign(static_cast<std::size_t>(d), 0.0);
  reference::jkt::PrivatePolReplay r(c, run.beta_ball.get());
  const std::string tol_text = tolerance_text(tol) + " of the radius " + text17(c.radius);
  if (!a.json)
    fmt::print("privoco check {} --stream {}: tolerance {} (each coordinate, at the scale of C), certified to {} "
               "digits, loss = {}\n", input.source, e.id, tol_text, a.digits, run.m.at("loss"));
  StreamVerdicts verdicts(a, e.id, input.source, d > 1);
  std::vector<double> g(static_cast<std::size_t>(d)), b(static_cast<std::size_t>(d));
  std::size_t steps = 0;
  bool own_noise = false;
  const auto judge = [&](const std::string& col, const reference::Ball& truth, const std::string& what, std::size_t step,
                         int j) {
    const Field* f = row.find(col);
    if (!f || f->text.empty()) return false;
    Verdict v;
    v.line = row.line, v.id = e.id, v.claimed = f->text;
    v.params = what + (d > 1 ? fmt::format(", j={}", j + 1) : "");
    verdicts.add(judge_at_scale(v, tol, c.radius, truth, a.digits), step, static_cast<std::size_t>(j));
    return true;
  };
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    const std::uint64_t t = ++steps;
    if (t > c.T) throw FileError(fmt::format("{}:{}: more than T = {} rows", input.source, row.line, c.T));
    for (int j = 0; j < d && !xc.empty(); ++j)
      if (!judge(xc[j], r.iterate()[j], fmt::format("x_{}", t), t, j))
        throw FileError(fmt::format("{}:{}: no value in column {}", input.source, row.line, xc[j]));
    for (int j = 0; j < d; ++j) g[j] = number(row, gc[j], input.source);
    check_lipschitz(g, run.L, input.source, row.line);
    r.add(g.data());
    if (t < c.T) continue;
    // the last row: the average and the release
    const std::vector<reference::Ball> avg = r.average();
    for (int j = 0; j < d && !mc.empty(); ++j) judge(mc[j], avg[j], "xbar", t + 1, j);
    own_noise = !bc.empty() && row.find(bc[0]) && !row.find(bc[0])->text.empty();
    if (own_noise)
      for (int j = 0; j < d; ++j) b[j] = number(row, bc[j], input.source);
    const std::vector<reference::Ball> rel = r.release(own_noise ? b.data() : nullptr);
    for (int j = 0; j < d && !hc.empty(); ++j) judge(hc[j], rel[j], "xhat", t + 2, j);
  } while (reader.next(&row));
  if (steps != c.T)
    throw FileError(fmt::format("{}: {} rows for T = {} (Alg 6 averages exactly T iterates)", input.source, steps, c.T));
  return verdicts.finish(steps, {{"noise", own_noise ? "file" : "seed"}, {"tolerance", tol_text}});
}

}  // namespace privoco::oracle::jkt
