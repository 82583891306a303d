#include "privoco/fast/simd.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>

#include "../numerics/vec_math.hpp"
#include "privoco/errors.hpp"

namespace privoco::fast {
namespace {

constexpr const char* kNames[3] = {"baseline", "avx2", "avx512"};

// The widest level of each family this CPU supports (the same tests as GCC's own dispatch).
struct CpuLevels {
  int flt = 0, isa = 0;
  CpuLevels() {
#if defined(__x86_64__) && PRIVOCO_SIMD_VARIANTS
    __builtin_cpu_init();
    flt = __builtin_cpu_supports("avx512f") ? 2 : (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"));
    isa = __builtin_cpu_supports("x86-64-v4") ? 2 : __builtin_cpu_supports("x86-64-v3") ? 1 : 0;
#endif
  }
};
const CpuLevels& cpu() {
  static const CpuLevels levels;
  return levels;
}

// -1: the widest (the default); else the level forced, which the CPU supports for the floating-point family
std::atomic<int> g_forced{-1};

int level() {
  const int f = g_forced.load(std::memory_order_relaxed);
  return f < 0 ? cpu().flt : f;
}

}  // namespace

namespace numerics {
int kernel_level_flt() { return level(); }
int kernel_level_isa() { return std::min(level(), cpu().isa); }
}  // namespace numerics

std::vector<std::string> kernel_variants() {
  std::vector<std::string> out;
  for (int l = cpu().flt; l >= 0; --l) out.emplace_back(kNames[l]);
  return out;
}

const char* kernel_variant() { return kNames[level()]; }

const char* float_kernel_target() {
  if (!PRIVOCO_SIMD_VARIANTS) return "the build's target flags (built without variants)";
  const int l = numerics::kernel_level_flt();
  return l == 2 ? PRIVOCO_TARGET2_flt : l == 1 ? PRIVOCO_TARGET1_flt : "the build's target flags";
}

const char* integer_kernel_target() {
  if (!PRIVOCO_SIMD_VARIANTS) return "the build's target flags (built without variants)";
  const int l = numerics::kernel_level_isa();
  return l == 2 ? "x86-64-v4" : l == 1 ? "x86-64-v3" : "the build's target flags";
}

namespace {
void use(const std::string& name, const std::string& what) {
  std::string can;
  for (const std::string& v : kernel_variants()) can += (can.empty() ? "" : ", ") + v;
  if (name == "best") return g_forced.store(-1, std::memory_order_relaxed);
  for (int l = 0; l < 3; ++l) {
    if (name != kNames[l]) continue;
    if (l > cpu().flt)
      throw ParamError("kernel variant", what,
                       "'" + name + "' cannot run here (" +
                           (PRIVOCO_SIMD_VARIANTS ? "this CPU lacks its instructions" : "built without variants") +
                           "); this machine runs " + can + " or best");
    return g_forced.store(l, std::memory_order_relaxed);
  }
  throw ParamError("kernel variant", what, "'" + name + "' is not a variant (avx512, avx2, baseline or best; this machine runs " + can + ")");
}
}  // namespace

void use_kernel_variant(const std::string& name) { use(name, "name"); }

void use_kernel_variant_from_env() {
  const char* v = std::getenv("PRIVOCO_SIMD");
  if (v != nullptr && *v != '\0') use(v, "PRIVOCO_SIMD");
}

}  // namespace privoco::fast
