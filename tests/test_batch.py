"""train_many(): the same runs as train() on each set, to the last bit; and every bad input."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from perceptron_lib import boolean_function, boolean_patterns, train, truth_table
from perceptron_lib.core import batch
from perceptron_lib.core.arithmetic import dot
from perceptron_lib.core.batch import Batch, train_many
from perceptron_lib.theory.datasets import separable_data

from properties import examples


def assert_each_run_is_trains(result, X, y, *, initial_weights=None, seeds=None, **options):
    """Set i of `result` is train(X[i], y[i], ...): W bit for bit, counts, status and cycle."""
    assert isinstance(result, Batch) and len(result) == len(X)
    for i in range(len(X)):
        w = initial_weights if initial_weights is None or np.ndim(initial_weights) == 1 else initial_weights[i]
        run = train(X[i], y[i], initial_weights=w, seed=None if seeds is None else seeds[i], record=False,
                    **options)
        expected = (run.final_weights.tobytes(), run.n_updates, run.n_presentations, run.n_epochs,
                    run.status, run.cycle_start or -1, run.cycle_length or -1)
        got = (result.final_weights[i].tobytes(), result.n_updates[i], result.n_presentations[i],
               result.n_epochs[i], result.status[i], result.cycle_start[i], result.cycle_length[i])
        assert got == expected, f"set {i}: train_many gave {got[1:]}, train {expected[1:]}"


def stacked(data_sets):
    return np.stack([d[0] for d in data_sets]), np.stack([d[1] for d in data_sets])


def boolean_sets(n_inputs, signed, n_random=0, seed=0):
    """The named Boolean functions of n inputs, parity, and some random truth tables."""
    sets = [boolean_function(name, n_inputs, signed=signed) for name in ("and", "or", "nand", "nor", "xor", "xnor")]
    sets += [boolean_function("at_least", n_inputs, m=m, signed=signed) for m in range(1, n_inputs + 1)]
    sets.append(truth_table(lambda *bits: sum(bits) % 2 == 1, n_inputs, signed=signed))
    X = boolean_patterns(n_inputs)
    for labels in np.random.default_rng(seed).integers(0, 2, (n_random, len(X))):
        sets.append((X, 2 * labels - 1 if signed else labels))
    return stacked(sets)


def test_or_and_xor_end_as_in_the_source_and_as_train():
    """Honavar (1996), section 2: OR after 13 presentations; XOR cycles from presentation 6, period 4."""
    X, y = stacked([boolean_function("or"), boolean_function("xor")])
    result = train_many(X, y)
    assert result.labels == "0/1"
    assert result.status.tolist() == ["converged", "cycling"]
    assert result.n_presentations[0] == 13 and result.final_weights[0].tolist() == [0, 1, 1]
    assert (result.cycle_start.tolist(), result.cycle_length.tolist()) == ([-1, 6], [-1, 4])
    assert_each_run_is_trains(result, X, y)


@pytest.mark.parametrize("signed", [False, True])
@pytest.mark.parametrize("n_inputs", [2, 3, 4])
@pytest.mark.parametrize("eta", [1.0, 0.1])
def test_boolean_functions_run_as_train_including_the_cycling_ones(n_inputs, signed, eta):
    X, y = boolean_sets(n_inputs, signed, n_random=60, seed=n_inputs)
    result = train_many(X, y, eta=eta, max_epochs=200)
    assert_each_run_is_trains(result, X, y, eta=eta, max_epochs=200)
    assert result.labels == ("-1/+1" if signed else "0/1")
    assert result.status[[4, 5, -61]].tolist() == ["cycling"] * 3  # xor, xnor, parity


@pytest.mark.parametrize("signed", [False, True])
def test_every_boolean_function_of_three_inputs_runs_as_train(signed):
    X = np.broadcast_to(boolean_patterns(3), (256, 8, 3))
    y = (np.arange(256)[:, None] >> np.arange(8)) & 1
    y = 2 * y - 1 if signed else y
    result = train_many(X, y)
    assert_each_run_is_trains(result, X, y)
    # 104 of the 256 functions of three inputs are linearly separable; the rest cycle.
    assert (result.status == "converged").sum() == 104 and (result.status == "cycling").sum() == 152


@pytest.mark.parametrize("n_features", [1, 2, 5, 10])
@pytest.mark.parametrize("margin", [0.0, 0.05, 0.3])
@pytest.mark.parametrize("signed", [False, True])
def test_separable_float_data_runs_as_train(n_features, margin, signed):
    X, y = stacked([separable_data(30, n_features, margin=margin, seed=1000 * n_features + i, signed=signed)[:2]
                    for i in range(40)])
    result = train_many(X, y, max_epochs=10_000)
    assert (result.status == "converged").all()
    assert_each_run_is_trains(result, X, y, max_epochs=10_000)


@pytest.mark.parametrize("max_epochs", [1, 3, 17])
@pytest.mark.parametrize("signed", [False, True])
def test_nonseparable_runs_cut_by_max_epochs_run_as_train(max_epochs, signed):
    rng = np.random.default_rng(max_epochs)
    X = rng.normal(size=(50, 12, 3))
    y = rng.integers(0, 2, (50, 12))
    y = 2 * y - 1 if signed else y
    result = train_many(X, y, eta=0.3, max_epochs=max_epochs)
    assert (result.status == "max_epochs").any()
    assert_each_run_is_trains(result, X, y, eta=0.3, max_epochs=max_epochs)


@pytest.mark.parametrize("signed", [False, True])
def test_cycles_on_integer_data_are_located_as_train_locates_them(signed):
    """Cycles that begin inside the pass before the repeated start of a pass, or at a pass start."""
    rng = np.random.default_rng(5)
    X = rng.integers(-2, 3, (300, 6, 2)).astype(float)
    y = rng.integers(0, 2, (300, 6))
    y = 2 * y - 1 if signed else y
    result = train_many(X, y, max_epochs=300)
    cycling = result.status == "cycling"
    assert cycling.sum() > 50 and (result.cycle_start[cycling] % 6 != 1).any()
    assert_each_run_is_trains(result, X, y, max_epochs=300)


@pytest.mark.parametrize("signed", [False, True])
def test_random_order_with_seeds_runs_as_train(signed):
    separable = [separable_data(20, 3, margin=0.05, seed=i, signed=signed)[:2] for i in range(30)]
    rng = np.random.default_rng(0)
    noisy = [(x, np.where(rng.random(20) < 0.2, (-y if signed else 1 - y), y)) for x, y in separable]
    X, y = stacked(separable + noisy)
    seeds = rng.integers(0, 2**63, len(X)).tolist()
    result = train_many(X, y, order="random", seeds=seeds, max_epochs=40)  # more passes than drawn at once
    assert (result.status == "converged").any() and (result.status == "max_epochs").any()
    assert_each_run_is_trains(result, X, y, order="random", seeds=seeds, max_epochs=40)


def test_random_orders_do_not_depend_on_how_many_passes_are_drawn_at_once(monkeypatch):
    X, y = boolean_sets(3, signed=False, n_random=20)
    seeds = list(range(len(X)))
    results = []
    for keys in (2**21, 8 * len(X), 1):  # 16 passes, 1 or 2 passes, 1 pass per draw
        monkeypatch.setattr(batch, "_ORDER_KEYS", keys)
        results.append(train_many(X, y, order="random", seeds=seeds, max_epochs=50))
    for other in results[1:]:
        np.testing.assert_array_equal(other.final_weights, results[0].final_weights)
        np.testing.assert_array_equal(other.n_presentations, results[0].n_presentations)
    assert_each_run_is_trains(results[0], X, y, order="random", seeds=seeds, max_epochs=50)


def test_random_order_converges_at_the_first_moment_every_pattern_was_seen_since_the_last_update():
    X, y = stacked([separable_data(6, 2, margin=0.02, seed=seed)[:2] for seed in range(200)])
    result = train_many(X, y, order="random", seeds=range(200))
    assert_each_run_is_trains(result, X, y, order="random", seeds=range(200))
    assert (result.n_presentations % 6 != 0).any()


@pytest.mark.parametrize("eta", [1.0, 0.25, 0.1, 3.0])
def test_initial_weights_and_eta_run_as_train(eta):
    X, y = boolean_sets(3, signed=True, n_random=30)
    shared = [0.5, -1.0, 0.25, 2.0]
    result = train_many(X, y, eta=eta, initial_weights=shared)
    assert_each_run_is_trains(result, X, y, eta=eta, initial_weights=shared)
    rows = np.random.default_rng(1).normal(size=(len(X), 4))
    result = train_many(X, y, eta=eta, initial_weights=rows, max_epochs=100)
    assert_each_run_is_trains(result, X, y, eta=eta, initial_weights=rows, max_epochs=100)


def test_nets_are_added_left_to_right_as_train_adds_them():
    """The premise of the batched nets: the same additions, in the same order, as train's loop."""
    rng = np.random.default_rng(0)
    for length in range(1, 41):
        W = rng.normal(size=(50, length)) * rng.choice([1e-3, 1, 1e3], size=(50, length))
        X = rng.normal(size=(50, length))
        nets = batch._net(W, X)
        for k in range(50):
            total = 0.0
            for a, b in zip(W[k].tolist(), X[k].tolist()):
                total += a * b
            assert nets[k] == total == dot(W[k], X[k])


def test_stalled_runs_end_where_train_ends_them():
    """Steps lost in rounding (eta = 1e-20 against weights of 1): OR stalls, the others creep on, in both."""
    X, y = boolean_sets(2, signed=False)
    start = [1.0, 0.0, 0.0]
    result = train_many(X, y, eta=1e-20, initial_weights=start, max_epochs=50)
    assert_each_run_is_trains(result, X, y, eta=1e-20, initial_weights=start, max_epochs=50)
    assert "stalled" in result.status.tolist() and "stalled" in repr(result)
    X1, y1 = np.array([[[0.0], [-1e18]]] * 3), np.zeros((3, 2), int)
    lost = train_many(X1, y1, initial_weights=[1e17, 0.0])
    assert_each_run_is_trains(lost, X1, y1, initial_weights=[1e17, 0.0])
    assert lost.status.tolist() == ["stalled"] * 3 and lost.n_epochs.tolist() == [2] * 3


def test_near_ties_left_by_a_learning_rate_of_one_tenth_are_decided_as_in_train(monkeypatch):
    """With eta = 0.1 on 0/1 patterns W·X is often a rounding error away from 0, so a sum taken
    in another order than train's left-to-right one (right to left, here) decides some of these
    runs differently: the order is part of the result, and it is fixed."""
    X, y = boolean_sets(4, signed=False, n_random=200, seed=3)
    result = train_many(X, y, eta=0.1, max_epochs=100)
    assert_each_run_is_trains(result, X, y, eta=0.1, max_epochs=100)
    monkeypatch.setattr(batch, "_net", lambda W, x: dot(W[:, ::-1], x[:, ::-1]))
    other = train_many(X, y, eta=0.1, max_epochs=100)
    assert (other.n_updates != result.n_updates).sum() > 10


def test_a_start_shared_by_all_sets_decides_a_near_tie_as_train():
    """Found by hypothesis: one W0 for all sets once made W's rows strided, and BLAS's ddot sums a
    strided vector in another way, so W·X = 1.1e-16 in train came out 0 here and the run went on
    differently."""
    X = np.zeros((5, 6, 4))
    X[3, 2:5] = [[0, -3, 1, 3], [2, 3, 1, 1], [0, 2, -2, 1]]
    y = np.zeros((5, 6), int)
    y[3, 3] = 1
    start = np.linspace(-1, 1, 5)
    result = train_many(X, y, eta=0.1, initial_weights=start, max_epochs=1)
    assert_each_run_is_trains(result, X, y, eta=0.1, initial_weights=start, max_epochs=1)
    assert train(X[3], y[3], eta=0.1, initial_weights=start).net[4] == 2.0**-53


def test_a_minus_zero_start_is_the_value_zero_and_runs_as_train():
    X, y = boolean_sets(2, signed=False)
    start = [-0.0, -0.0, 1.0]
    result = train_many(X, y, initial_weights=start)
    assert_each_run_is_trains(result, X, y, initial_weights=start)
    zero = train_many(X, y, initial_weights=[0.0, 0.0, 1.0])
    assert result.final_weights.tobytes() == zero.final_weights.tobytes()


@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning", "ignore:invalid value:RuntimeWarning")
def test_numbers_large_enough_to_overflow_are_refused_by_both():
    X, y = boolean_sets(2, signed=True)
    for call in (lambda: train_many(X * 1e140, y, eta=1e150, max_epochs=5),
                 lambda: train(X[0] * 1e140, y[0], eta=1e150, max_epochs=5)):
        with pytest.raises(ValueError, match="must keep W·X far from overflow"):
            call()


def test_a_set_whose_labels_are_all_one_runs_as_train_in_either_convention():
    X, y = boolean_sets(2, signed=True)
    y[0] = 1
    result = train_many(X, y)
    assert result.labels == "-1/+1" and train(X[0], y[0]).labels == "0/1"
    assert_each_run_is_trains(result, X, y)


def test_results_have_one_entry_per_set_and_their_documented_types():
    X, y = boolean_sets(2, signed=False)
    result = train_many(X, y)
    assert result.final_weights.shape == (len(X), 3) and result.final_weights.dtype == float
    for name in ("n_updates", "n_presentations", "n_epochs", "cycle_start", "cycle_length"):
        assert getattr(result, name).shape == (len(X),) and getattr(result, name).dtype == np.int64
    assert set(result.status.tolist()) == {"converged", "cycling"}
    assert ((result.cycle_start == -1) == (result.status != "cycling")).all()
    assert repr(result) == f"<Batch of {len(X)} runs: {(result.status == 'converged').sum()} converged, " \
                           f"{(result.status == 'cycling').sum()} cycling, 0 max_epochs>"


@settings(max_examples=examples(150))
@given(data=st.data(), n_sets=st.integers(1, 6), n=st.integers(1, 8), d=st.integers(1, 4),
       signed=st.booleans(), order=st.sampled_from(["cyclic", "random"]),
       eta=st.sampled_from([1.0, 0.1, 0.5, 0.3]), max_epochs=st.integers(1, 40),
       grid=st.sampled_from([None, 1.0, 0.5, 0.1]))
def test_train_many_equals_train_on_random_small_data_sets(data, n_sets, n, d, signed, order, eta, max_epochs,
                                                           grid):
    """The law of this module: train_many is train on each set."""
    values = (st.floats(-3, 3, allow_nan=False, width=64) if grid is None
              else st.integers(-3, 3).map(lambda k: k * grid))
    X = np.array(data.draw(st.lists(values, min_size=n_sets * n * d, max_size=n_sets * n * d))).reshape(n_sets, n, d)
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n_sets * n, max_size=n_sets * n))).reshape(n_sets, n)
    y = 2 * y - 1 if signed else y
    start = data.draw(st.sampled_from([None, "shared", "rows"]))
    w = {None: None, "shared": np.linspace(-1, 1, d + 1),
         "rows": np.arange(n_sets * (d + 1)).reshape(n_sets, d + 1) % 3 - 1.0}[start]
    seeds = data.draw(st.lists(st.integers(0, 2**32), min_size=n_sets, max_size=n_sets)) if order == "random" else None
    result = train_many(X, y, eta=eta, initial_weights=w, order=order, seeds=seeds, max_epochs=max_epochs)
    assert_each_run_is_trains(result, X, y, eta=eta, initial_weights=w, order=order, seeds=seeds,
                              max_epochs=max_epochs)


XB, YB = boolean_sets(2, signed=False)  # 9 sets of 4 patterns, 2 features


def test_options_are_keyword_only():
    with pytest.raises(TypeError):
        train_many(XB, YB, 0.5)


# ---------------------------------------------------------------- gaps a mutation run found: values, by hand

from perceptron_lib.core import batch as batch_module  # noqa: E402


def test_or_and_xor_values_by_hand():
    """OR converges after Honavar's 13 presentations and 4 updates at W = [0 1 1]; XOR (by hand in test_trace)
    cycles after 12 presentations and 9 updates at W = [1 -1 0], a cycle of 4 from presentation 6."""
    (X1, y1), (X2, y2) = boolean_function("or"), boolean_function("xor")
    result = train_many(np.stack([X1, X2]), np.stack([y1, y2]))
    assert result.status.tolist() == ["converged", "cycling"]
    assert result.final_weights.tolist() == [[0, 1, 1], [1, -1, 0]]
    assert result.n_updates.tolist() == [4, 9] and result.n_presentations.tolist() == [13, 12]
    assert result.n_epochs.tolist() == [4, 3]
    assert result.cycle_start.tolist() == [-1, 6] and result.cycle_length.tolist() == [-1, 4]
    assert result.labels == "0/1" and len(result) == 2


def test_no_minus_zero_leaks_into_the_final_weights():
    """A start of -0.0 is the value 0: a weight no correction touches ends as +0.0, as train's does, bit for bit."""
    X, y = np.array([[[0.0, 1.0]], [[1.0, 1.0]]]), np.array([[1], [1]])
    result = train_many(X, y, initial_weights=[-0.0, -0.0, 1.0])
    assert result.status.tolist() == ["converged", "converged"] and result.n_updates.tolist() == [0, 0]
    assert not np.signbit(result.final_weights).any()
    for i in range(2):
        run = train(X[i], y[i], initial_weights=[-0.0, -0.0, 1.0])
        assert run.final_weights.tobytes() == result.final_weights[i].tobytes()


def test_random_order_without_seeds_draws_fresh_orders_and_still_runs_the_rule():
    from perceptron_lib import separable_sets
    X, y = separable_sets(20, 10, 2, seed=3)[:2]
    result = train_many(X, y, order="random", max_epochs=500)
    assert (result.status == "converged").all()
    net = np.einsum("sd,snd->sn", result.final_weights, np.concatenate([np.ones(X.shape[:2] + (1,)), X], axis=2))
    assert ((net > 0) == (y == 1)).all()     # every final W separates its set
    assert (result.n_presentations >= X.shape[1]).all()


def test_late_cycles_are_found_and_only_by_the_late_search(monkeypatch):
    """Runs whose cycle began too late for Brent's method: found by _late_cycles, as train finds them; with the
    late search switched off the same runs end at max_epochs, so the check above is not vacuous."""
    rng = np.random.default_rng(5)
    X, y = rng.integers(-3, 4, (2000, 5, 2)).astype(float), rng.integers(0, 2, (2000, 5))
    for max_epochs in (3, 6):
        result = train_many(X, y, max_epochs=max_epochs)
        with monkeypatch.context() as patch:
            patch.setattr(batch_module._Runs, "_late_cycles", lambda self, ids: None)
            brent_only = train_many(X, y, max_epochs=max_epochs)
        late = result.status != brent_only.status
        assert late.sum() >= 1 and (result.cycle_length[late] > 2 * 5).any()   # some cycles of 3 passes or more
        assert set(result.status[late]) == {"cycling"} and set(brent_only.status[late]) == {"max_epochs"}
        statuses = [train(X[i], y[i], max_epochs=max_epochs, record=False).status for i in range(len(X))]
        assert result.status.tolist() == statuses
        for i in np.flatnonzero(late)[:5]:
            run = train(X[i], y[i], max_epochs=max_epochs, record=False)
            assert (run.status, run.n_presentations, run.cycle_start) == \
                (result.status[i], result.n_presentations[i], result.cycle_start[i])
            assert run.final_weights.tobytes() == result.final_weights[i].tobytes()


def test_train_many_by_its_own_tests_alone():
    """What test_batch alone must see (a mutation run of batch.py against this file): the hint for one data set,
    a frozen Batch compared by identity, the defaults, eta refused by the rules that choose their step, and the
    limit on presentations over all sets."""
    import dataclasses
    import inspect
    X, y = boolean_function("or")
    with pytest.raises(ValueError, match=r"for one data set use train\(\), or X\[np.newaxis\]"):
        train_many(X, y)
    result = train_many(X[None], y[None])
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.labels = "-1/+1"
    assert type(result).__eq__ is object.__eq__ and result != train_many(X[None], y[None])
    defaults = {k: v.default for k, v in inspect.signature(train_many).parameters.items() if k not in ("X", "y")}
    assert defaults == dict(eta=1.0, initial_weights=None, order="cyclic", seeds=None, max_epochs=1000,
                            rule="fixed", fraction=1.0)
    for rule in ("absolute", "fractional"):
        with pytest.raises(ValueError, match="eta is used only by rule='fixed'"):
            train_many(X[None], y[None], rule=rule, eta=2.0)
        train_many(X[None], y[None], rule=rule, eta=1.0, max_epochs=2)
    with pytest.raises(ValueError, match=r"within 2,000,000,000 presentations"):
        train_many(np.zeros((1000, 2, 1)), np.zeros((1000, 2)), max_epochs=1_000_001)
    at_the_limit = train_many(np.zeros((1000, 2, 1)), np.zeros((1000, 2)), max_epochs=1_000_000)  # exactly 2e9
    assert (at_the_limit.status == "converged").all() and (at_the_limit.n_presentations == 2).all()


def test_a_late_cycle_of_one_set_alone_against_the_plain_loop():
    """One set at a time, so that a late search has a single run left from its first replayed pass: every set whose
    pass start comes back within max_epochs passes in the plain loop (reference_first_repeat, a dictionary of
    every pass start) after 2 passes or more is reported cycling by train_many, with the plain loop's period
    (in presentations: passes times 5), whether Brent's method or the late search found it."""
    from reference import reference_first_repeat
    rng = np.random.default_rng(5)
    X, y = rng.integers(-3, 4, (300, 5, 2)).astype(float), rng.integers(0, 2, (300, 5))
    checked = 0
    for max_epochs in (3, 6):
        for i in range(len(X)):
            status, passes, first, _ = reference_first_repeat(X[i], y[i], max_epochs=max_epochs)
            if status == "cycling" and passes - first >= 2:
                one = train_many(X[i:i + 1], y[i:i + 1], max_epochs=max_epochs)
                assert (one.status[0], one.cycle_length[0]) == ("cycling", (passes - first) * 5)
                checked += 1
    assert checked >= 10


def test_seeds_as_nested_lists_of_different_lengths_are_named():
    """numpy's own 'inhomogeneous shape' ValueError named no parameter; now seeds is named."""
    X, y = boolean_function("or")
    with pytest.raises(TypeError, match=r"seeds must be a sequence of 2 whole numbers \(one per set\)"):
        train_many(np.stack([X, X]), np.stack([y, y]), order="random", seeds=[[1, 2], [3]])


def brent_detection(X, y, max_epochs):
    """The pass at whose start Brent's method sees a pass start come back, or None (converged, or not by then).

    Brent (1980), as rule.CycleTest states it: save the start of pass 0; at the start of each pass compare with the
    saved start, counting the passes since it was saved (lam); when lam reaches the power (1, 2, 4, ...), save this
    start instead and double the power. Written out with the plain loop of tests/reference.py.
    """
    from reference import reference_run
    w = np.zeros(X.shape[1] + 1)
    saved, power, lam, clean = w, 1, 0, 0
    for epoch in range(1, max_epochs + 1):
        for k in range(len(X)):
            last = reference_run(X, y, [k], 1.0, w)[-1]
            clean = clean + 1 if np.array_equal(last, w) else 0
            w = last
            if clean == len(X):
                return None
        lam += 1
        if np.array_equal(w, saved):
            return epoch
        if lam == power:
            saved, power, lam = w, 2 * power, 0
    return None


def test_brents_method_alone_finds_the_cycles_it_can_see(monkeypatch):
    """With the late search switched off, a run is reported cycling exactly when Brent's method, written out
    above, sees its pass start come back within max_epochs passes, and then as train reports it (where, how long);
    the others end at max_epochs. So the early test is checked by itself, not only through the late search."""
    rng = np.random.default_rng(5)
    X, y = rng.integers(-3, 4, (300, 5, 2)).astype(float), rng.integers(0, 2, (300, 5))
    seen = {True: 0, False: 0}
    for max_epochs in (3, 6, 9):
        result = train_many(X, y, max_epochs=max_epochs)
        with monkeypatch.context() as patch:
            patch.setattr(batch._Runs, "_late_cycles", lambda self, ids: None)
            brent_only = train_many(X, y, max_epochs=max_epochs)
        for i in range(len(X)):
            found = brent_detection(X[i], y[i], max_epochs) is not None
            if result.status[i] != "cycling":
                assert brent_only.status[i] == result.status[i] and not found
                continue
            seen[found] += 1
            if found:
                got = [a[i] for a in (brent_only.status, brent_only.n_presentations, brent_only.cycle_start,
                                      brent_only.cycle_length, brent_only.n_updates)]
                want = [a[i] for a in (result.status, result.n_presentations, result.cycle_start,
                                       result.cycle_length, result.n_updates)]
                assert got == want and brent_only.final_weights[i].tobytes() == result.final_weights[i].tobytes()
            else:
                assert brent_only.status[i] == "max_epochs", (i, max_epochs)
    assert seen[True] >= 20 and seen[False] >= 5, seen


def test_the_overflow_guard_takes_eta_as_one_for_the_rules_that_choose_their_step():
    """The guard's bound, d (max|W0| + max_epochs n eta max|x|) max|x|, by hand: one pattern x = L with
    L^2 = 2e299, d = 2, n = 1, max_epochs = 2, so 4 eta L^2 is 8e299 (run) with eta 1 and 1.6e300 (refused) with
    eta 2. The absolute and fractional rules take no eta: they are guarded as with eta = 1 and run. By hand: the
    absolute rule's first step at W·X = 0 on a positive pattern is floor(0) + 1 = 1, W = [1, L], right in pass 2;
    the fractional rule's step at W·X = 0 is 0, so its one correction leaves W = 0 and the run stalls after pass 1."""
    L = float(np.sqrt(2e299))
    X, y = np.array([[[L]]]), np.array([[1]])
    with pytest.raises(ValueError, match="must keep W·X far from overflow"):
        train_many(X, y, eta=2.0, max_epochs=2)
    absolute = train_many(X, y, rule="absolute", max_epochs=2)
    assert absolute.status.tolist() == ["converged"] and absolute.final_weights.tolist() == [[1.0, L]]
    assert (absolute.n_updates.tolist(), absolute.n_presentations.tolist(), absolute.n_epochs.tolist()) == ([1], [2], [2])
    fractional = train_many(X, y, rule="fractional", max_epochs=2)
    assert fractional.status.tolist() == ["stalled"] and fractional.final_weights.tolist() == [[0.0, 0.0]]
    assert (fractional.n_updates.tolist(), fractional.n_presentations.tolist(), fractional.n_epochs.tolist()) == ([1], [1], [1])
