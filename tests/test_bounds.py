"""bounds: radius, margin, the maximum-margin separator and every form of the convergence bound.

The law under test is the theorem itself: from W = 0, train makes no more updates than a bound,
whichever separator the bound is computed with. Each form is checked on the run its proof is
about (Stensbo-Smidt's on the perceptron whose bias input is R, that is train(X / R, y)).
"""
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from sklearn.svm import SVC

from perceptron_lib import boolean_function, train
from perceptron_lib.core.arithmetic import dot
from perceptron_lib.theory.bounds import (augmented_bound, augmented_radius, binary_bound, honavar_bound,
                                   margin, max_margin_separator, radius, stensbo_smidt_bound)
from perceptron_lib.theory.datasets import separable_data, to_signed
from perceptron_lib.core.training import MAX_PRESENTATIONS

OR = boolean_function("or")
AND = boolean_function("and")


def least_norm_in_hull(points):
    """The least norm of a point in the convex hull, by trying every small subset (tiny sets only).

    The nearest point lies in the hull of at most dim + 1 of the points, in the relative interior
    of their hull, where it is the least-norm point of their affine hull.
    """
    P = np.asarray(points, float)
    best = np.inf
    for size in range(1, min(len(P), P.shape[1] + 1) + 1):
        for subset in combinations(range(len(P)), size):
            Q = P[list(subset)]
            kkt = np.block([[Q @ Q.T, np.ones((size, 1))], [np.ones((1, size)), np.zeros((1, 1))]])
            try:
                weights = np.linalg.solve(kkt, np.r_[np.zeros(size), 1.0])[:size]
            except np.linalg.LinAlgError:
                continue
            if (weights >= 0).all():
                best = min(best, float(np.linalg.norm(weights @ Q)))
    return best


def threshold_teacher(name, n_inputs, m):
    """A separator of a Boolean threshold function: at least m of n is x1 + ... + xn > m - 1/2."""
    m = {"and": n_inputs, "nand": n_inputs, "or": 1, "nor": 1}.get(name, m)
    w = np.r_[-(m - 0.5), np.ones(n_inputs)]
    return -w if name in ("nand", "nor") else w


# --- radius ---------------------------------------------------------------------------------

def test_radius_is_the_largest_raw_pattern_norm_and_the_augmented_one_adds_the_bias_input():
    X = [[0, 0], [3, 4], [1, 1]]
    assert radius(X) == 5.0  # ||(3, 4)|| = 5
    assert augmented_radius(X) == pytest.approx(26 ** 0.5)  # ||(1, 3, 4)||**2 = 1 + 9 + 16
    assert augmented_radius(OR[0]) ** 2 == pytest.approx(3)  # Honavar's L = sqrt(n + 1), binary


# --- margin ---------------------------------------------------------------------------------

@pytest.mark.parametrize("signed", [False, True])
def test_margin_of_or_by_hand(signed):
    X, y = boolean_function("or", signed=signed)
    w = [-1, 2, 2]
    # W·X_k = -1, 1, 1, 3 and s_k = -1, 1, 1, 1: delta = min(1, 1, 1, 3) = 1
    assert margin(X, y, w, kind="functional") == 1.0
    # geometric: delta / ||(2, 2)|| = 1 / sqrt(8); augmented: delta / ||(-1, 2, 2)|| = 1 / 3
    assert margin(X, y, w) == pytest.approx(1 / 8 ** 0.5)
    assert margin(X, y, w, kind="augmented") == pytest.approx(1 / 3)


@pytest.mark.parametrize("scale", [0.01, 1.0, 7.0])
def test_margin_scales_with_w_only_in_the_functional_kind(scale):
    w = np.array([-1.0, 2, 2])
    assert margin(*OR, scale * w, kind="functional") == pytest.approx(scale)
    assert margin(*OR, scale * w) == pytest.approx(margin(*OR, w))
    assert margin(*OR, scale * w, kind="augmented") == pytest.approx(margin(*OR, w, kind="augmented"))


@pytest.mark.parametrize("scale", [1e-300, 1e-200, 2.0**-1000, 1e-5, 3.0, 1e200, 1e300])
@pytest.mark.parametrize("signed", [False, True])
def test_the_bounds_and_the_scale_free_margins_do_not_depend_on_the_scale_of_w(scale, signed):
    """Honavar (1996), section 3: the bound depends on W* only through delta / ||W*||. Computed from W*
    rescaled by a power of two, a separator of 1e-200 or 1e200 gives 27, not 0 or inf."""
    X, y = boolean_function("or", signed=signed)
    w = scale * np.array([-1.0, 2, 2])
    assert honavar_bound(X, y, w) == pytest.approx(27, rel=1e-12)
    assert augmented_bound(X, y, w) == pytest.approx(27, rel=1e-12)
    assert binary_bound(X, y, w) == pytest.approx(27, rel=1e-12)
    assert stensbo_smidt_bound(X, y, w) == pytest.approx(64, rel=1e-12)
    assert margin(X, y, w) == pytest.approx(1 / 8 ** 0.5, rel=1e-12)
    assert margin(X, y, w, kind="augmented") == pytest.approx(1 / 3, rel=1e-12)
    assert margin(X, y, w, kind="functional") == pytest.approx(scale, rel=1e-12)  # delta scales with W


@pytest.mark.parametrize("scale", [1e-150, 1e-100, 2.0**-60, 1.0, 1e100, 1e150])
def test_tiny_and_huge_patterns_give_the_same_separator_direction(scale):
    """Rescaling the patterns by a power of two inside the algorithm keeps squares from under- or overflowing.
    (The augmented kind is another matter: next to the bias input 1, patterns of 1e-150 or 1e150 leave an
    augmented margin of about 1e-150 of the longest pattern, which is refused as no margin at all.)"""
    X, y = AND
    w, gamma = max_margin_separator(X * scale, y)
    np.testing.assert_allclose(w[1:], np.array([1, 1]) / 2 ** 0.5, rtol=1e-12)
    assert w[0] / scale == pytest.approx(-1.5 / 2 ** 0.5, rel=1e-12)
    assert gamma / scale == pytest.approx(0.5 / 2 ** 0.5, rel=1e-12)
    assert radius(X * scale) == pytest.approx(2 ** 0.5 * scale, rel=1e-15)


def test_honavars_own_or_solution_has_no_margin_since_a_negative_pattern_lies_on_it():
    """Honavar (1996), section 2 ends at W* = [0 1 1], with W*·X_1 = 0 on the negative X_1: that
    solves the learning task (W*·X <= 0 is allowed) but gives delta = 0, so no bound (section 3)."""
    final = train(*OR).final_weights
    assert final.tolist() == [0, 1, 1]
    with pytest.raises(ValueError, match=r"w must separate.*pattern\(s\) \[0\]"):
        margin(*OR, final)


# --- the bound forms, by hand -----------------------------------------------------------------

@pytest.mark.parametrize("signed", [False, True])
def test_honavar_bound_on_or_by_hand(signed):
    X, y = boolean_function("or", signed=signed)
    # ||W*||**2 = 1 + 4 + 4 = 9, L**2 = 1 + 1 + 1 = 3, delta = 1: (||W*|| L / delta)**2 = 27
    assert honavar_bound(X, y, [-1, 2, 2]) == pytest.approx(27)
    assert honavar_bound(X, y, [-10, 20, 20]) == pytest.approx(27)  # W* scaled: the same bound
    assert train(X, y).n_updates == (9 if signed else 4)  # the source's run makes 4; the -1/+1 rule 9
    assert train(X, y).n_updates <= 27


def test_augmented_bound_on_or_by_hand_is_honavars_number():
    # w = [-1, 2, 2] / 3 has unit norm; gamma = 1 / 3; R = sqrt(3): (R / gamma)**2 = 3 * 9 = 27
    assert augmented_bound(*OR, [-1, 2, 2]) == pytest.approx(27)


def test_binary_bound_scales_w_star_to_unit_delta():
    # AND with [-3, 2, 2]: W*·Z_k = 3, 1, 1, 1 so delta = 1; ||W*||**2 = 9 + 4 + 4 = 17; 17 * 3 = 51
    for w_star in ([-3, 2, 2], [-6, 4, 4], [-1.5, 1, 1]):  # the last has delta = 1/2, scaled by 2
        assert binary_bound(*AND, w_star) == pytest.approx(51)
    assert honavar_bound(*AND, [-3, 2, 2]) == pytest.approx(51)  # the all-ones pattern is there: L = sqrt(3)


def test_binary_bound_uses_the_largest_possible_norm_sqrt_n_plus_1():
    X, y = np.array([[0, 0], [0, 1], [1, 0]]), np.array([0, 1, 1])  # OR without (1, 1)
    # W* = [-1, 2, 2], delta = 1: Honavar's L**2 = 2 gives 9 * 2 = 18; the corollary's n + 1 = 3 gives 27
    assert honavar_bound(X, y, [-1, 2, 2]) == pytest.approx(18)
    assert binary_bound(X, y, [-1, 2, 2]) == pytest.approx(27)


@pytest.mark.parametrize("signed", [False, True])
def test_stensbo_smidt_bound_on_or_by_hand(signed):
    X, y = boolean_function("or", signed=signed)
    # w = [-0.5, 1, 1] / sqrt(2): ||w|| = 1, b = -0.5 / sqrt(2); the nearest patterns (0, 0), (0, 1),
    # (1, 0) are 0.5 / sqrt(2) away, so gamma = 1 / (2 sqrt(2)); R = ||(1, 1)|| = sqrt(2);
    # 2 R / gamma = 2 sqrt(2) * 2 sqrt(2) = 8, and the bound is 64
    assert stensbo_smidt_bound(X, y, [-0.5, 1, 1]) == pytest.approx(64)
    assert stensbo_smidt_bound(X, y, [-1, 2, 2]) == pytest.approx(64)  # the same hyperplane
    assert train(X / radius(X), y).n_updates <= 64


def source_perceptron_with_bias_input_R(X, t):
    """Stensbo-Smidt (2015), proof of theorem 1: w_hat <- w_hat + t_i x_hat_i whenever
    t_i w_hat·x_hat_i <= 0, with x_hat = (x, R); cyclic passes until one makes no update."""
    X_hat = np.hstack([X, np.full((len(X), 1), radius(X))])
    w_hat, updates, clean = np.zeros(X_hat.shape[1]), 0, False
    while not clean:
        clean = True
        for x_hat, target in zip(X_hat, t):
            if target * dot(w_hat, x_hat) <= 0:
                w_hat, updates, clean = w_hat + target * x_hat, updates + 1, False
    return updates


@pytest.mark.parametrize("X, train_updates", [([[0.1], [0.04]], 337), ([[100.0], [40.0]], 1872)])
def test_stensbo_smidt_bound_counts_the_perceptron_with_bias_input_R_not_1(X, train_updates):
    """The proof folds the bias in as (x, R) and (w, b / R). train with bias input 1 is that
    perceptron only on X / R; on X itself it can exceed (2 R / gamma)**2 when R is far from 1."""
    X, t = np.array(X), np.array([1, -1])
    w = [-(X[0, 0] + X[1, 0]) / 2, 1]  # the hyperplane halfway between the two points
    # gamma = (x+ - x-) / 2 = 0.3 R, so (2 R / gamma)**2 = (2 / 0.3)**2 = 44.4 for both data sets
    bound = stensbo_smidt_bound(X, t, w)
    assert bound == pytest.approx((2 / 0.3) ** 2)
    assert train(X / radius(X), t).n_updates == source_perceptron_with_bias_input_R(X, t) <= bound
    assert train(X, t, max_epochs=10**5).n_updates == train_updates > bound
    assert train_updates <= honavar_bound(X, t, w)  # the form that is about train(X, y)


# --- the maximum-margin separator, by hand ----------------------------------------------------

@pytest.mark.parametrize("X, y, w, gamma", [
    # two points: the perpendicular bisector x1 = 1, half their distance
    ([[0, 0], [2, 0]], [0, 1], [-1, 1, 0], 1),
    # a symmetric square: x1 = 0
    ([[1, 1], [1, -1], [-1, 1], [-1, -1]], [1, 1, 0, 0], [0, 1, 0], 1),
    # the same, shifted: x1 = 2
    ([[3, 1], [3, -1], [1, 1], [1, -1]], [1, 1, 0, 0], [-2, 1, 0], 1),
    # AND: x1 + x2 = 1.5, half the distance from (1, 1) to the segment's midpoint (0.5, 0.5)
    (AND[0], AND[1], np.array([-1.5, 1, 1]) / 2 ** 0.5, 0.5 / 2 ** 0.5),
    # OR: x1 + x2 = 0.5, by symmetry with AND
    (OR[0], OR[1], np.array([-0.5, 1, 1]) / 2 ** 0.5, 0.5 / 2 ** 0.5),
])
@pytest.mark.parametrize("signed", [False, True])
def test_geometric_max_margin_separator_known_answers(X, y, w, gamma, signed):
    y = to_signed(y) if signed else np.asarray(y)
    found, found_gamma = max_margin_separator(X, y)
    np.testing.assert_allclose(found, w, atol=1e-9)
    assert found_gamma == pytest.approx(gamma, rel=1e-9)
    assert np.linalg.norm(found[1:]) == pytest.approx(1)
    assert found_gamma == margin(X, y, found)


@pytest.mark.parametrize("X, y, w, gamma", [
    # two points: Z = (-1, 0, 0), (1, 2, 0); nearest point of the segment to 0 is at t = 1/4:
    # (-1 + 2t, 2t, 0) = (-0.5, 0.5, 0), of norm 1 / sqrt(2)
    ([[0, 0], [2, 0]], [0, 1], np.array([-1, 1, 0]) / 2 ** 0.5, 1 / 2 ** 0.5),
    # AND, W = (a, c, c) by symmetry: 3 = -a >= 1, -a - c >= 1 and a + 2c >= 1 active at (-3, 2, 2);
    # KKT (-6, 8) = 20 (1, -1) + 14 (-1, 2) with both multipliers >= 0; ||W||**2 = 17
    (AND[0], AND[1], np.array([-3, 2, 2]) / 17 ** 0.5, 1 / 17 ** 0.5),
    # OR: -a >= 1 and a + c >= 1 active at (-1, 2, 2); KKT (-2, 8) = 10 (-1, 0) + 8 (1, 1); norm 3
    (OR[0], OR[1], np.array([-1, 2, 2]) / 3, 1 / 3),
    # one class: Z = -(1, x) for x = 0, 1; the nearest point to 0 is -(1, 0)
    ([[0], [1]], [0, 0], [-1, 0], 1),
])
@pytest.mark.parametrize("signed", [False, True])
def test_augmented_max_margin_separator_known_answers(X, y, w, gamma, signed):
    y = to_signed(y) if signed else np.asarray(y)
    found, found_gamma = max_margin_separator(X, y, kind="augmented")
    np.testing.assert_allclose(found, w, atol=1e-9)
    assert found_gamma == pytest.approx(gamma, rel=1e-9)
    assert np.linalg.norm(found) == pytest.approx(1)
    assert found_gamma == margin(X, y, found, kind="augmented")


def test_the_best_honavar_bounds_of_and_and_or():
    """With the augmented max-margin W*: OR 3 * 9 = 27, AND 3 * 17 = 51 (the smallest possible)."""
    for (X, y), best in ((OR, 27), (AND, 51)):
        w, _ = max_margin_separator(X, y, kind="augmented")
        for form in (honavar_bound, augmented_bound, binary_bound):
            assert form(X, y, w) == pytest.approx(best, rel=1e-9)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 7), d=st.integers(1, 2),
       data_margin=st.sampled_from([0.0, 0.02, 0.2]))
def test_max_margin_is_the_least_norm_point_of_the_hulls(seed, n, d, data_margin):
    """Without scikit-learn: the largest geometric margin is half the distance between the classes'
    convex hulls; the largest augmented margin is the distance from 0 to the hull of the Z_k."""
    X, y, teacher = separable_data(n, d, margin=data_margin, seed=seed)
    s = 2 * y - 1
    Z = s[:, None] * np.hstack([np.ones((n, 1)), X])
    _, gamma = max_margin_separator(X, y, kind="augmented")
    assert gamma == pytest.approx(least_norm_in_hull(Z), rel=1e-9)
    assert gamma >= margin(X, y, teacher, kind="augmented")
    if len(set(y)) == 2:
        _, gamma = max_margin_separator(X, y)
        differences = [a - b for a in X[y == 1] for b in X[y == 0]]
        assert gamma == pytest.approx(least_norm_in_hull(differences) / 2, rel=1e-9)
        assert gamma >= margin(X, y, teacher)


@pytest.mark.parametrize("seed", range(6))
def test_scikit_learn_svm_finds_no_larger_margin(seed):
    X, y, _ = separable_data(200, 6, margin=0.02, seed=seed)
    _, gamma = max_margin_separator(X, y)
    svc = SVC(kernel="linear", C=1e8).fit(X, y)
    svc_gamma = margin(X, y, np.r_[svc.intercept_, svc.coef_.ravel()])
    assert svc_gamma <= gamma * (1 + 1e-12)
    assert svc_gamma >= gamma * (1 - 1e-3)  # the same optimum, to the SVM solver's tolerance


# --- the theorem: no run exceeds any form, with any separator --------------------------------

def at_most(updates, bound):
    """updates <= bound, the bound computed in floating point: it can be reached exactly (one
    pattern Z and W* = Z / ||Z||: (||W*|| L / delta)**2 = 1 update), and then round just below."""
    return updates <= bound * (1 + 1e-12)


@st.composite
def separable_problems(draw):
    """(X, y, teacher): random separable data, or a Boolean threshold function with a separator."""
    if draw(st.booleans()):
        X, y, teacher = separable_data(draw(st.integers(1, 30)), draw(st.integers(1, 5)),
                                       margin=draw(st.sampled_from([0.05, 0.1, 0.2, 0.3])),
                                       seed=draw(st.integers(0, 10**6)))
    else:
        name = draw(st.sampled_from(["and", "or", "nand", "nor", "at_least"]))
        n_inputs = draw(st.integers(1, 5))
        m = draw(st.integers(1, n_inputs)) if name == "at_least" else None
        X, y = boolean_function(name, n_inputs, m=m)
        teacher = threshold_teacher(name, n_inputs, m)
    return X, y, teacher


@settings(max_examples=150, deadline=None)
@given(problem=separable_problems(), signed=st.booleans(), order=st.sampled_from(["cyclic", "random"]),
       eta=st.sampled_from([0.1, 1.0, 3.7]), seed=st.integers(0, 10**6))
def test_updates_never_exceed_any_bound_with_any_separator(problem, signed, order, eta, seed):
    X, y, teacher = problem
    if signed:
        y = to_signed(y)
    both_classes = len(set(y.tolist())) == 2
    options = dict(eta=eta, order=order, seed=seed if order == "random" else None,
                   max_epochs=MAX_PRESENTATIONS // len(X), record=False)  # as long as train allows
    run = train(X, y, **options)
    scaled = train(X / radius(X), y, **options)  # the perceptron of Stensbo-Smidt's proof
    assert run.status == scaled.status == "converged"

    geometric_best = max_margin_separator(X, y)[0] if both_classes else None
    augmented_best = max_margin_separator(X, y, kind="augmented")[0]
    binary = np.isin(X, (0, 1)).all()
    learned = run.final_weights  # a separator too, unless a negative pattern lies on it (labels 0/1)
    try:
        margin(X, y, learned, kind="functional")
    except ValueError:
        learned = None
    for w in (teacher, augmented_best, geometric_best, learned):
        if w is None:
            continue
        assert at_most(run.n_updates, honavar_bound(X, y, w))
        assert at_most(run.n_updates, augmented_bound(X, y, w))
        if binary:
            assert at_most(run.n_updates, binary_bound(X, y, w))
        if both_classes:  # then |b| < R for every separator (the hyperplane crosses the ball)
            assert at_most(scaled.n_updates, stensbo_smidt_bound(X, y, w))

    # The max-margin separators give the smallest bounds (up to rounding).
    for form in (honavar_bound, augmented_bound) + ((binary_bound,) if binary else ()):
        assert form(X, y, augmented_best) <= form(X, y, teacher) * (1 + 1e-9)
    if both_classes:
        assert stensbo_smidt_bound(X, y, geometric_best) <= stensbo_smidt_bound(X, y, teacher) * (1 + 1e-9)


@settings(max_examples=60, deadline=None)
@given(problem=separable_problems(), scale=st.sampled_from([0.01, 1.0, 50.0]))
def test_augmented_bound_equals_honavar_bound(problem, scale):
    X, y, teacher = problem
    assert augmented_bound(X, y, scale * teacher) == pytest.approx(honavar_bound(X, y, teacher), rel=1e-12)


def test_the_run_does_not_depend_on_eta_from_zero_weights():
    """Why the bounds need no eta (Honavar 1996, section 3, remarks): from W = 0, eta scales W."""
    X, y, _ = separable_data(30, 3, margin=0.05, seed=1)
    assert train(X, y, eta=0.1).update_presentations.tolist() == train(X, y).update_presentations.tolist()


# --- errors -----------------------------------------------------------------------------------

ONE_CLASS = (np.array([[0.05]]), np.array([1]))


# The bad-input cases of every function here are in tests/test_bad_input_theory.py.


def test_stensbo_smidt_bound_fails_on_one_class_exactly_when_the_hyperplane_leaves_the_ball():
    """|b| <= R (Stensbo-Smidt 2015, eq. 23) is a condition only with one class; inside it the bound holds."""
    X, y = ONE_CLASS
    assert stensbo_smidt_bound(X, y, [0.05, 1]) == pytest.approx((2 * 0.05 / 0.1) ** 2)  # gamma = 0.1: 1
    assert train(X / radius(X), y).n_updates == 1


def test_the_experiment_reproduces_train_and_its_bounds_set_by_set():
    from perceptron_lib.theory.bounds import convergence_experiment
    from perceptron_lib.theory.datasets import separable_data as make
    result = convergence_experiment(12, 20, 3, 0.1, seed=7, order="random", max_margin_sets=3)
    for k in range(12):
        X, y, teacher = make(20, 3, margin=0.1, seed=7 + k)
        assert result.updates[k] == train(X, y, order="random", seed=7 + k).n_updates
        assert result.honavar[k] == honavar_bound(X, y, teacher)
    assert len(result.honavar_max) == 3 and set(result.violations().values()) == {0}


def test_bound_check_plots_every_data_set_under_the_diagonal():
    from perceptron_lib.course.plotting import plot_bound_check
    fig = plot_bound_check({"a": ([1, 2, 3], [10, 20, 30])})
    offsets = fig.axes[0].collections[0].get_offsets()
    assert offsets.tolist() == [[10, 1], [20, 2], [30, 3]]
