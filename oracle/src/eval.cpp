// privoco eval ID name=value ...: one certified (reference) or double (fast) evaluation; eval ID --points FILE: one per
// row of a file, streamed.
#include "commands.hpp"

#include <fmt/core.h>

#include <cmath>

#include "exit_codes.hpp"
#include "output.hpp"
#include "privoco/assignments.hpp"
#include "privoco/format.hpp"
#include "rows.hpp"
#include "run_support.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/evaluate.hpp"

namespace privoco::oracle {

namespace {

std::string csv_field(const std::string& s) {  // quoted when it holds a comma (a per-coordinate list)
  return s.find(',') == std::string::npos ? s : "\"" + s + "\"";
}

// The value record of eval (one call, or one row of --points): the certified result, or the double one.
void put_certified(json& out, const reference::Certified& c) {
  out["value"] = c.value, out["status"] = "ok", out["lo"] = c.lo, out["hi"] = c.hi, out["digits"] = c.digits;
  out["exact"] = c.exact, out["prec_bits"] = c.prec_bits;
}
void put_fast(json& out, const Entry& e, const std::vector<double>& x, const fast::Value& v) {
  out["params_as_double"] = params_json(e, x);
  out["value"] = text17(v.value), out["status"] = fast::to_string(v.status);
  out["log_abs"] = text17(v.log_abs()), out["sign"] = v.sign;
}

// eval ID --points FILE: every row's parameters (the columns named as the ID's parameters; an `id` column, if any,
// must name the ID; other columns are ignored, `value` included) evaluated one at a time as they are read, written as
// CSV (the parameters, then value, lo, hi, digits for the reference; value, status, log_abs, sign for fast) or JSON
// Lines with --json. A row that cannot be evaluated stops the command with its line and column (exit 2).
int eval_points(const Entry& e, const EvalArgs& a) {
  Input input(a.points);
  RowReader reader(*input.in, input.source, "auto", e.params[0].name);
  const bool ref = a.impl == "reference";
  if (ref && !e.has_reference) throw UnknownId(e.id, "no reference implementation for this ID");
  if (!ref && (!e.has_fast || !fast::implements(e.id))) throw UnknownId(e.id, "no fast implementation for this ID");
  reference::Options opt;
  opt.digits = a.digits;
  opt.max_prec = a.max_prec;
  opt.max_seconds = a.max_seconds;
  if (!a.json) {
    std::string h = "line";
    for (const auto& p : e.params) h += "," + p.name;
    fmt::print("{}\n", h + (ref ? ",value,lo,hi,digits" : ",value,status,log_abs,sign"));
  }
  Row row;
  std::size_t rows = 0;
  while (reader.next(&row)) {
    const auto where = [&](std::size_t col) { return fmt::format("{}:{}:{}", input.source, row.line, col); };
    if (!row.error.empty()) throw FileError(where(row.error_column) + ": " + row.error);
    if (const Field* idf = row.find("id"); idf && !idf->text.empty() && idf->text != e.id)
      throw FileError(where(idf->column) + ": id '" + idf->text + "' in a file evaluated as " + e.id);
    std::vector<std::string> assigns;
    for (const auto& p : e.params) {
      const Field* f = row.find(p.name);
      if (!f) throw FileError(where(1) + ": no column '" + p.name + "'");
      assigns.push_back(p.name + "=" + f->text);
    }
    std::vector<Decimal> dec;
    try {
      dec = parse_assignments(e, assigns);
    } catch (const Error& ex) {
      throw FileError(where(1) + ": " + ex.what());
    }
    const ParamTexts texts = param_texts(e, dec);
    json out = record("value");
    out["line"] = row.line;
    out["id"] = e.id;
    out["impl"] = a.impl;
    out["params"] = values_json(e, texts);
    std::string line = std::to_string(row.line);
    for (const auto& [name, v] : texts) line += "," + csv_field(join_commas(v));
    if (ref) {
      reference::Certified c;
      try {
        c = reference::evaluate(e, dec, opt);
      } catch (const Error& ex) {
        throw FileError(where(1) + ": " + ex.what());
      }
      put_certified(out, c);
      line += "," + c.value + "," + c.lo + "," + c.hi + "," + std::to_string(c.digits);
    } else {
      std::vector<double> x(dec.size());
      for (std::size_t i = 0; i < dec.size(); ++i) x[i] = dec[i].approx;
      fast::Value v;
      try {
        v = fast::evaluate(e, x.data());
      } catch (const Error& ex) {
        throw FileError(where(1) + ": " + ex.what());
      }
      put_fast(out, e, x, v);
      line += "," + text17(v.value) + "," + fast::to_string(v.status) + "," + text17(v.log_abs()) + "," +
              std::to_string(v.sign);
    }
    fmt::print("{}\n", a.json ? json_text(out) : line);
    ++rows;
  }
  if (!rows) throw FileError(input.source + ": no data rows");
  if (a.json) print_line(summary_line("eval", {{"rows", rows}, {"impl", a.impl}}, kOk));
  return kOk;
}

}  // namespace

int cmd_eval(const EvalArgs& a) {
  const Entry& e = entry(a.id);
  if (e.is_learner()) throw UnknownId(e.id, "an algorithm, not a function: use privoco run for");
  if (!e.has_reference && !e.has_fast)
    throw UnknownId(e.id, "a machine-checked claim or definition, not a function: use privoco prove for");
  if (!a.points.empty()) {
    if (!a.assignments.empty())
      throw ParamError(e.id, a.assignments[0], "parameters come from the --points file, not the command line");
    return eval_points(e, a);
  }
  std::vector<Decimal> dec = parse_assignments(e, a.assignments);
  json out = record("value");
  out["id"] = e.id;
  out["impl"] = a.impl;
  out["params"] = values_json(e, param_texts(e, dec));
  const std::string call = e.id + "(" + params_text(param_texts(e, dec)) + ")";

  if (a.impl == "reference") {
    if (!e.has_reference) throw UnknownId(e.id, "no reference implementation for this ID");
    reference::Options opt;
    opt.digits = a.digits;
    opt.max_prec = a.max_prec;
    opt.max_seconds = a.max_seconds;
  opt.max_seconds = a.max_seconds;
    reference::Certified c = reference::evaluate(e, dec, opt);
    if (a.json) {
      put_certified(out, c);
      print_line(out);
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
  fast::Value v = fast::evaluate(e, x.data());
  if (a.json) {
    put_fast(out, e, x, v);
    print_line(out);
  } else if (v.status == fast::Status::ok) {
    fmt::print("{} = {}\n  fast (double)\n", call, text17(v.value));
  } else {
    fmt::print("{} = {} ({})\n  fast (double): ln|value| = {}, sign {:+d}\n", call, text17(v.value),
               fast::to_string(v.status), text17(v.log_abs()), v.sign);
  }
  return 0;
}

}  // namespace privoco::oracle
