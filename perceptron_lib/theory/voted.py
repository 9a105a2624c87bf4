"""The voted and the averaged perceptron, read off a run of `train` (Freund & Schapire 1999).

Freund & Schapire (1999) keep every weight vector a run produces, each with the
number of presentations it survived; the voted perceptron lets them vote, the
averaged one predicts with their weighted mean. Manfredi (2021, summary) names
both as a way out for data that are not linearly separable. No update rule
lives here: the run is `train`'s, extended to the whole number of passes by
counting.

Every sum of products is added in fixed order (`perceptron_lib.core.arithmetic`),
and the votes are counted in integers, so every machine gives the same numbers.
"""
from dataclasses import dataclass

import numpy as np

from ..core import constraints as declare
from ..core import validation as check
from ..core.arithmetic import add_with_ones, dot, nets
from ..core.trace import Trace
from ..core.rule import ORDERS, RULE
from ..core.rule import convention as rule_convention
from ..core.training import MAX_RECORDED, train

LABELS = ("0/1", "-1/+1")
MAX_COUNT = 2**62  # epochs * n_samples: the counts are 64-bit integers


# The patterns a Voted predicts on: as many features as its vectors have weights, less the bias
PREDICT_PATTERNS = declare.PatternsLike(lambda given: given["self"].vectors.shape[1] - 1)


@dataclass(frozen=True, eq=False)
class Voted:
    """The weight vectors of a run and how long each lasted, as `voted_perceptron` returns them.

    Attributes
    ----------
    vectors : ndarray of shape (k, n_features + 1)
        The weight vectors [w0, w1, ..., wn] that were current after some
        presentation, in order of appearance in the trace, consecutive repeats
        merged (the vectors of a cycle are listed once; see `voted_perceptron`).
    counts : ndarray of shape (k,)
        How many presentations ended with each vector current (integers,
        summing to epochs * n_samples).
    trace : Trace
        The run of `train` the vectors come from.
    labels : {"0/1", "-1/+1"}
        The label convention of the run, and so of the predictions.
    """

    vectors: np.ndarray
    counts: np.ndarray
    trace: Trace
    labels: str

    def averaged_weights(self):
        """The averaged perceptron: sum_i c_i v_i / sum_i c_i, shape (n_features + 1,).

        This is the mean of W after each presentation: the "average" variant
        that Freund & Schapire (1999) test beside the vote. For integer data
        the sum is exact; the division comes last.

        Examples
        --------
        >>> from perceptron_lib.theory.datasets import boolean_function
        >>> voted_perceptron(*boolean_function("xor", signed=True), epochs=5).averaged_weights().tolist()
        [0.0, 0.25, 0.5]
        """
        return self._weighted_sum() / self.counts.sum()

    @declare.declared(X=PREDICT_PATTERNS)
    def predict(self, X):
        """The voted prediction: positive iff sum_i c_i s_i(x) > 0, else negative.

        Freund & Schapire (1999, the voted-perceptron algorithm) predict
        sign(sum_i c_i sign(v_i·x)): each vector votes with weight c_i. Both
        signs can meet a zero, and the tie rule here is one rule for both: a
        zero is negative. A vector with v_i·[1, x] = 0 votes -1, and a tied
        vote (sum_i c_i s_i(x) = 0) predicts the negative label. This is the
        threshold unit's reading of zero, o = 1 only if W·X > 0 (Honavar 1996,
        section 2), which `train` and `output` use in both label conventions
        (for labels -1/+1 `train` counts y W·X = 0 as a mistake for either
        label, after Stensbo-Smidt 2015); so a voted perceptron of one vector
        predicts what that vector's threshold unit outputs. The prediction
        is always a label of the run's convention: 0 or 1 for labels 0/1,
        -1 or +1 for labels -1/+1 (see `labels` in `voted_perceptron` for
        labels that are all 1).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Patterns, without the bias input.

        Returns
        -------
        ndarray of shape (n_samples,)
            Labels in the run's convention: 0/1 or -1/+1.

        Examples
        --------
        >>> from perceptron_lib.theory.datasets import boolean_function
        >>> voted_perceptron(*boolean_function("or"), epochs=3).predict([[0, 0], [1, 0]]).tolist()
        [0, 1]
        """
        return self._as_labels(self.decision(X) > 0)

    @declare.declared(X=PREDICT_PATTERNS)
    def predict_averaged(self, X):
        """The averaged perceptron's prediction: the threshold unit with `averaged_weights`.

        Positive iff W·[1, x] > 0 for the averaged W; W·X = 0 is negative, in
        both label conventions.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Patterns, without the bias input.

        Returns
        -------
        ndarray of shape (n_samples,)
            Labels in the run's convention: 0/1 or -1/+1.

        Examples
        --------
        >>> from perceptron_lib.theory.datasets import boolean_function
        >>> voted = voted_perceptron(*boolean_function("or", signed=True), epochs=3)
        >>> voted.predict_averaged([[0, 0], [0, 1]]).tolist()
        [-1, 1]
        """
        return self._as_labels(self.decision(X, averaged=True) > 0)

    @declare.declared(X=PREDICT_PATTERNS, averaged=declare.Flag())
    def decision(self, X, averaged=False):
        """The number whose sign each prediction reads: the vote, or with averaged=True the averaged net.

        The vote is sum_i c_i s_i(x), s_i(x) = +1 where v_i·[1, x] > 0 and -1
        elsewhere (`predict`): whole numbers, added exactly, so that a tie is
        a tie on every machine. The averaged net is (sum_i c_i v_i)·[1, x], the
        averaged weights' net times sum_i c_i (`predict_averaged`): the vectors
        are summed before any division, so that its sign is that of the mean
        and exact on integer data (0.1 + 0.2 - 0.3 != 0: dividing first could
        turn a tie into a vote).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Patterns, without the bias input.
        averaged : bool, default False

        Returns
        -------
        ndarray of shape (n_samples,)
            > 0 means the positive label; integers for the vote.

        Examples
        --------
        >>> from perceptron_lib.theory.datasets import boolean_function
        >>> voted = voted_perceptron(*boolean_function("or"), epochs=3)
        >>> voted.decision([[0, 0], [1, 0]]).tolist()
        [-2, 6]
        >>> voted.decision([[0, 0], [1, 0]], averaged=True).tolist()
        [5.0, 11.0]
        """
        if averaged:
            return nets(self._weighted_sum(), add_with_ones(X))
        signs = np.where(nets(self.vectors, add_with_ones(X)) > 0, 1, -1)  # (vectors, patterns)
        return (np.asarray(self.counts, np.int64)[:, None] * signs).sum(axis=0)  # whole numbers: exact

    def __repr__(self):
        return f"<Voted: {len(self.vectors)} vectors over {self.counts.sum()} presentations; {self.trace!r}>"

    def _weighted_sum(self):
        """sum_i c_i v_i, added in order i = 0, 1, ..."""
        return dot(self.vectors.T, self.counts)

    def _as_labels(self, positive):
        return np.where(positive, 1, 0 if self.labels == "0/1" else -1)


def _labels_of(name, y, given):
    """y for voted_perceptron: labels of X, in the convention `labels` demands (if it was given)."""
    return check.labels(name, y, len(given["X"]), convention=given["labels"])[0]


@declare.declared(X=declare.Patterns(), labels=declare.Optional(declare.Choice(LABELS)),
                y=declare.Custom(_labels_of, lambda example: declare.Labels().bad(example)),
                epochs=declare.Whole(minimum=1), eta=declare.Positive(), initial_weights=declare.Optional(declare.Weights("X")),
                order=declare.Choice(ORDERS), seed=declare.Seed(), rule=RULE)
def voted_perceptron(X, y, *, epochs=10, eta=1.0, initial_weights=None, order="cyclic", seed=None, labels=None,
                     rule="fixed"):
    """The voted perceptron of Freund & Schapire (1999) over a fixed number of passes.

    Runs `train` for at most `epochs` passes, then counts how many of the
    P = epochs * n_samples presentations ended with each weight vector current
    (the start vector counts only if presentations leave it unchanged). A run
    that `train` stopped early is extended without replaying it: after
    convergence the last W stays current; after a cycle is found (cyclic order),
    the run repeats its last ``cycle_length`` presentations, so their vectors
    gain the counts of the remaining presentations, ``full`` times each plus
    one for the first ``rest`` of them (``full, rest = divmod(remaining,
    cycle_length)``). A vector that so recurs is listed once, at its place in
    the trace; votes and averages depend only on the counts. Manfredi (2021,
    summary) suggests both variants for data that are not linearly separable.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}; they choose the rule, as in `train`.
    epochs : int, default 10
        The number of passes T through the data, a whole number >= 1. Past
        2,000,000 // n_samples passes (the longest recorded run) the run must
        have converged or cycled by then, so that counting can extend it.
    eta : float, default 1.0
        The learning rate.
    initial_weights : array-like of shape (n_features + 1,), optional
        W at the start, bias weight first; zeros by default.
    order : {"cyclic", "random"}, default "cyclic"
        The presentation order, as in `train`.
    seed : int, optional
        Seed of the random order (only with order="random").
    labels : {"0/1", "-1/+1"}, optional
        The label convention of the predictions; by default the one y shows.
        Labels that are all 1 fit both (the two rules then make the same run)
        and are read as 0/1, so that a negative prediction is 0: pass
        labels="-1/+1" to have it -1.
    rule : str or Rule, default "fixed"
        The learning rule of the run, as in `train` (such as ``Margin(m)``).

    Returns
    -------
    Voted
        ``vectors`` of shape (k, n_features + 1) and their ``counts`` of shape
        (k,), with `Voted.predict`, `Voted.averaged_weights` and
        `Voted.predict_averaged`.

    Raises
    ------
    ValueError
        On bad input; if the run stalls (a correction leaves W unchanged; see
        `train`), since the presentations after it are not known; or if epochs
        exceeds the longest recorded run and the run neither converged nor
        cycled within it.

    Examples
    --------
    XOR cycles from the start (Manfredi 2021, the cycling theorem): four vectors
    recur, and over 100 passes each is current after 100 presentations.

    >>> from perceptron_lib.theory.datasets import boolean_function
    >>> voted = voted_perceptron(*boolean_function("xor", signed=True), epochs=100)
    >>> voted.vectors.tolist(), voted.counts.tolist()
    ([[-1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 1.0, 1.0], [0.0, 0.0, 0.0]], [100, 100, 100, 100])
    """
    convention = labels or rule_convention(y)
    if epochs * len(X) > MAX_COUNT:
        raise ValueError(f"epochs must keep epochs * n_samples within 2**62 (the counts are 64-bit integers), "
                         f"got epochs={epochs} with {len(X)} patterns")
    passes = max(1, min(epochs, MAX_RECORDED // len(X)))
    trace = train(X, y, eta=eta, initial_weights=initial_weights, order=order, seed=seed, max_epochs=passes,
                  rule=rule)
    counts = _counts(trace, epochs)
    rows = trace.weights[1:]  # W after presentations 1..N
    first = np.flatnonzero(np.r_[True, (rows[1:] != rows[:-1]).any(axis=1)])
    return Voted(vectors=rows[first], counts=np.add.reduceat(counts, first), trace=trace, labels=convention)


def _counts(trace, epochs):
    """How many of the epochs * n_samples presentations end with each row of the trace current."""
    counts = np.ones(trace.n_presentations, np.int64)
    remaining = epochs * len(trace.y) - trace.n_presentations
    if remaining == 0:  # the trace is the whole run, however it ended
        return counts
    if trace.status == "converged":
        counts[-1] += remaining
    elif trace.status == "cycling":
        # W after p equals W after p - cycle_length from cycle_start on, and the trace
        # holds at least one whole cycle: its last cycle_length rows repeat forever.
        length, end = trace.cycle_length, trace.n_presentations
        full, rest = divmod(remaining, length)
        counts[-length:] += full
        counts[end - length:end - length + rest] += 1
    elif trace.status == "stalled":
        raise ValueError(f"X, y and eta must give a run that does not stall, got a correction that left W "
                         f"unchanged ({trace.reason}): the presentations after it are not known")
    else:
        raise ValueError(f"epochs must be at most {trace.n_epochs} here, got epochs={epochs}: the run neither "
                         f"converged nor cycled within {trace.n_epochs} passes, the most a recorded run holds "
                         "(2,000,000 presentations), so the rest cannot be counted")
    return counts
