#!/usr/bin/python3
"""Side-by-side throughput: the naive closed form of VDH.pred.conj in numpy/scipy against privoco's fast part.

Draws N points log-uniformly from the report's sampling box (L in +-[1e-8, 1e5], V in [1e-8, 1e6], b, G in
[1e-3, 1e3]), times the naive closed form (the corrected eq (7) of ERRATA.md E1, vectorised with
scipy.special.erf), writes the same points to a file and runs `privoco_bench --points=FILE` on them, and times
the Python module's privoco.fast.eval on the same points (fresh result arrays on every call, as a user calls it).

  /usr/bin/python3 scripts/bench_numpy.py   (Debian python3-numpy, python3-scipy) [--n N] [--seed S] [--bench build/oracle/privoco_bench]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from naive_numpy import naive_pred_conj  # noqa: E402  (the same naive closed form as the README example)


def sample(n, seed):
    rng = np.random.default_rng(seed)
    lu = lambda lo, hi: np.exp(rng.uniform(np.log(lo), np.log(hi), n))
    L = lu(1e-8, 1e5) * rng.choice([-1.0, 1.0], n)
    return L, lu(1e-8, 1e6), lu(1e-3, 1e3), lu(1e-3, 1e3)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1 << 16)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bench", default=os.path.join(os.path.dirname(__file__), "..", "build", "oracle", "privoco_bench"))
    a = ap.parse_args()
    L, V, b, G = sample(a.n, a.seed)
    print(f"seed {a.seed}, {a.n} points")
    naive_pred_conj(L, V, b, G)  # warm-up
    reps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < 2.0:
        w = naive_pred_conj(L, V, b, G)
        reps += 1
    numpy_rate = reps * a.n / (time.perf_counter() - t0)
    bad = np.count_nonzero(~np.isfinite(w))
    print(f"numpy/scipy naive closed form: {numpy_rate / 1e6:.2f} M evaluations/s ({bad} of {a.n} results not finite)")
    with tempfile.NamedTemporaryFile(suffix=".f64", delete=False) as f:
        np.column_stack([L, V, b, G]).astype("<f8").tofile(f)
        path = f.name
    try:
        out = subprocess.run([a.bench, "--google-only", f"--points={path}", "--benchmark_filter=FastPredConj",
                              "--benchmark_format=json", "--benchmark_min_time=1"],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    doc = json.loads(out[out.index("{"):out.rindex("}") + 1])
    fast_rate = next(x["items_per_second"] for x in doc["benchmarks"] if x["name"].startswith("BM_FastPredConj"))
    print(f"privoco fast VDH.pred.conj:    {fast_rate / 1e6:.2f} M evaluations/s")
    print(f"ratio fast / numpy: {fast_rate / numpy_rate:.2f}")
    # the module of the same build as privoco_bench (an installed one may be older)
    sys.path.insert(0, os.path.join(os.path.dirname(a.bench), "..", "python"))
    import privoco
    # the module against the C++ kernel in this process on the same arrays, alternating (the machine's speed drifts)
    cols = [np.ascontiguousarray(x) for x in (L, V, b, G)]
    t_py, t_cpp = [], []
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 4.0 or len(t_py) < 5:
        t = time.perf_counter()
        privoco.fast.eval("VDH.pred.conj", L=L, V=V, b=b, G=G)
        t_py.append(time.perf_counter() - t)
        t_cpp.append(privoco._privoco._time_batch("VDH.pred.conj", cols))
    py_rate, cpp_rate = a.n / np.median(t_py), a.n / np.median(t_cpp)
    print(f"privoco.fast.eval (Python):    {py_rate / 1e6:.2f} M evaluations/s; the C++ batch kernel in the same "
          f"process {cpp_rate / 1e6:.2f} M/s (medians of {len(t_py)} alternating passes)")
    print(f"ratio Python module / C++ batch: {py_rate / cpp_rate:.2f}")


if __name__ == "__main__":
    main()
