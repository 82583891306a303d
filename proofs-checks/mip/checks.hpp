// MIP's machine checks (checks.cpp, noise.cpp), registered in register.cpp.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "privoco/proofs/regret.hpp"

namespace privoco::proofs::mip {

const std::vector<RegretCheck>& mip_checks();  // Thm 1, Thm 3, sigma(C), Thm 2's eta*, Thm 4's schedule, the noise
// MIP.noise.gaussian (noise.cpp): the draws' map certified, their law and independence tested
RegretOutcome noise_gaussian(const std::map<std::string, std::string>& given, std::uint64_t seed);

}  // namespace privoco::proofs::mip
