// JKT's IDs in the fast part.
#include "privoco/fast/evaluate.hpp"
#include "privoco/fast/jkt/batch.hpp"
#include "privoco/fast/jkt/igd_giga.hpp"
#include "privoco/fast/jkt/pocp.hpp"
#include "privoco/fast/jkt/pol.hpp"
#include "privoco/fast/jkt/pqftl.hpp"
#include "privoco/fast/jkt/qftl.hpp"
#include "privoco/fast/jkt/tree.hpp"

namespace privoco::fast::jkt {

void register_paper(Registry& r) {
  r.add("JKT.noise.tree_sigma", tree_sigma_flat);
  r.add_batch("JKT.noise.tree_sigma", tree_sigma_batch);
  r.add("JKT.const.tree_counts", [](const double* p) { return tree_counts(p[0], p[1], p[2], p[3]); });
  r.add("JKT.const.c_exponent", c_exponent_flat);
  r.add_batch("JKT.const.c_exponent", c_exponent_batch);
  r.add("JKT.const.eps1_per_step", eps1_per_step_flat);
  r.add_batch("JKT.const.eps1_per_step", eps1_per_step_batch);
  r.add("JKT.noise.pocp_beta", pocp_beta_flat);
  r.add_batch("JKT.noise.pocp_beta", pocp_beta_batch);
  r.add("JKT.const.delta_typical", [](const double* p) { return delta_typical(p[0]); });
  r.add("JKT.bound.pocp_noise_sum", [](const double* p) {
    return pocp_noise_sum(p[0], p[1], p[2], p[3], p[4], CParse(static_cast<int>(p[5])), NoiseSumWhich(static_cast<int>(p[6])));
  });
  r.add("JKT.bound.pocp_expected", pocp_expected_flat);
  r.add_batch("JKT.bound.pocp_expected", pocp_expected_batch);
  r.add("JKT.bound.pocp_hp", pocp_hp_flat);
  r.add_batch("JKT.bound.pocp_hp", pocp_hp_batch);
  r.add("JKT.bound.pigd", pigd_flat);
  r.add_batch("JKT.bound.pigd", pigd_batch);
  r.add("JKT.bound.igd_regret", igd_regret_flat);
  r.add_batch("JKT.bound.igd_regret", igd_regret_batch);
  r.add("JKT.bound.pgiga", pgiga_flat);
  r.add_batch("JKT.bound.pgiga", pgiga_batch);
  r.add("JKT.noise.chi_norm",
        [](const double* p) { return chi_norm(p[0], p[1], ChiWhich(static_cast<int>(p[2]))); });
  r.add_batch("JKT.noise.chi_norm", chi_norm_batch);
  r.add("JKT.const.igd_step", [](const double* p) { return igd_step(p[0], p[1]); });
  r.add("JKT.const.giga_step",
        [](const double* p) { return giga_step(p[0], p[1], GigaEta(static_cast<int>(p[2]))); });
  r.add("JKT.const.giga_tq",
        [](const double* p) { return giga_tq(p[0], p[1], TqRounding(static_cast<int>(p[2]))); });
  r.add("JKT.noise.pigd_beta", pigd_beta_flat);
  r.add_batch("JKT.noise.pigd_beta", pigd_beta_batch);
  r.add("JKT.noise.pqftl_noise_norms",
        [](const double* p) { return pqftl_noise_norms(p[0], p[1], NoiseTail(static_cast<int>(p[2]))); });
  r.add("JKT.const.pqftl_tree_params", [](const double* p) {
    return pqftl_tree_bound(p[0], PqftlTree(static_cast<int>(p[1])), PqftlArg(static_cast<int>(p[2])));
  });
  r.add("JKT.alg.quadratic_loss", [](const double* p) { return quadratic_loss(p); });
  r.add("JKT.bound.pqftl_iterate_error", pqftl_iterate_error_flat);
  r.add_batch("JKT.bound.pqftl_iterate_error", pqftl_iterate_error_batch);
  r.add("JKT.bound.pqftl", pqftl_flat);
  r.add_batch("JKT.bound.pqftl", pqftl_batch);
  r.add("JKT.const.pol_alpha", [](const double* p) { return pol_alpha(p[0], p[1]); });
  r.add("JKT.const.pol_Lprime", [](const double* p) { return pol_Lprime(p[0], p[1], p[2]); });
  r.add("JKT.noise.pol_beta", pol_beta_flat);
  r.add_batch("JKT.noise.pol_beta", pol_beta_batch);
  r.add("JKT.bound.pol_noise_norm", [](const double* p) {
    return pol_noise_norm(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], PolNoiseWhich(static_cast<int>(p[8])));
  });
  r.add("JKT.bound.kt08_risk", kt08_risk_flat);
  r.add_batch("JKT.bound.kt08_risk", kt08_risk_batch);
  r.add("JKT.bound.pol_utility", [](const double* p) {
    return pol_utility(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], PolUtilityWhich(static_cast<int>(p[9])));
  });
  r.add("JKT.bound.cms11_sample", cms11_sample_flat);
  r.add_batch("JKT.bound.cms11_sample", cms11_sample_batch);
  r.add("JKT.noise.pgiga_beta", pgiga_beta_flat);
  r.add_batch("JKT.noise.pgiga_beta", pgiga_beta_batch);
}

}  // namespace privoco::fast::jkt
