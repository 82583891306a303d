// VDH's machine checks, by method (each list is defined beside its checks); register.cpp registers them in this
// order, which is the order of `prove --all`.
#pragma once
#include <vector>

#include "privoco/proofs/claims.hpp"
#include "privoco/proofs/privacy.hpp"
#include "privoco/proofs/regret.hpp"

namespace privoco::proofs::vdh {

const std::vector<Claim>& claims();                     // scalar lemmas, branch-and-bound (lemmas.cpp)
const std::vector<PrivacyCheck>& privacy_checks();      // privacy.cpp
const std::vector<RegretCheck>& regret_checks();        // regret bounds against simulation (regret.cpp)
const std::vector<RegretCheck>& conj_checks();          // conjugate bounds against the computed conjugate
const std::vector<RegretCheck>& lower_bound_checks();   // printed lower bounds on a potential, line by line
const std::vector<RegretCheck>& definition_checks();    // VDH.pot.def, VDH.pred.def, VDH.alg.protocol

}  // namespace privoco::proofs::vdh
