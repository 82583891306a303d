// VDH Algorithms 1-3 in double; readings in learners.hpp.
#include "privoco/format.hpp"
#include "privoco/fast/vdh/learners.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/dd.hpp"
#include "conj.hpp"
#include "improper.hpp"

namespace privoco::fast::vdh {

namespace {

void check_gradient(const char* id, double g, long index) {
  if (!std::isfinite(g))
    throw DomainError(id, index < 0 ? "g" : "g" + std::to_string(index + 1), text17(g), "(-inf, inf)");
}

void check_prior(const char* id, const PriorSpec& p) {
  const Entry& e = entry(id);
  if (p.prior == Prior::conjugate) check_param(e, e.index_of("b"), p.b);
  check_param(e, e.index_of("G"), p.G);
}

// One Alg 1 prediction at the double-double sums (L, V): VDH eq (5) = (3.3.2) with the chosen prior. The conjugate
// and uniform priors take the low parts (the prediction of the exact sums, not of their doubles: end to end, report
// --n 2000, alg1 max 97 -> 1.5 ulp); the improper prior's fast form takes doubles.
inline Value predict_at(Prior prior, double L, double L_lo, double V, double V_lo, double b, double G) {
  switch (prior) {
    case Prior::conjugate: return pred_conj_dd(L, L_lo, V, V_lo, b, G);
    case Prior::uniform: return pred_uniform_dd(L, L_lo, V, V_lo, G);
    case Prior::improper: return pred_improper(L + L_lo, V + V_lo, G);  // VDH (3.8.1) by the definition
  }
  return {};
}

// V = sum g^2 must stay a double: the learner's state, unlike its predictions, has no out-of-range form.
inline void check_sum(const char* id, double V_hi, double g) {
  if (!std::isfinite(V_hi))
    throw DomainError(id, "g", text17(g), "gradients whose squares sum to at most DBL_MAX (V would overflow)");
}

// L -= g, V += g^2 in double-double.
inline void accumulate(double& L_hi, double& L_lo, double& V_hi, double& V_lo, double g) {
  dd L = dd{L_hi, L_lo} + dd{-g, 0};
  dd V = dd{V_hi, V_lo} + two_prod(g, g);
  L_hi = L.hi, L_lo = L.lo, V_hi = V.hi, V_lo = V.lo;
}
}  // namespace

const char* to_string(Prior p) {
  return p == Prior::conjugate ? "conjugate" : (p == Prior::uniform ? "uniform" : "improper");
}

Prior parse_prior(const std::string& name) {
  if (name == "conjugate") return Prior::conjugate;
  if (name == "uniform") return Prior::uniform;
  if (name == "improper") return Prior::improper;
  throw ParamError("VDH.alg.alg1", "prior", "'" + name + "' is not one of conjugate, uniform, improper");
}

// ---- Alg 1 ----
Alg1::Alg1(const PriorSpec& p) : p_(p) { check_prior("VDH.alg.alg1", p); }

Value Alg1::predict() const { return predict_at(p_.prior, s_.L_hi, s_.L_lo, s_.V_hi, s_.V_lo, p_.b, p_.G); }

void Alg1::update(double g) {
  check_gradient("VDH.alg.alg1", g, -1);
  Alg1State n = s_;
  accumulate(n.L_hi, n.L_lo, n.V_hi, n.V_lo, g);
  check_sum("VDH.alg.alg1", n.V_hi, g);
  s_ = n;
  ++s_.t;
}

void Alg1::restore(const Alg1State& s) {
  if (!std::isfinite(s.L_hi) || !std::isfinite(s.L_lo) || !(s.V_hi >= 0) || !std::isfinite(s.V_hi) ||
      !std::isfinite(s.V_lo))
    throw ParamError("VDH.alg.alg1", "state", "not a state of Algorithm 1 (non-finite or negative V)");
  // normalised double-doubles (a saved state already is: unchanged), as the predictions read the high parts alone
  // where the magnitudes are extreme; nothing changes if the state is refused
  Alg1State n = s;
  const dd L = two_sum(s.L_hi, s.L_lo), V = two_sum(s.V_hi, s.V_lo);
  n.L_hi = L.hi, n.L_lo = L.lo, n.V_hi = V.hi, n.V_lo = V.lo;
  if (!(n.V_hi >= 0)) throw ParamError("VDH.alg.alg1", "state", "not a state of Algorithm 1 (negative V)");
  s_ = n;
}

// ---- Alg 3 ----
Alg3::Alg3(const Eigen::VectorXd& b, double G, Prior prior)
    : b_(b), G_(G), prior_(prior),
      L_hi_(Eigen::ArrayXd::Zero(b.size())), L_lo_(Eigen::ArrayXd::Zero(b.size())),
      V_hi_(Eigen::ArrayXd::Zero(b.size())), V_lo_(Eigen::ArrayXd::Zero(b.size())) {
  if (b.size() < 1) throw ParamError("VDH.alg.alg3", "d", "the dimension must be at least 1");
  const Entry& e = entry("VDH.alg.alg3");
  check_param(e, e.index_of("G"), G);
  if (prior == Prior::conjugate)
    for (Eigen::Index j = 0; j < b.size(); ++j)
      if (!e.params[e.index_of("b")].domain.contains(b[j]))
        throw DomainError(e.id, "b" + std::to_string(j + 1), text17(b[j]), e.params[e.index_of("b")].domain.text());
}

int Alg3::predict(Eigen::Ref<Eigen::VectorXd> w) const {
  if (w.size() != b_.size()) throw ParamError("VDH.alg.alg3", "w", "size differs from d");
  int out_of_range = 0;
  if (prior_ == Prior::conjugate) {  // all coordinates through the batch form (its vectorised kernels)
    // Per-thread scratch, grown on first use only: no allocation per step.
    thread_local std::vector<double> G;
    thread_local std::vector<Value> out;
    const std::size_t d = static_cast<std::size_t>(b_.size());
    if (G.size() < d) G.resize(d), out.resize(d);
    for (std::size_t k = 0; k < d; ++k) G[k] = G_;
    pred_conj_dd(L_hi_.data(), L_lo_.data(), V_hi_.data(), V_lo_.data(), b_.data(), G.data(), out.data(), d);
    for (std::size_t k = 0; k < d; ++k) {
      w[static_cast<Eigen::Index>(k)] = out[k].value;
      out_of_range += out[k].status != Status::ok;
    }
    return out_of_range;
  }
  for (Eigen::Index j = 0; j < b_.size(); ++j) {
    const Value v = predict_at(prior_, L_hi_[j], L_lo_[j], V_hi_[j], V_lo_[j], b_[j], G_);
    w[j] = v.value;
    out_of_range += v.status != Status::ok;
  }
  return out_of_range;
}

void Alg3::update(const Eigen::Ref<const Eigen::VectorXd>& g) {
  if (g.size() != b_.size()) throw ParamError("VDH.alg.alg3", "g", "size differs from d");
  // One branch-free pass decides whether every entry is valid (finite, V stays finite); only if not, the
  // per-entry checks name the first bad one. Nothing is updated unless all are valid.
  bool all_ok = true;
  for (Eigen::Index j = 0; j < g.size(); ++j)
    all_ok &= std::isfinite(g[j]) & std::isfinite((V_hi_[j] + g[j] * g[j]) * (1 + 0x1p-40));  // margin: V's lo part
  if (!all_ok) {
    for (Eigen::Index j = 0; j < g.size(); ++j) {
      check_gradient("VDH.alg.alg3", g[j], j);
      check_sum("VDH.alg.alg3", (dd{V_hi_[j], V_lo_[j]} + two_prod(g[j], g[j])).hi, g[j]);
    }
  }
  for (Eigen::Index j = 0; j < g.size(); ++j) accumulate(L_hi_[j], L_lo_[j], V_hi_[j], V_lo_[j], g[j]);
  ++t_;
}

std::vector<Alg1State> Alg3::state() const {
  std::vector<Alg1State> s(static_cast<std::size_t>(b_.size()));
  for (Eigen::Index j = 0; j < b_.size(); ++j) s[j] = {L_hi_[j], L_lo_[j], V_hi_[j], V_lo_[j], t_};
  return s;
}

void Alg3::restore(const std::vector<Alg1State>& s) {
  if (static_cast<Eigen::Index>(s.size()) != b_.size())
    throw ParamError("VDH.alg.alg3", "state", "size differs from d");
  for (Eigen::Index j = 0; j < b_.size(); ++j) {
    Alg1 check({prior_, prior_ == Prior::conjugate ? b_[j] : 1, G_});
    check.restore(s[j]);  // validates and normalises
    const Alg1State& n = check.state();
    L_hi_[j] = n.L_hi, L_lo_[j] = n.L_lo, V_hi_[j] = n.V_hi, V_lo_[j] = n.V_lo;
  }
  t_ = s.empty() ? 0 : s[0].t;
}

// ---- direction learner and Alg 2 ----
MdDirection::MdDirection(Eigen::Index d) : z_(Eigen::VectorXd::Zero(d)) {
  if (d < 1) throw ParamError("VDH.alg.md_direction", "d", "the dimension must be at least 1");
}

void MdDirection::update(const Eigen::Ref<const Eigen::VectorXd>& g) {
  if (g.size() != z_.size()) throw ParamError("VDH.alg.md_direction", "g", "size differs from d");
  for (Eigen::Index j = 0; j < g.size(); ++j) check_gradient("VDH.alg.md_direction", g[j], j);
  sum_sq_ += g.squaredNorm();
  if (sum_sq_ == 0) return;  // A28(a): eta undefined while the sum is 0; no step
  z_.noalias() -= g / std::sqrt(sum_sq_);  // eta_t = 1/sqrt(sum_{s<=t} ||g_s||^2)
  const double n = z_.norm();
  if (n > 1) z_ /= n;  // projection onto the unit ball
}

void MdDirection::restore(const Eigen::VectorXd& z, double sum_sq) {
  if (z.size() != z_.size() || !(sum_sq >= 0) || !std::isfinite(sum_sq) || !z.allFinite() || z.norm() > 1 + 1e-12)
    throw ParamError("VDH.alg.md_direction", "state", "not a state of the direction learner");
  z_ = z;
  sum_sq_ = sum_sq;
}

Alg2::Alg2(Eigen::Index d, const PriorSpec& p) : alg1_(p), md_(d) {}

void Alg2::restore(const Alg1State& scalar, const Eigen::VectorXd& z, double sum_sq) {
  MdDirection md = md_;
  md.restore(z, sum_sq);  // validates before anything changes
  Alg1 a = alg1_;
  a.restore(scalar);
  md_ = md;
  alg1_ = a;
}

Value Alg2::predict(Eigen::Ref<Eigen::VectorXd> w) const {
  const Value v = alg1_.predict();
  w.noalias() = v.value * md_.z();
  if (v.status == Status::overflow)  // inf * 0 would be NaN: a zero direction plays 0
    for (Eigen::Index j = 0; j < w.size(); ++j)
      if (md_.z()[j] == 0) w[j] = 0;
  return v;
}

void Alg2::update(const Eigen::Ref<const Eigen::VectorXd>& g) {
  if (g.size() != md_.z().size()) throw ParamError("VDH.alg.alg2", "g", "size differs from d");
  for (Eigen::Index j = 0; j < g.size(); ++j) check_gradient("VDH.alg.alg2", g[j], j);
  last_s_ = md_.z().dot(g);  // Alg 2 line 6: <z_t, g~_t> to Algorithm 1
  alg1_.update(last_s_);
  md_.update(g);             // Alg 2 line 5
}

}  // namespace privoco::fast::vdh
