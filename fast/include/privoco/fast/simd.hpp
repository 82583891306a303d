// The variants of the vectorised kernels. Every batch kernel is built three times (fast/numerics/vec_math.hpp:
// PRIVOCO_VARIANTS) and dispatched at each call by the variant in use:
//   "avx512"    AVX-512F for the floating-point kernels (VDH's conjugate-prior prediction, DP.gauss.delta), ISA
//               level x86-64-v4 for the integer-heavy ones (the keyed Gaussian draws, JKT's PQFTL solve);
//   "avx2"      AVX2 and FMA, and level x86-64-v3;
//   "baseline"  the build's own target flags (with -mfma where the building CPU has FMA, see fast/CMakeLists.txt).
// By default the widest variant this CPU supports; an integer kernel whose level the CPU lacks (AVX-512F without
// the rest of x86-64-v4) takes the next one down. The variants give the same bits (no contraction in fast/, only
// explicit fma): forcing one changes speed, never a value, and that is tested.
#pragma once
#include <string>
#include <vector>

namespace privoco::fast {

// The variants this CPU and build can run, widest first ("baseline" always).
std::vector<std::string> kernel_variants();
// The variant in use.
const char* kernel_variant();
// The targets the two families of kernels are built for in the variant in use, e.g. "avx512f" and "x86-64-v4".
const char* float_kernel_target();
const char* integer_kernel_target();
// Use variant `name` from now on, in every thread ("best": the widest). A name that is not a variant, or one this
// CPU or build cannot run, throws privoco::ParamError naming the variants it can.
void use_kernel_variant(const std::string& name);
// use_kernel_variant($PRIVOCO_SIMD) when that variable is set and not empty (errors name PRIVOCO_SIMD). The privoco
// CLI, the Python module and the test programs call it at start.
void use_kernel_variant_from_env();

}  // namespace privoco::fast
