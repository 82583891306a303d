// What a paper registers with the reference part (reference/PAPER/register.cpp: void PAPER::register_paper(Registry&)):
// its IDs' certified ball functions and the errata found in it.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "privoco/reference/errata.hpp"
#include "privoco/reference/evaluate.hpp"

namespace privoco::reference {

struct Registry {
  std::vector<std::pair<std::string, BallFn>> functions;
  std::vector<Erratum> errata;
  std::vector<ClaimErratum> claim_errata;
  void add(std::string id, BallFn fn) { functions.emplace_back(std::move(id), fn); }
};

// Every paper's registration, made once (papers in PRIVOCO_PAPERS order).
const Registry& registry();

}  // namespace privoco::reference
