"""Speed of train_many against looping train and looping scikit-learn's Perceptron over the same sets.

    python benchmarks/train_many.py [--sets 1000] [--repeats 3]

The workload: `--sets` separable data sets from separable_sets (50 points, 5 features, margin 0.1,
seeds 0, 1, ...), labels -1/+1, cyclic order, eta = 1. scikit-learn's
Perceptron(shuffle=False, tol=None, eta0=1.0) is the same rule (lesson 02, section 7 checks it on OR); it is given, set by
set, max_iter = the passes train needs there (its n_epochs): the fewest that reach the same weights,
since a converged run makes no update after, so its loop does no more work than train's. Each timing
is the best of `--repeats`. Prints the times, the ratios, and whether the final weights agree: with
train bit for bit, with scikit-learn (intercept first) exactly or to rounding.

Then the notebook-sized sweep: 2000 sets of 50 points for each of 2, 5 and 10 features and margins
0.05, 0.1 and 0.3, timed per call against the 5 s budget of a notebook cell.
"""
import argparse
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron

from perceptron_lib import train
from perceptron_lib.core.batch import train_many
from perceptron_lib.theory.datasets import separable_sets
from timing import best_time

TARGET_RATIO = 30  # train_many against the scikit-learn loop
CELL_BUDGET_S = 5.0


def scikit_learn_loop(X, y, epochs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # max_iter reached, as intended
        return [Perceptron(shuffle=False, tol=None, eta0=1.0, max_iter=int(e)).fit(x, labels)
                for x, labels, e in zip(X, y, epochs)]


def main(n_sets, repeats):
    X, y, _ = separable_sets(n_sets, 50, 5, margin=0.1, signed=True)
    print(f"workload: {n_sets} separable sets, 50 points, 5 features, margin 0.1, labels -1/+1, cyclic order")
    t_many, batch = best_time(lambda: train_many(X, y), repeats)
    t_train, runs = best_time(lambda: [train(x, labels, record=False) for x, labels in zip(X, y)], repeats)
    t_sk, models = best_time(lambda: scikit_learn_loop(X, y, batch.n_epochs), repeats)
    print(f"  passes per set: mean {batch.n_epochs.mean():.1f}, max {batch.n_epochs.max()}; "
          f"{(batch.status == 'converged').sum()} of {n_sets} converged")
    print(f"  train_many:                 {t_many:8.3f} s")
    print(f"  loop of train:              {t_train:8.3f} s")
    print(f"  loop of sklearn Perceptron: {t_sk:8.3f} s")
    ratio_sk, ratio_train = t_sk / t_many, t_train / t_many
    verdict = "met" if ratio_sk >= TARGET_RATIO else "NOT met"
    print(f"train_many is {ratio_sk:.0f}x faster than the scikit-learn loop, {ratio_train:.0f}x faster than "
          f"looping train (target: {TARGET_RATIO}x the scikit-learn loop: {verdict})")

    same_as_train = sum(run.final_weights.tobytes() == w.tobytes() and run.n_presentations == p
                        and run.status == s
                        for run, w, p, s in zip(runs, batch.final_weights, batch.n_presentations, batch.status))
    sk_weights = np.array([np.r_[m.intercept_, m.coef_.ravel()] for m in models])
    exact = (sk_weights == batch.final_weights).all(axis=1).sum()
    close = np.isclose(sk_weights, batch.final_weights, rtol=1e-12, atol=1e-12).all(axis=1).sum()
    print(f"final weights: {same_as_train} of {n_sets} sets bit for bit as train's (and the same counts); "
          f"{exact} of {n_sets} exactly as scikit-learn's [intercept, coef], {close} within 1e-12 "
          f"(largest difference {np.abs(sk_weights - batch.final_weights).max():.1e})")

    print("notebook sweep: 2000 sets of 50 points per call (time of train_many alone)")
    worst = 0.0
    for n_features in (2, 5, 10):
        for margin in (0.05, 0.1, 0.3):
            X, y, _ = separable_sets(2000, 50, n_features, margin=margin, seed=10_000)
            t, batch = best_time(lambda X=X, y=y: train_many(X, y), 1)
            worst = max(worst, t)
            print(f"  {n_features:2d} features, margin {margin:4.2f}: {t:6.3f} s "
                  f"(passes: mean {batch.n_epochs.mean():5.1f}, max {batch.n_epochs.max():4d})")
    print(f"slowest call {worst:.2f} s against a budget of {CELL_BUDGET_S:.0f} s per cell: "
          f"{'met' if worst < CELL_BUDGET_S else 'NOT met'}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    arguments = parser.parse_args()
    main(arguments.sets, arguments.repeats)
