"""Is one data set linearly separable? Decided with a proof either way, checked in exact arithmetic.

- `linear_separability`: the perceptron on integer patterns; if it
  converges, its W separates; if it cycles, the corrections over the cycle
  add up to zero, which no separable set allows (Manfredi 2021, the cycling
  theorem).
- `lp_separability`: linear programming on any real patterns: an exact
  separator, or exact Gordan multipliers (a combination of the patterns that
  no hyperplane can put on both sides).

Every proof is checked in exact integer arithmetic (Python ints) before it
is claimed: the perceptron runs on floats, which add integers exactly only up
to 2**53, and a linear program's solver works to a tolerance.
"""
from dataclasses import dataclass
from fractions import Fraction
import math

import numpy as np

from ..core import constraints as declare
from . import theory_constraints as kinds
from ..core.rule import is_mistake
from ..core.trace import Trace
from ..core.training import MAX_RECORDED, train

# lp_separability: the exact checks multiply Python integers, n_samples * (n_features + 1) of them.
MAX_LP_VALUES = 200_000
MAX_LP_FEATURES = 50
# After each column is scaled to a largest magnitude in [1/2, 1) and |W_j| <= 1, the solver's margin t
# is within HiGHS's feasibility tolerance (1e-7) of a true one; above ten times that it is taken as a
# separator's (and then checked exactly), at or below it the multipliers are checked instead.
LP_MARGIN_TOLERANCE = 1e-6


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


@declare.declared(X=kinds.IntegerPatterns(most=MAX_RECORDED, why="(a recorded run)"), y=declare.Labels("X"),
                  max_epochs=declare.Optional(kinds.Passes("X", presentations=MAX_RECORDED)))
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
    # The integer rows with the bias input 1, exactly as the caller gave them, and the patterns as floats for train.
    exact = np.array([[1] + [int(v) for v in row] for row in X.tolist()], dtype=object)
    X = X.astype(float)
    max_epochs = MAX_RECORDED // len(X) if max_epochs is None else max_epochs
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


def _separable(run, exact):
    """The converged run's W, after an exact check that it puts every pattern on its side."""
    W = np.array([int(v) for v in run.final_weights], dtype=object)  # whole numbers: sums of ±X rows
    nets = (exact * W).sum(axis=1)
    wrong = [k for k, (net, target) in enumerate(zip(nets, run.y.tolist())) if is_mistake(net, target, run.labels)]
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


@dataclass(frozen=True, eq=False)
class LPSeparability:
    """The answer of `lp_separability`, with its proof, checked in exact arithmetic.

    Attributes
    ----------
    separable : bool
    weights : ndarray of shape (n_features + 1,) or (n_features,), or None
        When separable: a W (bias weight first when ``bias=True``) with
        s_k W·X_k > 0 on every pattern, s_k = +1 on the positive class and
        -1 on the other, checked on the caller's numbers as exact fractions.
    multipliers : ndarray of shape (n_samples,) or None
        When not separable: whole numbers lambda_k >= 0, not all 0, as Python
        ints (dtype object), with sum over k of lambda_k s_k X_k = 0 exactly
        (Gordan's alternative): the positive patterns and the negative ones,
        so weighted, have the same sum, to which a separator would give a
        positive and a non-positive product. The perceptron's cycle counts are
        such multipliers.
    positive : ndarray of shape (n_samples,)
        Which patterns are in the positive class (label 1), as booleans.
    """

    separable: bool
    weights: np.ndarray | None
    multipliers: np.ndarray | None
    positive: np.ndarray

    def __repr__(self):
        if self.separable:
            return f"linearly separable: W = {self.weights.tolist()} (checked exactly)"
        return (f"not linearly separable: {_terms(self.multipliers, self.positive)} (positive) = "
                f"{_terms(self.multipliers, ~self.positive)} (negative) (checked exactly)")


@declare.declared(X=kinds.PatternsWithin(MAX_LP_FEATURES, MAX_LP_VALUES,
                                           why="(the proofs are checked in exact arithmetic)"),
                  y=declare.Labels("X"), bias=declare.Flag())
def lp_separability(X, y, *, bias=True):
    """Decide by linear programming whether a threshold unit can compute the labels, and prove it.

    One linear program: maximise t subject to s_k W·X_k >= t for every
    pattern, with -1 <= W_j <= 1 and 0 <= t <= 1 (s_k = +1 for the positive
    class, -1 for the other), on the columns rescaled by powers of two to a
    largest magnitude in [1/2, 1), which changes no sign (HiGHS dual simplex,
    through scipy.optimize.linprog). A margin t > 1e-6, ten times the
    solver's feasibility tolerance, reads as separable; otherwise the dual
    values give multipliers lambda_k >= 0 with sum lambda_k s_k X_k = 0
    (Gordan 1873: exactly one of the two exists). Neither reading is
    trusted: the separator is checked on the caller's numbers, and the
    multipliers are made exact (solved in fractions on their support) and
    checked, in exact rational arithmetic (every float is a fraction). If
    neither proof holds, the answer is undecided (a ValueError), never a
    guess. This is the decision `linear_separability` makes by the
    perceptron on integers, for real-valued data.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns, any finite real numbers (at most 50 features and
        200,000 values in all).
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.
    bias : bool, default True
        Give the unit a bias weight (x0 = 1 prepended). With False the
        separator passes through the origin, as in Cover's homogeneous count.

    Returns
    -------
    LPSeparability

    Raises
    ------
    ValueError
        On bad input, or when neither proof checks out exactly (patterns
        separable or not only by a margin below the solver's precision).

    Examples
    --------
    >>> from perceptron_lib import boolean_function
    >>> lp_separability(*boolean_function("xor"))
    not linearly separable: X2 + X3 (positive) = X1 + X4 (negative) (checked exactly)
    >>> lp_separability(*boolean_function("or")).separable
    True
    """
    signs = np.where(y == 1, 1, -1)
    rows = np.hstack([np.ones((len(X), 1)), X]) if bias else X
    weights, margin, duals = _margin_program(signs[:, None] * rows)
    exact = _exact_columns(rows, signs)
    if margin > LP_MARGIN_TOLERANCE and _separates_exactly(weights, exact):
        return LPSeparability(True, weights, None, y == 1)
    multipliers = _gordan_multipliers(exact, duals)
    if multipliers is not None:
        return LPSeparability(False, None, multipliers, y == 1)
    if _separates_exactly(weights, exact):
        return LPSeparability(True, weights, None, y == 1)
    raise ValueError("X, y are undecided: neither the linear program's separator nor its multipliers hold in exact "
                     f"arithmetic (margin {margin:.1e} after rescaling): the data are separable or not only by a "
                     "margin below the solver's precision")


def _margin_program(A):
    """max t s.t. A W >= t, |W_j| <= 1, 0 <= t <= 1, on columns rescaled by powers of two: (W, t, duals)."""
    from scipy.optimize import linprog  # scipy only where a linear program is solved

    largest = np.abs(A).max(axis=0)
    exponent = np.where(largest > 0, -np.frexp(largest)[1], 0).clip(max=1023)  # 2**e * largest in [1/2, 1)
    scaled = np.ldexp(A, exponent)
    n, m = A.shape
    cost = np.r_[np.zeros(m), -1.0]
    result = linprog(cost, A_ub=np.hstack([-scaled, np.ones((n, 1))]), b_ub=np.zeros(n),
                     bounds=[(-1, 1)] * m + [(0, 1)], method="highs-ds")
    if result.status != 0:
        raise ValueError(f"X, y are undecided: the linear program's solver stopped without an optimum "
                         f"({result.message})")
    weights = np.ldexp(result.x[:m], exponent) + 0.0  # W for the caller's columns: the same signs, exactly
    return weights, float(result.x[m]), -np.asarray(result.ineqlin.marginals)


def _exact_columns(rows, signs):
    """s_k X_k as Python ints, column j scaled by a power of two D_j; returns (ints by row, [D_j])."""
    ratios = [[v.as_integer_ratio() for v in column] for column in rows.T.tolist()]
    scales = [max(den for _, den in column) for column in ratios]
    columns = [[num * (scale // den) for num, den in column] for column, scale in zip(ratios, scales)]
    ints = [[s * v for v in row] for s, row in zip(signs.tolist(), zip(*columns))]
    return ints, scales


def _separates_exactly(weights, exact):
    """Is s_k W·X_k > 0 on every pattern, in exact rational arithmetic?"""
    ints, scales = exact
    if not np.isfinite(weights).all():
        return False
    ratios = [w.as_integer_ratio() for w in weights.tolist()]
    common = max(den * scale for (_, den), scale in zip(ratios, scales))
    factors = [num * (common // (den * scale)) for (num, den), scale in zip(ratios, scales)]
    return all(sum(f * v for f, v in zip(factors, row)) > 0 for row in ints)


def _gordan_multipliers(exact, duals):
    """Whole lambda_k >= 0, not all 0, with sum lambda_k s_k X_k = 0 exactly, from the duals; or None."""
    ints, _ = exact
    if not (np.isfinite(duals).all() and duals.max() > 0):
        return None
    support = np.flatnonzero(duals > 1e-9 * duals.max()).tolist()
    for values in (_rounded(duals, support), _null_vector([[ints[k][j] for k in support]
                                                           for j in range(len(ints[0]))])):
        if values is None or not (all(v > 0 for v in values) or all(v < 0 for v in values)):
            continue
        common = math.lcm(*(v.denominator for v in values))
        whole = [abs(int(v * common)) for v in values]
        divisor = math.gcd(*whole)
        multipliers = np.zeros(len(ints), dtype=object)
        multipliers[support] = [v // divisor for v in whole]
        if all(sum(m * row[j] for m, row in zip(multipliers, ints)) == 0 for j in range(len(ints[0]))):
            return multipliers
    return None


def _rounded(duals, support):
    """The duals on the support as fractions with small denominators (exact ones, for integer patterns)."""
    top = duals[support].max()
    return [Fraction(float(duals[k] / top)).limit_denominator(1 << 20) for k in support]


def _null_vector(M):
    """The one nonzero solution v (up to scale) of M v = 0 in fractions, or None if there are none or many."""
    M = [[Fraction(v) for v in row] for row in M]
    n_unknowns, pivots, r = len(M[0]), [], 0
    for c in range(n_unknowns):
        p = next((i for i in range(r, len(M)) if M[i][c] != 0), None)
        if p is None:
            continue
        M[r], M[p] = M[p], M[r]
        M[r] = [v / M[r][c] for v in M[r]]
        for i in range(len(M)):
            if i != r and M[i][c] != 0:
                M[i] = [a - M[i][c] * b for a, b in zip(M[i], M[r])]
        pivots.append(c)
        r += 1
    free = [c for c in range(n_unknowns) if c not in pivots]
    if len(free) != 1:
        return None
    v = [Fraction(0)] * n_unknowns
    v[free[0]] = Fraction(1)
    for i, c in enumerate(pivots):
        v[c] = -M[i][free[0]]
    return v
