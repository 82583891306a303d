"""The Python module against the CLI: the same IDs, the same bits from the fast part, the same certified decimals,
errors as ValueError subclasses that name what is wrong. Seeded (PRIVOCO_SEED, printed); run by ctest (python_test)."""
import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal

import numpy as np
import pytest

import privoco

BIN = os.environ["PRIVOCO_BIN"]
SEED = int(os.environ.get("PRIVOCO_SEED", "1"))


def cli(*args):
    p = subprocess.run([BIN, *args], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return [json.loads(l) for l in p.stdout.splitlines() if l.strip()]


def test_list_matches_the_cli():
    ids = [e["id"] for e in privoco.list()]
    cli_ids = [r["id"] for r in cli("list", "--json") if r.get("record") == "entry"]
    assert ids == cli_ids
    conj = next(e for e in privoco.list() if e["id"] == "VDH.pred.conj")
    assert [p["name"] for p in conj["parameters"]] == ["L", "V", "b", "G"]


@pytest.mark.parametrize("id", ["VDH.pred.conj", "VDH.pot.conj", "VDH.pred.improper", "DP.laplace.delta"])
def test_fast_gives_the_clis_bits(id):
    """Property: on seeded log-uniform points (both signs where the domain allows) the module's doubles are the
    CLI's bit for bit (eval --points --impl fast). The sibling: perturbing one input by an ulp changes some bits."""
    print(f"seed {SEED} (PRIVOCO_SEED)")
    rng = np.random.default_rng(SEED)
    e = next(x for x in privoco.list() if x["id"] == id)
    n = 200
    cols = {}
    for p in e["parameters"]:
        x = 10.0 ** rng.uniform(-3, 3, n)
        if p["domain"] == "(-inf, inf)":
            x *= rng.choice([-1.0, 1.0], n)
        cols[p["name"]] = x
    r = privoco.fast.eval(id, **cols)
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        names = list(cols)
        f.write(",".join(["id"] + names) + "\n")
        for k in range(n):
            f.write(",".join([id] + [repr(float(cols[m][k])) for m in names]) + "\n")
    rows = [r for r in cli("eval", id, "--points", f.name, "--impl", "fast", "--json") if r.get("record") == "value"]
    os.unlink(f.name)
    theirs = np.array([float(r["value"]) for r in rows])
    assert np.array_equal(theirs.view(np.uint64), r.value.view(np.uint64))
    assert list(r.status_names()) == [r["status"] for r in rows]
    assert list(r.sign) == [r["sign"] for r in rows]
    theirs_log = np.array([float(r["log_abs"]) for r in rows])
    assert np.array_equal(theirs_log.view(np.uint64), r.log_abs.view(np.uint64))
    moved = dict(cols)
    first = names[0]
    moved[first] = np.nextafter(cols[first], np.inf)
    assert not np.array_equal(privoco.fast.eval(id, **moved).value.view(np.uint64), r.value.view(np.uint64))


def test_fast_broadcasts_and_reports_overflow():
    r = privoco.fast.eval("VDH.pred.conj", L=np.array([[1.0], [1e5]]), V=[0.0, 1e6], b=0.001, G=0.001)
    assert r.value.shape == (2, 2)
    assert r.status[1, 1] == privoco.fast.OVERFLOW and np.isinf(r.value[1, 1])
    assert abs(r.log_abs[1, 1] - 2486.6426323064729) < 1e-9
    assert r.status[0, 0] == privoco.fast.OK and r.sign[0, 0] == 1


def test_reference_gives_the_clis_decimals():
    c = privoco.reference.eval("VDH.pred.conj", L="100", V=9, b=1, G="0.2", digits=30)
    (row,) = cli("eval", "VDH.pred.conj", "L=100", "V=9", "b=1", "G=0.2", "--digits", "30", "--json")
    assert (c.value, c.lo, c.hi, c.digits) == (row["value"], row["lo"], row["hi"], row["digits"])
    # floats are their exact binary value, strings exact decimals: 0.1 and "0.1" are different inputs
    a = privoco.reference.eval("VDH.pred.conj", L=0.1, V=0, b=1, G=1, digits=25)
    b = privoco.reference.eval("VDH.pred.conj", L="0.1", V=0, b=1, G=1, digits=25)
    exact = privoco.reference.eval("VDH.pred.conj", L=str(Decimal(0.1)), V=0, b=1, G=1, digits=25)
    assert a.value != b.value and a.value == exact.value


def test_certified_values_as_mpmath_numbers():
    import mpmath
    mpmath.mp.dps = 60
    c = privoco.reference.eval("DP.laplace.delta", eps=1, mu="3.5", digits=40)
    # the second route: 1 - e^{(eps - mu)/2} in mpmath at 60 digits, inside the enclosure and within the digits
    true = 1 - mpmath.exp((1 - mpmath.mpf("3.5")) / 2)
    assert mpmath.mpf(c.lo) <= true <= mpmath.mpf(c.hi)
    assert abs(c.mpf() - true) <= mpmath.mpf(10) ** -39 * true
    # the sibling: e^{eps - mu} (the density ratio without the half) is far off
    assert abs(1 - mpmath.exp(1 - mpmath.mpf("3.5")) - c.mpf()) > mpmath.mpf(10) ** -3


def test_errors_are_value_errors_that_name_the_problem():
    with pytest.raises(privoco.DomainError, match=r"parameter V = -1 is outside its domain \[0, inf\)"):
        privoco.fast.eval("VDH.pred.conj", L=1, V=[0, -1], b=1, G=1)
    with pytest.raises(privoco.ParamError, match="parameter 'G': missing"):
        privoco.reference.eval("VDH.pred.conj", L=1, V=1, b=1)
    with pytest.raises(privoco.ParamError, match="parameter 'X': unknown"):
        privoco.reference.eval("VDH.pred.conj", L=1, V=1, b=1, G=1, X=2)
    with pytest.raises(privoco.UnknownId, match="did you mean VDH.pred.conj"):
        privoco.fast.eval("VDH.pred.conjj", L=1)
    with pytest.raises(privoco.OutOfReach):
        privoco.reference.eval("DP.gauss.mu", eps="0", delta="1e-100000")
    with pytest.raises(privoco.DomainError, match="parameter b_3 = -2"):
        privoco.fast.eval("VDH.bound.thm2", u=[1, 2, -3], V=[3, 4, 5], b=[1, 1, -2], G=1)
    with pytest.raises(privoco.ParamError, match="different lengths"):
        privoco.fast.eval("VDH.bound.thm2", u=[1, 2], V=[3, 4, 5], b=[1, 1, 2], G=1)
    for cls in (privoco.Error, privoco.DomainError, privoco.ParamError, privoco.UnknownId):
        assert issubclass(cls, ValueError)


@pytest.mark.parametrize("id,params,cli_args", [
    ("VDH.bound.thm2", dict(u=[1, 2, -3], V=[3, 4, 5], b=[1, 1, 2], G=1), ["u=1,2,-3", "V=3,4,5", "b=1,1,2", "G=1"]),
    ("DP.gauss.delta", dict(eps=1, mu=[0.5, 2, 3]), ["eps=1", "mu=0.5,2,3"]),
])
def test_per_coordinate_parameters_give_the_clis_bits_and_decimals(id, params, cli_args):
    """A per-coordinate parameter is a list (d from its length), as the CLI's comma-separated values."""
    (fast_row,) = cli("eval", id, *cli_args, "--impl", "fast", "--json")
    r = privoco.fast.eval(id, **params)
    assert np.float64(r.value).view(np.uint64) == np.float64(float(fast_row["value"])).view(np.uint64)
    (ref_row,) = cli("eval", id, *cli_args, "--json")
    c = privoco.reference.eval(id, **params)
    assert (c.value, c.lo, c.hi) == (ref_row["value"], ref_row["lo"], ref_row["hi"])
    # a batch: the per-coordinate values along the last axis, the scalars broadcast against the leading axes
    first = next(k for k, v in params.items() if isinstance(v, list))
    batch = dict(params, **{first: np.array([params[first], params[first]])})
    rb = privoco.fast.eval(id, **batch)
    assert rb.value.shape == (2,) and np.array_equal(rb.value.view(np.uint64), np.repeat(r.value, 2).view(np.uint64))


def test_every_kernel_variant_gives_the_same_bits():
    # the variants this CPU runs, forced one after the other: the same values (and statuses) for a batch that spans
    # several kernel blocks and every class of the conjugate-prior kernels
    rng = np.random.default_rng(SEED)
    L = np.concatenate([-(10.0 ** rng.uniform(-3, 4, 3000)), 10.0 ** rng.uniform(-3, 4, 3000)])
    V = 10.0 ** rng.uniform(-2, 5, L.size)
    variants = privoco.fast.kernel_variants()
    assert variants[-1] == "baseline" and privoco.fast.kernel_variant() == variants[0]
    out = {}
    for v in variants:
        privoco.fast.use_kernel_variant(v)
        assert privoco.fast.kernel_variant() == v
        r = privoco.fast.eval("VDH.pred.conj", L=L, V=V, b=1, G=1)
        out[v] = (r.value.tobytes(), r.status.tobytes())
    privoco.fast.use_kernel_variant("best")
    assert all(o == out["baseline"] for o in out.values())
    with pytest.raises(privoco.ParamError, match="not a variant"):
        privoco.fast.use_kernel_variant("sse9")


def test_a_bad_kernel_variant_in_the_environment_fails_the_import():
    env = dict(os.environ, PRIVOCO_SIMD="sse9")
    p = subprocess.run([sys.executable, "-c", "import privoco"], capture_output=True, text=True, env=env)
    assert p.returncode != 0 and "PRIVOCO_SIMD" in p.stderr and "not a variant" in p.stderr
