"""multiclass.py and the pictures of lesson 09: class codes, decoding and layers of perceptrons, against train,
loops and the perceptron-network notes (the kernel perceptron is in test_kernels.py)."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure

from perceptron_lib.theory.datasets import corner_clusters
from perceptron_lib.theory.multiclass import class_codes, decode, train_layer
from perceptron_lib.theory.scores import confusion_matrix
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
    updated, quiet = [], 0
    for _ in range(max_epochs):
        for j in range(len(X1)):
            updated.append([False] * len(W))
            for i in range(len(W)):
                net = 0.0
                for w, x in zip(W[i], X1[j]):
                    net += w * x
                if targets[j, i] * net <= 0:
                    W[i] = W[i] + targets[j, i] * X1[j]
                    updated[-1][i], quiet = True, -1
            quiet += 1
            if quiet == len(X1):
                return W, np.array(updated)
    return W, np.array(updated)


@pytest.mark.parametrize("code", ["one-hot", "binary"])
def test_a_layer_makes_the_run_of_a_loop_over_all_units(code):
    X, labels = corner_clusters(2, n_per_class=15, seed=3)
    run = train_layer(X, labels, code=code)
    W, updated = layer_loop(X, class_codes(4, code)[labels])
    assert run.status == "converged"
    assert np.array_equal(run.final_weights, W) and run.n_presentations == len(updated)
    assert np.array_equal(run.updated, updated) and run.updates() == updated.sum(axis=0).tolist()
    assert np.array_equal(run.pattern, np.arange(len(updated)) % len(X))
    assert np.array_equal(run.weights_at(run.n_presentations), W)
    classes, matched = run.predict(X)
    assert (classes == labels).all() and matched.all()


@pytest.mark.parametrize("seed", [5, None])
def test_in_random_order_every_unit_sees_the_same_sequence(seed):
    X, labels = corner_clusters(2, n_per_class=10, seed=4)
    run = train_layer(X, labels, order="random", seed=seed)
    for unit in run.units:
        assert np.array_equal(unit.pattern, run.pattern[:unit.n_presentations])
    assert run.updated.shape == (run.n_presentations, 4)


def test_eight_classes_around_a_cube_need_three_binary_units_or_eight_one_hot():
    X, labels = corner_clusters(3, n_per_class=20, seed=0)
    binary, one_hot = train_layer(X, labels, code="binary"), train_layer(X, labels, code="one-hot")
    assert binary.codes.shape == (8, 3) and one_hot.codes.shape == (8, 8)
    assert binary.status == one_hot.status == "converged"
    assert (binary.predict(X)[0] == labels).all() and (one_hot.predict(X)[0] == labels).all()


def test_decoding_does_not_lose_a_small_net_beside_a_large_one():
    """Nets far apart in size (an RBF kernel far from its best width): a sum of t_i net_i would cancel."""
    nets = np.array([[-1e-15, -1e-60, -1e-40, -1e-30], [-1e-60, -1e-15, -1e-300, -1e-20]])
    classes, matched = decode(nets, class_codes(4))            # the largest net: class 1, then class 2
    assert classes.tolist() == [1, 2] and matched.tolist() == [False, False]
    classes, matched = decode([[1e-15, -1e-60], [-1e-60, 1e-15]], class_codes(4, "binary"))
    assert classes.tolist() == [2, 1] and matched.all()
    classes, matched = decode([[1e-15, 1e-60, 1e-80]], class_codes(6, "binary"))   # [+1 +1 +1] is no code
    assert classes.tolist() == [5] and not matched.any()       # [+1 -1 +1]: only the 1e-60 unit disagrees


def test_decoding_takes_the_code_or_else_the_largest_net_for_one_hot():
    nets = np.array([[0.5, 2.0, -1.0], [-1.0, -0.5, -2.0], [1.0, -1.0, -1.0]])
    classes, matched = decode(nets, class_codes(3))
    assert classes.tolist() == nets.argmax(axis=1).tolist() == [1, 1, 0]
    assert matched.tolist() == [False, False, True]
    classes, matched = decode([[1.0, 0.5], [-3.0, 0.5]], class_codes(3, "binary"))  # [1, 1] is no class here
    assert classes.tolist() == [2, 1] and matched.tolist() == [False, True]


nets_and_codes = st.tuples(st.integers(2, 9), st.sampled_from(["one-hot", "binary"])).flatmap(
    lambda kc: st.tuples(st.just(class_codes(*kc)), st.lists(
        st.lists(st.sampled_from([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0]), min_size=class_codes(*kc).shape[1],
                 max_size=class_codes(*kc).shape[1]), min_size=1, max_size=20)))


@settings(max_examples=examples(100), deadline=None)
@given(nets_and_codes)
def test_an_output_that_is_a_code_decodes_to_its_class_and_one_hot_falls_back_on_the_largest_net(data):
    codes, nets = data[0], np.array(data[1])
    classes, matched = decode(nets, codes)
    outputs = np.where(nets > 0, 1, -1)
    assert np.array_equal(matched, [any((outputs[i] == code).all() for code in codes) for i in range(len(nets))])
    assert (codes[classes[matched]] == outputs[matched]).all()
    if codes.shape[0] == codes.shape[1]:   # one-hot: the unit with the largest net, the first of a tie
        assert np.array_equal(classes, nets.argmax(axis=1))
    else:                                  # binary: the largest sum of t_i net_i (exact on these values)
        assert np.array_equal(classes, (nets @ codes.T).argmax(axis=1))


def test_layer_steps_show_the_start_and_every_correction_with_each_units_line():
    from perceptron_lib import plot_layer_steps
    X, labels = corner_clusters(2, n_per_class=10, seed=2)
    run = train_layer(X, labels, code="binary", initial_weights=[[0.5, 1, -1], [-0.5, 1, 1]])
    fig = plot_layer_steps(run, X)
    corrected = sorted({k + 1 for unit in run.units for k in np.flatnonzero(unit.updated)})
    assert [ax.get_title().split(":")[0] for ax in fig.axes] == ["start", *map(str, corrected)]
    assert all(len(ax.lines) == 2 for ax in fig.axes)  # one line per unit


def test_in_space_each_unit_is_a_plane_cut_to_the_box():
    from perceptron_lib import plot_layer_steps
    from perceptron_lib.course.plotting.classes import _plane_polygon
    X, labels = corner_clusters(3, n_per_class=5, seed=0)
    run = train_layer(X, labels, code="binary", initial_weights=np.ones((3, 4)))
    fig = plot_layer_steps(run, X, steps=[0, run.n_presentations])
    K = len(np.unique(labels))
    assert [len(ax.collections) for ax in fig.axes] == [K + 3 + 0, K + 3 + 1]   # a scatter per class, planes, ring
    assert [t.get_text() for t in fig.legends[0].get_texts()] == [f"class {k}" for k in range(K)]
    w = np.array([0.3, 1.0, -2.0, 0.5])
    corners = _plane_polygon(w, [-1, -1, -1], [1, 1, 1])
    assert len(corners) >= 3 and np.allclose(w[0] + corners @ w[1:], 0)
    assert (np.abs(corners) <= 1 + 1e-12).all()
    assert len(_plane_polygon([5, 1, 0, 0], [-1, -1, -1], [1, 1, 1])) == 0       # misses the box


def test_regions_shade_each_grid_point_with_the_class_predicted_there():
    from perceptron_lib.course.plotting import draw_regions
    ax = Figure().subplots()
    mesh = draw_regions(lambda points: (points[:, 0] > 0).astype(int), xlim=(-1, 1), ylim=(-1, 1),
                        n_classes=2, ax=ax, resolution=4)
    values = np.asarray(mesh.get_array()).reshape(4, 4)
    assert values.tolist() == [[0, 0, 1, 1]] * 4 and mesh.axes is ax


def test_confusion_pictures_write_every_count():
    from perceptron_lib import plot_confusion
    matrix = confusion_matrix([0, 1, 1, 2], [0, 1, 2, 2])
    fig = plot_confusion([matrix], ["test"])
    assert [t.get_text() for t in fig.axes[0].texts] == [str(v) for v in matrix.ravel()]
    assert np.asarray(fig.axes[0].images[0].get_array()).tolist() == [[0, 0, 0], [0, 0, 1], [0, 0, 0]]


def test_the_accuracy_curve_draws_the_values_given_on_the_axes_given():
    from perceptron_lib import draw_accuracy_curve
    ax = Figure().subplots()
    drawn = draw_accuracy_curve([0.001, 0.01], [0.98, 0.9], ax=ax, reference=0.89, reference_label="notes")
    assert drawn["curve"].axes is ax and drawn["curve"].get_xdata().tolist() == [0.001, 0.01]
    assert ax.get_xscale() == "log" and ax.get_legend().get_texts()[0].get_text() == "notes"


def test_changes_counts_the_presentations_that_corrected_some_unit():
    X, labels = corner_clusters(2, n_per_class=20, seed=1)
    layer = train_layer(X, labels, code="binary")
    corrected = [k for k in range(layer.n_presentations) if layer.updated[k].any()]
    assert layer.changes() == len(corrected) <= sum(layer.updates())


# ---------------------------------------------------------------- pinned by hand (tools/mutate.py's survivors)

XOR = np.array([[0, 0], [0, 1], [1, 0], [1, 1]])


def weights_loop(X, targets, max_epochs=1000):
    """layer_loop's run, with each unit's W after every presentation of the layer (a stopped unit keeps its W)."""
    X1 = np.hstack([np.ones((len(X), 1)), X])
    W = np.zeros((targets.shape[1], X1.shape[1]))
    history, quiet = [W.copy()], 0
    for _ in range(max_epochs):
        for j in range(len(X1)):
            quiet += 1
            for i in range(len(W)):
                if targets[j, i] * sum(w * x for w, x in zip(W[i], X1[j])) <= 0:
                    W[i], quiet = W[i] + targets[j, i] * X1[j], 0
            history.append(W.copy())
            if quiet == len(X1):
                return history
    return history


def test_a_layer_that_cannot_separate_xor_says_cycling_not_converged():
    """One unit per class (two for two classes), or one binary unit: each sees XOR and comes back to W = 0
    after the first pass (by hand: (0,0) gives -[1,0,0], (0,1) +[1,0,1], (1,0) +[1,1,0], (1,1) -[1,1,1])."""
    for code, units in (("one-hot", 2), ("binary", 1)):
        run = train_layer(XOR, [0, 1, 1, 0], code=code)
        assert run.status == "cycling" and run.codes.shape == (2, units)
        assert [unit.status for unit in run.units] == ["cycling"] * units
        assert run.n_presentations == 4 and run.final_weights.tolist() == [[0.0, 0.0, 0.0]] * units


def test_the_layers_status_is_the_first_unfinished_units():
    """Three classes on XOR's corners: class 1's unit (the XOR pair) cycles, the corners' units converge."""
    run = train_layer(XOR, [0, 1, 1, 2])
    assert [unit.status for unit in run.units] == ["converged", "cycling", "converged"]
    assert run.status == "cycling"
    run = train_layer(XOR, [0, 1, 1, 2], max_epochs=1, order="random", seed=0)
    assert run.status == "max_epochs" and [u.status for u in run.units].count("converged") < 3


@pytest.mark.parametrize("code", ["one-hot", "binary"])
def test_two_classes_make_a_layer_of_two_one_hot_units_or_one_binary_unit(code):
    """OR's two classes: the binary unit is the signed perceptron of the labels, one-hot adds its mirror."""
    labels = np.array([0, 1, 1, 1])
    run = train_layer(XOR, labels, code=code)
    expected = {"one-hot": [[1, -1], [-1, 1]], "binary": [[-1], [1]]}[code]
    assert run.codes.tolist() == class_codes(2, code).tolist() == expected
    assert run.targets.tolist() == np.array(expected)[labels].tolist()
    history = weights_loop(XOR, np.array(expected)[labels])
    assert run.status == "converged" and run.n_presentations == len(history) - 1 == 21
    assert run.final_weights.tolist() == history[-1].tolist()
    assert run.final_weights[-1].tolist() == [-1.0, 2.0, 2.0]     # by hand: w0 + 2 x1 + 2 x2 > 0 is OR
    assert (run.predict(XOR)[0] == labels).all() and run.predict(XOR)[1].all()
    assert train_layer(XOR, [0, 0, 0, 0], code=code).codes.tolist() == expected   # one class is coded as two


def test_units_that_stop_at_different_times_keep_their_last_weights():
    X, labels = corner_clusters(2, n_per_class=6, seed=1)
    run = train_layer(X, labels)
    lengths = [unit.n_presentations for unit in run.units]
    assert lengths == [130, 43, 61, 25] and run.n_presentations == 130
    history = weights_loop(X, class_codes(4)[labels])
    assert len(history) == 131
    for k in (0, 1, 25, 26, 43, 60, 61, 62, 129, 130):
        assert np.array_equal(run.weights_at(k), history[k]), k
    assert np.array_equal(run.pattern, np.arange(130) % len(X))
    assert run.updated.shape == (130, 4) and not run.updated[25:, 3].any() and not run.updated[61:, 2].any()


def test_the_layers_limits_are_said_with_the_largest_max_epochs_allowed():
    assert train_layer(XOR, [0, 1, 2, 3], max_epochs=125_000).status == "converged"   # 125,000 * 4 * 4 = 2e6
    with pytest.raises(ValueError, match=r"within 2,000,000 recorded presentations, got max_epochs=125001 with 4 "
                                         r"patterns and 4 units; use max_epochs <= 125000$"):
        train_layer(XOR, [0, 1, 2, 3], max_epochs=125_001)
    with pytest.raises(ValueError, match=r"use max_epochs <= 1$"):
        train_layer(np.zeros((1_000_001, 1)), np.arange(1_000_001) % 2, max_epochs=2)


def test_class_codes_go_from_two_to_64_classes():
    assert class_codes(2).tolist() == [[1, -1], [-1, 1]] and class_codes(2, "binary").tolist() == [[-1], [1]]
    assert class_codes(64, "binary").shape == (64, 6) and class_codes(64).shape == (64, 64)
    assert class_codes(64, "binary")[37].tolist() == [1, -1, -1, 1, -1, 1]          # 37 = 100101 in binary
    assert class_codes(33, "binary").shape == (33, 6) and class_codes(32, "binary").shape == (32, 5)
    for bad in (1, 65):
        with pytest.raises(ValueError, match="n_classes"):
            class_codes(bad)
    assert train_layer(XOR, [0, 1, 2, 3], n_classes=64, code="binary").codes.shape == (64, 6)
    with pytest.raises(ValueError, match="n_classes"):
        train_layer(XOR, [0, 1, 2, 3], n_classes=65)


def test_a_square_code_table_that_is_not_one_hot_decodes_by_the_least_sure_units():
    """[[+1 +1], [-1 -1]]: outputs [+1 -1] are no code: class 1 disagrees on the net 0.5, class 0 on -2; outputs
    [-1 +1]: class 0 on -3, class 1 on 1. The largest net (one-hot's reading) would say 0 and 1."""
    classes, matched = decode([[0.5, -2.0], [-3.0, 1.0], [1.0, 1.0]], [[1, 1], [-1, -1]])
    assert classes.tolist() == [1, 1, 0] and matched.tolist() == [False, False, True]
    classes, matched = decode([[0.5, 2.0]], [[-1, 1], [1, -1]])    # one-hot's mirror: class 0 disagrees on 0.5
    assert classes.tolist() == [0] and not matched.any()


def test_costs_that_tie_in_floats_are_compared_exactly():
    """Outputs [+1 +1 +1], no code of five classes: class 3 ([-1 +1 +1]) disagrees by 1, class 4 ([+1 -1 -1]) by
    (1 - 2^-53) + 2^-54 = 1 - 2^-54 exactly, which floats round to 1 (a tie, which would go to class 3)."""
    nets = [[1.0, 1 - 2.0**-53, 2.0**-54]]
    assert (1 - 2.0**-53) + 2.0**-54 == 1.0
    classes, matched = decode(nets, class_codes(5, "binary"))
    assert classes.tolist() == [4] and not matched.any()
    classes, _ = decode([[1.0, 1.0, 2.0**-60]], class_codes(5, "binary"))       # 1 against 1 + 2^-60: class 3
    assert classes.tolist() == [3]
    classes, _ = decode([[1.0, 1.0 - 2.0**-53, 2.0**-53]], class_codes(5, "binary"))   # an exact tie: the lower
    assert classes.tolist() == [3]


def test_costs_a_few_rounding_errors_apart_are_compared_exactly():
    """17 classes, 5 binary units, outputs [+1 +1 +1 +1 +1] (31, no code). Class 15 ([-1 +1 +1 +1 +1]) disagrees
    by 1 + 2^-52; class 16 ([+1 -1 -1 -1 -1]) by 1 + 3 x 2^-53 exactly, which floats add up to 1 (each 2^-53 is
    rounded away): one unit of the last place in the wrong order, within m rounding errors."""
    nets = [[1 + 2.0**-52, 1.0, 2.0**-53, 2.0**-53, 2.0**-53]]
    assert ((1.0 + 2.0**-53) + 2.0**-53) + 2.0**-53 == 1.0 < 1 + 2.0**-52
    classes, matched = decode(nets, class_codes(17, "binary"))
    assert classes.tolist() == [15] and not matched.any()


def test_costs_two_rounding_errors_apart_are_still_compared_exactly():
    """7 units, outputs all +1, two codes. Class 1 disagrees on units 0-5: 1 + 4 x 2^-53 + 2^-54 exactly, which
    floats add up to 1 (each small term is rounded away); class 0 on unit 6 alone, by 1 + 2^-51, exactly. The
    floats put class 1 first by 2 units of the last place: within 4 m of them (m = 7), so the exact sums decide,
    and class 0's is the smaller. (4 / m units would be 1 here: the floats' reversed order would stand.)"""
    u = 2.0**-52
    nets = [[1.0, u / 2, u / 2, u / 2, u / 2, u / 4, 1 + 2 * u]]
    assert ((((1.0 + u / 2) + u / 2) + u / 2) + u / 2) + u / 4 == 1.0 < 1 + 2 * u
    codes = [[1, 1, 1, 1, 1, 1, -1], [-1, -1, -1, -1, -1, -1, 1]]
    classes, matched = decode(nets, codes)
    assert classes.tolist() == [0] and not matched.any()



def test_a_layer_run_is_frozen_and_compared_by_identity():
    import dataclasses
    run = train_layer(XOR, [0, 1, 1, 1])
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.status = "cycling"
    twin = dataclasses.replace(run)
    assert twin != run and run == run and len({run, twin}) == 2


def test_a_layer_runs_100_passes_by_default_and_takes_two_classes_when_asked():
    run = train_layer(XOR, [0, 1, 1, 0], order="random", seed=0)        # XOR never converges
    assert run.status == "max_epochs" and [unit.n_epochs for unit in run.units] == [100, 100]
    assert run.n_presentations == 400
    assert train_layer(XOR, [0, 1, 1, 1], n_classes=2).codes.tolist() == [[1, -1], [-1, 1]]
    assert train_layer(XOR, [0, 1, 2, 3], n_classes=4).codes.shape == (4, 4)


def test_class_numbers_run_from_0_to_k_minus_1():
    from perceptron_lib.theory.multiclass import class_numbers
    labels, codes, code = class_numbers("labels", [0, 2, 1], 3, "binary", None)
    assert codes.tolist() == [[-1, -1], [-1, 1], [1, -1]] and labels.tolist() == [0, 2, 1] and code == "binary"
    assert class_numbers("labels", [0, 0], 2, "one-hot", None)[1].tolist() == [[1, -1], [-1, 1]]   # at least 2
    assert class_numbers("labels", [0, 3], 2, "one-hot", 4)[1].shape == (4, 4)
    with pytest.raises(ValueError, match=r"labels must be class numbers from 0 to 3, got values from 0 to 4"):
        train_layer(XOR, [0, 1, 2, 4], n_classes=4)
    with pytest.raises(ValueError, match=r"labels must be class numbers from 0 to 1, got values from -1 to 1"):
        train_layer(XOR, [0, -1, 1, 1])
