"""Interactive views: the course's one player (player.js) and ipywidgets, wired to the pictures of `plotting`.

No learning happens here: a view shows a Trace that `train` already computed. The one piece of
machinery the views need, making PNG pictures of a figure fast enough for a click
(`FastPictures`, `StepPictures`), lives in fast_pictures.py, which needs no ipywidgets.
"""
import base64
import html
import io
import json
import hashlib
import uuid
from pathlib import Path

import anywidget
import traitlets

import ipywidgets as widgets
import numpy as np

from .core import constraints as declare
from .core import validation as check
from .theory.bounds import convergence_experiment
from .course.describe import describe_figure
from .course.fast_pictures import FastPictures, StepPictures
from .theory.geometry import misclassified, wrong_side_of_lines
from .course.plotting import MAX_PATTERNS, dual_figure, plot_bound_check, unit_figure, update_dual, update_unit
from .course.plotting.base import shown_size
from .course.plotting.runs import STEP_PICTURE
from .course.tables import unit_table
from .core.trace import format_vector

MAX_READY = 100     # pictures a TraceStepper makes up front (about 20 ms each)
MAX_SETS = 400      # data sets per BoundExplorer run (about 4 s at the largest settings)

_STATIC_NOTE = ("Interactive stepper (needs a running kernel: run this cell to use it). "
                "This notebook also shows what it shows as a static figure.")


class _StaticNote:
    """Where no kernel runs (GitHub, nbviewer, HTML export) only text/plain shows: say so, in words."""

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):       # anywidget returns (data, metadata)
            bundle = bundle[0]
        bundle["text/plain"] = _STATIC_NOTE.replace("Interactive stepper", f"Interactive {self._what}")
        return bundle


# The one player's script (decks, pages, notebooks, and the widget's ES module): see player.js.
PLAYER_JS = (Path(__file__).with_name("player.js")).read_text(encoding="utf-8")
_ESM = PLAYER_JS + "\nexport default { render: perceptronWidget };\n"
STEP_BATCH = 32     # steps the kernel sends in one message when the front end asks


def _step_data(trace, pictures, k, rows):
    """What the player shows at step k of a run: the picture (base64 PNG), arithmetic, table rows, summary, alt text."""
    say = trace.step_summary(k)
    first = max(1, k - rows)
    return {"frame": base64.b64encode(pictures.png(k)).decode("ascii"), "text": _arithmetic(trace, k),
            "table": trace.to_html(current=k, rows=(first, first + 2 * rows)), "say": say,
            "alt": f"{STEP_PICTURE} {say}"}   # for a screen reader: what the frame shows, then the step in words


# The controls' icons, drawn here (SVG paths on a 16 x 16 grid, in the text's colour) rather than taken from a font:
# a glyph such as ⏸ is a box where no emoji font is installed. Each is hidden from screen readers; the word beside it
# names the button.
_ICONS = {"play": "M4 2v12l10-6z", "pause": "M3 2h3.5v12H3zm6.5 0H13v12H9.5z", "previous": "M12 2v12L2 8z",
          "next": "M4 2v12l10-6z", "enlarge": "M1 1h5v2H3v3H1zm9 0h5v5h-2V3h-3zM1 10h2v3h3v2H1zm12 0h2v5h-5v-2h3z"}


def _icon(name):
    """The SVG of the control icon `name` (a key of _ICONS), as large as the text, hidden from screen readers."""
    return (f'<svg aria-hidden="true" focusable="false" width="0.8em" height="0.8em" viewBox="0 0 16 16" '
            f'style="vertical-align:-0.05em;fill:currentColor"><path d="{_ICONS[name]}"/></svg>')


def _player_markup(uid, last, first, *, note, lecture=False):
    """The player's HTML, the same in every front end: controls, live region, picture, arithmetic, table.

    Its controls are disabled and `note` shows until player.js runs and enables them, so that a
    stored player whose script cannot run yet says what to do instead of looking broken. The play
    button holds both its faces, play and pause, one shown at a time; "enlarge the picture" shows
    only where the picture is drawn smaller than its pixels (a phone), and shows it at its own size,
    scrolling sideways in its frame.
    """
    big = "font-size:150%;line-height:1.4" if lecture else "font-size:1.15em;line-height:1.5"
    high = ";max-height:340px;object-fit:contain" if lecture else ""
    width, height = shown_size(base64.b64decode(first["frame"][:44]))   # drawn at DENSITY px per px shown
    return (f'<div id="{uid}" class="perceptron-player{" perceptron-lecture" if lecture else ""}" role="group" '
            f'aria-label="a learning run to step through" style="max-width:960px">\n'
            f'<p class="waiting" style="font-style:italic;margin:0.2em 0">{html.escape(note)}</p>\n'
            '<div style="display:flex;gap:0.5em;align-items:center;flex-wrap:wrap;font-size:1.1em">\n'
            f'<button type="button" data-go="play" disabled><span class="play">{_icon("play")} play</span>'
            f'<span class="pause" style="display:none">{_icon("pause")} pause</span></button>'
            f'<button type="button" data-go="-1" disabled>{_icon("previous")} previous</button>\n'
            f'<button type="button" data-go="1" disabled>next {_icon("next")}</button>\n'
            f'<input type="range" min="0" max="{last}" value="0" style="width:260px" aria-label="step" '
            f'aria-valuetext="step 0 of {last}" disabled><span class="step" aria-hidden="true">step 0 of {last}</span>\n'
            f'<button type="button" class="enlarge" aria-pressed="false" style="display:none" disabled>'
            f'{_icon("enlarge")} enlarge the picture</button>\n'
            '</div>\n'
            '<div class="announce" role="status" aria-live="polite" aria-atomic="true" style="position:absolute;'
            'width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap"></div>\n'
            '<div class="frame" style="overflow-x:auto">'
            f'<img src="data:image/png;base64,{first["frame"]}" alt="{html.escape(first["alt"])}" '
            f'width="{width:g}" height="{height:g}" style="max-width:100%;height:auto;display:block{high}"></div>\n'
            f'<div class="arithmetic" style="{big}">{first["text"]}</div>\n'
            f'<div class="table">{first["table"]}</div>\n'
            '</div>')


class TraceStepper(_StaticNote, anywidget.AnyWidget):
    """Step through a learning run one presentation at a time, in the browser.

    The one player of the course (player.js, as `PlayableRun` in decks and pages) as a widget:
    play (a toggle: pause), previous and next buttons, a slider and the keys choose the step; the
    picture (pattern space with the decision line, and the weights), the arithmetic of the
    presentation and the current rows of the run's table follow it, and a live region says the
    step (`Trace.step_summary`) to a screen reader. The kernel draws the steps (`StepPictures`)
    and sends them; stepping happens in the browser and never waits for the kernel. A run longer
    than `ready` steps sends the rest when the front end asks for them (a few steps ahead of the
    one shown), and the front end keeps them.

    Parameters
    ----------
    trace : Trace
        A recorded run on patterns with two features.
    interval : int, default 900
        Milliseconds per step when playing, from 50 to 10000.
    rows : int, default 2
        Table rows shown on each side of the current one, from 0 to 50.
    ready : int, default 64
        The first `ready` steps are drawn and sent at once (about 20 ms each); later steps are
        drawn when the front end asks. From 0 to 100, so that a long run starts as fast as a
        short one.
    lecture : bool, default False
        The layout for a projector: the arithmetic in large type and only the
        current row of the table (unless `rows` is given), so that the buttons,
        the picture, the arithmetic and the row fit a 1280x720 screen together.

    Examples
    --------
    >>> from perceptron_lib import train, boolean_function
    >>> stepper = TraceStepper(train(*boolean_function("or")))
    >>> stepper.last, len(stepper.steps)
    (13, 14)
    >>> stepper.step = 2; stepper.steps[2]["say"]
    'step 2 of 13: X2 presented, W·X = 0, output 0, target 1: a mistake, W becomes [1 0 1]'
    """

    _what = "stepper"
    _esm = _ESM
    kind = traitlets.Unicode("player").tag(sync=True)
    markup = traitlets.Unicode().tag(sync=True)
    last = traitlets.Int().tag(sync=True)
    interval = traitlets.Int(900).tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    steps = traitlets.Dict().tag(sync=True)      # the steps sent with the widget: {k: _step_data}

    @declare.declared(trace=declare.Run(), interval=declare.Whole(minimum=50, maximum=10_000), lecture=declare.Flag(),
                      rows=declare.Optional(declare.Whole(minimum=0, maximum=50)),
                      ready=declare.Whole(minimum=0, maximum=MAX_READY))
    def __init__(self, trace, *, interval=900, rows=None, ready=64, lecture=False):
        self.trace, self.lecture = trace, lecture
        self.rows = (0 if lecture else 2) if rows is None else rows
        self.pictures = StepPictures(trace)
        first = {k: self._data(k) for k in range(min(ready, trace.n_presentations) + 1)}
        note = "Run this cell to step through the run (the lesson also shows it as a static figure)."
        markup = _player_markup("perceptron-stepper", trace.n_presentations, first[0], note=note, lecture=self.lecture)
        super().__init__(markup=markup, last=trace.n_presentations, interval=interval, steps=first)
        self.sent = set(first)
        self.add_class("perceptron-stepper")
        if self.lecture:
            self.add_class("perceptron-lecture")
        self.on_msg(self._asked)

    @traitlets.validate("step")
    def _valid_step(self, proposal):
        return check.step("step", proposal["value"], self.trace)

    @declare.declared(k=declare.Step(of="self.trace"))
    def _data(self, k):
        """What the player shows at step k."""
        return _step_data(self.trace, self.pictures, k, self.rows)

    def _asked(self, _, content, buffers):
        """The front end asks for steps it lacks: draw them and send them, STEP_BATCH at most per message."""
        wanted = [k for k in content.get("want", []) if isinstance(k, int) and 0 <= k <= self.trace.n_presentations]
        for start in range(0, len(wanted), STEP_BATCH):
            part = wanted[start:start + STEP_BATCH]
            self.send({"steps": {str(k): self._data(k) for k in part}})
            self.sent.update(part)

    def show(self, k):
        """Show step k (0 is the start, trace.n_presentations the end); return what the player shows there."""
        k = check.step("k", k, self.trace)
        self.step = k
        return self._data(k)


class _Field:
    """One named number (or choice) of a `_Controls` widget, read and set as `.value`."""

    def __init__(self, controls, name):
        self.controls, self.name = controls, name

    @property
    def value(self):
        return self.controls.values[self.name]

    @value.setter
    def value(self, value):
        self.controls.values = {**self.controls.values, self.name: value}

    def __repr__(self):
        return f"Field({self.name!r}, value={self.value!r})"


def _field_markup(name, spec, value, uid):
    """One labelled control: a slider and a number box with the same name, or a labelled choice."""
    if "options" in spec:
        options = "".join(f'<option value="{html.escape(str(o))}"{" selected" if o == value else ""}>{html.escape(str(o))}'
                          f'</option>' for o in spec["options"])
        return (f'<span data-field="{name}"><label for="{uid}-{name}">{html.escape(spec["label"])}</label>'
                f'<select id="{uid}-{name}" disabled>{options}</select></span>')
    bounds = f'min="{spec["min"]:g}" max="{spec["max"]:g}" step="{spec["step"]:g}" value="{value:g}"'
    label = html.escape(spec["label"])
    return (f'<span data-field="{name}"><label for="{uid}-{name}">{label}</label>'
            f'<input type="range" id="{uid}-{name}" {bounds} style="width:{spec.get("width", 140)}px" disabled>'
            f'<input type="number" {bounds} aria-label="{label}, typed" disabled></span>')


# Where a view's text goes: below its picture, beside it (on its right, room allowing) or above it.
_LAYOUTS = {"below": "flex-direction:column;gap:0.4em", "beside": "flex-wrap:wrap;gap:0.5em 1.5em",
            "above": "flex-direction:column;gap:0.4em"}


class _Part:
    """A part of what a view shows, read as `.value` (as the ipywidget it replaced): `picture` (PNG bytes) or `text`."""

    def __init__(self, controls, name):
        self.controls, self.name = controls, name

    @property
    def value(self):
        return getattr(self.controls, self.name)

    def __repr__(self):
        return f"Part({self.name!r})"


class _Controls(anywidget.AnyWidget):
    """A view's named controls and what they show: a picture, a text and a spoken line, in one widget.

    The same front end as the player (player.js, `perceptronControls` and `perceptronLive`): every control
    carries its name to the accessibility tree (a screen reader says "w0, slider, 0.5", not "slider, 0.5"),
    the keys that move it do not reach JupyterLab, and a polite live region says what the view shows.

    The browser asks, the kernel draws, one state at a time: the front end sends a numbered request (the
    values its controls show, and the button pressed, if any) and sends the next only once this one is
    answered, the newest state the controls reached meanwhile, so that a held key or a fast drag makes the
    kernel draw the latest state only. The answer (`show`) is one synced trait, `shown`: the picture, its
    name, the text and the spoken line, which the front end puts in place together.

    Parameters
    ----------
    fields : dict
        {name: {"label": str, "min", "max", "step": float, "width": px} or {"label": str, "options": list}}.
    values : dict
        {name: starting value}, one per field.
    name : str
        What the controls set, the name of their group for a screen reader.
    uid : str
        A prefix for the controls' ids, unique in the page.
    buttons : sequence of (action, words), optional
        Buttons that run `on_action(action, ...)`'s callback in the kernel.
    layout : {"below", "beside", "above"}, default "below"
        Where the text goes: below the picture, beside it, or above it.
    """

    _esm = _ESM
    kind = traitlets.Unicode("controls").tag(sync=True)
    markup = traitlets.Unicode().tag(sync=True)
    values = traitlets.Dict().tag(sync=True)
    shown = traitlets.Dict().tag(sync=True)     # {"asked", "frame", "name", "text", "said"}: one message

    def __init__(self, fields, values, *, name, uid, buttons=(), layout="below"):
        parts = [_field_markup(n, spec, values[n], uid) for n, spec in fields.items()]
        parts += [f'<button type="button" data-action="{a}" disabled>{html.escape(words)}</button>' for a, words in buttons]
        shown = ['<img class="perceptron-picture" alt="" style="max-width:100%;height:auto;align-self:flex-start">',
                 '<div class="perceptron-text"></div>']
        markup = ('<div class="perceptron-view">'
                  f'<div class="perceptron-controls" role="group" aria-label="{html.escape(name)}" '
                  'style="display:flex;flex-wrap:wrap;gap:0.3em 0;align-items:center">'
                  + "".join(parts) +
                  '<div class="announce" role="status" aria-live="polite" aria-atomic="true" style="position:absolute;'
                  'width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap"></div></div>'
                  f'<div class="perceptron-shown" style="display:flex;{_LAYOUTS[layout]}">'
                  + "".join(shown[::-1] if layout == "above" else shown) + '</div></div>')
        self._actions, self._asked, self.picture = {}, 0, b""
        super().__init__(markup=markup, values=dict(values))
        self.on_msg(self._heard)

    def field(self, name):
        """The field `name`, as an object with `.value`."""
        return _Field(self, name)

    def show(self, picture, name, text, said):
        """Show `picture` (PNG bytes) named `name`, the HTML `text` and the spoken line `said`: one message."""
        self.picture = picture
        self.shown = {"asked": self._asked, "frame": base64.b64encode(picture).decode("ascii"), "name": name,
                      "text": text, "said": said}

    @property
    def text(self):
        """The text shown (HTML)."""
        return self.shown.get("text", "")

    @property
    def said(self):
        """The line the live region says."""
        return self.shown.get("said", "")

    def on_action(self, action, callback):
        """Call `callback()` when the button `action` is pressed in the front end (or by `press`)."""
        self._actions[action] = callback

    def press(self, action):
        """Press the button `action`, as a click in the front end does."""
        self._actions[action]()

    def _heard(self, _, content, buffers):
        """A request of the front end: show its values (and run its button's action); answer its number, always.

        The values arrive as a front end's update does (`set_state`: they are not sent back), and the views
        draw them; the answer goes even when nothing changed or the drawing failed, so that the front end,
        which waits for it before it asks again, never waits for nothing."""
        if not isinstance(content.get("ask"), int):
            return
        self._asked = content["ask"]
        try:
            if isinstance(content.get("values"), dict):
                self.set_state({"values": content["values"]})
            if content.get("action") in self._actions:
                self._actions[content["action"]]()
        finally:
            if self.shown.get("asked") != self._asked:
                self.shown = {**self.shown, "asked": self._asked}


def _weight_controls(weights, lim, *, extra=None, start=None, layout="below"):
    """Controls for W = [w0, w1, w2], each a labelled slider and number box over [-lim, lim] in steps of 0.25."""
    fields = {f"w{i}": {"label": f"w{i}", "min": -lim, "max": lim, "step": 0.25} for i in range(3)}
    values = {f"w{i}": float(v) for i, v in enumerate(weights)}
    fields.update(extra or {})
    values.update(start or {})
    return _Controls(fields, values, name="the weights W = [w0, w1, w2]", uid=f"perceptron-{uuid.uuid4().hex[:8]}",
                     layout=layout)


def _weights_of(controls, lim):
    """The W the controls say, each weight within [-lim, lim] (as a slider keeps it), to 6 decimals.

    A box takes what is typed: a number (or its text) beyond the limits is held at -lim or lim, as a slider
    would; anything else, NaN or not a number, is refused naming its box (w0, w1 or w2).
    """
    return tuple(round(min(max(_typed_number(f"w{i}", controls.values[f"w{i}"]), -lim), lim), 6) for i in range(3))


def _typed_number(name, value, *, finite=False):
    """A number box's value as a float: a number or a number's text, not NaN, and not infinite if `finite` (else a
    caller holds infinities at a limit); anything else is refused naming the box by its label."""
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            raise ValueError(f"{name} must be a finite number, got {check.shown(value)}") from None
    elif isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name} must be a finite number, got {check.shown(value)}")
    if value != value or (finite and abs(value) == float("inf")):
        raise ValueError(f"{name} must be a finite number, got {check.shown(value)}")
    return float(value)


class UnitView(_StaticNote, widgets.VBox):
    """Set a threshold unit's weights and watch its line and its truth table follow (Manfredi 2021, LTFs).

    Three named controls (a slider and a number box each, `_Controls`) set W = [w0, w1, w2]; the
    picture shows the line W·X = 0 among the patterns, the side where the unit says 1 shaded,
    wrong patterns ringed; below, the table of W·X, the output and the target per pattern. A live
    region says how many patterns are wrong.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 64).
    y : array-like of shape (n_samples,)
        Targets in {0, 1}, one per pattern.
    weights : array-like of shape (3,), default (-0.5, 1.0, 1.0)
        Where to start, each weight within [-lim, lim].
    lim : float, default 3.0
        The controls span -lim to lim (at most 1000).

    Examples
    --------
    >>> from perceptron_lib import boolean_function
    >>> view = UnitView(*boolean_function("and"))
    >>> view.w[0].value = -1.5; view.wrong
    0
    """

    _what = "view of a threshold unit"

    def __init__(self, X, y, *, weights=(-0.5, 1.0, 1.0), lim=3.0):
        self.X, self.y = check.few_patterns(X, y, MAX_PATTERNS)
        check.labels("y", self.y, len(self.X), convention="0/1")
        self.lim = lim = check.number("lim", lim, above=0, maximum=1000)
        weights = check.plane_weights("weights", weights)
        if np.abs(weights).max() > lim:
            raise ValueError(f"weights must lie within [-lim, lim] = [{-lim:g}, {lim:g}], got "
                             f"{format_vector(weights)}; pass a larger lim")
        figure, artists = unit_figure(self.X, self.y, weights)
        self.pictures = FastPictures(figure, lambda w: update_unit(artists, self.X, self.y, np.array(w) + 0.0))
        self.controls = _weight_controls(weights, lim, layout="beside")
        self.w = [self.controls.field(f"w{i}") for i in range(3)]
        self.image, self.table = _Part(self.controls, "picture"), _Part(self.controls, "text")
        self.controls.observe(lambda change: self.show(), names="values")
        super().__init__([self.controls])
        self.add_class("perceptron-unit")
        self.show()

    def show(self):
        """Draw the W the controls say (X, y checked when the view was made)."""
        w = _weights_of(self.controls, self.lim)
        W = np.array(w) + 0.0
        self.wrong = int(misclassified(W, self.X, self.y).sum())
        self.controls.show(self.pictures.png(w),
                           f"The patterns in the plane, circles for target 1 and squares for target 0, with the line "
                           f"W·X = 0 of W = {format_vector(W)}; the side where the unit outputs 1 is shaded; "
                           f"{self.wrong} wrong, ringed in red.",
                           unit_table(W, self.X, self.y)._repr_html_(), f"W = {format_vector(W)}: {self.wrong} wrong")


class DualView(_StaticNote, widgets.VBox):
    """One weight vector seen in both spaces at once (Honavar 1996, section 4).

    Named controls set W = [w0, w1, w2] (or a run step control picks W from a run);
    the picture shows W's decision line among the patterns, with the
    misclassified patterns ringed, and W as a point in the slice of weight
    space at its own w0, among the patterns' lines, with the lines it is on
    the wrong side of in red. Below, the two lists of wrong patterns, which
    always agree; a live region says them.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 64).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    weights : array-like of shape (3,), optional
        Where to start, each weight within [-lim, lim]: by default the run's
        start (step 0 of its control) if a trace is given, else [-0.5 1 -1].
    trace : Trace, optional
        A recorded run on the same patterns; adds a control over its steps.
        Its weights must stay within [-lim, lim] (a control cannot show more).
    lim : float, default 3.0
        The controls and the weight-space slice span -lim to lim (at most 1000).

    Examples
    --------
    >>> from perceptron_lib import boolean_function
    >>> view = DualView(*boolean_function("or"))
    >>> view.w[0].value = 0.5; print(view.agreement.value)
    pattern space: X1, X2 on the wrong side of W's line · weight space: W on the wrong side of the lines of X1, X2
    """

    _what = "dual view"

    def __init__(self, X, y, *, weights=None, trace=None, lim=3.0):
        self.X, self.y = check.few_patterns(X, y, MAX_PATTERNS)
        self.lim = lim = check.number("lim", lim, above=0, maximum=1000)
        if trace is not None:
            self._check_run(trace)
        if weights is None:  # the control says "run step 0": show the run's start
            weights = trace.weights[0] if trace is not None else (-0.5, 1.0, -1.0)
        weights = self._within_lim("weights", check.plane_weights("weights", weights))
        figure, artists = dual_figure(self.X, self.y, weights, lim=lim)
        self.pictures = FastPictures(figure, lambda w: update_dual(artists, self.X, self.y, np.array(w) + 0.0))
        self.trace = trace
        extra = start = None
        if trace is not None:
            extra = {"step": {"label": "run step", "min": 0, "max": trace.n_presentations, "step": 1, "width": 300}}
            start = {"step": 0}
        self.controls = _weight_controls(weights, lim, extra=extra, start=start)
        self.w = [self.controls.field(f"w{i}") for i in range(3)]
        self.step = self.controls.field("step") if trace is not None else None
        self.image, self.agreement = _Part(self.controls, "picture"), _Part(self.controls, "text")
        self.controls.observe(self._moved, names="values")
        super().__init__([self.controls])
        self.add_class("perceptron-dual")
        self.show()

    def _moved(self, change):
        """A control moved: the run's step sets all three weights (one picture); a weight shows itself."""
        old, new = change["old"], change["new"]
        if self.trace is not None and new.get("step") != old.get("step"):
            k = int(round(min(max(_typed_number("run step", new["step"]), 0), self.trace.n_presentations)))
            weights = {f"w{i}": float(v) for i, v in enumerate(self.trace.weights[k])}
            if any(new[name] != value for name, value in weights.items()):
                self.controls.values = {**new, **weights}     # comes back here with the step unchanged
                return
        self.show()

    @declare.declared(w=declare.Plane())
    def set_weights(self, w):
        """Move the controls to w = [w0, w1, w2], each within [-lim, lim] (one picture, not three)."""
        w = self._within_lim("w", w)
        self.controls.values = {**self.controls.values, **{f"w{i}": float(v) for i, v in enumerate(w)}}

    def show(self):
        """Draw the W the controls say (X, y checked when the view was made)."""
        w = _weights_of(self.controls, self.lim)
        def names(wrong):
            return ", ".join(f"X{k + 1}" for k in np.flatnonzero(wrong)) or "none"
        W = np.array(w) + 0.0
        agreement = (f"pattern space: {names(misclassified(W, self.X, self.y))} on the wrong side of W's "
                     f"line · weight space: W on the wrong side of the lines of "
                     f"{names(wrong_side_of_lines(W, self.X, self.y))}")
        self.controls.show(self.pictures.png(w),
                           f"Left: the patterns in the plane with the line of W = {format_vector(W)}, wrong "
                           f"patterns ringed. Right: W as a star in the slice of weight space at its w0, among the "
                           f"patterns' lines. {agreement}.",
                           html.escape(agreement, quote=False), f"W = {format_vector(W)}: {agreement}")

    def _within_lim(self, name, w):
        if np.abs(w).max() > self.lim:
            raise ValueError(f"{name} must lie within [-lim, lim] = [{-self.lim:g}, {self.lim:g}] (a control cannot "
                             f"show more), got {format_vector(w)}; pass a larger lim")
        return w

    def _check_run(self, trace):
        check.recorded_run("trace", trace)
        if trace.X.shape[0] != len(self.X) or not np.array_equal(trace.X[:, 1:], self.X):
            raise ValueError(f"trace must be a run on the same patterns X ({len(self.X)} patterns), got a run on "
                             f"{len(trace.X)} patterns that differ")
        largest = float(np.abs(trace.weights).max())
        if largest > self.lim:
            raise ValueError(f"trace must keep its weights within [-lim, lim] = [{-self.lim:g}, {self.lim:g}] "
                             f"(a control cannot show more), got a weight of size {largest:g}; pass lim >= {largest:g}")



class _Press:
    """A button of a `_Controls` widget, pressed from Python as `.click()` (as ipywidgets' Button is)."""

    def __init__(self, controls, action):
        self.controls, self.action = controls, action

    def click(self):
        self.controls.press(self.action)


class BoundExplorer(_StaticNote, widgets.VBox):
    """Choose a dimension, a size and a margin, and check the convergence bound on a fresh batch.

    Each run trains `n_sets` random separable data sets at once
    (`bounds.convergence_experiment`) and shows observed updates against
    Honavar's bound with the teacher's separator (Honavar 1996, section 3)
    and Stensbo-Smidt's (2015) on the rescaled data. Batch b (counting from
    0) uses the seeds b * n_sets to (b + 1) * n_sets - 1, so every click
    draws data sets not seen before, and a fresh explorer repeats the same
    sequence of batches. The choices are named controls (`_Controls`); a live
    region says each batch's result.

    Parameters
    ----------
    n_sets : int, default 400
        Data sets per run, from 1 to 400 (a run at the largest settings takes about 4 s).

    Examples
    --------
    >>> explorer = BoundExplorer(n_sets=20)
    >>> explorer.run.click(); "violations: 0 and 0" in explorer.summary.value
    True
    >>> explorer.result.settings["seed"], explorer.batch
    (20, 2)
    """

    _what = "bound explorer"

    def __init__(self, *, n_sets=400):
        self.n_sets = check.whole("n_sets", n_sets, minimum=1, maximum=MAX_SETS)
        fields = {"features": {"label": "features", "options": [2, 5, 10, 20]},
                  "order": {"label": "order", "options": ["cyclic", "random"]},
                  "samples": {"label": "points", "min": 10, "max": 200, "step": 10},
                  "margin": {"label": "margin", "min": 0.02, "max": 0.4, "step": 0.02}}
        self.controls = _Controls(fields, {"features": 5, "order": "cyclic", "samples": 50, "margin": 0.1},
                                 name="a batch of data sets", uid=f"perceptron-{uuid.uuid4().hex[:8]}",
                                 buttons=[("run", f"run {n_sets} data sets")], layout="above")
        self.features, self.order, self.samples, self.margin = (self.controls.field(n) for n in fields)
        self.run = _Press(self.controls, "run")
        self.controls.on_action("run", self.show)
        self.image, self.summary = _Part(self.controls, "picture"), _Part(self.controls, "text")
        self.batch, self.result = 0, None
        super().__init__([self.controls])
        self.add_class("perceptron-bounds")
        self.show()

    def show(self):
        """Run a batch with the chosen settings and show the result (the front end dims the last one meanwhile)."""
        samples = int(round(min(max(_typed_number("points", self.samples.value), 10), 200) / 10)) * 10
        margin = min(max(round(_typed_number("margin", self.margin.value), 2), 0.02), 0.4)
        features, order = int(_typed_number("features", self.features.value, finite=True)), str(self.order.value)
        result = convergence_experiment(self.n_sets, samples, features, margin, order=order,
                                        seed=self.batch * self.n_sets)
        self.batch, self.result = self.batch + 1, result
        figure = plot_bound_check({"Honavar, teacher": (result.updates, result.honavar),
                                   "Stensbo-Smidt on X/R, teacher": (result.scaled_updates,
                                                                      result.stensbo_smidt)})
        summary = f"batch {self.batch}: {result.summary()}"
        picture = io.BytesIO()   # at the figure's own dpi, as the other live views: a click waits for it
        figure.savefig(picture, format="png", bbox_inches="tight")
        self.controls.show(picture.getvalue(), describe_figure(figure, draw=False),   # drawn for the PNG just before
                           html.escape(summary, quote=False), summary)


MAX_FRAMES = 80  # pictures a kernel-free stepper embeds (about 20 kB each)


def _playable(name, trace, given):
    """A recorded run short enough to embed every step's picture (`PlayableRun`)."""
    trace = check.recorded_run(name, trace)
    if trace.n_presentations + 1 > MAX_FRAMES:
        raise ValueError(f"{name} must have at most {MAX_FRAMES - 1} presentations for a kernel-free stepper "
                         f"(each is an embedded picture), got {trace.n_presentations}; use TraceStepper")
    return trace


class PlayableRun:
    """A learning run to step through with no kernel: its pictures, arithmetic and table rows in one HTML page.

    The output is self-contained HTML and JavaScript (no kernel, no network): the course's one
    player (player.js, the same front end as `TraceStepper`) with every step embedded:
    previous / next / play buttons, a labelled slider, the keys, and a live region that says each
    step. It works wherever a notebook's HTML output runs its scripts: JupyterLab and Notebook
    (trusted), exported HTML and slides, nbviewer, RISE. Where scripts do not run (GitHub, an
    untrusted notebook) it shows the first picture, its controls disabled, and says in words to
    run the cell; every lesson also shows the run as a static grid. Compute, then draw, then
    wire: the pictures come from `StepPictures`, the texts from `Trace.step_text` and
    `Trace.to_html`.

    Parameters
    ----------
    trace : Trace
        A recorded run on patterns with two features, at most 79 presentations.
    rows : int, default 2
        Table rows shown on each side of the current one (0 to 5).
    dpi : int, default 100
        Resolution the embedded pictures are shown at (40 to 150). At 100 their
        text is as large as in the lesson's other figures (10.5 pt, 14.6 px, as
        on a deck's 1280x720 slide); each is drawn at twice that (DENSITY), for
        a projector or a high-density screen; lower keeps the notebook smaller
        and the text smaller with it.

    Examples
    --------
    >>> from perceptron_lib import train, boolean_function
    >>> player = PlayableRun(train(*boolean_function("or")))
    >>> len(player.steps), player._repr_html_().count("<script")
    (14, 1)
    """

    @declare.declared(trace=declare.Custom(_playable, lambda example: []), rows=declare.Whole(minimum=0, maximum=5),
                      dpi=declare.Whole(minimum=40, maximum=150))
    def __init__(self, trace, *, rows=2, dpi=100):
        self.trace = trace
        pictures = StepPictures(trace, dpi=dpi)
        self.steps = {k: _step_data(trace, pictures, k, rows) for k in range(trace.n_presentations + 1)}

    def _repr_html_(self):
        data = json.dumps({"last": self.trace.n_presentations, "steps": self.steps}).replace("</", "<\\/")
        uid = "playable-" + hashlib.sha256(data.encode()).hexdigest()[:12]  # the same output on every run
        markup = _player_markup(uid, self.trace.n_presentations, self.steps[0], note=_RUN_TO_STEP)
        markup = markup.replace('class="perceptron-player"', 'class="perceptron-player perceptron-playable"', 1)
        script = ("<script>\n(function() {\n" + PLAYER_JS + f'\nconst root = document.getElementById("{uid}");\n'
                  f"const data = {data};\nif (root) perceptronPlayer(root, data);\n}})();\n</script>")
        return markup.removesuffix("</div>") + script + "\n</div>"

    def _repr_mimebundle_(self, **kwargs):
        return {"text/html": self._repr_html_(),
                "text/plain": "A run to step through (needs a page that runs scripts: run this cell to step); the "
                              "lesson also shows it as a static figure."}


_RUN_TO_STEP = ("Run this cell to step through the run (scripts in a stored output run only once the notebook "
                "is trusted or the cell is run again); the lesson also shows the run as a static figure.")


def _arithmetic(trace, k):
    if k == 0:
        return f"<b>step 0</b>: the start, W = {format_vector(trace.weights[0])}"
    test, change = trace.step_text(k)
    return f"<b>presentation {k}</b>: {html.escape(test)}<br>&emsp;{html.escape(change)}"
