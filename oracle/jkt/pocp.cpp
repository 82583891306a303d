// privoco run pocp | check --stream pocp: JKT Alg 1 (POCP) around any OCP algorithm A. A runs elsewhere (its update,
// state and costs are its own); its iterates x_{t+1} (columns x, or x1..xd; row t = 1..T-1) come in, POCP's releases
// x^_{t+1} = Pi_C(x_{t+1} + b_{t+1}) go out (run), or another program's releases are judged against the certified
// replay (check).
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
#include "privoco/fast/jkt/learners.hpp"
#include "privoco/fast/jkt/pocp.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/reference/jkt/learners.hpp"
#include "run_support.hpp"
#include "stream_check.hpp"

namespace privoco::oracle::jkt {

namespace {
struct PocpRun {
  privoco::jkt::OcpConfig config;
  double beta = 0;
  reference::Ball beta_ball;
  std::map<std::string, std::string> m;
};

PocpRun configure_pocp(const Entry& e, const RunArgs& a, bool certified) {
  PocpRun r;
  RunParams parsed = parse_run_params(e, a, {"x1"});
  r.m = parsed.m;
  std::map<std::string, Decimal>& num = parsed.num;
  privoco::jkt::OcpConfig& c = r.config;
  const double Td = num["T"].approx;
  if (Td != std::floor(Td)) throw DomainError(e.id, "T", num["T"].text, "integers >= 2");
  c.update = privoco::jkt::OcpUpdate::external, c.T = static_cast<std::uint64_t>(Td), c.seed = a.seed;
  c.radius = num["radius"].approx, c.alpha = 1;  // alpha: no step here (validate's domain only)
  c.init = privoco::jkt::InitReading(reading(e, r.m, "init_reading"));
  c.coupling = privoco::jkt::InitCoupling(reading(e, r.m, "init_coupling"));
  c.domain = privoco::jkt::OcpDomain(reading(e, r.m, "C_shape"));
  if (r.m.count("x1") && c.init != privoco::jkt::InitReading::given)
    throw ParamError(e.id, "x1", "given with init_reading=uniform (x1 is the point of init_reading=given)");
  if (r.m.count("x1"))
    for (const auto& s : split_commas(r.m.at("x1"))) c.x1.push_back(parse_param(e.id, "x1", s).approx);
  const auto parse = fast::jkt::CParse(reading(e, r.m, "c_parse"));
  r.beta = fast::jkt::pocp_beta(num["lambda_A"].approx, num["eps"].approx, num["delta"].approx, Td, parse).value;  // Alg 1 l.7
  if (!std::isfinite(r.beta)) throw DomainError(e.id, "beta", text17(r.beta), "a finite double (the noise scale overflows here)");
  if (certified) {
    const Entry& be = entry("JKT.noise.pocp_beta");
    arb_set(r.beta_ball, reference::evaluate(be, {num["lambda_A"], num["eps"], num["delta"], num["T"],
                                                  parse_param(be.id, be.params[4], r.m.at("c_parse"))}).ball.get());
  }
  return r;
}

std::vector<std::string> iterate_columns(const Row& row, const std::string& source) {
  std::vector<std::string> c = vector_columns(row, "x");
  if (c.empty()) throw FileError(fmt::format("{}:{}: no columns of A's iterates (x, or x1..xd)", source, row.line));
  return c;
}
}  // namespace

int run_pocp(const RunArgs& a) {
  const Entry& e = entry("JKT.alg.pocp");
  if (a.gradients.empty()) throw ParamError("run", "--gradients", "required for " + e.id + " (A's iterates x_{t+1})");
  if (a.impl != "fast" && a.impl != "reference") throw ParamError("run", "--impl", "'" + a.impl + "' (fast, reference)");
  if ((!a.state_in.empty() || !a.state_out.empty()) && a.impl != "fast")
    throw ParamError("run", "--state-in", "state files are supported for the fast implementation");
  PocpRun run = configure_pocp(e, a, a.impl == "reference");
  privoco::jkt::OcpConfig& c = run.config;
  Input input(a.gradients);
  RowReader reader(*input.in, input.source, "auto", "x|x1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no data rows");
  const std::vector<std::string> cols = iterate_columns(row, input.source);
  const int d = static_cast<int>(cols.size());
  c.d = d;
  if (c.init == privoco::jkt::InitReading::given && c.x1.empty()) c.x1.assign(static_cast<std::size_t>(d), 0.0);
  std::unique_ptr<fast::jkt::Pocp> f;
  std::unique_ptr<reference::jkt::PocpReplay> r;
  if (a.impl == "fast") f = std::make_unique<fast::jkt::Pocp>(c, run.beta);
  else r = std::make_unique<reference::jkt::PocpReplay>(c, run.beta_ball.get());
  Output output(a.out);
  std::string head = "t";
  for (int j = 1; j <= d; ++j) head += d == 1 ? ",x" : fmt::format(",x{}", j);
  for (int j = 1; j <= d; ++j) head += d == 1 ? ",xhat" : fmt::format(",xhat{}", j);
  std::fprintf(output.out, "%s\n", head.c_str());
  const auto start = [&] {
    std::string s;
    for (int j = 0; j < d; ++j)
      s += (j ? ", " : "") + (f ? text17(f->released()[j]) : reference::value_string(r->released()[j].get(), a.digits));
    return s;
  }();
  // state files: POCP's own state, t and x^_{t+1} (A's state is the caller's)
  nlohmann::ordered_json params{{"d", d}, {"beta", hex(run.beta)}, {"seed", c.seed}};
  for (const auto& [k, v] : run.m) params[k] = v;
  if (!a.state_in.empty()) {
    const nlohmann::ordered_json j = read_state_file(a.state_in, e.id, params);
    try {
      if (!j.at("t").is_number_unsigned()) throw FileError(a.state_in + ": 't' is not a count of rounds");
      std::vector<double> xh;
      for (double v : unhex_array(j.at("xhat"), "xhat")) xh.push_back(v);
      f->restore(j.at("t").get<std::uint64_t>(), xh);
    } catch (const nlohmann::json::exception& ex) {
      throw FileError(a.state_in + ": not a privoco state file (" +
                      std::string(ex.what()).substr(std::string(ex.what()).find(']') + 2) + ")");
    }
  }
  std::vector<double> x(static_cast<std::size_t>(d));
  std::uint64_t rounds = f ? f->state_t() : 0;
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    if (++rounds >= c.T)
      throw FileError(fmt::format("{}:{}: more than T - 1 = {} iterates (round T releases nothing)", input.source, row.line,
                                  c.T - 1));
    std::string line = std::to_string(rounds);
    for (int j = 0; j < d; ++j) x[j] = number(row, cols[j], input.source), line += "," + row.find(cols[j])->text;
    if (f) {
      f->release(x.data());
      for (int j = 0; j < d; ++j) line += "," + text17(f->released()[j]);
    } else {
      r->release(x.data());
      for (int j = 0; j < d; ++j) line += "," + reference::value_string(r->released()[j].get(), a.digits);
    }
    std::fprintf(output.out, "%s\n", line.c_str());
  } while (reader.next(&row));
  output.commit();
  if (!a.state_out.empty()) {
    nlohmann::ordered_json j{{"t", f->state_t()}};
    nlohmann::ordered_json jh = nlohmann::ordered_json::array();
    for (int k = 0; k < d; ++k) jh.push_back(hex(f->released()[k]));
    j["xhat"] = jh;
    write_state_file(a.state_out, e.id, params, j);
  }
  std::string readings;
  for (const auto& p : e.params)
    if (!p.choices.empty()) readings += (readings.empty() ? "" : ", ") + p.name + " = " + run.m.at(p.name);
  if (a.json) {
    nlohmann::json j{{"id", e.id}, {"impl", a.impl}, {"params", run.m}, {"rounds", rounds}, {"d", d}, {"T", c.T},
                     {"beta", text17(run.beta)}, {"xhat_1", start}, {"seed", a.seed}};
    std::fprintf(output.info, "%s\n", json_text(summary_line("run", j, 0)).c_str());
  } else {
    std::fprintf(output.info,
                 "privoco run %s (%s): %llu iterates of A released, d = %d, T = %llu; beta = %s; C the %s of radius %s; "
                 "x^_1 = (%s); %s; seed %llu\n",
                 e.id.c_str(), a.impl.c_str(), static_cast<unsigned long long>(rounds), d,
                 static_cast<unsigned long long>(c.T), text17(run.beta).c_str(),
                 c.domain == privoco::jkt::OcpDomain::box ? "box" : "ball", text17(c.radius).c_str(), start.c_str(),
                 readings.c_str(), static_cast<unsigned long long>(a.seed));
  }
  return 0;
}

// check FILE --stream pocp: each row t = 1..T-1 has A's iterate x_{t+1} (x, or x1..xd) and the program's release
// x^_{t+1} (xhat, or xhat1..xhatd), optionally its own noise b_{t+1} (b, or b1..bd; else privoco's draws at seed=);
// each release judged at the scale of C against the certified replay.
int check_pocp_stream(const StreamCheckArgs& a) {
  const Entry& e = entry("JKT.alg.pocp");
  const RunArgs ra = replay_args(e, a);
  PocpRun run = configure_pocp(e, ra, true);
  privoco::jkt::OcpConfig& c = run.config;
  const Tolerance tol = Tolerance::from_options(a.ulps, a.rel);
  Input input(a.file);
  RowReader reader(*input.in, input.source, a.format, "x|x1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no rows");
  const std::vector<std::string> xc = iterate_columns(row, input.source), hc = vector_columns(row, "xhat"),
                                 bc = vector_columns(row, "b");
  const int d = static_cast<int>(xc.size());
  if (hc.size() != xc.size())
    throw FileError(fmt::format("{}:{}: {} columns of releases (xhat, or xhat1..xhatd) for d = {}", input.source, row.line,
                                hc.size(), d));
  if (!bc.empty() && bc.size() != xc.size())
    throw FileError(fmt::format("{}:{}: {} noise columns (b, or b1..bd) for d = {}", input.source, row.line, bc.size(), d));
  c.d = d;
  if (c.init == privoco::jkt::InitReading::given && c.x1.empty()) c.x1.assign(static_cast<std::size_t>(d), 0.0);
  reference::jkt::PocpReplay r(c, run.beta_ball.get());
  const std::string tol_text = tolerance_text(tol) + " of the radius " + text17(c.radius);
  if (!a.json)
    fmt::print("privoco check {} --stream {}: tolerance {} (each coordinate, at the scale of C), certified to {} digits, "
               "noise {}\n", input.source, e.id, tol_text, a.digits,
               bc.empty() ? fmt::format("privoco's draws (seed {})", ra.seed) : "from the file's b columns");
  StreamVerdicts verdicts(a, e.id, input.source, d > 1);
  std::vector<double> x(static_cast<std::size_t>(d)), b(static_cast<std::size_t>(d));
  std::size_t steps = 0;
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    const std::uint64_t t = ++steps;
    if (t >= c.T) throw FileError(fmt::format("{}:{}: more than T - 1 = {} rows", input.source, row.line, c.T - 1));
    for (int j = 0; j < d; ++j) x[j] = number(row, xc[j], input.source);
    if (!bc.empty())
      for (int j = 0; j < d; ++j) b[j] = number(row, bc[j], input.source);
    r.release(x.data(), bc.empty() ? nullptr : b.data());
    for (int j = 0; j < d; ++j) {
      const Field* hf = row.find(hc[j]);
      if (!hf || hf->text.empty()) throw FileError(fmt::format("{}:{}: no value in column {}", input.source, row.line, hc[j]));
      Verdict v;
      v.line = row.line, v.id = e.id, v.claimed = hf->text;
      v.params = fmt::format("t={}{}", t, d > 1 ? fmt::format(", j={}", j + 1) : "");
      verdicts.add(judge_at_scale(v, tol, c.radius, r.released()[j], a.digits), t, static_cast<std::size_t>(j));
    }
  } while (reader.next(&row));
  return verdicts.finish(steps, {{"noise", bc.empty() ? "seed" : "file"}, {"tolerance", tol_text}});
}

}  // namespace privoco::oracle::jkt
