// BANCO's potential argument (not printed): the supermartingale step of the magnitude learner's potential and the
// wealth lower bound it telescopes to, under the readings of c (R2), a (R1) and k1, for the Thm 2 instance (the
// Laplace-l2 noise, sigma^2 = 4(d^2 + d)/eps^2, sigma_1D^2 = 18 d^2/eps^2, b = 4/eps) and the Gaussian example.
#include <acb_calc.h>

#include <algorithm>

#include <chrono>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "checks.hpp"
#include "instances.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/banco/learner.hpp"
#include "privoco/fast/banco/magnitude.hpp"
#include "privoco/proofs/cases.hpp"
#include "privoco/reference/ball.hpp"
#include "privoco/reference/banco/magnitude.hpp"

namespace privoco::proofs::banco {

namespace {
using reference::Ball;
constexpr slong kPrec = 128;

// The integrand of the step's two sides over beta, scaled by e^{-E0}: exp(beta X - beta^2 (t - 1) c - E0) times
// [e^{beta g - beta^2 c} M(beta) - 1 - beta g] (diff), or times [1 + beta g] (rhs)
struct Integrand {
  const Instance* k;
  double X, g, c, E0;
  std::uint64_t t;
  bool diff;
};
int integrand(acb_ptr res, const acb_t z, void* param, slong order, slong prec) {
  const Integrand& p = *static_cast<const Integrand*>(param);
  acb_t e, w, m, one_bg;
  acb_init(e), acb_init(w), acb_init(m), acb_init(one_bg);
  // w = exp(z X - z^2 (t - 1) c - E0)
  acb_sqr(e, z, prec);
  arb_t s;
  arb_init(s);
  arb_set_d(s, p.c);
  arb_mul_ui(s, s, p.t - 1, prec);
  acb_mul_arb(w, e, s, prec);
  acb_neg(w, w);
  arb_set_d(s, p.X);
  acb_addmul_arb(w, z, s, prec);
  arb_set_d(s, p.E0);
  acb_sub_arb(w, w, s, prec);
  acb_exp(w, w, prec);
  // 1 + z g
  arb_set_d(s, p.g);
  acb_mul_arb(one_bg, z, s, prec);
  acb_add_ui(one_bg, one_bg, 1, prec);
  if (!p.diff) {
    acb_mul(res, w, one_bg, prec);
  } else {
    // M(z): (1 - 4 z^2/eps^2)^{-(d+1)/2} (Laplace-l2, BANCO.noise.mgf; analytic for |Re z| < eps/2 near the axis), or
    // e^{z^2 s^2/2} (Gaussian)
    if (p.k->laplace) {
      arb_set_d(s, p.k->eps);
      arb_sqr(s, s, prec);
      acb_div_arb(m, e, s, prec);
      acb_mul_2exp_si(m, m, 2);
      acb_neg(m, m);
      acb_add_ui(m, m, 1, prec);
      acb_log_analytic(m, m, order != 0, prec);
      arb_set_d(s, -(p.k->d + 1) / 2);
      acb_mul_arb(m, m, s, prec);
      acb_exp(m, m, prec);
    } else {
      arb_set_d(s, p.k->sigma1d2 / 2);
      acb_mul_arb(m, e, s, prec);
      acb_exp(m, m, prec);
    }
    // e^{z g - z^2 c} M - 1 - z g
    acb_t f;
    acb_init(f);
    arb_set_d(s, p.c);
    acb_mul_arb(f, e, s, prec);
    acb_neg(f, f);
    arb_set_d(s, p.g);
    acb_addmul_arb(f, z, s, prec);
    acb_exp(f, f, prec);
    acb_mul(f, f, m, prec);
    acb_sub(f, f, one_bg, prec);
    acb_mul(res, w, f, prec);
    acb_clear(f);
  }
  arb_clear(s);
  acb_clear(e), acb_clear(w), acb_clear(m), acb_clear(one_bg);
  return 0;
}
void integrate(arb_t res, Integrand p, double a) {
  acb_t r, lo, hi;
  acb_init(r), acb_init(lo), acb_init(hi);
  acb_set_d(lo, -a), acb_set_d(hi, a);
  mag_t tol;
  mag_init(tol);
  mag_set_ui_2exp_si(tol, 1, -80);
  acb_calc_integrate(r, integrand, &p, lo, hi, 80, tol, nullptr, kPrec);
  arb_set(res, acb_realref(r));
  mag_clear(tol);
  acb_clear(r), acb_clear(lo), acb_clear(hi);
}
}  // namespace

// The step (not printed): for t >= 1, every X_{t-1}, ||q_t|| <= 1 and ||g_t|| <= G, with s_t = <g^_t, q_t> and
// m_t = Psi'_{t-1}(X_{t-1}): E_t Psi_t(X_{t-1} + s_t) <= Psi_{t-1}(X_{t-1}) + m_t E_t s_t. By Fubini the left side is
// (1/(2a)) int e^{beta X - beta^2 (t-1) c} E e^{beta (g~ + zeta) - beta^2 c} d beta, g~ = <g_t, q_t>, and the right
// side the same integral of e^{beta X - beta^2 (t-1) c} (1 + beta g~): the step is BANCO.lemma.per_beta integrated
// against a positive weight, so it holds wherever per_beta does (c = sigma_1D^2/2 + G^2). The lines: both sides by
// certified quadrature (Arb's acb_calc_integrate) on a grid of (t, X, g~) with ||q|| = 1, X placing the weight's peak
// at beta = 0, +-a/2, +-a and beyond (up to 16 times: the weight then sits within a/64 of an end); a line is violated where the difference's enclosure is positive.
RegretOutcome potential_step(const std::map<std::string, std::string>& given, std::uint64_t seed) {
  const char* id = "BANCO.lemma.potential_step";
  const Readings rd = readings(id, given);
  const auto t0 = std::chrono::steady_clock::now();
  RegretOutcome out;
  out.seed = seed;
  bool any = false;
  for (const Instance& k : instances()) {
    double a, c;
    constants_of(k, rd, &a, &c);
    double worst = -INFINITY;
    std::string where, evidence;
    bool violated = false;
    for (std::uint64_t t : {1, 3, 30})
      for (double h : {-16.0, -4.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 4.0, 16.0})
        for (double g : {-k.G, k.G}) {
          // the weight e^{beta X - beta^2 (t-1) c} peaks at X/(2 (t-1) c): h a there (t = 1: X = 4 h/a)
          const double X = t > 1 ? 2 * h * a * static_cast<double>(t - 1) * c : 4 * h / a;
          const double bpk = t > 1 ? std::clamp(X / (2 * static_cast<double>(t - 1) * c), -a, a) : (X >= 0 ? a : -a);
          const double E0 = bpk * X - bpk * bpk * static_cast<double>(t - 1) * c;
          Ball D, R, ratio;
          integrate(D, {&k, X, g, c, E0, t, true}, a);
          integrate(R, {&k, X, g, c, E0, t, false}, a);
          arb_div(ratio, D, R, kPrec);
          const double v = 1 + d_of(ratio);
          if (arb_is_positive(D) && !violated) {
            violated = true;
            evidence = "certified at t = " + std::to_string(t) + ", X = " + text_g(X) + ", g~ = " + text_g(g) +
                       ": LHS - RHS = " + reference::ball_text(D, 6) + " e^" + text_g(E0) + " > 0";
          }
          if (v > worst || (violated && where.empty())) {
            worst = v;
            where = "t = " + std::to_string(t) + ", X = " + text_g(X) + ", g~ = " + text_g(g);
          }
        }
    any |= violated;
    out.cases.push_back(line(k.what + ": largest E_t Psi_t(X + s)/(Psi_{t-1}(X) + m_t g~) at " + where + " (a = " +
                                 text_g(a) + ", c = " + text_g(c) + ")",
                             worst, 1, violated, evidence));
  }
  return finish(out,
                rd.text() + ". BANCO.lemma.per_beta integrated against the positive weight e^{beta X - beta^2 (t-1) c}/(2a) "
                    "(Fubini): certified by that argument where per_beta is (c = sigma_1D^2/2 + G^2); the certified "
                    "quadrature lines agree",
                t0, rd.c1d && !any);
}

namespace {
// BANCO's fast learner over `runs` seeded runs of T rounds of a gradient sequence (kind 0: g_t = 0.9 e_1; 1: +-0.9 e_1
// with probability 0.6/0.4; 2: the adversary against the bet, g_t = -G sign(m_t) q_t/||q_t||): each run's X_T and W_T
// (and Psi_T(X_T) when psi is not null)
struct RunEnds {
  std::vector<double> X, W, psi;
  double a = 0, c = 0;
};
RunEnds simulate(privoco::banco::BancoConfig c, int kind, int runs, std::uint64_t seed) {
  RunEnds e;
  for (int r = 0; r < runs; ++r) {
    c.seed = seed * 1000003 + static_cast<std::uint64_t>(r);
    fast::banco::Banco f(c);
    std::vector<double> g(static_cast<std::size_t>(c.d), 0.0);
    const Streams s(c.seed ^ 0x5eedULL);
    for (std::uint64_t t = 1; t <= c.T; ++t) {
      std::fill(g.begin(), g.end(), 0.0);
      if (kind == 0) {
        g[0] = 0.9;
      } else if (kind == 1) {
        g[0] = s.uniform(1, t) < 0.6 ? 0.9 : -0.9;
      } else {
        double n = 0;
        for (int j = 0; j < c.d; ++j) n += f.direction()[j] * f.direction()[j];
        n = std::sqrt(n);
        const double sg = f.bet().value > 0 ? -1 : 1;
        if (n > 0) for (int j = 0; j < c.d; ++j) g[j] = sg * c.G * f.direction()[j] / n;
        else g[0] = sg * c.G;
      }
      f.update(g.data());
    }
    e.a = f.constants().a, e.c = f.constants().c;
    e.X.push_back(fast::to_double(f.X())), e.W.push_back(fast::to_double(f.W()));
    e.psi.push_back(fast::banco::psi_at(e.X.back(), static_cast<double>(c.T) * e.c, e.a).value);
  }
  return e;
}
double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
}
}  // namespace

// The wealth bound (not printed): E Psi_T(X_T) <= E W_T = 1 + E sum m_t s_t. The argument: W_t - W_{t-1} = m_t s_t
// with m_t fixed given the past, so BANCO.lemma.potential_step reads E_t Psi_t(X_t) - E_t W_t <= Psi_{t-1}(X_{t-1}) -
// W_{t-1}; taking expectations and telescoping from Psi_0(0) = W_0 = 1 gives the bound. The lines (never a
// certificate): Monte Carlo means of Psi_T(X_T) and W_T over 400 seeds of the fast learner on three gradient
// sequences (a fixed direction, a biased random sign, and an adversary playing g_t = -G sign(m_t) q_t/||q_t||).
RegretOutcome wealth_lower(const std::map<std::string, std::string>& given, std::uint64_t seed) {
  const char* id = "BANCO.lemma.wealth_lower";
  const Readings rd = readings(id, given);
  const auto t0 = std::chrono::steady_clock::now();
  RegretOutcome out;
  out.seed = seed;
  const int runs = 400;
  out.seeds = runs;
  for (int d : {1, 3})
    for (double eps : {1.0, 8.0})
      for (int kind = 0; kind < 3; ++kind) {
        privoco::banco::BancoConfig c;
        c.d = d, c.T = 100, c.G = 1, c.eps = eps;
        c.c_reading = rd.c1d ? 0 : 1, c.a_reading = rd.inv2b ? 1 : 0, c.k1_value = rd.root ? 1 : 0;
        const RunEnds e = simulate(c, kind, runs, seed);
        static const char* kinds[] = {"a fixed direction", "a biased random sign", "the adversary against the bet"};
        out.cases.push_back(line("d = " + std::to_string(d) + ", eps = " + text_g(eps) + ", T = 100, " + kinds[kind] +
                                     ": mean Psi_T(X_T) against mean W_T over " + std::to_string(runs) + " seeds",
                                 mean(e.psi), mean(e.W), false));
      }
  return finish(out,
                std::string("c_reading = ") + (rd.c1d ? "sigma1d2" : "sigma2") +
                    ". Telescoping BANCO.lemma.potential_step (W_t - W_{t-1} = m_t s_t, m_t known before round t) from "
                    "Psi_0(0) = W_0 = 1: certified by that argument where the step is (c = sigma_1D^2/2 + G^2); the "
                    "simulated means are evidence, not a certificate (both sides are heavy-tailed across paths)",
                t0, rd.c1d);
}

// The magnitude learner's bound (not printed): E R^M_T(v) <= 1 + Psi_T*(v) for every v. The argument:
// R^M_T(v) = sum s_t (v - m_t) = v X_T - (W_T - 1), and E W_T >= E Psi_T(X_T) (BANCO.lemma.wealth_lower), so
// E R^M_T(v) <= 1 + E [v X_T - Psi_T(X_T)] <= 1 + Psi_T*(v) (Fenchel-Young). The lines (evidence, never a
// certificate): the mean of R^M_T(v) over 400 seeds of the fast learner against the certified bound
// (BANCO.bound.magnitude_exact at y = T c), for a fixed direction and a biased random sign, T = 100.
RegretOutcome magnitude_exact(const std::map<std::string, std::string>& given, std::uint64_t seed) {
  const char* id = "BANCO.bound.magnitude_exact";
  const Readings rd = readings(id, given);
  const auto t0 = std::chrono::steady_clock::now();
  RegretOutcome out;
  out.seed = seed;
  const int runs = 400;
  out.seeds = runs;
  for (int d : {1, 3})
    for (double eps : {1.0, 8.0})
      for (int kind = 0; kind < 2; ++kind) {
        privoco::banco::BancoConfig c;
        c.d = d, c.T = 100, c.G = 1, c.eps = eps;
        c.c_reading = rd.c1d ? 0 : 1, c.a_reading = rd.inv2b ? 1 : 0, c.k1_value = rd.root ? 1 : 0;
        const RunEnds e = simulate(c, kind, runs, seed);
        const std::vector<double>&X = e.X, &W = e.W;
        const double a = e.a, cc = e.c;
        static const char* kinds[] = {"a fixed direction", "a biased random sign"};
        for (double v : {0.5, 5.0}) {
          double avg = 0;
          for (int r = 0; r < runs; ++r) avg += v * X[r] - (W[r] - 1);
          avg /= runs;
          Ball bnd;
          eval_at(bnd, reference::banco::magnitude_exact, {v, static_cast<double>(c.T) * cc, a}, 256);
          out.cases.push_back(line("d = " + std::to_string(d) + ", eps = " + text_g(eps) + ", T = 100, " + kinds[kind] +
                                       ", v = " + text_g(v) + ": mean R^M_T(v) over " + std::to_string(runs) +
                                       " seeds against 1 + Psi_T*(v)",
                                   avg, d_of(bnd), false));
        }
      }
  return finish(out,
                std::string("c_reading = ") + (rd.c1d ? "sigma1d2" : "sigma2") +
                    ". R^M_T(v) = v X_T - (W_T - 1), BANCO.lemma.wealth_lower and Fenchel-Young: certified by that "
                    "argument where the wealth bound is (c = sigma_1D^2/2 + G^2); the simulated means are evidence",
                t0, rd.c1d);
}

}  // namespace privoco::proofs::banco
