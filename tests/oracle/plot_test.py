#!/usr/bin/env python3
"""Every plot privoco draws renders, and no text leaves the canvas or runs into another text.

Usage: plot_test.py PRIVOCO_BIN TMPDIR

Each plot (compare over a sample, over a file with values of every kind, over parameters with negative values and
zeros; the scenarios, linear and log-log) is rendered with rsvg-convert (Debian librsvg2-bin), each text element
alone on a canvas widened by a margin: its pixels must lie inside the plot's canvas, and no two texts' pixel boxes
may overlap. Sibling: a plot with a title moved past the right edge, and one with two labels on top of each other,
must fail the same checks.
"""
import io
import os
import re
import subprocess
import sys

from PIL import Image

BIN, TMP = sys.argv[1], sys.argv[2]
os.makedirs(TMP, exist_ok=True)
M = 200  # margin around the canvas, in pixels
failures = []


def t(name):
    return os.path.join(TMP, name)


def render(svg_text):
    p = subprocess.run(["rsvg-convert", "-f", "png"], input=svg_text.encode(), capture_output=True, check=True)
    return Image.open(io.BytesIO(p.stdout))


def text_boxes(svg):
    """The pixel box of each <text> of the plot, rendered alone on the widened canvas (coordinates of the plot)."""
    m = re.search(r'<svg [^>]*width="([0-9.]+)" height="([0-9.]+)" viewBox="0 0 [0-9.]+ [0-9.]+"([^>]*)>', svg)
    W, H = float(m.group(1)), float(m.group(2))
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W + 2 * M:g}" height="{H + 2 * M:g}" '
            f'viewBox="{-M} {-M} {W + 2 * M:g} {H + 2 * M:g}"{m.group(3)}>')
    texts = re.findall(r"<text\b.*?</text>", svg)
    boxes = []
    for tx in texts:
        img = render(head + tx + "</svg>")
        bb = img.getchannel("A").getbbox()
        if bb is None:
            continue
        label = re.sub(r"<[^>]+>", "", tx)
        boxes.append((label, bb[0] - M, bb[1] - M, bb[2] - M, bb[3] - M))
    return W, H, boxes


def check_plot(path, what):
    with open(path) as f:
        svg = f.read()
    found = []
    render(svg)  # the whole plot renders
    W, H, boxes = text_boxes(svg)
    if len(boxes) < 5:
        found.append(f"{what}: only {len(boxes)} texts rendered")
    for label, x0, y0, x1, y1 in boxes:
        if x0 < 0 or y0 < 0 or x1 > W or y1 > H:
            found.append(f"{what}: text {label!r} leaves the canvas: pixels [{x0}, {x1}) x [{y0}, {y1}) of {W:g} x {H:g}")
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            a, b = boxes[i], boxes[j]
            if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]:
                found.append(f"{what}: texts {a[0]!r} and {b[0]!r} overlap")
    return found


def cli(*args):
    p = subprocess.run([BIN] + list(args), capture_output=True, text=True)
    if p.returncode not in (0, 1):
        failures.append(f"privoco {' '.join(args)}: exit {p.returncode}: {p.stderr.strip()}")


long_name = t("results_of_a_rather_long_experiment_name_with_many_parts_v2_final_really_final.csv")
with open(long_name, "w") as f:
    f.write("id,L,V,b,G,value\n"
            "VDH.pred.conj,100,9,1,1,1623923.6082559064\n"
            "VDH.pred.conj,-3,9,1,1,1.6e6\n"
            "VDH.pred.conj,0.001,9,1,1,-1623923.6082559064\n"
            "VDH.pred.conj,1e-7,9,1,1,0\n"
            "VDH.pred.conj,-1e4,9,1,1,inf\n"
            "VDH.pred.conj,0,9,1,1,nan\n")
# two classes, 5 features: the Sec 5.2 preset's data format (label y, features v1..v5)
olc_data = t("olc.csv")
with open(olc_data, "w") as f:
    f.write("y,v1,v2,v3,v4,v5\n")
    for i in range(300):
        v = [((i * 7 + 3 * j) % 11 - 5) / 5 for j in range(5)]
        f.write(f"{1 if v[0] + 0.5 * v[1] > 0 else 2}," + ",".join(str(x) for x in v) + "\n")
plots = {
    "compare over a sample": ["compare", "VDH.pred.conj", "--n", "400", "--plot", t("c1.svg")],
    "compare over a file with every kind of value": ["compare", "VDH.pred.conj", "--points", long_name, "--plot", t("c2.svg")],
    "compare with x > 0 only": ["compare", "DP.gauss.delta", "--n", "300", "--x", "eps", "--plot", t("c3.svg")],
    "compare of a potential": ["compare", "VDH.pot.conj", "--n", "300", "--plot", t("c4.svg"), "--ulps", "1e6"],
    "scenario 1": ["run", "scenario1", "--T", "30,100,300", "--seeds", "3", "--plot", t("s1.svg")],
    "scenario 2, log-log": ["run", "scenario2", "--T", "30,100", "--seeds", "3", "--plot", t("s2.svg"), "--log-log"],
    "JKT Sec 5.1 preset (log-log)": ["run", "olr", "--T", "3000", "--seeds", "2", "--plot", t("olr.svg")],
    "JKT Sec 5.2 preset": ["run", "olc", "--gradients", olc_data, "--seeds", "2", "--plot", t("olc.svg")],
    "MIP trade-off (log-log, no error bars)": ["run", "mip_tradeoff", "d=1,100", "--plot", t("mip.svg")],
}
for what, args in plots.items():
    cli(*args)
    path = args[args.index("--plot") + 1]
    if not os.path.exists(path):
        failures.append(f"{what}: no plot written")
        continue
    failures += check_plot(path, what)

# siblings: a text past the right edge, and two texts on top of each other, are found
with open(t("c1.svg")) as f:
    svg = f.read()
past = re.sub(r'(<text x=")[0-9.]+(" y="22)', r"\g<1>850\g<2>", svg, count=1)
with open(t("past.svg"), "w") as f:
    f.write(past)
if not any("leaves the canvas" in x for x in check_plot(t("past.svg"), "sibling")):
    failures.append("sibling: a title moved past the right edge was not found")
doubled = svg.replace("</svg>", '<text x="400" y="200">overlapping</text><text x="410" y="202">labels</text></svg>')
with open(t("doubled.svg"), "w") as f:
    f.write(doubled)
if not any("overlap" in x for x in check_plot(t("doubled.svg"), "sibling")):
    failures.append("sibling: two overlapping texts were not found")

if failures:
    print(f"{len(failures)} failures:")
    for f in failures:
        print("  " + f)
    sys.exit(1)
print(f"{len(plots)} plots rendered; no text leaves the canvas or overlaps another (2 siblings caught)")
