"""The learners side by side: each privoco learner through the Python module against the loop a user would write with
numpy, on the same data in the same run (coordinate-steps per second: rounds times d), and the loop's outputs judged
by privoco: VDH Alg 3 by the reference at the loop's own state, every other learner by the certified replay of
`privoco check --stream` (with the loop's own noise where the learner draws any, or privoco's draws fed to the loop).
Used by bench_table.py (its README table) and tests/oracle/bench_table_test.py."""
import csv
import json
import os
import subprocess
import tempfile
import time
import warnings

import numpy as np

from naive_numpy import naive_pred_conj


def time_side_by_side(rounds, d, step, naive):
    """Coordinate-steps per second of a privoco learner (step(t) for t = 0..rounds-1) and of naive() (the numpy loop,
    warnings silenced), in that order; and naive()'s result."""
    t0 = time.perf_counter()
    for t in range(rounds):
        step(t)
    fast = rounds * d / (time.perf_counter() - t0)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        t0 = time.perf_counter()
        out = naive()
        return fast, rounds * d / (time.perf_counter() - t0), out


def vector(prefix, d):
    return [f"{prefix}{j + 1}" for j in range(d)]


def judge_stream(cli, stream, header, rows, params, options=()):
    """(failed, predictions): a run written as CSV (header; rows of numbers, NaN written empty: a round without that
    value) judged against the certified replay by `privoco check --stream STREAM` with the run's parameters."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, stream + ".csv")
        with open(path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(header)
            for row in rows:
                w.writerow(["" if np.isnan(v) else repr(float(v)) for v in row])
        args = [f"{k}={v!r}" if isinstance(v, float) else f"{k}={v}" for k, v in params.items()]
        out = subprocess.run([cli, "check", path, "--stream", stream, "--json", *options, *args],
                             capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise RuntimeError(f"privoco check --stream {stream} exited {out.returncode}: {out.stderr.strip()}")
    summary = json.loads(out.stdout.strip().splitlines()[-1])["summary"]
    return int(summary["failed"]), int(summary["predictions"])


def result(learner, rounds, d, fast, naive, out, off, judged, judged_run=None):
    r = {"learner": learner, "rounds": rounds, "d": d, "privoco_per_s": fast, "naive_per_s": naive,
         "privoco_over_naive": fast / naive, "evaluated": int(out.size),
         "not_finite": int(np.count_nonzero(~np.isfinite(out))), "judged": judged, "off_16ulp": off}
    if judged_run:
        r["judged_run"] = judged_run
    return r


def cli_of(bench):
    return os.path.join(os.path.dirname(os.path.abspath(bench)), "privoco")


def ball(z, r):
    n = np.linalg.norm(z)
    return z * (r / n) if n > r else z


# --- VDH ------------------------------------------------------------------------------------------------------------

def alg3_naive(g, b, G):
    """VDH Alg 3 as a numpy loop: each round the corrected eq (7) (naive_numpy.py) vectorised over the coordinates,
    then L -= g_t, V += g_t^2 in doubles. The predictions (T, d) and the states (L, V) they were made at."""
    T, d = g.shape
    L, V = np.zeros(d), np.zeros(d)
    w, Ls, Vs = np.empty((T, d)), np.empty((T, d)), np.empty((T, d))
    for t in range(T):
        Ls[t], Vs[t] = L, V
        w[t] = naive_pred_conj(L, V, b, G)
        L, V = L - g[t], V + g[t] * g[t]
    return w, Ls, Vs


def alg3_side_by_side(bench, rounds, d, judge_m, seed=1):
    """VDH Alg 3 (conjugate prior, b = 1, G = 1) over `rounds` rows of d Gaussian gradients (mean 0.2 (j mod 7 - 3),
    as privoco_bench's BM_Alg3): privoco.learners.Alg3 (predict, update) against alg3_naive; of a seeded sample of
    the loop's finite predictions, how many privoco's reference judges off by more than 16 ulp (VDH.pred.conj at the
    loop's own state)."""
    import privoco
    rng = np.random.default_rng(seed)
    g = rng.normal(size=(rounds, d)) + 0.2 * (np.arange(d) % 7 - 3)
    b, G = np.ones(d), 1.0
    a = privoco.learners.Alg3(b, G)
    fast, naive, (w, Ls, Vs) = time_side_by_side(rounds, d, lambda t: (a.predict(), a.update(g[t])),
                                                 lambda: alg3_naive(g, b, G))
    w, Ls, Vs = w.ravel(), Ls.ravel(), Vs.ravel()
    finite = np.flatnonzero(np.isfinite(w))
    pick = np.sort(np.random.default_rng(seed).choice(finite, size=min(judge_m, finite.size), replace=False))
    r = privoco.check("VDH.pred.conj", w[pick], ulps=16, L=Ls[pick], V=Vs[pick], b=1.0, G=G)
    return result("VDH.alg.alg3", rounds, d, fast, naive, w, int(np.count_nonzero(r.verdict != "pass")), int(pick.size))


def alg1_naive(g, b, G):
    """VDH Alg 1 as a Python loop: w_t by the corrected eq (7) (naive_numpy.py) on scalars, then L -= g_t,
    V += g_t^2 in doubles. The predictions (T,)."""
    L = V = 0.0
    w = np.empty(g.size)
    for t, gt in enumerate(g):
        w[t] = naive_pred_conj(L, V, b, G)
        L, V = L - gt, V + gt * gt
    return w


def alg1_side_by_side(bench, rounds, judge_rounds, seed=1):
    """VDH Alg 1 (conjugate prior, b = 1, G = 1) over `rounds` gradients N(-0.4, 1): privoco.learners.Alg1 (predict,
    update) against alg1_naive; the loop's first judge_rounds predictions judged by `check --stream alg1 --sums
    double` (the certified prediction at the loop's own double sums)."""
    import privoco
    g = np.random.default_rng(seed).normal(-0.4, 1.0, rounds)
    a = privoco.learners.Alg1(1.0, 1.0)
    fast, naive, w = time_side_by_side(rounds, 1, lambda t: (a.predict(), a.update(g[t])), lambda: alg1_naive(g, 1.0, 1.0))
    off, judged = judge_alg1(cli_of(bench), g[:judge_rounds], w[:judge_rounds])
    return result("VDH.alg.alg1", rounds, 1, fast, naive, w, off, judged, f"the first {judge_rounds} rounds")


def judge_alg1(cli, g, w):
    return judge_stream(cli, "alg1", ["g", "w"], np.column_stack([g, w]), {"b": 1.0, "G": 1.0}, ["--sums", "double"])


def alg2_naive(g, b, G, step_scale=1.0):
    """VDH Alg 2 as a numpy loop: w_t = v_t z_t, v_t by the corrected eq (7) at the scalar sums of s_t = <z_t, g_t>
    (doubles), z_{t+1} = Pi(z_t - g_t/sqrt(sum_s |g_s|^2)) on the unit ball (no step while the sum is 0).
    step_scale multiplies the direction's step (1: Alg 2; else the test's sibling). The predictions (T, d)."""
    T, d = g.shape
    z, W = np.zeros(d), np.empty((T, d))
    L = V = S = 0.0
    for t in range(T):
        W[t] = naive_pred_conj(L, V, b, G) * z
        s = float(z @ g[t])
        L, V, S = L - s, V + s * s, S + float(g[t] @ g[t])
        if S > 0:
            z = ball(z - step_scale * g[t] / np.sqrt(S), 1.0)
    return W


def alg2_side_by_side(bench, rounds, d, judge_rounds, judge_d, seed=1):
    """VDH Alg 2 (conjugate prior, b = 1, G = 1) over `rounds` rows of d gradients uniform in [-1, 1] plus 0.3 in the
    first coordinate: privoco.learners.Alg2 (predict, update) against alg2_naive; the loop on the first judge_rounds
    rows and judge_d coordinates judged by `check --stream alg2 --rel 1e-12` (z_t carries every earlier step's
    rounding, so a coordinate near a zero of z is ill-conditioned: the replay's tolerance for double programs)."""
    import privoco
    g = np.random.default_rng(seed).uniform(-1, 1, size=(rounds, d))
    g[:, 0] += 0.3
    a = privoco.learners.Alg2(d, 1.0, 1.0)
    fast, naive, W = time_side_by_side(rounds, d, lambda t: (a.predict(), a.update(g[t])), lambda: alg2_naive(g, 1.0, 1.0))
    gj = np.ascontiguousarray(g[:judge_rounds, :judge_d])
    off, judged = judge_alg2(cli_of(bench), gj, alg2_naive(gj, 1.0, 1.0))
    return result("VDH.alg.alg2", rounds, d, fast, naive, W, off, judged,
                  f"{judge_rounds} rounds, d = {judge_d}, relative 1e-12")


def judge_alg2(cli, g, W):
    d = g.shape[1]
    return judge_stream(cli, "alg2", vector("g", d) + vector("w", d), np.hstack([g, W]), {"b": 1.0, "G": 1.0},
                        ["--rel", "1e-12"])


# --- MIP ------------------------------------------------------------------------------------------------------------

def mip_ogd_naive(g, eta, sigma, r, rng=None, v=None):
    """MIP Alg 1 (linear losses, the ball of radius r about 0) as a numpy loop: play w_t = Pi(eta theta_t), then
    theta -= g_t + v_t with v_t ~ N(0, sigma^2 I) drawn by numpy (or the given rows v). The played points (T, d)."""
    T, d = g.shape
    theta, W = np.zeros(d), np.empty((T, d))
    for t in range(T):
        W[t] = ball(eta * theta, r)
        theta -= g[t] + (rng.normal(0.0, sigma, d) if v is None else v[t])
    return W


def mip_ogd_side_by_side(bench, rounds, d, judge_rounds, judge_d, seed=1):
    """MIP Alg 1 (full information) over `rounds` rows of d linear losses g_t uniform in [-1e-3, 1e-3]^d on the unit
    ball, eta = 0.05, sigma = 1 (as privoco_bench's BM_MipOgd): privoco.learners.MipOGD (played, update; its own
    draws) against mip_ogd_naive (numpy's draws). Judged: the loop on the first judge_rounds rows and judge_d
    coordinates of the same gradients, fed privoco's noise draws of that run, by `check --stream mip_ogd`."""
    import privoco
    eta, sigma, r = 0.05, 1.0, 1.0
    g = np.random.default_rng(seed).uniform(-1e-3, 1e-3, size=(rounds, d))
    a = privoco.learners.MipOGD(eta=eta, sigma=sigma, L=1.0, T=rounds, d=d, h=r, seed=seed)
    fast, naive, W = time_side_by_side(rounds, d, lambda t: (a.played(), a.update(g[t])),
                                       lambda: mip_ogd_naive(g, eta, sigma, r, rng=np.random.default_rng(seed + 1)))
    gj = np.ascontiguousarray(g[:judge_rounds, :judge_d])
    b = privoco.learners.MipOGD(eta=eta, sigma=sigma, L=1.0, T=judge_rounds, d=judge_d, h=r, seed=seed)
    v = np.empty_like(gj)
    for t in range(judge_rounds):
        b.update(gj[t])
        v[t] = b.noise()
    off, judged = judge_mip_ogd(cli_of(bench), gj, v, mip_ogd_naive(gj, eta, sigma, r, v=v), eta, sigma, r)
    return result("MIP.alg.full_info", rounds, d, fast, naive, W, off, judged,
                  f"{judge_rounds} rounds, d = {judge_d}, privoco's noise")


def judge_mip_ogd(cli, g, v, W, eta, sigma, r):
    """A run of MIP Alg 1 (linear losses g, noise v, played points W, the ball of radius r about 0) against the
    certified replay (16 ulp of the rounding scale)."""
    T, d = g.shape
    return judge_stream(cli, "mip_ogd", vector("g", d) + vector("v", d) + vector("w", d), np.hstack([g, v, W]),
                        {"eta": eta, "sigma": sigma, "L": 1, "T": T, "h": r})


def mip_bandit_naive(g, eta, sigma, r, delta, rng=None, v=None, e=None, scale=1.0):
    """MIP Alg 2 (linear losses, the ball of radius r about 0) as a numpy loop: play w_t = Pi(eta theta_t), draw e_t
    uniform on the sphere (a normal vector over its norm; or the given rows e), query p_t = w_t + delta e_t, then
    theta -= (d/delta) f_t(p_t) e_t + v_t, v_t ~ N(0, sigma^2 I) by numpy (or the given rows v). scale multiplies
    the gradient estimate (1: Alg 2; else the test's sibling). The played points, the noise and the directions."""
    T, d = g.shape
    theta, W, V, E = np.zeros(d), np.empty((T, d)), np.empty((T, d)), np.empty((T, d))
    for t in range(T):
        W[t] = ball(eta * theta, r)
        if e is None:
            n = rng.normal(size=d)
            E[t] = n / np.linalg.norm(n)
        else:
            E[t] = e[t]
        V[t] = rng.normal(0.0, sigma, d) if v is None else v[t]
        theta -= scale * (d / delta) * float(g[t] @ (W[t] + delta * E[t])) * E[t] + V[t]
    return W, V, E


MIP_BANDIT_PARAMS = {"eta": 0.05, "sigma": 1.0, "L": 1.0, "h": 1.0, "delta": 0.5}


def judge_mip_bandit(cli, g, W, V, E):
    """A run of MIP Alg 2 (MIP_BANDIT_PARAMS) with its own noise and directions against the certified replay from its
    own points (replay=conditional: 16 ulp of the round's rounding scale)."""
    T, d = g.shape
    return judge_stream(cli, "mip_bandit", vector("g", d) + vector("v", d) + vector("e", d) + vector("w", d),
                        np.hstack([g, V, E, W]), {**MIP_BANDIT_PARAMS, "T": T})


def mip_bandit_side_by_side(bench, rounds, d, judge_rounds, judge_d, seed=1):
    """MIP Alg 2 (bandit, MIP_BANDIT_PARAMS) over BM_MipOgd's kind of data (g_t uniform in [-1e-3, 1e-3]^d):
    privoco.learners.MipOGD(bandit=True) against mip_bandit_naive (numpy's draws); the loop on the first judge_rounds
    rows and judge_d coordinates judged with its own noise and directions by `check --stream mip_bandit`."""
    import privoco
    P = MIP_BANDIT_PARAMS
    g = np.random.default_rng(seed).uniform(-1e-3, 1e-3, size=(rounds, d))
    a = privoco.learners.MipOGD(eta=P["eta"], sigma=P["sigma"], L=P["L"], T=rounds, d=d, h=P["h"], bandit=True,
                                delta=P["delta"], seed=seed)
    fast, naive, (W, _, _) = time_side_by_side(rounds, d, lambda t: (a.played(), a.update(g[t])), lambda: mip_bandit_naive(
        g, P["eta"], P["sigma"], P["h"], P["delta"], rng=np.random.default_rng(seed + 1)))
    gj = np.ascontiguousarray(g[:judge_rounds, :judge_d]) * np.sqrt(d / judge_d)
    Wj, Vj, Ej = mip_bandit_naive(gj, P["eta"], P["sigma"], P["h"], P["delta"], rng=np.random.default_rng(seed + 2))
    off, judged = judge_mip_bandit(cli_of(bench), gj, Wj, Vj, Ej)
    return result("MIP.alg.bandit", rounds, d, fast, naive, W, off, judged,
                  f"{judge_rounds} rounds, d = {judge_d}, its own noise and directions")


# --- JKT ------------------------------------------------------------------------------------------------------------

PIGD_PARAMS = {"L": 2.0, "alpha": 1.0, "radius": 1.0, "eps": 1.0, "delta": 1e-6}
PGIGA_PARAMS = {"G": 2.0, "L_G": 1.0, "alpha": 1.0, "radius": 1.0, "eps": 1.0, "delta": 1e-6}


def igd_step(alpha, step_offset=1):
    """JKT Eq (13) on alpha/2|x|^2 + g.x: (t x_t - g_t/alpha)/(t + 1) before the projection (step_offset 0 divides
    by t: the test's sibling)."""
    return lambda t, x, g: (t * x - g / alpha) / (t + step_offset)


def giga_step(alpha, k=2):
    """JKT Alg 3 l.6: x_t - (k/(alpha t)) (alpha x_t + g_t), k = 2 (giga_eta two_over_alpha_t)."""
    return lambda t, x, g: ((t - k) * x - k * g / alpha) / t


def ocp_naive(g, beta, rng, step, r=1.0, first_step=1):
    """JKT Alg 2 and 3 (and Alg 1 around IGD) as a numpy loop on alpha/2|x|^2 + g_t.x over the ball of radius r,
    x_1 = x^_1 = 0: release x^_t; from round first_step on x_{t+1} = Pi(step(t, x_t, g_t)), b_{t+1} ~ N(0, (beta/t)^2 I)
    by numpy, x^_{t+1} = Pi(x_{t+1} + b_{t+1}); before it (PGIGA's burn-in, the start point given) x_{t+1} = x^_{t+1}
    = 0 and no draw; round T releases nothing. The released points (T, d), the noise rows and the iterates x_{t+1}
    (row t - 1; NaN where a round has none)."""
    T, d = g.shape
    x, xh = np.zeros(d), np.zeros(d)
    XH, B, X = np.empty((T, d)), np.full((T, d), np.nan), np.full((T, d), np.nan)
    for t in range(1, T + 1):
        XH[t - 1] = xh
        if t == T:
            break
        if t < first_step:
            x, xh = np.zeros(d), np.zeros(d)
            continue
        x = ball(step(t, x, g[t - 1]), r)
        b = rng.normal(0.0, beta / t, d)
        X[t - 1], B[t - 1] = x, b
        xh = ball(x + b, r)
    return XH, B, X


def judge_ocp(cli, stream, params, g, XH, B, X=None):
    """A PIGD or PGIGA run's released points (or POCP's, stream "pocp": X the iterates it was fed) against the
    certified replay with the run's own noise (T = the rows), at 16 ulp of the radius."""
    T, d = g.shape
    if stream == "pocp":
        return judge_stream(cli, "pocp", vector("x", d) + vector("xhat", d) + vector("b", d),
                            np.hstack([X[:-1], XH[1:], B[:-1]]), {**params, "T": T})
    return judge_stream(cli, stream, vector("g", d) + vector("xhat", d) + vector("b", d), np.hstack([g, XH, B]),
                        {**params, "T": T})


def _ocp_data(rounds, d, seed):
    """privoco_bench's BM_JktOcp data: rows g_t uniform in [-1e-3, 1e-3]^d."""
    return np.random.default_rng(seed).uniform(-1e-3, 1e-3, size=(rounds, d))


def _fast(privoco, id, **params):
    return float(privoco.fast.eval(id, **params).value)


def pigd_side_by_side(bench, rounds, d, judge_rounds, judge_d, seed=1):
    """JKT PIGD (T = rounds + 1, PIGD_PARAMS, beta = JKT.noise.pigd_beta of them) on BM_JktOcp's data:
    privoco.learners.PIGD (played, update) against ocp_naive with IGD's step (numpy's draws); the loop on the first
    judge_rounds rows and judge_d coordinates judged with its own noise by `check --stream pigd`."""
    import privoco
    P = PIGD_PARAMS
    g = _ocp_data(rounds, d, seed)
    a = privoco.learners.PIGD(P["L"], P["alpha"], P["radius"], P["eps"], P["delta"], rounds + 1, d, seed=seed)
    beta = lambda T: _fast(privoco, "JKT.noise.pigd_beta", L=P["L"], eps=P["eps"], delta=P["delta"], T=float(T),
                           c_parse="ln_of_half_ln")
    step = igd_step(P["alpha"])
    fast, naive, (XH, _, _) = time_side_by_side(rounds, d, lambda t: (a.played(), a.update(g[t])), lambda: ocp_naive(
        np.vstack([g, np.zeros((1, d))]), beta(rounds + 1), np.random.default_rng(seed + 1), step, P["radius"]))
    gj = np.ascontiguousarray(g[:judge_rounds, :judge_d])
    XHj, Bj, _ = ocp_naive(gj, beta(judge_rounds), np.random.default_rng(seed + 2), step, P["radius"])
    off, judged = judge_ocp(cli_of(bench), "pigd", P, gj, XHj, Bj)
    return result("JKT.alg.igd_update", rounds, d, fast, naive, XH[:rounds], off, judged,
                  f"{judge_rounds} rounds, d = {judge_d}, its own noise")


def pgiga_side_by_side(bench, rounds, d, judge_rounds, judge_d, seed=1):
    """JKT PGIGA (T = rounds + 1, PGIGA_PARAMS: t_q = JKT.const.giga_tq(L_G, alpha) = 2, so round 1 is burn-in;
    beta = JKT.noise.pgiga_beta) on BM_JktOcp's data: privoco.learners.PGIGA against ocp_naive with GIGA's step
    2/(alpha t); the loop judged with its own noise by `check --stream pgiga`."""
    import privoco
    P = PGIGA_PARAMS
    g = _ocp_data(rounds, d, seed)
    a = privoco.learners.PGIGA(P["G"], P["L_G"], P["alpha"], P["radius"], P["eps"], P["delta"], rounds + 1, d, seed=seed)
    beta = lambda T: _fast(privoco, "JKT.noise.pgiga_beta", G=P["G"], alpha=P["alpha"], eps=P["eps"], delta=P["delta"],
                           T=float(T), c_parse="ln_of_half_ln", pgiga_lambda="alg3")
    tq = int(_fast(privoco, "JKT.const.giga_tq", L_G=P["L_G"], alpha=P["alpha"], tq_rounding="ceil"))
    step = giga_step(P["alpha"])
    fast, naive, (XH, _, _) = time_side_by_side(rounds, d, lambda t: (a.played(), a.update(g[t])), lambda: ocp_naive(
        np.vstack([g, np.zeros((1, d))]), beta(rounds + 1), np.random.default_rng(seed + 1), step, P["radius"], tq))
    gj = np.ascontiguousarray(g[:judge_rounds, :judge_d])
    XHj, Bj, _ = ocp_naive(gj, beta(judge_rounds), np.random.default_rng(seed + 2), step, P["radius"], tq)
    off, judged = judge_ocp(cli_of(bench), "pgiga", P, gj, XHj, Bj)
    return result("JKT.alg.giga_update", rounds, d, fast, naive, XH[:rounds], off, judged,
                  f"{judge_rounds} rounds, d = {judge_d}, its own noise")


def pocp_side_by_side(bench, rounds, d, judge_rounds, judge_d, seed=1):
    """JKT POCP around the user's IGD (numpy's exact step on BM_JktOcp's data, lambda_A = 2L, PIGD_PARAMS' C and
    privacy): privoco.learners.POCP.release of each iterate against the same loop releasing with numpy's noise
    (ocp_naive); the loop judged with its own noise by `check --stream pocp`."""
    import privoco
    P = PIGD_PARAMS
    params = {"lambda_A": 2 * P["L"], "radius": P["radius"], "eps": P["eps"], "delta": P["delta"]}
    g = _ocp_data(rounds, d, seed)
    a = privoco.learners.POCP(params["lambda_A"], P["radius"], P["eps"], P["delta"], rounds + 1, d, seed=seed)
    step = igd_step(P["alpha"])
    x = [np.zeros(d)]

    def release(t):  # the user's IGD step in numpy, then privoco's release
        x[0] = ball(step(t + 1, x[0], g[t]), P["radius"])
        a.release(x[0])
    beta = lambda T: _fast(privoco, "JKT.noise.pocp_beta", T=float(T), c_parse="ln_of_half_ln",
                           **{k: params[k] for k in ("lambda_A", "eps", "delta")})
    fast, naive, (XH, _, _) = time_side_by_side(rounds, d, release, lambda: ocp_naive(
        np.vstack([g, np.zeros((1, d))]), beta(rounds + 1), np.random.default_rng(seed + 1), step, P["radius"]))
    gj = np.ascontiguousarray(g[:judge_rounds, :judge_d])
    XHj, Bj, Xj = ocp_naive(gj, beta(judge_rounds), np.random.default_rng(seed + 2), step, P["radius"])
    off, judged = judge_ocp(cli_of(bench), "pocp", params, gj, XHj, Bj, Xj)
    return result("JKT.alg.pocp", rounds, d, fast, naive, XH[1:rounds + 1], off, judged,
                  f"{judge_rounds} rounds, d = {judge_d}, its own noise")


def ftl_naive(y, v, alpha, shift=1):
    """JKT Eq (20) (FTL of Eq (19)'s loss over R^d, quad_loss eq19) as a numpy loop: play x_t, then V += v_t v_t^T,
    u += y_t v_t and x_{t+1} = solve(V + t alpha I, u) (shift 2: (t + 1) alpha, the test's sibling). The played
    points (T, d)."""
    T, d = v.shape
    V, u, x, X = np.zeros((d, d)), np.zeros(d), np.zeros(d), np.empty((T, d))
    for t in range(T):
        X[t] = x
        V += np.outer(v[t], v[t])
        u += y[t] * v[t]
        x = np.linalg.solve(V + (t + shift) * alpha * np.eye(d), u)
    return X


def ftl_data(rounds, d, seed):
    """JKT Sec 5.1's synthetic data: v_t ~ N(0, I/d), y_t = v_t.x* + N(0, 0.01), x* = (1, ..., 1)/sqrt(d)."""
    rng = np.random.default_rng(seed)
    v = rng.normal(0.0, 1.0 / np.sqrt(d), size=(rounds, d))
    return v @ np.full(d, 1.0 / np.sqrt(d)) + rng.normal(0.0, 0.1, rounds), v


def ftl_side_by_side(bench, rounds, d, judge_rounds, judge_d, seed=1):
    """JKT FTL (Eq (20), alpha = 1, R = 10, T = rounds) on ftl_data: privoco.learners.FTL (played, update) against
    ftl_naive (numpy's solve each round); the loop on the first judge_rounds rows and judge_d coordinates judged by
    `check --stream ftl` (in ulps of the solve's rounding scale)."""
    import privoco
    y, v = ftl_data(rounds, d, seed)
    a = privoco.learners.FTL(1.0, 10.0, rounds, d)
    fast, naive, X = time_side_by_side(rounds, d, lambda t: (a.played(), a.update(y[t], v[t])),
                                       lambda: ftl_naive(y, v, 1.0))
    yj, vj = y[:judge_rounds], np.ascontiguousarray(v[:judge_rounds, :judge_d])
    off, judged = judge_ftl(cli_of(bench), yj, vj, ftl_naive(yj, vj, 1.0))
    return result("JKT.alg.ftl", rounds, d, fast, naive, X, off, judged, f"{judge_rounds} rounds, d = {judge_d}")


def judge_ftl(cli, y, v, X):
    T, d = v.shape
    return judge_stream(cli, "ftl", ["y"] + vector("v", d) + vector("xhat", d), np.column_stack([y, v, X]),
                        {"alpha": 1.0, "R": 10.0, "T": T})


def tree_naive(rows, sigma, rng):
    """JKT Alg 5 (the binary mechanism) as a numpy loop in O(log T) registers: at row t the node of t's lowest set bit
    i takes the rows since the last such node (the registers below it and w_t), with a fresh N(0, sigma^2) draw per
    coordinate, the registers below it cleared; the noisy prefix sum is the sum of the occupied registers (those of
    t's set bits). The noisy sums (T, k)."""
    T, k = rows.shape
    exact, noisy, out = np.zeros((T.bit_length() + 1, k)), np.zeros((T.bit_length() + 1, k)), np.empty((T, k))
    for t in range(1, T + 1):
        i = (t & -t).bit_length() - 1
        exact[i] = exact[:i].sum(axis=0) + rows[t - 1]
        exact[:i], noisy[:i] = 0, 0
        noisy[i] = exact[i] + rng.normal(0.0, sigma, k)
        out[t - 1] = noisy.sum(axis=0)
    return out


def private_sum_side_by_side(bench, rows, d, seed=1):
    """JKT Alg 5 on privoco_bench's BM_JktPrivateSum data (rows uniform in [-1, 1]^d, sigma = 1, T = rows):
    privoco.learners.PrivateSum.add against tree_naive. Not judged on its own: its output is its own draws plus exact
    sums (PQFTL's side by side judges what a program solves from such trees)."""
    import privoco
    w = np.random.default_rng(seed).uniform(-1, 1, size=(rows, d))
    a = privoco.learners.PrivateSum(d, rows, 1.0, seed=seed)
    fast, naive, out = time_side_by_side(rows, d, lambda t: a.add(w[t]),
                                         lambda: tree_naive(w, 1.0, np.random.default_rng(seed + 1)))
    return result("JKT.alg.private_sum", rows, d, fast, naive, out, 0, 0, "not judged: its own draws")


PQFTL_PARAMS = {"alpha": 1.0, "R": 1.0, "eps": 1.0, "delta": 1e-6}


def pqftl_naive(y, v, alpha, sigma_V, sigma_u, rng, shift=0):
    """JKT Alg 4 as a numpy loop: x^_1 = 0; each round the two Alg 5 trees (tree_naive, drawn in turn per row) over
    v_t v_t^T (d^2 coordinates, row-major) and y_t v_t, then x^_{t+1} = solve(t alpha I + V^_t, u^_t) (shift 1:
    (t + 1) alpha, the test's sibling). The played points (T, d) and the noisy sums (T, d^2), (T, d)."""
    T, d = v.shape
    Vh = tree_naive(np.einsum("ti,tj->tij", v, v).reshape(T, d * d), sigma_V, rng)
    uh = tree_naive(y[:, None] * v, sigma_u, rng)
    X = np.zeros((T, d))
    for t in range(1, T):
        X[t] = np.linalg.solve((t + shift) * alpha * np.eye(d) + Vh[t - 1].reshape(d, d), uh[t - 1])
    return X, Vh, uh


def pqftl_data(rounds, d, seed):
    """privoco_bench's BM_JktPqftl data: v_t uniform in [-0.3, 0.3]^d, y_t uniform in [-1, 1]."""
    rng = np.random.default_rng(seed)
    v = rng.uniform(-0.3, 0.3, size=(rounds, d))
    return rng.uniform(-1, 1, rounds), v


def pqftl_sigmas(privoco, T):
    """The trees' sigma at (eps/2, delta/2) for the bounds Alg 4 l.7, l.8 print (R^2 for V, R for u)."""
    P = PQFTL_PARAMS
    return [_fast(privoco, "JKT.noise.tree_sigma", R=R, eps=P["eps"] / 2, delta=P["delta"] / 2, T=float(T),
                  log_base="e") for R in (P["R"] ** 2, P["R"])]


def pqftl_judged_run(bench, rounds, d, seed, shift=0):
    """(failed, predictions) of pqftl_naive on pqftl_data(rounds, d, seed), judged by judge_pqftl."""
    import privoco
    y, v = pqftl_data(rounds, d, seed)
    X, Vh, uh = pqftl_naive(y, v, PQFTL_PARAMS["alpha"], *pqftl_sigmas(privoco, rounds),
                            np.random.default_rng(seed + 2), shift)
    return judge_pqftl(cli_of(bench), y, v, X, Vh, uh)


def judge_pqftl(cli, y, v, X, Vh, uh):
    """A PQFTL run with its own noisy sums against the certified solve from them (16 ulp of its rounding scale)."""
    T, d = v.shape
    return judge_stream(cli, "pqftl", ["y"] + vector("v", d) + vector("xhat", d) + vector("Vh", d * d) + vector("uh", d),
                        np.column_stack([y, v, X, Vh, uh]), {**PQFTL_PARAMS, "T": T})


def pqftl_side_by_side(bench, rounds, d, judge_rounds, judge_d, seed=1):
    """JKT PQFTL (PQFTL_PARAMS, T = rounds, the printed sigmas) on BM_JktPqftl's data: privoco.learners.PQFTL
    (played, update) against pqftl_naive (numpy's draws); the loop on the first judge_rounds rows and judge_d
    coordinates judged with its own noisy sums by `check --stream pqftl`."""
    import privoco
    P = PQFTL_PARAMS
    y, v = pqftl_data(rounds, d, seed)
    a = privoco.learners.PQFTL(P["alpha"], P["R"], P["eps"], P["delta"], rounds, d, seed=seed)
    fast, naive, (X, _, _) = time_side_by_side(rounds, d, lambda t: (a.played(), a.update(y[t], v[t])), lambda: pqftl_naive(
        y, v, P["alpha"], *pqftl_sigmas(privoco, rounds), np.random.default_rng(seed + 1)))
    off, judged = pqftl_judged_run(bench, judge_rounds, judge_d, seed)
    return result("JKT.alg.qftl", rounds, d, fast, naive, X, off, judged,
                  f"{judge_rounds} rounds, d = {judge_d}, its own noisy sums")


# --- BANCO ----------------------------------------------------------------------------------------------------------

def banco_naive(g, G, eps, lam, a, c, bet, rng=None, xi=None):
    """BANCO Alg 1 as a numpy loop (the constants a, c as privoco's Banco.constants() gives them): play w_t = m_t q_t
    with the bet m_t = (1/(2a)) int beta e^{beta X - beta^2 y} d beta at y = (t - 1) c by its closed form
    bet(X, y, a) (bench_table.m_integral; 0 at y = 0, where X = 0), then g^_t = g_t + xi_t (xi ~ exp(-(eps/(2G)) |z|): a
    Gamma(d, 2G/eps) radius times a normal direction by numpy, or the given rows xi), s_t = <g^_t, q_t>,
    X += s_t, S += |g^_t|^2, q = Pi(q + lam g^_t/sqrt(S)) on the unit ball. The played points (T, d), the noise."""
    T, d = g.shape
    q, W, XI = np.zeros(d), np.empty((T, d)), np.empty((T, d))
    X = S = 0.0
    for t in range(T):
        m = 0.0 if t == 0 else bet(X, t * c, a)
        W[t] = m * q
        if xi is None:
            z = rng.normal(size=d)
            XI[t] = rng.gamma(d, 2 * G / eps) * z / np.linalg.norm(z)
        else:
            XI[t] = xi[t]
        gh = g[t] + XI[t]
        X, S = X + float(gh @ q), S + float(gh @ gh)
        q = ball(q + lam * gh / np.sqrt(S), 1.0)
    return W, XI


BANCO_PARAMS = {"G": 1.0, "eps": 1.0, "lambda": 1.0}


def banco_data(rounds, d, seed):
    """privoco_bench's BM_Banco data: g_t uniform in [-0.03, 0.03]^d (norm about 0.55 at d = 1000)."""
    return np.random.default_rng(seed).uniform(-0.03, 0.03, size=(rounds, d))


def judge_banco(cli, g, W, xi):
    """A BANCO run with its own noise against the certified replay (in ulps of the round's rounding scale)."""
    T, d = g.shape
    return judge_stream(cli, "banco", vector("g", d) + vector("w", d) + vector("xi", d), np.hstack([g, W, xi]),
                        {**BANCO_PARAMS, "T": T})


def banco_judged_run(bench, g, seed, late=0):
    """(failed, predictions) of banco_naive on the rows g (numpy's draws at seed + 2), judged by judge_banco; late
    rounds late the bet is taken at y = (t - 1 + late) c (the test's sibling)."""
    import privoco
    from bench_table import m_integral
    P = BANCO_PARAMS
    k = privoco.learners.Banco(g.shape[0], P["G"], P["eps"], P["lambda"], g.shape[1]).constants()
    W, xi = banco_naive(g, P["G"], P["eps"], P["lambda"], k["a"], k["c"],
                        lambda X, y, a: m_integral(X, y + late * k["c"], a), rng=np.random.default_rng(seed + 2))
    return judge_banco(cli_of(bench), g, W, xi)


def banco_side_by_side(bench, rounds, d, judge_rounds, judge_d, seed=1):
    """BANCO Alg 1 (the Thm 2 instance, BANCO_PARAMS, T = rounds) on BM_Banco's data: privoco.learners.Banco (played,
    update) against banco_naive (numpy's draws, the bet by its printed closed form); the loop on the first
    judge_rounds rows and judge_d coordinates (g scaled by sqrt(d/judge_d), norm as at d) judged with its own noise by
    `check --stream banco`."""
    import privoco
    from bench_table import m_integral
    P = BANCO_PARAMS
    g = banco_data(rounds, d, seed)
    a = privoco.learners.Banco(rounds, P["G"], P["eps"], P["lambda"], d, seed=seed)
    k = a.constants()
    fast, naive, (W, _) = time_side_by_side(rounds, d, lambda t: (a.played(), a.update(g[t])), lambda: banco_naive(
        g, P["G"], P["eps"], P["lambda"], k["a"], k["c"], m_integral, rng=np.random.default_rng(seed + 1)))
    off, judged = banco_judged_run(bench, g[:judge_rounds, :judge_d] * np.sqrt(d / judge_d), seed)
    return result("BANCO.alg.banco", rounds, d, fast, naive, W, off, judged,
                  f"{judge_rounds} rounds, d = {judge_d}, its own noise")


def side_by_sides(bench, quick, judge_m):
    """Every learner's side by side, in the README's order: quick is the test's small form. None without the Python
    module (privoco on PYTHONPATH)."""
    try:
        import privoco  # noqa: F401
    except ImportError:
        return None
    if quick:
        return [alg1_side_by_side(bench, 50, 50), alg2_side_by_side(bench, 20, 10, 20, 5),
                alg3_side_by_side(bench, 20, 50, min(judge_m, 50)), mip_ogd_side_by_side(bench, 20, 50, 20, 10),
                mip_bandit_side_by_side(bench, 20, 50, 20, 10),
                pigd_side_by_side(bench, 20, 50, 20, 10), pgiga_side_by_side(bench, 20, 50, 20, 10),
                pocp_side_by_side(bench, 20, 50, 20, 10), ftl_side_by_side(bench, 20, 10, 20, 5),
                private_sum_side_by_side(bench, 32, 20), pqftl_side_by_side(bench, 32, 4, 20, 3),
                banco_side_by_side(bench, 20, 50, 20, 10)]
    return [alg1_side_by_side(bench, 10000, 2000), alg2_side_by_side(bench, 1000, 1000, 200, 20),
            alg3_side_by_side(bench, 1000, 1000, judge_m), mip_ogd_side_by_side(bench, 1000, 1000, 200, 50),
            mip_bandit_side_by_side(bench, 1000, 1000, 200, 50),
            pigd_side_by_side(bench, 1000, 1000, 200, 50), pgiga_side_by_side(bench, 1000, 1000, 200, 50),
            pocp_side_by_side(bench, 1000, 1000, 200, 50), ftl_side_by_side(bench, 2000, 20, 200, 10),
            private_sum_side_by_side(bench, 1024, 1000), pqftl_side_by_side(bench, 4096, 10, 200, 4),
            banco_side_by_side(bench, 1000, 1000, 200, 50)]
