"""Click-to-picture and settle time of the live views, in a real JupyterLab in Chromium.

    python benchmarks/live_views.py [--reference PATH] [--clicks 12] [--hold 2] [--holds 3] [--views unit dual bounds]

The views that need a kernel (widgets.py: `UnitView` in lesson 01, `DualView` in lesson 04,
`BoundExplorer` in lesson 05) are operated in their lessons, run top to bottom in JupyterLab
(tests/e2e/jupyter.py) in headless Chromium at 1280x900, and the browser itself times them:

- click to picture: a mouse click on the view's w0 slider (at 30% and 70% of its track, in
  turn), or on the explorer's run button, to the new picture painted (its source changed, decoded,
  and the next frame drawn), and to the moment the picture (painted), the text beside it and the
  spoken line (the live region) all show the new state (the spoken line, which names the state, came
  last in the views that sent the three apart). A click waits until the view has settled from the one before.
- held key (`--holds` times): the slider's Home, then ArrowRight held for `--hold` seconds with key
  repeats at the browser's rate (30 a second; the explorer: Enter held on its run button), then
  released. Settle is the time from the release to the last change of the picture, the text or the
  spoken line (0 if the view had caught up before the release); also how many pictures were shown
  in all and after the release, and whether the view ends on the last state asked for (its spoken
  line names the W the sliders show, or it answers the last press).

The lessons' copies give the unit and dual views lim=10, so that every repeat of the held key is a
new W (60 steps of 0.25; with lim=3 the slider stops after 24). The target is a view settled within
200 ms of the release (issue 42). With ``--reference PATH`` (a folder holding an older perceptron_lib,
for example ``git archive <commit> perceptron_lib | tar -x -C /tmp/ref``) the same is measured with
the kernel importing that package, in its own JupyterLab, before this checkout's, and the figures are
printed as ratios of the reference's to this one's. Prints figures, asserts nothing.
"""
import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from jupyter import ROOT, chromium, jupyter_lab, open_and_run_all  # noqa: E402

SETTLE_TARGET_MS = 200
HOLD_RATE = 30        # key repeats a second, as a browser sends them for a held key
QUIET_S = 2.0         # no change for this long: the view has settled
GIVE_UP_S = 240       # a view still changing this long after the release is reported as such
VIEWS = {"unit": ("01-threshold-units.ipynb", ".perceptron-unit", "UnitView"),
         "dual": ("04-weight-space.ipynb", ".perceptron-dual", "DualView"),
         "bounds": ("05-convergence-theorem.ipynb", ".perceptron-bounds", "BoundExplorer")}

# What a view shows: its picture, the text beside it (the old views' HTML widget, or the view's own text) and its
# spoken line; and a recorder of every change of these, of the inputs, and of the key's release.
SHOWN = """function perceptronShown(root) {
  const img = root.querySelector('img'), said = root.querySelector('[aria-live]');
  const text = root.querySelector('.perceptron-text') || root.querySelector('.widget-html');
  return {src: img ? img.src : '', name: img ? (img.alt || img.title) : '', text: text ? text.innerText : '',
          said: said ? said.textContent : ''};
}"""
RECORD = """([root]) => {
  %s
  if (window.__live) window.__live.stop();
  const live = {changes: [], inputs: [], release: null, started: performance.now()};
  let last = perceptronShown(root);
  const watch = new MutationObserver(() => {
    const now = performance.now(), s = perceptronShown(root);
    if (s.src !== last.src || s.text !== last.text || s.said !== last.said)
      live.changes.push({t: now, picture: s.src !== last.src, said: s.said});
    last = s;
  });
  watch.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  const input = e => live.inputs.push({t: performance.now(), value: e.target.value});
  const up = () => { live.release = performance.now(); };
  root.addEventListener('input', input, true);
  window.addEventListener('keyup', up, true);
  live.stop = () => { watch.disconnect(); root.removeEventListener('input', input, true);
                      window.removeEventListener('keyup', up, true); };
  window.__live = live;
}""" % SHOWN
QUIET = "() => [performance.now() - Math.max(window.__live.started, ...window.__live.changes.map(c => c.t)), " \
        "window.__live.changes.length]"
RESULT = """() => { const live = window.__live, after = live.changes.filter(c => c.t > live.release);
  const lastChange = live.changes.length ? live.changes[live.changes.length - 1] : null;
  return {settle: lastChange ? Math.max(0, lastChange.t - live.release) : 0,
          pictures: live.changes.filter(c => c.picture).length,
          pictures_after: after.filter(c => c.picture).length, inputs: live.inputs.length,
          said: lastChange ? lastChange.said : null}; }"""
# One click: from the input (a slider) or the click (a button) to the new picture painted, and to all three new.
ARM = """([root]) => {
  %s
  const before = perceptronShown(root), img = () => root.querySelector('img');
  let start = null;
  const begin = () => { if (start === null) start = performance.now(); };
  root.addEventListener('input', begin, {capture: true, once: true});
  root.addEventListener('click', e => { if (e.target.tagName === 'BUTTON') begin(); }, {capture: true, once: true});
  window.__click = new Promise(resolve => {
    let picture = null, painting = false;
    setTimeout(() => resolve([null, null]), %d);
    // the spoken line names the new state (the old views sent it after the picture and the text)
    const done = s => s.src !== before.src && s.said !== before.said && !/running/.test(s.text + s.said);
    const watch = new MutationObserver(async () => {
      const s = perceptronShown(root);
      if (s.src !== before.src && !painting) {
        painting = true;
        await img().decode().catch(() => {});
        await new Promise(r => requestAnimationFrame(() => r()));
        picture = performance.now() - start;
      }
      if (done(s)) {
        watch.disconnect();
        const words = performance.now() - start;
        while (picture === null) await new Promise(r => setTimeout(r, 5));
        resolve([picture, Math.max(picture, words)]);
      }
    });
    watch.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  });
}""" % (SHOWN, GIVE_UP_S * 1000)


@contextmanager
def kernel_package(path):
    """The kernels JupyterLab starts import perceptron_lib from the folder `path` (None: this checkout)."""
    old = os.environ.get("PYTHONPATH")
    if path:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(Path(path).resolve())] + ([old] if old else []))
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old


def lessons_copy(target, lim):
    """Copies of the lessons with the unit and dual views' controls spanning [-lim, lim]."""
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        notebook = json.loads(path.read_text())
        for cell in notebook["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and re.search(r"\b(UnitView|DualView)\(", source) and "lim=" not in source:
                source = re.sub(r"\b((?:UnitView|DualView)\((?:[^()]|\([^()]*\))*)\)", rf"\1, lim={lim})", source)
                cell["source"] = source.splitlines(keepends=True)
        (target / path.name).write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    return target


def wait_quiet(page, quiet=QUIET_S, timeout=GIVE_UP_S):
    """Wait until the recorded view has not changed for `quiet` s; False if it still changes after `timeout` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        quiet_ms, _ = page.evaluate(QUIET)
        if quiet_ms > quiet * 1000:
            return True
        page.wait_for_timeout(100)
    return False


def click_target(view, what):
    """Where a click goes: a point on the w0 slider's track (at 30% or 70%), or the run button."""
    if what == "bounds":
        return view.get_by_role("button", name=re.compile("^run"))
    return view.get_by_role("slider", name="w0")


def clicks(page, view, what, count):
    """Click `count` times; return the lists (to picture painted, to picture, text and spoken line all new), in ms."""
    handle = view.element_handle()
    page.evaluate(RECORD, [handle])
    pictures, alls = [], []
    for i in range(count):
        target = click_target(view, what)
        page.evaluate(ARM, [handle])
        if what == "bounds":
            target.click()
        else:
            box = target.bounding_box()
            page.mouse.click(box["x"] + box["width"] * (0.3 if i % 2 == 0 else 0.7), box["y"] + box["height"] / 2)
        picture, everything = page.evaluate("() => window.__click")
        if picture is None or everything is None:
            raise RuntimeError(f"{what}: a click brought no new picture and spoken line within {GIVE_UP_S} s")
        pictures.append(picture)
        alls.append(everything)
        wait_quiet(page)
    return pictures, alls


def hold(page, view, what, seconds, quiet):
    """Hold the key `seconds` s at HOLD_RATE repeats a second, release it, and wait until the view has not changed for
    `quiet` s (longer than a click takes: a view still at work is not taken for one at rest)."""
    handle = view.element_handle()
    key = "Enter" if what == "bounds" else "ArrowRight"
    click_target(view, what).focus()
    if what != "bounds":
        page.evaluate(RECORD, [handle])
        page.keyboard.press("Home")
        wait_quiet(page)
    page.evaluate(RECORD, [handle])
    start = time.monotonic()
    repeats = 0
    while time.monotonic() - start < seconds:
        page.keyboard.down(key)          # again while down: a repeat, as a held key sends
        repeats += 1
        pause = start + repeats / HOLD_RATE - time.monotonic()
        if pause > 0:
            time.sleep(pause)
    page.keyboard.up(key)
    settled = wait_quiet(page, quiet)
    result = page.evaluate(RESULT)
    result.update(settled=settled, repeats=repeats)
    if what != "bounds":
        from perceptron_lib import format_vector
        weights = [float(view.get_by_role("slider", name=f"w{i}").input_value()) for i in range(3)]
        result["final_ok"] = bool(result["said"]) and result["said"].startswith(f"W = {format_vector(weights)}")
    else:
        result["final_ok"] = bool(result["said"]) and result["said"].startswith("batch ")
    return result


def measure(package, views, count, seconds, holds, lim):
    """{view: {...}} with the kernel importing perceptron_lib from `package` (None: this checkout)."""
    results = {}
    with tempfile.TemporaryDirectory() as tmp, kernel_package(package):
        notebooks = lessons_copy(Path(tmp) / "notebooks", lim)
        with jupyter_lab(notebooks) as (base, token, _), chromium() as page:
            for what in views:
                lesson, selector, _ = VIEWS[what]
                open_and_run_all(page, base, token, lesson)
                view = page.locator(selector).first
                view.scroll_into_view_if_needed()
                picture, everything = clicks(page, view, what, count if what != "bounds" else max(2, count // 4))
                quiet = max(QUIET_S, 3 * max(everything) / 1000)
                held = [hold(page, view, what, seconds, quiet) for _ in range(holds)]
                results[what] = {"picture": picture, "all": everything, "held": held}
                print(f"  {what}: measured", flush=True)
    return results


def report(name, result):
    picture, everything, held = result["picture"], result["all"], result["held"]
    print(f"{name}: {len(picture)} clicks; click to picture painted: median {statistics.median(picture):.0f} ms, "
          f"worst {max(picture):.0f} ms; to picture, text and spoken line all new: median "
          f"{statistics.median(everything):.0f} ms, worst {max(everything):.0f} ms")
    settles = [h["settle"] for h in held]
    wrong = [h["said"] for h in held if not h["final_ok"]]
    state = "the last state shown every time" if not wrong else f"NOT the last state {len(wrong)} times ({wrong[0]!r})"
    still = "" if all(h["settled"] for h in held) else f" (still changing after {GIVE_UP_S} s)"
    print(f"  key held {len(held)} times, {held[0]['repeats']} repeats: settled after the release in median "
          f"{statistics.median(settles):.0f} ms, worst {max(settles):.0f} ms{still}; pictures shown: median "
          f"{statistics.median(h['pictures'] for h in held):.0f}, after the release "
          f"{statistics.median(h['pictures_after'] for h in held):.0f}; {state}")
    print(f"  settle median / {SETTLE_TARGET_MS} ms target = {statistics.median(settles) / SETTLE_TARGET_MS:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", help="a folder holding an older perceptron_lib to measure alongside")
    parser.add_argument("--clicks", type=int, default=12)
    parser.add_argument("--hold", type=float, default=2.0, help="seconds the key is held")
    parser.add_argument("--holds", type=int, default=3, help="how many times the key is held")
    parser.add_argument("--lim", type=float, default=10.0, help="the unit and dual views' lim in the copies")
    parser.add_argument("--views", nargs="*", default=list(VIEWS), choices=list(VIEWS))
    args = parser.parse_args()
    runs = ([("reference", args.reference)] if args.reference else []) + [("this checkout", None)]
    measured = {}
    for label, package in runs:
        print(f"== {label}" + (f" ({package})" if package else ""), flush=True)
        measured[label] = measure(package, args.views, args.clicks, args.hold, args.holds, args.lim)
        for what, result in measured[label].items():
            report(f"{VIEWS[what][2]} ({VIEWS[what][0][:2]})", result)
    if args.reference:
        print("== reference / this checkout")
        for what in args.views:
            old, new = measured["reference"][what], measured["this checkout"][what]
            ratios = {key: statistics.median(old[key]) / max(statistics.median(new[key]), 1) for key in ("picture", "all")}
            settle = (statistics.median(h["settle"] for h in old["held"])
                      / max(statistics.median(h["settle"] for h in new["held"]), 1))
            print(f"{VIEWS[what][2]}: click to picture {ratios['picture']:.2f}x, to all three {ratios['all']:.2f}x, "
                  f"settle after a held key {settle:.1f}x")


if __name__ == "__main__":
    main()
