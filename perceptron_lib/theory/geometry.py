"""Geometry of a threshold unit in pattern space: its decision line and positive side.

Every W·X here is added left to right by `arithmetic` (w0·1 + w1 x1 + w2 x2), as
`train` adds it, so a pattern is on the same side here as in a run, on any machine.
"""
import numpy as np

from ..core import constraints as declare
from ..core import validation as check
from ..core.arithmetic import add_with_ones, nets, norm
from ..core.rule import convention, is_mistake

# count_regions compares every crossing with every other: O(n^3) steps in Python; this many lines take < 1 s.
MAX_LINES = 60
# sampled_regions codes a point's sides as the bits of one whole number.
MAX_SAMPLED_LINES = 62
MAX_RESOLUTION = 2001
MAX_GRID_POINTS = 10_000_000  # grid_points: n**dims points (memory: 80 MB a coordinate)


@declare.declared(w=declare.Plane(), xlim=declare.Limits(), ylim=declare.Limits())
def positive_side(w, xlim, ylim):
    """The part of a rectangle where w0 + w1 x1 + w2 x2 > 0, as a polygon.

    The decision line W·X = 0 splits pattern space in two; the unit outputs 1
    on the side W points to (Honavar 1996, section 4; Manfredi 2021, "the
    geometry of a linear classifier").

    Parameters
    ----------
    w : array-like of shape (3,)
        Weights [w0, w1, w2], bias first.
    xlim, ylim : (float, float)
        The rectangle [x_min, x_max] x [y_min, y_max].

    Returns
    -------
    ndarray of shape (n_vertices, 2)
        The vertices in order around the polygon; no rows when that side
        misses the rectangle.

    Examples
    --------
    >>> positive_side([-1, 1, 0], (0, 2), (0, 1)).tolist()
    [[1.0, 0.0], [2.0, 0.0], [2.0, 1.0], [1.0, 1.0]]
    """
    corners = _corners(xlim, ylim)
    value = nets(w, add_with_ones(corners))
    vertices = []
    for i in range(4):  # Sutherland-Hodgman against one half-plane
        a, b = corners[i], corners[(i + 1) % 4]
        fa, fb = value[i], value[(i + 1) % 4]
        if fa > 0:
            vertices.append(a)
        if (fa > 0) != (fb > 0) and fa != fb:
            vertices.append(a + (b - a) * (fa / (fa - fb)))
    return np.array(vertices).reshape(-1, 2)


@declare.declared(w=declare.Plane(), xlim=declare.Limits(), ylim=declare.Limits())
def decision_line(w, xlim, ylim):
    """Where the line w0 + w1 x1 + w2 x2 = 0 crosses a rectangle.

    Parameters
    ----------
    w : array-like of shape (3,)
        Weights [w0, w1, w2], bias first.
    xlim, ylim : (float, float)
        The rectangle.

    Returns
    -------
    ndarray of shape (2, 2) or (0, 2)
        The segment's two end points, or no rows when the line misses the
        rectangle (or w1 = w2 = 0, when there is no line).

    Examples
    --------
    >>> decision_line([-1, 1, 1], (0, 1), (0, 1)).tolist()
    [[1.0, 0.0], [0.0, 1.0]]
    """
    corners = _corners(xlim, ylim)
    if w[1] == 0 and w[2] == 0:
        return np.empty((0, 2))
    value = nets(w, add_with_ones(corners))
    points = []
    for i in range(4):
        a, b = corners[i], corners[(i + 1) % 4]
        fa, fb = value[i], value[(i + 1) % 4]
        if fa == 0:
            points.append(a)
        elif fa * fb < 0:
            points.append(a + (b - a) * (fa / (fa - fb)))
    if len(points) < 2:
        return np.empty((0, 2))
    points = np.array(points)
    # the two points farthest apart (a line through a corner is found twice)
    i, j = np.unravel_index(np.argmax(((points[:, None] - points[None]) ** 2).sum(-1)), (len(points),) * 2)
    return points[[i, j]]


def _corners(xlim, ylim):
    """The rectangle's corners, counter-clockwise from (x_min, y_min)."""
    (x0, x1), (y0, y1) = xlim, ylim
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float)


def _check_lines(lines, most):
    """Rows [a, b, c] of lines a u + b v + c = 0, with a or b not 0, at most `most` of them."""
    lines = check.array("lines", lines, "(n_lines, 3)", ndim=2)
    if lines.shape[1] != 3:
        raise ValueError(f"lines must have shape (n_lines, 3), rows [a, b, c], got shape {lines.shape}")
    flat = np.flatnonzero((lines[:, 0] == 0) & (lines[:, 1] == 0))
    if len(flat):
        raise ValueError(f"lines must have shape (n_lines, 3), rows [a, b, c] with a or b not 0, "
                         f"got a = b = 0 in row(s) {flat[:5].tolist()}")
    if len(lines) > most:
        raise ValueError(f"lines must hold at most {most} lines here (the time grows fast with more), "
                         f"got {len(lines)}")
    return lines


# Weight space: the dual picture (Honavar 1996, section 4; Budinich 1993, section 3). Each pattern
# X_k is the hyperplane W·X_k = 0 there, a weight vector is a point, and a pattern is misclassified
# exactly when the point lies on the wrong side of the pattern's hyperplane.


@declare.declared(X=declare.Patterns(n_features=2), w0=declare.Number())
def pattern_lines(X, w0):
    """The pattern hyperplanes W·X_k = 0 cut by the slice w0 = constant of weight space.

    With two inputs, weight space is 3-D (w0, w1, w2); on a slice of fixed w0
    each pattern's plane w0 + w1 x1 + w2 x2 = 0 is a line in the (w1, w2) plane.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input.
    w0 : float
        Where to cut.

    Returns
    -------
    ndarray of shape (n_samples, 3)
        Rows [a, b, c] of the lines a w1 + b w2 + c = 0: here [x1, x2, w0].

    Examples
    --------
    >>> pattern_lines([[0, 1], [1, 1]], -0.5).tolist()
    [[0.0, 1.0, -0.5], [1.0, 1.0, -0.5]]
    """
    return np.column_stack([X, np.full(len(X), w0)])


def _weight_rows(name, W, given):
    return check.weight_rows(name, W, given["X"].shape[1] + 1)


def _bad_weight_rows(example):
    d = np.shape(example["X"])[1] + 1
    return [("W", TypeError), (np.zeros(d + 1), ValueError), (np.zeros((0, d)), ValueError),
            (np.zeros((1, 1, d)), ValueError), ([np.nan] * d, ValueError)]


# Patterns and labels first: W's shape is read from X.
@declare.declared(X=declare.Patterns(), y=declare.Labels("X"), W=declare.Custom(_weight_rows, _bad_weight_rows))
def misclassified(W, X, y):
    """Which patterns each weight vector gets wrong.

    Labels 0/1 follow Honavar's unit (right iff the output 1 if W·X > 0 else 0
    is the target); labels -1/+1 the mistake-driven rule (wrong iff y W·X <= 0).

    Parameters
    ----------
    W : array-like of shape (n_weights, n_features + 1) or (n_features + 1,)
        Weight vectors, bias first.
    X : array-like of shape (n_samples, n_features)
        Patterns without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}, one per pattern.

    Returns
    -------
    ndarray of bool, shape (n_weights, n_samples) (or (n_samples,) for one W)
        W·X is added left to right, as `train` adds it, so a pattern counts as
        wrong here exactly when `train` would correct W on it.

    Examples
    --------
    >>> misclassified([0, 1, 1], [[0, 0], [1, 0]], [0, 1]).tolist()
    [False, False]
    """
    wrong = is_mistake(nets(np.atleast_2d(W), add_with_ones(X)), y, convention(y))
    return wrong if W.ndim == 2 else wrong[0]


def count_regions(lines, *, tolerance=1e-9):
    """How many regions an arrangement of lines cuts the plane into, counted from its crossings.

    Lines are added one at a time: a new line crossing the earlier ones at
    p distinct points is cut into p + 1 pieces, and each piece splits a
    region in two. Parallel and concurrent lines are handled; lines that
    coincide count once. For lines in general position the count is
    R(n, 2) = 1 + n + n(n - 1)/2 (Budinich 1993, section 3).

    Parameters
    ----------
    lines : array-like of shape (n_lines, 3)
        Rows [a, b, c] of the lines a u + b v + c = 0 (not a = b = 0); at
        most 60 lines (the count compares every crossing with every other).
    tolerance : float, default 1e-9
        Points closer than this (relative to their size) are the same point; in [0, 1).

    Returns
    -------
    int

    Examples
    --------
    >>> from perceptron_lib import boolean_patterns
    >>> count_regions(pattern_lines(boolean_patterns(2)[1:], -0.5))  # 3 lines, general position
    7
    """
    lines = _check_lines(lines, MAX_LINES)
    tolerance = check.number("tolerance", tolerance, minimum=0, below=1)
    length = norm(lines[:, :2])
    if not length.all():  # a² + b² below the smallest float
        raise ValueError(f"lines must have a² + b² > 0 in floats, got rows {lines[length == 0][:3].tolist()}")
    with np.errstate(over="ignore"):
        unit = lines / length[:, None]
    far = np.abs(unit[:, 2])
    if far.max(initial=0) > check.LARGEST:
        raise ValueError(f"lines must lie within {check.LARGEST:g} of the origin (|c| / sqrt(a² + b²)), so that "
                         f"their crossings can be computed, got {far.max():g}")
    unit *= np.where((unit[:, 0] < 0) | ((unit[:, 0] == 0) & (unit[:, 1] < 0)), -1, 1)[:, None]
    kept = []
    for line in unit:
        if not any(np.allclose(line, other, atol=tolerance) for other in kept):
            kept.append(line)
    regions = 1
    for k, (a, b, c) in enumerate(kept):
        points = []
        for a2, b2, c2 in kept[:k]:
            det = a * b2 - a2 * b
            if abs(det) > tolerance:
                point = np.array([(b * c2 - b2 * c) / det, (a2 * c - a * c2) / det])
                if not any(np.allclose(point, p, atol=tolerance * (1 + np.abs(p).max())) for p in points):
                    points.append(point)
        regions += len(points) + 1
    return regions


def sampled_regions(lines, *, lim, resolution=801):
    """How many regions of an arrangement of lines show in the square [-lim, lim]**2, found by sampling.

    Each region of an arrangement is the set of points with one pattern of
    sides (which side of each line), so counting the distinct patterns on a
    fine grid counts the regions it meets. An independent check of
    `count_regions`, when the square holds every crossing and the grid is
    finer than the smallest region.

    Parameters
    ----------
    lines : array-like of shape (n_lines, 3)
        Rows [a, b, c] of the lines a u + b v + c = 0; at most 62 lines.
    lim : float
        Half the side of the square, > 0 and at most 1e6.
    resolution : int, default 801
        Grid points per axis, from 2 to 2001.

    Returns
    -------
    int

    Examples
    --------
    >>> sampled_regions([[1, 0, 0], [0, 1, 0]], lim=1, resolution=11)
    4
    """
    lines = _check_lines(lines, MAX_SAMPLED_LINES)
    lim = check.number("lim", lim, above=0, maximum=1e6)
    resolution = check.whole("resolution", resolution, minimum=2, maximum=MAX_RESOLUTION)
    grid = np.linspace(-lim, lim, resolution)
    u, v = (part.ravel() for part in np.meshgrid(grid, grid))
    codes = np.zeros(u.size, np.int64)  # one whole number per point: its sides as bits
    for k, (a, b, c) in enumerate(lines):
        codes |= ((a * u + b * v + c) > 0).astype(np.int64) << k
    return len(np.unique(codes))


@declare.declared(w=declare.Plane(), X=declare.Patterns(n_features=2), y=declare.Labels("X"))
def wrong_side_of_lines(w, X, y):
    """Which pattern lines the point W lies on the wrong side of, in the slice at W's own w0.

    The weight-space half of the dual picture, computed from the lines of
    `pattern_lines` (a w1 + b w2 + c, at the point (w1, w2)): a positive
    pattern's right side is where that is > 0 (>= 0 counts as wrong for
    labels -1/+1), a negative one's where it is <= 0 (< 0 for labels -1/+1).
    It always agrees with `misclassified`, which works in pattern space
    (Honavar 1996, section 4).

    Parameters
    ----------
    w : array-like of shape (3,)
        The point [w0, w1, w2] of weight space.
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}, one per pattern.

    Returns
    -------
    ndarray of bool, shape (n_samples,)

    Examples
    --------
    >>> wrong_side_of_lines([-0.5, 1, -1], [[0, 0], [0, 1]], [0, 1]).tolist()
    [False, True]
    """
    a, b, c = pattern_lines(X, w[0]).T
    value = c + a * w[1] + b * w[2]  # w0 + x1 w1 + x2 w2, in the order of `misclassified`
    positive = y == 1
    if convention(y) == "0/1":
        return np.where(positive, value <= 0, value > 0)
    return np.where(positive, value <= 0, value >= 0)


def grid_points(low, high, n, dims):
    """The points of a regular grid on the cube [low, high]**dims, one per row.

    Lessons search a grid of weight vectors W = [w0 w1 w2] with it (is there a
    W that gets XOR right?) or check a claim at every point of a grid of
    patterns; `misclassified(grid_points(...), X, y)` scores the whole grid at
    once.

    Parameters
    ----------
    low, high : float
        The ends of every axis, low < high.
    n : int
        Points per axis, at least 2 (the ends included).
    dims : int
        Number of coordinates, at least 1, with n**dims at most 10 000 000.

    Returns
    -------
    ndarray of shape (n**dims, dims)
        The first coordinate varies slowest.

    Examples
    --------
    >>> grid_points(-1, 1, 3, 2)[:4]
    array([[-1., -1.],
           [-1.,  0.],
           [-1.,  1.],
           [ 0., -1.]])
    """
    low, high = check.number("low", low), check.number("high", high)
    if not low < high:
        raise ValueError(f"low must be smaller than high, got low={low!r} and high={high!r}")
    n = check.whole("n", n, minimum=2, maximum=MAX_GRID_POINTS)
    dims = check.whole("dims", dims, minimum=1, maximum=64)
    if n ** dims > MAX_GRID_POINTS:
        raise ValueError(f"n**dims must be at most {MAX_GRID_POINTS:,} points (memory), got n={n} and dims={dims} "
                         f"({n ** dims:,} points)")
    axis = np.linspace(low, high, n)
    return np.stack(np.meshgrid(*[axis] * dims, indexing="ij"), axis=-1).reshape(-1, dims)
