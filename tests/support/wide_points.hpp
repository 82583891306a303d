// Points over the whole double range of an entry's domain, for the whole-range tests (fast_wide_test and
// fast_wide_reference_test): magnitudes log-uniform from the smallest subnormal to DBL_MAX, random signs where the
// domain has negative values, and special values (the domain's finite ends, 0, DBL_TRUE_MIN, DBL_MIN, 2^-1060,
// 2^1020, DBL_MAX and its neighbour) one time in eight.
#pragma once
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/fast/evaluate.hpp"

namespace privoco::testing {

inline double wide_value(const Domain& d, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<double> special;
  if (d.contains(0.0)) special.push_back(0.0);
  if (std::isfinite(d.lo) && d.contains(d.lo)) special.push_back(d.lo);
  if (std::isfinite(d.hi) && d.contains(d.hi)) special.push_back(d.hi);
  for (double s : {DBL_TRUE_MIN, DBL_MIN, 0x1p-1060, 0x1p1020, std::nextafter(DBL_MAX, 0.0), DBL_MAX})
    if (d.contains(s)) special.push_back(s);
  const double lo = d.lo > 0 ? std::fmax(d.lo, DBL_TRUE_MIN) : DBL_TRUE_MIN;
  const double hi = std::isfinite(d.hi) && d.hi > 0 ? std::fmin(d.hi, DBL_MAX) : DBL_MAX;
  double x = lo < hi ? std::fmin(hi, std::exp(std::log(lo) + unit(rng) * (std::log(hi) - std::log(lo)))) : lo;
  if (d.lo < 0 && unit(rng) < 0.5) x = -std::fmin(x, -d.lo);
  if (!special.empty() && rng() % 8 == 0) x = special[rng() % special.size()];
  if (!d.contains(x)) x = special.empty() ? lo : special[0];
  return x;
}

// One point of e (the flat layout with d in 1..4 for per-coordinate entries), integers and bounded pairs as the
// entry's sampling says.
inline std::vector<double> wide_point(const Entry& e, std::mt19937_64& rng) {
  std::vector<double> x;
  const int d = e.vector_layout ? 1 + static_cast<int>(rng() % 4) : 1;
  for (std::size_t i = 0; i < e.params.size(); ++i) {
    const ParamSpec& ps = e.params[i];
    if (e.vector_layout && i == 0) {
      x.push_back(d);
    } else if (!ps.choices.empty()) {  // a reading: one of its choices
      x.push_back(static_cast<double>(rng() % ps.choices.size()));
    } else {
      const bool equal = !ps.sampling.equal_when.empty() &&  // e.g. a ball's radius as equal half-widths
                         x[e.flat_offset(e.index_of(ps.sampling.equal_when), d)] == ps.sampling.equal_when_choice;
      for (int j = 0; j < (ps.per_coordinate ? d : 1); ++j) {
        if (equal && j > 0) {
          x.push_back(x.back());
          continue;
        }
        double v = wide_value(ps.domain, rng);
        if (ps.sampling.integer)
          v = std::fmin(std::fmax(std::round(v), std::ceil(ps.domain.lo)), std::floor(ps.domain.hi));
        if (!ps.sampling.at_most.empty()) v = std::fmin(v, x[e.index_of(ps.sampling.at_most)]);  // e.g. t <= T
        x.push_back(v);
      }
    }
  }
  return x;
}

// " name=value ..." with every double to 17 digits, for failure messages that reproduce the point
inline std::string args_text(const Entry& e, const std::vector<double>& x) {
  const std::size_t d = e.vector_layout ? static_cast<std::size_t>(x[0]) : 1;
  std::string s;
  char buf[64];
  for (std::size_t k = 0; k < x.size(); ++k) {
    const std::size_t i = e.vector_layout ? e.param_of_flat(k, d) : k;
    std::snprintf(buf, sizeof buf, " %s=%.17g", e.params[i].name.c_str(), x[k]);
    s += buf;
  }
  return s;
}

// the fast functions of the table (learners excluded)
inline std::vector<const Entry*> fast_functions() {
  std::vector<const Entry*> out;
  for (const auto& e : catalogue())
    if (e.has_fast && !e.is_learner() && fast::implements(e.id)) out.push_back(&e);
  return out;
}

// id begins with one of the comma-separated prefixes in list
inline bool listed(const std::string& id, const std::string& list) {
  for (std::size_t b = 0; b <= list.size();) {
    const std::size_t c = std::min(list.find(',', b), list.size());
    if (c > b && id.compare(0, c - b, list, b, c - b) == 0) return true;
    b = c + 1;
  }
  return false;
}

// the fast functions a whole-range run covers: all, or those whose ID begins with a prefix in PRIVOCO_WIDE_IDS
inline std::vector<const Entry*> selected_fast_functions() {
  const char* only = std::getenv("PRIVOCO_WIDE_IDS");
  std::vector<const Entry*> out;
  for (const Entry* e : fast_functions())
    if (!only || !*only || listed(e->id, only)) out.push_back(e);
  return out;
}

// an ID's own stream of the master seed (FNV-1a of the ID, mixed in)
inline std::uint64_t id_seed(std::uint64_t seed, const std::string& id) {
  std::uint64_t h = 14695981039346656037ULL;
  for (unsigned char c : id) h = (h ^ c) * 1099511628211ULL;
  return seed * 0x9e3779b97f4a7c15ULL ^ h;
}

}  // namespace privoco::testing
