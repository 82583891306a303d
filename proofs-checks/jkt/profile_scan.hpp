// A privacy claim "exact delta(eps) <= target" checked over eps: where it fails, as intervals of eps with ends to
// relative 1e-6 (a scan of 241 points of log eps in [1e-12, 1e12] for certified sign changes, each refined by
// bisection on the certified sign). Shared by JKT's checks of Gaussian mechanisms at printed noise scales.
#pragma once
#include <algorithm>
#include <chrono>
#include <cmath>
#include <initializer_list>
#include <functional>
#include <sstream>
#include <string>
#include <utility>

#include "privoco/proofs/cases.hpp"
#include "privoco/proofs/regret.hpp"
#include "privoco/reference/ball.hpp"

namespace privoco::proofs::jkt {

// sign_at(eps): +1 the claim certainly fails at eps, -1 it certainly holds, 0 undecided. "for eps in (a, b) and ..."
// or "nowhere in [1e-12, 1e12]"; ends beyond the scan read "below 1e-12" / "beyond 1e12".
std::string failure_set(const std::function<int(double eps)>& sign_at);

// The certified sign of delta(eps_used; mu) - target (DP.gauss.delta), escalating 128 -> 256 -> 1024 bits: fills the
// nearest doubles of the exact delta and the target.
int gauss_delta_sign(const std::function<void(arb_t eps_used, arb_t mu, arb_t target, slong prec)>& setup,
                     double* exact, double* target);


// P(Bin(n, p) >= k), in double (the statistical verdicts' tail; k = 0 gives 1)
inline double binomial_upper_tail(long n, long k, double p) {
  double tail = 0;
  for (long i = std::max(k, 0L); i <= n; ++i)
    tail += std::exp(std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) + i * std::log(p) +
                     (n - i) * std::log1p(-p));
  return tail;
}

// log T in base e or 2 (J1, J2: the base of the logarithms the bounds print), in ball arithmetic
void log_base(arb_t res, double T, bool base2, slong prec);

// Releases projected onto C with 0 inside C (JKT Alg 1 l.8, Alg 2 l.9, Alg 3 l.9: x^ = Pi_C(x~), x~ = x + N(0,
// sigma_t^2 I)): the signs of the releases' first coordinates are a post-processing of x^ (x^ > 0 iff x~ > 0), so
// independent Bernoullis with P(+) = Phi(a_j) under one data set and Phi(b_j) under the other (a_j, b_j the
// standardized means of release j, given by `ab` as balls). N = #{+} is Poisson-binomial under each (exact
// convolution in Arb), and delta(eps) >= max over k of P(N >= k) - e^eps P'(N >= k), either way round: a certified
// lower bound on the projected releases' delta. Returns +1 when it is certainly above `target` (a refutation), -1
// when even its midpoint is below half the target (the bound decides nothing there), 0 otherwise; *value: the
// largest midpoint.
using ReleaseMeans = std::function<void(arb_t a, arb_t b, long j, slong prec)>;
int sign_statistic_sign(long n, const ReleaseMeans& ab, double eps_used, double target, double* value);

// The end of every JKT check: the note and the seconds since t0 set on the outcome.
inline RegretOutcome with_note(RegretOutcome out, const std::ostringstream& note,
                               std::chrono::steady_clock::time_point t0) {
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

// A statistical line: `above` of n runs beyond `beyond` against a claimed probability p, violated when
// P(Bin(n, p) >= above) <= exp(log_level) (the family-wise level split over a check's cases); the evidence says so.
inline RegretCase binomial_case(const std::string& what, double realised, double bound, long above, long n, double p,
                                double log_level, const std::string& beyond) {
  const double tail = binomial_upper_tail(n, above, p);
  const bool viol = above > 0 && std::log(tail) <= log_level;
  return line(what, realised, bound, viol,
              viol ? std::to_string(above) + " of " + std::to_string(n) + " runs above " + beyond +
                         "; P(Bin(n, gamma) >= k) = " + text_g(tail)
                   : "");
}


// The releases of one fixed neighbouring pair against the claim (eps_factor eps, delta_factor delta) at the printed
// beta: mu = K/beta, K from the explicit pair (lower: a certified failure refutes) or from the corrected sensitivity
// (upper: where it passes, the claim holds). Cases at eps = 0.01, 1, 100 ("<label>: <where> T=.. eps=.. delta=..")
// and the failing eps sets of both ("; <where as name = value>, T = .., delta = ..: fails (instance) ..., not
// certified to hold (corrected sensitivity) ..."). Returns the lower side's failures (grid points and intervals).
struct ReleaseClaim {
  std::string label, where;  // e.g. "all releases at (3 eps, 2 delta), instance tau=43", "alpha=0.1"
  double T, delta, eps_factor, delta_factor;
};
using BetaAt = std::function<void(arb_t beta, double eps, slong prec)>;
using KOf = std::function<void(arb_t K, bool lower, slong prec)>;
int release_scan(const BetaAt& beta_at, const KOf& K, const ReleaseClaim& c, RegretOutcome* out,
                 std::ostringstream* fails);

}  // namespace privoco::proofs::jkt
