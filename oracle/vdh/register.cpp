// VDH's commands in the oracle: what `privoco run` and `check --stream` accept, and the report's learner runs.
#include "commands.hpp"
#include "registry.hpp"

namespace privoco::oracle::vdh {

void register_paper(Registry& r) {
  for (const char* alg : {"alg1", "alg2", "alg3"})
    r.runs.push_back({{alg, std::string("VDH.alg.") + alg}, run_learner, check_learner_stream,
                      {"--gradients", "--prior", "--impl", "--digits", "--out", "--u", "--state-in", "--state-out", "--json"}});
  r.runs.push_back({{"md_direction", "VDH.alg.md_direction"}, run_part, nullptr,
                    {"--gradients", "--impl", "--digits", "--out", "--json"}});
  for (const char* part : {"local_laplace", "l2_mech"})
    r.runs.push_back({{part, std::string("VDH.alg.") + part}, run_part, nullptr,
                      {"--T", "--seed", "--impl", "--digits", "--out", "--json"}});
  for (const char* preset : {"scenario1", "scenario2"})
    r.runs.push_back({{preset}, run_scenario, nullptr, {"--T", "--seeds", "--seed", "--plot", "--log-log", "--json"}});
  r.report_parts.push_back(measure_parts);
}

}  // namespace privoco::oracle::vdh
