"""In front of a class: lesson 02's kernel-free player stepped in RISE's slideshow and in exported slides.

RISE runs inside JupyterLab (jupyterlab-rise); the exported slides are tools/slides.py's reveal.js
pages, served here on 127.0.0.1 with their local copy of reveal.js. In both, the slide holding the
player is reached the way a lecturer does (Page Down), then the player is operated.
"""
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from jupyter import ROOT, chromium, jupyter_lab
from lite import serve
from test_notebooks_in_browser import _require_browser

sys.path.insert(0, str(ROOT / "tools"))
import slide_fit  # noqa: E402
import slides  # noqa: E402  (tools/ is not a package)

LESSON = "02-learning-rule.ipynb"
# True when the slide on screen (the innermost present section) holds the player.
PLAYER_ON_SCREEN = """() => {
  const shown = [...document.querySelectorAll('.reveal .slides section.present')].pop();
  return !!(shown && shown.querySelector('.perceptron-playable'));
}"""


def go_to_player(page):
    """Page Down through the deck until the player's slide is on screen; return the player."""
    for _ in range(60):
        if page.evaluate(PLAYER_ON_SCREEN):
            break
        page.keyboard.press("PageDown")
        page.wait_for_timeout(150)
    assert page.evaluate(PLAYER_ON_SCREEN), "no slide of the deck holds the player"
    return page.locator(".reveal .slides section.present .perceptron-playable").last


def operate(player):
    assert player.locator(".step").inner_text() == "step 0 of 13"
    picture = player.locator("img").get_attribute("src")
    player.get_by_role("button", name="next ▶").click()
    player.get_by_role("button", name="next ▶").click()
    assert player.locator(".step").inner_text() == "step 2 of 13"
    assert player.locator("img").get_attribute("src") != picture
    assert player.locator(".arithmetic").inner_text().startswith("presentation 2: W·X2 = [0 0 0]·[1 0 1] = 0")
    player.get_by_role("button", name="◀ previous").click()
    assert player.locator(".step").inner_text() == "step 1 of 13"
    player.locator("input[type=range]").fill("9")
    assert "presentation 9" in player.locator(".arithmetic").inner_text()


def test_the_player_steps_in_rise_slideshow():
    _require_browser()
    with jupyter_lab() as (base, token, folder):
        # A lecturer runs the lesson and saves it before presenting: its outputs are then trusted,
        # so RISE runs the player's script. `jupyter trust` stands for that here.
        subprocess.run([sys.executable, "-m", "jupyter", "trust", str(folder / "notebooks" / LESSON)],
                       check=True, capture_output=True)
        with chromium(1280, 720) as page:
            page.goto(f"{base}/rise/notebooks/{LESSON}?token={token}")
            page.locator(".reveal .slides section.present").first.wait_for(timeout=60_000)
            operate(go_to_player(page))


def test_the_player_steps_in_exported_slides_with_no_network(tmp_path):
    _require_browser()
    page_file = slides.export(ROOT / "notebooks" / LESSON, tmp_path)
    assert "unpkg.com" not in page_file.read_text()  # reveal.js comes from beside the page
    with serve(tmp_path) as base, chromium(1280, 720) as page:
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(base)
                   else route.abort())  # MathJax and web fonts are refused: the deck works without them
        page.goto(f"{base}/{page_file.name}")
        page.wait_for_function("() => document.querySelector('.reveal.ready') !== null", timeout=30_000)
        operate(go_to_player(page))


@pytest.mark.parametrize("name", ["reveal.js/dist/reveal.js", "reveal.js/dist/reveal.css", "require.js",
                                  "jquery.min.js", "reveal.js/plugin/notes/notes.js"])
def test_slides_assets_are_kept_with_their_licenses(name):
    assert (slides.ASSETS / name).stat().st_size > 1000
    assert (slides.ASSETS / "reveal.js" / "LICENSE").is_file() and (slides.ASSETS / "jquery.LICENSE.txt").is_file()


def test_the_lecture_stepper_fits_a_1280x720_projector(tmp_path):
    """Buttons, picture, arithmetic in large type and the table row, all on screen at once."""
    _require_browser()
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook
    from jupyter import open_and_run_all
    (tmp_path / "lecture.ipynb").write_text(nbformat.writes(new_notebook(cells=[new_code_cell(
        "from perceptron_lib import boolean_function, train\n"
        "from perceptron_lib.widgets import TraceStepper\n"
        "TraceStepper(train(*boolean_function('or')), lecture=True)")],
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}})))
    with jupyter_lab(notebooks=tmp_path) as (base, token, _), chromium(1280, 720) as page:
        open_and_run_all(page, base, token, "lecture.ipynb")
        stepper = page.locator(".perceptron-stepper.perceptron-lecture").first
        stepper.scroll_into_view_if_needed()
        stepper.get_by_role("button", name="next ▶").click()
        page.wait_for_function("el => el.innerText.includes('presentation 1')",
                               arg=stepper.locator(".arithmetic").first.element_handle(), timeout=10_000)
        stepper.evaluate("el => el.scrollIntoView({block: 'end'})")
        panel = page.locator(".jp-NotebookPanel .jp-WindowedPanel-outer, .jp-NotebookPanel .jp-Notebook").first
        view = panel.bounding_box()
        for part in (stepper.get_by_role("button", name="next ▶"), stepper.locator("img").first,
                     stepper.locator(".arithmetic").first, stepper.locator("tr").last):
            box = part.bounding_box()
            assert view["y"] <= box["y"] and box["y"] + box["height"] <= view["y"] + view["height"], (part, box, view)
        size = page.evaluate("el => getComputedStyle(el.querySelector('.arithmetic')).fontSize",
                             stepper.element_handle())
        assert float(size.rstrip("px")) >= 19  # 150% of the notebook's 13 px
        page.screenshot(path=str(tmp_path / "lecture.png"))


def test_every_slide_fits_a_1280x720_projector():
    """tools/slide_fit.py's measure: a slide taller than the 720 px of the screen is split into sub-slides.

    A single cell taller than the screen cannot be split by metadata: it must be shortened (a smaller
    figure, a shorter output) or split into two cells, so it fails this test too.
    """
    _require_browser()
    notebooks = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    found = slide_fit.measure_notebooks(notebooks)
    assert all(len(measured) >= 5 and all(s["cells"] for s in measured) for measured in found.values())
    overflowing = {notebook.name: [(s["h"], s["v"], s["height"], s["first"]) for s in slide_fit.too_tall(measured)[0]]
                   for notebook, measured in found.items()}
    assert not any(overflowing.values()), f"slides to split (python tools/slide_fit.py --split): {overflowing}"
    single = {notebook.name: [(s["h"], s["v"], s["height"], s["first"]) for s in slide_fit.too_tall(measured)[1]]
              for notebook, measured in found.items()}
    assert not any(single.values()), f"cells taller than a 1280x720 slide (shorten or split them): {single}"


def test_every_formula_is_drawn_into_the_decks_and_shows_with_no_network(tmp_path):
    """No MathJax in a lecture hall with no connection: tools/slides.py draws each formula at export."""
    import json
    formulas = 0
    for notebook in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        markdown = [("".join(c["source"])) for c in json.loads(notebook.read_text())["cells"]
                    if c["cell_type"] == "markdown"]
        expected = sum(len(slides.MATH.findall(text)) for text in markdown)
        page = slides.export(notebook, tmp_path).read_text()
        assert page.count('class="formula"') == expected, f"{notebook.name}: a formula left as TeX"
        formulas += expected
    assert formulas >= 16   # the perceptron rule, the bound, the criterion, Budinich's step, the counts, ...
    _require_browser()
    with serve(tmp_path) as base, chromium(1280, 720) as page:
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(base)
                   else route.abort())
        page.goto(f"{base}/05-convergence-theorem.slides.html")
        page.wait_for_function("() => document.querySelector('.reveal.ready') !== null", timeout=30_000)
        drawn = page.evaluate("""() => [...document.querySelectorAll('img.formula')].map(
            img => ({alt: img.alt, width: img.naturalWidth, height: img.naturalHeight}))""")
        assert drawn and all(f["width"] > 0 and f["height"] > 0 for f in drawn), drawn
        assert any(r"\left(\frac{R}{\gamma}\right)^2" in f["alt"] for f in drawn)   # the bound, in the course's letters


def test_a_formula_mathtext_cannot_draw_stays_as_tex_and_is_reported(capsys):
    assert slides.drawn_math(r"before $\unknowncommand{x}$ after") == r"before $\unknowncommand{x}$ after"
    assert r"formula left as TeX" in capsys.readouterr().err
    assert slides.drawn_math("costs 5 dollars, not $5") == "costs 5 dollars, not $5"   # no formula there


def test_decks_set_type_for_the_back_of_a_lecture_hall():
    """On a 1280x720 screen, drawn 1:1: prose at 24 px or more, code and text outputs at 20, tables at 18."""
    _require_browser()
    with tempfile.TemporaryDirectory() as folder:
        page_file = slides.export(ROOT / "notebooks" / LESSON, Path(folder))
        with serve(Path(folder)) as base, chromium(1280, 720) as page:
            page.goto(f"{base}/{page_file.name}")
            page.wait_for_function("() => document.querySelector('.reveal.ready') !== null", timeout=30_000)
            sizes = page.evaluate("""() => {
              const scale = document.querySelector('.reveal .slides').getBoundingClientRect().width / 1280;
              const size = sel => [...document.querySelectorAll(sel)].map(el => parseFloat(getComputedStyle(el).fontSize));
              return {scale, prose: size('.reveal .jp-RenderedMarkdown p, .reveal .jp-RenderedMarkdown li'),
                      code: size('.reveal .jp-InputArea-editor pre, .reveal .jp-OutputArea-output pre'),
                      tables: size('.reveal .jp-OutputArea-output td')};
            }""")
    assert abs(sizes["scale"] - 1) < 0.01
    assert min(sizes["prose"]) >= 24 and min(sizes["code"]) >= 20 and min(sizes["tables"]) >= 18
