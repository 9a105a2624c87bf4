"""train(): the perceptron learning rule on one data set, presentation by presentation."""
import math
import numbers
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain

import numpy as np

from . import constraints as declare
from . import validation as check
from .arithmetic import add_with_ones, nets
from .rule import (FRACTION, ORDERS, RULE, Convergence, Rule, convention, learning_rule, pass_orders, refuse_eta,
                   run_to_end)
from .trace import Trace

# Every run ends in seconds: a run may make at most this many presentations (a few seconds here,
# twice that when a cyclic run must show that no cycle came by max_epochs),
MAX_PRESENTATIONS = 3_000_000
# and a recorded trace may hold at most this many (about 90 MB with two features).
MAX_RECORDED = 2_000_000
# Exact rationals grow with every step: fewer presentations, and weights of at most this many bits.
MAX_EXACT = 20_000
MAX_EXACT_BITS = 4096


@declare.declared(X=declare.Patterns(), y=declare.Labels("X"), eta=declare.Rate(),
                initial_weights=declare.Optional(declare.Weights("X")), order=declare.Choice(ORDERS), seed=declare.Seed(),
                max_epochs=declare.Whole(minimum=1), record=declare.Flag(), rule=RULE, fraction=FRACTION,
                exact=declare.Flag())
def train(X, y, *, eta=1.0, initial_weights=None, order="cyclic", seed=None,
          max_epochs=1000, record=True, rule="fixed", fraction=1.0, exact=False):
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
    stops the run (status "cycling"), reported up to that first repeated
    start. The repeat is found in constant memory, by Brent's method and a
    replay: a cycling run costs at most about three times its length, and a
    run that reaches max_epochs up to twice its passes. A pass in
    which mistakes were made but W never changed ends the run too (status
    "stalled"): every pattern was presented at that W, so W can never change
    again. A correction leaves W as it was when its step is zero (the
    fractional rule where W·X is, or computes to, 0) or too small against W
    to survive rounding; `Trace.reason` says which. Otherwise the run stops after max_epochs passes
    (status "max_epochs"); every run ends.

    Sums W·X are taken left to right, w0 x0 + w1 x1 + ... (see
    `perceptron_lib.core.arithmetic`), so that every machine computes the same
    run to the last bit. With ``exact=True`` the run is computed on
    rational numbers instead (Python's fractions), so that no step is ever
    rounded: the mathematics of the rule, free of float artefacts.

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
        The most passes through the data, at least 1; max_epochs * n_samples
        may be at most 3,000,000 presentations, so that every run ends in
        seconds.
    record : bool, default True
        Keep every presentation in the trace (at most 2,000,000 of them:
        max_epochs * n_samples must stay within that). With False only the
        counts, the status and the start and final weights are kept, in
        constant memory however long the run.
    rule : str or Rule, default "fixed"
        Which presentations correct W and how far along y X (y = +1 for a
        positive pattern, -1 for a negative one): a `perceptron_lib.core.rule.Rule`
        object (such as ``Margin(m)``, which corrects by eta y X whenever
        y·(W·X) <= m, or a rule of your own), or the name of one of the
        package's rules, a key of `perceptron_lib.core.rule.RULES`, with its
        default parameters; each rule's class says what it does. "fixed" is
        the perceptron rule, W <- W + eta y X. Only the rules whose step is
        eta y (`Rule.uses_eta`) take an eta other than 1 or a schedule.
    fraction : float, default 1.0
        The fractional rule's lambda, in (0, 2], when the rule is named "fractional".
    exact : bool, default False
        Compute on exact rationals (the data, eta, lambda and the start are
        taken at their exact binary values). Slower: at most 20,000
        presentations, and a ValueError once a weight needs more than 4096
        bits (the fractional rule's steps on float data compound quickly; a
        run at max_epochs whose weights would outgrow them while it is checked
        for a late cycle is reported at max_epochs). A rule whose step leaves
        the fractions (a float step) is refused with a ValueError naming it,
        before the run when its first steps already would.
        The trace shows the numbers rounded to floats; the decisions, counts
        and status are those of exact arithmetic.

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
    data = _setup(X, y, eta, initial_weights, order, seed, max_epochs, record, rule, fraction, exact)
    unit = _Unit(data.X, data.y, data.labels, data.eta, data.schedule, data.rule, data.exact)
    if exact:   # a rule that computes in floats is refused before the run, where its first steps show it
        unit.check_exact(unit.start(data.start))
    detect = order == "cyclic" and data.schedule is None  # with a schedule W alone no longer decides the future
    run = _learn(unit, data.start, pass_orders(len(data.y), order, data.seed), data.max_epochs, record, detect)
    if record:
        return _recorded_trace(data, run)
    return _trace(data, run, weights=np.array([data.start, run.w], float), pattern=np.empty(0, np.int64),
                  net=np.empty(0), updated=np.empty(0, bool), recorded=False)


@declare.declared(X=declare.Patterns(), weights=declare.LAYER_WEIGHTS)
def net_inputs(weights, X):
    """W·X of every pattern, for one unit or for each unit of a layer, added left to right (w0 first).

    Parameters
    ----------
    weights : array-like of shape (n_features + 1,) or (n_units, n_features + 1)
        One unit's weights [w0, w1, ..., wn], or one row per unit (a layer).
    X : array-like of shape (n_samples, n_features)
        Patterns without the bias input (x0 = 1 is prepended).

    Returns
    -------
    ndarray of shape (n_samples,) or (n_samples, n_units)
        The sums `train` computes (`arithmetic.nets`), the same on every machine.

    Examples
    --------
    >>> net_inputs([-1.5, 1, 1], [[0, 0], [1, 1]]).tolist()
    [-1.5, 0.5]
    """
    return nets(weights, add_with_ones(X)).T


@declare.declared(X=declare.Patterns(), weights=declare.LAYER_WEIGHTS)
def output(weights, X):
    """The output of threshold units: 1 where W·X > 0, else 0 (Honavar 1996, section 2).

    Parameters
    ----------
    weights, X
        As in `net_inputs`: one unit's weights or a layer's rows, and patterns without the bias input.

    Returns
    -------
    ndarray of shape (n_samples,) or (n_samples, n_units)
        0 or 1, as integers; a layer's outputs can be the next layer's X.

    Examples
    --------
    >>> output([-1.5, 1, 1], [[0, 0], [1, 1]]).tolist()
    [0, 1]
    """
    return (net_inputs(weights, X) > 0).astype(np.int64)


@dataclass(frozen=True)
class _Setup:
    """A run's arguments, checked: what `_Unit`, `_learn` and the Trace are made from."""

    X: np.ndarray          # the patterns with x0 = 1 prepended
    y: np.ndarray
    labels: str
    eta: float
    schedule: object       # eta(k), or None
    start: np.ndarray
    order: str
    seed: object
    max_epochs: int
    rule: Rule
    exact: bool


def _setup(X, y, eta, initial_weights, order, seed, max_epochs, record, rule, fraction, exact):
    """The relations between train's parameters (each parameter itself is checked as `train` declares it)."""
    n, d = X.shape
    schedule = eta if callable(eta) else None
    eta = 1.0 if schedule else eta
    check.only_with("seed", seed, None, "order", order, ("random",))
    rule = learning_rule(rule, fraction)
    refuse_eta(rule, schedule or eta)
    start, X = (np.zeros(d + 1) if initial_weights is None else initial_weights), add_with_ones(X)
    _check_size(n, max_epochs, record, exact)
    check.no_overflow(X, start, eta if rule.uses_eta and not schedule else 1.0, max_epochs)
    return _Setup(X=X, y=y, labels=convention(y), eta=eta, schedule=schedule, start=start,
                  order=order, seed=seed, max_epochs=max_epochs, rule=rule, exact=exact)


def _check_size(n, max_epochs, record, exact):
    """Refuse up front a run that could take more than seconds or a trace that could fill memory."""
    most, limit = max_epochs * n, MAX_EXACT if exact else MAX_PRESENTATIONS
    if most > limit:
        raise ValueError(f"max_epochs must keep max_epochs * n_samples within {limit:,} presentations "
                         f"(a few seconds{' of exact arithmetic' if exact else ''}), got max_epochs={max_epochs} "
                         f"with {n} patterns ({most:,}); use max_epochs <= {limit // n}")
    if record and most > MAX_RECORDED:
        raise ValueError(f"record=True keeps every presentation, at most {MAX_RECORDED:,} of them, got "
                         f"max_epochs={max_epochs} with {n} patterns ({most:,}); use max_epochs <= "
                         f"{MAX_RECORDED // n}, or record=False for the counts and final weights only")


class _Unit:
    """The threshold unit and its correction rule, on Python floats (Honavar 1996, sections 2 and 4).

    A mistake is `rule.is_mistake`'s. Both label conventions correct in one
    form, with s = +1 for a positive pattern and -1 for a negative one: the
    fixed rule's correction is eta s X (Honavar's c - o is s on a mistake). W·X is added left to right, as
    `arithmetic.dot` adds it, so that `train_many` finds the same floats.
    """

    def __init__(self, X, y, labels, eta, schedule, rule, exact=False):
        self.number = Fraction if exact else float  # the numbers W and X are computed in
        self.rows = [[self.number(v) for v in x] for x in X.tolist()]
        self.targets, self.labels = y.tolist(), labels
        self.signs = (y if labels == "-1/+1" else 2 * y - 1).tolist()
        self.eta = self.number(eta)
        self.squared = [self.net(x, i) for i, x in enumerate(self.rows)]  # X·X
        self.schedule, self.rule = schedule, rule

    def start(self, w):
        """The start as a list of the unit's numbers."""
        return [self.number(v) for v in w.tolist()]

    def net(self, w, i):
        total = self.number(0)
        for a, b in zip(w, self.rows[i]):
            total += a * b
        return total

    def is_mistake(self, net, i):
        return self.rule.mistake(net, self.targets[i], self.labels)

    def step(self, net, i, k):
        """How far the k-th correction (from 0), on pattern i, moves W along X (`Rule.step`)."""
        step = self.rule.step(net, self.signs[i], self.squared[i], self.rate(k), self.labels)
        if self.number is Fraction:
            self._exact(step, i)
        return step

    def check_exact(self, w):
        """Refuse an exact run whose rule's step, from W = w, is not exact on some pattern (`_exact`)."""
        for i in range(len(self.rows)):
            self._exact(self.rule.step(self.net(w, i), self.signs[i], self.squared[i], self.eta, self.labels), i)

    def _exact(self, step, i):
        """Refuse a step of an exact run that is not exact (a Fraction or a whole number), naming the rule."""
        if not isinstance(step, numbers.Rational):
            raise ValueError(f"exact=True needs a rule whose step stays exact, but the {self.rule} rule's step on "
                             f"X{i + 1} is {step!r} ({type(step).__name__}) from fractions: compute it in the "
                             f"numbers it is given (as Fractional does, type(net)(value)), or use exact=False")

    def rate(self, k):
        """The learning rate of the k-th correction: eta, or the schedule's eta_k."""
        if self.schedule is None or not self.rule.uses_eta:
            return self.eta
        rate = self.schedule(k)
        if isinstance(rate, (bool, np.bool_)) or not isinstance(rate, (int, float, np.integer, np.floating)) \
                or not (math.isfinite(rate) and rate > 0):
            raise ValueError(f"eta(k) must return a positive finite number, got {rate!r} for k={k}")
        return self.number(float(rate))

    def correct(self, w, net, i, k):
        """W <- W + step X: Honavar's W + eta (c - o) X, Manfredi's W + eta y X."""
        step = self.step(net, i, k)
        new = [a + step * b for a, b in zip(w, self.rows[i])]
        if self.number is Fraction and max(v.denominator.bit_length() + abs(v.numerator).bit_length()
                                           for v in new) > MAX_EXACT_BITS:
            raise ValueError(f"exact=True keeps every weight exact, but after {k + 1} corrections they need more "
                             f"than {MAX_EXACT_BITS} bits (each rational step compounds the last): use a smaller "
                             f"max_epochs, or exact=False")
        return new

    def one_pass(self, w):
        """W after one cyclic pass from w, and the number of corrections (for replays: no stopping)."""
        corrections = 0
        for i in range(len(self.rows)):
            net = self.net(w, i)
            if self.is_mistake(net, i):
                w, corrections = self.correct(w, net, i, corrections), corrections + 1
        return w, corrections


class _Run:
    """What a run did: its counts and ending, and (if recorded) its presentations."""

    def __init__(self, w):
        self.w, self.status, self.reason = w, "max_epochs", ""
        self.n_presentations = self.n_updates = self.n_epochs = 0
        self.nets, self.update_at, self.after, self.passes = [], [], [], []
        self.cycle_start = self.cycle_length = None


def _learn(unit, start, orders, max_epochs, record, detect):
    """Present patterns pass after pass until the run converges, cycles, stalls or reaches max_epochs (`run_to_end`)."""
    run, stop, n = _Run(start), Convergence(len(unit.rows)), len(unit.rows)
    targets, labels, mistake = unit.targets, unit.labels, unit.rule.mistake

    def a_pass(w):
        this_pass, moved, no_move, status = next(orders), False, None, None
        for i in this_pass:
            net = unit.net(w, i)
            run.n_presentations += 1
            if record:
                run.nets.append(net)
            if mistake(net, targets[i], labels):
                new = unit.correct(w, net, i, run.n_updates)
                if new == w:
                    no_move = (i, net, run.n_presentations, run.n_updates)
                else:
                    moved = True
                run.n_updates += 1
                stop.corrected()
                if record:
                    run.update_at.append(run.n_presentations - 1)
                    run.after.append(new)
                w = new
            elif stop.right(i):
                status = "converged"
                break
        if record:
            run.passes.append(this_pass)
        if not status and no_move and not moved:
            status, run.reason = "stalled", _stall_reason(unit, w, *no_move)
        return w, status

    end = run_to_end(unit.start(start), a_pass, unit.one_pass, max_epochs, detect)
    run.w, run.status, run.n_epochs = end.state, end.status, end.epochs
    if end.status == "cycling":   # reported up to its first repeated pass start
        run.n_updates, run.n_presentations = end.corrections, end.epochs * n
        run.cycle_start, run.cycle_length = end.cycle(n, lambda w: _pass_states(unit, w))
    return run


def _stall_reason(unit, w, i, net, presentation, k):
    """Why W no longer moves, said of the last correction that left it as it was."""
    step = unit.step(net, i, k)
    where = f"presentation {presentation} (X{i + 1}, W·X = {float(net):.6g})"
    if step == 0 and unit.number is Fraction:
        return (f"mistakes are made but W cannot move: at {where} W·X = 0 exactly, and there the fractional "
                f"rule's step λ·|W·X|/X·X is 0")
    if step == 0:
        return (f"mistakes are made but W cannot move: at {where} W·X computes to 0 in floating point, so the "
                f"fractional rule's step λ·|W·X|/X·X is 0 (whether W·X is truly 0 or only rounds to 0, "
                f"train(..., exact=True) can tell)")
    return (f"mistakes are made but W cannot move: the correction at {where} is {abs(float(step)):.3g}·X, too "
            f"small to change any weight of W = [{' '.join(f'{float(v):.6g}' for v in w)}] in floating "
            f"point (it is lost in rounding; with exact=True it would not be)")


def _pass_states(unit, w):
    """The n + 1 weight vectors of one cyclic pass from w."""
    states = [w]
    for i in range(len(unit.rows)):
        net = unit.net(w, i)
        if unit.is_mistake(net, i):
            w = unit.correct(w, net, i, 0)
        states.append(w)
    return states


def _recorded_trace(data, run):
    """The Trace of a recorded run, cut at run.n_presentations (a cycling run was recorded past its first repeat)."""
    d, keep = data.X.shape[1], run.n_presentations
    pattern = np.fromiter(chain.from_iterable(run.passes), np.int64, count=-1)[:keep]
    updated = np.zeros(len(run.nets), bool)
    updated[run.update_at] = True
    updated = updated[:keep]
    # W changes only at updates: row k is the W after the last update at or before presentation k.
    changes = np.vstack([data.start[None], np.array(run.after, float).reshape(-1, d)])  # exact runs: rounded
    weights = changes[np.cumsum(np.r_[0, updated])]
    return _trace(data, run, weights=weights, pattern=pattern, net=np.array(run.nets[:keep], float),
                  updated=updated, recorded=True)


def _trace(data, run, *, weights, pattern, net, updated, recorded):
    return Trace(X=data.X, y=data.y, labels=data.labels, eta=data.schedule or data.eta, order=data.order,
                 rule=data.rule, fraction=getattr(data.rule, "fraction", 1.0), weights=weights, pattern=pattern, net=net,
                 output=_outputs_of_nets(net, data.labels), target=data.y[pattern], updated=updated, status=run.status,
                 n_presentations=run.n_presentations, n_updates=run.n_updates, n_epochs=run.n_epochs,
                 cycle_start=run.cycle_start, cycle_length=run.cycle_length, recorded=recorded,
                 reason=run.reason)


def _outputs_of_nets(net, labels):
    """The unit's outputs, from the nets a run recorded: 1 iff W·X > 0 (labels 0/1), or sign(W·X) (labels -1/+1).

    Not `output` without its checks: `output` computes W·X from weights and patterns; this reads a run's nets.
    """
    return (net > 0).astype(np.int64) if labels == "0/1" else np.sign(net).astype(np.int64)
