"""The perceptron family as scikit-learn estimators: the package's learners behind fit, predict and score.

`Perceptron` runs `train` (two classes) or `train_layer` (one unit per class, one against the rest),
`VotedPerceptron` runs `voted_perceptron` and `KernelPerceptron` runs `train_kernel`: no rule is
written here, so an estimator's weights, mistakes and status are those of the learner it wraps, to
the last bit. What this module adds is scikit-learn's contract (Buitinck et al., "API design for
machine learning software: experiences from the scikit-learn project", ECML PKDD workshop, 2013;
scikit-learn's guide "Developing scikit-learn estimators"): parameters stored by ``__init__`` and
checked at fit (`_parameter_constraints`, scikit-learn's InvalidParameterError naming the
parameter), X and y checked by scikit-learn's `validate_data`, labels of any kind mapped to the
package's, fitted attributes ending in ``_``, and so Pipeline, cross_val_score, GridSearchCV,
clone and pickle.

This is the one module of the package that imports scikit-learn at its top, as its base classes
require: ``import perceptron_lib`` does not import it, and ``pl.Perceptron`` (the package's
``__getattr__``) imports it at first use.
"""
from numbers import Integral, Real

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, _fit_context
from sklearn.utils._param_validation import Interval, StrOptions
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from .theory.kernels import KERNELS, MAX_DEGREE, train_kernel
from .theory.multiclass import class_codes, CODES, decode, train_layer
from .core.rule import ORDERS, RULES, Rule
from .core.training import net_inputs, output, train
from .theory.voted import Voted, voted_perceptron

# The constraints the three estimators share (scikit-learn's declarations, checked at fit)
ORDER = [StrOptions(set(ORDERS))]
SEED = [Interval(Integral, 0, None, closed="left"), None]
EPOCHS = [Interval(Integral, 1, None, closed="left")]
RATE = Interval(Real, 0, None, closed="neither")


class _RunEstimator(ClassifierMixin, BaseEstimator):
    """What the three estimators share: X and y read as scikit-learn reads them, the classes, the run's ending.

    A subclass says how it learns (`_learn`), what its units compute (`_nets`) and which class each pattern
    gets (`_class_numbers`); fit, decision_function and predict are written here once.
    """

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y):
        """Train on patterns X and their classes y (the class's docstring says how); returns the estimator.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The patterns, without the bias input.
        y : array-like of shape (n_samples,)
            Classes of any kind (numbers, strings), at least two.

        Returns
        -------
        self
        """
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        classes, numbers = np.unique(y, return_inverse=True)
        if len(classes) < 2:
            raise ValueError(f"y must hold at least two classes, got 1 class ({classes.tolist()[0]!r}): a "
                             "perceptron learns to tell classes apart")
        self.status_, n_iter, n_updates = self._learn(X, classes, numbers)
        self.classes_, self.n_iter_, self.n_updates_ = classes, int(n_iter), int(n_updates)
        return self

    def decision_function(self, X):
        """What the units compute on patterns X, the same on every machine (the class's docstring says what).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Patterns, without the bias input.

        Returns
        -------
        ndarray of shape (n_samples,) or (n_samples, n_units)
            For two classes one number per pattern, > 0 meaning classes_[1];
            for more, one column per unit: per class with the one-hot code.
        """
        nets = self._nets(self._new_patterns(X))
        return nets[:, 0] if nets.ndim == 2 and len(self.classes_) == 2 else nets

    def predict(self, X):
        """The class of each pattern, as the learner behind the estimator decides it.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Patterns, without the bias input.

        Returns
        -------
        ndarray of shape (n_samples,)
            Elements of classes_; for two classes, classes_[1] where the
            decision function is > 0, classes_[0] elsewhere.
        """
        X = self._new_patterns(X)   # first: an unfitted estimator says so
        return self.classes_[self._class_numbers(X)]

    def _new_patterns(self, X):
        """X to predict on: the fitted estimator's number of features, finite floats (scikit-learn's messages)."""
        check_is_fitted(self)
        return validate_data(self, X, reset=False, dtype=np.float64)

    def _seed(self):
        """The seed the learner takes: only a random order draws (see `seed` in the docstrings)."""
        return self.seed if self.order == "random" else None

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.non_deterministic = self.order == "random" and self.seed is None
        return tags


class Perceptron(_RunEstimator):
    """The perceptron as a scikit-learn classifier: `train` for two classes, `train_layer` for more.

    Two classes are read as the targets y = -1 (classes_[0]) and y = +1
    (classes_[1]) of the mistake-driven rule (Manfredi 2021; Stensbo-Smidt
    2015): a pattern is corrected when y·(W·X) <= 0 (or as `rule` says),
    W <- W + eta y X, with the bias as the weight of an input x0 = 1. K > 2
    classes train one unit per class, unit k told +1 for class k and -1 for
    the others (`train_layer` with code="one-hot", as lesson 09 does); a
    pattern goes to the class whose code the outputs are, else to the unit
    with the largest net (`decode`). decision_function gives each unit's net
    W·X (`net_inputs`), and predict the unit's output (`output`) or the
    units' outputs decoded. Every run ends: converged, cycling, stalled or at
    max_epochs, as `status_` says.

    With rule="fixed" the weights are scikit-learn's
    ``Perceptron(shuffle=False, eta0=eta, alpha=0, tol=None,
    max_iter=max_epochs)`` bit for bit, as long as no net W·X of the run
    lies so close to 0 that the two orders of summation put it on different
    sides of 0: both add the same product (eta y) x_j to w_j, pattern after
    pattern, but scikit-learn adds the bias weight after the sum of the
    w_j x_j, where `train` adds it first (w0 x0 + w1 x1 + ...). On integer
    data with eta = 1 (the digits) every sum is exact, and the two agree
    always. `train` stops at convergence, where scikit-learn goes on without
    a mistake; it also stops at a cycle's first repeat, where scikit-learn
    goes on around the cycle to max_iter.

    Parameters
    ----------
    rule : str or Rule, default "fixed"
        The learning rule, as in `train`: the name of a package rule (a key
        of `perceptron_lib.core.rule.RULES`), or a `Rule` with its parameters
        (``pl.Margin(1)``, ``pl.Fractional(0.5)``, a subclass of one's own).
    eta : float or callable, default 1.0
        The learning rate, > 0, or a function of the update count, as in
        `train`; only for the rules whose step it is (``Rule.uses_eta``).
    order : {"cyclic", "random"}, default "cyclic"
        The presentation order, as in `train`: X[0], X[1], ... every pass, or
        a fresh random permutation each pass.
    seed : int or None, default None
        Seed of the random order, a whole number >= 0. Only order="random"
        draws anything, so with cyclic order the seed is not used (as
        scikit-learn's estimators leave random_state unused where nothing is
        random), and a grid may cross orders and seeds.
    max_epochs : int, default 100
        The most passes through the data, >= 1; max_epochs * n_samples (times
        the number of classes, for more than two) is bounded so that a fit
        ends in seconds (see `train` and `train_layer`).

    Attributes
    ----------
    coef_ : ndarray of shape (1, n_features) or (n_classes, n_features)
        The weights w1, ..., wn of the unit, or of each class's unit.
    intercept_ : ndarray of shape (1,) or (n_classes,)
        The bias weights w0.
    classes_ : ndarray of shape (n_classes,)
        The classes, sorted; classes_[0] is the negative label (-1) and
        classes_[1] the positive one (+1) of a two-class problem.
    n_features_in_ : int
        The number of features seen by fit.
    feature_names_in_ : ndarray of shape (n_features_in_,)
        The features' names, when X has them as strings (a pandas DataFrame).
    status_ : {"converged", "cycling", "stalled", "max_epochs"}
        How the run ended, in the package's words (`train`): for several
        units, "converged" if every unit did, else the first other ending.
    n_iter_ : int
        Passes through the data the run made (the most any unit made).
    n_updates_ : int
        Corrections of the weights (mistakes), all units together.

    See Also
    --------
    train, train_layer : the runs behind fit.
    VotedPerceptron, KernelPerceptron : the other estimators of the family.

    Examples
    --------
    Lesson 02's OR with labels -1/+1, then four classes with the margin rule:

    >>> import perceptron_lib as pl
    >>> X, y = pl.boolean_function("or", signed=True)
    >>> model = pl.Perceptron().fit(X, y)
    >>> model.status_, model.n_updates_, model.intercept_.tolist(), model.coef_.tolist()
    ('converged', 9, [-1.0], [[2.0, 2.0]])
    >>> model.predict([[0, 0], [0, 1]]).tolist()
    [-1, 1]
    >>> X3, classes = pl.corner_clusters(2, n_per_class=10, seed=0)
    >>> names = np.array(["north", "east", "south", "west"])[classes]
    >>> layer = pl.Perceptron(rule=pl.Margin(1)).fit(X3, names)
    >>> layer.classes_.tolist(), layer.coef_.shape, layer.score(X3, names)
    (['east', 'north', 'south', 'west'], (4, 2), 1.0)
    """

    _parameter_constraints = {"rule": [StrOptions(set(RULES)), Rule], "eta": [RATE, callable],
                              "order": ORDER, "seed": SEED, "max_epochs": EPOCHS}

    def __init__(self, *, rule="fixed", eta=1.0, order="cyclic", seed=None, max_epochs=100):
        self.rule = rule
        self.eta = eta
        self.order = order
        self.seed = seed
        self.max_epochs = max_epochs

    def _learn(self, X, classes, numbers):
        options = dict(eta=self.eta, order=self.order, seed=self._seed(), max_epochs=self.max_epochs, rule=self.rule)
        if len(classes) == 2:
            run = train(X, np.where(numbers == 1, 1, -1), record=False, **options)
            weights, units, status = run.final_weights[None, :], [run], run.status
        else:
            layer = train_layer(X, numbers, code="one-hot", **options)
            weights, units, status = layer.final_weights, layer.units, layer.status
        self.coef_, self.intercept_ = np.ascontiguousarray(weights[:, 1:]), weights[:, 0].copy()
        return status, max(unit.n_epochs for unit in units), sum(unit.n_updates for unit in units)

    def _nets(self, X):
        return net_inputs(self._weights(), X)

    def _class_numbers(self, X):
        if len(self.classes_) == 2:
            return output(self._weights()[0], X)
        return decode(net_inputs(self._weights(), X), class_codes(len(self.classes_)))[0]

    def _weights(self):
        """One row [w0, w1, ..., wn] per unit, as the package writes weights."""
        return np.column_stack([self.intercept_, self.coef_])


class VotedPerceptron(_RunEstimator):
    """The voted (or averaged) perceptron of Freund & Schapire (1999) as a scikit-learn classifier, two classes.

    Fit runs `voted_perceptron` for `epochs` passes on the targets y = -1
    (classes_[0]) and +1 (classes_[1]): every weight vector of the run, with
    the number of presentations it lasted. predict lets them vote
    (`Voted.predict`), or with ``average=True`` uses their weighted mean
    (`Voted.predict_averaged`, Freund & Schapire's "average"). Manfredi (2021,
    summary) names both as a way out for data no line separates.
    decision_function gives the number whose sign predict reads
    (`Voted.decision`): the vote sum_i c_i s_i(x), a whole number, or with
    average=True the net of sum_i c_i v_i (the averaged weights' net times
    sum_i c_i, exact in sign on integer data). For more than two classes use
    `Perceptron` or `KernelPerceptron`.

    Parameters
    ----------
    epochs : int, default 10
        The passes T through the data, >= 1 (see `voted_perceptron`).
    eta : float, default 1.0
        The learning rate, > 0 (the rules whose step it is).
    order : {"cyclic", "random"}, default "cyclic"
        The presentation order, as in `train`: X[0], X[1], ... every pass, or
        a fresh random permutation each pass.
    seed : int or None, default None
        Seed of the random order, a whole number >= 0. Only order="random"
        draws anything, so with cyclic order the seed is not used (as
        scikit-learn's estimators leave random_state unused where nothing is
        random), and a grid may cross orders and seeds.
    rule : str or Rule, default "fixed"
        The learning rule of the run, as in `train`.
    average : bool, default False
        Predict with the averaged weights instead of the vote.

    Attributes
    ----------
    vectors_ : ndarray of shape (k, n_features + 1)
        The weight vectors [w0, w1, ..., wn] of the run (`Voted.vectors`).
    counts_ : ndarray of shape (k,)
        How many presentations each lasted (`Voted.counts`).
    coef_ : ndarray of shape (1, n_features)
        The averaged perceptron's weights w1, ..., wn (`Voted.averaged_weights`).
    intercept_ : ndarray of shape (1,)
        Its bias weight w0.
    classes_ : ndarray of shape (n_classes,)
        The classes, sorted; classes_[0] is the negative label (-1) and
        classes_[1] the positive one (+1) of a two-class problem.
    n_features_in_ : int
        The number of features seen by fit.
    feature_names_in_ : ndarray of shape (n_features_in_,)
        The features' names, when X has them as strings (a pandas DataFrame).
    status_ : {"converged", "cycling", "stalled", "max_epochs"}
        How the run ended, in the package's words (`train`): for several
        units, "converged" if every unit did, else the first other ending.
    n_iter_ : int
        Passes through the data the run made (the most any unit made).
    n_updates_ : int
        Corrections of the weights (mistakes), all units together.

    Examples
    --------
    XOR, which cycles: four vectors vote, each as long as the others, and two
    of the patterns get a tied vote, which goes to classes_[0]:

    >>> import perceptron_lib as pl
    >>> X, y = pl.boolean_function("xor", signed=True)
    >>> model = pl.VotedPerceptron(epochs=100).fit(X, y)
    >>> model.status_, model.counts_.tolist(), model.decision_function(X).tolist()
    ('cycling', [100, 100, 100, 100], [-200, 0, -200, 0])
    >>> model.predict(X).tolist(), model.score(X, y)
    ([-1, -1, -1, -1], 0.5)
    >>> pl.VotedPerceptron(epochs=100, average=True).fit(X, y).coef_.tolist()
    [[0.25, 0.5]]
    """

    _parameter_constraints = {"epochs": EPOCHS, "eta": [RATE], "order": ORDER, "seed": SEED,
                              "rule": [StrOptions(set(RULES)), Rule], "average": ["boolean"]}

    def __init__(self, *, epochs=10, eta=1.0, order="cyclic", seed=None, rule="fixed", average=False):
        self.epochs = epochs
        self.eta = eta
        self.order = order
        self.seed = seed
        self.rule = rule
        self.average = average

    def _learn(self, X, classes, numbers):
        if len(classes) > 2:
            raise ValueError(f"Only binary classification is supported. The type of the target is multiclass: y "
                             f"holds {len(classes)} classes, and the voted perceptron tells two apart (use "
                             "Perceptron or KernelPerceptron for more)")
        voted = voted_perceptron(X, np.where(numbers == 1, 1, -1), epochs=self.epochs, eta=self.eta,
                                 order=self.order, seed=self._seed(), labels="-1/+1", rule=self.rule)
        self.vectors_, self.counts_ = voted.vectors, voted.counts
        averaged = voted.averaged_weights()
        self.coef_, self.intercept_ = averaged[None, 1:], averaged[:1]
        return voted.trace.status, voted.trace.n_epochs, voted.trace.n_updates

    def _nets(self, X):
        return self._voted().decision(X, averaged=self.average)

    def _class_numbers(self, X):
        voted = self._voted()
        return ((voted.predict_averaged(X) if self.average else voted.predict(X)) == 1).astype(np.int64)

    def _voted(self):
        """The fitted vectors and counts as the package's `Voted` (without the run's trace, which it needs not)."""
        return Voted(vectors=self.vectors_, counts=self.counts_, trace=None, labels="-1/+1")

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return tags


class KernelPerceptron(_RunEstimator):
    """The kernel perceptron (the notes' dual form) as a scikit-learn classifier: `train_kernel` behind fit.

    The weights are W = sum_n alpha_n y_n X_n, alpha_n counting the mistakes
    on pattern n, and a kernel stands for the dot product (`kernel_matrix`):
    the notes on the perceptron network (anonymous lecture notes with Matlab
    code) learn handwritten digits so. Two classes train one unit on the
    targets y = -1 (classes_[0]) and +1 (classes_[1]); K > 2 classes train
    one unit per entry of their codes (`class_codes`: one-hot, or binary),
    and the outputs are decoded (`decode`). The run is `train_kernel`'s, its
    results are `run_`: decision_function gives each unit's net
    sum_n alpha_n y_n k(x_n, x) (`KernelRun.decision`), one column per class
    with the one-hot code, one per unit (a bit of the codes, not a class)
    with the binary code; predict is `KernelRun.predict`.

    Parameters
    ----------
    kernel : {"linear", "polynomial", "rbf"}, default "rbf"
        1 + x·z, (1 + x·z)^degree or exp(-gamma ||x - z||^2) (`kernel_matrix`).
    gamma : float, optional
        The RBF kernel's scale (lesson 09's s), > 0 and at most 1e6; by default
        1 / n_features. scikit-learn's SVC calls it gamma too.
    degree : int, default 2
        The polynomial's degree, from 1 to 10.
    code : {"one-hot", "binary"}, default "one-hot"
        The classes' codes when there are more than two: one unit per class,
        or the fewest units that count the classes in binary.
    order : {"cyclic", "random"}, default "cyclic"
        The presentation order, as in `train`: X[0], X[1], ... every pass, or
        a fresh random permutation each pass.
    seed : int or None, default None
        Seed of the random order, a whole number >= 0. Only order="random"
        draws anything, so with cyclic order the seed is not used (as
        scikit-learn's estimators leave random_state unused where nothing is
        random), and a grid may cross orders and seeds.
    max_epochs : int, default 100
        The most passes, >= 1, within `train_kernel`'s bounds (a fit ends in seconds).
    rule : str or Rule, default "fixed"
        The mistake test, of a rule whose step is y X (``Rule.uses_eta``), as
        in `train_kernel`: the perceptron's, or the margin perceptron's
        (``pl.Margin(m)``).

    Attributes
    ----------
    run_ : KernelRun
        The run of `train_kernel`: the training patterns, the mistakes,
        `KernelRun.decision` and `KernelRun.predict`.
    alpha_ : ndarray of shape (n_samples, n_units)
        Mistakes on each training pattern, per unit (``run_.alpha``).
    classes_ : ndarray of shape (n_classes,)
        The classes, sorted; classes_[0] is the negative label (-1) and
        classes_[1] the positive one (+1) of a two-class problem.
    n_features_in_ : int
        The number of features seen by fit.
    feature_names_in_ : ndarray of shape (n_features_in_,)
        The features' names, when X has them as strings (a pandas DataFrame).
    status_ : {"converged", "cycling", "stalled", "max_epochs"}
        How the run ended, in the package's words (`train`): for several
        units, "converged" if every unit did, else the first other ending.
    n_iter_ : int
        Passes through the data the run made (the most any unit made).
    n_updates_ : int
        Corrections of the weights (mistakes), all units together.

    Examples
    --------
    XOR, which no line separates, with a polynomial kernel of degree 2:

    >>> import perceptron_lib as pl
    >>> X, c = pl.boolean_function("xor")
    >>> model = pl.KernelPerceptron(kernel="polynomial").fit(X, c)
    >>> model.status_, model.predict(X).tolist(), model.n_updates_
    ('converged', [0, 1, 1, 0], 21)
    """

    _parameter_constraints = {"kernel": [StrOptions(set(KERNELS))],
                              "gamma": [Interval(Real, 0, 1e6, closed="right"), None],
                              "degree": [Interval(Integral, 1, MAX_DEGREE, closed="both")],
                              "code": [StrOptions(set(CODES))], "order": ORDER, "seed": SEED, "max_epochs": EPOCHS,
                              "rule": [StrOptions({name for name, kind in RULES.items() if kind().uses_eta}), Rule]}

    def __init__(self, *, kernel="rbf", gamma=None, degree=2, code="one-hot", order="cyclic", seed=None,
                 max_epochs=100, rule="fixed"):
        self.kernel = kernel
        self.gamma = gamma
        self.degree = degree
        self.code = code
        self.order = order
        self.seed = seed
        self.max_epochs = max_epochs
        self.rule = rule

    def _learn(self, X, classes, numbers):
        two = len(classes) == 2
        run = train_kernel(X, np.where(numbers == 1, 1, -1) if two else numbers, kernel=self.kernel,
                           gamma=self.gamma, degree=self.degree, code=None if two else self.code, order=self.order,
                           seed=self._seed(), max_epochs=self.max_epochs, rule=self.rule)
        self.run_, self.alpha_ = run, run.alpha
        return run.status, run.n_epochs, run.alpha.sum()

    def _nets(self, X):
        return self.run_.decision(X)

    def _class_numbers(self, X):
        predicted = self.run_.predict(X)
        return (predicted == 1).astype(np.int64) if len(self.classes_) == 2 else predicted
