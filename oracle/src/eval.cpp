// privoco eval ID name=value ...: one certified (reference) or double (fast) evaluation.
#include "commands.hpp"

#include <fmt/core.h>

#include <cmath>

#include "output.hpp"
#include "privoco/assignments.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/evaluate.hpp"

namespace privoco::oracle {

int cmd_eval(const EvalArgs& a) {
  const Entry& e = entry(a.id);
  if (e.is_learner()) throw UnknownId(e.id, "an algorithm, not a function: use privoco run for");
  if (!e.has_reference && !e.has_fast)
    throw UnknownId(e.id, "a machine-checked claim or definition, not a function: use privoco prove for");
  std::vector<Decimal> dec = parse_assignments(e, a.assignments);
  json out;
  out["id"] = e.id;
  out["impl"] = a.impl;
  out["params"] = values_json(e, param_texts(e, dec));
  const std::string call = e.id + "(" + params_text(param_texts(e, dec)) + ")";

  if (a.impl == "reference") {
    if (!e.has_reference) throw UnknownId(e.id, "no reference implementation for this ID");
    reference::Options opt;
    opt.digits = a.digits;
    opt.max_prec = a.max_prec;
    reference::Certified c = reference::evaluate(e, dec, opt);
    if (a.json) {
      out["value"] = c.value;
      out["status"] = "ok";
      out["lo"] = c.lo;
      out["hi"] = c.hi;
      out["digits"] = c.digits;
      out["exact"] = c.exact;
      out["prec_bits"] = c.prec_bits;
      fmt::print("{}\n", json_text(out));
    } else {
      fmt::print("{} = {}\n", call, c.value);
      if (c.exact) fmt::print("  reference: exact\n");
      else
        fmt::print("  reference: {} certified digits, enclosure [{}, {}], {} bits\n", c.digits, c.lo, c.hi,
                   c.prec_bits);
    }
    return 0;
  }

  if (!e.has_fast || !fast::implements(e.id)) throw UnknownId(e.id, "no fast implementation for this ID");
  std::vector<double> x(dec.size());
  for (std::size_t i = 0; i < dec.size(); ++i) {
    x[i] = dec[i].approx;
    if ((dec[i].sign != 0 && x[i] == 0) || std::isinf(x[i])) {
      const std::size_t pi = e.vector_layout ? e.param_of_flat(i, static_cast<std::size_t>(x[0])) : i;
      throw ParamError(e.id, e.params[pi].name,
                       "'" + dec[i].text + "' is outside the double range of the fast implementation; use --impl reference");
    }
  }
  const json as_double = params_json(e, x);
  fast::Value v = fast::evaluate(e, x.data());
  if (a.json) {
    out["params_as_double"] = as_double;
    out["value"] = text17(v.value);
    out["status"] = fast::to_string(v.status);
    out["log_abs"] = text17(v.log_abs());
    out["sign"] = v.sign;
    fmt::print("{}\n", json_text(out));
  } else if (v.status == fast::Status::ok) {
    fmt::print("{} = {}\n  fast (double)\n", call, text17(v.value));
  } else {
    fmt::print("{} = {} ({})\n  fast (double): ln|value| = {}, sign {:+d}\n", call, text17(v.value),
               fast::to_string(v.status), text17(v.log_abs()), v.sign);
  }
  return 0;
}

}  // namespace privoco::oracle
