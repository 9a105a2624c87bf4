"""Predict, then see (tools/site_predictions.py), as a student meets it on the site's pages in Chromium.

A Predict question's answer stays shut until a prediction is committed, by keyboard as by mouse; the
committed prediction is shown beside the answer and kept across a reload; the sidebar and the index say
each lesson's progress in words; "Forget my answers" clears it after a confirmation; and a page with its
forms has no critical or serious axe-core violation, in light and in dark mode.

The pages are built alone (tools/website.py --pages-only, about 15 s: the JupyterLite site and the decks
play no part here), or taken from PERCEPTRON_SITE, as tests/e2e/test_site.py does.
"""
import json
import re
import sys

import pytest

from jupyter import ROOT, chromium
from lite import keep_local, serve
from test_accessibility import serious_violations

sys.path.insert(0, str(ROOT / "tools"))
import site_predictions  # noqa: E402  (tools/ is not a package)

LESSON = "02-learning-rule"
LESSONS = site_predictions.progress_map(sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")))
TOTAL = {stem: lesson["predictions"] + len(lesson["exercises"]) for stem, lesson in LESSONS.items()}
STORED = f"() => JSON.parse(localStorage.getItem('{site_predictions.STORAGE_KEY}'))"


@pytest.fixture(scope="module")
def site(pages_site):
    return pages_site


@pytest.fixture(scope="module")
def served(site):
    with serve(site) as base:
        yield base


@pytest.fixture
def page(served):
    """A fresh browser (nothing stored) that may not leave 127.0.0.1 and has no script error."""
    with chromium(1280, 720) as page:
        outside, errors = keep_local(page, served), []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield page
        assert outside == [] and errors == []


def open_page(page, base, name):
    page.goto(f"{base}/{name}.html")
    page.wait_for_load_state("load")


def focused(page):
    return page.evaluate("() => [document.activeElement.tagName, document.activeElement.textContent.trim()]")


def sidebar(stem, current=False):
    """Lesson `stem`'s link in the sidebar (the page's own links to "#")."""
    return 'nav.bd-docs-nav a[href="#"]' if current else f'nav.bd-docs-nav a[href="{stem}.html"]'


def index_row(stem):
    """Lesson `stem`'s cell in the index's list of lessons."""
    return f'.bd-article td:has(a[href="{stem}.html"])'


def progress(page, where):
    """The progress said at `where` ("2 of 5 done")."""
    return " ".join(page.locator(f"{where} .perceptron-progress").first.text_content().split()).lstrip(", ")


def test_a_prediction_committed_by_keyboard_opens_its_answer_beside_it_and_is_kept_after_a_reload(page, served):
    from playwright.sync_api import expect
    open_page(page, served, LESSON)
    form = page.locator(f'.perceptron-predict[data-predict="{LESSON}#1"]')
    answer = page.locator(f'details[data-predict="{LESSON}#1"]')
    summary = answer.locator("summary")
    expect(summary).to_have_text("Answer (commit a prediction first)")
    summary.focus()
    page.keyboard.press("Enter")   # a locked answer stays shut, says why, and sends the student to the field
    assert not answer.evaluate("fold => fold.open")
    expect(form.get_by_role("status")).to_contain_text("opens once you commit a prediction")
    assert form.get_by_label("Your prediction").evaluate("field => field === document.activeElement")
    page.keyboard.type("Only presentation 2")
    page.keyboard.press("Tab")
    assert focused(page) == ["BUTTON", "Commit"]
    page.keyboard.press("Enter")
    expect(form.get_by_role("status")).to_have_text("Committed. The answer below opens now.")
    assert focused(page) == ["SUMMARY", "Answer"]     # the focus waits on the answer, which now opens
    page.keyboard.press("Enter")
    assert answer.evaluate("fold => fold.open")
    expect(answer.locator(".perceptron-you-predicted")).to_have_text("You predicted: Only presentation 2")
    expect(answer.locator(".perceptron-you-predicted")).to_be_visible()
    assert page.evaluate(STORED) == {"predictions": {f"{LESSON}#1": "Only presentation 2"}}
    expect(page.locator(sidebar(LESSON, current=True))).to_have_accessible_name(
        re.compile(rf"^02 · The learning rule ?, 1 of {TOTAL[LESSON]} done$"))     # said with the link's name
    expect(page.locator(f'details[data-predict="{LESSON}#2"] > summary')).to_have_text(
        "Answer (commit a prediction first)")    # the next question is its own

    page.reload()
    page.wait_for_load_state("load")
    expect(form).to_contain_text("Your prediction, committed: Only presentation 2")
    expect(summary).to_have_text("Answer")
    summary.focus()
    page.keyboard.press("Enter")
    assert answer.evaluate("fold => fold.open")
    expect(answer.locator(".perceptron-you-predicted")).to_have_text("You predicted: Only presentation 2")


def test_an_empty_prediction_is_refused_and_seeing_the_answer_without_one_records_nothing(page, served):
    from playwright.sync_api import expect
    open_page(page, served, "08-capacity")   # its first question has two answer folds: the Answer and the picture's
    key = "08-capacity#1"
    form = page.locator(f'.perceptron-predict[data-predict="{key}"]')
    folds = page.locator(f'details[data-predict="{key}"]')
    assert folds.count() == 2
    expect(folds.nth(1).locator("summary")).to_have_text("What the picture shows (commit a prediction first)")
    form.get_by_role("button", name="Commit").click()
    expect(form.get_by_role("status")).to_have_text("Write your prediction first: a few words are enough.")
    assert form.get_by_label("Your prediction").get_attribute("aria-invalid") == "true"
    form.get_by_role("button", name="Show the answer without predicting").click()
    assert folds.first.evaluate("fold => fold.open")
    expect(form).to_contain_text("nothing was recorded")
    expect(folds.nth(1).locator("summary")).to_have_text("What the picture shows (predict first)")
    assert folds.locator(".perceptron-you-predicted").count() == 0
    assert page.evaluate(STORED) is None
    page.reload()
    page.wait_for_load_state("load")
    expect(folds.first.locator("summary")).to_have_text("Answer (commit a prediction first)")


def test_the_sidebar_and_the_index_say_each_lessons_progress_and_forget_my_answers_clears_it(page, served):
    from playwright.sync_api import expect
    open_page(page, served, "index")
    assert progress(page, sidebar(LESSON)) == progress(page, index_row(LESSON)) == f"0 of {TOTAL[LESSON]} done"
    stored = {"predictions": {f"{LESSON}#1": "X2 only"}, "solved": {"02.1": True, "05.1": True}, "theirs": [1]}
    page.evaluate(f"() => localStorage.setItem('{site_predictions.STORAGE_KEY}', '{json.dumps(stored)}')")
    page.reload()
    page.wait_for_load_state("load")
    assert progress(page, sidebar(LESSON)) == progress(page, index_row(LESSON)) == f"2 of {TOTAL[LESSON]} done"
    assert progress(page, index_row("05-convergence-theorem")) == f"1 of {TOTAL['05-convergence-theorem']} done"
    assert progress(page, index_row("01-threshold-units")) == f"0 of {TOTAL['01-threshold-units']} done"

    open_page(page, served, LESSON)   # a commit keeps what others wrote: the exercises' "solved", any other key
    form = page.locator(f'.perceptron-predict[data-predict="{LESSON}#2"]')
    form.get_by_label("Your prediction").fill("A mistake")
    form.get_by_role("button", name="Commit").click()
    expect(page.locator('nav.bd-docs-nav a[href="#"] .perceptron-progress')).to_contain_text(
        f"3 of {TOTAL[LESSON]} done")
    assert page.evaluate(STORED) == {**stored, "predictions": {f"{LESSON}#1": "X2 only", f"{LESSON}#2": "A mistake"}}

    open_page(page, served, "index")
    forget = page.locator(".bd-article .perceptron-forget")
    page.once("dialog", lambda dialog: dialog.dismiss())
    forget.get_by_role("button", name="Forget my answers").click()
    expect(forget.get_by_role("status")).to_have_text("Nothing was forgotten.")
    assert page.evaluate(STORED)["solved"] == stored["solved"]
    messages = []
    page.once("dialog", lambda dialog: (messages.append(dialog.message), dialog.accept()))
    forget.get_by_role("button", name="Forget my answers").focus()
    page.keyboard.press("Enter")
    expect(forget.get_by_role("status")).to_have_text("Your answers are forgotten: every lesson starts afresh.")
    assert "cannot be undone" in messages[0]
    assert page.evaluate(STORED) is None
    assert progress(page, sidebar(LESSON)) == progress(page, index_row(LESSON)) == f"0 of {TOTAL[LESSON]} done"
    assert progress(page, sidebar("05-convergence-theorem")) == f"0 of {TOTAL['05-convergence-theorem']} done"
    open_page(page, served, LESSON)
    expect(page.locator(f'details[data-predict="{LESSON}#1"] > summary')).to_have_text(
        "Answer (commit a prediction first)")
    expect(page.locator(".perceptron-predict").first.get_by_label("Your prediction")).to_have_value("")


def test_forgetting_from_the_sidebar_locks_the_answers_of_the_page_at_once(page, served):
    from playwright.sync_api import expect
    open_page(page, served, LESSON)
    form = page.locator(f'.perceptron-predict[data-predict="{LESSON}#1"]')
    form.get_by_label("Your prediction").fill("presentation 2")
    form.get_by_role("button", name="Commit").click()
    page.keyboard.press("Enter")
    answer = page.locator(f'details[data-predict="{LESSON}#1"]')
    assert answer.evaluate("fold => fold.open")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".bd-sidebar-primary .perceptron-forget").get_by_role("button", name="Forget my answers").click()
    assert not answer.evaluate("fold => fold.open")
    expect(answer.locator("summary")).to_have_text("Answer (commit a prediction first)")
    expect(form.get_by_label("Your prediction")).to_have_value("")
    assert answer.locator(".perceptron-you-predicted").count() == 0


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_a_page_with_predictions_has_no_serious_accessibility_violation(served, mode):
    with chromium(1280, 720) as first:
        page = first.context.browser.new_page(viewport={"width": 1280, "height": 720}, color_scheme=mode)
        open_page(page, served, LESSON)
        assert page.locator(".perceptron-predict form").count() == LESSONS[LESSON]["predictions"]
        assert serious_violations(page) == []
        form = page.locator(".perceptron-predict").first
        form.get_by_label("Your prediction").fill("Only presentation 2")
        form.get_by_role("button", name="Commit").click()
        page.keyboard.press("Enter")   # the answer, open, with the prediction beside it
        page.locator(".perceptron-you-predicted").first.wait_for()
        assert serious_violations(page) == []
        open_page(page, served, "index")
        assert serious_violations(page) == []
