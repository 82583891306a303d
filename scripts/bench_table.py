#!/usr/bin/python3
"""The performance table: every fast ID and learner, side by side with what a user would write instead.

One command runs it all on one core and prints it, writes it as JSON and (with --readme) regenerates the table in
README.md between the markers `<!-- bench-table begin -->` and `<!-- bench-table end -->`:

  /usr/bin/python3 scripts/bench_table.py [--bench build/oracle/privoco_bench] [--out bench.json] [--readme README.md]
                                          [--n 16384] [--judge 1000] [--ids PREFIX,...]

- fast: `privoco_bench --table` times every fast ID at the report's sampled points (seed 1): scalar calls and the
  batch path (its vectorised kernel where it has one), NaN count, batch/scalar bit agreement, and for some IDs the
  plain C++ loop of the printed closed form (<cmath>, the project's compiler flags) on the same points.
- naive: for the IDs in NAIVE below, the closed form as printed, vectorised with numpy/scipy (or scipy.integrate.quad
  point by point where there is no closed form), timed on the same points in the same run; the fraction of its results
  that are not finite, and of a sample of `--judge` finite ones that privoco's certified reference judges off by more
  than 16 ulp (the Python module's privoco.check, as `privoco check` judges a file).
- learners: the Google Benchmark runs of privoco_bench (coordinate-steps or rounds per second), and side by side
  through the Python module against a numpy loop on the same data (bench_learners.py): VDH Alg 1, 2 and 3 (the
  printed closed form each round), MIP Alg 1 and 2, JKT PIGD, PGIGA, POCP, FTL, PQFTL and Alg 5 (the private sum), BANCO
  Alg 1; the loops' outputs judged by the reference at their own state (Alg 3) or by `privoco check --stream`
  against the certified replay (not the private sum: its output is its own draws plus exact sums).
- reference: the certified reference's cost curve for VDH.pred.conj (`privoco_bench --reference-curve`).
Needs Debian python3-numpy and python3-scipy, and the Python module on PYTHONPATH (build/python) for the judging.
"""
import argparse
import csv
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import warnings

import numpy as np
from scipy import integrate, optimize
from scipy.special import chdtrc, digamma, erf, gammaln, lambertw, ndtr

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_learners  # noqa: E402  (the learners side by side)
from naive_numpy import naive_pred_conj  # noqa: E402  (the README's worked example)


# --- the naive alternatives: the papers' formulas as a user would vectorise them (no care for the range) ----------

def _i0(L, B, C):
    """int_{-C}^{C} e^{vL - v^2 B} dv by completing the square (VDH eq (4) with the conjugate or uniform prior)."""
    sB = np.sqrt(B)
    return np.sqrt(np.pi / B) / 2 * np.exp(L * L / (4 * B)) * (
        erf((2 * B * C - L) / (2 * sB)) + erf((2 * B * C + L) / (2 * sB)))


def pot_conj(L, V, b, G):
    C = 1 / (5 * G)
    return _i0(L, b + V, C) / (np.sqrt(np.pi / b) * erf(C * np.sqrt(b))) - 1  # VDH eq (4) with eq (6)


def pot_Z(b, G):
    return np.sqrt(np.pi / b) * erf(np.sqrt(b) / (5 * G))  # VDH eq (6)


def pred_uniform(L, V, G):
    C = 1 / (5 * G)  # VDH eq (5), uniform prior: int v e^{vL - v^2 V} = (L i0 - 2 e^{-C^2 V} sinh(CL))/(2V)
    return (L * _i0(L, V, C) - 2 * np.exp(-C * C * V) * np.sinh(C * L)) / (2 * V) / (2 * C)


def pot_uniform(L, V, G):
    C = 1 / (5 * G)
    return _i0(L, V, C) / (2 * C) - 1  # VDH eq (4), uniform prior


def _quad(f, C):
    return integrate.quad(f, 0, C, limit=200)[0]


def pred_improper(L, V, G):  # VDH (3.8.1): 2 int_0^C sinh(vL) e^{-v^2 V} dv
    return _quad(lambda v: 2 * np.sinh(v * L) * np.exp(-v * v * V), 1 / (5 * G))


def pot_improper(L, V, G):  # int_0^C (2 cosh(vL) e^{-v^2 V} - 2)/v dv
    return _quad(lambda v: (2 * np.cosh(v * L) * np.exp(-v * v * V) - 2) / v, 1 / (5 * G))


def pred_cv(L, V, G):  # (ln(5G)/2) int_0^C 2 sinh(vL) e^{-v^2 V} / ln^2 v dv
    return np.log(5 * G) / 2 * _quad(lambda v: 2 * np.sinh(v * L) * np.exp(-v * v * V) / np.log(v) ** 2, 1 / (5 * G))


def pot_cv(L, V, G):  # (ln(5G)/2) int_0^C 2 cosh(vL) e^{-v^2 V} / (v ln^2 v) dv - 1
    return np.log(5 * G) / 2 * _quad(
        lambda v: 2 * np.cosh(v * L) * np.exp(-v * v * V) / (v * np.log(v) ** 2), 1 / (5 * G)) - 1


def thm1(u, V, b, G):  # VDH Thm 1, as printed
    B = b + V
    first = 11 * G * (np.log(11 * G * np.abs(u)) - 1 + np.log(np.sqrt(5) * G * np.sqrt(np.pi) / (4 * np.sqrt(b))))
    second = np.sqrt(8 * B * np.log(16 * u * u * B ** 1.5 * np.sqrt(np.pi) / np.sqrt(b) + 1))
    return 1 + np.abs(u) * np.maximum(first, second)


def exp_linear(A, c, K, u):  # sup_L (uL - A e^{cL} + K)
    return (u / c) * (np.log(u / (A * c)) - 1) + K


def laplace_delta(eps, mu):  # the Laplace mechanism's privacy profile
    return np.maximum(0.0, 1 - np.exp((eps - mu) / 2))


def gauss_mu(eps, delta):  # the analytic calibration (Balle and Wang 2018, Thm 8) by scipy's brentq on the printed profile
    f = lambda m: ndtr(m / 2 - eps / m) - np.exp(eps) * ndtr(-m / 2 - eps / m) - delta
    return optimize.brentq(f, 1e-8, 1e8, xtol=1e-300, rtol=4 * np.finfo(float).eps)


def delta_typical(T):  # JKT Sec 2.2
    return np.exp(-T)


def igd_step(alpha, t):  # JKT Alg 2 l.6
    return 1 / (alpha * t)


def thm12(u, V, G):  # VDH Thm 12 (3.8.2), as printed
    au, l2 = np.abs(u), np.log(2)
    return np.maximum.reduce([au * np.sqrt(8 * V) * (np.sqrt(np.log(8 * u * u * V + 1)) + 1),
                              au * 11 * G * (np.log(au * 11 * G * l2) - 1) + l2,
                              au * (np.sqrt(2 * V) + 1 + np.log(1 + 2 * np.sqrt(2 * V)))])


# JKT: reading columns hold the index of the reading in the catalogue's order (c_parse: 0 ln((1/2) ln(2/delta)), 1
# (ln 1/2) ln(2/delta); C_norm: 0 the diameter 2 radius, 1 the radius; log_base: 0 e, 1 2, 2 mixed)
def _c(T, delta, c_parse):  # JKT Alg 1 l.7: c = ln((1/2) ln(2/delta))/(2 ln T)
    return np.where(c_parse == 0, np.log(0.5 * np.log(2 / delta)), np.log(0.5) * np.log(2 / delta)) / (2 * np.log(T))


def c_exponent(T, delta, c_parse, which):  # c, or the noise scale T^{0.5+c}
    c = _c(T, delta, c_parse)
    return np.where(which == 0, c, T ** (0.5 + c))


def eps1_per_step(eps, delta, T, c_parse):  # JKT Lem 1: sqrt(eps)/T^{0.5+c}
    return np.sqrt(eps) / T ** (0.5 + _c(T, delta, c_parse))


def pocp_beta(lambda_A, eps, delta, T, c_parse):  # JKT Alg 1 l.7
    S = T ** (0.5 + _c(T, delta, c_parse))
    return lambda_A * S * np.sqrt((2 / eps) * (np.log(T / delta) + np.sqrt(eps) / S))


def pigd_beta(L, eps, delta, T, c_parse):  # JKT Alg 2 l.8: pocp_beta at lambda = 2L
    return pocp_beta(2 * L, eps, delta, T, c_parse)


def pgiga_beta(G, alpha, eps, delta, T, c_parse, pgiga_lambda):  # JKT Alg 3 l.8 (2G) or Lem 5 (2G/alpha)
    return pocp_beta(np.where(pgiga_lambda == 0, 2 * G, 2 * G / alpha), eps, delta, T, c_parse)


def _cn(radius, C_norm):
    return np.where(C_norm == 0, 2 * radius, radius)


def pocp_expected(lambda_A, L, radius, C_norm, eps, delta, T, d, R_A):  # JKT Thm 2
    return 2 * np.sqrt(d) * L * (lambda_A + _cn(radius, C_norm)) * np.sqrt(T) * np.log(T / delta) ** 2 / np.sqrt(eps) + R_A


def pocp_hp(lambda_A, L, radius, C_norm, eps, delta, T, d, R_A, gamma):  # JKT Cor 1
    return (2 * np.sqrt(d) * L * (lambda_A + _cn(radius, C_norm)) * np.sqrt(T) * np.log(T / delta) ** 2
            / np.sqrt(eps * gamma) + R_A)


def giga_step(alpha, t, giga_eta):  # JKT Alg 3 l.6 (2/(alpha t)) or Sec 3.4 (1/(alpha t))
    return np.where(giga_eta == 0, 2.0, 1.0) / (alpha * t)


def igd_regret(L, alpha, radius, C_norm, T, which):  # derived (L^2/(2 alpha)) H_T + (alpha/2)||C||^2, or L^2/alpha ln T + ||C||
    cn = _cn(radius, C_norm)
    H = digamma(T + 1) + np.euler_gamma
    return np.where(which == 0, L * L / (2 * alpha) * H + alpha / 2 * cn * cn, L * L / alpha * np.log(T) + cn)


def pigd(L, alpha, radius, C_norm, eps, delta, T, d, C_const):  # JKT Thm 4
    return C_const * ((L * L / alpha + _cn(radius, C_norm)) * np.sqrt(d) * np.log(T / delta) ** 1.5 / np.sqrt(eps)) * np.sqrt(T)


def pgiga(G, alpha, L_G, radius, C_norm, eps, delta, T, d, log_base_regret):  # JKT Thm 6
    cn, logT = _cn(radius, C_norm), np.where(log_base_regret == 0, np.log(T), np.log2(T))
    return (4 * np.sqrt(d) * (G / alpha + cn) * G * np.log(T / delta) ** 2 * np.sqrt(T) / np.sqrt(eps)
            + 2 * G * G / alpha * (1 + logT) + 2 * L_G * L_G * G * cn / alpha ** 2)


def pol_alpha(eps_g, x_star_norm):  # JKT Alg 6 l.5
    return eps_g / x_star_norm ** 2


def pol_Lprime(L, eps_g, x_star_norm):  # JKT Thm 10 (proof): L + alpha ||x*||
    return L + eps_g / x_star_norm


def pol_beta(L, eps_g, x_star_norm, T, eps_p, delta):  # JKT Alg 6 l.13
    return 2 * np.sqrt(2) * (L + eps_g / x_star_norm) * np.log(T) / (T * eps_p) * np.sqrt(np.log(1 / delta) + eps_p)


def kt08_risk(gamma, T, L, eps_g, x_star_norm, R_A):  # JKT Thm 11 at Alg 6's alpha, L'
    alpha, Lp = eps_g / x_star_norm ** 2, L + eps_g / x_star_norm
    l = np.log(4 * np.log(T) / gamma)
    return (alpha / 2 * x_star_norm ** 2 + R_A / T + 4 / T * np.sqrt(Lp * Lp * R_A * l / alpha)
            + np.maximum(16 * Lp * Lp / alpha, 6) * l / T)


def cms11_sample(x_star_norm, delta, eps_g, eps_p, d):  # JKT Sec 4.2
    return x_star_norm ** 2 * np.log(1 / delta) / eps_g ** 2 + d * x_star_norm / (eps_g * eps_p)


def tree_sigma(R, eps, delta, T, log_base):  # JKT Alg 5 l.3; mixed: log T in base 2, the outer log natural
    logT = np.where(log_base == 0, np.log(T), np.log2(T))
    outer = np.where(log_base == 1, np.log2(logT / delta), np.log(logT / delta))
    return np.sqrt(R * R / eps * logT ** 2 * outer)


def chi_norm(d, s, which):  # JKT Thm 2 (proof): mean s sqrt2 R, variance s^2 (d - 2R^2), printed s^2 (d - (s sqrt2 R)^2)
    R = np.exp(gammaln((d + 1) / 2) - gammaln(d / 2))
    return np.where(which == 0, s * np.sqrt(2) * R, np.where(which == 1, s * s * (d - 2 * R * R),
                                                              s * s * (d - (s * np.sqrt(2) * R) ** 2)))


def pol_noise_norm(d, gamma, L, eps_g, x_star_norm, T, eps_p, delta, which):  # JKT Eq (37): first, second, tail
    beta, Lp, lg = pol_beta(L, eps_g, x_star_norm, T, eps_p, delta), L + eps_g / x_star_norm, np.log(1 / gamma)
    first = 3 * np.sqrt(d) * beta * np.sqrt(lg)
    second = 12 * np.sqrt(d) * Lp * np.log(T) / (T * eps_p) * np.sqrt(lg * np.log(1 / delta))
    return np.where(which == 0, first, np.where(which == 1, second, chdtrc(d, 9 * d * lg)))


def giga_tq(L_G, alpha, tq_rounding):  # JKT Alg 3 l.2: x = 2 L_G^2/alpha^2 as ceil(x), floor(x) + 1, ceil(x + 1)
    x = 2 * L_G ** 2 / alpha ** 2
    return np.where(tq_rounding == 0, np.ceil(x), np.where(tq_rounding == 1, np.floor(x) + 1, np.ceil(x + 1)))


def pqftl_iterate_error(R, alpha, eps, delta, T, d, t, log_base):  # JKT Eq (31) at sigma = tree_sigma
    sd = tree_sigma(R, eps, delta, T, log_base) * np.sqrt(d)
    return sd / t * (3 + 6 * R / alpha) / np.abs(alpha - 6 * sd * R / (alpha * t))


# BANCO Alg 1 line 4: -x*, ln(1 + x*) = x* - x*^2 in (-1, 0), by brentq once at import (not inside a timed pass)
_K1_ROOT = -optimize.brentq(lambda x: np.log1p(x) - x + x * x, -0.9999, -0.1, xtol=1e-300,
                            rtol=4 * np.finfo(float).eps)


def banco_k1(k1_value):  # 0.6838 as printed, or the root
    return np.where(k1_value == 0, 0.6838, _K1_ROOT)


def banco_a(G, b, k1_value, a_reading):  # min(k1/G, 1/b) or min(k1/G, 1/(2b)); b = 0: k1/G (1/0 = inf)
    return np.minimum(banco_k1(k1_value) / G, 1 / np.where(a_reading == 0, b, 2 * b))


# MIP (log_base: 0 nats, 1 bits)
def mip_thm1(d, L, sigma, log_base):  # MIP Thm 1
    return d / 2 * np.log(1 + L * L / (d * sigma * sigma)) / np.where(log_base == 0, 1.0, np.log(2))


def sigma_for_C(C, d, L, log_base):  # MIP Thm 1 solved for sigma
    Cn = C * np.where(log_base == 0, 1.0, np.log(2))
    return L / np.sqrt(d * (np.exp(2 * Cn / d) - 1))


def mip_thm3(d, F, delta, L, sigma, log_base):  # MIP Thm 3
    return d / 2 * np.log(1 + d * (F / delta + L) ** 2 / sigma ** 2) / np.where(log_base == 0, 1.0, np.log(2))


def eta_delta_bandit(eta_scale, delta_scale, T, which):  # MIP Thm 4: eta_scale T^{-3/4} or delta_scale T^{-1/4}
    return np.where(which == 0, eta_scale * T ** -0.75, delta_scale * T ** -0.25)


# BANCO
def banco_c(G, sigma2, sigma1d2, c_reading):  # BANCO Alg 1 line 4: sigma_1D^2/2 + G^2, or sigma^2/2 + G^2
    return np.where(c_reading == 0, sigma1d2, sigma2) / 2 + G * G


def psi(x, y, a):  # (1/(2a)) int_{-a}^{a} e^{beta x - beta^2 y} d beta, completed square as for VDH's uniform prior
    return _i0(x, y, a) / (2 * a)


def m_integral(x, y, a):  # (1/(2a)) int beta e^{beta x - beta^2 y}: (x i0 - 2 e^{-a^2 y} sinh(a x))/(2y) / (2a)
    return (x * _i0(x, y, a) - 2 * np.exp(-a * a * y) * np.sinh(a * x)) / (2 * y) / (2 * a)


def second_moment(d, eps):  # BANCO Sec 3: 4 d (d + 1)/eps^2
    return 4 * d * (d + 1) / eps ** 2


def mgf(d, eps, beta):  # (1 - 4 beta^2/eps^2)^{-(d+1)/2}
    return (1 - 4 * beta * beta / eps ** 2) ** (-(d + 1) / 2)


def subexp_params(d, eps, b_reading, sigma1d2_mode):  # printed 18 d^2/eps^2, or -(d+1) b^2 ln(1 - 4/(b^2 eps^2))
    b = np.where(b_reading == 0, 4 / eps, eps / 4)
    return np.where(sigma1d2_mode == 0, 18 * d * d / eps ** 2, -(d + 1) * b * b * np.log(1 - 4 / (b * b * eps * eps)))


# id -> (function of the parameter columns by name, "vectorised" or "quad" (point by point: quadrature or root finding))
# --- IDs with per-coordinate parameters: each such parameter arrives as an (n, D) array, NaN past a point's d ------

def _gauss_delta_at(eps, mu):  # Balle and Wang (2018), Thm 8: Phi(mu/2 - eps/mu) - e^eps Phi(-mu/2 - eps/mu)
    return ndtr(mu / 2 - eps / mu) - np.exp(eps) * ndtr(-mu / 2 - eps / mu)


def gauss_delta(d, eps, mu):  # d composed: one mechanism with mu = sqrt(sum mu_j^2)
    return _gauss_delta_at(eps, np.sqrt(np.nansum(mu * mu, axis=1)))


def gauss_eps(d, delta, mu):  # the root in eps of the profile by brentq, bracket grown by doubling
    m = np.sqrt(np.nansum(mu * mu))
    f = lambda e: _gauss_delta_at(e, m) - delta
    if f(0.0) <= 0:
        return 0.0
    hi = 1.0
    while f(hi) > 0 and hi < 1e300:
        hi *= 2
    return optimize.brentq(f, 0.0, hi, xtol=1e-300, rtol=4 * np.finfo(float).eps)


def thm2(d, u, V, b, G):  # VDH Thm 2: Theorem 1 per coordinate, summed
    return np.nansum(thm1(u, V, b, G[:, None]), axis=1)


def quadratic_loss(d, alpha, R, y, v, x, quad_loss):  # JKT: c (y - v.x)^2 + a alpha/2 ||x||^2 per reading
    c = np.where(quad_loss == 0, 0.5, 1.0)
    a = np.where(quad_loss == 2, 2.0, 1.0)
    return c * (y - np.nansum(v * x, axis=1)) ** 2 + a * alpha / 2 * np.nansum(x * x, axis=1)


def mip_B(d, S_shape, c, h, B_reading):  # MIP (M1): ball (c, h_1): ||c|| + r or 2r; box c +- h: farthest vertex or 2||h||
    ball = np.where(B_reading == 1, 2 * h[:, 0], np.sqrt(np.nansum(c * c, axis=1)) + h[:, 0])
    box = np.where(B_reading == 1, 2 * np.sqrt(np.nansum(h * h, axis=1)),
                   np.sqrt(np.nansum((np.abs(c) + h) ** 2, axis=1)))
    return np.where(S_shape == 0, ball, box)


def mip_thm2(d, eta, T, L, sigma, S_shape, c, h, B_reading):  # MIP Thm 2
    B = mip_B(d, S_shape, c, h, B_reading)
    return B * B / (2 * eta) + eta / 2 * T * (L * L + d * sigma * sigma)


def eta_opt(d, T, L, sigma, S_shape, c, h, B_reading, which):  # MIP Thm 2: B/sqrt(m T), or the bound B sqrt(m T)
    B, s = mip_B(d, S_shape, c, h, B_reading), np.sqrt((L * L + d * sigma * sigma) * T)
    return np.where(which == 0, B / s, B * s)


def mip_thm4(d, eta, delta, T, L, sigma, F, S_shape, c, h, B_reading, which):  # MIP Thm 4 (F/eta printed, F/delta)
    B = mip_B(d, S_shape, c, h, B_reading)
    a = F / np.where(which == 0, eta, delta) + L
    return B * B / (2 * eta) + eta / 2 * T * (d * d * a * a + d * sigma * sigma) + 3 * T * L * delta


def fixed_C_tradeoff(d, C, L, T, S_shape, c, h, B_reading, log_base):  # B L sqrt(T/(1 - e^{-2C/d})), C in nats
    Cn = np.where(log_base == 1, C * np.log(2), C)
    return mip_B(d, S_shape, c, h, B_reading) * L * np.sqrt(T / (1 - np.exp(-2 * Cn / d)))


# --- the rest without a batch-shaped closed form in numpy before ---------------------------------------------------

def thm1_corrected(u, V, b, G):  # VDH Thm 1 with Lemma 11's cases as the proof gives them (ERRATA.md E7, E8)
    au, B = np.abs(u), b + V
    Z = np.sqrt(np.pi / b) * erf(np.sqrt(b) / (5 * G))
    r0 = au * np.sqrt(2 * B) + 1
    w = lambertw(4 * np.e * (au * B * Z) ** 2).real
    r1 = au * np.sqrt(2 * B) * (w - 1) / np.sqrt(w) + 1
    k, nu = au * 100 * G / (7 - np.sqrt(5)), (5 + np.sqrt(5)) / (50 * G)
    r2 = k * (np.log(k) - 1 + np.log(Z / nu)) + 1
    return np.maximum.reduce([r0, r1, r2])


def _conjugate(slope, f, u):  # sup_L (|u| L - f(L)), f' = slope increasing from 0: the root of slope(L) = |u| by brentq
    au = abs(u)
    if au == 0:
        return -f(0.0)
    hi = 1.0
    while slope(hi) < au and hi < 1e300:
        hi *= 2
    x = optimize.brentq(lambda L: slope(L) - au, 0.0, hi, xtol=1e-300, rtol=4 * np.finfo(float).eps)
    return au * x - f(x)


def fstar(u, V, b, G):  # VDH Lemma 2: F*(u) with F = VDH.pot.conj, F' = VDH.pred.conj
    return _conjugate(lambda L: naive_pred_conj(L, V, b, G), lambda L: pot_conj(L, V, b, G), u)


def magnitude_exact(v, y, a):  # BANCO: 1 + Psi*(v), Psi = psi, Psi' = m
    return 1 + _conjugate(lambda x: m_integral(x, y, a), lambda x: psi(x, y, a), v)


def pocp_noise_sum(lambda_A, eps, delta, T, d, c_parse, which):  # JKT Eq (12): exact, l.1, l.2, l.3
    chi = np.sqrt(2) * np.exp(gammaln((d + 1) / 2) - gammaln(d / 2))  # sqrt2 R(d)
    beta = pocp_beta(lambda_A, eps, delta, T, c_parse)
    exact = chi * beta * (digamma(T) + np.euler_gamma)  # H_{T-1}
    line1 = chi * beta * np.log(T - 1)
    l2 = np.log(2 / delta)
    line2 = chi / np.sqrt(2) * lambda_A * np.sqrt(T) * np.log(T) * np.sqrt(
        2 / eps * l2 * (np.log(T / delta) + np.sqrt(eps) / np.sqrt(T * l2 / 2)))
    line3 = 2 * np.sqrt(d) * lambda_A * np.sqrt(T) * np.log(T / delta) ** 2 / np.sqrt(eps)
    return np.choose(which.astype(int), [exact, line1, line2, line3])


def pqftl(R, alpha, eps, delta, T, d, log_base, log_base_regret, which):  # JKT Eq (32): total, first, second term
    lr = np.where(log_base_regret == 1, np.log2(T), np.log(T))
    li = np.where(log_base == 0, np.log(T), np.log2(T))
    lo = np.where(log_base == 1, np.log2(np.sqrt(li / delta)), np.log(np.sqrt(li / delta)))
    u = 1 + 2 * R / alpha
    A = R ** 4 * u * u / alpha * lr
    B = 3 * np.sqrt(d) * R * (2 * R * R / alpha + R + 2) * u * (1 + lr) * np.sqrt(li) * lo / np.sqrt(eps)
    return np.choose(which.astype(int), [A + B, A, B])


def pol_utility(d, gamma, L, eps_g, x_star_norm, T, eps_p, delta, C_const, which):  # JKT Thm 12, its final display
    Lp, lnT = L + eps_g / x_star_norm, np.log(T)
    root = np.sqrt(np.log(1 / gamma) * np.log(1 / delta))
    a1 = C_const * np.sqrt(d) * L * Lp * root / (eps_g * eps_p)
    a2 = C_const * Lp * Lp * x_star_norm ** 2 * lnT * np.log(lnT / gamma) / eps_g ** 2
    final = (eps_g / 2 + C_const * np.sqrt(d) * L * Lp * lnT * root / (eps_p * T)
             + C_const * Lp * Lp * x_star_norm ** 2 * lnT * np.log(lnT / gamma) / (eps_g * T))
    return np.where(which == 0, np.maximum(a1, a2), final)


def pqftl_noise_norms(d, t, which):  # JKT Thm 8: chi tail P(chi^2_d > 9d/k_t), 1 - (1 - q)^d, printed e^{-d/2}
    k = _popcount(t)
    q = chdtrc(d, 9 * d / k)
    return np.choose(which.astype(int), [q, 1 - (1 - q) ** d, np.exp(-d / 2)])


_popcount = np.vectorize(lambda x: bin(int(x)).count("1"), otypes=[float])
_bitlen = np.vectorize(lambda x: int(x).bit_length(), otypes=[float])


def tree_counts(T, t, leaf_label, count):  # JKT Alg 5: k_t, draws, affected, populated, tree_nodes, registers, depth
    k = _bitlen(T)
    def draws(s):
        return np.where(leaf_label == 0, 2 * s - _popcount(s), 2 * (s + 1) - _popcount(s + 1) - _bitlen(s + 1))
    affected = np.where(leaf_label == 0, k, np.vectorize(_affected_binary_t, otypes=[float])(T))
    return np.choose(count.astype(int), [_popcount(t), draws(t), affected, draws(T), 2.0 ** (k + 1) - 1, k, k])


def _affected_binary_t(T):  # leaves labelled by t: the deepest node over the subtrees' heights
    T, m, j = int(T), 0, 0
    while (1 << j) <= T:
        m = max(m, min(j, (T + 1 - (1 << j)).bit_length() - 1) + 1)
        j += 1
    return m


def pqftl_tree_params(R, tree, which):  # JKT Alg 4 l.7, l.8: R^2 (V-tree), R (u-tree) as printed; R^2 derived
    return np.where((which == 1) | (tree == 0), R * R, R)


NAIVE = {
    "VDH.pred.conj": (naive_pred_conj, "vectorised"),
    "VDH.pot.conj": (pot_conj, "vectorised"),
    "VDH.pot.Z": (pot_Z, "vectorised"),
    "VDH.pred.uniform": (pred_uniform, "vectorised"),
    "VDH.pot.uniform": (pot_uniform, "vectorised"),
    "VDH.pred.improper": (pred_improper, "quad"),
    "VDH.pot.improper": (pot_improper, "quad"),
    "VDH.pred.cv": (pred_cv, "quad"),
    "VDH.pot.cv": (pot_cv, "quad"),
    "VDH.bound.thm1": (thm1, "vectorised"),
    "VDH.conj.exp_linear": (exp_linear, "vectorised"),
    "DP.laplace.delta": (laplace_delta, "vectorised"),
    "DP.gauss.mu": (gauss_mu, "quad"),
    "JKT.const.delta_typical": (delta_typical, "vectorised"),
    "JKT.const.igd_step": (igd_step, "vectorised"),
    "VDH.bound.thm12": (thm12, "vectorised"),
    "JKT.const.c_exponent": (c_exponent, "vectorised"),
    "JKT.const.eps1_per_step": (eps1_per_step, "vectorised"),
    "JKT.noise.pocp_beta": (pocp_beta, "vectorised"),
    "JKT.noise.pigd_beta": (pigd_beta, "vectorised"),
    "JKT.noise.pgiga_beta": (pgiga_beta, "vectorised"),
    "JKT.bound.pocp_expected": (pocp_expected, "vectorised"),
    "JKT.bound.pocp_hp": (pocp_hp, "vectorised"),
    "JKT.const.giga_step": (giga_step, "vectorised"),
    "JKT.bound.igd_regret": (igd_regret, "vectorised"),
    "JKT.bound.pigd": (pigd, "vectorised"),
    "JKT.bound.pgiga": (pgiga, "vectorised"),
    "JKT.const.pol_alpha": (pol_alpha, "vectorised"),
    "JKT.const.pol_Lprime": (pol_Lprime, "vectorised"),
    "JKT.noise.pol_beta": (pol_beta, "vectorised"),
    "JKT.bound.kt08_risk": (kt08_risk, "vectorised"),
    "JKT.bound.cms11_sample": (cms11_sample, "vectorised"),
    "JKT.noise.tree_sigma": (tree_sigma, "vectorised"),
    "JKT.noise.chi_norm": (chi_norm, "vectorised"),
    "JKT.bound.pol_noise_norm": (pol_noise_norm, "vectorised"),
    "JKT.const.giga_tq": (giga_tq, "vectorised"),
    "JKT.bound.pqftl_iterate_error": (pqftl_iterate_error, "vectorised"),
    "BANCO.const.k1": (banco_k1, "vectorised"),
    "BANCO.const.a": (banco_a, "vectorised"),
    "MIP.priv.thm1": (mip_thm1, "vectorised"),
    "MIP.priv.sigma_for_C": (sigma_for_C, "vectorised"),
    "MIP.priv.thm3": (mip_thm3, "vectorised"),
    "MIP.const.eta_delta_bandit": (eta_delta_bandit, "vectorised"),
    "BANCO.const.c": (banco_c, "vectorised"),
    "BANCO.pot.psi": (psi, "vectorised"),
    "BANCO.pred.m_integral": (m_integral, "vectorised"),
    "BANCO.pred.m_compact": (m_integral, "vectorised"),
    "BANCO.noise.second_moment": (second_moment, "vectorised"),
    "BANCO.noise.mgf": (mgf, "vectorised"),
    "BANCO.noise.subexp_params": (subexp_params, "vectorised"),
    "BANCO.bound.magnitude_exact": (magnitude_exact, "quad"),
    "VDH.bound.thm1_corrected": (thm1_corrected, "vectorised"),
    "VDH.bound.thm2": (thm2, "vectorised"),
    "VDH.conj.Fstar": (fstar, "quad"),
    "DP.gauss.delta": (gauss_delta, "vectorised"),
    "DP.gauss.eps": (gauss_eps, "quad"),
    "JKT.bound.pocp_noise_sum": (pocp_noise_sum, "vectorised"),
    "JKT.bound.pqftl": (pqftl, "vectorised"),
    "JKT.bound.pol_utility": (pol_utility, "vectorised"),
    "JKT.noise.pqftl_noise_norms": (pqftl_noise_norms, "vectorised"),
    "JKT.const.tree_counts": (tree_counts, "vectorised"),
    "JKT.const.pqftl_tree_params": (pqftl_tree_params, "vectorised"),
    "JKT.alg.quadratic_loss": (quadratic_loss, "vectorised"),
    "MIP.const.B": (mip_B, "vectorised"),
    "MIP.bound.thm2": (mip_thm2, "vectorised"),
    "MIP.const.eta_opt": (eta_opt, "vectorised"),
    "MIP.bound.thm4": (mip_thm4, "vectorised"),
    "MIP.bound.fixed_C_tradeoff": (fixed_C_tradeoff, "vectorised"),
}


def load(path):
    """The parameter names and columns of privoco_bench's dump: a per-coordinate parameter p (columns p_1..p_D) as
    one (n, D) array, NaN past each point's d (the empty cells)."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    head, body = rows[0], rows[1:]
    col = lambda i: np.array([float(r[i]) if r[i] != "" else np.nan for r in body])
    names, cols = [], {}
    for i, h in enumerate(head[:-2]):
        m = re.fullmatch(r"(.+)_(\d+)", h)
        if m and f"{m.group(1)}_1" in head:
            if m.group(2) == "1":
                names.append(m.group(1))
                width = sum(1 for x in head if re.fullmatch(re.escape(m.group(1)) + r"_\d+", x))
                cols[m.group(1)] = np.column_stack([col(i + j) for j in range(width)])
            continue
        names.append(h)
        cols[h] = col(i)
    cols["value"] = col(len(head) - 2)
    return names, cols


def time_naive(fn, kind, params, budget):
    """Evaluations per second and the values (vectorised: whole passes until `budget` seconds; quad: point by point
    until `budget` seconds, the values of the points reached)."""
    n = len(params[0])
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        if kind == "vectorised":
            fn(*params)  # warm-up
            reps, t0 = 0, time.perf_counter()
            while True:
                out = np.broadcast_to(np.asarray(fn(*params), dtype=float), (n,))
                reps += 1
                if time.perf_counter() - t0 >= budget:
                    break
            return reps * n / (time.perf_counter() - t0), out
        out, t0 = [], time.perf_counter()
        for i in range(n):
            try:
                out.append(float(fn(*(p[i] for p in params))))
            except (ArithmeticError, ValueError, RuntimeError):  # (brentq: no bracket, or no convergence)
                out.append(float("nan"))
            if time.perf_counter() - t0 >= budget:
                break
        return len(out) / (time.perf_counter() - t0), np.array(out)


def judge(id, names, cols, values, m, seed, reading_names=True):
    """Of up to m finite values (a seeded sample): how many privoco's reference judges off by more than 16 ulp, how
    many were judged, and how many of the rows the check refused as invalid (a row it could not read: none expected).
    reading_names=False passes the readings' indices as they are (the test's sibling: the check refuses them)."""
    try:
        import privoco
    except ImportError:
        return None, 0, 0
    finite = np.flatnonzero(np.isfinite(values))
    pick = np.sort(np.random.default_rng(seed).choice(finite, size=min(m, finite.size), replace=False))
    if pick.size == 0:
        return 0, 0, 0
    # a reading's column holds its index in the catalogue's list of choices; the check takes the reading's name
    choices = {q["name"]: q["choices"] for e in privoco.list() if e["id"] == id for q in e["parameters"] if q["choices"]}
    if not reading_names:
        choices = {}
    # per-coordinate parameters ((n, D) arrays): one check per dimension d, each with the points' first d columns
    vector = any(cols[k].ndim == 2 for k in names)
    groups = [pick[cols["d"][pick] == d] for d in np.unique(cols["d"][pick])] if vector else [pick]
    off = invalid = 0
    for g in groups:
        d = int(cols["d"][g[0]]) if vector else 0
        args = {k: np.array(choices[k])[cols[k][g].astype(int)] if k in choices else
                (cols[k][g][:, :d] if cols[k].ndim == 2 else cols[k][g]) for k in names if not (vector and k == "d")}
        r = privoco.check(id, values[g], ulps=16, **args)
        off += int(np.count_nonzero(r.verdict != "pass"))
        invalid += int(np.count_nonzero(r.verdict == "invalid"))
    return off, int(pick.size), invalid


def run_json_line(cmd, key):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    print(out, end="")
    for line in out.splitlines():
        if line.startswith("{") and f'"{key}"' in line:
            return json.loads(line)[key]
    raise RuntimeError(f"no {key} line in the output of {' '.join(cmd)}")


def learners(bench):
    out = subprocess.run([bench, "--google-only", "--benchmark_filter=BM_(Alg3|Jkt|Mip|Banco)",
                          "--benchmark_format=json"], check=True, capture_output=True, text=True).stdout
    doc = json.loads(out[out.index("{"):out.rindex("}") + 1])
    return [{"name": b["name"], "label": b.get("label", ""), "per_s": b["items_per_second"]} for b in doc["benchmarks"]]


def fmt_rate(x):
    return "-" if x is None else (f"{x / 1e6:.3g} M" if x >= 1e6 else f"{x / 1e3:.3g} k")


def markdown(doc):
    lines = [f"Measured by `scripts/bench_table.py` on {doc['cpu']} ({doc['vector']}), one core, "
             f"{doc['points']} sampled points per ID (seed 1); evaluations per second.", "",
             "| ID | fast scalar | fast batch | plain C++ loop | fast / C++ | naive alternative | naive | fast / naive | "
             "naive not finite | naive off > 16 ulp |", "|---|---|---|---|---|---|---|---|---|---|"]
    for f in doc["fast"]:
        n = doc["naive"].get(f["id"])
        best = f["batch_per_s"] or f["scalar_per_s"]
        cpp = f.get("cpp_loop_per_s")
        loop = [fmt_rate(cpp), f"{best / cpp:.2f}x" if cpp else "-"]
        if n:
            off = "-" if n["judged"] == 0 else f"{n['off_16ulp']}/{n['judged']}"
            cells = [n["kind"], fmt_rate(n["per_s"]), f"{best / n['per_s']:.1f}x", f"{n['not_finite']}/{n['evaluated']}", off]
        else:
            cells = ["-"] * 5
        lines.append(f"| {f['id']} | {fmt_rate(f['scalar_per_s'])} | {fmt_rate(f['batch_per_s'])} | " + " | ".join(loop + cells) + " |")
    if doc["learners"]:
        lines += ["", "| learner benchmark (privoco_bench: d = 1000 coordinate-steps; BM_JktPqftl: rounds) | per second |",
                  "|---|---|"]
    for l in doc["learners"]:
        lines.append(f"| {l['name']} {l['label']} | {fmt_rate(l['per_s'])} |")
    if doc.get("learners_side_by_side"):
        lines += ["", "| learner, side by side (same gradients; coordinate-steps per second) | rounds, d | privoco "
                  "(Python module) | naive numpy loop | privoco / naive | naive not finite | naive off > 16 ulp |",
                  "|---|---|---|---|---|---|---|"]
    for l in doc.get("learners_side_by_side", []):
        judged = ("-" if l["judged"] == 0 else f"{l['off_16ulp']}/{l['judged']}") + \
            (f" ({l['judged_run']})" if l.get("judged_run") else "")
        lines.append(f"| {l['learner']} | {l['rounds']}, {l['d']} | {fmt_rate(l['privoco_per_s'])} | "
                     f"{fmt_rate(l['naive_per_s'])} | {l['privoco_over_naive']:.1f}x | {l['not_finite']}/{l['evaluated']} | "
                     f"{judged} |")
    rc = doc["reference"]
    if rc:
        lines += ["", f"Certified reference, {rc['id']}, median time per evaluation: " +
              ", ".join(f"{d['digits']} digits {d['median_us']:.3g} us" for d in rc["by_digits"]) + "; at 17 digits by |L|: " +
              ", ".join(f"{m['abs_L']:g}: {m['median_us']:.3g} us" for m in rc["by_magnitude"]) + "."]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bench", default=os.path.join(HERE, "..", "build", "oracle", "privoco_bench"))
    ap.add_argument("--n", type=int, default=16384, help="sampled points per ID")
    ap.add_argument("--judge", type=int, default=1000, help="naive results judged by the reference, per ID")
    ap.add_argument("--budget", type=float, default=1.0, help="seconds of timing per naive alternative")
    ap.add_argument("--out", help="write the whole result as JSON")
    ap.add_argument("--readme", help="regenerate the table between the markers in this file")
    ap.add_argument("--quick", action="store_true", help="fast IDs and naive alternatives only (the smoke test)")
    ap.add_argument("--ids", help="only the IDs with these comma-separated prefixes (not with --readme)")
    a = ap.parse_args()
    if a.n < 1 or a.judge < 0 or not a.budget > 0:
        ap.error("--n must be at least 1, --judge at least 0, --budget positive")
    if a.ids is not None and a.readme:
        ap.error("--ids selects part of the table: the README's table is regenerated from a run over every ID")
    with tempfile.TemporaryDirectory() as tmp:
        table = os.path.join(tmp, "table.json")
        r = subprocess.run([a.bench, f"--table={a.n}", f"--json={table}", f"--dump={tmp}"] +
                           ([f"--ids={a.ids}"] if a.ids is not None else []))
        if r.returncode not in (0, 1):
            sys.exit(f"bench_table: error: {a.bench} --table exited {r.returncode}")
        with open(table) as f:
            doc = json.load(f)
        doc["naive"] = {}
        print(f"\nnaive alternatives (numpy/scipy), {a.budget:g} s each, {a.judge} judged per ID:")
        for id, (fn, kind) in NAIVE.items():
            path = os.path.join(tmp, id + ".csv")
            if not os.path.exists(path):
                continue
            names, cols = load(path)
            rate, values = time_naive(fn, kind, [cols[k] for k in names], a.budget)
            off, judged, invalid = judge(id, names, {k: v[:values.size] for k, v in cols.items()}, values, a.judge, 1)
            nf = int(np.count_nonzero(~np.isfinite(values)))
            fast = next(f for f in doc["fast"] if f["id"] == id)
            best = fast["batch_per_s"] or fast["scalar_per_s"]
            doc["naive"][id] = {"kind": kind, "per_s": rate, "evaluated": int(values.size), "not_finite": nf,
                                "judged": judged, "off_16ulp": off, "invalid": invalid, "fast_over_naive": best / rate}
            print(f"  {id:26s} {kind:10s} {rate / 1e6:9.3f} M/s  fast/naive {best / rate:7.1f}x  not finite "
                  f"{nf}/{values.size}  off > 16 ulp {off}/{judged}", flush=True)
    sides = bench_learners.side_by_sides(a.bench, a.quick, a.judge)
    doc["learners_side_by_side"] = sides or []
    for l in doc["learners_side_by_side"]:
        print(f"  {l['learner']:26s} privoco {l['privoco_per_s'] / 1e6:.3f} M/s, naive loop {l['naive_per_s'] / 1e6:.3f} "
              f"M/s ({l['privoco_over_naive']:.1f}x), not finite {l['not_finite']}/{l['evaluated']}, off > 16 ulp "
              f"{l['off_16ulp']}/{l['judged']}", flush=True)
    if a.quick:
        doc["learners"], doc["reference"] = [], None
    else:
        doc["learners"] = learners(a.bench)
        doc["reference"] = run_json_line([a.bench, "--reference-curve"], "reference_curve")
    if r.returncode != 0:  # the table's own verdict: a NaN, or batch and scalar calls disagreeing
        print("bench_table: error: privoco_bench --table found a NaN or a batch/scalar disagreement", file=sys.stderr)
    md = markdown(doc)
    print("\n" + md)
    if a.out:
        with open(a.out, "w") as f:
            json.dump(doc, f, indent=1)
    if a.readme:
        text = open(a.readme).read()
        pat = re.compile(r"(<!-- bench-table begin -->\n).*?(<!-- bench-table end -->)", re.S)
        if not pat.search(text):
            sys.exit(f"bench_table: error: {a.readme} has no <!-- bench-table begin/end --> markers")
        with open(a.readme, "w") as f:
            f.write(pat.sub(lambda m: m.group(1) + md + m.group(2), text))
    sys.exit(1 if r.returncode != 0 else 0)


if __name__ == "__main__":
    main()
