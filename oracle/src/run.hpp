// privoco run: a paper's learner over a gradient file, its samplers or presets; and the stream form of privoco check.
// The options are the CLI's; each paper's commands read those they use (oracle/PAPER/).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace privoco::oracle {

struct RunArgs {
  std::string alg;                       // a registered name (alg1) or its catalogue ID (VDH.alg.alg1)
  std::string gradients;                 // CSV/JSON Lines: column g (alg1) or g1..gd; "-" for stdin
  std::vector<std::string> assignments;  // b=..., G=... (exact decimals)
  std::string prior = "conjugate";
  std::string impl = "fast";             // fast | reference (alg1, alg2, alg3)
  std::string out = "-";                 // predictions CSV
  std::string u = "0,1,-1,10,-10";       // comparators for the realised regret (each coordinate, for d > 1)
  std::string state_in, state_out;       // exact learner state (JSON, hex floats)
  int digits = 17;
  bool json = false;
  // presets scenario1, scenario2 (VDH §4 (000) = §3.4 (002)); parameters as name=value in `assignments`
  std::string T_list = "100,1000,10000";
  long seeds = 10;
  std::uint64_t seed = 1;
  std::string plot;
  bool log_log = false;            // --plot with a log y axis too
  std::vector<std::string> given;  // the options given on the command line (--T, --seed, ...), checked by cmd_run
  bool T_given = false;            // --T given (its default is the scenarios' list)
};
// Runs the learner, sampler or preset registered as a.alg (registry.hpp); UnknownId for other names.
int cmd_run(const RunArgs& a);

// privoco check FILE --stream ALG: FILE holds a run (columns g and w, or g1..gd and w1..wd); each row's w is
// judged against the certified prediction of that step; the first step that disagrees is named.
struct StreamCheckArgs {
  std::string file, alg, prior = "conjugate", format = "auto";
  std::vector<std::string> assignments;
  double ulps = -1, rel = -1;
  int digits = 17;
  bool json = false, all = false;
  std::string sums = "exact";  // exact: L, V as exact sums (the definition); double: as a double loop sums them
  std::string junit;           // JUnit XML file: one test case per prediction (empty: none)
};
int cmd_check_stream(const StreamCheckArgs& a);

}  // namespace privoco::oracle
