"""Trace: a learning run as arrays, one row per presentation, and tables of it."""
from dataclasses import dataclass, field
from html import escape

import numpy as np

from . import constraints as declare
from . import validation as check
from .arithmetic import dot

STATUSES = ("converged", "cycling", "stalled", "max_epochs")
MAX_HTML_ROWS = 2000  # rows of an HTML table of a run (about a second to make)


def _rows(name, rows, given):
    """A window (first, last) of presentation numbers, 1 <= first <= last, of at most MAX_HTML_ROWS presentations
    of the run (self; presentations past its end are left out)."""
    allowed = f"{name} must be (first, last) with 1 <= first <= last (presentation numbers), got {rows!r}"
    if not isinstance(rows, (tuple, list)) or len(rows) != 2 \
            or not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in rows):
        raise TypeError(allowed)
    if not 1 <= rows[0] <= rows[1]:
        raise ValueError(allowed)
    if min(rows[1], given["self"].n_presentations) - rows[0] + 1 > MAX_HTML_ROWS:
        raise ValueError(f"{name} must span at most {MAX_HTML_ROWS} presentations, got {rows!r}")
    return tuple(int(v) for v in rows)


def _bad_rows(example):
    return [((1,), TypeError), ((1.0, 2.0), TypeError), ((3, 2), ValueError), ((0, 2), ValueError), ("1-2", TypeError)]


@dataclass(frozen=True, eq=False)
class Trace(check.Run):
    """A perceptron learning run, as returned by `train`.

    Presentations are numbered from 1, as in Honavar (1996), section 2: row k
    of `weights` holds W after presentation k, row 0 the start, and entry k - 1
    of each per-presentation array describes presentation k.

    Attributes
    ----------
    X : ndarray of shape (n_samples, n_features + 1)
        The training patterns with the bias input x0 = 1 prepended.
    y : ndarray of shape (n_samples,)
        The targets, in the run's label convention.
    labels : {"0/1", "-1/+1"}
        Which rule ran: Honavar's threshold unit (o = 1 iff W·X > 0,
        W <- W + eta (c - o) X) or the mistake-driven rule (update iff
        y W·X <= 0, W <- W + eta y X).
    eta : float or callable
        The learning rate (of the fixed rule), or the schedule that gave it.
    order : {"cyclic", "random"}
        How patterns were presented.
    rule : Rule
        The learning rule (`perceptron_lib.core.rule`): its mistake test, its step
        and its words; ``str(rule)`` is its name (for the package's rules, a
        key of `perceptron_lib.core.rule.RULES`). `fraction` is the fractional
        rule's lambda.
    weights : ndarray of shape (n_presentations + 1, n_features + 1)
        W = [w0, w1, ..., wn] at the start and after each presentation.
    pattern : ndarray of shape (n_presentations,)
        Index (0-based row of X) of the pattern presented.
    net : ndarray of shape (n_presentations,)
        The net input W·X before the update.
    output : ndarray of shape (n_presentations,)
        The unit's output: 1 or 0 for labels 0/1; sign(W·X), one of -1, 0, +1,
        for labels -1/+1 (0 means W·X = 0, which that rule counts as a mistake).
    target : ndarray of shape (n_presentations,)
        The target of the pattern presented.
    updated : ndarray of shape (n_presentations,)
        Whether the presentation was a mistake, and so corrected W (with the
        fixed rule that always changes W; the fractional rule's step is zero
        at W·X = 0).
    status : {"converged", "cycling", "stalled", "max_epochs"}
        How the run ended: a full run of error-free presentations; a repeated
        start-of-pass weight vector (cyclic order only; the run is reported up
        to the first repeat); a pass with mistakes in which W never changed,
        so that it never will (see `reason`); or the max_epochs bound.
    n_presentations, n_updates, n_epochs : int
        Counts over the whole run (n_epochs counts passes begun).
    cycle_start : int or None
        For status "cycling": the first presentation of the cycle, so that
        ``weights[cycle_start - 1]`` is the first weight vector that recurs.
    cycle_length : int or None
        For status "cycling": the cycle's length in presentations.
    recorded : bool
        False when the run was made with ``record=False``: then `weights`
        holds only the start and the final weights and the per-presentation
        arrays are empty; the counts and the status are still exact.
    reason : str
        For status "stalled": why W cannot move (a correction whose step is
        zero, or one lost in rounding); empty otherwise.
    """

    X: np.ndarray
    y: np.ndarray
    labels: str
    eta: object
    order: str
    rule: object
    fraction: float
    weights: np.ndarray
    pattern: np.ndarray
    net: np.ndarray
    output: np.ndarray
    target: np.ndarray
    updated: np.ndarray
    status: str
    n_presentations: int
    n_updates: int
    n_epochs: int
    cycle_start: int | None = None
    cycle_length: int | None = None
    recorded: bool = field(default=True)
    reason: str = ""

    @property
    def final_weights(self):
        """W at the end of the run, shape (n_features + 1,)."""
        return self.weights[-1]

    @property
    def update_presentations(self):
        """The presentations (numbered from 1) that were mistakes and corrected W (`updated`).

        With the fixed rule each of them changed W; a fractional step is zero at W·X = 0, and a step can
        be lost in rounding, so with other rules W may stay the same at some of them (Honavar 1996,
        section 3, counts an update only where W changes).
        """
        self._require_record("update_presentations")
        return np.flatnonzero(self.updated) + 1

    @declare.declared(cycle=declare.Flag())
    def corrections(self, *, cycle=False):
        """How often each pattern corrected W: over the whole run, or over one period of its cycle.

        Over the whole run from W = 0 with eta = 1, W is the sum of these
        counts times y_n X_n: they are the alpha of the dual form (the
        anonymous perceptron-network notes; `train_kernel`).

        Over a cycle (``cycle=True``) W comes back to where it was, so the
        corrections add up to zero: the sum of eta X over the positive
        patterns corrected equals the sum over the negative ones, each counted
        this many times. No W can then be right on all of them (a positive
        needs W·X > 0, a negative W·X <= 0, yet the two sums are the same
        vector): the cycle is a proof that the data are not linearly
        separable (Manfredi 2021, the cycling theorem). That holds for the
        fixed rule (one eta) computed exactly, as it is on whole-number
        patterns or with ``exact=True``. A rule whose step changes (absolute,
        fractional) can come back to a bit-identical W in floating point by
        rounding alone, on separable data too (lesson 03 shows six fractional
        runs that do): such a cycle proves nothing about the data.

        Parameters
        ----------
        cycle : bool, default False
            Count over one period of the cycle (a run that ended "cycling").

        Returns
        -------
        ndarray of shape (n_samples,)
            Counts, as integers.

        Examples
        --------
        >>> from perceptron_lib import train, boolean_function
        >>> train(*boolean_function("or")).corrections().tolist()
        [2, 1, 1, 0]
        >>> train(*boolean_function("xor")).corrections(cycle=True).tolist()
        [1, 1, 1, 1]
        """
        self._require_record("corrections")
        part = slice(None)
        if cycle:
            if self.status != "cycling":
                raise ValueError(f"corrections(cycle=True) needs a run that ended cycling, got status "
                                 f"{self.status!r}")
            part = slice(self.cycle_start - 1, self.cycle_start - 1 + self.cycle_length)
        # np.intp: bincount takes the platform's index type, 32 bits in the browser (Pyodide, wasm32)
        return np.bincount(self.pattern[part][self.updated[part]].astype(np.intp), minlength=len(self.X))

    def cycle_corrections(self):
        """``corrections(cycle=True)``: the corrections of one period of the cycle (see `corrections`)."""
        return self.corrections(cycle=True)

    @declare.declared(k=declare.Step(first=1, what="a presentation number"))
    def step_text(self, k):
        """The arithmetic of presentation k (numbered from 1) as two short strings.

        Returns ``(test, change)``: how the output was found, and the update
        (or "no change"). Numbers are written to 4 significant digits, or with
        every digit where 4 would contradict the verdict (y·(W·X) = 0.99999999999943
        is not written "1 < 1"), and "≈" stands for "=" where even those cannot
        show it (an exact run's fractions, written as the floats nearest them).

        Examples
        --------
        >>> from perceptron_lib import train, boolean_function
        >>> train(*boolean_function("or")).step_text(2)
        ('W·X2 = [0 0 0]·[1 0 1] = 0 ⇒ o = 0 ≠ c = 1', 'W ← [0 0 0] + 1·(1 − 0)·[1 0 1] = [1 0 1]')
        """
        self._require_record("step_text")
        i = k - 1
        p, x = self.pattern[i], self.X[self.pattern[i]]
        before, after = self.weights[i], self.weights[k]
        net, o, c = self.net[i], self.output[i], self.target[i]
        num, equals = self._written(i)
        product = f"W·X{p + 1} = {_vector(before, num)}·{_vector(x, num)} {equals} {num(net)}"
        # the step along the pattern: eta for the rules whose step it is, measured for the others
        rule = self.rule
        fixed = rule.uses_eta and not callable(self.eta)
        step = self.eta if fixed else abs(float(dot(after - before, x) / dot(x, x)))
        if not rule.signed(self.labels):
            test = f"{product} ⇒ o = {o} {'≠' if o != c else '='} c = {c}"
            change = (f"W ← {_vector(before, num)} + {_num(step)}·({c} − {o})·{_vector(x, num)} = "
                      f"{_vector(after, num)}")
        else:
            s = c if self.labels == "-1/+1" else 2 * c - 1   # the ±1 target y: y = 2c - 1 for labels 0/1
            verdict = rule.verdict(bool(self.updated[i]), num)
            test = f"{product}; y·(W·X) {equals} {_factor(s)}·{_factor(net, num)} = {num(s * net)} {verdict}"
            change = (f"W ← {_vector(before, num)} + {_num(step)}·{_factor(s)}·{_vector(x, num)} = "
                      f"{_vector(after, num)}")
        return test, (change if self.updated[i] else "no change")

    @declare.declared(k=declare.Step())
    def step_summary(self, k):
        """Step k (0: the start) in one plain sentence, for a screen reader: what was presented, what W became.

        Examples
        --------
        >>> from perceptron_lib import train, boolean_function
        >>> run = train(*boolean_function("or"))
        >>> run.step_summary(0)
        'step 0 of 13: the start, W = [0 0 0]'
        >>> run.step_summary(2)
        'step 2 of 13: X2 presented, W·X = 0, output 0, target 1: a mistake, W becomes [1 0 1]'
        """
        self._require_record("step_summary")
        head = f"step {k} of {self.n_presentations}"
        if k == 0:
            return f"{head}: the start, W = {_vector(self.weights[0])}"
        i = k - 1
        num, equals = self._written(i)
        seen = f"X{self.pattern[i] + 1} presented, W·X {equals} {num(self.net[i])}"
        if self.labels == "0/1":
            seen += f", output {self.output[i]}, target {self.target[i]}"
        else:
            seen += f", y = {_num(self.target[i])}, y·(W·X) {equals} {num(self.target[i] * self.net[i])}"
        if self.updated[i]:
            return f"{head}: {seen}: {self.rule.called}, W becomes {_vector(self.weights[k], num)}"
        return f"{head}: {seen}: right, W stays {_vector(self.weights[k], num)}"

    @declare.declared(current=declare.Optional(declare.Step(what="a whole number")),
                      rows=declare.Optional(declare.Custom(_rows, _bad_rows)))
    def to_html(self, current=None, rows=None):
        """The run as an HTML table, one row per presentation, updates highlighted.

        Parameters
        ----------
        current : int, optional
            A presentation (numbered from 1; 0 for the start) to mark with an outline.
        rows : tuple (first, last), optional
            Show only presentations first..last (numbered from 1, inclusive;
            presentations past the end of the run are left out), at most 2000
            of them; required for a run of more than 2000 presentations.

        Returns
        -------
        str
        """
        self._require_record("to_html")
        total = self.n_presentations
        if rows is None:
            if total > MAX_HTML_ROWS:
                raise ValueError(f"rows must be given for a run this long: a table shows at most {MAX_HTML_ROWS} "
                                 f"presentations, the run has {total}; e.g. rows=(1, {MAX_HTML_ROWS})")
            first, last = 1, total
        else:
            first, last = rows
            last = min(last, total)  # a window may run past the end
        head = ("<tr><th>#</th><th>pattern</th><th>W before</th><th>W·X</th>"
                f"<th>{'o' if self.labels == '0/1' else 'sign'}</th><th>target</th>"
                "<th>arithmetic</th><th>W after</th></tr>")
        body = []
        keep = ' style="white-space:nowrap"'   # a vector is never broken over two lines
        for k in range(first, last + 1):
            i = k - 1
            test, change = self.step_text(k)
            style = []
            if self.updated[i]:
                style.append("background:#ffe2b8")
            if current == k:
                style.append("outline:3px solid #1f5fbf;outline-offset:-3px;font-weight:bold")
            body.append(
                f"<tr style=\"{';'.join(style)}\"><td>{k}</td><td>X{self.pattern[i] + 1}</td>"
                f"<td{keep}>{_vector(self.weights[i])}</td><td>{_num(self.net[i])}</td>"
                f"<td>{self.output[i]}</td><td>{self.target[i]}</td>"
                f"<td style=\"text-align:left\">{escape(test)}<br>{escape(change)}</td>"
                f"<td{keep}>{_vector(self.weights[k])}</td></tr>")
        caption = (f"{self.n_presentations} presentations, {self.n_updates} updates "
                   f"(highlighted), status {self.status}; final W = {_vector(self.final_weights)}")
        return (f"<table style=\"font-family:monospace;font-size:0.9em\"><caption>{caption}</caption>"
                f"<thead>{head}</thead><tbody>{''.join(body)}</tbody></table>")

    def summary(self):
        """One line saying how the run ended."""
        text = (f"{self.status} after {self.n_presentations} presentation{'s' * (self.n_presentations != 1)} "
                f"({self.n_epochs} {'pass' if self.n_epochs == 1 else 'passes'}), {self.n_updates} "
                f"update{'s' * (self.n_updates != 1)}; final W = {_vector(self.final_weights)}")
        if self.status == "cycling":
            text += f"; cycle of {self.cycle_length} presentations from presentation {self.cycle_start}"
        if self.status == "stalled":
            text += f"; {self.reason}"
        return text

    def _repr_html_(self):
        if not self.recorded or self.n_presentations > 200:
            return f"<p>Trace: {escape(self.summary())}</p>"
        return self.to_html()

    def __repr__(self):
        return f"<Trace: {self.summary()}>"

    def _written(self, i):
        """How presentation i's numbers are written so that they agree with its verdict: (format, "=" or "≈").

        To 4 significant digits (`_num`) when the rule, given the number as written, decides as it did and its
        words hold no rounded number (Margin's m); else with every digit (`_digits`); and "≈" where even the
        float cannot show the verdict (an exact run's fraction, written as the float nearest it).
        """
        rule, net, target, mistake = self.rule, self.net[i], self.target[i], bool(self.updated[i])
        # W·X as written decides as W·X did (y·(W·X) as written is y times it: _num rounds -v to -_num(v))
        if bool(rule.mistake(float(_num(net)), target, self.labels)) == mistake \
                and rule.verdict(mistake, _num) == rule.verdict(mistake, _digits):
            return _num, "="
        return _digits, "=" if bool(rule.mistake(net, target, self.labels)) == mistake else "≈"

    def _require_record(self, what):
        if not self.recorded:
            raise ValueError(f"{what} needs the per-presentation record; run train(..., record=True)")


def _num(v):
    """A number as the sources print it: integers without a decimal point."""
    v = float(v)
    if v == int(v) and abs(v) < 1e15:
        return str(int(v))
    return f"{v:.4g}"


def _digits(v):
    """A number with every digit it needs: as `_num` if that reads back as the same float, else the shortest repr."""
    text = _num(v)
    return text if float(text) == float(v) else repr(float(v))


def _factor(v, num=_num):
    """A number as a factor in a product: negatives in parentheses."""
    return f"({num(v)})" if v < 0 else num(v)


@declare.declared(value=declare.Number())
def format_number(value):
    """A number as the sources print it: integers without a decimal point, others to 4 significant digits.

    Examples
    --------
    >>> format_number(2.0), format_number(-0.25), format_number(1 / 3)
    ('2', '-0.25', '0.3333')
    """
    return _num(value)


@declare.declared(w=declare.Custom(lambda name, w, given: check.array(name, w, "(n,)", ndim=1, largest=np.inf),
                               lambda example: [("w", TypeError), ([[1, 2]], ValueError), ([np.nan], ValueError)]))
def format_vector(w):
    """A vector as the sources print it: "[0 1 1]".

    Examples
    --------
    >>> format_vector([0.0, 1.0, -0.5])
    '[0 1 -0.5]'
    """
    return _vector(w)


def _vector(w, num=_num):
    return "[" + " ".join(num(v) for v in w) + "]"
