// Exact privacy profiles in double (catalogue DP.gauss.delta, DP.laplace.delta): stable arrangements, underflow
// reported as status + ln(delta).
#pragma once
#include <cstddef>

#include "privoco/fast/value.hpp"

namespace privoco::fast::dp {

Value gauss_delta(double eps, double mu);    // Balle and Wang (2018) Thm 8
// The composition of d Gaussian mechanisms (mean shifts mu_1..mu_d): Gaussian with mu = sqrt(sum mu_j^2), formed in
// double-double.
Value gauss_delta(double eps, const double* mu, int d);
// Batch form: out[i] = gauss_delta(eps[i], mu[i]) (one mechanism per point; the same bits as the scalar call),
// vectorised, no allocation. Throws DomainError at the first bad row (rows before it are written).
void gauss_delta(const double* eps, const double* mu, Value* out, std::size_t n);
Value laplace_delta(double eps, double mu);  // 1 - e^{(eps - mu)/2} for eps < mu, else 0
Value gauss_eps(double delta, double mu);    // the smallest eps >= 0 with delta(eps; mu) <= delta
Value gauss_eps(double delta, const double* mu, int d);
Value gauss_mu(double eps, double delta);    // the largest mu with delta(eps; mu) <= delta
// Batch forms (one mechanism per point; the same bits as the scalar calls): the roots of a block of points found
// together, every evaluation of delta vectorised. No allocation; DomainError at the first bad row (rows before it are
// written).
void gauss_eps(const double* delta, const double* mu, Value* out, std::size_t n);
void gauss_mu(const double* eps, const double* delta, Value* out, std::size_t n);
// The composed forms' batches: the flat layout's columns at one d (cols[0] = d at every point, cols[1] = eps or
// delta, cols[2 + j] = mu_{j+1}); the same bits as the calls above point by point.
void gauss_delta_flat(const double* const* cols, Value* out, std::size_t n);
void gauss_eps_flat(const double* const* cols, Value* out, std::size_t n);

}  // namespace privoco::fast::dp
