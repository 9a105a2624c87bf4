"""A student's answer, read without a traceback: the value, or a hint to put in its place.

An exercise's check cell compares what a student typed with the right answer. What the student
typed may be anything: None (not answered yet), a number where a list was asked, a list of the
wrong length, a string. A check cell that passes it straight to numpy answers with a traceback.
These readers answer with a plain sentence instead, so that every check cell can say "Not yet: ..."
and never fail.

    W, hint = read_vector(my_w, 3, "your W")
    if hint:
        print(hint)
    else:
        ...   # W is a float array of shape (3,)
"""
import numpy as np

from . import validation as check


def read_vector(value, length, what="your answer"):
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
    >>> read_vector([1, 2, 3], 3)
    (array([1., 2., 3.]), None)
    >>> read_vector(5, 3, "your W")
    (None, 'Not yet: your W should be a list of 3 numbers, like [1, 0, -1]; got 5.')
    >>> read_vector(None, 3, "your W")
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


def read_number(value, what="your answer", *, whole=False, minimum=None, maximum=None):
    """(the answer as a float, or an int if `whole`, None), or (None, a hint) if it is not such a number.

    Parameters
    ----------
    value : object
        What the student typed.
    what : str, default "your answer"
        How the hint names it ("your count").
    whole : bool, default False
        A whole number is asked (2 and 2.0 are accepted, 2.5 is not).
    minimum, maximum : float, optional
        The range the answer must lie in (included).

    Returns
    -------
    (float or int or None, str or None)

    Examples
    --------
    >>> read_number(4.0, "your count", whole=True, minimum=0)
    (4, None)
    >>> read_number("four", "your count", whole=True)
    (None, "Not yet: your count should be a whole number, like 3; got 'four'.")
    """
    what = check.text("what", what)
    whole = check.flag("whole", whole)
    minimum = None if minimum is None else check.number("minimum", minimum)
    maximum = None if maximum is None else check.number("maximum", maximum)
    kind = "a whole number, like 3" if whole else "a number, like 0.5"
    if value is None:
        return None, f"Put {what} in the cell above first, then run this cell again."
    wrong = f"Not yet: {what} should be {kind}; got {_shown(value)}."
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        return None, wrong
    number = float(value)
    if not np.isfinite(number) or (whole and number != int(number)):
        return None, wrong
    if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
        span = f"from {minimum:g} to {maximum:g}" if minimum is not None and maximum is not None else \
            (f"at least {minimum:g}" if minimum is not None else f"at most {maximum:g}")
        return None, f"Not yet: {what} should be {span}; got {number:g}."
    return (int(number) if whole else number), None


def _shown(value):
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
