// BANCO's commands in the oracle: what `privoco run` accepts.
#include "commands.hpp"
#include "registry.hpp"

namespace privoco::oracle::banco {

void register_paper(Registry& r) {
  r.runs.push_back({{"banco", "BANCO.alg.banco"}, run_banco, check_banco_stream,
                    {"--gradients", "--impl", "--digits", "--out", "--seed", "--state-in", "--state-out", "--json", "--u"}});
  r.report_parts.push_back(measure_parts);
}

}  // namespace privoco::oracle::banco
