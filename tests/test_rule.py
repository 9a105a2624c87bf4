"""rule.py: the mistake test, the orders, the stopping rule and the cycle test, written once and used by every learner."""
import ast
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import perceptron_lib as pl
from perceptron_lib.theory.kernels import train_kernel
from perceptron_lib.core.rule import (Convergence, CycleTest, CycleTests, agreed_from, cycle_start, first_repeat,
                                 first_repeats, is_mistake, pass_orders, random_orders, return_time, return_times)

PACKAGE = Path(pl.__file__).parent


@pytest.mark.parametrize("net, target, labels, expected", [
    (0.5, 1, "0/1", False), (0.0, 1, "0/1", True), (-0.5, 1, "0/1", True),
    (0.5, 0, "0/1", True), (0.0, 0, "0/1", False), (-0.5, 0, "0/1", False),
    (0.5, 1, "-1/+1", False), (0.0, 1, "-1/+1", True), (-0.5, 1, "-1/+1", True),
    (0.5, -1, "-1/+1", True), (0.0, -1, "-1/+1", True), (-0.5, -1, "-1/+1", False),
    (-0.0, 1, "0/1", True), (-0.0, -1, "-1/+1", True), (Fraction(1, 3), 0, "0/1", True),
])
def test_the_mistake_test_on_one_number_with_both_tie_rules(net, target, labels, expected):
    assert is_mistake(net, target, labels) == expected


def test_the_mistake_test_elementwise_is_the_test_of_each_number():
    nets, targets = np.array([-1.0, 0.0, 1.0, -1.0, 0.0, 1.0]), np.array([1, 1, 1, 0, 0, 0])
    for labels, t in (("0/1", targets), ("-1/+1", 2 * targets - 1)):
        assert is_mistake(nets, t, labels).tolist() == [is_mistake(a, b, labels) for a, b in zip(nets.tolist(), t.tolist())]


def test_random_orders_are_permutations_that_do_not_depend_on_how_many_are_drawn_at_once():
    once = random_orders(np.random.default_rng(5), 6, 7)
    rng = np.random.default_rng(5)
    twice = np.vstack([random_orders(rng, 2, 7), random_orders(rng, 4, 7)])
    assert (once == twice).all() and (np.sort(once, axis=1) == np.arange(7)).all()
    passes = pass_orders(7, "random", 5, chunk=3)
    assert [next(passes) for _ in range(6)] == once.tolist()
    cyclic = pass_orders(3, "cyclic", None)
    assert [next(cyclic) for _ in range(2)] == [[0, 1, 2], [0, 1, 2]]


def test_the_stopping_rule_waits_for_every_pattern_since_the_last_correction():
    stop = Convergence(3)
    assert [stop.right(0), stop.right(0), stop.right(1)] == [False, False, False]
    stop.corrected()  # forgets 0 and 1
    assert [stop.right(1), stop.right(2), stop.right(1), stop.right(0)] == [False, False, False, True]
    twin = stop.copy()
    twin.reset()
    assert not twin.right(0) and stop.right(0)


def walk(state, step, passes):
    for _ in range(passes):
        state, _ = step(state)
    return state


@pytest.mark.parametrize("mu, period", [(0, 1), (0, 5), (3, 1), (4, 6), (17, 2), (1, 40)])
def test_brent_finds_the_period_and_the_replay_the_first_repeat(mu, period):
    """A map with a tail of mu states then a cycle of `period`: the states 0, 1, ..., mu + period - 1, then back to mu."""
    def step(state):
        return (state + 1 if state + 1 < mu + period else mu), 1

    cycles, state, found = CycleTest(0), 0, None
    for passes in range(1, 10 * (mu + period) + 2):
        state, _ = step(state)
        if found := cycles.period(state):
            break
    assert found == period
    first, at, corrections, before = first_repeat(0, step, period, limit=mu + period + 1)
    assert (first, at, corrections) == (mu, mu, mu + period)
    assert before == ((None, None) if mu == 0 else (mu - 1, mu + period - 1))
    assert first_repeat(0, step, period, limit=mu + period - 1) is None
    assert return_time(walk(0, step, mu + 3 * period), step, limit=period) == period
    assert return_time(walk(0, step, mu + 3 * period), step, limit=period - 1) is None


MAPS = np.array([(0, 1), (0, 5), (3, 1), (4, 6), (17, 2), (1, 40), (2, 2)])   # (mu, period) of each run


def tail_and_cycle(r):
    """Run r's map: the states 0, 1, ..., mu + period - 1, then back to mu; one correction a pass."""
    mu, period = MAPS[r]
    return lambda state: (state + 1 if state + 1 < mu + period else mu, 1)


REPLAYED = np.zeros(len(MAPS), np.int64)   # passes replayed per run


def replay_rows(rows, states):
    REPLAYED[rows] += 1
    return np.array([tail_and_cycle(r)(s)[0] for r, s in zip(rows, states)], np.int64), np.ones(len(rows), np.int64)


def test_the_array_forms_of_the_cycle_test_and_the_replays_agree_with_the_one_run_forms_run_by_run():
    """train_many's CycleTests, first_repeats and return_times (array operations over runs) against train's
    CycleTest, first_repeat and return_time, each run of its own (mu, period), at several limits."""
    k, same = len(MAPS), np.equal
    tests, singles = CycleTests(np.zeros(k, np.int64), same), [CycleTest(0) for _ in range(k)]
    states, running = np.zeros(k, np.int64), np.ones(k, bool)
    for _ in range(200):
        states = replay_rows(np.arange(k), states)[0]
        found = tests.periods(states, running)
        assert found.tolist() == [singles[r].period(int(states[r])) or 0 if running[r] else 0 for r in range(k)]
        running &= found == 0
    assert not running.any() and tests[np.array([1, 2])].saved.tolist() == tests.saved[[1, 2]].tolist()
    for limit in (1, 5, 20, 60):
        REPLAYED[:] = 0
        met, first, state, corrections, early, late = first_repeats(np.zeros(k, np.int64), replay_rows, MAPS[:, 1],
                                                                    limit, same)
        # p passes ahead, then two a pass while mu + p < limit: no more work than the limit needs
        assert REPLAYED.tolist() == (MAPS[:, 1] + 2 * np.minimum(MAPS[:, 0], np.maximum(limit - MAPS[:, 1], 0))).tolist()
        assert met.tolist() == (MAPS.sum(axis=1) <= limit).tolist()   # the first repeat is at pass mu + period
        for r in range(k):
            found = first_repeat(0, tail_and_cycle(r), int(MAPS[r, 1]), limit)
            assert (found is not None) == met[r]
            if found:
                assert found[:3] == (first[r], state[r], corrections[r])
                assert found[3] == ((None, None) if first[r] == 0 else (early[r], late[r]))
        inside = np.array([walk(0, tail_and_cycle(r), int(MAPS[r].sum()) + 3) for r in range(k)])
        assert return_times(inside, replay_rows, limit, same).tolist() == \
            [return_time(int(s), tail_and_cycle(r), limit) or 0 for r, s in enumerate(inside)]


def test_the_walk_back_finds_where_a_cycle_begins_for_one_run_and_for_many():
    """agreed_from: one past the last position where two passes differ; cycle_start: that position's presentation.
    XOR's cycle (train) begins at presentation 6, inside pass 1, and lasts one pass; started at a weight vector of
    the cycle, the run cycles from its first presentation."""
    assert agreed_from([True, False, True, False]) == 3 and agreed_from([False, False]) == 0
    assert agreed_from(np.array([[True, False, False], [True, True, False]])).tolist() == [2, 2, 0]
    assert cycle_start(0, 4, 4) == 1 and cycle_start(2, 4, 3) == 8 and cycle_start(1, 5, 1) == 2
    assert cycle_start(np.array([0, 2]), 4, np.array([4, 3])).tolist() == [1, 8]
    X, y = pl.boolean_function("xor")
    run = pl.train(X, y)
    assert (run.status, run.cycle_start, run.cycle_length, run.n_epochs) == ("cycling", 6, 4, 3)
    again = pl.train(X, y, initial_weights=run.weights[8])
    assert (again.status, again.cycle_start, again.cycle_length, again.n_epochs) == ("cycling", 1, 4, 1)


def test_a_first_repeat_at_the_last_allowed_pass_is_found():
    """Pass starts 0, 1, 2, 1, ...: the first repeat is at pass 3, within max_epochs = 3, not within 2."""
    def step(state):
        return (1 if state == 2 else state + 1), 1

    assert first_repeat(0, step, 2, limit=3)[:2] == (1, 1)
    assert first_repeat(0, step, 2, limit=2) is None


def test_a_kernel_run_and_train_agree_when_the_first_repeat_is_the_last_pass():
    """XOR cycles from its first pass start that recurs; with max_epochs equal to that pass both say so.

    (The kernel perceptron used to remember every pass start and look for a repeat before each new
    pass only, so a repeat at exactly max_epochs passes went unreported there, though train reported it.)
    """
    X, y = pl.boolean_function("xor")
    full = pl.train(X, y)
    assert full.status == "cycling"
    at = full.n_epochs
    for max_epochs in (at - 1, at, at + 1):
        run, dual = pl.train(X, y, max_epochs=max_epochs), train_kernel(X, y, kernel="linear", max_epochs=max_epochs)
        assert (run.status, run.n_epochs) == (dual.status, dual.n_epochs)
        assert (run.pattern[run.updated] == dual.pattern[dual.mistakes[:, 0]]).all()
    assert pl.train(X, y, max_epochs=at - 1).status == "max_epochs"


def test_exact_runs_of_the_absolute_rule_are_exact():
    """rule='absolute' with exact=True took whole-number steps as floats, and failed on the float weights."""
    X, y = pl.boolean_function("and")
    exact, floats = pl.train(X, y, rule="absolute", exact=True), pl.train(X, y, rule="absolute")
    assert exact.status == floats.status == "converged"
    assert exact.weights.tolist() == floats.weights.tolist()


def test_no_module_imports_another_modules_private_names():
    """What modules share is public (validation.py, arithmetic.py, rule.py): no `from .x import _name`."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                found += [f"{path.relative_to(PACKAGE)}: {alias.name}" for alias in node.names
                          if alias.name.startswith("_") and alias.name != "__version__"]
    assert not found


def test_the_rule_is_written_in_one_place():
    """The mistake test's two comparisons appear in rule.py only (the vectorised and the Python-float runs call it)."""
    for path in PACKAGE.rglob("*.py"):
        if path.name == "rule.py":
            continue
        text = path.read_text(encoding="utf-8")
        code = "\n".join(line.split("#")[0] for line in text.splitlines() if not line.lstrip().startswith(('"', "'")))
        assert "* net <= 0" not in code and "(net > 0) != " not in code, path.name


# ---------------------------------------------------------------- the rule as one object

from perceptron_lib.core.rule import (RULES, Absolute, Fixed, Fractional, Margin, Rule,  # noqa: E402
                                 learning_rule, rule_names, signs)

# One instance or more of every rule train knows by name: a rule added to RULES joins every test below.
EVERY_RULE = [cls() for cls in RULES.values()] + [Fractional(0.5), Fractional(2.0), Margin(0.0), Margin(0.25)]


def test_every_named_rule_is_a_rule_with_a_name_and_is_found_by_it():
    assert RULES and all(issubclass(cls, Rule) for cls in RULES.values())
    for name, cls in RULES.items():
        assert cls.name == name and str(cls()) == name and learning_rule(name) == cls()
    assert learning_rule("fractional", 0.5) == Fractional(0.5) != Fractional(1.0)
    assert Margin(1) == Margin(1.0) and hash(Margin(1)) == hash(Margin(1.0)) and Margin(1) != Fixed()
    assert repr(Margin(2)) == "Margin(m=2.0)" and repr(Fixed()) == "Fixed()"


@pytest.mark.parametrize("call, error, words", [
    (lambda: learning_rule("newton"), ValueError, f"rule must be one of {rule_names()}, got 'newton'"),
    (lambda: learning_rule(Margin(1), 0.5), ValueError, "fraction is used only with rule='fractional'"),
    (lambda: learning_rule("fixed", 0.5), ValueError, "fraction is used only by rule='fractional'"),
    (lambda: Margin(-1), ValueError, "m must be a finite number >= 0, got -1.0"),
    (lambda: Margin("1"), TypeError, "m must be a finite number >= 0"),
    (lambda: Fractional(3), ValueError, "fraction must be a finite number > 0 and <= 2"),
])
def test_bad_rules_are_named(call, error, words):
    with pytest.raises(error, match=words):
        call()


@pytest.mark.parametrize("net, target, labels, expected", [
    (0.5, 1, "-1/+1", True), (1.0, 1, "-1/+1", True), (1.5, 1, "-1/+1", False),
    (-1.5, -1, "-1/+1", False), (-1.0, -1, "-1/+1", True), (0.0, -1, "-1/+1", True), (2.0, -1, "-1/+1", True),
    (1.0, 1, "0/1", True), (1.01, 1, "0/1", False), (-1.0, 0, "0/1", True), (-1.01, 0, "0/1", False),
    (Fraction(3, 2), 1, "-1/+1", False), (Fraction(1, 1), 1, "-1/+1", True),
])
def test_the_margin_test_is_s_times_w_x_at_most_m(net, target, labels, expected):
    """Hand-computed: m = 1, y = the label or 2c - 1; the boundary y·(W·X) = m itself is corrected."""
    assert Margin(1).mistake(net, target, labels) == expected
    assert Margin(1).mistake(np.array([net], float), np.array([target]), labels).tolist() == [expected]


def test_margin_zero_under_labels_minus_one_plus_one_is_the_perceptron_rule():
    rng = np.random.default_rng(3)
    for _ in range(20):
        X, y = rng.integers(-3, 4, (6, 2)), rng.choice([-1, 1], 6)
        a, b = pl.train(X, y, rule=Margin(0), max_epochs=50), pl.train(X, y, max_epochs=50)
        assert a.weights.tolist() == b.weights.tolist() and a.status == b.status


def test_the_steps_of_each_rule_by_hand():
    """W·X = -2 on a positive pattern with X·X = 4: fixed eta s; absolute floor(2/4) + 1 = 1; fractional λ·2/4."""
    assert Fixed().step(-2.0, 1, 4.0, 0.5, "0/1") == 0.5 and Fixed().step(-2.0, -1, 4.0, 0.5, "0/1") == -0.5
    assert Absolute().step(-2.0, 1, 4.0, 1.0, "0/1") == 1 and Absolute().step(-4.0, 1, 4.0, 1.0, "0/1") == 2
    assert Absolute().step(4.0, -1, 4.0, 1.0, "0/1") == -1    # lands on W·X = 0: right for a negative (0/1)
    assert Absolute().step(4.0, -1, 4.0, 1.0, "-1/+1") == -2  # not under -1/+1
    assert Absolute().step(0.0, -1, 4.0, 1.0, "0/1") == -1    # at least one step
    assert Fractional(0.5).step(-2.0, 1, 4.0, 1.0, "0/1") == 0.25 and Fractional(2).step(3.0, -1, 4.0, 1.0, "0/1") == -1.5
    assert Fractional(1).step(Fraction(-1, 3), 1, Fraction(2), 1, "0/1") == Fraction(1, 6)
    assert Margin(3).step(5.0, -1, 4.0, 2.0, "-1/+1") == -2.0
    for rule in (Absolute(), Fractional(0.5)):   # arrays: the same numbers as one at a time
        nets, s = np.array([-2.0, 4.0, 0.0, 3.0]), np.array([1.0, -1.0, -1.0, -1.0])
        for labels in ("0/1", "-1/+1"):
            assert rule.step(nets, s, 4.0, 1.0, labels).tolist() == \
                [rule.step(a, int(b), 4.0, 1.0, labels) for a, b in zip(nets.tolist(), s.tolist())]
    assert signs(np.array([0, 1]), "0/1").tolist() == [-1, 1] and signs(-1, "-1/+1") == -1


@pytest.mark.parametrize("signed", [False, True])
def test_the_margin_perceptron_ends_with_every_pattern_beyond_the_margin(signed):
    """On separable data the run converges, and then y·(W·X) > m on every pattern (checked with exact arithmetic)."""
    X, y = pl.separable_data(30, 2, seed=4, margin=0.3)[:2]
    if signed:
        y = pl.to_signed(y)
    for m in (0.5, 2.0):
        run = pl.train(X, y, rule=Margin(m), max_epochs=500)
        assert run.status == "converged"
        s = y if signed else 2 * y - 1
        W = [Fraction(v) for v in run.final_weights]
        assert all(si * (W[0] + sum(Fraction(a) * b for a, b in zip(x, W[1:]))) > m for x, si in zip(X.tolist(), s))
        exact = pl.train(X, y, rule=Margin(m), max_epochs=500, exact=True)
        assert exact.status == "converged"


def test_a_margin_run_is_the_hand_computed_run_on_or():
    """OR with labels -1/+1, m = 1, from W = 0, eta = 1; by hand:
    X1=[1 0 0] y=-1: 0 <= 1, W = [-1 0 0]; X2=[1 0 1] y=+1: -1 <= 1, W = [0 0 1]; X3=[1 1 0] y=+1: 0 <= 1,
    W = [1 1 1]; X4 = [1 1 1]: 3 > 1 right; X1: -1·1 = -1 <= 1, W = [0 1 1]; X2: 1 <= 1, W = [1 1 2];
    X3: 2 > 1; X4: 4 > 1; X1: -1 <= 1, W = [0 1 2]; X2: 2 > 1; X3: 1 <= 1, W = [1 2 2]; X4: 5; X1: -1, W = [0 2 2];
    X2: 2; X3: 2; X4: 4; X1: 0 <= 1, W = [-1 2 2]; X2: 1 <= 1, W = [0 2 3]; X3: 2; X4: 5; X1: 0, W = [-1 2 3];
    X2: 2; X3: 1, W = [0 3 3]; X4: 6; X1: 0, W = [-1 3 3]; X2, X3, X4: 2, 2, 5 > 1; X1: 1 <= 1, W = [-2 3 3];
    X2: 1, W = [-1 3 4]; X3: 2; X4: 6; X1: 1, W = [-2 3 4]; X2: 2; X3: 1, W = [-1 4 4]; X4: 7; X1: 1, W = [-2 4 4];
    X2: 2; X3: 2; X4: 6; X1: 2 > 1: converged.
    """
    X, y = pl.boolean_function("or", signed=True)
    run = pl.train(X, y, rule=Margin(1))
    assert run.status == "converged" and run.final_weights.tolist() == [-2, 4, 4]
    assert run.n_updates == 18 and run.n_presentations == 41
    assert run.weights.tolist() == _margin_loop(X.tolist(), y.tolist(), 1)
    test, change = run.step_text(1)
    assert test == "W·X1 = [0 0 0]·[1 0 0] = 0; y·(W·X) = (-1)·0 = 0 ≤ m = 1 ⇒ correct W"
    assert change == "W ← [0 0 0] + 1·(-1)·[1 0 0] = [-1 0 0]"
    assert run.step_text(4)[0].endswith("= 3 > m = 1 ⇒ beyond the margin") and run.step_text(4)[1] == "no change"
    assert run.step_summary(1).endswith("inside the margin, W becomes [-1 0 0]")
    unsigned = pl.train(*pl.boolean_function("or"), rule=Margin(1))
    assert unsigned.weights.tolist() == run.weights.tolist()   # s = 2c - 1: the same run
    assert unsigned.step_text(1)[0] == "W·X1 = [0 0 0]·[1 0 0] = 0; y·(W·X) = (-1)·0 = 0 ≤ m = 1 ⇒ correct W"


@pytest.mark.parametrize("rule", EVERY_RULE, ids=repr)
@pytest.mark.parametrize("signed", [False, True])
@pytest.mark.parametrize("order", ["cyclic", "random"])
def test_train_many_is_train_bit_for_bit_for_every_rule(rule, signed, order):
    rng = np.random.default_rng(11)
    X, y = rng.normal(size=(30, 7, 2)).round(1), rng.integers(0, 2, (30, 7))
    if signed:
        y = 2 * y - 1
    start = rng.normal(size=(30, 3)).round(1)
    seeds = list(range(30)) if order == "random" else None
    batch = pl.train_many(X, y, rule=rule, order=order, seeds=seeds, max_epochs=25, initial_weights=start)
    for i in range(30):
        run = pl.train(X[i], y[i], rule=rule, order=order, seed=seeds and seeds[i], max_epochs=25,
                       initial_weights=start[i], record=False)
        assert run.final_weights.tobytes() == batch.final_weights[i].tobytes()
        assert (run.status, run.n_presentations, run.n_updates, run.n_epochs, run.cycle_start or -1) == \
               (batch.status[i], batch.n_presentations[i], batch.n_updates[i], batch.n_epochs[i], batch.cycle_start[i])


@pytest.mark.parametrize("rule", [Fixed(), Margin(0.5), Margin(2)], ids=repr)
def test_the_kernel_perceptron_takes_its_mistake_test_from_the_rule(rule):
    """Linear kernel (1 + x·z) on integer data: the dual run is train's, mistake for mistake."""
    rng = np.random.default_rng(2)
    for _ in range(10):
        X, y = rng.integers(-2, 3, (6, 2)), rng.choice([-1, 1], 6)
        run, dual = pl.train(X, y, rule=rule, max_epochs=30), train_kernel(X, y, kernel="linear", rule=rule,
                                                                            max_epochs=30)
        assert (run.status, run.n_presentations) == (dual.status, dual.n_presentations)
        assert (run.updated == dual.mistakes[:, 0]).all()
    with pytest.raises(ValueError, match="rule must be one whose step is y X"):
        train_kernel(X, y, rule="absolute")


def test_the_layer_and_the_voted_perceptron_pass_the_rule_to_train():
    X, labels = pl.corner_clusters(2, n_per_class=10, seed=1)
    layer = pl.train_layer(X, labels, code="binary", rule=Margin(1))
    assert all(unit.rule == Margin(1) for unit in layer.units) and layer.status == "converged"
    voted = pl.voted_perceptron(*pl.boolean_function("or"), epochs=5, rule=Margin(1))
    assert voted.trace.rule == Margin(1)
    full = pl.train(*pl.boolean_function("or"), rule=Margin(1)).weights.tolist()
    assert voted.trace.weights.tolist() == full[:len(voted.trace.weights)]


def _margin_loop(patterns, labels, m, eta=1, max_rounds=100):
    """The margin perceptron as a plain loop, independent of the package (lesson 02's loop with its test changed)."""
    w = [0] * (len(patterns[0]) + 1)
    history, right_in_a_row = [w], 0
    for step in range(len(patterns) * max_rounds):
        x, y = [1] + list(patterns[step % len(patterns)]), labels[step % len(patterns)]
        if y * sum(wi * xi for wi, xi in zip(w, x)) <= m:
            w, right_in_a_row = [wi + eta * y * xi for wi, xi in zip(w, x)], 0
        else:
            right_in_a_row += 1
        history.append(w)
        if right_in_a_row == len(patterns):
            break
    return history


def test_margin_runs_are_the_plain_loops_runs():
    rng = np.random.default_rng(8)
    for _ in range(40):
        X, y, m = rng.integers(-3, 4, (5, 2)), rng.choice([-1, 1], 5), float(rng.integers(0, 4))
        run, loop = pl.train(X, y, rule=Margin(m), max_epochs=60), _margin_loop(X.tolist(), y.tolist(), m, max_rounds=60)
        if run.status == "converged":
            assert run.weights.tolist() == loop
        else:
            assert run.weights.tolist() == loop[:len(run.weights)]


def _lesson_loops():
    """Lesson 02's plain loops: `perceptron` (0/1, from its code cell) and `my_signed_perceptron` (-1/+1, from
    exercise's worked solution)."""
    import json
    import re
    cells = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "02-learning-rule.ipynb").read_text(encoding="utf-8"))["cells"]
    sources = ["".join(cell["source"]) for cell in cells]
    plain = next(s for s in sources if s.startswith("def perceptron("))
    signed = next(re.search(r"```python\n(def my_signed_perceptron.*?)```", s, re.S).group(1)
                  for s in sources if "def my_signed_perceptron" in s and "```python" in s)
    space = {}
    exec(plain, space)
    exec(signed, space)
    return space["perceptron"], space["my_signed_perceptron"]


@pytest.mark.parametrize("signed", [False, True])
@pytest.mark.parametrize("eta", [1, 2, 0.5])
def test_lesson_02s_plain_loop_and_train_make_the_same_run(signed, eta):
    """The loop a student reads and train agree on every rule they share (the fixed rule, both conventions)."""
    loop = _lesson_loops()[signed]
    rng = np.random.default_rng(7)
    cases = [pl.boolean_function(name, signed=signed) for name in ("or", "and", "xor", "nand")]
    for _ in range(40):
        X = rng.integers(-3, 4, (rng.integers(2, 7), rng.integers(1, 4)))
        y = rng.integers(0, 2, len(X))
        cases.append((X, 2 * y - 1 if signed else y))
    for X, y in cases:
        history = np.array(loop(X.tolist(), y.tolist(), eta=eta, max_rounds=60), float)
        run = pl.train(X, y, eta=eta, max_epochs=60)
        if run.status == "converged":
            assert history.tolist() == run.weights.tolist()
        else:   # train stops at a cycle's first repeat, the loop goes on to max_rounds
            assert history[:len(run.weights)].tolist() == run.weights.tolist()


def test_which_rules_take_eta_and_how_the_trace_words_them():
    """One flag, read off the rule: a rule that keeps Rule.step (eta y) takes eta, is worded with it, and runs dual."""
    assert [Fixed().uses_eta, Margin().uses_eta, Absolute().uses_eta, Fractional().uses_eta] == [True, True, False, False]
    assert rule_names(lambda rule: rule.uses_eta) == "'fixed', 'margin'"
    assert (Fixed().signed("0/1"), Fixed().signed("-1/+1"), Margin().signed("0/1")) == (False, True, True)
    assert Fixed().verdict(True, str) == "≤ 0 ⇒ mistake" and Fixed().verdict(False, str) == "> 0 ⇒ correct"
    assert Margin(2).verdict(False, str) == "> m = 2.0 ⇒ beyond the margin" and Fixed().called == "a mistake"
    with pytest.raises(ValueError, match="eta is used only by rule='fixed'"):
        pl.train(*pl.boolean_function("or"), rule="absolute", eta=0.5)
    with pytest.raises(ValueError, match="eta is used only by rule='fixed'"):
        pl.train_many(*(np.stack([a]) for a in pl.boolean_function("or")), rule="fractional", eta=0.5)


@pytest.mark.parametrize("mu, period", [(0, 1), (0, 3), (2, 2)])
def test_a_first_repeat_exactly_at_the_limit_is_found(mu, period):
    """limit = mu + period passes: the first repeat comes at the last pass allowed (period == limit when mu = 0)."""
    def step(state):
        return (state + 1 if state + 1 < mu + period else mu), 1

    assert first_repeat(0, step, period, limit=mu + period)[:2] == (mu, mu)


class _HalfSteps(Rule):
    """A rule made outside rule.py for this test only: the perceptron's test, half of s X per correction."""

    name, called = "half-step", "a half-step mistake"

    def step(self, net, s, squared, rate, labels):
        return rate * s * 0.5


def test_a_new_rule_is_one_class_and_works_everywhere():
    """Nothing else changes: train, train_many (bit for bit), the trace's words and the voted perceptron take it."""
    rule = _HalfSteps()
    X, c = pl.boolean_function("or")
    run = pl.train(X, c, rule=rule)
    assert run.weights.tolist() == (pl.train(X, c, eta=0.5).weights).tolist()    # half of eta = 1 is eta = 1/2
    assert run.step_summary(2).endswith("a half-step mistake, W becomes [0.5 0 0.5]")
    assert run.step_text(2)[1] == "W ← [0 0 0] + 0.5·(1 − 0)·[1 0 1] = [0.5 0 0.5]"   # the step it took
    batch = pl.train_many(np.stack([X, X]), np.stack([c, 1 - c]), rule=rule)
    for i, y in enumerate((c, 1 - c)):
        assert batch.final_weights[i].tobytes() == pl.train(X, y, rule=rule).final_weights.tobytes()
    assert pl.voted_perceptron(X, c, epochs=3, rule=rule).trace.rule is rule
    with pytest.raises(ValueError, match="rule must be one whose step is y X"):
        train_kernel(X, c, rule=rule)


def test_the_defaults_and_messages_of_the_rules_by_name():
    """rule="margin" is Margin(m=1), its class's default; a bad fraction is named as such whatever the rule."""
    assert Margin().m == 1.0 and learning_rule("margin") == Margin(1.0) and Fractional().fraction == 1.0
    for rule in RULES:
        with pytest.raises(ValueError, match=r"fraction must be a finite number > 0 and <= 2, got 2.5"):
            learning_rule(rule, 2.5)


# ---------------------------------------------------------------- a rule of the user's, outside the package

from user_rules import PassiveAggressive  # noqa: E402


def test_a_users_rule_runs_in_train_train_many_voted_and_the_layer():
    rule = PassiveAggressive(0.5)
    rng = np.random.default_rng(11)
    X, y = rng.normal(size=(20, 7, 2)).round(1), rng.integers(0, 2, (20, 7))
    start = rng.normal(size=(20, 3)).round(1)
    for order, seeds in (("cyclic", None), ("random", list(range(20)))):
        batch = pl.train_many(X, y, rule=rule, order=order, seeds=seeds, max_epochs=25, initial_weights=start)
        for i in range(20):
            run = pl.train(X[i], y[i], rule=rule, order=order, seed=seeds and seeds[i], max_epochs=25,
                           initial_weights=start[i], record=False)
            assert run.final_weights.tobytes() == batch.final_weights[i].tobytes()
            assert (run.status, run.n_presentations, run.n_updates, run.cycle_start or -1) == \
                (batch.status[i], batch.n_presentations[i], batch.n_updates[i], batch.cycle_start[i])
    X2, c = pl.boolean_function("or")
    voted = pl.voted_perceptron(X2, c, epochs=5, rule=rule)
    assert voted.trace.rule is rule and voted.trace.weights.tolist() == \
        pl.train(X2, c, rule=rule).weights.tolist()[:len(voted.trace.weights)]
    points, labels = pl.corner_clusters(2, n_per_class=10, seed=1)
    layer = pl.train_layer(points, labels, code="binary", rule=rule)
    assert all(unit.rule is rule for unit in layer.units)
    assert layer.units[0].weights.tolist() == pl.train(points, layer.targets[:, 0], rule=rule, max_epochs=100,
                                                       initial_weights=np.zeros(3)).weights.tolist()
    with pytest.raises(ValueError, match="rule must be one whose step is y X"):
        train_kernel(X2, c, rule=rule)   # its step is its own: the kernel perceptron counts mistakes


def test_a_users_rule_steps_in_the_stepper_and_the_player():
    from perceptron_lib.widgets import PlayableRun, TraceStepper
    run = pl.train(*pl.boolean_function("or"), rule=PassiveAggressive(), max_epochs=3)
    stepper, player = TraceStepper(run), PlayableRun(run)
    for steps in (stepper.steps, player.steps):
        assert sorted(steps) == list(range(run.n_presentations + 1))
        assert steps[1]["say"] == run.step_summary(1) and steps[1]["say"].endswith("a loss, W becomes [-1 0 0]")
        assert "y·(W·X) = (-1)·0 = 0 &lt; 1 ⇒ correct W" in steps[1]["text"]
    assert player._repr_html_().count("<script") == 1


def test_a_users_class_named_like_a_package_rule_changes_nothing_of_the_packages():
    package = dict(RULES)

    class Margin(Rule):   # the package's class name and rule name, with another step
        name = "margin"

        def step(self, net, s, squared, rate, labels):
            return 0.5 * s

    X, y = pl.boolean_function("or", signed=True)
    assert RULES == package and RULES["margin"] is pl.Margin and learning_rule("margin") == pl.Margin(1)
    assert pl.train(X, y, rule="margin").weights.tolist() == pl.train(X, y, rule=pl.Margin(1)).weights.tolist()
    assert pl.train_many(X[None], y[None], rule="margin").final_weights[0].tolist() == \
        pl.train(X, y, rule=pl.Margin(1)).final_weights.tolist()
    mine = pl.train(X, y, rule=Margin())   # the user's own runs only where it is passed
    assert mine.rule == Margin() != pl.Margin() and mine.weights[1].tolist() == [-0.5, 0, 0]


def test_a_rule_must_have_a_name_and_leave_uses_eta_to_rule():
    class Nameless(Rule):
        pass

    class Claims(Rule):   # its step is its own, yet it says the step is eta
        name, uses_eta = "claims", True

        def step(self, net, s, squared, rate, labels):
            return 0.5 * rate * s

    X, y = pl.boolean_function("or")
    for call in (lambda rule: pl.train(X, y, rule=rule), lambda rule: pl.train_many(X[None], y[None], rule=rule),
                 lambda rule: pl.voted_perceptron(X, y, rule=rule), lambda rule: train_kernel(X, y, rule=rule),
                 lambda rule: pl.train_layer(X, y, rule=rule)):
        with pytest.raises(ValueError, match=r"rule must have a name .*got Nameless with name=''"):
            call(Nameless())
        with pytest.raises(ValueError, match=r"rule must leave uses_eta to Rule .*uses_eta=True on the claims rule"):
            call(Claims())


def test_a_fraction_above_2_is_refused_by_its_declaration_whatever_the_rule():
    """FRACTION's bound is the declared (0, 2]: 2.5 is refused there, with that message, for a rule given as an
    object (Margin) too, whose learning_rule would refuse any fraction but 1.0 in other words."""
    X, y = pl.boolean_function("or", signed=True)
    for rule in (Margin(1.0), "fixed", "fractional"):
        with pytest.raises(ValueError, match=r"^fraction must be a finite number > 0 and <= 2, got 2.5$"):
            pl.train(X, y, rule=rule, fraction=2.5)
    assert pl.train(X, y, rule="fractional", fraction=2.0).status == "stalled"
