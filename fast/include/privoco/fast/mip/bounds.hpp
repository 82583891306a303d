// MIP's closed forms in double: every intermediate quantity carried with its own exponent (privoco/fast/numerics/
// xd.hpp), so that L/sigma, F/delta or B^2/eta outside the double range cost no accuracy; the result rounded once
// (status and ln|value| where it leaves the range). Parameters in the catalogue's table order (flat layout {d, ...,
// S_shape, c_1..c_d, h_1..h_d, B_reading, ...} for the IDs with per-coordinate S); readings as their indices.
#pragma once
#include <cstddef>

#include "privoco/fast/value.hpp"

namespace privoco::fast::mip {

Value B(const double* p);                 // MIP.const.B
Value thm1(const double* p);              // MIP.priv.thm1
Value sigma_for_C(const double* p);       // MIP.priv.sigma_for_C
Value thm3(const double* p);              // MIP.priv.thm3
Value thm2(const double* p);              // MIP.bound.thm2
Value eta_opt(const double* p);           // MIP.const.eta_opt
Value thm4(const double* p);              // MIP.bound.thm4
Value eta_delta_bandit(const double* p);  // MIP.const.eta_delta_bandit
Value fixed_C_tradeoff(const double* p);  // MIP.bound.fixed_C_tradeoff

// Batch paths (privoco/fast/evaluate.hpp's BatchFn; flat columns at one d for the IDs with per-coordinate S): the
// same bits as the functions above point by point, vectorised.
void B_batch(const double* const* cols, Value* out, std::size_t n);
void thm2_batch(const double* const* cols, Value* out, std::size_t n);
void eta_opt_batch(const double* const* cols, Value* out, std::size_t n);
void thm4_batch(const double* const* cols, Value* out, std::size_t n);
void eta_delta_bandit_batch(const double* const* cols, Value* out, std::size_t n);
void thm1_batch(const double* const* cols, Value* out, std::size_t n);
void thm3_batch(const double* const* cols, Value* out, std::size_t n);
void sigma_for_C_batch(const double* const* cols, Value* out, std::size_t n);
void fixed_C_tradeoff_batch(const double* const* cols, Value* out, std::size_t n);

}  // namespace privoco::fast::mip
