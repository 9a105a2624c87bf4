"""Bad input for the runs: train, train_many, the Trace, output, the voted perceptron's run, and a student's run
compared with one (answers.py)."""
import re

import numpy as np
import pytest

from perceptron_lib import boolean_function, boolean_patterns, train, train_many
from perceptron_lib.course.answers import read_run, steps_differ
from perceptron_lib.core.rule import rule_names
from perceptron_lib.core.trace import format_number, format_vector
from perceptron_lib.core.training import net_inputs, output

from bad_input import Case, case, check, ids

X2, Y2 = boolean_function("or")
XB = np.stack([boolean_patterns(2)] * 9)
YB = np.stack([boolean_function(name)[1] for name in ("and", "or", "nand", "nor", "xor", "xnor", "or", "and", "or")])
XB = XB.copy()

TRAIN = [
    (dict(X=[[0, 0], [np.nan, 1]], y=[0, 1]), ValueError, r"X must hold finite.*NaN or inf"),
    (dict(X=[[0, 0], [np.inf, 1]], y=[0, 1]), ValueError, r"X must hold finite"),
    (dict(X=[[0, 0], [1]], y=[0, 1]), ValueError, r"X must be a rectangular array.*different lengths"),
    (dict(X=[0, 1, 1], y=[0, 1, 1]), ValueError, r"X must have shape \(n_samples, n_features\), got an array of shape \(3,\) \(for one feature use X.reshape"),
    (dict(X=np.empty((0, 2)), y=[]), ValueError, r"X must hold at least one pattern.*\(0, 2\)"),
    (dict(X=np.empty((3, 0)), y=[0, 1, 1]), ValueError, r"at least one feature.*\(3, 0\)"),
    (dict(X=[["a", "b"]], y=[0]), TypeError, r"X must hold real numbers.*dtype <U1"),
    (dict(X=X2, y=[0, 1, 1]), ValueError, r"y must hold one label per pattern \(4\), got 3 labels"),
    (dict(X=X2, y=[[0, 1, 1, 1]]), ValueError, r"y must have shape \(n_samples,\), got an array of shape \(1, 4\)"),
    (dict(X=X2, y=[0, 1, np.nan, 1]), ValueError, r"y must hold finite numbers, got NaN or inf at \[\[2\]\]"),
    (dict(X=X2, y=[0, 1, 2, 1]), ValueError, r"y must hold labels all in \{0, 1\} or all in \{-1, \+1\}, got the values \[0, 1, 2\]"),
    (dict(X=X2, y=[0, 1, -1, 1]), ValueError, r"got the values \[-1, 0, 1\]"),
    (dict(X=X2, y=["no", "yes", "yes", "yes"]), TypeError, r"y must hold real numbers"),
    (dict(X=X2, y=Y2, eta=0), ValueError, r"eta must be a positive finite number, got 0"),
    (dict(X=X2, y=Y2, eta=-1), ValueError, r"eta must be a positive finite number, got -1"),
    (dict(X=X2, y=Y2, eta=float("nan")), ValueError, r"eta must be a positive finite number, got nan"),
    (dict(X=X2, y=Y2, eta="1"), TypeError, r"eta must be a positive finite number, got '1'"),
    (dict(X=X2, y=Y2, eta=True), TypeError, r"eta must be a positive finite number, got True"),
    (dict(X=X2, y=Y2, max_epochs=0), ValueError, r"max_epochs must be a whole number >= 1, got 0"),
    (dict(X=X2, y=Y2, max_epochs=2.5), TypeError, r"max_epochs must be a whole number >= 1, got 2.5"),
    (dict(X=X2, y=Y2, max_epochs=None), TypeError, r"max_epochs must be a whole number >= 1, got None"),
    (dict(X=X2, y=Y2, initial_weights=[0, 0]), ValueError, r"initial_weights must have shape \(3,\).*got shape \(2,\)"),
    (dict(X=X2, y=Y2, initial_weights=[0, np.nan, 0]), ValueError, r"initial_weights must hold finite"),
    (dict(X=X2, y=Y2, order="shuffled"), ValueError, r"order must be one of 'cyclic', 'random', got 'shuffled'"),
    (dict(X=X2, y=Y2, seed=1), ValueError, r"seed is used only with order='random', got seed=1"),
    (dict(X=X2, y=Y2, order="random", seed=1.5), TypeError, r"seed must be a whole number >= 0 or None, got 1.5"),
    (dict(X=X2, y=Y2, record="yes"), TypeError, r"record must be True or False, got 'yes'"),
]
TRAIN_MANY = [
    (dict(X=[[[0, 0], [1]]], y=[[0, 1]]), ValueError, r"X must be a rectangular array.*different lengths"),
    (dict(X=[[["a", "b"]]], y=[[0]]), TypeError, r"X must hold real numbers.*dtype <U1"),
    (dict(X=XB[0], y=YB[0]), ValueError, r"X must have shape \(n_sets, n_samples, n_features\), got an array "
                                         r"of shape \(4, 2\) \(for one data set use train\(\)"),
    (dict(X=np.empty((0, 4, 2)), y=np.empty((0, 4))), ValueError, r"X must hold at least one data set.*\(0, 4, 2\)"),
    (dict(X=np.empty((3, 4, 0)), y=np.ones((3, 4))), ValueError, r"at least one feature, got shape \(3, 4, 0\)"),
    (dict(X=np.where(np.arange(9)[:, None, None] == 2, np.nan, XB), y=YB), ValueError,
     r"X must hold finite numbers, got NaN or inf at \[\[2, "),
    (dict(X=XB, y=YB[:, :3]), ValueError, r"y must have shape \(n_sets, n_samples\) = \(9, 4\).*got shape \(9, 3\)"),
    (dict(X=XB, y=YB[0]), ValueError, r"y must have shape.*got shape \(4,\)"),
    (dict(X=XB, y=np.where(YB == 1, np.nan, 0)), ValueError, r"y must hold finite numbers, got NaN or inf"),
    (dict(X=XB, y=YB * 2), ValueError,
     r"y must hold labels all in \{0, 1\} or all in \{-1, \+1\}.*got the values \[0, 2\]"),
    (dict(X=XB[:2], y=[[0, 1, 1, 1], [-1, 1, 1, 1]]), ValueError,
     r"one convention for all sets, got the values \[-1, 0, 1\]"),
    (dict(X=XB[:1], y=[["no", "yes", "yes", "yes"]]), TypeError, r"y must hold real numbers"),
    (dict(X=XB, y=YB, eta=0), ValueError, r"eta must be a positive finite number, got 0"),
    (dict(X=XB, y=YB, eta=-1), ValueError, r"eta must be a positive finite number, got -1"),
    (dict(X=XB, y=YB, eta=float("inf")), ValueError, r"eta must be a positive finite number, got inf"),
    (dict(X=XB, y=YB, eta="1"), TypeError, r"eta must be a positive finite number, got '1'"),
    (dict(X=XB, y=YB, eta=True), TypeError, r"eta must be a positive finite number, got True"),
    (dict(X=XB, y=YB, initial_weights=[0, 0]), ValueError,
     r"initial_weights must have shape \(3,\) or \(9, 3\).*got shape \(2,\)"),
    (dict(X=XB, y=YB, initial_weights=np.zeros((8, 3))), ValueError,
     r"initial_weights must have shape.*got shape \(8, 3\)"),
    (dict(X=XB, y=YB, initial_weights=[0, np.nan, 0]), ValueError, r"initial_weights must hold finite numbers"),
    (dict(X=XB, y=YB, initial_weights=["a", "b", "c"]), TypeError, r"initial_weights must hold real numbers"),
    (dict(X=XB, y=YB, order="shuffled"), ValueError, r"order must be one of 'cyclic', 'random', got 'shuffled'"),
    (dict(X=XB, y=YB, order=None), ValueError, r"order must be one of 'cyclic', 'random', got None"),
    (dict(X=XB, y=YB, seeds=range(9)), ValueError, r"seeds is used only with order='random', got seeds=\[0, 1, 2, 3, 4, 5, 6, 7, 8\] "
                                                   r"with order='cyclic'"),
    (dict(X=XB, y=YB, order="random", seeds=3), TypeError, r"seeds must be a sequence of 9 whole numbers \(one per "
                                                           r"set\), got 3"),
    (dict(X=XB, y=YB, order="random", seeds=[1, 2]), ValueError,
     r"seeds must hold one seed per set \(9\), got 2 seeds"),
    (dict(X=XB, y=YB, order="random", seeds=[1.5] * 9), TypeError, r"seeds must be a whole number >= 0 or None, got 1.5"),
    (dict(X=XB, y=YB, order="random", seeds=[True] * 9), TypeError, r"seeds must be a whole number >= 0 or None, got True"),
    (dict(X=XB, y=YB, order="random", seeds=[-1] * 9), ValueError, r"seeds must be a whole number >= 0 or None, got -1"),
    (dict(X=XB, y=YB, max_epochs=0), ValueError, r"max_epochs must be a whole number >= 1, got 0"),
    (dict(X=XB, y=YB, max_epochs=2.5), TypeError, r"max_epochs must be a whole number >= 1, got 2.5"),
    (dict(X=XB, y=YB, max_epochs=None), TypeError, r"max_epochs must be a whole number >= 1, got None"),
]


def _table(name, function, rows):
    return [Case(name, (lambda kwargs=kwargs: function(**kwargs)), error, (re.compile(words),))
            for kwargs, error, words in rows]


CASES = _table("training.train", train, TRAIN) + _table("batch.train_many", train_many, TRAIN_MANY) + [
    case("training.train", lambda: train(X2, Y2, max_epochs=10**7), ValueError,
         "max_epochs must keep max_epochs * n_samples within 3,000,000", "got max_epochs=10000000"),
    case("training.train", lambda: train(X2, Y2, order="random", max_epochs=600_000), ValueError,
         "record=True keeps every presentation", "record=False"),
    case("training.train", lambda: train(X2 * 1e140, Y2, eta=1e150), ValueError,
         "must keep W·X far from overflow", "rescale X"),
    case("training.train", lambda: train(X2 * 1e200, Y2), ValueError, "X must hold numbers of size at most 1e+150"),
    case("training.train", lambda: train(X2, Y2, eta=10**400), ValueError, "eta must be a positive finite number"),
    case("training.train", lambda: train(X2, Y2, rule="fractional", fraction=3), ValueError,
         "fraction must be a finite number > 0 and <= 2, got 3.0"),
    case("training.train", lambda: train(X2, Y2, fraction=0.5), ValueError,
         "fraction is used only by rule='fractional'"),
    case("training.train", lambda: train(X2, Y2, rule="exact"), ValueError,
         f"rule must be one of {rule_names()}, got 'exact'"),
    case("training.train", lambda: train(X2, Y2, eta=lambda k: 0), ValueError,
         "eta(k) must return a positive finite number, got 0 for k=0"),
    case("training.train", lambda: train(X2, Y2, order="random", seed=-2), ValueError,
         "seed must be a whole number >= 0 or None, got -2"),
    case("batch.train_many", lambda: train_many(XB, YB, max_epochs=10**8), ValueError,
         "max_epochs must keep n_sets * max_epochs * n_samples within 2,000,000,000"),
    case("batch.train_many", lambda: train_many(XB * 1e140, YB, eta=1e150), ValueError,
         "must keep W·X far from overflow"),
    case("training.net_inputs", lambda: net_inputs([0, 1], [[0, 1]]), ValueError,
         "weights must have 3 entries per unit", "got shape (2,)"),
    case("training.net_inputs", lambda: net_inputs([0, 1, 1], "x"), TypeError, "X"),
    case("training.output", lambda: output([0, 1], [[0, 1]]), ValueError,
         "weights must have 3 entries per unit", "got shape (2,)"),
    case("training.output", lambda: output([0, 1, np.nan], [[0, 1]]), ValueError, "weights must hold finite"),
    case("training.output", lambda: output([0, 1, 1], [0, 1]), ValueError, "X must have shape (n_samples, n_features)"),
    case("training.output", lambda: output(np.zeros((2, 2, 3)), [[0, 1]]), ValueError,
         "weights must have shape (n_features + 1,) or (n_units, n_features + 1)", "(2, 2, 3)"),
    case("trace.Trace.corrections", lambda: train(X2, Y2).corrections(cycle=True), ValueError, "cycle=True",
         "ended cycling", "'converged'"),
    case("trace.Trace.corrections", lambda: train(X2, Y2).corrections(cycle="yes"), TypeError, "cycle", "'yes'"),
    case("trace.Trace.step_text", lambda: train(X2, Y2).step_text(14), ValueError,
         "k must be a presentation number from 1 to 13, got 14"),
    case("trace.Trace.step_text", lambda: train(X2, Y2).step_text(True), TypeError, "got True"),
    case("trace.Trace.step_text", lambda: train(X2, Y2, record=False).step_text(1), ValueError,
         "step_text needs the per-presentation record", "record=True"),
    # the readers of a student's function: bad input is the lesson author's, not the student's
    case("answers.read_run", lambda: read_run(list, (), 0), ValueError, "width", "from 1 to 1000", "0"),
    case("answers.read_run", lambda: read_run(list, (), 3, what=b"f"), TypeError, "what", "b'f'"),
    case("answers.steps_differ", lambda: steps_differ(np.zeros((1, 3)), [[0, 0, 0]]), TypeError, "trace",
         "a Trace", "list"),
    case("answers.steps_differ", lambda: steps_differ(np.zeros((1, 3)), train(X2, Y2), what=1), TypeError,
         "what", "1"),
    case("trace.Trace.step_summary", lambda: train(X2, Y2).step_summary(14), ValueError,
         "k must be a step from 0 to 13, got 14"),
    case("trace.Trace.step_summary", lambda: train(X2, Y2).step_summary(True), TypeError, "k must be a whole number",
         "got True"),
    case("trace.Trace.step_summary", lambda: train(X2, Y2, record=False).step_summary(1), ValueError,
         "step_summary needs the per-presentation record", "record=True"),
    case("trace.Trace.to_html", lambda: train(X2, Y2).to_html(current=20), ValueError,
         "current must be a whole number from 0 to 13, got 20"),
    case("trace.Trace.to_html", lambda: train(X2, Y2).to_html(rows=(5, 2)), ValueError,
         "rows must be (first, last) with 1 <= first <= last (presentation numbers), got (5, 2)"),
    case("trace.Trace.to_html", lambda: train(X2, Y2).to_html(rows=5), TypeError,
         "rows must be (first, last) with 1 <= first <= last (presentation numbers), got 5"),
    case("trace.Trace.to_html", lambda: train(*boolean_function("xor"), order="random", seed=0,
                                              max_epochs=600).to_html(), ValueError,
         "rows must be given for a run this long", "the run has 2400"),
    case("trace.Trace.to_html", lambda: train(*boolean_function("xor"), order="random", seed=0,
                                              max_epochs=600).to_html(rows=(1, 2500)), ValueError,
         "rows must span at most 2000 presentations, got (1, 2500)"),
    case("trace.format_number", lambda: format_number("1"), TypeError, "value", "'1'"),
    case("trace.format_number", lambda: format_number(float("inf")), ValueError, "value", "inf"),
    case("trace.format_vector", lambda: format_vector([[1, 2]]), ValueError,
         "w must have shape (n,), got an array of shape (1, 2)"),
    case("trace.format_vector", lambda: format_vector(["a"]), TypeError, "w must hold real numbers"),
]


@pytest.mark.parametrize("bad", CASES, ids=ids(CASES))
def test_bad_input_names_the_parameter(bad):
    check(bad)
