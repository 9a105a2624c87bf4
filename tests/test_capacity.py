"""Capacity: separability and its proofs (perceptron, linear program), Cover and Budinich's counts, Boolean functions."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from perceptron_lib import boolean_function, train
from perceptron_lib.arithmetic import dot
import math
from fractions import Fraction

from perceptron_lib.capacity import (_chow_keys, _class_size, _cube_symmetries, _region_walk, _symmetry_classes,
                                     _two_summable, boolean_census, fraction_interval, linear_separability, log_n_min,
                                     lp_separability,
                                     n_min, n_min_peak, regions, separable_boolean_count, separable_dichotomies,
                                     separable_probability, sides, stirling_root)
from perceptron_lib.datasets import boolean_patterns, truth_table
from perceptron_lib.training import output


@pytest.mark.parametrize("signed", [False, True])
def test_xor_is_not_separable_and_the_cycle_says_x2_plus_x3_equals_x1_plus_x4(signed):
    verdict = linear_separability(*boolean_function("xor", signed=signed))
    assert not verdict.separable
    assert verdict.counts.tolist() == [1, 1, 1, 1]
    assert verdict.positive.tolist() == verdict.negative.tolist() == [2, 1, 1]
    assert "X2 + X3 (positive) = X1 + X4 (negative) = [2 1 1]" in repr(verdict)


def test_the_non_trivial_dnf_is_detected():
    """Manfredi (2021): (x1 and x2) or (x3 and x4) is not a linear threshold function."""
    verdict = linear_separability(*truth_table(lambda a, b, c, d: (a and b) or (c and d), 4))
    assert not verdict.separable
    np.testing.assert_array_equal(verdict.positive, verdict.negative)


@pytest.mark.parametrize("name, m", [("and", None), ("or", None), ("nand", None), ("nor", None),
                                     ("at_least", 2)])
def test_threshold_functions_are_separable_and_the_weights_prove_it(name, m):
    X, y = boolean_function(name, 3, m=m)
    verdict = linear_separability(X, y)
    assert verdict.separable
    assert output(verdict.weights, X).tolist() == y.tolist()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 255))
def test_every_function_of_three_inputs_gets_a_verdict_with_its_proof(code):
    X = boolean_patterns(3)
    y = np.array([(code >> i) & 1 for i in range(8)])
    verdict = linear_separability(X, y)
    if verdict.separable:
        assert output(verdict.weights, X).tolist() == y.tolist()
    else:
        np.testing.assert_array_equal(verdict.positive, verdict.negative)
        assert verdict.counts[y == 1].sum() > 0 and verdict.counts[y == 0].sum() > 0


def test_cycle_corrections_add_up_to_zero():
    run = train(*boolean_function("xor", 3))
    counts = run.cycle_corrections()
    signs = np.where(run.y == 1, 1, -1)
    np.testing.assert_array_equal(dot(run.X.T, counts * signs), 0)


def test_truth_table_and_output():
    X, y = truth_table(lambda a, b: a != b, 2)
    assert y.tolist() == boolean_function("xor")[1].tolist()
    layer = output([[-0.5, 1, 1], [1.5, -1, -1]], X)  # OR and NAND side by side
    assert layer.tolist() == [[0, 1], [1, 1], [1, 1], [1, 0]]


@pytest.mark.parametrize("call, error, words", [
    (lambda: linear_separability([[0.5, 1], [1, 0]], [0, 1]), ValueError, r"X must hold integer values"),
    (lambda: linear_separability(*boolean_function("xor"), max_epochs=1), ValueError,
     r"undecided after max_epochs=1 passes"),
    (lambda: train(*boolean_function("or")).cycle_corrections(), ValueError,
     r"needs a run that ended cycling, got status 'converged'"),
    (lambda: truth_table("xor", 2), TypeError, r"function must be a function.*got 'xor'"),
    (lambda: output([1, 1], [[0, 0]]), ValueError, r"weights must have 3 entries per unit.*got shape \(2,\)"),
    (lambda: output([1, 1, 1], [0, 0]), ValueError, r"X must have shape \(n_samples, n_features\)"),
])
def test_bad_input_is_named_in_the_error(call, error, words):
    with pytest.raises(error, match=words):
        call()


# --- exactness: no proof is claimed unless it holds in exact integer arithmetic -----------------

BIG = 2**60


def exact_nets(W, X):
    """W·[1, x] for each pattern, in Python integers."""
    return [int(W[0]) + sum(int(w) * int(v) for w, v in zip(W[1:], x)) for x in np.asarray(X).tolist()]


def exact_sums(verdict, X):
    """The sums of the cycle's corrections over positives and negatives, in Python integers."""
    rows = [[1] + [int(v) for v in x] for x in np.asarray(X).tolist()]
    sums = {True: [0] * len(rows[0]), False: [0] * len(rows[0])}
    for row, c, label in zip(rows, verdict.counts.tolist(), verdict.trace.y.tolist()):
        sums[label == 1] = [a + c * b for a, b in zip(sums[label == 1], row)]
    return sums[True], sums[False]


def test_or_times_2_to_the_60_is_separable_and_the_weights_are_checked_exactly():
    X, y = boolean_function("or")
    X = X.astype(np.int64) * BIG
    verdict = linear_separability(X, y)
    assert verdict.separable
    nets = exact_nets(verdict.weights, X)
    assert all((net > 0) == (label == 1) for net, label in zip(nets, y))
    assert f"W = [0 {BIG} {BIG}]" in repr(verdict)  # every digit, not 1.153e+18


@pytest.mark.parametrize("name", ["xor", "xnor"])
def test_xor_times_2_to_the_60_prints_an_exact_identity(name):
    X, y = boolean_function(name)
    X = X.astype(np.int64) * BIG
    verdict = linear_separability(X, y)
    assert not verdict.separable
    positive, negative = exact_sums(verdict, X)
    assert positive == negative == [2, BIG, BIG]  # X2 + X3 = [1 0 B] + [1 B 0] (XOR; XNOR: X1 + X4)
    assert verdict.positive.tolist() == positive and verdict.negative.tolist() == negative
    assert f"= [2 {BIG} {BIG}]," in repr(verdict)  # every digit, not 1.153e+18


@pytest.mark.parametrize("given", [list, np.array])
def test_separable_integers_that_floats_cannot_tell_apart_are_undecided_not_non_separable(given):
    """2**60 + 1 and 2**60 + 2 are one float, so the float run cycles; in exact arithmetic W = [2**61 + 3, -2]
    separates them (W·X = 1 and -1), and the cycle's identity X1 = X2 fails: undecided, never a false proof."""
    X, y = given([[BIG + 1], [BIG + 2]]), [1, 0]
    assert exact_nets([2 * BIG + 3, -2], X) == [1, -1]
    with pytest.raises(ValueError, match=r"undecided: the perceptron cycled in floating point, but in exact "
                                         r"arithmetic the corrections over its cycle do not add up to zero"):
        linear_separability(X, y, max_epochs=50)


def test_a_float_run_that_converges_by_rounding_is_undecided():
    """Found by a search over integers near 2**58: the float run converges, but its W puts a pattern on the
    wrong side in exact arithmetic."""
    X = [[3 * 2**57, 3 * 2**57 + 1], [2**58, 3 * 2**57], [3 * 2**57 - 3, -3]]
    y = [0, 1, 0]
    run = train(np.array(X, float), y, max_epochs=200)
    assert run.status == "converged"
    assert not all((net > 0) == (label == 1) for net, label in zip(exact_nets(run.final_weights, X), y))
    with pytest.raises(ValueError, match=r"undecided: the perceptron converged in floating point to W = .* "
                                         r"puts pattern\(s\) \[\d.*\] on the wrong side"):
        linear_separability(X, y, max_epochs=200)


def test_a_run_that_ends_otherwise_is_undecided_with_its_reason(monkeypatch):
    """The fractional rule makes no step at W·X = 0 (Honavar 1996, section 4): train stalls; the verdict says
    so, with train's reason, instead of claiming anything."""
    import perceptron_lib.capacity as capacity
    monkeypatch.setattr(capacity, "train", lambda X, y, max_epochs: train(X, y, max_epochs=max_epochs,
                                                                          rule="fractional"))
    with pytest.raises(ValueError, match=r"undecided: the perceptron's run ended with status 'stalled' \(.+\), "
                                         r"neither converged nor cycling"):
        linear_separability(*boolean_function("or"))


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 4), d=st.integers(1, 2), exponent=st.integers(48, 60))
def test_every_claim_on_integers_near_2_to_the_53_holds_exactly(seed, n, d, exponent):
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, size=(n, d)) * 2**exponent + rng.integers(-3, 4, size=(n, d))
    y = rng.integers(0, 2, size=n)
    try:
        verdict = linear_separability(X, y, max_epochs=200)
    except ValueError as error:
        assert "undecided" in str(error)
        return
    if verdict.separable:
        assert all((net > 0) == (label == 1) for net, label in zip(exact_nets(verdict.weights, X), y))
    else:
        positive, negative = exact_sums(verdict, X)
        assert positive == negative and sum(verdict.counts) > 0


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

def labels_of(code, n):
    """Dichotomy number `code` of n points: point k is positive iff bit k of code is 1."""
    return (code >> np.arange(n)) & 1


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


# --- separability by linear programming -----------------------------------------------------------

def exact_check(verdict, X, y, bias=True):
    """Re-check the verdict's proof with Fractions on the caller's numbers."""
    rows = [([1] if bias else []) + list(x) for x in np.asarray(X, float).tolist()]
    s = [1 if v == 1 else -1 for v in np.asarray(y).tolist()]
    if verdict.separable:
        W = [Fraction(w) for w in verdict.weights.tolist()]
        return all(sk * sum(w * Fraction(v) for w, v in zip(W, row)) > 0 for sk, row in zip(s, rows))
    lam = verdict.multipliers.tolist()
    total = [sum(m * sk * Fraction(row[j]) for m, sk, row in zip(lam, s, rows)) for j in range(len(rows[0]))]
    return all(m >= 0 for m in lam) and any(lam) and all(t == 0 for t in total)


def test_linear_program_and_perceptron_agree_on_every_function_of_three_inputs():
    X = boolean_patterns(3)
    census = boolean_census(3)
    for code in range(256):
        y = labels_of(code, 8)
        by_lp = lp_separability(X, y)
        assert by_lp.separable == linear_separability(X, y).separable == census[code]
        assert exact_check(by_lp, X, y)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 25), d=st.integers(1, 6), bias=st.booleans(),
       scale=st.integers(-60, 60))
def test_every_linear_program_verdict_carries_an_exact_proof(seed, n, d, bias, scale):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * 10.0**scale
    X[rng.random(n) < 0.2] = X[0]  # some repeated points, some degenerate sets
    y = rng.integers(0, 2, n)
    verdict = lp_separability(X, y, bias=bias)
    assert exact_check(verdict, X, y, bias)


def test_linear_program_verdicts_on_integer_data_match_the_perceptron():
    rng = np.random.default_rng(7)
    for _ in range(100):
        n, d = rng.integers(2, 15), rng.integers(1, 4)
        X, y = rng.integers(-2, 3, size=(n, d)), rng.integers(0, 2, n)
        assert lp_separability(X, y).separable == linear_separability(X, y).separable


def test_xor_multipliers_are_the_cycle_identity_and_a_margin_below_precision_is_undecided():
    X, y = boolean_function("xor")
    verdict = lp_separability(X, y)
    assert verdict.multipliers.tolist() == [1, 1, 1, 1]  # X2 + X3 = X1 + X4, the perceptron's cycle
    assert "X2 + X3 (positive) = X1 + X4 (negative)" in repr(verdict)
    assert "W = [" in repr(lp_separability(*boolean_function("or")))
    with pytest.raises(ValueError, match="undecided"):
        lp_separability([[1.0], [1.0 + 2**-52]], [0, 1])  # separable, by a margin of one unit in the last place


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


# --- Boolean functions ------------------------------------------------------------------------------

BUDINICH_COUNTS = [2, 4, 14, 104, 1882, 94_572, 15_028_134]


def test_the_census_counts_the_separable_functions_budinich_reports():
    assert [int(boolean_census(n).sum()) for n in range(5)] == BUDINICH_COUNTS[:5]
    assert [separable_boolean_count(n, method="census") for n in range(5)] == BUDINICH_COUNTS[:5]


@pytest.mark.parametrize("n", range(7))
def test_the_walk_over_regions_gives_the_same_counts(n):
    assert separable_boolean_count(n) == BUDINICH_COUNTS[n]


def test_census_entries_follow_the_truth_table_codes():
    separable = boolean_census(2)
    for name in ("and", "or", "nand", "nor", "xor", "xnor"):
        y = boolean_function(name)[1]
        assert separable[int((y << np.arange(4)).sum())] == (name not in ("xor", "xnor"))
    assert boolean_census(0).tolist() == [True, True] and boolean_census(1).all()


def test_census_of_four_inputs_agrees_with_the_perceptron_run_per_function():
    X, separable = boolean_patterns(4), boolean_census(4)
    for code in range(0, 2**16, 97):
        assert linear_separability(X, labels_of(code, 16)).separable == separable[code]


def orbit(code, n):
    """Every truth-table code the cube's symmetries and output complement take `code` to."""
    N, maps = 1 << n, _cube_symmetries(n)
    images = (labels_of(code, N)[maps] << np.arange(N)).sum(axis=1)
    return set(images.tolist()) | set((images ^ ((1 << N) - 1)).tolist())


def test_symmetry_classes_are_the_orbits_of_the_cube():
    classes, representatives = _symmetry_classes(4)
    assert len(representatives) == 222  # the NPN classes of 4 inputs
    for code in representatives[::7]:
        assert set(np.flatnonzero(classes == classes[code]).tolist()) == orbit(code, 4)
    assert len(_cube_symmetries(4)) == 384 and len({tuple(m) for m in _cube_symmetries(4).tolist()}) == 384


@pytest.mark.parametrize("n", [3, 4, 5])
def test_walk_classes_are_whole_orbits_whose_size_the_chow_key_gives(n):
    """The Chow-key shortcut (class and class size from a_0 and the sorted |a_i|) against the explicit orbits."""
    classes = _region_walk(n)
    found = set()
    for key, table in classes.items():
        code = int((table.astype(np.int64) << np.arange(2**n)).sum())
        members = orbit(code, n)
        assert len(members) == _class_size(key, n)
        tables = np.array([labels_of(c, 2**n) for c in sorted(members)], bool)
        assert set(_chow_keys(tables, n)) == {key}
        found |= members
    if n <= 4:
        assert found == set(np.flatnonzero(boolean_census(n)).tolist())


def test_two_summable_functions_are_never_separable():
    codes = np.arange(2**16)
    tables = labels_of(codes[:, None], 16).astype(bool)
    summable = _two_summable(tables, 4)
    assert not (summable & boolean_census(4)).any()
    assert summable.sum() == 2**16 - 1882  # on 4 inputs, every non-separable function has such a pair


def test_probability_takes_numpy_integers_of_any_size():
    import numpy as np
    from perceptron_lib.capacity import separable_probability
    assert separable_probability(np.int64(70), 20) == separable_probability(70, 20) > 0
    assert separable_probability(np.int64(63), 5) == separable_probability(63, 5) > 0
