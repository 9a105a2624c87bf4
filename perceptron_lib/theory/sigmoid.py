"""A sigmoid unit o = f(beta W·X) and gradient descent on its cost (Budinich 1993, sections 2 and 4).

The cost E = 1/2 sum (xi - o)^2 and its gradient (eqs. 1-3), a run of
gradient descent with the error count alongside (`train_sigmoid`), the
steepness beta_opt that maximises one pattern's step (section 4, eq. 5) and
that step as a function of beta (`weight_change`). Budinich's algorithms,
which run such units on many problems at once, are in budinich.py.

f is built from the portable exponential and every sum of products is added in
fixed order (`perceptron_lib.core.arithmetic`), so every machine gives the same numbers.
"""
from dataclasses import dataclass

import numpy as np

from ..core import constraints as declare
from . import theory_constraints as kinds
from ..core import validation as check
from ..core.arithmetic import add_with_ones, exp, nets, sigmoid, sigmoid_descent, sum_in_order, wrong_side

# Moves of one recorded sigmoid run (and moves * n_samples within validation.MAX_CELLS): seconds of work.
MAX_SIGMOID_MOVES = 100_000


@declare.declared(X=declare.Patterns(), y=declare.Labels("X"), w=kinds.WeightRows("X"), beta=declare.Positive())
def sigmoid_cost(w, X, y, *, beta=1.0):
    """The cost E = 1/2 sum_p (xi_p - o_p)^2 of a sigmoid unit o = f(beta W·X) (Budinich 1993, eqs. 1-2).

    f(x) = 1 / (1 + e^(-x)); beta is its steepness, and as beta grows E tends
    to the number of patterns on the wrong side (Budinich 1993, section 2).
    Budinich's threshold enters as the bias weight: w0 = -theta.

    Parameters
    ----------
    w : array-like of shape (n_features + 1,) or (n_weights, n_features + 1)
        One weight vector, or one per row.
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Targets: xi = 1 for label 1, xi = 0 for label 0 (or -1).
    beta : float, default 1.0
        The steepness, a finite number > 0.

    Returns
    -------
    float or ndarray of shape (n_weights,)

    Examples
    --------
    At W = 0 every output is 1/2, so E = n / 8 whatever beta:

    >>> from perceptron_lib.theory.datasets import boolean_function
    >>> sigmoid_cost([0, 0, 0], *boolean_function("or"), beta=5.0)
    0.5
    """
    rows, one, X1 = kinds.weight_rows(w, X)
    residual = (y == 1) - sigmoid(beta * nets(rows, X1))  # xi - o, o = f(beta W·X) (eq. 1)
    cost = 0.5 * sum_in_order(residual * residual)  # E = 1/2 sum (xi - o)^2 (eq. 2)
    return float(cost[0]) if one else cost


@declare.declared(X=declare.Patterns(), y=declare.Labels("X"), w=kinds.WeightRows("X"), beta=declare.Positive())
def sigmoid_gradient(w, X, y, *, beta=1.0):
    """dE/dW = -beta sum_p (xi_p - o_p) f'(beta x_p) X_p for the cost of `sigmoid_cost` (Budinich 1993, eq. 3).

    f'(beta x) = o (1 - o). A step of gradient descent is
    Delta W = -eta dE/dW = eta beta sum_p (xi_p - o_p) o_p (1 - o_p) X_p: eq. 3,
    whose length is set by eta beta. With 0/1 inputs, a pattern's input that is
    0 adds nothing to its weight's change (Budinich's argument for +-1 inputs).

    Parameters
    ----------
    w : array-like of shape (n_features + 1,) or (n_weights, n_features + 1)
        One weight vector, or one per row.
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Targets: xi = 1 for label 1, xi = 0 for label 0 (or -1).
    beta : float, default 1.0
        The steepness, a finite number > 0.

    Returns
    -------
    ndarray of shape (n_features + 1,) or (n_weights, n_features + 1)
        Bias component first; summed left to right over the patterns.

    Examples
    --------
    >>> from perceptron_lib.theory.datasets import boolean_function
    >>> sigmoid_gradient([0, 0, 0], *boolean_function("or")).tolist()
    [-0.25, -0.25, -0.25]
    """
    rows, one, X1 = kinds.weight_rows(w, X)
    betas = np.full(len(rows), beta)
    gradient = -beta * sigmoid_descent(nets(rows, X1), y == 1, betas, X1)
    return gradient[0] if one else gradient


@dataclass(frozen=True, eq=False)
class SigmoidRun:
    """A run of gradient descent on a sigmoid unit, as `train_sigmoid` returns it.

    Row k of each array describes the state after k moves (row 0: the start).

    Attributes
    ----------
    X : ndarray of shape (n_samples, n_features + 1)
        The patterns with the bias input x0 = 1 prepended.
    targets : ndarray of shape (n_samples,)
        xi, 0 or 1.
    beta, eta : float
        The steepness and the learning factor; a move has length set by beta * eta.
    per_pattern : bool
        True: each move follows one pattern (in cyclic order); False: each
        move follows the whole gradient, one move per epoch.
    weights : ndarray of shape (n_moves + 1, n_features + 1)
        W at the start and after each move.
    cost : ndarray of shape (n_moves + 1,)
        E = 1/2 sum (xi - o)^2 at each W.
    errors : ndarray of shape (n_moves + 1,)
        Patterns on the wrong side of o = 1/2 at each W (integers).
    pattern : ndarray of shape (n_moves,)
        The pattern each move followed (per_pattern), or -1 (whole gradient).
    status : {"solved", "max_epochs"}
        "solved" once no pattern is on the wrong side.
    """

    X: np.ndarray
    targets: np.ndarray
    beta: float
    eta: float
    per_pattern: bool
    weights: np.ndarray
    cost: np.ndarray
    errors: np.ndarray
    pattern: np.ndarray
    status: str

    @property
    def n_moves(self):
        """The number of moves made."""
        return len(self.weights) - 1

    def __repr__(self):
        return (f"<SigmoidRun: {self.status} after {self.n_moves} moves "
                f"({'per pattern' if self.per_pattern else 'whole gradient'}, beta={self.beta:g}, eta={self.eta:g}); "
                f"errors {self.errors[0]} -> {self.errors[-1]}, E {self.cost[0]:.4g} -> {self.cost[-1]:.4g}>")


@declare.declared(X=declare.Patterns(), y=declare.Labels("X"), beta=declare.Positive(), eta=declare.Positive(),
                  per_pattern=declare.Flag(), initial_weights=declare.Optional(declare.Weights("X")),
                  max_epochs=declare.Whole(minimum=1))
def train_sigmoid(X, y, *, beta=1.0, eta=1.0, per_pattern=False, initial_weights=None, max_epochs=100):
    """Gradient descent on a sigmoid unit's cost, with the error count alongside (Budinich 1993, section 2).

    Each move is Delta W = eta beta sum_p (xi_p - o_p) o_p (1 - o_p) X_p
    (eq. 3), o_p = 1 / (1 + e^(-beta W·X_p)): over all patterns (one move per
    epoch), or with ``per_pattern=True`` over one pattern at a time, in cyclic
    order (n_samples moves per epoch). After each move the run records W, the
    cost E (eq. 2) and the number of patterns on the wrong side of o = 1/2
    (W·X <= 0 for xi = 1, W·X >= 0 for xi = 0: at W·X = 0, o = 1/2 is on
    neither side). It stops "solved" once that number is 0 (checked at the
    start too), otherwise after max_epochs epochs ("max_epochs").

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns, without the bias input.
    y : array-like of shape (n_samples,)
        Targets: xi = 1 for label 1, xi = 0 for label 0 (or -1).
    beta : float, default 1.0
        The steepness of f, a finite number > 0.
    eta : float, default 1.0
        The learning factor, a finite number > 0.
    per_pattern : bool, default False
        Move after each pattern instead of after each epoch.
    initial_weights : array-like of shape (n_features + 1,), optional
        W at the start, bias weight first; zeros by default.
    max_epochs : int, default 100
        The most epochs; the run may make at most 100,000 moves, and
        moves * n_samples at most 10,000,000.

    Returns
    -------
    SigmoidRun

    Examples
    --------
    >>> from perceptron_lib.theory.datasets import boolean_function
    >>> X, y = boolean_function("or")
    >>> run = train_sigmoid(2 * X - 1, y, beta=0.3, eta=5.0)
    >>> run.status, run.n_moves, run.errors.tolist()
    ('solved', 1, [4, 0])
    """
    X1 = add_with_ones(X)
    w = np.zeros(X1.shape[1]) if initial_weights is None else initial_weights
    moves = max_epochs * (len(X) if per_pattern else 1)
    if moves > MAX_SIGMOID_MOVES or moves * len(X) > check.MAX_CELLS:
        raise ValueError(f"max_epochs must keep the moves within {MAX_SIGMOID_MOVES:,} and moves * n_samples within "
                         f"{check.MAX_CELLS:,} (seconds of work), got {moves:,} moves of {len(X)} patterns")
    # A move adds at most beta eta n max|x| to a weight: beta W·X must stay far from overflow over all moves
    largest = float(np.abs(X1).max())
    bound = beta * check.overflow_bound(X1, w, beta * eta, moves)
    if not bound < 1e300:
        raise ValueError(f"beta, eta, max_epochs, X and initial_weights must keep beta W·X far from overflow, got "
                         f"|beta W·X| possibly as large as {bound:.3g} (beta={beta!r}, eta={eta!r}, {moves:,} moves, "
                         f"largest |x| = {largest:.3g}); lower beta, eta or max_epochs, or rescale X")
    positive = y == 1
    weights, patterns = _sigmoid_moves(X1, positive, w, beta, beta * eta, moves, per_pattern)
    residual = positive - sigmoid(beta * nets(weights, X1))
    errors = wrong_side(nets(weights, X1), positive).sum(axis=1)
    return SigmoidRun(X=X1, targets=positive.astype(np.int64), beta=beta, eta=eta, per_pattern=per_pattern,
                      weights=weights, cost=0.5 * sum_in_order(residual * residual), errors=errors,
                      pattern=patterns, status="solved" if errors[-1] == 0 else "max_epochs")


def _sigmoid_moves(X1, positive, w, beta, beta_eta, moves, per_pattern):
    """The weights after each move until no pattern is on the wrong side (or `moves` moves), and the patterns used."""
    n = len(X1)
    W, rows, used = w[None, :], [w], []
    betas, steps = np.array([beta]), np.array([beta_eta])
    for move in range(moves):
        net = nets(W, X1)
        if not wrong_side(net, positive).any():
            break
        if per_pattern:
            k = move % n
            W = W + steps[:, None] * sigmoid_descent(net[:, k:k + 1], positive[k:k + 1], betas, X1[k:k + 1])
        else:
            k = -1
            W = W + steps[:, None] * sigmoid_descent(net, positive, betas, X1)
        rows.append(W[0])
        used.append(k)
    return np.array(rows), np.array(used, np.int64)


@declare.declared(x=kinds.NonzeroNumbers("net inputs"))
def beta_opt(x):
    """The steepness that maximises one pattern's step, from beta x = (e^(beta x) + 1) / (2 e^(beta x) - 1).

    Budinich (1993, section 4) differentiates one pattern's Delta w (eq. 5,
    `weight_change`) with respect to beta for xi = 1, i = 1 and a net input
    x > 0, and finds that the maximum lies where beta x = (e^(beta x) + 1) /
    (2 e^(beta x) - 1); approximately beta_opt = 0.89 / x. The equation is
    solved here by bisection in beta, between 0 (where the left side is
    smaller) and 2 / |x| (where it is larger; the right side falls from 2 as
    beta x grows, so the root is unique), to the last bit. By symmetry the
    same beta serves a pattern with xi = 0 and x < 0, so |x| is used. The
    product beta_opt * x is the same for every x: `BETA_OPT_X`, about 0.8884.

    Parameters
    ----------
    x : float or array-like
        Net inputs W·X, nonzero, of size from 1e-150 to 1e150.

    Returns
    -------
    float or ndarray of the shape of x

    Examples
    --------
    >>> round(beta_opt(2.0), 4), round(0.89 / 2.0, 4)
    (0.4442, 0.445)
    """
    result = _solve_beta_opt(np.abs(x))
    return float(result) if result.ndim == 0 else result


def _solve_beta_opt(size):
    """Bisection for beta in (0, 2 / size): g(beta size) < 0 at lo, >= 0 at hi, until no float lies between."""
    lo, hi = np.zeros_like(size), 2 / size
    while True:
        mid = (lo + hi) / 2
        open_ = (mid > lo) & (mid < hi)
        if not open_.any():
            return hi
        u = mid * size  # at most 2
        e = exp(u)
        below = u < (e + 1) / (2 * e - 1)
        lo, hi = np.where(open_ & below, mid, lo), np.where(open_ & ~below, mid, hi)


# beta_opt x: the root u of u = (e^u + 1) / (2 e^u - 1), about 0.8884 (Budinich writes 0.89).
BETA_OPT_X = float(_solve_beta_opt(np.array(1.0)))


@declare.declared(beta=kinds.NonnegativeNumbers(), x=kinds.Sized(1e150),
                  target=declare.Whole(minimum=0, maximum=1),
                  input_value=kinds.Sized(1e150))
def weight_change(beta, x, *, target=1, input_value=1.0):
    """One pattern's Delta w as a function of beta: beta (xi - f(beta x)) f'(beta x) i (Budinich 1993, eq. 5).

    With eta = 1. It vanishes as beta -> 0 (the factor beta) and as beta -> inf
    (f' -> 0 unless x = 0); in between it peaks, for xi = 1, i = 1, x > 0, at
    ``beta_opt(x)`` (Budinich's figure 4 draws it for x = 2).

    Parameters
    ----------
    beta : float or array-like
        Steepnesses, finite numbers >= 0.
    x : float
        The pattern's net input W·X.
    target : {0, 1}, default 1
        xi.
    input_value : float, default 1.0
        The input i the weight multiplies.

    Returns
    -------
    float or ndarray of the shape of beta

    Examples
    --------
    >>> [round(float(v), 4) for v in weight_change([0.1, beta_opt(2.0), 3.0], 2.0)]
    [0.0111, 0.0267, 0.0]
    """
    o = sigmoid(beta * x)
    change = beta * (target - o) * (o * (1 - o)) * input_value  # eq. 5: beta (xi - f) f' i
    return float(change) if change.ndim == 0 else change
