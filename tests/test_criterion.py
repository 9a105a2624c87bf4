"""The perceptron criterion (Stensbo-Smidt 2015, eqs. 3-6): its value and gradient against a loop, and the
perceptron's update as a step of stochastic gradient descent on it."""
import numpy as np
import pytest

from perceptron_lib import boolean_function, train
from perceptron_lib.theory.criterion import criterion_gradient, perceptron_criterion
from perceptron_lib.theory.datasets import separable_data


def reference_criterion(w, X, y):
    """E(W) = -sum over misclassified i of t_i W·X_i and its gradient, as a loop; mistakes as train makes them."""
    signed = -1 in y
    E, gradient = 0.0, [0.0] * (len(w))
    for x, label in zip(X, y):
        x = [1.0] + list(x)
        net = 0.0
        for wj, xj in zip(w, x):
            net += wj * xj
        t = label if signed else 2 * label - 1
        mistake = t * net <= 0 if signed else (net > 0) != (label == 1)
        if mistake:
            E += -t * net
            gradient = [g - t * xj for g, xj in zip(gradient, x)]
    return E, gradient


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("signed", [False, True])
def test_criterion_and_gradient_match_the_loop(seed, signed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(12, 3))
    y = rng.integers(0, 2, 12)
    y = 2 * y - 1 if signed else y
    W = rng.normal(size=(5, 4))
    W[0] = 0.0  # every pattern on its plane
    for w, E, g in zip(W, perceptron_criterion(W, X, y), criterion_gradient(W, X, y)):
        E_ref, g_ref = reference_criterion(w, X, y)
        assert E == pytest.approx(E_ref, rel=1e-12, abs=1e-12)
        np.testing.assert_allclose(g, g_ref, atol=1e-12)
        assert perceptron_criterion(w, X, y) == E


@pytest.mark.parametrize("eta", [1.0, 0.3])
@pytest.mark.parametrize("name", ["or", "and", "xor"])
@pytest.mark.parametrize("signed", [False, True])
def test_each_perceptron_update_is_an_sgd_step_on_the_criterion(name, signed, eta):
    """W - eta grad E_k(W) is train's next W, bit for bit, on every presentation (Stensbo-Smidt eqs. 5-6)."""
    X, y = boolean_function(name, 3, signed=signed)
    run = train(X, y, eta=eta, max_epochs=20)
    for k, (before, after, pattern) in enumerate(zip(run.weights[:-1], run.weights[1:], run.pattern)):
        step = before - eta * criterion_gradient(before, X, y, pattern=pattern)
        assert step.tobytes() == after.tobytes(), k
        assert (criterion_gradient(before, X, y, pattern=pattern) != 0).any() == run.updated[k]


@pytest.mark.parametrize("seed", range(4))
def test_sgd_identity_holds_on_float_data_in_random_order(seed):
    X, y, _ = separable_data(20, 3, margin=0.1, seed=seed, signed=True)
    run = train(X, y, eta=0.7, order="random", seed=seed)
    steps = [before - 0.7 * criterion_gradient(before, X, y, pattern=p)
             for before, p in zip(run.weights[:-1], run.pattern)]
    np.testing.assert_array_equal(np.array(steps), run.weights[1:])


def test_criterion_reaches_zero_but_can_rise_along_a_run():
    """Stensbo-Smidt's warning: an update can make other patterns wrong, so E is not monotone."""
    X, y, _ = separable_data(30, 2, margin=0.05, seed=1, signed=True)
    run = train(X, y)
    E = perceptron_criterion(run.weights, X, y)
    assert E[-1] == 0 and run.status == "converged"
    assert (np.diff(E) > 0).any()
    assert (E >= 0).all()


def test_the_whole_gradient_is_the_sum_of_the_pattern_gradients():
    X, y = boolean_function("xor", signed=True)
    w = np.array([0.5, -1.0, 0.25])
    parts = sum(criterion_gradient(w, X, y, pattern=k) for k in range(len(y)))
    np.testing.assert_array_equal(criterion_gradient(w, X, y), parts)
