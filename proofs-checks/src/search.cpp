#include "privoco/proofs/search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/streams.hpp"

namespace privoco::proofs {

namespace {

// Stream numbers of the search's draws (one master seed, independent streams by purpose).
enum : std::uint64_t { kInit = 1, kPick = 2, kCross = 3, kPattern = 4 };

struct Search {
  const SearchSpec& spec;
  const std::size_t n;
  Streams streams;
  SearchResult out;
  std::uint64_t counter = 0;

  explicit Search(const SearchSpec& s) : spec(s), n(s.params.size()), streams(s.seed) { out.seed = s.seed; }

  double uniform(std::uint64_t stream) { return streams.uniform(stream, counter++); }

  // The point of the box at unit coordinates t in [0, 1]^n.
  std::vector<double> point(const std::vector<double>& t) const {
    std::vector<double> x(n);
    for (std::size_t i = 0; i < n; ++i) {
      const SearchParam& p = spec.params[i];
      const double s = std::clamp(t[i], 0.0, 1.0);
      x[i] = p.log_scale ? std::exp(std::log(p.lo) + s * (std::log(p.hi) - std::log(p.lo))) : p.lo + s * (p.hi - p.lo);
      x[i] = std::clamp(x[i], p.lo, p.hi);
    }
    return x;
  }

  // The margin at unit coordinates t (+inf outside the domain, so that it never wins); records the point.
  double eval(const std::vector<double>& t) {
    if (out.evaluations >= spec.evaluations) return std::numeric_limits<double>::infinity();
    ++out.evaluations;
    const std::vector<double> x = point(t);
    const double m = spec.margin(x.data());
    if (std::isnan(m)) return std::numeric_limits<double>::infinity();
    ++out.feasible;
    record(x, m);
    return m;
  }

  // Keeps the `keep` least margins among pairwise distinct points (relative difference above 1e-9 somewhere).
  void record(const std::vector<double>& x, double m) {
    auto& best = out.best;
    if (best.size() >= spec.keep && m >= best.back().margin) return;
    for (auto& b : best) {
      bool same = true;
      for (std::size_t i = 0; i < n && same; ++i) same = std::fabs(b.x[i] - x[i]) <= 1e-9 * std::fabs(b.x[i]);
      if (!same) continue;
      if (m < b.margin) b = {x, m};
      std::sort(best.begin(), best.end(), [](const SearchPoint& a, const SearchPoint& c) { return a.margin < c.margin; });
      return;
    }
    best.push_back({x, m});
    std::sort(best.begin(), best.end(), [](const SearchPoint& a, const SearchPoint& c) { return a.margin < c.margin; });
    if (best.size() > spec.keep) best.pop_back();
  }

  // Differential evolution (DE/rand/1/bin, F = 0.7, CR = 0.9) on the unit cube, for `budget` evaluations.
  void evolve(long budget) {
    const std::size_t np = std::max<std::size_t>(20, 10 * n);
    std::vector<std::vector<double>> pop(np, std::vector<double>(n));
    std::vector<double> fit(np);
    const long stop = out.evaluations + budget;
    for (std::size_t k = 0; k < np; ++k) {
      for (auto& t : pop[k]) t = uniform(kInit);
      fit[k] = eval(pop[k]);
    }
    while (out.evaluations < stop && out.evaluations < spec.evaluations) {
      for (std::size_t k = 0; k < np && out.evaluations < stop; ++k) {
        std::size_t a, b, c;
        do a = static_cast<std::size_t>(uniform(kPick) * np); while (a == k);
        do b = static_cast<std::size_t>(uniform(kPick) * np); while (b == k || b == a);
        do c = static_cast<std::size_t>(uniform(kPick) * np); while (c == k || c == a || c == b);
        const std::size_t forced = static_cast<std::size_t>(uniform(kCross) * n);
        std::vector<double> trial = pop[k];
        for (std::size_t i = 0; i < n; ++i)
          if (i == forced || uniform(kCross) < 0.9) {
            double v = pop[a][i] + 0.7 * (pop[b][i] - pop[c][i]);
            if (v < 0) v = -v * uniform(kCross);          // reflect into the cube
            if (v > 1) v = 1 - (v - 1) * uniform(kCross);
            trial[i] = std::clamp(v, 0.0, 1.0);
          }
        const double f = eval(trial);
        if (f <= fit[k]) pop[k] = trial, fit[k] = f;
      }
    }
  }

  // Compass search from t: steps of `step` along each coordinate, halved when no step improves, to 1e-12.
  void pattern(std::vector<double> t, double step, long budget) {
    const long stop = out.evaluations + budget;
    double f = eval(t);
    while (step > 1e-12 && out.evaluations < stop && out.evaluations < spec.evaluations) {
      bool improved = false;
      for (std::size_t i = 0; i < n && !improved; ++i)
        for (double dir : {1.0, -1.0}) {
          std::vector<double> s = t;
          s[i] = std::clamp(s[i] + dir * step, 0.0, 1.0);
          const double g = eval(s);
          if (g < f) {
            t = s, f = g, improved = true;
            break;
          }
        }
      if (!improved) step /= 2;
    }
  }

  std::vector<double> unit(const std::vector<double>& x) const {
    std::vector<double> t(n);
    for (std::size_t i = 0; i < n; ++i) {
      const SearchParam& p = spec.params[i];
      t[i] = p.log_scale ? (std::log(x[i]) - std::log(p.lo)) / (std::log(p.hi) - std::log(p.lo))
                         : (x[i] - p.lo) / (p.hi - p.lo);
    }
    return t;
  }
};

}  // namespace

SearchResult adversarial_search(const SearchSpec& spec) {
  for (const SearchParam& p : spec.params)
    if (!(p.lo < p.hi) || !std::isfinite(p.lo) || !std::isfinite(p.hi) || (p.log_scale && !(p.lo > 0)))
      throw ParamError("search", p.name, "range [" + text17(p.lo) + ", " + text17(p.hi) + "] is not a finite box" +
                                             (p.log_scale ? " with lo > 0 (log scale)" : ""));
  Search s(spec);
  if (s.n == 0 || spec.evaluations <= 0) return s.out;
  s.evolve(spec.evaluations * 3 / 5);  // global: three fifths of the budget
  // local: pattern searches from the best points found so far, sharing the rest
  const std::vector<SearchPoint> starts = s.out.best;
  const std::size_t k = std::min<std::size_t>(10, starts.size());
  for (std::size_t i = 0; i < k; ++i) {
    const long left = spec.evaluations - s.out.evaluations;
    if (left <= 0) break;
    s.pattern(s.unit(starts[i].x), 0.05, left / static_cast<long>(k - i));
  }
  // random restarts of the pattern search while budget remains
  while (s.out.evaluations < spec.evaluations) {
    std::vector<double> t(s.n);
    for (auto& v : t) v = s.uniform(kPattern);
    s.pattern(t, 0.1, std::min<long>(2000, spec.evaluations - s.out.evaluations));
  }
  return s.out;
}

std::string SearchResult::describe(const SearchSpec& spec) const {
  std::string s;
  for (const SearchParam& p : spec.params)
    s += (s.empty() ? "" : ", ") + p.name + " in [" + text17(p.lo) + ", " + text17(p.hi) + "]" +
         (p.log_scale ? " (log)" : "");
  char buf[160];
  std::snprintf(buf, sizeof buf, "; %ld evaluations (%ld in the domain), seed %llu", evaluations, feasible,
                static_cast<unsigned long long>(seed));
  s += buf;
  if (!best.empty()) {
    std::snprintf(buf, sizeof buf, "; least margin %.6g at ", best[0].margin);
    s += buf;
    for (std::size_t i = 0; i < spec.params.size(); ++i) {
      std::snprintf(buf, sizeof buf, "%s%s=%.6g", i ? " " : "", spec.params[i].name.c_str(), best[0].x[i]);
      s += buf;
    }
  }
  return s;
}

CertifiedSearch search_and_certify(const SearchSpec& spec,
                                   const std::function<CertifiedPoint(const std::vector<double>& x)>& certify, int show) {
  CertifiedSearch r;
  r.least = std::numeric_limits<double>::infinity();
  r.found = adversarial_search(spec);
  for (const SearchPoint& sp : r.found.best) {
    CertifiedPoint p = certify(sp.x);
    if (!p.certified) continue;
    p.x = sp.x;
    ++r.certified;
    r.violations += p.violated;
    r.least = std::min(r.least, std::isnan(p.margin) ? (p.bound - p.realised) / (1 + std::fabs(p.bound)) : p.margin);
    if (p.violated || r.certified <= show) r.shown.push_back(std::move(p));
  }
  return r;
}

std::string CertifiedSearch::describe(const SearchSpec& spec) const {
  char buf[160];
  std::snprintf(buf, sizeof buf, "; the best %d points certified: %d violations, least certified margin %g", certified,
                violations, least);
  return found.describe(spec) + buf;
}

}  // namespace privoco::proofs
