"""The scikit-learn estimators (estimators.py), proven as scikit-learn proves its own, and equal to the package's runs.

scikit-learn's own checks for every estimator; its Perceptron's weights, bit for bit; the package's learners'
results, exactly; Pipeline, cross-validation, grid search and pickle; scikit-learn's errors for bad parameters.
"""
import os
import pickle
import subprocess
import sys

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.linear_model import Perceptron as ScikitPerceptron
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils._param_validation import InvalidParameterError
from sklearn.utils.estimator_checks import check_param_validation, parametrize_with_checks

import perceptron_lib as pl
from perceptron_lib.estimators import KernelPerceptron, Perceptron, VotedPerceptron

ESTIMATORS = [Perceptron(), VotedPerceptron(), KernelPerceptron()]
RULES = [*pl.core.rule.RULES, pl.Margin(0.5), pl.Fractional(1.5)]   # every package rule by name, and two objects


# ---------------------------------------------------------------- scikit-learn's own checks

# Every check of scikit-learn's suite runs, none is marked as an expected failure. Two skip themselves here,
# each with scikit-learn's own reason: check_classifier_data_not_an_array's pandas part ("pandas is not
# installed": pandas is no dependency of the course), and check_array_api_input ("SCIPY_ARRAY_API is not
# set": scipy reads that variable at its import, so it cannot be set inside this session; the check runs
# below in a process of its own, with the variable set).
@parametrize_with_checks(ESTIMATORS)
def test_scikit_learn_checks(estimator, check):
    check(estimator)


def test_scikit_learn_array_api_check_with_numpy_passes_where_scipy_allows_it():
    script = ("from sklearn.utils.estimator_checks import check_array_api_input\n"
              "from perceptron_lib.estimators import KernelPerceptron, Perceptron, VotedPerceptron\n"
              "for estimator in (Perceptron(), VotedPerceptron(), KernelPerceptron()):\n"
              "    check_array_api_input(type(estimator).__name__, estimator, array_namespace='numpy')\n"
              "print('passed')")
    env = {**os.environ, "SCIPY_ARRAY_API": "1"}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert done.stdout.strip() == "passed", done.stderr


@pytest.mark.parametrize("estimator", ESTIMATORS, ids=lambda e: type(e).__name__)
def test_bad_parameters_get_scikit_learns_error_at_fit_naming_the_parameter(estimator):
    """scikit-learn's check_param_validation (its own estimators' test, not in parametrize_with_checks): every
    parameter has a constraint, and a value of a wrong type or out of range is refused at fit."""
    check_param_validation(type(estimator).__name__, estimator)


@pytest.mark.parametrize("estimator, parameter, value, words", [
    (Perceptron(), "eta", -1.0,
     "'eta' parameter of Perceptron must be a float in the range (0.0, inf) or a callable"),
    (Perceptron(), "rule", "newton", "'rule' parameter of Perceptron must be a str among"),
    (Perceptron(), "max_epochs", 0, "'max_epochs' parameter of Perceptron must be an int in the range [1, inf)"),
    (VotedPerceptron(), "epochs", 1.5, "'epochs' parameter of VotedPerceptron must be an int"),
    (VotedPerceptron(), "average", "yes", "'average' parameter of VotedPerceptron must be an instance of 'bool'"),
    (KernelPerceptron(), "gamma", 0,
     "'gamma' parameter of KernelPerceptron must be a float in the range (0.0, 1000000.0]"),
    (KernelPerceptron(), "degree", 11, "'degree' parameter of KernelPerceptron must be an int in the range [1, 10]"),
    (KernelPerceptron(), "rule", "absolute", "'rule' parameter of KernelPerceptron must be a str among"),
    (KernelPerceptron(), "seed", -1,
     "'seed' parameter of KernelPerceptron must be an int in the range [0, inf) or None"),
])
def test_a_bad_parameter_is_kept_by_init_and_refused_by_fit(estimator, parameter, value, words):
    model = clone(estimator).set_params(**{parameter: value})
    assert model.get_params()[parameter] == value
    with pytest.raises(InvalidParameterError) as info:
        model.fit(*pl.boolean_function("or"))
    assert words in str(info.value)


@pytest.mark.parametrize("make, error, words", [
    (lambda: Perceptron(rule="absolute", eta=0.5), ValueError, "eta is used only by rule='fixed'"),
    (lambda: Perceptron(max_epochs=10**6), ValueError, "max_epochs must keep max_epochs * n_samples within"),
    (lambda: KernelPerceptron(rule=pl.Absolute()), ValueError, "rule must be one whose step is y X"),
    (lambda: KernelPerceptron(max_epochs=10**6), ValueError, "max_epochs must keep max_epochs * n_samples within"),
    (lambda: VotedPerceptron(rule="fractional"), ValueError, "X, y and eta must give a run that does not stall"),
])
def test_what_only_the_learner_can_judge_is_refused_by_it_at_fit(make, error, words):
    """A relation between parameters, or a limit that depends on the data, is the package's check, with its message."""
    with pytest.raises(error, match=words.replace("*", r"\*")):
        make().fit(*pl.boolean_function("or", 3))


def test_the_voted_perceptron_refuses_more_than_two_classes_in_scikit_learns_words():
    X, classes = pl.corner_clusters(2, n_per_class=3)
    with pytest.raises(ValueError, match="Only binary classification is supported. The type of the target is "
                                         "multiclass: y holds 4 classes"):
        VotedPerceptron().fit(X, classes)


def test_one_class_is_refused_naming_y():
    with pytest.raises(ValueError, match=r"y must hold at least two classes, got 1 class \('a'\)"):
        Perceptron().fit([[0.0], [1.0]], ["a", "a"])


# ---------------------------------------------------------------- scikit-learn's Perceptron, bit for bit

def sklearn_order_decides_alike(X, y, run):
    """(nets that differ, decisions that differ) when each net of `run` is summed in scikit-learn's order.

    scikit-learn's SGD adds sum_j w_j x_j first and the bias weight last (p = w.dot(x) + intercept,
    sklearn/linear_model/_sgd_fast.pyx.tp); `train` adds w0 first (w0 x0 + w1 x1 + ..., arithmetic.py).
    """
    differ = flipped = 0
    for k in range(run.n_presentations):
        w, x, target = run.weights[k].tolist(), X[run.pattern[k]].tolist(), y[run.pattern[k]]
        net = 0.0
        for a, b in zip(w[1:], x):
            net += a * b
        net += w[0]
        differ += net != run.net[k]
        flipped += (target * net <= 0) != (target * run.net[k] <= 0)
    return differ, flipped


def test_the_fixed_rule_is_scikit_learns_perceptron_bit_for_bit_on_50_separable_sets():
    """Both correct w_j by the same product (eta y) x_j, in the same order of presentations; they sum the nets in
    other orders, which changes the last bits of many nets here but decides no presentation otherwise (a net
    would have to come within rounding of 0), so the weights agree to the last bit. scikit-learn goes on to
    max_iter after convergence, with no mistake."""
    differing_nets = 0
    for seed in range(50):
        n, d = 20 + 4 * seed, 1 + seed % 6
        X, y, _ = pl.separable_data(n, d, seed=seed, signed=True)
        ours = Perceptron(max_epochs=1000).fit(X, y)
        theirs = ScikitPerceptron(shuffle=False, eta0=1, alpha=0, tol=None, max_iter=1000).fit(X, y)
        assert ours.status_ == "converged", seed
        assert ours.coef_.tobytes() == theirs.coef_.tobytes(), seed
        assert ours.intercept_.tobytes() == theirs.intercept_.tobytes(), seed
        if seed % 10 == 0:
            differ, flipped = sklearn_order_decides_alike(X, y, pl.train(X, y, max_epochs=1000))
            differing_nets += differ
            assert flipped == 0, seed
    assert differing_nets > 0    # the two sums are not the same floats: the agreement is not by construction


def test_the_fixed_rule_is_scikit_learns_perceptron_bit_for_bit_on_the_digits():
    """Ten one-against-the-rest units (scikit-learn's Perceptron trains its classes so, as train_layer with the
    one-hot code does); integer pixels and eta = 1 make every sum exact, whatever its order."""
    X_train, X_test, t_train, t_test = pl.digit_halves()
    ours = Perceptron(max_epochs=10).fit(X_train, t_train)
    theirs = ScikitPerceptron(shuffle=False, eta0=1, alpha=0, tol=None, max_iter=10).fit(X_train, t_train)
    assert ours.status_ == "max_epochs" and ours.n_iter_ == 10    # some digits are not separated in 10 passes
    assert ours.coef_.tobytes() == theirs.coef_.tobytes()
    assert ours.intercept_.tobytes() == theirs.intercept_.tobytes()
    np.testing.assert_array_equal(ours.predict(X_test), theirs.predict(X_test))


# ---------------------------------------------------------------- the package's learners, exactly

def same_trace_ending(model, run):
    assert (model.status_, model.n_iter_, model.n_updates_) == (run.status, run.n_epochs, run.n_updates)


@pytest.mark.parametrize("rule", RULES, ids=str)
@pytest.mark.parametrize("data", ["separable", "xor", "or"])
def test_perceptron_on_two_classes_is_train(rule, data):
    X, y = {"separable": pl.separable_data(30, 3, seed=4, signed=True)[:2],
            "xor": pl.boolean_function("xor", signed=True), "or": pl.boolean_function("or", 3, signed=True)}[data]
    run = pl.train(X, y, rule=rule, max_epochs=50)
    model = Perceptron(rule=rule, max_epochs=50).fit(X, y)
    np.testing.assert_array_equal(np.r_[model.intercept_, model.coef_[0]], run.final_weights)
    same_trace_ending(model, run)
    np.testing.assert_array_equal(model.decision_function(X), pl.net_inputs(run.final_weights, X))


def test_every_ending_of_train_comes_through():
    endings = {Perceptron(rule=rule, max_epochs=10).fit(X, y).status_
               for rule, (X, y) in [("fixed", pl.boolean_function("or", signed=True)),
                                    ("fixed", pl.boolean_function("xor", signed=True)),
                                    ("fractional", pl.boolean_function("or", signed=True)),
                                    ("fixed", pl.separable_data(200, 5, margin=0.0, seed=1, signed=True)[:2])]}
    assert endings == {"converged", "cycling", "stalled", "max_epochs"}


@pytest.mark.parametrize("rule", ["fixed", pl.Margin(1)], ids=str)
def test_perceptron_on_more_classes_is_train_layer_one_hot(rule):
    X, classes = pl.corner_clusters(2, n_per_class=15, spread=0.4, seed=2)
    layer = pl.train_layer(X, classes, code="one-hot", rule=rule, order="random", seed=3)
    model = Perceptron(rule=rule, order="random", seed=3).fit(X, classes)
    np.testing.assert_array_equal(np.column_stack([model.intercept_, model.coef_]), layer.final_weights)
    assert (model.status_, model.n_updates_) == (layer.status, sum(layer.updates()))
    assert model.n_iter_ == max(unit.n_epochs for unit in layer.units)
    np.testing.assert_array_equal(model.predict(X), layer.predict(X)[0])
    np.testing.assert_array_equal(model.predict(X), model.decision_function(X).argmax(axis=1))


def test_labels_of_any_two_values_are_the_negative_and_the_positive_target():
    X, y = pl.separable_data(25, 2, seed=9, signed=True)[:2]
    words = np.where(y == 1, "yes", "no")           # sorted: "no" is classes_[0], the target -1
    for model in (Perceptron(), VotedPerceptron(), KernelPerceptron()):
        signed, named = clone(model).fit(X, y), clone(model).fit(X, words)
        assert named.classes_.tolist() == ["no", "yes"]
        np.testing.assert_array_equal(named.decision_function(X), signed.decision_function(X))
        np.testing.assert_array_equal(named.predict(X), np.where(signed.predict(X) == 1, "yes", "no"))


@pytest.mark.parametrize("average", [False, True])
@pytest.mark.parametrize("data", ["xor", "separable"])
def test_voted_perceptron_is_voted_perceptron(average, data):
    X, y = pl.boolean_function("xor", signed=True) if data == "xor" else pl.separable_data(30, 2, seed=1,
                                                                                             signed=True)[:2]
    voted = pl.voted_perceptron(X, y, epochs=7, order="random", seed=5)
    model = VotedPerceptron(epochs=7, order="random", seed=5, average=average).fit(X, y)
    np.testing.assert_array_equal(model.vectors_, voted.vectors)
    np.testing.assert_array_equal(model.counts_, voted.counts)
    np.testing.assert_array_equal(np.r_[model.intercept_, model.coef_[0]], voted.averaged_weights())
    same_trace_ending(model, voted.trace)
    probe = np.random.default_rng(0).uniform(-2, 2, size=(50, 2))
    expected = voted.predict_averaged(probe) if average else voted.predict(probe)
    np.testing.assert_array_equal(model.predict(probe), expected)
    np.testing.assert_array_equal(model.decision_function(probe) > 0, expected == 1)


@pytest.mark.parametrize("code", ["one-hot", "binary"])
def test_kernel_perceptron_is_train_kernel(code):
    X, classes = pl.corner_clusters(3, n_per_class=6, spread=0.5, seed=1)
    run = pl.train_kernel(X, classes, gamma=2.0, code=code, rule=pl.Margin(0.5))
    model = KernelPerceptron(gamma=2.0, code=code, rule=pl.Margin(0.5)).fit(X, classes)
    np.testing.assert_array_equal(model.alpha_, run.alpha)
    np.testing.assert_array_equal(model.run_.pattern, run.pattern)
    assert (model.status_, model.n_iter_, model.n_updates_) == (run.status, run.n_epochs, int(run.alpha.sum()))
    probe = np.random.default_rng(1).uniform(-1.5, 1.5, size=(40, 3))
    np.testing.assert_array_equal(model.predict(probe), run.predict(probe))
    np.testing.assert_array_equal(model.decision_function(probe), run.decision(probe))


def test_kernel_perceptron_on_two_classes_is_one_unit_of_train_kernel():
    X, y = pl.ring_data(120, seed=3)
    run = pl.train_kernel(X, y, kernel="polynomial", degree=2)
    model = KernelPerceptron(kernel="polynomial", degree=2).fit(X, y)
    np.testing.assert_array_equal(model.alpha_, run.alpha)
    np.testing.assert_array_equal(model.decision_function(X), run.decision(X)[:, 0])
    np.testing.assert_array_equal(model.predict(X), run.predict(X))
    assert model.status_ == run.status == "converged"


# ---------------------------------------------------------------- scikit-learn's tools

def test_a_pipeline_with_a_scaler_scales_then_trains():
    X, classes = pl.corner_clusters(2, n_per_class=20, spread=0.3, seed=0)
    X = X * [100.0, 0.01]
    pipeline = make_pipeline(StandardScaler(), Perceptron()).fit(X, classes)
    alone = Perceptron().fit(StandardScaler().fit_transform(X), classes)
    np.testing.assert_array_equal(pipeline[-1].coef_, alone.coef_)
    assert pipeline.score(X, classes) == alone.score(StandardScaler().fit_transform(X), classes) == 1.0


def test_cross_validation_and_a_grid_search_take_every_estimator():
    X_train, _, t_train, _ = pl.digit_halves()
    X, t = X_train[:300], t_train[:300]
    scores = cross_val_score(KernelPerceptron(gamma=0.001), X, t, cv=3)
    assert scores.shape == (3,) and scores.min() > 0.85
    grid = GridSearchCV(KernelPerceptron(), {"gamma": [0.0001, 0.001, 0.1]}, cv=3).fit(X, t)
    assert grid.best_params_ == {"gamma": 0.001} and grid.best_estimator_.status_ == "converged"
    rules = GridSearchCV(Perceptron(max_epochs=5), {"rule": ["fixed", pl.Margin(100)], "eta": [1.0, 0.5]},
                         cv=3).fit(X[:150], t[:150])
    assert len(rules.cv_results_["params"]) == 4
    voted = GridSearchCV(VotedPerceptron(epochs=3), {"average": [False, True]}, cv=3).fit(X, t == 3)
    assert voted.best_score_ > 0.9


def test_a_pickled_estimator_predicts_as_before():
    X, y = pl.ring_data(80, seed=5)
    for model in (Perceptron(rule="margin"), VotedPerceptron(average=True), KernelPerceptron(gamma=1.0)):
        model.fit(X, y)
        again = pickle.loads(pickle.dumps(model))
        assert again.get_params() == model.get_params()
        np.testing.assert_array_equal(again.predict(X), model.predict(X))
        np.testing.assert_array_equal(again.decision_function(X), model.decision_function(X))


# ---------------------------------------------------------------- light at import

def test_the_package_imports_scikit_learn_only_when_an_estimator_is_asked_for():
    script = ("import sys\nimport perceptron_lib as pl\n"
              "print(any(m.split('.')[0] == 'sklearn' for m in sys.modules), 'Perceptron' in dir(pl))\n"
              "pl.KernelPerceptron\nprint(any(m.split('.')[0] == 'sklearn' for m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True", "True"]
    assert pl.Perceptron is Perceptron and "Perceptron" in pl.__all__
    with pytest.raises(AttributeError, match="has no attribute 'Perceptrons'"):
        pl.Perceptrons
