// Fuzz target: name=value assignments as the command line gives them, one per line, for the entry named on the
// first line (without one, the first byte picks it and the rest are the lines), and the generic name=value reader
// the learners use. Either the entry's parameters in its flat
// layout, each a parsed decimal, or privoco's typed error; never a crash, hang or sanitizer report.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "privoco/assignments.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& cat = privoco::catalogue();
  std::string head, rest;
  privoco::fuzz::first_line(data, size, &head, &rest);
  const privoco::Entry* found = nullptr;
  for (const auto& c : cat)
    if (head == c.id) found = &c;
  if (!found) rest.assign(reinterpret_cast<const char*>(data + 1), size - 1);
  const privoco::Entry& e = found ? *found : cat[data[0] % cat.size()];
  std::vector<std::string> args;
  std::string cur;
  for (char ch : rest) {
    if (ch == '\n') args.push_back(cur), cur.clear();
    else cur.push_back(ch);
  }
  args.push_back(cur);
  try {
    const std::vector<privoco::Decimal> v = privoco::parse_assignments(e, args);
    PRIVOCO_FUZZ_REQUIRE(v.size() >= e.params.size(), "fewer values than the entry's parameters");
    for (std::size_t i = 0; i < e.params.size() && i < v.size(); ++i)
      if (!e.params[i].per_coordinate) try {
          privoco::check_param(e, i, v[i]);
        } catch (const privoco::Error&) {
          PRIVOCO_FUZZ_REFUSED();
        }
  } catch (const privoco::Error&) {
    PRIVOCO_FUZZ_REFUSED();
  }
  try {
    const std::vector<std::string> names = {"b", "G", "d", "T", "eps", "delta"};
    const auto m = privoco::parse_named(e.id, args, {{"T", "10"}}, &names, {"G"});
    PRIVOCO_FUZZ_REQUIRE(m.count("G") == 1, "a required name missing without an error");
  } catch (const privoco::Error&) {
    PRIVOCO_FUZZ_REFUSED();
  }
  return 0;
}
