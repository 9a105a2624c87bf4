"""Beyond two classes: a layer of perceptrons, one unit per entry of the classes' codes.

Anonymous lecture notes on the perceptron network, with Matlab code (no author or year
named; "the notes" below), give the output layer M units, each trained
by the mistake-driven rule (unit j is corrected when y_j W_j·X <= 0: W_j <- W_j + eta y_j X), with
the K classes coded one-hot (K = M) or in binary (K <= 2^M). The kernel perceptron, the notes'
next step, is in kernels.py; their data sets in datasets.py (`corner_clusters`, `ring_data`,
`digit_halves`); the scores of a classifier in scores.py.

Nets are added in an order fixed by the code (`arithmetic.dot`), so every machine, the browser's
Pyodide included, computes the same run and the same decoding to the last bit.
"""
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..core import constraints as declare
from . import theory_constraints as kinds
from ..core import validation as check
from ..core.arithmetic import add_with_ones, dot
from ..core.rule import ORDERS, RULE
from ..core.training import MAX_RECORDED, train

CODES = ("one-hot", "binary")
MAX_CLASSES = 64


# ---------------------------------------------------------------- codes

@declare.declared(n_classes=declare.Whole(minimum=2, maximum=MAX_CLASSES), code=declare.Choice(CODES))
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
    return _codes(n_classes, code)


def _codes(n_classes, code):
    if code == "one-hot":
        return 2 * np.eye(n_classes, dtype=np.int64) - 1
    bits = (n_classes - 1).bit_length()
    powers = 2 ** np.arange(bits - 1, -1, -1)
    return np.where(np.arange(n_classes)[:, None] & powers, 1, -1).astype(np.int64)


def _code_table(name, codes, given):
    return check.code_table(name, codes, given["nets"].shape[1])


@declare.declared(nets=declare.Custom(lambda name, nets, given: check.array(name, nets, "(n_samples, m)", ndim=2),
                                      lambda example: [("n", TypeError), ([1.0, 2.0], ValueError),
                                                       ([[np.nan, 1.0, 1.0]], ValueError)]),
                  codes=declare.Custom(_code_table, lambda example: [("c", TypeError), ([[1, -1]], ValueError),
                                                                     ([[0.5, 1, 1]], ValueError),
                                                                     ([[2, 1, 1]], ValueError)]))
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

    @declare.declared(k=kinds.AtMostAttribute("n_presentations", minimum=0))
    def weights_at(self, k):
        """The layer's weights after presentation k (0: the start), one row per unit.

        >>> from perceptron_lib.theory.datasets import corner_clusters
        >>> X, labels = corner_clusters(2, n_per_class=3)
        >>> train_layer(X, labels, code="binary").weights_at(0).tolist()
        [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
        """
        return np.array([unit.weights[min(k, unit.n_presentations)] for unit in self.units])

    def updates(self):
        """Corrections of each unit, in unit order."""
        return [int(unit.updated.sum()) for unit in self.units]

    def changes(self):
        """Presentations at which some unit was corrected: the notes' "modifications", one panel each of
        `plot_layer_steps`."""
        return int(self.updated.any(axis=1).sum())

    @declare.declared(X=declare.Custom(
        lambda name, X, given: check.patterns(name, X, n_features=given["self"].units[0].X.shape[1] - 1),
        lambda example: declare.Patterns(n_features=example["self"].units[0].X.shape[1] - 1).bad(example)))
    def predict(self, X):
        """Classes of the patterns X (without the bias input), decoded as `decode` says.

        Returns (classes, matched): matched is False where the outputs were no class's code.
        """
        nets = dot(self.final_weights[None, :, :], add_with_ones(X)[:, None, :])
        return decode(nets, self.codes)


def _layer_codes(labels, code, n_classes):
    """The class codes of a layer: K = n_classes, or the largest label + 1 (at least 2)."""
    return _codes(max(int(np.max(labels)) + 1, 2) if n_classes is None else n_classes, code)


def _layer_start(name, weights, given):
    m = _layer_codes(given["labels"], given["code"], given["n_classes"]).shape[1]
    return check.weight_rows(name, weights, given["X"].shape[1] + 1, rows=m)


def _layer_epochs(name, max_epochs, given):
    max_epochs = check.whole(name, max_epochs, minimum=1)
    n, m = len(given["X"]), _layer_codes(given["labels"], given["code"], given["n_classes"]).shape[1]
    if max_epochs * n * m > MAX_RECORDED:
        raise ValueError(f"{name} must keep max_epochs * n_samples * units within {MAX_RECORDED:,} recorded "
                         f"presentations, got max_epochs={max_epochs} with {n} patterns and {m} units; "
                         f"use max_epochs <= {max(1, MAX_RECORDED // (n * m))}")
    return max_epochs


# code and n_classes first: the labels are read with them, and the units' count comes from the three.
@declare.declared(
    X=declare.Patterns(), code=declare.Choice(CODES),
    n_classes=declare.Optional(declare.Whole(minimum=2, maximum=MAX_CLASSES)),
    labels=declare.Custom(lambda name, labels, given: class_numbers(name, labels, len(given["X"]), given["code"],
                                                                    given["n_classes"])[0],
                          lambda example: [("a", TypeError), ([0.5] * len(example["X"]), ValueError),
                                           ([0] * (len(example["X"]) + 1), ValueError),
                                           ([-1] * len(example["X"]), ValueError)]),
    eta=declare.Rate(),
    initial_weights=declare.Optional(declare.Custom(_layer_start, lambda example: [
        ("w", TypeError), (np.zeros(3), ValueError), (np.zeros((7, 3)), ValueError)])),
    order=declare.Choice(ORDERS), seed=declare.Seed(),
    max_epochs=declare.Custom(_layer_epochs, lambda example: [(1.5, TypeError), (0, ValueError),
                                                              (MAX_RECORDED, ValueError)]),
    rule=RULE)
def train_layer(X, labels, *, code="one-hot", n_classes=None, eta=1.0, initial_weights=None, order="cyclic",
                seed=None, max_epochs=100, rule="fixed"):
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
    eta, order, seed, rule
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

    >>> from perceptron_lib.theory.datasets import corner_clusters
    >>> X, labels = corner_clusters(2, n_per_class=20, seed=1)
    >>> run = train_layer(X, labels, code="binary")
    >>> run.status, run.codes.shape, bool((run.predict(X)[0] == labels).all())
    ('converged', (4, 2), True)
    """
    codes = _layer_codes(labels, code, n_classes)
    targets = codes[labels]
    start = np.zeros((codes.shape[1], X.shape[1] + 1)) if initial_weights is None else initial_weights
    if order == "random" and seed is None:   # one fresh seed, shared by all units
        seed = int(np.random.default_rng().integers(2**62))
    # each unit's train runs inside this declared call: its checks were made here, once for the layer
    units = [train(X, targets[:, i], eta=eta, initial_weights=start[i], order=order, seed=seed,
                   max_epochs=max_epochs, rule=rule) for i in range(codes.shape[1])]
    unfinished = [unit.status for unit in units if unit.status != "converged"]
    return LayerRun(units=units, codes=codes, code=code, labels=labels, targets=targets,
                    status=unfinished[0] if unfinished else "converged",
                    n_presentations=max(unit.n_presentations for unit in units))


def class_numbers(name, labels, n_samples, code, n_classes):
    """Class numbers checked, and their codes: (labels, codes, code), for `train_layer` and `train_kernel`.

    Parameters
    ----------
    name : str
        The caller's name for the labels, which an error names.
    labels : array-like of shape (n_samples,)
        Class numbers 0, 1, ..., K - 1.
    n_samples : int
        The number of patterns they label.
    code : {"one-hot", "binary"}
    n_classes : int or None
        K, from 2 to 64; None for the largest label + 1.

    Examples
    --------
    >>> labels, codes, code = class_numbers("labels", [0, 2, 1], 3, "binary", None)
    >>> codes.tolist()
    [[-1, -1], [-1, 1], [1, -1]]
    """
    labels = check.array(name, labels, "(n_samples,)", ndim=1, integer=True)
    if len(labels) != n_samples:
        raise ValueError(f"{name} must have one class number per pattern ({n_samples}), got {len(labels)}")
    code = check.choice("code", code, CODES)
    top = int(labels.max()) + 1
    n_classes = check.whole("n_classes", max(top, 2) if n_classes is None else n_classes,
                            minimum=2, maximum=MAX_CLASSES)
    if labels.min() < 0 or top > n_classes:
        raise ValueError(f"{name} must be class numbers from 0 to {n_classes - 1}, got values from "
                         f"{int(labels.min())} to {top - 1}")
    return labels, _codes(n_classes, code), code
