// The parameter balls of the papers' reference functions (inside the reference part): an integer parameter must be an
// exact integer (else DomainError naming it, with its domain from the catalogue's table), a reading is the index of
// its choice, carried as an exact small integer.
#pragma once
#include <arb.h>

#include <cstdint>

namespace privoco::reference {

// DomainError unless x, entry `id`'s parameter `name`, is an exact integer (of any size: T may be 1e34)
void integer_param(const char* id, const char* name, arb_srcptr x);
// a reading's index
inline int reading_index(arb_srcptr x) { return static_cast<int>(arf_get_si(arb_midref(x), ARF_RND_NEAR)); }

}  // namespace privoco::reference
