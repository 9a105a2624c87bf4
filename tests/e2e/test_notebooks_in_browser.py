"""Every notebook, run in a real JupyterLab in Debian's Chromium, and every stepper and view operated.

The accessibility tree of every stepper and view lists each control by its name (no "slider"
without a name); lesson 02's stepper is also operated from the keyboard alone.

On a machine without Chromium these tests skip and say how to install it; under CI (CI=true)
a missing browser fails them instead.
"""
import os
import sys
import time

import pytest

from jupyter import (CHROMIUM, INSTALL_HINT, ROOT, chromium, jupyter_lab, menu, open_and_run_all, open_new_notebook,
                     keyboard_only, problems_shown, stepper_state, unnamed_controls, wait_for_change,
                     wait_for_kernel_idle)

sys.path.insert(0, str(ROOT / "tools"))   # first_screens
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


def _require_browser():
    missing = None
    if not CHROMIUM.exists():
        missing = INSTALL_HINT
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            missing = "Playwright for Python is not installed: pip install -e '.[test]'"
    if missing:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"CI must run the browser tests: {missing}")
        pytest.skip(missing)


@pytest.fixture(scope="module")
def lab():
    _require_browser()
    with jupyter_lab() as (base, token, _), chromium() as page:
        yield page, base, token


def test_jupyterlab_opens_a_lesson_with_no_toast_asking_about_jupyter_news(lab):
    """A student's first JupyterLab: the toast 'Would you like to get notified about official Jupyter news?' shows
    while the setting fetchNews is 'none', whatever the server's news_url. The fixture's JupyterLab has a fresh
    profile and no news options of its own: the defaults it serves are the ones the package installs."""
    page, base, token = lab
    served = page.request.get(f"{base}/lab/api/settings/@jupyterlab/apputils-extension:notification?token={token}")
    defaults = {name: value.get("default") for name, value in served.json()["schema"]["properties"].items()}
    assert (defaults["fetchNews"], defaults["checkForUpdates"]) == ("false", False)
    page.goto(f"{base}/lab/tree/notebooks/02-learning-rule.ipynb?token={token}&reset")
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=60_000)
    wait_for_kernel_idle(page, timeout=90)
    page.wait_for_timeout(3000)   # the announcements plugin asks once the application is restored
    assert page.locator(".Toastify__toast").all_inner_texts() == []


def test_there_are_notebooks_to_check():
    assert "00-index.ipynb" in NOTEBOOKS and len(NOTEBOOKS) >= 2


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_in_jupyterlab_and_its_steppers_step(lab, name):
    page, base, token = lab
    open_and_run_all(page, base, token, name)
    for view in page.locator(".perceptron-dual, .perceptron-unit, .perceptron-bounds").all():
        assert unnamed_controls(view) == [], view.aria_snapshot()
    from test_accessibility import serious_violations   # (it imports this module: not at the top)
    if page.locator(".jp-NotebookPanel .jp-OutputArea").count():   # (the index has no code cell)
        assert serious_violations(page, ".jp-NotebookPanel .jp-OutputArea") == []   # no exception list
    assert problems_shown(page) == []
    steppers = page.locator(".perceptron-stepper").all()
    for stepper in steppers:
        stepper.scroll_into_view_if_needed()
        start = stepper_state(stepper)
        assert start[0] == "0" and start[1]
        stepper.get_by_role("button", name="next").click()
        after_next = wait_for_change(page, stepper, start)
        assert after_next[0] == "1"
        named = stepper.locator("img").first   # its alt text is its name for a screen reader, and follows the step
        assert "step 1 of" in named.get_attribute("alt")
        assert named.get_attribute("alt").startswith("Left: the patterns in the plane")
        assert stepper.locator("[aria-live=polite]").inner_text().startswith("step 1 of")   # and it is said
        stepper.get_by_role("button", name="previous").click()
        assert wait_for_change(page, stepper, after_next)[0] == "0"
        stepper.get_by_role("slider", name="step").focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert wait_for_change(page, stepper, start)[0] == "2"
        before_play = stepper_state(stepper)
        stepper.get_by_role("button", name="play").click()   # the kernel steps on its own
        assert int(wait_for_change(page, stepper, before_play)[0]) > 2
        stepper.get_by_role("button", name="pause").click()
        stepper.get_by_role("button", name="play").wait_for(timeout=10_000)   # paused: the click stopped it
        paused = stepper_state(stepper)
        page.wait_for_timeout(2_000)                             # two intervals: paused, it stays put
        assert stepper_state(stepper) == paused
        assert unnamed_controls(stepper) == []
    for view in page.locator(".perceptron-dual, .perceptron-unit").all():   # every picture has a name
        assert view.locator("img").first.get_attribute("alt").startswith(("Left: the patterns", "The patterns"))
    assert page.locator(".jp-OutputArea-output img:not([alt]):not([title])").count() == 0
    for view in page.locator(".perceptron-dual").all():
        view.scroll_into_view_if_needed()
        text = view.locator(".perceptron-text").inner_text()
        view.get_by_role("slider", name="w0").focus()
        for _ in range(4):  # w0 up by 1: on OR that changes which patterns are wrong
            page.keyboard.press("ArrowRight")
        shown_together(page, view, text)   # the lists follow, in the picture's message
    players = page.locator(".perceptron-playable").all()
    assert len(players) == (ROOT / "notebooks" / name).read_text().count("PlayableRun(run")
    for player in players:  # the kernel-free stepper, in JupyterLab too
        player.scroll_into_view_if_needed()
        player.get_by_role("button", name="next").click()
        assert player.locator(".step").inner_text().startswith("step 1 of")
        page.keyboard.press("ArrowRight")
        assert player.locator(".step").inner_text().startswith("step 2 of")
    for view in page.locator(".perceptron-unit").all():
        view.scroll_into_view_if_needed()
        table = view.locator(".perceptron-text").inner_text()
        view.get_by_role("slider", name="w0").focus()
        for _ in range(4):  # w0 up by 1: the line moves and W·X changes on every pattern
            page.keyboard.press("ArrowRight")
        shown_together(page, view, table)   # the table follows, in the picture's message
    for explorer in page.locator(".perceptron-bounds").all():
        explorer.scroll_into_view_if_needed()
        explorer.get_by_label("features").select_option("2")
        explorer.get_by_role("button", name="run").click()
        # the picture, the summary and the spoken line come in one message: the summary says the new batch at once
        summary = explorer.locator(".perceptron-text")
        page.wait_for_function("el => el.textContent.startsWith('batch 2:')", arg=summary.element_handle(),
                               timeout=60_000)
        assert "violations: 0 and 0" in summary.inner_text()
        assert explorer.locator("[aria-live=polite]").inner_text() == summary.inner_text()
        assert explorer.locator("img").first.get_attribute("alt").startswith("Left: the updates each run made")
    for view in page.locator(".perceptron-dual, .perceptron-unit, .perceptron-bounds").all():
        assert unnamed_controls(view) == [], view.aria_snapshot()
    from test_accessibility import serious_violations   # (it imports this module: not at the top)
    if page.locator(".jp-NotebookPanel .jp-OutputArea").count():   # (the index has no code cell)
        assert serious_violations(page, ".jp-NotebookPanel .jp-OutputArea") == []   # no exception list
    assert problems_shown(page) == []


def shown_together(page, view, text):
    """Wait until a unit or dual view's spoken line names the W its number boxes show; then its picture's name says
    that W too and its text is no longer `text`: the three came in one message."""
    weights = "[" + " ".join(view.get_by_role("spinbutton", name=f"w{i}, typed").input_value() for i in range(3)) + "]"
    said = view.locator("[aria-live=polite]")
    page.wait_for_function("([el, words]) => el.textContent.startsWith(words)",   # one or more kernel round trips
                           arg=[said.element_handle(), f"W = {weights}: "], timeout=30_000)
    assert f"W = {weights}" in view.locator("img").first.get_attribute("alt")
    assert view.locator(".perceptron-text").inner_text() != text


def test_lesson_02s_stepper_steps_from_the_keyboard_alone_and_jupyterlab_keeps_out(lab):
    """Tab through the player's controls; Enter, Space, the arrows, Home and End step; JupyterLab takes none of
    these keys (the active cell and the focus stay); a screen reader hears each step."""
    page, base, token = lab
    open_and_run_all(page, base, token, "02-learning-rule.ipynb")
    keyboard_only(page, page.locator(".perceptron-player").first)   # the OR run: lesson 02 shows it in the one player


LONG_RUN = """from perceptron_lib import boolean_function, train
from perceptron_lib.widgets import TraceStepper
run = train(*boolean_function("xor"), order="random", seed=0, max_epochs=200)
TraceStepper(run, ready=10)"""


def test_a_stepper_answers_while_the_kernel_is_busy_and_draws_a_long_runs_later_steps_on_demand(lab, tmp_path):
    """Run All: the stepper steps while a later cell still runs (no kernel round trip); a run of 800
    presentations sent its first 10 steps, and the rest come when the player nears them, and are kept.

    The later cell holds the kernel until the test lets it go (a file it waits for, 5 min at most), and says
    when it starts and ends (files it writes): the kernel's own word, where the status bar and the server's
    /api/kernels may lag; no sleep to guess long enough on a loaded machine."""
    page, base, token = lab
    started, release, finished = tmp_path / "started", tmp_path / "release", tmp_path / "finished"
    later = (f"import os, time\nopen({str(started)!r}, 'w').close()\n"
             f"for _ in range(3000):\n    if os.path.exists({str(release)!r}):\n        break\n    time.sleep(0.1)\n"
             f"open({str(finished)!r}, 'w').close()")
    open_new_notebook(page, base, token, "long.ipynb", [LONG_RUN, later])
    menu(page, "Run", "Run All Cells")
    stepper = page.locator(".perceptron-stepper").first
    stepper.get_by_role("button", name="next").wait_for(timeout=60_000)
    page.wait_for_function("el => !el.querySelector('button').disabled", arg=stepper.element_handle())
    for _ in range(600):             # the later cell has started: the kernel runs it (the status bar may lag)
        if started.exists():
            break
        time.sleep(0.1)
    assert started.exists()
    start = stepper_state(stepper)
    for _ in range(3):
        stepper.get_by_role("button", name="next").click()
    assert stepper_state(stepper)[0] == "3" and stepper_state(stepper)[1] != start[1]
    assert not finished.exists()     # answered while the later cell still runs: the kernel had no time for it
    release.touch()
    for _ in range(600):             # the later cell ends: the kernel is free for the steps asked for below
        if finished.exists():
            break
        time.sleep(0.1)
    assert finished.exists()
    slider = stepper.get_by_role("slider", name="step")
    slider.focus()
    page.keyboard.press("End")       # step 800: not sent with the widget, asked for now
    page.wait_for_function("el => el.textContent.startsWith('presentation 800')",
                           arg=stepper.locator(".arithmetic").element_handle(), timeout=30_000)
    assert "step 800 of 800" in stepper.locator("img").get_attribute("alt")
    page.keyboard.press("Home")
    shown = page.evaluate("""el => { const s = el.querySelector('input[type=range]');
        s.value = 800; s.dispatchEvent(new Event('input'));
        return el.querySelector('.arithmetic').textContent; }""", stepper.element_handle())
    assert shown.startswith("presentation 800")    # kept: shown in the same task as the input, no round trip


def test_every_lesson_opens_with_its_question_and_its_whole_picture_on_the_first_screen_in_jupyterlab(lab):
    """Issue 32: at 1280×720, a lesson opened in JupyterLab (not yet run) shows its question and the whole picture
    it is about between the notebook's toolbar and the status bar."""
    import first_screens   # tools/
    page, base, token = lab
    size = page.viewport_size
    page.set_viewport_size({"width": first_screens.WIDTH, "height": first_screens.HEIGHT})
    try:
        cut = first_screens.cut_pictures(page, "lab", base, first_screens.lessons(), token)
    finally:
        page.set_viewport_size(size)
    assert cut == []
