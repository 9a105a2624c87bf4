"""A student's function in an exercise, run and compared step by step without a traceback.

Two exercises ask for code: a function that runs a learning rule (lesson 02) and a feature (lesson 03).
What a student defines may be anything: None (not yet), not a function, a function that raises or
returns rows of the wrong length. These readers answer with a plain sentence instead, so that the
exercise's check (exercises.py) can say "Not yet: ..." and never fail.

    weights, hint = read_run(my_function, (patterns, labels), 3)
    if hint:
        print(hint)
    else:
        print(steps_differ(weights, run) or "the same run")
"""
import numpy as np

from . import validation as check
from .trace import Trace, format_vector


def _read_vector(value, length, what="your answer"):
    """(the answer as a float array of shape (length,), None), or (None, a hint) if it is not `length` numbers.

    Parameters
    ----------
    value : object
        What the student typed.
    length : int
        How many numbers are asked, from 1 to 1000.
    what : str, default "your answer"
        How the hint names it ("your W").

    Returns
    -------
    (ndarray or None, str or None)

    Examples
    --------
    >>> _read_vector([1, 2, 3], 3)
    (array([1., 2., 3.]), None)
    >>> _read_vector(5, 3, "your W")
    (None, 'Not yet: your W should be a list of 3 numbers, like [1, 0, -1]; got 5.')
    >>> _read_vector(None, 3, "your W")
    (None, 'Put your W in the cell above first, then run this cell again.')
    """
    length = check.whole("length", length, minimum=1, maximum=1000)
    what = check.text("what", what)
    if value is None:
        return None, f"Put {what} in the cell above first, then run this cell again."
    example = "[" + ", ".join(("1", "0", "-1")[i % 3] for i in range(length)) + "]"
    wrong = f"Not yet: {what} should be a list of {length} numbers, like {example}; got {_shown(value)}."
    if isinstance(value, (str, bytes, dict)):
        return None, wrong
    try:
        vector = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return None, wrong
    if vector.shape != (length,) or any(isinstance(v, (bool, np.bool_)) for v in np.ravel(value)):
        return None, wrong
    if not np.isfinite(vector).all():
        return None, f"Not yet: {what} should hold ordinary numbers, not inf or nan; got {_shown(value)}."
    return vector, None


def read_run(function, args, width, what="your function"):
    """(the weights a student's run function returned, as an array of shape (steps, width), None), or (None, a hint).

    An exercise asks for a function that runs a learning rule and returns the
    weight vector before the first presentation and after each one, as
    `Trace.weights` holds them. The function is called here, so that whatever
    it does (raise, return None, return rows of the wrong length) becomes a
    sentence instead of a traceback. A function that never returns cannot be
    caught; the exercises bound their loops.

    Parameters
    ----------
    function : object
        What the student defined (None until they have).
    args : tuple
        The arguments to call it with.
    width : int
        How many weights each row holds, from 1 to 1000.
    what : str, default "your function"
        How the hint names it.

    Returns
    -------
    (ndarray or None, str or None)

    Examples
    --------
    >>> read_run(lambda: [[0, 0], [1, 1]], (), 2)
    (array([[0., 0.],
           [1., 1.]]), None)
    >>> read_run(lambda: [0, 1], (), 2)[1]
    'Not yet: row 0 of what your function returned should be a list of 2 numbers, like [1, 0]; got 0.'
    >>> read_run(lambda: 1 / 0, (), 2)[1]
    'Not yet: your function stopped with ZeroDivisionError: division by zero.'
    """
    width = check.whole("width", width, minimum=1, maximum=1000)
    what = check.text("what", what)
    if function is None:
        return None, f"Put {what} in the cell above first, then run this cell again."
    if not callable(function):
        return None, f"Not yet: {what} should be a function (def ...); got {_shown(function)}."
    try:
        rows = function(*args)
    except Exception as error:   # the student's code may fail in any way: say how, with no traceback
        return None, f"Not yet: {what} stopped with {type(error).__name__}: {error}."
    if isinstance(rows, (str, bytes, dict)) or not hasattr(rows, "__len__") or len(rows) == 0:
        return None, f"Not yet: {what} should return a list of weight vectors, one per step; got {_shown(rows)}."
    read = []
    for i, row in enumerate(rows):
        vector, hint = _read_vector(row, width, f"row {i} of what {what} returned")
        if hint:
            return None, hint
        read.append(vector)
    return np.array(read), None


def steps_differ(weights, trace, what="yours"):
    """None if `weights` are the run's weights step by step (exactly), else a sentence saying where they part.

    Parameters
    ----------
    weights : ndarray of shape (steps, d)
        The weights before the first presentation and after each one, as read by `read_run`.
    trace : Trace
        The run to compare with.
    what : str, default "yours"
        How the sentence names `weights`.

    Returns
    -------
    str or None

    Examples
    --------
    >>> from perceptron_lib import boolean_function, train
    >>> run = train(*boolean_function("or"))
    >>> steps_differ(run.weights, run) is None
    True
    >>> steps_differ(run.weights[:5], run)
    'yours stops after presentation 4; the run goes on to presentation 13.'
    """
    what = check.text("what", what)
    if not isinstance(trace, Trace):
        raise TypeError(f"trace must be a Trace (from train); got {type(trace).__name__}")
    expected = trace.weights
    for k, (mine, right) in enumerate(zip(weights, expected)):
        if not np.array_equal(mine, right):
            when = "at the start" if k == 0 else f"after presentation {k}"
            return f"{when} {what} is W = {format_vector(mine)}, the run's W = {format_vector(right)}."
    if len(weights) != len(expected):
        return (f"{what} stops after presentation {len(weights) - 1}; "
                f"the run goes on to presentation {len(expected) - 1}." if len(weights) < len(expected) else
                f"{what} goes on to presentation {len(weights) - 1}; the run stops after presentation "
                f"{len(expected) - 1}.")
    return None


def _shown(value):
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
