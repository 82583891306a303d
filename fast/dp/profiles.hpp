// Exact privacy profiles in double (catalogue DP.gauss.delta, DP.laplace.delta): stable arrangements, underflow
// reported as status + ln(delta).
#pragma once
#include "privoco/fast/value.hpp"

namespace privoco::fast::dp {

Value gauss_delta(double eps, double mu);    // Balle and Wang (2018) Thm 8
Value laplace_delta(double eps, double mu);  // 1 - e^{(eps - mu)/2} for eps < mu, else 0

}  // namespace privoco::fast::dp
