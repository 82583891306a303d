// VDH.conj.thm10_case2: (3.7.2) of the Theorem 10 proof (002) against the conjugate it bounds, computed:
//   sup { uL - F(L; V, b, G) : L >= 2CB }   (reading A22(b): the sup over the case region L >= (2/(5G)) B),
// with F the conjugate-prior potential (VDH.pot.conj). The maximiser is located with the fast part (F' = w is
// increasing: bisection on w(L) = u, or the boundary L = 2CB when w(2CB) >= u); the value u L* - F(L*) is then
// certified at that explicit L* (any L gives a lower bound of the sup). A lower bound above the printed (3.7.2)
// refutes it. Also reported: Lemma 11 (002) case 2 evaluated at the proof's stated eta = (5 - sqrt5)/(50G) with
// mu = 1/(5G) (A12(ii)(b)) and nu([eta, mu]) = mu - eta, Z exact: the bound the proof's own steps give.
#include <arb.h>

#include <Eigen/Core>

#include <chrono>
#include <cmath>
#include <sstream>

#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/fast/vdh/learners.hpp"
#include "privoco/fast/vdh/randomisers.hpp"
#include "checks.hpp"
#include "privoco/proofs/check.hpp"
#include "privoco/proofs/claims.hpp"
#include "privoco/format.hpp"
#include "privoco/proofs/regret.hpp"
#include "privoco/proofs/search.hpp"
#include "../../fast/numerics/lambertw.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/reference/vdh/bounds.hpp"
#include "privoco/reference/vdh/cv.hpp"

namespace privoco::proofs {

namespace {
const char* kId = "VDH.conj.thm10_case2";

// Z = int_{-C}^{C} e^{-b v^2} dv of the conjugate prior (VDH.pot.Z, the reference's own ball function).
void z_conj(arb_t Z, double b, double G, slong prec) {
  arb_ptr q = _arb_vec_init(2);
  arb_set_d(q + 0, b);
  arb_set_d(q + 1, G);
  reference::ball_function("VDH.pot.Z")(Z, q, prec);
  _arb_vec_clear(q, 2);
}

// x * d for a double d (exact conversion of d, then a rounded product)
void mul_d(arb_t res, const arb_t x, double d, slong prec) {
  arb_t t;
  arb_init(t);
  arb_set_d(t, d);
  arb_mul(res, x, t, prec);
  arb_clear(t);
}

double fast_w(double L, double V, double b, double G, double* log_abs) {
  const double x[4] = {L, V, b, G};
  const fast::Value v = fast::evaluate(entry("VDH.pred.conj"), x);
  *log_abs = v.log_abs();
  return v.value;
}

// The maximiser of uL - F(L) over [lo, hi] (hi = inf allowed): F' = w is increasing, so bisection on w(L) = u,
// clamped to the interval. The fast part only locates it; the caller certifies the value at that L.
double argmax_w(double u, double V, double b, double G, double lo, double hi) {
  double la;
  if (fast_w(lo, V, b, G, &la) >= u) return lo;
  if (std::isfinite(hi)) {
    if (fast_w(hi, V, b, G, &la) <= u) return hi;
  } else {
    hi = std::max(2 * lo, lo + 1);
    while (fast_w(hi, V, b, G, &la) < u && std::log(u) > la) hi = 2 * hi;
  }
  for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (fast_w(mid, V, b, G, &la) < u ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

// (3.7.2) as printed: 11G u (ln(11G u) - 1 + ln(sqrt5 G sqrt(pi) / (4 sqrt b))) + 1, u > 0, certified.
void printed_372(arb_t res, double u, double b, double G, slong prec) {
  arb_t k, x, y;
  arb_init(k); arb_init(x); arb_init(y);
  arb_set_d(k, G);
  arb_mul_ui(k, k, 11, prec);
  arb_set_d(x, u);
  arb_mul(k, k, x, prec);          // 11 G u
  arb_log(x, k, prec);
  arb_sub_ui(x, x, 1, prec);
  arb_sqrt_ui(y, 5, prec);
  mul_d(y, y, G, prec);
  arb_t sp;
  arb_init(sp);
  arb_const_sqrt_pi(sp, prec);
  arb_mul(y, y, sp, prec);
  arb_set_d(sp, b);
  arb_sqrt(sp, sp, prec);
  arb_mul_2exp_si(sp, sp, 2);
  arb_div(y, y, sp, prec);
  arb_log(y, y, prec);
  arb_add(x, x, y, prec);
  arb_mul(x, x, k, prec);
  arb_add_ui(res, x, 1, prec);
  arb_clear(k); arb_clear(x); arb_clear(y); arb_clear(sp);
}

// Lemma 11 (002) case 2 at eta = (5 - sqrt5)/(50G), mu = 1/(5G): (u/c)(ln(u/c) - 1 + ln(Z/nu)) + 1,
// c = eta - eta^2 (5/2) G, nu = mu - eta, Z = sqrt(pi/b) erf(sqrt(b)/(5G)).
void lemma11_case2(arb_t res, double u, double b, double G, slong prec) {
  arb_t eta, mu, c, nu, Z, x, t;
  arb_init(eta); arb_init(mu); arb_init(c); arb_init(nu); arb_init(Z); arb_init(x); arb_init(t);
  arb_sqrt_ui(eta, 5, prec);
  arb_neg(eta, eta);
  arb_add_ui(eta, eta, 5, prec);
  arb_set_d(t, G);
  arb_mul_ui(t, t, 50, prec);
  arb_div(eta, eta, t, prec);      // (5 - sqrt5)/(50G)
  arb_set_d(t, G);
  arb_mul_ui(t, t, 5, prec);
  arb_inv(mu, t, prec);            // 1/(5G)
  arb_sqr(c, eta, prec);
  mul_d(c, c, 2.5 * G, prec);
  arb_sub(c, eta, c, prec);        // eta - (5/2) G eta^2
  arb_sub(nu, mu, eta, prec);
  z_conj(Z, b, G, prec);
  arb_set_d(x, u);
  arb_div(x, x, c, prec);          // u/c
  arb_log(t, x, prec);
  arb_sub_ui(t, t, 1, prec);
  arb_div(Z, Z, nu, prec);
  arb_log(Z, Z, prec);
  arb_add(t, t, Z, prec);
  arb_mul(t, t, x, prec);
  arb_add_ui(res, t, 1, prec);
  arb_clear(eta); arb_clear(mu); arb_clear(c); arb_clear(nu); arb_clear(Z); arb_clear(x); arb_clear(t);
}

// VDH.pot.conj certified at exact doubles x = {L, V, b, G} (20 digits); false where the precision ceiling is reached
// (such a point cannot refute and is not counted).
bool certified_potential(const double* x, reference::Certified* F) {
  reference::Options opt;
  opt.digits = 20;
  opt.strings = false;
  try {
    *F = reference::evaluate(entry("VDH.pot.conj"), x, opt);
  } catch (const PrecisionCeiling&) {
    return false;
  }
  return true;
}

// Lemma 11 case 2 at the proof's eta in double, for the search's margin only (certified: lemma11_case2).
double lemma11_case2_d(double u, double b, double G) {
  const double k = u * 100 * G / (7 - std::sqrt(5.0)), nu = (5 + std::sqrt(5.0)) / (50 * G);
  const double Z = std::sqrt(M_PI / b) * std::erf(std::sqrt(b) / (5 * G));
  return k * (std::log(k) - 1 + std::log(Z / nu)) + 1;
}

RegretOutcome thm10_case2(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  long evaluations = 100000;
  for (const auto& [k, v] : p) {
    if (k != "evaluations") throw ParamError(kId, k, "unknown parameter (this takes evaluations)");
    const Decimal d = parse_param(kId, k, v);
    if (!(d.approx >= 1 && d.approx <= 1e9 && d.approx == std::floor(d.approx)))
      throw DomainError(kId, k, v, "an integer in [1, 1e9]");
    evaluations = static_cast<long>(d.approx);
  }
  const auto t0 = std::chrono::steady_clock::now();
  RegretOutcome out;
  out.seed = seed;
  const Entry& pot = entry("VDH.pot.conj");
  int fstar_above_thm1 = 0, above_lemma11 = 0;
  double worst_excess = -INFINITY;
  for (double G : {0.1, 1.0, 10.0})
    for (double b : {0.01, 1.0, 100.0})
      for (double V : {0.0, 1.0, 100.0, 1e4})
        for (double u : {0.01, 0.1, 1.0, 10.0, 100.0, 1e3, 1e4}) {
          const double C = 1 / (5 * G), B = b + V, L0 = 2 * C * B;
          auto argmax = [&](double from) { return argmax_w(u, V, b, G, from, INFINITY); };
          reference::Options opt;
          opt.digits = 20;
          opt.strings = false;
          auto value_at = [&](arb_t res, double L) {  // u L - F(L), certified: a lower bound of every sup containing L
            const double x[4] = {L, V, b, G};
            const reference::Certified F = reference::evaluate(pot, x, opt);
            arb_set_d(res, L);
            mul_d(res, res, u, 256);
            arb_sub(res, res, F.ball.get(), 256);
          };
          const double L = argmax(L0);
          arb_t val, rhs, l11, t;
          arb_init(val); arb_init(rhs); arb_init(l11); arb_init(t);
          value_at(val, L);  // u L* - F(L*) <= sup over the case region
          // the whole conjugate (sup over all L >= 0; u > 0) against the Theorem 1 right-hand side (the proof route
          // E R_T(u) <= F_T^*(u) of Lemmas 2, 3, 5 (000))
          value_at(t, argmax(0));
          {
            const double y[4] = {u, V, b, G};
            const reference::Certified th1 = reference::evaluate(entry("VDH.bound.thm1"), y, opt);
            if (arb_gt(t, th1.ball.get())) ++fstar_above_thm1;
          }
          printed_372(rhs, u, b, G, 256);
          lemma11_case2(l11, u, b, G, 256);
          if (arb_gt(val, l11)) ++above_lemma11;
          std::ostringstream name;
          name << "V=" << V << " b=" << b << " G=" << G;
          RegretCase c{name.str(), 0, u, arf_get_d(arb_midref(val), ARF_RND_NEAR), 0,
                       arf_get_d(arb_midref(rhs), ARF_RND_NEAR), 0, false, {}};
          c.ratio = c.bound > 0 ? c.realised / c.bound : NAN;  // a non-positive printed bound has no ratio
          if (arb_gt(val, rhs)) {
            c.violated = true;
            c.evidence = "certified: u L - F(L) = " + reference::ball_text(val, 10) + " at L = " + std::to_string(L) + " > (3.7.2) = " +
                         reference::ball_text(rhs, 10) + "; Lemma 11 case 2 at the stated eta: " + reference::ball_text(l11, 10) +
                         (arb_gt(val, l11) ? " (also exceeded)" : " (holds)");
          }
          const double excess = (c.realised - c.bound) / (1 + std::fabs(c.bound));
          if (excess > worst_excess) worst_excess = excess, out.worst = c;
          out.cases.push_back(c);
          arb_clear(val); arb_clear(rhs); arb_clear(l11); arb_clear(t);
        }
  int nv = 0;
  for (const auto& c : out.cases) nv += c.violated;
  out.verdict = nv ? "refuted" : "undecided";
  std::ostringstream note;
  note << out.cases.size() << " grid points (u, V, b, G over decades); " << nv
       << " where a certified lower bound of the restricted conjugate exceeds (3.7.2), worst at " << out.worst.stream
       << ", u = " << out.worst.u << " (" << out.worst.realised << " > " << out.worst.bound << "); Lemma 11 case 2 at "
       << "the proof's eta is exceeded at " << above_lemma11 << " points; the whole conjugate F*(u) exceeds the Thm 1 right-hand side at "
       << fstar_above_thm1 << " grid points (not over the whole domain: ERRATA.md E9)";
  // The search over the whole case-2 region L >= 2CB against Lemma 11 case 2 at the proof's eta (E4's corrected form).
  SearchSpec spec;
  spec.params = {{"u", 1e-12, 1e6, true}, {"V", 1e-12, 1e12, true}, {"b", 1e-12, 1e12, true}, {"G", 1e-12, 1e12, true},
                 {"t", 0, 1, false}};
  spec.evaluations = evaluations;
  spec.seed = seed;
  auto L_of = [](const double* x) { return 2 * (x[2] + x[1]) / (5 * x[3]) * (1 + 1e-12) * std::exp(x[4] * std::log(1e12)); };
  spec.margin = [&](const double* x) {
    const double L = L_of(x), q[4] = {L, x[1], x[2], x[3]};
    if (!std::isfinite(L)) return std::nan("");
    const fast::Value F = fast::evaluate(pot, q);
    const double bound = lemma11_case2_d(x[0], x[2], x[3]);
    if (F.status == fast::Status::overflow || !std::isfinite(bound)) return 1.0;
    return (bound - (x[0] * L - F.value)) / (1 + std::fabs(bound));
  };
  const CertifiedSearch cs = search_and_certify(spec, [&](const std::vector<double>& x) {
    CertifiedPoint pt;
    const double u = x[0], V = x[1], b = x[2], G = x[3], L = L_of(x.data()), q[4] = {L, V, b, G};
    reference::Ball L0, Bb(b);
    arb_add(Bb.get(), Bb.get(), reference::Ball(V).get(), ARF_PREC_EXACT);
    arb_mul_ui(L0.get(), reference::Ball(G).get(), 5, 256);
    arb_div(L0.get(), Bb.get(), L0.get(), 256);
    arb_mul_2exp_si(L0.get(), L0.get(), 1);  // 2CB
    if (!arb_le(L0.get(), reference::Ball(L).get())) return pt;  // not certainly in the case-2 region
    reference::Certified F;
    if (!certified_potential(q, &F)) return pt;
    pt.certified = true;
    reference::Ball val(L), l11;
    mul_d(val.get(), val.get(), u, 256);
    arb_sub(val.get(), val.get(), F.ball.get(), 256);
    lemma11_case2(l11.get(), u, b, G, 256);
    pt.realised = arf_get_d(arb_midref(val.get()), ARF_RND_NEAR);
    pt.bound = arf_get_d(arb_midref(l11.get()), ARF_RND_NEAR);
    pt.violated = arb_gt(val.get(), l11.get());
    std::ostringstream name;
    name << "search: V=" << V << " b=" << b << " G=" << G << " L=" << L << " vs Lemma 11 case 2";
    pt.name = name.str();
    if (pt.violated)
      pt.evidence = "certified: u L - F(L) = " + reference::ball_text(val.get(), 10) + " at u = " + text17(u) +
                    ", L = " + text17(L) + ", V = " + text17(V) + ", b = " + text17(b) + ", G = " + text17(G) +
                    " > Lemma 11 case 2 = " + reference::ball_text(l11.get(), 10);
    return pt;
  });
  note << "; adversarial search against Lemma 11 case 2 at the proof's eta (E4's corrected form) over " << cs.describe(spec);
  if (cs.violations) note << "; THE CORRECTED FORM IS EXCEEDED";
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}
// (3.7.1): sqrt(8 u^2 B ln(16 u^2 B sqrt(pi) sqrt(B)/sqrt(b) + 1)) + 1 (printed), and Lemma 11 (002) case 1 with
// S = Z/nu([eta1, mu1]) = Z sqrt(2B) (nu = mu1 - eta1 = 1/sqrt(2B), Z exact): sqrt(8 u^2 B ln(16 u^2 B S + 1)) + 1.
void case1_bounds(arb_t printed, arb_t lemma, double u, double V, double b, double G, slong prec) {
  arb_t x, y, z, B;
  arb_init(x); arb_init(y); arb_init(z); arb_init(B);
  arb_set_d(B, b);
  arb_set_d(z, V);
  arb_add(B, B, z, ARF_PREC_EXACT);  // B = b + V exactly
  arb_set_d(x, u);
  arb_sqr(x, x, prec);
  arb_mul(x, x, B, prec);            // u^2 B
  arb_sqrt(y, B, prec);
  arb_const_sqrt_pi(z, prec);
  arb_mul(y, y, z, prec);
  arb_set_d(z, b);
  arb_sqrt(z, z, prec);
  arb_div(y, y, z, prec);            // sqrt(pi) sqrt(B)/sqrt(b), as printed
  auto finish = [&](arb_t res, const arb_t S) {
    arb_t t;
    arb_init(t);
    arb_mul(t, x, S, prec);
    arb_mul_2exp_si(t, t, 4);
    arb_log1p(t, t, prec);
    arb_mul(t, t, x, prec);
    arb_mul_2exp_si(t, t, 3);
    arb_sqrt(t, t, prec);
    arb_add_ui(res, t, 1, prec);
    arb_clear(t);
  };
  finish(printed, y);
  // S = Z sqrt(2B)
  z_conj(y, b, G, prec);
  arb_mul_2exp_si(z, B, 1);
  arb_sqrt(z, z, prec);
  arb_mul(y, y, z, prec);            // Z sqrt(2B)
  finish(lemma, y);
  arb_clear(x); arb_clear(y); arb_clear(z); arb_clear(B);
}

// The conjugate of Lemma 11 case 1's lower bound exp(L^2/(4B) - 1/2 - S) - 1, S = ln(Z sqrt(2B)) (ERRATA.md E7):
// sqrt(2Hw) - sqrt(2H/w) + 1, H = u^2 B, w = W(2H e^{2S+1}) = W(4e H B Z^2); an upper bound of the case-1 sup.
void derived_bound(arb_t res, double u, double V, double b, double G, slong prec) {
  arb_t H, B, Z, w, t;
  arb_init(H); arb_init(B); arb_init(Z); arb_init(w); arb_init(t);
  arb_set_d(B, b);
  arb_set_d(t, V);
  arb_add(B, B, t, ARF_PREC_EXACT);
  arb_set_d(H, u);
  arb_sqr(H, H, prec);
  arb_mul(H, H, B, prec);                 // H = u^2 B
  z_conj(Z, b, G, prec);
  arb_sqr(w, Z, prec);
  arb_mul(w, w, B, prec);
  arb_mul(w, w, H, prec);
  arb_mul_2exp_si(w, w, 2);
  arb_const_e(t, prec);
  arb_mul(w, w, t, prec);                 // 4e H B Z^2 = 2H e^{2S+1}
  arb_lambertw(w, w, 0, prec);
  arb_mul(t, H, w, prec);
  arb_mul_2exp_si(t, t, 1);
  arb_sqrt(t, t, prec);                   // sqrt(2Hw)
  arb_mul_2exp_si(res, H, 1);
  arb_div(res, res, w, prec);
  arb_sqrt(res, res, prec);               // sqrt(2H/w)
  arb_sub(res, t, res, prec);
  arb_add_ui(res, res, 1, prec);
  arb_clear(H); arb_clear(B); arb_clear(Z); arb_clear(w); arb_clear(t);
}

// |u| sqrt(2B) + 1: the value of u L - F(L) >= u L + 1 - (F + 1) approached at the case region's lower end where
// F + 1 is small (reading form=edge takes the max of this and Lemma 11 case 1).
void edge_bound(arb_t res, double u, double V, double b, slong prec) {
  arb_t B;
  arb_init(B);
  arb_set_d(B, b);
  arb_set_d(res, V);
  arb_add(B, B, res, ARF_PREC_EXACT);
  arb_mul_2exp_si(B, B, 1);
  arb_sqrt(B, B, prec);
  arb_set_d(res, std::fabs(u));
  arb_mul(res, res, B, prec);
  arb_add_ui(res, res, 1, prec);
  arb_clear(B);
}

// A search point's case for a RegretOutcome table.
RegretCase case_of(const CertifiedPoint& p, double u) {
  return RegretCase{p.name, 0, u, p.realised, 0, p.bound, p.realised / p.bound, p.violated, p.evidence};
}


// The bound of reading `form` in double, for the search's margin only (certified values: case1_bounds, edge_bound,
// derived_bound): printed (3.7.1); lemma: Lemma 11 case 1 with S = Z sqrt(2B); edge: the max of the lemma's and
// |u| sqrt(2B) + 1; derived: the conjugate of Lemma 11's lower bound (ERRATA.md E7, E8).
double case1_bound_d(const std::string& form, double u, double B, double b, double G) {
  const double x = u * u * B;
  if (form == "printed") return std::sqrt(8 * x * std::log1p(16 * x * std::sqrt(M_PI) * std::sqrt(B) / std::sqrt(b))) + 1;
  const double Z = std::sqrt(M_PI / b) * std::erf(std::sqrt(b) / (5 * G));
  if (form == "derived") {  // sqrt(2Hw) - sqrt(2H/w) + 1, H = u^2 B, w = W(2H e^{2S+1}), e^S = Z sqrt(2B)
    const double w = fast::numerics::lambertw_of_log(std::log(2 * x) + 2 * std::log(Z * std::sqrt(2 * B)) + 1);
    return std::sqrt(2 * x * w) - std::sqrt(2 * x / w) + 1;
  }
  const double lemma = std::sqrt(8 * x * std::log1p(16 * x * Z * std::sqrt(2 * B))) + 1;
  return form == "lemma" ? lemma : std::max(lemma, std::fabs(u) * std::sqrt(2 * B) + 1);
}

// The search over the whole domain: u, V, b, G across their ranges in log scale and L across the case region
// sqrt(2B) < L <= 2CB (log-interpolated by t in [0, 1]); margin ((3.7.1) - (u L - F(L))) / (1 + |(3.7.1)|) with the
// fast F; the best points are then certified.
SearchSpec case1_search(const std::string& form, long evaluations, std::uint64_t seed) {
  SearchSpec s;
  s.params = {{"u", 1e-12, 1e6, true}, {"V", 1e-12, 1e12, true}, {"b", 1e-12, 1e12, true}, {"G", 1e-12, 1e12, true},
              {"t", 0, 1, false}};
  s.evaluations = evaluations;
  s.seed = seed;
  s.margin = [form](const double* x) {
    const double u = x[0], V = x[1], b = x[2], G = x[3];
    const double C = 1 / (5 * G), B = b + V, lo = std::sqrt(2 * B), hi = 2 * C * B;
    if (!(lo < hi) || !std::isfinite(hi)) return std::nan("");  // the case region is empty (or beyond doubles)
    const double L = std::min(hi, lo * std::exp(x[4] * std::log(hi / lo)));
    const double q[4] = {L, V, b, G};
    const fast::Value F = fast::evaluate(entry("VDH.pot.conj"), q);
    const double bound = case1_bound_d(form, u, B, b, G);
    if (F.status == fast::Status::overflow || !std::isfinite(bound)) return 1.0;  // F beyond doubles: u L - F << 0
    return (bound - (u * L - F.value)) / (1 + std::fabs(bound));
  };
  return s;
}

RegretOutcome lemma11_case1(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  long evaluations = 100000;
  std::string form = "printed";
  for (const auto& [k, v] : p) {
    if (k == "form") {
      if (v != "printed" && v != "lemma" && v != "edge" && v != "derived")
        throw ParamError("VDH.conj.lemma11_case1", k, "'" + v + "' (printed, lemma, edge, derived)");
      form = v;
      continue;
    }
    if (k != "evaluations") throw ParamError("VDH.conj.lemma11_case1", k, "unknown parameter (this takes form, evaluations)");
    const Decimal d = parse_param("VDH.conj.lemma11_case1", k, v);
    if (!(d.approx >= 1 && d.approx <= 1e9 && d.approx == std::floor(d.approx)))
      throw DomainError("VDH.conj.lemma11_case1", k, v, "an integer in [1, 1e9]");
    evaluations = static_cast<long>(d.approx);
  }
  const auto t0 = std::chrono::steady_clock::now();
  RegretOutcome out;
  out.seed = seed;
  const Entry& pot = entry("VDH.pot.conj");
  int above_lemma = 0, regions = 0;
  double worst_excess = -INFINITY;
  for (double G : {0.01, 0.1, 1.0})
    for (double b : {0.01, 1.0, 100.0})
      for (double V : {0.0, 1.0, 100.0, 1e4, 1e6})
        for (double u : {0.01, 0.1, 1.0, 10.0, 100.0, 1e3}) {
          const double C = 1 / (5 * G), B = b + V, lo = std::sqrt(2 * B), hi = 2 * C * B;
          if (!(lo < hi)) continue;  // the case region sqrt(2B) < L <= 2CB is empty
          ++regions;
          const double L = argmax_w(u, V, b, G, lo, hi);  // clamped to the case region
          const double x[4] = {L, V, b, G};
          reference::Options opt;
          opt.digits = 20;
          opt.strings = false;
          const reference::Certified F = reference::evaluate(pot, x, opt);
          arb_t val, pr, lm;
          arb_init(val); arb_init(pr); arb_init(lm);
          arb_set_d(val, L);
          mul_d(val, val, u, 256);
          arb_sub(val, val, F.ball.get(), 256);
          case1_bounds(pr, lm, u, V, b, G, 256);
          if (arb_gt(val, lm)) ++above_lemma;
          std::ostringstream name;
          name << "V=" << V << " b=" << b << " G=" << G;
          RegretCase c{name.str(), 0, u, arf_get_d(arb_midref(val), ARF_RND_NEAR), 0,
                       arf_get_d(arb_midref(pr), ARF_RND_NEAR), 0, false, {}};
          c.ratio = c.realised / c.bound;
          if (arb_gt(val, pr)) {
            c.violated = true;
            c.evidence = "certified: u L - F(L) = " + reference::ball_text(val, 10) + " at L = " + std::to_string(L) + " > (3.7.1) = " +
                         reference::ball_text(pr, 10) + "; Lemma 11 case 1 with S = Z sqrt(2B): " + reference::ball_text(lm, 10) +
                         (arb_gt(val, lm) ? " (also exceeded)" : " (holds)");
          }
          const double excess = (c.realised - c.bound) / (1 + std::fabs(c.bound));
          if (excess > worst_excess) worst_excess = excess, out.worst = c;
          out.cases.push_back(c);
          arb_clear(val); arb_clear(pr); arb_clear(lm);
        }
  int nv = 0;
  for (const auto& c : out.cases) nv += c.violated;
  // The search, then its best points certified: u L - F(L) (certified F at the double inputs) against the bound.
  const SearchSpec spec = case1_search(form, evaluations, seed);
  int search_above_lemma = 0;
  const CertifiedSearch cs = search_and_certify(spec, [&](const std::vector<double>& sx) {
    CertifiedPoint pt;
    const double u = sx[0], V = sx[1], b = sx[2], G = sx[3];
    const double C = 1 / (5 * G), B = b + V, lo = std::sqrt(2 * B), hi = 2 * C * B;
    const double L = std::min(hi, lo * std::exp(sx[4] * std::log(hi / lo)));
    const double x[4] = {L, V, b, G};
    reference::Certified F;
    if (!certified_potential(x, &F)) return pt;
    reference::Ball val, pr, lm, edge, Bb, lo2, hi2, Lb(L);
    arb_set_d(Bb.get(), b);
    arb_add(Bb.get(), Bb.get(), reference::Ball(V).get(), ARF_PREC_EXACT);
    arb_mul_2exp_si(lo2.get(), Bb.get(), 1);
    arb_sqrt(lo2.get(), lo2.get(), 256);                                  // sqrt(2B)
    arb_mul_ui(hi2.get(), reference::Ball(G).get(), 5, 256);
    arb_div(hi2.get(), Bb.get(), hi2.get(), 256);
    arb_mul_2exp_si(hi2.get(), hi2.get(), 1);                             // 2B/(5G) = 2CB
    if (!(arb_lt(lo2.get(), Lb.get()) && arb_le(Lb.get(), hi2.get()))) return pt;  // not certainly in the region
    pt.certified = true;
    arb_set_d(val.get(), L);
    mul_d(val.get(), val.get(), u, 256);
    arb_sub(val.get(), val.get(), F.ball.get(), 256);
    case1_bounds(pr.get(), lm.get(), u, V, b, G, 256);
    if (form == "lemma") arb_set(pr.get(), lm.get());
    if (form == "edge") {
      edge_bound(edge.get(), u, V, b, 256);
      arb_max(pr.get(), lm.get(), edge.get(), 256);
    }
    if (form == "derived") derived_bound(pr.get(), u, V, b, G, 256);
    pt.realised = arf_get_d(arb_midref(val.get()), ARF_RND_NEAR);
    pt.bound = arf_get_d(arb_midref(pr.get()), ARF_RND_NEAR);
    pt.violated = arb_gt(val.get(), pr.get());
    search_above_lemma += arb_gt(val.get(), lm.get());
    std::ostringstream name;
    name << "search: V=" << V << " b=" << b << " G=" << G << " L=" << L;
    pt.name = name.str();
    if (pt.violated)
      pt.evidence = "certified: u L - F(L) = " + reference::ball_text(val.get(), 10) + " at u = " + text17(u) +
                    ", L = " + text17(L) + ", V = " + text17(V) + ", b = " + text17(b) + ", G = " + text17(G) + " > " +
                    (form == "printed" ? "(3.7.1)" : "the bound (form=" + form + ")") + " = " +
                    reference::ball_text(pr.get(), 10);
    return pt;
  });
  for (const CertifiedPoint& p : cs.shown) out.cases.push_back(case_of(p, p.x[0]));
  const int search_violations = cs.violations;
  nv += search_violations;
  out.verdict = nv ? "refuted" : "undecided";
  std::ostringstream note;
  note << regions << " grid points with a non-empty case-1 region; " << nv - search_violations
       << " where a certified lower bound of the restricted conjugate exceeds (3.7.1); Lemma 11 case 1 (S = Z sqrt(2B))"
       << " exceeded at " << above_lemma << "; largest realised/(3.7.1) " << out.worst.ratio << " (" << out.worst.stream
       << ", u = " << out.worst.u << "); adversarial search (form=" << form << ") over " << cs.found.describe(spec)
       << "; the best " << cs.certified << " points certified: " << search_violations << " violations (Lemma 11 case 1 with "
       << "S = Z sqrt(2B) exceeded at " << search_above_lemma << "), least certified margin " << cs.least
       << (nv ? "" : " (a search cannot certify a bound)");
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}
// F*(u) = sup_L (uL - F(L)) against a bound ID of the table (a function of u, V, b, G), searched over the whole
// domain: u in [1e-12, 1e6], V, b, G in [1e-12, 1e12], L in [1e-12, 1e18] (log scale), margin (bound - (uL - F(L)))
// / (1 + |bound|) with the fast F and bound; the best points are certified (F at the double inputs, the bound by
// the reference). Violations become cases with their evidence.
struct ConjSearch {
  SearchSpec spec;
  CertifiedSearch result;
  std::vector<RegretCase> cases;  // the first three certified points and every violation
};
ConjSearch conj_search(const char* bound_id, long evaluations, std::uint64_t seed) {
  ConjSearch r;
  r.spec.params = {{"u", 1e-12, 1e6, true}, {"V", 1e-12, 1e12, true}, {"b", 1e-12, 1e12, true},
                   {"G", 1e-12, 1e12, true}, {"L", 1e-12, 1e18, true}};
  r.spec.evaluations = evaluations;
  r.spec.seed = seed;
  const Entry& pot = entry("VDH.pot.conj");
  const Entry& bnd = entry(bound_id);
  r.spec.margin = [&pot, &bnd](const double* x) {
    const double q[4] = {x[4], x[1], x[2], x[3]}, y[4] = {x[0], x[1], x[2], x[3]};
    const fast::Value F = fast::evaluate(pot, q), Bv = fast::evaluate(bnd, y);
    if (F.status == fast::Status::overflow || Bv.status == fast::Status::overflow) return 1.0;  // uL - F << bound
    return (Bv.value - (x[0] * x[4] - F.value)) / (1 + std::fabs(Bv.value));
  };
  r.result = search_and_certify(r.spec, [&](const std::vector<double>& x) {
    const double u = x[0], V = x[1], b = x[2], G = x[3], L = x[4];
    const double q[4] = {L, V, b, G}, y[4] = {u, V, b, G};
    reference::Options opt;
    opt.digits = 20;
    opt.strings = false;
    CertifiedPoint pt;
    reference::Certified F, Bc;
    try {
      F = reference::evaluate(pot, q, opt);
      Bc = reference::evaluate(bnd, y, opt);
    } catch (const PrecisionCeiling&) {
      return pt;
    }
    pt.certified = true;
    reference::Ball val(L);
    mul_d(val.get(), val.get(), u, 256);
    arb_sub(val.get(), val.get(), F.ball.get(), 256);
    pt.realised = arf_get_d(arb_midref(val.get()), ARF_RND_NEAR);
    pt.bound = Bc.nearest();
    pt.violated = arb_gt(val.get(), Bc.ball.get());
    std::ostringstream name;
    name << "search: V=" << V << " b=" << b << " G=" << G << " L=" << L;
    pt.name = name.str();
    if (pt.violated)
      pt.evidence = "certified: u L - F(L) = " + reference::ball_text(val.get(), 10) + " at u = " + text17(u) +
                    ", L = " + text17(L) + ", V = " + text17(V) + ", b = " + text17(b) + ", G = " + text17(G) +
                    " > " + bound_id + " = " + reference::ball_text(Bc.ball.get(), 10);
    return pt;
  });
  for (const CertifiedPoint& p : r.result.shown) r.cases.push_back(case_of(p, p.x[0]));
  return r;
}

// VDH.bound.thm1_corrected against the whole conjugate: F*(u) = sup_L (uL - F(L)) (u > 0; the maximiser by
// bisection on w = u from L = 0), certified at that L, against the corrected bound; beside it the ratio of the
// corrected to the printed Theorem 1.
// Proof by reduction (the Thm 10 proof, 002, with its steps computed): F is even in L and F > -1 (VDH.pot.def), so
// for u > 0 the sup may be taken over L >= 0 (u = 0: -F <= 1 <= the bound; u < 0 by symmetry). Split L >= 0 into
//   [0, sqrt(2B)]:      uL - F(L) <= u sqrt(2B) + 1                                   (F > -1);
//   (sqrt(2B), 2CB]:    F >= e^{L^2/(4B) - 1/2 - S} - 1, e^S = Z sqrt(2B)  (VDH.lemma.conj_lower, line 2: eta =
//                       L/(2B) - 1/sqrt(2B) > 0, mu = L/(2B) <= C), and sup_L uL - e^{L^2/(4B) - 1/2 - S} + 1 =
//                       sqrt(2Hw) - sqrt(2H/w) + 1: the function is concave, its stationary point x = L/sqrt(2B)
//                       has u sqrt(2B) = x e^{x^2/2 - 1/2 - S}, i.e. x^2 = w = W(2H e^{2S+1}), and there
//                       e^{x^2/2 - 1/2 - S} = u sqrt(2B)/x;
//   [2CB, inf):         F >= ((mu - eta)/Z) e^{cL} - 1 at eta = (5 - sqrt5)/(50G), mu = C (VDH.conj.lemma11_case2),
//                       whose conjugate over all L is (u/c)(ln(u/c) - 1 + ln(Z/(mu - eta))) + 1 (VDH.conj.exp_linear).
// Each region's sup is at most its term, so F*(u) <= the max of the three. The verdict is certified when the three
// reductions are (run here) and neither the grid nor the search finds a certified violation (which would refute
// the reduction as well). A mutant without the case-2 term must be exceeded by the same search (the reduction needs
// every region).
RegretOutcome thm1_corrected(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  long evaluations = 100000;
  for (const auto& [k, v] : p) {
    if (k != "evaluations") throw ParamError("VDH.bound.thm1_corrected", k, "unknown parameter (this takes evaluations)");
    const Decimal d = parse_param("VDH.bound.thm1_corrected", k, v);
    if (!(d.approx >= 1 && d.approx <= 1e9 && d.approx == std::floor(d.approx)))
      throw DomainError("VDH.bound.thm1_corrected", k, v, "an integer in [1, 1e9]");
    evaluations = static_cast<long>(d.approx);
  }
  const auto t0 = std::chrono::steady_clock::now();
  RegretOutcome out;
  out.seed = seed;
  const Entry& pot = entry("VDH.pot.conj");
  double worst_excess = -INFINITY, lo_ratio = INFINITY, hi_ratio = 0;
  int needs[3] = {0, 0, 0};  // grid points where the certified F* exceeds the max of the other two terms
  reference::Options opt;
  opt.digits = 20;
  opt.strings = false;
  for (double G : {0.1, 1.0, 10.0})
    for (double b : {0.01, 1.0, 100.0})
      for (double V : {0.0, 1.0, 100.0, 1e4})
        for (double u : {0.01, 0.1, 1.0, 10.0, 100.0, 1e3, 1e4}) {
          const double L = argmax_w(u, V, b, G, 0, INFINITY);
          const double x[4] = {L, V, b, G}, y[4] = {u, V, b, G};
          const reference::Certified F = reference::evaluate(pot, x, opt);
          const reference::Certified Bc = reference::evaluate(entry("VDH.bound.thm1_corrected"), y, opt);
          const reference::Certified Bp = reference::evaluate(entry("VDH.bound.thm1"), y, opt);
          arb_t val;
          arb_init(val);
          arb_set_d(val, L);
          mul_d(val, val, u, 256);
          arb_sub(val, val, F.ball.get(), 256);
          std::ostringstream name;
          name << "V=" << V << " b=" << b << " G=" << G;
          RegretCase c{name.str(), 0, u, arf_get_d(arb_midref(val), ARF_RND_NEAR), 0, Bc.nearest(), 0, false, {}};
          c.ratio = c.realised / c.bound;
          const double r = Bc.nearest() / Bp.nearest();
          lo_ratio = std::min(lo_ratio, r), hi_ratio = std::max(hi_ratio, r);
          if (arb_gt(val, Bc.ball.get())) {
            c.violated = true;
            c.evidence = "certified: F*(u) >= " + reference::ball_text(val, 10) + " > corrected bound " + reference::ball_text(Bc.ball.get(), 10);
          }
          {
            arb_ptr ya = _arb_vec_init(4);
            for (int k = 0; k < 4; ++k) arb_set_d(ya + k, y[k]);
            reference::Ball r[3], other;
            reference::vdh::bound_thm1_corrected_terms(r[0].get(), r[1].get(), r[2].get(), ya, 256);
            for (int k = 0; k < 3; ++k) {
              arb_max(other.get(), r[(k + 1) % 3].get(), r[(k + 2) % 3].get(), 256);
              needs[k] += arb_gt(val, other.get());
            }
            _arb_vec_clear(ya, 4);
          }
          const double excess = (c.realised - c.bound) / (1 + std::fabs(c.bound));
          if (excess > worst_excess) worst_excess = excess, out.worst = c;
          out.cases.push_back(c);
          arb_clear(val);
        }
  int nv = 0;
  for (const auto& c : out.cases) nv += c.violated;
  const std::size_t grid = out.cases.size();
  const int grid_violations = nv;
  // The search over the whole domain, against the corrected bound (the verdict) and the printed Thm 1 (reported).
  const ConjSearch corr = conj_search("VDH.bound.thm1_corrected", evaluations, seed);
  const ConjSearch printed = conj_search("VDH.bound.thm1", evaluations, seed);
  for (const auto& c : corr.cases) out.cases.push_back(c);
  nv += corr.result.violations;
  std::string reductions;
  bool reduced = true;
  for (const char* id : {"VDH.pot.def", "VDH.lemma.conj_lower", "VDH.conj.lemma11_case2"}) {
    const RegretCheck* rc = find_regret_check(id);
    const std::string v = rc ? rc->run({}, seed).verdict : "missing";
    reduced = reduced && v == "certified";
    reductions += std::string(reductions.empty() ? "" : ", ") + id + " " + v;
  }
  out.verdict = nv ? "refuted" : (reduced ? "certified" : "undecided");
  std::ostringstream note;
  note << "by reduction to " << reductions << " (F even and > -1; the region bounds' conjugates in closed form); "
       << grid << " grid points; F*(u) above the corrected bound at " << grid_violations << "; F* certified above the "
       << "bound without its |L| <= sqrt(2B) term at " << needs[0] << ", without its case-1 term at " << needs[1]
       << ", without its case-2 term at " << needs[2] << "; largest F*/bound "
       << out.worst.ratio << " (" << out.worst.stream << ", u = " << out.worst.u << "); corrected / printed Thm 1 in ["
       << lo_ratio << ", " << hi_ratio << "]; adversarial search over " << corr.result.found.describe(corr.spec)
       << "; the best " << corr.result.certified << " points certified: " << corr.result.violations
       << " above the corrected bound, least certified margin " << corr.result.least
       << "; the same search against the printed Thm 1: " << printed.result.violations << " of "
       << printed.result.certified << " certified points above it (least margin " << printed.result.least << ")";
  for (const auto& c : printed.cases)
    if (c.violated) {
      note << ", e.g. " << c.evidence << " (ERRATA.md E9)";
      break;
    }
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}
// VDH Lemma 5 (000) = Lemma 8 (002), the potential step: for g~ symmetric with |E g~| <= G,
//   E[F(L - g~; V + g~^2)] <= F(L; V) - w(L, V) E[g~].
// Proof by reduction (002 §3.7): F + 1 = E_v[e^{vL - v^2 V}] (prior expectation; conjugate prior here), and for each
// v in [-C, C], X = -v g~ is symmetric with |E X| <= C G = 1/5, so VDH.lemma.symmexp (certified on |E X| <= 1/5)
// gives E[e^{X - X^2}] <= 1 + E X; multiplying by e^{vL - v^2 V} >= 0 and taking E_v (Tonelli) gives the claim.
// The verdict is that of symmexp at mean_lo = -1/5, mean_hi = 1/5 (run here); the spot checks evaluate both sides,
// certified, for two-point laws {m - z, m + z} on a grid of dyadic values (so L - g~ and V + g~^2 are exact doubles),
// and would refute the claim (and the reduction) on any certified violation.
// The two texts state the hypothesis differently (catalogue A6): 002 Lemma 8 |E g~| <= G (mean_condition=two_sided,
// the default), 000 Lemma 5 and the 000 §3 text E g~ <= G (one_sided). Under one_sided the grid's means also go
// below -G (m = -2G, -5G, -20G), where v g~ leaves symmexp's range for v of one sign.
RegretOutcome potential_step(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  const char* kId = "VDH.lemma.potential_step";
  for (const auto& [k, v] : p)
    if (k != "mean_condition") throw ParamError(kId, k, "unknown parameter (mean_condition)");
  const auto itc = p.find("mean_condition");
  const std::string cond = itc == p.end() ? "two_sided" : itc->second;
  if (cond != "two_sided" && cond != "one_sided")
    throw ParamError(kId, "mean_condition", "'" + cond + "' (two_sided: |E g~| <= G, 002 Lemma 8; one_sided: "
                                                         "E g~ <= G, 000 Lemma 5)");
  const bool one_sided = cond == "one_sided";
  std::vector<double> means = {-1.0, -0.5, 0.0, 0.375, 1.0};
  if (one_sided) means.insert(means.begin(), {-20.0, -5.0, -2.0});
  const auto t0 = std::chrono::steady_clock::now();
  RegretOutcome out;
  out.seed = seed;
  const Claim& se = claim("VDH.lemma.symmexp");
  const Outcome red = run(se, constants_for(se, {{"mean_lo", "-0.2"}, {"mean_hi", "0.2"}}));
  const Entry& pot = entry("VDH.pot.conj");
  const Entry& pred = entry("VDH.pred.conj");
  reference::Options opt;
  opt.digits = 20;
  opt.strings = false;
  auto F = [&](double L, double V, double b, double G) {
    const double x[4] = {L, V, b, G};
    return reference::evaluate(pot, x, opt);
  };
  int nv = 0;
  double worst = -INFINITY;
  for (double G : {0.5, 1.0, 4.0})
    for (double L : {-48.0, -3.0, 0.0, 2.0, 32.0})
      for (double V : {0.0, 1.0, 100.0})
        for (double mf : means)
          for (double zf : {0.0, 0.5, 3.0, 20.0}) {
            const double b = 1, m = mf * G, z = zf * G, g1 = m - z, g2 = m + z;
            const reference::Certified f1 = F(L - g1, V + g1 * g1, b, G), f2 = F(L - g2, V + g2 * g2, b, G);
            const reference::Certified f0 = F(L, V, b, G);
            const double x[4] = {L, V, b, G};
            const reference::Certified w = reference::evaluate(pred, x, opt);
            arb_t lhs, rhs, t;
            arb_init(lhs); arb_init(rhs); arb_init(t);
            arb_add(lhs, f1.ball.get(), f2.ball.get(), 256);
            arb_mul_2exp_si(lhs, lhs, -1);                      // E F(L - g~, V + g~^2)
            arb_set_d(t, m);
            arb_mul(t, t, w.ball.get(), 256);
            arb_sub(rhs, f0.ball.get(), t, 256);                // F(L, V) - w m
            std::ostringstream name;
            name << "L=" << L << " V=" << V << " G=" << G << " m=" << m << " z=" << z;
            RegretCase c{name.str(), 0, m, arf_get_d(arb_midref(lhs), ARF_RND_NEAR), 0,
                         arf_get_d(arb_midref(rhs), ARF_RND_NEAR), 0, false, {}};
            c.ratio = (c.realised - c.bound) / (1 + std::fabs(c.bound));  // normalised excess (<= 0 when it holds)
            if (arb_gt(lhs, rhs)) {
              c.violated = true, ++nv;
              c.evidence = "certified: E F after the step = " + reference::ball_text(lhs, 10) + " > F - w E g = " + reference::ball_text(rhs, 10);
            }
            if (c.ratio > worst) worst = c.ratio, out.worst = c;
            out.cases.push_back(c);
            arb_clear(lhs); arb_clear(rhs); arb_clear(t);
          }
  // one_sided: the reduction needs symmexp for every E X <= 1/5, which fails below its least mean_lo (-0.2837)
  out.verdict = nv ? "refuted" : (red.verdict == "certified" && !one_sided ? "certified" : "undecided");
  std::ostringstream note;
  note << "hypothesis " << (one_sided ? "E g~ <= G (000 Lemma 5, one_sided)" : "|E g~| <= G (002 Lemma 8, two_sided)")
       << "; by reduction to VDH.lemma.symmexp on |E X| <= 1/5 (" << red.verdict << ", " << red.boxes << " boxes"
       << (one_sided ? "; the one-sided hypothesis is outside the reduction" : "") << "); " << out.cases.size()
       << " certified spot checks with two-point laws, " << nv << " violations, largest "
       << "normalised excess " << worst << " (" << out.worst.stream << ")";
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}
// VDH Lemma 3 (000) = Lemma 6 (002), the induction: E[-sum_t w_t g~_t] >= E[F_T(-sum_t g~_t)] (F_0 = 0).
// Proof by reduction: VDH.lemma.potential_step gives E[F_t | past] <= F_{t-1} - w_t E[g~_t | past] for g~_t symmetric
// given the past with |E[g~_t | past]| <= G; summing over t (tower property) gives the claim. Verdict: that of
// potential_step. Spot check by simulation: Algorithm 1 (conjugate prior b = 1, G = 1) on g~_t = m + Laplace
// noise, D_i = -sum_t w_t g~_t - F_T per run; a one-sided test (normal approximation, alpha = 1e-6 / #cases)
// would refute on mean(D) + z s.e. < 0.
RegretOutcome induction(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  for (const auto& [k, v] : p) throw ParamError("VDH.lemma.induction", k, "no parameters (fixed experiment)");
  const auto t0 = std::chrono::steady_clock::now();
  RegretOutcome step = potential_step({}, seed);
  RegretOutcome out;
  out.seed = seed;
  out.seeds = 200;
  out.fpr = 1e-6;
  const fast::Streams st(seed);
  const std::vector<double> means = {-1.0, -0.5, 0.0, 0.5, 1.0};
  const double z = 5.0;  // > the one-sided normal quantile for 1e-6 / 5 (4.76)
  int nv = 0;
  double worst = INFINITY;
  for (std::size_t k = 0; k < means.size(); ++k) {
    double s = 0, s2 = 0;
    const long n = out.seeds, T = 300;
    for (long i = 0; i < n; ++i) {
      fast::vdh::Alg1 alg({fast::vdh::Prior::conjugate, 1, 1});
      double gain = 0;
      const double tau = 1;
      for (long t = 0; t < T; ++t) {
        double xi;
        fast::vdh::local_laplace(st, (k << 48) ^ (static_cast<std::uint64_t>(i) << 20) ^ static_cast<std::uint64_t>(t),
                                 &tau, 1, &xi);
        const double g = means[k] + xi;
        gain -= alg.predict().value * g;
        alg.update(g);
      }
      const double x[4] = {alg.L(), alg.V(), 1, 1};
      const double D = gain - fast::evaluate(entry("VDH.pot.conj"), x).value;
      s += D, s2 += D * D;
    }
    const double m = s / n, se = std::sqrt(std::max(0.0, (s2 / n - m * m) * n / (n - 1)) / n);
    std::ostringstream name;
    name << "mean " << means[k] << " + Laplace(scale 2), T = " << T;
    RegretCase c{name.str(), T, means[k], m, se, 0, 0, false, {}};
    c.ratio = se > 0 ? m / se : INFINITY;  // how many standard errors above 0
    if (m + z * se < 0) {
      c.violated = true, ++nv;
      std::ostringstream ev;
      ev << "mean(-sum w g - F_T) = " << m << " < -" << z << " x s.e. " << se;
      c.evidence = ev.str();
    }
    if (c.ratio < worst) worst = c.ratio, out.worst = c;
    out.cases.push_back(c);
  }
  out.verdict = nv ? "refuted" : step.verdict;
  std::ostringstream note;
  note << "by reduction to VDH.lemma.potential_step (" << step.verdict << "); simulation (" << out.seeds
       << " runs per mean, seed " << seed << "): " << nv << " significant violations, smallest mean/s.e. " << worst
       << " (" << out.worst.stream << ")";
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}
// VDH Lemma 6 (000) = Lemma 9 (002), the decomposition of Algorithm 2's regret (reading A15(a), linearised):
//   sum_t <w_t - u, g_t> = sum_t (v_t - ||u||) <z_t, g_t> + ||u|| sum_t <z_t - u/||u||, g_t>,   w_t = v_t z_t.
// It is an algebraic identity (expand the right side: the ||u|| <z_t, g_t> terms cancel and v_t <z_t, g_t> =
// <w_t, g_t>), hence certified; the runs below show it on Algorithm 2's own iterates (relative discrepancy of the
// double sums, which only measures rounding) and would expose a w_t that is not v_t z_t.
RegretOutcome decomp(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  for (const auto& [k, v] : p) throw ParamError("VDH.lemma.decomp", k, "no parameters (fixed experiment)");
  const auto t0 = std::chrono::steady_clock::now();
  RegretOutcome out;
  out.seed = seed;
  const fast::Streams st(seed);
  const int d = 3;
  const long T = 500;
  const std::vector<std::vector<double>> us = {{1, 0, 0}, {0.5, -2, 1}, {10, 10, -10}, {0.01, 0, 0.02}};
  double worst = 0;
  for (std::size_t k = 0; k < us.size(); ++k) {
    Eigen::VectorXd u(d), g(d), w(d);
    for (int j = 0; j < d; ++j) u[j] = us[k][static_cast<std::size_t>(j)];
    const double nu = u.norm();
    fast::vdh::Alg2 alg(d, {fast::vdh::Prior::conjugate, 1, 1});
    double lhs = 0, r1 = 0, r2 = 0, scale = 0;
    const double tau[3] = {1, 2, 4};
    for (long t = 0; t < T; ++t) {
      fast::vdh::local_laplace(st, (k << 40) ^ static_cast<std::uint64_t>(t), tau, d, g.data());
      for (int j = 0; j < d; ++j) g[j] += 0.3 * (j - 1);
      const fast::Value v = alg.predict(w);
      const Eigen::VectorXd z = alg.direction().z();
      lhs += (w - u).dot(g);
      r1 += (v.value - nu) * z.dot(g);
      r2 += (z - u / nu).dot(g);
      scale += std::fabs(w.dot(g)) + std::fabs(u.dot(g)) + std::fabs(nu * z.dot(g));
      alg.update(g);
    }
    const double rhs = r1 + nu * r2, disc = std::fabs(lhs - rhs) / (1 + scale);
    std::ostringstream name;
    name << "Alg 2, d = 3, T = " << T << ", ||u|| = " << nu;
    RegretCase c{name.str(), T, nu, lhs, 0, rhs, disc, false, {}};
    if (disc > 1e-12) {  // far beyond rounding (scale-relative): the iterates are not w = v z
      c.violated = true;
      c.evidence = "identity off by " + std::to_string(disc) + " relative to the sums' scale";
    }
    if (disc >= worst) worst = disc, out.worst = c;
    out.cases.push_back(c);
  }
  int nv = 0;
  for (const auto& c : out.cases) nv += c.violated;
  out.verdict = nv ? "refuted" : "certified";
  std::ostringstream note;
  note << "algebraic identity (w_t = v_t z_t); on Algorithm 2's iterates the double sums agree to " << worst
       << " of their scale (rounding)";
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}
// VDH Lemma 2 (000) = Lemma 5 (002), reward-regret duality: E[R_T(u)] <= E[F_T^*(u)] with R_T(u) = sum_t (w_t - u) g~_t
// (A15(a)) and F_T^* the conjugate at V_T. Proof by reduction: Fenchel-Young gives u L_T - F_T(L_T) <= F_T^*(u)
// pointwise, L_T = -sum g~_t, and the induction (certified) gives E[-sum w_t g~_t] >= E[F_T(L_T)]; adding them
// gives the claim. Spot check by simulation: D_i = F_T^*(u) - R_i(u) with F^* certified (VDH.conj.Fstar) per run;
// a one-sided test (normal approximation, alpha = 1e-6 / #cases) would refute on mean(D) + z s.e. < 0.
RegretOutcome duality(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  for (const auto& [k, v] : p) throw ParamError("VDH.lemma.duality", k, "no parameters (fixed experiment)");
  const auto t0 = std::chrono::steady_clock::now();
  const RegretOutcome ind = induction({}, seed);
  RegretOutcome out;
  out.seed = seed;
  out.seeds = 60;
  out.fpr = 1e-6;
  const fast::Streams st(seed);
  const std::vector<double> us = {0.5, 2.0, -1.0};
  const double z = 5.0;  // > the one-sided normal quantile for 1e-6 / 3
  reference::Options opt;
  opt.digits = 17;
  opt.strings = false;
  int nv = 0;
  double worst = INFINITY;
  for (std::size_t k = 0; k < us.size(); ++k) {
    double s = 0, s2 = 0, sr = 0;
    const long n = out.seeds, T = 200;
    for (long i = 0; i < n; ++i) {
      fast::vdh::Alg1 alg({fast::vdh::Prior::conjugate, 1, 1});
      double R = 0;
      const double tau = 1;
      for (long t = 0; t < T; ++t) {
        double xi;
        fast::vdh::local_laplace(st, (static_cast<std::uint64_t>(k + 7) << 48) ^ (static_cast<std::uint64_t>(i) << 20) ^
                                         static_cast<std::uint64_t>(t),
                                 &tau, 1, &xi);
        const double g = 0.5 + xi;
        R += (alg.predict().value - us[k]) * g;
        alg.update(g);
      }
      const double x[4] = {us[k], alg.V(), 1, 1};
      const double D = reference::evaluate(entry("VDH.conj.Fstar"), x, opt).nearest() - R;
      s += D, s2 += D * D, sr += R;
    }
    const double m = s / n, se = std::sqrt(std::max(0.0, (s2 / n - m * m) * n / (n - 1)) / n);
    std::ostringstream name;
    name << "mean 0.5 + Laplace(scale 2), T = " << T;
    RegretCase c{name.str(), T, us[k], sr / n, se, sr / n + m, 0, false, {}};  // realised E R, bound E F*
    c.ratio = se > 0 ? m / se : INFINITY;
    if (m + z * se < 0) {
      c.violated = true, ++nv;
      std::ostringstream ev;
      ev << "mean(F* - R) = " << m << " < -" << z << " x s.e. " << se;
      c.evidence = ev.str();
    }
    if (c.ratio < worst) worst = c.ratio, out.worst = c;
    out.cases.push_back(c);
  }
  out.verdict = nv ? "refuted" : ind.verdict;
  std::ostringstream note;
  note << "by reduction to Fenchel-Young and VDH.lemma.induction (" << ind.verdict << "); simulation (" << out.seeds
       << " runs per u, F* certified per run): " << nv << " significant violations, smallest mean(F* - R)/s.e. "
       << worst << " (u = " << out.worst.u << ")";
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}
// VDH prior list (000 after eq (6) = 002 after (3.3.3)): the CV prior 1/(Z |v| ln(|v|)^2) is a probability density
// "for G > 1/5". Argument: d/dv (-1/ln v) = 1/(v ln^2 v) on (0, 1), so Z = 2 int_0^C dv/(v ln^2 v) = -2/ln C = 2/ln(5G)
// for C = 1/(5G) < 1, and Z = inf for C >= 1 (the integrand ~ 1/(v - 1)^2 at v = 1). So the condition is exactly
// G > 1/5 (the printed threshold is the best one). Shown: the closed form against rigorous quadrature in v for
// G from 1/5 + 1e-4 to 1e3, and the growth as G -> 1/5.
RegretOutcome cv_integrable(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  for (const auto& [k, v] : p) throw ParamError("VDH.lemma.cv_integrable", k, "no parameters");
  const auto t0 = std::chrono::steady_clock::now();
  RegretOutcome out;
  out.seed = seed;
  int nv = 0;
  for (double G : {0.2001, 0.201, 0.21, 0.25, 0.5, 1.0, 10.0, 1e3}) {
    arb_t g, a, q;
    arb_init(g); arb_init(a); arb_init(q);
    arb_set_d(g, G);
    reference::vdh::pot_Z_cv(a, g, 128);
    reference::vdh::pot_Z_cv_v(q, g, 128);
    std::ostringstream name;
    name << "G = " << G;
    RegretCase c{name.str(), 0, G, arf_get_d(arb_midref(q), ARF_RND_NEAR), 0, arf_get_d(arb_midref(a), ARF_RND_NEAR),
                 0, false, {}};
    c.ratio = c.realised / c.bound;
    if (!arb_overlaps(a, q)) {
      c.violated = true, ++nv;
      c.evidence = "closed form " + reference::ball_text(a, 10) + " and quadrature " + reference::ball_text(q, 10) + " disjoint";
    }
    out.cases.push_back(c);
    arb_clear(g); arb_clear(a); arb_clear(q);
  }
  out.worst = out.cases.front();
  out.verdict = nv ? "refuted" : "certified";
  std::ostringstream note;
  note << "antiderivative -1/ln v: Z = 2/ln(5G) for G > 1/5, infinite otherwise (threshold exactly 1/5, as printed); "
       << out.cases.size() - nv << " of " << out.cases.size() << " closed forms agree with the quadrature; Z at "
       << "G = 0.2001: " << out.cases.front().bound;
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}
}  // namespace

namespace vdh {
const std::vector<RegretCheck>& conj_checks() {
  static const std::vector<RegretCheck> list = {
      {kId, "VDH (3.7.2), Thm 10 proof (002) = the first term of Thm 1 (000)",
       "sup {uL - F(L; V, b, G) : L >= (2/(5G))(V + b)} <= 11G u (ln(11G u) - 1 + ln(sqrt5 G sqrt(pi)/(4 sqrt b))) + 1 "
       "(conjugate prior; reading A22(b))",
       "maximiser by bisection on w(L) = u with the fast part, u L* - F(L*) certified at that L* (a lower bound of "
       "the sup); grid u in [1e-2, 1e4], V in {0, 1, 1e2, 1e4}, b in {1e-2, 1, 1e2}, G in {0.1, 1, 10}; then an "
       "adversarial search (search.hpp) of the case-2 region against Lemma 11 case 2 at the proof's eta (E4's "
       "corrected form), u in [1e-12, 1e6], V, b, G in [1e-12, 1e12] (log), its best 100 points certified",
       {"evaluations"}, thm10_case2, {{"evaluations", "100000"}}},
      {"VDH.conj.lemma11_case1", "VDH Lemma 11 (002) case 1 and (3.7.1), Thm 10 proof",
       "sup {uL - F(L) : sqrt(2B) < L <= (2/(5G)) B} <= sqrt(8 u^2 B ln(16 u^2 B sqrt(pi) sqrt(B)/sqrt(b) + 1)) + 1 "
       "(printed (3.7.1), mu = L/(2B); reading A22(b))",
       "maximiser on the case region by bisection on w(L) = u (clamped), u L* - F(L*) certified there; beside it "
       "Lemma 11 case 1 with S = Z/nu([eta1, mu1]) = Z sqrt(2B) exactly; grid G in {0.01, 0.1, 1}, b, V, u over decades; "
       "then an adversarial search (search.hpp) over u in [1e-12, 1e6], V, b, G in [1e-12, 1e12] (log) and L across the "
       "case region, its best 100 points certified",
       {"form", "evaluations"}, lemma11_case1, {{"form", "printed"}, {"evaluations", "100000"}}},
      {"VDH.bound.thm1_corrected", "built from the Thm 10 proof (002) with its steps computed (ERRATA.md E4)",
       "F_T^*(u) <= max{|u| sqrt(2B) + 1, sqrt(2Hw) - sqrt(2H/w) + 1 (H = u^2 B, w = W(4e H B Z^2)), "
       "(|u|/c)(ln(|u|/c) - 1 + ln(Z/(mu - eta))) + 1} (conjugate prior)",
       "reduction to VDH.pot.def, VDH.lemma.conj_lower and VDH.conj.lemma11_case2 (one region of L each, their "
       "lower bounds' conjugates in closed form); spot checks: the whole conjugate's maximiser by bisection on "
       "w(L) = u, u L* - F(L*) certified there, against the certified corrected bound and each term dropped; grid u in [1e-2, 1e4], V, b, G over decades; then an adversarial search (search.hpp) "
       "over u in [1e-12, 1e6], V, b, G in [1e-12, 1e12], L in [1e-12, 1e18] (log), its best 100 points certified, "
       "against the corrected bound and, reported beside it, the printed Thm 1",
       {"evaluations"}, thm1_corrected, {{"evaluations", "100000"}}},
      {"VDH.lemma.potential_step", "VDH Lemma 5 (000) = Lemma 8 (002)",
       "E[F(L - g~; V + g~^2)] <= F(L; V) - w(L, V) E[g~] for symmetric g~ with |E g~| <= G (conjugate prior)",
       "reduction to VDH.lemma.symmexp (X = -v g~, |E X| <= C G = 1/5, integrate over the prior); certified spot "
       "checks of both sides for two-point laws on a dyadic grid; mean_condition=one_sided: 000's hypothesis "
       "E g~ <= G, means down to -20G",
       {"mean_condition"}, potential_step, {{"mean_condition", "two_sided"}}},
      {"VDH.lemma.induction", "VDH Lemma 3 (000) = Lemma 6 (002)",
       "E[-sum_t w_t g~_t] >= E[F_T(-sum_t g~_t)] for symmetric g~_t with |E[g~_t | past]| <= G",
       "reduction to VDH.lemma.potential_step (sum the steps, tower property); simulation spot check of the mean of "
       "-sum w g~ - F_T over 200 runs per mean (one-sided test, FPR <= 1e-6)",
       {}, induction, {}},
      {"VDH.lemma.decomp", "VDH Lemma 6 (000) = Lemma 9 (002)",
       "sum_t <w_t - u, g_t> = sum_t (v_t - ||u||)<z_t, g_t> + ||u|| sum_t <z_t - u/||u||, g_t> for Algorithm 2 "
       "(reading A15(a))",
       "algebraic identity (w_t = v_t z_t), shown on Algorithm 2's iterates (four comparators, local Laplace noise)",
       {}, decomp, {}},
      {"VDH.lemma.duality", "VDH Lemma 2 (000) = Lemma 5 (002)",
       "E[R_T(u)] <= E[F_T^*(u)] for Algorithm 1 (conjugate prior), R_T linearised (A15(a))",
       "reduction to Fenchel-Young and VDH.lemma.induction; simulation spot check with F_T^* certified per run "
       "(60 runs per u, one-sided test, FPR <= 1e-6)",
       {}, duality, {}},
      {"VDH.lemma.cv_integrable", "VDH prior list after eq (6) (000) = (3.3.3) (002)",
       "the CV prior 1/(Z |v| ln^2|v|) on [-1/(5G), 1/(5G)] is normalisable iff G > 1/5",
       "antiderivative -1/ln v (Z = 2/ln(5G)); the closed form against rigorous quadrature in v",
       {}, cv_integrable, {}},
  };
  return list;
}
}  // namespace vdh

}  // namespace privoco::proofs
