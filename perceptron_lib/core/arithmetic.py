"""Sums in a fixed order, so that every machine computes the same floats.

``np.dot``, ``@``, ``np.vecdot``, ``einsum`` and LAPACK hand their sums to a
BLAS kernel chosen for the CPU at run time, and kernels add in different
orders (some with fused multiply-adds), so W·X can differ in its last bit from
one machine to the next, and a perceptron's decision at a near-tie with it.
Here every product is rounded on its own and the products are added left to
right, j = 0, 1, ..., as the sources write the sum w0 x0 + w1 x1 + ... + wn xn
(Honavar 1996, section 2). `train` does the same additions on Python floats,
so a result here equals `train`'s to the last bit.

Plain ``np.sum`` and ``np.cumsum`` are safe: numpy adds with its own code, in
an order that does not depend on the CPU. Only products summed by BLAS or
LAPACK (dot, matmul, vecdot, einsum, linalg) must come here instead.

The exponential is the other case: numpy's ``np.exp`` picks its code for the
CPU at run time (AVX2, AVX-512 or none), and the choices differ in the last
bit, so `exp` here is built from additions, multiplications and a power of two
only, which IEEE arithmetic rounds alike everywhere.
"""
import math
import operator

import numpy as np

_LN2_HIGH, _LN2_LOW = 0.693145751953125, 1.4286068203094172321e-06   # ln 2 in two parts: k * HIGH is exact
_EXP_TERMS = [1.0 / math.factorial(i) for i in range(14)]


def dot(a, b):
    """Sum over the last axis of a * b, added left to right; leading axes broadcast.

    Parameters
    ----------
    a, b : array-like of shape (..., n)
        Real numbers; the leading axes broadcast against each other.

    Returns
    -------
    ndarray of shape (...)
        ``a[..., 0] * b[..., 0] + a[..., 1] * b[..., 1] + ...`` in that order.

    Examples
    --------
    >>> dot([1.0, 2.0, 3.0], [4.0, 5.0, 6.0])
    np.float64(32.0)
    >>> dot([[0, 1, 1], [1, 0, 0]], [1, 0, 1]).tolist()
    [1.0, 1.0]
    """
    a, b = np.asarray(a, float), np.asarray(b, float)
    total = a[..., 0] * b[..., 0]
    for j in range(1, a.shape[-1]):
        total = total + a[..., j] * b[..., j]
    return total


def nets(weights, X):
    """W·X for every weight vector and every pattern (bias input included in X), in fixed order.

    Parameters
    ----------
    weights : array-like of shape (n_features + 1,) or (n_weights, n_features + 1)
    X : array-like of shape (n_samples, n_features + 1)
        Patterns with x0 = 1 first.

    Returns
    -------
    ndarray of shape (n_samples,) or (n_weights, n_samples)

    Examples
    --------
    >>> nets([0, 1, 1], [[1, 0, 0], [1, 0, 1]]).tolist()
    [0.0, 1.0]
    """
    weights, X = np.asarray(weights, float), np.asarray(X, float)
    if weights.ndim == 1:
        return dot(X, weights)
    return dot(weights[:, None, :], X[None, :, :])


def norm(a):
    """Euclidean length over the last axis, its squares added left to right.

    Examples
    --------
    >>> float(norm([3.0, 4.0]))
    5.0
    """
    return np.sqrt(dot(a, a))


def add_with_ones(X):
    """The patterns with the bias input x0 = 1 prepended: shape (..., n_features + 1)."""
    X = np.asarray(X, float)
    return np.concatenate([np.ones(X.shape[:-1] + (1,)), X], axis=-1)


def exp(x):
    """e^x elementwise, the same to the last bit on every CPU (no SIMD-dispatched code).

    x = k ln 2 + r with |r| <= ln 2 / 2 (ln 2 split so that k ln 2 is exact),
    e^r by its Taylor polynomial to degree 13 (Horner's rule), then times 2^k
    (exact, or rounded once into the subnormal range). Relative error below
    1e-15 against the true value; below e^-1100 the result is 0, above about
    e^709.78 it is inf, as for ``np.exp``. The callers check their input.

    Parameters
    ----------
    x : array-like of real numbers

    Returns
    -------
    ndarray of the shape of x

    Examples
    --------
    >>> values = exp([0.0, -1.0, 1.0, -1000.0])
    >>> float(values[0]), bool(abs(values[1] / np.exp(-1.0) - 1) < 1e-15), float(values[3])
    (1.0, True, 0.0)
    >>> bool(abs(values[2] / math.e - 1) < 1e-15)
    True
    """
    x = np.clip(np.asarray(x, float), -1100.0, 1100.0)   # beyond, 0 and inf anyway
    k = np.rint(x / math.log(2))
    r = (x - k * _LN2_HIGH) - k * _LN2_LOW
    total = np.full(x.shape, _EXP_TERMS[-1])
    for term in reversed(_EXP_TERMS[:-1]):
        total = total * r + term
    return np.ldexp(total, k.astype(np.int32))


def sum_in_order(values):
    """Sum over the last axis, added left to right.

    >>> float(sum_in_order(np.array([1e16, 1.0, -1e16])))
    0.0
    """
    return dot(values, np.ones(values.shape[-1]))


def sigmoid(z):
    """f(z) = 1 / (1 + e^(-z)) elementwise, with the portable `exp` (Budinich 1993, eq. 1).

    Computed from e^(-|z|), which never overflows.

    >>> sigmoid(np.array([0.0, 800.0, -800.0])).tolist()
    [0.5, 1.0, 0.0]
    """
    e = exp(-np.abs(z))
    return np.where(z >= 0, 1 / (1 + e), e / (1 + e))


def sigmoid_descent(net, positive, beta, X1):
    """sum_p (xi_p - o_p) o_p (1 - o_p) X_p per row, o = f(beta W·X), added left to right over p.

    The negative gradient of a sigmoid unit's cost E = 1/2 sum (xi - o)^2
    divided by beta (Budinich 1993, eq. 3): a move is eta beta times it.
    `net` holds W·X, one row per weight vector (n_weights, n_samples);
    `positive` the targets xi as booleans; `beta` one steepness per row;
    X1 the patterns with x0 = 1. Shared by sigmoid.py and budinich.py.
    """
    o = sigmoid(beta[:, None] * net)
    return dot(((positive - o) * (o * (1 - o)))[:, None, :], X1.T)  # eq. 3 divided by eta beta


def wrong_side(net, positive):
    """Patterns on the wrong side of o = 1/2: W·X <= 0 for xi = 1, W·X >= 0 for xi = 0 (at 0, o = 1/2 is neither).

    The error count of a sigmoid unit (Budinich 1993), shared by sigmoid.py and budinich.py.

    >>> wrong_side(np.array([-1.0, 0.0, -2.0]), np.array([True, False, False])).tolist()
    [True, True, False]
    """
    return np.where(positive, net <= 0, net >= 0)


# --- The least-norm point of a polytope, for bounds.max_margin_separator: Python floats, exact sums ------------

def least_norm_point(lowest, *, max_iterations=100_000):
    """The point of least norm in a polytope: P. Wolfe, "Finding the nearest point in a polytope",
    Mathematical Programming 11 (1976), 128-149.

    lowest(x) returns a vertex p minimising x·p and a key naming it (lowest(None): any vertex).
    The current point x is a convex combination of a few vertices (the corral); each major step
    adds the lowest vertex, then x moves to the least-norm point of the corral's affine hull,
    dropping vertices while that point lies outside their convex hull. It stops when no vertex
    is lower than x·x (up to rounding): then x is the answer (every point p of the polytope has
    x·p >= x·x, so ||p|| >= ||x||). It stops too if the new vertex lies in the corral's affine
    hull up to rounding: then x·p = x·x, so x is the answer as far as floats can tell. And it stops
    when the minor cycles drop the vertex just added (in exact arithmetic they never do: it enters
    with a weight under 1e-14, lost to rounding): x cannot move, and it is the answer to within
    about 1e-14 of the polytope's size.
    """
    p, key = lowest(None)
    corral, keys, weights = [p], [key], np.ones(1)
    x, largest = p, dot(p, p)
    for _ in range(max_iterations):
        xx = dot(x, x)
        if xx <= 1e-24 * largest:
            break  # the origin is in the polytope
        p, key = lowest(x)
        largest = max(largest, dot(p, p))
        if xx - dot(x, p) <= 1e-12 * xx or key in keys:
            break
        moved = _minor_cycles(corral + [p], keys + [key], np.append(weights, 0.0))
        if moved is None or key not in moved[1]:
            break  # degenerate, or the new vertex dropped at once (its weight under 1e-14): x cannot move
        corral, keys, weights = moved
        x = dot(np.array(corral).T, weights)  # sum_i weights_i corral_i, in order
    return x


def _minor_cycles(corral, keys, weights):
    """Wolfe's minor cycles: move the weights to the affine hull's least-norm point, dropping vertices
    while it lies outside the corral's convex hull. Returns (corral, keys, weights), or None when the
    affine hull is degenerate up to rounding."""
    while True:
        affine = affine_weights(np.array(corral))
        if affine is None:
            return None
        if (affine > 1e-14).all():
            return corral, keys, affine
        # Walk from the current weights towards the affine ones until one reaches zero; drop it.
        out = affine <= 1e-14
        theta = min(1.0, float(np.min(weights[out] / (weights[out] - affine[out]))))
        weights = (1 - theta) * weights + theta * affine
        keep = weights > 1e-14
        keep[np.argmax(weights)] = True
        corral = [v for v, k in zip(corral, keep) if k]
        keys = [q for q, k in zip(keys, keep) if k]
        weights = weights[keep] / weights[keep].sum()
        if len(corral) == 1:
            return corral, keys, weights


def affine_weights(Q):
    """Weights a (summing to 1) of the least-norm point sum_i a_i Q_i of the affine hull of the rows of Q.

    The point is Q_0 + sum_i b_i D_i with D_i = Q_i - Q_0 and the b_i of least
    squares. Modified Gram-Schmidt, each vector orthogonalised again when
    the first pass cancelled much of it (Daniel, Gragg, Kaufman and Stewart
    1976; "twice is enough": Giraud, Langou and Rozloznik 2005), writes D_i = sum_j R_ij q_j
    with orthonormal q_j and R lower triangular; the point is Q_0 minus its
    projection sum_j (q_j·Q_0) q_j, so b solves R^T b = -(q_j·Q_0)_j by back
    substitution. This replaces a least-squares solver from LAPACK: the few
    short vectors here are Python floats, every sum exactly rounded (`fixed_dot`).
    Returns None if some D_i is, up to rounding, a combination of the ones
    before it.
    """
    origin, *rest = Q.tolist()
    m = len(rest)
    basis, R = [], [[0.0] * m for _ in range(m)]
    for i, row in enumerate(rest):
        d = [a - b for a, b in zip(row, origin)]
        v, size, length = d, math.sqrt(fixed_dot(d, d)), 0.0
        for _ in range(2):
            for j, q in enumerate(basis):
                c = fixed_dot(q, v)
                R[i][j] += c
                v = [a - c * b for a, b in zip(v, q)]
            length, before = math.sqrt(fixed_dot(v, v)), length or size
            if length > before / math.sqrt(2):
                break  # little cancelled: once is enough (the sqrt(2) test of Daniel et al. 1976)
        if not length > 1e-13 * size:
            return None
        R[i][i] = length
        basis.append([a / length for a in v])
    b = [0.0] * m
    for j in reversed(range(m)):
        known = -fixed_dot(basis[j], origin)
        for i in range(j + 1, m):
            known -= b[i] * R[i][j]
        b[j] = known / R[j][j]
    return np.array([1 - math.fsum(b)] + b)  # not sum(), which Python 3.12 began to compensate


def fixed_dot(a, b):
    """a·b on Python floats: each product rounded, then their exact sum rounded once (math.fsum, Shewchuk's
    algorithm), so the result is one number whatever the machine or the order."""
    return math.fsum(map(operator.mul, a, b))
