// The shared mechanisms' IDs in the fast part.
#include "privoco/fast/evaluate.hpp"
#include "privoco/fast/dp/profiles.hpp"

namespace privoco::fast::dp {

void register_paper(Registry& r) {
  // flat layout {d, eps (delta), mu_1..mu_d} (catalogue.hpp), checked before d is read as an integer
  r.add("DP.gauss.delta", [](const double* p) {
    static const Entry& e = entry("DP.gauss.delta");
    check_params(e, p);
    return gauss_delta(p[1], p + 2, static_cast<int>(p[0]));
  });
  r.add("DP.gauss.eps", [](const double* p) {
    static const Entry& e = entry("DP.gauss.eps");
    check_params(e, p);
    return gauss_eps(p[1], p + 2, static_cast<int>(p[0]));
  });
  r.add_batch("DP.gauss.delta", gauss_delta_flat);
  r.add_batch("DP.gauss.eps", gauss_eps_flat);
  r.add("DP.gauss.mu", [](const double* p) { return gauss_mu(p[0], p[1]); });
  r.add_batch("DP.gauss.mu", [](const double* const* c, Value* out, std::size_t n) { gauss_mu(c[0], c[1], out, n); });
  r.add("DP.laplace.delta", [](const double* p) { return laplace_delta(p[0], p[1]); });
}

}  // namespace privoco::fast::dp
