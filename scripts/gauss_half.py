#!/usr/bin/env python3
"""Print the positive halves of the N-point Gauss-Legendre rules on [-1, 1] as fast/numerics/gauss_half.hpp holds
them: each of x, x^2, w, w x as a double-double (hi = the value rounded to double, lo = the rest rounded), from
Newton's method on P_N in 50-digit arithmetic (mpmath, Debian python3-mpmath).

    python3 scripts/gauss_half.py 6 8 12    # the rules' initialisers, to paste into gauss_half.hpp
"""
import sys

import mpmath as mp

mp.mp.dps = 50


def dd(v):
    hi = float(v)
    lo = float(v - mp.mpf(hi))
    return hi, lo


def rule(n):
    """Nodes x > 0 (decreasing) and weights of the n-point rule (n even)."""
    nodes = []
    for i in range(1, n // 2 + 1):
        x = mp.cos(mp.pi * (i - mp.mpf(1) / 4) / (n + mp.mpf(1) / 2))  # Tricomi's initial guess
        for _ in range(100):
            p, dp = mp.legendre(n, x), mp.diff(lambda t: mp.legendre(n, t), x)
            dx = p / dp
            x -= dx
            if abs(dx) < mp.mpf(10) ** -45:
                break
        dp = mp.diff(lambda t: mp.legendre(n, t), x)
        w = 2 / ((1 - x * x) * dp * dp)
        nodes.append((x, w))
    return nodes


def row(vals):
    return "  {" + ", ".join(float.hex(v).replace("0x1.", "0x1.") for v in vals) + "},"


def main():
    for n in map(int, sys.argv[1:]):
        nodes = rule(n)
        cols = {"x": [], "x2": [], "w": [], "wx": []}
        for x, w in nodes:
            cols["x"].append(dd(x))
            cols["x2"].append(dd(x * x))
            cols["w"].append(dd(w))
            cols["wx"].append(dd(w * x))
        print(f"// {n}-point rule on [-1, 1], positive half ({n // 2} nodes), double-double: x, x^2, w, w x")
        print(f"inline constexpr GaussHalf<{n // 2}> kGauss{n}{{")
        for k in ("x", "x2", "w", "wx"):
            print(row([h for h, _ in cols[k]]))
            print(row([l for _, l in cols[k]]))
        print("};")


if __name__ == "__main__":
    main()
