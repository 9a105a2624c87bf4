"""train_many(): many data sets of the same shape trained at once, with the results of train()."""
from dataclasses import dataclass
from operator import index

import numpy as np

from .training import ORDERS, _check_positive, _label_convention, _numeric_array, train

_ORDER_KEYS = 2**21  # random keys drawn at once for random order, at most (16 MB)


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
    weights bit for bit, the same counts, status and cycle. The perceptron rule
    (train's rule="fixed") in either label convention, the stopping rule (every
    pattern presented since the last update, with no update; Honavar 1996,
    section 2) and the cycle test at the start of each cyclic pass (Manfredi
    2021, the cycling theorem) are those of `train`; here each presentation is
    a few array operations over all the sets still running.

    Each net input W·X is taken with ``np.vecdot`` on rows of unit stride: row
    by row it calls the very dot function (BLAS ddot) that ``np.dot`` calls in
    `train`, so every sum is rounded alike and every decision is the same,
    near-ties included. A sum in another order (``einsum``, ``(W * X).sum(1)``),
    or ddot on strided rows, can round a W·X of 1e-16 to 0 and change a run.

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
    keeps them: some 200 bytes per set and pass for a few features. Where a W·X
    could overflow, or an initial weight is -0.0, the sets are run one by one
    with `train` instead, since there the batched step could differ.

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
    max_epochs = int(max_epochs)
    # Each update adds at most eta max|x| to a weight, so below this bound no W·X can overflow;
    # and a W that starts without -0.0 never gets one (x + y is -0.0 only if both are).
    # There the batched step is exact; elsewhere (huge numbers, a -0.0 start) train runs per set.
    largest = float(np.abs(X).max())
    bound = d * (float(np.abs(W).max()) + float(min(max_epochs, 10**300)) * n * eta * largest) * largest
    if bound < 1e300 and not (np.signbit(W) & (W == 0)).any():
        return _Runs(X, y == 1, labels, eta, W, order, seeds, max_epochs).result()
    return Batch(labels=labels, **_train_each(X[..., 1:], y, eta, W, order, seeds, max_epochs))


class _Runs:
    """All runs of one train_many call, stepped together.

    Row r of the running arrays is set ``ids[r]``: W, `last` (the presentation of
    its last update, 0 for none), `updates` and `alive` (False once its run has
    ended and its results are kept). The pass arrays hold the patterns in
    presentation order, laid out (n_samples, n_rows, ...) so that presentation t
    of a pass is one contiguous slice. Ended runs are dropped from the rows at
    the start of a pass: always with random order, whose pass arrays are
    gathered anew anyway, and with cyclic order once half the rows have ended.
    An ended row that stays meanwhile is harmless: only alive rows are read.
    """

    def __init__(self, X, positive, labels, eta, W, order, seeds, max_epochs):
        n_sets, n, d = X.shape
        self.n, self.d, self.order, self.max_epochs, self.labels = n, d, order, max_epochs, labels
        self.eta, self.X, self.positive = eta, X, positive
        self.ids = np.arange(n_sets)
        self.W = np.ascontiguousarray(W)  # rows of unit stride, as train's w (see _present)
        self.last, self.updates = np.zeros(n_sets, np.int64), np.zeros(n_sets, np.int64)
        self.alive = np.ones(n_sets, bool)
        self.final_weights = np.empty((n_sets, d))
        self.n_updates = np.zeros(n_sets, np.int64)
        self.n_presentations = np.zeros(n_sets, np.int64)
        self.n_epochs = np.zeros(n_sets, np.int64)
        self.status = np.full(n_sets, "max_epochs", dtype="<U10")
        self.cycle_start = np.full(n_sets, -1, np.int64)
        self.cycle_length = np.full(n_sets, -1, np.int64)
        self.seen, self.pass_starts, self.cycles = {}, [], []
        self.rngs = [np.random.default_rng(seed) for seed in seeds] if order == "random" else None
        self.orders = self.perm = self.previous = self.pass_X = None

    def result(self):
        n = self.n
        for epoch in range(self.max_epochs + 1):
            if self.order == "cyclic":
                self._detect_cycles(epoch)
            if not self.alive.any():
                break
            if epoch == self.max_epochs:
                self._finish(self.alive, "max_epochs", epoch * n, epoch)
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
            self._drop_ended()
            self._draw_orders(epoch)
            self._gather(self.perm.T)
        elif self.pass_X is None or 2 * self.alive.sum() <= len(self.alive):
            self._drop_ended()
            self._gather(np.arange(self.n)[:, None])

    def _drop_ended(self):
        keep = self.alive
        if not keep.all():
            for name in ("ids", "W", "last", "updates", "alive", "orders", "perm"):
                if getattr(self, name) is not None:
                    setattr(self, name, getattr(self, name)[keep])

    def _gather(self, patterns):
        """The pass arrays: pattern patterns[t, r] of set ids[r] at [t, r]."""
        self.pass_X = np.ascontiguousarray(self.X[self.ids, patterns])
        self.pass_positive = self.positive[self.ids, patterns]
        self.pass_sign = np.where(self.pass_positive, 1.0, -1.0)
        self.pass_step = self.eta * self.pass_sign  # train's correction is (eta * s) * X

    def _draw_orders(self, epoch):
        """The orders of training._pass_orders: per set, argsorts of its uniform keys, drawn in sequence.

        The draws of one generator follow each other, so drawing a few passes at a
        time gives the orders that train draws 1024 at a time.
        """
        if self.orders is None or epoch - self.drawn_at == self.orders.shape[1]:
            chunk = int(np.clip(_ORDER_KEYS // (len(self.ids) * self.n), 1, 16))
            keys = np.stack([self.rngs[i].random((chunk, self.n)) for i in self.ids])
            self.orders, self.drawn_at = keys.argsort(axis=2, kind="stable"), epoch
        self.previous, self.perm = self.perm, self.orders[:, epoch - self.drawn_at]

    def _present(self, t):
        """Presentation t of the pass to every row: the rule of train's loop; returns where it corrected W.

        The rows of W and of the patterns are contiguous, as train's w and X[i]
        are: np.dot and np.vecdot pass the stride on to BLAS, whose ddot sums
        strided vectors in another way (here without fused multiply-adds), which
        can flip a near-tie. train_many comes here only where no W·X can
        overflow and no W holds a -0.0, so a NaN never decides and adding ±0.0
        to a W that makes no mistake leaves every bit of it as it was.
        """
        x = self.pass_X[t]
        net = np.vecdot(self.W, x)
        if self.labels == "-1/+1":  # update iff y W·X <= 0
            mistake = self.pass_sign[t] * net <= 0
        else:  # update iff o = [W·X > 0] differs from c
            mistake = (net > 0) != self.pass_positive[t]
        self.W += (self.pass_step[t] * mistake)[:, None] * x
        return mistake

    def _close_pass(self, epoch, mistakes):
        n = self.n
        updated = mistakes.any(axis=0)
        self.updates += mistakes.sum(axis=0)
        self.last = np.where(updated, epoch * n + n - np.argmax(mistakes[::-1], axis=0), self.last)
        # A run with no update in this pass has had every pattern presented since its last
        # update, which came in the previous pass (or never): it converged during this pass.
        done = self.alive & ~updated
        if done.any():
            self._finish(done, "converged", epoch * n + self._clean_run_end(epoch, done), epoch + 1)

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
        """train's cycle test at the start of a cyclic pass: has this W started a pass of this set before?

        A key is the set's number and then W's bytes, as train keys W.tobytes().
        """
        rows = np.flatnonzero(self.alive)
        if len(rows) == 0:
            return
        ids = self.ids[rows]
        words = np.empty((len(rows), self.d + 1), np.uint64)
        words[:, 0] = ids
        words[:, 1:] = self.W[rows].view(np.uint64)
        keys = words.view(np.dtype((np.void, 8 * (self.d + 1)))).ravel().tolist()
        self.pass_starts.append((ids, keys))
        seen = self.seen
        repeats = seen.keys() & keys
        if repeats:
            cycling = np.zeros(len(self.alive), bool)
            for row, i, key in zip(rows.tolist(), ids.tolist(), keys):
                if key in repeats:
                    cycling[row] = True
                    self.cycles.append((i, seen[key], epoch))
            self._finish(cycling, "cycling", epoch * self.n, epoch)
        seen.update(dict.fromkeys(keys, epoch))

    def _finish(self, done, status, n_presentations, n_epochs):
        """Keep how the runs in rows `done` ended; their rows are no longer alive."""
        ids = self.ids[done]
        self.final_weights[ids] = self.W[done]
        self.n_updates[ids] = self.updates[done]
        self.n_presentations[ids] = n_presentations
        self.n_epochs[ids] = n_epochs
        self.status[ids] = status
        self.alive = self.alive & ~done

    def _locate_cycles(self):
        """cycle_start and cycle_length of every run that cycled, as training._locate_cycle finds them.

        The period is (repeat - first) passes; the cycle may begin inside pass
        first - 1, so that pass and its image one period later are replayed
        (all such sets at once) and walked back while their states agree.
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
        twice = np.r_[ids, ids]
        starts = np.array([self._pass_start(i, e) for i, e in zip(twice, np.r_[first - 1, repeat - 1])])
        replay = _Runs(self.X[twice], self.positive[twice], self.labels, self.eta, starts, "cyclic", None, 1)
        replay._prepare_pass(0)
        states = [replay.W.copy()]
        for t in range(n):
            replay._present(t)
            states.append(replay.W.copy())
        states = np.array(states[:n])
        differ = (states[:, : len(ids)] != states[:, len(ids):]).any(axis=2)  # value equality, as np.array_equal
        j = np.where(differ.any(axis=0), n - np.argmax(differ[::-1], axis=0), 0)
        self.cycle_start[ids] = (first - 1) * n + j + 1

    def _pass_start(self, i, epoch):
        ids, keys = self.pass_starts[epoch]
        return np.frombuffer(keys[np.searchsorted(ids, i)], np.float64)[1:]


def _train_each(X, y, eta, W, order, seeds, max_epochs):
    """train() on each set in turn: the results, gathered as train_many returns them."""
    runs = [train(X[i], y[i], eta=eta, initial_weights=W[i], order=order, seed=seeds[i],
                  max_epochs=max_epochs, record=False) for i in range(len(X))]

    def column(name, dtype, missing=None):
        return np.array([missing if getattr(run, name) is None else getattr(run, name) for run in runs], dtype)
    return dict(final_weights=np.array([run.final_weights for run in runs]), n_updates=column("n_updates", np.int64),
                n_presentations=column("n_presentations", np.int64), n_epochs=column("n_epochs", np.int64),
                status=column("status", "<U10"), cycle_start=column("cycle_start", np.int64, -1),
                cycle_length=column("cycle_length", np.int64, -1))


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
        raise ValueError("X must hold finite numbers, got NaN or inf "
                         f"in set(s) {np.flatnonzero(~finite).tolist()[:10]}")
    y = _numeric_array("y", y, "(n_sets, n_samples)")
    if y.shape != X.shape[:2]:
        raise ValueError(f"y must have shape (n_sets, n_samples) = {X.shape[:2]}, one label per pattern of X, "
                         f"got shape {y.shape}")
    if not np.isfinite(y).all():
        raise ValueError("y must hold finite labels, got NaN or inf")
    labels = _label_convention(y, ", one convention for all sets")
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
    return np.array(np.broadcast_to(w, (n_sets, d)), order="C")  # a writable copy, rows of unit stride


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
