// The papers' scalar claims as bounded problems for the prover, with their reductions and tail arguments
// written beside them, and the threshold search for their constants.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "privoco/proofs/prover.hpp"

namespace privoco::proofs {

// A claim constant: exact decimal text and its ball.
struct Constant {
  std::string text;
  Ball ball;
  double approx = 0;
  static Constant parse(const std::string& id, const std::string& name, const std::string& text);
  static Constant of(double x);  // the exact double x
};
using Constants = std::map<std::string, Constant>;

struct ConstantSpec {
  std::string name;
  std::string printed;    // the paper's value (decimal text)
  std::string direction;  // "min": the least value for which the claim holds; "max": the greatest
  std::string far;        // the other end of the threshold search
};

struct Claim {
  std::string id, citation, statement, reduction, tail;
  std::vector<ConstantSpec> constants;
  std::vector<std::string> vars;  // names of the prover's coordinates (for counterexamples)
  // Builds the bounded problem; returns false with *decided set when the tail argument or a side condition
  // already decides (or cannot be certified: undecided).
  std::function<bool(const Constants&, Problem*, Outcome*)> build;
};

// The printed constants, overridden by `overrides` (name -> decimal text); ParamError for unknown names.
Constants constants_for(const Claim& c, const std::map<std::string, std::string>& overrides);

Outcome run(const Claim& c, const Constants& k, const Budget& b = {});

struct Threshold {
  std::string param, printed, direction;
  double lo = 0, hi = 0;  // the best constant lies in [lo, hi] (certified side and refuted side)
  bool whole_range = false;  // holds at the far end of the search too: no threshold inside the range searched
  std::string stopped;       // non-empty: the search stopped on an undecided verdict (the interval is still valid)
  int steps = 0;
  double seconds = 0;
};

Threshold threshold(const Claim& c, const std::string& param, const std::map<std::string, std::string>& overrides,
                    double tol = 1e-7, const Budget& b = {});

}  // namespace privoco::proofs
