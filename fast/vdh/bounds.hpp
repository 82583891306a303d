// VDH regret bounds in double (formulas and readings: reference/vdh/bounds.hpp).
#pragma once
#include "privoco/fast/value.hpp"

namespace privoco::fast::vdh {

// VDH Thm 1 (000) = Thm 10 (002) as printed, at u, V = sum g^2, b, G. Overflow reported as status + ln|value|.
Value bound_thm1(double u, double V, double b, double G);

}  // namespace privoco::fast::vdh
