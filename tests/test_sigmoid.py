"""Sigmoid units and Budinich's algorithms (Budinich 1993, sections 2 and 4, appendix), checked against plain loops."""
import functools
import math

import numpy as np
import pytest

from perceptron_lib import boolean_function, boolean_patterns, train_many
from perceptron_lib.arithmetic import dot, exp
from perceptron_lib.variants import (BETA_OPT_X, LARGEST_STEP, AdaptiveRuns, SigmoidRun, _exactly_separated,
                                     adaptive_algorithm, beta_opt, boolean_problems, sigmoid_cost, sigmoid_gradient,
                                     standard_algorithm, standard_algorithm_grid, train_sigmoid, weight_change)


def f(z):
    """The logistic function, as the package evaluates it (e^-|z| never overflows, with the portable exponential)."""
    e = exp(-abs(z))
    return 1 / (1 + e) if z >= 0 else e / (1 + e)


def net(w, x):
    """W·X added left to right, bias input first."""
    total = w[0] * 1.0
    for wj, xj in zip(w[1:], x):
        total = total + wj * xj
    return total


def wrong_side(value, xi):
    return value <= 0 if xi == 1 else value >= 0


@functools.lru_cache
def separable(n_inputs):
    """Which of boolean_problems(n_inputs) a threshold unit can solve: the perceptron converges or cycles."""
    X, Y = boolean_problems(n_inputs)
    batch = train_many(np.broadcast_to(X, (len(Y),) + X.shape), Y, max_epochs=1500)
    assert set(batch.status) <= {"converged", "cycling"}
    return batch.status == "converged"


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


def test_a_batch_sigmoid_run_is_the_standard_algorithm_bit_for_bit():
    X, Y = boolean_problems(3)
    start = np.random.default_rng(0).standard_normal(4)
    runs = standard_algorithm(X, Y[:40], beta=0.5, beta_eta=0.5 * 3.0, initial_weights=start)
    for p in range(40):
        run = train_sigmoid(X, Y[p], beta=0.5, eta=3.0, initial_weights=start, max_epochs=40)
        assert run.weights[-1].tobytes() == runs.final_weights[p].tobytes()
        assert run.n_moves == runs.n_moves[p] and (run.status == "solved") == (runs.status[p] == "solved")


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


# Budinich's problems -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n_inputs", [1, 2, 3, 4])
def test_problems_are_every_assignment_of_targets(n_inputs):
    X, Y = boolean_problems(n_inputs)
    np.testing.assert_array_equal(X, 2 * boolean_patterns(n_inputs) - 1)
    np.testing.assert_array_equal(boolean_problems(n_inputs, inputs="0/1")[0], boolean_patterns(n_inputs))
    assert Y.shape == (2 ** 2 ** n_inputs, 2 ** n_inputs) and len(np.unique(Y, axis=0)) == len(Y)
    for p in (0, 1, len(Y) // 3, len(Y) - 1):
        assert sum(int(b) << k for k, b in enumerate(Y[p])) == p


def test_budinich_counts_of_soluble_problems():
    assert separable(3).sum() == 104
    assert separable(4).sum() == 1882


# The adaptive algorithm (Budinich section 4) -------------------------------------------------------------------------

def reference_adaptive(X, xi, w, max_evaluations=200, first_step=1 / 8):
    """Budinich's five steps for one problem, written out with the rules of adaptive_algorithm's Notes.

    Returns (status, final W, moves, evaluations).
    """
    X1 = [[1.0, *x] for x in X]

    def evaluate(w):
        nets = [net(w, x[1:]) for x in X1]
        return nets, [wrong_side(v, t) for v, t in zip(nets, xi)]

    def total(values):
        s = values[0]
        for v in values[1:]:
            s = s + v
        return s

    nets, wrong = evaluate(w)
    evaluations, moves = 1, 0
    if not any(wrong):
        return "solved", w, moves, evaluations
    while True:
        if evaluations >= max_evaluations:
            return "max_evaluations", w, moves, evaluations
        off = [BETA_OPT_X / abs(v) if bad and v != 0 else 0.0 for v, bad in zip(nets, wrong)]
        count = sum(1 for v, bad in zip(nets, wrong) if bad and v != 0)
        largest = max(abs(v) for v in nets)
        beta = total(off) / count if count else (BETA_OPT_X / largest if largest > 0 else 1.0)
        c = []
        for v, t in zip(nets, xi):
            o = f(beta * v)
            c.append((t - o) * (o * (1 - o)))
        d = [total([cp * x[j] for cp, x in zip(c, X1)]) for j in range(len(w))]
        length, size = math.sqrt(total([v * v for v in w])), math.sqrt(total([v * v for v in d]))
        scale = ((length if length > 0 else 1.0) / size) if size > 0 else 0.0
        step = [v * scale for v in d]
        lo, hi, bisections, trial = 0.0, math.inf, 0, None
        while True:  # the search: doubling, then bisection
            if hi == math.inf:
                t = first_step if lo == 0 else 2 * lo
            else:
                t = (lo + hi) / 2
                bisections += 1
                if not lo < t < hi:
                    break
            candidate = [a + t * b for a, b in zip(w, step)]
            c_nets, c_wrong = evaluate(candidate)
            evaluations += 1
            if c_wrong != wrong:
                hi, trial = t, (candidate, c_nets, c_wrong)
                if sum(a != b for a, b in zip(c_wrong, wrong)) == 1 or bisections >= 60:
                    break
            else:
                lo = t
                if hi == math.inf and lo >= LARGEST_STEP:
                    return "no step", w, moves, evaluations
            if hi != math.inf and bisections >= 60:
                break
            if evaluations >= max_evaluations:
                return "max_evaluations", w, moves, evaluations
        candidate, c_nets, c_wrong = trial
        if sum(c_wrong) > sum(wrong):
            return "no solution", w, moves, evaluations
        if sum(c_wrong) == sum(wrong):
            return "rounding", w, moves, evaluations
        w, nets, wrong, moves = candidate, c_nets, c_wrong, moves + 1
        if not any(wrong):
            return "solved", w, moves, evaluations


def assert_matches_reference(X, Y, runs, rows, first_step=1 / 8):
    for p in rows:
        status, w, moves, evaluations = reference_adaptive(X, Y[p], list(runs.start_weights[p]),
                                                           first_step=first_step)
        assert (runs.status[p], runs.n_moves[p], runs.n_evaluations[p]) == (status, moves, evaluations), p
        assert np.array(w).tobytes() == runs.final_weights[p].tobytes(), p


def test_adaptive_matches_the_loop_on_the_3_input_problems():
    X, Y = boolean_problems(3)
    runs = adaptive_algorithm(X, Y, seed=1)
    assert_matches_reference(X, Y, runs, range(len(Y)))


def test_adaptive_matches_the_loop_on_4_input_problems():
    X, Y = boolean_problems(4)
    rows = np.random.default_rng(2).choice(len(Y), 300, replace=False)
    soluble = np.flatnonzero(separable(4))[::20]
    rows = np.r_[rows, soluble]
    runs = adaptive_algorithm(X, Y[rows], seed=3)
    assert_matches_reference(X, Y[rows], runs, range(len(rows)))


@pytest.mark.parametrize("first_step", [1 / 1024, 0.3, 1.0])
def test_adaptive_matches_the_loop_with_another_first_trial(first_step):
    X, Y = boolean_problems(3)
    runs = adaptive_algorithm(X, Y, seed=4, first_step=first_step)
    assert_matches_reference(X, Y, runs, range(len(Y)), first_step=first_step)


def test_the_evaluations_depend_on_the_first_trial():
    """The search is the package's design, not Budinich's: its first trial sets how many doublings a move takes."""
    X, Y = boolean_problems(4)
    rows = np.random.default_rng(7).choice(len(Y), 2000, replace=False)
    runs = [adaptive_algorithm(X, Y[rows], first_step=first) for first in (1 / 8, 1 / 64, 1 / 1024)]
    means = [r.n_evaluations.mean() for r in runs]
    assert means[0] < means[1] < means[2]
    # a first trial 2**-7 as long adds at most 7 doublings to each search (one per move, and the last one)
    assert means[2] - means[0] <= 7 * (runs[0].n_moves.mean() + 1)


def test_adaptive_never_claims_a_solution_that_does_not_exist_and_solves_most_soluble_problems():
    """All 65,536 problems of 4 inputs; Budinich: 1882 soluble."""
    X, Y = boolean_problems(4)
    runs = adaptive_algorithm(X, Y)
    soluble = separable(4)
    solved = runs.status == "solved"
    assert not (solved & ~soluble).any()
    assert solved.sum() >= 0.9 * soluble.sum()
    assert (runs.status[~soluble] != "solved").all()
    assert set(runs.status) <= {"solved", "no solution", "no step"}
    assert (runs.final_errors[solved] == 0).all() and (runs.n_moves <= runs.start_errors).all()
    # each claimed solution separates the problem: checked here again on exact fractions
    from fractions import Fraction
    X1 = [[1, *map(int, x)] for x in X]
    for p in np.flatnonzero(solved)[::50]:
        w = [Fraction(v) for v in runs.final_weights[p]]
        assert all((sum(a * b for a, b in zip(w, x)) > 0) == bool(t) for x, t in zip(X1, Y[p]))
    assert isinstance(runs, AdaptiveRuns) and len(runs) == 65536 and "\n" not in repr(runs)


def test_adaptive_solves_every_soluble_problem_of_3_inputs():
    X, Y = boolean_problems(3)
    soluble = separable(3)
    for seed in range(3):
        runs = adaptive_algorithm(X, Y, seed=seed)
        assert (runs.status == "solved").sum() >= 103 and not ((runs.status == "solved") & ~soluble).any()


@pytest.mark.parametrize("n_inputs, name, m", [(3, "and", None), (3, "or", None), (3, "at_least", 2),
                                                (4, "at_least", 2), (4, "at_least", 3)])
def test_adaptive_solves_threshold_functions_from_most_starts(n_inputs, name, m):
    X, y = boolean_function(name, n_inputs, m=m)
    runs = adaptive_algorithm(2 * X - 1, np.tile(y, (100, 1)), seed=4)
    assert (runs.status == "solved").mean() >= 0.9
    assert set(runs.status) <= {"solved", "no solution"}


def test_the_simplified_halting_rule_can_give_up_on_a_soluble_problem():
    """Budinich's "no solution" is a heuristic: from about half the starts, 4-input AND meets a rising step first."""
    X, y = boolean_function("and", 4)
    runs = adaptive_algorithm(2 * X - 1, np.tile(y, (100, 1)), seed=4)
    assert 20 <= (runs.status == "no solution").sum() <= 80
    assert ((runs.status == "solved") | (runs.status == "no solution")).all()


def test_a_float_solution_that_exact_arithmetic_refutes_is_rounding():
    """1e16 - 1 rounds to 1e16, so floats put this pattern at W·X = 0.5 > 0; exactly it is -0.5."""
    X, w = [[1, 1, 1]], [1e16, -1.0, -1e16, 0.5]
    assert (1e16 + -1.0) + -1e16 + 0.5 > 0
    runs = adaptive_algorithm(X, [1], initial_weights=w)
    assert runs.status.tolist() == ["rounding"] and runs.n_evaluations.tolist() == [1]
    assert standard_algorithm(X, [1], initial_weights=w).status.tolist() == ["rounding"]
    assert runs.final_errors.tolist() == [0]
    grid = standard_algorithm_grid(X, [1], [0.3, 3.0], [1.5], initial_weights=w)
    assert grid.rounding.tolist() == [[1], [1]] and grid.solved.tolist() == [[0], [0]]


def test_exact_check_decides_near_ties_as_fractions_do():
    from fractions import Fraction
    rng = np.random.default_rng(5)
    X = rng.integers(-3, 4, (6, 4))
    X1 = np.hstack([np.ones((6, 1), np.int64), X])
    W = rng.normal(size=(400, 5))
    W[::2, 0] -= dot(W[::2, 1:], X[0])  # put pattern 0 on its plane, up to rounding
    positive = rng.integers(0, 2, (400, 6)).astype(bool)
    exact = [all((sum(Fraction(a) * int(b) for a, b in zip(w, x)) > 0) if p else
                 (sum(Fraction(a) * int(b) for a, b in zip(w, x)) < 0) for x, p in zip(X1, pos))
             for w, pos in zip(W, positive)]
    np.testing.assert_array_equal(_exactly_separated(W, X1, positive), exact)


def test_rows_end_within_their_evaluation_budget():
    X, Y = boolean_problems(4)
    runs = adaptive_algorithm(X, Y[:2000], max_evaluations=5)
    assert runs.n_evaluations.max() <= 5 and (runs.status == "max_evaluations").any()
    assert (adaptive_algorithm(X, Y[:50], max_evaluations=1).status[Y[:50].any(axis=1)] == "max_evaluations").all()


def test_zero_inputs_make_the_adaptive_algorithm_fail_more():
    """Budinich, section 2: the +-1 choice is mandatory; with 0/1 inputs far fewer problems are solved."""
    signed = adaptive_algorithm(*boolean_problems(3))
    binary = adaptive_algorithm(*boolean_problems(3, inputs="0/1"))
    assert (binary.status == "solved").sum() < 0.6 * (signed.status == "solved").sum()


# The standard algorithm (Budinich appendix) --------------------------------------------------------------------------

def reference_standard(X, xi, w, beta, beta_eta, max_moves):
    """Gradient descent with fixed beta and beta eta, written out: (solved, moves, final W)."""
    X1 = [[1.0, *x] for x in X]
    for move in range(max_moves + 1):
        nets = [net(w, x[1:]) for x in X1]
        if not any(wrong_side(v, t) for v, t in zip(nets, xi)):
            return True, move, w
        if move == max_moves:
            return False, move, w
        c = []
        for v, t in zip(nets, xi):
            o = f(beta * v)
            c.append((t - o) * (o * (1 - o)))
        d = []
        for j in range(len(w)):
            s = c[0] * X1[0][j]
            for cp, x in zip(c[1:], X1[1:]):
                s = s + cp * x[j]
            d.append(s)
        w = [a + beta_eta * b for a, b in zip(w, d)]


@pytest.mark.parametrize("beta, beta_eta", [(0.3, 1.5), (2.0, 0.5), (0.1, 10.0)])
def test_standard_algorithm_matches_the_loop(beta, beta_eta):
    X, Y = boolean_problems(3)
    runs = standard_algorithm(X, Y, beta=beta, beta_eta=beta_eta, seed=6)
    for p in range(len(Y)):
        solved, moves, w = reference_standard(X, Y[p], list(runs.start_weights[p]), beta, beta_eta, 40)
        assert (runs.status[p] == "solved", runs.n_moves[p]) == (solved, moves)
        assert np.array(w).tobytes() == runs.final_weights[p].tobytes()
    assert (runs.n_evaluations == runs.n_moves + 1).all() and "\n" not in repr(runs)


def test_standard_algorithm_never_claims_a_false_solution():
    soluble = separable(3)
    X, Y = boolean_problems(3)
    for beta, beta_eta in [(0.3, 1.5), (5.0, 10.0), (0.05, 0.1)]:
        solved = standard_algorithm(X, Y, beta=beta, beta_eta=beta_eta).status == "solved"
        assert not (solved & ~soluble).any()


def test_grid_is_the_standard_algorithm_cell_by_cell():
    X, Y = boolean_problems(3)
    betas, beta_etas = [0.1, 0.3, 3.0], [0.5, 1.5]
    grid = standard_algorithm_grid(X, Y, betas, beta_etas, max_moves=30, seed=2)
    for i, beta in enumerate(betas):
        for j, beta_eta in enumerate(beta_etas):
            runs = standard_algorithm(X, Y, beta=beta, beta_eta=beta_eta, max_moves=30, seed=2)
            solved = runs.status == "solved"
            assert grid.solved[i, j] == solved.sum()
            assert grid.max_moves[i, j] == (runs.n_moves[solved].max() if solved.any() else 0)
            assert grid.rounding[i, j] == (runs.status == "rounding").sum()
    assert grid.solved.shape == grid.max_moves.shape == grid.rounding.shape == (3, 2) and grid.move_limit == 30
    assert "\n" not in repr(grid)
    # the hardest problem's moves: max_moves where every soluble problem was solved, else the limit
    soluble = int(separable(3).sum())
    for i, beta in enumerate(betas):
        for j, beta_eta in enumerate(beta_etas):
            runs = standard_algorithm(X, Y, beta=beta, beta_eta=beta_eta, max_moves=30, seed=2)
            all_solved = (runs.status == "solved").sum() == soluble
            assert grid.hardest(soluble)[i, j] == (grid.max_moves[i, j] if all_solved else 30)


def test_adaptive_and_standard_start_alike():
    X, Y = boolean_problems(3)
    np.testing.assert_array_equal(adaptive_algorithm(X, Y, seed=9).start_weights,
                                  standard_algorithm(X, Y, seed=9).start_weights)


# Machine independence ------------------------------------------------------------------------------------------------

def test_results_do_not_depend_on_the_blas_kernel_or_simd():
    """The same runs, bit for bit, in processes whose OpenBLAS uses other kernels or whose numpy has its
    AVX2 and AVX-512 code turned off (np.exp changes in its last bits there; the sigmoid must not)."""
    script = (
        "import hashlib, numpy as np\n"
        "from perceptron_lib.variants import *\n"
        "from perceptron_lib import boolean_function\n"
        "X, Y = boolean_problems(4)\n"
        "a = adaptive_algorithm(X, Y[::16], seed=1)\n"
        "s = standard_algorithm(X, Y[::64], seed=1)\n"
        "g = standard_algorithm_grid(*boolean_problems(3), [0.2, 1.0], [0.5, 2.0])\n"
        "r = train_sigmoid(X, Y[1234], beta=0.4, eta=2.0, per_pattern=True, max_epochs=20)\n"
        "Xo, yo = boolean_function('or', 3, signed=True)\n"
        "W = np.random.default_rng(0).normal(size=(50, 4))\n"
        "c = perceptron_criterion(W, Xo, yo).tobytes() + criterion_gradient(W, Xo, yo).tobytes()\n"
        "h = hashlib.sha256(a.final_weights.tobytes() + a.n_evaluations.tobytes() + a.status.tobytes()\n"
        "                   + s.final_weights.tobytes() + g.solved.tobytes() + g.max_moves.tobytes()\n"
        "                   + r.weights.tobytes() + r.cost.tobytes() + c + beta_opt(np.arange(1.0, 9.0)).tobytes())\n"
        "print(h.hexdigest())\n")
    from subprocesses import output_under, settings
    digests = {output_under(script, blas=blas, disabled_features=off) for blas, off in settings()}
    assert len(digests) == 1


def test_the_portable_exponential_is_within_a_few_ulps_of_the_librarys_on_both_sides_of_zero():
    x = np.concatenate([np.linspace(-50, 50, 40001), [-745.0, -700, 300, 700, 709.7]])
    ours, theirs = exp(x), np.array([math.exp(v) for v in x])
    assert np.all(np.abs(ours - theirs) <= 4 * np.spacing(theirs))
    with np.errstate(over="ignore"):   # as np.exp, it warns of the overflow
        assert exp([-2000.0])[0] == 0.0 and exp([2000.0])[0] == np.inf
