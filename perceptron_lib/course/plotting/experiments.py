"""Pictures of experiments (lessons 05-07): curves and maps of what was measured over many runs or settings.

The convergence bound checked (05), the variants' criterion (06), the sigmoids, the weight change and the grid
search of Budinich's adaptive algorithm (07). Lessons 06 and 07 draw at the projector sizes of
`projector_style`; the pictures of lesson 08's counts are in counts.py.

A picture here draws the values it is given and computes no theory. Lessons 06 and 07 call figures.py's
functions (``pl.plot_sigmoids``, ...), which compute the sigmoids and the grid's moves and call the picture
named after them with ``_values`` (``plot_sigmoids_values``, ...): one name, one function.
"""
import numpy as np
from matplotlib.legend_handler import HandlerTuple

from ...core import constraints as declare
from ...core import validation as check
from .base import (BAD_MARKS, CLASS_MARKERS, FIGSIZE, LARGE_TEXT, NEGATIVE, PANEL_AXES, POSITIVE, TEXT, UPDATE,
                   check_grid_mark, check_numbers, check_pair, check_values, finite_numbers, panels, projector_style,
                   series, shows)


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
        projector_style(one, name, "presentation", "E(W)")
        one.legend(fontsize=LARGE_TEXT)
    return shows(fig, "The perceptron criterion E(W) (the wrong patterns' |W·X| summed) after each presentation, a "
                      "panel per run; circles mark where E went up.")


@declare.declared(net_inputs=finite_numbers(most=10_000, low=-6, high=6),
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
    projector_style(one, None, "W·X", "o = f(β W·X)")
    one.set(xlim=(-6, 6), ylim=(-0.03, 1.03))
    one.legend(fontsize=LARGE_TEXT, loc="upper left")
    return shows(fig, "A sigmoid unit's output o = f(β W·X) against W·X, a curve per steepness β beside the "
                      f"threshold unit's step, each with a dot at the pattern's W·X = {net_input:g}.")


def _outputs(name, pair, count):
    """curves[β] of plot_sigmoids_values: (count outputs in [0, 1], one output in [0, 1])."""
    outputs, dot = check_pair(name, pair, "(outputs, output at net_input)")
    return (check_numbers(f"{name}[0]", outputs, length=count, low=0, high=1),
            check.number(f"{name}[1]", dot, minimum=0, maximum=1))


@declare.declared(beta_values=finite_numbers(fewest=2, most=10_000, low=0, high=1e3, increasing=True),
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
        projector_style(one, name, "β", "Δw")
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


@declare.declared(betas=finite_numbers(fewest=2, most=1000, above=0, increasing=True),
                  beta_etas=finite_numbers(fewest=2, most=1000, above=0, increasing=True),
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
        projector_style(one, title, "β", "βη")
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
