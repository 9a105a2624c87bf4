"""Weight space (lesson 04), the dual picture: each pattern a line (a plane) of weights, each W a point, the errors
over a slice, both spaces side by side, and where the correction rules move W·X."""
import numpy as np
from matplotlib import colormaps
from matplotlib.colors import BoundaryNorm, ListedColormap
from matplotlib.transforms import offset_copy

from ...core import constraints as declare
from ...core import validation as check
from ...core.arithmetic import dot
from ...theory.geometry import decision_line, misclassified
from ...core.trace import format_number, format_vector
from .base import (AXES, DPI, ERRORS, FIGSIZE, LABEL, LARGE_TEXT, MAX_GRID_WORK, MAX_PLANES, MAX_RESOLUTION, MAX_ROWS,
                   PANEL_AXES, POSITIVE, TEXT, UPDATE, WRONG, artists_of, check_artists, check_lim, check_series,
                   check_weights, panels, shows, texts, weight_rows)
from .pattern_space import (FEW_PATTERNS, draw_decision_boundary, draw_patterns, pattern_limits,
                            update_decision_boundary)

_SLICE_KEYS = ("errors", "lines", "names", "point", "title")   # the artists of draw_weight_slice
_DUAL_KEYS = ("boundary", "wrong", "pattern_title", "slice")    # the artists of dual_figure


def _slice_patterns(inside):
    """The constraint of X drawn in a slice: `FEW_PATTERNS`, as many as the slice of the parameter artists (or of its
    artists[inside]) was drawn for."""
    def check_patterns(name, X, given):
        X = FEW_PATTERNS.check(name, X, given)
        _check_slice(given["artists"][inside] if inside else given["artists"], X)
        return X

    def bad(example):
        return FEW_PATTERNS.bad(example) + [(np.zeros((len(np.asarray(example["X"])) + 1, 2)), ValueError)]
    return declare.Custom(check_patterns, bad)


def _dual_artists(name, artists, given):
    check_artists(artists, _DUAL_KEYS, "dual_figure")
    check_artists(artists["slice"], _SLICE_KEYS, "draw_weight_slice")
    return artists


LIM = declare.Custom(lambda name, lim, given: check_lim(lim), lambda example: [("3", TypeError), (0, ValueError),
                                                                                  (1e7, ValueError)])
# Grid points per axis of a slice's error shades, for the patterns X (`_landscape_resolution`)
SLICE_RESOLUTION = declare.Custom(lambda name, value, given: _landscape_resolution(value, len(given["X"])),
                                  lambda example: [(1.5, TypeError), (1, ValueError), (1002, ValueError)])


@declare.declared(ax=AXES, X=FEW_PATTERNS, y=declare.Labels("X"), w=declare.Plane(), lim=LIM, resolution=SLICE_RESOLUTION)
def draw_weight_slice(ax, X, y, w, *, lim=3.0, resolution=201):
    """Weight space cut at w0 = w[0]: errors as shades, pattern lines, and the point W.

    Each pattern X_k is the line w0 + w1 x1 + w2 x2 = 0 on the slice; the
    lines of the patterns W gets wrong are drawn red and thick (Honavar 1996,
    section 4; Budinich 1993, figure 1).

    Parameters
    ----------
    ax : matplotlib Axes
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 64).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    w : array-like of shape (3,)
        The weight vector shown; its w0 picks the slice.
    lim : float, default 3.0
        The slice shows w1 and w2 from -lim to lim (0 < lim <= 1e6).
    resolution : int, default 201
        Grid points per axis for the error shades, from 2 to 1001, with
        resolution**2 * n_samples at most 20 000 000.

    Returns
    -------
    dict
        The artists, for `update_weight_slice`.
    """
    artists = {}
    cmap, norm = _error_colours(len(X))
    artists["errors"] = ax.imshow(np.zeros((resolution, resolution)), origin="lower", cmap=cmap, norm=norm,
                                  extent=(-lim, lim, -lim, lim), zorder=0, interpolation="nearest")
    artists["lines"] = [ax.plot([], [], color="#555555", lw=1.2, zorder=2)[0] for _ in X]
    artists["names"] = [ax.text(0, 0, f"X{k + 1}", fontsize=TEXT, zorder=4) for k in range(len(X))]
    artists["point"] = ax.plot([], [], marker="*", ms=16, color=POSITIVE, mec="black", zorder=5)[0]
    artists["point"].description = "W, the weights (w1, w2) in this slice"
    artists["title"] = ax.set_title("", fontsize=TEXT)
    ax.set(xlim=(-lim, lim), ylim=(-lim, lim), xlabel="w1", ylabel="w2", aspect="equal")
    return update_weight_slice(artists, X, y, w)


def _error_colours(n_patterns):
    """(colour map, norm) of an error landscape: one shade per count of wrong patterns, 0 to n_patterns, from
    white to a dark grey (not black, so that the pattern lines stay visible where every pattern is wrong)."""
    shades = colormaps[ERRORS](np.linspace(0, 0.8, n_patterns + 1))
    return ListedColormap(shades), BoundaryNorm(np.arange(n_patterns + 2) - 0.5, n_patterns + 1)


@declare.declared(artists=artists_of("draw_weight_slice", *_SLICE_KEYS), X=_slice_patterns(None), y=declare.Labels("X"),
                  w=declare.Plane())
def update_weight_slice(artists, X, y, w):
    """Move the artists of `draw_weight_slice` (drawn for the patterns X, y) to the weight vector w (shape (3,))."""
    lim = artists["errors"].get_extent()[1]
    grid = np.linspace(-lim, lim, artists["errors"].get_array().shape[0])
    w1, w2 = np.meshgrid(grid, grid)
    points = np.column_stack([np.full(w1.size, w[0]), w1.ravel(), w2.ravel()])
    artists["errors"].set_data(misclassified(points, X, y).sum(axis=1).reshape(w1.shape))
    wrong = misclassified(w, X, y)
    box = ((-lim, lim), (-lim, lim))
    for k, (x1, x2) in enumerate(X):   # the line of pattern k: x1 w1 + x2 w2 + w0 = 0 (`pattern_lines`)
        # the same clipping as a line in pattern space
        segment = decision_line(np.array([w[0], x1, x2]) + 0.0, *box)
        line, name = artists["lines"][k], artists["names"][k]
        line.set_data(segment[:, 0], segment[:, 1])
        line.set(color=UPDATE if wrong[k] else "#555555", lw=3 if wrong[k] else 1.2)
        if len(segment):
            name.set_position(segment[0] + 0.12 * (segment[1] - segment[0]))
        name.set_visible(len(segment) == 2)
    artists["point"].set_data([w[1]], [w[2]])
    artists["title"].set_text(f"weight space at w0 = {format_number(w[0])}: {int(wrong.sum())} wrong")
    return artists


def _check_slice(artists, X):
    """The artists of `draw_weight_slice`, drawn for as many patterns as X holds."""
    if len(X) != len(artists["lines"]):
        raise ValueError(f"X must be the {len(artists['lines'])} patterns the slice was drawn for, got {len(X)}")


@declare.declared(X=FEW_PATTERNS, y=declare.Labels("X"), w=declare.Plane(), lim=LIM, size=FIGSIZE, dpi=DPI,
                  ax=PANEL_AXES)
def dual_figure(X, y, w, *, ax=None, lim=3.0, size=(7.6, 3.6), dpi=100):
    """One W in both spaces: its line among the patterns, and its point among the pattern lines.

    Left, pattern space: the decision line W·X = 0, its positive side shaded,
    and the misclassified patterns ringed in red. Right, the slice of weight
    space at W's own w0: the error landscape, the patterns' lines (red where
    W is on the wrong side) and W as a star. The two always agree: a pattern
    is on the wrong side of W's line exactly when W is on the wrong side of
    the pattern's line.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 64).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    w : array-like of shape (3,)
        The weight vector shown.
    lim : float, default 3.0
        The weight-space slice shows w1 and w2 from -lim to lim (0 < lim <= 1e6).
    size : (float, float), default (7.6, 3.6)
        The figure's (width, height) in inches.
    dpi : int, default 100
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (pattern space, weight space). By default a new Picture (of `size`).

    Returns
    -------
    fig : Picture
    artists : dict
        For `update_dual`.
    """
    fig, (pattern_ax, weight_ax) = panels(ax, 2, size, (1, 2), dpi=dpi)
    xlim, ylim = pattern_limits(X)
    artists = {"boundary": draw_decision_boundary(pattern_ax, w, xlim=xlim, ylim=ylim)}
    draw_patterns(pattern_ax, X, y)
    artists["wrong"] = pattern_ax.scatter([], [], s=420, facecolors="none", edgecolors=UPDATE,
                                          linewidths=2.5, zorder=5)
    artists["wrong"].description = WRONG
    artists["pattern_title"] = pattern_ax.set_title("", fontsize=TEXT)
    pattern_ax.set(aspect="equal", xlabel="x1", ylabel="x2")
    artists["slice"] = draw_weight_slice(weight_ax, X, y, w, lim=lim)
    shows(fig, "Left: the patterns in the plane, circles for target 1 and squares for the others, with W's decision "
               "line, the side where the unit outputs 1 shaded and the wrong patterns ringed in red. Right: weight "
               "space at W's w0 (w1 across, w2 up), a line per pattern where W·X = 0, shaded by how many patterns "
               "are wrong, W a point.")
    return fig, update_dual(artists, X, y, w)


@declare.declared(artists=declare.Custom(_dual_artists, lambda example: [({}, TypeError), ("artists", TypeError)]),
                  X=_slice_patterns("slice"), y=declare.Labels("X"), w=declare.Plane())
def update_dual(artists, X, y, w):
    """Move the artists of `dual_figure` (drawn for the patterns X, y) to the weight vector w (shape (3,))."""
    update_decision_boundary(artists["boundary"], w)
    wrong = misclassified(w, X, y)
    artists["wrong"].set_offsets(X[wrong].reshape(-1, 2))
    artists["pattern_title"].set_text(f"pattern space, W = {format_vector(w)}")
    update_weight_slice(artists["slice"], X, y, w)
    return artists


@declare.declared(X=declare.Patterns(n_features=2, most=MAX_PLANES,
                                     why="for this picture of weight space (it draws a line or a plane for each)"),
                  y=declare.Labels("X"), ax=PANEL_AXES, path=declare.Optional(weight_rows(None)), solutions=declare.Flag(),
                  lim=LIM, size=FIGSIZE, elev=declare.Number(), azim=declare.Number())
def plot_weight_space(X, y, *, ax=None, path=None, solutions=True, lim=2.0, size=(5.2, 5.2), elev=22, azim=-58):
    """Weight space in 3-D (w0, w1, w2): the pattern planes, the solution region, and a path.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 12).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    path : array-like of shape (n_points, 3), optional
        Weight vectors to join, for example the rows of a run's weights at its updates.
    solutions : bool, default True
        Whether to fill the region where every pattern is right with dots; False leaves it for the
        reader to find (a lesson's opening question).
    lim : float, default 2.0
        The cube shown is [-lim, lim]**3 (0 < lim <= 1e6).
    size : (float, float), default (5.2, 5.2)
        The figure's (width, height) in inches.
    elev, azim : float
        The view's elevation and azimuth, in degrees.
    ax : matplotlib 3-D Axes, optional
        Where to draw (``add_subplot(projection='3d')``). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    fig, (ax,) = panels(ax, 1, size, projection="3d")
    a, b = np.meshgrid(np.linspace(-lim, lim, 12), np.linspace(-lim, lim, 12))
    colours = ["#8e44ad", "#16a085", "#d35400", "#2c3e50", "#c0392b", "#7f8c8d"]
    for k, (x1, x2) in enumerate(X):
        height = -(x1 * a + x2 * b)  # w0 on the plane w0 + w1 x1 + w2 x2 = 0
        height = np.where(np.abs(height) <= lim, height, np.nan)
        plane = ax.plot_surface(height, a, b, color=colours[k % len(colours)], alpha=0.22, lw=0)
        plane.description = f"the plane W·X{k + 1} = 0"
        ax.plot([], [], color=colours[k % len(colours)], lw=6, alpha=0.6, label=f"W·X{k + 1} = 0")
    cube = np.random.default_rng(0).uniform(-lim, lim, size=(60_000, 3))
    right = cube[~misclassified(cube, X, y).any(axis=1)] if solutions else cube[:0]
    if len(right):  # 150 points show the region; more only make the image heavy
        ax.scatter(*right[::max(1, len(right) // 150)].T, s=12, color=POSITIVE, alpha=0.7, lw=0,
                   label="W with no errors")
    if path is not None:
        ax.plot(*path.T, color="black", lw=2, marker="o", ms=5, label="the run's W, numbered")
        ax.scatter(*path[-1], s=160, marker="*", color="gold", edgecolor="black", zorder=10)
    ticks = np.linspace(-lim, lim, 5)
    ax.set(xlim=(-lim, lim), ylim=(-lim, lim), zlim=(-lim, lim), xticks=ticks, yticks=ticks, zticks=ticks)
    for axis, name in (("x", "w0"), ("y", "w1"), ("z", "w2")):
        getattr(ax, f"set_{axis}label")(name, fontsize=LABEL)
    ax.view_init(elev=elev, azim=azim)
    if path is not None:
        for i, (point, offset) in enumerate(zip(path, _number_offsets(ax, path))):
            ax.text(*point, str(i), fontsize=LARGE_TEXT, fontweight="bold", zorder=11, ha="center", va="center",
                    transform=offset_copy(ax.transData, fig=ax.figure, x=offset[0], y=offset[1], units="points"))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0.02), ncol=3, fontsize=TEXT, frameon=False)
    return shows(fig, "Weight space in 3-D (w0, w1, w2): a plane per pattern where W·X = 0"
                      + (", dots for weights with no errors" if solutions else "")
                      + (", the run's W as a numbered path ending in a star" if path is not None else "") + ".")


def _number_offsets(ax, path, distance=11.0):
    """For each point of a 3-D path, an offset in points (x, y on the screen) that puts its number beside the
    path, not on it: away from both segments that meet there (past the end at either end), and away from the
    numbers already placed when two points fall close together on the screen."""
    from mpl_toolkits.mplot3d import proj3d    # matplotlib's 3-D toolkit, loaded only for a 3-D picture

    flat = np.column_stack(proj3d.proj_transform(*path.T, ax.get_proj())[:2])
    flat = ax.transData.transform(flat) * 72 / ax.figure.dpi    # in points on the screen
    offsets = []
    for i, here in enumerate(flat):
        away = np.zeros(2)
        for j in (i - 1, i + 1):
            if 0 <= j < len(flat) and np.hypot(*(flat[j] - here)) > 1e-9:
                away -= (flat[j] - here) / np.hypot(*(flat[j] - here))
        if np.hypot(*away) < 0.3:     # a straight run through the point: to one side of it
            along = flat[min(i + 1, len(flat) - 1)] - flat[max(i - 1, 0)]
            away = np.array([-along[1], along[0]]) if np.hypot(*along) > 1e-9 else np.array([1.0, 1.0])
        away /= np.hypot(*away)
        for placed in offsets:    # a number placed already, near: turn away from it
            gap = here + distance * away - placed
            if np.hypot(*gap) < 1.6 * distance:
                away = away + gap / max(np.hypot(*gap), 1e-9)
                away /= max(np.hypot(*away), 1e-9)
        offsets.append(here + distance * away)
    return [tuple(o - h) for o, h in zip(offsets, flat)]


@declare.declared(X=FEW_PATTERNS, y=declare.Labels("X"), w0=declare.Number(above=-check.LARGEST, below=check.LARGEST),
                  ax=PANEL_AXES, lim=LIM, size=FIGSIZE, resolution=SLICE_RESOLUTION)
def plot_error_landscape(X, y, w0, *, ax=None, lim=3.0, size=(4.4, 4.0), resolution=401):
    """The number of errors over the slice w0 = constant of weight space (Budinich 1993, figure 1).

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 64).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    w0 : float
        Where to cut weight space, of size below 1e150.
    lim : float, default 3.0
        The slice shows w1 and w2 from -lim to lim (0 < lim <= 1e6).
    size : (float, float), default (4.4, 4.0)
        The figure's (width, height) in inches.
    resolution : int, default 401
        Grid points per axis, from 2 to 1001, with resolution**2 * n_samples
        at most 20 000 000.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    fig, (ax,) = panels(ax, 1, size)
    drawn = draw_weight_slice(ax, X, y, np.array([w0, 10 * lim, 10 * lim]) + 0.0, lim=lim, resolution=resolution)
    drawn["point"].set_visible(False)
    drawn["title"].set_text(f"errors over weight space at w0 = {format_number(w0)}")
    for line in drawn["lines"]:
        line.set(color="#1f5fbf", lw=1.5)
    # whole numbers, 0 to len(X): a count of wrong patterns, one shade each
    step = -(-len(X) // 8)
    fig.colorbar(drawn["errors"], ax=ax, label="number of patterns wrong", shrink=0.8,
                 ticks=range(0, len(X) + 1, step))
    return shows(fig, f"The slice w0 = {format_number(w0)} of weight space (w1 across, w2 up), shaded by how many "
                      "patterns W gets wrong (darker is more, the scale beside it), with each pattern's line W·X = "
                      "0, named.")


def _landscape_resolution(resolution, n_samples):
    """Grid points per axis of an error landscape, so that the grid's work stays within MAX_GRID_WORK."""
    resolution = check.whole("resolution", resolution, minimum=2, maximum=MAX_RESOLUTION)
    if resolution ** 2 * n_samples > MAX_GRID_WORK:
        most = int((MAX_GRID_WORK / n_samples) ** 0.5)
        raise ValueError(f"resolution must be at most {most} with {n_samples} patterns (resolution**2 * n_samples "
                         f"<= {MAX_GRID_WORK:,}, a couple of seconds), got {resolution}")
    return resolution


def _pattern_with_bias(name, x, given):
    """A pattern with its bias input, as long as w, not all zeros."""
    x = check.weight_vector(name, x, len(given["w"]))
    if not x.any():
        raise ValueError(f"{name} must be a pattern with its bias input, not all zeros (it has no plane), got "
                         f"{format_vector(x)}")
    return x


def _rules_moves(name, rules, given):
    """A name for each of 1 to 20 rules, and the weights (as long as w) it moved W to."""
    return check_series(name, rules, 20, lambda rule, after: check.weight_vector(f"{name}[{rule!r}]", after,
                                                                                 len(given["w"])))


@declare.declared(w=declare.Custom(lambda name, w, given: check_weights(w),
                                   lambda example: [("w", TypeError), ([], ValueError), ([[0, 1]], ValueError)]),
                  x=declare.Custom(_pattern_with_bias, lambda example: [
                      ("x", TypeError), (np.zeros(len(example["w"]) + 1), ValueError),
                      (np.zeros(len(example["w"])), ValueError)]),
                  c=declare.Whole(minimum=-1, maximum=1),
                  rules=declare.Custom(_rules_moves, lambda example: [
                      ("rules", TypeError), ({}, ValueError),
                      ({f"r{i}": example["w"] for i in range(21)}, ValueError)]),
                  ax=PANEL_AXES, size=FIGSIZE)
def plot_correction_moves(w, x, c, rules, *, ax=None, size=(6.4, 2.6)):
    """Where each correction rule takes W·X of the presented pattern, from the same wrong W.

    The horizontal axis is W·X of the pattern X: the vertical line at 0 is
    its plane W·X = 0, and the side where the pattern is right (W·X > 0 for a
    positive pattern, <= 0 for a negative one) is labelled. Each row is one
    rule's move, an arrow from W·X before to W·X after, labelled with the
    value after: the numbers a lesson's checks quote (Honavar 1996, section 4).

    Parameters
    ----------
    w : array-like of shape (n_features + 1,)
        The weights before the correction, bias first.
    x : array-like of shape (n_features + 1,)
        The presented pattern with its bias input.
    c : int
        Its target: 1, or 0 or -1 for a negative pattern.
    rules : dict of str to array-like of shape (n_features + 1,)
        A name for each rule, and the weights it moved W to (from 1 to 20 rules).
    size : (float, float), default (6.4, 2.6)
        The figure's (width, height) in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    side = 1 if c == 1 else -1
    before = float(dot(w, x))
    after = {name: float(dot(v, x)) for name, v in rules.items()}
    fig, (ax,) = panels(ax, 1, size)
    values = [before, 0.0, *after.values()]
    pad = 0.18 * (max(values) - min(values) or 1.0)
    ax.set_xlim(min(values) - pad, max(values) + pad)  # every arrow inside the axes
    ax.axvline(0, color="black", lw=2)
    for row, (name, end) in enumerate(after.items()):
        right = (end > 0) == (side == 1)
        ax.annotate("", xy=(end, row), xytext=(before, row),
                    arrowprops={"arrowstyle": "-|>", "color": POSITIVE if right else UPDATE, "lw": 2})
        ax.plot([before], [row], "o", color="black", ms=5)
        # above the arrow's end, reaching away from the plane's line W·X = 0, so that it crosses neither
        # (an end on the line: on the side the arrow came from)
        outward = end > 0 or (end == 0 and before > 0)
        ax.annotate(format_number(end), (end, row), xytext=(3 if outward else -3, 4), textcoords="offset points",
                    ha="left" if outward else "right", va="bottom", fontsize=LARGE_TEXT)
    ax.set_yticks(range(len(rules)), list(rules), fontsize=TEXT)
    ax.set_ylim(len(rules) - 0.4, -0.9)  # the first rule on top, with room above it for its value
    ax.set_xlabel(f"W·X of the pattern after the correction (before: {format_number(before)}; its plane: W·X = 0)",
                  fontsize=TEXT)
    wrong_text, right_text = ("wrong side: W·X ≤ 0", "right side: W·X > 0") if side == 1 else \
        ("right side: W·X ≤ 0", "wrong side: W·X > 0")
    ax.text(0.01, 1.03, wrong_text, transform=ax.transAxes, fontsize=TEXT, color=UPDATE if side == 1 else POSITIVE)
    ax.text(0.99, 1.03, right_text, transform=ax.transAxes, fontsize=TEXT, ha="right",
            color=POSITIVE if side == 1 else UPDATE)
    return shows(fig, f"Where each of {len(rules)} correction rules takes the pattern's W·X from the same wrong W: a "
                      f"row per rule, an arrow from W·X before (the dot, {format_number(before)}) to after, its value "
                      "at its end, blue if it ends on the right side and red if not; the vertical line is W·X = 0.")


@declare.declared(X=FEW_PATTERNS, y=declare.Labels("X"), weights=weight_rows(MAX_ROWS), titles=texts("weights"),
                  ax=PANEL_AXES, lim=LIM, size=declare.Number(above=0, maximum=5))
def plot_dual_grid(X, y, weights, titles, *, ax=None, lim=3.0, size=2.3):
    """Several weight vectors, each in both spaces: the static counterpart of `widgets.DualView`.

    Each row shows one W: its decision line among the patterns (wrong ones
    ringed), and its point in the slice of weight space at its own w0.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 64).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    weights : array-like of shape (n_rows, 3)
        From 1 to 8 weight vectors (two panels each).
    titles : list of str
        One per weight vector.
    lim : float, default 3.0
        The slices show w1 and w2 from -lim to lim (0 < lim <= 1e6).
    size : float, default 2.3
        Width and height of one panel, in inches (at most 5).
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes per weight vector (pattern space, weight space). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    columns = 2 * min(len(weights), 2)
    rows = -(-len(weights) // 2)
    fig, axes = panels(ax, 2 * len(weights), (size * columns, size * rows * 1.05), (rows, columns))
    xlim, ylim = pattern_limits(X)
    for k, (w, title) in enumerate(zip(weights, titles)):
        pattern_ax, weight_ax = axes[2 * k], axes[2 * k + 1]
        w = w + 0.0   # as the checks return it: a -0.0 becomes 0.0
        draw_decision_boundary(pattern_ax, w, xlim=xlim, ylim=ylim)
        draw_patterns(pattern_ax, X, y, names=False, size=30.0)
        wrong = misclassified(w, X, y)
        ring = pattern_ax.scatter(*X[wrong].T, s=150, facecolors="none", edgecolors=UPDATE, lw=1.8, zorder=5)
        ring.description = WRONG
        pattern_ax.set(aspect="equal", xticks=[], yticks=[])
        pattern_ax.set_title(title, fontsize=TEXT, loc="left")
        drawn = draw_weight_slice(weight_ax, X, y, w, lim=lim, resolution=121)
        for name in drawn["names"]:
            name.set_fontsize(TEXT)
        # a short title, so that neighbouring panels' titles do not run into each other
        drawn["title"].set(text=f"w0 = {format_number(w[0])}: {int(wrong.sum())} wrong", fontsize=TEXT)
        weight_ax.set(xlabel="", ylabel="")
        weight_ax.tick_params(labelsize=TEXT)
    return shows(fig, "Two panels per W: the patterns in the plane (circles for target 1 and squares for the others) "
                      "with W's decision line, the side where the unit outputs 1 shaded and the wrong patterns "
                      "ringed in red; then weight space at W's w0 (w1 across, w2 up), a line per pattern where W·X = "
                      "0, shaded by how many patterns are wrong, W a point.")
