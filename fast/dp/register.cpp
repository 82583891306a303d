// The shared mechanisms' IDs in the fast part.
#include "privoco/fast/evaluate.hpp"
#include "privoco/fast/dp/profiles.hpp"

namespace privoco::fast::dp {

void register_paper(Registry& r) {
  r.add("DP.gauss.delta", [](const double* p) { return gauss_delta(p[0], p[1]); });
  r.add("DP.gauss.eps", [](const double* p) { return gauss_eps(p[0], p[1]); });
  r.add("DP.gauss.mu", [](const double* p) { return gauss_mu(p[0], p[1]); });
  r.add("DP.laplace.delta", [](const double* p) { return laplace_delta(p[0], p[1]); });
}

}  // namespace privoco::fast::dp
