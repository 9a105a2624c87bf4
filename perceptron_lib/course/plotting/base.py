"""What every picture shares: colours, markers, font sizes, limits, the `Picture`, and the checks of a picture's input.

The plain checks (numbers, arrays, patterns, weights in the plane, a recorded run) are in
`perceptron_lib.core.validation`, which the widgets use too; the checks here are the pictures' own: a
figure's size, the Axes given, the dict of artists a draw function returned. The names here are
shared by the modules of `perceptron_lib.course.plotting` (hence none has a leading underscore); a lesson
reaches the constants and `Picture` through `perceptron_lib.course.plotting`.
"""
import base64
import html
import io

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch
from matplotlib.transforms import Bbox
from matplotlib.text import Text

from ...core import constraints as declare
from ...core import validation as check
from ...core.arithmetic import add_with_ones, nets, norm

POSITIVE = "#1f6fb4"   # blue: target 1
NEGATIVE = "#e07b00"   # orange: target 0 (or -1)
SHADE = "#d5e6f6"      # the side where W·X > 0
UPDATE = "#c0392b"     # a presentation that changed W
WRONG = "wrong: the unit's output differs from the target"   # what a red ring says, in words
ERRORS = "Greys"       # the error landscape: darker is more errors
# Classes differ by shape as well as colour: Okabe and Ito's palette for colour-blind eyes (its yellow, pale on
# white, comes last), then Tol's wine and dark brown for a ninth and tenth class, which keep every two colours
# at least 17 Delta E apart with normal vision, deuteranopia and protanopia (benchmarks/colour_blind.py);
# and a marker of its own for each class.
CLASS_COLORS = ["#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9", "#000000", "#f0e442",
                "#882255", "#661100"]
CLASS_MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*", "h", "p"]

# Font sizes in points, each defined here once: a deck for a lecture hall raises them here, in one place.
# A picture is laid out at 100 dpi and shown at that size (a lesson, a 1280x720 slide), so 1 pt is 100/72 px: TEXT,
# the smallest, is 14.6 px. Its PNG is drawn at DENSITY times that (200 dpi, which its pHYs chunk says: a deck reads
# it), so that a deck's figure enlarged for a 1920x1080 projector, or a page on a high-density screen, shows it at
# about its drawn pixels (issue 42). A Picture lifts any text matplotlib sizes by itself (tick labels, default
# legends) to TEXT when drawn.
TEXT = 10.5            # pictures of runs and of weight space (lessons 01-05): pattern names, titles, legends,
                       # tick labels; lesson 09's legend of the classes
LARGE_TEXT = 11        # lessons 06-09 (no text under 11 pt, for a projector): legends, tick labels, counts;
                       # a unit's title, the numbers on a weight-space path and at a correction's arrow
LABEL = 12             # axis labels of weight space and of lessons 06-09; titles of lesson 09
TITLE = 13             # titles of lessons 06 to 08
REGION_NUMBER = 18     # the numbers of Budinich's four regions (plot_n_min_map_values)
DENSITY = 2            # a picture's PNG (and a player's frames) hold DENSITY px per px shown

# Limits that keep every picture to a couple of seconds (about 60 ms a panel, 1 s a million grid points).
MAX_PANELS = 42          # plot_trace_grid: 42 panels at most
MAX_ROWS = 8             # plot_dual_grid: weight vectors, each in two panels
MAX_PATTERNS = 64        # pictures that draw a line and a name per pattern
MAX_PLANES = 12          # plot_weight_space: a plane and a legend entry per pattern
MAX_RESOLUTION = 1001    # grid points per axis of a shaded region
MAX_GRID_WORK = 20_000_000  # error landscapes: grid points times patterns
MAX_INCHES = 40          # a figure's width or height
MAX_CLASS_PANELS = 16    # plot_layer_steps: steps of a layer of units

NAME_CLEARANCE = 5   # points from a ring's centre line to its pattern's name: half the ring's 2.5 pt line, and air


class Picture(Figure):
    """A matplotlib Figure that shows itself in a notebook as a PNG image with a description in words.

    A plain Figure made without pyplot has no notebook display of its own;
    this one does, without touching pyplot's global state. Its output holds
    the PNG (with its alt text in the output's metadata, which nbconvert
    reads), an HTML image with the same alt text and the whole description
    in a fold beneath it (JupyterLab and the exported pages show the HTML:
    JupyterLab gives a PNG output no alt text), and the description as plain
    text. The description is read off what is drawn (`describe`), after the
    point the lesson draws the picture for, when the lesson gives one (`saying`).
    """

    description = ""    # what a picture of its kind shows, in a sentence (`shows`): the alt text says it after the titles
    point = ""           # what the lesson draws this picture for, in a sentence (`saying`): said first
    own = False          # made by `panels` for one picture, not given as Axes

    @declare.declared(point=declare.Sentence())
    def saying(self, point):
        """This picture, told the point the lesson draws it for: its description in words starts with it.

        A description read off the artists says how a chart is drawn (its axes, marks and lines) but
        not what a reader should see in it; the lesson knows that, and says it here in one sentence
        (which must not answer a question the lesson asks about the picture).

        Parameters
        ----------
        point : str
            A sentence that ends with a full stop, question mark or exclamation mark.

        Returns
        -------
        Picture
            This picture, so that a lesson's cell can end with ``pl.plot_...(...).saying("...")``.

        Examples
        --------
        >>> fig = Picture()
        >>> _ = fig.add_subplot().plot([0, 1], [1, 0])
        >>> fig.saying("The line falls from 1 to 0.").point
        'The line falls from 1 to 0.'
        """
        self.point = point
        return self

    def draw(self, renderer):
        """Draw, with no text smaller than TEXT: the sizes matplotlib chose by itself (10 pt) are lifted."""
        for ax in self.axes:
            for axis in (ax.xaxis, ax.yaxis, getattr(ax, "zaxis", None)) if ax.axison else ():
                labels = axis.get_ticklabels() if axis is not None else []
                if labels and labels[0].get_fontsize() < TEXT:   # ticks made later follow these
                    axis.set_tick_params(which="both", labelsize=TEXT)
        for text in self.findobj(Text):
            if text.get_fontsize() < TEXT:
                text.set_fontsize(TEXT)
        super().draw(renderer)

    def _repr_png_(self):
        """The PNG, drawn at DENSITY times the figure's dpi (and saying so: a deck reads its text size off it).

        It is laid out once, at the figure's own dpi, and its box is the tight one there, padded as savefig pads
        it; then drawn at DENSITY times the dpi with that layout, so that it shows at the size it is laid out at
        (laid out again at 200 dpi, a 3-D picture's tight box was 14% taller, and a second layout moves its
        axes: issue 42).
        """
        from matplotlib import rcParams
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        renderer = FigureCanvasAgg(self).get_renderer()   # at the figure's own dpi
        self.draw_without_rendering()                     # laid out: texts lifted, constrained layout done
        box = self.get_tightbbox(renderer).padded(rcParams["savefig.pad_inches"])
        # whole pixels at the figure's dpi (as a PNG at that dpi was cut): exactly DENSITY times as many drawn
        width, height = (np.floor(np.array(box.size) * self.dpi) + 1e-6) / self.dpi
        box = Bbox.from_bounds(box.x0, box.y0, width, height)
        engine = self.get_layout_engine()
        self.set_layout_engine("none")                    # that layout, drawn at the higher density
        try:
            buffer = io.BytesIO()
            self.savefig(buffer, format="png", bbox_inches=box, dpi=self.dpi * DENSITY)
        finally:
            self.set_layout_engine(engine)
        return buffer.getvalue()

    def _repr_mimebundle_(self, include=None, exclude=None):
        from ..describe import describe_figure, short_description   # not plotting's names: its names are pictures

        data = self._repr_png_()   # drawn: texts and limits are final
        png = base64.b64encode(data).decode("ascii")
        width, height = shown_size(data)
        short, words = short_description(self), describe_figure(self, draw=False)
        page = (f'<figure class="perceptron-figure" style="margin:0"><img src="data:image/png;base64,{png}" '
                f'width="{width:g}" height="{height:g}" style="max-width:100%;height:auto" '
                f'alt="{html.escape(short)}"><details><summary>The figure in words</summary>'
                f'<p>{html.escape(words)}</p></details></figure>')
        return ({"image/png": png, "text/html": page, "text/plain": words},
                {"image/png": {"alt": short, "width": width, "height": height}})


def shown_size(png):
    """(width, height) in CSS px at which the PNG bytes `png` of a picture show: its pixels over DENSITY (IHDR)."""
    return int.from_bytes(png[16:20], "big") / DENSITY, int.from_bytes(png[20:24], "big") / DENSITY


# Checks of the pictures' own kinds of input; the plain ones are in `validation`.


def check_axes(name, ax):
    if not isinstance(ax, Axes):
        raise TypeError(f"{name} must be a matplotlib Axes, got {check.shown(ax)}")
    return ax


def panels(ax, count, figsize, grid=(1, 1), *, projection=None, dpi=None, **grid_style):
    """(figure, list of `count` Axes) for a picture of `count` panels.

    With ax None: a new Picture of size `figsize` with a grid of panels (spare
    panels hidden). Otherwise the Axes given (one Axes, or a sequence or array
    of them), checked: exactly `count`, 3-D where the picture is 3-D.
    """
    if ax is None:
        fig = Picture(figsize=figsize, dpi=dpi, layout="constrained")
        fig.own = True       # made for the picture: `shows` gives it the picture's description
        rows, cols = grid
        if projection is None:
            axes = list(np.ravel(fig.subplots(rows, cols, squeeze=False, **grid_style)))
        else:
            axes = [fig.add_subplot(rows, cols, i + 1, projection=projection) for i in range(count)]
        for spare in axes[count:]:
            spare.set_axis_off()
        return fig, axes[:count]
    given = [ax] if isinstance(ax, Axes) else (list(np.ravel(np.asarray(ax, dtype=object)))
                                                 if isinstance(ax, (list, tuple, np.ndarray)) else None)
    if given is None or len(given) != count:
        what = "a matplotlib Axes" if count == 1 else f"{count} matplotlib Axes (one per panel)"
        raise (TypeError if given is None else ValueError)(
            f"ax must be {what} or None (a new figure), got {check.shown(ax) if given is None else len(given)}")
    for i, one in enumerate(given):
        name = "ax" if count == 1 else f"ax[{i}]"
        if check_axes(name, one).name != "3d" and projection == "3d":
            raise TypeError(f"{name} must be a 3-D Axes (add_subplot(projection='3d')), got a {one.name} Axes")
    return given[0].figure, given


def shows(fig, description):
    """`fig`, given `description` (what a picture of its kind shows, in a sentence, for its alt text) if the
    picture made it; a figure whose Axes were given is left as it is: it may hold other pictures too."""
    if getattr(fig, "own", False):
        fig.description = description
    return fig


def check_artists(artists, keys, maker):
    """The dict a draw function returned (its keys are checked, so that a wrong dict is named)."""
    if not isinstance(artists, dict) or not all(key in artists for key in keys):
        raise TypeError(f"artists must be the dict that {maker} returned, got {check.shown(artists)}")
    return artists


# A picture's **style, passed on to one matplotlib call (style_of): a scratch artist of each kind to try it on
def _scratch_points():
    from matplotlib.collections import PathCollection
    return PathCollection([])


def _scratch_line():
    from matplotlib.lines import Line2D
    return Line2D([], [])


def _scratch_mesh():
    from matplotlib.collections import QuadMesh
    return QuadMesh(np.zeros((2, 2, 2)))


def _scratch_image():
    from matplotlib.image import AxesImage
    return AxesImage(None)


# The constraints of the pictures' own parameters (constraints.declared): an Axes, and the artists a draw returned.
AXES = declare.Custom(lambda name, ax, given: check_axes(name, ax),
                      lambda example: [("ax", TypeError), (None, TypeError)])


def _panel_axes(name, ax, given):
    """None (a new figure), an Axes or a sequence of them; how many, `panels` checks, knowing the picture."""
    if ax is None or isinstance(ax, Axes):
        return ax
    if not isinstance(ax, (list, tuple, np.ndarray)):
        raise TypeError(f"{name} must be matplotlib Axes (one per panel) or None (a new figure), got {check.shown(ax)}")
    for i, one in enumerate(np.ravel(np.asarray(ax, dtype=object))):
        check_axes(f"{name}[{i}]", one)
    return ax


PANEL_AXES = declare.Custom(_panel_axes, lambda example: [("ax", TypeError), (3, TypeError)])
FIGSIZE = declare.Custom(lambda name, size, given: check_figsize(size),
                         lambda example: [("big", TypeError), ((0, 1), ValueError), ((1, 2, 3), ValueError)])
DPI = declare.Custom(lambda name, dpi, given: check_dpi(dpi),
                     lambda example: [(1.5, TypeError), (10, ValueError), (1000, ValueError)])


def _check_style(name, style, given, *, call, artist, fixed, extra):
    """Keyword arguments passed on to `call`: each a property of the artist it makes (tried on a scratch one, so
    that a wrong key or value is named here, not by matplotlib deep inside), or one of `call`'s own `extra`
    keywords; none of the `fixed` keywords the picture sets itself."""
    for key, value in style.items():
        if key in fixed:
            raise TypeError(f"{name} must leave {key} to the picture, which sets it (the other keyword arguments of "
                            f"{call} pass on), got {key}={check.shown(value)}")
        if key in extra:
            continue
        scratch = artist()
        try:
            scratch.set(**{key: value})
        except AttributeError:
            raise TypeError(f"{name} must be keyword arguments of {call} (properties of matplotlib's "
                            f"{type(scratch).__name__}), got {key}={check.shown(value)}") from None
        except (TypeError, ValueError) as error:
            raise type(error)(f"{name} must be keyword arguments of {call} with values it takes, got "
                              f"{key}={check.shown(value)}: {error}") from None
    return style


def style_of(call, artist, *, fixed=(), extra=()):
    """The constraint of a picture's ``**style``: keyword arguments of `call` ("ax.scatter"), whose artist
    `artist()` makes a scratch one to try them on; `fixed`, the keywords the picture sets itself, are refused,
    `extra`, `call`'s own keywords that are not properties of the artist, pass as they are."""
    return declare.Custom(
        lambda name, style, given: _check_style(name, style, given, call=call, artist=artist, fixed=fixed,
                                                extra=extra) if style else style,
        lambda example: [(12, TypeError), ("dashed", TypeError)])


def artists_of(maker, *keys):
    """The constraint of a parameter `artists`: the dict that `maker` returned, holding `keys`."""
    return declare.Custom(lambda name, artists, given: check_artists(artists, keys, maker),
                          lambda example: [({}, TypeError), ("artists", TypeError)])


def check_weights(w, minimum=1):
    """One weight vector of any length >= minimum."""
    w = check.array("w", w, "(n_weights,)", ndim=1)
    if len(w) < minimum:
        raise ValueError(f"w must hold at least {minimum} weights [w0, w1, ...], got shape {w.shape}")
    return w + 0.0


def check_weight_rows(name, weights, most):
    """Rows [w0, w1, w2], at least one and at most `most` (None: no limit)."""
    weights = check.array(name, weights, "(n_rows, 3)", ndim=2)
    if weights.shape[1] != 3 or len(weights) == 0:
        raise ValueError(f"{name} must have shape (n_rows, 3), rows [w0, w1, w2], got shape {weights.shape}")
    if most is not None and len(weights) > most:
        raise ValueError(f"{name} must hold at most {most} rows here, got {len(weights)}")
    return weights


def check_texts(name, values, count):
    """A list of `count` strings."""
    if isinstance(values, str) or not isinstance(values, (list, tuple)):
        raise TypeError(f"{name} must be a list of {count} str, got {check.shown(values)}")
    if len(values) != count:
        raise ValueError(f"{name} must hold {count} str (one each), got {len(values)}")
    return [check.text(f"{name}[{i}]", v) for i, v in enumerate(values)]


def check_series(name, mapping, most, each, *, key=check.text, what="str to values"):
    """A dict of 1 to `most` entries: each key checked by key(name, key), each value by each(checked key, value)."""
    if not isinstance(mapping, dict):
        raise TypeError(f"{name} must be a dict of 1 to {most} entries, {what}, got {check.shown(mapping)}")
    if not 1 <= len(mapping) <= most:
        raise ValueError(f"{name} must hold from 1 to {most} entries, got {len(mapping)}")
    checked = {}
    for raw, value in mapping.items():
        k = key(f"the keys of {name}", raw)
        checked[k] = each(k, value)
    return checked


def check_values(name, values):
    values = check.array(name, values, "(n_values,)", ndim=1)
    if len(values) == 0:
        raise ValueError(f"{name} must hold at least one value, got an empty array")
    return values


def check_numbers(name, values, *, length=None, fewest=1, most=None, low=None, high=None, above=None,
                  increasing=False):
    """1-D finite values: `length` of them (else `fewest` to `most`), each in [low, high] and > above, increasing if asked.

    >>> check_numbers("p", [0.5, 2], high=1)
    Traceback (most recent call last):
    ...
    ValueError: p must hold 1 or more values, each <= 1, got 2 from 0.5 to 2
    """
    values = check_values(name, values)
    count = len(values)
    if (count != length if length is not None else not fewest <= count <= (most or count)) \
            or (low is not None and values.min() < low) or (high is not None and values.max() > high) \
            or (above is not None and values.min() <= above) or (increasing and (np.diff(values) <= 0).any()):
        many = length if length is not None else f"{fewest} to {most}" if most else f"{fewest} or more"
        each = (f"from {low:g} to {high:g}" if low is not None and high is not None else
                f">= {low:g}" if low is not None else f"<= {high:g}" if high is not None else "")
        each = " and ".join(word for word in (each, "" if above is None else f"> {above:g}") if word)
        raise ValueError(f"{name} must hold {many} values{', increasing' if increasing else ''}"
                         f"{', each ' + each if each else ''}, got {count} from {values.min():g} to {values.max():g}")
    return values


def check_pair(name, pair, what):
    """A pair (a tuple or list of two), `what` its two parts in words: "(lows, highs)"."""
    if not isinstance(pair, (tuple, list)) or len(pair) != 2:
        raise TypeError(f"{name} must be a pair {what}, got {check.shown(pair)}")
    return pair


def check_figsize(size):
    """(width, height) in inches, each > 0 and at most MAX_INCHES."""
    size = check.array("size", size, "(2,): (width, height) in inches")
    if size.shape != (2,) or not ((size > 0) & (size <= MAX_INCHES)).all():
        raise ValueError(f"size must be (width, height) in inches, each > 0 and <= {MAX_INCHES}, "
                         f"got {check.shown(size.tolist())}")
    return tuple(size.tolist())


def check_dpi(dpi):
    return check.whole("dpi", dpi, minimum=20, maximum=400)


def check_lim(lim):
    """Half the side of a weight-space picture: > 0, and small enough that grid times pattern cannot overflow."""
    return check.number("lim", lim, above=0, maximum=1e6)


def check_resolution(resolution):
    return check.whole("resolution", resolution, minimum=2, maximum=MAX_RESOLUTION)


def check_fractions(d, values):
    """measured[d] of plot_cover_check_values: at most 1000 fractions in [0, 1]."""
    values = check_values(f"measured[{d!r}]", values)
    if len(values) > 1000 or values.min() < 0 or values.max() > 1:
        raise ValueError(f"measured[{d}] must hold at most 1000 fractions, each in [0, 1], "
                         f"got {len(values)} from {values.min():g} to {values.max():g}")
    return values


def check_corner_fractions(m, pair):
    """cube[m] of plot_cube_check_values: (corner counts, each 1 to 2**m; as many fractions in [0, 1])."""
    check_pair(f"cube[{m}]", pair, "(corners n, fractions)")
    sizes = check.array(f"cube[{m}][0]", pair[0], "(n_sizes,)", ndim=1, integer=True)
    fractions = check_values(f"cube[{m}][1]", pair[1])
    if len(sizes) != len(fractions) or len(sizes) > 1000 or sizes.min() < 1 or sizes.max() > 2**m \
            or fractions.min() < 0 or fractions.max() > 1:
        raise ValueError(f"cube[{m}] must hold as many corner counts (each 1 to 2**{m}) as fractions (each in "
                         f"[0, 1]), at most 1000, got {len(sizes)} and {len(fractions)}")
    return sizes.tolist(), fractions


def check_function_counts(name, counts):
    """counts of plot_boolean_fractions_values: 2 to 9 whole numbers, the m-th from 1 to 2**2**m."""
    if not isinstance(counts, (list, tuple, np.ndarray)) or not 2 <= len(counts) <= 9:
        raise (TypeError if not isinstance(counts, (list, tuple, np.ndarray)) else ValueError)(
            f"{name} must be a sequence of 2 to 9 counts (0, 1, 2, ... inputs), got {check.shown(counts)}")
    return [check.whole(f"{name}[{m}]", c, minimum=1, maximum=2**2**m) for m, c in enumerate(counts)]


def weight_rows(most):
    """The constraint of rows [w0, w1, w2] (`check_weight_rows`): from 1 to `most` of them (None: no limit)."""
    return declare.Custom(lambda name, rows, given: check_weight_rows(name, rows, most),
                          lambda example: [("w", TypeError), ([[0, 1]], ValueError), (np.zeros((0, 3)), ValueError)]
                          + ([(np.zeros((most + 1, 3)), ValueError)] if most is not None else []))


def texts(of=None, count=None):
    """The constraint of a list of str (`check_texts`): one per row of the parameter `of`, or `count` of them."""
    def many(example):
        return count if of is None else len(example[of])
    return declare.Custom(lambda name, values, given: check_texts(name, values, many(given)),
                          lambda example: [("a", TypeError), (None, TypeError), (["a"] * (many(example) + 1), ValueError)])


def series(most, each, *, key=check.text, what="str to values", bad=lambda example: []):
    """The constraint of a dict of 1 to `most` entries (`check_series`): each(name, key, value, given) checks a value.

    `bad(example)` adds refused values to the two every such dict has (not a dict, an empty one).
    """
    return declare.Custom(
        lambda name, mapping, given: check_series(name, mapping, most, lambda k, value: each(name, k, value, given),
                                                  key=key, what=what),
        lambda example: [("a", TypeError), ({}, ValueError), *bad(example)])


def finite_numbers(**bounds):
    """The constraint of 1-D finite values (`check_numbers` with `bounds`), with the values it refuses for them."""
    def bad(example):
        cases = [("v", TypeError), ([], ValueError), ([0, np.nan], ValueError)]
        if bounds.get("low") is not None:
            cases.append(([bounds["low"] - 1] * max(bounds.get("fewest", 1), 1), ValueError))
        if bounds.get("increasing"):
            cases.append(([1, 0.5], ValueError))
        return cases
    return declare.Custom(lambda name, values, given: check_numbers(name, values, **bounds), bad)


def projector_style(ax, title=None, xlabel=None, ylabel=None):
    """The projector sizes of lessons 06 to 08: titles `TITLE`, axis labels `LABEL`, tick labels `LARGE_TEXT`."""
    if title is not None:
        ax.set_title(title, fontsize=TITLE)
    if xlabel is not None:
        ax.set_xlabel(xlabel, fontsize=LABEL)
    if ylabel is not None:
        ax.set_ylabel(ylabel, fontsize=LABEL)
    ax.tick_params(labelsize=LARGE_TEXT)


def check_grid_mark(name, mark, betas, beta_etas):
    """A setting (β, βη) inside the grid of `betas` and `beta_etas` (plot_grid_search_values's mark), as an array."""
    mark = check.array(name, mark, "(2,): (β, βη)")
    axes_values = betas, beta_etas
    if mark.shape != (2,) or not all(values.min() <= v <= values.max() for v, values in zip(mark, axes_values)):
        raise ValueError(f"{name} must be (β, βη) inside the grid, β in [{axes_values[0].min():g}, "
                         f"{axes_values[0].max():g}] and βη in [{axes_values[1].min():g}, "
                         f"{axes_values[1].max():g}], got {check.shown(mark.tolist())}")
    return mark


# The bad marks of a grid from 0.1 to 1 (tests/test_declared.py's examples)
BAD_MARKS = [("m", TypeError), ((1e6, 1e6), ValueError), ((1, 1, 1), ValueError)]


# The **style of the pictures, by the matplotlib call it goes to
SCATTER_STYLE = style_of("ax.scatter", _scratch_points, fixed=("s", "c", "marker", "color", "zorder", "label"),
                         extra=("vmin", "vmax", "plotnonfinite", "depthshade"))
LINE_STYLE = style_of("ax.plot", _scratch_line)
MESH_STYLE = style_of("ax.pcolormesh", _scratch_mesh, fixed=("cmap", "vmin", "vmax"), extra=("shading",))
IMAGE_STYLE = style_of("ax.imshow", _scratch_image, extra=("vmin", "vmax", "aspect", "origin", "extent"))

# A pattern's name beside it: clear of its ring, of W's line and arrow, of the other patterns and names


def keep_names_clear(names, X, w, gap, *, away=True):
    """Keep each pattern's name `gap` points from the pattern's centre (clear of a ring of radius gap -
    NAME_CLEARANCE), off W's line, inside the Axes and clear of the other patterns and names: first tried
    straight away from the line (`away`, a unit's picture) or on the right (a stepper's, so that the names
    stay put while the line moves).

    Where depends on the Axes' final size, so the names are placed when the panel is drawn, by a
    `_NamePlacer` put on the Axes (once) that draws before them; it places them again only when W, the
    patterns or the panel's size changed. Beyond MAX_NAMED names (the search costs about the square of
    their number at every draw) they stay where `draw_patterns` put them, on the right.
    """
    if not names or len(names) > MAX_NAMED:
        return
    ax = names[0].axes
    placer = next((a for a in ax.get_children() if isinstance(a, _NamePlacer)), None)
    if placer is None:
        placer = ax.add_artist(_NamePlacer())
    placer.names, placer.X, placer.w, placer.gap = names, np.asarray(X, float), np.asarray(w, float), gap
    placer.away = away


MAX_NAMED = 16   # names placed clear of rings, lines and each other (the lessons name at most 6 patterns)
NEARER = 1.4     # a name's centre this many times nearer its own pattern than any other, so that it names that one
# Where a name is tried around its pattern, in this order (degrees from the right, anticlockwise): right,
# left, above, below, then the diagonals and the places between
NAME_PLACES = np.radians([0, 180, 90, 270, 45, 315, 135, 225, 22.5, 337.5, 157.5, 202.5, 67.5, 292.5, 112.5, 247.5])


class _NamePlacer(Artist):
    """Draws nothing; before the names are drawn, puts each one where it touches neither its pattern's ring,
    nor W's line or arrow, nor another pattern or name, and stays inside the Axes (lesson 06's stepper drew
    X1 on its ring and across the line). Of the places around the pattern (`NAME_PLACES`), just outside the
    square of half-side `gap` points round its centre, it takes the first free one: straight away from the
    line first if `away` (along W's normal, where a unit's picture has always put it), then the right (where
    `draw_patterns` puts it, so that a stepper's names stay put while the line moves), the left, above, below
    and the diagonals; where none is free, the one with the fewest overlaps. A name not clearly nearer its
    own pattern than any other (`NEARER`) counts as touching that one: it could be read as naming it."""

    def __init__(self):
        super().__init__()
        self.set_zorder(3.9)            # after the patterns (3), before their names (4)
        self.set_in_layout(False)
        self.names, self.X, self.w, self.gap, self.away = [], np.empty((0, 2)), np.zeros(3), 0.0, True
        self.placed = None      # what the names were last placed for: placed again only when it changes

    def draw(self, renderer):
        if not self.names:
            return
        ax = self.names[0].axes
        # the places are in points around each pattern, so they depend on the panel's size in inches (not in
        # pixels: a PNG is drawn at another dpi, or cropped to its tight box, with the same places)
        size = np.round(np.array(ax.bbox.size) / ax.figure.dpi, 4)
        key = (self.X.tobytes(), self.w.tobytes(), self.gap, self.away, size.tobytes(), tuple(ax.get_xlim()),
               tuple(ax.get_ylim()), len(self.names))
        if key != self.placed:
            place_names(self.names, self.X, self.w, self.gap, renderer, away=self.away)
            self.placed = key


def place_names(names, X, w, gap, renderer, *, away=True):
    """Put each name (a Text annotating its pattern, a row of X) where `_NamePlacer` says, measured with `renderer`."""
    ax = names[0].axes
    to_screen, scale = ax.transData, renderer.points_to_pixels(1.0)
    points = to_screen.transform(X)
    frame = ax.bbox
    ring = (gap - NAME_CLEARANCE) * scale          # a ring's radius on the screen: the names keep off it
    length = norm(w[1:])
    sides = np.sign(nets(w, add_with_ones(X))) if length else np.zeros(len(X))
    taken = [_arrow_box(a) for a in ax.patches if isinstance(a, FancyArrowPatch) and a.get_visible()]
    normal = to_screen.transform(X[:1] + w[1:]) - points[:1] if length and len(X) else np.array([[1.0, 0.0]])
    for name, p, side in zip(names, points, sides):
        size = name.get_window_extent(renderer).size
        off = normal[0] * (-1.0 if side < 0 else 1.0)       # straight away from the line (W's normal)
        best = None
        for angle in (np.r_[np.arctan2(off[1], off[0]), NAME_PLACES] if away else NAME_PLACES):
            d = np.array([np.cos(angle), np.sin(angle)])
            box = _box_beside(p, d, gap * scale, size)
            overlaps = _overlaps(box, p, ring, points, taken, frame, ax, w, side if length else None)
            if best is None or overlaps < best[0]:
                best = (overlaps, box)
            if overlaps == 0:
                break
        box = best[1]
        name.set_position(tuple(((box[:2] + box[2:]) / 2 - p) / scale))   # the box's centre, in points from p
        name.set(ha="center", va="center")
        taken.append(box)


def _arrow_box(arrow):
    """The box on the screen of W's arrow (a name must not sit on it), from its two ends."""
    ends = arrow.axes.transData.transform(np.array(arrow._posA_posB))
    pad = 4.0
    return np.r_[ends.min(axis=0) - pad, ends.max(axis=0) + pad]


def _box_beside(p, d, gap, size):
    """The box (x0, y0, x1, y1) of a text of `size` (width, height) in direction d from p, outside the square of
    half-side `gap` around p (the ring's box and air): its centre at p + t d, with t the least that does. The box
    is that far from p along axis i once t |d_i| - size_i / 2 reaches gap, so t is the least of those t."""
    half = size / 2
    with np.errstate(divide="ignore"):       # a direction along one axis never reaches gap along the other
        t = np.min((gap + half) / np.abs(d))
    centre = p + t * d
    return np.r_[centre - half, centre + half]


def _overlaps(box, p, ring, points, taken, frame, ax, w, side):
    """How badly a name's box sits: 1000 for crossing W's line or leaving the Axes, 1 for each other pattern
    (its ring's reach) or name it touches."""
    corners = np.array([[box[0], box[1]], [box[0], box[3]], [box[2], box[1]], [box[2], box[3]]])
    bad = 0
    if side is not None:
        data = ax.transData.inverted().transform(corners)
        signs = np.sign(w[0] + data @ w[1:])
        if not (signs == (side or 1.0)).all():     # a pattern on the line: its name on the side W·X > 0
            bad += 1000
    if box[0] < frame.x0 or box[1] < frame.y0 or box[2] > frame.x1 or box[3] > frame.y1:
        bad += 1000
    centre = (box[:2] + box[2:]) / 2
    own = np.hypot(*(centre - p))
    for q in points:
        if np.array_equal(q, p):
            continue
        nearest = np.clip(q, box[:2], box[2:])
        bad += int(np.hypot(*(nearest - q)) < ring or np.hypot(*(centre - q)) < NEARER * own)   # on it, or near it
    for other in taken:
        bad += int(box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3])
    return bad
