// privoco run md_direction | local_laplace | l2_mech: VDH's direction learner over a gradient file, or draws of its
// randomisers; fast or certified reference.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <memory>

#include <Eigen/Core>

#include "output.hpp"
#include "privoco/assignments.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/vdh/learners.hpp"
#include "privoco/fast/vdh/randomisers.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/vdh/learners.hpp"
#include "privoco/reference/vdh/randomisers.hpp"
#include "rows.hpp"
#include "run_support.hpp"
#include "commands.hpp"

namespace privoco::oracle::vdh {

namespace {
using json = nlohmann::json;
namespace fv = fast::vdh;
const std::vector<std::string> kTau{"tau"}, kEpsD{"eps", "d"};
}  // namespace


// privoco run md_direction --gradients FILE: z_t (played before g_t) for each row, and R_T against the best unit
// vector in hindsight (z* = -G_T/||G_T||): sum_t <g_t, z_t> + ||G_T||, next to sqrt(sum_t ||g_t||^2) (catalogue).
// privoco run local_laplace tau=... | l2_mech eps=.. d=.. --T N --seed S: draws of rounds t = 1..N (stream t).
// --impl reference: the certified values of the same quantities (the samplers transform the same uniforms).
int run_part(const RunArgs& a) {
  const std::string name = a.alg.rfind("VDH.alg.", 0) == 0 ? a.alg.substr(8) : a.alg;
  const std::string id = "VDH.alg." + name;
  if (a.impl != "fast" && a.impl != "reference") throw ParamError("run", "--impl", "'" + a.impl + "' (fast, reference)");
  const bool ref = a.impl == "reference";
  reference::Options ropt;
  ropt.digits = a.digits;
  Output output(a.out);
  std::FILE* out = output.out;
  std::FILE* info = output.info;

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
      for (Eigen::Index j = 0; j < d; ++j) line += "," + text17(g[j]);
      for (Eigen::Index j = 0; j < d; ++j) {
        double zj = f.z()[j];
        if (r) {
          const reference::Certified c = r->predict_z(static_cast<std::size_t>(j), a.digits);
          zj = c.nearest();
          line += "," + c.value;
        } else {
          line += "," + text17(zj);
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
      json j{{"id", id}, {"impl", a.impl}, {"T", t}, {"d", d}, {"regret_best_unit_vector", num_or_inf(regret)},
             {"sqrt_sum_sq_norms", num_or_inf(std::sqrt(sum_sq))}};
      std::fprintf(info, "%s\n", json_text(summary_line("run", j, 0)).c_str());  // no parameters
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
  if (a.T_given) {
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
    const auto m = parse_named(id, a.assignments, {}, &kTau, kTau);
    const auto items = split_commas(m.at("tau"));
    for (std::size_t j = 0; j < items.size(); ++j) {
      tau.push_back(reference::vdh::parse_tau(items[j], j));
      tau_d.push_back(tau.back().infinite ? INFINITY : tau.back().value.approx);
      if (!tau.back().infinite && !(tau_d.back() > 0 && std::isfinite(tau_d.back())) && !ref)
        throw ParamError(id, "tau_" + std::to_string(j + 1), "'" + items[j] + "' is outside the double range of the fast sampler; use --impl reference");
    }
    d = static_cast<int>(tau.size());
  } else {
    const auto m = parse_named(id, a.assignments, {}, &kEpsD, kEpsD);
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
      for (double x : xi) line += "," + text17(x);
    }
    std::fprintf(out, "%s\n", line.c_str());
  }
  output.commit();
  if (a.json) {
    json params = json::object();
    for (const auto& s : a.assignments) {  // tau: one per coordinate, as eval writes per-coordinate parameters
      const std::string k = s.substr(0, s.find('=')), v = s.substr(s.find('=') + 1);
      params[k] = k == "tau" ? json(split_commas(v)) : json(v);
    }
    std::fprintf(info, "%s\n", json_text(summary_line("run", {{"id", id}, {"impl", a.impl}, {"params", params},
                                                              {"draws", T}, {"d", d}, {"seed", a.seed}}, 0)).c_str());
  } else {
    std::fprintf(info, "%s (%s): %ld draws of d = %d, master seed %llu (round t draws stream t)\n", id.c_str(),
                 a.impl.c_str(), T, d, static_cast<unsigned long long>(a.seed));
  }
  return 0;
}

}  // namespace privoco::oracle::vdh
