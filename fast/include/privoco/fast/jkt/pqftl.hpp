// JKT's PQFTL (Alg 4): the bound arguments with which it calls Alg 5, as printed and as derived, and the tails of
// its noise.
#pragma once
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

}  // namespace privoco::fast::jkt
