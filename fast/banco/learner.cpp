#include "privoco/fast/banco/learner.hpp"

#include <cmath>
#include <string>

#include "../numerics/norm.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/banco/magnitude.hpp"
#include "privoco/fast/vdh/randomisers.hpp"
#include "privoco/format.hpp"

namespace privoco::fast::banco {

using privoco::banco::kBancoId;

namespace {
double finite_or(const char* name, const Value& v, double eps) {
  if (v.status != Status::ok)
    throw DomainError(kBancoId, "eps", text17(eps), std::string("a range where ") + name + " is a double (it is e^" +
                                                         text17(v.log_abs()) + ")");
  return v.value;
}
}  // namespace

Constants constants(const BancoConfig& c) {
  privoco::banco::validate(c);
  Constants k{};
  const double G2 = c.G * c.G, d = c.d;
  // BANCO Sec 3: sigma^2 = 4 (d^2 + d)/eps^2 (the Laplace-l2 noise's second moment), times G^2 for the noise G xi'
  if (std::isnan(c.sigma2)) {
    const double p[2] = {d, c.eps};
    k.sigma2 = finite_or("sigma^2 = 4 d (d + 1) G^2/eps^2", second_moment(p), c.eps) * G2;
  } else {
    k.sigma2 = c.sigma2;
  }
  // BANCO Sec 3 (JO19 Lemma 7): b = 4/eps or eps/4 (R5), times G; sigma_1D^2 by sigma1d2_mode, times G^2
  k.b = std::isnan(c.b) ? c.G * (c.b_reading == 0 ? 4 / c.eps : c.eps / 4) : c.b;
  if (std::isnan(c.sigma1d2)) {
    const double p[4] = {d, c.eps, static_cast<double>(c.b_reading), static_cast<double>(c.sigma1d2_mode)};
    k.sigma1d2 = finite_or("sigma_1D^2", subexp_params(p), c.eps) * G2;
  } else {
    k.sigma1d2 = c.sigma1d2;
  }
  if (!std::isfinite(k.sigma2) || !std::isfinite(k.sigma1d2) || !std::isfinite(k.b))
    throw DomainError(kBancoId, "eps", text17(c.eps), "a range where the noise constants times G^2 are doubles");
  const double pa[4] = {c.G, k.b, static_cast<double>(c.k1_value), static_cast<double>(c.a_reading)};
  k.a = a(pa).value;  // BANCO Alg 1 line 4 (R1)
  const double pc[4] = {c.G, k.sigma2, k.sigma1d2, static_cast<double>(c.c_reading)};
  k.c = finite_or("c", privoco::fast::banco::c(pc), c.eps);  // BANCO Alg 1 line 4 (R2)
  if (!(k.a > 0) || !std::isfinite(k.a))
    throw DomainError(kBancoId, "G", text17(c.G), "a range where a = min(k1/G, 1/b) is a positive double");
  return k;
}

Banco::Banco(BancoConfig c) : c_(c), k_(privoco::fast::banco::constants(c_)), streams_(c_.seed) {
  const auto n = static_cast<std::size_t>(c_.d);
  q_.assign(n, 0.0), w_.assign(n, 0.0), xi_.assign(n, 0.0), gh_.assign(n, 0.0);
  set_played();
}

void Banco::set_played() {
  // BANCO Alg 1 line 4: m_{t+1} = (1/(2a)) int beta exp(beta X_t - beta^2 t c) d beta, at the round count t_
  m_ = m_at(to_double(X_), static_cast<double>(t_) * k_.c, k_.a);
  for (int j = 0; j < c_.d; ++j) w_[j] = q_[j] == 0 ? 0.0 : m_.value * q_[j];  // w = m q (BANCO Alg 1 line 7)
}

double Banco::update(const double* g, const double* noise) {
  const int d = c_.d;
  if (t_ >= c_.T)
    throw DomainError(kBancoId, "T", std::to_string(c_.T), "at least the number of rounds (round " + std::to_string(t_ + 1) + " arrived)");
  const double gn = numerics::norm2(g, d);
  if (!(gn <= c_.G * (1 + 0x1p-50))) {
    for (int j = 0; j < d; ++j)
      if (!std::isfinite(g[j])) throw DomainError(kBancoId, "g_" + std::to_string(j + 1), text17(g[j]), "finite");
    throw ParamError(kBancoId, "G", text17(c_.G) + " is below ||g_t|| = " + text17(gn) + " (round " + std::to_string(t_ + 1) +
                                        "; BANCO Sec 2 assumes ||g_t|| <= G)");
  }
  const std::uint64_t t = t_ + 1;
  if (noise) {
    for (int j = 0; j < d; ++j) {
      if (!std::isfinite(noise[j]))
        throw DomainError(kBancoId, "xi_" + std::to_string(j + 1), text17(noise[j]), "finite (round " + std::to_string(t) + ")");
      xi_[j] = noise[j];
    }
  } else {
    // BANCO Sec 3: xi ~ exp(-(eps/2) ||z||) (VDH's l2 randomiser), times G for ||g|| <= G
    vdh::l2_mech(streams_, privoco::banco::noise_stream(t), c_.eps, d, xi_.data());
    if (c_.G != 1)
      for (int j = 0; j < d; ++j) xi_[j] *= c_.G;
  }
  // BANCO Alg 1 line 3: g^_t = g_t + xi_t; the coin s_t = <g^_t, q_t>
  double s = 0, gh2 = 0;
  for (int j = 0; j < d; ++j) {
    gh_[j] = g[j] + xi_[j];
    s += gh_[j] * q_[j];
    gh2 += gh_[j] * gh_[j];
  }
  if (!std::isfinite(gh2)) {
    const double n = numerics::norm2(gh_.data(), d);
    gh2 = n * n;
  }
  const dd S = S_ + dd{gh2, 0};
  if (!std::isfinite(S.hi))
    throw DomainError(kBancoId, "eps", text17(c_.eps),
                      "a range where sum ||g^_s||^2 is a double (it overflowed at round " + std::to_string(t) + ")");
  t_ = t, S_ = S;
  X_ = X_ + dd{s, 0};
  W_ = W_ + dd{m_.value * s, 0};  // BANCO.pot.wealth: W_t = W_{t-1} + m_t s_t
  // BANCO Alg 1 line 5: q_{t+1/2} = q_t + dir_sign lambda g^_t/sqrt(S_t) (R3, R4; no step while S_t = 0)
  if (S_.hi > 0) {
    const double k = c_.dir_sign * c_.lambda / std::sqrt(to_double(S_));
    double n2 = 0;
    for (int j = 0; j < d; ++j) q_[j] += k * gh_[j], n2 += q_[j] * q_[j];
    // line 6: q_{t+1} = q_{t+1/2} min(1, 1/||q_{t+1/2}||)
    if (n2 > 1) {
      const double n = std::isfinite(n2) ? std::sqrt(n2) : numerics::norm2(q_.data(), d);
      for (int j = 0; j < d; ++j) q_[j] /= n;
    }
  }
  set_played();
  return s;
}

void Banco::restore(std::uint64_t t, dd X, dd S, dd W, const std::vector<double>& q) {
  if (t > c_.T) throw DomainError(kBancoId, "t", std::to_string(t), "[0, T] (T = " + std::to_string(c_.T) + ")");
  if (q.size() != q_.size()) throw DomainError(kBancoId, "q", std::to_string(q.size()) + " values", std::to_string(c_.d) + " values (d)");
  for (std::size_t j = 0; j < q.size(); ++j)
    if (!std::isfinite(q[j])) throw DomainError(kBancoId, "q_" + std::to_string(j + 1), text17(q[j]), "finite");
  const double n = numerics::norm2(q.data(), c_.d);
  if (!(n <= 1 + 0x1p-40)) throw DomainError(kBancoId, "q", "a direction of norm " + text17(n), "the unit ball (BANCO Alg 1 line 6)");
  // a double-double's low part is at most half an ulp of its high part
  auto check_dd = [&](const char* name, dd v) {
    if (!std::isfinite(v.hi) || !std::isfinite(v.lo) || v.hi + v.lo != v.hi)
      throw DomainError(kBancoId, name, text17(v.hi) + " + " + text17(v.lo), "a double-double (finite, |lo| <= ulp(hi)/2)");
  };
  check_dd("X", X), check_dd("S", S), check_dd("W", W);
  if (S.hi < 0) throw DomainError(kBancoId, "S", text17(S.hi), "[0, inf) (a sum of squares)");
  if (t == 0 && (X.hi != 0 || S.hi != 0 || W.hi != 1 || W.lo != 0 || n != 0))
    throw DomainError(kBancoId, "t", "0 with a state that is not the start", "X = S = 0, W = 1, q = 0 at t = 0");
  t_ = t, X_ = X, S_ = S, W_ = W, q_ = q;
  set_played();
}

}  // namespace privoco::fast::banco
