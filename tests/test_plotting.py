"""Pictures: check the data drawn, not pixels."""
import io

import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from perceptron_lib import boolean_function, train
from perceptron_lib.course import plotting
from perceptron_lib.theory.geometry import decision_line, positive_side
from perceptron_lib.course.fast_pictures import StepPictures
from perceptron_lib.course.plotting import (Picture, draw_decision_boundary, draw_feature_boundary,
                                     draw_patterns, draw_step, draw_weights, plot_feature_space, plot_history,
                                     plot_trace_grid, update_step)

BOX = ((-0.5, 1.5), (-0.5, 1.5))


@pytest.mark.parametrize("w", [[-1, 1, 1], [0.3, -2, 0.5], [0, 0, 1], [-0.2, 1, 0], [5, 1, 1], [1, 0, 0]])
def test_decision_line_lies_on_w_dot_x_zero_and_positive_side_is_positive(w):
    w = np.array(w, float)
    segment = decision_line(w, *BOX)
    assert np.allclose(w[0] + segment @ w[1:], 0)
    polygon = positive_side(w, *BOX)
    assert (w[0] + polygon @ w[1:] >= -1e-12).all()
    corners = np.array([[x, y] for x in BOX[0] for y in BOX[1]])
    inside = w[0] + corners @ w[1:] > 0
    if inside.all():
        assert len(polygon) == 4
    elif not inside.any():
        assert len(polygon) == 0


def test_no_line_when_only_the_bias_is_set():
    assert decision_line([1, 0, 0], *BOX).shape == (0, 2)
    with pytest.raises(ValueError, match=r"w must be \[w0, w1, w2\].*got shape \(4,\)"):
        decision_line([1, 0, 0, 0], *BOX)


def test_draw_functions_draw_on_the_axes_they_are_given():
    fig = Figure()
    ax = fig.subplots()
    X, y = boolean_function("or")
    patterns = draw_patterns(ax, X, y)
    assert patterns["positive"].axes is ax and len(patterns["positive"].get_offsets()) == 3
    assert [t.get_text() for t in patterns["names"]] == ["X1", "X2", "X3", "X4"]
    boundary = draw_decision_boundary(ax, [-0.5, 1, 1], xlim=BOX[0], ylim=BOX[1])
    x, y_line = boundary["line"].get_data()
    assert np.allclose(-0.5 + np.asarray(x) + np.asarray(y_line), 0)
    tail, head = boundary["arrow"]._posA_posB
    assert np.dot(np.subtract(head, tail), [1, 1]) > 0  # the arrow points to the positive side
    bars = draw_weights(ax, [0, 1, -2])
    assert [b.get_height() for b in bars["bars"]] == [0, 1, -2]


def test_step_pictures_follow_the_trace():
    run = train(*boolean_function("or"))
    fig = Figure()
    artists = draw_step(fig.subplots(1, 2), run, 0)
    for k in range(run.n_presentations + 1):
        update_step(artists, run, k)
        w = run.weights[k]
        x, y = artists["boundary"]["line"].get_data()
        assert np.allclose(w[0] + w[1] * np.asarray(x) + w[2] * np.asarray(y), 0)
        assert [b.get_height() for b in artists["weights"]["bars"]] == w.tolist()
        if k:
            assert artists["ring"].get_offsets().tolist() == [run.X[run.pattern[k - 1], 1:].tolist()]
    pictures = StepPictures(run)
    assert pictures.png(3).startswith(b"\x89PNG") and pictures.png(3) is pictures.png(3)
    assert pictures.png(3) != pictures.png(4)


def test_trace_grid_has_a_panel_per_step_and_frames_the_updates():
    run = train(*boolean_function("or"))
    fig = plot_trace_grid(run)
    assert isinstance(fig, Picture) and fig._repr_png_().startswith(b"\x89PNG")
    panels = [ax for ax in fig.axes if ax.get_visible() and ax.axison]
    assert len(panels) == 14
    titles = [ax.get_title() for ax in panels]
    assert sum("update" in t for t in titles) == 4


def test_history_counts_updates_per_pass():
    run = train(*boolean_function("xor"), order="random", seed=0, max_epochs=30)
    fig = plot_history(run)
    per_pass = fig.axes[1].get_lines()[0].get_ydata()
    assert per_pass.tolist() == run.updated.reshape(30, 4).sum(axis=1).tolist()


def test_feature_boundary_is_the_zero_level_and_feature_space_checks_its_input():
    fig = Figure()
    ax = fig.subplots()
    drawn = draw_feature_boundary(ax, [0, 1, 1, -3], lambda P: np.column_stack([P, P[:, 0] * P[:, 1]]),
                                  xlim=BOX[0], ylim=BOX[1])
    assert list(drawn["line"].levels) == [0]
    Z = np.array([[0, 0, 0], [0, 1, 0], [1, 0, 0], [1, 1, 1]])
    assert plot_feature_space(Z, [0, 1, 1, 0], [0, 1, 1, -3]).axes[0].name == "3d"
    with pytest.raises(ValueError, match=r"w\[3\] must not be 0"):
        plot_feature_space(Z, [0, 1, 1, 0], [0, 1, 1, 0])


@pytest.mark.parametrize("call, words", [
    (lambda run: draw_step(Figure().subplots(1, 2), run, 14), r"k must be a whole number from 0 to 13, got 14"),
    (lambda run: plot_trace_grid(run, steps=[0, -1]), r"steps must hold steps of the run, from 0 to 13, got -1"),
    (lambda run: plot_trace_grid(train(*boolean_function("or", 3))), r"need patterns with 2 features, got 3"),
    (lambda run: plot_trace_grid(train(*boolean_function("or"), record=False)), r"record=True"),
])
def test_bad_input_is_named_in_the_error(call, words):
    with pytest.raises(ValueError, match=words):
        call(train(*boolean_function("or")))


def test_curves_and_boundaries_draw_what_they_are_given():
    from perceptron_lib.course.plotting import plot_boundaries, plot_curves, plot_feature_boundary
    fig = plot_curves({"a": [1, 2, 3], "b": [3, 2, 1]}, xlabel="pass", ylabel="value")
    assert [line.get_ydata().tolist() for line in fig.axes[0].get_lines()] == [[1, 2, 3], [3, 2, 1]]
    X, y = boolean_function("xor")
    fig = plot_boundaries(X, y, [[-0.5, 1, 1], [1.5, -1, -1]], ["OR", "NAND"])
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()][:2] == ["OR", "NAND"]
    fig = plot_feature_boundary([0, 1, 1, -3], lambda P: np.column_stack([P, P[:, 0] * P[:, 1]]), X, y)
    assert fig.axes[0].get_title() == "W = [0 1 1 -3]"


def test_weight_space_pictures_show_what_they_compute():
    from perceptron_lib.theory.geometry import misclassified
    from perceptron_lib.course.plotting import (plot_correction_moves, plot_dual_grid, plot_error_landscape,
                                         plot_weight_space)
    X, y = boolean_function("or")
    landscape = plot_error_landscape(X, y, -0.5, resolution=51)
    image = landscape.axes[0].get_images()[0].get_array()
    grid = np.linspace(-3, 3, 51)
    w1, w2 = np.meshgrid(grid, grid)
    expected = misclassified(np.column_stack([np.full(w1.size, -0.5), w1.ravel(), w2.ravel()]), X, y)
    np.testing.assert_array_equal(image, expected.sum(axis=1).reshape(51, 51))
    run = train(X, y)
    path = run.weights[np.r_[0, run.update_presentations]]
    space = plot_weight_space(X, y, path=path)
    drawn = [line for line in space.axes[0].get_lines() if line.get_label().startswith("the run's W")][0]
    np.testing.assert_array_equal(np.array(drawn.get_data_3d()).T, path)
    labels = [[c.get_label() for c in figure.axes[0].collections]
              for figure in (space, plot_weight_space(X, y, path=path, solutions=False))]
    assert "W with no errors" in labels[0] and "W with no errors" not in labels[1]  # lesson 04's opener hides it
    grid_fig = plot_dual_grid(X, y, path, ["a", "b", "c", "d", "e"])
    assert sum(ax.axison for ax in grid_fig.axes) == 10
    moves = plot_correction_moves([0.5, -1, 0.25], [1, 1, 0], 1,
                                  {"λ = 2": [1.0, -0.5, 0.25], "η = 1": [1.5, 0, 0.25]})
    ax = moves.axes[0]
    labels = [t.get_text() for t in ax.texts if t.get_text() and "side" not in t.get_text()]
    assert labels == ["0.5", "1.5"]  # W·X after each rule, the numbers the lesson's checks quote
    assert ax.get_xlim()[0] < -0.5 and ax.get_xlim()[1] > 1.5  # every arrow inside the axes
    assert "before: -0.5" in ax.get_xlabel()


def long_run():
    """XOR in random order for 200 passes: 800 presentations, as in lesson 03."""
    return train(*boolean_function("xor"), order="random", seed=0, max_epochs=200)


def test_a_grid_of_a_long_run_is_refused_up_front_and_drawn_for_chosen_steps():
    run = long_run()
    assert run.n_presentations == 800
    with pytest.raises(ValueError, match=r"steps must be given .* at most 42 panels .* 801 steps .*"
                                         r"steps=range\(0, 801, 20\)"):
        plot_trace_grid(run)
    fig = plot_trace_grid(run, steps=range(0, 801, 40))
    titles = [ax.get_title() for ax in fig.axes if ax.axison]
    assert len(titles) == 21 and titles[0].startswith("start") and titles[-1].startswith("800:")


def test_step_pictures_of_a_long_run_draw_only_what_is_shown_and_keep_a_bounded_number():
    from perceptron_lib.course import fast_pictures
    run = long_run()
    pictures = StepPictures(run)
    assert pictures.png(800).startswith(b"\x89PNG") and list(pictures._made) == [800]
    with pytest.raises(TypeError, match="k must be a whole number"):
        pictures.png(True)  # True == 1 as a key: it must not fetch step 1's picture
    kept, fast_pictures.MAX_KEPT = fast_pictures.MAX_KEPT, 3
    try:
        for k in range(5):
            pictures.png(k)
        assert list(pictures._made) == [2, 3, 4]
    finally:
        fast_pictures.MAX_KEPT = kept


def test_the_arrow_starts_on_the_line_and_the_grid_has_w_dot_x_in_trains_order():
    fig = Figure()
    ax = fig.subplots()
    w = np.array([0.1, 0.7, -0.3])
    tail, head = draw_decision_boundary(ax, w, xlim=BOX[0], ylim=BOX[1])["arrow"]._posA_posB
    assert abs(w[0] + w[1] * tail[0] + w[2] * tail[1]) < 1e-12
    drawn = draw_feature_boundary(ax, [0.1, 0.7, -0.3], lambda P: P, xlim=BOX[0], ylim=BOX[1], resolution=7)
    assert list(drawn["line"].levels) == [0]


def test_a_unit_picture_rings_exactly_the_patterns_the_unit_gets_wrong():
    """draw_unit: the ringed patterns are those misclassified, and update_unit moves them with W."""
    from perceptron_lib import misclassified
    from perceptron_lib.course.plotting import draw_unit, plot_units, update_unit
    X, c = boolean_function("and")
    drawn = draw_unit(X, c, [-0.5, 1, 1])
    assert drawn["wrong"].get_offsets().tolist() == X[misclassified([-0.5, 1, 1], X, c)].tolist()
    assert drawn["title"].get_text() == "W = [-0.5 1 1]: 2 wrong"
    update_unit(drawn, X, c, [-1.5, 1, 1])
    assert len(drawn["wrong"].get_offsets()) == 0 and drawn["title"].get_text().endswith("0 wrong")
    figure = plot_units(X, c, [[-1.5, 1, 1], [1.5, -1, -1]], ["AND", "NAND"])
    assert len(figure.axes) == 2 and figure.axes[0].get_title().startswith("AND")


def test_a_grid_of_updates_shows_the_start_each_update_and_the_end():
    run = train(*boolean_function("or"))                       # updates at 2, 5, 7 and 9 of 13
    fig = plot_trace_grid(run, steps="updates")
    titles = [ax.get_title().split("\n")[0] for ax in fig.axes if ax.get_title()]
    assert titles == ["start", "2: X2 update", "5: X1 update", "7: X3 update", "9: X1 update", "13: X1"]
    long = train(*boolean_function("xor"), order="random", seed=0, max_epochs=60)   # 162 updates
    with pytest.raises(ValueError, match=r"steps='updates' .* at most 42 panels; the run has \d+ such steps"):
        plot_trace_grid(long, steps="updates")
    with pytest.raises(TypeError, match=r"steps must be 'updates' or a sequence .*got 'update'"):
        plot_trace_grid(run, steps="update")


def test_regions_legend_names_labels_minus_one_and_plus_one_as_y():
    """Labels −1/+1 are drawn as classes 0/1 but named y = −1 and y = +1; class numbers keep "class k"."""
    X = [[0, 0], [1, 1], [2, 0]]
    signed = plotting.plot_regions([lambda P: (P[:, 0] > 1).astype(int)], X, [-1, 1, 1], ["a"], resolution=10)
    assert [t.get_text() for t in signed.legends[0].get_texts()] == ["y = −1", "y = +1"]
    numbered = plotting.plot_regions([lambda P: (P[:, 0] > 1).astype(int)], X, [0, 1, 1], ["a"], resolution=10)
    assert [t.get_text() for t in numbered.legends[0].get_texts()] == ["class 0", "class 1"]


def _boxes(fig, artists):
    """The screen boxes (display units) of artists, after drawing the figure."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    return [a.get_window_extent(canvas.get_renderer()) for a in artists]


def test_curves_differ_by_line_style_and_their_legend_covers_none_of_them():
    from perceptron_lib.course.plotting import plot_curves
    fig = plot_curves({"a": np.linspace(0.5, 0.7, 50), "b": np.full(50, 0.9), "c": np.linspace(0.9, 0.4, 50)},
                      xlabel="passes", ylabel="accuracy", ylim=(0.4, 1))
    ax = fig.axes[0]
    assert len({(line.get_linestyle(), line.get_marker()) for line in ax.get_lines()}) == 3
    legend, panel = _boxes(fig, [ax.get_legend(), ax.patch])
    assert legend.y0 >= panel.y1 - 1        # above the panel, off the data


def test_a_units_pattern_names_keep_clear_of_its_line():
    """plot_units: each name sits on its pattern's side of W's line, beyond it (lesson 01's W, 2W, -W, w0 raised)."""
    from perceptron_lib.course.plotting import plot_units
    X, c = boolean_function("and")
    weights = np.array([[-1.5, 1, 1], [-3, 2, 2], [1.5, -1, -1], [-0.5, 1, 1], [-2, 1, 1]])
    fig = plot_units(X, c, weights, list("abcde"))
    _boxes(fig, [])
    for ax, w in zip(fig.axes, weights):
        names = [t for t in ax.texts if t.get_text().startswith("X")]
        for name, x in zip(names, X):
            box = name.get_window_extent().transformed(ax.transData.inverted())
            corners = np.array([[box.x0, box.y0], [box.x0, box.y1], [box.x1, box.y0], [box.x1, box.y1]])
            sides = np.sign(w[0] + corners @ w[1:])
            side = np.sign(w[0] + x @ w[1:]) or 1.0
            assert (sides == side).all(), (w, name.get_text())          # the line crosses no name
            assert 0 <= ax.transAxes.inverted().transform(name.get_window_extent().corners()).min()   # inside
            assert ax.transAxes.inverted().transform(name.get_window_extent().corners()).max() <= 1


def test_feature_pictures_say_their_boundary_side_and_axes_in_words():
    from perceptron_lib.course.describe import describe_figure
    X, c = boolean_function("xor")
    product = lambda P: np.column_stack([P, P[:, 0] * P[:, 1]])   # noqa: E731
    words = describe_figure(plotting.plot_feature_boundary([0, 1, 1, -3], product, X, c))
    assert "A curve (the decision boundary W·[1, features] = 0" in words and "in 2 pieces" in words
    assert "A shaded region (the inputs where W·[1, features] > 0" in words
    space = plot_feature_space(product(X), c, [0, 1, 1, -3], names=("x1", "x2", "x1·x2"))
    words = describe_figure(space)
    assert "no axes drawn" not in words and "x1·x2 from" in words and "seen in 3-D" in words
    assert "A surface (the plane W·[1, x1, x2, x1·x2] = 0" in words
    ax = space.axes[0]
    assert not ax.computed_zorder and all(not getattr(s, "_depthshade", False) for s in ax.collections[1:])
    legend, panel = _boxes(space, [ax.get_legend(), ax.patch])
    assert legend.y1 <= panel.y0 + 1      # under the 3-D box, not on it


def test_weight_space_labels_cross_nothing_and_the_error_scale_counts_patterns():
    from perceptron_lib.course.plotting import plot_correction_moves, plot_dual_grid, plot_error_landscape, plot_weight_space
    X, c = boolean_function("or")
    landscape = plot_error_landscape(X, c, -0.5, resolution=51)
    bar = landscape.axes[1]
    assert [t for t in bar.get_yticks() if -0.5 <= t <= 4.5] == [0, 1, 2, 3, 4]   # 0..4 wrong, whole numbers
    assert bar.get_ylabel() == "number of patterns wrong"
    moves = plot_correction_moves([0.5, -1, 0.25], [1, 1, 0], 1,
                                  {"λ = 0.5": [0.75, -1, 0.25], "λ = 1": [1, -1, 0.25], "λ = 2": [1.5, -1, 0.25]})
    ax = moves.axes[0]
    values = [t for t in ax.texts if t.get_text() and "side" not in t.get_text()]
    assert [t.get_text() for t in values] == ["-0.25", "0", "0.5"]
    for box in _boxes(moves, values):
        low, high = sorted(ax.transData.inverted().transform([[box.x0, 0], [box.x1, 0]])[:, 0])
        assert high <= 0 or low >= 0            # no value label runs across the line W·X = 0
    run = train(X, c)
    path = run.weights[np.r_[0, run.update_presentations]]
    space = plot_weight_space(X, c, path=path, solutions=False, size=(4.8, 4.8))
    from mpl_toolkits.mplot3d import proj3d
    _boxes(space, [])
    ax = space.axes[0]
    numbers = [t for t in ax.texts if t.get_text().isdigit()]
    flat = np.column_stack(proj3d.proj_transform(*path.T, ax.get_proj())[:2])   # the points on the screen
    points = ax.transData.transform(flat)
    shown = np.array([t.get_transform().transform(xy) for t, xy in zip(numbers, flat)])   # where the numbers are
    assert (np.hypot(*(shown - points).T) >= 10).all()       # beside their points, not on them
    apart = np.hypot(*(shown[:, None] - shown[None]).T)
    assert apart[np.triu_indices(len(shown), 1)].min() >= 14   # the opener's numbers apart (its 3 and 4 were not)
    grid = plot_dual_grid(X, c, path[[0, -1]], ["your start", "after your run"], size=2.0)
    titles = _boxes(grid, [ax.title for ax in grid.axes] + [ax._left_title for ax in grid.axes])
    shown = [b for b, t in zip(titles, [ax.title for ax in grid.axes] + [ax._left_title for ax in grid.axes])
             if t.get_text()]
    assert all(a.x1 + 5 < b.x0 or b.x1 + 5 < a.x0 for i, a in enumerate(shown) for b in shown[i + 1:]
               if abs(a.y0 - b.y0) < 1)      # titles on one row keep 5 px apart


def test_the_bound_checks_legend_shows_each_forms_marker_and_hatching():
    from perceptron_lib.course.plotting import plot_bound_check
    rng = np.random.default_rng(0)
    bound = rng.uniform(10, 100, 50)
    fig = plot_bound_check({"a": (bound * 0.2, bound), "b": (bound * 0.4, bound)})
    legend = fig.legends[0]
    assert [t.get_text() for t in legend.get_texts()] == ["a", "b", "updates = bound"]
    keys = [p for p in legend.findobj(Rectangle) if p.get_visible() and p is not legend.legendPatch]
    assert [p.get_hatch() for p in keys] == [None, "////"]      # a's bars plain, b's hatched, as in the panel
    assert [type(h).__name__ for h in legend.legend_handles[:2]] == ["PathCollection"] * 2   # and the markers


def test_a_line_of_one_point_is_described_as_its_marker_or_not_at_all():
    """A line through one point draws only its marker: 'a star at (0, 1)', never 'a curve over x from 0 to 0'."""
    from perceptron_lib.course.describe import describe_figure
    fig = Figure()
    ax = fig.subplots()
    ax.plot([0.0], [1.0], marker="*", color="black")
    ax.plot([2.0, 2.0], [3.0, 3.0], color="black")          # no marker, length 0: nothing to see
    text = describe_figure(fig)
    assert "star at (0, 1)" in text and "curve" not in text and "(2, 3)" not in text


def test_an_untitled_figure_is_named_by_its_axes_and_what_it_shows_in_its_alt_text():
    from perceptron_lib.course.describe import short_description

    X, c = boolean_function("or")
    run = train(X, c)
    alt = short_description(plotting.plot_weight_space(X, c, path=run.weights[[0, 1, 2]], size=(4, 4)))
    assert alt.startswith('A figure: "w0, w1 and w2 in 3-D, showing W·X1 = 0, W·X2 = 0')
    assert "the run's W" in alt
    fig = Picture()
    ax = fig.subplots()
    ax.set_xlabel("W·X after the correction")
    ax.plot([0, 1], [0, 1], label="fixed rule")
    ax.plot([0, 1], [1, 0], label="absolute rule")
    assert short_description(fig) == 'A figure: "W·X after the correction, showing fixed rule and absolute rule".'


def test_wrong_steps_margins_and_slices_are_named_not_numpy_errors():
    """Ragged steps raised numpy's 'inhomogeneous shape', m = 1e300 and w0 = 1e300 numpy's overflow warnings."""
    X, y = boolean_function("or")
    with pytest.raises(TypeError, match=r"steps must be 'updates' or a sequence of whole numbers"):
        plotting.plot_trace_grid(train(X, y), steps=[[1, 2], [3]])
    with pytest.raises(ValueError, match=r"m must be a finite number >= 0 and < 1e\+150, got 1e\+300"):
        plotting.plot_margin(X, y, [0, 1, 1], 1e300)
    with pytest.raises(ValueError, match=r"m must be a finite number >= 0 and < 1e\+150"):
        plotting.draw_margin_lines(Figure().subplots(), [0, 1, 1], 1e300)
    with pytest.raises(ValueError, match=r"w0 must be a finite number > -1e\+150 and < 1e\+150, got 1e\+300"):
        plotting.plot_error_landscape(X, y, 1e300)

# The runs the lessons' steppers show (02, 03, 04, 05, 06): a name must clear its ring and W's line in every frame
STEPPER_RUNS = {
    "02 OR": lambda: train(*boolean_function("or")),
    "02 your points": lambda: train([[0, 0], [1, 0], [0, 1], [2, 2], [1, 2]], [0, 0, 0, 1, 1],
                                    initial_weights=[1, -1, 0], eta=0.5),
    "03 XOR": lambda: train(*boolean_function("xor")),
    "03 your points": lambda: train([[0, 0], [2, 0], [0, 2], [2, 2], [1, 1]], [1, 1, 1, 1, 0],
                                    initial_weights=[0, 0, 0], max_epochs=50),
    "04 NAND": lambda: train([[0, 0], [0, 1], [1, 0], [1, 1]], [1, 1, 1, 0], initial_weights=[0.5, -1, 0.25],
                             eta=0.5, order="random", seed=1),
    "05 your points": lambda: train([[0.5, 1.5], [1.5, 1.0], [2.0, 2.0], [0.0, 0.5], [1.0, 0.0], [-0.5, 1.0]],
                                    [1, 1, 1, 0, 0, 0], eta=0.5),
    "06 your points": lambda: train([[0, 2], [2, 2], [1, 3], [1, 0], [3, 1], [2, -1]], [1, 1, 1, -1, -1, -1],
                                    eta=0.5, initial_weights=[1, -1, 0]),
}


@pytest.mark.parametrize("name", list(STEPPER_RUNS))
def test_a_steppers_pattern_names_clear_their_rings_the_line_and_each_other(name):
    """Lesson 06's frame 1 drew X1 on its ring and across W's line: in every frame of these runs each name's box
    misses the box of the ring drawn round its pattern, has all four corners on one side of W's line, misses
    the other names and stays inside the panel."""
    run = STEPPER_RUNS[name]()
    pictures = StepPictures(run)
    ax = pictures.figure.axes[0]
    renderer = pictures.canvas.get_renderer()
    names = [t for t in ax.texts if t.get_text().startswith("X")]
    ring = pictures.artists["ring"]
    radius = (np.sqrt(ring.get_sizes()[0]) / 2 + ring.get_linewidth()[0] / 2) * renderer.points_to_pixels(1.0)
    X = run.X[:, 1:]
    for k in range(run.n_presentations + 1):
        pictures.png(k)
        w = run.weights[k]
        boxes = [t.get_window_extent(renderer) for t in names]
        for i, (box, x) in enumerate(zip(boxes, X)):
            centre = ax.transData.transform(x)
            ring_box = np.r_[centre - radius, centre + radius]
            assert not (box.x0 < ring_box[2] and ring_box[0] < box.x1 and box.y0 < ring_box[3]
                        and ring_box[1] < box.y1), (name, k, names[i].get_text())
            if w[1] or w[2]:
                corners = ax.transData.inverted().transform(box.corners())
                sides = np.sign(w[0] + corners @ w[1:])
                assert (sides == sides[0]).all() and sides[0] != 0, (name, k, names[i].get_text())
            inside = ax.transAxes.inverted().transform(box.corners())
            assert inside.min() >= 0 and inside.max() <= 1, (name, k, names[i].get_text())
            assert not any(box.overlaps(other) for other in boxes[i + 1:]), (name, k, names[i].get_text())


def test_names_are_placed_once_per_w_and_panel_and_left_alone_beyond_max_named(monkeypatch):
    """The name placer costs about the square of the names at each draw: it must not run again for the same W and
    panel (a PNG is drawn twice, for its tight box), and not at all for more than MAX_NAMED names."""
    from perceptron_lib.course.plotting import base
    calls = []
    real = base.place_names
    monkeypatch.setattr(base, "place_names", lambda *a, **k: calls.append(len(a[0])) or real(*a, **k))
    X, y = boolean_function("or")
    fig = plotting.plot_units(X, y, [[-0.5, 1, 1]], ["OR"])
    fig.savefig(io.BytesIO(), format="png", bbox_inches="tight")     # draws twice
    fig.savefig(io.BytesIO(), format="png", bbox_inches="tight")
    assert calls == [4]
    many = np.random.default_rng(0).normal(size=(base.MAX_NAMED + 1, 2))
    fig = plotting.plot_units(many, (many[:, 0] > 0).astype(int), [[0, 1, 0]], ["many"])
    fig.savefig(io.BytesIO(), format="png")
    assert calls == [4]


def test_an_alt_text_of_many_panels_says_what_they_show_first_and_quotes_only_the_first_and_last_title():
    """A screen reader would read every step's title before the gist (lesson 02's grid: 14 of them)."""
    from perceptron_lib.course.describe import MOST_TITLES, short_description
    fig = Figure()
    for k, ax in enumerate(fig.subplots(1, MOST_TITLES + 2)):
        ax.set_title(f"step {k}")
    fig.description = "One panel per step of the run."
    assert short_description(fig) == (f'A figure of {MOST_TITLES + 2} panels. One panel per step of the run. Its '
                                      f'panels run from "step 0" to "step {MOST_TITLES + 1}"; the figure in words '
                                      'names each.')
    fig.axes[-1].remove()
    fig.axes[-1].remove()
    assert short_description(fig) == ('A figure of 3 panels: "step 0"; "step 1"; "step 2". '
                                      'One panel per step of the run.')


def test_a_picture_says_first_the_point_the_lesson_gives_it():
    X, c = boolean_function("or")
    fig = plotting.plot_units(X, c, [[-0.5, 1, 1]], ["OR"])
    plain = fig._repr_mimebundle_()[1]["image/png"]["alt"]
    assert fig.saying("Only  (0, 0)\nis on the side of 0.") is fig
    bundle, metadata = fig._repr_mimebundle_()
    assert metadata["image/png"]["alt"] == "Only (0, 0) is on the side of 0. " + plain
    assert bundle["text/plain"].startswith("Only (0, 0) is on the side of 0. A threshold unit")
    assert "<summary>The figure in words</summary><p>Only (0, 0) is on the side" in bundle["text/html"]
