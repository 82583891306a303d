#!/usr/bin/python3
"""scripts/bench_table.py in its quick form: every fast ID of `privoco list` is timed (scalar, and batch where it has
a kernel), no NaN, batch and scalar calls agree bit for bit, the plain C++ loops ran, and each naive alternative ran and was judged; the
markdown table it writes into a file between the markers has one row per fast ID; every learner is timed beside its
numpy loop, whose outputs privoco judges (each judge with a sibling: a wrong loop judged off). Timings are not asserted.
  bench_table_test.py PRIVOCO PRIVOCO_BENCH WORKDIR   (PYTHONPATH: the Python module)"""
import json
import os
import subprocess
import sys

privoco, bench, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "bench_table.py")
readme, out = os.path.join(work, "README.md"), os.path.join(work, "bench.json")
with open(readme, "w") as f:
    f.write("before\n<!-- bench-table begin -->\nold\n<!-- bench-table end -->\nafter\n")
r = subprocess.run([sys.executable, script, "--bench", bench, "--quick", "--n", "64", "--budget", "0.01", "--judge",
                    "8", "--out", out, "--readme", readme], capture_output=True, text=True)
assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
doc = json.load(open(out))
listed = [json.loads(l) for l in subprocess.run([privoco, "list", "--json"], capture_output=True, text=True,
                                                check=True).stdout.splitlines()]
fast_ids = {e["id"] for e in listed if e.get("record") == "entry" and e["fast"] and e["kind"] != "alg"}
timed = {f["id"] for f in doc["fast"]}
assert fast_ids <= timed | {e["id"] for e in listed if e.get("record") == "entry" and not e["parameters"]}, \
    sorted(fast_ids - timed)
for f in doc["fast"]:
    assert f["nan"] == 0 and f["scalar_per_s"] > 0, f
    assert f["batch_differs"] in (None, 0), f
assert len(doc["naive"]) >= 10, sorted(doc["naive"])
assert sum(1 for f in doc["fast"] if f["cpp_loop_per_s"]) >= 8  # the plain C++ loops beside the fast part
for id, n in doc["naive"].items():
    assert n["evaluated"] > 0 and n["judged"] > 0 and n["per_s"] > 0, (id, n)
    assert n["invalid"] == 0, (id, n)  # every judged row read (a reading by its name)
# a naive alternative with readings: judged by their names; the sibling: their indices as they are, refused as invalid
sys.path.insert(0, os.path.dirname(script))
import numpy as np  # noqa: E402
import bench_table  # noqa: E402
cols = {"T": np.array([100.0, 1e6]), "delta": np.array([1e-5, 1e-9]), "c_parse": np.array([0.0, 1.0]),
        "which": np.array([1.0, 0.0])}
names = ["T", "delta", "c_parse", "which"]
values = bench_table.c_exponent(*[cols[k] for k in names])
assert bench_table.judge("JKT.const.c_exponent", names, cols, values, 2, 1) == (0, 2, 0)
assert bench_table.judge("JKT.const.c_exponent", names, cols, values, 2, 1, reading_names=False)[2] == 2
# the learners side by side: both timed, the naive loops' outputs judged (VDH Alg 3 by the reference at each state,
# the others by the certified replay of their streams: the plain numpy loops agree with it, except where VDH's printed
# closed form loses digits, Alg 1 and Alg 3)
import bench_learners as bl  # noqa: E402
side = doc["learners_side_by_side"]
names = ["VDH.alg.alg1", "VDH.alg.alg2", "VDH.alg.alg3", "MIP.alg.full_info", "MIP.alg.bandit", "JKT.alg.igd_update",
         "JKT.alg.giga_update", "JKT.alg.pocp", "JKT.alg.ftl", "JKT.alg.private_sum", "JKT.alg.qftl", "BANCO.alg.banco"]
assert [l["learner"] for l in side] == names, side
for l in side:
    assert l["privoco_per_s"] > 0 and l["naive_per_s"] > 0, l
    assert l["evaluated"] == l["rounds"] * l["d"] and (l["judged"] > 0) == (l["learner"] != "JKT.alg.private_sum"), l
for l in side:
    if l["learner"] not in ("VDH.alg.alg1", "VDH.alg.alg3"):
        assert l["off_16ulp"] == 0, l
# each judge's sibling: a wrong loop is judged off. MIP Alg 1 with the noise added instead of subtracted,
g = np.random.default_rng(3).uniform(-1e-3, 1e-3, size=(20, 10))
v = np.random.default_rng(4).normal(size=(20, 10))
assert bl.judge_mip_ogd(privoco, g, v, bl.mip_ogd_naive(g, 0.05, 1.0, 1.0, v=v), 0.05, 1.0, 1.0) == (0, 200)
off, judged = bl.judge_mip_ogd(privoco, g, v, bl.mip_ogd_naive(g, 0.05, 1.0, 1.0, v=-v), 0.05, 1.0, 1.0)
assert judged == 200 and off > 100, (off, judged)
# MIP Alg 2 with half its gradient estimate (d/delta) f_t(p_t) e_t,
W, V, E = bl.mip_bandit_naive(g * 10, 0.05, 1.0, 1.0, 0.5, rng=np.random.default_rng(4))
assert bl.judge_mip_bandit(privoco, g * 10, W, V, E) == (0, 200)
W, V, E = bl.mip_bandit_naive(g * 10, 0.05, 1.0, 1.0, 0.5, rng=np.random.default_rng(4), scale=0.5)
off, judged = bl.judge_mip_bandit(privoco, g * 10, W, V, E)
assert judged == 200 and off > 100, (off, judged)
# PIGD with IGD's step divided by t instead of t + 1 (its released points against its own noise columns),
XH, B, X = bl.ocp_naive(g, 0.1, np.random.default_rng(5), bl.igd_step(1.0))
assert bl.judge_ocp(privoco, "pigd", bl.PIGD_PARAMS, g, XH, B) == (0, 200)
XH_bad, B_bad, _ = bl.ocp_naive(g, 0.1, np.random.default_rng(5), bl.igd_step(1.0, step_offset=0))
off, judged = bl.judge_ocp(privoco, "pigd", bl.PIGD_PARAMS, g, XH_bad, B_bad)
assert judged == 200 and off > 50, (off, judged)
# PGIGA with GIGA's step 1/(alpha t) where the reading says 2/(alpha t), and without the burn-in round (then only
# x^_2 is off: the step 2/(alpha t) at t = 2 forgets x_2),
XH, B, _ = bl.ocp_naive(g, 0.1, np.random.default_rng(5), bl.giga_step(1.0), first_step=2)
assert bl.judge_ocp(privoco, "pgiga", bl.PGIGA_PARAMS, g, XH, B) == (0, 200)
for step, first, least in ((bl.giga_step(1.0, k=1), 2, 100), (bl.giga_step(1.0), 1, 10)):
    XH_bad, B_bad, _ = bl.ocp_naive(g, 0.1, np.random.default_rng(5), step, first_step=first)
    off, judged = bl.judge_ocp(privoco, "pgiga", bl.PGIGA_PARAMS, g, XH_bad, B_bad)
    assert off >= least, (off, judged)
# POCP's releases with half the noise they claim,
pocp = {"lambda_A": 4.0, "radius": 1.0, "eps": 1.0, "delta": 1e-6}
XH, B, X = bl.ocp_naive(g, 0.1, np.random.default_rng(5), bl.igd_step(1.0))
assert bl.judge_ocp(privoco, "pocp", pocp, g, XH, B, X) == (0, 190)
off, judged = bl.judge_ocp(privoco, "pocp", pocp, g, XH, 2 * B, X)
assert judged == 190 and off > 100, (off, judged)
# FTL solving with (t + 1) alpha instead of t alpha,
y, vv = bl.ftl_data(20, 5, 3)
assert bl.judge_ftl(privoco, y, vv, bl.ftl_naive(y, vv, 1.0)) == (0, 100)
off, judged = bl.judge_ftl(privoco, y, vv, bl.ftl_naive(y, vv, 1.0, shift=2))
assert judged == 100 and off > 50, (off, judged)
# PQFTL solving with (t + 1) alpha from its own trees' sums,
assert bl.pqftl_judged_run(bench, 20, 3, 1, shift=0) == (0, 60)
off, judged = bl.pqftl_judged_run(bench, 20, 3, 1, shift=1)
assert judged == 60 and off > 30, (off, judged)
# BANCO's loop betting at y = t c (a round late) instead of (t - 1) c,
gb = bl.banco_data(20, 10, 8) * 10
assert bl.banco_judged_run(bench, gb, 8) == (0, 200)
off, judged = bl.banco_judged_run(bench, gb, 8, late=1)
assert judged == 200 and off > 100, (off, judged)
# VDH Alg 2 with half the direction's step, and Alg 1's loop at G = 0.5 judged as a run at G = 1 (its rounds
# where the printed form holds its digits pass, the others are off by orders of magnitude more)
gg = np.random.default_rng(6).uniform(-1, 1, size=(20, 5))
assert bl.judge_alg2(privoco, gg, bl.alg2_naive(gg, 1.0, 1.0)) == (0, 100)
off, judged = bl.judge_alg2(privoco, gg, bl.alg2_naive(gg, 1.0, 1.0, step_scale=0.5))
assert judged == 100 and off > 50, (off, judged)
g1 = np.random.default_rng(7).normal(-0.4, 1.0, 50)
off_right, judged = bl.judge_alg1(privoco, g1, bl.alg1_naive(g1, 1.0, 1.0))
off_wrong, judged = bl.judge_alg1(privoco, g1, bl.alg1_naive(g1, 1.0, 0.5))
assert judged == 50 and off_right < 25 and off_wrong >= 45, (off_right, off_wrong)
# every timed ID has its naive alternative (per-coordinate IDs included: their dumps carry p_1..p_D)
assert timed <= set(doc["naive"]), sorted(timed - set(doc["naive"]))
# a dump with per-coordinate columns: d = 1 and d = 2 rows, mu_2 empty in the first; judged one dimension at a time
dump = os.path.join(work, "DP.gauss.delta.csv")
with open(dump, "w") as f:
    f.write("d,eps,mu_1,mu_2,value,status\n1,0.5,1.5,,0,ok\n2,1,0.75,2,0,ok\n2,0.25,1,1,0,ok\n")
names, cols = bench_table.load(dump)
assert names == ["d", "eps", "mu"] and cols["mu"].shape == (3, 2) and np.isnan(cols["mu"][0, 1]), (names, cols)
values = bench_table.gauss_delta(*[cols[k] for k in names])
assert bench_table.judge("DP.gauss.delta", names, cols, values, 3, 1) == (0, 3, 0)
# the sibling: the composition read as mu = sum mu_j (not sqrt(sum mu_j^2)) is judged off on the d = 2 rows
wrong = bench_table._gauss_delta_at(cols["eps"], np.nansum(cols["mu"], axis=1))
assert bench_table.judge("DP.gauss.delta", names, cols, wrong, 3, 1) == (2, 3, 0)
text = open(readme).read()
assert text.startswith("before\n<!-- bench-table begin -->\nMeasured by") and text.endswith("<!-- bench-table end -->\nafter\n")
assert "\nold\n" not in text and sum(line.startswith("| ") for line in text.splitlines()) == len(doc["fast"]) + 1 + 1 + len(side)
# the sibling: a file without the markers is refused by name, and left as it was
with open(readme, "w") as f:
    f.write("no markers\n")
r = subprocess.run([sys.executable, script, "--bench", bench, "--quick", "--n", "8", "--budget", "0.01", "--judge", "0",
                    "--readme", readme], capture_output=True, text=True)
assert r.returncode != 0 and "no <!-- bench-table begin/end --> markers" in r.stderr, r.stderr
assert open(readme).read() == "no markers\n"
print(f"bench_table: {len(doc['fast'])} fast IDs timed, {len(doc['naive'])} naive alternatives judged")
