"""Pictures of perceptron runs, drawn with matplotlib.

One contract for every picture:

- ``draw_*`` draws on the Axes it is given (its first argument, or
  ``ax=`` for those that make a new Picture when it is None) and returns
  what it drew: matplotlib artists only, in a dict or alone; ``**style``
  goes on to matplotlib where a function takes it.
- ``update_*(artists, ...)`` moves those artists in place (a widget's click);
  what it needs besides them (the run, the patterns, W) comes as arguments,
  the limits from the Axes: nothing is kept in the dict.
- ``plot_*(..., ax=None)`` composes a figure of one or more panels from the
  draw functions; given ``ax`` (one Axes, or one per panel) it draws there,
  otherwise it makes a Picture of ``size``. It returns the figure.

Nothing here calls pyplot: figures are `Picture` objects (matplotlib Figures
that a notebook shows when a cell returns them).

Every function checks its input first (`validation`), and refuses up front a
picture that would take more than a couple of seconds to draw: a grid of
hundreds of panels, a grid of millions of points. W·X is added left to right
(`arithmetic`), as `train` adds it, so a picture puts a pattern on the side the
run put it.
"""
import base64
import html
import io

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, Polygon

from . import validation as check
from .arithmetic import add_with_ones, dot, nets, norm
from .geometry import (_check_limits, _check_w, _patterns_and_labels, decision_line, misclassified,
                       pattern_lines, positive_side)
from .trace import Trace, _num, format_vector

POSITIVE = "#1f6fb4"   # blue: target 1
NEGATIVE = "#e07b00"   # orange: target 0 (or -1)
SHADE = "#d5e6f6"      # the side where W·X > 0
UPDATE = "#c0392b"     # a presentation that changed W
WRONG = "wrong: the unit's output differs from the target"   # what a red ring says, in words
# Classes differ by shape as well as colour: Okabe and Ito's palette for colour-blind eyes (its yellow, pale on
# white, comes last), then Tol's wine and dark brown for a ninth and tenth class, which keep every two colours
# at least 17 Delta E apart with normal vision, deuteranopia and protanopia (benchmarks/colour_blind.py);
# and a marker of its own for each class.
CLASS_COLORS = ["#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9", "#000000", "#f0e442",
                "#882255", "#661100"]
CLASS_MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*", "h", "p"]

# Limits that keep every picture to a couple of seconds (about 60 ms a panel, 1 s a million grid points).
MAX_PANELS = 42          # plot_trace_grid: 42 panels at most
MAX_ROWS = 8             # plot_dual_grid: weight vectors, each in two panels
MAX_PATTERNS = 64        # pictures that draw a line and a name per pattern
MAX_PLANES = 12          # plot_weight_space: a plane and a legend entry per pattern
MAX_RESOLUTION = 1001    # grid points per axis of a shaded region
MAX_GRID_WORK = 20_000_000  # error landscapes: grid points times patterns
MAX_INCHES = 40          # a figure's width or height


class Picture(Figure):
    """A matplotlib Figure that shows itself in a notebook as a PNG image with a description in words.

    A plain Figure made without pyplot has no notebook display of its own;
    this one does, without touching pyplot's global state. Its output holds
    the PNG (with its alt text in the output's metadata, which nbconvert
    reads), an HTML image with the same alt text and the whole description
    in a fold beneath it (JupyterLab and the exported pages show the HTML:
    JupyterLab gives a PNG output no alt text), and the description as plain
    text. The description is read off what is drawn (`describe`).
    """

    def _repr_png_(self):
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", bbox_inches="tight")
        return buffer.getvalue()

    def _repr_mimebundle_(self, include=None, exclude=None):
        from .describe import describe_figure, short_description   # not plotting's names: its names are pictures

        png = base64.b64encode(self._repr_png_()).decode("ascii")   # drawn: texts and limits are final
        short, words = short_description(self), describe_figure(self, draw=False)
        page = (f'<figure class="perceptron-figure" style="margin:0"><img src="data:image/png;base64,{png}" '
                f'alt="{html.escape(short)}"><details><summary>The figure in words</summary>'
                f'<p>{html.escape(words)}</p></details></figure>')
        return {"image/png": png, "text/html": page, "text/plain": words}, {"image/png": {"alt": short}}


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
    X = check.patterns("X", X, n_features=2)
    pad = check.number("pad", pad, minimum=0, maximum=10)
    low, high = X.min(axis=0), X.max(axis=0)
    margin = max(pad * float((high - low).max()), 0.5)
    return (float(low[0] - margin), float(high[0] + margin)), (float(low[1] - margin), float(high[1] + margin))


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
        Marker area, > 0.
    **style
        Passed on to `ax.scatter`.

    Returns
    -------
    dict
        ``positive`` and ``negative`` (PathCollection) and ``names`` (list of Text).
    """
    ax = _axes("ax", ax)
    X, y, labels = _patterns_and_labels(X, y, n_features=2)
    names, size = check.flag("names", names), check.positive("size", size)
    positive = y == 1
    artists = {
        "positive": ax.scatter(*X[positive].T, s=size, marker="o", color=POSITIVE, zorder=3,
                               label="target 1", **style),
        "negative": ax.scatter(*X[~positive].T, s=size, marker="s", color=NEGATIVE, zorder=3,
                               label=f"target {0 if labels == '0/1' else -1}", **style),
        "names": [],
    }
    if names:
        for k, (a, b) in enumerate(X):
            artists["names"].append(ax.annotate(f"X{k + 1}", (a, b), xytext=(7, 7),
                                                textcoords="offset points", fontsize=10, zorder=4))
    return artists


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
    ax, w = _axes("ax", ax), _check_w(w)
    xlim, ylim = tuple(_check_limits("xlim", xlim)), tuple(_check_limits("ylim", ylim))
    arrow = check.flag("arrow", arrow)
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


def update_decision_boundary(artists, w):
    """Move the artists of `draw_decision_boundary` to the weights w (shape (3,)), within the Axes' limits."""
    artists = _artists(artists, ("line", "side", "arrow"), "draw_decision_boundary")
    w = _check_w(w)
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


def draw_weights(ax, w, *, previous=None, limit=None, names=None):
    """Draw the weights as bars, with the previous weights as outlines.

    Parameters
    ----------
    ax : matplotlib Axes
    w : array-like of shape (n_weights,)
        Weights [w0, w1, ..., wn], bias first.
    previous : array-like of shape (n_weights,), optional
        Weights before the last presentation, drawn as dashed outlines.
    limit : float, optional
        The value axis runs from -limit to limit (fixed, so steps compare); > 0.
    names : list of str, optional
        Bar labels, one per weight; "w0", "w1", ... by default.

    Returns
    -------
    dict
        ``bars`` and ``before`` (BarContainer) and ``values`` (list of Text).
    """
    ax, w = _axes("ax", ax), _weights(w)
    if previous is not None:
        previous = check.weight_vector("previous", previous, len(w))
    limit = max(1.0, 1.25 * float(np.abs(w).max())) if limit is None else check.positive("limit", limit)
    names = [f"w{i}" for i in range(len(w))] if names is None else _texts("names", names, len(w))
    ax.axhline(0, color="black", lw=0.8)
    artists = {
        "bars": ax.bar(names, w, color="#7f8c8d", width=0.6),
        "before": ax.bar(names, w if previous is None else previous, fill=False, ls="--",
                         edgecolor="black", lw=1.2, width=0.6),
        "values": [ax.text(i, 0, "", ha="center", fontsize=10) for i in range(len(w))],
    }
    ax.set_ylim(-limit, limit)
    ax.set_title("weights", fontsize=10)
    update_weights(artists, w, previous)
    return artists


def update_weights(artists, w, previous=None):
    """Move the artists of `draw_weights` to the weights w (and the outlines to `previous`)."""
    artists = _artists(artists, ("bars", "before", "values"), "draw_weights")
    w = check.weight_vector("w", w, len(artists["bars"]))
    previous = w if previous is None else check.weight_vector("previous", previous, len(w))
    limit = artists["bars"][0].axes.get_ylim()[1]
    for bar, old, ghost, value, text in zip(artists["bars"], previous, artists["before"], w,
                                            artists["values"]):
        bar.set_height(value)
        bar.set_color(UPDATE if value != old else "#7f8c8d")
        ghost.set_height(old)
        ghost.set_visible(value != old)
        text.set_text(format_vector([value])[1:-1])
        text.set_y(value + (0.06 if value >= 0 else -0.14) * limit)
    return artists


def draw_step(axes, trace, k):
    """Draw step k of a run on two Axes: pattern space and the weights.

    Step 0 is the start; step k the state after presentation k, with the
    pattern just presented ringed (red when it caused an update).

    Parameters
    ----------
    axes : (Axes, Axes)
        Where to draw pattern space and the weight bars.
    trace : Trace
        A recorded run on patterns with two features.
    k : int
        The step, from 0 to trace.n_presentations.

    Returns
    -------
    dict
        The artists, for `update_step`.
    """
    pattern_ax, weights_ax = _axes_pair(axes)
    k = _step(_check_trace(trace), k)
    X = trace.X[:, 1:]
    xlim, ylim = pattern_limits(X)
    artists = {}
    artists["patterns"] = draw_patterns(pattern_ax, X, trace.y)   # first: the arrow starts clear of them
    artists["boundary"] = draw_decision_boundary(pattern_ax, trace.weights[k], xlim=xlim, ylim=ylim)
    artists["ring"] = pattern_ax.scatter([], [], s=420, facecolors="none", edgecolors="black",
                                         linewidths=2.5, zorder=5)
    artists["ring"].description = "the pattern just presented, red if it changed W"
    pattern_ax.set_aspect("equal")
    pattern_ax.set_xlabel("x1")
    pattern_ax.set_ylabel("x2")
    limit = max(1.0, 1.2 * float(np.abs(trace.weights).max()))
    artists["weights"] = draw_weights(weights_ax, trace.weights[k], limit=limit)
    artists["title"] = pattern_ax.set_title("", fontsize=10, loc="left")
    update_step(artists, trace, k)
    return artists


def update_step(artists, trace, k):
    """Move the artists of `draw_step` to step k (from 0 to trace.n_presentations) of the run they drew."""
    artists = _artists(artists, ("boundary", "weights", "ring", "title"), "draw_step")
    k = _step(_check_trace(trace), k)
    w = trace.weights[k]
    update_decision_boundary(artists["boundary"], w)
    update_weights(artists["weights"], w, trace.weights[k - 1] if k else None)
    ring = artists["ring"]
    if k == 0:
        ring.set_offsets(np.empty((0, 2)))
        artists["title"].set_text(f"start\nW = {format_vector(w)}")
    else:
        i = k - 1
        ring.set_offsets(trace.X[trace.pattern[i], 1:][None])
        ring.set_edgecolors(UPDATE if trace.updated[i] else "black")
        verdict = "update" if trace.updated[i] else "no change"
        artists["title"].set_text(f"presentation {k}: X{trace.pattern[i] + 1}, {verdict}\nW = {format_vector(w)}")
    return artists


def step_figure(trace, k=0, *, ax=None, size=(7.2, 3.4), dpi=100):
    """A two-panel figure of step k (pattern space and weights), with its artists.

    Parameters
    ----------
    trace : Trace
        A recorded run on patterns with two features.
    k : int, default 0
        The step, from 0 to trace.n_presentations.
    size : (float, float), default (7.2, 3.4)
        Figure size in inches.
    dpi : int, default 100
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (pattern space, weights). By default a new Picture (of `size`).

    Returns
    -------
    fig : Figure
    artists : dict
        For `update_step`.
    """
    k = _step(_check_trace(trace), k)
    size, dpi = _figsize(size), _dpi(dpi)
    fig, axes = _panels(ax, 2, size, (1, 2), dpi=dpi, width_ratios=[1.35, 1])
    return fig, draw_step(axes, trace, k)


def plot_trace_grid(trace, *, ax=None, ncols=5, size=1.6, steps=None):
    """Small multiples of a run: pattern space at every step, on one figure.

    The static counterpart of `widgets.TraceStepper`, for reading a lesson
    without a kernel. Each panel shows W after one presentation; a red frame
    marks the presentations that changed W.

    A panel takes about 60 ms to draw, so a grid has at most 42 of them: for a
    longer run, choose the steps to show (``steps=range(0, 801, 40)``); the
    whole of a long run shows in `plot_history`.

    Parameters
    ----------
    trace : Trace
        A recorded run on patterns with two features.
    ncols : int, default 5
        Panels per row, from 1 to 42. Five keep the picture at 8 inches
        wide, so that in a notebook at 1280×720 it is not shrunk below its
        10 pt text.
    size : float, default 1.6
        Width and height of one panel, in inches (at most 5).
    steps : sequence of int or "updates", optional
        Which steps to show (0 is the start), at most 42 of them; all by
        default. "updates" shows the start, every presentation that changed
        W and the last one: the moments the line moved, for a short grid.
    ax : sequence of matplotlib Axes, optional
        Where to draw: one Axes per step drawn. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    _check_trace(trace)
    ncols = check.whole("ncols", ncols, minimum=1, maximum=MAX_PANELS)
    size = check.number("size", size, above=0, maximum=5)
    steps = _grid_steps(trace, steps)
    ncols = min(ncols, len(steps))   # no empty columns for a few steps
    nrows = -(-len(steps) // ncols)
    fig, axes = _panels(ax, len(steps), (size * ncols, size * nrows * 1.12), (nrows, ncols))
    X = trace.X[:, 1:]
    xlim, ylim = pattern_limits(X)
    for ax, k in zip(axes, steps):
        draw_decision_boundary(ax, trace.weights[k], xlim=xlim, ylim=ylim, arrow=False)
        draw_patterns(ax, X, trace.y, names=False, size=30)
        ax.set_aspect("equal")
        ax.set_xticks([])
        ax.set_yticks([])
        if k == 0:
            ax.set_title(f"start\n{format_vector(trace.weights[0])}", fontsize=10)
            continue
        i = k - 1
        updated = bool(trace.updated[i])
        ring = ax.scatter(*trace.X[trace.pattern[i], 1:], s=160, facecolors="none", lw=1.8,
                          edgecolors=UPDATE if updated else "black", zorder=5)
        ring.description = f"X{trace.pattern[i] + 1} presented, " + ("W changed" if updated else "W unchanged")
        ax.set_title(f"{k}: X{trace.pattern[i] + 1}{' update' if updated else ''}\n{format_vector(trace.weights[k])}",
                     fontsize=10, color=UPDATE if updated else "black")
        if updated:
            for spine in ax.spines.values():
                spine.set(color=UPDATE, lw=2)
    return fig


def _grid_steps(trace, steps):
    """The steps of a grid, as a list of ints: all, or the ones asked for; at most MAX_PANELS."""
    last = trace.n_presentations
    if steps is None:
        if last + 1 > MAX_PANELS:
            raise ValueError(f"steps must be given for a run this long: a grid shows at most {MAX_PANELS} "
                             f"panels (about 60 ms each) and the run has {last + 1} steps (0 to {last}); "
                             f"choose some, e.g. steps=range(0, {last + 1}, {-(-(last + 1) // MAX_PANELS)}), "
                             f"or see the whole run with plot_history(trace)")
        return list(range(last + 1))
    if isinstance(steps, str) and steps == "updates":
        moments = sorted({0, *trace.update_presentations.tolist(), last})
        if len(moments) > MAX_PANELS:
            raise ValueError(f"steps='updates' shows the start, each update and the end, at most {MAX_PANELS} "
                             f"panels; the run has {len(moments)} such steps: choose some, e.g. "
                             f"steps=[0, *trace.update_presentations[:{MAX_PANELS - 2}], {last}]")
        return moments
    if isinstance(steps, (str, bytes)) or np.ndim(steps) != 1:
        raise TypeError(f"steps must be 'updates' or a sequence of whole numbers (steps of the run), "
                        f"got {check.shown(steps)}")
    chosen = check.array("steps", list(steps), "(n_panels,)", ndim=1, integer=True)
    if not 1 <= len(chosen) <= MAX_PANELS:
        raise ValueError(f"steps must hold from 1 to {MAX_PANELS} steps (one panel each, about 60 ms), "
                         f"got {len(chosen)}")
    outside = chosen[(chosen < 0) | (chosen > last)]
    if len(outside):
        raise ValueError(f"steps must hold steps of the run, from 0 to {last}, got {outside[0]}")
    return chosen.tolist()


def plot_history(trace, *, ax=None, size=(8.2, 2.8)):
    """A long run at a glance: the length of W after each presentation, and mistakes per pass.

    On separable data the mistakes stop; on data that are not, they go on for
    ever while ||W|| stays bounded (Manfredi 2021, the cycling theorem).

    Parameters
    ----------
    trace : Trace
        A recorded run, with any number of features.
    size : (float, float), default (8.2, 2.8)
        Figure size in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (weight length, updates per pass). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    _check_trace(trace, plane=False)
    size = _figsize(size)
    n = len(trace.X)
    fig, (norm_ax, mistakes_ax) = _panels(ax, 2, size, (1, 2))
    norm_ax.plot(np.arange(trace.n_presentations + 1), norm(trace.weights), lw=0.8, color=POSITIVE)
    norm_ax.set_xlabel("presentation")
    norm_ax.set_ylabel("||W||")
    norm_ax.set_ylim(bottom=0)
    passes = np.add.reduceat(trace.updated, np.arange(0, trace.n_presentations, n))
    mistakes_ax.plot(np.arange(1, len(passes) + 1), passes, lw=0.8, color=UPDATE)
    mistakes_ax.set_xlabel("pass")
    mistakes_ax.set_ylabel("updates in the pass")
    mistakes_ax.set_ylim(0, n + 0.5)
    fig.suptitle(f"{trace.order} order, {trace.n_presentations} presentations: {trace.status}", fontsize=10)
    return fig


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
    ax, w = _axes("ax", ax), _weights(w, minimum=2)
    features = check.function("features", features, "features(points) for points of shape (m, 2)")
    xlim, ylim = _check_limits("xlim", xlim), _check_limits("ylim", ylim)
    resolution = _resolution(resolution)
    xs, ys = np.linspace(*xlim, resolution), np.linspace(*ylim, resolution)
    grid = np.column_stack([a.ravel() for a in np.meshgrid(xs, ys)])
    mapped = check.array("features(points)", features(grid), f"(m, {len(w) - 1})", ndim=2)
    if mapped.shape != (len(grid), len(w) - 1):
        raise ValueError(f"features(points) must return one row of {len(w) - 1} features (one per weight after "
                         f"w0) for each of the {len(grid)} points, got shape {mapped.shape}")
    net = nets(w, add_with_ones(mapped)).reshape(resolution, resolution)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    return {"side": ax.contourf(xs, ys, net, levels=[0, np.inf], colors=[SHADE], zorder=0),
            "line": ax.contour(xs, ys, net, levels=[0], colors="black", linewidths=2)}


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
        Figure size in inches.
    ax : matplotlib 3-D Axes, optional
        Where to draw (``add_subplot(projection='3d')``). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    Z = check.patterns("Z", Z, n_features=3)
    y, labels = check.labels("y", y, len(Z))
    w = check.weight_vector("w", w, 4)
    if w[3] == 0:
        raise ValueError("w[3] must not be 0: the plane is drawn as a height over the first two features, got "
                         f"w = {format_vector(w)}")
    names, size = _texts("names", names, 3), _figsize(size)
    fig, (ax,) = _panels(ax, 1, size, projection="3d")
    low, high = Z.min(axis=0) - 0.25, Z.max(axis=0) + 0.25
    a, b = np.meshgrid(np.linspace(low[0], high[0], 2), np.linspace(low[1], high[1], 2))
    ax.plot_surface(a, b, -(w[0] + w[1] * a + w[2] * b) / w[3], color=SHADE, alpha=0.6, edgecolor="grey")
    positive = y == 1
    ax.scatter(*Z[positive].T, s=60, marker="o", color=POSITIVE, depthshade=False, label="target 1")
    ax.scatter(*Z[~positive].T, s=60, marker="s", color=NEGATIVE, depthshade=False,
               label=f"target {0 if labels == '0/1' else -1}")
    ax.set(xlabel=names[0], ylabel=names[1], zlabel=names[2], zlim=(low[2], high[2]))
    ax.legend(loc="upper left", fontsize=10)
    ax.set_title(f"W = {format_vector(w)}", fontsize=10)
    return fig


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
        Figure size in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    w = _weights(w, minimum=2)
    features = check.function("features", features, "features(points) for points of shape (m, 2)")
    X, y, _ = _patterns_and_labels(X, y, n_features=2)
    fig, (ax,) = _panels(ax, 1, _figsize(size))
    xlim, ylim = pattern_limits(X)
    draw_feature_boundary(ax, w, features, xlim=xlim, ylim=ylim)
    draw_patterns(ax, X, y)
    ax.set(aspect="equal", xlabel="x1", ylabel="x2")
    ax.set_title(f"W = {format_vector(w)}", fontsize=10)
    return fig


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
        Figure size in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    X, y, _ = _patterns_and_labels(X, y, n_features=2)
    weights = _weight_rows("weights", weights, 16)
    names, size = _texts("names", names, len(weights)), _figsize(size)
    fig, (ax,) = _panels(ax, 1, size)
    xlim, ylim = pattern_limits(X)
    draw_patterns(ax, X, y)        # first, so that the arrows start clear of the patterns and their names
    for w, name, style in zip(weights, names, ["-", "--", ":", "-."] * 4):
        drawn = draw_decision_boundary(ax, w, xlim=xlim, ylim=ylim, ls=style, label=name)
        drawn["side"].set_visible(False)
    ax.set(aspect="equal", xlabel="x1", ylabel="x2")
    handles, labels = ax.get_legend_handles_labels()
    order = sorted(range(len(labels)), key=lambda i: labels[i] not in names)   # the lines first, then the targets
    ax.legend([handles[i] for i in order], [labels[i] for i in order], loc="upper center",
              bbox_to_anchor=(0.5, -0.18), ncol=2, fontsize=10, frameon=False)
    return fig


def plot_curves(curves, *, xlabel, ylabel, ax=None, size=(6, 2.8), ylim=None):
    """Several named series against 1, 2, 3, ... on one Axes (for example, accuracy per pass).

    Parameters
    ----------
    curves : dict of str to array-like
        Name to values (1-D, finite, at least one), from 1 to 12 curves.
    xlabel, ylabel : str
    size : (float, float), default (6, 2.8)
        Figure size in inches.
    ylim : (float, float), optional
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    curves = _series("curves", curves, 12, lambda name, values: _values(f"curves[{name!r}]", values))
    xlabel, ylabel = check.text("xlabel", xlabel), check.text("ylabel", ylabel)
    size = _figsize(size)
    ylim = None if ylim is None else _check_limits("ylim", ylim)
    fig, (ax,) = _panels(ax, 1, size)
    for (name, values), color in zip(curves.items(), [NEGATIVE, POSITIVE, UPDATE, "black"] * 3):
        ax.plot(np.arange(1, len(values) + 1), values, lw=1.5, color=color, label=name)
    ax.set(xlabel=xlabel, ylabel=ylabel)
    if ylim is not None:
        ax.set_ylim(*ylim)
    ax.legend(fontsize=10)
    return fig


ERRORS = "Greys"  # the error landscape: darker is more errors


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
    ax = _axes("ax", ax)
    X, y = _few_patterns(X, y)
    w, lim, resolution = _check_w(w), _lim(lim), _landscape_resolution(resolution, len(X))
    artists = {}
    artists["errors"] = ax.imshow(np.zeros((resolution, resolution)), origin="lower", cmap=ERRORS,
                                  vmin=0, vmax=len(X) + 1, extent=(-lim, lim, -lim, lim), zorder=0,
                                  interpolation="nearest")
    artists["lines"] = [ax.plot([], [], color="#555555", lw=1.2, zorder=2)[0] for _ in X]
    artists["names"] = [ax.text(0, 0, f"X{k + 1}", fontsize=10, zorder=4) for k in range(len(X))]
    artists["point"] = ax.plot([], [], marker="*", ms=16, color=POSITIVE, mec="black", zorder=5)[0]
    artists["title"] = ax.set_title("", fontsize=10)
    ax.set(xlim=(-lim, lim), ylim=(-lim, lim), xlabel="w1", ylabel="w2", aspect="equal")
    update_weight_slice(artists, X, y, w)
    return artists


def update_weight_slice(artists, X, y, w):
    """Move the artists of `draw_weight_slice` (drawn for the patterns X, y) to the weight vector w (shape (3,))."""
    artists = _artists(artists, ("errors", "lines", "names", "point", "title"), "draw_weight_slice")
    X, y = _few_patterns(X, y)
    if len(X) != len(artists["lines"]):
        raise ValueError(f"X must be the {len(artists['lines'])} patterns the slice was drawn for, got {len(X)}")
    w = _check_w(w)
    lim = artists["errors"].get_extent()[1]
    grid = np.linspace(-lim, lim, artists["errors"].get_array().shape[0])
    w1, w2 = np.meshgrid(grid, grid)
    points = np.column_stack([np.full(w1.size, w[0]), w1.ravel(), w2.ravel()])
    artists["errors"].set_data(misclassified(points, X, y).sum(axis=1).reshape(w1.shape))
    wrong = misclassified(w, X, y)
    box = ((-lim, lim), (-lim, lim))
    for k, (a, b, c) in enumerate(pattern_lines(X, w[0])):
        segment = decision_line([c, a, b], *box)  # the same clipping as a line in pattern space
        line, name = artists["lines"][k], artists["names"][k]
        line.set_data(segment[:, 0], segment[:, 1])
        line.set(color=UPDATE if wrong[k] else "#555555", lw=3 if wrong[k] else 1.2)
        if len(segment):
            name.set_position(segment[0] + 0.12 * (segment[1] - segment[0]))
        name.set_visible(len(segment) == 2)
    artists["point"].set_data([w[1]], [w[2]])
    artists["title"].set_text(f"weight space at w0 = {_num(w[0])}: {int(wrong.sum())} wrong")
    return artists


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
        Figure size in inches.
    dpi : int, default 100
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (pattern space, weight space). By default a new Picture (of `size`).

    Returns
    -------
    fig : Picture
    artists : dict
        For `update_dual`.
    """
    X, y = _few_patterns(X, y)
    w, lim, size, dpi = _check_w(w), _lim(lim), _figsize(size), _dpi(dpi)
    fig, (pattern_ax, weight_ax) = _panels(ax, 2, size, (1, 2), dpi=dpi)
    xlim, ylim = pattern_limits(X)
    artists = {"boundary": draw_decision_boundary(pattern_ax, w, xlim=xlim, ylim=ylim)}
    draw_patterns(pattern_ax, X, y)
    artists["wrong"] = pattern_ax.scatter([], [], s=420, facecolors="none", edgecolors=UPDATE,
                                          linewidths=2.5, zorder=5)
    artists["wrong"].description = WRONG
    artists["pattern_title"] = pattern_ax.set_title("", fontsize=10)
    pattern_ax.set(aspect="equal", xlabel="x1", ylabel="x2")
    artists["slice"] = draw_weight_slice(weight_ax, X, y, w, lim=lim)
    update_dual(artists, X, y, w)
    return fig, artists


def update_dual(artists, X, y, w):
    """Move the artists of `dual_figure` (drawn for the patterns X, y) to the weight vector w (shape (3,))."""
    artists = _artists(artists, ("boundary", "wrong", "pattern_title", "slice"), "dual_figure")
    X, y = _few_patterns(X, y)
    w = _check_w(w)
    update_decision_boundary(artists["boundary"], w)
    wrong = misclassified(w, X, y)
    artists["wrong"].set_offsets(X[wrong].reshape(-1, 2))
    artists["pattern_title"].set_text(f"pattern space, W = {format_vector(w)}")
    update_weight_slice(artists["slice"], X, y, w)
    return artists


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
        Marker area of the patterns.

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
    X, y = _few_patterns(X, y)
    w = _check_w(w)
    (ax,) = _panels(ax, 1, (4.2, 3.8))[1]
    xlim, ylim = pattern_limits(X)
    artists = {"boundary": draw_decision_boundary(ax, w, xlim=xlim, ylim=ylim)}
    draw_patterns(ax, X, y, names=check.flag("names", names), size=check.number("size", size, above=0))
    artists["wrong"] = ax.scatter([], [], s=4.5 * size, facecolors="none", edgecolors=UPDATE, linewidths=2.5,
                                  zorder=5)
    artists["wrong"].description = WRONG
    artists["title"] = ax.set_title("", fontsize=11)
    ax.set(aspect="equal", xlabel="x1", ylabel="x2")
    update_unit(artists, X, y, w)
    return artists


def update_unit(artists, X, y, w):
    """Move the artists of `draw_unit` (drawn for the patterns X, y) to the weights w (shape (3,))."""
    artists = _artists(artists, ("boundary", "wrong", "title"), "draw_unit")
    X, y = _few_patterns(X, y)
    w = _check_w(w)
    update_decision_boundary(artists["boundary"], w)
    wrong = misclassified(w, X, y)
    artists["wrong"].set_offsets(X[wrong].reshape(-1, 2))
    artists["title"].set_text(f"W = {format_vector(w)}: {int(wrong.sum())} wrong")
    return artists


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
    size, dpi = _figsize(size), _dpi(dpi)
    fig, (ax,) = _panels(ax, 1, size, dpi=dpi)
    return fig, draw_unit(X, y, w, ax=ax)


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
    X, y = _few_patterns(X, y)
    weights = _weight_rows("weights", weights, MAX_ROWS)
    titles = _texts("titles", titles, len(weights))
    size = check.number("size", size, above=0, maximum=5)
    columns = min(len(weights), 3)  # under 8 inches: not shrunk in a notebook at 1280×720
    rows = -(-len(weights) // columns)
    fig, axes = _panels(ax, len(weights), (size * columns, size * rows * 1.1), (rows, columns))
    for ax, w, title in zip(axes, weights, titles):
        drawn = draw_unit(X, y, w, ax=ax, size=50)
        drawn["title"].set_text(f"{title}\n{drawn['title'].get_text()}")
        drawn["title"].set_fontsize(10)
        ax.set(xlabel="", ylabel="")
    return fig


def plot_weight_space(X, y, *, ax=None, path=None, lim=2.0, size=(5.2, 5.2), elev=22, azim=-58):
    """Weight space in 3-D (w0, w1, w2): the pattern planes, the solution region, and a path.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 12).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    path : array-like of shape (n_points, 3), optional
        Weight vectors to join, for example the rows of a run's weights at its updates.
    lim : float, default 2.0
        The cube shown is [-lim, lim]**3 (0 < lim <= 1e6).
    size : (float, float), default (5.2, 5.2)
        Figure size in inches.
    elev, azim : float
        The view's elevation and azimuth, in degrees.
    ax : matplotlib 3-D Axes, optional
        Where to draw (``add_subplot(projection='3d')``). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    X, y = _few_patterns(X, y, MAX_PLANES)
    if path is not None:
        path = _weight_rows("path", path, None)
    lim, size = _lim(lim), _figsize(size)
    elev, azim = check.number("elev", elev), check.number("azim", azim)
    fig, (ax,) = _panels(ax, 1, size, projection="3d")
    a, b = np.meshgrid(np.linspace(-lim, lim, 12), np.linspace(-lim, lim, 12))
    colours = ["#8e44ad", "#16a085", "#d35400", "#2c3e50", "#c0392b", "#7f8c8d"]
    for k, (x1, x2) in enumerate(X):
        height = -(x1 * a + x2 * b)  # w0 on the plane w0 + w1 x1 + w2 x2 = 0
        height = np.where(np.abs(height) <= lim, height, np.nan)
        ax.plot_surface(height, a, b, color=colours[k % len(colours)], alpha=0.22, lw=0)
        ax.plot([], [], color=colours[k % len(colours)], lw=6, alpha=0.6, label=f"W·X{k + 1} = 0")
    cube = np.random.default_rng(0).uniform(-lim, lim, size=(60_000, 3))
    solutions = cube[~misclassified(cube, X, y).any(axis=1)]
    if len(solutions):  # 150 points show the region; more only make the image heavy
        ax.scatter(*solutions[::max(1, len(solutions) // 150)].T, s=12, color=POSITIVE, alpha=0.7, lw=0,
                   label="W with no errors")
    if path is not None:
        ax.plot(*path.T, color="black", lw=2, marker="o", ms=5, label="the run's W, numbered")
        ax.scatter(*path[-1], s=160, marker="*", color="gold", edgecolor="black", zorder=10)
        for i, point in enumerate(path):
            ax.text(point[0], point[1], point[2] + 0.1 * lim, f" {i}", fontsize=11, fontweight="bold", zorder=11)
    ticks = np.linspace(-lim, lim, 5)
    ax.set(xlim=(-lim, lim), ylim=(-lim, lim), zlim=(-lim, lim), xticks=ticks, yticks=ticks, zticks=ticks)
    for axis, name in (("x", "w0"), ("y", "w1"), ("z", "w2")):
        getattr(ax, f"set_{axis}label")(name, fontsize=12)
    ax.view_init(elev=elev, azim=azim)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0.02), ncol=3, fontsize=10, frameon=False)
    return fig


def plot_error_landscape(X, y, w0, *, ax=None, lim=3.0, size=(4.4, 4.0), resolution=401):
    """The number of errors over the slice w0 = constant of weight space (Budinich 1993, figure 1).

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 64).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    w0 : float
        Where to cut weight space.
    lim : float, default 3.0
        The slice shows w1 and w2 from -lim to lim (0 < lim <= 1e6).
    size : (float, float), default (4.4, 4.0)
        Figure size in inches.
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
    X, y = _few_patterns(X, y)
    w0, lim = check.number("w0", w0), _lim(lim)
    size, resolution = _figsize(size), _landscape_resolution(resolution, len(X))
    fig, (ax,) = _panels(ax, 1, size)
    drawn = draw_weight_slice(ax, X, y, [w0, 10 * lim, 10 * lim], lim=lim, resolution=resolution)
    drawn["point"].set_visible(False)
    drawn["title"].set_text(f"errors over weight space at w0 = {_num(w0)}")
    for line in drawn["lines"]:
        line.set(color="#1f5fbf", lw=1.5)
    fig.colorbar(drawn["errors"], ax=ax, label="patterns wrong", shrink=0.8)
    return fig


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
        Figure size in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    w = _weights(w)
    x = check.weight_vector("x", x, len(w))
    if not x.any():
        raise ValueError(f"x must be a pattern with its bias input, not all zeros (it has no plane), got "
                         f"{format_vector(x)}")
    side = 1 if check.whole("c", c, minimum=-1, maximum=1) == 1 else -1
    rules = _series("rules", rules, 20, lambda name, after: check.weight_vector(f"rules[{name!r}]", after, len(w)))
    size = _figsize(size)
    before = float(dot(w, x))
    after = {name: float(dot(v, x)) for name, v in rules.items()}
    fig, (ax,) = _panels(ax, 1, size)
    values = [before, 0.0, *after.values()]
    pad = 0.18 * (max(values) - min(values) or 1.0)
    ax.set_xlim(min(values) - pad, max(values) + pad)  # every arrow inside the axes
    ax.axvline(0, color="black", lw=2)
    for row, (name, end) in enumerate(after.items()):
        right = (end > 0) == (side == 1)
        ax.annotate("", xy=(end, row), xytext=(before, row),
                    arrowprops={"arrowstyle": "-|>", "color": POSITIVE if right else UPDATE, "lw": 2})
        ax.plot([before], [row], "o", color="black", ms=5)
        ax.annotate(_num(end), (end, row), xytext=(7 if end >= before else -7, 0), textcoords="offset points",
                    ha="left" if end >= before else "right", va="center", fontsize=11,
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5})
    ax.set_yticks(range(len(rules)), list(rules), fontsize=10)
    ax.set_ylim(len(rules) - 0.4, -0.7)  # the first rule on top
    ax.set_xlabel(f"W·X of the pattern after the correction (before: {_num(before)}; its plane: W·X = 0)",
                  fontsize=10)
    wrong_text, right_text = ("wrong side: W·X ≤ 0", "right side: W·X > 0") if side == 1 else \
        ("right side: W·X ≤ 0", "wrong side: W·X > 0")
    ax.text(0.01, 1.03, wrong_text, transform=ax.transAxes, fontsize=10, color=UPDATE if side == 1 else POSITIVE)
    ax.text(0.99, 1.03, right_text, transform=ax.transAxes, fontsize=10, ha="right",
            color=POSITIVE if side == 1 else UPDATE)
    return fig


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
    X, y = _few_patterns(X, y)
    weights = _weight_rows("weights", weights, MAX_ROWS)
    titles = _texts("titles", titles, len(weights))
    lim, size = _lim(lim), check.number("size", size, above=0, maximum=5)
    columns = 2 * min(len(weights), 2)
    rows = -(-len(weights) // 2)
    fig, axes = _panels(ax, 2 * len(weights), (size * columns, size * rows * 1.05), (rows, columns))
    xlim, ylim = pattern_limits(X)
    for k, (w, title) in enumerate(zip(weights, titles)):
        pattern_ax, weight_ax = axes[2 * k], axes[2 * k + 1]
        draw_decision_boundary(pattern_ax, w, xlim=xlim, ylim=ylim)
        draw_patterns(pattern_ax, X, y, names=False, size=30)
        wrong = misclassified(w, X, y)
        pattern_ax.scatter(*X[wrong].T, s=150, facecolors="none", edgecolors=UPDATE, lw=1.8, zorder=5).description = WRONG
        pattern_ax.set(aspect="equal", xticks=[], yticks=[])
        pattern_ax.set_title(title, fontsize=10, loc="left")
        drawn = draw_weight_slice(weight_ax, X, y, w, lim=lim, resolution=121)
        for name in drawn["names"]:
            name.set_fontsize(10)
        # a short title, so that neighbouring panels' titles do not run into each other
        drawn["title"].set(text=f"its slice w0 = {_num(w[0])}: {int(wrong.sum())} wrong", fontsize=10)
        weight_ax.set(xlabel="", ylabel="")
        weight_ax.tick_params(labelsize=10)
    return fig


def plot_bound_check(pairs, *, ax=None, size=(8.2, 3.4)):
    """Observed updates against their bound, data set by data set, and how close they come.

    Left: a log-log scatter of bound (x) against observed updates (y); the
    theorem says every point lies on or below the diagonal y = x. Right: the
    distribution of observed / bound, on an axis from 0 to just past its
    largest value (with a line at 1 when some value passes it).

    Parameters
    ----------
    pairs : dict of str to (array-like, array-like)
        A name for each bound form (from 1 to 4), and (observed updates, bound)
        per data set: observed >= 0, bound > 0, the same number of each.
    size : (float, float), default (8.2, 3.4)
        Figure size in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (updates against bound, their ratio). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    pairs = _series("pairs", pairs, 4, _bound_pair)
    size = _figsize(size)
    fig, (scatter_ax, ratio_ax) = _panels(ax, 2, size, (1, 2))
    lowest, highest = np.inf, 0
    colours = [POSITIVE, NEGATIVE, "#2e8b57", "#7d3c98"]
    # The ratio axis ends just past the largest ratio (a bound that holds keeps it under 1): fixed at 0..1,
    # the bars of loose bounds would all crowd its left end.
    right = 1.05 * max(max((observed / bound).max() for observed, bound in pairs.values()), 0.01)
    for (name, (observed, bound)), colour in zip(pairs.items(), colours):
        shown = np.maximum(observed, 0.8)  # zero updates would fall off a log scale
        scatter_ax.scatter(bound, shown, s=6, alpha=0.45, color=colour, label=name, lw=0)
        ratio_ax.hist(observed / bound, bins=np.linspace(0, right, 41), alpha=0.55, color=colour, label=name)
        lowest, highest = min(lowest, shown.min(), bound.min()), max(highest, bound.max())
    if right > 1:
        ratio_ax.axvline(1, color="black", lw=1.5, label="updates = bound")
    line = [lowest * 0.8, highest * 1.25]
    scatter_ax.plot(line, line, color="black", lw=1.5, label="updates = bound")
    scatter_ax.set(xscale="log", yscale="log", xlabel="bound", ylabel="updates made")
    scatter_ax.legend(fontsize=10, loc="upper left")
    ratio_ax.set(xlabel="updates made / bound", ylabel="data sets", xlim=(0, right))
    ratio_ax.legend(fontsize=10)
    return fig


# Experiments of lessons 06 to 08: curves and maps of what was counted.


def _style(ax, title=None, xlabel=None, ylabel=None):
    """The projector sizes of lessons 06 to 08: titles 13 pt, labels 12 pt, ticks 11 pt."""
    if title is not None:
        ax.set_title(title, fontsize=13)
    if xlabel is not None:
        ax.set_xlabel(xlabel, fontsize=12)
    if ylabel is not None:
        ax.set_ylabel(ylabel, fontsize=12)
    ax.tick_params(labelsize=11)


def plot_criterion(criteria, *, ax=None, size=(8.2, 3.3)):
    """The perceptron criterion E(W) after each presentation, one panel per run, with its rises marked.

    The perceptron rule is stochastic gradient descent on E (Stensbo-Smidt
    2015, eqs. 3-6), yet E can go up at an update: the pattern presented is
    fixed while others are pushed to the wrong side. Red dots mark the
    presentations after which E is higher than before.

    Parameters
    ----------
    criteria : dict of str to array-like
        A title for each run (from 1 to 4) and E(W) before the first
        presentation and after each (`perceptron_criterion` of the run's
        weights): 1-D, finite.
    size : (float, float), default (8.2, 3.3)
        Figure size in inches.
    ax : matplotlib Axes or sequence of them, optional
        Where to draw: one Axes per run. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    criteria = _series("criteria", criteria, 4, lambda name, values: _values(f"criteria[{name!r}]", values))
    fig, axes = _panels(ax, len(criteria), _figsize(size), (1, len(criteria)))
    for one, (name, E) in zip(axes, criteria.items()):
        up = np.flatnonzero(np.diff(E) > 0) + 1
        one.step(np.arange(len(E)), E, where="post", color=POSITIVE, label="E(W)")
        one.plot(up, E[up], "o", color=UPDATE, label="E went up")
        _style(one, name, "presentation", "E(W)")
        one.legend(fontsize=11)
    return fig


def plot_weight_change(cases, *, betas=(0.0, 3.0), ax=None, size=(8.2, 3.3)):
    """One pattern's weight change Δw against the steepness β, and Budinich's β_opt, one panel per case.

    Δw(β) = β (c − f(βx)) f'(βx) for a pattern with target c = 1 and input 1
    (Budinich 1993, eq. 5, via `variants.weight_change`); the dashed line is
    `variants.beta_opt`, where it is largest (his figure 4).

    Parameters
    ----------
    cases : dict of str to float
        A title for each case (from 1 to 4) and its net input x (nonzero,
        |x| <= 1e6).
    betas : (float, float), default (0, 3)
        The range of β drawn, 0 <= low < high <= 1e3 (601 values).
    size : (float, float), default (8.2, 3.3)
        Figure size in inches.
    ax : matplotlib Axes or sequence of them, optional
        Where to draw: one Axes per case. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from .variants import beta_opt, weight_change
    cases = _series("cases", cases, 4, _net_input)
    low, high = _check_limits("betas", betas)
    if low < 0 or high > 1e3:
        raise ValueError(f"betas must be (low, high) with 0 <= low < high <= 1000, got {check.shown(betas)}")
    grid = np.linspace(low, high, 601)
    fig, axes = _panels(ax, len(cases), _figsize(size), (1, len(cases)))
    for one, (name, x) in zip(axes, cases.items()):
        best = beta_opt(x)
        changes = weight_change(grid, x)
        one.plot(grid, changes, color=POSITIVE)
        one.axvline(best, color=UPDATE, ls="--", label=f"Budinich's β_opt = 0.8884/|x| = {best:.3f}")
        _style(one, name, "β", "Δw")
        one.set_ylim(top=1.35 * changes.max())      # room for the legend above the curve
        one.legend(fontsize=11, loc="upper right")
    return fig


def _net_input(name, x):
    x = check.number(f"cases[{name!r}]", x, minimum=-1e6, maximum=1e6)
    if abs(x) < 1e-6:
        raise ValueError(f"cases[{name!r}] must be a net input x with 1e-6 <= |x| <= 1e6 (β_opt = 0.8884/|x|), got {x!r}")
    return x


def plot_grid_search(grid, soluble, *, mark=None, ax=None, size=(8.2, 4)):
    """The standard algorithm over a grid of β and βη: problems solved, and moves for the hardest.

    Budinich's figure 5 (1993, appendix): for each setting, how many problems
    the standard algorithm solved, and the most moves a problem needed where
    every soluble one was solved (elsewhere the move limit, drawn darkest).

    Parameters
    ----------
    grid : StandardGrid
        What `variants.standard_algorithm_grid` returns.
    soluble : int
        How many of its problems have a solution (104 of the 256 on 3 inputs),
        from 0 to grid.n_problems.
    mark : (float, float), optional
        A setting (β, βη) to mark with a star, "Budinich's best"; inside the
        grid's range.
    size : (float, float), default (8.2, 4)
        Figure size in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (solved, moves). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from .variants import StandardGrid
    if not isinstance(grid, StandardGrid):
        raise TypeError(f"grid must be a StandardGrid (what standard_algorithm_grid returns), got {check.shown(grid)}")
    soluble = check.whole("soluble", soluble, minimum=0, maximum=grid.n_problems)
    axes_values = (grid.betas, grid.beta_etas)
    if mark is not None:
        mark = check.array("mark", mark, "(2,): (β, βη)")
        if mark.shape != (2,) or not all(values.min() <= v <= values.max() for v, values in zip(mark, axes_values)):
            raise ValueError(f"mark must be (β, βη) inside the grid, β in [{grid.betas.min():g}, "
                             f"{grid.betas.max():g}] and βη in [{grid.beta_etas.min():g}, {grid.beta_etas.max():g}], "
                             f"got {check.shown(mark.tolist())}")
    hardest = grid.hardest(soluble)
    fig, axes = _panels(ax, 2, _figsize(size), (1, 2))
    titles = (f"problems solved ({soluble} are soluble)", f"moves for the hardest (limit {grid.move_limit})")

    def position(values, axis):  # where values fall on the grid's index axis (log spacing)
        return np.interp(np.log(values), np.log(axis), np.arange(len(axis)))

    ticks = [[v for v in (0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100) if axis.min() <= v <= axis.max()]
             for axis in axes_values]
    for one, values, title, colours in zip(axes, (grid.solved, hardest), titles, ("viridis", "viridis_r")):
        image = one.imshow(values.T, origin="lower", cmap=colours, aspect="auto")
        if mark is not None:
            one.plot(*[position(v, axis) for v, axis in zip(mark, axes_values)], "*", color=UPDATE, ms=18,
                     mec="white", label="Budinich's best")
        one.set_xticks(position(ticks[0], grid.betas), [f"{v:g}" for v in ticks[0]])
        one.set_yticks(position(ticks[1], grid.beta_etas), [f"{v:g}" for v in ticks[1]])
        _style(one, title, "β", "βη")
        fig.colorbar(image, ax=one).ax.tick_params(labelsize=11)
    if mark is not None:
        axes[0].legend(loc="upper left", fontsize=11)
    return fig


def plot_cover_check(measured, trials, *, ax=None, size=(8.2, 3.5)):
    """Measured fractions of separable random labellings against Cover's curve, and the curve as d grows.

    One panel per d measured: the fraction of random labellings of n random
    points that a unit with d weights separates, each with its 95% Wilson
    interval (`capacity.fraction_interval`), against Cover's P(n, d) (Cover
    1965; `capacity.separable_probability`), with n = d and n = 2d marked.
    A last panel draws P against n/d for d = 2, 4, 20 and 200: it tends to a
    step at n = 2d.

    Parameters
    ----------
    measured : dict of int to array-like
        For 1 to 3 values of d (whole numbers from 1 to 200), the fractions
        measured at n = 1, 2, ..., len: values in [0, 1], each a whole
        number of sets divided by `trials`.
    trials : int
        Sets drawn per n (for the intervals and the legend), from 1 to 10**6.
    size : (float, float), default (8.2, 3.5)
        Figure size in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: one Axes per d and one for the curves. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from .capacity import separable_probability
    measured = _series("measured", measured, 3, _fractions, what="d to its fractions",
                       key=lambda name, d: check.whole(name, d, minimum=1, maximum=200))
    trials = check.whole("trials", trials, minimum=1, maximum=10**6)
    intervals = {d: _intervals(f"measured[{d}]", fractions, trials) for d, fractions in measured.items()}
    fig, axes = _panels(ax, len(measured) + 1, _figsize(size), (1, len(measured) + 1))
    for one, (d, fractions) in zip(axes, measured.items()):
        sizes = np.arange(1, len(fractions) + 1)
        one.plot(sizes, [float(separable_probability(n, d)) for n in sizes], color="black", label="Cover")
        one.plot(sizes, fractions, "o", color=POSITIVE, label=f"measured ({trials} sets per n)")
        one.vlines(sizes, *intervals[d], color=POSITIVE, lw=1.5, label="95% interval")
        one.axvline(d, color="#2a9d3a", ls=":", label="n = d")
        one.axvline(2 * d, color=UPDATE, ls="--", label="n = 2d")
        one.set_ylim(-0.04, 1.04)
        _style(one, f"d = {d}: {d - 1} input{'' if d == 2 else 's'} + bias", "points n")
    curves = axes[-1]
    # each d its own colour (Okabe and Ito's) and line style, so that no two curves differ by colour alone
    for d, colour, dashes in zip((2, 4, 20, 200), CLASS_COLORS, ("-", "--", ":", "-.")):
        sizes = range(1, 4 * d + 1)
        curves.plot([n / d for n in sizes], [float(separable_probability(n, d)) for n in sizes], label=f"d = {d}",
                    color=colour, ls=dashes, lw=2)
    curves.axvline(2, color=UPDATE, ls="--")
    _style(curves, "Cover's curve as d grows", "points per weight n / d")
    axes[0].set_ylabel("P(separable)", fontsize=12)
    for one in axes:
        one.axhline(0.5, color="grey", lw=0.8)
    # one legend for the measured panels, under them, where it hides no point
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center", ncol=5, fontsize=11,
               frameon=False)
    curves.legend(fontsize=11, loc="lower left")   # the empty corner: the crossing at n = 2d stays in view
    return fig


def _intervals(name, fractions, trials):
    """The 95% Wilson intervals of fractions measured in `trials` sets each: (lows, highs)."""
    from .capacity import fraction_interval
    hits = np.asarray(fractions, float) * trials
    if np.abs(hits - np.round(hits)).max() > 1e-6 * trials:
        raise ValueError(f"{name} must hold whole numbers of sets divided by trials={trials}, got "
                         f"{check.shown(np.asarray(fractions).tolist())}")
    ends = [fraction_interval(int(h), trials) for h in np.round(hits)]
    return [low for low, _ in ends], [high for _, high in ends]


def _fractions(d, values):
    """measured[d] of plot_cover_check: at most 1000 fractions in [0, 1]."""
    values = _values(f"measured[{d!r}]", values)
    if len(values) > 1000 or values.min() < 0 or values.max() > 1:
        raise ValueError(f"measured[{d}] must hold at most 1000 fractions, each in [0, 1], "
                         f"got {len(values)} from {values.min():g} to {values.max():g}")
    return values


def _corner_fractions(m, pair):
    """cube[m] of plot_cube_check: (corner counts, each 1 to 2**m; as many fractions in [0, 1])."""
    if not isinstance(pair, (tuple, list)) or len(pair) != 2:
        raise TypeError(f"cube[{m}] must be a pair (corners n, fractions), got {check.shown(pair)}")
    sizes = check.array(f"cube[{m}][0]", pair[0], "(n_sizes,)", ndim=1, integer=True)
    fractions = _values(f"cube[{m}][1]", pair[1])
    if len(sizes) != len(fractions) or len(sizes) > 1000 or sizes.min() < 1 or sizes.max() > 2**m \
            or fractions.min() < 0 or fractions.max() > 1:
        raise ValueError(f"cube[{m}] must hold as many corner counts (each 1 to 2**{m}) as fractions (each in "
                         f"[0, 1]), at most 1000, got {len(sizes)} and {len(fractions)}")
    return sizes.tolist(), fractions


def _n_sizes(name, sizes, most):
    sizes = check.array(name, sizes, "(n_sizes,)", ndim=1, integer=True)
    if not 1 <= len(sizes) <= 8 or sizes.min() < 1 or sizes.max() > most:
        raise ValueError(f"{name} must hold 1 to 8 whole numbers from 1 to {most}, got {check.shown(sizes.tolist())}")
    return [int(n) for n in sizes]


def plot_n_min(n=40, sizes=(25, 50, 100, 200, 400), *, ax=None, size=(8.2, 3.5)):
    """Budinich's expected number of local minima N_min(n, d), against d, on a linear and a log scale.

    N_min = R(n, d) / 2**S(n, d) (Budinich 1993, section 3, eq. 4 and
    figure 2; `capacity.n_min`), with Budinich's d: the number of inputs of
    a unit with a threshold. Left: n patterns, d from 1 to n, with the d of
    the most minima (`capacity.n_min_peak`). Right: log10 N_min against
    d / n for several n; for each n the peak sits near d = n / 5.

    Parameters
    ----------
    n : int, default 40
        Patterns in the left panel, from 2 to 400.
    sizes : sequence of int, default (25, 50, 100, 200, 400)
        The n of the right panel's curves, 1 to 8 of them, each from 1 to 1000.
    size : (float, float), default (8.2, 3.5)
        Figure size in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (linear, logarithmic). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from .capacity import log_n_min, n_min, n_min_peak
    n = check.whole("n", n, minimum=2, maximum=400)
    sizes = _n_sizes("sizes", sizes, 1000)
    fig, (linear, logarithmic) = _panels(ax, 2, _figsize(size), (1, 2))
    dims = range(1, n + 1)
    linear.plot(dims, [n_min(n, d) for d in dims], "o-", ms=4, color=POSITIVE)
    linear.axvline(n_min_peak(n), color=UPDATE, ls="--", label=f"largest at d = {n_min_peak(n)}")
    _style(linear, f"linear scale, n = {n} patterns", "inputs d", "N_min(n, d)")
    blues = ("#9ecae1", "#6baed6", "#3182bd", "#08519c", "#08306b", "#041e45", "#020f24", "#000000")
    for m, colour in zip(sizes, blues):
        logarithmic.plot([d / m for d in range(1, m + 1)], [log_n_min(m, d) / np.log(10) for d in range(1, m + 1)],
                         color=colour, label=f"n = {m}")
    logarithmic.axvline(0.2, color=UPDATE, ls="--", label="d = n / 5")
    _style(logarithmic, "logarithmic scale, several n", "inputs per pattern d / n", "log₁₀ N_min(n, d)")
    for one in (linear, logarithmic):
        one.legend(fontsize=11)
    return fig


def plot_n_min_map(d_top=40, *, ax=None, size=(8, 4.6)):
    """The n-d plane shaded by N_min(n, d) / its largest value at that n, with Budinich's four regions.

    Budinich's figure 3 (1993, section 3): the lines n = d, n = 2d and n = 5d
    divide the plane into four regions (numbered as in his text); the dots
    mark, for each n, the d with the most local minima (`capacity.n_min_peak`).
    d is Budinich's: the number of inputs of a unit with a threshold.

    Parameters
    ----------
    d_top : int, default 40
        The largest d drawn, from 10 to 100; n goes up to 5 * d_top.
    size : (float, float), default (8, 4.6)
        Figure size in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from .capacity import log_n_min, n_min_peak
    d_top = check.whole("d_top", d_top, minimum=10, maximum=100)
    n_top = 5 * d_top
    logs = np.array([[log_n_min(n, d) for d in range(1, d_top + 1)] for n in range(1, n_top + 1)])
    fig, (one,) = _panels(ax, 1, _figsize(size))
    image = one.imshow(np.exp(logs - logs.max(axis=1, keepdims=True)), origin="lower", aspect="auto", cmap="Blues",
                       extent=(0.5, d_top + 0.5, 0.5, n_top + 0.5))
    box = {"facecolor": "white", "edgecolor": "none", "alpha": 0.85}
    right = d_top + 0.5
    # Names and region numbers where they sit clear of the lines (as fractions of d_top and n_top).
    for k, style, (x, y) in zip((1, 2, 5), (":", "--", "-"), ((0.875, 0.26), (0.85, 0.43), (0.35, 0.51))):
        one.plot([0, right], [0, k * right], style, color=UPDATE, lw=2)
        one.text(x * d_top, y * n_top, "n = d" if k == 1 else f"n = {k}d", fontsize=12, color=UPDATE, ha="center",
                 va="top", bbox=box)
    peaks = range(5, n_top + 1, 5)
    one.plot([n_min_peak(n) for n in peaks], peaks, "o", ms=4, color=NEGATIVE, label="largest N_min for each n")
    for region, (x, y) in zip("1234", ((0.625, 0.06), (0.625, 0.185), (0.625, 0.425), (0.15, 0.75))):
        one.text(x * d_top, y * n_top, region, fontsize=18, fontweight="bold", ha="center", va="center", bbox=box)
    one.set(xlim=(0.5, right), ylim=(0.5, n_top + 0.5))
    _style(one, None, "inputs d", "patterns n")
    one.legend(fontsize=11, loc="upper left")
    colours = fig.colorbar(image, ax=one)
    colours.set_label("N_min / its largest value at this n", fontsize=12)
    colours.ax.tick_params(labelsize=11)
    return fig


def plot_boolean_fractions(counts, *, ax=None, size=(7, 3.4)):
    """The fraction of Boolean functions of m inputs that are threshold functions, against Cover's count.

    Threshold functions of m inputs out of all 2**2**m, on a log scale
    (Budinich 1993 counts 104 for 3 inputs, appendix, and 1882 for 4,
    section 4), and Cover's C(2**m, m + 1) / 2**2**m for as many points in
    general position and a unit with m + 1 weights (Cover 1965;
    `capacity.separable_dichotomies`).

    Parameters
    ----------
    counts : sequence of int
        The number of threshold functions of 0, 1, 2, ... inputs (2 to 9
        values, each from 1 to 2**2**m).
    size : (float, float), default (7, 3.4)
        Figure size in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from .capacity import separable_dichotomies
    if not isinstance(counts, (list, tuple, np.ndarray)) or not 2 <= len(counts) <= 9:
        raise (TypeError if not isinstance(counts, (list, tuple, np.ndarray)) else ValueError)(
            f"counts must be a sequence of 2 to 9 counts (0, 1, 2, ... inputs), got {check.shown(counts)}")
    counts = [check.whole(f"counts[{m}]", c, minimum=1, maximum=2**2**m) for m, c in enumerate(counts)]
    inputs = range(len(counts))
    fig, (one,) = _panels(ax, 1, _figsize(size))
    one.semilogy(inputs, [c / 2**2**m for m, c in enumerate(counts)], "o-", color=POSITIVE,
                 label="threshold functions")
    one.semilogy(inputs, [separable_dichotomies(2**m, m + 1) / 2**2**m for m in inputs], "s--", color="grey",
                 label="Cover's count (general position)")
    _style(one, None, "inputs m", "fraction of all functions")
    one.legend(fontsize=11)
    return fig


def plot_cube_check(cube, *, trials=None, ax=None, size=(7, 3.4)):
    """Measured fractions of separable random labellings of random cube corners, against Cover's curve.

    Budinich (1993, section 3, citing Budinich 1991) notes that for large m
    fewer than O((m + 1)**(3/2)) corners of the m-cube can be treated as if
    they were in general position; the picture sets the fraction measured
    for n random corners against Cover's P(n, m + 1) for a unit with m + 1
    weights (Cover 1965), both against n / (m + 1).

    Parameters
    ----------
    cube : dict of int to (sequence of int, array-like)
        For 1 to 4 cube dimensions m (from 1 to 30): the numbers of corners n
        (each from 1 to 2**m) and the fraction separable measured for each.
    trials : int, optional
        Sets drawn per n, from 1 to 10**6: then each fraction (a whole
        number of sets divided by `trials`) gets its 95% Wilson interval
        (`capacity.fraction_interval`).
    size : (float, float), default (7, 3.4)
        Figure size in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from .capacity import separable_probability
    checked = _series("cube", cube, 4, _corner_fractions, what="m to (corners n, fractions)",
                      key=lambda name, m: check.whole(name, m, minimum=1, maximum=30))
    if trials is not None:
        trials = check.whole("trials", trials, minimum=1, maximum=10**6)
        intervals = {m: _intervals(f"cube[{m}][1]", fractions, trials) for m, (_, fractions) in checked.items()}
    fig, (one,) = _panels(ax, 1, _figsize(size))
    for (m, (sizes, fractions)), colour in zip(checked.items(), (NEGATIVE, POSITIVE, "#2a9d3a", "black")):
        ratio = [n / (m + 1) for n in sizes]
        one.plot(ratio, [float(separable_probability(n, m + 1)) for n in sizes], "-", color=colour,
                 label=f"Cover, {m + 1} weights")
        one.plot(ratio, fractions, "o", color=colour, label=f"corners of the {m}-cube")
        if trials is not None:
            one.vlines(ratio, *intervals[m], color=colour, lw=1.5)
    one.axvline(2, color="grey", ls="--")
    _style(one, None if trials is None else f"{trials} sets per n; bars: 95% intervals",
           "corners per weight n / (m + 1)", "P(separable)")
    one.legend(fontsize=11)
    return fig


# Checks of the pictures' own kinds of input; the plain ones are in `validation`.


def _axes(name, ax):
    if not isinstance(ax, Axes):
        raise TypeError(f"{name} must be a matplotlib Axes, got {check.shown(ax)}")
    return ax


def _axes_pair(axes):
    if isinstance(axes, np.ndarray):
        axes = axes.ravel().tolist()
    if not isinstance(axes, (list, tuple)) or len(axes) != 2:
        raise TypeError(f"axes must be two matplotlib Axes (pattern space, weights), got {check.shown(axes)}")
    return _axes("axes[0]", axes[0]), _axes("axes[1]", axes[1])


def _panels(ax, count, figsize, grid=(1, 1), *, projection=None, dpi=None, **grid_style):
    """(figure, list of `count` Axes) for a picture of `count` panels.

    With ax None: a new Picture of size `figsize` with a grid of panels (spare
    panels hidden). Otherwise the Axes given (one Axes, or a sequence or array
    of them), checked: exactly `count`, 3-D where the picture is 3-D.
    """
    if ax is None:
        fig = Picture(figsize=figsize, dpi=dpi, layout="constrained")
        rows, cols = grid
        if projection is None:
            axes = list(np.ravel(fig.subplots(rows, cols, squeeze=False, **grid_style)))
        else:
            axes = [fig.add_subplot(rows, cols, i + 1, projection=projection) for i in range(count)]
        for spare in axes[count:]:
            spare.set_axis_off()
        return fig, axes[:count]
    given = [ax] if isinstance(ax, Axes) else (list(np.ravel(np.asarray(ax, dtype=object)))
                                                 if isinstance(ax, (list, tuple, np.ndarray)) else None)
    if given is None or len(given) != count:
        what = "a matplotlib Axes" if count == 1 else f"{count} matplotlib Axes (one per panel)"
        raise (TypeError if given is None else ValueError)(
            f"ax must be {what} or None (a new figure), got {check.shown(ax) if given is None else len(given)}")
    for i, one in enumerate(given):
        name = "ax" if count == 1 else f"ax[{i}]"
        if _axes(name, one).name != "3d" and projection == "3d":
            raise TypeError(f"{name} must be a 3-D Axes (add_subplot(projection='3d')), got a {one.name} Axes")
    return given[0].figure, given


def _artists(artists, keys, maker):
    """The dict a draw function returned (its keys are checked, so that a wrong dict is named)."""
    if not isinstance(artists, dict) or not all(key in artists for key in keys):
        raise TypeError(f"artists must be the dict that {maker} returned, got {check.shown(artists)}")
    return artists


def _check_trace(trace, *, plane=True):
    """A recorded run (a Trace, with its per-presentation record), on two features when `plane`."""
    if not isinstance(trace, Trace):
        raise TypeError(f"trace must be a Trace (what train returns), got {check.shown(trace)}")
    if not trace.recorded:
        raise ValueError("trace must have the per-presentation record (pictures of a run draw every "
                         "presentation), got a run made with record=False; run train(..., record=True)")
    if plane and trace.X.shape[1] != 3:
        raise ValueError(f"trace must be a run on patterns with 2 features: pictures in pattern space need "
                         f"patterns with 2 features, got {trace.X.shape[1] - 1}")
    return trace


def _step(trace, k):
    return check.whole("k", k, minimum=0, maximum=trace.n_presentations)


def _few_patterns(X, y, most=MAX_PATTERNS):
    """Patterns in the plane and their labels, at most `most` (a line or a plane is drawn for each)."""
    X, y, _ = _patterns_and_labels(X, y, n_features=2)
    if len(X) > most:
        raise ValueError(f"X must hold at most {most} patterns for this picture of weight space "
                         f"(it draws a line or a plane for each), got {len(X)}")
    return X, y


def _landscape_resolution(resolution, n_samples):
    """Grid points per axis of an error landscape, so that the grid's work stays within MAX_GRID_WORK."""
    resolution = check.whole("resolution", resolution, minimum=2, maximum=MAX_RESOLUTION)
    if resolution ** 2 * n_samples > MAX_GRID_WORK:
        most = int((MAX_GRID_WORK / n_samples) ** 0.5)
        raise ValueError(f"resolution must be at most {most} with {n_samples} patterns (resolution**2 * n_samples "
                         f"<= {MAX_GRID_WORK:,}, a couple of seconds), got {resolution}")
    return resolution


def _weights(w, minimum=1):
    """One weight vector of any length >= minimum."""
    w = check.array("w", w, "(n_weights,)", ndim=1)
    if len(w) < minimum:
        raise ValueError(f"w must hold at least {minimum} weights [w0, w1, ...], got shape {w.shape}")
    return w + 0.0


def _weight_rows(name, weights, most):
    """Rows [w0, w1, w2], at least one and at most `most` (None: no limit)."""
    weights = check.array(name, weights, "(n_rows, 3)", ndim=2)
    if weights.shape[1] != 3 or len(weights) == 0:
        raise ValueError(f"{name} must have shape (n_rows, 3), rows [w0, w1, w2], got shape {weights.shape}")
    if most is not None and len(weights) > most:
        raise ValueError(f"{name} must hold at most {most} rows here, got {len(weights)}")
    return weights



def _texts(name, values, count):
    """A list of `count` strings."""
    if isinstance(values, str) or not isinstance(values, (list, tuple)):
        raise TypeError(f"{name} must be a list of {count} str, got {check.shown(values)}")
    if len(values) != count:
        raise ValueError(f"{name} must hold {count} str (one each), got {len(values)}")
    return [check.text(f"{name}[{i}]", v) for i, v in enumerate(values)]


def _series(name, mapping, most, each, *, key=check.text, what="str to values"):
    """A dict of 1 to `most` entries: each key checked by key(name, key), each value by each(checked key, value)."""
    if not isinstance(mapping, dict):
        raise TypeError(f"{name} must be a dict of 1 to {most} entries, {what}, got {check.shown(mapping)}")
    if not 1 <= len(mapping) <= most:
        raise ValueError(f"{name} must hold from 1 to {most} entries, got {len(mapping)}")
    checked = {}
    for raw, value in mapping.items():
        k = key(f"the keys of {name}", raw)
        checked[k] = each(k, value)
    return checked


def _values(name, values):
    values = check.array(name, values, "(n_values,)", ndim=1)
    if len(values) == 0:
        raise ValueError(f"{name} must hold at least one value, got an empty array")
    return values


def _bound_pair(name, pair):
    if not isinstance(pair, (tuple, list)) or len(pair) != 2:
        raise TypeError(f"pairs[{name!r}] must be a pair (observed updates, bound), got {check.shown(pair)}")
    observed, bound = _values(f"pairs[{name!r}][0]", pair[0]), _values(f"pairs[{name!r}][1]", pair[1])
    if len(observed) != len(bound):
        raise ValueError(f"pairs[{name!r}] must hold as many bounds as observed counts, got {len(observed)} "
                         f"and {len(bound)}")
    if observed.min() < 0 or bound.min() <= 0:
        raise ValueError(f"pairs[{name!r}] must hold observed updates >= 0 and bounds > 0, got smallest "
                         f"{observed.min():g} and {bound.min():g}")
    return observed, bound


def _figsize(size):
    """(width, height) in inches, each > 0 and at most MAX_INCHES."""
    size = check.array("size", size, "(2,): (width, height) in inches")
    if size.shape != (2,) or not ((size > 0) & (size <= MAX_INCHES)).all():
        raise ValueError(f"size must be (width, height) in inches, each > 0 and <= {MAX_INCHES}, "
                         f"got {check.shown(size.tolist())}")
    return tuple(size.tolist())


def _dpi(dpi):
    return check.whole("dpi", dpi, minimum=20, maximum=400)


def _lim(lim):
    """Half the side of a weight-space picture: > 0, and small enough that grid times pattern cannot overflow."""
    return check.number("lim", lim, above=0, maximum=1e6)


def _resolution(resolution):
    return check.whole("resolution", resolution, minimum=2, maximum=MAX_RESOLUTION)


# ---------------------------------------------------------------- beyond two classes (lesson 09)

UNIT_STYLES = ["-", "--", ":", "-."]   # unit 1, 2, 3, 4 (then again)
MAX_CLASS_PANELS = 16
FONT = 11              # lesson 09's pictures: no text under 11 pt, for a projector


def draw_classes(X, labels, *, ax=None, size=30, **style):
    """Patterns in the plane (or in space), each class with its own marker and colour (ten of each, then again).

    Two classes take the marks of the rest of the package: class 1 (target
    1 or +1) blue circles, class 0 (target 0 or -1) orange squares. More
    classes take `CLASS_MARKERS` and `CLASS_COLORS` (colour-blind safe), so
    that no two classes differ by colour alone.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2) or (n_samples, 3)
        Three features need a 3-D Axes.
    labels : array-like of shape (n_samples,)
        Class numbers from 0 (labels -1/+1 are drawn as 0/1).
    ax : Axes, optional
        Where to draw; a new figure's axes by default.
    size : float, default 30
        Marker area.
    **style
        Passed on to ``ax.scatter``.

    Returns
    -------
    dict
        Class number -> PathCollection (labelled "class k"), for the classes present.

    Examples
    --------
    >>> drawn = draw_classes([[0, 0], [1, 1], [2, 0]], [0, 1, 1])
    >>> drawn[1].get_offsets().tolist(), drawn[1].get_label()
    ([[1.0, 1.0], [2.0, 0.0]], 'class 1')
    """
    X, labels = _class_points(X, labels, features=(2, 3))
    if ax is None:
        ax = Picture(figsize=(4, 4), layout="constrained").add_subplot(projection="3d" if X.shape[1] == 3 else None)
    ax = _axes("ax", ax)
    if X.shape[1] == 3 and ax.name != "3d":
        raise ValueError(f"ax must be a 3-D Axes for patterns with 3 features, got a {ax.name!r} Axes")
    size = check.positive("size", size)
    colors, markers = _class_marks(int(labels.max()) + 1)
    return {k: ax.scatter(*X[labels == k].T, s=size, color=colors[k % len(colors)],
                          marker=markers[k % len(markers)], zorder=3, label=f"class {k}", **style)
            for k in np.unique(labels).tolist()}


def plot_layer_steps(run, X, *, ax=None, steps=None, ncols=4, size=2.7, elev=18, azim=-62):
    """A layer of units learning K classes, one panel per chosen step (the perceptron-network notes' two figures).

    Each panel shows the classes and each unit's boundary W_i·X = 0 after
    that presentation: lines in the plane, planes in space (cut to the box
    around the patterns), unit 1 solid, unit 2 dashed, unit 3 dotted. The
    pattern just presented is ringed, in red when some unit was corrected.

    Parameters
    ----------
    run : LayerRun
        A `train_layer` run on patterns with two or three features.
    X : array-like of shape (n_samples, 2) or (n_samples, 3)
        Its patterns.
    steps : list of int, optional
        Presentations to show, 0 (the start) to run.n_presentations, 1 to 16
        of them; by default the start and every presentation that corrected a
        unit (15 of them, evenly spread, when there are more).
    ncols : int, default 4
    size : float, default 2.7
        Panel size in inches.
    elev, azim : float, default 18, -62
        The viewing angle of 3-D panels, in degrees.
    ax : sequence of matplotlib Axes, optional
        Where to draw: one Axes per step (3-D for patterns with 3 features). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.

    Examples
    --------
    >>> from perceptron_lib import corner_clusters, train_layer
    >>> X, labels = corner_clusters(2, n_per_class=5, seed=1)
    >>> figure = plot_layer_steps(train_layer(X, labels, code="binary"), X)
    >>> figure.axes[0].get_title()
    'start'
    """
    X = check.patterns("X", X)
    if not hasattr(run, "weights_at") or len(run.labels) != len(X) or run.units[0].X.shape[1] != X.shape[1] + 1:
        raise TypeError(f"run must be the LayerRun of these {len(X)} patterns, got {check.shown(run)}")
    if X.shape[1] not in (2, 3):
        raise ValueError(f"X must have 2 or 3 features (a plane or a space to draw), got {X.shape[1]}")
    steps = _layer_steps(run, steps)
    ncols = min(check.whole("ncols", ncols, minimum=1, maximum=8), len(steps))
    size = check.number("size", size, above=0, maximum=MAX_INCHES / 8)
    elev, azim = check.number("elev", elev, minimum=-90, maximum=90), check.number("azim", azim)
    fig, axes = _panels(ax, len(steps), (size * ncols, size * -(-len(steps) // ncols)),
                        (-(-len(steps) // ncols), ncols), projection="3d" if X.shape[1] == 3 else None)
    updated = run.updated
    for ax, k in zip(axes, steps):
        _draw_layer(ax, run, X, k, (elev, azim))
        title = "start"
        if k:
            j, units = run.pattern[k - 1], np.flatnonzero(updated[k - 1]) + 1
            ring = ax.scatter(*X[j], s=170, facecolors="none", edgecolors=UPDATE if len(units) else "black", lw=2,
                              zorder=4)
            ring.description = "the pattern presented, " + (f"corrected unit(s) {', '.join(map(str, units))}"
                                                             if len(units) else "no unit corrected")
            title = f"{k}: X{j + 1}" + (f", unit{'s' * (len(units) > 1)} {', '.join(map(str, units))}"
                                         if len(units) else "")
        ax.set_title(title, fontsize=FONT)
    _class_legend(fig, axes)
    return fig


def _layer_steps(run, steps):
    if steps is None:
        corrected = np.flatnonzero(run.updated.any(axis=1)) + 1
        if len(corrected) > MAX_CLASS_PANELS - 1:
            corrected = corrected[np.unique(np.linspace(0, len(corrected) - 1, MAX_CLASS_PANELS - 1).round()
                                            .astype(int))]
        return [0, *corrected.tolist()]
    if isinstance(steps, str) or not isinstance(steps, (list, tuple, np.ndarray)) \
            or not 1 <= len(steps) <= MAX_CLASS_PANELS:
        raise ValueError(f"steps must choose 1 to {MAX_CLASS_PANELS} panels, got {check.shown(steps)}")
    return [check.whole("steps", k, minimum=0, maximum=run.n_presentations) for k in steps]


def _draw_layer(ax, run, X, k, view):
    """The classes and every unit's boundary after presentation k, on a 2-D or 3-D Axes."""
    lows, highs = X.min(axis=0), X.max(axis=0)
    pad = 0.15 * float((highs - lows).max()) + 0.1
    lows, highs = lows - pad, highs + pad
    draw_classes(X, run.labels, ax=ax, size=12 if X.shape[1] == 2 else 6,
                 **({} if X.shape[1] == 2 else {"depthshade": False}))
    for i, w in enumerate(run.weights_at(k)):
        if X.shape[1] == 2:
            drawn = draw_decision_boundary(ax, w, xlim=(lows[0], highs[0]), ylim=(lows[1], highs[1]), arrow=False,
                                           lw=1.8, ls=UNIT_STYLES[i % 4], color="black")
            drawn["side"].set_visible(False)
        else:
            _draw_plane(ax, w, lows, highs, UNIT_STYLES[i % 4])
    ax.set(xlim=(lows[0], highs[0]), ylim=(lows[1], highs[1]), xticks=[], yticks=[])
    if X.shape[1] == 2:
        ax.set_aspect("equal")
    else:
        ax.set(zlim=(lows[2], highs[2]), zticks=[])
        ax.view_init(*view)


def _draw_plane(ax, w, lows, highs, style):
    """The plane W·X = 0 where it cuts the box [lows, highs], as a translucent polygon (None if it misses)."""
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    corners = _plane_polygon(w, lows, highs)
    if len(corners) < 3:
        return None
    plane = Poly3DCollection([corners], facecolor=(0.5, 0.5, 0.5, 0.2), edgecolor="black", linewidths=1.6,
                             linestyles=style)
    ax.add_collection3d(plane)
    return plane


def _plane_polygon(w, lows, highs):
    """Where w0 + w1 x1 + w2 x2 + w3 x3 = 0 crosses the edges of the box, in order around the polygon."""
    box = np.array([[a, b, c] for a in (lows[0], highs[0]) for b in (lows[1], highs[1]) for c in (lows[2], highs[2])])
    values = nets(w, add_with_ones(box))
    points = [box[i] + values[i] / (values[i] - values[j]) * (box[j] - box[i])
              for i in range(8) for j in range(i + 1, 8)
              if np.count_nonzero(box[i] != box[j]) == 1 and (values[i] > 0) != (values[j] > 0)]
    if len(points) < 3:
        return np.empty((0, 3))
    points = np.array(points)
    offsets = points - points.mean(axis=0)
    across = np.cross(np.asarray(w[1:], float), offsets[0])      # with offsets[0]: two directions in the plane
    return points[np.argsort(np.arctan2(dot(offsets, across), dot(offsets, offsets[0])))]


def draw_regions(predict, *, xlim, ylim, n_classes, ax=None, resolution=120, **style):
    """Shade the plane by the class `predict` gives each point of a grid.

    Parameters
    ----------
    predict : callable
        ``predict(points)`` of an (n, 2) array returns n class numbers (or
        labels -1/+1, drawn as 0/1).
    xlim, ylim : (float, float)
    n_classes : int
        From 2 to 10: one colour each.
    ax : Axes, optional
        Where to draw; a new figure's axes by default.
    resolution : int, default 120
        Grid points per axis, from 2 to 400.
    **style
        Passed on to ``ax.pcolormesh`` (alpha 0.25 by default).

    Returns
    -------
    QuadMesh

    Examples
    --------
    >>> mesh = draw_regions(lambda p: (p[:, 0] > 0).astype(int), xlim=(-1, 1), ylim=(-1, 1), n_classes=2,
    ...                     resolution=2)
    >>> np.asarray(mesh.get_array()).ravel().tolist()
    [0.0, 1.0, 0.0, 1.0]
    """
    predict = check.function("predict", predict, "predict(points)")
    xlim, ylim = _check_limits("xlim", xlim), _check_limits("ylim", ylim)
    n_classes = check.whole("n_classes", n_classes, minimum=2, maximum=len(CLASS_COLORS))
    resolution = check.whole("resolution", resolution, minimum=2, maximum=400)
    (ax,) = _panels(ax, 1, (4, 4))[1]
    u, v = np.meshgrid(np.linspace(*xlim, resolution), np.linspace(*ylim, resolution))
    classes = np.asarray(predict(np.column_stack([u.ravel(), v.ravel()])))
    classes = np.where(classes < 0, 0, classes).reshape(u.shape).astype(float)
    from matplotlib.colors import ListedColormap
    style = {"alpha": 0.25, "shading": "auto", "zorder": 1, **style}
    return ax.pcolormesh(u, v, classes, cmap=ListedColormap(_class_marks(n_classes)[0][:n_classes]), vmin=-0.5,
                         vmax=n_classes - 0.5, **style)


def plot_regions(predicts, X, labels, titles, *, ax=None, size=3.4, resolution=120):
    """Decision regions of several classifiers on the same patterns, side by side.

    Parameters
    ----------
    predicts : list of callable
        One ``predict(points)`` per panel (1 to 4).
    X : array-like of shape (n_samples, 2)
    labels : array-like of shape (n_samples,)
        Class numbers from 0 (or labels -1/+1, drawn as 0/1).
    titles : list of str
        One per panel.
    size : float, default 3.4
        Panel size in inches.
    resolution : int, default 120
    ax : sequence of matplotlib Axes, optional
        Where to draw: one Axes per classifier. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    if not isinstance(predicts, (list, tuple)) or not 1 <= len(predicts) <= 4:
        raise TypeError(f"predicts must be a list of 1 to 4 functions, got {check.shown(predicts)}")
    X, labels = _class_points(X, labels)
    titles = _texts("titles", titles, len(predicts))
    size = check.number("size", size, above=0, maximum=MAX_INCHES / 4)
    fig, axes = _panels(ax, len(predicts), (size * len(predicts), size), (1, len(predicts)))
    xlim, ylim = pattern_limits(X, pad=0.2)
    for ax, predict, title in zip(axes, predicts, titles):
        draw_regions(predict, xlim=xlim, ylim=ylim, n_classes=max(2, int(labels.max()) + 1), ax=ax,
                     resolution=resolution)
        draw_classes(X, labels, ax=ax, size=22 if len(X) > 20 else 110, edgecolors="white", linewidths=0.5)
        ax.set(xlim=xlim, ylim=ylim, aspect="equal")
        ax.set_xlabel("x1", fontsize=FONT)
        ax.set_ylabel("x2", fontsize=FONT)
        ax.tick_params(labelsize=FONT)
        ax.set_title(title, fontsize=FONT + 1)
    _class_legend(fig, axes)
    return fig


def draw_confusion(matrix, *, ax=None, title=None, **style):
    """A confusion matrix as a table of counts, the mistakes shaded (the perceptron-network notes' matrices).

    Row = true class, column = predicted class. Off the diagonal a cell is
    darker the more mistakes it counts; every count is written in its cell.

    Parameters
    ----------
    matrix : array-like of shape (K, K)
        Counts >= 0, K at most 20 (`confusion_matrix`).
    ax : Axes, optional
        Where to draw; a new figure's axes by default.
    title : str, optional
    **style
        Passed on to ``ax.imshow`` (cmap "Reds" by default).

    Returns
    -------
    dict
        "image": the AxesImage; "counts": the Text of each cell, row by row.

    Examples
    --------
    >>> drawn = draw_confusion([[5, 1], [0, 4]])
    >>> [text.get_text() for text in drawn["counts"]]
    ['5', '1', '0', '4']
    """
    matrix = check.array("matrix", matrix, "(K, K)", ndim=2, integer=True)
    if matrix.shape[0] != matrix.shape[1] or not 1 <= matrix.shape[0] <= 20 or (matrix < 0).any():
        raise ValueError(f"matrix must be a square table of counts >= 0, 1 x 1 to 20 x 20, got shape {matrix.shape} "
                         f"with smallest count {matrix.min(initial=0)}")
    title = None if title is None else check.text("title", title)
    (ax,) = _panels(ax, 1, (4.6, 4.6))[1]
    mistakes = np.where(np.eye(len(matrix), dtype=bool), 0, matrix)
    darkest = max(1, int(mistakes.max()))
    image = ax.imshow(mistakes, **{"cmap": "Reds", "vmin": 0, "vmax": darkest, **style})
    counts = [ax.text(j, i, str(count), ha="center", va="center", fontsize=FONT,
                      fontweight="bold" if i == j else "normal",
                      color="white" if mistakes[i, j] > darkest / 2 else ("black" if count else "#aaaaaa"))
              for (i, j), count in np.ndenumerate(matrix)]
    ax.set_xticks(range(len(matrix)))
    ax.set_yticks(range(len(matrix)))
    ax.tick_params(labelsize=FONT)
    ax.set_xlabel("predicted", fontsize=FONT + 1)
    ax.set_ylabel("true", fontsize=FONT + 1)
    if title is not None:
        ax.set_title(title, fontsize=FONT + 1)
    return {"image": image, "counts": counts}


def plot_confusion(matrices, titles, *, ax=None, size=4.1):
    """Confusion matrices side by side (`draw_confusion`), for example of the training and the test half.

    Parameters
    ----------
    matrices : list of array-like of shape (K, K)
        1 to 3 tables of counts: row = true class, column = predicted class.
    titles : list of str
    size : float, default 4.1
        Panel size in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: one Axes per matrix. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    if not isinstance(matrices, (list, tuple)) or not 1 <= len(matrices) <= 3:
        raise TypeError(f"matrices must be a list of 1 to 3 count tables, got {check.shown(matrices)}")
    titles = _texts("titles", titles, len(matrices))
    size = check.number("size", size, above=0, maximum=MAX_INCHES / 3)
    fig, axes = _panels(ax, len(matrices), (size * len(matrices), size), (1, len(matrices)))
    for i, (ax, matrix, title) in enumerate(zip(axes, matrices, titles)):
        try:
            draw_confusion(matrix, ax=ax, title=title)
        except (TypeError, ValueError) as error:
            raise type(error)(str(error).replace("matrix", f"matrices[{i}]", 1)) from None
    return fig


def draw_accuracy_curve(values, accuracies, *, ax=None, xlabel="value", ylabel="accuracy", reference=None,
                        reference_label=None, log=True, **style):
    """Accuracy against a parameter (for example the RBF kernel's gamma), with an optional reference level.

    Parameters
    ----------
    values : array-like of shape (n,)
        The parameter's values, > 0 when `log`.
    accuracies : array-like of shape (n,)
        Fractions from 0 to 1.
    ax : Axes, optional
        Where to draw; a new figure (6.4 x 2.8 inches) by default.
    xlabel : str, default "value"
    ylabel : str, default "accuracy"
    reference : float, optional
        A level to draw across (for example a published accuracy).
    reference_label : str, optional
    log : bool, default True
        A logarithmic axis for the values.
    **style
        Passed on to ``ax.plot`` for the curve.

    Returns
    -------
    dict
        "curve": the Line2D; "reference": the level's Line2D, or None.

    Examples
    --------
    >>> drawn = draw_accuracy_curve([0.1, 1, 10], [0.5, 0.9, 0.7], reference=0.89)
    >>> np.asarray(drawn["curve"].get_ydata()).tolist(), np.asarray(drawn["reference"].get_ydata()).tolist()
    ([0.5, 0.9, 0.7], [0.89, 0.89])
    """
    values = check.array("values", values, "(n,)", ndim=1)
    accuracies = check.array("accuracies", accuracies, "(n,)", ndim=1)
    if len(accuracies) != len(values) or not len(values) or (accuracies < 0).any() or (accuracies > 1).any():
        raise ValueError(f"accuracies must hold one fraction from 0 to 1 per value ({len(values)}), got "
                         f"{check.shown(accuracies.tolist())}")
    if check.flag("log", log) and (values <= 0).any():
        raise ValueError(f"values must be > 0 on a logarithmic axis, got {check.shown(values.tolist())}")
    xlabel, ylabel = check.text("xlabel", xlabel), check.text("ylabel", ylabel)
    reference = None if reference is None else check.number("reference", reference, minimum=0, maximum=1)
    (ax,) = _panels(ax, 1, (6.4, 2.8))[1]
    curve, = ax.plot(values, accuracies, **{"marker": "o", "color": POSITIVE, "lw": 2, **style})
    level = None
    if reference is not None:
        level = ax.axhline(reference, color=UPDATE, ls=":", lw=2,
                           label=check.text("reference_label", reference_label or f"{reference:.0%}"))
        ax.legend(loc="lower left", fontsize=FONT)
    if log:
        ax.set_xscale("log")
    ax.set_xlabel(xlabel, fontsize=FONT + 1)
    ax.set_ylabel(ylabel, fontsize=FONT + 1)
    ax.tick_params(labelsize=FONT)
    return {"curve": curve, "reference": level}


def plot_images(images, titles, *, ax=None, ncols=8, size=1.1):
    """Small grey images (for example 8 x 8 digits) with a caption each.

    Parameters
    ----------
    images : array-like of shape (n, height, width)
        From 1 to 48 images.
    titles : list of str
    ncols : int, default 8
    size : float, default 1.1
        Panel size in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: one Axes per image. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    images = check.array("images", images, "(n, height, width)", ndim=3)
    if not 1 <= len(images) <= 48:
        raise ValueError(f"images must hold 1 to 48 images, got {len(images)}")
    titles = _texts("titles", titles, len(images))
    ncols = check.whole("ncols", ncols, minimum=1, maximum=16)
    size = check.number("size", size, above=0, maximum=MAX_INCHES / 16)
    cols = min(ncols, len(images))
    rows = -(-len(images) // cols)
    fig, axes = _panels(ax, len(images), (size * cols, (size + 0.3) * rows), (rows, cols))
    for ax, image, title in zip(axes, images, titles):
        ax.imshow(image, cmap="gray_r", interpolation="nearest")
        ax.set_title(title, fontsize=FONT + 1)
    for ax in axes:
        ax.set_axis_off()
    return fig


def _class_marks(n_classes):
    """(colours, markers) of classes 0, 1, ...: for two, those of target 0 and target 1 everywhere else."""
    return ([NEGATIVE, POSITIVE], ["s", "o"]) if n_classes <= 2 else (CLASS_COLORS, CLASS_MARKERS)


def _class_legend(fig, axes):
    """One legend for the figure, beside its panels: the classes drawn on the first of `axes`."""
    handles, labels = axes[0].get_legend_handles_labels()
    shown = [(h, t) for h, t in zip(handles, labels) if t.startswith("class ")]
    if shown:
        from matplotlib.layout_engine import ConstrainedLayoutEngine
        beside = isinstance(fig.get_layout_engine(), ConstrainedLayoutEngine)   # room is made outside the panels
        fig.legend(*zip(*shown), loc="outside right upper" if beside else "upper right", fontsize=FONT - 1,
                   frameon=False)


def _class_points(X, labels, features=(2,)):
    X = check.array("X", X, f"(n_samples, {' or '.join(map(str, features))})", ndim=2)
    if X.shape[1] not in features or not len(X):
        raise ValueError(f"X must have shape (n_samples, {' or '.join(map(str, features))}), at least one pattern, "
                         f"got shape {X.shape}")
    labels = check.array("labels", labels, "(n_samples,)", ndim=1, integer=True)
    if len(labels) != len(X):
        raise ValueError(f"labels must have one class per pattern ({len(X)}), got {len(labels)}")
    return X, np.where(labels < 0, 0, labels)
