// --shard i/n on check, compare, report and prove --all: a deterministic part of the work, written as JSON Lines that
// `privoco merge` combines into exactly the --json output of one run.
//
// The units dealt to the shards, unit u to shard u mod n: check's rows and compare's points in runs of
// kPointsPerRun (the same runs as one process evaluates, from the same empty caches: the same bits), report's IDs
// and learners, prove's claims (and report's), report's errata on shard 0. A shard writes the records of its units
// as one run would, then its summary with a "shard" object: index, count and what merge needs to rebuild the one
// run's summary.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "output.hpp"

namespace privoco::oracle {

struct Shard {
  std::size_t index = 0, count = 1;
  bool given = false;  // --shard was given (a 0/1 shard still writes the shard format)
  bool mine(std::size_t unit) const { return unit % count == index; }
  // The selector the commands take: this shard's units, or empty (every unit) when --shard was not given.
  std::function<bool(std::size_t)> selector() const {
    if (!given) return {};
    return [s = *this](std::size_t unit) { return s.mine(unit); };
  }
};

// "i/n" with 0 <= i < n <= 10^6; ParamError naming --shard otherwise.
Shard parse_shard(const std::string& command, const std::string& text);

// The summary's "shard" object: index, count, and the command's own bookkeeping fields.
json shard_json(const Shard& s, json extra = json::object());

struct MergeArgs {
  std::vector<std::string> files;  // the shards' outputs, in any order
};
int cmd_merge(const MergeArgs& a);

}  // namespace privoco::oracle
