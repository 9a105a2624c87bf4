"""How good a classifier's predictions are: the confusion matrix and the accuracy.

The notes on the perceptron network score the kernel perceptron on
handwritten digits this way (see kernels.py).
"""
import numpy as np

from ..core import validation as check


def confusion_matrix(true, predicted, n_classes=None):
    """Counts of (true class, predicted class) pairs: row i, column j counts class i predicted as j.

    The notes' matrices for the digits (the kernel perceptron's
    example) read this way; scikit-learn's ``confusion_matrix`` gives the same
    table.

    Parameters
    ----------
    true, predicted : array-like of shape (n_samples,)
        Class numbers from 0.
    n_classes : int, optional
        From 1 to 1000; by default the largest class number + 1.

    Returns
    -------
    ndarray of shape (n_classes, n_classes)

    Examples
    --------
    >>> confusion_matrix([0, 1, 1, 2], [0, 1, 2, 2]).tolist()
    [[1, 0, 0], [0, 1, 1], [0, 0, 1]]
    """
    true, predicted = _class_pairs(true, predicted)
    top = int(max(true.max(initial=0), predicted.max(initial=0))) + 1
    n_classes = check.whole("n_classes", top if n_classes is None else n_classes, minimum=1, maximum=1000)
    low = int(min(true.min(initial=0), predicted.min(initial=0)))
    if low < 0 or top > n_classes:
        raise ValueError(f"true and predicted must hold class numbers from 0 to {n_classes - 1}, got values "
                         f"from {low} to {top - 1}")
    matrix = np.zeros((n_classes, n_classes), np.int64)
    np.add.at(matrix, (true.astype(np.intp), predicted.astype(np.intp)), 1)
    return matrix


def accuracy(true, predicted):
    """The fraction of patterns whose predicted class (or label) is the true one.

    Parameters
    ----------
    true, predicted : array-like of shape (n_samples,)
        Whole numbers: class numbers, or labels such as -1/+1.

    Returns
    -------
    float

    Examples
    --------
    >>> accuracy([0, 1, 1, 2], [0, 1, 2, 2])
    0.75
    >>> accuracy([-1, 1], [1, 1])
    0.5
    """
    true, predicted = _class_pairs(true, predicted)
    return float(np.count_nonzero(true == predicted) / len(true)) if len(true) else 0.0


def _class_pairs(true, predicted):
    true = check.array("true", true, "(n_samples,)", ndim=1, integer=True)
    predicted = check.array("predicted", predicted, "(n_samples,)", ndim=1, integer=True)
    if len(true) != len(predicted):
        raise ValueError(f"true and predicted must have the same length, got {len(true)} and {len(predicted)}")
    return true, predicted
