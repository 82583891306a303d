// VDH conjugate prior in double: prediction, potential, normaliser, scalar and batch (stable arrangements; no overflow).
// Same reduction as reference/vdh/conj.hpp: x = v / C, lambda = C L, mu = C^2 (b + V), mu_b = C^2 b.
#pragma once
#include <cstddef>

#include "privoco/fast/value.hpp"

namespace privoco::fast::vdh {

Value pred_conj(double L, double V, double b, double G);          // VDH eq (5) = (3.3.2), conjugate prior
Value pot_conj(double L, double V, double b, double G);           // VDH eq (4) = (3.3.1), conjugate prior
Value pot_Z(double b, double G);                                  // VDH eq (6) = (3.3.3)
Value pred_uniform(double L, double V, double G);                 // VDH eq (5), uniform prior (b = 0)
Value pot_uniform(double L, double V, double G);                  // VDH eq (4), uniform prior (b = 0)

// Batch forms: out[i] = f(L[i], V[i], b[i], G[i]); no allocation. Throws DomainError at the first bad row
// (rows before it are written).
void pred_conj(const double* L, const double* V, const double* b, const double* G, Value* out, std::size_t n);
// The same at L + L_lo, V + V_lo (normalised double-doubles: the learners' sums), so that a learner's prediction
// is that of its exact sums, not of their rounding to doubles (whose error w's condition number ~ lambda would
// multiply). The domain is checked on L, V; the scalar regimes (extreme magnitudes) use L, V alone.
Value pred_conj_dd(double L, double L_lo, double V, double V_lo, double b, double G);
Value pred_uniform_dd(double L, double L_lo, double V, double V_lo, double G);
void pred_conj_dd(const double* L, const double* L_lo, const double* V, const double* V_lo, const double* b,
                  const double* G, Value* out, std::size_t n);
void pot_conj(const double* L, const double* V, const double* b, const double* G, Value* out, std::size_t n);
// The uniform prior's prediction in batch (the conjugate prior's kernels at b = 0): the same bits as pred_uniform.
void pred_uniform(const double* L, const double* V, const double* G, Value* out, std::size_t n);
// The uniform prior's potential in batch (the same bits as pot_uniform).
void pot_uniform(const double* L, const double* V, const double* G, Value* out, std::size_t n);

}  // namespace privoco::fast::vdh
