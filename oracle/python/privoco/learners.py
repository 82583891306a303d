"""VDH's learners (privoco run alg1, alg2, alg3), JKT's private sum (run private_sum), JKT's PIGD and PGIGA (run
pigd, pgiga), PQFTL and FTL (run pqftl, ftl), MIP's private OGD (run mip_ogd, mip_bandit), BANCO (run banco) in double, step by step: update with each gradient, predict the
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


class _PrivateOcp:
    """JKT's private OCP learners on f_t(x) = alpha/2 |x|^2 + g_t.x, or phi(g_t.x) + alpha/2 |x|^2 with phi logistic,
    hinge or absolute (`loss`), over the ball of radius `radius` about 0 or the box [-radius, radius]^d (`C_shape`): played()
    is the point x^_t of the coming round, update(g) reveals f_t and returns the cost f_t(x^_t), then forms x_{t+1}
    and x^_{t+1} (beta/t-scaled Gaussian noise at the printed beta, projected). The same arguments give `privoco run`'s
    bits; readings by name as the CLI takes them (the first of each list is the default)."""
    _choices = {"c_parse": ["ln_of_half_ln", "ln_half_times_ln"], "init_reading": ["given", "uniform"],
                "init_coupling": ["independent", "same"], "giga_eta": ["two_over_alpha_t", "one_over_alpha_t"],
                "tq_rounding": ["ceil", "floor_plus_1", "ceil_plus_1"], "tq_burnin": ["random_tq", "update_from_tq_minus_1"],
                "pgiga_lambda": ["alg3", "lem5"], "loss": ["quadratic", "logistic", "hinge", "absolute"],
                "C_shape": ["ball", "box"]}

    def _reading(self, name, value):
        if value not in self._choices[name]:
            raise _privoco.ParamError(f"{self.id}: parameter {name}: '{value}' (one of {', '.join(self._choices[name])})")
        return self._choices[name].index(value)

    def _start(self, update, bound, d, T, alpha, radius, eta, tq, burnin, init_reading, x1, init_coupling, seed, beta,
               loss, C_shape):
        self.d, self.T, self.alpha, self.radius, self.seed = int(d), int(T), float(alpha), float(radius), int(seed)
        self.beta, self.t_q, self.bound = float(beta), int(tq), float(bound)
        init = self._reading("init_reading", init_reading)
        if x1 is not None and init != 0:
            raise _privoco.ParamError(f"{self.id}: parameter x1: given with init_reading=uniform")
        self.x1 = [0.0] * self.d if x1 is None and init == 0 else ([] if x1 is None else [float(v) for v in np.atleast_1d(x1)])
        self._p = _privoco.PrivateOcp(update, self.d, self.T, self.alpha, self.radius, eta, self.t_q, burnin, init,
                                      self.x1, self._reading("init_coupling", init_coupling), self.seed, self.beta,
                                      self.bound, self._reading("loss", loss), self._reading("C_shape", C_shape))

    def played(self):
        return self._p.played()

    def update(self, g):
        return self._p.update(np.atleast_1d(np.asarray(g, dtype=np.float64)))

    @property
    def rounds(self):
        return self._p.rounds()

    def state(self):
        t, x, xhat = self._p.state()
        return {"id": self.id, "args": self._args, "t": int(t), "x": [_hex(v) for v in x], "xhat": [_hex(v) for v in xhat]}

    @classmethod
    def from_state(cls, s):
        o = cls(**s["args"])
        o._p.restore(int(s["t"]), [_unhex(v) for v in s["x"]], [_unhex(v) for v in s["xhat"]])
        return o


class PIGD(_PrivateOcp):
    """JKT Algorithm 2 (privoco run pigd): IGD's exact step, beta = JKT.noise.pigd_beta(L, eps, delta, T); each g must
    satisfy |g| + alpha max_C |x| <= L (else DomainError, as the CLI refuses the row)."""
    id = "JKT.alg.igd_update"

    def __init__(self, L, alpha, radius, eps, delta, T, d, c_parse="ln_of_half_ln", init_reading="given", x1=None,
                 init_coupling="independent", seed=1, loss="quadratic", C_shape="ball"):
        self._args = {"L": float(L), "alpha": float(alpha), "radius": float(radius), "eps": float(eps),
                      "delta": float(delta), "T": int(T), "d": int(d), "c_parse": c_parse, "init_reading": init_reading,
                      "x1": None if x1 is None else [float(v) for v in np.atleast_1d(x1)],
                      "init_coupling": init_coupling, "seed": int(seed), "loss": loss, "C_shape": C_shape}
        self._reading("c_parse", c_parse)
        from . import fast
        beta = float(fast.eval("JKT.noise.pigd_beta", L=L, eps=eps, delta=delta, T=T, c_parse=c_parse).value)
        self._start(0, L, d, T, alpha, radius, 0, 1, 0, init_reading, x1, init_coupling, seed, beta, loss, C_shape)


class PGIGA(_PrivateOcp):
    """JKT Algorithm 3 (privoco run pgiga): burn-in to t_q = JKT.const.giga_tq(L_G, alpha), then GIGA's step; beta =
    JKT.noise.pgiga_beta(G, alpha, eps, delta, T); each g must satisfy |g| + alpha max_C |x| <= G."""
    id = "JKT.alg.giga_update"

    def __init__(self, G, L_G, alpha, radius, eps, delta, T, d, c_parse="ln_of_half_ln", giga_eta="two_over_alpha_t",
                 tq_rounding="ceil", tq_burnin="random_tq", pgiga_lambda="alg3", init_reading="given", x1=None,
                 init_coupling="independent", seed=1, loss="quadratic", C_shape="ball"):
        self._args = {"G": float(G), "L_G": float(L_G), "alpha": float(alpha), "radius": float(radius),
                      "eps": float(eps), "delta": float(delta), "T": int(T), "d": int(d), "c_parse": c_parse,
                      "giga_eta": giga_eta, "tq_rounding": tq_rounding, "tq_burnin": tq_burnin,
                      "pgiga_lambda": pgiga_lambda, "init_reading": init_reading,
                      "x1": None if x1 is None else [float(v) for v in np.atleast_1d(x1)],
                      "init_coupling": init_coupling, "seed": int(seed), "loss": loss, "C_shape": C_shape}
        for name, v in (("c_parse", c_parse), ("tq_rounding", tq_rounding), ("pgiga_lambda", pgiga_lambda)):
            self._reading(name, v)
        from . import fast
        beta = float(fast.eval("JKT.noise.pgiga_beta", G=G, alpha=alpha, eps=eps, delta=delta, T=T, c_parse=c_parse,
                               pgiga_lambda=pgiga_lambda).value)
        tq = int(fast.eval("JKT.const.giga_tq", L_G=L_G, alpha=alpha, tq_rounding=tq_rounding).value)
        self._start(1, G, d, T, alpha, radius, self._reading("giga_eta", giga_eta), tq,
                    self._reading("tq_burnin", tq_burnin), init_reading, x1, init_coupling, seed, beta, loss, C_shape)


class POCP(_PrivateOcp):
    """JKT Algorithm 1 (privoco run pocp) around your own OCP algorithm A: released() is x^_t of the coming round;
    release(x_next) takes A's iterate x_{t+1} after round t (t = 1..T-1; A's update, state and costs are yours) and
    returns x^_{t+1} = Pi_C(x_{t+1} + b_{t+1}), b_{t+1} ~ N(0, beta^2/t^2 I) with beta = JKT.noise.pocp_beta at A's
    lambda_A. Fed IGD's iterates it releases PIGD's points bit for bit; the same arguments give privoco run pocp's bits."""
    id = "JKT.alg.pocp"

    def __init__(self, lambda_A, radius, eps, delta, T, d, c_parse="ln_of_half_ln", init_reading="given", x1=None,
                 init_coupling="independent", seed=1, C_shape="ball"):
        self._args = {"lambda_A": float(lambda_A), "radius": float(radius), "eps": float(eps), "delta": float(delta),
                      "T": int(T), "d": int(d), "c_parse": c_parse, "init_reading": init_reading,
                      "x1": None if x1 is None else [float(v) for v in np.atleast_1d(x1)],
                      "init_coupling": init_coupling, "seed": int(seed), "C_shape": C_shape}
        self.d, self.T, self.radius, self.seed = int(d), int(T), float(radius), int(seed)
        init = self._reading("init_reading", init_reading)
        self._reading("c_parse", c_parse)
        if x1 is not None and init != 0:
            raise _privoco.ParamError(f"{self.id}: parameter x1: given with init_reading=uniform")
        self.x1 = [0.0] * self.d if x1 is None and init == 0 else ([] if x1 is None else [float(v) for v in np.atleast_1d(x1)])
        from . import fast
        self.beta = float(fast.eval("JKT.noise.pocp_beta", lambda_A=lambda_A, eps=eps, delta=delta, T=T,
                                    c_parse=c_parse).value)
        self._p = _privoco.Pocp(self.d, self.T, self.radius, init, self.x1, self._reading("init_coupling", init_coupling),
                                self.seed, self.beta, self._reading("C_shape", C_shape))

    def released(self):
        return self._p.released()

    def release(self, x_next):
        return self._p.release(np.atleast_1d(np.asarray(x_next, dtype=np.float64)))

    @property
    def rounds(self):
        return self._p.rounds()

    def state(self):
        t, xhat = self._p.state()
        return {"id": self.id, "args": self._args, "t": int(t), "xhat": [_hex(v) for v in xhat]}

    @classmethod
    def from_state(cls, s):
        o = cls(**s["args"])
        o._p.restore(int(s["t"]), [_unhex(v) for v in s["xhat"]])
        return o


class PQFTL:
    """JKT Algorithm 4 (privoco run pqftl): x^_1 = 0, then x^_{t+1} = (t alpha I + V^_t)^{-1} u^_t from two Alg 5 trees
    over v_t v_t^T and y_t v_t, each at (eps/2, delta/2) with sigma = JKT.noise.tree_sigma at the bound `tree_bound`
    reads (printed: R^2 for V, R for u; derived: R^2 for both). played() is x^_t of the coming round; update(y, v)
    returns (the cost of quad_loss at x^_t, whether the data were clipped). R is a public bound: data beyond it raise
    DomainError (R_enforce="assert") or are clipped ("clip"). The same arguments give `privoco run pqftl`'s bits."""
    id = "JKT.alg.qftl"
    _choices = {"log_base": ["e", "2", "mixed"], "tree_bound": ["printed", "derived"],
                "quad_loss": ["eq19", "alg4", "sec51"], "R_enforce": ["assert", "clip"]}

    def _reading(self, name, value):
        if value not in self._choices[name]:
            raise _privoco.ParamError(f"{self.id}: parameter {name}: '{value}' (one of {', '.join(self._choices[name])})")
        return self._choices[name].index(value)

    def __init__(self, alpha, R, eps, delta, T, d, log_base="e", tree_bound="printed", quad_loss="eq19",
                 R_enforce="assert", seed=1):
        self._args = {"alpha": float(alpha), "R": float(R), "eps": float(eps), "delta": float(delta), "T": int(T),
                      "d": int(d), "log_base": log_base, "tree_bound": tree_bound, "quad_loss": quad_loss,
                      "R_enforce": R_enforce, "seed": int(seed)}
        for name in ("log_base", "tree_bound", "quad_loss", "R_enforce"):
            self._reading(name, self._args[name])
        from . import fast
        R = float(R)
        bV = R * R
        bu = R * R if tree_bound == "derived" else R
        sigma = [float(fast.eval("JKT.noise.tree_sigma", R=b, eps=float(eps) / 2, delta=float(delta) / 2, T=int(T),
                                 log_base=log_base).value) for b in (bV, bu)]
        self.sigma_V, self.sigma_u = sigma
        self.d, self.T = int(d), int(T)
        self._p = _privoco.PrivateQftl(self.d, self.T, float(alpha), R, self._reading("R_enforce", R_enforce),
                                       self._reading("quad_loss", quad_loss), int(seed), self.sigma_V, self.sigma_u,
                                       False)

    def played(self):
        return self._p.played()

    def update(self, y, v):
        return self._p.update(float(y), np.atleast_1d(np.asarray(v, dtype=np.float64)))

    @property
    def rounds(self):
        return self._p.rounds()

    def state(self):
        t, xhat, Vt, Va, Vahat, ut, ua, uahat = self._p.state()
        h = lambda xs: [_hex(v) for v in xs]
        return {"id": self.id, "args": self._args, "t": int(t), "xhat": h(xhat), "V_t": int(Vt), "V_a": h(Va),
                "V_ahat": h(Vahat), "u_t": int(ut), "u_a": h(ua), "u_ahat": h(uahat)}

    @classmethod
    def from_state(cls, s):
        o = cls(**s["args"])
        u = lambda xs: [_unhex(v) for v in xs]
        o._p.restore((int(s["t"]), u(s["xhat"]), int(s["V_t"]), u(s["V_a"]), u(s["V_ahat"]), int(s["u_t"]),
                      u(s["u_a"]), u(s["u_ahat"])))
        return o


class FTL(PQFTL):
    """JKT Eq (20) (privoco run ftl): Follow the Leader of the charged loss on Eq (19)'s family over R^d, x^_1 = 0 and
    x^_{t+1} = (V_t + t (a alpha/(2c)) I)^{-1} u_t from the exact sums (no noise); the same arguments give privoco run
    ftl's bits."""
    id = "JKT.alg.ftl"

    def __init__(self, alpha, R, T, d, quad_loss="eq19", R_enforce="assert"):
        self._args = {"alpha": float(alpha), "R": float(R), "T": int(T), "d": int(d), "quad_loss": quad_loss,
                      "R_enforce": R_enforce}
        for name in ("quad_loss", "R_enforce"):
            self._reading(name, self._args[name])
        self.sigma_V = self.sigma_u = 0.0
        self.d, self.T = int(d), int(T)
        self._p = _privoco.PrivateQftl(self.d, self.T, float(alpha), float(R), self._reading("R_enforce", R_enforce),
                                       self._reading("quad_loss", quad_loss), 1, 0.0, 0.0, True)


class MipOGD:
    """MIP Algorithm 1 (privoco run mip_ogd; bandit=True: Algorithm 2, run mip_bandit): private OGD on S, the ball about
    c of radius h (S_shape="ball") or the box c +- h (h a number or d numbers; c defaults to 0). played() is w_t of the
    coming round; update(g) reveals f_t (g_t.w for loss="linear", |w - g_t|^2/2 for "quadratic") and returns the
    charged loss, then releases z~_t = z_t + v_t (v_t ~ N(0, sigma^2 I); noise() and, for Alg 2, direction() are the
    round's draws) and plays w_{t+1} = Pi_S(eta theta_{t+1}). An f_t whose Lipschitz constant on S (+ delta B) exceeds L
    is refused. The same arguments give privoco run's bits; readings by name as the CLI takes them."""
    _choices = {"S_shape": ["ball", "box"], "w1_reading": ["proj_zero", "given"], "loss": ["linear", "quadratic"],
                "bandit_loss_point": ["queried", "center"]}

    def __init__(self, eta, sigma, L, T, d, h, c=None, S_shape="ball", w1_reading="proj_zero", w1=None, loss="linear",
                 bandit=False, delta=None, bandit_loss_point="queried", seed=1):
        self.id = "MIP.alg.bandit" if bandit else "MIP.alg.full_info"
        d = int(d)
        vec = lambda v: [float(x) for x in np.broadcast_to(np.asarray(v, dtype=np.float64), (d,))]
        if bandit and delta is None:
            raise _privoco.ParamError(f"{self.id}: parameter delta: missing (the exploration radius of Alg 2)")
        if not bandit and delta is not None:
            raise _privoco.ParamError(f"{self.id}: parameter delta: given for Alg 1 (bandit=False draws no directions)")
        if (w1 is None) != (w1_reading != "given"):
            raise _privoco.ParamError(f"{self.id}: parameter w1: w1 is the point of w1_reading=given (and only of it)")
        self._args = {"eta": float(eta), "sigma": float(sigma), "L": float(L), "T": int(T), "d": d, "h": vec(h),
                      "c": vec(0.0 if c is None else c), "S_shape": S_shape, "w1_reading": w1_reading,
                      "w1": None if w1 is None else vec(w1), "loss": loss, "bandit": bool(bandit),
                      "delta": None if delta is None else float(delta), "bandit_loss_point": bandit_loss_point,
                      "seed": int(seed)}
        a = self._args
        self._p = _privoco.PrivateOgd(a["bandit"], d, a["T"], a["eta"], a["sigma"], a["L"], a["delta"] or 1.0,
                                      self._reading("S_shape", S_shape), a["c"], a["h"],
                                      self._reading("w1_reading", w1_reading), a["w1"] or [],
                                      self._reading("bandit_loss_point", bandit_loss_point), self._reading("loss", loss),
                                      a["seed"])

    def _reading(self, name, value):
        if value not in self._choices[name]:
            raise _privoco.ParamError(f"{self.id}: parameter {name}: '{value}' (one of {', '.join(self._choices[name])})")
        return self._choices[name].index(value)

    def played(self):
        return self._p.played()

    def update(self, g):
        return self._p.update(np.atleast_1d(np.asarray(g, dtype=np.float64)))

    def noise(self):
        return self._p.noise()

    def direction(self):
        return self._p.direction()

    @property
    def rounds(self):
        return self._p.rounds()

    def state(self):
        t, theta = self._p.state()
        return {"id": self.id, "args": self._args, "t": int(t), "theta": [_hex(v) for v in theta]}

    @classmethod
    def from_state(cls, s):
        o = cls(**s["args"])
        o._p.restore(int(s["t"]), [_unhex(v) for v in s["theta"]])
        return o


class Banco:
    """BANCO Algorithm 1 (privoco run banco): played() is w_t = m_t q_t of the coming round; update(g) takes the true
    negative subgradient g_t (|g_t| <= G, refused otherwise), adds the Laplace-l2 noise xi_t ~ exp(-(eps/(2G)) |z|)
    (noise() is the round's draw), and returns the coin s_t = <g_t + xi_t, q_t>; bet() is (m_t, status, ln|m_t|), the
    status "overflow" where m_t leaves the double range. The readings by name as the CLI takes them; sigma2, sigma1d2
    and b default to the Thm 2 instance's constants scaled by G (constants() shows what the run uses); lam is the
    CLI's lambda (a Python keyword)."""
    _choices = {"dir_sign": ["+1", "-1"], "k1_value": ["printed", "root"], "a_reading": ["inv_b", "inv_2b"],
                "c_reading": ["sigma1d2", "sigma2"], "b_reading": ["four_over_eps", "eps_over_four"],
                "sigma1d2_mode": ["printed", "minimal"]}
    id = "BANCO.alg.banco"

    def __init__(self, T, G, eps, lam, d, dir_sign="+1", k1_value="printed", a_reading="inv_b", c_reading="sigma1d2",
                 b_reading="four_over_eps", sigma1d2_mode="printed", sigma2=None, sigma1d2=None, b=None, seed=1):
        opt = lambda v: float("nan") if v is None else float(v)
        self._args = {"T": int(T), "G": float(G), "eps": float(eps), "lam": float(lam), "d": int(d),
                      "dir_sign": str(dir_sign), "k1_value": k1_value, "a_reading": a_reading, "c_reading": c_reading,
                      "b_reading": b_reading, "sigma1d2_mode": sigma1d2_mode, "sigma2": sigma2, "sigma1d2": sigma1d2,
                      "b": b, "seed": int(seed)}
        a = self._args
        sign = 1 if self._reading("dir_sign", a["dir_sign"]) == 0 else -1
        self._p = _privoco.Banco(a["d"], a["T"], a["G"], a["eps"], a["lam"], sign, self._reading("k1_value", k1_value),
                                 self._reading("a_reading", a_reading), self._reading("c_reading", c_reading),
                                 self._reading("b_reading", b_reading), self._reading("sigma1d2_mode", sigma1d2_mode),
                                 opt(sigma2), opt(sigma1d2), opt(b), a["seed"])

    def _reading(self, name, value):
        if value not in self._choices[name]:
            raise _privoco.ParamError(f"{self.id}: parameter {name}: '{value}' (one of {', '.join(self._choices[name])})")
        return self._choices[name].index(value)

    def played(self):
        return self._p.played()

    def update(self, g):
        return self._p.update(np.atleast_1d(np.asarray(g, dtype=np.float64)))

    def noise(self):
        return self._p.noise()

    def direction(self):
        return self._p.direction()

    def bet(self):
        return self._p.bet()

    def constants(self):
        return self._p.constants()

    @property
    def rounds(self):
        return self._p.rounds()

    def state(self):
        t, xh, xl, sh, sl, wh, wl, q = self._p.state()
        return {"id": self.id, "args": self._args, "t": int(t), "X": [_hex(xh), _hex(xl)], "S": [_hex(sh), _hex(sl)],
                "W": [_hex(wh), _hex(wl)], "q": [_hex(v) for v in q]}

    @classmethod
    def from_state(cls, s):
        o = cls(**s["args"])
        u = lambda k: [_unhex(v) for v in s[k]]
        o._p.restore((int(s["t"]), *u("X"), *u("S"), *u("W"), u("q")))
        return o
