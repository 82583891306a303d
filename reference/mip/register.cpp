// MIP's IDs in the reference part.
#include "privoco/reference/mip/bounds.hpp"
#include "privoco/reference/registry.hpp"

namespace privoco::reference::mip {

void register_paper(Registry& r) {
  r.add("MIP.const.B", B);
  r.add("MIP.priv.thm1", thm1);
  r.add("MIP.priv.sphere_mi", sphere_mi);
  r.add("MIP.priv.sigma_for_C", sigma_for_C);
  r.add("MIP.priv.thm3", thm3);
  r.add("MIP.bound.thm2", thm2);
  r.add("MIP.const.eta_opt", eta_opt);
  r.add("MIP.bound.thm4", thm4);
  r.add("MIP.const.eta_delta_bandit", eta_delta_bandit);
  r.add("MIP.bound.fixed_C_tradeoff", fixed_C_tradeoff);
  r.claim_errata.insert(r.claim_errata.end(), {
      {"E47", "MIP Thm 3", "with F = max f the bound fails for losses with negative values; F must bound |f_t| on S",
       "privoco prove MIP.priv.thm3 (d = 1, f = 0 or -1000, delta = L = 1, sigma = 10: I(f; z~) >= 0.693147 > C = 0.004975 nats)"},
      {"E48", "MIP Thm 4", "the bound has F/eta where the estimator's norm d (F/delta + L) gives F/delta: as printed it is not "
       "O(T^{3/4}) at eta ~ T^{-3/4}, delta ~ T^{-1/4}",
       "privoco prove MIP.const.eta_delta_bandit (d = 2, F = L = sigma = B = 1: printed bound / T^{3/4} = 2.0e12 at T = 1e12)"},
  });
}

}  // namespace privoco::reference::mip
