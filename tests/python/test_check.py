"""privoco.check on arrays against `privoco check` on the same rows as a file: the same verdicts and the same bits
of every figure; threads do not change them. Seeded (PRIVOCO_SEED, printed); run by ctest (python_test)."""
import json
import os
import subprocess
import tempfile
from decimal import Decimal

import numpy as np
import pytest

import privoco

BIN = os.environ["PRIVOCO_BIN"]
SEED = int(os.environ.get("PRIVOCO_SEED", "1"))


def cli_check(rows_csv, *args):
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write(rows_csv)
    p = subprocess.run([BIN, "check", f.name, "--json", *args], capture_output=True, text=True)
    os.unlink(f.name)
    assert p.returncode in (0, 1), p.stderr
    recs = [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
    return [r for r in recs if r.get("record") == "verdict"], recs[-1]["summary"]


def other_implementation(rng, n):
    """Points of VDH.pred.conj and values as another program might give them: right, a few ulps off, far off, nan,
    inf, wrong sign."""
    L = 10.0 ** rng.uniform(-3, 3, n) * rng.choice([-1.0, 1.0], n)
    V, b, G = (10.0 ** rng.uniform(-3, 3, n) for _ in range(3))
    good = privoco.fast.eval("VDH.pred.conj", L=L, V=V, b=b, G=G).value
    kind = rng.integers(0, 6, n)
    value = good.copy()
    value[kind == 1] = np.nextafter(np.nextafter(good[kind == 1], np.inf), np.inf)
    value[kind == 2] *= 1.001
    value[kind == 3] = np.nan
    value[kind == 4] = np.inf
    value[kind == 5] *= -1
    return L, V, b, G, value


def test_check_gives_the_clis_verdicts_and_bits():
    """Property: module and CLI agree bit for bit on every row (the CLI reads each double as its exact decimal).
    The sibling: the same rows judged at a tolerance of 0 ulp give other verdicts."""
    print(f"seed {SEED} (PRIVOCO_SEED)")
    rng = np.random.default_rng(SEED)
    n = 300
    L, V, b, G, value = other_implementation(rng, n)
    r = privoco.check("VDH.pred.conj", value, L=L, V=V, b=b, G=G)
    exact = lambda x: "nan" if np.isnan(x) else ("inf" if x == np.inf else "-inf" if x == -np.inf else str(Decimal(x)))
    csv = "id,L,V,b,G,value\n" + "".join(
        f"VDH.pred.conj,{exact(L[k])},{exact(V[k])},{exact(b[k])},{exact(G[k])},{exact(value[k])}\n" for k in range(n))
    rows, summary = cli_check(csv)
    assert list(r.verdict) == [x["verdict"] for x in rows]
    for k, x in enumerate(rows):
        if x["verdict"] == "invalid":
            continue
        assert float(x["ulps"]) == r.ulps[k] or (np.isinf(r.ulps[k]) and x["ulps"] == "inf"), k
        assert float(x["rel_err"]) == r.rel_err[k] or (np.isinf(r.rel_err[k]) and x["rel_err"] == "inf"), k
        assert (x["certified"], x["digits"]) == (r.certified[k], r.digits[k]), k
    for key in ("rows", "passed", "failed", "invalid"):
        assert r.summary[key] == summary[key]
    assert r.summary.get("worst") == summary["worst"]["line"] - 2  # the file.s line 1 is its header
    strict = privoco.check("VDH.pred.conj", value, L=L, V=V, b=b, G=G, ulps=0)
    assert list(strict.verdict) != list(r.verdict)


def test_threads_do_not_change_the_verdicts():
    rng = np.random.default_rng(SEED + 1)
    L, V, b, G, value = other_implementation(rng, 400)
    one = privoco.check("VDH.pred.conj", value, L=L, V=V, b=b, G=G, threads=1)
    two = privoco.check("VDH.pred.conj", value, L=L, V=V, b=b, G=G, threads=2)
    assert list(one.verdict) == list(two.verdict)
    assert np.array_equal(one.ulps.view(np.uint64), two.ulps.view(np.uint64))
    assert list(one.certified) == list(two.certified)


def test_check_claims_broadcasting_and_bad_rows():
    # an accountant's delta as an upper bound: sound above the certified value, UNSOUND below it
    d = float(privoco.reference.eval("DP.laplace.delta", eps=1, mu=3, digits=20))
    r = privoco.check("DP.laplace.delta", [d * (1 + 1e-12), d * (1 - 1e-12)], eps=1, mu=3, claim="upper")
    assert list(r.verdict) == ["sound", "UNSOUND"] and not r.ok
    # per-element claims, as a file's 'claim' column
    r = privoco.check("DP.laplace.delta", [d * (1 + 1e-12), d * (1 + 1e-12)], eps=1, mu=3, claim=["upper", "lower"])
    assert list(r.verdict) == ["sound", "UNSOUND"]
    # broadcasting: a column of L against a row of values
    r = privoco.check("VDH.pred.conj", np.zeros((1, 2)), L=np.array([[0.0], [1.0]]), V=1, b=1, G=1)
    assert r.verdict.shape == (2, 2) and r.verdict[0, 0] == "pass" and r.verdict[1, 0] == "fail"
    # a bad row is a verdict naming its problem, not an exception
    r = privoco.check("VDH.pred.conj", ["0.1", "x"], L=[1, -1], V=[1, -2], b=1, G=1)
    assert r.verdict[1] == "invalid" and "V" in r.reason[1]
    with pytest.raises(privoco.ParamError, match="ulps or rel"):
        privoco.check("VDH.pred.conj", [0.1], L=1, V=1, b=1, G=1, ulps=4, rel=1e-12)
    with pytest.raises(privoco.UnknownId):
        privoco.check("VDH.pred.nope", [0.1], L=1)


def test_check_takes_per_coordinate_parameters_as_the_cli_does():
    """A composed Gaussian mechanism's delta (DP.gauss.delta, mu per coordinate along the last axis): the same
    verdicts and bits as privoco check on the file's comma-separated form; a wrong value fails."""
    mu = np.array([[0.5, 1.0, 2.0], [0.25, 0.5, 0.75]])
    eps = np.array([1.0, 0.5])
    good = privoco.fast.eval("DP.gauss.delta", eps=eps, mu=mu).value
    value = good * np.array([1.0, 1.001])
    r = privoco.check("DP.gauss.delta", value, eps=eps, mu=mu)
    csv = "id,d,eps,mu,value\n" + "".join(
        f'DP.gauss.delta,3,{eps[k]!r},"{",".join(repr(x) for x in mu[k])}",{str(Decimal(value[k]))}\n' for k in range(2))
    rows, _ = cli_check(csv)
    assert list(r.verdict) == [x["verdict"] for x in rows] == ["pass", "fail"]
    assert [float(x["ulps"]) for x in rows] == list(r.ulps)
