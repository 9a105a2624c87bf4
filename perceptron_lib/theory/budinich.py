"""Budinich's algorithms for a sigmoid unit, run on many problems at once (Budinich 1993).

His adaptive algorithm (section 4: beta set from the misclassified patterns,
a search along the gradient for the first step of the error count) and the
standard algorithm of his appendix (fixed beta and beta eta), each over arrays
of problems, as `train_many` runs many data sets. The problems are his
digital ones (`boolean_problems`); a "solved" is checked in exact arithmetic.

Every sum of products is added in fixed order (`perceptron_lib.core.arithmetic`),
so every machine gives the same numbers.
"""
from dataclasses import dataclass

import numpy as np

from ..core import constraints as declare
from . import theory_constraints as kinds
from ..core.arithmetic import add_with_ones, nets, norm, sigmoid_descent, sum_in_order, wrong_side
from .sigmoid import BETA_OPT_X

# problems * patterns * weights * evaluations (moves) of one call: every call ends in seconds.
MAX_WORK = 2_000_000_000
# Budinich's problems are digital: whole-number patterns up to this size, so that solutions are checked exactly.
LARGEST_PATTERN = 2**20
# The adaptive line search (see adaptive_algorithm): first trial (the default of first_step), largest move (both
# times |W|), most bisections.
FIRST_STEP = 1 / 8
LARGEST_STEP = 2.0**30
MAX_BISECTIONS = 60
# Budinich's problems: digital patterns X and the targets Y of each problem; where a run starts.
PATTERNS, TARGETS = kinds.DigitalPatterns(bits=LARGEST_PATTERN.bit_length() - 1), kinds.Targets("X")
STARTS = declare.Optional(kinds.ProblemWeights("X", problems="Y"))


@dataclass(frozen=True, eq=False)
class AdaptiveRuns:
    """How Budinich's adaptive algorithm ended on each problem, as `adaptive_algorithm` returns it.

    Attributes
    ----------
    status : ndarray of shape (n_problems,)
        "solved" (checked in exact arithmetic), "no solution" (Budinich's
        halt: the first step along the gradient raises the error count),
        "no step" (no step within the largest move), "rounding" (floats could
        not tell the next step) or "max_evaluations"; see `adaptive_algorithm`.
    start_weights, final_weights : ndarray of shape (n_problems, n_features + 1)
        W at the random start and at the end, bias weight first.
    n_moves : ndarray of shape (n_problems,)
        Moves accepted (each lowered the error count).
    n_evaluations : ndarray of shape (n_problems,)
        Evaluations of the cost function: the start and every trial point.
    start_errors, final_errors : ndarray of shape (n_problems,)
        Patterns on the wrong side of o = 1/2 at the start and at the end,
        counted in floats (so 0 for a "rounding" that floats took for solved).
    """

    status: np.ndarray
    start_weights: np.ndarray
    final_weights: np.ndarray
    n_moves: np.ndarray
    n_evaluations: np.ndarray
    start_errors: np.ndarray
    final_errors: np.ndarray

    def __len__(self):
        return len(self.status)

    def __repr__(self):
        found = ", ".join(f"{(self.status == s).sum()} {s}" for s in ADAPTIVE_STATUSES if (self.status == s).any())
        return (f"<AdaptiveRuns of {len(self)} problems: {found}; "
                f"{self.n_evaluations.mean():.1f} evaluations per problem>")


ADAPTIVE_STATUSES = ("solved", "no solution", "no step", "rounding", "max_evaluations")


@declare.declared(X=PATTERNS, Y=TARGETS, seed=declare.Seed(), initial_weights=STARTS,
                  max_evaluations=declare.Whole(minimum=1), first_step=declare.Number(above=0, maximum=1))
def adaptive_algorithm(X, Y, *, seed=0, initial_weights=None, max_evaluations=200, first_step=FIRST_STEP):
    """Budinich's adaptive perceptron algorithm, on many problems at once (Budinich 1993, section 4).

    A sigmoid unit o = f(beta W·X) with targets xi in {0, 1}; its error count
    m is the number of patterns on the wrong side of o = 1/2. For each
    problem, Budinich's steps:

    1. a random start W (independent standard normal weights, from `seed`)
       and its error count m;
    2. beta set to the mean of ``beta_opt`` over the misclassified patterns,
       beta_opt = BETA_OPT_X / |W·X| (see `beta_opt`), and the gradient of
       E = 1/2 sum (xi - o)^2 at W (eq. 3);
    3. a search along the negative gradient for the first step of the error
       count: trial moves of |W| / 8, |W| / 4, |W| / 2, ... (doubling, from
       ``first_step`` |W|) until one changes which patterns are
       misclassified, then bisection of the last interval until it holds a
       single step; the trial just past it is the tentative W';
    4. the error count m' at W' and, with it, the new beta;
    5. m' = 0: "solved"; m' < m: accept W' and go to 2; m' > m: the cost
       function has a minimum here, "no solution".

    Budinich says only that the search "takes only a logarithmic number of
    trials"; the doubling-then-bisection search and its first trial are this
    package's design, and the number of cost evaluations depends on them
    (``first_step``). Each accepted move lowers m, so a problem ends after at
    most n_samples moves. All problems run together: each round of the loop
    evaluates one trial point of every problem still running.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns shared by all problems, without the bias input: whole
        numbers of size at most 2**20 (Budinich's digital inputs, e.g. from
        `boolean_problems`), so that a solution can be checked exactly.
    Y : array-like of shape (n_problems, n_samples) or (n_samples,)
        The targets of each problem: xi = 1 for label 1, xi = 0 for label 0
        (or -1); one convention for all problems.
    seed : int or None, default 0
        Seed of the random starts (row p of ``rng.standard_normal((n_problems,
        n_features + 1))`` for problem p); None draws fresh entropy. Not used
        with initial_weights.
    initial_weights : array-like of shape (n_features + 1,) or (n_problems, n_features + 1), optional
        Starts to use instead of random ones.
    max_evaluations : int, default 200
        The most cost evaluations per problem, at least 1; n_problems *
        n_samples * (n_features + 1) * max_evaluations may be at most
        2,000,000,000, so that every call ends in seconds.
    first_step : float, default 1/8
        The first trial move of each search, in units of |W|: a finite
        number > 0 and <= 1. Smaller first trials need more doublings to
        reach a step of the error count, so more evaluations per move.

    Returns
    -------
    AdaptiveRuns

    Notes
    -----
    Budinich leaves the handling of rounding open ("an actual implementation
    ... needs some care"); the rules here:

    - Counting: W·X is added left to right (`perceptron_lib.core.arithmetic`); a
      pattern with W·X = 0 (o = 1/2) is misclassified whatever its target.
    - beta: a misclassified pattern with W·X = 0 has no finite beta_opt and is
      left out of the mean; if every misclassified pattern has W·X = 0, beta
      = BETA_OPT_X / max |W·X| (1 if W·X = 0 on all). Budinich derives
      beta_opt for a pattern on its correct side (xi = 1, x > 0); for a
      misclassified one, eq. 5 peaks nearer 1.77 / |x|. His rule is used as
      he states it.
    - The search: the gradient is scaled to the length of W (unit length if
      W = 0; the whole search is then scale-free); trial t moves W by t |W|,
      t = first_step, 2 first_step, ... (1/8, 1/4, ... by default), at most
      2**30 (`LARGEST_STEP`): beyond, W would be the direction alone, and the
      problem stops "no step" (so does one whose gradient vanishes). A trial
      changes when its set of misclassified patterns differs from that at W,
      not only their number, so that a rise and a fall crossed together are
      not mistaken for a plateau.
    - Bisection: [lo, hi] is halved at its midpoint until exactly one pattern
      has changed side between W and hi, no float lies strictly between lo and
      hi, or after 60 bisections; W' is always the trial at hi (just past the
      first change found, within the bracket). If several patterns changed
      side within the resolution of floats and m' = m, neither of Budinich's
      rules applies: "rounding".
    - "solved" is claimed only if the final W puts every pattern strictly on
      its side in exact arithmetic (the patterns are whole numbers, each weight
      an exact binary fraction); else "rounding". So a problem with no
      solution is never reported solved. "no solution" is Budinich's halting
      rule and can be wrong: this simplified version (his own word) halts on
      some soluble problems.
    - Size: after a move, W is rescaled by a power of two (exactly, so no sign
      changes) whenever its largest weight leaves 2**-100 .. 2**100.
    - Evaluations: one at the start and one per trial point; each computes
      W·X for all patterns and the error count, and at an accepted point beta
      and the gradient from the same W·X. Rescaling recomputes W·X at the
      same point, and is not counted.

    Examples
    --------
    The 256 problems of three inputs: all 104 soluble ones solved, 151 of the
    152 others halted as "no solution":

    >>> from perceptron_lib.theory.datasets import boolean_problems
    >>> X, Y = boolean_problems(3)
    >>> runs = adaptive_algorithm(X, Y)
    >>> {s: int((runs.status == s).sum()) for s in ("solved", "no solution", "no step")}
    {'solved': 104, 'no solution': 151, 'no step': 1}
    >>> round(float(runs.n_evaluations.mean()), 1)
    11.4
    """
    X1, exact_X, positive = _problems(X, Y)
    starts = _starts(seed, initial_weights, len(positive), X1.shape[1])
    _check_work(positive.shape, X1.shape[1], max_evaluations, "X and max_evaluations")
    runs = _Adaptive(X1, positive, starts, max_evaluations, first_step).run()
    status = runs.status.copy()
    claimed = np.flatnonzero(status == "solved")
    status[claimed[~_exactly_separated(runs.final_weights[claimed], exact_X, positive[claimed])]] = "rounding"
    return AdaptiveRuns(status=status, start_weights=starts, final_weights=runs.final_weights,
                        n_moves=runs.n_moves, n_evaluations=runs.n_evaluations,
                        start_errors=runs.start_errors, final_errors=runs.final_errors)


class _Adaptive:
    """The problems of one adaptive_algorithm call, searching together; the rows are the problems still running.

    Per row: its problem (`ids`), targets (`positive`), W with its nets and
    misclassified set, the scaled search direction `step`, the bracket
    [lo, hi] of the search in units of |W| (hi = inf while doubling), the
    bisections made, and the trial at hi (W_hi and its nets and set).
    """

    _ROWS = ("ids", "positive", "W", "net", "wrong", "step", "lo", "hi", "bisections", "W_hi", "net_hi", "wrong_hi",
             "alive")

    def __init__(self, X1, positive, W, max_evaluations, first_step=FIRST_STEP):
        n_problems = len(W)
        self.X1, self.max_evaluations, self.first_step = X1, max_evaluations, first_step
        self.status = np.full(n_problems, "", dtype="<U15")
        self.final_weights = W.copy()
        self.n_moves = np.zeros(n_problems, np.int64)
        self.n_evaluations = np.ones(n_problems, np.int64)
        self.ids, self.positive, self.W = np.arange(n_problems), positive, W.copy()
        self.net, self.wrong = self._evaluate(self.W, self.positive)
        self.start_errors = self.wrong.sum(axis=1)
        self.final_errors = self.start_errors.copy()
        self.lo, self.hi = np.zeros(n_problems), np.full(n_problems, np.inf)
        self.bisections = np.zeros(n_problems, np.int64)
        self.W_hi, self.net_hi, self.wrong_hi = self.W.copy(), self.net.copy(), self.wrong.copy()
        self.alive = np.ones(n_problems, bool)
        self.step = self._direction(self.W, self.net, self.wrong, self.positive)
        self._end(self.start_errors == 0, "solved")
        self._end(self.n_evaluations >= max_evaluations, "max_evaluations")
        self._compact()

    def run(self):
        while len(self.ids):
            self._trial()
        return self

    def _trial(self):
        """One trial point for every row: a doubling or a bisection step of its search, then its verdict."""
        doubling = np.isinf(self.hi)
        t = np.where(doubling, np.where(self.lo == 0, self.first_step, 2 * self.lo), (self.lo + self.hi) / 2)
        split = doubling | ((t > self.lo) & (t < self.hi))  # else no float lies between lo and hi
        W = self.W + t[:, None] * self.step
        net, wrong = self._evaluate(W, self.positive)
        self.n_evaluations[self.ids[split]] += 1
        changed = split & (wrong != self.wrong).any(axis=1)
        self.lo = np.where(split & ~changed, t, self.lo)
        self.hi = np.where(changed, t, self.hi)
        self.W_hi[changed], self.net_hi[changed], self.wrong_hi[changed] = W[changed], net[changed], wrong[changed]
        self.bisections += ~doubling
        single = (self.wrong_hi != self.wrong).sum(axis=1) == 1
        found = np.isfinite(self.hi) & (single | ~split | (self.bisections >= MAX_BISECTIONS))
        self._end(doubling & ~changed & (self.lo >= LARGEST_STEP), "no step")
        self._conclude(found)
        self._compact()

    def _conclude(self, found):
        """Budinich's step 5 for the rows whose search found a step."""
        m, m_new = self.wrong.sum(axis=1), self.wrong_hi.sum(axis=1)
        self._end(found & (m_new > m), "no solution")
        self._end(found & (m_new == m), "rounding")
        accept = found & (m_new < m) & self.alive
        self.n_moves[self.ids[accept]] += 1
        self.W[accept], self.net[accept], self.wrong[accept] = self.W_hi[accept], self.net_hi[accept], \
            self.wrong_hi[accept]
        self._end(accept & (m_new == 0), "solved")
        going = np.flatnonzero(accept & (m_new > 0))
        self._rescale(going)
        self.step[going] = self._direction(self.W[going], self.net[going], self.wrong[going], self.positive[going])
        self.lo[going], self.hi[going], self.bisections[going] = 0.0, np.inf, 0
        self._end(self.n_evaluations[self.ids] >= self.max_evaluations, "max_evaluations")

    def _evaluate(self, W, positive):
        net = nets(W, self.X1)
        return net, wrong_side(net, positive)

    def _direction(self, W, net, wrong, positive):
        """The negative gradient at W with beta = the mean beta_opt of the misclassified patterns, scaled to |W|."""
        descent = sigmoid_descent(net, positive, _mean_beta_opt(net, wrong), self.X1)
        length, size = norm(W), norm(descent)
        scale = np.where(size > 0, np.where(length > 0, length, 1.0) / np.where(size > 0, size, 1.0), 0.0)
        return descent * scale[:, None]

    def _rescale(self, rows):
        """Rows whose largest weight left 2**-100 .. 2**100: W times a power of two (exact), W·X recomputed."""
        exponent = np.frexp(np.abs(self.W[rows]).max(axis=1))[1]
        out = rows[np.abs(exponent) > 100]
        if len(out):
            self.W[out] = np.ldexp(self.W[out], -exponent[np.abs(exponent) > 100][:, None])
            self.net[out], self.wrong[out] = self._evaluate(self.W[out], self.positive[out])

    def _end(self, rows, status):
        """Rows that stop, with this status, at their W (at W_hi if solved); ended rows stay ended."""
        rows = rows & self.alive
        ids = self.ids[rows]
        self.status[ids] = status
        self.final_weights[ids] = self.W[rows]
        self.final_errors[ids] = self.wrong[rows].sum(axis=1)
        self.alive = self.alive & ~rows

    def _compact(self):
        if not self.alive.all():
            keep = self.alive
            for name in self._ROWS:
                setattr(self, name, getattr(self, name)[keep])


def _mean_beta_opt(net, wrong):
    """beta per row: the mean of BETA_OPT_X / |W·X| over the misclassified patterns off their planes (see adaptive)."""
    size = np.abs(net)
    off = wrong & (size > 0)
    count = off.sum(axis=1)
    mean = sum_in_order(np.where(off, BETA_OPT_X / np.where(off, size, 1.0), 0.0)) / np.maximum(count, 1)
    largest = size.max(axis=1)
    fallback = np.where(largest > 0, BETA_OPT_X / np.where(largest > 0, largest, 1.0), 1.0)
    return np.where(count > 0, mean, fallback)


@dataclass(frozen=True, eq=False)
class StandardRuns:
    """How the standard algorithm ended on each problem, as `standard_algorithm` returns it.

    Attributes
    ----------
    status : ndarray of shape (n_problems,)
        "solved" (checked in exact arithmetic), "max_moves" (not solved within
        max_moves moves) or "rounding" (the floats put every pattern on its
        side, exact arithmetic does not).
    start_weights, final_weights : ndarray of shape (n_problems, n_features + 1)
    n_moves : ndarray of shape (n_problems,)
        Moves made: to the solution, or max_moves.
    n_evaluations : ndarray of shape (n_problems,)
        Evaluations of the cost function (with its gradient): n_moves + 1.
    final_errors : ndarray of shape (n_problems,)
        Patterns on the wrong side of o = 1/2 at the end.
    beta, beta_eta : float
        The steepness and the move length of the run.
    """

    status: np.ndarray
    start_weights: np.ndarray
    final_weights: np.ndarray
    n_moves: np.ndarray
    n_evaluations: np.ndarray
    final_errors: np.ndarray
    beta: float
    beta_eta: float

    def __len__(self):
        return len(self.status)

    def __repr__(self):
        return (f"<StandardRuns of {len(self)} problems (beta={self.beta:g}, beta*eta={self.beta_eta:g}): "
                f"{(self.status == 'solved').sum()} solved; {self.n_evaluations.mean():.1f} evaluations per problem>")


@declare.declared(X=PATTERNS, Y=TARGETS, beta=declare.Positive(), beta_eta=declare.Positive(),
                  max_moves=declare.Whole(minimum=1), seed=declare.Seed(), initial_weights=STARTS)
def standard_algorithm(X, Y, *, beta=0.3, beta_eta=1.5, max_moves=40, seed=0, initial_weights=None):
    """The standard algorithm of Budinich's appendix: sigmoid gradient descent with fixed beta and beta eta.

    Each move is Delta W = beta eta sum_p (xi_p - o_p) o_p (1 - o_p) X_p
    (Budinich 1993, eq. 3, over all patterns), o_p = f(beta W·X_p); beta sets
    the steepness, beta eta the length of the moves. A problem is solved once
    no pattern is on the wrong side of o = 1/2 (W·X = 0 counts wrong), which
    is checked before each move; Budinich stops at 40 moves. The defaults are
    the best values of his appendix (beta = 0.3, beta eta = 1.5, found on the
    256 problems of 3 inputs); the starts are those of `adaptive_algorithm`
    for the same seed, so the two can be compared problem by problem.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The patterns shared by all problems: whole numbers of size at most 2**20.
    Y : array-like of shape (n_problems, n_samples) or (n_samples,)
        The targets of each problem (xi = 1 for label 1, else 0).
    beta : float, default 0.3
        The steepness, a finite number > 0.
    beta_eta : float, default 1.5
        The move length beta * eta, a finite number > 0.
    max_moves : int, default 40
        The most moves per problem, at least 1; n_problems * n_samples *
        (n_features + 1) * (max_moves + 1) may be at most 2,000,000,000.
    seed : int or None, default 0
        Seed of the random starts, as in `adaptive_algorithm`.
    initial_weights : array-like of shape (n_features + 1,) or (n_problems, n_features + 1), optional
        Starts to use instead of random ones.

    Returns
    -------
    StandardRuns
        A "solved" is checked in exact arithmetic, as in `adaptive_algorithm`.

    Examples
    --------
    >>> from perceptron_lib.theory.datasets import boolean_problems
    >>> X, Y = boolean_problems(3)
    >>> runs = standard_algorithm(X, Y)
    >>> int((runs.status == "solved").sum()), int(runs.n_moves[runs.status == "solved"].max())
    (104, 12)
    """
    X1, exact_X, positive = _problems(X, Y)
    starts = _starts(seed, initial_weights, len(positive), X1.shape[1])
    _check_work(positive.shape, X1.shape[1], max_moves + 1, "X and max_moves")
    n = len(positive)
    status, W, moves, errors = _standard_runs(X1, exact_X, positive, starts, np.full(n, beta), np.full(n, beta_eta),
                                              max_moves)
    return StandardRuns(status=status, start_weights=starts, final_weights=W, n_moves=moves,
                        n_evaluations=moves + 1, final_errors=errors, beta=beta, beta_eta=beta_eta)


@dataclass(frozen=True, eq=False)
class StandardGrid:
    """The standard algorithm over a grid of beta and beta eta (Budinich 1993, appendix and figure 5).

    Attributes
    ----------
    betas : ndarray of shape (n_betas,)
    beta_etas : ndarray of shape (n_beta_etas,)
    solved : ndarray of shape (n_betas, n_beta_etas)
        How many problems each setting solved within max_moves moves.
    max_moves : ndarray of shape (n_betas, n_beta_etas)
        The most moves a solved problem needed under each setting (0 if none
        was solved); Budinich's second plot.
    rounding : ndarray of shape (n_betas, n_beta_etas)
        How many runs under each setting ended "rounding": the floats put
        every pattern on its side, exact arithmetic did not (so they are not
        counted as solved; see `standard_algorithm`).
    move_limit : int
        The bound on moves (Budinich's 40).
    n_problems : int
    """

    betas: np.ndarray
    beta_etas: np.ndarray
    solved: np.ndarray
    max_moves: np.ndarray
    rounding: np.ndarray
    move_limit: int
    n_problems: int

    def __repr__(self):
        return (f"<StandardGrid: {len(self.betas)} betas x {len(self.beta_etas)} beta*etas on {self.n_problems} "
                f"problems; most solved {self.solved.max()}>")

    @declare.declared(soluble=kinds.AtMostAttribute("n_problems", minimum=0))
    def hardest(self, soluble):
        """Moves for the hardest problem under each setting, shape (n_betas, n_beta_etas).

        Where a setting solved all `soluble` problems, the most moves one of
        them needed (`max_moves`); elsewhere `move_limit`, which a problem
        left unsolved used up. Budinich's second plot of figure 5 (1993,
        appendix) reads this way.

        Parameters
        ----------
        soluble : int
            How many of the problems have a solution (104 of the 256 on 3
            inputs), from 0 to n_problems.
        """
        return np.where(self.solved == soluble, self.max_moves, self.move_limit)


@declare.declared(X=PATTERNS, Y=TARGETS, betas=kinds.PositiveList(), beta_etas=kinds.PositiveList(),
                  max_moves=declare.Whole(minimum=1), seed=declare.Seed(), initial_weights=STARTS)
def standard_algorithm_grid(X, Y, betas, beta_etas, *, max_moves=40, seed=0, initial_weights=None):
    """Solutions found and the most moves needed by the standard algorithm, for every beta and beta eta.

    Budinich (1993, appendix, figure 5) runs the standard algorithm on all 256
    problems of 3 inputs (104 soluble) for many beta and beta eta, at most 40
    moves each, and plots the number of solutions found and the largest number
    of moves a solution took. Every setting starts each problem from the same
    W (see `standard_algorithm`), and all settings run at once.

    Parameters
    ----------
    X, Y : array-like
        As in `standard_algorithm`.
    betas : array-like of shape (n_betas,)
        Steepnesses, finite numbers > 0.
    beta_etas : array-like of shape (n_beta_etas,)
        Move lengths beta * eta, finite numbers > 0.
    max_moves : int, default 40
        The most moves per problem, at least 1; n_betas * n_beta_etas *
        n_problems * n_samples * (n_features + 1) * (max_moves + 1) may be at
        most 2,000,000,000.
    seed : int or None, default 0
        Seed of the random starts, as in `adaptive_algorithm`.
    initial_weights : array-like of shape (n_features + 1,) or (n_problems, n_features + 1), optional
        Starts to use instead of random ones.

    Returns
    -------
    StandardGrid

    Examples
    --------
    >>> from perceptron_lib.theory.datasets import boolean_problems
    >>> X, Y = boolean_problems(3)
    >>> grid = standard_algorithm_grid(X, Y, [0.3, 3.0], [0.5, 1.5])
    >>> grid.solved.tolist(), grid.max_moves.tolist()
    ([[104, 104], [59, 77]], [[36, 12], [39, 40]])
    """
    X1, exact_X, positive = _problems(X, Y)
    starts = _starts(seed, initial_weights, len(positive), X1.shape[1])
    cells = len(betas) * len(beta_etas)
    _check_work((cells * len(positive), positive.shape[1]), X1.shape[1], max_moves + 1,
                "betas, beta_etas, X and max_moves",
                "n_betas * n_beta_etas * n_problems")
    beta = np.repeat(np.repeat(betas, len(beta_etas)), len(positive))
    beta_eta = np.repeat(np.tile(beta_etas, len(betas)), len(positive))
    status, _, moves, _ = _standard_runs(X1, exact_X, np.tile(positive, (cells, 1)), np.tile(starts, (cells, 1)),
                                         beta, beta_eta, max_moves)
    solved = (status == "solved").reshape(len(betas), len(beta_etas), len(positive))
    rounding = (status == "rounding").reshape(solved.shape).sum(axis=2)
    return StandardGrid(betas=betas, beta_etas=beta_etas, solved=solved.sum(axis=2),
                        max_moves=np.where(solved, moves.reshape(solved.shape), 0).max(axis=2),
                        rounding=rounding, move_limit=max_moves, n_problems=len(positive))


def _standard_runs(X1, exact_X, positive, W, beta, beta_eta, max_moves):
    """Gradient descent on every row until no pattern is wrong or max_moves moves; "solved" checked exactly."""
    n_rows = len(W)
    status = np.full(n_rows, "max_moves", dtype="<U9")
    final, moves, errors = W.copy(), np.full(n_rows, max_moves), np.zeros(n_rows, np.int64)
    ids = np.arange(n_rows)
    for move in range(max_moves + 1):
        net = nets(W, X1)
        wrong = wrong_side(net, positive[ids])
        done = ~wrong.any(axis=1) if move < max_moves else np.ones(len(ids), bool)
        final[ids[done]], errors[ids[done]] = W[done], wrong[done].sum(axis=1)
        solved = ids[done & ~wrong.any(axis=1)]
        status[solved], moves[solved] = "solved", move
        ids, W, net = ids[~done], W[~done], net[~done]
        if not len(ids):
            break
        W = W + beta_eta[ids, None] * sigmoid_descent(net, positive[ids], beta[ids], X1)
    claimed = np.flatnonzero(status == "solved")
    status[claimed[~_exactly_separated(final[claimed], exact_X, positive[claimed])]] = "rounding"
    return status, final, moves, errors


def _problems(X, Y):
    """Budinich's problems (checked as declared): X with x0 = 1 (as floats and as int64), targets as booleans
    (n_problems, n)."""
    X1 = add_with_ones(X)
    return X1, X1.astype(np.int64), np.atleast_2d(Y == 1)


def _starts(seed, initial_weights, n_problems, size):
    """The start of every problem: rows of standard normal weights from `seed`, or the weights given (as rows)."""
    if initial_weights is None:
        return np.random.default_rng(seed).standard_normal((n_problems, size)) + 0.0
    return initial_weights


def _check_work(shape, size, evaluations, names, rows="n_problems"):
    """Refuse a call of more than MAX_WORK multiply-adds, naming every parameter that sets the amount."""
    work = shape[0] * shape[1] * size * evaluations
    if work > MAX_WORK:
        raise ValueError(f"{names} must keep {rows} * n_samples * (n_features + 1) * evaluations within "
                         f"{MAX_WORK:,} (seconds of work), got {shape[0]} * {shape[1]} * {size} * {evaluations} = "
                         f"{work:,}")


def _exactly_separated(W, X, positive):
    """For each row of W: W·X > 0 on its positive patterns and < 0 on its negative ones, in exact arithmetic.

    X holds the patterns as whole numbers (int64). Most answers are certain from the
    floats: a sum of d products added in floats is within d * 2**-53 *
    sum |w_j x_j| of the exact sum (Higham 2002, section 3.1), so a margin
    twice that decides. The rest are decided on exact integers: each weight
    is an exact binary fraction, all put over one power-of-two denominator.
    """
    if len(W) == 0:
        return np.ones(0, bool)
    Xf = X.astype(float)
    signed = np.where(positive, 1.0, -1.0) * nets(W, Xf)
    bound = 2 * Xf.shape[1] * 2.0**-53 * nets(np.abs(W), np.abs(Xf))
    tiny = ((W != 0) & (np.abs(W) < 2.0**-900)).any(axis=1)  # products near underflow: no float bound
    result = (signed > bound).all(axis=1) & ~tiny
    for row in np.flatnonzero(~result):
        result[row] = _separated_in_integers(W[row], X, positive[row])
    return result


def _separated_in_integers(w, X, positive):
    """One row, on Python ints: W times its common denominator, then W·X_k > 0 (positive) or < 0 for every k."""
    ratios = [float(v).as_integer_ratio() for v in w]
    denominator = max(d for _, d in ratios)
    whole = [n * (denominator // d) for n, d in ratios]
    for x, p in zip(X.tolist(), positive):
        net = sum(a * b for a, b in zip(whole, x))
        if not (net > 0 if p else net < 0):
            return False
    return True
