// VDH improper prior dP/dv = 1/|v| in double: w = C [h(lambda) - h(-lambda)], h(l) = int_0^1 e^{l x - mu x^2} dx,
// lambda = C|L|, mu = C^2 V (VDH (3.8.1) (002) by the definition; odd in L). Regimes:
//   V = 0         w = C 4 sinh^2(lambda/2)/lambda (exp in double-double beyond lambda = 1);
//   series        lambda <= 3 or lambda^2/mu <= 4: 2 sum_j lambda^{2j+1}/(2j+1)! M_{2j+1}(mu), positive terms,
//                 M_k(mu) = int_0^1 x^k e^{-mu x^2} dx (see series() for how each moment is formed);
//   closed forms  otherwise, erf/erfcx of non-negative arguments (derivation in reference/vdh/improper.cpp; lambda^2/(4mu) > 1 there keeps the subtracted terms below ~1/3), the
//                 large exponential in double-double and carried as a scaled magnitude (overflow reported).
#include "improper.hpp"

#include <cerf.h>

#include <cmath>

#include "privoco/catalogue.hpp"
#include "privoco/fast/dd.hpp"
#include "privoco/fast/dd_math.hpp"
#include "scaled.hpp"

namespace privoco::fast::vdh {
using namespace detail;

namespace {
constexpr double kSqrtPi = 1.77245385090551602730;
constexpr int kMaxTerms = 90;

// The bracket S of w/C = 2 lambda S (unscaled, mu < 4) or (lambda/mu) S (scaled, mu >= 4), with
//   unscaled S = sum_j lambda^{2j} M_{2j+1}(mu)/(2j+1)!,  M by the downward recurrence M_k = (e^{-mu} + 2mu M_{k+2})/(k+1)
//            (every factor 2mu/(k+1) < 1 past k = 8: start errors and roundings are damped);
//   scaled   S = sum_j (lambda^2/mu)^j P_j/(2j+1)!,  P_j = 2 mu^{j+1} M_{2j+1}(mu) = gamma(j+1, mu), each from a
//            positive form: j! (1 - e^{-mu} sum_{i<=j} mu^i/i!) for j+1 <= mu (the sum is <= ~1/2 of the whole),
//            mu^{j+1} e^{-mu} sum_n mu^n/((j+1)...(j+1+n)) for j+1 > mu (DLMF 8.7.1). No long recurrence: the
//            downward one over ~5 mu steps accumulated 14.7 ulp at mu = 71.
double series(double lambda, double mu, bool* scaled) {
  const double x2 = lambda * lambda;
  *scaled = mu >= 4;
  const double y = *scaled ? x2 / mu : x2;
  double M[kMaxTerms];
  if (!*scaled) {
    const double em = std::exp(-mu), two_mu = 2 * mu;
    const int J = kMaxTerms - 1, top = 2 * (J + 40);
    double m = 0;
    for (int k = top + 1; k > 2 * J + 1; k -= 2) m = (em + two_mu * m) / (k + 1);
    for (int k = 2 * J + 1; k >= 1; k -= 2) M[(k - 1) / 2] = m = (em + two_mu * m) / (k + 1);
  }
  const double em = std::exp(-mu);
  double fact = 1, q_term = em, q_sum = em;  // j!, e^{-mu} mu^j/j!, e^{-mu} sum_{i<=j} mu^i/i!
  double t = 1, sum = 0;
  for (int j = 0; j < kMaxTerms; ++j) {
    double Pj;
    if (!*scaled) {
      Pj = M[j];
    } else if (j + 1 <= mu) {
      Pj = fact * (1 - q_sum);
    } else {  // mu^{j+1} e^{-mu} sum_n mu^n / ((j+1)...(j+1+n)), ratio mu/(j+1+n) < 1
      double r = 1.0 / (j + 1), s = r;
      for (int n = 1; n < 200 && r > 0x1p-60 * s; ++n) s += (r *= mu / (j + 1 + n));
      Pj = std::pow(mu, j + 1) * em * s;
    }
    const double term = t * Pj;
    sum += term;
    if (j > 0 && term < 0x1p-60 * sum) break;
    t *= y / ((2.0 * j + 2) * (2.0 * j + 3));
    fact *= (j + 1);
    q_term *= mu / (j + 1);
    q_sum += q_term;
  }
  return sum;
}
// erfcx(p) for p >= 0: libcerf's (<= 2.4 ulp, measured) except near 0, where the leading factor e^{lambda-mu}
// erfcx(a) carries the whole result: there e^{p^2} erfc(p) in double-double, rounded once.
double erfcx_lead(double p) {
  if (p >= 1.25) return erfcx(p);
  const dd pd{p, 0};
  return to_double(erfc_dd(pd) * exp_dd(pd * pd));
}
}  // namespace

Value pred_improper(double L, double V, double G) {
  static const Entry& e = entry("VDH.pred.improper");
  const double x[3] = {L, V, G};
  check_params(e, x);
  if (L == 0) return plain(0);
  const int sign = L > 0 ? 1 : -1;
  // C, lambda, mu in double-double (exponents near 700 keep their accuracy)
  const dd g5 = two_prod(5.0, G);
  const double c = 1.0 / g5.hi;
  const dd C = quick_two_sum(c, c * (std::fma(-c, g5.hi, 1.0) - c * g5.lo));
  const dd lam = C * std::fabs(L);
  const dd mu = (C * V) * C;
  const double lambda = lam.hi, m = mu.hi;
  if (!std::isfinite(lambda) || !std::isfinite(C.hi) || !std::isfinite(m)) {
    // C or lambda beyond double (G tiny): ln w from the Gaussian limit would be needed; report overflow honestly
    Value out;
    out.status = Status::overflow;
    out.sign = sign;
    out.value = sign * INFINITY;
    out.log_abs_out = INFINITY;
    return out;
  }
  if (V == 0 || m < 1e-300) {  // 4 sinh^2(lambda/2)/lambda
    if (lambda <= 1) {
      const double s = std::sinh(0.5 * lambda);
      Scaled sc;
      sc.m = 4 * s * s / lambda;
      sc.renorm();
      sc *= to_double(C);
      return finish(sign, sc);
    }
    // e^{lambda} (1 - e^{-lambda})^2 / lambda
    const double q = -std::expm1(-lambda);
    return finish(sign, q * q / lambda * to_double(C), lam);
  }
  if (lambda <= 3 || lambda * lambda <= 4 * m) {
    bool scaled = false;
    const double s = series(lambda, m, &scaled);
    Scaled sc;
    sc.m = s;
    sc.renorm();
    sc *= lambda;
    if (scaled) sc /= m;
    else sc *= 2.0;
    sc *= to_double(C);
    return finish(sign, sc);
  }
  const double sq = std::sqrt(m);
  // a from lambda - 2mu in double-double: near the edge the difference cancels, and erfc(-a) passes its error
  // on (13.5 ulp at lambda = 1346, mu = 681 with the double difference)
  const double cc = lambda / (2 * sq), beta = (lambda + 2 * m) / (2 * sq), a = to_double(lam - mu * 2.0) / (2 * sq);
  const double k = kSqrtPi / (2 * sq) * to_double(C);
  // small terms relative to the leading exponential: -erfcx(c) (twice in the endpoint case) + e^{-lambda-mu} erfcx(beta)
  const double tail = std::exp(-lambda - m) * erfcx(beta);
  if (a >= 0) {
    // w/C = k' [e^{lambda-mu} erfcx(a) - 2 erfcx(c) + tail]: leading term times (1 - (2 erfcx(c) - tail) e^{mu-lambda}/erfcx(a))
    const dd E = lam - mu;
    const double lead = erfcx_lead(a);
    const double rel = E.hi < 700 ? (2 * erfcx(cc) - tail) * std::exp(-E.hi) / lead : 0;
    return finish(sign, k * lead * (1 - rel), E);
  }
  // peak inside: w/C = k [e^{lambda^2/(4mu)} (2 - erfc(-a) - erfc(c)) - erfcx(c) + tail], lambda^2/(4mu) > 1
  const dd E = (lam / mu) * lam * 0.25;
  const double lead = (2 - std::erfc(-a)) - std::erfc(cc);
  const double rel = E.hi < 700 ? (erfcx(cc) - tail) * std::exp(-E.hi) / lead : 0;
  return finish(sign, k * lead * (1 - rel), E);
}

}  // namespace privoco::fast::vdh
