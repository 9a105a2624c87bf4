"""What the rule written once (rule.py) costs: train and the kernel perceptron against a plain loop.

    python benchmarks/rule.py [--repeats 3]

The reference, run alongside in the same process, is the plainest perceptron: a Python loop over
cyclic passes with Honavar's stopping rule and nothing else (no records, no cycle test), on Python
floats, like lesson 02's plain loop. Each workload prints the best of `--repeats` timings of the
package's call and of the reference on the same data, and their ratio, so that the figures can be
compared across machines and commits (run it at two commits to see what a change costs):

- a converging run: 400 separable points, 5 inputs, margin 0.002, train(record=False);
- a run to max_epochs: 60 random labels, train(record=False, max_epochs=2000), where the cycle test
  runs every pass and the late-cycle check at the end (up to max_epochs more passes);
- the kernel perceptron, linear kernel, on the same random labels, max_epochs=500.
"""
import argparse

import numpy as np

import perceptron_lib as pl
from perceptron_lib.theory.datasets import separable_data
from perceptron_lib.theory.kernels import train_kernel
from timing import best_time


def plain_loop(X, y, max_epochs):
    """Cyclic passes of the 0/1 rule until N presentations in a row make no correction; W after the run."""
    rows = [[1.0] + row for row in np.asarray(X, float).tolist()]
    targets, w, clean, n = list(map(int, y)), [0.0] * (len(rows[0])), 0, len(rows)
    for _ in range(max_epochs):
        for x, c in zip(rows, targets):
            net = 0.0
            for a, b in zip(w, x):
                net += a * b
            o = 1 if net > 0 else 0
            if o != c:
                w, clean = [a + (c - o) * b for a, b in zip(w, x)], 0
            else:
                clean += 1
                if clean == n:
                    return w
    return w


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    repeats = parser.parse_args().repeats
    X, y, _ = separable_data(400, 5, margin=0.002, seed=1)
    y = (np.asarray(y) > 0).astype(int)
    noise = np.random.default_rng(2)
    Xr, yr = noise.normal(size=(60, 5)), noise.integers(0, 2, 60)
    rows = []
    run = pl.train(X, y, record=False, max_epochs=2000)
    rows.append(("train, converging", best_time(lambda: pl.train(X, y, record=False, max_epochs=2000), repeats)[0],
                 best_time(lambda: plain_loop(X, y, run.n_epochs), repeats)[0], run.n_presentations))
    run = pl.train(Xr, yr, record=False, max_epochs=2000)
    rows.append(("train, to max_epochs", best_time(lambda: pl.train(Xr, yr, record=False, max_epochs=2000),
                                                   repeats)[0],
                 best_time(lambda: plain_loop(Xr, yr, 2000), repeats)[0], run.n_presentations))
    kernel = train_kernel(Xr, yr, kernel="linear", max_epochs=500)
    rows.append(("train_kernel, to max_epochs", best_time(lambda: train_kernel(Xr, yr, kernel="linear",
                                                                               max_epochs=500), repeats)[0],
                 best_time(lambda: plain_loop(Xr, yr, 500), repeats)[0], kernel.n_presentations))
    print(f"{'workload':30} {'presentations':>14} {'package s':>10} {'plain loop s':>13} {'ratio':>7}")
    for name, package, plain, presentations in rows:
        print(f"{name:30} {presentations:14,} {package:10.3f} {plain:13.3f} {package / plain:7.2f}")


if __name__ == "__main__":
    main()
