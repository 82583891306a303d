// BANCO's IDs in the fast part: m_integral and m_compact are one function (the integral's value, by the compact forms).
#include "privoco/fast/banco/magnitude.hpp"
#include "privoco/fast/evaluate.hpp"

namespace privoco::fast::banco {

void register_paper(Registry& r) {
  r.add("BANCO.const.k1", k1);
  r.add("BANCO.const.a", a);
  r.add("BANCO.const.c", c);
  r.add("BANCO.pot.psi", psi);
  r.add("BANCO.pred.m_integral", m);
  r.add("BANCO.pred.m_compact", m);
  r.add("BANCO.bound.magnitude_exact", magnitude_exact);
  r.add("BANCO.noise.second_moment", second_moment);
  r.add("BANCO.noise.mgf", mgf);
  r.add_batch("BANCO.noise.mgf", mgf_batch);
  r.add("BANCO.noise.subexp_params", subexp_params);
  r.add_batch("BANCO.noise.subexp_params", subexp_params_batch);
  r.add_batch("BANCO.noise.second_moment", second_moment_batch);
}

}  // namespace privoco::fast::banco
