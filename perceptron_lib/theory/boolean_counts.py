"""How many Boolean functions of n inputs a threshold unit computes, and which (Budinich 1993, section 4).

Boolean patterns are not in general position, so Cover's count does not
apply: `boolean_census` decides each function of up to 4 inputs by the
perceptron (one run per symmetry class of the cube), `separable_boolean_count`
counts up to 6 inputs by walking the regions of weight space (Budinich 1993,
section 4 and the appendix: 104 of 256 and 1882 of 65,536).

In the course's notation (lesson 08) a function of p inputs (the argument
n_inputs) labels the N = 2**p corners of the p-cube, for a unit with
d = p + 1 weights.
"""
from collections import Counter
from itertools import permutations
import math

import numpy as np

from ..core import constraints as declare
from ..core.batch import train_many
from .datasets import boolean_patterns

MAX_CENSUS_INPUTS = 4   # 2**16 functions, one run per symmetry class
MAX_WALK_INPUTS = 6     # 15,028,134 functions in 567 classes, about 2 s
BOOLEAN_METHODS = ("regions", "census")
WALK_EPOCHS = 5_000     # more than 20 times the passes any class up to 6 inputs needs


@declare.declared(n_inputs=declare.Whole(minimum=0, maximum=MAX_CENSUS_INPUTS))
def boolean_census(n_inputs):
    """Which of the 2**(2**n) Boolean functions of n inputs a threshold unit computes, decided by the perceptron.

    A threshold unit computes f if and only if it computes f with some
    inputs negated (x_i -> 1 - x_i: take w_0 + w_i, -w_i), with the inputs
    permuted (permute the weights) or with the output complemented (-W,
    the bias raised by 1/2: on integer patterns and weights W·X <= 0 iff
    -W·X + 1/2 > 0). So the functions fall into classes under these
    2**n n! 2 symmetries of the cube (222 classes for 4 inputs), and the
    perceptron runs once per class, on the class's first function, all at
    once (`train_many`, cyclic order, 0/1 patterns and labels). Each run
    either converges, and its whole-number W is checked to compute the
    function, or cycles, which proves that no W does (Manfredi 2021, the
    cycling theorem). Budinich (1993, section 4 and the appendix) counts
    104 separable functions of 3 inputs and 1882 of 4.

    Parameters
    ----------
    n_inputs : int
        The number of inputs, a whole number from 0 to 4.

    Returns
    -------
    ndarray of shape (2**(2**n_inputs),)
        Booleans: entry c is True when the function with truth-table code c
        is separable. Code c gives pattern k (row k of `boolean_patterns`)
        the label bit k of c: ``y = (c >> np.arange(2**n_inputs)) & 1``.

    Examples
    --------
    >>> separable = boolean_census(2)
    >>> int(separable.sum()), bool(separable[0b1000]), bool(separable[0b0110])  # 14; AND yes, XOR no
    (14, True, False)
    >>> [int(boolean_census(n).sum()) for n in range(5)]
    [2, 4, 14, 104, 1882]
    """
    classes, representatives = _symmetry_classes(n_inputs)
    tables = (np.array(representatives)[:, None] >> np.arange(1 << n_inputs)) & 1
    return _perceptron_separates(n_inputs, tables.astype(bool), signed=False)[classes]


@declare.declared(method=declare.Choice(BOOLEAN_METHODS), n_inputs=declare.Whole(minimum=0))
def separable_boolean_count(n_inputs, *, method="regions"):
    """How many Boolean functions of n inputs a threshold unit computes: 2, 4, 14, 104, 1882, 94,572, 15,028,134.

    ``method="census"`` (n <= 4) counts the functions `boolean_census`
    finds separable. ``method="regions"`` (n <= 6) never lists the
    functions: each separable function is one region of weight space R^(n+1)
    cut by the 2**n pattern hyperplanes W·X = 0 (Budinich 1993, section 3),
    and it walks those regions. Crossing one hyperplane flips one label, and
    any region reaches any other by such crossings, so starting from the
    constant function and flipping one label at a time reaches every
    separable function. It keeps one function per class of the cube's
    symmetries (see `boolean_census`): a separable function's class is known
    from its Chow parameters a_0 = sum f(x), a_i = sum f(x) x_i (in +-1
    form) as |a_0| and the sorted |a_i|, because no other function has a
    separable function's Chow parameters (Chow 1961: if g differs from a
    separable f with W, sum over x of (f(x) - g(x)) W·X > 0, yet it is zero
    when the parameters agree); the class size follows from them too. Each
    flip that gives a new class is decided with a proof: not separable when
    two positive patterns have the sum of two negative ones (no W can give
    the first pair a positive total and the second a non-positive one),
    otherwise by the perceptron (+-1 inputs, as Budinich 1993, section 2,
    recommends), whose whole-number W is checked exactly, or whose cycle
    proves no W exists. The walk is checked against the census for n <= 4.

    Parameters
    ----------
    n_inputs : int
        The number of inputs, a whole number from 0 to 6 (0 to 4 for the census).
    method : {"regions", "census"}, default "regions"

    Returns
    -------
    int

    Examples
    --------
    >>> separable_boolean_count(3, method="census"), separable_boolean_count(5)
    (104, 94572)
    """
    most = MAX_CENSUS_INPUTS if method == "census" else MAX_WALK_INPUTS
    if n_inputs > most:
        raise ValueError(f"n_inputs must be a whole number from 0 to {most} with method={method!r} "
                         f"(larger counts take far longer than seconds), got {n_inputs}")
    if method == "census":
        return int(boolean_census(n_inputs).sum())
    return sum(_class_size(key, n_inputs) for key in _region_walk(n_inputs))


def _cube_symmetries(n):
    """Pattern index maps, shape (n! 2**n, 2**n): inputs permuted, then some negated; patterns as boolean_patterns."""
    N = 1 << n
    bits = (np.arange(N)[:, None] >> np.arange(n - 1, -1, -1)) & 1   # first input most significant
    orders = np.array(list(permutations(range(n))), dtype=np.int64).reshape(math.factorial(n), n)
    moved = bits[:, orders].transpose(1, 0, 2)[:, None] ^ bits[None, :, None, :]   # (orders, masks, N, n)
    return (moved << np.arange(n - 1, -1, -1)).sum(axis=-1).reshape(-1, N)


def _symmetry_classes(n):
    """The class of every truth-table code under the cube's symmetries and output complement; the first codes."""
    N, total = 1 << n, 1 << (1 << n)
    maps, place = _cube_symmetries(n), np.int64(1) << np.arange(N)
    classes = np.full(total, -1, np.int32)
    representatives, code = [], 0
    while True:
        images = (((code >> np.arange(N)) & 1)[maps] * place).sum(axis=1)   # bit k of an image: bit g(k) of code
        classes[images] = classes[images ^ (total - 1)] = len(representatives)
        representatives.append(code)
        unseen = classes[code:] < 0
        if not unseen.any():
            return classes, representatives
        code += int(unseen.argmax())


def _perceptron_separates(n, tables, *, signed):
    """The perceptron on each truth table (0/1 labels): True if it converged (W checked exactly), False if it cycled."""
    patterns = boolean_patterns(n) if n else np.zeros((1, 1))   # no inputs: one pattern, a constant 0 input
    if signed and n:
        patterns = 2 * patterns - 1
    batch = train_many(np.broadcast_to(patterns, (len(tables),) + patterns.shape), tables.astype(np.int64),
                       max_epochs=WALK_EPOCHS)
    if not np.isin(batch.status, ("converged", "cycling")).all():
        raise RuntimeError(f"a perceptron run on a Boolean function ended {set(batch.status.tolist())}: undecided")
    separable = batch.status == "converged"
    W = batch.final_weights.astype(np.int64)    # sums of +-patterns: whole numbers, exact in floats
    rows = np.hstack([np.ones((len(patterns), 1)), patterns]).astype(np.int64)
    nets = (rows[None, :, :] * W[:, None, :]).sum(axis=2)
    if not (W == batch.final_weights).all() or ((nets > 0) != tables)[separable].any():
        raise RuntimeError("a converged perceptron's W does not compute its function in exact arithmetic")
    return separable


def _region_walk(n):
    """The separable classes of n inputs, {Chow key: a truth table}, reached by flipping one label at a time."""
    N = 1 << n
    constant = np.zeros((1, N), bool)
    known, rejected, frontier = {_chow_keys(constant, n)[0]: constant[0]}, set(), constant
    while len(frontier):
        flips = np.repeat(frontier, N, axis=0)
        flips[np.arange(len(flips)), np.tile(np.arange(N), len(frontier))] ^= True
        new = {}
        for row, key in enumerate(_chow_keys(flips, n)):
            if key not in known and key not in rejected:
                new.setdefault(key, row)
        keys, tables = list(new), flips[list(new.values())]
        summable = _two_summable(tables, n)
        separable = np.zeros(len(keys), bool)
        if (~summable).any():
            separable[~summable] = _perceptron_separates(n, tables[~summable], signed=True)
        known.update((k, t) for k, t, s in zip(keys, tables, separable) if s)
        rejected.update(k for k, s in zip(keys, separable) if not s)
        frontier = tables[separable]
    return known


def _chow_keys(tables, n):
    """Per truth table: (|a_0|, |a_i| sorted down), a_0 = sum f, a_i = sum f x_i, with f and x in +-1 form."""
    bits = (np.arange(1 << n)[:, None] >> np.arange(n - 1, -1, -1)) & 1
    signed = np.hstack([np.ones((1 << n, 1), np.int64), 2 * bits - 1])
    f = np.where(tables, 1, -1)
    chow = np.abs((f[:, :, None] * signed[None]).sum(axis=1))
    chow[:, 1:] = -np.sort(-chow[:, 1:], axis=1)
    return [tuple(row) for row in chow.tolist()]


def _class_size(key, n):
    """How many separable functions share a Chow key: a_0 up to sign, the |a_i| in any order with any signs."""
    size = (2 if key[0] else 1) * math.factorial(n) * 2 ** sum(1 for a in key[1:] if a)
    for repeats in Counter(key[1:]).values():
        size //= math.factorial(repeats)
    return size


def _two_summable(tables, n):
    """Per truth table: do two positive patterns have the sum of two negative ones? (A proof of no separator.)"""
    N = 1 << n
    first, second = np.triu_indices(N, k=1)
    bits = (np.arange(N)[:, None] >> np.arange(n)) & 1
    codes = ((bits[first] + bits[second]) * 3 ** np.arange(n)).sum(axis=1)   # the sum, each entry 0, 1 or 2
    found = []
    for both in (tables[:, first] & tables[:, second], ~tables[:, first] & ~tables[:, second]):
        sums = np.zeros((len(tables), 3 ** n), bool)
        rows, pairs = np.nonzero(both)
        sums[rows, codes[pairs]] = True
        found.append(sums)
    return (found[0] & found[1]).any(axis=1)
