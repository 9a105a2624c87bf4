"""Which data sets a threshold unit can separate, and the perceptron's proof either way."""
from dataclasses import dataclass
from math import comb

import numpy as np

from .trace import Trace, format_vector
from .training import _check_data, train


@dataclass(frozen=True, eq=False)
class Separability:
    """The answer of `linear_separability`, with its evidence.

    Attributes
    ----------
    separable : bool
    weights : ndarray of shape (n_features + 1,) or None
        A separating W (the perceptron's final weights) when separable.
    counts : ndarray of shape (n_samples,) or None
        When not separable: how often each pattern was corrected during one
        cycle of the perceptron (see `Trace.cycle_corrections`).
    positive, negative : ndarray of shape (n_features + 1,) or None
        When not separable: the sums of those corrections over the positive
        and over the negative patterns (bias input included). They are equal,
        which no separator allows.
    trace : Trace
        The perceptron run that decided it.
    """

    separable: bool
    weights: np.ndarray | None
    counts: np.ndarray | None
    positive: np.ndarray | None
    negative: np.ndarray | None
    trace: Trace

    def __repr__(self):
        if self.separable:
            return (f"linearly separable: W = {format_vector(self.weights)} puts every pattern on its side "
                    f"(found by the perceptron in {self.trace.n_presentations} presentations)")
        return (f"not linearly separable: in the perceptron's cycle the corrections add up to zero,\n"
                f"  {_terms(self.counts, self.trace.y == 1)} (positive) = "
                f"{_terms(self.counts, self.trace.y != 1)} (negative) = {format_vector(self.positive)},\n"
                f"  and no W can give W·X > 0 on the left and W·X <= 0 on the right for the same vector")


def linear_separability(X, y, *, max_epochs=100_000):
    """Decide whether a threshold unit can compute the labels, and show why.

    The perceptron decides it on integer patterns (Boolean ones, say): in
    cyclic order it either converges, and its final W separates the data
    (Honavar 1996, section 3), or its weights come back to a state they had
    at the start of an earlier pass (Manfredi 2021, the cycling theorem;
    the weights stay on a bounded set of integer points, so this must
    happen). Over that cycle the corrections add up to zero, which shows
    that no separator exists: see `Trace.cycle_corrections`.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Integer-valued patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.
    max_epochs : int, default 100000
        The most passes to wait for the answer.

    Returns
    -------
    Separability

    Examples
    --------
    >>> from perceptron_lib import boolean_function
    >>> linear_separability(*boolean_function("xor")).separable
    False
    """
    X_checked, _, _ = _check_data(X, y)
    if not np.array_equal(X_checked, np.round(X_checked)):
        raise ValueError("X must hold integer values (Boolean patterns, say): on other numbers a repeated "
                         "state is not an exact proof")
    run = train(X, y, max_epochs=max_epochs)
    if run.status == "converged":
        return Separability(True, run.final_weights, None, None, None, run)
    if run.status == "max_epochs":
        raise ValueError(f"undecided after max_epochs={max_epochs} passes: neither converged nor cycled; "
                         "give more passes")
    counts = run.cycle_corrections()
    positive = run.y == 1
    return Separability(False, None, counts, counts[positive] @ run.X[positive],
                        counts[~positive] @ run.X[~positive], run)


def _terms(counts, which):
    parts = [f"{c}·X{i + 1}" if c > 1 else f"X{i + 1}" for i, c in enumerate(counts) if c and which[i]]
    return " + ".join(parts)


def regions(n, d):
    """R(n, d): regions cut by n hyperplanes in general position in d dimensions (Budinich 1993, section 3).

    R(n, d) = sum over k = 0..d of C(n, k). In weight space each pattern is a
    hyperplane, and on each region the number of errors is constant.

    Examples
    --------
    >>> regions(4, 2)  # Budinich's figure 1: four lines, eleven regions
    11
    """
    for name, value in (("n", n), ("d", d)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
            raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")
    return sum(comb(n, k) for k in range(d + 1))
