// Fast evaluation of any catalogue ID by name (for the oracle); each ID's own function is in fast/<paper>/.
#pragma once
#include "privoco/catalogue.hpp"
#include "privoco/fast/value.hpp"

namespace privoco::fast {

// Throws UnknownId when fast/ lacks the ID, DomainError on bad parameters (table order).
Value evaluate(const Entry& e, const double* params);
bool implements(const std::string& id);

}  // namespace privoco::fast
