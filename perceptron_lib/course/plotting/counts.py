"""Pictures of what was counted (lesson 08): Cover's count against measurement, Budinich's N_min, and the
Boolean functions a unit can compute.

Cover's curve against the fractions of random labellings found separable, Budinich's local minima N_min(N, p)
and their map, and the fractions of the Boolean functions (and of the cube's corners' labellings) that are
linearly separable, each at the projector sizes of `projector_style`.

A picture here draws the values it is given and computes no theory. Lesson 08 calls figures.py's functions
(``pl.plot_cover_check``, ...), which compute Cover's P, the intervals and N_min and call the picture named
after them with ``_values`` (``plot_cover_check_values``, ...): one name, one function.
"""
from itertools import zip_longest

import numpy as np

from ...core import constraints as declare
from ...core import validation as check
from .base import (CLASS_COLORS, FIGSIZE, LABEL, LARGE_TEXT, NEGATIVE, PANEL_AXES, POSITIVE, REGION_NUMBER, UPDATE,
                   check_corner_fractions, check_fractions, check_function_counts, check_numbers, check_pair,
                   finite_numbers, panels, projector_style, series, shows)


# What the pictures check, per measured set


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
        projector_style(one, f"d = {d}: p = {d - 1} input{'' if d == 2 else 's'}", "points N")
    last = axes[-1]
    # each d its own colour (Okabe and Ito's) and line style, so that no two curves differ by colour alone
    for (d, values), colour, dashes in zip(curves.items(), CLASS_COLORS, ("-", "--", ":", "-.")):
        last.plot([n / d for n in range(1, len(values) + 1)], values, label=f"d = {d}", color=colour, ls=dashes, lw=2)
    if measured:
        last.axvline(2, color="black", ls="--", lw=1.2).description = "N = 2d"
    projector_style(last, "Cover's curve as d grows", "points per weight N / d")
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


@declare.declared(minima=finite_numbers(fewest=2, most=400, low=0),
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
    projector_style(linear, f"linear scale, N = {n} patterns", "inputs p", "N_min(N, p)")
    blues = ("#9ecae1", "#6baed6", "#3182bd", "#08519c", "#08306b", "#041e45", "#020f24", "#000000")
    # each N its own shade and line style, so that no two curves differ by colour alone
    dashes = ("-", "--", ":", "-.", (0, (5, 1)), (0, (3, 1, 1, 1)), (0, (1, 1)), (0, (8, 3)))
    for (m, values), colour, style in zip(logs.items(), blues, dashes):
        logarithmic.plot([d / m for d in range(1, m + 1)], values, color=colour, ls=style, lw=2, label=f"N = {m}")
    logarithmic.axvline(0.2, color=UPDATE, ls="--", label="p = N / 5")
    projector_style(logarithmic, "logarithmic scale, several N", "inputs per pattern p / N", "log₁₀ N_min(N, p)")
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
    projector_style(one, None, "inputs p", "patterns N")
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
    projector_style(one, None, "inputs p", "fraction of all functions")
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
    projector_style(one, None if trials is None else f"{trials} sets per N; bars: 95% intervals",
           "corners per weight N / (p + 1)", "P(separable)")
    one.legend(fontsize=LARGE_TEXT)
    return shows(fig, "Measured fractions of separable random labellings of corners of the p-cube (markers with 95% "
                      "intervals) against N / (p + 1), over Cover's curve for p + 1 weights.")
