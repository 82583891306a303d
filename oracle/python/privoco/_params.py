"""Parameters by name, checked against the catalogue as the CLI checks them."""
import functools

import numpy as np

from . import _privoco


@functools.lru_cache(maxsize=None)
def _entries():
    """The catalogue by ID, built once (the native call builds every entry's dictionaries)."""
    return {e["id"]: e for e in _privoco.catalogue()}


def entry(id):
    e = _entries().get(id)
    if e is not None:
        return e
    _privoco.fast_eval(id, [])  # raises UnknownId with the CLI's message (did you mean ...)
    raise _privoco.UnknownId(f"unknown ID: '{id}'")


def vector_layout(e):
    return any(p["per_coordinate"] for p in e["parameters"])


def ordered(id, given):
    """The parameters of `id` in table order from the keyword arguments `given`; ParamError for unknown or missing.
    For an ID with per-coordinate parameters, d may be left out: it is the length of their values."""
    e = entry(id)
    names = [p["name"] for p in e["parameters"]]
    for k in given:
        if k not in names:
            raise _privoco.ParamError(f"{id}: parameter '{k}': unknown parameter (parameters: {', '.join(names)})")
    missing = [n for n in names if n not in given and not (n == "d" and vector_layout(e))]
    if missing:
        raise _privoco.ParamError(f"{id}: parameter '{missing[0]}': missing")
    return e, [given.get(n) for n in names]


def dimension(e, values):
    """d of a per-coordinate ID: as given, else the last-axis length of its per-coordinate parameters (all equal)."""
    lengths = {np.shape(v)[-1] if np.ndim(v) else 1
               for p, v in zip(e["parameters"], values) if p["per_coordinate"] and v is not None}
    d_given = values[0]
    if len(lengths) > 1:
        raise _privoco.ParamError(f"{e['id']}: parameter 'd': the per-coordinate parameters have different lengths "
                                  f"{sorted(lengths)}")
    d = lengths.pop() if lengths else 1
    if d_given is not None and int(np.asarray(d_given)) != d:
        raise _privoco.ParamError(f"{e['id']}: parameter 'd': {d_given} given, the per-coordinate parameters have {d} "
                                  "values")
    return d
