"""What a student waits for when a lesson opens: JupyterLite, cold and warm, beside JupyterLab.

    python benchmarks/first_step.py [--lessons 01 02 09] [--only lite|lab] [--site build/old-site]

For each lesson, from the moment its address is opened in Chromium (1280x720):
- kernel: the kernel is idle, ready to run a cell;
- picture: the cells, run top to bottom as a student runs them (Shift+Enter from the first
  cell), have reached the first cell with a picture, and it has finished;
- step: the first interactive view (a stepper's "next", or a new w0 typed into a unit view's
  slider) has answered with a new picture on the screen (lessons without one: "-");
- all: every cell has run.

"cold" is a first visit: a new browser profile, nothing cached. "warm" is the same lesson opened
again in that browser (its HTTP cache and storage kept), as a student's second visit. JupyterLite
is built with the local Pyodide (../shared/pyodide-0.27.7) and served on 127.0.0.1, as in the
browser tests, and every request leaving 127.0.0.1 is refused; both render every cell (no
windowing, as in the browser tests), so that the cells run can be watched; JupyterLab runs on this machine
(kernel: CPython). Prints seconds, and the JupyterLite figures as ratios of the JupyterLab ones
and of the targets (step within 10 s cold and 6 s warm for lesson 02; every lesson run top to
bottom within 20 s cold).
"""
import argparse
import json
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from jupyter import ROOT, jupyter_lab, menu, wait_for_kernel_idle  # noqa: E402
import lite  # noqa: E402

TARGETS = {"step cold": 10.0, "step warm": 6.0, "all cold": 20.0}
VIEWS = {"TraceStepper(": ".perceptron-stepper", "UnitView(": ".perceptron-unit"}

CELL_DONE = """([index, picture]) => {
  const cell = document.querySelector(`.jp-NotebookPanel .jp-Cell[data-windowed-list-index="${index}"]`);
  if (!cell) return false;
  const prompt = cell.querySelector('.jp-InputPrompt:not(.jp-Placeholder-prompt)');   // a collapsed cell: its output
  return (prompt ? /\\[\\d+\\]/.test(prompt.textContent) : !!cell.querySelector('.jp-OutputArea-output')) && (!picture || !!cell.querySelector('.jp-OutputArea img'));
}"""

FAILED = '.jp-NotebookPanel [data-mime-type="application/vnd.jupyter.stderr"]'
ALL_DONE = """([last]) => !!document.querySelector('%s') || (%s)([last, false])""" % (FAILED.replace("'", "\\'"), CELL_DONE)

WATCH = """([selector]) => {
  const img = document.querySelector(selector).querySelector('img');
  const before = img.src;
  window.__answered = new Promise(resolve => {
    const watch = new MutationObserver(() => { if (img.src !== before) { watch.disconnect(); resolve(); } });
    watch.observe(img, {attributes: true});
  }).then(() => img.decode()).then(() => new Promise(resolve => requestAnimationFrame(() => resolve(true))));
}"""
ANSWERED = "() => window.__answered"


def plan(cells):
    """(index of the first cell with a picture, index of the first interactive view and its selector) in `cells`."""
    picture = next(i for i, c in enumerate(cells) if c["cell_type"] == "code" and any(
        "image/png" in o.get("data", {}) for o in c["outputs"]))
    views = [(i, selector) for i, c in enumerate(cells) for name, selector in VIEWS.items()
             if c["cell_type"] == "code" and name in "".join(c["source"])]
    return picture, (views[0] if views else None)


def visit(page, url, cells):
    """Open `url` (a lesson of `cells`), run it top to bottom, operate its first view; seconds from opening."""
    picture, view = plan(cells)
    times = {}
    start = time.monotonic()
    page.goto(url)
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=120_000)
    menu(page, "Edit", "Clear Outputs of All Cells")   # while the kernel starts: fresh prompts to watch
    wait_for_kernel_idle(page, timeout=180)
    times["kernel"] = time.monotonic() - start
    print(f"  kernel idle after {times['kernel']:.1f} s", flush=True)
    page.locator(".jp-NotebookPanel .jp-Cell").first.click()
    page.keyboard.press("Escape")

    def run_to(last):
        for _ in range(last + 1 - run_to.done):
            page.keyboard.press("Shift+Enter")
        run_to.done = last + 1
    run_to.done = 0

    run_to(picture)
    page.wait_for_function(CELL_DONE, arg=[picture, True], timeout=180_000, polling=50)
    times["picture"] = time.monotonic() - start
    print(f"  first picture after {times['picture']:.1f} s", flush=True)
    if view is not None:
        index, selector = view
        run_to(index)
        page.wait_for_function(CELL_DONE, arg=[index, False], timeout=180_000, polling=50)
        root = page.locator(selector).first
        root.locator("img").first.wait_for(timeout=60_000)
        root.scroll_into_view_if_needed()
        if selector == ".perceptron-unit":   # a new w0 typed into its number box
            root.get_by_role("spinbutton", name="w0, typed").click()
            page.keyboard.press("Control+A")
            page.evaluate(WATCH, [selector])
            page.keyboard.type("0")          # the box sends each keystroke
        else:
            page.evaluate(WATCH, [selector])
            root.get_by_role("button", name="next").click()
        page.wait_for_function(ANSWERED, timeout=60_000)
        times["step"] = time.monotonic() - start
        # back to the notebook, on the cell after the view, to run the rest
        page.locator(f'.jp-NotebookPanel .jp-Cell[data-windowed-list-index="{index + 1}"]').click()
        page.keyboard.press("Escape")
    run_to(len(cells) - 1)
    last = max(i for i, c in enumerate(cells) if c["cell_type"] == "code")
    page.wait_for_function(ALL_DONE, arg=[last], timeout=300_000, polling=100)
    wait_for_kernel_idle(page, timeout=300)
    if page.locator(FAILED).count():
        print(f"  a cell failed: {page.locator(FAILED).first.inner_text()[-300:]}", flush=True)
    else:
        times["all"] = time.monotonic() - start
    return times


def lite_cells(site, name):
    return json.loads((site / "files" / name).read_text())["cells"]


def measure_lite(names, folder, site=None):
    """JupyterLite figures; the site is built from this checkout unless `site` names one built before."""
    site = Path(site) if site else lite.jupyterlite.build(folder / "site", pyodide=lite.PYODIDE,
                                                          settings=lite.RENDER_EVERY_CELL)
    results = {}
    with lite.serve(site) as base:
        for name, page in lite.first_visits(base, names):
            url = f"{base}/lab/index.html?path={name}"
            results[name] = {"cold": visit(page, url, lite_cells(site, name))}
            page.goto("about:blank")
            results[name]["warm"] = visit(page, url, lite_cells(site, name))
    return results, lite.jupyterlite.site_size(site)


def stop_kernels(base, token):
    for session in json.load(urllib.request.urlopen(f"{base}/api/sessions?token={token}")):
        request = urllib.request.Request(f"{base}/api/sessions/{session['id']}?token={token}", method="DELETE")
        urllib.request.urlopen(request)


def measure_lab(names):
    results = {}
    with jupyter_lab() as (base, token, _):
        for name, page in lite.first_visits(base, names):
            cells = json.loads((ROOT / "notebooks" / name).read_text())["cells"]
            url = f"{base}/lab/tree/notebooks/{name}?token={token}&reset"
            results[name] = {"cold": visit(page, url, cells)}
            page.goto("about:blank")
            stop_kernels(base, token)
            results[name]["warm"] = visit(page, url, cells)
            page.goto("about:blank")
            stop_kernels(base, token)
    return results


def row(times):
    return "  ".join(f"{what} {times[what]:5.1f} s" if what in times else f"{what}     - " for what in
                     ("kernel", "picture", "step", "all"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lessons", nargs="*", default=["01", "02", "09"])
    parser.add_argument("--only", choices=["lite", "lab"], default=None)
    parser.add_argument("--site", default=None,
                        help="measure this JupyterLite site instead of building one (e.g. an older build)")
    args = parser.parse_args()
    names = [next(p.name for p in (ROOT / "notebooks").glob(f"{n}-*.ipynb")) for n in args.lessons]
    lab = measure_lab(names) if args.only in (None, "lab") else {}
    for name, visits in lab.items():
        for when, times in visits.items():
            print(f"JupyterLab  {name:28} {when}: {row(times)}")
    if args.only in (None, "lite"):
        with tempfile.TemporaryDirectory() as tmp:
            results, (size, files) = measure_lite(names, Path(tmp), args.site)
        print(f"JupyterLite site with the local Pyodide: {size / 1e6:.0f} MB in {files} files")
        for name, visits in results.items():
            for when, times in visits.items():
                print(f"JupyterLite {name:28} {when}: {row(times)}")
                for what in ("step", "all"):
                    target = TARGETS.get(f"{what} {when}")
                    if what in times and target and (what == "all" or name.startswith("02")):
                        print(f"  {what}: {times[what] / target:.2f} of the {target:.0f} s target")
                if name in lab:
                    ratios = [f"{what} {times[what] / lab[name][when][what]:.1f}x" for what in times
                              if what in lab[name][when]]
                    print(f"  against JupyterLab {when}: " + ", ".join(ratios))


if __name__ == "__main__":
    main()
