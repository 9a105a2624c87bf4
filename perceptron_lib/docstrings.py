"""Parameter text that several docstrings share, written once: a docstring names it by a line ``%(name)s``.

After matplotlib's ``_docstring.interpd``: a docstring holds, on a line of its own and indented as the text it
stands for, a placeholder; `fill` puts the text in its place, indented alike, when the module is imported, so
that ``help(pl.plot_margin)`` and the docs show the whole numpydoc text. A placeholder is one of

- a name of `PARAMETERS` (``%(y)s``): a parameter's entry, or a section, shared across modules;
- ``%(size)s``: the entry of a figure's ``size=(width, height)``, its default read off the function's signature
  (so that the text cannot drift from the code);
- ``%(function.parameter)s`` (``%(plot_grid_search_values.mark)s``): that parameter's entry in the docstring of
  `function` in the modules given as `sources`, for a function that takes a parameter of another and passes
  it on unchanged (figures.py's figures and their pictures).

The modules that use placeholders are filled where they are imported: each calls `fill_module` (imported as
`_fill_module`) on its globals in its last lines (plotting/__init__.py on each module of plotting). A
placeholder with no text raises KeyError at import (tests/test_docstrings.py checks that no docstring of the
package keeps one).

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
    # the learners' and the theory's patterns, labels and weights
    "X_patterns": """X : array-like of shape (n_samples, n_features)
    The patterns, without the bias input.""",
    "y_labels": """y : array-like of shape (n_samples,)
    Labels, all in {0, 1} or all in {-1, +1}.""",
    "y_sigmoid": """y : array-like of shape (n_samples,)
    Targets: xi = 1 for label 1, xi = 0 for label 0 (or -1).""",
    "w_rows": """w : array-like of shape (n_features + 1,) or (n_weights, n_features + 1)
    One weight vector, or one per row.""",
    "beta": """beta : float, default 1.0
    The steepness, a finite number > 0.""",
    "initial_weights_problems": """initial_weights : array-like of shape (n_features + 1,) or (n_problems, n_features + 1), optional
    Starts to use instead of random ones.""",
    "seed_starts": """seed : int or None, default 0
    Seed of the random starts, as in `adaptive_algorithm`.""",
    "X_predict": """X : array-like of shape (n_samples, n_features)
    Patterns, without the bias input.""",
    "returns_labels": """Returns
-------
ndarray of shape (n_samples,)
    Labels in the run's convention: 0/1 or -1/+1.""",
    # the scikit-learn estimators (estimators.py)
    "order_estimator": """order : {"cyclic", "random"}, default "cyclic"
    The presentation order, as in `train`: X[0], X[1], ... every pass, or
    a fresh random permutation each pass.""",
    "seed_estimator": """seed : int or None, default None
    Seed of the random order, a whole number >= 0. Only order="random"
    draws anything, so with cyclic order the seed is not used (as
    scikit-learn's estimators leave random_state unused where nothing is
    random), and a grid may cross orders and seeds.""",
    "run_attributes": """classes_ : ndarray of shape (n_classes,)
    The classes, sorted; classes_[0] is the negative label (-1) and
    classes_[1] the positive one (+1) of a two-class problem.
n_features_in_ : int
    The number of features seen by fit.
feature_names_in_ : ndarray of shape (n_features_in_,)
    The features' names, when X has them as strings (a pandas DataFrame).
status_ : {"converged", "cycling", "stalled", "max_epochs"}
    How the run ended, in the package's words (`train`): for several
    units, "converged" if every unit did, else the first other ending.
n_iter_ : int
    Passes through the data the run made (the most any unit made).
n_updates_ : int
    Corrections of the weights (mistakes), all units together.""",
    # counting (capacity.py)
    "n_points": """n : int
    The number of points, a whole number from 0 to 50,000.""",
    "n_patterns": """n : int
    The number of patterns, a whole number from 0 to 50,000.""",
    "d_inputs": """d : int
    The dimension of weight space (Budinich's number of inputs), a whole
    number >= 0.""",
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
            text, missing = _text(function, key, sources)
            if text is None:
                raise KeyError(f"{function.__qualname__}: %({key})s has no text: {missing}")
            lines += [indent + part if part else part for part in text.split("\n")]
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
    """(the text of a placeholder, None) or (None, why it has none)."""
    if key == "size":
        default = inspect.signature(function).parameters["size"].default
        if not (isinstance(default, tuple) and len(default) == 2):
            return None, f"it stands for a (width, height) default, not {default!r}"
        return f"size : (float, float), default {default!r}\n    The figure's (width, height) in inches.", None
    if "." in key:
        owner, parameter = key.split(".")
        other = next((getattr(module, owner) for module in sources if hasattr(module, owner)), None)
        text = None if other is None else entry(fill(other, sources), parameter)
        return text, f"no function {owner} in `sources` with an entry for {parameter}"
    return PARAMETERS.get(key), "not a name of docstrings.PARAMETERS"


def entry(function, parameter):
    """The numpydoc entry of `parameter` in `function`'s docstring, dedented (its line and description), or None."""
    lines = inspect.cleandoc(function.__doc__).split("\n")
    start = next((k for k, line in enumerate(lines) if re.match(rf"{re.escape(parameter)}( :|,|$)", line)), None)
    if start is None:
        return None
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    return "\n".join(lines[start:end])
