// Pieces every paper's streaming learners share in `privoco run` and `check --stream`: vector columns, a run's
// parameters against its entry's table, the replay of a stream check, and a released point judged at a scale.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "judge.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/reference/ball.hpp"
#include "rows.hpp"
#include "run.hpp"

namespace privoco::oracle {

// the columns NAME or NAME1..NAMEd of a row (empty if neither)
std::vector<std::string> vector_columns(const Row& row, const std::string& name);
// a run's name=value assignments against its entry's table: readings by name (default the first choice, a name
// outside the choices refused) and numbers (parsed and checked against their domains); `extra` names also accepted
struct RunParams {
  std::map<std::string, std::string> m;
  std::map<std::string, Decimal> num;
};
RunParams parse_run_params(const Entry& e, const RunArgs& a, const std::vector<std::string>& extra = {});
// a stream check's replay: the run's assignments with seed= taken out as the seed, the reference implementation
RunArgs replay_args(const Entry& e, const StreamCheckArgs& a);
// a reading's index among its entry's choices (the name was checked by parse_param)
int reading(const Entry& e, const std::map<std::string, std::string>& m, const char* name);
// a tolerance as the stream checks print it: "N ulp" (--ulps) or "R" (--rel)
std::string tolerance_text(const Tolerance& tol);
// a released coordinate judged at a scale (the radius of C, or the size of the point): |claimed - true| against the
// tolerance in ulps of the scale (or relative to it)
Verdict judge_at_scale(Verdict v, const Tolerance& tol, double scale, const reference::Ball& x, int digits);

}  // namespace privoco::oracle
