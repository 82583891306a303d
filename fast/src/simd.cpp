#include "privoco/fast/simd.hpp"

#include "../numerics/vec_math.hpp"

namespace privoco::fast {
namespace {
#define PRIVOCO_STR2(x) #x
#define PRIVOCO_STR(x) PRIVOCO_STR2(x)
// the clone macros defined empty (a build for the compiler's target flags alone, e.g. the fuzz build): no dispatch
constexpr bool kKernelClones = sizeof(PRIVOCO_STR(PRIVOCO_KERNEL_CLONES)) > 1;
constexpr bool kIsaClones = sizeof(PRIVOCO_STR(PRIVOCO_ISA_CLONES)) > 1;
}  // namespace

const char* kernel_variant() {
  if (!kKernelClones) return "the build's target flags (no clones)";
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return "avx512f";
  if (__builtin_cpu_supports("avx2")) return "avx2";
#endif
  return "default";
}

const char* isa_variant() {
  if (!kIsaClones) return "the build's target flags (no clones)";
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("x86-64-v4")) return "x86-64-v4";
  if (__builtin_cpu_supports("x86-64-v3")) return "x86-64-v3";
#endif
  return "default";
}

}  // namespace privoco::fast
