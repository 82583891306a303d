// Certified replay of VDH Alg 1 (and, one instance per coordinate, Alg 3): exact sums, certified predictions;
// Alg 2 in ball arithmetic (its direction learner divides and takes square roots).
#include "privoco/reference/vdh/learners.hpp"

#include <algorithm>
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

void Alg1Replay::update(const Ball& s, slong prec) {
  if (!arb_is_finite(s)) throw DomainError("VDH.alg.alg1", "g", "a non-finite ball", "(-inf, inf)");
  arb_sub(L_, L_, s, prec);
  Ball x;
  arb_sqr(x, s, prec);
  arb_add(V_, V_, x, prec);
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

Alg2Replay::Alg2Replay(std::size_t d, const std::string& prior, const Decimal& b, const Decimal& G, const Options& opt,
                       slong prec)
    : alg1_(prior, b, G, opt), md_(d, prec), opt_(opt), prec_(prec) {}

MdDirectionReplay::MdDirectionReplay(std::size_t d, slong prec) : z_(d), prec_(prec) {
  if (d < 1) throw ParamError("VDH.alg.md_direction", "d", "the dimension must be at least 1");
}

namespace {
// A gradient of the direction learner or Alg 2: size d, finite entries; checked before any state changes.
void check_gradients(const char* id, const std::vector<double>& g, std::size_t d) {
  if (g.size() != d) throw ParamError(id, "g", "size differs from d");
  for (std::size_t j = 0; j < g.size(); ++j)
    if (!std::isfinite(g[j])) throw DomainError(id, "g" + std::to_string(j + 1), std::to_string(g[j]), "(-inf, inf)");
}
}  // namespace

Certified MdDirectionReplay::predict_z(std::size_t j, int digits) const {
  if (j >= z_.size()) throw ParamError("VDH.alg.md_direction", "j", "coordinate out of range");
  return certify_ball(z_[j], digits, "VDH.alg.md_direction");
}

void MdDirectionReplay::update(const std::vector<double>& g) {
  check_gradients("VDH.alg.md_direction", g, z_.size());  // before sum_sq_ moves (it did, up to the bad entry)
  Ball gj, t;
  for (std::size_t j = 0; j < g.size(); ++j) {
    arb_set_d(gj, g[j]);
    arb_sqr(t, gj, ARF_PREC_EXACT);
    arb_add(sum_sq_, sum_sq_, t, ARF_PREC_EXACT);
  }
  if (arb_is_zero(sum_sq_)) return;  // A28(a): no step while the sum is 0
  Ball eta, n2;
  arb_rsqrt(eta, sum_sq_, prec_);  // eta_t = 1/sqrt(sum_{s<=t} ||g~_s||^2)
  for (std::size_t j = 0; j < g.size(); ++j) {
    arb_set_d(gj, g[j]);
    arb_submul(z_[j], eta, gj, prec_);
    arb_addmul(n2, z_[j], z_[j], prec_);
  }
  Ball one;
  arb_one(one);
  if (arb_le(n2, one)) return;  // inside the ball: no projection
  Ball n;
  arb_sqrt(n, n2, prec_);
  const bool outside = arb_gt(n2, one);
  for (auto& zj : z_) {
    Ball p;
    arb_div(p, zj, n, prec_);
    if (outside) arb_swap(zj, p);
    else arb_union(zj, zj, p, prec_);  // both branches of the projection
  }
}

Certified Alg2Replay::predict_v(int digits) const {
  const int dg = digits > 0 ? digits : opt_.digits;
  if (v_cache_digits_ != dg) {
    v_cache_ = alg1_.predict(dg);
    v_cache_digits_ = dg;
  }
  return v_cache_;
}

Certified Alg2Replay::predict_w(std::size_t j, int digits) const {
  if (j >= md_.dim()) throw ParamError("VDH.alg.alg2", "j", "coordinate out of range");
  const int dg = digits > 0 ? digits : opt_.digits;
  if (arb_is_zero(md_.z(j))) return certify_ball(md_.z(j), dg, "VDH.alg.alg2");  // w = v * 0, whatever v is
  const Certified v = predict_v(dg + 2);
  Ball w;
  arb_mul(w, v.ball, md_.z(j), prec_);
  return certify_ball(w, dg, "VDH.alg.alg2");
}

void Alg2Replay::update(const std::vector<double>& g) {
  check_gradients("VDH.alg.alg2", g, md_.dim());
  Ball s, gj;
  for (std::size_t j = 0; j < g.size(); ++j) {
    arb_set_d(gj, g[j]);
    arb_addmul(s, md_.z(j), gj, prec_);  // Alg 2 line 6: s_t = <z_t, g~_t>, before z moves
  }
  alg1_.update(s, prec_);
  v_cache_digits_ = 0;
  md_.update(g);  // Alg 2 line 5
}

}  // namespace privoco::reference::vdh
