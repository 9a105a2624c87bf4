"""Handouts: a PDF of each lesson's page and of each deck, printed by Chromium from a built site, offline.

    python tools/handouts.py build/site          # -> build/site/handouts/NN-name.pdf and NN-name.slides.pdf

tools/website.py calls it when it builds the whole site, and the instructors' page lists the PDFs.
A lesson's handout is its page as printed (A4, the page's own print style: no sidebar, no buttons),
without its code (as a deck), with every fold and every folded output open but the figures' descriptions in words (a printed
figure is there to see): a handout is read after the question was asked, so the answers belong in it. A deck's handout is reveal.js's print layout, one 1280×720 slide a page,
each slide with its answers shown. Nothing is fetched: the pages and decks are opened from disk.
"""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from jupyter import chromium  # noqa: E402

FOLDER = "handouts"
# Open what a page folds: <details> (Answers, worked solutions, "for the curious") and MyST-NB's folded
# outputs (sphinx-togglebutton hides them until clicked); a figure's description in words stays
# folded (it is the figure's alt text, for a screen reader: a printed page has the figure). The code is left
# out, as a deck leaves it out (a page's code is for running: the live lesson has it), and text outputs wrap.
OPEN_EVERYTHING = """() => {
  document.querySelectorAll('details.above-input, .cell_input').forEach(e => e.remove());
  document.querySelectorAll('details').forEach(d => {
    const name = d.querySelector('summary');
    if (!(name && name.innerText.trim() === 'The figure in words')) d.open = true;
  });
  document.querySelectorAll('.toggle-hidden').forEach(e => e.classList.remove('toggle-hidden'));
  document.querySelectorAll('button.toggle-button').forEach(b => b.remove());
  const style = document.createElement('style');
  style.textContent = '.cell_output pre { white-space: pre-wrap; overflow-wrap: anywhere; }';
  document.head.appendChild(style);
}"""


def lesson_names(site):
    """The stems of the lessons that have a deck in the built `site` (the decks' folder lists them)."""
    return sorted(path.name.removesuffix(".slides.html") for path in (Path(site) / "slides").glob("0[1-9]-*.slides.html"))


def print_handouts(site):
    """Print every lesson's page and deck in the built `site` to site/handouts/; return the PDFs' paths."""
    site = Path(site).resolve()
    (site / FOLDER).mkdir(exist_ok=True)
    made = []
    with chromium(1280, 720) as page:
        for name in lesson_names(site):
            page.goto((site / f"{name}.html").as_uri())
            page.wait_for_load_state("load")
            page.evaluate(OPEN_EVERYTHING)
            page.emulate_media(media="print")
            made.append(site / FOLDER / f"{name}.pdf")
            page.pdf(path=str(made[-1]), format="A4", print_background=True,
                     margin={"top": "15mm", "bottom": "15mm", "left": "12mm", "right": "12mm"})
            page.emulate_media(media="screen")
            page.goto((site / "slides" / f"{name}.slides.html").as_uri() + "?print-pdf")
            page.wait_for_function("() => window.Reveal && Reveal.isReady()", timeout=60_000)
            page.evaluate("() => document.querySelectorAll('.fragment').forEach(f => f.classList.add('visible'))")
            made.append(site / FOLDER / f"{name}.slides.pdf")
            page.pdf(path=str(made[-1]), width="1280px", height="720px", print_background=True,
                     margin={"top": "0", "bottom": "0", "left": "0", "right": "0"})
    return made


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, nargs="?", default=ROOT / "build" / "site", help="a site built by tools/website.py")
    args = parser.parse_args(argv)
    for path in print_handouts(args.site):
        print(f"{path.relative_to(args.site.resolve())}: {path.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    sys.exit(main())
