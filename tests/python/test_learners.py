"""privoco.learners and privoco.prove against the CLI: the learners' predictions are `privoco run`'s bits, their state
round-trips exactly (a run stopped and resumed gives the same bits), prove gives prove --json's record. Seeded
(PRIVOCO_SEED, printed); run by ctest (python_test)."""
import json
import os
import re
import subprocess
import tempfile

import numpy as np
import pytest

import privoco

BIN = os.environ["PRIVOCO_BIN"]
SEED = int(os.environ.get("PRIVOCO_SEED", "1"))


def cli_run(alg, params, grads):
    d = grads.shape[1]
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write(",".join(["g"] if d == 1 and alg == "alg1" else [f"g{j + 1}" for j in range(d)]) + "\n")
        for row in grads:
            f.write(",".join(repr(float(x)) for x in row) + "\n")
    p = subprocess.run([BIN, "run", alg, *params, "--gradients", f.name], capture_output=True, text=True)
    os.unlink(f.name)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    cols = lines[0].split(",")
    wcols = [k for k, c in enumerate(cols) if re.fullmatch(r"w\d*", c)]
    return np.array([[float(l.split(",")[k]) for k in wcols] for l in lines[1:]])


def mine(learner, grads):
    out = []
    for g in grads:
        w = learner.predict()
        out.append(np.atleast_1d(np.asarray(w, dtype=np.float64)).copy())
        learner.update(g[0] if isinstance(learner, privoco.learners.Alg1) else g)
    return np.array(out)


def bits(a):
    return np.ascontiguousarray(a, dtype=np.float64).view(np.uint64)


@pytest.mark.parametrize("prior", ["conjugate", "uniform", "improper"])
def test_alg1_gives_the_clis_bits_and_resumes_exactly(prior):
    """Property: over seeded gradient streams, Alg1's predictions are privoco run alg1's; a learner rebuilt from
    state() halfway continues with the same bits. Sibling: one hex digit changed in the state changes them."""
    print(f"seed {SEED} (PRIVOCO_SEED)")
    rng = np.random.default_rng(SEED)
    for _ in range(3):
        grads = rng.uniform(-1, 1, (60, 1)) * 10.0 ** rng.uniform(-2, 0)
        b, G = 10.0 ** rng.uniform(-1, 1), 1.0
        ref = cli_run("alg1", [f"b={b!r}", f"G={G!r}", "--prior", prior], grads)
        a = privoco.learners.Alg1(b=b, G=G, prior=prior)
        assert np.array_equal(bits(mine(a, grads)), bits(ref))
        half = privoco.learners.Alg1(b=b, G=G, prior=prior)
        first = mine(half, grads[:30])
        resumed = privoco.learners.Alg1.from_state(json.loads(json.dumps(half.state())))
        assert np.array_equal(bits(np.concatenate([first, mine(resumed, grads[30:])])), bits(ref))
        s = half.state()
        h = s["L_hi"]
        k = h.index("p") - 1  # the last hex digit of the mantissa
        s["L_hi"] = h[:k] + ("1" if h[k] != "1" else "2") + h[k + 1:]
        moved = privoco.learners.Alg1.from_state(s)
        assert not np.array_equal(bits(mine(moved, grads[30:])), bits(ref[30:]))


def test_alg3_and_alg2_give_the_clis_bits_and_resume_exactly():
    rng = np.random.default_rng(SEED + 1)
    grads = rng.uniform(-1, 1, (40, 3))
    b = [0.5, 1.0, 2.0]
    ref3 = cli_run("alg3", ["b=" + ",".join(repr(x) for x in b), "G=1"], grads)
    assert np.array_equal(bits(mine(privoco.learners.Alg3(b, G=1), grads)), bits(ref3))
    ref2 = cli_run("alg2", ["b=1", "G=1"], grads)
    assert np.array_equal(bits(mine(privoco.learners.Alg2(3, b=1, G=1), grads)), bits(ref2))
    for cls, args in ((privoco.learners.Alg3, (b,)), (privoco.learners.Alg2, (3,))):
        ref = ref3 if cls is privoco.learners.Alg3 else ref2
        half = cls(*args)
        first = mine(half, grads[:20])
        resumed = cls.from_state(json.loads(json.dumps(half.state())))
        assert np.array_equal(bits(np.concatenate([first, mine(resumed, grads[20:])])), bits(ref))


def test_learners_refuse_bad_input_by_name():
    with pytest.raises(privoco.DomainError, match="b"):
        privoco.learners.Alg1(b=-1, G=1)
    a = privoco.learners.Alg1()
    with pytest.raises(privoco.DomainError):
        a.update(float("nan"))
    with pytest.raises(privoco.ParamError):
        privoco.learners.Alg3([1.0, 2.0]).update([1.0])


def test_prove_gives_the_clis_record():
    untimed = lambda r: {k: v for k, v in r.items() if k != "seconds"}
    for args in (["VDH.lemma.lncosh"], ["VDH.lemma.lncosh", "y=1.42"]):
        p = subprocess.run([BIN, "prove", *args, "--json"], capture_output=True, text=True)
        cli = json.loads(p.stdout.splitlines()[0])
        consts = dict(a.split("=") for a in args[1:])
        assert untimed(privoco.prove(args[0], **consts)) == untimed(cli)
    assert privoco.prove("VDH.lemma.lncosh", y="1.42")["verdict"] == "refuted"
    with pytest.raises(privoco.UnknownId, match="no machine check"):
        privoco.prove("VDH.pred.conj")


def test_private_sum_gives_the_clis_bits_and_resumes_exactly():
    """JKT Alg 5 with sigma from fast.eval("JKT.noise.tree_sigma") gives privoco run private_sum's W and S; a stream
    rebuilt from its JSON state halfway continues with the same bits; another seed gives other noise."""
    rng = np.random.default_rng(SEED + 2)
    T, d = 40, 2
    rows = rng.uniform(-0.5, 0.5, (30, d))
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("w1,w2\n" + "".join(f"{a!r},{b!r}\n" for a, b in rows))
    p = subprocess.run([BIN, "run", "private_sum", "R=1", "eps=1", "delta=1e-5", f"T={T}", "--gradients", f.name],
                       capture_output=True, text=True)
    os.unlink(f.name)
    assert p.returncode == 0, p.stderr
    ref = np.array([[float(x) for x in l.split(",")[1:]] for l in p.stdout.splitlines()[1:]])
    sigma = privoco.fast.eval("JKT.noise.tree_sigma", R=1, eps=1, delta=1e-5, T=T, log_base="mixed").value
    s = privoco.learners.PrivateSum(d, T, float(sigma), seed=1)
    got = np.array([np.concatenate(s.add(r)) for r in rows])
    assert np.array_equal(bits(got), bits(ref))
    half = privoco.learners.PrivateSum(d, T, float(sigma), seed=1)
    first = [np.concatenate(half.add(r)) for r in rows[:15]]
    resumed = privoco.learners.PrivateSum.from_state(json.loads(json.dumps(half.state())))
    rest = [np.concatenate(resumed.add(r)) for r in rows[15:]]
    assert np.array_equal(bits(np.array(first + rest)), bits(ref))
    other = privoco.learners.PrivateSum(d, T, float(sigma), seed=2)
    assert not np.array_equal(bits(np.array([np.concatenate(other.add(r)) for r in rows])), bits(ref))


@pytest.mark.parametrize("alg", ["pigd", "pgiga"])
@pytest.mark.parametrize("loss,shape", [("quadratic", "ball"), ("logistic", "box"), ("hinge", "ball"), ("absolute", "box")])
def test_jkt_ocp_gives_the_clis_bits_and_resumes_exactly(alg, loss, shape):
    """JKT Alg 2 / Alg 3 as classes: the points played and the costs are privoco run pigd|pgiga's bits (uniform start,
    PGIGA with a burn-in of 5 rounds), for loss families and both shapes of C; a learner rebuilt from its JSON state
    halfway continues with the same bits; a g beyond the bound the noise is calibrated to is refused by name, as the
    CLI refuses the row."""
    rng = np.random.default_rng(SEED + 3)
    d, T = 3, 40
    g = rng.uniform(-0.4, 0.4, (T, d))
    common = dict(alpha=0.5, radius=2.0, eps=1.0, delta=1e-5, T=T, d=d, init_reading="uniform", seed=7, loss=loss,
                  C_shape=shape)
    readings = [f"loss={loss}", f"C_shape={shape}"]
    if alg == "pigd":
        params = ["L=3", "alpha=0.5", "radius=2", "eps=1", "delta=1e-5", f"T={T}", "init_reading=uniform", *readings]
        make = lambda: privoco.learners.PIGD(L=3.0, **common)
    else:
        params = ["G=3", "L_G=1.5", "alpha=0.5", "radius=2", "eps=1", "delta=1e-5", f"T={T}", "init_reading=uniform",
                  "tq_burnin=update_from_tq_minus_1", *readings]
        make = lambda: privoco.learners.PGIGA(G=3.0, L_G=1.5, tq_burnin="update_from_tq_minus_1", **common)
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("g1,g2,g3\n" + "".join(",".join(repr(float(x)) for x in r) + "\n" for r in g))
    p = subprocess.run([BIN, "run", alg, *params, "--seed", "7", "--gradients", f.name], capture_output=True, text=True)
    os.unlink(f.name)
    assert p.returncode == 0, p.stderr
    ref = np.array([[float(x) for x in l.split(",")[1 + d:2 + 2 * d]] for l in p.stdout.splitlines()[1:]])
    a = make()
    got = []
    for r in g:
        got.append(np.concatenate([a.played(), [a.update(r)]]))
    assert np.array_equal(bits(np.array(got)), bits(ref))
    if alg == "pgiga":
        assert a.t_q == 18  # ceil(2 L_G^2/alpha^2) = ceil(18)
    half = make()
    first = [np.concatenate([half.played(), [half.update(r)]]) for r in g[:17]]
    resumed = type(half).from_state(json.loads(json.dumps(half.state())))
    rest = [np.concatenate([resumed.played(), [resumed.update(r)]]) for r in g[17:]]
    assert np.array_equal(bits(np.array(first + rest)), bits(ref))
    with pytest.raises(privoco.DomainError, match="the bound beta is calibrated to"):
        make().update([5.0, 0.0, 0.0])
    with pytest.raises(privoco.ParamError, match="tq_burnin|init_reading"):
        privoco.learners.PIGD(L=2.0, alpha=1, radius=1, eps=1, delta=1e-5, T=10, d=1, init_reading="random")


def test_jkt_pocp_gives_the_clis_bits():
    """JKT Alg 1 around the caller's A: the releases are privoco run pocp's bits for the same iterates; the sibling
    (another seed) releases other points; round T releases nothing; a POCP rebuilt from its JSON state halfway
    continues with the same bits."""
    rng = np.random.default_rng(SEED + 5)
    d, T = 2, 12
    xs = rng.uniform(-0.8, 0.8, (T - 1, d))
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("x1,x2\n" + "".join(",".join(repr(float(x)) for x in r) + "\n" for r in xs))
    params = ["lambda_A=0.5", "radius=1", "eps=2", "delta=1e-6", f"T={T}", "C_shape=box"]
    p = subprocess.run([BIN, "run", "pocp", *params, "--seed", "5", "--gradients", f.name], capture_output=True, text=True)
    os.unlink(f.name)
    assert p.returncode == 0, p.stderr
    ref = np.array([[float(x) for x in l.split(",")[1 + d:1 + 2 * d]] for l in p.stdout.splitlines()[1:]])
    a = privoco.learners.POCP(lambda_A=0.5, radius=1, eps=2, delta=1e-6, T=T, d=d, seed=5, C_shape="box")
    got = np.array([a.release(x) for x in xs])
    assert np.array_equal(bits(got), bits(ref))
    b = privoco.learners.POCP(lambda_A=0.5, radius=1, eps=2, delta=1e-6, T=T, d=d, seed=6, C_shape="box")
    assert not np.array_equal(bits(np.array([b.release(x) for x in xs])), bits(ref))
    with pytest.raises(privoco.DomainError, match="releases nothing"):
        a.release(xs[0])
    half = privoco.learners.POCP(lambda_A=0.5, radius=1, eps=2, delta=1e-6, T=T, d=d, seed=5, C_shape="box")
    first = [half.release(x) for x in xs[:4]]
    resumed = privoco.learners.POCP.from_state(json.loads(json.dumps(half.state())))
    rest = [resumed.release(x) for x in xs[4:]]
    assert np.array_equal(bits(np.array(first + rest)), bits(ref))


def test_jkt_pqftl_gives_the_clis_bits_and_resumes_exactly():
    """JKT Alg 4 as a class: the points played and the costs are privoco run pqftl's bits (both trees at the printed
    sigmas, log_base e); a learner rebuilt from its JSON state halfway continues with the same bits; data beyond the
    public R are refused by name (assert) or clipped (clip), as the CLI takes them."""
    rng = np.random.default_rng(SEED + 4)
    d, T = 3, 40
    v = rng.uniform(-0.5, 0.5, (T, d))
    y = rng.uniform(-1, 1, T)
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("y,v1,v2,v3\n" + "".join(repr(float(a)) + "," + ",".join(repr(float(x)) for x in r) + "\n"
                                         for a, r in zip(y, v)))
    params = ["alpha=0.5", "R=1", "eps=1", "delta=1e-5", f"T={T}", "quad_loss=sec51"]
    p = subprocess.run([BIN, "run", "pqftl", *params, "--seed", "7", "--gradients", f.name], capture_output=True, text=True)
    os.unlink(f.name)
    assert p.returncode == 0, p.stderr
    ref = np.array([[float(x) for x in l.split(",")[2 + d:3 + 2 * d]] for l in p.stdout.splitlines()[1:]])
    make = lambda: privoco.learners.PQFTL(alpha=0.5, R=1.0, eps=1.0, delta=1e-5, T=T, d=d, quad_loss="sec51", seed=7)
    a = make()
    got = [np.concatenate([a.played(), [a.update(yt, vt)[0]]]) for yt, vt in zip(y, v)]
    assert np.array_equal(bits(np.array(got)), bits(ref))
    half = make()
    first = [np.concatenate([half.played(), [half.update(yt, vt)[0]]]) for yt, vt in zip(y[:17], v[:17])]
    resumed = privoco.learners.PQFTL.from_state(json.loads(json.dumps(half.state())))
    rest = [np.concatenate([resumed.played(), [resumed.update(yt, vt)[0]]]) for yt, vt in zip(y[17:], v[17:])]
    assert np.array_equal(bits(np.array(first + rest)), bits(ref))
    other = privoco.learners.PQFTL(alpha=0.5, R=1.0, eps=1.0, delta=1e-5, T=T, d=d, quad_loss="eq19", seed=7)
    assert not np.array_equal(bits(np.array([[other.update(yt, vt)[0]] for yt, vt in zip(y, v)])), bits(ref[:, -1:]))
    with pytest.raises(privoco.DomainError, match="y_t"):
        make().update(2.0, [0.1, 0.1, 0.1])
    c = privoco.learners.PQFTL(alpha=0.5, R=1.0, eps=1.0, delta=1e-5, T=T, d=d, R_enforce="clip")
    assert c.update(2.0, [3.0, 0.0, 4.0])[1] is True
    with pytest.raises(privoco.ParamError, match="tree_bound"):
        privoco.learners.PQFTL(alpha=1, R=1, eps=1, delta=1e-5, T=10, d=1, tree_bound="exact")


def test_jkt_ftl_gives_the_clis_bits():
    """JKT Eq (20) as a class: privoco run ftl's points and costs bit for bit (alg4's loss, whose FTL solves with
    alpha/2), and not those of the printed PQFTL update at zero noise (alpha; the sibling)."""
    rng = np.random.default_rng(SEED + 5)
    d, T = 2, 30
    v = rng.uniform(-0.6, 0.6, (T, d))
    y = rng.uniform(-1, 1, T)
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("y,v1,v2\n" + "".join(f"{a!r},{r[0]!r},{r[1]!r}\n" for a, r in zip(y, v)))
    p = subprocess.run([BIN, "run", "ftl", "alpha=0.5", "R=1", f"T={T}", "quad_loss=alg4", "--gradients", f.name],
                       capture_output=True, text=True)
    os.unlink(f.name)
    assert p.returncode == 0, p.stderr
    ref = np.array([[float(x) for x in l.split(",")[2 + d:3 + 2 * d]] for l in p.stdout.splitlines()[1:]])
    a = privoco.learners.FTL(alpha=0.5, R=1.0, T=T, d=d, quad_loss="alg4")
    got = [np.concatenate([a.played(), [a.update(yt, vt)[0]]]) for yt, vt in zip(y, v)]
    assert np.array_equal(bits(np.array(got)), bits(ref))
    s = json.loads(json.dumps(a.state()))
    assert s["id"] == "JKT.alg.ftl"


@pytest.mark.parametrize("bandit", [False, True])
@pytest.mark.parametrize("loss,shape", [("linear", "ball"), ("quadratic", "box")])
def test_mip_ogd_gives_the_clis_bits_and_resumes_exactly(bandit, loss, shape):
    """MIP Alg 1 / Alg 2 as a class: the points played, the noise and the charged losses are privoco run mip_ogd |
    mip_bandit's bits; a learner rebuilt from its JSON state halfway continues with the same bits; another seed does
    not; an f_t above L is refused by name."""
    rng = np.random.default_rng(SEED + 5)
    d, T = 3, 30
    g = rng.uniform(-0.5, 0.5, (T, d))
    common = dict(eta=0.3, sigma=0.7, L=4.0, T=T, d=d, h=[1.0, 1.5, 2.0] if shape == "box" else 1.2, c=[0.1, 0.0, -0.2],
                  S_shape=shape, loss=loss, bandit=bandit, seed=11)
    if bandit:
        common["delta"] = 0.2
    params = ["eta=0.3", "sigma=0.7", "L=4", f"T={T}", "h=" + ("1,1.5,2" if shape == "box" else "1.2"), "c=0.1,0,-0.2",
              f"S_shape={shape}", f"loss={loss}"] + (["delta=0.2"] if bandit else [])
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("g1,g2,g3\n" + "".join(",".join(repr(float(x)) for x in r) + "\n" for r in g))
    alg = "mip_bandit" if bandit else "mip_ogd"
    p = subprocess.run([BIN, "run", alg, *params, "--seed", "11", "--gradients", f.name], capture_output=True, text=True)
    os.unlink(f.name)
    assert p.returncode == 0, p.stderr
    rows = [l.split(",") for l in p.stdout.splitlines()[1:]]
    ref = np.array([[float(x) for x in r[1 + d:1 + 3 * d] + [r[-1]]] for r in rows])  # w, v and the cost

    def step(a, r):
        w = a.played().copy()
        cost = a.update(r)
        return np.concatenate([w, a.noise(), [cost]])

    a = privoco.learners.MipOGD(**common)
    assert np.array_equal(bits(np.array([step(a, r) for r in g])), bits(ref))
    half = privoco.learners.MipOGD(**common)
    first = [step(half, r) for r in g[:13]]
    resumed = privoco.learners.MipOGD.from_state(json.loads(json.dumps(half.state())))
    rest = [step(resumed, r) for r in g[13:]]
    assert np.array_equal(bits(np.array(first + rest)), bits(ref))
    other = privoco.learners.MipOGD(**{**common, "seed": 12})
    assert not np.array_equal(bits(np.array([step(other, r) for r in g])), bits(ref))
    with pytest.raises(privoco.ParamError, match="'L'"):
        privoco.learners.MipOGD(**{**common, "L": 0.01}).update(g[0])


@pytest.mark.parametrize("reading", [dict(), dict(c_reading="sigma2", a_reading="inv_2b", k1_value="root", lam=2 ** 0.5)])
def test_banco_gives_the_clis_bits_and_resumes_exactly(reading):
    """BANCO Alg 1 as a class: the points played, the noise, the bets and coins are privoco run banco's bits; a
    learner rebuilt from its JSON state halfway continues with the same bits; another seed does not; a g_t above G is
    refused by name."""
    rng = np.random.default_rng(SEED + 6)
    d, T = 3, 40
    g = rng.uniform(-0.5, 0.5, (T, d))
    common = dict(T=T, G=1.0, eps=4.0, lam=1.0, d=d, seed=11)
    common.update(reading)
    params = [f"T={T}", "G=1", "eps=4", f"lambda={common['lam']!r}"] + [f"{k}={v}" for k, v in reading.items() if k != "lam"]
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("g1,g2,g3\n" + "".join(",".join(repr(float(x)) for x in r) + "\n" for r in g))
    p = subprocess.run([BIN, "run", "banco", *params, "--seed", "11", "--gradients", f.name], capture_output=True, text=True)
    os.unlink(f.name)
    assert p.returncode == 0, p.stderr
    ref = np.array([[float(x) for x in l.split(",")[1 + d:]] for l in p.stdout.splitlines()[1:]])  # w, xi, m, s

    def step(a, r):
        w, m = a.played().copy(), a.bet()[0]
        s = a.update(r)
        return np.concatenate([w, a.noise(), [m, s]])

    a = privoco.learners.Banco(**common)
    assert np.array_equal(bits(np.array([step(a, r) for r in g])), bits(ref))
    half = privoco.learners.Banco(**common)
    first = [step(half, r) for r in g[:17]]
    resumed = privoco.learners.Banco.from_state(json.loads(json.dumps(half.state())))
    rest = [step(resumed, r) for r in g[17:]]
    assert np.array_equal(bits(np.array(first + rest)), bits(ref))
    other = privoco.learners.Banco(**{**common, "seed": 12})
    assert not np.array_equal(bits(np.array([step(other, r) for r in g])), bits(ref))
    with pytest.raises(privoco.ParamError, match="'G'"):
        privoco.learners.Banco(**{**common, "G": 0.01}).update(g[0])
    with pytest.raises(privoco.ParamError, match="c_reading"):
        privoco.learners.Banco(**{**common, "c_reading": "sigma"})
