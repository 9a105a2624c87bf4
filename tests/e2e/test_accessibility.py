"""Every student: what axe-core finds in the decks, and a player operated from the keyboard.

axe-core (bundled with axe-playwright-python) checks each slide as it is shown in Chromium at
1280x720; a critical or serious violation fails the test and is named with the slide. The
website's pages are checked whole, in light and dark mode, by test_site.py. The player
test is a student who cannot use a mouse: Tab to the controls, Enter and Space to step, the arrow
keys, and what a screen reader hears (the live region) after each.
"""
import sys

import pytest

from jupyter import ROOT, chromium, wait_for_animations, wait_for_deck
from lite import keep_local, serve
from test_notebooks_in_browser import _require_browser
from test_slides import go_to_player

sys.path.insert(0, str(ROOT / "tools"))
import slides  # noqa: E402  (tools/ is not a package)

SERIOUS = ("critical", "serious")
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


def serious_violations(page, context=None):
    """(rule, impact, element) for every critical or serious violation axe finds in `context` (a selector)."""
    from axe_playwright_python.sync_playwright import Axe
    found = Axe().run(page, context={"include": [[context]]} if context else None).response
    return [(rule["id"], rule["impact"], node["html"][:160]) for rule in found["violations"]
            if rule["impact"] in SERIOUS for node in rule["nodes"]]


def exported(tmp_path_factory, tool):
    """A folder with every lesson exported by `tool` (tools/slides.py)."""
    _require_browser()
    folder = tmp_path_factory.mktemp(tool.__name__)
    for notebook in NOTEBOOKS:
        tool.export(notebook, folder)
    return folder


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    return exported(tmp_path_factory, slides)


def open_deck(page, base, name):
    page.goto(f"{base}/{name}")
    wait_for_deck(page)


def shown_slides(page):
    """Walk the deck with Page Down, yielding the address of each slide as it is shown, once its transition has
    ended (axe measures colours and what covers what: a slide still moving in is not what a student reads)."""
    seen = []
    while (where := page.evaluate("() => location.hash")) not in seen:
        seen.append(where)
        wait_for_animations(page, ".reveal .slides")
        yield where
        page.keyboard.press("PageDown")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[n.stem for n in NOTEBOOKS])
def test_no_slide_of_a_deck_has_a_serious_accessibility_violation(decks, notebook):
    name = notebook.stem + ".slides.html"
    with serve(decks) as base, chromium(1280, 720) as page:
        outside = keep_local(page, base)
        open_deck(page, base, name)
        assert page.title().startswith(notebook.stem[:2])            # the lesson's own title, not "Notebook"
        # each slide is checked at rest; with no transition it is at rest at once (the same slide, not moving in)
        page.evaluate("() => Reveal.configure({transition: 'none', backgroundTransition: 'none'})")
        found = {where: serious_violations(page, ".reveal .slides section.present") for where in shown_slides(page)}
    assert outside == [], f"{name} asked the web for {outside[:3]}"
    assert {where: v for where, v in found.items() if v} == {}


def test_a_player_steps_from_the_keyboard_alone_and_says_each_step(decks):
    with serve(decks) as base, chromium(1280, 720) as page:
        open_deck(page, base, "02-learning-rule.slides.html")
        player = go_to_player(page)    # Page Down to the slide holding the player, as a lecturer does
        slide = page.evaluate("() => location.hash")
        focused = []
        for _ in range(3):    # the first Tab stops on the slide are the player's buttons
            page.keyboard.press("Tab")
            focused.append(page.evaluate("() => document.activeElement.innerText.trim()"))
        assert focused == ["play", "previous", "next"]
        assert page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") == "solid"
        said = player.locator("[aria-live=polite]")
        page.keyboard.press("Enter")
        assert player.locator(".step").inner_text() == "step 1 of 13"
        assert said.inner_text() == "step 1 of 13: X1 presented, W·X = 0, output 0, target 0: right, W stays [0 0 0]"
        page.keyboard.press(" ")
        assert said.inner_text().startswith("step 2 of 13: X2 presented, W·X = 0, output 0, target 1: a mistake")
        page.keyboard.press("ArrowRight")
        assert player.locator(".step").inner_text() == "step 3 of 13"
        assert page.evaluate("() => document.activeElement.innerText.trim()") == "next"   # focus stays put
        assert player.locator("img").get_attribute("alt").endswith(said.inner_text())
        assert page.evaluate("() => location.hash") == slide                # no key turned the slide
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "step"
        page.keyboard.press("Home")
        assert player.locator(".step").inner_text() == "step 0 of 13" and said.inner_text().startswith("step 0 of 13")
        assert page.evaluate("() => location.hash") == slide
