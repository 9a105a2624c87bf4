"""The plotting contract: every picture function draws on the Axes it is given and returns their figure."""
import numpy as np
import pytest
from matplotlib.artist import Artist
from matplotlib.figure import Figure

import perceptron_lib as pl
from perceptron_lib.course import figures, plotting
from perceptron_lib.core.arithmetic import sigmoid

X, C = pl.boolean_function("or")
RUN = pl.train(X, C)
XOR_RUN = pl.train(*pl.boolean_function("xor"), max_epochs=5)
Z = np.column_stack([X, X[:, 0] * X[:, 1]])
LAYER = pl.train_layer(*pl.corner_clusters(2), code="binary", max_epochs=20)
CORNERS = pl.corner_clusters(2)
DIGITS = np.arange(2 * 64).reshape(2, 8, 8) % 7
NETS = np.linspace(-6, 6, 61)
BETAS = np.linspace(0, 3, 31)
GRID = pl.standard_algorithm_grid(*pl.boolean_problems(2), [0.1, 0.3, 1], [0.1, 0.5, 1], max_moves=5)

# (function, positional arguments, keyword arguments, panels, 3-D)
PICTURES = [
    (plotting.plot_trace_grid, (RUN,), dict(steps=[0, 1, 2]), 3, False),
    (plotting.plot_history, (XOR_RUN,), {}, 2, False),
    (plotting.plot_feature_space, (Z, C, [-0.5, 1, 1, -1]), {}, 1, True),
    (plotting.plot_feature_boundary, ([-0.5, 1, 1, 0], lambda P: np.column_stack([P, P[:, 0] * P[:, 1]]), X, C),
     {}, 1, False),
    (plotting.plot_margin, (X, C, [-0.5, 2, 2], 1), {}, 1, False),
    (plotting.plot_boundaries, (X, C, [[-0.5, 1, 1], [1.5, -1, -1]], ["OR", "NAND"]), {}, 1, False),
    (plotting.plot_curves, ({"a": [1, 2, 3]},), dict(xlabel="pass", ylabel="value"), 1, False),
    (plotting.plot_units, (X, C, [[-0.5, 1, 1], [-1.5, 1, 1], [0, 1, 0]], ["OR", "AND", "x1"]), {}, 3, False),
    (plotting.plot_weight_space, (X, C), dict(path=RUN.weights[:3]), 1, True),
    (plotting.plot_error_landscape, (X, C, -0.5), dict(resolution=21), 1, False),
    (plotting.plot_correction_moves, ([-0.5, 0, 1], RUN.X[2], 1, {"fixed": [0.5, 1, 1]}), {}, 1, False),
    (plotting.plot_dual_grid, (X, C, RUN.weights[:3], ["0", "1", "2"]), {}, 6, False),
    (plotting.plot_bound_check, ({"teacher": ([1, 2, 3], [2, 4, 9])},), {}, 2, False),
    (plotting.plot_layer_steps, (LAYER, CORNERS[0]), dict(steps=[0, 1]), 2, False),
    (plotting.plot_regions, ([lambda P: (P[:, 0] > 0).astype(int)], CORNERS[0], CORNERS[1] % 2, ["x1 > 0"]),
     dict(resolution=20), 1, False),
    (plotting.plot_confusion, ([np.eye(3, dtype=int)], ["perfect"]), {}, 1, False),
    (plotting.plot_images, (DIGITS, ["a", "b"]), {}, 2, False),
    (plotting.plot_criterion, ({"a": [0, 2, 1, 0], "b": [0, 1]},), {}, 2, False),
    (plotting.plot_sigmoids_values, (NETS, {0.5: (sigmoid(0.5 * NETS), 0.73), 3: (sigmoid(3 * NETS), 1.0)}),
     {}, 1, False),
    (plotting.plot_weight_change_values, (BETAS, {"x = 2": (pl.weight_change(BETAS, 2.0), pl.beta_opt(2.0))}), {}, 1, False),
    (plotting.plot_grid_search_values, (GRID.betas, GRID.beta_etas, GRID.solved, GRID.hardest(3)),
     dict(soluble=3, move_limit=GRID.move_limit, mark=(0.3, 0.5)), 2, False),
    (plotting.plot_cover_check_values, ({2: [1, 1, 0.75, 0.5, 0.31, 0.19, 0.11, 0.06]}, {2: [1, 1, 0.75, 0.5]}),
     dict(cover={2: [1, 1, 0.75, 0.5]}, intervals={2: ([0.5, 0.5, 0.3, 0.15], [1, 1, 0.95, 0.85])}, trials=4), 2, False),
    (plotting.plot_n_min_values, ([1, 1.5, 1.2, 1, 0.8, 0.6, 0.5, 0.4, 0.3, 0.2], 2, {10: np.linspace(0, -1, 10)}), {}, 2,
     False),
    (plotting.plot_n_min_map_values, (np.linspace(0, 1, 500).reshape(50, 10), {5: 1, 10: 2}), {}, 1, False),
    (plotting.plot_boolean_fractions_values, ([2, 4, 14], [2, 4, 14]), {}, 1, False),
    (plotting.plot_cube_check_values, ({3: ([2, 4], [1.0, 0.5])}, {3: [1.0, 0.69]}), {}, 1, False),
]
# The lessons' experiment figures (figures.py): the theory computed, then drawn by their pictures (*_values)
LESSON_FIGURES = [
    (figures.plot_sigmoids, ([0.1, 0.5, 3],), {}, 1, False),
    (figures.plot_weight_change, ({"x = 2": 2.0},), {}, 1, False),
    (figures.plot_grid_search, (GRID, 3), dict(mark=(0.3, 0.5)), 2, False),
    (figures.plot_cover_check, ({2: [1, 1, 0.75, 0.5]}, 4), {}, 2, False),
    (figures.plot_n_min, (10,), dict(sizes=[10, 20]), 2, False),
    (figures.plot_n_min_map, (10,), {}, 1, False),
    (figures.plot_boolean_fractions, ([2, 4, 14],), {}, 1, False),
    (figures.plot_cube_check, ({3: ([2, 4], [1.0, 0.5])},), {}, 1, False),
]
FIGURES = [  # the figures of the widgets: (figure, artists)
    (plotting.step_figure, (RUN, 1), {}, 2, False),
    (plotting.dual_figure, (X, C, [-0.5, 1, 1]), {}, 2, False),
    (plotting.unit_figure, (X, C, [-0.5, 1, 1]), {}, 1, False),
]


def names(cases):
    return [f"{case[0].__module__.rsplit('.', 1)[-1]}.{case[0].__name__}" for case in cases]


def axes_for(panels, three_d):
    fig = Figure()
    return fig, [fig.add_subplot(1, panels, i + 1, projection="3d" if three_d else None) for i in range(panels)]


@pytest.mark.parametrize("function, args, kwargs, panels, three_d", PICTURES + LESSON_FIGURES + FIGURES,
                         ids=names(PICTURES + LESSON_FIGURES + FIGURES))
def test_a_picture_draws_on_the_axes_it_is_given_and_returns_their_figure(function, args, kwargs, panels, three_d):
    fig, axes = axes_for(panels, three_d)
    given = axes[0] if panels == 1 else axes
    result = function(*args, **kwargs, ax=given)
    drawn_on = result[0] if isinstance(result, tuple) else result
    assert drawn_on is fig and len(fig.axes) >= panels
    assert all(ax.get_children() for ax in axes)
    if isinstance(result, tuple):  # a widget's figure: artists to move, nothing else
        assert all(isinstance(v, (Artist, dict, list)) for v in result[1].values())


@pytest.mark.parametrize("function, args, kwargs, panels, three_d", PICTURES + LESSON_FIGURES + FIGURES,
                         ids=names(PICTURES + LESSON_FIGURES + FIGURES))
def test_without_ax_a_picture_makes_its_own_figure_of_the_right_panels(function, args, kwargs, panels, three_d):
    result = function(*args, **kwargs)
    fig = result[0] if isinstance(result, tuple) else result
    assert isinstance(fig, plotting.Picture)
    assert len(fig.axes) >= panels and all(ax.get_children() for ax in fig.axes[:panels])


@pytest.mark.parametrize("function, args, kwargs, panels, three_d", PICTURES + LESSON_FIGURES + FIGURES,
                         ids=names(PICTURES + LESSON_FIGURES + FIGURES))
def test_the_wrong_axes_are_named_in_the_error(function, args, kwargs, panels, three_d):
    fig, axes = axes_for(panels + 1, three_d)
    with pytest.raises(ValueError, match=rf"ax must be {panels} matplotlib Axes \(one per panel\).*got {panels + 1}"
                       if panels > 1 else r"ax must be a matplotlib Axes or None .*got 2"):
        function(*args, **kwargs, ax=axes)
    with pytest.raises(TypeError, match=r"ax.* must be .*Axes.*got 'left'"):
        function(*args, **kwargs, ax="left" if panels == 1 else ["left"] * panels)
    if three_d:
        with pytest.raises(TypeError, match=r"ax must be a 3-D Axes .*got a rectilinear Axes"):
            function(*args, **kwargs, ax=Figure().add_subplot())


def test_every_public_picture_function_takes_ax():
    import inspect
    takes = {name for name, f in inspect.getmembers(plotting, inspect.isfunction)
             if f.__module__.startswith(plotting.__name__ + ".") and not name.startswith("_")
             and ({"ax", "axes"} & set(inspect.signature(f).parameters))}
    pictures = {name for name in dir(plotting) if name.startswith(("plot_", "draw_")) or name.endswith("_figure")}
    assert pictures <= takes
    assert {f.__name__ for f, *_ in PICTURES + FIGURES} == {n for n in pictures if not n.startswith("draw_")}


def test_the_package_exports_every_picture_of_its_modules():
    """A picture added to a module of perceptron_lib/course/plotting/ is reached as perceptron_lib.course.plotting.name."""
    import importlib
    import inspect
    import pkgutil
    defined = set()
    for info in pkgutil.iter_modules(plotting.__path__):
        module = importlib.import_module(f"{plotting.__name__}.{info.name}")
        if info.name == "base":   # the helpers the modules share; its constants and Picture are exported
            continue
        defined |= {name for name, value in vars(module).items() if not name.startswith("_")
                    and (inspect.isfunction(value) or inspect.isclass(value)) and value.__module__ == module.__name__}
    assert defined and defined <= set(plotting.__all__)
    assert all(hasattr(plotting, name) for name in plotting.__all__)



def test_one_name_one_function():
    """A name in both `pl` and `perceptron_lib.course.plotting` is one function; a lesson's figure (figures.py) has its own
    name, and its picture is that name with _values (pl.plot_n_min(n, sizes) draws with
    plotting.plot_n_min_values(minima, peak, logs))."""
    both = set(pl.__all__) & set(plotting.__all__)
    assert both and [name for name in sorted(both) if getattr(pl, name) is not getattr(plotting, name)] == []
    lessons = {name for name in pl.__all__ if getattr(pl, name).__module__ == figures.__name__}
    assert len(lessons) == 8 and not lessons & set(plotting.__all__)
    assert all(f"{name}_values" in plotting.__all__ for name in lessons)

def test_font_sizes_are_the_named_constants_of_base():
    """Every font size is one of base.py's constants (TEXT, LABEL, ...): a larger hall changes them in one place."""
    import re
    from pathlib import Path
    sizes = re.compile(r"(fontsize|labelsize)\s*=\s*[\d.]|set_fontsize\(\s*[\d.]|\b(fontsize|labelsize)\"?\s*:\s*[\d.]")
    found = [f"{path.name}:{n}: {line.strip()}" for path in sorted(Path(plotting.__file__).parent.glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if sizes.search(line)]
    assert found == []
    assert plotting.TEXT == min(plotting.TEXT, plotting.LARGE_TEXT, plotting.LABEL, plotting.TITLE)


@pytest.mark.parametrize("function, args, kwargs, panels, three_d", PICTURES + LESSON_FIGURES + FIGURES,
                         ids=names(PICTURES + LESSON_FIGURES + FIGURES))
def test_no_text_of_a_picture_is_under_14_px_as_drawn(function, args, kwargs, panels, three_d):
    """A lecture hall: a picture is shown 1:1 in a lesson and on a 1280x720 slide, so pt * dpi / 72 is its px."""
    import io
    from matplotlib.text import Text
    result = function(*args, **kwargs)
    fig = result[0] if isinstance(result, tuple) else result
    fig.savefig(io.BytesIO(), format="png")      # drawn: every tick label made
    sizes = {text.get_text(): text.get_fontsize() * fig.dpi / 72 for text in fig.findobj(Text)
             if text.get_visible() and text.get_text().strip()}
    assert sizes and min(sizes.values()) >= 14, {t: round(px, 1) for t, px in sizes.items() if px < 14}


# What each kind of picture must say it shows, beyond its titles (issue 32: lesson 03's alt texts were only
# 'A figure: "W = [0 1 1 -3]"' and 'A figure: "x2 against x1"')
SHOWS = {
    "plot_trace_grid": ["panel per step", "circles for target 1", "decision line", "shaded", "ringed"],
    "plot_history": ["||W||", "updates each pass"],
    "plot_feature_space": ["3-D", "one axis per feature", "circles for target 1", "plane"],
    "plot_feature_boundary": ["circles for target 1", "boundary W·[1, features] = 0", "outputs 1 shaded"],
    "plot_margin": ["circles for target 1", "decision line", "margin lines W·X = ±1", "ringed"],
    "plot_boundaries": ["circles for target 1", "decision lines W·X = 0 of 2 units", "outputs 1"],
    "plot_curves": ["Value against pass", "curve per series"],
    "plot_units": ["circles for target 1", "decision line W·X = 0", "outputs 1 shaded", "wrong ringed in red"],
    "plot_weight_space": ["w0, w1, w2", "plane per pattern", "numbered path"],
    "plot_error_landscape": ["w0 = -0.5", "w1 across, w2 up", "patterns W gets wrong", "line W·X = 0"],
    "plot_correction_moves": ["correction rule", "arrow from W·X before", "W·X = 0"],
    "plot_dual_grid": ["Two panels per W", "circles for target 1", "decision line", "line per pattern"],
    "plot_bound_check": ["updates each run made against its bound", "updates = bound", "updates made / bound"],
    "plot_layer_steps": ["step", "marker per class", "boundary W_k·X = 0"],
    "plot_regions": ["shaded by the class it predicts", "marker per class"],
    "plot_confusion": ["true class down", "predicted class across", "count"],
    "plot_images": ["2 grey images of 8×8 pixels", "caption"],
    "plot_criterion": ["E(W)", "each presentation", "E went up"],
    "plot_sigmoids": ["o = f(β W·X) against W·X", "curve per steepness β", "threshold unit"],
    "plot_weight_change": ["Δw against the steepness β", "β_opt"],
    "plot_grid_search": ["β (across) and βη (up)", "problems", "star"],
    "plot_cover_check": ["measured fraction", "Cover's curve", "N = 2d"],
    "plot_n_min": ["N_min(N, p)", "linear scale", "logarithmic scale"],
    "plot_n_min_map": ["inputs p (across) and patterns N (up)", "N = p, N = 2p and N = 5p", "four numbered regions"],
    "plot_boolean_fractions": ["Boolean functions of p inputs", "threshold unit", "Cover's count"],
    "plot_cube_check": ["corners of the p-cube", "Cover's curve"],
    "step_figure": ["circles for target 1", "decision line", "ringed", "weights as bars"],
    "dual_figure": ["circles for target 1", "decision line", "weight space", "line per pattern"],
    "unit_figure": ["circles for target 1", "decision line W·X = 0", "outputs 1 shaded"],
}


@pytest.mark.parametrize("function, args, kwargs, panels, three_d", PICTURES + LESSON_FIGURES + FIGURES,
                         ids=names(PICTURES + LESSON_FIGURES + FIGURES))
def test_a_pictures_alt_text_says_what_it_shows_not_only_its_titles(function, args, kwargs, panels, three_d):
    """Every picture the lessons draw says in its alt text, after its titles, what is drawn: its axes, the
    patterns and their classes, its lines and which side is which; and the words beneath begin with it too."""
    from perceptron_lib.course.describe import describe_figure, short_description
    result = function(*args, **kwargs)
    fig = result[0] if isinstance(result, tuple) else result
    alt = short_description(fig)
    assert len(fig.description.split()) >= 10 and fig.description in alt, alt
    if alt.endswith(fig.description):      # up to MOST_TITLES panels: the titles, then what is drawn
        titles_only = alt[:len(alt) - len(fig.description)].rstrip()
        assert titles_only.startswith("A figure") and titles_only.endswith("."), alt
    else:                                  # more: what is drawn first, then the first and the last title
        assert alt.startswith("A figure of ") and ". " + fig.description + " Its panels run from " in alt, alt
    for words in SHOWS[function.__name__.removesuffix("_values")]:   # a lesson's figure and its picture alike
        assert words in fig.description, (words, fig.description)
    assert fig.description in describe_figure(fig)
    given, axes = axes_for(panels, three_d)          # drawn on a figure of one's own: its description is its own
    function(*args, **kwargs, ax=axes[0] if panels == 1 else axes)
    assert given.__dict__.get("description", "") == ""


def test_the_lessons_title_only_alt_texts_now_say_what_is_drawn():
    """Lesson 03's three: the feature space and its boundary ('W = [0 1 1 -3]' twice) and the two hidden units
    ('x2 against x1'); the alt names the patterns, their classes and the boundary or lines."""
    from perceptron_lib.course.describe import short_description
    Xx, cx = pl.boolean_function("xor")
    product = np.column_stack([Xx, Xx[:, 0] * Xx[:, 1]])
    space = short_description(pl.plot_feature_space(product, cx, [0, 1, 1, -3], names=("x1", "x2", "x1·x2")))
    assert space.startswith('A figure: "W = [0 1 1 -3]". The patterns as points in 3-D, one axis per feature '
                            '(x1, x2, x1·x2), circles for target 1 and squares for the others')
    boundary = short_description(pl.plot_feature_boundary([0, 1, 1, -3], lambda P: np.column_stack(
        [P, P[:, 0] * P[:, 1]]), Xx, cx))
    assert "curved here, with the inputs where it outputs 1 shaded" in boundary
    hidden = short_description(pl.plot_boundaries(Xx, cx, [[-0.5, 1, 1], [1.5, -1, -1]], ["h1: OR", "h2: NAND"]))
    assert hidden.startswith('A figure: "x2 against x1". The patterns in the plane (x1 across, x2 up)')
    assert "decision lines W·X = 0 of 2 units" in hidden
