// privoco run banco: BANCO Alg 1 over a file of the true negative subgradients g_t (columns g, or g1..gd; ||g_t||
// <= G), with the Laplace-l2 noise drawn by privoco; the played points w_t = m_t q_t, the noise, the bets and coins,
// the gain sum <g_t, w_t> and the realised regret against comparators of each norm in --u (for the linear losses
// l_t(w) = -<g_t, w> of BANCO Sec 3.1: max over ||u|| <= U of sum <g_t, u - w_t> = U ||sum g_t|| - sum <g_t, w_t>).
// check FILE --stream banco: another program's w_t against the certified replay.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "learner_support.hpp"
#include "output.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/banco/learner.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/banco/learner.hpp"
#include "privoco/reference/evaluate.hpp"
#include "run_support.hpp"
#include "stream_check.hpp"

namespace privoco::oracle::banco {

namespace {
using nlohmann::json;
using privoco::banco::BancoConfig;

struct BancoRun {
  BancoConfig config;
  std::map<std::string, std::string> m;
};

// the run's parameters against the entry's table, the optional noise constants by name (d from the file)
BancoRun configure(const Entry& e, const RunArgs& a, int d) {
  BancoRun r;
  RunParams parsed = parse_run_params(e, a, {"sigma2", "sigma1d2", "b"});
  r.m = std::move(parsed.m);
  BancoConfig& c = r.config;
  c.d = d;
  const double Td = parsed.num["T"].approx;
  if (Td != std::floor(Td)) throw DomainError(e.id, "T", parsed.num["T"].text, "integers >= 1");
  c.T = static_cast<std::uint64_t>(Td);
  c.G = parsed.num["G"].approx, c.eps = parsed.num["eps"].approx, c.lambda = parsed.num["lambda"].approx;
  c.dir_sign = reading(e, r.m, "dir_sign") == 0 ? 1 : -1;
  c.k1_value = reading(e, r.m, "k1_value"), c.a_reading = reading(e, r.m, "a_reading");
  c.c_reading = reading(e, r.m, "c_reading"), c.b_reading = reading(e, r.m, "b_reading");
  c.sigma1d2_mode = reading(e, r.m, "sigma1d2_mode");
  for (const char* name : {"sigma2", "sigma1d2", "b"}) {
    if (!r.m.count(name)) continue;
    const Decimal v = parse_param(e.id, name, r.m.at(name));
    const bool b = std::string(name) == "b";
    if (!(b ? v.sign >= 0 : v.sign > 0) || !std::isfinite(v.approx))
      throw DomainError(e.id, name, v.text, b ? "[0, inf)" : "(0, inf)");
    (b ? c.b : std::string(name) == "sigma2" ? c.sigma2 : c.sigma1d2) = v.approx;
  }
  c.seed = a.seed;
  privoco::banco::validate(c);
  return r;
}

std::string col(const char* name, int j, int d) { return d == 1 ? std::string(name) : fmt::format("{}{}", name, j); }

json state_params(const BancoRun& r) {
  json p{{"d", r.config.d}, {"seed", r.config.seed}};
  for (const auto& [k, v] : r.m) p[k] = v;
  return p;
}

// the readings and the constants they give, as every run prints them
std::string readings_text(const Entry& e, const BancoRun& r, const std::string& consts) {
  std::string s;
  for (const auto& p : e.params)
    if (!p.choices.empty()) s += (s.empty() ? "" : ", ") + p.name + " = " + r.m.at(p.name);
  return s + "; " + consts;
}
}  // namespace

int run_banco(const RunArgs& a) {
  const Entry& e = entry("BANCO.alg.banco");
  if (a.gradients.empty()) throw ParamError("run", "--gradients", "required for " + e.id + " (the true negative subgradients g_t)");
  if (a.impl != "fast" && a.impl != "reference") throw ParamError("run", "--impl", "'" + a.impl + "' (fast, reference)");
  std::vector<double> norms;
  const bool u_given = std::find(a.given.begin(), a.given.end(), "--u") != a.given.end();
  for (double U : parse_number_list("--u", u_given ? a.u : "0,1,10")) {
    if (!(U >= 0) || !std::isfinite(U))
      throw ParamError("run", "--u", text17(U) + ": for banco the comparators' norms ||u||, each in [0, inf)");
    norms.push_back(U);
  }
  Input input(a.gradients);
  RowReader reader(*input.in, input.source, "auto", "g|g1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no data rows");
  const std::vector<std::string> cols = vector_columns(row, "g");
  if (cols.empty()) throw FileError(fmt::format("{}:{}: no columns of the subgradients (g, or g1..gd)", input.source, row.line));
  const int d = static_cast<int>(cols.size());
  BancoRun run = configure(e, a, d);
  const BancoConfig& c = run.config;
  std::unique_ptr<fast::banco::Banco> f;
  std::unique_ptr<reference::banco::BancoReplay> r;
  if (a.impl == "fast") f = std::make_unique<fast::banco::Banco>(c);
  else r = std::make_unique<reference::banco::BancoReplay>(c);

  // the sums behind the regret: gain sum <g_t, w_t> and Y = sum g_t (double in the fast run, travelling in its state
  // file; exact or certified in the reference's)
  double gain = 0;
  std::vector<double> Y(static_cast<std::size_t>(d), 0.0);
  std::vector<reference::Ball> Yb(static_cast<std::size_t>(d));
  reference::Ball gain_b;
  if (!a.state_in.empty()) {
    if (!f) throw ParamError("run", "--state-in", "state files are supported for the fast implementation");
    const json j = read_state_file(a.state_in, e.id, state_params(run));
    try {
      if (!j.at("t").is_number_unsigned()) throw FileError(a.state_in + ": 't' is not a count of rounds");
      auto pair = [&](const char* k) { return fast::dd{unhex(j.at(k), "hi"), unhex(j.at(k), "lo")}; };
      std::vector<double> q;
      for (double v : unhex_array(j.at("q"), "q")) q.push_back(v);
      f->restore(j.at("t").get<std::uint64_t>(), pair("X"), pair("S"), pair("W"), q);
      gain = unhex(j, "gain");
      Y.clear();
      for (double v : unhex_array(j.at("Y"), "Y")) Y.push_back(v);
      if (Y.size() != static_cast<std::size_t>(d))
        throw FileError(a.state_in + ": " + std::to_string(Y.size()) + " sums of g for d = " + std::to_string(d));
    } catch (const json::exception& ex) {
      throw FileError(a.state_in + ": not a privoco state file (" +
                      std::string(ex.what()).substr(std::string(ex.what()).find(']') + 2) + ")");
    }
  }

  Output output(a.out);
  std::string head = "t";  // g beside the points and the noise, so that the file replays as it is (check --stream)
  for (const char* name : {"g", "w", "xi"})
    for (int j = 1; j <= d; ++j) head += "," + col(name, j, d);
  head += ",m,s";
  std::fprintf(output.out, "%s\n", head.c_str());
  std::vector<double> g(static_cast<std::size_t>(d));
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    for (int j = 0; j < d; ++j) g[j] = number(row, cols[j], input.source);
    const std::uint64_t t = (f ? f->rounds() : r->rounds()) + 1;
    if (t > c.T) throw FileError(fmt::format("{}:{}: more than T = {} rounds", input.source, row.line, c.T));
    std::string line = std::to_string(t);
    for (int j = 0; j < d; ++j) line += "," + row.find(cols[j])->text;  // as given
    try {
      if (f) {
        if (f->bet().status != fast::Status::ok)
          throw DomainError(e.id, "T", std::to_string(t),
                            fmt::format("rounds where the bet m_t is a double (m_{} = {}e^{}: --impl reference plays it)", t,
                                        f->bet().sign < 0 ? "-" : "", text17(f->bet().log_abs())));
        std::string w;
        double gw = 0;
        for (int j = 0; j < d; ++j) w += "," + text17(f->played()[j]), gw += g[j] * f->played()[j];
        const double m = f->bet().value, s = f->update(g.data());
        line += w;
        for (int j = 0; j < d; ++j) line += "," + text17(f->noise()[j]);
        line += "," + text17(m) + "," + text17(s);
        gain += gw;
      } else {
        reference::Ball m(r->bet()), x0(r->X()), s;
        for (int j = 0; j < d; ++j) {
          line += "," + reference::value_string(r->played()[j].get(), a.digits);
          reference::Ball gj(g[j]);
          arb_addmul(gain_b, gj, r->played()[j], 256);
          arb_add(Yb[j], Yb[j], gj, ARF_PREC_EXACT);
        }
        r->update(g.data());
        arb_sub(s, r->X(), x0, 256);
        for (int j = 0; j < d; ++j) line += "," + reference::value_string(r->noise()[j].get(), a.digits);
        line += "," + reference::value_string(m.get(), a.digits) + "," + reference::value_string(s.get(), a.digits);
      }
    } catch (const Error& ex) {  // the round's line in the message (||g_t|| above G, a non-finite g)
      throw FileError(fmt::format("{}:{}: {}", input.source, row.line, ex.what()));
    }
    for (int j = 0; j < d; ++j) Y[j] += g[j];
    std::fprintf(output.out, "%s\n", line.c_str());
  } while (reader.next(&row));
  const std::uint64_t rounds = f ? f->rounds() : r->rounds();
  output.commit();

  if (!a.state_out.empty()) {
    if (!f) throw ParamError("run", "--state-out", "state files are supported for the fast implementation");
    json jq = json::array(), jy = json::array();
    for (int j = 0; j < d; ++j) jq.push_back(hex(f->direction()[j])), jy.push_back(hex(Y[j]));
    auto pair = [](fast::dd v) { return json{{"hi", hex(v.hi)}, {"lo", hex(v.lo)}}; };
    write_state_file(a.state_out, e.id, state_params(run),
                     json{{"t", f->rounds()}, {"X", pair(f->X())}, {"S", pair(f->S())}, {"W", pair(f->W())}, {"q", jq},
                          {"gain", hex(gain)}, {"Y", jy}});
  }

  // the realised regret against the best comparator of each norm: U ||Y|| - gain
  reference::Ball yn, gb;
  for (int j = 0; j < d; ++j) {
    if (f) arb_set_d(Yb[j], Y[j]);
    arb_addmul(yn, Yb[j], Yb[j], 256);
  }
  arb_sqrtpos(yn, yn, 256);
  if (f) arb_set_d(gb, gain);
  else arb_set(gb, gain_b);
  json regrets = json::object();
  std::string regret_text;
  for (double U : norms) {
    reference::Ball reg, Ub(U);
    arb_mul(reg, Ub, yn, 256);
    arb_sub(reg, reg, gb, 256);
    const std::string v = reference::value_string(reg, a.digits);
    regrets[text17(U)] = v;
    regret_text += fmt::format("{}||u|| = {}: {}", regret_text.empty() ? "" : "; ", text17(U), v);
  }
  std::string consts, X, W;
  json kj;
  if (f) {
    const fast::banco::Constants& k = f->constants();
    kj = {{"sigma2", text17(k.sigma2)}, {"sigma1d2", text17(k.sigma1d2)}, {"b", text17(k.b)}, {"a", text17(k.a)}, {"c", text17(k.c)}};
    X = text17(fast::to_double(f->X())), W = text17(fast::to_double(f->W()));
  } else {
    const reference::banco::ConstantBalls& k = r->constants();
    kj = {{"sigma2", reference::value_string(k.sigma2, a.digits)}, {"sigma1d2", reference::value_string(k.sigma1d2, a.digits)},
          {"b", reference::value_string(k.b, a.digits)}, {"a", reference::value_string(k.a, a.digits)},
          {"c", reference::value_string(k.c, a.digits)}};
    X = reference::value_string(r->X(), a.digits), W = reference::value_string(r->W(), a.digits);
  }
  for (const auto& [k, v] : kj.items()) consts += (consts.empty() ? "" : ", ") + k + " = " + v.get<std::string>();
  const std::string gain_text = f ? text17(gain) : reference::value_string(gain_b, a.digits);
  if (a.json) {
    json j{{"id", e.id}, {"impl", a.impl}, {"params", run.m}, {"rounds", rounds}, {"d", d}, {"T", c.T}, {"seed", a.seed},
           {"constants", kj}, {"gain", gain_text}, {"X", X}, {"wealth", W}, {"regret_by_norm", regrets}};
    std::fprintf(output.info, "%s\n", json_text(summary_line("run", j, 0)).c_str());
  } else {
    std::fprintf(output.info,
                 "privoco run %s (%s): %llu rounds, d = %d, T = %llu, G = %s, eps = %s, lambda = %s; seed %llu\n"
                 "  %s\n  gain sum <g_t, w_t> %s; X = %s, wealth W = %s; realised regret of the linear losses "
                 "-<g_t, w> against the best u of each norm: %s\n",
                 e.id.c_str(), a.impl.c_str(), static_cast<unsigned long long>(rounds), d,
                 static_cast<unsigned long long>(c.T), run.m.at("G").c_str(), run.m.at("eps").c_str(),
                 run.m.at("lambda").c_str(), static_cast<unsigned long long>(a.seed), readings_text(e, run, consts).c_str(),
                 gain_text.c_str(), X.c_str(), W.c_str(), regret_text.c_str());
  }
  return 0;
}

// check FILE --stream banco: each played point w_t of another program's run (columns w or w1..wd, beside the true
// negative subgradients g) against the certified replay. The noise is the file's own (columns xi or xi1..xid) or
// privoco's draws at seed=. Each coordinate is judged in ulps of the round's rounding scale
// (BancoReplay::rounding_scale: a first-order bound of a double run's error), so a correct double run passes and a
// wrong reading, step or sign of the bet is named at the round where it first shows.
int check_banco_stream(const StreamCheckArgs& a) {
  const Entry& e = entry("BANCO.alg.banco");
  const RunArgs ra = replay_args(e, a);
  const Tolerance tol = Tolerance::from_options(a.ulps, a.rel);
  Input input(a.file);
  RowReader reader(*input.in, input.source, a.format, "g|g1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no rows");
  const std::vector<std::string> gc = vector_columns(row, "g"), wc = vector_columns(row, "w"), xc = vector_columns(row, "xi");
  if (gc.empty()) throw FileError(fmt::format("{}:{}: no columns of the subgradients (g, or g1..gd)", input.source, row.line));
  const int d = static_cast<int>(gc.size());
  if (wc.size() != gc.size())
    throw FileError(fmt::format("{}:{}: {} columns of played points (w, or w1..wd) for d = {}", input.source, row.line, wc.size(), d));
  if (!xc.empty() && xc.size() != gc.size())
    throw FileError(fmt::format("{}:{}: {} noise columns (xi, or xi1..xid) for d = {}", input.source, row.line, xc.size(), d));
  BancoRun run = configure(e, ra, d);
  reference::banco::BancoReplay r(run.config);
  const reference::banco::ConstantBalls& k = r.constants();
  const std::string consts = fmt::format("a = {}, c = {}", reference::value_string(k.a, 17), reference::value_string(k.c, 17));
  if (!a.json)
    fmt::print("privoco check {} --stream {}: {}; tolerance {} of each round's rounding scale (a first-order bound of "
               "a double run's error over 2^-53), each coordinate, certified to {} digits, noise {}\n",
               input.source, e.id, readings_text(e, run, consts), tolerance_text(tol), a.digits,
               xc.empty() ? fmt::format("privoco's draws (seed {})", ra.seed) : "from the file's xi columns");
  StreamVerdicts verdicts(a, e.id, input.source, d > 1);
  std::vector<double> g(static_cast<std::size_t>(d)), xi(static_cast<std::size_t>(d));
  std::size_t steps = 0;
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    const std::uint64_t t = ++steps;
    if (t > run.config.T) throw FileError(fmt::format("{}:{}: more than T = {} rounds", input.source, row.line, run.config.T));
    for (int j = 0; j < d; ++j) {
      const Field* xf = row.find(wc[j]);
      if (!xf || xf->text.empty()) throw FileError(fmt::format("{}:{}: no value in column {}", input.source, row.line, wc[j]));
      Verdict vd;
      vd.line = row.line, vd.id = e.id, vd.claimed = xf->text;
      vd.params = fmt::format("t={}{}", t, d > 1 ? fmt::format(", j={}", j + 1) : "");
      verdicts.add(judge_at_scale(vd, tol, r.rounding_scale(), r.played()[j], a.digits), t, static_cast<std::size_t>(j));
    }
    for (int j = 0; j < d; ++j) g[j] = number(row, gc[j], input.source);
    for (std::size_t j = 0; j < xc.size(); ++j) xi[j] = number(row, xc[j], input.source);
    try {
      r.update(g.data(), xc.empty() ? nullptr : xi.data());
    } catch (const Error& ex) {
      throw FileError(fmt::format("{}:{}: {}", input.source, row.line, ex.what()));
    }
  } while (reader.next(&row));
  return verdicts.finish(steps, {{"noise", xc.empty() ? "seed" : "file"},
                                 {"tolerance", tolerance_text(tol) + " of the rounding scale (last " +
                                                   text17(r.rounding_scale()) + ")"}});
}

}  // namespace privoco::oracle::banco
