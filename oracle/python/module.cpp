// The Python module's native part (_privoco): the catalogue, the fast part over numpy arrays (the GIL released
// during the batch), certified evaluation at exact decimals, and privoco's errors as Python exceptions. The
// package privoco/ (beside this file) is the public face: broadcasting and exact conversion of Python numbers.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <unordered_map>
#include <utility>
#include <string>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/assignments.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/fast/simd.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/evaluate.hpp"
#include "privoco/fast/jkt/learners.hpp"
#include "privoco/fast/jkt/qftl.hpp"
#include "privoco/fast/jkt/private_sum.hpp"
#include "privoco/fast/mip/ogd.hpp"
#include "privoco/fast/banco/learner.hpp"
#include "privoco/fast/vdh/learners.hpp"
#include "commands.hpp"
#include "judge.hpp"
#include "output.hpp"
#include "parallel.hpp"
#include "rows.hpp"

namespace py = pybind11;

namespace {

py::list catalogue_list() {
  py::list out;
  for (const privoco::Entry& e : privoco::catalogue()) {
    py::list ps;
    for (const auto& p : e.params)
      ps.append(py::dict(py::arg("name") = p.name, py::arg("domain") = p.domain_text(), py::arg("meaning") = p.meaning,
                         py::arg("per_coordinate") = p.per_coordinate, py::arg("choices") = p.choices));
    out.append(py::dict(py::arg("id") = e.id, py::arg("kind") = e.kind, py::arg("citation") = e.citation,
                        py::arg("summary") = e.summary, py::arg("parameters") = ps,
                        py::arg("reference") = e.has_reference, py::arg("fast") = e.has_fast,
                        py::arg("proof") = e.has_proof));
  }
  return out;
}

const privoco::Entry& function_entry(const std::string& id, bool fast) {
  const privoco::Entry& e = privoco::entry(id);
  if (e.is_learner()) throw privoco::UnknownId(e.id, "an algorithm, not a function");
  if (fast && (!e.has_fast || !privoco::fast::implements(e.id)))
    throw privoco::UnknownId(e.id, "no fast implementation for this ID");
  if (!fast && !e.has_reference) throw privoco::UnknownId(e.id, "no reference implementation for this ID");
  return e;
}

// Result memory is recycled: a freed result's block goes to a small pool and the next call of about the same size
// takes it back. Fresh pages cost a page fault on first touch (on this kind of VM 8 MB take 8-30 ms, as long as the
// batch itself), and whether malloc hands back the previous block depends on what else the process holds.
class BlockPool {
 public:
  void* take(std::size_t bytes) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      for (auto it = free_.begin(); it != free_.end(); ++it)
        if (it->second >= bytes && it->second <= 2 * bytes) {
          void* p = it->first;
          held_ -= it->second;
          free_.erase(it);
          sizes_[p] = it->second;
          return p;
        }
    }
    void* p = std::malloc(std::max<std::size_t>(bytes, 1));
    if (!p) throw std::bad_alloc();
    std::lock_guard<std::mutex> lock(mu_);
    sizes_[p] = bytes;
    return p;
  }
  void give_back(void* p) {
    std::lock_guard<std::mutex> lock(mu_);
    const auto it = sizes_.find(p);
    const std::size_t bytes = it == sizes_.end() ? 0 : it->second;
    if (it != sizes_.end()) sizes_.erase(it);
    if (bytes >= kMinBytes && held_ + bytes <= kMaxHeld && free_.size() < kMaxBlocks) {
      free_.emplace_back(p, bytes);
      held_ += bytes;
      return;
    }
    std::free(p);
  }

 private:
  static constexpr std::size_t kMinBytes = 1 << 20;   // smaller blocks: malloc's own free lists do well
  static constexpr std::size_t kMaxHeld = 256 << 20;  // what the pool may keep after results are gone
  static constexpr std::size_t kMaxBlocks = 8;
  std::mutex mu_;
  std::vector<std::pair<void*, std::size_t>> free_;
  std::unordered_map<void*, std::size_t> sizes_;
  std::size_t held_ = 0;
};

BlockPool& pool() {
  static BlockPool* p = new BlockPool;  // never destroyed: arrays may outlive the module's statics at exit
  return *p;
}

// A 1-d array of n elements in recycled memory, owned by the array.
template <class T>
py::array_t<T> owned_array(py::ssize_t n) {
  void* p = pool().take(sizeof(T) * static_cast<std::size_t>(n));
  py::capsule owner(p, [](void* q) { pool().give_back(q); });
  return py::array_t<T>({n}, {static_cast<py::ssize_t>(sizeof(T))}, static_cast<T*>(p), owner);
}

// Whether every x[k] lies in d: the ends' kinds hoisted and no branch per element, so the loop vectorises.
bool all_inside(const privoco::Domain& d, const double* x, py::ssize_t m) {
  bool ok = true;
  const double lo = d.lo, hi = d.hi;
  if (d.lo_closed && d.hi_closed)
    for (py::ssize_t k = 0; k < m; ++k) ok &= (x[k] >= lo) & (x[k] <= hi);
  else if (d.lo_closed)
    for (py::ssize_t k = 0; k < m; ++k) ok &= (x[k] >= lo) & (x[k] < hi);
  else if (d.hi_closed)
    for (py::ssize_t k = 0; k < m; ++k) ok &= (x[k] > lo) & (x[k] <= hi);
  else
    for (py::ssize_t k = 0; k < m; ++k) ok &= (x[k] > lo) & (x[k] < hi);
  return ok;
}

// cols: one C-contiguous float64 array per parameter, all of the same length n (broadcast by the caller).
// Returns value and status per element, and for the elements whose status is not ok (rare: results beyond the
// double range) their index, ln|value| and sign; the package forms log_abs and sign of the rest from the value.
py::tuple fast_eval(const std::string& id, const std::vector<py::array_t<double, py::array::c_style>>& cols) {
  const privoco::Entry& e = function_entry(id, true);
  // per-coordinate parameters: the flat layout (d first, the same d at every point; the package builds it)
  const std::size_t d = e.vector_layout && !cols.empty() && cols[0].size() > 0
                            ? privoco::flat_dimension(e, cols[0].data()[0]) : 0;
  const std::size_t width = e.vector_layout ? e.flat_size(d) : e.params.size();
  if (cols.size() != width)
    throw privoco::ParamError(e.id, "parameters", std::to_string(cols.size()) + " columns given, " +
                                                      std::to_string(width) + " expected");
  const py::ssize_t n = cols.empty() ? 0 : cols[0].size();
  std::vector<const double*> src;
  for (const auto& c : cols) src.push_back(c.data());
  if (e.vector_layout) {  // every point checked as the CLI checks it (coordinates named u_3), with the GIL held
    std::vector<double> x(width);
    for (py::ssize_t k = 0; k < n; ++k) {
      for (std::size_t i = 0; i < width; ++i) x[i] = src[i][k];
      if (x[0] != static_cast<double>(d))
        throw privoco::ParamError(e.id, "d", "the same dimension at every point (" + std::to_string(d) + ")");
      privoco::check_flat_params(e, x.data());
    }
  }
  py::array_t<double> value = owned_array<double>(n);
  py::array_t<signed char> status = owned_array<signed char>(n);
  double* pv = value.mutable_data();
  signed char* ps = status.mutable_data();
  std::vector<std::int64_t> exc_index;
  std::vector<double> exc_log;
  std::vector<signed char> exc_sign;
  const privoco::fast::Fn fn = privoco::fast::function(e);
  const privoco::fast::BatchFn bfn = privoco::fast::batch(e);
  // the first point outside its parameter's domain, found block by block (while the block is in cache) without the
  // GIL; the error is raised after the batch, naming the parameter and its value
  std::size_t bad_param = 0;
  py::ssize_t bad_at = -1;
  {
    py::gil_scoped_release release;
    auto put = [&](py::ssize_t k, const privoco::fast::Value& v) {
      pv[k] = v.value, ps[k] = static_cast<signed char>(v.status);
      if (v.status != privoco::fast::Status::ok || std::isnan(v.value)) {  // NaN: a defect, reported as the CLI does
        exc_index.push_back(k), exc_log.push_back(v.log_abs());
        exc_sign.push_back(static_cast<signed char>(v.sign));
      }
    };
    constexpr py::ssize_t kBlock = 4096;
    std::vector<privoco::fast::Value> out(bfn ? kBlock : 0);
    std::vector<const double*> block(src.size());
    std::vector<double> x(width);
    for (py::ssize_t k0 = 0; k0 < n && bad_at < 0; k0 += kBlock) {
      const py::ssize_t m = std::min(kBlock, n - k0);
      for (std::size_t i = 0; i < src.size() && bad_at < 0 && !e.vector_layout; ++i)
        if (!all_inside(e.params[i].domain, src[i] + k0, m))
          for (py::ssize_t k = k0; k < k0 + m; ++k)
            if (!e.params[i].domain.contains(src[i][k])) {
              bad_param = i, bad_at = k;
              break;
            }
      if (bad_at >= 0) break;
      if (bfn) {  // the vectorised kernel (same bits as point by point)
        for (std::size_t i = 0; i < src.size(); ++i) block[i] = src[i] + k0;
        bfn(block.data(), out.data(), static_cast<std::size_t>(m));
        for (py::ssize_t k = 0; k < m; ++k) put(k0 + k, out[static_cast<std::size_t>(k)]);
      } else {
        for (py::ssize_t k = k0; k < k0 + m; ++k) {
          for (std::size_t i = 0; i < x.size(); ++i) x[i] = src[i][k];
          put(k, fn(x.data()));
        }
      }
    }
  }
  if (bad_at >= 0)
    throw privoco::DomainError(e.id, e.params[bad_param].name, privoco::text17(src[bad_param][bad_at]),
                               e.params[bad_param].domain_text());
  return py::make_tuple(value, status, py::array_t<std::int64_t>(exc_index.size(), exc_index.data()),
                        py::array_t<double>(exc_log.size(), exc_log.data()),
                        py::array_t<signed char>(exc_sign.size(), exc_sign.data()));
}

// ln|x| per element with the C library's log, as privoco::fast::Value::log_abs (numpy's own log differs in the
// last bit on some inputs, and the module gives the CLI's bits).
py::array_t<double> log_abs(const py::array_t<double, py::array::c_style>& x) {
  const py::ssize_t n = x.size();
  py::array_t<double> out = owned_array<double>(n);
  const double* px = x.data();
  double* po = out.mutable_data();
  {
    py::gil_scoped_release release;
    for (py::ssize_t k = 0; k < n; ++k) po[k] = std::log(std::fabs(px[k]));
  }
  return out;
}

// Benchmark hook: seconds for one pass of the ID's C++ batch kernel over the columns into a buffer allocated
// beforehand (what privoco_bench times), so a script compares the module with the kernel in one process on the
// same arrays. No domain check: the caller passes points privoco.fast.eval accepted.
double time_batch(const std::string& id, const std::vector<py::array_t<double, py::array::c_style>>& cols) {
  const privoco::Entry& e = function_entry(id, true);
  const privoco::fast::BatchFn bfn = privoco::fast::batch(e);
  if (!bfn) throw privoco::UnknownId(e.id, "no batch kernel for this ID");
  if (cols.size() != e.params.size()) throw privoco::ParamError(e.id, "parameters", "wrong count");
  const std::size_t n = cols.empty() ? 0 : static_cast<std::size_t>(cols[0].size());
  std::vector<const double*> src;
  for (const auto& c : cols) src.push_back(c.data());
  std::vector<privoco::fast::Value> out(n);
  py::gil_scoped_release release;
  const auto t0 = std::chrono::steady_clock::now();
  bfn(src.data(), out.data(), n);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// A double as its exact decimal expansion (glibc prints every digit), trailing zeros removed: another program's
// double is judged as the number it is, not as a 17-digit neighbour.
std::string exact_text(double x) {
  if (!std::isfinite(x)) return std::isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf");
  if (x == 0) return std::signbit(x) ? "-0" : "0";
  // x = m 2^e with m odd: m 5^-e / 10^-e for e < 0, so about log10(m) + (-e) log10(5) significant digits; asking
  // glibc for just those (and a few more, trimmed below) keeps the call short (1100 digits cost 6.5 us)
  // (an integer M < 2^53 times 2^-shift; for shift <= 0 an integer of about e2 log10(2) digits)
  int e2 = 0;
  std::frexp(x, &e2);        // |x| in [2^(e2-1), 2^e2)
  const int shift = 53 - e2;  // |x| = M 2^-shift with M < 2^53 an integer
  const int digits = shift > 0 ? static_cast<int>(16 + shift * 0.69897000433601880) + 2
                               : static_cast<int>(e2 * 0.30102999566398120) + 2;
  char buf[1200];
  std::snprintf(buf, sizeof buf, "%.*e", std::min(digits, 1100), x);
  std::string s(buf);
  const std::size_t e = s.find('e');
  std::string mant = s.substr(0, e), ex = s.substr(e);
  while (mant.size() > 1 && mant.back() == '0') mant.pop_back();
  if (mant.back() == '.') mant.pop_back();
  return mant + ex;
}

// One column of check's input: float64 values (formatted exactly when needed) or texts (decimal strings as given).
struct Column {
  std::string name;
  py::array keep;  // the float64 array `numbers` points into
  const double* numbers = nullptr;
  std::vector<std::string> texts;
  bool rounded = false;  // the judge rounds this column to the nearest double: 17 digits are exact enough
  std::string text(std::size_t k) const {
    return numbers ? (rounded ? privoco::text17(numbers[k]) : exact_text(numbers[k])) : texts[k];
  }
};

// What check_arrays keeps of a verdict (a whole Verdict per row held 1 KB: 10^6 rows swapped).
struct Judged {
  double ulps = 0, rel_err = 0, slack = 0;
  int digits = 0;
  bool wrong_sign = false;
  std::string verdict, certified, reason;
};

Column column(const std::string& name, const py::array& a, py::ssize_t n) {
  Column c;
  c.name = name;
  if (a.ndim() != 1 || a.shape(0) != n) throw privoco::ParamError("check", name, "an array of the rows' length");
  if (a.dtype().kind() == 'f') {
    auto f = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(a);
    if (!f) throw privoco::ParamError("check", name, "not a float64 array");
    c.numbers = f.data();
    c.keep = f;
  } else {
    for (py::ssize_t k = 0; k < n; ++k) c.texts.push_back(py::str(a[py::int_(k)]));
  }
  return c;
}

// privoco check on arrays: the rows are (id, the parameters, value[, claim]) as a file's rows would be, judged by
// the CLI's judge in the same runs (so the same bits as `privoco check` of those rows in that order), the GIL
// released while judging.
py::dict check_arrays(const std::string& id, const std::vector<std::string>& names, const std::vector<py::array>& params,
                      const py::array& values, const py::object& claims, const std::string& tol_kind, double tol,
                      const std::string& claim, const std::string& inputs, int digits, unsigned threads) {
  namespace o = privoco::oracle;
  const privoco::Entry& e = function_entry(id, false);
  const py::ssize_t n = values.ndim() == 1 ? values.shape(0) : -1;
  if (n < 0) throw privoco::ParamError(e.id, "value", "a 1-d array");
  std::vector<Column> cols;
  for (std::size_t i = 0; i < params.size(); ++i) cols.push_back(column(names[i], params[i], n));
  for (auto& c : cols) c.rounded = inputs == "double";  // parameters only: the value is judged as it is
  cols.push_back(column("value", values, n));
  if (!claims.is_none()) cols.push_back(column("claim", claims.cast<py::array>(), n));
  o::Tolerance t = o::Tolerance::from_options(tol_kind == "ulps" ? tol : -1, tol_kind == "rel" ? tol : -1);
  if (!o::claim_from(claim, &t.claim)) throw privoco::ParamError("check", "claim", "'" + claim + "' (equal, upper, lower)");
  if (inputs != "double" && inputs != "exact") throw privoco::ParamError("check", "inputs", "'" + inputs + "' (double, exact)");
  const o::Inputs in = inputs == "exact" ? o::Inputs::exact : o::Inputs::double_;
  std::vector<Judged> v(static_cast<std::size_t>(n));
  o::CheckSummary s;
  {
    py::gil_scoped_release release;
    o::for_each_in_runs(v.size(), o::resolve_threads(threads), [&](std::size_t k) {
      o::Row row;
      row.line = k + 1;
      row.fields.push_back({"id", e.id, 1});
      for (const Column& c : cols) row.fields.push_back({c.name, c.text(k), 1});
      o::Verdict x = o::judge(row, t, digits, in);
      v[k] = {x.ulps, x.rel_err, x.slack, x.digits, x.wrong_sign, std::move(x.verdict), std::move(x.certified),
              std::move(x.reason)};
    });
    for (std::size_t k = 0; k < v.size(); ++k) {  // tally()'s counts and worst row, on what was kept
      o::Verdict x;
      x.line = k + 1, x.verdict = v[k].verdict, x.ulps = v[k].ulps;
      o::tally(&s, x);
    }
  }
  py::array_t<double> ulps(n), rel(n), slack(n);
  py::array_t<int> dg(n);
  py::array_t<bool> wrong(n);
  py::list verdict, certified, reason;
  for (py::ssize_t k = 0; k < n; ++k) {
    const Judged& x = v[static_cast<std::size_t>(k)];
    ulps.mutable_at(k) = x.ulps, rel.mutable_at(k) = x.rel_err, slack.mutable_at(k) = x.slack;
    dg.mutable_at(k) = x.digits, wrong.mutable_at(k) = x.wrong_sign;
    verdict.append(x.verdict), certified.append(x.certified), reason.append(x.reason);
  }
  py::dict summary(py::arg("rows") = s.rows, py::arg("passed") = s.passed, py::arg("failed") = s.failed,
                   py::arg("invalid") = s.invalid, py::arg("tolerance") = t.text(),
                   py::arg("claim") = o::to_string(t.claim), py::arg("inputs") = inputs);
  if (s.has_worst) summary["worst"] = s.worst.line - 1;  // the index of the worst row
  return py::dict(py::arg("verdict") = verdict, py::arg("ulps") = ulps, py::arg("rel_err") = rel,
                  py::arg("digits") = dg, py::arg("wrong_sign") = wrong, py::arg("certified") = certified,
                  py::arg("reason") = reason, py::arg("slack") = slack, py::arg("summary") = summary);
}

// texts: name=value assignments as on the CLI's command line (a per-coordinate parameter's values comma-separated).
py::dict reference_eval(const std::string& id, const std::vector<std::string>& texts, int digits, long max_prec,
                        double max_seconds) {
  const privoco::Entry& e = function_entry(id, false);
  const std::vector<privoco::Decimal> dec = privoco::parse_assignments(e, texts);
  privoco::reference::Options opt;
  opt.digits = digits, opt.max_prec = max_prec, opt.max_seconds = max_seconds;
  privoco::reference::Certified c;
  {
    py::gil_scoped_release release;
    c = privoco::reference::evaluate(e, dec, opt);
  }
  return py::dict(py::arg("value") = c.value, py::arg("lo") = c.lo, py::arg("hi") = c.hi, py::arg("digits") = c.digits,
                  py::arg("exact") = c.exact, py::arg("prec_bits") = c.prec_bits, py::arg("nearest") = c.nearest());
}

// prove: the claim's record as the CLI's JSON text (the package parses it), the GIL released while it runs.
std::string prove_text(const std::string& id, const std::vector<std::string>& constants, std::uint64_t seed,
                       bool thresholds) {
  nlohmann::ordered_json j;
  {
    py::gil_scoped_release release;
    j = privoco::oracle::prove_one(id, constants, seed, thresholds);
  }
  return privoco::oracle::json_text(j);
}

std::string prove_all_text(unsigned threads) {
  nlohmann::ordered_json j;
  {
    py::gil_scoped_release release;
    j = privoco::oracle::prove_all(false, privoco::oracle::resolve_threads(threads));
  }
  return privoco::oracle::json_text(j);
}

namespace vdh = privoco::fast::vdh;

py::tuple value_tuple(const privoco::fast::Value& v) {
  return py::make_tuple(v.value, static_cast<int>(v.status), v.log_abs(), v.sign);
}

py::tuple alg1_state(const vdh::Alg1State& s) { return py::make_tuple(s.L_hi, s.L_lo, s.V_hi, s.V_lo, s.t); }
vdh::Alg1State alg1_state_from(const py::tuple& t) {
  if (t.size() != 5) throw privoco::ParamError("VDH.alg.alg1", "state", "5 fields (L_hi, L_lo, V_hi, V_lo, t)");
  vdh::Alg1State s;
  s.L_hi = t[0].cast<double>(), s.L_lo = t[1].cast<double>(), s.V_hi = t[2].cast<double>();
  s.V_lo = t[3].cast<double>(), s.t = t[4].cast<std::uint64_t>();
  return s;
}

Eigen::VectorXd vector_of(const py::array_t<double, py::array::c_style | py::array::forcecast>& a) {
  if (a.ndim() != 1) throw privoco::ParamError("VDH.alg", "g", "a 1-d array");
  return Eigen::Map<const Eigen::VectorXd>(a.data(), a.shape(0));
}

}  // namespace

PYBIND11_MODULE(_privoco, m) {
  m.doc() = "privoco's native part; use the package privoco";
  py::object value_error = py::module_::import("builtins").attr("ValueError");
  static py::exception<privoco::Error> error(m, "Error", value_error.ptr());
  static py::exception<privoco::UnknownId> unknown(m, "UnknownId", error.ptr());
  static py::exception<privoco::ParamError> param(m, "ParamError", error.ptr());
  static py::exception<privoco::DomainError> domain(m, "DomainError", error.ptr());
  static py::exception<privoco::PrecisionCeiling> ceiling(m, "PrecisionCeiling", error.ptr());
  static py::exception<privoco::OutOfReach> reach(m, "OutOfReach", error.ptr());
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const privoco::UnknownId& x) {
      unknown(x.what());
    } catch (const privoco::ParamError& x) {
      param(x.what());
    } catch (const privoco::DomainError& x) {
      domain(x.what());
    } catch (const privoco::PrecisionCeiling& x) {
      ceiling(x.what());
    } catch (const privoco::OutOfReach& x) {
      reach(x.what());
    } catch (const privoco::Error& x) {
      error(x.what());
    }
  });
  // the vectorised kernels' variant (privoco/fast/simd.hpp): PRIVOCO_SIMD at import (a bad value fails the import
  // with the CLI's message), then privoco.fast.use_kernel_variant
  privoco::fast::use_kernel_variant_from_env();
  m.def("kernel_variants", &privoco::fast::kernel_variants);
  m.def("kernel_variant", [] { return std::string(privoco::fast::kernel_variant()); });
  m.def("use_kernel_variant", &privoco::fast::use_kernel_variant);
  m.def("catalogue", &catalogue_list);
  m.def("fast_eval", &fast_eval);
  m.def("reference_eval", &reference_eval);
  m.def("log_abs", &log_abs);
  m.def("check", &check_arrays);
  m.def("_exact_text", &exact_text);
  m.def("prove", &prove_text);
  m.def("prove_all", &prove_all_text);

  // VDH's learners in double (privoco/fast/vdh/learners.hpp); the package wraps them (privoco.learners)
  py::class_<vdh::Alg1>(m, "Alg1")
      .def(py::init([](const std::string& prior, double b, double G) {
        return vdh::Alg1({vdh::parse_prior(prior), b, G});
      }))
      .def("predict", [](const vdh::Alg1& a) { return value_tuple(a.predict()); })
      .def("update", &vdh::Alg1::update)
      .def("state", [](const vdh::Alg1& a) { return alg1_state(a.state()); })
      .def("restore", [](vdh::Alg1& a, const py::tuple& t) { a.restore(alg1_state_from(t)); });
  py::class_<vdh::Alg2>(m, "Alg2")
      .def(py::init([](Eigen::Index d, const std::string& prior, double b, double G) {
        if (d < 1) throw privoco::DomainError("VDH.alg.alg2", "d", std::to_string(d), "[1, inf)");
        return vdh::Alg2(d, {vdh::parse_prior(prior), b, G});
      }))
      .def("predict", [](const vdh::Alg2& a) {
        Eigen::VectorXd w(a.direction().z().size());
        const privoco::fast::Value v = a.predict(w);
        return py::make_tuple(py::array_t<double>(w.size(), w.data()), value_tuple(v));
      })
      .def("update", [](vdh::Alg2& a, const py::array_t<double, py::array::c_style | py::array::forcecast>& g) {
        a.update(vector_of(g));
      })
      .def("state", [](const vdh::Alg2& a) {
        const Eigen::VectorXd& z = a.direction().z();
        return py::make_tuple(alg1_state(a.scalar().state()), py::array_t<double>(z.size(), z.data()),
                              a.direction().sum_sq());
      })
      .def("restore", [](vdh::Alg2& a, const py::tuple& s, const py::array_t<double, py::array::c_style | py::array::forcecast>& z,
                         double sum_sq) { a.restore(alg1_state_from(s), vector_of(z), sum_sq); });
  py::class_<vdh::Alg3>(m, "Alg3")
      .def(py::init([](const py::array_t<double, py::array::c_style | py::array::forcecast>& b, double G,
                       const std::string& prior) { return vdh::Alg3(vector_of(b), G, vdh::parse_prior(prior)); }))
      .def("predict", [](const vdh::Alg3& a) {
        Eigen::VectorXd w(a.dim());
        const int outside = a.predict(w);
        return py::make_tuple(py::array_t<double>(w.size(), w.data()), outside);
      })
      .def("update", [](vdh::Alg3& a, const py::array_t<double, py::array::c_style | py::array::forcecast>& g) {
        a.update(vector_of(g));
      })
      .def("state", [](const vdh::Alg3& a) {
        py::list out;
        for (const auto& s : a.state()) out.append(alg1_state(s));
        return out;
      })
      .def("restore", [](vdh::Alg3& a, const py::list& l) {
        std::vector<vdh::Alg1State> s;
        for (const auto& t : l) s.push_back(alg1_state_from(t.cast<py::tuple>()));
        a.restore(s);
      });
  // JKT Alg 5 as a stream (privoco/fast/jkt/private_sum.hpp)
  py::class_<privoco::fast::jkt::PrivateSum>(m, "PrivateSum")
      .def(py::init<int, std::uint64_t, double, std::uint64_t, std::uint64_t>())
      .def("add", [](privoco::fast::jkt::PrivateSum& p,
                     const py::array_t<double, py::array::c_style | py::array::forcecast>& w) {
        const py::ssize_t d = w.size();
        py::array_t<double> out(d), exact(d);
        p.add(w.data(), out.mutable_data(), exact.mutable_data());
        return py::make_tuple(out, exact);
      })
      .def("t", &privoco::fast::jkt::PrivateSum::t)
      .def("state", [](const privoco::fast::jkt::PrivateSum& p) {
        const auto& s = p.state();
        return py::make_tuple(s.t, s.a, s.ahat);
      })
      .def("restore", [](privoco::fast::jkt::PrivateSum& p, std::uint64_t t, const std::vector<double>& a,
                         const std::vector<double>& ahat) {
        privoco::fast::jkt::PrivateSumState s;
        s.t = t, s.a = a, s.ahat = ahat;
        p.restore(s);
      });
  // JKT Alg 2 and Alg 3 as streams (privoco/fast/jkt/learners.hpp): the configuration's readings as their indices;
  // update() refuses, as privoco run does, an f_t beyond the bound (L or G) the noise is calibrated to
  struct Ocp {
    privoco::fast::jkt::PrivateOcp ocp;
    double bound;
  };
  py::class_<Ocp>(m, "PrivateOcp")
      .def(py::init([](int update, int d, std::uint64_t T, double alpha, double radius, int giga_eta, std::uint64_t tq,
                       int burnin, int init, const std::vector<double>& x1, int coupling, std::uint64_t seed,
                       double beta, double bound, int loss, int domain) {
        privoco::jkt::OcpConfig c;
        c.update = static_cast<privoco::jkt::OcpUpdate>(update), c.d = d, c.T = T, c.alpha = alpha, c.radius = radius;
        c.giga_eta = static_cast<privoco::jkt::GigaEta>(giga_eta), c.tq = tq;
        c.burnin = static_cast<privoco::jkt::TqBurnin>(burnin), c.init = static_cast<privoco::jkt::InitReading>(init);
        c.x1 = x1, c.coupling = static_cast<privoco::jkt::InitCoupling>(coupling), c.seed = seed;
        c.loss = static_cast<privoco::jkt::OcpLoss>(loss), c.domain = static_cast<privoco::jkt::OcpDomain>(domain);
        return Ocp{privoco::fast::jkt::PrivateOcp(c, beta), bound};
      }))
      .def("played", [](const Ocp& o) {
        const int d = o.ocp.config().d;
        return py::array_t<double>(d, o.ocp.played());
      })
      .def("update", [](Ocp& o, const py::array_t<double, py::array::c_style | py::array::forcecast>& g) {
        const auto& c = o.ocp.config();
        if (g.size() != c.d)
          throw privoco::DomainError(privoco::jkt::ocp_id(c.update), "g", std::to_string(g.size()) + " values",
                                     std::to_string(c.d) + " values (d)");
        double lip;
        if (privoco::fast::jkt::exceeds_bound(c, g.data(), o.bound, &lip))
          throw privoco::DomainError(privoco::jkt::ocp_id(c.update), "g",
                                     "||g|| + alpha max_C |x| = " + privoco::text17(lip),
                                     "at most " + std::string(c.update == privoco::jkt::OcpUpdate::igd ? "L" : "G") +
                                         " = " + privoco::text17(o.bound) + " (the bound beta is calibrated to)");
        return o.ocp.update(g.data());
      })
      .def("rounds", [](const Ocp& o) { return o.ocp.rounds(); })
      .def("state", [](const Ocp& o) {
        const auto& s = o.ocp.state();
        return py::make_tuple(s.t, s.x, s.xhat);
      })
      .def("restore", [](Ocp& o, std::uint64_t t, const std::vector<double>& x, const std::vector<double>& xhat) {
        privoco::fast::jkt::OcpState s;
        s.t = t, s.x = x, s.xhat = xhat;
        o.ocp.restore(s);
      });
  // JKT Alg 1 around a caller's A (privoco/fast/jkt/learners.hpp Pocp): A's iterates in, releases out
  py::class_<privoco::fast::jkt::Pocp>(m, "Pocp")
      .def(py::init([](int d, std::uint64_t T, double radius, int init, const std::vector<double>& x1, int coupling,
                       std::uint64_t seed, double beta, int domain) {
        privoco::jkt::OcpConfig c;
        c.update = privoco::jkt::OcpUpdate::external, c.d = d, c.T = T, c.alpha = 1, c.radius = radius;
        c.init = static_cast<privoco::jkt::InitReading>(init), c.x1 = x1;
        c.coupling = static_cast<privoco::jkt::InitCoupling>(coupling), c.seed = seed;
        c.domain = static_cast<privoco::jkt::OcpDomain>(domain);
        return privoco::fast::jkt::Pocp(c, beta);
      }))
      .def("released", [](const privoco::fast::jkt::Pocp& p) { return py::array_t<double>(p.config().d, p.released()); })
      .def("release", [](privoco::fast::jkt::Pocp& p, const py::array_t<double, py::array::c_style | py::array::forcecast>& x) {
        if (x.size() != p.config().d)
          throw privoco::DomainError("JKT.alg.pocp", "x", std::to_string(x.size()) + " values",
                                     std::to_string(p.config().d) + " values (d)");
        p.release(x.data());
        return py::array_t<double>(p.config().d, p.released());
      })
      .def("rounds", &privoco::fast::jkt::Pocp::rounds)
      .def("state", [](const privoco::fast::jkt::Pocp& p) {
        return py::make_tuple(p.state_t(), std::vector<double>(p.released(), p.released() + p.config().d));
      })
      .def("restore", [](privoco::fast::jkt::Pocp& p, std::uint64_t t, const std::vector<double>& xhat) { p.restore(t, xhat); });
  // JKT Alg 4 as a stream (privoco/fast/jkt/qftl.hpp): readings as their indices; the trees' sigmas given; ftl:
  // Eq (20)'s FTL of the charged loss (its own ridge alpha; the sigmas are then 0)
  py::class_<privoco::fast::jkt::PrivateQftl>(m, "PrivateQftl")
      .def(py::init([](int d, std::uint64_t T, double alpha, double R, int enforce, int loss, std::uint64_t seed,
                       double sigma_V, double sigma_u, bool ftl) {
        privoco::jkt::QftlConfig c;
        c.d = d, c.T = T, c.alpha = alpha, c.R = R, c.seed = seed;
        c.enforce = static_cast<privoco::jkt::REnforce>(enforce), c.loss = static_cast<privoco::jkt::QuadLoss>(loss);
        if (ftl) c.step_alpha = privoco::jkt::ftl_step_alpha(c);
        return privoco::fast::jkt::PrivateQftl(c, sigma_V, sigma_u);
      }))
      .def("played", [](const privoco::fast::jkt::PrivateQftl& q) {
        return py::array_t<double>(q.config().d, q.played());
      })
      .def("update", [](privoco::fast::jkt::PrivateQftl& q, double y,
                        const py::array_t<double, py::array::c_style | py::array::forcecast>& v) {
        if (v.size() != q.config().d)
          throw privoco::DomainError("JKT.alg.qftl", "v", std::to_string(v.size()) + " values",
                                     std::to_string(q.config().d) + " values (d)");
        bool clipped = false;
        const double cost = q.update(y, v.data(), &clipped);
        return py::make_tuple(cost, clipped);
      })
      .def("rounds", &privoco::fast::jkt::PrivateQftl::rounds)
      .def("state", [](const privoco::fast::jkt::PrivateQftl& q) {
        const auto s = q.state();
        return py::make_tuple(s.t, s.xhat, s.V.t, s.V.a, s.V.ahat, s.u.t, s.u.a, s.u.ahat);
      })
      .def("restore", [](privoco::fast::jkt::PrivateQftl& q, const py::tuple& t) {
        privoco::fast::jkt::QftlState s;
        s.t = t[0].cast<std::uint64_t>(), s.xhat = t[1].cast<std::vector<double>>();
        s.V.t = t[2].cast<std::uint64_t>(), s.V.a = t[3].cast<std::vector<double>>(), s.V.ahat = t[4].cast<std::vector<double>>();
        s.u.t = t[5].cast<std::uint64_t>(), s.u.a = t[6].cast<std::vector<double>>(), s.u.ahat = t[7].cast<std::vector<double>>();
        q.restore(s);
      });
  // MIP Alg 1 and Alg 2 as streams (privoco/fast/mip/ogd.hpp): readings as their indices, S's c and h as lists
  using privoco::fast::mip::PrivateOgd;
  py::class_<PrivateOgd>(m, "PrivateOgd")
      .def(py::init([](bool bandit, int d, std::uint64_t T, double eta, double sigma, double L, double delta, int shape,
                       const std::vector<double>& c, const std::vector<double>& h, int w1_reading,
                       const std::vector<double>& w1, int loss_point, int loss, std::uint64_t seed) {
        privoco::mip::OgdConfig cfg;
        cfg.bandit = bandit, cfg.d = d, cfg.T = T, cfg.eta = eta, cfg.sigma = sigma, cfg.L = L, cfg.delta = delta;
        cfg.shape = static_cast<privoco::mip::Shape>(shape), cfg.c = c, cfg.h = h;
        cfg.w1_reading = static_cast<privoco::mip::W1Reading>(w1_reading), cfg.w1 = w1;
        cfg.loss_point = static_cast<privoco::mip::LossPoint>(loss_point), cfg.loss = static_cast<privoco::mip::Loss>(loss);
        cfg.seed = seed;
        return PrivateOgd(cfg);
      }))
      .def("played", [](const PrivateOgd& o) { return py::array_t<double>(o.config().d, o.played()); })
      .def("update", [](PrivateOgd& o, const py::array_t<double, py::array::c_style | py::array::forcecast>& g) {
        if (g.size() != o.config().d)
          throw privoco::DomainError(privoco::mip::ogd_id(o.config().bandit), "g", std::to_string(g.size()) + " values",
                                     std::to_string(o.config().d) + " values (d)");
        return o.update(g.data());
      })
      .def("noise", [](const PrivateOgd& o) { return py::array_t<double>(o.config().d, o.noise()); })
      .def("direction", [](const PrivateOgd& o) { return py::array_t<double>(o.config().d, o.direction()); })
      .def("rounds", &PrivateOgd::rounds)
      .def("state", [](const PrivateOgd& o) { return py::make_tuple(o.rounds(), o.theta()); })
      .def("restore", [](PrivateOgd& o, std::uint64_t t, const std::vector<double>& theta) { o.restore(t, theta); });
  // BANCO Alg 1 as a stream (privoco/fast/banco/learner.hpp): readings as their indices, the noise constants NaN
  // for the Thm 2 instance's
  using privoco::fast::banco::Banco;
  py::class_<Banco>(m, "Banco")
      .def(py::init([](int d, std::uint64_t T, double G, double eps, double lambda, int dir_sign, int k1_value,
                       int a_reading, int c_reading, int b_reading, int sigma1d2_mode, double sigma2, double sigma1d2,
                       double b, std::uint64_t seed) {
        privoco::banco::BancoConfig cfg;
        cfg.d = d, cfg.T = T, cfg.G = G, cfg.eps = eps, cfg.lambda = lambda, cfg.dir_sign = dir_sign;
        cfg.k1_value = k1_value, cfg.a_reading = a_reading, cfg.c_reading = c_reading, cfg.b_reading = b_reading;
        cfg.sigma1d2_mode = sigma1d2_mode, cfg.sigma2 = sigma2, cfg.sigma1d2 = sigma1d2, cfg.b = b, cfg.seed = seed;
        return Banco(cfg);
      }))
      .def("played", [](const Banco& o) { return py::array_t<double>(o.config().d, o.played()); })
      .def("bet", [](const Banco& o) {
        const privoco::fast::Value& v = o.bet();
        return py::make_tuple(v.value, privoco::fast::to_string(v.status), v.log_abs());
      })
      .def("update", [](Banco& o, const py::array_t<double, py::array::c_style | py::array::forcecast>& g) {
        if (g.size() != o.config().d)
          throw privoco::DomainError(privoco::banco::kBancoId, "g", std::to_string(g.size()) + " values",
                                     std::to_string(o.config().d) + " values (d)");
        return o.update(g.data());
      })
      .def("noise", [](const Banco& o) { return py::array_t<double>(o.config().d, o.noise()); })
      .def("direction", [](const Banco& o) { return py::array_t<double>(o.config().d, o.direction()); })
      .def("constants", [](const Banco& o) {
        const auto& k = o.constants();
        return py::dict(py::arg("sigma2") = k.sigma2, py::arg("sigma1d2") = k.sigma1d2, py::arg("b") = k.b,
                        py::arg("a") = k.a, py::arg("c") = k.c);
      })
      .def("rounds", &Banco::rounds)
      .def("state", [](const Banco& o) {
        return py::make_tuple(o.rounds(), o.X().hi, o.X().lo, o.S().hi, o.S().lo, o.W().hi, o.W().lo,
                              std::vector<double>(o.direction(), o.direction() + o.config().d));
      })
      .def("restore", [](Banco& o, const py::tuple& t) {
        using privoco::fast::dd;
        o.restore(t[0].cast<std::uint64_t>(), dd{t[1].cast<double>(), t[2].cast<double>()},
                  dd{t[3].cast<double>(), t[4].cast<double>()}, dd{t[5].cast<double>(), t[6].cast<double>()},
                  t[7].cast<std::vector<double>>());
      });
  m.def("_time_batch", &time_batch);
}
