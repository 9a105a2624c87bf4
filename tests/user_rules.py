"""A user's learning rule, written outside the package as a notebook cell would write it, to run the package with.

Crammer, Dekel, Keshet, Shalev-Shwartz and Singer, *Online passive-aggressive algorithms* (JMLR 7, 2006),
section 3, PA-I: wherever the hinge loss 1 - y·(W·X) is positive, W moves by tau y X with
tau = min(C, loss / X·X).
"""
from fractions import Fraction

import numpy as np

from perceptron_lib.core.rule import Rule, signs


class PassiveAggressive(Rule):
    """PA-I written in floats (np.minimum with a float C): exact=True cannot run it."""

    name, called = "PA-I", "a loss"

    def __init__(self, C=1.0):
        self.C = C

    def params(self):
        return {"C": self.C}

    def mistake(self, net, target, labels):
        return signs(target, labels) * net < 1

    def step(self, net, s, squared, rate, labels):
        return np.minimum((1 - s * net) / squared, self.C) * s

    def signed(self, labels):
        return True

    def verdict(self, mistake, num):
        return "< 1 ⇒ correct W" if mistake else "≥ 1 ⇒ no loss"


class ExactPassiveAggressive(PassiveAggressive):
    """PA-I with its C in the numbers it is given (as Fractional does), so that exact=True can run it."""

    def step(self, net, s, squared, rate, labels):
        tau = (1 - s * net) / squared
        if isinstance(tau, np.ndarray):
            return np.minimum(tau, self.C) * s
        return min(tau, type(tau)(self.C)) * s


def pa_loop(patterns, labels, C, passes):
    """PA-I as a plain loop on fractions, independent of the package: the weights after `passes` cyclic passes and
    the corrections made (labels 0/1, y = 2c - 1)."""
    w, corrections = [Fraction(0)] * (len(patterns[0]) + 1), 0
    for _ in range(passes):
        for x, c in zip(patterns, labels):
            x, y = [Fraction(1)] + [Fraction(v) for v in x], 2 * c - 1
            net = sum(a * b for a, b in zip(w, x))
            if y * net < 1:
                tau = min(Fraction(C), (1 - y * net) / sum(b * b for b in x))
                w, corrections = [a + tau * y * b for a, b in zip(w, x)], corrections + 1
    return w, corrections
