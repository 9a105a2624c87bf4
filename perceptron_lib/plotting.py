"""Pictures of perceptron runs, drawn with matplotlib.

Each `draw_*` function draws on the Axes it is given and returns its artists,
so that an `update_*` function (or a widget) can move them in place. Nothing
here calls pyplot: figures are `Picture` objects (matplotlib Figures that a
notebook shows when a cell returns them).
"""
import io

import numpy as np
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.image import imsave
from matplotlib.patches import FancyArrowPatch, Polygon

from .geometry import decision_line, misclassified, pattern_lines, positive_side
from .trace import _num, format_vector

POSITIVE = "#1f6fb4"   # blue: target 1
NEGATIVE = "#e07b00"   # orange: target 0 (or -1)
SHADE = "#d5e6f6"      # the side where W·X > 0
UPDATE = "#c0392b"     # a presentation that changed W


class Picture(Figure):
    """A matplotlib Figure that shows itself as a PNG image in a notebook.

    A plain Figure made without pyplot has no notebook display of its own;
    this one does, without touching pyplot's global state.
    """

    def _repr_png_(self):
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", bbox_inches="tight")
        return buffer.getvalue()


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
    """
    X = np.asarray(X, float)
    low, high = X.min(axis=0), X.max(axis=0)
    margin = max(pad * float((high - low).max()), 0.5)
    return (low[0] - margin, high[0] + margin), (low[1] - margin, high[1] + margin)


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
        Targets in {0, 1} or {-1, +1}.
    names : bool, default True
        Label each pattern X1, X2, ... as the sources do (Honavar 1996, section 2).
    size : float, default 90
        Marker area.
    **style
        Passed on to `ax.scatter`.

    Returns
    -------
    dict
        ``positive`` and ``negative`` (PathCollection) and ``names`` (list of Text).
    """
    X, y = np.asarray(X, float), np.asarray(y)
    positive = y == 1
    artists = {
        "positive": ax.scatter(*X[positive].T, s=size, marker="o", color=POSITIVE, zorder=3,
                               label="target 1", **style),
        "negative": ax.scatter(*X[~positive].T, s=size, marker="s", color=NEGATIVE, zorder=3,
                               label=f"target {int(y.min()) if (~positive).any() else 0}", **style),
        "names": [],
    }
    if names:
        for k, (a, b) in enumerate(X):
            artists["names"].append(ax.annotate(f"X{k + 1}", (a, b), xytext=(7, 7),
                                                textcoords="offset points", fontsize=9, zorder=4))
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
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    line_style = dict(color="black", lw=2)
    line_style.update(style)
    artists = {
        "line": ax.plot([], [], **line_style)[0],
        "side": ax.add_patch(Polygon(np.empty((0, 2)), closed=True, color=SHADE, zorder=0, lw=0)),
        "arrow": (ax.add_patch(FancyArrowPatch((0, 0), (0, 0), arrowstyle="-|>", mutation_scale=14,
                                               color="black", lw=1.5, zorder=2)) if arrow else None),
        "limits": (tuple(xlim), tuple(ylim)),
    }
    update_decision_boundary(artists, w)
    return artists


def update_decision_boundary(artists, w):
    """Move the artists of `draw_decision_boundary` to the weights w."""
    xlim, ylim = artists["limits"]
    segment = decision_line(w, xlim, ylim)
    artists["line"].set_data(segment[:, 0], segment[:, 1])
    artists["side"].set_xy(positive_side(w, xlim, ylim) if len(positive_side(w, xlim, ylim))
                           else np.zeros((1, 2)))
    if artists["arrow"] is not None:
        normal = np.asarray(w[1:], float)
        length = np.linalg.norm(normal)
        arrow = artists["arrow"]
        arrow.set_visible(len(segment) == 2 and length > 0)
        if arrow.get_visible():
            centre = np.array([np.mean(xlim), np.mean(ylim)])
            unit = normal / length
            # start on the line, at the point nearest the middle of the picture
            foot = centre - unit * ((w[0] + centre @ normal) / length)
            scale = 0.18 * min(np.ptp(xlim), np.ptp(ylim))
            arrow.set_positions(tuple(foot), tuple(foot + scale * unit))
    return artists


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
        The value axis runs from -limit to limit (fixed, so steps compare).
    names : list of str, optional
        Bar labels; "w0", "w1", ... by default.

    Returns
    -------
    dict
        ``bars`` and ``before`` (BarContainer) and ``values`` (list of Text).
    """
    w = np.asarray(w, float)
    names = names or [f"w{i}" for i in range(len(w))]
    limit = limit or max(1.0, 1.25 * float(np.abs(w).max()))
    ax.axhline(0, color="black", lw=0.8)
    artists = {
        "bars": ax.bar(names, w, color="#7f8c8d", width=0.6),
        "before": ax.bar(names, w if previous is None else previous, fill=False, ls="--",
                         edgecolor="black", lw=1.2, width=0.6),
        "values": [ax.text(i, 0, "", ha="center", fontsize=10) for i in range(len(w))],
        "limit": limit,
    }
    ax.set_ylim(-limit, limit)
    ax.set_title("weights", fontsize=10)
    update_weights(artists, w, previous)
    return artists


def update_weights(artists, w, previous=None):
    """Move the artists of `draw_weights` to the weights w."""
    w = np.asarray(w, float)
    previous = w if previous is None else np.asarray(previous, float)
    limit = artists["limit"]
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
    _check_step(trace, k)
    pattern_ax, weights_ax = axes
    X = trace.X[:, 1:]
    xlim, ylim = pattern_limits(X)
    artists = {"trace": trace}
    artists["boundary"] = draw_decision_boundary(pattern_ax, trace.weights[k], xlim=xlim, ylim=ylim)
    artists["patterns"] = draw_patterns(pattern_ax, X, trace.y)
    artists["ring"] = pattern_ax.scatter([], [], s=420, facecolors="none", edgecolors="black",
                                         linewidths=2.5, zorder=5)
    pattern_ax.set_aspect("equal")
    pattern_ax.set_xlabel("x1")
    pattern_ax.set_ylabel("x2")
    limit = max(1.0, 1.2 * float(np.abs(trace.weights).max()))
    artists["weights"] = draw_weights(weights_ax, trace.weights[k], limit=limit)
    artists["title"] = pattern_ax.set_title("", fontsize=10, loc="left")
    update_step(artists, k)
    return artists


def update_step(artists, k):
    """Move the artists of `draw_step` to step k of the same run."""
    trace = artists["trace"]
    _check_step(trace, k)
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


def step_figure(trace, k=0, *, size=(7.2, 3.4), dpi=100):
    """A two-panel figure of step k (pattern space and weights), with its artists.

    Returns
    -------
    fig : Figure
    artists : dict
        For `update_step`.
    """
    fig = Picture(figsize=size, dpi=dpi, layout="constrained")
    axes = fig.subplots(1, 2, width_ratios=[1.35, 1])
    return fig, draw_step(axes, trace, k)


class FastPictures:
    """PNG pictures of one figure in many states, made fast enough for a widget.

    The figure is drawn once with everything; then the axes' contents are
    marked as moving and only they are redrawn for each state, over a saved
    copy of the rest (ticks and labels, which are most of the drawing time).
    Pictures are kept once made.

    Parameters
    ----------
    figure : Figure
        Laid out and showing some state.
    update : callable
        ``update(state)`` moves the figure's artists to a state (a hashable key).
    """

    def __init__(self, figure, update):
        self.figure, self._update = figure, update
        self.canvas = FigureCanvasAgg(figure)
        self.canvas.draw()  # lays the figure out once, then the layout stays
        figure.set_layout_engine("none")
        self._moving = []
        for ax in figure.axes:
            parts = [a for a in ax.get_children() if not isinstance(a, Axis) and a is not ax.patch]
            for part in parts:
                part.set_animated(True)
            self._moving += sorted(parts, key=lambda a: a.get_zorder())
        self.canvas.draw()
        self._background = self.canvas.copy_from_bbox(figure.bbox)
        self._made = {}

    def png(self, state):
        """The picture of a state as PNG bytes."""
        if state not in self._made:
            self._update(state)
            self.canvas.restore_region(self._background)
            for part in self._moving:
                self.figure.draw_artist(part)
            buffer = io.BytesIO()
            imsave(buffer, np.asarray(self.canvas.buffer_rgba()), format="png",
                   pil_kwargs={"compress_level": 1})
            self._made[state] = buffer.getvalue()
        return self._made[state]


class StepPictures(FastPictures):
    """PNG pictures of the steps of a run (`step_figure`), made fast enough to step through.

    Parameters
    ----------
    trace : Trace
        A recorded run on patterns with two features.
    size : (float, float), default (7.2, 3.4)
        Figure size in inches.
    dpi : int, default 100

    Examples
    --------
    >>> from perceptron_lib import train, boolean_function
    >>> pictures = StepPictures(train(*boolean_function("or")))
    >>> pictures.png(2)[:4]
    b'\\x89PNG'
    """

    def __init__(self, trace, *, size=(7.2, 3.4), dpi=100):
        self.trace = trace
        figure, self.artists = step_figure(trace, 0, size=size, dpi=dpi)
        super().__init__(figure, lambda k: update_step(self.artists, k))


def plot_trace_grid(trace, *, ncols=7, size=1.75, steps=None):
    """Small multiples of a run: pattern space at every step, on one figure.

    The static counterpart of `widgets.TraceStepper`, for reading a lesson
    without a kernel. Each panel shows W after one presentation; a red frame
    marks the presentations that changed W.

    Parameters
    ----------
    trace : Trace
        A recorded run on patterns with two features.
    ncols : int, default 7
        Panels per row.
    size : float, default 1.75
        Width and height of one panel, in inches.
    steps : sequence of int, optional
        Which steps to show (0 is the start); all by default.

    Returns
    -------
    Picture
        A Figure that shows itself in a notebook.
    """
    steps = list(range(trace.n_presentations + 1)) if steps is None else list(steps)
    for k in steps:
        _check_step(trace, k)
    nrows = -(-len(steps) // ncols)
    fig = Picture(figsize=(size * ncols, size * nrows * 1.12), layout="constrained")
    axes = np.atleast_1d(fig.subplots(nrows, ncols)).ravel()
    X = trace.X[:, 1:]
    xlim, ylim = pattern_limits(X)
    for ax, k in zip(axes, steps):
        draw_decision_boundary(ax, trace.weights[k], xlim=xlim, ylim=ylim, arrow=False)
        draw_patterns(ax, X, trace.y, names=False, size=30)
        ax.set_aspect("equal")
        ax.set_xticks([])
        ax.set_yticks([])
        if k == 0:
            ax.set_title(f"start\n{format_vector(trace.weights[0])}", fontsize=9)
            continue
        i = k - 1
        updated = bool(trace.updated[i])
        ax.scatter(*trace.X[trace.pattern[i], 1:], s=160, facecolors="none", lw=1.8,
                   edgecolors=UPDATE if updated else "black", zorder=5)
        ax.set_title(f"{k}: X{trace.pattern[i] + 1}{' update' if updated else ''}\n{format_vector(trace.weights[k])}",
                     fontsize=9, color=UPDATE if updated else "black")
        if updated:
            for spine in ax.spines.values():
                spine.set(color=UPDATE, lw=2)
    for ax in axes[len(steps):]:
        ax.set_axis_off()
    return fig


def _check_step(trace, k):
    if not trace.recorded:
        raise ValueError("pictures of steps need the per-presentation record; run train(..., record=True)")
    if trace.X.shape[1] != 3:
        raise ValueError(f"pictures in pattern space need patterns with 2 features, got {trace.X.shape[1] - 1}")
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, (int, np.integer)) \
            or not 0 <= k <= trace.n_presentations:
        raise ValueError(f"k must be a step from 0 to {trace.n_presentations}, got {k!r}")


def plot_history(trace, *, size=(9, 2.8)):
    """A long run at a glance: the length of W after each presentation, and mistakes per pass.

    On separable data the mistakes stop; on data that are not, they go on for
    ever while ||W|| stays bounded (Manfredi 2021, the cycling theorem).

    Parameters
    ----------
    trace : Trace
        A recorded run.
    size : (float, float)
        Figure size in inches.

    Returns
    -------
    Picture
    """
    if not trace.recorded:
        raise ValueError("plot_history needs the per-presentation record; run train(..., record=True)")
    n = len(trace.X)
    fig = Picture(figsize=size, layout="constrained")
    norm_ax, mistakes_ax = fig.subplots(1, 2)
    norm_ax.plot(np.arange(trace.n_presentations + 1), np.linalg.norm(trace.weights, axis=1),
                 lw=0.8, color=POSITIVE)
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
        Grid points per axis.

    Returns
    -------
    dict
        ``side`` (the shaded positive region) and ``line`` (the boundary), both ContourSets.
    """
    xs, ys = np.linspace(*xlim, resolution), np.linspace(*ylim, resolution)
    grid = np.column_stack([a.ravel() for a in np.meshgrid(xs, ys)])
    net = (np.asarray(w[0], float) + np.asarray(features(grid), float) @ np.asarray(w[1:], float))
    net = net.reshape(resolution, resolution)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    return {"side": ax.contourf(xs, ys, net, levels=[0, np.inf], colors=[SHADE], zorder=0),
            "line": ax.contour(xs, ys, net, levels=[0], colors="black", linewidths=2)}


def plot_feature_space(Z, y, w, *, names=("x1", "x2", "x3"), size=(4.2, 4.2)):
    """Patterns with three features in 3-D, and the plane W·[1, z] = 0 that separates them.

    Parameters
    ----------
    Z : array-like of shape (n_samples, 3)
        The patterns in feature space.
    y : array-like of shape (n_samples,)
        Targets in {0, 1} or {-1, +1}.
    w : array-like of shape (4,)
        Weights [w0, w1, w2, w3]; w3 must not be 0 (the plane is drawn as z3 = ...).
    names : three str
        Axis labels.

    Returns
    -------
    Picture
    """
    Z, y, w = np.asarray(Z, float), np.asarray(y), np.asarray(w, float)
    if Z.ndim != 2 or Z.shape[1] != 3 or w.shape != (4,):
        raise ValueError(f"Z must have shape (n_samples, 3) and w shape (4,), got {Z.shape} and {w.shape}")
    if w[3] == 0:
        raise ValueError("w[3] must not be 0: the plane is drawn as a height over the first two features")
    fig = Picture(figsize=size, layout="constrained")
    ax = fig.add_subplot(projection="3d")
    low, high = Z.min(axis=0) - 0.25, Z.max(axis=0) + 0.25
    a, b = np.meshgrid(np.linspace(low[0], high[0], 2), np.linspace(low[1], high[1], 2))
    ax.plot_surface(a, b, -(w[0] + w[1] * a + w[2] * b) / w[3], color=SHADE, alpha=0.6, edgecolor="grey")
    positive = y == 1
    ax.scatter(*Z[positive].T, s=60, marker="o", color=POSITIVE, depthshade=False, label="target 1")
    ax.scatter(*Z[~positive].T, s=60, marker="s", color=NEGATIVE, depthshade=False, label="target 0")
    ax.set(xlabel=names[0], ylabel=names[1], zlabel=names[2], zlim=(low[2], high[2]))
    ax.legend(loc="upper left", fontsize=8)
    ax.set_title(f"W = {format_vector(w)}", fontsize=10)
    return fig


def plot_feature_boundary(w, features, X, y, *, size=(3.6, 3.6)):
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

    Returns
    -------
    Picture
    """
    fig = Picture(figsize=size, layout="constrained")
    ax = fig.subplots()
    xlim, ylim = pattern_limits(X)
    draw_feature_boundary(ax, w, features, xlim=xlim, ylim=ylim)
    draw_patterns(ax, X, y)
    ax.set(aspect="equal", xlabel="x1", ylabel="x2")
    ax.set_title(f"W = {format_vector(w)}", fontsize=10)
    return fig


def plot_boundaries(X, y, weights, names, *, size=(3.8, 3.8)):
    """Patterns in the plane with the decision lines of several units, each named.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input.
    y : array-like of shape (n_samples,)
    weights : list of array-like of shape (3,)
        One [w0, w1, w2] per unit.
    names : list of str
        A name for each unit, shown in the legend.

    Returns
    -------
    Picture
    """
    fig = Picture(figsize=size, layout="constrained")
    ax = fig.subplots()
    xlim, ylim = pattern_limits(X)
    for w, name, style in zip(weights, names, ["-", "--", ":", "-."] * 4):
        drawn = draw_decision_boundary(ax, w, xlim=xlim, ylim=ylim, ls=style, label=name)
        drawn["side"].set_visible(False)
    draw_patterns(ax, X, y)
    ax.set(aspect="equal", xlabel="x1", ylabel="x2")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=2, fontsize=8, frameon=False)
    return fig


def plot_curves(curves, *, xlabel, ylabel, size=(6, 2.8), ylim=None):
    """Several named series against 1, 2, 3, ... on one Axes (for example, accuracy per pass).

    Parameters
    ----------
    curves : dict of str to array-like
        Name to values.
    xlabel, ylabel : str
    ylim : (float, float), optional

    Returns
    -------
    Picture
    """
    fig = Picture(figsize=size, layout="constrained")
    ax = fig.subplots()
    for (name, values), color in zip(curves.items(), [NEGATIVE, POSITIVE, UPDATE, "black"] * 3):
        values = np.asarray(values, float)
        ax.plot(np.arange(1, len(values) + 1), values, lw=1.5, color=color, label=name)
    ax.set(xlabel=xlabel, ylabel=ylabel)
    if ylim is not None:
        ax.set_ylim(*ylim)
    ax.legend(fontsize=8)
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
        Patterns without the bias input.
    y : array-like of shape (n_samples,)
    w : array-like of shape (3,)
        The weight vector shown; its w0 picks the slice.
    lim : float, default 3.0
        The slice shows w1 and w2 from -lim to lim.
    resolution : int, default 201
        Grid points per axis for the error shades.

    Returns
    -------
    dict
        The artists, for `update_weight_slice`.
    """
    X, y = np.asarray(X, float), np.asarray(y)
    grid = np.linspace(-lim, lim, resolution)
    artists = {"X": X, "y": y, "grid": grid, "lim": lim}
    artists["errors"] = ax.imshow(np.zeros((resolution, resolution)), origin="lower", cmap=ERRORS,
                                  vmin=0, vmax=len(X) + 1, extent=(-lim, lim, -lim, lim), zorder=0,
                                  interpolation="nearest")
    artists["lines"] = [ax.plot([], [], color="#555555", lw=1.2, zorder=2)[0] for _ in X]
    artists["names"] = [ax.text(0, 0, f"X{k + 1}", fontsize=9, zorder=4) for k in range(len(X))]
    artists["point"] = ax.plot([], [], marker="*", ms=16, color=POSITIVE, mec="black", zorder=5)[0]
    artists["title"] = ax.set_title("", fontsize=10)
    ax.set(xlim=(-lim, lim), ylim=(-lim, lim), xlabel="w1", ylabel="w2", aspect="equal")
    update_weight_slice(artists, w)
    return artists


def update_weight_slice(artists, w):
    """Move the artists of `draw_weight_slice` to the weight vector w."""
    X, y, grid, lim = artists["X"], artists["y"], artists["grid"], artists["lim"]
    w = np.asarray(w, float)
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


def dual_figure(X, y, w, *, lim=3.0, size=(7.6, 3.6), dpi=100):
    """One W in both spaces: its line among the patterns, and its point among the pattern lines.

    Left, pattern space: the decision line W·X = 0, its positive side shaded,
    and the misclassified patterns ringed in red. Right, the slice of weight
    space at W's own w0: the error landscape, the patterns' lines (red where
    W is on the wrong side) and W as a star. The two always agree: a pattern
    is on the wrong side of W's line exactly when W is on the wrong side of
    the pattern's line.

    Returns
    -------
    fig : Picture
    artists : dict
        For `update_dual`.
    """
    X, y = np.asarray(X, float), np.asarray(y)
    fig = Picture(figsize=size, dpi=dpi, layout="constrained")
    pattern_ax, weight_ax = fig.subplots(1, 2)
    xlim, ylim = pattern_limits(X)
    artists = {"X": X, "y": y}
    artists["boundary"] = draw_decision_boundary(pattern_ax, w, xlim=xlim, ylim=ylim)
    draw_patterns(pattern_ax, X, y)
    artists["wrong"] = pattern_ax.scatter([], [], s=420, facecolors="none", edgecolors=UPDATE,
                                          linewidths=2.5, zorder=5)
    artists["pattern_title"] = pattern_ax.set_title("", fontsize=10)
    pattern_ax.set(aspect="equal", xlabel="x1", ylabel="x2")
    artists["slice"] = draw_weight_slice(weight_ax, X, y, w, lim=lim)
    update_dual(artists, w)
    return fig, artists


def update_dual(artists, w):
    """Move the artists of `dual_figure` to the weight vector w."""
    w = np.asarray(w, float)
    update_decision_boundary(artists["boundary"], w)
    wrong = misclassified(w, artists["X"], artists["y"])
    artists["wrong"].set_offsets(artists["X"][wrong].reshape(-1, 2))
    artists["pattern_title"].set_text(f"pattern space, W = {format_vector(w)}")
    update_weight_slice(artists["slice"], w)
    return artists


def plot_weight_space(X, y, *, path=None, lim=2.0, size=(5.2, 5.2), elev=22, azim=-58):
    """Weight space in 3-D (w0, w1, w2): the pattern planes, the solution region, and a path.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input.
    y : array-like of shape (n_samples,)
    path : array-like of shape (n_points, 3), optional
        Weight vectors to join, for example the rows of a run's weights at its updates.
    lim : float, default 2.0
        The cube shown is [-lim, lim]**3.

    Returns
    -------
    Picture
    """
    X, y = np.asarray(X, float), np.asarray(y)
    fig = Picture(figsize=size, layout="constrained")
    ax = fig.add_subplot(projection="3d")
    a, b = np.meshgrid(np.linspace(-lim, lim, 12), np.linspace(-lim, lim, 12))
    colours = ["#8e44ad", "#16a085", "#d35400", "#2c3e50", "#c0392b", "#7f8c8d"]
    for k, (x1, x2) in enumerate(X):
        height = -(x1 * a + x2 * b)  # w0 on the plane w0 + w1 x1 + w2 x2 = 0
        height = np.where(np.abs(height) <= lim, height, np.nan)
        ax.plot_surface(height, a, b, color=colours[k % len(colours)], alpha=0.12, lw=0)
        ax.plot([], [], color=colours[k % len(colours)], lw=6, alpha=0.5, label=f"W·X{k + 1} = 0")
    cube = np.random.default_rng(0).uniform(-lim, lim, size=(60_000, 3))
    solutions = cube[~misclassified(cube, X, y).any(axis=1)]
    if len(solutions):
        ax.scatter(*solutions[::4].T, s=5, color=POSITIVE, alpha=0.6, label="no errors")
    if path is not None:
        path = np.asarray(path, float)
        ax.plot(*path.T, color="black", lw=2, marker="o", ms=5, label="the run's W")
        ax.scatter(*path[-1], s=120, marker="*", color="gold", edgecolor="black", zorder=10)
    ax.set(xlim=(-lim, lim), ylim=(-lim, lim), zlim=(-lim, lim), xlabel="w0", ylabel="w1", zlabel="w2")
    ax.view_init(elev=elev, azim=azim)
    ax.legend(loc="upper left", fontsize=7)
    return fig


def plot_error_landscape(X, y, w0, *, lim=3.0, size=(4.4, 4.0), resolution=401):
    """The number of errors over the slice w0 = constant of weight space (Budinich 1993, figure 1).

    Returns
    -------
    Picture
    """
    fig = Picture(figsize=size, layout="constrained")
    ax = fig.subplots()
    drawn = draw_weight_slice(ax, X, y, [w0, 10 * lim, 10 * lim], lim=lim, resolution=resolution)
    drawn["point"].set_visible(False)
    drawn["title"].set_text(f"errors over weight space at w0 = {_num(w0)}")
    for line in drawn["lines"]:
        line.set(color="#1f5fbf", lw=1.5)
    fig.colorbar(drawn["errors"], ax=ax, label="patterns wrong", shrink=0.8)
    return fig


def plot_correction_moves(w, x, c, rules, *, size=(6.4, 2.6)):
    """Where each correction rule takes W, measured as signed distance from the pattern's plane.

    The plane W·X = 0 of the presented pattern is the vertical line at 0;
    the pattern's right side is to the right. Each row is one rule's move
    from the same wrong W (Honavar 1996, section 4).

    Parameters
    ----------
    w : array-like of shape (n_features + 1,)
        The weights before the correction, bias first.
    x : array-like of shape (n_features + 1,)
        The presented pattern with its bias input.
    c : int
        Its target (0/1 or -1/+1).
    rules : dict of str to array-like of shape (n_features + 1,)
        A name for each rule, and the weights it moved W to.

    Returns
    -------
    Picture
    """
    w, x = np.asarray(w, float), np.asarray(x, float)
    side = 1 if c == 1 else -1
    distance = lambda v: side * float(np.asarray(v, float) @ x) / np.linalg.norm(x)  # noqa: E731
    fig = Picture(figsize=size, layout="constrained")
    ax = fig.subplots()
    ax.axvline(0, color="black", lw=2)
    for row, (name, after) in enumerate(rules.items()):
        start, end = distance(w), distance(after)
        ax.annotate("", xy=(end, row), xytext=(start, row),
                    arrowprops={"arrowstyle": "-|>", "color": UPDATE if end <= 0 else POSITIVE, "lw": 2})
        ax.text(end, row + 0.18, f"{end:+.2f}", ha="center", fontsize=8)
    ax.set_yticks(range(len(rules)), list(rules))
    ax.set_ylim(-0.6, len(rules) - 0.4)
    ax.set_xlabel("signed distance of W from the pattern's plane (right side > 0)")
    ax.text(0.02, 1.02, "wrong side", transform=ax.transAxes, fontsize=8, color=UPDATE)
    ax.text(0.98, 1.02, "right side", transform=ax.transAxes, fontsize=8, ha="right", color=POSITIVE)
    return fig


def plot_dual_grid(X, y, weights, titles, *, lim=3.0, size=2.3):
    """Several weight vectors, each in both spaces: the static counterpart of `widgets.DualView`.

    Each row shows one W: its decision line among the patterns (wrong ones
    ringed), and its point in the slice of weight space at its own w0.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
    weights : array-like of shape (n_rows, 3)
    titles : list of str
        One per row.

    Returns
    -------
    Picture
    """
    X, y, weights = np.asarray(X, float), np.asarray(y), np.asarray(weights, float)
    columns = 2 * min(len(weights), 2)
    rows = -(-len(weights) // 2)
    fig = Picture(figsize=(size * columns, size * rows * 1.05), layout="constrained")
    axes = np.atleast_2d(fig.subplots(rows, columns))
    xlim, ylim = pattern_limits(X)
    for k, (w, title) in enumerate(zip(weights, titles)):
        pattern_ax, weight_ax = axes[k // 2, 2 * (k % 2)], axes[k // 2, 2 * (k % 2) + 1]
        draw_decision_boundary(pattern_ax, w, xlim=xlim, ylim=ylim)
        draw_patterns(pattern_ax, X, y, names=False, size=30)
        wrong = misclassified(w, X, y)
        pattern_ax.scatter(*X[wrong].T, s=150, facecolors="none", edgecolors=UPDATE, lw=1.8, zorder=5)
        pattern_ax.set(aspect="equal", xticks=[], yticks=[])
        pattern_ax.set_title(title, fontsize=9, loc="left")
        drawn = draw_weight_slice(weight_ax, X, y, w, lim=lim, resolution=121)
        for name in drawn["names"]:
            name.set_fontsize(7)
        drawn["title"].set_fontsize(8)
        weight_ax.set(xlabel="", ylabel="")
        weight_ax.tick_params(labelsize=7)
    for ax in axes.ravel()[2 * len(weights):]:
        ax.set_axis_off()
    return fig


def plot_bound_check(pairs, *, size=(8.4, 3.4)):
    """Observed updates against their bound, data set by data set, and how close they come.

    Left: a log-log scatter of bound (x) against observed updates (y); the
    theorem says every point lies on or below the diagonal y = x. Right: the
    distribution of observed / bound.

    Parameters
    ----------
    pairs : dict of str to (array-like, array-like)
        A name for each bound form, and (observed updates, bound) per data set.

    Returns
    -------
    Picture
    """
    fig = Picture(figsize=size, layout="constrained")
    scatter_ax, ratio_ax = fig.subplots(1, 2)
    lowest, highest = np.inf, 0
    colours = [POSITIVE, NEGATIVE, "#2e8b57", "#7d3c98"]
    for (name, (observed, bound)), colour in zip(pairs.items(), colours):
        observed, bound = np.asarray(observed, float), np.asarray(bound, float)
        shown = np.maximum(observed, 0.8)  # zero updates would fall off a log scale
        scatter_ax.scatter(bound, shown, s=6, alpha=0.45, color=colour, label=name, lw=0)
        ratio = observed / bound
        ratio_ax.hist(ratio, bins=np.linspace(0, 1, 41), alpha=0.55, color=colour, label=name)
        lowest, highest = min(lowest, shown.min(), bound.min()), max(highest, bound.max())
    line = [lowest * 0.8, highest * 1.25]
    scatter_ax.plot(line, line, color="black", lw=1.5, label="updates = bound")
    scatter_ax.set(xscale="log", yscale="log", xlabel="bound", ylabel="updates made")
    scatter_ax.legend(fontsize=7, loc="upper left")
    ratio_ax.set(xlabel="updates made / bound", ylabel="data sets", xlim=(0, 1))
    ratio_ax.legend(fontsize=7)
    return fig
