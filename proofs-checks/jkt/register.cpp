// JKT's machine checks, in the order `prove --all` prints them.
#include "checks.hpp"
#include "privoco/proofs/check.hpp"

namespace privoco::proofs::jkt {

void register_paper(Registry& r) {
  for (const RegretCheck& c : pocp_checks()) r.add(c);
  for (const RegretCheck& c : igd_giga_checks()) r.add(c);
  for (const RegretCheck& c : pol_checks()) r.add(c);
  for (const RegretCheck& c : qftl_checks()) r.add(c);
  for (const RegretCheck& c : tree_checks()) r.add(c);
}

}  // namespace privoco::proofs::jkt
