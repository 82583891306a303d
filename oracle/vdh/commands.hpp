// VDH's commands in the oracle (registered in register.cpp): its learners under `privoco run` and `check --stream`,
// its samplers and direction learner, the §4 scenarios, and the report's seeded runs of them.
#pragma once
#include <vector>

#include "parts_accuracy.hpp"
#include "run.hpp"

namespace privoco::oracle::vdh {

int run_learner(const RunArgs& a);                     // alg1, alg2, alg3 (learners.cpp)
int check_learner_stream(const StreamCheckArgs& a);    // check --stream alg1 | alg2 | alg3 (learners.cpp)
int run_part(const RunArgs& a);                        // md_direction, local_laplace, l2_mech (parts.cpp)
int run_scenario(const RunArgs& a);                    // scenario1, scenario2 (scenarios.cpp)
std::vector<PartAccuracy> measure_parts(std::size_t steps, std::uint64_t seed);  // parts_accuracy.cpp

}  // namespace privoco::oracle::vdh
