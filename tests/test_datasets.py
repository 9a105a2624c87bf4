"""Boolean data sets, the source's OR table, random separable data."""
import numpy as np
import pytest

from perceptron_lib import boolean_function, boolean_patterns, honavar_or_example
from perceptron_lib.core.arithmetic import add_with_ones, nets
from perceptron_lib.theory.datasets import boolean_problems, flip_labels, separable_data, separable_sets, truth_table
from perceptron_lib.theory.geometry import grid_points
from perceptron_lib.core.training import output


def test_patterns_come_in_the_sources_order():
    assert boolean_patterns(2).tolist() == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert boolean_patterns(3).shape == (8, 3)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_truth_tables_agree_with_python_logic(n):
    X = boolean_patterns(n).astype(bool)
    table = {
        "and": [all(x) for x in X], "or": [any(x) for x in X],
        "nand": [not all(x) for x in X], "nor": [not any(x) for x in X],
        "xor": [sum(x) % 2 == 1 for x in X], "xnor": [sum(x) % 2 == 0 for x in X],
    }
    for name, expected in table.items():
        got_X, y = boolean_function(name, n)
        np.testing.assert_array_equal(got_X, X)
        assert y.tolist() == [int(v) for v in expected]
        assert boolean_function(name, n, signed=True)[1].tolist() == [2 * int(v) - 1 for v in expected]
    for m in range(1, n + 1):
        assert boolean_function("at_least", n, m=m)[1].tolist() == [int(sum(x) >= m) for x in X]


def test_at_least_one_is_or_and_at_least_n_is_and():
    assert boolean_function("at_least", 3, m=1)[1].tolist() == boolean_function("or", 3)[1].tolist()
    assert boolean_function("at_least", 3, m=3)[1].tolist() == boolean_function("and", 3)[1].tolist()


def test_source_or_table_is_consistent_with_itself():
    """The typed table obeys W_k = W_{k-1} + (c - o) X and W·X = net on every row."""
    source = honavar_or_example()
    X = np.hstack([np.ones((4, 1)), boolean_patterns(2)])
    c = np.array([0, 1, 1, 1])
    for k, (p, net, o) in enumerate(zip(source["pattern"], source["net"], source["output"])):
        w = source["weights"][k]
        assert w @ X[p] == net and o == int(net > 0)
        np.testing.assert_array_equal(source["weights"][k + 1], w + (c[p] - o) * X[p])


@pytest.mark.parametrize("seed", range(5))
def test_separable_data_keeps_its_margin(seed):
    X, y, teacher = separable_data(50, 3, margin=0.2, seed=seed)
    distance = nets(teacher, add_with_ones(X))  # added as train adds W·X
    assert np.sqrt(np.sum(teacher[1:] ** 2)) == pytest.approx(1)
    assert (np.abs(distance) >= 0.2).all() and ((distance > 0) == (y == 1)).all()


def test_separable_data_labels_agree_with_the_teacher_exactly_even_at_margin_zero():
    X, y, teacher = separable_data(2000, 2, margin=0.0, seed=3)
    np.testing.assert_array_equal(y, (nets(teacher, add_with_ones(X)) > 0).astype(int))
    # the same random numbers are drawn as with any summation order: only the last bits may move
    rng = np.random.default_rng(3)
    u = rng.normal(size=2)
    np.testing.assert_allclose(teacher, np.r_[rng.uniform(-0.5, 0.5), u / np.sqrt(np.sum(u ** 2))], rtol=1e-15)


def test_boolean_patterns_are_counted_in_binary():
    from itertools import product
    assert boolean_patterns(5).tolist() == [list(p) for p in product((0.0, 1.0), repeat=5)]


@pytest.mark.parametrize("call, error, words", [
    (lambda: boolean_function("nope"), ValueError, r"name must be one of 'and', .*'at_least', got 'nope'"),
    (lambda: boolean_function("at_least", 3), ValueError, r"m is required for 'at_least'.*n_inputs=3"),
    (lambda: boolean_function("at_least", 3, m=4), ValueError, r"m must be a whole number from 1 to 3, got 4"),
    (lambda: boolean_function("or", m=1), ValueError, r"m is used only with name='at_least', got m=1"),
    (lambda: boolean_function("or", 0), ValueError, r"n_inputs must be a whole number from 1 to 20, got 0"),
    (lambda: boolean_function("or", 2.0), TypeError, r"n_inputs must be a whole number.*got 2.0"),
    (lambda: boolean_function("or", signed="yes"), TypeError, r"signed must be True or False, got 'yes'"),
    (lambda: separable_data(10, 2, margin=0.7), ValueError, r"margin must be a finite number >= 0 and < 0.5, got 0.7"),
    (lambda: separable_data(10, 2, margin="a"), TypeError, r"margin must be a finite number.*got 'a'"),
    (lambda: separable_data(0, 2), ValueError, r"n_samples must be a whole number from 1"),
])
def test_bad_input_is_named_in_the_error(call, error, words):
    with pytest.raises(error, match=words):
        call()


@pytest.mark.parametrize("y", [[0, 1] * 10, [-1, 1] * 10])
def test_flip_labels_flips_the_asked_share_and_keeps_the_label_set(y):
    flipped = flip_labels(y, 0.25, seed=1)
    assert (flipped != np.array(y)).sum() == 5
    assert set(flipped.tolist()) <= set(y)
    np.testing.assert_array_equal(flip_labels(y, 0.25, seed=1), flipped)


@pytest.mark.parametrize("y, fraction, error, words", [
    ([0, 2], 0.5, ValueError, r"y must hold labels all in \{0, 1\} or all in \{-1, \+1\}, got the values \[0, 2\]"),
    ([0, 1], 1.5, ValueError, r"fraction must be a finite number >= 0 and <= 1, got 1.5"),
    ([0, 1], "half", TypeError, r"fraction must be a finite number >= 0 and <= 1, got 'half'"),
])
def test_flip_labels_rejects_bad_input(y, fraction, error, words):
    with pytest.raises(error, match=words):
        flip_labels(y, fraction)


def test_separable_sets_are_the_separable_data_sets_with_consecutive_seeds():
    X, y, teachers = separable_sets(4, 15, 3, margin=0.2, seed=40, signed=True)
    for k in range(4):
        one = separable_data(15, 3, margin=0.2, seed=40 + k, signed=True)
        assert np.array_equal(X[k], one[0]) and np.array_equal(y[k], one[1]) and np.array_equal(teachers[k], one[2])


def test_grid_points_cover_the_cube_once_each_with_the_ends_included():
    grid = grid_points(-2, 3, 6, 3)
    assert grid.shape == (216, 3)
    assert len({tuple(p) for p in grid.tolist()}) == 216
    assert set(np.unique(grid).tolist()) == {-2.0, -1.0, 0.0, 1.0, 2.0, 3.0}
    assert grid[0].tolist() == [-2, -2, -2] and grid[1].tolist() == [-2, -2, -1] and grid[-1].tolist() == [3, 3, 3]


def test_truth_table_and_output():
    X, y = truth_table(lambda a, b: a != b, 2)
    assert y.tolist() == boolean_function("xor")[1].tolist()
    layer = output([[-0.5, 1, 1], [1.5, -1, -1]], X)  # OR and NAND side by side
    assert layer.tolist() == [[0, 1], [1, 1], [1, 1], [1, 0]]


@pytest.mark.parametrize("n_inputs", [1, 2, 3, 4])
def test_problems_are_every_assignment_of_targets(n_inputs):
    X, Y = boolean_problems(n_inputs)
    np.testing.assert_array_equal(X, 2 * boolean_patterns(n_inputs) - 1)
    np.testing.assert_array_equal(boolean_problems(n_inputs, inputs="0/1")[0], boolean_patterns(n_inputs))
    assert Y.shape == (2 ** 2 ** n_inputs, 2 ** n_inputs) and len(np.unique(Y, axis=0)) == len(Y)
    for p in (0, 1, len(Y) // 3, len(Y) - 1):
        assert sum(int(b) << k for k, b in enumerate(Y[p])) == p
