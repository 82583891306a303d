// JKT's machine checks, by group (registered in register.cpp).
#pragma once
#include <vector>

#include "privoco/proofs/regret.hpp"

namespace privoco::proofs::jkt {

const std::vector<RegretCheck>& pocp_checks();  // Alg 1: Lem 1, Thm 1 (pocp_checks.cpp)
const std::vector<RegretCheck>& tree_checks();
const std::vector<RegretCheck>& igd_giga_checks();
const std::vector<RegretCheck>& pol_checks();       // Alg 6: Eq (35), Thm 10 (pol_checks.cpp)
const std::vector<RegretCheck>& qftl_checks();      // Eq (1) for QFTL, Sec 3.5 (qftl_checks.cpp)  // Alg 2, 3: Sec 2.3, Lem 4, Lem 5, Thm 3, Thm 5 (igd_giga_checks.cpp)  // Alg 5: l.13, Thm 9, Lem 6 (tree_checks.cpp)

}  // namespace privoco::proofs::jkt
