#include "params.hpp"

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"

namespace privoco::reference {

void integer_param(const char* id, const char* name, arb_srcptr x) {
  if (!arb_is_exact(x) || !arb_is_int(x)) {
    const Entry& e = entry(id);
    throw DomainError(id, name, text17(arf_get_d(arb_midref(x), ARF_RND_NEAR)),
                      "integers in " + e.params[e.index_of(name)].domain.text());
  }
}

}  // namespace privoco::reference
