// MIP's commands in the oracle (registered in register.cpp).
#pragma once
#include "run.hpp"

namespace privoco::oracle::mip {

int run_tradeoff(const RunArgs& a);              // mip_tradeoff (tradeoff.cpp)
int run_ogd(const RunArgs& a);                   // mip_ogd, mip_bandit (ogd.cpp)
int check_ogd_stream(const StreamCheckArgs& a);  // check --stream mip_ogd | mip_bandit (ogd.cpp)

}  // namespace privoco::oracle::mip
