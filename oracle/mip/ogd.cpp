// privoco run mip_ogd | mip_bandit: MIP Alg 1 and Alg 2 over a file of the vectors g_t of the losses (linear
// f_t(w) = g_t.w, or quadratic ||w - g_t||^2/2; columns g, or g1..gd) on S (a ball or a box given by c and h); the
// played points, the noise (and Alg 2's directions and queries), the charged losses, the realised regret against the
// best point of S in hindsight (certified), and Thm 2's (Alg 1) or Thm 4's (Alg 2) bound beside it.
// check FILE --stream mip_ogd | mip_bandit: another program's w_t against the certified replay.
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
#include "privoco/assignments.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/mip/ogd.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/reference/gaussian_draws.hpp"
#include "privoco/reference/mip/bounds.hpp"
#include "privoco/reference/mip/ogd.hpp"
#include "run_support.hpp"
#include "stream_check.hpp"

namespace privoco::oracle::mip {

namespace {
using nlohmann::json;
using privoco::mip::OgdConfig;

const Entry& ogd_entry(const std::string& alg) {
  return entry(alg == "mip_ogd" ? "MIP.alg.full_info" : alg == "mip_bandit" ? "MIP.alg.bandit" : alg);
}

// a per-coordinate parameter given as one value (every coordinate) or d values
std::vector<double> coordinates(const std::string& id, const std::string& name, const std::string& text, int d) {
  std::vector<double> v;
  for (const auto& s : split_commas(text)) v.push_back(parse_param(id, name, s).approx);
  if (v.size() == 1) v.assign(static_cast<std::size_t>(d), v[0]);
  if (static_cast<int>(v.size()) != d)
    throw ParamError(id, name, fmt::format("{} values for d = {} (one value, or one per coordinate)", v.size(), d));
  return v;
}

struct OgdRun {
  OgdConfig config;
  std::map<std::string, std::string> m;
};

// the run's parameters against the entry's table; S's c, h and w1 by name (d from the file)
OgdRun configure(const Entry& e, const RunArgs& a, int d) {
  OgdRun r;
  RunParams parsed = parse_run_params(e, a, {"c", "h", "w1", "replay"});
  r.m = std::move(parsed.m);
  OgdConfig& c = r.config;
  c.bandit = e.id == "MIP.alg.bandit";
  c.d = d;
  const double Td = parsed.num["T"].approx;
  if (Td != std::floor(Td)) throw DomainError(e.id, "T", parsed.num["T"].text, "integers >= 1");
  c.T = static_cast<std::uint64_t>(Td);
  c.eta = parsed.num["eta"].approx, c.sigma = parsed.num["sigma"].approx, c.L = parsed.num["L"].approx;
  if (c.bandit) c.delta = parsed.num["delta"].approx;
  c.shape = static_cast<privoco::mip::Shape>(reading(e, r.m, "S_shape"));
  c.w1_reading = static_cast<privoco::mip::W1Reading>(reading(e, r.m, "w1_reading"));
  c.loss = static_cast<privoco::mip::Loss>(reading(e, r.m, "loss"));
  if (c.bandit) c.loss_point = static_cast<privoco::mip::LossPoint>(reading(e, r.m, "bandit_loss_point"));
  c.seed = a.seed;
  if (!r.m.count("h")) throw ParamError(e.id, "h", "missing (S's half-widths: h=r for the ball of radius r, or h=h1,..,hd)");
  c.h = coordinates(e.id, "h", r.m.at("h"), d);
  c.c = r.m.count("c") ? coordinates(e.id, "c", r.m.at("c"), d) : std::vector<double>(static_cast<std::size_t>(d), 0.0);
  if (r.m.count("w1") && c.w1_reading != privoco::mip::W1Reading::given)
    throw ParamError(e.id, "w1", "given with w1_reading=proj_zero (w1 is the point of w1_reading=given)");
  if (c.w1_reading == privoco::mip::W1Reading::given) {
    if (!r.m.count("w1")) throw ParamError(e.id, "w1", "missing (w1_reading=given: the point w_1 in S)");
    c.w1 = coordinates(e.id, "w1", r.m.at("w1"), d);
  }
  privoco::mip::validate(c);
  return r;
}

std::string col(const char* name, int j, int d) { return d == 1 ? std::string(name) : fmt::format("{}{}", name, j); }

// F = max over the rows of max_S f_t (MIP Thm 3, Thm 4), in double rounded up: g.c + r ||g|| (linear, ball),
// sum g_j c_j + h_j |g_j| (linear, box), sup_S ||w - g||^2/2 (quadratic)
double row_max(const OgdConfig& c, const double* g) {
  double s = 0, q = 0;
  if (c.loss == privoco::mip::Loss::linear) {
    for (int j = 0; j < c.d; ++j) {
      s += g[j] * c.c[j] + (c.shape == privoco::mip::Shape::box ? c.h[j] * std::fabs(g[j]) : 0.0);
      q += g[j] * g[j];
    }
    if (c.shape == privoco::mip::Shape::ball) s += c.h[0] * std::sqrt(q);
    return s + std::fabs(s) * 0x1p-40;
  }
  OgdConfig flat = c;  // sup_S ||w - g||: the Lipschitz bound on S (no delta)
  flat.bandit = false;
  const double n = privoco::mip::lipschitz(flat, g);
  return 0.5 * n * n * (1 + 0x1p-40);
}

// a reference function at a flat point of doubles, as certified text
std::string certified_text(void (*fn)(arb_t, arb_srcptr, slong), const std::vector<double>& x, int digits) {
  const slong n = static_cast<slong>(x.size());
  arb_ptr v = _arb_vec_init(n);
  for (slong k = 0; k < n; ++k) arb_set_d(v + k, x[static_cast<std::size_t>(k)]);
  reference::Ball res;
  fn(res, v, 256);
  _arb_vec_clear(v, n);
  return reference::value_string(res, std::min(digits, 17));
}

json state_params(const OgdRun& r) {
  json p{{"d", r.config.d}, {"seed", r.config.seed}};
  for (const auto& [k, v] : r.m) p[k] = v;
  return p;
}
}  // namespace

int run_ogd(const RunArgs& a) {
  const Entry& e = ogd_entry(a.alg);
  if (a.gradients.empty()) throw ParamError("run", "--gradients", "required for " + e.id + " (the losses' g_t)");
  if (a.impl != "fast" && a.impl != "reference") throw ParamError("run", "--impl", "'" + a.impl + "' (fast, reference)");
  Input input(a.gradients);
  RowReader reader(*input.in, input.source, "auto", "g|g1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no data rows");
  const std::vector<std::string> cols = vector_columns(row, "g");
  if (cols.empty()) throw FileError(fmt::format("{}:{}: no columns of the losses' vectors (g, or g1..gd)", input.source, row.line));
  const int d = static_cast<int>(cols.size());
  OgdRun run = configure(e, a, d);
  if (run.m.count("replay")) throw ParamError(e.id, "replay", "an option of check --stream (how a run is replayed), not of run");
  const OgdConfig& c = run.config;
  const bool bandit = c.bandit, quad = c.loss == privoco::mip::Loss::quadratic;
  std::unique_ptr<fast::mip::PrivateOgd> f;
  std::unique_ptr<reference::mip::PrivateOgdReplay> r;
  if (a.impl == "fast") f = std::make_unique<fast::mip::PrivateOgd>(c);
  else r = std::make_unique<reference::mip::PrivateOgdReplay>(c);

  // the sums behind the regret: charged cost, Y = sum g_t, Q = sum ||g_t||^2 (quadratic), F's running max. The fast
  // run keeps them in double (they travel in its state file); the reference's are exact or certified.
  double cost_sum = 0, Q = 0, F = -INFINITY;
  std::vector<double> Y(static_cast<std::size_t>(d), 0.0);
  std::vector<reference::Ball> Yb(static_cast<std::size_t>(d));
  reference::Ball cost_b, cost_sum_b, Qb;
  if (!a.state_in.empty()) {
    if (!f) throw ParamError("run", "--state-in", "state files are supported for the fast implementation");
    const json j = read_state_file(a.state_in, e.id, state_params(run));
    try {
      if (!j.at("t").is_number_unsigned()) throw FileError(a.state_in + ": 't' is not a count of rounds");
      std::vector<double> theta;
      for (double v : unhex_array(j.at("theta"), "theta")) theta.push_back(v);
      f->restore(j.at("t").get<std::uint64_t>(), theta);
      cost_sum = unhex(j, "cost_sum"), Q = unhex(j, "Q"), F = unhex(j, "F");
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
  std::string head = "t";  // the losses' g beside the points, so that the file replays as it is (check --stream)
  for (const char* name : {"g", "w", "v"})
    for (int j = 1; j <= d; ++j) head += "," + col(name, j, d);
  if (bandit)
    for (const char* name : {"e", "p"})
      for (int j = 1; j <= d; ++j) head += "," + col(name, j, d);
  head += ",cost";
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
        std::string w;
        for (int j = 0; j < d; ++j) w += "," + text17(f->played()[j]);
        const double cost = f->update(g.data());
        line += w;
        for (int j = 0; j < d; ++j) line += "," + text17(f->noise()[j]);
        if (bandit) {
          for (int j = 0; j < d; ++j) line += "," + text17(f->direction()[j]);
          for (int j = 0; j < d; ++j) line += "," + text17(f->query()[j]);
        }
        line += "," + text17(cost);
        cost_sum += cost;
      } else {
        for (int j = 0; j < d; ++j) line += "," + reference::value_string(r->played()[j].get(), a.digits);
        r->update(g.data(), cost_b);
        for (int j = 0; j < d; ++j) {  // the draws, recomputed for the row (the replay keeps no copy)
          reference::Ball v;
          reference::gaussian_draw(v, Streams(c.seed), privoco::mip::noise_stream(t), static_cast<std::uint64_t>(j), 256);
          reference::Ball sb(c.sigma);
          arb_mul(v, v, sb, 256);
          line += "," + reference::value_string(v.get(), a.digits);
        }
        if (bandit) {
          reference::Ball n;
          std::vector<reference::Ball> ev(static_cast<std::size_t>(d));
          for (int j = 0; j < d; ++j) {
            reference::gaussian_draw(ev[j], Streams(c.seed), privoco::mip::direction_stream(t), static_cast<std::uint64_t>(j), 256);
            arb_addmul(n, ev[j], ev[j], 256);
          }
          arb_sqrtpos(n, n, 256);
          for (int j = 0; j < d; ++j) arb_div(ev[j], ev[j], n, 256), line += "," + reference::value_string(ev[j].get(), a.digits);
          for (int j = 0; j < d; ++j) line += "," + reference::value_string(r->query()[j].get(), a.digits);
        }
        line += "," + reference::value_string(cost_b.get(), a.digits);
        arb_add(cost_sum_b, cost_sum_b, cost_b, 256);
        for (int j = 0; j < d; ++j) {
          reference::Ball gj(g[j]);
          arb_add(Yb[j], Yb[j], gj, ARF_PREC_EXACT);
          arb_addmul(Qb, gj, gj, ARF_PREC_EXACT);
        }
      }
    } catch (const Error& ex) {  // the round's line in the message (f_t above L, a non-finite g)
      throw FileError(fmt::format("{}:{}: {}", input.source, row.line, ex.what()));
    }
    for (int j = 0; j < d; ++j) Y[j] += g[j], Q += g[j] * g[j];
    F = std::max(F, row_max(c, g.data()));
    std::fprintf(output.out, "%s\n", line.c_str());
  } while (reader.next(&row));
  const std::uint64_t rounds = f ? f->rounds() : r->rounds();
  output.commit();

  if (!a.state_out.empty()) {
    if (!f) throw ParamError("run", "--state-out", "state files are supported for the fast implementation");
    json jt = json::array(), jy = json::array();
    for (double x : f->theta()) jt.push_back(hex(x));
    for (double x : Y) jy.push_back(hex(x));
    write_state_file(a.state_out, e.id, state_params(run),
                     json{{"t", f->rounds()}, {"theta", jt}, {"cost_sum", hex(cost_sum)}, {"Y", jy}, {"Q", hex(Q)}, {"F", hex(F)}});
  }

  // the realised regret: the charged losses against min over S of the same rounds' losses (certified from the sums)
  reference::Ball best, reg;
  if (f) {
    for (int j = 0; j < d; ++j) arb_set_d(Yb[j], Y[j]);
    arb_set_d(Qb, Q), arb_set_d(cost_sum_b, cost_sum);
  }
  reference::mip::comparator(best, c, Yb, rounds, Qb, 256);
  arb_sub(reg, cost_sum_b, best, 256);
  const std::string cost_text = f ? text17(cost_sum) : reference::value_string(cost_sum_b, a.digits);
  const std::string best_text = reference::value_string(best, a.digits), regret = reference::value_string(reg, a.digits);

  // the printed bounds at this run's parameters and rounds, under both readings of B (M1)
  json bounds = json::object();
  std::string bounds_text;
  for (int Bread = 0; Bread < 2; ++Bread) {
    std::vector<double> p{static_cast<double>(d), c.eta};
    if (bandit) p.push_back(c.delta);
    p.insert(p.end(), {static_cast<double>(rounds), c.L, c.sigma});
    if (bandit) p.push_back(F);
    p.push_back(static_cast<double>(c.shape));
    p.insert(p.end(), c.c.begin(), c.c.end());
    p.insert(p.end(), c.h.begin(), c.h.end());
    p.push_back(Bread);
    const char* reading_name = Bread ? "diameter" : "radius";
    if (!bandit) {
      const std::string b = certified_text(reference::mip::thm2, p, a.digits);
      bounds[std::string("thm2_B_") + reading_name] = b;
      bounds_text += fmt::format("{}MIP Thm 2's bound (B = {}) {}", Bread ? "; " : "  ", Bread ? "diam S" : "sup_S ||w||", b);
    } else {
      for (int which = 0; which < 2; ++which) {
        std::vector<double> q = p;
        q.push_back(which);
        const std::string b = certified_text(reference::mip::thm4, q, a.digits);
        bounds[fmt::format("thm4_{}_B_{}", which ? "corrected" : "printed", reading_name)] = b;
        bounds_text += fmt::format("{}MIP Thm 4's bound ({}, B = {}) {}", Bread || which ? "; " : "  ",
                                   which ? "F/delta" : "F/eta as printed", Bread ? "diam S" : "sup_S ||w||", b);
      }
    }
  }
  if (bandit) bounds["F"] = text17(F), bounds_text += fmt::format("; F = max over the rows of max_S f_t = {}", text17(F));
  std::string readings;
  for (const auto& p : e.params)
    if (!p.choices.empty()) readings += (readings.empty() ? "" : ", ") + p.name + " = " + run.m.at(p.name);
  if (a.json) {
    json j{{"id", e.id}, {"impl", a.impl}, {"params", run.m}, {"rounds", rounds}, {"d", d}, {"T", c.T}, {"seed", a.seed},
           {"cost", cost_text}, {"comparator", best_text}, {"regret", regret}, {"bounds", bounds}};
    std::fprintf(output.info, "%s\n", json_text(summary_line("run", j, 0)).c_str());
  } else {
    std::fprintf(output.info,
                 "privoco run %s (%s): %llu rounds, d = %d, T = %llu; f_t = %s on the %s; %s; seed %llu\n"
                 "  cost %s, best fixed point of S %s, realised regret %s\n%s (at T = %llu rounds)\n",
                 e.id.c_str(), a.impl.c_str(), static_cast<unsigned long long>(rounds), d,
                 static_cast<unsigned long long>(c.T), quad ? "||w - g_t||^2/2" : "g_t.w",
                 c.shape == privoco::mip::Shape::box ? "box c +- h" : "ball about c of radius h", readings.c_str(),
                 static_cast<unsigned long long>(a.seed), cost_text.c_str(), best_text.c_str(), regret.c_str(),
                 bounds_text.c_str(), static_cast<unsigned long long>(rounds));
  }
  return 0;
}

// check FILE --stream mip_ogd | mip_bandit: each played point w_t of another program's run (columns w or w1..wd,
// beside the losses' g) against the certified replay. The noise is the file's own (columns v or v1..vd) or
// privoco's draws at seed=; Alg 2's directions likewise (columns e or e1..ed). Each coordinate is judged in ulps of the
// round's rounding scale (PrivateOgdReplay::rounding_scale): a program that sums theta in double in any order passes.
int check_ogd_stream(const StreamCheckArgs& a) {
  const Entry& e = ogd_entry(a.alg);
  const RunArgs ra = replay_args(e, a);
  const Tolerance tol = Tolerance::from_options(a.ulps, a.rel);
  Input input(a.file);
  RowReader reader(*input.in, input.source, a.format, "g|g1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no rows");
  const std::vector<std::string> gc = vector_columns(row, "g"), wc = vector_columns(row, "w"), vc = vector_columns(row, "v"),
                                 ec = vector_columns(row, "e");
  if (gc.empty()) throw FileError(fmt::format("{}:{}: no columns of the losses' vectors (g, or g1..gd)", input.source, row.line));
  const int d = static_cast<int>(gc.size());
  if (wc.size() != gc.size())
    throw FileError(fmt::format("{}:{}: {} columns of played points (w, or w1..wd) for d = {}", input.source, row.line, wc.size(), d));
  if (!vc.empty() && vc.size() != gc.size())
    throw FileError(fmt::format("{}:{}: {} noise columns (v, or v1..vd) for d = {}", input.source, row.line, vc.size(), d));
  OgdRun run = configure(e, ra, d);
  const OgdConfig& c = run.config;
  // replay=conditional (default): each round from the program's own w_t (z_t, the cost and theta follow from its
  // history: a wrong step is named where it happens); free: privoco's exact run throughout. Alg 2 feeds w_t back
  // through f_t(w_t + delta e_t): a rounding error is multiplied by up to |I - (eta d/delta) e_t g_t^T| per round, so a
  // correct double run can leave the exact one (free names where).
  const std::string replay = run.m.count("replay") ? run.m.at("replay") : "conditional";
  if (replay != "conditional" && replay != "free")
    throw ParamError(e.id, "replay", "'" + replay + "' (conditional: each step from the program's own points; free)");
  const bool conditional = replay == "conditional";
  if (!ec.empty() && (ec.size() != gc.size() || !c.bandit))
    throw FileError(fmt::format("{}:{}: {} direction columns (e, or e1..ed) {}", input.source, row.line, ec.size(),
                                c.bandit ? fmt::format("for d = {}", d) : "in a run of Alg 1 (it draws none)"));
  reference::mip::PrivateOgdReplay r(c);
  if (!a.json)
    fmt::print("privoco check {} --stream {}: replay={} ({}); tolerance {} of each round's rounding scale (max of S's "
               "size, {}, and eta n sum_s max_j |z~_s,j| after n rounds: the error bound of a running sum), each "
               "coordinate, certified to {} digits, noise {}\n",
               input.source, e.id, replay,
               conditional ? "each round from the file's own w_t" : "privoco's exact run throughout",
               tolerance_text(tol), text17(r.rounding_scale()), a.digits,
               vc.empty() ? fmt::format("privoco's draws (seed {})", ra.seed) : "from the file's v columns");
  StreamVerdicts verdicts(a, e.id, input.source, d > 1);
  std::vector<double> g(static_cast<std::size_t>(d)), v(static_cast<std::size_t>(d)), dir(static_cast<std::size_t>(d));
  reference::Ball cost;
  std::vector<double> w(static_cast<std::size_t>(d));
  std::size_t steps = 0;
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    const std::uint64_t t = ++steps;
    if (t > c.T) throw FileError(fmt::format("{}:{}: more than T = {} rounds", input.source, row.line, c.T));
    for (int j = 0; j < d; ++j) {
      const Field* xf = row.find(wc[j]);
      if (!xf || xf->text.empty()) throw FileError(fmt::format("{}:{}: no value in column {}", input.source, row.line, wc[j]));
      Verdict vd;
      vd.line = row.line, vd.id = e.id, vd.claimed = xf->text;
      vd.params = fmt::format("t={}{}", t, d > 1 ? fmt::format(", j={}", j + 1) : "");
      verdicts.add(judge_at_scale(vd, tol, r.rounding_scale(), r.played()[j], a.digits), t, static_cast<std::size_t>(j));
      w[j] = number(row, wc[j], input.source);
    }
    for (int j = 0; j < d; ++j) g[j] = number(row, gc[j], input.source);
    for (std::size_t j = 0; j < vc.size(); ++j) v[j] = number(row, vc[j], input.source);
    for (std::size_t j = 0; j < ec.size(); ++j) dir[j] = number(row, ec[j], input.source);
    try {
      r.update(g.data(), cost, vc.empty() ? nullptr : v.data(), ec.empty() ? nullptr : dir.data(),
               conditional ? w.data() : nullptr);
    } catch (const Error& ex) {
      throw FileError(fmt::format("{}:{}: {}", input.source, row.line, ex.what()));
    }
  } while (reader.next(&row));
  return verdicts.finish(steps, {{"noise", vc.empty() ? "seed" : "file"}, {"replay", replay},
                                 {"tolerance", tolerance_text(tol) + " of the rounding scale (last " +
                                                   text17(r.rounding_scale()) + ")"}});
}

}  // namespace privoco::oracle::mip
