"""Every lesson's first screen, as a student opens it at 1280×720: on the site, in JupyterLab and in JupyterLite.

    python tools/first_screens.py                        # -> build/first-screens/<place>-<lesson>.png
    python tools/first_screens.py --places lite --lessons 02 03
    python tools/first_screens.py --site build/site      # photograph a site built before (tools/website.py)

A lesson opens with a question and the picture it is about (the picture is the first output; the
question is in the text just above it). For each lesson and place the lesson is opened, not run,
and its first screen is photographed; the script prints where the first picture's top and bottom
edges are (px from the top of the window), the part of the window the lesson is seen in (in
JupyterLab, between the notebook's toolbar and the status bar), and whether the whole picture is
in it. Exits with 1 if a picture is cut off.
JupyterLab and JupyterLite open the notebook with its stored outputs, as they do for a student
before Run All; the site is the lesson's page. Nothing is requested outside 127.0.0.1 (the site's
JupyterLite is built with the local Pyodide, see tests/e2e/lite.py).
"""
import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tools"))
import website  # noqa: E402
from jupyter import chromium, jupyter_lab  # noqa: E402
import lite  # noqa: E402

WIDTH, HEIGHT = 1280, 720
PLACES = ("site", "lab", "lite")

# The first picture of the lesson: on a page, the first figure of an output; in JupyterLab and
# JupyterLite, the first image of the notebook's first output area.
FIRST_PICTURE = {
    "site": "article img:not(.no-scaled-link):not([src*='_static'])",
    "lab": ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output img",
    "lite": ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output img",
}


def lessons(numbers=()):
    """The lesson notebooks 01-09 (the index has no opening picture), or those numbered in `numbers`."""
    found = sorted(p for p in (ROOT / "notebooks").glob("0[1-9]-*.ipynb"))
    return [p for p in found if not numbers or p.name[:2] in numbers]


# Where the picture is, and the part of the window it can be seen in: the page's window, or in JupyterLab
# the notebook's scrolling area (below the toolbar, above the status bar).
EDGES = """img => {
  let view = [0, window.innerHeight];
  for (let el = img.parentElement; el; el = el.parentElement) {
    const style = getComputedStyle(el);
    if (/(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight) {
      const box = el.getBoundingClientRect();
      view = [Math.max(0, box.top), Math.min(window.innerHeight, box.bottom)];
      break;
    }
  }
  const box = img.getBoundingClientRect();
  return [box.top, box.bottom, ...view];
}"""


# In JupyterLab and JupyterLite the Markdown above the picture shows its TeX ($...$) until MathJax, loaded on
# demand, has typeset it: the lines change and the picture moves. True once no cell above it shows a $...$ any
# more (on a page the formulas are pictures, drawn when the site was built: nothing to wait for).
TYPESET_ABOVE = r"""img => {
  const cell = img.closest('.jp-Cell');
  for (let above = cell && cell.previousElementSibling; above; above = above.previousElementSibling)
    for (const text of above.querySelectorAll('.jp-RenderedMarkdown')) {
      const copy = text.cloneNode(true);
      copy.querySelectorAll('mjx-container, code, pre').forEach(e => e.remove());
      if (/\$[^$]+\$/.test(copy.textContent)) return false;
    }
  return true;
}"""


def edges(page, selector, timeout=60_000):
    """(top, bottom, view top, view bottom): the first picture matching `selector` and the area it shows in, in px."""
    picture = page.locator(selector).first
    picture.wait_for(state="visible", timeout=timeout)
    page.wait_for_function("img => img.complete && img.naturalHeight > 0", arg=picture.element_handle())
    page.wait_for_function(TYPESET_ABOVE, arg=picture.element_handle(), timeout=timeout)
    page.evaluate("() => document.fonts.ready")   # the layout settles: fonts loaded, then two frames laid out
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return tuple(picture.evaluate(EDGES))


def whole(top, bottom, view_top, view_bottom):
    """Whether a picture at (top, bottom) is whole in the part of the window from view_top to view_bottom."""
    return view_top <= top < bottom <= view_bottom


def url(place, base, notebook, token=None):
    """The address a student opens lesson `notebook` (a path) at: its page, or the lesson in JupyterLab or JupyterLite."""
    if place == "site":
        return f"{base}/{website.page_name(notebook.name)}.html"
    if place == "lab":
        return f"{base}/lab/tree/notebooks/{notebook.name}?token={token}&reset"
    return f"{base}/lab/index.html?path={notebook.name}"


def cut_pictures(page, place, base, notebooks, token=None, output=None):
    """[(lesson, edges)] of the lessons whose first picture is not whole on the first screen, each measured once;
    with `output`, each first screen is photographed there and its edges printed."""
    cut = []
    for notebook in notebooks:
        page.goto(url(place, base, notebook, token))
        found = edges(page, FIRST_PICTURE[place])
        if output is not None:
            page.screenshot(path=str(output / f"{place}-{notebook.name[:2]}.png"))
            report(place, notebook, *found)
        if not whole(*found):
            cut.append((notebook.name, tuple(round(x) for x in found)))
    return cut


def report(place, notebook, top, bottom, view_top, view_bottom):
    print(f"{place:5} {notebook.name:32} picture {top:4.0f} to {bottom:4.0f} px, seen from {view_top:4.0f} to "
          f"{view_bottom:4.0f}: {'whole on the first screen' if whole(top, bottom, view_top, view_bottom) else 'CUT OFF'}",
          flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--places", nargs="*", choices=PLACES, default=PLACES)
    parser.add_argument("--lessons", nargs="*", default=(), help="lesson numbers (default: 01 to 09)")
    parser.add_argument("--site", type=Path, help="a site built before (tools/website.py); else one is built")
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "first-screens")
    args = parser.parse_args(argv)
    args.output.mkdir(parents=True, exist_ok=True)
    notebooks, cut = lessons(args.lessons), []
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None and {"site", "lite"} & set(args.places):
            site = Path(tmp) / "site"
            website.build(site, pyodide=lite.PYODIDE, decks=False, lite="lite" in args.places)
        for place in args.places:
            with chromium(WIDTH, HEIGHT) as page:
                if place == "lab":
                    with jupyter_lab(render_all=False) as (base, token, _):
                        cut += [(place, name) for name, _ in
                                cut_pictures(page, place, base, notebooks, token, output=args.output)]
                    continue
                with lite.serve(site) as base:
                    outside = lite.keep_local(page, base)
                    cut += [(place, name) for name, _ in cut_pictures(page, place, base, notebooks, output=args.output)]
                    if outside:
                        raise RuntimeError(f"requests left 127.0.0.1: {outside[:5]}")
    print(f"screenshots in {args.output}; pictures cut off: {len(cut)}", *(f"  {p}: {n}" for p, n in cut), sep="\n")
    return 1 if cut else 0


if __name__ == "__main__":
    sys.exit(main())
