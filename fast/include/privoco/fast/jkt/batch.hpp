// JKT's IDs with batch paths: each ID's function on the catalogue's parameter order (the registered scalar
// function) and its batch (privoco/fast/evaluate.hpp's BatchFn, the same bits point by point, vectorised).
#pragma once
#include <cstddef>

#include "privoco/fast/value.hpp"

namespace privoco::fast::jkt {

Value chi_norm_flat(const double* p);       // JKT.noise.chi_norm
Value c_exponent_flat(const double* p);     // JKT.const.c_exponent
Value eps1_per_step_flat(const double* p);  // JKT.const.eps1_per_step
Value pocp_beta_flat(const double* p);      // JKT.noise.pocp_beta
Value pigd_beta_flat(const double* p);      // JKT.noise.pigd_beta
Value pgiga_beta_flat(const double* p);     // JKT.noise.pgiga_beta
Value pol_beta_flat(const double* p);       // JKT.noise.pol_beta
Value tree_sigma_flat(const double* p);     // JKT.noise.tree_sigma
Value pocp_expected_flat(const double* p);  // JKT.bound.pocp_expected
Value pocp_hp_flat(const double* p);        // JKT.bound.pocp_hp
Value pigd_flat(const double* p);           // JKT.bound.pigd
Value pgiga_flat(const double* p);          // JKT.bound.pgiga
Value igd_regret_flat(const double* p);     // JKT.bound.igd_regret
Value pqftl_iterate_error_flat(const double* p);  // JKT.bound.pqftl_iterate_error
Value pqftl_flat(const double* p);          // JKT.bound.pqftl
Value kt08_risk_flat(const double* p);      // JKT.bound.kt08_risk
Value cms11_sample_flat(const double* p);   // JKT.bound.cms11_sample
void chi_norm_batch(const double* const* cols, Value* out, std::size_t n);
void c_exponent_batch(const double* const* cols, Value* out, std::size_t n);
void eps1_per_step_batch(const double* const* cols, Value* out, std::size_t n);
void pocp_beta_batch(const double* const* cols, Value* out, std::size_t n);
void pigd_beta_batch(const double* const* cols, Value* out, std::size_t n);
void pgiga_beta_batch(const double* const* cols, Value* out, std::size_t n);
void pol_beta_batch(const double* const* cols, Value* out, std::size_t n);
void tree_sigma_batch(const double* const* cols, Value* out, std::size_t n);
void pocp_expected_batch(const double* const* cols, Value* out, std::size_t n);
void pocp_hp_batch(const double* const* cols, Value* out, std::size_t n);
void pigd_batch(const double* const* cols, Value* out, std::size_t n);
void pgiga_batch(const double* const* cols, Value* out, std::size_t n);
void igd_regret_batch(const double* const* cols, Value* out, std::size_t n);
void pqftl_iterate_error_batch(const double* const* cols, Value* out, std::size_t n);
void pqftl_batch(const double* const* cols, Value* out, std::size_t n);
void kt08_risk_batch(const double* const* cols, Value* out, std::size_t n);
void cms11_sample_batch(const double* const* cols, Value* out, std::size_t n);

}  // namespace privoco::fast::jkt
