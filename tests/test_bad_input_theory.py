"""Bad input: theory (bounds, capacity, variants). Every case names the parameter, what is allowed, what came."""
import re

import numpy as np
import pytest

from perceptron_lib import boolean_function
from perceptron_lib.bounds import (augmented_bound, augmented_radius, binary_bound, convergence_experiment,
                                   honavar_bound, margin, max_margin_separator, radius, stensbo_smidt_bound)
from perceptron_lib.capacity import linear_separability, regions
from perceptron_lib.variants import voted_perceptron

from bad_input import case, check, ids

OR = boolean_function("or")
XOR = boolean_function("xor")
X, Y = OR
W = [-1, 2, 2]  # separates OR with delta = 1
ONE_CLASS = (np.array([[0.05]]), np.array([1]))
VOTED = voted_perceptron(X, Y, epochs=3)


def patterns_cases(name, call):
    """The ways to get patterns X wrong, for a function called as call(X)."""
    return [
        case(name, lambda: call([1, 2]), ValueError, "X must have shape (n_samples, ", "got an array of shape (2,)"),
        case(name, lambda: call(np.zeros((2, 2, 2))), ValueError, "X must have shape", "(2, 2, 2)"),
        case(name, lambda: call(np.empty((0, 2))), ValueError, "X must hold at least one pattern", "(0, 2)"),
        case(name, lambda: call(np.empty((3, 0))), ValueError, "at least one feature", "(3, 0)"),
        case(name, lambda: call([[np.nan, 1]]), ValueError, "X must hold finite numbers", "NaN or inf"),
        case(name, lambda: call([[np.inf, 1]]), ValueError, "X must hold finite numbers", "NaN or inf"),
        case(name, lambda: call([[0, 1], [1]]), ValueError, "X must be a rectangular array", "different lengths"),
        case(name, lambda: call([["a", "b"]]), TypeError, "X must hold real numbers", "dtype <U1"),
        case(name, lambda: call([[1e200, 0]]), ValueError, "X must hold numbers of size at most 1e+150", "1e+200"),
    ]


def labels_cases(name, call):
    """The ways to get labels y wrong, for a function called as call(X, y) on OR's patterns."""
    return [
        case(name, lambda: call(X, [0, 1, 2, 1]), ValueError,
             "y must hold labels all in {0, 1} or all in {-1, +1}", "got the values [0, 1, 2]"),
        case(name, lambda: call(X, [0, 1, -1, 1]), ValueError, "y must hold labels", "got the values [-1, 0, 1]"),
        case(name, lambda: call(X, [0, 1, 1]), ValueError, "y must hold one label per pattern (4), got 3 labels"),
        case(name, lambda: call(X, [[0, 1, 1, 1]]), ValueError, "y must have shape (n_samples,)", "(1, 4)"),
        case(name, lambda: call(X, [0, 1, np.nan, 1]), ValueError, "y must hold finite numbers", "NaN or inf"),
        case(name, lambda: call(X, ["no", "yes", "yes", "yes"]), TypeError, "y must hold real numbers"),
    ]


def separator_cases(name, parameter, call):
    """The ways to get a separator wrong, for a function called as call(X, y, w) on OR."""
    return [
        case(name, lambda: call(X, Y, [2, 2]), ValueError,
             f"{parameter} must have shape (3,): the bias weight w0 and one weight per feature", "got shape (2,)"),
        case(name, lambda: call(X, Y, [W]), ValueError, f"{parameter} must have shape (3,)", "got shape (1, 3)"),
        case(name, lambda: call(X, Y, [-1, np.inf, 2]), ValueError, f"{parameter} must hold finite numbers"),
        case(name, lambda: call(X, Y, [-1, np.nan, 2]), ValueError, f"{parameter} must hold finite numbers"),
        case(name, lambda: call(X, Y, ["a", "b", "c"]), TypeError, f"{parameter} must hold real numbers"),
        case(name, lambda: call(X, Y, [1, -2, -2]), ValueError,
             f"{parameter} must separate the data (s_k W·X_k > 0 on every pattern",
             "got s_k W·X_k <= 0 on pattern(s) [0, 1, 2, 3]"),
        case(name, lambda: call(X, Y, [0, 1, 1]), ValueError, f"{parameter} must separate the data",
             "pattern(s) [0] (smallest 0)"),
        case(name, lambda: call(X, Y, [0, 0, 0]), ValueError, f"{parameter} must ", "0"),
    ]


BOUNDS = (
    patterns_cases("bounds.radius", radius)
    + patterns_cases("bounds.augmented_radius", augmented_radius)
    + patterns_cases("bounds.margin", lambda X: margin(X, [0, 1], [0, 1, 1]))
    + labels_cases("bounds.margin", lambda X, y: margin(X, y, W))
    + separator_cases("bounds.margin", "w", margin)
    + [
        case("bounds.margin", lambda: margin(X, Y, W, kind="distance"), ValueError,
             "kind must be one of 'geometric', 'functional', 'augmented', got 'distance'"),
        case("bounds.margin", lambda: margin(X, Y, W, kind=None), ValueError, "kind must be one of", "got None"),
        case("bounds.margin", lambda: margin(np.ones((2, 1)), [1, 1], [1, 0]), ValueError,
             "w must have a nonzero weight on some feature for a geometric margin", "got w = [1.0, 0.0]"),
        # all of s_k W·X_k are about 1e309: the functional margin has no float
        case("bounds.margin", lambda: margin([[10], [20]], [1, 1], [0, 1e308], kind="functional"), ValueError,
             "w gives a functional margin outside the range of floats", "got inf"),
        # a geometric margin of about 1e600: w0 / |w1| has no float
        case("bounds.margin", lambda: margin([[1], [2]], [1, 1], [1e300, 1e-300]), ValueError,
             "w must give W·X within the range of floats", "pattern(s) [0, 1]"),
    ]
    + patterns_cases("bounds.max_margin_separator", lambda X: max_margin_separator(X, [0, 1]))
    + labels_cases("bounds.max_margin_separator", max_margin_separator)
    + [
        case("bounds.max_margin_separator", lambda: max_margin_separator(*OR, kind="functional"), ValueError,
             "kind must be one of 'geometric', 'augmented', got 'functional'"),
        case("bounds.max_margin_separator", lambda: max_margin_separator(*XOR), ValueError,
             "X, y must be linearly separable", "geometric margin above 1e-12"),
        case("bounds.max_margin_separator", lambda: max_margin_separator(*XOR, kind="augmented"), ValueError,
             "X, y must be linearly separable", "augmented margin above 1e-12"),
        case("bounds.max_margin_separator", lambda: max_margin_separator([[0, 0], [1, 0], [2, 0]], [0, 1, 0]),
             ValueError, "X, y must be linearly separable"),  # a positive between two negatives
        case("bounds.max_margin_separator", lambda: max_margin_separator([[0], [1]], [1, 1]), ValueError,
             "y must hold both classes", "use kind='augmented', got only positive patterns"),
        case("bounds.max_margin_separator", lambda: max_margin_separator([[0], [1]], [-1, -1]), ValueError,
             "y must hold both classes", "got only negative patterns"),
    ]
    + patterns_cases("bounds.honavar_bound", lambda X: honavar_bound(X, [0, 1], [0, 1, 1]))
    + labels_cases("bounds.honavar_bound", lambda X, y: honavar_bound(X, y, W))
    + separator_cases("bounds.honavar_bound", "w_star", honavar_bound)
    + [
        # delta = 1e-160 next to L = 1: the bound, about 1e320, has no float
        case("bounds.honavar_bound", lambda: honavar_bound([[1e-160], [-1e-160]], [1, 0], [0, 1]), ValueError,
             "w_star gives a bound outside the range of floats", "got inf"),
    ]
    + patterns_cases("bounds.augmented_bound", lambda X: augmented_bound(X, [0, 1], [0, 1, 1]))
    + labels_cases("bounds.augmented_bound", lambda X, y: augmented_bound(X, y, W))
    + separator_cases("bounds.augmented_bound", "w", augmented_bound)
    + [
        case("bounds.augmented_bound", lambda: augmented_bound(*XOR, [0, 1, 1]), ValueError,
             "w must separate the data"),
        case("bounds.augmented_bound", lambda: augmented_bound([[1e-160], [-1e-160]], [1, 0], [0, 1]), ValueError,
             "w gives a bound outside the range of floats", "got inf"),
    ]
    + patterns_cases("bounds.stensbo_smidt_bound", lambda X: stensbo_smidt_bound(X, [0, 1], [0, 1, 1]))
    + labels_cases("bounds.stensbo_smidt_bound", lambda X, y: stensbo_smidt_bound(X, y, W))
    + separator_cases("bounds.stensbo_smidt_bound", "w", stensbo_smidt_bound)
    + [
        case("bounds.stensbo_smidt_bound", lambda: stensbo_smidt_bound(*ONE_CLASS, [0.4, 1]), ValueError,
             "w must have |b| <= R once scaled to ||(w1, ..., wn)|| = 1 (Stensbo-Smidt 2015, eq. 23)",
             "got |b| = 0.4 > R = 0.05"),
        case("bounds.stensbo_smidt_bound", lambda: stensbo_smidt_bound(np.ones((2, 1)), [1, 1], [1, 0]), ValueError,
             "w must have a nonzero weight on some feature"),
    ]
    + patterns_cases("bounds.binary_bound", lambda X: binary_bound(X, [0, 1], [0, 1, 1]))
    + labels_cases("bounds.binary_bound", lambda X, y: binary_bound(X, y, W))
    + separator_cases("bounds.binary_bound", "w_star", binary_bound)
    + [
        case("bounds.binary_bound", lambda: binary_bound([[0, 0.5], [1, 1]], [0, 1], [-1, 1, 1]), ValueError,
             "X must be binary (every entry 0 or 1) for the binary corollary", "got other values in row(s) [0]"),
        case("bounds.binary_bound", lambda: binary_bound([[0, 2], [1, 1]], [0, 1], [-1, 1, 1]), ValueError,
             "X must be binary", "row(s) [0]"),
    ]
)


EXPERIMENTS = "bounds.convergence_experiment"


def experiment(**changes):
    arguments = dict(n_sets=2, n_samples=5, n_features=2, margin=0.1)
    arguments.update(changes)
    return lambda: convergence_experiment(**arguments)


EXPERIMENT = [
    case(EXPERIMENTS, experiment(n_sets=0), ValueError, "n_sets must be a whole number >= 1, got 0"),
    case(EXPERIMENTS, experiment(n_sets=2.5), TypeError, "n_sets must be a whole number >= 1, got 2.5"),
    case(EXPERIMENTS, experiment(n_sets=None), TypeError, "n_sets must be a whole number", "None"),
    case(EXPERIMENTS, experiment(n_samples=0), ValueError, "n_samples must be a whole number >= 1"),
    case(EXPERIMENTS, experiment(n_samples=True), TypeError, "n_samples must be a whole number",
         "got True"),
    case(EXPERIMENTS, experiment(n_features=-1), ValueError,
         "n_features must be a whole number >= 1, got -1"),
    case(EXPERIMENTS, experiment(n_features="2"), TypeError, "n_features must be a whole number",
         "got '2'"),
    case(EXPERIMENTS, experiment(n_sets=10**6, n_samples=100, n_features=100), ValueError,
         "n_sets * n_samples * n_features must be at most 10,000,000", "1000000 * 100 * 100"),
    case(EXPERIMENTS, experiment(n_sets=10**100), ValueError,
         "n_sets * n_samples * n_features must be at most 10,000,000"),
    case(EXPERIMENTS, experiment(margin=0.0), ValueError,
         "margin must be a finite number > 0 and < 0.5, got 0.0"),
    case(EXPERIMENTS, experiment(margin=0.5), ValueError, "margin must be a finite number > 0 and < 0.5",
         "got 0.5"),
    case(EXPERIMENTS, experiment(margin=float("nan")), ValueError, "margin must be a finite number",
         "got nan"),
    case(EXPERIMENTS, experiment(margin=10**400), ValueError, "margin must be a finite number",
         "too large for a float"),
    case(EXPERIMENTS, experiment(margin="0.1"), TypeError, "margin must be a finite number",
         "got '0.1'"),
    case(EXPERIMENTS, experiment(seed=-1), ValueError, "seed must be a whole number >= 0, got -1"),
    case(EXPERIMENTS, experiment(seed=1.5), TypeError, "seed must be a whole number >= 0, got 1.5"),
    case(EXPERIMENTS, experiment(seed=None), TypeError, "seed must be a whole number >= 0, got None"),
    case(EXPERIMENTS, experiment(order="shuffled"), ValueError,
         "order must be one of 'cyclic', 'random', got 'shuffled'"),
    case(EXPERIMENTS, experiment(max_margin_sets=3), ValueError,
         "max_margin_sets must be a whole number from 0 to 2, got 3"),
    case(EXPERIMENTS, experiment(max_margin_sets=-1), ValueError,
         "max_margin_sets must be a whole number from 0 to 2, got -1"),
    case(EXPERIMENTS, experiment(max_margin_sets=True), TypeError,
         "max_margin_sets must be a whole number from 0 to 2, got True"),
]

BIG = 2**60
CAPACITY = (
    patterns_cases("capacity.linear_separability", lambda X: linear_separability(X, [0, 1]))
    + labels_cases("capacity.linear_separability", linear_separability)
    + [
        case("capacity.linear_separability", lambda: linear_separability([[0.5, 1], [1, 0]], [0, 1]), ValueError,
             "X must hold integer values", "non-integers in row(s) [0]"),
        case("capacity.linear_separability", lambda: linear_separability(*XOR, max_epochs=1), ValueError,
             "X, y are undecided after max_epochs=1 passes", "neither converged nor cycled"),
        case("capacity.linear_separability", lambda: linear_separability(*XOR, max_epochs=0), ValueError,
             "max_epochs must be a whole number from 1 to 500000, got 0"),
        case("capacity.linear_separability", lambda: linear_separability(*XOR, max_epochs=10**9), ValueError,
             "max_epochs must be a whole number from 1 to 500000, got 1000000000"),
        case("capacity.linear_separability", lambda: linear_separability(*XOR, max_epochs=2.0), TypeError,
             "max_epochs must be a whole number from 1 to 500000, got 2.0"),
        # separable (x = 2**60 + 1 positive, 2**60 + 2 negative), but one float: the run cycles
        case("capacity.linear_separability", lambda: linear_separability([[BIG + 1], [BIG + 2]], [1, 0], max_epochs=50),
             ValueError, "X, y are undecided", "do not add up to zero", "too large for exact float sums"),
    ]
    + [
        case("capacity.regions", lambda: regions(-1, 2), ValueError, "n must be a whole number >= 0, got -1"),
        case("capacity.regions", lambda: regions(2.5, 2), TypeError, "n must be a whole number >= 0, got 2.5"),
        case("capacity.regions", lambda: regions("4", 2), TypeError, "n must be a whole number >= 0, got '4'"),
        case("capacity.regions", lambda: regions(None, 2), TypeError, "n must be a whole number >= 0, got None"),
        case("capacity.regions", lambda: regions(4, -3), ValueError, "d must be a whole number >= 0, got -3"),
        case("capacity.regions", lambda: regions(4, True), TypeError, "d must be a whole number >= 0, got True"),
        case("capacity.regions", lambda: regions(4, 2.0), TypeError, "d must be a whole number >= 0, got 2.0"),
        case("capacity.regions", lambda: regions(10**9, 3), ValueError, "n must be at most 50,000",
             "got 1000000000"),
        case("capacity.regions", lambda: regions(10**100, 10**100), ValueError, "n must be at most 50,000"),
    ]
)


VOTED_PERCEPTRON = "variants.voted_perceptron"


def voted(**changes):
    arguments = dict(X=X, y=Y)
    arguments.update(changes)
    return lambda: voted_perceptron(**arguments)


VARIANTS = (
    patterns_cases("variants.voted_perceptron", lambda X: voted_perceptron(X, [0, 1]))
    + labels_cases("variants.voted_perceptron", voted_perceptron)
    + [
        case(VOTED_PERCEPTRON, voted(epochs=0), ValueError, "epochs must be a whole number >= 1, got 0"),
        case(VOTED_PERCEPTRON, voted(epochs=-3), ValueError, "epochs must be a whole number >= 1, got -3"),
        case(VOTED_PERCEPTRON, voted(epochs=2.5), TypeError, "epochs must be a whole number >= 1, got 2.5"),
        case(VOTED_PERCEPTRON, voted(epochs=2.0), TypeError, "epochs must be a whole number >= 1, got 2.0"),
        case(VOTED_PERCEPTRON, voted(epochs="3"), TypeError, "epochs must be a whole number >= 1, got '3'"),
        case(VOTED_PERCEPTRON, voted(epochs=True), TypeError, "epochs must be a whole number >= 1, got True"),
        case(VOTED_PERCEPTRON, voted(epochs=None), TypeError, "epochs must be a whole number >= 1, got None"),
        case(VOTED_PERCEPTRON, voted(epochs=10**19), ValueError,
             "epochs must keep epochs * n_samples within 2**62", "got epochs=10000000000000000000 with 4 patterns"),
        case(VOTED_PERCEPTRON, voted(labels="signed"), ValueError,
             "labels must be one of '0/1', '-1/+1', got 'signed'"),
        case(VOTED_PERCEPTRON, voted(labels=1), ValueError, "labels must be one of", "got 1"),
        case(VOTED_PERCEPTRON, voted(labels="-1/+1"), ValueError,
             "y must hold labels all in {-1, +1}", "got the values [0, 1]"),
        case(VOTED_PERCEPTRON, voted(y=[-1, 1, 1, 1], labels="0/1"), ValueError,
             "y must hold labels all in {0, 1}", "got the values [-1, 1]"),
        case(VOTED_PERCEPTRON, voted(eta=-1), ValueError, "eta must be a positive finite number, got -1"),
        case(VOTED_PERCEPTRON, voted(eta="1"), TypeError, "eta must be a positive finite number, got '1'"),
        case(VOTED_PERCEPTRON, voted(initial_weights=[0, 0]), ValueError,
             "initial_weights must have shape (3,)", "got shape (2,)"),
        case(VOTED_PERCEPTRON, voted(order="shuffled"), ValueError,
             "order must be one of 'cyclic', 'random', got 'shuffled'"),
        case(VOTED_PERCEPTRON, voted(seed=1), ValueError, "seed is used only with order='random'"),
        case(VOTED_PERCEPTRON, voted(order="random", seed=-1), ValueError,
             "seed must be a whole number >= 0 or None, got -1"),
        # the positive (0, 0) is wrong at w0 = -1e20, and w0 + 1 is w0 again: the run stalls
        case(VOTED_PERCEPTRON, voted(X=[[0, 0]], y=[1], initial_weights=[-1e20, 0, 0]), ValueError,
             "must give a run that does not stall", "the presentations after it are not known"),
    ]
)


def predict_cases(method):
    name = f"variants.Voted.{method}"
    call = getattr(VOTED, method)
    return patterns_cases(name, call) + [
        case(name, lambda: call([[0, 1, 1]]), ValueError,
             "X must have shape (n_samples, 2), one column per feature", "got shape (1, 3)"),
        case(name, lambda: call([[0], [1]]), ValueError, "X must have shape (n_samples, 2)", "got shape (2, 1)"),
    ]


CASES = BOUNDS + EXPERIMENT + CAPACITY + VARIANTS + predict_cases("predict") + predict_cases("predict_averaged")


@pytest.mark.parametrize("bad", CASES, ids=ids(CASES))
def test_bad_input_names_the_parameter(bad):
    check(bad)


def test_every_case_names_a_function_of_these_modules():
    assert all(re.fullmatch(r"(bounds|capacity|variants)\.[\w.]+", c.name) for c in CASES)
