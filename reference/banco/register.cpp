// BANCO's IDs in the reference part.
#include "privoco/reference/banco/magnitude.hpp"
#include "privoco/reference/registry.hpp"

namespace privoco::reference::banco {

void register_paper(Registry& r) {
  r.add("BANCO.const.k1", k1);
  r.add("BANCO.const.a", a);
  r.add("BANCO.const.c", c);
  r.add("BANCO.pot.psi", psi);
  r.add("BANCO.pred.m_integral", m_integral);
  r.add("BANCO.pred.m_closed", m_closed);
  r.add("BANCO.pred.m_compact", m_compact);
  r.add("BANCO.bound.magnitude_exact", magnitude_exact);
  r.add("BANCO.noise.second_moment", second_moment);
  r.add("BANCO.noise.mgf", mgf);
  r.add("BANCO.noise.subexp_params", subexp_params);
  r.claim_errata.insert(r.claim_errata.end(), {
      {"E49", "BANCO Sec 3 (JO19 Lemma 7)", "with b = eps/4 as extracted the quoted pair (18 d^2/eps^2, b) fails eq (2); b = 4/eps",
       "privoco prove BANCO.noise.subexp_params b_reading=eps_over_four (d = 1, eps = 2.9: smallest admissible 2.4731 > 2.1403)"},
      {"E50", "BANCO Alg 1 line 4", "with c = sigma^2/2 + G^2 as extracted the magnitude step fails; c = sigma_1D^2/2 + G^2",
       "privoco prove BANCO.lemma.per_beta c_reading=sigma2 (d = 1, eps = 0.5: margin -0.0334); BANCO.lemma.potential_step "
       "c_reading=sigma2 (ratio 1.03)"},
      {"E51", "BANCO Alg 1 line 5", "the extracted '-' descends where the decomposition needs ascent (the played points are "
       "the same under both signs); '+'",
       "privoco prove BANCO.bound.direction_pathwise dir_sign=-1 (g^_t = e_1, T = 1000: 1999 against 94.87)"},
      {"E52", "BANCO Sec 1", "at eta = eps/(d sqrt T) the SGD display is d (||w*||^2 + 1)/(eps sqrt T), not O(d ||w*||^2/(eps sqrt T))",
       "privoco prove BANCO.bound.sgd_baseline (||w*|| = 0.01: ratio 10001)"},
  });
}

}  // namespace privoco::reference::banco
