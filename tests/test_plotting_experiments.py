"""The pictures of experiments (plotting/experiments.py and counts.py, lessons 05-08): check the data drawn, not pixels.

They draw exactly the values they are given; the theory of lessons 06-08's figures is computed by figures.py
(tests/test_figures.py).
"""
import numpy as np

from perceptron_lib.course import plotting


def test_criterion_picture_draws_E_and_marks_each_rise():
    E = [0, 2.0, 1.0, 1.5, 0.0]
    fig = plotting.plot_criterion({"run": E})
    curve, rises = fig.axes[0].lines
    assert curve.get_ydata().tolist() == E
    assert rises.get_xdata().tolist() == [1, 3] and rises.get_ydata().tolist() == [2.0, 1.5]


def test_the_experiment_pictures_draw_the_values_they_are_given():
    """Values no theory would give: the pictures draw them as they come, computing nothing."""
    z = np.linspace(-6, 6, 5)
    fig = plotting.plot_sigmoids_values(z, {2: ([0, 0.1, 0.7, 0.2, 1], 0.4)}, net_input=1.0)
    step, curve, dot, line = fig.axes[0].lines
    assert curve.get_ydata().tolist() == [0, 0.1, 0.7, 0.2, 1] and dot.get_ydata().tolist() == [0.4]
    fig = plotting.plot_weight_change_values([0, 1, 2], {"a": ([0.1, 0.5, 0.2], 1.7)})
    curve, optimum, peak = fig.axes[0].lines
    assert optimum.get_xdata()[0] == 1.7 and (peak.get_xdata()[0], peak.get_ydata()[0]) == (1, 0.5)
    fig = plotting.plot_n_min_values([3, 1, 2], 1, {2: [0.5, -0.5]})
    assert fig.axes[0].lines[0].get_ydata().tolist() == [3, 1, 2] and fig.axes[0].lines[1].get_xdata()[0] == 1
    assert fig.axes[1].lines[0].get_xdata().tolist() == [0.5, 1.0]
    fig = plotting.plot_boolean_fractions_values([2, 3], [1, 4])
    assert [line.get_ydata().tolist() for line in fig.axes[0].lines] == [[1, 0.75], [0.5, 1]]
    fig = plotting.plot_cube_check_values({2: ([1, 3], [1, 0.5])}, {2: [0.9, 0.4]}, intervals={2: ([0.8, 0.3], [1, 0.6])},
                                   trials=10)
    cover, measured = fig.axes[0].lines[:2]
    assert cover.get_xdata().tolist() == [1 / 3, 1.0] and cover.get_ydata().tolist() == [0.9, 0.4]
    assert [[tuple(end) for end in bar] for bar in fig.axes[0].collections[0].get_segments()] == [
        [(1 / 3, 0.8), (1 / 3, 1)], [(1.0, 0.3), (1.0, 0.6)]]
    shade = np.linspace(0, 1, 200).reshape(20, 10)
    fig = plotting.plot_n_min_map_values(shade, {5: 2, 20: 3})
    np.testing.assert_array_equal(fig.axes[0].images[0].get_array(), shade)
    peaks = [line for line in fig.axes[0].lines if line.get_label() == "largest N_min for each N"][0]
    assert peaks.get_xdata().tolist() == [2, 3] and peaks.get_ydata().tolist() == [5, 20]


def test_a_grid_search_with_empty_counts_names_them():
    """An empty solved raised numpy's 'zero-size array to reduction operation minimum'; now solved is named."""
    import pytest
    with pytest.raises(ValueError, match=r"solved must be whole numbers from 0 of shape \(2, 2\), got shape \(0, 2\)"):
        plotting.plot_grid_search_values([0.1, 1], [0.1, 1], np.zeros((0, 2)), [[1, 1], [1, 1]], soluble=1, move_limit=5)
