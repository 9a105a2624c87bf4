"""The live views (UnitView, DualView, BoundExplorer) keep up: one request out at a time, the newest kept, and the
picture, the text and the spoken line put in place together (issue 42).

First the front end alone (player.js's perceptronLive, with a stand-in for the kernel's model, in a plain page), then
the views in a real JupyterLab: a key held for 2 s, with the browser's repeats, leaves each view showing the last
state asked for, its picture, text and spoken line agreeing, and nothing still to come.
"""
import base64
import json
import time

import pytest

from jupyter import chromium, jupyter_lab, menu, open_new_notebook, wait_for_kernel_idle, wait_for_widgets
from perceptron_lib import boolean_function, train
from perceptron_lib.core.trace import format_vector
from perceptron_lib.widgets import PLAYER_JS, BoundExplorer, DualView, UnitView
from test_notebooks_in_browser import _require_browser

# A stand-in for anywidget's model: what the front end sends is kept in `sent`, and `kernel(name, value)` changes a
# trait as a message of the kernel would.
STAND_IN = """
const state = STATE, handlers = {};
window.sent = [];
window.kernel = function(name, value) { state[name] = value; (handlers["change:" + name] || []).forEach(f => f()); };
const model = {get: k => state[k], set: (k, v) => { state[k] = v; }, save_changes: () => {},
               send: m => window.sent.push(JSON.parse(JSON.stringify(m))),
               on: (e, f) => { (handlers[e] = handlers[e] || []).push(f); }, off: () => {}};
perceptronWidget({model: model, el: document.getElementById("view")});
"""
SHOWN = """el => ({name: el.querySelector("img").alt, src: el.querySelector("img").src,
                  text: el.querySelector(".perceptron-text").innerHTML,
                  said: el.querySelector("[aria-live]").textContent})"""


def stand_in_page(page, tmp_path, view):
    state = {"kind": "controls", "markup": view.controls.markup, "values": view.controls.values,
             "shown": view.controls.shown}
    script = PLAYER_JS + STAND_IN.replace("STATE", json.dumps(state))
    (tmp_path / "view.html").write_text(f'<html><body><div id="view"></div><script>{script}</script></body></html>')
    page.goto((tmp_path / "view.html").as_uri())
    return page.locator("#view")


def as_shown(page, shown):
    """What the page shows for the kernel's `shown`: the picture's address and name, the text as the page parses it
    and the spoken line."""
    text = page.evaluate("html => { const d = document.createElement('div'); d.innerHTML = html; return d.innerHTML; }",
                         shown["text"])
    return {"name": shown["name"], "src": "data:image/png;base64," + shown["frame"], "text": text, "said": shown["said"]}


def answer(page, view, ask, values=None, action=None):
    """The kernel's answer to request `ask` (to show `values`, or run `action`), made by `view` in this process, as
    its comm would bring it; returns what the page should show for it."""
    view.controls._heard(view.controls, {"ask": ask, "values": {**view.controls.values, **(values or {})},
                                         "action": action}, [])
    page.evaluate("shown => window.kernel('shown', shown)", view.controls.shown)
    return as_shown(page, view.controls.shown)


def test_the_front_end_asks_once_at_a_time_and_sends_the_newest_state_when_answered(tmp_path):
    _require_browser()
    view = UnitView(*boolean_function("and"))          # w0 starts at -0.5
    with chromium() as page:
        root = stand_in_page(page, tmp_path, view)
        page.wait_for_function("el => el.querySelector('img').alt !== ''", arg=root.element_handle())
        assert root.evaluate(SHOWN)["said"] == "W = [-0.5 1 1]: 2 wrong"
        root.get_by_role("slider", name="w0").focus()
        for _ in range(4):                              # a held key: four moves, one request out
            page.keyboard.press("ArrowRight")
        assert [(m["ask"], m["values"]["w0"]) for m in page.evaluate("window.sent")] == [(1, -0.25)]
        first = answer(page, view, 1, {"w0": -0.25})
        sent = page.evaluate("window.sent")
        assert [(m["ask"], m["values"]["w0"]) for m in sent] == [(1, -0.25), (2, 0.5)]   # the newest, once answered
        page.wait_for_function("([el, name]) => el.querySelector('img').alt === name", arg=[root.element_handle(),
                                                                                          first["name"]])
        assert root.evaluate(SHOWN) == first            # picture, name, text and spoken line: all of the answer

        page.keyboard.press("ArrowRight")               # w0 0.75, while request 2 is out
        page.evaluate("values => window.kernel('values', values)", {"w0": 0.5, "w1": 2, "w2": 1})   # its echo, and w1
        slider_w0 = root.get_by_role("slider", name="w0")
        assert slider_w0.input_value() == "0.75"        # a move not yet answered is kept ...
        assert root.get_by_role("spinbutton", name="w1, typed").input_value() == "2"    # ... the kernel's w1 shown
        answer(page, view, 1, {"w0": 0.5})                # an answer to an older request: still waiting for 2
        assert len(page.evaluate("window.sent")) == 2
        answer(page, view, 2, {"w0": 0.5})
        third = page.evaluate("window.sent")[-1]
        assert (third["ask"], third["values"]) == (3, {"w0": 0.75, "w1": 2, "w2": 1})
        page.keyboard.press("ArrowRight")               # w0 1, and back to 0.75 (being drawn): nothing new to ask
        page.keyboard.press("ArrowLeft")
        last = answer(page, view, 3, {"w0": 0.75, "w1": 2})
        page.wait_for_function("([el, name]) => el.querySelector('img').alt === name", arg=[root.element_handle(),
                                                                                          last["name"]])
        assert root.evaluate(SHOWN) == last and last["said"].startswith("W = [0.75 2 1]")
        assert len(page.evaluate("window.sent")) == 3


def test_presses_during_a_run_ask_for_nothing_new_and_the_old_batch_is_dimmed_meanwhile(tmp_path):
    """Run pressed again while its batch runs (a held Enter) asks for that batch: nothing more is sent; a press after
    another setting changed is kept, the newest, and sent when the batch out is answered."""
    _require_browser()
    explorer = BoundExplorer(n_sets=5)
    with chromium() as page:
        root = stand_in_page(page, tmp_path, explorer)
        page.wait_for_function("el => el.querySelector('img').alt !== ''", arg=root.element_handle())
        run = root.get_by_role("button", name="run 5 data sets")
        for _ in range(5):
            run.click()
        assert [(m["ask"], m["action"]) for m in page.evaluate("window.sent")] == [(1, "run")]
        assert root.locator(".perceptron-busy [aria-busy=true]").count() == 1     # the old batch, dimmed
        assert root.locator("[aria-live]").inner_text() == "running"
        second = answer(page, explorer, 1, action="run")
        page.wait_for_function("el => !el.querySelector('.perceptron-busy')", arg=root.element_handle())
        assert root.evaluate(SHOWN) == second and second["said"].startswith("batch 2: 5 data sets")
        assert len(page.evaluate("window.sent")) == 1

        run.click()
        root.get_by_role("slider", name="points").focus()
        page.keyboard.press("ArrowRight")             # 60 points, while batch 3 runs
        run.click()
        run.click()
        assert [(m["ask"], m["action"]) for m in page.evaluate("window.sent")] == [(1, "run"), (2, "run")]
        answer(page, explorer, 2, action="run")
        sent = page.evaluate("window.sent")
        assert (sent[-1]["ask"], sent[-1]["action"], sent[-1]["values"]["samples"]) == (3, "run", 60)
        last = answer(page, explorer, 3, values={"samples": 60}, action="run")
        page.wait_for_function("el => !el.querySelector('.perceptron-busy')", arg=root.element_handle())
        assert root.evaluate(SHOWN) == last and last["said"].startswith("batch 4: 5 data sets")
        assert explorer.result.settings["n_samples"] == 60 and len(page.evaluate("window.sent")) == 3


# The views of a lesson, with room for 2 s of a held key (60 repeats of 0.25 in [-10, 10]), and a batch that takes
# longer than a key's repeat.
CELLS = ["from perceptron_lib import boolean_function, train\n"
         "from perceptron_lib.widgets import BoundExplorer, DualView, UnitView",
         'UnitView(*boolean_function("and"), lim=10)',
         'DualView(*boolean_function("or"), trace=train(*boolean_function("or")), lim=10)',
         "BoundExplorer(n_sets=100)"]
HOLD_S, REPEATS_PER_S = 2.0, 30


@pytest.fixture(scope="module")
def views():
    """The page, with the views' notebook open and run."""
    _require_browser()
    with jupyter_lab() as (base, token, _), chromium() as page:
        open_new_notebook(page, base, token, "views.ipynb", CELLS)
        menu(page, "Run", "Run All Cells")
        page.locator(".perceptron-bounds img[alt^='Left']").wait_for(timeout=120_000)
        wait_for_kernel_idle(page, timeout=120)
        wait_for_widgets(page)
        yield page


def hold(page, key):
    """Hold `key` for HOLD_S seconds with a browser's repeats (REPEATS_PER_S a second), then release it."""
    start, repeats = time.monotonic(), 0
    while time.monotonic() - start < HOLD_S:
        page.keyboard.down(key)          # again while down: a repeat, as a held key sends
        repeats += 1
        time.sleep(max(0.0, start + repeats / REPEATS_PER_S - time.monotonic()))
    page.keyboard.up(key)
    return repeats


def settled(page, root, said_starts):
    """What the view shows once its spoken line starts with `said_starts` and it waits for no answer (the explorer's
    dimming is gone), the kernel is idle, and it shows the same a second later (no picture still on its way)."""
    page.wait_for_function("([el, words]) => el.querySelector('[aria-live]').textContent.startsWith(words)"
                           " && !el.querySelector('.perceptron-busy')",
                           arg=[root.element_handle(), said_starts], timeout=120_000)
    wait_for_kernel_idle(page, timeout=120)
    shown = root.evaluate(SHOWN)
    page.wait_for_timeout(1000)
    assert root.evaluate(SHOWN) == shown, "the view changed after it showed the last state"
    return shown


def same_as(page, shown, controls):
    """`shown` (in the page) is what the kernel would show for `controls`' state: picture, name, text, spoken line."""
    assert shown == as_shown(page, controls.shown)
    assert base64.b64decode(shown["src"].split(",", 1)[1]) == controls.picture


@pytest.mark.parametrize("kind", ["unit", "dual"])
def test_a_key_held_for_two_seconds_leaves_the_view_on_the_last_state(views, kind):
    page = views
    root = page.locator(f".perceptron-{kind}").first
    root.scroll_into_view_if_needed()
    slider = root.get_by_role("slider", name="w0")
    slider.focus()
    page.keyboard.press("Home")
    settled(page, root, "W = [-10 ")
    repeats = hold(page, "ArrowRight")
    weights = [float(root.get_by_role("slider", name=f"w{i}").input_value()) for i in range(3)]
    assert weights[0] > -10 + 0.25 * repeats / 2           # the repeats moved the slider (most of them)
    shown = settled(page, root, f"W = {format_vector(weights)}: ")
    if kind == "unit":
        here = UnitView(*boolean_function("and"), lim=10)
    else:
        here = DualView(*boolean_function("or"), trace=train(*boolean_function("or")), lim=10)
    here.controls.values = {**here.controls.values, **{f"w{i}": w for i, w in enumerate(weights)}}
    same_as(page, shown, here.controls)


def test_the_run_key_held_for_two_seconds_runs_fewer_batches_than_presses_and_shows_the_last(views):
    page = views
    root = page.locator(".perceptron-bounds").first
    root.scroll_into_view_if_needed()
    root.evaluate("el => { window.presses = 0; el.querySelector('button').addEventListener('click', () => "
                  "window.presses++); }")
    root.get_by_role("button", name="run 100 data sets").focus()
    hold(page, "Enter")
    shown = settled(page, root, "batch ")
    batch = int(shown["said"].split(":")[0].removeprefix("batch "))
    presses = page.evaluate("window.presses")
    assert 1 < batch < presses + 1        # a batch ran, but not one per press: a press during its run asks for it
    here = BoundExplorer(n_sets=100)
    for _ in range(batch - 1):
        here.run.click()
    same_as(page, shown, here.controls)
