"""Interactive views: ipywidgets wired to the pictures of `plotting` and the tables of `Trace`.

No learning happens here: a view shows a Trace that `train` already computed. The one piece of
machinery the views need, making PNG pictures of a figure fast enough for a click
(`FastPictures`, `StepPictures`), lives here beside them.
"""
import asyncio
import base64
import html
import io
import json
import hashlib
from collections.abc import Hashable

import ipywidgets as widgets
import numpy as np
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.image import imsave

from . import validation as check
from .bounds import convergence_experiment
from .describe import describe_figure
from .geometry import misclassified_unchecked, wrong_side_of_lines_unchecked
from .plotting import (MAX_PATTERNS, dual_figure, plot_bound_check, step_figure, unit_figure, update_dual_unchecked,
                       update_step_unchecked, update_unit_unchecked)
from .tables import unit_table_unchecked
from .trace import format_vector_unchecked

MAX_READY = 100     # pictures a TraceStepper makes up front (about 20 ms each)
MAX_SETS = 400      # data sets per BoundExplorer run (about 4 s at the largest settings)
MAX_KEPT = 1000     # pictures FastPictures keeps (about 30 kB each)

_STATIC_NOTE = ("Interactive stepper (needs a running kernel: run the notebook to use it). "
                "This notebook also shows what it shows as a static figure.")


class FastPictures:
    """PNG pictures of one figure in many states, made fast enough for a widget.

    The figure is drawn once with everything; then the axes' contents are
    marked as moving and only they are redrawn for each state, over a saved
    copy of the rest (ticks and labels, which are most of the drawing time).
    Pictures are kept once made, the latest 1000 of them.

    Parameters
    ----------
    figure : Figure
        Laid out and showing some state.
    update : callable
        ``update(state)`` moves the figure's artists to a state (a hashable key).
    """

    def __init__(self, figure, update):
        if not isinstance(figure, Figure):
            raise TypeError(f"figure must be a matplotlib Figure, got {check.shown(figure)}")
        self.figure, self._update = figure, check.function("update", update, "update(state)")
        self.canvas = FigureCanvasAgg(figure)
        self.canvas.draw()  # lays the figure out once, then the layout stays
        figure.set_layout_engine("none")
        self._moving = []
        for ax in figure.axes:
            parts = [a for a in ax.get_children() if not isinstance(a, Axis) and a is not ax.patch]
            for part in parts:
                part.set_animated(True)
            self._moving += sorted(parts, key=lambda a: a.get_zorder())
        self.canvas.draw()
        self._background = self.canvas.copy_from_bbox(figure.bbox)
        self._made = {}

    def png(self, state):
        """The picture of a state (a hashable key, as `update` takes it) as PNG bytes."""
        if not isinstance(state, Hashable):
            raise TypeError(f"state must be hashable (it is the key of a kept picture), got {check.shown(state)}")
        return self._png(state)

    def _png(self, state):
        """`png` of a state already checked."""
        if state not in self._made:
            if len(self._made) >= MAX_KEPT:  # forget the oldest picture: memory stays bounded
                del self._made[next(iter(self._made))]
            self._update(state)
            self.canvas.restore_region(self._background)
            for part in self._moving:
                self.figure.draw_artist(part)
            buffer = io.BytesIO()
            imsave(buffer, np.asarray(self.canvas.buffer_rgba()), format="png",
                   pil_kwargs={"compress_level": 1})
            self._made[state] = buffer.getvalue()
        return self._made[state]


class StepPictures(FastPictures):
    """PNG pictures of the steps of a run (`step_figure`), made fast enough to step through.

    Parameters
    ----------
    trace : Trace
        A recorded run on patterns with two features.
    size : (float, float), default (7.2, 3.4)
        Figure size in inches.
    dpi : int, default 100

    Examples
    --------
    >>> from perceptron_lib import train, boolean_function
    >>> pictures = StepPictures(train(*boolean_function("or")))
    >>> pictures.png(2)[:4]
    b'\\x89PNG'
    """

    def __init__(self, trace, *, size=(7.2, 3.4), dpi=100):
        self.trace = check.recorded_run("trace", trace)
        figure, self.artists = step_figure(trace, 0, size=size, dpi=dpi)
        # the run is checked above and each step by `png`: a step's update checks nothing again
        super().__init__(figure, lambda k: update_step_unchecked(self.artists, trace, k))

    def png(self, k):
        """The picture of step k (from 0 to trace.n_presentations) as PNG bytes."""
        return self._png(check.step("k", k, self.trace))



class _NamedImage(widgets.Image):
    """An Image widget whose `tooltip` becomes the picture's title: its name for a screen reader.

    ipywidgets' front end sets the title only when the model has an empty
    `description`, which Image lacks (its view fails on the tooltip without
    one): this one carries an empty description for that.
    """

    description = type(widgets.Label.description)("").tag(sync=True)   # the Unicode trait type ipywidgets uses

    def show(self, png, name):
        """A new picture and its name in one message: the view decodes the picture once, not twice."""
        with self.hold_sync():
            self.value, self.tooltip = png, name


class _StaticNote:
    """Where no kernel runs (GitHub, nbviewer, HTML export) only text/plain shows: say so."""

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = _STATIC_NOTE.replace("Interactive stepper", f"Interactive {self._what}")
        return bundle


class TraceStepper(_StaticNote, widgets.VBox):
    """Step through a learning run one presentation at a time.

    Play (a toggle: pause), previous and next buttons and a slider choose the step; the picture
    (pattern space with the decision line, and the weights), the arithmetic of
    the presentation and the current row of the run's table follow it. The
    pictures come from `StepPictures`, so a step shows at once.

    Parameters
    ----------
    trace : Trace
        A recorded run on patterns with two features.
    interval : int, default 900
        Milliseconds per step when playing, from 50 to 10000.
    rows : int, default 2
        Table rows shown on each side of the current one, from 0 to 50.
    ready : int, default 64
        Pictures of the first `ready` steps are made at once (about 20 ms each),
        so that stepping through them only sends a ready picture; later steps
        are drawn when first shown. From 0 to 100, so that a long run starts
        as fast as a short one.
    lecture : bool, default False
        The layout for a projector: the arithmetic in large type and only the
        current row of the table (unless `rows` is given), so that the buttons,
        the picture, the arithmetic and the row fit a 1280x720 screen together.

    Examples
    --------
    >>> from perceptron_lib import train, boolean_function
    >>> stepper = TraceStepper(train(*boolean_function("or")))
    >>> stepper.slider.max
    13
    >>> stepper.next.click(); stepper.slider.value
    1
    """

    _what = "stepper"

    def __init__(self, trace, *, interval=900, rows=None, ready=64, lecture=False):
        self.trace = check.recorded_run("trace", trace)
        interval = check.whole("interval", interval, minimum=50, maximum=10_000)
        self.lecture = check.flag("lecture", lecture)
        rows = (0 if self.lecture else 2) if rows is None else rows
        self.rows = check.whole("rows", rows, minimum=0, maximum=50)
        ready = check.whole("ready", ready, minimum=0, maximum=MAX_READY)
        self.pictures = StepPictures(trace)
        for k in range(min(ready, trace.n_presentations) + 1):
            self.pictures.png(k)
        last = trace.n_presentations
        # A toggle with words on it, not ipywidgets' Play: Play's buttons are icons with no name a screen
        # reader can read (axe: critical "button-name"). The kernel moves the slider while it is pressed.
        self.interval = interval
        self.play = widgets.ToggleButton(description=self._PLAY, tooltip="play the run, one step per interval",
                                         layout=widgets.Layout(width="auto"))
        self.play.observe(self._playing, names="value")
        self.previous = widgets.Button(description="◀ previous", layout=widgets.Layout(width="auto"))
        self.next = widgets.Button(description="next ▶", layout=widgets.Layout(width="auto"))
        self.slider = widgets.IntSlider(min=0, max=last, value=0, description="step",
                                        continuous_update=True, layout=widgets.Layout(width="340px"))
        self.image = _NamedImage(format="png", layout=widgets.Layout(max_width="100%"))
        self.arithmetic = widgets.HTML()
        self.table = widgets.HTML()
        self.previous.on_click(lambda _: self._go(self.slider.value - 1))
        self.next.on_click(lambda _: self._go(self.slider.value + 1))
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        controls = widgets.HBox([self.play, self.previous, self.next, self.slider])
        super().__init__([controls, self.image, self.arithmetic, self.table])
        self.add_class("perceptron-stepper")
        if self.lecture:
            self.add_class("perceptron-lecture")
            self.image.layout.max_height = "340px"
        self.show(0)

    _PLAY, _PAUSE = "▶ play", "⏸ pause"

    def _go(self, k):
        self.slider.value = min(max(k, 0), self.trace.n_presentations)

    def _playing(self, change):
        """Pressed: step every `interval` ms until the end or until pressed again (from the start if at the end)."""
        self.play.description = self._PAUSE if change["new"] else self._PLAY
        if not change["new"]:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:        # no event loop (plain Python, not a kernel): nothing can move on its own
            self.play.value = False
            return
        if self.slider.value == self.trace.n_presentations:
            self.slider.value = 0
        loop.create_task(self._play())

    async def _play(self):
        while self.play.value and self.slider.value < self.trace.n_presentations:
            await asyncio.sleep(self.interval / 1000)
            if self.play.value:
                self._go(self.slider.value + 1)
        self.play.value = False

    def show(self, k):
        """Show step k (0 is the start, trace.n_presentations the end)."""
        k = check.step("k", k, self.trace)
        self.image.show(self.pictures._png(k), _STEP_PICTURE.format(summary=self.trace.step_summary(k)))
        if k == 0:
            text = f"<b>step 0</b>: the start, W = {format_vector_unchecked(self.trace.weights[0])}"
        else:
            test, change = self.trace.step_text(k)
            text = f"<b>presentation {k}</b>: {test}<br>&emsp;{change}"
        self.arithmetic.value = f'<div style="font-size: 150%; line-height: 1.4">{text}</div>' if self.lecture else text
        first = max(1, k - self.rows)
        self.table.value = self.trace.to_html(current=k, rows=(first, first + 2 * self.rows))


class UnitView(_StaticNote, widgets.VBox):
    """Set a threshold unit's weights and watch its line and its truth table follow (Manfredi 2021, LTFs).

    Three sliders set W = [w0, w1, w2]; the picture shows the line W·X = 0
    among the patterns, the side where the unit says 1 shaded, wrong patterns
    ringed; below, the table of W·X, the output and the target per pattern.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 64).
    y : array-like of shape (n_samples,)
        Targets in {0, 1}, one per pattern.
    weights : array-like of shape (3,), default (-0.5, 1.0, 1.0)
        Where to start, each weight within [-lim, lim].
    lim : float, default 3.0
        The sliders span -lim to lim (at most 1000).

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
                             f"{format_vector_unchecked(weights)}; pass a larger lim")
        figure, artists = unit_figure(self.X, self.y, weights)
        # X, y are checked above, and w is three slider values: an update checks nothing again
        self.pictures = FastPictures(figure, lambda w: update_unit_unchecked(artists, self.X, self.y,
                                                                             np.array(w) + 0.0))
        self.w = [widgets.FloatSlider(value=float(v), min=-lim, max=lim, step=0.25, description=f"w{i}",
                                      continuous_update=True, readout_format=".2f") for i, v in enumerate(weights)]
        self.image = _NamedImage(format="png", layout=widgets.Layout(max_width="100%"))
        self.table = widgets.HTML()
        for slider in self.w:
            slider.observe(lambda change: self.show(), names="value")
        super().__init__([widgets.HBox(self.w), widgets.HBox([self.image, self.table])])
        self.add_class("perceptron-unit")
        self.show()

    def show(self):
        """Draw the W the sliders say."""
        w = tuple(round(slider.value, 6) for slider in self.w)
        W = np.array(w) + 0.0   # slider values within [-lim, lim]; X and y checked when the view was made
        self.wrong = int(misclassified_unchecked(W, self.X, self.y).sum())
        self.image.show(self.pictures._png(w),
                        f"The patterns in the plane, circles for target 1 and squares for target 0, with the line "
                        f"W·X = 0 of W = {format_vector_unchecked(W)}; the side where the unit outputs 1 is shaded; "
                        f"{self.wrong} wrong, ringed in red.")
        self.table.value = unit_table_unchecked(W, self.X, self.y)._repr_html_()


class DualView(_StaticNote, widgets.VBox):
    """One weight vector seen in both spaces at once (Honavar 1996, section 4).

    Sliders set W = [w0, w1, w2] (or a step slider picks W from a run);
    the picture shows W's decision line among the patterns, with the
    misclassified patterns ringed, and W as a point in the slice of weight
    space at its own w0, among the patterns' lines, with the lines it is on
    the wrong side of in red. Below, the two lists of wrong patterns, which
    always agree.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input (at most 64).
    y : array-like of shape (n_samples,)
        Targets, all in {0, 1} or all in {-1, +1}, one per pattern.
    weights : array-like of shape (3,), optional
        Where to start, each weight within [-lim, lim]: by default the run's
        start (step 0 of its slider) if a trace is given, else [-0.5 1 -1].
    trace : Trace, optional
        A recorded run on the same patterns; adds a slider over its steps.
        Its weights must stay within [-lim, lim] (a slider cannot show more).
    lim : float, default 3.0
        The sliders and the weight-space slice span -lim to lim (at most 1000).

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
        if weights is None:  # the slider says "run step 0": show the run's start
            weights = trace.weights[0] if trace is not None else (-0.5, 1.0, -1.0)
        weights = self._within_lim("weights", check.plane_weights("weights", weights))
        figure, artists = dual_figure(self.X, self.y, weights, lim=lim)
        # X, y are checked above, and w is three slider values: an update checks nothing again
        self.pictures = FastPictures(figure, lambda w: update_dual_unchecked(artists, self.X, self.y,
                                                                             np.array(w) + 0.0))
        self.w = [widgets.FloatSlider(value=float(v), min=-lim, max=lim, step=0.25, description=f"w{i}",
                                      continuous_update=True, readout_format=".2f") for i, v in enumerate(weights)]
        self.image = _NamedImage(format="png", layout=widgets.Layout(max_width="100%"))
        self.agreement = widgets.HTML()
        self._holding = False
        for slider in self.w:
            slider.observe(lambda change: self.show(), names="value")
        rows = [widgets.HBox(self.w)]
        self.step = None
        if trace is not None:
            self.trace = trace
            self.step = widgets.IntSlider(min=0, max=trace.n_presentations, description="run step",
                                          layout=widgets.Layout(width="420px"))
            self.step.observe(lambda change: self.set_weights(trace.weights[change["new"]]), names="value")
            rows.append(self.step)
        super().__init__(rows + [self.image, self.agreement])
        self.add_class("perceptron-dual")
        self.show()

    def set_weights(self, w):
        """Move the sliders to w = [w0, w1, w2], each within [-lim, lim] (one picture, not three)."""
        w = self._within_lim("w", check.plane_weights("w", w))
        self._holding = True
        for slider, value in zip(self.w, w):
            slider.value = float(value)
        self._holding = False
        self.show()

    def show(self):
        """Draw the W the sliders say."""
        if self._holding:
            return
        w = tuple(round(slider.value, 6) for slider in self.w)
        def names(wrong):
            return ", ".join(f"X{k + 1}" for k in np.flatnonzero(wrong)) or "none"
        W = np.array(w) + 0.0
        agreement = (f"pattern space: {names(misclassified_unchecked(W, self.X, self.y))} on the wrong side of W's "
                     f"line · weight space: W on the wrong side of the lines of "
                     f"{names(wrong_side_of_lines_unchecked(W, self.X, self.y))}")
        self.image.show(self.pictures._png(w),
                        f"Left: the patterns in the plane with the line of W = {format_vector_unchecked(W)}, wrong "
                        f"patterns ringed. Right: W as a star in the slice of weight space at its w0, among the "
                        f"patterns' lines. {agreement}.")
        self.agreement.value = agreement

    def _within_lim(self, name, w):
        if np.abs(w).max() > self.lim:
            raise ValueError(f"{name} must lie within [-lim, lim] = [{-self.lim:g}, {self.lim:g}] (a slider cannot "
                             f"show more), got {format_vector_unchecked(w)}; pass a larger lim")
        return w

    def _check_run(self, trace):
        check.recorded_run("trace", trace)
        if trace.X.shape[0] != len(self.X) or not np.array_equal(trace.X[:, 1:], self.X):
            raise ValueError(f"trace must be a run on the same patterns X ({len(self.X)} patterns), got a run on "
                             f"{len(trace.X)} patterns that differ")
        largest = float(np.abs(trace.weights).max())
        if largest > self.lim:
            raise ValueError(f"trace must keep its weights within [-lim, lim] = [{-self.lim:g}, {self.lim:g}] "
                             f"(a slider cannot show more), got a weight of size {largest:g}; pass lim >= {largest:g}")


class BoundExplorer(_StaticNote, widgets.VBox):
    """Choose a dimension, a size and a margin, and check the convergence bound on a fresh batch.

    Each run trains `n_sets` random separable data sets at once
    (`bounds.convergence_experiment`) and shows observed updates against
    Honavar's bound with the teacher's separator (Honavar 1996, section 3)
    and Stensbo-Smidt's (2015) on the rescaled data. Batch b (counting from
    0) uses the seeds b * n_sets to (b + 1) * n_sets - 1, so every click
    draws data sets not seen before, and a fresh explorer repeats the same
    sequence of batches.

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
        self.features = widgets.Dropdown(options=[2, 5, 10, 20], value=5, description="features")
        self.samples = widgets.IntSlider(value=50, min=10, max=200, step=10, description="points")
        self.margin = widgets.FloatSlider(value=0.1, min=0.02, max=0.4, step=0.02, description="margin")
        self.order = widgets.Dropdown(options=["cyclic", "random"], value="cyclic", description="order")
        self.run = widgets.Button(description=f"run {n_sets} data sets", button_style="primary")
        self.image = _NamedImage(format="png", layout=widgets.Layout(max_width="100%"))
        self.summary = widgets.HTML()
        self.batch, self.result = 0, None
        self.run.on_click(lambda _: self.show())
        controls = widgets.VBox([widgets.HBox([self.features, self.order]),
                                 widgets.HBox([self.samples, self.margin]), self.run])
        super().__init__([controls, self.summary, self.image])
        self.add_class("perceptron-bounds")
        self.show()

    def show(self):
        """Run a batch with the chosen settings and show the result."""
        self.summary.value = "running..."
        result = convergence_experiment(self.n_sets, self.samples.value, self.features.value, self.margin.value,
                                        order=self.order.value, seed=self.batch * self.n_sets)
        self.batch, self.result = self.batch + 1, result
        figure = plot_bound_check({"Honavar, teacher": (result.updates, result.honavar),
                                   "Stensbo-Smidt on X/R, teacher": (result.scaled_updates,
                                                                      result.stensbo_smidt)})
        self.image.show(figure._repr_png_(), describe_figure(figure, draw=False))   # drawn for the PNG just before
        self.summary.value = f"batch {self.batch}: {result.summary()}"


MAX_FRAMES = 80  # pictures a kernel-free stepper embeds (about 20 kB each)


class PlayableRun:
    """A learning run to step through with no kernel: its pictures, arithmetic and table rows in one HTML page.

    The output is self-contained HTML and JavaScript (no kernel, no network):
    previous / next / play buttons, a slider, and the arrow keys once it has
    been clicked. It works wherever a notebook's HTML output runs its
    scripts: JupyterLab and Notebook (trusted), exported HTML and slides,
    nbviewer, RISE. Where scripts do not run (GitHub) it shows the first
    picture and says so; every lesson also shows the run as a static grid.
    Compute, then draw, then wire: the pictures come from
    `StepPictures`, the texts from `Trace.step_text` and
    `Trace.to_html`.

    Parameters
    ----------
    trace : Trace
        A recorded run on patterns with two features, at most 79 presentations.
    rows : int, default 2
        Table rows shown on each side of the current one (0 to 5).
    dpi : int, default 100
        Resolution of the embedded pictures (40 to 150). At 100 their text is
        as large as in the lesson's other figures (10 pt, 14 px drawn 1:1, as
        on a deck's 1280x720 slide); lower keeps the notebook smaller and the
        text smaller with it.

    Examples
    --------
    >>> from perceptron_lib import train, boolean_function
    >>> player = PlayableRun(train(*boolean_function("or")))
    >>> len(player.frames), player._repr_html_().count("<script")
    (14, 1)
    """

    def __init__(self, trace, *, rows=2, dpi=100):
        self.trace = check.recorded_run("trace", trace)
        if trace.n_presentations + 1 > MAX_FRAMES:
            raise ValueError(f"trace must have at most {MAX_FRAMES - 1} presentations for a kernel-free stepper "
                             f"(each is an embedded picture), got {trace.n_presentations}; use TraceStepper")
        rows = check.whole("rows", rows, minimum=0, maximum=5)
        dpi = check.whole("dpi", dpi, minimum=40, maximum=150)
        pictures = StepPictures(trace, dpi=dpi)
        self.frames = [base64.b64encode(pictures._png(k)).decode("ascii")   # k: every step, none to check
                       for k in range(trace.n_presentations + 1)]
        self.texts = [_arithmetic(trace, k) for k in range(trace.n_presentations + 1)]
        self.tables = [trace.to_html(current=k, rows=(max(1, k - rows), max(1, k - rows) + 2 * rows))
                       for k in range(trace.n_presentations + 1)]
        self.says = [trace.step_summary(k) for k in range(trace.n_presentations + 1)]
        self.alts = [_STEP_PICTURE.format(summary=say) for say in self.says]

    def _repr_html_(self):
        data = json.dumps({"frames": self.frames, "texts": self.texts, "tables": self.tables, "says": self.says,
                           "alts": self.alts})
        uid = "playable-" + hashlib.sha256(data.encode()).hexdigest()[:12]  # the same output on every run
        last = len(self.frames) - 1
        return _PLAYER.format(uid=uid, data=data, last=last, first=self.frames[0], text=self.texts[0],
                              table=self.tables[0], alt=html.escape(self.alts[0]))

    def _repr_mimebundle_(self, **kwargs):
        return {"text/html": self._repr_html_(),
                "text/plain": "A run to step through (needs a page that runs scripts); the lesson also shows it "
                              "as a static figure."}


def _arithmetic(trace, k):
    if k == 0:
        return f"<b>step 0</b>: the start, W = {format_vector_unchecked(trace.weights[0])}"
    test, change = trace.step_text(k)
    return f"<b>presentation {k}</b>: {html.escape(test)}<br>&emsp;{html.escape(change)}"


# What a frame shows, for a screen reader (the picture of `StepPictures`), then the step in words.
_STEP_PICTURE = ("Left: the patterns in the plane, circles for target 1 and squares for the others, with W's "
                 "decision line; the pattern just presented is ringed. Right: the weights as bars. {summary}")

# Keyboard and screen reader: the buttons come first in the Tab order; Enter and Space press them
# and the arrow keys step, and none of these keys reaches the page (a slide deck would turn the
# slide); focus stays where it is, with a visible ring; a polite live region says each new step.
_PLAYER = """<div id="{uid}" class="perceptron-playable" role="group" aria-label="a learning run to step through"
style="max-width:960px">
<style>#{uid} button:focus-visible, #{uid} input:focus-visible {{outline: 3px solid #0a58ca; outline-offset: 2px;}}
#{uid} button {{font-size: inherit; padding: 0.15em 0.6em;}}
#{uid} .announce {{position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
white-space: nowrap;}}</style>
<div style="display:flex;gap:0.5em;align-items:center;flex-wrap:wrap;font-size:1.1em">
<button type="button" data-go="play">▶ play</button><button type="button" data-go="-1">◀ previous</button>
<button type="button" data-go="1">next ▶</button>
<input type="range" min="0" max="{last}" value="0" style="width:260px" aria-label="step"
aria-valuetext="step 0 of {last}"><span class="step" aria-hidden="true">step 0 of {last}</span>
</div>
<div class="announce" role="status" aria-live="polite" aria-atomic="true"></div>
<img src="data:image/png;base64,{first}" alt="{alt}" style="max-width:100%;display:block">
<div class="arithmetic" style="font-size:1.15em;line-height:1.5">{text}</div>
<div class="table">{table}</div>
<noscript>(This page does not run scripts: the lesson shows the same run as a figure.)</noscript>
<script>
(function() {{
  const root = document.getElementById("{uid}");
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "1";
  const data = {data};
  const last = data.frames.length - 1;
  const img = root.querySelector("img"), slider = root.querySelector("input");
  const text = root.querySelector(".arithmetic"), table = root.querySelector(".table");
  const label = root.querySelector(".step"), play = root.querySelector('[data-go="play"]');
  const announce = root.querySelector(".announce");
  let k = 0, timer = null;
  function show(j, quiet) {{
    k = Math.max(0, Math.min(last, j));
    img.src = "data:image/png;base64," + data.frames[k];
    img.alt = data.alts[k];
    text.innerHTML = data.texts[k];
    table.innerHTML = data.tables[k];
    slider.value = k;
    slider.setAttribute("aria-valuetext", "step " + k + " of " + last);
    label.textContent = "step " + k + " of " + last;
    if (!quiet) announce.textContent = data.says[k];
  }}
  function stop() {{ if (timer) {{ clearInterval(timer); timer = null; play.textContent = "▶ play"; }} }}
  root.querySelectorAll("button").forEach(function(b) {{
    b.addEventListener("click", function(e) {{
      e.stopPropagation();
      if (b.dataset.go === "play") {{
        if (timer) {{ stop(); announce.textContent = "paused at " + data.says[k]; return; }}
        if (k === last) show(0, true);
        play.textContent = "❚❚ pause";
        timer = setInterval(function() {{ if (k >= last) stop(); else show(k + 1, true); }}, 900);
        announce.textContent = "playing from step " + k;
      }} else {{ stop(); show(k + Number(b.dataset.go)); }}
    }});
  }});
  slider.addEventListener("input", function() {{ stop(); show(Number(slider.value)); }});
  root.addEventListener("keydown", function(e) {{
    const step = {{ArrowRight: 1, ArrowLeft: -1, ArrowUp: 1, ArrowDown: -1}}[e.key];
    if (step && e.target !== slider) {{ e.preventDefault(); stop(); show(k + step); }}
    if (step || [" ", "Enter", "Home", "End", "PageUp", "PageDown"].includes(e.key)) e.stopPropagation();
  }});
}})();
</script>
</div>"""
