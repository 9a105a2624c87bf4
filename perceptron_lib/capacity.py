"""Which dichotomies a threshold unit computes, and how many: Cover, Budinich's weight space, Boolean functions.

- Separability of one data set, with its proof either way: by the perceptron
  on integer patterns (`linear_separability`: the converged W, or the
  cycle's identity), or by linear programming on any real patterns
  (`lp_separability`: an exact separator, or exact Gordan multipliers).
- Counting for points in general position: Cover's number of dichotomies
  and the probability of separability (`separable_dichotomies`,
  `separable_probability`; Cover 1965), Budinich's regions, sides and local
  minima of the error count in weight space (`regions`, `sides`, `n_min`,
  `log_n_min`, `n_min_peak`, `stirling_root`; Budinich 1993, section 3).
  Cover's d counts the weights; Budinich's d counts the inputs of a unit
  with a threshold, which has d + 1 weights.
- Measuring a fraction: `fraction_interval`, the Wilson score interval of
  a fraction of separable sets counted in random trials.
- Counting for Boolean patterns, which are not in general position:
  `boolean_census` decides each function of up to 4 inputs by the
  perceptron, `separable_boolean_count` counts up to 6 inputs by walking the
  regions of weight space (Budinich 1993, section 4 and the appendix:
  104 of 256 and 1882 of 65,536).

Every proof is checked in exact integer arithmetic (Python ints) before it
is claimed: the perceptron runs on floats, which add integers exactly only up
to 2**53, and a linear program's solver works to a tolerance.
"""
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
import math
from statistics import NormalDist

import numpy as np

from . import validation as check
from .batch import train_many
from .datasets import boolean_patterns
from .trace import Trace
from .training import MAX_RECORDED, train

# regions(n, d) is an exact integer of up to n binary digits; above this n it would take seconds.
MAX_REGIONS_N = 50_000
# n_min_peak scans every d with exact integers: about 0.3 s at this n (the time grows as n**2).
MAX_PEAK_N = 20_000
# lp_separability: the exact checks multiply Python integers, n_samples * (n_features + 1) of them.
MAX_LP_VALUES = 200_000
MAX_LP_FEATURES = 50
# After each column is scaled to a largest magnitude in [1/2, 1) and |W_j| <= 1, the solver's margin t
# is within HiGHS's feasibility tolerance (1e-7) of a true one; above ten times that it is taken as a
# separator's (and then checked exactly), at or below it the multipliers are checked instead.
LP_MARGIN_TOLERANCE = 1e-6
MAX_CENSUS_INPUTS = 4   # 2**16 functions, one run per symmetry class
MAX_WALK_INPUTS = 6     # 15,028,134 functions in 567 classes, about 2 s
BOOLEAN_METHODS = ("regions", "census")
WALK_EPOCHS = 5_000     # more than 20 times the passes any class up to 6 inputs needs


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
    """R(n, d): regions cut by n affine hyperplanes in general position in d dimensions (Budinich 1993, section 3).

    R(n, d) = sum over k = 0..d of C(n, k), an exact integer; the terms with
    k > n are zero, so at most min(n, d) + 1 are added, and for d >= n/2 the
    complement 2**n minus the sum over k = d+1..n is shorter.

    Budinich's d is the number of inputs of a unit with a threshold, and his
    d-dimensional weight space is a slice of the full space of d + 1
    weights: at a fixed bias weight w0, pattern k is the affine hyperplane
    w0 + w1 x1 + ... + wd xd = 0, which misses the origin, and R(n, d)
    counts the regions of that slice (on each the number of errors is
    constant). The hyperplanes W·X_k = 0 through the origin of the full
    space cut it into C(n, d + 1) = 2 R(n - 1, d) regions instead, one per
    dichotomy (`separable_dichotomies`).

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
    n, d = _count_arguments(n, d)
    return _regions_or_zero(n, d)


def _binomial_sum(n, m):
    """C(n, 0) + C(n, 1) + ... + C(n, m), each term from the last: C(n, k + 1) = C(n, k) (n - k) / (k + 1)."""
    total = term = 1
    for k in range(m):
        term = term * (n - k) // (k + 1)
        total += term
    return total


def _regions_or_zero(n, d):
    """R(n, d) from checked arguments, with R = 0 for d < 0 (no regions of a negative dimension)."""
    if d < 0 or n < 0:
        return 0
    if d >= n:
        return 1 << n
    if 2 * d < n:
        return _binomial_sum(n, d)
    return (1 << n) - _binomial_sum(n, n - d - 1)  # C(n, k) = C(n, n - k)


def _count_arguments(n, d):
    """n and d as Python ints: whole numbers >= 0, n at most 50,000."""
    n = check.whole("n", n, minimum=0)
    d = check.whole("d", d, minimum=0)
    if n > MAX_REGIONS_N:
        raise ValueError(f"n must be at most {MAX_REGIONS_N:,} (the counts are exact integers of up to n binary "
                         f"digits), got {n}")
    return n, d


# --- Cover's counting ------------------------------------------------------------------------------

def separable_dichotomies(n, d, *, bias=False):
    """C(n, d): how many of the 2**n dichotomies of n points in general position a threshold unit computes.

    Cover's function counting theorem (Cover 1965): for n points in general
    position in d dimensions, the dichotomies a hyperplane through the
    origin can cut (W·X > 0 on one class, < 0 on the other) number

        C(n, d) = 2 * sum over k = 0..d-1 of binom(n - 1, k) = 2 R(n - 1, d - 1),

    an exact integer; C(n, d) = 2**n for n <= d, and C(2d, d) = 2**(2d - 1).
    Budinich (1993, section 3) cites Cover's paper, but does not print this
    count; he derives the number of dichotomies from his regions as 2 R(n, d).

    **Where the bias goes.** With ``bias=False``, d is the dimension of W
    and X (a unit without bias, or patterns that already hold x0 = 1). With
    ``bias=True``, d is the number of features, the bias weight is added
    (X becomes (1, x1, ..., xd)), and the count is C(n, d + 1) = 2 R(n - 1, d),
    for points in general position as points of R^d (no d + 1 on one plane).
    Budinich's 2 R(n, d), for d inputs and the bias, overcounts: his R(n, d)
    regions are those of a slice of weight space at a fixed w0 (see
    `regions`), the slices at w0 = 1 and w0 = -1 together meet every one of
    the C(n, d + 1) regions, and they both meet the C(n, d) regions that a
    unit with w0 = 0 reaches, so 2 R(n, d) = C(n, d + 1) + C(n, d). Four
    points in the plane: 2 R(4, 2) = 22 > 2**4, and C(4, 3) = 14 in fact.

    Parameters
    ----------
    n : int
        The number of points, a whole number from 0 to 50,000.
    d : int
        The dimension (``bias=False``) or the number of features
        (``bias=True``), a whole number >= 0.
    bias : bool, default False
        Count for a unit with a bias weight, as above.

    Returns
    -------
    int

    Examples
    --------
    >>> separable_dichotomies(4, 2, bias=True)  # four points in general position in the plane: 14 of 16
    14
    >>> separable_dichotomies(4, 3) == separable_dichotomies(4, 2, bias=True)
    True
    >>> separable_dichotomies(3, 5)  # n <= d: every dichotomy
    8
    """
    n, d = _count_arguments(n, d)
    d += check.flag("bias", bias)
    if n == 0:
        return 1  # the empty set has one dichotomy, and any W computes it
    return 2 * _regions_or_zero(n - 1, d - 1)


def separable_probability(n, d, *, bias=False):
    """P(n, d) = C(n, d) / 2**n: the chance that random labels on n points in general position are separable.

    Cover (1965): with every labelling equally likely, P = 1 for n <= d and
    P = 1/2 at n = 2d, then falls to 0. As a Fraction, exactly. See
    `separable_dichotomies` for d and the bias: with ``bias=True`` the 1
    holds up to n = d + 1 and the 1/2 comes at n = 2(d + 1). Budinich (1993,
    section 3, region 2) cites Cover for the fall from 1 to 1/2 at n = 2d
    with his d, the number of inputs: with the threshold as a weight, that
    1/2 is at n = 2d + 2.

    Parameters
    ----------
    n : int
        The number of points, a whole number from 0 to 50,000.
    d : int
        The dimension (``bias=False``) or the number of features (``bias=True``),
        a whole number >= 0.
    bias : bool, default False
        Count for a unit with a bias weight.

    Returns
    -------
    fractions.Fraction

    Examples
    --------
    >>> separable_probability(10, 5), separable_probability(5, 5), separable_probability(6, 2, bias=True)
    (Fraction(1, 2), Fraction(1, 1), Fraction(1, 2))
    >>> separable_probability(8, 2, bias=True)  # eight points in the plane: C(8, 3) = 58 of 256
    Fraction(29, 128)
    """
    count = separable_dichotomies(n, d, bias=bias)
    return Fraction(count, 1 << int(n))   # int: a numpy integer would overflow from n = 63


def fraction_interval(hits, trials, *, confidence=0.95):
    """The Wilson score interval of a fraction measured in random trials: (low, high).

    When each of `trials` independent trials succeeds with the same unknown
    probability p (a random set of points is separable, say) and `hits` of
    them succeed, the Wilson (1927) score interval holds every p that a
    two-sided test at level 1 - confidence would not reject against
    hits / trials: with z the standard normal quantile of (1 + confidence)/2
    and f = hits / trials,

        (f + z**2 / (2 trials) -+ z sqrt(f (1 - f) / trials + z**2 / (4 trials**2))) / (1 + z**2 / trials).

    Unlike f -+ z sqrt(f (1 - f) / trials), it does not shrink to a point at
    f = 0 or 1, and it stays within [0, 1]. In repeated experiments it holds
    the true p about `confidence` of the time; over many intervals, some
    miss (1 in 20 at 0.95).

    Parameters
    ----------
    hits : int
        The trials that succeeded, a whole number from 0 to `trials`.
    trials : int
        The number of trials, a whole number >= 1.
    confidence : float, default 0.95
        The confidence level, a number > 0 and < 1.

    Returns
    -------
    (float, float)
        The interval's ends, 0 <= low <= hits / trials <= high <= 1.

    Examples
    --------
    >>> [round(v, 3) for v in fraction_interval(50, 100)]
    [0.404, 0.596]
    >>> [round(v, 3) for v in fraction_interval(200, 200)]  # every trial succeeded: p is near 1, not surely 1
    [0.981, 1.0]
    """
    trials = check.whole("trials", trials, minimum=1)
    hits = check.whole("hits", hits, minimum=0, maximum=trials)
    confidence = check.number("confidence", confidence, above=0, below=1)
    z = NormalDist().inv_cdf((1 + confidence) / 2)
    f, spread = hits / trials, z * z / trials
    centre = (f + spread / 2) / (1 + spread)
    half = z * math.sqrt(f * (1 - f) / trials + spread / (4 * trials)) / (1 + spread)
    # at hits = 0 (or = trials) the low (high) end is 0 (1) exactly; the float sums would leave a last-digit residue
    return (0.0 if hits == 0 else centre - half), (1.0 if hits == trials else centre + half)


# --- separability by linear programming ------------------------------------------------------------

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
    X = check.patterns("X", X)
    y, _ = check.labels("y", y, len(X))
    bias = check.flag("bias", bias)
    if X.shape[1] > MAX_LP_FEATURES or X.size + len(X) > MAX_LP_VALUES:
        raise ValueError(f"X must have at most {MAX_LP_FEATURES} features and {MAX_LP_VALUES:,} values with the bias "
                         f"(the proofs are checked in exact arithmetic), got shape {X.shape}")
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


# --- Budinich's weight space: sides and local minima ----------------------------------------------

def sides(n, d):
    """S(n, d) = 2n R(n-1, d-1) / R(n, d): the average number of sides of a region (Budinich 1993, section 3).

    n hyperplanes in general position in d-dimensional weight space cut it
    into R(n, d) regions (see `regions`); together the regions have
    2n R(n - 1, d - 1) sides (each hyperplane is cut by the others into
    R(n - 1, d - 1) pieces, each the side of two regions). Exact, as a
    Fraction. S = n for n <= d (Budinich's region 1) and S tends to 2d as n
    grows (regions 3 and 4). S(n, 0) = S(0, d) = 0: one region, no sides.
    Here d is Budinich's: the dimension of weight space, the number of
    inputs of his unit, whose threshold makes the hyperplanes affine.

    Parameters
    ----------
    n : int
        The number of hyperplanes (patterns), a whole number from 0 to 50,000.
    d : int
        The dimension of weight space, a whole number >= 0.

    Returns
    -------
    fractions.Fraction

    Examples
    --------
    >>> sides(4, 2)  # figure 1: 4 lines, 11 regions, 2 * 4 * R(3, 1) = 32 sides
    Fraction(32, 11)
    >>> sides(3, 5)  # n <= d: every region is cut by every hyperplane
    Fraction(3, 1)
    """
    n, d = _count_arguments(n, d)
    return Fraction(2 * n * _regions_or_zero(n - 1, d - 1), _regions_or_zero(n, d))


def log_n_min(n, d):
    """ln N_min(n, d), N_min = R(n, d) / 2**S(n, d): the expected number of local minima of the error count.

    Budinich (1993, section 3, eq. 4): with random patterns each side of a
    region is a step up or down of the error count with probability 1/2,
    independently, so a region is a local minimum with probability
    2**(-S). Computed from the exact integer R and the exact fraction S,
    so it does not overflow for any n up to 50,000 (N_min itself grows
    like (n/4)**d; see `n_min`).

    Parameters
    ----------
    n : int
        The number of patterns, a whole number from 0 to 50,000.
    d : int
        The dimension of weight space (Budinich's number of inputs), a whole
        number >= 0.

    Returns
    -------
    float

    Examples
    --------
    >>> round(log_n_min(1000, 200), 1)  # N_min(1000, 200) is about 10**95.7
    220.4
    >>> log_n_min(5, 5)  # n <= d: one minimum, the solution
    0.0
    """
    n, d = _count_arguments(n, d)
    return _log_n_min(_regions_or_zero(n, d), _regions_or_zero(n - 1, d - 1), n)


def _log_n_min(R, R_sides, n):
    """ln(R / 2**S) with S = 2n R_sides / R; int / int is a correctly rounded float at any size."""
    return math.log(R) - (2 * n * R_sides / R) * math.log(2)


def n_min(n, d):
    """N_min(n, d) = R(n, d) / 2**S(n, d), the expected number of local minima of the error count, as a float.

    Budinich (1993, section 3, eq. 4 and figure 2). N_min = 1 for n <= d (the
    one minimum is the solution); at fixed d it grows like (n/4)**d; at
    d = 1 it tends to (n + 1)/4. Rounded once from the exact R and S. For
    values beyond the range of floats use `log_n_min`.

    Parameters
    ----------
    n : int
        The number of patterns, a whole number from 0 to 50,000.
    d : int
        The dimension of weight space (Budinich's number of inputs), a whole
        number >= 0.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        On bad input, or when N_min is above the largest float (about 1.8e308).

    Examples
    --------
    >>> n_min(4, 4), round(n_min(4, 2), 3)
    (1.0, 1.464)
    >>> round(n_min(1000, 1), 2), (1000 + 1) / 4  # d = 1: (n + 1)/4 for large n
    (250.6, 250.25)
    """
    n, d = _count_arguments(n, d)
    S = sides(n, d)
    whole = S.numerator // S.denominator
    try:
        return (_regions_or_zero(n, d) / (1 << whole)) * 2.0 ** -float(S - whole)
    except OverflowError:
        raise ValueError(f"n, d must give N_min(n, d) within the range of floats (about 1.8e308), got n={n}, d={d} "
                         f"with ln N_min = {log_n_min(n, d):.1f}; use log_n_min") from None


def n_min_peak(n):
    """The d in 1..n where N_min(n, d) is largest: where learning n patterns is hardest (Budinich 1993, section 3).

    Every d from 1 to n is computed (R(n, d) and R(n - 1, d - 1) exactly, one
    binomial term at a time) and compared by ln N_min, to float precision;
    for d >= n, N_min is 1. Budinich finds the maximum at d = n/5 (n = 5d),
    from Stirling's formula (see `stirling_root`); the exact one is at
    n/5 + 1 for n = 1000 and n = 3000.

    Parameters
    ----------
    n : int
        The number of patterns, a whole number from 1 to 20,000.

    Returns
    -------
    int

    Examples
    --------
    >>> n_min_peak(1000)
    201
    >>> n_min_peak(100), n_min_peak(50)
    (21, 11)
    """
    n = check.whole("n", n, minimum=1)
    if n > MAX_PEAK_N:
        raise ValueError(f"n must be at most {MAX_PEAK_N:,} (every d is computed with exact integers of up to n "
                         f"binary digits), got {n}")
    best, best_log = 1, -math.inf
    term, R = 1, 1                   # binom(n, d) and R(n, d), from d = 0
    term_sides, R_sides = 1, 1       # binom(n - 1, d - 1) and R(n - 1, d - 1), from d = 1
    for d in range(1, n + 1):
        term = term * (n - d + 1) // d
        R += term
        value = _log_n_min(R, R_sides, n)
        if value > best_log:
            best, best_log = d, value
        term_sides = term_sides * (n - d) // d
        R_sides += term_sides
    return best


def stirling_root(n):
    """The root d of Budinich's equation (2d - n)/(2d(n - d)) + ln((n - d)/(4d)) = 0 between n/10 and n/5.

    Budinich (1993, section 3) approximates N_min(n, d) by binom(n, d)/2**(2d)
    for n > 2d, takes Stirling's formula for the factorials, and sets the
    derivative of the logarithm in d to zero: this equation. Its first term
    is small, so the root is near d = n/5 (n = 5d), where ln((n - d)/(4d)) = 0.
    For n >= 6 the left side falls from positive at d = n/10 to negative at
    d = n/5 (its derivative in d is negative there), so it has exactly one
    root between them, found by bisection to float precision; another root
    near d = 0, where Stirling's formula fails, is not the maximum. For whole
    n <= 5 the left side is negative for every d in (0, n/2): no root.

    Parameters
    ----------
    n : float
        The number of patterns, a finite number >= 6.

    Returns
    -------
    float

    Examples
    --------
    >>> round(stirling_root(1000), 2), round(1000 / stirling_root(1000), 3)
    (199.7, 5.008)
    """
    n = check.number("n", n, minimum=6)

    def left_side(d):
        return (2 * d - n) / (2 * d * (n - d)) + math.log((n - d) / (4 * d))

    low, high = n / 10, n / 5   # left_side(low) > 0 >= left_side(high)
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        low, high = (middle, high) if left_side(middle) > 0 else (low, middle)
    return low


# --- Boolean functions: which are separable, and how many -----------------------------------------

def boolean_census(n_inputs):
    """Which of the 2**(2**n) Boolean functions of n inputs a threshold unit computes, decided by the perceptron.

    A threshold unit computes f if and only if it computes f with some
    inputs negated (x_i -> 1 - x_i: take w_0 + w_i, -w_i), with the inputs
    permuted (permute the weights) or with the output complemented (-W,
    the bias raised by 1/2: on integer patterns and weights W·X <= 0 iff
    -W·X + 1/2 > 0). So the functions fall into classes under these
    2**n n! 2 symmetries of the cube (222 classes for 4 inputs), and the
    perceptron runs once per class, on the class's first function, all at
    once (`train_many`, cyclic order, 0/1 patterns and labels). Each run
    either converges, and its whole-number W is checked to compute the
    function, or cycles, which proves that no W does (Manfredi 2021, the
    cycling theorem). Budinich (1993, section 4 and the appendix) counts
    104 separable functions of 3 inputs and 1882 of 4.

    Parameters
    ----------
    n_inputs : int
        The number of inputs, a whole number from 0 to 4.

    Returns
    -------
    ndarray of shape (2**(2**n_inputs),)
        Booleans: entry c is True when the function with truth-table code c
        is separable. Code c gives pattern k (row k of `boolean_patterns`)
        the label bit k of c: ``y = (c >> np.arange(2**n_inputs)) & 1``.

    Examples
    --------
    >>> separable = boolean_census(2)
    >>> int(separable.sum()), bool(separable[0b1000]), bool(separable[0b0110])  # 14; AND yes, XOR no
    (14, True, False)
    >>> [int(boolean_census(n).sum()) for n in range(5)]
    [2, 4, 14, 104, 1882]
    """
    n = check.whole("n_inputs", n_inputs, minimum=0, maximum=MAX_CENSUS_INPUTS)
    classes, representatives = _symmetry_classes(n)
    tables = (np.array(representatives)[:, None] >> np.arange(1 << n)) & 1
    return _perceptron_separates(n, tables.astype(bool), signed=False)[classes]


def separable_boolean_count(n_inputs, *, method="regions"):
    """How many Boolean functions of n inputs a threshold unit computes: 2, 4, 14, 104, 1882, 94,572, 15,028,134.

    ``method="census"`` (n <= 4) counts the functions `boolean_census`
    finds separable. ``method="regions"`` (n <= 6) never lists the
    functions: each separable function is one region of weight space R^(n+1)
    cut by the 2**n pattern hyperplanes W·X = 0 (Budinich 1993, section 3),
    and it walks those regions. Crossing one hyperplane flips one label, and
    any region reaches any other by such crossings, so starting from the
    constant function and flipping one label at a time reaches every
    separable function. It keeps one function per class of the cube's
    symmetries (see `boolean_census`): a separable function's class is known
    from its Chow parameters a_0 = sum f(x), a_i = sum f(x) x_i (in +-1
    form) as |a_0| and the sorted |a_i|, because no other function has a
    separable function's Chow parameters (Chow 1961: if g differs from a
    separable f with W, sum over x of (f(x) - g(x)) W·X > 0, yet it is zero
    when the parameters agree); the class size follows from them too. Each
    flip that gives a new class is decided with a proof: not separable when
    two positive patterns have the sum of two negative ones (no W can give
    the first pair a positive total and the second a non-positive one),
    otherwise by the perceptron (+-1 inputs, as Budinich 1993, section 2,
    recommends), whose whole-number W is checked exactly, or whose cycle
    proves no W exists. The walk is checked against the census for n <= 4.

    Parameters
    ----------
    n_inputs : int
        The number of inputs, a whole number from 0 to 6 (0 to 4 for the census).
    method : {"regions", "census"}, default "regions"

    Returns
    -------
    int

    Examples
    --------
    >>> separable_boolean_count(3, method="census"), separable_boolean_count(5)
    (104, 94572)
    """
    check.choice("method", method, BOOLEAN_METHODS)
    n = check.whole("n_inputs", n_inputs, minimum=0)
    most = MAX_CENSUS_INPUTS if method == "census" else MAX_WALK_INPUTS
    if n > most:
        raise ValueError(f"n_inputs must be a whole number from 0 to {most} with method={method!r} "
                         f"(larger counts take far longer than seconds), got {n}")
    if method == "census":
        return int(boolean_census(n).sum())
    return sum(_class_size(key, n) for key in _region_walk(n))


def _cube_symmetries(n):
    """Pattern index maps, shape (n! 2**n, 2**n): inputs permuted, then some negated; patterns as boolean_patterns."""
    N = 1 << n
    bits = (np.arange(N)[:, None] >> np.arange(n - 1, -1, -1)) & 1   # first input most significant
    orders = np.array(list(permutations(range(n))), dtype=np.int64).reshape(math.factorial(n), n)
    moved = bits[:, orders].transpose(1, 0, 2)[:, None] ^ bits[None, :, None, :]   # (orders, masks, N, n)
    return (moved << np.arange(n - 1, -1, -1)).sum(axis=-1).reshape(-1, N)


def _symmetry_classes(n):
    """The class of every truth-table code under the cube's symmetries and output complement; the first codes."""
    N, total = 1 << n, 1 << (1 << n)
    maps, place = _cube_symmetries(n), np.int64(1) << np.arange(N)
    classes = np.full(total, -1, np.int32)
    representatives, code = [], 0
    while True:
        images = (((code >> np.arange(N)) & 1)[maps] * place).sum(axis=1)   # bit k of an image: bit g(k) of code
        classes[images] = classes[images ^ (total - 1)] = len(representatives)
        representatives.append(code)
        unseen = classes[code:] < 0
        if not unseen.any():
            return classes, representatives
        code += int(unseen.argmax())


def _perceptron_separates(n, tables, *, signed):
    """The perceptron on each truth table (0/1 labels): True if it converged (W checked exactly), False if it cycled."""
    patterns = boolean_patterns(n) if n else np.zeros((1, 1))   # no inputs: one pattern, a constant 0 input
    if signed and n:
        patterns = 2 * patterns - 1
    batch = train_many(np.broadcast_to(patterns, (len(tables),) + patterns.shape), tables.astype(np.int64),
                       max_epochs=WALK_EPOCHS)
    if not np.isin(batch.status, ("converged", "cycling")).all():
        raise RuntimeError(f"a perceptron run on a Boolean function ended {set(batch.status.tolist())}: undecided")
    separable = batch.status == "converged"
    W = batch.final_weights.astype(np.int64)    # sums of +-patterns: whole numbers, exact in floats
    rows = np.hstack([np.ones((len(patterns), 1)), patterns]).astype(np.int64)
    nets = (rows[None, :, :] * W[:, None, :]).sum(axis=2)
    if not (W == batch.final_weights).all() or ((nets > 0) != tables)[separable].any():
        raise RuntimeError("a converged perceptron's W does not compute its function in exact arithmetic")
    return separable


def _region_walk(n):
    """The separable classes of n inputs, {Chow key: a truth table}, reached by flipping one label at a time."""
    N = 1 << n
    constant = np.zeros((1, N), bool)
    known, rejected, frontier = {_chow_keys(constant, n)[0]: constant[0]}, set(), constant
    while len(frontier):
        flips = np.repeat(frontier, N, axis=0)
        flips[np.arange(len(flips)), np.tile(np.arange(N), len(frontier))] ^= True
        new = {}
        for row, key in enumerate(_chow_keys(flips, n)):
            if key not in known and key not in rejected:
                new.setdefault(key, row)
        keys, tables = list(new), flips[list(new.values())]
        summable = _two_summable(tables, n)
        separable = np.zeros(len(keys), bool)
        if (~summable).any():
            separable[~summable] = _perceptron_separates(n, tables[~summable], signed=True)
        known.update((k, t) for k, t, s in zip(keys, tables, separable) if s)
        rejected.update(k for k, s in zip(keys, separable) if not s)
        frontier = tables[separable]
    return known


def _chow_keys(tables, n):
    """Per truth table: (|a_0|, |a_i| sorted down), a_0 = sum f, a_i = sum f x_i, with f and x in +-1 form."""
    bits = (np.arange(1 << n)[:, None] >> np.arange(n - 1, -1, -1)) & 1
    signed = np.hstack([np.ones((1 << n, 1), np.int64), 2 * bits - 1])
    f = np.where(tables, 1, -1)
    chow = np.abs((f[:, :, None] * signed[None]).sum(axis=1))
    chow[:, 1:] = -np.sort(-chow[:, 1:], axis=1)
    return [tuple(row) for row in chow.tolist()]


def _class_size(key, n):
    """How many separable functions share a Chow key: a_0 up to sign, the |a_i| in any order with any signs."""
    size = (2 if key[0] else 1) * math.factorial(n) * 2 ** sum(1 for a in key[1:] if a)
    for repeats in Counter(key[1:]).values():
        size //= math.factorial(repeats)
    return size


def _two_summable(tables, n):
    """Per truth table: do two positive patterns have the sum of two negative ones? (A proof of no separator.)"""
    N = 1 << n
    first, second = np.triu_indices(N, k=1)
    bits = (np.arange(N)[:, None] >> np.arange(n)) & 1
    codes = ((bits[first] + bits[second]) * 3 ** np.arange(n)).sum(axis=1)   # the sum, each entry 0, 1 or 2
    found = []
    for both in (tables[:, first] & tables[:, second], ~tables[:, first] & ~tables[:, second]):
        sums = np.zeros((len(tables), 3 ** n), bool)
        rows, pairs = np.nonzero(both)
        sums[rows, codes[pairs]] = True
        found.append(sums)
    return (found[0] & found[1]).any(axis=1)
