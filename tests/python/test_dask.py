"""privoco.check inside Dask: a partitioned dataset of another implementation's values, checked on a
dask.distributed LocalCluster of two worker processes, gives the verdicts, figures and summary of one process."""
import os

import numpy as np
import pytest

import privoco

distributed = pytest.importorskip("dask.distributed")
SEED = int(os.environ.get("PRIVOCO_SEED", "1"))


def dataset(n, seed):
    rng = np.random.default_rng(seed)
    L = 10.0 ** rng.uniform(-3, 3, n) * rng.choice([-1.0, 1.0], n)
    V, b, G = (10.0 ** rng.uniform(-3, 3, n) for _ in range(3))
    value = privoco.fast.eval("VDH.pred.conj", L=L, V=V, b=b, G=G).value
    value[rng.integers(0, n, n // 50)] *= 1.001
    value[rng.integers(0, n, n // 200)] = np.nan
    return L, V, b, G, value


def check(L, V, b, G, value):
    return privoco.check("VDH.pred.conj", value, L=L, V=V, b=b, G=G, threads=1)


def test_dask_cluster_gives_one_processes_verdicts():
    print(f"seed {SEED} (PRIVOCO_SEED)")
    n, chunk = 6000, 1024  # chunks of a multiple of 64 rows: the same runs as one process
    cols = dataset(n, SEED)
    one = check(*cols)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c, \
            distributed.Client(c) as client:
        futures = [client.submit(check, *[x[k:k + chunk] for x in cols]) for k in range(0, n, chunk)]
        parts = client.gather(futures)
    r = privoco.CheckResult.concatenate(parts)
    assert list(r.verdict) == list(one.verdict)
    assert np.array_equal(r.ulps.view(np.uint64), one.ulps.view(np.uint64))
    assert list(r.certified) == list(one.certified)
    assert r.summary == one.summary and one.summary["failed"] > 0
    # the sibling: a chunk left out changes the combined summary
    assert privoco.CheckResult.concatenate(parts[1:]).summary != one.summary
