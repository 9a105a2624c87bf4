"""Pictures of experiments (lessons 05-08): curves and maps of what was counted over many runs or data sets.

The convergence bound checked (05), the variants' criterion, sigmoids, weight change and grid search (06, 07), Cover's
counting, Budinich's local minima and the Boolean functions (08). Lessons 06 to 08 draw at the projector
sizes of `_style`.

A picture here draws the values it is given and computes no theory. Lessons 06-08 call figures.py's functions
(``pl.plot_cover_check``, ...), which compute Cover's P, the intervals, N_min, the sigmoids and the grid's moves
and call the picture named after them with ``_values`` (``plot_cover_check_values``, ...): one name, one function.
"""
from itertools import zip_longest

import numpy as np
from matplotlib.legend_handler import HandlerTuple

from .. import constraints as declare
from .. import validation as check
from .base import (BAD_MARKS, CLASS_COLORS, CLASS_MARKERS, FIGSIZE, LABEL, LARGE_TEXT, NEGATIVE, PANEL_AXES, POSITIVE,
                   REGION_NUMBER, TEXT, TITLE, UPDATE, check_corner_fractions, check_fractions, check_function_counts,
                   check_grid_mark, check_numbers, check_pair, check_values, panels, series, shows)


# What the pictures check: values in bounds, and per measured set


def _numbers(**bounds):
    """The constraint of 1-D finite values (`check_numbers` with `bounds`), with the values it refuses for them."""
    def bad(example):
        cases = [("v", TypeError), ([], ValueError), ([0, np.nan], ValueError)]
        if bounds.get("low") is not None:
            cases.append(([bounds["low"] - 1] * max(bounds.get("fewest", 1), 1), ValueError))
        if bounds.get("increasing"):
            cases.append(([1, 0.5], ValueError))
        return cases
    return declare.Custom(lambda name, values, given: check_numbers(name, values, **bounds), bad)


def _interval(name, pair, fractions):
    """The (lows, highs) of an interval around each fraction: low <= fraction <= high, each in [0, 1]."""
    low, high = (check_numbers(f"{name}[{k}]", values, length=len(fractions), low=0, high=1)
                 for k, values in enumerate(check_pair(name, pair, "(lows, highs)")))
    if not ((low <= fractions + 1e-12) & (fractions <= high + 1e-12)).all():
        raise ValueError(f"{name} must hold low <= fraction <= high for each fraction, got {check.shown(pair)}")
    return low, high


def _per_set(name, mapping, measured, each):
    """cover or intervals: a dict with the keys of `measured`, each value checked against its fractions."""
    if not isinstance(mapping, dict):
        raise TypeError(f"{name} must be a dict with the keys of the measurements ({sorted(measured)}), "
                        f"got {check.shown(mapping)}")
    if set(mapping) != set(measured):
        raise ValueError(f"{name} must have the keys of the measurements, {sorted(measured)}, got {sorted(mapping)}")
    checked = {}
    for key, fractions in measured.items():
        checked[key] = each(f"{name}[{key}]", mapping[key], fractions)
    return checked


def _cover_at(name, values, fractions):
    """Cover's P at each N measured: one probability per fraction."""
    return check_numbers(name, values, length=len(fractions), low=0, high=1)


def _bad_per_set(example):
    """What cover and intervals refuse, given with their measurements: not a dict, other keys."""
    return [("a", TypeError), ({999: [0.5]}, ValueError)]


@declare.declared(pairs=series(4, lambda name, key, pair, given: _bound_pair(key, pair),
                               bad=lambda example: [({str(k): ([1], [2]) for k in range(5)}, ValueError)]),
                  ax=PANEL_AXES, size=FIGSIZE)
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
        The figure's (width, height) in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (updates against bound, their ratio). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    fig, (scatter_ax, ratio_ax) = panels(ax, 2, size, (1, 2))
    lowest, highest = np.inf, 0
    colours = [POSITIVE, NEGATIVE, "#2e8b57", "#7d3c98"]
    # each form differs by shape as well as colour: its own marker, and its own hatching of the bars
    hatches = [None, "////", "\\\\\\\\", "...."]
    # The ratio axis ends just past the largest ratio (a bound that holds keeps it under 1): fixed at 0..1,
    # the bars of loose bounds would all crowd its left end.
    right = 1.05 * max(max((observed / bound).max() for observed, bound in pairs.values()), 0.01)
    keys = []   # per form, its marker and a patch of its bars' hatching: the legend shows both
    for (name, (observed, bound)), colour, marker, hatch in zip(pairs.items(), colours, CLASS_MARKERS, hatches):
        shown = np.maximum(observed, 0.8)  # zero updates would fall off a log scale
        points = scatter_ax.scatter(bound, shown, s=8, alpha=0.45, color=colour, marker=marker, label=name, lw=0)
        bars = ratio_ax.hist(observed / bound, bins=np.linspace(0, right, 41), alpha=0.55, color=colour, label=name,
                             hatch=hatch, edgecolor=colour if hatch is None else "black", lw=0)[2]
        keys.append(((points, bars[0]), name))
        lowest, highest = min(lowest, shown.min(), bound.min()), max(highest, bound.max())
    if right > 1:
        ratio_ax.axvline(1, color="black", lw=1.5, label="updates = bound")
    line = [lowest * 0.8, highest * 1.25]
    scatter_ax.plot(line, line, color="black", lw=1.5, label="updates = bound")
    scatter_ax.set(xscale="log", yscale="log", xlabel="bound", ylabel="updates made")
    ratio_ax.set(xlabel="updates made / bound", ylabel="data sets", xlim=(0, right))
    # one legend for both panels, under them: inside either it would cover points or bars
    keys.append((scatter_ax.get_lines()[-1], "updates = bound"))
    fig.legend(*zip(*keys), loc="outside lower center", ncol=len(pairs) + 1, fontsize=TEXT, markerscale=3,
               frameon=False, handler_map={tuple: HandlerTuple(ndivide=None, pad=0.4)}, handlelength=3,
               columnspacing=1.2)
    return shows(fig, "Left: the updates each run made against its bound, a point per data set, both scales "
                      "logarithmic, with the line updates = bound. Right: bars of how many data sets came to each "
                      "fraction updates made / bound.")


def _bound_pair(name, pair):
    check_pair(f"pairs[{name!r}]", pair, "(observed updates, bound)")
    observed, bound = check_values(f"pairs[{name!r}][0]", pair[0]), check_values(f"pairs[{name!r}][1]", pair[1])
    if len(observed) != len(bound):
        raise ValueError(f"pairs[{name!r}] must hold as many bounds as observed counts, got {len(observed)} "
                         f"and {len(bound)}")
    if observed.min() < 0 or bound.min() <= 0:
        raise ValueError(f"pairs[{name!r}] must hold observed updates >= 0 and bounds > 0, got smallest "
                         f"{observed.min():g} and {bound.min():g}")
    return observed, bound


def _style(ax, title=None, xlabel=None, ylabel=None):
    """The projector sizes of lessons 06 to 08: titles `TITLE`, axis labels `LABEL`, tick labels `LARGE_TEXT`."""
    if title is not None:
        ax.set_title(title, fontsize=TITLE)
    if xlabel is not None:
        ax.set_xlabel(xlabel, fontsize=LABEL)
    if ylabel is not None:
        ax.set_ylabel(ylabel, fontsize=LABEL)
    ax.tick_params(labelsize=LARGE_TEXT)


@declare.declared(criteria=series(4, lambda name, key, values, given: check_values(f"{name}[{key!r}]", values),
                                  bad=lambda example: [({str(k): [1] for k in range(5)}, ValueError)]),
                  ax=PANEL_AXES, size=FIGSIZE)
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
        The figure's (width, height) in inches.
    ax : matplotlib Axes or sequence of them, optional
        Where to draw: one Axes per run. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    fig, axes = panels(ax, len(criteria), size, (1, len(criteria)))
    for one, (name, E) in zip(axes, criteria.items()):
        up = np.flatnonzero(np.diff(E) > 0) + 1
        one.step(np.arange(len(E)), E, where="post", color=POSITIVE, label="E(W)")
        one.plot(up, E[up], "o", color=UPDATE, label="E went up")
        _style(one, name, "presentation", "E(W)")
        one.legend(fontsize=LARGE_TEXT)
    return shows(fig, "The perceptron criterion E(W) (the wrong patterns' |W·X| summed) after each presentation, a "
                      "panel per run; circles mark where E went up.")


@declare.declared(net_inputs=_numbers(most=10_000, low=-6, high=6),
                  curves=series(4, lambda name, beta, pair, given: _outputs(f"{name}[{beta!r}]", pair,
                                                                            len(given["net_inputs"])),
                                what="β to (outputs, output at net_input)",
                                key=lambda name, beta: check.number(name, beta, minimum=1e-3, maximum=1e3)),
                  net_input=declare.Number(minimum=-6, maximum=6), ax=PANEL_AXES, size=FIGSIZE)
def plot_sigmoids_values(net_inputs, curves, *, net_input=2.0, ax=None, size=(7, 3.3)):
    """A sigmoid unit's output o = f(β W·X) against W·X, one curve per steepness β, and one pattern on each.

    Draws the curves it is given beside the threshold unit's step, for W·X
    from -6 to 6; a dotted line marks a pattern's net input and a dot its
    output on each curve. A curve that is flat there (small β, or large β
    far from 0) barely changes o when W moves: the factor f' of the
    pattern's step (Budinich 1993, eq. 5). `perceptron_lib.plot_sigmoids`
    (figures.py) computes the curves, f(z) = 1 / (1 + e^(-z)), and calls this.

    Parameters
    ----------
    net_inputs : array-like
        The W·X of every curve's points: 1-D, at most 10,000 values, each from -6 to 6.
    curves : dict of float to (array-like, float)
        For 1 to 4 steepnesses β (each from 0.001 to 1000): the output f(β W·X)
        at each of `net_inputs`, and the output at `net_input`, each in [0, 1].
    net_input : float, default 2.0
        The pattern's net input W·X, from -6 to 6.
    size : (float, float), default (7, 3.3)
        The figure's (width, height) in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    fig, (one,) = panels(ax, 1, size)
    one.step([-6, 0, 6], [0, 1, 1], where="post", color="0.6", lw=1, label="threshold unit")
    for (beta, (outputs, dot)), colour, style in zip(curves.items(), [NEGATIVE, POSITIVE, UPDATE, "black"],
                                                      ["-", "--", "-.", ":"]):
        one.plot(net_inputs, outputs, color=colour, ls=style, lw=2, label=f"β = {beta:g}")
        one.plot([net_input], [dot], "o", color=colour, ms=7)
    line = one.axvline(net_input, color="0.3", ls=":", lw=1.2)
    line.description = f"the pattern's net input W·X = {net_input:g}, a dot on each curve"
    left = net_input < 3                       # the label beside the line, inside the panel
    one.annotate(f" W·X = {net_input:g}" if left else f"W·X = {net_input:g} ", (net_input, 0.02), fontsize=TEXT,
                 ha="left" if left else "right")
    _style(one, None, "W·X", "o = f(β W·X)")
    one.set(xlim=(-6, 6), ylim=(-0.03, 1.03))
    one.legend(fontsize=LARGE_TEXT, loc="upper left")
    return shows(fig, "A sigmoid unit's output o = f(β W·X) against W·X, a curve per steepness β beside the "
                      f"threshold unit's step, each with a dot at the pattern's W·X = {net_input:g}.")


def _outputs(name, pair, count):
    """curves[β] of plot_sigmoids_values: (count outputs in [0, 1], one output in [0, 1])."""
    outputs, dot = check_pair(name, pair, "(outputs, output at net_input)")
    return (check_numbers(f"{name}[0]", outputs, length=count, low=0, high=1),
            check.number(f"{name}[1]", dot, minimum=0, maximum=1))


@declare.declared(beta_values=_numbers(fewest=2, most=10_000, low=0, high=1e3, increasing=True),
                  cases=series(4, lambda name, key, pair, given: _changes(f"{name}[{key!r}]", pair,
                                                                         len(given["beta_values"])),
                               what="str to (Δw, β_opt)"),
                  ax=PANEL_AXES, size=FIGSIZE)
def plot_weight_change_values(beta_values, cases, *, ax=None, size=(8.2, 3.3)):
    """One pattern's weight change Δw against the steepness β, and Budinich's β_opt, one panel per case.

    Draws the Δw it is given for each β (Budinich 1993, eq. 5) and a dashed
    line at the case's β_opt (his figure 4). A dot marks the curve's own
    largest value, when it lies inside the range drawn (for x < 0 it is not
    at β_opt). `perceptron_lib.plot_weight_change` (figures.py) computes
    them (`sigmoid.weight_change`, `sigmoid.beta_opt`) and calls this.

    Parameters
    ----------
    beta_values : array-like
        The β drawn: 1-D, increasing, from 2 to 10,000 values, each from 0 to 1000.
    cases : dict of str to (array-like, float)
        A title for each case (from 1 to 4), its Δw at each of `beta_values`
        and its β_opt (> 0).
    size : (float, float), default (8.2, 3.3)
        The figure's (width, height) in inches.
    ax : matplotlib Axes or sequence of them, optional
        Where to draw: one Axes per case. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    fig, axes = panels(ax, len(cases), size, (1, len(cases)))
    for one, (name, (changes, best)) in zip(axes, cases.items()):
        one.plot(beta_values, changes, color=POSITIVE)
        one.axvline(best, color=UPDATE, ls="--", label=f"β_opt = 0.8884/|W·X| = {best:.3f}")   # short: inside the panel
        top = int(np.argmax(changes))
        if 0 < top < len(beta_values) - 1:          # the curve's own peak, where it lies inside the range drawn
            one.plot(beta_values[top], changes[top], "o", color="black", ms=6,
                     label=f"largest Δw, at β = {beta_values[top]:.3f}")
        _style(one, name, "β", "Δw")
        one.set_ylim(top=1.6 * changes.max())       # room for the legend above the curve
        one.legend(fontsize=LARGE_TEXT, loc="upper right")
    return shows(fig, "A panel per pattern: its weight change Δw against the steepness β, with a dashed line at "
                      "Budinich's β_opt and a circle at the largest Δw.")


def _changes(name, pair, count):
    """cases[name] of plot_weight_change_values: (count weight changes, β_opt > 0)."""
    changes, best = check_pair(name, pair, "(Δw, β_opt)")
    return check_numbers(f"{name}[0]", changes, length=count), check.number(f"{name}[1]", best, above=0)


def _grid_shape(given):
    return len(given["betas"]), len(given["beta_etas"])


def _counts_bad(most):
    def bad(example):
        shape = len(example["betas"]), len(example["beta_etas"])
        cases = [("n", TypeError), (np.zeros((shape[0] + 1, shape[1]), dtype=int), ValueError),
                 (np.full(shape, -1), ValueError)]
        if most is not None:
            cases.append((np.full(shape, example[most] + 1), ValueError))
        return cases
    return bad


@declare.declared(betas=_numbers(fewest=2, most=1000, above=0, increasing=True),
                  beta_etas=_numbers(fewest=2, most=1000, above=0, increasing=True),
                  soluble=declare.Whole(minimum=0), move_limit=declare.Whole(minimum=1),
                  solved=declare.Custom(lambda name, values, given: _counts(name, values, _grid_shape(given), None),
                                        _counts_bad(None)),
                  hardest=declare.Custom(lambda name, values, given: _counts(name, values, _grid_shape(given),
                                                                             given["move_limit"]),
                                         _counts_bad("move_limit")),
                  mark=declare.Optional(declare.Custom(
                      lambda name, mark, given: check_grid_mark(name, mark, given["betas"], given["beta_etas"]),
                      lambda example: BAD_MARKS)),
                  ax=PANEL_AXES, size=FIGSIZE)
def plot_grid_search_values(betas, beta_etas, solved, hardest, *, soluble, move_limit, mark=None, ax=None,
                            size=(8.2, 4)):
    """The standard algorithm over a grid of β and βη: problems solved, and moves for the hardest.

    Budinich's figure 5 (1993, appendix): for each setting, how many problems
    the standard algorithm solved, and the most moves a problem needed where
    every soluble one was solved (elsewhere the move limit, drawn darkest).
    `perceptron_lib.plot_grid_search` (figures.py) reads them off a
    `StandardGrid` and calls this.

    Parameters
    ----------
    betas, beta_etas : array-like
        The grid's β and βη: 1-D, increasing, each > 0, from 2 to 1000 of each.
    solved : array-like
        How many problems each setting solved: shape (len(betas), len(beta_etas)), whole numbers from 0 to `soluble`.
    hardest : array-like
        The moves drawn for each setting (`StandardGrid.hardest`): the same shape, whole numbers from 0 to
        `move_limit`.
    soluble : int
        How many problems have a solution (104 of the 256 on 3 inputs), >= 0.
    move_limit : int
        The moves a run may make, >= 1.
    mark : (float, float), optional
        A setting (β, βη) to mark with a star, "Budinich's best"; inside the
        grid's range.
    size : (float, float), default (8.2, 4)
        The figure's (width, height) in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (solved, moves). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    axes_values = betas, beta_etas
    fig, axes = panels(ax, 2, size, (1, 2))
    titles = (f"problems solved ({soluble} are soluble)", f"moves for the hardest (limit {move_limit})")

    def position(values, axis):  # where values fall on the grid's index axis (log spacing)
        return np.interp(np.log(values), np.log(axis), np.arange(len(axis)))

    ticks = [[v for v in (0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100) if axis.min() <= v <= axis.max()]
             for axis in axes_values]
    # yellow is good in both maps, and at the top of both colour bars: more solved, fewer moves
    bars = (("viridis", "problems solved (more is better)", False), ("viridis_r", "moves (fewer is better)", True))
    for one, values, title, (colours, meaning, upside_down) in zip(axes, (solved, hardest), titles, bars):
        image = one.imshow(values.T, origin="lower", cmap=colours, aspect="auto")
        if mark is not None:
            one.plot(*[position(v, axis) for v, axis in zip(mark, axes_values)], "*", color=UPDATE, ms=18,
                     mec="white", label="Budinich's best")
        one.set_xticks(position(ticks[0], axes_values[0]), [f"{v:g}" for v in ticks[0]])
        one.set_yticks(position(ticks[1], axes_values[1]), [f"{v:g}" for v in ticks[1]])
        _style(one, title, "β", "βη")
        bar = fig.colorbar(image, ax=one)
        bar.ax.tick_params(labelsize=LARGE_TEXT)
        bar.set_label(meaning, fontsize=LARGE_TEXT)
        if upside_down:
            bar.ax.invert_yaxis()
    if mark is not None:   # under the maps, not on them
        fig.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center", fontsize=LARGE_TEXT,
                   frameon=False)
    return shows(fig, "Two colour maps over a grid of β (across) and βη (up): how many problems the standard "
                      "algorithm solved, and how many moves the hardest took"
                      + ("; a star marks Budinich's best setting" if mark is not None else "") + ".")


def _counts(name, values, shape, most):
    """solved or hardest of plot_grid_search_values: whole numbers from 0 (to `most`, unless None), in the grid's
    shape."""
    values = check.array(name, values, f"{shape}", ndim=2, integer=True)
    if values.shape != shape:
        raise ValueError(f"{name} must be whole numbers from 0{'' if most is None else f' to {most}'} of shape "
                         f"{shape}, got shape {values.shape}")
    if values.min() < 0 or (most is not None and values.max() > most):
        raise ValueError(f"{name} must be whole numbers from 0{'' if most is None else f' to {most}'} of shape "
                         f"{shape}, got shape {values.shape} from {values.min()} to {values.max()}")
    return values


@declare.declared(curves=series(4, lambda name, d, values, given: _probabilities(f"{name}[{d}]", values, 4000),
                                what="d to P(N, d)", key=lambda name, d: check.whole(name, d, minimum=1, maximum=1000)),
                  measured=declare.Optional(series(3, lambda name, d, values, given: check_fractions(d, values),
                                                   what="d to its fractions",
                                                   key=lambda name, d: check.whole(name, d, minimum=1, maximum=200))),
                  trials=declare.OnlyWith("measured", declare.Whole(minimum=1, maximum=10**6)),
                  cover=declare.OnlyWith("measured", declare.Custom(
                      lambda name, cover, given: _per_set(name, cover, given["measured"], _cover_at), _bad_per_set)),
                  intervals=declare.OnlyWith("measured", declare.Custom(
                      lambda name, intervals, given: _per_set(name, intervals, given["measured"], _interval),
                      _bad_per_set)),
                  ax=PANEL_AXES, size=FIGSIZE)
def plot_cover_check_values(curves, measured=None, *, cover=None, intervals=None, trials=None, ax=None,
                            size=(8.2, 3.8)):
    """Measured fractions of separable random labellings against Cover's curve, and the curve as d grows.

    One panel per d measured: the fraction of random labellings of N random
    points that a unit with d weights (p = d - 1 inputs and the bias)
    separates, each with its interval, against Cover's P(N, d) (Cover 1965),
    with N = d and N = 2d marked. A last panel draws the `curves`, P against
    N/d for each d: it tends to a step at N = 2d. Without `measured`, that
    panel alone, unmarked (the question that opens lesson 08).
    `perceptron_lib.plot_cover_check` (figures.py) computes P and the 95%
    Wilson intervals (`capacity`) and calls this.

    Parameters
    ----------
    curves : dict of int to array-like
        For 1 to 4 values of d (whole numbers from 1 to 1000): Cover's P(N, d)
        at N = 1, 2, ..., each in [0, 1], at most 4000 values.
    measured : dict of int to array-like, optional
        For 1 to 3 values of d (whole numbers from 1 to 200), the fractions
        measured at N = 1, 2, ..., len: at most 1000 values, each in [0, 1].
        None: only the curves.
    cover : dict of int to array-like, optional
        Cover's P(N, d) at each N measured, for each d of `measured` (and only with it).
    intervals : dict of int to (array-like, array-like), optional
        The lows and highs of each measured fraction's interval, for each d of
        `measured` (and only with it): low <= fraction <= high.
    trials : int, optional
        Sets drawn per N (for the legend), from 1 to 10**6; required with `measured`.
    size : (float, float), default (8.2, 3.8)
        The figure's (width, height) in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: one Axes per d and one for the curves. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    measured = {} if measured is None else measured
    fig, axes = panels(ax, len(measured) + 1, size, (1, len(measured) + 1))
    for one, (d, fractions) in zip(axes, measured.items()):
        sizes = np.arange(1, len(fractions) + 1)
        one.plot(sizes, cover[d], color="black", label="Cover")
        # the measured points and their intervals are one legend entry (a dot with its bar), and the marked N are
        # grey and black: no entry looks like one of the coloured curves of the last panel
        low, high = intervals[d]
        measured_points = one.errorbar(sizes, fractions, yerr=[np.asarray(fractions) - low, high - np.asarray(fractions)],
                                       fmt="o", color=POSITIVE, elinewidth=1.5,
                                       label=f"measured ({trials} sets per N), 95% interval")
        measured_points.lines[0].description = f"measured ({trials} sets per N), each with a bar: its 95% interval"
        one.axvline(d, color="0.45", ls=":", lw=1.5, label="N = d")
        one.axvline(2 * d, color="black", ls="--", lw=1.2, label="N = 2d")
        one.set_ylim(-0.04, 1.04)
        _style(one, f"d = {d}: p = {d - 1} input{'' if d == 2 else 's'}", "points N")
    last = axes[-1]
    # each d its own colour (Okabe and Ito's) and line style, so that no two curves differ by colour alone
    for (d, values), colour, dashes in zip(curves.items(), CLASS_COLORS, ("-", "--", ":", "-.")):
        last.plot([n / d for n in range(1, len(values) + 1)], values, label=f"d = {d}", color=colour, ls=dashes, lw=2)
    if measured:
        last.axvline(2, color="black", ls="--", lw=1.2).description = "N = 2d"
    _style(last, "Cover's curve as d grows", "points per weight N / d")
    axes[0].set_ylabel("P(separable)", fontsize=LABEL)
    for one in axes:
        one.axhline(0.5, color="grey", lw=0.8)
    if measured:
        # one legend for all panels, under them, where it hides no point: inside the narrow last panel, any corner
        # would cover the crossing at N = 2d or the steep curve of d = 200; its curves take the second row
        (handles, labels), (more, names) = (one.get_legend_handles_labels() for one in (axes[0], last))
        # a legend fills its columns first: interleaved, the four of the measured panels make the first row
        first = ["Cover", f"measured ({trials} sets per N), 95% interval", "N = d", "N = 2d"]
        handles = [handles[labels.index(name)] for name in first]
        order = [k for pair in zip_longest(range(4), range(4, 4 + len(names))) for k in pair if k is not None]
        both, words = handles + more, first + names
        fig.legend([both[k] for k in order], [words[k] for k in order], loc="outside lower center", ncol=4,
                   fontsize=LARGE_TEXT, frameon=False)
    else:
        # an empty corner: right of N = 2d every curve is below ½
        last.legend(fontsize=LARGE_TEXT, loc="upper right", handlelength=1.6)
    return shows(fig, "A panel per d: the measured fraction of random labellings of N points that a unit separates "
                      "(dots with 95% intervals) against N, on Cover's curve, with lines at N = d and N = 2d; the last "
                      "panel: Cover's curve for each d against N / d." if measured else
                      "Cover's curve for each d: the chance that random labels of N points can be separated, against "
                      "N / d.")


def _probabilities(name, values, most):
    """Cover's P at each N: at most `most` values in [0, 1]."""
    return check_numbers(name, values, most=most, low=0, high=1)


@declare.declared(minima=_numbers(fewest=2, most=400, low=0),
                  peak=declare.Custom(lambda name, peak, given: check.whole(name, peak, minimum=1,
                                                                            maximum=len(given["minima"])),
                                      lambda example: [(0, ValueError), (len(example["minima"]) + 1, ValueError),
                                                       (1.5, TypeError)]),
                  logs=series(8, lambda name, m, values, given: _log_curve(m, values), what="N to log10 N_min(N, p)",
                              key=lambda name, m: check.whole(name, m, minimum=1, maximum=1000)),
                  ax=PANEL_AXES, size=FIGSIZE)
def plot_n_min_values(minima, peak, logs, *, ax=None, size=(8.2, 3.5)):
    """Budinich's expected number of local minima N_min(N, p), against p, on a linear and a log scale.

    Budinich (1993, section 3, eq. 4 and figure 2), p the number of inputs of
    a unit with a threshold. Left: N_min for N patterns, p from 1 to N, with
    the p of the most minima. Right: log10 N_min against p / N for several
    N; for each N the peak sits near p = N / 5. `perceptron_lib.plot_n_min`
    (figures.py) computes them (`capacity.n_min`, `capacity.log_n_min`,
    `capacity.n_min_peak`) and calls this.

    Parameters
    ----------
    minima : array-like
        N_min(N, p) for p = 1, ..., N (so N = len(minima), from 2 to 400), each >= 0.
    peak : int
        The p of the largest N_min, from 1 to N.
    logs : dict of int to array-like
        For 1 to 8 values of N (each from 1 to 1000): log10 N_min(N, p) for p = 1, ..., N (N values).
    size : (float, float), default (8.2, 3.5)
        The figure's (width, height) in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (linear, logarithmic). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    n = len(minima)
    fig, (linear, logarithmic) = panels(ax, 2, size, (1, 2))
    linear.plot(range(1, n + 1), minima, "o-", ms=4, color=POSITIVE)
    linear.axvline(peak, color=UPDATE, ls="--", label=f"largest at p = {peak}")
    _style(linear, f"linear scale, N = {n} patterns", "inputs p", "N_min(N, p)")
    blues = ("#9ecae1", "#6baed6", "#3182bd", "#08519c", "#08306b", "#041e45", "#020f24", "#000000")
    # each N its own shade and line style, so that no two curves differ by colour alone
    dashes = ("-", "--", ":", "-.", (0, (5, 1)), (0, (3, 1, 1, 1)), (0, (1, 1)), (0, (8, 3)))
    for (m, values), colour, style in zip(logs.items(), blues, dashes):
        logarithmic.plot([d / m for d in range(1, m + 1)], values, color=colour, ls=style, lw=2, label=f"N = {m}")
    logarithmic.axvline(0.2, color=UPDATE, ls="--", label="p = N / 5")
    _style(logarithmic, "logarithmic scale, several N", "inputs per pattern p / N", "log₁₀ N_min(N, p)")
    for one in (linear, logarithmic):
        one.legend(fontsize=LARGE_TEXT)
    return shows(fig, "Budinich's expected number of local minima N_min(N, p) against the inputs p: left on a linear "
                      "scale for one N, its largest value marked; right on a logarithmic scale for several N, "
                      "against p / N.")


def _log_curve(m, values):
    """logs[m] of plot_n_min_values: m values."""
    return check_numbers(f"logs[{m}]", values, length=m)


def _shade(name, shade, given):
    """N_min / its largest value at each N: shape (N_top, p_top), p_top from 10 to 100, N_top from 10 to 5 * p_top."""
    shade = check.array(name, shade, "(N_top, p_top)", ndim=2)
    n_top, d_top = shade.shape
    if not 10 <= d_top <= 100 or not 10 <= n_top <= 5 * d_top or shade.min() < 0 or shade.max() > 1:
        raise ValueError(f"{name} must hold values in [0, 1], of shape (N_top, p_top) with p_top from 10 to 100 and "
                         f"N_top from 10 to 5 * p_top, got shape {shade.shape}")
    return shade


def _peaks(name, peaks, given):
    """At most 500 entries N (1 to N_top of the shade) to its p (1 to N)."""
    if not isinstance(peaks, dict) or len(peaks) > 500:
        raise (TypeError if not isinstance(peaks, dict) else ValueError)(
            f"{name} must be a dict of at most 500 entries, N to its p, got {check.shown(peaks)}")
    peaks = {check.whole(f"the keys of {name}", n, minimum=1, maximum=len(given["shade"])): p for n, p in peaks.items()}
    return {n: check.whole(f"{name}[{n}]", p, minimum=1, maximum=n) for n, p in peaks.items()}


@declare.declared(shade=declare.Custom(_shade, lambda example: [("s", TypeError), (np.ones((5, 5)), ValueError),
                                                                 (np.full((20, 10), 2.0), ValueError)]),
                  peaks=declare.Custom(_peaks, lambda example: [([1], TypeError),
                                                                 ({n: 1 for n in range(1, 502)}, ValueError)]),
                  ax=PANEL_AXES, size=FIGSIZE)
def plot_n_min_map_values(shade, peaks, *, ax=None, size=(8, 4.6)):
    """The N-p plane shaded by N_min(N, p) / its largest value at that N, with Budinich's four regions.

    Budinich's figure 3 (1993, section 3): the lines N = p, N = 2p and N = 5p
    divide the plane into four regions (numbered as in his text); the dots
    mark, for each N given, the p with the most local minima. p (Budinich's d)
    is the number of inputs of a unit with a threshold.
    `perceptron_lib.plot_n_min_map` (figures.py) computes them
    (`capacity.log_n_min`, `capacity.n_min_peak`) and calls this.

    Parameters
    ----------
    shade : array-like
        N_min(N, p) / its largest value at that N, each in [0, 1]: shape
        (N_top, p_top), row N - 1 for N = 1, ..., N_top and column p - 1 for
        p = 1, ..., p_top; p_top from 10 to 100 and N_top from 10 to 5 * p_top.
    peaks : dict of int to int
        For at most 500 values of N (each from 1 to N_top): the p of the largest N_min, from 1 to N.
    size : (float, float), default (8, 4.6)
        The figure's (width, height) in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    n_top, d_top = shade.shape
    fig, (one,) = panels(ax, 1, size)
    image = one.imshow(shade, origin="lower", aspect="auto", cmap="Blues",
                       extent=(0.5, d_top + 0.5, 0.5, n_top + 0.5))
    box = {"facecolor": "white", "edgecolor": "none", "alpha": 0.85}
    right = d_top + 0.5
    # Names and region numbers where they sit clear of the lines (as fractions of d_top and n_top).
    for k, style, (x, y) in zip((1, 2, 5), (":", "--", "-"), ((0.875, 0.26), (0.85, 0.43), (0.35, 0.51))):
        one.plot([0, right], [0, k * right], style, color=UPDATE, lw=2)
        one.text(x * d_top, y * n_top, "N = p" if k == 1 else f"N = {k}p", fontsize=LABEL, color=UPDATE, ha="center",
                 va="top", bbox=box)
    one.plot(list(peaks.values()), list(peaks), "o", ms=4, color=NEGATIVE, label="largest N_min for each N")
    for region, (x, y) in zip("1234", ((0.625, 0.06), (0.625, 0.185), (0.625, 0.425), (0.15, 0.75))):
        one.text(x * d_top, y * n_top, region, fontsize=REGION_NUMBER, fontweight="bold", ha="center", va="center",
                 bbox=box)
    one.set(xlim=(0.5, right), ylim=(0.5, n_top + 0.5))
    _style(one, None, "inputs p", "patterns N")
    one.legend(fontsize=LARGE_TEXT, loc="upper left")
    colours = fig.colorbar(image, ax=one)
    colours.set_label("N_min / its largest value at this N", fontsize=LABEL)
    colours.ax.tick_params(labelsize=LARGE_TEXT)
    return shows(fig, "The plane of inputs p (across) and patterns N (up), shaded by N_min / its largest value at "
                      "that N (the scale beside it), with the lines N = p, N = 2p and N = 5p between Budinich's four "
                      "numbered regions, and dots at the largest N_min for each N.")


def _cover_counts(name, cover, given):
    """Cover's counts, one per p, as many as the parameter counts."""
    cover = check_function_counts(name, cover)
    if len(cover) != len(given["counts"]):
        raise ValueError(f"{name} must hold one count per p, as counts does ({len(given['counts'])}), got {len(cover)}")
    return cover


@declare.declared(counts=declare.Custom(lambda name, counts, given: check_function_counts(name, counts),
                                        lambda example: [("c", TypeError), ([1], ValueError)]),
                  cover=declare.Custom(_cover_counts, lambda example: [("c", TypeError), ([1], ValueError),
                                                                       (list(example["counts"]) + [1], ValueError)]),
                  ax=PANEL_AXES, size=FIGSIZE)
def plot_boolean_fractions_values(counts, cover, *, ax=None, size=(7, 3.4)):
    """The fraction of Boolean functions of p inputs that are threshold functions, against Cover's count.

    Threshold functions of p inputs out of all 2**2**p, on a log scale
    (Budinich 1993 counts 104 for 3 inputs, appendix, and 1882 for 4,
    section 4), and Cover's C(2**p, p + 1) out of 2**2**p for as many points
    in general position and a unit with d = p + 1 weights (Cover 1965).
    `perceptron_lib.plot_boolean_fractions` (figures.py) computes Cover's
    counts (`capacity.separable_dichotomies`) and calls this.

    Parameters
    ----------
    counts : sequence of int
        The number of threshold functions of 0, 1, 2, ... inputs (2 to 9
        values, each from 1 to 2**2**p).
    cover : sequence of int
        Cover's C(2**p, p + 1) for the same p, as many as `counts`, each from 1 to 2**2**p.
    size : (float, float), default (7, 3.4)
        The figure's (width, height) in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    inputs = range(len(counts))
    fig, (one,) = panels(ax, 1, size)
    one.semilogy(inputs, [c / 2**2**m for m, c in enumerate(counts)], "o-", color=POSITIVE,
                 label="threshold functions")
    one.semilogy(inputs, [c / 2**2**m for m, c in enumerate(cover)], "s--", color="grey",
                 label="Cover's count (general position)")
    _style(one, None, "inputs p", "fraction of all functions")
    one.legend(fontsize=LARGE_TEXT)
    return shows(fig, "The fraction of all Boolean functions of p inputs that a threshold unit computes, against p, "
                      "on a logarithmic scale, beside Cover's count for points in general position.")




def _cube_fractions(given):
    """The fractions measured on each cube of the parameter cube: {p: fractions}."""
    return {m: values for m, (_, values) in given["cube"].items()}


@declare.declared(cube=series(4, lambda name, m, pair, given: check_corner_fractions(m, pair),
                              what="m to (corners n, fractions)",
                              key=lambda name, m: check.whole(name, m, minimum=1, maximum=30)),
                  cover=declare.Custom(lambda name, cover, given: _per_set(name, cover, _cube_fractions(given),
                                                                      _cover_at), _bad_per_set),
                  trials=declare.Optional(declare.Whole(minimum=1, maximum=10**6)),
                  intervals=declare.OnlyWith("trials", declare.Custom(
                      lambda name, intervals, given: _per_set(name, intervals, _cube_fractions(given), _interval),
                      _bad_per_set)),
                  ax=PANEL_AXES, size=FIGSIZE)
def plot_cube_check_values(cube, cover, *, intervals=None, trials=None, ax=None, size=(7, 3.4)):
    """Measured fractions of separable random labellings of random cube corners, against Cover's curve.

    Budinich (1993, section 3, citing Budinich 1991) notes that for large p
    fewer than O((p + 1)**(3/2)) corners of the p-cube can be treated as if
    they were in general position; the picture sets the fraction measured
    for N random corners against Cover's P(N, p + 1) for a unit with p + 1
    weights (Cover 1965), both against N / (p + 1).
    `perceptron_lib.plot_cube_check` (figures.py) computes P and the 95%
    Wilson intervals (`capacity`) and calls this.

    Parameters
    ----------
    cube : dict of int to (sequence of int, array-like)
        For 1 to 4 cube dimensions p (from 1 to 30): the numbers of corners N
        (each from 1 to 2**p) and the fraction separable measured for each.
    cover : dict of int to array-like
        Cover's P(N, p + 1) at each N, for each p of `cube`.
    intervals : dict of int to (array-like, array-like), optional
        The lows and highs of each fraction's 95% interval, for each p of `cube`; given with `trials`
        and only with it.
    trials : int, optional
        Sets drawn per N, from 1 to 10**6 (for the title).
    size : (float, float), default (7, 3.4)
        The figure's (width, height) in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    fig, (one,) = panels(ax, 1, size)
    # each cube its own colour, line style and marker, so that no two differ by colour alone; each marker smaller
    # (in points across) than the one before, so that equal fractions at one N / (p + 1) show both
    styles = zip((NEGATIVE, POSITIVE, "#2a9d3a", "black"), ("-", "--", ":", "-."), ("s", "o", "^", "D"),
                 (7.5, 5, 4.5, 4))
    for (m, (sizes, measured)), (colour, dashes, marker, width) in zip(cube.items(), styles):
        ratio = [n / (m + 1) for n in sizes]
        one.plot(ratio, cover[m], ls=dashes, color=colour, label=f"Cover, d = {m + 1} weights")
        one.plot(ratio, measured, marker, ms=width, color=colour, label=f"corners of the {m}-cube (p = {m})")
        if trials is not None:
            one.vlines(ratio, *intervals[m], color=colour, lw=1.5)
    half = one.axvline(2, color="grey", ls="--")
    half.description = "N = 2(p + 1), where Cover's P is ½"
    one.text(2.03, 1.0, "Cover's ½ at N = 2(p + 1)", fontsize=LARGE_TEXT, color="dimgrey", va="top")
    _style(one, None if trials is None else f"{trials} sets per N; bars: 95% intervals",
           "corners per weight N / (p + 1)", "P(separable)")
    one.legend(fontsize=LARGE_TEXT)
    return shows(fig, "Measured fractions of separable random labellings of corners of the p-cube (markers with 95% "
                      "intervals) against N / (p + 1), over Cover's curve for p + 1 weights.")
