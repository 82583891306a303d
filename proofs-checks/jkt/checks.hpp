// JKT's machine checks, by group (registered in register.cpp).
#pragma once
#include <vector>

#include "privoco/proofs/regret.hpp"

namespace privoco::proofs::jkt {

const std::vector<RegretCheck>& tree_checks();  // Alg 5: l.13, Thm 9, Lem 6 (tree_checks.cpp)

}  // namespace privoco::proofs::jkt
