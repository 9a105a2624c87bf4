"""Figures in words: a text description of a matplotlib figure, read off what is drawn on it.

A screen reader cannot see a picture, so every picture of the course carries a description
(`Picture` puts it in the image's alt text and beside it). It starts with the point the lesson draws
the picture for, when the lesson gives one (`Picture.saying`: what a reader should see in it). Then
a picture of the course says, in a sentence, what a picture of its kind shows (the figure's
`description`: what is drawn, which mark is which class, which side of a line is which); the rest is written from the figure's own artists, after
they are drawn, so it says what the picture shows and cannot drift from it: each
panel's title and axes, its points (how many, which marker, where), lines and curves, bars,
shaded regions, arrows, images and the names written on it, and the legend. A picture says what
an artist means (W's decision line, the side where W·X > 0) by giving it a `description`
attribute; otherwise its legend label names it.
"""
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.collections import PathCollection, PolyCollection, QuadMesh
from matplotlib.contour import ContourSet
from matplotlib.markers import MarkerStyle
from matplotlib.path import Path
from matplotlib.patches import FancyArrowPatch, Polygon, Rectangle

from ..core import validation as check

MARKERS = {"o": "circle", "s": "square", "^": "triangle", "v": "downward triangle", "D": "diamond",
           "*": "star", "P": "plus", "X": "cross", "x": "cross", "+": "plus", "h": "hexagon", "p": "pentagon"}
STYLES = {"-": "solid", "--": "dashed", ":": "dotted", "-.": "dash-dotted"}
MOST_POINTS = 8      # points listed one by one; more are summed up
MOST_NAMES = 16      # names written on a panel that are listed


def describe_figure(fig, draw=True):
    """A description of what `fig` shows, in plain sentences.

    Parameters
    ----------
    fig : matplotlib Figure
    draw : bool, default True
        Draw the canvas first, so that texts and limits are final; False when
        the figure has just been drawn (saved) as it is.

    Returns
    -------
    str

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> fig = Figure()
    >>> ax = fig.add_subplot()
    >>> _ = ax.scatter([0, 1], [0, 1], marker="s", label="target 0")
    >>> _ = ax.set_title("two points")
    >>> describe_figure(fig)
    'Panel "two points": x from -0.05 to 1.05, y from -0.05 to 1.05. 2 squares (target 0) at (0, 0), (1, 1).'
    """
    fig = _figure(fig)
    if check.flag("draw", draw):
        fig.canvas.draw()
    panels = _panels(fig)
    bars = {getattr(ax, "_colorbar", None).mappable: ax for ax in fig.axes if _is_colorbar(ax)}
    parts = [_lesson_point(fig)]
    title = fig._suptitle.get_text() if fig._suptitle is not None else ""
    if title:
        parts.append(f"{_clean(title)}.")
    parts.append(_description(fig))
    if len(panels) > 1:
        parts.append(f"{len(panels)} panels.")
    for i, ax in enumerate(panels):
        parts.append(_panel(ax, i if len(panels) > 1 else None, bars))
    for legend in fig.legends:       # a legend of the whole figure, under or beside its panels
        parts += _legend(legend, "Legend of the figure")
    return " ".join(p for p in parts if p)


MOST_TITLES = 3   # an alt text quotes every panel's title up to this many panels; beyond, the first and the last


def short_description(fig):
    """The figure's titles and what it shows, for an image's alt text when the whole description is long.

    What it shows is the figure's `description` (a sentence a picture of the course gives it: what is
    drawn, which mark is which class, which side of a line is which); a figure without one is named by
    its titles only. A figure of more than MOST_TITLES titled panels says what it shows first and
    quotes only its first and last titles: a screen reader would otherwise read every step's title
    before the gist (the figure in words, under it, gives them all).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> fig = Figure()
    >>> _ = fig.add_subplot().set_title("W = [0 1 1]")
    >>> fig.description = "The patterns in the plane and the decision line W·X = 0."
    >>> short_description(fig)
    'A figure: "W = [0 1 1]". The patterns in the plane and the decision line W·X = 0.'
    """
    panels = _panels(_figure(fig))
    titles = [_title(ax) or _against(ax) or _shown(ax) for ax in panels]
    head = _clean(fig._suptitle.get_text()) if fig._suptitle is not None else ""
    count = f"A figure of {len(panels)} panels" if len(panels) > 1 else "A figure"
    count += f" ({head})" if head else ""
    shows = _description(fig)
    named = [f'"{t}"' for t in titles if t]
    point = _lesson_point(fig) + " " if _lesson_point(fig) else ""
    if shows and len(named) > MOST_TITLES:   # what it shows first, then the first and last titles, not all of them
        return f"{point}{count}. {shows} Its panels run from {named[0]} to {named[-1]}; the figure in words names each."
    return f"{point}{count}{': ' + '; '.join(named) if named else ''}.{' ' + shows if shows else ''}"


def _figure(fig):
    if not isinstance(fig, Figure):
        raise TypeError(f"fig must be a matplotlib Figure, got {type(fig).__name__}")
    return fig


def _panels(fig):
    """The Axes that show something: visible, not a colour bar, not an empty placeholder of a grid."""
    return [ax for ax in fig.axes if ax.get_visible() and not _is_colorbar(ax)
            and (ax.axison or ax.has_data() or ax.texts or ax.images)]


def _panel(ax, index, bars):
    name = f"Panel {index + 1}" if index is not None else "Panel"
    title = _title(ax)
    head = f'{name} "{title}"' if title else name
    sentences = [f"{head}: {_axes_text(ax)}."]
    sentences += (_points(ax) + _lines(ax) + _contour_lines(ax) + _bars(ax) + _shapes(ax) + _images(ax, bars)
                  + _names(ax) + _legend(ax.get_legend()))
    return " ".join(sentences)


def _shown(ax):
    """For a panel with neither a title nor two axis labels: its axes and the names of what it shows."""
    labels = [_clean(label) for label in (ax.get_xlabel(), ax.get_ylabel(), getattr(ax, "get_zlabel", str)()) if label]
    axes = (f"{', '.join(labels[:-1])} and {labels[-1]} in 3-D" if len(labels) == 3 else labels[0] if labels else "")
    names = list(dict.fromkeys(_clean(name) for name in ax.get_legend_handles_labels()[1] if name))
    shown = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
    return f"{axes}, showing {shown}" if axes and shown else axes or shown


def _against(ax):
    """'y against x' from the axis labels, for a panel with no title."""
    x, y = _clean(ax.get_xlabel()), _clean(ax.get_ylabel())
    return f"{y} against {x}" if x and y and ax.axison else ""


def _title(ax):
    """The panel's titles, their lines joined with commas."""
    titles = (ax.get_title("left"), ax.get_title(), ax.get_title("right"))
    return _clean(", ".join(line for t in titles if t for line in t.splitlines() if line.strip()))


def _axes_text(ax):
    if not ax.axison and not getattr(ax, "_axis3don", False):   # a 3-D Axes draws its axes by _axis3don
        return "no axes drawn"
    parts = []
    for axis, low_high, scale in (("x", ax.get_xlim(), ax.get_xscale()), ("y", ax.get_ylim(), ax.get_yscale())):
        label = _clean(getattr(ax, f"get_{axis}label")()) or axis
        parts.append(f"{label} from {_num(min(low_high))} to {_num(max(low_high))}"
                     + (" (logarithmic)" if scale == "log" else ""))
    if hasattr(ax, "get_zlim"):
        low, high = ax.get_zlim()
        parts.append(f"{_clean(ax.get_zlabel()) or 'z'} from {_num(low)} to {_num(high)}, seen in 3-D")
    return ", ".join(parts)


def _points(ax):
    found = []
    for collection in ax.collections:
        if not isinstance(collection, PathCollection) or not collection.get_visible():
            continue
        points = np.asarray(collection.get_offsets())
        if hasattr(collection, "_offsets3d"):
            points = np.column_stack([np.asarray(c) for c in collection._offsets3d])
        if len(points) == 0:
            continue
        faces = collection.get_facecolor()
        hollow = faces.size == 0 or not faces[:, 3].any()
        kind = _plural("ring", len(points)) if hollow else _plural(_marker(collection), len(points))
        label = _label(collection)
        what = f"{len(points)} {kind}" + (f" ({label})" if label else "")
        if len(points) <= MOST_POINTS:
            found.append(f"{what} at {', '.join(_point(p) for p in points)}.")
        else:
            spans = ", ".join(f"{_num(points[:, j].min())} to {_num(points[:, j].max())}"
                              for j in range(points.shape[1]))
            found.append(f"{what}, spread over {spans}.")
    return found


def _lines(ax):
    found = []
    for line in ax.get_lines():
        if hasattr(line, "get_data_3d"):   # in 3-D: the data, not its projection on the screen (BLAS-dependent)
            found += _line_3d(line)
            continue
        x, y = (np.asarray(v, float) for v in line.get_data())
        if not line.get_visible() or x.size == 0 or not np.isfinite(x).any():
            continue
        label = _label(line)
        style = STYLES.get(line.get_linestyle(), "")
        one_point = bool((x == x[0]).all() and (y == y[0]).all())   # a line of length 0 shows only its marker
        if one_point and str(line.get_marker()) in ("None", "", " "):
            continue
        if one_point:
            x, y = x[:1], y[:1]
        if line.get_linestyle() in ("None", "", " ") or one_point:     # markers only: points
            marker = MARKERS.get(str(line.get_marker()), "marker")
            found.append(f"{_plural(marker, x.size)}{' (' + label + ')' if label else ''} at "
                         f"{', '.join(_point(p) for p in zip(x[:MOST_POINTS], y[:MOST_POINTS]))}"
                         f"{' and more' if x.size > MOST_POINTS else ''}.")
        elif x.size == 2 and line.get_transform() != ax.transData and (x[0] == x[1] or y[0] == y[1]):
            # axhline / axvline: one coordinate in data units, the other spans the panel
            across = f"vertical line at x = {_num(x[0])}" if x[0] == x[1] else f"horizontal line at y = {_num(y[0])}"
            found.append(f"A {style} {across}{' (' + label + ')' if label else ''}.".replace("  ", " "))
        elif x.size == 2:
            found.append(f"A {style} line{' (' + label + ')' if label else ''} from {_point((x[0], y[0]))} "
                         f"to {_point((x[1], y[1]))}.".replace("  ", " "))
        else:
            keep = np.isfinite(y)
            if not keep.any():
                continue
            found.append(f"A {style} curve{' (' + label + ')' if label else ''} over x from {_num(x[keep].min())} "
                         f"to {_num(x[keep].max())}, y from {_num(y[keep].min())} to {_num(y[keep].max())} "
                         f"(first {_num(y[keep][0])}, last {_num(y[keep][-1])}).".replace("  ", " "))
    return found


def _line_3d(line):
    points = np.column_stack([np.ravel(np.asarray(v, float)) for v in line.get_data_3d()])
    if not line.get_visible() or len(points) == 0:
        return []
    label = _label(line)
    what = f"A {STYLES.get(line.get_linestyle(), '')} line{' (' + label + ')' if label else ''}".replace("  ", " ")
    if len(points) > 2:
        what += f" through {len(points)} points"
    return [f"{what} from {_point(points[0])} to {_point(points[-1])}."]


def _bars(ax):
    found = []
    for container in ax.containers:
        rectangles = [p for p in getattr(container, "patches", []) if isinstance(p, Rectangle)]
        if not rectangles:
            continue
        names = {round(t.get_position()[0], 6): _clean(t.get_text()) for t in ax.get_xticklabels() if t.get_text()}
        values = []
        for r in rectangles:
            where = round(r.get_x() + r.get_width() / 2, 6)
            values.append(f"{names.get(where, _num(where))} = {_num(r.get_height())}")
        label = _label(container) or _label(rectangles[0])   # a histogram's label is on its first bar
        found.append(f"Bars{' (' + label + ')' if label else ''}: {', '.join(values)}.")
    return found


def _contour_lines(ax):
    """Curves drawn as a contour (a level set, such as a curved decision boundary): where they run."""
    found = []
    for contour in ax.collections:
        if not isinstance(contour, ContourSet) or contour.filled or not contour.get_visible():
            continue
        pieces = [p.vertices[np.isfinite(p.vertices).all(axis=1)] for p in contour.get_paths() if len(p.vertices)]
        points = np.vstack([p for p in pieces if len(p)] or [np.empty((0, 2))])
        if not len(points):
            continue
        label = _label(contour)
        count = sum(int((p.codes == Path.MOVETO).sum()) if p.codes is not None else 1 for p in contour.get_paths())
        found.append(f"A curve{' (' + label + ')' if label else ''}{f' in {count} pieces' if count > 1 else ''} "
                     f"over x from {_num(points[:, 0].min())} to "
                     f"{_num(points[:, 0].max())}, y from {_num(points[:, 1].min())} to {_num(points[:, 1].max())}.")
    return found


def _shapes(ax):
    found = []
    regions = [p for p in ax.patches if isinstance(p, Polygon) and p.get_visible() and p.get_fill()
               and _area(p.get_xy()) > 0]      # a region drawn empty (W = 0 has no positive side) is none
    regions += [c for c in ax.collections if isinstance(c, (PolyCollection,)) and c.get_visible()
                and not isinstance(c, QuadMesh) and not hasattr(c, "do_3d_projection")]
    regions += [c for c in ax.collections if isinstance(c, ContourSet) and c.filled and c.get_visible()
                and any(len(p.vertices) for p in c.get_paths())]
    if regions:
        labels = [_label(r) for r in regions if _label(r)]
        count = "A shaded region" if len(regions) == 1 else f"{len(regions)} shaded regions"
        found.append(f"{count}{' (' + ', '.join(labels) + ')' if labels else ''}.")
    surfaces = [c for c in ax.collections if isinstance(c, PolyCollection) and hasattr(c, "do_3d_projection")
                and c.get_visible()]     # surfaces in 3-D (planes, say), not regions of the panel
    if surfaces:
        labels = [_label(c) for c in surfaces if _label(c)]
        count = "A surface" if len(surfaces) == 1 else f"{len(surfaces)} surfaces"
        found.append(f"{count}{' (' + ', '.join(labels) + ')' if labels else ''}.")
    for arrow in (p for p in ax.patches if isinstance(p, FancyArrowPatch) and p.get_visible()):
        start, end = getattr(arrow, "_posA_posB", None) or (None, None)
        label = _label(arrow)
        what = f"An arrow{' (' + label + ')' if label else ''}"
        found.append(f"{what} from {_point(start)} to {_point(end)}." if start is not None else f"{what}.")
    return found


def _images(ax, bars):
    found = []
    for image in ax.images + [c for c in ax.collections if isinstance(c, QuadMesh)]:
        values = np.ma.masked_invalid(np.asarray(image.get_array(), float))
        shape = "×".join(str(s) for s in np.shape(image.get_array())[:2])
        text = f"A colour map of {shape} cells" if shape else "A colour map"
        if values.count():
            text += f", values from {_num(values.min())} to {_num(values.max())}"
        bar = bars.get(image)
        if bar is not None:
            label = _clean(bar.get_ylabel() or bar.get_xlabel())
            text += f", its colour scale{' (' + label + ')' if label else ''} beside it"
        found.append(text + ".")
    return found


def _names(ax):
    names = [_clean(t.get_text()) for t in ax.texts if t.get_visible() and t.get_text().strip()]
    if not names:
        return []
    shown = ", ".join(names[:MOST_NAMES]) + (f" and {len(names) - MOST_NAMES} more" if len(names) > MOST_NAMES else "")
    return [f"Written on it: {shown}."]


def _legend(legend, name="Legend"):
    """'Legend: its entries.' for a panel's legend or, named otherwise, the figure's; nothing if none shows."""
    if legend is None or not legend.get_visible():
        return []
    entries = [_clean(t.get_text()) for t in legend.get_texts() if t.get_text()]
    return [f"{name}: {', '.join(entries)}."] if entries else []


def _marker(collection):
    """The name of a scatter's marker, found by comparing its path with matplotlib's markers."""
    paths = collection.get_paths()
    if not paths:
        return "point"
    drawn = paths[0]
    for symbol, name in MARKERS.items():
        style = MarkerStyle(symbol)
        known = style.get_path().transformed(style.get_transform())
        if len(known.vertices) == len(drawn.vertices) and np.allclose(known.vertices, drawn.vertices, atol=1e-6):
            return name
    return "point"


def _plural(word, count):
    if count == 1:
        return word
    return word[:-1] + "ices" if word.endswith("x") else word + ("es" if word.endswith(("s", "sh")) else "s")


def _label(artist):
    """What an artist is: its legend label, then the `description` the picture gave it, if any."""
    label = artist.get_label() if hasattr(artist, "get_label") else ""
    label = "" if not label or label.startswith("_") else _clean(label)
    said = _clean(getattr(artist, "description", ""))
    return ", ".join(part for part in (label, said) if part)


def _area(xy):
    """The area of a polygon (shoelace formula); 0 for fewer than three corners."""
    xy = np.asarray(xy, float)
    if len(xy) < 3:
        return 0.0
    x, y = xy[:, 0], xy[:, 1]
    return abs(float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))) / 2


def _is_colorbar(ax):
    return isinstance(ax, Axes) and getattr(ax, "_colorbar", None) is not None


def _point(p):
    return "(" + ", ".join(_num(v) for v in p) + ")"


def _num(v):
    v = float(v)
    if not np.isfinite(v):
        return str(v)
    if v == round(v) and abs(v) < 1e6:
        return str(int(round(v)))
    return f"{v:.3g}".replace("e-0", "e-").replace("e+0", "e")


def _lesson_point(fig):
    """The point the lesson draws the picture for, in a sentence (`Picture.saying`); "" if it gave none."""
    return _clean(getattr(fig, "point", "") or "")


def _description(fig):
    """What a picture of its kind shows, in a sentence (`Picture.description`); "" for a plain Figure."""
    return _clean(getattr(fig, "description", "") or "")


def _clean(text):
    """Text as a screen reader should get it: one line, mathtext's dollars and braces dropped."""
    text = " ".join(str(text).split())
    for old, new in (("$", ""), ("\\", ""), ("{", ""), ("}", ""), ("mathrm", "")):
        text = text.replace(old, new)
    return text
