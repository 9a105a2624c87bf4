"""A lesson as a student sees it on a 1280×720 screen: one screenshot per screenful, to look at.

    python tools/screens.py notebooks/08-capacity.ipynb            # -> build/screens/08-capacity/01.png, ...
    python tools/screens.py notebooks/0[1-3]-*.ipynb --output DIR
    python tools/screens.py notebooks/02-learning-rule.ipynb --width 320   # a phone's width (WCAG reflow)
    python tools/screens.py --dark notebooks/02-learning-rule.ipynb        # the site's dark mode

Each lesson's page on the course website is built (tools/website.py: its outputs, its figures
with their descriptions, formulas drawn), served on 127.0.0.1, opened in Debian's Chromium (or
PERCEPTRON_CHROMIUM) at 1280×720 (or the width asked), and photographed a screenful at a time
from the top, with a little overlap so that nothing falls between two shots. Prints each lesson's number of screens. Open the PNGs with any
image viewer: a lesson is for eyes, and this is how to look at all of it.
"""
import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import website  # noqa: E402
from jupyterlite import serve  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
WIDTH, HEIGHT, OVERLAP = 1280, 720, 60


def screens(notebook, output, width=WIDTH, dark=False, site=None):
    """Photograph the page of `notebook` a screenful at a time into output/<name>/; return the paths.

    `site`: a folder holding the built pages (else they are built for this lesson, in a moment).
    """
    from playwright.sync_api import sync_playwright

    name = Path(notebook).stem
    folder = Path(output) / (name + (f"-{width}" if width != WIDTH else "") + ("-dark" if dark else ""))
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        if site is None:
            site = website.build_pages(Path(tmp) / "site", [notebook])
        browser = p.chromium.launch(executable_path=os.environ.get("PERCEPTRON_CHROMIUM", "/usr/bin/chromium"),
                                    args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": width, "height": HEIGHT},
                                color_scheme="dark" if dark else "light")
        with serve(site) as base:
            page.goto(f"{base}/{website.page_name(Path(notebook).name)}.html")
            page.wait_for_load_state("load")
            total, shots, top = page.evaluate("document.documentElement.scrollHeight"), [], 0
            while True:
                page.evaluate(f"window.scrollTo(0, {top})")
                page.wait_for_timeout(50)
                shot = folder / f"{len(shots) + 1:02}.png"
                page.screenshot(path=str(shot))
                shots.append(shot)
                if top + HEIGHT >= total:
                    break
                top += HEIGHT - OVERLAP
        browser.close()
    return shots


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+")
    parser.add_argument("--output", default=ROOT / "build" / "screens")
    parser.add_argument("--width", type=int, default=WIDTH, help="the window's width in px (height 720)")
    parser.add_argument("--dark", action="store_true", help="the site in dark mode")
    parser.add_argument("--site", type=Path, help="a built site (tools/website.py) to photograph, instead of "
                        "building the lesson's page")
    args = parser.parse_args(argv)
    for notebook in args.notebooks:
        shots = screens(notebook, args.output, args.width, args.dark, args.site)
        print(f"{Path(notebook).name}: {len(shots)} screens in {shots[0].parent}")


if __name__ == "__main__":
    main()
