// privoco run pqftl: JKT Alg 4 (PQFTL) over a file of the losses' data (columns y and v, or y and v1..vd) with
// f_t(x) = c (y_t - v_t.x)^2 + a alpha/2 ||x||^2 (J14); the released points, the costs charged and the realised
// regret against the best point of R^d in hindsight. check --stream pqftl judges another program's released points
// against the certified replay.
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
#include "privoco/fast/jkt/pqftl.hpp"
#include "privoco/fast/jkt/qftl.hpp"
#include "privoco/fast/jkt/tree.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/reference/jkt/qftl.hpp"
#include "privoco/reference/jkt/tree.hpp"
#include "run_support.hpp"
#include "stream_check.hpp"

namespace privoco::oracle::jkt {

namespace {
using nlohmann::json;
using privoco::jkt::QftlConfig;

// The learner's numbers and readings, parsed and checked against the entry's table.
struct QftlRun {
  QftlConfig config;
  double sigma_V = 0, sigma_u = 0;          // the trees' node noise (double, what the fast learner uses)
  reference::Ball sigma_V_ball, sigma_u_ball;  // certified (reference runs and stream checks)
  std::map<std::string, std::string> m;
  bool charge_last = true;
};

QftlRun configure(const Entry& e, const RunArgs& a) {
  QftlRun r;
  RunParams parsed = parse_run_params(e, a);
  r.m = std::move(parsed.m);
  std::map<std::string, Decimal>& num = parsed.num;
  QftlConfig& c = r.config;
  const double Td = num["T"].approx;
  if (Td != std::floor(Td)) throw DomainError(e.id, "T", num["T"].text, "integers >= 2");
  c.T = static_cast<std::uint64_t>(Td);
  c.alpha = num["alpha"].approx, c.R = num["R"].approx, c.seed = a.seed;
  c.loss = privoco::jkt::QuadLoss(reading(e, r.m, "quad_loss"));
  c.enforce = privoco::jkt::REnforce(reading(e, r.m, "R_enforce"));
  r.charge_last = reading(e, r.m, "charge_last") == 0;
  if (e.id == "JKT.alg.ftl") {  // Eq (20) on the charged loss: no trees' noise, its own ridge alpha
    c.step_alpha = privoco::jkt::ftl_step_alpha(c);
    return r;
  }
  const int base = reading(e, r.m, "log_base");
  const auto which = fast::jkt::PqftlArg(reading(e, r.m, "tree_bound"));
  // JKT Alg 4 l.7, l.8: each tree at (eps/2, delta/2) with the bound the reading gives (R^2 for V; R or R^2 for u)
  const double eps = num["eps"].approx, delta = num["delta"].approx;
  const double bV = fast::jkt::pqftl_tree_bound(c.R, fast::jkt::PqftlTree::V, which).value,
               bu = fast::jkt::pqftl_tree_bound(c.R, fast::jkt::PqftlTree::u, which).value;
  r.sigma_V = fast::jkt::tree_sigma(bV, eps / 2, delta / 2, Td, fast::jkt::LogBase(base)).value;
  r.sigma_u = fast::jkt::tree_sigma(bu, eps / 2, delta / 2, Td, fast::jkt::LogBase(base)).value;
  for (double s : {r.sigma_V, r.sigma_u})
    if (!std::isfinite(s))
      throw DomainError(e.id, "sigma", text17(s), "a finite double (the trees' noise overflows at these parameters)");
  if (a.impl == "reference") {  // the same sigmas certified: JKT.noise.tree_sigma at the exact R^2 (or R), eps/2, delta/2
    for (int tree = 0; tree < 2; ++tree) {
      reference::Ball p[5];
      arb_set_str(p[0], num["R"].text.c_str(), 512);
      if (tree == 0 || which == fast::jkt::PqftlArg::derived) arb_sqr(p[0], p[0], 512);
      arb_set_str(p[1], num["eps"].text.c_str(), 512);
      arb_mul_2exp_si(p[1], p[1], -1);
      arb_set_str(p[2], num["delta"].text.c_str(), 512);
      arb_mul_2exp_si(p[2], p[2], -1);
      arb_set_d(p[3], Td);
      arb_set_si(p[4], base);
      arb_struct args[5];
      for (int k = 0; k < 5; ++k) args[k] = *p[k].get();
      reference::jkt::tree_sigma(tree == 0 ? r.sigma_V_ball.get() : r.sigma_u_ball.get(), args, 256);
    }
  } else {
    arb_set_d(r.sigma_V_ball, r.sigma_V), arb_set_d(r.sigma_u_ball, r.sigma_u);
  }
  return r;
}

json state_params(const QftlRun& r, int d) {
  json p{{"d", d}, {"sigma_V", hex(r.sigma_V)}, {"sigma_u", hex(r.sigma_u)}, {"seed", r.config.seed}};
  for (const auto& [k, v] : r.m) p[k] = v;
  return p;
}

std::string readings_text(const Entry& e, const QftlRun& r) {
  std::string s;
  for (const auto& p : e.params)
    if (!p.choices.empty()) s += (s.empty() ? "" : ", ") + p.name + " = " + r.m.at(p.name);
  return s;
}

json hex_array(const std::vector<double>& v) {
  json a = json::array();
  for (double x : v) a.push_back(hex(x));
  return a;
}

struct DataColumns {
  std::string y;
  std::vector<std::string> v;
};
DataColumns data_columns(const Row& row, const std::string& source) {
  DataColumns c;
  if (!row.find("y")) throw FileError(fmt::format("{}:{}: no column y (the losses' targets)", source, row.line));
  c.y = "y";
  c.v = vector_columns(row, "v");
  if (c.v.empty()) throw FileError(fmt::format("{}:{}: no columns of the losses' v_t (v, or v1..vd)", source, row.line));
  return c;
}
}  // namespace

// pqftl (JKT.alg.qftl) or ftl (JKT.alg.ftl, the same learner without noise, Eq (20) on the charged loss)
const Entry& qftl_entry(const std::string& alg) {
  return entry(alg == "ftl" || alg == "JKT.alg.ftl" ? "JKT.alg.ftl" : "JKT.alg.qftl");
}

int run_qftl(const RunArgs& a) {
  const Entry& e = qftl_entry(a.alg);
  if (a.gradients.empty()) throw ParamError("run", "--gradients", "required for " + e.id + " (the losses' y_t and v_t)");
  if (a.impl != "fast" && a.impl != "reference") throw ParamError("run", "--impl", "'" + a.impl + "' (fast, reference)");
  QftlRun run = configure(e, a);
  QftlConfig& c = run.config;

  Input input(a.gradients);
  RowReader reader(*input.in, input.source, "auto", "y");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no data rows");
  const DataColumns cols = data_columns(row, input.source);
  const int d = static_cast<int>(cols.v.size());
  c.d = d;
  const std::size_t dd = static_cast<std::size_t>(d) * d;
  std::unique_ptr<fast::jkt::PrivateQftl> f;
  std::unique_ptr<reference::jkt::PrivateQftlReplay> r;
  if (a.impl == "fast") f = std::make_unique<fast::jkt::PrivateQftl>(c, run.sigma_V, run.sigma_u);
  else r = std::make_unique<reference::jkt::PrivateQftlReplay>(c, run.sigma_V_ball.get(), run.sigma_u_ball.get());

  // the charged rounds' sums for the comparator: S_vv, S_yv, S_yy (fast: in double, kept in the state; reference:
  // exact balls)
  double cost_sum = 0, Syy = 0;
  std::vector<double> Svv(dd, 0.0), Syv(static_cast<std::size_t>(d), 0.0);
  std::uint64_t charged = 0, clipped_rows = 0;
  if (!a.state_in.empty()) {
    if (!f) throw ParamError("run", "--state-in", "state files are supported for the fast implementation");
    const json j = read_state_file(a.state_in, e.id, state_params(run, d));
    try {
      for (const char* k : {"t", "V_t", "u_t", "charged", "clipped"})
        if (!j.at(k).is_number_unsigned()) throw FileError(a.state_in + ": '" + k + "' is not a count");
      fast::jkt::QftlState s;
      s.t = j.at("t").get<std::uint64_t>();
      s.xhat = unhex_array(j.at("xhat"), "xhat");
      s.V.t = j.at("V_t").get<std::uint64_t>(), s.V.a = unhex_array(j.at("V_a"), "V_a"), s.V.ahat = unhex_array(j.at("V_ahat"), "V_ahat");
      s.u.t = j.at("u_t").get<std::uint64_t>(), s.u.a = unhex_array(j.at("u_a"), "u_a"), s.u.ahat = unhex_array(j.at("u_ahat"), "u_ahat");
      f->restore(s);
      cost_sum = unhex(j, "cost_sum"), Syy = unhex(j, "Syy");
      charged = j.at("charged").get<std::uint64_t>(), clipped_rows = j.at("clipped").get<std::uint64_t>();
      Svv = unhex_array(j.at("Svv"), "Svv"), Syv = unhex_array(j.at("Syv"), "Syv");
      if (Svv.size() != dd || Syv.size() != static_cast<std::size_t>(d) || charged > s.t || clipped_rows > s.t)
        throw FileError(a.state_in + ": the sums do not fit the state (" + std::to_string(Svv.size()) + " and " +
                        std::to_string(Syv.size()) + " values, " + std::to_string(charged) + " rounds charged of " +
                        std::to_string(s.t) + ")");
    } catch (const json::exception& ex) {
      throw FileError(a.state_in + ": not a privoco state file (" +
                      std::string(ex.what()).substr(std::string(ex.what()).find(']') + 2) + ")");
    }
  }

  Output output(a.out);
  std::string head = "t,y";  // the data beside the points, so that the file replays as it is (check --stream)
  for (int j = 1; j <= d; ++j) head += d == 1 ? ",v" : fmt::format(",v{}", j);
  for (int j = 1; j <= d; ++j) head += d == 1 ? ",xhat" : fmt::format(",xhat{}", j);
  head += ",cost,charged,clipped";
  std::fprintf(output.out, "%s\n", head.c_str());
  std::vector<double> v(static_cast<std::size_t>(d));
  std::vector<reference::Ball> Svv_b(dd), Syv_b(static_cast<std::size_t>(d));
  reference::Ball cost_b, cost_sum_b, Syy_b;
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    const double y = number(row, cols.y, input.source);
    for (int j = 0; j < d; ++j) v[j] = number(row, cols.v[j], input.source);
    const std::uint64_t t = (f ? f->rounds() : r->rounds()) + 1;
    if (t > c.T)
      throw FileError(fmt::format("{}:{}: more than T = {} rounds (T is the horizon the trees are calibrated to)",
                                  input.source, row.line, c.T));
    const bool charge = t < c.T || run.charge_last;  // J11: round T is charged only under charge_last = yes
    std::string line = std::to_string(t) + "," + row.find(cols.y)->text;
    for (int j = 0; j < d; ++j) line += "," + row.find(cols.v[j])->text;  // as given
    bool clipped = false;
    double yt;
    std::vector<double> vt(static_cast<std::size_t>(d));
    try {
      if (f) {
        for (int j = 0; j < d; ++j) line += "," + text17(f->played()[j]);
        const double cost = f->update(y, v.data(), &clipped);
        line += "," + text17(cost);
        if (charge) cost_sum += cost;
      } else {
        for (int j = 0; j < d; ++j) line += "," + reference::value_string(r->played()[j].get(), a.digits);
        r->update(y, v.data(), cost_b, &clipped);
        line += "," + reference::value_string(cost_b.get(), a.digits);
        if (charge) arb_add(cost_sum_b, cost_sum_b, cost_b, 256);
      }
    } catch (const DomainError& ex) {
      throw FileError(fmt::format("{}:{}: {}", input.source, row.line, ex.what()));
    }
    clipped_rows += clipped;
    privoco::jkt::take_data(c, y, v.data(), &yt, vt.data());  // the data as the learner took them
    if (charge) {
      ++charged;
      if (f) {
        Syy += yt * yt;
        for (int i = 0; i < d; ++i) {
          Syv[i] += yt * vt[i];
          for (int j = 0; j < d; ++j) Svv[static_cast<std::size_t>(i) * d + j] += vt[i] * vt[j];
        }
      } else {  // exact sums of exact products
        reference::Ball yb(yt), p;
        arb_mul(p, yb, yb, ARF_PREC_EXACT);
        arb_add(Syy_b, Syy_b, p, ARF_PREC_EXACT);
        for (int i = 0; i < d; ++i) {
          reference::Ball vi(vt[i]);
          arb_mul(p, yb, vi, ARF_PREC_EXACT);
          arb_add(Syv_b[i], Syv_b[i], p, ARF_PREC_EXACT);
          for (int j = 0; j < d; ++j) {
            reference::Ball vj(vt[j]);
            arb_mul(p, vi, vj, ARF_PREC_EXACT);
            arb_add(Svv_b[static_cast<std::size_t>(i) * d + j], Svv_b[static_cast<std::size_t>(i) * d + j], p, ARF_PREC_EXACT);
          }
        }
      }
    }
    line += charge ? ",1" : ",0";
    line += clipped ? ",1" : ",0";
    std::fprintf(output.out, "%s\n", line.c_str());
  } while (reader.next(&row));
  const std::uint64_t rounds = f ? f->rounds() : r->rounds();
  output.commit();

  if (!a.state_out.empty()) {
    if (!f) throw ParamError("run", "--state-out", "state files are supported for the fast implementation");
    const fast::jkt::QftlState s = f->state();
    json j{{"t", s.t}};
    j["xhat"] = hex_array(s.xhat);
    j["V_t"] = s.V.t, j["V_a"] = hex_array(s.V.a), j["V_ahat"] = hex_array(s.V.ahat);
    j["u_t"] = s.u.t, j["u_a"] = hex_array(s.u.a), j["u_ahat"] = hex_array(s.u.ahat);
    j["cost_sum"] = hex(cost_sum), j["charged"] = charged, j["clipped"] = clipped_rows;
    j["Svv"] = hex_array(Svv), j["Syv"] = hex_array(Syv), j["Syy"] = hex(Syy);
    write_state_file(a.state_out, e.id, state_params(run, d), j);
  }

  // realised regret: the charged costs against min over R^d of the same rounds' losses
  std::string comparator, regret, cost_text;
  if (charged > 0) {
    reference::Ball best;
    if (f) {
      std::vector<reference::Ball> A(dd), b(static_cast<std::size_t>(d));
      for (std::size_t k = 0; k < dd; ++k) arb_set_d(A[k], Svv[k]);
      for (int k = 0; k < d; ++k) arb_set_d(b[k], Syv[k]);
      reference::Ball yy(Syy);
      reference::jkt::qftl_comparator(best, c, A, b, yy, charged, 256);
      const double bd = arf_get_d(arb_midref(best.get()), ARF_RND_NEAR);
      comparator = text17(bd), cost_text = text17(cost_sum), regret = text17(cost_sum - bd);
    } else {
      reference::jkt::qftl_comparator(best, c, Svv_b, Syv_b, Syy_b, charged, 256);
      reference::Ball reg;
      arb_sub(reg, cost_sum_b, best, 256);
      comparator = reference::value_string(best, a.digits), cost_text = reference::value_string(cost_sum_b, a.digits);
      regret = reference::value_string(reg, a.digits);
    }
  }
  const std::string readings = readings_text(e, run);
  if (a.json) {
    json j{{"id", e.id}, {"impl", a.impl}, {"params", run.m}, {"rounds", rounds}, {"charged", charged},
           {"clipped", clipped_rows}, {"d", d}, {"T", c.T}, {"sigma_V", text17(run.sigma_V)},
           {"sigma_u", text17(run.sigma_u)}, {"seed", a.seed}};
    if (charged > 0) j["cost"] = cost_text, j["comparator"] = comparator, j["regret"] = regret;
    std::fprintf(output.info, "%s\n", json_text(summary_line("run", j, 0)).c_str());
  } else {
    const std::string noise = e.id == "JKT.alg.ftl"
                                  ? "FTL of the charged loss: (V_t + t " + text17(c.step_alpha) + " I) x = u_t, no noise"
                                  : "trees' sigma " + text17(run.sigma_V) + " (V), " + text17(run.sigma_u) + " (u)";
    std::fprintf(output.info,
                 "privoco run %s (%s): %llu rounds (%llu charged, %llu clipped), d = %d, T = %llu; %s; x^_1 = 0; %s; "
                 "seed %llu\n",
                 e.id.c_str(), a.impl.c_str(), static_cast<unsigned long long>(rounds),
                 static_cast<unsigned long long>(charged), static_cast<unsigned long long>(clipped_rows), d,
                 static_cast<unsigned long long>(c.T), noise.c_str(), readings.c_str(),
                 static_cast<unsigned long long>(a.seed));
    if (charged > 0)
      std::fprintf(output.info, "  cost %s, best fixed point of R^d %s, realised regret %s\n", cost_text.c_str(),
                   comparator.c_str(), regret.c_str());
  }
  return 0;
}

// check FILE --stream pqftl: each released point x^_t of another program's run (columns xhat or xhat1..xhatd,
// beside y and v) against the certified replay, judged in ulps of the point's rounding scale
// (PrivateQftlReplay::rounding_scale: x^_{t+1} is a solve from sums, and a double evaluation of it is off by a
// modest multiple of 2^-53 times that scale; relative to the point itself it can be off by far more). The noise is privoco's draws at seed= (a run of privoco, or of a port of its generator), or the
// program's own noisy sums (columns Vh1..Vh{d^2}, row-major, and uh1..uhd, released in the round they follow).
int check_qftl_stream(const StreamCheckArgs& a) {
  const Entry& e = qftl_entry(a.alg);
  const RunArgs ra = replay_args(e, a);
  QftlRun run = configure(e, ra);
  QftlConfig& c = run.config;
  const Tolerance tol = Tolerance::from_options(a.ulps, a.rel);
  Input input(a.file);
  RowReader reader(*input.in, input.source, a.format, "y");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no rows");
  const DataColumns cols = data_columns(row, input.source);
  const std::vector<std::string> xc = vector_columns(row, "xhat"), Vc = vector_columns(row, "Vh"),
                                 uc = vector_columns(row, "uh");
  const int d = static_cast<int>(cols.v.size());
  const std::size_t dd = static_cast<std::size_t>(d) * d;
  if (xc.size() != cols.v.size())
    throw FileError(fmt::format("{}:{}: {} columns of released points (xhat, or xhat1..xhatd) for d = {}", input.source,
                                row.line, xc.size(), d));
  const bool own_noise = !Vc.empty() || !uc.empty();
  if (own_noise && (Vc.size() != dd || uc.size() != static_cast<std::size_t>(d)))
    throw FileError(fmt::format("{}:{}: {} and {} noisy-sum columns (Vh1..Vh{}, uh1..uh{}) for d = {}", input.source,
                                row.line, Vc.size(), uc.size(), dd, d, d));
  c.d = d;
  reference::jkt::PrivateQftlReplay r(c, run.sigma_V_ball.get(), run.sigma_u_ball.get());
  const std::string tol_text = tolerance_text(tol);
  if (!a.json)
    fmt::print("privoco check {} --stream {}: tolerance {} of each point's rounding scale ||M^-1|| (||u^ terms|| + "
               "||M terms|| ||x^||) (M = t alpha I + V^_t, inf-norms, the terms' magnitudes as the trees' sums add "
               "them), certified to {} digits, noise {}; {}\n", input.source, e.id, tol_text, a.digits,
               e.id == "JKT.alg.ftl" ? std::string("none (FTL)")
               : own_noise           ? std::string("from the file's noisy sums (Vh, uh)")
                                     : fmt::format("privoco's draws (seed {})", ra.seed),
               readings_text(e, run));
  StreamVerdicts verdicts(a, e.id, input.source, d > 1);
  std::vector<double> v(static_cast<std::size_t>(d)), Vh(dd), uh(static_cast<std::size_t>(d));
  reference::Ball cost;
  std::size_t steps = 0;
  double worst_cond = 1;
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    const std::uint64_t t = ++steps;
    if (t > c.T) throw FileError(fmt::format("{}:{}: more than T = {} rounds", input.source, row.line, c.T));
    // the point's scale: the size of a double evaluation's first-order rounding (the smallest normal for x^_1 = 0)
    const double scale = std::fmax(0x1p-1022, std::fmin(r.rounding_scale(), 0x1p1023));
    worst_cond = std::fmax(worst_cond, r.condition());
    for (int j = 0; j < d; ++j) {
      const Field* xf = row.find(xc[j]);
      if (!xf || xf->text.empty()) throw FileError(fmt::format("{}:{}: no value in column {}", input.source, row.line, xc[j]));
      Verdict vd;
      vd.line = row.line, vd.id = e.id, vd.claimed = xf->text;
      vd.params = fmt::format("t={}{}", t, d > 1 ? fmt::format(", j={}", j + 1) : "");
      vd = judge_at_scale(vd, tol, scale, r.played()[j], a.digits);
      verdicts.add(vd, t, static_cast<std::size_t>(j));
    }
    const double y = number(row, cols.y, input.source);
    for (int j = 0; j < d; ++j) v[j] = number(row, cols.v[j], input.source);
    const bool sums_given = own_noise && t < c.T;
    if (sums_given) {
      for (std::size_t k = 0; k < dd; ++k) Vh[k] = number(row, Vc[k], input.source);
      for (int j = 0; j < d; ++j) uh[j] = number(row, uc[j], input.source);
    }
    try {
      r.update(y, v.data(), cost, nullptr, sums_given ? Vh.data() : nullptr, sums_given ? uh.data() : nullptr);
    } catch (const DomainError& ex) {
      throw FileError(fmt::format("{}:{}: {}", input.source, row.line, ex.what()));
    }
  } while (reader.next(&row));
  const bool ftl = e.id == "JKT.alg.ftl";
  return verdicts.finish(steps, {{"noise", ftl ? "none" : own_noise ? "file" : "seed"},
                                 {"tolerance", tol_text + " of each point's rounding scale"},
                                 {"worst_condition", fmt::format("{:.3g}", worst_cond)}, {"solve_prec_bits", r.solve_prec()}});
}

}  // namespace privoco::oracle::jkt
