#include "privoco/proofs/check.hpp"

#include "privoco/errors.hpp"
#include "privoco/registered.hpp"

namespace privoco::proofs {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::certified: return "certified";
    case Verdict::refuted: return "refuted";
    default: return "undecided";
  }
}

Verdict verdict_from(const std::string& text) {
  if (text == "certified") return Verdict::certified;
  if (text == "refuted") return Verdict::refuted;
  return Verdict::undecided;
}

int exit_status(Verdict v) { return v == Verdict::certified ? 0 : v == Verdict::refuted ? 1 : 3; }

CheckResult Check::run(const Params& given, const RunOptions& opt) const {
  CheckResult r;
  if (claim) {
    auto p = std::make_shared<ProverRun>();
    p->constants = constants_for(*claim, given);
    p->outcome = proofs::run(*claim, p->constants);
    if (opt.thresholds)
      for (const auto& spec : claim->constants) {
        if (given.count(spec.name) && claim->constants.size() > 1) continue;  // held fixed at the given value
        p->thresholds.push_back(threshold(*claim, spec.name, given));
      }
    for (const auto& [name, k] : p->constants) r.params[name] = k.text;
    r.verdict = verdict_from(p->outcome.verdict);
    r.seconds = p->outcome.seconds;
    r.prover = std::move(p);
    return r;
  }
  r.params = defaults;
  for (const auto& [name, value] : given) r.params[name] = value;
  if (privacy) {
    auto o = std::make_shared<PrivacyOutcome>(privacy->run(r.params, opt.seed));
    r.verdict = verdict_from(o->verdict);
    r.privacy = std::move(o);
  } else {
    auto o = std::make_shared<RegretOutcome>(regret->run(r.params, opt.seed));
    r.verdict = verdict_from(o->verdict);
    r.seconds = o->seconds;
    r.regret = std::move(o);
  }
  return r;
}

void Registry::add(const Claim& c) {
  Check k{c.id, c.citation, c.statement, {}};
  for (const auto& s : c.constants) k.defaults[s.name] = s.printed;
  k.claim = &c;
  checks.push_back(std::move(k));
}

void Registry::add(const PrivacyCheck& c) {
  Check k{c.id, c.citation, c.statement, c.defaults};
  k.privacy = &c;
  checks.push_back(std::move(k));
}

void Registry::add(const RegretCheck& c) {
  Check k{c.id, c.citation, c.statement, c.defaults};
  k.regret = &c;
  checks.push_back(std::move(k));
}

void register_papers(Registry& r);  // papers.cpp, generated from PRIVOCO_PAPERS

const std::vector<Check>& checks() {
  return registered<Registry, register_papers>().checks;
}

const Check* find_check(const std::string& id) {
  for (const Check& c : checks())
    if (c.id == id) return &c;
  return nullptr;
}

const Check& check(const std::string& id) {
  if (const Check* c = find_check(id)) return *c;
  throw UnknownId(id, "no machine check for this ID");
}

const Claim& claim(const std::string& id) {
  const Check* c = find_check(id);
  if (!c || !c->claim) throw UnknownId(id, "no machine check for this ID");
  return *c->claim;
}

const PrivacyCheck* find_privacy_check(const std::string& id) {
  const Check* c = find_check(id);
  return c ? c->privacy : nullptr;
}

const RegretCheck* find_regret_check(const std::string& id) {
  const Check* c = find_check(id);
  return c ? c->regret : nullptr;
}

}  // namespace privoco::proofs
