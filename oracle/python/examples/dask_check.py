#!/usr/bin/python3
"""privoco.check over a partitioned dataset with Dask: another implementation's values of VDH.pred.conj, in chunks,
judged on the workers of a dask.distributed cluster, then combined into the summary of one check.

  /usr/bin/python3 oracle/python/examples/dask_check.py [--n 1000000] [--workers 2] [--chunk 65536] [--seed 1]
      [--compare]   (also one process, single-threaded, on the same rows: the same verdicts, and the ratio)

The dataset here is generated (privoco.fast's values, a few of them spoilt); in practice it is your own arrays or a
dask.dataframe's partitions. Chunks of a multiple of 64 rows give the same bits as one process.
"""
import argparse
import time

import dask
import numpy as np
from dask.distributed import Client, LocalCluster

import privoco


def dataset(n, seed):
    rng = np.random.default_rng(seed)
    L = 10.0 ** rng.uniform(-3, 3, n) * rng.choice([-1.0, 1.0], n)
    V, b, G = (10.0 ** rng.uniform(-3, 3, n) for _ in range(3))
    value = privoco.fast.eval("VDH.pred.conj", L=L, V=V, b=b, G=G).value
    value[rng.integers(0, n, n // 1000)] *= 1.001  # another implementation's mistakes
    return L, V, b, G, value


def check_chunk(L, V, b, G, value):
    # one thread per worker process: the cluster's workers are the parallelism
    return privoco.check("VDH.pred.conj", value, L=L, V=V, b=b, G=G, threads=1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--chunk", type=int, default=1 << 16)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compare", action="store_true")
    a = ap.parse_args()
    print(f"seed {a.seed}, {a.n} rows in chunks of {a.chunk}")
    cols = dataset(a.n, a.seed)
    with LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True) as cluster, Client(cluster) as client:
        chunks = [client.scatter([c[k:k + a.chunk] for c in cols]) for k in range(0, a.n, a.chunk)]
        t0 = time.perf_counter()
        parts = client.gather([client.submit(lambda c: check_chunk(*c), c) for c in chunks])
        t_dask = time.perf_counter() - t0
    r = privoco.CheckResult.concatenate(parts)
    print(f"dask, {a.workers} workers: {t_dask:.2f} s ({a.n / t_dask:,.0f} rows/s); summary {r.summary}")
    if a.compare:
        t0 = time.perf_counter()
        one = check_chunk(*cols)
        t_one = time.perf_counter() - t0
        print(f"one process, one thread: {t_one:.2f} s ({a.n / t_one:,.0f} rows/s); summary {one.summary}")
        same = (list(one.verdict) == list(r.verdict) and one.summary == r.summary
                and np.array_equal(one.ulps.view(np.uint64), r.ulps.view(np.uint64)))
        print(f"same verdicts, figures and summary: {same}; ratio dask / one process: {t_one / t_dask:.2f}")


if __name__ == "__main__":
    main()
