"""Budinich's adaptive and standard algorithms (Budinich 1993, section 4 and appendix), checked against plain loops."""
import functools
import math

import numpy as np
import pytest

from perceptron_lib import boolean_function, train_many
from perceptron_lib.core.arithmetic import dot
from perceptron_lib.theory.budinich import (LARGEST_STEP, AdaptiveRuns, _exactly_separated, adaptive_algorithm,
                                     standard_algorithm, standard_algorithm_grid)
from perceptron_lib.theory.datasets import boolean_problems
from perceptron_lib.theory.sigmoid import BETA_OPT_X, train_sigmoid
from reference import f, net, wrong_side


@functools.lru_cache
def separable(n_inputs):
    """Which of boolean_problems(n_inputs) a threshold unit can solve: the perceptron converges or cycles."""
    X, Y = boolean_problems(n_inputs)
    batch = train_many(np.broadcast_to(X, (len(Y),) + X.shape), Y, max_epochs=1500)
    assert set(batch.status) <= {"converged", "cycling"}
    return batch.status == "converged"


def test_a_batch_sigmoid_run_is_the_standard_algorithm_bit_for_bit():
    X, Y = boolean_problems(3)
    start = np.random.default_rng(0).standard_normal(4)
    runs = standard_algorithm(X, Y[:40], beta=0.5, beta_eta=0.5 * 3.0, initial_weights=start)
    for p in range(40):
        run = train_sigmoid(X, Y[p], beta=0.5, eta=3.0, initial_weights=start, max_epochs=40)
        assert run.weights[-1].tobytes() == runs.final_weights[p].tobytes()
        assert run.n_moves == runs.n_moves[p] and (run.status == "solved") == (runs.status[p] == "solved")


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
        "from perceptron_lib import *\n"
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
