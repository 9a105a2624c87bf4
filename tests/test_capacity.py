"""Counting dichotomies: Cover's function counting theorem, Budinich's regions, sides and local minima, and the
interval of a measured fraction."""
from fractions import Fraction
import math

import numpy as np
import pytest

from perceptron_lib.theory.capacity import (fraction_interval, log_n_min, n_min, n_min_peak, regions, separable_dichotomies,
                                     separable_probability, sides, stirling_root)
from perceptron_lib.theory.separability import lp_separability
from reference import labels_of


# --- regions ------------------------------------------------------------------------------------

def test_regions_is_the_exact_sum_and_stays_fast_for_large_arguments():
    from math import comb
    assert [regions(n, d) for n, d in [(4, 2), (3, 5), (0, 2), (0, 0), (5, 0)]] == [11, 8, 1, 1, 1]
    for n, d in [(30, 10), (30, 20), (31, 15), (31, 16), (40, 39)]:
        assert regions(n, d) == sum(comb(n, k) for k in range(d + 1))
    assert regions(3, 10**9) == 8 and regions(np.int64(5), np.int64(2)) == 16
    assert regions(50_000, 10**100) == 2**50_000
    assert regions(50_000, 25_000) == 2**49_999 + comb(50_000, 25_000) // 2  # the sum is half and the middle half


# --- Cover's counting -----------------------------------------------------------------------------

@pytest.mark.parametrize("d, bias", [(2, True), (3, False), (1, True)])
def test_cover_count_equals_the_dichotomies_a_linear_program_separates_on_random_points(d, bias):
    """Cover (1965): random points are in general position with probability 1; every dichotomy decided by LP."""
    rng = np.random.default_rng(d + 10 * bias)
    for n in range(1, 8):
        points = rng.normal(size=(n, d))
        found = sum(lp_separability(points, labels_of(code, n), bias=bias).separable for code in range(2**n))
        assert found == separable_dichotomies(n, d, bias=bias)


def test_cover_probability_is_one_up_to_d_and_one_half_at_2d():
    for d in range(1, 40):
        assert all(separable_probability(n, d) == 1 for n in range(d + 1))
        assert separable_probability(2 * d, d) == Fraction(1, 2)
        assert separable_probability(d + 1, d) < 1
        assert separable_probability(2 * (d + 1), d, bias=True) == Fraction(1, 2)  # the bias is one more dimension
        assert separable_probability(d + 1, d, bias=True) == 1


def test_cover_count_is_the_binomial_sum_and_twice_budinich_regions_of_one_pattern_less():
    for n in range(0, 25):
        for d in range(0, 12):
            direct = 1 if n == 0 else 2 * sum(math.comb(n - 1, k) for k in range(d))
            assert separable_dichotomies(n, d) == direct
            assert separable_dichotomies(n, d, bias=True) == separable_dichotomies(n, d + 1)
            if n and d:
                assert separable_dichotomies(n, d + 1) == 2 * regions(n - 1, d)
    # Budinich (1993, section 3) writes 2 R(n, d) with the bias: more dichotomies than exist
    assert 2 * regions(4, 2) == 22 > 2**4 and separable_dichotomies(4, 2, bias=True) == 14
    assert separable_dichotomies(50_000, 10, bias=True) > 0 and separable_dichotomies(10**4, 10**9) == 2**10_000


def test_budinichs_two_r_counts_twice_the_dichotomies_a_unit_without_bias_makes():
    """The slices w0 = 1 and w0 = -1 each have R(n, d) regions; both meet the C(n, d) regions that w0 = 0 reaches."""
    for n in range(1, 30):
        for d in range(0, 12):
            assert 2 * regions(n, d) == separable_dichotomies(n, d, bias=True) + separable_dichotomies(n, d)
    assert separable_dichotomies(4, 2, bias=True) + separable_dichotomies(4, 2) == 14 + 8 == 2 * regions(4, 2)


@pytest.mark.parametrize("d", [1, 2, 3])
def test_each_slice_w0_plus_or_minus_1_reaches_r_dichotomies_and_both_reach_cover_count(d):
    """A labelling is computed with w0 > 0 iff the points and the origin, labelled +, are separable (W·[1 0 ... 0] = w0);
    with w0 < 0 iff they are with the origin labelled -. Counted by linear programs on random points."""
    rng = np.random.default_rng(20 + d)
    for n in range(1, 7):
        points = np.vstack([rng.normal(size=(n, d)), np.zeros((1, d))])
        reached = [{code for code in range(2**n)
                    if lp_separability(points, np.r_[labels_of(code, n), origin]).separable} for origin in (1, 0)]
        assert len(reached[0]) == len(reached[1]) == regions(n, d)
        assert len(reached[0] | reached[1]) == separable_dichotomies(n, d, bias=True)
        assert len(reached[0] & reached[1]) == separable_dichotomies(n, d)


def test_fraction_interval_is_wilsons_and_holds_the_true_fraction_about_as_often_as_its_confidence():
    low, high = fraction_interval(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)
    assert fraction_interval(0, 10)[0] == 0.0 and fraction_interval(10, 10)[1] == 1.0
    assert math.isclose(fraction_interval(10, 10)[0], 10 / (10 + 1.959964**2), rel_tol=1e-6)
    for trials in (1, 7, 25, 200, 10**6):
        for hits in sorted({0, 1, trials // 3, trials // 2, trials - 1, trials}):
            low, high = fraction_interval(hits, trials)
            wide_low, wide_high = fraction_interval(hits, trials, confidence=0.99)
            assert 0 <= wide_low <= low <= hits / trials <= high <= wide_high <= 1
    # the exact chance, over the binomial distribution of hits, that the interval holds p: near 0.95
    for p, trials in [(0.5, 200), (0.3, 100), (0.9, 500), (0.05, 400)]:
        covered = sum(math.comb(trials, k) * p**k * (1 - p) ** (trials - k) for k in range(trials + 1)
                      if fraction_interval(k, trials)[0] <= p <= fraction_interval(k, trials)[1])
        assert 0.93 < covered < 0.97


# --- Budinich's sides and local minima --------------------------------------------------------------

def arrangement_regions(normals, offsets):
    """The sign vectors of the regions of {w : normals_k·w + offsets_k = 0}, each found by a linear program.

    Region s is a W = (1, w) with s_k W·(offset_k, normal_k) > 0: a homogeneous separation with W_0 > 0,
    which the extra pattern (1, 0, ..., 0) labelled positive enforces.
    """
    n, d = normals.shape
    points = np.vstack([np.c_[offsets, normals], np.eye(d + 1)[:1]])
    found = set()
    for code in range(2**n):
        labels = np.r_[labels_of(code, n), 1]
        if lp_separability(points, labels, bias=False).separable:
            found.add(code)
    return found


@pytest.mark.parametrize("n, d", [(4, 2), (5, 2), (6, 2), (5, 3), (3, 3), (6, 1)])
def test_regions_and_sides_match_a_random_arrangement(n, d):
    """Each region's sides are the hyperplanes whose flip gives another region (the cell without that plane
    is convex, and the plane splits it in two)."""
    rng = np.random.default_rng(n * 10 + d)
    found = arrangement_regions(rng.normal(size=(n, d)), rng.normal(size=n))
    assert len(found) == regions(n, d)
    total_sides = sum((code ^ (1 << k)) in found for code in found for k in range(n))
    assert Fraction(total_sides, len(found)) == sides(n, d) == Fraction(2 * n * regions(n - 1, d - 1), regions(n, d))


def test_sides_and_minima_in_budinich_regions_of_the_n_d_plane():
    for d in range(1, 12):
        for n in range(0, d + 1):  # region 1: S = n, one minimum
            assert sides(n, d) == n and n_min(n, d) == 1.0 and log_n_min(n, d) == 0.0
        assert abs(float(sides(100 * d, d)) - 2 * d) < 0.05 * d + 0.1  # regions 3 and 4: S close to 2d
    assert sides(0, 3) == sides(5, 0) == 0 and n_min(5, 0) == 1.0
    for n in (1000, 5000):
        assert abs(n_min(n, 1) / ((n + 1) / 4) - 1) < 2e-3  # d = 1: (n + 1)/4


@pytest.mark.parametrize("n, d", [(4, 2), (10, 3), (30, 7), (60, 20), (200, 40), (700, 100)])
def test_n_min_is_r_over_two_to_the_s_and_its_log_agrees(n, d):
    R, S = regions(n, d), sides(n, d)
    expected = Fraction(R) / Fraction(2) ** int(S) / 2.0 ** float(S - int(S))
    assert math.isclose(n_min(n, d), float(expected), rel_tol=1e-14)
    assert math.isclose(log_n_min(n, d), math.log(R) - float(S) * math.log(2), rel_tol=1e-14)
    assert math.isclose(math.exp(log_n_min(n, d)), n_min(n, d), rel_tol=1e-12)


def test_log_n_min_does_not_overflow_where_n_min_would():
    assert log_n_min(5000, 1000) > 1000 and log_n_min(50_000, 10_000) > 10**4
    with pytest.raises(ValueError, match="use log_n_min"):
        n_min(5000, 1000)


def test_n_min_peak_is_the_largest_over_d_and_near_n_over_5():
    for n in range(1, 80):
        values = [log_n_min(n, d) for d in range(1, n + 1)]
        assert n_min_peak(n) == 1 + values.index(max(values))
    assert [n_min_peak(n) for n in (100, 1000, 3000)] == [21, 201, 601]
    assert abs(20_000 / n_min_peak(20_000) - 5) < 0.002


def test_stirling_root_solves_budinichs_equation_near_n_over_5():
    for n in (6, 10, 50, 100, 1000, 10**4, 10**6, 1e12):
        d = stirling_root(n)
        assert n / 10 < d < n / 5
        residual = (2 * d - n) / (2 * d * (n - d)) + math.log((n - d) / (4 * d))
        assert abs(residual) < 1e-12
    assert [round(n / stirling_root(n), 3) for n in (100, 1000, 10**6)] == [5.077, 5.008, 5.0]
    for n in (50, 100, 500, 1000, 3000):  # "in excellent agreement with that observed numerically"
        assert abs(n_min_peak(n) - stirling_root(n)) < 1.5


def test_budinichs_equation_has_no_root_below_6():
    for n in (2, 3, 4, 5):
        d = np.linspace(1e-6, 0.5 - 1e-6, 100_001) * n
        assert ((2 * d - n) / (2 * d * (n - d)) + np.log((n - d) / (4 * d)) < 0).all()


def test_probability_takes_numpy_integers_of_any_size():
    import numpy as np
    from perceptron_lib.theory.capacity import separable_probability
    assert separable_probability(np.int64(70), 20) == separable_probability(70, 20) > 0
    assert separable_probability(np.int64(63), 5) == separable_probability(63, 5) > 0
