"""The fast double implementations over numpy arrays (broadcast like numpy), the GIL released during the batch."""
import numpy as np

from . import _params, _privoco

STATUS = np.array(["ok", "overflow", "underflow"])


class Result:
    """Per element: value (float64; +-inf on overflow, the subnormal or zero double on underflow), status ("ok",
    "overflow", "underflow"), log_abs (ln|value|, also beyond the double range) and sign (-1, 0, 1)."""

    def __init__(self, value, status, log_abs, sign):
        self.value, self.status, self.log_abs, self.sign = value, status, log_abs, sign

    def __repr__(self):
        return f"privoco.fast.Result(value={self.value!r}, status={self.status!r})"


def eval(id, **params):  # noqa: A001 (privoco eval)
    """fast `id` at the parameters (numbers or array-likes, broadcast together; a reading by its name)."""
    e, values = _params.ordered(id, params)
    cols = []
    for p, v in zip(e["parameters"], values):
        if p["choices"]:
            v = np.vectorize(lambda c, p=p: p["choices"].index(c) if c in p["choices"] else _bad_choice(id, p, c),
                             otypes=[float])(np.asarray(v))
        cols.append(np.asarray(v, dtype=np.float64))
    shaped = np.broadcast_arrays(*cols)
    shape = shaped[0].shape if shaped else ()
    flat = [np.ascontiguousarray(a, dtype=np.float64).ravel() for a in shaped]
    value, status, log_abs, sign = _privoco.fast_eval(id, flat)
    return Result(value.reshape(shape), STATUS[status].reshape(shape), log_abs.reshape(shape), sign.reshape(shape))


def _bad_choice(id, p, c):
    raise _privoco.ParamError(f"{id}: parameter '{p['name']}': '{c}' is not one of {', '.join(p['choices'])}")
