// privoco's typed errors: every public entry point reports bad input with one of these.
#pragma once
#include <stdexcept>
#include <string>

namespace privoco {

// Base of every error privoco throws on purpose.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An ID that is not in the catalogue table (or not implemented by the requested part).
struct UnknownId : Error {
  std::string id;
  explicit UnknownId(const std::string& id_, const std::string& why = "unknown ID", const std::string& hint = "")
      : Error(why + ": '" + id_ + "' (" + (hint.empty() ? "" : hint + "; ") + "privoco list shows the IDs)"), id(id_) {}
};

// A parameter that is missing, unknown, given twice or not a number.
struct ParamError : Error {
  std::string id, param;
  ParamError(const std::string& id_, const std::string& param_, const std::string& what)
      : Error(id_ + ": parameter '" + param_ + "': " + what), id(id_), param(param_) {}
};

// A parameter value outside the domain of the quantity.
struct DomainError : Error {
  std::string id, param, value, range;
  DomainError(const std::string& id_, const std::string& param_, const std::string& value_,
              const std::string& range_)
      : Error(id_ + ": parameter " + param_ + " = " + value_ + " is outside its domain " + range_),
        id(id_), param(param_), value(value_), range(range_) {}
};

// The certified evaluation could not reach the requested accuracy below the precision ceiling.
struct PrecisionCeiling : Error {
  using Error::Error;
};

// Parameters in the domain where a method cannot answer (e.g. a root beyond the range its search starts from);
// the message says why, instead of running without end.
struct OutOfReach : Error {
  using Error::Error;
};

}  // namespace privoco
