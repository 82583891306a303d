// privoco list: every catalogue ID with its parameters, domains, citation and files.
#include "commands.hpp"

#include <fmt/core.h>

#include "output.hpp"
#include "privoco/catalogue.hpp"

namespace privoco::oracle {

int cmd_list(bool as_json) {
  std::size_t n = 0;
  for (const Entry& e : catalogue()) {
    ++n;
    if (as_json) {
      json j = record("entry");
      j["id"] = e.id;
      j["kind"] = e.kind;
      j["citation"] = e.citation;
      j["summary"] = e.summary;
      json ps = json::array();
      for (const auto& p : e.params) {
        json q{{"name", p.name}, {"domain", p.domain_text()}, {"meaning", p.meaning}, {"per_coordinate", p.per_coordinate}};
        if (!p.choices.empty()) q["choices"] = p.choices;  // a reading: given by one of these names
        ps.push_back(q);
      }
      j["parameters"] = ps;
      j["reference"] = e.has_reference;
      j["fast"] = e.has_fast;
      j["proof"] = e.has_proof;
      j["files"] = e.files;
      print_line(j);
      continue;
    }
    fmt::print("{}  [{}]  {}\n", e.id, e.kind, e.citation);
    fmt::print("    {}\n", e.summary);
    for (const auto& p : e.params)
      fmt::print("    {:<3} in {:<12} {}{}\n", p.name, p.domain_text(), p.meaning,
                 p.per_coordinate ? " (comma-separated, one per coordinate)" : "");
    fmt::print("    implementations: {}{}{}   files: {}\n", e.has_reference ? "reference " : "", e.has_fast ? "fast " : "",
               e.has_proof ? "proof" : "", e.files);
  }
  if (as_json) print_line(summary_line("list", {{"ids", n}}, 0));
  return 0;
}

}  // namespace privoco::oracle
