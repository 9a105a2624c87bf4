"""Separable Boolean functions: the census by the perceptron and the walk over weight-space regions
(Budinich 1993, section 4 and appendix), with the symmetries of the cube they rely on."""
import numpy as np
import pytest

from perceptron_lib import boolean_function
from perceptron_lib.theory.boolean_counts import (_chow_keys, _class_size, _cube_symmetries, _region_walk, _symmetry_classes,
                                           _two_summable, boolean_census, separable_boolean_count)
from perceptron_lib.theory.datasets import boolean_patterns
from perceptron_lib.theory.separability import linear_separability
from reference import labels_of


# --- Boolean functions ------------------------------------------------------------------------------

BUDINICH_COUNTS = [2, 4, 14, 104, 1882, 94_572, 15_028_134]


def test_the_census_counts_the_separable_functions_budinich_reports():
    assert [int(boolean_census(n).sum()) for n in range(5)] == BUDINICH_COUNTS[:5]
    assert [separable_boolean_count(n, method="census") for n in range(5)] == BUDINICH_COUNTS[:5]


@pytest.mark.parametrize("n", range(7))
def test_the_walk_over_regions_gives_the_same_counts(n):
    assert separable_boolean_count(n) == BUDINICH_COUNTS[n]


def test_census_entries_follow_the_truth_table_codes():
    separable = boolean_census(2)
    for name in ("and", "or", "nand", "nor", "xor", "xnor"):
        y = boolean_function(name)[1]
        assert separable[int((y << np.arange(4)).sum())] == (name not in ("xor", "xnor"))
    assert boolean_census(0).tolist() == [True, True] and boolean_census(1).all()


def test_census_of_four_inputs_agrees_with_the_perceptron_run_per_function():
    X, separable = boolean_patterns(4), boolean_census(4)
    for code in range(0, 2**16, 97):
        assert linear_separability(X, labels_of(code, 16)).separable == separable[code]


def orbit(code, n):
    """Every truth-table code the cube's symmetries and output complement take `code` to."""
    N, maps = 1 << n, _cube_symmetries(n)
    images = (labels_of(code, N)[maps] << np.arange(N)).sum(axis=1)
    return set(images.tolist()) | set((images ^ ((1 << N) - 1)).tolist())


def test_symmetry_classes_are_the_orbits_of_the_cube():
    classes, representatives = _symmetry_classes(4)
    assert len(representatives) == 222  # the NPN classes of 4 inputs
    for code in representatives[::7]:
        assert set(np.flatnonzero(classes == classes[code]).tolist()) == orbit(code, 4)
    assert len(_cube_symmetries(4)) == 384 and len({tuple(m) for m in _cube_symmetries(4).tolist()}) == 384


@pytest.mark.parametrize("n", [3, 4, 5])
def test_walk_classes_are_whole_orbits_whose_size_the_chow_key_gives(n):
    """The Chow-key shortcut (class and class size from a_0 and the sorted |a_i|) against the explicit orbits."""
    classes = _region_walk(n)
    found = set()
    for key, table in classes.items():
        code = int((table.astype(np.int64) << np.arange(2**n)).sum())
        members = orbit(code, n)
        assert len(members) == _class_size(key, n)
        tables = np.array([labels_of(c, 2**n) for c in sorted(members)], bool)
        assert set(_chow_keys(tables, n)) == {key}
        found |= members
    if n <= 4:
        assert found == set(np.flatnonzero(boolean_census(n)).tolist())


def test_two_summable_functions_are_never_separable():
    codes = np.arange(2**16)
    tables = labels_of(codes[:, None], 16).astype(bool)
    summable = _two_summable(tables, 4)
    assert not (summable & boolean_census(4)).any()
    assert summable.sum() == 2**16 - 1882  # on 4 inputs, every non-separable function has such a pair
