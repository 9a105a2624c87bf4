"""The constraints of the theory's and the data's parameters: kinds of patterns, targets, weights and counts.

The mechanism (`declared`) and the constraints every part of the package uses (`Patterns`, `Labels`, `Whole`,
...) are constraints.py's; these are the ones the theory modules (bounds, separability, criterion, sigmoid,
capacity, budinich), the kernel perceptron's predictions and the data sets declare, each with the values it
refuses (`bad`), from which tests/test_declared.py makes the bad-input cases.
"""

import numpy as np

from ..core import validation as check
from ..core.arithmetic import add_with_ones
from ..core.constraints import Constraint, Patterns
from ..core.validation import shown


# Theory: bounds, separability, criterion, sigmoid, capacity, budinich, kernels

class Separator(Constraint):
    """A separator [w0, w1, ..., wn] for the patterns `of`, finite numbers of any size (the bounds rescale it
    by a power of two), as floats (a -0.0 becomes 0.0)."""

    def __init__(self, of="X"):
        self.of = of

    def check(self, name, value, given):
        size = given[self.of].shape[1] + 1
        w = check.array(name, value, f"({size},)", largest=np.inf)
        if w.shape != (size,):
            raise ValueError(f"{name} must have shape ({size},): the bias weight w0 and one weight per feature "
                             f"of X, got shape {w.shape}")
        return w + 0.0

    def bad(self, example):
        d = np.asarray(example[self.of]).shape[1] + 1
        return [("w", TypeError), (np.zeros(d + 1), ValueError), ([np.zeros(d)], ValueError),
                ([np.inf] + [1] * (d - 1), ValueError), ([np.nan] + [1] * (d - 1), ValueError)]


class BinaryPatterns(Patterns):
    """Patterns (`Patterns`) whose every entry is 0 or 1; `why` says what needs them binary."""

    def __init__(self, why=""):
        super().__init__()
        self.binary_why = why

    def check(self, name, value, given):
        X = super().check(name, value, given)
        if not np.isin(X, (0, 1)).all():
            bad = np.flatnonzero(~np.isin(X, (0, 1)).all(axis=1))
            raise ValueError(f"{name} must be binary (every entry 0 or 1) {self.binary_why}, got other values "
                             f"in row(s) {bad.tolist()[:10]}")
        return X

    def bad(self, example):
        return super().bad(example) + [([[0, 0.5], [1, 1]], ValueError), ([[0, 2]], ValueError)]


class WholeUpTo(Constraint):
    """A whole number from `minimum` to the value of the parameter `of` (declared before it)."""

    def __init__(self, of, minimum=0):
        self.of, self.minimum = of, minimum

    def check(self, name, value, given):
        return check.whole(name, value, minimum=self.minimum, maximum=given[self.of])

    def bad(self, example):
        return [(1.5, TypeError), (True, TypeError), ("1", TypeError), (self.minimum - 1, ValueError),
                (example[self.of] + 1, ValueError)]


class IntegerPatterns(Patterns):
    """Patterns (`Patterns`) of whole numbers, at most `most` of them (`why` says what the limit is for).

    Returned as the caller gave them when they came as integers (or bools), so that values beyond 2**53 stay
    exact, and as floats otherwise.
    """

    def __init__(self, most, why=""):
        super().__init__()
        self.integer_most, self.integer_why = most, why

    def check(self, name, value, given):
        X = super().check(name, value, given)
        if not np.array_equal(X, np.round(X)):
            raise ValueError(f"{name} must hold integer values (Boolean patterns, say): on other numbers a repeated "
                             f"state is not an exact proof, got non-integers in row(s) "
                             f"{np.flatnonzero((X != np.round(X)).any(axis=1)).tolist()[:10]}")
        if len(X) > self.integer_most:
            raise ValueError(f"{name} must hold at most {self.integer_most:,} patterns {self.integer_why}, "
                             f"got {len(X):,}")
        given_as = np.asarray(value)
        return given_as if given_as.dtype.kind in "iub" else X

    def bad(self, example):
        return super().bad(example) + [([[0.5, 1], [1, 0]], ValueError),
                                       (np.zeros((self.integer_most + 1, 1), dtype=np.int8), ValueError)]


class Passes(Constraint):
    """A number of passes: a whole number from 1 to `presentations` // (the number of patterns `of`)."""

    def __init__(self, of, presentations):
        self.of, self.presentations = of, presentations

    def check(self, name, value, given):
        return check.whole(name, value, minimum=1, maximum=self.presentations // len(given[self.of]))

    def bad(self, example):
        most = self.presentations // len(np.asarray(example[self.of]))
        return [(2.0, TypeError), (True, TypeError), ("3", TypeError), (0, ValueError), (most + 1, ValueError)]


class PatternsWithin(Patterns):
    """Patterns (`Patterns`) of at most `features` features and `values` values with the bias input (X.size +
    n_samples), `why` says what the limits are for."""

    def __init__(self, features, values, why=""):
        super().__init__()
        self.features, self.values, self.within_why = features, values, why

    def check(self, name, value, given):
        X = super().check(name, value, given)
        if X.shape[1] > self.features or X.size + len(X) > self.values:
            raise ValueError(f"{name} must have at most {self.features} features and {self.values:,} values with the "
                             f"bias {self.within_why}, got shape {X.shape}")
        return X

    def bad(self, example):
        return super().bad(example) + [(np.zeros((2, self.features + 1)), ValueError),
                                       (np.zeros((self.values // 2 + 1, 1)), ValueError)]


class WeightRows(Constraint):
    """One weight vector [w0, w1, ..., wn] for the patterns `of`, or one per row, as floats (a -0.0 becomes 0.0);
    at most `validation.MAX_CELLS` weight vectors * patterns (seconds of work)."""

    def __init__(self, of="X"):
        self.of = of

    def check(self, name, value, given):
        X = given[self.of]
        d = X.shape[1] + 1
        w = check.array(name, value, f"({d},) or (n_weights, {d})", ndim=(1, 2))
        if w.shape[-1] != d or 0 in w.shape:
            raise ValueError(f"{name} must have {d} entries per weight vector (a bias weight and one per feature of "
                             f"X), got shape {w.shape}")
        if (1 if w.ndim == 1 else len(w)) * len(X) > check.MAX_CELLS:
            raise ValueError(f"{name} must keep n_weights * n_samples within {check.MAX_CELLS:,} (seconds of work), "
                             f"got {1 if w.ndim == 1 else len(w)} * {len(X)}")
        return w + 0.0

    def bad(self, example):
        n, p = np.shape(example[self.of])
        return [("w", TypeError), (np.zeros(p + 2), ValueError), (np.zeros((0, p + 1)), ValueError),
                (np.zeros((1, 1, p + 1)), ValueError), ([np.nan] * (p + 1), ValueError),
                (np.zeros((check.MAX_CELLS // n + 1, p + 1)), ValueError)]


def weight_rows(w, X):
    """What the functions declaring `WeightRows` compute with: w as rows (n_weights, d), whether one vector was
    given, and X with x0 = 1."""
    return np.atleast_2d(w), w.ndim == 1, add_with_ones(X)


class Index(Constraint):
    """The index of one of the patterns `of`: a whole number from 0 to n_samples - 1."""

    def __init__(self, of="X"):
        self.of = of

    def check(self, name, value, given):
        return check.whole(name, value, minimum=0, maximum=len(given[self.of]) - 1)

    def bad(self, example):
        return [(1.0, TypeError), (True, TypeError), ("0", TypeError), (-1, ValueError),
                (len(np.asarray(example[self.of])), ValueError)]


class NonzeroNumbers(Constraint):
    """A number or an array of numbers, each nonzero and of size from 1e-150 to 1e150 (no product of two
    overflows or underflows to 0), as floats; `what` names them in the message ("net inputs")."""

    def __init__(self, what="numbers"):
        self.what = what

    def check(self, name, value, given):
        values = check.array(name, value, "a number or an array of numbers")
        size = np.abs(values)
        if values.size == 0 or not ((size >= 1e-150) & (size <= 1e150)).all():
            raise ValueError(f"{name} must hold nonzero {self.what} of size from 1e-150 to 1e150, got {shown(value)}")
        return values

    def bad(self, example):
        return [(0.0, ValueError), ([1.0, 0.0], ValueError), ([], ValueError), (1e-200, ValueError),
                (np.nan, ValueError), ("2", TypeError)]


class NonnegativeNumbers(Constraint):
    """A number or an array of numbers, each finite and >= 0, as floats."""

    def check(self, name, value, given):
        values = check.array(name, value, "a number or an array of numbers")
        if (values < 0).any():
            raise ValueError(f"{name} must hold numbers >= 0, got {shown(value)}")
        return values

    def bad(self, example):
        return [(-0.5, ValueError), ([1.0, -1.0], ValueError), (np.inf, ValueError), ("1", TypeError)]


class Sized(Constraint):
    """A finite number from -`size` to `size`, as a float (`Number` with those bounds, whose bad values it lists
    at a scale the floats tell apart: -1e150 - 1 is -1e150)."""

    def __init__(self, size):
        self.size = size

    def check(self, name, value, given):
        return check.number(name, value, minimum=-self.size, maximum=self.size)

    def bad(self, example):
        return [("1", TypeError), (True, TypeError), (float("nan"), ValueError), (float("inf"), ValueError),
                (10 * self.size, ValueError), (-10 * self.size, ValueError)]


class Count(Constraint):
    """A whole number >= `minimum` and at most `most`; `why` says what the upper limit is for."""

    def __init__(self, minimum=0, most=None, why=""):
        self.minimum, self.most, self.why = minimum, most, why

    def check(self, name, value, given):
        value = check.whole(name, value, minimum=self.minimum)
        if self.most is not None and value > self.most:
            raise ValueError(f"{name} must be at most {self.most:,} {self.why}, got {value}")
        return value

    def bad(self, example):
        cases = [(1.5, TypeError), (True, TypeError), ("4", TypeError), (self.minimum - 1, ValueError)]
        return cases + ([(self.most + 1, ValueError)] if self.most is not None else [])


class DigitalPatterns(Patterns):
    """Patterns (`Patterns`) of whole numbers of size at most 2**`bits` (Budinich's digital patterns, so that a
    solution can be checked exactly)."""

    def __init__(self, bits=20):
        super().__init__()
        self.bits = bits

    def check(self, name, value, given):
        X = super().check(name, value, given)
        if not (np.array_equal(X, np.round(X)) and np.abs(X).max() <= 2**self.bits):
            raise ValueError(f"{name} must hold whole numbers of size at most 2**{self.bits} (digital patterns, so "
                             f"that a solution can be checked exactly), got {shown(X.tolist())}")
        return X

    def bad(self, example):
        return super().bad(example) + [([[0.5, 1], [1, 1]], ValueError), ([[2**self.bits + 1], [1]], ValueError)]


class Targets(Constraint):
    """Targets of many problems on the patterns `of`: shape (n_problems, n_samples) or (n_samples,), all in {0, 1}
    or all in {-1, +1} (one convention for all problems), as floats."""

    def __init__(self, of="X"):
        self.of = of

    def check(self, name, value, given):
        n = len(given[self.of])
        Y = check.array(name, value, f"(n_problems, {n}) or ({n},)", ndim=(1, 2))
        if Y.shape[-1] != n or 0 in Y.shape:
            raise ValueError(f"{name} must hold one target per pattern of X ({n}) for each problem, got shape {Y.shape}")
        check.label_convention(name, Y, scope=", one convention for all problems")
        return Y

    def bad(self, example):
        n = len(np.asarray(example[self.of]))
        return [(["a"] * n, TypeError), ([1] * (n + 1), ValueError), (np.zeros((2, 2, n)), ValueError),
                (np.zeros((0, n)), ValueError), ([[0] * n, [-1] * n], ValueError), ([2] * n, ValueError)]


class ProblemWeights(Constraint):
    """Starting weights for many problems (`problems`: their targets) on the patterns `of`: one vector
    [w0, w1, ..., wn] for all problems or one per problem, as rows (n_problems, n_features + 1) of floats."""

    def __init__(self, of="X", problems="Y"):
        self.of, self.problems = of, problems

    def check(self, name, value, given):
        size, n_problems = given[self.of].shape[1] + 1, len(np.atleast_2d(given[self.problems]))
        shape = f"({size},) or ({n_problems}, {size})"
        w = check.array(name, value, shape)
        if w.shape not in ((size,), (n_problems, size)):
            raise ValueError(f"{name} must have shape {shape}: the bias weight w0 and one weight per feature, "
                             f"for all problems or for each, got shape {w.shape}")
        return np.broadcast_to(w, (n_problems, size)) + 0.0

    def bad(self, example):
        size = np.shape(example[self.of])[1] + 1
        return [("w", TypeError), (np.zeros(size + 1), ValueError),
                (np.zeros((len(np.atleast_2d(example[self.problems])) + 1, size)), ValueError),
                ([np.inf] + [0] * (size - 1), ValueError)]


class PositiveList(Constraint):
    """A list of at least one number, all finite and > 0, as a 1-D float array."""

    def check(self, name, value, given):
        values = check.array(name, value, f"(n_{name},)", ndim=1)
        if len(values) == 0 or not (values > 0).all():
            raise ValueError(f"{name} must hold at least one number, all > 0, got {shown(values.tolist())}")
        return values

    def bad(self, example):
        return [([], ValueError), ([0.3, -1], ValueError), ([0.3, np.nan], ValueError), ("a", TypeError),
                (0.3, ValueError), ([[0.3]], ValueError)]


class AtMostAttribute(Constraint):
    """A whole number from `minimum` to the attribute `attribute` of self (a method's object)."""

    def __init__(self, attribute, minimum=0):
        self.attribute, self.minimum = attribute, minimum

    def check(self, name, value, given):
        return check.whole(name, value, minimum=self.minimum, maximum=getattr(given["self"], self.attribute))

    def bad(self, example):
        return [(1.5, TypeError), ("all", TypeError), (True, TypeError), (self.minimum - 1, ValueError),
                (getattr(example["self"], self.attribute) + 1, ValueError)]


# Data sets

class LabelList(Constraint):
    """Labels on their own (no patterns): 1-D, at least one, all in {0, 1} or all in {-1, +1} (or the `demand`ed
    set), as int64."""

    def __init__(self, demand=None):
        self.demand = demand

    def check(self, name, value, given):
        y = check.array(name, value, "(n_samples,)", ndim=1)
        if len(y) == 0:
            raise ValueError(f"{name} must hold at least one label, got an empty array")
        return check.labels(name, y, len(y), convention=self.demand)[0]

    def bad(self, example):
        cases = [([], ValueError), ([[0, 1]], ValueError), ([0, 2], ValueError), ([0, 1, -1], ValueError),
                 ([0, np.nan], ValueError), (["a", "b"], TypeError)]
        return cases + ([([-1, 1], ValueError)] if self.demand == "0/1" else [])
