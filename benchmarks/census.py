"""Speed of the 4-input census (boolean_census) against one linear program and one scikit-learn Perceptron per function.

    python benchmarks/census.py [--sample 2000] [--seed 0] [--repeats 3]

The workload: all 65,536 Boolean functions of 4 inputs (0/1 patterns in the order of boolean_patterns,
labels 0/1), each decided separable or not; 1882 are (Budinich 1993, section 4). Timed, in one run:

- boolean_census(4): one perceptron run per class of the cube's symmetries (222 classes), all at once;
- train_many on all 65,536 functions at once (the census without the symmetry classes);
- one scipy linear program per function (HiGHS dual simplex, the margin program of lp_separability without
  its exact proofs): timed on a random sample of `--sample` functions (codes drawn without replacement,
  `--seed`), EXTRAPOLATED to 65,536;
- one scikit-learn Perceptron per function (shuffle=False, tol=None, eta0=1, max_iter=50: more passes than
  any separable 4-input function needs; separable iff it ends with no training error): timed on the same
  sample, EXTRAPOLATED to 65,536.

Each verdict of the references is compared with the census on the sample. Peak memory is measured with
tracemalloc (numpy's allocations included) in a separate run of each full workload, so that tracing does not
slow the timings. Then the counts by walking weight-space regions, 5 and 6 inputs, with their time and memory.
"""
import argparse
import tracemalloc
import warnings

import numpy as np
from scipy.optimize import linprog
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron

from perceptron_lib.core.batch import train_many
from perceptron_lib.theory.boolean_counts import boolean_census, separable_boolean_count
from perceptron_lib.theory.datasets import boolean_patterns
from timing import best_time

N_FUNCTIONS = 2**16
TARGET_S, TARGET_MB = 0.5, 100  # issue 13: the 4-input census
WALK_TARGET_S = 5.0             # issue 13: the 5-input count


def peak_mb(run):
    tracemalloc.start()
    run()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


def labels(code):
    return (code >> np.arange(16)) & 1


def all_at_once():
    X = boolean_patterns(4)
    codes = np.arange(N_FUNCTIONS)
    batch = train_many(np.broadcast_to(X, (N_FUNCTIONS,) + X.shape), labels(codes[:, None]), max_epochs=1000)
    return batch.status == "converged"


def one_linear_program(X1, y):
    """max t s.t. s_k W·X_k >= t, |W_j| <= 1, 0 <= t <= 1: separable iff t > 1e-6."""
    A = np.where(y == 1, 1.0, -1.0)[:, None] * X1
    n, m = A.shape
    result = linprog(np.r_[np.zeros(m), -1.0], A_ub=np.hstack([-A, np.ones((n, 1))]), b_ub=np.zeros(n),
                     bounds=[(-1, 1)] * m + [(0, 1)], method="highs-ds")
    return result.x[m] > 1e-6


def one_scikit_learn_perceptron(X, y):
    if len(set(y.tolist())) == 1:
        return True  # a constant function: scikit-learn needs two classes, and a bias alone computes it
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = Perceptron(shuffle=False, tol=None, eta0=1.0, max_iter=50).fit(X, y)
    return bool((model.predict(X) == y).all())


def main(sample, seed, repeats):
    print(f"workload: all {N_FUNCTIONS:,} Boolean functions of 4 inputs, each decided separable or not")
    t_census, separable = best_time(lambda: boolean_census(4), repeats)
    t_many, by_batch = best_time(all_at_once, 1)
    m_census, m_many = peak_mb(lambda: boolean_census(4)), peak_mb(all_at_once)
    met = t_census <= TARGET_S and m_census <= TARGET_MB
    print(f"  boolean_census(4): {t_census:7.3f} s, peak {m_census:6.1f} MB, {int(separable.sum())} separable "
          f"(target {TARGET_S} s and {TARGET_MB} MB: {'met' if met else 'NOT met'})")
    print(f"  train_many on all: {t_many:7.3f} s, peak {m_many:6.1f} MB, agrees with the census on "
          f"{int((by_batch == separable).sum()):,} of {N_FUNCTIONS:,}")

    codes = np.sort(np.random.default_rng(seed).choice(N_FUNCTIONS, sample, replace=False))
    X = boolean_patterns(4)
    X1 = np.hstack([np.ones((16, 1)), X])
    t_lp, by_lp = best_time(lambda: [one_linear_program(X1, labels(c)) for c in codes], 1)
    t_sk, by_sk = best_time(lambda: [one_scikit_learn_perceptron(X, labels(c)) for c in codes], 1)
    scale = N_FUNCTIONS / sample
    print(f"references, timed on a random sample of {sample:,} functions (seed {seed}; {int(separable[codes].sum())} "
          f"separable, {sample * int(separable.sum()) / N_FUNCTIONS:.0f} expected) and EXTRAPOLATED to {N_FUNCTIONS:,}:")
    for name, t, verdicts in (("one scipy LP per function", t_lp, by_lp),
                              ("one sklearn Perceptron per function", t_sk, by_sk)):
        agree = int((np.array(verdicts) == separable[codes]).sum())
        print(f"  {name:36s} {t:7.3f} s for the sample, ~{t * scale:8.1f} s for all "
              f"({t * scale / t_census:,.0f}x the census); agrees with the census on {agree} of {sample}")
    print(f"the census is {t_many / t_census:.0f}x faster than train_many on all functions, "
          f"{t_lp * scale / t_census:,.0f}x faster than one LP per function, "
          f"{t_sk * scale / t_census:,.0f}x faster than one scikit-learn Perceptron per function (extrapolated)")

    print("counts by walking the regions of weight space (separable_boolean_count, method='regions'):")
    for n in (4, 5, 6):
        t, count = best_time(lambda n=n: separable_boolean_count(n), 1 if n == 6 else repeats)
        memory = peak_mb(lambda n=n: separable_boolean_count(n))
        note = f" (target {WALK_TARGET_S} s: {'met' if t <= WALK_TARGET_S else 'NOT met'})" if n == 5 else ""
        print(f"  {n} inputs: {count:>12,} separable functions in {t:6.3f} s, peak {memory:5.1f} MB{note}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3)
    arguments = parser.parse_args()
    main(arguments.sample, arguments.seed, arguments.repeats)
