// BANCO's machine checks (checks.cpp: k1; noise_checks.cpp: the Laplace-l2 noise's constants; magnitude_checks.cpp: the one-round inequality), registered in checks.cpp.
#pragma once
#include <cstdint>
#include <map>
#include <string>

#include "privoco/proofs/regret.hpp"

namespace privoco::proofs::banco {

RegretOutcome second_moment(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome subexp_params(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome gaussian_example(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome sigma_relation(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome laplace_ldp(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome tuning_cost(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome decomposition(const std::map<std::string, std::string>& given, std::uint64_t seed);  // direction_checks.cpp
RegretOutcome direction_pathwise(const std::map<std::string, std::string>& given, std::uint64_t seed);  // direction_checks.cpp
RegretOutcome per_beta(const std::map<std::string, std::string>& given, std::uint64_t seed);  // magnitude_checks.cpp
RegretOutcome potential_step(const std::map<std::string, std::string>& given, std::uint64_t seed);  // potential_checks.cpp
RegretOutcome magnitude_exact(const std::map<std::string, std::string>& given, std::uint64_t seed);  // potential_checks.cpp
// definition_checks.cpp
RegretOutcome laplace_l2(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome noisy_oracle(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome eq1_variance(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome eq2_subexp(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome ldp_def(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome wealth(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome direction(const std::map<std::string, std::string>& given, std::uint64_t seed);
RegretOutcome regret_explicit(const std::map<std::string, std::string>& given, std::uint64_t seed);  // regret_checks.cpp
RegretOutcome magnitude_O(const std::map<std::string, std::string>& given, std::uint64_t seed);  // regret_checks.cpp
RegretOutcome direction_O(const std::map<std::string, std::string>& given, std::uint64_t seed);  // regret_checks.cpp
RegretOutcome sgd_baseline(const std::map<std::string, std::string>& given, std::uint64_t seed);  // regret_checks.cpp
RegretOutcome thm2(const std::map<std::string, std::string>& given, std::uint64_t seed);  // regret_checks.cpp
RegretOutcome wealth_lower(const std::map<std::string, std::string>& given, std::uint64_t seed);  // potential_checks.cpp

}  // namespace privoco::proofs::banco
