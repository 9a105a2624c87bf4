"""Budinich's adaptive algorithm against the standard algorithm on all 65,536 problems of 4 inputs.

    python benchmarks/adaptive.py [--repeats 3] [--seed 0]

The workload (Budinich 1993, section 4): the 16 patterns of 4 inputs written +-1, and every assignment
of targets to them (boolean_problems(4)); 1882 of the 65,536 problems are soluble. Both algorithms start
each problem from the same random W (standard normal weights from --seed). The standard algorithm is
sigmoid gradient descent with Budinich's best parameters from his appendix (beta = 0.3, beta eta = 1.5),
at most 40 moves, checking the error count before each move. Each timing is the best of --repeats.

Prints, beside Budinich's figures: problems solved, cost evaluations per problem, and the ratios of
time and of evaluations (standard / adaptive). Budinich's 42 evaluations per problem are his adaptive
algorithm's, "20% less" than his standard one's (so 42 / 0.8 = 52.5 for that one, 25% more). How the
search along the gradient goes is not in the paper; the package's search doubles a trial move from
|W| / 8, and the evaluations are printed for first trials |W| / 64 and |W| / 1024 too, since they depend
on it. Then the appendix experiment: the standard algorithm on the 256 problems of 3 inputs over a grid
of beta and beta eta (up to 100, beyond where the hardest problem's moves stop falling), and where it
does best.
"""
import argparse

import numpy as np

from perceptron_lib.core.batch import train_many
from perceptron_lib.theory.budinich import adaptive_algorithm, standard_algorithm, standard_algorithm_grid
from perceptron_lib.theory.datasets import boolean_problems
from timing import best_time

# Budinich (1993): section 4 and appendix
SOLUBLE_4, SOLUBLE_3 = 1882, 104
EVALUATIONS_PER_PROBLEM = 42
TIME_RATIO = 2.4
EVALUATION_RATIO = 1 / 0.8  # "the cost function evaluated 20% less times": the standard one 25% more
BEST_BETA, BEST_BETA_ETA = 0.3, 1.5


def soluble(X, Y):
    """Which problems a threshold unit solves: the perceptron converges (else it cycles)."""
    batch = train_many(np.broadcast_to(X, (len(Y),) + X.shape), Y, max_epochs=1500)
    assert set(batch.status) <= {"converged", "cycling"}
    return batch.status == "converged"


def main(repeats, seed):
    X, Y = boolean_problems(4)
    separable = soluble(X, Y)
    print(f"workload: the {len(Y):,} problems of 4 inputs (+-1), {separable.sum()} soluble "
          f"(Budinich: {SOLUBLE_4}); the same random starts (seed {seed}) for both algorithms")
    t_adaptive, adaptive = best_time(lambda: adaptive_algorithm(X, Y, seed=seed), repeats)
    t_standard, standard = best_time(lambda: standard_algorithm(X, Y, seed=seed), repeats)
    solved_a, solved_s = adaptive.status == "solved", standard.status == "solved"
    assert not (solved_a & ~separable).any() and not (solved_s & ~separable).any()
    e_a, e_s = adaptive.n_evaluations.mean(), standard.n_evaluations.mean()
    print(f"  adaptive:  {t_adaptive:6.3f} s, {e_a:5.1f} evaluations per problem (Budinich: "
          f"{EVALUATIONS_PER_PROBLEM}), solved {solved_a.sum()} of {separable.sum()}; "
          + ", ".join(f"{(adaptive.status == s).sum()} {s}" for s in np.unique(adaptive.status) if s != "solved"))
    print(f"             'no solution' on {(separable & (adaptive.status == 'no solution')).sum()} soluble problems "
          f"(a wrong halt), on {(~separable & (adaptive.status == 'no solution')).sum()} of "
          f"{(~separable).sum()} insoluble ones (right); no false 'solved'")
    print(f"  standard:  {t_standard:6.3f} s, {e_s:5.1f} evaluations per problem, solved {solved_s.sum()} of "
          f"{separable.sum()} (beta = {BEST_BETA}, beta*eta = {BEST_BETA_ETA}, at most 40 moves; "
          f"most moves to a solution {standard.n_moves[solved_s].max()})")
    print(f"standard / adaptive: time {t_standard / t_adaptive:.2f}x (Budinich: {TIME_RATIO}x), "
          f"evaluations {e_s / e_a:.2f}x (Budinich: {EVALUATION_RATIO:.2f}x)")
    print("  adaptive evaluations per problem by the search's first trial (the package's choice, not Budinich's): "
          + ", ".join(f"|W|/{k}: {adaptive_algorithm(X, Y, seed=seed, first_step=1 / k).n_evaluations.mean():.1f}"
                      for k in (8, 64, 1024)))

    X3, Y3 = boolean_problems(3)
    betas = np.round(np.geomspace(0.05, 5, 13), 3)
    beta_etas = np.round(np.geomspace(0.1, 100, 19), 3)
    t_grid, grid = best_time(lambda: standard_algorithm_grid(X3, Y3, betas, beta_etas, seed=seed), 1)
    print(f"appendix: the standard algorithm on the 256 problems of 3 inputs ({soluble(X3, Y3).sum()} soluble; "
          f"Budinich: {SOLUBLE_3}), {len(betas)} x {len(beta_etas)} settings, at most 40 moves, in {t_grid:.2f} s")
    everything = grid.solved == grid.solved.max()
    print(f"  all {grid.solved.max()} solved in {everything.sum()} of {everything.size} settings: "
          f"beta from {betas[everything.any(axis=1)].min()} to {betas[everything.any(axis=1)].max()}")
    fewest = np.where(everything, grid.max_moves, np.iinfo(np.int64).max)
    best = np.argwhere(fewest == fewest.min())
    print(f"  fewest moves for the hardest problem: {fewest.min()}, at (beta, beta*eta) = "
          + ", ".join(f"({betas[i]}, {beta_etas[j]})" for i, j in best[:6]) + (", ..." if len(best) > 6 else ""))
    i, j = np.argmin(abs(betas - BEST_BETA)), np.argmin(abs(beta_etas - BEST_BETA_ETA))
    print(f"  at Budinich's best (beta = {BEST_BETA}, beta*eta = {BEST_BETA_ETA}), nearest cell ({betas[i]}, "
          f"{beta_etas[j]}): {grid.solved[i, j]} solved, most moves {grid.max_moves[i, j]}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args()
    main(arguments.repeats, arguments.seed)
