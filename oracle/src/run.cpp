// privoco run (VDH Algorithms 1-3 over a gradient file) and privoco check --stream (replay of another program's
// run with certified predictions). Readings: fast/include/privoco/fast/vdh/learners.hpp.
#include "run.hpp"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <algorithm>

#include <Eigen/Core>

#include "check.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/fast/vdh/learners.hpp"
#include "privoco/fast/vdh/randomisers.hpp"
#include "privoco/reference/vdh/learners.hpp"
#include "privoco/reference/vdh/randomisers.hpp"
#include "rows.hpp"

namespace privoco::oracle {

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
    const auto eq = a.find('=');
    if (eq == std::string::npos) throw ParamError(e.id, a, "expected name=value");
    const std::string name = a.substr(0, eq), value = a.substr(eq + 1);
    if (name == "G") {
      if (has_G) throw ParamError(e.id, "G", "given twice");
      p.G = parse_param(e.id, "G", value), has_G = true;
      check_param(e, e.index_of("G"), p.G);
    } else if (name == "b") {
      if (!p.b.empty()) throw ParamError(e.id, "b", "given twice");
      std::size_t start = 0;
      for (;;) {
        const auto comma = value.find(',', start);
        p.b.push_back(parse_param(e.id, "b", value.substr(start, comma - start)));
        check_param(e, e.index_of("b"), p.b.back());
        if (comma == std::string::npos) break;
        start = comma + 1;
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

std::vector<double> parse_list(const std::string& what, const std::string& text) {
  std::vector<double> v;
  std::size_t start = 0;
  for (;;) {
    const auto comma = text.find(',', start);
    Decimal d = parse_param("run", what, text.substr(start, comma - start));
    v.push_back(d.approx);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return v;
}

struct Input {
  std::ifstream file;
  std::istream* in = &std::cin;
  std::string source;
  explicit Input(const std::string& path) : source(path == "-" ? "<stdin>" : path) {
    if (path != "-") {
      file.open(path);
      if (!file) throw FileError("cannot open '" + path + "': " + std::strerror(errno));
      in = &file;
    }
  }
};

// The gradient (and, for streams, prediction) columns of a row: g or g1..gd.
struct Columns {
  std::vector<std::string> g, w;
};
Columns columns_of(const Row& row, bool alg1, bool want_w, const std::string& source) {
  Columns c;
  if (alg1) {
    c.g = {"g"};
    if (want_w) c.w = {"w"};
  } else {
    for (int j = 1;; ++j) {
      if (!row.find("g" + std::to_string(j))) break;
      c.g.push_back("g" + std::to_string(j));
      if (want_w) c.w.push_back("w" + std::to_string(j));
    }
  }
  for (const auto* names : {&c.g, &c.w})
    for (const std::string& n : *names)
      if (!row.find(n))
        throw FileError(fmt::format("{}:{}: no column '{}' (alg1: g{}; alg2/alg3: g1..gd{})", source, row.line, n,
                                    want_w ? ", w" : "", want_w ? ", w1..wd" : ""));
  if (c.g.empty()) throw FileError(fmt::format("{}:{}: no gradient columns g1..gd", source, row.line));
  return c;
}

double number(const Row& row, const std::string& name, const std::string& source, Decimal* dec = nullptr) {
  const Field* f = row.find(name);
  if (!f) throw FileError(fmt::format("{}:{}: missing column '{}'", source, row.line, name));
  Decimal d;
  std::size_t pos = 0;
  std::string why;
  if (!parse_decimal(f->text, &d, &pos, &why))
    throw FileError(fmt::format("{}:{}:{}: '{}' is not a number ({})", source, row.line, f->column + pos, f->text, why));
  if (!std::isfinite(d.approx))
    throw FileError(fmt::format("{}:{}:{}: {} = {} is outside the double range", source, row.line, f->column, name,
                                f->text));
  if (dec) *dec = d;
  return d.approx;
}

std::string g17(double x) { return fmt::format("{:.17g}", x); }

// Exact state files: every double as a C99 hex float.
std::string hex(double x) { return fmt::format("{:a}", x); }
double unhex(const json& j, const char* key) {
  if (!j.contains(key) || !j[key].is_string()) throw ParamError("run", "--state-in", std::string("missing '") + key + "'");
  const std::string s = j[key];
  char* end = nullptr;
  const double x = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || *end) throw ParamError("run", "--state-in", "'" + s + "' is not a number");
  return x;
}
json state_json(const fv::Alg1State& s) {
  return {{"L_hi", hex(s.L_hi)}, {"L_lo", hex(s.L_lo)}, {"V_hi", hex(s.V_hi)}, {"V_lo", hex(s.V_lo)}, {"t", s.t}};
}
fv::Alg1State state_from(const json& j) {
  fv::Alg1State s{unhex(j, "L_hi"), unhex(j, "L_lo"), unhex(j, "V_hi"), unhex(j, "V_lo"), 0};
  s.t = j.value("t", std::uint64_t{0});
  return s;
}
}  // namespace

int cmd_run(const RunArgs& a) {
  const Entry& e = alg_entry(a.alg);
  if (a.gradients.empty()) throw ParamError("run", "--gradients", "required for " + e.id);
  const bool alg1 = e.id == "VDH.alg.alg1", alg2 = e.id == "VDH.alg.alg2";
  if (a.impl != "fast" && a.impl != "reference") throw ParamError("run", "--impl", "'" + a.impl + "' (fast, reference)");
  fv::parse_prior(a.prior);
  const LearnerParams lp = parse_learner_params(e, a.assignments, a.prior);
  const std::vector<double> us = parse_list("--u", a.u);

  Input input(a.gradients);
  RowReader reader(*input.in, input.source, "auto", alg1 ? "g" : "g1");
  std::ofstream out_file;
  std::FILE* out = stdout;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> owned(nullptr, std::fclose);
  if (a.out != "-") {
    owned.reset(std::fopen(a.out.c_str(), "w"));
    if (!owned) throw FileError("cannot write '" + a.out + "': " + std::strerror(errno));
    out = owned.get();
  }

  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no gradient rows");
  const Columns cols = columns_of(row, alg1, false, input.source);
  const auto d = static_cast<Eigen::Index>(cols.g.size());
  if (!alg1 && lp.b.size() != 1 && static_cast<Eigen::Index>(lp.b.size()) != d)
    throw ParamError(e.id, "b", fmt::format("{} values for d = {} coordinates (give one, or d)", lp.b.size(), d));

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
    std::ifstream sf(a.state_in);
    if (!sf) throw FileError("cannot open '" + a.state_in + "': " + std::strerror(errno));
    json j;
    try {
      sf >> j;
    } catch (const json::exception& ex) {
      throw FileError(a.state_in + ": not a privoco state file (" + ex.what() + ")");
    }
    if (j.value("alg", "") != e.id || j.value("prior", "") != a.prior)
      throw ParamError("run", "--state-in", "the state is of " + j.value("alg", "?") + " with the " +
                                                j.value("prior", "?") + " prior");
    if (f1) f1->restore(state_from(j.at("coordinates").at(0)));
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
      f2->restore(state_from(j.at("coordinates").at(0)), z, unhex(dj, "sum_sq"));
    }
    else {
      std::vector<fv::Alg1State> s;
      for (const auto& c : j.at("coordinates")) s.push_back(state_from(c));
      f3->restore(s);
    }
  }

  // header
  std::string head = "t";
  for (const auto& n : cols.g) head += "," + n;
  for (Eigen::Index j = 0; j < d; ++j) head += alg1 ? ",w" : fmt::format(",w{}", j + 1);
  if (alg2) head += ",v";
  std::fprintf(out, "# privoco run %s --prior %s (%s), readings A1(a) A3 A5(b) A20(a) A21(a) A28(a)\n%s\n",
               e.id.c_str(), a.prior.c_str(), a.impl.c_str(), head.c_str());

  Eigen::VectorXd g(d), w(d);
  std::vector<double> regret(us.size(), 0.0);
  std::uint64_t t = f1 ? f1->state().t : f2 ? f2->scalar().state().t : f3 ? f3->state()[0].t : 0,
                out_of_range = 0;  // rounds continue a saved state
  std::string line;
  do {
    for (Eigen::Index j = 0; j < d; ++j) g[j] = number(row, cols.g[static_cast<std::size_t>(j)], input.source);
    ++t;
    line = std::to_string(t);
    for (Eigen::Index j = 0; j < d; ++j) line += "," + g17(g[j]);
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
      line += "," + g17(p.value);
      f1->update(g[0]);
    } else if (f2) {
      const fast::Value p = f2->predict(w);
      v = p.value;
      out_of_range += p.status != fast::Status::ok;
      for (Eigen::Index j = 0; j < d; ++j) line += "," + g17(w[j]);
      line += "," + g17(v);
      f2->update(g);
    } else {
      out_of_range += static_cast<std::uint64_t>(f3->predict(w));
      for (Eigen::Index j = 0; j < d; ++j) line += "," + g17(w[j]);
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
  sum["G"] = lp.G.text;
  if (prior == fv::Prior::conjugate) {
    std::string bs;
    for (const auto& x : lp.b) bs += (bs.empty() ? "" : ",") + x.text;
    sum["b"] = bs;
  }
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
    json r{{"u", us[k]}, {"regret", regret[k]}};
    if (has_bound) {
      double lb = 0;  // ln of the bound, for bounds beyond double range
      for (Eigen::Index j = 0; j < d; ++j) {
        const double x[4] = {us[k], VT[j], bj[j], lp.G.approx};
        const fast::Value bv = fast::evaluate(entry("VDH.bound.thm1"), x);
        bound[k] += bv.value;
        lb = std::max(lb, bv.log_abs());
      }
      r["bound"] = std::isfinite(bound[k]) ? json(bound[k]) : json(fmt::format("exp({:.17g})", lb));
      r["regret_over_bound"] = regret[k] / bound[k];
    }
    rj.push_back(r);
  }
  if (has_bound) sum["bound_definition"] = alg1 ? "VDH Thm 1 = Thm 10 (002) as printed at V = V_T"
                                                : "VDH Thm 2 = Thm 11 (002) as printed at V_j = V_{T,j}";
  sum["regret"] = rj;
  sum["regret_definition"] = "sum_t <g_t, w_t - u>, u on every coordinate (A15(a))";
  if (!a.state_out.empty()) {
    if (!f1 && !f2 && !f3) throw ParamError("run", "--state-out", "state files are supported for the fast learners");
    json s{{"alg", e.id}, {"prior", a.prior}};
    json c = json::array();
    if (f1) c.push_back(state_json(f1->state()));
    else if (f2) {
      c.push_back(state_json(f2->scalar().state()));
      json z = json::array();
      for (Eigen::Index k = 0; k < d; ++k) z.push_back(hex(f2->direction().z()[k]));
      s["direction"] = {{"z", z}, {"sum_sq", hex(f2->direction().sum_sq())}};
    } else for (const auto& x : f3->state()) c.push_back(state_json(x));
    s["coordinates"] = c;
    std::ofstream so(a.state_out);
    if (!so) throw FileError("cannot write '" + a.state_out + "': " + std::strerror(errno));
    so << s.dump(1) << "\n";
  }
  std::FILE* info = a.out == "-" ? stderr : stdout;
  if (a.json) {
    std::fprintf(info, "%s\n", sum.dump().c_str());
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

int cmd_check_stream(const StreamCheckArgs& a) {
  const Entry& e = alg_entry(a.alg);
  const bool alg1 = e.id == "VDH.alg.alg1", alg2 = e.id == "VDH.alg.alg2";
  fast::vdh::parse_prior(a.prior);
  const LearnerParams lp = parse_learner_params(e, a.assignments, a.prior);
  Tolerance tol;
  if (a.ulps >= 0 && a.rel >= 0) throw ParamError("check", "--ulps/--rel", "give one tolerance, not both");
  if (a.rel >= 0) tol.kind = Tolerance::Kind::rel, tol.value = a.rel;
  else if (a.ulps >= 0) tol.value = a.ulps;
  Input input(a.file);
  RowReader reader(*input.in, input.source, a.format, alg1 ? "g" : "g1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no rows");
  const Columns cols = columns_of(row, alg1, true, input.source);
  const std::size_t d = cols.g.size();
  if (lp.b.size() != 1 && lp.b.size() != d)
    throw ParamError(e.id, "b", fmt::format("{} values for d = {} coordinates (give one, or d)", lp.b.size(), d));
  std::vector<reference::vdh::Alg1Replay> refs;
  std::unique_ptr<reference::vdh::Alg2Replay> r2;
  if (alg2) {
    if (lp.b.size() != 1) throw ParamError(e.id, "b", "one value (Alg 2 runs one scalar learner)");
    r2 = std::make_unique<reference::vdh::Alg2Replay>(d, a.prior, lp.b[0], lp.G);
  } else {
    for (std::size_t j = 0; j < d; ++j) refs.emplace_back(a.prior, lp.b[lp.b.size() == 1 ? 0 : j], lp.G);
  }
  if (!a.json)
    fmt::print("privoco check {} --stream {} ({} prior): tolerance {}, certified to {} digits, gradients as doubles\n",
               input.source, e.id, a.prior, tol.text(), a.digits);
  std::size_t steps = 0, judged = 0, passed = 0, failed = 0;
  Verdict first;
  std::size_t first_step = 0;
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
      v = judge_claim(v, wf->column, tol, a.digits,
                      [&](int dg) { return r2 ? r2->predict_w(j, dg) : refs[j].predict(dg); });
      ++judged;
      if (v.verdict == "pass") ++passed;
      else ++failed;
      if (v.verdict != "pass" && first_step == 0) first = v, first_step = steps;
      if (a.json) {
        if (a.all || v.verdict != "pass")
          fmt::print("{}\n", json{{"line", v.line}, {"step", steps}, {"coordinate", j + 1}, {"verdict", v.verdict},
                                  {"claimed", v.claimed}, {"certified", v.certified}, {"ulps", v.ulps},
                                  {"rel_err", v.rel_err}, {"wrong_sign", v.wrong_sign}, {"reason", v.reason}}
                                .dump());
      } else if (a.all || v.verdict != "pass") {
        fmt::print("{}:{}: step {}{}: {} claimed {}{}\n", input.source, v.line, steps,
                   alg1 ? "" : fmt::format(" coordinate {}", j + 1), v.verdict, v.claimed,
                   v.verdict == "pass" ? fmt::format(" ({:.3g} ulp)", v.ulps)
                                       : fmt::format(": certified {} ({} digits), {:.3g} ulp{}", v.certified, v.digits,
                                                     v.ulps, v.reason.empty() ? "" : ", " + v.reason));
      }
    }
    if (r2) {
      std::vector<double> gv(d);
      for (std::size_t j = 0; j < d; ++j) gv[j] = number(row, cols.g[j], input.source);
      r2->update(gv);
    } else {
      for (std::size_t j = 0; j < d; ++j) refs[j].update(number(row, cols.g[j], input.source));
    }
  } while (reader.next(&row));
  if (a.json) {
    json s{{"summary", true}, {"steps", steps}, {"predictions", judged}, {"passed", passed}, {"failed", failed}};
    if (first_step) s["first_disagreement"] = {{"step", first_step}, {"line", first.line}, {"reason", first.reason}};
    fmt::print("{}\n", s.dump());
  } else {
    fmt::print("summary: {} steps, {} predictions: {} passed, {} failed", steps, judged, passed, failed);
    if (first_step) fmt::print("; first disagreement at step {} (line {}: {})", first_step, first.line, first.params);
    fmt::print("\n");
  }
  return failed ? 1 : 0;
}

// ---------------------------------------------------------------- the parts: direction learner, randomisers

bool is_run_part(const std::string& name) {
  for (const char* n : {"md_direction", "local_laplace", "l2_mech"})
    if (name == n || name == std::string("VDH.alg.") + n) return true;
  return false;
}

namespace {
// name=value assignments of a part; the names it takes are `names`.
std::map<std::string, std::string> part_params(const std::string& id, const std::vector<std::string>& as,
                                               const std::vector<std::string>& names) {
  std::map<std::string, std::string> m;
  for (const auto& a : as) {
    const auto eq = a.find('=');
    if (eq == std::string::npos) throw ParamError(id, a, "expected name=value");
    const std::string n = a.substr(0, eq);
    if (std::find(names.begin(), names.end(), n) == names.end()) {
      std::string all;
      for (const auto& x : names) all += (all.empty() ? "" : ", ") + x;
      throw ParamError(id, n, "unknown parameter (this takes " + all + ")");
    }
    if (m.count(n)) throw ParamError(id, n, "given twice");
    m[n] = a.substr(eq + 1);
  }
  for (const auto& n : names)
    if (!m.count(n)) throw ParamError(id, n, "missing");
  return m;
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> v;
  std::size_t start = 0;
  for (;;) {
    const auto comma = text.find(',', start);
    v.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return v;
    start = comma + 1;
  }
}
}  // namespace

// privoco run md_direction --gradients FILE: z_t (played before g_t) for each row, and R_T against the best unit
// vector in hindsight (z* = -G_T/||G_T||): sum_t <g_t, z_t> + ||G_T||, next to sqrt(sum_t ||g_t||^2) (catalogue).
// privoco run local_laplace tau=... | l2_mech eps=.. d=.. --T N --seed S: draws of rounds t = 1..N (stream t).
// --impl reference: the certified values of the same quantities (the samplers transform the same uniforms).
int cmd_run_part(const RunArgs& a) {
  const std::string name = a.alg.rfind("VDH.alg.", 0) == 0 ? a.alg.substr(8) : a.alg;
  const std::string id = "VDH.alg." + name;
  if (a.impl != "fast" && a.impl != "reference") throw ParamError("run", "--impl", "'" + a.impl + "' (fast, reference)");
  const bool ref = a.impl == "reference";
  reference::Options ropt;
  ropt.digits = a.digits;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> owned(nullptr, std::fclose);
  std::FILE* out = stdout;
  if (a.out != "-") {
    owned.reset(std::fopen(a.out.c_str(), "w"));
    if (!owned) throw FileError("cannot write '" + a.out + "': " + std::strerror(errno));
    out = owned.get();
  }
  std::FILE* info = a.out == "-" ? stderr : stdout;

  if (name == "md_direction") {
    if (a.gradients.empty()) throw ParamError("run", "--gradients", "required for " + id);
    if (!a.assignments.empty()) throw ParamError(id, a.assignments[0], "no parameters (d comes from the file)");
    Input input(a.gradients);
    RowReader reader(*input.in, input.source, "auto", "g1");
    Row row;
    if (!reader.next(&row)) throw FileError(input.source + ": no gradient rows");
    const Columns cols = columns_of(row, false, false, input.source);
    const auto d = static_cast<Eigen::Index>(cols.g.size());
    fv::MdDirection f(d);
    std::unique_ptr<reference::vdh::MdDirectionReplay> r;
    if (ref) r = std::make_unique<reference::vdh::MdDirectionReplay>(static_cast<std::size_t>(d));
    std::string head = "t";
    for (const auto& n : cols.g) head += "," + n;
    for (Eigen::Index j = 0; j < d; ++j) head += fmt::format(",z{}", j + 1);
    std::fprintf(out, "%s\n", head.c_str());
    Eigen::VectorXd g(d), G = Eigen::VectorXd::Zero(d);
    std::vector<double> gv(static_cast<std::size_t>(d));
    double lin = 0, sum_sq = 0;
    std::uint64_t t = 0;
    do {
      if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
      for (Eigen::Index j = 0; j < d; ++j) g[j] = gv[static_cast<std::size_t>(j)] = number(row, cols.g[j], input.source);
      ++t;
      std::string line = std::to_string(t);
      for (Eigen::Index j = 0; j < d; ++j) line += "," + g17(g[j]);
      for (Eigen::Index j = 0; j < d; ++j) {
        double zj = f.z()[j];
        if (r) {
          const reference::Certified c = r->predict_z(static_cast<std::size_t>(j), a.digits);
          zj = c.nearest();
          line += "," + c.value;
        } else {
          line += "," + g17(zj);
        }
        lin += g[j] * zj;
      }
      std::fprintf(out, "%s\n", line.c_str());
      f.update(g);
      if (r) r->update(gv);
      G += g;
      sum_sq += g.squaredNorm();
    } while (reader.next(&row));
    const double regret = lin + G.norm();
    if (a.json) {
      json j{{"id", id}, {"impl", a.impl}, {"T", t}, {"d", d}, {"regret_best_unit_vector", g17(regret)},
             {"sqrt_sum_sq_norms", g17(std::sqrt(sum_sq))}};
      std::fprintf(info, "%s\n", j.dump().c_str());
    } else {
      std::fprintf(info, "%s (%s): T = %llu, d = %lld; regret against the best unit vector in hindsight %.6g, "
                   "sqrt(sum ||g_t||^2) = %.6g (ratio %.3g; Orabona and Pal: O(1))\n", id.c_str(), a.impl.c_str(),
                   static_cast<unsigned long long>(t), static_cast<long long>(d), regret, std::sqrt(sum_sq),
                   regret / std::sqrt(sum_sq));
    }
    return 0;
  }

  // samplers: --T is one count here (the scenarios' default list means 10)
  long T = 10;
  if (a.T_list != "100,1000,10000") {
    const Decimal td = parse_param("run", "--T", a.T_list);
    if (!(td.approx >= 1 && td.approx <= 1e9 && td.approx == std::floor(td.approx)))
      throw ParamError("run", "--T", "'" + a.T_list + "' (the number of draws, an integer in [1, 1e9])");
    T = static_cast<long>(td.approx);
  }
  const Streams streams(a.seed);
  std::vector<reference::vdh::Tau> tau;
  std::vector<double> tau_d;
  Decimal eps;
  int d = 0;
  if (name == "local_laplace") {
    const auto m = part_params(id, a.assignments, {"tau"});
    const auto items = split_commas(m.at("tau"));
    for (std::size_t j = 0; j < items.size(); ++j) {
      tau.push_back(reference::vdh::parse_tau(items[j], j));
      tau_d.push_back(tau.back().infinite ? INFINITY : tau.back().value.approx);
      if (!tau.back().infinite && !(tau_d.back() > 0 && std::isfinite(tau_d.back())) && !ref)
        throw ParamError(id, "tau_" + std::to_string(j + 1), "'" + items[j] + "' is outside the double range of the fast sampler; use --impl reference");
    }
    d = static_cast<int>(tau.size());
  } else {
    const auto m = part_params(id, a.assignments, {"eps", "d"});
    eps = parse_param(id, "eps", m.at("eps"));
    if (eps.sign <= 0 || !std::isfinite(eps.approx)) throw DomainError(id, "eps", eps.text, "(0, inf)");
    const Decimal dd = parse_param(id, "d", m.at("d"));
    if (!(dd.approx >= 1 && dd.approx <= 1e6 && dd.approx == std::floor(dd.approx)))
      throw DomainError(id, "d", dd.text, "an integer in [1, 1e6]");
    d = static_cast<int>(dd.approx);
  }
  std::string head = "t";
  for (int j = 1; j <= d; ++j) head += fmt::format(",xi{}", j);
  std::fprintf(out, "%s\n", head.c_str());
  std::vector<double> xi(static_cast<std::size_t>(d));
  for (long t = 1; t <= T; ++t) {
    const auto round = static_cast<std::uint64_t>(t);
    std::string line = std::to_string(t);
    if (ref) {
      const std::vector<reference::Certified> c = name == "local_laplace"
                                                      ? reference::vdh::local_laplace(streams, round, tau, ropt)
                                                      : reference::vdh::l2_mech(streams, round, eps, d, ropt).xi;
      for (const auto& x : c) line += "," + x.value;
    } else {
      if (name == "local_laplace") fv::local_laplace(streams, round, tau_d.data(), d, xi.data());
      else fv::l2_mech(streams, round, eps.approx, d, xi.data());
      for (double x : xi) line += "," + g17(x);
    }
    std::fprintf(out, "%s\n", line.c_str());
  }
  std::fprintf(info, "%s (%s): %ld draws of d = %d, master seed %llu (round t draws stream t)\n", id.c_str(),
               a.impl.c_str(), T, d, static_cast<unsigned long long>(a.seed));
  return 0;
}

}  // namespace privoco::oracle
