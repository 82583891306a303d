#include "sampling.hpp"

#include <algorithm>
#include <cmath>

namespace privoco::oracle {

std::uint64_t derive_seed(std::uint64_t master, const std::string& label) {
  // FNV-1a's scheme over the label, from a basis missing the standard one's last digit (kept: every sampled point
  // derives from it; any fixed start serves)
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : label) h = (h ^ c) * 1099511628211ull;
  std::uint64_t z = master ^ h;
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

namespace {
// Per-coordinate parameters (flat layout, catalogue.hpp): d uniform among the integers of d's sampling box, each
// value drawn as a scalar of its parameter; the corners at d = 1 (every combination), then one point at the
// largest d with every value at its box's maximum.
double draw(const Sampling& s, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const double zero = u(rng), t = u(rng), sg = u(rng);
  if (zero < s.zero_prob) return 0;
  double x = std::exp(std::log(s.min_abs) + t * (std::log(s.max_abs) - std::log(s.min_abs)));
  if (s.integer) x = std::min(std::round(x), std::floor(s.max_abs));
  return (s.signed_ && sg < 0.5) ? -x : x;
}

std::vector<std::vector<double>> sample_flat(const Entry& e, std::size_t n, std::uint64_t master_seed,
                                             bool with_corners) {
  std::vector<std::vector<double>> pts;
  const Sampling& ds = e.params[0].sampling;
  const auto dmax = static_cast<std::uint64_t>(std::floor(ds.max_abs));
  if (with_corners) {
    Entry scalar = e;  // the same entry with every parameter scalar (d = 1), its corners
    scalar.vector_layout = false;
    for (auto& p : scalar.params) p.per_coordinate = false;
    scalar.params[0].sampling = {1, 1, false, 0};
    for (auto p : sample_points(scalar, 0, master_seed, true)) {
      p[0] = 1;
      pts.push_back(p);
    }
    std::vector<double> big{static_cast<double>(dmax)};
    for (std::size_t i = 1; i < e.params.size(); ++i)  // a reading: its last choice
      big.insert(big.end(), e.params[i].per_coordinate ? dmax : 1,
                 e.params[i].choices.empty() ? e.params[i].sampling.max_abs
                                             : static_cast<double>(e.params[i].choices.size() - 1));
    pts.push_back(big);
  }
  PointSampler sampler(e, master_seed);
  for (std::size_t j = 0; j < n; ++j) pts.push_back(sampler.next());
  return pts;
}

std::vector<double> flat_point(const Entry& e, std::mt19937_64& rng) {
  const Sampling& ds = e.params[0].sampling;
  const auto dmin = static_cast<std::uint64_t>(std::ceil(ds.min_abs)), dmax = static_cast<std::uint64_t>(std::floor(ds.max_abs));
  std::uniform_int_distribution<std::uint64_t> dd(dmin, dmax);
  const std::uint64_t d = dd(rng);
  std::vector<double> p{static_cast<double>(d)};
  for (std::size_t i = 1; i < e.params.size(); ++i) {
    if (!e.params[i].choices.empty()) {  // a reading: uniform over the choices
      std::uniform_int_distribution<std::size_t> c(0, e.params[i].choices.size() - 1);
      p.push_back(static_cast<double>(c(rng)));
      continue;
    }
    const Sampling& s = e.params[i].sampling;
    const bool equal = !s.equal_when.empty() &&
                       p[e.flat_offset(e.index_of(s.equal_when), d)] == static_cast<double>(s.equal_when_choice);
    for (std::uint64_t k = 0; k < (e.params[i].per_coordinate ? d : 1); ++k)
      p.push_back(equal && k > 0 ? p.back() : draw(s, rng));
  }
  return p;
}

std::vector<double> scalar_point(const Entry& e, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const std::size_t np = e.params.size();
  std::vector<double> p(np);
  for (std::size_t i = 0; i < np; ++i) {
    const Sampling& s = e.params[i].sampling;
    const double zero = u(rng), t = u(rng), sg = u(rng);
    if (!e.params[i].choices.empty()) {  // a reading: uniform over the choices
      p[i] = std::min(std::floor(t * static_cast<double>(e.params[i].choices.size())),
                      static_cast<double>(e.params[i].choices.size() - 1));
      continue;
    }
    if (zero < s.zero_prob) {
      p[i] = 0;
      continue;
    }
    double hi = s.max_abs;
    if (!s.at_most.empty()) hi = std::min(hi, p[e.index_of(s.at_most)]);
    double x = std::exp(std::log(s.min_abs) + t * (std::log(hi) - std::log(s.min_abs)));
    if (s.integer) x = std::min(std::round(x), std::floor(hi));
    p[i] = (s.signed_ && sg < 0.5) ? -x : x;
  }
  return p;
}
}  // namespace

std::vector<std::vector<double>> sample_points(const Entry& e, std::size_t n, std::uint64_t master_seed,
                                               bool with_corners) {
  if (e.vector_layout) return sample_flat(e, n, master_seed, with_corners);
  std::vector<std::vector<double>> pts;
  const std::size_t np = e.params.size();
  if (with_corners) {
    std::vector<std::vector<double>> choices(np);
    for (std::size_t i = 0; i < np; ++i) {
      const Sampling& s = e.params[i].sampling;
      if (!e.params[i].choices.empty()) {  // a reading: every choice
        for (std::size_t k = 0; k < e.params[i].choices.size(); ++k) choices[i].push_back(static_cast<double>(k));
        continue;
      }
      choices[i] = {s.min_abs, s.max_abs};
      if (s.signed_) choices[i].push_back(-s.max_abs);
      if (s.zero_prob > 0) choices[i].push_back(0.0);
    }
    std::vector<std::size_t> idx(np, 0);
    for (;;) {
      std::vector<double> p(np);
      for (std::size_t i = 0; i < np; ++i) p[i] = choices[i][idx[i]];
      for (std::size_t i = 0; i < np; ++i)
        if (!e.params[i].sampling.at_most.empty()) p[i] = std::min(p[i], p[e.index_of(e.params[i].sampling.at_most)]);
      pts.push_back(p);
      std::size_t k = 0;
      while (k < np && ++idx[k] == choices[k].size()) idx[k++] = 0;
      if (k == np) break;
    }
  }
  PointSampler sampler(e, master_seed);
  for (std::size_t j = 0; j < n; ++j) pts.push_back(sampler.next());
  return pts;
}

PointSampler::PointSampler(const Entry& e, std::uint64_t master_seed) : e_(e), rng_(derive_seed(master_seed, e.id)) {}

std::vector<double> PointSampler::next() { return e_.vector_layout ? flat_point(e_, rng_) : scalar_point(e_, rng_); }

}  // namespace privoco::oracle
