// Certified transforms of VDH's samplers: see randomisers.hpp. Each draw is computed at a working precision that
// doubles until every coordinate carries the requested digits (ceiling opt.max_prec).
#include "privoco/reference/vdh/randomisers.hpp"

#include <cmath>
#include <functional>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/reference/vdh/learners.hpp"

namespace privoco::reference::vdh {

namespace {
constexpr double kLog2_10 = 3.32192809488736234787;

// Runs compute(prec) (filling balls) at doubling precision until certify succeeds on all of them.
std::vector<Certified> escalate(const char* id, std::size_t n, const Options& opt,
                                const std::function<void(std::vector<Ball>&, slong)>& compute) {
  if (opt.digits < 1 || opt.digits > 100000)
    throw ParamError(id, "digits", std::to_string(opt.digits) + " is outside [1, 100000]");
  slong prec = std::min<slong>(static_cast<slong>(std::ceil(opt.digits * kLog2_10)) + 40, opt.max_prec);
  for (;;) {
    std::vector<Ball> b(n);
    compute(b, prec);
    try {
      std::vector<Certified> out;
      for (auto& x : b) {
        out.push_back(certify_ball(x, opt.digits, id));
        out.back().prec_bits = prec;
      }
      return out;
    } catch (const PrecisionCeiling&) {
      if (prec >= opt.max_prec)
        throw PrecisionCeiling(std::string(id) + ": " + std::to_string(opt.digits) +
                               " certified digits not reached at the precision ceiling of " +
                               std::to_string(opt.max_prec) + " bits; raise --max-prec");
      prec = std::min<slong>(2 * prec, opt.max_prec);
    }
  }
}
}  // namespace

Tau parse_tau(const std::string& text, std::size_t j) {
  const std::string name = "tau_" + std::to_string(j + 1);
  Tau t;
  if (text == "inf" || text == "+inf") {
    t.infinite = true;
    t.value.text = "inf";
    t.value.approx = INFINITY;
    t.value.sign = 1;
    return t;
  }
  t.value = parse_param("VDH.alg.local_laplace", name, text);
  if (t.value.sign <= 0) throw DomainError("VDH.alg.local_laplace", name, text, "(0, inf]");
  return t;
}

std::vector<Certified> local_laplace(const Streams& s, std::uint64_t round, const std::vector<Tau>& tau,
                                     const Options& opt) {
  for (std::size_t j = 0; j < tau.size(); ++j)
    if (!tau[j].infinite && tau[j].value.sign <= 0)
      throw DomainError("VDH.alg.local_laplace", "tau_" + std::to_string(j + 1), tau[j].value.text, "(0, inf]");
  return escalate("VDH.alg.local_laplace", tau.size(), opt, [&](std::vector<Ball>& xi, slong prec) {
    for (std::size_t j = 0; j < tau.size(); ++j) {
      if (tau[j].infinite) {  // A17(b)
        arb_zero(xi[j]);
        continue;
      }
      const double u = s.uniform(round, j);
      Ball a, t, half;
      arb_set_d(a, u);
      arb_set_d(half, 0.5);
      arb_sub(a, a, half, prec);  // exact: u - 1/2 is a double
      const bool neg = arb_is_negative(a);
      arb_abs(a, a);
      arb_mul_2exp_si(a, a, 1);
      arb_neg(a, a);
      arb_log1p(a, a, prec);  // ln(1 - 2|u - 1/2|) < 0
      if (arb_set_str(t, tau[j].value.text.c_str(), prec) != 0)
        throw ParamError("VDH.alg.local_laplace", "tau_" + std::to_string(j + 1), "'" + tau[j].value.text + "'");
      arb_div(a, a, t, prec);
      arb_mul_2exp_si(a, a, 1);  // (2/tau) ln(...)
      if (!neg) arb_neg(a, a);   // xi = -(2/tau) sign(u - 1/2) ln(1 - 2|u - 1/2|)
      arb_swap(xi[j], a);
    }
  });
}

L2Draw l2_mech(const Streams& s, std::uint64_t round, const Decimal& eps, int d, const Options& opt) {
  if (eps.sign <= 0 || !std::isfinite(eps.approx)) throw DomainError("VDH.alg.l2_mech", "eps", eps.text, "(0, inf)");
  if (d < 1) throw DomainError("VDH.alg.l2_mech", "d", std::to_string(d), "[1, inf)");
  const std::size_t n = static_cast<std::size_t>(d);
  auto balls = escalate("VDH.alg.l2_mech", n + 1, opt, [&](std::vector<Ball>& out, slong prec) {
    Ball r, t, e, norm2, pi2;
    for (int k = 0; k < d; ++k) {  // R = -(2/eps) sum ln u_k
      arb_set_d(t, s.uniform(round, static_cast<std::uint64_t>(k)));
      arb_log(t, t, prec);
      arb_sub(r, r, t, prec);
    }
    if (arb_set_str(e, eps.text.c_str(), prec) != 0) throw ParamError("VDH.alg.l2_mech", "eps", "'" + eps.text + "'");
    arb_div(r, r, e, prec);
    arb_mul_2exp_si(r, r, 1);
    arb_const_pi(pi2, prec);
    arb_mul_2exp_si(pi2, pi2, 1);
    for (int j = 0; j < d; j += 2) {  // Box-Muller pairs, counters d + j, d + j + 1
      Ball rad, ang, c, sn;
      arb_set_d(rad, s.uniform(round, static_cast<std::uint64_t>(d + j)));
      arb_log(rad, rad, prec);
      arb_mul_si(rad, rad, -2, prec);
      arb_sqrt(rad, rad, prec);
      arb_set_d(ang, s.uniform(round, static_cast<std::uint64_t>(d + j + 1)));
      arb_mul(ang, ang, pi2, prec);
      arb_sin_cos(sn, c, ang, prec);
      arb_mul(out[j], rad, c, prec);
      if (j + 1 < d) arb_mul(out[j + 1], rad, sn, prec);
    }
    for (int j = 0; j < d; ++j) arb_addmul(norm2, out[j], out[j], prec);
    arb_rsqrt(t, norm2, prec);
    arb_mul(t, t, r, prec);  // R / ||n||
    for (int j = 0; j < d; ++j) arb_mul(out[j], out[j], t, prec);
    arb_swap(out[n], r);
  });
  L2Draw draw;
  draw.radius = balls.back();
  balls.pop_back();
  draw.xi = std::move(balls);
  return draw;
}

}  // namespace privoco::reference::vdh
