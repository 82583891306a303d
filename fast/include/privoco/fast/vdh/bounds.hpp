// VDH regret bounds in double (formulas and readings: privoco/reference/vdh/bounds.hpp).
#pragma once
#include "privoco/fast/value.hpp"

namespace privoco::fast::vdh {

// VDH Thm 1 (000) = Thm 10 (002) as printed, at u, V = sum g^2, b, G. Overflow reported as status + ln|value|.
Value bound_thm1(double u, double V, double b, double G);
// Its batch path over the columns {u, V, b, G} (evaluate.hpp's BatchFn): the same bits as the scalar calls.
void bound_thm1_batch(const double* const* cols, Value* out, std::size_t n);

// VDH Thm 2 (000) = Thm 11 (002) as printed: sum_j bound_thm1(u_j, V_j, b_j, G) over d coordinates (Algorithm 3).
// Overflow of any term (or of the sum) is reported as status overflow with ln|value|.
Value bound_thm2(const double* u, const double* V, const double* b, int d, double G);

// VDH Thm 12 (002), (3.8.2) as printed (reading A9(a)), at u, V = sum g^2, G.
Value bound_thm12(double u, double V, double G);
// Its batch path over the columns {u, V, G} (evaluate.hpp's BatchFn): the same bits as the scalar calls.
void bound_thm12_batch(const double* const* cols, Value* out, std::size_t n);
// Reading A9(b) of the third term: |u| sqrt(2V) + 1 + ln(1 + 2 sqrt(2V)) (ERRATA.md E2).
Value bound_thm12_a9b(double u, double V, double G);
// Reading A9(c), the proof's first case redone: |u| sqrt(2V) + 1 + 2 ln(1 + 2 sqrt(2V)/(5G)) (ERRATA.md E2).
Value bound_thm12_a9c(double u, double V, double G);

// VDH.bound.thm1_corrected (derived from the Theorem 10 proof with its steps computed; privoco/reference/vdh/bounds.hpp).
Value bound_thm1_corrected(double u, double V, double b, double G);
// Its batch path over the columns {u, V, b, G} (evaluate.hpp's BatchFn): the same bits as the scalar calls.
void bound_thm1_corrected_batch(const double* const* cols, Value* out, std::size_t n);

// VDH.conj.exp_linear: (u/c)(ln(u/(Ac)) - 1) + K, the conjugate of A e^{cL} - K (formula: privoco/reference/vdh/bounds.hpp).
Value conj_exp_linear(double A, double c, double K, double u);
// Its batch path over the columns {A, c, K, u} (evaluate.hpp's BatchFn): the same bits as the scalar calls.
void conj_exp_linear_batch(const double* const* cols, Value* out, std::size_t n);

}  // namespace privoco::fast::vdh
