// VDH CV prior in double (definitions: reference/vdh/cv.hpp).
#pragma once
#include "privoco/fast/value.hpp"

namespace privoco::fast::vdh {

Value pred_cv(double L, double V, double G);  // VDH eq (5) = (3.3.2) with the CV prior
Value pot_cv(double L, double V, double G);   // VDH eq (4) = (3.3.1) with the CV prior

}  // namespace privoco::fast::vdh
