"""train_many(): many data sets of the same shape trained at once, with the results of train()."""
from dataclasses import dataclass
import numpy as np

from . import constraints as declare
from . import validation as check
from .arithmetic import add_with_ones
from .rule import (FRACTION, ORDERS, RULE, CycleTests, agreed_from, convention, cycle_start, first_repeats,
                   learning_rule, random_orders, refuse_eta, return_times)

_ORDER_KEYS = 2**21  # random keys drawn at once for random order, at most (16 MB)
# Every call ends in seconds: at most this many presentations over all its sets.
MAX_PRESENTATIONS = 2_000_000_000


def _sets(name, X, given):
    X = check.array(name, X, "(n_sets, n_samples, n_features)", ndim=3,
                    hints={2: "for one data set use train(), or X[np.newaxis]"})
    if 0 in X.shape:
        raise ValueError(f"{name} must hold at least one data set of at least one pattern with at least one "
                         f"feature, got shape {X.shape}")
    return X


def _set_labels(name, y, given):
    shape = given["X"].shape[:2]
    y = check.array(name, y, f"(n_sets, n_samples) = {shape}")
    if y.shape != shape:
        raise ValueError(f"{name} must have shape (n_sets, n_samples) = {shape}, one label per pattern of X, "
                         f"got shape {y.shape}")
    check.label_convention(name, y, scope=", one convention for all sets")
    # Labels all 1 fit both rules, and there the two coincide (see train), so a set whose
    # labels are all 1 runs as train would run it under either convention.
    return y.astype(np.int64)


def _initial_weights(name, initial_weights, given):
    n_sets, _, d = given["X"].shape
    d += 1
    shape = f"({d},) or ({n_sets}, {d})"
    w = check.array(name, initial_weights, shape)
    if w.shape not in ((d,), (n_sets, d)):
        raise ValueError(f"{name} must have shape {shape}: the bias weight w0 and one weight per "
                         f"feature, for all sets or for each, got shape {w.shape}")
    return w


def _seeds(name, seeds, given):
    n_sets = given["X"].shape[0]
    if isinstance(seeds, (str, bytes)) or not hasattr(seeds, "__len__") or check.dimensions(seeds) != 1:
        raise TypeError(f"{name} must be a sequence of {n_sets} whole numbers (one per set), got {check.shown(seeds)}")
    if len(seeds) != n_sets:
        raise ValueError(f"{name} must hold one seed per set ({n_sets}), got {len(seeds)} seeds")
    return [check.seed(name, seed) for seed in seeds]


SETS = declare.Custom(_sets, lambda example: [("abc", TypeError), (np.zeros((2, 3)), ValueError),
                                            (np.zeros((1, 0, 2)), ValueError), (np.full((1, 2, 2), np.nan), ValueError)])
SET_LABELS = declare.Custom(_set_labels, lambda example: [
    (np.full(np.shape(example["X"])[:2], 2), ValueError), (np.zeros(np.shape(example["X"])[:1]), ValueError),
    (np.full(np.shape(example["X"])[:2], "a"), TypeError)])
SET_WEIGHTS = declare.Optional(declare.Custom(_initial_weights, lambda example: [
    ("w", TypeError), (np.zeros(np.shape(example["X"])[2] + 2), ValueError),
    (np.full(np.shape(example["X"])[2] + 1, np.inf), ValueError)]))
SEEDS = declare.Optional(declare.Custom(_seeds, lambda example: [("12", TypeError), (3, TypeError), ([1] * (len(example["X"]) + 1), ValueError),
                                              ([-1] * len(example["X"]), ValueError), ([1.5] * len(example["X"]), TypeError)]))


@dataclass(frozen=True, eq=False)
class Batch:
    """How each run of a `train_many` call ended, one entry per data set.

    Entry i holds what ``train(X[i], y[i], ...)`` reports for that set, to the
    last bit of the weights.

    Attributes
    ----------
    labels : {"0/1", "-1/+1"}
        Which rule ran (see `train`); one convention for all sets.
    final_weights : ndarray of shape (n_sets, n_features + 1)
        W at the end of each run, bias weight first.
    n_updates, n_presentations, n_epochs : ndarray of shape (n_sets,)
        Counts over each run, as integers (n_epochs counts passes begun).
    status : ndarray of shape (n_sets,)
        "converged", "cycling", "stalled" or "max_epochs", as strings.
    cycle_start, cycle_length : ndarray of shape (n_sets,)
        For runs that ended cycling: the first presentation of the cycle and its
        length in presentations, as in `Trace`; -1 for the other runs.
    """

    labels: str
    final_weights: np.ndarray
    n_updates: np.ndarray
    n_presentations: np.ndarray
    n_epochs: np.ndarray
    status: np.ndarray
    cycle_start: np.ndarray
    cycle_length: np.ndarray

    def __len__(self):
        return len(self.status)

    def __repr__(self):
        counts = ", ".join(f"{(self.status == s).sum()} {s}" for s in ("converged", "cycling", "stalled", "max_epochs")
                           if (self.status == s).any() or s != "stalled")
        return f"<Batch of {len(self)} runs: {counts}>"


@declare.declared(X=SETS, y=SET_LABELS, eta=declare.Positive(), initial_weights=SET_WEIGHTS, order=declare.Choice(ORDERS),
                seeds=SEEDS, max_epochs=declare.Whole(minimum=1), rule=RULE, fraction=FRACTION)
def train_many(X, y, *, eta=1.0, initial_weights=None, order="cyclic", seeds=None, max_epochs=1000, rule="fixed",
               fraction=1.0):
    """Train one threshold unit on each of many data sets of the same shape, all at once.

    The result for set i is what ``train(X[i], y[i], eta=eta, initial_weights=...,
    order=order, seed=seeds[i], max_epochs=max_epochs)`` returns: the same final
    weights bit for bit, the same counts, status and cycle. The learning rule
    (train's `rule`, any of them) in either label convention, the stopping rule (every
    pattern presented since the last update, with no update; Honavar 1996,
    section 2) and the cycle test at the start of each cyclic pass (Manfredi
    2021, the cycling theorem) are those of `train`; here each presentation is
    a few array operations over all the sets still running.

    Each net input W·X is added left to right over the features, one array
    operation per feature for all the sets at once, in the order `train` adds
    it (see `perceptron_lib.core.arithmetic`): every sum is rounded alike and every
    decision is the same, near-ties included, on every machine.

    Parameters
    ----------
    X : array-like of shape (n_sets, n_samples, n_features)
        The patterns of each set, without the bias input.
    y : array-like of shape (n_sets, n_samples)
        Targets: all in {0, 1} or all in {-1, +1}, one convention for all sets.
    eta : float, default 1.0
        The learning rate, a finite number > 0.
    initial_weights : array-like of shape (n_features + 1,) or (n_sets, n_features + 1), optional
        W at the start, bias weight first: one vector for all sets, or one row
        per set; zeros by default.
    order : {"cyclic", "random"}, default "cyclic"
        As in `train`.
    seeds : sequence of n_sets ints, optional
        With order="random": set i is presented in the orders that
        ``train(..., order="random", seed=seeds[i])`` draws. Without seeds each
        set draws from fresh entropy.
    max_epochs : int, default 1000
        The most passes through each set, at least 1.
    rule, fraction
        As in `train`: a `perceptron_lib.core.rule.Rule` or a rule's name, and the
        fractional rule's lambda; every rule's mistake test and step are the
        Rule's own, applied elementwise.

    Returns
    -------
    Batch
        How each run ended; see `Batch`.

    Notes
    -----
    Memory stays constant over passes: cycles are found by Brent's method
    (see `train`), and a run that cycled is replayed, all such sets at once,
    to report it up to its first repeated pass start. A call may make at most
    2,000,000,000 presentations over all sets (n_sets * max_epochs *
    n_samples), so that it ends in seconds.

    Examples
    --------
    OR converges after Honavar's 13 presentations, XOR cycles:

    >>> from perceptron_lib import boolean_function
    >>> (X_or, y_or), (X_xor, y_xor) = boolean_function("or"), boolean_function("xor")
    >>> batch = train_many(np.stack([X_or, X_xor]), np.stack([y_or, y_xor]))
    >>> batch.status.tolist(), batch.n_presentations.tolist(), batch.cycle_start.tolist()
    (['converged', 'cycling'], [13, 12], [-1, 6])
    >>> batch.final_weights[0].tolist()
    [0.0, 1.0, 1.0]
    """
    labels = convention(y)   # y is checked (SET_LABELS): its convention, read off it
    X = add_with_ones(X)
    n_sets, n, d = X.shape
    # one start for all sets or one each; a writable copy without -0.0 (see _present)
    W = np.zeros((n_sets, d)) if initial_weights is None else np.broadcast_to(initial_weights, (n_sets, d)) + 0.0
    seeds = [None] * n_sets if seeds is None else seeds
    if seeds != [None] * n_sets:
        check.only_with("seeds", seeds, None, "order", order, ("random",))
    rule = learning_rule(rule, fraction)
    refuse_eta(rule, eta)
    if n_sets * max_epochs * n > MAX_PRESENTATIONS:
        raise ValueError(f"max_epochs must keep n_sets * max_epochs * n_samples within {MAX_PRESENTATIONS:,} "
                         f"presentations (seconds of work), got {n_sets} sets * {max_epochs} * {n} = "
                         f"{n_sets * max_epochs * n:,}; use max_epochs <= {MAX_PRESENTATIONS // (n_sets * n)}")
    check.no_overflow(X, W, eta if rule.uses_eta else 1.0, max_epochs)
    return _Runs(X, y == 1, labels, eta, W, order, seeds, max_epochs, rule).result()


def _net(W, x):
    """W·X row by row, added left to right over the features, as train adds it."""
    total = W[:, 0] * x[:, 0]
    for j in range(1, W.shape[1]):
        total = total + W[:, j] * x[:, j]
    return total


def _present(W, x, positive, sign, squared, rule, eta, labels):
    """One presentation to every row, train's rule (`Rule.mistake`, `Rule.step`): W is corrected in place; returns the mistakes.

    Rows without a mistake add 0 x, a vector of zeros, which leaves every bit
    of W as it was (W never holds a -0.0: train and train_many start from
    weights + 0.0, and x + y is -0.0 only if both are).
    """
    net = _net(W, x)
    mistake = rule.mistake(net, sign if labels == "-1/+1" else positive, labels)
    if mistake.any():
        W += np.where(mistake, rule.step(net, sign, squared, eta, labels), 0.0)[:, None] * x
    return mistake


class _Runs:
    """All runs of one train_many call, stepped together.

    Row r of the running arrays is set ``ids[r]``: W, `updates` (corrections so
    far), `last` (the presentation of its last update, 0 for none), Brent's
    cycle test (`cycles`, `rule.CycleTests`) and `alive` (False once its
    run has ended and its results are kept). The pass arrays hold the patterns
    in presentation order, laid out (n_samples, n_rows, ...) so that
    presentation t of a pass is one slice. Ended runs are dropped from the rows
    at the start of a pass: always with random order, whose pass arrays are
    gathered anew anyway, and with cyclic order once half the rows have ended.
    An ended row that stays meanwhile is harmless: only alive rows are read.
    """

    _ROWS = ("ids", "W", "last", "updates", "alive", "orders", "perm", "cycles")

    def __init__(self, X, positive, labels, eta, W, order, seeds, max_epochs, rule):
        n_sets, n, d = X.shape
        self.rule, self.squared = rule, np.stack([_net(X[:, t], X[:, t]) for t in range(n)], axis=1)  # X·X
        self.n, self.d, self.order, self.max_epochs, self.labels = n, d, order, max_epochs, labels
        self.eta, self.X, self.positive, self.start = eta, X, positive, W.copy()
        self.ids = np.arange(n_sets)
        self.W = W
        self.last, self.updates = np.zeros(n_sets, np.int64), np.zeros(n_sets, np.int64)
        self.alive = np.ones(n_sets, bool)
        self.final_weights = np.empty((n_sets, d))
        self.n_updates = np.zeros(n_sets, np.int64)
        self.n_presentations = np.zeros(n_sets, np.int64)
        self.n_epochs = np.zeros(n_sets, np.int64)
        self.status = np.full(n_sets, "max_epochs", dtype="<U10")
        self.cycle_start = np.full(n_sets, -1, np.int64)
        self.cycle_length = np.full(n_sets, -1, np.int64)
        self.period = np.zeros(n_sets, np.int64)
        self.cycles = CycleTests(W, _same)
        self.rngs = [np.random.default_rng(seed) for seed in seeds] if order == "random" else None
        self.orders = self.perm = self.previous = self.pass_X = None

    def result(self):
        n = self.n
        for epoch in range(self.max_epochs + 1):
            if self.order == "cyclic" and epoch:
                self._detect_cycles(epoch)
            if not self.alive.any():
                break
            if epoch == self.max_epochs:
                ended = self.ids[self.alive]
                self._finish(self.alive, "max_epochs", epoch * n, epoch)
                if self.order == "cyclic":
                    self._late_cycles(ended)
                break
            self._prepare_pass(epoch)
            pass_start = self.W.copy()
            mistakes = np.stack([self._present(self.W, t) for t in range(n)])
            self._close_pass(epoch, mistakes, pass_start)
        self._cut_cycles()
        return Batch(labels=self.labels, final_weights=self.final_weights, n_updates=self.n_updates,
                     n_presentations=self.n_presentations, n_epochs=self.n_epochs, status=self.status,
                     cycle_start=self.cycle_start, cycle_length=self.cycle_length)

    def _prepare_pass(self, epoch):
        if self.order == "random":
            self._drop_ended()
            self._draw_orders(epoch)
            self._gather(self.perm.T)
        elif self.pass_X is None or 2 * self.alive.sum() <= len(self.alive):
            self._drop_ended()
            self._gather(np.arange(self.n)[:, None])

    def _drop_ended(self):
        keep = self.alive
        if not keep.all():
            for name in self._ROWS:
                if getattr(self, name) is not None:
                    setattr(self, name, getattr(self, name)[keep])

    def _gather(self, patterns):
        """The pass arrays: pattern patterns[t, r] of set ids[r] at [t, r]."""
        self.pass_X = self.X[self.ids, patterns]
        self.pass_positive = self.positive[self.ids, patterns]
        self.pass_sign = np.where(self.pass_positive, 1.0, -1.0)
        self.pass_squared = self.squared[self.ids, patterns]

    def _present(self, W, t, rows=slice(None)):
        """Presentation t of the pass to the rows `rows` (all by default), correcting W in place; the mistakes."""
        return _present(W, self.pass_X[t][rows], self.pass_positive[t][rows], self.pass_sign[t][rows],
                        self.pass_squared[t][rows], self.rule, self.eta, self.labels)

    def _draw_orders(self, epoch):
        """The orders of rule.pass_orders: per set, `rule.random_orders` from its own generator, drawn in sequence.

        The draws of one generator follow each other, so drawing a few passes at a
        time gives the orders that train draws 1024 at a time.
        """
        if self.orders is None or epoch - self.drawn_at == self.orders.shape[1]:
            chunk = int(np.clip(_ORDER_KEYS // (len(self.ids) * self.n), 1, 16))
            self.orders = np.stack([random_orders(self.rngs[i], chunk, self.n) for i in self.ids])
            self.drawn_at = epoch
        self.previous, self.perm = self.perm, self.orders[:, epoch - self.drawn_at]

    def _close_pass(self, epoch, mistakes, pass_start):
        n = self.n
        updated = mistakes.any(axis=0)
        self.updates += mistakes.sum(axis=0)
        self.last = np.where(updated, epoch * n + n - np.argmax(mistakes[::-1], axis=0), self.last)
        # A run with no update in this pass has had every pattern presented since its last
        # update, which came in the previous pass (or never): it converged during this pass.
        done = self.alive & ~updated
        if done.any():
            self._finish(done, "converged", epoch * n + self._clean_run_end(epoch, done), epoch + 1)
        # Mistakes in a whole pass, and W never moved: every pattern met this W, and W can never move again.
        # (W back at its pass start may also have moved and come back: a cycle. Replay those rows to tell.)
        back = np.flatnonzero(self.alive & updated & (self.W == pass_start).all(axis=1))
        if len(back):
            stuck = np.zeros(len(self.alive), bool)
            stuck[back] = self._never_moved(back, pass_start[back])
            self._finish(stuck, "stalled", (epoch + 1) * n, epoch + 1)

    def _never_moved(self, rows, W):
        """For rows whose W is back at its pass start: did no correction of the pass change W?"""
        W, moved = W.copy(), np.zeros(len(rows), bool)
        for t in range(self.n):
            before = W.copy()
            self._present(W, t, rows)
            moved |= (W != before).any(axis=1)
        return ~moved

    def _clean_run_end(self, epoch, done):
        """For the runs converged in pass `epoch`: the presentation (1..n within it) that ended each.

        train stops once every pattern has been presented since the last update.
        That update came at position j of the previous pass, so the run ends
        when the patterns at positions 0..j of that pass have all come again.
        """
        n = self.n
        if epoch == 0:
            return n
        j = self.last[done] - (epoch - 1) * n - 1
        if self.order == "cyclic":
            return j + 1
        position = np.argsort(self.perm[done], axis=1)  # where each pattern comes in this pass
        again = np.take_along_axis(position, self.previous[done], axis=1)
        return np.where(np.arange(n) <= j[:, None], again, -1).max(axis=1) + 1

    def _detect_cycles(self, epoch):
        """train's cycle test at the start of a cyclic pass (Brent's method): has W come back to the saved W?"""
        period = self.cycles.periods(self.W, self.alive)
        repeat = period > 0
        if repeat.any():
            self.period[self.ids[repeat]] = period[repeat]
            self._finish(repeat, "cycling", epoch * self.n, epoch)

    def _finish(self, done, status, n_presentations, n_epochs):
        """Keep how the runs in rows `done` ended; their rows are no longer alive."""
        ids = self.ids[done]
        self.final_weights[ids] = self.W[done]
        self.n_updates[ids] = self.updates[done]
        self.n_presentations[ids] = n_presentations
        self.n_epochs[ids] = n_epochs
        self.status[ids] = status
        self.alive = self.alive & ~done

    def _late_cycles(self, ids):
        """Periods of the runs at max_epochs whose W comes back within max_epochs passes (`rule.return_times`)."""
        self.period[ids] = return_times(self.final_weights[ids], lambda rows, W: self._replay(ids[rows], W),
                                        self.max_epochs, _same)

    def _cut_cycles(self):
        """Report each run that cycled up to its first repeated pass start, as train does (`rule.first_repeats`).

        All such runs are replayed at once, each replayed pass running only the
        sets still moving; where the cycle begins inside pass mu - 1, that pass
        and its image a period later are walked back (`_walk_back`).
        """
        ids = np.flatnonzero(self.period)
        if len(ids) == 0:
            return
        met, mu, W, updates, early, late = first_repeats(self.start[ids], lambda rows, W: self._replay(ids[rows], W),
                                                         self.period[ids], self.max_epochs, _same)
        # (a late candidate whose first repeat would come after max_epochs stays at max_epochs)
        ids, mu, W, updates, early, late = (a[met] for a in (ids, mu, W, updates, early, late))
        period, n, j = self.period[ids], self.n, np.full(len(ids), self.n)   # j = n: no pass to walk back
        back = mu > 0
        if back.any():
            j[back] = self._walk_back(ids[back], early[back], late[back])
        self.status[ids] = "cycling"
        self.final_weights[ids], self.n_updates[ids] = W, updates
        self.n_epochs[ids], self.n_presentations[ids] = mu + period, (mu + period) * n
        self.cycle_length[ids], self.cycle_start[ids] = period * n, cycle_start(mu, n, j)

    def _replay(self, ids, W, passes=1):
        """Cyclic passes of sets `ids` from weights W (no stopping): the new W and the corrections made.

        The patterns are gathered one presentation at a time, so that a replay
        of many sets needs no copy of their data.
        """
        W, corrections = W.copy(), np.zeros(len(W), np.int64)
        for _ in range(passes):
            for t in range(self.n):
                corrections += self._replay_presentation(ids, W, t)
        return W, corrections

    def _replay_presentation(self, ids, W, t):
        """Presentation t of a cyclic pass to sets `ids`, correcting W in place; returns the mistakes."""
        positive = self.positive[ids, t]
        sign = np.where(positive, 1.0, -1.0)
        return _present(W, self.X[ids, t], positive, sign, self.squared[ids, t], self.rule, self.eta, self.labels)

    def _walk_back(self, ids, early, late):
        """For each set: the first position j of its pass mu - 1 from which the states agree with a period later."""
        n, k = self.n, len(ids)
        twice, W = np.r_[ids, ids], np.vstack([early, late])
        differ = np.zeros((n, k), bool)  # value equality, as train compares states
        for t in range(n):
            differ[t] = ~_same(W[:k], W[k:])
            self._replay_presentation(twice, W, t)
        return agreed_from(differ)


def _same(A, B):
    """Whether rows of weights are equal, row by row (value equality, as train compares its states)."""
    return (A == B).all(axis=1)


