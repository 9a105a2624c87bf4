"""Bad input: theory (bounds, separability, capacity, Boolean counts) and the variants of the rule (voted, criterion,
sigmoid, budinich). Every case names the parameter, what is allowed, what came."""
import re

import numpy as np
import pytest

from perceptron_lib import boolean_function
from perceptron_lib.theory.bounds import (augmented_bound, augmented_radius, binary_bound, convergence_experiment,
                                   honavar_bound, margin, max_margin_separator, radius, stensbo_smidt_bound)
from perceptron_lib.theory.capacity import regions
from perceptron_lib.theory.separability import linear_separability
from perceptron_lib.theory.voted import voted_perceptron

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
    patterns_cases("separability.linear_separability", lambda X: linear_separability(X, [0, 1]))
    + labels_cases("separability.linear_separability", linear_separability)
    + [
        case("separability.linear_separability", lambda: linear_separability([[0.5, 1], [1, 0]], [0, 1]), ValueError,
             "X must hold integer values", "non-integers in row(s) [0]"),
        case("separability.linear_separability", lambda: linear_separability(*XOR, max_epochs=1), ValueError,
             "X, y are undecided after max_epochs=1 passes", "neither converged nor cycled"),
        case("separability.linear_separability", lambda: linear_separability(*XOR, max_epochs=0), ValueError,
             "max_epochs must be a whole number from 1 to 500000, got 0"),
        case("separability.linear_separability", lambda: linear_separability(*XOR, max_epochs=10**9), ValueError,
             "max_epochs must be a whole number from 1 to 500000, got 1000000000"),
        case("separability.linear_separability", lambda: linear_separability(*XOR, max_epochs=2.0), TypeError,
             "max_epochs must be a whole number from 1 to 500000, got 2.0"),
        # separable (x = 2**60 + 1 positive, 2**60 + 2 negative), but one float: the run cycles
        case("separability.linear_separability", lambda: linear_separability([[BIG + 1], [BIG + 2]], [1, 0], max_epochs=50),
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


VOTED_PERCEPTRON = "voted.voted_perceptron"


def voted(**changes):
    arguments = dict(X=X, y=Y)
    arguments.update(changes)
    return lambda: voted_perceptron(**arguments)


VARIANTS = (
    patterns_cases("voted.voted_perceptron", lambda X: voted_perceptron(X, [0, 1]))
    + labels_cases("voted.voted_perceptron", voted_perceptron)
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
    name = f"voted.Voted.{method}"
    call = getattr(VOTED, method)
    return patterns_cases(name, call) + [
        case(name, lambda: call([[0, 1, 1]]), ValueError,
             "X must have shape (n_samples, 2), one column per feature", "got shape (1, 3)"),
        case(name, lambda: call([[0], [1]]), ValueError, "X must have shape (n_samples, 2)", "got shape (2, 1)"),
    ]


CASES = BOUNDS + EXPERIMENT + CAPACITY + VARIANTS + predict_cases("predict") + predict_cases("predict_averaged")


# --- capacity: Cover's and Budinich's counts; separability by linear programming; Boolean functions ---
from perceptron_lib.theory.boolean_counts import boolean_census, separable_boolean_count  # noqa: E402
from perceptron_lib.theory.capacity import (fraction_interval, log_n_min, n_min, n_min_peak,  # noqa: E402
                                     separable_dichotomies, separable_probability, sides, stirling_root)
from perceptron_lib.theory.separability import lp_separability  # noqa: E402


def count_cases(name, call):
    """The ways to get n and d wrong, for a count called as call(n, d)."""
    return [
        case(name, lambda: call(-1, 2), ValueError, "n must be a whole number >= 0, got -1"),
        case(name, lambda: call(2.5, 2), TypeError, "n must be a whole number >= 0, got 2.5"),
        case(name, lambda: call("4", 2), TypeError, "n must be a whole number >= 0, got '4'"),
        case(name, lambda: call(4, -3), ValueError, "d must be a whole number >= 0, got -3"),
        case(name, lambda: call(4, True), TypeError, "d must be a whole number >= 0, got True"),
        case(name, lambda: call(4, None), TypeError, "d must be a whole number >= 0, got None"),
        case(name, lambda: call(10**9, 3), ValueError, "n must be at most 50,000", "got 1000000000"),
    ]


CAPACITY_COUNTS = (
    count_cases("capacity.separable_dichotomies", separable_dichotomies)
    + count_cases("capacity.separable_probability", separable_probability)
    + count_cases("capacity.sides", sides)
    + count_cases("capacity.n_min", n_min)
    + count_cases("capacity.log_n_min", log_n_min)
    + [
        case("capacity.separable_dichotomies", lambda: separable_dichotomies(4, 2, bias="yes"), TypeError,
             "bias must be True or False, got 'yes'"),
        case("capacity.separable_probability", lambda: separable_probability(4, 2, bias=1), TypeError,
             "bias must be True or False, got 1"),
        case("capacity.n_min", lambda: n_min(5000, 1000), ValueError,
             "n, d must give N_min(n, d) within the range of floats", "got n=5000, d=1000", "use log_n_min"),
        case("capacity.n_min_peak", lambda: n_min_peak(0), ValueError, "n must be a whole number >= 1, got 0"),
        case("capacity.n_min_peak", lambda: n_min_peak(100.0), TypeError, "n must be a whole number >= 1, got 100.0"),
        case("capacity.n_min_peak", lambda: n_min_peak(10**5), ValueError, "n must be at most 20,000",
             "got 100000"),
        case("capacity.fraction_interval", lambda: fraction_interval(5, 0), ValueError,
             "trials must be a whole number >= 1, got 0"),
        case("capacity.fraction_interval", lambda: fraction_interval(11, 10), ValueError,
             "hits must be a whole number from 0 to 10, got 11"),
        case("capacity.fraction_interval", lambda: fraction_interval(-1, 10), ValueError,
             "hits must be a whole number from 0 to 10, got -1"),
        case("capacity.fraction_interval", lambda: fraction_interval(2.0, 10), TypeError,
             "hits must be a whole number from 0 to 10, got 2.0"),
        case("capacity.fraction_interval", lambda: fraction_interval(2, 10.0), TypeError,
             "trials must be a whole number >= 1, got 10.0"),
        case("capacity.fraction_interval", lambda: fraction_interval(2, 10, confidence=1), ValueError,
             "confidence must be a finite number > 0 and < 1, got 1.0"),
        case("capacity.fraction_interval", lambda: fraction_interval(2, 10, confidence="high"), TypeError,
             "confidence must be a finite number > 0 and < 1, got 'high'"),
        case("capacity.stirling_root", lambda: stirling_root(5), ValueError,
             "n must be a finite number >= 6, got 5.0"),
        case("capacity.stirling_root", lambda: stirling_root(float("inf")), ValueError,
             "n must be a finite number >= 6, got inf"),
        case("capacity.stirling_root", lambda: stirling_root(float("nan")), ValueError,
             "n must be a finite number >= 6, got nan"),
        case("capacity.stirling_root", lambda: stirling_root("100"), TypeError,
             "n must be a finite number >= 6, got '100'"),
        case("capacity.stirling_root", lambda: stirling_root(True), TypeError,
             "n must be a finite number >= 6, got True"),
    ]
    + patterns_cases("separability.lp_separability", lambda X: lp_separability(X, [0, 1]))
    + labels_cases("separability.lp_separability", lp_separability)
    + [
        case("separability.lp_separability", lambda: lp_separability(*OR, bias=None), TypeError,
             "bias must be True or False, got None"),
        case("separability.lp_separability", lambda: lp_separability(np.zeros((2, 51)), [0, 1]), ValueError,
             "X must have at most 50 features and 200,000 values", "got shape (2, 51)"),
        case("separability.lp_separability", lambda: lp_separability(np.zeros((4000, 50)), np.arange(4000) % 2),
             ValueError, "X must have at most 50 features and 200,000 values", "got shape (4000, 50)"),
        # separable by a margin of one unit in the last place: neither proof holds in exact arithmetic
        case("separability.lp_separability", lambda: lp_separability([[1.0], [1.0 + 2**-52]], [0, 1]), ValueError,
             "X, y are undecided", "neither the linear program's separator nor its multipliers hold"),
        case("boolean_counts.boolean_census", lambda: boolean_census(5), ValueError,
             "n_inputs must be a whole number from 0 to 4, got 5"),
        case("boolean_counts.boolean_census", lambda: boolean_census(-1), ValueError,
             "n_inputs must be a whole number from 0 to 4, got -1"),
        case("boolean_counts.boolean_census", lambda: boolean_census(2.0), TypeError,
             "n_inputs must be a whole number from 0 to 4, got 2.0"),
        case("boolean_counts.boolean_census", lambda: boolean_census(None), TypeError,
             "n_inputs must be a whole number from 0 to 4, got None"),
        case("boolean_counts.separable_boolean_count", lambda: separable_boolean_count(3, method="lp"), ValueError,
             "method must be one of 'regions', 'census', got 'lp'"),
        case("boolean_counts.separable_boolean_count", lambda: separable_boolean_count(3, method=None), ValueError,
             "method must be one of 'regions', 'census', got None"),
        case("boolean_counts.separable_boolean_count", lambda: separable_boolean_count(7), ValueError,
             "n_inputs must be a whole number from 0 to 6 with method='regions'", "got 7"),
        case("boolean_counts.separable_boolean_count", lambda: separable_boolean_count(5, method="census"), ValueError,
             "n_inputs must be a whole number from 0 to 4 with method='census'", "got 5"),
        case("boolean_counts.separable_boolean_count", lambda: separable_boolean_count(-1), ValueError,
             "n_inputs must be a whole number >= 0, got -1"),
        case("boolean_counts.separable_boolean_count", lambda: separable_boolean_count(3.0), TypeError,
             "n_inputs must be a whole number >= 0, got 3.0"),
    ]
)
CASES += CAPACITY_COUNTS


# --- variants: the perceptron criterion, sigmoid units, beta_opt, Budinich's problems and algorithms ---
from perceptron_lib.theory.budinich import adaptive_algorithm, standard_algorithm, standard_algorithm_grid  # noqa: E402
from perceptron_lib.theory.criterion import criterion_gradient, perceptron_criterion  # noqa: E402
from perceptron_lib.theory.datasets import boolean_problems  # noqa: E402
from perceptron_lib.theory.sigmoid import beta_opt, sigmoid_cost, sigmoid_gradient, train_sigmoid, weight_change  # noqa: E402

PROBLEMS_X, PROBLEMS_Y = boolean_problems(2)  # 16 problems on 4 patterns of +-1 inputs


def weights_cases(name, call):
    """The ways to get w wrong, for a function called as call(w, X, y), on OR (3 weights) unless said."""
    return [
        case(name, lambda: call([0, 1], X, Y), ValueError, "w must have 3 entries per weight vector",
             "got shape (2,)"),
        case(name, lambda: call(np.zeros((2, 2, 3)), X, Y), ValueError, "w must have shape (3,) or (n_weights, 3)",
             "(2, 2, 3)"),
        case(name, lambda: call(np.zeros((0, 3)), X, Y), ValueError, "w must have 3 entries per weight vector",
             "got shape (0, 3)"),
        case(name, lambda: call([0, np.nan, 1], X, Y), ValueError, "w must hold finite numbers"),
        case(name, lambda: call(["a", "b", "c"], X, Y), TypeError, "w must hold real numbers"),
        case(name, lambda: call(np.zeros((2501, 2)), np.zeros((4000, 1)), np.zeros(4000)), ValueError,
             "w must keep n_weights * n_samples within 10,000,000", "got 2501 * 4000"),
    ]


def criterion_cases(name, call):
    """Bad X, y and w for call(w, X, y)."""
    return (patterns_cases(name, lambda X: call([0, 1, 1], X, [0, 1]))
            + labels_cases(name, lambda X, y: call([0, 1, 1], X, y))
            + weights_cases(name, call))


def steepness_cases(name, call):
    """Bad beta for call(beta)."""
    return [
        case(name, lambda: call(0), ValueError, "beta must be a positive finite number, got 0"),
        case(name, lambda: call(-1.5), ValueError, "beta must be a positive finite number, got -1.5"),
        case(name, lambda: call(np.inf), ValueError, "beta must be a positive finite number, got inf"),
        case(name, lambda: call("1"), TypeError, "beta must be a positive finite number, got '1'"),
    ]


def problems_cases(name, call):
    """Bad X and Y for call(X, Y) on Budinich's problems."""
    return patterns_cases(name, lambda X: call(X, [0, 1])) + [
        case(name, lambda: call([[0.5, 1], [1, 1]], [0, 1]), ValueError,
             "X must hold whole numbers of size at most 2**20", "got [[0.5, 1.0], [1.0, 1.0]]"),
        case(name, lambda: call([[2**21], [1]], [0, 1]), ValueError, "X must hold whole numbers of size at most 2**20"),
        case(name, lambda: call(PROBLEMS_X, [0, 1, 1]), ValueError,
             "Y must hold one target per pattern of X (4) for each problem", "got shape (3,)"),
        case(name, lambda: call(PROBLEMS_X, np.zeros((2, 2, 4))), ValueError,
             "Y must have shape (n_problems, 4) or (4,)", "(2, 2, 4)"),
        case(name, lambda: call(PROBLEMS_X, np.zeros((0, 4))), ValueError, "Y must hold one target per pattern",
             "got shape (0, 4)"),
        case(name, lambda: call(PROBLEMS_X, [[0, 1, 1, 1], [-1, 1, 1, 1]]), ValueError,
             "Y must hold labels all in {0, 1} or all in {-1, +1}, one convention for all problems",
             "got the values [-1, 0, 1]"),
        case(name, lambda: call(PROBLEMS_X, [0, 2, 1, 1]), ValueError, "Y must hold labels", "[0, 1, 2]"),
        case(name, lambda: call(PROBLEMS_X, [0, np.nan, 1, 1]), ValueError, "Y must hold finite numbers"),
        case(name, lambda: call(PROBLEMS_X, ["a", "b", "c", "d"]), TypeError, "Y must hold real numbers"),
    ]


def starts_cases(name, call):
    """Bad seed and initial_weights for call(**options) on the 16 problems of 2 inputs."""
    return [
        case(name, lambda: call(seed=-1), ValueError, "seed must be a whole number >= 0 or None, got -1"),
        case(name, lambda: call(seed=1.5), TypeError, "seed must be a whole number >= 0 or None, got 1.5"),
        case(name, lambda: call(initial_weights=[0, 1]), ValueError,
             "initial_weights must have shape (3,) or (16, 3)", "for all problems or for each", "got shape (2,)"),
        case(name, lambda: call(initial_weights=np.zeros((15, 3))), ValueError,
             "initial_weights must have shape (3,) or (16, 3)", "got shape (15, 3)"),
        case(name, lambda: call(initial_weights=[0, np.inf, 1]), ValueError, "initial_weights must hold finite"),
    ]


def adaptive(**options):
    return adaptive_algorithm(PROBLEMS_X, PROBLEMS_Y, **options)


def standard(**options):
    return standard_algorithm(PROBLEMS_X, PROBLEMS_Y, **options)


def grid(**options):
    arguments = dict(betas=[0.3], beta_etas=[1.5])
    arguments.update(options)
    return standard_algorithm_grid(PROBLEMS_X, PROBLEMS_Y, **arguments)


ADAPTIVE, STANDARD = "budinich.adaptive_algorithm", "budinich.standard_algorithm"
GRID = "budinich.standard_algorithm_grid"
SIGMOID_VARIANTS = (
    criterion_cases("criterion.perceptron_criterion", perceptron_criterion)
    + criterion_cases("criterion.criterion_gradient", criterion_gradient)
    + [
        case("criterion.criterion_gradient", lambda: criterion_gradient([0, 1, 1], X, Y, pattern=4), ValueError,
             "pattern must be a whole number from 0 to 3, got 4"),
        case("criterion.criterion_gradient", lambda: criterion_gradient([0, 1, 1], X, Y, pattern=-1), ValueError,
             "pattern must be a whole number from 0 to 3, got -1"),
        case("criterion.criterion_gradient", lambda: criterion_gradient([0, 1, 1], X, Y, pattern=1.0), TypeError,
             "pattern must be a whole number from 0 to 3, got 1.0"),
    ]
    + criterion_cases("sigmoid.sigmoid_cost", sigmoid_cost)
    + steepness_cases("sigmoid.sigmoid_cost", lambda beta: sigmoid_cost([0, 1, 1], X, Y, beta=beta))
    + criterion_cases("sigmoid.sigmoid_gradient", sigmoid_gradient)
    + steepness_cases("sigmoid.sigmoid_gradient", lambda beta: sigmoid_gradient([0, 1, 1], X, Y, beta=beta))
    + patterns_cases("sigmoid.train_sigmoid", lambda X: train_sigmoid(X, [0, 1]))
    + labels_cases("sigmoid.train_sigmoid", train_sigmoid)
    + steepness_cases("sigmoid.train_sigmoid", lambda beta: train_sigmoid(X, Y, beta=beta))
    + [
        case("sigmoid.train_sigmoid", lambda: train_sigmoid(X, Y, eta=0), ValueError,
             "eta must be a positive finite number, got 0"),
        case("sigmoid.train_sigmoid", lambda: train_sigmoid(X, Y, per_pattern="yes"), TypeError,
             "per_pattern must be True or False, got 'yes'"),
        case("sigmoid.train_sigmoid", lambda: train_sigmoid(X, Y, initial_weights=[0, 0]), ValueError,
             "initial_weights must have shape (3,)", "got shape (2,)"),
        case("sigmoid.train_sigmoid", lambda: train_sigmoid(X, Y, max_epochs=0), ValueError,
             "max_epochs must be a whole number >= 1, got 0"),
        case("sigmoid.train_sigmoid", lambda: train_sigmoid(X, Y, max_epochs=2.5), TypeError,
             "max_epochs must be a whole number >= 1, got 2.5"),
        case("sigmoid.train_sigmoid", lambda: train_sigmoid(X, Y, max_epochs=100_001), ValueError,
             "max_epochs must keep the moves within 100,000", "got 100,001 moves of 4 patterns"),
        case("sigmoid.train_sigmoid", lambda: train_sigmoid(X, Y, per_pattern=True, max_epochs=30_000), ValueError,
             "max_epochs must keep the moves within 100,000", "got 120,000 moves"),
        case("sigmoid.train_sigmoid", lambda: train_sigmoid(np.zeros((2000, 1)), np.zeros(2000), max_epochs=5001),
             ValueError, "moves * n_samples within 10,000,000", "got 5,001 moves of 2000 patterns"),
    ]
    + [
        case("sigmoid.beta_opt", lambda: beta_opt(0.0), ValueError,
             "x must hold nonzero net inputs of size from 1e-150 to 1e150, got 0.0"),
        case("sigmoid.beta_opt", lambda: beta_opt([1.0, 0.0]), ValueError, "x must hold nonzero net inputs"),
        case("sigmoid.beta_opt", lambda: beta_opt(1e-200), ValueError, "x must hold nonzero net inputs", "1e-200"),
        case("sigmoid.beta_opt", lambda: beta_opt([]), ValueError, "x must hold nonzero net inputs", "got []"),
        case("sigmoid.beta_opt", lambda: beta_opt(1e200), ValueError, "x must hold numbers of size at most 1e+150"),
        case("sigmoid.beta_opt", lambda: beta_opt(np.nan), ValueError, "x must hold finite numbers"),
        case("sigmoid.beta_opt", lambda: beta_opt("2"), TypeError, "x must hold real numbers"),
        case("sigmoid.weight_change", lambda: weight_change(-1.0, 2.0), ValueError,
             "beta must hold numbers >= 0, got -1.0"),
        case("sigmoid.weight_change", lambda: weight_change([0.5, np.inf], 2.0), ValueError,
             "beta must hold finite numbers"),
        case("sigmoid.weight_change", lambda: weight_change("a", 2.0), TypeError, "beta must hold real numbers"),
        case("sigmoid.weight_change", lambda: weight_change(1.0, np.nan), ValueError,
             "x must be a finite number >= -1e+150 and <= 1e+150, got nan"),
        case("sigmoid.weight_change", lambda: weight_change(1.0, "2"), TypeError, "x must be a finite number",
             "got '2'"),
        case("sigmoid.weight_change", lambda: weight_change(1.0, 2.0, target=2), ValueError,
             "target must be a whole number from 0 to 1, got 2"),
        case("sigmoid.weight_change", lambda: weight_change(1.0, 2.0, target=-1), ValueError,
             "target must be a whole number from 0 to 1, got -1"),
        case("sigmoid.weight_change", lambda: weight_change(1.0, 2.0, target=0.5), TypeError,
             "target must be a whole number from 0 to 1, got 0.5"),
        case("sigmoid.weight_change", lambda: weight_change(1.0, 2.0, input_value=np.inf), ValueError,
             "input_value must be a finite number", "got inf"),
        case("datasets.boolean_problems", lambda: boolean_problems(5), ValueError,
             "n_inputs must be a whole number from 1 to 4, got 5"),
        case("datasets.boolean_problems", lambda: boolean_problems(0), ValueError,
             "n_inputs must be a whole number from 1 to 4, got 0"),
        case("datasets.boolean_problems", lambda: boolean_problems(2.0), TypeError,
             "n_inputs must be a whole number from 1 to 4, got 2.0"),
        case("datasets.boolean_problems", lambda: boolean_problems(2, inputs="+-1"), ValueError,
             "inputs must be one of '0/1', '-1/+1', got '+-1'"),
    ]
    + problems_cases(ADAPTIVE, adaptive_algorithm)
    + starts_cases(ADAPTIVE, adaptive)
    + [
        case(ADAPTIVE, lambda: adaptive(max_evaluations=0), ValueError,
             "max_evaluations must be a whole number >= 1, got 0"),
        case(ADAPTIVE, lambda: adaptive(max_evaluations=2.5), TypeError,
             "max_evaluations must be a whole number >= 1, got 2.5"),
        case(ADAPTIVE, lambda: adaptive(max_evaluations=10**8), ValueError,
             "X and max_evaluations must keep n_problems * n_samples * (n_features + 1) * evaluations within "
             "2,000,000,000", "got 16 * 4 * 3 * 100000000"),
        case(ADAPTIVE, lambda: adaptive(first_step=0), ValueError,
             "first_step must be a finite number > 0 and <= 1, got 0.0"),
        case(ADAPTIVE, lambda: adaptive(first_step=2), ValueError,
             "first_step must be a finite number > 0 and <= 1, got 2.0"),
        case(ADAPTIVE, lambda: adaptive(first_step=np.nan), ValueError,
             "first_step must be a finite number > 0 and <= 1, got nan"),
        case(ADAPTIVE, lambda: adaptive(first_step="1/8"), TypeError,
             "first_step must be a finite number > 0 and <= 1, got '1/8'"),
    ]
    + problems_cases(STANDARD, standard_algorithm)
    + starts_cases(STANDARD, standard)
    + steepness_cases(STANDARD, lambda beta: standard(beta=beta))
    + [
        case(STANDARD, lambda: standard(beta_eta=-1), ValueError, "beta_eta must be a positive finite number, got -1"),
        case(STANDARD, lambda: standard(beta_eta=None), TypeError,
             "beta_eta must be a positive finite number, got None"),
        case(STANDARD, lambda: standard(max_moves=0), ValueError, "max_moves must be a whole number >= 1, got 0"),
        case(STANDARD, lambda: standard(max_moves="40"), TypeError, "max_moves must be a whole number >= 1"),
        case(STANDARD, lambda: standard(max_moves=10**8), ValueError,
             "X and max_moves must keep n_problems * n_samples * (n_features + 1) * evaluations within "
             "2,000,000,000"),
    ]
    + problems_cases(GRID, lambda X, Y: standard_algorithm_grid(X, Y, [0.3], [1.5]))
    + starts_cases(GRID, grid)
    + [
        case(GRID, lambda: grid(betas=[]), ValueError, "betas must hold at least one number, all > 0, got []"),
        case(GRID, lambda: grid(betas=[0.3, -1]), ValueError, "betas must hold at least one number, all > 0",
             "got [0.3, -1.0]"),
        case(GRID, lambda: grid(betas=[0.3, np.nan]), ValueError, "betas must hold finite numbers"),
        case(GRID, lambda: grid(betas="a"), TypeError, "betas must hold real numbers"),
        case(GRID, lambda: grid(beta_etas=[[1.5]]), ValueError, "beta_etas must have shape (n_beta_etas,)",
             "got an array of shape (1, 1)"),
        case(GRID, lambda: grid(beta_etas=[0.0]), ValueError, "beta_etas must hold at least one number, all > 0"),
        case(GRID, lambda: grid(max_moves=0), ValueError, "max_moves must be a whole number >= 1, got 0"),
        case("budinich.StandardGrid.hardest", lambda: grid().hardest(-1), ValueError,
             "soluble must be a whole number from 0 to", "got -1"),
        case("budinich.StandardGrid.hardest", lambda: grid().hardest("all"), TypeError, "soluble", "'all'"),
        case(GRID, lambda: grid(betas=np.ones(1000), beta_etas=np.ones(1000)), ValueError,
             "betas, beta_etas, X and max_moves must keep n_betas * n_beta_etas * n_problems * n_samples * (n_features + 1) * evaluations "
             "within 2,000,000,000", "got 16000000 * 4 * 3 * 41"),
    ]
)
CASES += SIGMOID_VARIANTS


# --- grids and stacks of data sets that lessons search and train on ---
from perceptron_lib.theory.datasets import separable_sets  # noqa: E402
from perceptron_lib.theory.geometry import grid_points  # noqa: E402

GRIDS_AND_SETS = [
    case("geometry.grid_points", lambda: grid_points(1, 1, 5, 2), ValueError,
         "low must be smaller than high", "low=1", "high=1"),
    case("geometry.grid_points", lambda: grid_points(0, np.inf, 5, 2), ValueError, "high", "inf"),
    case("geometry.grid_points", lambda: grid_points("0", 1, 5, 2), TypeError, "low", "'0'"),
    case("geometry.grid_points", lambda: grid_points(0, 1, 1, 2), ValueError, "n must be a whole number", "got 1"),
    case("geometry.grid_points", lambda: grid_points(0, 1, 5.0, 2), TypeError, "n must be a whole number", "5.0"),
    case("geometry.grid_points", lambda: grid_points(0, 1, 5, 0), ValueError, "dims must be a whole number", "got 0"),
    case("geometry.grid_points", lambda: grid_points(0, 1, 101, 4), ValueError,
         "n**dims must be at most 10,000,000 points", "n=101 and dims=4"),
    case("datasets.separable_sets", lambda: separable_sets(0, 10, 2), ValueError, "n_sets must be a whole number",
         "got 0"),
    case("datasets.separable_sets", lambda: separable_sets(2, 10, 2, seed=-1), ValueError, "seed", "got -1"),
    case("datasets.separable_sets", lambda: separable_sets(2, 10, 2, margin=0.5), ValueError, "margin", "0.5"),
    case("datasets.separable_sets", lambda: separable_sets(2.0, 10, 2), TypeError, "n_sets", "2.0"),
    case("datasets.separable_sets", lambda: separable_sets(100, 1000, 200), ValueError,
         "n_sets * n_samples * n_features must be at most 10,000,000", "100 * 1000 * 200"),
]
CASES += GRIDS_AND_SETS

@pytest.mark.parametrize("bad", CASES, ids=ids(CASES))
def test_bad_input_names_the_parameter(bad):
    check(bad)


def test_every_case_names_a_function_of_these_modules():
    modules = "bounds|separability|capacity|boolean_counts|voted|criterion|sigmoid|budinich|geometry|datasets"
    assert all(re.fullmatch(rf"({modules})\.[\w.]+", c.name) for c in CASES)
