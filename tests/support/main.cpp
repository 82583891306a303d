// Test main: fixes RapidCheck's seed unless the caller set RC_PARAMS, and prints it, so every property run is
// reproducible: RC_PARAMS="seed=N" ctest ... replays it. PRIVOCO_SIMD=VARIANT runs the fast part's kernels in that
// variant (privoco/fast/simd.hpp); the variant in use is printed.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "privoco/errors.hpp"
#include "privoco/fast/simd.hpp"

int main(int argc, char** argv) {
  const char* rc = std::getenv("RC_PARAMS");
  std::string params = rc ? rc : "";
  if (params.find("seed=") == std::string::npos) {
    params += (params.empty() ? "" : " ") + std::string("seed=20261122");
    setenv("RC_PARAMS", params.c_str(), 1);
  }
  std::printf("RapidCheck configuration: RC_PARAMS=\"%s\" (set it to reproduce or vary the seed)\n", params.c_str());
  try {
    privoco::fast::use_kernel_variant_from_env();
  } catch (const privoco::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  std::printf("kernel variant: %s (PRIVOCO_SIMD=VARIANT forces one)\n", privoco::fast::kernel_variant());
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
