// Certified replay of VDH Alg 1 (and, one instance per coordinate, Alg 3): exact sums, certified predictions.
#include "privoco/reference/learners.hpp"

#include <cmath>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"

namespace privoco::reference::vdh {

Alg1Replay::Alg1Replay(const std::string& prior, const Decimal& b, const Decimal& G, const Options& opt)
    : opt_(opt) {
  const Entry& alg = entry("VDH.alg.alg1");
  if (prior == "conjugate") {
    check_param(alg, alg.index_of("b"), b);
    pred_ = &entry("VDH.pred.conj");
  } else if (prior == "uniform") {
    pred_ = &entry("VDH.pred.uniform");
  } else if (prior == "improper") {
    pred_ = &entry("VDH.pred.improper");
  } else {
    throw ParamError(alg.id, "prior", "'" + prior + "' is not one of conjugate, uniform, improper");
  }
  check_param(alg, alg.index_of("G"), G);
  b_ = b;
  G_ = G;
}

void Alg1Replay::update(double g) {
  if (!std::isfinite(g)) throw DomainError("VDH.alg.alg1", "g", std::to_string(g), "(-inf, inf)");
  Ball x;
  arb_set_d(x, g);
  arb_sub(L_, L_, x, ARF_PREC_EXACT);
  arb_sqr(x, x, ARF_PREC_EXACT);
  arb_add(V_, V_, x, ARF_PREC_EXACT);
}

Certified Alg1Replay::predict(int digits) const {
  Options opt = opt_;
  if (digits > 0) opt.digits = digits;
  const bool conj = pred_->id == "VDH.pred.conj";  // params L, V, b, G (conjugate) or L, V, G (uniform, improper)
  return evaluate_with(
      *pred_,
      [&](arb_ptr x, std::size_t i, slong prec) {
        if (i == 0) arb_set(x, L_);
        else if (i == 1) arb_set(x, V_);
        else arb_set_str(x, (conj && i == 2 ? b_ : G_).text.c_str(), prec);
      },
      opt);
}

}  // namespace privoco::reference::vdh
