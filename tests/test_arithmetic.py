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
