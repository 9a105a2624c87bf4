"""Parameters' constraints, declared as data: what each parameter of a public function may be, checked at its call.

After scikit-learn's parameter validation (sklearn.utils._param_validation): a public function declares what
each of its parameters may be (``@declared(X=Patterns(), eta=Rate(), ...)``); the one wrapper checks every
parameter at the call, in the order declared, and passes the function the values in the form it needs. The
declarations are data: tests/test_declared.py generates the bad-input cases of every parameter from them
(`Constraint.bad`), and a function whose parameter has no declaration is refused when its module is imported.
A parameter given only with another (trials only with measured) is declared `OnlyWith`; the other relations
between parameters (a seed only with random order) stay in the function, said with `validation.only_with`.
The checks themselves, and their messages, are validation.py's (read from the module at each call, so that a
tool that counts them, tests/test_widgets.py's, sees them).

Every call of a declared function is checked, the package's own calls included; where the package calls a
function many times on values it has already checked (a loop over data sets), it calls the private function the
public one runs after its checks (``_honavar_bound`` under ``honavar_bound``), as scikit-learn's ``fit`` checks its
input and then calls private helpers.
"""
import functools
import inspect
from numbers import Integral

import numpy as np

from . import validation as check
from .validation import shown

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
        return check.flag(name, value)

    def bad(self, example):
        return [(1, TypeError), ("yes", TypeError), (None, TypeError)]


class Whole(Constraint):
    """A whole number in [minimum, maximum]."""

    def __init__(self, minimum=None, maximum=None):
        self.minimum, self.maximum = minimum, maximum

    def check(self, name, value, given):
        return check.whole(name, value, minimum=self.minimum, maximum=self.maximum)

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
        return check.number(name, value, **self.bounds)

    def bad(self, example):
        b = self.bounds
        cases = [("1", TypeError), (True, TypeError), (float("nan"), ValueError), (float("inf"), ValueError)]
        cases += [(b[key], ValueError) for key in ("above", "below") if b[key] is not None]
        if b["minimum"] is not None:
            cases.append((b["minimum"] - 1, ValueError))
        if b["maximum"] is not None:
            cases.append((b["maximum"] + 1, ValueError))
        return cases


class Positive(Constraint):
    """A finite number > 0, as a float (a learning rate, a steepness beta, a size, a limit)."""

    def check(self, name, value, given):
        return check.positive(name, value)

    def bad(self, example):
        return [(0, ValueError), (-1.5, ValueError), (float("nan"), ValueError), (float("inf"), ValueError),
                ("1", TypeError), (True, TypeError)]


class Rate(Positive):
    """A learning rate that may vary: a finite number > 0 (`Positive`), or a function eta(k) giving one."""

    def check(self, name, value, given):
        if callable(value):
            return value
        return super().check(name, value, given)


class Text(Constraint):
    """A str."""

    def check(self, name, value, given):
        return check.text(name, value)

    def bad(self, example):
        return [(1, TypeError), (None, TypeError)]


class Sentence(Constraint):
    """A str that is a sentence: what a lesson says in words (a picture's point)."""

    def check(self, name, value, given):
        return check.sentence(name, value)

    def bad(self, example):
        return [(1, TypeError), (None, TypeError), ("", ValueError), ("no full stop", ValueError)]


class Choice(Constraint):
    """One of a few strings."""

    def __init__(self, options):
        self.options = tuple(options)

    def check(self, name, value, given):
        return check.choice(name, value, self.options)

    def bad(self, example):
        return [("none of them", ValueError), (None, ValueError)]


class Callable(Constraint):
    """A function; `what` says how it is called ("function(x1, ..., xn)")."""

    def __init__(self, what):
        self.what = what

    def check(self, name, value, given):
        return check.function(name, value, self.what)

    def bad(self, example):
        return [("and", TypeError), (None, TypeError), (3, TypeError)]


class Seed(Constraint):
    """None or a whole number >= 0."""

    def check(self, name, value, given):
        return check.seed(name, value)

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


class OnlyWith(Constraint):
    """What `inner` allows, given with the parameter `other` and only with it (trials only with measured).

    Without `other` (None) the parameter must be None too: anything else is refused, naming `other`
    ("trials is used only with measured, got trials=5 with measured=None"). With `other` it is required:
    `inner` checks it, and must refuse None, a TypeError (its bad values include None, so the generated
    cases check that it does). `other` is declared before this parameter.
    """

    def __init__(self, other, inner):
        self.other, self.inner = other, inner

    def check(self, name, value, given):
        if given[self.other] is None:
            check.only_given_with(name, value, self.other, None)
            return None
        return self.inner.check(name, value, given)

    def bad(self, example):
        if example[self.other] is None:
            return []
        return self.inner.bad(example) + [(None, TypeError)]


class Patterns(Constraint):
    """Patterns: a finite 2-D array, at least one row and one column (`patterns`), at most `most` rows.

    `most` comes with `why`, the words that say what the limit is for ("for a table").
    """

    def __init__(self, n_features=None, most=None, why=""):
        self.n_features, self.most, self.why = n_features, most, why

    def check(self, name, value, given):
        X = check.patterns(name, value, n_features=self.n_features)
        if self.most is not None and len(X) > self.most:
            raise ValueError(f"{name} must hold at most {self.most} patterns {self.why}, got {len(X)}")
        return X

    def bad(self, example):
        cases = [("abc", TypeError), ([[0, 1], [1]], ValueError), ([0, 1], ValueError), ([[np.nan, 1]], ValueError),
                 (np.zeros((0, 2)), ValueError), ([[1e200, 1]], ValueError)]
        if self.n_features is not None:
            cases.append((np.zeros((2, self.n_features + 1)), ValueError))
        if self.most is not None:
            cases.append((np.zeros((self.most + 1, self.n_features or 2)), ValueError))
        return cases


def _trained_features(given):
    return np.shape(given["self"].X)[1]


class PatternsLike(Constraint):
    """Patterns (`Patterns`) with as many features as `features(arguments)` says: by default those of a method's
    object (self.X, the patterns it was trained on, without the bias input); kernel_matrix's B those of its A."""

    def __init__(self, features=_trained_features):
        self.features = features

    def check(self, name, value, given):
        return check.patterns(name, value, n_features=self.features(given))

    def bad(self, example):
        return Patterns(n_features=self.features(example)).bad(example)


class Labels(Constraint):
    """Labels of the patterns `of`: one per pattern, all in {0, 1} or all in {-1, +1}, as int64."""

    def __init__(self, of="X", convention=None):
        self.of, self.convention = of, convention

    def check(self, name, value, given):
        return check.labels(name, value, len(given[self.of]), convention=self.convention)[0]

    def bad(self, example):
        n = len(np.asarray(example[self.of]))
        cases = [(["a"] * n, TypeError), ([2] * n, ValueError), ([0, 1, -1] + [1] * (n - 3) if n >= 3 else [2] * n,
                                                                      ValueError),
                 ([1] * (n + 1), ValueError), ([[1]] * n, ValueError)]
        if self.convention == "0/1":
            cases.append(([-1] * n, ValueError))
        return cases


class Weights(Constraint):
    """One weight vector for the patterns `of`: [w0, w1, ..., wn], a bias weight and one per feature."""

    def __init__(self, of="X"):
        self.of = of

    def check(self, name, value, given):
        return check.weight_vector(name, value, given[self.of].shape[-1] + 1)

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


def declared(**constraints):
    """Check a function's parameters at every call, as declared: ``@declared(eta=Rate(), order=Choice(ORDERS))``.

    Every parameter (but self) must have a constraint; they are checked in the order declared, so that a
    check may read the parameters declared before it (labels read their patterns). The function receives the
    checked values; its constraints stay readable as ``function.constraints``. A declared function checks its
    arguments whoever calls it, the package's own code included: where the package calls a function many times
    on values it has checked already, it calls the private function the public one runs after its checks.

    >>> @declared(n=Whole(minimum=1))
    ... def twice(n):
    ...     return 2 * n
    >>> twice(np.int64(3))
    6
    >>> twice(0)
    Traceback (most recent call last):
    ...
    ValueError: n must be a whole number >= 1, got 0
    >>> @declared(n=Whole(minimum=1))
    ... def inner_zero(n):
    ...     return twice(0)       # a call inside a declared call is checked too
    >>> inner_zero(5)
    Traceback (most recent call last):
    ...
    ValueError: n must be a whole number >= 1, got 0
    """
    def decorate(function):
        signature = inspect.signature(function)
        names = [name for name in signature.parameters if name != "self"]
        missing = [name for name in names if name not in constraints]
        unknown = [name for name in constraints if name not in names]
        if missing or unknown or not constraints:
            raise TypeError(f"{function.__qualname__}: every parameter needs one constraint, missing {missing}, "
                            f"unknown {unknown}" + ("" if constraints else " (nothing to check: do not declare it)"))

        parameters = signature.parameters.values()
        plain = all(p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) for p in parameters)
        positional = [p.name for p in parameters if p.kind == p.POSITIONAL_OR_KEYWORD]
        defaults = {p.name: p.default for p in parameters if p.default is not p.empty}
        every = set(signature.parameters)

        @functools.wraps(function)
        def checked(*args, **kwargs):
            # inspect's Signature.bind takes some 15 µs, a sixth of a train on OR: a call by position and keyword
            # is bound here, anything else (a wrong call included, with Python's own TypeError) by Signature.bind.
            arguments, bound = {**defaults, **dict(zip(positional, args)), **kwargs}, None
            if not (plain and len(args) <= len(positional) and kwargs.keys() <= every and len(arguments) == len(every)
                    and not kwargs.keys() & set(positional[:len(args)])):
                bound = signature.bind(*args, **kwargs)
                bound.apply_defaults()
                arguments = bound.arguments
            given = {"self": arguments["self"]} if "self" in arguments else {}
            for name in constraints:   # in the order declared: a check may read the parameters declared before it
                given[name] = arguments[name] = constraints[name].check(name, arguments[name], given)
            return function(**arguments) if bound is None else function(*bound.args, **bound.kwargs)

        checked.constraints = constraints
        return checked

    return decorate


def _layer_weights(name, value, given):
    d = given["X"].shape[1] + 1
    weights = check.array(name, value, "(n_features + 1,) or (n_units, n_features + 1)", ndim=(1, 2))
    if weights.shape[-1] != d or 0 in weights.shape:
        raise ValueError(f"{name} must have {d} entries per unit (a bias weight and one per "
                         f"feature of X), got shape {weights.shape}")
    return weights


class Step(Constraint):
    """A step of the run the method belongs to: a whole number from `first` to its n_presentations.

    `what` names it in the message: "a step" (0 is the start) or "a presentation number". With `of`, the run
    is the parameter `of` (or the attribute `of` of self, "self.trace"), and the check is `validation.step`.
    """

    def __init__(self, first=0, what="a step", of=None):
        self.first, self.what, self.of = first, what, of

    def _run(self, given):
        owner, _, attribute = self.of.partition(".")
        return getattr(given[owner], attribute) if attribute else given[owner]

    def check(self, name, value, given):
        if self.of is not None:
            return check.step(name, value, self._run(given))
        allowed = f"{self.what} from {self.first} to {given['self'].n_presentations}"
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, Integral):
            raise TypeError(f"{name} must be a whole number ({allowed}), got {shown(value)}")
        if not self.first <= value <= given["self"].n_presentations:
            raise ValueError(f"{name} must be {allowed}, got {value!r}")
        return int(value)

    def bad(self, example):
        run = example["self"] if self.of is None else self._run(example)
        return [(True, TypeError), (1.5, TypeError), ("1", TypeError), (self.first - 1, ValueError),
                (run.n_presentations + 1, ValueError)]


class Plane(Constraint):
    """The weights [w0, w1, w2] of a unit in the plane, as floats (`validation.plane_weights`)."""

    def check(self, name, value, given):
        return check.plane_weights(name, value)

    def bad(self, example):
        return [("w", TypeError), ([0, 1], ValueError), ([0, 1, np.nan], ValueError), ([[0, 1, 1]], ValueError)]


class Limits(Constraint):
    """(low, high), two finite numbers with low < high (`validation.limits`), as a tuple of floats."""

    def check(self, name, value, given):
        return tuple(check.limits(name, value).tolist())

    def bad(self, example):
        return [("ab", TypeError), ((1, 0), ValueError), ((0, np.inf), ValueError), ((0, 1, 2), ValueError)]


class Run(Constraint):
    """A Trace with its per-presentation record, on two features when `plane` (`validation.recorded_run`)."""

    def __init__(self, plane=True):
        self.plane = plane

    def check(self, name, value, given):
        return check.recorded_run(name, value, plane=self.plane)

    def bad(self, example):
        return [("run", TypeError), (None, TypeError)]


class Hashable(Constraint):
    """A hashable value (a key of a kept picture)."""

    def check(self, name, value, given):
        try:
            hash(value)
        except TypeError:
            raise TypeError(f"{name} must be hashable (it is the key of a kept picture), got {shown(value)}") from None
        return value

    def bad(self, example):
        return [([1], TypeError), ({}, TypeError)]


# One unit's weights or a layer's rows, for the patterns X (net_inputs, output).
LAYER_WEIGHTS = Custom(_layer_weights, lambda example: [
    ("w", TypeError), (np.zeros(np.shape(example["X"])[1] + 2), ValueError), (np.zeros((0, 3)), ValueError),
    (np.zeros((1, 1, 3)), ValueError), ([np.nan] * (np.shape(example["X"])[1] + 1), ValueError)])
