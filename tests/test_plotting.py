"""Pictures: check the data drawn, not pixels."""
import numpy as np
import pytest
from matplotlib.figure import Figure

from perceptron_lib import boolean_function, plotting, train
from perceptron_lib.geometry import decision_line, positive_side
from perceptron_lib.widgets import StepPictures
from perceptron_lib.plotting import (Picture, draw_decision_boundary, draw_feature_boundary,
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
    from perceptron_lib.plotting import plot_boundaries, plot_curves, plot_feature_boundary
    fig = plot_curves({"a": [1, 2, 3], "b": [3, 2, 1]}, xlabel="pass", ylabel="value")
    assert [line.get_ydata().tolist() for line in fig.axes[0].get_lines()] == [[1, 2, 3], [3, 2, 1]]
    X, y = boolean_function("xor")
    fig = plot_boundaries(X, y, [[-0.5, 1, 1], [1.5, -1, -1]], ["OR", "NAND"])
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()][:2] == ["OR", "NAND"]
    fig = plot_feature_boundary([0, 1, 1, -3], lambda P: np.column_stack([P, P[:, 0] * P[:, 1]]), X, y)
    assert fig.axes[0].get_title() == "W = [0 1 1 -3]"


def test_weight_space_pictures_show_what_they_compute():
    from perceptron_lib.geometry import misclassified
    from perceptron_lib.plotting import (plot_correction_moves, plot_dual_grid, plot_error_landscape,
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
    from perceptron_lib import widgets
    run = long_run()
    pictures = StepPictures(run)
    assert pictures.png(800).startswith(b"\x89PNG") and list(pictures._made) == [800]
    with pytest.raises(TypeError, match="k must be a whole number"):
        pictures.png(True)  # True == 1 as a key: it must not fetch step 1's picture
    kept, widgets.MAX_KEPT = widgets.MAX_KEPT, 3
    try:
        for k in range(5):
            pictures.png(k)
        assert list(pictures._made) == [2, 3, 4]
    finally:
        widgets.MAX_KEPT = kept


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
    from perceptron_lib.plotting import draw_unit, plot_units, update_unit
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
