// JKT's commands in the oracle (registered in register.cpp): Alg 5, PIGD, PGIGA and the Sec 5.1 preset under
// `privoco run`, the learners' stream checks, and their runs in the report.
#pragma once
#include "learner_support.hpp"
#include "parts_accuracy.hpp"
#include "judge.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/jkt/ocp.hpp"
#include "privoco/reference/ball.hpp"
#include "rows.hpp"
#include "run.hpp"

#include <map>
#include <string>
#include <vector>

namespace privoco::oracle::jkt {

int run_private_sum(const RunArgs& a);  // private_sum (private_sum.cpp)
int run_ocp(const RunArgs& a);          // pigd, pgiga (learners.cpp)
int check_ocp_stream(const StreamCheckArgs& a);  // check --stream pigd|pgiga (learners.cpp)
int run_olr(const RunArgs& a);                   // the Sec 5.1 preset (olr.cpp)
int run_olc(const RunArgs& a);                   // olc: JKT Sec 5.2's preset on supplied data (olc.cpp)
int run_pol(const RunArgs& a);                   // pol (pol.cpp)
int run_qftl(const RunArgs& a);                  // pqftl (qftl.cpp)
int check_qftl_stream(const StreamCheckArgs& a);  // check --stream pqftl (qftl.cpp)
int check_pol_stream(const StreamCheckArgs& a);  // check --stream pol (pol.cpp)
int run_pocp(const RunArgs& a);                  // pocp (pocp.cpp)
int check_pocp_stream(const StreamCheckArgs& a);  // check --stream pocp (pocp.cpp)

// f_t of a loss family in words (privoco/jkt/ocp.hpp), for the runs' summaries
const char* loss_text(privoco::jkt::OcpLoss loss);

// the report's seeded runs of PIGD and PGIGA against their replay (parts_accuracy.cpp)
std::vector<PartAccuracy> measure_parts(std::size_t steps, std::uint64_t seed);

}  // namespace privoco::oracle::jkt
