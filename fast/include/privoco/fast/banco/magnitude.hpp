// BANCO's constants and its magnitude learner in double: k1, a, c, the potential Psi(x, y, a) and the bet m(x, y, a)
// = dPsi/dx (the mixture over the uniform prior on [-a, a], the same function as VDH's uniform prior at C = a), by
// forms that keep full relative accuracy and report values beyond the double range as status + ln|value|.
// Parameters in the catalogue's table order; readings as their indices.
#pragma once
#include <cstddef>
#include "privoco/fast/value.hpp"

namespace privoco::fast::banco {

Value k1(const double* p);       // BANCO.const.k1 {k1_value}
Value a(const double* p);        // BANCO.const.a {G, b, k1_value, a_reading}
Value c(const double* p);        // BANCO.const.c {G, sigma2, sigma1d2, c_reading}
Value psi(const double* p);      // BANCO.pot.psi {x, y, a}
Value m(const double* p);        // BANCO.pred.m_integral and BANCO.pred.m_compact {x, y, a}

// the same at (x, y, a) directly (domain checked by the callers above)
Value psi_at(double x, double y, double a);
Value m_at(double x, double y, double a);
// Psi - 1 without cancellation where Psi is near 1 (the quadrature region; elsewhere Psi less one)
Value psi_m1_at(double x, double y, double a);
// BANCO.bound.magnitude_exact {v, y, a}: 1 + sup_x (v x - Psi(x, y, a)), y = T c > 0 (bounds.cpp)
Value magnitude_exact(const double* p);
Value magnitude_exact_at(double v, double y, double a);

}  // namespace privoco::fast::banco

namespace privoco::fast::banco {

// BANCO's Laplace-l2 noise (rho(z) ~ exp(-(eps/2) ||z||); sampled by VDH's l2 randomiser, privoco/fast/vdh/
// randomisers.hpp): closed forms with double-double exponents, values past the double range as status + ln|value|.
Value second_moment(const double* p);  // BANCO.noise.second_moment {d, eps}: 4 d (d + 1)/eps^2
Value mgf(const double* p);            // BANCO.noise.mgf {d, eps, beta}; DomainError naming beta for |beta| >= eps/2
Value subexp_params(const double* p);  // BANCO.noise.subexp_params {d, eps, b_reading, sigma1d2_mode}
// The batch paths of the three (privoco/fast/evaluate.hpp's BatchFn: the same bits point by point, vectorised)
void second_moment_batch(const double* const* cols, Value* out, std::size_t n);
void mgf_batch(const double* const* cols, Value* out, std::size_t n);
void subexp_params_batch(const double* const* cols, Value* out, std::size_t n);

}  // namespace privoco::fast::banco
