"""Bad input: the scikit-learn estimators (estimators.py).

Their parameters are declared as scikit-learn declares its own (`_parameter_constraints`), and a bad one
gets scikit-learn's InvalidParameterError at fit (tests/test_estimators.py runs scikit-learn's
check_param_validation; that error is both a ValueError and a TypeError, so it is tested there, not in
this table). Here: what the learner behind fit refuses, with its own message, and the patterns X that
scikit-learn's validate_data refuses, with scikit-learn's.
"""
import numpy as np
import pytest

import perceptron_lib as pl
from perceptron_lib.estimators import KernelPerceptron, Perceptron, VotedPerceptron
from perceptron_lib.core.rule import rule_names

from bad_input import case, check, ids

OR = pl.boolean_function("or")
FITTED = {kind.__name__: kind().fit(*OR) for kind in (Perceptron, VotedPerceptron, KernelPerceptron)}
NAN = [[np.nan, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]

CASES = [
    case("estimators.Perceptron", lambda: Perceptron(rule="absolute", eta=0.5).fit(*OR), ValueError, "eta",
         "rule='fixed'", "eta=0.5"),
    case("estimators.Perceptron", lambda: Perceptron(max_epochs=10**6).fit(*OR), ValueError, "max_epochs",
         "3,000,000 presentations", "max_epochs=1000000"),
    case("estimators.VotedPerceptron", lambda: VotedPerceptron(rule="fractional").fit(*OR), ValueError,
         "X, y and eta", "does not stall", "left W unchanged"),
    case("estimators.KernelPerceptron", lambda: KernelPerceptron(rule=pl.Absolute()).fit(*OR), ValueError,
         "rule must be", rule_names(lambda rule: rule.uses_eta), "rule='absolute'"),
    case("estimators.KernelPerceptron", lambda: KernelPerceptron(max_epochs=10**6).fit(*OR), ValueError,
         "max_epochs", "500,000 presentations", "max_epochs=1000000"),
]
for name in FITTED:
    CASES += [
        case(f"estimators.{name}.fit", lambda name=name: type(FITTED[name])().fit(NAN, OR[1]), ValueError,
             "Input X contains NaN"),
        case(f"estimators.{name}.fit", lambda name=name: type(FITTED[name])().fit(OR[0], OR[1][:3]), ValueError,
             "inconsistent numbers of samples", "[4, 3]"),
        case(f"estimators.{name}.predict", lambda name=name: FITTED[name].predict([[0, 1, 1]]), ValueError,
             "X has 3 features", f"{name} is expecting 2 features"),
        case(f"estimators.{name}.decision_function", lambda name=name: FITTED[name].decision_function(NAN),
             ValueError, "Input X contains NaN"),
    ]


@pytest.mark.parametrize("bad", CASES, ids=ids(CASES))
def test_bad_input_is_refused_with_a_clear_message(bad):
    check(bad)


@pytest.mark.parametrize("name", sorted(FITTED))
def test_an_estimator_not_yet_fitted_says_so(name):
    from sklearn.exceptions import NotFittedError
    with pytest.raises(NotFittedError, match=f"This {name} instance is not fitted yet"):
        type(FITTED[name])().predict(OR[0])
