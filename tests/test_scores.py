"""Scores of a classifier: the confusion matrix and the accuracy, against scikit-learn."""
import numpy as np

from perceptron_lib.theory.scores import accuracy, confusion_matrix


def test_confusion_matrix_and_accuracy_agree_with_scikit_learn():
    from sklearn.metrics import accuracy_score
    from sklearn.metrics import confusion_matrix as sk_confusion
    rng = np.random.default_rng(1)
    true, predicted = rng.integers(0, 6, 500), rng.integers(0, 6, 500)
    assert np.array_equal(confusion_matrix(true, predicted), sk_confusion(true, predicted))
    assert accuracy(true, predicted) == accuracy_score(true, predicted)
