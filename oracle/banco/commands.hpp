// BANCO's commands in the oracle (registered in register.cpp).
#pragma once
#include "run.hpp"

namespace privoco::oracle::banco {

int run_banco(const RunArgs& a);                   // banco (learner.cpp)
int check_banco_stream(const StreamCheckArgs& a);  // check --stream banco (learner.cpp)

}  // namespace privoco::oracle::banco
