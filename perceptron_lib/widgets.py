"""Interactive views: ipywidgets wired to the pictures of `plotting` and the tables of `Trace`.

No learning happens here: a view shows a Trace that `train` already computed.
"""
import ipywidgets as widgets

from .plotting import StepPictures

_STATIC_NOTE = ("Interactive stepper (needs a running kernel: run the notebook to use it). "
                "The same steps are shown as a static figure and table in this notebook.")


class TraceStepper(widgets.VBox):
    """Step through a learning run one presentation at a time.

    Play, previous and next buttons and a slider choose the step; the picture
    (pattern space with the decision line, and the weights), the arithmetic of
    the presentation and the current row of the run's table follow it. The
    pictures come from `plotting.StepPictures`, so a step shows at once.

    Parameters
    ----------
    trace : Trace
        A recorded run on patterns with two features.
    interval : int, default 900
        Milliseconds per step when playing.
    rows : int, default 2
        Table rows shown on each side of the current one.
    ready : int, default 64
        Pictures of the first `ready` steps are made at once (about 40 ms each),
        so that stepping through them only sends a ready picture; later steps
        are drawn when first shown.

    Examples
    --------
    >>> from perceptron_lib import train, boolean_function
    >>> stepper = TraceStepper(train(*boolean_function("or")))
    >>> stepper.slider.max
    13
    >>> stepper.next.click(); stepper.slider.value
    1
    """

    def __init__(self, trace, *, interval=900, rows=2, ready=64):
        self.trace = trace
        self.pictures = StepPictures(trace)
        for k in range(min(ready, trace.n_presentations) + 1):
            self.pictures.png(k)
        self.rows = rows
        last = trace.n_presentations
        self.play = widgets.Play(min=0, max=last, interval=interval, description="play",
                                 layout=widgets.Layout(width="auto"))
        self.previous = widgets.Button(description="◀ previous", layout=widgets.Layout(width="auto"))
        self.next = widgets.Button(description="next ▶", layout=widgets.Layout(width="auto"))
        self.slider = widgets.IntSlider(min=0, max=last, value=0, description="step",
                                        continuous_update=True, layout=widgets.Layout(width="340px"))
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.arithmetic = widgets.HTML()
        self.table = widgets.HTML()
        self.previous.on_click(lambda _: self._go(self.slider.value - 1))
        self.next.on_click(lambda _: self._go(self.slider.value + 1))
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        controls = widgets.HBox([self.play, self.previous, self.next, self.slider])
        super().__init__([controls, self.image, self.arithmetic, self.table])
        self.add_class("perceptron-stepper")
        self.show(0)

    def _go(self, k):
        self.slider.value = min(max(k, 0), self.trace.n_presentations)

    def show(self, k):
        """Show step k (0 is the start)."""
        self.image.value = self.pictures.png(k)
        if k == 0:
            self.arithmetic.value = f"<b>step 0</b>: the start, W = {self.trace.weights[0].tolist()}"
        else:
            test, change = self.trace.step_text(k)
            self.arithmetic.value = f"<b>presentation {k}</b>: {test}<br>&emsp;{change}"
        first = max(1, k - self.rows)
        self.table.value = self.trace.to_html(current=k, rows=(first, first + 2 * self.rows))

    def _repr_mimebundle_(self, **kwargs):
        # Where no kernel runs (GitHub, nbviewer, HTML export) only text/plain shows: say so.
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = _STATIC_NOTE
        return bundle
