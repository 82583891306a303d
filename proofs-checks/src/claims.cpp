#include <chrono>
#include <cmath>

#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/proofs/claims.hpp"

namespace privoco::proofs {

Constant Constant::parse(const std::string& id, const std::string& name, const std::string& text) {
  Decimal d = parse_param(id, name, text);
  Constant c;
  c.text = d.text;
  c.approx = d.approx;
  if (!std::isfinite(c.approx)) throw ParamError(id, name, "'" + text + "' is outside the double range");
  arb_set_str(c.ball.get(), d.text.c_str(), kPrec);
  return c;
}

Constant Constant::of(double x) {
  Constant c;
  c.text = text17(x);
  c.approx = x;
  arb_set_d(c.ball.get(), x);
  return c;
}

Constants constants_for(const Claim& c, const std::map<std::string, std::string>& overrides) {
  Constants k;
  for (const auto& s : c.constants) k[s.name] = Constant::parse(c.id, s.name, s.printed);
  for (const auto& [name, text] : overrides) {
    bool known = false;
    for (const auto& s : c.constants) known |= s.name == name;
    if (!known) {
      std::string names;
      for (const auto& s : c.constants) names += (names.empty() ? "" : ", ") + s.name;
      throw ParamError(c.id, name, "not a constant of this claim (" + (names.empty() ? "it has none" : names) + ")");
    }
    k[name] = Constant::parse(c.id, name, text);
  }
  return k;
}

Outcome run(const Claim& c, const Constants& k, const Budget& b) {
  Problem p;
  Outcome decided;
  if (!c.build(k, &p, &decided)) return decided;
  return prove(p, b);
}

Threshold threshold(const Claim& c, const std::string& param, const std::map<std::string, std::string>& overrides,
                    double tol, const Budget& b) {
  const ConstantSpec* spec = nullptr;
  for (const auto& s : c.constants)
    if (s.name == param) spec = &s;
  if (!spec) throw ParamError(c.id, param, "not a constant of this claim");
  const auto t0 = std::chrono::steady_clock::now();
  Threshold t;
  t.param = param;
  t.printed = spec->printed;
  t.direction = spec->direction;
  Constants k = constants_for(c, overrides);
  auto verdict_at = [&](double v) {
    k[param] = Constant::of(v);
    return run(c, k, b).verdict;
  };
  double good = k.at(param).approx, bad = Constant::parse(c.id, param, spec->far).approx;
  const std::string v0 = verdict_at(good);
  if (v0 != "certified") {
    t.stopped = "the claim is " + v0 + " at its starting value " + k.at(param).text;
    t.lo = t.hi = good;
    return t;
  }
  if (verdict_at(bad) == "certified") {
    t.whole_range = true;
  } else {
    while (std::fabs(bad - good) > tol && t.steps < 200) {
      ++t.steps;
      const double mid = 0.5 * (good + bad);
      const std::string v = verdict_at(mid);
      if (v == "certified") good = mid;
      else if (v == "refuted") bad = mid;
      else {
        t.stopped = "undecided at " + param + " = " + Constant::of(mid).text;
        break;
      }
    }
  }
  t.lo = std::min(good, bad);
  t.hi = std::max(good, bad);
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return t;
}

}  // namespace privoco::proofs
