// VDH's machine checks, in the order `prove --all` prints them.
#include "checks.hpp"
#include "privoco/proofs/check.hpp"

namespace privoco::proofs::vdh {

void register_paper(Registry& r) {
  for (const Claim& c : claims()) r.add(c);
  for (const PrivacyCheck& c : privacy_checks()) r.add(c);
  for (const auto* list : {&regret_checks(), &conj_checks(), &lower_bound_checks(), &definition_checks()})
    for (const RegretCheck& c : *list) r.add(c);
}

}  // namespace privoco::proofs::vdh
