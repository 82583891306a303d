#include "privoco/reference/banco/learner.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/vdh/randomisers.hpp"

namespace privoco::reference::banco {

using privoco::banco::kBancoId;

namespace {
double mid(arb_srcptr b) { return arf_get_d(arb_midref(b), ARF_RND_NEAR); }
// the exact decimal of a double (glibc prints every digit), for the certified randomiser's parameter
Decimal exact_decimal(double x) {
  char buf[1100];
  std::snprintf(buf, sizeof buf, "%.770e", x);
  Decimal d;
  std::size_t pos;
  std::string why;
  parse_decimal(buf, &d, &pos, &why);
  return d;
}
}  // namespace

void constants(ConstantBalls* k, const BancoConfig& c, slong prec) {
  privoco::banco::validate(c);
  Ball G(c.G), eps(c.eps), G2, e2, d(static_cast<double>(c.d));
  arb_sqr(G2, G, prec), arb_sqr(e2, eps, prec);
  if (std::isnan(c.sigma2)) {  // BANCO Sec 3: 4 (d^2 + d)/eps^2, times G^2
    arb_add_ui(k->sigma2, d, 1, prec);
    arb_mul(k->sigma2, k->sigma2, d, prec);
    arb_mul_2exp_si(k->sigma2, k->sigma2, 2);
    arb_div(k->sigma2, k->sigma2, e2, prec);
    arb_mul(k->sigma2, k->sigma2, G2, prec);
  } else {
    arb_set_d(k->sigma2, c.sigma2);
  }
  Ball b1;  // R5: b = 4/eps or eps/4 for G = 1
  if (c.b_reading == 0) arb_set_ui(b1, 4), arb_div(b1, b1, eps, prec);
  else arb_mul_2exp_si(b1, eps, -2);
  if (std::isnan(c.b)) arb_mul(k->b, b1, G, prec);
  else arb_set_d(k->b, c.b);
  if (std::isnan(c.sigma1d2)) {
    if (c.sigma1d2_mode == 0) {  // JO19 Lemma 7 via BANCO Sec 3: 18 d^2/eps^2
      arb_sqr(k->sigma1d2, d, prec);
      arb_mul_ui(k->sigma1d2, k->sigma1d2, 18, prec);
      arb_div(k->sigma1d2, k->sigma1d2, e2, prec);
    } else {
      sigma1d2_min(k->sigma1d2, c.d, eps, b1, prec);
    }
    arb_mul(k->sigma1d2, k->sigma1d2, G2, prec);
  } else {
    arb_set_d(k->sigma1d2, c.sigma1d2);
  }
  arb_ptr p = _arb_vec_init(4);
  arb_set(p, G), arb_set(p + 1, k->b), arb_set_si(p + 2, c.k1_value), arb_set_si(p + 3, c.a_reading);
  a(k->a, p, prec);  // BANCO Alg 1 line 4 (R1)
  arb_set(p + 1, k->sigma2), arb_set(p + 2, k->sigma1d2), arb_set_si(p + 3, c.c_reading);
  privoco::reference::banco::c(k->c, p, prec);  // BANCO Alg 1 line 4 (R2)
  _arb_vec_clear(p, 4);
}

BancoReplay::BancoReplay(BancoConfig c, slong prec)
    : c_(c), streams_(c_.seed), prec_(prec), dir_(c_.d, c_.dir_sign, Ball(c_.lambda).get(), prec) {
  privoco::reference::banco::constants(&k_, c_, prec_);
  w_.resize(static_cast<std::size_t>(c_.d)), xi_.resize(static_cast<std::size_t>(c_.d));
  arb_one(W_);
  set_played();
}

void BancoReplay::set_played() {
  // BANCO Alg 1 line 4: m_{t+1} at x = X_t, y = t c
  arb_ptr p = _arb_vec_init(3);
  arb_set(p, X_), arb_mul_ui(p + 1, k_.c, t_, prec_), arb_set(p + 2, k_.a);
  m_compact(m_, p, prec_);
  const double y = mid(p + 1);
  _arb_vec_clear(p, 3);
  for (int j = 0; j < c_.d; ++j) arb_mul(w_[j], m_, dir_.q()[j], prec_);  // w = m q
  // the rounding scale of w_{t+1} (over 2^-53): |m| eq + em, em the bet's error from X, y, a and its own 8 ulp
  const double m = std::fabs(mid(m_)), a = mid(k_.a), X = std::fabs(mid(X_));
  const double em = a * (m + a) * (eX_ + 8 * (X + a * y + 1)) + 24 * m;
  scale_ = m * (eq_ + 2) + em;
}

void BancoReplay::update(const double* g, const double* noise) {
  const int d = c_.d;
  if (t_ >= c_.T)
    throw DomainError(kBancoId, "T", std::to_string(c_.T), "at least the number of rounds (round " + std::to_string(t_ + 1) + " arrived)");
  double gn2 = 0;
  for (int j = 0; j < d; ++j) gn2 += g[j] * g[j];
  if (!(std::sqrt(gn2) <= c_.G * (1 + 0x1p-50)))
    throw ParamError(kBancoId, "G", text17(c_.G) + " is below ||g_t|| = " + text17(std::sqrt(gn2)) + " (round " +
                                        std::to_string(t_ + 1) + "; BANCO Sec 2 assumes ||g_t|| <= G)");
  const std::uint64_t t = ++t_;
  double xin = 0;
  if (noise) {
    for (int j = 0; j < d; ++j) arb_set_d(xi_[j], noise[j]);
  } else {  // BANCO Sec 3: VDH's l2 randomiser at eps, times G
    vdh::L2Draw dr = vdh::l2_mech(streams_, privoco::banco::noise_stream(t), exact_decimal(c_.eps), d);
    Ball G(c_.G);
    for (int j = 0; j < d; ++j) arb_mul(xi_[j], dr.xi[j].ball, G, prec_);
    xin = mid(dr.radius.ball) * c_.G;
  }
  std::vector<Ball> gh(static_cast<std::size_t>(d));
  Ball s, gj;
  for (int j = 0; j < d; ++j) {
    arb_set_d(gj, g[j]);
    arb_add(gh[j], gj, xi_[j], prec_);  // BANCO Alg 1 line 3: g^_t = g_t + xi_t
    arb_addmul(s, gh[j], dir_.q()[j], prec_);  // s_t = <g^_t, q_t>
  }
  arb_addmul(W_, m_, s, prec_);  // W_t = W_{t-1} + m_t s_t
  arb_add(X_, X_, s, prec_);
  // first-order error bounds over 2^-53 (a double run's): g^ (the noise's transform: d logs in the radius), S, X, q
  double gn = 0, qn = 0;
  for (int j = 0; j < d; ++j) gn += mid(gh[j]) * mid(gh[j]), qn += mid(dir_.q()[j]) * mid(dir_.q()[j]);
  gn = std::sqrt(gn), qn = std::sqrt(qn);
  const double eg = gn + (d + 16) * xin;
  eX_ += gn * eq_ + eg * qn + d * gn * qn + std::fabs(mid(X_)) + 1;
  dir_.update(gh);  // BANCO Alg 1 lines 5-6
  const double S = mid(dir_.S());
  eS_ += (d + 2) * gn * gn + 2 * gn * eg + S;
  if (S > 0) {
    const double k = c_.lambda / std::sqrt(S);
    eq_ += k * gn * (eS_ / S / 2 + 3) + k * eg + (1 + k * gn) + (d + 4);
  }
  set_played();
}

}  // namespace privoco::reference::banco
