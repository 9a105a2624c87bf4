"""linear_separability: the perceptron's verdict and its proof, on Boolean functions."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from perceptron_lib import boolean_function, train
from perceptron_lib.capacity import linear_separability
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
    np.testing.assert_array_equal((counts * signs) @ run.X, 0)


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
    (lambda: truth_table("xor", 2), TypeError, r"function must be callable.*got 'xor'"),
    (lambda: output([1, 1], [[0, 0]]), ValueError, r"weights must have 3 entries per unit.*got shape \(2,\)"),
    (lambda: output([1, 1, 1], [0, 0]), ValueError, r"X must be 2-D"),
])
def test_bad_input_is_named_in_the_error(call, error, words):
    with pytest.raises(error, match=words):
        call()
