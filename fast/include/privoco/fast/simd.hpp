// Which variant of the vectorised kernels this CPU runs. The kernels are built as GCC function clones chosen at load
// time by the CPU's features: the floating-point kernels (VDH's conjugate-prior prediction, DP.gauss.delta) as
// "avx512f", "avx2" or "default", the integer-heavy ones (the keyed Gaussian draws, JKT's PQFTL solve) by ISA
// level as "x86-64-v4", "x86-64-v3" or "default". GCC takes the first clone of each list the CPU supports; these
// say which, by the same tests (__builtin_cpu_supports). ("default" is the build's baseline: with -mfma where the
// building CPU has FMA, see fast/CMakeLists.txt.)
#pragma once

namespace privoco::fast {

const char* kernel_variant();  // "avx512f", "avx2" or "default"
const char* isa_variant();     // "x86-64-v4", "x86-64-v3" or "default"

}  // namespace privoco::fast
