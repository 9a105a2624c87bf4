"""The perceptron's rule, written once: the mistake test, the order of presentations, the stopping
rule, and how a run ends (the cycle test, the replay to the first repeat, the walk back).

Every learner of the package decides with these: `train` (and through it `train_layer`, one `train` per
unit) and `train_kernel`, whose runs end through `run_to_end`, the perceptron criterion and geometry.py's
verdicts; `train_many` runs the same tests over many sets at once, with the array forms here (`CycleTests`,
`first_repeats`, `return_times`), checked bit for bit against `train`. A change of the rule is a change here.

Sources: V. Honavar, *Perceptron algorithm* (lecture notes, 1996), section 2, for the threshold
unit, its correction and the stopping rule (a whole run of presentations with no correction);
V. Manfredi, *Lecture 11: Perceptrons* (2021), for the mistake-driven rule and the cycling theorem
(with cyclic order, the weights at the start of a pass decide everything after it); R. P. Brent,
*An improved Monte Carlo factorization algorithm* (BIT, 1980), for finding a cycle in constant memory.
"""
import copy
import math
import operator

import numpy as np

from . import constraints as declare
from . import validation as check

ORDERS = ("cyclic", "random")


def is_mistake(net, target, labels):
    """Whether the unit is corrected on a pattern whose net input is W·X.

    - labels "0/1" (Honavar 1996, section 2): the unit outputs o = 1 if W·X > 0,
      else 0, and a mistake is o != c;
    - labels "-1/+1" (Manfredi 2021): a mistake is y W·X <= 0, so that W·X = 0
      is a mistake whatever the label.

    The two differ only at W·X = 0. Works on one number (a float or a
    Fraction) or elementwise on arrays of nets and targets.

    Parameters
    ----------
    net : number or ndarray
        W·X.
    target : int or ndarray
        c in {0, 1} or y in {-1, +1}.
    labels : {"0/1", "-1/+1"}
        The label convention.

    Returns
    -------
    bool or ndarray of bool

    Examples
    --------
    >>> is_mistake(0.0, 1, "0/1"), is_mistake(0.0, 0, "0/1"), is_mistake(0.0, -1, "-1/+1")
    (True, False, True)
    """
    if labels == "0/1":
        return (net > 0) != (target == 1)
    return target * net <= 0


def signs(target, labels):
    """y = +1 for a positive pattern, -1 for a negative one: the label (labels -1/+1) or 2c - 1 (labels 0/1).

    >>> signs(0, "0/1"), signs(-1, "-1/+1")
    (-1, -1)
    """
    return target if labels == "-1/+1" else 2 * target - 1


class Rule:
    """A learning rule, in one place: which presentations correct W, how far along y X, and the trace's words.

    `train`, `train_many` (as array operations), `train_layer`, `voted_perceptron`
    (through `train`) and the kernel perceptron (`train_kernel`, whose dual
    update adds y X once per mistake) take the rule from here, and `Trace`
    words a step with it. A rule is a subclass with a `name` (the trace's
    words), its `mistake` test and its `step`, and is passed to a learner as
    an object (``train(X, y, rule=MyRule())``); the package's own rules are
    also found by name, in `RULES`. Every method works on one number (a float
    or a Fraction) and elementwise on arrays, with the same floats, so that
    `train_many` matches `train` bit for bit; a rule run with
    ``train(..., exact=True)`` must keep a Fraction's step a Fraction (as
    `Fractional` does), or the run is refused.

    Rules are compared by their class and parameters: ``Margin(1.0) == Margin(1)``.
    """

    name = ""              # the rule's name, in the trace's words and the messages; a rule must have one
    called = "a mistake"   # what the trace calls a presentation that corrects W

    @property
    def uses_eta(self):
        """Whether the step is the perceptron's, eta y (the rule keeps `Rule.step`), read off the rule.

        Then train's eta (or a schedule's eta_k) is the step, the trace
        writes it, and the kernel perceptron, which counts mistakes (eta = 1),
        can run the rule. A rule with a `step` of its own chooses its step:
        it takes no eta, and the trace writes the step it measures.
        """
        return type(self).step is Rule.step

    def params(self):
        """The rule's parameters, as a dict (empty for rules without any)."""
        return {}

    def mistake(self, net, target, labels):
        """Whether a presentation with net input W·X and this target corrects W (see `is_mistake`)."""
        return is_mistake(net, target, labels)

    def step(self, net, s, squared, rate, labels):
        """How far a correction moves W along X, signed: W <- W + step X.

        net is W·X, s the pattern's sign y, squared X·X, rate the learning rate
        of this correction (eta or a schedule's eta_k, in the run's numbers; 1
        for a rule with a step of its own). With ``exact=True`` net, squared
        and rate are Fractions, and the step must be one too (or a whole
        number): a rule's own numbers go in as ``type(net)(value)``.
        """
        return rate * s

    def signed(self, labels):
        """Whether the trace writes the test as y·(W·X) against a bound (else Honavar's o against c)."""
        return labels == "-1/+1"

    def verdict(self, mistake, num):
        """The words after y·(W·X) = value in a step's arithmetic; `num` formats a number."""
        return "≤ 0 ⇒ mistake" if mistake else "> 0 ⇒ correct"

    def __eq__(self, other):
        return type(other) is type(self) and other.params() == self.params()

    def __hash__(self):
        return hash((self.name, tuple(self.params().items())))

    def __repr__(self):
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.params().items())})"

    def __str__(self):
        return self.name


class Fixed(Rule):
    """The perceptron rule: a mistake moves W by eta y X (Honavar 1996, section 2; Manfredi 2021)."""

    name = "fixed"


class Absolute(Rule):
    """Honavar's absolute correction rule (1996, section 4): the smallest whole multiple of X that gets the pattern right.

    Honavar writes ``ceil(|W·X| / X·X)``; that lands on the plane W·X = 0, which
    is right for a negative pattern under labels 0/1 but not for a positive
    one (nor for any under -1/+1), so there one more step is taken. It needs
    no eta.
    """

    name = "absolute"

    def step(self, net, s, squared, rate, labels):
        need = -(s * net) / squared
        tie = (labels == "-1/+1") | (s > 0)   # W·X = 0 is a mistake for this pattern
        if isinstance(need, np.ndarray):
            return np.where(tie, np.floor(need) + 1, np.maximum(np.ceil(need), 1)) * s
        return (math.floor(need) + 1 if tie else max(math.ceil(need), 1)) * s   # a whole number


class Fractional(Rule):
    """Honavar's fractional correction rule (1996, section 4): ``lambda |W·X| / X·X`` along y X.

    lambda = 1 reaches the pattern's plane, 2 reflects W through it; a mistake
    at W·X = 0 gives a step of zero, so the rule cannot leave W = 0. It needs
    no eta; lambda is ``train``'s `fraction` when the rule is named "fractional".
    """

    name = "fractional"

    def __init__(self, fraction=1.0):
        self.fraction = check.number("fraction", fraction, above=0, maximum=2)

    def params(self):
        return {"fraction": self.fraction}

    def step(self, net, s, squared, rate, labels):
        fraction = type(net)(self.fraction) if not isinstance(net, (float, np.ndarray)) else self.fraction
        return (fraction * -(s * net) / squared) * s


class Margin(Rule):
    """The margin perceptron: correct W by eta y X whenever y·(W·X) <= m, not only on a mistake.

    With m > 0 a pattern is corrected until it lies beyond the margin: at the
    end every pattern has y·(W·X) > m (the perceptron "with margin" b of
    Duda, Hart and Stork, *Pattern Classification*, 2nd ed., 2001, chapter 5;
    not one of the course's sources). On separable data the run converges,
    and the final W separates with ``|W·X| > m`` on every pattern. y is the ±1 target: the label
    itself (labels -1/+1) or 2c - 1 (labels 0/1); with m = 0 this is the mistake-driven rule of
    labels -1/+1.

    >>> Margin(0.5).mistake(0.4, 1, "-1/+1"), Margin(0.5).mistake(0.6, 1, "-1/+1")
    (True, False)
    """

    name, called = "margin", "inside the margin"

    def __init__(self, m=1.0):
        self.m = check.number("m", m, minimum=0)

    def params(self):
        return {"m": self.m}

    def mistake(self, net, target, labels):
        return signs(target, labels) * net <= self.m

    def signed(self, labels):
        return True

    def verdict(self, mistake, num):
        return f"≤ m = {num(self.m)} ⇒ correct W" if mistake else f"> m = {num(self.m)} ⇒ beyond the margin"


# The package's rules, found by name: train(rule="margin") runs Margin(). The table is written out, so that
# no class defined elsewhere joins it or replaces one of its rules; a caller's own rule is passed as an object.
RULES = {rule.name: rule for rule in (Fixed, Absolute, Fractional, Margin)}
FIXED = Fixed()


def rule_names(which=None):
    """The names of the package's rules (those whose default rule passes the test `which`), as messages list them.

    >>> rule_names(lambda rule: rule.uses_eta)
    "'fixed', 'margin'"
    """
    return ", ".join(repr(name) for name, cls in RULES.items() if which is None or which(cls()))


def chosen_rule(name, rule, given=None):
    """A rule as a caller gives it, checked: the name of a package rule (`RULES`), or a Rule object with a name.

    A Rule's `uses_eta` is read off the rule (see `Rule.uses_eta`): a class that sets it by hand is refused, since
    the trace and the learners would take eta for a step the rule does not take.
    """
    if not isinstance(rule, Rule):
        return check.choice(name, rule, tuple(RULES))
    if not isinstance(rule.name, str) or not rule.name.strip():
        raise ValueError(f"{name} must have a name (a class attribute name = \"...\", for the trace's words and the "
                         f"messages), got {type(rule).__name__} with name={rule.name!r}")
    if rule.uses_eta is not (type(rule).step is Rule.step):
        raise ValueError(f"{name} must leave uses_eta to Rule (it is True exactly when the rule keeps Rule.step, "
                         f"eta y), got uses_eta={rule.uses_eta!r} on the {rule.name} rule, whose step is "
                         f"{'eta y' if type(rule).step is Rule.step else 'its own'}")
    return rule


def learning_rule(rule, fraction=1.0):
    """The Rule a caller names: a Rule itself, or the name of a package rule (`RULES`) with its defaults.

    `fraction` is the fractional rule's lambda when the rule is given by name.

    >>> learning_rule("fractional", 0.5), learning_rule(Margin(2))
    (Fractional(fraction=0.5), Margin(m=2.0))
    """
    chosen_rule("rule", rule)
    if isinstance(rule, Rule):
        if fraction != 1.0:
            raise ValueError(f"fraction is used only with rule='fractional' (a Rule carries its own parameters), "
                             f"got fraction={fraction!r} with rule={rule!r}")
        return rule
    if rule == "fractional":
        return Fractional(fraction)
    check.number("fraction", fraction, above=0, maximum=2)
    if fraction != 1.0:
        raise ValueError(f"fraction is used only by rule='fractional', got fraction={fraction!r} with rule={rule!r}")
    return RULES[rule]()


def refuse_eta(rule, eta):
    """Refuse a learning rate (other than 1, or a schedule) for a rule that chooses its own step (`Rule.uses_eta`)."""
    if not rule.uses_eta and (callable(eta) or eta != 1.0):
        raise ValueError(f"eta is used only by rule={rule_names(lambda r: r.uses_eta)} (the rules whose step is "
                         f"eta y) and a Rule that keeps Rule.step; the {rule} rule chooses its own step, got "
                         f"eta={eta!r} with rule={rule.name!r}")


# How train, train_many and the other learners declare their `rule` and `fraction` parameters (constraints.declared).
RULE = declare.Custom(chosen_rule,
                      lambda example: [("newton", ValueError), (3, ValueError), (Rule, ValueError),
                                       (Rule(), ValueError)])
FRACTION = declare.Number(above=0, maximum=2)


def convention(y):
    """The label convention of labels already checked (`validation.labels`): "-1/+1" if any is -1, else "0/1".

    Labels all 1 fit both conventions and run as "0/1": the two rules coincide there (see `train`).

    >>> convention(np.array([1, -1])), convention(np.array([1, 1]))
    ('-1/+1', '0/1')
    """
    return "-1/+1" if (y == -1).any() else "0/1"


def random_orders(rng, passes, n):
    """`passes` presentation orders of n patterns: the stable argsorts of uniform keys drawn from rng.

    Draws follow each other in a generator, so orders drawn a few passes at a
    time are those drawn all at once.
    """
    return rng.random((passes, n)).argsort(axis=1, kind="stable")


def pass_orders(n, order, seed, chunk=1024):
    """Yield the presentation order of each pass, as a list of pattern indices.

    "cyclic" presents 0, 1, ..., n - 1 every pass; "random" a fresh permutation
    each pass (`random_orders` from ``np.random.default_rng(seed)``, drawn
    `chunk` passes at a time; the orders do not depend on the chunk).
    """
    if order == "cyclic":
        cyclic = list(range(n))
        while True:
            yield cyclic
    rng = np.random.default_rng(seed)
    while True:
        yield from random_orders(rng, chunk, n).tolist()


class Convergence:
    """The stopping rule: converged once every pattern has been presented, and found right, since the last correction.

    With cyclic order this is Honavar's run of N presentations without a
    change; with random order a pattern may come twice before another comes
    at all, so the rule counts distinct patterns.
    """

    def __init__(self, n):
        self.n = n
        self.reset()

    def reset(self):
        """Forget what was found right (as after a correction)."""
        self.right_since, self.count, self.corrections = [-1] * self.n, 0, 0

    def corrected(self):
        """A correction was made."""
        self.corrections += 1
        self.count = 0

    def right(self, k):
        """Pattern k was presented and found right; True once every pattern has been, since the last correction."""
        if self.right_since[k] != self.corrections:
            self.right_since[k] = self.corrections
            self.count += 1
        return self.count == self.n

    def copy(self):
        twin = copy.copy(self)
        twin.right_since = list(self.right_since)
        return twin


class CycleTest:
    """Brent's method on the map "state at the start of a pass -> state at the start of the next".

    With cyclic order the state at a pass start decides every pass after it, so
    a state seen before proves a cycle (Manfredi 2021, the cycling theorem).
    Brent's method keeps one saved state: it finds the period of a cycle in
    constant memory, at most a few periods after the cycle began; `first_repeat`
    then finds where it began.
    """

    def __init__(self, start, same=operator.eq):
        self.saved, self.power, self.lam, self.same = start, 1, 0, same

    def period(self, state):
        """Take the state at the next pass start; the period in passes if it is the saved one, else None."""
        self.lam += 1
        if self.same(state, self.saved):
            return self.lam
        if self.lam == self.power:
            self.saved, self.power, self.lam = state, 2 * self.power, 0
        return None


class CycleTests:
    """`CycleTest` for k runs at once, as array operations (`train_many`): a saved state, power and count per run."""

    def __init__(self, start, same):
        self.saved, self.same = start.copy(), same
        self.power, self.lam = np.ones(len(start), np.int64), np.zeros(len(start), np.int64)

    def periods(self, states, running):
        """Take the runs' states at the next pass start; a running run's period if back at its saved state, else 0."""
        self.lam += 1
        repeat = running & self.same(states, self.saved)
        move = running & ~repeat & (self.lam == self.power)
        self.saved[move], self.power[move], self.lam[move] = states[move], 2 * self.power[move], 0
        return np.where(repeat, self.lam, 0)

    def __getitem__(self, rows):
        """The tests of the runs `rows` alone (train_many drops the runs that have ended)."""
        twin = copy.copy(self)
        twin.saved, twin.power, twin.lam = self.saved[rows], self.power[rows], self.lam[rows]
        return twin


def first_repeat(start, one_pass, period, limit, same=operator.eq):
    """Where a run with a cycle of `period` passes first comes back to a pass start it had, in constant memory.

    With the period p, the first repeat is at pass mu + p, where mu is the
    first pass whose start comes back p passes later: run one copy p passes
    ahead, then both together until they meet.

    Parameters
    ----------
    start : state
        The state at the start of the run.
    one_pass : callable
        ``one_pass(state) -> (state after one cyclic pass, corrections made)``.
    period : int
        The period, from `CycleTest.period`.
    limit : int
        Passes the run may make (max_epochs).
    same : callable
        Equality of states.

    Returns
    -------
    (mu, state, corrections, before) or None
        mu; the state at the first repeat (pass mu + p); the corrections
        made up to it; and the states at the starts of passes mu - 1 and
        mu - 1 + p (None, None if mu = 0). None if the first repeat would come
        after `limit` passes.
    """
    if period > limit:
        return None
    ahead, corrections = start, 0
    for _ in range(period):
        ahead, done = one_pass(ahead)
        corrections += done
    behind, mu, before = start, 0, (None, None)
    while not same(behind, ahead):
        if mu + period >= limit:
            return None
        before = (behind, ahead)
        behind, _ = one_pass(behind)
        ahead, done = one_pass(ahead)
        corrections += done
        mu += 1
    return mu, ahead, corrections, before


def return_time(state, one_pass, limit, same=operator.eq):
    """Passes until the state at a pass start comes back, if within `limit` passes; else None.

    A run stopped at max_epochs = M whose first repeat came by pass M holds a
    state of its cycle, which comes back within M passes: this finds the cycles
    that began too late for Brent's method to notice (at most M more passes).
    A pass that cannot be computed (`one_pass` raises ValueError, as exact
    weights that outgrow their bits do) leaves the question undecided: None.
    """
    v = state
    for passes in range(1, limit + 1):
        try:
            v, _ = one_pass(v)
        except ValueError:
            return None
        if same(v, state):
            return passes
    return None


def run_to_end(start, a_pass, one_pass, limit, detect, same=operator.eq):
    """Pass after pass from `start` until the run ends, and how it ended: the one ending of `train` and `train_kernel`.

    The run ends where a pass says so (``a_pass(state) -> (state after the
    run's next pass, None or the status that ends it: "converged", "stalled")``).
    With `detect` (cyclic order, the state at a pass start deciding the rest)
    Brent's test (`CycleTest`) looks at each pass start, a run that reaches
    `limit` passes is asked whether its last start comes back (`return_time`:
    a cycle that began too late for Brent's method), and a cycle so found is
    replayed from `start` to its first repeat (`first_repeat`, with
    ``one_pass(state) -> (state one cyclic pass on, corrections)``); else the
    run ends "max_epochs" after `limit` passes. `train_many` takes the same
    steps as array operations over many runs, through `first_repeats`,
    `return_times`, `agreed_from` and `cycle_start`.
    """
    state, cycles, period = start, CycleTest(start, same), None
    for epoch in range(limit):
        if detect and epoch and (period := cycles.period(state)):
            break
        state, status = a_pass(state)
        if status:
            return Ending(status, state, epoch + 1)
    else:   # `limit` passes: a cycle at the last pass start, or one begun too late for Brent's method?
        period = (cycles.period(state) or return_time(state, one_pass, limit, same)) if detect else None
    found = first_repeat(start, one_pass, period, limit, same) if period else None
    if found is None:
        return Ending("max_epochs", state, limit)
    first, state, corrections, before = found
    return Ending("cycling", state, first + period, period, first, corrections, before)


class Ending:
    """How a run ended (`run_to_end`): its status, its state at the end and the passes it began.

    A run that cycled also holds its period in passes, the pass `first` whose
    start first came back, the corrections made up to the repeat, and the
    states at the starts of pass first - 1 and of its image a period later.
    """

    def __init__(self, status, state, epochs, period=None, first=None, corrections=None, before=(None, None)):
        self.status, self.state, self.epochs, self.period = status, state, epochs, period
        self.first, self.corrections, self.before = first, corrections, before

    def cycle(self, n, pass_states, same=operator.eq):
        """The cycle's first presentation (from 1) and its length, n presentations a pass (`cycle_start`).

        ``pass_states(state)`` lists the states before each presentation of a
        cyclic pass from `state`: pass first - 1 and its image are compared.
        """
        j = n   # with first = 0 the cycle begins at the run's start
        if self.first:
            early, late = (pass_states(state)[:n] for state in self.before)
            j = int(agreed_from([not same(a, b) for a, b in zip(early, late)]))
        return cycle_start(self.first, n, j), self.period * n


def agreed_from(differ):
    """Where two passes agree from on: one past the last position whose states differ, 0 if none does.

    `differ` holds, for each presentation of a pass, whether the states before
    it differ: a sequence of n for one run, or an array (n, k) for k runs (a
    column each). This is the walk back to a cycle's start.

    >>> int(agreed_from([True, False, True, False])), agreed_from([[True, False], [False, False]]).tolist()
    (3, [1, 0])
    """
    differ = np.asarray(differ, bool)
    return np.where(differ.any(axis=0), len(differ) - np.argmax(differ[::-1], axis=0), 0)


def cycle_start(first, n, j):
    """The first presentation (from 1) of a cycle whose pass starts repeat from pass `first`, n presentations a pass.

    The state at presentation k is (W, k mod n), so the period is a whole
    number of passes; the cycle may begin inside the pass before `first`, at
    the position j (0 to n) from which that pass and its image a period later
    agree (`agreed_from`); j = n where first = 0. Works on numbers and
    elementwise on arrays.

    >>> cycle_start(0, 4, 4), cycle_start(2, 4, 3)
    (1, 8)
    """
    return (first - 1) * n + j + 1


def first_repeats(start, replay, period, limit, same):
    """`first_repeat`'s steps for k runs at once, as array operations (`train_many`'s replays).

    Each replayed pass runs only the runs still moving. tests/test_rule.py
    checks it against `first_repeat`, run by run.

    Parameters
    ----------
    start : array
        The k runs' start states, a row each (indexed by arrays of rows).
    replay : callable
        ``replay(rows, states) -> (states one cyclic pass on, corrections made)`` for the runs `rows`.
    period : ndarray of shape (k,)
        Each run's period in passes.
    limit : int
        Passes a run may make (max_epochs).
    same : callable
        ``same(a, b)``: whether state rows are equal, a bool per row.

    Returns
    -------
    (met, first, state, corrections, early, late)
        Arrays over the runs: whether the first repeat comes by pass `limit`;
        mu; the state at pass mu + p; the corrections up to it; the states
        at the starts of passes mu - 1 and mu - 1 + p (the start states where mu = 0).
    """
    ahead, corrections = start.copy(), np.zeros(len(period), np.int64)
    for p in range(int(period.max())):
        rows = np.flatnonzero(period > p)
        ahead[rows], done = replay(rows, ahead[rows])
        corrections[rows] += done
    behind, first = start.copy(), np.zeros(len(period), np.int64)
    early, late = behind.copy(), ahead.copy()
    while len(rows := np.flatnonzero(~same(behind, ahead) & (first + period < limit))):
        early[rows], late[rows] = behind[rows], ahead[rows]
        behind[rows] = replay(rows, behind[rows])[0]
        ahead[rows], done = replay(rows, ahead[rows])
        corrections[rows] += done
        first[rows] += 1
    return same(behind, ahead) & (first + period <= limit), first, ahead, corrections, early, late


def return_times(states, replay, limit, same):
    """`return_time`'s steps for k runs at once (`train_many`'s late cycles): the passes until each state comes back.

    0 for a state that does not come back within `limit` passes; `states`,
    `replay` and `same` are as in `first_repeats`, and tests/test_rule.py
    checks it against `return_time`, run by run.
    """
    period, back_at, rows = np.zeros(len(states), np.int64), states.copy(), np.arange(len(states))
    for passes in range(1, limit + 1):
        back_at[rows] = replay(rows, back_at[rows])[0]
        back = same(back_at[rows], states[rows])
        period[rows[back]] = passes
        if not len(rows := rows[~back]):
            break
    return period
