// Shared by the fuzz targets: a broken invariant aborts (libFuzzer and the replay driver both report an abort with
// the input that caused it); privoco's own typed errors are the expected answer to bad input.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#define PRIVOCO_FUZZ_REQUIRE(cond, what)                                                   \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      std::fprintf(stderr, "fuzz invariant broken: %s (%s:%d)\n", what, __FILE__, __LINE__); \
      std::abort();                                                                        \
    }                                                                                      \
  } while (0)

namespace privoco::fuzz {
// The input as its first line and the rest (a corpus file names its set-up on the first line, e.g. the ID; a
// mutated first line that names nothing falls back to a pick by the first byte).
// PRIVOCO_FUZZ_SABOTAGE set: a refusal counts as a finding (the sibling test shows that the driver reports one)
inline bool sabotage() {
  static const bool on = std::getenv("PRIVOCO_FUZZ_SABOTAGE") != nullptr;
  return on;
}
#define PRIVOCO_FUZZ_REFUSED() PRIVOCO_FUZZ_REQUIRE(!privoco::fuzz::sabotage(), "a refusal, reported as PRIVOCO_FUZZ_SABOTAGE asks")

inline void first_line(const std::uint8_t* data, std::size_t size, std::string* head, std::string* rest) {
  const std::string s(reinterpret_cast<const char*>(data), size);
  const std::size_t nl = s.find('\n');
  *head = nl == std::string::npos ? s : s.substr(0, nl);
  *rest = nl == std::string::npos ? std::string() : s.substr(nl + 1);
}
}  // namespace privoco::fuzz
