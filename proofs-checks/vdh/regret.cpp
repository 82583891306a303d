// VDH Thm 1 (000) = Thm 10 (002) against simulation of Algorithm 1 (conjugate prior, predictions by the
// definition, reading A20(a)); see regret.hpp for the verdicts.
#include <tuple>
#include <arb.h>

#include <Eigen/Core>

#include <chrono>
#include <cmath>
#include <functional>
#include <sstream>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/vdh/bounds.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/fast/vdh/learners.hpp"
#include "privoco/fast/vdh/randomisers.hpp"
#include "checks.hpp"
#include "privoco/proofs/regret.hpp"
#include "privoco/proofs/search.hpp"
#include "privoco/format.hpp"
#include "privoco/reference/vdh/bounds.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/reference/vdh/learners.hpp"

namespace privoco::proofs {

namespace {
// The theorem under test: its bound ID, Algorithm 1's prior, and whether the bound takes b.
struct Setup {
  const char* id;
  const char* prior;
  bool has_b;
  char a9 = 'a';  // VDH.bound.thm12's reading of the third term (parameter a9 = a, b or c; ERRATA.md E2)
};
const Setup kThm1{"VDH.bound.thm1", "conjugate", true};
const Setup kThm12{"VDH.bound.thm12", "improper", false};

std::string param(const Setup& su, const std::map<std::string, std::string>& p, const std::string& name) {
  auto it = p.find(name);
  if (it == p.end()) throw ParamError(su.id, name, "missing");
  return it->second;
}

// the printed bound at (u, V) in double (fast part)
double bound(const Setup& su, double u, double V, double b, double G) {
  if (su.a9 == 'b') return fast::vdh::bound_thm12_a9b(u, V, G).value;
  if (su.a9 == 'c') return fast::vdh::bound_thm12_a9c(u, V, G).value;
  const double x4[4] = {u, V, b, G}, x3[3] = {u, V, G};
  return fast::evaluate(entry(su.id), su.has_b ? x4 : x3).value;
}

// one-sided normal quantile: z with P(N > z) = alpha (bisection on erfc; alpha in (0, 1/2))
double z_of(double alpha) {
  double lo = 0, hi = 40;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (0.5 * std::erfc(mid / std::sqrt(2.0)) > alpha ? lo : hi) = mid;
  }
  return hi;
}

// The noisy streams' one-sided paired test: D_i = R_i - bound_i over n runs, violation when mean(D) - z se(D) > 0.
RegretCase paired_case(const std::string& name, long T, double u, double sumR, double sumB, double sumD, double sumD2,
                       long n, double z) {
  const double mD = sumD / n, var = std::max(0.0, (sumD2 / n - mD * mD) * n / (n - 1));
  RegretCase c{name, T, u, sumR / n, std::sqrt(var / n), sumB / n, 0, false, {}};
  if (mD - z * c.stderr_ > 0) {
    c.violated = true;
    std::ostringstream ev;
    ev << "mean(R - bound) = " << mD << " > " << z << " x s.e. " << c.stderr_ << " (" << n << " runs)";
    c.evidence = ev.str();
  }
  return c;
}

// Alg 1 replayed with certified predictions on the gradients g: adds sum_t g_t w_t to R and returns the exact
// sum_t g_t (the replay `r` ends at V_T).
reference::Ball certified_play(reference::vdh::Alg1Replay& r, const std::vector<double>& g, arb_t R) {
  reference::Ball sum_g;
  for (double x : g) {
    reference::Certified w = r.predict(30);
    reference::Ball gx;
    arb_set_d(gx, x);
    arb_addmul(R, w.ball.get(), gx, 256);
    arb_add(sum_g, sum_g, gx, ARF_PREC_EXACT);
    r.update(x);
  }
  return sum_g;
}

// Certified check of a deterministic candidate: regret sum_t g_t w_t - u sum_t g_t with certified predictions
// (exact sums of the g_t) against the certified bound at the exact V_T. True when the violation is certified.
bool certify_violation(const Setup& su, const std::vector<double>& g, double u, const Decimal& b, const Decimal& G,
                       double scale, std::string* evidence) {
  reference::vdh::Alg1Replay r(su.prior, b, G);
  reference::Ball R;
  const reference::Ball sum_g = certified_play(r, g, R);
  reference::Ball uu;
  arb_set_d(uu, u);
  arb_submul(R, uu, sum_g, 256);
  const Entry& e = entry(su.id);
  reference::Certified B = reference::evaluate_with(
      e,
      [&](arb_ptr x, std::size_t i, slong prec) {
        if (i == 0) arb_set_d(x, u);
        else if (i == 1) arb_set(x, r.V());
        else arb_set_str(x, (su.has_b && i == 2 ? b : G).text.c_str(), prec);
      },
      reference::Options{30, 1L << 17, false}, su.a9 == 'b'   ? reference::vdh::bound_thm12_a9b
      : su.a9 == 'c' ? reference::vdh::bound_thm12_a9c
                     : nullptr);
  reference::Ball sc;
  arb_set_d(sc, scale);
  arb_mul(sc, sc, B.ball.get(), 256);
  if (!arb_gt(R, sc)) return false;
  *evidence = "certified: regret " + reference::ball_text(R, 12) + " > bound " + reference::ball_text(sc, 12);
  return true;
}

RegretOutcome simulation(Setup su, const std::map<std::string, std::string>& p, std::uint64_t seed) {
  const char* kId = su.id;
  for (const auto& [k, v] : p)
    if ((k != "b" || !su.has_b) && (k != "a9" || su.has_b) && k != "G" && k != "T" && k != "seeds" &&
        k != "scale" && k != "mean" && k != "tau" && k != "evaluations")
      throw ParamError(kId, k, su.has_b ? "unknown parameter (b, G, T, seeds, scale, mean, tau, evaluations)"
                                        : "unknown parameter (a9, G, T, seeds, scale, mean, tau, evaluations)");
  if (!su.has_b) {
    const std::string r = param(su, p, "a9");
    if (r != "a" && r != "b" && r != "c")
      throw ParamError(kId, "a9", "'" + r + "' (a: the third term as printed, b: as the proof prints it, c: the "
                                            "proof's first case redone)");
    su.a9 = r[0];
  }
  const auto t0 = std::chrono::steady_clock::now();
  const Decimal bd = parse_param(kId, "b", su.has_b ? param(su, p, "b") : "1");
  const Decimal Gd = parse_param(kId, "G", param(su, p, "G"));
  if (su.has_b) check_param(entry(kId), entry(kId).index_of("b"), bd);
  check_param(entry(kId), entry(kId).index_of("G"), Gd);
  const double b = bd.approx, G = Gd.approx;
  const double Tt = parse_param(kId, "T", param(su, p, "T")).approx;
  const double nseeds = parse_param(kId, "seeds", param(su, p, "seeds")).approx;
  const double scale = parse_param(kId, "scale", param(su, p, "scale")).approx;
  const double mean = parse_param(kId, "mean", param(su, p, "mean")).approx;
  const double tau = parse_param(kId, "tau", param(su, p, "tau")).approx;
  if (!(Tt >= 1 && Tt <= 1e7 && Tt == std::floor(Tt))) throw DomainError(kId, "T", param(su, p, "T"), "integers in [1, 1e7]");
  if (!(nseeds >= 30 && nseeds <= 1e6 && nseeds == std::floor(nseeds)))
    throw DomainError(kId, "seeds", param(su, p, "seeds"), "integers in [30, 1e6] (the test uses the normal approximation)");
  if (!(scale > 0)) throw DomainError(kId, "scale", param(su, p, "scale"), "(0, inf)");
  if (!(std::fabs(mean) <= G)) throw DomainError(kId, "mean", param(su, p, "mean"), "[-G, G] (|E g| <= G)");
  if (!(tau > 0)) throw DomainError(kId, "tau", param(su, p, "tau"), "(0, inf)");
  const long T = static_cast<long>(Tt), n = static_cast<long>(nseeds);

  RegretOutcome out;
  out.seed = seed;
  out.seeds = n;
  // comparators: 0, then +-2^k from 2^-3 to 2^200 (exact in binary and decimal; streams that drift make the
  // learner's wealth grow like e^{cT}, so only astronomically large |u| can compete there)
  std::vector<double> us = {0};
  for (int k : {-3, 0, 3, 6, 9, 20, 60, 200, 240, 300}) us.push_back(std::ldexp(1.0, k)), us.push_back(-std::ldexp(1.0, k));
  auto record = [&](RegretCase c) {
    c.ratio = c.realised / c.bound;
    if (out.cases.empty() || c.ratio > out.worst.ratio) out.worst = c;
    out.cases.push_back(c);
  };

  // deterministic streams with |g_t| <= G (so |E g_t| <= G); noiseless, so E R = R
  const fast::Streams streams(seed);
  struct Det {
    std::string name;
    std::function<double(long)> g;
  };
  const std::vector<Det> det = {
      {"alternating +G, -G", [&](long t) { return t % 2 ? -G : G; }},
      {"constant +G", [&](long) { return G; }},
      {"constant -G/2", [&](long) { return -G / 2; }},
      {"constant +G/128", [&](long) { return G / 128; }},
      {"+G for T/2 rounds, then -G", [&](long t) { return t < T / 2 ? G : -G; }},
      {"random signs +-G", [&](long t) { return (streams.bits(0, static_cast<std::uint64_t>(t)) & 1) ? G : -G; }},
  };
  for (const Det& d : det) {
    fast::vdh::Alg1 alg({fast::vdh::parse_prior(su.prior), b, G});
    std::vector<double> g(static_cast<std::size_t>(T));
    double gw = 0, sg = 0;
    for (long t = 0; t < T; ++t) {
      g[t] = d.g(t);
      gw += g[t] * alg.predict().value;
      sg += g[t];
      alg.update(g[t]);
    }
    for (double u : us) {
      RegretCase c{d.name, T, u, gw - u * sg, 0, scale * bound(su, u, alg.V(), b, G), 0, false, {}};
      if (c.realised > c.bound * (1 - 1e-9))  // candidate (or too close to call in double): certify
        c.violated = certify_violation(su, g, u, bd, Gd, scale, &c.evidence);
      record(c);
    }
  }

  // noisy stream: g~_t = mean + xi_t, xi_t ~ Laplace(2/tau) (the local Laplace randomiser, d = 1): symmetric,
  // E g~ = mean. Regret with the true losses l_t(w) = mean w. Per run i the bound at its own V_i (reading
  // A10(b), E[max{...}] >= max{..., E[...]}: a violation of (b) is one of (a)); paired differences
  // D_i = R_i - bound_i, violation when mean(D) - z se(D) > 0 with z for alpha = 1e-6 / #u (normal approximation
  // of the mean of n >= 30 runs; family-wise false-positive rate <= 1e-6).
  const double alpha = 1e-6 / static_cast<double>(us.size());
  const double z = z_of(alpha);
  out.fpr = 1e-6;
  std::vector<double> sumD(us.size(), 0), sumD2(us.size(), 0), sumR(us.size(), 0), sumB(us.size(), 0);
  for (long i = 0; i < n; ++i) {
    fast::vdh::Alg1 alg({fast::vdh::parse_prior(su.prior), b, G});
    double sw = 0;
    for (long t = 0; t < T; ++t) {
      double xi;
      fast::vdh::local_laplace(streams, 1 + static_cast<std::uint64_t>(i) * (1ULL << 32) + static_cast<std::uint64_t>(t),
                               &tau, 1, &xi);
      sw += alg.predict().value;
      alg.update(mean + xi);
    }
    for (std::size_t k = 0; k < us.size(); ++k) {
      const double R = mean * sw - us[k] * mean * static_cast<double>(T);
      const double B = scale * bound(su, us[k], alg.V(), b, G);
      sumR[k] += R, sumB[k] += B, sumD[k] += R - B, sumD2[k] += (R - B) * (R - B);
    }
  }
  std::ostringstream name;
  name << "mean " << mean << " + Laplace(scale " << 2 / tau << ")";
  for (std::size_t k = 0; k < us.size(); ++k)
    record(paired_case(name.str(), T, us[k], sumR[k], sumB[k], sumD[k], sumD2[k], n, z));
  // An adversarial search over deterministic streams and the whole parameter domain: g_t = G clip(A sin(2 pi (t/P +
  // phi)) + m, -1, 1) (square waves where A is large), T in [8, 512], u = +-|u|, |u| in [1e-3, 1e6], b in [1e-4,
  // 1e4] (Thm 1), G in [1e-3, 1e3] (log scale); margin (bound - R)/(1 + |bound|) with the fast learner; the best 100
  // certified by a replay with certified predictions (certify_violation).
  const auto it_ev = p.find("evaluations");
  const double evd = it_ev == p.end() ? 1e5 : parse_param(kId, "evaluations", it_ev->second).approx;
  if (!(evd >= 1 && evd <= 1e9 && evd == std::floor(evd)))
    throw DomainError(kId, "evaluations", it_ev->second, "an integer in [1, 1e9]");
  SearchSpec spec;
  spec.params = {{"T", 8, 512, true},   {"A", 0, 4, false},   {"m", -1, 1, false}, {"P", 2, 1024, true},
                 {"phi", 0, 1, false},  {"|u|", 1e-3, 1e6, true}, {"sign", -1, 1, false}, {"G", 1e-3, 1e3, true},
                 {"b", 1e-4, 1e4, true}};
  spec.evaluations = static_cast<long>(evd);
  spec.seed = seed;
  struct Stream {
    long T;
    double u, G, b;
    std::vector<double> g;
  };
  auto stream_of = [&](const double* x) {
    Stream st{std::lround(x[0]), (x[6] >= 0 ? 1 : -1) * x[5], x[7], su.has_b ? x[8] : 1, {}};
    st.g.resize(static_cast<std::size_t>(st.T));
    for (long t = 0; t < st.T; ++t) {
      const double v = x[1] * std::sin(2 * M_PI * (static_cast<double>(t) / x[3] + x[4])) + x[2];
      st.g[static_cast<std::size_t>(t)] = st.G * std::max(-1.0, std::min(1.0, v));
    }
    return st;
  };
  // the fast run on a stream: realised regret and the bound at its V
  auto regret_and_bound = [&](const Stream& st) {
    fast::vdh::Alg1 alg({fast::vdh::parse_prior(su.prior), st.b, st.G});
    double gw = 0, sg = 0;
    for (double g : st.g) {
      gw += g * alg.predict().value;
      sg += g;
      alg.update(g);
    }
    return std::pair<double, double>{gw - st.u * sg, scale * bound(su, st.u, alg.V(), st.b, st.G)};
  };
  spec.margin = [&](const double* x) {
    const auto [R, B] = regret_and_bound(stream_of(x));
    if (!std::isfinite(B) || !std::isfinite(R)) return std::nan("");
    return (B - R) / (1 + std::fabs(B));
  };
  const CertifiedSearch cs = search_and_certify(spec, [&](const std::vector<double>& x) {
    CertifiedPoint pt;
    const Stream st = stream_of(x.data());
    pt.certified = true;  // the verdict below is certified when violated; otherwise the double figures are reported
    std::tie(pt.realised, pt.bound) = regret_and_bound(st);
    std::ostringstream name;
    name << "search: T=" << st.T << " A=" << x[1] << " m=" << x[2] << " P=" << x[3] << " G=" << st.G
         << (su.has_b ? " b=" + text17(st.b) : std::string());
    pt.name = name.str();
    if (pt.realised > pt.bound * (1 - 1e-9))
      pt.violated = certify_violation(su, st.g, st.u, parse_param(kId, "b", text17(st.b)),
                                      parse_param(kId, "G", text17(st.G)), scale, &pt.evidence);
    return pt;
  }, 3);
  // the three least margins (violations first): the rest are near copies of them, counted in the note
  for (std::size_t i = 0; i < cs.shown.size() && i < 3; ++i) {
    const CertifiedPoint& c = cs.shown[i];
    record(RegretCase{c.name, std::lround(c.x[0]), (c.x[6] >= 0 ? 1 : -1) * c.x[5], c.realised, 0, c.bound, 0,
                      c.violated, c.evidence});
  }
  bool any = false;
  for (const auto& c : out.cases) any |= c.violated;
  out.verdict = any ? "refuted" : "undecided";
  std::ostringstream note;
  note << out.cases.size() << " cases, largest realised/bound " << out.worst.ratio << " (" << out.worst.stream
       << ", u = " << out.worst.u << ")"
       << "; adversarial search over deterministic streams g_t = G clip(A sin(2 pi (t/P + phi)) + m, -1, 1) and "
       << "the parameters: " << cs.describe(spec) << (su.has_b ? "" : " (b unused)")
       << (any ? "" : "; no violation (a simulation cannot certify a bound)");
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}
// VDH Thm 2 (000) = Thm 11 (002) against simulation of Algorithm 3 (conjugate prior per coordinate, A21(a)):
// E R_T(u) = sum_j E R_{T,j}(u_j) <= d + sum_j |u_j| max{...} = sum_j Thm 1(u_j, V_j, b_j, G). Coordinates get
// different streams (a rotation of the six deterministic ones) and, in the noisy part, the local Laplace randomiser
// with per-coordinate tau_j (VDH §2.1). Violations of deterministic streams are certified by replaying every
// coordinate with certified predictions; the noisy part uses the paired one-sided test of the Theorem 1 check.
std::vector<Decimal> decimal_list(const char* id, const std::string& name, const std::string& text) {
  std::vector<Decimal> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    Decimal d = parse_param(id, name, item);
    if (d.sign <= 0) throw DomainError(id, name, item, "(0, inf)");
    out.push_back(d);
  }
  if (out.empty()) throw ParamError(id, name, "empty list");
  return out;
}

RegretOutcome thm2_simulation(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  const char* kId = "VDH.bound.thm2";
  const Setup su{kId, "conjugate", true};
  for (const auto& [k, v] : p)
    if (k != "b" && k != "G" && k != "T" && k != "seeds" && k != "scale" && k != "mean" && k != "tau")
      throw ParamError(kId, k, "unknown parameter (b, G, T, seeds, scale, mean, tau)");
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<Decimal> bd = decimal_list(kId, "b", param(su, p, "b"));
  const std::vector<Decimal> taud = decimal_list(kId, "tau", param(su, p, "tau"));
  const Decimal Gd = parse_param(kId, "G", param(su, p, "G"));
  check_param(entry("VDH.bound.thm1"), 3, Gd);
  const int d = static_cast<int>(bd.size());
  if (static_cast<int>(taud.size()) != d)
    throw ParamError(kId, "tau", "needs one entry per coordinate (" + std::to_string(d) + ", the length of b)");
  const double G = Gd.approx;
  const double Tt = parse_param(kId, "T", param(su, p, "T")).approx;
  const double nseeds = parse_param(kId, "seeds", param(su, p, "seeds")).approx;
  const double scale = parse_param(kId, "scale", param(su, p, "scale")).approx;
  const double mean = parse_param(kId, "mean", param(su, p, "mean")).approx;
  if (!(Tt >= 1 && Tt <= 1e6 && Tt == std::floor(Tt))) throw DomainError(kId, "T", param(su, p, "T"), "integers in [1, 1e6]");
  if (!(nseeds >= 30 && nseeds <= 1e5 && nseeds == std::floor(nseeds)))
    throw DomainError(kId, "seeds", param(su, p, "seeds"), "integers in [30, 1e5] (the test uses the normal approximation)");
  if (!(scale > 0)) throw DomainError(kId, "scale", param(su, p, "scale"), "(0, inf)");
  if (!(std::fabs(mean) <= G)) throw DomainError(kId, "mean", param(su, p, "mean"), "[-G, G] (|E g_j| <= G)");
  const long T = static_cast<long>(Tt), n = static_cast<long>(nseeds);
  Eigen::VectorXd b(d), tau(d);
  for (int j = 0; j < d; ++j) b[j] = bd[j].approx, tau[j] = taud[j].approx;

  RegretOutcome out;
  out.seed = seed;
  out.seeds = n;
  // comparators: s e_1 and s (1, -1, 1, ...), s = 0, +-2^k
  std::vector<Eigen::VectorXd> us;
  std::vector<std::string> uname;
  us.push_back(Eigen::VectorXd::Zero(d));
  uname.push_back("0");
  for (int k : {-3, 0, 3, 6, 20, 60}) {
    for (double sg : {1.0, -1.0}) {
      const double s = sg * std::ldexp(1.0, k);
      std::ostringstream sn;
      sn << s;
      Eigen::VectorXd e1 = Eigen::VectorXd::Zero(d), alt(d);
      e1[0] = s;
      for (int j = 0; j < d; ++j) alt[j] = j % 2 ? -s : s;
      us.push_back(e1);
      uname.push_back(sn.str() + " e_1");
      if (d > 1) us.push_back(alt), uname.push_back(sn.str() + " (1,-1,..)");
    }
  }
  auto bound_at = [&](const Eigen::VectorXd& u, const Eigen::VectorXd& V) {
    return scale * fast::vdh::bound_thm2(u.data(), V.data(), b.data(), d, G).value;
  };
  auto record = [&](RegretCase c) {
    c.ratio = c.realised / c.bound;
    if (out.cases.empty() || c.ratio > out.worst.ratio) out.worst = c;
    out.cases.push_back(c);
  };
  const fast::Streams streams(seed);
  const std::vector<std::function<double(long)>> kinds = {
      [&](long t) { return t % 2 ? -G : G; },
      [&](long) { return G; },
      [&](long) { return -G / 2; },
      [&](long) { return G / 128; },
      [&](long t) { return t < T / 2 ? G : -G; },
      [&](long t) { return (streams.bits(0, static_cast<std::uint64_t>(t)) & 1) ? G : -G; },
  };
  // certified regret of Alg 3 on the gradients hist[j][t] against the certified bound (true on a certified violation)
  auto certify = [&](const std::vector<std::vector<double>>& hist, const Eigen::VectorXd& u,
                     const std::vector<Decimal>& bds, const Decimal& Gx, std::string* evidence) {
    const int dd = static_cast<int>(hist.size());
    reference::Ball R, Bd;
    arb_ptr uv = _arb_vec_init(dd), vv = _arb_vec_init(dd), bv = _arb_vec_init(dd);
    for (int j = 0; j < dd; ++j) {
      reference::vdh::Alg1Replay rep("conjugate", bds[j], Gx);
      const reference::Ball sum_g = certified_play(rep, hist[j], R);
      arb_set_d(uv + j, u[j]);
      arb_submul(R, uv + j, sum_g, 256);
      arb_set(vv + j, rep.V().get());
      arb_set_str(bv + j, bds[j].text.c_str(), 256);
    }
    reference::Ball Gb;
    arb_set_str(Gb, Gx.text.c_str(), 256);
    reference::vdh::bound_thm2(Bd, uv, vv, bv, dd, Gb, 256);
    reference::Ball sc;
    arb_set_d(sc, scale);
    arb_mul(sc, sc, Bd, 256);
    const bool violated = arb_gt(R, sc);
    if (violated)
      *evidence = "certified: regret " + reference::ball_text(R, 12) + " > bound " + reference::ball_text(sc, 12);
    _arb_vec_clear(uv, dd); _arb_vec_clear(vv, dd); _arb_vec_clear(bv, dd);
    return violated;
  };
  // Theorem 2 at d = 1 is Theorem 1: ERRATA.md E9's counterexample (b = 0.14, G = 0.3, g_t = 0.01 for 500 rounds,
  // u = -2), certified here whatever b, G, T were given, so that the verdict covers every d
  {
    const Decimal b9 = parse_param(kId, "b", "0.14"), G9 = parse_param(kId, "G", "0.3");
    const std::vector<std::vector<double>> h9(1, std::vector<double>(500, 0.01));
    fast::vdh::Alg1 a9({fast::vdh::parse_prior("conjugate"), b9.approx, G9.approx});
    double gw = 0, sg = 0;
    for (double x : h9[0]) gw += x * a9.predict().value, sg += x, a9.update(x);
    const double u9 = -2, b9d = b9.approx, V9 = a9.V();
    RegretCase c{"d = 1 (Thm 1), b = 0.14, G = 0.3, g_t = 0.01 (ERRATA.md E9)", 500, u9, gw - u9 * sg, 0,
                 scale * fast::vdh::bound_thm2(&u9, &V9, &b9d, 1, G9.approx).value, 0, false, {}};
    c.violated = certify(h9, Eigen::VectorXd::Constant(1, u9), {b9}, G9, &c.evidence);
    record(c);
  }
  // deterministic: coordinate j follows stream kind (j + r) mod 6, r = 0..5
  for (int r = 0; r < 6; ++r) {
    fast::vdh::Alg3 alg(b, G);
    Eigen::VectorXd w(d), g(d), gw = Eigen::VectorXd::Zero(d), sg = Eigen::VectorXd::Zero(d), V(d);
    std::vector<std::vector<double>> hist(d, std::vector<double>(static_cast<std::size_t>(T)));
    for (long t = 0; t < T; ++t) {
      alg.predict(w);
      for (int j = 0; j < d; ++j) g[j] = hist[j][t] = kinds[(j + r) % 6](t);
      gw += g.cwiseProduct(w);
      sg += g;
      alg.update(g);
    }
    for (int j = 0; j < d; ++j) V[j] = alg.V(j);
    for (std::size_t k = 0; k < us.size(); ++k) {
      RegretCase c{"coordinate streams rotated by " + std::to_string(r) + ", u = " + uname[k], T, us[k][0],
                   gw.sum() - us[k].dot(sg), 0, bound_at(us[k], V), 0, false, {}};
      if (c.realised > c.bound * (1 - 1e-9))  // candidate: certify by a replay of every coordinate
        c.violated = certify(hist, us[k], bd, Gd, &c.evidence);
      record(c);
    }
  }
  // noisy: g~_{t,j} = mean + xi_{t,j}, xi_t from the local Laplace randomiser with tau (one stream per run and round)
  const double alpha = 1e-6 / static_cast<double>(us.size());
  const double z = z_of(alpha);
  out.fpr = 1e-6;
  std::vector<double> sumD(us.size(), 0), sumD2(us.size(), 0), sumR(us.size(), 0), sumB(us.size(), 0);
  Eigen::VectorXd w(d), g(d), xi(d), sw(d), V(d);
  for (long i = 0; i < n; ++i) {
    fast::vdh::Alg3 alg(b, G);
    sw.setZero();
    for (long t = 0; t < T; ++t) {
      fast::vdh::local_laplace(streams, 1 + static_cast<std::uint64_t>(i) * (1ULL << 32) + static_cast<std::uint64_t>(t),
                               tau.data(), d, xi.data());
      alg.predict(w);
      sw += w;
      g = xi.array() + mean;
      alg.update(g);
    }
    for (int j = 0; j < d; ++j) V[j] = alg.V(j);
    for (std::size_t k = 0; k < us.size(); ++k) {
      const double R = mean * sw.sum() - mean * static_cast<double>(T) * us[k].sum();
      const double B = bound_at(us[k], V);
      sumR[k] += R, sumB[k] += B, sumD[k] += R - B, sumD2[k] += (R - B) * (R - B);
    }
  }
  for (std::size_t k = 0; k < us.size(); ++k)
    record(paired_case("mean " + param(su, p, "mean") + " + local Laplace(tau), u = " + uname[k], T, us[k][0], sumR[k],
                       sumB[k], sumD[k], sumD2[k], n, z));
  bool any = false;
  for (const auto& c : out.cases) any |= c.violated;
  out.verdict = any ? "refuted" : "undecided";
  std::ostringstream note;
  note << out.cases.size() << " cases in d = " << d << ", largest realised/bound " << out.worst.ratio << " ("
       << out.worst.stream << ")"
       << (any ? "" : "; no violation (a simulation cannot certify a bound; Thm 2 is Thm 1 per coordinate, so it "
                      "stands or falls with VDH.bound.thm1)")
       << "; at d = 1 Thm 2 is Thm 1, whose certified counterexample (ERRATA.md E9) is the first case";
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

// VDH.bound.rates: the O(.) statements have no constants, so a simulation can only show their shape: the ratio of
// the realised expected regret to each printed rate, over horizons T = 2^8 ... T_max, should not grow with T.
// Algorithm 1 (conjugate prior, b = 1, G = 1) on the absolute loss l_t(w) = |w - u| (the §4 scenarios in one
// dimension: a finite comparator is optimal, R_T(u) = sum_t |w_t - u| >= 0), g_t = sign(w_t - u) G, the learner sees
// g~_t = g_t + Laplace(2/tau) (symmetric, |E[g~_t | past]| <= G); comparators u = 1, 10; n runs per comparator from
// the master seed; prefixes of each run give the horizons. Rates (|u| = ||u|| in one dimension): eq (1) |u| sqrt((G^2 T + sum sigma_t^2) ln(1 + |u| T)),
// sigma^2 = 8/tau^2; eq (2) and the Thm 1 remark |u| E sqrt(sum g~^2 ln(1 + |u| T)). The fitted slope of
// ln(realised/rate) against ln T, with a 6 s.e. interval (delta method), is reported; a mutant rate without the
// sqrt(T) (|u| ln(1 + |u| T)) must show a clearly positive slope. Verdict: undecided (an O(.) is never decided by
// finite T); the note says whether the ratios are consistent with a bounded ratio.
RegretOutcome rates_check(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  const char* kId = "VDH.bound.rates";
  const Setup su{kId, "conjugate", true};
  for (const auto& [k, v] : p)
    if (k != "T" && k != "seeds" && k != "tau") throw ParamError(kId, k, "unknown parameter (T, seeds, tau)");
  const auto t0 = std::chrono::steady_clock::now();
  const double Tt = parse_param(kId, "T", param(su, p, "T")).approx;
  const double nseeds = parse_param(kId, "seeds", param(su, p, "seeds")).approx;
  const double tau = parse_param(kId, "tau", param(su, p, "tau")).approx;
  if (!(Tt >= 1024 && Tt <= 1 << 22 && Tt == std::floor(Tt)))
    throw DomainError(kId, "T", param(su, p, "T"), "integers in [1024, 4194304] (the largest horizon)");
  if (!(nseeds >= 30 && nseeds <= 1e5 && nseeds == std::floor(nseeds)))
    throw DomainError(kId, "seeds", param(su, p, "seeds"), "integers in [30, 1e5]");
  if (!(tau > 0)) throw DomainError(kId, "tau", param(su, p, "tau"), "(0, inf)");
  const long Tmax = static_cast<long>(Tt), n = static_cast<long>(nseeds);
  std::vector<long> Ts;
  for (long T = 256; T <= Tmax; T *= 2) Ts.push_back(T);
  const std::vector<double> us = {1, 10};
  const double G = 1, sigma2 = 8 / (tau * tau);
  const std::size_t K = Ts.size(), U = us.size();
  // per (T, u): sums over runs of R and of the eq (2) rate (it depends on the run through V)
  std::vector<double> sR(K * U, 0), sR2(K * U, 0), sRate2(K * U, 0);
  const fast::Streams streams(seed);
  for (std::size_t j = 0; j < U; ++j)
    for (long i = 0; i < n; ++i) {
      fast::vdh::Alg1 alg({fast::vdh::Prior::conjugate, 1, G});
      double loss = 0;
      std::size_t k = 0;
      const std::uint64_t run = j * static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(i);
      for (long t = 0; t < Tmax && k < K; ++t) {
        double xi;
        fast::vdh::local_laplace(streams, 1 + run * (1ULL << 32) + static_cast<std::uint64_t>(t), &tau, 1, &xi);
        const double w = alg.predict().value;
        loss += std::fabs(w - us[j]);
        alg.update((w >= us[j] ? G : -G) + xi);
        if (t + 1 == Ts[k]) {
          const double T = static_cast<double>(Ts[k]);
          sR[k * U + j] += loss, sR2[k * U + j] += loss * loss;
          sRate2[k * U + j] += std::fabs(us[j]) * std::sqrt(alg.V() * std::log1p(std::fabs(us[j]) * T));
          ++k;
        }
      }
    }
  RegretOutcome out;
  out.seed = seed;
  out.seeds = n;
  std::ostringstream note;
  bool mutant_seen = true, consistent = true;
  struct Rate {
    const char* name;
    std::function<double(double T, double u, std::size_t idx)> f;
  };
  const std::vector<Rate> rates = {
      {"eq (1)", [&](double T, double u, std::size_t) { return std::fabs(u) * std::sqrt((G * G * T + sigma2 * T) * std::log1p(std::fabs(u) * T)); }},
      {"eq (2) = Thm 1 remark", [&](double, double, std::size_t idx) { return sRate2[idx] / n; }},
      {"mutant |u| ln(1+|u|T)", [&](double T, double u, std::size_t) { return std::fabs(u) * std::log1p(std::fabs(u) * T); }},
  };
  for (const Rate& r : rates)
    for (std::size_t j = 0; j < U; ++j) {
      // weighted least squares of y = ln(mean R / rate) on x = ln T, var(y_k) = (se_k / mean_k)^2
      double Sw = 0, Sx = 0, Sy = 0, Sxx = 0, Sxy = 0;
      for (std::size_t k = 0; k < K; ++k) {
        const std::size_t idx = k * U + j;
        const double m = sR[idx] / n, var = std::max(0.0, (sR2[idx] / n - m * m) * n / (n - 1)), se = std::sqrt(var / n);
        const double T = static_cast<double>(Ts[k]), rate = r.f(T, us[j], idx);
        RegretCase c{std::string(r.name) + ", T = " + std::to_string(Ts[k]), Ts[k], us[j], m, se, rate, m / rate, false, {}};
        out.cases.push_back(c);
        if (!(m > 0)) continue;  // no logarithm of a non-positive mean
        const double wgt = 1 / std::max((se / m) * (se / m), 1e-12), x = std::log(T), y = std::log(m / rate);
        Sw += wgt, Sx += wgt * x, Sy += wgt * y, Sxx += wgt * x * x, Sxy += wgt * x * y;
      }
      const double det = Sw * Sxx - Sx * Sx, slope = (Sw * Sxy - Sx * Sy) / det, se_slope = std::sqrt(Sw / det);
      const bool mutant = std::string(r.name).rfind("mutant", 0) == 0;
      note << r.name << ", u = " << us[j] << ": slope " << slope << " +- " << 6 * se_slope << "; ";
      if (mutant) mutant_seen &= slope - 6 * se_slope > 0.2;
      else consistent &= slope - 6 * se_slope <= 0.05;
      if (!mutant && (out.worst.stream.empty() || slope > out.worst.ratio)) {
        out.worst = out.cases.back();
        out.worst.ratio = slope;
      }
    }
  out.verdict = "undecided";
  out.fpr = 1e-6;  // per slope interval of 6 s.e. (normal approximation)
  note << (consistent ? "every printed rate's ratio is consistent with bounded (no slope above 0.05 beyond 6 s.e.)"
                      : "a printed rate's ratio grows with T beyond 6 s.e. (an O(.) cannot be refuted by finite T)")
       << (mutant_seen ? "; the mutant rate's ratio grows (the fit has teeth)" : "; MUTANT NOT DETECTED: the fit has no teeth")
       << "; the §4 scenario rates: privoco run scenario1 | scenario2 (realised regret over T, plotted)";
  out.note = note.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

RegretOutcome thm1_simulation(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  return simulation(kThm1, p, seed);
}
RegretOutcome thm12_simulation(const std::map<std::string, std::string>& p, std::uint64_t seed) {
  return simulation(kThm12, p, seed);
}
}  // namespace

namespace vdh {
const std::vector<RegretCheck>& regret_checks() {
  static const std::vector<RegretCheck> list = {
      {kThm1.id, "VDH Thm 1 (000) = Thm 10 (002)",
       "E[R_T(u)] <= 1 + |u| max{11G(ln(11G|u|) - 1 + ln(sqrt5 G sqrt(pi)/(4 sqrt b))), "
       "E sqrt(8(b+V) ln(16u^2 (b+V)^{3/2} sqrt(pi)/sqrt(b) + 1))} for Alg 1 with the conjugate prior",
       "Alg 1 (fast, predictions by the definition) on 6 deterministic streams and an adversarial search over "
       "periodic streams and the parameters (violations certified by a replay with certified predictions), and a "
       "Laplace-noise stream over many seeds (one-sided test, FPR <= 1e-6)",
       {"b", "G", "T", "seeds", "scale", "mean", "tau", "evaluations"}, thm1_simulation,
       {{"b", "1"}, {"G", "1"}, {"T", "1000"}, {"seeds", "200"}, {"scale", "1"}, {"mean", "0.5"}, {"tau", "1"},
        {"evaluations", "100000"}}},
      {kThm12.id, "VDH Thm 12 (002), (3.8.2)",
       "E[R_T(u)] <= max{|u| E sqrt(8V)(sqrt(ln(8u^2 V + 1)) + 1), |u| 11G(ln(|u| 11G ln 2) - 1) + ln 2, "
       "|u| E[sqrt(2V) + 1 + ln(1 + 2 sqrt(2V))]} for Alg 1 with the improper prior (reading A9(a))",
       "Alg 1 (fast, improper prior, predictions by the definition, A20(a)) on 6 deterministic streams and an "
       "adversarial search over periodic streams and the parameters (violations certified by a replay with "
       "certified predictions), and a Laplace-noise stream over many seeds (one-sided test, FPR <= 1e-6); a9=b, "
       "a9=c: the third term as the proof prints it, and with the proof's first case redone",
       {"a9", "G", "T", "seeds", "scale", "mean", "tau", "evaluations"}, thm12_simulation,
       {{"a9", "a"}, {"G", "1"}, {"T", "1000"}, {"seeds", "200"}, {"scale", "1"}, {"mean", "0.5"}, {"tau", "1"},
        {"evaluations", "100000"}}},
      {"VDH.bound.thm2", "VDH Thm 2 (000) = Thm 11 (002)",
       "E[R_T(u)] <= d + sum_j |u_j| max{11G(ln(|u_j| 11G) - 1 + ln(sqrt5 G sqrt(pi)/(4 sqrt b_j))), "
       "E sqrt(8(b_j + V_j) ln(16 u_j^2 (b_j + V_j)^{3/2} sqrt(pi)/sqrt(b_j) + 1))} for Alg 3 (conjugate prior)",
       "Alg 3 (fast) with per-coordinate b_j: 6 rotations of the deterministic streams over the coordinates "
       "(violations certified by a coordinate-wise replay with certified predictions) and local Laplace noise with "
       "per-coordinate tau_j over many seeds (one-sided test, FPR <= 1e-6); comparators s e_1 and s (1, -1, ...)",
       {"b", "G", "T", "seeds", "scale", "mean", "tau"}, thm2_simulation,
       {{"b", "1,0.1,10"}, {"G", "1"}, {"T", "500"}, {"seeds", "100"}, {"scale", "1"}, {"mean", "0.5"}, {"tau", "1,1,2"}}},
      {"VDH.bound.rates", "VDH eqs (1), (2), Thm 1 remark (000) = (3.1.1), (3.1.2) (002); shape only",
       "E[R_T(u)] = O(|u| sqrt((G^2 T + sum sigma_t^2) ln(1 + |u| T))) and O(E[|u| sqrt(sum g~_t^2 ln(1 + |u| T))])",
       "Algorithm 1 (conjugate prior, b = G = 1) on |w - u| with Laplace(2/tau) noise on its subgradients, horizons "
       "2^8 ... T, the slope of "
       "ln(realised/rate) in ln T with a 6 s.e. interval per rate and comparator; a mutant rate without sqrt T must "
       "show growth; verdict undecided (O(.) has no constant); the §4 rates are shown by privoco run scenario1|2",
       {"T", "seeds", "tau"}, rates_check, {{"T", "16384"}, {"seeds", "40"}, {"tau", "1"}}},
  };
  return list;
}
}  // namespace vdh



}  // namespace privoco::proofs
