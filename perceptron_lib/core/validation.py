"""Checks of what a caller passes in: one place, one wording.

The constraints of the declared functions (constraints.py, theory_constraints.py,
plotting/base.py) call these checks at every call; a function not yet declared
calls them itself, and a limit that depends on the data or on several
parameters is said where it is computed, in the same words. Each check returns
the value in the form the code needs, or raises a
ValueError (a wrong value) or TypeError (a wrong kind of value) whose message
names the parameter, says what is allowed and shows what was received:
``eta must be a positive finite number, got -1``.
"""
import math
from numbers import Integral, Real

import numpy as np


# Inputs above this could overflow a sum of products (W·X) on the way; no lesson comes near it.
LARGEST = 1e150
# Weight vectors * patterns whose nets are computed at once (the criterion, sigmoid units): seconds of work.
MAX_CELLS = 10_000_000


def shown(value, limit=60):
    """A received value as a message shows it: its repr, cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_bool(value):
    return isinstance(value, (bool, np.bool_))


def flag(name, value):
    """True or False (numpy's bools too); anything else is a TypeError.

    >>> flag("signed", np.True_)
    True
    """
    if not _is_bool(value):
        raise TypeError(f"{name} must be True or False, got {shown(value)}")
    return bool(value)


def whole(name, value, *, minimum=None, maximum=None):
    """A whole number (not a bool, not a float) in [minimum, maximum], as a Python int.

    >>> whole("n_inputs", np.int64(3), minimum=1)
    3
    """
    if _is_bool(value) or not isinstance(value, Integral):
        raise TypeError(f"{name} must be {_range_text('a whole number', minimum, maximum)}, got {shown(value)}")
    value = int(value)
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        raise ValueError(f"{name} must be {_range_text('a whole number', minimum, maximum)}, got {value!r}")
    return value


def number(name, value, *, minimum=None, maximum=None, above=None, below=None):
    """A finite real number (not a bool), as a float; `above`/`below` are strict bounds.

    >>> number("fraction", 1, above=0, maximum=2)
    1.0
    """
    def allowed():   # the words of a message, made only for one
        parts = [f"{sign} {bound}" for sign, bound in ((">", above), (">=", minimum), ("<", below), ("<=", maximum))
                 if bound is not None]
        return "a finite number" + (" " + " and ".join(parts) if parts else "")

    if _is_bool(value) or not isinstance(value, Real):
        raise TypeError(f"{name} must be {allowed()}, got {shown(value)}")
    try:
        value = float(value)
    except OverflowError:
        raise ValueError(f"{name} must be {allowed()}, got a number too large for a float: {shown(value)}") from None
    if not math.isfinite(value) or (above is not None and not value > above) \
            or (minimum is not None and not value >= minimum) or (below is not None and not value < below) \
            or (maximum is not None and not value <= maximum):
        raise ValueError(f"{name} must be {allowed()}, got {value!r}")
    return value


def text(name, value):
    """A str.

    >>> text("caption", "OR")
    'OR'
    """
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {shown(value)}")
    return value


def sentence(name, value):
    """A str that is one or more sentences: it starts with a letter, digit or quote and ends with ., ? or !

    >>> sentence("point", "No run exceeds its bound.")
    'No run exceeds its bound.'
    """
    text(name, value)
    if not value.strip() or value.strip()[-1] not in ".?!" or not (value.strip()[0].isalnum() or value.strip()[0] in "\"'“‘("):
        raise ValueError(f"{name} must be a sentence (it ends with '.', '?' or '!'), got {shown(value)}")
    return " ".join(value.split())


def positive(name, value):
    """A finite number > 0, as a float.

    >>> positive("eta", 0.5)
    0.5
    """
    if _is_bool(value) or not isinstance(value, Real):
        raise TypeError(f"{name} must be a positive finite number, got {shown(value)}")
    try:
        result = float(value)
    except OverflowError:
        result = float("inf")
    if not (np.isfinite(result) and result > 0):
        raise ValueError(f"{name} must be a positive finite number, got {shown(value)}")
    return result


def choice(name, value, options):
    """One of a few strings.

    >>> choice("order", "cyclic", ("cyclic", "random"))
    'cyclic'
    """
    if not isinstance(value, str) or value not in options:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, options))}, got {shown(value)}")
    return value


def seed(name, value):
    """A seed for numpy's generator: None or a whole number >= 0.

    >>> seed("seed", None) is None
    True
    """
    if value is None:
        return None
    if _is_bool(value) or not isinstance(value, Integral):
        raise TypeError(f"{name} must be a whole number >= 0 or None, got {shown(value)}")
    if value < 0:
        raise ValueError(f"{name} must be a whole number >= 0 or None, got {value!r}")
    return int(value)


def function(name, value, what):
    """A callable; `what` says how it is called.

    >>> function("function", abs, "function(x)") is abs
    True
    """
    if not callable(value):
        raise TypeError(f"{name} must be a function, called as {what}, got {shown(value)}")
    return value


def array(name, value, shape, *, ndim=None, integer=False, largest=LARGEST, hints=None):
    """A finite real array, as floats (or int64 with `integer`), of the given number of dimensions.

    Parameters
    ----------
    name : str
        The parameter's name, for the message.
    value : array-like
    shape : str
        The allowed shape in words, e.g. "(n_samples, n_features)".
    ndim : int or tuple of int, optional
        The allowed numbers of dimensions.
    integer : bool, default False
        Require whole numbers and return int64.
    largest : float, default 1e150
        The largest magnitude allowed, so that sums of products cannot overflow.
    hints : dict of int to str, optional
        Advice added to the message when the array has that wrong number of dimensions.

    >>> array("X", [[0, 1], [1, 1]], "(n_samples, n_features)", ndim=2).dtype
    dtype('float64')
    """
    try:
        result = np.asarray(value)
    except ValueError as error:  # numpy refuses ragged nested lists
        raise ValueError(f"{name} must be a rectangular array of shape {shape}, got rows of different "
                         f"lengths ({error})") from None
    if result.dtype == object or result.dtype.kind not in "biuf":
        raise TypeError(f"{name} must hold real numbers, got an array of dtype {result.dtype}: {shown(value)}")
    if ndim is not None and result.ndim not in np.atleast_1d(ndim):
        hint = (hints or {}).get(result.ndim)
        raise ValueError(f"{name} must have shape {shape}, got an array of shape {result.shape}"
                         + (f" ({hint})" if hint else ""))
    result = result.astype(float)
    low, high = (result.min(), result.max()) if result.size else (0.0, 0.0)   # two passes, no temporary arrays
    if not (-largest <= low and high <= largest and np.isfinite(low) and np.isfinite(high)):
        if not np.isfinite(result).all():
            bad = np.argwhere(~np.isfinite(result))[:5].tolist()
            raise ValueError(f"{name} must hold finite numbers, got NaN or inf at {bad}")
        raise ValueError(f"{name} must hold numbers of size at most {largest:g} (larger ones could overflow "
                         f"W·X), got {np.abs(result).max():g}")
    if integer:
        if not np.array_equal(result, np.round(result)):
            raise ValueError(f"{name} must hold whole numbers, got {shown(value)}")
        return result.astype(np.int64)
    return result


def dimensions(value):
    """np.ndim(value), or None for nested lists of different lengths (which numpy refuses to shape).

    >>> dimensions([1, 2]), dimensions([[1, 2], [3]])
    (1, None)
    """
    try:
        return np.ndim(value)
    except ValueError:
        return None


def patterns(name, X, *, n_features=None):
    """Patterns: a finite 2-D array with at least one row and one column (n_features of them, if given).

    >>> patterns("X", [[0, 1]]).shape
    (1, 2)
    """
    shape = f"(n_samples, {n_features if n_features is not None else 'n_features'})"
    X = array(name, X, shape, ndim=2, hints={1: "for one feature use X.reshape(-1, 1)"})
    if X.shape[0] == 0 or X.shape[1] == 0:
        raise ValueError(f"{name} must hold at least one pattern with at least one feature, got shape {X.shape}")
    if n_features is not None and X.shape[1] != n_features:
        raise ValueError(f"{name} must have shape {shape}, one column per feature, got shape {X.shape}")
    return X


def labels(name, y, n_samples, *, convention=None, scope=""):
    """Labels: 1-D, one per pattern, all in {0, 1} or all in {-1, +1}; returns (int64 array, convention).

    `convention` ("0/1" or "-1/+1") demands one of the two. Labels that are
    all 1 fit both conventions, and are taken as "0/1" (the rules coincide
    there; see `train`).

    >>> labels("y", [0, 1, 1], 3)
    (array([0, 1, 1]), '0/1')
    """
    y = array(name, y, "(n_samples,)", ndim=1)
    if len(y) != n_samples:
        raise ValueError(f"{name} must hold one label per pattern ({n_samples}), got {len(y)} labels")
    return y.astype(np.int64), label_convention(name, y, scope=scope, demand=convention)


def label_convention(name, y, *, scope="", demand=None):
    """ "0/1" or "-1/+1" from the label values, or a ValueError naming the values found.

    >>> label_convention("y", np.array([-1, 1]))
    '-1/+1'
    """
    found = set(np.unique(np.asarray(y, float)).tolist())
    if found <= {0, 1} and demand != "-1/+1":
        return "0/1"
    if found <= {-1, 1} and demand != "0/1":
        return "-1/+1"
    allowed = {"0/1": "{0, 1}", "-1/+1": "{-1, +1}", None: "{0, 1} or all in {-1, +1}"}[demand]
    shown = [int(v) if v == int(v) else v for v in sorted(found)[:6]]
    raise ValueError(f"{name} must hold labels all in {allowed}{scope}, got the values {shown}")


def weight_vector(name, w, size):
    """One weight vector [w0, w1, ..., wn] of the given size, as floats (a -0.0 becomes 0.0).

    >>> weight_vector("initial_weights", [0, 1, 1], 3).tolist()
    [0.0, 1.0, 1.0]
    """
    w = array(name, w, f"({size},)")
    if w.shape != (size,):
        raise ValueError(f"{name} must have shape ({size},): the bias weight w0 and one weight per feature, "
                         f"got shape {w.shape}")
    return w + 0.0  # -0.0 + 0.0 is 0.0: the same value, and then the same bits everywhere



def weight_rows(name, W, d, *, rows=None, what="n_weights"):
    """One weight vector of d entries or rows of them, as floats: shape (d,) or (n, d), n >= 1 (`rows`: exactly
    that many rows, shape (rows, d)).

    >>> weight_rows("W", [[0, 1, 1]], 3).shape
    (1, 3)
    """
    if rows is not None:
        W = array(name, W, f"({rows}, {d}): one row per unit", ndim=2)
        if W.shape != (rows, d):
            raise ValueError(f"{name} must have one row [w0, w1, ...] per unit, shape ({rows}, {d}), "
                             f"got shape {W.shape}")
        return W
    W = array(name, W, f"({d},) or ({what}, {d})", ndim=(1, 2))
    if W.shape[-1] != d or (W.ndim == 2 and len(W) == 0):
        raise ValueError(f"{name} must have shape ({d},) or ({what}, {d}): the bias weight w0 and one weight per "
                         f"feature of X, got shape {W.shape}")
    return W


def code_table(name, codes, m):
    """A table of class codes: rows of m entries, each -1 or +1, as int64.

    >>> code_table("codes", [[1, -1], [-1, 1]], 2).dtype
    dtype('int64')
    """
    codes = array(name, codes, "(n_classes, m)", ndim=2, integer=True)
    if codes.shape[1] != m or not np.isin(codes, (-1, 1)).all():
        raise ValueError(f"{name} must be a table of -1/+1 with one column per unit ({m}), got shape {codes.shape}")
    return codes


def few_patterns(X, y, most):
    """Patterns in the plane and their labels, at most `most` (a picture draws a line or a plane for each).

    >>> few_patterns([[0, 1]], [1], 64)[0].shape
    (1, 2)
    """
    X = patterns("X", X, n_features=2)
    y, _ = labels("y", y, len(X))
    if len(X) > most:
        raise ValueError(f"X must hold at most {most} patterns for this picture of weight space "
                         f"(it draws a line or a plane for each), got {len(X)}")
    return X, y


def plane_weights(name, w):
    """The weights [w0, w1, w2] of a unit in the plane, as floats (a -0.0 becomes 0.0).

    >>> plane_weights("w", [-1, 1, 1]).tolist()
    [-1.0, 1.0, 1.0]
    """
    w = array(name, w, "(3,)")
    if w.shape != (3,):
        raise ValueError(f"{name} must be [w0, w1, w2] (shape (3,)) for a picture in the plane, got shape {w.shape}")
    return w + 0.0


def limits(name, value):
    """(low, high): two finite numbers, low < high, as an array.

    >>> limits("xlim", (0, 2)).tolist()
    [0.0, 2.0]
    """
    result = array(name, value, "(2,): (low, high)")
    if result.shape != (2,) or not result[0] < result[1]:
        raise ValueError(f"{name} must be (low, high) with low < high, got {shown(value)}")
    return result


class Run:
    """What a learning run is to the checks: `trace.Trace` derives from it, so that this module needs no import of
    trace.py (which checks its own input here) and the two stay one layer apart."""


_RUN = Run   # read at the call: tools that wrap this module's callables (benchmarks/validation_calls.py) leave it be


def recorded_run(name, trace, *, plane=True):
    """A Trace with its per-presentation record (what pictures of a run draw), on two features when `plane`.

    >>> from perceptron_lib import boolean_function, train
    >>> recorded_run("trace", train(*boolean_function("or"))).n_presentations
    13
    """
    if not isinstance(trace, _RUN):
        raise TypeError(f"{name} must be a Trace (what train returns), got {shown(trace)}")
    if not trace.recorded:
        raise ValueError(f"{name} must have the per-presentation record (pictures of a run draw every "
                         "presentation), got a run made with record=False; run train(..., record=True)")
    if plane and trace.X.shape[1] != 3:
        raise ValueError(f"{name} must be a run on patterns with 2 features: pictures in pattern space need "
                         f"patterns with 2 features, got {trace.X.shape[1] - 1}")
    return trace


def step(name, k, trace):
    """A step of a recorded run: a whole number from 0 (the start) to trace.n_presentations.

    >>> from perceptron_lib import boolean_function, train
    >>> step("k", 3, train(*boolean_function("or")))
    3
    """
    return whole(name, k, minimum=0, maximum=trace.n_presentations)


def overflow_bound(X, start, eta, max_epochs):
    """A bound on |W·X| after max_epochs passes of corrections of at most eta max|x| per weight (`no_overflow`).

    |W·X| stays below d (max|W0| + max_epochs n eta max|x|) max|x|, for X the
    patterns with x0 = 1, of shape (..., n, d), and W0 = start.

    >>> overflow_bound(np.ones((2, 3)), np.zeros(3), 1.0, 10)
    60.0
    """
    *_, n, d = X.shape
    largest = float(np.abs(X).max())
    return d * (float(np.abs(start).max()) + float(max_epochs) * n * eta * largest) * largest


def no_overflow(X, start, eta, max_epochs):
    """Refuse numbers so large that W·X could overflow before max_epochs passes end (`train`, `train_many`).

    Each correction of the fixed and margin rules adds at most eta max|x| to a
    weight, so |W·X| stays below `overflow_bound`. The absolute and fractional
    rules choose their own steps, which can be longer (the absolute rule makes
    W + 2X after W·X = -4 on X·X = 4), but a correction of theirs lengthens
    ||W||^2 by at most X·X (the fractional rule's not at all, but for
    rounding), so that |W·X| stays below the same bound with eta = 1. A
    caller's own rule whose steps grow W faster is not covered. X holds the
    patterns with x0 = 1, of shape
    (..., n, d); start the weights at the start. The message names eta, X and
    initial_weights, the parameters of both callers.

    >>> no_overflow(np.ones((2, 3)), np.zeros(3), 1.0, 10)
    """
    largest = float(np.abs(X).max())
    bound = overflow_bound(X, start, eta, max_epochs)
    if not bound < 1e300:
        raise ValueError(f"eta, X and initial_weights must keep W·X far from overflow, got |W·X| possibly as "
                         f"large as {bound:.3g} (eta={eta!r}, largest |x| = {largest:.3g}); rescale X or lower eta")


def _range_text(kind, minimum, maximum):
    if minimum is not None and maximum is not None:
        return f"{kind} from {minimum} to {maximum}"
    if minimum is not None:
        return f"{kind} >= {minimum}"
    if maximum is not None:
        return f"{kind} <= {maximum}"
    return kind


def only_with(name, value, default, other, other_value, needed):
    """Refuse `name` set to anything but its default unless `other` is one of `needed` (a relation of two parameters).

    >>> only_with("seed", 3, None, "order", "cyclic", ("random",))
    Traceback (most recent call last):
    ...
    ValueError: seed is used only with order='random', got seed=3 with order='cyclic'
    """
    if other_value not in needed and not (value is default or value == default):
        allowed = " or ".join(f"{other}={v!r}" for v in needed)
        raise ValueError(f"{name} is used only with {allowed}, got {name}={value!r} with {other}={other_value!r}")


def only_given_with(name, value, other, other_value):
    """Refuse `name` set to anything but None unless `other` is given (not None).

    >>> only_given_with("trials", 5, "measured", None)
    Traceback (most recent call last):
    ...
    ValueError: trials is used only with measured, got trials=5 with measured=None
    """
    if other_value is None and value is not None:
        raise ValueError(f"{name} is used only with {other}, got {name}={shown(value)} with {other}=None")
