#!/usr/bin/env python3
"""--junit FILE on check, prove and report: JUnit XML that CI test reporters read, agreeing with the JSON output.

Usage: junit_test.py PRIVOCO_BIN TMPDIR

check --stream: a case per prediction of the replayed run.

Each command runs once with --json and --junit together. The XML must be well-formed (xml.etree), readable by
junitparser (Debian python3-junitparser, the parser CI plugins build on), and agree with the JSON case by case: one
test case per row / claim / ID / learner / erratum, its outcome the verdict's (check: pass, failure, error for
invalid rows; prove: failure for refuted, and for undecided under --fail-on undecided, else skipped), the counts
those of the summary. Markup in the user's file and a file name that is not UTF-8 must arrive escaped. Siblings: a file
with one failure element removed, or with its counts changed, must fail the same agreement check, and an
unescaped '&' must fail to parse.
"""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

from junitparser import Error as JError
from junitparser import Failure, JUnitXml, Skipped

BIN, TMP = sys.argv[1], sys.argv[2]
os.makedirs(TMP, exist_ok=True)
failures = []


def t(name):
    return os.path.join(TMP, name)


def run(args):
    p = subprocess.run([os.fsencode(BIN)] + [os.fsencode(a) for a in args], capture_output=True)
    recs = [json.loads(l) for l in p.stdout.decode("utf-8", "replace").split("\n") if l.strip().startswith("{")]
    return p.returncode, recs


def outcome(case):
    kinds = [type(r) for r in case.result]
    return "failure" if Failure in kinds else "error" if JError in kinds else "skipped" if Skipped in kinds else "pass"


def cases(path):
    """[(suite, classname, name, outcome)] of a JUnit file; raises on XML that is not well-formed."""
    ET.parse(path)
    xml = JUnitXml.fromfile(path)
    out = []
    for suite in xml:
        for c in suite:
            out.append((suite.name, c.classname, c.name, outcome(c)))
    return out


def agreement(path, expected, totals):
    """Problems: the file's cases against `expected` [(name, outcome)] in order, its counts against totals."""
    got = cases(path)
    problems = []
    if [(n, o) for _, _, n, o in got] != expected:
        problems.append(f"{path}: cases {[(n, o) for _, _, n, o in got][:5]}... != expected {expected[:5]}...")
    root = ET.parse(path).getroot()
    for key, want in totals.items():
        if int(root.get(key)) != want:
            problems.append(f"{path}: {key}={root.get(key)}, expected {want}")
        if sum(int(s.get(key)) for s in root.findall("testsuite")) != want:
            problems.append(f"{path}: the suites' {key} do not add up to {want}")
    return problems


# --- check: pass, fail, invalid, markup and a byte that is not UTF-8 in the user's file
rows = ["id,L,V,b,G,value",
        "VDH.pred.conj,100,9,1,1,0.72159624522592713",
        "VDH.pred.conj,100,9,1,1,0.75",
        "VDH.pred.conj,1,<&\"x>,1,1,0.5",
        "VDH.pred.conj,0,0,1,1,0",
        "VDH.pred.conj,1,1,1,1,\xff"]
rows_path = os.path.join(os.fsencode(TMP), b"rows\xff.csv")  # a file name that is not UTF-8, as the suite's name
with open(rows_path, "wb") as f:
    f.write("\n".join(rows).encode("latin-1") + b"\n")
code, recs = run(["check", os.fsdecode(rows_path), "--json", "--junit", t("check.xml")])
verdicts = [r for r in recs if r.get("record") == "verdict"]
summary = recs[-1]["summary"]
want = {"pass": "pass", "sound": "pass", "fail": "failure", "UNSOUND": "failure", "invalid": "error"}
expected = [(f"line {v['line']}" + (f": {v['id']}(" if v["verdict"] != "invalid" else ""), want[v["verdict"]])
            for v in verdicts]
got = cases(t("check.xml"))
if len(got) != len(expected) or any(not g[2].startswith(e[0]) or g[3] != e[1] for g, e in zip(got, expected)):
    failures.append(f"check: cases {[(g[2], g[3]) for g in got]} != verdicts {expected}")
root = ET.parse(t("check.xml")).getroot()
if (int(root.get("tests")), int(root.get("failures")), int(root.get("errors"))) != (
        summary["rows"], summary["failed"], summary["invalid"]):
    failures.append(f"check: counts {root.attrib} != summary {summary}")
text = open(t("check.xml"), encoding="utf-8").read()
if "&lt;&amp;&quot;x&gt;" not in text or "\ufffd" not in text:
    failures.append("check: the row's markup or the file name's byte that is not UTF-8 did not arrive escaped")
if code == 0:
    failures.append("check: a failing file exited 0")

# a file with no data rows fails as one case named 'rows'
with open(t("empty.csv"), "w") as f:
    f.write("id,L,V,b,G,value\n")
code, _ = run(["check", t("empty.csv"), "--junit", t("empty.xml")])
if code == 0 or [(c[2], c[3]) for c in cases(t("empty.xml"))] != [("rows", "failure")]:
    failures.append(f"check of a header-only file: exit {code}, cases {cases(t('empty.xml'))}")

# --- check --stream: a case per prediction, the wrong one failing
with open(t("g.csv"), "w") as f:
    f.write("g\n0.5\n-0.25\n1\n0.75\n")
subprocess.run([BIN, "run", "alg1", "b=1", "G=1", "--gradients", t("g.csv"), "--out", t("w.csv")], capture_output=True)
w = open(t("w.csv")).read().splitlines()
w[-1] = w[-1][:w[-1].rindex(",") + 1] + "0.5"
with open(t("w_bad.csv"), "w") as f:
    f.write("\n".join(w) + "\n")
code, recs = run(["check", t("w_bad.csv"), "--stream", "alg1", "b=1", "G=1", "--json", "--all", "--junit",
                  t("stream.xml")])
steps = [r for r in recs if r.get("record") == "step"]
exp_stream = [(f"line {r['line']}: step {r['step']}", "pass" if r["verdict"] == "pass" else "failure") for r in steps]
failures += agreement(t("stream.xml"), exp_stream, {"tests": len(steps), "failures": recs[-1]["summary"]["failed"]})
if code != 1 or recs[-1]["summary"]["failed"] != 1:
    failures.append(f"check --stream: exit {code}, summary {recs[-1]['summary']}")

# --- prove ID: one case
code, recs = run(["prove", "VDH.lemma.lncosh", "--json", "--junit", t("one.xml")])
if [(c[2], c[3]) for c in cases(t("one.xml"))] != [("VDH.lemma.lncosh", "pass")] or code != 0:
    failures.append(f"prove VDH.lemma.lncosh: exit {code}, cases {cases(t('one.xml'))}")

# --- prove --all, undecided as skipped (--fail-on refuted)
code, recs = run(["prove", "--all", "--fail-on", "refuted", "--json", "--junit", t("all.xml")])
claims = [r for r in recs if r.get("record") == "claim"]
s = recs[-1]["summary"]
rule = {"certified": "pass", "refuted": "failure", "undecided": "skipped"}
exp_all = [(c["id"], rule[c["verdict"]]) for c in claims]
failures += agreement(t("all.xml"), exp_all, {"tests": s["claims"], "failures": s["refuted"], "skipped": s["undecided"]})
if not any(o == "failure" for _, o in exp_all):
    failures.append("prove --all: no refuted claim to test the failure path with")

# --- report: accuracy per ID, learners, errata (reproduced: pass), claims as prove --all --fail-on refuted
code, recs = run(["report", "--id", "VDH.pred.conj", "--id", "DP.gauss.delta", "--n", "30", "--json",
                  "--junit", t("report.xml")])
got = cases(t("report.xml"))
by_suite = {}
for suite, _, name, o in got:
    by_suite.setdefault(suite, []).append((name, o))
acc = [(r["id"], "pass") for r in recs if r.get("record") == "accuracy"]
errata = [r for r in recs if r.get("record") == "erratum"]
rep_claims = [(r["id"], rule[r["verdict"]]) for r in recs if r.get("record") == "claim"]
if by_suite.get("privoco report: accuracy") != acc:
    failures.append(f"report: accuracy cases {by_suite.get('privoco report: accuracy')} != {acc}")
if len(by_suite.get("privoco report: errata", [])) != len(errata) or any(
        o != "pass" for _, o in by_suite.get("privoco report: errata", [])):
    failures.append(f"report: errata cases {by_suite.get('privoco report: errata')} (expected {len(errata)}, all pass)")
if by_suite.get("privoco report: claims") != rep_claims:
    failures.append("report: claim cases differ from the claim records")
if code != 0:
    failures.append(f"report: exit {code}")

# --- siblings: the agreement check rejects a file that lost a failure element or whose counts were changed, and
# an unescaped '&' is not XML
full = open(t("all.xml"), encoding="utf-8").read()
start = full.index("<failure")
end = full.index("</failure>", start) + len("</failure>")
with open(t("lost.xml"), "w", encoding="utf-8") as f:
    f.write(full[:start] + full[end:])
if not agreement(t("lost.xml"), exp_all, {"tests": s["claims"], "failures": s["refuted"]}):
    failures.append("sibling: a file without one of its failure elements passed the agreement check")
with open(t("count.xml"), "w", encoding="utf-8") as f:
    f.write(full.replace(f'tests="{s["claims"]}"', f'tests="{s["claims"] + 1}"', 1))
if not agreement(t("count.xml"), exp_all, {"tests": s["claims"]}):
    failures.append("sibling: a file with a wrong test count passed the agreement check")
with open(t("amp.xml"), "w", encoding="utf-8") as f:
    f.write(text.replace("&amp;", "&", 1))
try:
    ET.parse(t("amp.xml"))
    failures.append("sibling: an unescaped '&' parsed as XML")
except ET.ParseError:
    pass

for f in failures:
    print("FAIL:", f)
print(f"junit_test: {len(failures)} failures")
sys.exit(1 if failures else 0)
