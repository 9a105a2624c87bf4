"""Weight space: the dual-agreement law, region counts, error landscapes, correction rules."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from matplotlib.path import Path

from perceptron_lib import boolean_function, train
from perceptron_lib.theory.capacity import regions
from perceptron_lib.theory.geometry import (count_regions, misclassified, pattern_lines, positive_side, sampled_regions,
                                     wrong_side_of_lines)
from perceptron_lib.course.plotting import dual_figure, update_dual
from perceptron_lib.core.rule import rule_names
from perceptron_lib.widgets import DualView


coordinate = st.floats(-3, 3, allow_nan=False).map(lambda v: round(v, 2))


@settings(max_examples=200, deadline=None)
@given(w=st.tuples(coordinate, coordinate, coordinate), points=st.lists(st.tuples(coordinate, coordinate),
       min_size=1, max_size=6), labels=st.lists(st.booleans(), min_size=6, max_size=6), signed=st.booleans())
def test_a_pattern_is_wrong_in_pattern_space_exactly_when_w_is_on_its_wrong_side_in_weight_space(
        w, points, labels, signed):
    X = np.array(points, float)
    y = np.array(labels[:len(X)], int)
    y = 2 * y - 1 if signed else y
    w = np.array(w, float)
    np.testing.assert_array_equal(misclassified(w, X, y), wrong_side_of_lines(w, X, y))
    # and what the picture shades: a pattern strictly inside the shaded side has output 1
    net = w[0] + X @ w[1:]
    polygon = positive_side(w, (-4, 4), (-4, 4))
    if len(polygon) >= 3:
        inside = Path(polygon).contains_points(X)
        clear = np.abs(net) > 1e-6 * (1 + np.abs(w).sum())
        np.testing.assert_array_equal(inside[clear], (net > 0)[clear])


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_lines_in_general_position_cut_the_plane_into_r_n_2_regions(n, seed):
    rng = np.random.default_rng(seed)
    lines = np.column_stack([rng.normal(size=(n, 2)), rng.uniform(-1, 1, n)])
    assert count_regions(lines) == regions(n, 2)


@pytest.mark.parametrize("seed", range(6))
def test_sampling_finds_the_same_regions_as_counting(seed):
    rng = np.random.default_rng(seed)
    angles = rng.uniform(0, np.pi, 4) + np.arange(4) * np.pi / 4  # well spread directions
    lines = np.column_stack([np.cos(angles), np.sin(angles), rng.uniform(-0.5, 0.5, 4)])
    assert sampled_regions(lines, lim=8, resolution=1201) == count_regions(lines) == 11


def test_special_arrangements():
    assert count_regions([[1, 0, 0], [1, 0, -1], [1, 0, 1]]) == 4          # three parallel lines
    assert count_regions([[1, 0, 0], [0, 1, 0], [1, 1, 0]]) == 6           # three through one point
    assert count_regions([[1, 0, 0], [2, 0, 0], [0, 1, 0]]) == 4           # a line given twice
    assert regions(4, 2) == 11 and regions(3, 5) == 8 and regions(0, 2) == 1
    with pytest.raises(ValueError, match=r"lines must have shape \(n_lines, 3\)"):
        count_regions([[0, 0, 1]])
    with pytest.raises(ValueError, match=r"n must be a whole number >= 0, got -1"):
        regions(-1, 2)


def test_or_has_a_region_with_no_errors_and_xor_has_none():
    cube = np.array(np.meshgrid(*[np.linspace(-2, 2, 33)] * 3)).reshape(3, -1).T
    assert misclassified(cube, *boolean_function("or")).sum(axis=1).min() == 0
    assert misclassified(cube, *boolean_function("xor")).sum(axis=1).min() == 1


def test_pattern_lines_are_the_patterns_planes_on_the_slice():
    X, _ = boolean_function("or")
    lines = pattern_lines(X, -0.5)
    w = np.array([-0.5, 0.3, 0.9])
    np.testing.assert_allclose(lines[:, :2] @ w[1:] + lines[:, 2], np.column_stack([np.ones(4), X]) @ w)


def test_the_dual_figure_rings_and_reddens_the_same_patterns():
    X, y = boolean_function("or")
    fig, artists = dual_figure(X, y, [0.5, 1, -1])
    for w in ([0.5, 1, -1], [-0.5, 1, 1], [1, -1, -1]):
        update_dual(artists, X, y, np.array(w))
        wrong = misclassified(np.array(w), X, y)
        ringed = {tuple(p) for p in artists["wrong"].get_offsets().tolist()}
        assert ringed == {tuple(p) for p in X[wrong].tolist()}
        red = [line.get_linewidth() == 3 for line in artists["slice"]["lines"]]
        assert red == wrong.tolist()


def test_dual_view_follows_sliders_and_run_steps():
    X, y = boolean_function("or")
    run = train(X, y)
    view = DualView(X, y, trace=run)
    first = view.image.value
    view.step.value = 5
    assert [s.value for s in view.w] == run.weights[5].tolist()
    assert view.image.value != first
    assert view._repr_mimebundle_()["text/plain"].startswith("Interactive dual view")


# Honavar (1996), section 4: the correction rules, by hand.
# W = [0.5 -1 0.25] meets X3 = [1 1 0] (target 1): W·X3 = -0.5, X3·X3 = 2.
W0 = [0.5, -1, 0.25]


@pytest.mark.parametrize("rule, fraction, after", [
    ("fixed", 1.0, [1.5, 0, 0.25]),            # + 1·X3
    ("absolute", 1.0, [1.5, 0, 0.25]),         # smallest whole eta with W·X3 > 0: 0.5/2 -> 1
    ("fractional", 1.0, [0.75, -0.75, 0.25]),  # eta = 1·0.5/2: lands on the plane, W·X3 = 0
    ("fractional", 2.0, [1.0, -0.5, 0.25]),    # eta = 2·0.5/2: reflected, W·X3 = +0.5
    ("fractional", 0.5, [0.625, -0.875, 0.25]),
])
def test_correction_rules_move_w_as_worked_by_hand(rule, fraction, after):
    X, y = boolean_function("or")
    run = train(X[[2]], y[[2]], initial_weights=W0, rule=rule, fraction=fraction, max_epochs=1)
    assert run.net[0] == -0.5 and run.updated[0]
    np.testing.assert_allclose(run.weights[1], after)


def test_absolute_rule_lands_on_the_plane_for_a_negative_and_crosses_it_for_a_positive():
    X, y = boolean_function("or")
    run = train(X, y, rule="absolute")
    np.testing.assert_array_equal(run.weights, train(X, y).weights)  # on OR from 0 every step is 1
    negative = train(X[[0]], y[[0]], initial_weights=[2, 0, 0], rule="absolute", max_epochs=1)
    assert negative.weights[1].tolist() == [0, 0, 0]                 # ceil(2/1) = 2: W·X1 = 0, right
    positive = train(X[[1]], y[[1]], initial_weights=[-2, 0, 0], rule="absolute", max_epochs=1)
    # W·X2 = -2, X2·X2 = 2: Honavar's ceil(2/2) = 1 would land on W·X2 = 0 (output 0, still wrong);
    # the smallest whole eta that makes it right is floor(2/2) + 1 = 2
    assert positive.net[0] == -2 and positive.weights[1].tolist() == [0, 0, 2]


def test_fractional_rule_cannot_leave_a_mistake_at_zero():
    run = train(*boolean_function("or"), rule="fractional")
    assert run.status == "stalled" and not run.weights.any()  # a zero step: W cannot leave 0


@pytest.mark.parametrize("kwargs, words", [
    ({"rule": "newton"}, rf"rule must be one of {rule_names()}, got 'newton'"),
    ({"rule": "absolute", "eta": 0.5}, r"eta is used only by rule='fixed'.*got eta=0.5"),
    ({"rule": "fractional", "fraction": 2.5}, r"fraction must be a finite number > 0 and <= 2, got 2.5"),
    ({"rule": "fractional", "fraction": 0}, r"fraction must be a finite number > 0 and <= 2, got 0"),
    ({"fraction": 0.5}, r"fraction is used only by rule='fractional', got fraction=0.5"),
])
def test_bad_rule_options_are_named(kwargs, words):
    with pytest.raises(ValueError, match=words):
        train(*boolean_function("or"), **kwargs)


@pytest.mark.parametrize("name, signed, order", [("or", False, "cyclic"), ("xor", True, "random"),
                                                 ("at_least", False, "random")])
def test_misclassified_is_exactly_what_train_corrected(name, signed, order):
    """W·X is added in train's order, so each presentation's update is misclassified's verdict."""
    size = {"m": 2, "n_inputs": 3} if name == "at_least" else {}
    X, y = boolean_function(name, signed=signed, **size)
    run = train(X, y, eta=0.1, order=order, seed=0 if order == "random" else None, max_epochs=40,
                initial_weights=np.full(X.shape[1] + 1, 0.3))
    wrong = misclassified(run.weights[:-1], X, y)
    np.testing.assert_array_equal(wrong[np.arange(run.n_presentations), run.pattern], run.updated)


def test_separable_data_labels_are_what_misclassified_calls_right():
    from perceptron_lib.theory.datasets import separable_data
    X, y, teacher = separable_data(500, 3, margin=0.0, seed=11)
    assert not misclassified(teacher, X, y).any()


def test_bad_labels_are_refused_not_read_as_signed():
    X, _ = boolean_function("or")
    with pytest.raises(ValueError, match=r"y must hold labels all in \{0, 1\} or all in \{-1, \+1\}, got the values "
                                         r"\[0, 1, 2\]"):
        misclassified([0, 1, 1], X, [0, 2, 1, 1])
    with pytest.raises(ValueError, match=r"y must hold labels .* got the values \[0, 1, 2\]"):
        DualView(X, [0, 2, 1, 1])
