"""The voted and the averaged perceptron, read off a run of `train`.

Freund & Schapire (1999) keep every weight vector a run produces, each with the
number of presentations it survived; the voted perceptron lets them vote, the
averaged one predicts with their weighted mean. Manfredi (2021, summary) names
both as a way out for data that are not linearly separable. No update rule lives
here: the run is `train`'s, extended to the whole number of passes by counting.
"""
from dataclasses import dataclass

import numpy as np

from .trace import Trace
from .training import _numeric_array, train


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
        >>> from perceptron_lib.datasets import boolean_function
        >>> voted_perceptron(*boolean_function("xor", signed=True), epochs=5).averaged_weights().tolist()
        [0.0, 0.25, 0.5]
        """
        return self._weighted_sum() / self.counts.sum()

    def predict(self, X):
        """The voted prediction: positive iff sum_i c_i s_i(x) > 0.

        Each vector votes s_i(x) = +1 if v_i·[1, x] > 0 else -1 (the threshold
        unit's output: W·X = 0 votes negative, in both label conventions), with
        weight c_i (Freund & Schapire 1999, the voted-perceptron algorithm). A
        tied vote is negative too.

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
        >>> from perceptron_lib.datasets import boolean_function
        >>> voted_perceptron(*boolean_function("or"), epochs=3).predict([[0, 0], [1, 0]]).tolist()
        [0, 1]
        """
        votes = np.where(self._patterns(X) @ self.vectors.T > 0, 1, -1) @ self.counts
        return self._as_labels(votes > 0)

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
        >>> from perceptron_lib.datasets import boolean_function
        >>> voted = voted_perceptron(*boolean_function("or", signed=True), epochs=3)
        >>> voted.predict_averaged([[0, 0], [0, 1]]).tolist()
        [-1, 1]
        """
        # The sign of the unnormalised sum is that of the mean, and exact on integer data
        # (0.1 + 0.2 - 0.3 != 0: dividing first could turn a tie into a vote).
        return self._as_labels(self._patterns(X) @ self._weighted_sum() > 0)

    def __repr__(self):
        return f"<Voted: {len(self.vectors)} vectors over {self.counts.sum()} presentations; {self.trace!r}>"

    def _weighted_sum(self):
        return self.counts @ self.vectors

    def _as_labels(self, positive):
        return np.where(positive, 1, 0 if self.labels == "0/1" else -1)

    def _patterns(self, X):
        d = self.vectors.shape[1] - 1
        X = _numeric_array("X", X, f"(n_samples, {d})")
        if X.ndim != 2 or X.shape[1] != d:
            raise ValueError(f"X must be 2-D of shape (n_samples, {d}), one column per feature, "
                             f"got an array of shape {X.shape}")
        if not np.isfinite(X).all():
            raise ValueError("X must hold finite numbers, got NaN or inf")
        return np.hstack([np.ones((len(X), 1)), X])


def voted_perceptron(X, y, *, epochs=10, eta=1.0, initial_weights=None, order="cyclic", seed=None):
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
        The number of passes T through the data, a whole number >= 1.
    eta : float, default 1.0
        The learning rate.
    initial_weights : array-like of shape (n_features + 1,), optional
        W at the start, bias weight first; zeros by default.
    order : {"cyclic", "random"}, default "cyclic"
        The presentation order, as in `train`.
    seed : int, optional
        Seed of the random order (only with order="random").

    Returns
    -------
    Voted
        ``vectors`` of shape (k, n_features + 1) and their ``counts`` of shape
        (k,), with `Voted.predict`, `Voted.averaged_weights` and
        `Voted.predict_averaged`.

    Examples
    --------
    XOR cycles from the start (Manfredi 2021, the cycling theorem): four vectors
    recur, and over 100 passes each is current after 100 presentations.

    >>> from perceptron_lib.datasets import boolean_function
    >>> voted = voted_perceptron(*boolean_function("xor", signed=True), epochs=100)
    >>> voted.vectors.tolist(), voted.counts.tolist()
    ([[-1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 1.0, 1.0], [0.0, 0.0, 0.0]], [100, 100, 100, 100])
    """
    if isinstance(epochs, (bool, np.bool_)) or not isinstance(epochs, (int, np.integer)):
        raise TypeError(f"epochs must be a whole number >= 1, got {epochs!r}")
    if epochs < 1:
        raise ValueError(f"epochs must be a whole number >= 1, got {epochs!r}")
    trace = train(X, y, eta=eta, initial_weights=initial_weights, order=order, seed=seed,
                  max_epochs=int(epochs))
    rows = trace.weights[1:]  # W after presentations 1..N
    counts = np.ones(len(rows), np.int64)
    remaining = int(epochs) * len(trace.y) - trace.n_presentations
    if trace.status == "converged":
        counts[-1] += remaining
    elif trace.status == "cycling":
        # W after p equals W after p - cycle_length from cycle_start on, and the trace
        # holds at least one whole cycle: its last cycle_length rows repeat forever.
        length = trace.cycle_length
        full, rest = divmod(remaining, length)
        counts[-length:] += full
        counts[len(rows) - length:len(rows) - length + rest] += 1
    first = np.flatnonzero(np.r_[True, (rows[1:] != rows[:-1]).any(axis=1)])
    return Voted(vectors=rows[first], counts=np.add.reduceat(counts, first), trace=trace,
                 labels=trace.labels)
