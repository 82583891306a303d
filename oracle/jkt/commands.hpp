// JKT's commands in the oracle (registered in register.cpp): Alg 5 under `privoco run`.
#pragma once
#include "run.hpp"

namespace privoco::oracle::jkt {

int run_private_sum(const RunArgs& a);  // private_sum (private_sum.cpp)
int run_ocp(const RunArgs& a);          // pigd, pgiga (learners.cpp)
int check_ocp_stream(const StreamCheckArgs& a);  // check --stream pigd|pgiga (learners.cpp)
int run_olr(const RunArgs& a);                   // the Sec 5.1 preset (olr.cpp)

}  // namespace privoco::oracle::jkt
