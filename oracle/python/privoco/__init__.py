"""privoco from Python: the catalogue, the fast double implementations over numpy arrays, certified evaluation.

    import privoco
    privoco.list()                                   # every ID with its parameters, domains and citation
    r = privoco.fast.eval("VDH.pred.conj", L=[1, 2, 3], V=0, b=1, G=1)   # numpy broadcasting
    r.value, r.status, r.log_abs, r.sign             # per element; status privoco.fast.OK, OVERFLOW or UNDERFLOW
    c = privoco.reference.eval("VDH.pred.conj", L="100", V=9, b=1, G=1, digits=30)
    c.value, c.lo, c.hi, c.digits                    # certified: exact decimal strings
    v = privoco.check("VDH.pred.conj", my_values, L=L, V=V, b=1, G=1)   # another implementation's values
    v.verdict, v.ulps, v.summary                     # per element, and the CLI's summary

Errors are privoco.Error (a ValueError) and its subclasses UnknownId, ParamError, DomainError, PrecisionCeiling,
OutOfReach, each naming the ID, the parameter, the value and the range as the CLI does.
"""
from . import _privoco
from ._privoco import DomainError, Error, OutOfReach, ParamError, PrecisionCeiling, UnknownId
from . import fast, reference
from ._check import CheckResult, check

__all__ = ["list", "fast", "reference", "check", "CheckResult", "Error", "UnknownId", "ParamError", "DomainError", "PrecisionCeiling",
           "OutOfReach"]


def list():  # noqa: A001 (the CLI's command name)
    """Every catalogue ID: id, kind, citation, summary, parameters (name, domain, meaning, per_coordinate,
    choices), and which parts implement it (reference, fast, proof)."""
    return _privoco.catalogue()
