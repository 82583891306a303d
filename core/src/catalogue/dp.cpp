// The shared mechanisms (prefix DP.): exact privacy profiles of the Gaussian and Laplace mechanisms, used by every
// paper that adds such noise (JKT's Gaussian noise, VDH's and BANCO's Laplace randomisers).
#include <utility>

#include "privoco/catalogue.hpp"

namespace privoco::dp {

namespace {
const Domain kNonNeg = domains::nonneg, kPos = domains::pos;
// Sampling boxes: eps in [1e-4, 1e4] (and 0), mu log-uniform in [1e-4, 1e4].
ParamSpec eps() { return {"eps", kNonNeg, "privacy parameter epsilon >= 0", {1e-4, 1e4, false, 0.02}}; }
ParamSpec mu(const char* meaning) { return {"mu", kPos, meaning, {1e-4, 1e4, false, 0}}; }
}  // namespace

void register_paper(std::vector<Entry>& t) {
  // Heterogeneous composition: mu is a list (comma-separated), d its length; the composition of Gaussian
  // mechanisms is Gaussian with mu = sqrt(sum mu_j^2) (exact: the privacy losses are independent Gaussians).
  const ParamSpec d{"d", {1, kMaxDimension, true, true}, "number of composed Gaussian mechanisms (the length of mu)",
                    {1, 4, false, 0}};
  ParamSpec mus = mu("mean shifts of the composed mechanisms, in noise standard deviations");
  mus.per_coordinate = true;
  t.push_back({"DP.gauss.delta", "priv",
               "Balle and Wang (ICML 2018), Thm 8; the hockey-stick divergence of N(mu, 1) from N(0, 1)",
               "exact delta(eps) = Phi(mu/2 - eps/mu) - e^eps Phi(-mu/2 - eps/mu) of the Gaussian mechanism whose mean "
               "shift is mu noise standard deviations; a list mu_1..mu_d composes d of them (mu = sqrt(sum mu_j^2))",
               {d, eps(), mus}, true, true,
               "reference/dp/profiles.cpp fast/dp/profiles.cpp tests/dp/profiles_test.cpp"});
  const ParamSpec delta{"delta", {0, 1, false, false}, "target delta in (0, 1)", {1e-12, 0.5, false, 0}};
  t.push_back({"DP.gauss.eps", "priv", "the inverse of DP.gauss.delta in eps (Balle and Wang 2018, analytic calibration)",
               "the smallest eps >= 0 with delta(eps; mu) <= delta (0 when the mechanism already meets delta at eps = 0)",
               {d, delta, mus}, true, true,
               "reference/dp/profiles.cpp fast/dp/profiles.cpp tests/dp/profiles_test.cpp"});
  t.push_back({"DP.gauss.mu", "priv", "the inverse of DP.gauss.delta in mu (Balle and Wang 2018, Alg 1: sigma = sensitivity/mu)",
               "the largest mu with delta(eps; mu) <= delta: the analytic calibration of the Gaussian mechanism",
               {eps(), delta}, true, true, "reference/dp/profiles.cpp fast/dp/profiles.cpp tests/dp/profiles_test.cpp"});
  t.push_back({"DP.laplace.delta", "priv",
               "the hockey-stick divergence of Laplace(mu, 1) from Laplace(0, 1) (derived; Balle et al. 2018, privacy profiles)",
               "exact delta(eps) = max(0, 1 - e^{(eps - mu)/2}) of the Laplace mechanism with mu = sensitivity / scale",
               {eps(), mu("sensitivity / Laplace scale")}, true, true,
               "reference/dp/profiles.cpp fast/dp/profiles.cpp tests/dp/profiles_test.cpp"});
}

}  // namespace privoco::dp
