"""The lessons' experiment figures (figures.py, lessons 06-08): the theory they compute is what is drawn.

Each figure computes with capacity.py, sigmoid.py, budinich.py and arithmetic.py's sigmoid and hands the values to
its picture, named after it with _values (plotting/experiments.py, plotting/counts.py); these tests read the drawn data back and set it against
the theory, not pixels.
"""
import numpy as np
import pytest

from perceptron_lib.course import figures   # the lessons reach these as pl.plot_*


def test_sigmoid_picture_draws_f_of_beta_times_the_net_input_and_the_pattern_on_each_curve():
    from perceptron_lib.core.arithmetic import sigmoid
    fig = figures.plot_sigmoids([0.1, 3], net_input=2.0)
    step, curve, dot, steep, steep_dot, line = fig.axes[0].lines
    np.testing.assert_array_equal(curve.get_ydata(), sigmoid(0.1 * curve.get_xdata()))
    np.testing.assert_array_equal(steep.get_ydata(), sigmoid(3 * steep.get_xdata()))
    assert dot.get_ydata()[0] == sigmoid(np.array(0.2)) and steep_dot.get_ydata()[0] == sigmoid(np.array(6.0))
    assert line.get_xdata()[0] == 2.0 and "W·X = 2" in line.description


def test_weight_change_picture_draws_budinich_eq_5_and_its_maximum():
    from perceptron_lib.theory.sigmoid import beta_opt, weight_change
    fig = figures.plot_weight_change({"x = 2": 2.0}, betas=(0, 3))
    curve, optimum, peak = fig.axes[0].lines
    np.testing.assert_array_equal(curve.get_ydata(), weight_change(curve.get_xdata(), 2.0))
    assert optimum.get_xdata()[0] == beta_opt(2.0)
    assert curve.get_xdata()[np.argmax(curve.get_ydata())] == pytest.approx(beta_opt(2.0), abs=0.005)
    assert peak.get_xdata()[0] == curve.get_xdata()[np.argmax(curve.get_ydata())]
    fig = figures.plot_weight_change({"x = -0.5": -0.5}, betas=(0, 3))    # its peak, near 3.55, is off the range
    assert len(fig.axes[0].lines) == 2


def test_grid_search_picture_shows_the_move_limit_where_a_soluble_problem_was_left():
    from perceptron_lib import boolean_problems, standard_algorithm_grid
    grid = standard_algorithm_grid(*boolean_problems(2), [0.1, 0.3, 1], [0.1, 0.5, 1], max_moves=5)
    soluble = int(grid.solved.max())
    fig = figures.plot_grid_search(grid, soluble, mark=(0.3, 0.5))
    solved, hardest = (ax.images[0].get_array() for ax in fig.axes[:2])
    np.testing.assert_array_equal(solved, grid.solved.T)
    np.testing.assert_array_equal(hardest, np.where(grid.solved == soluble, grid.max_moves, 5).T)
    star = fig.axes[0].lines[0]
    assert (star.get_xdata()[0], star.get_ydata()[0]) == (1, 1)   # β = 0.3 and βη = 0.5 are the middle cells


def test_cover_pictures_draw_covers_probability_and_the_measured_fractions():
    from perceptron_lib.theory.capacity import fraction_interval, separable_dichotomies, separable_probability
    fig = figures.plot_cover_check({2: [1, 1, 0.75, 0.5]}, 4)
    cover, measured = fig.axes[0].lines[:2]
    assert cover.get_ydata().tolist() == [float(separable_probability(n, 2)) for n in range(1, 5)]
    assert measured.get_ydata().tolist() == [1, 1, 0.75, 0.5]
    bars = fig.axes[0].collections[0].get_segments()   # the 95% Wilson interval of each measured fraction
    assert [(bar[0][1], bar[1][1]) for bar in bars] == [fraction_interval(h, 4) for h in (4, 4, 3, 2)]
    fig = figures.plot_cube_check({3: ([2, 4, 6], [1.0, 0.5, 0.25])})
    cover, measured = fig.axes[0].lines[:2]
    assert cover.get_xdata().tolist() == [0.5, 1.0, 1.5]
    assert cover.get_ydata().tolist() == [float(separable_probability(n, 4)) for n in (2, 4, 6)]
    fig = figures.plot_cube_check({3: ([2, 4, 6], [1.0, 0.5, 0.25])}, trials=4)
    bars = fig.axes[0].collections[0].get_segments()
    assert [[tuple(end) for end in bar] for bar in bars] == [
        [(n / 4, low), (n / 4, high)] for n, (low, high) in zip((2, 4, 6), (fraction_interval(h, 4) for h in (4, 2, 1)))]
    fig = figures.plot_boolean_fractions([2, 4, 14, 104])
    threshold, general = fig.axes[0].lines
    assert threshold.get_ydata().tolist() == [1, 1, 14 / 16, 104 / 256]
    assert general.get_ydata().tolist() == [separable_dichotomies(2**m, m + 1) / 2**2**m for m in range(4)]


def test_cover_picture_without_measurements_draws_one_curve_per_d_and_no_measured_marker():
    """Lesson 08's opener: Cover's curves alone, one per d, against N/d; no point, bar or N = 2d mark."""
    from perceptron_lib.theory.capacity import separable_probability
    fig = figures.plot_cover_check()
    (curves,) = fig.axes
    drawn = [line for line in curves.lines if line.get_label().startswith("d = ")]
    assert [line.get_label() for line in drawn] == ["d = 2", "d = 4", "d = 20", "d = 200"]
    for line, d in zip(drawn, (2, 4, 20, 200)):
        assert line.get_xdata().tolist() == [n / d for n in range(1, 4 * d + 1)]
        assert line.get_ydata().tolist() == [float(separable_probability(n, d)) for n in range(1, 4 * d + 1)]
    assert all(line.get_marker() in ("None", "", None) for line in curves.lines)   # no measured point
    assert not curves.collections                                                   # no interval bar
    others = [line for line in curves.lines if line not in drawn]
    assert [list(line.get_ydata()) for line in others] == [[0.5, 0.5]]             # only the line at ½
    assert [text.get_text() for text in curves.get_legend().get_texts()] == ["d = 2", "d = 4", "d = 20", "d = 200"]
    assert not fig.legends                                                          # no legend of measurements


def test_n_min_pictures_draw_budinich_eq_4_and_its_peak():
    from perceptron_lib.theory.capacity import n_min, n_min_peak
    fig = figures.plot_n_min(40, sizes=[25])
    curve, peak = fig.axes[0].lines
    assert curve.get_ydata().tolist() == [n_min(40, d) for d in range(1, 41)]
    assert peak.get_xdata()[0] == n_min_peak(40) == 9
    fig = figures.plot_n_min_map(10)
    shade = fig.axes[0].images[0].get_array()
    assert shade.shape == (50, 10) and np.allclose(shade.max(axis=1), 1)   # each n scaled by its own largest N_min


def test_the_cover_check_legend_gives_no_two_entries_the_same_look():
    """Issue 32: '95% interval' and 'd = 2' were both solid blue lines, 'N = d' and 'd = 20' both green dotted."""
    from matplotlib.colors import to_rgb

    fig = figures.plot_cover_check({2: [1, 1, 0.72, 0.5], 4: [1, 1, 1, 1, 0.9]}, 200)
    legend = fig.legends[0]
    entries = {text.get_text(): handle for text, handle in zip(legend.get_texts(), legend.legend_handles)}
    # the intervals are drawn as bars on the measured points, one entry (a dot with its bar), not a line of their own
    assert [name for name in entries if "interval" in name] == ["measured (200 sets per N), 95% interval"]
    # the marked N are grey and black, the curves coloured: no marked N looks like a curve
    for name in ("N = d", "N = 2d"):
        red, green, blue = to_rgb(entries[name].get_color())
        assert red == green == blue, name
    curves = [(to_rgb(entries[f"d = {d}"].get_color()), entries[f"d = {d}"].get_linestyle()) for d in (2, 4, 20, 200)]
    assert len({colour for colour, _ in curves}) == len({style for _, style in curves}) == 4


def test_the_cover_check_refuses_trials_with_nothing_measured():
    """trials counts the sets behind measured fractions: given alone, the caller forgot measured (it was dropped)."""
    with pytest.raises(ValueError, match="trials is used only with measured, got trials=5 with measured=None"):
        figures.plot_cover_check(trials=5)
