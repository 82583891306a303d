"""privoco.check: another implementation's values, given as arrays, judged as `privoco check` judges a file."""
from decimal import Decimal

import numpy as np

from . import _params, _privoco


class CheckResult:
    """Per element (numpy arrays of the broadcast shape): verdict ("pass", "fail", "invalid"; for bounds "sound",
    "UNSOUND"), ulps and rel_err (upper bounds of the error), certified (the certified value, decimal text), digits
    (its certified digits), wrong_sign, reason (why a row fails or is invalid), slack (bounds: claimed/true). summary:
    rows, passed, failed, invalid, tolerance, claim, inputs and worst (the flat index of the worst row), as the
    CLI's summary. ok: every row passed."""

    FIELDS = ("verdict", "ulps", "rel_err", "slack", "digits", "wrong_sign", "certified", "reason")

    def __init__(self, d, shape):
        as_array = lambda x, dtype=None: np.asarray(x, dtype=dtype).reshape(shape)
        self.verdict = as_array(d["verdict"])
        self.ulps, self.rel_err, self.slack = as_array(d["ulps"]), as_array(d["rel_err"]), as_array(d["slack"])
        self.digits, self.wrong_sign = as_array(d["digits"]), as_array(d["wrong_sign"])
        self.certified, self.reason = as_array(d["certified"], object), as_array(d["reason"], object)
        self.summary = d["summary"]

    @classmethod
    def concatenate(cls, parts):
        """One result of the results of consecutive parts of a dataset (flattened, in order), with the summary of
        one check of the whole: counts summed, worst the largest ulp error among failing rows (the first on ties),
        else the first invalid row, as an index into the whole. Parts whose lengths are multiples of 64 rows (the
        runs in which the reference evaluates) give the same bits as one check of the whole; other lengths the same
        verdicts, with error figures that can differ in their last digit."""
        parts = list(parts)
        if not parts:
            raise ValueError("concatenate: no parts")
        out = cls.__new__(cls)
        for f in cls.FIELDS:
            setattr(out, f, np.concatenate([np.ravel(getattr(p, f)) for p in parts]))
        s = dict(parts[0].summary)
        for key in ("rows", "passed", "failed", "invalid"):
            s[key] = sum(p.summary[key] for p in parts)
        for key in ("tolerance", "claim", "inputs"):
            if any(p.summary[key] != s[key] for p in parts):
                raise ValueError(f"concatenate: parts checked with different {key}")
        s.pop("worst", None)
        worst, offset = None, 0
        failing = np.isin(out.verdict, ["fail", "UNSOUND"])
        if failing.any():
            u = np.where(failing, out.ulps, -np.inf)
            worst = int(np.argmax(u))  # the first of the largest, as tally() keeps it
        elif (out.verdict == "invalid").any():
            worst = int(np.argmax(out.verdict == "invalid"))
        if worst is not None:
            s["worst"] = worst
        out.summary = s
        return out

    @property
    def ok(self):
        s = self.summary
        return s["rows"] > 0 and s["failed"] == 0 and s["invalid"] == 0

    def __repr__(self):
        return f"privoco.CheckResult(summary={self.summary!r})"


def _column(v):
    """float64 numbers stay numbers (each judged as the exact double it is); anything else becomes decimal text."""
    a = np.asarray(v)
    if a.dtype.kind == "f" and a.dtype.itemsize <= 8:
        return a.astype(np.float64)  # exact: float16/32 widen without rounding
    if a.dtype.kind in "iu":
        return np.vectorize(lambda x: str(int(x)), otypes=[object])(a)  # exact, also beyond 2^53
    if a.dtype.kind == "b":
        raise TypeError("a parameter or value is a number or a decimal string, not a bool")
    return np.vectorize(lambda x: x if isinstance(x, str) else _text(x), otypes=[object])(a)


def _per_coordinate_texts(e, values, inputs):
    """Per-coordinate parameters as a file carries them: each element's d values as one comma-separated text
    (their last axis), d from its length; the leading axes broadcast with the other parameters."""
    d = _params.dimension(e, values)
    out = []
    exact = (lambda x: str(Decimal(float(x)))) if inputs == "exact" else (lambda x: repr(float(x)))
    fmt = lambda x: x if isinstance(x, str) else exact(x)
    for p, v in zip(e["parameters"], values):
        if p["name"] == "d":
            out.append(d)
        elif p["per_coordinate"]:
            a = np.asarray(v, dtype=object)
            a = np.broadcast_to(a, (a.shape[:-1] if a.ndim else ()) + (d,))
            flat = a.reshape(-1, d)
            joined = np.array([",".join(fmt(x) for x in row) for row in flat], dtype=object)
            out.append(joined.reshape(a.shape[:-1]))
        else:
            out.append(v)
    return out


def _text(x):
    if isinstance(x, (bool, np.bool_)):
        raise TypeError("a parameter or value is a number or a decimal string, not a bool")
    if isinstance(x, (int, np.integer)):
        return str(int(x))
    return repr(float(x))


def check(id, value, *, ulps=None, rel=None, claim="equal", inputs="double", digits=17, threads=None,
          **params):
    """Judges `value` (another implementation's results) against the certified reference of `id` at the parameters
    (numbers, decimal strings or array-likes, broadcast together with value), as `privoco check` judges a file: the
    tolerance `ulps` (default 16) or `rel`; claim "equal", "upper" or "lower" (the values are bounds, judged sound or
    UNSOUND), or an array of them per element; inputs "double" (each parameter rounded to the nearest double) or
    "exact" (decimal strings taken exactly); threads (default: every core; the verdicts do not depend on it).
    A float's value is the exact double it is. Returns a CheckResult; a bad row is a verdict ("invalid", with its
    reason), not an exception."""
    if ulps is not None and rel is not None:
        raise _privoco.ParamError("check: parameter 'ulps': give ulps or rel, not both")
    e, values = _params.ordered(id, params)
    if _params.vector_layout(e):
        values = _per_coordinate_texts(e, values, inputs)
    claims = None if isinstance(claim, str) else claim
    arrays = [np.asarray(v, dtype=object if isinstance(v, str) else None) for v in values]
    arrays.append(np.asarray(value, dtype=object if isinstance(value, str) else None))
    if claims is not None:
        arrays.append(np.asarray(claims, dtype=object))
    shaped = np.broadcast_arrays(*arrays)
    shape = shaped[0].shape if shaped else ()
    cols = [_column(a).ravel() for a in shaped]
    names = [p["name"] for p in e["parameters"]]
    params_cols, value_col = cols[:len(names)], cols[len(names)]
    claim_col = cols[len(names) + 1] if claims is not None else None
    tol_kind, tol = ("rel", float(rel)) if rel is not None else ("ulps", 16.0 if ulps is None else float(ulps))
    if not (tol >= 0 and np.isfinite(tol)):
        raise _privoco.ParamError(f"check: parameter '{tol_kind}': {tol} is outside its range [0, inf)")
    d = _privoco.check(id, names, params_cols, value_col, claim_col, tol_kind, tol,
                       claim if claims is None else "equal", inputs, int(digits), int(threads or 0))
    return CheckResult(d, shape)
