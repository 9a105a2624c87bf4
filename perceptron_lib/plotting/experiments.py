"""Pictures of experiments (lessons 05-08): curves and maps of what was counted over many runs or data sets.

The convergence bound checked (05), the variants' criterion, sigmoids, weight change and grid search (06, 07), Cover's
counting, Budinich's local minima and the Boolean functions (08). Lessons 06 to 08 draw at the projector
sizes of `_style`.
"""
import numpy as np
from matplotlib.legend_handler import HandlerTuple

from .. import validation as check
from .base import (CLASS_COLORS, CLASS_MARKERS, LABEL, LARGE_TEXT, NEGATIVE, POSITIVE, REGION_NUMBER, TEXT, TITLE, UPDATE,
                   check_figsize, check_series, check_values, panels)


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
    pairs = check_series("pairs", pairs, 4, _bound_pair)
    size = check_figsize(size)
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
    return fig


def _bound_pair(name, pair):
    if not isinstance(pair, (tuple, list)) or len(pair) != 2:
        raise TypeError(f"pairs[{name!r}] must be a pair (observed updates, bound), got {check.shown(pair)}")
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
    criteria = check_series("criteria", criteria, 4, lambda name, values: check_values(f"criteria[{name!r}]", values))
    fig, axes = panels(ax, len(criteria), check_figsize(size), (1, len(criteria)))
    for one, (name, E) in zip(axes, criteria.items()):
        up = np.flatnonzero(np.diff(E) > 0) + 1
        one.step(np.arange(len(E)), E, where="post", color=POSITIVE, label="E(W)")
        one.plot(up, E[up], "o", color=UPDATE, label="E went up")
        _style(one, name, "presentation", "E(W)")
        one.legend(fontsize=LARGE_TEXT)
    return fig


def plot_sigmoids(betas, *, net_input=2.0, ax=None, size=(7, 3.3)):
    """A sigmoid unit's output o = f(β W·X) against W·X, one curve per steepness β, and one pattern on each.

    f(z) = 1 / (1 + e^(-z)) (Budinich 1993, eq. 1, via `arithmetic.sigmoid`),
    drawn for W·X from -6 to 6 beside the threshold unit's step; a dotted line
    marks a pattern's net input and a dot its output on each curve. A curve
    that is flat there (small β, or large β far from 0) barely changes o when
    W moves: the factor f' of the pattern's step (his eq. 5).

    Parameters
    ----------
    betas : sequence of float
        From 1 to 4 steepnesses, each from 0.001 to 1000.
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
    from ..arithmetic import sigmoid
    betas = check_values("betas", betas)
    if not 1 <= len(betas) <= 4 or betas.min() < 1e-3 or betas.max() > 1e3:
        raise ValueError(f"betas must hold from 1 to 4 steepnesses, each from 0.001 to 1000, got {check.shown(betas)}")
    net_input = check.number("net_input", net_input, minimum=-6, maximum=6)
    fig, (one,) = panels(ax, 1, check_figsize(size))
    z = np.linspace(-6, 6, 601)
    one.step([-6, 0, 6], [0, 1, 1], where="post", color="0.6", lw=1, label="threshold unit")
    for beta, colour, style in zip(betas, [NEGATIVE, POSITIVE, UPDATE, "black"], ["-", "--", "-.", ":"]):
        one.plot(z, sigmoid(beta * z), color=colour, ls=style, lw=2, label=f"β = {beta:g}")
        one.plot([net_input], [sigmoid(np.array(beta * net_input))], "o", color=colour, ms=7)
    line = one.axvline(net_input, color="0.3", ls=":", lw=1.2)
    line.description = f"the pattern's net input W·X = {net_input:g}, a dot on each curve"
    left = net_input < 3                       # the label beside the line, inside the panel
    one.annotate(f" W·X = {net_input:g}" if left else f"W·X = {net_input:g} ", (net_input, 0.02), fontsize=TEXT,
                 ha="left" if left else "right")
    _style(one, None, "W·X", "o = f(β W·X)")
    one.set(xlim=(-6, 6), ylim=(-0.03, 1.03))
    one.legend(fontsize=LARGE_TEXT, loc="upper left")
    return fig


def plot_weight_change(cases, *, betas=(0.0, 3.0), ax=None, size=(8.2, 3.3)):
    """One pattern's weight change Δw against the steepness β, and Budinich's β_opt, one panel per case.

    Δw(β) = β (c − f(βx)) f'(βx) for a pattern with target c = 1 and input 1
    (Budinich 1993, eq. 5, via `sigmoid.weight_change`); the dashed line is
    `sigmoid.beta_opt`, where it is largest for x > 0 (his figure 4). A dot
    marks the curve's own largest value on the grid, when it lies inside the
    range drawn (for x < 0 it is not at β_opt).

    Parameters
    ----------
    cases : dict of str to float
        A title for each case (from 1 to 4) and its net input x (nonzero,
        |x| <= 1e6).
    betas : (float, float), default (0, 3)
        The range of β drawn, 0 <= low < high <= 1e3 (601 values).
    size : (float, float), default (8.2, 3.3)
        The figure's (width, height) in inches.
    ax : matplotlib Axes or sequence of them, optional
        Where to draw: one Axes per case. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from ..sigmoid import beta_opt, weight_change
    cases = check_series("cases", cases, 4, _net_input)
    low, high = check.limits("betas", betas)
    if low < 0 or high > 1e3:
        raise ValueError(f"betas must be (low, high) with 0 <= low < high <= 1000, got {check.shown(betas)}")
    grid = np.linspace(low, high, 601)
    fig, axes = panels(ax, len(cases), check_figsize(size), (1, len(cases)))
    for one, (name, x) in zip(axes, cases.items()):
        best = beta_opt(x)
        changes = weight_change(grid, x)
        one.plot(grid, changes, color=POSITIVE)
        one.axvline(best, color=UPDATE, ls="--", label=f"β_opt = 0.8884/|W·X| = {best:.3f}")   # short: inside the panel
        top = int(np.argmax(changes))
        if 0 < top < len(grid) - 1:                 # the curve's own peak, where it lies inside the range drawn
            one.plot(grid[top], changes[top], "o", color="black", ms=6, label=f"largest Δw, at β = {grid[top]:.3f}")
        _style(one, name, "β", "Δw")
        one.set_ylim(top=1.6 * changes.max())       # room for the legend above the curve
        one.legend(fontsize=LARGE_TEXT, loc="upper right")
    return fig


def _net_input(name, x):
    x = check.number(f"cases[{name!r}]", x, minimum=-1e6, maximum=1e6)
    if abs(x) < 1e-6:
        raise ValueError(f"cases[{name!r}] must be a net input x with 1e-6 <= |x| <= 1e6 (β_opt = 0.8884/|x|), "
                         f"got {x!r}")
    return x


def plot_grid_search(grid, soluble, *, mark=None, ax=None, size=(8.2, 4)):
    """The standard algorithm over a grid of β and βη: problems solved, and moves for the hardest.

    Budinich's figure 5 (1993, appendix): for each setting, how many problems
    the standard algorithm solved, and the most moves a problem needed where
    every soluble one was solved (elsewhere the move limit, drawn darkest).

    Parameters
    ----------
    grid : StandardGrid
        What `budinich.standard_algorithm_grid` returns.
    soluble : int
        How many of its problems have a solution (104 of the 256 on 3 inputs),
        from 0 to grid.n_problems.
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
    from ..budinich import StandardGrid
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
    fig, axes = panels(ax, 2, check_figsize(size), (1, 2))
    titles = (f"problems solved ({soluble} are soluble)", f"moves for the hardest (limit {grid.move_limit})")

    def position(values, axis):  # where values fall on the grid's index axis (log spacing)
        return np.interp(np.log(values), np.log(axis), np.arange(len(axis)))

    ticks = [[v for v in (0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100) if axis.min() <= v <= axis.max()]
             for axis in axes_values]
    # yellow is good in both maps, and at the top of both colour bars: more solved, fewer moves
    bars = (("viridis", "problems solved (more is better)", False), ("viridis_r", "moves (fewer is better)", True))
    for one, values, title, (colours, meaning, upside_down) in zip(axes, (grid.solved, hardest), titles, bars):
        image = one.imshow(values.T, origin="lower", cmap=colours, aspect="auto")
        if mark is not None:
            one.plot(*[position(v, axis) for v, axis in zip(mark, axes_values)], "*", color=UPDATE, ms=18,
                     mec="white", label="Budinich's best")
        one.set_xticks(position(ticks[0], grid.betas), [f"{v:g}" for v in ticks[0]])
        one.set_yticks(position(ticks[1], grid.beta_etas), [f"{v:g}" for v in ticks[1]])
        _style(one, title, "β", "βη")
        bar = fig.colorbar(image, ax=one)
        bar.ax.tick_params(labelsize=LARGE_TEXT)
        bar.set_label(meaning, fontsize=LARGE_TEXT)
        if upside_down:
            bar.ax.invert_yaxis()
    if mark is not None:   # under the maps, not on them
        fig.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center", fontsize=LARGE_TEXT,
                   frameon=False)
    return fig


def plot_cover_check(measured=None, trials=None, *, ax=None, size=(8.2, 3.8)):
    """Measured fractions of separable random labellings against Cover's curve, and the curve as d grows.

    One panel per d measured: the fraction of random labellings of N random
    points that a unit with d weights (p = d - 1 inputs and the bias)
    separates, each with its 95% Wilson interval
    (`capacity.fraction_interval`), against Cover's P(N, d) (Cover 1965;
    `capacity.separable_probability`), with N = d and N = 2d marked.
    A last panel draws P against N/d for d = 2, 4, 20 and 200: it tends to a
    step at N = 2d. Without `measured`, that panel alone, unmarked (the
    question that opens lesson 08).

    Parameters
    ----------
    measured : dict of int to array-like, optional
        For 1 to 3 values of d (whole numbers from 1 to 200), the fractions
        measured at N = 1, 2, ..., len: values in [0, 1], each a whole
        number of sets divided by `trials`. None: only Cover's curves.
    trials : int, optional
        Sets drawn per N (for the intervals and the legend), from 1 to 10**6;
        required with `measured`.
    size : (float, float), default (8.2, 3.8)
        The figure's (width, height) in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: one Axes per d and one for the curves. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from ..capacity import separable_probability
    if measured is None:
        measured = {}
    else:
        measured = check_series("measured", measured, 3, _fractions, what="d to its fractions",
                                key=lambda name, d: check.whole(name, d, minimum=1, maximum=200))
        trials = check.whole("trials", trials, minimum=1, maximum=10**6)
    intervals = {d: _intervals(f"measured[{d}]", fractions, trials) for d, fractions in measured.items()}
    fig, axes = panels(ax, len(measured) + 1, check_figsize(size), (1, len(measured) + 1))
    for one, (d, fractions) in zip(axes, measured.items()):
        sizes = np.arange(1, len(fractions) + 1)
        one.plot(sizes, [float(separable_probability(n, d)) for n in sizes], color="black", label="Cover")
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
    curves = axes[-1]
    # each d its own colour (Okabe and Ito's) and line style, so that no two curves differ by colour alone
    for d, colour, dashes in zip((2, 4, 20, 200), CLASS_COLORS, ("-", "--", ":", "-.")):
        sizes = range(1, 4 * d + 1)
        curves.plot([n / d for n in sizes], [float(separable_probability(n, d)) for n in sizes],
                    label=f"d = {d}", color=colour, ls=dashes, lw=2)
    if measured:
        curves.axvline(2, color="black", ls="--", lw=1.2).description = "N = 2d"
    _style(curves, "Cover's curve as d grows", "points per weight N / d")
    axes[0].set_ylabel("P(separable)", fontsize=LABEL)
    for one in axes:
        one.axhline(0.5, color="grey", lw=0.8)
    if measured:
        # one legend for all panels, under them, where it hides no point: inside the narrow last panel, any corner
        # would cover the crossing at N = 2d or the steep curve of d = 200; its curves take the second row
        (handles, labels), (more, names) = (one.get_legend_handles_labels() for one in (axes[0], curves))
        # a legend fills its columns first: interleaved, the four of the measured panels make the first row
        first = ["Cover", f"measured ({trials} sets per N), 95% interval", "N = d", "N = 2d"]
        handles = [handles[labels.index(name)] for name in first]
        order = [k for pair in zip(range(4), range(4, 8)) for k in pair]
        both, words = handles + more, first + names
        fig.legend([both[k] for k in order], [words[k] for k in order], loc="outside lower center", ncol=4,
                   fontsize=LARGE_TEXT, frameon=False)
    else:
        # an empty corner: right of N = 2d every curve is below ½
        curves.legend(fontsize=LARGE_TEXT, loc="upper right", handlelength=1.6)
    return fig


def _intervals(name, fractions, trials):
    """The 95% Wilson intervals of fractions measured in `trials` sets each: (lows, highs)."""
    from ..capacity import fraction_interval
    hits = np.asarray(fractions, float) * trials
    if np.abs(hits - np.round(hits)).max() > 1e-6 * trials:
        raise ValueError(f"{name} must hold whole numbers of sets divided by trials={trials}, got "
                         f"{check.shown(np.asarray(fractions).tolist())}")
    ends = [fraction_interval(int(h), trials) for h in np.round(hits)]
    return [low for low, _ in ends], [high for _, high in ends]


def _fractions(d, values):
    """measured[d] of plot_cover_check: at most 1000 fractions in [0, 1]."""
    values = check_values(f"measured[{d!r}]", values)
    if len(values) > 1000 or values.min() < 0 or values.max() > 1:
        raise ValueError(f"measured[{d}] must hold at most 1000 fractions, each in [0, 1], "
                         f"got {len(values)} from {values.min():g} to {values.max():g}")
    return values


def _corner_fractions(m, pair):
    """cube[m] of plot_cube_check: (corner counts, each 1 to 2**m; as many fractions in [0, 1])."""
    if not isinstance(pair, (tuple, list)) or len(pair) != 2:
        raise TypeError(f"cube[{m}] must be a pair (corners n, fractions), got {check.shown(pair)}")
    sizes = check.array(f"cube[{m}][0]", pair[0], "(n_sizes,)", ndim=1, integer=True)
    fractions = check_values(f"cube[{m}][1]", pair[1])
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
    """Budinich's expected number of local minima N_min(N, p), against p, on a linear and a log scale.

    N_min = Q(N, p) / 2**S(N, p) (Budinich 1993, section 3, eq. 4 and
    figure 2, where Q is his R and p his d; `capacity.n_min`), p the number
    of inputs of a unit with a threshold. Left: N patterns, p from 1 to N,
    with the p of the most minima (`capacity.n_min_peak`). Right: log10
    N_min against p / N for several N; for each N the peak sits near p = N / 5.

    Parameters
    ----------
    n : int, default 40
        Patterns N in the left panel, from 2 to 400.
    sizes : sequence of int, default (25, 50, 100, 200, 400)
        The N of the right panel's curves, 1 to 8 of them, each from 1 to 1000.
    size : (float, float), default (8.2, 3.5)
        The figure's (width, height) in inches.
    ax : sequence of matplotlib Axes, optional
        Where to draw: 2 Axes (linear, logarithmic). By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from ..capacity import log_n_min, n_min, n_min_peak
    n = check.whole("n", n, minimum=2, maximum=400)
    sizes = _n_sizes("sizes", sizes, 1000)
    fig, (linear, logarithmic) = panels(ax, 2, check_figsize(size), (1, 2))
    dims = range(1, n + 1)
    linear.plot(dims, [n_min(n, d) for d in dims], "o-", ms=4, color=POSITIVE)
    linear.axvline(n_min_peak(n), color=UPDATE, ls="--", label=f"largest at p = {n_min_peak(n)}")
    _style(linear, f"linear scale, N = {n} patterns", "inputs p", "N_min(N, p)")
    blues = ("#9ecae1", "#6baed6", "#3182bd", "#08519c", "#08306b", "#041e45", "#020f24", "#000000")
    # each N its own shade and line style, so that no two curves differ by colour alone
    dashes = ("-", "--", ":", "-.", (0, (5, 1)), (0, (3, 1, 1, 1)), (0, (1, 1)), (0, (8, 3)))
    for m, colour, style in zip(sizes, blues, dashes):
        logarithmic.plot([d / m for d in range(1, m + 1)], [log_n_min(m, d) / np.log(10) for d in range(1, m + 1)],
                         color=colour, ls=style, lw=2, label=f"N = {m}")
    logarithmic.axvline(0.2, color=UPDATE, ls="--", label="p = N / 5")
    _style(logarithmic, "logarithmic scale, several N", "inputs per pattern p / N", "log₁₀ N_min(N, p)")
    for one in (linear, logarithmic):
        one.legend(fontsize=LARGE_TEXT)
    return fig


def plot_n_min_map(d_top=40, *, ax=None, size=(8, 4.6)):
    """The N-p plane shaded by N_min(N, p) / its largest value at that N, with Budinich's four regions.

    Budinich's figure 3 (1993, section 3): the lines N = p, N = 2p and N = 5p
    divide the plane into four regions (numbered as in his text); the dots
    mark, for each N, the p with the most local minima (`capacity.n_min_peak`).
    p (Budinich's d) is the number of inputs of a unit with a threshold.

    Parameters
    ----------
    d_top : int, default 40
        The largest p drawn, from 10 to 100; N goes up to 5 * d_top.
    size : (float, float), default (8, 4.6)
        The figure's (width, height) in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from ..capacity import log_n_min, n_min_peak
    d_top = check.whole("d_top", d_top, minimum=10, maximum=100)
    n_top = 5 * d_top
    logs = np.array([[log_n_min(n, d) for d in range(1, d_top + 1)] for n in range(1, n_top + 1)])
    fig, (one,) = panels(ax, 1, check_figsize(size))
    image = one.imshow(np.exp(logs - logs.max(axis=1, keepdims=True)), origin="lower", aspect="auto", cmap="Blues",
                       extent=(0.5, d_top + 0.5, 0.5, n_top + 0.5))
    box = {"facecolor": "white", "edgecolor": "none", "alpha": 0.85}
    right = d_top + 0.5
    # Names and region numbers where they sit clear of the lines (as fractions of d_top and n_top).
    for k, style, (x, y) in zip((1, 2, 5), (":", "--", "-"), ((0.875, 0.26), (0.85, 0.43), (0.35, 0.51))):
        one.plot([0, right], [0, k * right], style, color=UPDATE, lw=2)
        one.text(x * d_top, y * n_top, "N = p" if k == 1 else f"N = {k}p", fontsize=LABEL, color=UPDATE, ha="center",
                 va="top", bbox=box)
    peaks = range(5, n_top + 1, 5)
    one.plot([n_min_peak(n) for n in peaks], peaks, "o", ms=4, color=NEGATIVE, label="largest N_min for each N")
    for region, (x, y) in zip("1234", ((0.625, 0.06), (0.625, 0.185), (0.625, 0.425), (0.15, 0.75))):
        one.text(x * d_top, y * n_top, region, fontsize=REGION_NUMBER, fontweight="bold", ha="center", va="center",
                 bbox=box)
    one.set(xlim=(0.5, right), ylim=(0.5, n_top + 0.5))
    _style(one, None, "inputs p", "patterns N")
    one.legend(fontsize=LARGE_TEXT, loc="upper left")
    colours = fig.colorbar(image, ax=one)
    colours.set_label("N_min / its largest value at this N", fontsize=LABEL)
    colours.ax.tick_params(labelsize=LARGE_TEXT)
    return fig


def plot_boolean_fractions(counts, *, ax=None, size=(7, 3.4)):
    """The fraction of Boolean functions of p inputs that are threshold functions, against Cover's count.

    Threshold functions of p inputs out of all 2**2**p, on a log scale
    (Budinich 1993 counts 104 for 3 inputs, appendix, and 1882 for 4,
    section 4), and Cover's C(2**p, p + 1) / 2**2**p for as many points in
    general position and a unit with d = p + 1 weights (Cover 1965;
    `capacity.separable_dichotomies`).

    Parameters
    ----------
    counts : sequence of int
        The number of threshold functions of 0, 1, 2, ... inputs (2 to 9
        values, each from 1 to 2**2**m).
    size : (float, float), default (7, 3.4)
        The figure's (width, height) in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from ..capacity import separable_dichotomies
    if not isinstance(counts, (list, tuple, np.ndarray)) or not 2 <= len(counts) <= 9:
        raise (TypeError if not isinstance(counts, (list, tuple, np.ndarray)) else ValueError)(
            f"counts must be a sequence of 2 to 9 counts (0, 1, 2, ... inputs), got {check.shown(counts)}")
    counts = [check.whole(f"counts[{m}]", c, minimum=1, maximum=2**2**m) for m, c in enumerate(counts)]
    inputs = range(len(counts))
    fig, (one,) = panels(ax, 1, check_figsize(size))
    one.semilogy(inputs, [c / 2**2**m for m, c in enumerate(counts)], "o-", color=POSITIVE,
                 label="threshold functions")
    one.semilogy(inputs, [separable_dichotomies(2**m, m + 1) / 2**2**m for m in inputs], "s--", color="grey",
                 label="Cover's count (general position)")
    _style(one, None, "inputs p", "fraction of all functions")
    one.legend(fontsize=LARGE_TEXT)
    return fig


def plot_cube_check(cube, *, trials=None, ax=None, size=(7, 3.4)):
    """Measured fractions of separable random labellings of random cube corners, against Cover's curve.

    Budinich (1993, section 3, citing Budinich 1991) notes that for large p
    fewer than O((p + 1)**(3/2)) corners of the p-cube can be treated as if
    they were in general position; the picture sets the fraction measured
    for N random corners against Cover's P(N, p + 1) for a unit with p + 1
    weights (Cover 1965), both against N / (p + 1).

    Parameters
    ----------
    cube : dict of int to (sequence of int, array-like)
        For 1 to 4 cube dimensions p (from 1 to 30): the numbers of corners N
        (each from 1 to 2**p) and the fraction separable measured for each.
    trials : int, optional
        Sets drawn per n, from 1 to 10**6: then each fraction (a whole
        number of sets divided by `trials`) gets its 95% Wilson interval
        (`capacity.fraction_interval`).
    size : (float, float), default (7, 3.4)
        The figure's (width, height) in inches.
    ax : matplotlib Axes, optional
        Where to draw. By default a new Picture (of `size`).

    Returns
    -------
    Figure
        The Picture made (it shows itself in a notebook), or the figure of `ax`.
    """
    from ..capacity import separable_probability
    checked = check_series("cube", cube, 4, _corner_fractions, what="m to (corners n, fractions)",
                      key=lambda name, m: check.whole(name, m, minimum=1, maximum=30))
    if trials is not None:
        trials = check.whole("trials", trials, minimum=1, maximum=10**6)
        intervals = {m: _intervals(f"cube[{m}][1]", fractions, trials) for m, (_, fractions) in checked.items()}
    fig, (one,) = panels(ax, 1, check_figsize(size))
    # each cube its own colour, line style and marker, so that no two differ by colour alone; each marker smaller
    # (in points across) than the one before, so that equal fractions at one N / (p + 1) show both
    styles = zip((NEGATIVE, POSITIVE, "#2a9d3a", "black"), ("-", "--", ":", "-."), ("s", "o", "^", "D"),
                 (7.5, 5, 4.5, 4))
    for (m, (sizes, fractions)), (colour, dashes, marker, width) in zip(checked.items(), styles):
        ratio = [n / (m + 1) for n in sizes]
        one.plot(ratio, [float(separable_probability(n, m + 1)) for n in sizes], ls=dashes, color=colour,
                 label=f"Cover, d = {m + 1} weights")
        one.plot(ratio, fractions, marker, ms=width, color=colour, label=f"corners of the {m}-cube (p = {m})")
        if trials is not None:
            one.vlines(ratio, *intervals[m], color=colour, lw=1.5)
    half = one.axvline(2, color="grey", ls="--")
    half.description = "N = 2(p + 1), where Cover's P is ½"
    one.text(2.03, 1.0, "Cover's ½ at N = 2(p + 1)", fontsize=LARGE_TEXT, color="dimgrey", va="top")
    _style(one, None if trials is None else f"{trials} sets per N; bars: 95% intervals",
           "corners per weight N / (p + 1)", "P(separable)")
    one.legend(fontsize=LARGE_TEXT)
    return fig
