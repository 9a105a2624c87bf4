"""Variants of the learning rule: voted and averaged; the perceptron criterion; sigmoid units; Budinich's algorithms.

- The voted and the averaged perceptron, read off a run of `train`. Freund &
  Schapire (1999) keep every weight vector a run produces, each with the
  number of presentations it survived; the voted perceptron lets them vote,
  the averaged one predicts with their weighted mean. Manfredi (2021, summary)
  names both as a way out for data that are not linearly separable. No update
  rule lives here: the run is `train`'s, extended to the whole number of passes
  by counting.
- The perceptron criterion E(W) = -sum over misclassified patterns of t W·X,
  whose stochastic gradient step is the perceptron's update (Stensbo-Smidt
  2015, eqs. 3-6).
- A sigmoid unit o = f(beta W·X) trained by gradient descent on
  E = 1/2 sum (xi - o)^2 (Budinich 1993, section 2, eqs. 1-3); the steepness
  beta_opt that maximises one pattern's step (section 4, eq. 5); Budinich's
  adaptive algorithm (section 4) and the standard algorithm of his appendix,
  each run on many problems at once (arrays over problems, as `train_many`).

Every sum of products is added in fixed order (`perceptron_lib.arithmetic`),
and the votes are counted in integers, so every machine gives the same numbers.
"""
from dataclasses import dataclass

import numpy as np

from . import validation as check
from .arithmetic import add_with_ones, dot, exp, nets, norm
from .datasets import boolean_patterns
from .trace import Trace
from .training import MAX_RECORDED, train

LABELS = ("0/1", "-1/+1")
MAX_COUNT = 2**62  # epochs * n_samples: the counts are 64-bit integers


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
        >>> from perceptron_lib.datasets import boolean_function
        >>> voted_perceptron(*boolean_function("or"), epochs=3).predict([[0, 0], [1, 0]]).tolist()
        [0, 1]
        """
        votes = np.where(nets(self.vectors, self._patterns(X)) > 0, 1, -1)  # (vectors, patterns)
        total = (np.asarray(self.counts, np.int64)[:, None] * votes).sum(axis=0)  # whole numbers: exact
        return self._as_labels(total > 0)

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
        return self._as_labels(nets(self._weighted_sum(), self._patterns(X)) > 0)

    def __repr__(self):
        return f"<Voted: {len(self.vectors)} vectors over {self.counts.sum()} presentations; {self.trace!r}>"

    def _weighted_sum(self):
        """sum_i c_i v_i, added in order i = 0, 1, ..."""
        return dot(self.vectors.T, self.counts)

    def _as_labels(self, positive):
        return np.where(positive, 1, 0 if self.labels == "0/1" else -1)

    def _patterns(self, X):
        return add_with_ones(check.patterns("X", X, n_features=self.vectors.shape[1] - 1))


def voted_perceptron(X, y, *, epochs=10, eta=1.0, initial_weights=None, order="cyclic", seed=None, labels=None):
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

    >>> from perceptron_lib.datasets import boolean_function
    >>> voted = voted_perceptron(*boolean_function("xor", signed=True), epochs=100)
    >>> voted.vectors.tolist(), voted.counts.tolist()
    ([[-1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 1.0, 1.0], [0.0, 0.0, 0.0]], [100, 100, 100, 100])
    """
    X = check.patterns("X", X)
    convention = None if labels is None else check.choice("labels", labels, LABELS)
    y, convention = check.labels("y", y, len(X), convention=convention)
    epochs = check.whole("epochs", epochs, minimum=1)
    if epochs * len(X) > MAX_COUNT:
        raise ValueError(f"epochs must keep epochs * n_samples within 2**62 (the counts are 64-bit integers), "
                         f"got epochs={epochs} with {len(X)} patterns")
    passes = max(1, min(epochs, MAX_RECORDED // len(X)))
    trace = train(X, y, eta=eta, initial_weights=initial_weights, order=order, seed=seed, max_epochs=passes)
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


# The perceptron criterion, sigmoid units and Budinich's algorithms -------------------------------------------------

# Every call ends in seconds: weights * patterns computed at once (arrays of this many nets) ...
MAX_CELLS = 10_000_000
# ... moves of one recorded sigmoid run ...
MAX_SIGMOID_MOVES = 100_000
# ... and problems * patterns * weights * evaluations (moves) of one call of Budinich's algorithms.
MAX_WORK = 2_000_000_000
# Budinich's problems are digital: whole-number patterns up to this size, so that solutions are checked exactly.
LARGEST_PATTERN = 2**20
# The adaptive line search (see adaptive_algorithm): first trial (the default of first_step), largest move (both
# times |W|), most bisections.
FIRST_STEP = 1 / 8
LARGEST_STEP = 2.0**30
MAX_BISECTIONS = 60
INPUTS = ("0/1", "-1/+1")


def perceptron_criterion(w, X, y):
    """The perceptron criterion E(W) = -sum over misclassified i of t_i W·X_i (Stensbo-Smidt 2015, eq. 3).

    The misclassified patterns M are those `train` would correct at W: for
    labels -1/+1 the patterns with t W·X <= 0, for labels 0/1 those whose
    threshold output o = [W·X > 0] differs from the label (t = 2c - 1 there).
    Each term -t W·X is >= 0, so E(W) >= 0, and E(W) = 0 when no pattern is
    misclassified. A pattern on its plane (W·X = 0) adds 0 even when it
    counts as misclassified, so at W = 0 the criterion is 0 too: there only
    its gradient (`criterion_gradient`) sees the mistakes. The terms are added
    left to right over the patterns.

    Parameters
    ----------
    w : array-like of shape (n_features + 1,) or (n_weights, n_features + 1)
        One weight vector [w0, w1, ..., wn], or one per row (e.g. a run's
        ``Trace.weights``, to follow E along the run).
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.

    Returns
    -------
    float or ndarray of shape (n_weights,)

    Examples
    --------
    >>> from perceptron_lib.datasets import boolean_function
    >>> X, y = boolean_function("or", signed=True)
    >>> perceptron_criterion([[-1, 0, 0], [-0.5, 1, 0], [-0.5, 1, 1]], X, y).tolist()
    [3.0, 0.5, 0.0]
    """
    rows, one, X1, y, convention = _weights_and_data(w, X, y)
    net = nets(rows, X1)
    t = _signs(y, convention)
    terms = np.where(_mistakes(net, y, convention), -t * net, 0.0)  # eq. 3: -sum over M of t W·X
    criterion = _total(terms) + 0.0  # + 0.0: no -0.0 for a run without mistakes
    return float(criterion[0]) if one else criterion


def criterion_gradient(w, X, y, *, pattern=None):
    """The gradient of the perceptron criterion, -sum over misclassified i of t_i X_i (Stensbo-Smidt 2015, eqs. 3-5).

    With ``pattern=k`` it is the gradient of pattern k's own term,
    E_k(W) = -t_k W·X_k if k is misclassified, else 0: -t_k X_k or zeros. A
    step of stochastic gradient descent, W - eta grad E_k(W), is then
    W + eta t_k X_k on a mistake and W otherwise: the perceptron's update
    (eq. 6), bit for bit what `train` does with that pattern. The criterion is
    not differentiable where a pattern lies on its plane; there the gradient
    from the misclassified side is returned when `train` counts the pattern
    as a mistake (labels -1/+1 always, labels 0/1 for a positive pattern).

    Parameters
    ----------
    w : array-like of shape (n_features + 1,) or (n_weights, n_features + 1)
        One weight vector, or one per row.
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.
    pattern : int, optional
        The one pattern whose term is differentiated (0 to n_samples - 1); all
        patterns by default.

    Returns
    -------
    ndarray of shape (n_features + 1,) or (n_weights, n_features + 1)
        dE/dW, bias component first; the sum is added left to right over the patterns.

    Examples
    --------
    At W = 0 every pattern of OR is a mistake (t W·X = 0); one SGD step with
    eta = 1 on pattern 1 is the perceptron's update W + t_1 X_1:

    >>> from perceptron_lib.datasets import boolean_function
    >>> X, y = boolean_function("or", signed=True)
    >>> criterion_gradient([0, 0, 0], X, y).tolist()
    [-2.0, -2.0, -2.0]
    >>> w = np.zeros(3)
    >>> (w - 1.0 * criterion_gradient(w, X, y, pattern=1)).tolist()
    [1.0, 0.0, 1.0]
    """
    rows, one, X1, y, convention = _weights_and_data(w, X, y)
    if pattern is not None:
        pattern = check.whole("pattern", pattern, minimum=0, maximum=len(y) - 1)
    net = nets(rows, X1)
    wrong = _mistakes(net, y, convention)
    if pattern is not None:
        wrong &= np.arange(len(y)) == pattern
    coefficients = np.where(wrong, -_signs(y, convention), 0.0)  # eqs. 4-5: dE/dW = -sum over M of t X
    gradient = dot(coefficients[:, None, :], X1.T) + 0.0
    return gradient[0] if one else gradient


def sigmoid_cost(w, X, y, *, beta=1.0):
    """The cost E = 1/2 sum_p (xi_p - o_p)^2 of a sigmoid unit o = f(beta W·X) (Budinich 1993, eqs. 1-2).

    f(x) = 1 / (1 + e^(-x)); beta is its steepness, and as beta grows E tends
    to the number of patterns on the wrong side (Budinich 1993, section 2).
    Budinich's threshold enters as the bias weight: w0 = -theta.

    Parameters
    ----------
    w : array-like of shape (n_features + 1,) or (n_weights, n_features + 1)
        One weight vector, or one per row.
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Targets: xi = 1 for label 1, xi = 0 for label 0 (or -1).
    beta : float, default 1.0
        The steepness, a finite number > 0.

    Returns
    -------
    float or ndarray of shape (n_weights,)

    Examples
    --------
    At W = 0 every output is 1/2, so E = n / 8 whatever beta:

    >>> from perceptron_lib.datasets import boolean_function
    >>> sigmoid_cost([0, 0, 0], *boolean_function("or"), beta=5.0)
    0.5
    """
    rows, one, X1, y, _ = _weights_and_data(w, X, y)
    beta = check.positive("beta", beta)
    residual = (y == 1) - _sigmoid(beta * nets(rows, X1))  # xi - o, o = f(beta W·X) (eq. 1)
    cost = 0.5 * _total(residual * residual)  # E = 1/2 sum (xi - o)^2 (eq. 2)
    return float(cost[0]) if one else cost


def sigmoid_gradient(w, X, y, *, beta=1.0):
    """dE/dW = -beta sum_p (xi_p - o_p) f'(beta x_p) X_p for the cost of `sigmoid_cost` (Budinich 1993, eq. 3).

    f'(beta x) = o (1 - o). A step of gradient descent is
    Delta W = -eta dE/dW = eta beta sum_p (xi_p - o_p) o_p (1 - o_p) X_p: eq. 3,
    whose length is set by eta beta. With 0/1 inputs, a pattern's input that is
    0 adds nothing to its weight's change (Budinich's argument for +-1 inputs).

    Parameters
    ----------
    w : array-like of shape (n_features + 1,) or (n_weights, n_features + 1)
        One weight vector, or one per row.
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Targets: xi = 1 for label 1, xi = 0 for label 0 (or -1).
    beta : float, default 1.0
        The steepness, a finite number > 0.

    Returns
    -------
    ndarray of shape (n_features + 1,) or (n_weights, n_features + 1)
        Bias component first; summed left to right over the patterns.

    Examples
    --------
    >>> from perceptron_lib.datasets import boolean_function
    >>> sigmoid_gradient([0, 0, 0], *boolean_function("or")).tolist()
    [-0.25, -0.25, -0.25]
    """
    rows, one, X1, y, _ = _weights_and_data(w, X, y)
    beta = check.positive("beta", beta)
    betas = np.full(len(rows), beta)
    gradient = -beta * _descent(nets(rows, X1), y == 1, betas, X1)
    return gradient[0] if one else gradient


@dataclass(frozen=True, eq=False)
class SigmoidRun:
    """A run of gradient descent on a sigmoid unit, as `train_sigmoid` returns it.

    Row k of each array describes the state after k moves (row 0: the start).

    Attributes
    ----------
    X : ndarray of shape (n_samples, n_features + 1)
        The patterns with the bias input x0 = 1 prepended.
    targets : ndarray of shape (n_samples,)
        xi, 0 or 1.
    beta, eta : float
        The steepness and the learning factor; a move has length set by beta * eta.
    per_pattern : bool
        True: each move follows one pattern (in cyclic order); False: each
        move follows the whole gradient, one move per epoch.
    weights : ndarray of shape (n_moves + 1, n_features + 1)
        W at the start and after each move.
    cost : ndarray of shape (n_moves + 1,)
        E = 1/2 sum (xi - o)^2 at each W.
    errors : ndarray of shape (n_moves + 1,)
        Patterns on the wrong side of o = 1/2 at each W (integers).
    pattern : ndarray of shape (n_moves,)
        The pattern each move followed (per_pattern), or -1 (whole gradient).
    status : {"solved", "max_epochs"}
        "solved" once no pattern is on the wrong side.
    """

    X: np.ndarray
    targets: np.ndarray
    beta: float
    eta: float
    per_pattern: bool
    weights: np.ndarray
    cost: np.ndarray
    errors: np.ndarray
    pattern: np.ndarray
    status: str

    @property
    def n_moves(self):
        """The number of moves made."""
        return len(self.weights) - 1

    def __repr__(self):
        return (f"<SigmoidRun: {self.status} after {self.n_moves} moves "
                f"({'per pattern' if self.per_pattern else 'whole gradient'}, beta={self.beta:g}, eta={self.eta:g}); "
                f"errors {self.errors[0]} -> {self.errors[-1]}, E {self.cost[0]:.4g} -> {self.cost[-1]:.4g}>")


def train_sigmoid(X, y, *, beta=1.0, eta=1.0, per_pattern=False, initial_weights=None, max_epochs=100):
    """Gradient descent on a sigmoid unit's cost, with the error count alongside (Budinich 1993, section 2).

    Each move is Delta W = eta beta sum_p (xi_p - o_p) o_p (1 - o_p) X_p
    (eq. 3), o_p = 1 / (1 + e^(-beta W·X_p)): over all patterns (one move per
    epoch), or with ``per_pattern=True`` over one pattern at a time, in cyclic
    order (n_samples moves per epoch). After each move the run records W, the
    cost E (eq. 2) and the number of patterns on the wrong side of o = 1/2
    (W·X <= 0 for xi = 1, W·X >= 0 for xi = 0: at W·X = 0, o = 1/2 is on
    neither side). It stops "solved" once that number is 0 (checked at the
    start too), otherwise after max_epochs epochs ("max_epochs").

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Targets: xi = 1 for label 1, xi = 0 for label 0 (or -1).
    beta : float, default 1.0
        The steepness of f, a finite number > 0.
    eta : float, default 1.0
        The learning factor, a finite number > 0.
    per_pattern : bool, default False
        Move after each pattern instead of after each epoch.
    initial_weights : array-like of shape (n_features + 1,), optional
        W at the start, bias weight first; zeros by default.
    max_epochs : int, default 100
        The most epochs; the run may make at most 100,000 moves, and
        moves * n_samples at most 10,000,000.

    Returns
    -------
    SigmoidRun

    Examples
    --------
    >>> from perceptron_lib.datasets import boolean_function
    >>> X, y = boolean_function("or")
    >>> run = train_sigmoid(2 * X - 1, y, beta=0.3, eta=5.0)
    >>> run.status, run.n_moves, run.errors.tolist()
    ('solved', 1, [4, 0])
    """
    X = check.patterns("X", X)
    y, _ = check.labels("y", y, len(X))
    beta, eta = check.positive("beta", beta), check.positive("eta", eta)
    per_pattern = check.flag("per_pattern", per_pattern)
    X1 = add_with_ones(X)
    w = np.zeros(X1.shape[1]) if initial_weights is None else \
        check.weight_vector("initial_weights", initial_weights, X1.shape[1])
    max_epochs = check.whole("max_epochs", max_epochs, minimum=1)
    moves = max_epochs * (len(X) if per_pattern else 1)
    if moves > MAX_SIGMOID_MOVES or moves * len(X) > MAX_CELLS:
        raise ValueError(f"max_epochs must keep the moves within {MAX_SIGMOID_MOVES:,} and moves * n_samples within "
                         f"{MAX_CELLS:,} (seconds of work), got {moves:,} moves of {len(X)} patterns")
    positive = y == 1
    weights, patterns = _sigmoid_moves(X1, positive, w, beta, beta * eta, moves, per_pattern)
    residual = positive - _sigmoid(beta * nets(weights, X1))
    errors = _wrong_side(nets(weights, X1), positive).sum(axis=1)
    return SigmoidRun(X=X1, targets=positive.astype(np.int64), beta=beta, eta=eta, per_pattern=per_pattern,
                      weights=weights, cost=0.5 * _total(residual * residual), errors=errors,
                      pattern=patterns, status="solved" if errors[-1] == 0 else "max_epochs")


def _sigmoid_moves(X1, positive, w, beta, beta_eta, moves, per_pattern):
    """The weights after each move until no pattern is on the wrong side (or `moves` moves), and the patterns used."""
    n = len(X1)
    W, rows, used = w[None, :], [w], []
    betas, steps = np.array([beta]), np.array([beta_eta])
    for move in range(moves):
        net = nets(W, X1)
        if not _wrong_side(net, positive).any():
            break
        if per_pattern:
            k = move % n
            W = W + steps[:, None] * _descent(net[:, k:k + 1], positive[k:k + 1], betas, X1[k:k + 1])
        else:
            k = -1
            W = W + steps[:, None] * _descent(net, positive, betas, X1)
        rows.append(W[0])
        used.append(k)
    return np.array(rows), np.array(used, np.int64)


def beta_opt(x):
    """The steepness that maximises one pattern's step, from beta x = (e^(beta x) + 1) / (2 e^(beta x) - 1).

    Budinich (1993, section 4) differentiates one pattern's Delta w (eq. 5,
    `weight_change`) with respect to beta for xi = 1, i = 1 and a net input
    x > 0, and finds that the maximum lies where beta x = (e^(beta x) + 1) /
    (2 e^(beta x) - 1); approximately beta_opt = 0.89 / x. The equation is
    solved here by bisection in beta, between 0 (where the left side is
    smaller) and 2 / |x| (where it is larger; the right side falls from 2 as
    beta x grows, so the root is unique), to the last bit. By symmetry the
    same beta serves a pattern with xi = 0 and x < 0, so |x| is used. The
    product beta_opt * x is the same for every x: `BETA_OPT_X`, about 0.8884.

    Parameters
    ----------
    x : float or array-like
        Net inputs W·X, nonzero, of size from 1e-150 to 1e150.

    Returns
    -------
    float or ndarray of the shape of x

    Examples
    --------
    >>> round(beta_opt(2.0), 4), round(0.89 / 2.0, 4)
    (0.4442, 0.445)
    """
    values = check.array("x", x, "a number or an array of numbers")
    size = np.abs(values)
    if values.size == 0 or not ((size >= 1e-150) & (size <= 1e150)).all():
        raise ValueError(f"x must hold nonzero net inputs of size from 1e-150 to 1e150, got {check.shown(x)}")
    result = _solve_beta_opt(size)
    return float(result) if result.ndim == 0 else result


def _solve_beta_opt(size):
    """Bisection for beta in (0, 2 / size): g(beta size) < 0 at lo, >= 0 at hi, until no float lies between."""
    lo, hi = np.zeros_like(size), 2 / size
    while True:
        mid = (lo + hi) / 2
        open_ = (mid > lo) & (mid < hi)
        if not open_.any():
            return hi
        u = mid * size  # at most 2
        e = exp(u)
        below = u < (e + 1) / (2 * e - 1)
        lo, hi = np.where(open_ & below, mid, lo), np.where(open_ & ~below, mid, hi)


# beta_opt x: the root u of u = (e^u + 1) / (2 e^u - 1), about 0.8884 (Budinich writes 0.89).
BETA_OPT_X = float(_solve_beta_opt(np.array(1.0)))


def weight_change(beta, x, *, target=1, input_value=1.0):
    """One pattern's Delta w as a function of beta: beta (xi - f(beta x)) f'(beta x) i (Budinich 1993, eq. 5).

    With eta = 1. It vanishes as beta -> 0 (the factor beta) and as beta -> inf
    (f' -> 0 unless x = 0); in between it peaks, for xi = 1, i = 1, x > 0, at
    `beta_opt`(x) (Budinich's figure 4 draws it for x = 2).

    Parameters
    ----------
    beta : float or array-like
        Steepnesses, finite numbers >= 0.
    x : float
        The pattern's net input W·X.
    target : {0, 1}, default 1
        xi.
    input_value : float, default 1.0
        The input i the weight multiplies.

    Returns
    -------
    float or ndarray of the shape of beta

    Examples
    --------
    >>> [round(float(v), 4) for v in weight_change([0.1, beta_opt(2.0), 3.0], 2.0)]
    [0.0111, 0.0267, 0.0]
    """
    betas = check.array("beta", beta, "a number or an array of numbers")
    if (betas < 0).any():
        raise ValueError(f"beta must hold numbers >= 0, got {check.shown(beta)}")
    x = check.number("x", x, minimum=-1e150, maximum=1e150)
    target = check.whole("target", target, minimum=0, maximum=1)
    input_value = check.number("input_value", input_value, minimum=-1e150, maximum=1e150)
    o = _sigmoid(betas * x)
    change = betas * (target - o) * (o * (1 - o)) * input_value  # eq. 5: beta (xi - f) f' i
    return float(change) if change.ndim == 0 else change


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
    n_inputs = check.whole("n_inputs", n_inputs, minimum=1, maximum=4)
    check.choice("inputs", inputs, INPUTS)
    X = boolean_patterns(n_inputs)
    n = len(X)
    Y = (np.arange(2**n)[:, None] >> np.arange(n)) & 1
    return (2 * X - 1 if inputs == "-1/+1" else X), Y.astype(np.int64)


@dataclass(frozen=True, eq=False)
class AdaptiveRuns:
    """How Budinich's adaptive algorithm ended on each problem, as `adaptive_algorithm` returns it.

    Attributes
    ----------
    status : ndarray of shape (n_problems,)
        "solved" (checked in exact arithmetic), "no solution" (Budinich's
        halt: the first step along the gradient raises the error count),
        "no step" (no step within the largest move), "rounding" (floats could
        not tell the next step) or "max_evaluations"; see `adaptive_algorithm`.
    start_weights, final_weights : ndarray of shape (n_problems, n_features + 1)
        W at the random start and at the end, bias weight first.
    n_moves : ndarray of shape (n_problems,)
        Moves accepted (each lowered the error count).
    n_evaluations : ndarray of shape (n_problems,)
        Evaluations of the cost function: the start and every trial point.
    start_errors, final_errors : ndarray of shape (n_problems,)
        Patterns on the wrong side of o = 1/2 at the start and at the end,
        counted in floats (so 0 for a "rounding" that floats took for solved).
    """

    status: np.ndarray
    start_weights: np.ndarray
    final_weights: np.ndarray
    n_moves: np.ndarray
    n_evaluations: np.ndarray
    start_errors: np.ndarray
    final_errors: np.ndarray

    def __len__(self):
        return len(self.status)

    def __repr__(self):
        found = ", ".join(f"{(self.status == s).sum()} {s}" for s in ADAPTIVE_STATUSES if (self.status == s).any())
        return (f"<AdaptiveRuns of {len(self)} problems: {found}; "
                f"{self.n_evaluations.mean():.1f} evaluations per problem>")


ADAPTIVE_STATUSES = ("solved", "no solution", "no step", "rounding", "max_evaluations")


def adaptive_algorithm(X, Y, *, seed=0, initial_weights=None, max_evaluations=200, first_step=FIRST_STEP):
    """Budinich's adaptive perceptron algorithm, on many problems at once (Budinich 1993, section 4).

    A sigmoid unit o = f(beta W·X) with targets xi in {0, 1}; its error count
    m is the number of patterns on the wrong side of o = 1/2. For each
    problem, Budinich's steps:

    1. a random start W (independent standard normal weights, from `seed`)
       and its error count m;
    2. beta set to the mean of ``beta_opt`` over the misclassified patterns,
       beta_opt = BETA_OPT_X / |W·X| (see `beta_opt`), and the gradient of
       E = 1/2 sum (xi - o)^2 at W (eq. 3);
    3. a search along the negative gradient for the first step of the error
       count: trial moves of |W| / 8, |W| / 4, |W| / 2, ... (doubling, from
       ``first_step`` |W|) until one changes which patterns are
       misclassified, then bisection of the last interval until it holds a
       single step; the trial just past it is the tentative W';
    4. the error count m' at W' and, with it, the new beta;
    5. m' = 0: "solved"; m' < m: accept W' and go to 2; m' > m: the cost
       function has a minimum here, "no solution".

    Budinich says only that the search "takes only a logarithmic number of
    trials"; the doubling-then-bisection search and its first trial are this
    package's design, and the number of cost evaluations depends on them
    (``first_step``). Each accepted move lowers m, so a problem ends after at
    most n_samples moves. All problems run together: each round of the loop
    evaluates one trial point of every problem still running.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns shared by all problems, without the bias input: whole
        numbers of size at most 2**20 (Budinich's digital inputs, e.g. from
        `boolean_problems`), so that a solution can be checked exactly.
    Y : array-like of shape (n_problems, n_samples) or (n_samples,)
        The targets of each problem: xi = 1 for label 1, xi = 0 for label 0
        (or -1); one convention for all problems.
    seed : int or None, default 0
        Seed of the random starts (row p of ``rng.standard_normal((n_problems,
        n_features + 1))`` for problem p); None draws fresh entropy. Not used
        with initial_weights.
    initial_weights : array-like of shape (n_features + 1,) or (n_problems, n_features + 1), optional
        Starts to use instead of random ones.
    max_evaluations : int, default 200
        The most cost evaluations per problem, at least 1; n_problems *
        n_samples * (n_features + 1) * max_evaluations may be at most
        2,000,000,000, so that every call ends in seconds.
    first_step : float, default 1/8
        The first trial move of each search, in units of |W|: a finite
        number > 0 and <= 1. Smaller first trials need more doublings to
        reach a step of the error count, so more evaluations per move.

    Returns
    -------
    AdaptiveRuns

    Notes
    -----
    Budinich leaves the handling of rounding open ("an actual implementation
    ... needs some care"); the rules here:

    - Counting: W·X is added left to right (`perceptron_lib.arithmetic`); a
      pattern with W·X = 0 (o = 1/2) is misclassified whatever its target.
    - beta: a misclassified pattern with W·X = 0 has no finite beta_opt and is
      left out of the mean; if every misclassified pattern has W·X = 0, beta
      = BETA_OPT_X / max |W·X| (1 if W·X = 0 on all). Budinich derives
      beta_opt for a pattern on its correct side (xi = 1, x > 0); for a
      misclassified one, eq. 5 peaks nearer 1.77 / |x|. His rule is used as
      he states it.
    - The search: the gradient is scaled to the length of W (unit length if
      W = 0; the whole search is then scale-free); trial t moves W by t |W|,
      t = first_step, 2 first_step, ... (1/8, 1/4, ... by default), at most
      2**30 (`LARGEST_STEP`): beyond, W would be the direction alone, and the
      problem stops "no step" (so does one whose gradient vanishes). A trial
      changes when its set of misclassified patterns differs from that at W,
      not only their number, so that a rise and a fall crossed together are
      not mistaken for a plateau.
    - Bisection: [lo, hi] is halved at its midpoint until exactly one pattern
      has changed side between W and hi, no float lies strictly between lo and
      hi, or after 60 bisections; W' is always the trial at hi (just past the
      first change found, within the bracket). If several patterns changed
      side within the resolution of floats and m' = m, neither of Budinich's
      rules applies: "rounding".
    - "solved" is claimed only if the final W puts every pattern strictly on
      its side in exact arithmetic (the patterns are whole numbers, each weight
      an exact binary fraction); else "rounding". So a problem with no
      solution is never reported solved. "no solution" is Budinich's halting
      rule and can be wrong: this simplified version (his own word) halts on
      some soluble problems.
    - Size: after a move, W is rescaled by a power of two (exactly, so no sign
      changes) whenever its largest weight leaves 2**-100 .. 2**100.
    - Evaluations: one at the start and one per trial point; each computes
      W·X for all patterns and the error count, and at an accepted point beta
      and the gradient from the same W·X. Rescaling recomputes W·X at the
      same point, and is not counted.

    Examples
    --------
    The 256 problems of three inputs: all 104 soluble ones solved, 151 of the
    152 others halted as "no solution":

    >>> X, Y = boolean_problems(3)
    >>> runs = adaptive_algorithm(X, Y)
    >>> {s: int((runs.status == s).sum()) for s in ("solved", "no solution", "no step")}
    {'solved': 104, 'no solution': 151, 'no step': 1}
    >>> round(float(runs.n_evaluations.mean()), 1)
    11.4
    """
    X1, exact_X, positive = _problems(X, Y)
    starts = _starts(seed, initial_weights, len(positive), X1.shape[1])
    max_evaluations = check.whole("max_evaluations", max_evaluations, minimum=1)
    first_step = check.number("first_step", first_step, above=0, maximum=1)
    _check_work(positive.shape, X1.shape[1], max_evaluations, "max_evaluations")
    runs = _Adaptive(X1, positive, starts, max_evaluations, first_step).run()
    status = runs.status.copy()
    claimed = np.flatnonzero(status == "solved")
    status[claimed[~_exactly_separated(runs.final_weights[claimed], exact_X, positive[claimed])]] = "rounding"
    return AdaptiveRuns(status=status, start_weights=starts, final_weights=runs.final_weights,
                        n_moves=runs.n_moves, n_evaluations=runs.n_evaluations,
                        start_errors=runs.start_errors, final_errors=runs.final_errors)


class _Adaptive:
    """The problems of one adaptive_algorithm call, searching together; the rows are the problems still running.

    Per row: its problem (`ids`), targets (`positive`), W with its nets and
    misclassified set, the scaled search direction `step`, the bracket
    [lo, hi] of the search in units of |W| (hi = inf while doubling), the
    bisections made, and the trial at hi (W_hi and its nets and set).
    """

    _ROWS = ("ids", "positive", "W", "net", "wrong", "step", "lo", "hi", "bisections", "W_hi", "net_hi", "wrong_hi",
             "alive")

    def __init__(self, X1, positive, W, max_evaluations, first_step=FIRST_STEP):
        n_problems = len(W)
        self.X1, self.max_evaluations, self.first_step = X1, max_evaluations, first_step
        self.status = np.full(n_problems, "", dtype="<U15")
        self.final_weights = W.copy()
        self.n_moves = np.zeros(n_problems, np.int64)
        self.n_evaluations = np.ones(n_problems, np.int64)
        self.ids, self.positive, self.W = np.arange(n_problems), positive, W.copy()
        self.net, self.wrong = self._evaluate(self.W, self.positive)
        self.start_errors = self.wrong.sum(axis=1)
        self.final_errors = self.start_errors.copy()
        self.lo, self.hi = np.zeros(n_problems), np.full(n_problems, np.inf)
        self.bisections = np.zeros(n_problems, np.int64)
        self.W_hi, self.net_hi, self.wrong_hi = self.W.copy(), self.net.copy(), self.wrong.copy()
        self.alive = np.ones(n_problems, bool)
        self.step = self._direction(self.W, self.net, self.wrong, self.positive)
        self._end(self.start_errors == 0, "solved")
        self._end(self.n_evaluations >= max_evaluations, "max_evaluations")
        self._compact()

    def run(self):
        while len(self.ids):
            self._trial()
        return self

    def _trial(self):
        """One trial point for every row: a doubling or a bisection step of its search, then its verdict."""
        doubling = np.isinf(self.hi)
        t = np.where(doubling, np.where(self.lo == 0, self.first_step, 2 * self.lo), (self.lo + self.hi) / 2)
        split = doubling | ((t > self.lo) & (t < self.hi))  # else no float lies between lo and hi
        W = self.W + t[:, None] * self.step
        net, wrong = self._evaluate(W, self.positive)
        self.n_evaluations[self.ids[split]] += 1
        changed = split & (wrong != self.wrong).any(axis=1)
        self.lo = np.where(split & ~changed, t, self.lo)
        self.hi = np.where(changed, t, self.hi)
        self.W_hi[changed], self.net_hi[changed], self.wrong_hi[changed] = W[changed], net[changed], wrong[changed]
        self.bisections += ~doubling
        single = (self.wrong_hi != self.wrong).sum(axis=1) == 1
        found = np.isfinite(self.hi) & (single | ~split | (self.bisections >= MAX_BISECTIONS))
        self._end(doubling & ~changed & (self.lo >= LARGEST_STEP), "no step")
        self._conclude(found)
        self._compact()

    def _conclude(self, found):
        """Budinich's step 5 for the rows whose search found a step."""
        m, m_new = self.wrong.sum(axis=1), self.wrong_hi.sum(axis=1)
        self._end(found & (m_new > m), "no solution")
        self._end(found & (m_new == m), "rounding")
        accept = found & (m_new < m) & self.alive
        self.n_moves[self.ids[accept]] += 1
        self.W[accept], self.net[accept], self.wrong[accept] = self.W_hi[accept], self.net_hi[accept], \
            self.wrong_hi[accept]
        self._end(accept & (m_new == 0), "solved")
        going = np.flatnonzero(accept & (m_new > 0))
        self._rescale(going)
        self.step[going] = self._direction(self.W[going], self.net[going], self.wrong[going], self.positive[going])
        self.lo[going], self.hi[going], self.bisections[going] = 0.0, np.inf, 0
        self._end(self.n_evaluations[self.ids] >= self.max_evaluations, "max_evaluations")

    def _evaluate(self, W, positive):
        net = nets(W, self.X1)
        return net, _wrong_side(net, positive)

    def _direction(self, W, net, wrong, positive):
        """The negative gradient at W with beta = the mean beta_opt of the misclassified patterns, scaled to |W|."""
        descent = _descent(net, positive, _mean_beta_opt(net, wrong), self.X1)
        length, size = norm(W), norm(descent)
        scale = np.where(size > 0, np.where(length > 0, length, 1.0) / np.where(size > 0, size, 1.0), 0.0)
        return descent * scale[:, None]

    def _rescale(self, rows):
        """Rows whose largest weight left 2**-100 .. 2**100: W times a power of two (exact), W·X recomputed."""
        exponent = np.frexp(np.abs(self.W[rows]).max(axis=1))[1]
        out = rows[np.abs(exponent) > 100]
        if len(out):
            self.W[out] = np.ldexp(self.W[out], -exponent[np.abs(exponent) > 100][:, None])
            self.net[out], self.wrong[out] = self._evaluate(self.W[out], self.positive[out])

    def _end(self, rows, status):
        """Rows that stop, with this status, at their W (at W_hi if solved); ended rows stay ended."""
        rows = rows & self.alive
        ids = self.ids[rows]
        self.status[ids] = status
        self.final_weights[ids] = self.W[rows]
        self.final_errors[ids] = self.wrong[rows].sum(axis=1)
        self.alive = self.alive & ~rows

    def _compact(self):
        if not self.alive.all():
            keep = self.alive
            for name in self._ROWS:
                setattr(self, name, getattr(self, name)[keep])


def _mean_beta_opt(net, wrong):
    """beta per row: the mean of BETA_OPT_X / |W·X| over the misclassified patterns off their planes (see adaptive)."""
    size = np.abs(net)
    off = wrong & (size > 0)
    count = off.sum(axis=1)
    mean = _total(np.where(off, BETA_OPT_X / np.where(off, size, 1.0), 0.0)) / np.maximum(count, 1)
    largest = size.max(axis=1)
    fallback = np.where(largest > 0, BETA_OPT_X / np.where(largest > 0, largest, 1.0), 1.0)
    return np.where(count > 0, mean, fallback)


@dataclass(frozen=True, eq=False)
class StandardRuns:
    """How the standard algorithm ended on each problem, as `standard_algorithm` returns it.

    Attributes
    ----------
    status : ndarray of shape (n_problems,)
        "solved" (checked in exact arithmetic), "max_moves" (not solved within
        max_moves moves) or "rounding" (the floats put every pattern on its
        side, exact arithmetic does not).
    start_weights, final_weights : ndarray of shape (n_problems, n_features + 1)
    n_moves : ndarray of shape (n_problems,)
        Moves made: to the solution, or max_moves.
    n_evaluations : ndarray of shape (n_problems,)
        Evaluations of the cost function (with its gradient): n_moves + 1.
    final_errors : ndarray of shape (n_problems,)
        Patterns on the wrong side of o = 1/2 at the end.
    beta, beta_eta : float
        The steepness and the move length of the run.
    """

    status: np.ndarray
    start_weights: np.ndarray
    final_weights: np.ndarray
    n_moves: np.ndarray
    n_evaluations: np.ndarray
    final_errors: np.ndarray
    beta: float
    beta_eta: float

    def __len__(self):
        return len(self.status)

    def __repr__(self):
        return (f"<StandardRuns of {len(self)} problems (beta={self.beta:g}, beta*eta={self.beta_eta:g}): "
                f"{(self.status == 'solved').sum()} solved; {self.n_evaluations.mean():.1f} evaluations per problem>")


def standard_algorithm(X, Y, *, beta=0.3, beta_eta=1.5, max_moves=40, seed=0, initial_weights=None):
    """The standard algorithm of Budinich's appendix: sigmoid gradient descent with fixed beta and beta eta.

    Each move is Delta W = beta eta sum_p (xi_p - o_p) o_p (1 - o_p) X_p
    (Budinich 1993, eq. 3, over all patterns), o_p = f(beta W·X_p); beta sets
    the steepness, beta eta the length of the moves. A problem is solved once
    no pattern is on the wrong side of o = 1/2 (W·X = 0 counts wrong), which
    is checked before each move; Budinich stops at 40 moves. The defaults are
    the best values of his appendix (beta = 0.3, beta eta = 1.5, found on the
    256 problems of 3 inputs); the starts are those of `adaptive_algorithm`
    for the same seed, so the two can be compared problem by problem.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns shared by all problems: whole numbers of size at most 2**20.
    Y : array-like of shape (n_problems, n_samples) or (n_samples,)
        The targets of each problem (xi = 1 for label 1, else 0).
    beta : float, default 0.3
        The steepness, a finite number > 0.
    beta_eta : float, default 1.5
        The move length beta * eta, a finite number > 0.
    max_moves : int, default 40
        The most moves per problem, at least 1; n_problems * n_samples *
        (n_features + 1) * (max_moves + 1) may be at most 2,000,000,000.
    seed : int or None, default 0
        Seed of the random starts, as in `adaptive_algorithm`.
    initial_weights : array-like of shape (n_features + 1,) or (n_problems, n_features + 1), optional
        Starts to use instead of random ones.

    Returns
    -------
    StandardRuns
        A "solved" is checked in exact arithmetic, as in `adaptive_algorithm`.

    Examples
    --------
    >>> X, Y = boolean_problems(3)
    >>> runs = standard_algorithm(X, Y)
    >>> int((runs.status == "solved").sum()), int(runs.n_moves[runs.status == "solved"].max())
    (104, 12)
    """
    X1, exact_X, positive = _problems(X, Y)
    beta, beta_eta = check.positive("beta", beta), check.positive("beta_eta", beta_eta)
    max_moves = check.whole("max_moves", max_moves, minimum=1)
    starts = _starts(seed, initial_weights, len(positive), X1.shape[1])
    _check_work(positive.shape, X1.shape[1], max_moves + 1, "max_moves")
    n = len(positive)
    status, W, moves, errors = _standard_runs(X1, exact_X, positive, starts, np.full(n, beta), np.full(n, beta_eta),
                                              max_moves)
    return StandardRuns(status=status, start_weights=starts, final_weights=W, n_moves=moves,
                        n_evaluations=moves + 1, final_errors=errors, beta=beta, beta_eta=beta_eta)


@dataclass(frozen=True, eq=False)
class StandardGrid:
    """The standard algorithm over a grid of beta and beta eta (Budinich 1993, appendix and figure 5).

    Attributes
    ----------
    betas : ndarray of shape (n_betas,)
    beta_etas : ndarray of shape (n_beta_etas,)
    solved : ndarray of shape (n_betas, n_beta_etas)
        How many problems each setting solved within max_moves moves.
    max_moves : ndarray of shape (n_betas, n_beta_etas)
        The most moves a solved problem needed under each setting (0 if none
        was solved); Budinich's second plot.
    rounding : ndarray of shape (n_betas, n_beta_etas)
        How many runs under each setting ended "rounding": the floats put
        every pattern on its side, exact arithmetic did not (so they are not
        counted as solved; see `standard_algorithm`).
    move_limit : int
        The bound on moves (Budinich's 40).
    n_problems : int
    """

    betas: np.ndarray
    beta_etas: np.ndarray
    solved: np.ndarray
    max_moves: np.ndarray
    rounding: np.ndarray
    move_limit: int
    n_problems: int

    def __repr__(self):
        return (f"<StandardGrid: {len(self.betas)} betas x {len(self.beta_etas)} beta*etas on {self.n_problems} "
                f"problems; most solved {self.solved.max()}>")

    def hardest(self, soluble):
        """Moves for the hardest problem under each setting, shape (n_betas, n_beta_etas).

        Where a setting solved all `soluble` problems, the most moves one of
        them needed (`max_moves`); elsewhere `move_limit`, which a problem
        left unsolved used up. Budinich's second plot of figure 5 (1993,
        appendix) reads this way.

        Parameters
        ----------
        soluble : int
            How many of the problems have a solution (104 of the 256 on 3
            inputs), from 0 to n_problems.
        """
        soluble = check.whole("soluble", soluble, minimum=0, maximum=self.n_problems)
        return np.where(self.solved == soluble, self.max_moves, self.move_limit)


def standard_algorithm_grid(X, Y, betas, beta_etas, *, max_moves=40, seed=0, initial_weights=None):
    """Solutions found and the most moves needed by the standard algorithm, for every beta and beta eta.

    Budinich (1993, appendix, figure 5) runs the standard algorithm on all 256
    problems of 3 inputs (104 soluble) for many beta and beta eta, at most 40
    moves each, and plots the number of solutions found and the largest number
    of moves a solution took. Every setting starts each problem from the same
    W (see `standard_algorithm`), and all settings run at once.

    Parameters
    ----------
    X, Y : array-like
        As in `standard_algorithm`.
    betas : array-like of shape (n_betas,)
        Steepnesses, finite numbers > 0.
    beta_etas : array-like of shape (n_beta_etas,)
        Move lengths beta * eta, finite numbers > 0.
    max_moves : int, default 40
        The most moves per problem, at least 1; n_betas * n_beta_etas *
        n_problems * n_samples * (n_features + 1) * (max_moves + 1) may be at
        most 2,000,000,000.
    seed : int or None, default 0
        Seed of the random starts, as in `adaptive_algorithm`.
    initial_weights : array-like of shape (n_features + 1,) or (n_problems, n_features + 1), optional
        Starts to use instead of random ones.

    Returns
    -------
    StandardGrid

    Examples
    --------
    >>> X, Y = boolean_problems(3)
    >>> grid = standard_algorithm_grid(X, Y, [0.3, 3.0], [0.5, 1.5])
    >>> grid.solved.tolist(), grid.max_moves.tolist()
    ([[104, 104], [59, 77]], [[36, 12], [39, 40]])
    """
    X1, exact_X, positive = _problems(X, Y)
    betas, beta_etas = _positive_list("betas", betas), _positive_list("beta_etas", beta_etas)
    max_moves = check.whole("max_moves", max_moves, minimum=1)
    starts = _starts(seed, initial_weights, len(positive), X1.shape[1])
    cells = len(betas) * len(beta_etas)
    _check_work((cells * len(positive), positive.shape[1]), X1.shape[1], max_moves + 1, "max_moves",
                "n_betas * n_beta_etas * n_problems")
    beta = np.repeat(np.repeat(betas, len(beta_etas)), len(positive))
    beta_eta = np.repeat(np.tile(beta_etas, len(betas)), len(positive))
    status, _, moves, _ = _standard_runs(X1, exact_X, np.tile(positive, (cells, 1)), np.tile(starts, (cells, 1)),
                                         beta, beta_eta, max_moves)
    solved = (status == "solved").reshape(len(betas), len(beta_etas), len(positive))
    rounding = (status == "rounding").reshape(solved.shape).sum(axis=2)
    return StandardGrid(betas=betas, beta_etas=beta_etas, solved=solved.sum(axis=2),
                        max_moves=np.where(solved, moves.reshape(solved.shape), 0).max(axis=2),
                        rounding=rounding, move_limit=max_moves, n_problems=len(positive))


def _standard_runs(X1, exact_X, positive, W, beta, beta_eta, max_moves):
    """Gradient descent on every row until no pattern is wrong or max_moves moves; "solved" checked exactly."""
    n_rows = len(W)
    status = np.full(n_rows, "max_moves", dtype="<U9")
    final, moves, errors = W.copy(), np.full(n_rows, max_moves), np.zeros(n_rows, np.int64)
    ids = np.arange(n_rows)
    for move in range(max_moves + 1):
        net = nets(W, X1)
        wrong = _wrong_side(net, positive[ids])
        done = ~wrong.any(axis=1) if move < max_moves else np.ones(len(ids), bool)
        final[ids[done]], errors[ids[done]] = W[done], wrong[done].sum(axis=1)
        solved = ids[done & ~wrong.any(axis=1)]
        status[solved], moves[solved] = "solved", move
        ids, W, net = ids[~done], W[~done], net[~done]
        if not len(ids):
            break
        W = W + beta_eta[ids, None] * _descent(net, positive[ids], beta[ids], X1)
    claimed = np.flatnonzero(status == "solved")
    status[claimed[~_exactly_separated(final[claimed], exact_X, positive[claimed])]] = "rounding"
    return status, final, moves, errors


def _problems(X, Y):
    """Budinich's problems, checked: X with x0 = 1 (as floats and as int64), targets as booleans (n_problems, n)."""
    X = check.patterns("X", X)
    if not (np.array_equal(X, np.round(X)) and np.abs(X).max() <= LARGEST_PATTERN):
        raise ValueError(f"X must hold whole numbers of size at most 2**20 (digital patterns, so that a solution "
                         f"can be checked exactly), got {check.shown(X.tolist())}")
    Y = check.array("Y", Y, f"(n_problems, {len(X)}) or ({len(X)},)", ndim=(1, 2))
    if Y.shape[-1] != len(X) or 0 in Y.shape:
        raise ValueError(f"Y must hold one target per pattern of X ({len(X)}) for each problem, got shape {Y.shape}")
    check.label_convention("Y", Y, scope=", one convention for all problems")
    X1 = add_with_ones(X)
    return X1, X1.astype(np.int64), np.atleast_2d(Y == 1)


def _starts(seed, initial_weights, n_problems, size):
    """The start of every problem: rows of standard normal weights from `seed`, or the weights given."""
    seed = check.seed("seed", seed)
    if initial_weights is None:
        return np.random.default_rng(seed).standard_normal((n_problems, size)) + 0.0
    shape = f"({size},) or ({n_problems}, {size})"
    w = check.array("initial_weights", initial_weights, shape)
    if w.shape not in ((size,), (n_problems, size)):
        raise ValueError(f"initial_weights must have shape {shape}: the bias weight w0 and one weight per feature, "
                         f"for all problems or for each, got shape {w.shape}")
    return np.broadcast_to(w, (n_problems, size)) + 0.0


def _check_work(shape, size, evaluations, name, rows="n_problems"):
    work = shape[0] * shape[1] * size * evaluations
    if work > MAX_WORK:
        raise ValueError(f"{name} must keep {rows} * n_samples * (n_features + 1) * evaluations within "
                         f"{MAX_WORK:,} (seconds of work), got {shape[0]} * {shape[1]} * {size} * {evaluations} = "
                         f"{work:,}")


def _positive_list(name, values):
    values = check.array(name, values, f"(n_{name},)", ndim=1)
    if len(values) == 0 or not (values > 0).all():
        raise ValueError(f"{name} must hold at least one number, all > 0, got {check.shown(values.tolist())}")
    return values


def _exactly_separated(W, X, positive):
    """For each row of W: W·X > 0 on its positive patterns and < 0 on its negative ones, in exact arithmetic.

    X holds the patterns as whole numbers (int64). Most answers are certain from the
    floats: a sum of d products added in floats is within d * 2**-53 *
    sum |w_j x_j| of the exact sum (Higham 2002, section 3.1), so a margin
    twice that decides. The rest are decided on exact integers: each weight
    is an exact binary fraction, all put over one power-of-two denominator.
    """
    if len(W) == 0:
        return np.ones(0, bool)
    Xf = X.astype(float)
    signed = np.where(positive, 1.0, -1.0) * nets(W, Xf)
    bound = 2 * Xf.shape[1] * 2.0**-53 * nets(np.abs(W), np.abs(Xf))
    tiny = ((W != 0) & (np.abs(W) < 2.0**-900)).any(axis=1)  # products near underflow: no float bound
    result = (signed > bound).all(axis=1) & ~tiny
    for row in np.flatnonzero(~result):
        result[row] = _separated_in_integers(W[row], X, positive[row])
    return result


def _separated_in_integers(w, X, positive):
    """One row, on Python ints: W times its common denominator, then W·X_k > 0 (positive) or < 0 for every k."""
    ratios = [float(v).as_integer_ratio() for v in w]
    denominator = max(d for _, d in ratios)
    whole = [n * (denominator // d) for n, d in ratios]
    for x, p in zip(X.tolist(), positive):
        net = sum(a * b for a, b in zip(whole, x))
        if not (net > 0 if p else net < 0):
            return False
    return True


def _weights_and_data(w, X, y):
    """w as rows (n_weights, d) and whether one vector was given; X with x0 = 1; y and its convention."""
    X = check.patterns("X", X)
    y, convention = check.labels("y", y, len(X))
    d = X.shape[1] + 1
    w = check.array("w", w, f"({d},) or (n_weights, {d})", ndim=(1, 2))
    if w.shape[-1] != d or 0 in w.shape:
        raise ValueError(f"w must have {d} entries per weight vector (a bias weight and one per feature of X), "
                         f"got shape {w.shape}")
    rows = np.atleast_2d(w) + 0.0
    if len(rows) * len(X) > MAX_CELLS:
        raise ValueError(f"w must keep n_weights * n_samples within {MAX_CELLS:,} (seconds of work), got "
                         f"{len(rows)} * {len(X)}")
    return rows, w.ndim == 1, add_with_ones(X), y, convention


def _signs(y, convention):
    """t in {-1, +1}: the label itself, or 2c - 1 for labels 0/1."""
    return (y if convention == "-1/+1" else 2 * y - 1).astype(float)


def _mistakes(net, y, convention):
    """The patterns train corrects at these nets: t W·X <= 0 (labels -1/+1), o = [W·X > 0] != c (labels 0/1)."""
    if convention == "-1/+1":
        return y * net <= 0
    return (net > 0) != (y == 1)


def _wrong_side(net, positive):
    """Patterns on the wrong side of o = 1/2: W·X <= 0 for xi = 1, W·X >= 0 for xi = 0 (at 0, o = 1/2 is neither)."""
    return np.where(positive, net <= 0, net >= 0)


def _sigmoid(z):
    """f(z) = 1 / (1 + e^(-z)), as e^(-|z|) never overflows; the exponential is the portable one."""
    e = exp(-np.abs(z))
    return np.where(z >= 0, 1 / (1 + e), e / (1 + e))


def _descent(net, positive, beta, X1):
    """sum_p (xi_p - o_p) o_p (1 - o_p) X_p per row, added left to right over p: -dE/dW / beta (eq. 3)."""
    o = _sigmoid(beta[:, None] * net)
    return dot(((positive - o) * (o * (1 - o)))[:, None, :], X1.T)  # eq. 3 divided by eta beta


def _total(values):
    """Sum over the last axis, left to right."""
    return dot(values, np.ones(values.shape[-1]))
