// MIP's commands in the oracle: what `privoco run` accepts.
#include "commands.hpp"
#include "registry.hpp"

#include <utility>

namespace privoco::oracle::mip {

void register_paper(Registry& r) {
  r.runs.push_back({{"mip_tradeoff", "MIP.bound.fixed_C_tradeoff"}, run_tradeoff, nullptr, {"--plot", "--json"}});
  for (auto [name, id] : {std::pair<const char*, const char*>{"mip_ogd", "MIP.alg.full_info"}, {"mip_bandit", "MIP.alg.bandit"}})
    r.runs.push_back({{name, id}, run_ogd, check_ogd_stream,
                      {"--gradients", "--impl", "--digits", "--out", "--seed", "--state-in", "--state-out", "--json"}});
  r.report_parts.push_back(measure_parts);
}

}  // namespace privoco::oracle::mip
