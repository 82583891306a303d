// MIP's IDs in the fast part.
#include "privoco/fast/evaluate.hpp"
#include "privoco/fast/mip/bounds.hpp"

namespace privoco::fast::mip {

void register_paper(Registry& r) {
  r.add("MIP.const.B", B);
  r.add("MIP.priv.thm1", thm1);
  r.add("MIP.priv.sigma_for_C", sigma_for_C);
  r.add("MIP.priv.thm3", thm3);
  r.add("MIP.bound.thm2", thm2);
  r.add("MIP.const.eta_opt", eta_opt);
  r.add("MIP.bound.thm4", thm4);
  r.add("MIP.const.eta_delta_bandit", eta_delta_bandit);
  r.add("MIP.bound.fixed_C_tradeoff", fixed_C_tradeoff);
  r.add_batch("MIP.const.B", B_batch);
  r.add_batch("MIP.priv.thm1", thm1_batch);
  r.add_batch("MIP.priv.thm3", thm3_batch);
  r.add_batch("MIP.priv.sigma_for_C", sigma_for_C_batch);
  r.add_batch("MIP.bound.fixed_C_tradeoff", fixed_C_tradeoff_batch);
  r.add_batch("MIP.bound.thm2", thm2_batch);
  r.add_batch("MIP.const.eta_opt", eta_opt_batch);
  r.add_batch("MIP.bound.thm4", thm4_batch);
  r.add_batch("MIP.const.eta_delta_bandit", eta_delta_bandit_batch);
}

}  // namespace privoco::fast::mip
