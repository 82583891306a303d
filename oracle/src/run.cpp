// privoco run NAME and privoco check FILE --stream NAME: each paper registers what it runs (registry.hpp).
#include "run.hpp"

#include <algorithm>

#include "privoco/errors.hpp"
#include "privoco/registered.hpp"
#include "registry.hpp"

namespace privoco::oracle {

void register_papers(Registry& r);  // papers.cpp, generated from PRIVOCO_PAPERS

const Registry& registry() {
  return registered<Registry, register_papers>();
}

namespace {
// The registered command called `name`; UnknownId listing the names that would do.
const RunCommand& find_run(const std::string& name, bool streams) {
  std::string known;
  for (const RunCommand& c : registry().runs) {
    if (streams && !c.check_stream) continue;
    for (const std::string& n : c.names)
      if (n == name) return c;
    known += (known.empty() ? "" : ", ") + c.names[0];
  }
  throw UnknownId(name, std::string(streams ? "not an algorithm privoco replays" : "not an algorithm privoco runs") +
                            " (" + known + ")");
}
}  // namespace

int cmd_run(const RunArgs& a) {
  const RunCommand& c = find_run(a.alg, false);
  for (const std::string& o : a.given)
    if (std::find(c.options.begin(), c.options.end(), o) == c.options.end()) {
      std::string takes;
      for (const std::string& k : c.options) takes += (takes.empty() ? "" : ", ") + k;
      throw ParamError("run " + c.names[0], o, "does not apply to " + c.names[0] + " (it takes " + takes + ")");
    }
  return c.run(a);
}

int cmd_check_stream(const StreamCheckArgs& a) { return find_run(a.alg, true).check_stream(a); }

}  // namespace privoco::oracle
