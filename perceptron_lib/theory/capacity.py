"""How many dichotomies a threshold unit computes: Cover's counting and Budinich's weight space.

For points in general position:

- Cover's number of dichotomies and the probability of separability
  (`separable_dichotomies`, `separable_probability`; Cover 1965);
- Budinich's regions, sides and local minima of the error count in weight
  space (`regions`, `sides`, `n_min`, `log_n_min`, `n_min_peak`,
  `stirling_root`; Budinich 1993, section 3). Cover's d counts the weights;
  Budinich's d counts the inputs of a unit with a threshold, which has
  d + 1 weights;
- measuring a fraction: `fraction_interval`, the Wilson score interval of a
  fraction of separable sets counted in random trials.

Whether one data set is separable is decided in separability.py; how many
Boolean functions are, in boolean_counts.py. The counts are exact integers
(Python ints) or fractions.

**In the course's notation** (lesson 08): the argument n is the number of
patterns N; Cover's d is the number of weights d = p + 1 of a unit with p
inputs; Budinich's d, the argument of `regions`, `sides`, `n_min`,
`log_n_min` and `n_min_peak`, is the number of inputs p; and his R(n, d) is
written Q(N, p) (R is the radius of lesson 05), so that
2 Q(N, p) = C(N, p + 1) + C(N, p).
"""
from fractions import Fraction
import math
from statistics import NormalDist

from ..core import constraints as declare
from . import theory_constraints as kinds

# regions(n, d) is an exact integer of up to n binary digits; above this n it would take seconds.
MAX_REGIONS_N = 50_000
# n_min_peak scans every d with exact integers: about 0.3 s at this n (the time grows as n**2).
MAX_PEAK_N = 20_000
# n and d of the counts: whole numbers >= 0, n at most MAX_REGIONS_N.
POINTS = kinds.Count(minimum=0, most=MAX_REGIONS_N, why="(the counts are exact integers of up to n binary digits)")
DIMENSION = declare.Whole(minimum=0)


@declare.declared(n=POINTS, d=DIMENSION)
def regions(n, d):
    """R(n, d), the course's Q(N, p): regions cut by n affine hyperplanes in general position in d dimensions.

    Budinich 1993, section 3.

    R(n, d) = sum over k = 0..d of C(n, k), an exact integer; the terms with
    k > n are zero, so at most min(n, d) + 1 are added, and for d >= n/2 the
    complement 2**n minus the sum over k = d+1..n is shorter.

    Budinich's d is the number of inputs of a unit with a threshold, and his
    d-dimensional weight space is a slice of the full space of d + 1
    weights: at a fixed bias weight w0, pattern k is the affine hyperplane
    w0 + w1 x1 + ... + wd xd = 0, which misses the origin, and R(n, d)
    counts the regions of that slice (on each the number of errors is
    constant). The hyperplanes W·X_k = 0 through the origin of the full
    space cut it into C(n, d + 1) = 2 R(n - 1, d) regions instead, one per
    dichotomy (`separable_dichotomies`).

    Parameters
    ----------
    n : int
        The number of hyperplanes, a whole number from 0 to 50,000 (R has up
        to n binary digits).
    d : int
        The dimension, a whole number >= 0.

    Returns
    -------
    int

    Examples
    --------
    >>> regions(4, 2)  # Budinich's figure 1: four lines, eleven regions
    11
    >>> regions(3, 10**9)  # d >= n: every one of the 2**n sign patterns
    8
    """
    return _regions_or_zero(n, d)


def _binomial_sum(n, m):
    """C(n, 0) + C(n, 1) + ... + C(n, m), each term from the last: C(n, k + 1) = C(n, k) (n - k) / (k + 1)."""
    total = term = 1
    for k in range(m):
        term = term * (n - k) // (k + 1)
        total += term
    return total


def _regions_or_zero(n, d):
    """R(n, d) from checked arguments, with R = 0 for d < 0 (no regions of a negative dimension)."""
    if d < 0 or n < 0:
        return 0
    if d >= n:
        return 1 << n
    if 2 * d < n:
        return _binomial_sum(n, d)
    return (1 << n) - _binomial_sum(n, n - d - 1)  # C(n, k) = C(n, n - k)


# --- Cover's counting ------------------------------------------------------------------------------

@declare.declared(n=POINTS, d=DIMENSION, bias=declare.Flag())
def separable_dichotomies(n, d, *, bias=False):
    """C(n, d): how many of the 2**n dichotomies of n points in general position a threshold unit computes.

    Cover's function counting theorem (Cover 1965): for n points in general
    position in d dimensions, the dichotomies a hyperplane through the
    origin can cut (W·X > 0 on one class, < 0 on the other) number

        C(n, d) = 2 * sum over k = 0..d-1 of binom(n - 1, k) = 2 R(n - 1, d - 1),

    an exact integer; C(n, d) = 2**n for n <= d, and C(2d, d) = 2**(2d - 1).
    Budinich (1993, section 3) cites Cover's paper, but does not print this
    count; he derives the number of dichotomies from his regions as 2 R(n, d).

    **Where the bias goes.** With ``bias=False``, d is the dimension of W
    and X (a unit without bias, or patterns that already hold x0 = 1). With
    ``bias=True``, d is the number of features, the bias weight is added
    (X becomes (1, x1, ..., xd)), and the count is C(n, d + 1) = 2 R(n - 1, d),
    for points in general position as points of R^d (no d + 1 on one plane).
    Budinich's 2 R(n, d), for d inputs and the bias, overcounts: his R(n, d)
    regions are those of a slice of weight space at a fixed w0 (see
    `regions`), the slices at w0 = 1 and w0 = -1 together meet every one of
    the C(n, d + 1) regions, and they both meet the C(n, d) regions that a
    unit with w0 = 0 reaches, so 2 R(n, d) = C(n, d + 1) + C(n, d). Four
    points in the plane: 2 R(4, 2) = 22 > 2**4, and C(4, 3) = 14 in fact.

    Parameters
    ----------
    n : int
        The number of points, a whole number from 0 to 50,000.
    d : int
        The dimension (``bias=False``) or the number of features
        (``bias=True``), a whole number >= 0.
    bias : bool, default False
        Count for a unit with a bias weight, as above.

    Returns
    -------
    int

    Examples
    --------
    >>> separable_dichotomies(4, 2, bias=True)  # four points in general position in the plane: 14 of 16
    14
    >>> separable_dichotomies(4, 3) == separable_dichotomies(4, 2, bias=True)
    True
    >>> separable_dichotomies(3, 5)  # n <= d: every dichotomy
    8
    """
    return _separable_dichotomies(n, d, bias=bias)


def _separable_dichotomies(n, d, *, bias=False):
    """`separable_dichotomies` on arguments as its declaration passes them."""
    d += bias
    if n == 0:
        return 1  # the empty set has one dichotomy, and any W computes it
    return 2 * _regions_or_zero(n - 1, d - 1)


@declare.declared(n=POINTS, d=DIMENSION, bias=declare.Flag())
def separable_probability(n, d, *, bias=False):
    """P(n, d) = C(n, d) / 2**n: the chance that random labels on n points in general position are separable.

    Cover (1965): with every labelling equally likely, P = 1 for n <= d and
    P = 1/2 at n = 2d, then falls to 0. As a Fraction, exactly. See
    `separable_dichotomies` for d and the bias: with ``bias=True`` the 1
    holds up to n = d + 1 and the 1/2 comes at n = 2(d + 1). Budinich (1993,
    section 3, region 2) cites Cover for the fall from 1 to 1/2 at n = 2d
    with his d, the number of inputs: with the threshold as a weight, that
    1/2 is at n = 2d + 2.

    Parameters
    ----------
    n : int
        The number of points, a whole number from 0 to 50,000.
    d : int
        The dimension (``bias=False``) or the number of features (``bias=True``),
        a whole number >= 0.
    bias : bool, default False
        Count for a unit with a bias weight.

    Returns
    -------
    fractions.Fraction

    Examples
    --------
    >>> separable_probability(10, 5), separable_probability(5, 5), separable_probability(6, 2, bias=True)
    (Fraction(1, 2), Fraction(1, 1), Fraction(1, 2))
    >>> separable_probability(8, 2, bias=True)  # eight points in the plane: C(8, 3) = 58 of 256
    Fraction(29, 128)
    """
    count = _separable_dichotomies(n, d, bias=bias)   # n, d and bias are checked as separable_dichotomies checks them
    return Fraction(count, 1 << int(n))   # int: a numpy integer would overflow from n = 63


@declare.declared(trials=declare.Whole(minimum=1), hits=kinds.WholeUpTo("trials", minimum=0),
                  confidence=declare.Number(above=0, below=1))
def fraction_interval(hits, trials, *, confidence=0.95):
    """The Wilson score interval of a fraction measured in random trials: (low, high).

    When each of `trials` independent trials succeeds with the same unknown
    probability p (a random set of points is separable, say) and `hits` of
    them succeed, the Wilson (1927) score interval holds every p that a
    two-sided test at level 1 - confidence would not reject against
    hits / trials: with z the standard normal quantile of (1 + confidence)/2
    and f = hits / trials,

        (f + z**2 / (2 trials) -+ z sqrt(f (1 - f) / trials + z**2 / (4 trials**2))) / (1 + z**2 / trials).

    Unlike f -+ z sqrt(f (1 - f) / trials), it does not shrink to a point at
    f = 0 or 1, and it stays within [0, 1]. In repeated experiments it holds
    the true p about `confidence` of the time; over many intervals, some
    miss (1 in 20 at 0.95).

    Parameters
    ----------
    hits : int
        The trials that succeeded, a whole number from 0 to `trials`.
    trials : int
        The number of trials, a whole number >= 1.
    confidence : float, default 0.95
        The confidence level, a number > 0 and < 1.

    Returns
    -------
    (float, float)
        The interval's ends, 0 <= low <= hits / trials <= high <= 1.

    Examples
    --------
    >>> [round(v, 3) for v in fraction_interval(50, 100)]
    [0.404, 0.596]
    >>> [round(v, 3) for v in fraction_interval(200, 200)]  # every trial succeeded: p is near 1, not surely 1
    [0.981, 1.0]
    """
    z = NormalDist().inv_cdf((1 + confidence) / 2)
    f, spread = hits / trials, z * z / trials
    centre = (f + spread / 2) / (1 + spread)
    half = z * math.sqrt(f * (1 - f) / trials + spread / (4 * trials)) / (1 + spread)
    # at hits = 0 (or = trials) the low (high) end is 0 (1) exactly; the float sums would leave a last-digit residue
    return (0.0 if hits == 0 else centre - half), (1.0 if hits == trials else centre + half)


# --- Budinich's weight space: sides and local minima ----------------------------------------------

@declare.declared(n=POINTS, d=DIMENSION)
def sides(n, d):
    """S(n, d) = 2n R(n-1, d-1) / R(n, d): the average number of sides of a region (Budinich 1993, section 3).

    In the course's notation S(N, p) = 2N Q(N-1, p-1) / Q(N, p), p the number of inputs.

    n hyperplanes in general position in d-dimensional weight space cut it
    into R(n, d) regions (see `regions`); together the regions have
    2n R(n - 1, d - 1) sides (each hyperplane is cut by the others into
    R(n - 1, d - 1) pieces, each the side of two regions). Exact, as a
    Fraction. S = n for n <= d (Budinich's region 1) and S tends to 2d as n
    grows (regions 3 and 4). S(n, 0) = S(0, d) = 0: one region, no sides.
    Here d is Budinich's: the dimension of weight space, the number of
    inputs of his unit, whose threshold makes the hyperplanes affine.

    Parameters
    ----------
    n : int
        The number of hyperplanes (patterns), a whole number from 0 to 50,000.
    d : int
        The dimension of weight space, a whole number >= 0.

    Returns
    -------
    fractions.Fraction

    Examples
    --------
    >>> sides(4, 2)  # figure 1: 4 lines, 11 regions, 2 * 4 * R(3, 1) = 32 sides
    Fraction(32, 11)
    >>> sides(3, 5)  # n <= d: every region is cut by every hyperplane
    Fraction(3, 1)
    """
    return Fraction(2 * n * _regions_or_zero(n - 1, d - 1), _regions_or_zero(n, d))


@declare.declared(n=POINTS, d=DIMENSION)
def log_n_min(n, d):
    """ln N_min(n, d), N_min = R(n, d) / 2**S(n, d): the expected number of local minima of the error count.

    Budinich (1993, section 3, eq. 4): with random patterns each side of a
    region is a step up or down of the error count with probability 1/2,
    independently, so a region is a local minimum with probability
    2**(-S). Computed from the exact integer R and the exact fraction S,
    so it does not overflow for any n up to 50,000 (N_min itself grows
    like (n/4)**d; see `n_min`).

    Parameters
    ----------
    n : int
        The number of patterns, a whole number from 0 to 50,000.
    d : int
        The dimension of weight space (Budinich's number of inputs), a whole
        number >= 0.

    Returns
    -------
    float

    Examples
    --------
    >>> round(log_n_min(1000, 200), 1)  # N_min(1000, 200) is about 10**95.7
    220.4
    >>> log_n_min(5, 5)  # n <= d: one minimum, the solution
    0.0
    """
    return _log_of_ratio(_regions_or_zero(n, d), _regions_or_zero(n - 1, d - 1), n)


def _log_of_ratio(R, R_sides, n):
    """ln(R / 2**S) with S = 2n R_sides / R, from the exact region counts (`log_n_min` and `n_min`'s search for the
    peak share it); int / int is a correctly rounded float at any size."""
    return math.log(R) - (2 * n * R_sides / R) * math.log(2)


@declare.declared(n=POINTS, d=DIMENSION)
def n_min(n, d):
    """N_min(n, d) = R(n, d) / 2**S(n, d), the expected number of local minima of the error count, as a float.

    In the course's notation N_min(N, p) = Q(N, p) / 2**S(N, p), p the number of inputs.

    Budinich (1993, section 3, eq. 4 and figure 2). N_min = 1 for n <= d (the
    one minimum is the solution); at fixed d it grows like (n/4)**d; at
    d = 1 it tends to (n + 1)/4. Rounded once from the exact R and S. For
    values beyond the range of floats use `log_n_min`.

    Parameters
    ----------
    n : int
        The number of patterns, a whole number from 0 to 50,000.
    d : int
        The dimension of weight space (Budinich's number of inputs), a whole
        number >= 0.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        On bad input, or when N_min is above the largest float (about 1.8e308).

    Examples
    --------
    >>> n_min(4, 4), round(n_min(4, 2), 3)
    (1.0, 1.464)
    >>> round(n_min(1000, 1), 2), (1000 + 1) / 4  # d = 1: (n + 1)/4 for large n
    (250.6, 250.25)
    """
    S = sides(n, d)
    whole = S.numerator // S.denominator
    try:
        return (_regions_or_zero(n, d) / (1 << whole)) * 2.0 ** -float(S - whole)
    except OverflowError:
        raise ValueError(f"n, d must give N_min(n, d) within the range of floats (about 1.8e308), got n={n}, d={d} "
                         f"with ln N_min = {log_n_min(n, d):.1f}; use log_n_min") from None


@declare.declared(n=kinds.Count(minimum=1, most=MAX_PEAK_N,
                                 why="(every d is computed with exact integers of up to n binary digits)"))
def n_min_peak(n):
    """The d in 1..n where N_min(n, d) is largest: where learning n patterns is hardest (Budinich 1993, section 3).

    Every d from 1 to n is computed (R(n, d) and R(n - 1, d - 1) exactly, one
    binomial term at a time) and compared by ln N_min, to float precision;
    for d >= n, N_min is 1. Budinich finds the maximum at d = n/5 (n = 5d),
    from Stirling's formula (see `stirling_root`); the exact one is at
    n/5 + 1 for n = 1000 and n = 3000.

    Parameters
    ----------
    n : int
        The number of patterns, a whole number from 1 to 20,000.

    Returns
    -------
    int

    Examples
    --------
    >>> n_min_peak(1000)
    201
    >>> n_min_peak(100), n_min_peak(50)
    (21, 11)
    """
    best, best_log = 1, -math.inf
    term, R = 1, 1                   # binom(n, d) and R(n, d), from d = 0
    term_sides, R_sides = 1, 1       # binom(n - 1, d - 1) and R(n - 1, d - 1), from d = 1
    for d in range(1, n + 1):
        term = term * (n - d + 1) // d
        R += term
        value = _log_of_ratio(R, R_sides, n)
        if value > best_log:
            best, best_log = d, value
        term_sides = term_sides * (n - d) // d
        R_sides += term_sides
    return best


@declare.declared(n=declare.Number(minimum=6))
def stirling_root(n):
    """The root d of Budinich's equation (2d - n)/(2d(n - d)) + ln((n - d)/(4d)) = 0 between n/10 and n/5.

    Budinich (1993, section 3) approximates N_min(n, d) by binom(n, d)/2**(2d)
    for n > 2d, takes Stirling's formula for the factorials, and sets the
    derivative of the logarithm in d to zero: this equation. Its first term
    is small, so the root is near d = n/5 (n = 5d), where ln((n - d)/(4d)) = 0.
    For n >= 6 the left side falls from positive at d = n/10 to negative at
    d = n/5 (its derivative in d is negative there), so it has exactly one
    root between them, found by bisection to float precision; another root
    near d = 0, where Stirling's formula fails, is not the maximum. For whole
    n <= 5 the left side is negative for every d in (0, n/2): no root.

    Parameters
    ----------
    n : float
        The number of patterns, a finite number >= 6.

    Returns
    -------
    float

    Examples
    --------
    >>> round(stirling_root(1000), 2), round(1000 / stirling_root(1000), 3)
    (199.7, 5.008)
    """

    def left_side(d):
        return (2 * d - n) / (2 * d * (n - d)) + math.log((n - d) / (4 * d))

    low, high = n / 10, n / 5   # left_side(low) > 0 >= left_side(high)
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        low, high = (middle, high) if left_side(middle) > 0 else (low, middle)
    return low
