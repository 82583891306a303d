// Adversarial search for a violation of a claim over its whole stated domain: a fast (double) margin, >= 0 where
// the claim holds, is minimised by differential evolution over the box (each coordinate linear or in log scale),
// then by pattern searches started from the best points; the best distinct points are returned for certified
// evaluation by the caller. Reproducible: every draw comes from one seed (privoco/streams.hpp), which is reported.
// A search certifies nothing: it is what stands behind "not refuted", and where it finds a candidate the caller's
// certified evaluation turns it into a refutation.
#pragma once
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace privoco::proofs {

struct SearchParam {
  std::string name;
  double lo = 0, hi = 1;  // the range searched (finite; lo > 0 when log_scale)
  bool log_scale = true;
};

struct SearchSpec {
  std::vector<SearchParam> params;
  // The claim's margin at a point (parameters in the order of `params`): >= 0 where it holds, negative where the
  // point is a candidate violation; NaN where the point is outside the claim's domain (skipped). Scale-free margins
  // (e.g. (bound - value) / (1 + |bound|)) let the search compare points across magnitudes.
  std::function<double(const double* x)> margin;
  long evaluations = 100000;  // the budget of margin calls
  std::size_t keep = 100;     // best distinct points returned
  std::uint64_t seed = 1;
};

struct SearchPoint {
  std::vector<double> x;
  double margin = 0;
};

struct SearchResult {
  long evaluations = 0, feasible = 0;  // margin calls, and those inside the domain
  std::vector<SearchPoint> best;       // ascending margin, at most spec.keep, pairwise distinct
  std::uint64_t seed = 0;
  // "u in [1e-12, 1e+06] (log), V in ...; 100000 evaluations (83211 in the domain), seed 1; least margin m at u=.."
  std::string describe(const SearchSpec& spec) const;
};

SearchResult adversarial_search(const SearchSpec& spec);

// A search point judged by certified evaluation: `certified` false when the certified evaluation could not be
// made there (it then neither refutes nor counts); `violated` only on a certified violation, with its evidence.
struct CertifiedPoint {
  bool certified = false, violated = false;
  double realised = 0, bound = 0;  // the two sides, to double (the claim: realised <= bound)
  double margin = std::nan("");    // (bound - realised)/(1 + |bound|) if the sides overflow doubles; else computed
  std::string name, evidence;
  std::vector<double> x;           // the point (set by search_and_certify)
};

struct CertifiedSearch {
  SearchResult found;
  int certified = 0, violations = 0;
  double least = 0;                 // least certified (bound - realised) / (1 + |bound|); +inf when none certified
  std::vector<CertifiedPoint> shown;  // the first `show` certified points and every violation, in margin order
  // "<found.describe>; the best N points certified: V violations, least certified margin m"
  std::string describe(const SearchSpec& spec) const;
};

// The search, then certify(x) at each of its best points.
CertifiedSearch search_and_certify(const SearchSpec& spec,
                                   const std::function<CertifiedPoint(const std::vector<double>& x)>& certify,
                                   int show = 3);

}  // namespace privoco::proofs
