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
