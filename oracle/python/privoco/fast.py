"""The fast double implementations over numpy arrays (broadcast like numpy), the GIL released during the batch."""
import numpy as np

from . import _params, _privoco


def kernel_variants():
    """The variants of the vectorised kernels this CPU runs, widest first: "avx512", "avx2", "baseline"."""
    return _privoco.kernel_variants()


def kernel_variant():
    """The variant in use: the widest by default, or what PRIVOCO_SIMD (read at import) or use_kernel_variant chose."""
    return _privoco.kernel_variant()


def use_kernel_variant(name):
    """Run the kernels in variant `name` ("best" for the widest) from now on. The variants give the same bits; a
    name this CPU cannot run raises ParamError naming the ones it can."""
    _privoco.use_kernel_variant(str(name))


# status codes (int8), as the C++ privoco::fast::Status
OK, OVERFLOW, UNDERFLOW = 0, 1, 2
STATUS_NAMES = np.array(["ok", "overflow", "underflow"])


class Result:
    """Per element: value (float64; +-inf on overflow, the subnormal or zero double on underflow), status (int8:
    OK, OVERFLOW or UNDERFLOW; status_names() as strings), log_abs (ln|value|, also beyond the double range) and
    sign (-1, 0, 1). log_abs and sign are formed when first read, from the value where the status is OK and from
    the implementation's own ln|value| and sign elsewhere (a log per element that most callers never need)."""

    def __init__(self, value, status, exc_index, exc_log, exc_sign):
        self.value, self.status = value, status
        self._exc, self._log_abs, self._sign = (exc_index, exc_log, exc_sign), None, None

    @property
    def log_abs(self):
        if self._log_abs is None:
            a = _privoco.log_abs(self.value.reshape(-1))  # the C library's log, as the CLI
            a[self._exc[0]] = self._exc[1]
            self._log_abs = a.reshape(self.value.shape)
        return self._log_abs

    @property
    def sign(self):
        if self._sign is None:
            s = np.sign(self.value.reshape(-1)).astype(np.int8)
            s[self._exc[0]] = self._exc[2]
            self._sign = s.reshape(self.value.shape)
        return self._sign

    @property
    def ok(self):
        """True where the value is a normal double (status OK)."""
        return self.status == OK

    def status_names(self):
        """status as strings: "ok", "overflow", "underflow"."""
        return STATUS_NAMES[self.status]

    def __repr__(self):
        return f"privoco.fast.Result(value={self.value!r}, status={self.status_names()!r})"


def eval(id, **params):  # noqa: A001 (privoco eval)
    """fast `id` at the parameters (numbers or array-likes, broadcast together; a reading by its name). A
    per-coordinate parameter's values run along the last axis (d of them; d may be left out)."""
    e, values = _params.ordered(id, params)
    if _params.vector_layout(e):
        return _eval_flat(id, e, values)
    cols = []
    for p, v in zip(e["parameters"], values):
        if p["choices"]:
            v = np.vectorize(lambda c, p=p: p["choices"].index(c) if c in p["choices"] else _bad_choice(id, p, c),
                             otypes=[float])(np.asarray(v))
        cols.append(np.asarray(v, dtype=np.float64))
    shaped = np.broadcast_arrays(*cols)
    shape = shaped[0].shape if shaped else ()
    flat = [np.ascontiguousarray(a, dtype=np.float64).ravel() for a in shaped]
    value, status, exc_index, exc_log, exc_sign = _privoco.fast_eval(id, flat)
    return Result(value.reshape(shape), status.reshape(shape), exc_index, exc_log, exc_sign)


def _bad_choice(id, p, c):
    raise _privoco.ParamError(f"{id}: parameter '{p['name']}': '{c}' is not one of {', '.join(p['choices'])}")


def _eval_flat(id, e, values):
    """Per-coordinate IDs: the flat layout (d, then each parameter in table order, a per-coordinate one as d
    columns), the batch shape broadcast from the scalar parameters and the per-coordinate ones' leading axes."""
    d = _params.dimension(e, values)
    ps = e["parameters"]
    arrays = []
    for p, v in zip(ps[1:], values[1:]):
        a = np.asarray(v, dtype=np.float64)
        if p["per_coordinate"]:
            a = np.broadcast_to(a, a.shape[:-1] + (d,)) if a.ndim else np.full((d,), float(a))
        arrays.append(a)
    lead = [a.shape[:-1] if p["per_coordinate"] else a.shape for p, a in zip(ps[1:], arrays)]
    shape = np.broadcast_shapes(*lead) if lead else ()
    cols = [np.full(shape, float(d))]
    for p, a in zip(ps[1:], arrays):
        if p["per_coordinate"]:
            a = np.broadcast_to(a, shape + (d,))
            cols += [a[..., j] for j in range(d)]
        else:
            cols.append(np.broadcast_to(a, shape))
    flat = [np.ascontiguousarray(c, dtype=np.float64).ravel() for c in cols]
    value, status, exc_index, exc_log, exc_sign = _privoco.fast_eval(id, flat)
    return Result(value.reshape(shape), status.reshape(shape), exc_index, exc_log, exc_sign)
