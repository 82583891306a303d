"""Certified evaluation (Arb ball arithmetic): exact decimal strings with their enclosure and certified digits."""
from decimal import Decimal

from . import _params, _privoco


class Certified:
    """value (to `digits` significant digits), lo and hi (an enclosure of the true value), digits, exact, prec_bits;
    float(c) is the double nearest to the value; c.mpf() the value as an mpmath number (if mpmath is installed)."""

    def __init__(self, d):
        self.value, self.lo, self.hi = d["value"], d["lo"], d["hi"]
        self.digits, self.exact, self.prec_bits, self._nearest = d["digits"], d["exact"], d["prec_bits"], d["nearest"]

    def __float__(self):
        return self._nearest

    def mpf(self):
        import mpmath
        return mpmath.mpf(self.value)

    def __repr__(self):
        return f"privoco.reference.Certified(value={self.value!r}, digits={self.digits})"


def _text(v):
    """A parameter as exact decimal text: strings as given, ints exactly, floats as their exact binary value."""
    if isinstance(v, str):
        return v
    if isinstance(v, bool):
        raise TypeError("a parameter is a number or a decimal string, not a bool")
    if isinstance(v, int) or (hasattr(v, "dtype") and v.dtype.kind in "iu"):
        return str(int(v))
    return str(Decimal(float(v)))


def eval(id, digits=17, max_prec=1 << 17, max_time=10.0, **params):  # noqa: A001 (privoco eval)
    """The certified value of `id` at exact parameters (decimal strings, ints, or floats taken as their exact
    binary value; a per-coordinate parameter as a list of them, d then optional): a Certified with `digits` or
    more certified significant digits."""
    e, values = _params.ordered(id, params)
    assigns = []
    for p, v in zip(e["parameters"], values):
        if v is None:
            continue  # d of a per-coordinate ID, from the lists' length
        if p["per_coordinate"] and not isinstance(v, str) and hasattr(v, "__len__"):
            assigns.append(p["name"] + "=" + ",".join(_text(x) for x in v))
        else:
            assigns.append(p["name"] + "=" + _text(v))
    return Certified(_privoco.reference_eval(id, assigns, digits, max_prec, max_time))
