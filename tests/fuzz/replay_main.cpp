// The fuzz targets without libFuzzer (GCC builds, the sanitizer subset, ctest): runs each file given (or each file
// of each directory given) through LLVMFuzzerTestOneInput, then --mutations=N deterministic variants of each
// (bytes flipped, inserted, deleted, the input cut short or spliced with another; master seed --seed=S, printed).
// A broken invariant or crash aborts with the input's name and variant; exit 0 when every input passed.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {
std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}
void one(const std::string& s) { LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()); }
}  // namespace

int main(int argc, char** argv) {
  long mutations = 0;
  std::uint64_t seed = 1;
  std::vector<std::filesystem::path> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--mutations=", 0) == 0) mutations = std::strtol(a.c_str() + 12, nullptr, 10);
    else if (a.rfind("--seed=", 0) == 0) seed = std::strtoull(a.c_str() + 7, nullptr, 10);
    else if (std::filesystem::is_directory(a)) {
      std::vector<std::filesystem::path> in;
      for (const auto& e : std::filesystem::directory_iterator(a))
        if (e.is_regular_file()) in.push_back(e.path());
      std::sort(in.begin(), in.end());
      files.insert(files.end(), in.begin(), in.end());
    } else files.emplace_back(a);
  }
  std::vector<std::string> inputs;
  for (const auto& f : files) inputs.push_back(slurp(f));
  std::fprintf(stderr, "replay: %zu inputs, %ld mutations each, seed %llu\n", inputs.size(), mutations,
               static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  long runs = 0;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    std::fprintf(stderr, "replay: %s\n", files[k].c_str());
    one(inputs[k]), ++runs;
    for (long m = 0; m < mutations; ++m) {
      std::string s = inputs[k];
      const int edits = 1 + static_cast<int>(rng() % 4);
      for (int e = 0; e < edits; ++e) {
        const std::size_t at = s.empty() ? 0 : rng() % (s.size() + 1);
        switch (rng() % 6) {
          case 0: if (at < s.size()) s[at] = static_cast<char>(s[at] ^ (1u << (rng() % 8))); break;
          case 1: s.insert(at, 1, static_cast<char>(rng() % 256)); break;
          case 2: if (at < s.size()) s.erase(at, 1 + rng() % 8); break;
          case 3: s.resize(at); break;
          case 4: {  // a digit run where a number may stand
            static const char* const pieces[] = {"9", "e999999", "-", ".", "0x1p+1023", "1e-400", "\"", ",", "\n", "{}", "[]", "\xef\xbb\xbf"};
            s.insert(at, pieces[rng() % (sizeof pieces / sizeof pieces[0])]);
            break;
          }
          default: {  // splice with another input
            const std::string& o = inputs[rng() % inputs.size()];
            if (!o.empty()) s.insert(at, o.substr(rng() % o.size(), 1 + rng() % 32));
          }
        }
      }
      one(s), ++runs;
    }
  }
  std::fprintf(stderr, "replay: %ld executions, no finding\n", runs);
  return 0;
}
