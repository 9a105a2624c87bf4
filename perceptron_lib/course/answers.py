"""A student's answer: read, judged and hinted at, without a traceback.

An exercise (exercises.py) asks for one or more answers, its fields (`Field`). Each field has a kind, and
the kind says how an answer is read and when it is right:

=========  ===============================================  ===================================================
kind       what the student gives                           right when
=========  ===============================================  ===================================================
number     a number (``whole``: a whole number)             within ``max(tolerance, relative·|answer|)``
vector     ``length`` numbers                               each within ``tolerance`` of the answer's
weights    ``length`` numbers, a unit's W                   the unit's outputs on ``patterns`` are ``targets``
choice     one of ``options``                               it is the answer
subset     some of ``options`` (a list; none is an answer)  it is exactly the answer's set
code       a function                                       the exercise's own test (only in Python)
=========  ===============================================  ===================================================

`read` turns what was given into the value compared, or says in a sentence what form is asked
(`form_sentence`); `is_right` compares it with the answer; `hint_for` picks the hint of a wrong one.

Two exercises ask for code: a function that runs a learning rule (lesson 02) and a feature (lesson 03).
What a student defines may be anything: None (not yet), not a function, a function that raises or
returns rows of the wrong length. `read_run` and `steps_differ` answer with a plain sentence instead, so
that the exercise's check can say "Not yet: ..." and never fail.

    weights, hint = read_run(my_function, (patterns, labels), 3)
    if hint:
        print(hint)
    else:
        print(steps_differ(weights, run) or "the same run")
"""
import math
import re
from dataclasses import dataclass

import numpy as np

from ..core import validation as check
from ..core.trace import Trace, format_vector

KINDS = ("number", "vector", "weights", "choice", "subset", "code")
NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")   # how a page reads a number (no inf, no nan)


@dataclass(frozen=True)
class Field:
    """One answer an exercise asks for: its name in the lesson, how sentences name it, its kind and hints.

    Parameters
    ----------
    name : str
        The student's variable in the lesson ("my_R").
    label : str
        How a verdict line names it ("R").
    kind : str
        One of `KINDS`.
    hint : str
        What to say when this field is the first wrong one.
    whole : bool
        A number field that asks for a whole number.
    minimum, maximum : int, optional
        The range a number field's answer must lie in (a form rule, told to the student).
    tolerance, relative : float
        How far a number or vector may be from the answer: ``max(tolerance, relative·|answer|)``.
    length : int, optional
        How many numbers a vector or weights field asks for.
    options : tuple of (value, str)
        The values a choice or subset field offers, each with its label.
    hints : tuple of (condition, value, str)
        Hints for particular wrong answers, tried in order before `hint`.
    claim : str
        Words after the answer in the verdict line ("computes NAND").
    """
    name: str
    label: str
    kind: str
    hint: str
    whole: bool = False
    minimum: int = None
    maximum: int = None
    tolerance: float = 0.0
    relative: float = 0.0
    length: int = None
    options: tuple = ()
    hints: tuple = ()
    claim: str = ""


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
    wrong = f"Not yet: {what} should be a list of {length} numbers, like {example(length)}; got {_shown(value)}."
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


def _is_number(value):
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_))


def _field(field):
    if not isinstance(field, Field):
        raise TypeError(f"field must be an answers.Field, got {type(field).__name__}")
    return field


def form_sentence(field):
    """The sentence for an answer of the wrong form: what form `field` asks for (the same words on the page).

    >>> form_sentence(Field("my_w", "W", "vector", "", length=3))
    'W should be a list of 3 numbers, like [1, 0, -1].'
    """
    f = _field(field)
    if f.kind == "number":
        return f"{f.label} should be {'a whole number written in digits' if f.whole else 'a number, like 0.5'}."
    if f.kind in ("vector", "weights"):
        return f"{f.label} should be a list of {f.length} numbers, like {example(f.length)}."
    if f.kind == "choice":
        return f"{f.label} should be one of {' or '.join(label for _, label in f.options)}."
    if f.kind == "subset":
        return f"{f.label} should be a list of some of {', '.join(label for _, label in f.options)} (or none)."
    return f"{f.label} should be a function."


def example(length):
    """A list of `length` numbers (1 to 1000) that shows a form, "[1, 0, -1]": never an answer's numbers."""
    length = check.whole("length", length, minimum=1, maximum=1000)
    return "[" + ", ".join(("1", "0", "-1")[i % 3] for i in range(length)) + "]"


def _range(f, number):
    if (f.minimum is not None and number < f.minimum) or (f.maximum is not None and number > f.maximum):
        low, high = f.minimum, f.maximum
        span = f"from {low} to {high}" if low is not None and high is not None else \
            (f"at least {low}" if low is not None else f"at most {high}")
        return f"{f.label} should be {span}."
    return None


def read(field, value):
    """Read what a student gave for `field`: (the value a verdict compares, None), or (None, a sentence).

    Parameters
    ----------
    field : Field
    value : object
        Anything; the wrong form gets `form_sentence`, a number out of the field's range says the range.

    Returns
    -------
    (object, None) or (None, str)
        A number is a float (an int if whole), a vector a tuple of floats, a choice the option's value, a
        subset a frozenset of option values; a code field's value is passed on as it is.

    >>> read(Field("my_k", "k", "number", "", whole=True), 3.0)
    (3, None)
    """
    f = _field(field)
    if f.kind == "number":
        if not _is_number(value) or not math.isfinite(float(value)) or (f.whole and float(value) != int(value)):
            return None, form_sentence(f)
        number = int(value) if f.whole else float(value)
        problem = _range(f, number)
        return (None, problem) if problem else (number, None)
    if f.kind in ("vector", "weights"):
        if isinstance(value, np.ndarray):
            value = value.tolist()
        if not isinstance(value, (list, tuple)) or len(value) != f.length or not all(map(_is_number, value)) \
                or not all(math.isfinite(float(v)) for v in value):
            return None, form_sentence(f)
        return tuple(float(v) for v in value), None
    if f.kind == "choice":
        for option, _ in f.options:
            if type(value) is type(option) and value == option:
                return option, None
        return None, form_sentence(f)
    if f.kind == "subset":
        if isinstance(value, np.ndarray):
            value = value.tolist()
        if not isinstance(value, (list, tuple, set, frozenset)):
            return None, form_sentence(f)
        chosen = set()
        for item in value:
            match = [option for option, _ in f.options if _same_item(item, option)]
            if not match:
                return None, form_sentence(f)
            chosen.add(match[0])
        return frozenset(chosen), None
    return value, None


def _same_item(item, option):
    if isinstance(option, tuple):
        if isinstance(item, np.ndarray):
            item = item.tolist()
        return isinstance(item, (list, tuple)) and len(item) == len(option) and all(
            _is_number(a) and a == b for a, b in zip(item, option))
    return _is_number(item) and item == option


def _unit_outputs(weights, patterns):
    """The unit's outputs, 1 where W·X > 0, with each W·X summed term by term from w0 (as the page sums it)."""
    outputs = []
    for pattern in patterns:
        net = 0.0
        for w, x in zip(weights, pattern):
            net += w * x
        outputs.append(1 if net > 0 else 0)
    return outputs


def is_right(field, value, answer):
    """Whether `value`, as `read` gives it, answers `field` rightly (the table above), against the right `answer`.

    A weights field's answer is the pair (augmented patterns, targets); a code field is judged by its
    exercise, not here.

    >>> is_right(Field("my_b", "b", "number", "", relative=0.01), 50.5, 50.8)
    True
    """
    f = _field(field)
    if f.kind == "number":
        return abs(value - answer) <= max(f.tolerance, f.relative * abs(answer))
    if f.kind == "vector":
        return all(abs(v - a) <= f.tolerance for v, a in zip(value, answer))
    if f.kind == "weights":
        patterns, targets = answer
        return _unit_outputs(value, patterns) == list(targets)
    if f.kind == "choice":
        return value == answer
    if f.kind == "subset":
        return value == _answer_set(f, answer)
    raise ValueError(f"field must be of a kind judged here, one of {KINDS[:-1]}; got kind {f.kind!r}")


def _answer_set(f, answer):
    """A subset's right answer as the set of its options (given as tuples, or as lists when read from data)."""
    return frozenset(option for option, _ in f.options if any(_same_item(item, option) for item in answer))


def hint_for(field, value, answer):
    """The hint for a wrong `value` of `field`: the first of its `hints` whose condition holds, else its `hint`.

    ``near``: within that distance of `answer`; ``equals``: that value; ``below``/``above`` the answer;
    ``extra``: the subset holds an item not in the answer, ``{extra}`` in the text names them.
    """
    f = _field(field)
    for condition, parameter, text in f.hints:
        if condition == "near" and abs(value - answer) <= parameter:
            return text
        if condition == "equals" and value == parameter:
            return text
        if condition == "below" and value < answer:
            return text
        if condition == "above" and value > answer:
            return text
        if condition == "extra":
            extra = [label for option, label in f.options if option in value and option not in _answer_set(f, answer)]
            if extra:
                return text.replace("{extra}", ", ".join(extra))
    return f.hint


def shown_answer(field, value):
    """`value`, as `read` gives it, in the words of a check cell's ✓/✗ line ("0.5", "[1 0 -1]", "X2, X3")."""
    f = _field(field)
    if f.kind == "number":
        return f"{value:g}"
    if f.kind in ("vector", "weights"):
        return "[" + " ".join(f"{v:g}" for v in value) + "]"
    if f.kind == "choice":
        return next(label for option, label in f.options if option == value)
    if f.kind == "subset":
        return "[" + ", ".join(label for option, label in f.options if option in value) + "]"
    return "your function"
