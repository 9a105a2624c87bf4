"""Fixed-order numerics: the portable exponential and the least-norm solver of Wolfe's affine step."""
import math

import numpy as np
import pytest

from perceptron_lib.core.arithmetic import affine_weights, dot, exp


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

from perceptron_lib.core.arithmetic import (add_with_ones, least_norm_point, nets, norm, sigmoid,  # noqa: E402
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
    for scale in (1e-9, 1e9):   # the tolerances are relative: the same cases in nanometres and in gigametres
        found = least_norm_point(polytope(np.asarray(vertices, float) * scale))
        np.testing.assert_allclose(found, np.asarray(expected) * scale, rtol=0, atol=1e-12 * scale)


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
    with np.errstate(over="ignore"):   # inf, and numpy's overflow warning, as np.exp gives them
        assert exp(np.array([-1100.0, -2000.0]))[1] == 0.0 and np.isinf(exp(np.array([800.0, 2000.0]))).all()


def test_a_minor_cycle_walks_until_a_vertex_drops_by_hand(monkeypatch):
    """Corral A = (1, 0), B = (0, 1), C = (3, 3) with weights (0.2, 0.2, 0.6): the affine hull's least-norm point is
    the origin, with weights (0.6, 0.6, -0.2); the walk stops at theta = 0.6 / 0.8 = 0.75, where C's weight is 0,
    and the segment AB's least-norm point (1/2, 1/2) lies inside it: weights (1/2, 1/2)."""
    from perceptron_lib.core import arithmetic
    from perceptron_lib.core.arithmetic import _minor_cycles
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


# ------------------------------------------------- exact oracles for Wolfe's method and its tolerances (issue 35)

def exact_affine(Q):
    """Weights (summing to 1) of the least-norm point of the affine hull of the rows of Q, in Fractions: the normal
    equations G b = -D Q_0 (G = D D^T, D_i = Q_i - Q_0) by Gauss-Jordan elimination; None if G is singular."""
    Q = [[Fraction(v) for v in q] for q in Q]
    D = [[a - b for a, b in zip(q, Q[0])] for q in Q[1:]]
    M = [[sum(a * b for a, b in zip(di, dj)) for dj in D] + [-sum(a * b for a, b in zip(di, Q[0]))] for di in D]
    for c in range(len(M)):
        pivot = next((r for r in range(c, len(M)) if M[r][c] != 0), None)
        if pivot is None:
            return None
        M[c], M[pivot] = M[pivot], M[c]
        for r in range(len(M)):
            if r != c and M[r][c] != 0:
                M[r] = [a - M[r][c] / M[c][c] * b for a, b in zip(M[r], M[c])]
    b = [row[-1] / row[i] for i, row in enumerate(M)]
    return [1 - sum(b)] + b


def exact_wolfe(V):
    """Wolfe's method (1976) in exact rational arithmetic, with no tolerances: the points x at which it asks for the
    lowest vertex, and its answer. Ties between vertices go to the first, as `polytope` breaks them."""
    V = [[Fraction(v) for v in p] for p in V]
    inner = lambda a, b: sum(s * t for s, t in zip(a, b))  # noqa: E731
    corral, w, x, asked = [0], [Fraction(1)], V[0], []
    while inner(x, x) > 0:
        asked.append(x)
        k = min(range(len(V)), key=lambda i: (inner(x, V[i]), i))
        if inner(x, x) - inner(x, V[k]) <= 0 or k in corral:
            break
        corral, w = corral + [k], w + [Fraction(0)]
        while True:   # the minor cycles
            a = exact_affine([V[i] for i in corral])
            if all(v > 0 for v in a):
                w = a
                break
            theta = min(wi / (wi - ai) for wi, ai in zip(w, a) if ai <= 0)
            w = [(1 - theta) * wi + theta * ai for wi, ai in zip(w, a)]
            corral, w = [c for c, wi in zip(corral, w) if wi > 0], [wi for wi in w if wi > 0]
            if len(corral) == 1:
                break
        x = [sum(wi * V[c][j] for wi, c in zip(w, corral)) for j in range(len(V[0]))]
    return asked, x


def test_the_exact_oracles_by_hand():
    """The oracles themselves on cases worked by hand: the segment (1, 0)-(0, 1) has its nearest point at the middle,
    and (3, 4)-(1, 1)'s is the vertex (1, 1) (its affine weights 18/13 and -5/13 put the line's foot outside)."""
    assert exact_affine([[1, 0], [0, 1]]) == [Fraction(1, 2), Fraction(1, 2)]
    assert exact_affine([[3, 4], [1, 1]]) == [Fraction(-5, 13), Fraction(18, 13)]
    assert exact_affine([[0, 1], [1, 1], [2, 1]]) is None
    assert exact_wolfe([[3, 4], [1, 1]]) == ([[3, 4], [1, 1]], [1, 1])
    assert exact_wolfe([[1, 0], [0, 1]])[1] == [Fraction(1, 2), Fraction(1, 2)]


@pytest.mark.parametrize("vertices", [
    [[-6, 6, -8], [-3, 4, -2], [1, 0, -1], [11, 16, -7]],   # a minor cycle walks from the corral's point
    [[17, 18, 3], [5, 15, 21], [7, 5, 19], [11, 5, 18], [7, 7, 15], [13, 1, 3]],
    [[4, 1, 4], [-1, -1, 1], [0, 7, 8], [9, 4, 7], [9, 7, 7]],
])
def test_wolfes_path_against_exact_arithmetic(vertices):
    """Every point at which least_norm_point asks for the lowest vertex, and its answer, against Wolfe's method run in
    Fractions (exact_wolfe): the same walk, drop and renormalisation in every minor cycle. Integer vertices up to
    21: every float step is a few roundings of numbers below 1e3, so 1e-12 is far above rounding and far below a
    step that went elsewhere."""
    asked, lowest = [], polytope(vertices)
    found = least_norm_point(lambda x: (x is None or asked.append(x)) and lowest(x) or lowest(x))
    expected_asked, expected = exact_wolfe(vertices)
    assert len(asked) == len(expected_asked)
    for x, e in zip(asked, expected_asked):
        np.testing.assert_allclose(x, [float(v) for v in e], rtol=0, atol=1e-12)
    np.testing.assert_allclose(found, [float(v) for v in expected], rtol=0, atol=1e-12)


@pytest.mark.parametrize("seed", range(6))
def test_a_vertex_answer_comes_back_exactly(seed):
    """Where the nearest point of a segment AB is its end B (B·(A - B) > 0, so the line's foot lies beyond B), the
    answer is B itself, a float: the minor cycle drops A and renormalises B's weight to exactly 1 (its walk leaves
    it within an ulp of 1), so least_norm_point returns B bit for bit."""
    rng = np.random.default_rng(seed)
    done = 0
    while done < 200:
        A, B = rng.integers(-7, 8, 3).astype(float), rng.integers(-3, 4, 3).astype(float)
        if B.any() and float(B @ (A - B)) > 0:   # integers: exact
            assert least_norm_point(polytope([A, B])).tolist() == B.tolist()
            done += 1


def barycentric(Q):
    """The weights of the origin in the triangle Q (three points of the plane) by Cramer's rule, in Fractions: the
    affine hull is the whole plane, so its least-norm point is the origin."""
    det = lambda u, v: Fraction(u[0]) * Fraction(v[1]) - Fraction(u[1]) * Fraction(v[0])  # noqa: E731
    area2 = det(Q[1], Q[2]) + det(Q[2], Q[0]) + det(Q[0], Q[1])
    return [float(det(Q[1], Q[2]) / area2), float(det(Q[2], Q[0]) / area2), float(det(Q[0], Q[1]) / area2)]


def test_a_thin_triangle_needs_the_second_gram_schmidt_pass():
    """A triangle of sides about 1e7 and twice the area 4.6e7: its third side is parallel to the first to 2.6e-7, so
    one Gram-Schmidt pass leaves the second basis vector off orthogonal by about 1e-9 (rounding over 2.6e-7) and the
    weights off by 1e-7. The condition of the barycentric weights, |Q|^2 / (twice the area), is 3.9e6: a backward
    stable solver is within 3.9e6 * 2.2e-16 = 8.6e-10 of Cramer's rule; the second pass gets 6e-14."""
    Q = np.array([[-9373730.0, -615150.0], [-3704390.0, -258820.0], [13303660.0, 810180.0]])
    expected = barycentric(Q.tolist())
    assert expected == [float(v) for v in exact_affine(Q.tolist())]   # two oracles agree
    np.testing.assert_allclose(affine_weights(Q), expected, rtol=1e-9)


def test_the_degenerate_hull_tolerance_is_1e_13_of_the_length():
    """Thin triangles with integer corners, D_2 = 2 D_1 + e where the cross product of D_1 and e is 1: D_2's distance
    from D_1's line is 1.35e-13 of its length in the first (solved, though with the condition 1 / 1.35e-13 = 7.4e12
    only to about 7.4e12 * 2.2e-16 = 1.6e-3: 1e-2 here), 4.5e-14 in the second (below 1e-13: refused as degenerate)."""
    Q = np.array([[-430325.0, -426206.0], [860669.0, 852443.0], [2475954.0, 2452282.0]])
    np.testing.assert_allclose(affine_weights(Q), barycentric(Q.tolist()), rtol=1e-2)
    assert barycentric(Q.tolist()) == [-6558964.0, 11801126.0, -5242161.0]
    assert affine_weights(np.array([[-745349.0, -741230.0], [1490718.0, 1482492.0], [4279598.0, 4255975.0]])) is None


@pytest.mark.parametrize("scale", [1e-3, 1.0, 1e3])
def test_a_vertex_lower_by_a_little_more_than_the_stopping_tolerance_is_taken(scale):
    """From the vertex A = (0, s), the vertex B = (2e-6 s, s (1 - 1.5e-12)) is lower by 1.5e-12 s^2 = 1.5e-12 A·A,
    above the stopping tolerance 1e-12 A·A; the nearest point of AB is A + t (B - A) with t = 1.5e-12 / (4e-12 +
    2.25e-24) = 0.375 nearly, 7.5e-7 s from A. Exact arithmetic (Fractions, on the floats given) says where; the
    float run lands within 1e-12 s of it (a few roundings of s), far from A."""
    A, B = [0.0, scale], [2e-6 * scale, scale * (1 - 1.5e-12)]
    expected = [float(v) for v in exact_wolfe([A, B])[1]]
    found = least_norm_point(polytope([A, B]))
    np.testing.assert_allclose(found, expected, rtol=0, atol=1e-12 * scale)
    assert abs(found[0] - 7.5e-7 * scale) < 1e-9 * scale


def test_a_far_vertex_with_a_weight_of_1_5e_14_stays_in_the_corral():
    """In the plane z = 1, the triangle A = (-1, -h), B = (1, -h), C = (0, 1e6) with h = 1.5e-8 holds the plane's
    nearest point (0, 0, 1), with C's weight h / (1e6 + h) = 1.5e-14: a tolerance that dropped C would answer the
    foot on AB, (0, -h, 1), 1.5e-8 away. Exact arithmetic gives (0, 0, 1); the float run is within 1e-12."""
    h = 1.5e-8
    V = [[-1.0, -h, 1.0], [1.0, -h, 1.0], [0.0, 1e6, 1.0]]
    assert [float(v) for v in exact_wolfe(V)[1]] == [0.0, 0.0, 1.0]
    assert exact_affine(V)[2] == Fraction(h) / (Fraction(1e6) + Fraction(h))
    np.testing.assert_allclose(least_norm_point(polytope(V)), [0.0, 0.0, 1.0], rtol=0, atol=1e-12)


def test_an_iterate_a_little_beyond_the_origin_tolerance_goes_on():
    """The triangle (-1, e), (1, e), (0, -1) with e = 1.2e-12 holds the origin. Wolfe's second iterate is the middle of
    the first edge, (0, e): its x·x = 1.44e-24 is above the tolerance 1e-24 of the largest vertex's (1), so the run
    goes on to the origin, within rounding (1e-15) of it, not 1.2e-12 away. Exact arithmetic says the origin."""
    V = [[-1.0, 1.2e-12], [1.0, 1.2e-12], [0.0, -1.0]]
    assert exact_wolfe(V)[1] == [0, 0]
    np.testing.assert_allclose(least_norm_point(polytope(V)), [0.0, 0.0], rtol=0, atol=1e-15)


def test_a_vertex_lower_by_less_than_the_stopping_tolerance_ends_the_run():
    """The docstring's stopping rule: from A = (0, 1), the vertex P = (1e3, 1 - 5e-13) is lower by 5e-13 A·A, within
    the tolerance 1e-12 A·A, so the run stops at A: lowest is asked twice (a start, then at A). A is within 1e-15
    of the exact answer (the nearest point of AP is 5e-13 / |P - A| = 5e-16 from A)."""
    asked, lowest = [], polytope([[0.0, 1.0], [1e3, 1 - 5e-13]])
    found = least_norm_point(lambda x: asked.append(x) or lowest(x))
    assert len(asked) == 2 and found.tolist() == [0.0, 1.0]
    expected = [float(v) for v in exact_wolfe([[0.0, 1.0], [1e3, 1 - 5e-13]])[1]]
    np.testing.assert_allclose(found, expected, rtol=0, atol=1e-15)


def test_wolfe_stops_at_once_when_the_vertex_it_adds_is_lost_to_rounding():
    """A vertex far away (1e6) that the answer needs with weight 5e-15, under the minor cycles' 1e-14: the run
    used to ask for the lowest vertex 100,001 times (about 10 s) and stop at its limit. It stops after a few
    calls now, with the answer as far as floats can tell: (0, -h, 1) against the exact (0, 0, 1), h = 5e-9,
    about 5e-15 of the polytope's size."""
    h = 0.5e-8
    vertices = np.array([[-1.0, -h, 1.0], [1.0, -h, 1.0], [0.0, 1e6, 1.0]])
    calls = []

    def lowest(x):
        k = 0 if x is None else int(np.argmin(vertices @ x))
        calls.append(k)
        return vertices[k], k

    x = least_norm_point(lowest)
    assert len(calls) < 10
    assert np.allclose(x, [0.0, 0.0, 1.0], rtol=0, atol=1e-8)


def test_a_new_vertex_whose_affine_weight_is_just_above_the_tolerance_stays_by_hand():
    """Corral A = (1, 1), B = (21, 1), C = (1, 1 - h) with h = 1 / 1.9e-14, C just added (weight 0). The affine
    hull is the plane; the origin's weights solve a + 21 b + c = 0, a + b + c (1 - h) = 0, a + b + c = 1:
    c = 1 / h = 1.9e-14, b = -0.05, a = 1.05 - c. Only B leaves (c is above 1e-14): the walk from (0.5, 0.5, 0)
    stops at theta = 0.5 / 0.55 = 10/11, where C's weight is (10/11) 1.9e-14 = 1.73e-14, above 1e-14, so C stays
    and B drops; the segment AC's least-norm point (1, 0) has weights (1 - 1.9e-14, 1.9e-14), both kept.
    (Counting C's 1.9e-14 among the leaving weights would stop the walk at once; dropping walked weights under
    2e-14 would drop C: either ends with A alone.)"""
    from perceptron_lib.core.arithmetic import _minor_cycles
    h = 1 / 1.9e-14
    A, B, C = np.array([1.0, 1.0]), np.array([21.0, 1.0]), np.array([1.0, 1 - h])
    corral, keys, weights = _minor_cycles([A, B, C], ["A", "B", "C"], np.array([0.5, 0.5, 0.0]))
    assert keys == ["A", "C"] and len(corral) == 2
    assert abs(weights[1] - 1.9e-14) < 1e-20 and abs(weights[0] - (1 - 1.9e-14)) < 1e-15
