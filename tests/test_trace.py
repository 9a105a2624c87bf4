"""Trace: its tables and texts say what the arrays hold."""
import re

import pytest

from perceptron_lib import boolean_function, train


def test_step_text_follows_the_sources_arithmetic():
    run = train(*boolean_function("or"))
    assert run.step_text(2) == ("W·X2 = [0 0 0]·[1 0 1] = 0 ⇒ o = 0 ≠ c = 1",
                                "W ← [0 0 0] + 1·(1 − 0)·[1 0 1] = [1 0 1]")
    assert run.step_text(13) == ("W·X1 = [0 1 1]·[1 0 0] = 0 ⇒ o = 0 = c = 0", "no change")


def test_signed_step_text_names_the_mistake_at_zero():
    run = train(*boolean_function("or", signed=True))
    test, change = run.step_text(1)
    assert "y·(W·X) = (-1)·0 = 0 ≤ 0 ⇒ mistake" in test
    assert change == "W ← [0 0 0] + 1·(-1)·[1 0 0] = [-1 0 0]"


def test_step_summary_says_each_step_in_one_sentence_for_a_screen_reader():
    run = train(*boolean_function("or"))
    said = [run.step_summary(k) for k in range(run.n_presentations + 1)]
    assert said[0] == "step 0 of 13: the start, W = [0 0 0]"
    assert sum("a mistake" in s for s in said) == int(run.updated.sum()) == 4
    assert said[13] == "step 13 of 13: X1 presented, W·X = 0, output 0, target 0: right, W stays [0 1 1]"
    signed = train(*boolean_function("or", signed=True))
    assert signed.step_summary(1) == ("step 1 of 21: X1 presented, W·X = 0, y = -1, y·(W·X) = 0: "
                                      "a mistake, W becomes [-1 0 0]")
    with pytest.raises(ValueError, match="k must be a step from 0 to 13"):
        run.step_summary(14)
    with pytest.raises(TypeError, match="k must be a whole number"):
        run.step_summary(1.0)


def test_html_table_has_a_row_per_presentation_and_highlights_updates():
    run = train(*boolean_function("or"))
    html = run.to_html(current=5)
    assert html.count("<tr") == 14  # header + 13
    assert html.count("background:#ffe2b8") == 4
    assert len(re.findall("outline:3px", html)) == 1
    assert "final W = [0 1 1]" in html
    assert run.to_html(rows=(3, 5)).count("<tr") == 4


def test_summary_reports_cycles():
    run = train(*boolean_function("xor"))
    assert "cycle of 4 presentations from presentation 6" in run.summary()


@pytest.mark.parametrize("k, error", [(0, ValueError), (14, ValueError), (2.0, TypeError), (True, TypeError)])
def test_step_text_rejects_a_presentation_that_is_not_there(k, error):
    """A number out of range is a ValueError, a value that is not a whole number a TypeError (as step_summary's)."""
    run = train(*boolean_function("or"))
    with pytest.raises(error, match=r"k must be a (whole number \(a )?presentation number from 1 to 13"):
        run.step_text(k)
    with pytest.raises(error, match=r"k must be a (whole number \(a )?step from 0 to 13"):
        run.step_summary(k if k != 0 else -1)


# ---------------------------------------------------------------- the gaps a mutation run found, by hand

import numpy as np  # noqa: E402

import perceptron_lib as pl  # noqa: E402
from perceptron_lib import train_many  # noqa: E402
from perceptron_lib.core.trace import format_number, format_vector  # noqa: E402


def test_step_text_of_the_absolute_and_fractional_rules_gives_the_step_they_chose():
    """AND from W = [2 0 0]: X1 = [1 0 0] has W·X1 = 2 > 0 with target 0. Absolute: ceil(2/1) = 2 steps, W = [0 0 0];
    fractional with lambda = 0.5: 0.5·2/1 = 1, W = [1 0 0]. Labels -1/+1: the absolute rule takes floor(2) + 1 = 3."""
    X, c = boolean_function("and")
    absolute = train(X, c, rule="absolute", initial_weights=[2, 0, 0], max_epochs=1)
    assert absolute.step_text(1) == ("W·X1 = [2 0 0]·[1 0 0] = 2 ⇒ o = 1 ≠ c = 0",
                                     "W ← [2 0 0] + 2·(0 − 1)·[1 0 0] = [0 0 0]")
    fractional = train(X, c, rule="fractional", fraction=0.5, initial_weights=[2, 0, 0], max_epochs=1)
    assert fractional.step_text(1)[1] == "W ← [2 0 0] + 1·(0 − 1)·[1 0 0] = [1 0 0]"
    signed = train(*boolean_function("and", signed=True), rule="absolute", initial_weights=[2, 0, 0], max_epochs=1)
    assert signed.step_text(1) == ("W·X1 = [2 0 0]·[1 0 0] = 2; y·(W·X) = (-1)·2 = -2 ≤ 0 ⇒ mistake",
                                   "W ← [2 0 0] + 3·(-1)·[1 0 0] = [-1 0 0]")
    schedule = train(X, c, eta=lambda k: 0.5, initial_weights=[2, 0, 0], max_epochs=1)
    assert schedule.step_text(1)[1] == "W ← [2 0 0] + 0.5·(0 − 1)·[1 0 0] = [1.5 0 0]"


def test_the_output_of_a_signed_run_is_the_sign_and_of_a_zero_one_run_the_threshold():
    """Trace.output for W·X < 0: -1 under labels -1/+1 (the sign), 0 under 0/1; 0 at W·X = 0 in both."""
    run = train(*boolean_function("and", signed=True), initial_weights=[-1, 0, 0], max_epochs=1)
    assert run.net[:2].tolist() == [-1, -1] and run.output[:2].tolist() == [-1, -1]
    zero_one = train(*boolean_function("and"), initial_weights=[-1, 0, 0], max_epochs=1)
    assert zero_one.output[:2].tolist() == [0, 0]
    at_zero = train(*boolean_function("or", signed=True), max_epochs=1)
    assert at_zero.net[0] == 0 and at_zero.output[0] == 0
    positive = train(*boolean_function("or", signed=True), initial_weights=[1, 0, 0], max_epochs=1)
    assert positive.output[0] == 1


def test_a_run_without_its_record_keeps_the_counts_and_empty_arrays():
    run = train(*boolean_function("xor"), record=False)
    full = train(*boolean_function("xor"))
    assert (run.status, run.n_presentations, run.n_updates, run.n_epochs) == \
        (full.status, full.n_presentations, full.n_updates, full.n_epochs)
    assert run.updated.shape == (0,) and run.updated.dtype == bool and run.pattern.shape == (0,)
    assert run.net.shape == (0,) and run.weights.tolist() == [[0, 0, 0], full.final_weights.tolist()]
    assert not run.recorded and full.recorded
    with pytest.raises(ValueError, match="step_text needs the per-presentation record"):
        run.step_text(1)
    assert run._repr_html_() == f"<p>Trace: {run.summary()}</p>"


def test_cycle_corrections_and_their_sum():
    """XOR cycles through X1..X4, each corrected once a period (Manfredi's cycling theorem: they sum to zero)."""
    run = train(*boolean_function("xor"))
    assert run.cycle_corrections().tolist() == run.corrections(cycle=True).tolist() == [1, 1, 1, 1]
    assert (run.cycle_start, run.cycle_length) == (6, 4)
    signs = np.where(run.y == 1, 1, -1)
    assert (run.cycle_corrections() * signs) @ run.X == pytest.approx([0, 0, 0])
    with pytest.raises(ValueError, match="needs a run that ended cycling"):
        train(*boolean_function("or")).corrections(cycle=True)
    assert train(*boolean_function("or")).corrections().tolist() == [2, 1, 1, 0]


def test_the_summary_of_each_ending():
    assert train(*boolean_function("or")).summary() == \
        "converged after 13 presentations (4 passes), 4 updates; final W = [0 1 1]"
    # by hand: pass 1 corrects X2, X4 (W = [0 -1 0]); pass 2 X2, X3, X4 (W = [1 -1 0]); pass 3 X1..X4, back to
    # [1 -1 0]: 9 updates; W after presentation 5, [0 -1 0], recurs after 9: the cycle starts at presentation 6
    assert train(*boolean_function("xor")).summary() == ("cycling after 12 presentations (3 passes), 9 updates; "
                                                         "final W = [1 -1 0]; cycle of 4 presentations from "
                                                         "presentation 6")
    stalled = train(*boolean_function("or"), rule="fractional")
    assert stalled.summary().startswith("stalled after 4 presentations (1 pass), 3 updates; final W = [0 0 0]; "
                                        "mistakes are made but W cannot move: at presentation 4 (X4, W·X = 0)")
    one = train([[1.0]], [1], max_epochs=1)
    assert one.summary() == "converged after 1 presentation (1 pass), 0 updates; final W = [0 0]" or \
        one.summary().startswith("max_epochs after 1 presentation (1 pass), 1 update")
    assert repr(train(*boolean_function("or"))).startswith("<Trace: converged after 13")


def test_the_html_table_and_its_window():
    run = train(*boolean_function("or"))
    html = run._repr_html_()
    assert html == run.to_html() and html.count("<tr") == 14 and html.count("background:#ffe2b8") == 4
    window = run.to_html(rows=(5, 7), current=6)
    assert re.findall(r"<tr style=\"[^\"]*\"><td>(\d+)</td>", window) == ["5", "6", "7"]
    assert window.count("outline:3px") == 1 and "<td>6</td>" in window
    assert re.findall(r"<td>(\d+)</td><td>X", run.to_html(rows=(12, 40))) == ["12", "13"]   # past the end: cut
    assert "<th>o</th>" in html and "<th>sign</th>" in train(*boolean_function("or", signed=True)).to_html()
    long = train(*boolean_function("xor"), order="random", seed=1, max_epochs=600)
    assert long.n_presentations > 2000
    with pytest.raises(ValueError, match="rows must be given for a run this long"):
        long.to_html()
    with pytest.raises(ValueError, match="rows must span at most 2000 presentations"):
        long.to_html(rows=(1, 2001))
    assert long.to_html(rows=(1, 2000)).count("<tr style") == 2000
    assert "<p>Trace: " in long._repr_html_()


def test_numbers_and_vectors_as_the_sources_print_them():
    assert [format_number(v) for v in (2.0, -0.25, 1 / 3, 1e15, 123456.0)] == ["2", "-0.25", "0.3333", "1e+15",
                                                                                 "123456"]
    assert format_vector([0.0, 1.0, -0.5]) == "[0 1 -0.5]"
    assert train_many(*(np.stack([a]) for a in boolean_function("or"))).final_weights[0].tolist() == [0, 1, 1]


# ---------------------------------------------------------------- the survivors of a mutation run of trace.py

import dataclasses  # noqa: E402


def test_a_trace_is_frozen_and_compared_by_identity():
    run = train(*boolean_function("or"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.status = "cycling"
    assert type(run).__eq__ is object.__eq__ and run != train(*boolean_function("or"))   # eq=False: arrays never compared


def test_update_presentations_are_numbered_from_one():
    assert train(*boolean_function("or")).update_presentations.tolist() == [2, 5, 7, 9]   # Honavar's table


def test_the_corrections_of_a_cycle_are_counted_over_its_own_presentations():
    """A cycle of 12 presentations from presentation 13, counted with a plain loop over presentations 13..24
    (a window one presentation early or late counts [1 3 2 1] or [0 3 2 0])."""
    X, y = np.array([[-2, 2], [0, 0], [1, -1], [1, 2]]), np.array([1, 0, 1, 1])
    run = train(X, y)
    assert (run.status, run.cycle_start, run.cycle_length) == ("cycling", 13, 12)
    counts = [0, 0, 0, 0]
    for presentation in range(13, 13 + 12):
        if run.updated[presentation - 1]:
            counts[run.pattern[presentation - 1]] += 1
    assert run.corrections(cycle=True).tolist() == counts == [1, 3, 2, 0]


def test_the_step_a_rule_chose_is_read_off_the_weights():
    """X2 = [1 0 1], X·X = 2, W = [-3 0 0]: W·X2 = -3 for a positive pattern; the absolute rule takes
    floor(3/2) + 1 = 2 steps, W = [-1 0 2]; the trace says 2 (a Div -> Mult slip would say 8)."""
    X, c = boolean_function("or")
    run = train(X[[1]], c[[1]], rule="absolute", initial_weights=[-3, 0, 0], max_epochs=1)
    assert run.step_text(1)[1] == "W ← [-3 0 0] + 2·(1 − 0)·[1 0 1] = [-1 0 2]"
    margin = train(X, c, rule=pl.Margin(1))
    assert margin.step_text(1)[0] == "W·X1 = [0 0 0]·[1 0 0] = 0; y·(W·X) = (-1)·0 = 0 ≤ m = 1 ⇒ correct W"
    assert margin.step_text(2) == ("W·X2 = [-1 0 0]·[1 0 1] = -1; y·(W·X) = 1·(-1) = -1 ≤ m = 1 ⇒ correct W",
                                   "W ← [-1 0 0] + 1·1·[1 0 1] = [0 0 1]")   # y = 2c - 1 = 1


def test_the_tables_limits_at_their_boundaries():
    """2000 presentations make a whole table, 2001 need a window; 200 show as a table, 201 as a sentence."""
    def clean(n):   # a run of n presentations: n patterns right at W = 0, one pass
        return train(np.zeros((n, 1)), np.zeros(n, int), max_epochs=1)
    assert clean(2000).to_html().count("<tr style") == 2000
    with pytest.raises(ValueError, match="rows must be given for a run this long"):
        clean(2001).to_html()
    assert clean(200)._repr_html_().startswith("<table") and clean(201)._repr_html_().startswith("<p>Trace: ")


def test_a_row_of_the_table_holds_its_own_presentation():
    row = re.search(r"<tr style=\"[^\"]*\"><td>7</td>(.*?)</tr>", train(*boolean_function("or")).to_html()).group(1)
    assert row.startswith("<td>X3</td><td style=\"white-space:nowrap\">[0 0 1]</td><td>0</td><td>0</td><td>1</td>")
    assert "[1 1 1]</td>" in row


@pytest.mark.parametrize("rows, error", [((1,), TypeError), ([1, 2, 3], TypeError), ((1.0, 2.0), TypeError),
                                         ((True, 2), TypeError), ((3, 2), ValueError), ((0, 2), ValueError),
                                         ("1-2", TypeError)])
def test_a_window_must_be_two_presentation_numbers_in_order(rows, error):
    with pytest.raises(error, match=r"rows must be \(first, last\) with 1 <= first <= last"):
        train(*boolean_function("or")).to_html(rows=rows)
    assert train(*boolean_function("or")).to_html(rows=[2, 3]).count("<tr style") == 2
    assert train(*boolean_function("or")).to_html(rows=(4, 4)).count("<tr style") == 1   # first == last: one row


# ---------------------------------------------------------------- words that agree with the numbers written

from user_rules import ExactPassiveAggressive, PassiveAggressive  # noqa: E402


def _verdicts(run):
    """(y·(W·X) as written, "=" or "≈" before it, the comparison written) of each step of a run whose bound is 1."""
    found = []
    for k in range(1, run.n_presentations + 1):
        shown = re.search(r"y·\(W·X\) ([=≈]) \S+ = (\S+) ([<≥]) 1 ⇒", run.step_text(k)[0])
        found.append((float(shown.group(2)), shown.group(1), shown.group(3)))
    return found


def test_a_verdict_that_4_digits_would_contradict_is_written_with_every_digit():
    """PA-I on AND makes steps of 1e-13: y·(W·X) = 0.99999999999943 is corrected, and is not written '1 < 1'."""
    run = train(*boolean_function("and"), rule=PassiveAggressive(), max_epochs=200)
    assert all((value < 1) == (sign == "<") for value, _, sign in _verdicts(run))
    assert run.step_text(800)[0] == ("W·X4 = [-2.9999999999995874 1.9999999999995874 1.9999999999994338]·[1 1 1] = "
                                     "0.9999999999994338; y·(W·X) = 1·0.9999999999994338 = 0.9999999999994338 < 1 "
                                     "⇒ correct W")
    assert run.step_summary(800) == ("step 800 of 800: X4 presented, W·X = 0.9999999999994338, output 1, target 1: "
                                     "a loss, W becomes [-2.9999999999993987 1.9999999999997762 1.9999999999996225]")
    assert run.step_text(2)[0] == "W·X2 = [-1 0 0]·[1 0 1] = -1; y·(W·X) = (-1)·(-1) = 1 ≥ 1 ⇒ no loss"


def test_four_digits_where_they_agree_with_the_verdict_and_every_digit_of_a_bound_that_has_more():
    exact = train(*boolean_function("or"), rule=ExactPassiveAggressive(), exact=True, max_epochs=4)
    assert exact.step_text(13)[0] == ("W·X1 = [-0.2188 1.219 1.562]·[1 0 0] = -0.2188; y·(W·X) = (-1)·(-0.2188) = "
                                      "0.2188 < 1 ⇒ correct W")
    # Margin's m = 0.123456 is written whole, even far from it: never "0.1235 > m = 0.1235"
    far = train([[0.0]], [1], rule=pl.Margin(0.123456), initial_weights=[5, 0], max_epochs=1)
    assert far.step_text(1)[0] == "W·X1 = [5 0]·[1 0] = 5; y·(W·X) = 1·5 = 5 > m = 0.123456 ⇒ beyond the margin"
    near = train([[0.0]], [1], rule=pl.Margin(0.123456), initial_weights=[0.1234561, 0], max_epochs=1)
    assert near.step_text(1)[0].endswith("y·(W·X) = 1·0.1234561 = 0.1234561 > m = 0.123456 ⇒ beyond the margin")


def test_an_exact_runs_float_that_cannot_show_its_verdict_is_written_with_approx():
    """Exactly, y·(W·X) is just under 1 and corrected; its nearest float is 1: written "≈", never "= 1 < 1"."""
    exact = train(*boolean_function("or"), rule=ExactPassiveAggressive(), exact=True, max_epochs=200)
    shown = _verdicts(exact)
    assert all((value < 1) == (sign == "<") for value, equals, sign in shown if equals == "=")
    assert [k + 1 for k, (_, equals, _) in enumerate(shown) if equals == "≈"][:3] == [226, 230, 234]
    assert exact.step_text(226)[0] == ("W·X2 = [-1 1.9999999999999987 2]·[1 0 1] ≈ 1; y·(W·X) ≈ 1·1 = 1 < 1 "
                                       "⇒ correct W")
    assert exact.step_summary(226).startswith("step 226 of 800: X2 presented, W·X ≈ 1, output 1, target 1: a loss")
