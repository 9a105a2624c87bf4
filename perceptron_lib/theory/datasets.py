"""Data sets for the lessons: Boolean functions and problems, the sources' worked examples, random sets.

- Boolean functions of n inputs, their truth tables and labels;
- Budinich's problems: every Boolean problem of n inputs at once (`boolean_problems`);
- the sources' worked examples (Honavar's OR run);
- random separable data sets, one or many (`separable_data`, `separable_sets`);
- for more than two classes and beyond lines: classes around the corners of
  a cube (`corner_clusters`), a disc inside a ring (`ring_data`) and
  scikit-learn's handwritten digits (`digit_halves`).

Patterns come without the bias input; `train` prepends x0 = 1 itself.
"""
import numpy as np

from ..core import constraints as declare
from . import theory_constraints as kinds
from ..core import validation as check
from ..core.arithmetic import add_with_ones, nets, norm

# The most patterns of a ring: as many as a kernel perceptron trains on (kernels.MAX_KERNEL_SAMPLES; a test ties them).
MAX_RING_SAMPLES = 3000

BOOLEAN_FUNCTIONS = ("and", "or", "nand", "nor", "xor", "xnor", "at_least")
MAX_INPUTS = 20             # 2**20 patterns
MAX_VALUES = 1_000_000      # separable_data: n_samples * n_features (memory)
MAX_STACKED_VALUES = 10_000_000  # separable_sets: n_sets * n_samples * n_features (80 MB of floats)
PROBLEM_INPUTS = ("0/1", "-1/+1")  # boolean_problems: how a binary input is written


@declare.declared(n_inputs=declare.Whole(minimum=1, maximum=MAX_INPUTS))
def boolean_patterns(n_inputs=2):
    """All 2**n_inputs binary patterns, in counting order.

    The first input is the most significant bit, so for two inputs the order is
    (0, 0), (0, 1), (1, 0), (1, 1): the order of Honavar (1996), section 2.

    Parameters
    ----------
    n_inputs : int, default 2
        Number of inputs, from 1 to 20.

    Returns
    -------
    X : ndarray of shape (2**n_inputs, n_inputs)
        The patterns, as floats.

    Examples
    --------
    >>> boolean_patterns(2).tolist()
    [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
    """
    # row r holds the bits of r, most significant first
    bits = np.arange(2 ** n_inputs)[:, None] >> np.arange(n_inputs - 1, -1, -1)
    return (bits & 1).astype(float)


@declare.declared(name=declare.Choice(BOOLEAN_FUNCTIONS), n_inputs=declare.Whole(minimum=1, maximum=MAX_INPUTS),
                  m=declare.Optional(kinds.WholeUpTo("n_inputs", minimum=1)), signed=declare.Flag())
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
        Number of inputs, from 1 to 20.
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
    if name == "at_least" and m is None:
        raise ValueError(f"m is required for 'at_least': a whole number from 1 to n_inputs={n_inputs}")
    check.only_with("m", m, None, "name", name, ("at_least",))
    X = boolean_patterns(n_inputs)
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


@declare.declared(function=declare.Callable("function(x1, ..., xn)"),
                  n_inputs=declare.Whole(minimum=1, maximum=MAX_INPUTS), signed=declare.Flag())
def truth_table(function, n_inputs, *, signed=False):
    """The training set of any Boolean function, given as a Python function of the inputs.

    Parameters
    ----------
    function : callable
        Called as ``function(x1, ..., xn)`` with each input 0 or 1; its truth value
        is the label.
    n_inputs : int
        Number of inputs, from 1 to 20.
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
    X = boolean_patterns(n_inputs)
    y = np.array([bool(function(*(int(v) for v in x))) for x in X], dtype=int)
    return X, (2 * y - 1 if signed else y)


@declare.declared(y=kinds.LabelList(demand="0/1"))
def to_signed(y):
    """Labels {0, 1} mapped to {-1, +1} (0 -> -1, 1 -> +1).

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1}.

    Returns
    -------
    ndarray of shape (n_samples,)

    Examples
    --------
    >>> to_signed([0, 1, 1]).tolist()
    [-1, 1, 1]
    """
    return 2 * y - 1


@declare.declared(y=kinds.LabelList(), fraction=declare.Number(minimum=0, maximum=1), seed=declare.Seed())
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
        Seed of the random generator (a whole number >= 0).

    Returns
    -------
    ndarray of shape (n_samples,)

    Examples
    --------
    >>> y = [0, 0, 0, 1, 1, 1, 1, 1, 1, 1]
    >>> int((flip_labels(y, 0.2, seed=0) != y).sum())
    2
    """
    labels = "-1/+1" if (y == -1).any() else "0/1"   # labels all 1 are taken as 0/1 (validation.labels)
    flipped = y.copy()
    chosen = np.random.default_rng(seed).choice(len(y), round(fraction * len(y)), replace=False)
    flipped[chosen] = (1 - flipped[chosen]) if labels == "0/1" else -flipped[chosen]
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


@declare.declared(n_samples=declare.Whole(minimum=1, maximum=MAX_VALUES),
                  n_features=declare.Whole(minimum=1, maximum=MAX_VALUES),
                  margin=declare.Number(minimum=0, below=0.5), seed=declare.Seed(), signed=declare.Flag())
def separable_data(n_samples, n_features, *, margin=0.1, seed=None, signed=False):
    """Random linearly separable data with at least a given margin from a random teacher.

    Points are drawn uniformly from the cube [-1, 1]**n_features; those closer
    than `margin` to the teacher's hyperplane are drawn again. The teacher is a
    unit normal u and an offset b with |b| <= 0.5, so the label is 1 where
    u·x + b > 0.

    Parameters
    ----------
    n_samples, n_features : int
        Size of the data set, each at least 1, with n_samples * n_features
        at most 1 000 000.
    margin : float, default 0.1
        Distance every point keeps from the teacher's hyperplane, in [0, 0.5).
    seed : int, optional
        Seed of the random generator (a whole number >= 0).
    signed : bool, default False
        Labels in {-1, +1} instead of {0, 1}.

    Returns
    -------
    X : ndarray of shape (n_samples, n_features)
    y : ndarray of shape (n_samples,)
    teacher : ndarray of shape (n_features + 1,)
        [b, u1, ..., un]: a separator in the bias-first convention of `train`.
        Its W·X = b + u1 x1 + ... + un xn is added left to right, as `train`
        adds it, so the labels are exactly what the teacher says, on any machine.

    Examples
    --------
    >>> from perceptron_lib.core.arithmetic import add_with_ones, nets
    >>> X, y, teacher = separable_data(20, 2, margin=0.1, seed=0)
    >>> bool(((nets(teacher, add_with_ones(X)) > 0) == (y == 1)).all())
    True
    """
    return _separable_data(n_samples, n_features, margin=margin, seed=seed, signed=signed)


def _separable_data(n_samples, n_features, *, margin=0.1, seed=None, signed=False):
    """`separable_data` on arguments as its declaration passes them."""
    if n_samples * n_features > MAX_VALUES:
        raise ValueError(f"n_samples * n_features must be at most {MAX_VALUES:,} (memory), got "
                         f"n_samples={n_samples} and n_features={n_features} ({n_samples * n_features:,})")
    rng = np.random.default_rng(seed)
    u = rng.normal(size=n_features)
    u = u / norm(u)
    teacher = np.concatenate([[rng.uniform(-0.5, 0.5)], u])
    X = np.empty((0, n_features))
    # The slab |u·x + b| < margin holds at most sqrt(2) * margin < 71% of the cube (Ball 1986),
    # so each round keeps more than a quarter of its draws: a few rounds suffice, and 100 never fail.
    for _ in range(100):
        draw = rng.uniform(-1, 1, size=(2 * n_samples, n_features))
        X = np.vstack([X, draw[np.abs(nets(teacher, add_with_ones(draw))) >= margin]])
        if len(X) >= n_samples:
            break
    else:  # pragma: no cover - about (0.71)**(200 n_samples) likely
        raise RuntimeError("separable_data drew too few points outside the margin; try another seed")
    X = X[:n_samples]
    y = (nets(teacher, add_with_ones(X)) > 0).astype(np.int64)
    return X, (2 * y - 1 if signed else y), teacher


@declare.declared(n_sets=declare.Whole(minimum=1, maximum=MAX_STACKED_VALUES),
                  n_samples=declare.Whole(minimum=1, maximum=MAX_VALUES),
                  n_features=declare.Whole(minimum=1, maximum=MAX_VALUES),
                  margin=declare.Number(minimum=0, below=0.5), seed=declare.Whole(minimum=0), signed=declare.Flag())
def separable_sets(n_sets, n_samples, n_features, *, margin=0.1, seed=0, signed=False):
    """Many random separable data sets of one size, stacked for `train_many`.

    Data set k is ``separable_data(n_samples, n_features, margin=margin,
    seed=seed + k)``: the sets of a convergence experiment (Honavar 1996,
    theorem 1 checked on many data sets at once).

    Parameters
    ----------
    n_sets, n_samples, n_features : int
        Each at least 1, with n_samples * n_features at most 1 000 000 and
        n_sets * n_samples * n_features at most 10 000 000.
    margin : float, default 0.1
        As in `separable_data`, in [0, 0.5).
    seed : int, default 0
        Seed of the first set (a whole number >= 0); set k uses seed + k.
    signed : bool, default False
        Labels in {-1, +1} instead of {0, 1}.

    Returns
    -------
    X : ndarray of shape (n_sets, n_samples, n_features)
    y : ndarray of shape (n_sets, n_samples)
    teachers : ndarray of shape (n_sets, n_features + 1)
        Each set's separator [b, u1, ..., un], bias first.

    Examples
    --------
    >>> X, y, teachers = separable_sets(3, 20, 2, seed=7)
    >>> X.shape, y.shape, teachers.shape
    ((3, 20, 2), (3, 20), (3, 3))
    >>> bool((X[1] == separable_data(20, 2, seed=8)[0]).all())
    True
    """
    if n_sets * n_samples * n_features > MAX_STACKED_VALUES:
        raise ValueError(f"n_sets * n_samples * n_features must be at most {MAX_STACKED_VALUES:,} (memory), got "
                         f"{n_sets} * {n_samples} * {n_features} = {n_sets * n_samples * n_features:,}")
    # margin, seed and signed are checked here, as separable_data checks them: its worker draws each set
    sets = [_separable_data(n_samples, n_features, margin=margin, seed=seed + k, signed=signed) for k in range(n_sets)]
    return tuple(np.stack([s[part] for s in sets]) for part in range(3))


@declare.declared(n_inputs=declare.Whole(minimum=1, maximum=4), inputs=declare.Choice(PROBLEM_INPUTS))
def boolean_problems(n_inputs, *, inputs="-1/+1"):
    """All 2**(2**n) Boolean problems of n inputs, as Budinich (1993) poses them: the patterns, one row of targets each.

    Budinich builds every problem of a "digital Perceptron" with d inputs: the
    2**d input patterns and every assignment of targets to them (256 problems
    for d = 3, of which 104 are soluble; 65,536 for d = 4, 1882 soluble). He
    argues (section 2) that the inputs must be +-1, not 0/1, for learning.
    Here pattern k is row k of `boolean_patterns` (first input most
    significant) and problem p gives pattern k the target bit k of p.

    Parameters
    ----------
    n_inputs : int
        From 1 to 4.
    inputs : {"-1/+1", "0/1"}, default "-1/+1"
        How a binary input is written.

    Returns
    -------
    X : ndarray of shape (2**n_inputs, n_inputs)
        The patterns, without the bias input.
    Y : ndarray of shape (2**(2**n_inputs), 2**n_inputs)
        Y[p, k] = (p >> k) & 1: the targets xi of problem p, as integers 0/1.

    Examples
    --------
    >>> X, Y = boolean_problems(2)
    >>> X.tolist(), Y.shape, Y[8].tolist()
    ([[-1.0, -1.0], [-1.0, 1.0], [1.0, -1.0], [1.0, 1.0]], (16, 4), [0, 0, 0, 1])
    """
    X = boolean_patterns(n_inputs)
    n = len(X)
    Y = (np.arange(2**n)[:, None] >> np.arange(n)) & 1
    return (2 * X - 1 if inputs == "-1/+1" else X), Y.astype(np.int64)


@declare.declared(n_features=declare.Whole(minimum=1, maximum=6), n_per_class=declare.Whole(minimum=1, maximum=1000),
                  spread=declare.Number(minimum=0, maximum=10), seed=declare.Seed())
def corner_clusters(n_features=2, *, n_per_class=100, spread=0.2, seed=0):
    """Classes around the corners of the cube [-1, 1]^d, as in the notes' examples.

    Class k is a Gaussian cloud of `n_per_class` points with standard
    deviation `spread` around the corner whose coordinates are its binary code
    (`class_codes(2**d, "binary")[k]`). The notes draw four such classes in the
    plane and eight around the corners of a cube.

    Parameters
    ----------
    n_features : int, default 2
        d, from 1 to 6: 2^d classes.
    n_per_class : int, default 100
        From 1 to 1000.
    spread : float, default 0.2
        From 0 to 10.
    seed : int, default 0

    Returns
    -------
    X : ndarray of shape (2^d * n_per_class, d)
    labels : ndarray of shape (2^d * n_per_class,)
        Class numbers, all of class 0 first, then class 1, ...

    Examples
    --------
    >>> X, labels = corner_clusters(3, n_per_class=5)
    >>> X.shape, np.bincount(labels).tolist()
    ((40, 3), [5, 5, 5, 5, 5, 5, 5, 5])
    """
    d = n_features
    rng = np.random.default_rng(seed)
    labels = np.repeat(np.arange(2**d), n_per_class)
    corners = np.where(labels[:, None] & (2 ** np.arange(d - 1, -1, -1)), 1, -1)   # bit 1 -> +1, most significant first
    return corners + spread * rng.normal(size=(len(labels), d)), labels


@declare.declared(n_samples=declare.Whole(minimum=2, maximum=MAX_RING_SAMPLES), seed=declare.Seed())
def ring_data(n_samples=200, *, seed=0):
    """A disc inside a ring: two classes that no line separates.

    Label +1 for points uniform in the disc of radius 1, -1 for points uniform
    in the ring between radii 1.5 and 2.5 (every other point, starting with
    +1). The points are drawn uniformly in a square and kept when they fall in
    their region: additions, multiplications and comparisons only, so every
    machine draws the same points (a sine or cosine could differ in its last
    bit).

    Parameters
    ----------
    n_samples : int, default 200
        From 2 to 3000.
    seed : int, default 0

    Returns
    -------
    X : ndarray of shape (n_samples, 2)
    y : ndarray of shape (n_samples,)
        -1 and +1.

    Examples
    --------
    >>> X, y = ring_data(10)
    >>> X.shape, y[:4].tolist()
    ((10, 2), [1, -1, 1, -1])
    """
    n = n_samples
    rng = np.random.default_rng(seed)
    y = np.where(np.arange(n) % 2 == 0, 1, -1)
    X = np.empty((n, 2))
    for label, inner, outer in ((1, 0.0, 1.0), (-1, 1.5, 2.5)):
        rows = np.flatnonzero(y == label)
        kept = np.empty((0, 2))
        while len(kept) < len(rows):
            points = rng.uniform(-outer, outer, size=(2 * len(rows), 2))
            squared = points[:, 0] * points[:, 0] + points[:, 1] * points[:, 1]
            kept = np.concatenate([kept, points[(squared >= inner * inner) & (squared <= outer * outer)]])
        X[rows] = kept[:len(rows)]
    return X, y


@declare.declared(shuffle=declare.Flag(), seed=declare.Seed())
def digit_halves(*, shuffle=True, seed=0):
    """scikit-learn's handwritten digits, half for training and half for testing (the notes' experiment).

    1797 images of 8 x 8 pixels, grey levels 0 to 16, bundled with
    scikit-learn (nothing is downloaded). With ``shuffle=True`` each digit's
    images are split at random in the same proportion (stratified, from
    `seed`): 898 for training, 899 for testing. With ``shuffle=False`` the
    first 898 images train and the rest test, in the order scikit-learn
    stores them (unshuffled; 13 people wrote them).

    Parameters
    ----------
    shuffle : bool, default True
    seed : int, default 0
        Only with shuffle=True.

    Returns
    -------
    X_train, X_test : ndarray of shape (898, 64) and (899, 64)
        Pixels row by row (``X.reshape(-1, 8, 8)`` gives the images).
    t_train, t_test : ndarray of shape (898,) and (899,)
        The digits, 0 to 9.

    Examples
    --------
    >>> X_train, X_test, t_train, t_test = digit_halves()
    >>> X_train.shape, X_test.shape, np.bincount(t_train).tolist()[:3]
    ((898, 64), (899, 64), [89, 91, 89])
    """
    check.only_with("seed", seed, 0, "shuffle", shuffle, (True,))
    from sklearn.datasets import load_digits          # scikit-learn only where the real data is used
    from sklearn.model_selection import train_test_split
    digits = load_digits()
    X, t = digits.data.astype(float), digits.target.astype(np.int64)
    if not shuffle:
        return X[:898], X[898:], t[:898], t[898:]
    return tuple(train_test_split(X, t, test_size=0.5, random_state=seed, stratify=t))
