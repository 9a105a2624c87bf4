"""A lesson as a student sees it on a 1280×720 screen: one screenshot per screenful, to look at.

    python tools/screens.py notebooks/08-capacity.ipynb            # -> build/screens/08-capacity/01.png, ...
    python tools/screens.py notebooks/0[1-3]-*.ipynb --output DIR

Each lesson is exported as tools/pages.py exports it (the lesson's page: its outputs, its figures
with their descriptions, formulas drawn), opened in Debian's Chromium (or PERCEPTRON_CHROMIUM) at
1280×720, and photographed a screenful at a time from the top, with a little overlap so that
nothing falls between two shots. Prints each lesson's number of screens. Open the PNGs with any
image viewer: a lesson is for eyes, and this is how to look at all of it.
"""
import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pages  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
WIDTH, HEIGHT, OVERLAP = 1280, 720, 60


def screens(notebook, output):
    """Photograph the page of `notebook` a screenful at a time into output/<name>/; return the paths."""
    from playwright.sync_api import sync_playwright

    folder = Path(output) / Path(notebook).stem
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        page_file = pages.export(notebook, tmp)
        browser = p.chromium.launch(executable_path=os.environ.get("PERCEPTRON_CHROMIUM", "/usr/bin/chromium"))
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
        page.goto(page_file.as_uri())
        page.wait_for_load_state("load")
        total, shots, top = page.evaluate("document.documentElement.scrollHeight"), [], 0
        while True:
            page.evaluate(f"window.scrollTo(0, {top})")
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
    args = parser.parse_args(argv)
    for notebook in args.notebooks:
        shots = screens(notebook, args.output)
        print(f"{Path(notebook).name}: {len(shots)} screens in {shots[0].parent}")


if __name__ == "__main__":
    main()
