"""TraceStepper: the controls move one step, the views follow, and it says what it is without a kernel."""
import numpy as np

from perceptron_lib import boolean_function, train
from perceptron_lib.widgets import TraceStepper


def test_buttons_step_and_stop_at_the_ends():
    run = train(*boolean_function("or"))
    stepper = TraceStepper(run)
    assert (stepper.slider.max, stepper.slider.value) == (13, 0)
    stepper.previous.click()
    assert stepper.slider.value == 0
    for _ in range(20):
        stepper.next.click()
    assert stepper.slider.value == 13
    stepper.previous.click()
    assert stepper.slider.value == 12


def test_views_follow_the_slider():
    run = train(*boolean_function("or"))
    stepper = TraceStepper(run)
    stepper.slider.value = 2
    assert stepper.image.value == stepper.pictures.png(2)
    assert "presentation 2" in stepper.arithmetic.value and "W ← [0 0 0]" in stepper.arithmetic.value
    assert "outline:3px" in stepper.table.value
    stepper.slider.value = 0
    assert "the start" in stepper.arithmetic.value


def test_without_a_kernel_the_stepper_says_where_the_static_view_is():
    bundle = TraceStepper(train(*boolean_function("or")))._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith("Interactive stepper (needs a running kernel")


def test_a_long_run_starts_with_only_its_first_pictures_made():
    run = train(*boolean_function("xor"), order="random", seed=0, max_epochs=200)
    stepper = TraceStepper(run, ready=10)
    assert stepper.slider.max == 800 and sorted(stepper.pictures._made) == list(range(11))
    stepper.slider.value = 800
    assert "presentation 800" in stepper.arithmetic.value and 800 in stepper.pictures._made


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
    assert len(player.frames) == len(player.texts) == len(player.tables) == run.n_presentations + 1
    assert player.texts[2].startswith("<b>presentation 2</b>: W·X2 = [0 0 0]·[1 0 1] = 0")
    assert player._repr_html_() == PlayableRun(run)._repr_html_()  # stored outputs compare equal
    bundle = player._repr_mimebundle_()
    assert "needs a page that runs scripts" in bundle["text/plain"] and "<script>" in bundle["text/html"]


def test_a_dual_view_of_a_run_starts_at_the_runs_start():
    from perceptron_lib.widgets import DualView
    run = train(*boolean_function("or"))
    view = DualView(*boolean_function("or"), trace=run)
    assert view.step.value == 0 and [s.value for s in view.w] == run.weights[0].tolist()


def test_lecture_layout_shows_large_arithmetic_and_only_the_current_row():
    stepper = TraceStepper(train(*boolean_function("or")), lecture=True)
    stepper.next.click()
    assert "font-size: 150%" in stepper.arithmetic.value and "presentation 1" in stepper.arithmetic.value
    assert stepper.table.value.count("<tr") == 2  # the header and the current row
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


def test_a_steppers_picture_and_its_name_go_in_one_message():
    """The picture's name (its title, read by a screen reader) follows the step, sent with the picture: the
    front end redraws an Image on every change of its state, so two messages would decode the picture twice."""
    stepper = TraceStepper(train(*boolean_function("or")))
    sent = []
    stepper.image.send_state = lambda key=None: sent.append(sorted(key) if key is not None else None)
    stepper.next.click()
    assert sent == [["tooltip", "value"]]
    assert stepper.image.tooltip.endswith("step 1 of 13: X1 presented, W·X = 0, output 0, target 0: right, "
                                          "W stays [0 0 0]")


def test_play_is_a_labelled_toggle_that_steps_to_the_end_in_an_event_loop():
    import asyncio
    stepper = TraceStepper(train(*boolean_function("or")), interval=50)
    assert stepper.play.description == "▶ play"          # words a screen reader reads, not an icon
    stepper.play.value = True                              # no event loop here: it cannot play, and says so
    assert (stepper.play.value, stepper.play.description, stepper.slider.value) == (False, "▶ play", 0)

    async def press_and_wait():
        stepper.play.value = True
        assert stepper.play.description == "⏸ pause"
        while stepper.play.value:
            await asyncio.sleep(0.01)
    asyncio.run(press_and_wait())
    assert (stepper.slider.value, stepper.play.description) == (13, "▶ play")
    shown = []
    stepper.slider.observe(lambda change: shown.append(change["new"]), names="value")
    asyncio.run(press_and_wait())                          # pressed at the end: from the start again
    assert shown == list(range(14))


def counting_checks(monkeypatch):
    """Count the calls of validation's checks from outside the checks (a check's own inner checks not counted)."""
    import collections
    import functools
    from perceptron_lib import validation
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


def test_a_step_checks_its_step_once_and_the_run_and_its_weights_not_again(monkeypatch):
    """The run is checked when the stepper is made; a click checks the step k, not the run or W at every layer."""
    from perceptron_lib.plotting import step_figure, update_step
    run = train(*boolean_function("or"))
    stepper = TraceStepper(run, ready=0)
    artists = step_figure(run, 0)[1]
    calls = counting_checks(monkeypatch)
    stepper.next.click()          # a picture not made before: the figure's artists move and are drawn
    assert stepper.slider.value == 1 and 1 in stepper.pictures._made
    assert calls["step"] == 1 and calls["recorded_run"] == 0 and sum(calls.values()) <= 2, calls
    calls.clear()
    update_step(artists, run, 5)  # the public function checks its run and its step, once each
    assert calls == {"recorded_run": 1, "step": 1}, calls
    calls.clear()
    stepper.pictures.png(7)
    assert calls == {"step": 1}, calls


def test_the_weight_space_views_check_their_weights_once_a_move(monkeypatch):
    from perceptron_lib.widgets import DualView, UnitView
    dual, unit = DualView(*boolean_function("or")), UnitView(*boolean_function("and"))
    calls = counting_checks(monkeypatch)
    dual.set_weights([0.5, 1, -1])
    assert calls == {"plane_weights": 1}, calls
    calls.clear()
    unit.w[0].value = -1.25       # the picture checks nothing again; the table below checks its own numbers
    assert "plane_weights" not in calls and "few_patterns" not in calls, calls
