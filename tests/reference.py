"""A plain loop perceptron and a sigmoid unit, written straight from the sources, to check perceptron_lib against."""
import numpy as np

from perceptron_lib.core.arithmetic import exp


def reference_run(X, y, order, eta=1.0, w=None):
    """Present patterns in the given order; return the weights after each presentation.

    Labels {0, 1}: Honavar (1996), section 2. Labels {-1, +1}: Manfredi (2021).
    """
    X = np.hstack([np.ones((len(X), 1)), np.asarray(X, float)])
    w = np.zeros(X.shape[1]) if w is None else np.asarray(w, float)
    signed = set(np.unique(y)) <= {-1, 1} and -1 in y
    history = [w]
    for k in order:
        x, c = X[k], y[k]
        if signed:
            if c * np.dot(w, x) <= 0:
                w = w + eta * c * x
        else:
            o = 1 if np.dot(w, x) > 0 else 0
            if o != c:
                w = w + eta * (c - o) * x
        history.append(w)
    return np.array(history)


def reference_cyclic(X, y, eta=1.0, max_epochs=1000):
    """Honavar's stopping rule: stop after n consecutive presentations without a change.

    Returns the weights after each presentation and whether the run converged.
    """
    n = len(X)
    order, history, clean = [], reference_run(X, y, [], eta), 0
    while len(order) < n * max_epochs and clean < n:
        order.append(len(order) % n)
        last = reference_run(X, y, order[-1:], eta, history[-1])[-1]
        clean = clean + 1 if np.array_equal(last, history[-1]) else 0
        history = np.vstack([history, last])
    return history, clean == n


def reference_first_repeat(X, y, eta=1.0, max_epochs=1000):
    """Cyclic order, every start-of-pass W kept: (status, passes, first, final W) with the first repeat.

    The plain way to find a cycle (a dictionary of every W seen at a pass start),
    against which train's constant-memory search is checked: status "cycling"
    with `first` the pass whose start W came back at pass `passes`, or
    "converged"/"max_epochs" with first None.
    """
    n = len(X)
    w = np.zeros(np.shape(X)[1] + 1)
    seen, clean = {}, 0
    for epoch in range(max_epochs + 1):
        key = tuple(w.tolist())
        if key in seen:
            return "cycling", epoch, seen[key], w
        seen[key] = epoch
        if epoch == max_epochs:
            return "max_epochs", epoch, None, w
        for k in range(n):
            last = reference_run(X, y, [k], eta, w)[-1]
            clean = clean + 1 if np.array_equal(last, w) else 0
            w = last
            if clean == n:
                return "converged", epoch + 1, None, w


def labels_of(code, n):
    """Dichotomy number `code` of n points: point k is positive iff bit k of code is 1."""
    return (code >> np.arange(n)) & 1


# Sigmoid units (Budinich 1993) -----------------------------------------------------------------------------------------

def f(z):
    """The logistic function, as the package evaluates it (e^-|z| never overflows, with the portable exponential)."""
    e = exp(-abs(z))
    return 1 / (1 + e) if z >= 0 else e / (1 + e)


def net(w, x):
    """W·X added left to right, bias input first."""
    total = w[0] * 1.0
    for wj, xj in zip(w[1:], x):
        total = total + wj * xj
    return total


def wrong_side(value, xi):
    return value <= 0 if xi == 1 else value >= 0
