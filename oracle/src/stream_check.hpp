// check FILE --stream ALG: how every learner's replay reports its verdicts, one way for all of them: each judged
// value (a prediction, a released point's coordinate) as a text line or a JSON "step" record (failing ones, all
// with --all) and a JUnit case; the summary names the first step that disagrees; the exit code.
#pragma once
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "judge.hpp"
#include "junit.hpp"
#include "run.hpp"

namespace privoco::oracle {

class StreamVerdicts {
 public:
  // vector: the learner's values have coordinates (printed with each step)
  StreamVerdicts(const StreamCheckArgs& a, std::string id, std::string source, bool vector);
  // one judged value of step `step` (1-based), coordinate `coord` (0-based; ignored for scalar learners)
  void add(const Verdict& v, std::size_t step, std::size_t coord);
  // prints the summary (steps, predictions, passed, failed, first_disagreement, plus `extra`), writes the JUnit
  // file; returns the exit code (1 if any value failed)
  int finish(std::size_t steps, nlohmann::ordered_json extra = nlohmann::ordered_json::object());

 private:
  const StreamCheckArgs& a_;
  std::string id_, source_;
  bool vector_;
  std::size_t judged_ = 0, passed_ = 0, failed_ = 0, first_step_ = 0;
  Verdict first_;
  JUnitWriter junit_;
};

}  // namespace privoco::oracle
