// JKT's commands in the oracle: what `privoco run` accepts.
#include "commands.hpp"
#include "registry.hpp"

namespace privoco::oracle::jkt {

void register_paper(Registry& r) {
  r.runs.push_back({{"private_sum", "JKT.alg.private_sum"}, run_private_sum, nullptr,
                    {"--gradients", "--impl", "--digits", "--out", "--seed", "--state-in", "--state-out", "--json"}});
}

}  // namespace privoco::oracle::jkt
