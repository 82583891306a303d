// The table of catalogue IDs, parameters, domains and citations: each paper registers its entries from its own
// file (core/src/catalogue/PAPER.cpp); reference/, fast/, proofs-checks/ and oracle/ all read this one table.
#pragma once
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace privoco {

// An interval of the real line with open/closed ends; infinite ends are always open.
struct Domain {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  bool lo_closed = false;
  bool hi_closed = false;
  std::string text() const;  // e.g. "[0, inf)"
  bool contains(double x) const {  // false for NaN
    if (!(lo_closed ? x >= lo : x > lo)) return false;
    return hi_closed ? x <= hi : x < hi;
  }
};

// How `report`, `compare` and `sample` draw a parameter: |x| log-uniform in [sample_min, sample_max], a random
// sign where the domain allows it, and exactly 0 with probability sample_zero (where 0 is in the domain).
namespace domains {
inline const Domain real{-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(), false, false};
inline const Domain nonneg{0, std::numeric_limits<double>::infinity(), true, false};
inline const Domain pos{0, std::numeric_limits<double>::infinity(), false, false};
}  // namespace domains

struct Sampling {
  double min_abs = 1e-3, max_abs = 1e3;
  bool signed_ = false;
  double zero_prob = 0;
  bool integer = false;      // rounded to the nearest integer
  std::string at_most;       // another parameter (drawn earlier in table order) whose value caps this one
  // A per-coordinate parameter whose coordinates are all equal when the reading `equal_when` (earlier in table order)
  // has the choice `equal_when_choice` (a ball's radius given as equal half-widths): drawn once, then repeated.
  std::string equal_when;
  int equal_when_choice = -1;
};

struct ParamSpec {
  std::string name;     // catalogue name, verbatim (L, V, b, G, ...)
  Domain domain;
  std::string meaning;
  Sampling sampling;
  bool per_coordinate = false;  // a vector: one value per coordinate j = 1..d, each in `domain`
  // A reading of ambiguous text (e.g. log_base = e | 2 | mixed): given and printed by name, passed to the
  // implementations as the index of the name (domain [0, n - 1]); drawn uniformly by report, compare and sample.
  std::vector<std::string> choices;
  std::string domain_text() const;  // "{e, 2, mixed}" for a reading, else domain.text()
  std::string value_text(double x) const;  // the choice's name for a reading, else the shortest exact decimal
};

// A reading parameter (see ParamSpec::choices): the first choice is the documented default where one is needed.
ParamSpec reading_param(std::string name, std::vector<std::string> choices, std::string meaning);

// Largest dimension d of an entry with per-coordinate parameters (a guard against a mistyped d, not a limit of
// the formulas).
inline constexpr double kMaxDimension = 1e7;

struct Entry {
  std::string id;        // e.g. VDH.pred.conj
  std::string kind;      // pred, pot, conj, bound, lemma, priv, noise, alg, const
  std::string citation;  // e.g. "VDH eq (7) = (3.3.4)"
  std::string summary;   // one line: what the quantity is
  std::vector<ParamSpec> params;  // in the order every implementation takes them
  bool has_reference = false;
  bool has_fast = false;
  std::string files;     // where its implementations and tests live
  bool has_proof = false;  // proofs-checks/ certifies or refutes it (`privoco prove`)
  std::size_t index_of(std::string_view param) const;  // npos if absent
  // kind alg: a streaming learner (`privoco run`), not a function of its parameters (eval/check/compare refuse it);
  // an alg entry with a machine check (VDH.alg.protocol) is a definition checked by `privoco prove`, not a learner.
  bool is_learner() const { return kind == "alg" && !has_proof; }
  // With per-coordinate parameters (VDH.bound.thm2) the first parameter is the dimension d and a point is flat:
  // d, then every parameter in table order, a per-coordinate one as its d values (u_1..u_d, V_1..V_d, ...).
  bool vector_layout = false;  // set by the table from the parameters
  std::size_t flat_size(std::size_t d) const;             // doubles in a point of dimension d (params.size() if none)
  std::size_t param_of_flat(std::size_t k, std::size_t d) const;  // the parameter that flat index k belongs to
  std::size_t flat_offset(std::size_t i, std::size_t d) const;    // flat index of parameter i's first value
};

// A claim's entry (`privoco prove`; no reference or fast implementation): parameters are its constants or readings.
Entry claim_entry(const char* id, const char* kind, const char* files, const char* citation, const char* summary,
                  std::vector<ParamSpec> params = {});

// Every implemented entry: the papers in registration order, each in its catalogue order.
const std::vector<Entry>& catalogue();
// The entry for an ID; throws UnknownId.
const Entry& entry(std::string_view id);
// The candidate nearest to `word` (case-insensitive edit distance), if near enough to be a likely slip: at most a
// third of the word's length; empty otherwise. For "did you mean" in errors.
std::string closest(std::string_view word, const std::vector<std::string>& candidates);

// Checks one double parameter value; throws DomainError naming id, parameter, value and range.
void check_param(const Entry& e, std::size_t i, double x);
// The dimension of a flat point (its first value): DomainError unless an integer in [1, kMaxDimension].
std::size_t flat_dimension(const Entry& e, double d);
// Checks a flat point of an entry with per-coordinate parameters (each value against its parameter's domain,
// named u_3 etc. in the error).
void check_flat_params(const Entry& e, const double* x);
// Checks all parameters of e (x has e.params.size() values, or the flat layout). Inline: the fast part calls it on
// every evaluation.
inline void check_params(const Entry& e, const double* x) {
  if (e.vector_layout) return check_flat_params(e, x);
  const std::size_t n = e.params.size();
  for (std::size_t i = 0; i < n; ++i)
    if (!e.params[i].domain.contains(x[i])) check_param(e, i, x[i]);
}

}  // namespace privoco
