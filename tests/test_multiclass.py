"""Layers of perceptrons and the kernel perceptron, against train, loops, scikit-learn and seed 004."""
import hashlib
import math
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_lib import boolean_function, to_signed, train
from perceptron_lib.multiclass import (accuracy, class_codes, confusion_matrix, corner_clusters, decode,
                                       exp_nonpositive, kernel_matrix, ring_data, train_kernel, train_layer)
from properties import examples


def test_codes_are_the_notes_tables():
    assert class_codes(8, "binary").tolist() == [[-1, -1, -1], [-1, -1, 1], [-1, 1, -1], [-1, 1, 1],
                                                 [1, -1, -1], [1, -1, 1], [1, 1, -1], [1, 1, 1]]
    assert (class_codes(10) == 2 * np.eye(10) - 1).all()
    assert class_codes(5, "binary").shape == (5, 3)   # 3 bits count to 4


def layer_loop(X, targets, max_epochs=1000):
    """All units side by side, presentation by presentation, until a pass corrects no unit."""
    X1 = np.hstack([np.ones((len(X), 1)), X])
    W = np.zeros((targets.shape[1], X1.shape[1]))
    presentations = quiet = 0
    for _ in range(max_epochs):
        for j in range(len(X1)):
            presentations += 1
            for i in range(len(W)):
                net = 0.0
                for w, x in zip(W[i], X1[j]):
                    net += w * x
                if targets[j, i] * net <= 0:
                    W[i] = W[i] + targets[j, i] * X1[j]
                    quiet = -1
            quiet += 1
            if quiet == len(X1):
                return W, presentations
    return W, presentations


@pytest.mark.parametrize("code", ["one-hot", "binary"])
def test_a_layer_makes_the_run_of_a_loop_over_all_units(code):
    X, labels = corner_clusters(2, n_per_class=15, seed=3)
    run = train_layer(X, labels, code=code)
    W, presentations = layer_loop(X, class_codes(4, code)[labels])
    assert run.status == "converged"
    assert np.array_equal(run.final_weights, W) and run.n_presentations == presentations
    assert np.array_equal(run.weights_at(run.n_presentations), W)
    classes, matched = run.predict(X)
    assert (classes == labels).all() and matched.all()


def test_eight_classes_around_a_cube_need_three_binary_units_or_eight_one_hot():
    X, labels = corner_clusters(3, n_per_class=20, seed=0)
    binary, one_hot = train_layer(X, labels, code="binary"), train_layer(X, labels, code="one-hot")
    assert binary.codes.shape == (8, 3) and one_hot.codes.shape == (8, 8)
    assert binary.status == one_hot.status == "converged"
    assert (binary.predict(X)[0] == labels).all() and (one_hot.predict(X)[0] == labels).all()


def test_decoding_takes_the_code_or_else_the_largest_net_for_one_hot():
    nets = np.array([[0.5, 2.0, -1.0], [-1.0, -0.5, -2.0], [1.0, -1.0, -1.0]])
    classes, matched = decode(nets, class_codes(3))
    assert classes.tolist() == nets.argmax(axis=1).tolist() == [1, 1, 0]
    assert matched.tolist() == [False, False, True]
    classes, matched = decode([[1.0, 0.5], [-3.0, 0.5]], class_codes(3, "binary"))  # [1, 1] is no class here
    assert classes.tolist() == [2, 1] and matched.tolist() == [False, True]


integer_data = st.integers(2, 12).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.integers(-4, 4), min_size=2, max_size=2), min_size=n, max_size=n),
    st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n),
    st.sampled_from(["cyclic", "random"]), st.integers(0, 50)))


@settings(max_examples=examples(80), deadline=None)
@given(integer_data)
def test_with_a_linear_kernel_the_dual_run_is_trains_run(data):
    X, y, order, seed = data
    seed = seed if order == "random" else None
    primal = train(X, y, order=order, seed=seed, max_epochs=60)
    dual = train_kernel(X, y, kernel="linear", order=order, seed=seed, max_epochs=60)
    assert dual.n_presentations == primal.n_presentations
    assert np.array_equal(dual.pattern, primal.pattern)
    assert np.array_equal(dual.mistakes[:, 0], primal.updated)
    assert dual.status == (primal.status if primal.status != "stalled" else dual.status)
    assert np.array_equal(dual.primal_weights()[0], primal.final_weights)
    assert np.array_equal(dual.alpha[:, 0], np.bincount(primal.pattern[primal.updated], minlength=len(X)))
    new = np.array([[0, 0], [3, -2], [-1, 4]])
    assert np.array_equal(dual.predict(new), np.where(primal.final_weights[0] + new @ primal.final_weights[1:] > 0,
                                                      1, -1))


def test_alpha_after_the_or_run_counts_the_mistakes_of_lesson_02s_trace():
    X, c = boolean_function("or")
    primal, dual = train(X, c), train_kernel(X, c, kernel="linear")
    counts = np.bincount(primal.pattern[primal.updated], minlength=4)
    assert dual.alpha[:, 0].tolist() == counts.tolist() == [2, 1, 1, 0]
    assert dual.primal_weights()[0].tolist() == primal.final_weights.tolist() == [0, 1, 1]
    assert np.array_equal(dual.mistakes[:, 0], primal.updated)


def test_kernels_solve_xor_and_the_ring_that_no_line_separates():
    X, c = boolean_function("xor")
    assert train(X, to_signed(c)).status == "cycling"
    assert train_kernel(X, c, kernel="linear").status == "cycling"
    for kernel in ("polynomial", "rbf"):
        run = train_kernel(X, c, kernel=kernel, gamma=2.0)
        assert run.status == "converged" and run.predict(X).tolist() == c.tolist()
    R, y = ring_data(200, seed=1)
    run = train_kernel(R, y, kernel="rbf", gamma=1.0)
    assert run.status == "converged" and (run.predict(R) == y).all()


def test_kernel_matrices_agree_with_scikit_learn():
    from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel
    rng = np.random.default_rng(0)
    A, B = rng.normal(size=(30, 5)), rng.normal(size=(20, 5))
    assert np.allclose(kernel_matrix(A, B, gamma=0.3), rbf_kernel(A, B, gamma=0.3), rtol=1e-14, atol=0)
    assert np.allclose(kernel_matrix(A, B, kernel="polynomial", degree=3),
                       polynomial_kernel(A, B, degree=3, gamma=1, coef0=1), rtol=1e-12)


def test_the_exponential_is_within_a_few_ulps_of_the_librarys():
    x = -np.concatenate([np.linspace(0, 50, 20001), [100, 300, 700, 740]])
    ours, theirs = exp_nonpositive(x), np.array([math.exp(v) for v in x])
    assert np.all(np.abs(ours - theirs) <= 4 * np.spacing(theirs))
    assert exp_nonpositive([-2000.0])[0] == 0.0


def test_confusion_matrix_and_accuracy_agree_with_scikit_learn():
    from sklearn.metrics import accuracy_score
    from sklearn.metrics import confusion_matrix as sk_confusion
    rng = np.random.default_rng(1)
    true, predicted = rng.integers(0, 6, 500), rng.integers(0, 6, 500)
    assert np.array_equal(confusion_matrix(true, predicted), sk_confusion(true, predicted))
    assert accuracy(true, predicted) == accuracy_score(true, predicted)


def digits_split():
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split
    digits = load_digits()
    return train_test_split(digits.data, digits.target, test_size=0.5, random_state=0, stratify=digits.target)


def test_digits_reach_zero_training_error_and_97_percent_on_the_other_half():
    X_train, X_test, t_train, t_test = digits_split()
    run = train_kernel(X_train, t_train, kernel="rbf", gamma=0.001, code="one-hot")
    assert run.status == "converged"
    assert accuracy(t_train, run.predict(X_train)) == 1.0
    assert accuracy(t_test, run.predict(X_test)) >= 0.97


def test_the_digits_run_is_the_same_under_other_blas_kernels_and_without_simd():
    script = ("import hashlib, numpy as np\n"
              "from sklearn.datasets import load_digits\n"
              "from perceptron_lib.multiclass import train_kernel\n"
              "d = load_digits(); X, t = d.data[:400], d.target[:400]\n"
              "run = train_kernel(X, t, kernel='rbf', gamma=0.001, code='one-hot')\n"
              "nets = run.decision(d.data[400:600])\n"
              "print(hashlib.sha256(run.alpha.tobytes() + run.pattern.tobytes() + nets.tobytes()).hexdigest())\n")
    digests = set()
    for blas, simd in ((None, None), ("Prescott", None), ("Haswell", "X86_V3 X86_V4 AVX512_ICL")):
        env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_CORETYPE", "NPY_DISABLE_CPU_FEATURES")}
        env.update({k: v for k, v in (("OPENBLAS_CORETYPE", blas), ("NPY_DISABLE_CPU_FEATURES", simd)) if v})
        digests.add(subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                                   check=True).stdout)
    assert len(digests) == 1, digests
    assert len(hashlib.sha256(next(iter(digests)).encode()).hexdigest()) == 64
