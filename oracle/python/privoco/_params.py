"""Parameters by name, checked against the catalogue as the CLI checks them."""
import functools

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


def ordered(id, given):
    """The parameters of `id` in table order from the keyword arguments `given`; ParamError for unknown or missing."""
    e = entry(id)
    if any(p["per_coordinate"] for p in e["parameters"]):
        raise _privoco.ParamError(f"{id}: parameter 'd': per-coordinate parameters are not taken by the Python module "
                                  "yet; use the CLI")
    names = [p["name"] for p in e["parameters"]]
    for k in given:
        if k not in names:
            raise _privoco.ParamError(f"{id}: parameter '{k}': unknown parameter (parameters: {', '.join(names)})")
    missing = [n for n in names if n not in given]
    if missing:
        raise _privoco.ParamError(f"{id}: parameter '{missing[0]}': missing")
    return e, [given[n] for n in names]
