"""PNG pictures of one figure in many states, made fast enough for a click: the machinery of the views.

A widget shows a picture per click (a step of a run, a move of W); drawing the whole figure each time takes
too long, so `FastPictures` draws it once, then redraws only what moves, over a saved copy of the rest, and
keeps the pictures it made. `StepPictures` does so for the steps of a run (`step_figure`, `update_step`).
widgets.py wires them to the views; this module needs matplotlib only, not ipywidgets.
"""
import io

import numpy as np
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.image import imsave

from ..core import constraints as declare
from ..core import validation as check
from .plotting import step_figure, update_step
from .plotting.base import DENSITY, DPI, FIGSIZE

MAX_KEPT = 1000     # pictures FastPictures keeps (about 30 kB each, 60 kB for a run's steps at DENSITY 2)


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

    @declare.declared(state=declare.Hashable())
    def png(self, state):
        """The picture of a state (a hashable key, as `update` takes it) as PNG bytes."""
        if state not in self._made:
            if len(self._made) >= MAX_KEPT:  # forget the oldest picture: memory stays bounded
                del self._made[next(iter(self._made))]
            self._update(state)
            self.canvas.restore_region(self._background)
            for part in self._moving:
                self.figure.draw_artist(part)
            buffer = io.BytesIO()
            imsave(buffer, np.asarray(self.canvas.buffer_rgba()), format="png", dpi=self.figure.dpi,
                   pil_kwargs={"compress_level": 1})   # says the dpi it was drawn at, which the decks read
            self._made[state] = buffer.getvalue()
        return self._made[state]


class StepPictures(FastPictures):
    """PNG pictures of the steps of a run (`step_figure`), made fast enough to step through.

    Parameters
    ----------
    trace : Trace
        A recorded run on patterns with two features.
    size : (float, float), default (7.2, 3.4)
        The figure's (width, height) in inches.
    dpi : int, default 100
        The resolution the pictures are shown at (their size: `size` times `dpi` in px); each is drawn at
        DENSITY (2) times it, and its PNG says so, for sharp pictures on a high-density screen or a projector.

    Examples
    --------
    >>> from perceptron_lib import train, boolean_function
    >>> pictures = StepPictures(train(*boolean_function("or")))
    >>> pictures.png(2)[:4]
    b'\\x89PNG'
    """

    @declare.declared(trace=declare.Run(), size=FIGSIZE, dpi=DPI)
    def __init__(self, trace, *, size=(7.2, 3.4), dpi=100):
        self.trace = trace
        figure, self.artists = step_figure(trace, 0, size=size, dpi=dpi * DENSITY)
        super().__init__(figure, lambda k: update_step(self.artists, trace, k))

    @declare.declared(k=declare.Step(of="self.trace"))
    def png(self, k):
        """The picture of step k (from 0 to trace.n_presentations) as PNG bytes."""
        return super().png(k)
