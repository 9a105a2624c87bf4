"""Beyond two classes (lesson 09): classes with a marker and a colour each, a layer of units learning them, decision
regions, confusion matrices, accuracy curves and small images.

Lesson 09's pictures write at `LARGE_TEXT` (11 pt) or larger, for a projector; only the legend of classes is at `TEXT`.
"""
import numpy as np

from ...core import constraints as declare
from ...core import validation as check
from ...core.arithmetic import add_with_ones, dot, nets
from .base import (CLASS_COLORS, CLASS_MARKERS, IMAGE_STYLE, LABEL, LARGE_TEXT, LINE_STYLE, MAX_CLASS_PANELS,
                   MAX_INCHES, MESH_STYLE, NEGATIVE, PANEL_AXES, POSITIVE, SCATTER_STYLE, TEXT, UPDATE, Picture,
                   check_axes, panels, shows, texts)
from .pattern_space import draw_decision_boundary, pattern_limits

UNIT_STYLES = ["-", "--", ":", "-."]   # unit 1, 2, 3, 4 (then again)
CONFUSION_DRAWN = ("the true class down, the predicted class across, each cell's count written in it, the wrong "
                   "answers shaded by their count; the diagonal counts the right answers.")
CONFUSION_PICTURE = f"A confusion matrix: {CONFUSION_DRAWN}"
STYLE_NAMES = ["solid", "dashed", "dotted", "dash-dotted"]


def _class_patterns(*features):
    """The constraint of patterns X with `features` features each (2, or 2 or 3), at least one."""
    shape = f"(n_samples, {' or '.join(map(str, features))})"

    def check_patterns(name, X, given):
        X = check.array(name, X, shape, ndim=2)
        if X.shape[1] not in features or not len(X):
            raise ValueError(f"{name} must have shape {shape}, at least one pattern, got shape {X.shape}")
        return X
    return declare.Custom(check_patterns, lambda example: [("X", TypeError), (np.zeros((2, 4)), ValueError),
                                                           (np.zeros((0, 2)), ValueError), ([[0, np.nan]], ValueError)])


def _class_labels(name, labels, given):
    """Class numbers from 0 (or -1/+1), one per pattern of X, as they came (the pictures draw -1 as 0)."""
    labels = check.array(name, labels, "(n_samples,)", ndim=1, integer=True)
    if len(labels) != len(given["X"]):
        raise ValueError(f"{name} must have one class per pattern ({len(given['X'])}), got {len(labels)}")
    return labels


CLASS_LABELS = declare.Custom(_class_labels, lambda example: [("a", TypeError), ([0.5] * len(example["X"]), ValueError),
                                                              ([0] * (len(example["X"]) + 1), ValueError)])


def _class_axes(name, ax, given):
    """None (a new figure) or an Axes, 3-D for patterns with 3 features."""
    if ax is None:
        return None
    if check_axes(name, ax).name != "3d" and given["X"].shape[1] == 3:
        raise ValueError(f"{name} must be a 3-D Axes for patterns with 3 features, got a {ax.name!r} Axes")
    return ax


def _panel_size(most):
    """The constraint of the side of one panel, in inches: > 0 and at most `most`."""
    return declare.Number(above=0, maximum=most)


@declare.declared(X=_class_patterns(2, 3), labels=CLASS_LABELS,
                  ax=declare.Custom(_class_axes, lambda example: [("ax", TypeError), (3, TypeError)]),
                  size=declare.Positive(), style=SCATTER_STYLE)
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
        Marker area in points² (matplotlib's ``s``); not a figure size.
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
    labels = np.where(np.asarray(labels) < 0, 0, labels)    # labels -1/+1 drawn as 0/1
    if ax is None:
        ax = Picture(figsize=(4, 4), layout="constrained").add_subplot(projection="3d" if X.shape[1] == 3 else None)
    colors, markers = _class_marks(int(labels.max()) + 1)
    return {k: ax.scatter(*X[labels == k].T, s=size, color=colors[k % len(colors)],
                          marker=markers[k % len(markers)], zorder=3, label=f"class {k}", **style)
            for k in np.unique(labels).tolist()}


def _drawn_patterns(name, X, given):
    """Patterns with 2 or 3 features: a plane or a space to draw."""
    X = check.patterns(name, X)
    if X.shape[1] not in (2, 3):
        raise ValueError(f"{name} must have 2 or 3 features (a plane or a space to draw), got {X.shape[1]}")
    return X


def _layer_run(name, run, given):
    """The LayerRun of the patterns X."""
    X = given["X"]
    if not hasattr(run, "weights_at") or len(run.labels) != len(X) or run.units[0].X.shape[1] != X.shape[1] + 1:
        raise TypeError(f"{name} must be the LayerRun of these {len(X)} patterns, got {check.shown(run)}")
    return run


@declare.declared(X=declare.Custom(_drawn_patterns, lambda example: declare.Patterns().bad(example)
                                   + [(np.zeros((2, 4)), ValueError)]),
                  run=declare.Custom(_layer_run, lambda example: [("run", TypeError), (None, TypeError)]),
                  ax=PANEL_AXES,
                  steps=declare.Custom(lambda name, steps, given: _layer_steps(given["run"], steps),
                                       lambda example: [("1", ValueError), ([], ValueError),
                                                        (list(range(MAX_CLASS_PANELS + 1)), ValueError)]),
                  ncols=declare.Whole(minimum=1, maximum=8), size=_panel_size(MAX_INCHES / 8),
                  elev=declare.Number(minimum=-90, maximum=90), azim=declare.Number())
def plot_layer_steps(run, X, *, ax=None, steps=None, ncols=4, size=2.7, elev=18, azim=-62):
    """A layer of units learning K classes, one panel per chosen step (the perceptron-network notes' two figures).

    Each panel shows the classes and each unit's boundary W_j·X = 0 after
    that presentation: lines in the plane, planes in space (cut to the box
    around the patterns, its axes named x₁, x₂, x₃), unit 1 solid, unit 2
    dashed, unit 3 dotted; a second legend says which style is which unit.
    The pattern just presented is ringed, in red when some unit was
    corrected. The last presentation of a run that ends with no correction is
    titled "end". Markers grow with `size`, so that two large 3-D panels
    read at a glance on a projector.

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
        Width and height of one panel, in inches.
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
    ncols = min(ncols, len(steps))
    fig, axes = panels(ax, len(steps), (size * ncols, size * -(-len(steps) // ncols)),
                        (-(-len(steps) // ncols), ncols), projection="3d" if X.shape[1] == 3 else None)
    updated = run.updated
    for ax, k in zip(axes, steps):
        _draw_layer(ax, run, X, k, (elev, azim), marker_area=3.0 * size ** 2)
        title = "start"
        if k:
            j, units = run.pattern[k - 1], np.flatnonzero(updated[k - 1]) + 1
            ring = ax.scatter(*X[j], s=170, facecolors="none", edgecolors=UPDATE if len(units) else "black", lw=2,
                              zorder=4)
            ring.description = "the pattern presented, " + (f"corrected unit(s) {', '.join(map(str, units))}"
                                                             if len(units) else "no unit corrected")
            title = f"{k}: X{j + 1}" + (f", unit{'s' * (len(units) > 1)} {', '.join(map(str, units))}"
                                         if len(units) else "")
            if k == run.n_presentations and not len(units):
                title = f"end, after {k} presentations"
        ax.set_title(title, fontsize=LARGE_TEXT)
    _class_legend(fig, axes)
    _unit_legend(fig, len(run.units))
    return shows(fig, "A panel per step of a layer of units learning the classes: the patterns, a colour and marker "
                      "per class, and each unit's boundary W_k·X = 0 (a line, or a plane in 3-D), named in the "
                      "legends; the pattern presented is ringed, red if a unit was corrected.")


def _unit_legend(fig, n_units):
    """A second legend under the classes': which line style is which unit's boundary W_j·X = 0."""
    from matplotlib.layout_engine import ConstrainedLayoutEngine
    from matplotlib.lines import Line2D
    handles = [Line2D([], [], color="black", lw=1.8, ls=UNIT_STYLES[j % 4],
                      label=f"unit {j + 1}: {_unit_weights(j)}·X = 0") for j in range(n_units)]
    beside = isinstance(fig.get_layout_engine(), ConstrainedLayoutEngine)
    fig.legend(handles=handles, loc="outside right lower" if beside else "lower right", fontsize=TEXT,
               frameon=False, handlelength=2.6)


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


def _unit_weights(j):
    """'W₁' for unit 1 (j = 0): the weights of unit j + 1, with a subscript the fonts have."""
    return "W" + str(j + 1).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def _draw_layer(ax, run, X, k, view, marker_area):
    """The classes and every unit's boundary after presentation k, on a 2-D or 3-D Axes."""
    lows, highs = X.min(axis=0), X.max(axis=0)
    pad = 0.15 * float((highs - lows).max()) + 0.1
    lows, highs = lows - pad, highs + pad
    # in space: no fading with depth, and a dark rim that keeps each marker's shape apart inside its cluster and
    # under the translucent planes (lesson 09's eight classes, seen with deuteranopia, issue 32)
    draw_classes(X, run.labels, ax=ax, size=marker_area,
                 **({} if X.shape[1] == 2 else {"depthshade": False, "edgecolors": "black", "linewidths": 0.5}))
    for j, w in enumerate(run.weights_at(k)):
        style, name = UNIT_STYLES[j % 4], f"unit {j + 1}'s boundary {_unit_weights(j)}·X = 0"
        if X.shape[1] == 2:
            drawn = draw_decision_boundary(ax, w, xlim=(lows[0], highs[0]), ylim=(lows[1], highs[1]), arrow=False,
                                           lw=1.8, ls=style, color="black")
            drawn["side"].set_visible(False)
            drawn["line"].description = name
        else:
            plane = _draw_plane(ax, w, lows, highs, style)
            if plane is not None:
                terms = " ".join(f"{'−' if v < 0 else '+'} {abs(v):.2g} x{'₁₂₃'[i]}"
                                 for i, v in enumerate(w[1:]))
                equation = f"{w[0]:.2g} {terms} = 0".replace("-", "−")
                plane.description = f"{name}, {equation}, its edge {STYLE_NAMES[j % 4]}"
    ax.set(xlim=(lows[0], highs[0]), ylim=(lows[1], highs[1]), xticks=[], yticks=[])
    if X.shape[1] == 2:
        ax.set_aspect("equal")
    else:
        ax.set(zlim=(lows[2], highs[2]), zticks=[])
        for axis, name in zip((ax.xaxis, ax.yaxis, ax.zaxis), ("x₁", "x₂", "x₃")):
            axis.set_label_text(name, fontsize=LARGE_TEXT)
            axis.labelpad = -14
        ax.view_init(*view)


def _draw_plane(ax, w, lows, highs, style):
    """The plane W·X = 0 where it cuts the box [lows, highs], as a translucent polygon (None if it misses)."""
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    corners = _plane_polygon(w, lows, highs)
    if len(corners) < 3:
        return None
    plane = Poly3DCollection([corners], facecolor=(0.5, 0.5, 0.5, 0.1), edgecolor="black", linewidths=1.6,
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


REGION_RESOLUTION = declare.Whole(minimum=2, maximum=400)   # grid points per axis of decision regions


@declare.declared(predict=declare.Callable("predict(points)"),
                  xlim=declare.Limits(), ylim=declare.Limits(), n_classes=declare.Whole(minimum=2, maximum=len(CLASS_COLORS)),
                  ax=PANEL_AXES, resolution=REGION_RESOLUTION, style=MESH_STYLE)
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
    (ax,) = panels(ax, 1, (4, 4))[1]
    u, v = np.meshgrid(np.linspace(*xlim, resolution), np.linspace(*ylim, resolution))
    classes = np.asarray(predict(np.column_stack([u.ravel(), v.ravel()])))
    classes = np.where(classes < 0, 0, classes).reshape(u.shape).astype(float)
    from matplotlib.colors import ListedColormap
    style = {"alpha": 0.25, "shading": "auto", "zorder": 1, **style}
    return ax.pcolormesh(u, v, classes, cmap=ListedColormap(_class_marks(n_classes)[0][:n_classes]), vmin=-0.5,
                         vmax=n_classes - 0.5, **style)


def _predicts(name, predicts, given):
    """1 to 4 functions predict(points)."""
    if not isinstance(predicts, (list, tuple)) or not 1 <= len(predicts) <= 4:
        raise TypeError(f"{name} must be a list of 1 to 4 functions, got {check.shown(predicts)}")
    return [check.function(f"{name}[{i}]", f, "predict(points)") for i, f in enumerate(predicts)]


@declare.declared(predicts=declare.Custom(_predicts, lambda example: [(len, TypeError), ([], TypeError),
                                                                      ([len] * 5, TypeError)]),
                  X=_class_patterns(2), labels=CLASS_LABELS, titles=texts("predicts"), ax=PANEL_AXES,
                  size=_panel_size(MAX_INCHES / 4), resolution=REGION_RESOLUTION)
def plot_regions(predicts, X, labels, titles, *, ax=None, size=3.4, resolution=120):
    """Decision regions of several classifiers on the same patterns, side by side.

    Parameters
    ----------
    predicts : list of callable
        One ``predict(points)`` per panel (1 to 4).
    X : array-like of shape (n_samples, 2)
    labels : array-like of shape (n_samples,)
        Class numbers from 0 (or labels -1/+1, drawn as 0/1 and named y = −1, y = +1 in the legend).
    titles : list of str
        One per panel.
    size : float, default 3.4
        Width and height of one panel, in inches.
    resolution : int, default 120
    ax : sequence of matplotlib Axes, optional
        Where to draw: one Axes per classifier. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    classes = np.where(labels < 0, 0, labels)
    signed = bool((labels < 0).any())      # labels -1/+1: the legend names them y = −1, y = +1
    fig, axes = panels(ax, len(predicts), (size * len(predicts), size), (1, len(predicts)))
    xlim, ylim = pattern_limits(X, pad=0.2)
    for ax, predict, title in zip(axes, predicts, titles):
        draw_regions(predict, xlim=xlim, ylim=ylim, n_classes=max(2, int(classes.max()) + 1), ax=ax,
                     resolution=resolution)
        drawn = draw_classes(X, classes, ax=ax, size=22 if len(X) > 20 else 110, edgecolors="white", linewidths=0.5)
        for k, points in drawn.items() if signed else ():
            points.set_label("y = −1" if k == 0 else "y = +1")
        ax.set(xlim=xlim, ylim=ylim, aspect="equal")
        ax.set_xlabel("x₁", fontsize=LARGE_TEXT)
        ax.set_ylabel("x₂", fontsize=LARGE_TEXT)
        ax.tick_params(labelsize=LARGE_TEXT)
        ax.set_title(title, fontsize=LABEL)
    _class_legend(fig, axes)
    return shows(fig, "A panel per classifier: the plane (x₁ across, x₂ up) shaded by the class it predicts, with "
                      "the patterns, a colour and marker per class.")


def _confusion_matrix(name, matrix, given=None):
    """A square table of counts >= 0, 1 x 1 to 20 x 20."""
    matrix = check.array(name, matrix, "(K, K)", ndim=2, integer=True)
    if matrix.shape[0] != matrix.shape[1] or not 1 <= matrix.shape[0] <= 20 or (matrix < 0).any():
        raise ValueError(f"{name} must be a square table of counts >= 0, 1 x 1 to 20 x 20, got shape {matrix.shape} "
                         f"with smallest count {matrix.min(initial=0)}")
    return matrix


@declare.declared(matrix=declare.Custom(_confusion_matrix, lambda example: [
                      ("m", TypeError), ([[1, 2]], ValueError), ([[1, -1], [0, 1]], ValueError), ([[0.5]], ValueError)]),
                  ax=PANEL_AXES, title=declare.Optional(declare.Text()), style=IMAGE_STYLE)
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
    (ax,) = panels(ax, 1, (4.6, 4.6))[1]
    mistakes = np.where(np.eye(len(matrix), dtype=bool), 0, matrix)
    darkest = max(1, int(mistakes.max()))
    image = ax.imshow(mistakes, **{"cmap": "Reds", "vmin": 0, "vmax": darkest, **style})
    counts = [ax.text(j, i, str(count), ha="center", va="center", fontsize=LARGE_TEXT,
                      fontweight="bold" if i == j else "normal",
                      color="white" if mistakes[i, j] > darkest / 2 else ("black" if count else "#aaaaaa"))
              for (i, j), count in np.ndenumerate(matrix)]
    ax.set_xticks(range(len(matrix)))
    ax.set_yticks(range(len(matrix)))
    ax.tick_params(labelsize=LARGE_TEXT)
    ax.set_xlabel("predicted", fontsize=LABEL)
    ax.set_ylabel("true", fontsize=LABEL)
    if title is not None:
        ax.set_title(title, fontsize=LABEL)
    shows(ax.figure, CONFUSION_PICTURE)
    return {"image": image, "counts": counts}


def _confusion_matrices(name, matrices, given):
    """1 to 3 tables of counts (each as `draw_confusion` takes it)."""
    if not isinstance(matrices, (list, tuple)) or not 1 <= len(matrices) <= 3:
        raise TypeError(f"{name} must be a list of 1 to 3 count tables, got {check.shown(matrices)}")
    return [_confusion_matrix(f"{name}[{i}]", matrix) for i, matrix in enumerate(matrices)]


@declare.declared(matrices=declare.Custom(_confusion_matrices, lambda example: [("x", TypeError), ([], TypeError),
                                                                                ([[[1]]] * 4, TypeError)]),
                  titles=texts("matrices"), ax=PANEL_AXES, size=_panel_size(MAX_INCHES / 3))
def plot_confusion(matrices, titles, *, ax=None, size=4.1):
    """Confusion matrices side by side (`draw_confusion`), for example of the training and the test half.

    Parameters
    ----------
    matrices : list of array-like of shape (K, K)
        1 to 3 tables of counts: row = true class, column = predicted class.
    titles : list of str
    size : float, default 4.1
        Width and height of one panel, in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: one Axes per matrix. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    fig, axes = panels(ax, len(matrices), (size * len(matrices), size), (1, len(matrices)))
    for ax, matrix, title in zip(axes, matrices, titles):
        draw_confusion(matrix, ax=ax, title=title)
    return shows(fig, f"A confusion matrix per panel: {CONFUSION_DRAWN}")


def _curve_values(name, values, given):
    """1-D values, each > 0 on a logarithmic axis (`log`)."""
    values = check.array(name, values, "(n,)", ndim=1)
    if given["log"] and (values <= 0).any():
        raise ValueError(f"{name} must be > 0 on a logarithmic axis, got {check.shown(values.tolist())}")
    return values


def _accuracies(name, accuracies, given):
    """One fraction from 0 to 1 per value."""
    accuracies = check.array(name, accuracies, "(n,)", ndim=1)
    values = given["values"]
    if len(accuracies) != len(values) or not len(values) or (accuracies < 0).any() or (accuracies > 1).any():
        raise ValueError(f"{name} must hold one fraction from 0 to 1 per value ({len(values)}), got "
                         f"{check.shown(accuracies.tolist())}")
    return accuracies


@declare.declared(log=declare.Flag(),
                  values=declare.Custom(_curve_values, lambda example: [("v", TypeError), ([[1]], ValueError),
                                                                        ([0] * len(example["values"]), ValueError)]),
                  accuracies=declare.Custom(_accuracies, lambda example: [
                      ("a", TypeError), ([0.5] * (len(example["values"]) + 1), ValueError),
                      ([97] * len(example["values"]), ValueError)]),
                  ax=PANEL_AXES, xlabel=declare.Text(), ylabel=declare.Text(),
                  reference=declare.Optional(declare.Number(minimum=0, maximum=1)),
                  reference_label=declare.Optional(declare.Text()), style=LINE_STYLE)
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
    (ax,) = panels(ax, 1, (6.4, 2.8))[1]
    curve, = ax.plot(values, accuracies, **{"marker": "o", "color": POSITIVE, "lw": 2, **style})
    level = None
    if reference is not None:
        level = ax.axhline(reference, color=UPDATE, ls=":", lw=2,
                           label=reference_label or f"{reference:.0%}")
        ax.legend(loc="lower left", fontsize=LARGE_TEXT)
    if log:
        ax.set_xscale("log")
    ax.set_xlabel(xlabel, fontsize=LABEL)
    ax.set_ylabel(ylabel, fontsize=LABEL)
    ax.tick_params(labelsize=LARGE_TEXT)
    shows(ax.figure, f"{ylabel[:1].upper()}{ylabel[1:]} against {xlabel}, a dot per value joined by a line"
                     + (", with a dotted line at the reference level" if reference is not None else "") + ".")
    return {"curve": curve, "reference": level}


def _images(name, images, given):
    """1 to 48 images of the same height and width."""
    images = check.array(name, images, "(n, height, width)", ndim=3)
    if not 1 <= len(images) <= 48:
        raise ValueError(f"{name} must hold 1 to 48 images, got {len(images)}")
    return images


@declare.declared(images=declare.Custom(_images, lambda example: [("i", TypeError), (np.zeros((2, 8)), ValueError),
                                                                  (np.zeros((49, 2, 2)), ValueError)]),
                  titles=texts("images"), ax=PANEL_AXES, ncols=declare.Whole(minimum=1, maximum=16),
                  size=_panel_size(MAX_INCHES / 16))
def plot_images(images, titles, *, ax=None, ncols=8, size=1.1):
    """Small grey images (for example 8 x 8 digits) with a caption each.

    Parameters
    ----------
    images : array-like of shape (n, height, width)
        From 1 to 48 images.
    titles : list of str
    ncols : int, default 8
    size : float, default 1.1
        Width and height of one panel, in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: one Axes per image. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    cols = min(ncols, len(images))
    rows = -(-len(images) // cols)
    fig, axes = panels(ax, len(images), (size * cols, (size + 0.3) * rows), (rows, cols))
    for ax, image, title in zip(axes, images, titles):
        ax.imshow(image, cmap="gray_r", interpolation="nearest")
        ax.set_title(title, fontsize=LABEL)
    for ax in axes:
        ax.set_axis_off()
    return shows(fig, f"{len(images)} grey images of {images.shape[1]}×{images.shape[2]} pixels, each under its "
                      "caption.")


def _class_marks(n_classes):
    """(colours, markers) of classes 0, 1, ...: for two, those of target 0 and target 1 everywhere else."""
    return ([NEGATIVE, POSITIVE], ["s", "o"]) if n_classes <= 2 else (CLASS_COLORS, CLASS_MARKERS)


def _class_legend(fig, axes):
    """One legend for the figure, beside its panels: the classes drawn on the first of `axes`."""
    handles, labels = axes[0].get_legend_handles_labels()
    shown = [(h, t) for h, t in zip(handles, labels) if t.startswith(("class ", "y = "))]
    if shown:
        from matplotlib.layout_engine import ConstrainedLayoutEngine
        beside = isinstance(fig.get_layout_engine(), ConstrainedLayoutEngine)   # room is made outside the panels
        fig.legend(*zip(*shown), loc="outside right upper" if beside else "upper right", fontsize=TEXT,
                   frameon=False)
