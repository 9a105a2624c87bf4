"""The kernel-free stepper, in Chromium: a plain HTML page and a notebook exported to HTML, no kernel anywhere."""
import nbformat
from nbconvert import HTMLExporter
from nbformat.v4 import new_code_cell, new_notebook, new_output

from jupyter import chromium
from perceptron_lib import boolean_function, train
from perceptron_lib.widgets import PlayableRun
from test_notebooks_in_browser import _require_browser


def operate(page):
    """Next, the arrow keys, the slider and play: each moves the picture, the arithmetic and the step."""
    root = page.locator(".perceptron-playable").first
    picture = root.locator("img").get_attribute("src")
    root.get_by_role("button", name="next").click()
    assert root.locator(".step").inner_text() == "step 1 of 13"
    assert root.locator("img").get_attribute("src") != picture
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert root.locator(".step").inner_text() == "step 3 of 13"
    assert root.locator(".arithmetic").inner_text().startswith("presentation 3: W·X3 = [1 0 1]·[1 1 0] = 1")
    root.locator("input[type=range]").fill("9")
    assert "presentation 9" in root.locator(".arithmetic").inner_text()
    root.get_by_role("button", name="previous").click()
    assert root.locator(".step").inner_text() == "step 8 of 13"
    root.get_by_role("button", name="play").click()
    page.wait_for_function("el => el.textContent === 'step 13 of 13'", arg=root.locator(".step").element_handle(),
                           timeout=30_000)   # five steps of 0.9 s: a loaded machine's timers run late


def test_a_page_with_the_stepper_steps_without_a_kernel(tmp_path):
    _require_browser()
    page_file = tmp_path / "run.html"
    page_file.write_text("<html><body>" + PlayableRun(train(*boolean_function("or")))._repr_html_() + "</body></html>")
    with chromium() as page:
        page.goto(page_file.as_uri())
        operate(page)


def test_a_notebook_exported_to_html_keeps_a_working_stepper(tmp_path):
    _require_browser()
    player = PlayableRun(train(*boolean_function("or")))
    cell = new_code_cell("PlayableRun(train(*boolean_function('or')))", execution_count=1,
                         outputs=[new_output("display_data", data=player._repr_mimebundle_())])
    html, _ = HTMLExporter().from_notebook_node(new_notebook(cells=[cell]))
    (tmp_path / "lesson.html").write_text(html)
    with chromium() as page:
        page.goto((tmp_path / "lesson.html").as_uri())
        operate(page)


def test_on_a_narrow_screen_the_picture_can_be_enlarged_and_on_a_wide_one_it_needs_not(tmp_path):
    """Issue 41: "enlarge the picture" shows only where the picture is drawn smaller than its pixels (320 px wide:
    its 14.6 px text at 6 px), and shows it at its own size, scrolling sideways in its frame."""
    _require_browser()
    page_file = tmp_path / "run.html"
    page_file.write_text('<html><head><meta name="viewport" content="width=device-width"></head><body>'
                         + PlayableRun(train(*boolean_function("or")))._repr_html_() + "</body></html>")
    for width, offered in ((1280, False), (320, True)):
        with chromium(width, 720) as page:
            page.goto(page_file.as_uri())
            root = page.locator(".perceptron-playable").first
            enlarge = root.get_by_role("button", name="enlarge the picture")
            picture = root.locator("img").element_handle()
            page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=picture)
            assert enlarge.is_visible() == offered
            if offered:
                scale = "() => { const i = document.querySelector('.perceptron-playable img'); " \
                        "return i.offsetWidth / Number(i.getAttribute('width')); }"   # its own size: pixels / DENSITY
                assert page.evaluate(scale) < 0.5
                enlarge.click()
                assert page.evaluate(scale) == 1 and enlarge.get_attribute("aria-pressed") == "true"
                root.get_by_role("button", name="next").click()     # a new step's picture stays enlarged
                assert page.evaluate(scale) == 1 and root.locator(".step").inner_text() == "step 1 of 13"
                enlarge.click()
                assert page.evaluate(scale) < 0.5
