"""Data sets for the lessons: Boolean functions of n inputs and the sources' worked examples.

Patterns come without the bias input; `train` prepends x0 = 1 itself.
"""
from itertools import product

import numpy as np

BOOLEAN_FUNCTIONS = ("and", "or", "nand", "nor", "xor", "xnor", "at_least")


def boolean_patterns(n_inputs=2):
    """All 2**n_inputs binary patterns, in counting order.

    The first input is the most significant bit, so for two inputs the order is
    (0, 0), (0, 1), (1, 0), (1, 1): the order of Honavar (1996), section 2.

    Parameters
    ----------
    n_inputs : int, default 2
        Number of inputs, at least 1.

    Returns
    -------
    X : ndarray of shape (2**n_inputs, n_inputs)
        The patterns, as floats.

    Examples
    --------
    >>> boolean_patterns(2).tolist()
    [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
    """
    _check_count("n_inputs", n_inputs, minimum=1, maximum=20)
    return np.array(list(product((0.0, 1.0), repeat=n_inputs)))


def boolean_function(name, n_inputs=2, *, m=None, signed=False):
    """A Boolean function of n inputs as a training set (X, y).

    ``and``, ``or`` and ``at_least`` (m of n) are linear threshold functions
    (Manfredi 2021, "Linear threshold functions"); ``nand`` and ``nor`` are
    their complements; ``xor`` (odd parity) and ``xnor`` (even parity) are not
    linearly separable for any n >= 2.

    Parameters
    ----------
    name : {"and", "or", "nand", "nor", "xor", "xnor", "at_least"}
        The function.
    n_inputs : int, default 2
        Number of inputs.
    m : int, optional
        For ``"at_least"`` only: the output is 1 when at least m of the
        inputs are 1 (1 <= m <= n_inputs).
    signed : bool, default False
        Labels in {0, 1} (Honavar's threshold unit) when False, in {-1, +1}
        (the mistake-driven rule of Manfredi 2021) when True.

    Returns
    -------
    X : ndarray of shape (2**n_inputs, n_inputs)
        All binary patterns, in the order of `boolean_patterns`.
    y : ndarray of shape (2**n_inputs,)
        The function's value on each pattern, as integers.

    Examples
    --------
    >>> X, y = boolean_function("or")
    >>> y.tolist()
    [0, 1, 1, 1]
    >>> boolean_function("at_least", 3, m=2)[1].tolist()
    [0, 0, 0, 1, 0, 1, 1, 1]
    >>> boolean_function("xor", signed=True)[1].tolist()
    [-1, 1, 1, -1]
    """
    if not isinstance(name, str) or name not in BOOLEAN_FUNCTIONS:
        raise ValueError(f"name must be one of {', '.join(map(repr, BOOLEAN_FUNCTIONS))}, got {name!r}")
    X = boolean_patterns(n_inputs)
    if name == "at_least":
        if m is None:
            raise ValueError(f"m is required for 'at_least': a whole number from 1 to n_inputs={n_inputs}")
        _check_count("m", m, minimum=1, maximum=n_inputs)
    elif m is not None:
        raise ValueError(f"m is used only with name='at_least', got m={m!r} with name={name!r}")
    if not isinstance(signed, (bool, np.bool_)):
        raise TypeError(f"signed must be True or False, got {signed!r}")
    ones = X.sum(axis=1)
    value = {
        "and": ones == n_inputs,
        "or": ones >= 1,
        "nand": ones < n_inputs,
        "nor": ones == 0,
        "xor": ones % 2 == 1,
        "xnor": ones % 2 == 0,
        "at_least": ones >= (m or 0),
    }[name]
    y = value.astype(int)
    return X, (2 * y - 1 if signed else y)


def truth_table(function, n_inputs, *, signed=False):
    """The training set of any Boolean function, given as a Python function of the inputs.

    Parameters
    ----------
    function : callable
        Called as ``function(x1, ..., xn)`` with each input 0 or 1; its truth value
        is the label.
    n_inputs : int
        Number of inputs.
    signed : bool, default False
        Labels in {-1, +1} instead of {0, 1}.

    Returns
    -------
    X : ndarray of shape (2**n_inputs, n_inputs)
        All binary patterns, in the order of `boolean_patterns`.
    y : ndarray of shape (2**n_inputs,)

    Examples
    --------
    The non-trivial DNF of Manfredi (2021), "Linear threshold functions":

    >>> X, y = truth_table(lambda a, b, c, d: (a and b) or (c and d), 4)
    >>> int(y.sum())
    7
    """
    if not callable(function):
        raise TypeError(f"function must be callable, as function(x1, ..., xn), got {function!r}")
    X = boolean_patterns(n_inputs)
    y = np.array([bool(function(*(int(v) for v in x))) for x in X], dtype=int)
    return X, (2 * y - 1 if signed else y)


def to_signed(y):
    """Labels {0, 1} mapped to {-1, +1} (0 -> -1, 1 -> +1).

    Examples
    --------
    >>> to_signed([0, 1, 1]).tolist()
    [-1, 1, 1]
    """
    y = np.asarray(y)
    if y.ndim != 1 or not np.isin(y, (0, 1)).all():
        raise ValueError(f"y must be a 1-D array of labels in {{0, 1}}, got {y!r}")
    return 2 * y.astype(int) - 1


def flip_labels(y, fraction, *, seed=None):
    """A copy of the labels with a fraction of them turned to the other class (label noise).

    Data that were separable are then, in general, not: the setting where the
    averaged and voted perceptron help (Manfredi 2021, "beyond the separable case").

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.
    fraction : float
        The share of labels to flip, in [0, 1]; round(fraction * n_samples) of them.
    seed : int, optional

    Returns
    -------
    ndarray of shape (n_samples,)

    Examples
    --------
    >>> y = [0, 0, 0, 1, 1, 1, 1, 1, 1, 1]
    >>> int((flip_labels(y, 0.2, seed=0) != y).sum())
    2
    """
    y = np.asarray(y)
    if y.ndim != 1 or not (np.isin(y, (0, 1)).all() or np.isin(y, (-1, 1)).all()):
        raise ValueError(f"y must be a 1-D array of labels all in {{0, 1}} or all in {{-1, +1}}, got {y!r}")
    if isinstance(fraction, (bool, np.bool_)) or not isinstance(fraction, (int, float, np.floating, np.integer)) \
            or not 0 <= fraction <= 1:
        raise ValueError(f"fraction must be a number in [0, 1], got {fraction!r}")
    flipped = y.astype(int).copy()
    chosen = np.random.default_rng(seed).choice(len(y), round(fraction * len(y)), replace=False)
    flipped[chosen] = (1 - flipped[chosen]) if set(np.unique(y)) <= {0, 1} else -flipped[chosen]
    return flipped


# Honavar (1996), section 2: the OR example, cyclic order, eta = 1, W = [0 0 0] at the start.
# One row per presentation, typed from the source so that lessons and tests can compare with it:
# (pattern number k of X_k, W.X_k, o_k, W after the presentation).
HONAVAR_OR_EXAMPLE = (
    (1, 0, 0, (0, 0, 0)),
    (2, 0, 0, (1, 0, 1)),
    (3, 1, 1, (1, 0, 1)),
    (4, 2, 1, (1, 0, 1)),
    (1, 1, 1, (0, 0, 1)),
    (2, 1, 1, (0, 0, 1)),
    (3, 0, 0, (1, 1, 1)),
    (4, 3, 1, (1, 1, 1)),
    (1, 1, 1, (0, 1, 1)),
    (2, 1, 1, (0, 1, 1)),
    (3, 1, 1, (0, 1, 1)),
    (4, 2, 1, (0, 1, 1)),
    (1, 0, 0, (0, 1, 1)),
)


def honavar_or_example():
    """The OR worked example of Honavar (1996), section 2, as the source prints it.

    Returns
    -------
    dict
        ``pattern`` (the 0-based index of the pattern presented, shape (13,)),
        ``net`` (W·X, shape (13,)), ``output`` (o, shape (13,)) and
        ``weights`` (shape (14, 3): row 0 the start [0 0 0], row k the weights
        after presentation k), all as integer arrays.

    Examples
    --------
    >>> honavar_or_example()["weights"][-1].tolist()
    [0, 1, 1]
    """
    pattern, net, output, after = zip(*HONAVAR_OR_EXAMPLE)
    return {
        "pattern": np.array(pattern) - 1,
        "net": np.array(net),
        "output": np.array(output),
        "weights": np.array(((0, 0, 0),) + after),
    }


def _check_count(name, value, *, minimum, maximum):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be a whole number from {minimum} to {maximum}, got {value!r}")
    if not minimum <= value <= maximum:
        raise ValueError(f"{name} must be a whole number from {minimum} to {maximum}, got {value!r}")


def separable_data(n_samples, n_features, *, margin=0.1, seed=None, signed=False):
    """Random linearly separable data with at least a given margin from a random teacher.

    Points are drawn uniformly from the cube [-1, 1]**n_features; those closer
    than `margin` to the teacher's hyperplane are drawn again. The teacher is a
    unit normal u and an offset b with |b| <= 0.5, so the label is 1 where
    u·x + b > 0.

    Parameters
    ----------
    n_samples, n_features : int
        Size of the data set, each at least 1.
    margin : float, default 0.1
        Distance every point keeps from the teacher's hyperplane, in [0, 0.5).
    seed : int, optional
        Seed of the random generator.
    signed : bool, default False
        Labels in {-1, +1} instead of {0, 1}.

    Returns
    -------
    X : ndarray of shape (n_samples, n_features)
    y : ndarray of shape (n_samples,)
    teacher : ndarray of shape (n_features + 1,)
        [b, u1, ..., un]: a separator in the bias-first convention of `train`.

    Examples
    --------
    >>> X, y, teacher = separable_data(20, 2, margin=0.1, seed=0)
    >>> bool(((X @ teacher[1:] + teacher[0] > 0) == (y == 1)).all())
    True
    """
    _check_count("n_samples", n_samples, minimum=1, maximum=10**7)
    _check_count("n_features", n_features, minimum=1, maximum=10**4)
    if isinstance(margin, (bool, np.bool_)) or not isinstance(margin, (int, float, np.floating, np.integer)):
        raise TypeError(f"margin must be a number in [0, 0.5), got {margin!r}")
    if not 0 <= margin < 0.5:
        raise ValueError(f"margin must be a number in [0, 0.5), got {margin!r}")
    rng = np.random.default_rng(seed)
    u = rng.normal(size=n_features)
    u /= np.linalg.norm(u)
    b = rng.uniform(-0.5, 0.5)
    X = np.empty((0, n_features))
    # The slab |u·x + b| < margin holds at most sqrt(2) * margin < 71% of the cube (Ball 1986),
    # so each round keeps more than a quarter of its draws and the loop soon ends.
    while len(X) < n_samples:
        draw = rng.uniform(-1, 1, size=(2 * n_samples, n_features))
        X = np.vstack([X, draw[np.abs(draw @ u + b) >= margin]])
    X = X[:n_samples]
    y = (X @ u + b > 0).astype(int)
    return X, (2 * y - 1 if signed else y), np.concatenate([[b], u])
