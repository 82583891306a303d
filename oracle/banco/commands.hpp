// BANCO's commands in the oracle (registered in register.cpp).
#pragma once
#include <cstdint>
#include <vector>

#include "parts_accuracy.hpp"
#include "run.hpp"

namespace privoco::oracle::banco {

int run_banco(const RunArgs& a);                   // banco (learner.cpp)
int check_banco_stream(const StreamCheckArgs& a);  // check --stream banco (learner.cpp)
// the report's seeded runs of Alg 1 against its replay (parts_accuracy.cpp)
std::vector<PartAccuracy> measure_parts(std::size_t steps, std::uint64_t seed);

}  // namespace privoco::oracle::banco
