"""train_many(): many data sets of the same shape trained at once, with the results of train()."""
from dataclasses import dataclass
from operator import index

import numpy as np

from .training import ORDERS, _check_positive, _numeric_array


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
        "converged", "cycling" or "max_epochs", as strings.
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
        counts = ", ".join(f"{(self.status == s).sum()} {s}" for s in ("converged", "cycling", "max_epochs"))
        return f"<Batch of {len(self)} runs: {counts}>"


def train_many(X, y, *, eta=1.0, initial_weights=None, order="cyclic", seeds=None, max_epochs=1000):
    """Train one threshold unit on each of many data sets of the same shape, all at once.

    The result for set i is what ``train(X[i], y[i], eta=eta, initial_weights=...,
    order=order, seed=seeds[i], max_epochs=max_epochs)`` returns: the same final
    weights bit for bit, the same counts, status and cycle. The rules, the
    stopping rule (every pattern presented since the last update, with no update;
    Honavar 1996, section 2) and the cycle test at the start of each cyclic pass
    (Manfredi 2021, the cycling theorem) are those of `train`; here every
    presentation is one array operation over the sets still running.

    Each net input W·X is taken with ``np.vecdot``, whose loop calls the very
    dot function that ``np.dot`` uses in `train`, so the sums are rounded alike
    and every decision, even at a near-tie, is the same (an ``einsum`` or a
    ``(W * X).sum(axis=1)`` sums in another order and does flip some).

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

    Returns
    -------
    Batch
        How each run ended; see `Batch`.

    Notes
    -----
    With cyclic order every start-of-pass W is kept to detect cycles, as `train`
    keeps them: about 40 + 8 (n_features + 2) bytes per set and pass.

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
    X, y, labels = _check_data(X, y)
    eta = _check_positive("eta", eta)
    n_sets, n, d = X.shape
    W = _check_initial_weights(initial_weights, n_sets, d)
    if not isinstance(order, str) or order not in ORDERS:
        raise ValueError(f"order must be one of {', '.join(map(repr, ORDERS))}, got {order!r}")
    seeds = _check_seeds(seeds, order, n_sets)
    if isinstance(max_epochs, (bool, np.bool_)) or not isinstance(max_epochs, (int, np.integer)):
        raise TypeError(f"max_epochs must be a whole number >= 1, got {max_epochs!r}")
    if max_epochs < 1:
        raise ValueError(f"max_epochs must be a whole number >= 1, got {max_epochs!r}")
    return _Runs(X, y, labels, eta, W, order, seeds, int(max_epochs)).result()


class _Runs:
    """The state of all runs of one train_many call; sets are dropped as their runs end.

    The running sets sit in `ids` (ascending); W, `last` (the presentation of the
    last update, 0 for none) and `updates` are aligned with `ids`, and so are the
    pass arrays, laid out (n_samples, n_running, ...) so that presentation t of a
    pass is one contiguous slice.
    """

    def __init__(self, X, y, labels, eta, W, order, seeds, max_epochs):
        n_sets, n, d = X.shape
        self.n, self.d, self.order, self.max_epochs, self.labels = n, d, order, max_epochs, labels
        # As in train: s = +1 on a positive pattern, -1 on a negative one; the correction is
        # (eta * s) * X and a tie W·X = 0 is a mistake except on a negative pattern under 0/1.
        self.X = X
        self.positive = y == 1
        signs = np.where(self.positive, 1.0, -1.0)
        self.corrections = (eta * signs)[..., None] * X
        self.ids = np.arange(n_sets)
        self.W, self.last, self.updates = W, np.zeros(n_sets, np.int64), np.zeros(n_sets, np.int64)
        self.final_weights = np.empty((n_sets, d))
        self.n_updates = np.zeros(n_sets, np.int64)
        self.n_presentations = np.zeros(n_sets, np.int64)
        self.n_epochs = np.zeros(n_sets, np.int64)
        self.status = np.full(n_sets, "max_epochs", dtype="<U10")
        self.cycle_start = np.full(n_sets, -1, np.int64)
        self.cycle_length = np.full(n_sets, -1, np.int64)
        self.seen, self.pass_starts, self.cycles = {}, [], []
        if order == "random":
            self.rngs = [np.random.default_rng(seed) for seed in seeds]
        self.orders = self.perm = self.previous = None
        self.fresh = True  # pass arrays must be (re)built for the running sets

    def result(self):
        n = self.n
        for epoch in range(self.max_epochs + 1):
            if self.order == "cyclic":
                self._detect_cycles(epoch)
            if len(self.ids) == 0:
                break
            if epoch == self.max_epochs:
                self._finish(np.ones(len(self.ids), bool), "max_epochs", epoch * n, epoch)
                break
            self._prepare_pass(epoch)
            mistakes = np.stack([self._present(t) for t in range(n)])
            self._close_pass(epoch, mistakes)
        self._locate_cycles()
        return Batch(labels=self.labels, final_weights=self.final_weights, n_updates=self.n_updates,
                     n_presentations=self.n_presentations, n_epochs=self.n_epochs, status=self.status,
                     cycle_start=self.cycle_start, cycle_length=self.cycle_length)

    def _prepare_pass(self, epoch):
        if self.order == "random":
            self._draw_orders(epoch)
            rows, columns = self.ids[None, :], self.perm.T
        elif self.fresh:
            rows, columns = self.ids[None, :], np.arange(self.n)[:, None]
        else:
            return
        self.pass_X = self.X[rows, columns]
        self.pass_corrections = self.corrections[rows, columns]
        self.pass_positive = self.positive[rows, columns]
        self.fresh = False

    def _draw_orders(self, epoch, chunk=16):
        """The orders of training._pass_orders: per set, argsorts of its uniform keys, drawn in sequence."""
        if epoch % chunk == 0:
            keys = np.stack([self.rngs[i].random((chunk, self.n)) for i in self.ids])
            self.orders = keys.argsort(axis=2, kind="stable")
        self.previous, self.perm = self.perm, self.orders[:, epoch % chunk]

    def _present(self, t):
        """Presentation t of the pass to every running set: the rule of train's loop."""
        mistake = _mistakes(np.vecdot(self.W, self.pass_X[t]), self.pass_positive[t], self.labels)
        # Only the rows that change are written, so every other W keeps its bits (even a -0.0).
        np.add(self.W, self.pass_corrections[t], out=self.W, where=mistake[:, None])
        return mistake

    def _close_pass(self, epoch, mistakes):
        n = self.n
        updated = mistakes.any(axis=0)
        self.updates += mistakes.sum(axis=0)
        self.last = np.where(updated, epoch * n + n - np.argmax(mistakes[::-1], axis=0), self.last)
        # A run with no update in this pass has had every pattern presented since its last
        # update, which came in the previous pass (or never): it converged during this pass.
        if not updated.all():
            done = ~updated
            self._finish(done, "converged", epoch * n + self._clean_run_end(epoch, done), epoch + 1)

    def _clean_run_end(self, epoch, done):
        """For runs converged in pass `epoch`: the presentation (1..n within the pass) that ended them.

        The last update came at position j of the previous pass; the run ends once
        the patterns presented at positions 0..j of that pass have all come again.
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
        """The cycle test at the start of a cyclic pass: has this set's W started a pass before?"""
        m = len(self.ids)
        if m == 0:
            return
        words = np.empty((m, self.d + 1), np.uint64)
        words[:, 0] = self.ids
        words[:, 1:] = self.W.view(np.uint64)
        keys = words.view(np.dtype((np.void, 8 * (self.d + 1)))).ravel().tolist()
        self.pass_starts.append((self.ids, keys))
        seen = self.seen
        repeats = seen.keys() & keys
        if repeats:
            cycling = np.array([key in repeats for key in keys])
            for i, key in zip(self.ids.tolist(), keys):
                if key in repeats:
                    self.cycles.append((i, seen[key], epoch))
            self._finish(cycling, "cycling", epoch * self.n, epoch)
        seen.update(dict.fromkeys(keys, epoch))

    def _finish(self, done, status, n_presentations, n_epochs):
        """Record how the runs marked in `done` ended and drop them from the running sets."""
        ids = self.ids[done]
        self.final_weights[ids] = self.W[done]
        self.n_updates[ids] = self.updates[done]
        self.n_presentations[ids] = n_presentations
        self.n_epochs[ids] = n_epochs
        self.status[ids] = status
        keep = ~done
        for name in ("ids", "W", "updates", "last", "orders", "perm"):
            if getattr(self, name, None) is not None:
                setattr(self, name, getattr(self, name)[keep])
        self.fresh = True

    def _locate_cycles(self):
        """cycle_start and cycle_length of every run that cycled, as training._locate_cycle finds them.

        The period is (repeat - first) passes; the cycle may begin inside pass
        first - 1, so that pass and its image one period later are replayed
        (all sets at once) and walked back while their states agree.
        """
        if not self.cycles:
            return
        n = self.n
        ids, first, repeat = (np.array(column, np.int64) for column in zip(*self.cycles))
        self.cycle_length[ids] = (repeat - first) * n
        self.cycle_start[ids] = first * n + 1
        back = first > 0
        if not back.any():
            return
        ids, first, repeat = ids[back], first[back], repeat[back]
        starts = np.array([self._pass_start(i, e) for i, e in zip(np.r_[ids, ids], np.r_[first - 1, repeat - 1])])
        states = _replay_pass(starts, self.X[np.r_[ids, ids]], self.positive[np.r_[ids, ids]],
                              self.corrections[np.r_[ids, ids]], self.labels)
        early, late = states[:, : len(ids)], states[:, len(ids):]
        differ = (early[:n] != late[:n]).any(axis=2)  # value equality, as np.array_equal
        j = np.where(differ.any(axis=0), n - np.argmax(differ[::-1], axis=0), 0)
        self.cycle_start[ids] = (first - 1) * n + j + 1

    def _pass_start(self, i, epoch):
        ids, keys = self.pass_starts[epoch]
        return np.frombuffer(keys[np.searchsorted(ids, i)], np.float64)[1:]


def _mistakes(net, positive, labels):
    """Where the rule corrects W, from W·X: y W·X <= 0 (labels -1/+1), or o = [W·X > 0] != c (0/1).

    The same test as train's margin < 0 or (margin == 0 and a tie counts), NaN included.
    """
    return np.where(positive, net <= 0, (net >= 0) if labels == "-1/+1" else (net > 0))


def _replay_pass(W, X, positive, corrections, labels):
    """The n + 1 weight vectors of one cyclic pass from each row of W, shape (n + 1, n_rows, d)."""
    W = W.copy()
    states = [W.copy()]
    for t in range(X.shape[1]):
        mistake = _mistakes(np.vecdot(W, X[:, t]), positive[:, t], labels)
        np.add(W, corrections[:, t], out=W, where=mistake[:, None])
        states.append(W.copy())
    return np.array(states)


def _check_data(X, y):
    X = _numeric_array("X", X, "(n_sets, n_samples, n_features)")
    if X.ndim != 3:
        raise ValueError(f"X must be 3-D of shape (n_sets, n_samples, n_features), got an array of shape "
                         f"{X.shape}" + (" (for one data set use train(), or X[np.newaxis])" if X.ndim == 2 else ""))
    if 0 in X.shape:
        raise ValueError("X must hold at least one data set of at least one pattern with at least one "
                         f"feature, got shape {X.shape}")
    finite = np.isfinite(X).all(axis=(1, 2))
    if not finite.all():
        raise ValueError(f"X must hold finite numbers, got NaN or inf in set(s) {np.flatnonzero(~finite).tolist()[:10]}")
    y = _numeric_array("y", y, "(n_sets, n_samples)")
    if y.shape != X.shape[:2]:
        raise ValueError(f"y must have shape (n_sets, n_samples) = {X.shape[:2]}, one label per pattern of X, "
                         f"got shape {y.shape}")
    if not np.isfinite(y).all():
        raise ValueError("y must hold finite labels, got NaN or inf")
    found = set(np.unique(y).tolist())
    if found <= {0, 1}:
        labels = "0/1"
    elif found <= {-1, 1}:
        labels = "-1/+1"
    else:
        shown = [int(v) if v == int(v) else v for v in sorted(found)[:6]]
        raise ValueError("y must hold labels all in {0, 1} or all in {-1, +1}, one convention for all sets, "
                         f"got the values {shown}")
    # Labels all 1 fit both rules, and there the two coincide (see train), so a set whose
    # labels are all 1 runs as train would run it under either convention.
    X = np.concatenate([np.ones(X.shape[:2] + (1,)), X], axis=2)
    return X, y.astype(np.int64), labels


def _check_initial_weights(initial_weights, n_sets, d):
    if initial_weights is None:
        return np.zeros((n_sets, d))
    shape = f"({d},) or ({n_sets}, {d})"
    w = _numeric_array("initial_weights", initial_weights, shape)
    if w.shape not in ((d,), (n_sets, d)):
        raise ValueError(f"initial_weights must have shape {shape}: the bias weight w0 and one weight per "
                         f"feature, for all sets or for each, got shape {w.shape}")
    if not np.isfinite(w).all():
        raise ValueError("initial_weights must hold finite numbers, got NaN or inf")
    return np.array(np.broadcast_to(w, (n_sets, d)))


def _check_seeds(seeds, order, n_sets):
    if seeds is None:
        return [None] * n_sets
    if order != "random":
        raise ValueError(f"seeds is used only with order='random', got seeds={seeds!r} with order={order!r}")
    if isinstance(seeds, (str, bytes)) or not hasattr(seeds, "__len__") or np.ndim(seeds) != 1:
        raise TypeError(f"seeds must be a sequence of {n_sets} whole numbers (one per set), got {seeds!r}")
    if len(seeds) != n_sets:
        raise ValueError(f"seeds must hold one seed per set ({n_sets}), got {len(seeds)} seeds")
    checked = []
    for seed in seeds:
        if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
            raise TypeError(f"seeds must be whole numbers, got {seed!r}")
        if seed < 0:
            raise ValueError(f"seeds must be whole numbers >= 0, got {seed!r}")
        checked.append(index(seed))
    return checked
