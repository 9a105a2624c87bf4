"""The lessons' exercises, each declared once as data, and the one verdict every checker gives.

An exercise asks for one or more answers (its fields, `answers.Field`); answers.py says how each kind of
answer is read and when it is right.

The right answers are computed by the package (never typed here), when an exercise is first used.
Three checkers give the same verdict for every answer:

- the lesson's check cell, ``check("05.1", my_R, my_gamma, my_bound)`` (`check`, Python values);
- the lesson's page, with no Python: a form whose script (``exercises.js``, written by the site's build)
  reads the same data, `page_data`, and follows the same steps on what was typed;
- nbgrader's hidden tests (tools/assignments.py), which call `verdict` with the answers' values.

A verdict is worked out in this order: a field with no answer (None; on a page an empty box) makes it
"missing"; a field whose answer has the wrong form (a string where a number was asked, 2 numbers for 3,
NaN) makes it "form", with a sentence saying what form is asked; then each field is marked right or
wrong, and the first wrong field's hint is given (`answers.hint_for`).

Sources: the exercises are the lessons'; the answers come from the functions each one names.
"""
import functools
from dataclasses import dataclass, field

import numpy as np

from .answers import Field, example, form_sentence, hint_for, is_right, read, read_run, shown_answer, steps_differ
from ..theory.bounds import augmented_bound, augmented_radius, convergence_experiment, honavar_bound, margin, max_margin_separator
from ..theory.capacity import n_min_peak, regions, separable_dichotomies
from ..theory.criterion import criterion_gradient
from ..theory.datasets import boolean_function, boolean_patterns, separable_data, separable_sets, to_signed, truth_table
from ..theory.geometry import count_regions, misclassified, pattern_lines
from ..theory.kernels import train_kernel
from ..theory.multiclass import class_codes
from ..theory.separability import linear_separability, lp_separability
from ..theory.sigmoid import beta_opt, weight_change
from .tables import Checks
from ..core.trace import format_vector
from ..core.training import train


@dataclass(frozen=True)
class Exercise:
    """An exercise of a lesson: its key ("05.1"), title, fields, and the package's computation of its answers.

    Parameters
    ----------
    key : str
        Lesson and number, "05.1" for lesson 05's exercise 1.
    title : str
        What nbgrader and the page call it ("Exercise 1: R, γ and the bound for AND").
    fields : tuple of Field
    answers : callable
        Returns one right answer per field, computed by the package; for a weights field the pair
        (augmented patterns, targets); for a code field a function that judges the student's function.
    solved : callable, optional
        Returns what to say once every field is right (computed by the package).
    points : int
        What the exercise is worth in nbgrader.
    """
    key: str
    title: str
    fields: tuple
    answers: object
    solved: object = None
    points: int = 2
    prompt: str = field(default="", compare=False)

    @property
    def names(self):
        """The student's names, in order."""
        return tuple(f.name for f in self.fields)

    @property
    def on_page(self):
        """Whether a page can check it with no Python (no answer of kind "code")."""
        return all(f.kind != "code" for f in self.fields)


@dataclass(frozen=True)
class Verdict:
    """What a checker says about one set of answers.

    Attributes
    ----------
    status : str
        "missing", "form", "wrong" or "solved".
    marks : tuple of bool
        Each field right or wrong ("wrong" and "solved" only; empty otherwise).
    message : str
        The sentence for "missing" and "form", the hint for "wrong", what `Exercise.solved` says for "solved"
        (may be empty).
    field : str
        The field the message is about ("" for "solved").
    """
    status: str
    marks: tuple = ()
    message: str = ""
    field: str = ""

    @property
    def solved(self):
        """Whether every answer is right."""
        return self.status == "solved"


def _augmented(X):
    return [[1.0, *map(float, row)] for row in np.asarray(X, dtype=float)]


def _boolean_weights(X, targets):
    return _augmented(X), [int(t) for t in targets]


def _count(name, label, hint, **more):
    return Field(name, label, "number", hint, whole=True, **more)


# ---------------------------------------------------------------------------------------------------------------
# The answers and what a solved exercise adds, computed by the package
# ---------------------------------------------------------------------------------------------------------------

def _or():
    return boolean_function("or")


def _answers_02_3():
    X, c = _or()
    return tuple(train(X, c, eta=eta, initial_weights=[-1, 0, 0]).weights[4].tolist() for eta in (1, 2))


def _solved_02_3():
    w1, w2 = (np.array(w) for w in _answers_02_3())
    return str(Checks({"and W(η = 2) is not twice W(η = 1): the start is not multiplied by η":
                          not np.allclose(w2, 2 * w1)}))


def _signed_run():
    X, c = _or()
    return train(X, to_signed(c))


def _judge_signed(function):
    X, c = _or()
    run = _signed_run()
    mine, hint = read_run(function, (X.tolist(), to_signed(c).tolist()), 3, "your function")
    if hint:
        return None, hint.removeprefix("Not yet: ").removeprefix("Put ")
    differ = steps_differ(mine, run)
    return differ is None, (f"{differ} Hint: only two lines of perceptron change: the test is on y·(W·X) (≤ 0, so "
                            "W·X = 0 is a mistake too) and the update adds η·y·X; the start and the stop stay."
                            if differ else "")


def _cycling_functions():
    X, _ = boolean_function("xor")
    return [t for t in np.ndindex(2, 2, 2, 2) if train(X, t).status == "cycling"]


def _solved_03_2():
    X, _ = boolean_function("xor")
    status = {t: train(X, t).status for t in np.ndindex(2, 2, 2, 2)}
    converged = {t for t, s in status.items() if s == "converged"}
    separable = {t for t in status if lp_separability(X, t).separable}
    cycling = {t for t, s in status.items() if s == "cycling"}
    return str(Checks({f"the other {len(converged)} functions converge, and they are the {len(separable)} that "
                          "lp_separability (a linear program) finds a W for":
                          converged == separable and len(converged) == 16 - len(cycling)}))


def _product_coding():
    inputs, parity = boolean_function("xor", 3)
    works = [coding for coding, Z in (("0/1", inputs), ("-1/+1", 2 * inputs - 1))
             if linear_separability(np.column_stack([Z, Z.prod(axis=1)]), parity).separable]
    if len(works) != 1:
        raise ValueError(f"exercise 03.3 expects one coding to work; {works} do")
    return works[0]


def _judge_feature(feature):
    X, c = boolean_function("xor")
    if not callable(feature):
        return None, "my_feature should be a function of x1 and x2, e.g. lambda x1, x2: x1 + x2."
    try:
        extra = np.array([float(feature(x1, x2)) for x1, x2 in X])
    except Exception as error:   # the student's function failed on a pattern: say how, without a traceback
        return None, f"your function failed on a pattern of X ({type(error).__name__}: {error})."
    if not np.isfinite(extra).all():
        return None, f"your function gives {format_vector(extra)} on X1 to X4; it should give ordinary numbers."
    if np.array_equal(extra, X[:, 0] * X[:, 1]):
        return False, "that is the product x1·x2 of section 6 on these four patterns: find another one."
    separable = linear_separability(np.column_stack([X, extra]), c).separable
    return bool(separable), ("" if separable else
                             "the patterns are still not separable. The new input has to break the tie of section 4: "
                             "its values on X2 and X3 must not add up to the same as its values on X1 and X4.")


def _wrong_at_point():
    X, c = boolean_function("or")
    return [int(k) + 1 for k in np.flatnonzero(misclassified(np.array([0.5, -1.0, 1.0]), X, c))]


def _solved_04_3():
    lines = pattern_lines(separable_data(5, 2, seed=0)[0], -1.0)
    return str(Checks({f"and five random pattern lines cut the plane into Q(5, 2) = {count_regions(lines)} "
                          "regions (counted from their crossings)": count_regions(lines) == regions(5, 2)}))


def _corrected():
    X, c = _or()
    return train(X[3:4], c[3:4], initial_weights=[0.5, -1.0, 0.25], rule="fractional", fraction=1.5,
                    max_epochs=1).weights[1].tolist()


def _solved_04_4():
    X, _ = _or()
    net = np.array(_corrected()) @ np.r_[1, X[3]]
    return str(Checks({f"W·X4 went from −0.25 to {net:g} = (1 − λ)·(−0.25), across X4's plane":
                          net == (1 - 1.5) * -0.25 and net > 0}))


def _and_bound():
    X, c = boolean_function("and")
    w = [-3, 2, 2]
    return (augmented_radius(X), margin(X, c, w, kind="augmented"), augmented_bound(X, c, w))


def _solved_05_1():
    X, c = boolean_function("and")
    R, gamma, bound = _and_bound()
    return (f"Exactly: R = {R:.4f}, γ = {gamma:.4f}, (R/γ)² = {bound:.1f}, and Honavar's form with this W*, "
            f"(‖W*‖ R / min W*·Z_k)², is the same number, {honavar_bound(X, c, [-3, 2, 2]):.1f}.")


def _solved_05_2():
    experiments = {(p, m): convergence_experiment(300, 50, p, m, seed=1000 * p + int(100 * m), max_margin_sets=30)
                   for p in (2, 5, 10) for m in (0.05, 0.1)}   # section 3's sets, as the lesson makes them
    growth = {p: np.median(experiments[p, 0.05].honavar) / np.median(experiments[p, 0.1].honavar) for p in (2, 5, 10)}
    sets = {m: separable_sets(300, 50, 5, margin=m, seed=5000 + int(100 * m)) for m in (0.05, 0.1)}
    return ("In section 3 the median bound grew from γ_raw = 0.1 to 0.05 by a factor of "
            + ", ".join(f"{g:.2f} ({p} inputs)" for p, g in growth.items()) + ".\nThe teachers' own γ_raw there "
            "(5 inputs), median: " + ", ".join(
                f"{np.median([margin(x, t, w) for x, t, w in zip(*sets[m])]):.3f} at {m}" for m in sets) + ".")


def _tiny():
    points, labels = np.array([[0.1], [0.04]]), np.array([1, 0])   # lesson 05's two tiny points
    run = train(points, labels, max_epochs=10_000)
    bound = honavar_bound(points, labels, max_margin_separator(points, labels, kind="augmented")[0])
    return run, bound


def _solved_05_3():
    run, bound = _tiny()
    return str(Checks({f"no: its {run.n_updates} updates stay within Honavar's bound, {bound:.1f}":
                             run.n_updates <= bound}))


def _solved_05_4():
    X, c = _or()
    run, run_x10 = train(X, c), train(10 * X, c)
    bound_x10 = honavar_bound(10 * X, c, max_margin_separator(10 * X, c, kind="augmented")[0])
    bound = honavar_bound(X, c, max_margin_separator(X, c, kind="augmented")[0])
    random_set, random_labels, _ = separable_data(50, 2, margin=0.1, seed=0)
    as_is, scaled = (train(k * random_set, random_labels).n_updates for k in (1, 10))
    return str(Checks({
        f"{run_x10.n_updates} updates, at the same presentations as on OR (final W = "
        f"{format_vector(run_x10.final_weights)})":
            np.array_equal(run_x10.update_presentations, run.update_presentations),
        f"while the bound grew from {bound:.0f} to {bound_x10:.1f}": bound_x10 > bound,
        f"on separable_data(50, 2, seed=0) ten times the size costs more updates: {scaled}, against {as_is} "
        "as it is": scaled > as_is}))


def _gradient_step():
    return (np.zeros(3) - criterion_gradient(np.zeros(3), [[0, 1]], [1])).tolist()


def _next_w(pattern):
    return train([pattern], [1], initial_weights=[-1, 2, -1, 3], max_epochs=1).weights[1].tolist()


def _solved_07_1():
    return f"There Δw = {weight_change(beta_opt(4.0), 4.0):.4f}, the largest step any β gives it."


def _solved_07_2():
    return (f"It is {weight_change(1.0, 2.0):.5f}; at β_opt = {beta_opt(2.0):.4f} it would be "
            f"{weight_change(beta_opt(2.0), 2.0):.5f}, the top of the left curve in section 1.")


def _separable_of_four():
    X3 = boolean_patterns(3)
    x1, x2, x3 = X3.T
    functions = (x1 + x2 + x3 >= 2, x1 != x2, (x1 == 1) & ((x2 == 1) | (x3 == 1)), x1 + x2 + x3 == 1)
    return [k for k, f in enumerate(functions, 1) if lp_separability(X3, f.astype(int)).separable]


def _binary_code():
    units = class_codes(10, "binary").shape[1]   # M units of ±1 give 2^M outputs; 10 of them are codes
    return [units, 2 ** units - 10]


def _and_weights():
    X, c = boolean_function("and")
    dual = train_kernel(X, c, kernel="linear").primal_weights()[0].tolist()
    plain = train(X, c).final_weights.tolist()
    if dual != plain:
        raise ValueError(f"exercise 09.2: the dual run's W {dual} is not the perceptron's {plain}")
    return plain


def _parity_runs():
    X, c = boolean_function("xor", 3)
    return {q: train_kernel(X, c, kernel="polynomial", degree=q) for q in range(1, 11)}


def _smallest_degree():
    return min(q for q, run in _parity_runs().items() if run.status == "converged")


def _solved_09_3():
    q = _smallest_degree()
    run = _parity_runs()[q]
    return f"With q = {q} the run converges after {run.n_presentations} presentations and {int(run.alpha.sum())} mistakes."


_TRUE_FALSE = ((True, "True"), (False, "False"))
_PATTERNS = tuple((k, f"X{k}") for k in range(1, 5))
_FUNCTIONS = tuple((t, "[" + ", ".join(map(str, t)) + "]") for t in np.ndindex(2, 2, 2, 2))

EXERCISES = (
    # Lesson 01: threshold units
    Exercise("01.1", "Exercise 1: weights for NAND",
             (Field("my_nand", "W", "weights", "compare with AND's weights; NAND says the opposite of AND everywhere.",
                    length=3, claim="computes NAND"),),
             lambda: (_boolean_weights(*boolean_function("nand")),)),
    Exercise("01.2", "Exercise 2: weights for x1 and not x2",
             (Field("my_and_not", "W", "weights", "the arrow (w1, w2) should point towards (1, 0) and away from (0, 1). "
                    "Which sign does w2 need?", length=3, claim="computes x1 and not x2"),),
             lambda: (_boolean_weights(*truth_table(lambda a, b: a and not b, 2)),)),
    Exercise("01.3", "Exercise 3: the majority of three",
             (Field("my_majority", "W", "weights", "give each input the same weight; with weights 1, which bias "
                    "separates 'two or more' from 'one or none'?", length=4, claim="computes the majority of three"),),
             lambda: (_boolean_weights(*boolean_function("at_least", 3, m=2)),)),
    # Lesson 02: the learning rule
    Exercise("02.1", "Exercise 1: the run on AND",
             tuple(_count(name, label, "from W = 0 every output is 0 at first, so the first mistake is X4, the "
                          "one pattern with target 1. Then follow w0: an update on X4 raises it by 1, an update on X1, "
                          "X2 or X3 lowers it by 1. The run stops after four presentations in a row without a change.",
                          minimum=0) for name, label in (("my_updates", "updates"),
                                                          ("my_presentations", "presentations"))),
             lambda: (lambda run: (run.n_updates, run.n_presentations))(train(*boolean_function("and")))),
    Exercise("02.2", "Exercise 2: a good start",
             (_count("my_good_start", "presentations", "does W = [-0.5 1 1] get any pattern of OR wrong? Then "
                     "recall when a run may stop (section 5): what has to happen before it can say it has converged?",
                     minimum=0, claim="from W = [-0.5 1 1]"),),
             lambda: (train(*_or(), initial_weights=[-0.5, 1, 1]).n_presentations,)),
    Exercise("02.3", "Exercise 3: the step size",
             tuple(Field(name, label, "vector", "go pattern by pattern, each with the W the one before left. "
                         "W·X1 = −1 + 0 + 0 = −1, so o = 0 = c and W stays. An update adds η·X (target 1) or "
                         "subtracts it (target 0), and W·X = 0 gives o = 0.", length=3, tolerance=1e-9)
                   for name, label in (("my_w_eta1", "W for η = 1"), ("my_w_eta2", "W for η = 2"))),
             _answers_02_3, _solved_02_3),
    Exercise("02.4", "Exercise 4: the −1/+1 perceptron",
             (Field("my_signed_perceptron", "your function", "code", "", claim="makes the −1/+1 run's presentations, with the same W after each"),),
             lambda: (_judge_signed,)),
    # Lesson 03: XOR and cycling
    Exercise("03.1", "Exercise 1: the parity cycle",
             (_count("my_cycle_length", "cycle length", "with cyclic order a cycle ends where it began, with the "
                     "same W and the same pattern next, so it lasts a whole number of passes. How many patterns make "
                     "a pass here?", minimum=1),),
             lambda: (train(*boolean_function("xor", 3)).cycle_length,)),
    Exercise("03.2", "Exercise 2: every function that cycles",
             (Field("my_cycling", "the functions that cycle", "subset", "every function you listed cycles, but there are more. XOR "
                    "cycles because X2 + X3 = X1 + X4, with both positives on one side and both negatives on the "
                    "other. Which other targets do that?", options=_FUNCTIONS,
                    hints=(("extra", None, "the perceptron converges on {extra}: it finds a W that computes it."),)),),
             lambda: (_cycling_functions(),), _solved_03_2),
    Exercise("03.3", "Exercise 3: which coding",
             (Field("my_coding", "coding", "choice", "in that coding, work out x1·x2·x3 on the patterns of odd parity "
                    "and on the even ones, and compare.", options=(("0/1", "0/1"), ("-1/+1", "-1/+1")),
                    claim="makes parity separable with the product x1·x2·x3"),),
             lambda: (_product_coding(),)),
    Exercise("03.4", "Exercise 4: a feature of your own",
             (Field("my_feature", "your function", "code", "", claim="as a third input makes XOR separable"),),
             lambda: (_judge_feature,)),
    # Lesson 04: weight space
    Exercise("04.1", "Exercise 1: which planes",
             (Field("my_wrong", "the patterns W = [0.5 -1 1] gets wrong", "subset", "compute W·X_k = w0 + w1 x1 + w2 x2 for each of the four "
                    "patterns. A pattern with target 1 is wrong where W·X_k ≤ 0, one with target 0 where W·X_k > 0.",
                    options=_PATTERNS),),
             lambda: (_wrong_at_point(),)),
    Exercise("04.2", "Exercise 2: wrong on X2 alone",
             (Field("my_w", "W", "weights", "its line must leave X1 and X2 on the negative side, X3 and X4 on the "
                    "positive one.", length=3, claim="gets exactly X2 of OR wrong"),),
             lambda: (_boolean_weights(_or()[0], [0, 0, 1, 1]),)),
    Exercise("04.3", "Exercise 3: counting regions",
             (_count("my_lines", "regions of 5 lines", "Q(N, 2) = 1 + N + N(N − 1)/2, the number of ways to "
                     "choose none, one or two of the N lines; for four lines that is 1 + 4 + 6 = 11.", minimum=0),
              _count("my_planes", "regions of 6 planes", "in 3-D the sum has one more term, the ways to choose "
                     "three of the N planes, N(N − 1)(N − 2)/6: Q(N, 3) = 1 + N + N(N − 1)/2 + N(N − 1)(N − 2)/6.",
                     minimum=0)),
             lambda: (regions(5, 2), regions(6, 3)), _solved_04_3),
    Exercise("04.4", "Exercise 4: a fractional correction",
             (Field("my_corrected", "W", "vector", "the fractional rule adds λ·|W·X4| / (X4·X4) times X4 (added, "
                    "since X4 is positive). Compute W·X4 and X4·X4 first.", length=3, tolerance=1e-6,
                    claim="after the correction"),),
             lambda: (_corrected(),), _solved_04_4),
    # Lesson 05: the convergence theorem
    Exercise("05.1", "Exercise 1: R, γ and the bound for AND",
             (Field("my_R", "R", "number", "R is the length of the longest of [1 0 0], [1 0 1], [1 1 0] and [1 1 1].",
                    tolerance=1e-3, relative=2e-3),
              Field("my_gamma", "γ", "number", "first the smallest W*·Z_k: W*·X_k for each pattern, with the sign "
                    "flipped for target 0, and the smallest of the four; then divide by ‖W*‖.",
                    tolerance=1e-3, relative=2e-3),
              Field("my_bound", "(R/γ)²", "number", "divide your R by your γ and square the result.", relative=0.01)),
             _and_bound, _solved_05_1),
    Exercise("05.2", "Exercise 2: halve the margin",
             (Field("my_bound_value", "(R/γ)²", "number", "divide R by γ first, then square.", relative=1e-5),
              Field("my_factor", "the factor", "number", "for the factor, work out the bound again with γ = 0.05 and "
                    "divide.", relative=1e-5)),
             lambda: ((2 / 0.1) ** 2, (2 / 0.05) ** 2 / (2 / 0.1) ** 2), _solved_05_2),
    Exercise("05.3", "Exercise 3: tiny numbers and Honavar's bound",
             (Field("my_breaks_honavar", "breaks Honavar's bound", "choice", "reread the end of section 2. Which run "
                    "does each form of the bound count?", options=_TRUE_FALSE),),
             lambda: (bool((lambda run, bound: run.n_updates > bound)(*_tiny())),), _solved_05_3),
    Exercise("05.4", "Exercise 4: ten times the size",
             (_count("my_updates_x10", "updates", "start from W = 0 and present [1 0 0], [1 0 10], [1 10 0], "
                     "[1 10 10] in turn, as lesson 02 did for OR. Does any W·X get a different sign from the one it "
                     "had there?", minimum=0),),
             lambda: (train(10 * _or()[0], _or()[1]).n_updates,), _solved_05_4),
    # Lesson 06: gradient descent
    Exercise("06.1", "Exercise 1: one gradient step",
             (Field("my_w", "W", "vector", "on the wrong side the term −y W·X has gradient −y X, with X2 = [1 0 1] "
                    "(bias first). Step against it.", length=3, tolerance=1e-9,
                    claim="after one gradient step from W = 0 on X2's term, with η = 1"),),
             lambda: (_gradient_step(),),
             lambda: "It is the perceptron's update W + η y X2, the step section 1 found at OR's updates on the plane."),
    Exercise("06.2", "Exercise 2: the update with four weights",
             (Field("my_next_w", "W", "vector", "first W·X with X = [1 0 1 0] (bias input first) to get the output o; "
                    "then add (c − o) X.", length=4, tolerance=1e-9, claim="after the update"),),
             lambda: (_next_w([0, 1, 0]),),
             lambda: (f"w1 and w3 did not move: their inputs were 0. Written ±1, the same pattern (−1, 1, −1) moves all "
                      f"four: W = {format_vector(np.array(_next_w([-1, 1, -1])))}.")),
    # Lesson 07: sigmoid units
    Exercise("07.1", "Exercise 1: the best β",
             (Field("my_beta", "β", "number", "β_opt · W·X is the same number for every W·X (section 1). Which one?",
                    tolerance=0.01, claim="gives the pattern with W·X = 4 its largest step, to 0.01"),),
             lambda: (beta_opt(4.0),), _solved_07_1),
    Exercise("07.2", "Exercise 2: one step by hand",
             (Field("my_step", "Δw", "number", "Δw = β (c − f(β W·X)) f′(β W·X) x_i; here β = 1, W·X = 2, c = 1, "
                    "x_i = 1, and f′ = f (1 − f).", tolerance=0.00015,
                    hints=(("near", 0.001, "close, but give three significant digits (0.0…), not three decimals."),),
                    claim="is the step of the pattern with W·X = 2 at β = 1, to three significant digits"),),
             lambda: (weight_change(1.0, 2.0),), _solved_07_2),
    # Lesson 08: capacity
    Exercise("08.1", "Exercise 1: Cover's count by hand",
             (_count("my_count", "C(10, 4)", "C(N, d) = 2 · Σ binom(N − 1, i) over i = 0 … d − 1, with "
                     "N = 10 points and d = 4 weights.", minimum=0, maximum=1024,
                     hints=(("equals", 1024, "with more points than weights (N > d) some labellings are always lost."),),
                     claim="labellings of the 1,024 (Cover's count for 10 points and 4 weights)"),),
             lambda: (separable_dichotomies(10, 4),)),
    Exercise("08.2", "Exercise 2: the hardest number of inputs",
             (_count("my_p", "p", "section 5 relates the hardest p to N.", minimum=1, maximum=200,
                     relative=0.1, hints=(("below", None, "N_min(200, p) still grows when p grows past yours. Section 5 "
                                           "relates the hardest p to N."),
                                          ("above", None, "N_min(200, p) already falls before p reaches yours. Section 5 "
                                           "relates the hardest p to N.")),
                     claim="is within 10% of the number of inputs with the most minima for N = 200"),),
             lambda: (n_min_peak(200),)),
    Exercise("08.3", "Exercise 3: which are separable",
             (Field("my_separable", "the separable functions", "subset", "check each function. For one you list, find weights and a "
                    "threshold; for one you leave out, find two positive corners whose sum is the sum of two negative "
                    "ones.", options=tuple((k, str(k)) for k in range(1, 5)),
                    claim="are the separable ones"),),
             lambda: (_separable_of_four(),)),
    # Lesson 09: beyond two classes
    Exercise("09.1", "Exercise 1: a binary code for ten digits",
             (Field("my_binary", "units and outputs that are no code", "vector", "M units, each −1 or +1, can give "
                    "2^M different outputs, and M must be large enough for ten of them to be codes.", length=2),),
             lambda: (_binary_code(),)),
    Exercise("09.2", "Exercise 2: W from the dual run",
             (Field("my_w", "W", "vector", "add up α_k y_k X_k, with X_k = (1, x_1, x_2) (x_0 = 1 first) and y_k = +1 "
                    "when c_k = 1, −1 when c_k = 0.", length=3, claim="for AND"),),
             lambda: (_and_weights(),)),
    Exercise("09.3", "Exercise 3: the degree for parity",
             (_count("my_degree", "degree", "degree 2 learned XOR of two inputs through the product x_1 x_2 "
                     "(section 5): which product tells whether an odd number of three inputs are 1?",
                     minimum=1, maximum=10,
                     hints=(("below", None, "with that degree the run cycles. Degree 2 learned XOR of two inputs "
                                            "through the product x_1 x_2 (section 5): which product tells whether an "
                                            "odd number of three inputs are 1?"),
                            ("above", None, "with that degree the run converges, but a smaller degree is enough too.")),
                     claim="is the smallest that learns the parity of three inputs"),),
             lambda: (_smallest_degree(),), _solved_09_3),
)
BY_KEY = {exercise.key: exercise for exercise in EXERCISES}


def exercise(key):
    """The exercise declared under `key` ("05.1"); a ValueError names the keys there are."""
    if not isinstance(key, str):
        raise TypeError(f"key must be a string such as '05.1'; got {type(key).__name__}")
    if key not in BY_KEY:
        raise ValueError(f"key must be one of the exercises' keys ({', '.join(BY_KEY)}); got {key!r}")
    return BY_KEY[key]


@functools.lru_cache(maxsize=None)
def answers(key):
    """The right answers of exercise `key`, one per field, computed by the package (once per session)."""
    return tuple(exercise(key).answers())


@functools.lru_cache(maxsize=None)
def solved_text(key):
    """What exercise `key` says once every answer is right ("" if nothing)."""
    made = exercise(key).solved
    return made() if made is not None else ""


# ---------------------------------------------------------------------------------------------------------------
# Reading an answer: its value, or what form is asked
# ---------------------------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------------------------
# The verdict
# ---------------------------------------------------------------------------------------------------------------


def verdict(key, *values, right=None):
    """The verdict on answers `values` (one per field, in order) to exercise `key`.

    Parameters
    ----------
    key : str
        The exercise, "05.1".
    *values : object
        What the student gave, one per field (None where nothing yet).
    right : tuple, optional
        The right answers, one per field, as `answers` gives them; by default computed by the package.
        nbgrader's hidden tests pass them as written in the test, so that grading computes nothing
        (not even what a solved exercise says: its verdict's message is then empty).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> verdict("05.1", 1.732, 0.243, 50.80).marks
    (True, True, True)
    >>> verdict("05.1", 1.732, 0.3, 50.80).message
    'first the smallest W*·Z_k: W*·X_k for each pattern, with the sign flipped for target 0, and the smallest of the four; then divide by ‖W*‖.'
    >>> verdict("05.1", 1.732, None, 50.80).status
    'missing'
    >>> verdict("05.1", "1.732", 0.243, 50.80)
    Verdict(status='form', marks=(), message='R should be a number, like 0.5.', field='my_R')
    """
    ex = exercise(key)
    ready = form_verdict(key, *values)
    if ready.status != "ready":
        return ready
    read_values = [read(f, value)[0] for f, value in zip(ex.fields, values)]
    right_answers = answers(key) if right is None else tuple(right)
    if len(right_answers) != len(ex.fields):
        raise ValueError(f"right must hold {len(ex.fields)} answers, one per field of exercise {key}; "
                         f"got {len(right_answers)}")
    marks, hints = [], []
    for f, value, answer in zip(ex.fields, read_values, right_answers):
        if f.kind == "code":
            ok, said = answer(value)
            if ok is None:
                return Verdict("form", message=said, field=f.name)
            marks.append(bool(ok))
            hints.append(said)
        else:
            marks.append(is_right(f, value, answer))
            hints.append(None if marks[-1] else hint_for(f, value, answer))
    if all(marks):
        return Verdict("solved", tuple(marks), solved_text(key) if right is None else "")
    first = marks.index(False)
    return Verdict("wrong", tuple(marks), hints[first], ex.fields[first].name)


def form_verdict(key, *values):
    """The verdict on the form alone: "missing" or "form" as `verdict` says, else "ready" (nothing compared).

    An nbgrader assignment's public test: it tells a student whether an answer will be read, not whether
    it is right.

    Examples
    --------
    >>> form_verdict("05.1", 1.732, 0.3, 50.80).status
    'ready'
    >>> form_verdict("05.1", 1.732, [0.3], 50.80).message
    'γ should be a number, like 0.5.'
    """
    ex = exercise(key)
    if len(values) != len(ex.fields):
        raise TypeError(f"exercise {key} asks for {len(ex.fields)} answers ({', '.join(ex.names)}); got {len(values)}")
    for f, value in zip(ex.fields, values):
        if value is None:
            return Verdict("missing", message=f"Put your answer ({f.name}) in the cell above first, then run this cell again.",
                           field=f.name)
    for f, value in zip(ex.fields, values):
        problem = read(f, value)[1] if f.kind != "code" else (None if callable(value) else form_sentence(f))
        if problem:
            return Verdict("form", message=problem, field=f.name)
    return Verdict("ready")


def check(key, *values):
    """Check a student's answers to exercise `key`, and print the verdict in words: ✓ or ✗ per answer and a hint.

    Any input gets a sentence, never a traceback: None asks for an answer, the wrong form says which form.
    The lesson's check cell is one call, ``check("05.1", my_R, my_gamma, my_bound)``.

    Parameters
    ----------
    key : str
        The exercise, "05.1" for lesson 05's exercise 1.
    *values : object
        The student's answers, in the order the exercise names them.

    Examples
    --------
    >>> check("08.1", 260)
    ✓ C(10, 4) = 260 labellings of the 1,024 (Cover's count for 10 points and 4 weights)
    >>> check("08.1", 1024)
    ✗ C(10, 4) = 1024 labellings of the 1,024 (Cover's count for 10 points and 4 weights)
    Not yet: with more points than weights (N > d) some labellings are always lost.
    >>> check("08.1", "260")
    Not yet: C(10, 4) should be a whole number written in digits.
    """
    found = verdict(key, *values)
    print(_said(key, values, found))


def _said(key, values, found):
    """The verdict `found` on `values` as the check cell prints it."""
    ex = exercise(key)
    if found.status == "missing":
        return found.message
    if found.status == "form":
        return "Not yet: " + found.message
    lines = []
    for f, value, ok in zip(ex.fields, values, found.marks):
        words = f"{f.label} {f.claim}" if f.kind == "code" else f"{f.label} = {shown_answer(f, read(f, value)[0])} {f.claim}"
        lines.append(f"{'✓' if ok else '✗'} {words.strip()}")
    if found.status == "wrong":
        lines.append("Not yet: " + found.message)
    elif found.message:
        lines.append(found.message)
    return "\n".join(lines)


def page_data(key):
    """Exercise `key` as the page's script reads it (JSON-ready): fields, their rules, answers and texts.

    The page is for practice, so its data holds the answers; marks come from nbgrader's hidden tests.
    A code exercise carries no answer: the page says so and links the live lesson.
    """
    ex = exercise(key)
    right = answers(key)
    fields = []
    for f, answer in zip(ex.fields, right):
        item = {"name": f.name, "label": f.label, "kind": f.kind, "hint": f.hint, "claim": f.claim,
                "form": form_sentence(f), "whole": f.whole, "minimum": f.minimum, "maximum": f.maximum,
                "tolerance": f.tolerance, "relative": f.relative, "length": f.length,
                "options": [[_json(option), label] for option, label in f.options],
                "hints": [[condition, parameter, text] for condition, parameter, text in f.hints]}
        if f.kind in ("vector", "weights"):
            item["example"] = example(f.length)
        if f.kind == "weights":
            item["patterns"], item["targets"] = answer[0], list(answer[1])
        elif f.kind == "subset":
            item["answer"] = [_json(option) for option in answer]
        elif f.kind != "code":
            item["answer"] = _json(answer)
        fields.append(item)
    return {"key": ex.key, "title": ex.title, "points": ex.points, "fields": fields,
            "solved": solved_text(key) if ex.on_page else ""}


def _json(value):
    if isinstance(value, (tuple, list, np.ndarray)):
        return [_json(v) for v in value]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (np.floating,)):
        return float(value)
    return value
