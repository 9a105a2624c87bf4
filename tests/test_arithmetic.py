"""Fixed-order numerics: the least-norm solver of Wolfe's affine step."""
import numpy as np
import pytest

from perceptron_lib.arithmetic import affine_weights, dot


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
