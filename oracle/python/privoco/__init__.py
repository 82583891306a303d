"""privoco from Python: the catalogue, the fast double implementations over numpy arrays, certified evaluation.

    import privoco
    privoco.list()                                   # every ID with its parameters, domains and citation
    r = privoco.fast.eval("VDH.pred.conj", L=[1, 2, 3], V=0, b=1, G=1)   # numpy broadcasting
    r.value, r.status, r.log_abs, r.sign             # per element; status privoco.fast.OK, OVERFLOW or UNDERFLOW
    c = privoco.reference.eval("VDH.pred.conj", L="100", V=9, b=1, G=1, digits=30)
    c.value, c.lo, c.hi, c.digits                    # certified: exact decimal strings
    v = privoco.check("VDH.pred.conj", my_values, L=L, V=V, b=1, G=1)   # another implementation's values
    v.verdict, v.ulps, v.summary                     # per element, and the CLI's summary
    privoco.prove("VDH.lemma.lncosh")["verdict"]     # a claim's record, as prove --json; prove_all()
    a = privoco.learners.Alg1(b=1, G=1); a.predict(); a.update(0.5); a.state()   # learners, exact state

Errors are privoco.Error (a ValueError) and its subclasses UnknownId, ParamError, DomainError, PrecisionCeiling,
OutOfReach, each naming the ID, the parameter, the value and the range as the CLI does.
"""
from . import _privoco
from ._privoco import DomainError, Error, OutOfReach, ParamError, PrecisionCeiling, UnknownId
import json as _json

from . import fast, learners, reference
from ._check import CheckResult, check

__all__ = ["list", "fast", "reference", "check", "CheckResult", "prove", "prove_all", "learners", "Error", "UnknownId", "ParamError", "DomainError", "PrecisionCeiling",
           "OutOfReach"]


def list():  # noqa: A001 (the CLI's command name)
    """Every catalogue ID: id, kind, citation, summary, parameters (name, domain, meaning, per_coordinate,
    choices), and which parts implement it (reference, fast, proof)."""
    return _privoco.catalogue()


def prove(id, threshold=False, seed=1, **constants):
    """Certify or refute one claim (as `privoco prove ID --json`): its record as a dict (verdict "certified",
    "refuted" or "undecided", the counterexample or the realised/bound ratio, the constants used; with threshold,
    the best value of each constant as a certified interval). Constants override the claim's: name=value, exact
    decimals as strings."""
    texts = [f"{k}={v}" for k, v in constants.items()]
    return _json.loads(_privoco.prove(id, texts, int(seed), bool(threshold)))


def prove_all(threads=None):
    """Every claim's record (as `privoco prove --all --json`), in catalogue order; threads: default every core."""
    return _json.loads(_privoco.prove_all(int(threads or 0)))
