#include "privoco/reference/evaluate.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include <flint/flint.h>
#include <fmt/core.h>

#include "privoco/errors.hpp"
#include "privoco/registered.hpp"
#include "privoco/reference/registry.hpp"

namespace privoco::reference {

void register_papers(Registry& r);  // papers.cpp, generated from PRIVOCO_PAPERS

const Registry& registry() {
  return registered<Registry, register_papers>();
}

const std::vector<Erratum>& errata() { return registry().errata; }
const std::vector<ClaimErratum>& claim_errata() { return registry().claim_errata; }

namespace {

constexpr double kLog2_10 = 3.32192809488736234787;

// np: the number of parameter balls (the flat size for entries with per-coordinate parameters).
template <class SetParam>
Certified escalate(const Entry& e, SetParam set_param, const Options& opt, BallFn fn = nullptr, std::size_t np = 0) {
  if (!fn) fn = ball_function(e.id);
  if (opt.digits < 1 || opt.digits > 100000)
    throw ParamError(e.id, "digits", std::to_string(opt.digits) + " is outside [1, 100000]");
  const slong want_bits = static_cast<slong>(std::ceil(opt.digits * kLog2_10)) + 2;
  if (np == 0) np = e.params.size();
  arb_ptr p = _arb_vec_init(static_cast<slong>(np));
  Certified c;
  slong prec = std::min<slong>(want_bits + 32, opt.max_prec);
  const auto start = std::chrono::steady_clock::now();
  double last_step = 0;
  for (;;) {
    const auto step_start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < np; ++i) set_param(p + i, i, prec);
    try {
      fn(c.ball.get(), p, prec);
    } catch (const OutOfReach& x) {
      _arb_vec_clear(p, static_cast<slong>(np));
      throw OutOfReach(e.id + ": " + x.what());
    }
    slong acc = arb_rel_accuracy_bits(c.ball.get());
    if (arb_is_zero(c.ball.get()) || (arb_is_finite(c.ball.get()) && acc >= want_bits)) break;
    const auto now = std::chrono::steady_clock::now();
    const double step = std::chrono::duration<double>(now - step_start).count();
    // the next level's time: this one's times the growth seen from the last one (at least 4: doubling the precision
    // costs ~2^1.6 per operation, and series or quadrature need more terms)
    const double growth = last_step > 1e-3 ? std::max(4.0, step / last_step) : 4.0;
    last_step = step;
    const double elapsed = std::chrono::duration<double>(now - start).count();
    const bool out_of_time = opt.max_seconds > 0 && elapsed + growth * step > opt.max_seconds;
    if (prec >= opt.max_prec || out_of_time) {
      _arb_vec_clear(p, static_cast<slong>(np));
      // an enclosure that is infinite, or contains zero, has no relative accuracy (Arb says -ARF_PREC_EXACT)
      const std::string got = !arb_is_finite(c.ball.get())     ? "the enclosure is not finite"
                              : arb_contains_zero(c.ball.get()) ? "the enclosure still contains 0"
                                                                : "relative accuracy " + std::to_string(acc) + " bits";
      if (prec < opt.max_prec)
        throw PrecisionCeiling(e.id + ": " + std::to_string(opt.digits) + " certified digits not reached within the " +
                               "time limit of " + fmt::format("{:g}", opt.max_seconds) + " s (" +
                               fmt::format("{:.2g}", elapsed) + " s up to " + std::to_string(prec) + " bits, " + got +
                               "); raise --max-time");
      throw PrecisionCeiling(e.id + ": " + std::to_string(opt.digits) +
                             " certified digits not reached at the precision ceiling of " +
                             std::to_string(opt.max_prec) + " bits (" + got + "); raise --max-prec");
    }
    prec = std::min<slong>(2 * prec, opt.max_prec);
  }
  _arb_vec_clear(p, static_cast<slong>(np));
  c.prec_bits = prec;
  if (arb_is_zero(c.ball.get())) {
    c.exact = true;
    c.digits = opt.digits;
    if (opt.strings) c.value = c.lo = c.hi = "0";
    return c;
  }
  c.exact = arb_is_exact(c.ball.get());
  c.digits = static_cast<int>(std::floor((arb_rel_accuracy_bits(c.ball.get()) - 1) / kLog2_10));
  if (c.digits < opt.digits) c.digits = opt.digits;
  if (!opt.strings) return c;
  if (const std::string z = exact_integer_string(c.ball.get()); !z.empty()) {  // counts and other exact integers
    c.value = c.lo = c.hi = z;
    return c;
  }
  c.value = arb_mid_string(c.ball.get(), opt.digits);
  c.lo = arb_bound_string(c.ball.get(), false, opt.digits + 3);
  c.hi = arb_bound_string(c.ball.get(), true, opt.digits + 3);
  return c;
}
}  // namespace

BallFn ball_function(const std::string& id) {
  for (const auto& [rid, fn] : registry().functions)
    if (id == rid) return fn;
  throw UnknownId(id, "no reference implementation for this ID");
}

Certified evaluate(const Entry& e, const std::vector<Decimal>& params, const Options& opt) {
  std::size_t d = 0;  // per-coordinate parameters: the flat layout, d first
  if (e.vector_layout && !params.empty()) d = flat_dimension(e, params[0].approx);
  const std::size_t n = e.vector_layout ? e.flat_size(d) : e.params.size();
  if (params.size() != n || (e.vector_layout && params.empty()))
    throw ParamError(e.id, "(all)", "expected " + std::to_string(n) + " parameters");
  for (std::size_t k = 0; k < params.size(); ++k) {
    const std::size_t i = e.vector_layout ? e.param_of_flat(k, d) : k;
    try {
      check_param(e, i, params[k]);
    } catch (const DomainError& err) {  // name the coordinate: u_3
      if (!e.params[i].per_coordinate) throw;
      throw DomainError(e.id, err.param + "_" + std::to_string(k - e.flat_offset(i, d) + 1), err.value, err.range);
    }
  }
  return escalate(
      e,
      [&](arb_ptr x, std::size_t k, slong prec) {
        if (arb_set_str(x, params[k].text.c_str(), prec) != 0)
          throw ParamError(e.id, e.params[e.vector_layout ? e.param_of_flat(k, d) : k].name,
                           "'" + params[k].text + "' is not a number");
      },
      opt, nullptr, n);
}

Certified evaluate(const Entry& e, const double* params, const Options& opt) {
  check_params(e, params);
  const std::size_t n = e.vector_layout ? e.flat_size(flat_dimension(e, params[0])) : e.params.size();
  return escalate(e, [&](arb_ptr x, std::size_t i, slong) { arb_set_d(x, params[i]); }, opt, nullptr, n);
}

void reset_caches() { flint_cleanup(); }

Certified evaluate_with(const Entry& e, const ParamSetter& set, const Options& opt, BallFn fn) {
  return escalate(e, set, opt, fn);
}

}  // namespace privoco::reference
