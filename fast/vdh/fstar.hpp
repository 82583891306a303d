// VDH.conj.Fstar in double (definition and the certified version: reference/vdh/fstar.hpp).
#pragma once
#include "privoco/fast/value.hpp"

namespace privoco::fast::vdh {

Value fstar_conj(double u, double V, double b, double G);  // sup_L (uL - F(L; V, b, G)), conjugate prior

}  // namespace privoco::fast::vdh
