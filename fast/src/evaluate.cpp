#include "privoco/fast/evaluate.hpp"

#include "privoco/errors.hpp"
#include "../vdh/bounds.hpp"
#include "../vdh/conj.hpp"
#include "../vdh/cv.hpp"
#include "../vdh/fstar.hpp"
#include "../vdh/improper.hpp"

namespace privoco::fast {

namespace {
using Fn = Value (*)(const double*);
struct Row {
  const char* id;
  Fn fn;
};
const Row kRows[] = {
    {"VDH.pred.conj", [](const double* p) { return vdh::pred_conj(p[0], p[1], p[2], p[3]); }},
    {"VDH.pot.conj", [](const double* p) { return vdh::pot_conj(p[0], p[1], p[2], p[3]); }},
    {"VDH.pot.Z", [](const double* p) { return vdh::pot_Z(p[0], p[1]); }},
    {"VDH.pred.uniform", [](const double* p) { return vdh::pred_uniform(p[0], p[1], p[2]); }},
    {"VDH.pot.uniform", [](const double* p) { return vdh::pot_uniform(p[0], p[1], p[2]); }},
    {"VDH.pred.improper", [](const double* p) { return vdh::pred_improper(p[0], p[1], p[2]); }},
    {"VDH.pot.improper", [](const double* p) { return vdh::pot_improper(p[0], p[1], p[2]); }},
    {"VDH.pred.cv", [](const double* p) { return vdh::pred_cv(p[0], p[1], p[2]); }},
    {"VDH.conj.Fstar", [](const double* p) { return vdh::fstar_conj(p[0], p[1], p[2], p[3]); }},
    {"VDH.pot.cv", [](const double* p) { return vdh::pot_cv(p[0], p[1], p[2]); }},
    {"VDH.bound.thm1", [](const double* p) { return vdh::bound_thm1(p[0], p[1], p[2], p[3]); }},
    {"VDH.bound.thm12", [](const double* p) { return vdh::bound_thm12(p[0], p[1], p[2]); }},
    {"VDH.bound.thm2",
     [](const double* p) {  // the flat layout {d, u_1..u_d, V_1..V_d, b_1..b_d, G} (catalogue.hpp)
       static const Entry& e = entry("VDH.bound.thm2");
       check_params(e, p);  // names the coordinate (u_3) and the ID
       const int d = static_cast<int>(p[0]);
       return vdh::bound_thm2(p + 1, p + 1 + d, p + 1 + 2 * d, d, p[1 + 3 * d]);
     }},
    {"VDH.bound.thm1_corrected", [](const double* p) { return vdh::bound_thm1_corrected(p[0], p[1], p[2], p[3]); }},
    {"VDH.conj.exp_linear", [](const double* p) { return vdh::conj_exp_linear(p[0], p[1], p[2], p[3]); }},
};
}  // namespace

bool implements(const std::string& id) {
  for (const Row& r : kRows)
    if (id == r.id) return true;
  return false;
}

Value evaluate(const Entry& e, const double* params) {
  for (const Row& r : kRows)
    if (e.id == r.id) return r.fn(params);
  throw UnknownId(e.id, "no fast implementation for this ID");
}

}  // namespace privoco::fast
