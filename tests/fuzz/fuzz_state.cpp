// Fuzz target: state files (--state-in) of every learner that saves one, through the run command in-process.
// An input that parses as a JSON object is re-signed (its checksum recomputed) before it is read, so that the
// mutations reach the state's own checks (counts, double-double sums, registers, points of the feasible set), not
// only the checksum; the learner is the one the file names (else the first byte picks one). Every input either
// continues the run or is refused with privoco's typed error; any other exception, a crash, a hang or a sanitizer
// report is a finding.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz_support.hpp"
#include "oracle/src/run.hpp"
#include "oracle/src/run_support.hpp"
#include "privoco/errors.hpp"

namespace {
struct Learner {
  const char* alg;     // privoco run's name
  const char* id;      // the catalogue ID its state files carry
  const char* params;  // name=value, space-separated
  std::uint64_t seed;  // --seed (0: the learner draws nothing and takes no seed)
  const char* rows;    // the gradient file that continues the run
};
// the learners whose state files privoco writes, each with parameters its tests use
const Learner kLearners[] = {
    {"alg1", "VDH.alg.alg1", "b=1 G=1", 0, "g\n0.5\n-0.25\n"},
    {"alg2", "VDH.alg.alg2", "b=1 G=0.5", 0, "g1,g2\n0.5,-0.2\n-0.3,0.4\n"},
    {"alg3", "VDH.alg.alg3", "b=1 G=1", 0, "g1,g2\n0.5,-0.2\n-0.3,0.4\n"},
    {"banco", "BANCO.alg.banco", "T=10 G=1 eps=3 lambda=1", 4, "g1,g2\n0.5,-0.2\n-0.3,0.4\n"},
    {"pocp", "JKT.alg.pocp", "lambda_A=0.5 radius=1 eps=4 delta=1e-6 T=5 C_shape=box", 3, "x1,x2\n0.1,0.2\n-0.3,0.1\n"},
    {"pigd", "JKT.alg.igd_update", "L=3 alpha=1 radius=2 eps=2 delta=1e-6 T=6 init_reading=uniform", 9,
     "g1,g2,g3\n0.1,0.2,0.3\n-0.3,0.1,0\n"},
    {"pgiga", "JKT.alg.giga_update", "G=20 L_G=1 alpha=1 radius=1 eps=1 delta=1e-5 T=10", 2,
     "g1,g2\n0.5,-0.2\n-0.3,0.4\n"},
    {"pqftl", "JKT.alg.qftl", "alpha=0.7 R=1 eps=2 delta=1e-6 T=30", 4, "y,v1,v2\n0.1,0.2,-0.1\n-0.3,0.1,0.3\n"},
    {"private_sum", "JKT.alg.private_sum", "R=4 eps=1 delta=1e-6 T=16", 1, "w1,w2\n1,-1\n2,0\n"},
    {"mip_ogd", "MIP.alg.full_info", "eta=0.2 sigma=0.5 L=3 T=10 h=1 c=0.1,0 loss=quadratic", 4,
     "g1,g2\n0.5,-0.2\n-0.3,0.4\n"},
    {"mip_bandit", "MIP.alg.bandit", "eta=0.2 sigma=0.5 L=3 T=10 h=1 c=0.1,0 loss=quadratic delta=0.1", 4,
     "g1,g2\n0.5,-0.2\n-0.3,0.4\n"},
};
constexpr std::size_t kCount = sizeof kLearners / sizeof kLearners[0];

struct Scratch {
  std::string dir, state;
  std::vector<std::string> rows;
  Scratch() {
    char tmpl[] = "/tmp/privoco_fuzz_state.XXXXXX";
    PRIVOCO_FUZZ_REQUIRE(::mkdtemp(tmpl) != nullptr, "a scratch directory");
    dir = tmpl;
    state = dir + "/state.json";
    for (std::size_t k = 0; k < kCount; ++k) {
      rows.push_back(dir + "/rows" + std::to_string(k) + ".csv");
      std::ofstream(rows.back()) << kLearners[k].rows;
    }
    std::fflush(stdout);
    PRIVOCO_FUZZ_REQUIRE(std::freopen("/dev/null", "w", stdout) != nullptr, "stdout to /dev/null");  // run's summaries
  }
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Scratch scratch;
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::size_t pick = data[0] % kCount;
  auto j = nlohmann::ordered_json::parse(text, nullptr, false);
  std::string file = text;
  if (!j.is_discarded() && j.is_object()) {
    if (j.contains("alg") && j["alg"].is_string())
      for (std::size_t k = 0; k < kCount; ++k)
        if (j["alg"] == kLearners[k].id) pick = k;
    const std::string sum = privoco::oracle::state_checksum(j);
    if (!sum.empty()) j["checksum"] = sum, file = j.dump(1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  }
  std::ofstream(scratch.state, std::ios::binary | std::ios::trunc) << file;
  const Learner& l = kLearners[pick];
  privoco::oracle::RunArgs a;
  a.alg = l.alg;
  std::istringstream ps(l.params);
  for (std::string p; ps >> p;) a.assignments.push_back(p);
  a.gradients = scratch.rows[pick];
  a.out = "/dev/null";
  a.state_in = scratch.state;
  a.given = {"--gradients", "--out", "--state-in"};
  if (l.seed) a.seed = l.seed, a.given.push_back("--seed");
  try {
    privoco::oracle::cmd_run(a);
  } catch (const privoco::Error& e) {  // refused by name: the expected answer to a damaged state
    static const bool verbose = std::getenv("PRIVOCO_FUZZ_VERBOSE") != nullptr;
    if (verbose) std::fprintf(stderr, "refused (%s): %s\n", l.alg, e.what());
    PRIVOCO_FUZZ_REFUSED();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz: privoco run %s failed with a non-privoco exception: %s\n", l.alg, e.what());
    std::abort();
  }
  return 0;
}
