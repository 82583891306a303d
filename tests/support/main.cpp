// Test main: fixes RapidCheck's seed unless the caller set RC_PARAMS, and prints it, so every property run is
// reproducible: RC_PARAMS="seed=N" ctest ... replays it.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
  const char* rc = std::getenv("RC_PARAMS");
  std::string params = rc ? rc : "";
  if (params.find("seed=") == std::string::npos) {
    params += (params.empty() ? "" : " ") + std::string("seed=20261122");
    setenv("RC_PARAMS", params.c_str(), 1);
  }
  std::printf("RapidCheck configuration: RC_PARAMS=\"%s\" (set it to reproduce or vary the seed)\n", params.c_str());
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
