"""train(): the sources' worked examples, a reference loop, scikit-learn, and every bad input."""
import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from sklearn.linear_model import Perceptron

from perceptron_lib import boolean_function, honavar_or_example, net_inputs, output, to_signed, train, train_many
from perceptron_lib.theory.datasets import separable_data

from properties import examples
from reference import reference_cyclic, reference_first_repeat, reference_run


def test_or_trace_matches_source_table():
    """Honavar (1996), section 2: every presentation of the OR example, to the last number."""
    run = train(*boolean_function("or"))
    source = honavar_or_example()
    assert run.status == "converged"
    assert run.n_presentations == 13 and run.n_updates == 4 and run.n_epochs == 4
    assert run.update_presentations.tolist() == [2, 5, 7, 9]
    np.testing.assert_array_equal(run.pattern, source["pattern"])
    np.testing.assert_array_equal(run.net, source["net"])
    np.testing.assert_array_equal(run.output, source["output"])
    np.testing.assert_array_equal(run.weights, source["weights"])
    assert run.final_weights.tolist() == [0, 1, 1]


def test_or_stops_after_a_run_of_n_clean_presentations_not_a_whole_pass():
    run = train(*boolean_function("or"))
    assert not run.updated[-4:].any() and run.updated[-5]
    assert run.n_presentations % 4 != 0  # 13, not the 16 of "a complete pass"


def test_signed_or_first_presentation_is_a_mistake_at_zero():
    run = train(*boolean_function("or", signed=True))
    assert run.labels == "-1/+1"
    assert run.net[0] == 0 and run.updated[0] and run.output[0] == 0
    assert run.weights[1].tolist() == [-1, 0, 0]
    assert run.status == "converged"


def test_signed_rule_ends_where_scikit_learn_ends_on_or():
    X, y = boolean_function("or", signed=True)
    run = train(X, y)
    sk = Perceptron(shuffle=False, tol=None, eta0=1.0, max_iter=run.n_epochs + 5).fit(X, y)
    np.testing.assert_array_equal(run.final_weights, np.r_[sk.intercept_, sk.coef_.ravel()])


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("eta", [1.0, 0.1])
def test_signed_rule_equals_scikit_learn_epoch_for_epoch(seed, eta):
    """scikit-learn's Perceptron (shuffle=False, tol=None, eta0=eta) is the {-1,+1} rule."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(15, 3))
    y = np.where(rng.random(15) < 0.5, -1, 1)  # not separable in general
    epochs = 1 + seed
    run = train(X, y, eta=eta, max_epochs=epochs)
    sk = Perceptron(shuffle=False, tol=None, eta0=eta, max_iter=epochs).fit(X, y)
    if run.status == "max_epochs":
        np.testing.assert_allclose(run.final_weights, np.r_[sk.intercept_, sk.coef_.ravel()], atol=1e-12)
    else:  # stopped early; scikit-learn goes on and must make no update on a converged run
        assert run.status == "converged"
        np.testing.assert_allclose(run.final_weights, np.r_[sk.intercept_, sk.coef_.ravel()], atol=1e-12)


@pytest.mark.parametrize("name", ["and", "or", "nand", "nor"])
@pytest.mark.parametrize("signed", [False, True])
def test_cyclic_runs_match_the_reference_loop(name, signed):
    X, y = boolean_function(name, 3, signed=signed)
    run = train(X, y)
    history, converged = reference_cyclic(X, y)
    assert converged and run.status == "converged"
    np.testing.assert_array_equal(run.weights, history)


@settings(max_examples=examples(40))
@given(seed=st.integers(0, 10**6), n=st.integers(1, 30), d=st.integers(1, 5),
       signed=st.booleans(), eta=st.sampled_from([1.0, 0.5, 0.1]))
def test_random_order_run_matches_the_reference_loop_and_separates(seed, n, d, signed, eta):
    X, y, _ = separable_data(n, d, margin=0.05, seed=seed, signed=signed)
    run = train(X, y, eta=eta, order="random", seed=seed, max_epochs=10_000)
    np.testing.assert_array_equal(run.weights, reference_run(X, y, run.pattern, eta))
    assert run.status == "converged"
    net = run.X @ run.final_weights
    assert (((net > 0) == (y == 1)) if not signed else (y * net > 0)).all()


def test_random_order_presents_each_pass_as_a_permutation_and_is_seeded():
    X, y = boolean_function("xor", 3)
    a = train(X, y, order="random", seed=3, max_epochs=20)
    b = train(X, y, order="random", seed=3, max_epochs=20)
    c = train(X, y, order="random", seed=4, max_epochs=20)
    assert a.status == "max_epochs" and a.n_presentations == 160
    for p in a.pattern.reshape(20, 8):
        assert sorted(p.tolist()) == list(range(8))
    np.testing.assert_array_equal(a.pattern, b.pattern)
    assert not np.array_equal(a.pattern, c.pattern)


def test_random_order_converges_only_once_every_pattern_was_checked():
    """A clean run that straddles two shuffled passes may repeat one pattern and skip another."""
    for seed in range(200):
        X, y, _ = separable_data(6, 2, margin=0.02, seed=seed)
        run = train(X, y, order="random", seed=seed)
        last_update = run.update_presentations[-1] if run.n_updates else 0
        assert set(run.pattern[last_update:].tolist()) == set(range(6))
        assert len(set(run.pattern[last_update:-1].tolist())) == 5  # stops at the first moment


@pytest.mark.parametrize("eta", [0.5, 2.0])
def test_learning_rate_scales_weights_and_keeps_updates(eta):
    """Honavar (1996), section 3: from W = 0, eta only scales the weights."""
    X, y = boolean_function("or")
    one, other = train(X, y), train(X, y, eta=eta)
    np.testing.assert_array_equal(other.updated, one.updated)
    np.testing.assert_array_equal(other.weights, eta * one.weights)


@pytest.mark.parametrize("signed", [False, True])
def test_xor_cycles_and_the_cycle_is_exact_and_minimal(signed):
    X, y = boolean_function("xor", signed=signed)
    run = train(X, y)
    assert run.status == "cycling"
    s, length = run.cycle_start, run.cycle_length
    assert length % 4 == 0
    np.testing.assert_array_equal(run.weights[s - 1], run.weights[s - 1 + length])
    if s > 1:
        assert not np.array_equal(run.weights[s - 2], run.weights[s - 2 + length])
    history, converged = reference_cyclic(X, y, max_epochs=10)
    assert not converged
    np.testing.assert_array_equal(run.weights, history[: run.n_presentations + 1])


def test_xor_cycles_as_computed_by_hand():
    # {0,1}, by hand: W = [0 0 0] -> [1 0 1] (p2) -> [0 -1 0] (p4) -> [1 -1 1] (p6) -> [2 0 1] (p7)
    # -> [1 -1 0] (p8) -> [0 -1 0] (p9): the W after presentation 5 is back after presentation 9.
    # {-1,+1}: every presentation of the first pass is a mistake and W returns to 0.
    binary = train(*boolean_function("xor"))
    assert (binary.cycle_start, binary.cycle_length) == (6, 4)
    assert binary.weights[[2, 4, 6, 7, 8, 9]].tolist() == [
        [1, 0, 1], [0, -1, 0], [1, -1, 1], [2, 0, 1], [1, -1, 0], [0, -1, 0]]
    assert binary.weights[4].tolist() == binary.weights[5].tolist() != binary.weights[8].tolist()
    signed = train(*boolean_function("xor", signed=True))
    assert (signed.cycle_start, signed.cycle_length) == (1, 4)
    assert signed.weights.tolist() == [[0, 0, 0], [-1, 0, 0], [0, 0, 1], [1, 1, 1], [0, 0, 0]]


@settings(max_examples=examples(40))
@given(seed=st.integers(0, 10**6), n=st.integers(2, 8), signed=st.booleans())
def test_cycles_found_on_integer_data_are_exact_and_minimal(seed, n, signed):
    rng = np.random.default_rng(seed)
    X = rng.integers(-2, 3, size=(n, 2))
    y = rng.integers(0, 2, size=n)
    y = 2 * y - 1 if signed else y
    run = train(X, y, max_epochs=500)
    compact = train(X, y, max_epochs=500, record=False)
    assert (compact.status, compact.cycle_start, compact.cycle_length, compact.n_updates) == (
        run.status, run.cycle_start, run.cycle_length, run.n_updates)
    np.testing.assert_array_equal(compact.final_weights, run.final_weights)
    if run.status == "cycling":
        s, length = run.cycle_start, run.cycle_length
        assert run.updated[s - 1:].any()
        np.testing.assert_array_equal(run.weights[s - 1], run.weights[s - 1 + length])
        if s > 1:
            assert not np.array_equal(run.weights[s - 2], run.weights[s - 2 + length])
        # the cycle is the first repeat: no shorter period from that point on
        for shorter in range(n, length, n):
            assert not np.array_equal(run.weights[s - 1], run.weights[s - 1 + shorter])


def test_all_ones_labels_fit_both_rules():
    X, _ = boolean_function("or")
    run = train(X, np.ones(4, int))
    assert run.labels == "0/1" and run.status == "converged"
    assert (run.X @ run.final_weights > 0).all()


def test_initial_weights_are_the_first_row():
    X, y = boolean_function("or")
    run = train(X, y, initial_weights=[-0.5, 1, 1])
    assert run.weights[0].tolist() == [-0.5, 1, 1] and run.n_updates == 0
    assert run.n_presentations == 4


def test_max_epochs_bounds_the_run():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(10, 2))
    y = rng.integers(0, 2, 10)
    y[:2] = 0, 1
    X[1] = X[0]  # the same pattern with both labels: never separable
    run = train(X, y, max_epochs=7)
    assert run.status in ("max_epochs", "cycling")
    assert run.n_presentations <= 70


def test_long_runs_stay_compact_with_record_false():
    X, y = boolean_function("xor")
    run = train(X, y, order="random", seed=0, max_epochs=25_000, record=False)
    assert run.status == "max_epochs" and run.n_presentations == 100_000
    assert run.weights.shape == (2, 3) and run.net.size == 0 and not run.recorded
    full = train(X, y, order="random", seed=0, max_epochs=25_000)
    assert full.n_updates == run.n_updates
    np.testing.assert_array_equal(full.final_weights, run.final_weights)
    with pytest.raises(ValueError, match="record=True"):
        run.step_text(1)


def test_to_signed():
    assert to_signed([0, 1]).tolist() == [-1, 1]
    with pytest.raises(ValueError, match=r"y must hold labels all in \{0, 1\}"):
        to_signed([0, 2])




def test_a_varying_learning_rate_follows_its_schedule_and_still_converges():
    """Honavar (1996), section 3: any rates in (0, B] still converge on separable data."""
    rates = np.random.default_rng(0).uniform(0.01, 2, 10_000)
    for seed in range(20):
        X, y, _ = separable_data(30, 3, margin=0.1, seed=seed)
        run = train(X, y, eta=lambda k: rates[k])
        assert run.status == "converged"
        steps = np.diff(run.weights, axis=0)[run.updated]
        signs = np.where(run.target[run.updated] == 1, 1, -1)
        np.testing.assert_allclose(steps, (rates[:run.n_updates] * signs)[:, None] * run.X[run.pattern[run.updated]])


def test_a_schedule_never_claims_a_cycle_and_bad_rates_are_named():
    X, y = boolean_function("xor")
    assert train(X, y, eta=lambda k: 1.0, max_epochs=5).status == "max_epochs"
    with pytest.raises(ValueError, match=r"eta\(k\) must return a positive finite number, got 0 for k=0"):
        train(X, y, eta=lambda k: 0)
    with pytest.raises(ValueError, match=r"eta is used only by rule='fixed'"):
        train(X, y, eta=lambda k: 1.0, rule="absolute")


@settings(max_examples=examples(150))
@given(seed=st.integers(0, 10**6), n=st.integers(2, 10), d=st.integers(1, 3), signed=st.booleans(),
       max_epochs=st.sampled_from([1, 2, 3, 4, 5, 7, 10, 3000]))
def test_constant_memory_cycle_search_finds_the_first_repeat_a_dictionary_finds(seed, n, d, signed, max_epochs):
    """Brent's method on the pass-start map, and the check at max_epochs for a cycle it had no time to
    notice, report the very repeat that keeping every start finds, whatever max_epochs."""
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, size=(n, d))
    y = rng.integers(0, 2, size=n)
    y = 2 * y - 1 if signed else y
    status, passes, first, w = reference_first_repeat(X, y, max_epochs=max_epochs)
    for record in (True, False):
        run = train(X, y, max_epochs=max_epochs, record=record)
        assert (run.status, run.n_epochs) == (status, passes)
        np.testing.assert_array_equal(run.final_weights, w)
        if status == "cycling":
            assert run.cycle_length == (passes - first) * n
            assert first * n - n < run.cycle_start <= first * n + 1


def test_a_long_cycle_is_found_and_cut_back_to_its_first_repeat():
    """Random labels on 40 integer points: the cycle is long and begins late; Brent's search passes the
    first repeat before it notices, and the run is reported up to that repeat all the same."""
    rng = np.random.default_rng(5)
    X = rng.integers(-9, 10, size=(40, 2))
    y = rng.integers(0, 2, size=40)
    status, passes, first, w = reference_first_repeat(X, y, max_epochs=20_000)
    run = train(X, y, max_epochs=20_000, record=False)
    assert status == run.status == "cycling" and passes - first > 1 and first > 1
    assert (run.n_epochs, run.cycle_length) == (passes, (passes - first) * 40)
    np.testing.assert_array_equal(run.final_weights, w)


def test_a_cycle_whose_first_repeat_is_the_last_pass_is_still_reported():
    """XOR (labels 0/1) first repeats a pass start at pass 3: with max_epochs = 3 the run cycles, with 2 it does not."""
    X, y = boolean_function("xor")
    assert train(X, y, max_epochs=3).status == train(X, y, max_epochs=3, record=False).status == "cycling"
    assert train(X, y, max_epochs=2).status == "max_epochs"
    batch = train_many(np.stack([X] * 2), np.stack([y] * 2), max_epochs=3)
    assert batch.status.tolist() == ["cycling"] * 2 and batch.n_epochs.tolist() == [3, 3]


def test_record_false_runs_in_constant_memory():
    """No start-of-pass W is kept: a long cyclic run on random data needs no more memory than a short one."""
    rng = np.random.default_rng(1)
    X = rng.normal(size=(20, 2))
    y = rng.integers(0, 2, size=20)

    def peak(max_epochs):
        tracemalloc.start()
        run = train(X, y, max_epochs=max_epochs, record=False)
        size = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return size, run

    short, _ = peak(100)
    long, run = peak(20_000)
    assert run.n_presentations > 100 * 20
    assert long < short + 50_000, (short, long)


def test_a_zero_step_stalls_instead_of_claiming_a_cycle():
    """The fractional rule steps lambda |W·X| / X·X: at W = 0 on OR that is 0, and W can never move."""
    run = train(*boolean_function("or"), rule="fractional")
    assert run.status == "stalled" and run.n_presentations == 4 and run.updated.tolist() == [False, True, True, True]
    assert (run.weights == 0).all()
    assert "W·X computes to 0" in run.reason and "stalled" in run.summary()
    exact = train(*boolean_function("or"), rule="fractional", exact=True)
    assert exact.status == "stalled" and "W·X = 0 exactly" in exact.reason


def test_a_step_lost_in_rounding_stalls_instead_of_claiming_a_cycle():
    """OR is separable; with eta = 1e-20 against w0 = 1 the correction 1 - 1e-20 rounds back to 1."""
    run = train(*boolean_function("or"), eta=1e-20, initial_weights=[1, 0, 0])
    assert run.status == "stalled" and run.n_presentations == 4 and run.updated.tolist() == [True, False, False, False]
    assert run.final_weights.tolist() == [1, 0, 0]
    assert "lost in rounding" in run.reason
    compact = train(*boolean_function("or"), eta=1e-20, initial_weights=[1, 0, 0], record=False)
    assert (compact.status, compact.reason) == (run.status, run.reason)


def test_exact_arithmetic_keeps_the_step_that_floats_lose():
    """With rationals, 1 - 1e-20 is not 1: the run goes on (and would need 1e20 updates to converge)."""
    run = train(*boolean_function("or"), eta=1e-20, initial_weights=[1, 0, 0], exact=True, max_epochs=50)
    assert run.status == "max_epochs" and run.n_updates == 50


def test_a_correction_lost_once_does_not_stop_a_run_that_still_moves():
    """Only a whole pass without a change of W is a stall. Here w0 = 1e17 swallows the bias step of 1
    (its float neighbours are 16 apart): in pass 1 that step is lost but X2's correction moves W;
    in pass 2 only the lost step is left, and the run stalls there."""
    run = train([[0.0], [-1e18]], [0, 0], initial_weights=[1e17, 0.0])
    assert run.updated.tolist() == [True, True, True, False]
    assert run.weights[1].tolist() == run.weights[0].tolist() != run.weights[2].tolist()
    assert run.status == "stalled" and run.n_epochs == 2 and "lost in rounding" in run.reason


@pytest.mark.parametrize("lam", [0.5, 1.0])
def test_exact_fractional_rule_never_crosses_where_floats_stall(lam):
    """Honavar section 4: with labels 0/1 and lambda <= 1 a correction never carries a positive pattern
    across its plane. In floats the creep ends when the steps are lost (stalled); exact, it goes on."""
    X, y = boolean_function("and")
    w = [0.5, -1.0, 0.25]
    floats = train(X, y, initial_weights=w, rule="fractional", fraction=lam, max_epochs=500)
    exact = train(X, y, initial_weights=w, rule="fractional", fraction=lam, max_epochs=500, exact=True)
    assert floats.status == "stalled" and exact.status == "max_epochs"


def test_exact_runs_agree_with_float_runs_on_integer_data():
    for name in ("or", "and", "xor"):
        for signed in (False, True):
            X, y = boolean_function(name, signed=signed)
            a, b = train(X, y), train(X, y, exact=True)
            assert (a.status, a.n_presentations, a.cycle_start) == (b.status, b.n_presentations, b.cycle_start)
            np.testing.assert_array_equal(a.weights, b.weights)


def test_statuses_other_than_stalled_leave_no_reason():
    assert train(*boolean_function("or")).reason == train(*boolean_function("xor")).reason == ""


def test_results_do_not_depend_on_the_blas_kernel():
    """The same runs, bit for bit, in a process whose OpenBLAS uses another kernel (Prescott)."""
    script = (
        "import hashlib, numpy as np\n"
        "from perceptron_lib import train, train_many, boolean_patterns\n"
        "rng = np.random.default_rng(3)\n"
        "X = np.stack([boolean_patterns(4)] * 200)\n"
        "y = rng.integers(0, 2, (200, 16))\n"
        "b = train_many(X, y, eta=0.1, max_epochs=100)\n"
        "r = [train(X[i], y[i], eta=0.1, max_epochs=100).weights.tobytes() for i in range(20)]\n"
        "f = rng.normal(size=(30, 7)); g = rng.integers(0, 2, 30)\n"
        "t = train(f, g, eta=0.1, max_epochs=200)\n"
        "h = hashlib.sha256(b.final_weights.tobytes() + b.n_updates.tobytes() + b''.join(r) + t.weights.tobytes())\n"
        "print(h.hexdigest())\n")
    import contextlib
    import io
    from subprocesses import KERNELS, output_under
    digests = {output_under(script, blas=kernel) for kernel in KERNELS}
    here = io.StringIO()
    with contextlib.redirect_stdout(here):    # the same script in this process: the children ran this package
        exec(script, {})
    assert digests == {here.getvalue()}


def test_net_inputs_are_the_nets_train_computes_and_output_reads_them():
    X, c = boolean_function("or")
    run = train(X, c)
    final = run.final_weights
    last = {int(run.pattern[k]): float(run.net[k]) for k in range(9, 13)}   # the last pass, at the final W
    assert net_inputs(final, X).tolist() == [last[k] for k in range(4)] == [0.0, 1.0, 1.0, 2.0]
    layer = np.array([final, -final])
    assert net_inputs(layer, X).shape == (4, 2) and (output(layer, X) == (net_inputs(layer, X) > 0)).all()


# ---------------------------------------------------------------- limits and guards, pinned

import inspect  # noqa: E402

import perceptron_lib as pl  # noqa: E402
from perceptron_lib.core import training  # noqa: E402


def test_the_documented_limits_and_defaults():
    """The numbers train's docstring promises: 3,000,000 presentations, 2,000,000 recorded, 20,000 exact ones of
    at most 4096 bits, and max_epochs = 1000 by default."""
    assert (training.MAX_PRESENTATIONS, training.MAX_RECORDED, training.MAX_EXACT, training.MAX_EXACT_BITS) == \
        (3_000_000, 2_000_000, 20_000, 4096)
    defaults = {k: v.default for k, v in inspect.signature(train).parameters.items()}
    assert defaults == dict(X=inspect.Parameter.empty, y=inspect.Parameter.empty, eta=1.0, initial_weights=None,
                            order="cyclic", seed=None, max_epochs=1000, record=True, rule="fixed", fraction=1.0,
                            exact=False)
    X, y = np.zeros((1000, 1)), np.zeros(1000)
    train(X, y, max_epochs=2000, record=True)                      # 2,000,000 recorded: allowed
    with pytest.raises(ValueError, match=r"record=True keeps every presentation, at most 2,000,000"):
        train(X, y, max_epochs=2001)
    train(X, y, max_epochs=3000, record=False)
    with pytest.raises(ValueError, match=r"within 3,000,000 presentations"):
        train(X, y, max_epochs=3001, record=False)
    train(X[:20], y[:20], max_epochs=1000, exact=True)
    with pytest.raises(ValueError, match=r"within 20,000 presentations \(a few seconds of exact arithmetic\)"):
        train(X[:20], y[:20], max_epochs=1001, exact=True)
    assert train(*boolean_function("xor")).n_epochs < 1000 and train(*boolean_function("xor"), order="random",
                                                                      seed=0).n_epochs == 1000


def test_exact_weights_that_outgrow_4096_bits_are_refused():
    """The fractional rule on float data: each exact step compounds the last (19 corrections here)."""
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(5, 2)), rng.integers(0, 2, 5)
    with pytest.raises(ValueError, match=r"after 19 corrections they need more than 4096 bits"):
        train(X, y, rule="fractional", fraction=0.5, exact=True, max_epochs=4000, initial_weights=[0.3, 0.1, -0.2])
    floats = train(X, y, rule="fractional", fraction=0.5, max_epochs=4000, initial_weights=[0.3, 0.1, -0.2])
    assert floats.n_updates > 19


@pytest.mark.parametrize("options", [dict(rule="absolute"), dict(rule="fractional"), dict(eta=lambda k: 1.0),
                                     dict(rule=pl.Margin(1.0)), dict(eta=1e290)])
def test_numbers_that_could_overflow_are_refused_for_every_rule(options):
    """|W·X| could reach d (max|W0| + max_epochs n eta max|x|) max|x| = 3 (2000 eta max|x|) max|x| > 1e300:
    with max|x| = 1e149 for every rule (eta taken as 1 by the rules that choose their step, and by a schedule),
    or with eta = 1e290 and max|x| = 1e5."""
    big = 1e5 if options.get("eta") == 1e290 else 1e149
    with pytest.raises(ValueError, match=r"eta, X and initial_weights must keep W·X far from overflow"):
        train(np.array([[big, 1.0], [1.0, -big]]), [0, 1], max_epochs=1000, **options)
    train(np.array([[big, 1.0], [1.0, -big]]) / 1e10, [0, 1], max_epochs=1000, record=False,
          **{k: v for k, v in options.items() if k != "eta" or callable(v)})


def test_late_cycles_are_found_by_return_time_and_only_then(monkeypatch):
    """A cycle that began too late for Brent's method is found from the last pass start (rule.return_time):
    without that search the same runs end at max_epochs."""
    rng = np.random.default_rng(5)
    late = 0
    for _ in range(300):
        X, y, max_epochs = rng.integers(-3, 4, (5, 2)), rng.integers(0, 2, 5), int(rng.integers(2, 8))
        run = train(X, y, max_epochs=max_epochs, record=False)
        with monkeypatch.context() as patch:
            patch.setattr(pl.core.rule, "return_time", lambda *args, **kwargs: None)   # run_to_end's late search
            brent_only = train(X, y, max_epochs=max_epochs, record=False)
        if run.status != brent_only.status:
            late += 1
            assert (run.status, brent_only.status) == ("cycling", "max_epochs")
            assert run.n_epochs <= max_epochs
    assert late >= 3


def test_the_overflow_guard_takes_eta_as_one_for_the_rules_that_choose_their_step():
    """max|x| = 1.1e148, n = 2, d = 3, 1000 passes: d (n max_epochs eta max|x|) max|x| = 7.3e299 with eta = 1,
    under 1e300, so the absolute rule may run (with eta = 2 the bound would be 1.5e300, refused)."""
    X = np.array([[1.1e148, 0.0], [0.0, -1.1e148]])
    with np.errstate(all="ignore"):
        train(X, [1, 0], rule="absolute", max_epochs=1000, record=False)
        train(X, [1, 0], max_epochs=1000, record=False)
    with pytest.raises(ValueError, match="far from overflow"):
        train(X, [1, 0], eta=2.0, max_epochs=1000, record=False)


def test_the_rules_that_choose_their_step_lengthen_w_no_faster_than_a_step_of_x():
    """Why the overflow guard may take eta as one for them (validation.no_overflow): a correction of the absolute
    rule lengthens ||W||^2 by at most X·X, one of the fractional rule not at all (but for rounding), though the
    absolute rule's step can be longer than X (W + 2X after W·X = -4 on X·X = 4)."""
    from perceptron_lib import Absolute, Fractional
    assert Absolute().step(-4.0, 1, 4.0, 1.0, "-1/+1") == 2
    rng = np.random.default_rng(1)
    largest = {}
    for _ in range(200):
        X, c = rng.integers(-5, 6, (6, 3)).astype(float), rng.integers(0, 2, 6)
        ones = np.hstack([np.ones((6, 1)), X])
        for rule in (Absolute(), Fractional(2.0), Fractional(0.7)):
            for targets in (c, 2 * c - 1):
                run = train(X, targets, rule=rule, max_epochs=20, initial_weights=rng.normal(size=4) * 3)
                W = np.asarray(run.weights, float)   # W before each presentation, then the last W
                squared = (ones[np.arange(len(W) - 1) % 6] ** 2).sum(axis=1)
                growth = ((W[1:] ** 2).sum(axis=1) - (W[:-1] ** 2).sum(axis=1)) / squared
                largest[repr(rule)] = max(largest.get(repr(rule), -np.inf), growth.max())
    assert 0.9 < largest["Absolute()"] <= 1 + 1e-12   # reached nearly, never passed
    assert largest["Fractional(fraction=2.0)"] < 1e-12 and largest["Fractional(fraction=0.7)"] < 1e-12


def test_a_cycling_run_counts_the_updates_of_its_replay():
    """XOR by hand (test_trace): 9 updates up to the first repeat, the same with and without the record."""
    for record in (True, False):
        run = train(*boolean_function("xor"), record=record)
        assert (run.status, run.n_updates, run.n_presentations, run.final_weights.tolist()) == \
            ("cycling", 9, 12, [1, -1, 0])
    unrecorded = train(*boolean_function("or"), record=False)
    assert unrecorded.net.shape == unrecorded.pattern.shape == unrecorded.updated.shape == (0,)
    assert unrecorded.output.shape == unrecorded.target.shape == (0,)


def test_a_cycle_that_begins_at_the_first_presentation_of_a_pass_is_located_there():
    """The walk back from the first repeated pass start stops at position 0 of the pass before: here the cycle
    starts at presentation 13, the first of pass 4 (checked with every state (W, position) kept in a dictionary)."""
    X, y = np.array([[1, -2], [1, -1], [2, 1], [-1, -1]]), np.array([0, 1, 0, 0])
    run = train(X, y, max_epochs=60)
    history, _ = reference_cyclic(X, y, max_epochs=60)
    seen = {}
    for k, w in enumerate(history):
        state = (tuple(w.tolist()), k % len(X))
        if state in seen:
            first, length = seen[state] + 1, k - seen[state]
            break
        seen[state] = k
    assert (run.status, run.cycle_start, run.cycle_length) == ("cycling", first, length) == ("cycling", 13, 28)


def test_exact_weights_of_exactly_4096_bits_are_kept():
    """The limit is 4096 bits, inclusive. Honavar's fractional rule (lambda = 1/4) written as a plain loop on Fractions:
    on these five integer patterns from W = (-2, 1, 2), the 520th correction, the last of pass 174, leaves a weight of
    exactly 4096 bits (numerator's and denominator's), the largest so far; the 521st, in pass 175, needs more."""
    from fractions import Fraction
    X, y, start = [[1, -1], [-1, 2], [2, 1], [3, -3], [-3, 1]], [0, 1, 0, 1, 0], [-2, 1, 2]
    w, bits = [Fraction(v) for v in start], []
    for _ in range(175):
        for x, c in zip(X, y):
            x = [1, *x]
            net = sum(a * b for a, b in zip(w, x))
            if (net > 0) != c:
                step = Fraction(1, 4) * abs(net) / sum(v * v for v in x) * (2 * c - 1)
                w = [a + step * b for a, b in zip(w, x)]
                bits.append(max(v.denominator.bit_length() + abs(v.numerator).bit_length() for v in w))
        if len(bits) == 520:
            after_174 = list(w)
    assert max(bits[:520]) == bits[519] == 4096 and bits[520] > 4096
    run = train(np.array(X, float), y, rule="fractional", fraction=0.25, exact=True, max_epochs=174,
                initial_weights=np.array(start, float), record=False)
    assert run.n_updates == 520 and run.status == "max_epochs"
    assert run.final_weights.tolist() == [float(v) for v in after_174]
    with pytest.raises(ValueError, match=r"after 521 corrections they need more than 4096 bits"):
        train(np.array(X, float), y, rule="fractional", fraction=0.25, exact=True, max_epochs=175,
              initial_weights=np.array(start, float), record=False)


# ---------------------------------------------------------------- exact runs of a rule of the user's

from user_rules import ExactPassiveAggressive, PassiveAggressive, pa_loop  # noqa: E402


def test_exact_runs_refuse_a_rule_whose_step_leaves_the_fractions_and_run_one_that_keeps_them():
    """A float step in an exact run was AttributeError: 'float' object has no attribute 'denominator'."""
    X, c = boolean_function("or")
    with pytest.raises(ValueError, match=r"exact=True needs a rule whose step stays exact, but the PA-I rule's step "
                                         r"on X1 is -1\.0 \(float\)"):
        train(X, c, rule=PassiveAggressive(), exact=True)   # before the run: its first steps show it
    exact = train(X, c, rule=ExactPassiveAggressive(), exact=True, max_epochs=20)
    weights, corrections = pa_loop(X.tolist(), c.tolist(), 1, 20)
    assert exact.final_weights.tolist() == [float(v) for v in weights] and exact.n_updates == corrections
    # In floats the run stops "converged" only because its steps are lost in rounding; exactly, it never does
    assert train(X, c, rule=PassiveAggressive()).status == "converged" and exact.status == "max_epochs"


class _FloatLater(ExactPassiveAggressive):
    """Exact from W = 0, where every W·X is 0; a float step wherever W·X > 0.5: refused where the run meets one."""

    name = "float-later"

    def step(self, net, s, squared, rate, labels):
        return float(super().step(net, s, squared, rate, labels)) if net > 0.5 else super().step(net, s, squared,
                                                                                                 rate, labels)


def test_an_exact_run_refuses_a_float_step_where_it_comes():
    with pytest.raises(ValueError, match=r"the float-later rule's step on X\d is \S+ \(float\)"):
        train(*boolean_function("or"), rule=_FloatLater(), exact=True, max_epochs=20)
    assert train(*boolean_function("or"), rule=_FloatLater(), max_epochs=20).n_updates > 4   # in floats it runs


def test_the_trace_keeps_the_eta_and_the_fraction_the_run_was_given():
    """The Trace's eta is the caller's: a number as given, or the schedule itself; its fraction is the
    fractional rule's lambda, and 1.0 for every rule that has none (fixed, margin, absolute)."""
    X, c = boolean_function("or")
    assert train(X, c, eta=0.5).eta == 0.5 and train(X, c).eta == 1.0
    def schedule(k):
        return 1.0 / (k + 1)
    assert train(X, c, eta=schedule).eta is schedule
    for rule in ("fixed", "margin", "absolute"):
        run = train(X, c, rule=rule)
        assert run.fraction == 1.0 and run.eta == 1.0, rule
    assert train(X, c, rule="fractional", fraction=0.5).fraction == 0.5


def test_the_traces_outputs_are_honavars_o_or_the_sign_of_w_x_by_hand():
    """Outputs by hand, with negative nets so that the two conventions' outputs differ. Labels 0/1 (OR from
    W = [-1 0 0]): o = 1 iff W·X > 0, so a net of -1 outputs 0; the run makes 3 corrections (presentations 2, 3, 5)
    and converges after 9 at W = [0 1 1]. Labels -1/+1 (OR from W = 0): the output is sign(W·X), -1, 0 or 1;
    9 corrections, converged after 21 at W = [-1 2 2]."""
    X, c = boolean_function("or")
    run = train(X, c, initial_weights=[-1.0, 0.0, 0.0])
    assert run.net.tolist() == [-1, -1, 0, 3, 1, 1, 1, 2, 0]
    assert run.output.tolist() == [0, 0, 0, 1, 1, 1, 1, 1, 0]
    assert (run.status, run.n_presentations, run.n_updates, run.final_weights.tolist()) == ("converged", 9, 3, [0, 1, 1])
    run = train(X, to_signed(c))
    assert run.net.tolist() == [0, -1, 0, 3, 1, 1, 1, 2, 0, 0, 1, 3, 0, 1, 0, 4, 0, 1, 1, 3, -1]
    assert run.output.tolist() == [0, -1, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, -1]
    assert (run.status, run.n_presentations, run.n_updates, run.final_weights.tolist()) == \
        ("converged", 21, 9, [-1, 2, 2])
