// JKT's commands in the oracle: what `privoco run` accepts.
#include "commands.hpp"
#include "registry.hpp"

#include <utility>

namespace privoco::oracle::jkt {

void register_paper(Registry& r) {
  r.runs.push_back({{"private_sum", "JKT.alg.private_sum"}, run_private_sum, nullptr,
                    {"--gradients", "--impl", "--digits", "--out", "--seed", "--state-in", "--state-out", "--json"}});
  r.runs.push_back({{"pocp", "JKT.alg.pocp"}, run_pocp, check_pocp_stream,
                    {"--gradients", "--impl", "--digits", "--out", "--seed", "--state-in", "--state-out", "--json"}});
  for (auto [name, id] : {std::pair<const char*, const char*>{"pigd", "JKT.alg.igd_update"}, {"pgiga", "JKT.alg.giga_update"}})
    r.runs.push_back({{name, id}, run_ocp, check_ocp_stream,
                      {"--gradients", "--impl", "--digits", "--out", "--seed", "--state-in", "--state-out", "--json"}});
  for (auto [name, id] : {std::pair<const char*, const char*>{"pqftl", "JKT.alg.qftl"}, {"ftl", "JKT.alg.ftl"}})
    r.runs.push_back({{name, id}, run_qftl, check_qftl_stream,
                      {"--gradients", "--impl", "--digits", "--out", "--seed", "--state-in", "--state-out", "--json"}});
  r.runs.push_back({{"pol", "JKT.alg.pol"}, run_pol, check_pol_stream, {"--gradients", "--impl", "--digits", "--out", "--seed", "--json"}});
  r.runs.push_back({{"olr", "JKT.const.experiments"}, run_olr, nullptr, {"--T", "--seeds", "--seed", "--plot", "--json"}});
  r.runs.push_back({{"olc", "JKT.const.experiments"}, run_olc, nullptr, {"--gradients", "--seeds", "--seed", "--plot", "--json"}});
  r.report_parts.push_back(measure_parts);
}

}  // namespace privoco::oracle::jkt
