// VDH's IDs in the fast part: each ID's double function, in table order (or the flat layout, catalogue.hpp).
#include "privoco/fast/evaluate.hpp"
#include "bounds.hpp"
#include "conj.hpp"
#include "cv.hpp"
#include "fstar.hpp"
#include "improper.hpp"

namespace privoco::fast::vdh {

void register_paper(Registry& r) {
  r.add("VDH.pred.conj", [](const double* p) { return vdh::pred_conj(p[0], p[1], p[2], p[3]); });
  r.add("VDH.pot.conj", [](const double* p) { return vdh::pot_conj(p[0], p[1], p[2], p[3]); });
  r.add_batch("VDH.pred.conj", [](const double* const* c, Value* out, std::size_t n) {
    vdh::pred_conj(c[0], c[1], c[2], c[3], out, n);
  });
  r.add_batch("VDH.pot.conj", [](const double* const* c, Value* out, std::size_t n) {
    vdh::pot_conj(c[0], c[1], c[2], c[3], out, n);
  });
  r.add("VDH.pot.Z", [](const double* p) { return vdh::pot_Z(p[0], p[1]); });
  r.add("VDH.pred.uniform", [](const double* p) { return vdh::pred_uniform(p[0], p[1], p[2]); });
  r.add_batch("VDH.pred.uniform", [](const double* const* c, Value* out, std::size_t n) {
    vdh::pred_uniform(c[0], c[1], c[2], out, n);
  });
  r.add("VDH.pot.uniform", [](const double* p) { return vdh::pot_uniform(p[0], p[1], p[2]); });
  r.add_batch("VDH.pot.uniform", [](const double* const* c, Value* out, std::size_t n) {
    vdh::pot_uniform(c[0], c[1], c[2], out, n);
  });
  r.add("VDH.pred.improper", [](const double* p) { return vdh::pred_improper(p[0], p[1], p[2]); });
  r.add("VDH.pot.improper", [](const double* p) { return vdh::pot_improper(p[0], p[1], p[2]); });
  r.add("VDH.pred.cv", [](const double* p) { return vdh::pred_cv(p[0], p[1], p[2]); });
  r.add("VDH.conj.Fstar", [](const double* p) { return vdh::fstar_conj(p[0], p[1], p[2], p[3]); });
  r.add("VDH.pot.cv", [](const double* p) { return vdh::pot_cv(p[0], p[1], p[2]); });
  r.add("VDH.bound.thm1", [](const double* p) { return vdh::bound_thm1(p[0], p[1], p[2], p[3]); });
  r.add_batch("VDH.bound.thm1", vdh::bound_thm1_batch);
  r.add("VDH.bound.thm12", [](const double* p) { return vdh::bound_thm12(p[0], p[1], p[2]); });
  r.add_batch("VDH.bound.thm12", vdh::bound_thm12_batch);
  r.add("VDH.bound.thm2",
     [](const double* p) {  // the flat layout {d, u_1..u_d, V_1..V_d, b_1..b_d, G} (catalogue.hpp)
       static const Entry& e = entry("VDH.bound.thm2");
       check_params(e, p);  // names the coordinate (u_3) and the ID
       const int d = static_cast<int>(p[0]);
       return vdh::bound_thm2(p + 1, p + 1 + d, p + 1 + 2 * d, d, p[1 + 3 * d]);
     });
  r.add("VDH.bound.thm1_corrected", [](const double* p) { return vdh::bound_thm1_corrected(p[0], p[1], p[2], p[3]); });
  r.add_batch("VDH.bound.thm1_corrected", vdh::bound_thm1_corrected_batch);
  r.add("VDH.conj.exp_linear", [](const double* p) { return vdh::conj_exp_linear(p[0], p[1], p[2], p[3]); });
  r.add_batch("VDH.conj.exp_linear", vdh::conj_exp_linear_batch);
}

}  // namespace privoco::fast::vdh
