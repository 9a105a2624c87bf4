"""Which slides of the lessons' decks do not fit a 1280×720 projector.

    python tools/slide_fit.py                                   # every lesson
    python tools/slide_fit.py notebooks/04-weight-space.ipynb
    python tools/slide_fit.py --split        # start a sub-slide where a slide would overflow

Each deck is exported as tools/slides.py exports it and opened in Debian's Chromium at 1280×720.
The decks' slides are 1280×720 px, drawn 1:1 on that screen, so a slide fits when its content is
at most 720 px tall; a taller one scrolls, and its lower part is off screen. One line per slide that does not fit: the lesson, the slide (h/v), its first heading
or line, and its height. Exit status 1 if any slide of more than one cell does not fit (a single
cell taller than the screen, a long table or a tall figure, can only scroll).

With --split, a cell that would carry its slide past 720 px starts a sub-slide instead (its
"slideshow" metadata; nothing else in the notebook changes), and the decks are measured again.
"""
import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jupyterlite  # noqa: E402
import slides  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
MEASURE = """() => {
  const limit = document.querySelector('.reveal .slides').offsetHeight;
  const found = [];
  document.querySelectorAll('.reveal .slides > section').forEach((column, h) => {
    column.style.display = 'block';  // reveal lays out only the slides near the present one
    const leaves = column.querySelectorAll(':scope > section');
    (leaves.length ? [...leaves] : [column]).forEach((slide, v) => {
      slide.style.display = 'block';
      const heading = slide.querySelector('h1, h2, h3');
      const first = (heading || slide).innerText.trim().split('\\n')[0].slice(0, 60);
      const cells = [...slide.querySelectorAll('.jp-Cell.jp-Notebook-cell')].map(
        cell => ({id: cell.id.replace('cell-id=', ''), height: cell.offsetHeight}));
      found.push({h, v, first, height: slide.scrollHeight, limit, cells});
    });
  });
  return found;
}"""


def measure(decks):
    """For each deck (path of an exported page): a list of dicts h, v, first, height, limit per slide."""
    from playwright.sync_api import sync_playwright
    found = {}
    with jupyterlite.serve(decks[0].parent) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(base)
                   else route.abort())
        for deck in decks:
            page.goto(f"{base}/{deck.name}")
            page.wait_for_function("() => document.querySelector('.reveal.ready') !== null", timeout=30_000)
            found[deck] = page.evaluate(MEASURE)
        browser.close()
    return found


def measure_notebooks(notebooks):
    """{notebook: its slides, measured as `measure` does}."""
    with tempfile.TemporaryDirectory() as folder:
        decks = {slides.export(notebook, folder): notebook for notebook in notebooks}
        return {decks[deck]: measured for deck, measured in measure(list(decks)).items()}


def too_tall(measured):
    """The slides of one deck taller than the screen: (slides of several cells, slides of one cell)."""
    tall = [s for s in measured if s["height"] > s["limit"]]
    return [s for s in tall if len(s["cells"]) > 1], [s for s in tall if len(s["cells"]) <= 1]


def split(notebook, measured, margin=40):
    """Start a sub-slide at each cell that would carry its slide past the screen; return how many."""
    import nbformat
    heights = {cell["id"]: cell["height"] for s in measured for cell in s["cells"]}
    limit = measured[0]["limit"] - margin
    book = nbformat.read(notebook, as_version=4)
    filled, started = 0, 0
    for cell in book.cells:
        kind = cell.metadata.setdefault("slideshow", {}).setdefault("slide_type", "-")
        if cell.get("id") not in heights or kind in ("skip", "notes"):
            continue
        height = heights[cell["id"]]
        if kind in ("slide", "subslide") or filled == 0 or filled + height <= limit:
            filled = height if kind in ("slide", "subslide") else filled + height
            continue
        cell.metadata["slideshow"]["slide_type"] = "subslide"
        filled, started = height, started + 1
    nbformat.write(book, notebook)
    return started


def report(found):
    """Print the slides that do not fit; return how many of them hold more than one cell."""
    fixable = 0
    for notebook, measured in found.items():
        several, single = too_tall(measured)
        fixable += len(several)
        print(f"{notebook.name}: {len(measured)} slides; taller than {measured[0]['limit']} px: "
              f"{len(several)} of several cells, {len(single)} of one cell")
        for s in several + single:
            print(f"    {s['h']}/{s['v']}  {s['height']:5d} px  {len(s['cells'])} cell(s)  {s['first']}")
    return fixable


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--split", action="store_true", help="start sub-slides where slides overflow")
    args = parser.parse_args(argv)
    notebooks = args.notebooks or sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    found = measure_notebooks(notebooks)
    if args.split:
        for notebook, measured in found.items():
            print(f"{notebook.name}: {split(notebook, measured)} sub-slides started")
        found = measure_notebooks(notebooks)
    return 1 if report(found) else 0


if __name__ == "__main__":
    sys.exit(main())
