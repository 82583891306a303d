// MIP's commands in the oracle (registered in register.cpp).
#pragma once
#include <cstdint>
#include <vector>

#include "parts_accuracy.hpp"
#include "run.hpp"

namespace privoco::oracle::mip {

int run_tradeoff(const RunArgs& a);              // mip_tradeoff (tradeoff.cpp)
int run_ogd(const RunArgs& a);                   // mip_ogd, mip_bandit (ogd.cpp)
int check_ogd_stream(const StreamCheckArgs& a);  // check --stream mip_ogd | mip_bandit (ogd.cpp)
// the report's seeded runs of Alg 1 and Alg 2 against their replay (parts_accuracy.cpp)
std::vector<PartAccuracy> measure_parts(std::size_t steps, std::uint64_t seed);

}  // namespace privoco::oracle::mip
