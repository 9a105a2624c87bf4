"""kernels.py: the kernel perceptron (the notes' dual form), its kernels and its portable exponential."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_lib import boolean_function, to_signed, train, train_layer
from perceptron_lib.theory.datasets import digit_halves, ring_data
from perceptron_lib.theory.kernels import exp_nonpositive, kernel_matrix, train_kernel
from perceptron_lib.theory.multiclass import class_codes
from perceptron_lib.theory.scores import accuracy
from properties import examples
from subprocesses import output_under


integer_data = st.integers(2, 12).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.integers(-4, 4), min_size=2, max_size=2), min_size=n, max_size=n),
    st.lists(st.booleans(), min_size=n, max_size=n), st.sampled_from(["-1/+1", "0/1"]),
    st.sampled_from(["cyclic", "random"]), st.integers(0, 50)))


@settings(max_examples=examples(80), deadline=None)
@given(integer_data)
def test_with_a_linear_kernel_the_dual_run_is_trains_run(data):
    X, positive, convention, order, seed = data
    y = np.where(positive, 1, -1 if convention == "-1/+1" else 0)
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
    W = primal.final_weights
    negative = 0 if set(y.tolist()) <= {0, 1} else -1      # labels all 1 are 0/1 labels, as in train
    assert np.array_equal(dual.predict(new), np.where(W[0] + W[1] * new[:, 0] + W[2] * new[:, 1] > 0, 1, negative))


def test_alpha_after_the_or_run_counts_the_mistakes_of_lesson_02s_trace():
    X, c = boolean_function("or")
    primal, dual = train(X, c), train_kernel(X, c, kernel="linear")
    counts = np.bincount(primal.pattern[primal.updated], minlength=4)
    assert dual.alpha[:, 0].tolist() == counts.tolist() == [2, 1, 1, 0]
    assert dual.primal_weights()[0].tolist() == primal.final_weights.tolist() == [0, 1, 1]
    assert np.array_equal(dual.mistakes[:, 0], primal.updated)


def dual_loop(K, targets, max_epochs=100):
    """The notes' Matlab loop: f(x_j) = sum_n alpha_n y_n k(x_n, x_j) summed afresh at each presentation."""
    n, m = targets.shape
    alpha, quiet = np.zeros((n, m), np.int64), 0
    for _ in range(max_epochs):
        for j in range(n):
            wrong = []
            for i in range(m):
                f = 0.0
                for k in range(n):
                    f += alpha[k, i] * targets[k, i] * K[k, j]
                wrong.append(targets[j, i] * f <= 0)
            alpha[j] += wrong
            quiet = 0 if any(wrong) else quiet + 1
            if quiet == n:
                return alpha
    return alpha


def test_several_units_with_a_polynomial_kernel_make_the_notes_loops_run():
    """On whole numbers every kernel value and net is exact, so the two must agree to the last mistake."""
    labels = np.repeat(np.arange(4), 6)
    X = 3 * class_codes(4, "binary")[labels] + np.random.default_rng(0).integers(-1, 2, size=(24, 2))
    run = train_kernel(X, labels, kernel="polynomial", degree=3, code="one-hot")
    assert run.status == "converged" and run.alpha.sum() > 4
    K = kernel_matrix(X, X, kernel="polynomial", degree=3)
    assert np.array_equal(run.alpha, dual_loop(K, class_codes(4)[labels]))


def test_class_numbers_of_one_class_are_coded_as_two_classes_as_train_layer_codes_them():
    run = train_kernel([[0], [1]], [0, 0], code="one-hot")
    assert run.codes.tolist() == class_codes(2).tolist() == train_layer([[0], [1]], [0, 0]).codes.tolist()


def test_a_run_without_mistakes_keeps_alpha_zero_and_predicts_from_nets_of_zero():
    run = train_kernel([[0], [1]], [0, 0])          # 0/1 labels: W·X = 0 is output 0, right for both
    assert run.status == "converged" and run.alpha.sum() == 0
    assert run.decision([[5.0]]).tolist() == [[0.0]] and run.predict([[5.0]]).tolist() == [0]


def test_kernels_solve_xor_and_the_ring_that_no_line_separates():
    X, c = boolean_function("xor")
    assert train(X, to_signed(c)).status == "cycling"
    assert train_kernel(X, c, kernel="linear").status == "cycling"
    for kernel in ("polynomial", "rbf"):
        run = train_kernel(X, c, kernel=kernel, gamma=2.0)
        assert run.status == "converged" and run.predict(X).tolist() == c.tolist()
    R, y = ring_data(200, seed=1)
    radius = np.sqrt(R[:, 0] ** 2 + R[:, 1] ** 2)
    assert (radius[y == 1] <= 1).all() and ((radius[y == -1] >= 1.5) & (radius[y == -1] <= 2.5)).all()
    run = train_kernel(R, y, kernel="rbf", gamma=1.0)
    assert run.status == "converged" and (run.predict(R) == y).all()


def test_kernel_matrices_agree_with_scikit_learn_whatever_the_blocks():
    from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel
    rng = np.random.default_rng(0)
    A, B = rng.normal(size=(700, 5)), rng.normal(size=(200, 5))    # 140,000 entries: three blocks
    K = kernel_matrix(A, B, gamma=0.3)
    assert np.allclose(K, rbf_kernel(A, B, gamma=0.3), rtol=1e-14, atol=0)
    assert np.array_equal(K[350:351], kernel_matrix(A[350:351], B, gamma=0.3))
    assert np.allclose(kernel_matrix(A, B, kernel="polynomial", degree=3),
                       polynomial_kernel(A, B, degree=3, gamma=1, coef0=1), rtol=1e-12)


@pytest.mark.parametrize("kernel", ["linear", "polynomial", "rbf"])
def test_small_whole_numbers_take_a_faster_path_to_the_very_same_kernel(kernel, monkeypatch):
    import perceptron_lib.theory.kernels as kernels
    rng = np.random.default_rng(2)
    A, B = rng.integers(0, 17, size=(300, 64)).astype(float), rng.integers(0, 17, size=(250, 64)).astype(float)
    fast = kernel_matrix(A, B, kernel=kernel, gamma=0.001, degree=3)
    assert kernels._small_integers(A, B)[0].dtype == np.int32
    monkeypatch.setattr(kernels, "_small_integers", lambda A, B: (A, B))
    assert np.array_equal(fast, kernel_matrix(A, B, kernel=kernel, gamma=0.001, degree=3))


def test_decisions_on_many_patterns_are_those_pattern_by_pattern():
    R, y = ring_data(300, seed=3)
    run = train_kernel(R, y, gamma=1.0)
    grid = np.random.default_rng(1).uniform(-3, 3, size=(5000, 2))
    assert np.array_equal(run.decision(grid)[4321:4323], run.decision(grid[4321:4323]))


def test_the_exponential_is_within_a_few_ulps_of_the_librarys():
    x = -np.concatenate([np.linspace(0, 50, 20001), [100, 300, 700, 740]])
    ours, theirs = exp_nonpositive(x), np.array([math.exp(v) for v in x])
    assert np.all(np.abs(ours - theirs) <= 4 * np.spacing(theirs))
    assert exp_nonpositive([-2000.0])[0] == 0.0



kernel_data = st.integers(2, 14).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.floats(-3, 3, allow_subnormal=False), min_size=2, max_size=2), min_size=n, max_size=n),
    st.lists(st.integers(0, 4), min_size=n, max_size=n), st.sampled_from([None, "one-hot", "binary"]),
    st.sampled_from(["linear", "polynomial", "rbf"]), st.floats(-4, 4), st.integers(1, 4),
    st.sampled_from(["cyclic", "random"])))


@settings(max_examples=examples(150), deadline=None)
@given(kernel_data)
def test_a_converged_kernel_run_predicts_every_training_pattern_right(data):
    """For every kernel and width: converged means predict gets the whole training set right."""
    X, labels, code, kernel, log_gamma, degree, order = data
    labels = np.array(labels)
    if code is None:
        labels = np.where(labels % 2 == 1, 1, -1 if labels[0] % 4 == 0 else 0)   # one unit, -1/+1 or 0/1
    elif labels.max() == 0:
        labels[-1] = 1
    run = train_kernel(X, labels, kernel=kernel, gamma=10.0 ** log_gamma, degree=degree, code=code, order=order,
                       seed=0 if order == "random" else None, max_epochs=40)
    if run.status == "converged":
        predicted = run.predict(X)
        assert np.array_equal(predicted, labels)


@pytest.mark.parametrize("code", ["one-hot", "binary"])
def test_converged_digit_runs_predict_their_training_half_right_at_every_width(code):
    """The gammas of lesson 09's curve and beyond, where the nets span 1e-15 to 1e-300."""
    X_train, _, t_train, _ = digit_halves()
    for gamma in (0.0003, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0, 3.0):
        run = train_kernel(X_train, t_train, gamma=gamma, code=code)
        assert run.status == "converged", gamma
        assert accuracy(t_train, run.predict(X_train)) == 1.0, gamma


def test_a_convergence_that_predicts_sums_overrule_does_not_end_the_run():
    """A kernel matrix with a near-tie: the nets kept in mistake order say "all right" one pass before
    predict's sums (in pattern order) do. The run goes on until predict's sums agree."""
    from perceptron_lib.theory.kernels import _dual_run, _support_nets
    tiny, ulp = 2.0**-52, 1.0 + 2.0**-52
    K = np.array([[ulp, tiny, 1.0], [tiny, 0.0, 1.5 * tiny], [1.0, 1.5 * tiny, 1.0]])
    y = np.array([[-1.0], [1.0], [1.0]])
    alpha, pattern, mistakes, status, _ = _dual_run(K, y, "-1/+1", "cyclic", None, 20)
    assert status == "converged" and alpha[:, 0].tolist() == [6, 3, 6]
    assert (y * _support_nets(K, alpha * y) > 0).all()
    nets, counts, quiet = np.zeros(3), np.zeros(3, int), 0       # the same loop without the check
    for j in pattern:
        if y[j, 0] * nets[j] <= 0:
            nets, counts, quiet = nets + K[j] * y[j, 0], counts + np.eye(3, dtype=int)[j], 0
        else:
            quiet += 1
        if quiet == 3:
            break
    assert counts.sum() < alpha.sum() and (y[:, 0] * _support_nets(K, counts[:, None] * y)[:, 0] <= 0).any()


def test_digits_reach_zero_training_error_and_97_percent_on_the_other_half():
    X_train, X_test, t_train, t_test = digit_halves()
    assert len(X_train) == 898 and len(X_test) == 899 and (np.bincount(t_train) >= 87).all()
    run = train_kernel(X_train, t_train, kernel="rbf", gamma=0.001, code="one-hot")
    assert run.status == "converged"
    assert accuracy(t_train, run.predict(X_train)) == 1.0
    assert accuracy(t_test, run.predict(X_test)) >= 0.97


DETERMINISM = """
import hashlib
import numpy as np
from numpy._core import _multiarray_umath as umath
from perceptron_lib.theory.datasets import digit_halves, ring_data
from perceptron_lib.theory.kernels import exp_nonpositive, train_kernel
X_train, X_test, t_train, t_test = digit_halves()
parts = []
for kernel in ("rbf", "polynomial"):
    run = train_kernel(X_train[:400], t_train[:400], kernel=kernel, gamma=0.001, degree=3, code="one-hot")
    parts += [run.alpha, run.pattern, run.decision(X_test[:300])]
parts += [*ring_data(300, seed=2), exp_nonpositive(-np.linspace(0, 745, 100001))]
used = [name for name in umath.__cpu_dispatch__ if umath.__cpu_features__.get(name)]
print(hashlib.sha256(b"".join(part.tobytes() for part in parts)).hexdigest(), *used)
"""


def test_kernel_runs_are_the_same_under_other_blas_kernels_and_without_simd():
    """No BLAS, and no CPU-dispatched exp or power: the digests match with AVX2 and AVX-512 code turned off.

    numpy's own np.exp and ** do change in their last bits when these features are
    turned off on an AVX-512 machine; the kernel perceptron must not.
    """
    from subprocesses import simd_features
    simd = simd_features()
    digests, used = set(), []
    for blas, features in ((None, None), ("Prescott", None), ("Haswell", simd or None)):
        out = output_under(DETERMINISM, blas=blas, disabled_features=features).split()
        digests.add(out[0])
        used.append(out[1:])
    assert len(digests) == 1, digests
    assert used == [simd.split(), simd.split(), []], used     # the last run had numpy's SIMD code turned off


# ---------------------------------------------------------------- the pictures (plotting/classes.py)


# ---------------------------------------------------------------- limits and defaults, pinned by hand

def test_the_kernel_matrixs_limits_are_said_with_their_numbers():
    assert kernel_matrix(np.zeros((3000, 1)), np.zeros((3000, 1)), kernel="linear").shape == (3000, 3000)
    with pytest.raises(ValueError, match=r"^A, B are too large for a kernel matrix: 3001 x 3000 entries of 1 "
                                         r"features, at most 9,000,000 entries and 2,000,000,000 entries times "
                                         r"features$"):
        kernel_matrix(np.zeros((3001, 1)), np.zeros((3000, 1)))
    with pytest.raises(ValueError, match=r"2000 x 2000 entries of 501 features"):      # 2.004e9 entries x features
        kernel_matrix(np.zeros((2000, 501)), np.zeros((2000, 501)))
    assert kernel_matrix([[1.0]], [[1.0]], kernel="polynomial", degree=10).tolist() == [[1024.0]]   # (1 + 1)^10
    with pytest.raises(ValueError, match=r"degree must be a whole number from 1 to 10, got 11"):
        kernel_matrix([[1.0]], [[1.0]], kernel="polynomial", degree=11)
    assert kernel_matrix([[0.0]], [[0.0]], gamma=1e6).tolist() == [[1.0]]
    with pytest.raises(ValueError, match=r"gamma must be a finite number > 0 and <= 1000000.0, got 1500000.0"):
        kernel_matrix([[0.0]], [[1.0]], gamma=1.5e6)


def test_a_kernel_run_takes_at_most_3000_patterns():
    run = train_kernel(np.zeros((3000, 1)), np.ones(3000), kernel="linear", max_epochs=1)
    assert run.alpha[:, 0].tolist() == [1] + [0] * 2999         # k(x, z) = 1: one mistake makes every net 1
    with pytest.raises(ValueError, match=r"X must hold at most 3000 patterns for a kernel perceptron"):
        train_kernel(np.zeros((3001, 1)), np.ones(3001))


@pytest.mark.parametrize("n, classes, allowed", [
    (4, None, 125_000),          # 500,000 presentations / 4
    (1000, None, 500),           # 500,000 / 1000 (10^9 / 10^6 = 1000 is larger)
    (1000, 4, 250),              # 10^9 / (1000^2 * 4 units)
    (3000, 64, 1),               # 10^9 // (3000^2 * 64) = 1
])
def test_max_epochs_is_limited_by_presentations_and_by_a_run_of_mistakes(n, classes, allowed):
    X = np.zeros((n, 1))
    y = np.arange(n) % 2 if classes is None else np.arange(n) % classes
    code = None if classes is None else "one-hot"
    units = 1 if classes is None else classes
    with pytest.raises(ValueError, match=rf"max_epochs must keep max_epochs \* n_samples within 500,000 "
                                         rf"presentations and max_epochs \* n_samples\^2 \* units within "
                                         rf"1,000,000,000 .*got max_epochs={allowed + 1} with {n} patterns and "
                                         rf"{units} units; use max_epochs <= {allowed}$"):
        train_kernel(X, y, code=code, max_epochs=allowed + 1)


def test_the_largest_allowed_max_epochs_runs():
    run = train_kernel(*boolean_function("xor"), kernel="polynomial", max_epochs=125_000)   # 4 x 125,000 = 500,000
    assert run.status == "converged"


def test_defaults_rbf_with_gamma_one_over_the_features_degree_2_cyclic_and_100_passes():
    K = kernel_matrix([[0.0, 0.0]], [[1.0, 1.0]])           # exp(-(1/2) * 2)
    assert abs(K[0, 0] - math.exp(-1.0)) <= 2 * np.spacing(math.exp(-1.0))
    assert kernel_matrix([[1, 1]], [[1, 2]], kernel="polynomial").tolist() == [[16.0]]    # (1 + 3)^2
    X, c = boolean_function("xor")
    run = train_kernel(X, c)
    assert (run.kernel, run.gamma, run.degree) == ("rbf", 0.5, 2)
    assert np.array_equal(run.pattern, np.arange(run.n_presentations) % 4)
    assert train_kernel(X[:, :1], c, kernel="polynomial", degree=1).gamma == 1.0
    long = train_kernel(X, c, kernel="linear", order="random", seed=0)     # XOR never converges
    assert long.status == "max_epochs" and long.n_epochs == 100 and long.n_presentations == 400


def test_the_int32_shortcut_is_taken_only_where_its_sums_cannot_overflow():
    """exp(-1e-9 (2 x 32767)^2) = 0.01364...: (65534)^2 overflows int32; two features of +-16384 add up to
    exactly 2^31, which overflows too; 1 + 2 x 16384^2 is the linear kernel's."""
    K = kernel_matrix([[32767.0]], [[-32767.0]], kernel="rbf", gamma=1e-9)[0, 0]
    assert abs(K - math.exp(-1e-9 * 65534.0**2)) <= 1e-15 and abs(K - 0.0136406) < 1e-7
    K = kernel_matrix([[16384.0, 16384.0]], [[-16384.0, -16384.0]], kernel="rbf", gamma=1e-9)[0, 0]
    assert abs(K - math.exp(-1e-9 * 2.0**31)) <= 1e-15 and abs(K - 0.1167776) < 1e-7
    assert kernel_matrix([[16384.0, 16384.0]], [[16384.0, 16384.0]], kernel="linear").tolist() == [[536870913.0]]
    assert kernel_matrix([[2.0]], [[0.5]], kernel="linear").tolist() == [[2.0]]     # 1 + 2 x 0.5: B not whole
    assert kernel_matrix([[0.5]], [[2.0]], kernel="linear").tolist() == [[2.0]]     # A not whole


def test_a_kernel_run_is_frozen_and_compared_by_identity():
    import dataclasses
    run = train_kernel(*boolean_function("or"), kernel="linear")
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.status = "cycling"
    twin = dataclasses.replace(run)
    assert twin != run and run == run and len({run, twin}) == 2     # hashable, by identity (its arrays)


def test_the_work_limit_counts_entries_times_features_and_allows_it_exactly(monkeypatch):
    import perceptron_lib.theory.kernels as kernels
    monkeypatch.setattr(kernels, "MAX_KERNEL_WORK", 12)       # a small limit, so that its edge is quick to reach
    assert kernel_matrix(np.zeros((2, 3)), np.zeros((2, 3)), kernel="linear").tolist() == [[1.0, 1.0]] * 2
    with pytest.raises(ValueError, match=r"2 x 3 entries of 3 features, at most 9,000,000 entries and 12 entries"):
        kernel_matrix(np.zeros((2, 3)), np.zeros((3, 3)))    # 6 entries x 3 features = 18


def test_the_exponential_refuses_any_positive_number():
    assert exp_nonpositive([0.0, -0.0]).tolist() == [1.0, 1.0]
    with pytest.raises(ValueError, match=r"x must be <= 0, got a largest value of 0.5"):
        exp_nonpositive([-1.0, 0.5])


def test_decisions_are_limited_by_the_work_of_the_patterns_with_a_mistake(monkeypatch):
    import perceptron_lib.theory.kernels as kernels
    run = train_kernel(*boolean_function("or"), kernel="linear")     # mistakes on 3 patterns: alpha 2, 1, 1, 0
    monkeypatch.setattr(kernels, "MAX_KERNEL_WORK", 12)              # 3 patterns x 2 new ones x 2 features
    assert run.decision([[0, 0], [1, 1]]).tolist() == [[0.0], [2.0]]    # W = [0 1 1] (lesson 02): nets 0 and 2
    with pytest.raises(ValueError, match=r"X must keep the kernel work within 12 entries times features \(a few "
                                         r"seconds\), got 3 patterns against 3 patterns with a mistake, 2 features"):
        run.decision([[0, 0], [1, 1], [0, 1]])
