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
