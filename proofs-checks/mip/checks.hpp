// MIP's machine checks (checks.cpp), registered in register.cpp.
#pragma once
#include <vector>

#include "privoco/proofs/regret.hpp"

namespace privoco::proofs::mip {

const std::vector<RegretCheck>& mip_checks();  // Thm 1, Thm 3, sigma(C), Thm 2's eta*, Thm 4's schedule

}  // namespace privoco::proofs::mip
