"""The course website (tools/website.py), as a student meets it in Chromium, served from 127.0.0.1.

The whole site is built once (pages, the JupyterLite site with the local Pyodide, the decks), as
the README's command builds it, and every request that would leave 127.0.0.1 is refused and
fails the test. Each page: nothing from the web, no critical or serious axe-core violation in
light and in dark mode, nothing cut off at 1280×720 nor at 320 px wide (WCAG's reflow), every
formula drawn, every figure with its words, the answers folded. Across the site: no internal link
dead, search finds a term from any page, each player answers its first click, and "Run this
lesson live" opens the lesson in JupyterLite, where its first cell runs.
"""
import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from jupyter import ROOT, chromium, wait_for_animations, wait_for_kernel_idle
from lite import PYODIDE, PYODIDE_HINT, keep_local, serve
from test_accessibility import serious_violations
from test_jupyterlite import ON_CI
from test_notebooks_in_browser import _require_browser

sys.path.insert(0, str(ROOT / "tools"))
import first_screens  # noqa: E402
import handouts  # noqa: E402
import hidden  # noqa: E402
import slides  # noqa: E402
import website  # noqa: E402  (tools/ is not a package)

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
PAGES = [website.page_name(n.name) for n in NOTEBOOKS] + [website.NOTATION, website.GUIDE] + list(website.reference_stems())
# An element wider than the window is cut off unless it scrolls on its own (code, a wide table).
CUT_OFF = """() => {
  const width = document.documentElement.clientWidth, found = [];
  const scrolls = el => { for (let e = el.parentElement; e; e = e.parentElement) {
      const o = getComputedStyle(e).overflowX; if (o === 'auto' || o === 'scroll') return true; } return false; };
  for (const el of document.querySelectorAll('.bd-article *, .perceptron-live *')) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && (box.right > width + 1 || box.left < -1) && !scrolls(el))
      found.push(el.tagName + '.' + el.className + ' ' + Math.round(box.left) + '..' + Math.round(box.right));
  }
  return {page: document.documentElement.scrollWidth - width, elements: found.slice(0, 5)};
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site, built here; or, with PERCEPTRON_SITE, one already built there (to try a change of the tests)."""
    _require_browser()
    if os.environ.get("PERCEPTRON_SITE"):
        return Path(os.environ["PERCEPTRON_SITE"])
    if not (PYODIDE / "pyodide.js").is_file():
        if ON_CI:
            pytest.fail(f"CI must build the whole site: {PYODIDE_HINT}")
        pytest.skip(PYODIDE_HINT)
    folder = tmp_path_factory.mktemp("website") / "site"
    # the README's command, as a student types it, with the local Pyodide
    subprocess.run([sys.executable, str(ROOT / "tools" / "website.py"), "--output", str(folder), "--pyodide", str(PYODIDE)],
                   check=True, cwd=ROOT)
    return folder


@pytest.fixture(scope="module")
def served(site):
    with serve(site) as base:
        yield base


def open_page(page, base, name):
    """Open the page and wait until it is laid out as it stays: loaded, and its web fonts too (a font that arrives
    late changes every width measured)."""
    page.goto(f"{base}/{name}.html")
    page.wait_for_load_state("load")
    page.evaluate("() => document.fonts.ready.then(() => true)")


def test_the_folder_holds_every_page_the_jupyterlite_site_and_every_deck(site):
    for name in PAGES + ["search", "genindex"]:
        assert (site / f"{name}.html").is_file(), name
    assert (site / "lab" / "index.html").is_file() and (site / "static" / "pyodide" / "pyodide.js").is_file()
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == [n.name for n in NOTEBOOKS]
    assert sorted(p.name for p in (site / website.DECKS).glob("*.slides.html")) == \
        [n.stem + ".slides.html" for n in NOTEBOOKS]
    text = (site / "index.html").read_text()
    assert "<title>00 · Index" in text     # the site opens on the index itself, not a redirect


def title_of(name):
    """How the page `name` is titled: a lesson by its number, the others by their name."""
    reference = {stem: f"Reference: {title.lower()}" for stem, (title, _, _) in website.reference_stems().items()}
    return {"index": "00 · Index", website.NOTATION: "Notation", website.GUIDE: "A guide for the lecture room",
            "search": "Search", **reference}.get(name, name[:2] + " · ")


@pytest.mark.parametrize("name", PAGES + ["search"])
def test_a_page_asks_nothing_of_the_web_and_has_no_serious_accessibility_violation_light_or_dark(served, name):
    found, outside, errors = {}, [], []
    with chromium(1280, 720) as first:
        for mode in ("light", "dark"):     # each in its own browser context, as a student's system sets it
            page = first.context.browser.new_page(viewport={"width": 1280, "height": 720}, color_scheme=mode)
            outside.append(keep_local(page, served))
            page.on("pageerror", lambda error: errors.append(str(error)))
            open_page(page, served, name)
            assert page.evaluate("document.documentElement.dataset.theme") == mode
            wait_for_animations(page)   # the theme's colours settle (axe once caught the search button mid-change)
            found[mode] = serious_violations(page)
            assert page.title().startswith(title_of(name)), page.title()
    outside = [url for urls in outside for url in urls]
    assert outside == [], f"{name} asked the web for {outside[:3]}"
    assert errors == []
    assert found == {"light": [], "dark": []}


# The bar of live links inside the article's header: not cut by it, nor spilling over the lesson below
BAR_IN_HEADER = """() => {
  const bar = document.querySelector('nav.perceptron-live');
  if (!bar) return null;
  const b = bar.getBoundingClientRect(), h = document.querySelector('.bd-header-article').getBoundingClientRect();
  return b.top >= h.top - 1 && b.bottom <= h.bottom + 1 ? null : [b.top, b.bottom, h.top, h.bottom].map(Math.round);
}"""


@pytest.mark.parametrize("width", [1280, 800, 320])
def test_every_page_reads_at_its_width_with_nothing_cut_off(served, width):
    """At 1280 px, at 800 (the sidebar folded away, the header's bar on lines of its own) and at 320 px (reflow)."""
    cut = {}
    with chromium(width, 720) as page:
        for name in PAGES:
            open_page(page, served, name)
            measured = page.evaluate(CUT_OFF)
            measured["bar"] = page.evaluate(BAR_IN_HEADER)
            if measured["page"] > 0 or measured["elements"] or measured["bar"]:
                cut[name] = measured
    assert cut == {}


def test_no_internal_link_is_dead(site, served):
    """Every link of every page that stays on the site leads to a file there, and its #anchor to an element."""
    with chromium(1280, 720) as page:
        links = {}
        for name in PAGES + ["search"]:
            open_page(page, served, name)
            for href in page.evaluate("() => [...document.querySelectorAll('a[href]')].map(a => a.href)"):
                links.setdefault(href, name)
    ids, dead = {}, []
    for href, where in sorted(links.items()):
        if not href.startswith(served + "/"):
            continue
        url = urllib.parse.urlsplit(href)
        try:
            urllib.request.urlopen(f"{served}{url.path}", timeout=10).close()
        except urllib.error.HTTPError:
            dead.append((where, href))
            continue
        query = urllib.parse.parse_qs(url.query)
        if url.path.endswith("/lab/index.html") and not (site / "files" / query["path"][0]).is_file():
            dead.append((where, href))
        if url.fragment and url.path.endswith(".html") and f"/{website.DECKS}/" not in url.path:
            if url.path not in ids:
                text = (site / url.path.lstrip("/")).read_text(encoding="utf-8")
                ids[url.path] = set(re.findall(r'\sid="([^"]+)"', text))
            if urllib.parse.unquote(url.fragment) not in ids[url.path]:
                dead.append((where, href))
    assert len(links) > 100 and dead == []


def test_each_page_links_its_live_lesson_binder_and_deck_and_its_neighbours(served):
    with chromium(1280, 720) as page:
        for i, notebook in enumerate(NOTEBOOKS):
            open_page(page, served, website.page_name(notebook.name))
            bar = page.locator("nav.perceptron-live")
            what = "course" if notebook.name == website.INDEX else "lesson"
            assert bar.get_by_role("link", name=f"▶ Run this {what} live").get_attribute("href") == \
                f"lab/index.html?path={notebook.name}"
            binder = bar.get_by_role("link", name="Open on Binder").get_attribute("href")
            assert binder.startswith(f"https://mybinder.org/v2/gh/{website.navigation.repository()}/")
            assert bar.get_by_role("link", name="Slides").get_attribute("href") == f"slides/{notebook.stem}.slides.html"
            if i + 1 < len(NOTEBOOKS):
                assert page.locator("a.right-next").get_attribute("href") == f"{NOTEBOOKS[i + 1].stem}.html"
            if i > 0:
                assert page.locator("a.left-prev").get_attribute("href") == \
                    f"{website.page_name(NOTEBOOKS[i - 1].name)}.html"
            assert page.locator("nav.bd-links a[href]").count() >= len(NOTEBOOKS)     # the sidebar


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[n.stem[:2] for n in NOTEBOOKS])
def test_a_page_draws_every_formula_describes_every_figure_and_folds_every_answer(served, notebook, tmp_path):
    cells = json.loads(notebook.read_text())["cells"]
    notation = None
    if notebook.name == website.INDEX:   # the index's notation table is a page of its own
        index, notation = website.split_notation(json.loads(notebook.read_text()))
        cells = index["cells"]
    markdown = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    formulas = sum(len(slides.MATH.findall(text)) for text in markdown)
    pictures = sum('class="perceptron-figure"' in "".join(o.get("data", {}).get("text/html", ""))
                   for c in cells for o in c.get("outputs", []))
    shown = website.page_notebook({"cells": cells, "metadata": {}}, notebook.name, tmp_path)["cells"]  # as the page has them
    folded = {tag: sum(tag in hidden.tags(c) and bool(c.get("outputs") if tag == hidden.HIDE_OUTPUT else True)
                       for c in shown if c["cell_type"] == "code") for tag in (hidden.HIDE_INPUT, hidden.HIDE_OUTPUT)}
    with chromium(1280, 720) as page:
        open_page(page, served, website.page_name(notebook.name))
        drawn = page.evaluate("() => [...document.querySelectorAll('img.formula')].map(i => i.naturalWidth)")
        assert len(drawn) == formulas and all(drawn)
        figures = page.locator("figure.perceptron-figure")
        assert figures.count() == pictures
        for figure in figures.all():
            assert figure.locator("img").get_attribute("alt")
            assert figure.locator("details summary").text_content().strip() == "The figure in words"   # folded or not
        assert page.locator("details.hide.above-input").count() == folded[hidden.HIDE_INPUT]
        assert page.locator("details.hide.below-input").count() == folded[hidden.HIDE_OUTPUT]
        assert page.locator("details.hide[open]").count() == 0
        for fold in page.locator("details.hide").all():   # closed: its answer is not on the screen
            assert not fold.locator(".cell_input, .cell_output").first.is_visible()
        if notation:
            open_page(page, served, website.NOTATION)
            drawn = page.evaluate("() => [...document.querySelectorAll('img.formula')].map(i => i.naturalWidth)")
            assert len(drawn) == len(slides.MATH.findall(notation)) > 100 and all(drawn)
            return
        if any("widget-view" in json.dumps(o) for c in cells for o in c.get("outputs", [])):
            note = page.locator(".perceptron-needs-kernel").first     # perhaps in a fold: read, not seen
            assert "computes with Python as you use it" in note.text_content()
            assert "kernel" not in note.text_content().lower()     # a search for "kernel" does not find every lesson
            link = note.locator("a")
            assert link.text_content() == "run this lesson live"
            assert link.get_attribute("href") == f"lab/index.html?path={notebook.name}"


@pytest.mark.parametrize("term, lesson", [("Cover", "08-capacity"), ("cycling", "03-xor-and-cycling"),
                                          ("train_kernel", "reference-beyond-two-classes"),
                                          ("KernelPerceptron", "reference-estimators-for-scikit-learn")])
def test_search_finds_a_term_from_any_page(served, term, lesson):
    from playwright.sync_api import expect
    with chromium(1280, 720) as page:
        outside = keep_local(page, served)
        for start in ("09-beyond-two-classes", "notation"):
            open_page(page, served, start)
            page.keyboard.press("Control+k")      # the theme's search box, as its button says
            box = page.locator("#pst-search-dialog input[name=q], .search-button-field input[name=q]").first
            if not box.is_visible():
                page.locator("button.search-button-field, .search-button-field").first.click()
            box = page.locator("input[name=q]:visible").first
            box.fill(term)
            box.press("Enter")
            page.wait_for_url(re.compile(r"search\.html\?q="))
            # Sphinx adds the results one by one (5 ms apart) and then says how many it found: all are listed then
            expect(page.locator("#search-results p.search-summary")).to_contain_text(
                re.compile("Search finished|did not match"), timeout=20_000)
            results = page.locator("#search-results ul.search li a")
            found = [a.get_attribute("href") for a in results.all()]
            assert any(href.startswith(f"{lesson}.html") for href in found), found
    assert outside == []


def test_every_player_answers_its_first_click_on_a_cold_page(site, served):
    answered = {}
    for name in PAGES:
        if "perceptron-playable" not in (site / f"{name}.html").read_text(encoding="utf-8"):
            continue
        with chromium(1280, 720) as page:     # a fresh browser: nothing cached
            page.goto(f"{served}/{name}.html", wait_until="commit")
            players = page.locator(".perceptron-playable")
            players.first.get_by_role("button", name="next").wait_for()
            i = 0
            while i < players.count():   # the first player is clicked at once, on a page still arriving
                player = players.nth(i)
                before = player.locator("img").get_attribute("src")
                player.get_by_role("button", name="next").click()
                assert player.locator(".step").inner_text().startswith("step 1 of ")
                assert player.locator("img").get_attribute("src") != before
                answered[name] = answered.get(name, 0) + 1
                # the decks' keyboard contract holds on the page: keys step, a screen reader hears each step
                page.keyboard.press("ArrowRight")
                assert player.locator(".step").inner_text().startswith("step 2 of ")
                assert player.locator("[aria-live=polite]").inner_text().startswith("step 2 of ")
                if i == 0:   # every other player is counted once the whole page is in (it was read while loading)
                    page.wait_for_load_state("domcontentloaded")
                i += 1
    assert answered.get("02-learning-rule", 0) >= 1, answered


def test_run_live_opens_the_lesson_in_jupyterlite_where_its_first_cell_runs(served):
    from playwright.sync_api import expect
    name = "02-learning-rule"
    with chromium(1280, 900) as page:
        outside = keep_local(page, served)
        open_page(page, served, name)
        page.get_by_role("link", name="▶ Run this lesson live").click()
        page.wait_for_url(re.compile(r"/lab/index\.html\?path=02-learning-rule\.ipynb"))
        page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=60_000)
        wait_for_kernel_idle(page, timeout=120)
        first = page.locator(".jp-NotebookPanel .jp-CodeCell").first
        if first.locator(".jp-InputPlaceholder").count():   # the opening picture's code opens collapsed: show it
            first.locator(".jp-InputPlaceholder").click()
        first.locator(".jp-InputArea-editor").click()
        # the lesson opens with its stored outputs: its prompt already says [1]; blank it, so that the number
        # waited for below is this run's (JupyterLab writes the prompt anew when the cell runs: [*], then [n])
        first.locator(".jp-InputPrompt").evaluate("prompt => { prompt.textContent = ''; }")
        page.keyboard.press("Shift+Enter")
        page.wait_for_function("cell => /\\[\\d+\\]/.test(cell.querySelector('.jp-InputPrompt').textContent)",
                               arg=first.element_handle(), timeout=120_000, polling=200)
        wait_for_kernel_idle(page, timeout=120)
        assert first.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() == 0
        expect(first.locator(".jp-OutputArea-output img").first).to_be_attached(timeout=30_000)   # its opening picture, drawn anew
    assert outside == []


@pytest.mark.parametrize("place", ["site", "lite"])
def test_every_lesson_opens_with_its_question_and_its_whole_picture_on_the_first_screen(served, place):
    """Issue 32: at 1280×720 a lesson's first screen holds its question and the whole picture it is about (the
    question is the text just above the picture), on its page and in JupyterLite, opened and not yet run."""
    with chromium(first_screens.WIDTH, first_screens.HEIGHT) as page:
        outside = keep_local(page, served)
        assert first_screens.cut_pictures(page, place, served, first_screens.lessons()) == []
    assert outside == []


def test_every_lesson_has_a_handout_of_its_page_and_of_its_deck_that_the_guide_links(site, served):
    """Handouts (issue 42): a PDF of each lesson's page (answers open) and of its deck (a slide a page)."""
    guide = (site / f"{website.GUIDE}.html").read_text(encoding="utf-8")
    for notebook in NOTEBOOKS[1:]:
        for kind, size in ((".pdf", rb"/MediaBox \[0 0 595\.9\d* 842\.88\]"), (".slides.pdf", rb"/MediaBox \[0 0 960 540\]")):
            pdf = site / handouts.FOLDER / f"{notebook.stem}{kind}"
            data = pdf.read_bytes()   # A4 pages, or 1280x720 px slides (960x540 pt)
            assert data.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page[^s]", data)) > 3, pdf
            assert re.search(size, data), pdf
            assert f'href="{handouts.FOLDER}/{pdf.name}"' in guide
    with chromium(1280, 720) as page:   # what the handout prints: every answer open, figures' words folded
        open_page(page, served, "05-convergence-theorem")
        page.evaluate(handouts.OPEN_EVERYTHING)
        closed = page.evaluate("() => [...document.querySelectorAll('details:not([open]) > summary')]"
                               ".map(s => s.innerText.trim())")
        assert closed and set(closed) == {"The figure in words"}, closed
        assert page.locator(".toggle-hidden").count() == 0


# The focused element's outline, and the colour it is drawn on: the first background behind it that is not transparent
FOCUS_RING = """() => {
  const el = document.activeElement, style = getComputedStyle(el);
  let behind = 'rgb(255, 255, 255)';   // a ring drawn inside the element's edge is drawn on the element itself
  for (let e = parseFloat(style.outlineOffset) < 0 ? el : el.parentElement; e; e = e.parentElement) {
    const colour = getComputedStyle(e).backgroundColor;
    if (colour !== 'transparent' && !/rgba\\(.*, 0\\)$/.test(colour)) { behind = colour; break; }
  }
  return {inHeader: !!el.closest('.bd-header-article'), className: String(el.className),
          label: el.getAttribute('aria-label') || el.textContent.trim() || el.className,
          style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor, behind: behind};
}"""
HEADER_BUTTONS = {"sidebar toggle": "primary-toggle", "repository": "btn-source-repository-button",
                  "download": "dropdown-toggle", "theme switch": "theme-switch-button"}


def contrast(first, second):
    """WCAG's contrast ratio of two CSS rgb() colours."""
    def luminance(colour):
        channels = [int(c) / 255 for c in re.findall(r"[\d.]+", colour)[:3]]
        return sum(w * (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
                   for w, c in zip((0.2126, 0.7152, 0.0722), channels))
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_keyboard_focus_is_visible_on_every_button_of_the_pages_header(served, mode):
    """Issue 41: Tab reaches the header's sidebar toggle, repository, download and theme buttons, each drawn with a
    ring of 2 px or more whose colour stands 3:1 or more against the header (WCAG 2.4.7, 1.4.11)."""
    with chromium(1280, 720) as first:
        page = first.context.browser.new_page(viewport={"width": 1280, "height": 720}, color_scheme=mode)
        open_page(page, served, "02-learning-rule")
        seen = {}
        for _ in range(200):
            page.keyboard.press("Tab")
            ring = page.evaluate(FOCUS_RING)
            if ring["inHeader"]:
                seen[ring["label"]] = ring
            elif seen:
                break     # past the header
    found = {what: next((r for r in seen.values() if cls in r["className"].split()), None)
             for what, cls in HEADER_BUTTONS.items()}
    assert all(found.values()), (found, list(seen))
    weak = {key: ring for key, ring in seen.items() if ring["style"] in ("none", "hidden") or ring["width"] < 2
            or contrast(ring["colour"], ring["behind"]) < 3}
    assert weak == {}


@pytest.mark.parametrize("notebook", [NOTEBOOKS[0], NOTEBOOKS[5]], ids=lambda n: n.stem[:2])
def test_a_pages_download_is_the_lesson_itself_with_its_formulas_and_navigation(site, notebook):
    """Issue 41: the download button gives a notebook that works in Jupyter, not the page's copy (formulas as images)."""
    page = (site / f"{website.page_name(notebook.name)}.html").read_text(encoding="utf-8")
    link = re.search(r'href="(_sources/[^"]+\.ipynb)"', page)
    assert link, "no download link to the notebook"
    downloaded = (site / link.group(1)).read_bytes()
    assert downloaded == notebook.read_bytes()
    cells = json.loads(downloaded)["cells"]
    assert any("navigation" in c["metadata"].get("tags", []) for c in cells)
    assert website.FORMULAS not in downloaded.decode("utf-8")
