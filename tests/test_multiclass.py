"""multiclass.py and the pictures of lesson 09: class codes, decoding and layers of perceptrons, against train,
loops and the perceptron-network notes (the kernel perceptron is in test_kernels.py)."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure

from perceptron_lib import train
from perceptron_lib.datasets import corner_clusters
from perceptron_lib.multiclass import class_codes, decode, train_layer
from perceptron_lib.scores import confusion_matrix
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
    from perceptron_lib.plotting.classes import _plane_polygon
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
    from perceptron_lib.plotting import draw_regions
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
