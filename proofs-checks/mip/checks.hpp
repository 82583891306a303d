// MIP's machine checks (checks.cpp, noise.cpp, estimator.cpp, regret.cpp), registered in register.cpp.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "privoco/mip/ogd.hpp"
#include "privoco/proofs/regret.hpp"

namespace privoco::proofs::mip {

const std::vector<RegretCheck>& mip_checks();  // Thm 1, Thm 3, sigma(C), Thm 2's eta*, Thm 4's schedule, the noise
// MIP.noise.gaussian (noise.cpp): the draws' map certified, their law and independence tested
RegretOutcome noise_gaussian(const std::map<std::string, std::string>& given, std::uint64_t seed);
// A reading of a check's parameters: `name` among `choices` (the first the default); ParamError naming id otherwise
std::string reading_of(const char* id, const std::map<std::string, std::string>& given, const char* name,
                       const std::vector<std::string>& choices);

// Simulated regret of privoco's fast learners (regret.cpp) over seeded streams of linear losses with ||g_t|| = L:
// the mean realised regret of `seeds` runs (seeds derived from `master`) and its standard error
enum class SimStream { fixed = 0, random_signs = 1, switching = 2 };
struct SimResult {
  double mean = 0, se = 0;
};
SimResult simulate(privoco::mip::OgdConfig c, SimStream stream, int seeds, std::uint64_t master);
const char* stream_name(SimStream s);
// MIP.bound.thm4 (regret.cpp): the argument, a pathwise counterexample, simulation lines
RegretOutcome thm4(const std::map<std::string, std::string>& given, std::uint64_t seed);
// MIP.const.regret_def (regret.cpp): the comparator's closed forms attained and never undercut
RegretOutcome regret_def(const std::map<std::string, std::string>& given, std::uint64_t seed);

// MIP.pred.bandit_estimator (estimator.cpp): the one-point estimate's mean, norm and second moment
RegretOutcome bandit_estimator(const std::map<std::string, std::string>& given, std::uint64_t seed);

}  // namespace privoco::proofs::mip
