// The Python module's native part (_privoco): the catalogue, the fast part over numpy arrays (the GIL released
// during the batch), certified evaluation at exact decimals, and privoco's errors as Python exceptions. The
// package privoco/ (beside this file) is the public face: broadcasting and exact conversion of Python numbers.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/format.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/evaluate.hpp"

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
  if (e.vector_layout)
    throw privoco::UnknownId(e.id, "per-coordinate parameters are not taken by the Python module yet; use the CLI for");
  if (fast && (!e.has_fast || !privoco::fast::implements(e.id)))
    throw privoco::UnknownId(e.id, "no fast implementation for this ID");
  if (!fast && !e.has_reference) throw privoco::UnknownId(e.id, "no reference implementation for this ID");
  return e;
}

// cols: one C-contiguous float64 array per parameter, all of the same length n (broadcast by the caller).
py::tuple fast_eval(const std::string& id, const std::vector<py::array_t<double, py::array::c_style>>& cols) {
  const privoco::Entry& e = function_entry(id, true);
  if (cols.size() != e.params.size())
    throw privoco::ParamError(e.id, "parameters", std::to_string(cols.size()) + " given, " +
                                                      std::to_string(e.params.size()) + " expected");
  const py::ssize_t n = cols.empty() ? 0 : cols[0].size();
  std::vector<const double*> src;
  for (const auto& c : cols) src.push_back(c.data());
  // domains checked first, with the parameter's name (the batch itself then runs without the GIL)
  for (std::size_t i = 0; i < e.params.size(); ++i)
    for (py::ssize_t k = 0; k < n; ++k)
      if (!e.params[i].domain.contains(src[i][k]))
        throw privoco::DomainError(e.id, e.params[i].name, privoco::text17(src[i][k]), e.params[i].domain_text());
  py::array_t<double> value(n), log_abs(n);
  py::array_t<signed char> status(n), sign(n);
  double* pv = value.mutable_data();
  double* pl = log_abs.mutable_data();
  signed char* ps = status.mutable_data();
  signed char* pg = sign.mutable_data();
  const privoco::fast::Fn fn = privoco::fast::function(e);
  const privoco::fast::BatchFn bfn = privoco::fast::batch(e);
  {
    py::gil_scoped_release release;
    auto put = [&](py::ssize_t k, const privoco::fast::Value& v) {
      pv[k] = v.value, pl[k] = v.log_abs(), ps[k] = static_cast<signed char>(v.status);
      pg[k] = static_cast<signed char>(v.sign);
    };
    if (bfn) {  // the vectorised kernel over blocks (same bits as point by point)
      constexpr py::ssize_t kBlock = 4096;
      std::vector<privoco::fast::Value> out(kBlock);
      std::vector<const double*> cols(src.size());
      for (py::ssize_t k0 = 0; k0 < n; k0 += kBlock) {
        const py::ssize_t m = std::min(kBlock, n - k0);
        for (std::size_t i = 0; i < src.size(); ++i) cols[i] = src[i] + k0;
        bfn(cols.data(), out.data(), static_cast<std::size_t>(m));
        for (py::ssize_t k = 0; k < m; ++k) put(k0 + k, out[static_cast<std::size_t>(k)]);
      }
    } else {
      std::vector<double> x(e.params.size());
      for (py::ssize_t k = 0; k < n; ++k) {
        for (std::size_t i = 0; i < x.size(); ++i) x[i] = src[i][k];
        put(k, fn(x.data()));
      }
    }
  }
  return py::make_tuple(value, status, log_abs, sign);
}

py::dict reference_eval(const std::string& id, const std::vector<std::string>& texts, int digits, long max_prec,
                        double max_seconds) {
  const privoco::Entry& e = function_entry(id, false);
  if (texts.size() != e.params.size())
    throw privoco::ParamError(e.id, "parameters", std::to_string(texts.size()) + " given, " +
                                                      std::to_string(e.params.size()) + " expected");
  std::vector<privoco::Decimal> dec;
  for (std::size_t i = 0; i < texts.size(); ++i) dec.push_back(privoco::parse_param(e.id, e.params[i], texts[i]));
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
  m.def("catalogue", &catalogue_list);
  m.def("fast_eval", &fast_eval);
  m.def("reference_eval", &reference_eval);
}
