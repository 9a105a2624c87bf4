"""Parameters' constraints, declared as data: what each parameter of a public function may be, checked at its call.

After scikit-learn's parameter validation (sklearn.utils._param_validation): a public function declares what
each of its parameters may be (``@declared(X=Patterns(), eta=Rate(), ...)``); the one wrapper checks every
parameter at the call, in the order declared, and passes the function the values in the form it needs. The
declarations are data: tests/test_declared.py generates the bad-input cases of every parameter from them
(`Constraint.bad`), and a function whose parameter has no declaration is refused when its module is imported.
Relations between parameters (a seed only with random order) stay in the function, said with
`validation.only_with`. The checks themselves, and their messages, are validation.py's.
"""
import functools
import inspect
from numbers import Integral

import numpy as np

from .validation import array, choice, flag, labels, number, patterns, positive, seed, shown, weight_vector, whole


class Constraint:
    """What one parameter may be.

    `check(name, value, given)` returns the value in the form the code needs or raises: TypeError for a
    wrong kind of value, ValueError for a wrong value of the right kind. `given` holds the parameters
    checked before this one (by name, checked). `bad(example)` lists values the check refuses, each with the
    error it raises, for a valid call's arguments `example`.
    """

    def check(self, name, value, given):
        raise NotImplementedError

    def bad(self, example):
        return []


class Flag(Constraint):
    """True or False."""

    def check(self, name, value, given):
        return flag(name, value)

    def bad(self, example):
        return [(1, TypeError), ("yes", TypeError), (None, TypeError)]


class Whole(Constraint):
    """A whole number in [minimum, maximum]."""

    def __init__(self, minimum=None, maximum=None):
        self.minimum, self.maximum = minimum, maximum

    def check(self, name, value, given):
        return whole(name, value, minimum=self.minimum, maximum=self.maximum)

    def bad(self, example):
        cases = [(1.5, TypeError), (True, TypeError), ("2", TypeError)]
        if self.minimum is not None:
            cases.append((self.minimum - 1, ValueError))
        if self.maximum is not None:
            cases.append((self.maximum + 1, ValueError))
        return cases


class Number(Constraint):
    """A finite real number; `above`/`below` strict bounds, `minimum`/`maximum` inclusive ones."""

    def __init__(self, *, minimum=None, maximum=None, above=None, below=None):
        self.bounds = dict(minimum=minimum, maximum=maximum, above=above, below=below)

    def check(self, name, value, given):
        return number(name, value, **self.bounds)

    def bad(self, example):
        b = self.bounds
        cases = [("1", TypeError), (True, TypeError), (float("nan"), ValueError), (float("inf"), ValueError)]
        cases += [(b[key], ValueError) for key in ("above", "below") if b[key] is not None]
        if b["minimum"] is not None:
            cases.append((b["minimum"] - 1, ValueError))
        if b["maximum"] is not None:
            cases.append((b["maximum"] + 1, ValueError))
        return cases


class Rate(Constraint):
    """A learning rate: a finite number > 0, or (with `schedule`) a function eta(k) giving one."""

    def __init__(self, schedule=False):
        self.schedule = schedule

    def check(self, name, value, given):
        if self.schedule and callable(value):
            return value
        return positive(name, value)

    def bad(self, example):
        return [(0, ValueError), (-1, ValueError), (float("nan"), ValueError), ("fast", TypeError), (True, TypeError)]


class Choice(Constraint):
    """One of a few strings."""

    def __init__(self, options):
        self.options = tuple(options)

    def check(self, name, value, given):
        return choice(name, value, self.options)

    def bad(self, example):
        return [("none of them", ValueError), (None, ValueError)]


class Seed(Constraint):
    """None or a whole number >= 0."""

    def check(self, name, value, given):
        return seed(name, value)

    def bad(self, example):
        return [(-1, ValueError), (1.5, TypeError), ("1", TypeError)]


class Optional(Constraint):
    """None, or what `inner` allows."""

    def __init__(self, inner):
        self.inner = inner

    def check(self, name, value, given):
        return None if value is None else self.inner.check(name, value, given)

    def bad(self, example):
        return [(value, error) for value, error in self.inner.bad(example) if value is not None]


class Patterns(Constraint):
    """Patterns: a finite 2-D array, at least one row and one column (`patterns`)."""

    def __init__(self, n_features=None):
        self.n_features = n_features

    def check(self, name, value, given):
        return patterns(name, value, n_features=self.n_features)

    def bad(self, example):
        return [("abc", TypeError), ([[0, 1], [1]], ValueError), ([0, 1], ValueError), ([[np.nan, 1]], ValueError),
                (np.zeros((0, 2)), ValueError), ([[1e200, 1]], ValueError)]


class Labels(Constraint):
    """Labels of the patterns `of`: one per pattern, all in {0, 1} or all in {-1, +1}, as int64."""

    def __init__(self, of="X"):
        self.of = of

    def check(self, name, value, given):
        return labels(name, value, len(given[self.of]))[0]

    def bad(self, example):
        n = len(np.asarray(example[self.of]))
        return [(["a"] * n, TypeError), ([2] * n, ValueError), ([0, 1, -1] + [1] * (n - 3) if n >= 3 else [2] * n,
                                                                     ValueError),
                ([1] * (n + 1), ValueError), ([[1]] * n, ValueError)]


class Weights(Constraint):
    """One weight vector for the patterns `of`: [w0, w1, ..., wn], a bias weight and one per feature."""

    def __init__(self, of="X"):
        self.of = of

    def check(self, name, value, given):
        return weight_vector(name, value, given[self.of].shape[-1] + 1)

    def bad(self, example):
        d = np.asarray(example[self.of]).shape[-1] + 1
        return [("w", TypeError), (np.zeros(d + 1), ValueError), ([np.inf] + [0] * (d - 1), ValueError)]


class Custom(Constraint):
    """A check written as a function ``check(name, value, given)``, with its bad values (`bad(example)`)."""

    def __init__(self, check, bad):
        self.function, self.bad_values = check, bad

    def check(self, name, value, given):
        return self.function(name, value, given)

    def bad(self, example):
        return self.bad_values(example)


class Anything(Constraint):
    """Any value: a parameter the function reads as it is (a title, a picture's style)."""

    def check(self, name, value, given):
        return value


def declared(**constraints):
    """Check a function's parameters at its call, as declared: ``@declared(eta=Rate(), order=Choice(ORDERS))``.

    Every parameter (but self) must have a constraint; they are checked in the order declared, so that a
    check may read the parameters declared before it (labels read their patterns). The function receives the
    checked values; its constraints stay readable as ``function.constraints``.

    >>> @declared(n=Whole(minimum=1))
    ... def twice(n):
    ...     return 2 * n
    >>> twice(np.int64(3))
    6
    """
    def decorate(function):
        signature = inspect.signature(function)
        names = [name for name in signature.parameters if name != "self"]
        missing = [name for name in names if name not in constraints]
        unknown = [name for name in constraints if name not in names]
        if missing or unknown:
            raise TypeError(f"{function.__qualname__}: every parameter needs one constraint, "
                            f"missing {missing}, unknown {unknown}")

        @functools.wraps(function)
        def checked(*args, **kwargs):
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            given = {"self": bound.arguments["self"]} if "self" in bound.arguments else {}
            for name in constraints:   # in the order declared: a check may read the parameters declared before it
                given[name] = bound.arguments[name] = constraints[name].check(name, bound.arguments[name], given)
            return function(*bound.args, **bound.kwargs)

        checked.constraints = constraints
        return checked

    return decorate


def _layer_weights(name, value, given):
    d = given["X"].shape[1] + 1
    weights = array(name, value, "(n_features + 1,) or (n_units, n_features + 1)", ndim=(1, 2))
    if weights.shape[-1] != d or 0 in weights.shape:
        raise ValueError(f"{name} must have {d} entries per unit (a bias weight and one per "
                         f"feature of X), got shape {weights.shape}")
    return weights


class Step(Constraint):
    """A step of the run the method belongs to: a whole number from `first` to its n_presentations.

    `what` names it in the message: "a step" (0 is the start) or "a presentation number".
    """

    def __init__(self, first=0, what="a step"):
        self.first, self.what = first, what

    def check(self, name, value, given):
        allowed = f"{self.what} from {self.first} to {given['self'].n_presentations}"
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, Integral):
            raise TypeError(f"{name} must be a whole number ({allowed}), got {shown(value)}")
        if not self.first <= value <= given["self"].n_presentations:
            raise ValueError(f"{name} must be {allowed}, got {value!r}")
        return int(value)

    def bad(self, example):
        return [(True, TypeError), (1.5, TypeError), ("1", TypeError), (self.first - 1, ValueError),
                (example["self"].n_presentations + 1, ValueError)]


# One unit's weights or a layer's rows, for the patterns X (net_inputs, output).
LAYER_WEIGHTS = Custom(_layer_weights, lambda example: [
    ("w", TypeError), (np.zeros(np.shape(example["X"])[1] + 2), ValueError), (np.zeros((0, 3)), ValueError),
    (np.zeros((1, 1, 3)), ValueError), ([np.nan] * (np.shape(example["X"])[1] + 1), ValueError)])
