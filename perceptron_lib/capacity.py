"""Which data sets a threshold unit can separate, and the perceptron's proof either way; Budinich's region count.

The proofs are checked in exact integer arithmetic (Python ints) before they are
claimed: the perceptron runs on floats, which add integers exactly only up to
2**53, and a run on larger numbers may converge or cycle by rounding alone.
"""
from dataclasses import dataclass

import numpy as np

from . import validation as check
from .trace import Trace
from .training import MAX_RECORDED, train

# regions(n, d) is an exact integer of up to n binary digits; above this n it would take seconds.
MAX_REGIONS_N = 50_000


@dataclass(frozen=True, eq=False)
class Separability:
    """The answer of `linear_separability`, with its evidence.

    Attributes
    ----------
    separable : bool
    weights : ndarray of shape (n_features + 1,) or None
        A separating W (the perceptron's final weights, whole numbers) when
        separable: W·X > 0 on every positive pattern and W·X <= 0 on every
        negative one, checked in exact integer arithmetic.
    counts : ndarray of shape (n_samples,) or None
        When not separable: how often each pattern was corrected during one
        cycle of the perceptron (see `Trace.cycle_corrections`).
    positive, negative : ndarray of shape (n_features + 1,) or None
        When not separable: the sums of those corrections over the positive
        and over the negative patterns (bias input included), as exact Python
        integers (dtype object). They are equal, which no separator allows.
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
            return (f"linearly separable: W = {_exact_vector(self.weights)} puts every pattern on its side "
                    f"(found by the perceptron in {self.trace.n_presentations} presentations)")
        return (f"not linearly separable: in the perceptron's cycle the corrections add up to zero,\n"
                f"  {_terms(self.counts, self.trace.y == 1)} (positive) = "
                f"{_terms(self.counts, self.trace.y != 1)} (negative) = {_exact_vector(self.positive)},\n"
                f"  and no W can give W·X > 0 on the left and W·X <= 0 on the right for the same vector")


def linear_separability(X, y, *, max_epochs=None):
    """Decide whether a threshold unit can compute the labels, and show why.

    The perceptron decides it on integer patterns (Boolean ones, say): in
    cyclic order it either converges, and its final W separates the data
    (Honavar 1996, section 3), or its weights come back to a state they had
    at the start of an earlier pass (Manfredi 2021, the cycling theorem;
    the weights stay on a bounded set of integer points, so this must
    happen). Over that cycle the corrections add up to zero, which shows
    that no separator exists: a W with W·X > 0 on the positive patterns and
    W·X <= 0 on the negative ones would give the same vector a positive and
    a non-positive product (see `Trace.cycle_corrections`).

    The run is on floats; each claim is checked on the caller's integers
    with exact Python arithmetic before it is made: the separator on every
    pattern, the cycle's identity sum over positives = sum over negatives.
    Where floats were not exact (integers near 2**53 and above) and a check
    fails, the answer is undecided (a ValueError), never a false proof.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Integer-valued patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.
    max_epochs : int, optional
        The most passes to wait for the answer, a whole number >= 1; at most
        (and by default) as many as a recorded run holds: 2,000,000 // n_samples.

    Returns
    -------
    Separability

    Raises
    ------
    ValueError
        On bad input, or when the run does not decide: it reached
        max_epochs, stalled (see `train`), or its float arithmetic was not
        exact and the exact check of its claim failed.

    Examples
    --------
    >>> from perceptron_lib import boolean_function
    >>> linear_separability(*boolean_function("xor")).separable
    False
    """
    X, y, exact, max_epochs = _checked(X, y, max_epochs)
    run = train(X, y, max_epochs=max_epochs)
    if run.status == "converged":
        return _separable(run, exact)
    if run.status == "cycling":
        return _not_separable(run, exact)
    if run.status == "max_epochs":
        raise ValueError(f"X, y are undecided after max_epochs={max_epochs} passes: the perceptron neither "
                         "converged nor cycled; give more passes")
    why = f" ({run.reason})" if getattr(run, "reason", "") else ""
    raise ValueError(f"X, y are undecided: the perceptron's run ended with status {run.status!r}{why}, "
                     "neither converged nor cycling, so it proves nothing either way")


def _checked(X, y, max_epochs):
    """The patterns as floats (for train) and as exact integer rows with the bias input 1; labels; passes."""
    original = X
    X = check.patterns("X", X)
    y, _ = check.labels("y", y, len(X))
    if not np.array_equal(X, np.round(X)):
        raise ValueError("X must hold integer values (Boolean patterns, say): on other numbers a repeated "
                         f"state is not an exact proof, got non-integers in row(s) "
                         f"{np.flatnonzero((X != np.round(X)).any(axis=1)).tolist()[:10]}")
    given = np.asarray(original)
    rows = given.tolist() if given.dtype.kind in "iub" else X.tolist()  # integers exactly as the caller gave them
    exact = np.array([[1] + [int(v) for v in row] for row in rows], dtype=object)
    most = MAX_RECORDED // len(X)
    if most < 1:
        raise ValueError(f"X must hold at most {MAX_RECORDED:,} patterns (a recorded run), got {len(X):,}")
    max_epochs = most if max_epochs is None else check.whole("max_epochs", max_epochs, minimum=1, maximum=most)
    return X, y, exact, max_epochs


def _separable(run, exact):
    """The converged run's W, after an exact check that it puts every pattern on its side."""
    W = np.array([int(v) for v in run.final_weights], dtype=object)  # whole numbers: sums of ±X rows
    nets = (exact * W).sum(axis=1)
    positive = run.y == 1
    wrong = [k for k, (net, p) in enumerate(zip(nets, positive)) if (net > 0) != p]
    if wrong:
        raise ValueError(f"X, y are undecided: the perceptron converged in floating point to W = "
                         f"{_exact_vector(W)}, but in exact arithmetic W·X puts pattern(s) {wrong[:10]} on "
                         "the wrong side: X holds integers too large for exact float sums (about 2**53)")
    return Separability(True, run.final_weights, None, None, None, run)


def _not_separable(run, exact):
    """The cycle's proof, after an exact check that its corrections add up to zero."""
    counts = run.cycle_corrections()
    positive = run.y == 1
    weighted = exact * counts.astype(object)[:, None]
    on_positives, on_negatives = weighted[positive].sum(axis=0), weighted[~positive].sum(axis=0)
    if counts.sum() == 0 or list(on_positives) != list(on_negatives):
        raise ValueError("X, y are undecided: the perceptron cycled in floating point, but in exact "
                         "arithmetic the corrections over its cycle do not add up to zero, so the cycle "
                         "proves nothing: X holds integers too large for exact float sums (about 2**53)")
    return Separability(False, None, counts, on_positives, on_negatives, run)


def _exact_vector(values):
    """Whole numbers as the sources print vectors, "[2 1 1]", every digit exact."""
    return "[" + " ".join(str(int(v)) for v in values) + "]"


def _terms(counts, which):
    parts = [f"{c}·X{i + 1}" if c > 1 else f"X{i + 1}" for i, c in enumerate(counts) if c and which[i]]
    return " + ".join(parts)


def regions(n, d):
    """R(n, d): regions cut by n hyperplanes in general position in d dimensions (Budinich 1993, section 3).

    R(n, d) = sum over k = 0..d of C(n, k), an exact integer; the terms with
    k > n are zero, so at most min(n, d) + 1 are added, and for d >= n/2 the
    complement 2**n minus the sum over k = d+1..n is shorter. In weight
    space each pattern is a hyperplane, and on each region the number of
    errors is constant.

    Parameters
    ----------
    n : int
        The number of hyperplanes, a whole number from 0 to 50,000 (R has up
        to n binary digits).
    d : int
        The dimension, a whole number >= 0.

    Returns
    -------
    int

    Examples
    --------
    >>> regions(4, 2)  # Budinich's figure 1: four lines, eleven regions
    11
    >>> regions(3, 10**9)  # d >= n: every one of the 2**n sign patterns
    8
    """
    n = check.whole("n", n, minimum=0)
    d = check.whole("d", d, minimum=0)
    if n > MAX_REGIONS_N:
        raise ValueError(f"n must be at most {MAX_REGIONS_N:,} (R(n, d) is an exact integer of up to n binary "
                         f"digits), got {n}")
    if d >= n:
        return 1 << n
    if 2 * d < n:
        return _binomial_sum(n, d)
    return (1 << n) - _binomial_sum(n, n - d - 1)  # C(n, k) = C(n, n - k)


def _binomial_sum(n, m):
    """C(n, 0) + C(n, 1) + ... + C(n, m), each term from the last: C(n, k + 1) = C(n, k) (n - k) / (k + 1)."""
    total = term = 1
    for k in range(m):
        term = term * (n - k) // (k + 1)
        total += term
    return total
