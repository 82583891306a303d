#!/usr/bin/python3
"""A naive privacy accountant for composed Gaussian mechanisms, as one is often written: the composition of
mechanisms with mean shifts mu_1..mu_k (in noise standard deviations) is Gaussian with mu = sqrt(sum mu_i^2), and
delta(eps) = Phi(mu/2 - eps/mu) - e^eps Phi(-mu/2 - eps/mu) (Balle and Wang 2018, Thm 8) as the difference of two
scipy.stats.norm.cdf terms. Reads privoco sample rows of DP.gauss.delta (id, eps, mu, value) on standard input and
writes them with the value filled in: check them with privoco check FILE --claim upper.

  privoco sample DP.gauss.delta --n 1000 --seed 3 | /usr/bin/python3 scripts/naive_accountant.py > delta.csv
"""
import csv
import sys

import numpy as np
from scipy.stats import norm

rows = list(csv.reader(sys.stdin))
head, body = rows[0], rows[1:]
eps = np.array([float(r[head.index('eps')]) for r in body])
# mu is a list (the composed mechanisms, one field): the composition is Gaussian with mu = sqrt(sum mu_j^2)
mu = np.array([np.sqrt(sum(float(m) ** 2 for m in r[head.index('mu')].split(','))) for r in body])
with np.errstate(all='ignore'):
    delta = norm.cdf(mu / 2 - eps / mu) - np.exp(eps) * norm.cdf(-mu / 2 - eps / mu)
w = csv.writer(sys.stdout, lineterminator='\n')
w.writerow(head)
for r, d in zip(body, delta):
    r[head.index('value')] = repr(float(d))
    w.writerow(r)
