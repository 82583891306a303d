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
    if isinstance(v, int):
        return str(v)
    return str(Decimal(float(v)))


def eval(id, digits=17, max_prec=1 << 17, max_time=10.0, **params):  # noqa: A001 (privoco eval)
    """The certified value of `id` at exact parameters (decimal strings, ints, or floats taken as their exact
    binary value): a Certified with `digits` or more certified significant digits."""
    _e, values = _params.ordered(id, params)
    return Certified(_privoco.reference_eval(id, [_text(v) for v in values], digits, max_prec, max_time))
