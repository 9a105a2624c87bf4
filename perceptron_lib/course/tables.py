"""Small HTML tables for lessons: training sets, runs side by side, and visible checks.

Each object shows as an HTML table in a notebook and as plain text elsewhere,
so a changed result changes the stored output that the notebook tests compare.
"""
from html import escape

import numpy as np

from ..core import constraints as declare
from ..core import validation as check
from ..core.arithmetic import add_with_ones, nets
from ..core.trace import Trace, format_number, format_vector

MAX_ROWS = 1000  # rows of a table built from runs (a notebook stays small and quick to show)


def _header(name, header, given):
    """Column names: a list of at least one str."""
    header = [check.text(f"{name}[{i}]", h) for i, h in enumerate(_sequence(name, header))]
    if not header:
        raise ValueError(f"{name} must name at least one column, got an empty list")
    return header


def _rows(name, rows, given):
    """Rows of cells, each a list with one cell per column of the header."""
    return [_row(k, row, len(given["header"])) for k, row in enumerate(_sequence(name, rows))]


def _highlight(name, highlight, given):
    """None, or one flag per row."""
    if highlight is None:
        return None
    highlight = _sequence(name, highlight)
    if len(highlight) != len(given["rows"]):
        raise ValueError(f"{name} must hold one flag per row ({len(given['rows'])}), got {len(highlight)}")
    return [check.flag(f"{name}[{k}]", v) for k, v in enumerate(highlight)]


def _checks(name, checks, given):
    """A dict of at least one fact (str) to whether it holds (bool)."""
    if not isinstance(checks, dict):
        raise TypeError(f"{name} must be a dict of str (the fact) to bool (whether it holds), got "
                        f"{check.shown(checks)}")
    if not checks:
        raise ValueError(f"{name} must hold at least one fact, got an empty dict")
    return {check.text(f"the keys of {name}", fact): check.flag(f"{name}[{fact!r}]", value)
            for fact, value in checks.items()}


def _traces(name, traces, given):
    """Recorded Traces, at least one."""
    traces = _sequence(name, traces)
    if not traces:
        raise ValueError(f"{name} must hold at least one run, got an empty list")
    for k, trace in enumerate(traces):
        if not isinstance(trace, Trace):
            raise TypeError(f"{name}[{k}] must be a Trace (what train returns), got {check.shown(trace)}")
        if not trace.recorded:
            raise ValueError(f"{name}[{k}] must have the per-presentation record (the table shows every "
                             "presentation), got a run made with record=False; run train(..., record=True)")
    return traces


def _names(name, names, given):
    """One str name per run of `traces`."""
    names = _sequence(name, names)
    if len(names) != len(given["traces"]):
        raise ValueError(f"{name} must hold one name per run ({len(given['traces'])}), got {len(names)}")
    return [check.text(f"{name}[{k}]", one) for k, one in enumerate(names)]


class Table:
    """A table with a header row; shows as HTML in a notebook and as text otherwise.

    Parameters
    ----------
    header : list of str
        At least one column name.
    rows : list of list
        One cell per column in each row, turned into text with `str` (numbers
        as the sources print them; a NaN or inf shows as it is).
    caption : str, optional
    highlight : list of bool, optional
        Rows to shade, one flag per row.

    Examples
    --------
    >>> Table(["x", "y"], [[1, 2.5]])
    x    y
    1  2.5
    """

    @declare.declared(header=declare.Custom(_header, lambda example: [("ab", TypeError), ([], ValueError)]),
                      rows=declare.Custom(_rows, lambda example: [(5, TypeError), ("ab", TypeError)]),
                      caption=declare.Text(),
                      highlight=declare.Custom(_highlight, lambda example: [
                          ("yes", TypeError), ([True] * (len(example["rows"]) + 1), ValueError)]))
    def __init__(self, header, rows, *, caption="", highlight=None):
        self.header = list(header)
        self.rows = [[_cell(v) for v in row] for row in rows]
        self.caption = caption
        self.highlight = [False] * len(self.rows) if highlight is None else list(highlight)

    def _repr_html_(self):
        head = "".join(f"<th>{escape(h)}</th>" for h in self.header)
        shade = ' style="background:#ffe2b8"'
        body = "".join(
            f"<tr{shade if mark else ''}>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
            for row, mark in zip(self.rows, self.highlight))
        caption = f"<caption>{escape(self.caption)}</caption>" if self.caption else ""
        return (f"<table style=\"font-family:monospace\">{caption}<thead><tr>{head}</tr></thead>"
                f"<tbody>{body}</tbody></table>")

    def __repr__(self):
        widths = [max(len(r[i]) for r in [self.header] + self.rows) for i in range(len(self.header))]
        lines = [self.caption] if self.caption else []
        for row in [self.header] + self.rows:
            lines.append("  ".join(c.rjust(w) for c, w in zip(row, widths)))
        return "\n".join(lines)


class Checks:
    """Named facts, each shown with a tick when it holds and a cross when it does not.

    Lessons use it to show that a result matches its source; the notebook
    tests compare the stored output, so a wrong result fails them.

    Parameters
    ----------
    checks : dict of str to bool
        At least one fact; each value True or False (numpy's bools too).

    Examples
    --------
    >>> Checks({"1 + 1 == 2": 1 + 1 == 2})
    ✓ 1 + 1 == 2
    >>> Checks({"ok": True, "wrong": False}).all
    False
    """

    @declare.declared(checks=declare.Custom(_checks, lambda example: [([("ok", True)], TypeError), ({}, ValueError)]))
    def __init__(self, checks):
        self.checks = {fact: bool(value) for fact, value in checks.items()}

    @property
    def all(self):
        """Whether every check holds."""
        return all(self.checks.values())

    def _repr_html_(self):
        items = "".join(
            f"<li style=\"color:{'#1e7d32' if ok else '#c0392b'}\">{'✓' if ok else '✗'} {escape(name)}</li>"
            for name, ok in self.checks.items())
        return f"<ul style=\"list-style:none;padding-left:0.5em\">{items}</ul>"

    def __repr__(self):
        return "\n".join(f"{'✓' if ok else '✗'} {name}" for name, ok in self.checks.items())


@declare.declared(X=declare.Patterns(most=MAX_ROWS, why="for a table"), y=declare.Labels("X"), target=declare.Text())
def pattern_table(X, y, *, target="c"):
    """A training set as the sources print it: x0 = 1, then the inputs, then the target.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Patterns without the bias input (at most 1000).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    target : str, default "c"
        Name of the target column (Honavar writes c, Manfredi y).

    Returns
    -------
    Table

    Examples
    --------
    >>> pattern_table([[0, 1], [1, 1]], [0, 1])
    pattern  x0  x1  x2  c
         X1   1   0   1  0
         X2   1   1   1  1
    """
    header = ["pattern", "x0"] + [f"x{i + 1}" for i in range(X.shape[1])] + [target]
    rows = [[f"X{k + 1}", 1, *x, label] for k, (x, label) in enumerate(zip(X, y))]
    return Table(header, rows)


@declare.declared(X=declare.Patterns(most=MAX_ROWS, why="for a table"), w=declare.Weights("X"),
                  y=declare.Optional(declare.Labels("X", convention="0/1")), target=declare.Text())
def unit_table(w, X, y=None, *, target="c"):
    """What a threshold unit computes on each pattern: W·X, the output o, and (given targets) whether o is right.

    The output is 1 iff W·X > 0 (Honavar 1996, section 2); W·X is written
    out as the sum w0 + w1 x1 + ... that gives it, added in that order.

    Parameters
    ----------
    w : array-like of shape (n_features + 1,)
        The unit's weights [w0, w1, ..., wn].
    X : array-like of shape (n_samples, n_features)
        Patterns without the bias input (at most 1000).
    y : array-like of shape (n_samples,), optional
        Targets in {0, 1}; adds the target column and a ✓ or ✗ per pattern.
    target : str, default "c"
        Name of the target column.

    Returns
    -------
    Table
        Rows where the output is wrong are shaded.

    Examples
    --------
    >>> unit_table([-1.5, 1, 1], [[0, 1], [1, 1]], [0, 1])
    pattern  x1  x2                  W·X  o  c  right?
         X1   0   1  -1.5 + 0 + 1 = -0.5  0  0       ✓
         X2   1   1   -1.5 + 1 + 1 = 0.5  1  1       ✓
    """
    net = nets(w, add_with_ones(X))
    output = (net > 0).astype(int)
    header = ["pattern"] + [f"x{i + 1}" for i in range(X.shape[1])] + ["W·X", "o"]
    terms = [[format_number(w[0])] + [format_number(wi * xi) for wi, xi in zip(w[1:], x)]
             for x in X]
    rows = [[f"X{k + 1}", *x, f"{' + '.join(t).replace('+ -', '− ')} = {format_number(v)}", o]
            for k, (x, t, v, o) in enumerate(zip(X, terms, net, output))]
    if y is None:
        return Table(header, rows)
    wrong = output != y
    header += [target, "right?"]
    rows = [row + [c, "✗" if bad else "✓"] for row, c, bad in zip(rows, y, wrong)]
    return Table(header, rows, highlight=wrong.tolist())


@declare.declared(traces=declare.Custom(_traces, lambda example: [("run", TypeError), ([], ValueError)]),
                  names=declare.Custom(_names, lambda example: [("a", TypeError),
                                                                (["a"] * (len(example["traces"]) + 1), ValueError)]),
                  rows=declare.Optional(declare.Whole(minimum=1, maximum=MAX_ROWS)))
def side_by_side(traces, names, *, rows=None):
    """Runs on the same data, presentation by presentation, to see where they part.

    Parameters
    ----------
    traces : list of Trace
        At least one recorded run (train(..., record=True)).
    names : list of str
        A short name for each run.
    rows : int, optional
        Show the first `rows` presentations only, from 1 to 1000; by default
        all of them, which the longest run must then keep within 1000.

    Returns
    -------
    Table
        For each presentation: the pattern, then W·X and whether W changed in
        each run; rows where the runs did different things are shaded.
    """
    length = max(t.n_presentations for t in traces)
    if rows is None and length > MAX_ROWS:
        raise ValueError(f"rows must be given for runs this long: a table shows at most {MAX_ROWS} presentations, "
                         f"and the longest run has {length}; e.g. rows=50")
    length = length if rows is None else rows
    header = ["#"]
    for name in names:
        header += [f"{name}: pattern", f"{name}: W·X", f"{name}: update"]
    table, differs = [], []
    for i in range(length):
        row, seen = [i + 1], []
        for t in traces:
            if i < t.n_presentations:
                row += [f"X{t.pattern[i] + 1}", t.net[i], "yes" if t.updated[i] else ""]
                seen.append((t.pattern[i], t.updated[i]))
            else:
                row += ["", "", "(stopped)"]
                seen.append(None)
        table.append(row)
        differs.append(len(set(seen)) > 1)
    return Table(header, table, highlight=differs)


def _sequence(name, value):
    """A list or tuple (or 1-D array), as a list."""
    if isinstance(value, np.ndarray) and value.ndim >= 1:
        return list(value)
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{name} must be a list, got {check.shown(value)}")
    return list(value)


def _row(k, row, width):
    row = _sequence(f"rows[{k}]", row)
    if len(row) != width:
        raise ValueError(f"rows[{k}] must hold {width} cells, one per column of the header, got {len(row)}")
    return row


def _cell(value):
    if isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool):
        # finite: as the sources print numbers; inf, nan as Python says
        return format_number(value) if np.isfinite(value) else str(float(value))
    if isinstance(value, np.ndarray):
        return format_vector(value)
    return str(value)
