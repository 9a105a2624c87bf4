"""The lessons' experiment figures (06-08): the theory computed here, then drawn by the pictures of plotting/.

A picture draws what it is given (plotting/ imports no theory); a lesson wants one call that
computes and draws. Each function here checks the lesson's arguments, computes what the figure shows with
the theory and learner modules (capacity.py, sigmoid.py, budinich.py, arithmetic.py's sigmoid) and hands the
values to its picture in plotting/, named after it with ``_values`` (``plot_cover_check`` hands them to
``plotting.plot_cover_check_values``), which checks and draws them. The lessons reach these
as ``pl.plot_sigmoids(...)``, ``pl.plot_cover_check(...)``, ...
"""
import numpy as np

from ..core import constraints as declare
from ..core import validation as check
from ..core.arithmetic import sigmoid
from ..theory.budinich import StandardGrid
from ..theory.capacity import fraction_interval, log_n_min, n_min, n_min_peak, separable_dichotomies, separable_probability
from . import plotting as pictures
from .plotting.base import (BAD_MARKS, FIGSIZE, PANEL_AXES, check_corner_fractions, check_fractions,
                            check_function_counts, check_grid_mark, series)
from ..theory.sigmoid import beta_opt, weight_change


def _betas(name, betas, given):
    """1 to 4 steepnesses, each from 0.001 to 1000."""
    betas = check.array(name, betas, "(n_values,)", ndim=1)
    if not 1 <= len(betas) <= 4 or betas.min() < 1e-3 or betas.max() > 1e3:
        raise ValueError(f"{name} must hold from 1 to 4 steepnesses, each from 0.001 to 1000, got {check.shown(betas)}")
    return betas


@declare.declared(betas=declare.Custom(_betas, lambda example: [("b", TypeError), ([1] * 5, ValueError), ([0], ValueError)]),
                  net_input=declare.Number(minimum=-6, maximum=6), ax=PANEL_AXES, size=FIGSIZE)
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
    z = np.linspace(-6, 6, 601)
    curves = {float(beta): (sigmoid(beta * z), float(sigmoid(np.array(beta * net_input)))) for beta in betas}
    return pictures.plot_sigmoids_values(z, curves, net_input=net_input, ax=ax, size=size)


def _beta_range(name, betas, given):
    """(low, high) with 0 <= low < high <= 1000."""
    low, high = check.limits(name, betas)
    if low < 0 or high > 1e3:
        raise ValueError(f"{name} must be (low, high) with 0 <= low < high <= 1000, got {check.shown(betas)}")
    return low, high


@declare.declared(cases=series(4, lambda name, key, x, given: _net_input(key, x),
                               bad=lambda example: [({str(k): 1 for k in range(5)}, ValueError)]),
                  betas=declare.Custom(_beta_range, lambda example: [("b", TypeError), ((-1, 2), ValueError),
                                                                     ((2, 1), ValueError), ((0, 1e4), ValueError)]),
                  ax=PANEL_AXES, size=FIGSIZE)
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
    low, high = betas
    grid = np.linspace(low, high, 601)
    drawn = {name: (weight_change(grid, x), beta_opt(x)) for name, x in cases.items()}
    return pictures.plot_weight_change_values(grid, drawn, ax=ax, size=size)


def _net_input(name, x):
    x = check.number(f"cases[{name!r}]", x, minimum=-1e6, maximum=1e6)
    if abs(x) < 1e-6:
        raise ValueError(f"cases[{name!r}] must be a net input x with 1e-6 <= |x| <= 1e6 (β_opt = 0.8884/|x|), "
                         f"got {x!r}")
    return x


def _standard_grid(name, grid, given):
    if not isinstance(grid, StandardGrid):
        raise TypeError(f"{name} must be a StandardGrid (what standard_algorithm_grid returns), got {check.shown(grid)}")
    return grid


@declare.declared(grid=declare.Custom(_standard_grid, lambda example: [("grid", TypeError), (None, TypeError)]),
                  soluble=declare.Custom(lambda name, soluble, given: check.whole(name, soluble, minimum=0,
                                                                                  maximum=given["grid"].n_problems),
                                         lambda example: [(-1, ValueError), (example["grid"].n_problems + 1, ValueError),
                                                          (1.5, TypeError)]),
                  mark=declare.Optional(declare.Custom(
                      lambda name, mark, given: check_grid_mark(name, mark, given["grid"].betas, given["grid"].beta_etas),
                      lambda example: BAD_MARKS)),
                  ax=PANEL_AXES, size=FIGSIZE)
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
    hardest = grid.hardest(soluble)
    return pictures.plot_grid_search_values(grid.betas, grid.beta_etas, grid.solved, hardest, soluble=soluble,
                                     move_limit=grid.move_limit, mark=mark, ax=ax, size=size)


@declare.declared(measured=declare.Optional(series(3, lambda name, d, values, given: check_fractions(d, values),
                                                   what="d to its fractions",
                                                   key=lambda name, d: check.whole(name, d, minimum=1, maximum=200))),
                  trials=declare.OnlyWith("measured", declare.Whole(minimum=1, maximum=10**6)),
                  ax=PANEL_AXES, size=FIGSIZE)
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
    curves = {d: [float(separable_probability(n, d)) for n in range(1, 4 * d + 1)] for d in (2, 4, 20, 200)}
    if measured is None:
        return pictures.plot_cover_check_values(curves, ax=ax, size=size)
    cover = {d: [float(separable_probability(n, d)) for n in range(1, len(fractions) + 1)]
             for d, fractions in measured.items()}
    intervals = {d: _intervals(f"measured[{d}]", fractions, trials) for d, fractions in measured.items()}
    return pictures.plot_cover_check_values(curves, measured, cover=cover, intervals=intervals, trials=trials, ax=ax,
                                     size=size)


def _intervals(name, fractions, trials):
    """The 95% Wilson intervals of fractions measured in `trials` sets each: (lows, highs)."""
    hits = np.asarray(fractions, float) * trials
    if np.abs(hits - np.round(hits)).max() > 1e-6 * trials:
        raise ValueError(f"{name} must hold whole numbers of sets divided by trials={trials}, got "
                         f"{check.shown(np.asarray(fractions).tolist())}")
    ends = [fraction_interval(int(h), trials) for h in np.round(hits)]
    return [low for low, _ in ends], [high for _, high in ends]


def _n_sizes(name, sizes):
    sizes = check.array(name, sizes, "(n_sizes,)", ndim=1, integer=True)
    if not 1 <= len(sizes) <= 8 or sizes.min() < 1 or sizes.max() > 1000:
        raise ValueError(f"{name} must hold 1 to 8 whole numbers from 1 to 1000, got {check.shown(sizes.tolist())}")
    return [int(n) for n in sizes]


@declare.declared(n=declare.Whole(minimum=2, maximum=400),
                  sizes=declare.Custom(lambda name, sizes, given: _n_sizes(name, sizes),
                                       lambda example: [("s", TypeError), ([0], ValueError), ([1] * 9, ValueError)]),
                  ax=PANEL_AXES, size=FIGSIZE)
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
    minima = [n_min(n, d) for d in range(1, n + 1)]
    logs = {m: [log_n_min(m, d) / np.log(10) for d in range(1, m + 1)] for m in sizes}
    return pictures.plot_n_min_values(minima, n_min_peak(n), logs, ax=ax, size=size)


@declare.declared(d_top=declare.Whole(minimum=10, maximum=100), ax=PANEL_AXES, size=FIGSIZE)
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
    n_top = 5 * d_top
    logs = np.array([[log_n_min(n, d) for d in range(1, d_top + 1)] for n in range(1, n_top + 1)])
    shade = np.exp(logs - logs.max(axis=1, keepdims=True))
    peaks = {n: n_min_peak(n) for n in range(5, n_top + 1, 5)}
    return pictures.plot_n_min_map_values(shade, peaks, ax=ax, size=size)


@declare.declared(counts=declare.Custom(lambda name, counts, given: check_function_counts(name, counts),
                                        lambda example: [("c", TypeError), ([2], ValueError)]),
                  ax=PANEL_AXES, size=FIGSIZE)
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
    cover = [separable_dichotomies(2**m, m + 1) for m in range(len(counts))]
    return pictures.plot_boolean_fractions_values(counts, cover, ax=ax, size=size)


@declare.declared(cube=series(4, lambda name, m, pair, given: check_corner_fractions(m, pair),
                              what="m to (corners n, fractions)",
                              key=lambda name, m: check.whole(name, m, minimum=1, maximum=30)),
                  trials=declare.Optional(declare.Whole(minimum=1, maximum=10**6)), ax=PANEL_AXES, size=FIGSIZE)
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
    cover = {m: [float(separable_probability(n, m + 1)) for n in sizes] for m, (sizes, _) in cube.items()}
    intervals = None
    if trials is not None:
        intervals = {m: _intervals(f"cube[{m}][1]", fractions, trials) for m, (_, fractions) in cube.items()}
    return pictures.plot_cube_check_values(cube, cover, intervals=intervals, trials=trials, ax=ax, size=size)
