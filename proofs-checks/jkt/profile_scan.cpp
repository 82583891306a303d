#include "profile_scan.hpp"

#include <arb_hypgeom.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "privoco/reference/dp/profiles.hpp"

namespace privoco::proofs::jkt {

std::string failure_set(const std::function<int(double eps)>& sign_at) {
  std::vector<double> grid;
  for (int i = 0; i <= 240; ++i) grid.push_back(std::pow(10.0, -12 + 0.1 * i));
  auto refine = [&](double lo, double hi, int sign_lo) {  // the sign change in [lo, hi]: its failing end
    while (hi / lo > 1 + 1e-7) {
      const double mid = std::sqrt(lo * hi);
      const int sg = sign_at(mid);
      if (sg == 0) break;
      (sg == sign_lo ? lo : hi) = mid;
    }
    return sign_lo > 0 ? lo : hi;
  };
  std::string out;
  int prev = sign_at(grid[0]);
  double start = 0;  // 0: the failure reaches below the scan
  auto interval = [&](double a, const std::string& b) {
    out += (out.empty() ? "" : " and ") + ("(" + (a ? text_g(a) : std::string("below 1e-12")) + ", " + b + ")");
  };
  for (std::size_t i = 1; i < grid.size(); ++i) {
    const int sg = sign_at(grid[i]);
    if (sg == 0 || prev == 0 || sg == prev) {
      if (sg != 0) prev = sg;
      continue;
    }
    const double x = refine(grid[i - 1], grid[i], prev);
    if (sg > 0) start = x;
    else interval(start, text_g(x));
    prev = sg;
  }
  if (prev > 0) interval(start, "beyond 1e12");
  return out.empty() ? "nowhere in [1e-12, 1e12]" : "for eps in " + out;
}

int gauss_delta_sign(const std::function<void(arb_t, arb_t, arb_t, slong)>& setup, double* exact, double* target) {
  for (slong prec : {128, 256, 1024}) {
    reference::Ball e, mu, tgt, d;
    setup(e, mu, tgt, prec);
    arb_ptr p = _arb_vec_init(2);
    arb_set(p + 0, e);
    arb_set(p + 1, mu);
    reference::dp::gauss_delta(d, p, prec);
    _arb_vec_clear(p, 2);
    *exact = arf_get_d(arb_midref(d.get()), ARF_RND_NEAR);
    *target = arf_get_d(arb_midref(tgt.get()), ARF_RND_NEAR);
    if (arb_gt(d, tgt)) return 1;
    if (arb_lt(d, tgt)) return -1;
  }
  return 0;
}

int release_scan(const BetaAt& beta_at, const KOf& K, const ReleaseClaim& rc, RegretOutcome* out,
                 std::ostringstream* fails) {
  auto sign = [&](double eps, bool lower, double* ex, double* tg) {
    return gauss_delta_sign(
        [&](arb_t e, arb_t mu, arb_t tgt, slong prec) {
          reference::Ball beta;
          beta_at(beta, eps, prec);
          K(mu, lower, prec);
          arb_div(mu, mu, beta, prec);
          arb_set_d(e, rc.eps_factor * eps);
          arb_set_d(tgt, rc.delta_factor * rc.delta);
        },
        ex, tg);
  };
  int bad = 0;
  for (double eps : {0.01, 1.0, 100.0}) {
    double ex = 0, tg = 0;
    const int sg = sign(eps, true, &ex, &tg);
    bad += sg > 0;
    std::ostringstream name;
    name << rc.label << ": " << rc.where << " T=" << rc.T << " eps=" << eps << " delta=" << rc.delta;
    RegretCase c{name.str(), static_cast<long>(rc.T), eps, ex, 0, tg, tg > 0 ? ex / tg : 0, sg > 0, {}};
    if (sg > 0) c.evidence = "certified: exact delta " + text_g(ex) + " > " + text_g(tg);
    out->cases.push_back(c);
    if (out->worst.stream.empty() || c.ratio > out->worst.ratio) out->worst = c;
  }
  auto set_of = [&](bool lower) {
    return failure_set([&](double eps) {
      double ex, tg;
      return sign(eps, lower, &ex, &tg);
    });
  };
  const std::string lo = set_of(true);
  bad += lo.rfind("for eps", 0) == 0;  // a certified failing interval
  const std::size_t eq = rc.where.find('=');
  *fails << "; " << rc.where.substr(0, eq) << " = " << rc.where.substr(eq + 1) << ", T = " << rc.T << ", delta = "
         << rc.delta << ": fails (instance) " << lo << ", not certified to hold (corrected sensitivity) " << set_of(false);
  return bad;
}

namespace {
// P(N >= k) for k = 0..n, N the number of successes of independent Bernoullis with probabilities p[0..n)
std::vector<reference::Ball> upper_tails(const std::vector<reference::Ball>& p, slong prec) {
  const std::size_t n = p.size();
  std::vector<reference::Ball> dist(n + 1);
  arb_one(dist[0]);
  reference::Ball q, t;
  for (std::size_t j = 0; j < n; ++j) {
    arb_sub_ui(q, p[j], 1, prec);
    arb_neg(q, q);  // 1 - p_j
    for (std::size_t k = j + 1; k >= 1; --k) {
      arb_mul(t, dist[k - 1], p[j], prec);
      arb_mul(dist[k], dist[k], q, prec);
      arb_add(dist[k], dist[k], t, prec);
    }
    arb_mul(dist[0], dist[0], q, prec);
  }
  std::vector<reference::Ball> tail(n + 2);
  arb_zero(tail[n + 1]);
  for (std::size_t k = n + 1; k-- > 0;) arb_add(tail[k], tail[k + 1], dist[k], prec);
  tail.pop_back();
  return tail;
}
}  // namespace

int sign_statistic_sign(long n, const ReleaseMeans& ab, double eps_used, double target, double* value) {
  for (slong prec : {128, 256}) {
    std::vector<reference::Ball> pa(n), pb(n);
    reference::Ball a, b, s2, e, tg, best, cand;
    arb_sqrt_ui(s2, 2, prec);
    for (long j = 0; j < n; ++j) {  // Phi(x) = erfc(-x/sqrt2)/2
      ab(a, b, j, prec);
      arb_div(a, a, s2, prec), arb_neg(a, a), arb_hypgeom_erfc(pa[j], a, prec), arb_mul_2exp_si(pa[j], pa[j], -1);
      arb_div(b, b, s2, prec), arb_neg(b, b), arb_hypgeom_erfc(pb[j], b, prec), arb_mul_2exp_si(pb[j], pb[j], -1);
    }
    const auto ta = upper_tails(pa, prec), tb = upper_tails(pb, prec);
    arb_set_d(e, eps_used);
    arb_exp(e, e, prec);
    arb_set_d(tg, target);
    bool above = false;
    double mid = 0;
    arb_zero(best);
    for (std::size_t k = 0; k < ta.size(); ++k)
      for (int way = 0; way < 2; ++way) {  // upper sets of N under either data set
        const auto& P = way ? tb : ta;
        const auto& Q = way ? ta : tb;
        arb_mul(cand, Q[k], e, prec);
        arb_sub(cand, P[k], cand, prec);
        if (arb_gt(cand, tg)) above = true;
        mid = std::max(mid, arf_get_d(arb_midref(cand.get()), ARF_RND_NEAR));
        // the lower sets {N < k}: 1 - tail
        reference::Ball lp, lq;
        arb_sub_ui(lp, P[k], 1, prec), arb_neg(lp, lp);
        arb_sub_ui(lq, Q[k], 1, prec), arb_neg(lq, lq);
        arb_mul(cand, lq, e, prec);
        arb_sub(cand, lp, cand, prec);
        if (arb_gt(cand, tg)) above = true;
        mid = std::max(mid, arf_get_d(arb_midref(cand.get()), ARF_RND_NEAR));
      }
    *value = mid;
    if (above) return 1;
    if (mid < 0.5 * target) return -1;
  }
  return 0;
}

void log_base(arb_t res, double T, bool base2, slong prec) {
  arb_set_d(res, T);
  arb_log(res, res, prec);
  if (!base2) return;
  reference::Ball l2;
  arb_const_log2(l2, prec);
  arb_div(res, res, l2, prec);
}

}  // namespace privoco::proofs::jkt
