// MIP's machine checks, in the order `prove --all` prints them.
#include "checks.hpp"
#include "privoco/proofs/check.hpp"

namespace privoco::proofs::mip {

void register_paper(Registry& r) {
  for (const RegretCheck& c : mip_checks()) r.add(c);
}

}  // namespace privoco::proofs::mip
