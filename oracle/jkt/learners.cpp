// privoco run pigd | pgiga: JKT Alg 2 (PIGD) and Alg 3 (PGIGA) over a file of the vectors g_t of the losses
// f_t(x) = alpha/2 ||x||^2 + g_t.x or phi(g_t.x) + alpha/2 ||x||^2 (`loss`; columns g, or g1..gd), on the ball of
// radius `radius` about 0; the released points, the costs charged and the realised regret against the best point of
// C in hindsight (exact for the quadratic; for phi, certified from both sides by duality).
#include <cerrno>
#include <cmath>
#include <cstring>
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
#include "privoco/fast/jkt/igd_giga.hpp"
#include "privoco/fast/jkt/learners.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/reference/jkt/igd_giga.hpp"
#include "privoco/reference/jkt/learners.hpp"
#include "privoco/reference/jkt/pocp.hpp"
#include "run_support.hpp"
#include "stream_check.hpp"

namespace privoco::oracle::jkt {

namespace {
using nlohmann::json;
using privoco::jkt::OcpConfig;
using privoco::jkt::OcpUpdate;

std::vector<std::string> gradient_columns(const Row& row, const std::string& source) {
  std::vector<std::string> c = vector_columns(row, "g");
  if (c.empty()) throw FileError(fmt::format("{}:{}: no columns of the losses' linear terms (g, or g1..gd)", source, row.line));
  return c;
}

// Alg 2 l.2 (L) and Alg 3 (G, J19): the bound the noise is calibrated to holds for this f_t on C
void check_bound(const std::vector<double>& g, const OcpConfig& c, double bound, const std::string& source,
                 std::size_t line) {
  double lip;
  if (fast::jkt::exceeds_bound(c, g.data(), bound, &lip))
    throw FileError(fmt::format("{}:{}: ||g_t|| + alpha max_C |x| = {} exceeds {} = {} (the bound beta is calibrated to)",
                                source, line, text17(lip), c.update == OcpUpdate::igd ? "L" : "G", text17(bound)));
}

// The learner's numbers and readings, parsed and checked against the entry's table.
struct OcpRun {
  OcpConfig config;
  double beta = 0, bound = 0;  // the noise scale; L (PIGD) or G (PGIGA), the bound on ||g_t|| + alpha radius
  reference::Ball beta_ball;   // certified (reference runs)
  std::map<std::string, std::string> m;
  bool charge_last = true;
};

OcpRun configure(const Entry& e, const RunArgs& a) {
  const bool igd = e.id == "JKT.alg.igd_update";
  OcpRun r;
  RunParams parsed = parse_run_params(e, a, {"x1"});
  r.m = std::move(parsed.m);
  std::map<std::string, Decimal>& num = parsed.num;
  OcpConfig& c = r.config;
  c.update = igd ? OcpUpdate::igd : OcpUpdate::giga;
  const double Td = num["T"].approx;
  if (Td != std::floor(Td)) throw DomainError(e.id, "T", num["T"].text, "integers >= 2");
  c.T = static_cast<std::uint64_t>(Td);
  c.alpha = num["alpha"].approx, c.radius = num["radius"].approx, c.seed = a.seed;
  c.init = static_cast<privoco::jkt::InitReading>(reading(e, r.m, "init_reading"));
  c.loss = static_cast<privoco::jkt::OcpLoss>(reading(e, r.m, "loss"));
  c.domain = static_cast<privoco::jkt::OcpDomain>(reading(e, r.m, "C_shape"));
  c.coupling = static_cast<privoco::jkt::InitCoupling>(reading(e, r.m, "init_coupling"));
  if (r.m.count("x1") && c.init != privoco::jkt::InitReading::given)
    throw ParamError(e.id, "x1", "given with init_reading=uniform (x1 is the point of init_reading=given)");
  r.charge_last = reading(e, r.m, "charge_last") == 0;
  const auto parse = fast::jkt::CParse(reading(e, r.m, "c_parse"));
  const double eps = num["eps"].approx, delta = num["delta"].approx;
  std::vector<Decimal> beta_args;  // the beta entry's parameters, in its table's order
  const Entry& be = entry(igd ? "JKT.noise.pigd_beta" : "JKT.noise.pgiga_beta");
  if (igd) {
    r.bound = num["L"].approx;
    r.beta = fast::jkt::pigd_beta(r.bound, eps, delta, Td, parse).value;  // JKT Alg 2 l.8
    beta_args = {num["L"], num["eps"], num["delta"], num["T"], parse_param(be.id, be.params[4], r.m.at("c_parse"))};
  } else {
    r.bound = num["G"].approx;
    c.giga_eta = privoco::jkt::GigaEta(reading(e, r.m, "giga_eta"));
    c.burnin = privoco::jkt::TqBurnin(reading(e, r.m, "tq_burnin"));
    const auto lambda = fast::jkt::PgigaLambda(reading(e, r.m, "pgiga_lambda"));
    // JKT Alg 3 l.2: t_q = 2 L_G^2/alpha^2 as an integer (J6); exact
    c.tq = static_cast<std::uint64_t>(
        fast::jkt::giga_tq(num["L_G"].approx, c.alpha, fast::jkt::TqRounding(reading(e, r.m, "tq_rounding"))).value);
    r.beta = fast::jkt::pgiga_beta(r.bound, c.alpha, eps, delta, Td, parse, lambda).value;  // JKT Alg 3 l.8
    beta_args = {num["G"], num["alpha"], num["eps"], num["delta"], num["T"],
                 parse_param(be.id, be.params[5], r.m.at("c_parse")), parse_param(be.id, be.params[6], r.m.at("pgiga_lambda"))};
  }
  if (!std::isfinite(r.beta))
    throw DomainError(e.id, "beta", text17(r.beta), "a finite double (the noise scale overflows at these parameters)");
  if (a.impl == "reference") arb_set(r.beta_ball, reference::evaluate(be, beta_args).ball.get());
  if (c.init == privoco::jkt::InitReading::given && r.m.count("x1"))
    for (const auto& s : split_commas(r.m.at("x1"))) c.x1.push_back(parse_param(e.id, "x1", s).approx);
  return r;
}

}  // namespace

const char* loss_text(privoco::jkt::OcpLoss loss) {
  switch (loss) {
    case privoco::jkt::OcpLoss::logistic: return "ln(1 + exp(-g_t.x)) + alpha/2 |x|^2";
    case privoco::jkt::OcpLoss::hinge: return "max(0, 1 - g_t.x) + alpha/2 |x|^2";
    case privoco::jkt::OcpLoss::absolute: return "|1 - g_t.x| + alpha/2 |x|^2";
    default: return "alpha/2 |x|^2 + g_t.x";
  }
}

namespace {
// a reference bound function at exact doubles, as certified text
std::string bound_text(void (*fn)(arb_t, arb_srcptr, slong), std::initializer_list<double> x, int digits) {
  const slong n = static_cast<slong>(x.size());
  arb_ptr v = _arb_vec_init(n);
  slong k = 0;
  for (double xi : x) arb_set_d(v + k++, xi);
  reference::Ball res;
  fn(res, v, 256);
  _arb_vec_clear(v, n);
  return reference::value_string(res, std::min(digits, 17));
}

json ocp_state_params(const OcpRun& r, int d) {
  json p{{"d", d}, {"beta", hex(r.beta)}, {"seed", r.config.seed}};
  for (const auto& [k, v] : r.m) p[k] = v;
  return p;
}
}  // namespace

const Entry& ocp_entry(const std::string& alg) {
  return entry(alg == "pigd" ? "JKT.alg.igd_update" : alg == "pgiga" ? "JKT.alg.giga_update" : alg);
}

int run_ocp(const RunArgs& a) {
  const Entry& e = ocp_entry(a.alg);
  if (a.gradients.empty()) throw ParamError("run", "--gradients", "required for " + e.id + " (the losses' g_t)");
  if (a.impl != "fast" && a.impl != "reference") throw ParamError("run", "--impl", "'" + a.impl + "' (fast, reference)");
  OcpRun run = configure(e, a);
  OcpConfig& c = run.config;

  Input input(a.gradients);
  RowReader reader(*input.in, input.source, "auto", "g|g1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no data rows");
  const std::vector<std::string> cols = gradient_columns(row, input.source);
  const int d = static_cast<int>(cols.size());
  c.d = d;
  if (c.init == privoco::jkt::InitReading::given && c.x1.empty()) c.x1.assign(static_cast<std::size_t>(d), 0.0);
  std::unique_ptr<fast::jkt::PrivateOcp> f;
  std::unique_ptr<reference::jkt::PrivateOcpReplay> r;
  if (a.impl == "fast") f = std::make_unique<fast::jkt::PrivateOcp>(c, run.beta);
  else r = std::make_unique<reference::jkt::PrivateOcpReplay>(c, run.beta_ball.get());

  // the run's sums for the regret: charged cost and the charged rounds' g (fast: in double, kept in the state)
  double cost_sum = 0;
  std::vector<double> S(static_cast<std::size_t>(d), 0.0);
  std::vector<double> charged_rows;  // the phi families' comparator needs every charged round's g
  double base_sum = 0;               // sum of f_t(x_t) at the hidden iterates: R_A's cost (JKT Thm 2)
  bool base_known = true;            // false after a state file that does not carry it
  const bool phi_family = c.loss != privoco::jkt::OcpLoss::quadratic;
  std::uint64_t charged = 0;
  const std::string state_alg = e.id;
  if (!a.state_in.empty()) {
    if (!f) throw ParamError("run", "--state-in", "state files are supported for the fast implementation");
    const json j = read_state_file(a.state_in, state_alg, ocp_state_params(run, d));
    try {
      if (!j.at("t").is_number_unsigned()) throw FileError(a.state_in + ": 't' is not a count of rounds");
      fast::jkt::OcpState s;
      s.t = j.at("t").get<std::uint64_t>();
      for (double v : unhex_array(j.at("x"), "x")) s.x.push_back(v);
      for (double v : unhex_array(j.at("xhat"), "xhat")) s.xhat.push_back(v);
      f->restore(s);
      cost_sum = unhex(j, "cost_sum");
      if (j.contains("base_sum")) base_sum = unhex(j, "base_sum");
      else base_known = false;
      charged = j.at("charged").get<std::uint64_t>();
      S.clear();
      for (double v : unhex_array(j.at("S"), "S")) S.push_back(v);
      if (S.size() != static_cast<std::size_t>(d) || charged > s.t)
        throw FileError(a.state_in + ": the sums do not fit the state (" + std::to_string(S.size()) + " values, " +
                        std::to_string(charged) + " rounds charged of " + std::to_string(s.t) + ")");
      if (phi_family) {
        for (double v : unhex_array(j.at("rows"), "rows")) charged_rows.push_back(v);
        if (charged_rows.size() != charged * static_cast<std::size_t>(d))
          throw FileError(a.state_in + ": " + std::to_string(charged_rows.size()) + " stored values for " +
                          std::to_string(charged) + " charged rounds of d = " + std::to_string(d));
      }
    } catch (const json::exception& ex) {
      throw FileError(a.state_in + ": not a privoco state file (" +
                      std::string(ex.what()).substr(std::string(ex.what()).find(']') + 2) + ")");
    }
  }

  Output output(a.out);
  std::string head = "t";  // the losses' g beside the points, so that the file replays as it is (check --stream)
  for (int j = 1; j <= d; ++j) head += d == 1 ? ",g" : fmt::format(",g{}", j);
  for (int j = 1; j <= d; ++j) head += d == 1 ? ",xhat" : fmt::format(",xhat{}", j);
  head += ",cost,charged";
  std::fprintf(output.out, "%s\n", head.c_str());
  std::vector<double> g(static_cast<std::size_t>(d));
  std::vector<reference::Ball> Sb(static_cast<std::size_t>(d));
  reference::Ball cost_b, cost_sum_b, base_sum_b;
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    for (int j = 0; j < d; ++j) g[j] = number(row, cols[j], input.source);
    check_bound(g, c, run.bound, input.source, row.line);
    const std::uint64_t t = (f ? f->rounds() : r->rounds()) + 1;
    if (t > c.T)
      throw FileError(fmt::format("{}:{}: more than T = {} rounds (T is the horizon beta is calibrated to)", input.source,
                                  row.line, c.T));
    const bool charge = t < c.T || run.charge_last;  // J11: round T is charged only under charge_last = yes
    std::string line = std::to_string(t);
    for (int j = 0; j < d; ++j) line += "," + row.find(cols[j])->text;  // as given
    if (f) {
      for (int j = 0; j < d; ++j) line += "," + text17(f->played()[j]);
      if (charge) base_sum += fast::jkt::ocp_loss(c, g.data(), f->state().x.data());  // f_t(x_t), the hidden iterate
      const double cost = f->update(g.data());
      line += "," + text17(cost);
      if (charge) {
        cost_sum += cost, ++charged;
        for (int j = 0; j < d; ++j) S[j] += g[j];
        if (phi_family) charged_rows.insert(charged_rows.end(), g.begin(), g.end());
      }
    } else {
      for (int j = 0; j < d; ++j) line += "," + reference::value_string(r->played()[j].get(), a.digits);
      if (charge) {
        reference::Ball hb, ab(c.alpha);
        reference::jkt::ocp_loss(hb, c, r->hidden(), g.data(), ab, 256);
        arb_add(base_sum_b, base_sum_b, hb, 256);
      }
      r->update(g.data(), cost_b);
      line += "," + reference::value_string(cost_b.get(), a.digits);
      if (charge) {
        arb_add(cost_sum_b, cost_sum_b, cost_b, 256), ++charged;
        if (phi_family) charged_rows.insert(charged_rows.end(), g.begin(), g.end());
        for (int j = 0; j < d; ++j) {  // exact sums of doubles
          reference::Ball gj(g[j]);
          arb_add(Sb[j], Sb[j], gj, ARF_PREC_EXACT);
        }
      }
    }
    line += charge ? ",1" : ",0";
    std::fprintf(output.out, "%s\n", line.c_str());
  } while (reader.next(&row));
  const std::uint64_t rounds = f ? f->rounds() : r->rounds();
  output.commit();

  if (!a.state_out.empty()) {
    if (!f) throw ParamError("run", "--state-out", "state files are supported for the fast implementation");
    json j{{"t", f->rounds()}};
    json jx = json::array(), jh = json::array(), js = json::array();
    for (double x : f->state().x) jx.push_back(hex(x));
    for (double x : f->state().xhat) jh.push_back(hex(x));
    for (double x : S) js.push_back(hex(x));
    j["x"] = jx, j["xhat"] = jh, j["cost_sum"] = hex(cost_sum), j["charged"] = charged, j["S"] = js;
    if (base_known) j["base_sum"] = hex(base_sum);
    if (phi_family) {
      json jr = json::array();
      for (double x : charged_rows) jr.push_back(hex(x));
      j["rows"] = jr;
    }
    write_state_file(a.state_out, state_alg, ocp_state_params(run, d), j);
  }

  // realised regret: the charged costs against min over C of the same rounds' losses (attained at Pi_C(-S/(N alpha)))
  std::string comparator, regret, cost_text;
  reference::Ball best_all;  // the comparator, for R_A
  if (charged > 0 && phi_family) {
    // min over C of the charged rounds' sum, enclosed by an approximate minimiser (above) and weak duality (below)
    reference::Ball lower, upper, best, reg;
    reference::jkt::family_comparator(lower, upper, nullptr, charged_rows, d, c.loss, c.alpha, c.radius, 256,
                                      c.domain == privoco::jkt::OcpDomain::box);
    arb_union(best, lower, upper, 256);
    arb_set(best_all, best);
    if (f) arb_set_d(cost_sum_b, cost_sum);
    arb_sub(reg, cost_sum_b, best, 256);
    comparator = reference::value_string(best, a.digits), regret = reference::value_string(reg, a.digits);
    cost_text = f ? text17(cost_sum) : reference::value_string(cost_sum_b, a.digits);
  } else if (charged > 0) {
    reference::Ball alpha_b, radius_b, best;
    arb_set_d(alpha_b, c.alpha), arb_set_d(radius_b, c.radius);
    if (f) {
      std::vector<reference::Ball> Sx(static_cast<std::size_t>(d));
      for (int j = 0; j < d; ++j) arb_set_d(Sx[j], S[j]);
      reference::jkt::quadratic_comparator(best, nullptr, Sx, charged, alpha_b, radius_b, 256,
                                           c.domain == privoco::jkt::OcpDomain::box);
      const double bd = arf_get_d(arb_midref(best.get()), ARF_RND_NEAR);
      comparator = text17(bd), cost_text = text17(cost_sum), regret = text17(cost_sum - bd);
      arb_set(best_all, best);
    } else {
      reference::jkt::quadratic_comparator(best, nullptr, Sb, charged, alpha_b, radius_b, 256,
                                           c.domain == privoco::jkt::OcpDomain::box);
      reference::Ball reg;
      arb_sub(reg, cost_sum_b, best, 256);
      arb_set(best_all, best);
      comparator = reference::value_string(best, a.digits), cost_text = reference::value_string(cost_sum_b, a.digits);
      regret = reference::value_string(reg, a.digits);
    }
  }
  const std::string readings = [&] {
    std::string s;
    for (const auto& p : e.params)
      if (!p.choices.empty()) s += (s.empty() ? "" : ", ") + p.name + " = " + run.m.at(p.name);
    return s;
  }();
  // the printed bounds beside the realised regret: Thm 2 (POCP, at this learner's lambda_A, with R_A the noiseless
  // base run's regret on these rows: the hidden iterates' costs against the same comparator), and Thm 4 (PIGD, at
  // C = 1, J28) or Thm 6 (PGIGA); ||C|| the diameter of the ball through max_C |x| (2 radius, 2 radius sqrt(d) for the box)
  json bounds = json::object();
  std::string bounds_text;
  if (charged > 0 && base_known) {
    reference::Ball ra;
    if (f) arb_set_d(base_sum_b, base_sum);
    arb_sub(ra, base_sum_b, best_all, 256);
    arf_t hi;
    arf_init(hi);
    arb_get_ubound_arf(hi, ra, 53);
    const double RA = std::max(0.0, arf_get_d(hi, ARF_RND_UP));  // a regret bound uses R_A >= 0 (rounded up)
    arf_clear(hi);
    const double T = static_cast<double>(charged), dd_ = d, R = privoco::jkt::ocp_max_norm(c);
    const double eps = parse_param(e.id, "eps", run.m.at("eps")).approx, delta = parse_param(e.id, "delta", run.m.at("delta")).approx;
    const bool igd = c.update == OcpUpdate::igd;
    const double lambda = igd ? 2 * run.bound
                              : (run.m.at("pgiga_lambda") == "lem5" ? 2 * run.bound / c.alpha : 2 * run.bound);
    const std::string thm2 = bound_text(reference::jkt::pocp_expected, {lambda, run.bound, R, 0, eps, delta, T, dd_, RA}, a.digits);
    std::string own;
    if (igd) {
      own = bound_text(reference::jkt::pigd_bound, {run.bound, c.alpha, R, 0, eps, delta, T, dd_, 1}, a.digits);
    } else {
      const double LG = parse_param(e.id, "L_G", run.m.at("L_G")).approx;
      own = bound_text(reference::jkt::pgiga_bound, {run.bound, c.alpha, LG, R, 0, eps, delta, T, dd_, 0}, a.digits);
    }
    bounds = {{"R_A", reference::value_string(ra, a.digits)}, {"lambda_A", text17(lambda)}, {"thm2", thm2},
              {igd ? "thm4_C1" : "thm6", own}};
    bounds_text = fmt::format("  R_A (the noiseless run's regret on these rows) {}; JKT Thm 2's bound on the expected regret "
                              "at lambda_A = {} {}; {} {}\n", reference::value_string(ra, a.digits), text17(lambda), thm2,
                              igd ? "Thm 4's at C = 1" : "Thm 6's", own);
  }
  if (a.json) {
    json j{{"id", e.id}, {"impl", a.impl}, {"params", run.m}, {"rounds", rounds}, {"charged", charged}, {"d", d},
           {"T", c.T}, {"beta", text17(run.beta)}, {"t_q", c.tq}, {"seed", a.seed}};
    if (charged > 0) j["cost"] = cost_text, j["comparator"] = comparator, j["regret"] = regret;
    if (!bounds.empty()) j["bounds"] = bounds;
    std::fprintf(output.info, "%s\n", json_text(summary_line("run", j, 0)).c_str());
  } else {
    std::fprintf(output.info,
                 "privoco run %s (%s): %llu rounds (%llu charged), d = %d, T = %llu; beta = %s, t_q = %llu; f_t = "
                 "%s on the %s of radius %s; %s; seed %llu\n",
                 e.id.c_str(), a.impl.c_str(), static_cast<unsigned long long>(rounds),
                 static_cast<unsigned long long>(charged), d, static_cast<unsigned long long>(c.T), text17(run.beta).c_str(),
                 static_cast<unsigned long long>(c.tq), loss_text(c.loss), c.domain == privoco::jkt::OcpDomain::box ? "box" : "ball",
                 text17(c.radius).c_str(), readings.c_str(),
                 static_cast<unsigned long long>(a.seed));
    if (charged > 0)
      std::fprintf(output.info, "  cost %s, best fixed point of C %s, realised regret %s\n", cost_text.c_str(),
                   comparator.c_str(), regret.c_str());
    std::fprintf(output.info, "%s", bounds_text.c_str());
  }
  return 0;
}

// check FILE --stream pigd|pgiga: each released point x^_t of another program's run (columns xhat or
// xhat1..xhatd, beside the losses' g) against the certified replay. The noise is the file's own (columns b or
// b1..bd: the b_{t+1} added in round t, empty where a round draws none) or privoco's draws at seed= (a run of
// privoco, or of a port of its generator); random start and burn-in points are privoco's draws or x1.
int check_ocp_stream(const StreamCheckArgs& a) {
  const Entry& e = ocp_entry(a.alg);
  const RunArgs ra = replay_args(e, a);
  OcpRun run = configure(e, ra);
  OcpConfig& c = run.config;
  const Tolerance tol = Tolerance::from_options(a.ulps, a.rel);
  Input input(a.file);
  RowReader reader(*input.in, input.source, a.format, "g|g1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no rows");
  const std::vector<std::string> gc = gradient_columns(row, input.source), xc = vector_columns(row, "xhat"),
                                 bc = vector_columns(row, "b");
  const int d = static_cast<int>(gc.size());
  if (xc.size() != gc.size())
    throw FileError(fmt::format("{}:{}: {} columns of released points (xhat, or xhat1..xhatd) for d = {}", input.source,
                                row.line, xc.size(), d));
  if (!bc.empty() && bc.size() != gc.size())
    throw FileError(fmt::format("{}:{}: {} noise columns (b, or b1..bd) for d = {}", input.source, row.line, bc.size(), d));
  c.d = d;
  if (c.init == privoco::jkt::InitReading::given && c.x1.empty()) c.x1.assign(static_cast<std::size_t>(d), 0.0);
  reference::jkt::PrivateOcpReplay r(c, run.beta_ball.get());
  if (!a.json)
    fmt::print("privoco check {} --stream {}: tolerance {} of the radius {} (each coordinate, at the scale of C), "
               "certified to {} digits, noise {}\n", input.source, e.id,
               tolerance_text(tol), text17(c.radius), a.digits, bc.empty() ? fmt::format("privoco's draws (seed {})", ra.seed) : "from the file's b columns");
  StreamVerdicts verdicts(a, e.id, input.source, d > 1);
  std::vector<double> g(static_cast<std::size_t>(d)), b(static_cast<std::size_t>(d));
  reference::Ball cost;
  std::size_t steps = 0;
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    const std::uint64_t t = ++steps;
    if (t > c.T) throw FileError(fmt::format("{}:{}: more than T = {} rounds", input.source, row.line, c.T));
    for (int j = 0; j < d; ++j) {
      const Field* xf = row.find(xc[j]);
      if (!xf || xf->text.empty()) throw FileError(fmt::format("{}:{}: no value in column {}", input.source, row.line, xc[j]));
      Verdict v;
      v.line = row.line, v.id = e.id, v.claimed = xf->text;
      v.params = fmt::format("t={}{}", t, d > 1 ? fmt::format(", j={}", j + 1) : "");
      v = judge_at_scale(v, tol, c.radius, r.played()[j], a.digits);
      verdicts.add(v, t, static_cast<std::size_t>(j));
    }
    for (int j = 0; j < d; ++j) g[j] = number(row, gc[j], input.source);
    check_bound(g, c, run.bound, input.source, row.line);
    const bool own_noise = !bc.empty() && r.steps_at(t);
    if (own_noise)
      for (int j = 0; j < d; ++j) b[j] = number(row, bc[j], input.source);
    r.update(g.data(), cost, own_noise ? b.data() : nullptr);
  } while (reader.next(&row));
  return verdicts.finish(steps, {{"noise", bc.empty() ? "seed" : "file"},
                                 {"tolerance", tolerance_text(tol) + " of the radius " + text17(c.radius)}});
}

}  // namespace privoco::oracle::jkt
