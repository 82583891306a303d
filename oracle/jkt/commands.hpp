// JKT's commands in the oracle (registered in register.cpp): Alg 5, PIGD, PGIGA and the Sec 5.1 preset under
// `privoco run`, the learners' stream checks, and their runs in the report.
#pragma once
#include "parts_accuracy.hpp"
#include "run.hpp"

namespace privoco::oracle::jkt {

int run_private_sum(const RunArgs& a);  // private_sum (private_sum.cpp)
int run_ocp(const RunArgs& a);          // pigd, pgiga (learners.cpp)
int check_ocp_stream(const StreamCheckArgs& a);  // check --stream pigd|pgiga (learners.cpp)
int run_olr(const RunArgs& a);                   // the Sec 5.1 preset (olr.cpp)
// the report's seeded runs of PIGD and PGIGA against their replay (parts_accuracy.cpp)
std::vector<PartAccuracy> measure_parts(std::size_t steps, std::uint64_t seed);

}  // namespace privoco::oracle::jkt
