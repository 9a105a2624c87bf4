"""The kernel perceptron: the perceptron in its dual form, with a kernel for the dot product.

The lecture notes on the perceptron network (with Matlab code, no author or year named; "the
notes" below) write W = sum_k alpha_k y_k X_k, where alpha_k counts the mistakes made on pattern k,
so that a kernel kappa(x, z) can stand wherever a dot product X_k·X stood; they try it on
handwritten digits. The rule (mistake test, orders, stopping, cycles) is rule.py's, as `train`'s;
several classes are coded as in multiclass.py.

Every number here is computed in an order fixed by the code, with IEEE-rounded additions,
multiplications and divisions only: no BLAS (no ``@``, np.dot, einsum, linalg), no library
exponential or power (numpy picks those for the CPU at run time, and their last bits differ from
one machine to the next; see `exp_nonpositive`). So every machine, the browser's Pyodide
included, computes the same run to the last bit.
"""
from dataclasses import dataclass

import numpy as np

from ..core import constraints as declare
from ..core import validation as check
from ..core.arithmetic import add_with_ones, exp
from .multiclass import CODES, class_codes, class_numbers, decode
from ..core.rule import FIXED, ORDERS, Convergence, convention, learning_rule, pass_orders, rule_names, run_to_end

KERNELS = ("linear", "polynomial", "rbf")
MAX_KERNEL_SAMPLES = 3000           # training patterns of a kernel perceptron
MAX_KERNEL_ENTRIES = MAX_KERNEL_SAMPLES**2   # a kernel matrix of at most 72 MB
MAX_KERNEL_WORK = 2_000_000_000     # kernel entries times features: a few seconds
MAX_PRESENTATIONS = 500_000         # a kernel run: about 10 µs a presentation
MAX_RUN_WORK = 1_000_000_000        # presentations x patterns x units: a run of mistakes only, a few seconds
MAX_DEGREE = 10
_BLOCK = 1 << 16                    # kernel entries computed at once: two 512 kB blocks stay in the CPU's cache


# ---------------------------------------------------------------- kernels

# The kernel's own parameters, as kernel_matrix and train_kernel declare them
KERNEL = declare.Choice(KERNELS)
GAMMA = declare.Optional(declare.Number(above=0, maximum=1e6))
DEGREE = declare.Whole(minimum=1, maximum=MAX_DEGREE)


@declare.declared(A=declare.Patterns(), B=declare.PatternsLike(lambda given: np.shape(given["A"])[1]), kernel=KERNEL, gamma=GAMMA, degree=DEGREE)
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
        The RBF kernel's scale (lesson 09 writes s), the inverse of a squared width: > 0 and at most
        1e6; by default 1 / n_features. scikit-learn calls it gamma too.
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
    gamma = 1.0 / A.shape[1] if gamma is None else gamma
    entries = len(A) * len(B)
    if entries > MAX_KERNEL_ENTRIES or entries * A.shape[1] > MAX_KERNEL_WORK:
        raise ValueError(f"A, B are too large for a kernel matrix: {len(A)} x {len(B)} entries of "
                         f"{A.shape[1]} features, at most {MAX_KERNEL_ENTRIES:,} entries and "
                         f"{MAX_KERNEL_WORK:,} entries times features")
    return _kernel(A, B, kernel, gamma, degree)


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


def _nonpositive(name, x, given):
    """Real numbers <= 0, as a float array of any shape."""
    x = check.array(name, x, "(...)")
    if (x > 0).any():
        raise ValueError(f"{name} must be <= 0, got a largest value of {float(x.max())}")
    return x


@declare.declared(x=declare.Custom(_nonpositive, lambda example: [([1.0], ValueError), ([np.nan], ValueError),
                                                                  ("x", TypeError), ([[-1.0, 0.5]], ValueError)]))
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

    @declare.declared(X=declare.PatternsLike())
    def decision(self, X):
        """Each unit's net sum_n alpha_n y_n k(x_n, x) on patterns X (without the bias input).

        Returns an ndarray of shape (len(X), m). The sum runs over the patterns
        with a mistake, in their order n = 1, 2, ...; the patterns X are taken
        a block at a time, so X may be long (at most 2,000,000,000 kernel
        entries times features in all).
        """
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

    @declare.declared(X=declare.PatternsLike())
    def predict(self, X):
        """Classes (with class codes) or labels (one unit) of patterns X.

        Classes come from `decode`; one unit says +1 (or 1) where its net is
        > 0 and -1 (or 0) elsewhere.
        """
        nets = self.decision(X)
        if self.codes is not None:
            return decode(nets, self.codes)[0]
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


def _kernel_labels(name, y, given):
    """Labels in {0, 1} or {-1, +1} (int64), or with a code, class numbers 0, 1, ... (int64)."""
    if given["code"] is None:
        return check.labels(name, y, len(given["X"]))[0]
    return class_numbers(name, y, len(given["X"]), given["code"], None)[0]


def _kernel_codes(y, code):
    """The class codes of the class numbers y (K = the largest + 1, at least 2), or None without a code."""
    return None if code is None else class_codes(max(int(np.max(y)) + 1, 2), code)


def _kernel_units(y, code):
    """How many units a run trains: one per column of the class codes, or one without a code."""
    codes = _kernel_codes(y, code)
    return 1 if codes is None else codes.shape[1]


def _dual_rule(name, rule, given):
    rule = learning_rule(rule)
    if not rule.uses_eta:
        raise ValueError(f"{name} must be one whose step is y X, such as {rule_names(lambda r: r.uses_eta)} (the "
                         f"kernel perceptron counts mistakes), got rule={rule.name!r}")
    return rule


# code before y: y is read with it; max_epochs's limit counts the units the code gives.
@declare.declared(
    X=declare.Patterns(most=MAX_KERNEL_SAMPLES, why="for a kernel perceptron (its kernel matrix)"),
    code=declare.Optional(declare.Choice(CODES)),
    y=declare.Custom(_kernel_labels, lambda example: declare.Labels("X").bad(example)),
    kernel=KERNEL, gamma=GAMMA, degree=DEGREE, order=declare.Choice(ORDERS), seed=declare.Seed(),
    max_epochs=declare.Custom(lambda name, value, given: _kernel_epochs(value, len(given["X"]),
                                                                        _kernel_units(given["y"], given["code"])),
                              lambda example: [(1.5, TypeError), (0, ValueError), (10 ** 9, ValueError)]),
    rule=declare.Custom(_dual_rule, lambda example: [("newton", ValueError), ("absolute", ValueError)]))
def train_kernel(X, y, *, kernel="rbf", gamma=None, degree=2, code=None, order="cyclic", seed=None,
                 max_epochs=100, rule="fixed"):
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
    rule : str or Rule, default "fixed"
        The mistake test (`perceptron_lib.core.rule`), of a rule whose step is y X
        (``Rule.uses_eta``, with eta = 1): the perceptron's, the margin
        perceptron's (``Margin(m)``: a pattern counts as a mistake while
        y·net <= m), or a Rule of your own that keeps `Rule.step`; by name,
        those of `perceptron_lib.core.rule.RULES` whose step is y X.

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
    check.only_with("seed", seed, None, "order", order, ("random",))
    codes = _kernel_codes(y, code)
    targets, labels = (y[:, None], convention(y)) if codes is None else (codes[y], "-1/+1")
    gamma = 1.0 / X.shape[1] if gamma is None else gamma
    K = _kernel(X, X, kernel, gamma, degree)
    alpha, pattern, mistakes, status, epochs = _dual_run(K, targets, labels, order, seed, max_epochs, rule)
    return KernelRun(X=X, targets=targets, convention=labels, codes=codes, kernel=kernel, gamma=float(gamma),
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


def _dual_run(K, targets, convention, order, seed, max_epochs, rule=FIXED):
    """The dual perceptron on a kernel matrix; returns (alpha, pattern, mistakes, status, epochs).

    The rule is `train`'s (rule.py): the same mistake test, presentation
    orders and stopping rule, and the same ending (`rule.run_to_end`): with
    cyclic order Brent's method on the nets at each pass start, which decide
    the passes after it, then a replay to the first repeat; a repeat too late
    for Brent's method is looked for from the last pass start.
    The nets kept during the run are sums in the order of the mistakes;
    `KernelRun.predict` sums in pattern order, and at a near-tie the two can
    differ in the last bit. So a claim of convergence is checked with
    predict's sums: only a run whose every training pattern predict gets
    right is "converged"; if one is wrong, the run goes on from predict's nets.
    """
    n, passes, record = len(targets), pass_orders(len(targets), order, seed), ([], [])

    def a_pass(state):
        state = state.copy()
        return state, "converged" if state.one_pass(next(passes), record) else None

    end = run_to_end(_DualState(K, targets, convention, rule), a_pass, _DualState.cyclic_pass, max_epochs,
                     order == "cyclic", _DualState.same)
    keep = end.epochs * n if end.status == "cycling" else None   # a cycle, up to its first repeated pass start
    pattern = np.array(record[0][:keep], np.int64)
    mistakes = np.array(record[1][:keep], bool).reshape(-1, targets.shape[1])
    alpha = np.zeros(targets.shape, np.int64)
    np.add.at(alpha, pattern, mistakes)
    return alpha, pattern, mistakes, end.status, end.epochs


class _DualState:
    """Where a dual run stands at a pass start: each pattern's nets, the mistakes so far, the stopping rule's count."""

    def __init__(self, K, targets, convention, rule):
        n, m = targets.shape
        self.K, self.targets, self.convention, self.mistake = K, targets, convention, rule.mistake
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
            units = self.mistake(self.nets[j], self.targets[j], self.convention)
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
                if not self.mistake(self.nets, self.targets, self.convention).any():
                    return True
                self.stop.reset()    # a near-tie that predict's sums decide otherwise
        return False

    def cyclic_pass(self):
        """A copy one cyclic pass on, and the presentations with a mistake (for the replays of rule.py)."""
        twin, before = self.copy(), int(self.alpha.sum())
        twin.one_pass(range(len(self.targets)))
        return twin, int(twin.alpha.sum()) - before
