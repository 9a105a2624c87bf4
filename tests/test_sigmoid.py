"""Sigmoid units (Budinich 1993, sections 2 and 4): cost, gradient, runs and beta_opt, checked against plain loops."""
import math

import numpy as np
import pytest

from perceptron_lib import boolean_function
from perceptron_lib.theory.sigmoid import BETA_OPT_X, SigmoidRun, beta_opt, sigmoid_cost, sigmoid_gradient, train_sigmoid, weight_change
from reference import f, net, wrong_side


# The sigmoid unit (Budinich eqs. 1-3) --------------------------------------------------------------------------------

def reference_cost_and_gradient(w, X, y, beta):
    """E = 1/2 sum (xi - o)^2 and dE/dW = -beta sum (xi - o) o (1 - o) X, as a loop with math.exp."""
    E, gradient = 0.0, [0.0] * len(w)
    for x, label in zip(X, y):
        xi = 1.0 if label == 1 else 0.0
        o = 1 / (1 + math.exp(-beta * net(w, x)))
        E += 0.5 * (xi - o) ** 2
        gradient = [g - beta * (xi - o) * o * (1 - o) * xj for g, xj in zip(gradient, [1.0, *x])]
    return E, gradient


@pytest.mark.parametrize("beta", [0.3, 1.0, 4.0])
@pytest.mark.parametrize("seed", range(5))
def test_cost_and_gradient_match_the_loop_and_finite_differences(seed, beta):
    rng = np.random.default_rng(seed)
    X, y, W = rng.normal(size=(10, 3)), rng.integers(0, 2, 10), rng.normal(size=(4, 4))
    costs, gradients = sigmoid_cost(W, X, y, beta=beta), sigmoid_gradient(W, X, y, beta=beta)
    for w, E, g in zip(W, costs, gradients):
        E_ref, g_ref = reference_cost_and_gradient(w, X, y, beta)
        assert E == pytest.approx(E_ref, rel=1e-13)
        np.testing.assert_allclose(g, g_ref, rtol=1e-12, atol=1e-15)
        h = 1e-6
        numeric = [(sigmoid_cost(w + h * e, X, y, beta=beta) - sigmoid_cost(w - h * e, X, y, beta=beta)) / (2 * h)
                   for e in np.eye(4)]
        np.testing.assert_allclose(g, numeric, rtol=1e-6, atol=1e-9)
    assert sigmoid_cost(W[0], X, y, beta=beta) == costs[0]


def test_labels_minus_one_are_targets_zero():
    X, y = boolean_function("or", signed=True)
    w = [-0.5, 1.0, 2.0]
    assert sigmoid_cost(w, X, y) == sigmoid_cost(w, X, (y + 1) // 2)
    np.testing.assert_array_equal(sigmoid_gradient(w, X, y), sigmoid_gradient(w, X, (y + 1) // 2))


def test_inputs_that_are_zero_never_move_their_weight():
    """Budinich, section 2: with 0/1 inputs a pattern whose input is 0 adds nothing to that weight's change."""
    X, y = boolean_function("and", 3)
    for k, x in enumerate(X):
        g = sigmoid_gradient([0.2, -0.1, 0.3, 0.4], x[None], y[k:k + 1], beta=0.5)
        assert (g[1:][x == 0] == 0).all() and (g[1:][x == 1] != 0).all()


def reference_sigmoid_run(X, y, beta, eta, per_pattern, max_epochs):
    """Gradient descent on E, written out: W after each move, stopping once no pattern is on the wrong side."""
    w = [0.0] * (X.shape[1] + 1)
    xi = [1.0 if label == 1 else 0.0 for label in y]
    rows = [w]
    moves = max_epochs * (len(X) if per_pattern else 1)
    for move in range(moves):
        if not any(wrong_side(net(w, x), t) for x, t in zip(X, xi)):
            break
        chosen = [move % len(X)] if per_pattern else range(len(X))
        change = [0.0] * len(w)
        for p in chosen:
            o = f(beta * net(w, X[p]))
            change = [c + (xi[p] - o) * (o * (1 - o)) * xj for c, xj in zip(change, [1.0, *X[p]])]
        w = [wj + beta * eta * c for wj, c in zip(w, change)]
        rows.append(w)
    return np.array(rows)


@pytest.mark.parametrize("per_pattern", [False, True])
@pytest.mark.parametrize("name", ["or", "and", "xor"])
@pytest.mark.parametrize("inputs", ["0/1", "-1/+1"])
def test_sigmoid_runs_match_the_loop(name, inputs, per_pattern):
    X, y = boolean_function(name, 2)
    X = 2 * X - 1 if inputs == "-1/+1" else X
    run = train_sigmoid(X, y, beta=0.7, eta=2.0, per_pattern=per_pattern, max_epochs=30)
    reference = reference_sigmoid_run(X, y, 0.7, 2.0, per_pattern, 30)
    np.testing.assert_allclose(run.weights, reference, rtol=1e-13, atol=1e-15)
    errors = [sum(wrong_side(net(w, x), t) for x, t in zip(X, y)) for w in reference]
    assert run.errors.tolist() == errors
    assert run.status == ("solved" if errors[-1] == 0 else "max_epochs")
    np.testing.assert_allclose(run.cost, sigmoid_cost(run.weights, X, y, beta=0.7), rtol=1e-15)
    assert len(run.pattern) == run.n_moves and (run.pattern == -1).all() != per_pattern
    assert isinstance(run, SigmoidRun) and "\n" not in repr(run)


def test_xor_is_never_solved_and_the_run_stays_bounded():
    run = train_sigmoid(*boolean_function("xor"), per_pattern=True, max_epochs=200)
    assert run.status == "max_epochs" and run.n_moves == 800 and (run.errors > 0).all()


# beta_opt (Budinich section 4, eq. 5, figure 4) ----------------------------------------------------------------------

def test_beta_opt_solves_budinich_equation_to_the_last_bits():
    x = np.geomspace(1e-6, 1e6, 41)
    beta = beta_opt(x)
    u = beta * x
    np.testing.assert_allclose(u, (np.exp(u) + 1) / (2 * np.exp(u) - 1), rtol=4e-16)
    np.testing.assert_allclose(u, BETA_OPT_X, rtol=4e-16)
    assert beta_opt(-2.0) == beta_opt(2.0) and isinstance(beta_opt(2.0), float)


def test_beta_opt_is_about_0_89_over_x():
    assert BETA_OPT_X == pytest.approx(0.8884, abs=5e-5)
    np.testing.assert_allclose(beta_opt([0.5, 1.0, 2.0, 10.0]), 0.89 / np.array([0.5, 1.0, 2.0, 10.0]), rtol=2e-3)


def budinich_delta_w(beta, x, xi, i):
    """Eq. 5 with f substituted, as Budinich writes it."""
    e = np.exp(-beta * x)
    return beta * i * e * (xi + xi * e - 1) / (1 + e) ** 3


@pytest.mark.parametrize("xi, i", [(1, 1.0), (0, 1.0), (1, -1.0), (0, 0.5)])
def test_weight_change_is_budinich_eq_5(xi, i):
    beta = np.linspace(0, 5, 101)
    for x in (-2.0, 0.0, 0.5, 2.0):
        np.testing.assert_allclose(weight_change(beta, x, target=xi, input_value=i),
                                   budinich_delta_w(beta, x, xi, i), rtol=1e-10, atol=1e-16)


@pytest.mark.parametrize("x", [0.5, 2.0, 7.0])
def test_weight_change_peaks_at_beta_opt(x):
    """Budinich's figure 4 (x = 2): Delta w rises from 0, peaks at beta_opt and falls back."""
    best = beta_opt(x)
    around = best * np.array([0.9, 0.99, 0.999, 1.001, 1.01, 1.1])
    assert (weight_change(best, x) > weight_change(around, x)).all()
    beta = np.linspace(0, 20 / x, 2001)
    assert abs(beta[np.argmax(weight_change(beta, x))] - best) <= beta[1]


def test_a_steepness_or_rate_so_large_that_beta_w_x_overflows_is_refused_by_name():
    """beta = 1e300 ran into numpy's 'overflow encountered in multiply' and W of inf; now it is refused up front."""
    X, y = boolean_function("or")
    for beta, eta in [(1e300, 1.0), (1e100, 1e100)]:
        with pytest.raises(ValueError, match=r"beta, eta, max_epochs, X and initial_weights must keep beta W·X far from overflow"):
            train_sigmoid(X, y, beta=beta, eta=eta)
    assert train_sigmoid(X, y, beta=1e6, eta=1e6).status in ("solved", "max_epochs")   # large, far from overflow
