// Errata found by comparing printed formulas with their definitions (ERRATA.md holds the same entries in prose;
// each paper's tests reproduce its own). Each paper registers its errata (reference/PAPER/register.cpp); `privoco
// report` evaluates them live.
#pragma once
#include <string>
#include <vector>

namespace privoco::reference {

struct Erratum {
  std::string key;        // E1, E2, ...
  std::string printed_id; // the ID that evaluates the printed formula
  std::string defined_id; // the ID of its definition
  std::string where;      // paper and equation
  std::string summary;    // what is wrong and the corrected form
  std::vector<std::vector<std::string>> evidence;  // exact decimal parameter sets (table order)
};

const std::vector<Erratum>& errata();  // every paper's, in registration order

// Errata that are not a printed function of an ID's parameters (a bound that fails, a printed instance of a
// derived formula): the evidence is a command that reproduces it (a certified counterexample or enclosures).
struct ClaimErratum {
  std::string key, where, summary, evidence;
};
const std::vector<ClaimErratum>& claim_errata();

}  // namespace privoco::reference
