"""Bad input: layers of perceptrons, kernels, the kernel perceptron and their pictures (lesson 09)."""
import numpy as np
import pytest
from matplotlib.figure import Figure

from perceptron_lib.theory import kernels as kn
from perceptron_lib.theory import multiclass as m
from perceptron_lib.theory import datasets, scores
from perceptron_lib.course import plotting

from bad_input import case, check, ids

TWO = ([[0, 0], [1, 1]], [0, 1])
LAYER = m.train_layer(*TWO)
KERNEL_RUN = kn.train_kernel([[0], [1]], [0, 1])
CORNERS = datasets.corner_clusters(2, n_per_class=3)
CUBE = datasets.corner_clusters(3, n_per_class=2)
CORNER_LAYER = m.train_layer(*CORNERS)
AXES = Figure().subplots()

MULTICLASS = [
    case("multiclass.class_codes", lambda: m.class_codes(1), ValueError, "n_classes", "from 2 to 64", "got 1"),
    case("multiclass.class_codes", lambda: m.class_codes(2.5), TypeError, "n_classes", "whole number", "2.5"),
    case("multiclass.class_codes", lambda: m.class_codes(3, "gray"), ValueError, "code", "'one-hot', 'binary'",
         "'gray'"),
    case("multiclass.decode", lambda: m.decode([1.0, 2.0], m.class_codes(2)), ValueError, "nets",
         "(n_samples, m)", "(2,)"),
    case("multiclass.decode", lambda: m.decode([[1.0, 2.0]], m.class_codes(3)), ValueError, "codes",
         "one column per unit (2)", "(3, 3)"),
    case("multiclass.decode", lambda: m.decode([[1.0, 2.0]], [[0, 1], [1, 0]]), ValueError, "codes", "-1/+1"),
    case("multiclass.decode", lambda: m.decode([[np.nan, 2.0]], m.class_codes(2, "binary")[:, :1].repeat(2, 1)),
         ValueError, "nets", "finite", "NaN"),
    case("datasets.corner_clusters", lambda: datasets.corner_clusters(7), ValueError, "n_features", "1 to 6", "7"),
    case("datasets.corner_clusters", lambda: datasets.corner_clusters(2, spread=-1), ValueError, "spread", ">= 0",
         "-1"),
    case("datasets.corner_clusters", lambda: datasets.corner_clusters(2, n_per_class=0), ValueError, "n_per_class",
         "1 to 1000", "0"),
    case("datasets.ring_data", lambda: datasets.ring_data(1), ValueError, "n_samples", "2 to 3000", "got 1"),
    case("datasets.ring_data", lambda: datasets.ring_data(10, seed=-1), ValueError, "seed", ">= 0", "-1"),
    case("datasets.digit_halves", lambda: datasets.digit_halves(shuffle="yes"), TypeError, "shuffle", "True or False",
         "'yes'"),
    case("datasets.digit_halves", lambda: datasets.digit_halves(seed=1.5), TypeError, "seed", "whole number", "1.5"),
    case("datasets.digit_halves", lambda: datasets.digit_halves(shuffle=False, seed=3), ValueError, "seed",
         "shuffle=True", "seed=3"),
    case("multiclass.train_layer", lambda: m.train_layer(TWO[0], [0, 5], n_classes=3), ValueError, "labels",
         "0 to 2", "0 to 5"),
    case("multiclass.train_layer", lambda: m.train_layer(TWO[0], [0]), ValueError, "labels",
         "one class number per pattern (2)", "got 1"),
    case("multiclass.train_layer", lambda: m.train_layer(TWO[0], [-1, 1]), ValueError, "labels", "from 0",
         "-1 to 1"),
    case("multiclass.train_layer", lambda: m.train_layer(TWO[0], [0.5, 1]), ValueError, "labels",
         "whole numbers", "0.5"),
    case("multiclass.train_layer", lambda: m.train_layer(*TWO, n_classes=65), ValueError, "n_classes",
         "2 to 64", "65"),
    case("multiclass.train_layer", lambda: m.train_layer(*TWO, code="x"), ValueError, "code", "'binary'", "'x'"),
    case("multiclass.train_layer", lambda: m.train_layer(*TWO, eta=0), ValueError, "eta", "positive", "0"),
    case("multiclass.train_layer", lambda: m.train_layer([1, 2], [0, 1]), ValueError, "X", "(n_samples, ",
         "(2,)"),
    case("multiclass.train_layer", lambda: m.train_layer(*TWO, initial_weights=[[0, 0, 0]]), ValueError,
         "initial_weights", "(2, 3)", "(1, 3)"),
    case("multiclass.train_layer", lambda: m.train_layer(*TWO, order="random", seed=-2), ValueError, "seed",
         ">= 0", "-2"),
    case("multiclass.train_layer", lambda: m.train_layer(np.zeros((1000, 2)), np.arange(1000) % 10,
                                                         max_epochs=500), ValueError, "max_epochs",
         "2,000,000 recorded", "max_epochs=500 with 1000 patterns and 10 units", "max_epochs <= 200"),
    case("multiclass.LayerRun.weights_at", lambda: LAYER.weights_at(99), ValueError, "k", "0 to", "99"),
    case("multiclass.LayerRun.weights_at", lambda: LAYER.weights_at(1.0), TypeError, "k", "whole number", "1.0"),
    case("multiclass.class_numbers", lambda: m.class_numbers("y", [0, 7], 2, "one-hot", 3), ValueError, "y",
         "from 0 to 2", "7"),
    case("kernels.train_kernel", lambda: kn.train_kernel([[0], [1]], [0, 1, 1], code="one-hot"), ValueError, "y",
         "one class number per pattern (2)", "got 3"),
    case("multiclass.LayerRun.predict", lambda: LAYER.predict([[1, 2, 3]]), ValueError, "X", "(n_samples, 2)",
         "(1, 3)"),
    case("kernels.kernel_matrix", lambda: kn.kernel_matrix([[0, 0]], [[1, 1]], kernel="sigmoid"), ValueError,
         "kernel", "'linear', 'polynomial', 'rbf'", "'sigmoid'"),
    case("kernels.kernel_matrix", lambda: kn.kernel_matrix([[0, 0]], [[1, 1, 1]]), ValueError, "B",
         "(n_samples, 2)", "(1, 3)"),
    case("kernels.kernel_matrix", lambda: kn.kernel_matrix([[0, 0]], [[1, 1]], gamma=0), ValueError, "gamma",
         "> 0", "0"),
    case("kernels.kernel_matrix", lambda: kn.kernel_matrix([[0, 0]], [[1, 1]], gamma="wide"), TypeError,
         "gamma", "finite number", "'wide'"),
    case("kernels.kernel_matrix", lambda: kn.kernel_matrix([[0]], [[1]], kernel="polynomial", degree=11),
         ValueError, "degree", "1 to 10", "11"),
    case("kernels.kernel_matrix", lambda: kn.kernel_matrix(np.zeros((3001, 1)), np.zeros((3001, 1))),
         ValueError, "too large", "3001 x 3001", "at most 9,000,000"),
    case("kernels.kernel_matrix", lambda: kn.kernel_matrix(np.zeros((3000, 1000)), np.zeros((3000, 1000))),
         ValueError, "too large", "3000 x 3000 entries of 1000 features", "2,000,000,000 entries times features"),
    case("kernels.exp_nonpositive", lambda: kn.exp_nonpositive([1.0]), ValueError, "x", "<= 0", "1.0"),
    case("kernels.exp_nonpositive", lambda: kn.exp_nonpositive([np.nan]), ValueError, "x", "finite", "NaN"),
    case("kernels.train_kernel", lambda: kn.train_kernel(np.zeros((3001, 1)), np.ones(3001)), ValueError,
         "X", "at most 3000 patterns", "3001"),
    case("kernels.train_kernel", lambda: kn.train_kernel([[0], [1]], [0, 2]), ValueError, "y",
         "{0, 1}", "[0, 2]"),
    case("kernels.train_kernel", lambda: kn.train_kernel([[0], [1]], [0, 1], max_epochs=10**6), ValueError,
         "max_epochs", "500,000 presentations", "max_epochs=1000000 with 2 patterns", "max_epochs <= 250000"),
    case("kernels.train_kernel", lambda: kn.train_kernel(np.zeros((2000, 1)), np.arange(2000) % 10,
                                                           code="one-hot"), ValueError, "max_epochs",
         "n_samples^2 * units within 1,000,000,000", "2000 patterns and 10 units", "max_epochs <= 25"),
    case("kernels.train_kernel", lambda: kn.train_kernel(np.zeros((2500, 1)), np.ones(2500), max_epochs=1000),
         ValueError, "max_epochs", "2500 patterns and 1 units", "max_epochs <= 160"),
    case("kernels.train_kernel", lambda: kn.train_kernel([[0], [1]], [0, 1], max_epochs=0), ValueError,
         "max_epochs", ">= 1", "0"),
    case("kernels.train_kernel", lambda: kn.train_kernel([[0], [1]], [0, 1], seed=1), ValueError, "seed",
         "order='random'", "seed=1"),
    case("kernels.train_kernel", lambda: kn.train_kernel([[0], [1]], [0, 1], order="shuffled"), ValueError,
         "order", "'cyclic', 'random'", "'shuffled'"),
    case("kernels.train_kernel", lambda: kn.train_kernel([[0], [1]], [0, 1], code="x"), ValueError, "code",
         "'one-hot'", "'x'"),
    case("kernels.train_kernel", lambda: kn.train_kernel([[0], [1]], [0, 1], kernel="rbf", gamma=-1),
         ValueError, "gamma", "> 0", "-1"),
    case("kernels.train_kernel", lambda: kn.train_kernel([[0], [1]], [0, 1], kernel="poly"), ValueError,
         "kernel", "'polynomial'", "'poly'"),
    case("kernels.KernelRun.decision", lambda: KERNEL_RUN.decision([[1, 2]]), ValueError, "X",
         "(n_samples, 1)", "(1, 2)"),
    case("kernels.KernelRun.decision", lambda: KERNEL_RUN.decision(np.zeros((3, 0))), ValueError, "X",
         "at least one feature", "(3, 0)"),
    case("kernels.KernelRun.predict", lambda: KERNEL_RUN.predict("x"), TypeError, "X", "real numbers", "'x'"),
    case("scores.confusion_matrix", lambda: scores.confusion_matrix([0, 1], [0]), ValueError, "true and predicted",
         "same length", "2 and 1"),
    case("scores.confusion_matrix", lambda: scores.confusion_matrix([0, -1], [0, 1]), ValueError,
         "class numbers from 0", "from -1 to 1"),
    case("scores.confusion_matrix", lambda: scores.confusion_matrix([0, 3], [0, 1], n_classes=2), ValueError,
         "from 0 to 1", "from 0 to 3"),
    case("scores.confusion_matrix", lambda: scores.confusion_matrix([0, 5000], [0, 1]), ValueError, "n_classes",
         "1 to 1000", "5001"),
    case("scores.accuracy", lambda: scores.accuracy([0.5], [0]), ValueError, "true", "whole numbers", "0.5"),
    case("scores.accuracy", lambda: scores.accuracy([0, 1], [[0, 1]]), ValueError, "predicted", "(n_samples,)",
         "(1, 2)"),
]

PICTURES = [
    case("plotting.draw_classes", lambda: plotting.draw_classes(CORNERS[0], CORNERS[1][:-1], ax=AXES), ValueError,
         "labels", "one class per pattern (12)", "got 11"),
    case("plotting.draw_classes", lambda: plotting.draw_classes(*CORNERS, ax="ax"), TypeError, "ax", "Axes",
         "'ax'"),
    case("plotting.draw_classes", lambda: plotting.draw_classes(*CUBE, ax=AXES), ValueError, "ax", "3-D Axes",
         "'rectilinear'"),
    case("plotting.draw_classes", lambda: plotting.draw_classes([[0, 0, 0, 0]], [0]), ValueError, "X",
         "(n_samples, 2 or 3)", "(1, 4)"),
    case("plotting.plot_layer_steps", lambda: plotting.plot_layer_steps("run", CORNERS[0]), TypeError, "run",
         "LayerRun", "'run'"),
    case("plotting.plot_layer_steps", lambda: plotting.plot_layer_steps(CORNER_LAYER, CORNERS[0],
                                                                        steps=list(range(17))),
         ValueError, "steps", "1 to 16", "[0, 1, 2"),
    case("plotting.plot_layer_steps", lambda: plotting.plot_layer_steps(CORNER_LAYER, CORNERS[0], steps=[10**6]),
         ValueError, "steps", "from 0 to", "1000000"),
    case("plotting.plot_layer_steps", lambda: plotting.plot_layer_steps(CORNER_LAYER, CORNERS[0], ncols=9),
         ValueError, "ncols", "1 to 8", "9"),
    case("plotting.plot_layer_steps", lambda: plotting.plot_layer_steps(CORNER_LAYER, CORNERS[0], elev=100),
         ValueError, "elev", "<= 90", "100"),
    case("plotting.plot_layer_steps", lambda: plotting.plot_layer_steps(m.train_layer([[0], [1]], [0, 1]),
                                                                        [[0], [1]]),
         ValueError, "X", "2 or 3 features", "got 1"),
    case("plotting.draw_regions", lambda: plotting.draw_regions("f", xlim=(0, 1), ylim=(0, 1), n_classes=2),
         TypeError, "predict", "function", "'f'"),
    case("plotting.draw_regions", lambda: plotting.draw_regions(len, xlim=(0, 1), ylim=(0, 1), n_classes=11),
         ValueError, "n_classes", "2 to 10", "11"),
    case("plotting.draw_regions", lambda: plotting.draw_regions(len, xlim=(0, 1), ylim=(0, 1), n_classes=2,
                                                                resolution=1000), ValueError, "resolution",
         "2 to 400", "1000"),
    case("plotting.draw_regions", lambda: plotting.draw_regions(len, xlim=(1, 0), ylim=(0, 1), n_classes=2),
         ValueError, "xlim", "low < high", "(1, 0)"),
    case("plotting.plot_regions", lambda: plotting.plot_regions(len, *CORNERS, ["a"]), TypeError, "predicts",
         "1 to 4", "len"),
    case("plotting.plot_regions", lambda: plotting.plot_regions([len], *CORNERS, ["a", "b"]), ValueError,
         "titles", "1 str", "got 2"),
    case("plotting.draw_confusion", lambda: plotting.draw_confusion([[1, 2]]), ValueError, "matrix", "square",
         "(1, 2)"),
    case("plotting.draw_confusion", lambda: plotting.draw_confusion([[1]], title=3), TypeError, "title", "str",
         "3"),
    case("plotting.plot_confusion", lambda: plotting.plot_confusion([[[1, 2]]], ["a"]), ValueError, "matrices[0]",
         "square", "(1, 2)"),
    case("plotting.plot_confusion", lambda: plotting.plot_confusion([[[1, -2], [0, 1]]], ["a"]), ValueError,
         "matrices[0]", ">= 0", "-2"),
    case("plotting.plot_confusion", lambda: plotting.plot_confusion("x", ["a"]), TypeError, "matrices",
         "1 to 3", "'x'"),
    case("plotting.plot_confusion", lambda: plotting.plot_confusion([[[1, 0], [0, 1]]], ["a", "b"]), ValueError,
         "titles", "1 str", "got 2"),
    case("plotting.draw_accuracy_curve", lambda: plotting.draw_accuracy_curve([1, 2], [0.5]), ValueError,
         "accuracies", "one fraction from 0 to 1 per value (2)", "[0.5]"),
    case("plotting.draw_accuracy_curve", lambda: plotting.draw_accuracy_curve([1], [97]), ValueError,
         "accuracies", "from 0 to 1", "[97.0]"),
    case("plotting.draw_accuracy_curve", lambda: plotting.draw_accuracy_curve([0, 1], [0.5, 0.6]), ValueError,
         "values", "> 0 on a logarithmic axis", "[0.0, 1.0]"),
    case("plotting.draw_accuracy_curve", lambda: plotting.draw_accuracy_curve([1], [0.5], reference=89),
         ValueError, "reference", "<= 1", "89"),
    case("plotting.plot_images", lambda: plotting.plot_images(np.zeros((2, 8)), ["a", "b"]), ValueError, "images",
         "(n, height, width)", "(2, 8)"),
    case("plotting.plot_images", lambda: plotting.plot_images(np.zeros((49, 8, 8)), ["a"] * 49), ValueError,
         "images", "1 to 48", "49"),
    case("plotting.plot_images", lambda: plotting.plot_images(np.zeros((2, 8, 8)), ["a", "b"], ncols=0),
         ValueError, "ncols", "1 to 16", "0"),
]

CASES = MULTICLASS + PICTURES


@pytest.mark.parametrize("bad", CASES, ids=ids(CASES))
def test_bad_input_is_refused_with_a_clear_message(bad):
    check(bad)


def test_primal_weights_need_the_linear_kernel():
    with pytest.raises(ValueError, match="kernel='linear'.*got kernel='rbf'"):
        KERNEL_RUN.primal_weights()


def test_decisions_on_too_many_patterns_are_refused_before_any_work(monkeypatch):
    run = kn.train_kernel(*datasets.corner_clusters(2, n_per_class=50), code="one-hot")
    monkeypatch.setattr(kn, "MAX_KERNEL_WORK", 1000)        # the real limit would need gigabytes of patterns
    with pytest.raises(ValueError, match=r"X must keep the kernel work within 1,000 .*500 patterns against"):
        run.decision(np.zeros((500, 2)))
