"""VDH's learners (privoco run alg1, alg2, alg3) and JKT's private sum (run private_sum) in double, step by step: update with each gradient, predict the
next point, and state()/from_state() that round-trip exactly (floats as hex text), so a run can stop and resume
with the same bits. The readings are those `privoco run` prints: A1(a) A3 A5(b) A20(a) A21(a) A28(a).

    a = privoco.learners.Alg1(b=1, G=1)           # prior "conjugate" (default), "uniform" or "improper"
    for g in gradients:
        w = a.predict(); a.update(g)
    s = a.state(); b = privoco.learners.Alg1.from_state(s)
"""
import numpy as np

from . import _privoco

READINGS = "A1(a) A3 A5(b) A20(a) A21(a) A28(a)"


def _hex(x):
    return float(x).hex()


def _unhex(s):
    return float.fromhex(s) if isinstance(s, str) else float(s)


def _sums(t):
    return {"L_hi": _hex(t[0]), "L_lo": _hex(t[1]), "V_hi": _hex(t[2]), "V_lo": _hex(t[3]), "t": int(t[4])}


def _sums_back(d):
    return (_unhex(d["L_hi"]), _unhex(d["L_lo"]), _unhex(d["V_hi"]), _unhex(d["V_lo"]), int(d["t"]))


class Alg1:
    """VDH Algorithm 1 (VDH.alg.alg1): one-dimensional potential learner with the prior's parameters b and G.
    predict() is w_{t+1} (a float: +-inf or 0 where it leaves the double range; predict_value() has status and
    ln|w|); update(g) receives the next gradient."""
    id = "VDH.alg.alg1"

    def __init__(self, b=1.0, G=1.0, prior="conjugate"):
        self.b, self.G, self.prior = float(b), float(G), prior
        self._a = _privoco.Alg1(prior, self.b, self.G)

    def predict(self):
        return self._a.predict()[0]

    def predict_value(self):
        """(value, status, log_abs, sign), status 0 ok, 1 overflow, 2 underflow, as privoco.fast."""
        return self._a.predict()

    def update(self, g):
        self._a.update(float(g))

    def state(self):
        return {"id": self.id, "prior": self.prior, "b": _hex(self.b), "G": _hex(self.G), **_sums(self._a.state())}

    @classmethod
    def from_state(cls, s):
        a = cls(_unhex(s["b"]), _unhex(s["G"]), s["prior"])
        a._a.restore(_sums_back(s))
        return a


class Alg2:
    """VDH Algorithm 2 (VDH.alg.alg2): w_t = v_t z_t, the scale v_t from Algorithm 1 fed <z_t, g_t>, the direction
    z_t by projected gradient descent on the unit ball. predict() is w (a numpy array of d)."""
    id = "VDH.alg.alg2"

    def __init__(self, d, b=1.0, G=1.0, prior="conjugate"):
        self.d, self.b, self.G, self.prior = int(d), float(b), float(G), prior
        self._a = _privoco.Alg2(self.d, prior, self.b, self.G)

    def predict(self):
        return self._a.predict()[0]

    def update(self, g):
        self._a.update(np.asarray(g, dtype=np.float64))

    def state(self):
        scalar, z, sum_sq = self._a.state()
        return {"id": self.id, "d": self.d, "prior": self.prior, "b": _hex(self.b), "G": _hex(self.G),
                "scalar": _sums(scalar), "z": [_hex(x) for x in z], "sum_sq": _hex(sum_sq)}

    @classmethod
    def from_state(cls, s):
        a = cls(s["d"], _unhex(s["b"]), _unhex(s["G"]), s["prior"])
        a._a.restore(_sums_back(s["scalar"]), np.array([_unhex(x) for x in s["z"]]), _unhex(s["sum_sq"]))
        return a


class Alg3:
    """VDH Algorithm 3 (VDH.alg.alg3): one Algorithm 1 per coordinate, widths b (one per coordinate). predict() is
    w (a numpy array of d; +-inf or 0 for coordinates outside the double range)."""
    id = "VDH.alg.alg3"

    def __init__(self, b, G=1.0, prior="conjugate"):
        self.b, self.G, self.prior = np.atleast_1d(np.asarray(b, dtype=np.float64)).copy(), float(G), prior
        self._a = _privoco.Alg3(self.b, self.G, prior)

    def predict(self):
        return self._a.predict()[0]

    def update(self, g):
        self._a.update(np.asarray(g, dtype=np.float64))

    def state(self):
        return {"id": self.id, "prior": self.prior, "b": [_hex(x) for x in self.b], "G": _hex(self.G),
                "coordinates": [_sums(t) for t in self._a.state()]}

    @classmethod
    def from_state(cls, s):
        a = cls([_unhex(x) for x in s["b"]], _unhex(s["G"]), s["prior"])
        a._a.restore([_sums_back(c) for c in s["coordinates"]])
        return a


class PrivateSum:
    """JKT Algorithm 5 (JKT.alg.private_sum) as a stream: add(w) takes the row w_t (d values) and returns the noisy
    prefix sum W^_t and the exact one S_t, each a numpy array of d. sigma is the node noise's standard deviation
    (JKT Alg 5 l.3: privoco.fast.eval("JKT.noise.tree_sigma", R=..., eps=..., delta=..., T=..., log_base="mixed"));
    the noise is drawn from the seed and tree id, so the same arguments give `privoco run private_sum`'s bits. The
    rows are taken as given (the CLI's R_enforce, assert or clip, is the caller's)."""
    id = "JKT.alg.private_sum"

    def __init__(self, d, T, sigma, seed=1, tree=0):
        self.d, self.T, self.sigma, self.seed, self.tree = int(d), int(T), float(sigma), int(seed), int(tree)
        self._p = _privoco.PrivateSum(self.d, self.T, self.sigma, self.seed, self.tree)

    def add(self, w):
        return self._p.add(np.atleast_1d(np.asarray(w, dtype=np.float64)))

    @property
    def t(self):
        return self._p.t()

    def state(self):
        t, a, ahat = self._p.state()
        return {"id": self.id, "d": self.d, "T": self.T, "sigma": _hex(self.sigma), "seed": self.seed,
                "tree": self.tree, "t": int(t), "a": [_hex(x) for x in a], "ahat": [_hex(x) for x in ahat]}

    @classmethod
    def from_state(cls, s):
        p = cls(s["d"], s["T"], _unhex(s["sigma"]), s["seed"], s.get("tree", 0))
        p._p.restore(int(s["t"]), [_unhex(x) for x in s["a"]], [_unhex(x) for x in s["ahat"]])
        return p
