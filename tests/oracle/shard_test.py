#!/usr/bin/env python3
"""--shard i/n and privoco merge: the merged shards are exactly the --json output of one run, and its exit code.

Usage: shard_test.py PRIVOCO_BIN TMPDIR

check (a file with passing, failing and invalid rows, more rows than one run of 64 per shard; shards on 1 and 2
threads), compare (sampled points, and a file of points with its values), prove --all and report are each run once
and as shards; `privoco merge` of the shards (given in
shuffled order) must print the same bytes (claims' and thresholds' "seconds" excepted: timings) and exit with the
same code. --threads must not change check's bytes either. Merge refuses a missing or a repeated shard, shards of
different runs, and a file that is not a shard's output, each with exit 2 and one line. Sibling: dropping one record
from a shard makes the merge differ from the one run (the comparison is sharp).
"""
import os
import random
import re
import subprocess
import sys

BIN, TMP = sys.argv[1], sys.argv[2]
os.makedirs(TMP, exist_ok=True)
failures = []


def t(name):
    return os.path.join(TMP, name)


def run(args, out=None):
    p = subprocess.run([BIN] + args, capture_output=True, text=True)
    if out:
        with open(out, "w") as f:
            f.write(p.stdout)
    return p.returncode, p.stdout, p.stderr


def untimed(text):
    return re.sub(r'"seconds":[-0-9.e+]+', '"seconds":0', text)


def same_as_one_run(name, args, n, timed=False, threads=None):
    code, one, err = run(args + ["--json"])
    if code not in (0, 1, 3):
        failures.append(f"{name}: one run exit {code}: {err.strip()}")
        return None
    files = []
    for i in range(n):
        extra = ["--threads", str(threads[i % len(threads)])] if threads else []
        c, _, e = run(args + ["--shard", f"{i}/{n}"] + extra, out=t(f"{name}.{i}.jsonl"))
        if c not in (0, 1, 3):
            failures.append(f"{name}: shard {i}/{n} exit {c}: {e.strip()}")
            return None
        files.append(t(f"{name}.{i}.jsonl"))
    random.Random(n).shuffle(files)
    mc, merged, me = run(["merge"] + files)
    a, b = (untimed(one), untimed(merged)) if timed else (one, merged)
    if a != b:
        la, lb = a.splitlines(), b.splitlines()
        k = next((i for i in range(min(len(la), len(lb))) if la[i] != lb[i]), min(len(la), len(lb)))
        failures.append(f"{name}: merge of {n} shards differs from one run at line {k + 1}: "
                        f"{(la[k] if k < len(la) else '<end>')[:200]} | {(lb[k] if k < len(lb) else '<end>')[:200]}")
    if mc != code:
        failures.append(f"{name}: merge exit {mc} ({me.strip()}), one run {code}")
    return files


# --- check: a file of another implementation (the naive closed form with a few bad rows), 700 rows
code, sample, _ = run(["sample", "VDH.pred.conj", "--n", "700", "--seed", "3"])
lines = sample.splitlines()
header, rows = lines[0], lines[1:]
out = [header]
for k, r in enumerate(rows):
    f = r.split(",")
    f[-1] = {0: "0.5", 1: "nan", 2: "x"}.get(k % 50, f[-1] or "0")
    out.append(",".join(f))
with open(t("rows.csv"), "w") as fh:
    fh.write("\n".join(out) + "\n")
# the one run's values: fast's own, so that most rows pass
_, fast, _ = run(["eval", "VDH.pred.conj", "--points", t("rows.csv"), "--impl", "fast"])
vals = [l.split(",")[5] for l in fast.splitlines()[1:]]
filled = [header] + [",".join(r.split(",")[:-1] + [vals[k] if k % 50 > 2 else r.split(",")[-1]])
                     for k, r in enumerate(out[1:])]
with open(t("rows.csv"), "w") as fh:
    fh.write("\n".join(filled) + "\n")
files = same_as_one_run("check", ["check", t("rows.csv")], 3, threads=[1, 2])
_, one_thread, _ = run(["check", t("rows.csv"), "--json", "--threads", "1"])
_, two_threads, _ = run(["check", t("rows.csv"), "--json", "--threads", "2"])
if one_thread != two_threads:
    failures.append("check: --threads 1 and --threads 2 give different bytes")
with open(t("empty.csv"), "w") as fh:
    fh.write("id,L,V,b,G,value\n")
same_as_one_run("check-empty", ["check", t("empty.csv")], 2)

# sibling: one record fewer in a shard and the merge is no longer the one run
if files:
    with open(files[0]) as fh:
        shard_lines = fh.read().splitlines()
    with open(t("check.dropped.jsonl"), "w") as fh:
        fh.write("\n".join(shard_lines[1:]) + "\n")
    _, one, _ = run(["check", t("rows.csv"), "--json"])
    _, merged, _ = run(["merge", t("check.dropped.jsonl")] + files[1:])
    if merged == one:
        failures.append("sibling: a shard without one of its records merged into the one run's output")

# --- compare, prove --all, report
same_as_one_run("compare", ["compare", "VDH.pot.cv", "--n", "300"], 2)
# a file of points with its own values (passing, failing, nan and not-a-number rows): each shard judges its points
same_as_one_run("compare-points", ["compare", "VDH.pred.conj", "--points", t("rows.csv")], 3, threads=[1, 2])
c, _, e = run(["compare", "VDH.pred.conj", "--n", "10", "--shard", "0/2", "--plot", t("p.svg")])
if c != 2 or "--plot" not in e:
    failures.append(f"compare --shard with --plot: exit {c}, {e.strip()!r} (a plot is not merged: refused)")
same_as_one_run("prove", ["prove", "--all", "--fail-on", "refuted"], 2, timed=True)
same_as_one_run("report", ["report", "--id", "VDH.pred.conj", "--id", "DP.laplace.delta", "--n", "100"], 2,
                timed=True)

# --- what merge refuses
if files:
    for args, what in [([files[0], files[1]], "shards missing"), ([files[0], files[0], files[1], files[2]], "both are shard"),
                       ([files[0], files[1], t("compare.0.jsonl")], "differs"), ([files[0], t("rows.csv")], "not a JSON object")]:
        c, _, e = run(["merge"] + args)
        if c != 2 or what not in e or len(e.strip().splitlines()) != 1:
            failures.append(f"merge {' '.join(os.path.basename(a) for a in args)}: exit {c}, {e.strip()!r} "
                            f"(expected exit 2 and '{what}')")
for bad in ["3/3", "1", "a/2", "-1/2", "0/0"]:
    c, _, e = run(["check", t("rows.csv"), "--shard", bad])
    if c != 2 or "--shard" not in e:
        failures.append(f"--shard {bad}: exit {c}, {e.strip()!r}")

for f in failures:
    print("FAIL:", f)
print(f"shard_test: {len(failures)} failures")
sys.exit(1 if failures else 0)
