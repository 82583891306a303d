// The noise instances BANCO's magnitude checks run over (the Thm 2 instance on a grid of (d, eps), the Gaussian
// example), the magnitude readings a check takes (c_reading, a_reading, k1_value) and the constants they give.
#pragma once
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "privoco/errors.hpp"
#include "privoco/proofs/cases.hpp"

namespace privoco::proofs::banco {

struct Instance {
  std::string what;
  double d, G, sigma2, sigma1d2, b;  // b = 0: no restriction
  bool laplace;                       // the mgf along a unit vector: Laplace-l2 at eps, or Gaussian (s^2 = sigma1d2)
  double eps;
};

// the Thm 2 instance (sigma^2 = 4 (d^2 + d)/eps^2, sigma_1D^2 = 18 d^2/eps^2, b = 4/eps) at d = 1, 3, 30 and eps =
// 0.5, 1, 8; the Gaussian example (d = 3, s = 0.3, 2; b = 0)
inline std::vector<Instance> instances() {
  std::vector<Instance> inst;
  for (double d : {1.0, 3.0, 30.0})
    for (double eps : {0.5, 1.0, 8.0})
      inst.push_back({"Thm 2 instance, d = " + text_g(d) + ", eps = " + text_g(eps), d, 1, 4 * (d * d + d) / (eps * eps),
                      18 * d * d / (eps * eps), 4 / eps, true, eps});
  for (double s : {0.3, 2.0}) inst.push_back({"Gaussian example, d = 3, s = " + text_g(s), 3, 1, 3 * s * s, s * s, 0, false, 0});
  return inst;
}

struct Readings {
  bool c1d = true, inv2b = false, root = false;
  std::string text() const {
    return std::string("c_reading = ") + (c1d ? "sigma1d2" : "sigma2") + ", a_reading = " + (inv2b ? "inv_2b" : "inv_b") +
           ", k1_value = " + (root ? "root" : "printed");
  }
};
// the readings among a check's parameters (the first choice the default); ParamError naming id otherwise
inline Readings readings(const char* id, const std::map<std::string, std::string>& given) {
  for (const auto& [k, v] : given)
    if (k != "c_reading" && k != "a_reading" && k != "k1_value")
      throw ParamError(id, k, "unknown parameter (c_reading, a_reading, k1_value)");
  auto pick = [&](const char* name, std::vector<std::string> choices) {
    const std::string v = given.count(name) ? given.at(name) : choices[0];
    for (const auto& c : choices)
      if (v == c) return v;
    throw ParamError(id, name, "'" + v + "' (one of " + choices[0] + ", " + choices[1] + ")");
  };
  Readings r;
  r.c1d = pick("c_reading", {"sigma1d2", "sigma2"}) == "sigma1d2";
  r.inv2b = pick("a_reading", {"inv_b", "inv_2b"}) == "inv_2b";
  r.root = pick("k1_value", {"printed", "root"}) == "root";
  return r;
}
// a and c of an instance under the readings. k1's root as the largest double below it: its nearest double,
// 0x1.5e1b60a3de2b0p-1, lies 4e-17 above the root, where the k1 inequality fails by 1e-17 at x = -a G (a learner
// taking a from it inherits that)
inline void constants_of(const Instance& k, const Readings& r, double* a, double* c) {
  *a = (r.root ? 0x1.5e1b60a3de2afp-1 : 0.6838) / k.G;
  if (k.b > 0) *a = std::min(*a, r.inv2b ? 1 / (2 * k.b) : 1 / k.b);
  *c = (r.c1d ? k.sigma1d2 : k.sigma2) / 2 + k.G * k.G;
}

}  // namespace privoco::proofs::banco
