"""voted_perceptron(): Freund & Schapire's list of vectors and counts, checked against their loop."""
import numpy as np
import pytest
from hypothesis import example, given, settings, strategies as st

from perceptron_lib import boolean_function, train
from perceptron_lib.core.arithmetic import dot
from perceptron_lib.theory.datasets import separable_data
from perceptron_lib.theory.voted import Voted, voted_perceptron


def reference_voted(X, y, order, eta=1.0):
    """The voted perceptron of Freund & Schapire (1999), written out as a loop.

    A mistake starts a new vector with count 1; a presentation without one adds 1
    to the current vector's count (the start vector is kept only if it got a count).
    Mistakes follow `train`'s rules: Honavar's threshold unit for labels 0/1,
    y W·X <= 0 for labels -1/+1, with W·X added left to right as `train` adds it.
    Returns the vectors, their counts and W after each presentation.
    """
    X = np.hstack([np.ones((len(X), 1)), np.asarray(X, float)])
    signed = -1 in y
    v, c = np.zeros(X.shape[1]), 0
    vectors, counts, history = [], [], []
    for i in order:
        net = dot(v, X[i])
        if signed:
            mistake, step = y[i] * net <= 0, y[i]
        else:
            o = 1 if net > 0 else 0
            mistake, step = o != y[i], y[i] - o
        if mistake:
            if c:
                vectors.append(v)
                counts.append(c)
            v, c = v + eta * step * X[i], 1
        else:
            c += 1
        history.append(v)
    vectors.append(v)
    counts.append(c)
    return np.array(vectors), np.array(counts), np.array(history)


def cyclic(n, epochs):
    return [i for _ in range(epochs) for i in range(n)]


def totals(vectors, counts):
    """How many presentations ended with each distinct vector current."""
    distinct, which = np.unique(vectors, axis=0, return_inverse=True)
    return distinct, np.bincount(which.ravel(), weights=counts).astype(np.int64)


def assert_matches_reference(voted, reference, exact=True):
    """The list of the reference, folded where the run was extended past the trace."""
    vectors, counts, history = reference
    same = np.testing.assert_array_equal if exact else np.testing.assert_allclose
    assert voted.counts.dtype.kind == "i" and voted.counts.sum() == len(history)
    assert (voted.counts >= 1).all()
    assert (voted.vectors[1:] != voted.vectors[:-1]).any(axis=1).all()  # no consecutive repeats
    k = len(voted.vectors)
    same(voted.vectors, vectors[:k])  # the trace's part of the list, in order
    if k == len(vectors):  # nothing folded
        np.testing.assert_array_equal(voted.counts, counts)
    if exact:
        for mine, theirs in zip(totals(voted.vectors, voted.counts), totals(vectors, counts)):
            np.testing.assert_array_equal(mine, theirs)
        np.testing.assert_array_equal(voted.averaged_weights(), history.mean(axis=0))
    else:
        np.testing.assert_allclose(voted.averaged_weights(), history.mean(axis=0), atol=1e-12)


@pytest.mark.parametrize("epochs", [1, 2, 5, 50])
@pytest.mark.parametrize("n_inputs", [2, 3])
@pytest.mark.parametrize("name", ["and", "or", "xor", "xnor"])
@pytest.mark.parametrize("signed", [False, True])
def test_boolean_runs_match_the_freund_schapire_loop_exactly(name, n_inputs, signed, epochs):
    X, y = boolean_function(name, n_inputs, signed=signed)
    voted = voted_perceptron(X, y, epochs=epochs)
    reference = reference_voted(X, y, cyclic(len(X), epochs))
    assert_matches_reference(voted, reference)
    assert voted.labels == voted.trace.labels == ("-1/+1" if signed else "0/1")
    test = np.array(np.meshgrid(*[np.linspace(-1, 2, 7)] * n_inputs)).reshape(n_inputs, -1).T
    np.testing.assert_array_equal(voted.predict(test), reference_predict(*reference[:2], test, signed))


def reference_predict(vectors, counts, X, signed):
    """Freund & Schapire's vote, pattern by pattern; a vector with W·X = 0 votes negative."""
    out = []
    for x in np.hstack([np.ones((len(X), 1)), X]):
        vote = sum(c * (1 if dot(v, x) > 0 else -1) for v, c in zip(vectors, counts))
        out.append(1 if vote > 0 else (-1 if signed else 0))
    return np.array(out)


@pytest.mark.parametrize("epochs", [1, 2, 3, 7, 1000])
@pytest.mark.parametrize("signed", [False, True])
def test_cycle_continues_from_the_trace_by_the_index_formula(signed, epochs):
    """Past the trace, W after p is weights[s - 1 + (p - s + 1) mod L] (s = cycle_start, L = cycle_length)."""
    X, y = boolean_function("xor", signed=signed)
    P = 4 * epochs
    reference = reference_voted(X, y, cyclic(4, epochs))
    history = np.vstack([np.zeros(3), reference[2]])  # row p: W after presentation p
    voted = voted_perceptron(X, y, epochs=epochs)
    run = voted.trace
    assert run.n_presentations <= P  # max_epochs=epochs: the trace never runs past the T passes
    np.testing.assert_array_equal(run.weights, history[: run.n_presentations + 1])
    if run.status == "cycling":
        s, L, N = run.cycle_start, run.cycle_length, run.n_presentations
        for p in range(s - 1, P + 1):
            np.testing.assert_array_equal(history[p], run.weights[s - 1 + (p - s + 1) % L])
            if p > N:  # the same, read off the trace's last L rows (as voted_perceptron does)
                np.testing.assert_array_equal(history[p], run.weights[N - L + 1 + (p - N - 1) % L])
    else:  # too few passes to see the cycle: the trace is the whole run
        assert run.status == "max_epochs" and run.n_presentations == P
    assert_matches_reference(voted, reference)


@pytest.mark.parametrize("epochs", range(4, 12))
def test_a_long_cycle_ends_partway_through_its_last_period(epochs):
    """A cycle of 9 presentations on 3 patterns, from presentation 3: P - N is not a whole number of cycles.

    The first repeat comes at pass 4, so every run of 4 passes or more ends there, cycling, and is
    extended from the cycle."""
    X, y = [[1], [-1], [-2]], [1, 0, 1]
    voted = voted_perceptron(X, y, epochs=epochs)
    run = voted.trace
    if epochs >= 4:
        assert (run.status, run.cycle_start, run.cycle_length, run.n_presentations) == ("cycling", 3, 9, 12)
    else:
        assert (run.status, run.n_presentations) == ("max_epochs", 3 * epochs)
    assert_matches_reference(voted, reference_voted(X, y, cyclic(3, epochs)))


def test_xor_statuses_cover_short_and_long_runs():
    """The formula test above meets each case: no cycle yet, a cycle ending at P, a cycle to extend."""
    binary = [voted_perceptron(*boolean_function("xor"), epochs=t).trace for t in (1, 2, 3, 7)]
    assert [r.status for r in binary] == ["max_epochs", "max_epochs", "cycling", "cycling"]
    assert [r.n_presentations for r in binary] == [4, 8, 12, 12]
    signed = voted_perceptron(*boolean_function("xor", signed=True), epochs=1).trace
    assert (signed.status, signed.n_presentations, signed.cycle_start) == ("cycling", 4, 1)


def test_huge_epoch_counts_are_exact_without_replaying():
    X, y = boolean_function("xor")
    T = 10**12
    voted = voted_perceptron(X, y, epochs=T)
    assert voted.counts.sum() == 4 * T and voted.trace.n_presentations == 12
    # the cycle [1 -1 1], [2 0 1], [1 -1 0], [0 -1 0] (Manfredi 2021) each lasts about T presentations
    np.testing.assert_allclose(voted.averaged_weights(), [1, -0.75, 0.5], atol=1e-11)
    # the same counts as from T = 1000, plus T - 1000 for each vector of the cycle
    small = voted_perceptron(X, y, epochs=1000)
    np.testing.assert_array_equal(voted.vectors, small.vectors)
    cycle = np.isin(np.arange(len(small.vectors)), np.arange(len(small.vectors) - 4, len(small.vectors)))
    np.testing.assert_array_equal(voted.counts - small.counts, np.where(cycle, T - 1000, 0))
    converged = voted_perceptron(*boolean_function("or"), epochs=T)
    last_update = converged.trace.update_presentations[-1]  # 9 (Honavar 1996, section 2)
    assert converged.counts[-1] == 4 * T - last_update + 1 and converged.counts.sum() == 4 * T


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("signed", [False, True])
def test_random_order_replays_the_trace_and_stays_put_after_convergence(seed, signed):
    X, y, _ = separable_data(12, 2, margin=0.05, seed=seed, signed=signed)
    epochs = 40
    voted = voted_perceptron(X, y, epochs=epochs, order="random", seed=seed)
    run = voted.trace
    assert run.status == "converged" and run.n_presentations < 12 * epochs
    # any patterns after convergence: the reference must make no further mistake
    order = run.pattern.tolist() + cyclic(12, epochs)[run.n_presentations:]
    reference = reference_voted(X, y, order)
    assert len(reference[0]) == len(voted.vectors) == run.n_updates + (not run.updated[0])
    assert_matches_reference(voted, reference, exact=False)


@pytest.mark.parametrize("seed", range(4))
def test_random_order_without_convergence_is_the_trace(seed):
    rng = np.random.default_rng(seed)
    X, y = rng.normal(size=(10, 2)), rng.choice([-1, 1], 10)
    voted = voted_perceptron(X, y, epochs=15, order="random", seed=seed)
    assert voted.trace.status == "max_epochs"
    assert_matches_reference(voted, reference_voted(X, y, voted.trace.pattern, eta=1.0), exact=False)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("signed", [False, True])
@pytest.mark.parametrize("eta", [1.0, 0.3])
def test_float_data_match_the_loop(seed, signed, eta):
    X, y, _ = separable_data(15, 3, margin=0.02, seed=seed, signed=signed)
    rng = np.random.default_rng(seed)
    noisy = rng.integers(0, 2, 15) if not signed else rng.choice([-1, 1], 15)  # not separable
    for labels in (y, noisy):
        voted = voted_perceptron(X, labels, epochs=25, eta=eta)
        assert_matches_reference(voted, reference_voted(X, labels, cyclic(15, 25), eta), exact=False)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 6), d=st.integers(1, 3),
       signed=st.booleans(), epochs=st.integers(1, 30))
@example(seed=2751, n=4, d=1, signed=True, epochs=1)  # labels all +1 and a tied vote: see the test below
def test_counts_sum_to_all_presentations_and_average_is_the_mean_weight(seed, n, d, signed, epochs):
    rng = np.random.default_rng(seed)
    X = rng.integers(-2, 3, size=(n, d))
    y = rng.integers(0, 2, size=n)
    y = 2 * y - 1 if signed else y
    voted = voted_perceptron(X, y, epochs=epochs, labels="-1/+1" if signed else "0/1")
    reference = reference_voted(X, y, cyclic(n, epochs))
    assert voted.counts.sum() == epochs * n
    np.testing.assert_array_equal(voted.averaged_weights(), reference[2].mean(axis=0))
    assert_matches_reference(voted, reference)
    np.testing.assert_array_equal(voted.predict(X), reference_predict(*reference[:2], X, signed))


def test_start_vector_counts_only_while_presentations_leave_it():
    X, y = boolean_function("or")
    kept = voted_perceptron(X, y, epochs=2, initial_weights=[-0.5, 1, 1])  # separates OR at once
    assert kept.vectors.tolist() == [[-0.5, 1, 1]] and kept.counts.tolist() == [8]
    leaves = voted_perceptron(X, y, epochs=1)  # W = 0 survives presentation 1, not 2
    assert leaves.vectors.tolist() == [[0, 0, 0], [1, 0, 1]] and leaves.counts.tolist() == [1, 3]
    signed = voted_perceptron(*boolean_function("or", signed=True), epochs=1)  # a mistake at once
    assert signed.vectors.tolist() == [[-1, 0, 0], [0, 0, 1], [1, 1, 1]]
    assert signed.counts.tolist() == [1, 1, 2]


@pytest.mark.parametrize("labels, negative", [("0/1", 0), ("-1/+1", -1)])
def test_ties_count_as_negative_in_both_conventions(labels, negative):
    run = train(*boolean_function("or", signed=labels == "-1/+1"))
    on_boundary = Voted(vectors=np.array([[0.0, 1, 0]]), counts=np.array([3]), trace=run, labels=labels)
    assert on_boundary.predict([[0, 5]]).tolist() == [negative]  # W·X = 0
    assert on_boundary.predict_averaged([[0, 5]]).tolist() == [negative]
    split = Voted(vectors=np.array([[1.0, 0, 0], [-1.0, 0, 0]]), counts=np.array([2, 2]), trace=run, labels=labels)
    assert split.predict([[0, 0]]).tolist() == [negative]  # a tied vote
    assert split.predict([[0, 0], [1, 1]]).dtype.kind == "i"


def test_a_tied_vote_on_labels_all_plus_one_is_negative_in_the_convention_asked_for():
    """The example hypothesis found (seed=2751, n=4, d=1, signed=True, epochs=1): X = 1, -2, 0, 2, all
    labelled +1. The vectors [1 1], [2 -1], [3 1] are current 1, 2 and 1 times; on x = 2 they vote
    +1, -1 (2·1 - 1·2 = 0: a zero votes negative) and +1, so 1 - 2 + 1 = 0: a tie, negative. Labels
    all 1 fit both conventions and are read as 0/1 (the rules coincide there), so the negative label
    is 0 unless labels="-1/+1" asks for -1; either way a label of the run's convention."""
    X, y = [[1], [-2], [0], [2]], [1, 1, 1, 1]
    signed = voted_perceptron(X, y, epochs=1, labels="-1/+1")
    assert signed.vectors.tolist() == [[1, 1], [2, -1], [3, 1]] and signed.counts.tolist() == [1, 2, 1]
    assert signed.labels == "-1/+1" and signed.predict(X).tolist() == [1, 1, 1, -1]
    assert signed.predict_averaged(X).tolist() == [1, 1, 1, 1]  # the mean [2 0] has W·X = 2 everywhere
    binary = voted_perceptron(X, y, epochs=1)
    assert binary.labels == "0/1" and binary.predict(X).tolist() == [1, 1, 1, 0]
    assert binary.vectors.tolist() == signed.vectors.tolist() and binary.counts.tolist() == [1, 2, 1]


def test_averaged_prediction_keeps_exact_ties_on_integer_data():
    """0.1 + 0.2 - 0.3 != 0 in floating point: the sign comes from the undivided sum."""
    run = train(*boolean_function("or"))
    voted = Voted(vectors=np.array([[1.0, 2, -3], [0, 0, 0]]), counts=np.array([1, 9]), trace=run, labels="0/1")
    assert dot(voted.averaged_weights(), [1, 1, 1]) != 0  # the divided weights miss the tie
    assert voted.predict_averaged([[1, 1]]).tolist() == [0]


def test_the_decision_is_the_number_the_predictions_read():
    """decision (an estimator's decision_function): the whole vote, and the undivided sum's net."""
    voted = voted_perceptron(*boolean_function("xor", signed=True), epochs=100)
    X = boolean_function("xor")[0]
    assert voted.decision(X).dtype.kind == "i" and voted.decision(X).tolist() == [-200, 0, -200, 0]   # two ties
    np.testing.assert_array_equal(voted.predict(X), np.where(voted.decision(X) > 0, 1, -1))
    np.testing.assert_array_equal(voted.predict_averaged(X), np.where(voted.decision(X, averaged=True) > 0, 1, -1))
    run = train(*boolean_function("or"))
    tie = Voted(vectors=np.array([[1.0, 2, -3], [0, 0, 0]]), counts=np.array([1, 9]), trace=run, labels="0/1")
    assert tie.decision([[1, 1]], averaged=True).tolist() == [0.0]    # exact, where the divided weights miss it


@pytest.mark.parametrize("epochs", [1, 10, 100])
def test_xor_accuracy_of_voted_and_averaged_as_computed_by_hand(epochs):
    """Neither variant finds one of XOR's best linear units (3 of 4) from W = 0, except averaged -1/+1.

    -1/+1: the cycle is [-1 0 0], [0 0 1], [1 1 1], [0 0 0], each for a quarter of the
    presentations. The mean [0 1/4 1/2] is right on 3 patterns; the votes are -2, 0, -2, 0,
    all negative (ties too), so the vote is right on the 2 negatives only.
    0/1: after [0 0 0], [1 0 1], [1 0 1], [0 -1 0], [0 -1 0] the cycle is [1 -1 1], [2 0 1],
    [1 -1 0], [0 -1 0]; the mean tends to [1 -3/4 1/2], positive on (0,0) and (1,1), and
    the votes give 1, 1, 0, 0: each gets 2 of 4.
    """
    found = {}
    for signed in (False, True):
        X, y = boolean_function("xor", signed=signed)
        voted = voted_perceptron(X, y, epochs=epochs)
        found[signed] = (int((voted.predict(X) == y).sum()), int((voted.predict_averaged(X) == y).sum()))
    assert found == {False: (2, 2), True: (2, 3)}


def test_repr_is_one_line():
    text = repr(voted_perceptron(*boolean_function("xor", signed=True), epochs=3))
    assert text.startswith("<Voted: 4 vectors over 12 presentations;") and "\n" not in text


OR_X, OR_Y = boolean_function("or")


@pytest.mark.parametrize("epochs, error, words", [
    (0, ValueError, r"epochs must be a whole number >= 1, got 0"),
    (-3, ValueError, r"epochs must be a whole number >= 1, got -3"),
    (2.5, TypeError, r"epochs must be a whole number >= 1, got 2.5"),
    (2.0, TypeError, r"epochs must be a whole number >= 1, got 2.0"),
    ("3", TypeError, r"epochs must be a whole number >= 1, got '3'"),
    (True, TypeError, r"epochs must be a whole number >= 1, got True"),
    (None, TypeError, r"epochs must be a whole number >= 1, got None"),
])
def test_bad_epochs_is_named_in_the_error(epochs, error, words):
    with pytest.raises(error, match=words):
        voted_perceptron(OR_X, OR_Y, epochs=epochs)


def test_numpy_whole_numbers_are_epochs():
    assert voted_perceptron(OR_X, OR_Y, epochs=np.int64(3)).counts.sum() == 12


def test_other_options_are_checked_by_train():
    with pytest.raises(ValueError, match=r"eta must be a positive finite number, got -1"):
        voted_perceptron(OR_X, OR_Y, eta=-1)
    with pytest.raises(ValueError, match=r"seed is used only with order='random'"):
        voted_perceptron(OR_X, OR_Y, seed=1)


@pytest.mark.parametrize("method", ["predict", "predict_averaged"])
@pytest.mark.parametrize("X, error, words", [
    ([0, 1], ValueError, r"X must have shape \(n_samples, 2\), got an array of shape \(2,\)"),
    ([[0, 1, 1]], ValueError, r"X must have shape \(n_samples, 2\), one column per feature, got shape \(1, 3\)"),
    ([[0, np.nan]], ValueError, r"X must hold finite numbers, got NaN or inf"),
    ([[np.inf, 0]], ValueError, r"X must hold finite numbers"),
    ([["a", "b"]], TypeError, r"X must hold real numbers, got an array of dtype <U1"),
    ([[0, 1], [1]], ValueError, r"X must be a rectangular array of shape \(n_samples, 2\)"),
])
def test_bad_patterns_are_named_in_the_error(method, X, error, words):
    voted = voted_perceptron(OR_X, OR_Y)
    with pytest.raises(error, match=words):
        getattr(voted, method)(X)


def test_epochs_past_the_longest_recorded_run_need_a_run_that_converged_or_cycled(monkeypatch):
    """Past MAX_RECORDED presentations the trace cannot hold the run: counting extends a converged or a
    cycling run, and anything else is refused (here with the limit made small, so the test is quick)."""
    import perceptron_lib.theory.voted as voted
    monkeypatch.setattr(voted, "MAX_RECORDED", 40)  # 10 passes of 4 patterns
    cycling = voted_perceptron(*boolean_function("xor"), epochs=10**6)
    assert cycling.trace.status == "cycling" and cycling.counts.sum() == 4 * 10**6
    converged = voted_perceptron(*boolean_function("or"), epochs=10**6, order="random", seed=0)
    assert converged.trace.status == "converged" and converged.counts.sum() == 4 * 10**6
    with pytest.raises(ValueError, match=r"epochs must be at most 10 here, got epochs=1000000: the run neither "
                                         r"converged nor cycled within 10 passes"):
        voted_perceptron(*boolean_function("xor"), epochs=10**6, order="random", seed=0)


def test_huge_epochs_overflowing_the_counts_are_refused():
    with pytest.raises(ValueError, match=r"epochs must keep epochs \* n_samples within 2\*\*62"):
        voted_perceptron(OR_X, OR_Y, epochs=2**61)
    assert voted_perceptron(OR_X, OR_Y, epochs=2**60).counts.sum() == 2**62


def test_ten_passes_by_default_counted_by_hand():
    """XOR's four vectors come back every pass (one presentation each); OR, worked by hand with the threshold
    unit's rule: W = 0 lasts one presentation, [1 0 1] three, [0 0 1] two, [1 1 1] two, [0 1 1] the other 32."""
    xor = voted_perceptron(*boolean_function("xor", signed=True))
    assert xor.counts.tolist() == [10, 10, 10, 10]
    assert xor.vectors.tolist() == [[-1, 0, 0], [0, 0, 1], [1, 1, 1], [0, 0, 0]]
    orr = voted_perceptron(*boolean_function("or"))
    assert orr.vectors.tolist() == [[0, 0, 0], [1, 0, 1], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    assert orr.counts.tolist() == [1, 3, 2, 2, 32]


def test_counts_and_votes_past_2_to_the_53_stay_exact():
    """Counts of 2^53 + 1 (no float holds them): a vote of -2 (2^53 + 1) = -(2^54 + 2) at (1, 0), where the
    XOR vectors' nets are -1, 0, 2, 0 (signs -1, -1, +1, -1); a tie of 0 at (0, 1)."""
    T = 2**53 + 1
    voted = voted_perceptron(*boolean_function("xor", signed=True), epochs=T)
    assert voted.counts.dtype == np.int64 and voted.counts.tolist() == [T] * 4
    assert voted.decision([[1, 0], [0, 1]]).tolist() == [-(2**54 + 2), 0]
    assert voted.predict([[1, 0], [0, 1]]).tolist() == [-1, -1]
    assert voted.averaged_weights().tolist() == [0.0, 0.25, 0.5]


def test_a_voted_perceptron_is_frozen_and_compared_by_identity():
    import dataclasses
    voted = voted_perceptron(*boolean_function("or"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        voted.labels = "-1/+1"
    twin = dataclasses.replace(voted)
    assert twin != voted and voted == voted and len({voted, twin}) == 2
