"""Radius, margin, the maximum-margin separator and the forms of the perceptron convergence bound.

Every sum of products is added left to right (`perceptron_lib.core.arithmetic`) or
rounded once from its exact value (math.fsum), never by a BLAS or LAPACK kernel,
so every machine finds the same floats. Every bound
and margin that does not depend on the scale of the separator is computed
from the separator rescaled by a power of two (exactly), so that a W* of
1e-200 or 1e200 gives the same number as W* itself.

Every bound counts the weight updates of `train` started from W = 0, with any
learning rate, either label convention and any order of presentation. Each
form is taken as its source states it, with the conditions its proof needs:

- `honavar_bound`: (||W*|| L / delta)**2, Honavar (1996), section 3;
- `binary_bound`: ||W*||**2 (n + 1) with delta = 1, the corollary there;
- `augmented_bound`: (R / gamma)**2 on augmented patterns with a unit-norm
  separator, the reading Stensbo-Smidt (2015) allows ("the proof can be done
  using the augmented normal vector"). It is Honavar's number again:
  R = L and gamma = delta / ||W*||;
- `stensbo_smidt_bound`: (2 R / gamma)**2, Stensbo-Smidt (2015), theorem 1,
  whose proof folds the bias in with the input R, not 1: it counts the
  updates of ``train(X / radius(X), y)``, and may be exceeded by
  ``train(X, y)`` (see its notes).
"""
from dataclasses import dataclass

import numpy as np

from ..core import constraints as declare
from . import theory_constraints as kinds
from ..core.arithmetic import add_with_ones, dot, least_norm_point, norm
from ..core.batch import MAX_PRESENTATIONS, train_many
from .datasets import MAX_STACKED_VALUES, separable_sets
from ..core.rule import convention

MARGIN_KINDS = ("geometric", "functional", "augmented")
SEPARATOR_KINDS = ("geometric", "augmented")
MAX_EXPERIMENT_VALUES = MAX_STACKED_VALUES  # convergence_experiment: n_sets * n_samples * n_features (memory)
# A separator of any finite scale (the bounds rescale it by a power of two), one weight per feature of X and w0.
SEPARATOR = kinds.Separator("X")


@declare.declared(X=declare.Patterns())
def radius(X):
    """The radius R of the smallest ball about the origin that holds the patterns.

    R = max_k ||x_k|| over the raw patterns, without the bias input: the R
    of Stensbo-Smidt (2015), eq. (7), as theorem 1 and its proof use it
    (the proof appends R itself to each pattern).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.

    Returns
    -------
    float

    Examples
    --------
    >>> radius([[0, 0], [3, 4], [1, 1]])
    5.0
    """
    return _radius(X)


def _radius(X):
    """`radius` on arguments as its declaration passes them."""
    return float(_row_norms(X).max())


@declare.declared(X=declare.Patterns())
def augmented_radius(X):
    """The largest norm L of the augmented patterns X_k = [1, x_k].

    L = max_k ||[1, x_k]|| = sqrt(1 + R**2): Honavar's L (1996, section 3),
    the bound on ||Z_k|| where Z_k = +-X_k carries the bias input x0 = 1,
    and the R of the augmented reading of Stensbo-Smidt (2015).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input (x0 = 1 is prepended).

    Returns
    -------
    float

    Examples
    --------
    >>> round(augmented_radius([[0, 0], [0, 1], [1, 0], [1, 1]]) ** 2, 9)  # L = sqrt(n + 1)
    3.0
    """
    return float(_row_norms(add_with_ones(X)).max())


@declare.declared(X=declare.Patterns(), y=declare.Labels("X"), w=SEPARATOR, kind=declare.Choice(MARGIN_KINDS))
def margin(X, y, w, *, kind="geometric"):
    """The margin of a separator w = [w0, w1, ..., wn] on labelled patterns.

    With s_k = +1 for a positive pattern and -1 for a negative one, and
    X_k = [1, x_k] the augmented pattern (so s_k X_k is Honavar's Z_k):

    - ``"geometric"``: min_k s_k (w0 + w·x_k) / ||(w1, ..., wn)||, the distance
      from the hyperplane w0 + w·x = 0 to the nearest pattern, in pattern
      space. This is the gamma of Stensbo-Smidt (2015), eq. (9), for the
      separator scaled to ||w|| = 1 with its bias b = w0 kept apart.
    - ``"functional"``: min_k s_k W·X_k for W as given, unscaled: Honavar's
      delta = min_k W*·Z_k (1996, section 3).
    - ``"augmented"``: delta / ||W||, the gamma of eq. (9) read on augmented
      patterns (x, 1) with an augmented w of unit norm (Stensbo-Smidt 2015);
      it is the distance of the augmented patterns from the hyperplane
      W·X = 0 through the origin of the (n + 1)-dimensional space.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.
    w : array-like of shape (n_features + 1,)
        The separator, bias weight first: finite numbers of any size (the scale-free
        kinds rescale it by a power of two first).
    kind : {"geometric", "functional", "augmented"}, default "geometric"

    Returns
    -------
    float
        A number > 0.

    Raises
    ------
    ValueError
        If w does not separate the data strictly (s_k W·X_k <= 0 on some
        pattern: the theorems need delta > 0, so a negative pattern on the
        hyperplane counts as not separated), or, for ``"geometric"``, if
        w1 = ... = wn = 0; or if the margin lies outside the range of floats.

    Examples
    --------
    OR and the separator [-1, 2, 2]: W·X_k = -1, 1, 1, 3, so delta = 1:

    >>> from perceptron_lib import boolean_function
    >>> X, y = boolean_function("or")
    >>> margin(X, y, [-1, 2, 2], kind="functional")
    1.0
    >>> round(margin(X, y, [-1, 2, 2]), 6)  # 1 / sqrt(8)
    0.353553
    >>> margin(X, y, [-1, 2, 2], kind="augmented")  # 1 / sqrt(9)
    0.3333333333333333
    """
    return _margin(X, y, w, kind=kind)


def _margin(X, y, w, *, kind="geometric"):
    """`margin` on arguments as its declaration passes them."""
    X, s = _signed_patterns(X, y)
    if kind == "geometric":
        if not w[1:].any():
            raise ValueError("w must have a nonzero weight on some feature for a geometric margin: with "
                             f"w1 = ... = wn = 0 there is no hyperplane in pattern space, got w = {w.tolist()}")
        unit, _ = _rescaled(w, w[1:])  # the same hyperplane, with max |wi| in [0.5, 1)
        return _in_range("w", _functional_margin("w", X, s, unit) / float(norm(unit[1:])), "geometric margin")
    unit, exponent = _rescaled(w, w)
    delta = _functional_margin("w", X, s, unit, exponent)
    if kind == "augmented":
        return _in_range("w", delta / float(norm(unit)), "augmented margin")
    with np.errstate(over="ignore", under="ignore"):  # an inf or 0 is refused by _in_range
        return _in_range("w", float(np.ldexp(delta, exponent)), "functional margin")


@declare.declared(X=declare.Patterns(), y=declare.Labels("X"), kind=declare.Choice(SEPARATOR_KINDS))
def max_margin_separator(X, y, *, kind="geometric"):
    """The separator of largest margin (the hard-margin SVM) and its margin.

    - ``"geometric"``: the hyperplane w0 + w·x = 0 farthest from the nearest
      pattern, returned with ||(w1, ..., wn)|| = 1 so that w0 is Stensbo-
      Smidt's b (2015) and the margin is her gamma. It gives the smallest
      `stensbo_smidt_bound` of all separators. Needs both classes (with one
      class the margin has no maximum).
    - ``"augmented"``: the W of unit norm that maximises delta / ||W||, the
      hyperplane through the origin of augmented space farthest from the
      Z_k = s_k [1, x_k]. It gives the smallest `honavar_bound`,
      `augmented_bound` and `binary_bound` of all separators (these depend on
      W only through delta / ||W||), and works with one class too.

    Both are the point of least norm in a polytope: the largest augmented
    margin is the distance from the origin to the convex hull of the Z_k, and
    the largest geometric margin is half the distance between the convex
    hulls of the two classes (the least norm of a - b, a positive and b
    negative). Wolfe's algorithm (1976) finds that point exactly, up to
    rounding, and proves it optimal when it stops (no vertex lies below the
    hyperplane through the point, normal to it). The margin returned
    is recomputed from the returned w on the data, so it is a margin w
    achieves, and any bound built on it is valid.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.
    kind : {"geometric", "augmented"}, default "geometric"

    Returns
    -------
    w : ndarray of shape (n_features + 1,)
        The separator, bias weight first, normalised as above.
    margin : float
        ``margin(X, y, w, kind=kind)``.

    Raises
    ------
    ValueError
        If the data are not linearly separable (no margin above 1e-12 of the
        largest pattern norm: the radius R of the raw patterns for
        ``"geometric"``, the longest [1, x_k] for ``"augmented"``), or with
        ``"geometric"`` if y holds one class.

    Examples
    --------
    AND: the line x1 + x2 = 1.5, half the distance from (1, 1) to (0.5, 0.5):

    >>> from perceptron_lib import boolean_function
    >>> w, gamma = max_margin_separator(*boolean_function("and"))
    >>> np.round(w * 2 ** 0.5, 6).tolist(), round(gamma * 8 ** 0.5, 6)
    ([-1.5, 1.0, 1.0], 1.0)
    >>> w, gamma = max_margin_separator(*boolean_function("and"), kind="augmented")
    >>> np.round(w * 17 ** 0.5, 6).tolist(), round(gamma * 17 ** 0.5, 6)
    ([-3.0, 2.0, 2.0], 1.0)
    """
    return _max_margin_separator(X, y, kind=kind)


def _max_margin_separator(X, y, *, kind="geometric"):
    """`max_margin_separator` on arguments as its declaration passes them."""
    X_augmented, s = _signed_patterns(X, y)
    Z, _ = _rescaled(s[:, None] * X_augmented)  # by a power of two: the same separators, exactly
    if kind == "geometric":  # distances in pattern space, against the radius R of the raw patterns
        w = _geometric_separator(X_augmented[:, 1:], s)
        distances, size = s * dot(X_augmented, w), _row_norms(X_augmented[:, 1:]).max()
    else:  # distances in augmented space, against the longest augmented pattern
        w = _augmented_separator(Z)
        distances, size = dot(Z, w), _row_norms(Z).max()
    if not np.min(distances) > 1e-12 * size:
        raise ValueError("X, y must be linearly separable for a maximum-margin separator: no hyperplane "
                         "puts every positive pattern strictly on one side and every negative one on the "
                         f"other (none with a {kind} margin above 1e-12 of the largest pattern norm)")
    return w, _margin(X, y, w + 0.0, kind=kind)


def _geometric_separator(X, s):
    """The hyperplane farthest from both classes, ||(w1, ..., wn)|| = 1: half the least norm of a - b."""
    if (s == s[0]).all():
        raise ValueError("y must hold both classes for a geometric maximum-margin separator: with one "
                         "class a hyperplane can be moved arbitrarily far away; use kind='augmented', got "
                         f"only {'positive' if s[0] > 0 else 'negative'} patterns")
    scaled, _ = _rescaled(X)
    A, B = scaled[s > 0], scaled[s < 0]

    def lowest(x):  # the vertex a_i - b_j of the difference polytope that minimises x·(a - b)
        i, j = (0, 0) if x is None else (int(np.argmin(dot(A, x))), int(np.argmax(dot(B, x))))
        return A[i] - B[j], (i, j)

    u = least_norm_point(lowest)
    u = u / norm(u) if u.any() else np.eye(len(u))[0]
    # The best bias for this normal puts the hyperplane halfway between the classes.
    A, B = X[s > 0], X[s < 0]
    return np.r_[-(np.min(dot(A, u)) + np.max(dot(B, u))) / 2, u]


def _augmented_separator(Z):
    """The unit W of largest min_k W·Z_k: the least-norm point of the hull of the Z_k, normalised."""
    def lowest(x):  # the pattern Z_k that minimises x·Z_k
        k = 0 if x is None else int(np.argmin(dot(Z, x)))
        return Z[k], k

    w = least_norm_point(lowest)
    return w / norm(w) if w.any() else np.eye(len(w))[0]


@declare.declared(X=declare.Patterns(), y=declare.Labels("X"), w_star=SEPARATOR)
def honavar_bound(X, y, w_star):
    """Honavar's bound (||W*|| L / delta)**2 on the number of updates.

    Honavar (1996), section 3: for any W* with W*·Z_k >= delta > 0 on the
    patterns Z_k = X_k (positives) or -X_k (negatives), X_k = [1, x_k], and
    ||Z_k|| <= L, the perceptron started from W = 0 makes at most this many
    updates, whatever eta > 0. Read as the proof is written: W* keeps its
    bias weight w0* and L counts the bias input (`augmented_radius`). The
    proof opens by assuming w0* = 0 "without loss of generality", but none
    of its steps uses that, so the bound holds for any separator and is
    computed here for W* as given (it does not depend on the scale of W*).
    Two misprints of the source are read as the proof needs: ||W_t|| <=
    sqrt(t) eta L in the last substitution, and the square in the corollary.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.
    w_star : array-like of shape (n_features + 1,)
        A separator W*, bias weight first: finite numbers of any size (rescaled by a
        power of two first, exactly).

    Returns
    -------
    float

    Examples
    --------
    OR with W* = [-1, 2, 2]: delta = 1, ||W*||**2 = 9, L**2 = 3, so 27 (the
    source's run makes 4 updates):

    >>> from perceptron_lib import boolean_function
    >>> round(honavar_bound(*boolean_function("or"), [-1, 2, 2]), 9)
    27.0
    """
    return _honavar_bound(X, y, w_star)


def _honavar_bound(X, y, w_star):
    """`honavar_bound` on arguments as its declaration passes them."""
    X_augmented, s = _signed_patterns(X, y)
    unit, exponent = _rescaled(w_star)  # the bound does not depend on the scale of W*
    delta = _functional_margin("w_star", X_augmented, s, unit, exponent)
    ratio = float(norm(unit)) * float(_row_norms(X_augmented).max()) / delta
    return _in_range("w_star", ratio * ratio, "bound")


@declare.declared(X=declare.Patterns(), y=declare.Labels("X"), w=SEPARATOR)
def augmented_bound(X, y, w):
    """The bound (R / gamma)**2 on augmented patterns with a unit-norm separator.

    Stensbo-Smidt (2015) writes patterns as (x, 1) and separators as (w, b)
    in one vector, and notes that the convergence proof "can be done" in that
    notation: with R = max_k ||(x_k, 1)|| (`augmented_radius`) and gamma the
    margin min_k t_k w·x_k of the augmented w scaled to unit norm
    (``margin(..., kind="augmented")``), Novikoff's argument gives (R /
    gamma)**2. It is the same number as `honavar_bound` (R = L and gamma =
    delta / ||W*||), reached from the other source.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.
    w : array-like of shape (n_features + 1,)
        A separator, bias weight first; it is scaled to unit norm here.

    Returns
    -------
    float

    Examples
    --------
    OR with w = [-1, 2, 2] / 3: gamma = 1/3 and R = sqrt(3), so (3 sqrt(3))**2 = 27:

    >>> from perceptron_lib import boolean_function
    >>> round(augmented_bound(*boolean_function("or"), [-1, 2, 2]), 9)
    27.0
    """
    gamma = margin(X, y, w, kind="augmented")
    ratio = augmented_radius(X) / gamma
    return _in_range("w", ratio * ratio, "bound")


@declare.declared(X=declare.Patterns(), y=declare.Labels("X"), w=SEPARATOR)
def stensbo_smidt_bound(X, y, w):
    """Stensbo-Smidt's bound (2 R / gamma)**2, with the bias folded in through R.

    Stensbo-Smidt (2015), theorem 1 (after Block and Novikoff): for data in
    the ball of radius R about the origin (`radius`, the raw patterns) and a
    separator (w, b) with ||w|| = 1 and margin gamma = min_k t_k (w·x_k + b)
    (``margin(..., kind="geometric")``), the perceptron from zero weights
    makes at most (2 R / gamma)**2 updates. w is scaled to ||(w1, ..., wn)||
    = 1 here, so w0 is the source's b.

    The proof's perceptron runs on the patterns (x, R) with the weights
    (w, b / R): its bias input is R, not 1. That is ``train(X / R, y)``
    (the same decisions and updates; train's weights are the proof's
    divided by R, bias first), and that is the run the bound counts.
    ``train(X, y)`` itself, with bias input 1, is the same run only when
    R = 1, and otherwise can make many more updates: on two points of one
    feature, x = 0.1 positive and x = 0.04 negative, the bound is 44.4 and
    train makes 337 updates; on x = 100 and x = 40 it makes 1872.
    `honavar_bound` is the bound for ``train(X, y)``.

    The proof also needs |b| <= R (eq. 23). It holds for every separator of
    data with both classes (the hyperplane then crosses the ball), and is
    checked here.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}; the proof holds for both
        update rules of `train` (each updates only where t W·X <= 0).
    w : array-like of shape (n_features + 1,)
        A separator [b, w1, ..., wn], bias weight first, with some wi != 0.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If w does not separate the data, or if |b| > R once ||w|| = 1.

    Examples
    --------
    OR with w = [-0.5, 1, 1] / sqrt(2): gamma = 0.5 / sqrt(2), R = sqrt(2),
    so 2 R / gamma = 8:

    >>> from perceptron_lib import boolean_function, train
    >>> X, y = boolean_function("or")
    >>> round(stensbo_smidt_bound(X, y, [-0.5, 1, 1]), 9)
    64.0
    >>> train(X / radius(X), y).n_updates
    4
    """
    return _stensbo_smidt_bound(X, y, w)


def _stensbo_smidt_bound(X, y, w):
    """`stensbo_smidt_bound` on arguments as its declaration passes them."""
    gamma = _margin(X, y, w, kind="geometric")
    R = _radius(X)
    unit, _ = _rescaled(w, w[1:])
    b = float(unit[0] / norm(unit[1:]))
    if abs(b) > R:
        raise ValueError(f"w must have |b| <= R once scaled to ||(w1, ..., wn)|| = 1 (Stensbo-Smidt 2015, "
                         f"eq. 23), got |b| = {abs(b):.6g} > R = {R:.6g}: a hyperplane outside the ball "
                         "separates one class only")
    ratio = 2 * R / gamma
    return _in_range("w", ratio * ratio, "bound")


@declare.declared(X=kinds.BinaryPatterns(why="for the binary corollary"), y=declare.Labels("X"), w_star=SEPARATOR)
def binary_bound(X, y, w_star):
    """Honavar's corollary for binary patterns: ||W*||**2 (n + 1), with delta = 1.

    Honavar (1996), section 3: when every input is 0 or 1, L <= sqrt(n + 1)
    (n inputs and the bias input), and any separator W* can be scaled to
    delta = min_k W*·Z_k = 1, so the perceptron from W = 0 makes at most
    ||W*||**2 (n + 1) updates. W* is scaled here (divided by its delta), so
    any separator will do. The bound is `honavar_bound` with L replaced by
    its largest value sqrt(n + 1): equal to it when the data hold the
    all-ones pattern, larger otherwise.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Binary patterns (every entry 0 or 1), without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.
    w_star : array-like of shape (n_features + 1,)
        A separator W*, bias weight first, of any scale.

    Returns
    -------
    float

    Examples
    --------
    AND with W* = [-3, 2, 2]: W*·Z_k = 3, 1, 1, 1, so delta = 1 already and
    ||W*||**2 (n + 1) = 17 * 3:

    >>> from perceptron_lib import boolean_function
    >>> round(binary_bound(*boolean_function("and"), [-3, 2, 2]), 9)
    51.0
    """
    X_augmented, s = _signed_patterns(X, y)
    unit, exponent = _rescaled(w_star)  # W* / delta does not depend on the scale of W*
    delta = _functional_margin("w_star", X_augmented, s, unit, exponent)
    ratio = float(norm(unit)) / delta
    return _in_range("w_star", ratio * ratio * X_augmented.shape[1], "bound")  # n + 1 inputs with the bias


def _signed_patterns(X, y):
    """The augmented patterns [1, x_k] and the signs s_k (+1 positive, -1 negative), of patterns and labels
    already checked."""
    return add_with_ones(X), (y if convention(y) == "-1/+1" else 2 * y - 1).astype(float)


def _rescaled(a, by=None):
    """a times the power of two 2**-e that brings max |by| (default: max |a|) into [0.5, 1); and e.

    Multiplying by a power of two is exact (short of underflow), so every ratio
    and every sign computed from the result is that of `a` itself, while sums
    of products can neither overflow nor underflow.
    """
    _, exponent = np.frexp(np.abs(a if by is None else by).max())
    with np.errstate(over="ignore", under="ignore"):  # an inf is refused where it is used
        return np.ldexp(a, -exponent), int(exponent)


def _row_norms(M):
    """The Euclidean length of each row, added in fixed order, with no overflow or underflow on the way."""
    scaled, exponent = _rescaled(M)
    return np.ldexp(norm(scaled), exponent)


def _functional_margin(name, X, s, w, exponent=0):
    """min_k s_k W·X_k, which must be > 0 (Honavar's delta), for W = w * 2**exponent given as w."""
    with np.errstate(over="ignore", invalid="ignore"):  # refused just below
        values = s * dot(X, w)
    if not np.isfinite(values).all():
        raise ValueError(f"{name} must give W·X within the range of floats once rescaled (|wi| < 1 on the "
                         f"weights the margin divides by), got |W·X| above 1.8e308 on pattern(s) "
                         f"{np.flatnonzero(~np.isfinite(values)).tolist()[:10]}: the margin has no float")
    if not values.min() > 0:
        bad = np.flatnonzero(values <= 0)
        raise ValueError(f"{name} must separate the data (s_k W·X_k > 0 on every pattern, s_k = +1 for a "
                         f"positive and -1 for a negative one), got s_k W·X_k <= 0 on pattern(s) "
                         f"{bad.tolist()[:10]} (smallest {np.ldexp(values.min(), exponent) + 0.0:.6g})")
    return float(values.min())


def _in_range(name, value, what):
    """value, a positive finite float, or a ValueError naming the parameter that led out of range."""
    if not (np.isfinite(value) and value > 0):
        raise ValueError(f"{name} gives a {what} outside the range of floats (a positive number up to "
                         f"1.8e308), got {value!r}: the patterns and {name} differ too much in scale")
    return float(value)


@dataclass(frozen=True, eq=False)
class ConvergenceExperiment:
    """Observed updates and bounds over many random separable data sets (see `convergence_experiment`).

    Attributes
    ----------
    settings : dict
        n_sets, n_samples, n_features, margin, order, seed.
    updates : ndarray of shape (n_sets,)
        Updates of ``train(X, y)`` from W = 0, one per data set.
    honavar : ndarray of shape (n_sets,)
        `honavar_bound` with the teacher that made the data.
    scaled_updates : ndarray of shape (n_sets,)
        Updates of ``train(X / R, y)``, the run Stensbo-Smidt's proof counts.
    stensbo_smidt : ndarray of shape (n_sets,)
        `stensbo_smidt_bound` with the teacher.
    honavar_max, stensbo_smidt_max : ndarray of shape (n_max,)
        The same two bounds with the maximum-margin separators, for the
        first n_max data sets.
    """

    settings: dict
    updates: np.ndarray
    honavar: np.ndarray
    scaled_updates: np.ndarray
    stensbo_smidt: np.ndarray
    honavar_max: np.ndarray
    stensbo_smidt_max: np.ndarray

    def violations(self):
        """How many runs made more updates than each bound (the theorem says none)."""
        n = len(self.honavar_max)
        return {
            "Honavar, teacher": int((self.updates > self.honavar).sum()),
            "Honavar, maximum margin": int((self.updates[:n] > self.honavar_max).sum()),
            "Stensbo-Smidt on X/R, teacher": int((self.scaled_updates > self.stensbo_smidt).sum()),
            "Stensbo-Smidt on X/R, maximum margin": int((self.scaled_updates[:n] > self.stensbo_smidt_max).sum()),
        }

    def summary(self):
        """One line for a reader: the median run against the median bound, and the violations.

        >>> print(convergence_experiment(20, 20, 2, 0.2).summary())
        20 data sets: median updates 4, median Honavar bound 55 (updates/bound 0.074); violations: 0 and 0
        """
        broken = self.violations()
        ratio = np.median(self.updates / self.honavar)
        return (f"{len(self.updates)} data sets: median updates {np.median(self.updates):g}, "
                f"median Honavar bound {np.median(self.honavar):.0f} (updates/bound {ratio:.3f}); violations: "
                f"{broken['Honavar, teacher']} and {broken['Stensbo-Smidt on X/R, teacher']}")


@declare.declared(n_sets=declare.Whole(minimum=1), n_samples=declare.Whole(minimum=1),
                  n_features=declare.Whole(minimum=1), margin=declare.Number(above=0, below=0.5),
                  seed=declare.Whole(minimum=0), order=declare.Choice(("cyclic", "random")),
                  max_margin_sets=kinds.WholeUpTo("n_sets", minimum=0))
def convergence_experiment(n_sets, n_samples, n_features, margin, *, seed=0, order="cyclic", max_margin_sets=0):
    """Train on many random separable data sets at once and compute the bounds of each.

    Data set k is ``separable_data(n_samples, n_features, margin=margin,
    seed=seed + k)``; with random order its presentation seed is seed + k
    too. The runs use `train_many` (identical to `train`), from W = 0.

    Parameters
    ----------
    n_sets, n_samples, n_features : int
        Whole numbers >= 1, with n_sets * n_samples * n_features at most
        10,000,000 (memory).
    margin : float
        The teacher's margin, in (0, 0.5).
    seed : int, default 0
        A whole number >= 0.
    order : {"cyclic", "random"}, default "cyclic"
    max_margin_sets : int, default 0
        For how many of the data sets (the first ones) to compute the
        maximum-margin separators too (a few milliseconds each), from 0 to n_sets.

    Returns
    -------
    ConvergenceExperiment

    Raises
    ------
    ValueError
        If an argument is out of range, or if some run has not converged
        after min(100000, 2e9 / (n_sets n_samples)) passes (the most
        `train_many` allows): a margin too small for the theorem's bound.

    Examples
    --------
    >>> result = convergence_experiment(50, 20, 3, 0.1, max_margin_sets=5)
    >>> result.violations()["Honavar, teacher"]
    0
    """
    settings = _experiment_settings(n_sets, n_samples, n_features, margin, seed, order, max_margin_sets)
    n_sets, seed, order = settings["n_sets"], settings["seed"], settings["order"]
    X, y, teachers = separable_sets(n_sets, n_samples, n_features, margin=settings["margin"], seed=seed)
    seeds = [seed + k for k in range(n_sets)] if order == "random" else None
    passes = min(100_000, MAX_PRESENTATIONS // (n_sets * settings["n_samples"]))  # train_many's limit
    runs = train_many(X, y, order=order, seeds=seeds, max_epochs=passes)
    R = norm(X).max(axis=1)
    scaled = train_many(X / R[:, None, None], y, order=order, seeds=seeds, max_epochs=passes)
    unfinished = int((runs.status != "converged").sum() + (scaled.status != "converged").sum())
    if unfinished:
        raise ValueError(f"margin must be large enough for every run to converge within {passes} passes, "
                         f"got margin={settings['margin']!r}, with {unfinished} run(s) unfinished; use a "
                         "larger margin (the theorem allows about n_features / margin**2 updates) or fewer sets")
    # the data sets are the package's own, checked by construction: the bounds' workers take them as they are
    honavar = np.array([_honavar_bound(X[k], y[k], teachers[k]) for k in range(n_sets)])
    stensbo = np.array([_stensbo_smidt_bound(X[k], y[k], teachers[k]) for k in range(n_sets)])
    honavar_max, stensbo_max = [], []
    for k in range(settings.pop("max_margin_sets")):
        honavar_max.append(_honavar_bound(X[k], y[k], _max_margin_separator(X[k], y[k], kind="augmented")[0] + 0.0))
        stensbo_max.append(_stensbo_smidt_bound(X[k], y[k],
                                                _max_margin_separator(X[k], y[k], kind="geometric")[0] + 0.0))
    return ConvergenceExperiment(settings, runs.n_updates, honavar, scaled.n_updates, stensbo,
                                 np.array(honavar_max), np.array(stensbo_max))


def _experiment_settings(n_sets, n_samples, n_features, margin, seed, order, max_margin_sets):
    """convergence_experiment's arguments (each checked as it declares), with the relation between them."""
    if n_sets * n_samples * n_features > MAX_EXPERIMENT_VALUES:
        raise ValueError(f"n_sets * n_samples * n_features must be at most {MAX_EXPERIMENT_VALUES:,} (memory), "
                         f"got {n_sets} * {n_samples} * {n_features} = {n_sets * n_samples * n_features:,}")
    return {"n_sets": n_sets, "n_samples": n_samples, "n_features": n_features, "margin": margin,
            "order": order, "seed": seed, "max_margin_sets": max_margin_sets}
