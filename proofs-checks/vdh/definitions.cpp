// The definitions of VDH as IDs: the potential (VDH eq (4) = (3.3.1), VDH.pot.def) and the prediction (eq (5) =
// (3.3.2), VDH.pred.def) for every prior, through the properties the catalogue lists for them, and the protocol
// (§2.2 = §3.2.2, VDH.alg.protocol) through the conditions it puts on the noise privoco's runs draw.
//
// VDH.pred.def: w = dF/dL. Certified by the definition (differentiation under the integral: v ranges over the
// bounded [-C, C] and the integrand is smooth in L). Shown at grid points with certified values: by Taylor,
// |F(L + h) - F(L - h) - 2h w(L)| <= h^3/3 sup |F'''| on [L - h, L + h], with |F'''| <= C^3 (F + 1) for proper priors
// (F + 1 = E e^{vL - v^2 V} is convex in L: its sup on the interval is at an end) and <= 2C^3 e^{C(|L| + h)} for the
// improper prior (F''' = int v^2 sign(v) e^{vL - v^2 V} dv). L and L +- h are exact doubles (h = 2^-12).
// Also w odd in L (symmetric priors). A mutant w (1 + 2^-20) must fail the derivative line.
// VDH.pot.def: F(0; 0) = 0, F even in L, F > -1 for proper priors (F + 1 is an average of positive numbers);
// a mutant F(L) + 2^-30 must fail the evenness line.
#include <arb.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/vdh/randomisers.hpp"
#include "checks.hpp"
#include "privoco/proofs/regret.hpp"
#include "privoco/reference/evaluate.hpp"

namespace privoco::proofs {
namespace {

constexpr slong kP = 256;
using reference::Ball;

struct PriorIds {
  const char* name;
  const char* pot;
  const char* pred;
  bool has_b, proper;
};
const std::vector<PriorIds> kPriors = {
    {"conjugate", "VDH.pot.conj", "VDH.pred.conj", true, true},
    {"uniform", "VDH.pot.uniform", "VDH.pred.uniform", false, true},
    {"improper", "VDH.pot.improper", "VDH.pred.improper", false, false},
    {"cv", "VDH.pot.cv", "VDH.pred.cv", false, true},
};

std::vector<const PriorIds*> priors_of(const char* id, const std::map<std::string, std::string>& p) {
  std::string which = "all";
  for (const auto& [k, v] : p) {
    if (k != "prior") throw ParamError(id, k, "unknown parameter (prior=all|conjugate|uniform|improper|cv)");
    which = v;
  }
  std::vector<const PriorIds*> out;
  for (const auto& q : kPriors)
    if (which == "all" || which == q.name) out.push_back(&q);
  if (out.empty()) throw ParamError(id, "prior", "'" + which + "' (all, conjugate, uniform, improper, cv)");
  return out;
}

Ball at(const char* id, const PriorIds& q, double L, double V, double G) {
  const double x4[4] = {L, V, 1, G}, x3[3] = {L, V, G};
  reference::Options opt;
  opt.digits = 25;
  opt.strings = false;
  return reference::evaluate(entry(id), q.has_b ? x4 : x3, opt).ball;
}

struct Tally {
  RegretOutcome out;
  int printed_bad = 0, mutant_bad = 0, n = 0;
  // a line: lhs must lie in [-tol, tol] around rhs (tol >= 0); violated when certainly outside
  void line(const std::string& name, bool mutant, double L, const Ball& lhs, const Ball& rhs, const Ball& tol) {
    Ball d, lo, hi;
    arb_sub(d, lhs, rhs, kP);
    arb_sub(hi, d, tol, kP);  // d - tol > 0: certainly above
    arb_add(lo, d, tol, kP);  // d + tol < 0: certainly below
    const bool bad = arb_is_positive(hi) || arb_is_negative(lo);
    RegretCase c{name, 0, L, arf_get_d(arb_midref(lhs.get()), ARF_RND_NEAR), 0,
                 arf_get_d(arb_midref(rhs.get()), ARF_RND_NEAR), 0, bad, {}};
    c.ratio = c.realised - c.bound;
    if (bad) c.evidence = "certified: " + reference::ball_text(lhs, 12) + " vs " + reference::ball_text(rhs, 12) + ", allowed +- " + reference::ball_text(tol, 12);
    (mutant ? mutant_bad : printed_bad) += bad;
    if (bad && !mutant && out.worst.stream.empty()) out.worst = c;
    out.cases.push_back(c);
  }
};

RegretOutcome finish(Tally& t, const char* argument, double seconds, std::uint64_t seed) {
  t.out.verdict = t.printed_bad ? "refuted" : "certified";
  std::ostringstream note;
  note << t.n << " grid points; definition lines contradicted at " << t.printed_bad << ", mutants at " << t.mutant_bad
       << (t.mutant_bad ? "" : " (MUTANT NOT REFUTED: the grid has no teeth)");
  if (!t.printed_bad) note << "; certified by " << argument;
  t.out.note = note.str();
  t.out.seconds = seconds;
  t.out.seed = seed;
  t.out.excess = true;
  return t.out;
}

const std::vector<double> kG = {0.5, 2.0}, kV = {0.0, 1.0, 100.0}, kL = {0.0, 0.5, 5.0, 50.0};

RegretOutcome pred_def(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  const auto t0 = std::chrono::steady_clock::now();
  Tally t;
  const double h = std::ldexp(1.0, -12);
  for (const PriorIds* q : priors_of("VDH.pred.def", p))
    for (double G : kG)
      for (double V : kV)
        for (double L : kL) {
          ++t.n;
          const Ball Fp = at(q->pot, *q, L + h, V, G), Fm = at(q->pot, *q, L - h, V, G), w = at(q->pred, *q, L, V, G);
          Ball C, M3, tol, diff, twohw, hb;
          arb_set_d(C, 5 * G);
          arb_inv(C, C, kP);
          Ball C3;
          arb_pow_ui(C3, C, 3, kP);
          if (q->proper) {
            arb_max(M3, Fp, Fm, kP);
            arb_add_ui(M3, M3, 1, kP);
          } else {
            arb_set_d(M3, std::fabs(L) + h);
            arb_mul(M3, M3, C, kP);
            arb_exp(M3, M3, kP);
            arb_mul_2exp_si(M3, M3, 1);
          }
          arb_mul(M3, M3, C3, kP);
          arb_set_d(hb, h);
          arb_pow_ui(tol, hb, 3, kP);
          arb_mul(tol, tol, M3, kP);
          arb_div_ui(tol, tol, 3, kP);
          arb_abs(tol, tol);
          arb_sub(diff, Fp, Fm, kP);
          arb_mul(twohw, w, hb, kP);
          arb_mul_2exp_si(twohw, twohw, 1);
          std::ostringstream pt;
          pt << q->name << " G=" << G << " V=" << V << " ";
          t.line(pt.str() + "F(L+h) - F(L-h) = 2h w", false, L, diff, twohw, tol);
          Ball wm, mtw;
          arb_mul_2exp_si(wm, w, -20);
          arb_add(wm, wm, w, kP);  // w (1 + 2^-20)
          arb_mul(mtw, wm, hb, kP);
          arb_mul_2exp_si(mtw, mtw, 1);
          t.line(pt.str() + "mutant 2h w (1 + 2^-20)", true, L, diff, mtw, tol);
          if (L != 0) {
            Ball wn = at(q->pred, *q, -L, V, G), zero;
            arb_neg(wn, wn);
            t.line(pt.str() + "odd: -w(-L) = w(L)", false, L, wn, w, zero);
          }
        }
  return finish(t, "the definition (differentiation under the integral over the bounded [-C, C]; symmetric priors)",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), seed);
}

RegretOutcome pot_def(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  const auto t0 = std::chrono::steady_clock::now();
  Tally t;
  for (const PriorIds* q : priors_of("VDH.pot.def", p))
    for (double G : kG)
      for (double V : kV)
        for (double L : kL) {
          ++t.n;
          const Ball F = at(q->pot, *q, L, V, G);
          std::ostringstream pt;
          pt << q->name << " G=" << G << " V=" << V << " ";
          Ball zero;
          if (L == 0 && V == 0) t.line(pt.str() + "F(0; 0) = 0", false, L, F, zero, zero);
          if (L != 0) {
            const Ball Fn = at(q->pot, *q, -L, V, G);
            t.line(pt.str() + "even: F(-L) = F(L)", false, L, Fn, F, zero);
            Ball Fm;
            arb_set_d(Fm, std::ldexp(1.0, -30));
            arb_add(Fm, Fm, F, kP);
            t.line(pt.str() + "mutant F(L) + 2^-30", true, L, Fn, Fm, zero);
          }
          if (q->proper) {  // F > -1: the line F + 1 > 0 as "F + 1 - |F + 1| = 0" would hide the sign; direct test
            Ball F1;
            arb_add_ui(F1, F, 1, kP);
            const bool bad = !arb_is_positive(F1);
            RegretCase c{pt.str() + "F > -1", 0, L, arf_get_d(arb_midref(F.get()), ARF_RND_NEAR), 0, -1, 0, bad,
                         bad ? "F + 1 = " + reference::ball_text(F1, 12) + " not certainly positive" : ""};
            c.ratio = c.realised - c.bound;
            t.printed_bad += bad;
            t.out.cases.push_back(c);
          }
        }
  return finish(t, "the definition (F(0; 0) = E[e^0 - 1] = 0; symmetric priors; F + 1 = E e^{vL - v^2 V} > 0)",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), seed);
}

// VDH.alg.protocol: xi_t "zero-mean and symmetrical", "independently distributed". Checked on the samplers that
// privoco run and the regret checks use (VDH.alg.local_laplace per coordinate, VDH.alg.l2_mech on its first
// coordinate and across coordinates): symmetry by the DKW inequality (F_n(z) and 1 - F_n(-z) both within t of F,
// so a symmetric law keeps them within 2t; P(fail) <= 4 e^{-2nt^2}), independence of successive rounds by the lag-1
// sample correlation (|r| <= 5.5/sqrt(n), normal approximation). Family-wise FPR <= 1e-6 over the tests. A mutant
// (the draws shifted by 4 DKW thresholds of scale) must fail the symmetry line.
RegretOutcome protocol(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  const char* id = "VDH.alg.protocol";
  for (const auto& [k, v] : p) throw ParamError(id, k, "no parameters (fixed samplers and sizes)");
  const auto t0 = std::chrono::steady_clock::now();
  const int n = 20000, tests = 8;
  const double alpha = 1e-6 / tests, t = std::sqrt(std::log(4 / alpha) / (2.0 * n)), rmax = 5.5 / std::sqrt(n);
  const fast::Streams s(seed);
  RegretOutcome out;
  out.seed = seed;
  out.fpr = 1e-6;
  int bad = 0, mutant_bad = 0;
  auto symmetry = [&](std::vector<double> x) {  // sup_z |F_n(z) - (1 - F_n(-z))| over the sample points
    std::vector<double> neg(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) neg[i] = -x[i];
    std::sort(x.begin(), x.end());
    std::sort(neg.begin(), neg.end());
    double worst = 0;
    std::size_t j = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {  // F_n of x and of -x at the point x[i] (merge walk)
      while (j < neg.size() && neg[j] <= x[i]) ++j;
      worst = std::max(worst, std::fabs(static_cast<double>(i + 1) / n - static_cast<double>(j) / n));
    }
    return worst;
  };
  auto lag1 = [&](const std::vector<double>& x) {
    double m = 0;
    for (double v : x) m += v;
    m /= n;
    double num = 0, den = 0;
    for (int i = 0; i < n; ++i) den += (x[i] - m) * (x[i] - m);
    for (int i = 1; i < n; ++i) num += (x[i] - m) * (x[i - 1] - m);
    return num / den;
  };
  auto add = [&](const std::string& name, double stat, double limit, bool mutant) {
    RegretCase c{name, n, 0, stat, 0, limit, stat / limit, stat > limit, {}};
    if (c.violated) c.evidence = "statistic " + std::to_string(stat) + " > " + std::to_string(limit);
    (mutant ? mutant_bad : bad) += c.violated;
    if (c.violated && !mutant && out.worst.stream.empty()) out.worst = c;
    out.cases.push_back(c);
  };
  const double tau[2] = {0.5, 4};
  std::vector<double> x0(n), x1(n), l0(n), l2n(n), xi(2), z(5);
  for (int r = 0; r < n; ++r) {
    fast::vdh::local_laplace(s, static_cast<std::uint64_t>(r), tau, 2, xi.data());
    x0[r] = xi[0], x1[r] = xi[1];
    fast::vdh::l2_mech(s, (1ULL << 40) + static_cast<std::uint64_t>(r), 2.0, 5, z.data());
    l0[r] = z[0];
    l2n[r] = z[1] * z[2];  // symmetric when the coordinates are (sign-)symmetric
  }
  add("local Laplace tau=0.5: symmetry (DKW)", symmetry(x0), 2 * t, false);
  add("local Laplace tau=4: symmetry (DKW)", symmetry(x1), 2 * t, false);
  add("l2 mechanism eps=2, d=5, xi_1: symmetry (DKW)", symmetry(l0), 2 * t, false);
  add("l2 mechanism xi_2 xi_3: symmetry (DKW)", symmetry(l2n), 2 * t, false);
  add("local Laplace tau=0.5: lag-1 correlation", std::fabs(lag1(x0)), rmax, false);
  add("local Laplace tau=4: lag-1 correlation", std::fabs(lag1(x1)), rmax, false);
  add("l2 mechanism xi_1: lag-1 correlation", std::fabs(lag1(l0)), rmax, false);
  std::vector<double> shifted(x0);
  for (double& v : shifted) v += 8 * 4 * t;  // scale 2/tau = 4: a shift of 8 t scales moves the CDF by > 2t
  add("mutant shifted draws: symmetry (DKW)", symmetry(shifted), 2 * t, true);
  out.verdict = bad ? "refuted" : "certified";
  std::ostringstream note;
  note << "samplers against the protocol's noise conditions (" << n << " draws each, family-wise FPR 1e-6): "
       << (bad ? "a condition FAILS" : "symmetric, zero-mean by symmetry, successive rounds uncorrelated")
       << "; the mutant (shifted draws) " << (mutant_bad ? "fails, as it must" : "PASSES: the test has no teeth")
       << "; ||g_t|| <= G holds by construction in the scenarios of privoco run (g_t = sign(.) a_t, ||a_t|| <= 1 = G)";
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace

namespace vdh {
const std::vector<RegretCheck>& definition_checks() {
  static const std::vector<RegretCheck> list = {
      {"VDH.pred.def", "VDH eq (5), Alg 1 line 2 (000) = (3.3.2) (002)",
       "w(L, V) = E_{v~P}[v e^{vL - v^2 V}] = dF/dL, odd in L (every prior: conjugate, uniform, improper, cv)",
       "certified by the definition; shown with certified values: |F(L+h) - F(L-h) - 2h w| <= h^3 sup|F'''|/3 "
       "(h = 2^-12, F''' bounded by C^3 (F + 1) or 2C^3 e^{C(|L|+h)}), w(-L) = -w(L); a mutant w (1 + 2^-20) must "
       "fail; grid G in {0.5, 2}, V in {0, 1, 100}, L in {0, 0.5, 5, 50}; the excess column is lhs - rhs",
       {"prior"}, pred_def, {{"prior", "all"}}},
      {"VDH.pot.def", "VDH eq (4) (000) = (3.3.1) (002)",
       "F(L; V) = E_{v~P}[e^{vL - v^2 V} - 1]: F(0; 0) = 0, even in L, F > -1 for proper priors",
       "certified by the definition; shown with certified values on the grid of VDH.pred.def; a mutant F + 2^-30 "
       "must fail evenness; the excess column is lhs - rhs",
       {"prior"}, pot_def, {{"prior", "all"}}},
      {"VDH.alg.protocol", "VDH §2.2 steps 1-3, eq (3) (000) = §3.2.2, (3.2.1) (002)",
       "xi_t zero-mean, symmetric, independent across rounds (the noise of g~_t = g_t + xi_t)",
       "the samplers privoco's runs use: symmetry by DKW (both empirical CDFs within t), lag-1 correlation within "
       "5.5/sqrt(n); family-wise FPR 1e-6; a shifted mutant must fail; ratio column = statistic / limit",
       {}, protocol, {}},
  };
  return list;
}
}  // namespace vdh

}  // namespace privoco::proofs
