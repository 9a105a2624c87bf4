"""Beyond two classes and beyond lines: a layer of perceptrons, and the kernel (dual) perceptron.

Anonymous lecture notes on the perceptron network, with Matlab code (no author or year
named; "the notes" below), give the output layer m units, each trained
by the mistake-driven rule (unit i is corrected when y_i W_i·X <= 0: W_i <- W_i + eta y_i X), with
the K classes coded one-hot (K = m) or in binary (K <= 2^m). They then write
W = sum_n alpha_n y_n X_n, where alpha_n counts the mistakes made on pattern n, so that a kernel
k(x, z) can stand wherever a dot product X_n·X stood: the kernel perceptron, which they try on
handwritten digits. Their data sets are in datasets.py (`corner_clusters`, `ring_data`,
`digit_halves`), and the scores of a classifier in scores.py.

Every number here is computed in an order fixed by the code, with IEEE-rounded additions,
multiplications and divisions only: no BLAS (no ``@``, np.dot, einsum, linalg), no library
exponential or power (numpy picks those for the CPU at run time, and their last bits differ from
one machine to the next; see `exp_nonpositive`). So every machine, the browser's Pyodide
included, computes the same run to the last bit.
"""
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from . import validation as check
from .arithmetic import add_with_ones, dot, exp
from .rule import ORDERS, Convergence, CycleTest, first_repeat, is_mistake, pass_orders, return_time
from .training import MAX_RECORDED, train

CODES = ("one-hot", "binary")
KERNELS = ("linear", "polynomial", "rbf")
MAX_CLASSES = 64
MAX_KERNEL_SAMPLES = 3000           # training patterns of a kernel perceptron
MAX_KERNEL_ENTRIES = MAX_KERNEL_SAMPLES**2   # a kernel matrix of at most 72 MB
MAX_KERNEL_WORK = 2_000_000_000     # kernel entries times features: a few seconds
MAX_PRESENTATIONS = 500_000         # a kernel run: about 10 µs a presentation
MAX_RUN_WORK = 1_000_000_000        # presentations x patterns x units: a run of mistakes only, a few seconds
MAX_DEGREE = 10
_BLOCK = 1 << 16                    # kernel entries computed at once: two 512 kB blocks stay in the CPU's cache


# ---------------------------------------------------------------- codes

def class_codes(n_classes, code="one-hot"):
    """The target vector of each of K classes: m outputs in {-1, +1} (the notes' two code tables).

    "one-hot" gives class k the vector with +1 at unit k and -1 at every other
    unit (m = K). "binary" gives it the binary number k in m bits, the first
    unit the most significant, bit 1 as +1 and bit 0 as -1 (m = the fewest
    bits that count to K - 1), in the order of the notes' second table.

    Parameters
    ----------
    n_classes : int
        K, from 2 to 64.
    code : {"one-hot", "binary"}, default "one-hot"

    Returns
    -------
    ndarray of shape (n_classes, m)
        Row k is the target of class k.

    Examples
    --------
    >>> class_codes(4, "binary").tolist()
    [[-1, -1], [-1, 1], [1, -1], [1, 1]]
    >>> class_codes(3).tolist()
    [[1, -1, -1], [-1, 1, -1], [-1, -1, 1]]
    """
    n_classes = check.whole("n_classes", n_classes, minimum=2, maximum=MAX_CLASSES)
    return _codes(n_classes, check.choice("code", code, CODES))


def _codes(n_classes, code):
    if code == "one-hot":
        return 2 * np.eye(n_classes, dtype=np.int64) - 1
    bits = (n_classes - 1).bit_length()
    powers = 2 ** np.arange(bits - 1, -1, -1)
    return np.where(np.arange(n_classes)[:, None] & powers, 1, -1).astype(np.int64)


def decode(nets, codes):
    """The class of each output vector: the class whose code it is; if none, the nearest (the notes).

    A unit says +1 where its net is > 0 and -1 elsewhere. The class is the one
    whose code equals the units' outputs. When no code does:

    - one-hot: the class of the unit with the largest net, as the notes say;
    - binary (K < 2^m leaves outputs that are no code; the notes give no
      rule): the code whose disagreeing units are least sure, that is the
      smallest sum of |net_i| over the units i whose output differs from it.

    In exact arithmetic both are the class whose code t has the largest
    sum_i t_i net_i. That sum is not computed: in floats it cancels (nets of
    1e-15 and 1e-60, as an RBF kernel gives far from its best width, would
    make codes that differ in the small unit tie), while the largest net and a
    sum of non-negative terms do not; sums that come within rounding of each
    other are compared exactly. Ties go to the lower class number.

    Parameters
    ----------
    nets : array-like of shape (n_samples, m)
    codes : array-like of shape (n_classes, m)
        From `class_codes`.

    Returns
    -------
    classes : ndarray of shape (n_samples,)
    matched : ndarray of shape (n_samples,) of bool
        Whether the outputs were some class's code exactly.

    Examples
    --------
    >>> classes, matched = decode([[-1.0, 2.0, -3.0], [0.5, 0.25, -1.0]], class_codes(3))
    >>> classes.tolist(), matched.tolist()
    ([1, 0], [True, False])
    >>> decode([[1e-15, -1e-60]], class_codes(4, "binary"))[0].tolist()   # the code [+1 -1]: class 2
    [2]
    """
    nets = check.array("nets", nets, "(n_samples, m)", ndim=2)
    codes = check.array("codes", codes, "(n_classes, m)", ndim=2, integer=True)
    if codes.shape[1] != nets.shape[1] or not np.isin(codes, (-1, 1)).all():
        raise ValueError(f"codes must be a table of -1/+1 with one column per unit ({nets.shape[1]}), "
                         f"got shape {codes.shape}")
    return _decode(nets, codes)


def _decode(nets, codes):
    outputs = np.where(nets > 0, 1, -1)
    hits = (outputs[:, None, :] == codes[None]).all(axis=2)          # (n_samples, n_classes)
    matched = hits.any(axis=1)
    if codes.shape[0] == codes.shape[1] and (codes == 2 * np.eye(len(codes)) - 1).all():   # one-hot
        nearest = nets.argmax(axis=1)
    else:
        apart = outputs[:, None, :] != codes[None]                   # (n_samples, n_classes, m)
        cost = np.zeros(hits.shape)
        for i in range(codes.shape[1]):      # unit by unit; every term >= 0, so nothing cancels
            cost += np.where(apart[..., i], np.abs(nets[:, None, i]), 0.0)
        nearest = cost.argmin(axis=1)
        # Each cost is within m rounding errors of its exact value: where another class comes that
        # close to the least cost, the exact sums (fractions) decide.
        near = cost <= cost.min(axis=1, keepdims=True) * (1 + 4 * codes.shape[1] * 2.0**-52)
        for row in np.flatnonzero(~matched & (near.sum(axis=1) > 1)):
            exact = {k: sum(map(Fraction, np.abs(nets[row][apart[row, k]]).tolist()))
                     for k in np.flatnonzero(near[row])}
            nearest[row] = min(exact, key=lambda k: (exact[k], k))
    return np.where(matched, hits.argmax(axis=1), nearest), matched


# ---------------------------------------------------------------- a layer of perceptrons

@dataclass(frozen=True, eq=False)
class LayerRun:
    """A run of `train_layer`: m units trained side by side, one `Trace` each.

    Attributes
    ----------
    units : list of Trace
        Unit i's run: ``train(X, targets[:, i], ...)``.
    codes : ndarray of shape (n_classes, m)
    code : {"one-hot", "binary"}
    labels : ndarray of shape (n_samples,)
    targets : ndarray of shape (n_samples, m)
        codes[labels].
    status : str
        "converged" when every unit converged, else the status of the first
        unit that did not.
    n_presentations : int
        Presentations of the layer: the last unit's run (after it converged a
        unit is right on every pattern and never changes again).
    """

    units: list
    codes: np.ndarray
    code: str
    labels: np.ndarray
    targets: np.ndarray
    status: str
    n_presentations: int

    @property
    def final_weights(self):
        """W at the end, one row [w0, w1, ...] per unit."""
        return np.array([unit.final_weights for unit in self.units])

    @property
    def pattern(self):
        """The pattern presented at each presentation of the layer: shape (n_presentations,).

        Every unit sees the same sequence; a unit that stopped early saw a beginning of it.
        """
        return max(self.units, key=lambda unit: unit.n_presentations).pattern

    @property
    def updated(self):
        """Which units were corrected at each presentation: shape (n_presentations, m) of bool."""
        return np.column_stack([np.concatenate([unit.updated, np.zeros(self.n_presentations - unit.n_presentations,
                                                                       bool)]) for unit in self.units])

    def weights_at(self, k):
        """The layer's weights after presentation k (0: the start), one row per unit.

        >>> from perceptron_lib.datasets import corner_clusters
        >>> X, labels = corner_clusters(2, n_per_class=3)
        >>> train_layer(X, labels, code="binary").weights_at(0).tolist()
        [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
        """
        k = check.whole("k", k, minimum=0, maximum=self.n_presentations)
        return np.array([unit.weights[min(k, unit.n_presentations)] for unit in self.units])

    def updates(self):
        """Corrections of each unit, in unit order."""
        return [int(unit.updated.sum()) for unit in self.units]

    def predict(self, X):
        """Classes of the patterns X (without the bias input), decoded as `decode` says.

        Returns (classes, matched): matched is False where the outputs were no class's code.
        """
        X = check.patterns("X", X, n_features=self.units[0].X.shape[1] - 1)
        nets = dot(self.final_weights[None, :, :], add_with_ones(X)[:, None, :])
        return _decode(nets, self.codes)


def train_layer(X, labels, *, code="one-hot", n_classes=None, eta=1.0, initial_weights=None, order="cyclic",
                seed=None, max_epochs=100):
    """Train m perceptron units to tell K classes apart (the notes' output layer).

    Unit i learns the i-th entry of each class's code (`class_codes`) with the
    mistake-driven rule of `train` (labels -1/+1, bias input x0 = 1 first), on
    the same patterns in the same order as every other unit. The units never
    interact, so the layer's run is m runs of `train`, one `Trace` each; the
    layer stops when its last unit does (a whole pass with no unit corrected).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    labels : array-like of shape (n_samples,)
        Class numbers 0, 1, ..., K - 1.
    code : {"one-hot", "binary"}, default "one-hot"
    n_classes : int, optional
        K, from 2 to 64; by default the largest label + 1.
    eta, order, seed
        As in `train`, for every unit; every unit sees the patterns in the
        same order (with order="random" and no seed, one fresh seed is drawn
        for all of them).
    initial_weights : array-like of shape (m, n_features + 1), optional
        Each unit's start [w0, w1, ...]; zeros by default (the notes start
        from random weights: pass them here).
    max_epochs : int, default 100
        From 1; the layer records every presentation of every unit, so
        max_epochs * n_samples * m may be at most 2,000,000 (what one
        recorded `train` run may keep).

    Returns
    -------
    LayerRun

    Examples
    --------
    Four classes in the plane and two units with a binary code (the notes' first example):

    >>> from perceptron_lib.datasets import corner_clusters
    >>> X, labels = corner_clusters(2, n_per_class=20, seed=1)
    >>> run = train_layer(X, labels, code="binary")
    >>> run.status, run.codes.shape, bool((run.predict(X)[0] == labels).all())
    ('converged', (4, 2), True)
    """
    X = check.patterns("X", X)
    labels, codes, code = _class_labels(labels, len(X), code, n_classes)
    targets = codes[labels]
    m, size = codes.shape[1], X.shape[1] + 1
    start = np.zeros((m, size)) if initial_weights is None else \
        check.array("initial_weights", initial_weights, f"({m}, {size}): one row per unit", ndim=2)
    if start.shape != (m, size):
        raise ValueError(f"initial_weights must have one row [w0, w1, ...] per unit, shape ({m}, {size}), "
                         f"got shape {start.shape}")
    if check.choice("order", order, ORDERS) == "random" and seed is None:   # one fresh seed, shared by all units
        seed = int(np.random.default_rng().integers(2**62))
    max_epochs = check.whole("max_epochs", max_epochs, minimum=1)
    if max_epochs * len(X) * m > MAX_RECORDED:
        raise ValueError(f"max_epochs must keep max_epochs * n_samples * units within {MAX_RECORDED:,} recorded "
                         f"presentations, got max_epochs={max_epochs} with {len(X)} patterns and {m} units; "
                         f"use max_epochs <= {max(1, MAX_RECORDED // (len(X) * m))}")
    units = [train(X, targets[:, i], eta=eta, initial_weights=start[i], order=order, seed=seed,
                   max_epochs=max_epochs) for i in range(m)]
    unfinished = [unit.status for unit in units if unit.status != "converged"]
    return LayerRun(units=units, codes=codes, code=code, labels=labels, targets=targets,
                    status=unfinished[0] if unfinished else "converged",
                    n_presentations=max(unit.n_presentations for unit in units))


def _class_labels(labels, n_samples, code, n_classes):
    labels = check.array("labels", labels, "(n_samples,)", ndim=1, integer=True)
    if len(labels) != n_samples:
        raise ValueError(f"labels must have one class number per pattern ({n_samples}), got {len(labels)}")
    code = check.choice("code", code, CODES)
    top = int(labels.max()) + 1
    n_classes = check.whole("n_classes", max(top, 2) if n_classes is None else n_classes,
                            minimum=2, maximum=MAX_CLASSES)
    if labels.min() < 0 or top > n_classes:
        raise ValueError(f"labels must be class numbers from 0 to {n_classes - 1}, got values from "
                         f"{int(labels.min())} to {top - 1}")
    return labels, _codes(n_classes, code), code


# ---------------------------------------------------------------- kernels

def kernel_matrix(A, B, *, kernel="rbf", gamma=None, degree=2):
    """k(a, b) for every row a of A and b of B (the notes' kernel trick), the same on every machine.

    - "linear": 1 + a·b, the dot product of the patterns with the bias input
      x0 = 1, so a kernel perceptron makes the very run of `train`;
    - "polynomial": (1 + a·b)^degree;
    - "rbf": exp(-gamma ||a - b||^2).

    Dot products and squared distances are added feature by feature, left
    to right (the bias input's 1 first); the power is taken by repeated
    multiplication and the exponential by `exp_nonpositive`, so every entry
    comes from IEEE-rounded operations alone (numpy's own power and exp pick
    a CPU-specific routine at run time, whose last bit can differ).

    Parameters
    ----------
    A : array-like of shape (n_a, n_features)
    B : array-like of shape (n_b, n_features)
    kernel : {"linear", "polynomial", "rbf"}, default "rbf"
    gamma : float, optional
        The RBF width parameter, > 0 and at most 1e6; by default 1 / n_features.
    degree : int, default 2
        The polynomial's degree, from 1 to 10.

    Returns
    -------
    ndarray of shape (n_a, n_b)
        At most 9,000,000 entries.

    Examples
    --------
    >>> kernel_matrix([[0, 0], [1, 1]], [[1, 1]], kernel="linear").tolist()
    [[1.0], [3.0]]
    >>> kernel_matrix([[1, 1]], [[1, 2]], kernel="polynomial", degree=3).tolist()
    [[64.0]]
    >>> float(kernel_matrix([[0.0]], [[1.0]], gamma=1.0)[0, 0]) == float(np.exp(-1.0))
    True
    """
    A = check.patterns("A", A)
    B = check.patterns("B", B, n_features=A.shape[1])
    kernel, gamma, degree = _kernel_options(kernel, gamma, degree, A.shape[1])
    entries = len(A) * len(B)
    if entries > MAX_KERNEL_ENTRIES or entries * A.shape[1] > MAX_KERNEL_WORK:
        raise ValueError(f"A, B are too large for a kernel matrix: {len(A)} x {len(B)} entries of "
                         f"{A.shape[1]} features, at most {MAX_KERNEL_ENTRIES:,} entries and "
                         f"{MAX_KERNEL_WORK:,} entries times features")
    return _kernel(A, B, kernel, gamma, degree)


def _kernel_options(kernel, gamma, degree, n_features):
    kernel = check.choice("kernel", kernel, KERNELS)
    gamma = 1.0 / n_features if gamma is None else check.number("gamma", gamma, above=0, maximum=1e6)
    return kernel, gamma, check.whole("degree", degree, minimum=1, maximum=MAX_DEGREE)


def _kernel(A, B, kernel, gamma, degree):
    """The kernel matrix, a block of rows at a time (the temporaries stay small)."""
    A, B = _small_integers(A, B)
    K = np.empty((len(A), len(B)))
    rows = max(1, _BLOCK // len(B))
    for first in range(0, len(A), rows):
        K[first:first + rows] = _kernel_block(A[first:first + rows], B, kernel, gamma, degree)
    return K


def _small_integers(A, B):
    """A and B as int32 when they hold whole numbers so small that every sum of `_kernel_block` is exact in int32.

    Then the sums are the same integers as in floats (exact there too, being below 2^53), only
    faster to add: pixel values such as the digits' 0 to 16 take this path.
    """
    largest = max(float(np.abs(A).max(initial=0)), float(np.abs(B).max(initial=0)))
    if A.shape[1] * (2 * largest + 1) ** 2 < 2**31 and (A == np.round(A)).all() and (B == np.round(B)).all():
        return A.astype(np.int32), B.astype(np.int32)
    return A, B


def _kernel_block(A, B, kernel, gamma, degree):
    shape = (len(A), len(B))
    total = np.zeros(shape, A.dtype) if kernel == "rbf" else np.ones(shape, A.dtype)   # the bias inputs' 1 first
    term = np.empty(shape, A.dtype)
    for j in range(A.shape[1]):                     # feature by feature, left to right
        if kernel == "rbf":
            np.subtract(A[:, j, None], B[None, :, j], out=term)
            np.multiply(term, term, out=term)       # (a_j - b_j)^2
        else:
            np.multiply(A[:, j, None], B[None, :, j], out=term)   # a_j b_j
        np.add(total, term, out=total)
    total = total.astype(float)
    if kernel == "rbf":
        return exp(np.multiply(-gamma, total, out=total))
    power = total.copy()
    for _ in range(degree - 1 if kernel == "polynomial" else 0):
        np.multiply(power, total, out=power)        # (1 + a·b)^degree, one multiplication at a time
    return power


def exp_nonpositive(x):
    """e^x for x <= 0, elementwise, from operations IEEE arithmetic rounds alike everywhere.

    The checked entry to `arithmetic.exp` for the RBF kernel. Relative error
    below 1e-15 against the true value. numpy's np.exp is not used because
    numpy chooses its code for the CPU (SIMD) at run time, and two choices can
    differ in the last bit: an RBF kernel perceptron could then make another
    mistake at a near-tie on another machine.

    Parameters
    ----------
    x : array-like
        Real numbers <= 0 (the RBF kernel's -gamma ||a - b||^2).

    Returns
    -------
    ndarray

    Examples
    --------
    >>> values = exp_nonpositive([0.0, -1.0, -745.2, -1000.0])
    >>> values[0], abs(values[1] / np.exp(-1.0) - 1) < 1e-15, values[3]
    (np.float64(1.0), np.True_, np.float64(0.0))
    """
    x = check.array("x", x, "(...)")
    if (x > 0).any():
        raise ValueError(f"x must be <= 0, got a largest value of {float(x.max())}")
    return exp(x)


# ---------------------------------------------------------------- the kernel perceptron

@dataclass(frozen=True, eq=False)
class KernelRun:
    """A run of `train_kernel`: mistake counts instead of weights (the notes' dual form).

    Attributes
    ----------
    X : ndarray of shape (n_samples, n_features)
        The training patterns.
    targets : ndarray of shape (n_samples, m)
        Each unit's target per pattern: -1/+1, or 0/1 for one unit trained
        with 0/1 labels (the threshold unit's rule, as `train` uses it).
    convention : {"0/1", "-1/+1"}
        The labels' convention (labels all 1 count as "0/1", as in `train`).
    codes : ndarray or None
        The class codes when trained on class numbers.
    kernel, gamma, degree
        The kernel (see `kernel_matrix`).
    alpha : ndarray of shape (n_samples, m)
        Mistakes on each pattern, per unit: unit i's decision function is
        sum_n alpha[n, i] y[n, i] k(x_n, x).
    pattern : ndarray of shape (n_presentations,)
        The pattern presented at each presentation.
    mistakes : ndarray of shape (n_presentations, m) of bool
        Which units were corrected at each presentation.
    status : {"converged", "cycling", "max_epochs"}
    n_presentations, n_epochs : int
    """

    X: np.ndarray
    targets: np.ndarray
    convention: str
    codes: object
    kernel: str
    gamma: float
    degree: int
    alpha: np.ndarray
    pattern: np.ndarray
    mistakes: np.ndarray
    status: str
    n_presentations: int
    n_epochs: int

    def _signed(self):
        return np.where(self.targets > 0, 1, -1)

    def decision(self, X):
        """Each unit's net sum_n alpha_n y_n k(x_n, x) on patterns X (without the bias input).

        Returns an ndarray of shape (len(X), m). The sum runs over the patterns
        with a mistake, in their order n = 1, 2, ...; the patterns X are taken
        a block at a time, so X may be long (at most 2,000,000,000 kernel
        entries times features in all).
        """
        X = check.patterns("X", X, n_features=self.X.shape[1])
        coefficients = self.alpha * self._signed()             # (n_samples, m), whole numbers
        support = np.flatnonzero(coefficients.any(axis=1))
        if len(support) * len(X) * X.shape[1] > MAX_KERNEL_WORK:
            raise ValueError(f"X must keep the kernel work within {MAX_KERNEL_WORK:,} entries times features "
                             f"(a few seconds), got {len(X)} patterns against {len(support)} patterns with a "
                             f"mistake, {X.shape[1]} features each")
        block = max(1, _BLOCK // max(len(support), 1))
        return np.concatenate([np.zeros((0, coefficients.shape[1]))] + [
            _support_nets(_kernel(self.X[support], X[first:first + block], self.kernel, self.gamma, self.degree),
                          coefficients[support]) for first in range(0, len(X), block)])

    def predict(self, X):
        """Classes (with class codes) or labels (one unit) of patterns X.

        Classes come from `decode`; one unit says +1 (or 1) where its net is
        > 0 and -1 (or 0) elsewhere.
        """
        nets = self.decision(X)
        if self.codes is not None:
            return _decode(nets, self.codes)[0]
        positive = nets[:, 0] > 0
        return np.where(positive, 1, 0 if self.convention == "0/1" else -1)

    def primal_weights(self):
        """W = sum_n alpha_n y_n X_n for a linear kernel (bias weight first), one row per unit.

        >>> from perceptron_lib import boolean_function
        >>> train_kernel(*boolean_function("or"), kernel="linear").primal_weights().tolist()
        [[0.0, 1.0, 1.0]]
        """
        if self.kernel != "linear":
            raise ValueError(f"primal_weights needs a run with kernel='linear', got kernel={self.kernel!r}")
        X1 = add_with_ones(self.X)
        coefficients = (self.alpha * self._signed()).astype(float)
        W = np.zeros((coefficients.shape[1], X1.shape[1]))
        for n in range(len(X1)):
            W = W + coefficients[n][:, None] * X1[n][None, :]
        return W


def train_kernel(X, y, *, kernel="rbf", gamma=None, degree=2, code=None, order="cyclic", seed=None,
                 max_epochs=100):
    """The kernel perceptron: the perceptron in its dual form, with a kernel for the dot product (the notes).

    With W = sum_n alpha_n y_n X_n, the net of pattern j is sum_n alpha_n y_n
    X_n·X_j; a mistake on pattern j adds 1 to alpha_j. Replacing X_n·X_j by
    k(x_n, x_j) (`kernel_matrix`) learns a separator in the kernel's feature
    space. The kernel matrix is computed once; the nets of all training
    patterns are kept, and a mistake on pattern j adds y_j k(x_j, x_n) to each
    (elementwise, in the order the mistakes happen), so a presentation costs
    one comparison. Presentation order, stopping and cycle detection are
    `train`'s: cyclic or seeded random passes (the same permutations),
    "converged" once every pattern has been presented since the last mistake
    without one, "cycling" when a pass starts from nets seen at an earlier
    pass start (cyclic order), else "max_epochs".

    With the linear kernel (1 + x·z, the bias input included) on integer
    data, the run is `train`'s: the same mistakes at the same presentations,
    and W = sum_n alpha_n y_n X_n (`KernelRun.primal_weights`).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        At most 3000 patterns.
    y : array-like of shape (n_samples,)
        Without `code`: one unit's labels, all in {0, 1} (the threshold
        unit's rule: output 1 where the net is > 0) or all in {-1, +1}
        (mistake where y net <= 0). With `code`: class numbers 0, 1, ...
    kernel, gamma, degree
        See `kernel_matrix`.
    code : {None, "one-hot", "binary"}, default None
        Train one unit per entry of the class codes (`class_codes`).
    order : {"cyclic", "random"}, default "cyclic"
    seed : int, optional
        Seed of the random order (only with order="random").
    max_epochs : int, default 100
        From 1. So that every run ends in seconds, max_epochs * n_samples may
        be at most 500,000 presentations, and max_epochs * n_samples^2 * m
        (a run in which every presentation is a mistake) at most 10^9. With
        cyclic order a run that reaches max_epochs is replayed up to
        max_epochs more passes, to find a cycle that began too late for
        Brent's method to see (as `train` does): such a run costs up to twice
        its passes.

    Returns
    -------
    KernelRun

    Examples
    --------
    XOR, which no line separates, with a polynomial kernel of degree 2:

    >>> from perceptron_lib import boolean_function
    >>> run = train_kernel(*boolean_function("xor"), kernel="polynomial")
    >>> run.status, run.predict([[0, 0], [0, 1], [1, 0], [1, 1]]).tolist()
    ('converged', [0, 1, 1, 0])
    """
    X = check.patterns("X", X)
    if len(X) > MAX_KERNEL_SAMPLES:
        raise ValueError(f"X must have at most {MAX_KERNEL_SAMPLES} patterns for a kernel perceptron "
                         f"(its kernel matrix), got {len(X)}")
    if code is None:
        targets, convention = check.labels("y", y, len(X))
        targets, codes = targets[:, None], None
    else:
        labels, codes, _ = _class_labels(y, len(X), code, None)
        targets, convention = codes[labels], "-1/+1"
    kernel, gamma, degree = _kernel_options(kernel, gamma, degree, X.shape[1])
    order = check.choice("order", order, ORDERS)
    seed = check.seed("seed", seed)
    if seed is not None and order != "random":
        raise ValueError(f"seed is used only with order='random', got seed={seed!r} with order={order!r}")
    max_epochs = _kernel_epochs(max_epochs, len(X), targets.shape[1])
    K = _kernel(X, X, kernel, gamma, degree)
    alpha, pattern, mistakes, status, epochs = _dual_run(K, targets, convention, order, seed, max_epochs)
    return KernelRun(X=X, targets=targets, convention=convention, codes=codes, kernel=kernel, gamma=float(gamma),
                     degree=degree, alpha=alpha, pattern=pattern, mistakes=mistakes, status=status,
                     n_presentations=len(pattern), n_epochs=epochs)


def _support_nets(K, coefficients):
    """sum_n coefficients[n] K[n] over the patterns n with a mistake, n = 1, 2, ... in order: shape (K.shape[1], m).

    The one way nets are summed for a verdict on a pattern: `KernelRun.decision`
    uses it, and `_dual_run` checks its claim of convergence with it.
    """
    total = np.zeros((K.shape[1], coefficients.shape[1]))
    for row in range(len(K)):
        total += K[row][:, None] * coefficients[row][None, :]
    return total


def _kernel_epochs(max_epochs, n, m):
    """max_epochs, checked against the limits that keep a kernel run to seconds."""
    max_epochs = check.whole("max_epochs", max_epochs, minimum=1)
    allowed = max(1, min(MAX_PRESENTATIONS // n, MAX_RUN_WORK // (n * n * m)))
    if max_epochs > allowed:
        raise ValueError(f"max_epochs must keep max_epochs * n_samples within {MAX_PRESENTATIONS:,} presentations "
                         f"and max_epochs * n_samples^2 * units within {MAX_RUN_WORK:,} (a run of mistakes only "
                         f"must end in seconds), got max_epochs={max_epochs} with {n} patterns and {m} units; "
                         f"use max_epochs <= {allowed}")
    return max_epochs


def _dual_run(K, targets, convention, order, seed, max_epochs):
    """The dual perceptron on a kernel matrix; returns (alpha, pattern, mistakes, status, epochs).

    The rule is `train`'s (rule.py): the same mistake test, presentation
    orders and stopping rule, and with cyclic order the same cycle test
    (Brent's method on the nets at each pass start, which decide the passes
    after it, then a replay to the first repeat; a repeat too late for
    Brent's method is looked for from the last pass start, as `train` does).
    The nets kept during the run are sums in the order of the mistakes;
    `KernelRun.predict` sums in pattern order, and at a near-tie the two can
    differ in the last bit. So a claim of convergence is checked with
    predict's sums: only a run whose every training pattern predict gets
    right is "converged"; if one is wrong, the run goes on from predict's nets.
    """
    n = len(targets)
    run = _DualState(K, targets, convention)
    passes, record = pass_orders(n, order, seed), ([], [])
    detect, status, epoch, period = order == "cyclic", "max_epochs", 0, None
    cycles = CycleTest(run, same=_DualState.same)
    while epoch < max_epochs:
        if detect and epoch and (period := cycles.period(run)):
            status = "cycling"
            break
        epoch += 1
        run = run.copy()
        if run.one_pass(next(passes), record):
            status = "converged"
            break
    else:
        period = return_time(run, _DualState.cyclic_pass, max_epochs, _DualState.same) if detect else None
    pattern, mistakes = np.array(record[0], np.int64), np.array(record[1], bool).reshape(-1, targets.shape[1])
    if period:
        found = first_repeat(_DualState(K, targets, convention), _DualState.cyclic_pass, period, max_epochs,
                             _DualState.same)
        if found is not None:
            status, epoch = "cycling", found[0] + period
            pattern, mistakes = pattern[:epoch * n], mistakes[:epoch * n]
    alpha = np.zeros(targets.shape, np.int64)
    np.add.at(alpha, pattern, mistakes)
    return alpha, pattern, mistakes, status, epoch


class _DualState:
    """Where a dual run stands at a pass start: each pattern's nets, the mistakes so far, the stopping rule's count."""

    def __init__(self, K, targets, convention):
        n, m = targets.shape
        self.K, self.targets, self.convention = K, targets, convention
        self.signs = np.where(targets > 0, 1.0, -1.0)
        self.nets, self.alpha, self.stop = np.zeros((n, m)), np.zeros((n, m), np.int64), Convergence(n)

    def copy(self):
        twin = _DualState.__new__(_DualState)
        twin.__dict__.update(self.__dict__)
        twin.nets, twin.alpha, twin.stop = self.nets.copy(), self.alpha.copy(), self.stop.copy()
        return twin

    @staticmethod
    def same(a, b):
        """Two pass starts are the same state when their nets are (they decide the passes after, cyclic order)."""
        return bool((a.nets == b.nets).all())

    def one_pass(self, order, record=None):
        """Present the patterns in `order`, in place; True once the run has converged (then the pass ends)."""
        for j in order:
            units = _wrong(self.nets[j], self.targets[j], self.convention)
            if record is not None:
                record[0].append(j)
                record[1].append(units)
            if units.any():
                self.alpha[j] += units
                self.nets += self.K[j][:, None] * (self.signs[j] * units)[None, :]   # in mistake order
                self.stop.corrected()
            elif self.stop.right(j):
                support = np.flatnonzero(self.alpha.any(axis=1))
                self.nets = _support_nets(self.K[support], (self.alpha * self.signs)[support])
                if not _wrong(self.nets, self.targets, self.convention).any():
                    return True
                self.stop.reset()    # a near-tie that predict's sums decide otherwise
        return False

    def cyclic_pass(self):
        """A copy one cyclic pass on, and the presentations with a mistake (for the replays of rule.py)."""
        twin, before = self.copy(), int(self.alpha.sum())
        twin.one_pass(range(len(self.targets)))
        return twin, int(twin.alpha.sum()) - before


def _wrong(nets, targets, convention):
    """Which units make a mistake (`rule.is_mistake`, each unit with its own target)."""
    return is_mistake(nets, targets, convention)
