// The shared mechanisms' IDs in the reference part.
#include "privoco/reference/registry.hpp"
#include "privoco/reference/dp/profiles.hpp"

namespace privoco::reference::dp {

void register_paper(Registry& r) {
  r.add("DP.gauss.delta", gauss_delta_composed);  // flat {d, eps, mu_1..mu_d}
  r.add("DP.gauss.eps", gauss_eps_composed);      // flat {d, delta, mu_1..mu_d}
  r.add("DP.gauss.mu", gauss_mu);
  r.add("DP.laplace.delta", laplace_delta);
}

}  // namespace privoco::reference::dp
