"""Parameter text that several docstrings share, written once: a docstring names it by a line ``%(name)s``.

After matplotlib's ``_docstring.interpd``: a docstring holds, on a line of its own and indented as the text it
stands for, a placeholder; `fill` puts the text in its place, indented alike, when the module is imported, so
that ``help(pl.plot_margin)`` and the docs show the whole numpydoc text. A placeholder is one of

- a name of `PARAMETERS` (``%(y)s``): a parameter's entry, or a section, shared across modules;
- ``%(size)s``: the entry of a figure's ``size=(width, height)``, its default read off the function's signature
  (so that the text cannot drift from the code);
- ``%(function.parameter)s`` (``%(plot_grid_search.mark)s``): that parameter's entry in the docstring of
  `function` in the modules given as `sources`, for a function that takes a parameter of another and passes
  it on unchanged (figures.py's figures and their pictures).

The modules that use placeholders are filled where they are imported: plotting/__init__.py fills its modules,
widgets.py and figures.py fill themselves, each in its last lines. A placeholder with no text raises KeyError at
import (tests/test_docstrings.py checks that no docstring of the package keeps one).

>>> def f(X, size=(4, 3)):
...     '''Draw.
...
...     Parameters
...     ----------
...     %(X_plane)s
...     %(size)s
...     '''
>>> print(fill(f).__doc__.rstrip())
Draw.
<BLANKLINE>
    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Patterns without the bias input.
    size : (float, float), default (4, 3)
        The figure's (width, height) in inches.
"""
import inspect
import re

PARAMETERS = {
    # patterns and targets in the plane
    "X_plane": """X : array-like of shape (n_samples, 2)
    Patterns without the bias input.""",
    "X_few": """X : array-like of shape (n_samples, 2)
    Patterns without the bias input (at most 64).""",
    "y": """y : array-like of shape (n_samples,)
    Targets, all in {0, 1} or all in {-1, +1}, one per pattern.""",
    "trace_plane": """trace : Trace
    A recorded run on patterns with two features.""",
    # weights
    "w_line": """w : array-like of shape (3,)
    Weights [w0, w1, w2], bias first.""",
    "w_unit": """w : array-like of shape (3,)
    The unit's weights [w0, w1, w2].""",
    "w_features": """w : array-like of shape (n_features + 1,)
    Weights over [1, features(x)].""",
    "features": """features : callable
    Maps points of shape (m, 2) to features of shape (m, n_features).""",
    "titles_units": """titles : list of str
    One per weight vector.""",
    "lim_slice": """lim : float, default 3.0
    The slice shows w1 and w2 from -lim to lim (0 < lim <= 1e6).""",
    # where to draw, and what comes back
    "ax_picture": """ax : matplotlib Axes, optional
    Where to draw. By default a new Picture (of `size`).""",
    "ax_3d": """ax : matplotlib 3-D Axes, optional
    Where to draw (``add_subplot(projection='3d')``). By default a new Picture (of `size`).""",
    "ax_draw": """ax : Axes, optional
    Where to draw; a new figure's axes by default.""",
    "returns_picture": """Returns
-------
Figure
    The Picture made (it shows itself in a notebook), or the figure of `ax`.""",
}

_PLACEHOLDER = re.compile(r"(\s*)%\(([\w.]+)\)s\s*")


def fill(function, sources=()):
    """Put the shared text in place of each placeholder line of `function`'s docstring; return `function`.

    `sources`: modules in which a placeholder ``%(function.parameter)s`` finds its function.
    """
    doc = function.__doc__
    if doc and "%(" in doc:
        lines = []
        for line in doc.split("\n"):
            match = _PLACEHOLDER.fullmatch(line)
            if match is None:
                lines.append(line)
                continue
            indent, key = match.groups()
            lines += [indent + part if part else part for part in _text(function, key, sources).split("\n")]
        function.__doc__ = "\n".join(lines)
    return function


def fill_module(namespace, sources=()):
    """Fill every docstring of the functions and classes (and their methods) defined in a module's namespace."""
    name = namespace["__name__"]
    for value in list(namespace.values()):
        if getattr(value, "__module__", None) != name:
            continue
        if inspect.isclass(value):
            fill(value, sources)
            for member in vars(value).values():
                if inspect.isfunction(member):
                    fill(member, sources)
        elif inspect.isfunction(value):
            fill(value, sources)


def _text(function, key, sources):
    if key == "size":
        default = inspect.signature(function).parameters["size"].default
        if not (isinstance(default, tuple) and len(default) == 2):
            raise KeyError(f"{function.__qualname__}: %(size)s stands for a (width, height) default, not {default!r}")
        return f"size : (float, float), default {default!r}\n    The figure's (width, height) in inches."
    if "." in key:
        owner, parameter = key.split(".")
        other = next((getattr(module, owner) for module in sources if hasattr(module, owner)), None)
        if other is None:
            raise KeyError(f"{function.__qualname__}: %({key})s names {owner}, which no module of `sources` defines")
        return entry(fill(other, sources), parameter)
    if key not in PARAMETERS:
        raise KeyError(f"{function.__qualname__}: no shared text %({key})s in docstrings.PARAMETERS")
    return PARAMETERS[key]


def entry(function, parameter):
    """The numpydoc entry of `parameter` in `function`'s docstring: its line and its description, dedented."""
    lines = inspect.cleandoc(function.__doc__).split("\n")
    start = next((k for k, line in enumerate(lines) if re.match(rf"{re.escape(parameter)}( :|,|$)", line)), None)
    if start is None:
        raise KeyError(f"{function.__qualname__} has no entry for the parameter {parameter!r}")
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    return "\n".join(lines[start:end])
