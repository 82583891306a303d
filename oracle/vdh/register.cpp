// VDH's commands in the oracle: what `privoco run` and `check --stream` accept, and the report's learner runs.
#include "commands.hpp"
#include "registry.hpp"

namespace privoco::oracle::vdh {

void register_paper(Registry& r) {
  for (const char* alg : {"alg1", "alg2", "alg3"})
    r.runs.push_back({{alg, std::string("VDH.alg.") + alg}, run_learner, check_learner_stream});
  for (const char* part : {"md_direction", "local_laplace", "l2_mech"})
    r.runs.push_back({{part, std::string("VDH.alg.") + part}, run_part, nullptr});
  for (const char* preset : {"scenario1", "scenario2"}) r.runs.push_back({{preset}, run_scenario, nullptr});
  r.report_parts.push_back(measure_parts);
}

}  // namespace privoco::oracle::vdh
