// Certified evaluation of any catalogue ID with precision escalation.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/reference/ball.hpp"

namespace privoco::reference {

// One evaluation at fixed working precision: res encloses the true value; params are exact-decimal balls
// in the table order of the entry.
using BallFn = void (*)(arb_t res, arb_srcptr params, slong prec);

struct Options {
  int digits = 17;            // certified significant digits wanted
  long max_prec = 1L << 17;   // ceiling of the working precision in bits; PrecisionCeiling past it
  bool strings = true;        // fill Certified::value/lo/hi (decimal conversion costs ~20% of a 17-digit call)
  // Time limit in seconds: the precision is not raised again when the next level (~4 times the last one's time)
  // would end past it; PrecisionCeiling then says so. 0: none.
  double max_seconds = 10;
};

// Certified value of `id` at exact decimal parameters (table order). Throws UnknownId, DomainError,
// PrecisionCeiling.
Certified evaluate(const Entry& e, const std::vector<Decimal>& params, const Options& opt = {});
// Same with double parameters (each double is an exact binary number).
Certified evaluate(const Entry& e, const double* params, const Options& opt = {});

// The general form: set(x, i, prec) writes parameter i as a ball at working precision prec (exact values
// exactly, decimals at prec); the caller has checked the domains. Used by the certified learners' replay.
// fn: evaluate this ball function instead of the ID's own (a variant under another reading of the text).
using ParamSetter = std::function<void(arb_ptr x, std::size_t i, slong prec)>;
Certified evaluate_with(const Entry& e, const ParamSetter& set, const Options& opt = {}, BallFn fn = nullptr);

// Arb keeps per-thread caches (constants such as pi and log 2, Gauss-Legendre nodes) at the highest precision asked
// for so far and rounds them for each call, so the last bits of an enclosure (its radius, hence error bounds printed
// to 17 digits) depend on what the thread evaluated before. reset_caches() empties this thread's caches: what is
// evaluated after it depends on its own inputs and on what follows the reset only. Commands that evaluate many points
// reset before each fixed-size run of them, so their output is the same on any number of threads and shards.
void reset_caches();

// The fixed-precision function of an ID (throws UnknownId when the reference lacks it).
BallFn ball_function(const std::string& id);

}  // namespace privoco::reference
