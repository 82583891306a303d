#!/usr/bin/env python3
"""Every command's --json output validates against oracle/privoco.schema.json.

Usage: json_schema_test.py PRIVOCO_BIN SCHEMA TMPDIR

Each command below is run; every line it writes is parsed as strict JSON (no NaN/Infinity tokens) and validated
against the schema; the record types must be those the command is documented to write, a summary (when there is
one) must be the last line and carry the process's exit code. Siblings: records made wrong in the ways the schema
exists to exclude (params as a string, a value as a JSON number, a null measurement, a summary without its exit code)
must fail validation.
"""
import copy
import json
import os
import subprocess
import sys

import jsonschema

BIN, SCHEMA, TMP = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(TMP, exist_ok=True)
with open(SCHEMA) as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failures = []


def t(name):
    return os.path.join(TMP, name)


def strict_loads(line):
    def bad(token):
        raise ValueError("non-standard JSON token " + token)
    return json.loads(line, parse_constant=bad)


def run(args, records, summary, stdin=None, stream="stdout"):
    """Runs privoco ARGS; checks each line of the JSON stream (stdout, or stderr for run with rows on stdout)."""
    p = subprocess.run([BIN] + args, capture_output=True, text=True, input=stdin)
    text = p.stdout if stream == "stdout" else p.stderr
    lines = [l for l in text.split("\n") if l.strip()]
    where = "privoco " + " ".join(args)
    if p.returncode not in (0, 1, 3):
        failures.append(f"{where}: exit {p.returncode}: {p.stderr.strip()}")
        return []
    if not lines:
        failures.append(f"{where}: no output")
        return []
    objs = []
    for i, line in enumerate(lines):
        try:
            obj = strict_loads(line)
        except ValueError as e:
            failures.append(f"{where}: line {i + 1} is not JSON ({e}): {line[:200]}")
            continue
        errs = sorted(validator.iter_errors(obj), key=lambda e: e.path)
        if errs:
            failures.append(f"{where}: line {i + 1}: {errs[0].message} at {list(errs[0].absolute_path)}: {line[:300]}")
        objs.append(obj)
        kind = obj.get("record", "summary" if "summary" in obj else None)
        if kind == "summary":
            if i != len(lines) - 1:
                failures.append(f"{where}: a summary that is not the last line")
            if obj["summary"].get("exit") != p.returncode:
                failures.append(f"{where}: summary exit {obj['summary'].get('exit')}, process exit {p.returncode}")
        elif kind not in records:
            failures.append(f"{where}: record type {kind!r}, expected one of {records}")
    if summary and (not objs or "record" in objs[-1]):
        failures.append(f"{where}: no summary line at the end")
    return objs


def write(name, text):
    with open(t(name), "w") as f:
        f.write(text)
    return t(name)


# list, eval (reference, fast, overflow, per-coordinate, readings), eval --points
run(["list", "--json"], ["entry"], True)
run(["eval", "VDH.pred.conj", "L=100", "V=9", "b=1", "G=1", "--json"], ["value"], False)
run(["eval", "VDH.pred.conj", "L=1e5", "V=1e6", "b=0.001", "G=0.001", "--impl", "fast", "--json"], ["value"], False)
run(["eval", "VDH.bound.thm2", "u=1,2,-3", "V=3,4,5", "b=1,1,2", "G=1", "--json"], ["value"], False)
run(["eval", "VDH.bound.thm2", "d=3", "u=1,2,-3", "V=3,4,5", "b=1,1,2", "G=1", "--impl", "fast", "--json"], ["value"], False)
run(["eval", "DP.gauss.delta", "eps=1", "mu=2", "--json"], ["value"], False)
run(["eval", "JKT.noise.tree_sigma", "R=1", "eps=1", "delta=1e-5", "T=100", "log_base=mixed", "--json"], ["value"], False)
pts = t("pts.csv")
with open(pts, "w") as f:
    subprocess.run([BIN, "sample", "VDH.pred.conj", "--n", "12", "--seed", "3"], stdout=f, stderr=subprocess.DEVNULL, check=True)
run(["eval", "VDH.pred.conj", "--points", pts, "--json"], ["value"], True)
run(["eval", "VDH.pred.conj", "--points", pts, "--impl", "fast", "--json"], ["value"], True)

# check: pass, fail, wrong sign, zero, non-finite claims, invalid rows, bounds
claims = write("claims.csv", "id,L,V,b,G,value\n"
               "VDH.pred.conj,100,9,1,1,1623923.6082559064\n"
               "VDH.pred.conj,100,9,1,1,1.6e6\n"
               "VDH.pred.conj,100,9,1,1,-1623923.6082559064\n"
               "VDH.pred.conj,100,9,1,1,0\n"
               "VDH.pred.conj,100,9,1,1,inf\n"
               "VDH.pred.conj,100,9,1,1,nan\n"
               "VDH.pred.conj,100,9,1,1,abc\n"
               "VDH.pred.conj,100,-9,1,1,1\n"
               "VDH.nope,1,1,1,1,1\n")
run(["check", claims, "--json", "--all"], ["verdict"], True)
jl = write("claims.jsonl", '{"id":"VDH.pred.conj","L":100,"V":9,"b":1,"G":1,"value":Infinity}\n'
           '{"id":"VDH.pred.conj","L":100,"V":9,"b":1,"G":1,"value":1623923.6082559064}\n')
run(["check", jl, "--json", "--all"], ["verdict"], True)
bounds = write("bounds.csv", "id,eps,mu,value\nDP.gauss.delta,1,2,0.5\nDP.gauss.delta,1,2,0.1\n")
run(["check", bounds, "--claim", "upper", "--json", "--all"], ["verdict"], True)
empty = write("empty.csv", "id,L,V,b,G,value\n")
run(["check", empty, "--json"], ["verdict"], True)

# run and check --stream
grads = write("g.csv", "g\n" + "".join(f"{(-1) ** k * 0.37 * (k % 5)}\n" for k in range(40)))
run(["run", "alg1", "b=1", "G=1", "--gradients", grads, "--out", t("w.csv"), "--json"], [], True)
run(["check", t("w.csv"), "--stream", "alg1", "b=1", "G=1", "--json", "--all"], ["step"], True)
pigd = ["L=3", "alpha=1", "radius=1", "eps=1", "delta=1e-5", "T=40"]
run(["run", "pigd"] + pigd + ["--gradients", grads, "--out", t("pigd.csv"), "--json"], [], True)
run(["check", t("pigd.csv"), "--stream", "pigd"] + pigd + ["--json", "--all"], ["step"], True)
with open(t("w.csv")) as f:
    rows = f.read().split("\n")
rows[5] = rows[5].rsplit(",", 1)[0] + ",0.5"
write("w_bad.csv", "\n".join(rows))
run(["check", t("w_bad.csv"), "--stream", "alg1", "b=1", "G=1", "--json"], ["step"], True)
run(["run", "alg3", "b=1,2", "G=1", "--gradients", write("g2.csv", "g1,g2\n0.5,-1\n1,0.25\n-0.5,0.5\n"), "--out",
     t("w2.csv"), "--json"], [], True)
run(["run", "local_laplace", "tau=1,inf", "--T", "3", "--out", t("xi.csv"), "--json"], [], True)
run(["run", "l2_mech", "eps=1", "d=3", "--T", "3", "--out", t("xi2.csv"), "--json"], [], True)
run(["run", "scenario1", "--T", "20", "--seeds", "2", "--json"], [], True)
run(["run", "olr", "--T", "300", "--seeds", "2", "eps=0.1,10", "--json"], [], True)
run(["run", "mip_tradeoff", "C=0.1,10", "d=1,3", "--json"], [], True)
run(["run", "olc", "--gradients", write("olc.csv", "y,v1,v2\n1,0.5,0.1\n-1,-0.4,0.2\n1,0.3,-0.2\n-1,-0.6,0.1\n1,0.2,0.2\n"
                                              "-1,-0.1,-0.3\n"), "--seeds", "2", "eps=1,20", "--json"], [], True)
run(["run", "private_sum", "R=1", "eps=1", "delta=1e-5", "T=8", "--gradients", write("ps.csv", "w\n0.5\n-1\n0.25\n"),
     "--out", t("ps_out.csv"), "--json"], [], True)

# compare, prove (branch and bound: certified, refuted, thresholds; a privacy check; a regret check)
run(["compare", "VDH.pred.conj", "--n", "20", "--json"], ["accuracy"], False)
run(["compare", "VDH.pred.conj", "--points", claims, "--json"], ["accuracy"], False)
# shards: compare's point records and every shard's summary with its shard object; the merge's output
file_points = []
for i in range(2):
    run(["compare", "VDH.pred.conj", "--n", "150", "--shard", f"{i}/2"], ["point"], True)
    run(["check", claims, "--shard", f"{i}/2"], ["verdict"], True)
    file_points += run(["compare", "VDH.pred.conj", "--points", claims, "--shard", f"{i}/2"], ["point"], True)
    subprocess.run([BIN, "compare", "VDH.pred.conj", "--n", "150", "--shard", f"{i}/2"], stdout=open(t(f"cmp{i}.jsonl"), "w"))
run(["merge", t("cmp0.jsonl"), t("cmp1.jsonl")], ["accuracy"], False)
if not any("file" in o for o in file_points):
    failures.append("compare --points --shard: no point record carries the file's value")
run(["prove", "VDH.lemma.lncosh", "--json"], ["claim"], False)
run(["prove", "VDH.lemma.lncosh", "y=1.42", "--json"], ["claim"], False)
run(["prove", "VDH.lemma.lncosh", "--threshold", "--json"], ["claim"], False)
run(["prove", "JKT.priv.pocp_step", "--json"], ["claim"], False)
run(["prove", "VDH.bound.thm1_corrected", "evaluations=2000", "--json"], ["claim"], False)

# report: every record type of the papers' IDs, learners, errata and claims (prove --all writes the same claim records)
rep = run(["report", "--n", "4", "--json"], ["accuracy", "part_accuracy", "erratum", "claim"], True)
kinds = {o.get("record") for o in rep}
for k in ("accuracy", "part_accuracy", "erratum", "claim"):
    if k not in kinds:
        failures.append(f"report --json wrote no {k!r} record")

# siblings: what the schema exists to exclude
value = strict_loads(subprocess.run([BIN, "eval", "VDH.pred.conj", "L=1", "V=0", "b=1", "G=1", "--impl", "fast",
                                     "--json"], capture_output=True, text=True).stdout)
check_lines = [strict_loads(l) for l in subprocess.run([BIN, "check", claims, "--json", "--all"], capture_output=True,
                                                       text=True).stdout.split("\n") if l]
verdict = next(o for o in check_lines if o.get("verdict") == "fail")
summary = check_lines[-1]
wrong = []
v = copy.deepcopy(value); v["params"] = "L=1, V=0, b=1, G=1"; wrong.append(("params as a string", v))
v = copy.deepcopy(value); v["value"] = 0.25; wrong.append(("a value as a JSON number", v))
v = copy.deepcopy(value); v["value"] = "Infinity"; wrong.append(("a non-finite value not written as inf", v))
v = copy.deepcopy(value); del v["log_abs"]; wrong.append(("a fast value without ln|value|", v))
v = copy.deepcopy(verdict); v["ulps"] = None; wrong.append(("a measurement written as null", v))
v = copy.deepcopy(verdict); v["ulps"] = "1e3"; wrong.append(("a measurement written as a string", v))
v = copy.deepcopy(verdict); v["verdict"] = "WRONG"; wrong.append(("an unknown verdict", v))
v = copy.deepcopy(summary); del v["summary"]["exit"]; wrong.append(("a summary without its exit code", v))
v = copy.deepcopy(summary); v["extra"] = 1; wrong.append(("a summary line with another key", v))
v = copy.deepcopy(value); del v["record"]; wrong.append(("a record without its type", v))
for what, obj in wrong:
    if validator.is_valid(obj):
        failures.append(f"sibling accepted by the schema: {what}: {json.dumps(obj)[:200]}")

if failures:
    print(f"{len(failures)} failures:")
    for f in failures:
        print("  " + f)
    sys.exit(1)
print("every command's --json output validates against", SCHEMA, f"({len(wrong)} wrong variants refused)")
