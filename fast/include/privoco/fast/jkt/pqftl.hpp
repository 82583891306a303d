// JKT's PQFTL (Alg 4): the bound arguments with which it calls Alg 5, as printed and as derived, and the tails of
// its noise.
#pragma once
#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/jkt/tree.hpp"
#include "privoco/fast/value.hpp"

namespace privoco::fast::jkt {

enum class PqftlTree { V = 0, u = 1 };
enum class PqftlArg { printed = 0, derived = 1 };
// JKT.const.pqftl_tree_params: the bound on ||w_t|| passed to Alg 5 (Alg 4 l.7: R^2 for w_t = v_t v_t^T; l.8: R for
// w_t = y_t v_t), or the derived sup ||w_t|| over |y_t|, ||v_t|| <= R (R^2 for both trees).
Value pqftl_tree_bound(double R, PqftlTree tree, PqftlArg which);

enum class NoiseTail { beta_tail = 0, A_tail_lower = 1, printed = 2 };
// JKT.noise.pqftl_noise_norms (JKT Thm 8 proof): with k = popcount(t) and q = P(chi^2_d > 9d/k), q =
// P(||beta_t|| > 3 sigma sqrt d), 1 - (1 - q)^d (a lower bound on P(||A_t||_2 > 3 sigma sqrt d)), or the printed
// exp(-d/2). d <= 1024: q as e^{-x} times a sum of positive terms in double-double (O(d)).
Value pqftl_noise_norms(double d, double t, NoiseTail which);
// P(chi^2_d > 2x) = Q(d/2, x), the regularized upper incomplete gamma at integer or half-integer order, by its
// finite sums in double-double (O(d) terms); x in double-double, since Q's relative error is about x times x's
Value chi_square_tail(int d, dd x);

// JKT.bound.pqftl_iterate_error: Eq (31), sigma sqrt(d)/t (3 + 6R/alpha)/|alpha - 6 sigma sqrt(d) R/(alpha t)|,
// sigma = JKT.noise.tree_sigma(R, eps, delta, T, base) (Thm 8 proof), t in [1, T] (Alg 4 forms x^_{t+1} for t < T).
// Products in double; near the pole 6 sigma sqrt(d) R = alpha^2 t the printed formula itself is ill-conditioned
// (relative error about alpha/|alpha - q| times sigma's few ulp).
Value pqftl_iterate_error(double R, double alpha, double eps, double delta, double T, double d, double t, LogBase base);
enum class PqftlBoundWhich { total = 0, qftl_term = 1, perturbation_term = 2 };
// JKT.bound.pqftl: Eq (32) (privoco/reference/jkt/pqftl.hpp for the terms and the logarithms' bases, J1 and J2).
Value pqftl_regret_bound(double R, double alpha, double eps, double delta, double T, double d, LogBase base,
                         LogBase base_regret, PqftlBoundWhich which);

}  // namespace privoco::fast::jkt
