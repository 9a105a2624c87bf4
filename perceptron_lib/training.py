"""train(): the perceptron learning rule on one data set, presentation by presentation."""
from itertools import chain
from numbers import Real

import numpy as np

from .trace import Trace

ORDERS = ("cyclic", "random")
RULES = ("fixed", "absolute", "fractional")


def train(X, y, *, eta=1.0, initial_weights=None, order="cyclic", seed=None,
          max_epochs=1000, record=True, rule="fixed", fraction=1.0):
    """Train a threshold unit with the perceptron rule and return the whole run.

    The bias is the weight of a constant input x0 = 1 prepended to every
    pattern, so weights read [w0, w1, ..., wn]. The label set picks the rule:

    - labels in {0, 1}: the threshold unit of Honavar (1996), section 2:
      o = 1 if W·X > 0 else 0, and W <- W + eta (c - o) X;
    - labels in {-1, +1}: the mistake-driven rule of Manfredi (2021) and
      Stensbo-Smidt (2015): update iff y W·X <= 0, and W <- W + eta y X.

    The two differ only when W·X = 0: the first counts it as output 0, the
    second as a mistake whatever the label. Labels that are all 1 fit both
    conventions, and there the two rules coincide.

    The run stops (status "converged") once every pattern has been presented
    since the last update, with no update: with cyclic order that is Honavar's
    run of n consecutive presentations without a change. With cyclic order
    the weights at the start of a pass decide everything after, so a start-of-
    pass W seen before proves a cycle (Manfredi 2021, the cycling theorem) and
    stops the run (status "cycling"). Otherwise it stops after max_epochs
    passes (status "max_epochs"); every run ends.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}.
    eta : float or callable, default 1.0
        The learning rate, a finite number > 0; or a function of the update
        count (0 for the first update, 1 for the next, ...) returning one, so
        that the rate can vary from update to update (Honavar 1996, section 3:
        the perceptron still converges when 0 < eta_t <= B). With a
        schedule the weights no longer decide the future, so no cycle is
        looked for: the run ends converged or at max_epochs.
    initial_weights : array-like of shape (n_features + 1,), optional
        W at the start, bias weight first; zeros by default.
    order : {"cyclic", "random"}, default "cyclic"
        "cyclic" presents X[0], X[1], ..., X[n-1], X[0], ...; "random"
        presents each pass in a fresh random permutation drawn from `seed`.
    seed : int, optional
        Seed of the random order (only with order="random").
    max_epochs : int, default 1000
        The most passes through the data, at least 1.
    record : bool, default True
        Keep every presentation in the trace. With False only the counts,
        the status and the start and final weights are kept, so that very
        long runs fit in little memory.
    rule : {"fixed", "absolute", "fractional"}, default "fixed"
        How far a mistake moves W along s X (s = +1 for a positive pattern,
        -1 for a negative one), after Honavar (1996), section 4:
        "fixed" by eta (the perceptron rule); "absolute" by the smallest
        whole multiple of X that gets the pattern right (Honavar writes
        ceil(|W·X| / X·X); that lands on the plane W·X = 0, which is right
        for a negative pattern under labels 0/1 but not for a positive one,
        so there one more step is taken); "fractional" by
        fraction * |W·X| / X·X, which reaches the pattern's plane for
        fraction = 1 and reflects W through it for fraction = 2. The last
        two need no eta; note that a mistake at W·X = 0 gives the fractional
        rule a step of zero, so it cannot leave W = 0.
    fraction : float, default 1.0
        The fractional rule's lambda, in (0, 2].

    Returns
    -------
    Trace
        The run as arrays; see `Trace`.

    Examples
    --------
    The OR example of Honavar (1996), section 2:

    >>> from perceptron_lib import boolean_function
    >>> run = train(*boolean_function("or"))
    >>> run.status, run.n_presentations, run.update_presentations.tolist()
    ('converged', 13, [2, 5, 7, 9])
    >>> run.final_weights.tolist()
    [0.0, 1.0, 1.0]
    """
    X, y, labels = _check_data(X, y)
    schedule = eta if callable(eta) else None
    eta = 1.0 if schedule else _check_positive("eta", eta)
    n, d = X.shape
    w = _check_initial_weights(initial_weights, d)
    if order not in ORDERS:
        raise ValueError(f"order must be one of {', '.join(map(repr, ORDERS))}, got {order!r}")
    if seed is not None:
        if order != "random":
            raise ValueError(f"seed is used only with order='random', got seed={seed!r} with order={order!r}")
        if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
            raise TypeError(f"seed must be a whole number or None, got {seed!r}")
    if isinstance(max_epochs, (bool, np.bool_)) or not isinstance(max_epochs, (int, np.integer)):
        raise TypeError(f"max_epochs must be a whole number >= 1, got {max_epochs!r}")
    if max_epochs < 1:
        raise ValueError(f"max_epochs must be a whole number >= 1, got {max_epochs!r}")
    if not isinstance(record, (bool, np.bool_)):
        raise TypeError(f"record must be True or False, got {record!r}")
    if rule not in RULES:
        raise ValueError(f"rule must be one of {', '.join(map(repr, RULES))}, got {rule!r}")
    if rule != "fixed" and (eta != 1.0 or schedule):
        raise ValueError(f"eta is used only by rule='fixed' (the {rule} rule chooses its own step), "
                         f"got eta={eta!r} with rule={rule!r}")
    fraction = _check_positive("fraction", fraction)
    if rule == "fractional" and fraction > 2:
        raise ValueError(f"fraction must be in (0, 2] for the fractional rule, got {fraction!r}")
    if rule != "fractional" and fraction != 1.0:
        raise ValueError(f"fraction is used only by rule='fractional', got fraction={fraction!r} "
                         f"with rule={rule!r}")

    rows = [X[i] for i in range(n)]
    # Both rules in one form, with s = +1 for a positive pattern and -1 for a negative one:
    # a mistake iff s W·X < 0, or W·X = 0 where the rule counts a tie as a mistake (always
    # for -1/+1; for 0/1 only on positives, whose output 0 is then wrong); the correction is
    # then eta s X (Honavar's c - o is s on a mistake).
    signs = (y if labels == "-1/+1" else 2 * y - 1).tolist()
    tie_is_mistake = [labels == "-1/+1" or s > 0 for s in signs]
    corrections = [(eta * s) * x for s, x in zip(signs, rows)]
    correction = _correction_rule(rule, fraction, rows, signs, tie_is_mistake, corrections)
    if schedule:
        def correction(i, margin):  # the rate of this update, from the caller's schedule
            rate = schedule(n_updates)
            if isinstance(rate, (bool, np.bool_)) or not isinstance(rate, Real) or not (np.isfinite(rate) and rate > 0):
                raise ValueError(f"eta(k) must return a positive finite number, got {rate!r} for k={n_updates}")
            return (float(rate) * signs[i]) * rows[i]
    dot = np.dot
    start = w.copy()
    orders = _pass_orders(n, order, seed)
    pass_starts, seen, presented, nets, update_at, moves = [], {}, [], [], [], []
    status, cycle = "max_epochs", None
    n_presentations = n_updates = n_clean = n_epochs = 0
    clean_since = [-1] * n  # the update count at which each pattern was last seen right
    for epoch in range(max_epochs + 1):
        if order == "cyclic" and not schedule:  # with a schedule W alone no longer decides the future
            key = w.tobytes()
            if key in seen:
                status, cycle = "cycling", (seen[key], epoch)
                break
            seen[key] = epoch
            pass_starts.append(w)
        if epoch == max_epochs:
            break
        n_epochs += 1
        this_pass = next(orders)
        for i in this_pass:
            net = float(dot(w, rows[i]))
            n_presentations += 1
            if record:
                nets.append(net)
            margin = signs[i] * net
            if margin < 0 or (margin == 0 and tie_is_mistake[i]):
                move = correction(i, margin)
                w = w + move
                n_updates += 1
                n_clean = 0
                if record:
                    update_at.append(n_presentations - 1)
                    moves.append(move)
            elif clean_since[i] != n_updates:
                clean_since[i] = n_updates
                n_clean += 1
                if n_clean == n:
                    status = "converged"
                    break
        if record:
            presented.append(this_pass)
        if status == "converged":
            break

    cycle_start = cycle_length = None
    if cycle is not None:
        cycle_start, cycle_length = _locate_cycle(pass_starts, *cycle, rows, signs, tie_is_mistake, correction)
    if record:
        pattern = np.fromiter(chain.from_iterable(presented), np.int64)[:n_presentations]
        net = np.array(nets)
        updated = np.zeros(n_presentations, bool)
        updated[update_at] = True
        # W changes only at updates: adding the moves in sequence rebuilds every row
        # (cumsum adds in order, so the floats are those of the loop).
        steps = np.zeros((n_presentations + 1, d))
        steps[0] = start
        steps[np.array(update_at, np.int64) + 1] = np.array(moves).reshape(-1, d)
        weights = np.cumsum(steps, axis=0)
        output = _output(net, labels)
    else:
        pattern, net, output, updated = (np.empty(0, np.int64), np.empty(0), np.empty(0, np.int64),
                                         np.empty(0, bool))
        weights = np.vstack([start, w])
    return Trace(X=X, y=y, labels=labels, eta=schedule or eta, order=order, rule=rule, fraction=fraction, weights=weights,
                 pattern=pattern, net=net, output=output, target=y[pattern],
                 updated=updated, status=status, n_presentations=n_presentations,
                 n_updates=n_updates, n_epochs=n_epochs, cycle_start=cycle_start,
                 cycle_length=cycle_length, recorded=bool(record))


def output(weights, X):
    """The output of threshold units: 1 where W·X > 0, else 0 (Honavar 1996, section 2).

    Parameters
    ----------
    weights : array-like of shape (n_features + 1,) or (n_units, n_features + 1)
        One unit's weights [w0, w1, ..., wn], or one row per unit (a layer).
    X : array-like of shape (n_samples, n_features)
        Patterns without the bias input (x0 = 1 is prepended).

    Returns
    -------
    ndarray of shape (n_samples,) or (n_samples, n_units)
        0 or 1, as integers; a layer's outputs can be the next layer's X.

    Examples
    --------
    >>> output([-1.5, 1, 1], [[0, 0], [1, 1]]).tolist()
    [0, 1]
    """
    X = _numeric_array("X", X, "(n_samples, n_features)")
    weights = _numeric_array("weights", weights, "(n_features + 1,) or (n_units, n_features + 1)")
    if X.ndim != 2:
        raise ValueError(f"X must be 2-D of shape (n_samples, n_features), got shape {X.shape}")
    if weights.ndim not in (1, 2) or weights.shape[-1] != X.shape[1] + 1:
        raise ValueError(f"weights must have {X.shape[1] + 1} entries per unit (a bias weight and one per "
                         f"feature of X), got shape {weights.shape}")
    net = np.hstack([np.ones((len(X), 1)), X]) @ weights.T
    return (net > 0).astype(np.int64)


def _output(net, labels):
    """The unit's output: 1 iff W·X > 0 (labels 0/1), or sign(W·X) (labels -1/+1)."""
    return (net > 0).astype(np.int64) if labels == "0/1" else np.sign(net).astype(np.int64)


def _pass_orders(n, order, seed, chunk=1024):
    """Yield the presentation order of each pass, as a list of pattern indices.

    Random passes are the argsort of uniform keys, drawn `chunk` passes at a time;
    the draws come in sequence, so the orders do not depend on the chunk size.
    """
    if order == "cyclic":
        cyclic = list(range(n))
        while True:
            yield cyclic
    rng = np.random.default_rng(seed)
    while True:
        yield from rng.random((chunk, n)).argsort(axis=1, kind="stable").tolist()


def _locate_cycle(pass_starts, first, repeat, rows, signs, tie_is_mistake, correction):
    """First presentation and length of a cycle found at the start of pass `repeat`.

    The state at presentation k is (W, k mod n), so the period is a whole number
    of passes, (repeat - first) * n. The cycle may begin inside the pass before
    `first`: replay that pass and its image one period later and walk back while
    the states still agree.
    """
    n = len(rows)
    length = (repeat - first) * n
    begin = first * n  # the weights row that recurs
    if first > 0:
        replay = (rows, signs, tie_is_mistake, correction)
        early = _replay_pass(pass_starts[first - 1], *replay)
        late = _replay_pass(pass_starts[repeat - 1], *replay)
        j = n
        while j > 0 and np.array_equal(early[j - 1], late[j - 1]):
            j -= 1
        begin = (first - 1) * n + j
    return begin + 1, length


def _replay_pass(w, rows, signs, tie_is_mistake, correction):
    """The n + 1 weight vectors of one cyclic pass from w (the rule of train's loop)."""
    states = [w]
    for i, (x, s, tie) in enumerate(zip(rows, signs, tie_is_mistake)):
        margin = s * float(np.dot(w, x))
        if margin < 0 or (margin == 0 and tie):
            w = w + correction(i, margin)
        states.append(w)
    return states


def _correction_rule(rule, fraction, rows, signs, tie_is_mistake, corrections):
    """The move of W on a mistake with pattern i, given s W·X (<= 0): Honavar (1996), section 4."""
    if rule == "fixed":
        return lambda i, margin: corrections[i]
    squared = [float(x @ x) for x in rows]
    if rule == "fractional":
        return lambda i, margin: ((fraction * -margin / squared[i]) * signs[i]) * rows[i]

    def absolute(i, margin):
        # s W·X + eta X·X must become > 0 (or >= 0 where a tie is right): the smallest whole eta
        need = -margin / squared[i]
        eta = np.floor(need) + 1 if tie_is_mistake[i] else max(np.ceil(need), 1.0)
        return (eta * signs[i]) * rows[i]
    return absolute


def _check_data(X, y):
    X = _numeric_array("X", X, "(n_samples, n_features)")
    if X.ndim != 2:
        raise ValueError(f"X must be 2-D of shape (n_samples, n_features), got an array of shape {X.shape}"
                         + (" (for one feature use X.reshape(-1, 1))" if X.ndim == 1 else ""))
    if X.shape[0] == 0 or X.shape[1] == 0:
        raise ValueError(f"X must hold at least one pattern with at least one feature, got shape {X.shape}")
    if not np.isfinite(X).all():
        raise ValueError("X must hold finite numbers, got NaN or inf "
                         f"in row(s) {np.flatnonzero(~np.isfinite(X).all(axis=1)).tolist()[:10]}")
    y = _numeric_array("y", y, "(n_samples,)")
    if y.ndim != 1:
        raise ValueError(f"y must be 1-D of shape (n_samples,), got an array of shape {y.shape}")
    if len(y) != len(X):
        raise ValueError(f"y must have one label per row of X ({len(X)}), got {len(y)} labels")
    if not np.isfinite(y).all():
        raise ValueError("y must hold finite labels, got NaN or inf")
    labels = _label_convention(y)
    X = np.hstack([np.ones((len(X), 1)), X])
    return X, y.astype(np.int64), labels


def _label_convention(y, scope=""):
    """ "0/1" or "-1/+1" from the label values; labels all 1 fit both (and there the rules coincide)."""
    found = set(np.unique(y).tolist())
    if found <= {0, 1}:
        return "0/1"
    if found <= {-1, 1}:
        return "-1/+1"
    shown = [int(v) if v == int(v) else v for v in sorted(found)[:6]]
    raise ValueError(f"y must hold labels all in {{0, 1}} or all in {{-1, +1}}{scope}, got the values {shown}")


def _numeric_array(name, value, shape):
    try:
        array = np.asarray(value)
    except ValueError as error:  # numpy refuses ragged nested lists
        raise ValueError(f"{name} must be a rectangular array of shape {shape}, got rows of "
                         f"different lengths ({error})") from None
    if array.dtype == object or array.dtype.kind not in "biuf":
        raise TypeError(f"{name} must hold real numbers, got an array of dtype {array.dtype}")
    return array.astype(float)


def _check_positive(name, value):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, Real):
        raise TypeError(f"{name} must be a positive number, got {value!r}")
    if not (np.isfinite(value) and value > 0):
        raise ValueError(f"{name} must be a positive finite number, got {value!r}")
    return float(value)


def _check_initial_weights(initial_weights, d):
    if initial_weights is None:
        return np.zeros(d)
    w = _numeric_array("initial_weights", initial_weights, f"({d},)")
    if w.shape != (d,):
        raise ValueError(f"initial_weights must have shape ({d},): the bias weight w0 and one weight "
                         f"per feature, got shape {w.shape}")
    if not np.isfinite(w).all():
        raise ValueError("initial_weights must hold finite numbers, got NaN or inf")
    return w.copy()
