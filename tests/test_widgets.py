"""TraceStepper (the one player as a widget), the views' named controls, and what they say without a kernel."""
import json
import re

import numpy as np
import pytest

from perceptron_lib import boolean_function, train
from perceptron_lib.widgets import PLAYER_JS, PlayableRun, TraceStepper


def test_the_stepper_sends_every_step_of_a_short_run_with_the_widget():
    run = train(*boolean_function("or"))
    stepper = TraceStepper(run)
    assert (stepper.last, stepper.step) == (13, 0) and sorted(stepper.steps) == list(range(14))
    two = stepper.steps[2]
    assert two["text"].startswith("<b>presentation 2</b>: W·X2 = [0 0 0]·[1 0 1] = 0")
    assert "W ← [0 0 0]" in two["text"] and "outline:3px" in two["table"]
    assert two["say"] == run.step_summary(2) and two["alt"].endswith(run.step_summary(2))
    assert "the start" in stepper.steps[0]["text"]
    import base64
    assert base64.b64decode(two["frame"]) == stepper.pictures.png(2)


def test_the_widgets_front_end_is_the_players_script():
    stepper = TraceStepper(train(*boolean_function("or")))
    assert stepper._esm.startswith(PLAYER_JS) and stepper._esm.rstrip().endswith("export default { render: perceptronWidget };")
    for control in ('data-go="play"', 'data-go="-1"', 'data-go="1"', 'aria-label="step"', 'aria-live="polite"'):
        assert control in stepper.markup


def test_the_step_is_checked_when_set_from_python():
    stepper = TraceStepper(train(*boolean_function("or")))
    stepper.step = 13
    with pytest.raises(ValueError, match="step"):
        stepper.step = 14
    assert stepper.step == 13


def test_without_a_kernel_the_stepper_says_to_run_its_cell():
    bundle = TraceStepper(train(*boolean_function("or")))._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith("Interactive stepper (needs a running kernel: run this cell to use it)")


def test_a_long_run_sends_its_first_steps_then_those_the_front_end_asks_for():
    run = train(*boolean_function("xor"), order="random", seed=0, max_epochs=200)
    stepper = TraceStepper(run, ready=10)
    assert stepper.last == 800 and sorted(stepper.steps) == list(range(11))
    assert sorted(stepper.pictures._made) == list(range(11))
    sent = []
    stepper.send = sent.append
    stepper._asked(stepper, {"want": list(range(780, 801)) + [900, "x"]}, [])
    assert [sorted(map(int, m["steps"])) for m in sent] == [list(range(780, 801))]
    assert sent[0]["steps"]["800"]["text"].startswith("<b>presentation 800</b>")
    assert 800 in stepper.pictures._made and 800 in stepper.sent
    json.dumps(sent)   # what goes to the front end is JSON


def test_a_long_run_asks_in_batches():
    from perceptron_lib.widgets import STEP_BATCH
    run = train(*boolean_function("xor"), order="random", seed=0, max_epochs=200)
    stepper = TraceStepper(run, ready=0)
    sent = []
    stepper.send = sent.append
    stepper._asked(stepper, {"want": list(range(1, 2 * STEP_BATCH + 2))}, [])
    assert [len(m["steps"]) for m in sent] == [STEP_BATCH, STEP_BATCH, 1]


def test_unit_view_follows_its_sliders_in_picture_and_table():
    from perceptron_lib.widgets import UnitView
    view = UnitView(*boolean_function("and"), weights=(-0.5, 1, 1))
    picture, table = view.image.value, view.table.value
    assert view.wrong == 2 and table.count("✗") == 2
    view.w[0].value = -1.5
    assert view.wrong == 0 and view.image.value != picture and "✗" not in view.table.value


def test_a_playable_run_embeds_every_step_and_the_same_html_each_time():
    from perceptron_lib.widgets import PlayableRun
    run = train(*boolean_function("or"))
    player = PlayableRun(run)
    assert sorted(player.steps) == list(range(run.n_presentations + 1))
    assert player.steps[2] == TraceStepper(run).steps[2]     # the same steps as the widget's
    assert player._repr_html_() == PlayableRun(run)._repr_html_()  # stored outputs compare equal
    bundle = player._repr_mimebundle_()
    assert "needs a page that runs scripts" in bundle["text/plain"] and "<script>" in bundle["text/html"]
    assert PLAYER_JS in bundle["text/html"]                # the same front end as the widget's


@pytest.mark.parametrize("dpi", [100, 150])
def test_a_players_frames_say_the_dpi_they_were_drawn_at(dpi):
    """A deck reads a frame's smallest text off the resolution its PNG says (tools/slides.py figure_text_px): a
    player drawn at 150 dpi said 100 (matplotlib's imsave writes 100 unless told). Each frame is drawn at DENSITY
    times the dpi it is shown at, and its img shows it at its shown size (width and height: pixels / DENSITY)."""
    import base64
    import io
    from PIL import Image
    from perceptron_lib.course.plotting.base import DENSITY
    player = PlayableRun(train(*boolean_function("or")), dpi=dpi)
    frame = player.steps[0]["frame"]
    with Image.open(io.BytesIO(base64.b64decode(frame))) as image:
        assert image.info["dpi"][0] == pytest.approx(dpi * DENSITY, abs=0.02)
        assert image.size == (round(7.2 * dpi * DENSITY), round(3.4 * dpi * DENSITY))
    assert f'width="{7.2 * dpi:g}" height="{3.4 * dpi:g}"' in player._repr_html_()


def test_a_stored_player_says_in_words_to_run_its_cell_and_its_controls_wait():
    """Before its script runs (an untrusted notebook, GitHub) the player is disabled and says what to do."""
    import re
    page = PlayableRun(train(*boolean_function("or")))._repr_html_()
    before_script = page[:page.index("<script>")]
    assert "Run this cell to step" in before_script
    controls = re.findall(r"<(?:button|input)[^>]*>", before_script)
    assert len(controls) == 5 and all(" disabled" in c for c in controls)
    assert "<style" not in before_script          # a sanitizer that drops style elements leaves no stray text


def test_the_players_buttons_are_named_by_words_and_draw_their_icons():
    """Issue 41: no glyph from a font (⏸ is a box where no emoji font is installed): each icon is an SVG hidden from
    screen readers, and the words beside it name the button."""
    import re
    run = train(*boolean_function("or"))
    for page in (TraceStepper(run).markup, PlayableRun(run)._repr_html_()):
        buttons = re.findall(r"<button[^>]*>(.*?)</button>", page)
        assert len(buttons) == 4
        words = [re.sub(r"\s+", " ", re.sub(r"<svg.*?</svg>|<[^>]+>", " ", b)).strip() for b in buttons]
        assert words == ["play pause", "previous", "next", "enlarge the picture"]
        assert all(re.fullmatch(r"[a-z ]+", re.sub(r"<svg.*?</svg>|<[^>]+>", "", b)) for b in buttons)
        icons = re.findall(r"<svg[^>]*>", "".join(buttons))
        assert len(icons) == 5 and all('aria-hidden="true"' in i and 'focusable="false"' in i for i in icons)


def test_a_dual_view_of_a_run_starts_at_the_runs_start():
    from perceptron_lib.widgets import DualView
    run = train(*boolean_function("or"))
    view = DualView(*boolean_function("or"), trace=run)
    assert view.step.value == 0 and [s.value for s in view.w] == run.weights[0].tolist()


def test_lecture_layout_shows_large_arithmetic_and_only_the_current_row():
    stepper = TraceStepper(train(*boolean_function("or")), lecture=True)
    assert "font-size:150%" in stepper.markup and "max-height:340px" in stepper.markup
    assert stepper.steps[1]["table"].count("<tr") == 2  # the header and the current row
    assert "perceptron-lecture" in stepper._dom_classes
    assert TraceStepper(train(*boolean_function("or")), lecture=True, rows=1).rows == 1


def test_bound_explorer_draws_a_fresh_batch_on_every_click_and_says_which():
    from perceptron_lib.widgets import BoundExplorer
    explorer = BoundExplorer(n_sets=30)
    first = explorer.result.updates.copy()
    explorer.run.click()
    assert explorer.summary.value.startswith("batch 2: 30 data sets")
    assert explorer.result.settings["seed"] == 30 and not np.array_equal(explorer.result.updates, first)
    again = BoundExplorer(n_sets=30)  # a fresh explorer repeats the same sequence
    assert np.array_equal(again.result.updates, first)


def counting_checks(monkeypatch):
    """Count the calls of validation's checks from outside the checks (a check's own inner checks not counted)."""
    import collections
    import functools
    from perceptron_lib.core import validation
    calls, depth = collections.Counter(), [0]

    def counted(name, check):
        @functools.wraps(check)
        def wrapper(*args, **kwargs):
            if depth[0] == 0:
                calls[name] += 1
            depth[0] += 1
            try:
                return check(*args, **kwargs)
            finally:
                depth[0] -= 1
        return wrapper

    for name, value in list(vars(validation).items()):
        if callable(value) and getattr(value, "__module__", None) == validation.__name__ and not name.startswith("_"):
            monkeypatch.setattr(validation, name, counted(name, value))
    return calls


def test_every_declared_call_of_a_step_checks_its_arguments(monkeypatch):
    """A step checks what it is given at every declared call on its way, as a reader of each function expects: the
    step asked for, the run under update_step; the weights of each view's move."""
    from perceptron_lib.course.plotting import step_figure, update_step
    run = train(*boolean_function("or"))
    stepper = TraceStepper(run, ready=0)
    stepper.send = lambda message: None
    artists = step_figure(run, 0)[1]
    calls = counting_checks(monkeypatch)
    stepper._asked(stepper, {"want": [1]}, [])   # a picture not made before: the figure's artists move and are drawn
    assert 1 in stepper.pictures._made
    assert calls["step"] >= 1 and calls["recorded_run"] == 1, calls   # the step asked for; update_step's run
    calls.clear()
    stepper.step = 1               # a step set from Python is checked
    assert calls == {"step": 1}, calls
    calls.clear()
    update_step(artists, run, 5)  # the public function checks its run and its step
    assert calls["recorded_run"] == 1 and calls["step"] == 1, calls
    calls.clear()
    stepper.pictures.png(7)
    assert calls["step"] >= 1, calls


def test_the_weight_space_views_check_their_weights_at_a_move(monkeypatch):
    from perceptron_lib.widgets import DualView, UnitView
    dual, unit = DualView(*boolean_function("or")), UnitView(*boolean_function("and"))
    calls = counting_checks(monkeypatch)
    dual.set_weights([0.5, 1, -1])
    assert calls["plane_weights"] >= 1, calls
    calls.clear()
    unit.w[0].value = -1.25       # the picture, the count of wrong patterns and the table check what they are given
    assert calls["plane_weights"] >= 1 and calls["patterns"] >= 1, calls


def test_every_control_of_the_views_carries_its_name():
    """Each number a view sets is a slider and a number box whose names a screen reader reads (w0, not 'slider')."""
    import re
    from perceptron_lib.widgets import BoundExplorer, DualView, UnitView
    run = train(*boolean_function("or"))
    views = {"unit": UnitView(*boolean_function("and")), "dual": DualView(*boolean_function("or"), trace=run),
             "bounds": BoundExplorer(n_sets=5)}
    for name, view in views.items():
        markup = view.controls.markup
        for control in re.findall(r"<(?:input|select)[^>]*>", markup):
            named = re.search(r'aria-label="([^"]+)"', control) or re.search(r'id="([^"]+)"', control)
            assert named, (name, control)
            if "aria-label" not in control:          # named by its <label for=...>
                assert f'<label for="{named.group(1)}">' in markup, (name, control)
        assert 'aria-live="polite"' in markup and view.controls.said
    labels = re.findall(r'<label for="[^"]+">([^<]+)</label>', views["dual"].controls.markup)
    assert labels == ["w0", "w1", "w2", "run step"]
    assert re.findall(r'<label for="[^"]+">([^<]+)</label>', views["bounds"].controls.markup) == \
        ["features", "order", "points", "margin"]
    assert ">run 5 data sets</button>" in views["bounds"].controls.markup


def test_the_dual_views_run_step_sets_all_three_weights_in_one_picture():
    from perceptron_lib.widgets import DualView
    run = train(*boolean_function("or"))
    view = DualView(*boolean_function("or"), trace=run)
    shown = []
    view.controls.observe(lambda change: shown.append(change["new"]), names="shown")
    view.step.value = 2          # as the front end sets it
    assert [w.value for w in view.w] == run.weights[2].tolist() and len(shown) == 1
    assert "W = [1 0 1]" in view.controls.said


def test_the_front_end_moves_a_weight_as_a_dict_of_values():
    from perceptron_lib.widgets import UnitView
    view = UnitView(*boolean_function("and"), weights=(-0.5, 1, 1))
    view.controls.values = {"w0": -1.5, "w1": 1, "w2": 1}      # what perceptronControls sends
    assert view.wrong == 0 and view.controls.said == "W = [-1.5 1 1]: 0 wrong"
    view.controls.values = {"w0": -9, "w1": 1, "w2": 1}        # out of range (typed): held at -lim, as a slider would
    assert "W = [-3 1 1]" in view.controls.said


def test_a_weight_box_that_holds_no_number_is_named():
    """A NaN or a word typed into a box was float()'s or a picture's error naming no box; now it names the weight."""
    from perceptron_lib.widgets import DualView, UnitView
    for view in (UnitView(*boolean_function("and")), DualView(*boolean_function("or"))):
        for typed, error, message in [(float("nan"), ValueError, "w1 must be a finite number, got nan"),
                                      ("abc", ValueError, "w1 must be a finite number, got 'abc'"),
                                      (None, TypeError, "w1 must be a finite number, got None")]:
            with pytest.raises(error, match=re.escape(message)):
                view.controls.values = {**view.controls.values, "w1": typed}
        view.controls.values = {**view.controls.values, "w1": "2"}   # a number's text is a number
        assert "W = [" in view.controls.said and " 2 " in view.controls.said
    dual = DualView(*boolean_function("or"), trace=train(*boolean_function("or")))
    with pytest.raises(ValueError, match=re.escape("run step must be a finite number, got nan")):
        dual.controls.values = {**dual.controls.values, "step": float("nan")}


def test_the_explorers_boxes_that_hold_no_number_are_named():
    """A NaN or a word in the explorer's boxes raised int()'s or float()'s errors naming no box; now it names it."""
    from perceptron_lib.widgets import BoundExplorer
    explorer = BoundExplorer(n_sets=3)
    start = dict(explorer.controls.values)
    for field, typed, error, message in [
            ("samples", float("nan"), ValueError, "points must be a finite number, got nan"),
            ("samples", None, TypeError, "points must be a finite number, got None"),
            ("margin", "wide", ValueError, "margin must be a finite number, got 'wide'"),
            ("features", "x", ValueError, "features must be a finite number, got 'x'"),
            ("features", float("inf"), ValueError, "features must be a finite number")]:
        explorer.controls.values = {**start, field: typed}
        with pytest.raises(error, match=re.escape(message)):
            explorer.controls.press("run")
    explorer.controls.values = {**start, "samples": float("inf"), "features": "2"}   # held at 200, as a slider would
    explorer.controls.press("run")
    assert explorer.result.settings["n_samples"] == 200 and explorer.result.settings["n_features"] == 2


def test_the_explorers_button_in_the_front_end_runs_a_batch():
    from perceptron_lib.widgets import BoundExplorer
    explorer = BoundExplorer(n_sets=5)
    values = {**explorer.controls.values, "features": "2", "samples": 20}      # a <select> sends text
    explorer.controls._heard(explorer.controls, {"ask": 1, "action": "run", "values": values}, [])
    assert explorer.batch == 2 and explorer.result.settings["seed"] == 5
    assert explorer.result.settings["n_features"] == 2 and explorer.result.settings["n_samples"] == 20
    assert explorer.summary.value.startswith("batch 2: 5 data sets") and explorer.controls.said == explorer.summary.value
    assert explorer.controls.shown["asked"] == 1


def sent_messages(monkeypatch):
    """The messages every widget sends to the front end from now on: (widget, method, state)."""
    import ipywidgets
    sent = []
    monkeypatch.setattr(ipywidgets.Widget, "_send",
                        lambda self, msg, buffers=None: sent.append((self, msg["method"], msg.get("state", {}))))
    return sent


def views_and_moves():
    """Each live view, and a request of its front end that changes what it shows."""
    from perceptron_lib.widgets import BoundExplorer, DualView, UnitView
    unit, dual, explorer = UnitView(*boolean_function("and")), DualView(*boolean_function("or")), BoundExplorer(n_sets=5)
    return [(unit, {"ask": 1, "values": {**unit.controls.values, "w0": -1.5}}),
            (dual, {"ask": 1, "values": {**dual.controls.values, "w0": 0.5}}),
            (explorer, {"ask": 1, "values": explorer.controls.values, "action": "run"})]


def test_a_view_sends_its_picture_text_and_spoken_line_in_one_message(monkeypatch):
    """Issue 42: the picture, the text and the spoken line were three widgets' messages (for a moment the new picture
    sat under "running..."); now one update of one trait carries them, and it answers the request's number."""
    import base64
    for view, request in views_and_moves():
        sent = sent_messages(monkeypatch)
        view.controls._heard(view.controls, request, [])
        updates = [(widget, state) for widget, method, state in sent if method == "update"]
        assert len(updates) == 1 and updates[0][0] is view.controls and list(updates[0][1]) == ["shown"], sent
        shown = updates[0][1]["shown"]
        assert shown["asked"] == 1 and base64.b64decode(shown["frame"]) == view.image.value
        assert shown["said"] == view.controls.said and shown["text"] == view.controls.text and shown["name"]
        assert [type(child) for child in view.children] == [type(view.controls)]      # no other widget to update


def test_the_views_text_is_what_they_said_before():
    """The text beside the picture is the table (unit), the two lists (dual) or the batch's summary (explorer)."""
    from perceptron_lib.course.tables import unit_table
    from perceptron_lib.core.trace import format_vector
    (unit, _), (dual, _), (explorer, _) = views_and_moves()
    assert unit.table.value == unit_table([-0.5, 1, 1], *boolean_function("and"))._repr_html_()
    assert unit.controls.said == "W = [-0.5 1 1]: 2 wrong" and "W = [-0.5 1 1]" in unit.controls.shown["name"]
    assert dual.controls.said == f"W = {format_vector([-0.5, 1, -1])}: {dual.agreement.value}"
    assert explorer.controls.said == explorer.summary.value and explorer.summary.value.startswith("batch 1: 5 data sets")


def test_the_kernel_answers_every_request_even_one_that_changes_nothing_or_fails():
    """The front end asks again only once answered: an answer must come whatever the request did."""
    from perceptron_lib.widgets import UnitView
    view = UnitView(*boolean_function("and"))
    before = dict(view.controls.shown)
    view.controls._heard(view.controls, {"ask": 7, "values": dict(view.controls.values)}, [])    # nothing new
    assert view.controls.shown == {**before, "asked": 7}
    with pytest.raises(ValueError, match="w1 must be a finite number"):
        view.controls._heard(view.controls, {"ask": 8, "values": {**view.controls.values, "w1": "abc"}}, [])
    assert view.controls.shown["asked"] == 8
    view.controls._heard(view.controls, {"values": {"w0": 1}}, [])        # not a request: ignored
    view.controls._heard(view.controls, {"ask": 9, "action": "no such button"}, [])
    assert view.controls.shown["asked"] == 9

