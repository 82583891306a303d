#include "stream_check.hpp"

#include <fmt/core.h>

#include "output.hpp"

namespace privoco::oracle {

StreamVerdicts::StreamVerdicts(const StreamCheckArgs& a, std::string id, std::string source, bool vector)
    : a_(a), id_(std::move(id)), source_(std::move(source)), vector_(vector), junit_(a.junit) {}

void StreamVerdicts::add(const Verdict& v, std::size_t step, std::size_t coord) {
  const std::string where = vector_ ? fmt::format(" coordinate {}", coord + 1) : "";
  ++judged_;
  if (v.verdict == "pass") ++passed_;
  else ++failed_;
  if (junit_.active()) {
    JUnitCase c;
    c.classname = "privoco.check.stream." + id_;
    c.name = fmt::format("line {}: step {}{}", v.line, step, where);
    if (v.verdict != "pass") {
      c.outcome = JUnitCase::Outcome::failure;
      c.message = fmt::format("{}: claimed {}, certified {} ({:.3g} ulp)", v.verdict, v.claimed, v.certified, v.ulps);
      c.detail = v.reason;
    }
    junit_.add("privoco check " + source_ + " --stream " + id_, c);
  }
  if (v.verdict != "pass" && first_step_ == 0) first_ = v, first_step_ = step;
  if (!a_.all && v.verdict == "pass") return;
  if (a_.json) {
    print_line(json{{"record", "step"}, {"line", v.line}, {"id", id_}, {"step", step}, {"coordinate", coord + 1},
                    {"verdict", v.verdict}, {"claimed", v.claimed}, {"certified", v.certified}, {"digits", v.digits},
                    {"ulps", num_or_inf(v.ulps)}, {"rel_err", num_or_inf(v.rel_err)}, {"wrong_sign", v.wrong_sign},
                    {"reason", v.reason}});
  } else {
    fmt::print("{}:{}: step {}{}: {} claimed {}{}\n", source_, v.line, step, where, v.verdict, v.claimed,
               v.verdict == "pass" ? fmt::format(" ({:.3g} ulp)", v.ulps)
                                   : fmt::format(": certified {} ({} digits), {:.3g} ulp{}", v.certified, v.digits,
                                                 v.ulps, v.reason.empty() ? "" : ", " + v.reason));
  }
}

int StreamVerdicts::finish(std::size_t steps, nlohmann::ordered_json extra) {
  junit_.write();
  if (a_.json) {
    json s{{"id", id_}, {"steps", steps}, {"predictions", judged_}, {"passed", passed_}, {"failed", failed_}};
    for (auto& [k, v] : extra.items()) s[k] = v;
    if (first_step_) s["first_disagreement"] = {{"step", first_step_}, {"line", first_.line}, {"reason", first_.reason}};
    print_line(summary_line("check", s, failed_ ? 1 : 0));
  } else {
    fmt::print("summary: {} steps, {} predictions: {} passed, {} failed", steps, judged_, passed_, failed_);
    if (first_step_) fmt::print("; first disagreement at step {} (line {}: {})", first_step_, first_.line, first_.params);
    fmt::print("\n");
  }
  return failed_ ? 1 : 0;
}

}  // namespace privoco::oracle
