#!/usr/bin/python3
"""Fills the value column of a `privoco sample VDH.pred.conj` file with the naive closed form in numpy.

The worked example of README.md: this is how a careful person might implement the conjugate-prior prediction
from the paper (eq (7) with its erratum E1 corrected); privoco check shows where it is right and where not.

  /usr/bin/python3 scripts/naive_numpy.py < inputs.csv > filled.csv
"""
import csv
import sys

import numpy as np
from scipy.special import erf


def naive_pred_conj(L, V, b, G):
    """Corrected eq (7) (ERRATA.md E1), evaluated as written: overflows and cancels for large |L|."""
    B = b + V
    C = 1.0 / (5.0 * G)
    sB = np.sqrt(B)
    with np.errstate(all="ignore"):
        first = np.sqrt(b) * L * np.exp((L + 2 * C * B) ** 2 / (4 * B)) * (
            erf((L + 2 * C * B) / (2 * sB)) - erf((L - 2 * C * B) / (2 * sB)))
        second = 2 * np.sqrt(b * B / np.pi) * np.expm1(2 * C * L)
        return (first - second) / (erf(C * np.sqrt(b)) * np.exp(C * (L + C * B)) * 4 * B * sB)


def main():
    lines = [ln for ln in sys.stdin if not ln.startswith("#")]
    rows = list(csv.DictReader(lines))
    cols = {k: np.array([float(r[k]) for r in rows]) for k in ("L", "V", "b", "G")}
    w = naive_pred_conj(cols["L"], cols["V"], cols["b"], cols["G"])
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["id", "L", "V", "b", "G", "value"])
    for r, x in zip(rows, w):
        out.writerow([r["id"], r["L"], r["V"], r["b"], r["G"], repr(float(x))])


if __name__ == "__main__":
    main()
