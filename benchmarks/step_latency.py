"""Time from a click on a stepper's button to the new picture, in a real JupyterLab in Chromium.

    python benchmarks/step_latency.py [--clicks 40] [--only lab|player|lite] [--lessons 04 05] [--no-busy]

Three places are measured (all by default):
- lab: the widget stepper (TraceStepper, the one player as a widget) of every lesson that has one,
  in JupyterLab: once with the kernel idle, and once while a long cell runs after it (the kernel
  busy, as during Run All: stepping must not wait for it);
- player: the kernel-free stepper (PlayableRun of the OR run) in a plain page, as in exported
  slides;
- lite: the widget stepper of lesson 02 inside the JupyterLite site (the kernel is Pyodide, in the
  browser), and each lesson's run-all time there (target: under 20 s). Needs the local Pyodide
  (../shared/pyodide-0.27.7, see tests/e2e/lite.py).

For every notebook with a TraceStepper, the first stepper is clicked through (next, then
previous) and the browser itself times each click: from the button's click event to the moment
the picture changes, and to the next frame painted after it. Prints the median and the worst,
and the ratio of the median to the target, one display frame (17 ms), and to the reference figures
measured on this machine for other ways of drawing (re-rendering a matplotlib figure per click:
about 360 ms; updating artists in place with ipympl: about 240 ms; the ipywidgets Image stepper
this player replaced, a picture sent by the kernel per click: 40-57 ms median, 80-98 ms worst,
machine busy).
"""
import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from jupyter import ROOT, chromium, jupyter_lab, open_and_run_all, wait_for_kernel_idle  # noqa: E402
import lite  # noqa: E402

LITE_RUN_ALL_TARGET_S = 20

TARGET_MS = 17            # click to picture painted: one display frame at 60 Hz
PLAYER_TARGET_MS = TARGET_MS
REFERENCES_MS = {"matplotlib figure re-rendered per click": 360, "ipympl, artists updated in place": 240,
                 "the kernel's picture per click (the old stepper, median)": 40}

CLICK_TO_PICTURE = """async ([root, label]) => {
  const img = root.querySelector('img');
  const button = [...root.querySelectorAll('button')].find(b => b.textContent.includes(label));
  const before = img.src;
  const changed = new Promise(resolve => {
    const watch = new MutationObserver(() => {
      if (img.src !== before) { watch.disconnect(); resolve(performance.now()); }
    });
    watch.observe(img, {attributes: true});
  });
  const start = performance.now();
  button.click();
  const shown = await changed;
  await img.decode();
  await new Promise(resolve => requestAnimationFrame(() => resolve()));
  return [shown - start, performance.now() - start];
}"""


def click_through(page, root, clicks):
    """Click next six times, previous six times, and again; return (times to new source, to paint)."""
    handle = root.element_handle()
    times, painted = [], []
    for i in range(clicks):
        shown, frame = page.evaluate(CLICK_TO_PICTURE, [handle, "next" if i % 12 < 6 else "previous"])
        times.append(shown)
        painted.append(frame)
        page.wait_for_timeout(150)  # a student's pace, not a burst
    return times, painted


LONG_CELL = "import time\ntime.sleep({seconds})  # step_latency.py: keeps the kernel busy while the stepper is clicked"
LAST_CELL_RUNNING = """() => {
  const prompts = document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell .jp-InputPrompt:not(.jp-Placeholder-prompt)');
  return prompts.length > 0 && prompts[prompts.length - 1].textContent.includes('*');
}"""
FRESH_STEPPER = ".perceptron-stepper:not([data-measured]) button[data-go='1']:not([disabled])"


def with_long_cell(source, target, seconds):
    """Copy the lessons in `source` to `target`, each with a last cell that sleeps `seconds`."""
    import json
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted(source.glob("[0-9][0-9]-*.ipynb")):
        notebook = json.loads(path.read_text())
        notebook["cells"].append({"cell_type": "code", "execution_count": None, "id": "step-latency-busy",
                                  "metadata": {}, "outputs": [],
                                  "source": LONG_CELL.format(seconds=seconds).splitlines(keepends=True)})
        (target / path.name).write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    return target


def measure(clicks, lessons=(), busy=True, seconds=30):
    """{lesson: (times, painted)} with the kernel idle, and with `busy` the same clicks during Run All, while the
    cells after the stepper run (each lesson gets a last cell that sleeps `seconds`: the kernel is surely busy)."""
    import tempfile
    results, while_busy = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        notebooks = with_long_cell(ROOT / "notebooks", Path(tmp) / "notebooks", seconds if busy else 0)
        with jupyter_lab(notebooks, render_all=False) as (base, token, _), chromium() as page:
            for path in sorted(notebooks.glob("[0-9][0-9]-*.ipynb")):
                if "TraceStepper(" not in path.read_text() or (lessons and path.name[:2] not in lessons):
                    continue
                open_and_run_all(page, base, token, path.name)
                stepper = page.locator(".perceptron-stepper").first
                stepper.scroll_into_view_if_needed()
                results[path.name] = click_through(page, stepper, clicks)
                if busy:   # Run All again: click the new stepper as soon as it shows, the kernel running the rest
                    page.evaluate("() => document.querySelectorAll('.perceptron-stepper')"
                                  ".forEach(el => el.setAttribute('data-measured', ''))")
                    from jupyter import menu
                    menu(page, "Run", "Run All Cells")
                    page.locator(FRESH_STEPPER).first.wait_for(timeout=120_000)
                    stepper = page.locator(".perceptron-stepper:not([data-measured])").first
                    stepper.scroll_into_view_if_needed()
                    while_busy[path.name] = click_through(page, stepper, clicks)
                    still_running = page.evaluate(LAST_CELL_RUNNING)
                    wait_for_kernel_idle(page, timeout=seconds + 180)
                    if not still_running:
                        raise RuntimeError(f"{path.name}: the lesson's cells ended before the clicks did")
    return results, while_busy


def measure_player(clicks, folder):
    """The kernel-free stepper of the OR run, in a plain page served on 127.0.0.1."""
    from perceptron_lib import boolean_function, train
    from perceptron_lib.widgets import PlayableRun
    (folder / "player.html").write_text(
        "<html><body>" + PlayableRun(train(*boolean_function("or")))._repr_html_() + "</body></html>")
    with lite.serve(folder) as base, chromium() as page:
        page.goto(f"{base}/player.html")
        return click_through(page, page.locator(".perceptron-playable").first, clicks)


def measure_lite(clicks, folder, lessons=()):
    """Run-all time of every lesson in the JupyterLite site, and lesson 02's stepper there."""
    # Every cell rendered (as in the browser tests), so that "all cells have run" can be seen.
    site = lite.jupyterlite.build(folder / "site", pyodide=lite.PYODIDE, settings=lite.RENDER_EVERY_CELL)
    run_all, stepper = {}, None
    with lite.serve(site) as base, chromium() as page:
        outside = lite.keep_local(page, base)
        for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")):
            if lessons and path.name[:2] not in lessons:
                continue
            run_all[path.name] = lite.open_and_run_all(page, base, path.name)
            if stepper is None and "TraceStepper(" in path.read_text():
                root = page.locator(".perceptron-stepper").first
                root.scroll_into_view_if_needed()
                stepper = (path.name, click_through(page, root, clicks))
    return run_all, stepper, outside, lite.jupyterlite.site_size(site)


def report(name, times, painted, target_ms):
    median = statistics.median(painted)  # the picture on screen: what a student waits for
    print(f"{name}: {len(times)} clicks; click to new picture source: median "
          f"{statistics.median(times):.0f} ms, worst {max(times):.0f} ms; click to the picture "
          f"painted: median {median:.0f} ms, worst {max(painted):.0f} ms")
    print(f"  painted median / {target_ms} ms target = {median / target_ms:.2f}")
    return median


def main():
    import tempfile
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--only", choices=["lab", "player", "lite"], default=None)
    parser.add_argument("--lessons", nargs="*", default=(), help="lesson numbers to measure (all)")
    parser.add_argument("--no-busy", action="store_true", help="skip the clicks while a long cell runs")
    args = parser.parse_args()
    if args.only in (None, "lab"):
        print("== the widget stepper in JupyterLab (kernel: CPython)")
        idle, busy = measure(args.clicks, args.lessons, busy=not args.no_busy)
        for name, (times, painted) in idle.items():
            median = report(name, times, painted, TARGET_MS)
            for what, ms in REFERENCES_MS.items():
                print(f"  {what}: {ms} ms, {ms / max(median, 1):.1f}x this median")
            if name in busy:
                report(f"{name} while a long cell runs", *busy[name], TARGET_MS)
    with tempfile.TemporaryDirectory() as tmp:
        if args.only in (None, "player"):
            print("== the kernel-free stepper (PlayableRun) in a plain page")
            report("OR run", *measure_player(args.clicks, Path(tmp)), PLAYER_TARGET_MS)
        if args.only in (None, "lite"):
            print("== JupyterLite (kernel: Pyodide in the browser)")
            run_all, stepper, outside, (size, files) = measure_lite(args.clicks, Path(tmp), args.lessons)
            print(f"site with the local Pyodide: {size / 1e6:.0f} MB in {files} files; requests leaving "
                  f"127.0.0.1: {len(outside)}")
            for name, (ready, ran) in run_all.items():
                print(f"{name}: kernel ready after {ready:.1f} s, run all {ran:.1f} s "
                      f"({ran / LITE_RUN_ALL_TARGET_S:.2f} of the {LITE_RUN_ALL_TARGET_S} s target)")
            if stepper:
                report(f"{stepper[0]} stepper in JupyterLite", *stepper[1], TARGET_MS)


if __name__ == "__main__":
    main()
