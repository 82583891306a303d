#include "judge.hpp"
#include "parallel.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "privoco/assignments.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/reference/evaluate.hpp"

namespace privoco::oracle {

std::string Tolerance::text() const {
  return kind == Kind::ulps ? fmt::format("{:g} ulp of double", value) : fmt::format("relative error {:g}", value);
}

Tolerance Tolerance::from_options(double ulps, double rel) {
  Tolerance tol;
  if (ulps >= 0 && rel >= 0) throw ParamError("check", "--ulps/--rel", "give one tolerance, not both");
  if (rel >= 0) tol.kind = Kind::rel, tol.value = rel;
  else if (ulps >= 0) tol.value = ulps;
  return tol;
}

const char* to_string(Claim c) { return c == Claim::upper ? "upper" : c == Claim::lower ? "lower" : "equal"; }

bool claim_from(const std::string& text, Claim* out) {
  if (text == "equal") *out = Claim::equal;
  else if (text == "upper") *out = Claim::upper;
  else if (text == "lower") *out = Claim::lower;
  else return false;
  return true;
}

namespace {
Verdict invalid(Verdict v, std::size_t column, std::string reason) {
  v.verdict = "invalid";
  v.column = column;
  v.reason = std::move(reason);
  return v;
}
// A row of an entry with per-coordinate parameters: each such parameter is one field of comma-separated values
// (d may be given and must agree), read by the same rules as privoco eval's name=value lists (assignments.hpp).
Verdict judge_coordinates(Verdict v, const Entry& e, const Row& row, const Field& idf, const Tolerance& tol, int digits,
                          Inputs inputs) {
  std::vector<std::string> assignments;
  const Field* valf = nullptr;
  Tolerance row_tol = tol;
  std::size_t first_column = idf.column;
  for (const Field& f : row.fields) {
    if (f.name == "id") continue;
    if (f.name == "value") {
      valf = &f;
      continue;
    }
    if (f.name == "claim") {
      if (!f.text.empty() && !claim_from(f.text, &row_tol.claim))
        return invalid(v, f.column, "claim '" + f.text + "' (equal, upper, lower)");
      continue;
    }
    if (e.index_of(f.name) == static_cast<std::size_t>(-1)) {
      if (!f.text.empty()) return invalid(v, f.column, "'" + f.name + "' is not a parameter of " + v.id);
      continue;
    }
    if (f.text.empty()) continue;
    assignments.push_back(f.name + "=" + f.text);
    v.params += (v.params.empty() ? "" : ", ") + f.name + "=" + f.text;
    v.param_fields.emplace_back(f.name, f.text);
    first_column = std::min(first_column, f.column);
  }
  std::vector<Decimal> flat;
  try {
    flat = parse_assignments(e, assignments);
    if (inputs == Inputs::double_)
      for (const Decimal& x : flat)
        if (std::isinf(x.approx) || (x.approx == 0 && x.sign != 0))
          return invalid(v, first_column, "a parameter value is outside the double range (use --inputs exact)");
  } catch (const Error& err) {
    return invalid(v, first_column, err.what());
  }
  if (!valf || valf->text.empty()) return invalid(v, valf ? valf->column : idf.column, "no value");
  v.claimed = valf->text;
  return judge_claim(v, valf->column, row_tol, digits, [&](int dg) {
    reference::Options opt;
    opt.digits = dg;
    opt.strings = false;
    if (inputs == Inputs::exact) return reference::evaluate(e, flat, opt);
    std::vector<double> x(flat.size());
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = flat[i].approx;
    return reference::evaluate(e, x.data(), opt);
  });
}
}  // namespace

Verdict judge(const Row& row, const Tolerance& tol, int digits, Inputs inputs) {
  Verdict v;
  v.line = row.line;
  if (!row.error.empty()) return invalid(v, row.error_column, row.error);
  const Field* idf = row.find("id");
  if (!idf || idf->text.empty()) return invalid(v, idf ? idf->column : 1, "no id");
  v.id = idf->text;
  const Entry* e = nullptr;
  for (const Entry& x : catalogue())
    if (x.id == v.id) e = &x;
  if (!e) return invalid(v, idf->column, "unknown ID '" + v.id + "'");
  if (!e->has_reference || e->is_learner()) return invalid(v, idf->column, "no reference implementation for " + v.id);
  if (e->vector_layout) return judge_coordinates(v, *e, row, *idf, tol, digits, inputs);
  std::vector<Decimal> params(e->params.size());
  std::vector<bool> seen(e->params.size(), false);
  const Field* valf = nullptr;
  Tolerance row_tol = tol;
  for (const Field& f : row.fields) {
    if (f.name == "id") continue;
    if (f.name == "claim") {  // the row's own claim semantics
      if (!f.text.empty() && !claim_from(f.text, &row_tol.claim))
        return invalid(v, f.column, "claim '" + f.text + "' (equal, upper, lower)");
      continue;
    }
    if (f.name == "value") {
      valf = &f;
      continue;
    }
    const std::size_t i = e->index_of(f.name);
    if (i == static_cast<std::size_t>(-1)) {
      if (!f.text.empty()) return invalid(v, f.column, "'" + f.name + "' is not a parameter of " + v.id);
      continue;
    }
    if (f.text.empty()) continue;  // reported as missing below
    std::size_t pos = 0;
    std::string why;
    if (!parse_value(e->params[i], f.text, &params[i], &pos, &why))
      return invalid(v, f.column + pos, "parameter " + f.name + ": '" + f.text + "' is " +
                                            (e->params[i].choices.empty() ? "not a number (" + why + ")" : why));
    try {
      check_param(*e, i, params[i]);
      if (inputs == Inputs::double_) {
        const double x = params[i].approx;
        if (std::isinf(x) || (x == 0 && params[i].sign != 0))
          return invalid(v, f.column, "parameter " + f.name + " = " + f.text +
                                          " is outside the double range (use --inputs exact)");
        check_param(*e, i, x);
      }
    } catch (const DomainError& err) {
      return invalid(v, f.column, err.what());
    }
    seen[i] = true;
    v.params += (v.params.empty() ? "" : ", ") + f.name + "=" + f.text;
    v.param_fields.emplace_back(f.name, f.text);
  }
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (!seen[i]) return invalid(v, idf->column, "missing parameter " + e->params[i].name + " of " + v.id);
  if (!valf || valf->text.empty()) return invalid(v, valf ? valf->column : idf->column, "no value");
  v.claimed = valf->text;

  return judge_claim(v, valf->column, row_tol, digits, [&](int dg) {
    reference::Options opt;
    opt.digits = dg;
    opt.strings = false;
    if (inputs == Inputs::exact) return reference::evaluate(*e, params, opt);
    std::vector<double> x(params.size());
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = params[i].approx;
    return reference::evaluate(*e, x.data(), opt);
  });
}

Verdict judge_claim(Verdict v, std::size_t claimed_column, const Tolerance& tol, int digits,
                    const std::function<reference::Certified(int digits)>& eval) {
  int dg = digits;
  for (int attempt = 0;; ++attempt) {
    reference::Certified c;
    try {
      c = eval(dg);
    } catch (const Error& err) {
      return invalid(v, claimed_column, std::string("reference: ") + err.what());
    }
    reference::ClaimError ce = reference::claim_error(c, v.claimed);
    if (!ce.parsed) {
      Decimal d;
      std::size_t pos = 0;
      std::string why;
      parse_decimal(v.claimed, &d, &pos, &why);
      return invalid(v, claimed_column + pos, "value '" + v.claimed + "' is not a number (" + why + ")");
    }
    if (tol.claim != Claim::equal) {  // a bound: certified comparison of the claimed decimal with the enclosure
      v.claim = tol.claim;
      const int sgn = tol.claim == Claim::upper ? 1 : -1;  // sound iff sgn (claimed - true) >= 0
      int cmp = 0;  // +1 certainly sound, -1 certainly unsound, 0 undecided
      if (ce.claimed_nan) cmp = -1;
      else if (ce.claimed_inf) cmp = (v.claimed.find('-') == std::string::npos ? 1 : -1) * sgn;
      else {
        reference::Ball cl, diff;
        arb_set_str(cl.get(), v.claimed.c_str(), std::max<slong>(c.prec_bits, 64) + 64);
        arb_sub(diff.get(), cl.get(), c.ball.get(), std::max<slong>(c.prec_bits, 64) + 64);
        if (sgn > 0 ? arb_is_nonnegative(diff.get()) : arb_is_nonpositive(diff.get())) cmp = 1;
        else if (sgn > 0 ? arb_is_negative(diff.get()) : arb_is_positive(diff.get())) cmp = -1;
      }
      if (cmp == 0 && attempt < 3) {
        dg *= 2;
        continue;
      }
      v.digits = c.digits;
      v.rel_err = ce.rel_hi;
      v.ulps = ce.ulp_hi;
      const double t = c.nearest();
      v.slack = (ce.claimed_nan || ce.claimed_inf || t == 0) ? NAN : std::strtod(v.claimed.c_str(), nullptr) / t;
      v.verdict = cmp > 0 ? "sound" : "UNSOUND";
      v.certified = reference::arb_mid_string(c.ball.get(), std::max(17, std::min(c.digits, 40)));
      if (cmp <= 0) {
        v.reason = ce.claimed_nan ? "nan is not a bound"
                   : cmp < 0    ? (sgn > 0 ? "below the true value" : "above the true value")
                                : "not decided at " + std::to_string(c.digits) + " digits";
      }
      return v;
    }
    const double lo = tol.kind == Tolerance::Kind::ulps ? ce.ulp_lo : ce.rel_lo;
    const double hi = tol.kind == Tolerance::Kind::ulps ? ce.ulp_hi : ce.rel_hi;
    const bool decided = hi <= tol.value || lo > tol.value;
    if (!decided && attempt < 3) {  // the enclosure straddles the tolerance: more digits
      dg *= 2;
      continue;
    }
    v.rel_err = ce.rel_hi;
    v.ulps = ce.ulp_hi;
    v.wrong_sign = ce.wrong_sign;
    v.digits = c.digits;
    v.verdict = hi <= tol.value && !ce.claimed_nan ? "pass" : "fail";
    v.certified = reference::arb_mid_string(c.ball.get(), std::max(17, std::min(c.digits, 40)));
    if (v.verdict == "fail") {
      using D = Verdict::Defect;
      v.defect = ce.claimed_nan ? D::nan : ce.claimed_inf ? D::inf : ce.wrong_sign ? D::wrong_sign
                 : ce.claimed_zero ? D::zero : D::none;
      if (ce.claimed_nan) v.reason = "nan";
      else if (ce.claimed_inf) v.reason = ce.wrong_sign ? "infinite with the wrong sign" : "infinite, true value is finite";
      else if (ce.wrong_sign) v.reason = "wrong sign";
      else if (ce.claimed_zero) v.reason = "zero claimed, the true value is not zero";
      else if (!decided) v.reason = "within rounding of the tolerance at " + std::to_string(c.digits) + " digits";
      else v.reason = "outside tolerance";
    }
    return v;
  }
}

void tally(CheckSummary* s, const Verdict& v) {
  ++s->rows;
  if (v.verdict == "pass" || v.verdict == "sound") ++s->passed;
  else if (v.verdict == "fail" || v.verdict == "UNSOUND") ++s->failed;
  else ++s->invalid;
  if (replaces_worst(v.verdict, v.ulps, s->has_worst ? &s->worst.verdict : nullptr, s->worst.ulps))
    s->worst = v, s->has_worst = true;
}

bool replaces_worst(const std::string& verdict, double ulps, const std::string* worst_verdict, double worst_ulps) {
  const bool failing = verdict == "fail" || verdict == "UNSOUND";
  if (!worst_verdict) return failing || verdict == "invalid";
  return failing && (*worst_verdict == "invalid" || ulps > worst_ulps);
}

CheckSummary check_stream(RowReader& reader, const Tolerance& tol, int digits, Inputs inputs,
                          const std::function<void(const Verdict&, const std::string& text)>& on_row,
                          unsigned threads, const RenderRow& render,
                          const std::function<bool(std::size_t run)>& take_run) {
  CheckSummary s;
  auto taken = [&](std::size_t k) { return !take_run || take_run(k / kPointsPerRun); };
  if (threads <= 1) {
    Row row;
    std::string text;
    for (std::size_t k = 0, line = 0; reader.next_text(&text, &line); ++k) {
      ++s.read;
      if (!taken(k)) continue;
      reader.parse(text, line, &row);
      if (k % kPointsPerRun == 0) reference::reset_caches();
      Verdict v = judge(row, tol, digits, inputs);
      tally(&s, v);
      on_row(v, render ? render(v) : std::string());
    }
    return s;
  }
  // A ring of runs (kPointsPerRun rows each): this thread reads each run's text in order and later reports its
  // verdicts in order; workers (and this thread, while it waits) take the runs as they are read, and parse, judge and
  // render them, each run from empty caches. No barrier between runs: a worker is never idle while a read run waits, and memory is bounded
  // by the ring.
  struct Run {
    std::vector<std::string> lines, texts;
    std::vector<std::size_t> line_no;
    std::vector<Row> rows;
    std::vector<Verdict> verdicts;
    std::size_t m = 0;  // rows in the run (fewer in the file's last run)
    bool done = false;
    std::exception_ptr error;
  };
  const std::size_t slots = 8 * threads;
  std::vector<Run> ring(slots);
  for (Run& r : ring)
    r.lines.resize(kPointsPerRun), r.texts.resize(kPointsPerRun), r.line_no.resize(kPointsPerRun),
        r.rows.resize(kPointsPerRun), r.verdicts.resize(kPointsPerRun);
  std::mutex mu;
  std::condition_variable work_ready, run_done;
  std::size_t published = 0, taken_runs = 0;  // runs read and handed out; runs taken by workers
  bool closing = false;
  auto process = [&](std::size_t k) {  // parse, judge and render run k
    Run& r = ring[k % slots];
    try {
      reference::reset_caches();
      for (std::size_t i = 0; i < r.m; ++i) {
        reader.parse(r.lines[i], r.line_no[i], &r.rows[i]);
        r.verdicts[i] = judge(r.rows[i], tol, digits, inputs);
        if (render) r.texts[i] = render(r.verdicts[i]);
      }
    } catch (...) {
      r.error = std::current_exception();
    }
    {
      std::lock_guard<std::mutex> lock(mu);
      r.done = true;
    }
    run_done.notify_all();
  };
  auto worker = [&] {
    for (;;) {
      std::size_t k;
      {
        std::unique_lock<std::mutex> lock(mu);
        work_ready.wait(lock, [&] { return closing || taken_runs < published; });
        if (taken_runs == published) return;
        k = taken_runs++;
      }
      process(k);
    }
  };
  // threads - 1 workers: this thread judges runs too while it waits for the oldest one, so that exactly `threads`
  // threads are busy (a third runnable thread on two cores cost CPU time in preemptions and cold caches)
  std::vector<std::thread> workers;
  for (unsigned t = 0; t + 1 < threads; ++t) workers.emplace_back(worker);
  auto stop = [&] {
    {
      std::lock_guard<std::mutex> lock(mu);
      closing = true;
    }
    work_ready.notify_all();
    for (auto& w : workers) w.join();
  };
  try {
    bool more = true;
    std::size_t next_row = 0, reported = 0;
    std::string skip;
    std::size_t skip_line = 0;
    for (;;) {
      while (more && published - reported < slots) {  // read runs into free slots
        Run& r = ring[published % slots];
        if (!taken(next_row)) {  // another shard's run: read past
          for (std::size_t i = 0; i < kPointsPerRun && (more = reader.next_text(&skip, &skip_line)); ++i)
            ++next_row, ++s.read;
          continue;
        }
        r.m = 0, r.done = false, r.error = nullptr;
        while (r.m < kPointsPerRun && (more = reader.next_text(&r.lines[r.m], &r.line_no[r.m]))) ++r.m, ++next_row, ++s.read;
        if (r.m == 0) break;
        {
          std::lock_guard<std::mutex> lock(mu);
          ++published;
        }
        work_ready.notify_one();
      }
      if (reported == published) break;
      Run& r = ring[reported % slots];
      for (;;) {  // until the oldest run is done: judge a run nobody has taken, else wait
        std::unique_lock<std::mutex> lock(mu);
        if (r.done) break;
        if (taken_runs < published) {
          const std::size_t k = taken_runs++;
          lock.unlock();
          process(k);
          continue;
        }
        run_done.wait(lock, [&] { return r.done || taken_runs < published; });
      }
      if (r.error) std::rethrow_exception(r.error);
      for (std::size_t i = 0; i < r.m; ++i) {
        tally(&s, r.verdicts[i]);
        on_row(r.verdicts[i], r.texts[i]);
      }
      ++reported;
    }
  } catch (...) {
    stop();
    throw;
  }
  stop();
  return s;
}

}  // namespace privoco::oracle
