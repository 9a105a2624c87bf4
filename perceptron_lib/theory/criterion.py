"""The perceptron criterion E(W) = -sum over misclassified patterns of t W·X, and its gradient.

Its stochastic gradient step is the perceptron's update (Stensbo-Smidt 2015,
eqs. 3-6): `criterion_gradient` with one pattern gives, bit for bit, the
correction `train` makes. The terms are added in fixed order
(`perceptron_lib.core.arithmetic`), so every machine gives the same numbers.
"""
import numpy as np

from ..core import constraints as declare
from . import theory_constraints as kinds
from ..core.arithmetic import dot, nets, sum_in_order
from ..core.rule import convention as label_convention, is_mistake


@declare.declared(X=declare.Patterns(), y=declare.Labels("X"), w=kinds.WeightRows("X"))
def perceptron_criterion(w, X, y):
    """The perceptron criterion E(W) = -sum over misclassified i of t_i W·X_i (Stensbo-Smidt 2015, eq. 3).

    The misclassified patterns M are those `train` would correct at W: for
    labels -1/+1 the patterns with t W·X <= 0, for labels 0/1 those whose
    threshold output o = [W·X > 0] differs from the label (t = 2c - 1 there).
    Each term -t W·X is >= 0, so E(W) >= 0, and E(W) = 0 when no pattern is
    misclassified. A pattern on its plane (W·X = 0) adds 0 even when it
    counts as misclassified, so at W = 0 the criterion is 0 too: there only
    its gradient (`criterion_gradient`) sees the mistakes. The terms are added
    left to right over the patterns.

    Parameters
    ----------
    w : array-like of shape (n_features + 1,) or (n_weights, n_features + 1)
        One weight vector [w0, w1, ..., wn], or one per row (e.g. a run's
        ``Trace.weights``, to follow E along the run).
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.

    Returns
    -------
    float or ndarray of shape (n_weights,)

    Examples
    --------
    >>> from perceptron_lib.theory.datasets import boolean_function
    >>> X, y = boolean_function("or", signed=True)
    >>> perceptron_criterion([[-1, 0, 0], [-0.5, 1, 0], [-0.5, 1, 1]], X, y).tolist()
    [3.0, 0.5, 0.0]
    """
    rows, one, X1 = kinds.weight_rows(w, X)
    convention = label_convention(y)
    net = nets(rows, X1)
    t = _signs(y, convention)
    terms = np.where(is_mistake(net, y, convention), -t * net, 0.0)  # eq. 3: -sum over M of t W·X
    criterion = sum_in_order(terms) + 0.0  # + 0.0: no -0.0 for a run without mistakes
    return float(criterion[0]) if one else criterion


@declare.declared(X=declare.Patterns(), y=declare.Labels("X"), w=kinds.WeightRows("X"),
                  pattern=declare.Optional(kinds.Index("X")))
def criterion_gradient(w, X, y, *, pattern=None):
    """The gradient of the perceptron criterion, -sum over misclassified i of t_i X_i (Stensbo-Smidt 2015, eqs. 3-5).

    With ``pattern=k`` it is the gradient of pattern k's own term,
    E_k(W) = -t_k W·X_k if k is misclassified, else 0: -t_k X_k or zeros. A
    step of stochastic gradient descent, W - eta grad E_k(W), is then
    W + eta t_k X_k on a mistake and W otherwise: the perceptron's update
    (eq. 6), bit for bit what `train` does with that pattern. The criterion is
    not differentiable where a pattern lies on its plane; there the gradient
    from the misclassified side is returned when `train` counts the pattern
    as a mistake (labels -1/+1 always, labels 0/1 for a positive pattern).

    Parameters
    ----------
    w : array-like of shape (n_features + 1,) or (n_weights, n_features + 1)
        One weight vector, or one per row.
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Labels, all in {0, 1} or all in {-1, +1}.
    pattern : int, optional
        The one pattern whose term is differentiated (0 to n_samples - 1); all
        patterns by default.

    Returns
    -------
    ndarray of shape (n_features + 1,) or (n_weights, n_features + 1)
        dE/dW, bias component first; the sum is added left to right over the patterns.

    Examples
    --------
    At W = 0 every pattern of OR is a mistake (t W·X = 0); one SGD step with
    eta = 1 on pattern 1 is the perceptron's update W + t_1 X_1:

    >>> from perceptron_lib.theory.datasets import boolean_function
    >>> X, y = boolean_function("or", signed=True)
    >>> criterion_gradient([0, 0, 0], X, y).tolist()
    [-2.0, -2.0, -2.0]
    >>> w = np.zeros(3)
    >>> (w - 1.0 * criterion_gradient(w, X, y, pattern=1)).tolist()
    [1.0, 0.0, 1.0]
    """
    rows, one, X1 = kinds.weight_rows(w, X)
    convention = label_convention(y)
    net = nets(rows, X1)
    wrong = is_mistake(net, y, convention)
    if pattern is not None:
        wrong &= np.arange(len(y)) == pattern
    coefficients = np.where(wrong, -_signs(y, convention), 0.0)  # eqs. 4-5: dE/dW = -sum over M of t X
    gradient = dot(coefficients[:, None, :], X1.T) + 0.0
    return gradient[0] if one else gradient


def _signs(y, convention):
    """t in {-1, +1}: the label itself, or 2c - 1 for labels 0/1."""
    return (y if convention == "-1/+1" else 2 * y - 1).astype(float)
