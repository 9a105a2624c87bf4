"""rule.py: the mistake test, the orders, the stopping rule and the cycle test, written once and used by every learner."""
import ast
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import perceptron_lib as pl
from perceptron_lib.kernels import train_kernel
from perceptron_lib.rule import (Convergence, CycleTest, first_repeat, is_mistake, pass_orders, random_orders,
                                 return_time)

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
