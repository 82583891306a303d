// VDH improper prior in double (definitions: reference/vdh/improper.hpp).
#pragma once
#include "privoco/fast/value.hpp"

namespace privoco::fast::vdh {

Value pred_improper(double L, double V, double G);  // VDH (3.8.1) (002) by the definition
Value pot_improper(double L, double V, double G);   // VDH eq (4) = (3.3.1) with the improper prior (A7(a))

}  // namespace privoco::fast::vdh
