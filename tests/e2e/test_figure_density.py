"""Sharp figures on a 1920×1080 screen (issue 42): no figure of a deck or a page is shown larger than 1.25 times its
drawn pixels.

A picture is laid out at 100 dpi and drawn at DENSITY (2) times that (plotting/base.py; a player's frames too,
fast_pictures.py); it shows at its 100-dpi size on a page, and a deck enlarges it so that its smallest text is 20 px
on the 1280×720 slide, which a 1920×1080 screen draws 1.5 times larger: about 2.06 times its 100-dpi pixels, which
a 100-dpi PNG showed blurred. Here each figure's width on the screen, in device pixels, is divided by its image's
own pixels (naturalWidth), on every slide of every deck and on every lesson's page. The formulas are SVG (vector):
not measured.
"""
import sys
import tempfile
from pathlib import Path

import pytest

from jupyter import ROOT, chromium, wait_for_deck
from lite import serve
from test_notebooks_in_browser import _require_browser

sys.path.insert(0, str(ROOT / "tools"))
import slides  # noqa: E402  (tools/ is not a package)

MAX_ENLARGED = 1.25
SCREEN = (1920, 1080)
PICTURES = "figure.perceptron-figure img, .perceptron-playable img"
# Each picture laid out in the last part of the page that `within` selects (the slide shown: the innermost present
# section; a page's article), not in a fold: its screen width in device px over its pixels.
ENLARGED = """([within, selector]) => [...[...document.querySelectorAll(within)].pop().querySelectorAll(selector)]
  .filter(img => img.getBoundingClientRect().width > 0).map(img => ({
    alt: img.alt.slice(0, 70), natural: img.naturalWidth, complete: img.complete,
    shown: img.getBoundingClientRect().width * devicePixelRatio,
    ratio: img.getBoundingClientRect().width * devicePixelRatio / img.naturalWidth}))"""
ALL_DECODED = """([within, selector]) => [...[...document.querySelectorAll(within)].pop().querySelectorAll(selector)]
  .every(img => img.complete && img.naturalWidth > 0)"""
PRESENT = ".reveal .slides section.present"


def too_enlarged(found, where):
    return [f"{where}: {f['alt']!r} shown {f['shown']:.0f} px wide, drawn {f['natural']} px: {f['ratio']:.2f}x"
            for f in found if f["ratio"] > MAX_ENLARGED]


def test_no_deck_figure_is_shown_larger_than_its_pixels_at_1920x1080():
    _require_browser()
    notebooks = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    problems, measured = [], []
    with tempfile.TemporaryDirectory() as folder:
        decks = [slides.export(path, Path(folder)).name for path in notebooks]
        with serve(Path(folder)) as base, chromium(*SCREEN) as page:
            for name in decks:
                page.goto(f"{base}/{name}")
                wait_for_deck(page)
                page.evaluate("() => Reveal.configure({transition: 'none', backgroundTransition: 'none'})")
                assert page.evaluate("() => Reveal.getScale()") == pytest.approx(1.5, abs=0.01)
                last = None
                for _ in range(400):
                    at = page.evaluate("() => Reveal.getIndices()")
                    if at == last:
                        break
                    last = at
                    page.wait_for_function(ALL_DECODED, arg=[PRESENT, PICTURES], timeout=10_000)
                    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
                    found = page.evaluate(ENLARGED, [PRESENT, PICTURES])
                    measured += found
                    problems += too_enlarged(found, f"{name} slide {at['h'] + 1}.{at['v'] + 1}")
                    page.evaluate("() => Reveal.next()")
    assert len(measured) >= 50, "the decks' figures were not found"
    assert not problems, "\n".join(dict.fromkeys(problems))   # a slide's fragments show its figures again


def test_no_page_figure_is_shown_larger_than_its_pixels_at_1920x1080(pages_site):
    names = [path.stem for path in sorted(pages_site.glob("[0-9][0-9]-*.html"))]
    assert len(names) >= 9
    problems, measured = [], []
    with serve(pages_site) as base, chromium(*SCREEN) as page:
        for name in names:
            page.goto(f"{base}/{name}.html")
            page.wait_for_load_state("load")
            page.wait_for_function(ALL_DECODED, arg=[".bd-article", PICTURES], timeout=30_000)
            found = page.evaluate(ENLARGED, [".bd-article", PICTURES])
            measured += found
            problems += too_enlarged(found, name)
    assert len(measured) >= 50, "the pages' figures were not found"
    assert not problems, "\n".join(problems)
