"""Pattern space (lessons 01-03): the patterns, a unit's decision line W·X = 0 and its positive side.

Also units side by side, and the curved boundaries of units that see features of the inputs.
"""
import numpy as np
from matplotlib.patches import FancyArrowPatch, Polygon
from matplotlib.ticker import MaxNLocator

from ...core import constraints as declare
from ...core import validation as check
from ...core.arithmetic import add_with_ones, nets, norm
from ...theory.geometry import decision_line, misclassified, positive_side
from ...core.rule import Margin, convention
from ...core.trace import format_number, format_vector
from .base import (AXES, DPI, FIGSIZE, LARGE_TEXT, LINE_STYLE, MAX_PATTERNS, MAX_ROWS, NAME_CLEARANCE, NEGATIVE,
                   PANEL_AXES, POSITIVE, SCATTER_STYLE, SHADE, TEXT, UPDATE, WRONG, artists_of, check_resolution,
                   check_weights, keep_names_clear, panels, shows, texts, weight_rows)


@declare.declared(X=declare.Patterns(n_features=2), pad=declare.Number(minimum=0, maximum=10))
def pattern_limits(X, pad=0.5):
    """Axis limits that show every pattern with room around it.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input.
    pad : float, default 0.5
        Margin added on each side, as a fraction of the wider range (at least 0.5 units).

    Returns
    -------
    xlim, ylim : tuple of float

    Examples
    --------
    >>> pattern_limits([[0, 0], [1, 1]])
    ((-0.5, 1.5), (-0.5, 1.5))
    """
    low, high = X.min(axis=0), X.max(axis=0)
    margin = max(pad * float((high - low).max()), 0.5)
    return (float(low[0] - margin), float(high[0] + margin)), (float(low[1] - margin), float(high[1] + margin))


RING_AREA = 4.5   # a wrong pattern's ring: this many times the area of its marker


# The margin m of the margin perceptron's lines: below the size of a plane's weights (W·X = ±m must not overflow)
MARGIN = declare.Number(minimum=0, below=check.LARGEST)

# What a picture of one unit shows (its alt text says it after the title)
UNIT_DRAWN = ("threshold unit on the patterns in the plane (x1 across, x2 up), circles for target 1 and squares "
              "for the others, its decision line W·X = 0 with the side where it outputs 1 shaded and an arrow "
              "into it, the patterns it gets wrong ringed in red; the title gives W and how many are wrong.")
UNIT_PICTURE = f"A {UNIT_DRAWN}"

# Patterns a picture draws a line or a name for (draw_unit, update_unit)
FEW_PATTERNS = declare.Patterns(n_features=2, most=MAX_PATTERNS,
                                why="for this picture of weight space (it draws a line or a plane for each)")


@declare.declared(ax=AXES, X=declare.Patterns(n_features=2), y=declare.Labels("X"), names=declare.Flag(),
                  size=declare.Positive(), style=SCATTER_STYLE)
def draw_patterns(ax, X, y, *, names=True, size=90, **style):
    """Draw patterns in the plane, coloured by target.

    Positive patterns (target 1) are filled blue circles, the others orange
    squares, so the picture reads in grey too.

    Parameters
    ----------
    ax : matplotlib Axes
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input.
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    names : bool, default True
        Label each pattern X1, X2, ... as the sources do (Honavar 1996, section 2).
    size : float, default 90
        Marker area in points² (matplotlib's ``s``), > 0; not a figure size.
    **style
        Passed on to `ax.scatter`.

    Returns
    -------
    dict
        ``positive`` and ``negative`` (PathCollection) and ``names`` (list of Text).
    """
    labels = convention(y)
    positive = y == 1
    artists = {
        "positive": ax.scatter(*X[positive].T, s=size, marker="o", color=POSITIVE, zorder=3,
                               label="target 1", **style),
        "negative": ax.scatter(*X[~positive].T, s=size, marker="s", color=NEGATIVE, zorder=3,
                               label=f"target {0 if labels == '0/1' else -1}", **style),
        "names": [],
    }
    if names:
        # right of the ring a wrong pattern gets (a marker 4.5 times the area, see draw_unit), not on it
        gap = np.sqrt(RING_AREA * size) / 2 + NAME_CLEARANCE
        for k, (a, b) in enumerate(X):
            artists["names"].append(ax.annotate(f"X{k + 1}", (a, b), xytext=(gap, 3),
                                                textcoords="offset points", fontsize=TEXT, zorder=4))
    return artists


@declare.declared(ax=AXES, w=declare.Plane(), xlim=declare.Limits(), ylim=declare.Limits(), arrow=declare.Flag(),
                  style=LINE_STYLE)
def draw_decision_boundary(ax, w, *, xlim, ylim, arrow=True, **style):
    """Draw the decision line W·X = 0, its positive side shaded, and W's direction.

    The arrow is (w1, w2), the normal of the line, pointing into the side
    where the unit outputs 1 (Manfredi 2021, "the geometry of a linear
    classifier").

    Parameters
    ----------
    ax : matplotlib Axes
    w : array-like of shape (3,)
        Weights [w0, w1, w2], bias first.
    xlim, ylim : (float, float)
        The region drawn; the axes are set to it.
    arrow : bool, default True
        Draw the normal vector.
    **style
        Passed on to the line (`ax.plot`).

    Returns
    -------
    dict
        ``line`` (Line2D), ``side`` (Polygon) and ``arrow`` (FancyArrowPatch or None).
    """
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    line_style = dict(color="black", lw=2)
    line_style.update(style)
    artists = {
        "line": ax.plot([], [], **line_style)[0],
        "side": ax.add_patch(Polygon(np.empty((0, 2)), closed=True, color=SHADE, zorder=0, lw=0)),
        "arrow": (ax.add_patch(FancyArrowPatch((0, 0), (0, 0), arrowstyle="-|>", mutation_scale=14,
                                               color="black", lw=1.5, zorder=2)) if arrow else None),
    }
    artists["line"].description = "the decision line W·X = 0"
    artists["side"].description = "the side where W·X > 0 and the unit outputs 1"
    if arrow:
        artists["arrow"].description = "the direction of (w1, w2), pointing into that side"
    update_decision_boundary(artists, w)
    return artists


@declare.declared(artists=artists_of("draw_decision_boundary", "line", "side", "arrow"), w=declare.Plane())
def update_decision_boundary(artists, w):
    """Move the artists of `draw_decision_boundary` to the weights w (shape (3,)), within the Axes' limits."""
    xlim, ylim = artists["line"].axes.get_xlim(), artists["line"].axes.get_ylim()
    segment = decision_line(w, xlim, ylim)
    artists["line"].set_data(segment[:, 0], segment[:, 1])
    side = positive_side(w, xlim, ylim)
    artists["side"].set_xy(side if len(side) else np.zeros((1, 2)))
    if artists["arrow"] is not None:
        normal = w[1:]
        length = norm(normal)
        arrow = artists["arrow"]
        arrow.set_visible(len(segment) == 2 and length > 0)
        if arrow.get_visible():
            centre = np.array([np.mean(xlim), np.mean(ylim)])
            unit = normal / length
            # start on the line, at the point nearest the middle of the picture
            foot = centre - unit * (nets(w, add_with_ones(centre)) / length)
            scale = 0.18 * min(np.ptp(xlim), np.ptp(ylim))
            foot = _clear_of_points(foot, segment, arrow.axes, 0.6 * scale)
            arrow.set_positions(tuple(foot), tuple(foot + scale * unit))
    return artists


def _clear_of_points(start, segment, ax, clearance):
    """A start for the arrow on the segment, as near `start` as can be while `clearance` from every point
    already scattered on the Axes (a pattern and its name sit there); `start` itself if none is drawn yet."""
    points = [c.get_offsets() for c in ax.collections if len(c.get_offsets())]
    if not points:
        return start
    points = np.vstack(points)
    along = segment[1] - segment[0]
    candidates = start + np.linspace(-0.4, 0.4, 17)[:, None] * along
    candidates = candidates[np.argsort(np.abs(np.linspace(-0.4, 0.4, 17)), kind="stable")]  # nearest first
    inside = [c for c in candidates if np.dot(c - segment[0], along) >= 0 and np.dot(c - segment[1], along) <= 0]
    distance = [np.min(np.hypot(*(points - c).T)) for c in inside]
    clear = [c for c, d in zip(inside, distance) if d >= clearance]
    return clear[0] if clear else (inside[int(np.argmax(distance))] if inside else start)


@declare.declared(X=FEW_PATTERNS, y=declare.Labels("X"), w=declare.Plane(), ax=PANEL_AXES,
                  size=declare.Number(above=0), names=declare.Flag())
def draw_unit(X, y, w, *, ax=None, names=True, size=90):
    """One threshold unit in pattern space: its line W·X = 0, the side where it says 1, the patterns.

    The shaded side is where W·X > 0 and the unit outputs 1 (Honavar 1996,
    section 2); patterns it gets wrong (output not the target) are ringed in
    red (Manfredi 2021, "linear threshold functions").

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 64).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    w : array-like of shape (3,)
        The unit's weights [w0, w1, w2].
    ax : Axes, optional
        Where to draw; a new figure's axes by default.
    names : bool, default True
        Write X1, X2, ... beside the patterns.
    size : float, default 90
        Marker area of the patterns in points² (matplotlib's ``s``); not a figure size.

    Returns
    -------
    dict
        The artists, for `update_unit`: "boundary", "wrong" and "title".

    Examples
    --------
    >>> from perceptron_lib import boolean_function
    >>> drawn = draw_unit(*boolean_function("or"), [-0.5, 1, 1])
    >>> drawn["title"].get_text()
    'W = [-0.5 1 1]: 0 wrong'
    """
    (ax,) = panels(ax, 1, (4.2, 3.8))[1]
    xlim, ylim = pattern_limits(X)
    artists = {"boundary": draw_decision_boundary(ax, w, xlim=xlim, ylim=ylim)}
    artists["names"] = draw_patterns(ax, X, y, names=names, size=size)["names"]
    artists["wrong"] = ax.scatter([], [], s=RING_AREA * size, facecolors="none", edgecolors=UPDATE, linewidths=2.5,
                                  zorder=5)
    artists["wrong"].description = WRONG
    artists["title"] = ax.set_title("", fontsize=LARGE_TEXT)
    ax.set(aspect="equal", xlabel="x1", ylabel="x2")
    shows(ax.figure, UNIT_PICTURE)
    return update_unit(artists, X, y, w)


@declare.declared(artists=artists_of("draw_unit", "boundary", "wrong", "title"), X=FEW_PATTERNS, y=declare.Labels("X"),
                  w=declare.Plane())
def update_unit(artists, X, y, w):
    """Move the artists of `draw_unit` (drawn for the patterns X, y) to the weights w (shape (3,))."""
    update_decision_boundary(artists["boundary"], w)
    wrong = misclassified(w, X, y)
    artists["wrong"].set_offsets(X[wrong].reshape(-1, 2))
    artists["title"].set_text(f"W = {format_vector(w)}: {int(wrong.sum())} wrong")
    keep_names_clear(artists.get("names", []), X, w, np.sqrt(artists["wrong"].get_sizes()[0]) / 2 + NAME_CLEARANCE)
    return artists


@declare.declared(X=FEW_PATTERNS, y=declare.Labels("X"), w=declare.Plane(), size=FIGSIZE, dpi=DPI, ax=PANEL_AXES)
def unit_figure(X, y, w, *, ax=None, size=(4.2, 3.8), dpi=100):
    """A figure of one threshold unit (`draw_unit`), for `widgets.UnitView`.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    fig : Picture
    artists : dict
        For `update_unit`.
    """
    fig, (ax,) = panels(ax, 1, size, dpi=dpi)
    return fig, draw_unit(X, y, w, ax=ax)


@declare.declared(X=FEW_PATTERNS, y=declare.Labels("X"), weights=weight_rows(MAX_ROWS), titles=texts("weights"),
                  ax=PANEL_AXES, size=declare.Number(above=0, maximum=5))
def plot_units(X, y, weights, titles, *, ax=None, size=2.6):
    """Several threshold units on the same patterns, side by side: the static counterpart of `widgets.UnitView`.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 64).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    weights : array-like of shape (n_units, 3)
        From 1 to 8 weight vectors.
    titles : list of str
        One per weight vector.
    size : float, default 2.6
        Width and height of one panel, in inches (at most 5).
    ax : sequence of matplotlib Axes, optional
        Where to draw: one Axes per weight vector. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    # under 8 inches (not shrunk in a notebook at 1280×720); four as 2 x 2, not three and one left over
    columns = 2 if len(weights) == 4 else min(len(weights), 3)
    rows = -(-len(weights) // columns)
    fig, axes = panels(ax, len(weights), (size * columns, size * rows * 1.1), (rows, columns))
    for ax, w, title in zip(axes, weights, titles):
        drawn = draw_unit(X, y, w, ax=ax, size=50)
        drawn["title"].set_text(f"{title}\n{drawn['title'].get_text()}")
        drawn["title"].set_fontsize(TEXT)
        ax.set(xlabel="", ylabel="")
    return shows(fig, f"Each panel: a {UNIT_DRAWN}" if len(weights) > 1 else UNIT_PICTURE)


@declare.declared(ax=AXES, w=declare.Plane(), m=MARGIN, style=LINE_STYLE)
def draw_margin_lines(ax, w, m, **style):
    """Draw the margin perceptron's two lines, W·X = m and W·X = -m, within the Axes' limits.

    Between them lies the band where y·(W·X) <= m for one label or the
    other: a pattern there is corrected by ``rule.Margin(m)`` even when it
    is on its right side of W·X = 0 (which `draw_decision_boundary` draws).

    Parameters
    ----------
    ax : matplotlib Axes
        Limits already set (as `draw_unit` sets them).
    w : array-like of shape (3,)
        Weights [w0, w1, w2], bias first.
    m : float
        The margin, a finite number >= 0 and < 1e150.
    **style
        Passed on to both lines (`ax.plot`); dashed grey by default.

    Returns
    -------
    dict
        ``plus`` and ``minus`` (Line2D): W·X = m and W·X = -m.

    Examples
    --------
    >>> from perceptron_lib import boolean_function
    >>> drawn = draw_unit(*boolean_function("or"), [-0.5, 2, 2])
    >>> lines = draw_margin_lines(drawn["title"].axes, [-0.5, 2, 2], 1)
    >>> lines["plus"].get_xydata().round(2).tolist()[:1]
    [[1.25, -0.5]]
    """
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    line_style = dict(color="0.35", lw=1.5, ls="--")
    line_style.update(style)
    artists = {}
    for key, level in (("plus", m), ("minus", -m)):
        shifted = w - np.array([level, 0.0, 0.0])   # W·X = level is (w0 - level) + w1 x1 + w2 x2 = 0
        segment = decision_line(shifted, xlim, ylim).reshape(-1, 2)
        artists[key] = ax.plot(segment[:, 0], segment[:, 1], **line_style)[0]
        artists[key].description = f"the margin line W·X = {format_number(level)}"
    return artists


@declare.declared(X=FEW_PATTERNS, y=declare.Labels("X"), w=declare.Plane(), m=MARGIN,
                  ax=PANEL_AXES, size=FIGSIZE)
def plot_margin(X, y, w, m, *, ax=None, size=(4.2, 3.8)):
    """A unit with the margin perceptron's band: W·X = 0, the lines W·X = ±m, the patterns inside the band ringed.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 64).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    w : array-like of shape (3,)
        The unit's weights [w0, w1, w2].
    m : float
        The margin, >= 0 and < 1e150: a pattern with y·(W·X) <= m is ringed (``rule.Margin(m)`` would correct on it).
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).
    size : (float, float), default (4.2, 3.8)
        Width and height in inches.

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    rule = Margin(m)
    fig, (ax,) = panels(ax, 1, size)
    drawn = draw_unit(X, y, w, ax=ax)
    draw_margin_lines(ax, w, rule.m)
    inside = rule.mistake(nets(w, add_with_ones(X)), y, convention(y))
    drawn["wrong"].set_offsets(X[inside].reshape(-1, 2))
    drawn["wrong"].description = f"patterns with y·(W·X) <= m = {format_number(rule.m)}"
    drawn["title"].set_text(f"W = {format_vector(w)}, m = {format_number(rule.m)}: "
                            f"{int(inside.sum())} inside the margin")
    return shows(fig, "The patterns in the plane (x1 across, x2 up), circles for target 1 and squares for the "
                      "others, W's decision line W·X = 0 with the side where the unit outputs 1 shaded, and dashed "
                      f"the margin lines W·X = ±{format_number(m)}; the patterns inside the band between them are "
                      "ringed.")


@declare.declared(X=declare.Patterns(n_features=2), y=declare.Labels("X"), weights=weight_rows(16),
                  names=texts("weights"), ax=PANEL_AXES, size=FIGSIZE)
def plot_boundaries(X, y, weights, names, *, ax=None, size=(3.8, 3.8)):
    """Patterns in the plane with the decision lines of several units, each named.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input.
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    weights : list of array-like of shape (3,)
        One [w0, w1, w2] per unit, from 1 to 16 units.
    names : list of str
        A name for each unit, shown in the legend.
    size : (float, float), default (3.8, 3.8)
        The figure's (width, height) in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    fig, (ax,) = panels(ax, 1, size)
    xlim, ylim = pattern_limits(X)
    draw_patterns(ax, X, y)   # first, so that the arrows start clear of the patterns and their names
    for w, name, style in zip(weights, names, ["-", "--", ":", "-."] * 4):
        drawn = draw_decision_boundary(ax, w + 0.0, xlim=xlim, ylim=ylim, ls=style, label=name)
        drawn["side"].set_visible(False)
    ax.set(aspect="equal", xlabel="x1", ylabel="x2")
    handles, labels = ax.get_legend_handles_labels()
    order = sorted(range(len(labels)), key=lambda i: labels[i] not in names)   # the lines first, then the targets
    ax.legend([handles[i] for i in order], [labels[i] for i in order], loc="upper center",
              bbox_to_anchor=(0.5, -0.18), ncol=2, fontsize=TEXT, frameon=False)
    return shows(fig, "The patterns in the plane (x1 across, x2 up), circles for target 1 and squares for the "
                      f"others, and the decision lines W·X = 0 of {len(weights)} units, told apart by line style and "
                      "named in the legend, each with an arrow into the side where that unit outputs 1.")


# The weights of a unit that sees features of the inputs, and the function that computes the features
FEATURE_WEIGHTS = declare.Custom(lambda name, w, given: check_weights(w, minimum=2),
                                 lambda example: [("w", TypeError), ([1], ValueError), ([[0, 1]], ValueError)])
FEATURES = declare.Callable("features(points) for points of shape (m, 2)")


@declare.declared(
    ax=AXES, w=FEATURE_WEIGHTS, features=FEATURES, xlim=declare.Limits(), ylim=declare.Limits(),
    resolution=declare.Custom(lambda name, value, given: check_resolution(value),
                              lambda example: [(1.5, TypeError), (1, ValueError), (10 ** 6, ValueError)]))
def draw_feature_boundary(ax, w, features, *, xlim, ylim, resolution=300):
    """Draw the boundary of a unit that sees features of the inputs, in the input plane.

    With features such as x1·x2 added to the inputs, the unit's boundary
    W·[1, features(x)] = 0 is still flat in feature space but curved in the
    plane of x1, x2 (Manfredi 2021, "but can be made linear"; Honavar 1996,
    section 5).

    Parameters
    ----------
    ax : matplotlib Axes
    w : array-like of shape (n_features + 1,)
        Weights over [1, features(x)].
    features : callable
        Maps points of shape (m, 2) to features of shape (m, n_features).
    xlim, ylim : (float, float)
        The region drawn.
    resolution : int, default 300
        Grid points per axis, from 2 to 1001.

    Returns
    -------
    dict
        ``side`` (the shaded positive region) and ``line`` (the boundary), both ContourSets.
    """
    # features' output is checked here, in the function: only a call shows it
    xs, ys = np.linspace(*xlim, resolution), np.linspace(*ylim, resolution)
    grid = np.column_stack([a.ravel() for a in np.meshgrid(xs, ys)])
    mapped = check.array("features(points)", features(grid), f"(m, {len(w) - 1})", ndim=2)
    if mapped.shape != (len(grid), len(w) - 1):
        raise ValueError(f"features(points) must return one row of {len(w) - 1} features (one per weight after "
                         f"w0) for each of the {len(grid)} points, got shape {mapped.shape}")
    net = nets(w, add_with_ones(mapped)).reshape(resolution, resolution)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    artists = {"side": ax.contourf(xs, ys, net, levels=[0, np.inf], colors=[SHADE], zorder=0),
               "line": ax.contour(xs, ys, net, levels=[0], colors="black", linewidths=2)}
    artists["side"].description = "the inputs where W·[1, features] > 0 and the unit outputs 1"
    artists["line"].description = "the decision boundary W·[1, features] = 0, flat among the features, curved here"
    return artists


def _height_weights(name, w, given):
    """[w0, w1, w2, w3] with w3 not 0: the plane W·[1, z] = 0 drawn as a height z3 over z1, z2."""
    w = check.weight_vector(name, w, 4)
    if w[3] == 0:
        raise ValueError(f"{name} must have w[3] != 0 (w[3] must not be 0: the plane is drawn as a height over the "
                         f"first two features), got w = {format_vector(w)}")
    return w


@declare.declared(Z=declare.Patterns(n_features=3), y=declare.Labels("Z"),
                  w=declare.Custom(_height_weights, lambda example: [("w", TypeError), ([0, 1, 1], ValueError),
                                                                     ([0, 1, 1, 0], ValueError)]),
                  ax=PANEL_AXES, names=texts(count=3), size=FIGSIZE)
def plot_feature_space(Z, y, w, *, ax=None, names=("x1", "x2", "x3"), size=(4.2, 4.2)):
    """Patterns with three features in 3-D, and the plane W·[1, z] = 0 that separates them.

    Parameters
    ----------
    Z : array-like of shape (n_samples, 3)
        The patterns in feature space.
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    w : array-like of shape (4,)
        Weights [w0, w1, w2, w3]; w3 must not be 0 (the plane is drawn as z3 = ...).
    names : three str
        Axis labels.
    size : (float, float), default (4.2, 4.2)
        The figure's (width, height) in inches.
    ax : matplotlib 3-D Axes, optional
        Where to draw (``add_subplot(projection='3d')``). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    labels = convention(y)
    fig, (ax,) = panels(ax, 1, size, projection="3d")
    low, high = Z.min(axis=0) - 0.25, Z.max(axis=0) + 0.25
    a, b = np.meshgrid(np.linspace(low[0], high[0], 2), np.linspace(low[1], high[1], 2))
    # the patterns always in front of the plane: seen through it (sorted by depth), two of them paled
    ax.computed_zorder = False
    plane = ax.plot_surface(a, b, -(w[0] + w[1] * a + w[2] * b) / w[3], color=SHADE, alpha=0.6, edgecolor="grey",
                            zorder=1)
    plane.description = f"the plane W·[1, {', '.join(names)}] = 0 that separates the targets"
    positive = y == 1
    ax.scatter(*Z[positive].T, s=60, marker="o", color=POSITIVE, depthshade=False, label="target 1", zorder=3)
    ax.scatter(*Z[~positive].T, s=60, marker="s", color=NEGATIVE, depthshade=False, zorder=3,
               label=f"target {0 if labels == '0/1' else -1}")
    ax.set(xlabel=names[0], ylabel=names[1], zlabel=names[2], zlim=(low[2], high[2]))
    for axis in (ax.xaxis, ax.yaxis, ax.zaxis):   # few ticks, so that their labels do not run together
        axis.set_major_locator(MaxNLocator(nbins=3, steps=[1, 5, 10]))
    # under the box, in a row: in a corner of the panel it covers the box's edges and ticks
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=2, fontsize=TEXT, frameon=False)
    ax.set_title(f"W = {format_vector(w)}", fontsize=TEXT)
    return shows(fig, f"The patterns as points in 3-D, one axis per feature ({', '.join(names)}), circles for target "
                      f"1 and squares for the others, and W's plane W·[1, {', '.join(names)}] = 0.")


@declare.declared(w=FEATURE_WEIGHTS, features=FEATURES, X=declare.Patterns(n_features=2), y=declare.Labels("X"),
                  ax=PANEL_AXES, size=FIGSIZE)
def plot_feature_boundary(w, features, X, y, *, ax=None, size=(3.6, 3.6)):
    """Patterns in the plane and the curved boundary of a unit that sees features of them.

    Parameters
    ----------
    w : array-like of shape (n_features + 1,)
        Weights over [1, features(x)].
    features : callable
        Maps points of shape (m, 2) to features of shape (m, n_features).
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input.
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    size : (float, float), default (3.6, 3.6)
        The figure's (width, height) in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    fig, (ax,) = panels(ax, 1, size)
    xlim, ylim = pattern_limits(X)
    draw_feature_boundary(ax, w, features, xlim=xlim, ylim=ylim)
    draw_patterns(ax, X, y)
    ax.set(aspect="equal", xlabel="x1", ylabel="x2")
    ax.set_title(f"W = {format_vector(w)}", fontsize=TEXT)
    return shows(fig, "The patterns in the plane (x1 across, x2 up), circles for target 1 and squares for the "
                      "others, and the boundary W·[1, features] = 0 of a unit that sees features of them, flat among "
                      "the features, curved here, with the inputs where it outputs 1 shaded.")
