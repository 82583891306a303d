// privoco run private_sum: JKT Alg 5 over a file of data vectors w_t (columns w, or w1..wd), releasing W^_t.
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
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
#include "privoco/fast/jkt/private_sum.hpp"
#include "privoco/fast/jkt/tree.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/reference/jkt/private_sum.hpp"
#include "run_support.hpp"

namespace privoco::oracle::jkt {

namespace {
using nlohmann::json;
const char* kId = "JKT.alg.private_sum";

std::vector<std::string> data_columns(const Row& row, const std::string& source) {
  if (row.find("w")) return {"w"};
  std::vector<std::string> c;
  for (int j = 1; row.find("w" + std::to_string(j)); ++j) c.push_back("w" + std::to_string(j));
  if (c.empty()) throw FileError(fmt::format("{}:{}: no data columns (w, or w1..wd)", source, row.line));
  return c;
}
}  // namespace

// The parameters a state file of the private sum records and must match.
json state_params(int d, std::uint64_t T, double sigma, std::uint64_t seed) {
  return {{"d", d}, {"T", T}, {"sigma", hex(sigma)}, {"seed", seed}};
}

int run_private_sum(const RunArgs& a) {
  if (a.gradients.empty()) throw ParamError("run", "--gradients", "required for " + std::string(kId) + " (the rows w_t)");
  if (a.impl != "fast" && a.impl != "reference") throw ParamError("run", "--impl", "'" + a.impl + "' (fast, reference)");
  const std::vector<std::string> names = {"R", "eps", "delta", "T", "log_base", "sigma", "R_enforce"};
  const auto m = parse_named(kId, a.assignments, {{"log_base", "mixed"}, {"R_enforce", "assert"}}, &names,
                             {"R", "eps", "delta", "T"});
  const Entry& se = entry("JKT.noise.tree_sigma");
  std::vector<Decimal> sp;
  for (const char* n : {"R", "eps", "delta", "T", "log_base"}) {
    const std::size_t i = se.index_of(n);
    sp.push_back(parse_param(kId, se.params[i], m.at(n)));
    check_param(se, i, sp.back());
  }
  const std::string enforce = m.at("R_enforce");
  if (enforce != "assert" && enforce != "clip") throw ParamError(kId, "R_enforce", "'" + enforce + "' (assert, clip)");
  const double R = sp[0].approx, Td = sp[3].approx;
  if (Td != std::floor(Td)) throw DomainError(kId, "T", sp[3].text, "integers >= 2");
  const auto T = static_cast<std::uint64_t>(Td);
  // sigma: the printed one (JKT Alg 5 l.3, JKT.noise.tree_sigma) unless given
  const bool given = m.count("sigma") > 0;
  Decimal sigma_dec;
  double sigma = 0;
  reference::Ball sigma_ball;
  if (given) {
    sigma_dec = parse_param(kId, "sigma", m.at("sigma"));
    if (sigma_dec.sign < 0 || !std::isfinite(sigma_dec.approx)) throw DomainError(kId, "sigma", sigma_dec.text, "[0, inf)");
    sigma = sigma_dec.approx;
    arb_set_str(sigma_ball, sigma_dec.text.c_str(), 256);
  } else {
    const double x[5] = {sp[0].approx, sp[1].approx, sp[2].approx, sp[3].approx, sp[4].approx};
    sigma = fast::jkt::tree_sigma(x[0], x[1], x[2], x[3], fast::jkt::LogBase(static_cast<int>(x[4]))).value;
    if (a.impl == "reference") arb_set(sigma_ball, reference::evaluate(se, sp).ball.get());
  }
  if (!std::isfinite(sigma)) throw DomainError(kId, "sigma", text17(sigma), "a finite double (R/eps too large)");

  Input input(a.gradients);
  RowReader reader(*input.in, input.source, "auto", "w|w1");
  Row row;
  if (!reader.next(&row)) throw FileError(input.source + ": no data rows");
  const std::vector<std::string> cols = data_columns(row, input.source);
  const int d = static_cast<int>(cols.size());
  std::unique_ptr<fast::jkt::PrivateSum> f;
  std::unique_ptr<reference::jkt::PrivateSumReplay> r;
  if (a.impl == "fast") f = std::make_unique<fast::jkt::PrivateSum>(d, T, sigma, a.seed);
  else r = std::make_unique<reference::jkt::PrivateSumReplay>(d, T, sigma_ball.get(), a.seed);

  if (!a.state_in.empty()) {
    if (!f) throw ParamError("run", "--state-in", "state files are supported for the fast implementation");
    // the node noise is keyed by the seed and sigma scales it: a state continues only the run it came from
    const json j = read_state_file(a.state_in, kId, state_params(d, T, sigma, a.seed));
    try {  // a field of the wrong type or missing is the file's fault, named as such
      if (!j.at("t").is_number_unsigned()) throw FileError(a.state_in + ": 't' is not a count of rows");
      fast::jkt::PrivateSumState s;
      s.t = j.at("t").get<std::uint64_t>();
      for (double v : unhex_array(j.at("a"), "a")) s.a.push_back(v);
      for (double v : unhex_array(j.at("ahat"), "ahat")) s.ahat.push_back(v);
      f->restore(s);
    } catch (const json::exception& ex) {
      throw FileError(a.state_in + ": not a privoco state file (" + std::string(ex.what()).substr(std::string(ex.what()).find(']') + 2) + ")");
    }
  }

  Output output(a.out);
  std::string head = "t";
  for (int j = 1; j <= d; ++j) head += fmt::format(",W{}", j);
  for (int j = 1; j <= d; ++j) head += fmt::format(",S{}", j);
  std::fprintf(output.out, "%s\n", head.c_str());
  std::vector<double> w(d), out(d), exact(d);
  std::vector<reference::Ball> rn, re;
  std::uint64_t clipped = 0;
  do {
    if (!row.error.empty()) throw FileError(fmt::format("{}:{}:{}: {}", input.source, row.line, row.error_column, row.error));
    double norm2 = 0;
    for (int j = 0; j < d; ++j) w[j] = number(row, cols[j], input.source), norm2 += w[j] * w[j];
    const double norm = std::sqrt(norm2);
    if (norm > R) {  // J8 (b): R is a public bound fixed before the run
      if (enforce == "assert")
        throw FileError(fmt::format("{}:{}: ||w_t||_2 = {} exceeds R = {} (R_enforce=clip scales it to R)", input.source,
                                    row.line, text17(norm), sp[0].text));
      for (int j = 0; j < d; ++j) w[j] *= R / norm;
      ++clipped;
    }
    if ((f ? f->t() : r->t()) >= T)
      throw FileError(fmt::format("{}:{}: more than T = {} rows (T is the horizon Alg 5's tree is built for)",
                                  input.source, row.line, T));
    std::string line;
    if (f) {
      f->add(w.data(), out.data(), exact.data());
      line = std::to_string(f->t());
      for (int j = 0; j < d; ++j) line += "," + text17(out[j]);
      for (int j = 0; j < d; ++j) line += "," + text17(exact[j]);
    } else {
      r->add(w.data(), &rn, &re);
      line = std::to_string(r->t());
      for (int j = 0; j < d; ++j) line += "," + reference::value_string(rn[j].get(), a.digits);
      for (int j = 0; j < d; ++j) line += "," + reference::value_string(re[j].get(), a.digits);
    }
    std::fprintf(output.out, "%s\n", line.c_str());
  } while (reader.next(&row));
  const std::uint64_t rows = f ? f->t() : r->t();

  output.commit();  // the rows are complete: the file appears under its name
  if (!a.state_out.empty()) {
    if (!f) throw ParamError("run", "--state-out", "state files are supported for the fast implementation");
    json j{{"t", f->t()}};
    json ja = json::array(), jh = json::array();
    for (double x : f->state().a) ja.push_back(hex(x));
    for (double x : f->state().ahat) jh.push_back(hex(x));
    j["a"] = ja;
    j["ahat"] = jh;
    write_state_file(a.state_out, kId, state_params(d, T, sigma, a.seed), j);
  }
  const std::string sigma_text = given ? sigma_dec.text + " (given)"
                                       : text17(sigma) + " (JKT.noise.tree_sigma, log_base = " + m.at("log_base") + ")";
  const int K = static_cast<int>(fast::jkt::tree_count(T, 1, fast::jkt::LeafLabel::binary_t_minus_1,
                                                       fast::jkt::TreeCount::registers));
  if (a.json) {
    json j{{"id", kId}, {"impl", a.impl}, {"params", m}, {"rows", rows}, {"d", d}, {"T", T}, {"sigma", text17(sigma)},
           {"sigma_source", given ? "given" : "JKT.noise.tree_sigma"}, {"log_base", m.at("log_base")},
           {"leaf_label", "binary_t_minus_1"}, {"R_enforce", enforce}, {"clipped", clipped}, {"registers", K},
           {"seed", a.seed}};
    std::fprintf(output.info, "%s\n", json_text(summary_line("run", j, 0)).c_str());
  } else {
    std::fprintf(output.info,
                 "privoco run %s (%s): %llu rows, d = %d, T = %llu; sigma = %s; streaming binary mechanism, %d "
                 "registers, leaf of w_t = binary(t - 1) (J12), R a public bound (%s: %llu rows clipped); seed %llu\n",
                 kId, a.impl.c_str(), static_cast<unsigned long long>(rows), d, static_cast<unsigned long long>(T),
                 sigma_text.c_str(), K, enforce.c_str(), static_cast<unsigned long long>(clipped),
                 static_cast<unsigned long long>(a.seed));
  }
  return 0;
}

}  // namespace privoco::oracle::jkt
