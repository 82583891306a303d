// privoco run alg1 | alg2 | alg3 (VDH Algorithms 1-3 over a gradient file) and privoco check --stream (replay of
// another program's run with certified predictions). Readings: privoco/fast/vdh/learners.hpp.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <memory>

#include <Eigen/Core>

#include "judge.hpp"
#include "junit.hpp"
#include "output.hpp"
#include "privoco/assignments.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/fast/vdh/learners.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/vdh/learners.hpp"
#include "rows.hpp"
#include "run_support.hpp"
#include "stream_check.hpp"
#include "commands.hpp"

namespace privoco::oracle::vdh {

namespace {
using json = nlohmann::json;
namespace fv = fast::vdh;

const Entry& alg_entry(const std::string& name) {
  for (const char* id : {"VDH.alg.alg1", "VDH.alg.alg2", "VDH.alg.alg3"}) {
    const std::string s(id);
    if (name == s || name == s.substr(8)) return entry(s);
  }
  throw UnknownId(name, "not an algorithm privoco runs (alg1, alg2, alg3)");
}

// name=value assignments of b and G; b may be a comma list (one per coordinate, alg3).
struct LearnerParams {
  std::vector<Decimal> b;
  Decimal G;
};
LearnerParams parse_learner_params(const Entry& e, const std::vector<std::string>& as, const std::string& prior) {
  LearnerParams p;
  bool has_G = false;
  for (const std::string& a : as) {
    const auto [name, value] = split_assignment(e.id, a);
    if (name == "G") {
      if (has_G) throw ParamError(e.id, "G", "given twice");
      p.G = parse_param(e.id, "G", value), has_G = true;
      check_param(e, e.index_of("G"), p.G);
    } else if (name == "b") {
      if (!p.b.empty()) throw ParamError(e.id, "b", "given twice");
      for (const std::string& item : split_commas(value)) {
        p.b.push_back(parse_param(e.id, "b", item));
        check_param(e, e.index_of("b"), p.b.back());
      }
    } else {
      throw ParamError(e.id, name, "not a parameter of " + e.id + " (b, G)");
    }
  }
  if (!has_G) throw ParamError(e.id, "G", "missing (G=...)");
  if (prior == "conjugate" && p.b.empty()) throw ParamError(e.id, "b", "missing (b=..., or --prior uniform)");
  if (prior != "conjugate") p.b.assign(1, parse_param(e.id, "b", "1"));  // ignored by the uniform and improper priors
  return p;
}

json state_json(const fv::Alg1State& s) {
  return {{"L_hi", hex(s.L_hi)}, {"L_lo", hex(s.L_lo)}, {"V_hi", hex(s.V_hi)}, {"V_lo", hex(s.V_lo)}, {"t", s.t}};
}
// One coordinate's sums, as written: t a count, each double-double normalised (hi + lo rounds to hi), V >= 0.
fv::Alg1State state_from(const json& j, const std::string& path) {
  fv::Alg1State s{unhex(j, "L_hi"), unhex(j, "L_lo"), unhex(j, "V_hi"), unhex(j, "V_lo"), 0};
  if (!j.contains("t") || !j["t"].is_number_unsigned()) throw FileError(path + ": 't' is not a count of rounds");
  s.t = j["t"].get<std::uint64_t>();
  if (s.L_hi + s.L_lo != s.L_hi || s.V_hi + s.V_lo != s.V_hi)
    throw FileError(path + ": a sum whose low part exceeds half an ulp of its high part (privoco writes them "
                           "normalised)");
  if (!(s.V_hi >= 0)) throw FileError(path + ": a negative sum of squares V");
  return s;
}

// The parameters a learner's state file records and must match: the prior, G, b (one or per coordinate), d.
json state_params(const std::string& prior, const LearnerParams& lp, Eigen::Index d) {
  json p{{"prior", prior}, {"G", hex(lp.G.approx)}, {"d", d}};
  if (prior == "conjugate") {
    json b = json::array();
    for (const auto& x : lp.b) b.push_back(hex(x.approx));
    p["b"] = b;
  }
  return p;
}
}  // namespace

int run_learner(const RunArgs& a) {
  const Entry& e = alg_entry(a.alg);
  if (a.gradients.empty()) throw ParamError("run", "--gradients", "required for " + e.id);
  const bool alg1 = e.id == "VDH.alg.alg1", alg2 = e.id == "VDH.alg.alg2";
  if (a.impl != "fast" && a.impl != "reference") throw ParamError("run", "--impl", "'" + a.impl + "' (fast, reference)");
  fv::parse_prior(a.prior);
  const LearnerParams lp = parse_learner_params(e, a.assignments, a.prior);
  const std::vector<double> us = parse_number_list("--u", a.u);

  Input input(a.gradients);
  RowReader reader(*input.in, input.source, "auto", alg1 ? "g" : "g1");
  Output output(a.out);
  std::FILE* out = output.out;

  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no gradient rows");
  const Columns cols = columns_of(row, alg1, false, input.source);
  const auto d = static_cast<Eigen::Index>(cols.g.size());
  if (!alg1 && lp.b.size() != 1 && static_cast<Eigen::Index>(lp.b.size()) != d)
    throw ParamError(e.id, "b", fmt::format("{} values for d = {} coordinates (give one, or d)", lp.b.size(), d));
  if (alg1 && lp.b.size() != 1) throw ParamError(e.id, "b", "one value (Alg 1 is one scalar learner)");

  // learners
  const fv::Prior prior = fv::parse_prior(a.prior);
  const fv::PriorSpec spec{prior, lp.b[0].approx, lp.G.approx};
  std::unique_ptr<fv::Alg1> f1;
  std::unique_ptr<fv::Alg2> f2;
  std::unique_ptr<fv::Alg3> f3;
  std::vector<reference::vdh::Alg1Replay> refs;
  std::unique_ptr<reference::vdh::Alg2Replay> r2;
  Eigen::VectorXd bj(d);
  for (Eigen::Index j = 0; j < d; ++j) bj[j] = lp.b[lp.b.size() == 1 ? 0 : j].approx;
  reference::Options ropt;
  ropt.digits = a.digits;
  if (a.impl == "reference" && alg2) {
    if (lp.b.size() != 1) throw ParamError(e.id, "b", "one value (Alg 2 runs one scalar learner)");
    r2 = std::make_unique<reference::vdh::Alg2Replay>(static_cast<std::size_t>(d), a.prior, lp.b[0], lp.G, ropt);
  } else if (a.impl == "reference") {
    for (Eigen::Index j = 0; j < d; ++j) refs.emplace_back(a.prior, lp.b[lp.b.size() == 1 ? 0 : j], lp.G, ropt);
  } else if (alg1) {
    f1 = std::make_unique<fv::Alg1>(spec);
  } else if (alg2) {
    f2 = std::make_unique<fv::Alg2>(d, spec);
  } else {
    f3 = std::make_unique<fv::Alg3>(bj, lp.G.approx, prior);
  }
  if (!a.state_in.empty()) {
    if (!f1 && !f2 && !f3) throw ParamError("run", "--state-in", "state files are supported for the fast learners");
    const json j = read_state_file(a.state_in, e.id, state_params(a.prior, lp, d));
    const std::string& path = a.state_in;
    try {  // a field of the wrong type or missing is the file's fault, named as such
      if (f1) f1->restore(state_from(j.at("coordinates").at(0), path));
      else if (f2) {  // Alg 2: the scalar learner, then the direction learner's z (d hex floats) and sum ||g||^2
        const json& dj = j.at("direction");
        if (!dj.at("z").is_array() || static_cast<Eigen::Index>(dj.at("z").size()) != d)
          throw ParamError("run", "--state-in", fmt::format("the state's direction has {} coordinates, the file {}",
                                                            dj.at("z").size(), d));
        Eigen::VectorXd z(d);
        for (Eigen::Index k = 0; k < d; ++k) {
          const json item{{"x", dj.at("z").at(static_cast<std::size_t>(k))}};
          z[k] = unhex(item, "x");
        }
        const double sum_sq = unhex(dj, "sum_sq");
        if (!(sum_sq >= 0) || !(z.norm() <= 1 + 1e-12))
          throw FileError(path + ": a direction outside the unit ball or a negative sum of squared norms");
        f2->restore(state_from(j.at("coordinates").at(0), path), z, sum_sq);
      }
      else {
        std::vector<fv::Alg1State> s;
        for (const auto& c : j.at("coordinates")) s.push_back(state_from(c, path));
        for (const auto& x : s)
          if (x.t != s[0].t) throw FileError(path + ": coordinates with different round counts");
        f3->restore(s);
      }
    } catch (const json::exception& ex) {
      throw FileError(a.state_in + ": not a privoco state file (" + std::string(ex.what()).substr(std::string(ex.what()).find(']') + 2) + ")");
    }
  }

  // header
  std::string head = "t";
  for (const auto& n : cols.g) head += "," + n;
  for (Eigen::Index j = 0; j < d; ++j) head += alg1 ? ",w" : fmt::format(",w{}", j + 1);
  if (alg2) head += ",v";
  // the readings go with the summary (stderr, or stdout with --out): the rows stay plain CSV
  if (!a.json) std::fprintf(output.info, "privoco run %s --prior %s (%s), readings A1(a) A3 A5(b) A20(a) A21(a) A28(a)\n",
               e.id.c_str(), a.prior.c_str(), a.impl.c_str());
  std::fprintf(out, "%s\n", head.c_str());

  Eigen::VectorXd g(d), w(d);
  std::vector<double> regret(us.size(), 0.0);
  std::uint64_t t = f1 ? f1->state().t : f2 ? f2->scalar().state().t : f3 ? f3->state()[0].t : 0,
                out_of_range = 0;  // rounds continue a saved state
  std::string line;
  do {
    for (Eigen::Index j = 0; j < d; ++j) g[j] = number(row, cols.g[static_cast<std::size_t>(j)], input.source);
    ++t;
    line = std::to_string(t);
    for (Eigen::Index j = 0; j < d; ++j) line += "," + text17(g[j]);
    double v = 0;
    if (r2) {
      const reference::Certified cv = r2->predict_v();
      v = cv.nearest();
      out_of_range += !std::isfinite(v) || (v == 0 && cv.sign() != 0);
      std::vector<double> gv(static_cast<std::size_t>(d));
      for (Eigen::Index j = 0; j < d; ++j) {
        const reference::Certified c = r2->predict_w(static_cast<std::size_t>(j));
        w[j] = c.nearest();
        line += "," + c.value;
        gv[static_cast<std::size_t>(j)] = g[j];
      }
      line += "," + cv.value;
      r2->update(gv);
    } else if (!refs.empty()) {
      for (Eigen::Index j = 0; j < d; ++j) {
        const reference::Certified c = refs[static_cast<std::size_t>(j)].predict();
        w[j] = c.nearest();
        out_of_range += !std::isfinite(w[j]) || (w[j] == 0 && c.sign() != 0);
        line += "," + c.value;
        refs[static_cast<std::size_t>(j)].update(g[j]);
      }
    } else if (f1) {
      const fast::Value p = f1->predict();
      w[0] = p.value;
      out_of_range += p.status != fast::Status::ok;
      line += "," + text17(p.value);
      f1->update(g[0]);
    } else if (f2) {
      const fast::Value p = f2->predict(w);
      v = p.value;
      out_of_range += p.status != fast::Status::ok;
      for (Eigen::Index j = 0; j < d; ++j) line += "," + text17(w[j]);
      line += "," + text17(v);
      f2->update(g);
    } else {
      out_of_range += static_cast<std::uint64_t>(f3->predict(w));
      for (Eigen::Index j = 0; j < d; ++j) line += "," + text17(w[j]);
      f3->update(g);
    }
    // realised linearised regret R_T(u) = sum_t <g_t, w_t - u> (A15(a)), u applied to every coordinate
    for (std::size_t k = 0; k < us.size(); ++k) regret[k] += g.dot(w) - us[k] * g.sum();
    std::fprintf(out, "%s\n", line.c_str());
  } while (reader.next(&row));

  // summary
  json sum;
  sum["id"] = e.id;
  sum["prior"] = a.prior;
  sum["impl"] = a.impl;
  sum["steps"] = t;
  sum["d"] = d;
  json params{{"G", lp.G.text}};
  if (prior == fv::Prior::conjugate) {
    json bs = json::array();  // one value, or one per coordinate
    for (const auto& x : lp.b) bs.push_back(x.text);
    params["b"] = lp.b.size() == 1 ? bs[0] : bs;
  }
  sum["params"] = params;
  sum["readings"] = "A1(a) A3 A5(b) A20(a) A21(a) A28(a)";
  sum["predictions_out_of_double_range"] = out_of_range;
  // VDH Thm 1 = Thm 10 (002) per coordinate at the realised V_T (conjugate prior; Thm 2 = Thm 11 for alg3 is
  // the sum over coordinates, d + sum_j |u| max{...}); alg2 has no printed constant bound.
  std::vector<double> VT(static_cast<std::size_t>(d));
  for (Eigen::Index j = 0; j < d; ++j)
    VT[j] = !refs.empty() ? arf_get_d(arb_midref(refs[j].V().get()), ARF_RND_NEAR)
            : f1         ? f1->V()
            : f3         ? f3->V(j)
                         : 0;
  const bool has_bound = prior == fv::Prior::conjugate && !alg2;
  json rj = json::array();
  std::vector<double> bound(us.size(), 0.0);
  for (std::size_t k = 0; k < us.size(); ++k) {
    json r{{"u", num_or_inf(us[k])}, {"regret", num_or_inf(regret[k])}};
    if (has_bound) {
      double lb = 0;  // ln of the bound, for bounds beyond double range
      for (Eigen::Index j = 0; j < d; ++j) {
        const double x[4] = {us[k], VT[j], bj[j], lp.G.approx};
        const fast::Value bv = fast::evaluate(entry("VDH.bound.thm1"), x);
        bound[k] += bv.value;
        lb = std::max(lb, bv.log_abs());
      }
      r["bound"] = num_or_inf(bound[k]);  // beyond double range: "inf", with ln of the largest term
      if (!std::isfinite(bound[k])) r["ln_bound_at_least"] = lb;
      r["regret_over_bound"] = num_or_inf(regret[k] / bound[k]);
    }
    rj.push_back(r);
  }
  if (has_bound) sum["bound_definition"] = alg1 ? "VDH Thm 1 = Thm 10 (002) as printed at V = V_T"
                                                : "VDH Thm 2 = Thm 11 (002) as printed at V_j = V_{T,j}";
  sum["regret"] = rj;
  sum["regret_definition"] = "sum_t <g_t, w_t - u>, u on every coordinate (A15(a))";
  output.commit();  // the rows are complete: the file appears under its name
  if (!a.state_out.empty()) {
    if (!f1 && !f2 && !f3) throw ParamError("run", "--state-out", "state files are supported for the fast learners");
    json s;
    json c = json::array();
    if (f1) c.push_back(state_json(f1->state()));
    else if (f2) {
      c.push_back(state_json(f2->scalar().state()));
      json z = json::array();
      for (Eigen::Index k = 0; k < d; ++k) z.push_back(hex(f2->direction().z()[k]));
      s["direction"] = {{"z", z}, {"sum_sq", hex(f2->direction().sum_sq())}};
    } else for (const auto& x : f3->state()) c.push_back(state_json(x));
    s["coordinates"] = c;
    write_state_file(a.state_out, e.id, state_params(a.prior, lp, d), s);
  }
  std::FILE* info = output.info;
  if (a.json) {
    std::fprintf(info, "%s\n", json_text(summary_line("run", sum, 0)).c_str());
  } else {
    std::fprintf(info, "privoco run %s (%s prior, %s): %llu steps, d = %lld, %llu predictions outside double range\n",
                 e.id.c_str(), a.prior.c_str(), a.impl.c_str(), static_cast<unsigned long long>(t),
                 static_cast<long long>(d), static_cast<unsigned long long>(out_of_range));
    for (std::size_t k = 0; k < us.size(); ++k) {
      std::fprintf(info, "  realised regret sum_t <g_t, w_t - u> at u = %g: %.17g", us[k], regret[k]);
      if (has_bound)
        std::fprintf(info, "   %s bound %.6g (ratio %.3g)", alg1 ? "Thm 1" : "Thm 2", bound[k], regret[k] / bound[k]);
      std::fprintf(info, "\n");
    }
  }
  return 0;
}

int check_learner_stream(const StreamCheckArgs& a) {
  const Entry& e = alg_entry(a.alg);
  const bool alg1 = e.id == "VDH.alg.alg1", alg2 = e.id == "VDH.alg.alg2";
  fast::vdh::parse_prior(a.prior);
  const LearnerParams lp = parse_learner_params(e, a.assignments, a.prior);
  const Tolerance tol = Tolerance::from_options(a.ulps, a.rel);
  Input input(a.file);
  RowReader reader(*input.in, input.source, a.format, alg1 ? "g" : "g1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no rows");
  const Columns cols = columns_of(row, alg1, true, input.source);
  const std::size_t d = cols.g.size();
  if (lp.b.size() != 1 && lp.b.size() != d)
    throw ParamError(e.id, "b", fmt::format("{} values for d = {} coordinates (give one, or d)", lp.b.size(), d));
  if (alg1 && lp.b.size() != 1) throw ParamError(e.id, "b", "one value (Alg 1 is one scalar learner)");
  std::vector<reference::vdh::Alg1Replay> refs;
  std::unique_ptr<reference::vdh::Alg2Replay> r2;
  const bool double_sums = a.sums == "double";
  if (alg2 && double_sums) throw ParamError("check", "--sums", "double applies to alg1 and alg3 (Alg 2's scalar input is a ball)");
  // L and V as a plain double loop sums them (L -= g, V += g*g, rounded each step): --sums double judges against the
  // certified prediction there; with exact sums a failing step is also tried there, to tell summation error from
  // prediction error
  std::vector<double> Ld(d, 0.0), Vd(d, 0.0);
  const Entry& pred = entry(a.prior == "conjugate" ? "VDH.pred.conj" : a.prior == "uniform" ? "VDH.pred.uniform"
                                                                                             : "VDH.pred.improper");
  auto predict_at_double_sums = [&](std::size_t j, int dg) {
    std::vector<Decimal> x = {parse_param(e.id, "L", text17(Ld[j])), parse_param(e.id, "V", text17(Vd[j]))};
    if (a.prior == "conjugate") x.push_back(lp.b[lp.b.size() == 1 ? 0 : j]);
    x.push_back(lp.G);
    reference::Options o;
    o.digits = dg;
    return reference::evaluate(pred, x, o);
  };
  if (alg2) {
    if (lp.b.size() != 1) throw ParamError(e.id, "b", "one value (Alg 2 runs one scalar learner)");
    r2 = std::make_unique<reference::vdh::Alg2Replay>(d, a.prior, lp.b[0], lp.G);
  } else {
    for (std::size_t j = 0; j < d; ++j) refs.emplace_back(a.prior, lp.b[lp.b.size() == 1 ? 0 : j], lp.G);
  }
  if (!a.json)
    fmt::print("privoco check {} --stream {} ({} prior): tolerance {}, certified to {} digits, gradients as doubles, "
               "L and V as {} sums\n",
               input.source, e.id, a.prior, tol.text(), a.digits, a.sums);
  std::size_t steps = 0;
  StreamVerdicts verdicts(a, e.id, input.source, !alg1);
  do {
    ++steps;
    if (!row.error.empty())
      throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    for (std::size_t j = 0; j < d; ++j) {
      const Field* wf = row.find(cols.w[j]);
      Verdict v;
      v.line = row.line;
      v.id = e.id;
      v.params = fmt::format("t={}{}", steps, alg1 ? "" : fmt::format(", j={}", j + 1));
      v.claimed = wf ? wf->text : "";
      if (!wf || wf->text.empty()) throw FileError(fmt::format("{}:{}: no value in column {}", input.source, row.line, cols.w[j]));
      v = judge_claim(v, wf->column, tol, a.digits, [&](int dg) {
        return r2 ? r2->predict_w(j, dg) : double_sums ? predict_at_double_sums(j, dg) : refs[j].predict(dg);
      });
      if (!r2 && v.verdict != "pass") {  // the state the replay used, and whether double sums explain the step
        const std::string state = double_sums
            ? fmt::format("L = {}, V = {} (double sums)", text17(Ld[j]), text17(Vd[j]))
            : fmt::format("L = {}, V = {} (exact sums)", reference::ball_text(refs[j].L(), 17),
                          reference::ball_text(refs[j].V(), 17));
        v.reason += (v.reason.empty() ? "" : "; ") + std::string("replay at ") + state;
        if (!double_sums) {
          Verdict alt = v;
          alt = judge_claim(alt, wf->column, tol, a.digits, [&](int dg) { return predict_at_double_sums(j, dg); });
          if (alt.verdict == "pass")
            v.reason += fmt::format("; explained by summing L and V in double: at L = {}, V = {} the prediction "
                                    "agrees ({:.3g} ulp; --sums double judges the prediction alone)",
                                    text17(Ld[j]), text17(Vd[j]), alt.ulps);
        }
      }
      verdicts.add(v, steps, j);
    }
    if (r2) {
      std::vector<double> gv(d);
      for (std::size_t j = 0; j < d; ++j) gv[j] = number(row, cols.g[j], input.source);
      r2->update(gv);
    } else {
      for (std::size_t j = 0; j < d; ++j) {
        const double g = number(row, cols.g[j], input.source);
        refs[j].update(g);
        Ld[j] -= g, Vd[j] += g * g;
      }
    }
  } while (reader.next(&row));
  return verdicts.finish(steps, {{"sums", a.sums}});
}

}  // namespace privoco::oracle::vdh
