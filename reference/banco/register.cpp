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
}

}  // namespace privoco::reference::banco
