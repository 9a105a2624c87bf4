"""Separability of one data set and its proofs: the perceptron's converged W or cycle, a linear program's
separator or Gordan multipliers, each checked in exact arithmetic."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from perceptron_lib import boolean_function, train
from perceptron_lib.core.arithmetic import dot
from perceptron_lib.theory.boolean_counts import boolean_census
from perceptron_lib.theory.datasets import boolean_patterns, truth_table
from perceptron_lib.theory.separability import linear_separability, lp_separability
from perceptron_lib.core.training import output
from reference import labels_of


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
    import perceptron_lib.theory.separability as separability
    monkeypatch.setattr(separability, "train", lambda X, y, max_epochs: train(X, y, max_epochs=max_epochs,
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
