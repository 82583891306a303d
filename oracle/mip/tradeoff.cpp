// privoco run mip_tradeoff: MIP's privacy/regret trade-off (not printed; the poster's conclusion states it in words):
// for each budget C of mutual information per round, the noise sigma(C) that Thm 1 allows and Thm 2's bound at eta*
// there, B L sqrt(T/(1 - e^{-2C/d})), over a grid of C and d, as a table, JSON and a log-log plot.
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "output.hpp"
#include "plot.hpp"
#include "privoco/assignments.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/mip/bounds.hpp"
#include "privoco/format.hpp"
#include "commands.hpp"
#include "run.hpp"
#include "run_support.hpp"

namespace privoco::oracle::mip {

namespace {
// the value of a fast evaluation, or a clear error where it leaves the double range
double finite_value(const fast::Value& v, const std::string& what) {
  if (v.status != fast::Status::ok) throw DomainError("MIP.bound.fixed_C_tradeoff", what, "e^" + text17(v.log_abs()), "the double range");
  return v.value;
}
}  // namespace

int run_tradeoff(const RunArgs& a) {
  const char* kId = "MIP.bound.fixed_C_tradeoff";
  const Entry& e = entry(kId);
  const std::vector<std::string> names = {"C", "d", "L", "T", "radius", "B_reading", "log_base"};
  const auto m = parse_named(kId, a.assignments,
                             {{"C", "0.001,0.003,0.01,0.03,0.1,0.3,1,3,10,30,100,300,1000"}, {"d", "1,10,100"}, {"L", "1"},
                              {"T", "10000"}, {"radius", "1"}, {"B_reading", "radius"}, {"log_base", "e"}},
                             &names);
  const std::vector<double> Cs = positive_list(kId, "C", m.at("C")), ds = positive_list(kId, "d", m.at("d"));
  const double L = parse_param(kId, "L", m.at("L")).approx, T = parse_param(kId, "T", m.at("T")).approx;
  const double r = parse_param(kId, "radius", m.at("radius")).approx;
  if (!(r > 0) || !std::isfinite(r)) throw DomainError(kId, "radius", m.at("radius"), "(0, inf)");
  const double Bread = parse_param(e.id, e.params[e.index_of("B_reading")], m.at("B_reading")).approx;
  const double base = parse_param(e.id, e.params[e.index_of("log_base")], m.at("log_base")).approx;
  std::vector<Series> ser;
  const char* colours[] = {"#259", "#d40", "#393", "#939", "#960", "#066"};
  json table = json::array();
  std::string text;
  for (std::size_t k = 0; k < ds.size(); ++k) {
    const double d = ds[k];
    if (d != std::floor(d) || d > 1e6) throw DomainError(kId, "d", text17(d), "integers in [1, 1e6] (a list)");
    Series s{fmt::format("d = {:g}", d), colours[k % 6], {}, {}, {}};
    for (double C : Cs) {
      // S: the ball of radius r about 0 (c = 0, every h_j = r), so B = r (radius) or 2r (diameter)
      std::vector<double> p{d, C, L, T, 0};
      p.insert(p.end(), static_cast<std::size_t>(d), 0.0);
      p.insert(p.end(), static_cast<std::size_t>(d), r);
      p.push_back(Bread), p.push_back(base);
      const double bound = finite_value(fast::mip::fixed_C_tradeoff(p.data()), "the bound");
      const double sc[4] = {C, d, L, base};
      const fast::Value sig = fast::mip::sigma_for_C(sc);
      s.x.push_back(C), s.y.push_back(bound), s.err.push_back(0);
      table.push_back({{"d", d}, {"C", C}, {"sigma", sig.status == fast::Status::ok ? json(sig.value) : json(nullptr)},
                       {"ln_sigma", sig.log_abs()}, {"bound", bound}});
      const std::string sig_text = sig.status == fast::Status::ok ? fmt::format("{:.6g}", sig.value)
                                                                    : fmt::format("e^{:.8g}", sig.log_abs());
      text += fmt::format("  {:>8g}  {:>10g}  {:>14}  {:>14.6g}\n", d, C, sig_text, bound);
    }
    ser.push_back(s);
  }
  const std::string unit = base == 1 ? "bits" : "nats";
  const std::string setup = fmt::format(
      "MIP trade-off (Thm 1 with Thm 2, not printed): per-round budget C ({}), sigma(C) = L/sqrt(d expm1(2C/d)), Thm 2 "
      "at eta* = B/sqrt((L^2 + d sigma^2) T): B L sqrt(T/(1 - e^{{-2C/d}})); L = {:g}, T = {:g}, S the ball of radius {:g} "
      "about 0, B_reading = {} (B = {:g}); as C -> inf the bound tends to B L sqrt(T) (no noise), for C << d it grows "
      "like B L sqrt(T d/(2C))",
      unit, L, T, r, m.at("B_reading"), Bread == 1 ? 2 * r : r);
  if (a.json) {
    print_line(summary_line("run", {{"id", kId}, {"description", setup}, {"tradeoff", table}}, 0));
  } else {
    fmt::print("privoco run mip_tradeoff: {}\n  {:>8}  {:>10}  {:>14}  {:>14}\n{}", setup, "d", "C", "sigma(C)",
               "regret bound", text);
  }
  if (!a.plot.empty()) {
    write_lines_svg(a.plot, fmt::format("MIP: Thm 2's bound at a budget of mutual information, T = {:g}", T),
                    "budget C per round (" + unit + ")", "regret bound", ser, true);
    if (!a.json) fmt::print("  plot: {}\n", a.plot);
  }
  return 0;
}

}  // namespace privoco::oracle::mip
