"""The steps of a learning run (lessons 02 and 03): a step in pattern space with the weights as bars (the widgets'
pictures), a grid of steps, a long run at a glance, and named curves."""
import numpy as np

from ...core import constraints as declare
from ...core import validation as check
from ...core.arithmetic import norm
from ...core.trace import format_number, format_vector
from .base import (AXES, CLASS_MARKERS, DPI, FIGSIZE, MAX_PANELS, NAME_CLEARANCE, NEGATIVE, PANEL_AXES, POSITIVE, TEXT,
                   UPDATE, artists_of, check_axes, check_texts, check_values, check_weights, keep_names_clear, panels,
                   series, shows)
from .pattern_space import draw_decision_boundary, draw_patterns, pattern_limits, update_decision_boundary


def _weights_like(of):
    """The constraint of a weight vector as long as the parameter `of` (a vector, or the artists of draw_weights)."""
    def length(given):
        return len(given[of]["bars"]) if of == "artists" else len(given[of])
    return declare.Custom(lambda name, value, given: check.weight_vector(name, value, length(given)),
                          lambda example: [("w", TypeError), (np.zeros(17), ValueError), ([np.nan] * 3, ValueError)])


@declare.declared(ax=AXES,
                  w=declare.Custom(lambda name, w, given: check_weights(w),
                                   lambda example: [("w", TypeError), ([], ValueError), ([[1]], ValueError)]),
                  previous=declare.Optional(_weights_like("w")), limit=declare.Optional(declare.Positive()),
                  names=declare.Optional(declare.Custom(lambda name, value, given: check_texts(name, value,
                                                                                               len(given["w"])),
                                                        lambda example: [(["a"] * 17, ValueError), (3, TypeError)])))
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
    limit = max(1.0, 1.25 * float(np.abs(w).max())) if limit is None else limit
    names = [f"w{i}" for i in range(len(w))] if names is None else names
    ax.axhline(0, color="black", lw=0.8)
    artists = {
        "bars": ax.bar(names, w, color="#7f8c8d", width=0.6),
        "before": ax.bar(names, w if previous is None else previous, fill=False, ls="--",
                         edgecolor="black", lw=1.2, width=0.6),
        "values": [ax.text(i, 0, "", ha="center", fontsize=TEXT) for i in range(len(w))],
    }
    ax.set_ylim(-limit, limit)
    ax.set_title("weights", fontsize=TEXT)
    return update_weights(artists, w, previous)


@declare.declared(artists=artists_of("draw_weights", "bars", "before", "values"), w=_weights_like("artists"),
                  previous=declare.Optional(_weights_like("w")))
def update_weights(artists, w, previous=None):
    """Move the artists of `draw_weights` to the weights w (and the outlines to `previous`)."""
    previous = w if previous is None else previous
    limit = artists["bars"][0].axes.get_ylim()[1]
    for bar, old, ghost, value, text in zip(artists["bars"], previous, artists["before"], w,
                                            artists["values"]):
        bar.set_height(value)
        bar.set_color(UPDATE if value != old else "#7f8c8d")
        ghost.set_height(old)
        ghost.set_visible(value != old)
        text.set_text(format_number(value))
        text.set_y(value + (0.06 if value >= 0 else -0.14) * limit)
    return artists


@declare.declared(axes=declare.Custom(lambda name, axes, given: _axes_pair(axes),
                                      lambda example: [("axes", TypeError), ([1], TypeError)]),
                  trace=declare.Run(), k=declare.Step(of="trace"))
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
    pattern_ax, weights_ax = axes
    X = trace.X[:, 1:]
    xlim, ylim = pattern_limits(X)
    artists = {}
    artists["patterns"] = draw_patterns(pattern_ax, X, trace.y)   # first: the arrow starts clear of them
    w = trace.weights[k] + 0.0   # as the checks return it: a -0.0 becomes 0.0
    artists["boundary"] = draw_decision_boundary(pattern_ax, w, xlim=xlim, ylim=ylim)
    artists["ring"] = pattern_ax.scatter([], [], s=420, facecolors="none", edgecolors="black",
                                         linewidths=2.5, zorder=5)
    artists["ring"].description = "the pattern just presented, red if it changed W"
    pattern_ax.set_aspect("equal")
    pattern_ax.set_xlabel("x1")
    pattern_ax.set_ylabel("x2")
    limit = max(1.0, 1.2 * float(np.abs(trace.weights).max()))
    artists["weights"] = draw_weights(weights_ax, w, limit=limit)
    artists["title"] = pattern_ax.set_title("", fontsize=TEXT, loc="left")
    return update_step(artists, trace, k)


@declare.declared(artists=artists_of("draw_step", "boundary", "weights", "ring", "title"), trace=declare.Run(),
                  k=declare.Step(of="trace"))
def update_step(artists, trace, k):
    """Move the artists of `draw_step` to step k (from 0 to trace.n_presentations) of the run they drew."""
    w = trace.weights[k] + 0.0   # as the checks return it: a -0.0 becomes 0.0
    update_decision_boundary(artists["boundary"], w)
    update_weights(artists["weights"], w, trace.weights[k - 1] + 0.0 if k else w)
    ring = artists["ring"]
    # the names keep clear of the ring, of W's line and of each other, wherever the line goes
    keep_names_clear(artists["patterns"]["names"], trace.X[:, 1:], w,
                     np.sqrt(ring.get_sizes()[0]) / 2 + NAME_CLEARANCE, away=False)
    if k == 0:
        ring.set_offsets(np.empty((0, 2)))
        artists["title"].set_text(f"start\nW = {format_vector(w)}")
    else:
        i = k - 1
        ring.set_offsets(trace.X[trace.pattern[i], 1:][None])
        ring.set_edgecolors(UPDATE if trace.updated[i] else "black")
        verdict = "update" if trace.updated[i] else "no change"
        artists["title"].set_text(f"presentation {k}: X{trace.pattern[i] + 1}, {verdict}\n"
                                  f"W = {format_vector(w)}")
    return artists


# What a step's picture shows (its alt text, and the players' frames: widgets.py adds the step in words)
STEP_PICTURE = ("Left: the patterns in the plane, circles for target 1 and squares for the others, with W's decision "
                "line and the side where the unit outputs 1 shaded; the pattern just presented is ringed, red if it "
                "changed W. Right: the weights as bars.")


@declare.declared(trace=declare.Run(), k=declare.Step(of="trace"), size=FIGSIZE, dpi=DPI, ax=PANEL_AXES)
def step_figure(trace, k=0, *, ax=None, size=(7.2, 3.4), dpi=100):
    """A two-panel figure of step k (pattern space and weights), with its artists.

    Parameters
    ----------
    trace : Trace
        A recorded run on patterns with two features.
    k : int, default 0
        The step, from 0 to trace.n_presentations.
    size : (float, float), default (7.2, 3.4)
        The figure's (width, height) in inches.
    dpi : int, default 100
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (pattern space, weights). By default a new Picture (of `size`).

    Returns
    -------
    fig : Figure
    artists : dict
        For `update_step`.
    """
    fig, axes = panels(ax, 2, size, (1, 2), dpi=dpi, width_ratios=[1.35, 1])
    return shows(fig, STEP_PICTURE), draw_step(axes, trace, k)


@declare.declared(trace=declare.Run(), ncols=declare.Whole(minimum=1, maximum=MAX_PANELS),
                  size=declare.Number(above=0, maximum=5),
                  steps=declare.Custom(lambda name, steps, given: _grid_steps(given["trace"], steps),
                                       lambda example: [("x", TypeError), ([], ValueError), ([-1], ValueError),
                                                        ([0.5], ValueError)]),
                  ax=PANEL_AXES)
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
    ncols = min(ncols, len(steps))   # no empty columns for a few steps
    nrows = -(-len(steps) // ncols)
    fig, axes = panels(ax, len(steps), (size * ncols, size * nrows * 1.12), (nrows, ncols))
    X = trace.X[:, 1:]
    xlim, ylim = pattern_limits(X)
    for ax, k in zip(axes, steps):
        draw_decision_boundary(ax, trace.weights[k] + 0.0, xlim=xlim, ylim=ylim, arrow=False)
        draw_patterns(ax, X, trace.y, names=False, size=30.0)
        ax.set_aspect("equal")
        ax.set_xticks([])
        ax.set_yticks([])
        if k == 0:
            ax.set_title(f"start\n{format_vector(trace.weights[0])}", fontsize=TEXT)
            continue
        i = k - 1
        updated = bool(trace.updated[i])
        ring = ax.scatter(*trace.X[trace.pattern[i], 1:], s=160, facecolors="none", lw=1.8,
                          edgecolors=UPDATE if updated else "black", zorder=5)
        ring.description = f"X{trace.pattern[i] + 1} presented, " + ("W changed" if updated else "W unchanged")
        ax.set_title(f"{k}: X{trace.pattern[i] + 1}{' update' if updated else ''}\n"
                     f"{format_vector(trace.weights[k])}",
                     fontsize=TEXT, color=UPDATE if updated else "black")
        if updated:
            for spine in ax.spines.values():
                spine.set(color=UPDATE, lw=2)
    return shows(fig, "One panel per step of the run (its title: the presentation, the pattern presented, W after "
                      "it): the patterns in the plane, circles for target 1 and squares for the others, W's decision "
                      "line with the side where the unit outputs 1 shaded, the pattern presented ringed; a red title "
                      "and frame mark a presentation that changed W.")


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
    if isinstance(steps, (str, bytes)) or check.dimensions(steps) != 1:
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


@declare.declared(trace=declare.Run(plane=False), ax=PANEL_AXES, size=FIGSIZE)
def plot_history(trace, *, ax=None, size=(8.2, 2.8)):
    """A long run at a glance: the length of W after each presentation, and mistakes per pass.

    On separable data the mistakes stop; on data that are not, they go on for
    ever while ||W|| stays bounded (Manfredi 2021, the cycling theorem).

    Parameters
    ----------
    trace : Trace
        A recorded run, with any number of features.
    size : (float, float), default (8.2, 2.8)
        The figure's (width, height) in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (weight length, updates per pass). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    n = len(trace.X)
    fig, (norm_ax, mistakes_ax) = panels(ax, 2, size, (1, 2))
    norm_ax.plot(np.arange(trace.n_presentations + 1), norm(trace.weights), lw=0.8, color=POSITIVE)
    norm_ax.set_xlabel("presentation")
    norm_ax.set_ylabel("||W||")
    norm_ax.set_ylim(bottom=0)
    passes = np.add.reduceat(trace.updated, np.arange(0, trace.n_presentations, n))
    mistakes_ax.plot(np.arange(1, len(passes) + 1), passes, lw=0.8, color=UPDATE)
    mistakes_ax.set_xlabel("pass")
    mistakes_ax.set_ylabel("updates in the pass")
    mistakes_ax.set_ylim(0, n + 0.5)
    fig.suptitle(f"{trace.order} order, {trace.n_presentations} presentations: {trace.status}", fontsize=TEXT)
    return shows(fig, "Left: the length ||W|| of the weights after each presentation. Right: how many updates each "
                      "pass through the patterns made.")


@declare.declared(curves=series(12, lambda name, key, values, given: check_values(f"{name}[{key!r}]", values),
                                bad=lambda example: [({str(k): [1] for k in range(13)}, ValueError)]),
                  xlabel=declare.Text(), ylabel=declare.Text(), ax=PANEL_AXES, size=FIGSIZE,
                  ylim=declare.Optional(declare.Limits()))
def plot_curves(curves, *, xlabel, ylabel, ax=None, size=(6, 2.8), ylim=None):
    """Several named series against 1, 2, 3, ... on one Axes (for example, accuracy per pass).

    Parameters
    ----------
    curves : dict of str to array-like
        Name to values (1-D, finite, at least one), from 1 to 12 curves.
    xlabel, ylabel : str
    size : (float, float), default (6, 2.8)
        The figure's (width, height) in inches.
    ylim : (float, float), optional
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    fig, (ax,) = panels(ax, 1, size)
    # each curve differs by line style and marker as well as colour (read in grey, or with colour-blind eyes)
    for i, ((name, values), color) in enumerate(zip(curves.items(), [NEGATIVE, POSITIVE, UPDATE, "black"] * 3)):
        ax.plot(np.arange(1, len(values) + 1), values, lw=1.5, color=color, ls=_CURVE_STYLES[i % len(_CURVE_STYLES)],
                marker=CLASS_MARKERS[i % len(CLASS_MARKERS)], ms=5, markevery=max(1, len(values) // 10), label=name)
    ax.set(xlabel=xlabel, ylabel=ylabel)
    if ylim is not None:
        ax.set_ylim(*ylim)
    # above the panel, in a row: inside, it would cover some curve wherever it sat
    ax.legend(loc="lower left", bbox_to_anchor=(0, 1.01), ncol=min(len(curves), 4), fontsize=TEXT, frameon=False,
              borderaxespad=0)
    return shows(fig, f"{ylabel[:1].upper()}{ylabel[1:]} against {xlabel}, one curve per series ({len(curves)}), told apart by line style and "
                      "marker, named in the legend above.")


_CURVE_STYLES = ["-", "--", ":", "-."]   # a curve's line style, by its place in `plot_curves`'s dict


def _axes_pair(axes):
    if isinstance(axes, np.ndarray):
        axes = axes.ravel().tolist()
    if not isinstance(axes, (list, tuple)) or len(axes) != 2:
        raise TypeError(f"axes must be two matplotlib Axes (pattern space, weights), got {check.shown(axes)}")
    return check_axes("axes[0]", axes[0]), check_axes("axes[1]", axes[1])
