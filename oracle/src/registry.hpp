// What a paper registers with the oracle (oracle/PAPER/register.cpp: void PAPER::register_paper(Registry&)): the
// learners, samplers and presets `privoco run` runs (and `check --stream` replays), and the report's seeded runs
// of them against their certified replay.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "parts_accuracy.hpp"
#include "run.hpp"

namespace privoco::oracle {

struct RunCommand {
  std::vector<std::string> names;  // what `privoco run NAME` accepts: the short name first, then the catalogue ID
  int (*run)(const RunArgs&) = nullptr;
  int (*check_stream)(const StreamCheckArgs&) = nullptr;  // `check FILE --stream NAME`; null: not replayable
  std::vector<std::string> options;  // the `run` options it uses; any other option given is refused by name
};

using MeasureParts = std::vector<PartAccuracy> (*)(std::size_t steps, std::uint64_t seed);

struct Registry {
  std::vector<RunCommand> runs;
  std::vector<MeasureParts> report_parts;
};

const Registry& registry();  // every paper's registration, made once (PRIVOCO_PAPERS order)

}  // namespace privoco::oracle
