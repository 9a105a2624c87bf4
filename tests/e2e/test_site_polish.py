"""The course website as a place to learn (issue 41, item 5), in Chromium, served from 127.0.0.1.

The site is test_site.py's (built once per module, or the one PERCEPTRON_SITE names). A player's controls are words
beside icons the page draws itself (no glyph that needs an emoji font); on a 320 px screen its picture, too small to
read there, can be enlarged from the keyboard to its own size; a search's result opens at the term, highlighted, and
its summary reads a formula as words.
"""
import re
import sys

import pytest

from jupyter import ROOT, chromium
from lite import keep_local
from test_accessibility import serious_violations
from test_site import PAGES, open_page, served, site  # noqa: F401  (the site's fixtures)

sys.path.insert(0, str(ROOT / "tools"))
import slides  # noqa: E402  (tools/ is not a package)

LEGIBLE_PX = 9   # the smallest text of a picture as shown, in CSS px
WIDER_THAN_THE_SCREEN = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
# Each player's picture as shown: its width, its pixels' width, and its smallest text at 1:1 (from its PNG's dpi)
PICTURE = """player => {
  const img = player.querySelector('img');
  return {width: img.getBoundingClientRect().width, natural: img.naturalWidth, src: img.src};
}"""


def pages_with_players(site):
    return [name for name in PAGES if "perceptron-playable" in (site / f"{name}.html").read_text(encoding="utf-8")]


def smallest_text_shown(player):
    """The smallest text of the player's picture as shown, in CSS px: its smallest text at 1:1 times its scale."""
    picture = player.evaluate(PICTURE)
    return picture["width"] / picture["natural"] * slides.figure_text_px(picture["src"])


def test_every_players_buttons_are_named_by_words_beside_icons_drawn_by_the_page(site, served):
    """No glyph from a font (⏸ shows as a box where no emoji font is installed): each button says a word, and its icon
    is an SVG hidden from screen readers; play turns into pause while playing."""
    names = pages_with_players(site)
    assert names, "no page has a player"
    with chromium(1280, 720) as page:
        outside = keep_local(page, served)
        for name in names:
            open_page(page, served, name)
            for player in page.locator(".perceptron-playable").all():
                buttons = player.get_by_role("button")
                assert [b.inner_text().strip() for b in buttons.all()] == ["play", "previous", "next"], name
                for button in buttons.all():
                    assert button.locator("svg[aria-hidden=true]:visible").count() == 1
                player.get_by_role("button", name="play").click()
                pause = player.get_by_role("button", name="pause")
                assert pause.inner_text().strip() == "pause" and pause.locator("svg:visible").count() == 1
                pause.click()
                player.get_by_role("button", name="play").wait_for()
    assert outside == []


def test_a_players_picture_can_be_enlarged_from_the_keyboard_to_legible_text_at_320_px(site, served):
    """At 320 px a player's picture is drawn at 40 % of its size, its text under 9 px: "enlarge the picture" (after the
    slider in the Tab order) shows it at its own size, its text legible, in a frame that scrolls sideways with the
    arrow keys (which step no more there); nothing else of the page grows wider than the screen."""
    measured = {}
    with chromium(320, 720) as page:
        outside = keep_local(page, served)
        for name in pages_with_players(site):
            open_page(page, served, name)
            player = page.locator(".perceptron-playable").first
            player.scroll_into_view_if_needed()
            fitted = smallest_text_shown(player)
            enlarge = player.get_by_role("button", name="enlarge the picture")
            if fitted >= LEGIBLE_PX:
                measured[name] = (round(fitted, 1), None)
                continue
            player.get_by_role("slider", name="step").focus()
            page.keyboard.press("Tab")
            assert page.evaluate("() => document.activeElement.innerText.trim()") == "enlarge the picture"
            page.keyboard.press("Enter")
            assert enlarge.get_attribute("aria-pressed") == "true"
            enlarged = smallest_text_shown(player)
            measured[name] = (round(fitted, 1), round(enlarged, 1))
            assert enlarged >= LEGIBLE_PX
            frame = player.get_by_role("group", name=re.compile("the picture at its own size"))
            page.keyboard.press("Tab")
            assert frame.evaluate("el => el === document.activeElement")
            step = player.locator(".step").inner_text()
            page.keyboard.press("ArrowRight")
            page.wait_for_function("el => el.scrollLeft > 0", arg=frame.element_handle(), timeout=5_000)   # smoothly
            assert player.locator(".step").inner_text() == step
            assert page.evaluate(WIDER_THAN_THE_SCREEN) <= 0
            enlarge.click()
            assert enlarge.get_attribute("aria-pressed") == "false"
            assert smallest_text_shown(player) == pytest.approx(fitted)
    print("smallest text as shown at 320 px, fitted and enlarged:", measured)
    assert measured and outside == []


def search(page, base, term):
    """Open the site's search page for `term`; return the results' list items, all listed."""
    from playwright.sync_api import expect
    page.goto(f"{base}/search.html?q={term}")
    expect(page.locator("#search-results p.search-summary")).to_contain_text(re.compile("Search finished"),
                                                                              timeout=20_000)
    return page.locator("#search-results ul.search li")


# The first match a reader can see on the page (a formula's image for its hidden words), and where it is on the screen
FIRST_MATCH = """() => {
  const shown = [...document.querySelectorAll('.bd-article span.highlighted')].map(m => {
    const words = m.closest('.formula-words');
    const el = words ? words.previousElementSibling : m;
    return el.getClientRects().length ? el : null;
  }).filter(Boolean);
  if (!shown.length) return null;
  const box = shown[0].getBoundingClientRect();
  return {tag: shown[0].tagName, top: box.top, bottom: box.bottom, height: innerHeight};
}"""


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_a_search_result_opens_at_the_term_highlighted_and_its_summary_reads_formulas_as_words(served, mode):
    """Issue 41: "gamma" is mostly in formulas, which the pages draw as images: the summaries say them in words (the
    words of their alt text, which the index holds too), and the result opens scrolled to the first match, marked
    (a formula's image outlined), with no serious accessibility violation."""
    with chromium(1280, 720) as first:
        page = first.context.browser.new_page(viewport={"width": 1280, "height": 720}, color_scheme=mode)
        outside = keep_local(page, served)
        items = search(page, served, "gamma")
        result = items.filter(has=page.locator("a[href^='05-convergence-theorem.html']")).first
        summary = result.locator("p.context").inner_text(timeout=20_000)   # fetched from the page, then added
        assert "at least gamma times the norm of W star" in summary, summary   # a formula, in words
        result.locator("a").first.click()
        page.wait_for_url(re.compile(r"05-convergence-theorem\.html"))
        page.wait_for_function(f"() => ({FIRST_MATCH})() !== null", timeout=10_000)
        match = page.evaluate(FIRST_MATCH)
        assert match["tag"] == "IMG" and 0 <= match["top"] and match["bottom"] <= match["height"], match
        assert "highlight" not in page.url
        assert serious_violations(page) == []
    assert outside == []


def test_an_address_with_highlight_opens_the_page_at_the_term(served):
    """Sphinx's own ?highlight= (a link that carries its terms) works on every page too."""
    with chromium(1280, 720) as page:
        page.goto(f"{served}/09-beyond-two-classes.html?highlight=confusion")
        page.wait_for_function(f"() => ({FIRST_MATCH})() !== null", timeout=10_000)
        match = page.evaluate(FIRST_MATCH)
        assert page.evaluate("scrollY") > 0 and 0 <= match["top"] and match["bottom"] <= match["height"], match
