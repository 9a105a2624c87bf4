"""Fixed-order numerics: the portable exponential and the least-norm solver of Wolfe's affine step."""
import math

import numpy as np
import pytest

from perceptron_lib.arithmetic import affine_weights, dot, exp


@pytest.mark.parametrize("seed", range(40))
def test_the_affine_least_norm_point_matches_lapack_least_squares(seed):
    """The fixed-order Gram-Schmidt solver of Wolfe's affine step against numpy's lstsq (LAPACK)."""
    rng = np.random.default_rng(seed)
    dim = int(rng.integers(1, 7))
    Q = rng.normal(size=(int(rng.integers(1, dim + 2)), dim)) * 10.0 ** rng.integers(-3, 4)
    weights = affine_weights(Q)
    beta = np.linalg.lstsq((Q[1:] - Q[0]).T, -Q[0], rcond=None)[0]
    expected = np.r_[1 - beta.sum(), beta]
    np.testing.assert_allclose(weights, expected, rtol=1e-10, atol=1e-12)
    point = dot(Q.T, weights)
    np.testing.assert_allclose(dot(Q[1:] - Q[0], point), 0, atol=1e-12 * np.abs(Q).max() ** 2)


def test_a_point_in_the_affine_hull_of_the_others_is_degenerate():
    assert affine_weights(np.array([[0.0, 1], [1, 1], [2, 1]])) is None  # three points on a line
    assert affine_weights(np.array([[1.0, 2], [1, 2]])) is None  # the same point twice
    np.testing.assert_allclose(affine_weights(np.array([[-1.0, 1], [1, 1]])), [0.5, 0.5])


def test_the_portable_exponential_is_within_a_few_ulps_of_the_librarys_on_both_sides_of_zero():
    x = np.concatenate([np.linspace(-50, 50, 40001), [-745.0, -700, 300, 700, 709.7]])
    ours, theirs = exp(x), np.array([math.exp(v) for v in x])
    assert np.all(np.abs(ours - theirs) <= 4 * np.spacing(theirs))
    with np.errstate(over="ignore"):   # as np.exp, it warns of the overflow
        assert exp([-2000.0])[0] == 0.0 and exp([2000.0])[0] == np.inf


# ---------------------------------------------------------------- oracles for the fixed-order sums and Wolfe's point

from fractions import Fraction  # noqa: E402

from perceptron_lib.arithmetic import (add_with_ones, least_norm_point, nets, norm, sigmoid,  # noqa: E402
                                       sigmoid_descent, sum_in_order, wrong_side)


def left_to_right(a, b):
    """The sum a0 b0 + a1 b1 + ... on Python floats, one term at a time: the order the package promises."""
    total = a[0] * b[0]
    for x, y in zip(a[1:], b[1:]):
        total = total + x * y
    return total


@pytest.mark.parametrize("seed", range(10))
def test_dot_and_nets_add_left_to_right_as_a_plain_loop_does(seed):
    rng = np.random.default_rng(seed)
    W, X = rng.normal(size=(4, 5)) * 10.0 ** rng.integers(-8, 9, (4, 5)), rng.normal(size=(6, 5))
    for w in W:
        assert dot(X, w).tolist() == [left_to_right(x.tolist(), w.tolist()) for x in X]
        assert nets(w, X).tolist() == [left_to_right(x.tolist(), w.tolist()) for x in X]
    assert nets(W, X).tolist() == [[left_to_right(x.tolist(), w.tolist()) for x in X] for w in W]
    assert nets(W, X).shape == (4, 6) and nets(W[0], X).shape == (6,)


def test_the_order_of_the_sums_shows_where_rounding_differs():
    assert float(dot([1e16, 1.0, -1e16], [1.0, 1.0, 1.0])) == 0.0          # (1e16 + 1) rounds to 1e16
    assert float(dot([1e16, -1e16, 1.0], [1.0, 1.0, 1.0])) == 1.0
    assert float(sum_in_order(np.array([1e16, 1.0, -1e16]))) == 0.0 and math.fsum([1e16, 1.0, -1e16]) == 1.0
    assert sum_in_order(np.array([[1.0, 2.0], [3.0, -3.0]])).tolist() == [3.0, 0.0]


def test_integer_sums_are_exact():
    rng = np.random.default_rng(1)
    W, X = rng.integers(-1000, 1000, (3, 4)), rng.integers(-1000, 1000, (5, 4))
    exact = [[sum(Fraction(int(a)) * int(b) for a, b in zip(x, w)) for x in X] for w in W]
    assert nets(W, X).tolist() == [[float(v) for v in row] for row in exact]


def test_norm_and_ones():
    assert float(norm([3.0, 4.0])) == 5.0 and float(norm([0.0, 0.0])) == 0.0
    assert norm([[3.0, 4.0], [5.0, 12.0]]).tolist() == [5.0, 13.0]
    assert float(norm([1.0, 2.0, 2.0])) == math.sqrt(left_to_right([1.0, 2.0, 2.0], [1.0, 2.0, 2.0])) == 3.0
    assert add_with_ones([[2, 3]]).tolist() == [[1.0, 2.0, 3.0]]
    assert add_with_ones(np.zeros((2, 3, 1))).shape == (2, 3, 2) and (add_with_ones(np.zeros((2, 3, 1)))[..., 0] == 1).all()


def test_the_sigmoid_against_the_library_exponential_on_both_sides():
    z = np.linspace(-30, 30, 1201)
    expected = np.array([1 / (1 + math.exp(-v)) if v >= 0 else math.exp(v) / (1 + math.exp(v)) for v in z])
    assert np.max(np.abs(sigmoid(z) / expected - 1)) < 1e-14
    assert sigmoid(np.array([0.0]))[0] == 0.5 and sigmoid(np.array([-2.0]))[0] < 0.5 < sigmoid(np.array([2.0]))[0]
    np.testing.assert_allclose(sigmoid(-z), 1 - sigmoid(z), atol=1e-15)


def test_the_sigmoid_descent_by_hand():
    """One pattern X = [1, 2], target 1, W·X = 0, beta = 1: o = 1/2, (1 - o) o (1 - o) = 1/8, times X."""
    step = sigmoid_descent(np.array([[0.0]]), np.array([True]), np.array([1.0]), np.array([[1.0, 2.0]]))
    assert step.tolist() == [[0.125, 0.25]]
    step = sigmoid_descent(np.array([[0.0, 0.0]]), np.array([True, False]), np.array([2.0]), np.array([[1.0, 2.0], [1.0, 0.0]]))
    assert step.tolist() == [[0.0, 0.25]]   # 1/8 [1, 2] - 1/8 [1, 0]


def test_the_wrong_side_of_one_half():
    net, positive = np.array([-1.0, 0.0, 1.0, -1.0, 0.0, 1.0]), np.array([True, True, True, False, False, False])
    assert wrong_side(net, positive).tolist() == [True, True, False, False, True, True]


def polytope(vertices):
    V = [np.asarray(v, float) for v in vertices]

    def lowest(x):
        if x is None:
            return V[0], 0
        k = min(range(len(V)), key=lambda i: (float(dot(x, V[i])), i))
        return V[k], k
    return lowest


@pytest.mark.parametrize("vertices, expected", [
    ([[1, 0], [0, 1]], [0.5, 0.5]),                       # the middle of a segment
    ([[2, 0], [0, 2], [2, 2]], [1, 1]),                   # an edge of a triangle
    ([[1, 2], [-1, 2], [0, 1]], [0, 1]),                  # a vertex: the minor cycle drops (1, 2) again
    ([[3, 4]], [3, 4]),                                   # one vertex
    ([[1, 1], [-1, 1], [0, -1]], [0, 0]),                 # the origin inside
    ([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [1 / 3, 1 / 3, 1 / 3]),
    ([[2, 1], [1, 2], [2, 3], [3, 2]], [1.5, 1.5]),
])
def test_the_least_norm_point_by_hand(vertices, expected):
    np.testing.assert_allclose(least_norm_point(polytope(vertices)), expected, atol=1e-12)


@pytest.mark.parametrize("seed", range(25))
def test_the_least_norm_point_against_a_quadratic_program(seed):
    """Wolfe's point against scipy: min ||V^T l||^2 over l >= 0, sum l = 1 (non-negative least squares with a
    heavily weighted row for the sum), on random polytopes that do not hold the origin."""
    from scipy.optimize import nnls
    rng = np.random.default_rng(seed)
    d, n = int(rng.integers(2, 5)), int(rng.integers(2, 12))
    V = rng.normal(size=(n, d)) + rng.normal(size=d) * 3
    A, b = np.vstack([V.T, 1e4 * np.ones(n)]), np.r_[np.zeros(d), 1e4]
    lam = nnls(A, b)[0]
    expected = V.T @ (lam / lam.sum())
    found = least_norm_point(polytope(V))
    assert float(norm(found)) <= float(norm(expected)) + 1e-7
    np.testing.assert_allclose(found, expected, atol=1e-5)
    assert min(float(dot(found, v)) for v in V) >= float(dot(found, found)) * (1 - 1e-9) - 1e-12  # optimality


def test_the_portable_exponential_is_pinned_to_the_bit():
    """The promise is the same bits on every machine: a digest of 20,001 values from e^-745 to e^709 (a change of
    the polynomial's degree or of the clipping shows here before it shows in a lesson's stored output)."""
    import hashlib
    values = exp(np.linspace(-745, 709, 20001))
    assert hashlib.sha256(values.tobytes()).hexdigest() == \
        "6c81263e499a8f77b9d3550532012599245f9978f4bdd313265df576a5641107"
    assert exp(np.array([-1100.0, -2000.0]))[1] == 0.0 and np.isinf(exp(np.array([800.0, 2000.0]))).all()


def test_a_minor_cycle_walks_until_a_vertex_drops_by_hand(monkeypatch):
    """Corral A = (1, 0), B = (0, 1), C = (3, 3) with weights (0.2, 0.2, 0.6): the affine hull's least-norm point is
    the origin, with weights (0.6, 0.6, -0.2); the walk stops at theta = 0.6 / 0.8 = 0.75, where C's weight is 0,
    and the segment AB's least-norm point (1/2, 1/2) lies inside it: weights (1/2, 1/2)."""
    from perceptron_lib import arithmetic
    from perceptron_lib.arithmetic import _minor_cycles
    A, B, C = np.array([1.0, 0.0]), np.array([0.0, 1.0]), np.array([3.0, 3.0])
    hulls = []
    monkeypatch.setattr(arithmetic, "affine_weights", lambda Q: hulls.append(len(Q)) or affine_weights(Q))
    corral, keys, weights = _minor_cycles([A, B, C], ["A", "B", "C"], np.array([0.2, 0.2, 0.6]))
    assert keys == ["A", "B"] and np.allclose(weights, [0.5, 0.5]) and len(corral) == 2
    assert hulls == [3, 2]   # one walk: the hull of A, B, C, then of A, B (a shorter walk would need more)
    monkeypatch.undo()
    np.testing.assert_allclose(affine_weights(np.array([A, B, C])), [0.6, 0.6, -0.2], atol=1e-15)
    one = _minor_cycles([A, np.array([2.0, 2.0])], ["A", "D"], np.array([0.5, 0.5]))
    assert one[1] == ["A"] and one[2].tolist() == [1.0]   # the line's nearest point is outside: only A is left
    assert _minor_cycles([A, A * 2, A * 3], [0, 1, 2], np.array([0.2, 0.3, 0.5])) is None   # a degenerate hull


@pytest.mark.parametrize("seed, calls", [(0, 4), (1, 4), (2, 4), (3, 3), (4, 4)])
def test_wolfes_major_cycles_are_few(seed, calls):
    """Twelve random vertices in 3-D: Wolfe's method asks for a lowest vertex 3 or 4 times (its path; a step
    done wrong costs more calls even where it still reaches the same point)."""
    rng = np.random.default_rng(seed)
    V = rng.normal(size=(12, 3)) + rng.normal(size=3) * 3
    asked, lowest = [], polytope(V)
    found = least_norm_point(lambda x: asked.append(x) or lowest(x))
    assert len(asked) == calls
    assert min(float(dot(found, v)) for v in V) >= float(dot(found, found)) * (1 - 1e-12)
