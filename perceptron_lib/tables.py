"""Small HTML tables for lessons: training sets, runs side by side, and visible checks.

Each object shows as an HTML table in a notebook and as plain text elsewhere,
so a changed result changes the stored output that the notebook tests compare.
"""
from html import escape

import numpy as np

from .trace import _num, format_vector


class Table:
    """A table with a header row; shows as HTML in a notebook and as text otherwise.

    Parameters
    ----------
    header : list of str
    rows : list of list
        Cells, turned into text with `str` (numbers as the sources print them).
    caption : str, optional
    highlight : list of bool, optional
        Rows to shade.
    """

    def __init__(self, header, rows, *, caption="", highlight=None):
        self.header = [str(h) for h in header]
        self.rows = [[_cell(v) for v in row] for row in rows]
        self.caption = caption
        self.highlight = list(highlight) if highlight is not None else [False] * len(self.rows)

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

    Examples
    --------
    >>> Checks({"1 + 1 == 2": 1 + 1 == 2})
    ✓ 1 + 1 == 2
    >>> Checks({"ok": True, "wrong": False}).all
    False
    """

    def __init__(self, checks):
        self.checks = {str(name): bool(value) for name, value in checks.items()}

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


def pattern_table(X, y, *, target="c"):
    """A training set as the sources print it: x0 = 1, then the inputs, then the target.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Patterns without the bias input.
    y : array-like of shape (n_samples,)
    target : str, default "c"
        Name of the target column (Honavar writes c, Manfredi y).

    Returns
    -------
    Table
    """
    X = np.asarray(X, float)
    header = ["", "x0"] + [f"x{i + 1}" for i in range(X.shape[1])] + [target]
    rows = [[f"X{k + 1}", 1, *x, label] for k, (x, label) in enumerate(zip(X, np.asarray(y)))]
    return Table(header, rows)


def side_by_side(traces, names, *, rows=None):
    """Runs on the same data, presentation by presentation, to see where they part.

    Parameters
    ----------
    traces : list of Trace
    names : list of str
        A short name for each run.
    rows : int, optional
        Show the first `rows` presentations only.

    Returns
    -------
    Table
        For each presentation: the pattern, then W·X and whether W changed in
        each run; rows where the runs did different things are shaded.
    """
    length = max(t.n_presentations for t in traces) if rows is None else rows
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


def _cell(value):
    if isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool):
        return _num(value)
    if isinstance(value, np.ndarray):
        return format_vector(value)
    return str(value)
