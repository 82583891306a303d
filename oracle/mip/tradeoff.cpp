// privoco run mip_tradeoff: MIP's privacy/regret trade-off (not printed; the poster's conclusion states it in words):
// for each budget C of mutual information per round, the noise sigma(C) that Thm 1 allows and Thm 2's bound at eta*
// there, B L sqrt(T/(1 - e^{-2C/d})) (channel=full_info); or (channel=bandit) the sigma at which Thm 3's C meets the
// budget, d (F/delta + L)/sqrt(d expm1(2C/d)), and Thm 4's bound there at the chosen (eta, delta), as printed and
// corrected (F/delta for F/eta, ERRATA.md E48); over a grid of C and d, as a table, JSON and a log-log plot.
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
  const std::vector<std::string> names = {"C", "d", "L", "T", "radius", "B_reading", "log_base", "channel", "delta", "eta", "F"};
  const auto m = parse_named(kId, a.assignments,
                             {{"C", "0.001,0.003,0.01,0.03,0.1,0.3,1,3,10,30,100,300,1000"}, {"d", "1,10,100"}, {"L", "1"},
                              {"T", "10000"}, {"radius", "1"}, {"B_reading", "radius"}, {"log_base", "e"},
                              {"channel", "full_info"}},
                             &names);
  const std::string channel = m.at("channel");
  if (channel != "full_info" && channel != "bandit")
    throw ParamError(kId, "channel", "'" + channel + "' (full_info: Thm 1 with Thm 2; bandit: Thm 3 with Thm 4)");
  const bool bandit = channel == "bandit";
  for (const char* k : {"delta", "eta", "F"})
    if (!bandit && m.count(k)) throw ParamError(kId, k, "a parameter of channel=bandit (Alg 2's delta, eta and F)");
  const std::vector<double> Cs = positive_list(kId, "C", m.at("C")), ds = positive_list(kId, "d", m.at("d"));
  const double L = parse_param(kId, "L", m.at("L")).approx, T = parse_param(kId, "T", m.at("T")).approx;
  const double r = parse_param(kId, "radius", m.at("radius")).approx;
  if (!(r > 0) || !std::isfinite(r)) throw DomainError(kId, "radius", m.at("radius"), "(0, inf)");
  const double Bread = parse_param(e.id, e.params[e.index_of("B_reading")], m.at("B_reading")).approx;
  // Alg 2's schedule: by default the printed eta = T^{-3/4}, delta = T^{-1/4} (MIP Thm 4), F = max |f_t| on S = 1
  auto positive = [&](const char* k, double dflt) {
    if (!m.count(k)) return dflt;
    const double v = parse_param(kId, k, m.at(k)).approx;
    if (!(v > 0) || !std::isfinite(v)) throw DomainError(kId, k, m.at(k), "(0, inf)");
    return v;
  };
  const double delta = positive("delta", std::pow(T, -0.25)), eta = positive("eta", std::pow(T, -0.75)),
               F = positive("F", 1.0);
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
      // bandit: Thm 3's C = (d/2) log(1 + d (F/delta + L)^2/sigma^2) is Thm 1's at L' = d (F/delta + L)
      const double sc[4] = {C, d, bandit ? d * (F / delta + L) : L, base};
      const fast::Value sig = fast::mip::sigma_for_C(sc);
      double bound, printed = 0;
      if (!bandit) {
        bound = finite_value(fast::mip::fixed_C_tradeoff(p.data()), "the bound");
      } else {
        // sigma below the double range: its term d sigma^2 is below 10^-600 of the others, so the smallest normal
        // double gives the bound to its last bit
        const double sigma = sig.status == fast::Status::underflow ? 0x1p-1022 : finite_value(sig, "sigma");
        // MIP Thm 4 at (eta, delta) and sigma on the ball of radius r about 0: {d, eta, delta, T, L, sigma, F, shape, c,
        // h, B_reading, which}
        std::vector<double> q{d, eta, delta, T, L, sigma, F, 0};
        q.insert(q.end(), static_cast<std::size_t>(d), 0.0);
        q.insert(q.end(), static_cast<std::size_t>(d), r);
        q.push_back(Bread);
        q.push_back(0);
        printed = finite_value(fast::mip::thm4(q.data()), "Thm 4's printed bound");
        q.back() = 1;
        bound = finite_value(fast::mip::thm4(q.data()), "Thm 4's corrected bound");
      }
      s.x.push_back(C), s.y.push_back(bound), s.err.push_back(0);
      json row{{"d", d}, {"C", C}, {"sigma", sig.status == fast::Status::ok ? json(sig.value) : json(nullptr)},
               {"ln_sigma", sig.log_abs()}, {"bound", bound}};
      if (bandit) row["bound_printed"] = printed;
      table.push_back(row);
      const std::string sig_text = sig.status == fast::Status::ok ? fmt::format("{:.6g}", sig.value)
                                                                    : fmt::format("e^{:.8g}", sig.log_abs());
      text += fmt::format("  {:>8g}  {:>10g}  {:>14}  {:>14.6g}", d, C, sig_text, bound);
      text += bandit ? fmt::format("  {:>14.6g}\n", printed) : "\n";
    }
    ser.push_back(s);
  }
  const std::string unit = base == 1 ? "bits" : "nats";
  const std::string setup = bandit ? fmt::format(
      "MIP bandit trade-off (Thm 3 with Thm 4, not printed): per-round budget C ({}), sigma(C) = d (F/delta + L)/sqrt(d "
      "expm1(2C/d)) (Thm 3's C met with equality), Thm 4's bound there at eta = {:g}, delta = {:g}, F = {:g}, corrected "
      "(F/delta, ERRATA.md E48) and as printed (F/eta); L = {:g}, T = {:g}, S the ball of radius {:g} about 0, B_reading "
      "= {} (B = {:g})",
      unit, eta, delta, F, L, T, r, m.at("B_reading"), Bread == 1 ? 2 * r : r) : fmt::format(
      "MIP trade-off (Thm 1 with Thm 2, not printed): per-round budget C ({}), sigma(C) = L/sqrt(d expm1(2C/d)), Thm 2 "
      "at eta* = B/sqrt((L^2 + d sigma^2) T): B L sqrt(T/(1 - e^{{-2C/d}})); L = {:g}, T = {:g}, S the ball of radius {:g} "
      "about 0, B_reading = {} (B = {:g}); as C -> inf the bound tends to B L sqrt(T) (no noise), for C << d it grows "
      "like B L sqrt(T d/(2C))",
      unit, L, T, r, m.at("B_reading"), Bread == 1 ? 2 * r : r);
  if (a.json) {
    print_line(summary_line("run", {{"id", kId}, {"description", setup}, {"tradeoff", table}}, 0));
  } else {
    fmt::print("privoco run mip_tradeoff: {}\n  {:>8}  {:>10}  {:>14}  {:>14}{}\n{}", setup, "d", "C", "sigma(C)",
               bandit ? "Thm 4 corrected" : "regret bound", bandit ? fmt::format("  {:>14}", "Thm 4 printed") : "", text);
  }
  if (!a.plot.empty()) {
    write_lines_svg(a.plot,
                    fmt::format("MIP: {} at a budget of mutual information, T = {:g}",
                                bandit ? "Thm 4's bound (corrected)" : "Thm 2's bound", T),
                    "budget C per round (" + unit + ")", "regret bound", ser, true);
    if (!a.json) fmt::print("  plot: {}\n", a.plot);
  }
  return 0;
}

}  // namespace privoco::oracle::mip
