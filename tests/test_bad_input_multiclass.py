"""Bad input: layers of perceptrons, kernels and the kernel perceptron (multiclass.py)."""
import numpy as np
import pytest

from perceptron_lib import multiclass as m

from bad_input import case, check, ids

TWO = ([[0, 0], [1, 1]], [0, 1])
LAYER = m.train_layer(*TWO)
KERNEL_RUN = m.train_kernel([[0], [1]], [0, 1])

CASES = [
    case("multiclass.class_codes", lambda: m.class_codes(1), ValueError, "n_classes", "from 2 to 64", "got 1"),
    case("multiclass.class_codes", lambda: m.class_codes(2.5), TypeError, "n_classes", "whole number", "2.5"),
    case("multiclass.class_codes", lambda: m.class_codes(3, "gray"), ValueError, "code", "'one-hot', 'binary'",
         "'gray'"),
    case("multiclass.decode", lambda: m.decode([1.0, 2.0], m.class_codes(2)), ValueError, "nets",
         "(n_samples, m)", "(2,)"),
    case("multiclass.decode", lambda: m.decode([[1.0, 2.0]], m.class_codes(3)), ValueError, "codes",
         "one column per unit (2)", "(3, 3)"),
    case("multiclass.decode", lambda: m.decode([[1.0, 2.0]], [[0, 1], [1, 0]]), ValueError, "codes", "-1/+1"),
    case("multiclass.corner_clusters", lambda: m.corner_clusters(7), ValueError, "n_features", "1 to 6", "7"),
    case("multiclass.corner_clusters", lambda: m.corner_clusters(2, spread=-1), ValueError, "spread", ">= 0",
         "-1"),
    case("multiclass.corner_clusters", lambda: m.corner_clusters(2, n_per_class=0), ValueError, "n_per_class",
         "1 to 1000", "0"),
    case("multiclass.ring_data", lambda: m.ring_data(1), ValueError, "n_samples", "2 to 3000", "got 1"),
    case("multiclass.ring_data", lambda: m.ring_data(10, seed=-1), ValueError, "seed", ">= 0", "-1"),
    case("multiclass.train_layer", lambda: m.train_layer(TWO[0], [0, 5], n_classes=3), ValueError, "labels",
         "0 to 2", "0 to 5"),
    case("multiclass.train_layer", lambda: m.train_layer(TWO[0], [0]), ValueError, "labels",
         "one class number per pattern (2)", "got 1"),
    case("multiclass.train_layer", lambda: m.train_layer(TWO[0], [-1, 1]), ValueError, "labels", "from 0",
         "-1 to 1"),
    case("multiclass.train_layer", lambda: m.train_layer(TWO[0], [0.5, 1]), ValueError, "labels",
         "whole numbers", "0.5"),
    case("multiclass.train_layer", lambda: m.train_layer(*TWO, code="x"), ValueError, "code", "'binary'", "'x'"),
    case("multiclass.train_layer", lambda: m.train_layer(*TWO, eta=0), ValueError, "eta", "positive", "0"),
    case("multiclass.train_layer", lambda: m.train_layer([1, 2], [0, 1]), ValueError, "X", "(n_samples, ",
         "(2,)"),
    case("multiclass.train_layer", lambda: m.train_layer(*TWO, initial_weights=[[0, 0, 0]]), ValueError,
         "initial_weights", "(2, 3)", "(1, 3)"),
    case("multiclass.LayerRun.weights_at", lambda: LAYER.weights_at(99), ValueError, "k", "0 to", "99"),
    case("multiclass.LayerRun.predict", lambda: LAYER.predict([[1, 2, 3]]), ValueError, "X", "(n_samples, 2)",
         "(1, 3)"),
    case("multiclass.kernel_matrix", lambda: m.kernel_matrix([[0, 0]], [[1, 1]], kernel="sigmoid"), ValueError,
         "kernel", "'linear', 'polynomial', 'rbf'", "'sigmoid'"),
    case("multiclass.kernel_matrix", lambda: m.kernel_matrix([[0, 0]], [[1, 1, 1]]), ValueError, "B",
         "(n_samples, 2)", "(1, 3)"),
    case("multiclass.kernel_matrix", lambda: m.kernel_matrix([[0, 0]], [[1, 1]], gamma=0), ValueError, "gamma",
         "> 0", "0"),
    case("multiclass.kernel_matrix", lambda: m.kernel_matrix([[0]], [[1]], kernel="polynomial", degree=11),
         ValueError, "degree", "1 to 10", "11"),
    case("multiclass.kernel_matrix", lambda: m.kernel_matrix(np.zeros((3001, 1)), np.zeros((3001, 1))),
         ValueError, "too large", "3001 x 3001", "at most 9,000,000"),
    case("multiclass.exp_nonpositive", lambda: m.exp_nonpositive([1.0]), ValueError, "x", "<= 0", "1.0"),
    case("multiclass.exp_nonpositive", lambda: m.exp_nonpositive([np.nan]), ValueError, "x", "finite", "NaN"),
    case("multiclass.train_kernel", lambda: m.train_kernel(np.zeros((3001, 1)), np.ones(3001)), ValueError,
         "X", "at most 3000 patterns", "3001"),
    case("multiclass.train_kernel", lambda: m.train_kernel([[0], [1]], [0, 2]), ValueError, "y",
         "{0, 1}", "[0, 2]"),
    case("multiclass.train_kernel", lambda: m.train_kernel([[0], [1]], [0, 1], max_epochs=10**6), ValueError,
         "max_epochs * n_samples", "500,000", "1000000 * 2"),
    case("multiclass.train_kernel", lambda: m.train_kernel([[0], [1]], [0, 1], seed=1), ValueError, "seed",
         "order='random'", "seed=1"),
    case("multiclass.train_kernel", lambda: m.train_kernel([[0], [1]], [0, 1], order="shuffled"), ValueError,
         "order", "'cyclic', 'random'", "'shuffled'"),
    case("multiclass.train_kernel", lambda: m.train_kernel([[0], [1]], [0, 1], code="x"), ValueError, "code",
         "'one-hot'", "'x'"),
    case("multiclass.train_kernel", lambda: m.train_kernel([[0], [1]], [0, 1], kernel="rbf", gamma=-1),
         ValueError, "gamma", "> 0", "-1"),
    case("multiclass.KernelRun.decision", lambda: KERNEL_RUN.decision([[1, 2]]), ValueError, "X",
         "(n_samples, 1)", "(1, 2)"),
    case("multiclass.KernelRun.predict", lambda: KERNEL_RUN.predict("x"), TypeError, "X", "real numbers", "'x'"),
    case("multiclass.confusion_matrix", lambda: m.confusion_matrix([0, 1], [0]), ValueError, "true and predicted",
         "same length", "2 and 1"),
    case("multiclass.confusion_matrix", lambda: m.confusion_matrix([0, -1], [0, 1]), ValueError,
         "class numbers from 0", "from -1 to 1"),
    case("multiclass.confusion_matrix", lambda: m.confusion_matrix([0, 3], [0, 1], n_classes=2), ValueError,
         "from 0 to 1", "from 0 to 3"),
    case("multiclass.accuracy", lambda: m.accuracy([0.5], [0]), ValueError, "true", "whole numbers", "0.5"),
]


@pytest.mark.parametrize("bad", CASES, ids=ids(CASES))
def test_bad_input_is_refused_with_a_clear_message(bad):
    check(bad)


def test_primal_weights_need_the_linear_kernel():
    with pytest.raises(ValueError, match="kernel='linear'.*got kernel='rbf'"):
        KERNEL_RUN.primal_weights()
