#include "learner_support.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "privoco/assignments.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/evaluate.hpp"

namespace privoco::oracle {

// The columns NAME or NAME1..NAMEd of a row (empty if neither)
std::vector<std::string> vector_columns(const Row& row, const std::string& name) {
  if (row.find(name)) return {name};
  std::vector<std::string> c;
  for (int j = 1; row.find(name + std::to_string(j)); ++j) c.push_back(name + std::to_string(j));
  return c;
}

// A reading's index among its entry's choices (the name was checked by parse_param)
int reading(const Entry& e, const std::map<std::string, std::string>& m, const char* name) {
  const ParamSpec& p = e.params[e.index_of(name)];
  return static_cast<int>(parse_param(e.id, p, m.at(name)).approx);
}

RunParams parse_run_params(const Entry& e, const RunArgs& a, const std::vector<std::string>& extra) {
  std::vector<std::string> names, required;
  std::map<std::string, std::string> defaults;
  for (const auto& p : e.params) {
    names.push_back(p.name);
    if (!p.choices.empty()) defaults[p.name] = p.choices[0];
    else required.push_back(p.name);
  }
  names.insert(names.end(), extra.begin(), extra.end());
  RunParams r;
  r.m = parse_named(e.id, a.assignments, defaults, &names, required);
  for (std::size_t i = 0; i < e.params.size(); ++i) {
    if (!e.params[i].choices.empty()) {
      (void)reading(e, r.m, e.params[i].name.c_str());  // a name outside the choices is refused here
      continue;
    }
    r.num[e.params[i].name] = parse_param(e.id, e.params[i], r.m.at(e.params[i].name));
    check_param(e, i, r.num[e.params[i].name]);
  }
  return r;
}

RunArgs replay_args(const Entry& e, const StreamCheckArgs& a) {
  RunArgs ra;
  ra.alg = e.id, ra.impl = "reference";
  for (const auto& s : a.assignments) {
    if (s.rfind("seed=", 0) != 0) {
      ra.assignments.push_back(s);
      continue;
    }
    const Decimal seed = parse_param(e.id, "seed", s.substr(5));
    if (seed.sign < 0 || seed.approx != std::floor(seed.approx) || seed.approx >= 0x1p64)
      throw ParamError(e.id, "seed", "'" + seed.text + "' (an integer in [0, 2^64))");
    ra.seed = static_cast<std::uint64_t>(seed.approx);
  }
  return ra;
}

std::string tolerance_text(const Tolerance& tol) {
  return tol.kind == Tolerance::Kind::ulps ? fmt::format("{:g} ulp", tol.value) : fmt::format("{:g}", tol.value);
}

// A released coordinate judged at the scale of C: |claimed - true| against the tolerance in ulps of the radius (or
// relative to it). A coordinate of a point on the sphere carries the point's rounding, not its own: near 0 it is
// ill-conditioned, and a per-coordinate relative measure would fail correct programs there.
Verdict judge_at_scale(Verdict v, const Tolerance& tol, double radius, const reference::Ball& x, int digits) {
  const reference::Certified c = reference::certify_ball(x, digits, v.id);
  v.certified = reference::arb_mid_string(c.ball.get(), std::max(17, std::min(c.digits, 40)));
  v.digits = c.digits;
  const reference::ClaimError ce = reference::claim_error(c, v.claimed);
  if (!ce.parsed || ce.claimed_nan || ce.claimed_inf) {
    v.verdict = "fail";
    v.reason = ce.parsed ? "not a finite number" : "value '" + v.claimed + "' is not a number";
    v.ulps = v.rel_err = INFINITY;
    return v;
  }
  reference::Ball claimed, diff, unit;
  arb_set_str(claimed, v.claimed.c_str(), 512);
  arb_sub(diff, claimed, c.ball.get(), 512);
  arb_abs(diff, diff);
  // the unit: ulp(radius) = 2^(e - 52) (--ulps), or the radius itself (--rel)
  if (tol.kind == Tolerance::Kind::ulps) arb_set_d(unit, std::ldexp(1.0, std::ilogb(radius) - 52));
  else arb_set_d(unit, radius);
  arb_div(diff, diff, unit, 512);
  arf_t hi, lo;
  arf_init(hi), arf_init(lo);
  arb_get_ubound_arf(hi, diff, 53);
  arb_get_lbound_arf(lo, diff, 53);
  const double up = arf_get_d(hi, ARF_RND_UP), down = arf_get_d(lo, ARF_RND_DOWN);
  arf_clear(hi), arf_clear(lo);
  v.ulps = tol.kind == Tolerance::Kind::ulps ? up : up * radius / std::ldexp(1.0, std::ilogb(radius) - 52);
  v.rel_err = ce.rel_hi;
  v.wrong_sign = false;
  v.verdict = up <= tol.value ? "pass" : "fail";
  if (v.verdict == "fail")
    v.reason = down > tol.value ? "outside tolerance" : "within rounding of the tolerance at " + std::to_string(c.digits) + " digits";
  return v;
}

}  // namespace privoco::oracle
